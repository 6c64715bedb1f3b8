"""Search every legal continuation of a position for a given board.

A published diagram that an example cannot place is either reached by some
continuation the example's author did not think of, or by none: this module
decides which, within a stated bound.  From a start position it plays every
legal turn (every decision the rules leave to the player: the hole and
direction, tsibongy, rova, nyumba, a reserve seed's hole, a target ...), turn
after turn, breadth first, and looks at the board after *every* event of every
turn (each seed dropped, each capture, each merge, each lap's end ...), so it
also finds where in a long turn a board appears.

Positions between turns are deduplicated (board, player to move, reserves and
the mechanics' state), so a position reached by two orders of moves is
expanded once.  The search is bounded by a number of turns, optionally a number
of laps per turn (a turn that would sow more laps is not followed further), a
number of distinct positions, and optionally a time and the memory its
positions take; :class:`Result` says whether the bound was searched to the
end (``exhausted``), which is what makes "no continuation reaches it" a
proof, and if not, which limit stopped it (``stopped``).

Pure: no file, no YAML, nothing changed outside the search.  The turns are
played by the trace-free turn of :mod:`.fastplay`, whose *watch* looks at the
board in place, so nothing is recorded on the hot path; the caller replays a
found move with :meth:`~.rules.Rules.play` to get the full trace.
"""
from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field
from functools import partial
from operator import ne

from ..errors import MancalaError
from .fastplay import FastTurn
from .position import Position
from .turn import run_turn

# events whose board is offered as a "closest" board when nothing matches (a
# board after each single seed would crowd out the informative ones)
_CLOSEST_KINDS = frozenset(("start", "place", "capture", "merge", "lap_end", "turn_end", "fotsiny", "choice"))


@dataclass(frozen=True)
class Bound:
    """How far a search goes: *turns* turns, at most *laps* laps in each (None:
    no limit but the engine's), at most *positions* distinct positions, at
    most *seconds* of time and at most *memory* bytes for the positions it
    keeps (None: no limit; a search stopped by either has not searched its
    bound to the end)."""
    turns: int = 1
    laps: int | None = None
    positions: int = 1_000_000
    seconds: float | None = None
    memory: int | None = None

    def describe(self) -> str:
        laps = f", at most {self.laps} laps a turn" if self.laps else ""
        seconds = f", at most {self.seconds:g} seconds" if self.seconds is not None else ""
        memory = f", at most {_size(self.memory)} of positions kept" if self.memory is not None else ""
        return (f"{self.turns} turn{'s' if self.turns != 1 else ''}{laps}, at most {self.positions:,} positions"
                f"{seconds}{memory}")


def _size(n: int) -> str:
    """A number of bytes in words: '512 MB', '20 KB', '300 bytes'."""
    for unit, scale in (("MB", 2 ** 20), ("KB", 2 ** 10)):
        if n >= scale:
            return f"{n / scale:,.4g} {unit}"
    return f"{n:,} bytes"


@dataclass
class Hit:
    """A board the search saw: where (turn of the search, 1-based; lap; the
    event's kind and seed number) and how to get there (*moves*: one tuple of
    (kind, value) decisions per turn; the last may stop short of the turn's end
    for a closest board)."""
    moves: tuple
    turn: int
    lap: int
    kind: str
    seed: int
    cells: tuple
    distance: int = 0          # holes that differ from the target (0: the target itself)


@dataclass
class Result:
    found: Hit | None
    bound: Bound
    positions: int = 0         # distinct positions between turns (the start included)
    snapshots: int = 0         # boards compared with the target
    exhausted: bool = True     # every continuation within the bound was searched
    truncated: int = 0         # turns left unfinished for having more laps than the bound
    closest: list = field(default_factory=list)
    #: when not exhausted, what stopped the search: "positions", "seconds",
    #: "memory" (the bound's limits) or "unfinished" (the target was seen in a
    #: turn that could not be played to its end, so other branches were left)
    stopped: str = ""
    kept: int = 0              # bytes the positions kept took, as counted against the bound's memory


class _TooManyLaps(Exception):
    pass


class _Searcher:
    def __init__(self, rules, target, bound: Bound, keep: int):
        self.rules = rules
        self.board = list(target)      # the watch's target (see turn_generator)
        self.bound = bound
        self.laps = bound.laps
        self.keep = keep
        self.snapshots = 0
        self.truncated = 0
        self.closest = {}           # cells -> Hit
        self.worst = len(self.board) + 1   # the distance a board must beat to be kept
        self.match = None
        self.kinds = {}
        # set per run of a turn
        self.skip = 0               # answers to send before events are new (the run replays a prefix)
        self.sent = 0
        self.where = None           # (node, prefix, turn)
        self._meta = {}
        # the openings the rules allow, by turn start: a search replays the same turn start once per option
        self.openings_memo = {}
        self.make_turn = partial(FastTurn, watch=self, memo=self.openings_memo)

    # -- dedup key: the board as bytes, plus a small number for the rest ------------------
    def key(self, pos: Position):
        meta = (pos.to_move, pos.reserves, pos.state, pos.hand)
        n = self._meta.get(meta)
        if n is None:
            n = self._meta[meta] = len(self._meta)
        cells = pos.cells
        try:
            return bytes(cells) + n.to_bytes(4, "little")
        except ValueError:          # a hole with 256 seeds or more
            return (cells, n)

    # -- the watch hook: called by the engine at every event --------------------------------
    def __call__(self, turn, kind, seed, count):
        """The engine's watch: every event but a single seed's drop, which it
        reports only when the board equals ``self.board`` (the target)."""
        if self.sent < self.skip:
            return                  # this run replays events its parent run has seen
        board = turn.board
        if kind == "drop":          # the board is the target
            if self.match is None:
                node, prefix, t = self.where
                self.match = (node, prefix, t, turn.lap, kind, seed, tuple(board))
            return
        laps = self.laps
        if laps is not None and turn.lap > laps:
            raise _TooManyLaps
        self.snapshots += count + 1 if kind == "lap_end" else 1     # a lap's end: its drops too
        target = self.board
        if board == target:
            if self.match is None:
                node, prefix, t = self.where
                self.match = (node, prefix, t, turn.lap, kind, seed, tuple(board))
            return
        if self.keep and kind in _CLOSEST_KINDS:
            d = sum(map(ne, board, target))
            if d < self.worst:
                cells = tuple(board)
                if cells not in self.closest:
                    node, prefix, t = self.where
                    decisions = tuple(zip(self.decision_kinds(prefix), prefix))
                    self.closest[cells] = (d, node, decisions, t, turn.lap, kind, seed)
                    if len(self.closest) > self.keep:
                        far = max(self.closest, key=lambda c: self.closest[c][0])
                        del self.closest[far]
                    if len(self.closest) >= self.keep:
                        self.worst = max(v[0] for v in self.closest.values())

    # -- one turn: every decision sequence, by replaying prefixes -------------------------
    def count(self, ask, index):
        """(run_turn's check) The answer about to be sent is the *index*-th of the prefix."""
        self.sent = index + 1

    def turns(self, pos, node, depth, turn_number, prefix=()):
        """Yield (decisions, position after the turn) for every legal turn from
        *pos* that starts with the (kind, value) decisions of *prefix*;
        returns early once the target is matched (see ``self.match``)."""
        values = tuple(v for _, v in prefix)
        stack = [values]
        kinds = self.kinds = {values[:i]: k for i, (k, _) in enumerate(prefix)}   # prefix -> the kind asked after it
        while stack:
            prefix = stack.pop()
            self.skip, self.sent = len(prefix), 0
            self.where = (node, prefix, depth)
            ask = done = None
            try:
                ask, done, _ = run_turn(self.rules, pos, prefix, turn_number, make_turn=self.make_turn,
                                        check=self.count)
            except _TooManyLaps:
                self.truncated += 1
            except MancalaError:    # a turn that never ends, no legal decision ...
                pass
            if self.match is not None:
                self.finish_match(pos, turn_number, prefix if done is not None else None)
                return
            if done is not None:
                yield tuple(zip(self.decision_kinds(prefix), prefix)), done
            elif ask is not None:
                kinds[prefix] = ask.kind
                for option in reversed(ask.options):
                    stack.append(prefix + (option,))

    def decision_kinds(self, prefix):
        return [self.kinds[prefix[:i]] for i in range(len(prefix))]

    def finish_match(self, pos, turn_number, complete):
        """The target was seen during the run of the matching prefix: complete
        the turn (with any decisions: the board is already reached) so that
        the moves can be replayed.  *complete*: the prefix, if it ended the turn."""
        node, prefix, t, lap, kind, seed, cells = self.match
        if complete is None:
            complete = self._complete(pos, turn_number, prefix)
        decisions = tuple(zip(self.decision_kinds(complete), complete)) if complete is not None else None
        self.match = (node, decisions, t, lap, kind, seed, cells)

    def _complete(self, pos, turn_number, prefix):
        stack = [prefix]
        while stack:
            p = stack.pop()
            try:
                ask = run_turn(self.rules, pos, p, turn_number).ask
            except MancalaError:
                continue
            if ask is None:
                return p
            self.kinds[p] = ask.kind
            for option in reversed(ask.options):
                stack.append(p + (option,))
        return None


def _pack(pos: Position):
    """A position between turns, kept compactly until it is expanded (a
    search may hold hundreds of thousands)."""
    try:
        cells = bytes(pos.cells)
    except ValueError:
        cells = pos.cells
    return (cells, pos.to_move, pos.reserves, pos.state)


# what a position kept by the search takes besides its own objects: its slot in
# the set of positions seen (a set is kept at most 60% full, 16 bytes a slot)
# and in the lists of nodes and of the frontier
_SLOT = 27
_LIST_SLOTS = 2 * 9


def _footprint(entry, item) -> int:
    """Bytes a position kept for the next turn takes: its node (the parent's
    number and the decisions that led to it) and its frontier item (its packed
    form and its node's number), counted against the bound's memory."""
    size = sys.getsizeof
    decisions, packed = entry[1], item[0]
    return (size(entry) + size(decisions) + sum(size(d) + size(d[1]) for d in decisions) + size(item)
            + size(item[1]) + size(packed) + size(packed[0]) + size(packed[2]) + size(packed[3])
            + sum(size(kv) for kv in packed[3]) + _LIST_SLOTS)


def _unpack(like: Position, packed) -> Position:
    cells, to_move, reserves, state = packed
    return Position(like.geometry, tuple(cells), to_move, reserves, state)


def search(rules, start: Position, target, bound: Bound = Bound(), keep: int = 3,
           first_turn: int = 1, first_decisions=(), position: Position | None = None) -> Result:
    """Search the continuations of *start* (within *bound*) for a board whose
    cells are *target* (a flat sequence, hole by hole).  *first_turn* is the
    number the engine gives the first turn searched (the reserve and the
    set-up of some rules depend on it); *first_decisions*, (kind, value)
    pairs, are the decisions the first turn starts with (its continuations
    only are searched, and the boards before the last of them are not looked
    at).  Returns a :class:`Result`: ``found`` is the first hit in
    breadth-first order (fewest turns), else None with the *keep* closest
    boards seen.  With *position* (a position between two turns), a board
    during a turn does not count: the search looks for that very position
    (board, player to move, reserves and the mechanics' state), at the start
    or where a turn ends (``found.kind`` is then ``turn_end``)."""
    target = tuple(0 if v is None else v for v in target)
    if len(target) != len(start.cells):
        raise MancalaError(f"the board searched for has {len(target)} holes, the position {len(start.cells)}")
    s = _Searcher(rules, target, bound, keep if position is None else 0)
    wanted = None
    if position is not None:        # no board during a turn matches: only the position itself
        s.board = [-1] * len(target)
        wanted = s.key(position)
    result = Result(None, bound)
    nodes = [(None, ())]             # node -> (parent node, decisions of the turn leading to it)

    def moves_to(node, last=None):
        turns = []
        while node is not None and node > 0:
            parent, decisions = nodes[node]
            turns.append(decisions)
            node = parent
        turns.reverse()
        if last is not None:
            turns.append(last)
        return tuple(turns)

    seen = {s.key(start)}
    positions = 1
    kept = 0
    if start.hand is None and not first_decisions and (
            s.key(start) == wanted if wanted is not None else tuple(start.cells) == target):
        result.found = Hit((), 0, 0, "start", 0, target)
    frontier = [(start, 0)]
    deadline = None if bound.seconds is None else time.monotonic() + bound.seconds
    depth = 0
    while result.found is None and frontier and depth < bound.turns and result.exhausted:
        depth += 1
        keep_next = depth < bound.turns
        next_frontier = []
        for pos, node in frontier:
            if deadline is not None and time.monotonic() >= deadline:
                result.exhausted, result.stopped = False, "seconds"
                break
            if not isinstance(pos, Position):
                pos = _unpack(start, pos)
            if len(s.openings_memo) > 20_000:
                s.openings_memo.clear()
            for decisions, after in s.turns(pos, node, depth, first_turn + depth - 1,
                                            first_decisions if depth == 1 else ()):
                k = s.key(after)
                if k in seen:
                    continue
                if k == wanted:
                    result.found = Hit(moves_to(node, decisions), depth, 0, "turn_end", 0, tuple(after.cells))
                    break
                if positions >= bound.positions:
                    result.exhausted, result.stopped = False, "positions"
                    break
                if bound.memory is not None and kept >= bound.memory:
                    result.exhausted, result.stopped = False, "memory"
                    break
                seen.add(k)
                positions += 1
                kept += sys.getsizeof(k) + _SLOT
                if keep_next:
                    entry = (node, decisions)
                    item = (_pack(after), len(nodes))
                    nodes.append(entry)
                    next_frontier.append(item)
                    kept += _footprint(entry, item)
            if result.found is not None:
                break
            if s.match is not None:
                node_m, decisions, t, lap, kind, seed, cells = s.match
                if decisions is not None:
                    result.found = Hit(moves_to(node_m, decisions), t, lap, kind, seed, cells)
                    break
                s.match = None      # the turn could not be completed: its other branches were
                result.exhausted, result.stopped = False, "unfinished"    # left unsearched: nothing proven
            if not result.exhausted:
                break
        frontier = next_frontier
    result.positions = positions
    result.kept = kept
    result.snapshots = s.snapshots
    result.truncated = s.truncated
    result.closest = sorted(
        (Hit(moves_to(node, decisions), t, lap, kind, seed, cells, d)
         for cells, (d, node, decisions, t, lap, kind, seed) in s.closest.items()),
        key=lambda h: (h.distance, h.turn, h.lap))
    return result
