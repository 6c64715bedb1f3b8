"""Tests for mancala_diagrams.solver.search (katro bevohoka, Ambohimanga version).

The checks here do not reuse the solver's machinery: the small simulator below
works on the real two-row board (a dict from hole name to seeds), steps from
hole to hole by the board's geometry, and drops seeds one at a time; the brute
force is a plain recursive iterative deepening over the decision tree, with no
state deduplication, no symmetry and no heuristic.
"""

from __future__ import annotations

import pytest

from mancala_diagrams.solver import search as solver
from mancala_diagrams.solver.search import (
    CLOCKWISE,
    COUNTERCLOCKWISE,
    SolverError,
    play,
    relabel,
    solve,
    solve_table,
)

LETTERS = "abcdefgh"


# --------------------------------------------------------------------------
# An independent simulator on the two-row board


def next_hole(hole: str, columns: int, direction: str) -> str:
    """The hole after ``hole`` along the track (row 1 outer, row 2 inner)."""
    col, row = LETTERS.index(hole[0]), hole[1]
    last = columns - 1
    if direction == COUNTERCLOCKWISE:
        # outer row left to right, inner row right to left
        if row == "1":
            return f"{LETTERS[col + 1]}1" if col < last else f"{LETTERS[last]}2"
        return f"{LETTERS[col - 1]}2" if col > 0 else "a1"
    # clockwise: outer row right to left, inner row left to right
    if row == "1":
        return f"{LETTERS[col - 1]}1" if col > 0 else "a2"
    return f"{LETTERS[col + 1]}2" if col < last else f"{LETTERS[last]}1"


def start_board(columns: int, special: str, direction: str) -> dict:
    board = {f"{c}{r}": 2 for c in LETTERS[:columns] for r in "12"}
    hand = board[special]
    board[special] = 0
    hole = special
    while hand:
        hole = next_hole(hole, columns, direction)
        board[hole] += 1
        hand -= 1
    return board


def sim_segment(board: dict, hole: str, special: str, columns: int, direction: str,
                lap_cap: int = 5000):
    """Sow ``hole`` seed by seed and relay.  Returns (end, board, laps)."""
    board = dict(board)
    laps = 0
    while True:
        hand = board[hole]
        board[hole] = 0
        laps += 1
        here = hole
        while hand:
            here = next_hole(here, columns, direction)
            board[here] += 1
            hand -= 1
        if here == special:
            won = all(v == 0 for h, v in board.items() if h != special)
            return ("won" if won else "special"), board, laps
        if board[here] == 1:
            return "empty", board, laps
        if laps >= lap_cap:
            return "cycle", board, laps
        hole = here


def rows_of(board: dict, columns: int):
    cols = LETTERS[:columns]
    return (tuple(board[c + "2"] for c in cols), tuple(board[c + "1"] for c in cols))


def board_of(rows) -> dict:
    inner, outer = rows
    board = {}
    for i, v in enumerate(inner):
        board[f"{LETTERS[i]}2"] = v or 0
    for i, v in enumerate(outer):
        board[f"{LETTERS[i]}1"] = v or 0
    return board


# --------------------------------------------------------------------------
# Brute force: iterative deepening on turns over the raw decision tree


def brute_force(columns: int, special: str, direction: str = COUNTERCLOCKWISE,
                max_turns: int = 4):
    """(min turns, min laps among games of that many turns), or None.

    No deduplication: every sequence of choices of at most ``T`` turns is
    enumerated (with plain branch and bound on laps), for T = 1, 2, ...
    """
    holes = [f"{c}{r}" for c in LETTERS[:columns] for r in "12" if f"{c}{r}" != special]

    def best(board, turns_left, laps_so_far, bound):
        # we are at a choice point, inside a turn; turns_left counts this one
        result = bound
        for h in holes:
            if not board[h]:
                continue
            end, after, laps = sim_segment(board, h, special, columns, direction)
            total = laps_so_far + laps
            if result is not None and total >= result:
                continue
            if end == "won":
                result = total
            elif end == "special":
                r = best(after, turns_left, total, result)
                if r is not None:
                    result = r
            elif end == "empty" and turns_left > 1:
                r = best(after, turns_left - 1, total, result)
                if r is not None:
                    result = r
        return result

    board = start_board(columns, special, direction)
    for turns in range(1, max_turns + 1):
        laps = best(board, turns, 0, None)
        if laps is not None:
            return turns, laps
    return None


def replay(result) -> tuple[int, int]:
    """Play a result's sequence with the test simulator; return (turns, laps)."""
    c, s, d = result.columns, result.special, result.direction
    board = start_board(c, s, d)
    laps = 0
    for i, turn in enumerate(result.sequence):
        assert turn, "a turn has at least one choice"
        for j, hole in enumerate(turn):
            assert hole != s and board[hole] > 0, (i, j, hole)
            end, board, n = sim_segment(board, hole, s, c, d)
            laps += n
            last_choice = j == len(turn) - 1
            if not last_choice:
                assert end == "special", (i, j, end)
            elif i < len(result.sequence) - 1:
                assert end == "empty", (i, j, end)
            else:
                assert end == "won", (i, j, end)
    assert board[s] == 4 * c
    return len(result.sequence), laps


# --------------------------------------------------------------------------
# The optimum against the brute force


@pytest.mark.parametrize("columns", [2, 3])
def test_solver_matches_brute_force(columns):
    r = solve(columns)
    assert r.solved
    assert (r.turns, r.laps) == brute_force(columns, r.special, r.direction)
    assert replay(r) == (r.turns, r.laps)
    assert sum(r.laps_per_turn) == r.laps
    assert r.turns_lower_bound == r.turns_upper_bound == r.turns
    assert r.laps_lower_bound == r.laps_upper_bound == r.laps


@pytest.mark.parametrize("columns", [2, 3])
@pytest.mark.parametrize("direction", [COUNTERCLOCKWISE, CLOCKWISE])
def test_every_special_hole_same_optimum(columns, direction):
    """The ring-symmetry claim, checked by brute force on the real board."""
    r = solve(columns)
    for c in LETTERS[:columns]:
        for row in "12":
            hole = c + row
            assert brute_force(columns, hole, direction) == (r.turns, r.laps), hole
            rr = solve(columns, special=hole, direction=direction)
            assert (rr.special, rr.direction) == (hole, direction)
            assert (rr.turns, rr.laps) == (r.turns, r.laps)
            assert replay(rr) == (r.turns, r.laps)
            assert replay(relabel(r, hole, direction)) == (r.turns, r.laps)


@pytest.mark.parametrize("columns", [4, 5])
def test_larger_widths_replay(columns):
    r = solve(columns)
    assert r.solved
    assert replay(r) == (r.turns, r.laps)
    assert r.states_explored > 0 and r.cyclic_segments >= 0
    assert len(r.layer_sizes) == r.turns


def test_no_win_in_fewer_turns_width_4():
    # brute force only asked whether 1 turn suffices (cheap), not the laps
    r = solve(4)
    assert r.turns == 2
    special, direction = r.special, r.direction
    board = start_board(4, special, direction)
    holes = [h for h in board if h != special]

    def one_turn(board):
        for h in holes:
            if board[h]:
                end, after, _ = sim_segment(board, h, special, 4, direction)
                if end == "won" or (end == "special" and one_turn(after)):
                    return True
        return False

    assert not one_turn(board)


@pytest.mark.parametrize("columns, cap", [(4, 100), (5, 1000), (5, 5000)])
def test_budget_gives_valid_bounds(columns, cap):
    exact = solve(columns)
    r = solve(columns, max_states=cap, upper_bound_nodes=20_000)
    assert not r.solved and r.states_explored == cap
    # every layer before the one where it stopped was exhausted
    assert r.turns_lower_bound == len(r.layer_sizes) <= exact.turns
    if r.turns_lower_bound == exact.turns:
        assert r.laps_lower_bound <= exact.laps
    if r.turns_upper_bound is not None:
        assert r.turns_upper_bound >= exact.turns
        played = replay(r)
        assert played[0] == r.turns_upper_bound
        if r.laps_upper_bound is not None:
            assert played == (r.turns_upper_bound, r.laps_upper_bound)
            assert r.laps_upper_bound >= exact.laps


def test_initial_rows_match_published_setup():
    # katro-bevohoka-03: special f2 (inner row right end), counterclockwise
    assert solver.initial_rows(6, "f2", COUNTERCLOCKWISE) == (
        (2, 2, 2, 3, 3, 0),
        (2, 2, 2, 2, 2, 2),
    )
    assert solver.initial_rows(6, "f2", COUNTERCLOCKWISE) == rows_of(
        start_board(6, "f2", COUNTERCLOCKWISE), 6
    )


def test_track_orders():
    assert solver.track(3, COUNTERCLOCKWISE) == ["a1", "b1", "c1", "c2", "b2", "a2"]
    assert solver.track(3, CLOCKWISE) == ["a1", "a2", "b2", "c2", "c1", "b1"]
    for d in (COUNTERCLOCKWISE, CLOCKWISE):
        tr = solver.track(5, d)
        for a, b in zip(tr, tr[1:] + tr[:1]):
            assert next_hole(a, 5, d) == b


# --------------------------------------------------------------------------
# One move on hand-made boards: (inner row, outer row), left to right


def check_move(rows, hole, special, direction, end, after, laps):
    columns = len(rows[0])
    out = play(rows, hole, special, direction)
    assert (out.end, out.rows, out.laps) == (end, after, laps)
    e2, b2, n2 = sim_segment(board_of(rows), hole, special, columns, direction)
    assert (e2, rows_of(b2, columns), n2) == (end, after, laps)


def test_last_seed_in_empty_hole_ends_turn():
    # 3 columns, special c2, counterclockwise: a1 b1 c1 c2 b2 a2
    check_move(
        rows=((0, 1, 4), (1, 0, 0)), hole="a1", special="c2", direction=COUNTERCLOCKWISE,
        end="empty", after=((0, 1, 4), (0, 1, 0)), laps=1,
    )


def test_last_seed_in_empty_hole_clockwise():
    # 2 columns, special b2, clockwise: a1 a2 b2 b1
    check_move(
        rows=((0, 3), (1, 2)), hole="a1", special="b2", direction=CLOCKWISE,
        end="empty", after=((1, 3), (0, 2)), laps=1,
    )


def test_relay_then_empty_hole():
    # a1 -> b1 (had 2: relay 3 seeds) -> c1, c2 (special), b2 (was empty)
    check_move(
        rows=((0, 0, 3), (1, 2, 0)), hole="a1", special="c2", direction=COUNTERCLOCKWISE,
        end="empty", after=((0, 1, 4), (0, 0, 1)), laps=2,
    )


def test_relay_then_special_hole_choose_again():
    check_move(
        rows=((0, 2, 4), (1, 1, 0)), hole="a1", special="c2", direction=COUNTERCLOCKWISE,
        end="special", after=((0, 2, 5), (0, 0, 1)), laps=2,
    )


def test_last_seed_in_special_hole_choose_again():
    check_move(
        rows=((0, 2, 5), (0, 0, 1)), hole="c1", special="c2", direction=COUNTERCLOCKWISE,
        end="special", after=((0, 2, 6), (0, 0, 0)), laps=1,
    )


def test_last_seed_in_special_hole_wins_when_nothing_left():
    check_move(
        rows=((0, 0, 11), (0, 0, 1)), hole="c1", special="c2", direction=COUNTERCLOCKWISE,
        end="won", after=((0, 0, 12), (0, 0, 0)), laps=1,
    )


def test_going_round_feeds_the_starting_hole():
    # 2 columns, special b2, ccw: a1 b1 b2 a2.  a1 (5): b1 b2 a2 a1 b1 -> b1 had 1:
    # relay b1 (2): b2 a2 -> a2 had 1: relay a2 (2): a1 b1 -> b1 empty: end.
    check_move(
        rows=((0, 0), (5, 0)), hole="a1", special="b2", direction=COUNTERCLOCKWISE,
        end="empty", after=((0, 2), (2, 1)), laps=3,
    )


def test_full_lap_ends_in_emptied_starting_hole():
    check_move(
        rows=((0, 0), (4, 0)), hole="a1", special="b2", direction=COUNTERCLOCKWISE,
        end="empty", after=((1, 1), (1, 1)), laps=1,
    )


# The published diagrams (katro-bevohoka-04..24): 6 columns, special f2,
# counterclockwise; inner row on top.  Empty holes are 0.


def test_published_empty_hole_04_to_08():
    check_move(
        rows=((0, 3, 3, 0, 3, 4), (3, 3, 3, 2, 0, 0)), hole="c1", special="f2",
        direction=COUNTERCLOCKWISE,
        end="empty", after=((0, 3, 3, 0, 3, 4), (3, 3, 0, 3, 1, 1)), laps=1,
    )


def test_published_relay_09_to_14():
    check_move(
        rows=((3, 3, 3, 0, 3, 4), (2, 2, 2, 2, 0, 0)), hole="a2", special="f2",
        direction=COUNTERCLOCKWISE,
        end="empty", after=((0, 3, 3, 0, 3, 4), (3, 3, 0, 3, 1, 1)), laps=2,
    )


def test_published_special_hole_15_to_22_then_relay_to_24():
    rows = ((0, 3, 3, 0, 3, 5), (3, 3, 0, 3, 1, 0))
    steps = [
        ("d1", "special", ((0, 3, 3, 0, 3, 6), (3, 3, 0, 0, 2, 1)), 1),  # 19
        ("f1", "special", ((0, 3, 3, 0, 3, 7), (3, 3, 0, 0, 2, 0)), 1),  # 20
        ("e1", "special", ((0, 3, 3, 0, 3, 8), (3, 3, 0, 0, 0, 1)), 1),  # 21
        ("f1", "special", ((0, 3, 3, 0, 3, 9), (3, 3, 0, 0, 0, 0)), 1),  # 22
        ("e2", "empty", ((1, 0, 4, 1, 0, 9), (4, 4, 1, 0, 0, 0)), 2),  # 23-24
    ]
    for hole, end, after, laps in steps:
        check_move(rows, hole, "f2", COUNTERCLOCKWISE, end, after, laps)
        rows = after


# --------------------------------------------------------------------------
# Errors and the table


@pytest.mark.parametrize(
    "call",
    [
        lambda: solve(1),
        lambda: solve(9),
        lambda: solve(4, special="e1"),
        lambda: solve(4, direction="sideways"),
        lambda: play(((0, 1), (1, 0)), "b2", "b2", COUNTERCLOCKWISE),  # special hole
        lambda: play(((0, 1), (1, 0)), "a2", "b2", COUNTERCLOCKWISE),  # empty hole
    ],
)
def test_errors(call):
    with pytest.raises(SolverError):
        call()


def test_solve_table_small():
    rows = solve_table(4, time_budget_seconds=60)
    assert [r["columns"] for r in rows] == [2, 3, 4]
    assert [(r["min_turns"], r["min_laps"]) for r in rows] == [
        (brute_force(2, "b2"), brute_force(3, "c2"), (2, 22))[i] for i in range(3)
    ]
    assert all(r["status"] == "proved" and r["method"] == "exhaustive" for r in rows)
    assert [len(r["sequence"]) for r in rows] == [r["min_turns"] for r in rows]


# --------------------------------------------------------------------------
# The command-line front end


def test_cli_text_and_json():
    import io
    import json

    from mancala_diagrams.cli.solve import run

    out, err = io.StringIO(), io.StringIO()
    assert run(["--columns", "3"], out, err) == 0
    text = out.getvalue()
    assert "optimum: 2 turns, 14 laps" in text and "special hole c2" in text
    assert err.getvalue() == ""

    out = io.StringIO()
    assert run(["--", "--columns", "2"], out, err) == 0 and "optimum: 1 turns, 8 laps" in out.getvalue()

    out = io.StringIO()
    assert run(["--columns", "3", "--special", "a1", "--direction", "clockwise", "--json"], out, err) == 0
    row = json.loads(out.getvalue())
    assert row["status"] == "proved"
    assert (row["special"], row["direction"], row["min_turns"], row["min_laps"]) == (
        "a1", "clockwise", 2, 14)


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--columns", "9"], "argument --columns: '9' is not a whole number from 2 to 8"),
        (["--columns", "99999999999999999999"], "is not a whole number from 2 to 8"),
        (["--columns", "3", "--special", "d1"], "no hole 'd1'"),
        ([], "--columns"),
        (["--columns", "x"], "argument --columns: 'x' is not a whole number"),
        (["--columns", "3", "--max-states", "0"], "argument --max-states: '0' is not a whole number from 1"),
        (["--columns", "3", "--time-budget", "nan"], "argument --time-budget: 'nan' is not a number of seconds"),
        (["--columns", "3", "--time-budget", "-1"], "argument --time-budget: '-1' is not a number of seconds"),
        (["--columns", "3", "--memory", "0"], "argument --memory: '0' is not a whole number from 1"),
    ],
)
def test_cli_errors_are_one_clear_line(argv, message):
    import io

    from mancala_diagrams.cli.solve import run

    out, err = io.StringIO(), io.StringIO()
    assert run(argv, out, err) == 2
    assert message in err.getvalue()
    assert "Traceback" not in err.getvalue() and err.getvalue().count("\n") == 1
    assert out.getvalue() == ""


def test_the_exact_search_stops_at_its_memory_cap_and_says_so():
    from mancala_diagrams.solver.search import solve
    r = solve(6, max_stored=500)
    assert not r.solved and r.states_stored < 500 + 6 * 12
    assert "exact search stopped by the cap of 500 boards held in turn layer" in r.notes


def test_the_solver_states_its_bound():
    import io

    from mancala_diagrams.cli.solve import run
    out, err = io.StringIO(), io.StringIO()
    assert run(["--columns", "3", "--memory", "2", "--max-states", "1000", "--reference"], out, err) == 0
    assert out.getvalue().endswith("bound: at most 1,000 boards expanded, 2 MB of boards held (8,192 boards)\n")
    out = io.StringIO()
    assert run(["--columns", "3"], out, err) == 0     # the compiled search, when built: its own table, no cap
    assert out.getvalue().endswith(("bound: no cap on boards expanded\n",
                                    "bound: at most 5,000,000 boards expanded, 1,024 MB of boards held "
                                    "(4,194,304 boards)\n"))


# --------------------------------------------------------------------------
# The A* bound: admissible along optimal games, consistent on every edge met


@pytest.mark.parametrize("columns", [3, 4, 5])
def test_laps_bound_is_consistent_and_admissible(columns):
    ring = solver._ring_for(columns)
    seen = {ring.start}
    todo = [ring.start]
    edges = 0
    while todo and edges < 20_000:
        b = todo.pop()
        for p in range(1, ring.n):
            if ring.unpack(b)[p]:
                kind, nb, laps, _ = ring.segment(b, p)
                if kind is None:
                    continue
                edges += 1
                if kind == 0:  # the bound is used along 0-turn edges
                    assert ring.h(b) - ring.h(nb) <= laps
                if nb not in seen:
                    seen.add(nb)
                    todo.append(nb)
    assert ring.h(ring.goal) == 0
    # admissible: never above the laps left along an optimal game
    r = solve(columns)
    rn = solver._ring(columns, r.special, r.direction)
    b, left = ring.start, r.laps
    for turn in r.sequence:
        for hole in turn:
            assert ring.h(b) <= left
            _, b, laps, _ = ring.segment(b, rn.index(hole))
            left -= laps
    assert b == ring.goal and left == 0


# --------------------------------------------------------------------------
# The committed results table: every game in it replays


def test_results_table_games_replay():
    import json
    from pathlib import Path
    from types import SimpleNamespace

    path = Path(__file__).resolve().parent.parent / "docs" / "data" / "bevohoka-solutions.json"
    if not path.exists():
        pytest.skip("no results table")
    rows = json.loads(path.read_text(encoding="utf-8"))["results"]
    assert [r["columns"] for r in rows] == list(range(2, 2 + len(rows)))
    for r in rows:
        if r["sequence"] is None:
            continue
        games = [(r["special"], r["direction"], r["sequence"])]
        for direction, by_hole in r.get("every_special_hole", {}).items():
            games += [(hole, direction, seq) for hole, seq in by_hole.items()]
        for special, direction, seq in games:
            res = SimpleNamespace(columns=r["columns"], special=special, direction=direction,
                                  sequence=seq)
            turns, laps = replay(res)
            assert laps == sum(r["laps_per_turn"])
            if r["status"] == "proved":
                assert (turns, laps) == (r["min_turns"], r["min_laps"])
            else:
                assert r["details"]["turns_bounds"][0] <= turns == r["details"]["turns_bounds"][1]
    small = {r["columns"]: (r["min_turns"], r["min_laps"]) for r in rows if r["columns"] <= 3}
    assert small == {2: brute_force(2, "b2"), 3: brute_force(3, "c2")}
