"""The tables of the verification page, as plain data.

A table is one :class:`mancala_table` node carrying its header and rows, a
cell being a text (``str``), a :class:`Link` or a :class:`Code`.  An HTML
build writes the ``<table>`` itself (:func:`visit_table_html`, as sphinx.ext.graphviz
writes its own output); every other builder (gettext, text, LaTeX ...) gets the
docutils table that :func:`docutils_table` makes of the same data.  The
verification page's tables have about a thousand lines per language: as
docutils nodes (table, row, entry, paragraph, reference ... , some 28,000 of
them) they cost more to build, to translate to HTML and to collect as garbage
than all the other pages' text.

Both functions write what Sphinx's HTML writer writes for the docutils table:
the same elements and classes (``table.docutils``, ``row-odd``/``row-even``,
``th.head``, ``a.reference internal``/``external``, ``code.literal`` with its
``span.pre`` words), so the site's CSS and page tests see the same page.
"""
from __future__ import annotations

import html
import re
from typing import NamedTuple

from docutils import nodes


class Link(NamedTuple):
    """A cell that links: its text and URI (``internal``: a page of the site)."""
    text: str
    uri: str
    internal: bool = False


class Code(NamedTuple):
    """A cell of code pieces (the YAML's own words), shown one after the other, a space between."""
    pieces: tuple


def cell_text(cell) -> str:
    if isinstance(cell, Link):
        return cell.text
    if isinstance(cell, Code):
        return " ".join(cell.pieces)
    return str(cell)


class mancala_table(nodes.General, nodes.Element):
    """A table as data: ``headers`` (texts), ``rows`` (lists of cells).  Its one
    child is the cells' text, for what reads the text of a page (the search
    index); an HTML build writes the table from the data and skips it."""


def make_table(headers, rows, classes=()) -> mancala_table:
    rows = [list(r) for r in rows]
    text = " ".join(cell_text(c) for c in [*headers, *(c for r in rows for c in r)])
    return mancala_table("", nodes.Text(text), headers=list(headers), rows=rows, classes=list(classes))


# -- every builder but HTML: the docutils table ------------------------------------------------

def _docutils_cell(cell) -> nodes.Node:
    if isinstance(cell, Link):
        ref = nodes.reference("", "", internal=cell.internal, refuri=cell.uri) if cell.internal \
            else nodes.reference("", "", refuri=cell.uri)
        ref += nodes.Text(cell.text)
        return ref
    if isinstance(cell, Code):
        label = nodes.inline()
        for i, piece in enumerate(cell.pieces):
            if i:
                label += nodes.Text(" ")
            label += nodes.literal(text=piece)
        return label
    return nodes.Text(str(cell))


def docutils_table(headers, rows, classes=()) -> nodes.table:
    """The docutils table of these cells (one paragraph per entry, written in
    the build's language already: not a catalog message)."""
    table = nodes.table(classes=list(classes))
    group = nodes.tgroup(cols=len(headers))
    table += group
    for _ in headers:
        group += nodes.colspec(colwidth=1)
    head = nodes.thead()
    group += head
    hrow = nodes.row()
    for h in headers:
        hrow += nodes.entry("", _docutils_paragraph(h))
    head += hrow
    body = nodes.tbody()
    group += body
    for cells in rows:
        row = nodes.row()
        for c in cells:
            row += nodes.entry("", _docutils_paragraph(c))
        body += row
    return table


def _docutils_paragraph(cell) -> nodes.paragraph:
    para = nodes.paragraph("", "", _docutils_cell(cell))
    para["translatable"] = False
    return para


def to_docutils(node: mancala_table) -> nodes.table:
    return docutils_table(node["headers"], node["rows"], node["classes"])


# -- HTML ------------------------------------------------------------------------------------

_WORDS_AND_SPACES = re.compile(r"[^ \n]+| +|\n")     # as docutils' HTML writer splits a literal


def _code_html(piece: str) -> str:
    out = []
    for token in _WORDS_AND_SPACES.findall(piece):
        if token.strip():
            out.append(f'<span class="pre">{html.escape(token, quote=False)}</span>')
        elif token in (" ", "\n"):
            out.append(token)
        else:
            out.append("&#160;" * (len(token) - 1) + " ")
    return '<code class="docutils literal notranslate">' + "".join(out) + "</code>"


def _cell_html(cell) -> str:
    if isinstance(cell, Link):
        kind = "internal" if cell.internal else "external"
        return (f'<a class="reference {kind}" href="{html.escape(cell.uri or "#")}">'
                f"{html.escape(cell.text, quote=False)}</a>")
    if isinstance(cell, Code):
        return "<span>" + " ".join(_code_html(p) for p in cell.pieces) + "</span>"
    return html.escape(str(cell), quote=False)


def html_rows(headers, rows) -> str:
    """What Sphinx's HTML writer writes inside the ``<table>`` of :func:`docutils_table`'s table."""
    out = ['<thead>\n<tr class="row-odd">']
    out.extend(f'<th class="head"><p>{_cell_html(h)}</p></th>\n' for h in headers)
    out.append("</tr>\n</thead>\n<tbody>\n")
    for i, cells in enumerate(rows):
        out.append(f'<tr class="{"row-even" if i % 2 == 0 else "row-odd"}">')
        out.extend(f"<td><p>{_cell_html(c)}</p></td>\n" for c in cells)
        out.append("</tr>\n")
    out.append("</tbody>\n")
    return "".join(out)


def visit_table_html(self, node):
    """The table's rows written at once, inside the ``<table>`` tag the
    translator writes for a docutils table of these classes (with whatever a
    site's translator adds to it: docs/_ext/accessible_html.py's ``tabindex``)."""
    table = nodes.table(classes=list(node["classes"]))
    self.visit_table(table)
    self.body.append(html_rows(node["headers"], node["rows"]))
    self.depart_table(table)
    raise nodes.SkipNode
