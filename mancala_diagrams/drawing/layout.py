"""Where everything goes on a board picture: a pure function, no pixels.

:func:`board_layout` says, in CSS pixels, how big the picture is, where the
wooden board and each hole are, which coordinates are written around the board
and where, which hole names are written in the holes, and the bowls beside the
board (the reserves on the left, the seeds in hand on the right) with their
counts: the one place that gives a picture's size.  :mod:`.render` draws what
it says with Pillow; tests check the layout without looking at pixels.

Coordinates are the very names the captions use (:meth:`Geometry.name`):

* on a board named like a chessboard (``a1`` ...), the column letters are
  written under the board and the row numbers on its left, each in line with
  its column or row (``1`` = South's outer row, the bottom one; a one-player
  board counts its own rows the same way);
* on a board whose holes have letters of their own (``notation: letters``, de
  Voogt's katro of Fianarantsoa: ``A`` ... for South, ``a`` ... for North), each
  hole carries its letter in its upper-left corner.

Hole names given by hand (``labels``) are written in their holes, over the
letters of a lettered board; ``Options(coords=False)`` draws no coordinates.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..engine.geometry import LETTERS, SOUTH

#: The band around the board where coordinates are written (CSS pixels).
COORD_BAND = 16


@dataclass(frozen=True)
class Text:
    """A coordinate written beside the board: ``kind`` is ``column`` or ``row``;
    ``index`` the column (from the left) or row (from the top) it names."""
    kind: str
    index: int
    text: str
    x: float
    y: float


@dataclass(frozen=True)
class Bowl:
    """A bowl beside the board: ``reserve`` (left) or ``hand`` (right), whose
    seeds, how many, its centre and radius."""
    kind: str
    player: str
    count: int
    x: float
    y: float
    radius: float


@dataclass(frozen=True)
class Layout:
    width: int                      # the picture, in CSS pixels
    height: int
    board: tuple                    # the wooden board (left, top, right, bottom)
    cell: int
    centres: tuple                  # (x, y) of each hole, by index
    coordinates: tuple = ()         # Text: column letters and row numbers
    hole_names: tuple = ()          # (hole, text): names written in the holes
    bowls: tuple = ()               # Bowl: reserves and the hand
    trays: tuple = (False, False)   # room for bowls on the left (reserves), on the right (hand)

    def hole_name(self, hole):
        return dict(self.hole_names).get(hole)


def frame(rows: int, columns: int, options, trays, coords: bool) -> tuple:
    """(width, height, board box) of a picture: [reserve bowls] [row numbers]
    board [hand bowl], and the column letters under the board.  *trays*: room
    for the bowls (left, right), or one bool for both sides."""
    o = options
    if isinstance(trays, bool):
        trays = (trays, trays)
    tray = o.cell + o.margin // 2
    band = COORD_BAND if coords else 0
    bw, bh = columns * o.cell + 2 * o.margin, rows * o.cell + 2 * o.margin
    left = (tray if trays[0] else 0) + band
    width = left + bw + (tray if trays[1] else 0)
    height = bh + band
    return width, height, (left, 0, left + bw, bh)


def coordinate_kind(geometry) -> str:
    """How a board's coordinates are drawn: ``edges`` (column letters and row
    numbers) or ``holes`` (each hole its own letter)."""
    return "holes" if geometry.notation == "letters" else "edges"


def board_layout(geometry, options, *, reserves=(0, 0), hand=0, to_move=SOUTH, labels=None) -> Layout:
    """The layout of a picture of a board of *geometry* drawn with *options*
    (:class:`render.Options`).  *reserves*: the seeds in each player's reserve;
    *hand*: the seeds in hand (with ``options.hand_area`` the hand's bowl is
    drawn even when it is empty); *labels*: ``{hole: name}`` written in the
    holes instead of the coordinates."""
    o = options
    g = geometry
    hand_seeds = hand or 0
    shown_hand = hand_seeds > 0 or bool(o.hand_area)
    trays = (bool(o.trays and (o.tray_room or o.reserve_room or any(reserves))),    # room for the bowls:
             bool(o.trays and (o.tray_room or shown_hand)))                         # (left, right)
    kind = coordinate_kind(g)
    coords = bool(o.coords)
    edges = coords and kind == "edges"
    width, height, box = frame(g.rows, g.columns, o, trays, edges)
    left, top = box[0] + o.margin, box[1] + o.margin
    centres = tuple((left + (h % g.columns) * o.cell + o.cell / 2, top + (h // g.columns) * o.cell + o.cell / 2)
                    for h in range(g.size))
    texts = []
    if edges:
        band_x = box[0] - COORD_BAND / 2
        band_y = box[3] + COORD_BAND / 2
        for c in range(g.columns):
            texts.append(Text("column", c, LETTERS[c], centres[c][0], band_y))
        for r in range(g.rows):
            texts.append(Text("row", r, str(g.rows - r), band_x, centres[r * g.columns][1]))
    names = {h: g.name(h) for h in range(g.size)} if coords and kind == "holes" else {}
    names.update((int(h), str(t)) for h, t in (labels or {}).items())
    bowls = []
    if any(trays):
        half = g.rows // len(g.players) * o.cell
        tray_x = (o.cell // 2 + o.margin // 4)
        radius = o.cell * 0.36
        for i, player in enumerate(g.players):
            n = reserves[i] if i < len(reserves) else 0
            if n and trays[0]:
                y = top + (g.rows * o.cell - half if player == SOUTH else 0) if len(g.players) > 1 else top
                bowls.append(Bowl("reserve", player, n, tray_x, y + half / 2, radius))
        if shown_hand and trays[1]:
            y = top + (g.rows * o.cell - half if to_move == SOUTH or g.solo else 0)
            bowls.append(Bowl("hand", to_move, hand_seeds, box[2] + tray_x, y + half / 2, radius))
    return Layout(width, height, box, o.cell, centres, tuple(texts), tuple(sorted(names.items())), tuple(bowls),
                  trays)


def position_layout(position, options, labels=None) -> Layout:
    """:func:`board_layout` of a position (its reserves, its seeds in hand)."""
    hand = position.hand.seeds if position.hand is not None else 0
    reserves = tuple(position.reserve(p) for p in position.geometry.players)
    return board_layout(position.geometry, options, reserves=reserves, hand=hand,
                        to_move=position.to_move, labels=labels)

