"""The engine's tables worked out once per geometry give what the general
code gives, on boards of every shape the engine accepts."""
from __future__ import annotations

import pickle

import pytest

from mancala_diagrams.engine.geometry import NORTH, SOUTH, Geometry
from mancala_diagrams.engine.turn import Event

SHAPES = [Geometry(c, r, players, track_kind=kind)
          for c in (1, 2, 3, 6, 8) for r in (1, 2, 3)
          for players in ((SOUTH, NORTH), (SOUTH,))
          for kind in ("loop", "boustrophedon") if not (kind == "boustrophedon" and r < 2)]


@pytest.mark.parametrize("g", SHAPES, ids=lambda g: f"{g.describe()}-{g.track_kind}")
def test_holes_of_each_player_from_the_table_are_the_rows_holes(g):
    for player in (SOUTH, NORTH):
        general = g._holes_of(player)
        assert g.holes_of(player) == general
        assert general == tuple(h for d in range(g.rows_per_player) for h in g.row_holes(player, d))
        assert sorted(general) == sorted(set(general)) and len(general) == g.rows_per_player * g.columns


def test_an_event_is_immutable_and_pickles_to_an_equal_event():
    e = Event("drop", SOUTH, 2, 1, seed=3, holes=(4,), count=1, cells=(1, 0, 2), detail=(("side", "left"),))
    with pytest.raises(AttributeError):
        e.kind = "capture"
    assert pickle.loads(pickle.dumps(e)) == e
    assert e.info("side") == "left" and e.info("other", 7) == 7


@pytest.mark.parametrize("g", SHAPES, ids=lambda g: f"{g.describe()}-{g.track_kind}")
def test_the_facing_hole_from_the_table_is_the_one_worked_out(g):
    for hole in range(g.size):
        for depth in range(g.rows_per_player):
            assert g.facing(hole, depth) == g._facing(hole, depth)
    assert g.facing(g.size + 3, 0) == g._facing(g.size + 3, 0)     # off the board: the general code answers


@pytest.mark.parametrize("g", SHAPES, ids=lambda g: f"{g.describe()}-{g.track_kind}")
def test_the_shape_worked_out_once_is_the_shape(g):
    assert g.rows == g.rows_per_player * len(g.players)
    assert g.size == g.rows * g.columns
    assert g.solo == (len(g.players) == 1)


def test_each_event_and_the_turns_end_keep_the_state_as_it_was_then():
    """Turn.state_pairs sorts the state again only when it has changed: an event
    made after each change of the state carries the new state, sorted."""
    from mancala_diagrams.engine.position import Position
    from mancala_diagrams.engine.turn import Turn

    class _Rules:
        geometry = Geometry(3, 2)

    pos = Position(_Rules.geometry, (1,) * 12, state=(("b", "2"), ("z", "1")))
    events = []
    t = Turn(_Rules(), pos, 1, events)
    t.emit("start")
    t.state["a"] = "x"
    t.emit("pickup")
    t.state["a"] = "y"
    t.emit("drop")
    t.emit("drop")
    t.state = {}
    t.emit("lap_end")
    t.state = {"c": "3", "b": "4"}
    t.emit("turn_end")
    assert [e.state for e in events] == [
        (("b", "2"), ("z", "1")), (("a", "x"), ("b", "2"), ("z", "1")), (("a", "y"), ("b", "2"), ("z", "1")),
        (("a", "y"), ("b", "2"), ("z", "1")), (), (("b", "4"), ("c", "3"))]
    assert t.snapshot().state == tuple(sorted(t.state.items()))
