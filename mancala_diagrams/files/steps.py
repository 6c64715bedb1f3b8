"""The steps of a worked example as a page shows them.

For each published diagram of an example: the position to draw (with the seeds
in hand and the reserves), the events since the previous diagram (what its
caption tells), the few events that follow (how the last lap ends), the sowing
numbers of a track example, and the departures played in that step.  Also the
published grid as a position, and the holes where two boards differ.  Pure
data: the Sphinx extension turns a step into a figure, the drawing into pixels
and words.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from ..engine.geometry import CCW, SOUTH
from ..engine.position import Hand, Position
from ..errors import MancalaError
from .examples import Example, ExampleLoader, replay_line, shared_turns, track_grid
from .loader import RulesLibrary


@dataclass
class Step:
    diagram: object                 # the example's Diagram
    position: Position
    events: list = field(default_factory=list)       # since the previous diagram
    following: list = field(default_factory=list)    # the next few events, if any
    numbers: dict | None = None     # a track's sowing numbers, shown on the board
    departures: list = field(default_factory=list)   # rules set aside in this step's turns


_LIBRARIES: dict = {}


def rules_library(directory, signature=None) -> RulesLibrary:
    """One rules library per rules folder for a whole build (each example used to
    parse its rules files again), renewed when a rules file changes: when the
    *signature* changes, a hash of the folder's files already taken (the
    :func:`project_digest` of a build), else their names, times and sizes."""
    if signature is None:
        signature = tuple((p.name, st.st_mtime_ns, st.st_size)
                          for p in sorted(Path(directory).glob("*.yaml")) for st in (p.stat(),))
    cached = _LIBRARIES.get(str(directory))
    if cached is None or cached[0] != signature:
        cached = _LIBRARIES[str(directory)] = (signature, RulesLibrary(directory))
    return cached[1]


def load_example(path, root, project=None) -> Example:
    """The example file *path*, with the rules of the project at *root*
    (*project*: its :func:`project_digest`, if already taken)."""
    if not Path(path).exists():
        raise MancalaError("no such example file", file=str(path))
    return ExampleLoader(rules_library(Path(root) / "rules", project)).load(path)


def load_steps(path, root, cache_dir=None, project=None) -> tuple[Example, list]:
    """The example file *path* (rules of the project at *root*) and its
    :class:`Step` list.  With *cache_dir* (a site build's image folder, shared by
    the builds of both languages) both are kept there in a file named by a hash
    of everything they were made from (:func:`_steps_key`) and read back by the
    next build whose inputs are byte for byte the same: the French build does
    not parse, check and replay again what the English one just did.  An
    example that fails to load is never kept (the error comes again, the same).
    *project*: :func:`project_digest` of *root*, if already taken."""
    if cache_dir is None:
        example = load_example(path, root)
        return example, list(example_steps(example))
    import pickle
    project = project or project_digest(root)
    key = _steps_key(path, root, project)
    cache = Path(cache_dir) / f"steps-{key}.pickle" if key else None
    if cache is not None:
        try:
            with open(cache, "rb") as fh:
                return pickle.load(fh)
        except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError, ValueError):
            pass
    example = load_example(path, root, project)
    steps = list(example_steps(example))
    # a start read from the published transcriptions is in the key (project_digest); one read
    # from another example's transcription (../shared/published absent) is not: not kept
    if cache is not None and (example.start_from is None or _published(root) is not None):
        from ..atomic import write_atomically
        try:
            write_atomically(cache, pickle.dumps((example, steps), protocol=pickle.HIGHEST_PROTOCOL))
        except (OSError, pickle.PicklingError, TypeError, AttributeError):
            pass
    return example, steps


def _published(root):
    from .project import published_dir
    return published_dir(root)


def project_digest(root) -> bytes:
    """A hash of what loading any example of the project at *root* reads besides
    the example file: every rules file (names and bytes), the pages a source may
    name, the published transcriptions (names and bytes: a start ``from:`` a
    published diagram is read there), and the code (:func:`.memo.code_digest`,
    hashed once per process).  The Sphinx extension takes it once per build."""
    import hashlib
    from . import memo
    from .project import known_pages
    h = hashlib.blake2b(memo.code_digest(), digest_size=16)
    for f in sorted((Path(root) / "rules").rglob("*.yaml")):
        h.update(f"{f.relative_to(root)}\0".encode() + (memo.file_digest(f) or b"-"))
    for kind, names in sorted(known_pages(root).items()):
        h.update(f"{kind}\0{chr(0).join(sorted(names))}\0".encode())
    pub = _published(root)
    for f in sorted(Path(pub).glob("*.json")) if pub is not None else []:
        h.update(f"{f.name}\0".encode() + (memo.file_digest(f) or b"-"))
    return h.digest()


def _steps_key(path, root, project) -> str | None:
    """A hash of what loading *path* reads: its name as given (it is in the
    messages) and bytes, and *project* (:func:`project_digest` of *root*);
    None if the example cannot be read."""
    import hashlib
    import os
    from . import memo
    digest = memo.file_digest(path)
    if digest is None:
        return None
    h = hashlib.blake2b(project, digest_size=16)
    text = str(path)
    h.update(f"{text}\0{'' if os.path.isabs(text) else os.getcwd()}\0{os.path.realpath(root)}\0".encode())
    h.update(digest)
    return h.hexdigest()


def grid_position(grid, like: Position) -> Position:
    """A published grid (rows of counts, None for empty) as a position like *like*."""
    return replace(like, cells=tuple(v or 0 for row in grid for v in row))


def differing(a: Position, b: Position) -> list:
    """The holes whose counts differ (none if the boards differ in size)."""
    if a.geometry.size != b.geometry.size:
        return []
    return [h for h, (x, y) in enumerate(zip(a.cells, b.cells)) if x != y]


def numbers_from_grid(grid, geometry) -> dict:
    """{hole: number} of a grid of numbers (None: no number)."""
    C = geometry.columns
    return {r * C + c: v for r, row in enumerate(grid) for c, v in enumerate(row) if v is not None}


def position_at(event, rep, g) -> Position:
    """The board right after *event* of the replay *rep*, with the seeds in hand and the reserves."""
    positions = rep.positions
    base = positions[min(event.turn - 1, len(positions) - 1)] if positions else None
    reserves = list(base.reserves) if base is not None else [0, 0]
    if event.kind != "start":
        for e in rep.events:   # a seed placed from the reserve during this turn
            if e.turn == event.turn and e.kind == "place":
                idx = 0 if e.player == SOUTH else 1
                reserves[idx] = max(0, reserves[idx] - (e.count or 1))
            if e is event:
                break
    hand = Hand(event.hand, event.holes[0] if event.holes else 0, event.direction or CCW) if event.hand else None
    if event.kind == "start" and base is not None and base.hand is not None:
        hand = base.hand    # a turn under way: the seeds in hand before the first is sown
    # the mechanics' state (a special hole chosen at a set-up turn ...): once a turn
    # has begun, the state it ends with
    after = positions[event.turn] if event.kind != "start" and event.turn < len(positions) else base
    return Position(g, tuple(event.cells), to_move=event.player if event.player in g.players else SOUTH,
                    reserves=tuple(reserves), state=after.state if after is not None else (), hand=hand)


def example_steps(example: Example):
    """The :class:`Step` of every diagram of *example*, in order."""
    g = example.rules.geometry
    if example.kind == "start":
        start = example.rules.initial_position()
        for d in example.diagrams:
            yield Step(d, start)
        return
    if example.kind == "special-holes":     # coloured holes only: the marks are the drawing
        board = Position.empty(g.columns, g.rows_per_player, g.solo)
        for d in example.diagrams:
            yield Step(d, board)
        return
    if example.kind == "track":
        numbers = numbers_from_grid(track_grid(example), g)
        board = Position.empty(g.columns, g.rows_per_player, g.solo)
        for d in example.diagrams:
            visible = {h: n for h, n in numbers.items()
                       if d.grid[h // g.columns][h % g.columns] is not None} or numbers
            yield Step(d, board, numbers=visible)
        return
    for line in example.lines:
        rep = replay_line(example, line)
        shared = shared_turns(example, line)       # a branch's turns shared with its parent line
        done = sum(1 for e in rep.events if e.turn <= shared)
        for d in line.diagrams:
            ev = rep.event(d)
            if ev is None:
                why = f": {rep.error}" if rep.error else ""
                raise MancalaError(f"diagram {d.id}: the replay has no event {d.at!r}{why}",
                                   file=example.path, line=d.line)
            idx = next(i for i, e in enumerate(rep.events) if e is ev)
            chunk = rep.events[done:idx + 1] if idx >= done else [ev]
            done = max(done, idx + 1)
            turns = {e.turn for e in chunk}
            departures = [x for x in rep.departures if x["turn"] in turns and x["turn"] > shared]
            yield Step(d, position_at(ev, rep, g), chunk, rep.events[idx + 1:idx + 5], None, departures)
