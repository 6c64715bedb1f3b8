"""The credits of published diagrams, from the site's bibliography.

A figure of a published diagram carries its :class:`~mancala_diagrams.view.figures.Credit`
(the source page and the diagram's number there); the bibliography entry of
that page (:data:`KEY`, in the BibTeX files of sphinxcontrib-bibtex's
``bibtex_bibfiles``) gives its author, site and addresses: ``url``, the
version of the page the diagrams were transcribed from (a page kept at one
commit of its repository: the archived version), and, when the page is
published for its readers as well, ``readerurl``, the page as they see it.
The verification page links each source page to the archived version.
"""
from __future__ import annotations

import re
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
            "reader": entry.fields.get("readerurl", ""),
            "author": " ".join(" ".join(p.first_names + p.prelast_names + p.last_names)
                               for p in entry.persons.get("author", [])[:1])}


def page_url(entries: dict, page) -> str | None:
    """The address of the source page *page* (None without an entry that has one)."""
    entry = entries.get(KEY.format(page=page)) if page else None
    return entry["url"] if entry and entry.get("url") else None


def page_file(entry: dict) -> str:
    """The file name of an entry's page, as its readers see it if they can."""
    return (entry.get("reader") or entry["url"]).rsplit("/", 1)[-1]


def credit(entries: dict, credit, lang: str) -> tuple[tuple[str, str], ...] | None:
    """The links of a figure's *credit* in *lang*, each (text, address): the
    author, site, page and the diagram's number on it, linking to the page as
    its readers see it, then the archived version transcribed; the first
    alone, linking to the archived version, when the entry knows no readers'
    page.  None without such an entry (then :func:`missing` says why)."""
    url = page_url(entries, credit.page)
    if url is None:
        return None
    entry = entries[KEY.format(page=credit.page)]
    text = say("credit", lang, author=entry["author"], site=entry["site"], page=page_file(entry),
               number=credit.number)
    if entry.get("reader"):
        return ((text, entry["reader"]), (say("archived", lang), url))
    return ((text, url),)


def cite_words(entries: dict, credit, lang: str, site: str, version: str) -> str:
    """The words of a figure's short citation (its id follows them): the
    source diagram (when the figure has a *credit* its entry names), this
    *site* and its *version*."""
    url = page_url(entries, credit.page) if credit is not None else None
    if url is None:
        words = say("cite_own", lang, site=site, version=version)
    else:
        entry = entries[KEY.format(page=credit.page)]
        words = say("cite_source", lang, author=entry["author"].split()[-1], page=page_file(entry),
                    number=credit.number, site=site, version=version)
    return re.sub(" {2,}", " ", words)      # a site without a name


def missing(figure_id: str, credit) -> str:
    """The warning for a credit without its bibliography entry."""
    key = KEY.format(page=credit.page)
    return f"{figure_id}: no bibliography entry {key} with a url for the diagram's credit"
