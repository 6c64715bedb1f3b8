"""Properties of random legal play in katra fandatsaka (4, 6, 8 columns) and
katra be: seeds conserved, turns and games end, the reserve spent one seed per
phase-1 turn, the rova state consistent with the board, fotsiny and compulsory
captures respected by every turn played."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from mancala_diagrams.errors import EndlessTurn
from mancala_diagrams.engine.geometry import PLAYERS, other

from conftest import play_random_turn, rules

GAMES = ["fifangakely", "katra-fandatsaka-6", "katra-fandatsaka-8", "katra-be"]
MAX_TURNS = 300


def rova_holes(r, player):
    block = r.block("rova")
    return block.holes(r.geometry, player) if block else None


def first_lap_captured(events):
    """Whether the first lap end of a turn's trace was followed by a capture."""
    for i, e in enumerate(events):
        if e.kind == "lap_end":
            return any(x.kind == "capture" for x in events[i + 1:i + 2])
    return False


def check_turn(r, before, after, events):
    g = r.geometry
    mover = before.to_move
    # seeds: conserved, none negative, none in hand between turns
    assert after.seeds == before.seeds
    assert min(after.cells) >= 0 and after.hand is None
    # the opponent's rows only lose seeds (captures), the mover's reserve only the placed seed
    i = PLAYERS.index(mover)
    placed = [e for e in events if e.kind == "place"]
    if before.reserves[i] > 0:
        assert len(placed) == 1, "a phase-1 turn places exactly one reserve seed"
        assert after.reserves[i] == before.reserves[i] - 1
    else:
        assert not placed
        assert after.reserves[i] == 0
    assert after.reserves[1 - i] == before.reserves[1 - i]
    # fotsiny: a turn whose first lap end is not a capture captures nothing
    captures = [e for e in events if e.kind == "capture"]
    if captures:
        assert first_lap_captured(events)
    # compulsory: if the turn could start with a capture, it did
    turn = _turn_for(r, before)
    can_capture = any(r.opening_captures(turn, o) for o in _raw_openings(r, turn))
    if can_capture:
        assert first_lap_captured(events)
    # every capture takes only the opponent's holes, and sows the seeds from a tsibongy
    for e in captures:
        assert all(g.owner(h) == other(mover) for h in e.holes)
    # the rova: standing means both holes hold seeds; once gone, gone for good
    if r.block("rova"):
        for p in g.players:
            key = f"rova.{p}"
            front, back = rova_holes(r, p)
            if after.get(key) == "present":
                assert before.get(key) == "present"
                assert after.cells[front] > 0 and after.cells[back] > 0
            else:
                assert after.get(key) == "gone"
            taken = [e for e in events if e.kind in ("pickup", "capture") and set(e.holes) & {front, back}]
            if before.get(key) == "present" and taken:
                assert after.get(key) == "gone"
                # both holes went together
                emptied = {h for e in taken for h in e.holes}
                assert {front, back} <= emptied


def _turn_for(r, position):
    from mancala_diagrams.engine.turn import Turn
    t = Turn(r, position, 1, None)
    r.begin_turn(t)
    return t


def _raw_openings(r, turn):
    """The openings before the compulsory-capture filter (of the block that opens the turn)."""
    i = PLAYERS.index(turn.player)
    turn.opener = r.block("reserve") if turn.reserves[i] > 0 else r.block("choose-hole")
    return turn.opener.candidates(turn)


def random_game(r, rng, max_turns=MAX_TURNS):
    pos = r.initial_position()
    for n in range(1, max_turns + 1):
        if r.outcome(pos):
            return pos, n - 1, "over"
        events = []
        try:
            new, _ = play_random_turn(r, pos, rng, n, events)
        except EndlessTurn:
            return pos, n - 1, "endless"
        check_turn(r, pos, new, events)
        pos = new
    return pos, max_turns, "cut"


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_keep_the_katra_invariants(name, seed):
    r = rules(name)
    pos, turns, how = random_game(r, random.Random(seed))
    total = r.initial_position().seeds
    assert pos.seeds == total
    if how == "over":
        result = r.outcome(pos)
        assert result["winner"] in PLAYERS
        assert result["reason"] in ("empty-inner-row", "singletons", "cannot-place", "no-move")


@pytest.mark.parametrize("name", GAMES)
def test_random_games_usually_end(name):
    """Termination in practice: most random games reach an outcome within the
    turn limit, and no turn runs for ever without being cut with EndlessTurn."""
    r = rules(name)
    rng = random.Random(1909)
    ends = [random_game(r, rng)[2] for _ in range(20)]
    assert ends.count("over") >= 15, ends


def test_phase_1_lasts_as_long_as_the_reserves_in_katra_be():
    r = rules("katra-be")
    rng = random.Random(4)
    for _ in range(10):
        pos = r.initial_position()
        for n in range(1, 45):
            if r.outcome(pos):
                break
            before = pos.reserves
            pos, made = play_random_turn(r, pos, rng, n)
            kinds = [k for k, _ in made]
            if n <= 44:
                assert kinds[0] == "place"
            assert sum(pos.reserves) == sum(before) - 1
        else:
            assert pos.reserves == (0, 0)
