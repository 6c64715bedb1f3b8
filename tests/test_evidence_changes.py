"""Every published diagram's check proves something (issue 31, acceptance):
one hole of one diagram is changed, the same way in a copy of the
transcription (../shared/published) and in the example that lists it, and the
verifier must catch it, or the diagram's row must say what was not checked.

Caught: the row is a mismatch (or an error); for an erratum, whose board
differs from the rules' by declaration, its reason, computed from the
transcription and the replay, names the hole with its new value.  Not
checked, and said so: a start copied from the page (``given``), which equals
its example's start whatever it holds.  A given start with a record of its
search is caught too: the record was made for another start.

Each diagram is changed in turn (282), each time in a fresh copy: this test
replays every example of the project once per diagram it lists.
"""
from __future__ import annotations

import json
import re
import shutil

import pytest

from mancala_diagrams.files.project import published_diagrams
from mancala_diagrams.files.verify import Verifier

from conftest import ROOT

PUBLISHED = ROOT.parent / "shared" / "published"
pytestmark = pytest.mark.skipif(not PUBLISHED.is_dir(), reason="../shared/published is not beside the project")


def changed_cell(value):
    """The hole's new content: a seed more (a first one in an empty hole); an
    arrow turned the other way, a question mark made an arrow."""
    return {None: 1, "→": "←", "←": "→", "?": "→", "↑": "↓", "↓": "↑"}.get(value, value + 1 if isinstance(value, int)
                                                                      else 1)


def token(value):
    return "." if value is None else str(value)


def change_board_text(text, diagram_id, row, column, new):
    """*text* (an example file) with the cell (row, column) of the board of
    diagram *diagram_id* set to *new*, and the same cell of the example's own
    start board when the diagram is drawn at that start (they are one board,
    copied from the page)."""
    lines = text.split("\n")
    at = next(i for i, l in enumerate(lines) if re.match(rf"\s*- id: {re.escape(diagram_id)}\s*$", l))
    indent = len(lines[at]) - len(lines[at].lstrip()) + 2
    board = next(i for i in range(at + 1, len(lines)) if lines[i].startswith(" " * indent + "board: |"))
    target = board + 1 + row
    cells = lines[target].split()
    old = cells[column]
    cells[column] = token(new)
    lines[target] = lines[target][:len(lines[target]) - len(lines[target].lstrip())] + " ".join(cells)
    drawn_at_start = any(lines[i].strip() == "at: start" for i in range(at + 1, board))
    if drawn_at_start:
        start = next((i for i, l in enumerate(lines) if l.startswith("start:")), None)
        sb = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("  board: |")), None) \
            if start is not None else None
        if sb is not None and lines[sb + 1 + row].split()[column] == old:
            start_cells = lines[sb + 1 + row].split()
            start_cells[column] = token(new)
            lines[sb + 1 + row] = "    " + " ".join(start_cells)
    return "\n".join(lines)


def first_hole(rows):
    """The hole to change: the first that holds something, else the first."""
    for r, row in enumerate(rows):
        for c, v in enumerate(row):
            if v is not None:
                return r, c
    return 0, 0


@pytest.fixture(scope="module")
def where():
    """Each published diagram's example (a path relative to the root)."""
    rows = Verifier(ROOT).verify()
    return {r["diagram"]: r["example"] for r in rows if r.get("diagram") and r.get("example")}


def diagram_ids():
    return [b["id"] for p in sorted(PUBLISHED.glob("*.json"))
            for b in json.loads(p.read_text(encoding="utf-8"))["blocks"] if b["kind"] == "diagram"]


@pytest.fixture(scope="module")
def copy(tmp_path_factory):
    """The project's rules, sources and records, and a copy of the transcriptions."""
    tmp = tmp_path_factory.mktemp("changes")
    shutil.copytree(ROOT / "rules", tmp / "rules")
    shutil.copytree(ROOT / "sources", tmp / "sources")
    shutil.copytree(PUBLISHED, tmp / "published")
    return tmp


def test_there_are_282_published_diagrams_and_each_has_an_example(where):
    ids = diagram_ids()
    assert len(ids) == 282 and not [i for i in ids if i not in where]


@pytest.mark.parametrize("diagram", diagram_ids())
def test_a_change_to_a_published_board_is_caught_or_the_row_says_what_was_not_checked(diagram, where, copy,
                                                                                     monkeypatch):
    monkeypatch.setenv("MANCALA_PUBLISHED", str(copy / "published"))
    page_file = next(p for p in (copy / "published").glob("*.json")
                     if diagram in {b.get("id") for b in json.loads(p.read_text(encoding="utf-8"))["blocks"]})
    example = copy / where[diagram]
    saved_page, saved_example = page_file.read_text(encoding="utf-8"), example.read_text(encoding="utf-8")
    try:
        page = json.loads(saved_page)
        block = next(b for b in page["blocks"] if b.get("id") == diagram)
        r, c = first_hole(block["rows"])
        new = changed_cell(block["rows"][r][c])
        block["rows"][r][c] = new
        page_file.write_text(json.dumps(page, ensure_ascii=False), encoding="utf-8")
        example.write_text(change_board_text(saved_example, diagram, r, c, new), encoding="utf-8")
        published_diagrams.cache_clear()
        rows = [x for x in Verifier(copy).verify([example]) if x.get("diagram") == diagram]
    finally:
        page_file.write_text(saved_page, encoding="utf-8")
        example.write_text(saved_example, encoding="utf-8")
        published_diagrams.cache_clear()
    assert rows, f"{diagram}: no row"
    row = rows[0]
    if row["status"] in ("mismatch", "error"):
        return
    if row["status"] == "erratum":
        hole = next(d["hole"] for d in row["diff"] if d["row"] == r and d["column"] == c)
        assert f"{hole} (published {token(new) if new is not None else 'empty'}," in row["reason"], row["reason"]
        return
    assert row.get("given"), f"{diagram}: the change is not caught and the row does not say why: {row}"
