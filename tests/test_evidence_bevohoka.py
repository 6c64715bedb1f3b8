"""Katro bevohoka: how a turn is counted, the source puzzles' counter beside
each optimum, and a solver that answers or says which bound to raise (issue 31)."""
import io
import json

import pytest

from mancala_diagrams.cli.solve import run
from mancala_diagrams.solver import compiled
from mancala_diagrams.solver.search import puzzle_counter
from mancala_diagrams.sphinx.solutions import load_results, table

from conftest import ROOT

TABLE = ROOT / "docs" / "data" / "bevohoka-solutions.json"
LETTERS = "abcdefgh"


def puzzle_game(columns, sequence):
    """The source's training puzzle (katrobevohokaN.html), as its script plays:
    cells t0 .. t(2C-1), t0 the green cup (the special hole, top right),
    t1 .. t(C-1) the rest of the top row from right to left, then the bottom
    row from left to right; a click sows a cell's seeds into the next cells
    and sows on while the last one lands in a non-empty cell; the counter goes
    up when a lap ends in an empty cell other than the cup.  Returns the
    counter and the board at the end."""
    n = 2 * columns
    cells = [0, 3, 3] + [2] * (n - 3)
    top = [f"{LETTERS[c]}2" for c in range(columns - 1, -1, -1)]     # t0 .. t(C-1)
    bottom = [f"{LETTERS[c]}1" for c in range(columns)]
    index = {name: i for i, name in enumerate(top + bottom)}
    counter = 0
    for turn in sequence:
        for hole in turn:
            place = index[hole]
            seeds = cells[place]
            assert seeds > 0, hole
            while True:
                cells[place] = 0
                for k in range(1, seeds + 1):
                    cells[(place + k) % n] += 1
                place = (place + seeds) % n
                seeds = cells[place]
                if place != 0 and seeds == 1:
                    counter += 1
                    break
                if place == 0:
                    break
    return counter, cells


@pytest.mark.parametrize("row", json.loads(TABLE.read_text(encoding="utf-8"))["results"],
                         ids=lambda r: f"{r['columns']} columns")
def test_the_puzzle_counter_beside_each_optimum_is_what_the_puzzle_shows(row):
    counter, cells = puzzle_game(row["columns"], row["sequence"])
    assert cells == [4 * row["columns"]] + [0] * (2 * row["columns"] - 1)     # the cup holds every seed
    assert row["puzzle_counter"] == counter == row["min_turns"] - 1
    assert puzzle_counter(row["columns"], row["sequence"], row["special"], row["direction"]) == counter


def test_a_sequence_that_does_not_fill_the_special_hole_has_no_counter():
    with pytest.raises(Exception) as err:
        puzzle_counter(3, [["b1"]])
    assert "does not fill the special hole" in str(err.value)


def test_the_table_heads_the_counter_column_in_both_languages():
    results = load_results(TABLE)
    fields = ["columns", "min_turns", "puzzle_counter"]
    assert table(results, "en", fields)[0][2] == "The source puzzle's counter"
    assert table(results, "fr", fields)[0][2] == "Compteur du jeu d’entraînement de la source"


def solve(*argv):
    out, err = io.StringIO(), io.StringIO()
    code = run(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


@pytest.mark.skipif(not compiled.available(), reason="the compiled search is not built")
def test_seven_columns_are_solved_without_a_flag():
    code, out, err = solve("--columns", "7")
    assert code == 0 and err == ""
    assert "optimum: 3 turns, 50 laps" in out and "compiled search" in out


def test_a_search_stopped_by_its_cap_of_boards_says_to_raise_it():
    code, out, _ = solve("--columns", "5", "--reference", "--max-states", "100")
    assert code == 0 and "not solved within the budget" in out
    assert "to answer: the search expanded --max-states 100 boards; raise --max-states" in out


def test_a_search_stopped_by_its_time_says_to_raise_it():
    code, out, _ = solve("--columns", "6", "--reference", "--time-budget", "0.001")
    assert code == 0 and "to answer: the search used up --time-budget; raise --time-budget" in out
