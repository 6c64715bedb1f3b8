"""Choosing a hole and a direction: the narrator's own words for a lap."""
from __future__ import annotations

from . import SOWN, TAKEN, Telling, telling


@telling("choose-hole")
class ChooseHoleTelling(Telling):
    decisions = {"start": (SOWN, TAKEN)}
