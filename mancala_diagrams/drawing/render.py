"""Paint a board position with Pillow: the plain path, public, and the reference.

:func:`render_png` takes a :class:`~mancala_diagrams.engine.position.Position`
and returns PNG bytes, a pure function of its inputs.  A picture is first
planned (:func:`plan`: what each hole and each bowl beside the board shows,
and where, from :mod:`.layout`), then painted whole (:func:`paint`)
:data:`SUPERSAMPLE` times larger than its final size and reduced with a box
filter, because Pillow draws shapes without anti-aliasing; the final image has
twice the pixels of its display size (``density=2``) so that it is sharp on
high-density screens.  It is then mapped to a fixed palette
(:func:`palette_picture`) and written as a PNG of its palette's colours only
(:func:`.png.png_bytes`), which keeps a step image around 11 KB.

:mod:`.compose` is an optional accelerator: it pastes the same picture together
from pieces it keeps (the empty board, each hole drawn alone), pixel for pixel
the picture painted here (``tests/fast/test_compose.py`` compares them), in a
fraction of the time; a site's builds draw with it (:func:`.compose.render_png`).
It imports this module, never the other way round: this module alone draws
every picture, and is the one to read or change first.

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

import dataclasses
import hashlib
import json
import math
import random
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageColor, ImageDraw, ImageFont

from ..errors import MancalaError
from ..engine.position import Position
from . import layout
from .png import png_bytes

#: Bump when the drawing changes, so that cached images are redrawn.
RENDER_VERSION = 13   # 13: the page around the board transparent (12: every drawing option in the cache key)

ROLES = ("emptied", "sown", "last", "captured", "special", "differs", "sow-right", "sow-left", "sow-choice")
#: the roles drawn as a sign across the hole (an arrow, a question mark) rather than a ring
SIGNS = {"sow-right": 1, "sow-left": -1, "sow-choice": 0}
SUPERSAMPLE = 2

# Colours: a warm wooden board, dark carved holes, pale pebbles.  The page around
# the board is transparent in the PNG file (render_png), so that a board sits on
# the page's own colour, dark or light; nothing else may be exactly PAGE.
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
    "sow-right": (248, 248, 248),     # white, but not the (transparent) page: Pillow maps
    # colours to its palette through a coarse cache: at 250 and above, white itself was
    # taken for the arrow (tests/test_render.py checks it)
    "sow-left": (248, 248, 248),
    "sow-choice": (248, 248, 248),
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


@lru_cache(maxsize=None)
def load_font(size: int):
    """Pillow's default font at *size* pixels (loaded once per size)."""
    try:
        return ImageFont.load_default(size=size)
    except (TypeError, OSError):  # pragma: no cover - Pillow without FreeType
        return ImageFont.load_default()


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
    """A content hash of everything the image depends on (for file names): the
    board, how it names its holes (the coordinates drawn), what is drawn on it
    and every drawing option."""
    options = options or Options()
    g = position.geometry
    hl = {role: sorted(_normalise_holes(holes, g)) for role, holes in (highlights or {}).items()}
    data = {
        "v": RENDER_VERSION,
        "board": position.to_text(),
        "notation": g.notation,
        "highlights": {k: v for k, v in sorted(hl.items()) if v},
        "marks": sorted((h, list(c)) for h, c in _normalise_marks(marks, g).items()),
        "numbers": sorted((int(h), int(n)) for h, n in (numbers or {}).items()),
        "labels": sorted(_normalise_labels(labels).items()),
        "options": dataclasses.asdict(options),
    }
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


def draw_wood(d, x0: int, rows: int, columns: int, solo: bool, cell: int, margin: int, k: int):
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


class Spot(NamedTuple):
    """What one hole (or one bowl beside the board) shows: the whole drawing of a
    spot is :func:`draw_spot`'s, around the spot's centre.  A named tuple: the
    compositor keeps the pieces of a site's pictures by their spots, thousands
    of them (a tuple's hash and equality are C's)."""
    kind: str                   # "hole", or "reserve" / "hand" (a bowl)
    count: int = 0              # seeds
    roles: tuple = ()           # highlight roles (ROLES order)
    tint: tuple | None = None   # a published colour behind the hole
    number: int | None = None   # a sowing order's number (instead of seeds)
    label: str | None = None    # a hole name in the upper-left corner
    radius: float = 0.0         # a bowl's radius (CSS pixels)


@dataclass(frozen=True)
class Plan:
    """A picture: the empty board with its coordinates (:func:`background`'s
    arguments), its spots, each at its centre in drawing pixels, in drawing
    order, and its palette."""
    background: tuple
    spots: tuple                # ((cx, cy, Spot), ...)
    options: Options
    colours: tuple              # the palette (palette_colours), the published marks' colours last


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
    return Plan((board, lay.coordinates), tuple(spots), o, palette_colours(list(dict.fromkeys(tints.values()))))


def draw_badge(d, k, cx, cy, text, font, fill=BADGE, r=None):
    tw = d.textlength(text, font=font)
    r = r or 8.5 * k
    half = max(r, tw / 2 + 2.5 * k)
    if half < r + 1:    # less than a drawing pixel wider than high: round (Pillow's rounded
        half = r        # rectangle has no straight top edge to draw, and may fail on it)
    d.rounded_rectangle((cx - half, cy - r, cx + half, cy + r), radius=r, fill=fill,
                        outline=BADGE_EDGE, width=max(1, k // 2))
    d.text((cx, cy), text, font=font, fill=INK, anchor="mm", stroke_width=max(1, k // 4),
           stroke_fill=INK)


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
        d.text((cx, cy), "?", font=load_font(int(R * 1.3)), fill=ROLE_COLOURS["sow-choice"], anchor="mm",
               stroke_width=max(2, k), stroke_fill=INK)
        return
    L, H, T = R * 0.8, R * 0.42, R * 0.14       # half-length, head half-height, shaft half-thickness
    tip, base = cx + way * L, cx + way * (L - 2 * H * 0.9)
    tail = cx - way * L
    shape = [(tail, cy - T), (base, cy - T), (base, cy - H), (tip, cy), (base, cy + H), (base, cy + T),
             (tail, cy + T)]
    d.polygon(shape, fill=ROLE_COLOURS["sow-right"], outline=INK, width=max(2, k))


def draw_spot(d, cx, cy, spot: Spot, cell: int, density: int, badge=draw_badge):
    """Draw one hole (its tint, frames, the carved hole, rings, seeds and badges)
    or one bowl, centred on (cx, cy) in drawing pixels, for holes of *cell* CSS
    pixels at *density* (of the options, only these two shape a spot: its
    pieces are kept by them in :mod:`.compose`).  *badge* draws the badges
    (:func:`draw_badge`'s arguments)."""
    k = density * SUPERSAMPLE
    cell = cell * k
    badge_font = load_font(int(BADGE_FONT * k))
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
        badge(d, k, cx, cy, str(spot.number), load_font(int(17 * k)), fill=NUMBER_FILL, r=10 * k)
        return
    if spot.count:
        _pebbles(d, k, cx, cy, spot.count, R)
        badge(d, k, cx + R * 0.72, cy + R * 0.72, str(spot.count), badge_font)


def background(board: tuple, coordinates: tuple) -> Image.Image:
    """The empty board with its coordinates (column letters and row numbers) at
    drawing size: what every picture of it starts with.  *board* is (rows,
    columns, solo, options, trays, edges) and *coordinates* the layout's
    :class:`~.layout.Text` items (:attr:`Plan.background`)."""
    rows, columns, solo, o, has_trays, edges = board
    k = o.density * SUPERSAMPLE
    W, H, box = layout.frame(rows, columns, o, has_trays, edges)
    img = Image.new("RGB", (W * k, H * k), PAGE)
    d = ImageDraw.Draw(img)
    draw_wood(d, box[0] * k, rows, columns, solo, o.cell, o.margin, k)
    coord_font = load_font(int(COORD_FONT * k))
    # -- coordinates: column letters under the board, row numbers on its left -------
    for t in coordinates:
        d.text((t.x * k, t.y * k), t.text, font=coord_font, fill=INK, anchor="mm")
    return img


def paint(p: Plan) -> Image.Image:
    """The picture of *p* painted whole at drawing size (SUPERSAMPLE times the
    final size): the empty board, then each spot in drawing order."""
    img = background(*p.background)
    d = ImageDraw.Draw(img)
    for cx, cy, spot in p.spots:
        draw_spot(d, cx, cy, spot, p.options.cell, p.options.density)
    return img


def render_image(position: Position, highlights=None, marks=None, numbers=None,
                 options: Options | None = None, labels=None) -> Image.Image:
    """The picture as an RGB image at final size (before palette reduction)."""
    # the mean of each SUPERSAMPLE x SUPERSAMPLE block (a box filter), three times
    # faster than resize()
    return paint(plan(position, highlights, marks, numbers, options, labels)).reduce(SUPERSAMPLE)


def palette_image(colours) -> Image.Image:
    """A palette image of *colours* (at most 256): what :func:`quantize` maps to."""
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


def palette_colours(tints) -> tuple:
    """The palette of a picture whose published marks are *tints*: the fixed
    colours, then each tint and its mixes with the wood."""
    extra = [*tints, *(_mix(t, other) for t in tints for other in (WOOD, WOOD_LIGHT, WOOD_EDGE))]
    return tuple(dict.fromkeys([*FIXED_COLOURS, *extra]))[:256]


def quantize(img: Image.Image, palette: Image.Image) -> Image.Image:
    """Each pixel to the nearest colour of *palette* (:func:`palette_image`; no
    dithering: a pixel's index depends on its colour alone)."""
    return img.quantize(palette=palette, dither=Image.Dither.NONE)


def palette_picture(p: Plan) -> Image.Image:
    """The picture of *p* at final size as indices into its palette (mode P,
    ``p.colours``)."""
    return quantize(paint(p).reduce(SUPERSAMPLE), palette_image(p.colours))


def render_png(position: Position, highlights=None, marks=None, numbers=None,
               options: Options | None = None, labels=None) -> bytes:
    """PNG bytes of the position (palette image, deterministic).

    The palette is fixed: the drawing's own colours and the half-way mixes of
    colours that meet along an edge (plus the published marks' colours).  So a
    thin highlight ring keeps its exact colour, and a part of the board that does
    not change from one step to the next has the very same pixels.  The page
    around the board is transparent (:data:`PAGE`)."""
    p = plan(position, highlights, marks, numbers, options, labels)
    return png_bytes(palette_picture(p), p.colours, transparent=PAGE)
