"""The board's geometry, checked against what it means on boards of every
shape the engine accepts (not against the code that works it out): whose holes
are where, which hole faces which, the shape's sizes, the sowing order along a
track; and the events' immutability."""
from __future__ import annotations

import pickle

import pytest

from mancala_diagrams.engine.geometry import CCW, CW, NORTH, SOUTH, Geometry, other
from mancala_diagrams.engine.turn import Event
from mancala_diagrams.errors import PositionError

SHAPES = [Geometry(c, r, players, track_kind=kind)
          for c in (1, 2, 3, 6, 8) for r in (1, 2, 3)
          for players in ((SOUTH, NORTH), (SOUTH,))
          for kind in ("loop", "boustrophedon") if not (kind == "boustrophedon" and r < 2)]
TWO_PLAYERS = [g for g in SHAPES if not g.solo]


def _ids(g):
    return f"{g.describe()}-{g.track_kind}"


@pytest.mark.parametrize("g", SHAPES, ids=_ids)
def test_holes_of_each_player_are_their_rows_from_the_inner_row(g):
    """A player's holes are the holes they own, each once, row by row from the
    inner row (depth 0), each row from the player's left (for North, South's
    right: the board is read upside down)."""
    for player in (SOUTH, NORTH):
        holes = g.holes_of(player)
        assert holes == tuple(h for d in range(g.rows_per_player) for h in g.row_holes(player, d))
        assert sorted(holes) == sorted(set(holes)) and len(holes) == g.rows_per_player * g.columns
    for player in g.players:
        holes = g.holes_of(player)
        assert set(holes) == {h for h in range(g.size) if g.owner(h) == player}
        rows = [holes[i:i + g.columns] for i in range(0, len(holes), g.columns)]
        board_rows = []
        for depth, row in enumerate(rows):
            assert {g.depth(h) for h in row} == {depth}
            board_columns = [h % g.columns for h in row]
            assert board_columns == sorted(board_columns, reverse=player == NORTH)
            (board_row,) = {h // g.columns for h in row}         # one row of the board
            board_rows.append(board_row)
        # from the inner row outwards, to the player's own edge of the picture (South's the bottom)
        outwards = 1 if player == SOUTH else -1
        assert board_rows == [board_rows[0] + outwards * d for d in range(g.rows_per_player)]
        assert board_rows[-1] == (g.rows - 1 if player == SOUTH else 0)


def test_an_event_is_immutable_and_pickles_to_an_equal_event():
    e = Event("drop", SOUTH, 2, 1, seed=3, holes=(4,), count=1, cells=(1, 0, 2), detail=(("side", "left"),))
    with pytest.raises(AttributeError):
        e.kind = "capture"
    assert pickle.loads(pickle.dumps(e)) == e
    assert e.info("side") == "left" and e.info("other", 7) == 7


@pytest.mark.parametrize("g", TWO_PLAYERS, ids=_ids)
def test_the_facing_hole_is_the_opponents_in_the_same_column(g):
    """The hole facing *hole* at *depth* is the opponent's hole at that depth
    in the same column of the board."""
    for hole in range(g.size):
        for depth in range(g.rows_per_player):
            facing = g.facing(hole, depth)
            assert g.owner(facing) == other(g.owner(hole))
            assert g.depth(facing) == depth
            assert facing % g.columns == hole % g.columns


@pytest.mark.parametrize("columns,rows_per_player,players,rows,size", [
    (6, 2, (SOUTH, NORTH), 4, 24),          # katro
    (8, 2, (SOUTH, NORTH), 4, 32),          # fanorona-sized boards, bao
    (6, 3, (SOUTH, NORTH), 6, 36),          # Fianarantsoa's six rows
    (6, 2, (SOUTH,), 2, 12),                # one player's half alone
    (1, 1, (SOUTH,), 1, 1),
])
def test_a_boards_shape_is_its_rows_and_holes(columns, rows_per_player, players, rows, size):
    g = Geometry(columns, rows_per_player, players)
    assert (g.rows, g.size, g.solo) == (rows, size, len(players) == 1)
    assert sorted(h for p in g.players for h in g.track(p)) == list(range(size))   # each hole on one track


def test_the_sowing_order_is_the_published_one():
    """Katro-04 and katro-05 as published: South's rows, hole numbered 0 is c1,
    counterclockwise and clockwise; North's holes are not numbered."""
    g = Geometry(6)
    ccw = [[9, 8, 7, 6, 5, 4], [10, 11, 0, 1, 2, 3]]
    cw = [[3, 4, 5, 6, 7, 8], [2, 1, 0, 11, 10, 9]]
    for direction, expected in ((CCW, ccw), (CW, cw)):
        numbers = {hole: i for i, hole in enumerate(g.sowing_order(SOUTH, g.parse("c1"), direction))}
        got = [[numbers.get(r * 6 + c) for c in range(6)] for r in (2, 3)]
        assert got == expected
        assert all(numbers.get(h) is None for h in range(12))   # North's holes are not numbered


def test_a_sowing_order_starts_in_one_of_the_players_holes():
    g = Geometry(6)
    with pytest.raises(PositionError, match="c4 is not one of south's holes"):
        g.sowing_order(SOUTH, g.parse("c4"), CCW)
    with pytest.raises(PositionError, match="not one of south's holes"):
        g.sowing_order(SOUTH, 24, CCW)


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
