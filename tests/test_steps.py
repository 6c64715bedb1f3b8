"""The steps of a worked example (files/steps.py), what a step highlights and
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
from mancala_diagrams.drawing.images import highlights_from, image_file, parse_marks
from mancala_diagrams.engine.position import Position
from mancala_diagrams.errors import MancalaError
from mancala_diagrams.files.steps import (Step, differing, example_steps, grid_position, load_example,
                                          numbers_from_grid)

ROOT = Path(__file__).resolve().parent.parent
CAPTURE = ROOT / "sources" / "katro" / "katro-capture-from-inner-row.yaml"


def rows(position):
    C = position.geometry.columns
    return [list(position.cells[r * C:(r + 1) * C]) for r in range(position.geometry.rows)]


# -- files/steps.py ---------------------------------------------------------------------------

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


def test_a_missing_example_file_is_a_located_error(tmp_path):
    with pytest.raises(MancalaError, match="no such example file"):
        load_example(tmp_path / "nothing.yaml", ROOT)


def test_steps_are_kept_for_the_other_language_only_while_every_input_is_unchanged(tmp_path, monkeypatch):
    """load_steps with a cache folder (the French build reads what the English
    one made): the same boards and diagrams read back without parsing or
    replaying; one byte more in the example or in a rules file, and the example
    is loaded again; a file with an error is never kept."""
    import shutil
    from mancala_diagrams.files import steps as steps_module
    for part in ("sources", "rules"):
        shutil.copytree(ROOT / part, tmp_path / "p" / part)
    root = tmp_path / "p"
    example = root / "sources" / "katro" / CAPTURE.name
    cache = tmp_path / "cache"
    first_example, first = steps_module.load_steps(example, root, cache_dir=cache)
    assert len(list(cache.glob("steps-*.pickle"))) == 1
    fresh = list(example_steps(load_example(example, root)))
    assert [(s.diagram.id, s.position.cells) for s in first] == [(s.diagram.id, s.position.cells) for s in fresh]

    loads = []
    real = steps_module.load_example
    monkeypatch.setattr(steps_module, "load_example", lambda *a: loads.append(a) or real(*a))
    again_example, again = steps_module.load_steps(example, root, cache_dir=cache)
    assert loads == []      # read back
    assert [(s.diagram.id, s.position.cells, len(s.events)) for s in again] == \
        [(s.diagram.id, s.position.cells, len(s.events)) for s in first]
    assert again_example.title == first_example.title

    example.write_text(example.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    steps_module.load_steps(example, root, cache_dir=cache)
    assert len(loads) == 1
    rules = next((root / "rules").glob("*.yaml"))
    rules.write_text(rules.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    steps_module.load_steps(example, root, cache_dir=cache)
    assert len(loads) == 2
    assert len(list(cache.glob("steps-*.pickle"))) == 3

    example.write_text(example.read_text(encoding="utf-8").replace("example:", "example: x\nexample:", 1),
                       encoding="utf-8")
    for _ in range(2):
        with pytest.raises(MancalaError):
            steps_module.load_steps(example, root, cache_dir=cache)
    assert len(list(cache.glob("steps-*.pickle"))) == 3


@pytest.mark.skipif(not (ROOT.parent / "shared" / "published").is_dir(),
                    reason="../shared/published is not beside the project")
def test_a_start_read_from_a_published_diagram_is_kept_while_the_transcriptions_are_unchanged(
        tmp_path, monkeypatch):
    """An example whose start is ``from:`` a published diagram: kept for the
    other language while ../shared/published is unchanged (its files are in the
    key), loaded again once a transcription changes, and never kept when the
    start comes from another example's transcription (../shared/published absent)."""
    import shutil
    from mancala_diagrams.files import steps as steps_module
    for part in ("sources", "rules"):
        shutil.copytree(ROOT / part, tmp_path / "p" / part)
    root = tmp_path / "p"
    pub = tmp_path / "published"
    shutil.copytree(ROOT.parent / "shared" / "published", pub)
    monkeypatch.setenv("MANCALA_PUBLISHED", str(pub))
    example = root / "sources" / "katro-gorobaka" / "katro-mandry-dia-homana-single-hole-6.yaml"
    cache = tmp_path / "cache"
    loads = []
    real = steps_module.load_example
    monkeypatch.setattr(steps_module, "load_example", lambda *a: loads.append(a) or real(*a))
    first_example, first = steps_module.load_steps(example, root, cache_dir=cache)
    assert first_example.start_from["id"] == "katro-gorobaka-11" and len(loads) == 1
    again_example, again = steps_module.load_steps(example, root, cache_dir=cache)
    assert len(loads) == 1      # read back
    assert [(s.diagram.id, s.position.cells) for s in again] == [(s.diagram.id, s.position.cells) for s in first]
    assert again_example.start_from == first_example.start_from

    page = pub / "katro-gorobaka.json"
    page.write_text(page.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    steps_module.load_steps(example, root, cache_dir=cache)
    assert len(loads) == 2      # a transcription changed: loaded again

    monkeypatch.setenv("MANCALA_PUBLISHED", str(tmp_path / "absent"))
    monkeypatch.chdir(tmp_path)     # ../shared/published beside the project is not there either
    kept = len(list(cache.glob("steps-*.pickle")))
    for _ in range(2):
        steps_module.load_steps(example, root, cache_dir=cache)
    assert len(loads) == 4 and len(list(cache.glob("steps-*.pickle"))) == kept


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


# -- drawing/images.py ------------------------------------------------------------------------

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
