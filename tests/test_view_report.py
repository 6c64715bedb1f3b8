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
    replayed = {"diagram": "katro-2", "status": "verified", "against": "replay"}
    assert row_status(replayed) == "replayed"
    assert row_status({**replayed, "against": "set-up"}) == "set-up"
    assert row_status({**replayed, "against": "sowing-order"}) == "sowing-order"
    assert row_status({**replayed, "against": "marks"}) == "marks"
    assert row_status({**replayed, "kind": "picture"}) == "picture"
    assert row_status({**replayed, "against": "marks", "kind": "picture"}) == "picture"
    # a board copied from the page as its example's start is never called replayed
    assert row_status({**replayed, "given": {"result": "unknown"}}) == "given"
    assert row_status({**replayed, "departure": "compulsory-capture"}) == "departure"
    assert row_status({**replayed, "claim_erratum": {"reason": {"en": "r"}}}) == "claim-erratum"
    assert row_status({"diagram": None, "check": "turn 1 departure", "departure": "capture.compulsory",
                       "status": "verified"}) == "departure"
    assert row_status({"diagram": None, "check": "lap 1 end", "status": "verified"}) == "checked"
    assert row_status({"diagram": "own-1", "status": "generated"}) == "generated"
    assert row_status({"diagram": "katro-2", "status": "erratum"}) == "erratum"
    assert row_status({"diagram": "katro-2", "status": "erratum", "claim_erratum": {}}) == "erratum"
    assert row_status({"diagram": "katro-9", "status": "missing"}) == "missing"
    assert row_status({"diagram": "katro-9", "status": "mismatch"}) == "mismatch"
    assert row_status({"diagram": "katro-9", "status": "something new"}) == "error"
    # a verified board that does not say what it was compared with is not called anything that passes
    assert row_status({"diagram": "katro-2", "status": "verified"}) == "error"
    assert "verified" not in STATUSES
    assert set(STATUSES) >= {"replayed", "set-up", "sowing-order", "marks", "picture", "given", "erratum",
                             "claim-erratum", "departure", "checked", "generated", "missing"}


def test_a_drafted_row_says_the_status_it_will_have():
    row = Row.from_json({"example": "sources/a.yaml", "diagram": "katro-2", "status": "drafted",
                         "drafted": "verified", "against": "replay"})
    assert (row.status, row.drafted, row.passed) == ("drafted", "replayed", False)


def test_the_vocabulary_reads_back_as_it_was_written():
    for status in STATUSES:
        row = Row.from_json({"example": "sources/a.yaml", "diagram": "katro-2", "status": status})
        assert Row.from_json(row.to_json()).status == status == row.shown_status


def test_rows_are_grouped_by_source_page_sorted_and_counted():
    rows = [
        {"diagram": "own-2", "status": "generated", "example": "sources/x/own.yaml"},
        {"diagram": "katro-10", "status": "erratum", "example": "sources/katro/b.yaml", "reason": "r"},
        {"diagram": None, "check": "lap 1 end", "status": "verified", "example": "sources/katro/b.yaml"},
        {"diagram": "katra-be-2", "status": "verified", "against": "replay", "example": "sources/katra-be/a.yaml"},
        {"diagram": "katro-2", "status": "verified", "against": "replay", "example": "sources/katro/a.yaml"},
        {"diagram": "own-1", "status": "generated", "example": "sources/x/own.yaml"},
        {"diagram": "katro-9", "status": "missing", "page": "katro", "example": None},
        {"diagram": "katra-be-1", "status": "verified", "kind": "picture", "example": "sources/katra-be/a.yaml"},
        {"diagram": None, "check": "turn 1", "status": "verified", "example": "sources/x/own.yaml"},
        {"diagram": "katro-11", "status": "verified", "against": "replay", "given": {"result": "unknown"},
         "example": "sources/katro/c.yaml"},
    ]
    groups = group_rows(rows_of(rows), PUBLISHED | {"katro-11": "katro"})
    assert [g.page for g in groups] == ["katra-be", "katro", None]      # pages by name, own examples last
    katra_be, katro, own = groups
    assert [e.diagram for e in katra_be.entries] == ["katra-be-1", "katra-be-2"]
    assert [(e.diagram, e.status) for e in katro.entries] == [
        ("katro-2", "replayed"), ("katro-9", "missing"), ("katro-10", "erratum"), ("katro-11", "given"),
        (None, "checked")]
    assert katro.entries[-1].check == "lap 1 end" and katro.entries[2].reason == "r"
    assert [(e.diagram, e.status) for e in own.entries] == [("own-1", "generated"), ("own-2", "generated"),
                                                            (None, "checked")]
    assert katra_be.counts == {"replayed": 1, "picture": 1}
    assert katro.counts == {"replayed": 1, "given": 1, "erratum": 1, "checked": 1, "missing": 1}
    assert list(katro.counts) == ["replayed", "given", "erratum", "checked", "missing"]    # the page's order
    assert totals(groups) == {"replayed": 2, "picture": 1, "given": 1, "erratum": 1, "checked": 2,
                              "generated": 2, "missing": 1}


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
                   "departure": "capture.compulsory", "status": "departure", "reason": "r"}):
        row = Row.from_json(given)
        assert row.to_json() == given and list(row.to_json()) == list(given)
    assert Row.from_json({"example": None, "diagram": "d", "status": "erratum", "evidence": "e",
                          "evidence_words": {"fr": "é"}}).evidence_in("xx") == "e"
    with pytest.raises(ValueError, match="no key 'colour'"):
        Row.from_json({"example": None, "diagram": "d", "status": "verified", "colour": "red"})
