"""The reserve and the two phases (katra fandatsaka, katra be, m'raha wa ntso)."""
from __future__ import annotations

from . import Block, Param, block


@block("reserve")
class Reserve(Block):
    """Phase 1: while a player has seeds in reserve, the turn starts by putting
    one of them into a non-empty hole of their inner row; this counts as a lap
    that ended in that hole (so it captures, or its seeds are sown on in a
    direction the player then chooses).  Putting it into an empty hole is not
    allowed.  Phase 2, once the reserve is spent: the next opening block
    (``choose-hole``) starts the turn."""
    order = -10

    def candidates(self, turn):
        g, board = turn.geometry, turn.board
        return [h for h in g.row_holes(turn.player, 0) if board[h] > 0]

    def open(self, turn):
        index = 0 if turn.player == "south" else 1
        if turn.reserves[index] <= 0:
            return None
        options = turn.rules.filter_openings(turn, sorted(self.candidates(turn)))
        hole = yield from turn.ask("place", options, self.name)
        turn.reserves[index] -= 1
        turn.begin_lap()
        turn.board[hole] += 1
        turn.emit("place", (hole,), 1)
        turn.emit("lap_end", (hole,), 1, reason="full")
        turn.lap_open = False
        return (hole, False)
