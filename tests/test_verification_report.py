"""The verification page's grouping (mancala_diagrams.files.verification_report):
literal rows of the verifier in, the groups, order and counts the page shows out."""
from __future__ import annotations

from mancala_diagrams.files.verification_report import STATUSES, group_rows, row_status, totals

PUBLISHED = {"katro-2": {"page": "katro"}, "katro-10": {"page": "katro"}, "katro-9": {"page": "katro"},
             "katra-be-1": {"page": "katra-be"}, "katra-be-2": {"page": "katra-be"}}


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
    groups = group_rows(rows, PUBLISHED)
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
