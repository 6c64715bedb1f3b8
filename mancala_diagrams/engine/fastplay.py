"""The engine's fast path: turns played without a trace, for the search.

An optional accelerator of :mod:`.turn`, and nothing more: the plain
:class:`~.turn.Turn`, which records every event, is the reference, and
``tests/fast/test_fastplay.py`` checks that the two give the same positions
and show the same boards.  Turn it off (give :func:`.search.search` a plain
turn) to see whether a difference is the accelerator's.

A :class:`FastTurn` makes no :class:`~.turn.Event`.  It tells its *watch*
of every event instead, as ``watch(turn, kind, seed, count)``, with the board
in place (``turn.board``): a search looks at the board after every event at
the cost of a function call.  A single seed's drop is the one exception: the
watch hears of it only when the board then equals the watch's ``board``
attribute (its target; the hole just sown must match first, a cheap test),
and the lap's end tells how many seeds were dropped.

A search replays the same turn start once for every option of its every
decision, so a :class:`FastTurn` also keeps the openings the rules allow in a
*memo* the search owns, keyed by everything they depend on.
"""
from __future__ import annotations

from .turn import Lap, Turn


class FastTurn(Turn):
    """A turn that records nothing, tells *watch* of its events (see the
    module) and filters its openings once per distinct turn start (*memo*, a
    dict, or None)."""

    def __init__(self, rules, position, turn_number, events=None, watch=None, memo=None):
        super().__init__(rules, position, turn_number, None)
        self.watch = watch
        self.memo = memo

    def emit(self, kind, holes=(), count=0, seed=0, reason="", rule="", **detail):
        if self.watch is not None:
            self.watch(self, kind, seed, count)

    def sow(self, lap: Lap) -> tuple[int, bool]:
        """:meth:`Turn.sow <.turn.Turn.sow>` without a drop event for each
        seed: the watch is told of a drop only when the board then equals its
        target."""
        self.begin_sowing(lap)
        hole = lap.first
        g, player, board, watch = self.geometry, self.player, self.board, self.watch
        steps = g.advance_table(player)
        target = getattr(watch, "board", None)
        hand, direction = self.hand, self.direction
        seed = 0
        was_empty = False
        while hand:
            seed += 1
            was_empty = board[hole] == 0
            board[hole] += 1
            hand -= 1
            if watch is not None and (target is None or (board[hole] == target[hole] and board == target)):
                self.hand, self.direction = hand, direction
                watch(self, "drop", seed, 1)
            if hand:        # the track may turn the heading (boustrophedon)
                hole, direction = steps[direction][hole] or g.advance(player, hole, direction)
        self.hand, self.direction = 0, direction
        return self.end_sowing(hole, seed, was_empty)

    def filter_openings(self, options) -> list:
        memo = self.memo
        if memo is None:
            return super().filter_openings(options)
        key = (tuple(self.board), self.player, tuple(self.reserves), tuple(self.state.items()), self.position.hand,
               self.direction, self.lap_ends, self.turn_number, self.opener.name, tuple(options))
        found = memo.get(key)
        if found is None:
            found = memo[key] = super().filter_openings(options)
        return found
