"""Sphinx extension: draw positions, sowing orders and worked examples.

A thin layer: it parses the directive's options, asks the files layer for the
example and its steps (:mod:`mancala_diagrams.files.steps`), the drawing for
the words (:mod:`~mancala_diagrams.drawing.captions`) and the image files
(:mod:`~mancala_diagrams.drawing.images`), and returns standard docutils
``figure``/``image`` nodes.  Directives (usable from
reST and from MyST's ``{directive}`` fences):

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
    errata, with links to where each diagram is drawn.

The figures of an example with several steps are wrapped in a
``div.mancala-steps`` that carries the step-through viewer's labels in the
build's language (``data-label-*``); ``static/mancala-viewer.js`` turns it into
a player (previous, next, arrow keys, step counter, play) and without
JavaScript every figure stays visible.  Every image of one example has the same
size (room for the reserve and hand trays is kept on every step when any step
needs it), so that the player does not jump.

For ``make bench``: the config value ``mancala_plain`` (``-D mancala_plain=1``)
makes the drawing directives emit a plain paragraph instead (the baseline of the
extension's cost).

Images are drawn at read time into a cache directory shared by the builds of
both languages (config ``mancala_image_cache``; default ``_mancala_images``
beside the doctree directory), named by a hash of their content and written
atomically, so an unchanged image is never redrawn and a crash never leaves a
half-written file.  An HTML build links them into its ``_images`` itself
(:class:`mancala_image`); other builders get the standard image node.
Generated words (captions, alt text, table headers) come from the caption
catalogs in the build's ``language`` (a project may add its own with
``mancala_locale_dirs``), so they are kept out of the pages' gettext
extraction.  A bad example gives a warning naming the YAML file and
line, never an exception.
"""
from __future__ import annotations

import os
import posixpath
import re
from pathlib import Path

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.utils import normalize_language_tag, smartquotes
from docutils.utils.smartquotes import smartchars
from sphinx.locale import _ as sphinx_words
from sphinx.transforms import SphinxSmartQuotes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from .. import __version__
from ..drawing import captions, images, render
from ..drawing.catalog import N_, catalog_language, in_language, use_locale_dirs, words
from ..errors import MancalaError
from ..engine.geometry import SOUTH, parse_direction
from ..engine.position import Position
from ..files.steps import differing, grid_position, position_at
from .tables import Code, Link, make_table, mancala_table, to_docutils, visit_table_html

logger = logging.getLogger(__name__)

#: The statuses of the verification page (defined in files/verification_report.py).
STATUS_WORDS = {
    "verified": N_("verified"),
    "picture": N_("picture"),
    "erratum": N_("erratum"),
    "departure": N_("departure"),
    "checked": N_("checked"),
    "generated": N_("generated"),
    "missing": N_("missing"),
    "mismatch": N_("mismatch"),
    "error": N_("error"),
}
WORDS = {
    "diagram": N_("Diagram"),
    "status": N_("Status"),
    "drawn": N_("Drawn at"),
    "not_drawn": N_("not drawn on this site"),
    "source": N_("Source"),
    "source_page": N_("Source page"),
    "total": N_("Total"),
    "own_examples": N_("The project’s own examples"),
    "no_source": N_("no source"),
    # Translators: a published diagram's number on its source page, linked to the page
    "diagram_number": N_("diagram %(number)s"),
    # Translators: how many lines of the verification page have a status: "verified: 45"
    "count": N_("%(status)s: %(count)s"),
    "all_accounted": N_("Every published diagram is accounted for by an example."),
    "published": N_("Left: as published. Right: as replayed by the engine; the marked holes differ."),
    "assumptions": N_("Assumptions"),
    "no_errata": N_("No erratum is declared."),
    "details": N_("Details"),
    # Translators: the credit of a published diagram, after its caption (linked to the page).
    "credit": N_("Source: %(author)s, %(site)s, page %(page)s, diagram %(number)s."),
    "own_example": N_("The project’s own example: no source draws these boards; the rules engine "
                      "computed them, and the verification replays them."),
}
#: The step-through viewer's labels (``data-label-*`` of ``div.mancala-steps``);
#: ``{n}`` and ``{total}`` are filled in by the script.
VIEWER_LABELS = {
    "prev": N_("Previous step"),
    "next": N_("Next step"),
    "play": N_("Play"),
    "pause": N_("Pause"),
    "step": N_("Step {n} of {total}"),
    "controls": N_("Steps of the example"),
}


def say(key: str, lang: str, table=WORDS) -> str:
    """A word of the extension's own (table headers, notes) in *lang*."""
    return words(lang).lookup(table[key])


_BIBLIOGRAPHY: dict = {}


def bibliography_entries(env) -> dict:
    """{key: {"url", "site", "author"}} of the BibTeX files the site cites from
    (sphinxcontrib-bibtex's ``bibtex_bibfiles``): the credit of a published
    diagram comes from the entry of its page.  Empty without such files.  The
    entries sphinxcontrib-bibtex parsed for this build are used when it has
    the file as it is now (:func:`_parsed_by_bibtex`), else the file is parsed."""
    out = {}
    for name in getattr(env.config, "bibtex_bibfiles", None) or []:
        path = Path(env.srcdir) / name
        key = (str(path), path.stat().st_mtime)
        if key not in _BIBLIOGRAPHY:
            entries = _parsed_by_bibtex(env, path, key[1])
            if entries is None:
                from pybtex.database import parse_file
                entries = parse_file(str(path), bib_format="bibtex").entries
            _BIBLIOGRAPHY[key] = {k: _credit_fields(e) for k, e in entries.items()}
        out.update(_BIBLIOGRAPHY[key])
    return out


def _credit_fields(entry) -> dict:
    """What a diagram's credit takes from a pybtex entry."""
    return {"url": entry.fields.get("url", ""), "site": entry.fields.get("howpublished", ""),
            "author": " ".join(" ".join(p.first_names + p.prelast_names + p.last_names)
                               for p in entry.persons.get("author", [])[:1])}


def _parsed_by_bibtex(env, path, mtime):
    """{key: pybtex entry} of the file *path* as sphinxcontrib-bibtex parsed it
    for this build (its ``cite`` domain's data), or None when it has not parsed
    that file as it is now (modified since, or no such extension)."""
    from sphinx.errors import ExtensionError
    try:
        bibdata = env.get_domain("cite").data["bibdata"]
        parsed = bibdata.bibfiles.get(path.resolve())
        if parsed is None or parsed.mtime != mtime:
            return None
        return {k: bibdata.data.entries[k] for k in parsed.keys}
    except (ExtensionError, AttributeError, KeyError, OSError):
        return None


def project_file(env, argument) -> str:
    """The file a directive names, inside the documentation or the project's
    sources (anything else is refused with a MancalaError)."""
    from ..files.project import directive_file
    root = Path(getattr(env.config, "mancala_project_root", None) or Path(env.srcdir).parent)
    docdir = Path(env.doc2path(env.docname)).parent
    return str(directive_file(env.srcdir, root, docdir, argument))


def lang_of(env) -> str:
    """The build's language, as the caption catalogs name it (``fr`` for ``fr_FR``)."""
    return catalog_language(env.config.language)


# -- image files -------------------------------------------------------------------------

def image_dir(env) -> Path:
    configured = env.config.mancala_image_cache
    if configured:
        path = Path(configured)
        if not path.is_absolute():
            path = Path(env.srcdir) / path
    else:
        path = Path(env.doctreedir) / "_mancala_images"
    return path


def write_image(env, position, highlights=None, marks=None, numbers=None, options=None,
                labels=None) -> Path:
    """The image file of *position* in the build's image folder (drawn if new)."""
    return images.image_file(image_dir(env), position, highlights, marks, numbers, options, labels)


class MancalaDirective(SphinxDirective):
    """Shared helpers: image nodes, figures, warnings."""

    def image_node(self, position, alt, highlights=None, marks=None, numbers=None,
                   labels=None, options=None) -> nodes.image:
        img = nodes.image(**self.image_attributes(position, alt, highlights, marks, numbers, labels, options))
        self.set_source_info(img)   # else Sphinx's ApplySourceWorkaround patches it in, logging its XML
        return img

    def image_attributes(self, position, alt, highlights=None, marks=None, numbers=None,
                         labels=None, options=None) -> dict:
        """The attributes of :meth:`image_node`'s image (what a light figure
        keeps of its pictures), its file drawn if new."""
        path = write_image(self.env, position, highlights, marks, numbers, options, labels)
        w, h = images.image_size(position, options, labels)
        # width and height (CSS pixels, the PNG has twice as many): the page keeps the picture's
        # room before it loads; the CSS lets it shrink to the screen keeping its ratio
        # (no empty ids, names ... lists: an image node made of them has its own)
        return {"classes": ["mancala-board", "no-scaled-link"], "uri": self.image_uri(path), "alt": alt,
                "width": str(w), "height": str(h), "mancala_file": str(path)}

    def image_uri(self, path) -> str:
        """The URI of the image file *path* from the page's folder: the image
        folder's, taken once per directive, and the file's name."""
        folder, name = os.path.split(path)
        if getattr(self, "_image_folder", None) != folder:
            docdir = Path(self.env.doc2path(self.env.docname)).parent
            prefix = Path(os.path.relpath(folder, docdir)).as_posix()
            self._image_folder, self._image_prefix = folder, "" if prefix == "." else prefix + "/"
        return self._image_prefix + name

    def plain(self):
        """``mancala_plain``: a paragraph instead of the drawing (make bench's baseline)."""
        text = f"[{self.name} {' '.join(self.arguments)}]".replace(" ]", "]")
        para = nodes.paragraph(text=text)
        para["translatable"] = False
        return [para]

    def figure(self, images, caption_text, ids=None, classes=()) -> nodes.figure:
        source, line = self.get_source_info()
        return figure_node(images, caption_text, ids or (), ["mancala-figure", *classes], source=source, line=line)

    def light_figure(self, images, caption_text, ids=None, classes=()) -> "mancala_figure":
        """The figure of :meth:`figure` with a caption the extension wrote (not
        the author's: nothing for the translation catalogs), kept as data until
        the page is resolved (:func:`expand_figures`); *images*: the pictures'
        :meth:`image_attributes`."""
        fig = mancala_figure(classes=["mancala-figure", *classes], ids=list(ids or ()),
                             images=list(images), caption=caption_text, credit=None)
        self.set_source_info(fig)
        return fig

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
            return Path(os.path.relpath(Path(path).resolve(), root)).as_posix()
        except (ValueError, OSError):
            return str(path)

    def project_file(self, argument) -> str:
        return project_file(self.env, argument)

    def holes_option(self, geometry, names):
        return [geometry.parse(n) for n in (names or "").replace(",", " ").split()]


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
        if self.config.mancala_plain:
            return self.plain()
        try:
            if self.arguments:
                position = Position.from_text(self.arguments[0])
            elif self.content:
                position = self.parse_block()
            else:
                raise MancalaError("give a position text or a board block")
            g = position.geometry
            highlights = {role: self.holes_option(g, self.options.get(role)) for role in render.ROLES
                          if self.options.get(role)}
            marks = images.parse_marks(self.options.get("marks"), g)
        except MancalaError as exc:
            return self.warn(f"mancala-position: {exc}", getattr(self, "bad_line", None))
        lang = lang_of(self.env)
        alt = self.options.get("alt") or captions.describe_position(position, lang, highlights=highlights)
        labels = options = None
        if self.options.get("labels"):  # hole names drawn on the board (de Voogt's letters ...)
            notation = self.options["labels"]
            labels = {h: g.name(h, notation) for h in range(g.size)}
            options = render.Options(coords=False)      # the names replace the coordinates
        image = self.image_node(position, alt, highlights, marks, labels=labels, options=options)
        ids = [nodes.make_id(self.options["name"])] if self.options.get("name") else None
        caption = self.options.get("caption")
        fig = self.figure([image], None, ids=ids)
        if caption:  # the author's words: translated through the catalogs like any prose
            cap = nodes.caption(caption, caption)
            self.set_source_info(cap)
            fig += cap
        return [fig]


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
        if self.config.mancala_plain:
            return self.plain()
        lang = lang_of(self.env)
        try:
            columns = self.options.get("columns")
            if not columns:
                raise MancalaError("mancala-track needs :columns:")
            board = Position.empty(columns, self.options.get("rows", 2), "solo" in self.options)
            g = board.geometry
            player = self.options.get("player", SOUTH).strip().lower()
            if player not in g.players:
                raise MancalaError(f"no player {player!r} on this board", expected=" or ".join(g.players))
            direction = parse_direction(self.options.get("direction", "counterclockwise").strip())
            start = self.options.get("start") or g.name(g.track(player)[0])
            order = g.sowing_order(player, g.parse(start), direction)
            numbers = {hole: self.options.get("first", 0) + i for i, hole in enumerate(order)}
        except MancalaError as exc:
            return self.warn(f"mancala-track: {exc}")
        alt = captions.describe_position(board, lang, numbers=numbers)
        image = self.image_node(board, alt, numbers=numbers)
        ids = [nodes.make_id(self.options["name"])] if self.options.get("name") else None
        fig = self.figure([image], None, ids=ids)
        caption = self.options.get("caption")
        if caption:
            cap = nodes.caption(caption, caption)
            self.set_source_info(cap)
        else:
            text = captions.describe_track(g, player, g.name(g.parse(start)), direction,
                                           self.options.get("first", 0), lang)
            cap = nodes.caption(text, text)
            self.set_source_info(cap)
            cap["translatable"] = False
        fig += cap
        return [fig]


class LegendDirective(MancalaDirective):
    """``mancala-legend``: a list of the highlight marks with a small sample of each."""
    has_content = False

    def run(self):
        if self.config.mancala_plain:
            return self.plain()
        lang = lang_of(self.env)
        items = nodes.bullet_list(classes=["mancala-legend"])
        sample = Position.from_rows([[2]], solo=True)
        small = render.Options(cell=34, margin=3, trays=False, coords=False)
        for role in render.ROLES:
            path = write_image(self.env, sample, {role: [0]}, options=small)
            docdir = Path(self.env.doc2path(self.env.docname)).parent
            uri = Path(os.path.relpath(path, docdir)).as_posix()
            w, h = images.image_size(sample, small)
            img = nodes.image(uri=uri, alt=captions.role_name(role, lang), width=str(w), height=str(h),
                              classes=["mancala-legend-sample", "no-scaled-link"], mancala_file=str(path))
            self.set_source_info(img)
            para = nodes.paragraph()
            para += img
            text = " " + captions.legend_text(role, lang)
            para += nodes.Text(text)
            items += nodes.list_item("", para)
        return [items]


# -- worked examples -------------------------------------------------------------------------

#: What is hashed once per build (emptied when a build starts reading).
_THIS_BUILD: dict = {}


def build_project_digest(root) -> bytes:
    """:func:`~mancala_diagrams.files.steps.project_digest` of *root* (the rules,
    pages and code), taken once per build."""
    if str(root) not in _THIS_BUILD:
        from ..files.steps import project_digest
        _THIS_BUILD[str(root)] = project_digest(root)
    return _THIS_BUILD[str(root)]


def _project_root(env, path) -> Path:
    if env.config.mancala_project_root:
        return Path(env.config.mancala_project_root)
    from ..files.project import find_root
    return find_root(Path(path).parent)


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
        self.env.note_dependency(path)
        if self.config.mancala_plain:
            return self.plain()
        self.yaml_path = path
        lang = lang_of(self.env)
        try:
            from ..files.steps import load_steps
            root = _project_root(self.env, path)
            # parsed, checked and replayed once for both languages (kept beside the images)
            example, steps = load_steps(path, root, cache_dir=image_dir(self.env),
                                        project=build_project_digest(root))
            out = self.draw(example, steps, lang)
        except Exception as exc:  # noqa: BLE001 - a bad example must not stop the build
            return self.warn(f"mancala-example: {self.describe_error(exc, path)}")
        return out

    def add_credit(self, fig, diagram_id, lang, entries):
        """The published diagram's credit at the end of its caption: author,
        site, page and the diagram's number on it, linked to the page (from the
        bibliography entry ``busser-PAGE`` of *entries*, :func:`bibliography_entries`)."""
        page, _, number = diagram_id.rpartition("-")
        if not entries or not number.isdigit():
            return
        entry = entries.get(f"busser-{page}")
        if not entry or not entry["url"]:
            self.warn(f"{diagram_id}: no bibliography entry busser-{page} with a url for the diagram's credit")
            return
        text = words(lang).lookup(WORDS["credit"], author=entry["author"], site=entry["site"],
                                  page=entry["url"].rsplit("/", 1)[-1], number=int(number))
        fig["credit"] = (text, entry["url"])

    def draw(self, example, steps, lang):
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
                items += nodes.list_item("", nodes.paragraph(text=in_language(a, lang)))
            note += items
            result.append(note)
        records, figures = [], []
        shown = self.shown_path(example.path)
        entries = None if example.generated else bibliography_entries(self.env)
        # the same image size on every step, the hand shown on every step if any holds seeds
        options = images.example_options(steps)
        for step in steps:
            diagram, position, numbers = step.diagram, step.position, step.numbers
            hl = images.step_highlights(step.events, position, example.rules)
            marks = diagram.marks
            if diagram.picture and example.kind == "special-holes":
                # a published picture (arrows, no position): the project draws the same idea,
                # the holes of the legend's roles in their colours
                from ..files.examples import special_holes_grid, tsibongy_arrows
                marks = special_holes_grid(example)
                hl = {**hl, **tsibongy_arrows(example)}     # and the page's arrows
            text = captions.describe_step(example, step, lang)
            anchor = nodes.make_id(diagram.id)
            alt = captions.describe_position(position, lang, highlights=hl, numbers=numbers, rules=example.rules)
            erratum = diagram.erratum
            if erratum is not None:
                published = grid_position(diagram.grid, position)
                diff = differing(published, position)
                left_alt = captions.describe_position(published, lang, highlights={"differs": diff})
                pair = [self.image_attributes(published, left_alt, {"differs": diff}, marks, options=options),
                        self.image_attributes(position, alt, {**hl, "differs": diff}, marks, numbers, options=options)]
                text = f"{text} {say('published', lang)} {captions.sentence(in_language(erratum.reason, lang))}"
                fig = self.light_figure(pair, f"{diagram.id}. {text}", ids=[anchor], classes=("mancala-erratum",))
            else:
                fig = self.light_figure([self.image_attributes(position, alt, hl, marks, numbers, options=options)],
                                        f"{diagram.id}. {text}", ids=[anchor])
            if not example.generated:
                self.add_credit(fig, diagram.id, lang, entries)
            figures.append(fig)
            records.append({"id": diagram.id, "anchor": anchor,
                            "status": "erratum" if erratum is not None else "drawn",
                            "reason": dict(erratum.reason) if erratum is not None else None,
                            "example": shown})
        data = getattr(self.env, "mancala_diagrams", {})
        data.setdefault(self.env.docname, []).extend(records)
        self.env.mancala_diagrams = data
        if len(figures) > 1:
            steps_node = mancala_steps(classes=["mancala-steps"], title=in_language(example.title, lang),
                                       labels={k: say(k, lang, VIEWER_LABELS) for k in VIEWER_LABELS})
            self.set_source_info(steps_node)
            steps_node.extend(figures)
            figures = [steps_node]
        return result + figures


class mancala_steps(nodes.container):
    """The figures of one worked example, in order: the step-through viewer's
    markup in HTML (a plain container for every other builder)."""


def visit_steps_html(self, node):
    attrs = {f"data-label-{k}": v for k, v in node["labels"].items()}
    attrs["data-title"] = node["title"]
    self.body.append(self.starttag(node, "div", **attrs))


def depart_steps_html(self, node):
    self.body.append("</div>\n")


# -- figures --------------------------------------------------------------------------------

def figure_node(images, caption_text, ids=(), classes=("mancala-figure",), credit=None,
                source=None, line=None) -> nodes.figure:
    """A figure of ours: its pictures (side by side if more than one), then
    the caption the extension wrote (in the build's language already, so not
    a catalog message), ended by the published diagram's *credit* (text, url)
    if any.  The one place that says what a figure is made of."""
    fig = nodes.figure(classes=list(classes))
    fig.source, fig.line = source, line
    fig["ids"].extend(ids)
    if len(images) > 1:
        row = nodes.container(classes=["mancala-side-by-side"])
        row.extend(images)
        fig += row
    else:
        fig.extend(images)
    if caption_text:
        cap = nodes.caption(caption_text, caption_text)
        cap.source, cap.line = source, line
        cap["translatable"] = False
        if credit:
            text, url = credit
            cap += nodes.Text(" ")
            link = nodes.inline(classes=["mancala-credit"])
            link += nodes.reference(text, text, refuri=url)
            cap += link
        fig += cap
    return fig


class mancala_figure(nodes.General, nodes.Element):
    """A figure of :func:`figure_node` kept as data (its pictures' attributes,
    caption, credit) while the page is read, transformed and stored: a worked
    example's page holds dozens of them, and each docutils node they would be
    made of is visited by every transform of the read and of the resolution.
    An HTML build writes it at once (:func:`visit_figure_html`; its one child,
    given when the page is resolved, is the caption's text, for the search
    index); any other builder gets that figure when the page is read
    (:func:`expand_figures`), since its image collector must see the pictures."""


def expand_figures(doctree, html: bool) -> None:
    """Each :class:`mancala_figure` of *doctree* becomes its figure: with
    :class:`mancala_image` pictures in an HTML build, standard image nodes
    otherwise; its caption given the typographic quotes that Sphinx's
    SmartQuotes transform gives every other text of the page
    (:class:`_CaptionQuotes`), since that transform ran before the figure
    was made."""
    figures = list(doctree.findall(mancala_figure))
    if not figures:
        return
    quotes = _CaptionQuotes(doctree)
    for node in figures:
        pictures = []
        for attributes in node["images"]:
            img = (mancala_image if html else nodes.image)(**attributes)
            img.source, img.line = node.source, node.line
            pictures.append(img)
        fig = figure_node(pictures, node["caption"], node["ids"], node["classes"],
                          credit=node["credit"], source=node.source, line=node.line)
        for caption in fig.findall(nodes.caption):
            quotes.educate(caption)
        node.replace_self(fig)


def quote_figures(doctree) -> None:
    """Each :class:`mancala_figure` of *doctree* (an HTML build's, once the
    page is resolved) with the quotes :func:`expand_figures` would give its
    caption and credit, and the words of both as its one child (what the
    search index reads of a figure :func:`figure_node` makes: its caption's
    texts, the credit's among them)."""
    figures = list(doctree.findall(mancala_figure))
    if not figures:
        return
    quotes = _CaptionQuotes(doctree)
    for node in figures:
        credit = node["credit"]
        texts = [node["caption"], " ", credit[0]] if credit else [node["caption"]]
        if quotes.available and (quotes.smartquotes_action == "-1" or any(_QUOTABLE.search(t) for t in texts)):
            caption = nodes.caption("", "", *(nodes.Text(t) for t in texts))    # as figure_node's caption
            quotes.educate(caption)
            texts = [str(t) for t in caption.findall(nodes.Text)]
            node["caption"] = texts[0]
            if credit:
                node["credit"] = (texts[2], credit[1])
        node.children = []
        node += nodes.Text("".join(texts))


#: What SmartQuotes may change in a text (docutils.utils.smartquotes.educate_tokens:
#: backslash escapes, dashes, ellipses, backticks, quotes, ``&quot;``); a text
#: without any of these it leaves as it is, but in its "-1" mode (typographic
#: signs made plain again).
_QUOTABLE = re.compile(r"""[\\`'"]|--|\.\.\.|&quot;""")


def visit_figure_html(self, node):
    """The HTML Sphinx writes for the figure :func:`figure_node` makes of
    *node* (tests compare the two), written at once with the translator's own
    tags, escaping and permalink: the figure's docutils nodes are neither made
    nor visited (a page of worked examples has hundreds of them).  Sphinx
    writes a figure ``align-default``, its caption's text in a
    ``caption-text`` span followed by the permalink, in a ``<p>`` of the
    ``<figcaption>``."""
    body = self.body
    body.append(self.starttag(node, "figure", CLASS="align-default"))
    images = node["images"]
    if len(images) > 1:
        body.append(self.starttag({"classes": ["mancala-side-by-side"]}, "div", CLASS="docutils container"))
    for attributes in images:
        body.append(image_tag(self, attributes, "\n"))
    if len(images) > 1:
        body.append("</div>\n")
    if node["caption"]:
        body.append(self.starttag({}, "figcaption") + '<p><span class="caption-text">')
        body.append(self.encode(node["caption"]))
        if node["credit"]:
            text, url = node["credit"]
            body.append(" " + self.starttag({"classes": ["mancala-credit"]}, "span", "")
                        + self.starttag({}, "a", "", CLASS="reference external", href=url or "#")
                        + self.encode(text) + "</a></span>")
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


# -- pictures in HTML builds ----------------------------------------------------------------

class mancala_image(nodes.General, nodes.Element):
    """A picture of ours in an HTML build: ``<img>`` written by
    :func:`visit_image_html`, which also puts the file of the image folder into
    the output's ``_images`` (as sphinx.ext.graphviz does with its own files).
    Sphinx's own handling of an image (resolving its path at read time, noting
    it as a dependency, looking for a translated image, copying it at the end)
    cost more than the page's text for a page of many boards; our files are
    named by a hash of their content, never translated, and the pages depend on
    the example files they come from already."""


def html_images(app, doctree):
    """``doctree-read``, before Sphinx's image collector: in an HTML build, our
    image nodes become :class:`mancala_image` (every other builder, LaTeX,
    gettext ..., keeps the standard image node and Sphinx's handling, and
    gets our figures made at once: :func:`expand_figures`)."""
    if getattr(app.builder, "format", None) != "html":
        expand_figures(doctree, html=False)
        return
    for img in list(doctree.findall(nodes.image)):
        if img.get("mancala_file"):
            new = mancala_image(**img.attributes)
            new.source, new.line = img.source, img.line
            img.replace_self(new)


def visit_image_html(self, node):
    self.body.append(image_tag(self, node, "" if isinstance(node.parent, nodes.TextElement) else "\n"))


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


def depart_image_html(self, node):
    pass


# -- verification and errata pages ----------------------------------------------------------

class mancala_placeholder(nodes.General, nodes.Element):
    """Replaced at doctree-resolved time, once every page has been read."""


def build_verification(env, root) -> list[dict]:
    """The rows of the whole project's verification, with the published
    diagrams no example accounts for (status missing), made once per build for
    the verification and errata pages (and kept in the image folder for the
    other language's build: :func:`~mancala_diagrams.files.verify.verify_all`)."""
    key = ("verification", str(root))
    if key not in _THIS_BUILD:
        from ..files.verify import verify_all
        _THIS_BUILD[key] = verify_all(root, cache_dir=image_dir(env), coverage=True)
    return _THIS_BUILD[key]


class VerificationDirective(MancalaDirective):
    """``mancala-verification``: every published diagram, its status, where it is drawn."""
    has_content = False

    def run(self):
        if self.config.mancala_plain:
            return self.plain()
        root = Path(self.config.mancala_project_root or Path(self.env.srcdir).parent)
        try:
            from ..files.project import published_diagrams, published_dir
            rows = build_verification(self.env, root)
            pub = published_dir(root)
            pages = {did: {"page": d["page"]} for did, d in published_diagrams(pub).items()} if pub else {}
        except Exception as exc:  # noqa: BLE001
            return self.warn(f"mancala-verification: {self.describe_error(exc)}")
        for row in rows:
            if row.get("example"):
                example = Path(row["example"])
                self.env.note_dependency(str(example if example.is_absolute() else root / example))
            if row["status"] not in ("verified", "erratum", "generated", "missing"):
                # the site is the verified site: a failed check fails a -W build
                what = row.get("diagram") or row.get("check") or "-"
                self.warn(f"mancala-verification: {what} {row['status']} in {row.get('example')}: "
                          f"{row.get('reason', '')}")
        keep = ("diagram", "status", "example", "reason", "kind", "check", "departure", "page")
        node = mancala_placeholder(kind="verification", published=pages,
                                   rows=[{k: str(r[k]) for k in keep if r.get(k) is not None} for r in rows])
        self.env.mancala_generated = getattr(self.env, "mancala_generated", set()) | {self.env.docname}
        return [node]


class ErrataDirective(MancalaDirective):
    """``mancala-errata [EXAMPLE ...]``: every declared erratum (of the given
    examples, else of sources/): the published grid and the replay side by
    side, the differing holes highlighted, the evidence in words; then links
    to where each diagram is drawn."""
    has_content = False
    optional_arguments = 50

    def run(self):
        self.env.mancala_generated = getattr(self.env, "mancala_generated", set()) | {self.env.docname}
        placeholder = mancala_placeholder(kind="errata", rows=[])
        if self.config.mancala_plain:
            return [placeholder]
        root = Path(self.config.mancala_project_root or Path(self.env.srcdir).parent)
        lang = lang_of(self.env)
        try:
            from ..files.errata import errata
            paths = [self.project_file(a) for a in self.arguments] or None
            records = errata(root, paths, cache_dir=image_dir(self.env), project=build_project_digest(root),
                             rows=None if paths else build_verification(self.env, root))
        except Exception as exc:  # noqa: BLE001
            return self.warn(f"mancala-errata: {self.describe_error(exc)}")
        out = []
        for rec in records:
            self.env.note_dependency(rec["path"])
            position = position_at(rec["event"], rec["replay"], rec["geometry"])
            published = grid_position(rec["published"], position)
            hl = {"differs": rec["holes"]}
            pair = [self.image_attributes(published, captions.describe_position(published, lang, highlights=hl),
                                          hl, rec["marks"]),
                    self.image_attributes(position, captions.describe_position(position, lang, highlights=hl,
                                                                               rules=rec["rules"]),
                                          hl, rec["marks"])]
            text = f"{rec['id']}. {say('published', lang)} {captions.describe_erratum(rec, lang)}"
            out.append(self.light_figure(pair, text, ids=[f"erratum-{nodes.make_id(rec['id'])}"],
                                   classes=("mancala-erratum",)))
        return out + [placeholder]


def lazy_images(doctree):
    """The board pictures of a page load when they come near the screen
    (``loading="lazy"``), except the first, which may be in view at once."""
    ours = []
    for node in doctree.findall(lambda n: isinstance(n, (nodes.image, mancala_image, mancala_figure))):
        for img in node["images"] if isinstance(node, mancala_figure) else (node,):
            if "mancala-board" in img["classes"] or "mancala-legend-sample" in img["classes"]:
                ours.append(img)
    for img in ours[1:]:
        img["loading"] = "lazy"


TABLE_CLASSES = ("mancala-verification",)


def verification_content(app, fromdoc, node, where, lang):
    """The verification page: a summary table (one line per source page, the
    count of each status), then one table per source page, each line linking
    to its step on the site and to the source page.  The grouping, order and
    counts are :func:`~mancala_diagrams.files.verification_report.group_rows`'.
    The tables are :mod:`.tables` nodes (data: the HTML build writes them itself)."""
    from ..files.verification_report import group_rows, totals
    env = app.env
    groups = group_rows(node["rows"], node.get("published", {}))
    entries = bibliography_entries(env)
    shown = list(totals(groups))
    w = words(lang)

    def status_word(status):
        return say(status, lang, STATUS_WORDS) if status in STATUS_WORDS else status

    def page_url(page):
        entry = entries.get(f"busser-{page}") if page else None
        return entry["url"] if entry and entry.get("url") else None

    def page_name(group):
        """The diagrams' id prefix and the source page's file: ``katra-fandatsaka (fifanga.html)``."""
        if not group.page:
            return say("own_examples", lang)
        url = page_url(group.page)
        return f"{group.page} ({url.rsplit('/', 1)[-1] if url else group.page + '.html'})"

    def anchor(group):
        return "source-" + nodes.make_id(group.page or "own-examples")

    uris, titles = {}, {}

    def link(docname, anchor):
        """Where a diagram is drawn, relative to this page, as Sphinx makes its own links."""
        if docname not in uris:
            uris[docname] = app.builder.get_relative_uri(fromdoc, docname)
            titles[docname] = env.titles[docname].astext() if docname in env.titles else docname
        return Link(titles[docname], uris[docname] + "#" + anchor, internal=True)

    example_doc = {}   # where each example is drawn (a check links to its example's first step)
    for docname, records in sorted(getattr(env, "mancala_diagrams", {}).items()):
        for rec in records:
            example_doc.setdefault(rec["example"], (docname, rec))
    out = []
    summary = []
    for g in groups:
        summary.append([Link(page_name(g), "#" + anchor(g), internal=True),
                        *[str(g.counts.get(s, 0)) for s in shown], str(len(g.entries))])
    summary.append([say("total", lang), *[str(n) for n in totals(groups).values()],
                    str(sum(len(g.entries) for g in groups))])
    out.append(make_table([say("source_page", lang), *[status_word(s) for s in shown], say("total", lang)],
                          summary, TABLE_CLASSES))
    if "missing" not in shown:
        out.append(nodes.paragraph(text=say("all_accounted", lang)))
    for g in groups:
        heading = nodes.rubric("", "", ids=[anchor(g)], **{"heading-level": 2})
        url = page_url(g.page)
        heading += nodes.reference(page_name(g), page_name(g), refuri=url) if url else nodes.Text(page_name(g))
        out.append(heading)
        counts = ", ".join(w.lookup(WORDS["count"], status=status_word(s), count=n) for s, n in g.counts.items())
        out.append(nodes.paragraph(text=counts))
        rows = []
        for e in g.entries:
            # where the diagram is drawn; for a check, its example's first step
            at = where.get(e.diagram) if e.diagram is not None else example_doc.get(e.example)
            if at is not None:
                docname, rec = at
                drawn = link(docname, rec["anchor"])
            else:
                drawn = say("not_drawn", lang)
            number = (e.diagram or "").rpartition("-")[2]
            if url and e.diagram and number.isdigit():
                text = w.lookup(WORDS["diagram_number"], number=int(number))
                source = Link(text, url)
            else:
                source = say("no_source", lang)
            if e.diagram:
                label = e.diagram
            else:  # a check: the example's name and its ``at:`` (the YAML's words, shown as code)
                label = Code((Path(e.example or "?").stem, e.check or ""))
            rows.append([label, status_word(e.status), drawn, source])
        out.append(make_table([say("diagram", lang), say("status", lang), say("drawn", lang), say("source", lang)],
                              rows, TABLE_CLASSES))
    container = nodes.container(classes=["mancala-verification-report"])
    container.extend(out)
    return container


def resolve_placeholders(app, doctree, fromdoc):
    env = app.env
    lang = lang_of(env)
    if getattr(app.builder, "format", None) == "html":
        quote_figures(doctree)      # written by visit_figure_html
    else:
        # a page this builder read had its figures made then (html_images); these are the
        # figures of a page an HTML build read, its doctrees reused
        expand_figures(doctree, html=False)
    if app.builder.name == "gettext":  # generated words are per language, not catalog messages
        for img in doctree.findall(nodes.image):
            if "mancala-board" in img["classes"] or "mancala-legend-sample" in img["classes"]:
                img.attributes.pop("alt", None)
    lazy_images(doctree)
    placeholders = list(doctree.findall(mancala_placeholder))
    if not placeholders:
        return
    where = {}
    for docname, records in sorted(getattr(env, "mancala_diagrams", {}).items()):
        for rec in records:
            where.setdefault(rec["id"], (docname, rec))
    for node in placeholders:
        if node["kind"] == "verification":
            new = verification_content(app, fromdoc, node, where, lang)
            if getattr(app.builder, "format", None) != "html":   # HTML writes the tables itself
                for table in list(new.findall(mancala_table)):
                    table.replace_self(to_docutils(table))
        else:
            errata = [(d, rec) for d, (docname, rec) in where.items() if rec["status"] == "erratum"]
            if not errata:
                new = nodes.paragraph(text=say("no_errata", lang))
            else:
                new = nodes.bullet_list(classes=["mancala-errata"])
                for did, rec in sorted(errata):
                    docname = where[did][0]
                    para = nodes.paragraph()
                    ref = nodes.reference("", "", internal=True)
                    ref["refuri"] = app.builder.get_relative_uri(fromdoc, docname) + "#" + rec["anchor"]
                    ref += nodes.Text(did)
                    para += ref
                    reason = in_language(rec.get("reason") or {}, lang)
                    para += nodes.Text(words(lang).gettext(": %(reason)s", reason=reason))
                    new += nodes.list_item("", para)
        node.replace_self(new)


def purge_doc(app, env, docname):
    if hasattr(env, "mancala_diagrams"):
        env.mancala_diagrams.pop(docname, None)
    if hasattr(env, "mancala_generated"):
        env.mancala_generated.discard(docname)


def merge_info(app, env, docnames, other):
    data = getattr(env, "mancala_diagrams", {})
    for docname in docnames:
        if docname in getattr(other, "mancala_diagrams", {}):
            data[docname] = other.mancala_diagrams[docname]
    env.mancala_diagrams = data
    env.mancala_generated = getattr(env, "mancala_generated", set()) | (
        getattr(other, "mancala_generated", set()) & set(docnames))


def before_read(app, env, docnames):
    env.mancala_read_any = bool(docnames)
    _THIS_BUILD.clear()


def env_updated(app, env):
    """Rewrite the verification and errata pages whenever any page was read."""
    if getattr(env, "mancala_read_any", False):
        return sorted(getattr(env, "mancala_generated", set()))
    return []


def add_static(app, config):
    """Our stylesheet; added at config time, so that the saved configuration matches
    the next build's and a no-op build stays a no-op."""
    static = str(Path(__file__).parent / "static")
    if static not in config.html_static_path:
        config.html_static_path.append(static)


def check_language(app, config):
    """The caption catalogs of the project (``mancala_locale_dirs``, relative to
    conf.py) are used too; a build in a language without a caption catalog
    stops at once, saying which there are."""
    confdir = Path(app.confdir)
    use_locale_dirs([confdir / d for d in config.mancala_locale_dirs])
    try:
        catalog_language(config.language)
    except MancalaError as exc:
        from sphinx.errors import ConfigError
        raise ConfigError(str(exc)) from None


def setup(app):
    app.add_config_value("mancala_image_cache", "", "env", types=frozenset({str}))
    app.add_config_value("mancala_project_root", "", "env", types=frozenset({str}))
    app.add_config_value("mancala_plain", False, "env", types=frozenset({bool}))
    app.add_config_value("mancala_locale_dirs", [], "env", types=frozenset({list, tuple}))
    app.add_directive("mancala-example", ExampleDirective)
    app.add_directive("mancala-position", PositionDirective)
    app.add_directive("mancala-track", TrackDirective)
    app.add_directive("mancala-legend", LegendDirective)
    app.add_directive("mancala-verification", VerificationDirective)
    app.add_directive("mancala-errata", ErrataDirective)
    app.add_node(mancala_placeholder)
    app.add_node(mancala_figure, html=(visit_figure_html, None))
    app.add_node(mancala_table, html=(visit_table_html, None))
    app.add_node(mancala_image, html=(visit_image_html, depart_image_html))
    app.connect("doctree-read", html_images, priority=400)    # before the image collector (500)
    app.add_node(mancala_steps, html=(visit_steps_html, depart_steps_html))
    app.connect("doctree-resolved", resolve_placeholders)
    app.connect("env-purge-doc", purge_doc)
    app.connect("env-merge-info", merge_info)
    app.connect("env-before-read-docs", before_read)
    app.connect("env-updated", env_updated)
    app.connect("config-inited", add_static)
    app.connect("config-inited", check_language)
    app.add_css_file("mancala.css")
    app.add_js_file("mancala-viewer.js", loading_method="defer")
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True,
            "env_version": render.RENDER_VERSION}
