"""The solver's katro bevohoka search for one board (solver/reach.py, offered
to `draft` by cli/bevohoka_search.py) against the engine's own search
(engine/search.py), which plays every decision with the general rules: on
small boards both search their whole bound, and must agree on whether the
board is reached; the solver's moves, replayed by the engine, must pass
through the board; and it answers only for the game it plays."""
import random

import pytest

from mancala_diagrams.cli.bevohoka_search import bevohoka_search, solvers_game
from mancala_diagrams.engine.search import Bound, search
from mancala_diagrams.engine.turn import turn_generator

from conftest import rules


def set_up(r, rng):
    """The position after a random set-up turn (special hole and direction)."""
    start = r.initial_position()
    return r.play(start, list(rng.choice(r.legal_moves(start))))


def random_turns(r, pos, rng, turns):
    """Play *turns* random turns; returns the position and every board seen on the way."""
    boards = []
    for n in range(turns):
        events = []
        gen = turn_generator(r, pos, n + 2, events)
        try:
            ask = next(gen)
            while True:
                ask = gen.send(rng.choice(ask.options))
        except StopIteration as stop:
            pos = stop.value
        boards += [tuple(e.cells) for e in events]
        if r.outcome(pos):
            break
    return pos, boards


def reaches(r, start, moves, target):
    """Whether the engine, playing *moves* from *start*, shows *target* at some event."""
    events, pos = [], start
    for n, turn in enumerate(moves, start=1):
        pos = r.play(pos, list(turn), turn_number=n, events=events)
    return any(tuple(e.cells) == tuple(target) for e in events) or (not moves and tuple(start.cells) == target)


@pytest.mark.parametrize("columns", [2, 3])
def test_the_solver_and_the_engine_agree_on_what_one_turn_reaches(columns):
    r = rules(f"katro-bevohoka-{columns}")
    rng = random.Random(columns)
    agreed = found = 0
    for _ in range(25):
        pos, _ = random_turns(r, set_up(r, rng), rng, rng.randrange(0, 3))
        if r.outcome(pos):
            continue
        _, later = random_turns(r, pos, rng, 2)
        # boards one or two turns on (each seed sown included), and boards with the same seeds shuffled
        shuffled = list(pos.cells)
        rng.shuffle(shuffled)
        for target in rng.sample(later, min(3, len(later))) + [tuple(shuffled)]:
            bound = Bound(turns=1, positions=100_000)
            engine = search(r, pos, target, bound, keep=0, first_turn=2)
            solver = bevohoka_search(r, pos, target, bound, keep=0, first_turn=2)
            assert engine.exhausted and solver.exhausted
            assert (engine.found is None) == (solver.found is None), (pos, target)
            if solver.found is not None:
                assert len(solver.found.moves) == len(engine.found.moves)      # fewest turns, both
                assert reaches(r, pos, solver.found.moves, target)
                found += 1
            agreed += 1
    assert agreed > 50 and found > 20


def test_two_turns_on_six_columns_are_reached_as_the_engine_replays_them():
    r = rules("katro-bevohoka-6")
    rng = random.Random(6)
    for _ in range(10):
        pos, _ = random_turns(r, set_up(r, rng), rng, rng.randrange(0, 4))
        _, later = random_turns(r, pos, rng, 2)
        target = rng.choice(later)
        result = bevohoka_search(r, pos, target, Bound(turns=2, positions=1_000_000), keep=0)
        assert result.found is not None and len(result.found.moves) <= 2
        assert reaches(r, pos, result.found.moves, target)


def test_a_board_with_fewer_seeds_in_the_special_hole_is_past_reach_at_once():
    """The special hole never loses a seed: a board with fewer in it is never reached, and the search
    says so without looking further (one board kept: the start)."""
    r = rules("katro-bevohoka-6")
    rng = random.Random(1)
    pos = set_up(r, rng)
    special = r.geometry.parse(dict(pos.state)["target.south"])
    while pos.cells[special] == 0:
        pos, _ = random_turns(r, pos, rng, 1)
    target = list(pos.cells)
    target[special] -= 1
    target[(special + 1) % len(target)] += 1
    result = bevohoka_search(r, pos, target, Bound(turns=2, positions=1_000_000), keep=0)
    assert result.found is None and result.exhausted and result.positions == 1
    engine = search(r, pos, target, Bound(turns=1, positions=1_000_000), keep=0)
    assert engine.found is None


def test_from_the_rules_start_the_set_up_turn_comes_first():
    r = rules("katro-bevohoka-6")
    start = r.initial_position()
    rng = random.Random(3)
    after = set_up(r, rng)
    pos, later = random_turns(r, after, rng, 1)
    for target in (after.cells, rng.choice(later)):
        result = bevohoka_search(r, start, target, Bound(turns=2, positions=1_000_000), keep=0)
        assert result.found is not None
        assert reaches(r, start, result.found.moves, target)
        assert result.found.moves[0][0][0] == "target"          # the set-up's own decisions


def test_given_first_decisions_only_their_continuations_are_searched():
    r = rules("katro-bevohoka-4")
    rng = random.Random(4)
    pos = set_up(r, rng)
    moves = r.legal_moves(pos)
    first = moves[0][:1]
    other = next(m for m in moves if m[0] != first[0])
    events = []
    r.play(pos, list(other), turn_number=2, events=events)
    target = tuple(events[-1].cells)
    engine = search(r, pos, target, Bound(turns=1), keep=0, first_turn=2, first_decisions=first)
    solver = bevohoka_search(r, pos, target, Bound(turns=1), keep=0, first_turn=2, first_decisions=first)
    assert (engine.found is None) == (solver.found is None)
    if solver.found is not None:
        assert solver.found.moves[0][:1] == first


@pytest.mark.parametrize("name", ["katro-6", "katro-bevohoka-tananarive-6", "katro-bevohoka-duel-6"])
def test_other_games_are_left_to_the_engine(name):
    r = rules(name)
    assert not solvers_game(r)
    assert bevohoka_search(r, r.initial_position(), r.initial_position().cells, Bound(), keep=0) is None


def test_the_game_the_solver_plays():
    assert all(solvers_game(rules(f"katro-bevohoka-{c}")) for c in range(2, 9))


def test_set_up_turns_that_cannot_be_listed_are_left_to_the_engines_search(monkeypatch):
    from mancala_diagrams.engine import rules as engine_rules
    r = rules("katro-bevohoka-6")
    start = r.initial_position()
    after = set_up(r, random.Random(3))
    monkeypatch.setattr(engine_rules, "MAX_LAPS_LEGAL_MOVES", 0)     # no lap may be played to list them
    assert bevohoka_search(r, start, after.cells, Bound(turns=2, positions=1_000_000), keep=0) is None
