"""Worked examples (``sources/**/*.yaml``): a start, the players' decisions, and
the published diagrams the replay must pass through.

Three kinds of example:

``game`` (default)  a start position and moves; each diagram is anchored to an
                    event of the replay (``at: lap 2 capture``)
``start``           the rules' start position (``kind: start``)
``track``           a numbered sowing order (``kind: track``), checked against
                    the player's track in the rules
``special-holes``   coloured holes (``marks``) with a ``legend`` naming what
                    each colour shows (``pink: rova.south``), checked against
                    the holes the rules single out (rova, nyumba, the special
                    hole ...) in the rules' start position, or in the
                    example's ``start`` if it gives one; the seeds drawn, if
                    any, are not checked

Anchors: ``start``, ``end``, or ``[turn N] [lap N] EVENT`` with EVENT one of
``place``, ``pickup``, ``drop K``, ``capture``, ``merge``, ``end`` (the lap's
end), ``choice``.  ``turn N end`` is the position after turn N.

A ``game`` example (or one of its lines) may also list ``checks``: facts about
the replay that are not a published diagram (a source that tells a move in
words, or whose drawings were not transcribed).  Each check has an anchor
``at`` and asserts any of ``captured`` (the holes whose seeds are taken: at a
capture, that capture's; at a lap's other events, the lap's; at a turn's end,
the whole turn's), ``seeds`` (how many seeds those captures took) and
``board`` (the whole board at the anchor, as the example's author worked it
out).  The verifier reports each check as a row with a ``check`` key.
"""
from __future__ import annotations

import re
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..engine.turn import Event
from .claims import CLAIM_KINDS, ClaimErratum, parse_claim
from .formats import (KINDS, CLAIM_ERRATUM_KEYS, SOURCE_KEYS, RESERVE_KEYS, HAND_KEYS,
                      EXAMPLE_START_KEYS as START_KEYS, ERRATUM_KEYS, ERRATUM_EVIDENCE, ERRATUM_SEARCH_KEYS, DIAGRAM_KEYS, TRACK_KEYS, DECISION_KEYS,
                      DEPARTURE_KEYS, MOVE_KEYS, CHECK_KEYS, LINE_FROM_KEYS, LINE_KEYS, EXAMPLE_KEYS)
from ..errors import EndlessTurn, ExampleError, IllegalMove, LimitExceeded, MancalaError, PositionError
from ..engine.geometry import PLAYERS, SOUTH, parse_direction
from .loader import RulesLibrary, check_seed_total, parse_board_rows, whole_number
from ..limits import (MAX_EVENTS, MAX_LAPS_PER_TURN, MAX_MOVES, MAX_NAME_CHARS, MAX_SEARCH_POSITIONS,
                      MAX_SEEDS)
from ..languages import languages, listed, package_languages
from .project import known_pages, published_diagrams, published_dir
from .schema import describe_value
from .schema_fast import validate
from ..errors import closest_hint
from ..engine.notation import parse_value
from ..engine.position import Hand, Position
from .yamlio import load_yaml, load_yaml_file, read_text_file, refuse_todo
from .project import project_file


@dataclass
class Erratum:
    reason: dict
    rules_board: list
    evidence: str = "search"      # search | seed-count
    search: dict | None = None    # {'from': 'previous diagram' | 'start' | 'turn N', 'turns', 'laps', 'positions'}


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
    claims: tuple = ()            # what the source says happens here (claims.Claim): turn-ends, {captures: 3} ...
    marks_show: dict | None = None  # colour -> role the marks show (default: the example's legend)
    picture: bool = False         # a picture with no position: its transcription is checked, not its board
    claim_erratum: ClaimErratum | None = None   # claims the page makes here that the replay contradicts
    claims_at: tuple | None = None  # (line, column) of its claims: in the file
    column: int | None = None       # of its line


@dataclass
class Check:
    """A fact the replay must show at an anchor (not a published diagram)."""
    at: str
    anchor: tuple
    captured: tuple | None = None     # hole indices, in any order
    seeds: int | None = None          # seeds those captures took
    board: list | None = None         # rows, None for an empty hole
    line: int | None = None
    line_name: str | None = None


@dataclass
class Departure:
    """A turn the page plays against its own rules: *rule* set aside (``BLOCK``
    or ``BLOCK.PARAMETER``), and why."""
    rule: str
    reason: dict
    line: int | None = None
    at: tuple | None = None     # (line, column) of its rule: in the file


@dataclass
class Line:
    name: str
    moves: list                   # list of turns, each a list of (kind, value, loc)
    diagrams: list
    line: int | None = None
    checks: list = field(default_factory=list)
    parent: str | None = None     # the line this one branches from (after: / from:)
    parent_turn: int | None = None  # after how many of the parent's turns (None: all)
    departures: dict = field(default_factory=dict)   # index in moves (0-based) -> Departure
    column: int | None = None     # of the line where it begins
    caption: dict | None = None   # said first under the line's first diagram (what this line plays)


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
    legend: dict | None = None      # special-holes: colour -> label
    generated: bool = False         # diagrams drawn by the engine, not from a publication
    start_from: dict | None = None  # start: {from: ID}: {'id', 'rows', 'origin', 'board' (given beside), 'line'}
    drafted: int | None = None      # the line of ``drafted: true``: written by draft, not reviewed yet

    #: :func:`replay_line`'s memory (an example the loader made, which nobody
    #: changes: each line is replayed once, whoever asks); None: not kept
    replays: dict | None = field(default=None, repr=False, compare=False)

    @property
    def diagrams(self):
        return [d for ln in self.lines for d in ln.diagrams]


def _err(msg, file, loc, **kw):
    return ExampleError(msg, file=file, line=loc[0] if loc else None, column=loc[1] if loc else None, **kw)


def _text(value, what, file, loc, required=True):
    """A text given in each language: {en: ..., fr: ...}, every language the
    package has a catalog for, and optionally a project's own languages."""
    if value is None and not required:
        return None
    needed, known = package_languages(), languages()
    shape = "{" + ", ".join(f"{lang}: ..." for lang in needed) + "}"
    if not isinstance(value, dict) or not all(isinstance(value.get(k), str) and value.get(k).strip()
                                              for k in needed):
        raise _err(f"{what} must give a text in each language", file, loc, expected=shape)
    extra = [k for k in value if k not in known]
    if extra:
        raise _err(f"{what}: unknown language {str(extra[0])!r}", file, loc, expected=listed(known))
    bad = [k for k in value if not (isinstance(value[k], str) and value[k].strip())]
    if bad:
        raise _err(f"{what}: the {bad[0]} text is empty or not a text", file, loc, expected=shape)
    return {lang: value[lang] for lang in known if lang in value}


def _check_keys(mapping, allowed, what, file, loc=None):
    """*mapping* is a mapping whose keys are among *allowed*; *loc*: where it
    stands in its parent (for a value that is not a mapping, which has no
    location of its own)."""
    if not isinstance(mapping, dict):
        where = loc or getattr(mapping, "loc", lambda: (None, None))()
        raise _err(f"{what} must be a mapping, but the file gives {describe_value(mapping)}", file, where,
                   expected=", ".join(f"{k}: ..." for k in allowed))
    for key in mapping:
        if key not in allowed:
            raise _err(f"unknown key {key!r} in {what}", file, mapping.key_loc(key),
                       expected=", ".join(allowed), hint=closest_hint(key, allowed))


# a block's state value: one word of letters, digits and '-' (the position's text
# form writes it as KEY=VALUE between spaces)
_STATE_VALUE = re.compile(r"[A-Za-z0-9][A-Za-z0-9-]{0,39}")
# a diagram's id: the published page's name, then the diagram's number on it (katro-06)
_DIAGRAM_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,98}[0-9]")
# numbers in decimal digits (ASCII: '²' is a digit to Python, not a number), at
# most nine of them: a longer one is no turn, lap or seed a replay can reach
_ANCHOR = re.compile(r"^(?:turn\s+([0-9]{1,9})\s*)?(?:lap\s+([0-9]{1,9})\s*)?"
                     r"(start|end|place|pickup|capture|merge|choice|drop(?:\s+([0-9]{1,9}))?)$")


def parse_marks(value, file, loc, what):
    """Marked holes: a block string (one row per line, a colour name per hole,
    '.' for none) or a list of lists (None for none)."""
    rows = []
    if isinstance(value, str):
        rows = [[None if w in (".", "-") else w for w in line.split()]
                for line in value.strip("\n").splitlines() if line.strip()]
    elif isinstance(value, list) and all(isinstance(r, list) for r in value):
        rows = [[None if v is None else str(v) for v in r] for r in value]
    if not rows or any(len(r) != len(rows[0]) for r in rows):
        raise _err(f"{what}: one row per line, the same number of holes in each", file, loc,
                   expected="a colour name per hole, '.' for none")
    return rows


def grid_size(grid) -> str:
    """'2 rows of 6 holes' (or 'rows of 6, 6, 4 holes' for rows of different lengths)."""
    lengths = sorted({len(r) for r in grid})
    if len(lengths) == 1:
        return f"{len(grid)} row{'s' if len(grid) != 1 else ''} of {lengths[0]} holes"
    return f"rows of {', '.join(str(len(r)) for r in grid)} holes"


def parse_anchor(text):
    """'lap 2 drop 3' -> (turn, lap, event, seed); turn/lap None when not given."""
    m = _ANCHOR.match(str(text).strip().lower())
    if not m:
        raise PositionError(f"cannot read the anchor {text!r}",
                            expected="start, end, or [turn N] [lap N] place|pickup|drop K|capture|merge|end|choice")
    turn, lap, event, seed = m.groups()
    event = "drop" if event.startswith("drop") else event
    return (int(turn) if turn else None, int(lap) if lap else None, event, int(seed) if seed else None)


def no_event(events, at, anchor, diagram=None) -> str:
    """Why no event of a replay's *events* is the anchor *at*: in a turn the
    moves do not play, what to add (and, for a *diagram*, the command that
    searches for it); else that the replay has no such event."""
    turn = anchor[0] if anchor else None
    played = max((e.turn for e in events), default=0)
    if turn is not None and turn > played:
        return (f"the replay has no event {at!r}: the moves play {played} turn{'s' if played != 1 else ''}; "
                f"add the moves up to turn {turn} to moves:"
                + (f" (mancala-diagrams explain {diagram} searches for them)" if diagram else ""))
    return f"the replay has no event {at!r}"


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


def moment_text(kind, turn, lap, seed) -> str | None:
    """An event of *kind* at that moment in the words of an ``at:``
    (``turn 4 end``, ``turn 4 lap 3 end``, ``turn 4 lap 3 drop 2``), or None
    for a kind no anchor names."""
    if kind == "turn_end":
        return f"turn {turn} end"
    if kind == "start":
        return f"turn {turn} start"
    if kind == "drop":
        return f"turn {turn} lap {lap} drop {seed}"
    if kind in ("lap_end", "pickup", "capture", "merge", "place", "choice"):
        return f"turn {turn} lap {lap} {'end' if kind == 'lap_end' else kind}"
    return None


def anchor_of(events, index) -> str | None:
    """The anchor an example writes (``at:``) for ``events[index]``: the
    inverse of :func:`find_anchor`, or None when no anchor designates that
    event (a second capture in the same lap, a fotsiny or turn-end marker
    that shares its board with the lap's end ...)."""
    e = events[index]
    text = moment_text(e.kind, e.turn, e.lap, e.seed)
    if text is None:
        return None
    try:
        found = find_anchor(events, parse_anchor(text))
    except PositionError:
        return None
    return text if found is e else None


def shown_anchor(events, index) -> tuple:
    """(index, anchor) for a page's diagram of ``events[index]``'s board: the
    end of that turn when the board stays the same from there to it (a last
    drop, the last lap's end, then the turn's end: the moment a page most
    often shows), else the event itself and :func:`anchor_of` it."""
    here = events[index]
    for j in range(index + 1, len(events)):
        e = events[j]
        if e.cells != here.cells or e.turn != here.turn:
            break
        if e.kind == "turn_end":
            end = anchor_of(events, j)
            if end:
                return j, end
            break
    return index, anchor_of(events, index)


def first_lap_rules(rules) -> str:
    """What makes a turn's first lap special in *rules* ('' when nothing does),
    as the blocks say (:meth:`~..engine.rules.Rules.first_lap_rules`): a
    compulsory capture (an opening that captures must be chosen), fotsiny (a
    first lap that captures nothing makes the whole turn capture nothing) ..."""
    return " and ".join(rules.first_lap_rules())


def transcription_of(root, diagram_id, exclude=None):
    """(rows, file) of the first example of *root*/sources that transcribes the
    diagram *diagram_id*, or None."""
    from .project import example_paths
    for path in example_paths(root):
        if exclude is not None and Path(path).resolve() == Path(exclude).resolve():
            continue
        try:        # never blocks on a pipe, never raises but a MancalaError
            text = read_text_file(path, Path(root) / "sources")
            if diagram_id not in text:
                continue
            refuse_todo(text, str(path))
            data = load_yaml(text, str(path))
        except MancalaError:
            continue
        found = transcription_in(data, diagram_id, str(path))
        if found is not None:
            return found if found[0] is not None else None
    return None


def transcription_in(data, diagram_id, file):
    """(rows, file) of the diagram *diagram_id* that the example *data* (read
    from *file*) lists with its board, (None, file) when that board cannot be
    read, or None when the example does not list it."""
    bodies = [data] + list((data.get("lines") or {}).values()) if isinstance(data, dict) else []
    for body in bodies:
        for d in (body.get("diagrams") or []) if isinstance(body, dict) else []:
            if isinstance(d, dict) and d.get("id") == diagram_id and "board" in d:
                try:
                    return parse_board_rows(d["board"], file, d.loc("board")), file
                except MancalaError:
                    return None, file
    return None


class ExampleLoader:
    def __init__(self, library: RulesLibrary):
        self.library = library
        self._pages = None      # known_pages of the project, read at the first check (check_page)

    def load(self, path) -> Example:
        """Read, check and parse an example file.  The hand-written checks come
        first (their messages are the most precise); the JSON Schema then
        catches what they do not look at, and explains any value they did not
        expect (instead of a traceback)."""
        path = Path(path)
        file = str(path)
        sources = self.library.directory.parent / "sources"
        project_file(path, sources)     # a loop, a link out, a pipe, a folder ... is named here
        data = load_yaml_file(path, within=sources)
        try:
            example = self._load(path, file, data)
        except MancalaError:
            raise
        except Exception:
            validate(data, "example", file, ExampleError)
            raise
        validate(data, "example", file, ExampleError)
        example.replays = {}
        return example

    def _load(self, path, file, data) -> Example:
        if not isinstance(data, dict):
            raise _err("an example file must be a mapping", file, (1, 1))
        _check_keys(data, EXAMPLE_KEYS, "an example", file)
        if data.get("example") != path.stem:
            raise _err(f"the file says example: {data.get('example')!r}", file, data.loc("example"),
                       expected=f"example: {path.stem} (the file name)")
        kind = data.get("kind", "game")
        if kind not in KINDS:
            raise _err(f"unknown kind {kind!r}", file, data.loc("kind"), expected=", ".join(KINDS),
                       hint=closest_hint(kind, KINDS))
        if "rules" not in data:
            raise _err("the example names no rules", file, (data.line, data.column), expected="rules: NAME")
        rules = self.library.load(data["rules"], file, data.loc("rules"))
        title = _text(data.get("title"), "title", file, data.loc("title"))
        source = data.get("source")
        if source is None:
            raise _err("the example gives no source", file, (data.line, data.column),
                       expected="source: {page: ..., describes: [...]}")
        _check_keys(source, SOURCE_KEYS, "source", file, data.loc("source"))
        self.check_page(source, file, data.loc("source"), data.get("generated") is True)
        assumptions = data.get("assumptions") or []
        if not isinstance(assumptions, list):
            raise _err("assumptions must be a list", file, data.loc("assumptions"))
        assumptions = [_text(a, "an assumption", file, assumptions.loc(i)) for i, a in enumerate(assumptions)]
        artificial = bool(data.get("artificial", False))
        if artificial and not assumptions:
            raise _err("an artificial position must state its assumptions", file, data.loc("artificial"),
                       expected="assumptions: [{en: ..., fr: ...}]")
        caption = _text(data.get("caption"), "caption", file, data.loc("caption"), required=False)
        generated = data.get("generated", False)
        if not isinstance(generated, bool):
            raise _err(f"generated: found {generated!r}", file, data.loc("generated"), expected="true or false")
        if "drafted" in data and data["drafted"] is not True:
            raise _err(f"drafted: found {data['drafted']!r}", file, data.loc("drafted"),
                       expected="drafted: true while the draft is not reviewed, and no such line once it is")
        ex = Example(path.stem, file, kind, rules, title, dict(source), assumptions, artificial, None, [],
                     caption=caption, generated=generated,
                     drafted=data.loc("drafted")[0] if "drafted" in data else None)
        g = rules.geometry
        if kind == "game":
            if "start" not in data:
                raise _err("a game example needs a start", file, (data.line, data.column))
            ex.start = self.parse_start(data["start"], rules, file, data.loc("start"), ex, own=data)
            if "lines" in data:
                lines = data["lines"]
                if not isinstance(lines, dict) or "moves" in data or "diagrams" in data:
                    raise _err("lines must be a mapping of named lines, each with moves and diagrams "
                               "(and no top-level moves/diagrams)", file, data.loc("lines"))
                for name, body in lines.items():
                    _check_keys(body, LINE_KEYS, f"line {name!r}", file, lines.loc(name))
                    ex.lines.append(self.parse_line(str(name), body, g, file, lines.loc(name), True))
                    ex.lines[-1].caption = _text(body.get("caption"), "caption", file, body.loc("caption"),
                                                 required=False)
                self.check_branches(ex.lines, lines, file)
            else:
                ex.lines.append(self.parse_line("main", data, g, file, (data.line, data.column), True))
        else:
            if kind == "track":
                track = data.get("track")
                _check_keys(track, TRACK_KEYS, "track", file, data.loc("track"))
                try:
                    ex.track = {
                        "player": track.get("player", SOUTH),
                        "from": g.parse(track["from"]),
                        "direction": parse_direction(track.get("direction")),
                        "numbering": whole_number(track.get("numbering", 0), "track: numbering", file,
                                                  track.loc("numbering"), 0, MAX_SEEDS),
                        "count": whole_number(track["count"], "track: count", file, track.loc("count"), 0,
                                              MAX_SEEDS) if "count" in track else None,
                    }
                except (MancalaError, KeyError) as exc:
                    raise _err(f"track: {getattr(exc, 'message', exc)}", file, data.loc("track")) from None
                if ex.track["player"] not in g.players:
                    raise _err(f"track: no player {ex.track['player']!r}", file, track.loc("player"),
                               expected=" or ".join(g.players))
                if ex.track["from"] not in g.track(ex.track["player"]):
                    player = ex.track["player"]
                    raise _err(f"track: the hole {track['from']!r} is not on {player}'s track", file,
                               track.loc("from"), expected=f"one of {player}'s holes",
                               hint=None if "player" in track else "the track is South's unless 'player' says")
            if kind == "special-holes":
                ex.start = (self.parse_start(data["start"], rules, file, data.loc("start"), ex, own=data) if "start" in data
                            else rules.initial_position())
                ex.legend = self.parse_legend(data, rules, ex.start, file)
            ex.lines.append(self.parse_line("main", data, g, file, (data.line, data.column), False))
        seen = {}
        for d in ex.diagrams:
            if d.id in seen:
                raise _err(f"diagram {d.id} is listed twice (first on line {seen[d.id]})", file, (d.line, d.column),
                           expected="each published diagram once per example")
            seen[d.id] = d.line
        return ex

    def parse_start(self, start, rules, file, loc, example=None, own=None) -> Position:
        _check_keys(start, START_KEYS, "start", file, loc)
        g = rules.geometry
        if "from" in start:
            rows = self.start_from(start, file, example, own)
        elif "board" in start:
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
        initial = rules.initial_position().reserves
        given = "board" if "board" in start else ("from" if "from" in start else None)
        if given and any(initial) and "reserve" not in start:
            raise _err(f"the rules {rules.name} start with seeds in reserve ({initial[0]} each); with a start "
                       "board, the example must say how many are left", file, start.loc(given),
                       expected="reserve: {south: N, north: N} beside the board (0 and 0 once all are sown)")
        reserves = list(initial) if given is None else [0, 0]
        if "reserve" in start:
            res = start["reserve"]
            _check_keys(res, RESERVE_KEYS, "reserve", file, start.loc("reserve"))
            for p, n in res.items():
                reserves[PLAYERS.index(p)] = whole_number(n, f"reserve of {p}", file, res.loc(p), 0, MAX_SEEDS,
                                                          "MAX_SEEDS", ExampleError)
        pos = replace(pos, geometry=g, reserves=tuple(reserves))   # g names holes as the rules do
        if "hand" in start:
            h = start["hand"]
            _check_keys(h, HAND_KEYS, "hand", file, start.loc("hand"))
            if ("last" in h) == ("seeds" in h or "hole" in h):
                raise _err("hand: give either seeds and hole (seeds still to sow), or last (the hole "
                           "where a lap has just ended)", file, start.loc("hand"),
                           expected="{seeds: N, hole: a2, direction: clockwise} or {last: a2, direction: clockwise}")
            captures = h.get("captures", True)
            if not isinstance(captures, bool):
                raise _err(f"hand: captures must be true or false, not {captures!r}", file, h.loc("captures"))
            first_lap = h.get("first_lap", False)
            if not isinstance(first_lap, bool):
                raise _err(f"hand: first_lap must be true or false, not {first_lap!r}", file, h.loc("first_lap"))
            if "seeds" in h:
                whole_number(h["seeds"], "hand: seeds", file, h.loc("seeds"), 1, MAX_SEEDS, "MAX_SEEDS", ExampleError)
            try:
                if "last" in h:
                    hand = Hand(0, g.parse(h["last"]), parse_direction(h["direction"]))
                else:
                    hand = Hand(int(h["seeds"]), g.parse(h["hole"]), parse_direction(h["direction"]))
                    if hand.seeds <= 0:
                        raise ValueError("seeds must be 1 or more (use last: for a lap that has just ended)")
                pos = replace(pos, hand=hand)
            except (MancalaError, KeyError, TypeError, ValueError) as exc:
                raise _err(f"hand: {getattr(exc, 'message', exc)}", file, start.loc("hand"),
                           expected="{seeds: N, hole: a2, direction: clockwise} or {last: a2, direction: clockwise}") from None
            if "last" in h and pos.cells[hand.hole] == 0:
                raise _err(f"hand: a lap cannot have just ended in {h['last']}, which is empty", file,
                           h.loc("last"))
            special = first_lap_rules(rules)
            if special and "first_lap" not in h:
                raise _err(f"hand: the rules {rules.name} make a turn's first lap special ({special}), so the "
                           "example must say whether the seeds in hand are that lap", file, start.loc("hand"),
                           expected="first_lap: true (the turn's first lap) or first_lap: false (a later lap)")
            if not captures and rules.resume(pos, first_lap, False) == rules.resume(pos, first_lap, True):
                raise _err(f"hand: captures: false says the turn captures nothing, but no block of the rules "
                           f"{rules.name} makes a turn capture nothing", file, h.loc("captures"),
                           expected="no captures key (a block such as fotsiny decides whether a turn captures)")
            pos = rules.resume(pos, first_lap, captures)     # the blocks' turn state for this turn
        if "state" in start:
            pos = pos.with_state(**self.parse_state(start, rules, file))
        check_seed_total(pos, "the start", file, loc, ExampleError)
        return rules.with_initial_state(pos)

    def parse_state(self, start, rules, file) -> dict:
        """``state``: what the blocks keep that the board does not show, each
        key ``BLOCK.PLAYER`` (a block of these rules, by the first word of its
        name: ``target.south`` for target-hole, ``direction.north``) and each
        value one word (a hole, ``ccw``, ``gone`` ...)."""
        st = start["state"]
        if not isinstance(st, dict):
            raise _err("state must be a mapping", file, start.loc("state"),
                       expected="state: {target.south: f2, direction.south: ccw}")
        prefixes = sorted({b.name.split("-")[0] for b in rules.blocks})
        players = rules.geometry.players
        out = {}
        for key, value in st.items():
            block, dot, player = str(key).partition(".")
            if not dot or block not in prefixes or player not in players:
                raise _err(f"state: {key!r} is not the state of a block of the rules {rules.name}", file,
                           st.key_loc(key), expected="BLOCK.PLAYER with BLOCK one of " + ", ".join(prefixes)
                           + " and PLAYER " + " or ".join(players), hint=closest_hint(
                               str(key), [f"{b}.{p}" for b in prefixes for p in players]))
            if isinstance(value, bool) or not isinstance(value, (str, int)) \
                    or not _STATE_VALUE.fullmatch(str(value)):
                raise _err(f"state: {key}: {describe_value(value)} is not a state", file, st.loc(key),
                           expected="one word: a hole (f2), a direction (cw, ccw), present or gone")
            out[f"{block}__{player}"] = str(value)
        return out

    def check_page(self, source, file, loc, generated=False):
        """``source.page`` names a published page, a page of docs/data/pages.txt
        or a bibliography key (an example the engine drew may give none)."""
        if "page" not in source and generated:
            return
        if "page" not in source:
            raise _err("source: which page are the diagrams from?", file, loc,
                       expected="page: a file of ../shared/published (katro) or a bibliography key")
        page = source["page"]
        if self._pages is None:
            self._pages = known_pages(self.library.directory.parent)
        known = self._pages
        names = known["published"] | known["listed"] | known["bibliography"]
        if not isinstance(page, str) or page not in names:
            where = ("../shared/published, docs/data/pages.txt or docs/bibliography.md"
                     if known["published"] else "docs/data/pages.txt or docs/bibliography.md "
                     "(../shared/published is absent)")
            raise _err(f"source: unknown page {page!r}", file, source.loc("page"),
                       expected=f"a page of {where}", hint=closest_hint(str(page), sorted(names)))

    def start_from(self, start, file, example, own=None):
        """The rows of the published diagram a start names (``from: ID``): the
        published grid when ``../shared/published`` is there, else the
        project's own transcription of it (a diagram of that id in another
        example, or in this one, *own*, which may list the diagram it starts
        from, as the files ``draft`` writes do).  A board given beside
        ``from`` must equal it."""
        did = start["from"]
        if not isinstance(did, str) or not did.strip():
            raise _err("start: from must be the id of a published diagram", file, start.loc("from"),
                       expected="from: katro-gorobaka-17")
        root = self.library.directory.parent
        pub = published_dir(root)
        rows = origin = None
        if pub is not None:
            published = published_diagrams(str(pub))
            if did not in published:
                raise _err(f"start: no published diagram has the id {did!r}", file, start.loc("from"),
                           expected="the id of a diagram of ../shared/published",
                           hint=closest_hint(did, published))
            rows, origin = published[did]["rows"], f"the published diagram {did}"
        else:
            found = transcription_of(root, did, exclude=file)
            if found is None and own is not None:
                found = transcription_in(own, did, file)
                if found is not None and found[0] is None:
                    found = None
            if found is None:
                raise _err(f"start: no example transcribes the diagram {did!r} and ../shared/published "
                           "is not there to read it from", file, start.loc("from"),
                           expected="the id of a diagram that an example of sources/ lists, or a board: too")
            rows, where = found
            origin = f"the transcription of {did} in {where}"
        given = None
        if "board" in start:
            given = parse_board_rows(start["board"], file, start.loc("board"), "start board")
            if [[v or 0 for v in r] for r in given] != [[v or 0 for v in r] for r in rows]:
                raise _err(f"start: the board differs from {origin}", file, start.loc("board"),
                           expected="the board of " + did + " (or no board: it is read from the diagram)")
        if example is not None:
            example.start_from = {"id": did, "rows": rows, "origin": origin, "board": given,
                                  "line": start.loc("from")[0]}
        return rows

    def check_branches(self, lines, raw, file):
        """Each line that branches (``after:``/``from:``) names another line, with
        no circle."""
        by_name = {ln.name: ln for ln in lines}
        for ln in lines:
            if ln.parent is None:
                continue
            if ln.parent not in by_name or ln.parent == ln.name:
                raise _err(f"line {ln.name!r} branches from {ln.parent!r}, which is not another line of "
                           "this example", file, raw.loc(ln.name), expected=", ".join(n for n in by_name
                                                                                 if n != ln.name),
                           hint=closest_hint(ln.parent, [n for n in by_name if n != ln.name]))
            seen, cur = {ln.name}, by_name[ln.parent]
            while cur.parent is not None:
                if cur.name in seen:
                    raise _err(f"line {ln.name!r}: the lines branch from each other in a circle", file,
                               raw.loc(ln.name))
                seen.add(cur.name)
                cur = by_name[cur.parent]

    def parse_line(self, name, body, g, file, loc, with_moves) -> Line:
        moves = []
        departures = {}
        parent = parent_turn = None
        if with_moves:
            raw = body.get("moves") or []
            if not isinstance(raw, list):
                raise _err("moves must be a list of turns", file, body.loc("moves"))
            if len(raw) > MAX_MOVES:
                raise _err(f"more than {MAX_MOVES:,} turns in one line", file, raw.loc(MAX_MOVES),
                           expected=f"at most {MAX_MOVES:,}, the limit MAX_MOVES")
            for i, turn in enumerate(raw):
                moves.append(self.parse_turn(turn, g, file, raw.loc(i)))
                if moves[-1].endless and i < len(raw) - 1:
                    raise _err(f"turn {i + 1} never ends, so no turn can follow it", file, raw.loc(i + 1),
                               expected="the endless turn as the last of its line")
                if isinstance(turn, dict) and "departure" in turn:
                    departures[i] = self.parse_departure(turn, file)
            if "after" in body and "from" in body:
                raise _err("a line branches either after: a line or from: {line, turn}, not both", file,
                           body.loc("from"))
            if "after" in body:
                parent = body["after"]
                if not isinstance(parent, str):
                    raise _err("after: the name of another line", file, body.loc("after"), expected="after: main")
            elif "from" in body:
                f = body["from"]
                _check_keys(f, LINE_FROM_KEYS, "from", file, body.loc("from"))
                if not isinstance(f.get("line"), str):
                    raise _err("from: which line does this one branch from?", file, body.loc("from"),
                               expected="from: {line: main, turn: 3}")
                parent, parent_turn = f["line"], f.get("turn")
                if parent_turn is not None and (not isinstance(parent_turn, int) or isinstance(parent_turn, bool)
                                                or parent_turn < 0):
                    raise _err(f"from: turn {parent_turn!r} is not a number of turns", file, f.loc("turn"),
                               expected="turn: 0, 1, 2 ...")
        diagrams = []
        checks = self.parse_checks(name, body, g, file) if with_moves else []
        raw = body.get("diagrams", [] if checks else None)
        if not isinstance(raw, list) or not (raw or checks):
            raise _err("an example needs a list of diagrams" + (" or of checks" if with_moves else ""), file,
                       body.loc("diagrams") if "diagrams" in body else loc)
        for i, d in enumerate(raw):
            _check_keys(d, DIAGRAM_KEYS, "a diagram", file, raw.loc(i))
            dloc = raw.loc(i)
            if "id" not in d or not isinstance(d["id"], str):
                raise _err("a diagram needs the id of the published diagram", file, dloc, expected="id: katro-06")
            if not _DIAGRAM_ID.fullmatch(d["id"]):
                raise _err(f"{d['id']!r} is not a diagram's id", file, d.loc("id"),
                           expected="the page's name, then the diagram's number on it: katro-06 (lower-case "
                                    f"letters, digits and '-', at most {MAX_NAME_CHARS})")
            if "board" not in d:
                raise _err(f"diagram {d['id']}: the published board is missing", file, dloc,
                           expected="board: rows as published, '.' for an empty hole")
            grid = parse_board_rows(d["board"], file, d.loc("board"), f"diagram {d['id']}",
                                    symbols=d.get("picture") is True)
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
                _check_keys(e, ERRATUM_KEYS, "erratum", file, d.loc("erratum"))
                if "rules_board" not in e:
                    raise _err(f"diagram {d['id']}: an erratum must give the board the rules give", file,
                               d.loc("erratum"), expected="rules_board: rows")
                erratum = Erratum(_text(e.get("reason"), "erratum reason", file, d.loc("erratum")),
                                  parse_board_rows(e["rules_board"], file, e.loc("rules_board"), "rules_board"),
                                  *self.parse_evidence(d["id"], e, file, d.loc("erratum")))
            marks = None
            if "marks" in d:
                marks = parse_marks(d["marks"], file, d.loc("marks"), f"diagram {d['id']} marks")
                if len(marks) != len(grid) or any(len(a) != len(b) for a, b in zip(marks, grid)):
                    raise _err(f"diagram {d['id']}: the marks and the board differ in size (marks: "
                               f"{grid_size(marks)}, board: {grid_size(grid)})", file, d.loc("marks"),
                               expected="a colour name or '.' for every hole of the board")
            marks_show = None
            if "marks_show" in d:
                ms = d["marks_show"]
                if not isinstance(ms, dict) or not ms or not all(isinstance(v, str) for v in ms.values()):
                    raise _err(f"diagram {d['id']}: marks_show must map each colour to what it shows", file,
                               d.loc("marks_show"), expected="marks_show: {pink: rova.south, lightgreen: next-pickup}")
                marks_show = {str(k): v for k, v in ms.items()}
            claims = self.parse_claims(d, "claims", d, file)
            if claims and not with_moves:
                raise _err(f"diagram {d['id']}: claims are about a replay (a game example)", file, d.loc("claims"))
            claim_erratum = self.parse_claim_erratum(d, claims, file) if "claim_erratum" in d else None
            picture = d.get("picture", False)
            if not isinstance(picture, bool):
                raise _err(f"picture: found {picture!r}", file, d.loc("picture"), expected="true or false")
            if picture and with_moves:
                raise _err(f"diagram {d['id']}: a picture holds no position; list it in an example that draws "
                           "the same idea (kind: track, special-holes or start)", file, d.loc("picture"))
            diagrams.append(Diagram(d["id"], anchor, at, grid, marks, erratum,
                                    _text(d.get("caption"), "caption", file, d.loc("caption"), required=False),
                                    dloc[0], name, claims, marks_show, picture, claim_erratum,
                                    d.loc("claims") if claims else None, dloc[1]))
        return Line(name, moves, diagrams, loc[0], checks, parent, parent_turn, departures, loc[1])

    def parse_claims(self, mapping, key, d, file) -> tuple:
        """The claims listed under *key* of *mapping* (a diagram, or its
        claim erratum), as :class:`.claims.Claim`s."""
        raw = mapping.get(key, [])
        if not isinstance(raw, list):
            raise _err(f"diagram {d['id']}: {key} must be a list", file, mapping.loc(key),
                       expected="claims: [turn-ends, {captures: 3}]")
        claims = []
        for i, item in enumerate(raw):
            claim = parse_claim(item)
            if isinstance(claim, str):
                bad = next(iter(item)) if isinstance(item, dict) and item else item
                raise _err(f"diagram {d['id']}: {claim}", file, raw.loc(i),
                           expected="one of " + ", ".join(CLAIM_KINDS) + " ({captures: N}, {wins: south} ...)",
                           hint=closest_hint(str(bad), CLAIM_KINDS) if claim.startswith("unknown") else None)
            if claim in claims:
                raise _err(f"diagram {d['id']}: the claim {item!r} is listed twice", file, raw.loc(i))
            claims.append(claim)
        return tuple(claims)

    def parse_claim_erratum(self, d, claims, file) -> ClaimErratum:
        """``claim_erratum: {claims: [...], reason: {en, fr}}``: claims the
        diagram lists, that the page states and the replay contradicts."""
        e = d["claim_erratum"]
        _check_keys(e, CLAIM_ERRATUM_KEYS, "claim_erratum", file, d.loc("claim_erratum"))
        if "claims" not in e:
            raise _err(f"diagram {d['id']}: a claim erratum names the claims the replay contradicts", file,
                       d.loc("claim_erratum"), expected="claims: [turn-ends]")
        named = self.parse_claims(e, "claims", d, file)
        for i, claim in enumerate(named):
            if claim not in claims:
                raise _err(f"diagram {d['id']}: the claim erratum names {claim.to_json()!r}, which the diagram "
                           "does not claim", file, e["claims"].loc(i),
                           expected="claims the diagram lists: " + ", ".join(str(c.to_json()) for c in claims))
        return ClaimErratum(named, _text(e.get("reason"), "claim erratum reason", file, d.loc("claim_erratum")))

    def parse_departure(self, turn, file) -> Departure:
        d = turn["departure"]
        _check_keys(d, DEPARTURE_KEYS, "departure", file, turn.loc("departure"))
        rule = d.get("rule")
        if not isinstance(rule, str) or not rule.strip():
            raise _err("departure: which rule does the page set aside?", file, turn.loc("departure"),
                       expected="rule: compulsory-capture (BLOCK) or nyumba.phase_2 (BLOCK.PARAMETER)")
        return Departure(rule.strip(), _text(d.get("reason"), "departure reason", file, turn.loc("departure")),
                         turn.loc("departure")[0], d.loc("rule"))

    def parse_evidence(self, diagram_id, e, file, loc):
        """An erratum's evidence: (kind, search) with *search* {'from', 'turns',
        'laps', 'positions'} (see ERRATUM_SEARCH_KEYS)."""
        evidence = e.get("evidence", "search")
        if evidence not in ERRATUM_EVIDENCE:
            raise _err(f"diagram {diagram_id}: unknown erratum evidence {evidence!r}", file, e.loc("evidence"),
                       expected=" or ".join(ERRATUM_EVIDENCE), hint=closest_hint(str(evidence), ERRATUM_EVIDENCE))
        if "search" not in e:
            if evidence == "search":
                raise _err(f"diagram {diagram_id}: an erratum must name the search that shows no continuation "
                           f"reaches the published board (or give evidence: seed-count)", file, loc,
                           expected="search: {from: previous diagram, turns: 1}")
            return evidence, None
        sr = e["search"]
        _check_keys(sr, ERRATUM_SEARCH_KEYS, "erratum search", file, e.loc("search"))
        start = str(sr.get("from", "")).strip()
        if not re.fullmatch(r"previous diagram|start|turn [1-9][0-9]*", start):
            raise _err(f"diagram {diagram_id}: the search starts from {start!r}", file,
                       sr.loc("from") if "from" in sr else e.loc("search"),
                       expected="from: previous diagram, from: start or from: turn N")
        search = {"from": start, "line": e.loc("search")[0]}
        for key, required, most in (("turns", True, MAX_MOVES), ("laps", False, MAX_LAPS_PER_TURN),
                                    ("positions", False, MAX_SEARCH_POSITIONS)):
            value = sr.get(key)
            if value is None and not required:
                continue
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= most:
                raise _err(f"diagram {diagram_id}: search {key}: {describe_value(value)} is not a whole number "
                           f"from 1 to {most:,}", file, sr.loc(key) if key in sr else e.loc("search"),
                           expected=f"{key}: N")
            search[key] = value
        return evidence, search

    def parse_checks(self, name, body, g, file) -> list:
        raw = body.get("checks")
        if raw is None:
            return []
        if not isinstance(raw, list) or not raw:
            raise _err("checks must be a non-empty list", file, body.loc("checks"),
                       expected="[{at: lap 1 capture, captured: [r]}]")
        checks = []
        for i, c in enumerate(raw):
            _check_keys(c, CHECK_KEYS, "a check", file, raw.loc(i))
            cloc = raw.loc(i)
            if "at" not in c:
                raise _err("a check needs an anchor", file, cloc, expected="at: lap 1 capture | end | ...")
            if not any(k in c for k in ("captured", "seeds", "board")):
                raise _err("a check asserts nothing", file, cloc, expected="captured:, seeds: or board:")
            try:
                anchor = parse_anchor(c["at"])
            except PositionError as exc:
                raise exc.located(file, *c.loc("at")) from None
            captured = None
            if "captured" in c:
                holes = c["captured"]
                if not isinstance(holes, list):
                    raise _err("captured must be a list of holes", file, c.loc("captured"),
                               expected="captured: [r, m] (or [] for no capture)")
                try:
                    captured = tuple(g.parse(h) for h in holes)
                except PositionError as exc:
                    raise exc.located(file, *c.loc("captured")) from None
            seeds = c.get("seeds")
            if seeds is not None and (not isinstance(seeds, int) or isinstance(seeds, bool) or seeds < 0):
                raise _err(f"seeds: {seeds!r} is not a seed count", file, c.loc("seeds"))
            board = parse_board_rows(c["board"], file, c.loc("board"), "check board") if "board" in c else None
            checks.append(Check(str(c["at"]), anchor, captured, seeds, board, cloc[0], name))
        return checks

    def parse_legend(self, data, rules, position, file):
        legend = data.get("legend")
        if not isinstance(legend, dict) or not legend:
            raise _err("a special-holes example needs a legend: colour -> what it shows", file,
                       data.loc("legend") if "legend" in data else (data.line, data.column),
                       expected="legend: {pink: rova.south, lightcyan: rova.north}")
        from .marks import static_roles
        labels = {role for role, holes in static_roles(rules, position).items() if holes}
        seen = {}
        for colour, text in legend.items():
            for label in (r.strip() for r in str(text).split(",") if r.strip()):
                if label not in labels:
                    raise _err(f"legend: the rules {rules.name} single out no {label!r} holes", file,
                               legend.key_loc(colour), expected=", ".join(sorted(labels)) or "(none in these rules)",
                               hint=closest_hint(label, labels))
                if label in seen:
                    raise _err(f"legend: {label!r} is given two colours ({seen[label]} and {colour})", file,
                               legend.key_loc(colour))
                seen[label] = colour
        return {str(c): str(l) for c, l in legend.items()}

    def parse_turn(self, turn, g, file, loc):
        """A turn: {hole: a1, direction: clockwise}, {place: f2, direction: ...} or
        {target: f2, direction: ...} (katro bevohoka's set-up), with further
        decisions in ``then``."""
        if not isinstance(turn, dict):
            raise _err("a turn must be a mapping", file, loc, expected="{hole: a1, direction: clockwise}")
        _check_keys(turn, MOVE_KEYS, "a turn", file, loc)
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
                value = parse_value(key, value, g)
            except MancalaError as exc:
                raise _err(exc.message, file, iloc, expected=exc.expected, hint=exc.hint) from None
            decisions.append((key, value, iloc))
        decisions = TurnMoves(decisions)
        if "endless" in turn:
            if not isinstance(turn["endless"], bool):
                raise _err(f"endless must be true or false, not {turn['endless']!r}", file, turn.loc("endless"))
            decisions.endless = turn.loc("endless") if turn["endless"] else None
        return decisions


class TurnMoves(list):
    """A turn's decisions, (kind, value, location) each; *endless* is the
    location of ``endless: true`` when the example says the turn never ends."""
    endless = None


# -- replay ------------------------------------------------------------------------------
@dataclass
class Replay:
    example: Example
    line: Line
    events: list
    positions: list          # position after each turn (index 0 = start)
    error: MancalaError | None = None
    #: the departures played: {turn, rule, reason, line, refusal} where *refusal* is
    #: why the full rules refuse the turn (None: they allow it, so no departure is needed)
    departures: list = field(default_factory=list)
    endless: str | None = None   # the loop found in a turn the example says never ends

    def snapshot(self, diagram: Diagram):
        e = find_anchor(self.events, diagram.anchor)
        return None if e is None else e.cells

    def event(self, diagram: Diagram):
        return find_anchor(self.events, diagram.anchor)

    def captures_at(self, event: Event) -> list:
        """The capture events an anchor covers: the capture itself, the rest of
        its lap for another event of a lap, the whole turn for a turn's end."""
        if event.kind == "capture":
            return [event]
        return [e for e in self.events if e.kind == "capture" and e.turn == event.turn
                and (event.kind == "turn_end" or e.lap == event.lap)]


#: events the replays kept in memory hold at most, all examples of a run
#: together (those of the examples read longest ago are dropped first, and
#: replayed again if asked for): what a run keeps stays bounded however many
#: files it reads, as MAX_EVENTS bounds one file
KEPT_EVENTS = 4 * MAX_EVENTS
_KEPT: OrderedDict = OrderedDict()      # (id of a replays memory, id of a line) -> (memory, events)
_kept_events = 0


def replay_line(example: Example, line: Line) -> Replay:
    """The replay of *line*.  The lines it branches from are replayed first,
    from the top down (a chain of lines each branching from the one before is
    no recursion), and every line of one example file records its events
    under one budget, :data:`~..limits.MAX_EVENTS` for the whole file.  For an
    example the loader made (which nobody changes), a replay is computed once
    and shared by every caller while the run keeps it (:data:`KEPT_EVENTS`)."""
    replays = example.replays
    memory = {} if replays is None else replays
    chain, cur = [line], line
    by_name = {ln.name: ln for ln in example.lines}
    while cur.parent is not None and cur.parent in by_name and len(chain) <= len(example.lines):
        cur = by_name[cur.parent]
        chain.append(cur)
    for ln in reversed(chain):
        kept = memory.get(id(ln))
        if kept is None or kept[0] is not ln or kept[1] is not example.start or kept[2] is not example.rules:
            rep = _replay_line(example, ln, memory)
            memory[id(ln)] = (ln, example.start, example.rules, rep)
            if replays is not None:
                _keep(replays, id(ln), len(rep.events))
    return memory[id(line)][3]


def _keep(memory, key, events):
    """Count a replay kept in *memory*; drop the oldest kept while the run
    keeps more than :data:`KEPT_EVENTS` events."""
    global _kept_events
    old = _KEPT.pop((id(memory), key), None)
    if old is not None:
        _kept_events -= old[1]
    _KEPT[(id(memory), key)] = (memory, events)
    _kept_events += events
    while _kept_events > KEPT_EVENTS and len(_KEPT) > 1:
        (_, old_key), (old_memory, count) = _KEPT.popitem(last=False)
        old_memory.pop(old_key, None)
        _kept_events -= count


def shared_turns(example: Example, line: Line) -> int:
    """How many turns a branching line shares with the line it branches from
    (0 for a line that does not branch)."""
    if line.parent is None:
        return 0
    if line.parent_turn is not None:
        return line.parent_turn
    parent = next(ln for ln in example.lines if ln.name == line.parent)
    return len(replay_line(example, parent).positions) - 1


class _Recorded(list):
    """The events of one line's replay: those it shares with the line it
    branches from, then its own, each appended under what is left of its
    example file's budget (the engine appends them one by one)."""

    def __init__(self, shared, left):
        super().__init__(shared)
        self.left = left

    def append(self, event):
        if self.left <= 0:
            raise LimitExceeded(f"the replay records more than {MAX_EVENTS:,} events (each a picture of the board) "
                                "in the example's lines together",
                                expected=f"at most {MAX_EVENTS:,} in one example file, the limit MAX_EVENTS")
        self.left -= 1
        list.append(self, event)


def _replay_line(example: Example, line: Line, memory: dict) -> Replay:
    """The replay of *line*, whose parent line (if it branches) is in
    *memory* already (see :func:`replay_line`)."""
    rules = example.rules
    pos = example.start
    events, positions, departures = [], [pos], []
    first = 1
    recorded = example.__dict__.setdefault("_recorded", {})    # id of a line -> the events its replay recorded
    left = MAX_EVENTS - sum(n for key, n in recorded.items() if key != id(line))
    if line.parent is not None:     # a branch: the parent's replay up to the branching turn
        parent = next(ln for ln in example.lines if ln.name == line.parent)
        base = memory[id(parent)][3]
        played = len(base.positions) - 1
        n = played if line.parent_turn is None else line.parent_turn
        if n > played or (line.parent_turn is None and base.error):
            why = f": {base.error}" if base.error else f" (it has {played} turns)"
            exc = ExampleError(f"line {line.name!r} branches from line {line.parent!r} after turn {n}, but "
                               f"that line's replay stops before{why}", file=example.path,
                               line=line.line, column=line.column)
            return Replay(example, line, [], [pos], exc)
        events = [e for e in base.events if e.turn <= n]
        positions = list(base.positions[:n + 1])
        departures = [d for d in base.departures if d["turn"] <= n]
        pos, first = positions[-1], n + 1
    events = _Recorded(events, left)
    try:
        return _play_line(example, line, rules, pos, events, positions, departures, first)
    finally:
        recorded[id(line)] = left - events.left


def _play_line(example, line, rules, pos, events, positions, departures, first) -> Replay:
    moves = line.moves
    if not moves and line.parent is None and pos is not None and pos.hand is not None:
        moves = [[]]        # seeds in hand and no moves: the turn in progress, played to its end
    for n, turn in enumerate(moves, start=first):
        decisions = [(k, v) for k, v, _ in turn]
        departure = line.departures.get(n - first)
        endless = getattr(turn, "endless", None)
        try:
            if departure is not None:
                pos = _play_departure(rules, pos, decisions, n, events, departure, departures, example, turn)
            else:
                pos = rules.play(pos, decisions, turn_number=n, events=events, where=f"turn {n}, ")
        except EndlessTurn as exc:
            if endless and not isinstance(exc, LimitExceeded):   # what the example says: the replay found the loop
                return Replay(example, line, events, positions, None, departures, endless=str(exc.message))
            if isinstance(exc, LimitExceeded):
                pass        # a limit, not a loop: endless: true would not help
            elif n == 1 and example.start is not None and example.start.hand is not None:
                # the turn in progress (seeds in hand) has no opening: it is said with then: alone
                exc.hint = ("if the page says the turn in progress never ends, write it as the first of moves, "
                            "with no opening: `moves: [{then: [], endless: true}]` (then: lists its decisions)")
            else:
                exc.hint = "if the page says this turn never ends, write `endless: true` on it"
            exc.located(example.path, *(turn[-1][2] if turn else (line.line, line.column)))
            return Replay(example, line, events, positions, exc, departures)
        except MancalaError as exc:
            # locate the error at the decision it is about (the last one when one is missing)
            index = getattr(exc, "decision", None)
            if turn:
                index = len(turn) - 1 if index is None else min(index, len(turn) - 1)
                where = turn[index][2]
            else:
                where = (line.line, line.column)
            exc.located(example.path, *where)
            return Replay(example, line, events, positions, exc, departures)
        if endless:
            laps = max((e.lap for e in events if e.turn == n), default=0)
            error = ExampleError(f"turn {n}: the example says this turn never ends, but it ends after {laps} "
                                 f"lap{'s' if laps != 1 else ''}", file=example.path, line=endless[0],
                                 column=endless[1], expected="endless: true only on a turn that loops for ever")
            return Replay(example, line, events, positions + [pos], error, departures)
        positions.append(pos)
    return Replay(example, line, events, positions, None, departures)


def _play_departure(rules, pos, decisions, n, events, departure, departures, example, turn):
    """Play turn *n* with the departure's rule set aside; record whether the
    full rules refuse it."""
    try:
        relaxed = rules.without(departure.rule)
    except MancalaError as exc:
        exc.located(example.path, *(departure.at or (departure.line, None)))
        raise
    try:
        rules.play(pos, decisions, turn_number=n, events=[], where=f"turn {n}, ")
        refusal = None
    except IllegalMove as exc:
        refusal = exc.message
    except MancalaError as exc:         # the turn never ends, say: the rules do not allow it either
        refusal = exc.message
    departures.append({"turn": n, "rule": departure.rule, "reason": departure.reason, "line": departure.line,
                       "refusal": refusal})
    return relaxed.play(pos, decisions, turn_number=n, events=events,
                        where=f"turn {n} (with {departure.rule} set aside), ")


def replay(example: Example) -> list[Replay]:
    return [replay_line(example, ln) for ln in example.lines]
