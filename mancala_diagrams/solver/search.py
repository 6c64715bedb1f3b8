"""Optimal solver for katro bevohoka (Ambohimanga version), solitaire form.

Pure Python, no I/O, and deliberately self-contained: it does not import the
rest of the package, so that it can be cross-checked against the general rules
engine.

The game
--------
One player's two rows of ``C`` columns (2 <= C <= 8), two seeds per hole.  The
player picks a special hole and a sowing direction kept for the whole game.
Setup: the special hole's two seeds are sown once (one in each of the next two
holes), leaving it empty.  A *lap* (elementary sowing) takes every seed of an
ordinary hole and sows them one per hole from the next hole along the track
(the special hole receives seeds; with more seeds than holes the sowing goes
round, the emptied starting hole included).  When the last seed of a lap falls

* into an ordinary hole that was empty, the turn ends;
* into a non-empty ordinary hole, that hole is sown on (relay), same turn;
* into the special hole, the player chooses any non-empty ordinary hole and
  sows it, same turn; if there is none, all seeds are in the special hole and
  the game is won.

Goal: all ``4C`` seeds in the special hole in as few turns as possible, and,
among those, in as few laps as possible.

Hole notation: columns ``a, b, c...`` from the player's left, row ``1`` is the
outer row and row ``2`` the inner row (``f2`` is the inner-row right end of a
6-column board).  The track is the ring of the two rows: counterclockwise is
the outer row left to right, then the inner row right to left; clockwise is the
reverse.  (The published diagrams show the inner row on top.)

How the search works
--------------------
*Symmetry.*  The rules only see the cyclic order of the ``2C`` holes and which
one is special, and the setup is the same everywhere, so a rotation of the ring
maps the game for one special hole onto the game for any other, and a mirror
image maps clockwise onto counterclockwise.  The search therefore runs once per
width on a canonical ring (special hole at index 0, sowing towards increasing
indices, seeds 0, 3, 3, 2, 2, ... after setup) and its answer is relabelled for
any special hole and direction (:func:`relabel`).  The tests check this claim
with a brute force that works on the real two-row board for every special hole
and both directions.

*States.*  A state is the board at a *choice point*: the start of a turn, or a
moment when a lap has just ended in the special hole.  The options are the same
at both (sow any non-empty ordinary hole), so one board is one node whatever
the kind of choice point.  A board is packed into an int, 6 bits per hole
(at most 32 seeds), the special hole in the low bits.

*Edges.*  From a state, choosing hole ``p`` runs a *segment*: the lap from
``p`` and its relays, deterministic, until a lap ends in the special hole
(cost: 0 turns, that many laps; a new choice point in the same turn) or in an
empty ordinary hole (cost: 1 turn; the next turn starts).  A segment that never
ends (the same (board, hole) comes back) is counted in
``Result.cyclic_segments`` and treated as not ending: it leads nowhere.  (None
exists: a lap passes the special hole, and so adds a seed to it, whenever it
goes round; between two such laps the relays move strictly forward along the
track; the special hole never loses seeds.  So a segment has at most about
``4C * 2C`` laps.  The detection is a safety net, and reports 0.)
A game takes ``1 + (number of turn-ending segments)`` turns: the last turn
ends with the win, always after a lap into the special hole.

*Search.*  Lexicographic shortest path on (turns, laps), done layer by layer:
layer ``t`` holds the boards first reachable after exactly ``t`` turn-ending
segments.  A board met in an earlier layer is never kept in a later one (any
continuation from it is shorter in turns from the earlier layer, whatever the
laps).  Inside a layer, only 0-turn edges are followed, with A* on laps
(bucket queue).  If the winning board is popped in layer ``t`` the optimum is
``t + 1`` turns and its lap count; otherwise the layer has been exhausted, its
laps are exact, and a second pass over it computes the entry boards of layer
``t + 1``.  This is an exhaustive BFS over turns with Dijkstra/A* on laps.

*Admissible bound (A*).*  ``h(board)`` is the larger of two lower bounds on
the laps still needed, both admissible and consistent (so their maximum is):

1. the number of non-empty ordinary holes.  Every lap empties exactly one
   hole (its starting hole) and seeds only leave a hole when it starts a lap,
   so each non-empty ordinary hole costs at least one more lap.  A segment of
   ``k`` laps empties at most ``k`` holes, so ``h`` drops by at most ``k``.
2. ``ceil(R / m)`` with ``R`` the seeds outside the special hole and
   ``m = 1 + (R - 1) // n`` (``n = 2C`` holes).  A lap sows at most ``R``
   seeds into consecutive holes, so it passes the special hole at most
   ``ceil(R / n) = m`` times: it adds at most ``m`` seeds to it.  As ``R``
   only decreases, ``m`` never grows, and a segment of ``k`` laps lowers
   ``ceil(R / m)`` by at most ``k``.

With a consistent heuristic a popped board has its exact lap count, and the
smallest ``g + h`` still queued is a valid lower bound on the laps of any win
in that layer: that is the laps lower bound reported when a search stops on
its budget.

*Upper bounds.*  When the exact search is cut off, a depth-first search
(:func:`_greedy_search`) starts from the best queued boards of the current
layer, tries laps ending in the special hole first and, among them, the
results with the most holes ready to end in the special hole, and looks for a
win in the current number of turns, then one or two more: any win it finds is
replayed into a full game and gives an upper bound.  It proves nothing else.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, asdict
from typing import Sequence

__all__ = [
    "COUNTERCLOCKWISE",
    "CLOCKWISE",
    "MIN_COLUMNS",
    "MAX_COLUMNS",
    "SolverError",
    "Result",
    "SegmentOutcome",
    "hole_names",
    "track",
    "initial_rows",
    "play",
    "solve",
    "solve_board",
    "reachable",
    "puzzle_counter",
    "relabel",
    "relabel_sequence",
    "solve_table",
]

COUNTERCLOCKWISE = "counterclockwise"
CLOCKWISE = "clockwise"
MIN_COLUMNS = 2
MAX_COLUMNS = 8
_LETTERS = "abcdefgh"
_W = 6  # bits per hole in a packed board
_M = (1 << _W) - 1
_CYCLE_WATCH = 256  # laps in one segment before (board, hole) repeats are tracked

METHOD_EXACT = "exhaustive BFS over turns (layered, A* on laps with an admissible bound)"
METHOD_BOUNDS = "bounds: exhaustive BFS over the first turns, then budget exhausted"


class SolverError(ValueError):
    """Bad arguments (width, hole name, direction, board)."""


# --------------------------------------------------------------------------
# Geometry and hole names


def _check_columns(columns: int) -> None:
    if not isinstance(columns, int) or isinstance(columns, bool):
        raise SolverError(f"columns must be an integer, not {columns!r}")
    if not MIN_COLUMNS <= columns <= MAX_COLUMNS:
        raise SolverError(
            f"columns must be between {MIN_COLUMNS} and {MAX_COLUMNS}, not {columns}"
        )


def _check_direction(direction: str) -> None:
    if direction not in (COUNTERCLOCKWISE, CLOCKWISE):
        raise SolverError(
            f"direction must be {COUNTERCLOCKWISE!r} or {CLOCKWISE!r}, not {direction!r}"
        )


def hole_names(columns: int) -> list[str]:
    """All hole names, outer row (``a1``...) then inner row (``a2``...)."""
    _check_columns(columns)
    cols = _LETTERS[:columns]
    return [c + "1" for c in cols] + [c + "2" for c in cols]


def track(columns: int, direction: str = COUNTERCLOCKWISE) -> list[str]:
    """Hole names in sowing order, starting from ``a1``."""
    _check_columns(columns)
    _check_direction(direction)
    cols = _LETTERS[:columns]
    ccw = [c + "1" for c in cols] + [c + "2" for c in reversed(cols)]
    if direction == COUNTERCLOCKWISE:
        return ccw
    return [ccw[0]] + ccw[:0:-1]


def _check_hole(columns: int, hole: str) -> None:
    if hole not in hole_names(columns):
        raise SolverError(
            f"no hole {hole!r} on a {columns}-column board "
            f"(holes are a1..{_LETTERS[columns - 1]}1 and a2..{_LETTERS[columns - 1]}2)"
        )


def _ring(columns: int, special: str, direction: str) -> list[str]:
    """Hole names in sowing order starting at the special hole (canonical index 0)."""
    tr = track(columns, direction)
    _check_hole(columns, special)
    k = tr.index(special)
    return tr[k:] + tr[:k]


def default_special(columns: int) -> str:
    """The inner-row right end (``f2`` on 6 columns), as in the published example."""
    _check_columns(columns)
    return _LETTERS[columns - 1] + "2"


# Rows as in the published diagrams: a pair (inner row, outer row), each listed
# left to right as the player sees the board (inner row first, i.e. on top).


def _rows_to_canonical(rows, ring: list[str], columns: int) -> list[int]:
    if len(rows) != 2 or any(len(r) != columns for r in rows):
        raise SolverError(f"a board is two rows of {columns} holes (inner row first)")
    value = {}
    for row, digit in zip(rows, "21"):
        for i, v in enumerate(row):
            v = 0 if v is None else v
            if not isinstance(v, int) or v < 0:
                raise SolverError(f"hole contents must be counts >= 0, not {v!r}")
            value[_LETTERS[i] + digit] = v
    return [value[h] for h in ring]


def _canonical_to_rows(board: Sequence[int], ring: list[str], columns: int):
    value = dict(zip(ring, board))
    cols = _LETTERS[:columns]
    return (
        tuple(value[c + "2"] for c in cols),
        tuple(value[c + "1"] for c in cols),
    )


def initial_rows(columns: int, special: str | None = None, direction: str = COUNTERCLOCKWISE):
    """The true start (after the setup sowing), as (inner row, outer row)."""
    _check_columns(columns)
    _check_direction(direction)
    special = default_special(columns) if special is None else special
    ring = _ring(columns, special, direction)
    return _canonical_to_rows(_canonical_start(columns), ring, columns)


def _canonical_start(columns: int) -> list[int]:
    n = 2 * columns
    return [0, 3, 3] + [2] * (n - 3)


# --------------------------------------------------------------------------
# Packed boards and the segment (lap + relays)


class _Ring:
    """Precomputed constants for one width (canonical ring, special at 0)."""

    def __init__(self, columns: int, seeds: int | None = None):
        _check_columns(columns)
        n = 2 * columns
        self.columns = columns
        self.n = n
        self.seeds = 4 * columns if seeds is None else seeds
        self.all_ones = sum(1 << (_W * i) for i in range(n))
        # masks[p][r]: +1 in each of the r holes after p
        self.masks = [
            [sum(1 << (_W * ((p + j) % n)) for j in range(1, r + 1)) for r in range(n)]
            for p in range(n)
        ]
        low = self.all_ones & ~1  # bit 0 of every ordinary hole
        self.low_ordinary = low
        self.goal = self.seeds  # everything in the special hole (index 0)
        self.start = self.pack(_canonical_start(columns)) if seeds is None else None

    def pack(self, board: Sequence[int]) -> int:
        value = 0
        for i, v in enumerate(board):
            if v > _M:
                raise SolverError(f"at most {_M} seeds per hole")
            value |= v << (_W * i)
        return value

    def unpack(self, packed: int) -> list[int]:
        return [(packed >> (_W * i)) & _M for i in range(self.n)]

    def mobility(self, b: int) -> int:
        """Number of ordinary holes whose first lap ends in the special hole."""
        n = self.n
        count = 0
        for p in range(1, n):
            k = (b >> (_W * p)) & _M
            if k and (p + k) % n == 0:
                count += 1
        return count

    def h(self, b: int) -> int:
        """Admissible, consistent lower bound on the laps still needed.

        The larger of (1) the number of non-empty ordinary holes and (2)
        ceil(R / m), R = seeds outside the special hole, m = 1 + (R - 1) // n
        = the most seeds one lap can drop into the special hole (see the
        module docstring).
        """
        x = b | (b >> 1) | (b >> 2) | (b >> 3) | (b >> 4) | (b >> 5)
        holes = (x & self.low_ordinary).bit_count()
        rest = self.seeds - (b & _M)
        if rest <= self.n:
            return rest if rest > holes else holes
        m = 1 + (rest - 1) // self.n
        by_seeds = -(-rest // m)
        return by_seeds if by_seeds > holes else holes

    def segment(self, b: int, p: int):
        """Sow hole ``p`` (non-empty, ordinary) and relay until the lap ends.

        Returns ``(kind, board, laps, starts)`` where kind is 0 (ended in the
        special hole), 1 (ended in an empty ordinary hole) or None (never
        ends); ``starts`` is the list of the laps' starting holes.
        """
        n = self.n
        masks = self.masks
        all_ones = self.all_ones
        laps = 0
        starts = []
        seen = None
        while True:
            sh = _W * p
            k = (b >> sh) & _M
            b -= k << sh
            laps += 1
            starts.append(p)
            if k >= n:
                q, r = divmod(k, n)
                b += q * all_ones + masks[p][r]
            else:
                b += masks[p][k]
            last = (p + k) % n
            if last == 0:
                return 0, b, laps, starts
            if (b >> (_W * last)) & _M == 1:
                return 1, b, laps, starts
            p = last
            if laps >= _CYCLE_WATCH:
                if seen is None:
                    seen = set()
                key = (b, p)
                if key in seen:
                    return None, b, laps, starts
                seen.add(key)


_RINGS: dict[int, _Ring] = {}


def _ring_for(columns: int) -> _Ring:
    r = _RINGS.get(columns)
    if r is None:
        r = _RINGS[columns] = _Ring(columns)
    return r


@dataclass(frozen=True)
class SegmentOutcome:
    """What one choice does: the lap from ``hole`` and its relays."""

    end: str  # "empty" (turn over), "special" (choose again), "won", "cycle"
    rows: tuple  # (inner row, outer row) after the segment
    laps: int
    lap_starts: tuple  # starting hole of each lap, the chosen one first


def play(rows, hole: str, special: str, direction: str = COUNTERCLOCKWISE) -> SegmentOutcome:
    """Sow ``hole`` on a board given as (inner row, outer row) and relay on.

    Stops when a lap ends in an empty ordinary hole (``"empty"``: the turn is
    over), in the special hole (``"special"``: the player chooses again, or
    ``"won"`` if no ordinary hole has seeds left), or never ends (``"cycle"``).
    """
    columns = len(rows[0]) if rows else 0
    _check_columns(columns)
    _check_direction(direction)
    ring_names = _ring(columns, special, direction)
    _check_hole(columns, hole)
    board = _rows_to_canonical(rows, ring_names, columns)
    p = ring_names.index(hole)
    if p == 0:
        raise SolverError(f"{hole} is the special hole: it is never sown")
    if board[p] == 0:
        raise SolverError(f"{hole} is empty")
    ring = _ring_for(columns)
    if sum(board) > _M:
        raise SolverError(f"at most {_M} seeds on the board")
    kind, b, laps, starts = ring.segment(ring.pack(board), p)
    after = ring.unpack(b)
    if kind is None:
        end = "cycle"
    elif kind == 1:
        end = "empty"
    elif any(after[1:]):
        end = "special"
    else:
        end = "won"
    return SegmentOutcome(
        end,
        _canonical_to_rows(after, ring_names, columns),
        laps,
        tuple(ring_names[s] for s in starts),
    )


def puzzle_counter(columns: int, sequence, special: str | None = None,
                   direction: str = COUNTERCLOCKWISE) -> int:
    """What the source's training puzzles (one per width) show at the end of
    the game *sequence* (per turn, the holes chosen): their counter goes up
    each time a lap ends in an empty ordinary hole, and not when a lap ends in
    the special hole, so the last turn, which ends with the special hole full,
    is not counted.  The game is replayed lap by lap with :func:`play`;
    a sequence that does not fill the special hole is refused."""
    special = default_special(columns) if special is None else special
    rows = initial_rows(columns, special, direction)
    counter = 0
    end = None
    for turn in sequence:
        for hole in turn:
            out = play(rows, hole, special, direction)
            rows, end = out.rows, out.end
            counter += end == "empty"
    if end != "won":
        raise SolverError("the sequence does not fill the special hole")
    return counter


# --------------------------------------------------------------------------
# Results


@dataclass(frozen=True)
class Result:
    columns: int
    special: str
    direction: str
    solved: bool  # True: turns and laps are proved optimal
    turns: int | None  # optimum (None when not proved)
    laps: int | None
    # one optimal (or, unsolved, the best found) game: per turn, the holes
    # chosen (start of the turn, then after each lap ending in the special hole)
    sequence: tuple[tuple[str, ...], ...] | None
    laps_per_turn: tuple[int, ...] | None
    states_explored: int  # boards popped and expanded by the exact search
    states_stored: int  # distinct boards held when the search stopped
    seconds: float  # wall time
    cpu_seconds: float  # CPU time of this process (budgets are in CPU time)
    method: str
    turns_lower_bound: int
    turns_upper_bound: int | None
    # bounds on laps for games of exactly turns_lower_bound turns
    # (when turns are proved, these bound the optimal laps)
    laps_lower_bound: int
    laps_upper_bound: int | None
    cyclic_segments: int  # choices whose relays never end (treated as dead ends)
    layer_sizes: tuple[int, ...] = ()  # boards expanded per turn layer
    same_for_every_special_hole: bool = True
    notes: str = ""

    def as_dict(self) -> dict:
        d = asdict(self)
        d["sequence"] = None if self.sequence is None else [list(t) for t in self.sequence]
        d["laps_per_turn"] = None if self.laps_per_turn is None else list(self.laps_per_turn)
        d["layer_sizes"] = list(self.layer_sizes)
        return d


def relabel_sequence(columns: int, sequence, special: str, direction: str,
                     new_special: str, new_direction: str = COUNTERCLOCKWISE):
    """A sequence of choices for one special hole, moved to another by the
    ring symmetry (rotation, and mirror image for the other direction)."""
    _check_direction(direction)
    _check_direction(new_direction)
    src = _ring(columns, special, direction)
    dst = _ring(columns, new_special, new_direction)
    mapping = dict(zip(src, dst))
    return tuple(tuple(mapping[h] for h in turn) for turn in sequence)


def relabel(result: Result, special: str, direction: str = COUNTERCLOCKWISE) -> Result:
    """The same optimum for another special hole / direction (ring symmetry)."""
    seq = None
    if result.sequence is not None:
        seq = relabel_sequence(result.columns, result.sequence, result.special,
                               result.direction, special, direction)
    else:
        _ring(result.columns, special, direction)  # validates the arguments
    return Result(**{**result.__dict__, "special": special, "direction": direction, "sequence": seq})


# --------------------------------------------------------------------------
# The search


class _Budget(Exception):
    pass


def _edge_choice(ring: _Ring, prev: int, nxt: int, want_kind: int, want_laps: int | None) -> tuple[int, int]:
    """The hole chosen on an edge prev -> nxt of the given kind (and laps)."""
    for p in range(1, ring.n):
        if (prev >> (_W * p)) & _M:
            kind, b, laps, _ = ring.segment(prev, p)
            if b == nxt and kind == want_kind and (want_laps is None or laps == want_laps):
                return p, laps
    raise AssertionError("path reconstruction failed")


def _decisions(ring: _Ring, path: list[int], kinds: list[int], laps: list[int | None]):
    """Boards (start ... goal) and their edges -> per-turn choices and laps."""
    turns: list[list[int]] = [[]]
    laps_per_turn = [0]
    for prev, nxt, kind, lp in zip(path, path[1:], kinds, laps):
        p, lp = _edge_choice(ring, prev, nxt, kind, lp)
        turns[-1].append(p)
        laps_per_turn[-1] += lp
        if kind == 1:
            turns.append([])
            laps_per_turn.append(0)
    return turns, laps_per_turn


def _exact_path(out: dict, last: int):
    """Boards, edge kinds and edge laps from the start to ``last`` (a kept board)."""
    parent, layers = out["parent"], out["layers"]

    def where(b):
        for i, d in enumerate(layers):
            if b in d:
                return i, d[b]
        raise AssertionError("board not in any layer")

    path = [last]
    while parent[path[-1]] is not None:
        path.append(parent[path[-1]])
    path.reverse()
    info = [where(b) for b in path]
    kinds = [int(li2 != li1) for (li1, _), (li2, _) in zip(info, info[1:])]
    laps = [g2 - g1 for (_, g1), (_, g2) in zip(info, info[1:])]
    return path, kinds, laps


def _exact(ring: _Ring, max_states: int, deadline: float | None, start: int | None = None,
           max_stored: int | None = None):
    """Layered A* from ``start`` (default: the puzzle's start).  Returns a
    dict with the outcome (see :func:`solve`).  ``max_stored`` caps the boards
    held (memory): a board is expanded only while the boards held, with the
    children this layer's boards may still add when the next layer opens,
    stay under it."""
    n = ring.n
    segment = ring.segment
    h = ring.h
    goal = ring.goal
    start = ring.start if start is None else start

    parent: dict[int, int | None] = {start: None}  # every board ever kept
    layers: list[dict[int, int]] = []  # per layer: board -> laps (exact once popped)
    layer_sizes: list[int] = []
    explored = 0
    cyclic = 0
    entries = {start: 0}
    t = 0
    while True:
        g = dict(entries)  # tentative laps in this layer
        layers.append(g)
        # bucket queue on f = g + h
        buckets: list[list[int]] = []
        for b, gb in entries.items():
            f = gb + h(b)
            while len(buckets) <= f:
                buckets.append([])
            buckets[f].append(b)
        f = 0
        popped = 0
        found = False
        stop = None
        while f < len(buckets):
            bucket = buckets[f]
            if not bucket:
                f += 1
                continue
            b = bucket.pop()
            gb = g[b]
            if gb + h(b) != f:
                continue  # stale entry
            if b == goal:
                found = True
                break
            if explored >= max_states:
                stopped_by = "states"
            elif max_stored is not None and len(parent) + (n - 1) * len(g) >= max_stored:
                stopped_by = "memory"
            elif deadline is not None and (explored & 1023) == 0 and time.process_time() > deadline:
                stopped_by = "time"
            else:
                stopped_by = None
            if stopped_by:
                bucket.append(b)
                stop = f
                break
            explored += 1
            popped += 1
            for p in range(1, n):
                if (b >> (_W * p)) & _M:
                    kind, nb, laps, _ = segment(b, p)
                    if kind:  # 1: turn ends (next layer, second pass)
                        continue
                    if kind is None:
                        cyclic += 1
                        continue
                    ng = gb + laps
                    old = g.get(nb)
                    if old is None:
                        if nb in parent:
                            continue  # in an earlier layer
                    elif old <= ng:
                        continue
                    g[nb] = ng
                    parent[nb] = b
                    nf = ng + h(nb)
                    while len(buckets) <= nf:
                        buckets.append([])
                    buckets[nf].append(nb)
        layer_sizes.append(popped)
        if found:
            return dict(
                solved=True, t=t, laps=g[goal], parent=parent, layers=layers,
                explored=explored, cyclic=cyclic, layer_sizes=layer_sizes,
            )
        if stop is not None:
            return dict(
                solved=False, t=t, laps_lb=stop, parent=parent, layers=layers,
                explored=explored, cyclic=cyclic, layer_sizes=layer_sizes,
                frontier=buckets, stored=len(parent), stopped_by=stopped_by,
            )
        # layer exhausted: every board in g is final; second pass -> next layer
        nxt: dict[int, int] = {}
        for b, gb in g.items():
            for p in range(1, n):
                if (b >> (_W * p)) & _M:
                    kind, nb, laps, _ = segment(b, p)
                    if kind != 1:
                        if kind is None:
                            cyclic += 1
                        continue
                    if nb in parent and nb not in nxt:
                        continue  # earlier or current layer
                    ng = gb + laps
                    old = nxt.get(nb)
                    if old is None or ng < old:
                        nxt[nb] = ng
                        parent[nb] = b
        if not nxt:
            return dict(
                solved=False, t=t, laps_lb=None, parent=parent, layers=layers,
                explored=explored, cyclic=cyclic, layer_sizes=layer_sizes,
                frontier=None, stored=len(parent), impossible=True,
            )
        entries = nxt
        t += 1


def _greedy_search(ring: _Ring, roots: Sequence[tuple[int, int]], turns_left: int,
                   node_budget: int, per_root: int = 2000, deadline: float | None = None):
    """Depth-first search for a win using at most ``turns_left - 1`` more turn ends.

    ``roots`` are (board, laps so far), each at a choice point of the current
    turn.  Choices are tried in order: laps ending in the special hole first,
    then turn-ending ones; among them, the most mobile result first (mobility:
    how many holes would then end their first lap in the special hole).  Each
    root gets at most ``per_root`` expansions, all roots together at most
    ``node_budget``, and none once the CPU clock passes ``deadline``; once a
    win is found the rest of the budget goes to branch and bound on laps.
    Returns (laps, boards, kinds, laps per edge) for the
    best win found (boards from the root to the goal), or None.
    """
    n = ring.n
    best: list = [None, None]
    total = [0]
    h = ring.h
    dead: set[tuple[int, int]] = set()  # (board, turns left) with no win

    def children(b, tl):
        out = []
        for p in range(1, n):
            if (b >> (_W * p)) & _M:
                kind, nb, laps, _ = ring.segment(b, p)
                if kind == 0 or (kind == 1 and tl > 1):
                    out.append((kind, -ring.mobility(nb), laps, nb))
        out.sort()
        return out

    def dfs(b, gl, tl, path, limit):
        """True if a win may exist below (found, or cut by the lap bound)."""
        if b == ring.goal:
            if best[0] is None or gl < best[0]:
                best[0] = gl
                best[1] = list(path)
            return True
        if best[0] is not None and gl + h(b) >= best[0]:
            return True  # pruned, not proved dead
        if (b, tl) in dead:
            return False
        if total[0] >= limit or (deadline is not None and (total[0] & 1023) == 0
                                 and time.process_time() > deadline):
            raise _Budget
        total[0] += 1
        maybe = False
        for kind, _, laps, nb in children(b, tl):
            path.append((nb, kind, laps))
            if dfs(nb, gl + laps, tl - kind, path, limit):
                maybe = True
            path.pop()
        if not maybe:
            dead.add((b, tl))
        return maybe

    for b, gl in roots:
        if total[0] >= node_budget or (deadline is not None and time.process_time() > deadline):
            break
        try:
            dfs(b, gl, turns_left, [(b, None, None)], min(node_budget, total[0] + per_root))
        except _Budget:
            pass
    if best[1] is None:
        return None
    steps = best[1]
    return best[0], [x[0] for x in steps], [x[1] for x in steps[1:]], [x[2] for x in steps[1:]]


def solve(
    columns: int,
    special: str | None = None,
    direction: str = COUNTERCLOCKWISE,
    max_states: int = 2_000_000,
    time_budget_seconds: float | None = None,
    upper_bound_nodes: int = 200_000,
    upper_bound_extra_turns: int = 2,
    upper_bound_roots: int = 50_000,
    max_stored: int | None = None,
) -> Result:
    """Minimum turns, then minimum laps, to fill the special hole.

    ``special=None`` means "the best special hole": all holes give the same
    optimum (ring symmetry, see the module docstring), and the answer is given
    for the inner-row right end.  ``max_states`` caps the boards expanded by
    the exact search, ``max_stored`` the boards it holds (its memory), and
    ``time_budget_seconds`` the CPU time of the whole solve (the greedy search
    for an upper bound included).  When a cap
    stops it, the result carries bounds (``solved`` is False) and a greedy
    search looks for a game realising an upper bound.
    """
    _check_columns(columns)
    _check_direction(direction)
    if special is None:
        special = default_special(columns)
    _check_hole(columns, special)
    if max_states < 1:
        raise SolverError("max_states must be at least 1")
    t0 = time.perf_counter()
    c0 = time.process_time()
    deadline = None if time_budget_seconds is None else c0 + time_budget_seconds
    ring = _ring_for(columns)
    ring_names = _ring(columns, special, direction)
    out = _exact(ring, max_states, deadline, max_stored=max_stored)
    parent = out["parent"]
    t = out["t"]
    common = dict(columns=columns, special=special, direction=direction,
                  states_explored=out["explored"], cyclic_segments=out["cyclic"],
                  layer_sizes=tuple(out["layer_sizes"]))

    def names(turns):
        return tuple(tuple(ring_names[p] for p in turn) for turn in turns)

    def clocks():
        return dict(seconds=time.perf_counter() - t0, cpu_seconds=time.process_time() - c0)

    if out["solved"]:
        path, kinds, laps = _exact_path(out, ring.goal)
        turns, lpt = _decisions(ring, path, kinds, laps)
        T = t + 1
        assert len(turns) == T and sum(lpt) == out["laps"]
        return Result(
            **common, solved=True, turns=T, laps=out["laps"], sequence=names(turns),
            laps_per_turn=tuple(lpt), states_stored=len(parent), **clocks(),
            method=METHOD_EXACT, turns_lower_bound=T, turns_upper_bound=T,
            laps_lower_bound=out["laps"], laps_upper_bound=out["laps"],
        )
    if out.get("impossible"):
        return Result(
            **common, solved=True, turns=None, laps=None, sequence=None, laps_per_turn=None,
            states_stored=len(parent), **clocks(),
            method="exhaustive BFS over turns: the special hole can never be filled",
            turns_lower_bound=t + 1, turns_upper_bound=None,
            laps_lower_bound=0, laps_upper_bound=None,
        )
    # The budget ran out inside layer t.  Layers 0..t-1 were exhausted without
    # a win: at least t + 1 turns.  A win in exactly t + 1 turns needs at least
    # laps_lb laps (smallest g + h still queued; h is consistent).
    laps_lb = out["laps_lb"]
    stored = out["stored"]
    done = (f"layers 0..{t - 1} exhausted" if t > 1 else "layer 0 exhausted") if t else ""
    cap = {"states": f"the cap of {max_states} boards expanded", "time": "the time budget",
           "memory": f"the cap of {max_stored} boards held"}[out["stopped_by"]]
    notes = (f"exact search stopped by {cap} in turn layer {t} after {out['explored']} boards"
             + (f" ({done}: no win in fewer than {t + 1} turns)" if t else ""))
    # Upper bound: greedy depth-first search from the queued boards of layer t
    # (the upper_bound_roots ones of lowest g + h, most mobile first), allowing
    # 1, 2, ... more turns.
    g = out["layers"][t]
    frontier = out["frontier"]
    roots = []
    seen_roots = set()
    for f in range(len(frontier)):
        for b in reversed(frontier[f]):
            if b not in seen_roots and g.get(b, -1) + ring.h(b) == f:
                seen_roots.add(b)
                roots.append((b, g[b]))
                if len(roots) >= upper_bound_roots:
                    break
        if len(roots) >= upper_bound_roots:
            break
    del seen_roots
    roots.sort(key=lambda bg: (-ring.mobility(bg[0]), bg[1]))
    out["frontier"] = frontier = None  # free memory before the greedy search
    found = None
    extra = 0
    tries = []
    for extra in range(upper_bound_extra_turns + 1):
        found = _greedy_search(ring, roots, 1 + extra, upper_bound_nodes, deadline=deadline)
        cut = not found and deadline is not None and time.process_time() > deadline
        tries.append(f"{t + 1 + extra} turns: {'found' if found else 'cut by the time budget' if cut else 'none'}")
        if found or cut:
            break
    notes += f"; greedy upper-bound search ({upper_bound_nodes} boards per try): " + ", ".join(tries)
    if found is None:
        return Result(
            **common, solved=False, turns=None, laps=None, sequence=None, laps_per_turn=None,
            states_stored=stored, **clocks(), method=METHOD_BOUNDS,
            turns_lower_bound=t + 1, turns_upper_bound=None,
            laps_lower_bound=laps_lb, laps_upper_bound=None, notes=notes,
        )
    ub_laps, tail, tail_kinds, tail_laps = found
    path, kinds, laps = _exact_path(out, tail[0])
    path += tail[1:]
    kinds += tail_kinds
    laps += tail_laps
    turns, lpt = _decisions(ring, path, kinds, laps)
    T_ub = len(turns)
    assert sum(lpt) == ub_laps and T_ub == t + 1 + extra
    if extra == 0:
        method = (f"turns exact ({done or 'first turn'}, a {T_ub}-turn win found); laps bounded: "
                  "A* frontier lower bound, greedy depth-first upper bound")
    else:
        method = (f"bounds: {done or 'no layer exhausted'} (turns >= {t + 1}); "
                  f"greedy depth-first search found a {T_ub}-turn win")
    return Result(
        **common, solved=False, turns=T_ub if extra == 0 else None, laps=None,
        sequence=names(turns), laps_per_turn=tuple(lpt), states_stored=stored, **clocks(),
        method=method, turns_lower_bound=t + 1, turns_upper_bound=T_ub,
        laps_lower_bound=laps_lb, laps_upper_bound=ub_laps if extra == 0 else None,
        notes=notes + (f"; the {T_ub}-turn win found takes {ub_laps} laps" if extra else ""),
    )


def reachable(columns: int, targets: Sequence[Sequence] = (), max_states: int = 50_000_000,
              time_budget_seconds: float | None = None, special: str | None = None,
              direction: str = COUNTERCLOCKWISE) -> dict:
    """Every board at which the player chooses a hole to sow (a turn's start,
    or the moment after a lap ends in the special hole), reached from the
    puzzle's start: found by trying every choice of every such board, each
    board once.  *targets* are boards as published (rows, inner row first);
    the answer says which of them are among the boards reached.  A search
    stopped by *max_states* or the CPU budget is not exhaustive, and then only
    a board found is an answer.

    Returns ``{"boards": N, "exhaustive": bool, "found": [bool per target],
    "cpu_seconds": s}``."""
    _check_columns(columns)
    special = default_special(columns) if special is None else special
    names = _ring(columns, special, direction)
    ring = _Ring(columns)
    wanted = [ring.pack(_rows_to_canonical(t, names, columns)) for t in targets]
    c0 = time.process_time()
    deadline = None if time_budget_seconds is None else c0 + time_budget_seconds
    seen = {ring.start}
    stack = [ring.start]
    exhaustive = True
    n = ring.n
    expanded = 0
    while stack:
        expanded += 1
        if len(seen) >= max_states or (deadline is not None and not expanded % 4096
                                       and time.process_time() >= deadline):
            exhaustive = False
            break
        b = stack.pop()
        for p in range(1, n):
            if not (b >> (_W * p)) & _M:
                continue
            kind, after, _, _ = ring.segment(b, p)
            if kind is not None and after not in seen:
                seen.add(after)
                stack.append(after)
    return {"boards": len(seen), "exhaustive": exhaustive, "found": [b in seen for b in wanted],
            "cpu_seconds": time.process_time() - c0}


def solve_board(columns: int, board: Sequence[int], max_states: int = 2_000_000) -> dict:
    """The same search from any board of the canonical ring (special hole at
    index 0, sowing towards higher indices; at most 63 seeds): a plain dict
    ``turns``, ``laps`` (None if the special hole can never be filled, or if
    ``max_states`` stopped the search: then ``solved`` is False) and
    ``choices``, the chosen canonical holes, one list per turn.  Used to
    check the compiled search on random positions."""
    _check_columns(columns)
    board = list(board)
    if len(board) != 2 * columns or any(not isinstance(v, int) or v < 0 for v in board):
        raise SolverError(f"a canonical board is {2 * columns} counts >= 0")
    if sum(board) > _M:
        raise SolverError(f"at most {_M} seeds on the board")
    ring = _Ring(columns, seeds=sum(board))
    out = _exact(ring, max_states, None, start=ring.pack(board))
    if out["solved"]:
        path, kinds, laps = _exact_path(out, ring.goal)
        turns, lpt = _decisions(ring, path, kinds, laps)
        return dict(solved=True, turns=out["t"] + 1, laps=out["laps"], choices=turns,
                    explored=out["explored"])
    return dict(solved=bool(out.get("impossible")), turns=None, laps=None, choices=None,
                explored=out["explored"])


def solve_table(max_columns: int = MAX_COLUMNS, time_budget_seconds: float = 600.0,
                max_states: int = 5_000_000, min_columns: int = MIN_COLUMNS) -> list[dict]:
    """Solve widths min_columns..max_columns within a total CPU-time budget.

    Each width gets what is left of the budget (the last widths may end with
    bounds only); ``max_states`` caps each width's exact search (memory).
    Returns one row (a plain dict, JSON-ready) per width attempted.
    """
    _check_columns(max_columns)
    _check_columns(min_columns)
    c0 = time.process_time()
    rows = []
    for c in range(min_columns, max_columns + 1):
        left = time_budget_seconds - (time.process_time() - c0)
        if left <= 0:
            break
        r = solve(c, max_states=max_states, time_budget_seconds=left)
        rows.append(table_row(r))
    return rows


def _bound_text(r: Result, which: str) -> str | None:
    if r.solved:
        return None
    if which == "lower":
        return (f"at least {r.turns_lower_bound} turns; at least {r.laps_lower_bound} laps "
                f"in {r.turns_lower_bound} turns")
    if r.turns_upper_bound is None:
        return None
    if r.laps_upper_bound is not None:
        return f"{r.turns_upper_bound} turns, {r.laps_upper_bound} laps"
    return f"{r.turns_upper_bound} turns"


def table_row(r: Result) -> dict:
    """One row of the results table (JSON-ready).

    Scalars are the columns of the site's table; the optimal sequence and the
    search details are nested.  ``status`` is "proved" (turns and laps
    optimal) or "bounds"; ``method`` is "exhaustive" or "bounds" (the full
    wording is in ``details.method``).
    """
    row = {
        "columns": r.columns,
        "seeds": 4 * r.columns,
        "special": r.special,
        "direction": r.direction,
        "min_turns": r.turns,
        "min_laps": r.laps if r.solved else None,
        "status": "proved" if r.solved else "bounds",
        "method": "exhaustive" if r.solved else "bounds",
        "positions": r.states_explored,
        "seconds": round(r.seconds, 2),
        "cpu_seconds": round(r.cpu_seconds, 2),
    }
    if not r.solved:
        row["lower_bound"] = _bound_text(r, "lower")
        row["upper_bound"] = _bound_text(r, "upper")
    row["sequence"] = None if r.sequence is None else [list(t) for t in r.sequence]
    row["laps_per_turn"] = None if r.laps_per_turn is None else list(r.laps_per_turn)
    row["details"] = {
        "method": r.method,
        "turns_bounds": [r.turns_lower_bound, r.turns_upper_bound],
        "laps_bounds_for_min_turns": [r.laps_lower_bound, r.laps_upper_bound],
        "states_explored": r.states_explored,
        "states_stored": r.states_stored,
        "boards_expanded_per_turn_layer": list(r.layer_sizes),
        "cyclic_segments": r.cyclic_segments,
        "same_for_every_special_hole": r.same_for_every_special_hole,
        "notes": r.notes,
    }
    return row
