"""A published picture of the tsibongy rule (arrows, no position) listed in a
special-holes example: its transcription is checked, and the project draws the
zones the legend names; marks on it, or a legend whose roles give no hole,
are refused."""
import json
import shutil

import pytest

from conftest import ROOT
from test_source_claims import by_id, example, verify

ARROWS = ". . . .\n→ → ← ←\n→ . . ←\n. . . ."


@pytest.fixture
def zones(tmp_path, monkeypatch):
    (tmp_path / "rules").mkdir()
    (tmp_path / "sources").mkdir()
    for name in ("katra-fandatsaka", "fifangakely"):
        shutil.copy(ROOT / "rules" / f"{name}.yaml", tmp_path / "rules")
    pub = tmp_path / "published"
    pub.mkdir()
    monkeypatch.setenv("MANCALA_PUBLISHED", str(pub))
    return tmp_path


def arrows_grid():
    return [[None if c == "." else c for c in line.split()] for line in ARROWS.splitlines()]


def body(legend, extra=""):
    board = "\n".join("      " + line for line in ARROWS.splitlines())
    return (f"kind: special-holes\nlegend:\n{legend}diagrams:\n  - id: z-44\n    picture: true\n"
            f"{extra}    board: |\n{board}\n")


GOOD = "  lightgreen: tsibongy-left.south, zone-left.south\n  lightblue: tsibongy-right.south, zone-right.south\n"


def test_a_picture_of_the_zones_is_verified_against_its_transcription(zones):
    (zones / "published" / "fifanga.json").write_text(json.dumps(
        {"blocks": [{"kind": "diagram", "id": "z-44", "rows": arrows_grid()}]}))
    rows = by_id(verify(zones, example(zones, body(GOOD), rules="fifangakely", page="fifanga")))
    assert rows["z-44"]["status"] == "verified" and rows["z-44"]["kind"] == "picture"


def test_a_picture_whose_transcription_differs_is_refused(zones):
    other = arrows_grid()
    other[1][0] = "←"
    (zones / "published" / "fifanga.json").write_text(json.dumps(
        {"blocks": [{"kind": "diagram", "id": "z-44", "rows": other}]}))
    rows = by_id(verify(zones, example(zones, body(GOOD), rules="fifangakely", page="fifanga")))
    assert rows["z-44"]["status"] == "mismatch"


def test_marks_on_a_picture_are_refused(zones):
    (zones / "published" / "fifanga.json").write_text(json.dumps(
        {"blocks": [{"kind": "diagram", "id": "z-44", "rows": arrows_grid(),
                     "marks": [[None] * 4, ["lightgreen"] + [None] * 3, [None] * 4, [None] * 4]}]}))
    marks = "    marks: |\n      . . . .\n      lightgreen . . .\n      . . . .\n      . . . .\n"
    rows = by_id(verify(zones, example(zones, body(GOOD, marks), rules="fifangakely", page="fifanga")))
    assert rows["z-44"]["status"] == "mismatch" and "picture" in rows["z-44"]["reason"]


def test_a_legend_role_the_rules_do_not_give_is_refused(zones):
    (zones / "published" / "fifanga.json").write_text(json.dumps(
        {"blocks": [{"kind": "diagram", "id": "z-44", "rows": arrows_grid()}]}))
    legend = "  khaki: zone-choice.south\n"      # four columns: no hole leaves the choice
    rows = verify(zones, example(zones, body(legend), rules="fifangakely", page="fifanga"))
    assert rows[0]["status"] == "error" and "zone-choice.south" in rows[0]["reason"]
