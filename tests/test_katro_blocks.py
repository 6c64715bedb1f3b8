"""Each building block of katro on a small hand-made position: a literal board,
one move, the whole board after it (boards worked out by hand)."""
import pytest

from mancala_diagrams.errors import IllegalMove, RulesError
from mancala_diagrams.files.loader import RulesLibrary
from mancala_diagrams.engine.geometry import CCW, CW
from mancala_diagrams.engine.rules import Rules

from conftest import board, grid, literal, rules


def play(rules_name, before, hole, direction, to_move="south"):
    r = rules(rules_name)
    pos = board(before, to_move=to_move)
    events = []
    after = r.play(pos, [("start", (pos.geometry.parse(hole), direction))], events=events)
    return after, events


def test_relay_on_a_full_outer_hole_then_mandry_in_an_empty_hole():
    after, events = play("katro-4", """
        . . . .
        1 . . .
        . . . .
        2 1 1 .""", "a1", CCW)
    assert grid(after) == literal("""
        . . . .
        1 . . .
        . . . 1
        . 2 . 1""")
    assert [e.reason for e in events if e.kind == "turn_end"] == ["empty-hole"]
    assert after.to_move == "north"


def test_capture_joins_the_capturing_hole_and_is_sown_on():
    after, events = play("katro-4", """
        . . . 1
        3 . . .
        1 . . .
        1 . . .""", "a1", CW)
    assert grid(after) == literal("""
        . . . 1
        . . . .
        . 1 1 1
        . . 1 1""")
    capture = [e for e in events if e.kind == "capture"]
    assert len(capture) == 1 and capture[0].count == 3


def test_gorobaka_captures_the_whole_facing_column():
    after, _ = play("katro-gorobaka-4", """
        2 . . 1
        3 . . .
        1 . . .
        1 . . .""", "a1", CW)
    assert grid(after) == literal("""
        . . . 1
        . . . .
        . 1 1 1
        1 1 1 1""")


def test_row_shift_defender_with_empty_inner_row_is_captured_in_its_outer_row():
    after, _ = play("katro-4", """
        2 . . 1
        . . . .
        1 . . .
        1 . . .""", "a1", CW)
    assert grid(after) == literal("""
        . . . 1
        . . . .
        . 1 1 1
        . . . 1""")


def test_without_row_shift_an_empty_inner_row_protects_the_outer_row():
    r = rules("katro-4")
    mech = {b.name: dict(b.p) for b in r.blocks if b.name != "row-shift"}
    no_shift = Rules("no-shift", r.geometry, mech, r.start)
    pos = board("""
        2 . . 1
        . . . .
        1 . . .
        1 . . .""")
    after = no_shift.play(pos, [("start", (pos.geometry.parse("a1"), CW))])
    assert grid(after) == literal("""
        2 . . 1
        . . . .
        . 1 1 .
        . . . .""")


def test_row_shift_attacker_with_empty_inner_row_captures_from_its_outer_row():
    after, _ = play("katro-4", """
        . . . 1
        . 3 . .
        . . . .
        1 1 . .""", "a1", CCW)
    assert grid(after) == literal("""
        . . . 1
        . . . .
        . 1 1 1
        . . 1 1""")


def test_mandry_dia_homana_an_empty_inner_hole_still_captures():
    after, events = play("katro-mandry-dia-homana-4", """
        . . . 1
        . 2 . .
        . . . .
        2 . . .""", "a1", CW)
    assert grid(after) == literal("""
        . . . 1
        . . . .
        1 . 1 1
        . . . 1""")
    assert [e.reason for e in events if e.kind == "turn_end"] == ["empty-hole"]


def test_mandry_dia_homana_an_empty_inner_hole_facing_nothing_ends_the_turn():
    # b2 was empty and faces the empty b3 (North's front row is its inner row,
    # which still holds d3): nothing to capture, so the nap ends the turn; the
    # single seed in b2 is not sown on
    after, events = play("katro-mandry-dia-homana-4", """
        . 2 . .
        . . . 1
        . . . .
        2 . . .""", "a1", CW)
    assert grid(after) == literal("""
        . 2 . .
        . . . 1
        1 1 . .
        . . . .""")
    assert [e.reason for e in events if e.kind == "turn_end"] == ["empty-hole"]
    assert not [e for e in events if e.kind == "capture"]


def test_mandry_dia_homana_gorobaka_an_empty_column_ends_the_turn():
    after, events = play("katro-gorobaka-mandry-dia-homana-4", """
        . . . .
        . . . 1
        . . . .
        2 . . .""", "a1", CW)
    assert grid(after) == literal("""
        . . . .
        . . . 1
        1 1 . .
        . . . .""")
    assert [e.reason for e in events if e.kind == "turn_end"] == ["empty-hole"]


def test_mandry_dia_homana_gorobaka_a_column_with_seeds_only_behind_is_captured():
    # the column of b holds seeds only in North's outer row: gorobaka takes the
    # column, so the empty b2 captures them, and the 3 seeds go on to d1 (empty,
    # outer row: the turn ends)
    after, events = play("katro-gorobaka-mandry-dia-homana-4", """
        . 2 . .
        . . . 1
        . . . .
        2 . . .""", "a1", CW)
    assert grid(after) == literal("""
        . . . .
        . . . 1
        1 . 1 1
        . . . 1""")
    capture = [e for e in events if e.kind == "capture"]
    assert len(capture) == 1 and capture[0].count == 2


def test_mandry_dia_homana_without_a_capture_block_is_refused(tmp_path):
    (tmp_path / "bad.yaml").write_text(
        "rules: bad\nboard: {columns: 4}\nstart: {seeds_per_hole: 2}\n"
        "mechanics: {choose-hole: {}, mandry: {rows: outer}, relay: {}}\n")
    with pytest.raises(RulesError, match="homana-needs-capture"):
        RulesLibrary(tmp_path).load("bad")


def test_usual_mandry_an_empty_inner_hole_ends_the_turn():
    after, _ = play("katro-4", """
        . . . 1
        . 2 . .
        . . . .
        2 . . .""", "a1", CW)
    assert grid(after) == literal("""
        . . . 1
        . 2 . .
        1 1 . .
        . . . .""")


def test_north_sows_on_its_own_track():
    # North's clockwise: its outer row runs left to right as South sees it
    after, _ = play("katro-4", """
        . . 1 .
        . . . .
        . . . .
        1 . . .""", "c4", CW, to_move="north")
    assert grid(after) == literal("""
        . . . 1
        . . . .
        . . . .
        1 . . .""")


def test_direction_per_game_is_kept_after_the_first_sowing():
    r = rules("katro-ambohimanga")
    pos = r.initial_position()
    assert {d for _, d in r.openings(pos)} == {CW, CCW}
    after = r.play(pos, [("start", (pos.geometry.parse("a1"), CW))])
    assert after.get("direction.south") == "cw"
    # North has not chosen yet; once South moves again only clockwise is allowed
    assert {d for _, d in r.openings(after)} == {CW, CCW}
    from dataclasses import replace
    south_again = replace(after, to_move="south")
    assert {d for _, d in r.openings(south_again)} == {CW}
    with pytest.raises(IllegalMove) as err:
        r.play(south_again, [("start", (pos.geometry.parse("b1"), CCW))])
    assert "not allowed" in str(err.value)


def test_direction_per_turn_may_change_between_turns():
    r = rules("katro-6")
    pos = r.initial_position()
    after = r.play(pos, [("start", (pos.geometry.parse("a1"), CW))])
    assert after.get("direction.south") is None


def test_sowing_an_empty_hole_is_illegal():
    r = rules("katro-4")
    pos = board("""
        . . . 1
        . . . .
        . . . .
        1 . . .""")
    with pytest.raises(IllegalMove) as err:
        r.play(pos, [("start", (pos.geometry.parse("b1"), CW))])
    assert "b1 clockwise is not allowed" in str(err.value)
    assert "choose-hole" in str(err.value)


def test_a_lap_longer_than_the_track_passes_its_starting_hole():
    # 9 seeds on a track of 8 holes: the starting hole a1 gets the 8th seed and
    # the 9th falls into b1 (now 2): relay b1 -> c1, d1 (2): relay d1 -> d2, c2 (2):
    # relay c2 -> b2, a2 (2): relay a2 -> a1, b1 (emptied before, now 1): mandry.
    after, events = play("katro-4", """
        . . . .
        . . . .
        . . . .
        9 . . .""", "a1", CCW)
    first_lap = [e for e in events if e.kind == "drop" and e.lap == 1]
    assert len(first_lap) == 9 and first_lap[7].holes == (after.geometry.parse("a1"),)
    assert grid(after) == literal("""
        . . . .
        . . . .
        . 2 . 2
        2 1 2 .""")


def test_a_decision_the_rules_do_not_ask_for_is_refused():
    r = rules("katro-4")
    pos = r.initial_position()
    with pytest.raises(IllegalMove) as err:
        r.play(pos, [("start", (pos.geometry.parse("a1"), CW)), ("tsibongy", "left")])
    assert "one more decision (tsibongy)" in str(err.value)
