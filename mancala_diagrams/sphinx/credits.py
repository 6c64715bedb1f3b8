"""The credits of published diagrams, from the site's bibliography.

A figure of a published diagram carries its :class:`~mancala_diagrams.view.figures.Credit`
(the source page and the diagram's number there); the bibliography entry of
that page (:data:`KEY`, in the BibTeX files of sphinxcontrib-bibtex's
``bibtex_bibfiles``) gives its author, site and address.  The verification
page links each source page to the same address.
"""
from __future__ import annotations

from pathlib import Path

from .words import say

#: The bibliography key of a published page's entry.
KEY = "busser-{page}"


def bibliography_files(config, srcdir) -> list[Path]:
    """The BibTeX files the site cites from (none without sphinxcontrib-bibtex's
    ``bibtex_bibfiles``)."""
    return [Path(srcdir) / name for name in getattr(config, "bibtex_bibfiles", None) or []]


def bibliography_entries(files) -> dict:
    """{key: {"url", "site", "author"}} of the BibTeX *files* (pybtex)."""
    from pybtex.database import parse_file
    out = {}
    for path in files:
        for key, entry in parse_file(str(path), bib_format="bibtex").entries.items():
            out[key] = credit_fields(entry)
    return out


def credit_fields(entry) -> dict:
    """What a diagram's credit takes from a pybtex entry: its address, site and
    first author (first and last names)."""
    return {"url": entry.fields.get("url", ""), "site": entry.fields.get("howpublished", ""),
            "author": " ".join(" ".join(p.first_names + p.prelast_names + p.last_names)
                               for p in entry.persons.get("author", [])[:1])}


def page_url(entries: dict, page) -> str | None:
    """The address of the source page *page* (None without an entry that has one)."""
    entry = entries.get(KEY.format(page=page)) if page else None
    return entry["url"] if entry and entry.get("url") else None


def credit(entries: dict, credit, lang: str) -> tuple[str, str] | None:
    """(text, address) of a figure's *credit* in *lang*: author, site, page
    and the diagram's number on it; None without such an entry (then
    :func:`missing` says why)."""
    url = page_url(entries, credit.page)
    if url is None:
        return None
    entry = entries[KEY.format(page=credit.page)]
    return (say("credit", lang, author=entry["author"], site=entry["site"], page=url.rsplit("/", 1)[-1],
                number=credit.number), url)


def missing(figure_id: str, credit) -> str:
    """The warning for a credit without its bibliography entry."""
    key = KEY.format(page=credit.page)
    return f"{figure_id}: no bibliography entry {key} with a url for the diagram's credit"
