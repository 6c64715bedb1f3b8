"""``mancala-diagrams explain DIAGRAM_ID``: which continuation produces a published board?

From the position just before the diagram in its example (the start of the
turn the example anchors it in; when the replay does not get there, see
:func:`.evidence.previous_diagram_start`), or from a position given on the
command line, every legal continuation within a bound is searched
(:mod:`..engine.search`) for the published grid.  Found: the decisions that
produce it, as YAML to paste into the example, with the anchor (``at:``) that
designates the board in the replay.  Not found: the bound, the number of
distinct positions searched, and the closest boards reached with their
cell-by-cell difference.

A suggestion never contradicts the example: when a diagram before the one
searched for is placed in the turn the search starts with, the search keeps
the example's decisions up to that diagram (it searches from there), and the
moves found are replayed and every diagram of the line placed in the turns
they cover is checked against them before they are offered.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..engine.search import Bound, Hit, Result, search
from ..engine.turn import run_turn
from ..errors import MancalaError
from .evidence import SearchStart, flat, previous_diagram_start, turn_start
from .examples import find_anchor, moment_text, replay_line, shared_turns, shown_anchor
from .scaffold import decisions_to_yaml
from .verify import Verifier, board_diff


@dataclass
class Explanation:
    diagram_id: str
    rules: object
    start: SearchStart
    target: list                     # rows, None for an empty hole
    bound: Bound
    result: Result | None = None
    anchor: str | None = None        # the at: of the found board
    example: str | None = None       # the example file the diagram is in
    note: str = ""                   # for a diagram that holds no position to search
    status: str | None = None        # for such a diagram: the verifier's status
    target_from: str = "published"   # published grid, or the example's transcription
    departure: dict | None = None    # the example's departure in the turns searched: its rule is set aside
    prefix: tuple = ()               # the example's decisions the first turn searched starts with
    kept: str | None = None          # the diagram those decisions keep in place
    contradicts: list = field(default_factory=list)   # diagrams placed in the example that the moves found undo
    own: bool = False                # found in the example's own replay: its moves stay as they are

    @property
    def found(self) -> bool:
        if self.result is None:
            return self.status in ("verified", "generated")
        return self.result.found is not None and self.anchor is not None and not self.contradicts


def find_diagram(verifier: Verifier, diagram_id):
    """(example, line, diagram) of the example that transcribes *diagram_id*,
    or None and the refusals of the files that could not be read or loaded
    (which ``check`` names too): each file of sources/ is read as ``check``
    reads it (a pipe, a folder, a link that loops or leads out, a file that is
    not UTF-8 or larger than MAX_FILE_BYTES is a refusal, never a hang), and
    only a file that names the id is loaded."""
    from .project import example_paths, read_text_file
    paths = example_paths(verifier.root)
    refused = list(paths.refused)
    sources = verifier.root / "sources"
    for path in paths:
        try:
            if diagram_id not in read_text_file(path, sources):
                continue
            ex = verifier.loader.load(path)
        except MancalaError as exc:
            refused.append(exc)
            continue
        for line in ex.lines:
            for d in line.diagrams:
                if d.id == diagram_id:
                    return (ex, line, d), refused
    return None, refused


def default_turns(rep, d, start: SearchStart) -> int:
    """Enough turns to reach the turn the example anchors the diagram in (2 when unknown)."""
    turn = None
    if d.anchor is not None:
        e = find_anchor(rep.events, d.anchor)
        turn = e.turn if e is not None else d.anchor[0]
    if turn is None:
        return 2
    return max(1, turn - start.first_turn + 1)


def anchor_for(rules, start: SearchStart, hit: Hit):
    """Replay the hit's moves with the full trace and name the board found: the
    first event at or after the hit that an anchor designates and whose board
    is the hit's.  Returns (anchor, events) or (None, events)."""
    events = []
    pos = start.position
    for i, turn in enumerate(hit.moves):
        pos = rules.play(pos, list(turn), turn_number=start.first_turn + i, events=events)
    turn = start.first_turn + max(hit.turn, 1) - 1
    candidates = [i for i, e in enumerate(events) if e.cells == hit.cells and e.turn == turn]
    if hit.turn == 0:
        candidates = [i for i, e in enumerate(events) if e.cells == hit.cells]
    for i in candidates:
        text = shown_anchor(events, i)[1]
        if text:
            return text, events
    return None, events


def explain(diagram_id, root=None, turns=None, laps=None, positions=1_000_000, keep=3,
            rules_name=None, position=None, seconds=60.0, memory=512) -> Explanation:
    """Search for the published board *diagram_id*.  With *rules_name* and
    *position* (a :class:`Position`), from that position; else from the
    position before the diagram in its example.  The search stops at
    *positions* positions, *seconds* seconds or *memory* MB of positions kept,
    whichever comes first."""
    memory = None if memory is None else memory * 2 ** 20
    v = Verifier(root)
    published = (v.published or {}).get(diagram_id)
    if position is not None:
        if rules_name is None:
            raise MancalaError("a start position needs the rules to play it", expected="--rules NAME")
        rules = v.library.load(rules_name)
        position = rules.with_initial_state(position)
        if published is None:
            raise MancalaError(f"no published diagram has the id {diagram_id!r}")
        start = SearchStart(position, 1, "the position given")
        bound = Bound(turns or 2, laps, positions, seconds, memory)
        return _run(Explanation(diagram_id, rules, start, published["rows"], bound), keep)
    found, refused = find_diagram(v, diagram_id)
    if found is None:
        unread = (f"; {len(refused)} file{'s' if len(refused) != 1 else ''} of sources/ could not be read or "
                  f"loaded, the first: {refused[0]}" if refused else "")
        if published is None:
            raise MancalaError(f"no published diagram and no example has the id {diagram_id!r}{unread}")
        raise MancalaError(f"no example transcribes {diagram_id!r} (page {published['page']}){unread}: give the "
                           f"position to search from", expected="--rules NAME --position TEXT (or --board ROWS)")
    ex, line, d = found
    rules = ex.rules
    target = published["rows"] if published is not None else d.grid
    target_from = "published" if published is not None else "transcription"
    path = v.rel(ex.path)
    if ex.kind != "game":
        if ex.kind == "start":
            start = SearchStart(rules.initial_position(), 1, "the rules' start")
            return _run(Explanation(diagram_id, rules, start, target, Bound(0, laps, positions, seconds, memory),
                                    example=path, target_from=target_from), keep)
        rows = [r for r in v.check_file(ex.path) if r.get("diagram") == diagram_id]
        status = rows[0]["status"] if rows else "mismatch"
        return Explanation(diagram_id, rules, None, target, Bound(0), example=path, status=status,
                           note=f"a {ex.kind} diagram holds no position to search; verify says: {status}"
                                + (f" ({rows[0].get('reason')})" if rows and rows[0].get("reason") else ""))
    rep = replay_line(ex, line)
    ev = find_anchor(rep.events, d.anchor) if d.anchor is not None else None
    if ev is not None and ev.turn <= len(rep.positions):
        # the position just before the diagram: the start of the turn the example anchors it in
        start = turn_start(rep, ev.turn)
    else:
        start = previous_diagram_start(rep, line, d)
    bound = Bound(turns or default_turns(rep, d, start), laps, positions, seconds, memory)
    # a turn the page plays against its own rules (a declared departure) is
    # searched as the example plays it: with the rule it names set aside
    searched = range(start.first_turn, start.first_turn + bound.turns)
    departure = next((dep for dep in rep.departures if dep["turn"] in searched), None)
    if departure is not None:
        rules = rules.without(departure["rule"])
    x = Explanation(diagram_id, rules, start, target, bound, example=path, target_from=target_from,
                    departure=departure)
    anchor = own_anchor(rep, start, flat(target), d)
    if anchor is not None:      # the example's own moves give it: only where, not how, is in question
        x.own, x.anchor = True, anchor
        x.result = Result(Hit((), 0, 0, "replay", 0, flat(target)), bound, positions=0)
        return x
    x.prefix, x.kept = placed_prefix(ex, rules, rep, line, d, start)
    _run(x, keep)
    if x.result.found is not None and x.result.found.moves:
        x.contradicts = contradicted(x, rep, line, d)
    return x


def own_anchor(rep, start: SearchStart, target, d) -> str | None:
    """Where the example's own replay shows *target*: the diagram's own anchor
    if it does, else the anchor of the first such board from the turn the
    search would start with (None if there is none, or no anchor designates
    it)."""
    e = find_anchor(rep.events, d.anchor) if d.anchor is not None else None
    if e is not None and tuple(e.cells) == target:
        return d.at
    for i, e in enumerate(rep.events):
        if e.turn >= start.first_turn and tuple(e.cells) == target:
            text = shown_anchor(rep.events, i)[1]
            if text:
                return text
    return None


def _placed(rep, diagram):
    """The event of the replay where *diagram* is placed (its anchor's board is
    its transcription), or None."""
    e = find_anchor(rep.events, diagram.anchor) if diagram.anchor is not None else None
    return e if e is not None and tuple(e.cells) == flat(diagram.grid) else None


def placed_prefix(ex, rules, rep, line, d, start: SearchStart):
    """(decisions, diagram id): the example's decisions of the first turn
    searched up to the last diagram before *d* that the example places in that
    turn, so that a search from them keeps it in place; ((), None) when the
    example places none there."""
    turn = start.first_turn
    diagrams = line.diagrams[:next(i for i, x in enumerate(line.diagrams) if x is d)]
    for before in reversed(diagrams):
        e = _placed(rep, before)
        if e is None or e.turn != turn or e.kind == "turn_end":
            continue
        index = turn - shared_turns(ex, line) - 1
        decisions = line.moves[index] if 0 <= index < len(line.moves) else []
        events = [x for x in rep.events if x.turn == turn]
        at = next(i for i, x in enumerate(events) if x is e)
        made = decisions_before(rules, start.position, turn, [(k, v) for k, v, _ in decisions], at)
        return (tuple((k, v) for k, v, _ in decisions[:made]), before.id) if made else ((), None)
    return (), None


class _Recorded(Exception):
    """The turn has recorded the event :func:`decisions_before` asks about,
    with *args[0]* decisions made."""


def decisions_before(rules, position, turn_number, decisions, index) -> int:
    """How many of a turn's *decisions* are made when the turn (played from
    *position*) records its event number *index* (0: the turn's start)."""
    events = []

    def recorded(ask, made):
        if len(events) > index:
            raise _Recorded(made)
    try:
        return run_turn(rules, position, [v for _, v in decisions], turn_number, events, check=recorded).used
    except _Recorded as stop:
        return stop.args[0]
    except MancalaError as exc:     # refused at a decision: those before it, and it, were made
        return exc.decision


def contradicted(x: Explanation, rep, line, d) -> list:
    """The diagrams of *line* (but *d*) that the example places in the turns the
    moves found cover and that those moves do not give: each id with the anchor
    and what the moves give there instead."""
    events, pos = [], x.start.position
    try:
        for i, turn in enumerate(x.result.found.moves):
            pos = x.rules.play(pos, list(turn), turn_number=x.start.first_turn + i, events=events)
    except MancalaError as exc:
        return [f"the moves found cannot be replayed ({exc.message})"]
    last = x.start.first_turn + max(len(x.result.found.moves), 1) - 1
    out = []
    for other in line.diagrams:
        e = _placed(rep, other) if other is not d else None
        if e is None or not x.start.first_turn <= e.turn <= last:
            continue
        if e.kind == "start" and e.turn == x.start.first_turn:
            continue        # the position the search starts from
        now = find_anchor(events, other.anchor)
        if now is None:
            out.append(f"{other.id} (at: {other.at}: no such moment in the moves found)")
        elif tuple(now.cells) != flat(other.grid):
            out.append(f"{other.id} (at: {other.at}: another board)")
    return out


def _run(x: Explanation, keep) -> Explanation:
    position = x.start.position
    if not x.prefix and tuple(position.cells) == flat(x.target):
        # the board searched for is the start itself (one with seeds in hand too)
        x.result = Result(Hit((), 0, 0, "start", 0, tuple(position.cells)), x.bound, positions=1, snapshots=1)
    else:
        x.result = search(x.rules, position, flat(x.target), x.bound, keep=keep, first_turn=x.start.first_turn,
                          first_decisions=x.prefix)
    if x.result.found is not None:
        if x.result.found.turn == 0 and not x.result.found.moves:
            x.anchor = "start" if x.start.first_turn == 1 else f"turn {x.start.first_turn} start"
        else:
            x.anchor, _ = anchor_for(x.rules, x.start, x.result.found)
    return x


# -- text ---------------------------------------------------------------------------------
def move_yaml(turn, geometry) -> str:
    """One turn of decisions as a YAML flow mapping, the form an example's moves take."""
    def flow(value):
        if isinstance(value, list):
            return "[" + ", ".join(flow(v) for v in value) + "]"
        if isinstance(value, dict):
            return "{" + ", ".join(f"{k}: {flow(v)}" for k, v in value.items()) + "}"
        return str(value)
    return flow(decisions_to_yaml(turn, geometry))


def rows_text(rows) -> list[str]:
    """Rows as an example writes them: '.' for an empty hole (None), a 0 as published."""
    width = max((len(str(v)) for r in rows for v in r if v is not None), default=1)
    return [" ".join(("." if v is None else str(v)).rjust(width) for v in r) for r in rows]


def moment(turn: int, hit: Hit) -> str:
    """The moment of a search's *hit* in the words of an example's ``at:``,
    *turn* counted in the example (a kind no anchor names: in its own word)."""
    return moment_text(hit.kind, turn, hit.lap, hit.seed) or f"turn {turn} lap {hit.lap} {hit.kind}"


def _diagram_yaml(x: Explanation) -> list:
    return ["diagrams:", f"  - id: {x.diagram_id}", f"    at: {x.anchor}", "    board: |",
            *("      " + line for line in rows_text(x.target))]


#: why a search stopped before the end of its bound, and how to go further
STOPPED = {"positions": "position limit", "seconds": "time limit", "memory": "memory limit",
           "unfinished": "first sight of the board in a turn it could not play to its end"}
WIDEN = {"positions": "a larger --positions searches further", "seconds": "a larger --seconds searches further",
         "memory": "a larger --memory (or fewer --turns) searches further",
         "unfinished": "fewer --laps, or a search from another position, may tell"}


def render(x: Explanation) -> str:
    """The explanation as text: YAML to paste (found) or the closest boards."""
    out = []
    if x.result is None:
        out.append(f"# {x.diagram_id}: {x.note}")
        return "\n".join(out)
    g = x.rules.geometry
    r = x.result
    if x.own:
        out.append(f"# {x.diagram_id} ({x.target_from} grid), rules {x.rules.name}: found in the replay of "
                   f"{x.example} as it is, from {x.start.description} on: its moves stay, the diagram goes at "
                   f"{x.anchor}")
        if x.departure is not None:
            out.append(f"# (the example declares a departure at turn {x.departure['turn']}: that turn is played "
                       f"with {x.departure['rule']} set aside)")
        out.extend(_diagram_yaml(x))
        return "\n".join(out)
    where = f"from {x.start.description}" + (f" of {x.example}" if x.example else "")
    out.append(f"# {x.diagram_id} ({x.target_from} grid), rules {x.rules.name}, searched {where}")
    if x.departure is not None:
        out.append(f"# the example declares a departure at turn {x.departure['turn']}: the page plays it against "
                   f"its rules, so {x.departure['rule']} is set aside in every turn searched")
    if x.kept is not None:
        out.append(f"# kept: the example's {len(x.prefix)} decision{'s' if len(x.prefix) != 1 else ''} of turn "
                   f"{x.start.first_turn} up to {x.kept}, which it places in that turn: only what follows them is "
                   "searched")
    out.append(f"# bound: {x.bound.describe()}; searched {r.positions:,} distinct position"
               f"{'s' if r.positions != 1 else ''}, {r.snapshots:,} board{'s' if r.snapshots != 1 else ''} compared"
               + ("" if r.exhausted or r.found is not None else f" ({STOPPED[r.stopped]}: not every continuation "
                                                                "within the bound was tried)"))
    if r.found is not None and x.contradicts:
        out.append(f"# not offered: the moves found reach the {x.target_from} grid at "
                   f"{x.anchor or 'a moment no anchor names'}, but they undo diagrams the example places: "
                   + "; ".join(x.contradicts))
        return "\n".join(out)
    if x.found:
        h = r.found
        out.append(f"# found: {x.anchor}" + (f" (after {len(h.moves)} turn{'s' if len(h.moves) != 1 else ''})"
                                           if h.moves else ""))
        if h.moves:
            last = x.start.first_turn + len(h.moves) - 1
            span = f"turn {x.start.first_turn}" + (f" to {last}" if last != x.start.first_turn else "")
            out.append(f"moves:   # {span}")
            for turn in h.moves:
                out.append(f"  - {move_yaml(turn, g)}")
        out.extend(_diagram_yaml(x))
        return "\n".join(out)
    if r.found is not None:
        out.append("# the board is reached, but no anchor designates that moment (a second capture in the "
                   "same lap ...): " + moment(x.start.first_turn + r.found.turn - 1, r.found))
        return "\n".join(out)
    if r.exhausted:
        out.append(f"# not found: no continuation within the bound reaches the {x.target_from} grid (every one "
                   "was tried)")
    else:
        out.append(f"# not found: no continuation tried reaches the {x.target_from} grid, but the search stopped "
                   f"at its {STOPPED[r.stopped]} before trying them all, so one may still: "
                   f"{WIDEN[r.stopped]}")
    for i, h in enumerate(r.closest, 1):
        differ = "1 hole differs" if h.distance == 1 else f"{h.distance} holes differ"
        out.append(f"# closest {i}: {differ}, at: {moment(x.start.first_turn + h.turn - 1, h)}")
        moves = "; ".join(move_yaml(t, g) for t in h.moves)
        out.append(f"#   decisions: {moves or '(none)'}")
        C = g.columns
        reached = [[v or None for v in h.cells[k * C:(k + 1) * C]] for k in range(g.rows)]
        for a, b in zip(rows_text(x.target), rows_text(reached)):
            out.append(f"#   {a}   |   {b}")
        for dd in board_diff(x.target, reached, g, labels=("published", "replay")):
            out.append(f"#   {dd['hole']}: {x.target_from} {dd['published'] or '.'}, reached {dd['replay'] or '.'}")
    return "\n".join(out)
