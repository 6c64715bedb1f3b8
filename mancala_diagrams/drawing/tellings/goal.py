"""The goal: the turn that wins the game ends there."""
from __future__ import annotations

from ..catalog import N_
from . import Telling, telling


@telling("goal")
class GoalTelling(Telling):
    turn_end = {"goal": N_("%(opp)s’s inner row is empty: %(who)s wins.")}
    lap_end = {"goal": N_("; %(opp)s’s inner row is now empty, so %(who)s wins")}
    lap_end_after = frozenset({"goal"})
    reasons = {"turn_end": {"goal": (turn_end["goal"], lap_end["goal"])}}
