"""The solver (self-contained, its own simulator) against the rules engine.

The solutions table the site publishes (docs/data/bevohoka-solutions.json) is
replayed by the general engine with the katro bevohoka rules files: every
optimal game must fill the special hole in exactly the turns and laps the
table claims, and the engine must declare the game won.
"""
import json

import pytest

from mancala_diagrams.engine.geometry import parse_direction

from conftest import ROOT, rules

TABLE = json.loads((ROOT / "docs" / "data" / "bevohoka-solutions.json").read_text())
PROVED = [r for r in TABLE["results"] if r.get("status") == "proved"]


def replay(row, special=None, direction=None):
    r = rules(f"katro-bevohoka-{row['columns']}")
    special = special or row["special"]
    direction = direction or row["direction"]
    sequence = row["sequence"] if special == row["special"] and direction == row["direction"] \
        else row["every_special_hole"][direction][special]
    pos = r.initial_position()
    g = pos.geometry
    d = parse_direction(direction)
    events = []
    pos = _setup(r, pos, g.parse(special), d, events)
    for n, choices in enumerate(sequence, start=2):
        decisions = [("start", (g.parse(choices[0]), d))] + [("hole", g.parse(h)) for h in choices[1:]]
        pos = r.play(pos, decisions, turn_number=n, events=events)
    laps = sum(1 for e in events if e.kind == "lap_end" and e.turn > 1)
    return r, pos, laps, len(sequence)


def _setup(r, pos, special, d, events):
    """The set-up turn, with the decisions the rules ask for (special hole, direction)."""
    from mancala_diagrams.engine.turn import run_turn
    answers = {"target": special, "direction": d, "start": (special, d)}
    return run_turn(r, pos, lambda ask: answers[ask.kind], 1, events).position


def test_the_table_has_proved_widths():
    assert [r["columns"] for r in PROVED] == [2, 3, 4, 5, 6, 7, 8]


@pytest.mark.parametrize("row", PROVED, ids=lambda r: f"{r['columns']}-columns")
def test_engine_replays_each_optimal_game_in_the_claimed_turns_and_laps(row):
    r, pos, laps, turns = replay(row)
    g = pos.geometry
    special = g.parse(row["special"])
    assert pos.cells[special] == 4 * row["columns"]
    assert sum(pos.cells) == pos.cells[special]
    assert turns == row["min_turns"]
    assert laps == row["min_laps"]
    assert r.outcome(pos) is not None


@pytest.mark.parametrize("row", [r for r in PROVED if r["columns"] <= 4], ids=lambda r: f"{r['columns']}-columns")
def test_engine_agrees_for_every_special_hole_and_direction(row):
    for direction, holes in row["every_special_hole"].items():
        for special in holes:
            _, pos, laps, turns = replay(row, special, direction)
            g = pos.geometry
            assert pos.cells[g.parse(special)] == 4 * row["columns"], (special, direction)
            assert (turns, laps) == (row["min_turns"], row["min_laps"]), (special, direction)


def test_solve_command_takes_its_options_directly(capsys):
    from mancala_diagrams.cli import main
    assert main(["solve", "--columns", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["min_turns"], out["min_laps"]) == (2, 14)
    assert main(["solve", "--columns", "1"]) == 2
