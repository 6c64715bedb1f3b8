"""The compositor: an optional accelerator of :mod:`.render`, the same pixels.

:func:`render_png` gives the very bytes of :func:`.render.render_png` (the
plain path, and the reference), in a fraction of its time: instead of painting
each picture whole, it pastes it together from pieces kept in memory (a site
draws a few hundred pictures from a few hundred distinct holes):

* the empty board at final size (:func:`_base`), itself pasted from the wood
  (:func:`_wood`, drawn once per board size) and each coordinate written alone;
* one box per hole or bowl (:func:`_tile`): the spot drawn alone
  (:func:`_sprite`, its badges pasted from one drawing of each,
  :func:`_pasted_badge`), pasted on what lies under it (the wood, a blank
  page or the empty board) and reduced; spots whose boxes meet are cut
  together, in drawing order.

Each piece is cut on whole blocks of the reduction, and a pixel's palette index
depends on its colour alone, so the pasted picture is the reduction of the
whole painting, pixel for pixel.  Where that cannot be promised (a spot's
centre off the blocks, a drawing with partly transparent pixels, one reaching
past its square), the picture is painted whole by :mod:`.render`.

Only :mod:`.images` (the site's image files) uses it; drawing without it is
drawing with :func:`.render.render_png`.  ``tests/fast/test_compose.py``
compares the two on every kind of picture.
"""
from __future__ import annotations

from functools import lru_cache, partial

from PIL import Image, ImageDraw, ImageFont

from . import layout, render
from .png import png_bytes
from .render import BADGE, COORD_FONT, INK, PAGE, SUPERSAMPLE, Plan, Spot


def _drawn_mask(alpha: Image.Image) -> Image.Image:
    """The mask of the pixels drawn, from an alpha channel of 0s and 255s only
    (checked before): a threshold, which Pillow makes in C (point() with a
    table converts the table in Python at each call)."""
    return alpha.convert("1", dither=Image.Dither.NONE)


@lru_cache(maxsize=512)
def _badge_sprite(k, fx, fy, text, font, fill, r):
    """(pixels, mask, (x, y)): :func:`.render.draw_badge` drawn alone (RGBA), centred on (fx, fy) in
    [0, 2) x [0, 2), cut to the pixels it draws (*mask*), whose upper-left
    corner is at (x, y); None if some pixel would be partly transparent (its
    text reaching past the badge)."""
    pad = 2 * int(font.getlength(text) / 4 + (r or 10 * k) / 2 + 2 * k)  # even (_pasted_badge), past the badge
    img = Image.new("RGBA", (2 * pad, 2 * pad), (0, 0, 0, 0))
    render.draw_badge(ImageDraw.Draw(img), k, pad + fx, pad + fy, text, font, fill, r)
    box = img.getbbox()     # of the alpha channel
    drawn = img.crop(box)
    alpha = drawn.getchannel("A")
    if min(box) <= 0 or max(box) >= 2 * pad or any(alpha.histogram()[1:255]):
        return None
    return drawn, _drawn_mask(alpha), (box[0] - pad, box[1] - pad)     # RGBA, as the sprite it goes on


def _pasted_badge(img, d, k, cx, cy, text, font, fill=BADGE, r=None):
    """:func:`.render.draw_badge` on *img* (drawn by *d*), pasted from the same badge drawn
    once (a site's few hundred holes show a few dozen badges): the same pixels,
    for the badge is drawn the same way two pixels to the left or up (Pillow
    rounds coordinates half to even, so an odd shift might round a half the
    other way)."""
    ox, oy = int(cx) // 2 * 2, int(cy) // 2 * 2
    made = _badge_sprite(k, cx - ox, cy - oy, text, font, fill, r)
    if made is None:
        render.draw_badge(d, k, cx, cy, text, font, fill, r)
        return
    pixels, mask, (x, y) = made
    img.paste(pixels, (ox + x, oy + y), mask)


@lru_cache(maxsize=16)
def _wood(rows: int, columns: int, solo: bool, cell: int, margin: int, density: int) -> Image.Image:
    """The wooden board at drawing size, its box alone (on the page's white
    outside its rounded corners): the same for every picture of a board of
    this size, whatever lies beside it (trays, coordinates), so drawn once:
    the empty board's reduction pastes it (:func:`_base`), and the boxes of
    holes that lie on it are cut from it (:func:`_wood_place`)."""
    k = density * SUPERSAMPLE
    img = Image.new("RGB", ((columns * cell + 2 * margin) * k, (rows * cell + 2 * margin) * k), PAGE)
    render.draw_wood(ImageDraw.Draw(img), 0, rows, columns, solo, cell, margin, k)
    return img


#: The empty board with its coordinates at drawing size (:func:`.render.background`),
#: kept: what a box that meets the writing is cut from.
_background = lru_cache(maxsize=16)(render.background)

#: The palette image of a set of colours (:func:`.render.palette_image`), kept.
_palette = lru_cache(maxsize=64)(render.palette_image)


def _quantize(img: Image.Image, colours: tuple) -> Image.Image:
    """:func:`.render.quantize` to the palette of *colours*."""
    return render.quantize(img, _palette(colours))


@lru_cache(maxsize=1024)
def _sprite(spot: Spot, cell: int, density: int):
    """(pixels, mask, box): the spot drawn alone (:func:`.render.draw_spot`), cut to the
    box of the pixels it draws widened to whole blocks of the reduction (*box*,
    relative to the centre, in drawing pixels), and which of them it draws
    (*mask*); None if some pixel would be partly transparent (pasting it would
    not give the pixels of drawing it in place)."""
    size = max(cell, int(spot.radius) + 1) * density * SUPERSAMPLE
    img = Image.new("RGBA", (2 * size, 2 * size), (0, 0, 0, 0))
    try:
        render.draw_spot(ImageDraw.Draw(img), size, size, spot, cell, density, partial(_pasted_badge, img))
    except ValueError:  # Pillow refusing a shape drawn here (float rounding) that the whole
        return None     # picture has elsewhere: that picture is drawn whole
    bbox = img.getbbox() or (size, size, size, size)    # of the alpha channel
    if min(bbox) <= 0 or max(bbox) >= 2 * size:
        return None     # a drawing reaching the square's edge
    s = SUPERSAMPLE
    bbox = tuple(v // s * s for v in bbox[:2]) + tuple(-(-v // s) * s for v in bbox[2:])
    drawn = img.crop(bbox)
    alpha = drawn.getchannel("A")
    if any(alpha.histogram()[1:255]):
        return None     # partly transparent pixels
    return drawn.convert("RGB"), _drawn_mask(alpha), tuple(v - size for v in bbox)


class _Surface:
    """What the boxes of spots are cut from, in one palette: the empty board with
    its coordinates (*draw* is :func:`_background`; the key of the picture's
    final-size start too, :func:`_base`), the wooden board alone (:func:`_wood`)
    or a blank page (:func:`_page`); its image ``draw(*args)``, its holes of
    *cell* CSS pixels at *density*.
    :func:`_surface` makes one per set of values, so that a key is compared by
    identity (a tile's lookup then hashes four small values, not the board's
    coordinates and the whole palette)."""
    __slots__ = ("draw", "args", "colours", "cell", "density")

    def __init__(self, draw, args: tuple, colours: tuple, cell: int, density: int):
        self.draw, self.args, self.colours, self.cell, self.density = draw, args, colours, cell, density

    def image(self) -> Image.Image:
        return self.draw(*self.args)


@lru_cache(maxsize=128)
def _surface(draw, args: tuple, colours: tuple, cell: int, density: int) -> _Surface:
    return _Surface(draw, args, colours, cell, density)


def _meet(a: tuple, b: tuple) -> bool:
    """Whether two boxes (left, top, right, bottom) share a pixel."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@lru_cache(maxsize=64)
def _writing(background: tuple):
    """Where the coordinates of *background* (:func:`_background`'s arguments)
    are written: ((box, texts), ...), each box (drawing pixels, on whole blocks
    of the reduction, within the picture) holding its texts' letters on the
    page and nothing else, boxes that would meet merged (their texts in
    drawing order); None if the font cannot say where its letters go.  Pillow
    pastes a text's pixels within its font box (at the whole pixel, widened
    here by 2 for the fraction)."""
    (rows, columns, solo, o, has_trays, edges), coordinates = background
    k, s = o.density * SUPERSAMPLE, SUPERSAMPLE
    font = render.load_font(int(COORD_FONT * k))
    if coordinates and not isinstance(font, ImageFont.FreeTypeFont):
        return None
    width, height, _ = layout.frame(rows, columns, o, has_trays, edges)
    groups = []
    for i, t in enumerate(coordinates):
        left, top, right, bottom = font.getbbox(t.text, anchor="mm")
        x, y = int(t.x * k), int(t.y * k)
        box = (max(0, (x + left - 2) // s * s), max(0, (y + top - 2) // s * s),
               min(width * k, -(-(x + right + 2) // s) * s), min(height * k, -(-(y + bottom + 2) // s) * s))
        groups.append((box, (i,)))
    groups = _merged(groups)      # a handful of texts, apart in practice
    return tuple((box, tuple(coordinates[i] for i in texts)) for box, texts in groups)


@lru_cache(maxsize=64)
def _wood_place(background: tuple):
    """(wood, box): :func:`_wood`'s arguments for the board of *background*
    (:func:`_background`'s arguments) and its box in the picture (drawing
    pixels, on whole blocks of the reduction), where the picture is that wood
    alone; None if a coordinate may be written over the board."""
    writing = _writing(background)
    (rows, columns, solo, o, has_trays, edges), coordinates = background
    k = o.density * SUPERSAMPLE
    box = tuple(v * k for v in layout.frame(rows, columns, o, has_trays, edges)[2])
    if writing is None or any(_meet(area, box) for area, _texts in writing):
        return None
    return (rows, columns, solo, o.cell, o.margin, o.density), box


@lru_cache(maxsize=16)
def _wood_reduced(*wood) -> Image.Image:
    """:func:`_wood` at final size."""
    return _wood(*wood).reduce(SUPERSAMPLE)


@lru_cache(maxsize=32)
def _wood_final(wood: tuple, colours: tuple) -> Image.Image:
    """:func:`_wood` at final size, as palette indices."""
    return _quantize(_wood_reduced(*wood), colours)


@lru_cache(maxsize=256)
def _written(texts: tuple, size: tuple, k: int, colours: tuple) -> Image.Image:
    """Coordinates written on the page at final size, as palette indices:
    *texts* ((text, x, y), ...) centred at (x, y) in a box of *size* (drawing
    pixels, *k* a CSS pixel), the same letters wherever the box lies an even
    number of pixels away."""
    area = Image.new("RGB", size, PAGE)
    d = ImageDraw.Draw(area)
    font = render.load_font(int(COORD_FONT * k))
    for text, x, y in texts:
        d.text((x, y), text, font=font, fill=INK, anchor="mm")
    return _quantize(area.reduce(SUPERSAMPLE), colours)


def _blank(size: tuple, colours: tuple) -> Image.Image:
    """The page at final size, as palette indices (a new image)."""
    dot = _quantize(Image.new("RGB", (1, 1), PAGE), colours)
    return dot.resize(size)


@lru_cache(maxsize=64)
def _base(board: _Surface) -> Image.Image:
    """The empty board with its coordinates at final size, as palette indices:
    the reduction of :func:`_background`, pasted together when the wood lies
    apart from the writing (:func:`_wood_place`) from the page, the wood and
    each written box, each reduced alone (the boxes and the wood fall on whole
    blocks of the reduction, so none of these blocks mixes two of them; and a
    pixel's index depends on its colour alone)."""
    background = board.args
    place = _wood_place(background)
    if place is None:
        return _quantize(_background(*background).reduce(SUPERSAMPLE), board.colours)
    (rows, columns, solo, o, has_trays, edges), _coordinates = background
    k, s = o.density * SUPERSAMPLE, SUPERSAMPLE
    width, height, _ = layout.frame(rows, columns, o, has_trays, edges)
    img = _blank((width * k // s, height * k // s), board.colours)
    for (x0, y0, x1, y1), texts in _writing(background):
        here = tuple((t.text, t.x * k - x0, t.y * k - y0) for t in texts)
        img.paste(_written(here, (x1 - x0, y1 - y0), k, board.colours), (x0 // s, y0 // s))
    img.paste(_wood_final(place[0], board.colours), (place[1][0] // s, place[1][1] // s))
    return img


@lru_cache(maxsize=16)
def _page(width: int, height: int) -> Image.Image:
    """A blank page (drawing size): what a bowl's box is cut from when it lies
    apart from the wood and the writing."""
    return Image.new("RGB", (width, height), PAGE)


def _cut(surface: _Surface, box: tuple, spots) -> Image.Image:
    """The final pixels (palette indices) of *box* (drawing pixels) on
    *surface* where *spots* ((cx, cy, spot), ...) are drawn in that order, as
    the reduction of the whole drawing has them there."""
    region = surface.image().crop(box)
    for cx, cy, spot in spots:
        pixels, mask, (x0, y0, _x1, _y1) = _sprite(spot, surface.cell, surface.density)
        region.paste(pixels, (cx + x0 - box[0], cy + y0 - box[1]), mask)
    return _quantize(region.reduce(SUPERSAMPLE), surface.colours)


@lru_cache(maxsize=8192)
def _tile(surface: _Surface, cx: int, cy: int, spot: Spot) -> Image.Image:
    """The box of *spot* drawn at (cx, cy) on *surface*, :func:`_cut` (a site
    draws a few hundred pictures from a few thousand such boxes)."""
    x0, y0, x1, y1 = _sprite(spot, surface.cell, surface.density)[2]
    return _cut(surface, (cx + x0, cy + y0, cx + x1, cy + y1), ((cx, cy, spot),))


@lru_cache(maxsize=64)
def _tiles(surface: _Surface, box: tuple, spots: tuple) -> Image.Image:
    """The box of spots whose boxes meet, :func:`_cut` (rare: a picture whose
    holes all have the wide frame of ``differs``)."""
    return _cut(surface, box, spots)


def _any_meet(boxes) -> bool:
    """Whether two of the boxes share a pixel (a sweep along x: a box meets the
    later ones only if they start before it ends)."""
    boxes = sorted(boxes)
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            if b[0] >= a[2]:
                break
            if b[1] < a[3] and a[1] < b[3]:
                return True
    return False


def _merged(groups: list) -> list:
    """``[(box, items), ...]`` with the groups whose boxes meet merged, until
    none meet: the union of their boxes, their items sorted (each item a tuple
    that starts with its rank in drawing order)."""
    groups = list(groups)
    i = 0
    while i < len(groups):
        box, items = groups[i]
        for j in range(len(groups)):
            if j != i and _meet(box, groups[j][0]):
                first, second = sorted((i, j))
                (p, a), (q, b) = groups[first], groups.pop(second)
                groups[first] = ((min(p[0], q[0]), min(p[1], q[1]), max(p[2], q[2]), max(p[3], q[3])),
                                 tuple(sorted(a + b)))
                i = 0       # the union may meet a box passed before
                break
        else:
            i += 1
    return groups


def compose(p: Plan):
    """The picture of *p* at final size as palette indices, pasted together from
    the empty board and the cached box of each spot: the very pixels of the
    whole drawing's reduction when the spots' centres fall on whole blocks of
    the reduction (else None: the picture is drawn whole).  Spots whose boxes
    meet are cut together, their sprites pasted in drawing order (the later
    one over the earlier, as drawn) in the union of their boxes.
    A box on the wooden board is cut from the wood alone (:func:`_wood_place`),
    so that it serves every picture of a board of that size, whatever lies
    beside the board; a box apart from the wood and the writing (a bowl) is
    cut from a blank page, whatever the picture."""
    s = SUPERSAMPLE
    o = p.options
    boxes = []
    for rank, (cx, cy, spot) in enumerate(p.spots):
        if cx != int(cx) or cy != int(cy) or int(cx) % s or int(cy) % s:
            return None
        made = _sprite(spot, o.cell, o.density)
        if made is None:
            return None
        x0, y0, x1, y1 = made[2]
        cx, cy = int(cx), int(cy)
        boxes.append(((cx + x0, cy + y0, cx + x1, cy + y1), ((rank, cx, cy, spot),)))
    if _any_meet([box for box, _ in boxes]):
        boxes = _merged(boxes)
    colours = p.colours
    board = _surface(_background, p.background, colours, o.cell, o.density)
    place = _wood_place(p.background)
    if place is not None:
        wood = _surface(_wood, place[0], colours, o.cell, o.density)
        left, top, right, bottom = wood_box = place[1]
        writing = _writing(p.background)
    img = _base(board).copy()
    for box, spots in boxes:
        x0, y0, x1, y1 = box
        if place is None:
            surface, dx, dy = board, 0, 0
        elif left <= x0 and top <= y0 and x1 <= right and y1 <= bottom:
            surface, dx, dy = wood, left, top
        elif min(box) >= 0 and not _meet(box, wood_box) and not any(_meet(box, area) for area, _ in writing):
            surface, dx, dy = _surface(_page, (x1 - x0, y1 - y0), colours, o.cell, o.density), x0, y0
        else:
            surface, dx, dy = board, 0, 0
        if len(spots) == 1:
            _rank, cx, cy, spot = spots[0]
            tile = _tile(surface, cx - dx, cy - dy, spot)
        else:
            tile = _tiles(surface, (x0 - dx, y0 - dy, x1 - dx, y1 - dy),
                          tuple((cx - dx, cy - dy, spot) for _rank, cx, cy, spot in spots))
        img.paste(tile, (x0 // s, y0 // s))
    return img


def render_png(position, highlights=None, marks=None, numbers=None, options=None, labels=None) -> bytes:
    """The bytes of :func:`.render.render_png` (same arguments), the picture
    pasted together (:func:`compose`) where it can be, else painted whole."""
    p = render.plan(position, highlights, marks, numbers, options, labels)
    pal = compose(p)
    return png_bytes(pal if pal is not None else render.palette_picture(p), p.colours, transparent=PAGE)
