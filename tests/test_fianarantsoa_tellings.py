"""Two tellings of the katro of Fianarantsoa: the account after de Voogt
(``katro-fianarantsoa-*``) and Alain Busser's (``katro-fianarantsoa-busser-*``).
The diagrams of Busser's game on two columns that decide between them are
replayed under both.  Boards are copied by hand from Busser's page (rows top
first) or worked out by hand."""
from __future__ import annotations

import textwrap
from dataclasses import replace
from pathlib import Path

import pytest

from mancala_diagrams.engine.geometry import CCW, SOUTH
from mancala_diagrams.engine.position import Position
from mancala_diagrams.errors import IllegalMove
from mancala_diagrams.files.loader import RulesLibrary, parse_board_rows

LIB = RulesLibrary(Path(__file__).resolve().parent.parent / "rules")


def position(r, text, to_move=SOUTH):
    rows = parse_board_rows(textwrap.dedent(text))
    pos = Position.from_rows(rows, rows_per_player=3, to_move=to_move)
    return r.with_initial_state(replace(pos, geometry=r.geometry))



def norm(text):
    return "\n".join(" ".join(line.split()) for line in textwrap.dedent(text).strip().splitlines())


# Busser's diagram 13: South's second lap has captured e; F holds 5 seeds to sow
DIAGRAM_13 = """
    2 2
    2 2
    2 .
    3 5
    3 .
    . 3"""
# Busser's diagram 14: the five seeds went on A B C D E (after F comes A)
DIAGRAM_14 = """
    2 2
    2 2
    2 .
    4 .
    4 1
    1 4"""


def lap_from_f(rules_name):
    """South's first turn from the start, A sown towards B (both tellings allow
    it): the board after lap 2's capture is diagram 13 in both; return the
    end of lap 3, F's five seeds."""
    r = LIB.load(rules_name)
    events = []
    r.play(r.initial_position(), [("start", (r.geometry.parse("A"), CCW))], events=events)
    merge = [e for e in events if e.kind == "merge"][0]
    assert grid(merge.cells) == norm(DIAGRAM_13)
    return r, [e for e in events if e.kind == "lap_end"][2]


def grid(cells):
    return "\n".join(" ".join(str(v or ".") for v in cells[i:i + 2]) for i in range(0, 12, 2))


def test_diagram_14_the_closed_snake_goes_from_f_to_a():
    r, end = lap_from_f("katro-fianarantsoa-busser-2")
    assert r.geometry.name(end.holes[0]) == "E"
    assert grid(end.cells) == norm(DIAGRAM_14)


def test_diagram_14_is_not_on_the_path_that_turns_back():
    # the account after de Voogt: from F (inner row) the path turns into the
    # outer row at B and goes back: B A D C F; F was empty, the turn ends there
    r, end = lap_from_f("katro-fianarantsoa-2")
    assert r.geometry.name(end.holes[0]) == "F"
    assert grid(end.cells) == norm("""
        2 2
        2 2
        2 .
        3 1
        4 1
        1 4""")


# Busser's diagram 20: South to move; his outer row holds 2 and 5, his inner row one seed in F
DIAGRAM_20 = """
    3 1
    . 3
    1 1
    . 1
    5 2
    2 5"""


def test_diagram_21_busser_lets_a_turn_start_in_the_inner_row():
    r = LIB.load("katro-fianarantsoa-busser-2")
    pos = position(r, DIAGRAM_20)
    events = []
    r.play(pos, [("start", (r.geometry.parse("F"), CCW))], events=events)
    first = [e for e in events if e.kind == "lap_end"][0]
    # Busser's diagram 21: F's seed went into A (after F comes A), which now holds 3
    assert grid(first.cells) == norm("""
        3 1
        . 3
        1 1
        . .
        5 2
        3 5""")


def test_diagram_21_the_outermost_row_start_forbids_it():
    r = LIB.load("katro-fianarantsoa-2")
    pos = position(r, DIAGRAM_20)
    with pytest.raises(IllegalMove) as err:
        r.play(pos, [("start", (r.geometry.parse("F"), CCW))])
    assert "outermost" in str(err.value)


@pytest.mark.parametrize("width", (2, 3, 4, 6))
def test_busser_rules_differ_from_the_account_in_three_parameters_only(width):
    mine, base = LIB.load(f"katro-fianarantsoa-busser-{width}"), LIB.load(f"katro-fianarantsoa-{width}")
    assert mine.geometry.track_kind == "loop" and base.geometry.track_kind == "boustrophedon"
    assert mine.block("choose-hole").p["outermost_row"] is False
    assert base.block("choose-hole").p["outermost_row"] is True
    assert mine.block("goal").p["win"] == "capture-all" and base.block("goal").p["win"] == "last-mover"
