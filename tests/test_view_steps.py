"""The steps of a worked example and what a step highlights (view/steps.py),
the image files (drawing/images.py), and the caption a step gets
(captions.describe_step): the non-Sphinx parts of the ``mancala-example``
directive, tested without Sphinx.

Expected boards are copied by hand from the published katro diagrams the
example transcribes (katro-15 to katro-21), not from the code."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace as Ev

import pytest

from mancala_diagrams.drawing.captions import describe_step
from mancala_diagrams.drawing.images import image_file
from mancala_diagrams.engine.position import Position
from mancala_diagrams.errors import MancalaError
from mancala_diagrams.files.examples import ExampleLoader
from mancala_diagrams.files.loader import RulesLibrary
from mancala_diagrams.view.figures import parse_marks
from mancala_diagrams.view.steps import Step, differing, example_steps, grid_position, highlights_from, numbers_from_grid

ROOT = Path(__file__).resolve().parent.parent
CAPTURE = ROOT / "sources" / "katro" / "katro-capture-from-inner-row.yaml"


def load_example(path, root):
    return ExampleLoader(RulesLibrary(Path(root) / "rules")).load(path)


def rows(position):
    C = position.geometry.columns
    return [list(position.cells[r * C:(r + 1) * C]) for r in range(position.geometry.rows)]


# -- view/steps.py ----------------------------------------------------------------------------

def test_an_example_has_one_step_per_published_diagram_with_the_replayed_board():
    example = load_example(CAPTURE, ROOT)
    steps = {s.diagram.id: s for s in example_steps(example)}
    assert list(steps) == [f"katro-{n}" for n in range(15, 22)]
    # katro-19: South adds the two captured seeds to b2, which then holds 7
    assert rows(steps["katro-19"].position) == [[2, 0, 5, 0, 4, 0],
                                               [4, 0, 0, 0, 4, 2],
                                               [3, 7, 0, 2, 2, 0],
                                               [0, 2, 3, 2, 3, 3]]
    assert [e.kind for e in steps["katro-19"].events] == ["merge"]
    assert steps["katro-15"].events and all(e.kind == "start" for e in steps["katro-15"].events)
    assert steps["katro-21"].following == [] or steps["katro-21"].following[0].kind == "turn_end"


def test_a_published_grid_becomes_a_board_and_the_differing_holes_are_found():
    replayed = Position.from_rows([[1, 2, 3], [4, 5, 6]])
    published = grid_position([[1, None, 3], [4, 9, 6]], replayed)
    assert rows(published) == [[1, 0, 3], [4, 9, 6]]
    assert differing(published, replayed) == [1, 4]
    assert differing(published, Position.from_rows([[0, 0], [0, 0]])) == []


def test_a_grid_of_numbers_gives_the_numbered_holes():
    g = Position.empty(3).geometry
    assert numbers_from_grid([[None, 2, None], [0, 1, None]], g) == {1: 2, 3: 0, 4: 1}


def test_an_empty_board():
    board = Position.empty(4, 2)
    assert board.geometry.rows == 4 and board.geometry.columns == 4 and sum(board.cells) == 0
    assert Position.empty(5, 1, solo=True).geometry.rows == 1


# -- what a step highlights (view/steps.py), the image files (drawing/images.py) ----------------

def test_a_lap_highlights_the_emptied_hole_the_sown_holes_and_the_last_seed():
    events = [Ev(kind="pickup", holes=[0]), Ev(kind="drop", holes=[1]), Ev(kind="drop", holes=[2]),
              Ev(kind="drop", holes=[3])]
    assert highlights_from(events) == {"emptied": [0], "sown": [1, 2], "last": [3]}


def test_a_hole_emptied_and_sown_again_in_one_step_shows_as_sown():
    events = [Ev(kind="pickup", holes=[0]), Ev(kind="drop", holes=[1]), Ev(kind="drop", holes=[0]),
              Ev(kind="drop", holes=[2])]
    assert highlights_from(events) == {"sown": [0, 1], "last": [2]}


def test_a_capture_then_a_merge():
    events = [Ev(kind="capture", holes=[7, 11]), Ev(kind="merge", holes=[3])]
    assert highlights_from(events) == {"captured": [7, 11], "sown": [3]}


def test_marks_are_hole_equals_colour():
    g = Position.empty(4).geometry
    assert parse_marks("a1=red  d2=blue", g) == {g.parse("a1"): "red", g.parse("d2"): "blue"}
    with pytest.raises(MancalaError, match="HOLE=COLOUR"):
        parse_marks("a1", g)


def test_an_image_is_drawn_once_and_then_found_by_its_content(tmp_path, monkeypatch):
    from mancala_diagrams.drawing import compose
    drawn = []
    draw = compose.render_png
    monkeypatch.setattr(compose, "render_png", lambda *args: drawn.append(args) or draw(*args))
    board = Position.from_rows([[1, 2], [3, 4]])
    first = image_file(tmp_path / "images", board, {"last": [1]})
    again = image_file(tmp_path / "images", board, {"last": [1]})
    other = image_file(tmp_path / "images", board, {"last": [2]})
    assert first == again != other
    assert first.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(drawn) == 2          # the second call drew nothing
    assert not list((tmp_path / "images").glob(".tmp-*"))


# -- captions.describe_step -------------------------------------------------------------------

def test_a_diagrams_own_caption_comes_first_then_the_departures():
    example = Ev(rules=None, start=None, title={"en": "T"}, caption=None, assumptions=[], artificial=False)
    diagram = Ev(caption={"en": "As the page says.", "fr": "Comme le dit la page."})
    step = Step(diagram, Position.empty(2), events=[Ev(kind="drop", holes=[0])],
                departures=[{"turn": 2, "rule": "capture", "reason": {"en": "The page skips it."}}])
    assert describe_step(example, step, "en") == (
        "As the page says. Departure: turn 2 is played as the page plays it, against its own rule capture. "
        "The page skips it.")
    assert describe_step(example, Step(Ev(caption=None), Position.empty(2)), "en") == "T"
