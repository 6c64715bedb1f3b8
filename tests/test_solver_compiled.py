"""The compiled katro bevohoka search against the pure-Python reference.

The reference (mancala_diagrams.solver.search) is itself checked against a
brute force on the real two-row board (test_solver.py); here the compiled
search must give the same optimum on every width 2 to 6, the same sowing on
random boards, and the same optimum from random boards; every game it returns
is replayed by the independent simulator of test_solver.py.
"""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mancala_diagrams.solver import compiled, search
from mancala_diagrams.solver.search import CLOCKWISE, COUNTERCLOCKWISE

from test_solver import replay

def test_the_compiled_solver_is_built():
    """`make test` installs the package with its C extension: it must be there."""
    assert compiled.available()


@pytest.mark.parametrize("columns", [2, 3, 4, 5, 6])
def test_compiled_and_reference_agree_on_each_width(columns):
    ref = search.solve(columns)
    got, figures = compiled.solve(columns)
    assert got.solved and ref.solved
    assert (got.turns, got.laps) == (ref.turns, ref.laps)
    assert replay(got) == (ref.turns, ref.laps)  # the game itself is a real optimal game
    assert sum(got.laps_per_turn) == got.laps
    assert len(got.layer_sizes) == got.turns
    assert figures["table_slots"] >= got.states_stored


@pytest.mark.parametrize("special, direction", [("a1", COUNTERCLOCKWISE), ("c1", CLOCKWISE),
                                                ("b2", CLOCKWISE)])
def test_compiled_game_for_another_special_hole(special, direction):
    got, _ = compiled.solve(4, special=special, direction=direction)
    assert (got.special, got.direction) == (special, direction)
    assert replay(got) == (2, 22)


def boards(draw, columns):
    n = 2 * columns
    seeds = draw(st.integers(1, 4 * columns))
    cuts = sorted(draw(st.lists(st.integers(0, seeds), min_size=n - 1, max_size=n - 1)))
    counts = [b - a for a, b in zip([0] + cuts, cuts + [seeds])]
    return counts


@st.composite
def board_and_hole(draw):
    columns = draw(st.integers(2, 8))
    b = boards(draw, columns)
    holes = [p for p in range(1, len(b)) if b[p]]
    if not holes:
        b[1] += 1
        holes = [1]
    return columns, b, draw(st.sampled_from(holes))


@settings(max_examples=400, deadline=None)
@given(board_and_hole())
def test_compiled_sowing_matches_the_reference_on_random_boards(case):
    columns, b, p = case
    ring = search._Ring(columns, seeds=sum(b))
    kind, after, laps, _ = ring.segment(ring.pack(b), p)
    assert compiled.segment(b, p) == (kind, tuple(ring.unpack(after)), laps)


@st.composite
def small_board(draw):
    columns = draw(st.integers(2, 4))
    return columns, boards(draw, columns)


@settings(max_examples=60, deadline=None)
@given(small_board())
def test_compiled_optimum_matches_the_reference_from_random_boards(case):
    columns, b = case
    ref = search.solve_board(columns, b, max_states=300_000)
    got = compiled.solve_board(columns, b, max_states=300_000)
    if not ref["solved"]:  # the reference gave up: nothing to compare
        return
    assert (got["solved"], got["turns"], got["laps"]) == (True, ref["turns"], ref["laps"])
    if got["choices"] is not None:  # the compiled game, replayed by the reference's sowing
        ring = search._Ring(columns, seeds=sum(b))
        board, laps = ring.pack(b), 0
        for turn in got["choices"]:
            for p in turn:
                _, board, n, _ = ring.segment(board, p)
                laps += n
        assert (board, laps) == (ring.goal, ref["laps"])


def test_tiny_boards_by_hand():
    # 2 columns, ring 0 (special), 1, 2, 3.  One seed in hole 3 goes into the
    # special hole: won in 1 turn, 1 lap.  One seed in hole 2 goes to the empty
    # hole 3 (turn over), then on into the special hole: 2 turns, 2 laps.
    for solver in (compiled, search):
        assert (solver.solve_board(2, [0, 0, 0, 1])["turns"], solver.solve_board(2, [0, 0, 0, 1])["laps"]) == (1, 1)
        assert (solver.solve_board(2, [5, 0, 1, 0])["turns"], solver.solve_board(2, [5, 0, 1, 0])["laps"]) == (2, 2)


def test_a_small_budget_gives_bounds_that_hold():
    exact, _ = compiled.solve(6)
    cut, _ = compiled.solve(6, max_states=20_000)
    assert not cut.solved and cut.states_explored == 20_000
    assert cut.turns_lower_bound == len(cut.layer_sizes) <= exact.turns
    if cut.turns_lower_bound == exact.turns:
        assert cut.laps_lower_bound <= exact.laps


def test_a_table_too_small_is_enlarged_and_the_answer_is_the_same():
    # 2**10 slots hold 921 boards: width 5 needs about 8000, so the search
    # restarts with a bigger table (twice) and still finds 2 turns, 29 laps
    out = compiled._run(search._canonical_start(5), 10**9, None, None, False)
    assert out["solved"]
    small = compiled._run(search._canonical_start(5), 10**9, None, 10, False)
    assert small["table_full"] and not small["solved"]


def test_compiled_refuses_bad_boards():
    with pytest.raises(search.SolverError):
        compiled.solve_board(2, [0, 1, 2])
    with pytest.raises(search.SolverError):
        compiled.solve_board(8, [0] + [4] * 15)  # 60 seeds: more than 47 key bits


def test_a_known_game_prunes_without_changing_the_answer():
    free, _ = compiled.solve(6)
    pruned, _ = compiled.solve(6, known_game=(3, 40))
    assert (pruned.turns, pruned.laps) == (free.turns, free.laps) == (3, 40)
    assert pruned.states_stored < free.states_stored
    with pytest.raises(search.SolverError, match="not a real game"):
        compiled.solve(6, known_game=(3, 39))


def test_a_small_budget_makes_a_small_table():
    # 8 columns start with a table of 2**29 slots (4 GiB); 3,000 boards expanded store fewer than 60,000
    cut, figures = compiled.solve(8, max_states=3000)
    assert not cut.solved and cut.states_explored == 3000
    assert figures["table_bits"] == 16 and cut.states_stored <= 0.9 * 2 ** 16


def test_a_table_the_process_cannot_have_is_said_in_a_sentence():
    """Under a cap on the process's memory (ulimit -v, make fuzz's workers),
    the 4 GiB table of 8 columns cannot be allocated: one sentence, exit 2."""
    import resource
    import subprocess
    import sys

    def cap():
        resource.setrlimit(resource.RLIMIT_AS, (1024 * 2 ** 20, 1024 * 2 ** 20))
    done = subprocess.run([sys.executable, "-m", "mancala_diagrams.cli", "solve", "--columns", "8",
                           "--time-budget", "1"], capture_output=True, text=True, preexec_fn=cap, timeout=60)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        "mancala-diagrams solve: error: 8 columns: the compiled search's table of 2^29 boards (4,096 MB) cannot "
        "be allocated (the process's memory is capped below it): give a smaller --max-states, which makes the "
        "table smaller, or use the reference search (--reference), which holds at most --memory MB of boards\n")
