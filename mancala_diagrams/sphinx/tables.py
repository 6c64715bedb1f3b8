"""The tables of the verification page: cells as plain data, made into
standard docutils tables.

A cell is a text (``str``), a :class:`Link` or a :class:`Code`.  An
accelerator (:mod:`.fasthtml`) writes the same cells as the HTML Sphinx
writes for :func:`docutils_table`'s table.
"""
from __future__ import annotations

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


def docutils_table(headers, rows, classes=(), row_ids=None) -> nodes.table:
    """The docutils table of these cells (one paragraph per entry, written in
    the build's language already: not a catalog message); *row_ids* the HTML
    id of each row (None for none)."""
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
    for i, cells in enumerate(rows):
        row = nodes.row()
        if row_ids and row_ids[i]:
            row["ids"].append(row_ids[i])
        for c in cells:
            row += nodes.entry("", _docutils_paragraph(c))
        body += row
    return table


def _docutils_paragraph(cell) -> nodes.paragraph:
    para = nodes.paragraph("", "", _docutils_cell(cell))
    para["translatable"] = False
    return para
