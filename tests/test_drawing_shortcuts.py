"""The quicker paths of the site's pictures and words against the general ones
they stand for: a hole's name without its other forms, a row's name kept per
catalog.  Each test fails when the shortcut gives something else than the
general path.  And the size a page gives a picture, against the picture
painted."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from mancala_diagrams.drawing import captions, catalog, images, layout, render
from mancala_diagrams.engine.position import Position
from mancala_diagrams.files.examples import ExampleLoader
from mancala_diagrams.files.loader import RulesLibrary
from mancala_diagrams.view.steps import example_options, example_steps

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "sources").rglob("*.yaml"))


@pytest.fixture(scope="module")
def site_steps():
    """(example, steps) of every example file of the project."""
    out = []
    loader = ExampleLoader(RulesLibrary(ROOT / "rules"))
    for path in EXAMPLES:
        example = loader.load(path)
        out.append((example, list(example_steps(example))))
    return out


def test_the_size_with_reserves_hand_labels_and_lettered_boards():
    pos = Position.from_text("1,2,3/4,5,6/0,0,1/2,0,0 south reserve=3:0")
    held = Position.from_text("1,2,3/4,5,6/0,0,1/2,0,0 north hand=4@a1:cw")
    solo = Position.from_rows([[1, 2, 3], [0, 0, 5]], solo=True)
    lettered = Position.from_text("1,1,1,1/1,1,1,1/1,1,1,1/1,1,1,1 south")
    lettered = replace(lettered, geometry=replace(lettered.geometry, notation="letters"))
    labels = {0: "A", 3: "B2"}
    for p in (pos, held, solo, lettered):
        for o in (render.Options(), render.Options(coords=False), render.Options(reserve_room=True),
                  render.Options(trays=False, hand_area=True)):
            lay = layout.position_layout(p, o, labels)
            assert images.image_size(p, o, labels) == (lay.width, lay.height)
            assert render.render_image(p, options=o, labels=labels).size == (lay.width * o.density,
                                                                              lay.height * o.density)


def test_a_holes_name_is_the_the_form_of_its_forms(site_steps):
    """HoleNamer(...)(hole) skips the other forms of an ordinary hole or one
    named by hand: the same name as forms()["the"], for every hole at every
    event of every example, with and without the rules, in both languages."""
    named = roles = 0
    for example, steps in site_steps:
        g = example.rules.geometry
        special = {0: {"en": "the corner", "fr": "le coin"}, g.size - 1: {"en": "the end"}}
        for namer in (captions.HoleNamer(g, None, example.rules), captions.HoleNamer(g, special, example.rules),
                      captions.HoleNamer(g)):
            for step in steps:
                for event in [None, *step.events[:6]]:
                    for hole in range(g.size):
                        for lang in captions.LANGS:
                            for actor in (None, "", "south", "north"):
                                assert namer(hole, lang, event, actor) == \
                                    namer.forms(hole, lang, event, actor)["the"]
                                named += 1
                        roles += namer.role(hole, event) is not None
    assert named > 10000 and roles > 100     # the rules' named holes were met too


def test_a_rows_name_is_kept_per_catalog():
    g = Position.from_text("1,2,3/4,5,6/0,0,1/2,0,0 south").geometry
    solo = Position.from_rows([[1, 2, 3]], solo=True).geometry
    for lang in captions.LANGS:
        for geometry in (g, solo):
            for player in geometry.players:
                for depth in range(geometry.rows_per_player):
                    kept = captions._row_label(geometry, player, depth, lang)
                    assert kept == captions._row_label_in.__wrapped__(catalog.words(lang), geometry, player, depth)
    # a new set of catalogs (another Words) is asked again, not answered from the old one
    before = catalog.words("fr")
    assert captions._row_label(g, "south", 0, "fr") == "Rangée intérieure de Sud"
    catalog.words.cache_clear()
    try:
        after = catalog.words("fr")
        assert after is not before
        after.lookup = lambda message, **values: "changed"
        assert captions._row_label(g, "south", 0, "fr") == "changed"
    finally:
        catalog.words.cache_clear()
    assert captions._row_label(g, "south", 0, "fr") == "Rangée intérieure de Sud"
