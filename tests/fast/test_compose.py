"""The compositor (drawing/compose.py) against the plain painting (drawing/render.py).

``compose.render_png`` pastes a picture together from pieces it keeps (the
empty board, each hole drawn alone); it must give the very bytes of
``render.render_png``, which paints the picture whole and is the reference.
These tests compare the two on random boards with everything a picture may
show, and on the cases where the pieces meet, lie on the wood, on a blank page
or under the writing; and they check the pieces themselves (a badge, the wood,
the empty board) against drawing them in place.  They reach into the
compositor's private pieces: they test the accelerator, not the games.
"""
from __future__ import annotations

import random
from dataclasses import replace

from PIL import Image, ImageDraw

from mancala_diagrams.drawing import compose, render
from mancala_diagrams.drawing.layout import Text
from mancala_diagrams.drawing.render import Options
from mancala_diagrams.engine.position import Position

KATRO_06 = "2,0,5,0,4,0/4,1,0,0,4,2/2,3,0,2,2,0/3,2,4,2,3,3 south"
CELL, MARGIN, DENSITY = 40, 10, 2          # the default options, in CSS pixels
BAND = 16       # the coordinates' band, left of the board (row numbers) and under it (column letters)
K = DENSITY * render.SUPERSAMPLE            # drawing pixels per CSS pixel


def assert_pasted_as_painted(p: render.Plan):
    """The picture of *p* is pasted together (not painted whole as a fallback),
    with the pixels of the picture painted whole, in the same palette."""
    composed = compose.compose(p)
    assert composed is not None, "painted whole, not pasted"
    painted = render.palette_picture(p)
    assert composed.size == painted.size
    assert composed.tobytes() == painted.tobytes()


def _random_picture(rng):
    """A random position and what may be drawn on it: every role, published
    tints, hole labels, sowing numbers, reserves and seeds in hand, big counts."""
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
                             for role in render.ROLES if rng.random() < 0.5}}
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


def test_the_compositor_gives_the_bytes_of_the_plain_painting():
    """On random boards with every role, tint, label, number, reserve (holes
    whose drawings meet are cut together; options whose cells do not fall on
    whole pixels would have the picture painted whole), the PNG the compositor
    makes is byte for byte the one the plain painting makes."""
    rng = random.Random(18)
    pasted = 0
    cases = [_random_picture(rng) for _ in range(60)]
    cases.append((Position.from_rows([[2]], solo=True),
                  {"highlights": {"last": [0]}, "options": Options(cell=34, margin=3, trays=False)}))
    cases.append((Position.from_text(KATRO_06), {"highlights": {"last": ["c2"]}, "options": Options(density=1)}))
    for pos, kwargs in cases:
        assert compose.render_png(pos, **kwargs) == render.render_png(pos, **kwargs), (pos.to_text(), kwargs)
        pasted += compose.compose(render.plan(pos, **kwargs)) is not None
    assert pasted >= 55      # these crowded pictures are pasted together (all 62 when written; 24
                             # before holes whose drawings meet were cut together)


def test_a_hole_named_by_a_wide_letter_is_pasted_with_the_pixels_of_the_whole_drawing():
    """De Voogt's letter M makes a badge a shade wider than high: it is drawn
    round, so that its hole can be drawn alone and pasted (Pillow refused the
    rounded rectangle there), with the very pixels of the picture drawn whole."""
    pos = Position.from_text(KATRO_06)
    assert_pasted_as_painted(render.plan(pos, labels={0: "M", 7: "W", 13: "B"}, highlights={"last": [7]}))


def test_a_badge_pasted_from_its_one_drawing_has_the_pixels_of_drawing_it_in_place():
    """A hole's sprite pastes its badges from one drawing of each (text, colour,
    position within two pixels): over a drawn hole, at centres whose whole part
    is odd and whose fraction is a half (where Pillow, rounding half to even,
    draws a badge shifted by one pixel differently), the pixels are those of
    the badge drawn in place."""
    font = render.load_font(int(render.BADGE_FONT * K))

    def hole_with_badge(badge, cx, cy, text, fill):
        img = Image.new("RGBA", (240, 240), (0, 0, 0, 0))
        d = ImageDraw.Draw(img)
        d.ellipse((40, 40, 200, 200), fill=render.HOLE)
        badge(img, d, cx, cy, text, fill)
        return img

    def in_place(img, d, cx, cy, text, fill):
        render.draw_badge(d, K, cx, cy, text, font, fill)

    def pasted(img, d, cx, cy, text, fill):
        compose._pasted_badge(img, d, K, cx, cy, text, font, fill)

    for cx, cy in ((121.5, 119.5), (120.5, 121.5), (123.776, 125.776), (118.0, 121.0)):
        for text, fill in (("12", render.BADGE), ("XYZ", render.NUMBER_FILL), ("b2", render.BADGE), ("7", render.BADGE)):
            want = hole_with_badge(in_place, cx, cy, text, fill)
            got = hole_with_badge(pasted, cx, cy, text, fill)
            assert want.tobytes() == got.tobytes(), (cx, cy, text)


def test_a_badge_whose_text_reaches_past_it_is_drawn_in_place():
    """A badge too short for its text (the text's edge blends with what lies
    under the badge) has no one drawing to paste: it is drawn in place."""
    font = render.load_font(int(render.BADGE_FONT * K))
    assert compose._badge_sprite(K, 0.5, 0.5, "8", font, render.BADGE, 2 * K) is None
    want, got = (Image.new("RGBA", (200, 200), (0, 0, 0, 0)) for _ in range(2))
    render.draw_badge(ImageDraw.Draw(want), K, 101.5, 99.5, "8", font, render.BADGE, 2 * K)
    compose._pasted_badge(got, ImageDraw.Draw(got), K, 101.5, 99.5, "8", font, render.BADGE, 2 * K)
    assert want.tobytes() == got.tobytes()
    assert compose._badge_sprite(K, 0.5, 0.5, "8", font, render.BADGE, None) is not None


def test_the_wood_drawn_once_and_pasted_beside_trays_has_the_pixels_of_drawing_it_there():
    """The wooden board is drawn once per board size and pasted where the
    picture's frame puts it (after the reserves' tray and the row numbers):
    the pixels of drawing it there, grain and groove included."""
    for rows, columns, solo in ((4, 8, False), (2, 6, True), (6, 3, False)):
        wood = compose._wood(rows, columns, solo, CELL, MARGIN, DENSITY)
        for left in (0, BAND, BAND + CELL + MARGIN // 2, 2 * (CELL + MARGIN // 2) + BAND):
            size = (wood.width + left * K + 8, wood.height + 8)
            drawn, pasted = Image.new("RGB", size, render.PAGE), Image.new("RGB", size, render.PAGE)
            render.draw_wood(ImageDraw.Draw(drawn), left * K, rows, columns, solo, CELL, MARGIN, K)
            pasted.paste(wood, (left * K, 0))
            assert drawn.tobytes() == pasted.tobytes(), (rows, columns, left)


def test_a_hole_cut_from_the_wood_serves_a_picture_whose_board_lies_elsewhere():
    """A hole's box on the wooden board is kept by its place on the wood, not in
    the picture: drawn first without trays, the same holes in a picture with
    room for trays on both sides (the board further right) keep the pixels of
    that picture drawn whole; a bowl beside the board is not on the wood."""
    pos = Position.from_text(KATRO_06)
    kwargs = {"highlights": {"last": ["c2"], "sown": ["a1", "b1"]}}
    for options in (Options(), Options(tray_room=True), Options(tray_room=True, hand_area=True)):
        assert compose.render_png(pos, options=options, **kwargs) == render.render_png(pos, options=options, **kwargs)
        assert_pasted_as_painted(render.plan(pos, options=options, **kwargs))
    p = render.plan(pos, options=Options(tray_room=True, hand_area=True), **kwargs)
    assert compose._wood_place(p.background)[1][0] == (BAND + CELL + MARGIN // 2) * K


def test_a_board_written_over_is_not_cut_from_the_wood():
    """Were a coordinate written over the wooden board, the board's holes could
    not be cut from the wood alone (the picture there is not the wood)."""
    p = render.plan(Position.from_text(KATRO_06))
    board, coordinates = p.background
    assert compose._wood_place(p.background) is not None
    inside = Text("column", 0, "A", BAND + MARGIN + CELL // 2, MARGIN + 2)
    assert compose._wood_place((board, coordinates + (inside,))) is None


def test_holes_whose_drawings_meet_are_pasted_together_in_drawing_order():
    """Holes whose boxes meet (the wide dashed square of ``differs`` beside
    framed and ringed holes, in a chain along the board) are cut together, each
    pasted over the holes drawn before it, as the whole drawing draws them: the
    picture is pasted, with the pixels of the picture drawn whole."""
    pos = Position.from_text("12,9,1,7/16,16,1,2 south reserve=6:2")
    highlights = {"emptied": [1, 5, 7], "captured": [1, 3, 7], "special": [1, 7, 5], "differs": [3, 6]}
    assert_pasted_as_painted(render.plan(pos, highlights, options=Options(tray_room=True)))


def test_the_empty_board_pasted_from_the_wood_and_the_writing_is_the_one_drawn_whole():
    """The empty board at final size is pasted together from the page, the
    wood's reduction and the reduction of each coordinate drawn alone: the
    pixels of the empty board drawn whole and reduced, on boards with and
    without trays, lettered holes, one player's board, small cells, density 1,
    and with two coordinates written over each other (drawn together, in order)."""
    katro = Position.from_text(KATRO_06)
    cases = [(katro, Options()), (katro, Options(tray_room=True)), (katro, Options(density=1)),
             (Position.from_rows([[2, 0, 1]], solo=True), Options(cell=34, margin=3, trays=False)),
             (Position.empty(6, 2, True), Options(reserve_room=True, hand_area=True))]
    for pos, options in cases:
        p = render.plan(pos, options=options)
        for background in (p.background, (p.background[0], p.background[1] + (Text("row", 0, "7", 5, 30),
                                                                              Text("row", 0, "8", 8, 33)))):
            board = compose._surface(compose._background, background, p.colours, options.cell, options.density)
            got = compose._base(board)
            assert compose._wood_place(background) is not None
            whole = render.quantize(render.background(*background).reduce(render.SUPERSAMPLE),
                                    render.palette_image(p.colours))
            assert got.tobytes() == whole.tobytes(), (pos.to_text(), options, len(background[1]))
    written = compose._writing((p.background[0], (Text("row", 0, "7", 5, 30), Text("row", 0, "8", 8, 33))))
    assert len(written) == 1 and [t.text for t in written[0][1]] == ["7", "8"]


def test_a_bowl_is_cut_from_the_page_unless_something_is_written_near_it():
    """A reserve's bowl lies on the blank page, so its box is cut from a blank
    page; were a coordinate written across it, it would be cut from that
    picture's empty board: both pictures have the pixels of their whole drawing."""
    pos = Position.from_text("2,0,5,0,4,0/4,1,0,0,4,2/2,3,0,2,2,0/3,2,4,2,3,3 south reserve=6:3")
    p = render.plan(pos)
    bowl_x, bowl_y = [(cx, cy) for cx, cy, spot in p.spots if spot.kind == "reserve"][0]
    near = Text("row", 0, "9", (bowl_x - 50) / K, (bowl_y - 50) / K)    # over the box's corner, off the bowl
    for background in (p.background, (p.background[0], p.background[1] + (near,))):
        assert_pasted_as_painted(replace(p, background=background))
