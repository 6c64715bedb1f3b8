"""An accelerator of the HTML build: the same pages, written with fewer nodes.

Turned on by adding ``"mancala_diagrams.sphinx.fasthtml"`` to a project's
``extensions`` (the site's ``docs/conf.py`` does).  Without it the extension
makes standard docutils figures, images and tables (:mod:`.nodes`,
:mod:`.tables`), which Sphinx writes itself: that is the reference, and
``tests/fast/`` builds pages both ways and requires the same output.

A page of worked examples holds hundreds of figures, and the verification
page about a thousand table lines per language: as docutils nodes (figure,
images, caption, credit; table, rows, entries, paragraphs, references ...)
they cost more to make, transform, pickle and write than the rest of the
pages.  In an HTML build this module keeps them as data instead:

- a figure whose caption the extension wrote is a :class:`mancala_figure`
  (its pictures' attributes, caption, credit, badge, citation and data
  attributes) while the page is read, transformed and stored; when the page
  is resolved it gets its caption node (:func:`.nodes.caption_node`), with the
  typographic quotes Sphinx's SmartQuotes transform would have given it
  (:class:`_CaptionQuotes`: that transform ran before the figure was
  resolved), and :func:`visit_figure_html` writes the HTML Sphinx writes for
  the figure :func:`.nodes.figure_node` makes;
- a board picture is a :class:`mancala_image`, whose file :func:`image_tag`
  links into the output's ``_images`` itself (as sphinx.ext.graphviz does
  with its own files), instead of Sphinx's handling of an image (resolving its
  path at read time, noting it as a dependency, looking for a translated
  image, copying it at the end);
- a verification table is a :class:`mancala_table` (headers and rows of
  cells), written by :func:`visit_table_html`.

Every other builder gets the standard nodes: a page an HTML build read, its
doctrees reused by another builder, has its figures made when it is resolved.
"""
from __future__ import annotations

import os
import posixpath
import re
from pathlib import Path

from docutils import nodes
from docutils.utils import normalize_language_tag, smartquotes
from docutils.utils.smartquotes import smartchars
from sphinx.locale import _ as sphinx_words
from sphinx.transforms import SphinxSmartQuotes

from .. import __version__
from . import nodes as our_nodes
from .tables import Code, Link, docutils_table


def _html(app) -> bool:
    return getattr(app.builder, "format", None) == "html"


# -- figures ----------------------------------------------------------------------------------

class mancala_figure(nodes.General, nodes.Element):
    """A figure of :func:`.nodes.figure_node` kept as data (its pictures'
    attributes, caption, credit, status badge, citation, data attributes)
    while the page is read, transformed and stored.  Its children, given when
    the page is resolved (:func:`quote_figures`), are its boards' labels and
    its caption."""


def light_figure(app, env, pictures, caption, ids, classes, credit, data, badge=None, cite=None):
    """``mancala-figure``: in an HTML build, a captioned figure with an id as
    data (Sphinx gives a captioned figure without an id one of its own, for its
    permalink)."""
    if not _html(app) or not ids or not caption:
        return None
    return mancala_figure(classes=classes, ids=ids, images=pictures, caption=caption, credit=credit, data=data,
                          badge=badge, cite=cite)


def expand_figures(doctree) -> None:
    """Each :class:`mancala_figure` of *doctree* becomes the figure it stands
    for (a page an HTML build read, written by another builder), its caption
    given the typographic quotes of the rest of the page."""
    figures = list(doctree.findall(mancala_figure))
    if not figures:
        return
    quotes = _CaptionQuotes(doctree)
    for node in figures:
        fig = our_nodes.figure_node(node["images"], node["caption"], node["ids"], node["classes"],
                                    credit=node["credit"], data=node["data"], source=node.source, line=node.line,
                                    badge=node.get("badge"), cite=node.get("cite"))
        for caption in fig.findall(nodes.caption):
            quotes.educate(caption)
        node.replace_self(fig)


def quote_figures(doctree) -> None:
    """Each :class:`mancala_figure` of *doctree* (an HTML build's, once the
    page is resolved) gets its boards' labels and its caption as its
    children: the caption :func:`.nodes.caption_node` makes (what the search
    index reads, and what :func:`visit_figure_html` writes), with the quotes
    :func:`expand_figures` would give it."""
    figures = list(doctree.findall(mancala_figure))
    if not figures:
        return
    quotes = _CaptionQuotes(doctree)
    for node in figures:
        caption = our_nodes.caption_node(node["caption"], node["credit"], node.get("badge"), node.get("cite"),
                                         source=node.source, line=node.line)
        if quotes.available and (quotes.smartquotes_action == "-1"
                                 or any(_QUOTABLE.search(t) for t in caption.findall(nodes.Text))):
            quotes.educate(caption)
        node.children = []
        for attributes in node["images"]:       # the boards' labels, for the search index
            if attributes.get("label"):
                node += nodes.paragraph(attributes["label"], attributes["label"])
        node += caption


#: What SmartQuotes may change in a text (docutils.utils.smartquotes.educate_tokens:
#: backslash escapes, dashes, ellipses, backticks, quotes, ``&quot;``); a text
#: without any of these it leaves as it is, but in its "-1" mode (typographic
#: signs made plain again).
_QUOTABLE = re.compile(r"""[\\`'"]|--|\.\.\.|&quot;""")


def visit_figure_html(self, node):
    """The HTML Sphinx writes for the figure :func:`.nodes.figure_node` makes
    of *node*, written at once with the translator's own tags, escaping and
    permalink.  Sphinx writes a figure ``align-default``, its caption's
    contents in a ``caption-text`` span followed by the permalink, in a
    ``<p>`` of the ``<figcaption>``; the caption's contents are the nodes
    :func:`quote_figures` gave it, written by the translator."""
    body = self.body
    body.append(self.starttag(node, "figure", CLASS="align-default", **node["data"]))
    images = node["images"]
    if len(images) > 1:
        body.append(self.starttag({"classes": ["mancala-side-by-side"]}, "div", CLASS="docutils container"))
    for attributes in images:
        if attributes.get("label"):     # as figure_node's labelled board
            body.append(self.starttag({"classes": ["mancala-board-side"]}, "div", CLASS="docutils container")
                        + self.starttag({"classes": ["mancala-board-label"]}, "p", "")
                        + self.encode(attributes["label"]) + "</p>\n" + image_tag(self, attributes, "\n") + "</div>\n")
        else:
            body.append(image_tag(self, attributes, "\n"))
    if len(images) > 1:
        body.append("</div>\n")
    caption = next((child for child in node.children if isinstance(child, nodes.caption)), None)
    if caption is not None:
        body.append(self.starttag({}, "figcaption") + '<p><span class="caption-text">')
        for child in caption.children:
            child.walkabout(self)
        body.append("</span>")
        self.add_permalink_ref(node, sphinx_words("Link to this image"))     # as Sphinx words it
        body.append("</p>\n</figcaption>\n")
    body.append("</figure>\n")
    raise nodes.SkipNode


class _CaptionQuotes(SphinxSmartQuotes):
    """Sphinx's SmartQuotes transform (the same settings, language and
    exclusions), applied to one caption: ``North's`` becomes ``North’s``."""

    def __init__(self, document):
        super().__init__(document, None)
        self.available = self.is_available() and self.document.settings.smart_quotes
        if self.available:
            self.smartquotes_action = self.config.smartquotes_action
            lang = self.document.settings.language_code
            if str(self.document.settings.smart_quotes).startswith("alt"):
                lang = lang.replace("-x-altquot", "") if "-x-altquot" in lang else lang + "-x-altquot"
            self.lang = next((tag for tag in normalize_language_tag(lang) if tag in smartchars.quotes), "")

    def educate(self, caption) -> None:
        if not self.available:
            return
        texts = list(caption.findall(nodes.Text))
        taught = smartquotes.educate_tokens(self.get_tokens(texts), attr=self.smartquotes_action,
                                            language=self.lang)
        for text, new in zip(texts, taught):
            text.parent.replace(text, nodes.Text(new))


# -- pictures ---------------------------------------------------------------------------------

class mancala_image(nodes.General, nodes.Element):
    """A board picture in an HTML build: ``<img>`` written by
    :func:`visit_image_html`, which also puts the file of the image folder into
    the output's ``_images``.  Our files are named by a hash of their content,
    never translated, and the pages record what they were made from already."""


def html_images(app, doctree):
    """``doctree-read``, before Sphinx's image collector: in an HTML build, our
    image nodes become :class:`mancala_image`."""
    if not _html(app):
        return
    for img in list(doctree.findall(nodes.image)):
        if img.get("mancala_file"):
            new = mancala_image(**img.attributes)
            new.source, new.line = img.source, img.line
            img.replace_self(new)


def visit_image_html(self, node):
    self.body.append(image_tag(self, node, "" if isinstance(node.parent, nodes.TextElement) else "\n"))


def depart_image_html(self, node):
    pass


def image_tag(self, picture, suffix: str) -> str:
    """The ``<img>`` Sphinx would write for the standard image node of
    *picture* (a :class:`mancala_image` or its attributes), its file put into
    the output's ``_images`` once a build: a hard link to the image folder's
    file (whose files are never changed once written), or a copy where a link
    cannot be made; a file already there (an earlier build's) is this one,
    being named by its content."""
    src = picture["mancala_file"]
    name = os.path.basename(src)
    placed = self.builder.__dict__.setdefault("mancala_placed", set())    # the names, this build
    if name not in placed:
        folder = os.path.join(self.builder.outdir, self.builder.imagedir)
        if not placed:      # the build's first picture
            os.makedirs(folder, exist_ok=True)
        target = os.path.join(folder, name)
        try:
            os.link(src, target)    # a twentieth of the cost of a copy
        except FileExistsError:
            pass
        except OSError:
            if not os.path.exists(target):
                from ..atomic import write_atomically
                write_atomically(target, Path(src).read_bytes())     # whole, even with parallel writers
        placed.add(name)
    atts = {"src": posixpath.join(self.builder.imgpath, name), "alt": picture["alt"],
            "width": picture["width"], "height": picture["height"]}
    if picture.get("loading"):
        atts["loading"] = picture["loading"]
    return self.emptytag(picture, "img", suffix, **atts)


# -- tables -----------------------------------------------------------------------------------

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


def make_table(headers, rows, classes=(), row_ids=None) -> mancala_table:
    rows = [list(r) for r in rows]
    text = " ".join(cell_text(c) for c in [*headers, *(c for r in rows for c in r)])
    return mancala_table("", nodes.Text(text), headers=list(headers), rows=rows, classes=list(classes),
                         row_ids=list(row_ids or ()))


def light_table(app, headers, rows, classes, row_ids=None):
    """``mancala-table``: in an HTML build, the table as data."""
    return make_table(headers, rows, classes, row_ids) if _html(app) else None


_WORDS_AND_SPACES = re.compile(r"[^ \n]+| +|\n")     # as Sphinx's HTML writer splits a literal


def _code_html(self, piece: str) -> str:
    out = []
    for token in _WORDS_AND_SPACES.findall(self.encode(piece)):
        if token.strip():
            out.append(f'<span class="pre">{token}</span>')
        elif token in (" ", "\n"):
            out.append(token)
        else:
            out.append("&#160;" * (len(token) - 1) + " ")
    return '<code class="docutils literal notranslate">' + "".join(out) + "</code>"


def _cell_html(self, cell) -> str:
    if isinstance(cell, Link):
        kind = "internal" if cell.internal else "external"
        return f'<a class="reference {kind}" href="{self.attval(cell.uri)}">{self.encode(cell.text)}</a>'
    if isinstance(cell, Code):
        return "<span>" + " ".join(_code_html(self, p) for p in cell.pieces) + "</span>"
    return self.encode(str(cell))


def html_rows(self, headers, rows, row_ids=()) -> str:
    """What the HTML translator *self* writes inside the ``<table>`` of
    :func:`.tables.docutils_table`'s table, with its own escaping."""
    out = ['<thead>\n<tr class="row-odd">']
    out.extend(f'<th class="head"><p>{_cell_html(self, h)}</p></th>\n' for h in headers)
    out.append("</tr>\n</thead>\n<tbody>\n")
    for i, cells in enumerate(rows):
        row_id = row_ids[i] if i < len(row_ids) else None
        out.append(self.starttag({"ids": [row_id] if row_id else [],
                                  "classes": ["row-even" if i % 2 == 0 else "row-odd"]}, "tr", ""))
        out.extend(f"<td><p>{_cell_html(self, c)}</p></td>\n" for c in cells)
        out.append("</tr>\n")
    out.append("</tbody>\n")
    return "".join(out)


def visit_table_html(self, node):
    """The table's rows written at once, inside the ``<table>`` tag the
    translator writes for a docutils table of these classes (with whatever a
    site's translator adds to it: docs/_ext/accessible_html.py's ``tabindex``)."""
    table = nodes.table(classes=list(node["classes"]))
    self.visit_table(table)
    self.body.append(html_rows(self, node["headers"], node["rows"], node.get("row_ids") or ()))
    self.depart_table(table)
    raise nodes.SkipNode


# -- the build --------------------------------------------------------------------------------

def resolved(app, doctree, fromdoc):
    """``doctree-resolved``: an HTML build's figures get their quotes and their
    words; another builder's figures, pictures and tables are made (a page an
    HTML build read, its doctrees reused)."""
    if _html(app):
        quote_figures(doctree)
        return
    expand_figures(doctree)
    for img in list(doctree.findall(mancala_image)):
        standard = nodes.image(**img.attributes)
        standard.source, standard.line = img.source, img.line
        img.replace_self(standard)
    for table in list(doctree.findall(mancala_table)):
        table.replace_self(docutils_table(table["headers"], table["rows"], table["classes"],
                                          table.get("row_ids")))


def setup(app):
    app.setup_extension("mancala_diagrams.sphinx")
    app.add_node(mancala_figure, html=(visit_figure_html, None))
    app.add_node(mancala_image, html=(visit_image_html, depart_image_html))
    app.add_node(mancala_table, html=(visit_table_html, None))
    our_nodes.PICTURE_HOLDERS.update({mancala_figure: lambda node: node["images"], mancala_image: lambda node: [node]})
    app.connect("mancala-figure", light_figure)
    app.connect("mancala-table", light_table)
    app.connect("doctree-read", html_images, priority=400)    # before the image collector (500)
    app.connect("doctree-resolved", resolved, priority=400)   # before the pictures' loading is set (500)
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}
