"""The quicker paths of the site's pictures and words against the general ones
they stand for: a hole's name without its other forms, a row's name kept per
catalog, an image's address from its folder's, the bibliography
sphinxcontrib-bibtex already parsed.  Each test fails when the shortcut gives
something else than the general path.  And the size a page gives a picture,
against the picture painted."""
from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import pytest

from mancala_diagrams.drawing import captions, catalog, images, layout, render
from mancala_diagrams.engine.position import Position
from mancala_diagrams.files.steps import example_steps, load_example

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "sources").rglob("*.yaml"))


@pytest.fixture(scope="module")
def site_steps():
    """(example, steps) of every example file of the project."""
    out = []
    for path in EXAMPLES:
        example = load_example(path, ROOT)
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


@pytest.mark.parametrize("folder", ["_build/images", "docs/_images", "docs/games", "docs/games/deep", "/elsewhere/img"])
@pytest.mark.parametrize("docname", ["index", "games/katro", "games/a/b"])
def test_an_images_address_is_its_folders_and_its_name(tmp_path, folder, docname):
    from mancala_diagrams.sphinx.directives import MancalaDirective

    srcdir = tmp_path / "docs"
    folder = Path(folder) if Path(folder).is_absolute() else tmp_path / folder
    env = SimpleNamespace(docname=docname, doc2path=lambda name: srcdir / f"{name}.md")
    d = SimpleNamespace(env=env)
    docdir = Path(env.doc2path(docname)).parent
    for name in ("board-0123abcd.png", "board-ffff.png", "board-0123abcd.png"):
        path = folder / name
        expected = Path(os.path.relpath(path, docdir)).as_posix()    # the general path
        assert MancalaDirective.image_uri(d, path) == expected
    # another folder on the same directive is taken afresh
    other = tmp_path / "other" / "board-1.png"
    assert MancalaDirective.image_uri(d, other) == Path(os.path.relpath(other, docdir)).as_posix()


BIB = """@misc{busser-katro,
  author = {Jean-Marc Busser},
  title = {Katro},
  howpublished = {Jeux du monde},
  url = {https://example.org/katro.htm},
}
@book{devoogt-1998,
  author = {Alexander J. de Voogt and Someone Else},
  title = {A book},
  year = {1998},
}
"""


def _bib_env(tmp_path, bibdata):
    from sphinx.errors import ExtensionError

    def get_domain(name):
        if bibdata is None:
            raise ExtensionError("no domain")
        return SimpleNamespace(data={"bibdata": bibdata})
    return SimpleNamespace(srcdir=str(tmp_path), config=SimpleNamespace(bibtex_bibfiles=["refs.bib"]),
                           get_domain=get_domain)


def test_the_bibliography_sphinxcontrib_bibtex_parsed_gives_the_same_credits(tmp_path):
    from sphinxcontrib.bibtex.bibfile import parse_bibdata

    from mancala_diagrams.sphinx import directives

    bib = tmp_path / "refs.bib"
    bib.write_text(BIB, encoding="utf-8")
    for real in (ROOT / "docs" / "references.bib", bib):
        data = parse_bibdata([real.resolve()], "utf-8-sig")
        directives._BIBLIOGRAPHY.clear()
        env = _bib_env(real.parent, data)
        env.config.bibtex_bibfiles = [real.name]
        assert directives._parsed_by_bibtex(env, real, real.stat().st_mtime) is not None
        from_domain = directives.bibliography_entries(env)
        directives._BIBLIOGRAPHY.clear()
        alone = _bib_env(real.parent, None)      # no sphinxcontrib-bibtex: the file is parsed
        alone.config.bibtex_bibfiles = [real.name]
        parsed = directives.bibliography_entries(alone)
        assert from_domain == parsed and from_domain
    assert parsed["busser-katro"] == {"url": "https://example.org/katro.htm", "site": "Jeux du monde",
                                      "author": "Jean-Marc Busser"}
    assert parsed["devoogt-1998"]["author"] == "Alexander de Voogt"     # first author, no middle names
    # a file changed since sphinxcontrib-bibtex parsed it is parsed again
    stale = parse_bibdata([bib.resolve()], "utf-8-sig")
    bib.write_text(BIB.replace("Jeux du monde", "Autre site"), encoding="utf-8")
    os.utime(bib, (1, 1))
    directives._BIBLIOGRAPHY.clear()
    env = _bib_env(tmp_path, stale)
    assert directives._parsed_by_bibtex(env, bib, bib.stat().st_mtime) is None
    assert directives.bibliography_entries(env)["busser-katro"]["site"] == "Autre site"
    directives._BIBLIOGRAPHY.clear()
