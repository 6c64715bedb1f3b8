"""Mandry: the lap that ends in an empty hole ends the turn."""
from __future__ import annotations

from ..catalog import N_
from . import Telling, telling

EMPTY_END = N_(", which was empty, so the turn ends")
THEN_END = N_(", so the turn ends")


@telling("mandry")
class MandryTelling(Telling):
    turn_end = {"empty-hole": N_("The last seed fell into an empty hole: the turn ends.")}
    reasons = {"turn_end": {"empty-hole": (turn_end["empty-hole"], EMPTY_END)}}

    def after_lap(self, n, k, j, placed, direct):
        """Right after the lap end (a seed put down: it was not empty)."""
        if n.at(j).kind != "turn_end" or not direct:
            return None
        return n.w.lookup(THEN_END if placed else EMPTY_END)
