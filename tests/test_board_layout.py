"""What goes where on a board picture (drawing/layout.py), checked without pixels.

The coordinates drawn must be the names the captions give the holes: the
expected names here come from the captions' own naming function
(:class:`captions.HoleNamer`, the geometry's names), for every board of the
rules and the one-player and six-row boards; the layout must put a column
letter in line with each hole's column and a row number in line with its row
(or, on a board whose holes have letters of their own, the hole's letter in the
hole).  Then: the hand's bowl is drawn on every step whose caption speaks of
seeds in hand, across every example of sources/; the tsibongy are framed.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import LIBRARY, ROOT, board, playable_rules
from mancala_diagrams.drawing import captions, images, layout, render
from mancala_diagrams.engine.geometry import Geometry
from mancala_diagrams.engine.position import Position
from mancala_diagrams.files.examples import ExampleLoader
from mancala_diagrams.view.steps import step_highlights

EXAMPLES = ExampleLoader(LIBRARY)

CHESS = re.compile(r"^([a-z])([0-9]+)$")


def boards():
    """Every board shape of the rules (with the rules' own hole names), and the
    plain boards the site draws (a track, a position)."""
    seen = {}
    for name in playable_rules():
        g = LIBRARY.load(name).geometry
        seen.setdefault((g.columns, g.rows_per_player, g.players, g.notation), (name, g))
    for columns, rows, solo in ((6, 2, False), (4, 1, True), (6, 3, False), (8, 2, True)):
        g = Position.empty(columns, rows, solo).geometry
        seen.setdefault((g.columns, g.rows_per_player, g.players, g.notation), (f"plain-{columns}x{rows}", g))
    return sorted(seen.values(), key=lambda item: item[0])


def test_the_boards_include_one_player_six_row_and_lettered_boards():
    shapes = [g for _, g in boards()]
    assert any(g.solo for g in shapes)
    assert any(g.rows == 6 and g.notation == "chess" for g in shapes)
    assert any(g.rows == 6 and g.notation == "letters" for g in shapes)


@pytest.mark.parametrize("name, geometry", boards(), ids=lambda v: v if isinstance(v, str) else "")
def test_every_hole_can_be_found_from_its_caption_name(name, geometry):
    g = geometry
    lay = layout.board_layout(g, render.Options())
    namer = captions.HoleNamer(g)
    columns = {t.text: t for t in lay.coordinates if t.kind == "column"}
    rows = {t.text: t for t in lay.coordinates if t.kind == "row"}
    in_holes = dict(lay.hole_names)
    for hole in range(g.size):
        called = namer(hole, "en")           # what a caption calls the hole
        x, y = lay.centres[hole]
        m = CHESS.match(called)
        if m:
            letter, number = m.groups()
            assert letter in columns and number in rows, (name, called)
            assert columns[letter].x == x, (name, called)     # the letter under the hole's column
            assert rows[number].y == y, (name, called)        # the number beside the hole's row
        else:
            assert in_holes.get(hole) == called, (name, called)
    if g.notation == "chess":
        # one letter per column, one number per row, outside the board and inside the picture
        assert len(columns) == g.columns and len(rows) == g.rows
        left, top, right, bottom = lay.board
        for t in columns.values():
            assert bottom < t.y < lay.height
        for t in rows.values():
            assert 0 < t.x < left
        assert not in_holes
    else:
        assert not lay.coordinates and len(in_holes) == g.size


def test_the_six_row_lettered_board_names_as_de_voogt_does():
    """Independent of the naming code: the notation block of the source page (shared/seeds/003),
    de Voogt's letters on six columns, South's
    outer row A-F from the left, then the middle row back L-G, the inner row M-R;
    North's rows mirror them in lower case (r above... a at the far left)."""
    g = LIBRARY.load("katro-fianarantsoa-6").geometry
    lay = layout.board_layout(g, render.Options())
    names = dict(lay.hole_names)
    grid = [[names[r * g.columns + c] for c in range(g.columns)] for r in range(g.rows)]
    assert grid == [list("abcdef"), list("lkjihg"), list("mnopqr"),
                    list("MNOPQR"), list("LKJIHG"), list("ABCDEF")]


def test_a_chess_board_labels_columns_a_to_h_and_rows_from_south():
    g = Position.empty(8, 2).geometry
    lay = layout.board_layout(g, render.Options())
    texts = sorted((t.kind, t.index, t.text) for t in lay.coordinates)
    assert [t for k, _, t in texts if k == "column"] == list("abcdefgh")
    assert [t for k, _, t in texts if k == "row"] == ["4", "3", "2", "1"]   # top row first


def test_the_picture_has_the_layouts_size_with_and_without_coordinates():
    pos = board("""
        2 2 2
        2 2 2
        2 2 2
        2 2 2""")
    for options in (render.Options(), render.Options(coords=False), render.Options(tray_room=True)):
        lay = layout.position_layout(pos, options)
        img = render.render_image(pos, options=options)
        assert img.size == (lay.width * options.density, lay.height * options.density)
        assert images.image_size(pos, options) == (lay.width, lay.height)
    assert layout.position_layout(pos, render.Options(coords=False)).coordinates == ()


def test_the_legend_samples_and_named_positions_have_no_coordinates():
    g = Position.empty(1, 1, True).geometry
    assert layout.board_layout(g, render.Options(coords=False)).coordinates == ()


# -- the hand ---------------------------------------------------------------------------------

IN_HAND = {"en": re.compile(r"\bin hand\b"), "fr": re.compile(r"\ben main\b")}


def example_files():
    return sorted((ROOT / "sources").rglob("*.yaml"))


def test_every_caption_that_speaks_of_seeds_in_hand_has_the_hand_drawn():
    from mancala_diagrams.view.steps import example_options, example_steps
    spoken = drawn = 0
    missing = []
    for path in example_files():
        example = EXAMPLES.load(path)
        steps = list(example_steps(example))
        options = example_options(steps)
        for step in steps:
            lay = layout.position_layout(step.position, options)
            hands = [b for b in lay.bowls if b.kind == "hand"]
            for lang, pattern in IN_HAND.items():
                text = captions.describe_step(example, step, lang)
                if pattern.search(text):
                    spoken += 1
                    if hands:
                        drawn += 1
                    else:
                        missing.append(f"{step.diagram.id} ({lang}): {text[:80]}")
            held = step.position.hand.seeds if step.position.hand else 0
            if held:   # seeds in hand are always drawn, with their count
                assert [b.count for b in hands] == [held], step.diagram.id
    assert not missing, missing
    assert spoken >= 40 and drawn == spoken     # the sources do speak of seeds in hand


def test_a_turn_under_way_starts_with_its_seeds_in_hand():
    """m'raha wa ntso: 'South has 4 seeds in hand, to sow rightwards from the
    left tsibongy a2': the start's picture holds those 4 seeds in hand."""
    from mancala_diagrams.view.steps import example_options, example_steps
    example = EXAMPLES.load(ROOT / "sources/mraha-wa-ntso/mraha-wa-ntso-lap-ends-in-empty-hole.yaml")
    steps = list(example_steps(example))
    first = steps[0]
    assert first.diagram.id == "mraha-wa-ntso-06"
    assert first.position.hand.seeds == 4
    assert first.position.hand.hole == first.position.geometry.parse("a2")
    lay = layout.position_layout(first.position, example_options(steps))
    (hand,) = [b for b in lay.bowls if b.kind == "hand"]
    assert hand.count == 4 and hand.player == "south"
    assert hand.x > lay.board[2]                     # beside the board, on the right
    assert hand.y > (lay.board[1] + lay.board[3]) / 2   # beside South's rows


def test_the_empty_hand_is_drawn_only_in_examples_that_hold_seeds_in_hand():
    pos = board("""
        . 2
        2 2
        2 .
        1 2""")
    assert not [b for b in layout.position_layout(pos, render.Options()).bowls if b.kind == "hand"]
    shown = layout.position_layout(pos, render.Options(hand_area=True))
    assert [(b.kind, b.count) for b in shown.bowls] == [("hand", 0)]


# -- tsibongy ---------------------------------------------------------------------------------

def test_the_tsibongy_are_framed_in_a_game_that_has_them():
    """Katra fandatsaka: each player's tsibongy are the two end holes of their
    inner row (a2, f2 for South, a3, f3 for North on six columns)."""
    rules = LIBRARY.load("katra-fandatsaka-6")
    pos = rules.initial_position()
    g = pos.geometry
    hl = step_highlights([], pos, rules)
    assert sorted(hl["special"]) == sorted(g.parse(n) for n in ("a2", "f2", "a3", "f3"))
    # and the picture frames them: the purple of the legend's square at the frame's edge
    img = render.render_image(pos, hl).convert("RGB")
    lay = layout.position_layout(pos, render.Options())
    purple = render.ROLE_COLOURS["special"]

    def framed(hole):
        x, y = lay.centres[hole]
        edge = (round((x - 0.47 * lay.cell + 1) * 2), round(y * 2))    # inside the 2.5 px line
        px = img.getpixel(edge)
        return sum(abs(a - b) for a, b in zip(px, purple)) < 60
    assert all(framed(g.parse(n)) for n in ("a2", "f2", "a3", "f3"))
    assert not any(framed(g.parse(n)) for n in ("b2", "a1", "c3", "f4"))


@pytest.mark.parametrize("name", ["katro-6", "katro-fianarantsoa-6", "katro-bevohoka-6"])
def test_a_game_without_tsibongy_frames_none(name):
    rules = LIBRARY.load(name)
    pos = rules.initial_position()
    assert "special" not in step_highlights([], pos, rules)


def test_katra_be_frames_its_tsibongy_and_its_rova():
    rules = LIBRARY.load("katra-be")
    pos = rules.initial_position()
    g = pos.geometry
    special = set(step_highlights([], pos, rules)["special"])
    tsibongy = {g.parse(n) for n in ("a2", "h2", "a3", "h3")}
    rova = {g.parse(n) for n in ("e1", "e2", "d3", "d4")}
    assert special == tsibongy | rova
