"""Draw a board position as a PNG with Pillow: a pure function of its inputs.

:func:`render_png` takes a :class:`~mancala_diagrams.position.Position` (or a
board size with numbers, for a sowing order) and returns PNG bytes.  The image
is drawn :data:`SUPERSAMPLE` times larger than its final size and reduced with
a Lanczos filter, because Pillow draws shapes without anti-aliasing; the final
image has twice the pixels of its display size (``density=2``) so that it is
sharp on high-density screens.  It is then mapped to a fixed palette and
written as a PNG of its palette's colours only, compressed by zlib-ng at level 5
(:func:`png_bytes`), which keeps a step image around 11 KB.

Images contain digits only (seed counts, track numbers): words belong in the
caption and the alt text, which can be translated.  Highlight *roles* are drawn
with distinct shapes as well as colours:

=========== ==============================================================
``emptied`` the hole whose seeds were taken (dashed orange ring)
``sown``    holes that received a seed (thin green ring)
``last``    the hole where the last seed fell (thick blue double ring)
``captured`` holes whose seeds were captured (red ring and cross)
``special`` rova, nyumba, tsibongy, target hole (purple square frame)
``differs`` a hole where the published and replayed boards differ
            (dashed magenta square)
=========== ==============================================================

``marks`` are the published colours of holes (``{hole: "pink"}``), drawn as a
tint behind the hole.  ``numbers`` (``{hole: 0}``) draws a numbered sowing
order instead of seeds.  ``labels`` (``{hole: "B"}``) writes a short hole name
(ASCII letters and digits, as in de Voogt's notation) in the hole's upper-left
corner.

The output is deterministic: the same inputs give byte-identical PNGs.
"""
from __future__ import annotations

import hashlib
import json
import math
import random
import struct
import zlib
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import NamedTuple

from PIL import Image, ImageColor, ImageDraw, ImageFont
from zlib_ng import zlib_ng

from ..errors import MancalaError
from ..engine.position import Position
from . import layout

#: Bump when the drawing changes, so that cached images are redrawn.
RENDER_VERSION = 11   # 11: files readable as the umask says (those of 10 were 0600)

ROLES = ("emptied", "sown", "last", "captured", "special", "differs", "sow-right", "sow-left", "sow-choice")
#: the roles drawn as a sign across the hole (an arrow, a question mark) rather than a ring
SIGNS = {"sow-right": 1, "sow-left": -1, "sow-choice": 0}
SUPERSAMPLE = 2

# Colours: a warm wooden board, dark carved holes, pale pebbles.
PAGE = (255, 255, 255)
WOOD = (196, 136, 74)
WOOD_GRAIN = (181, 121, 62)
WOOD_EDGE = (121, 74, 34)
WOOD_LIGHT = (214, 160, 98)
HOLE_RIM = (92, 55, 24)
HOLE = (120, 76, 37)
HOLE_SHADOW = (78, 45, 18)
SEED = (226, 219, 203)
SEED_EDGE = (120, 110, 92)
SEED_SHINE = (250, 248, 240)
BADGE = (255, 251, 238)
BADGE_EDGE = (92, 55, 24)
INK = (40, 24, 10)
ROLE_COLOURS = {
    "emptied": (230, 120, 0),
    "sown": (34, 150, 64),
    "last": (25, 100, 215),
    "captured": (210, 30, 30),
    "special": (128, 60, 180),
    "differs": (220, 0, 150),
    "sow-right": (255, 255, 255),
    "sow-left": (255, 255, 255),
    "sow-choice": (255, 255, 255),
}
NUMBER_FILL = (255, 244, 200)
COORD_FONT = 14     # CSS pixels: the column letters and row numbers
BADGE_FONT = 14     # CSS pixels: seed counts and hole names (legible when a phone shrinks the board)


@dataclass(frozen=True)
class Options:
    """Drawing options (all in CSS pixels; ``density`` multiplies them)."""
    cell: int = 40          # one hole's square
    margin: int = 10        # board edge around the holes
    density: int = 2        # image pixels per CSS pixel
    trays: bool = True      # draw reserves and the seeds in hand beside the board
    tray_room: bool = False  # leave the trays' room on both sides even when they are empty
    reserve_room: bool = False  # leave the reserves' room (left) even when they are empty (same
                                # size for every step of an example, whatever its reserves)
    coords: bool = True     # column letters and row numbers (or each hole's letter), as captions name holes
    hand_area: bool = False  # draw the hand's bowl with its count even when empty (an example
                             # in which seeds are held in hand)


def _font(size: int):
    try:
        return ImageFont.load_default(size=size)
    except (TypeError, OSError):  # pragma: no cover - Pillow without FreeType
        return ImageFont.load_default()


@lru_cache(maxsize=None)
def _font_cached(size: int):
    return _font(size)


def _normalise_holes(value, geometry) -> frozenset:
    if value is None:
        return frozenset()
    if isinstance(value, int):
        value = [value]
    out = set()
    for h in value:
        if isinstance(h, str):
            h = geometry.parse(h)
        if not isinstance(h, int) or not 0 <= h < geometry.size:
            raise MancalaError(f"no hole {h!r} on a board of {geometry.size} holes")
        out.add(h)
    return frozenset(out)


def _normalise_marks(marks, geometry) -> dict:
    """Marks as ``{hole: (r, g, b)}``; accepts a dict or published rows of colours."""
    if not marks:
        return {}
    items = {}
    if isinstance(marks, dict):
        for h, colour in marks.items():
            items[next(iter(_normalise_holes([h], geometry)))] = colour
    else:
        rows = list(marks)
        if len(rows) != geometry.rows or any(len(r) != geometry.columns for r in rows):
            raise MancalaError(f"marks must have {geometry.rows} rows of {geometry.columns} holes")
        for r, row in enumerate(rows):
            for c, colour in enumerate(row):
                if colour:
                    items[r * geometry.columns + c] = colour
    out = {}
    for h, colour in items.items():
        try:
            out[h] = ImageColor.getrgb(str(colour))[:3]
        except ValueError:
            raise MancalaError(f"unknown colour {colour!r}") from None
    return out


def _normalise_labels(labels) -> dict:
    out = {}
    for h, text in (labels or {}).items():
        text = str(text)
        if not (1 <= len(text) <= 3 and text.isascii() and text.isalnum()):
            raise MancalaError(f"a hole label is 1 to 3 ASCII letters or digits, not {text!r}")
        out[int(h)] = text
    return out


def cache_key(position: Position, highlights=None, marks=None, numbers=None,
              options: Options | None = None, labels=None) -> str:
    """A content hash of everything the image depends on (for file names)."""
    options = options or Options()
    g = position.geometry
    hl = {role: sorted(_normalise_holes(holes, g)) for role, holes in (highlights or {}).items()}
    data = {
        "v": RENDER_VERSION,
        "board": position.to_text(),
        "highlights": {k: v for k, v in sorted(hl.items()) if v},
        "marks": sorted((h, list(c)) for h, c in _normalise_marks(marks, g).items()),
        "numbers": sorted((int(h), int(n)) for h, n in (numbers or {}).items()),
        "labels": sorted(_normalise_labels(labels).items()),
        "options": [options.cell, options.margin, options.density, options.trays],
    }
    if options.tray_room:   # only when set: the keys of existing images stay the same
        data["options"].append("tray_room")
    if options.hand_area:
        data["options"].append("hand_area")
    if options.reserve_room:
        data["options"].append("reserve_room")
    if options.coords:      # the coordinates drawn depend on how the board names its holes
        data["options"].append(f"coords-{g.notation}")
    blob = json.dumps(data, sort_keys=True, separators=(",", ":")).encode()
    return hashlib.sha256(blob).hexdigest()[:20]


def _seed_layout(n: int) -> list[tuple[float, float]]:
    """Positions (unit disc) of up to 12 pebbles in a hole, deterministic."""
    shown = min(n, 12)
    if shown == 0:
        return []
    if shown == 1:
        return [(0.0, 0.0)]
    pts = []
    if shown <= 6:
        ring = [(shown, 0.46)]
    else:
        inner = 1 if shown <= 7 else (2 if shown <= 9 else 3)
        ring = [(inner, 0.0 if inner == 1 else 0.22), (shown - inner, 0.55)]
    for count, radius in ring:
        for i in range(count):
            a = 2 * math.pi * i / count - math.pi / 2 + (0.35 if radius > 0.4 else 0.9)
            pts.append((radius * math.cos(a), radius * math.sin(a)))
    return pts


def board_size(geometry, options: Options | None = None, has_trays=False) -> tuple[int, int]:
    """(width, height) in CSS pixels of a picture of a board of *geometry*
    (*has_trays*: room for the bowls on both sides, or (left, right))."""
    o = options or Options()
    edges = o.coords and layout.coordinate_kind(geometry) == "edges"
    w, h, _ = layout.frame(geometry.rows, geometry.columns, o, has_trays, edges)
    return w, h


def _draw_wood(d, x0: int, rows: int, columns: int, solo: bool, cell: int, margin: int, k: int):
    """Draw the wooden board (edge, grain, groove) with *d*, its box's left edge
    at *x0* and its top at 0 (drawing pixels, *k* a CSS pixel): the grain
    depends on the board's size only."""
    cell, margin = cell * k, margin * k
    bw, bh = columns * cell + 2 * margin, rows * cell + 2 * margin
    box = (x0 + k, k, x0 + bw - k, bh - k)
    d.rounded_rectangle(box, radius=margin * 1.6, fill=WOOD_EDGE)
    inner = (box[0] + 2 * k, box[1] + 2 * k, box[2] - 2 * k, box[3] - 2 * k)
    d.rounded_rectangle(inner, radius=margin * 1.4, fill=WOOD)
    rng = random.Random(f"{rows}x{columns}")       # grain depends on the board only
    for _ in range(3 + rows):
        y = rng.uniform(inner[1] + margin, inner[3] - margin)
        amp, phase, freq = rng.uniform(1, 3) * k, rng.uniform(0, 6.28), rng.uniform(1.5, 3.0)
        pts = []
        for i in range(0, 41):
            x = inner[0] + margin + (inner[2] - inner[0] - 2 * margin) * i / 40
            pts.append((x, y + amp * math.sin(phase + freq * 6.28 * i / 40)))
        d.line(pts, fill=WOOD_GRAIN, width=max(1, k // 2))
    if not solo:  # the groove between the two players' halves
        ymid = margin + (rows // 2) * cell
        d.line((inner[0] + margin, ymid, inner[2] - margin, ymid), fill=WOOD_EDGE, width=k)
        d.line((inner[0] + margin, ymid + k, inner[2] - margin, ymid + k), fill=WOOD_LIGHT, width=k)


@lru_cache(maxsize=16)
def _wood(rows: int, columns: int, solo: bool, cell: int, margin: int, density: int) -> Image.Image:
    """The wooden board at drawing size, its box alone (on the page's white
    outside its rounded corners): the same for every picture of a board of
    this size, whatever lies beside it (trays, coordinates), so drawn once and
    pasted in the board's box (:func:`_background`); the boxes of holes that
    lie on it are cut from it (:func:`_wood_place`)."""
    k = density * SUPERSAMPLE
    img = Image.new("RGB", ((columns * cell + 2 * margin) * k, (rows * cell + 2 * margin) * k), PAGE)
    _draw_wood(ImageDraw.Draw(img), 0, rows, columns, solo, cell, margin, k)
    return img


class Spot(NamedTuple):
    """What one hole (or one bowl beside the board) shows: the whole drawing of a
    spot is :func:`_draw_spot`'s, around the spot's centre.  A named tuple: a
    site's pictures make and look up thousands (a tuple's hash and equality
    are C's)."""
    kind: str                   # "hole", or "reserve" / "hand" (a bowl)
    count: int = 0              # seeds
    roles: tuple = ()           # highlight roles (ROLES order)
    tint: tuple | None = None   # a published colour behind the hole
    number: int | None = None   # a sowing order's number (instead of seeds)
    label: str | None = None    # a hole name in the upper-left corner
    radius: float = 0.0         # a bowl's radius (CSS pixels)


@dataclass(frozen=True)
class Plan:
    """A picture: the empty board with its coordinates (:func:`_background`'s
    arguments) and its spots, each at its centre in drawing pixels, in drawing
    order."""
    background: tuple
    spots: tuple                # ((cx, cy, Spot), ...)
    options: Options


def plan(position: Position, highlights=None, marks=None, numbers=None,
         options: Options | None = None, labels=None) -> Plan:
    """What the picture of *position* holds (checked: unknown roles, holes, colours
    or labels are MancalaErrors)."""
    o = options or Options()
    g = position.geometry
    hl = {role: _normalise_holes(holes, g) for role, holes in (highlights or {}).items()}
    for role in hl:
        if role not in ROLES:
            raise MancalaError(f"unknown highlight {role!r}", expected=", ".join(ROLES))
    tints = _normalise_marks(marks, g)
    nums = {int(h): int(n) for h, n in (numbers or {}).items()}
    names = _normalise_labels(labels)

    lay = layout.position_layout(position, o, names or None)
    names = dict(lay.hole_names)
    k = o.density * SUPERSAMPLE           # drawing pixels per CSS pixel
    roles = {}                            # hole: its roles, in ROLES order
    for role in ROLES:
        for hole in hl.get(role, ()):
            roles[hole] = roles.get(hole, ()) + (role,)
    spots = []
    for hole in range(g.size):
        spots.append((lay.centres[hole][0] * k, lay.centres[hole][1] * k,
                      Spot("hole", position.cells[hole], roles.get(hole, ()), tints.get(hole), nums.get(hole),
                           names.get(hole))))
    # -- bowls beside the board: reserves on the left, the hand on the right -------
    for bowl in lay.bowls:
        spots.append((bowl.x * k, bowl.y * k, Spot(bowl.kind, bowl.count, radius=bowl.radius)))
    board = (g.rows, g.columns, g.solo, o, lay.trays, bool(lay.coordinates))
    return Plan((board, lay.coordinates), tuple(spots), o)


def _drawn_mask(alpha: Image.Image) -> Image.Image:
    """The mask of the pixels drawn, from an alpha channel of 0s and 255s only
    (checked before): a threshold, which Pillow makes in C (point() with a
    table converts the table in Python at each call)."""
    return alpha.convert("1", dither=Image.Dither.NONE)


def _badge(d, k, cx, cy, text, font, fill=BADGE, r=None):
    tw = d.textlength(text, font=font)
    r = r or 8.5 * k
    half = max(r, tw / 2 + 2.5 * k)
    if half < r + 1:    # less than a drawing pixel wider than high: round (Pillow's rounded
        half = r        # rectangle has no straight top edge to draw, and may fail on it)
    d.rounded_rectangle((cx - half, cy - r, cx + half, cy + r), radius=r, fill=fill,
                        outline=BADGE_EDGE, width=max(1, k // 2))
    d.text((cx, cy), text, font=font, fill=INK, anchor="mm", stroke_width=max(1, k // 4),
           stroke_fill=INK)


@lru_cache(maxsize=512)
def _badge_sprite(k, fx, fy, text, font, fill, r):
    """(pixels, mask, (x, y)): :func:`_badge` drawn alone (RGBA), centred on (fx, fy) in
    [0, 2) x [0, 2), cut to the pixels it draws (*mask*), whose upper-left
    corner is at (x, y); None if some pixel would be partly transparent (its
    text reaching past the badge)."""
    pad = 2 * int(font.getlength(text) / 4 + (r or 10 * k) / 2 + 2 * k)  # even (_pasted_badge), past the badge
    img = Image.new("RGBA", (2 * pad, 2 * pad), (0, 0, 0, 0))
    _badge(ImageDraw.Draw(img), k, pad + fx, pad + fy, text, font, fill, r)
    box = img.getbbox()     # of the alpha channel
    drawn = img.crop(box)
    alpha = drawn.getchannel("A")
    if min(box) <= 0 or max(box) >= 2 * pad or any(alpha.histogram()[1:255]):
        return None
    return drawn, _drawn_mask(alpha), (box[0] - pad, box[1] - pad)     # RGBA, as the sprite it goes on


def _pasted_badge(img, d, k, cx, cy, text, font, fill=BADGE, r=None):
    """:func:`_badge` on *img* (drawn by *d*), pasted from the same badge drawn
    once (a site's few hundred holes show a few dozen badges): the same pixels,
    for the badge is drawn the same way two pixels to the left or up (Pillow
    rounds coordinates half to even, so an odd shift might round a half the
    other way)."""
    ox, oy = int(cx) // 2 * 2, int(cy) // 2 * 2
    made = _badge_sprite(k, cx - ox, cy - oy, text, font, fill, r)
    if made is None:
        _badge(d, k, cx, cy, text, font, fill, r)
        return
    pixels, mask, (x, y) = made
    img.paste(pixels, (ox + x, oy + y), mask)


def _pebbles(d, k, cx, cy, n, radius):
    sr = radius * 0.27
    for px, py in _seed_layout(n):
        sx, sy = cx + px * radius * 0.78, cy + py * radius * 0.78
        d.ellipse((sx - sr, sy - sr, sx + sr, sy + sr), fill=SEED, outline=SEED_EDGE,
                  width=max(1, k // 2))
        d.ellipse((sx - sr * 0.5, sy - sr * 0.6, sx - sr * 0.05, sy - sr * 0.15), fill=SEED_SHINE)


def _dashed_ring(d, bbox, colour, width, dashes=12):
    step = 360 / dashes
    for i in range(dashes):
        d.arc(bbox, i * step, i * step + step * 0.55, fill=colour, width=width)


def _sign(d, k, cx, cy, R, way):
    """An arrow pointing *way* (1: right, -1: left) across the hole, or a
    question mark (0): white, outlined in ink, over the seeds."""
    if way == 0:
        font = _font_cached(int(R * 1.3))
        d.text((cx, cy), "?", font=font, fill=ROLE_COLOURS["sow-choice"], anchor="mm",
               stroke_width=max(2, k), stroke_fill=INK)
        return
    L, H, T = R * 0.8, R * 0.42, R * 0.14       # half-length, head half-height, shaft half-thickness
    tip, base = cx + way * L, cx + way * (L - 2 * H * 0.9)
    tail = cx - way * L
    shape = [(tail, cy - T), (base, cy - T), (base, cy - H), (tip, cy), (base, cy + H), (base, cy + T),
             (tail, cy + T)]
    d.polygon(shape, fill=ROLE_COLOURS["sow-right"], outline=INK, width=max(2, k))


def _draw_spot(d, cx, cy, spot: Spot, cell: int, density: int, badge=_badge):
    """Draw one hole (its tint, frames, the carved hole, rings, seeds and badges)
    or one bowl, centred on (cx, cy) in drawing pixels, for holes of *cell* CSS
    pixels at *density* (of the options, only these two shape a spot: its
    sprite is kept by them).  *badge* draws the badges (:func:`_badge`'s
    arguments)."""
    k = density * SUPERSAMPLE
    cell = cell * k
    badge_font = _font_cached(int(BADGE_FONT * k))
    if spot.kind != "hole":     # a bowl: a reserve, or the seeds in hand
        R = spot.radius * k
        d.ellipse((cx - R, cy - R, cx + R, cy + R), fill=WOOD_EDGE)
        d.ellipse((cx - R * 0.85, cy - R * 0.85, cx + R * 0.85, cy + R * 0.85), fill=WOOD)
        if spot.count:
            _pebbles(d, k, cx, cy, spot.count, R * 0.85)
        if spot.count or spot.kind == "hand":   # an empty hand says so: 0
            badge(d, k, cx + R * 0.7, cy + R * 0.7, str(spot.count), badge_font)
        return
    roles = spot.roles
    R = cell * 0.38
    if spot.tint is not None:
        t = cell * 0.48
        d.rounded_rectangle((cx - t, cy - t, cx + t, cy + t), radius=cell * 0.12, fill=spot.tint)
    if "special" in roles:
        t = cell * 0.47
        d.rounded_rectangle((cx - t, cy - t, cx + t, cy + t), radius=cell * 0.1,
                            outline=ROLE_COLOURS["special"], width=int(2.5 * k))
    if "differs" in roles:
        t = cell * 0.47
        for i in range(4):  # a dashed square: four sides, three dashes each
            for j in range(3):
                a, b = -t + (2 * t) * j / 3, -t + (2 * t) * (j + 0.6) / 3
                seg = [((cx + a, cy - t), (cx + b, cy - t)), ((cx + t, cy + a), (cx + t, cy + b)),
                       ((cx - a, cy + t), (cx - b, cy + t)), ((cx - t, cy - a), (cx - t, cy - b))][i]
                d.line(seg, fill=ROLE_COLOURS["differs"], width=int(3 * k))
    # the carved hole: rim, bowl, shadow on the upper inside
    d.ellipse((cx - R - k, cy - R - k, cx + R + k, cy + R + k), fill=WOOD_LIGHT)
    d.ellipse((cx - R, cy - R, cx + R, cy + R), fill=HOLE_RIM)
    d.ellipse((cx - R * 0.92, cy - R * 0.92, cx + R * 0.92, cy + R * 0.92), fill=HOLE_SHADOW)
    d.ellipse((cx - R * 0.86, cy - R * 0.72, cx + R * 0.86, cy + R * 0.92), fill=HOLE)
    rings = []
    if "sown" in roles:
        rings.append(("sown", 1.5, False))
    if "emptied" in roles:
        rings.append(("emptied", 2.5, True))
    if "captured" in roles:
        rings.append(("captured", 2.5, False))
    if "last" in roles:
        rings.append(("last", 3.0, False))
    for i, (role, w, dashed) in enumerate(rings):
        rr = R + (2.5 + 3.2 * i) * k
        bbox = (cx - rr, cy - rr, cx + rr, cy + rr)
        if dashed:
            _dashed_ring(d, bbox, ROLE_COLOURS[role], int(w * k))
        else:
            d.ellipse(bbox, outline=ROLE_COLOURS[role], width=int(w * k))
        if role == "last":
            rr2 = rr - 1.2 * w * k
            d.ellipse((cx - rr2, cy - rr2, cx + rr2, cy + rr2), outline=ROLE_COLOURS[role], width=k)
    if "captured" in roles:
        e = R * 0.55
        d.line((cx - e, cy - e, cx + e, cy + e), fill=ROLE_COLOURS["captured"], width=int(2.5 * k))
        d.line((cx - e, cy + e, cx + e, cy - e), fill=ROLE_COLOURS["captured"], width=int(2.5 * k))
    for role, way in SIGNS.items():
        if role in roles:
            _sign(d, k, cx, cy, R, way)
    if spot.label is not None:
        badge(d, k, cx - R * 0.72, cy - R * 0.72, spot.label, badge_font, fill=NUMBER_FILL)
    if spot.number is not None:
        badge(d, k, cx, cy, str(spot.number), _font_cached(int(17 * k)), fill=NUMBER_FILL, r=10 * k)
        return
    if spot.count:
        _pebbles(d, k, cx, cy, spot.count, R)
        badge(d, k, cx + R * 0.72, cy + R * 0.72, str(spot.count), badge_font)


@lru_cache(maxsize=16)
def _background(board: tuple, coordinates: tuple) -> Image.Image:
    """The empty board with its coordinates (column letters and row numbers) at
    drawing size: what every picture of it starts with (the wood pasted from
    :func:`_wood`, its pixels those of drawing it in place: tests compare them)."""
    rows, columns, solo, o, has_trays, edges = board
    k = o.density * SUPERSAMPLE
    W, H, box = layout.frame(rows, columns, o, has_trays, edges)
    img = Image.new("RGB", (W * k, H * k), PAGE)
    img.paste(_wood(rows, columns, solo, o.cell, o.margin, o.density), (box[0] * k, box[1] * k))
    d = ImageDraw.Draw(img)
    coord_font = _font_cached(int(COORD_FONT * k))
    # -- coordinates: column letters under the board, row numbers on its left -------
    for t in coordinates:
        d.text((t.x * k, t.y * k), t.text, font=coord_font, fill=INK, anchor="mm")
    return img


def _draw(p: Plan) -> Image.Image:
    """The drawing of *p* at drawing size (SUPERSAMPLE times the final size)."""
    img = _background(*p.background).copy()
    d = ImageDraw.Draw(img)
    for cx, cy, spot in p.spots:
        _draw_spot(d, cx, cy, spot, p.options.cell, p.options.density)
    return img


def render_image(position: Position, highlights=None, marks=None, numbers=None,
                 options: Options | None = None, labels=None) -> Image.Image:
    """The drawing as an RGB image at final size (before palette reduction): the
    reference :func:`render_png`'s quicker composition is tested against."""
    # the mean of each SUPERSAMPLE x SUPERSAMPLE block (a box filter), three times
    # faster than resize()
    return _draw(plan(position, highlights, marks, numbers, options, labels)).reduce(SUPERSAMPLE)


def _palette_image(colours) -> Image.Image:
    flat = [v for c in colours for v in c][:768]
    pal = Image.new("P", (1, 1))
    pal.putpalette(flat + [0] * (768 - len(flat)))
    return pal


BASE_COLOURS = (PAGE, WOOD, WOOD_GRAIN, WOOD_EDGE, WOOD_LIGHT, HOLE_RIM, HOLE, HOLE_SHADOW, SEED,
                SEED_EDGE, SEED_SHINE, BADGE, BADGE_EDGE, INK, NUMBER_FILL, *ROLE_COLOURS.values())

# Colours that meet along an edge: their half-way mix is in the palette, for anti-aliasing.
_NEIGHBOURS = [(PAGE, WOOD_EDGE), (WOOD_EDGE, WOOD), (WOOD, WOOD_GRAIN), (WOOD, WOOD_LIGHT),
               (WOOD_LIGHT, HOLE_RIM), (HOLE_RIM, HOLE_SHADOW), (HOLE_SHADOW, HOLE), (HOLE, SEED_EDGE),
               (HOLE_SHADOW, SEED_EDGE), (SEED_EDGE, SEED), (SEED, SEED_SHINE), (BADGE, BADGE_EDGE),
               (BADGE, INK), (BADGE_EDGE, HOLE), (BADGE_EDGE, SEED), (NUMBER_FILL, INK),
               (NUMBER_FILL, BADGE_EDGE), (WOOD, WOOD_EDGE), (BADGE_EDGE, WOOD_LIGHT), (PAGE, INK)]
_NEIGHBOURS += [(c, other) for c in ROLE_COLOURS.values() for other in (WOOD, WOOD_LIGHT, HOLE_RIM, HOLE)]


def _mix(a, b, t=0.5):
    return tuple(round(x * (1 - t) + y * t) for x, y in zip(a, b))


FIXED_COLOURS = tuple(dict.fromkeys([*BASE_COLOURS, *(_mix(a, b) for a, b in _NEIGHBOURS)]))


def _palette_colours(tints) -> tuple:
    extra = [*tints, *(_mix(t, other) for t in tints for other in (WOOD, WOOD_LIGHT, WOOD_EDGE))]
    return tuple(dict.fromkeys([*FIXED_COLOURS, *extra]))[:256]


@lru_cache(maxsize=64)
def _palette_cached(colours: tuple) -> Image.Image:
    return _palette_image(colours)


def _quantize(img: Image.Image, colours: tuple) -> Image.Image:
    """Each pixel to the nearest colour of the fixed palette (no dithering: a
    pixel's index depends on its colour alone)."""
    return img.quantize(palette=_palette_cached(colours), dither=Image.Dither.NONE)


@lru_cache(maxsize=1024)
def _sprite(spot: Spot, cell: int, density: int):
    """(pixels, mask, box): the spot drawn alone (:func:`_draw_spot`), cut to the
    box of the pixels it draws widened to whole blocks of the reduction (*box*,
    relative to the centre, in drawing pixels), and which of them it draws
    (*mask*); None if some pixel would be partly transparent (pasting it would
    not give the pixels of drawing it in place)."""
    size = max(cell, int(spot.radius) + 1) * density * SUPERSAMPLE
    img = Image.new("RGBA", (2 * size, 2 * size), (0, 0, 0, 0))
    try:
        _draw_spot(ImageDraw.Draw(img), size, size, spot, cell, density, partial(_pasted_badge, img))
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
    font = _font_cached(int(COORD_FONT * k))
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
    font = _font_cached(int(COORD_FONT * k))
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


def _compose(p: Plan, colours: tuple):
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


def render_png(position: Position, highlights=None, marks=None, numbers=None,
               options: Options | None = None, labels=None) -> bytes:
    """PNG bytes of the position (palette image, optimised, deterministic).

    The palette is fixed: the drawing's own colours and the half-way mixes of
    colours that meet along an edge (plus the published marks' colours).  So a
    thin highlight ring keeps its exact colour, and a part of the board that does
    not change from one step to the next has the very same pixels.

    The picture is pasted together from the empty board and one box per hole or
    bowl (:func:`_compose`; a site draws a few hundred pictures from a few
    hundred distinct holes), each box cut from the whole drawing's reduction, so
    the pixels are those of :func:`render_image` (tests compare them); holes
    whose drawings meet are cut together.
    """
    o = options or Options()
    p = plan(position, highlights, marks, numbers, o, labels)
    colours = _palette_colours(list(dict.fromkeys(_normalise_marks(marks, position.geometry).values())))
    pal = _compose(p, colours)
    if pal is None:
        pal = _quantize(_draw(p).reduce(SUPERSAMPLE), colours)
    return png_bytes(pal, colours)


#: zlib-ng at level 5 makes files as small as Pillow's encoder (the system zlib)
#: at level 6 in less than half its time: bench/bench_site.py prints both.  Higher
#: levels cost far more for a few per cent (level 9 was half of a clean build).
PNG_LEVEL = 5


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


@lru_cache(maxsize=64)
def _palette_chunk(colours: tuple) -> bytes:
    """The PLTE chunk of *colours* (a site's pictures use a handful of palettes)."""
    return _chunk(b"PLTE", bytes(v for c in colours for v in c[:3]))


def png_bytes(pal: Image.Image, colours: tuple) -> bytes:
    """A palette image (mode P, its pixels indices into *colours*) as a PNG file:
    the palette's own colours only (the 256 entries the quantization leaves
    would add half a kilobyte of zeros), 8 bits a pixel, no filter (each row
    starts with filter byte 0: the rows of a drawing of flat colours compress
    best as they are).  Pillow writes the same chunks; the pixels are
    compressed here with zlib-ng, which Pillow's encoder cannot use."""
    if pal.mode != "P" or not 1 <= len(colours) <= 256:
        raise ValueError(f"png_bytes needs a palette image of 1 to 256 colours, not {pal.mode}/{len(colours)}")
    w, h = pal.size
    rows = Image.new("P", (w + 1, h), 0)    # each row after a zero: its filter byte, "None"
    rows.paste(pal, (1, 0))
    return b"".join((
        b"\x89PNG\r\n\x1a\n",
        _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 3, 0, 0, 0)),   # 8-bit, palette, deflate, no interlace
        _palette_chunk(colours),
        _chunk(b"IDAT", zlib_ng.compress(rows.tobytes(), PNG_LEVEL)),
        _chunk(b"IEND", b""),
    ))


def empty_board(columns: int, rows_per_player: int = 2, solo: bool = False) -> Position:
    """A board with no seeds (for sowing orders): :meth:`Position.empty`."""
    return Position.empty(columns, rows_per_player, solo)


def track_numbers(geometry, player: str, start, direction: int, first: int = 0) -> dict:
    """``{hole: number}``: the order in which *player* sows from *start* (numbered *first*)."""
    start = next(iter(_normalise_holes([start], geometry)))
    if geometry.owner(start) != player:
        raise MancalaError(f"{geometry.name(start)} is not one of {player}'s holes")
    track = geometry.track(player)
    return {geometry.step(player, start, direction, i): first + i for i in range(len(track))}
