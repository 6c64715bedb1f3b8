"""The verification page's grouping (mancala_diagrams.view.report) and the
typed rows (mancala_diagrams.view.rows): literal rows of the verifier in, the
groups, order and counts the page shows out."""
from __future__ import annotations

import pytest

from mancala_diagrams.view.report import STATUSES, group_rows, totals
from mancala_diagrams.view.rows import Row, rows_of

PUBLISHED = {"katro-2": "katro", "katro-10": "katro", "katro-9": "katro", "katra-be-1": "katra-be",
             "katra-be-2": "katra-be"}


def row_status(row: dict) -> str:
    return Row.from_json({"example": None, **row}).shown_status


def test_each_row_gets_the_status_the_page_defines():
    assert row_status({"diagram": "katro-2", "status": "verified"}) == "verified"
    assert row_status({"diagram": "katro-2", "status": "verified", "kind": "picture"}) == "picture"
    assert row_status({"diagram": None, "check": "turn 1 departure", "departure": "capture.compulsory",
                       "status": "verified"}) == "departure"
    assert row_status({"diagram": None, "check": "lap 1 end", "status": "verified"}) == "checked"
    assert row_status({"diagram": "own-1", "status": "generated"}) == "generated"
    assert row_status({"diagram": "katro-2", "status": "erratum"}) == "erratum"
    assert row_status({"diagram": "katro-9", "status": "missing"}) == "missing"
    assert row_status({"diagram": "katro-9", "status": "mismatch"}) == "mismatch"
    assert row_status({"diagram": "katro-9", "status": "something new"}) == "error"
    assert set(STATUSES) >= {"verified", "picture", "erratum", "departure", "checked", "generated", "missing"}


def test_rows_are_grouped_by_source_page_sorted_and_counted():
    rows = [
        {"diagram": "own-2", "status": "generated", "example": "sources/x/own.yaml"},
        {"diagram": "katro-10", "status": "erratum", "example": "sources/katro/b.yaml", "reason": "r"},
        {"diagram": None, "check": "lap 1 end", "status": "verified", "example": "sources/katro/b.yaml"},
        {"diagram": "katra-be-2", "status": "verified", "example": "sources/katra-be/a.yaml"},
        {"diagram": "katro-2", "status": "verified", "example": "sources/katro/a.yaml"},
        {"diagram": "own-1", "status": "generated", "example": "sources/x/own.yaml"},
        {"diagram": "katro-9", "status": "missing", "page": "katro", "example": None},
        {"diagram": "katra-be-1", "status": "verified", "kind": "picture", "example": "sources/katra-be/a.yaml"},
        {"diagram": None, "check": "turn 1", "status": "verified", "example": "sources/x/own.yaml"},
    ]
    groups = group_rows(rows_of(rows), PUBLISHED)
    assert [g.page for g in groups] == ["katra-be", "katro", None]      # pages by name, own examples last
    katra_be, katro, own = groups
    assert [e.diagram for e in katra_be.entries] == ["katra-be-1", "katra-be-2"]
    assert [(e.diagram, e.status) for e in katro.entries] == [
        ("katro-2", "verified"), ("katro-9", "missing"), ("katro-10", "erratum"), (None, "checked")]
    assert katro.entries[-1].check == "lap 1 end" and katro.entries[2].reason == "r"
    assert [(e.diagram, e.status) for e in own.entries] == [("own-1", "generated"), ("own-2", "generated"),
                                                            (None, "checked")]
    assert katra_be.counts == {"verified": 1, "picture": 1}
    assert katro.counts == {"verified": 1, "erratum": 1, "checked": 1, "missing": 1}
    assert list(katro.counts) == ["verified", "erratum", "checked", "missing"]    # the page's order
    assert totals(groups) == {"verified": 2, "picture": 1, "erratum": 1, "checked": 2, "generated": 2,
                              "missing": 1}


def test_no_rows_no_groups():
    assert group_rows([], PUBLISHED) == [] and totals([]) == {}


def test_a_row_is_the_verifiers_mapping_typed_and_back():
    """to_json gives back what the verifier gave, its keys in the verifier's order."""
    for given in ({"example": "sources/a.yaml", "diagram": "katro-2", "at": "turn 1 end", "status": "erratum",
                   "reason": "r", "compared": ["published", "replay"],
                   "diff": [{"hole": "a1", "row": 0, "column": 0, "published": 2, "replay": 1}],
                   "evidence": "e", "evidence_words": {"en": "e", "fr": "é"}, "claims": ["turn-ends"]},
                  {"example": None, "diagram": "katro-9", "status": "missing", "page": "katro",
                   "reason": "no example accounts for this published diagram"},
                  {"example": "sources/a.yaml", "diagram": None, "check": "turn 1 departure", "at": "turn 1",
                   "departure": "capture.compulsory", "status": "verified", "reason": "r"}):
        row = Row.from_json(given)
        assert row.to_json() == given and list(row.to_json()) == list(given)
    assert Row.from_json({"example": None, "diagram": "d", "status": "erratum", "evidence": "e",
                          "evidence_words": {"fr": "é"}}).evidence_in("xx") == "e"
    with pytest.raises(ValueError, match="no key 'colour'"):
        Row.from_json({"example": None, "diagram": "d", "status": "verified", "colour": "red"})
