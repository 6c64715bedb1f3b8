from hypothesis import given, strategies as st

import pytest

from mancala_diagrams.errors import PositionError
from mancala_diagrams.engine.geometry import CCW, CW, Geometry
from mancala_diagrams.engine.position import Hand, Position


@given(st.integers(2, 8), st.integers(1, 3), st.booleans(), st.data())
def test_text_form_round_trips(columns, rows_per_player, solo, data):
    g = Geometry(columns, rows_per_player, ("south",) if solo else ("south", "north"))
    cells = tuple(data.draw(st.lists(st.integers(0, 40), min_size=g.size, max_size=g.size)))
    reserves = (data.draw(st.integers(0, 30)), 0 if solo else data.draw(st.integers(0, 30)))
    hand = data.draw(st.one_of(st.none(), st.builds(Hand, st.integers(0, 9), st.integers(0, g.size - 1),
                                                    st.sampled_from([CW, CCW]))))
    turn = (("fotsiny", data.draw(st.sampled_from(["pending", "no", "yes"]))),) if hand else ()
    pos = Position(g, cells, "south", reserves, turn + (("rova.south", "gone"),), hand)
    assert Position.from_text(pos.to_text()) == pos


def test_text_form_example():
    pos = Position.from_text("2,0,5/4,1,0/2,3,0/3,2,4 north reserve=3:1")
    assert pos.to_move == "north"
    assert pos.rows() == [[2, None, 5], [4, 1, None], [2, 3, None], [3, 2, 4]]
    assert pos.reserve("north") == 1
    assert pos.seeds == 26 + 4


@pytest.mark.parametrize("text, message", [
    ("2,2/2,2", "needs rows and the player"),
    ("2,x/2,2/2,2/2,2 south", "comma-separated whole numbers"),
    ("2,2/2/2,2/2,2 south", "same number of holes"),
    ("2,2/2,2/2,2/2,2 east", "cannot move"),
    ("2,2/2,2/2,2/2,2 south hand=3", "hand must be"),
])
def test_bad_position_texts_are_refused_clearly(text, message):
    with pytest.raises(PositionError) as err:
        Position.from_text(text)
    assert message in str(err.value)


def test_hole_names_and_tracks():
    g = Geometry(6)
    assert g.name(g.parse("a1")) == "a1" and g.parse("a1") == 18
    assert g.parse("f4") == 5
    # South's counterclockwise track: outer row left to right, inner row back
    assert [g.name(h) for h in g.track("south")] == \
        ["a1", "b1", "c1", "d1", "e1", "f1", "f2", "e2", "d2", "c2", "b2", "a2"]
    # North's counterclockwise track: its outer row runs right to left as South sees it
    assert [g.name(h) for h in g.track("north")][:7] == ["f4", "e4", "d4", "c4", "b4", "a4", "a3"]
    with pytest.raises(PositionError) as err:
        g.parse("g1")
    assert "a1 to f4" in str(err.value)
