"""The nodes the extension makes of the view's figures: standard docutils
figures, images and captions, which every builder writes as it writes its own.

:func:`figure_node` is the one place that says what a figure is made of: its
pictures (side by side if more than one), then its caption
(:func:`caption_node`: the status badge, the words, the published diagram's
credit, a short citation).  Its node is a :class:`board_figure`, a docutils
figure that an HTML build writes with the data the in-page scripts read
(``data-rules``, ``data-position``, ``data-status``); every other builder
writes it as the figure it is.  The worked example's figures are wrapped in a
:class:`mancala_steps` container, the step-through viewer's.

An accelerator (:mod:`.fasthtml`) may answer the event ``mancala-figure``
with a node of its own for a figure whose caption the extension wrote; without
one, the figure is this module's.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import NamedTuple

from docutils import nodes

from ..drawing import images
from .state import image_dir

#: The classes of a board picture.
BOARD = ("mancala-board", "no-scaled-link")


def picture_attributes(env, picture, classes=BOARD) -> dict:
    """The image attributes of a view's *picture*, its file drawn into the
    image folder if new: its address from the page being read, its alt text,
    and its width and height in CSS pixels (the page keeps the picture's room
    before it loads; the CSS lets it shrink to the screen keeping its ratio;
    the PNG has twice as many pixels)."""
    p = picture
    path = images.image_file(image_dir(env), p.position, p.highlights, p.marks, p.numbers, p.options, p.labels)
    w, h = images.image_size(p.position, p.options, p.labels)
    docdir = Path(env.doc2path(env.docname)).parent
    return {"classes": list(classes), "uri": Path(os.path.relpath(path, docdir)).as_posix(), "alt": p.alt,
            "width": str(w), "height": str(h), "mancala_file": str(path)}


def figure_data(figure) -> dict:
    """What the in-page scripts read of a view's figure: the rules and the
    position a player starts from, and the verifier's status."""
    values = {"data-rules": figure.rules, "data-position": figure.position, "data-status": figure.status}
    return {k: v for k, v in values.items() if v is not None}


class board_figure(nodes.figure):
    """A figure of :func:`figure_node`: in HTML, with its ``data`` attributes."""


def visit_board_figure_html(self, node):
    """Sphinx's own figure, its start tag given the node's data attributes."""
    starttag = self.starttag
    data = node.get("data") or {}
    self.starttag = lambda n, tagname, *args, **atts: starttag(n, tagname, *args, **atts, **data)
    try:
        self.visit_figure(node)
    finally:
        del self.starttag


def depart_board_figure_html(self, node):
    self.depart_figure(node)


def figure_node(pictures, caption, ids=(), classes=("mancala-figure",), credit=None, data=None,
                authored=False, source=None, line=None, badge=None, cite=None) -> board_figure:
    """A figure of ours: its *pictures* (their :func:`picture_attributes`,
    each with the *label* above it if it has one, side by side if more than
    one), then its caption (:func:`caption_node`).
    A caption the extension wrote is in the build's language already, so it
    is not a catalog message; an *authored* one (the page's own words) is
    translated as any prose."""
    fig = board_figure(classes=list(classes), data=dict(data or {}))
    fig.source, fig.line = source, line
    fig["ids"].extend(ids)
    drawn = []
    for attributes in pictures:
        attributes = dict(attributes)
        label = attributes.pop("label", None)
        img = nodes.image(**attributes)
        img.source, img.line = source, line
        if label:       # a labelled board: the label above it
            box = nodes.container(classes=["mancala-board-side"])
            text = nodes.paragraph(label, label, classes=["mancala-board-label"])
            text["translatable"] = False
            box += text
            box += img
            img = box
        drawn.append(img)
    if len(drawn) > 1:
        row = nodes.container(classes=["mancala-side-by-side"])
        row.extend(drawn)
        fig += row
    else:
        fig.extend(drawn)
    if caption:
        fig += caption_node(caption, credit, badge, cite, authored, source, line)
    return fig


def caption_node(caption, credit=None, badge=None, cite=None, authored=False, source=None, line=None):
    """The caption of a figure of ours, the one place that says what it holds:
    the figure's status *badge* (:class:`Badge`, a link to the figure's line
    on the verification page or to its erratum, filled in when the page is
    resolved), the *caption*'s words, the published diagram's *credit* (its
    links, each (text, address): the source page, then the archived version
    transcribed when the page as its readers see it is the first), and a short
    citation of the figure (*cite*: its words, then its id linking to the
    figure itself)."""
    cap = nodes.caption("", "")
    cap.source, cap.line = source, line
    if not authored:
        cap["translatable"] = False
    if badge:
        cap += badge_node(badge)
        cap += nodes.Text(" ")
    cap += nodes.Text(caption)
    if credit:
        cap += nodes.Text(" ")
        span = nodes.inline(classes=["mancala-credit"])
        for i, (text, url) in enumerate(credit):
            if i:
                span += nodes.Text(" ")
            span += nodes.reference(text, text, refuri=url)
        cap += span
    if cite:
        words, anchor, text = cite
        cap += nodes.Text(" ")
        span = nodes.inline(classes=["mancala-cite"])
        span += nodes.Text(words + " ")
        span += nodes.reference(text, text, refuri="#" + anchor, internal=True)
        cap += span
    return cap


class Badge(NamedTuple):
    """A figure's status badge: the *status*, its *word* in the build's
    language, the *page* it links to (``verification`` or ``errata``, a kind
    of :func:`.pages.note_generated`) and the *anchor* there."""
    status: str
    word: str
    page: str
    anchor: str


class Cite(NamedTuple):
    """A figure's short citation: its *words* (the source diagram, this site,
    its version), then the figure's *text* (its id) linking to its *anchor*."""
    words: str
    anchor: str
    text: str


def badge_node(badge: Badge):
    """A status badge, its address given when the page is resolved
    (:func:`.pages.link_badges`)."""
    return nodes.reference(badge.word, badge.word, refuri="", internal=True,
                           classes=["mancala-badge", f"mancala-badge-{badge.status}"],
                           mancala_badge=(badge.page, badge.anchor))


def make_figure(env, pictures, caption, ids=(), classes=("mancala-figure",), credit=None, data=None,
                source=None, line=None, badge=None, cite=None):
    """The node of a figure whose caption the extension wrote: an
    accelerator's (event ``mancala-figure``), else :func:`figure_node`'s."""
    node = env.events.emit_firstresult("mancala-figure", env, list(pictures), caption, list(ids), list(classes),
                                       credit, dict(data or {}), badge, cite)
    if node is None:
        return figure_node(pictures, caption, ids, classes, credit, data, source=source, line=line, badge=badge,
                           cite=cite)
    node.source, node.line = source, line
    return node


class mancala_steps(nodes.container):
    """The figures of one worked example, in order: the step-through viewer's
    markup in HTML (a plain container for every other builder).  In HTML a
    ``div.mancala-steps`` carries the viewer's labels in the build's language
    (``data-label-*``); ``static/mancala-viewer.js`` turns it into a player
    (previous, next, arrow keys, step counter, play), and without JavaScript
    every figure stays visible.  Every image of one example has the same size
    (:func:`mancala_diagrams.view.steps.example_options`), so that the player
    does not jump."""


def visit_steps_html(self, node):
    attrs = {f"data-label-{k}": v for k, v in node["labels"].items()}
    attrs["data-title"] = node["title"]
    self.body.append(self.starttag(node, "div", **attrs))


def depart_steps_html(self, node):
    self.body.append("</div>\n")


class mancala_placeholder(nodes.General, nodes.Element):
    """The verification or errata page's list: replaced when the page is
    resolved, once every page has been read."""


#: Node classes that hold board pictures as data (an accelerator's): class ->
#: its pictures' attribute mappings, in order (see :func:`lazy_images`).
PICTURE_HOLDERS: dict = {}


def lazy_images(doctree) -> None:
    """The board pictures of a page load when they come near the screen
    (``loading="lazy"``), except the first, which may be in view at once."""
    ours = []
    holders = tuple(PICTURE_HOLDERS)
    for node in doctree.findall(lambda n: isinstance(n, (nodes.image, *holders))):
        for img in PICTURE_HOLDERS[type(node)](node) if isinstance(node, holders) else (node,):
            if "mancala-board" in img["classes"] or "mancala-legend-sample" in img["classes"]:
                ours.append(img)
    for img in ours[1:]:
        img["loading"] = "lazy"
