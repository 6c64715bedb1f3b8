"""The text forms round-trip, python-chess style: a position written with
Position.to_text and read back with Position.from_text is the same position
(seeds in hand, reserves and the blocks' state included), and a turn's
decisions written in the move notation (engine/notation.py), or in an
example file's YAML form, read back as the same decisions."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from mancala_diagrams.engine.geometry import CCW, CW, NORTH, SOUTH, Geometry
from mancala_diagrams.engine.mechanics import decisions
from mancala_diagrams.engine.notation import (decision_text, moves_text, parse_decision, parse_moves, parse_turn,
                                              turn_text)
from mancala_diagrams.engine.position import Hand, Position
from mancala_diagrams.engine.turn import run_turn
from mancala_diagrams.errors import EndlessTurn, MancalaError
from mancala_diagrams.files.examples import ExampleLoader
from mancala_diagrams.files.scaffold import decisions_to_yaml
from mancala_diagrams.files.yamlio import load_yaml

from conftest import LIBRARY, playable_rules, rules

WORD = st.text("abcdefghijklmnopqrstuvwxyz-0123456789", min_size=1, max_size=8)
KEY = st.builds(lambda a, b: f"{a}.{b}" if b else a, WORD.filter(lambda w: w not in ("reserve", "hand", "solo")),
                st.one_of(st.just(""), st.sampled_from([SOUTH, NORTH])))


@st.composite
def geometries(draw):
    return Geometry(draw(st.integers(1, 26)), draw(st.integers(1, 6)),
                    draw(st.sampled_from([(SOUTH, NORTH), (SOUTH,)])))


@st.composite
def positions(draw):
    g = draw(geometries())
    cells = tuple(draw(st.lists(st.integers(0, 1000), min_size=g.size, max_size=g.size)))
    reserves = (draw(st.integers(0, 100)), 0 if g.solo else draw(st.integers(0, 100)))
    hand = draw(st.one_of(st.none(), st.builds(Hand, st.integers(0, 100), st.integers(0, g.size - 1),
                                               st.sampled_from([CW, CCW]))))
    state = dict(draw(st.lists(st.tuples(KEY, WORD), max_size=5)))
    if hand is not None:            # a turn under way: the blocks' turn state too
        state.update(draw(st.dictionaries(st.sampled_from(["fotsiny", "tsibongy"]),
                                          st.sampled_from(["pending", "no", "yes", "first"]), max_size=2)))
    return Position(g, cells, draw(st.sampled_from(g.players)), reserves, tuple(sorted(state.items())), hand)


@settings(max_examples=300, deadline=None)
@given(positions())
def test_every_position_reads_back_equal(pos):
    text = pos.to_text()
    assert Position.from_text(text) == pos
    assert Position.from_text(text).to_text() == text


def test_seeds_in_hand_on_the_turns_first_lap_read_back_so():
    """The review's case: a hand whose seeds are the turn's first lap (then
    Hand(3, 4, 1, first_lap=True) came back with first_lap false)."""
    r = rules("fifangakely")
    g = r.geometry
    pos = r.resume(r.with_initial_state(Position(g, (0,) * 4 + (0, 0, 2, 0) + (0, 1, 0, 0) + (0,) * 4,
                                                 hand=Hand(3, g.parse("b2"), CCW))), first_lap=True)
    assert pos.get("fotsiny") == "pending"
    back = Position.from_text(pos.to_text())
    assert back == pos and back.get("fotsiny") == "pending"


@pytest.mark.parametrize("text, message", [
    ("2,2/2,2/2,2/2,2 south hand=3@a2:cw:fotsiny", "hand must be K@HOLE:DIR"),
    ("2,2/2,2/2,2/2,2 south hand=-1@a2:cw", "hand must hold 0 seeds or more"),
    ("2,2/2,2/2,2/2,2 south hand=1@z9:cw", "hand must be K@HOLE:DIR"),
    ("2,2/2,2/2,2/2,2 south rova.south=gone rova.south=present", "given twice"),
    ("2,2/2,2/2,2/2,2 south rova.south=", "unknown field"),
    ("2,2/2,2/2,2/2,2 south =x", "unknown field"),
])
def test_a_position_text_that_means_nothing_is_refused(text, message):
    with pytest.raises(MancalaError, match=message):
        Position.from_text(text)


# -- the move notation ------------------------------------------------------------------------------
@st.composite
def decision_lists(draw, g):
    kinds = sorted(decisions())
    out = []
    for kind in draw(st.lists(st.sampled_from(kinds), max_size=6)):
        what = decisions()[kind]
        hole = st.integers(0, g.size - 1)
        if what.value == "opening":
            value = (draw(hole), draw(st.sampled_from([CW, CCW])))
        elif what.value == "hole":
            value = draw(hole)
        elif what.value == "direction":
            value = draw(st.sampled_from([CW, CCW]))
        else:
            value = draw(st.sampled_from(what.options))
        out.append((kind, value))
    return out


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.sampled_from(["katro-4", "katro-fianarantsoa-3", "katra-be", "katro-bevohoka-5"]))
def test_every_decision_list_reads_back_equal(data, name):
    """Decisions of every kind the blocks declare, on boards that name their
    holes as chess does and by letters (the katro of Fianarantsoa)."""
    g = rules(name).geometry
    turns = data.draw(st.lists(decision_lists(g), max_size=4))
    assert parse_moves(moves_text(turns, g), g) == turns
    for turn in turns:
        assert parse_turn(turn_text(turn, g), g) == turn
        for kind, value in turn:
            assert parse_decision(decision_text(kind, value, g), g) == (kind, value)


def test_the_notation_reads_what_people_type():
    g = rules("katro-4").geometry
    assert parse_moves("a2 cw, tsibongy left; place b2, direction ccw;", g) == [
        [("start", (g.parse("a2"), CW)), ("tsibongy", "left")], [("place", g.parse("b2")), ("direction", CCW)]]
    assert moves_text([[("start", (g.parse("a2"), CW))], []], g) == "a2 clockwise; -"


@pytest.mark.parametrize("text, message", [
    ("a2", "cannot read the decision"),
    ("a2 sideways", "cannot read the decision"),
    ("tsibongy middle", "found the text 'middle'"),
    ("place z9", "place"),
    ("wish granted", "cannot read the decision"),
])
def test_a_move_that_means_nothing_is_refused(text, message):
    with pytest.raises(MancalaError, match=message):
        parse_moves(text, rules("katro-4").geometry)


def played_turns(name, seed, turns=8):
    """The decisions of random legal turns of *name* (and their geometry)."""
    r = rules(name)
    rng = random.Random(seed)
    pos = r.initial_position()
    out = []
    for n in range(turns):
        if r.outcome(pos):
            break
        made = []

        def choose(ask):
            value = rng.choice(ask.options)
            made.append((ask.kind, value))
            return value
        try:
            pos = run_turn(r, pos, choose, n + 1).position
        except EndlessTurn:
            break
        out.append(made)
    return r, out


@pytest.mark.parametrize("name", playable_rules())
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_played_turns_read_back_equal_in_the_notation_and_in_an_example_file(name, seed):
    r, turns = played_turns(name, seed)
    g = r.geometry
    assert parse_moves(moves_text(turns, g), g) == turns
    loader = ExampleLoader(LIBRARY)
    for turn in turns:
        text = yaml_of(decisions_to_yaml(turn, g))
        read = loader.parse_turn(load_yaml(text, "t.yaml"), g, "t.yaml", (1, 1))
        assert [(k, v) for k, v, _ in read] == turn, text


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_every_decision_list_reads_back_equal_from_an_example_file(data):
    g = rules("katro-bevohoka-5").geometry
    turn = data.draw(decision_lists(g))
    text = yaml_of(decisions_to_yaml(turn, g))
    read = ExampleLoader(LIBRARY).parse_turn(load_yaml(text, "t.yaml"), g, "t.yaml", (1, 1))
    assert [(k, v) for k, v, _ in read] == turn, text


def yaml_of(turn: dict) -> str:
    import yaml
    return yaml.safe_dump(turn, sort_keys=False)


@pytest.mark.parametrize("g", [Geometry(c, r, players, notation, kind)
                               for c in (1, 3, 6) for r in (1, 2, 3) for players in ((SOUTH, NORTH), (SOUTH,))
                               for notation in ("chess", "letters") for kind in ("loop", "boustrophedon")
                               if not (kind == "boustrophedon" and r < 2)],
                         ids=lambda g: f"{g.describe()}-{g.notation}-{g.track_kind}")
def test_every_hole_name_reads_back_as_its_hole(g):
    """A hole's name, in the board's notation and the chess-like one, reads
    back as that hole; names written otherwise (upper case, spaces) still do."""
    for hole in range(g.size):
        assert g.parse(g.name(hole)) == hole
        chess = g.name(hole, "chess")
        assert g.parse(chess) == g.parse(chess.upper()) == g.parse(f" {chess} ") == hole
    with pytest.raises(MancalaError, match="no hole called"):
        g.parse(f"{'abcdefghijklmnopqrstuvwxyz'[g.columns]}1")
