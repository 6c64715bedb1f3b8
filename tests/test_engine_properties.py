"""Properties of random legal play, for every playable rules file in rules/."""
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from mancala_diagrams.engine.turn import turn_generator
from mancala_diagrams.errors import EndlessTurn, IllegalMove
from mancala_diagrams.engine.position import Position

from conftest import playable_rules, play_random_turn, rules

RULES = playable_rules()


@pytest.mark.parametrize("name", RULES)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_random_legal_play_conserves_seeds_and_terminates(name, seed):
    r = rules(name)
    rng = random.Random(seed)
    pos = r.initial_position()
    total = pos.seeds
    for n in range(1, 41):
        if r.outcome(pos):
            break
        options = r.openings(pos)
        assert options, "a position with no legal move must be an ended game"
        try:
            new, made = play_random_turn(r, pos, rng, n)
        except EndlessTurn:
            break           # reported, not hung: a legitimate end of the experiment
        # every decision taken was among the options offered, and replaying the
        # same decisions gives the same position (the move list is consistent)
        assert made[0][1] in options
        assert r.play(pos, made) == new
        assert new.seeds == total, f"seeds not conserved after turn {n}"
        assert all(v >= 0 for v in new.cells)
        assert new.hand is None
        pos = new


@pytest.mark.parametrize("name", RULES)
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_every_enumerated_move_can_be_played(name, seed):
    r = rules(name)
    rng = random.Random(seed)
    pos = r.initial_position()
    for n in range(rng.randrange(0, 12)):
        if r.outcome(pos):
            return
        try:
            pos, _ = play_random_turn(r, pos, rng, n + 1)
        except EndlessTurn:
            return
    if r.outcome(pos):
        return
    moves = r.legal_moves(pos, limit=300)
    assert moves
    firsts = {m[0][1] for m in moves}
    assert firsts <= set(r.openings(pos))
    for move in rng.sample(moves, min(5, len(moves))):
        try:
            after = r.play(pos, move)
        except EndlessTurn:
            continue
        assert after.seeds == pos.seeds


def _naive_laps(cells, track, start, direction, limit):
    """An independent, minimal sowing loop (relay and mandry only, no opponent):
    returns the number of laps played before the turn ends, or None after *limit*."""
    cells = list(cells)
    index = track.index(start)
    seeds, cells[start] = cells[start], 0
    for lap in range(1, limit + 1):
        while seeds:
            index = (index + direction) % len(track)
            cells[track[index]] += 1
            seeds -= 1
        if cells[track[index]] == 1:
            return lap
        seeds, cells[track[index]] = cells[track[index]], 0
    return None


def test_a_turn_that_never_ends_is_cut_with_a_clear_error():
    r = rules("katro-4")
    pos = Position.from_text("0,0,0,0/0,0,0,0/1,3,2,3/2,3,0,2 south")
    g = pos.geometry
    d1 = g.parse("d1")
    # an independent loop confirms that this turn does not end in 2000 laps
    assert _naive_laps(pos.cells, list(g.track("south")), d1, -1, 2000) is None
    with pytest.raises(EndlessTurn) as err:
        r.play(pos, [("start", (d1, -1))])
    assert "loops for ever" in str(err.value)
    assert isinstance(err.value, ValueError)


def test_naive_loop_agrees_that_ordinary_turns_end():
    pos = Position.from_text("0,0,0,0/0,0,0,0/0,0,0,0/2,1,1,0 south")
    g = pos.geometry
    assert _naive_laps(pos.cells, list(g.track("south")), g.parse("a1"), +1, 50) == 2


def test_legal_moves_leave_out_a_turn_that_never_ends():
    r = rules("katro-4")
    pos = Position.from_text("0,0,0,0/0,0,0,0/1,3,2,3/2,3,0,2 south")
    d1 = pos.geometry.parse("d1")
    assert ("start", (d1, -1)) in [("start", o) for o in r.openings(pos)]
    moves = r.legal_moves(pos)
    assert moves and ((("start", (d1, -1)),) not in moves)
