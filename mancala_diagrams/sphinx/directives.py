"""The ``mancala-*`` directives: each parses its options, asks the view
(:mod:`mancala_diagrams.view`) for its figures or rows, and returns their nodes
(:mod:`.nodes`).  Usable from reST and from MyST's ``{directive}`` fences:

``mancala-example PATH``
    A worked example (YAML), replayed by the engine: a figure per published
    step, with a caption written from the engine's trace.  An erratum is drawn
    as the published diagram and the replayed one side by side.
``mancala-position [TEXT]``
    One position, from a position text (``2,0/1,3 south``) or a board block in
    the content (rows top first, ``.`` for an empty hole).
``mancala-track``
    A numbered sowing order.
``mancala-legend``
    What the highlight rings and frames mean.
``mancala-verification`` / ``mancala-errata``
    The verifier's table of every published diagram, and the list of declared
    errata, with links to where each diagram is drawn (:mod:`.pages`).

A bad example or option gives a warning naming the YAML file and line, never
an exception.
"""
from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.config import Config
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from ..drawing import render
from ..engine.geometry import SOUTH
from ..engine.position import Position
from ..errors import MancalaError
from .. import __version__
from ..view.figures import errata_anchor, legend, position_figure, track_figure
from . import credits
from .nodes import (Badge, Cite, figure_data, figure_node, make_figure, mancala_placeholder, mancala_steps,
                    picture_attributes)
from .pages import Drawn, note_drawn, note_generated, note_page, row_anchor
from .state import build_of, lang_of, note_inputs, project_file
from .words import VIEWER_LABELS, figure_status, say

logger = logging.getLogger(__name__)


class MancalaDirective(SphinxDirective):
    """Shared helpers: figures, warnings, the files a directive names."""

    def figure(self, figure, classes=("mancala-figure",), credit=None, badge=None, cite=None):
        """The node of a view's *figure* (:func:`.nodes.make_figure`)."""
        source, line = self.get_source_info()
        lang = lang_of(self.env)
        pictures = [picture_attributes(self.env, p) for p in figure.pictures]
        for p, attributes in zip(figure.pictures, pictures):
            if p.side:      # an erratum's two boards, each labelled
                attributes["label"] = say("side_" + p.side, lang)
        ids = [figure.anchor] if figure.anchor else []
        if figure.authored:      # the page's own words: a catalog message, never an accelerator's
            return figure_node(pictures, figure.caption, ids, classes, data=figure_data(figure), authored=True,
                               source=source, line=line)
        return make_figure(self.env, pictures, figure.caption, ids, classes, credit, figure_data(figure),
                           source=source, line=line, badge=badge, cite=cite)

    def badge(self, figure, lang, to_erratum=True):
        """The status badge of a worked example's *figure*: linking to its
        line on the verification page, or to its erratum (*to_erratum*) for a
        declared one."""
        shown = figure_status(figure, lang)
        if shown is None or figure.id is None:
            return None
        entry = errata_anchor(figure.status, figure.id)
        if to_erratum and figure.erratum is not None and entry:
            return Badge(*shown, "errata", entry)
        return Badge(*shown, "verification", row_anchor(figure.id))

    def cite(self, figure, entries, lang):
        """The short citation of a worked example's *figure*."""
        if figure.id is None or figure.anchor is None:
            return None
        # the site's name, unless the project has none (Sphinx's default then is English words)
        site = "" if self.config.project == Config.config_values["project"].default else self.config.project
        words = credits.cite_words(entries or {}, figure.credit, lang, site, __version__)
        return Cite(words, figure.anchor, figure.id)

    def warn(self, message, line=None):
        """A Sphinx warning at the directive (the YAML file and line are in *message*)."""
        logger.warning(message, location=(self.env.docname, line or self.lineno),
                       type="mancala", subtype="example")
        return []

    def describe_error(self, exc: Exception, yaml_path=None) -> str:
        if isinstance(exc, MancalaError):
            if yaml_path and exc.file is None:
                exc.located(file=str(yaml_path))
            if exc.file:
                exc.file = self.shown_path(exc.file)
                exc.args = (str(exc),)
            return str(exc)
        where = f"{self.shown_path(yaml_path)}: " if yaml_path else ""
        return f"{where}internal error ({type(exc).__name__}: {exc})"

    def shown_path(self, path) -> str:
        """A path as the reader of the warning knows it: relative to the project."""
        try:
            root = Path(self.env.srcdir).parent
            return Path(os.path.relpath(os.path.realpath(path), root)).as_posix()     # a link that loops too
        except (ValueError, OSError):
            return str(path)

    def project_file(self, argument) -> str:
        return project_file(self.env, argument)


#: The HTML id of a page's (first) legend, where its viewers link.
LEGEND_ID = "mancala-legend"

HIGHLIGHT_OPTIONS = {role: directives.unchanged for role in render.ROLES}


class PositionDirective(MancalaDirective):
    """``mancala-position``: one position, from a text or a board block."""
    optional_arguments = 1
    final_argument_whitespace = True
    has_content = True
    option_spec = {
        "to-move": directives.unchanged,
        "solo": directives.flag,
        "caption": directives.unchanged,
        "alt": directives.unchanged,
        "marks": directives.unchanged,
        "name": directives.unchanged,
        "labels": lambda arg: directives.choice(arg, ("letters", "chess")),
        **HIGHLIGHT_OPTIONS,
    }

    def parse_block(self) -> Position:
        rows = []
        for i, line in enumerate(self.content):
            if not line.strip():
                continue
            try:
                rows.append([0 if tok == "." else int(tok) for tok in line.split()])
            except ValueError:
                # reST knows the line of each content line; MyST only the directive's
                offset = self.content.info(i)[1]
                self.bad_line = offset + 1 if offset is not None and offset >= self.lineno else None
                raise MancalaError(f"a board row holds numbers or '.', not {line.strip()!r}") from None
        to_move = self.options.get("to-move", SOUTH).strip().lower()
        return Position.from_rows(rows, solo="solo" in self.options, to_move=to_move)

    def run(self):
        note_inputs(self.env)
        try:
            if self.arguments:
                position = Position.from_text(self.arguments[0])
            elif self.content:
                position = self.parse_block()
            else:
                raise MancalaError("give a position text or a board block")
            figure = position_figure(
                position, lang_of(self.env), {role: self.options.get(role) for role in render.ROLES},
                self.options.get("marks"), self.options.get("labels"), self.options.get("alt"),
                self.options.get("caption"), self.options.get("name"))
        except MancalaError as exc:
            return self.warn(f"mancala-position: {exc}", getattr(self, "bad_line", None))
        return [self.figure(figure)]


class TrackDirective(MancalaDirective):
    """``mancala-track``: the order in which one player's seeds are sown."""
    has_content = False
    option_spec = {
        "columns": directives.positive_int,
        "rows": directives.positive_int,        # rows per player
        "solo": directives.flag,
        "player": directives.unchanged,
        "start": directives.unchanged,
        "direction": directives.unchanged,
        "first": directives.nonnegative_int,
        "caption": directives.unchanged,
        "name": directives.unchanged,
    }

    def run(self):
        note_inputs(self.env)
        o = self.options
        try:
            figure = track_figure(
                o.get("columns"), lang_of(self.env), o.get("rows", 2), "solo" in o, o.get("player", SOUTH),
                o.get("start"), o.get("direction", "counterclockwise"), o.get("first", 0), o.get("caption"),
                o.get("name"))
        except MancalaError as exc:
            return self.warn(f"mancala-track: {exc}")
        return [self.figure(figure)]


class LegendDirective(MancalaDirective):
    """``mancala-legend``: a list of the highlight marks with a small sample of each."""
    has_content = False

    def run(self):
        note_inputs(self.env)
        items = nodes.bullet_list(classes=["mancala-legend"])
        if getattr(self.env, "mancala_pages", {}).get(self.env.docname) != "legend":   # the page's first legend
            items["ids"].append(LEGEND_ID)
            note_page(self.env, "legend")
        for item in legend(lang_of(self.env)):
            img = nodes.image(**picture_attributes(self.env, item.picture,
                                                   ("mancala-legend-sample", "no-scaled-link")))
            self.set_source_info(img)
            para = nodes.paragraph()
            para += img
            para += nodes.Text(" ")
            para += nodes.inline(item.text, item.text, classes=["mancala-legend-text"])     # one flex item
            items += nodes.list_item("", para)
        return [items]


class ExampleDirective(MancalaDirective):
    """``mancala-example PATH``: a worked example, replayed and drawn step by step."""
    required_arguments = 1
    final_argument_whitespace = False
    has_content = False
    option_spec = {"class": directives.class_option}

    def run(self):
        try:
            path = self.project_file(self.arguments[0])
        except MancalaError as exc:
            return self.warn(f"mancala-example: {exc}")
        lang = lang_of(self.env)
        build = build_of(self.env)
        try:
            example = build.project.example(path, lang)
        except Exception as exc:  # noqa: BLE001 - a bad example must not stop the build
            note_inputs(self.env, [path])
            return self.warn(f"mancala-example: {self.describe_error(exc, path)}")
        note_inputs(self.env, [path], whole=example.reads_sources)
        return self.draw(example, lang, build)

    def draw(self, example, lang, build):
        result = []
        if example.generated:  # say so: the site otherwise shows published diagrams only
            own = nodes.paragraph(classes=["mancala-generated"])
            own += nodes.emphasis(text=say("own_example", lang))
            own["translatable"] = False
            result.append(own)
        if example.assumptions:
            note = nodes.note(classes=["mancala-assumptions"])
            title = nodes.paragraph(classes=["mancala-assumptions-title"])
            title += nodes.strong(text=say("assumptions", lang))
            note += title
            items = nodes.bullet_list()
            for a in example.assumptions:
                items += nodes.list_item("", nodes.paragraph(text=a))
            note += items
            result.append(note)
        entries = None if example.generated else build.entries
        figures = []
        for f in example.figures:
            credit = None
            if f.credit is not None and entries:
                credit = credits.credit(entries, f.credit, lang)
                if credit is None:
                    self.warn(credits.missing(f.id, f.credit))
            erratum = ("mancala-erratum",) if len(f.pictures) > 1 else ()
            figures.append(self.figure(f, ("mancala-figure", *erratum), credit, self.badge(f, lang),
                                       self.cite(f, entries, lang)))
        note_drawn(self.env, [Drawn(f.id, f.anchor, f.example, f.erratum) for f in example.figures])
        if len(figures) > 1:
            steps = mancala_steps(classes=["mancala-steps"], title=example.title,
                                  labels={k: say(k, lang, VIEWER_LABELS) for k in VIEWER_LABELS})
            self.set_source_info(steps)
            steps.extend(figures)
            # the legend of the pictures: the page's own, else the site's (resolved with the page)
            words = say("legend_link", lang)
            legend_link = nodes.paragraph(classes=["mancala-legend-link"])
            legend_link["translatable"] = False
            legend_link += nodes.reference(words, words, refuri="", internal=True, mancala_badge=("legend", LEGEND_ID))
            steps += legend_link
            figures = [steps]
        return result + figures


class VerificationDirective(MancalaDirective):
    """``mancala-verification``: every published diagram, its status, where it is drawn."""
    has_content = False

    def run(self):
        note_generated(self.env, "verification")
        note_inputs(self.env, whole=True)
        try:
            project = build_of(self.env).project
            rows, published = project.rows(), project.view.published
        except Exception as exc:  # noqa: BLE001
            return self.warn(f"mancala-verification: {self.describe_error(exc)}")
        for row in rows:
            if not row.passed and row.status != "missing":
                # the site is the verified site: a failed check fails a -W build
                what = row.diagram or row.check or "-"
                self.warn(f"mancala-verification: {what} {row.status} in {row.example}: {row.reason or ''}")
        return [mancala_placeholder(kind="verification", published=published, rows=list(rows))]


class ErrataDirective(MancalaDirective):
    """``mancala-errata [EXAMPLE ...]``: every declared erratum (of the given
    examples, else of sources/): the published grid and the replay side by
    side, the differing holes highlighted, the evidence in words; then links
    to where each diagram is drawn."""
    has_content = False
    optional_arguments = 50

    def run(self):
        note_generated(self.env, "errata")
        placeholder = mancala_placeholder(kind="errata", rows=[])
        try:
            paths = [self.project_file(a) for a in self.arguments]
            note_inputs(self.env, paths, whole=not paths)
            found = build_of(self.env).project.errata(lang_of(self.env), paths or None)
        except Exception as exc:  # noqa: BLE001
            return self.warn(f"mancala-errata: {self.describe_error(exc)}")
        lang = lang_of(self.env)
        entries = build_of(self.env).entries
        out = []
        for f in found:
            out.extend(self.entry(f, lang, entries))
        return out + [placeholder]

    def entry(self, f, lang, entries):
        """One erratum: a heading (its id, where the figures' badges link), the
        two boards labelled with the credit of the published one, the evidence
        as a short list, and the command that checks it again."""
        heading = nodes.rubric(f.id, f.id, ids=[f.anchor], classes=["mancala-erratum-title"],
                               **{"heading-level": 2})
        heading["translatable"] = False         # an identifier
        self.set_source_info(heading)
        credit = credits.credit(entries, f.credit, lang) if f.credit is not None and entries else None
        figure = self.figure(replace(f, anchor=f.anchor + "-boards"), ("mancala-figure", "mancala-erratum"), credit,
                             self.badge(f, lang, to_erratum=False), self.cite(f, entries, lang))
        points = nodes.bullet_list(classes=["mancala-erratum-evidence"])
        for text in f.points:
            para = nodes.paragraph(text, text)
            para["translatable"] = False
            points += nodes.list_item("", para)
        again = nodes.paragraph(classes=["mancala-erratum-check"], text=say("check_again", lang))
        again["translatable"] = False
        command = f".venv/bin/mancala-diagrams verify {f.example}"    # as the page "Check it yourself" runs it
        if f.status == "claim-erratum":     # and the replay the page's sentence is compared with
            command = f".venv/bin/mancala-diagrams replay {f.example} --boards\n{command}"
        code = nodes.literal_block(command, command, language="sh", classes=["mancala-erratum-command"])
        code["translatable"] = False
        for node in (points, again, code):
            self.set_source_info(node)
        return [heading, figure, points, again, code]
