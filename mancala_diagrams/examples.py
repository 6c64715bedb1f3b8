"""Worked examples (``sources/**/*.yaml``): a start, the players' decisions, and
the published diagrams the replay must pass through.

Three kinds of example:

``game`` (default)  a start position and moves; each diagram is anchored to an
                    event of the replay (``at: lap 2 capture``)
``start``           the rules' start position (``kind: start``)
``track``           a numbered sowing order (``kind: track``), checked against
                    the player's track in the rules

Anchors: ``start``, ``end``, or ``[turn N] [lap N] EVENT`` with EVENT one of
``place``, ``pickup``, ``drop K``, ``capture``, ``merge``, ``end`` (the lap's
end), ``choice``.  ``turn N end`` is the position after turn N.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from .engine import Event
from .errors import ExampleError, IllegalMove, MancalaError, PositionError
from .geometry import CCW, CW, NORTH, PLAYERS, SOUTH, parse_direction
from .loader import RulesLibrary, parse_board_rows
from .mechanics import closest_hint
from .position import Hand, Position
from .yamlio import LocDict, load_yaml_file

EXAMPLE_KEYS = ("example", "kind", "rules", "title", "source", "assumptions", "artificial", "start",
                "moves", "diagrams", "lines", "track", "notes", "caption")
SOURCE_KEYS = ("page", "describes", "section", "note")
START_KEYS = ("board", "to_move", "reserve", "hand", "state")
DIAGRAM_KEYS = ("id", "at", "board", "marks", "erratum", "caption", "note")
TRACK_KEYS = ("player", "from", "direction", "numbering")
MOVE_KEYS = ("hole", "direction", "place", "target", "then")
DECISION_KEYS = ("hole", "direction", "place", "target", "tsibongy", "rova", "nyumba", "start")
HOLE_DECISIONS = ("hole", "place", "target")   # decisions whose value is a hole name
EVENTS = ("place", "pickup", "drop", "capture", "merge", "end", "choice", "start")


@dataclass
class Erratum:
    reason: dict
    rules_board: list


@dataclass
class Diagram:
    id: str
    anchor: tuple | None          # (turn, lap, event, seed) or None (board-only kinds)
    at: str
    grid: list                    # published rows, None for an empty hole
    marks: list | None = None
    erratum: Erratum | None = None
    caption: dict | None = None
    line: int | None = None
    line_name: str | None = None  # which alternative line it belongs to


@dataclass
class Line:
    name: str
    moves: list                   # list of turns, each a list of (kind, value)
    diagrams: list
    line: int | None = None


@dataclass
class Example:
    id: str
    path: str
    kind: str
    rules: object
    title: dict
    source: dict
    assumptions: list
    artificial: bool
    start: Position | None
    lines: list
    track: dict | None = None
    caption: dict | None = None

    @property
    def diagrams(self):
        return [d for ln in self.lines for d in ln.diagrams]


def _err(msg, file, loc, **kw):
    return ExampleError(msg, file=file, line=loc[0] if loc else None, column=loc[1] if loc else None, **kw)


def _text(value, what, file, loc, required=True):
    """A bilingual text {en: ..., fr: ...}."""
    if value is None and not required:
        return None
    if not isinstance(value, dict) or not all(isinstance(value.get(k), str) and value.get(k).strip()
                                              for k in ("en", "fr")):
        raise _err(f"{what} must give a text in each language", file, loc, expected="{en: ..., fr: ...}")
    extra = set(value) - {"en", "fr"}
    if extra:
        raise _err(f"{what}: unknown language {sorted(extra)[0]!r}", file, loc, expected="en and fr")
    return {"en": value["en"], "fr": value["fr"]}


def _check_keys(mapping, allowed, what, file):
    if not isinstance(mapping, dict):
        raise _err(f"{what} must be a mapping", file, getattr(mapping, "loc", lambda: (None, None))())
    for key in mapping:
        if key not in allowed:
            raise _err(f"unknown key {key!r} in {what}", file, mapping.key_loc(key),
                       expected=", ".join(allowed), hint=closest_hint(key, allowed))


_ANCHOR = re.compile(r"^(?:turn\s+(\d+)\s*)?(?:lap\s+(\d+)\s*)?"
                     r"(start|end|place|pickup|capture|merge|choice|drop(?:\s+(\d+))?)$")


def parse_anchor(text):
    """'lap 2 drop 3' -> (turn, lap, event, seed); turn/lap None when not given."""
    m = _ANCHOR.match(str(text).strip().lower())
    if not m:
        raise PositionError(f"cannot read the anchor {text!r}",
                            expected="start, end, or [turn N] [lap N] place|pickup|drop K|capture|merge|end|choice")
    turn, lap, event, seed = m.groups()
    event = "drop" if event.startswith("drop") else event
    return (int(turn) if turn else None, int(lap) if lap else None, event, int(seed) if seed else None)


def find_anchor(events, anchor):
    """The event an anchor designates (the first that fits), or None."""
    turn, lap, event, seed = anchor
    if event == "start" and lap is None:
        turn = turn or 1
        for e in events:
            if e.kind == "start" and e.turn == turn:
                return e
        return None
    if event == "end" and lap is None:
        ends = [e for e in events if e.kind == "turn_end" and (turn is None or e.turn == turn)]
        return ends[-1] if ends and turn is None else (ends[0] if ends else None)
    kind = {"end": "lap_end"}.get(event, event)
    turn = turn or 1
    for e in events:
        if e.kind != kind or e.turn != turn:
            continue
        if lap is not None and e.lap != lap:
            continue
        if kind == "drop" and seed is not None and e.seed != seed:
            continue
        return e
    return None


class ExampleLoader:
    def __init__(self, library: RulesLibrary):
        self.library = library

    def load(self, path) -> Example:
        path = Path(path)
        file = str(path)
        data = load_yaml_file(path)
        if not isinstance(data, dict):
            raise _err("an example file must be a mapping", file, (1, 1))
        _check_keys(data, EXAMPLE_KEYS, "an example", file)
        if data.get("example") != path.stem:
            raise _err(f"the file says example: {data.get('example')!r}", file, data.loc("example"),
                       expected=f"example: {path.stem} (the file name)")
        kind = data.get("kind", "game")
        if kind not in ("game", "start", "track"):
            raise _err(f"unknown kind {kind!r}", file, data.loc("kind"), expected="game, start or track",
                       hint=closest_hint(kind, ("game", "start", "track")))
        if "rules" not in data:
            raise _err("the example names no rules", file, (data.line, data.column), expected="rules: NAME")
        rules = self.library.load(data["rules"], file, data.loc("rules"))
        title = _text(data.get("title"), "title", file, data.loc("title"))
        source = data.get("source")
        if source is None:
            raise _err("the example gives no source", file, (data.line, data.column),
                       expected="source: {page: ..., describes: [...]}")
        _check_keys(source, SOURCE_KEYS, "source", file)
        assumptions = data.get("assumptions") or []
        if not isinstance(assumptions, list):
            raise _err("assumptions must be a list", file, data.loc("assumptions"))
        assumptions = [_text(a, "an assumption", file, assumptions.loc(i)) for i, a in enumerate(assumptions)]
        artificial = bool(data.get("artificial", False))
        if artificial and not assumptions:
            raise _err("an artificial position must state its assumptions", file, data.loc("artificial"),
                       expected="assumptions: [{en: ..., fr: ...}]")
        caption = _text(data.get("caption"), "caption", file, data.loc("caption"), required=False)
        ex = Example(path.stem, file, kind, rules, title, dict(source), assumptions, artificial, None, [],
                     caption=caption)
        g = rules.geometry
        if kind == "game":
            if "start" not in data:
                raise _err("a game example needs a start", file, (data.line, data.column))
            ex.start = self.parse_start(data["start"], rules, file, data.loc("start"))
            if "lines" in data:
                lines = data["lines"]
                if not isinstance(lines, dict) or "moves" in data or "diagrams" in data:
                    raise _err("lines must be a mapping of named lines, each with moves and diagrams "
                               "(and no top-level moves/diagrams)", file, data.loc("lines"))
                for name, body in lines.items():
                    _check_keys(body, ("moves", "diagrams", "caption"), f"line {name!r}", file)
                    ex.lines.append(self.parse_line(str(name), body, g, file, lines.loc(name), True))
            else:
                ex.lines.append(self.parse_line("main", data, g, file, (data.line, data.column), True))
        else:
            if kind == "track":
                track = data.get("track")
                _check_keys(track, TRACK_KEYS, "track", file)
                try:
                    ex.track = {
                        "player": track.get("player", SOUTH),
                        "from": g.parse(track["from"]),
                        "direction": parse_direction(track.get("direction")),
                        "numbering": int(track.get("numbering", 0)),
                    }
                except (MancalaError, KeyError) as exc:
                    raise _err(f"track: {getattr(exc, 'message', exc)}", file, data.loc("track")) from None
                if ex.track["player"] not in g.players:
                    raise _err(f"track: no player {ex.track['player']!r}", file, track.loc("player"),
                               expected=" or ".join(g.players))
            ex.lines.append(self.parse_line("main", data, g, file, (data.line, data.column), False))
        ids = [d.id for d in ex.diagrams]
        dup = {i for i in ids if ids.count(i) > 1}
        if dup:
            raise _err(f"diagram {sorted(dup)[0]} is listed twice", file, (data.line, data.column))
        return ex

    def parse_start(self, start, rules, file, loc) -> Position:
        _check_keys(start, START_KEYS, "start", file)
        g = rules.geometry
        if "board" in start:
            rows = parse_board_rows(start["board"], file, start.loc("board"), "start board")
        else:
            rows = rules.initial_position().rows()
        try:
            pos = Position.from_rows(rows, solo=g.solo, to_move=start.get("to_move", SOUTH))
        except PositionError as exc:
            raise exc.located(file, *start.loc("board" if "board" in start else "to_move")) from None
        if pos.geometry != g:
            raise _err(f"the start board is {pos.geometry.describe()}, the rules {rules.name} say "
                       f"{g.describe()}", file, start.loc("board"))
        reserves = list(rules.initial_position().reserves) if "board" not in start else [0, 0]
        if "reserve" in start:
            res = start["reserve"]
            _check_keys(res, PLAYERS, "reserve", file)
            for p, n in res.items():
                if not isinstance(n, int) or n < 0:
                    raise _err(f"reserve of {p}: {n!r} is not a seed count", file, res.loc(p))
                reserves[PLAYERS.index(p)] = n
        pos = replace(pos, reserves=tuple(reserves))
        if "hand" in start:
            h = start["hand"]
            _check_keys(h, ("seeds", "hole", "direction", "captures"), "hand", file)
            try:
                pos = replace(pos, hand=Hand(int(h["seeds"]), g.parse(h["hole"]), parse_direction(h["direction"]),
                                             bool(h.get("captures", True))))
            except (MancalaError, KeyError, TypeError, ValueError) as exc:
                raise _err(f"hand: {getattr(exc, 'message', exc)}", file, start.loc("hand"),
                           expected="{seeds: N, hole: a2, direction: clockwise}") from None
        if "state" in start:
            st = start["state"]
            if not isinstance(st, dict):
                raise _err("state must be a mapping", file, start.loc("state"))
            pos = pos.with_state(**{str(k).replace(".", "__"): str(v) for k, v in st.items()})
        return rules.with_initial_state(pos)

    def parse_line(self, name, body, g, file, loc, with_moves) -> Line:
        moves = []
        if with_moves:
            raw = body.get("moves") or []
            if not isinstance(raw, list):
                raise _err("moves must be a list of turns", file, body.loc("moves"))
            for i, turn in enumerate(raw):
                moves.append(self.parse_turn(turn, g, file, raw.loc(i)))
        diagrams = []
        raw = body.get("diagrams")
        if not isinstance(raw, list) or not raw:
            raise _err("an example needs a list of diagrams", file, body.loc("diagrams") if "diagrams" in body else loc)
        for i, d in enumerate(raw):
            _check_keys(d, DIAGRAM_KEYS, "a diagram", file)
            dloc = raw.loc(i)
            if "id" not in d or not isinstance(d["id"], str):
                raise _err("a diagram needs the id of the published diagram", file, dloc, expected="id: katro-06")
            if "board" not in d:
                raise _err(f"diagram {d['id']}: the published board is missing", file, dloc,
                           expected="board: rows as published, '.' for an empty hole")
            grid = parse_board_rows(d["board"], file, d.loc("board"), f"diagram {d['id']}")
            anchor = None
            at = str(d.get("at", "")) if with_moves else ""
            if with_moves:
                if "at" not in d:
                    raise _err(f"diagram {d['id']}: where in the replay is it?", file, dloc,
                               expected="at: start | end | lap N pickup | lap N drop K | lap N capture ...")
                try:
                    anchor = parse_anchor(d["at"])
                except PositionError as exc:
                    raise exc.located(file, *d.loc("at")) from None
            erratum = None
            if "erratum" in d:
                e = d["erratum"]
                _check_keys(e, ("reason", "rules_board"), "erratum", file)
                if "rules_board" not in e:
                    raise _err(f"diagram {d['id']}: an erratum must give the board the rules give", file,
                               d.loc("erratum"), expected="rules_board: rows")
                erratum = Erratum(_text(e.get("reason"), "erratum reason", file, d.loc("erratum")),
                                  parse_board_rows(e["rules_board"], file, e.loc("rules_board"), "rules_board"))
            diagrams.append(Diagram(d["id"], anchor, at, grid, d.get("marks"), erratum,
                                    _text(d.get("caption"), "caption", file, d.loc("caption"), required=False),
                                    dloc[0], name))
        return Line(name, moves, diagrams, loc[0])

    def parse_turn(self, turn, g, file, loc):
        """A turn: {hole: a1, direction: clockwise}, {place: f2, direction: ...} or
        {target: f2, direction: ...} (katro bevohoka's set-up), with further
        decisions in ``then``."""
        if not isinstance(turn, dict):
            raise _err("a turn must be a mapping", file, loc, expected="{hole: a1, direction: clockwise}")
        _check_keys(turn, MOVE_KEYS, "a turn", file)
        decisions = []
        try:
            opener = next((k for k in ("place", "target") if k in turn), None)
            if opener:
                decisions.append((opener, g.parse(turn[opener]), turn.loc(opener)))
                if "direction" in turn:
                    decisions.append(("direction", parse_direction(turn["direction"]), turn.loc("direction")))
            elif "hole" in turn:
                if "direction" not in turn:
                    raise _err("a turn that sows a hole needs a direction", file, loc,
                               expected="direction: clockwise or counterclockwise")
                decisions.append(("start", (g.parse(turn["hole"]), parse_direction(turn["direction"])),
                                  turn.loc("hole")))
            elif "then" not in turn:
                raise _err("a turn must say how it starts", file, loc,
                           expected="hole: and direction:, place: or target:")
        except PositionError as exc:
            raise exc.located(file, *loc) from None
        then = turn.get("then") or []
        if not isinstance(then, list):
            raise _err("then must be a list of decisions", file, turn.loc("then"))
        for i, item in enumerate(then):
            iloc = then.loc(i)
            if not isinstance(item, dict) or len(item) != 1:
                raise _err("each decision in then is a one-key mapping", file, iloc,
                           expected="{tsibongy: left}, {rova: sow}, {hole: b1} ...")
            (key, value), = item.items()
            if key not in DECISION_KEYS:
                raise _err(f"unknown decision {key!r}", file, iloc, expected=", ".join(DECISION_KEYS),
                           hint=closest_hint(key, DECISION_KEYS))
            try:
                if key in HOLE_DECISIONS:
                    value = g.parse(value)
                elif key == "direction":
                    value = parse_direction(value)
                else:
                    value = str(value)
            except PositionError as exc:
                raise exc.located(file, *iloc) from None
            decisions.append((key, value, iloc))
        return decisions


# -- replay ------------------------------------------------------------------------------
@dataclass
class Replay:
    example: Example
    line: Line
    events: list
    positions: list          # position after each turn (index 0 = start)
    error: MancalaError | None = None

    def snapshot(self, diagram: Diagram):
        e = find_anchor(self.events, diagram.anchor)
        return None if e is None else e.cells

    def event(self, diagram: Diagram):
        return find_anchor(self.events, diagram.anchor)


def replay_line(example: Example, line: Line) -> Replay:
    rules = example.rules
    pos = example.start
    events, positions = [], [pos]
    for n, turn in enumerate(line.moves, start=1):
        decisions = [(k, v) for k, v, _ in turn]
        where_line = turn[0][2][0] if turn else line.line
        try:
            pos = rules.play(pos, decisions, turn_number=n, events=events,
                             where=f"turn {n}: ")
        except MancalaError as exc:
            exc.located(example.path, where_line)
            return Replay(example, line, events, positions, exc)
        positions.append(pos)
    return Replay(example, line, events, positions)


def replay(example: Example) -> list[Replay]:
    return [replay_line(example, ln) for ln in example.lines]


def track_grid(example: Example):
    """The numbered sowing order the rules give for a ``track`` example."""
    g = example.rules.geometry
    t = example.track
    grid = [[None] * g.columns for _ in range(g.rows)]
    hole = t["from"]
    for i in range(len(g.track(t["player"]))):
        r, c = divmod(hole, g.columns)
        grid[r][c] = t["numbering"] + i
        hole = g.step(t["player"], hole, t["direction"])
    return grid
