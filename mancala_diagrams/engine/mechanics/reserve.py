"""The reserve and the two phases (katra fandatsaka, katra be, m'raha wa ntso)."""
from __future__ import annotations

from ..geometry import other
from .base import Block, Decision, block


@block("reserve")
class Reserve(Block):
    """Phase 1: while a player has seeds in reserve, the turn starts by putting
    one of them into a non-empty hole of their inner row; this counts as a lap
    that ended in that hole (so it captures, or its seeds are sown on in a
    direction the player then chooses).  Putting it into an empty hole is not
    allowed.  Phase 2, once the reserve is spent: the next opening block
    (``choose-hole``) starts the turn."""
    provides = frozenset({"opening", "reserve"})
    decisions = {"place": Decision("hole", "the hole a reserve seed is put into")}
    open_phase = "reserve"
    check_uses_start = True

    def check(self, rules):
        if not int(rules.start.get("reserve", 0) or 0):
            raise self.refuse("reserve-without-seeds", "the rules give no seeds in reserve "
                              "(start: reserve: N)")
        from ...errors import MancalaError
        try:
            start = rules.initial_position()
        except MancalaError:
            return              # the start itself is wrong: reported by the loader
        g = rules.geometry
        for player in g.players:
            if not any(start.cells[h] for h in g.row_holes(player, 0)):
                raise self.refuse("reserve-needs-inner-row-seeds", f"{player}'s inner row is empty at the "
                                  "start, so no reserve seed could ever be put down (it goes into a "
                                  "non-empty hole of the inner row)")

    def candidates(self, turn):
        g, board = turn.geometry, turn.board
        return [h for h in g.row_holes(turn.player, 0) if board[h] > 0]

    def explain(self, turn, kind, value):
        if kind != "place" or not isinstance(value, int):
            return None
        g, player = turn.geometry, turn.player
        name = g.name(value)
        if value not in g.row_holes(player, 0):
            return f"a reserve seed goes into {player}'s inner row, and {name} is not in it"
        if turn.board[value] == 0:
            return f"{name} is empty: a reserve seed goes only into a hole that has seeds"
        return None

    def first_lap_end(self, t, option):
        t.board[option] += 1        # the seed put down: a lap that ended there, in a full hole
        return option, False

    def open(self, turn):
        index = 0 if turn.player == "south" else 1
        if turn.reserves[index] <= 0:
            return None
        options = turn.filter_openings(sorted(self.candidates(turn)))
        hole = yield from turn.ask("place", options, self.name)
        turn.reserves[index] -= 1
        turn.begin_lap()
        turn.board[hole] += 1
        turn.emit("place", (hole,), 1, rule=self.name)
        turn.emit("lap_end", (hole,), 1, reason="full", rule=self.name)
        turn.lap_open = False
        return (hole, False)

    def outcome(self, rules, position):
        """A player who must place a reserve seed but has no seed in their inner
        row cannot start a turn, and has lost."""
        g = position.geometry
        if g.solo or position.hand is not None:
            return None
        p = position.to_move
        if position.reserve(p) > 0 and not any(position.cells[h] for h in g.row_holes(p, 0)):
            return {"winner": other(p), "reason": "cannot-place"}
        return None


@block("singletons")
class Singletons(Block):
    """Katra be: in phase 2 (both reserves spent), a player whose every
    non-empty hole holds a single seed has lost."""

    def outcome(self, rules, position):
        g = position.geometry
        if g.solo or any(position.reserves) or position.hand is not None:
            return None
        for p in (position.to_move, other(position.to_move)):
            seeds = [position.cells[h] for h in g.holes_of(p) if position.cells[h]]
            if seeds and all(n == 1 for n in seeds):
                return {"winner": other(p), "reason": "singletons"}
        return None
