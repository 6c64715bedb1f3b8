"""The HTML build's accelerator (mancala_diagrams/sphinx/fasthtml.py) against
the plain path it stands for: a small project (tests/roots/test-mancala, with
captions and credits that hold quotes and characters HTML escapes) built with
and without it gives the same pages, byte for byte, and the same search index;
its figures are data until the page is written; its captions get the quotes
Sphinx's SmartQuotes gives the rest of the page."""
from __future__ import annotations

import inspect
import json
import re
import shutil
from pathlib import Path

import pytest
from docutils import nodes

from mancala_diagrams.files.project import published_dir

pytest_plugins = ("sphinx.testing.fixtures",)

ROOTS = Path(__file__).resolve().parent.parent / "roots"
HARD_CAPTION = 'North\'s "rova" <b>&amp; co</b> -- a1...'
QUOTED = "North's \"rova\" (the two holes)"
BIB = """@misc{busser-katro,
  author = {Jean-Marc Busser},
  title = {Katro},
  howpublished = {l'auteur "X" & <Y>},
  url = {https://example.org/katro.html?a=1&c="2"},
}
"""


@pytest.fixture
def project(tmp_path):
    """The test project, its first figure's caption and its credits made harder."""
    src = tmp_path / "src"
    shutil.copytree(ROOTS / "test-mancala", src)
    example = src / "examples" / "test-empty-hole.yaml"
    text = example.read_text(encoding="utf-8").replace(
        "  - id: katro-06\n    at: start\n",
        f"  - id: katro-06\n    at: start\n    caption: {{en: {json.dumps(HARD_CAPTION)}, fr: {json.dumps(HARD_CAPTION)}}}\n")
    example.write_text(text, encoding="utf-8")
    (src / "refs.bib").write_text(BIB, encoding="utf-8")
    conf = src / "conf.py"
    conf.write_text(conf.read_text(encoding="utf-8") + '\nextensions.append("sphinxcontrib.bibtex")\n'
                    'bibtex_bibfiles = ["refs.bib"]\n', encoding="utf-8")
    page = src / "index.md"
    page.write_text(page.read_text(encoding="utf-8") + f"\n{QUOTED}\n", encoding="utf-8")
    return src


def build(make_app, srcdir, tmp_path, fast, **conf):
    overrides = {"mancala_image_cache": str(tmp_path / "images"), **conf}
    if fast:
        overrides["extensions"] = ["myst_parser", "mancala_diagrams.sphinx", "mancala_diagrams.sphinx.fasthtml",
                                   "sphinxcontrib.bibtex"]
    app = make_app("html", srcdir=srcdir, builddir=tmp_path / ("fast" if fast else "plain"), confoverrides=overrides)
    app.build()
    return app


def resolved_doctree(app, docname: str):
    """The page's doctree as the HTML builder resolves it (Sphinx 9 asks for the
    build's tags; Sphinx 8 has no such argument)."""
    resolve = app.env.get_and_resolve_doctree
    if "tags" in inspect.signature(resolve).parameters:
        return resolve(docname, app.builder, tags=app.tags)
    return resolve(docname, app.builder)


@pytest.mark.parametrize("language, conf, curly", [
    ("en", {}, True),
    ("fr", {}, True),
    ("en", {"smartquotes": False}, False),
    ("en", {"smartquotes_excludes": {"builders": ["html"]}}, False),
])
def test_the_accelerated_pages_are_the_plain_pages(make_app, project, tmp_path, language, conf, curly):
    from mancala_diagrams.sphinx.fasthtml import _CaptionQuotes, mancala_figure, mancala_table
    plain = build(make_app, project, tmp_path, False, language=language, **conf)
    fast = build(make_app, project, tmp_path, True, language=language, **conf)
    # the accelerator was at work: figures and tables as data in its build, none in the other
    assert list(fast.env.get_doctree("index").findall(mancala_figure))
    assert not list(plain.env.get_doctree("index").findall(mancala_figure))
    assert list(resolved_doctree(fast, "verification").findall(mancala_table))
    pages = sorted(p.relative_to(plain.outdir) for p in plain.outdir.rglob("*.html"))
    assert pages == sorted(p.relative_to(fast.outdir) for p in fast.outdir.rglob("*.html"))
    for page in pages:
        assert (fast.outdir / page).read_text(encoding="utf-8") == (plain.outdir / page).read_text(encoding="utf-8"), page
    assert (fast.outdir / "searchindex.js").read_bytes() == (plain.outdir / "searchindex.js").read_bytes()
    images = sorted(p.name for p in (plain.outdir / "_images").iterdir())
    assert images and images == sorted(p.name for p in (fast.outdir / "_images").iterdir())
    html = (fast.outdir / "index.html").read_text(encoding="utf-8")
    assert "&lt;b&gt;" in html and "&amp;c=" in html and 'loading="lazy"' in html
    assert 'class="mancala-side-by-side' in html and 'class="mancala-credit"' in html
    # each figure of a worked example: a status badge linking to its line of the
    # verification page (an accepted erratum to its entry on the errata page: tests/test_site_figures.py), a citation
    # whose id links to the figure itself; the verification page's lines have those ids
    assert re.search(r'<a class="mancala-badge mancala-badge-replayed reference internal" '
                     r'href="verification.html#row-katro-07">', html)
    # an erratum the verifier refuses (no published page has its id); without the
    # published transcriptions that is not known, and the erratum is shown as declared
    refused = "mismatch" if published_dir(ROOTS.parent.parent) is not None else "erratum"
    assert re.search(rf'<a class="mancala-badge mancala-badge-{refused} reference internal" '
                     r'href="(verification|errata).html#[^"]*test-01">[^<]+</a>', html)
    assert '<a class="reference internal" href="#katro-07">katro-07</a>' in html
    verification = (fast.outdir / "verification.html").read_text(encoding="utf-8")
    assert re.search(r'<tr class="row-(even|odd)" id="row-katro-07">', verification)
    # a caption gets the quotes SmartQuotes gives the same words as page text
    doctree = resolved_doctree(fast, "index")
    prose = next(p.astext() for p in doctree.findall(nodes.paragraph) if p.astext().startswith("North"))
    caption = nodes.caption("", QUOTED)
    _CaptionQuotes(doctree).educate(caption)
    assert caption.astext() == prose
    assert (caption.astext() != QUOTED) is curly
    if language == "en" and curly:
        assert caption.astext() == "North’s “rova” (the two holes)"


def test_worked_example_figures_stay_data_until_the_page_is_written(make_app, project, tmp_path):
    from mancala_diagrams.sphinx.fasthtml import mancala_figure
    app = build(make_app, project, tmp_path, True)
    # as read and stored: one light node per step, no docutils figure for the steps yet
    stored = app.env.get_doctree("index")
    light = {n["ids"][0]: n for n in stored.findall(mancala_figure)}
    assert {f"katro-{n:02d}" for n in range(6, 11)} <= set(light)
    assert not [f for f in stored.findall(nodes.figure) if f["ids"] and f["ids"][0] in light]
    assert light["katro-07"]["caption"] == "katro-07. South takes the 3 seeds of a1 in hand."
    # as resolved for HTML: still data (the HTML translator writes them), their
    # caption's words as their one child for the search index
    resolved = resolved_doctree(app, "index")
    kept = {n["ids"][0]: n for n in resolved.findall(mancala_figure)}
    assert set(kept) == set(light)
    # the caption: the status badge, the words, the credit, the short citation
    assert kept["katro-07"].astext().startswith("replayed katro-07. South takes the 3 seeds of a1 in hand. Source: ")
    assert kept["katro-07"].astext().endswith("; 0.1.0, katro-07")      # a project without a name
    assert not [f for f in resolved.findall(nodes.figure) if f["ids"] and f["ids"][0] in light]


def test_another_builder_gets_the_figures_of_a_page_an_html_build_read(make_app, project, tmp_path):
    """A text build reusing the doctrees the HTML build stored: its figures made
    when the page is resolved, with the same words."""
    build(make_app, project, tmp_path, True)
    overrides = {"mancala_image_cache": str(tmp_path / "images"),
                 "extensions": ["myst_parser", "mancala_diagrams.sphinx", "mancala_diagrams.sphinx.fasthtml",
                                "sphinxcontrib.bibtex"]}
    text_app = make_app("text", srcdir=project, builddir=tmp_path / "fast", confoverrides=overrides)
    text_app.build()
    text = " ".join((text_app.outdir / "index.txt").read_text(encoding="utf-8").split())
    assert "replayed katro-07. South takes the 3 seeds of a1 in hand. Source: " in text


@pytest.mark.parametrize("action", ["qDe", "1", "2", "3", "qbBdDiew"])
@pytest.mark.parametrize("language", ["en", "fr", "de"])
def test_smartquotes_leaves_a_text_without_quotable_signs_as_it_is(action, language):
    """quote_figures gives SmartQuotes only the captions with a sign it may change
    (_QUOTABLE): any other text comes out of docutils' educate_tokens unchanged."""
    import random
    from docutils.utils import smartquotes
    from mancala_diagrams.sphinx.fasthtml import _QUOTABLE
    rng = random.Random(f"{action}{language}")
    alphabet = "ab19 .,;:!?-–—…’‘“”«»()[]/&;=#%*+<>|~^@$_\u00a0\u202féàçÉ\n"
    texts = ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, 40))) for _ in range(3000)]
    plain = [t for t in texts if not _QUOTABLE.search(t)]
    assert len(plain) > 1000
    for first, second in zip(plain[::2], plain[1::2]):     # two tokens: the second sees the first's end
        out = list(smartquotes.educate_tokens([("plain", first), ("plain", second)], attr=action,
                                              language=language))
        assert out == [first, second]
    # and a sign it changes is caught
    for text in ('a "b"', "l'a1", "a -- b", "a...", "``a''", "a\\-b", "&quot;a&quot;"):
        assert _QUOTABLE.search(text)
        assert list(smartquotes.educate_tokens([("plain", text)], attr="qDe", language=language)) != [text] \
            or text.startswith("&quot;")
