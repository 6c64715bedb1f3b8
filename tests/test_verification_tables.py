"""The verification page's tables (mancala_diagrams/sphinx/tables.py): one
list of cells made into a docutils table, which every builder writes: a text
build shows the same cells as the HTML build.  (The HTML accelerator's own
tables are held to these in tests/fast/.)"""
from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from mancala_diagrams.sphinx.tables import Code, Link

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
