"""The verification page's content, from the verifier's rows: grouped by the
source page each published diagram comes from, sorted, counted per status.

Pure data in, data out (the :class:`~.rows.Row` list of a whole project,
with the published diagrams no example accounts for, and the published
diagrams' pages); the Sphinx extension turns the result into tables in the
build's language.

Each row gets one *status* the page defines (:attr:`.rows.Row.shown_status`),
a word of the vocabulary of evidence (:data:`.rows.VOCABULARY`, where each
status's word and definition are): what the check of that board proves.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .rows import STATUSES, Row


def natural_key(text: str) -> tuple:
    """``katro-2`` before ``katro-10``: numbers compared as numbers."""
    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part)
                 for part in re.split(r"(\d+)", text or "") if part)


@dataclass
class Entry:
    """One line of the page: a published diagram (or a check, or a board of
    the project's own examples) and its status."""
    diagram: str | None
    status: str
    example: str | None
    check: str | None = None
    reason: str | None = None


@dataclass
class Group:
    """The lines of one source page (``page`` is the name of its transcription,
    ``katro`` for katro.html), or of the project's own examples (``page`` None)."""
    page: str | None
    entries: list[Entry] = field(default_factory=list)

    @property
    def counts(self) -> dict[str, int]:
        """{status: number of lines}, in :data:`STATUSES` order, zero counts left out."""
        found = {}
        for e in self.entries:
            found[e.status] = found.get(e.status, 0) + 1
        return {s: found[s] for s in STATUSES if s in found}


def group_rows(rows: list[Row], published: dict) -> list[Group]:
    """The rows of the verifier grouped by source page: the page of a published
    diagram is the one of its transcription (*published*: id -> page name);
    a check belongs to the page of the published diagrams of its example;
    everything else (the project's own examples) comes last, in a group of its
    own.  Pages sorted by name, lines by diagram id (numbers as numbers), then
    by example and check."""
    page_of_example = {}
    for r in rows:
        if r.diagram in published and r.example:
            page_of_example.setdefault(r.example, published[r.diagram])
    groups: dict[str | None, Group] = {}
    for r in rows:
        did = r.diagram
        if did in published:
            page = published[did]
        elif r.page is not None:
            page = r.page
        else:
            page = page_of_example.get(r.example) if did is None else None
        entry = Entry(diagram=did, status=r.shown_status, example=r.example, check=r.check, reason=r.reason)
        groups.setdefault(page, Group(page)).entries.append(entry)
    for g in groups.values():
        g.entries.sort(key=lambda e: (e.diagram is None, natural_key(e.diagram or ""),
                                      e.example or "", natural_key(e.check or "")))
    return sorted(groups.values(), key=lambda g: (g.page is None, g.page or ""))


def totals(groups: list[Group]) -> dict[str, int]:
    """{status: number of lines} over every group, in :data:`STATUSES` order."""
    found = {}
    for g in groups:
        for s, n in g.counts.items():
            found[s] = found.get(s, 0) + n
    return {s: found[s] for s in STATUSES if s in found}
