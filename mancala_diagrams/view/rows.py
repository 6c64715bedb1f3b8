"""The verifier's results as typed rows, and the vocabulary of evidence.

The verifier (:mod:`mancala_diagrams.files.verify`) reports one mapping per
published diagram, check or departure; :class:`Row` is that mapping typed.
``mancala-diagrams verify --json`` writes :meth:`Row.to_json` of each row (the
keys the verifier gives, in one order), and :meth:`Row.from_json` reads one
back.  The command line, the verification and errata pages and each figure's
status all read rows, never the mappings.

A row's *status* is a word of one vocabulary (:data:`STATUSES`), the same in
``verify --json``, the command's table, the verification page and the badge of
each figure: what the check of that board proves.  The verifier judges
(``verified``, ``erratum``, ``mismatch`` ...); :func:`evidence_status` names
what a passed judgement rests on (a replay, the rules' set-up, a start copied
from the page ...).  :func:`status_words` gives a status's word and its
one-line definition in a language, from the caption catalogs.
"""
from __future__ import annotations

from dataclasses import dataclass, fields

from ..drawing.catalog import N_, languages, translations, words
from ..errors import MancalaError
from ..files.said import Said, say_with

#: The statuses of a row, in the order the verification page lists and counts
#: them, each with its word and its definition (messages of the caption catalogs).
VOCABULARY = {
    "replayed": (N_("replayed"), N_("The example's moves, replayed by the rules engine from the rules' start "
                                    "or from a start the page gives, pass through exactly this board.")),
    "set-up": (N_("set-up"), N_("The board is the rules' own set-up before the first move, compared "
                                "hole by hole.")),
    "sowing-order": (N_("sowing order"), N_("The numbers drawn are the order in which the rules sow the "
                                            "holes, compared hole by hole.")),
    "marks": (N_("marks"), N_("The coloured holes are those the rules single out, and the seeds drawn, "
                              "if any, are the example's start.")),
    "picture": (N_("picture"), N_("A picture that holds no position: its transcription matches the page, "
                                  "and its arrows, if it has any, are the way the rules send captured seeds.")),
    "given": (N_("given"), N_("The board is the example's start, copied from the page: only its "
                              "transcription is checked, and what is known of a real game leading there "
                              "is said beside it.")),
    "erratum": (N_("erratum"), N_("The published board differs from the replay, and a declared erratum "
                                  "says why, with evidence anyone can re-run.")),
    "claim-erratum": (N_("claim erratum"), N_("The board is replayed, but the replay contradicts what the "
                                              "page says of it; the errata page gives the evidence.")),
    "departure": (N_("departure"), N_("The page plays against one of its own rules: the replay passes "
                                      "through the board with that one rule set aside, and checks that "
                                      "the full rules refuse the move.")),
    "checked": (N_("checked"), N_("A board the text describes without drawing it, found by the replay.")),
    "generated": (N_("generated"), N_("One of the project's own examples: no source draws this board, "
                                      "the rules engine computed it.")),
    "drafted": (N_("drafted"), N_("Written by the drafting command and not reviewed yet: nobody has "
                                  "compared it with the page's text.")),
    "missing": (N_("missing"), N_("A published diagram that no example accounts for yet.")),
    "mismatch": (N_("mismatch"), N_("The replay and the published board disagree without explanation: "
                                    "the site is not built.")),
    "error": (N_("error"), N_("The example cannot be replayed: the site is not built.")),
}
STATUSES = tuple(VOCABULARY)

#: Statuses of a row that passed (a ``missing`` one fails only a strict verification).
PASSED = ("replayed", "set-up", "sowing-order", "marks", "picture", "given", "erratum", "claim-erratum",
          "departure", "checked", "generated")

#: What a verified board was compared with (the verifier's ``against``), as a status.
AGAINST = {"replay": "replayed", "set-up": "set-up", "sowing-order": "sowing-order", "marks": "marks"}


def evidence_status(data: dict) -> str:
    """The status of the verifier's row *data* in the vocabulary: what its
    judgement rests on.  A word of the vocabulary stays as it is; so do
    ``mismatch``, ``error``, ``missing`` and ``drafted``."""
    status = data.get("status")
    if status != "verified":
        return status
    if data.get("given"):
        return "given"              # equal to its example's start by construction: not evidence of the rules
    if data.get("kind") == "picture":
        return "picture"
    if data.get("departure"):
        return "departure"
    if data.get("claim_erratum"):
        return "claim-erratum"
    if data.get("diagram") is None:
        return "checked"
    return AGAINST.get(data.get("against"), status)


def say(value, lang: str) -> str:
    """Words of the files layer (a :class:`~mancala_diagrams.files.said.Said`)
    in *lang*, from the caption catalogs."""
    return say_with(value, translations(lang).gettext)


def in_words(value):
    """*value* with every :class:`~mancala_diagrams.files.said.Said` in it said
    in each language of the caption catalogs ({language: text})."""
    if isinstance(value, Said):
        out = {}
        for lang in languages():
            try:
                out[lang] = say(value, lang)
            except MancalaError:    # a catalog that cannot be read: that language's build says so
                continue
        return out
    if isinstance(value, dict):
        return {k: in_words(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(in_words(v) for v in value)
    return value


def status_words(status: str, lang: str) -> tuple[str, str]:
    """A status's word and its one-line definition in *lang* (the caption
    catalogs); an unknown status as it is, with no definition."""
    if status not in VOCABULARY:
        return status, ""
    word, definition = VOCABULARY[status]
    w = words(lang)
    return w.lookup(word), w.lookup(definition)


@dataclass(frozen=True, kw_only=True)
class Row:
    """One line of the verification.  *example* is the example file relative
    to the project (None for a published diagram no example accounts for),
    *diagram* the published diagram's id (None for a check or a departure,
    which have a *check* label instead); *status* is a word of
    :data:`VOCABULARY` (:func:`evidence_status` of the verifier's), *reason*
    why, in English; *against* what a verified board was compared with; *compared* names the two boards of
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
    reason_words: dict | None = None     # an erratum's reason computed from the replay, {language: text}
    explanation: dict | None = None      # an erratum's reason as its example gives it, {language: text}
    claim_erratum: dict | None = None    # a sentence of the page the replay contradicts: {reason, evidence}
    given: dict | None = None            # a board copied from the page as its example's start: what is known of it
    seed_count: dict | None = None       # a board whose seed count no real game has
    checked: tuple | None = None         # what a drawing without a position was compared for
    against: str | None = None           # what a verified board was compared with (AGAINST)
    not_drawn: str | None = None         # what such a drawing leaves out

    @classmethod
    def from_json(cls, data: dict) -> "Row":
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"a verification row has no key {unknown[0]!r} (it has: {', '.join(sorted(known))})")
        values = {k: in_words(v) for k, v in data.items()}     # the verifier's words, said in each language
        values["status"] = evidence_status(data)
        if values.get("drafted") is not None:     # the status it will have once reviewed
            values["drafted"] = evidence_status({**data, "status": values["drafted"]})
        for key in ("compared", "diff", "claims", "checked"):
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
        """The status the verification page and the figure's badge show: the
        row's own (:data:`STATUSES`); an unknown one is an ``error``."""
        return self.status if self.status in VOCABULARY else "error"

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
