"""An opening that starts with a capture (katra paika, as de Voogt saw it played
among the Tanala and Busser tells it).

The player chooses a hole of their inner row and a direction.  To show the hole
chosen, they lift one of its seeds and put it back: no seed is sown, and the
turn goes on as if a lap had ended in that hole.  So when the facing hole has
seeds they are captured at once; otherwise the hole's seeds are sown on in the
chosen direction (with the block ``fotsiny``, a turn that does not begin with
a capture captures nothing).

A hole holding fewer than ``min_seeds`` seeds may be chosen only when no hole of
the inner row holds that many; its seeds are then sown from the next hole, as a
turn of the katro starts (the page does not say more about this case).

Trace: ``pickup`` (the one seed lifted) and ``place`` (put back) in the chosen
hole, then ``lap_end`` there: the page draws the board with the seed lifted.
"""
from __future__ import annotations

from ..turn import Lap
from .base import Block, Param, block
from .core import START, opening_hole


@block("capture-opening")
class CaptureOpening(Block):
    """A turn starts from a hole of the inner row, chosen with a direction: one
    seed is lifted and put back, and the turn goes on as if a lap had ended
    there (a capture when the facing hole has seeds, else the hole is sown on).
    ``min_seeds``: the fewest seeds of such a hole; a hole with fewer is chosen
    only when no inner-row hole holds that many, and it is sown like a katro
    opening (katra paika: 2)."""
    params = {"min_seeds": Param(2, kind=int, doc="fewest seeds in a hole that opens by lifting a seed; "
                                                  "fewer only when no inner-row hole holds that many")}
    provides = frozenset({"opening"})
    decisions = {"start": START}
    reasons = {"pickup": ("show",), "place": ("show",)}
    open_phase = "hole"

    def check(self, rules):
        if self.p["min_seeds"] < 1:
            raise self.refuse("min-seeds-below-one", f"min_seeds {self.p['min_seeds']} would let a turn "
                              "start from an empty hole")
        if any(b is not self for b in rules.providers("opening")):
            raise self.refuse("two-openings", "a turn starts either with 'capture-opening' or with "
                              "'choose-hole'/'reserve', not both")

    def holes(self, turn):
        """The inner-row holes a turn may start from."""
        g, board = turn.geometry, turn.board
        row = [h for h in g.row_holes(turn.player, turn.front_depth(turn.player)) if board[h]]
        full = [h for h in row if board[h] >= self.p["min_seeds"]]
        return full or row

    def candidates(self, turn):
        dirs = turn.rules.directions(turn)
        return [(h, d) for h in sorted(self.holes(turn)) for d in dirs]

    def lifts(self, board, hole) -> bool:
        """Whether the turn from *hole* lifts a seed (else it sows the hole)."""
        return board[hole] >= self.p["min_seeds"]

    def explain(self, turn, kind, value):
        hole = opening_hole(kind, value)
        if hole is None:
            return None
        board, player, name = turn.board, turn.player, turn.geometry.name(hole)
        if hole not in turn.geometry.row_holes(player, turn.front_depth(player)):
            return f"a turn starts from a hole of {player}'s inner row, and {name} is not in it"
        if board[hole] == 0:
            return f"{name} is empty"
        if hole not in self.holes(turn):
            return (f"{name} holds {board[hole]} seed(s), and another hole of the inner row holds "
                    f"{self.p['min_seeds']} or more")
        return None

    def first_lap_end(self, t, option):
        hole, direction = option
        t.direction = direction
        if self.lifts(t.board, hole):
            return hole, False
        t.pickup(hole, self.name)
        return t.sow(Lap(*t.geometry.advance(t.player, hole, direction), self.name))

    def open(self, turn):
        options = turn.filter_openings(self.candidates(turn))
        hole, direction = yield from turn.ask("start", options, self.name)
        turn.direction = direction
        if not self.lifts(turn.board, hole):
            turn.pickup(hole, self.name)
            return Lap(*turn.geometry.advance(turn.player, hole, direction), self.name)
        turn.begin_lap()
        turn.board[hole] -= 1
        turn.hand += 1
        turn.emit("pickup", (hole,), 1, reason="show", rule=self.name)
        turn.board[hole] += 1
        turn.hand -= 1
        turn.emit("place", (hole,), 1, reason="show", rule=self.name)
        turn.emit("lap_end", (hole,), turn.board[hole], reason="full", rule=self.name)
        turn.lap_open = False
        return (hole, False)
