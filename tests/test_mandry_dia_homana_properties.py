"""Mandry dia homana in random legal play, for every rules file that plays it
(``mandry: {rows: outer}``): a lap ending in an empty hole is followed by a
capture or by the end of the turn, never by sowing its single seed on; in the
inner row it captures exactly when something faces it."""
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from mancala_diagrams.errors import EndlessTurn

from conftest import playable_rules, play_random_turn, rules

HOMANA = [n for n in playable_rules() if (b := rules(n).block("mandry")) and b.p["rows"] == "outer"]


def test_the_mandry_dia_homana_rules_files_are_found():
    assert {"katro-mandry-dia-homana-4", "katro-mandry-dia-homana-6",
            "katro-gorobaka-mandry-dia-homana-4", "katro-gorobaka-mandry-dia-homana-6"} <= set(HOMANA)


@pytest.mark.parametrize("name", HOMANA)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_an_empty_hole_never_relays_its_single_seed(name, seed):
    r = rules(name)
    g = r.geometry
    rng = random.Random(seed)
    pos = r.initial_position()
    for n in range(1, 31):
        if r.outcome(pos):
            break
        events = []
        try:
            pos, _ = play_random_turn(r, pos, rng, n, events)
        except EndlessTurn:
            break
        for before, after in zip(events, events[1:]):
            if before.kind != "lap_end" or before.reason != "empty":
                continue
            hole = before.holes[0]
            assert after.kind in ("capture", "turn_end"), (name, n, g.name(hole), after.kind)
            if after.kind == "capture":
                assert g.depth(hole) == 0           # only the inner row eats after the nap
