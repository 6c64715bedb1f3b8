"""Board geometry: rows, columns, who owns which holes, hole names, sowing tracks.

Conventions (the same as the published transcriptions):

* rows are numbered from the top of the diagram, 0 = North's outer row, the
  last = South's outer row; columns from left to right as South sees the board;
* a hole is an ``int`` index ``row * columns + column`` into a flat tuple;
* hole *names* are chess-like: a column letter (``a`` = South's left) and a rank
  counted from South's outer row (``a1`` = South's bottom-left hole); on a
  4-row board ``a2`` is South's inner row, ``a3`` North's inner row;
* each player's rows are described *from the player's side*: ``depth`` 0 is the
  player's inner row, and ``col`` 0 the player's left-hand end.  North sits
  opposite South, so North's left is South's right;
* a player's *track* is the path their seeds travel.  The usual ``loop``
  (``track_kind``) is listed counterclockwise (as seen from above) and snakes
  through the player's rows: the outer row from the player's left to right,
  the next row back, and so on, then from the end of the inner row back to the
  start of the outer row (a ring on two rows).  ``CCW = +1`` walks the list
  forwards, ``CW = -1`` backwards.  On a ``boustrophedon`` track (the katro of
  Fianarantsoa, after de Voogt) the direction is a heading along the row,
  ``CCW`` to the player's right and ``CW`` to the left: at the end of a row the
  seeds go into the next row inwards, same column, and turn back; from the end
  of the inner row they go to the outer row.  On two rows this is the loop; on
  three rows each row is run once each way before the path closes, so the
  next hole depends on the heading (:meth:`Geometry.advance`);
* a board may also name its holes with *letters* (``notation: letters``, the
  notation of de Voogt's Fianarantsoa katro): South's holes are ``A``, ``B``,
  ... along South's track, counterclockwise from the left end of South's outer
  row; North's holes are ``a``, ``b``, ... in the mirror image (``a`` above
  ``A`` at the far end of the board, and so on), so North's letters run
  clockwise.  The chess-like names are understood in either notation.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from ..errors import PositionError
from ..limits import MAX_COLUMNS, MAX_ROWS_PER_PLAYER

SOUTH = "south"
NORTH = "north"
PLAYERS = (SOUTH, NORTH)
CW = -1
CCW = +1

DIRECTION_NAMES = {
    "clockwise": CW, "cw": CW,
    "counterclockwise": CCW, "anticlockwise": CCW, "ccw": CCW,
}
LETTERS = "abcdefghijklmnopqrstuvwxyz"
NOTATIONS = ("chess", "letters")
TRACK_KINDS = ("loop", "boustrophedon")


def direction_name(d: int) -> str:
    return "clockwise" if d == CW else "counterclockwise"


def parse_direction(text) -> int:
    if isinstance(text, str) and text.lower() in DIRECTION_NAMES:
        return DIRECTION_NAMES[text.lower()]
    raise PositionError(f"unknown direction {text!r}", expected="clockwise or counterclockwise")


def other(player: str) -> str:
    return NORTH if player == SOUTH else SOUTH


@dataclass(frozen=True)
class Geometry:
    columns: int
    rows_per_player: int = 2
    players: tuple = (SOUTH, NORTH)
    # how the rules name the holes and walk them (not part of the board's shape)
    notation: str = field(default="chess", compare=False)
    track_kind: str = field(default="loop", compare=False)

    def __post_init__(self):
        if not 1 <= self.columns <= MAX_COLUMNS:
            raise PositionError(f"a board needs 1 to {MAX_COLUMNS} columns, not {self.columns}")
        if not 1 <= self.rows_per_player <= MAX_ROWS_PER_PLAYER:
            raise PositionError(f"a player needs 1 to {MAX_ROWS_PER_PLAYER} rows, not {self.rows_per_player}")
        if tuple(self.players) not in ((SOUTH, NORTH), (SOUTH,)):
            raise PositionError(f"players must be south and north, or south alone, not {self.players}")
        if self.notation not in NOTATIONS:
            raise PositionError(f"unknown hole notation {self.notation!r}", expected=" or ".join(NOTATIONS))
        if self.track_kind not in TRACK_KINDS:
            raise PositionError(f"unknown track {self.track_kind!r}", expected=" or ".join(TRACK_KINDS))
        if self.track_kind == "boustrophedon" and self.rows_per_player < 2:
            raise PositionError("a boustrophedon track needs at least two rows a player")
        if self.notation == "letters" and self.rows_per_player * self.columns > len(LETTERS):
            raise PositionError(f"the letter notation names at most {len(LETTERS)} holes a player, "
                                f"not {self.rows_per_player * self.columns}")

    # worked out once (the engine asks at every seed and lap end)
    @cached_property
    def rows(self) -> int:
        return self.rows_per_player * len(self.players)

    @cached_property
    def size(self) -> int:
        return self.rows * self.columns

    @cached_property
    def solo(self) -> bool:
        return len(self.players) == 1

    # -- coordinates ---------------------------------------------------------
    def hole(self, player: str, depth: int, col: int) -> int:
        """The hole at *depth* (0 = inner row) and *col* (0 = the player's left)."""
        C = self.columns
        if player == SOUTH:
            row = self.rows - self.rows_per_player + depth
            return row * C + col
        row = self.rows_per_player - 1 - depth
        return row * C + (C - 1 - col)

    def locate(self, hole: int) -> tuple[str, int, int]:
        """(owner, depth, col) of a hole, from its owner's side."""
        table = self._locations
        if 0 <= hole < len(table):
            return table[hole]
        return self._locate(hole)

    @cached_property
    def _locations(self) -> tuple:
        return tuple(self._locate(h) for h in range(self.size))

    def _locate(self, hole: int) -> tuple[str, int, int]:
        row, c = divmod(hole, self.columns)
        first_south = self.rows - self.rows_per_player
        if row >= first_south:
            return SOUTH, row - first_south, c
        return NORTH, self.rows_per_player - 1 - row, self.columns - 1 - c

    def owner(self, hole: int) -> str:
        return self.locate(hole)[0]

    def depth(self, hole: int) -> int:
        return self.locate(hole)[1]

    def row_holes(self, player: str, depth: int) -> tuple[int, ...]:
        """The holes of one of *player*'s rows, from the player's left to right."""
        rows = self._row_table.get((player, depth))
        return rows if rows is not None else tuple(self.hole(player, depth, c) for c in range(self.columns))

    @cached_property
    def _row_table(self) -> dict:
        """(player, depth) -> the row's holes (the engine asks for them at every lap end)."""
        return {(p, d): tuple(self.hole(p, d, c) for c in range(self.columns))
                for p in (SOUTH, NORTH) for d in range(self.rows_per_player)}

    def holes_of(self, player: str) -> tuple[int, ...]:
        """All of *player*'s holes, row by row from the inner row."""
        holes = self._holes_table.get(player)
        return holes if holes is not None else self._holes_of(player)

    @cached_property
    def _holes_table(self) -> dict:
        """player -> holes_of(player) (a goal asks at every lap end)."""
        return {p: self._holes_of(p) for p in (SOUTH, NORTH)}

    def _holes_of(self, player: str) -> tuple[int, ...]:
        return tuple(h for d in range(self.rows_per_player) for h in self.row_holes(player, d))

    def facing(self, hole: int, depth: int) -> int:
        """The opponent's hole at *depth* in the same board column as *hole*."""
        found = self._facing_table.get((hole, depth))
        return found if found is not None else self._facing(hole, depth)

    @cached_property
    def _facing_table(self) -> dict:
        """(hole, depth) -> facing(hole, depth) (a capture asks at every lap end)."""
        return {(h, d): self._facing(h, d) for h in range(self.size) for d in range(self.rows_per_player)}

    def _facing(self, hole: int, depth: int) -> int:
        player, _, col = self.locate(hole)
        return self.hole(other(player), depth, self.columns - 1 - col)

    # -- tracks ----------------------------------------------------------------
    @cached_property
    def _tracks(self) -> dict:
        tracks = {}
        for p in self.players:
            seq = []
            for i, depth in enumerate(range(self.rows_per_player - 1, -1, -1)):
                cols = range(self.columns) if i % 2 == 0 else range(self.columns - 1, -1, -1)
                seq.extend(self.hole(p, depth, c) for c in cols)
            tracks[p] = (tuple(seq), {h: i for i, h in enumerate(seq)})
        return tracks

    def track(self, player: str) -> tuple[int, ...]:
        """The player's holes in the order of one pass of their track,
        counterclockwise from the left end of their outer row (on a ``loop``
        track, the whole loop)."""
        return self._tracks[player][0]

    def advance(self, player: str, hole: int, direction: int) -> tuple[int, int]:
        """The hole after *hole* going *direction*, and the direction to go on
        from there (the same on a loop; reversed where a ``boustrophedon``
        track turns into the next row)."""
        step = self.advance_table(player)[direction][hole]
        return step if step is not None else self._advance(player, hole, direction)

    def advance_table(self, player: str) -> dict:
        """direction -> a tuple giving, for every hole of *player*'s track (by
        hole number; None off the track), ``advance(player, hole, direction)``:
        worked out once, looked up by the sowing loop for every seed."""
        return self._advance_tables[player]

    @cached_property
    def _advance_tables(self) -> dict:
        return {p: {d: tuple(self._advance(p, h, d) if h in self._tracks[p][1] else None
                             for h in range(self.size))
                    for d in (1, -1)}
                for p in self.players}

    def _advance(self, player: str, hole: int, direction: int) -> tuple[int, int]:
        if self.track_kind == "loop":
            seq, index = self._tracks[player]
            return seq[(index[hole] + direction) % len(seq)], direction
        _, depth, col = self.locate(hole)
        if 0 <= col + direction < self.columns:
            return self.hole(player, depth, col + direction), direction
        inward = depth - 1 if depth else self.rows_per_player - 1
        return self.hole(player, inward, col), -direction

    def step(self, player: str, hole: int, direction: int, n: int = 1) -> int:
        """The hole *n* steps after *hole*, starting in *direction*."""
        for _ in range(n):
            hole, direction = self.advance(player, hole, direction)
        return hole

    def sowing_order(self, player: str, start: int, direction: int) -> tuple[int, ...]:
        """The holes a sowing by *player* from *start* going *direction* reaches,
        one seed in each, in order, *start* first: one pass of the track (as
        many holes as :meth:`track` has; on a three-row ``boustrophedon`` track
        some come twice).  What a numbered sowing order shows."""
        if not 0 <= start < self.size or self.owner(start) != player:
            shown = self.name(start) if 0 <= start < self.size else repr(start)
            raise PositionError(f"{shown} is not one of {player}'s holes")
        order = []
        hole = start
        for _ in range(len(self.track(player))):
            order.append(hole)
            hole, direction = self.advance(player, hole, direction)
        return tuple(order)

    # -- names -----------------------------------------------------------------
    @cached_property
    def _letter_names(self) -> dict:
        """hole -> its name in the letter notation."""
        names = {}
        for i, h in enumerate(self.track(SOUTH)):
            names[h] = LETTERS[i].upper()
            if not self.solo:
                row, c = divmod(h, self.columns)
                names[(self.rows - 1 - row) * self.columns + c] = LETTERS[i]
        return names

    def name(self, hole: int, notation: str | None = None) -> str:
        """The hole's name in *notation* (default: the board's own)."""
        if (notation or self.notation) == "letters":
            return self._letter_names[hole]
        row, c = divmod(hole, self.columns)
        return f"{LETTERS[c]}{self.rows - row}"

    @cached_property
    def _holes_by_name(self) -> dict:
        """The hole of each name as :meth:`name` writes it (the chess-like
        names, and the letters in the letter notation): what :meth:`parse`
        reads first (a special hole is kept by name and parsed at every lap end)."""
        out = {self.name(h, "chess"): h for h in range(self.size)}
        if self.notation == "letters":
            out.update((letter, h) for h, letter in self._letter_names.items())
        return out

    def parse(self, name) -> int:
        """The hole called *name* (``a1`` ..., or ``A``/``a`` ... on a board
        that uses the letter notation); raises :class:`PositionError`."""
        found = self._holes_by_name.get(name) if isinstance(name, str) else None
        if found is not None:
            return found
        if self.notation == "letters" and isinstance(name, str) and len(name.strip()) == 1:
            for hole, letter in self._letter_names.items():
                if letter == name.strip():
                    return hole
        text = str(name).strip().lower()
        if 2 <= len(text) <= 10 and text[0] in LETTERS and text[1:].isascii() and text[1:].isdigit():
            c = LETTERS.index(text[0])
            rank = int(text[1:])
            if c < self.columns and 1 <= rank <= self.rows:
                return (self.rows - rank) * self.columns + c
        last = f"{LETTERS[self.columns - 1]}{self.rows}"
        expected = f"a name from a1 to {last}"
        if self.notation == "letters":
            n = self.rows_per_player * self.columns
            expected += f", or a letter from A to {LETTERS[n - 1].upper()}" + (
                "" if self.solo else f" (South) or a to {LETTERS[n - 1]} (North)")
        raise PositionError(f"no hole called {name!r} on this board", expected=expected)

    def describe(self) -> str:
        who = "one player" if self.solo else "two players"
        return f"{self.rows} rows x {self.columns} columns, {who}"
