"""The Pillow painting (drawing/render.py): sizes, colours where the highlights
must be, determinism, the cache key, the PNG file.  (The compositor, which
pastes the same pictures together, is compared with it in tests/fast/.)

Images are compared by pixels, never by PNG bytes (except to check that the
same inputs give the same bytes).  The expected colours are the specification
of the legend (blue double ring for the last seed, etc.), not values read back
from the code under test.
"""
from __future__ import annotations

import dataclasses
import io
import subprocess
import sys

import pytest
from PIL import Image, ImageChops

from mancala_diagrams.errors import MancalaError
from mancala_diagrams.engine.geometry import CCW, SOUTH
from mancala_diagrams.engine.position import Position
from mancala_diagrams.drawing.render import Options, cache_key, render_png

KATRO_06 = "2,0,5,0,4,0/4,1,0,0,4,2/2,3,0,2,2,0/3,2,4,2,3,3 south"
CELL, MARGIN, DENSITY = 40, 10, 2          # the default options, in CSS pixels
BAND = 16       # the coordinates' band, left of the board (row numbers) and under it (column letters)


def png(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


def centre(row, col):
    """Image pixel at the centre of a hole (no trays)."""
    return ((BAND + MARGIN + col * CELL + CELL // 2) * DENSITY, (MARGIN + row * CELL + CELL // 2) * DENSITY)


def ring_pixels(img, row, col, radius_css):
    cx, cy = centre(row, col)
    r = radius_css * DENSITY
    rgb = img.convert("RGB")
    pts = [(cx + r, cy), (cx - r, cy), (cx, cy + r), (cx, cy - r),
           (int(cx + 0.707 * r), int(cy + 0.707 * r)), (int(cx - 0.707 * r), int(cy - 0.707 * r))]
    return [rgb.getpixel(p) for p in pts]


def alike(a: Image.Image, b: Image.Image, tol=24, share=0.01) -> bool:
    """Same picture up to palette rounding: fewer than *share* of the pixels have
    a channel that differs by more than *tol* (the palette of a PNG depends on
    the whole picture, so anti-aliased edges may round differently)."""
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).convert("L")
    hist = diff.point(lambda v: 255 if v > tol // 3 else 0).histogram()
    return hist[255] < share * a.width * a.height


def near(c, target, tol=60):
    return sum(abs(a - b) for a, b in zip(c, target)) <= tol


def test_size_is_twice_the_css_size_and_palette_png():
    img = png(render_png(Position.from_text(KATRO_06)))
    assert img.size == ((BAND + 6 * CELL + 2 * MARGIN) * DENSITY, (4 * CELL + 2 * MARGIN + BAND) * DENSITY)
    assert img.mode == "P"
    bare = png(render_png(Position.from_text(KATRO_06), options=Options(coords=False)))
    assert bare.size == ((6 * CELL + 2 * MARGIN) * DENSITY, (4 * CELL + 2 * MARGIN) * DENSITY)


def test_same_input_same_bytes_even_in_another_process():
    pos = Position.from_text(KATRO_06)
    a = render_png(pos, {"last": ["c2"], "sown": ["a2", "b2"]})
    b = render_png(pos, {"last": ["c2"], "sown": ["a2", "b2"]})
    assert a == b
    code = ("import sys; from mancala_diagrams.engine.position import Position; "
            "from mancala_diagrams.drawing.render import render_png; "
            f"sys.stdout.buffer.write(render_png(Position.from_text({KATRO_06!r}), "
            "{'last': ['c2'], 'sown': ['a2', 'b2']}))")
    other = subprocess.run([sys.executable, "-c", code], capture_output=True, check=True).stdout
    assert other == a


def test_holes_are_dark_and_the_board_is_wood():
    img = png(render_png(Position.from_text(KATRO_06))).convert("RGB")
    # an empty hole (b4 is row 0, col 1): dark brown at its centre
    r, g, b = img.getpixel(centre(0, 1))
    assert r < 140 and g < 100 and b < 60 and r > b
    # between two holes: the light wood of the board
    x = (BAND + MARGIN + CELL) * DENSITY
    y = (MARGIN + CELL // 2) * DENSITY
    r, g, b = img.getpixel((x, y))
    assert r > 170 and 110 < g < 170 and b < 110


def test_last_seed_ring_is_blue_only_where_asked():
    pos = Position.from_text(KATRO_06)
    img = png(render_png(pos, {"last": ["c2"]}))
    blue = (25, 100, 215)
    # c2 is row 2 (South's inner row), col 2; the ring lies a few pixels outside the hole
    hits = [any(near(p, blue) for p in ring_pixels(img, 2, 2, rr)) for rr in (17, 18, 19, 20)]
    assert any(hits)
    for row, col in ((2, 1), (3, 2), (0, 0)):
        assert not any(near(p, blue) for rr in (17, 18, 19, 20) for p in ring_pixels(img, row, col, rr))


def test_each_role_changes_the_picture_and_roles_differ():
    pos = Position.from_text(KATRO_06)
    plain = png(render_png(pos)).convert("RGB")
    seen = []
    for role in ("emptied", "sown", "last", "captured", "special", "differs"):
        img = png(render_png(pos, {role: ["c2"]})).convert("RGB")
        box = tuple(v * DENSITY for v in (BAND + MARGIN + 2 * CELL, MARGIN + 2 * CELL, BAND + MARGIN + 3 * CELL,
                                          MARGIN + 3 * CELL))
        region = img.crop(box).tobytes()
        assert not alike(img.crop(box), plain.crop(box)), role
        # nothing changes far from c2
        far = tuple(v * DENSITY for v in (BAND + MARGIN, MARGIN, BAND + MARGIN + CELL, MARGIN + CELL))
        assert img.crop(far).tobytes() == plain.crop(far).tobytes(), role  # fixed palette: same pixels
        seen.append(region)
    assert len(set(seen)) == len(seen)


def test_seed_counts_are_drawn_as_different_digits():
    """A hole's badge differs with its count; an empty hole has no badge."""
    def badge_region(n):
        pos = Position.from_rows([[n, 0]], solo=True)
        img = png(render_png(pos, options=Options(trays=False))).convert("RGB")
        cx, cy = (BAND + MARGIN + CELL // 2) * DENSITY, (MARGIN + CELL // 2) * DENSITY
        return img.crop((cx, cy, cx + CELL * DENSITY // 2, cy + CELL * DENSITY // 2)).tobytes()
    regions = {n: badge_region(n) for n in (0, 1, 2, 3, 7, 12, 24)}
    assert len(set(regions.values())) == len(regions)
    cream = (255, 251, 238)
    empty = png(render_png(Position.from_rows([[0, 5]], solo=True))).convert("RGB")
    colours = empty.getcolors(1 << 16)
    # the cream of the badge exists (for the 5) ...
    assert any(near(c, cream, 12) for _, c in colours)
    # ... but not in the empty hole's cell
    cell = tuple(v * DENSITY for v in (BAND + MARGIN, MARGIN, BAND + MARGIN + CELL, MARGIN + CELL))
    assert not any(near(c, cream, 12) for _, c in empty.crop(cell).getcolors(1 << 16))


def test_one_player_board_and_six_row_board():
    solo = Position.from_text("0,3,3,0,3,4/3,3,3,2,0,0 south solo")
    img = png(render_png(solo))
    assert img.size == ((BAND + 6 * CELL + 2 * MARGIN) * DENSITY, (2 * CELL + 2 * MARGIN + BAND) * DENSITY)
    six = Position.from_rows([[2] * 6 for _ in range(6)])
    assert six.geometry.rows_per_player == 3
    img = png(render_png(six, {"special": ["a3", "f4"]}))
    assert img.size == ((BAND + 6 * CELL + 2 * MARGIN) * DENSITY, (6 * CELL + 2 * MARGIN + BAND) * DENSITY)


def test_hand_and_reserve_widen_the_image():
    pos = Position.from_text("2,0/1,3/0,4/2,2 south reserve=5:4 hand=3@a2:ccw")
    img = png(render_png(pos))
    assert img.width > (BAND + 2 * CELL + 2 * MARGIN) * DENSITY


def test_numbered_track_draws_numbers_not_seeds():
    board = Position.empty(6)
    g = board.geometry
    numbers = {hole: i for i, hole in enumerate(g.sowing_order(SOUTH, g.parse("c1"), CCW))}
    a = png(render_png(board, numbers=numbers)).convert("RGB")
    b = png(render_png(board)).convert("RGB")
    assert not alike(a, b)
    top = (0, 0, a.width, (MARGIN + 2 * CELL) * DENSITY)
    assert a.crop(top).tobytes() == b.crop(top).tobytes()   # North's half: the very same pixels


def test_marks_tint_behind_the_hole():
    pos = Position.from_text(KATRO_06)
    img = png(render_png(pos, marks={"d4": "pink"})).convert("RGB")
    x = (BAND + MARGIN + 3 * CELL + CELL // 2) * DENSITY     # above the hole, inside d4's cell
    y = (MARGIN + 2) * DENSITY
    assert near(img.getpixel((x, y)), (255, 192, 203), 30)


@pytest.mark.parametrize("kwargs", [
    {"highlights": {"glow": ["a1"]}},
    {"highlights": {"last": ["z9"]}},
    {"marks": {"a1": "not-a-colour"}},
])
def test_bad_input_is_a_clear_error(kwargs):
    with pytest.raises(MancalaError):
        render_png(Position.from_text(KATRO_06), **kwargs)


def test_the_cache_key_changes_with_every_drawing_option_and_the_hole_notation():
    """Image files are named by the cache key: two pictures that may differ
    never share a name.  Each drawing option changed alone gives a new key, and
    so does the board's notation (its coordinates are drawn), a highlight or a
    mark; the same picture asked in other words keeps its key."""
    pos = Position.from_text(KATRO_06)
    g = pos.geometry
    changed = {"cell": 34, "margin": 3, "density": 1, "trays": False, "tray_room": True, "reserve_room": True,
               "coords": False, "hand_area": True}
    assert set(changed) == {f.name for f in dataclasses.fields(Options)}      # every option is tried
    keys = [cache_key(pos)]
    keys += [cache_key(pos, options=dataclasses.replace(Options(), **{name: value}))
             for name, value in changed.items()]
    keys.append(cache_key(dataclasses.replace(pos, geometry=dataclasses.replace(g, notation="letters"))))
    keys.append(cache_key(pos, {"last": ["c2"]}))
    keys.append(cache_key(pos, marks={"c2": "pink"}))
    assert len(set(keys)) == len(keys)
    assert cache_key(pos, options=Options()) == keys[0]
    assert cache_key(pos, {"last": [g.parse("c2")], "sown": []}) == cache_key(pos, {"last": ["c2"]})
    assert cache_key(pos, marks={"c2": "#ffc0cb"}) == cache_key(pos, marks={"c2": "pink"})


def test_images_are_small():
    pos = Position.from_text(KATRO_06)
    sizes = [len(render_png(pos, {"last": ["c2"], "sown": ["a2", "b2"], "emptied": ["a1"]})),
             len(render_png(pos))]
    assert max(sizes) < 16_000


def test_hole_labels_are_drawn_only_where_given_and_must_be_ascii():
    from mancala_diagrams.errors import MancalaError
    from mancala_diagrams.drawing.render import render_image
    pos = Position.from_text("2,2/2,2/2,2/2,2/2,2/2,2 south")
    g = pos.geometry
    bare = Options(coords=False)
    plain = render_image(pos, options=bare)
    labelled = render_image(pos, labels={g.parse("a1"): "A"}, options=bare)
    w, h = plain.size
    # the label sits in the upper-left corner of a1's cell (bottom-left of the board)
    cell_w, cell_h = w // 2, h // 6
    a1_corner = (0, h - cell_h, cell_w // 2, h - cell_h // 2)
    b1_corner = (cell_w, h - cell_h, cell_w + cell_w // 2, h - cell_h // 2)
    assert plain.crop(a1_corner).tobytes() != labelled.crop(a1_corner).tobytes()
    assert plain.crop(b1_corner).tobytes() == labelled.crop(b1_corner).tobytes()
    with pytest.raises(MancalaError):
        render_image(pos, labels={0: "é"})


def test_each_players_reserve_is_drawn_beside_their_own_rows():
    from mancala_diagrams.drawing.render import render_image
    south = Position.from_text("0,0/1,1/1,1/0,0 south reserve=5:0")
    north = Position.from_text("0,0/1,1/1,1/0,0 south reserve=0:5")
    both = Position.from_text("0,0/1,1/1,1/0,0 south reserve=5:5")
    img_s, img_n, img_b = render_image(south), render_image(north), render_image(both)
    w, h = img_b.size
    top, bottom = (0, 0, w // 5, h // 2), (0, h // 2, w // 5, h)
    # South's tray is in the lower half (South's rows), North's in the upper half
    assert img_s.crop(bottom).tobytes() == img_b.crop(bottom).tobytes()
    assert img_n.crop(top).tobytes() == img_b.crop(top).tobytes()
    assert img_s.crop(top).tobytes() != img_b.crop(top).tobytes()
    assert img_n.crop(bottom).tobytes() != img_b.crop(bottom).tobytes()


def test_png_file_holds_the_palette_and_the_pixels_given():
    """png_bytes writes what Pillow reads back exactly: the size, the palette's
    own colours (no padding to 256) and each pixel's index, on a picture whose
    rows differ (a wrong row length or a missing filter byte would shift them)."""
    from mancala_diagrams.drawing.png import png_bytes
    colours = ((255, 255, 255), (200, 10, 10), (10, 200, 10), (10, 10, 200), (0, 0, 0))
    pal = Image.new("P", (7, 5))
    pal.putdata([(x * 3 + y) % len(colours) for y in range(5) for x in range(7)])
    got = png(png_bytes(pal, colours))
    assert got.mode == "P" and got.size == (7, 5)
    assert got.getpalette() == [v for c in colours for v in c]
    assert list(got.tobytes()) == [(x * 3 + y) % len(colours) for y in range(5) for x in range(7)]
    with pytest.raises(ValueError):
        png_bytes(pal.convert("RGB"), colours)


def test_the_page_around_the_board_is_transparent_and_nothing_else():
    """A board sits on the page's own colour, light or dark: the page of the
    picture (render.PAGE) is transparent in the file; the board, its seeds,
    numbers and white arrows are opaque."""
    from mancala_diagrams.drawing.render import PAGE, ROLE_COLOURS
    pos = Position.from_text("2,0,3,1/0,5,1,2/1,1,0,4/2,2,2,0 south")
    rgba = png(render_png(pos, highlights={"sow-right": [pos.geometry.parse("b2")], "last": [1]})).convert("RGBA")
    w, h = rgba.size
    assert rgba.getpixel((0, 0))[3] == 0                         # the corner: page
    assert rgba.getpixel((w // 2, h // 2))[3] == 255             # the middle: wood
    colours = {colour for _count, colour in rgba.getcolors(maxcolors=1 << 16)}
    assert (*ROLE_COLOURS["sow-right"], 255) in colours          # the arrow keeps its white
    assert {c[3] for c in colours} == {0, 255}
    assert {c[:3] for c in colours if c[3] == 0} == {PAGE}

