"""The verifier's results as typed rows.

The verifier (:mod:`mancala_diagrams.files.verify`) reports one mapping per
published diagram, check or departure; :class:`Row` is that mapping typed.
``mancala-diagrams verify --json`` writes :meth:`Row.to_json` of each row (the
keys the verifier gives, in one order), and :meth:`Row.from_json` reads one
back.  The command line, the verification and errata pages and each figure's
status all read rows, never the mappings.
"""
from __future__ import annotations

from dataclasses import dataclass, fields

#: The statuses the verification page shows, in the order it lists and counts them
#: (:attr:`Row.shown_status`).
STATUSES = ("verified", "picture", "erratum", "departure", "checked", "generated", "missing",
            "mismatch", "error")

#: Statuses of a row that passed (a ``missing`` one fails only a strict verification).
PASSED = ("verified", "erratum", "generated")


@dataclass(frozen=True, kw_only=True)
class Row:
    """One line of the verification.  *example* is the example file relative
    to the project (None for a published diagram no example accounts for),
    *diagram* the published diagram's id (None for a check or a departure,
    which have a *check* label instead); *status* is the verifier's
    (``verified``, ``generated``, ``erratum``, ``mismatch``, ``error``,
    ``missing``), *reason* why, in English; *compared* names the two boards of
    *diff* (keys of :data:`mancala_diagrams.files.verify.LABELS`).  An erratum carries the *evidence* of its
    search, in English and in *evidence_words* {language: text}.  A row of an
    example written by ``draft`` and not reviewed yet has the status
    ``drafted``, and *drafted* says the status it will have."""
    example: str | None = None
    diagram: str | None = None
    check: str | None = None
    at: str | None = None
    departure: str | None = None
    status: str
    kind: str | None = None          # "picture": a published picture with no position
    page: str | None = None          # a missing diagram's source page
    reason: str | None = None
    compared: tuple | None = None
    diff: tuple | None = None        # {hole, row, column, LEFT: value, RIGHT: value} each
    evidence: str | None = None
    evidence_words: dict | None = None
    claims: tuple | None = None      # what the source says happens at the diagram
    drafted: str | None = None       # a drafted example's row: the status it has once reviewed

    @classmethod
    def from_json(cls, data: dict) -> "Row":
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"a verification row has no key {unknown[0]!r} (it has: {', '.join(sorted(known))})")
        values = dict(data)
        for key in ("compared", "diff", "claims"):
            if values.get(key) is not None:
                values[key] = tuple(values[key])
        return cls(**values)

    def to_json(self) -> dict:
        """The row as the verifier gives it: *example*, *diagram* and *status*
        always, every other key only when it has a value."""
        out = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if value is None and f.name not in ("example", "diagram"):
                continue
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out

    @property
    def passed(self) -> bool:
        return self.status in PASSED

    @property
    def shown_status(self) -> str:
        """The status the verification page shows (:data:`STATUSES`): a
        verified row is a ``picture``, a ``departure`` or a ``checked`` board
        when it is one; an unknown status is an ``error``."""
        if self.status == "verified":
            if self.kind == "picture":
                return "picture"
            if self.departure:
                return "departure"
            if self.diagram is None and self.check:
                return "checked"
        return self.status if self.status in STATUSES else "error"

    def evidence_in(self, lang: str) -> str | None:
        """The erratum's evidence in *lang* (in English when it has none in *lang*)."""
        words = self.evidence_words or {}
        return words.get(lang) or self.evidence


def rows_of(results) -> list[Row]:
    """The typed rows of the verifier's results."""
    return [Row.from_json(r) for r in results]


def ok(rows, strict=False) -> bool:
    """Whether every row passed (a published diagram no example accounts for,
    status ``missing``, fails only when *strict*)."""
    return all(r.passed or (r.status == "missing" and not strict) for r in rows)
