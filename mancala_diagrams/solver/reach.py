"""Where a katro bevohoka position leads: a bounded search for one board.

The draft of a published page links each diagram to the next by searching
the continuations of the position before it for the board the diagram shows,
at every moment of every turn, each seed sown included.  In katro bevohoka a
turn holds a choice at every lap that ends in the special hole, so the turns
from one position are thousands of decision sequences, which the general
engine's search plays one by one.  This search runs on the solver's own
packed board (:class:`.search._Ring`: the canonical ring, special hole at 0,
6 bits a hole):

* one *segment* per choice (a lap and its relays, as :meth:`._Ring.segment`);
* breadth first over turns, each board at a choice point (the start of a
  turn, or a lap just ended in the special hole: the same options) expanded
  once, since what follows it does not depend on how it was reached;
* a board whose special hole holds more seeds than the target's left
  behind, since the special hole never loses a seed;
* every board of a segment compared with the target by one subtraction: after
  the pickup of ``k`` seeds from hole ``p`` and ``j`` of them sown, the board is
  the board after the pickup plus ``j // n`` seeds in every hole and one in
  each of the ``j % n`` holes after ``p``.

Pure, and of this layer only: the command line adapts it to the engine's
positions and decisions for ``draft`` (the files layer may not import the
solver), and ``tests/test_solver_reach.py`` checks it against the engine's
own search.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Sequence

from .search import _M, _W, SolverError, _check_columns, _ring_for


@dataclass
class Reach:
    """What :func:`find` found: *turns*, the holes chosen in each turn (ring
    indices; the first of a turn opens it, the others follow a lap ended in
    the special hole), the last turn played to its end; *where* the target
    was seen: (turn, segment of that turn, lap of that segment, seeds sown in
    that lap: 0 for the board after its pickup), all from 1 but the seeds; or
    ``turns`` None when nothing within the bound gives the target.
    *exhausted*: every continuation within the bound was searched (so "not
    found" is a proof); *boards*: the boards at choice points kept."""
    turns: list | None
    where: tuple | None
    exhausted: bool
    boards: int


def _drops_index(ring):
    """For each hole ``p``: the board increment after ``j`` seeds of a lap from
    ``p`` (``j < n``) -> ``j``."""
    return [{m: j for j, m in enumerate(row)} for row in ring.masks]


def _segment(ring, index, b, p, target, look):
    """Sow hole *p* of board *b* and relay, as :meth:`._Ring.segment`;
    with *look*, compare every board with *target* on the way.  Returns
    (kind, board at the end, hit) with kind 0 (ended in the special hole), 1
    (in an empty hole) or None (never ends), and hit the first (lap, seeds
    sown in it) whose board is the target, or None."""
    n, masks, all_ones = ring.n, ring.masks, ring.all_ones
    laps, seen, hit = 0, None, None
    while True:
        sh = _W * p
        k = (b >> sh) & _M
        b -= k << sh
        laps += 1
        if look and hit is None:
            d, q = target - b, 0
            while d >= 0 and q * n <= k:
                j = index[p].get(d)
                if j is not None and q * n + j <= k:
                    hit = (laps, q * n + j)
                    break
                d -= all_ones
                q += 1
        if k >= n:
            q, r = divmod(k, n)
            b += q * all_ones + masks[p][r]
        else:
            b += masks[p][k]
        last = (p + k) % n
        if last == 0:
            return 0, b, hit
        if (b >> (_W * last)) & _M == 1:
            return 1, b, hit
        p = last
        if laps >= 256:             # as _Ring.segment: a segment that comes back on itself never ends
            seen = seen if seen is not None else set()
            if (b, p) in seen:
                return None, b, hit
            seen.add((b, p))


def _ordinary(ring, b):
    """The non-empty ordinary holes of *b*, in ring order."""
    return [p for p in range(1, ring.n) if (b >> (_W * p)) & _M]


def _complete(ring, b):
    """Choices that end the turn from choice point *b*: the first hole whose
    segment ends (in ring order), until a lap ends in an empty hole or no
    ordinary hole is left (the game is won).  None if every choice loops."""
    out = []
    while True:
        options = _ordinary(ring, b)
        if not options:
            return out
        for p in options:
            kind, after, _ = _segment(ring, None, b, p, 0, False)
            if kind is not None:
                out.append(p)
                break
        else:
            return None
        if kind == 1:
            return out
        b = after


def find(columns: int, board: Sequence[int], target: Sequence[int], turns: int,
         max_boards: int = 1_000_000, deadline: float | None = None, first: Sequence[int] = ()) -> Reach:
    """Search the continuations of *board* (canonical, the player to move at
    the start of a turn) for *target* (canonical), within *turns* turns and
    *max_boards* boards kept, until *deadline* (``time.monotonic()``).
    *first*: the holes the first turn starts with (ring indices); only their
    continuations are searched, and the boards before the last of them are
    not looked at.  The first hit in breadth-first order (fewest turns)."""
    _check_columns(columns)
    ring = _ring_for(columns)
    n = ring.n
    if len(board) != n or len(target) != n:
        raise SolverError(f"a canonical board is {n} counts")
    if sum(board) > _M or sum(target) > _M or min(board) < 0 or min(target) < 0:
        raise SolverError(f"at most {_M} seeds, none negative")
    index = _drops_index(ring)
    b0, goal = ring.pack(board), ring.pack(target)
    if b0 == goal and not first:
        return Reach([], (0, 0, 0, 0), True, 1)
    most = target[0]                # the special hole never loses a seed: a board with more is past the target
    if board[0] > most:
        return Reach(None, None, True, 1)
    nodes = [(None, ())]            # node -> (parent node, the holes chosen in the turn that led to it)
    choice_points = {b0}            # boards expanded at a choice point (the start included)
    starts = set()                  # boards queued as the start of a later turn
    frontier = [(b0, 0)]
    stopped = False

    def moves_to(node, last):
        out = []
        while node:
            parent, chosen = nodes[node]
            out.append(list(chosen))
            node = parent
        return out[::-1] + [last]

    for depth in range(1, turns + 1):
        later = []
        for start, node in frontier:
            if depth > 1 and start in choice_points:
                continue            # met sooner as a choice point: everything after it was searched then
            choice_points.add(start)
            stack = [(start, ())]
            while stack:
                if deadline is not None and time.monotonic() >= deadline:
                    return Reach(None, None, False, len(choice_points) + len(starts))
                b, chosen = stack.pop()
                forced = first[len(chosen)] if depth == 1 and len(chosen) < len(first) else None
                for p in ([forced] if forced is not None else _ordinary(ring, b)):
                    if not (b >> (_W * p)) & _M or p == 0:
                        return Reach(None, None, True, len(choice_points))      # a first hole that is no option
                    look = depth > 1 or len(chosen) + 1 >= len(first)
                    kind, after, hit = _segment(ring, index, b, p, goal, look)
                    path = chosen + (p,)
                    if hit is not None:
                        rest = [] if kind == 1 else (_complete(ring, after) if kind == 0 else None)
                        if rest is None:
                            continue        # the turn never ends: no move to write
                        return Reach(moves_to(node, list(path) + rest), (depth, len(path), *hit), True,
                                     len(choice_points) + len(starts))
                    if kind is None or after & _M > most:
                        continue
                    if kind == 0:
                        if after in choice_points or not _ordinary(ring, after):
                            continue        # searched already, or the game is won
                        if len(choice_points) + len(starts) >= max_boards:
                            stopped = True
                            continue
                        choice_points.add(after)
                        stack.append((after, path))
                    elif depth < turns and after not in starts and after not in choice_points:
                        if len(choice_points) + len(starts) >= max_boards:
                            stopped = True
                            continue
                        starts.add(after)
                        nodes.append((node, path))
                        later.append((after, len(nodes) - 1))
        frontier = later
        if not frontier:
            break
    return Reach(None, None, not stopped, len(choice_points) + len(starts))
