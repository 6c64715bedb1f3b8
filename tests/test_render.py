"""The Pillow renderer: sizes, colours where the highlights must be, determinism.

Images are compared by pixels, never by PNG bytes (except to check that the
same inputs give the same bytes).  The expected colours are the specification
of the legend (blue double ring for the last seed, etc.), not values read back
from the code under test.
"""
from __future__ import annotations

import io
import subprocess
import sys

import pytest
from PIL import Image, ImageChops

from mancala_diagrams.errors import MancalaError
from mancala_diagrams.engine.geometry import CCW, CW, SOUTH
from mancala_diagrams.engine.position import Position
from mancala_diagrams.drawing.render import Options, empty_board, render_png, track_numbers

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


def test_track_numbers_match_the_published_sowing_orders():
    g = empty_board(6).geometry
    # katro-04 and katro-05 as published: South's rows, hole numbered 0 is c1
    ccw = [[9, 8, 7, 6, 5, 4], [10, 11, 0, 1, 2, 3]]
    cw = [[3, 4, 5, 6, 7, 8], [2, 1, 0, 11, 10, 9]]
    for direction, expected in ((CCW, ccw), (CW, cw)):
        numbers = track_numbers(g, SOUTH, "c1", direction)
        got = [[numbers.get(r * 6 + c) for c in range(6)] for r in (2, 3)]
        assert got == expected
        assert all(numbers.get(h) is None for h in range(12))   # North's holes are not numbered


def test_numbered_track_draws_numbers_not_seeds():
    board = empty_board(6)
    numbers = track_numbers(board.geometry, SOUTH, "c1", CCW)
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
    base = Position.from_text("0,0/1,1/1,1/0,0 south")
    south = Position.from_text("0,0/1,1/1,1/0,0 south reserve=5:0")
    north = Position.from_text("0,0/1,1/1,1/0,0 south reserve=0:5")
    both = Position.from_text("0,0/1,1/1,1/0,0 south reserve=5:5")
    img_s, img_n, img_b = render_image(south), render_image(north), render_image(both)
    w, h = img_b.size
    tray_column = (0, 0, w // 5, h)
    top, bottom = (0, 0, w // 5, h // 2), (0, h // 2, w // 5, h)
    # South's tray is in the lower half (South's rows), North's in the upper half
    assert img_s.crop(bottom).tobytes() == img_b.crop(bottom).tobytes()
    assert img_n.crop(top).tobytes() == img_b.crop(top).tobytes()
    assert img_s.crop(top).tobytes() != img_b.crop(top).tobytes()
    assert img_n.crop(bottom).tobytes() != img_b.crop(bottom).tobytes()


def _random_picture(rng):
    """A random position and what may be drawn on it: every role, published
    tints, hole labels, sowing numbers, reserves and seeds in hand, big counts."""
    from mancala_diagrams.drawing.render import ROLES
    columns, rows = rng.randint(2, 8), rng.choice([1, 2, 2, 3])
    solo = rng.random() < 0.2
    n_rows = rows if solo else 2 * rows
    counts = [[rng.choice([0, 0, 1, 2, 3, 4, 5, 7, 9, 12, 16, 25]) for _ in range(columns)] for _ in range(n_rows)]
    pos = Position.from_rows(counts, solo=solo)
    if not solo and rng.random() < 0.3:
        text = pos.to_text() + f" reserve={rng.randint(0, 9)}:{rng.randint(0, 9)}"
        pos = Position.from_text(text)
    size = pos.geometry.size
    kwargs = {"highlights": {role: rng.sample(range(size), rng.randint(0, min(3, size)))
                             for role in ROLES if rng.random() < 0.5}}
    if rng.random() < 0.3:
        kwargs["marks"] = {h: rng.choice(["pink", "#7fbf7f", "gold", "lightblue"])
                           for h in rng.sample(range(size), 2)}
    if rng.random() < 0.2:
        kwargs["labels"] = {h: rng.choice(["A", "b2", "XYZ"]) for h in rng.sample(range(size), 3)}
    if rng.random() < 0.2:
        kwargs["numbers"] = {h: rng.randint(0, 40) for h in rng.sample(range(size), size // 2)}
    if rng.random() < 0.2:
        kwargs["options"] = Options(tray_room=True)
    return pos, kwargs


def test_pasted_picture_has_the_pixels_of_the_whole_drawing():
    """render_png pastes each hole's cell, cut from the reduction of the whole
    drawing, onto the empty board; the result must be pixel for pixel the
    picture drawn whole (render_image, then the same palette), on random boards
    with every role, tint, label, number, reserve (holes whose drawings meet are
    cut together; options whose cells do not fall on whole pixels would have the
    picture drawn whole)."""
    import random
    from mancala_diagrams.drawing import render
    rng = random.Random(18)
    pasted = 0
    cases = [_random_picture(rng) for _ in range(60)]
    cases.append((Position.from_rows([[2]], solo=True),
                  {"highlights": {"last": [0]}, "options": Options(cell=34, margin=3, trays=False)}))
    cases.append((Position.from_text(KATRO_06), {"highlights": {"last": ["c2"]}, "options": Options(density=1)}))
    for pos, kwargs in cases:
        got = png(render_png(pos, **kwargs))
        whole = render.render_image(pos, **kwargs).quantize(palette=got, dither=Image.Dither.NONE)
        assert got.size == whole.size
        assert got.convert("RGB").tobytes() == whole.convert("RGB").tobytes(), (pos.to_text(), kwargs)
        p = render.plan(pos, **kwargs)
        pasted += render._compose(p, render._palette_colours([])) is not None
    assert pasted >= 55      # these crowded pictures are pasted together (all 62 when written; 24
                             # before holes whose drawings meet were cut together)


def test_png_file_holds_the_palette_and_the_pixels_given():
    """png_bytes writes what Pillow reads back exactly: the size, the palette's
    own colours (no padding to 256) and each pixel's index, on a picture whose
    rows differ (a wrong row length or a missing filter byte would shift them)."""
    from mancala_diagrams.drawing.render import png_bytes
    colours = ((255, 255, 255), (200, 10, 10), (10, 200, 10), (10, 10, 200), (0, 0, 0))
    pal = Image.new("P", (7, 5))
    pal.putdata([(x * 3 + y) % len(colours) for y in range(5) for x in range(7)])
    got = png(png_bytes(pal, colours))
    assert got.mode == "P" and got.size == (7, 5)
    assert got.getpalette() == [v for c in colours for v in c]
    assert list(got.tobytes()) == [(x * 3 + y) % len(colours) for y in range(5) for x in range(7)]
    with pytest.raises(ValueError):
        png_bytes(pal.convert("RGB"), colours)


def test_a_hole_named_by_a_wide_letter_is_pasted_with_the_pixels_of_the_whole_drawing():
    """De Voogt's letter M makes a badge a shade wider than high: it is drawn
    round, so that its hole can be drawn alone and pasted (Pillow refused the
    rounded rectangle there), with the very pixels of the picture drawn whole."""
    from mancala_diagrams.drawing import render
    pos = Position.from_text(KATRO_06)
    kwargs = {"labels": {0: "M", 7: "W", 13: "B"}, "highlights": {"last": [7]}}
    p = render.plan(pos, **kwargs)
    composed = render._compose(p, render._palette_colours([]))
    assert composed is not None
    whole = render.render_image(pos, **kwargs).quantize(palette=composed, dither=Image.Dither.NONE)
    assert composed.convert("RGB").tobytes() == whole.convert("RGB").tobytes()


def test_a_badge_pasted_from_its_one_drawing_has_the_pixels_of_drawing_it_in_place():
    """A hole's sprite pastes its badges from one drawing of each (text, colour,
    position within two pixels): over a drawn hole, at centres whose whole part
    is odd and whose fraction is a half (where Pillow, rounding half to even,
    draws a badge shifted by one pixel differently), the pixels are those of
    the badge drawn in place."""
    from PIL import ImageDraw
    from mancala_diagrams.drawing import render
    k = DENSITY * render.SUPERSAMPLE
    font = render._font_cached(int(render.BADGE_FONT * k))

    def hole_with_badge(badge, cx, cy, text, fill):
        img = Image.new("RGBA", (240, 240), (0, 0, 0, 0))
        d = ImageDraw.Draw(img)
        d.ellipse((40, 40, 200, 200), fill=render.HOLE)
        badge(img, d, cx, cy, text, fill)
        return img

    def in_place(img, d, cx, cy, text, fill):
        render._badge(d, k, cx, cy, text, font, fill)

    def pasted(img, d, cx, cy, text, fill):
        render._pasted_badge(img, d, k, cx, cy, text, font, fill)

    for cx, cy in ((121.5, 119.5), (120.5, 121.5), (123.776, 125.776), (118.0, 121.0)):
        for text, fill in (("12", render.BADGE), ("XYZ", render.NUMBER_FILL), ("b2", render.BADGE), ("7", render.BADGE)):
            want = hole_with_badge(in_place, cx, cy, text, fill)
            got = hole_with_badge(pasted, cx, cy, text, fill)
            assert want.tobytes() == got.tobytes(), (cx, cy, text)


def test_a_badge_whose_text_reaches_past_it_is_drawn_in_place():
    """A badge too short for its text (the text's edge blends with what lies
    under the badge) has no one drawing to paste: it is drawn in place."""
    from PIL import ImageDraw
    from mancala_diagrams.drawing import render
    k = DENSITY * render.SUPERSAMPLE
    font = render._font_cached(int(render.BADGE_FONT * k))
    assert render._badge_sprite(k, 0.5, 0.5, "8", font, render.BADGE, 2 * k) is None
    want, got = (Image.new("RGBA", (200, 200), (0, 0, 0, 0)) for _ in range(2))
    render._badge(ImageDraw.Draw(want), k, 101.5, 99.5, "8", font, render.BADGE, 2 * k)
    render._pasted_badge(got, ImageDraw.Draw(got), k, 101.5, 99.5, "8", font, render.BADGE, 2 * k)
    assert want.tobytes() == got.tobytes()
    assert render._badge_sprite(k, 0.5, 0.5, "8", font, render.BADGE, None) is not None


def test_the_wood_drawn_once_and_pasted_beside_trays_has_the_pixels_of_drawing_it_there():
    """The wooden board is drawn once per board size and pasted where the
    picture's frame puts it (after the reserves' tray and the row numbers):
    the pixels of drawing it there, grain and groove included."""
    from PIL import ImageDraw
    from mancala_diagrams.drawing import render
    k = DENSITY * render.SUPERSAMPLE
    for rows, columns, solo in ((4, 8, False), (2, 6, True), (6, 3, False)):
        wood = render._wood(rows, columns, solo, CELL, MARGIN, DENSITY)
        for left in (0, BAND, BAND + CELL + MARGIN // 2, 2 * (CELL + MARGIN // 2) + BAND):
            size = (wood.width + left * k + 8, wood.height + 8)
            drawn, pasted = Image.new("RGB", size, render.PAGE), Image.new("RGB", size, render.PAGE)
            render._draw_wood(ImageDraw.Draw(drawn), left * k, rows, columns, solo, CELL, MARGIN, k)
            pasted.paste(wood, (left * k, 0))
            assert drawn.tobytes() == pasted.tobytes(), (rows, columns, left)


def test_a_hole_cut_from_the_wood_serves_a_picture_whose_board_lies_elsewhere():
    """A hole's box on the wooden board is kept by its place on the wood, not in
    the picture: drawn first without trays, the same holes in a picture with
    room for trays on both sides (the board further right) keep the pixels of
    that picture drawn whole; a bowl beside the board is not on the wood."""
    from mancala_diagrams.drawing import render
    pos = Position.from_text(KATRO_06)
    kwargs = {"highlights": {"last": ["c2"], "sown": ["a1", "b1"]}}
    for options in (Options(), Options(tray_room=True), Options(tray_room=True, hand_area=True)):
        got = png(render_png(pos, options=options, **kwargs))
        whole = render.render_image(pos, options=options, **kwargs).quantize(palette=got, dither=Image.Dither.NONE)
        assert got.convert("RGB").tobytes() == whole.convert("RGB").tobytes(), options
    p = render.plan(pos, options=Options(tray_room=True, hand_area=True), **kwargs)
    assert render._wood_place(p.background)[1][0] == (BAND + CELL + MARGIN // 2) * DENSITY * render.SUPERSAMPLE


def test_a_board_written_over_is_not_cut_from_the_wood():
    """Were a coordinate written over the wooden board, the board's holes could
    not be cut from the wood alone (the picture there is not the wood)."""
    from mancala_diagrams.drawing import render
    from mancala_diagrams.drawing.layout import Text
    p = render.plan(Position.from_text(KATRO_06))
    board, coordinates = p.background
    assert render._wood_place(p.background) is not None
    inside = Text("column", 0, "A", BAND + MARGIN + CELL // 2, MARGIN + 2)
    assert render._wood_place((board, coordinates + (inside,))) is None


def test_holes_whose_drawings_meet_are_pasted_together_in_drawing_order():
    """Holes whose boxes meet (the wide dashed square of ``differs`` beside
    framed and ringed holes, in a chain along the board) are cut together, each
    pasted over the holes drawn before it, as the whole drawing draws them: the
    picture is pasted, with the pixels of the picture drawn whole."""
    from mancala_diagrams.drawing import render
    pos = Position.from_text("12,9,1,7/16,16,1,2 south reserve=6:2")
    kwargs = {"highlights": {"emptied": [1, 5, 7], "captured": [1, 3, 7], "special": [1, 7, 5], "differs": [3, 6]},
              "options": Options(tray_room=True)}
    p = render.plan(pos, **kwargs)
    composed = render._compose(p, render._palette_colours([]))
    assert composed is not None
    whole = render.render_image(pos, **kwargs).quantize(palette=composed, dither=Image.Dither.NONE)
    assert composed.convert("RGB").tobytes() == whole.convert("RGB").tobytes()


def _whole(p, like):
    """The plan *p* drawn whole and reduced, in the palette of the picture *like*."""
    from mancala_diagrams.drawing import render
    return render._draw(p).reduce(render.SUPERSAMPLE).quantize(palette=like, dither=Image.Dither.NONE)


def test_the_empty_board_pasted_from_the_wood_and_the_writing_is_the_one_drawn_whole():
    """The empty board at final size is pasted together from the page, the
    wood's reduction and the reduction of each coordinate drawn alone: the
    pixels of the empty board drawn whole and reduced, on boards with and
    without trays, lettered holes, one player's board, small cells, density 1,
    and with two coordinates written over each other (drawn together, in order)."""
    from mancala_diagrams.drawing import render
    from mancala_diagrams.drawing.layout import Text
    from mancala_diagrams.engine.geometry import Geometry
    katro = Position.from_text(KATRO_06)
    cases = [(katro, Options()), (katro, Options(tray_room=True)), (katro, Options(density=1)),
             (Position.from_rows([[2, 0, 1]], solo=True), Options(cell=34, margin=3, trays=False)),
             (Position.empty(6, 2, True), Options(reserve_room=True, hand_area=True))]
    for pos, options in cases:
        p = render.plan(pos, options=options)
        for background in (p.background, (p.background[0], p.background[1] + (Text("row", 0, "7", 5, 30),
                                                                              Text("row", 0, "8", 8, 33)))):
            board = render._surface(render._background, background, render._palette_colours([]),
                                    options.cell, options.density)
            got = render._base(board)
            assert render._wood_place(background) is not None
            whole = render._background(*background).reduce(render.SUPERSAMPLE).quantize(
                palette=got, dither=Image.Dither.NONE)
            assert got.tobytes() == whole.tobytes(), (pos.to_text(), options, len(background[1]))
    written = render._writing((p.background[0], (Text("row", 0, "7", 5, 30), Text("row", 0, "8", 8, 33))))
    assert len(written) == 1 and [t.text for t in written[0][1]] == ["7", "8"]


def test_a_bowl_is_cut_from_the_page_unless_something_is_written_near_it():
    """A reserve's bowl lies on the blank page, so its box is cut from a blank
    page; were a coordinate written across it, it would be cut from that
    picture's empty board: both pictures have the pixels of their whole drawing."""
    from mancala_diagrams.drawing import render
    from mancala_diagrams.drawing.layout import Text
    pos = Position.from_text("2,0,5,0,4,0/4,1,0,0,4,2/2,3,0,2,2,0/3,2,4,2,3,3 south reserve=6:3")
    p = render.plan(pos)
    bowl_x, bowl_y = [(cx, cy) for cx, cy, spot in p.spots if spot.kind == "reserve"][0]
    k = DENSITY * render.SUPERSAMPLE
    near = Text("row", 0, "9", (bowl_x - 50) / k, (bowl_y - 50) / k)    # over the box's corner, off the bowl
    for background in (p.background, (p.background[0], p.background[1] + (near,))):
        q = render.Plan(background, p.spots, p.options)
        got = render._compose(q, render._palette_colours([]))
        assert got is not None and got.tobytes() == _whole(q, got).tobytes(), len(background[1])
