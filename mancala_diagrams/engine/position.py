"""Positions: the seeds on the board plus the state the board alone does not show.

A :class:`Position` is immutable and has a one-line text form that round-trips::

    >>> p = Position.from_text("2,0,5/4,1,0/2,3,0/3,2,4 south")
    >>> Position.from_text(p.to_text()) == p
    True

Text form: the rows top first, separated by ``/``, each row's seed counts
separated by ``,``; then the player to move; then optional fields: ``solo``
(one player's rows only: the rows are that player's), ``reserve=S:N``
(South's and North's seeds off the board), ``hand=K@HOLE:DIR`` (a turn in
progress: K seeds in hand, the first to be dropped in HOLE; with K = 0, a lap
has just ended in HOLE and what follows is decided by the rules), and the
blocks' state, ``key=value`` in key order: the game state (``rova.south=gone``
...) and, in a turn in progress, the turn's own (``fotsiny=yes``).  A position
has one text, which reads back equal (:meth:`Position.from_text`; the blocks'
keys and values are words, without spaces).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..errors import PositionError
from .geometry import CW, NORTH, PLAYERS, SOUTH, Geometry, parse_direction


@dataclass(frozen=True)
class Hand:
    """Seeds held mid-turn: *seeds* to drop, the first into *hole*, going *direction*.
    With ``seeds == 0`` the last seed of a lap has just fallen into *hole*.
    Either way that lap is lap 1 of the replay.  What else the blocks need
    to know of the turn under way (whether it captures ...) is their turn
    state, in the position's ``state``."""
    seeds: int
    hole: int
    direction: int


@dataclass(frozen=True)
class Position:
    geometry: Geometry
    cells: tuple
    to_move: str = SOUTH
    reserves: tuple = (0, 0)          # (south, north)
    state: tuple = ()                 # sorted (key, value) pairs owned by mechanics
    hand: Hand | None = None

    def __post_init__(self):
        if len(self.cells) != self.geometry.size:
            raise PositionError(f"{len(self.cells)} holes given for a board of {self.geometry.size}")
        cells = self.cells
        if (cells and (min(cells) < 0 if set(map(type, cells)) == {int} else True)
                and any((not isinstance(n, int)) or n < 0 for n in cells)):
            raise PositionError("seed counts must be whole numbers, 0 or more")
        if self.to_move not in self.geometry.players:
            raise PositionError(f"{self.to_move!r} cannot move on this board",
                                expected=" or ".join(self.geometry.players))
        if any(r < 0 for r in self.reserves):
            raise PositionError("a reserve cannot be negative")

    # -- construction ------------------------------------------------------------
    @classmethod
    def trusted(cls, geometry, cells: tuple, to_move: str, reserves: tuple, state: tuple = (),
                hand=None) -> "Position":
        """A position the engine itself made (a turn's end), built without the
        checks of ``__init__``: its counts come from sowing a valid position, so
        they are whole and never negative.  Nothing read from a file goes
        through here."""
        pos = object.__new__(cls)
        for name, value in (("geometry", geometry), ("cells", cells), ("to_move", to_move),
                            ("reserves", reserves), ("state", state), ("hand", hand)):
            object.__setattr__(pos, name, value)
        return pos

    @classmethod
    def empty(cls, columns: int, rows_per_player: int = 2, solo: bool = False) -> "Position":
        """A board with no seeds (for sowing orders and coloured holes)."""
        nrows = rows_per_player * (1 if solo else 2)
        return cls.from_rows([[0] * columns for _ in range(nrows)], solo=solo)

    @classmethod
    def from_rows(cls, rows, *, rows_per_player=None, solo=False, **kw) -> "Position":
        """From a list of rows (top first) of ints or None (an empty hole)."""
        if not rows or not all(isinstance(r, (list, tuple)) for r in rows):
            raise PositionError("a board is a list of rows")
        width = len(rows[0])
        if any(len(r) != width for r in rows):
            raise PositionError("all rows of a board must have the same number of holes")
        nplayers = 1 if solo else 2
        if rows_per_player is None:
            if len(rows) % nplayers:
                raise PositionError(f"{len(rows)} rows cannot be shared by two players")
            rows_per_player = len(rows) // nplayers
        geometry = Geometry(width, rows_per_player, (SOUTH,) if solo else (SOUTH, NORTH))
        if geometry.rows != len(rows):
            raise PositionError(f"{len(rows)} rows given, {geometry.rows} expected")
        cells = tuple(0 if v is None else v for r in rows for v in r)
        return cls(geometry, cells, **kw)

    def rows(self, empty=None) -> list[list]:
        """The board as rows, top first; empty holes as *empty*."""
        C = self.geometry.columns
        return [[(v if v else empty) for v in self.cells[r * C:(r + 1) * C]]
                for r in range(self.geometry.rows)]

    # -- state -------------------------------------------------------------------
    def get(self, key, default=None):
        for k, v in self.state:
            if k == key:
                return v
        return default

    def with_state(self, **changes) -> "Position":
        merged = dict(self.state)
        for k, v in changes.items():
            k = k.replace("__", ".")
            if v is None:
                merged.pop(k, None)
            else:
                merged[k] = v
        return replace(self, state=tuple(sorted(merged.items())))

    def reserve(self, player: str) -> int:
        return self.reserves[PLAYERS.index(player)]

    @property
    def seeds(self) -> int:
        """All seeds: on the board, in the reserves and in hand."""
        return sum(self.cells) + sum(self.reserves) + (self.hand.seeds if self.hand else 0)

    # -- text form ---------------------------------------------------------------
    def to_text(self) -> str:
        g = self.geometry
        rows = "/".join(",".join(str(v) for v in row) for row in self.rows(empty=0))
        fields = [rows, self.to_move]
        if g.solo:
            fields.append("solo")
        if any(self.reserves):
            fields.append(f"reserve={self.reserves[0]}:{self.reserves[1]}")
        if self.hand:
            h = self.hand
            fields.append(f"hand={h.seeds}@{g.name(h.hole, 'chess')}:{'cw' if h.direction == CW else 'ccw'}")
        fields.extend(f"{k}={v}" for k, v in self.state)
        return " ".join(fields)

    @classmethod
    def from_text(cls, text: str) -> "Position":
        """The position a text of :meth:`to_text` stands for."""
        parts = str(text).split()
        if len(parts) < 2:
            raise PositionError(f"a position text needs rows and the player to move: {text!r}")
        try:
            rows = [[int(v) for v in row.split(",")] for row in parts[0].split("/")]
        except ValueError:
            raise PositionError(f"rows must be comma-separated whole numbers: {parts[0]!r}") from None
        solo = "solo" in parts[2:]
        kw, state, hand, seen = {}, {}, None, set()
        pos = cls.from_rows(rows, solo=solo, to_move=parts[1])
        g = pos.geometry
        for f in parts[2:]:
            if f == "solo":
                continue
            k, eq, v = f.partition("=")
            if not (eq and k and v):
                raise PositionError(f"unknown field {f!r} in position text", expected="KEY=VALUE or solo")
            if k in seen:
                raise PositionError(f"the field {k!r} is given twice in position text")
            seen.add(k)
            if k == "reserve":
                try:
                    s, n = (int(x) for x in v.split(":"))
                except ValueError:
                    raise PositionError(f"reserve must be S:N, not {v!r}") from None
                kw["reserves"] = (s, n)
            elif k == "hand":
                try:
                    seeds, rest = v.split("@")
                    hole, direction = rest.split(":")
                    hand = Hand(int(seeds), g.parse(hole), parse_direction(direction))
                except (ValueError, PositionError):
                    raise PositionError(f"hand must be K@HOLE:DIR, not {v!r}") from None
                if hand.seeds < 0:
                    raise PositionError(f"hand must hold 0 seeds or more, not {hand.seeds}")
            else:
                state[k] = v
        return replace(pos, state=tuple(sorted(state.items())), hand=hand, **kw)

    def __str__(self) -> str:
        return self.to_text()

    def board_text(self) -> str:
        """The board as aligned rows, '.' for an empty hole (the example files' form)."""
        rows = self.rows(empty=".")
        width = max(len(str(v)) for r in rows for v in r)
        return "\n".join(" ".join(str(v).rjust(width) for v in r) for r in rows)
