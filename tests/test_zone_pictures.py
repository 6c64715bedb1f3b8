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


# -- the arrows the project draws on its picture ------------------------------------------
SIGN_OF = {"sow-right": "→", "sow-left": "←", "sow-choice": "?"}


@pytest.mark.parametrize("columns", [4, 6, 8])
def test_the_arrows_drawn_are_the_ones_the_example_transcribes(columns):
    """The arrows come from the rules (the tsibongy and their zones); the
    example's board is the page's arrows copied by hand: they must agree."""
    from mancala_diagrams.files.examples import ExampleLoader
    from mancala_diagrams.files.loader import RulesLibrary
    from mancala_diagrams.view.figures import tsibongy_arrows
    ex = ExampleLoader(RulesLibrary(ROOT / "rules")).load(
        ROOT / "sources" / "katra-fandatsaka" / f"katra-fandatsaka-tsibongy-rule-{columns}.yaml")
    g = ex.rules.geometry
    drawn = [[None] * g.columns for _ in range(g.rows)]
    for role, holes in tsibongy_arrows(ex).items():
        for h in holes:
            r, c = divmod(h, g.columns)
            assert drawn[r][c] is None, f"two signs in {g.name(h)}"
            drawn[r][c] = SIGN_OF[role]
    assert drawn == ex.lines[0].diagrams[0].grid


def test_an_arrow_is_drawn_in_its_hole_and_nowhere_else():
    from PIL import ImageChops

    from mancala_diagrams.drawing import layout, render
    from mancala_diagrams.engine.position import Position
    pos = Position.empty(4)
    o = render.Options()
    b2 = pos.geometry.parse("b2")
    cx, cy = layout.position_layout(pos, o).centres[b2]
    half = o.cell / 2 * o.density                      # the image has density pixels per CSS pixel
    cx, cy = cx * o.density, cy * o.density
    plain = render.render_image(pos)
    for role in ("sow-right", "sow-left", "sow-choice"):
        box = ImageChops.difference(plain, render.render_image(pos, {role: [b2]})).getbbox()
        assert box is not None, role
        assert cx - half <= box[0] and box[2] <= cx + half, role
        assert cy - half <= box[1] and box[3] <= cy + half, role
    right = render.render_image(pos, {"sow-right": [b2]})
    left = render.render_image(pos, {"sow-left": [b2]})
    assert ImageChops.difference(right, left).getbbox() is not None
