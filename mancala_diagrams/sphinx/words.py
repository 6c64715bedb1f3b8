"""The extension's own words (table headers, notes, the step-through viewer's
labels), looked up in the caption catalogs in the build's language."""
from __future__ import annotations

from ..drawing.catalog import N_, words
from ..view.rows import status_words

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
    # Translators: how many lines of the verification page have a status: "replayed: 45"
    "count": N_("%(status)s: %(count)s"),
    "all_accounted": N_("Every published diagram is accounted for by an example."),
    # Translators: the heading of the statuses' definitions on the verification page
    "statuses": N_("What each status proves"),
    "assumptions": N_("Assumptions"),
    "no_errata": N_("No erratum is declared."),
    # Translators: the credit of a published diagram, after its caption (linked to the page).
    "credit": N_("Source: %(author)s, %(site)s, page %(page)s, diagram %(number)s."),
    # Translators: the words of a figure's short citation, before the figure's id (its link):
    # the source page's author and file, the diagram's number there, this site and its version
    "cite_source": N_("Cite: %(author)s, %(page)s, diagram %(number)s; %(site)s %(version)s,"),
    # Translators: the words of a short citation of the project's own figure, before its id
    "cite_own": N_("Cite: %(site)s %(version)s,"),
    # Translators: the link beside a published diagram's credit to the version of its page transcribed here
    "archived": N_("archived version, as transcribed"),
    # Translators: under a worked example's viewer, a link to the legend of the board pictures
    "legend_link": N_("What the marks on the boards mean"),
    # Translators: the labels of an erratum's two boards
    "side_published": N_("As published"),
    "side_replayed": N_("As replayed by the engine"),
    # Translators: before the command that checks an erratum again, on the errata page
    "check_again": N_("To check it again, run in the project’s folder:"),
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


def say(key: str, lang: str, table=WORDS, **values) -> str:
    """A word of the extension's own in *lang*."""
    return words(lang).lookup(table[key], **values)


def status_word(status: str, lang: str) -> str:
    """A verification status's word in *lang* (an unknown one as it is)."""
    return status_words(status, lang)[0]


def figure_status(figure, lang: str) -> tuple[str, str] | None:
    """What the status badge of a worked example's *figure* shows: (its
    status, the status's word in *lang*, from the vocabulary of
    :mod:`mancala_diagrams.view.rows`); None for a figure without one.  The
    one place that says which status a figure shows and how."""
    if figure.status is None:
        return None
    return figure.status, status_word(figure.status, lang)
