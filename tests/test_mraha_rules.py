"""Hand-made tests of the m'raha wa ntso rules: the nyumba, the trakatra
(singleton) rule, compulsory capture in both phases, and the immediate win.

Every board is written out by hand (rows top first: North's outer row, North's
inner row, South's inner row, South's outer row); none is produced by the code
under test.  On 6 columns the nyumba is South's d2 and North's c3; on 8
columns South's e2 and North's d3.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from mancala_diagrams.engine.turn import run_turn
from mancala_diagrams.errors import EndlessTurn
from mancala_diagrams.engine.geometry import CCW, CW, NORTH, SOUTH
from mancala_diagrams.files.loader import RulesLibrary
from mancala_diagrams.engine.position import Position

ROOT = Path(__file__).resolve().parent.parent
LIB = RulesLibrary(ROOT / "rules")
SIX, EIGHT = "mraha-wa-ntso-6", "mraha-wa-ntso"


def position(rules_name, rows, to_move=SOUTH, reserves=(0, 0), **state):
    """A position from a board text; state keys use '__' for '.'."""
    grid = [[None if c == "." else int(c) for c in line.split()] for line in rows.strip().splitlines()]
    pos = Position.from_rows(grid, to_move=to_move, reserves=reserves).with_state(**state)
    return LIB.load(rules_name).with_initial_state(pos)


def names(pos, options):
    g = pos.geometry
    return sorted(g.name(o) if isinstance(o, int) else f"{g.name(o[0])} {'cw' if o[1] == CW else 'ccw'}"
                  for o in options)


def openings(rules_name, pos):
    return names(pos, LIB.load(rules_name).openings(pos))


def play(rules_name, pos, *decisions):
    g = pos.geometry
    out = []
    for kind, value in decisions:
        if kind == "place":
            value = g.parse(value)
        elif kind == "start":
            value = (g.parse(value[0]), value[1])
        out.append((kind, value))
    return LIB.load(rules_name).play(pos, out)


def asks(rules_name, pos, *decisions):
    """The kind and options of the decision asked after *decisions*, or None."""
    g = pos.geometry
    values = [g.parse(value) if kind == "place" else value for kind, value in decisions]
    ask = run_turn(LIB.load(rules_name), pos, values).ask
    return None if ask is None else (ask.kind, ask.options)


def rows(pos):
    return "\n".join(" ".join(line.split()) for line in pos.board_text().splitlines())


def clean(text):
    return "\n".join(" ".join(line.split()) for line in text.strip().splitlines())


# -- the nyumba may not be played on the first turn ----------------------------------------
def test_nyumba_not_played_on_souths_first_turn():
    pos = LIB.load(EIGHT).initial_position()
    assert openings(EIGHT, pos) == ["f2", "g2"]


NORTH_FIRST_TURN = """
. . . . . .
. 2 6 . . .
. 1 1 7 . .
. . . . . .
"""


def test_nyumba_not_played_on_norths_first_turn_even_to_capture():
    # North still has the whole reserve (16): its nyumba c3 would capture c2, but may not be played
    pos = position(SIX, NORTH_FIRST_TURN, to_move=NORTH, reserves=(15, 16))
    assert openings(SIX, pos) == ["b3"]


def test_capture_may_start_from_the_nyumba_after_the_first_turn():
    pos = position(SIX, NORTH_FIRST_TURN, to_move=NORTH, reserves=(15, 15))
    assert openings(SIX, pos) == ["b3", "c3"]


# -- a turn without capture does not start from the nyumba while another hole can ------------
STOP_OR_SOW = """
. . . . . .
. . . . 3 3
2 . . 5 . .
. . . . . .
"""


def test_nyumba_avoided_while_another_hole_is_playable():
    pos = position(SIX, STOP_OR_SOW, reserves=(5, 5))
    assert openings(SIX, pos) == ["a2"]


def test_nyumba_played_when_the_other_holes_are_singletons():
    pos = position(SIX, STOP_OR_SOW.replace("2 . . 5", "1 . . 5"), reserves=(5, 5))
    assert openings(SIX, pos) == ["d2"]
    # the reserve seed's lap ends in the nyumba: stop or sow
    assert asks(SIX, pos, ("place", "d2")) == ("nyumba", ("stop", "sow"))
    after = play(SIX, pos, ("place", "d2"), ("nyumba", "stop"))
    assert rows(after) == clean("""
        . . . . . .
        . . . . 3 3
        1 . . 6 . .
        . . . . . .
    """)
    assert after.reserve(SOUTH) == 4 and after.get("nyumba.south") == "present"


# -- a lap ending in the nyumba: stop, or sow it (and the nyumba is gone) ---------------------
def test_lap_ending_in_nyumba_asks_stop_or_sow():
    pos = position(SIX, STOP_OR_SOW, reserves=(5, 5))
    assert asks(SIX, pos, ("place", "a2"), ("direction", CW)) == ("nyumba", ("stop", "sow"))


def test_lap_ending_in_nyumba_stop_ends_the_turn():
    pos = position(SIX, STOP_OR_SOW, reserves=(5, 5))
    after = play(SIX, pos, ("place", "a2"), ("direction", CW), ("nyumba", "stop"))
    assert rows(after) == clean("""
        . . . . . .
        . . . . 3 3
        . 1 1 6 . .
        . . . . . .
    """)
    assert after.get("nyumba.south") == "present"
    assert after.to_move == NORTH and after.reserves == (4, 5)


def test_lap_ending_in_nyumba_sow_relays_and_the_nyumba_is_gone():
    pos = position(SIX, STOP_OR_SOW, reserves=(5, 5))
    after = play(SIX, pos, ("place", "a2"), ("direction", CW), ("nyumba", "sow"))
    assert rows(after) == clean("""
        . . . . . .
        . . . . 3 3
        . 1 1 . 1 1
        . . 1 1 1 1
    """)
    assert after.get("nyumba.south") == "gone"


def test_gone_nyumba_is_an_ordinary_hole():
    pos = position(SIX, STOP_OR_SOW, reserves=(5, 5), nyumba__south="gone")
    assert openings(SIX, pos) == ["a2", "d2"]
    after = play(SIX, pos, ("place", "a2"), ("direction", CW))      # no stop-or-sow question
    assert rows(after) == clean("""
        . . . . . .
        . . . . 3 3
        . 1 1 . 1 1
        . . 1 1 1 1
    """)


def test_nyumba_captured_by_the_opponent_is_gone():
    pos = position(SIX, """
        . . . . . .
        . . . 1 . .
        2 . . 5 . .
        . . . . . .
    """, to_move=NORTH, reserves=(4, 4))
    assert pos.get("nyumba.south") == "present"
    assert openings(SIX, pos) == ["d3"]            # a singleton, but it captures
    after = play(SIX, pos, ("place", "d3"), ("tsibongy", "left"))
    assert rows(after) == clean("""
        . . . . . .
        . 1 1 3 1 1
        2 . . . . .
        . . . . . .
    """)
    assert after.get("nyumba.south") == "gone"


# -- phase 1, the nyumba alone in the inner row: 2 seeds are sown -----------------------------
def test_nyumba_alone_sows_exactly_two_seeds():
    pos = position(SIX, """
        . . . . . .
        3 . . . . .
        . . . 5 . .
        . . . . . 1
    """, reserves=(3, 3))
    assert openings(SIX, pos) == ["d2"]
    assert asks(SIX, pos, ("place", "d2")) == ("direction", (CW, CCW))
    after = play(SIX, pos, ("place", "d2"), ("direction", CW))
    assert rows(after) == clean("""
        . . . . . .
        3 . . . . .
        . . . 4 1 1
        . . . . . 1
    """)
    assert after.get("nyumba.south") == "present" and after.reserves == (2, 3)


def test_nyumba_alone_with_one_seed_must_still_be_played():
    # the singleton rule would forbid it, but the reserve seed must go into the nyumba
    pos = position(SIX, """
        . . . . . .
        3 . . . . .
        . . . 1 . .
        2 . . . . 3
    """, reserves=(3, 3))
    assert openings(SIX, pos) == ["d2"]
    after = play(SIX, pos, ("place", "d2"), ("direction", CW))
    assert rows(after) == clean("""
        . . . . . .
        3 . . . . .
        . . . . 1 1
        2 . . . . 3
    """)
    assert after.get("nyumba.south") == "gone"


def test_nyumba_alone_that_captures_captures():
    pos = position(SIX, """
        . . . . . .
        3 . . 2 . .
        . . . 5 . .
        . . . . . .
    """, reserves=(3, 3))
    # d2 faces d3 (2 seeds): the capture goes first; d is a centre hole, so the tsibongy is chosen
    assert asks(SIX, pos, ("place", "d2")) == ("tsibongy", ("left", "right"))


# -- the nyumba is special in phase 1 only (variant: in phase 2 too) -------------------------
PHASE_2_NYUMBA = """
. . . . . . . .
3 . . . . . . 3
. . 2 . 5 . . .
. . . . . . . .
"""


def test_nyumba_ordinary_in_phase_2():
    pos = position(EIGHT, PHASE_2_NYUMBA)
    assert pos.get("nyumba.south") == "present"
    assert openings(EIGHT, pos) == ["c2 ccw", "c2 cw", "e2 ccw", "e2 cw"]
    after = play(EIGHT, pos, ("start", ("c2", CW)))
    assert rows(after) == clean("""
        . . . . . . . .
        3 . . . . . . 3
        . . . 1 . 1 1 1
        . . . . . 1 1 1
    """)


def test_nyumba_special_in_phase_2_in_the_variant():
    variant = "mraha-wa-ntso-nyumba-phase-2"
    pos = position(variant, PHASE_2_NYUMBA)
    assert openings(variant, pos) == ["c2 ccw", "c2 cw"]
    after = play(variant, pos, ("start", ("c2", CW)), ("nyumba", "stop"))
    assert rows(after) == clean("""
        . . . . . . . .
        3 . . . . . . 3
        . . . 1 6 . . .
        . . . . . . . .
    """)


# -- trakatra: a turn without capture may not start from a singleton --------------------------
def test_trakatra_not_from_a_singleton_in_phase_2():
    pos = position(SIX, """
        . . . . . .
        . . 4 . . .
        1 2 . . . .
        . . . . . 1
    """)
    assert openings(SIX, pos) == ["b2 ccw", "b2 cw"]


def test_singleton_may_start_a_capture():
    pos = position(SIX, """
        . . . . . .
        . 4 . . . .
        1 2 . . . .
        . . . . . 1
    """)
    assert openings(SIX, pos) == ["a2 cw"]


SINGLETON_PHASE_1 = """
. . . . . . . .
3 . . . . . . .
. 1 2 . . . . .
. . . . . . . .
"""


def test_trakatra_not_from_a_singleton_in_phase_1():
    pos = position(EIGHT, SINGLETON_PHASE_1, reserves=(5, 5))
    assert openings(EIGHT, pos) == ["c2"]


def test_singleton_rule_phase_2_only_variant_counts_the_reserve_seed():
    variant = "mraha-wa-ntso-singleton-phase-2"
    pos = position(variant, SINGLETON_PHASE_1, reserves=(5, 5))
    assert openings(variant, pos) == ["b2", "c2"]


def test_singletons_only_and_no_capture_means_no_move():
    pos = position(SIX, """
        . . . . . .
        . . 4 . . .
        1 . . . . 1
        . . . . . .
    """)
    assert openings(SIX, pos) == []
    assert LIB.load(SIX).outcome(pos) == {"winner": NORTH, "reason": "no-move"}


# -- capture is compulsory in both phases -----------------------------------------------------
def test_capture_compulsory_in_phase_1():
    pos = position(SIX, """
        . . . . . .
        . 3 . . . 1
        . 2 4 . . .
        . . . . . .
    """, reserves=(5, 5))
    assert openings(SIX, pos) == ["b2"]
    # b is a left-zone hole: the 3 seeds of b3 are sown from the left tsibongy a2, rightwards
    after = play(SIX, pos, ("place", "b2"))
    assert rows(after) == clean("""
        . . . . . .
        . . . . . 1
        1 4 . 1 1 1
        . . . . 1 1
    """)


def test_capture_compulsory_in_phase_2():
    pos = position(SIX, """
        . . . . . .
        . 4 . . . .
        . 2 1 . . .
        . . . . . .
    """)
    # only c2 counterclockwise ends in a full hole facing seeds (b2, facing b3): the
    # singleton c2 may start it, b2 (which would end in d2 or a1, empty) may not
    assert openings(SIX, pos) == ["c2 ccw"]


# -- the game is over as soon as the opponent's inner row is empty ----------------------------
def test_emptying_the_opponents_inner_row_ends_the_turn_and_the_game():
    pos = position(SIX, """
        . . . . . .
        . 3 . . . .
        . 2 4 . . .
        . . . . . .
    """, reserves=(5, 5))
    after = play(SIX, pos, ("place", "b2"))
    # the capture's sowing ends in c2, full, but North's inner row is empty: no relay
    assert rows(after) == clean("""
        . . . . . .
        . . . . . .
        1 4 5 . . .
        . . . . . .
    """)
    assert LIB.load(SIX).outcome(after)["winner"] == SOUTH


# -- the rules as written allow a turn that never ends ----------------------------------------
def test_rules_allow_a_turn_that_never_ends():
    # found by random play: North sows d3 clockwise; captures and relays come back for ever
    pos = Position.from_text("4,1,0,1,4,1/1,0,7,11,1,0/1,9,0,0,0,0/0,1,5,0,1,0 north "
                             "nyumba.north=gone nyumba.south=gone")
    with pytest.raises(EndlessTurn, match="loops for ever"):
        play(SIX, pos, ("start", ("d3", CW)))


def test_special_holes_are_the_standing_nyumba():
    r = LIB.load(EIGHT)
    pos = r.initial_position()
    g = pos.geometry
    assert r.special_hole_labels(pos) == {g.parse("e2"): "nyumba.south", g.parse("d3"): "nyumba.north"}
    gone = pos.with_state(nyumba__south="gone")
    assert r.special_hole_labels(gone) == {g.parse("d3"): "nyumba.north"}
