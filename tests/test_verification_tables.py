"""The verification page's tables (mancala_diagrams/sphinx/tables.py): one
list of cells, written as HTML by our own visitor in an HTML build and made
into a docutils table for every other builder.  The two must show the same:
the same cells, links, classes and structure as Sphinx's HTML writer gives the
docutils table."""
from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from mancala_diagrams.sphinx.tables import Code, Link, html_rows

pytest_plugins = ("sphinx.testing.fixtures",)

ROOTS = Path(__file__).resolve().parent / "roots"
DOCS_EXT = Path(__file__).resolve().parent.parent / "docs" / "_ext"

HEADERS = ["Diagram", "Status <&>", "Drawn at", "Source"]
ROWS = [
    ["katro-01", "verified", Link("Katro", "games/katro.html#katro-01", internal=True),
     Link("diagram 1", "https://example.org/katro.html?a=1&b=2")],
    [Code(("katro-opening", "turn  2 end")), "checked", Link("Katro & co", "#source-katro", internal=True),
     "no source"],
    ["<script>alert('x')</script>", 'a "quoted" & <b>bold</b>', "not drawn",
     Link("d'<1>", "https://example.org/?q=\"<x>\"")],
]

# a conf.py that puts the same data in one page twice: as our node (HTML
# written by tables.visit_table_html) and as the docutils table of
# tables.docutils_table; with the site's own HTML translator (accessible_html)
CONF = f"""
import sys
sys.path.insert(0, {str(DOCS_EXT)!r})
extensions = ["accessible_html"]
from mancala_diagrams.sphinx.tables import Code, Link, docutils_table, make_table, mancala_table, visit_table_html
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


class Shape(HTMLParser):
    """What a table shows: its elements with their classes and links, and its text."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.items = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.items.append((tag, tuple(sorted((attrs.pop("class", "") or "").split())), tuple(sorted(attrs.items()))))

    def handle_endtag(self, tag):
        self.items.append(("/" + tag,))

    def handle_data(self, data):
        data = re.sub(r"[ \t\n]+", " ", data)      # (not a no-break space: that one shows)
        if self.items and self.items[-1][0] == "text":
            self.items[-1] = ("text", self.items[-1][1] + data)
        else:
            self.items.append(("text", data))


def shape(markup: str) -> list:
    parser = Shape()
    parser.feed(markup)
    parser.close()
    return parser.items


def cells(markup: str) -> list[list[str]]:
    rows = []
    current = None
    for item in shape(markup):
        if item[0] == "tr":
            current = []
            rows.append(current)
        elif item[0] in ("td", "th"):
            current.append("")
        elif item[0] == "text" and current:
            current[-1] += item[1]
    return [[c.strip(" ") for c in row] for row in rows]


def test_our_html_table_is_the_one_sphinx_writes_for_the_docutils_table(make_app, tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(CONF, encoding="utf-8")
    (src / "index.rst").write_text("Tables\n======\n\nText.\n", encoding="utf-8")
    app = make_app("html", srcdir=src, builddir=tmp_path / "out")
    app.build()
    page = (app.outdir / "index.html").read_text(encoding="utf-8")
    ours, theirs = re.findall(r"<table.*?</table>", page, re.S)
    assert shape(ours) == shape(theirs)
    assert ours.startswith('<table tabindex="0" class="mancala-verification docutils align-default">'), ours[:80]
    # and it shows the cells of the data, links where the data has links
    assert cells(ours)[0] == HEADERS
    assert cells(ours)[3][:2] == ["<script>alert('x')</script>", 'a "quoted" & <b>bold</b>']
    assert cells(ours)[2][0] == "katro-opening turn\xa0 2 end"     # code keeps its two spaces (as Sphinx does)
    hrefs = [a[2] for a in shape(ours) if a[0] == "a"]
    assert hrefs == [(("href", "games/katro.html#katro-01"),), (("href", "https://example.org/katro.html?a=1&b=2"),),
                     (("href", "#source-katro"),), (("href", 'https://example.org/?q="<x>"'),)]


def test_a_cells_text_is_escaped():
    markup = html_rows(HEADERS, ROWS)
    assert "<script>" not in markup and "<b>" not in markup and "<1>" not in markup and '"<x>"' not in markup
    assert ("script",) not in [i[:1] for i in shape(markup)]
    assert cells(markup)[3] == ["<script>alert('x')</script>", 'a "quoted" & <b>bold</b>', "not drawn", "d'<1>"]
    assert cells(markup)[0][1] == "Status <&>"


def text_tables(text: str) -> list[list[list[str]]]:
    """The cells of the text builder's grid tables, whitespace left out (its
    columns are one character wide, as they always were: a cell's text runs
    down its column)."""
    tables, rows, block = [], None, []
    for line in text.splitlines() + [""]:
        if line.startswith("|") and not line.startswith("|==="):
            block.append([piece.strip() for piece in line.strip("|").split("|")])
            continue
        if block:
            rows.append(["".join(col) for col in zip(*block)])
            block = []
        if line.startswith("+") and rows is None:
            rows = []
        elif not line.startswith(("+", "|")) and rows is not None:
            tables.append(rows)
            rows = None
    return tables


@pytest.mark.parametrize("builder", ["text", "gettext"])
def test_other_builders_get_the_docutils_table(make_app, tmp_path, builder):
    """A text build shows the verification page's tables as text tables (the
    same cells as the HTML build's); a gettext build (``make i18n``) still runs."""
    import shutil
    src = tmp_path / "src"
    shutil.copytree(ROOTS / "test-mancala", src)
    overrides = {"mancala_image_cache": str(tmp_path / "images")}
    app = make_app(builder, srcdir=src, builddir=tmp_path / f"out-{builder}", confoverrides=overrides)
    app.build()
    if builder == "gettext":
        assert (app.outdir / "verification.pot").is_file()
        return
    html_app = make_app("html", srcdir=src, builddir=tmp_path / "out-html", confoverrides=overrides)
    html_app.build()
    page = (html_app.outdir / "verification.html").read_text(encoding="utf-8")
    tables = re.findall(r'<table class="mancala-verification.*?</table>', page, re.S)
    assert len(tables) >= 2
    text = (app.outdir / "verification.txt").read_text(encoding="utf-8")
    squeezed = [[["".join(cell.split()) for cell in row] for row in cells(table)] for table in tables]
    unquoted = [[[cell.replace('"', "") for cell in row] for row in table] for table in text_tables(text)]
    assert unquoted == squeezed       # (the text builder puts code between quotes)
    assert any("checked" in row for table in squeezed for row in table)     # a line of code pieces is there
