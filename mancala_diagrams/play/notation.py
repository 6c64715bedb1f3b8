"""A turn's decisions as text, and back: the moves the player lists.

This is the notation the command line reads (``mancala-diagrams new example
--moves``): a turn is its decisions separated by commas, the opening ``HOLE
DIRECTION`` (``a2 clockwise``), every other decision ``KIND VALUE``
(``tsibongy left``, ``place b2``, ``rova sow``, ``target f2``, ``direction
counterclockwise``).  It stands here as a small adapter until the engine
gives the one text form of a move list; :func:`read_turn` reads back what
:func:`write_turn` writes (a test checks it on every rules file).
"""
from __future__ import annotations

from ..engine.geometry import direction_name, parse_direction
from ..errors import MancalaError, PositionError

HOLE_KINDS = ("place", "hole", "target")


def write_decision(kind: str, value, geometry) -> str:
    if kind == "start":
        hole, direction = value
        return f"{geometry.name(hole)} {direction_name(direction)}"
    if kind in HOLE_KINDS:
        return f"{kind} {geometry.name(value)}"
    if kind == "direction":
        return f"direction {direction_name(value)}"
    return f"{kind} {value}"


def write_turn(decisions, geometry) -> str:
    """``a2 clockwise, tsibongy left`` (empty for a turn that asked nothing)."""
    return ", ".join(write_decision(k, v, geometry) for k, v in decisions)


def read_turn(text: str, geometry) -> list:
    """The (kind, value) decisions of *text* as :func:`write_turn` writes them."""
    out = []
    for part in (p.strip() for p in str(text).split(",")):
        if not part:
            continue
        words = part.split()
        if len(words) != 2:
            raise MancalaError(f"cannot read the decision {part!r}",
                               expected="'a2 clockwise', 'place b2', 'tsibongy left', 'rova sow' ...")
        first, second = words
        try:
            if first in HOLE_KINDS:
                out.append((first, geometry.parse(second)))
            elif first == "direction":
                out.append(("direction", parse_direction(second)))
            elif first in ("tsibongy", "rova", "nyumba"):
                out.append((first, second))
            else:
                out.append(("start", (geometry.parse(first), parse_direction(second))))
        except PositionError as exc:
            raise MancalaError(f"cannot read the decision {part!r}: {exc.message}", expected=exc.expected) from None
    return out
