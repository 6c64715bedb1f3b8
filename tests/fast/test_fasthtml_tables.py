"""The HTML accelerator's tables (mancala_diagrams/sphinx/fasthtml.py) against
the docutils tables they stand for (mancala_diagrams/sphinx/tables.py): the
same cells written by the accelerator and by Sphinx's HTML writer give the same
HTML, byte for byte, escaping included."""
from __future__ import annotations

import re
from pathlib import Path

from test_verification_tables import HEADERS, ROWS, cells, shape

pytest_plugins = ("sphinx.testing.fixtures",)

DOCS_EXT = Path(__file__).resolve().parent.parent.parent / "docs" / "_ext"

# a conf.py that puts the same data in one page twice: as the accelerator's
# node (HTML written by fasthtml.visit_table_html) and as the docutils table of
# tables.docutils_table; with the site's own HTML translator (accessible_html)
CONF = f"""
import sys
sys.path.insert(0, {str(DOCS_EXT)!r})
extensions = ["accessible_html"]
from mancala_diagrams.sphinx.tables import Code, Link, docutils_table
from mancala_diagrams.sphinx.fasthtml import make_table, mancala_table, visit_table_html
HEADERS = {HEADERS!r}
ROWS = {ROWS!r}

def both(app, doctree, docname):
    for section in doctree.findall(lambda n: n.tagname == "section"):
        section += make_table(HEADERS, ROWS, ["mancala-verification"])
        section += docutils_table(HEADERS, ROWS, ["mancala-verification"])
        break

def setup(app):
    app.add_node(mancala_table, html=(visit_table_html, None))
    app.connect("doctree-resolved", both)
"""


def test_our_html_table_is_the_one_sphinx_writes_for_the_docutils_table(make_app, tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(CONF, encoding="utf-8")
    (src / "index.rst").write_text("Tables\n======\n\nText.\n", encoding="utf-8")
    app = make_app("html", srcdir=src, builddir=tmp_path / "out")
    app.build()
    page = (app.outdir / "index.html").read_text(encoding="utf-8")
    ours, theirs = re.findall(r"<table.*?</table>", page, re.S)
    assert ours == theirs
    assert ours.startswith('<table tabindex="0" class="mancala-verification docutils align-default">'), ours[:80]
    # and it shows the cells of the data, links where the data has links
    assert cells(ours)[0] == HEADERS
    assert cells(ours)[3][:2] == ["<script>alert('x')</script>", 'a "quoted" & <b>bold</b>']
    assert cells(ours)[2][0] == "katro-opening turn\xa0 2 end"     # code keeps its two spaces (as Sphinx does)
    hrefs = [a[2] for a in shape(ours) if a[0] == "a"]
    assert hrefs == [(("href", "games/katro.html#katro-01"),), (("href", "https://example.org/katro.html?a=1&b=2"),),
                     (("href", "#source-katro"),), (("href", 'https://example.org/?q="<x>"'),)]

    # every text escaped
    assert "<script>" not in ours and "<b>" not in ours and "<1>" not in ours and '"<x>"' not in ours
    assert ("script",) not in [i[:1] for i in shape(ours)]
    assert cells(ours)[3] == ["<script>alert('x')</script>", 'a "quoted" & <b>bold</b>', "not drawn", "d'<1>"]
    assert cells(ours)[0][1] == "Status <&>"
