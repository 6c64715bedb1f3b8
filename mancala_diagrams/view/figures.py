"""Typed figures: what a page shows of a worked example, a position, a sowing
order or the legend, in one language.

A :class:`Figure` is plain data: its pictures (each a position with what its
image highlights, marks and numbers, its drawing options and its alt text; an
erratum has two, the published board and the replayed one, told apart by
their *side*), its caption, the credit of the published diagram, the
verifier's status for it, and what the in-page player needs to start from it
(the rules' name and the position's text).  The Sphinx extension makes nodes
of figures, the drawing makes images of pictures; nothing here knows either.

The words come from :mod:`mancala_diagrams.drawing.captions`, through
:func:`step_caption` and :func:`erratum_points`, the one place that says
what the narrator is given.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from ..drawing import captions, render
from ..drawing.catalog import N_, in_language, words
from ..engine.geometry import SOUTH, parse_direction
from ..engine.position import Position
from ..errors import MancalaError
from ..files.verify import expected_special_holes, tsibongy_arrows
from .rows import Row
from .steps import differing, example_options, example_steps, grid_position, step_highlights

#: Said after an erratum's caption, whose figure shows the two boards side by side.
# (side by side on a wide screen, one above the other on a phone: each board says which it is)
PUBLISHED = N_("The board as published, then as replayed by the engine, each labelled; the marked holes differ.")
#: Said first in a claim erratum's caption on the errata page: the board is the replay's.
CLAIM_ERRATUM = N_("The board as replayed by the engine, where the replay contradicts what the page says.")
#: The caption of an erratum's figure on the errata page, whose boards are labelled.
DIFFER = N_("The marked holes differ between the two boards.")


@dataclass(frozen=True)
class Picture:
    """One board image: the *position* drawn with its *highlights* (role ->
    holes), *marks* (the published colours: rows of colour names, or {hole:
    colour}), *numbers* ({hole: number}), *labels* ({hole: name drawn}) and
    drawing *options*; *alt* says it in words.  *side* is ``published`` or
    ``replayed`` for the two boards of an erratum, None otherwise."""
    position: Position
    alt: str
    highlights: dict | None = None
    marks: object = None
    numbers: dict | None = None
    labels: dict | None = None
    options: render.Options | None = None
    side: str | None = None


@dataclass(frozen=True)
class Credit:
    """Where a published diagram comes from: its source page (the name of the
    page's transcription, ``katro`` for katro.html) and its number there."""
    page: str
    number: int


@dataclass(frozen=True)
class Figure:
    """A figure of the site.  *id* is the diagram's id (or the name a page
    gives a position), *anchor* its HTML id; *caption* the words under the
    pictures (*authored*: the page author's own words, which the page's
    catalogs translate, rather than the extension's); *status* and *evidence*
    the verifier's (:attr:`.rows.Row.shown_status`, and the evidence or the
    reason in words); *rules* and *position* what a player starts from (the
    rules' name, the text form of the step's start: :func:`.steps.example_steps`); *example* the example file it
    comes from (relative to the project); *erratum* the declared erratum's
    reason, for a figure drawn with its published board beside it; *points*
    an erratum's evidence as a short list (the errata page's)."""
    id: str | None
    anchor: str | None
    pictures: tuple[Picture, ...]
    caption: str | None = None
    authored: bool = False
    credit: Credit | None = None
    status: str | None = None
    evidence: str | None = None
    rules: str | None = None
    position: str | None = None
    example: str | None = None
    erratum: str | None = None
    points: tuple[str, ...] = ()


@dataclass(frozen=True)
class ExampleView:
    """A worked example as a page shows it, in one language: its *figures*,
    one per published diagram, and *errata*, each declared erratum the
    verifier accepts as the errata page draws it.  *path*: the example file,
    relative to the project; *reads_sources*: its start is read from another
    example's transcription, so it depends on every example file."""
    path: str
    title: str
    generated: bool
    assumptions: tuple[str, ...]
    figures: tuple[Figure, ...]
    errata: tuple[Figure, ...]
    reads_sources: bool = False


@dataclass(frozen=True)
class LegendItem:
    """One line of the legend: a small sample of a highlight and what it means."""
    picture: Picture
    text: str


def anchor_of(text: str) -> str:
    """The HTML id of a figure named *text*, as docutils makes an id
    (``docutils.nodes.make_id``): lower case, accents dropped, every run of
    other characters a hyphen, starting with a letter."""
    text = unicodedata.normalize("NFKD", text.lower()).encode("ascii", "ignore").decode("ascii")
    text = re.sub(r"[^a-z0-9]+", "-", " ".join(text.split()))
    return re.sub(r"^[^a-z]+|[^a-z0-9]+$", "", text)


#: The statuses whose diagram has an entry on the errata page.
ERRATA_STATUSES = ("erratum", "claim-erratum")


def errata_anchor(status: str, diagram_id: str) -> str | None:
    """The HTML id of a diagram's entry on the errata page (``erratum-katro-12``,
    ``claim-erratum-katro-gorobaka-04``), None for a status that has none."""
    return f"{status}-{anchor_of(diagram_id)}" if status in ERRATA_STATUSES else None


# -- the narrator, as the figures call it ---------------------------------------------------

def step_caption(example, step, lang: str) -> str:
    """The caption of one step of *example* (without its id)."""
    return captions.describe_step(example, step, lang)


def erratum_points(row: Row, at: str, reason: dict, lang: str, geometry) -> tuple[str, ...]:
    """An erratum's evidence as a short list of sentences: the replay, the
    differing holes named as the board of *geometry* labels them, the declared
    *reason*, the verifier's evidence."""
    record = {"diff": list(row.diff or ()), "example": row.example, "at": at, "reason": reason,
              "evidence": row.evidence_words}
    name = lambda d: geometry.name(d["row"] * geometry.columns + d["column"])    # noqa: E731
    return tuple(captions.erratum_points(record, lang, name))


# -- worked examples ------------------------------------------------------------------------

def example_views(example, path: str, rows: list[Row], languages, reads_sources=False) -> dict[str, ExampleView]:
    """{language: :class:`ExampleView`} of *example* (loaded by the files
    layer from the file *path*, relative to the project), whose verification
    gave *rows*.  Raises a MancalaError when a diagram's anchor is not in the
    replay."""
    steps = list(example_steps(example))
    options = example_options(steps)
    by_id = {r.diagram: r for r in rows if r.diagram is not None}
    out = {}
    for lang in languages:
        figures = tuple(_step_figure(example, step, options, by_id.get(step.diagram.id), path, lang)
                        for step in steps)
        errata = tuple(_errata_figure(example, step, by_id[step.diagram.id], lang) for step in steps
                       if step.diagram.erratum is not None and step.diagram.id in by_id
                       and by_id[step.diagram.id].status == "erratum")
        errata += tuple(_claim_erratum_figure(example, step, by_id[step.diagram.id], lang) for step in steps
                        if step.diagram.claim_erratum is not None and step.diagram.id in by_id
                        and by_id[step.diagram.id].claim_erratum is not None)
        out[lang] = ExampleView(path=path, title=in_language(example.title, lang), generated=example.generated,
                                assumptions=tuple(in_language(a, lang) for a in example.assumptions),
                                figures=figures, errata=errata, reads_sources=reads_sources)
    return out


def _status(row: Row | None, lang: str) -> dict:
    if row is None:
        return {}
    said = (row.given or {}).get("words") or (row.claim_erratum or {}).get("evidence")    # a start, a sentence
    return {"status": row.shown_status, "evidence": row.evidence_in(lang) or in_language(said, lang) or row.reason}


def _start(step) -> str | None:
    return step.start.to_text() if step.start is not None else None


def _credit(diagram_id: str) -> Credit | None:
    page, _, number = diagram_id.rpartition("-")
    return Credit(page, int(number)) if page and number.isdigit() else None


def _step_figure(example, step, options, row, path, lang) -> Figure:
    diagram, position, numbers = step.diagram, step.position, step.numbers
    rules = example.rules
    hl = step_highlights(step.events, position, rules)
    marks = diagram.marks
    if diagram.picture and example.kind == "special-holes":
        # a published picture (arrows, no position): the project draws the same idea,
        # the holes of the legend's roles in their colours, and the page's arrows
        marks = expected_special_holes(example)
        hl = {**hl, **tsibongy_arrows(example)}
    text = step_caption(example, step, lang)
    alt = captions.describe_position(position, lang, highlights=hl, numbers=numbers, rules=rules)
    erratum = diagram.erratum
    if erratum is not None:
        published = grid_position(diagram.grid, position)
        diff = differing(published, position)
        left_alt = captions.describe_position(published, lang, highlights={"differs": diff})
        pictures = (Picture(published, left_alt, {"differs": diff}, marks, options=options, side="published"),
                    Picture(position, alt, {**hl, "differs": diff}, marks, numbers, options=options,
                            side="replayed"))
        reason = in_language(erratum.reason, lang)
        text = f"{text} {words(lang).lookup(PUBLISHED)} {captions.sentence(reason)}"
    else:
        pictures = (Picture(position, alt, hl, marks, numbers, options=options),)
        said = row.claim_erratum if row is not None else None     # the page's words, not its board, are wrong
        reason = in_language(said["reason"], lang) if said else None
    flag = row.seed_count if row is not None else None        # a seed count no real game has
    if flag:
        text = f"{text} {diagram.id} {in_language(flag['words'], lang)}."
    return Figure(id=diagram.id, anchor=anchor_of(diagram.id), pictures=pictures, caption=f"{diagram.id}. {text}",
                  credit=None if example.generated else _credit(diagram.id), **_status(row, lang),
                  rules=rules.name, position=_start(step), example=path, erratum=reason)


def _errata_figure(example, step, row: Row, lang) -> Figure:
    """A declared erratum as the errata page draws it: the published grid and
    the replay side by side, the differing holes marked, the evidence in words."""
    d, position = step.diagram, step.position
    g = position.geometry
    published = grid_position(d.grid, position)
    hl = {"differs": sorted(x["row"] * g.columns + x["column"] for x in row.diff or () if x.get("hole"))}
    rules = example.rules
    pictures = (Picture(published, captions.describe_position(published, lang, highlights=hl), hl, d.marks,
                        side="published"),
                Picture(position, captions.describe_position(position, lang, highlights=hl, rules=rules), hl,
                        d.marks, side="replayed"))
    return Figure(id=d.id, anchor=errata_anchor("erratum", d.id), pictures=pictures,
                  caption=f"{d.id}. {words(lang).lookup(DIFFER)}", credit=_credit(d.id), **_status(row, lang),
                  rules=rules.name, position=_start(step), example=row.example,
                  erratum=in_language(d.erratum.reason, lang),
                  points=erratum_points(row, d.at, d.erratum.reason, lang, g))


def _claim_erratum_figure(example, step, row: Row, lang) -> Figure:
    """A claim erratum as the errata page draws it: the replayed board, and
    as its points the declared reason and the evidence in words (the page
    gives the commands that show it again)."""
    d, position = step.diagram, step.position
    rules = example.rules
    w = words(lang)
    said = row.claim_erratum
    reason = in_language(said["reason"], lang)
    points = (captions.sentence(reason),
              captions.sentence(w.gettext("Evidence: %(text)s", text=in_language(said["evidence"], lang))))
    picture = Picture(position, captions.describe_position(position, lang, rules=rules), None, d.marks)
    return Figure(id=d.id, anchor=errata_anchor("claim-erratum", d.id), pictures=(picture,),
                  caption=f"{d.id}. {w.lookup(CLAIM_ERRATUM)}", credit=_credit(d.id), **_status(row, lang),
                  rules=rules.name, position=_start(step), example=row.example, erratum=reason, points=points)


# -- positions, sowing orders, the legend ---------------------------------------------------

def parse_marks(text, geometry) -> dict:
    """{hole: colour} from ``HOLE=COLOUR`` items separated by spaces (``c2=red``)."""
    marks = {}
    for item in (text or "").split():
        if "=" not in item:
            raise MancalaError(f"a mark is HOLE=COLOUR, not {item!r}")
        hole, colour = item.split("=", 1)
        marks[geometry.parse(hole)] = colour
    return marks


def position_figure(position: Position, lang: str, highlights=None, marks=None, notation=None, alt=None,
                    caption=None, name=None) -> Figure:
    """One position (``mancala-position``): *highlights* {role: hole names},
    *marks* ``HOLE=COLOUR`` items, *notation* the hole names drawn on the board
    (``letters``, ``chess``) instead of the coordinates; *alt* and *caption*
    the page author's words, if given."""
    g = position.geometry
    hl = {role: [g.parse(n) for n in holes.replace(",", " ").split()]
          for role, holes in (highlights or {}).items() if holes}
    labels = options = None
    if notation:        # hole names drawn on the board (de Voogt's letters ...)
        labels = {h: g.name(h, notation) for h in range(g.size)}
        options = render.Options(coords=False)      # the names replace the coordinates
    picture = Picture(position, alt or captions.describe_position(position, lang, highlights=hl), hl,
                      parse_marks(marks, g), labels=labels, options=options)
    return Figure(id=name, anchor=anchor_of(name) if name else None, pictures=(picture,), caption=caption or None,
                  authored=bool(caption), position=position.to_text())


def track_figure(columns, lang: str, rows=2, solo=False, player=SOUTH, start=None, direction="counterclockwise",
                 first=0, caption=None, name=None) -> Figure:
    """The order in which *player*'s seeds are sown (``mancala-track``), from
    the hole *start* (the track's first by default) in *direction*, numbered
    from *first*; its caption told unless the page gives one."""
    if not columns:
        raise MancalaError("mancala-track needs :columns:")
    board = Position.empty(columns, rows, solo)
    g = board.geometry
    player = player.strip().lower()
    if player not in g.players:
        raise MancalaError(f"no player {player!r} on this board", expected=" or ".join(g.players))
    way = parse_direction(direction.strip())
    start = start or g.name(g.track(player)[0])
    numbers = {hole: first + i for i, hole in enumerate(g.sowing_order(player, g.parse(start), way))}
    picture = Picture(board, captions.describe_position(board, lang, numbers=numbers), numbers=numbers)
    text = caption or captions.describe_track(g, player, g.name(g.parse(start)), way, first, lang)
    return Figure(id=name, anchor=anchor_of(name) if name else None, pictures=(picture,), caption=text,
                  authored=bool(caption))


#: The legend's samples: one hole, small, no trays or coordinates.
LEGEND_SAMPLE = Position.from_rows([[2]], solo=True)
LEGEND_OPTIONS = render.Options(cell=34, margin=3, trays=False, coords=False)


def legend(lang: str) -> list[LegendItem]:
    """What each highlight means, with a sample of it (``mancala-legend``)."""
    return [LegendItem(Picture(LEGEND_SAMPLE, captions.role_name(role, lang), {role: [0]},
                               options=LEGEND_OPTIONS), captions.legend_text(role, lang))
            for role in render.ROLES]

