"""Katra paika: the opening that starts with a capture (``capture-opening``),
the first capture sown from the tsibongy the chosen direction leads from
(``capture: first_tsibongy: direction``), and the game that ends as soon as it
is won (``goal: immediate``) for every win condition.

Every board is written by hand (rows top first: North's outer row, North's
inner row, South's inner row, South's outer row); none comes from the code
under test.  Property tests (conservation, termination) run random legal games
of every katra paika rules file.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from mancala_diagrams.engine.geometry import CCW, CW, PLAYERS, other
from mancala_diagrams.engine.rules import Rules
from mancala_diagrams.errors import RulesError, EndlessTurn, IllegalMove, IncompatibleRules

from conftest import board, grid, literal, play_random_turn, rules

PAIKA = ["katra-paika-4", "katra-paika-6"]


def start(pos, hole, direction):
    return ("start", (pos.geometry.parse(hole), direction))


def names(pos, options):
    g = pos.geometry
    return sorted(f"{g.name(h)} {'cw' if d == CW else 'ccw'}" for h, d in options)


# -- the opening: lift a seed, put it back, capture at once ----------------------------

def test_the_chosen_hole_captures_at_once_and_clockwise_sows_from_the_left_tsibongy():
    pos = board("""
        1 . . .
        . 3 . 1
        . 2 . .
        . . . .""")
    events = []
    after = rules("katra-paika-4").play(pos, [start(pos, "b2", CW)], events=events)
    # b2 takes b3's 3 seeds without sowing first; clockwise leads from a2: a2, b2, c2 (empty): end
    assert grid(after) == literal("""
        1 . . .
        . . . 1
        1 3 1 .
        . . . .""")
    kinds = [e.kind for e in events if e.kind in ("pickup", "place", "capture", "drop")]
    assert kinds[:3] == ["pickup", "place", "capture"]


def test_counterclockwise_sows_the_first_capture_from_the_right_tsibongy():
    pos = board("""
        1 . . .
        . 3 . 1
        . 2 . .
        . . . .""")
    after = rules("katra-paika-4").play(pos, [start(pos, "b2", CCW)])
    # d2, c2, b2 (had 2, faces an empty hole now): b2's 3 sown on counterclockwise: a2, a1, b1
    assert grid(after) == literal("""
        1 . . .
        . . . 1
        1 . 1 1
        1 1 . .""")


def test_a_hole_of_one_seed_opens_only_when_no_inner_hole_holds_two():
    r = rules("katra-paika-4")
    pos = board("""
        2 2 2 2
        . 1 1 .
        . 1 2 .
        2 2 2 2""")
    assert names(pos, r.openings(pos)) == ["c2 ccw", "c2 cw"]
    pos = board("""
        2 2 2 2
        . 1 1 .
        . 1 1 .
        2 2 2 2""")
    # single seeds are sown like the katro's: b2 clockwise and c2 counterclockwise make 2 in
    # a hole facing a seed, and a capture possible at the start is compulsory
    assert names(pos, r.openings(pos)) == ["b2 cw", "c2 ccw"]
    pos = board("""
        2 2 2 2
        . . . .
        . 1 1 .
        2 2 2 2""")
    assert names(pos, r.openings(pos)) == ["b2 ccw", "b2 cw", "c2 ccw", "c2 cw"]


def test_a_hole_of_one_seed_is_sown_like_a_katro_opening():
    pos = board("""
        . . . .
        1 . . 1
        . 1 . .
        2 . . .""")
    after = rules("katra-paika-4").play(pos, [start(pos, "b2", CW)])
    # no inner hole holds two: b2's one seed is taken up and goes to c2 (empty): the turn ends
    assert grid(after) == literal("""
        . . . .
        1 . . 1
        . . 1 .
        2 . . .""")


def test_a_capture_possible_at_the_start_is_compulsory():
    r = rules("katra-paika-4")
    pos = board("""
        . . . .
        . . 1 .
        2 . 2 .
        . . . .""")
    # a2 faces the empty d3 (North's a3 is empty); c2 faces 1 seed
    assert names(pos, r.openings(pos)) == ["c2 ccw", "c2 cw"]
    with pytest.raises(IllegalMove) as err:
        r.play(pos, [start(pos, "a2", CW)])
    assert "compulsory" in str(err.value)


def test_a_turn_that_does_not_start_with_a_capture_captures_nothing():
    pos = board("""
        . . . .
        . . 4 1
        . 2 1 1
        . . . .""")
    # b2 faces an empty hole: fotsiny.  b2's 2 seeds: c2, d2 (had 1, faces d3's seed: no
    # capture in a fotsiny turn), d2's 2 seeds: d1, c1 (empty): end
    after = rules("katra-paika-4").play(pos, [start(pos, "b2", CW)])
    assert grid(after) == literal("""
        . . . .
        . . 4 1
        . . 2 .
        . . 1 1""")


def test_later_captures_go_to_the_tsibongy_the_player_chooses():
    r = rules("katra-paika-4")
    pos = board("""
        . . . .
        2 2 2 2
        2 2 2 2
        . . . .""")
    # a2 clockwise: a3's 2 seeds from a2 (no choice), the last makes 3 in b2 facing 2 seeds:
    # now the player chooses the tsibongy, wherever the captured hole is
    # b2 takes b3's 2 seeds: South sends them to the right tsibongy: d2, c2 (3, facing 2 seeds);
    # c3's 2 seeds to the right again: d2, c2 (4, facing nothing now): sown on counterclockwise,
    # b2, a2, a1, b1 (empty): end
    after = r.play(pos, [start(pos, "a2", CW), ("tsibongy", "right"), ("tsibongy", "right")])
    assert grid(after) == literal("""
        . . . .
        . . . 2
        4 4 . 4
        1 1 . .""")
    with pytest.raises(IllegalMove):      # a tsibongy choice is asked for: none given
        r.play(pos, [start(pos, "a2", CW)])


# -- the game ends when it is won: at the lap end, or at the capture -----------------------

def katro(immediate):
    """The katro's capture (the captured seeds join the capturing hole) on 4 columns."""
    g = board(". . . .\n. . . .\n. . . .\n. . . .").geometry
    return Rules("katro-immediate", g, {
        "choose-hole": {}, "direction": {}, "mandry": {}, "capture": {},
        "relay": {}, "goal": {"win": "capture-all", "immediate": immediate}})


KATRO_LAST_SEED = """
    . . . .
    . 1 . .
    1 1 . .
    . . . 1"""


def test_immediate_capture_ends_the_game_at_the_capture_of_the_last_seed():
    pos = board(KATRO_LAST_SEED)
    after = katro("capture").play(pos, [start(pos, "a2", CW)])
    # a2's seed makes 2 in b2, which takes North's last seed: the game is won there
    assert grid(after) == literal("""
        . . . .
        . . . .
        . 3 . .
        . . . 1""")


def test_immediate_true_ends_the_game_at_the_lap_end_after_the_capture():
    pos = board(KATRO_LAST_SEED)
    after = katro(True).play(pos, [start(pos, "a2", CW)])
    # b2's 3 seeds are sown on: c2, d2, d1 (had 1): the lap ends there, and so does the game
    assert grid(after) == literal("""
        . . . .
        . . . .
        . . 1 1
        . . . 2""")


def test_without_immediate_the_turn_relays_on_after_the_win():
    pos = board(KATRO_LAST_SEED)
    after = katro(False).play(pos, [start(pos, "a2", CW)])
    # d1's 2 seeds go on: c1, b1 (empty): end
    assert grid(after) == literal("""
        . . . .
        . . . .
        . . 1 1
        . 1 1 .""")


def test_an_empty_inner_row_ends_the_game_once_the_captured_seeds_are_sown():
    pos = board("""
        . . . 1
        . . . 1
        . . . 2
        . . . .""")
    r = rules("katra-paika-4")
    after = r.play(pos, [start(pos, "d2", CCW)])
    # d2 takes North's last inner seed; counterclockwise leads from the right tsibongy, d2
    # itself: it makes 3 there, and the game is over (d2 would otherwise be sown on)
    assert grid(after) == literal("""
        . . . 1
        . . . .
        . . . 3
        . . . .""")
    assert r.outcome(after) == {"winner": "south", "reason": "empty-inner-row"}


@pytest.mark.parametrize("goal, reason", [
    ({"win": "last-mover", "immediate": True}, "immediate-without-goal"),
])
def test_immediate_is_refused_where_nothing_can_end_a_turn(goal, reason):
    g = board(". . . .\n. . . .\n. . . .\n. . . .").geometry
    with pytest.raises(IncompatibleRules) as err:
        Rules("t", g, {"choose-hole": {}, "mandry": {}, "relay": {}, "goal": goal})
    assert err.value.reason == reason


def test_immediate_capture_is_refused_when_captured_seeds_wait_for_a_tsibongy():
    g = board(". . . .\n. . . .\n. . . .\n. . . .").geometry
    with pytest.raises(IncompatibleRules) as err:
        Rules("t", g, {"choose-hole": {}, "mandry": {}, "relay": {}, "capture": {}, "tsibongy": {},
                       "goal": {"win": "empty-inner-row", "immediate": "capture"}})
    assert err.value.reason == "immediate-capture-seeds-in-hand"


def test_two_opening_blocks_are_refused():
    g = board(". . . .\n. . . .\n. . . .\n. . . .").geometry
    with pytest.raises(IncompatibleRules) as err:
        Rules("t", g, {"choose-hole": {}, "capture-opening": {}, "mandry": {}, "relay": {}})
    assert err.value.reason == "two-openings"


def test_the_first_tsibongy_by_direction_needs_a_tsibongy():
    """The first tsibongy is a parameter of the tsibongy block itself, so no
    rules can ask for it without a tsibongy; written the old way, as a
    parameter of the capture, it is refused with what to write instead."""
    g = board(". . . .\n. . . .\n. . . .\n. . . .").geometry
    with pytest.raises(RulesError) as err:
        Rules("t", g, {"capture-opening": {}, "mandry": {}, "relay": {},
                       "capture": {"first_tsibongy": "direction"}})
    assert "block 'capture' has no parameter 'first_tsibongy'" in str(err.value)
    assert "tsibongy: {first: direction}" in str(err.value)


# -- properties of random legal play ------------------------------------------------------

def check_paika_turn(r, before, after, events):
    g = r.geometry
    mover = before.to_move
    assert after.seeds == before.seeds == r.initial_position().seeds
    assert min(after.cells) >= 0 and after.hand is None
    # the turn starts in the mover's inner row, and captures only the opponent's holes
    first = next(e for e in events if e.kind in ("pickup", "place"))
    assert g.owner(first.holes[0]) == mover and g.depth(first.holes[0]) == 0
    captures = [e for e in events if e.kind == "capture"]
    assert all(g.owner(h) == other(mover) for e in captures for h in e.holes)
    # fotsiny: a turn whose first lap end captures nothing captures nothing at all
    ends = [i for i, e in enumerate(events) if e.kind == "lap_end"]
    first_captured = bool(ends) and events[ends[0] + 1].kind == "capture" if ends else False
    if captures:
        assert first_captured
    # the game is over as soon as it is won: a turn that wins ends at that lap end
    if r.outcome(after):
        last_end = max(ends)
        assert not any(e.kind == "drop" for e in events[last_end + 1:])


def random_paika_game(r, rng, max_turns=200):
    pos = r.initial_position()
    for n in range(1, max_turns + 1):
        if r.outcome(pos):
            return pos, "over"
        events = []
        try:
            new, _ = play_random_turn(r, pos, rng, n, events)
        except EndlessTurn:
            return pos, "endless"
        check_paika_turn(r, pos, new, events)
        pos = new
    return pos, "cut"


@pytest.mark.parametrize("name", PAIKA)
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_random_katra_paika_games_keep_the_seeds_and_the_rules(name, seed):
    r = rules(name)
    pos, how = random_paika_game(r, random.Random(seed))
    assert pos.seeds == r.initial_position().seeds
    if how == "over":
        assert r.outcome(pos)["winner"] in PLAYERS


@pytest.mark.parametrize("name", PAIKA)
def test_random_katra_paika_games_end(name):
    r = rules(name)
    rng = random.Random(1999)
    ends = [random_paika_game(r, rng)[1] for _ in range(20)]
    assert ends.count("over") >= 18, ends
