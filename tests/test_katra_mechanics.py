"""Hand-made tests of the katra fandatsaka and katra be building blocks:
reserve and phases, compulsory capture, fotsiny, the tsibongy rule, the rova,
and the ends of the game.  Every expected board is written out by hand."""
from __future__ import annotations

from dataclasses import replace

import pytest

from mancala_diagrams.engine.turn import run_turn
from mancala_diagrams.errors import IllegalMove, MancalaError
from mancala_diagrams.engine.geometry import CCW, CW, NORTH, SOUTH
from mancala_diagrams.engine.position import Hand, Position
from mancala_diagrams.engine.rules import Rules

from conftest import LIBRARY as LIB, rules


def board(text, to_move=SOUTH, r=None, reserve=(0, 0), state=()):
    """A position from a literal board (rows top first, '.' for an empty hole),
    with the state *r*'s blocks need (given *state* first)."""
    rows = [[None if c == "." else int(c) for c in line.split()] for line in text.strip().splitlines()]
    pos = Position.from_rows(rows, to_move=to_move, reserves=reserve, state=tuple(sorted(dict(state).items())))
    return r.with_initial_state(pos) if r is not None else pos


def text(pos):
    return pos.board_text()


def clean(t):
    return "\n".join(" ".join(line.split()) for line in t.strip().splitlines())


def play(r, pos, *decisions):
    g = pos.geometry
    out = []
    for kind, value in decisions:
        if kind == "start":
            hole, d = value
            value = (g.parse(hole), d)
        elif kind == "place":
            value = g.parse(value)
        out.append((kind, value))
    return r.play(pos, out)


def first_ask(r, pos, *decisions):
    """The decision the rules ask for after *decisions* (None if the turn is over)."""
    return run_turn(r, pos, decisions).ask


def rules_with(base, immediate=None, compulsory=True, fotsiny=True):
    """*base* without the compulsory capture or fotsiny (for contrasts), and
    with ``immediate=False`` without the immediate win: on the tiny boards below
    the capture of North's last inner seed would otherwise end the game before
    the lap under test."""
    merged, _ = LIB.merged(base)
    mech = {k: dict(v or {}) for k, v in merged["mechanics"].items()}
    for block, keep in (("compulsory-capture", compulsory), ("fotsiny", fotsiny)):
        if not keep:
            del mech[block]
    if immediate is not None:
        mech["goal"]["immediate"] = immediate
    r = LIB.load(base)
    return Rules(base + "-variant", r.geometry, mech, r.start)


# -- the start -------------------------------------------------------------------------
@pytest.mark.parametrize("name, inner, reserve", [
    ("fifangakely", ". 1 1 .", 14),
    ("katra-fandatsaka-6", ". 1 1 1 1 .", 20),
    ("katra-fandatsaka-8", ". 1 1 1 1 1 1 .", 26),
])
def test_katra_fandatsaka_start_inner_row_and_reserve(name, inner, reserve):
    pos = rules(name).initial_position()
    rows = clean(text(pos)).splitlines()
    empty = " ".join("." * len(inner.split()))
    assert rows == [empty, inner, inner, empty]
    assert pos.reserves == (reserve, reserve)
    assert pos.seeds == 2 * 2 * 2 * len(inner.split())     # two rows of 2 seeds a hole's worth, each player


def test_katra_be_start_has_rova_and_22_in_reserve():
    pos = rules("katra-be").initial_position()
    assert clean(text(pos)) == clean("""
        . . . 3 . . . .
        . 2 2 3 . . . .
        . . . . 3 2 2 .
        . . . . 3 . . .""")
    assert pos.reserves == (22, 22)
    assert pos.get("rova.south") == "present" and pos.get("rova.north") == "present"


# -- phase 1: the reserve ---------------------------------------------------------------
def test_reserve_seed_into_empty_hole_is_illegal():
    r = rules("fifangakely")
    pos = r.initial_position()
    with pytest.raises(IllegalMove, match="a2 is empty") as err:
        play(r, pos, ("place", "a2"))
    assert "reserve" in str(err.value)
    with pytest.raises(IllegalMove, match="not in it"):
        play(r, pos, ("place", "b1"))


def test_reserve_seed_counts_as_lap_end_and_captures():
    r = rules("fifangakely")
    after = play(r, r.initial_position(), ("place", "b2"))
    # b2 becomes 2, facing b3 (1): captured, sown from the left tsibongy a2 (empty: the turn ends)
    assert clean(text(after)) == clean("""
        . . . .
        . . 1 .
        1 2 1 .
        . . . .""")
    assert after.reserves == (13, 14)
    assert after.to_move == NORTH


def test_reserve_seed_then_direction_is_asked_when_no_capture():
    r = rules("katra-be")
    pos = r.initial_position()
    ask = first_ask(r, pos, pos.geometry.parse("f2"))
    assert ask.kind == "direction"
    after = play(r, pos, ("place", "f2"), ("direction", CCW))
    assert clean(text(after)) == clean("""
        . . . 3 . . . .
        . 2 2 3 . . . .
        . . 1 1 4 . 2 .
        . . . . 3 . . .""")
    assert after.reserves == (21, 22)


def test_phase_2_starts_when_the_reserve_is_spent():
    r = rules("fifangakely")
    pos = board("""
        . . . .
        . 1 . .
        . . 2 .
        . . . .""", r=r, reserve=(0, 3))
    ask = first_ask(r, pos)
    assert ask.kind == "start"
    assert first_ask(r, replace(pos, to_move=NORTH)).kind == "place"


# -- compulsory capture -----------------------------------------------------------------
TSIBONGY_4 = """
    . . . .
    . 3 . 2
    1 1 . .
    . . . ."""


def test_compulsory_capture_leaves_only_capturing_openings():
    r = rules("fifangakely")
    pos = board(TSIBONGY_4, r=r)
    g = pos.geometry
    assert set(r.openings(pos)) == {(g.parse("a2"), CW)}


def test_compulsory_capture_refuses_a_non_capturing_opening():
    r = rules("fifangakely")
    pos = board(TSIBONGY_4, r=r)
    with pytest.raises(IllegalMove):
        play(r, pos, ("start", ("b2", CW)))


def test_compulsory_capture_in_phase_1_restricts_placements():
    r = rules("katra-be")
    # after South's first turn of the phase-1 example: North must capture, only d3 does
    pos = board("""
        . . . 3 . . . .
        . 2 2 3 . . . .
        . . 1 1 4 . 2 .
        . . . . 3 . . .""", to_move=NORTH, r=r, reserve=(21, 22))
    # c3 and d3 face South's single seeds; b3 faces an empty hole
    assert set(r.openings(pos)) == {pos.geometry.parse("c3"), pos.geometry.parse("d3")}


def test_without_compulsory_capture_every_opening_is_allowed():
    r = rules_with("fifangakely", compulsory=False)
    pos = board(TSIBONGY_4, r=r)
    g = pos.geometry
    assert (g.parse("b2"), CW) in r.openings(pos)


# -- fotsiny ---------------------------------------------------------------------------------
FOTSINY = """
    . . . .
    . . 2 .
    . . 1 .
    . . 1 1"""


def test_fotsiny_turn_that_does_not_start_with_a_capture_captures_nothing():
    r = rules("fifangakely")
    after = play(r, board(FOTSINY, r=r), ("start", ("c1", CCW)))
    # lap 1 ends in d1 (outer row); lap 2 ends in c2 facing 2 seeds but captures
    # nothing; c2's 2 seeds go on to b2 and a2 (empty: the turn ends)
    assert clean(text(after)) == clean("""
        . . . .
        . . 2 .
        1 1 . 1
        . . . .""")


def test_without_fotsiny_the_late_capture_happens():
    r = rules_with("fifangakely", immediate=False, fotsiny=False)
    after = play(r, board(FOTSINY, r=r), ("start", ("c1", CCW)))
    # c3's 2 seeds are taken and sown from the right tsibongy d2: d2, c2; c2 (3) relays to b2 a2 a1
    assert clean(text(after)) == clean("""
        . . . .
        . . . .
        1 1 . 2
        1 . . .""")


def test_mid_turn_start_keeps_the_stated_capture_right():
    """A turn taken up mid-way does not decide fotsiny again: its stated turn
    state does (an example's hand: captures)."""
    r = rules_with("fifangakely", immediate=False)
    base = board("""
        . . . .
        . . 2 .
        . . 2 .
        . . . .""", r=r)
    g = base.geometry
    capturing = play(r, r.resume(replace(base, hand=Hand(0, g.parse("c2"), CCW)), first_lap=False, captures=True))
    # c3's 2 seeds from d2 counterclockwise: d2, c2 (3), which relays to b2 a2 a1
    assert clean(text(capturing)) == clean("""
        . . . .
        . . . .
        1 1 . 1
        1 . . .""")
    fotsiny = play(r, r.resume(replace(base, hand=Hand(0, g.parse("c2"), CCW)), first_lap=False, captures=False))
    assert clean(text(fotsiny)) == clean("""
        . . . .
        . . 2 .
        1 1 . .
        . . . .""")


# -- the tsibongy rule ------------------------------------------------------------------------
def test_tsibongy_rule_4_columns_left_side():
    r = rules("fifangakely")
    after = play(r, board(TSIBONGY_4, r=r), ("start", ("a2", CW)))
    # b2 captures b3's 3 seeds: b is next to the left tsibongy, so they go a2, b2, c2
    assert clean(text(after)) == clean("""
        . . . .
        . . . 2
        1 3 1 .
        . . . .""")


def test_tsibongy_rule_4_columns_right_side():
    r = rules("fifangakely")
    pos = board("""
        . . . .
        . . 3 .
        . . 1 1
        . . . .""", r=r)
    after = play(r, pos, ("start", ("d2", CCW)))
    # c2 captures c3's 3 seeds: c is next to the right tsibongy, so they go d2, c2, b2
    assert clean(text(after)) == clean("""
        . . . .
        . . . .
        . 1 3 1
        . . . .""")
    assert r.outcome(after) == {"winner": SOUTH, "reason": "empty-inner-row"}


def _capture_in_column(r, col):
    """South's lap has just ended in its inner-row hole of column *col* (2 seeds),
    facing 1 seed; nothing else on the board but a seed far away for North."""
    g = r.geometry
    cells = [0] * g.size
    hole = g.hole(SOUTH, 0, col)
    cells[hole] = 2
    cells[g.facing(hole, 0)] = 1
    cells[g.hole(NORTH, 1, 0)] = 1
    pos = Position(g, tuple(cells), SOUTH, hand=Hand(0, hole, CW))
    return r.with_initial_state(r.resume(pos, first_lap=False, captures=True))


@pytest.mark.parametrize("name, columns, choice", [
    ("fifangakely", 4, set()),
    ("katra-fandatsaka-6", 6, {2, 3}),
    ("katra-fandatsaka-8", 8, {2, 3, 4, 5}),
])
def test_tsibongy_rule_choice_only_in_the_centre(name, columns, choice):
    r = rules(name)
    asked = set()
    for col in range(columns):
        pos = _capture_in_column(r, col)
        ask = first_ask(r, pos)
        if ask is not None:
            assert ask.kind == "tsibongy" and set(ask.options) == {"left", "right"}
            asked.add(col)
    assert asked == choice


@pytest.mark.parametrize("name, col, side, south_inner", [
    # the captured seed is sown into the tsibongy itself; the lap ends there
    ("fifangakely", 0, "left", ". 1 1 1"),       # a2 (2 + 1) relays clockwise to b2 c2 d2
    ("fifangakely", 1, "left", "1 2 . ."),
    ("fifangakely", 2, "right", ". . 2 1"),
    ("fifangakely", 3, "right", "1 1 1 ."),      # d2 (2 + 1) relays counterclockwise
    ("katra-fandatsaka-6", 1, "left", "1 2 . . . ."),
    ("katra-fandatsaka-6", 4, "right", ". . . . 2 1"),
    ("katra-fandatsaka-8", 1, "left", "1 2 . . . . . ."),
    ("katra-fandatsaka-8", 6, "right", ". . . . . . 2 1"),
])
def test_tsibongy_rule_near_an_end_is_forced(name, col, side, south_inner):
    r = rules_with(name, immediate=False)
    after = play(r, _capture_in_column(r, col))
    assert clean(text(after)).splitlines()[2] == south_inner


def test_tsibongy_rule_6_columns_centre_is_the_players_choice():
    r = rules("katra-fandatsaka-6")
    pos = board("""
        . . . . . .
        . . 2 . . 1
        . 1 1 . . .
        . . . . . .""", r=r)
    left = play(r, pos, ("start", ("b2", CW)), ("tsibongy", "left"))
    # c2 captures c3's 2 seeds; from a2 clockwise: a2, b2 (emptied: the turn ends)
    assert clean(text(left)) == clean("""
        . . . . . .
        . . . . . 1
        1 1 2 . . .
        . . . . . .""")
    right = play(r, pos, ("start", ("b2", CW)), ("tsibongy", "right"))
    # from f2 counterclockwise: f2, e2 (empty: the turn ends)
    assert clean(text(right)) == clean("""
        . . . . . .
        . . . . . 1
        . . 2 . 1 1
        . . . . . .""")


def test_tsibongy_direction_may_change_within_a_turn():
    r = rules_with("katra-fandatsaka-8", immediate=False)
    pos = board("""
        . . . . . . . .
        . . . . . . 1 .
        . . . . . 1 1 1
        . . . . . . . .""", r=r)
    after = play(r, pos, ("start", ("f2", CW)))
    # clockwise to g2, which takes g3; from the right tsibongy h2 the turn goes on
    # counterclockwise: h2 (2) relays to g2 and f2 (emptied: the turn ends)
    assert clean(text(after)) == clean("""
        . . . . . . . .
        . . . . . . . .
        . . . . . 1 3 .
        . . . . . . . .""")


# -- the rova -----------------------------------------------------------------------------------
ROVA_BACK = """
    . . . . . . . .
    . . . . . . . 1
    . . . . 3 . . .
    . . 2 . 3 . . ."""


def test_rova_lap_ending_in_the_back_hole_ends_the_turn():
    r = rules("katra-be")
    after = play(r, board(ROVA_BACK, r=r), ("start", ("c1", CCW)))
    assert clean(text(after)) == clean("""
        . . . . . . . .
        . . . . . . . 1
        . . . . 3 . . .
        . . . 1 4 . . .""")
    assert after.get("rova.south") == "present"


def test_without_rova_the_back_hole_is_relayed():
    r = rules("katra-fandatsaka-8")
    after = play(r, board(ROVA_BACK, r=r), ("start", ("c1", CCW)))
    # e1's 4 seeds go on: f1, g1, h1, h2 (empty: the turn ends)
    assert clean(text(after)) == clean("""
        . . . . . . . .
        . . . . . . . 1
        . . . . 3 . . 1
        . . . 1 . 1 1 1""")


ROVA_FRONT = """
    . . . . . . . .
    . . . . . . . 1
    . . . . 3 . 2 .
    . . . . 3 . . ."""


def test_rova_front_hole_asks_stop_or_sow():
    r = rules("katra-be")
    pos = board(ROVA_FRONT, r=r)
    ask = first_ask(r, pos, (pos.geometry.parse("g2"), CCW))
    assert ask.kind == "rova" and set(ask.options) == {"stop", "sow"}


def test_rova_front_hole_stop_ends_the_turn():
    r = rules("katra-be")
    after = play(r, board(ROVA_FRONT, r=r), ("start", ("g2", CCW)), ("rova", "stop"))
    assert clean(text(after)) == clean("""
        . . . . . . . .
        . . . . . . . 1
        . . . . 4 1 . .
        . . . . 3 . . .""")
    assert after.get("rova.south") == "present"


def test_rova_front_hole_sow_takes_both_holes_and_the_rova_is_gone():
    r = rules("katra-be")
    after = play(r, board(ROVA_FRONT, r=r), ("start", ("g2", CCW)), ("rova", "sow"))
    # 4 + 3 seeds from d2 counterclockwise: d2 c2 b2 a2 a1 b1 c1 (empty: the turn ends)
    assert clean(text(after)) == clean("""
        . . . . . . . .
        . . . . . . . 1
        1 1 1 1 . 1 . .
        1 1 1 . . . . .""")
    assert after.get("rova.south") == "gone"
    assert after.get("rova.north") == "gone"      # North's rova holes were empty from the start


def test_rova_front_hole_captures_first_when_it_can():
    r = rules("katra-be")
    pos = board("""
        . . . . . . . .
        . . . . 2 . . 1
        . . . . 3 . 2 .
        . . . . 3 . . .""", r=r)
    assert first_ask(r, pos, (pos.geometry.parse("g2"), CCW)).kind == "tsibongy"
    after = play(r, pos, ("start", ("g2", CCW)), ("tsibongy", "right"))
    # e2 captures e3's 2 seeds (centre: South chooses the right tsibongy): h2, g2 (emptied: end)
    assert clean(text(after)) == clean("""
        . . . . . . . .
        . . . . . . . 1
        . . . . 4 1 1 1
        . . . . 3 . . .""")
    assert after.get("rova.south") == "present"


def test_rova_front_hole_is_not_asked_once_the_rova_is_gone():
    r = rules("katra-be")
    pos = board(ROVA_FRONT, r=r, state={"rova.south": "gone"})
    after = play(r, pos, ("start", ("g2", CCW)))
    # an ordinary hole: e2's 4 seeds relay to d2 c2 b2 a2 (empty: the turn ends)
    assert clean(text(after)) == clean("""
        . . . . . . . .
        . . . . . . . 1
        1 1 1 1 . 1 . .
        . . . . 3 . . .""")


def test_capturing_a_rova_takes_both_holes_and_it_is_gone():
    r = rules("katra-be")
    pos = board("""
        . . . 3 . . . .
        . . . 3 . . . .
        . . 1 1 . . . .
        . . . . 3 . . .""", r=r)
    assert pos.get("rova.north") == "present" and pos.get("rova.south") == "gone"
    after = play(r, pos, ("start", ("c2", CW)), ("tsibongy", "left"))
    # d2 takes d3 and d4 (6 seeds), sown from a2 clockwise: a2 b2 c2 d2 e2 f2 (empty: end)
    assert clean(text(after)) == clean("""
        . . . . . . . .
        . . . . . . . .
        1 1 1 3 1 1 . .
        . . . . 3 . . .""")
    assert after.get("rova.north") == "gone"
    assert r.outcome(after) == {"winner": SOUTH, "reason": "empty-inner-row"}


def test_rova_opened_in_phase_2_sows_both_holes():
    r = rules("katra-be")
    pos = board("""
        . . . . . . . .
        . . . . . . . 1
        . . . . 3 . . .
        . . . . 3 . . .""", r=r)
    after = play(r, pos, ("start", ("e1", CW)))
    # 3 + 3 seeds from d1 clockwise: d1 c1 b1 a1 a2 b2 (empty: the turn ends)
    assert clean(text(after)) == clean("""
        . . . . . . . .
        . . . . . . . 1
        1 1 . . . . . .
        1 1 1 1 . . . .""")
    assert after.get("rova.south") == "gone"


def test_rova_state_is_kept_in_the_position_text():
    r = rules("katra-be")
    pos = board(ROVA_FRONT, r=r, state={"rova.south": "gone"})
    assert "rova.south=gone" in pos.to_text()
    assert Position.from_text(pos.to_text()) == pos


def test_rova_column_off_the_board_is_refused():
    r = rules("fifangakely")
    merged, _ = LIB.merged("fifangakely")
    mech = dict(merged["mechanics"], rova={"column": 5})
    with pytest.raises(MancalaError, match="column 5"):
        Rules("x", r.geometry, mech, r.start)


# -- ends of the game -----------------------------------------------------------------------------
def test_singletons_only_in_phase_2_lose_in_katra_be():
    r = rules("katra-be")
    pos = board("""
        . . 1 . . . . .
        . 1 . 1 . . . .
        . 2 . . . . . .
        . . . 3 . . . .""", to_move=SOUTH, r=r)
    assert r.outcome(pos) == {"winner": SOUTH, "reason": "singletons"}
    assert rules("katra-fandatsaka-8").outcome(pos) is None


def test_singletons_do_not_lose_in_phase_1():
    r = rules("katra-be")
    pos = board("""
        . . 1 . . . . .
        . 1 . 1 . . . .
        . 2 . . . . . .
        . . . 3 . . . .""", to_move=SOUTH, r=r, reserve=(1, 1))
    assert r.outcome(pos) is None


def test_must_place_with_empty_inner_row_loses():
    r = rules("fifangakely")
    pos = board("""
        . . . .
        . 1 1 .
        . . . .
        . 2 . .""", to_move=SOUTH, r=r, reserve=(3, 3))
    assert r.outcome(pos) == {"winner": NORTH, "reason": "cannot-place"}


def test_emptied_inner_row_loses():
    r = rules("katra-fandatsaka-6")
    pos = board("""
        . 4 . . . .
        . . . . . .
        . 1 . . . .
        . . . . . .""", to_move=NORTH, r=r)
    assert r.outcome(pos) == {"winner": SOUTH, "reason": "empty-inner-row"}


def test_seeds_in_hand_that_are_the_turns_first_lap_decide_fotsiny():
    """The lap in hand is the turn's first (an example's hand: first_lap), so
    a lap end with nothing to capture makes the turn fotsiny; a later lap does
    not."""
    r = rules_with("fifangakely", immediate=False)
    base = board("""
        . . . .
        . . . .
        . 2 . .
        . . . .""", r=r)
    g = base.geometry
    declared = []
    r.play(r.resume(replace(base, hand=Hand(0, g.parse("b2"), CCW)), first_lap=True), [], events=declared)
    assert [e.reason for e in declared if e.kind == "fotsiny"] == ["declared"]
    later = []
    r.play(r.resume(replace(base, hand=Hand(0, g.parse("b2"), CCW)), first_lap=False), [], events=later)
    assert [e for e in later if e.kind == "fotsiny"] == []


def test_emptying_the_inner_row_ends_the_game_once_the_captured_seeds_are_sown():
    """Busser's page stops the game there (diagram 43): the seed taken from
    a3, North's last inner seed, goes into the tsibongy a2, which is not sown
    on (without the immediate win it would relay to b2, c2, d2)."""
    r = rules("fifangakely")
    after = play(r, _capture_in_column(r, 0))
    assert clean(text(after)).splitlines()[2] == "3 . . ."
    assert r.outcome(after) == {"winner": SOUTH, "reason": "empty-inner-row"}
