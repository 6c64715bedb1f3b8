"""The opening that captures (katra paika): the seed lifted to show the hole
chosen, and put back."""
from __future__ import annotations

from . import SOWN, TAKEN, Telling, telling
from .nyumba import PART, PART_PENDING, tell_part
from .reserve import PLACE, tell_place


@telling("capture-opening")
class CaptureOpeningTelling(Telling):
    decisions = {"start": (SOWN, TAKEN)}
    reasons = {"pickup": {"show": (PART, PART_PENDING)}, "place": {"show": PLACE}}

    def lap_head(self, n, i, pending):
        e = n.run[i]
        return tell_part(n, i, pending) if e.holes and e.cells[e.holes[0]] > 0 else None

    def tell(self, n, i):
        return tell_place(n, i) if n.run[i].kind == "place" else None
