"""Trakatra: m'raha wa ntso's own word for a turn that captures nothing."""
from __future__ import annotations

from ..catalog import N_
from . import Telling, telling


@telling("trakatra")
class TrakatraTelling(Telling):
    fotsiny_word = N_("a trakatra")
