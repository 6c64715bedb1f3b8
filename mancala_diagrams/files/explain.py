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
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..engine.search import Bound, Hit, Result, search
from ..errors import MancalaError
from .evidence import SearchStart, flat, previous_diagram_start, turn_start
from .examples import anchor_of, find_anchor, replay_line
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

    @property
    def found(self) -> bool:
        if self.result is None:
            return self.status in ("verified", "generated")
        return self.result.found is not None and self.anchor is not None


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
        text = anchor_of(events, i)
        if text:
            return text, events
    return None, events


def explain(diagram_id, root=None, turns=None, laps=None, positions=1_000_000, keep=3,
            rules_name=None, position=None) -> Explanation:
    """Search for the published board *diagram_id*.  With *rules_name* and
    *position* (a :class:`Position`), from that position; else from the
    position before the diagram in its example."""
    v = Verifier(root)
    published = (v.published or {}).get(diagram_id)
    if position is not None:
        if rules_name is None:
            raise MancalaError("a start position needs the rules to play it", expected="--rules NAME")
        rules = v.library.load(rules_name)
        position = rules.with_initial_state(position)
        if published is None:
            raise MancalaError(f"no published diagram has the id {diagram_id}")
        start = SearchStart(position, 1, "the position given")
        bound = Bound(turns or 2, laps, positions)
        target = published["rows"]
        ex_path = None
        return _run(Explanation(diagram_id, rules, start, target, bound, example=ex_path), keep)
    found, refused = find_diagram(v, diagram_id)
    if found is None:
        unread = (f"; {len(refused)} file{'s' if len(refused) != 1 else ''} of sources/ could not be read or "
                  f"loaded, the first: {refused[0]}" if refused else "")
        if published is None:
            raise MancalaError(f"no published diagram and no example has the id {diagram_id}{unread}")
        raise MancalaError(f"no example transcribes {diagram_id} (page {published['page']}){unread}: give the "
                           f"position to search from", expected="--rules NAME --position TEXT (or --board ROWS)")
    ex, line, d = found
    rules = ex.rules
    target = published["rows"] if published is not None else d.grid
    target_from = "published" if published is not None else "transcription"
    path = v.rel(ex.path)
    if ex.kind != "game":
        if ex.kind == "start":
            start = SearchStart(rules.initial_position(), 1, "the rules' start")
            return _run(Explanation(diagram_id, rules, start, target, Bound(0, laps, positions), example=path,
                                    target_from=target_from), keep)
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
    bound = Bound(turns or default_turns(rep, d, start), laps, positions)
    # a turn the page plays against its own rules (a declared departure) is
    # searched as the example plays it: with the rule it names set aside
    searched = range(start.first_turn, start.first_turn + bound.turns)
    departure = next((dep for dep in rep.departures if dep["turn"] in searched), None)
    if departure is not None:
        rules = rules.without(departure["rule"])
    return _run(Explanation(diagram_id, rules, start, target, bound, example=path, target_from=target_from,
                            departure=departure), keep)


def _run(x: Explanation, keep) -> Explanation:
    x.result = search(x.rules, x.start.position, flat(x.target), x.bound, keep=keep,
                      first_turn=x.start.first_turn)
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


def render(x: Explanation) -> str:
    """The explanation as text: YAML to paste (found) or the closest boards."""
    out = []
    if x.result is None:
        out.append(f"# {x.diagram_id}: {x.note}")
        return "\n".join(out)
    g = x.rules.geometry
    r = x.result
    where = f"from {x.start.description}" + (f" of {x.example}" if x.example else "")
    out.append(f"# {x.diagram_id} ({x.target_from} grid), rules {x.rules.name}, searched {where}")
    if x.departure is not None:
        out.append(f"# the example declares a departure at turn {x.departure['turn']}: the page plays it against "
                   f"its rules, so {x.departure['rule']} is set aside in every turn searched")
    out.append(f"# bound: {x.bound.describe()}; {r.positions} distinct positions, {r.snapshots} boards compared"
               + ("" if r.exhausted else " (stopped at the position limit: not every continuation was tried)"))
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
        out.append("diagrams:")
        out.append(f"  - id: {x.diagram_id}")
        out.append(f"    at: {x.anchor}")
        out.append("    board: |")
        out.extend("      " + line for line in rows_text(x.target))
        return "\n".join(out)
    if r.found is not None:
        out.append("# the board is reached, but no anchor designates that moment (a second capture in the "
                   "same lap ...): " + f"turn {x.start.first_turn + r.found.turn - 1} lap {r.found.lap} "
                   f"{r.found.kind}")
        return "\n".join(out)
    out.append(f"# not found: no continuation within the bound reaches the {x.target_from} grid")
    for i, h in enumerate(r.closest, 1):
        turn = x.start.first_turn + h.turn - 1
        out.append(f"# closest {i}: {h.distance} holes differ, turn {turn} lap {h.lap} "
                   f"{h.kind.replace('_', ' ')}")
        moves = "; ".join(move_yaml(t, g) for t in h.moves)
        out.append(f"#   decisions: {moves or '(none)'}")
        C = g.columns
        reached = [[v or None for v in h.cells[k * C:(k + 1) * C]] for k in range(g.rows)]
        for a, b in zip(rows_text(x.target), rows_text(reached)):
            out.append(f"#   {a}   |   {b}")
        for dd in board_diff(x.target, reached, g, labels=("published", "replay")):
            out.append(f"#   {dd['hole']}: {x.target_from} {dd['published'] or '.'}, reached {dd['replay'] or '.'}")
    return "\n".join(out)
