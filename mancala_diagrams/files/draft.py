"""``mancala-diagrams draft PAGE``: draft example files for a published page.

The diagrams of the page are taken in order and chained by the search of
``explain``: from the replay so far, the next diagram is looked for later in
the turn being played, then in the turns that follow (every decision of each),
then by deciding the current turn otherwise (as long as every diagram already
placed stays where it is).  A run of chained diagrams becomes one example file,
with the decisions found and the anchor of each diagram, and the page's text
beside each diagram as a comment.  Where no continuation is found, the chain
stops: the diagram gets a file of its own that holds a ``TODO`` (which
``check`` and ``verify`` refuse until a person has dealt with it), and the
next chain starts from its board.

Which rules: those of the page's existing examples (``source.page``), or the
ones given, tried in turn for each board size; who moves and what the players
hold in reserve at a chain's start are not drawn, so each possibility is tried.
"""
from __future__ import annotations

import json
import textwrap
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..engine.geometry import CCW, CW, NORTH, SOUTH, direction_name
from ..engine.position import Hand, Position
from ..engine.search import Bound, search
from ..errors import MancalaError
from .examples import anchor_of
from .explain import move_yaml, rows_text
from .marks import event_roles, static_roles
from .project import example_paths, published_dir


@dataclass
class Chain:
    rules: object
    start: Position
    start_id: str | None             # the published diagram the chain starts from (None: the rules' start)
    moves: list = field(default_factory=list)          # complete turns, each a tuple of (kind, value)
    diagrams: list = field(default_factory=list)       # (id, anchor, event index, rows, marks, text)
    events: list = field(default_factory=list)
    positions: list = field(default_factory=list)

    def replay(self, moves):
        events, positions, pos = [], [self.start], self.start
        for n, turn in enumerate(moves, start=1):
            pos = self.rules.play(pos, list(turn), turn_number=n, events=events)
            positions.append(pos)
        return events, positions


def page_diagrams(directory, page):
    """[(id, rows, marks, text before)] of a published page, in order."""
    path = Path(directory) / f"{page}.json"
    if not path.is_file():
        known = sorted(p.stem for p in Path(directory).glob("*.json"))
        raise MancalaError(f"no published page {page!r}", expected=", ".join(known))
    data = json.loads(path.read_text(encoding="utf-8"))
    out, text = [], ""
    for b in data["blocks"]:
        if b["kind"] == "diagram":
            out.append((b["id"], b["rows"], b.get("marks"), text))
            text = ""
        elif b.get("text"):
            text = (text + " " + b["text"]).strip() if b["kind"] == "p" else b["text"]
    return out


def page_rules(verifier, page, names=None):
    """The rules to try for *page*: *names*, else those of the page's examples,
    most used first."""
    if names:
        return [verifier.library.load(n) for n in names]
    counts = {}
    for path in example_paths(verifier.root):
        try:
            ex = verifier.loader.load(path)
        except MancalaError:
            continue
        if ex.source.get("page") == page:     # game examples first, then the others' rules
            weight = len(ex.diagrams) * (1000 if ex.kind == "game" else 1)
            counts[ex.rules.name] = counts.get(ex.rules.name, 0) + weight
    return [verifier.library.load(n) for n in sorted(counts, key=lambda n: -counts[n])]


def _cells(rows):
    return tuple(v or 0 for row in rows for v in row)


def _fits(rules, rows):
    g = rules.geometry
    return len(rows) == g.rows and all(len(r) == g.columns for r in rows)


def _starts(rules, rows):
    """The positions a chain may start from at a published board: each player
    to move, and the reserves that make up the game's seeds."""
    g = rules.geometry
    initial = rules.initial_position()
    total = sum(initial.cells) + sum(initial.reserves)
    board = Position(g, _cells(rows))
    missing = total - sum(board.cells)
    if any(initial.reserves) and missing >= 0:
        half = missing // 2
        splits = [(missing - half, half), (half, missing - half)]
    else:
        splits = [(0, 0)]
    out = []
    for player in g.players:
        for reserves in dict.fromkeys(splits):
            out.append(rules.with_initial_state(replace(board, to_move=player, reserves=reserves)))
    return out


def _mid_turn_starts(starts, rules):
    """The same boards with a turn in progress (a page often starts there),
    either way round: a lap has just ended in one of the player's holes, or,
    when the board lacks seeds, they are in hand, to be sown from one of them."""
    out = []
    initial = rules.initial_position()
    total = sum(initial.cells) + sum(initial.reserves)
    for start in starts:
        g = start.geometry
        for hole in g.track(start.to_move):
            if start.cells[hole]:
                for direction in (CCW, CW):
                    out.append(replace(start, hand=Hand(0, hole, direction, True, False)))
    for player in dict.fromkeys(s.to_move for s in starts):
        base = next(s for s in starts if s.to_move == player)
        missing = total - sum(base.cells)
        if missing > 0:
            for hole in base.geometry.track(player):
                for direction in (CCW, CW):
                    out.append(replace(base, reserves=(0, 0), hand=Hand(missing, hole, direction, True, False)))
    return out


def _locate(events, cells, after):
    """The first event after index *after* whose board is *cells* and that an
    anchor designates: (index, anchor) or None."""
    for i in range(after + 1, len(events)):
        if events[i].cells == cells:
            text = anchor_of(events, i)
            if text:
                return i, text
    return None


def _place_all(chain, moves, targets):
    """Replay *moves* and place every diagram of *targets* (cells) in order:
    the list of (index, anchor), or None."""
    try:
        events, positions = chain.replay(moves)
    except MancalaError:
        return None
    placed, after = [], -1
    for cells in targets:
        found = _locate(events, cells, after)
        if found is None:
            return None
        placed.append(found)
        after = found[0]
    return placed, events, positions


def extend(chain, cells, turns=2, positions=100_000):
    """Try to reach *cells* from the chain's replay; on success, update the
    chain's moves and return the new placements; else None."""
    targets = [_cells(d[3]) for d in chain.diagrams] + [cells]
    after = chain.diagrams[-1][2] if chain.diagrams else -1
    # 1. later in the replay as it stands (the turn being played goes on)
    found = _locate(chain.events, cells, after)
    if found is not None:
        return chain.moves, [(d[2], d[1]) for d in chain.diagrams] + [found], chain.events, chain.positions
    # 2. in the turns after the replay, 3. deciding the last turn otherwise
    played = len(chain.moves)
    for keep in (played, played - 1):
        if keep < 0:
            continue
        start = chain.positions[keep]
        result = search(chain.rules, start, cells, Bound(turns=turns, positions=positions), keep=0,
                        first_turn=keep + 1)
        if result.found is None:
            continue
        moves = list(chain.moves[:keep]) + list(result.found.moves)
        placed = _place_all(chain, moves, targets)
        if placed is not None:
            return (moves, *placed)
    return None


def _roles_for(marks, rules, events, index):
    """marks_show for a diagram's marks: each colour the role whose holes are
    exactly the coloured ones at that moment; None when a colour has none."""
    g = rules.geometry
    e = events[index]
    pos = Position(g, tuple(e.cells), to_move=e.player if e.player in g.players else g.players[0],
                   state=e.state)
    roles = {**static_roles(rules, pos), **event_roles(events, index)}
    show = {}
    for colour in sorted({v for row in marks for v in row if v}):
        holes = {r * g.columns + c for r, row in enumerate(marks) for c, v in enumerate(row) if v == colour}
        match = next((role for role in sorted(roles, key=lambda k: (k.count(".") == 0, k))
                      if roles[role] == holes), None)
        if match is None:
            return None
        show[colour] = match
    return show


@dataclass
class DraftFile:
    name: str
    text: str
    chained: list                # ids placed by decisions the search found
    starts: list                 # ids placed at the start (the rules' start, or the chain's own board)
    todo: list                   # ids no continuation reached


def draft_page(verifier, page, rules_names=None, turns=2, positions=100_000, log=None) -> list[DraftFile]:
    pub = published_dir(verifier.root)
    if pub is None:
        raise MancalaError("the published transcriptions are not found (../shared/published, or "
                           "$MANCALA_PUBLISHED)")
    diagrams = page_diagrams(pub, page)
    candidates = page_rules(verifier, page, rules_names)
    if not candidates:
        raise MancalaError(f"no example of page {page} names its rules: give them", expected="--rules NAME")
    files, chain, todo = [], None, []
    prev_id = None
    for i, (did, rows, marks, text) in enumerate(diagrams):
        if log:
            log(f"{did} ...")
        if not all(v is None or (isinstance(v, int) and v >= 0) for row in rows for v in row):
            # numbers and labels (a sowing order, a picture): no board of seeds to search for
            if chain is not None and chain.diagrams:
                files.append(_write_chain(page, len(files) + 1, chain))
            chain = None
            files.append(_write_todo(page, did, rows, marks, text, prev_id, candidates, turns,
                                     why="is not a board of seeds (a numbered track or a picture): "
                                         "draw it with a track or special-holes example"))
            prev_id = did
            continue
        cells = _cells(rows)
        placed = None
        if chain is not None and _fits(chain.rules, rows):
            placed = extend(chain, cells, turns, positions)
        if placed is not None:
            chain.moves, placements, chain.events, chain.positions = placed
            chain.diagrams = [(d[0], a, idx, d[3], d[4], d[5])
                              for d, (idx, a) in zip(chain.diagrams + [(did, None, None, rows, marks, text)],
                                                     placements)]
            prev_id = did
            continue
        # no continuation: close the chain, start another from this board
        if chain is not None and chain.diagrams:
            files.append(_write_chain(page, len(files) + 1, chain))
        chain = _new_chain(candidates, did, rows, marks, text, diagrams[i + 1:i + 2], turns, positions)
        if chain is None or not chain.diagrams:     # the diagram is not the rules' start: a TODO
            files.append(_write_todo(page, did, rows, marks, text, prev_id, candidates, turns))
        prev_id = did
    if chain is not None and chain.diagrams:
        files.append(_write_chain(page, len(files) + 1, chain))
    return files


def _new_chain(candidates, did, rows, marks, text, following, turns, positions):
    """A chain that starts at diagram *did*: from the rules' start when the
    board is it (the diagram is then the chain's first), else from the board
    with the player and reserves that let the next diagram be reached."""
    fitting = [r for r in candidates if _fits(r, rows)]
    for rules in fitting:
        initial = rules.initial_position()
        if initial.cells == _cells(rows):
            chain = Chain(rules, initial, None)
            chain.events, chain.positions = [], [initial]
            chain.diagrams = [(did, "start", -1, rows, marks, text)]
            return chain
    for rules in fitting:
        starts = _starts(rules, rows)
        # a turn in progress is tried with a small bound: a page that starts mid-turn shows the
        # turn going on, and there are many such starts
        tries = [(st, turns, positions) for st in starts]
        tries += [(st, 1, min(positions, 2_000)) for st in _mid_turn_starts(starts, rules)]
        for start, t, n in tries:
            chain = Chain(rules, start, did)
            chain.events, chain.positions = [], [start]
            if following and _fits(rules, following[0][1]):
                if extend(chain, _cells(following[0][1]), t, n) is not None:
                    return chain
        if starts:
            fallback = Chain(rules, starts[0], did)
            fallback.events, fallback.positions = [], [starts[0]]
    return locals().get("fallback")


def _comment(text, indent, width=92):
    if not text:
        return []
    text = " ".join(text.split())
    if len(text) > 600:
        text = text[:600].rsplit(" ", 1)[0] + " ..."
    return [f"{indent}# {line}" for line in textwrap.wrap(f"page: {text}", width - len(indent) - 2)]


def _start_lines(chain):
    pos = chain.start
    out = ["start:"]
    if chain.start_id is not None:
        out.append(f"  from: {chain.start_id}")
    out.append(f"  to_move: {pos.to_move}")
    if any(pos.reserves) or chain.rules.start.get("reserve"):
        out.append(f"  reserve: {{south: {pos.reserves[0]}, north: {pos.reserves[1]}}}")
    if pos.hand is not None:
        g, h = chain.rules.geometry, pos.hand
        where = f"seeds: {h.seeds}, hole: {g.name(h.hole)}" if h.seeds else f"last: {g.name(h.hole)}"
        out.append(f"  hand: {{{where}, direction: {direction_name(h.direction)}, first_lap: false}}")
    return out


def _write_chain(page, n, chain) -> DraftFile:
    name = f"{page}-draft-{n:02d}"
    g = chain.rules.geometry
    ids = [d[0] for d in chain.diagrams]
    first, last = ids[0], ids[-1]
    lines = ["# yaml-language-server: $schema=../../mancala_diagrams/files/schemas/example.schema.json",
             f"# Drafted by `mancala-diagrams draft {page}`: the moves are those the search found between",
             "# consecutive diagrams; review them against the page's text, rename the file, and write the title.",
             f"example: {name}", f"rules: {chain.rules.name}",
             "title:",
             f"  en: \"Page {page}, diagrams {first} to {last}, as drafted\"",
             f"  fr: \"Page {page}, diagrammes {first} à {last}, en brouillon\"",
             "source:", f"  page: {page}"]
    lines += _start_lines(chain)
    if chain.moves:
        lines.append("moves:")
        lines += [f"  - {move_yaml(turn, g)}" for turn in chain.moves]
    lines.append("diagrams:")
    chained, starts = [], []
    for did, anchor, index, rows, marks, text in chain.diagrams:
        lines += _comment(text, "  ")
        lines += [f"  - id: {did}", f"    at: {anchor}"]
        if marks:
            show = _roles_for(marks, chain.rules, chain.events, index) if index >= 0 else None
            lines.append("    marks: |")
            lines += ["      " + " ".join(v or "." for v in row) for row in marks]
            if show:
                lines.append("    marks_show: {" + ", ".join(f"{c}: {r}" for c, r in show.items()) + "}")
            else:
                lines.append("    # review: no role of the rules singles out exactly these coloured holes here")
        lines.append("    board: |")
        lines += ["      " + r for r in rows_text(rows)]
        (starts if anchor in ("start", "turn 1 start") else chained).append(did)
    return DraftFile(name, "\n".join(lines) + "\n", chained, starts, [])


def _write_todo(page, did, rows, marks, text, prev_id, candidates, turns, why=None) -> DraftFile:
    name = f"{page}-draft-{did}-todo"
    g = next((r for r in candidates if _fits(r, rows)), candidates[0])
    whence = f"from {prev_id}" if prev_id else "from the page's previous diagram"
    what = (f"# TODO: {did} {why}." if why else
            f"# TODO: no continuation {whence} reaches {did} within {turns} turns (every decision tried).")
    lines = ["# yaml-language-server: $schema=../../mancala_diagrams/files/schemas/example.schema.json",
             what,
             f"# Find the moves that lead here (`mancala-diagrams explain {did} --turns N`), or declare an",
             "# erratum with its evidence, or say why the page starts afresh here; then remove this TODO.",
             f"example: {page}-draft-{did}-todo", f"rules: {g.name}",
             "title:", f"  en: \"Page {page}, diagram {did}, not reached\"",
             f"  fr: \"Page {page}, diagramme {did}, non atteint\"",
             "source:", f"  page: {page}",
             "start:", f"  from: {did}", "  to_move: south"]
    if g.start.get("reserve"):
        lines.append("  reserve: {south: 0, north: 0}")
    lines += ["diagrams:"] + _comment(text, "  ") + [f"  - id: {did}", "    at: start", "    board: |"]
    lines += ["      " + r for r in rows_text([[v for v in row] for row in rows])]
    return DraftFile(name, "\n".join(lines) + "\n", [], [], [did])
