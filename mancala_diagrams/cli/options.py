"""The values of the command's options, checked by the parser: each function
here is an ``argparse`` type, so that a value of the wrong kind or out of
range (``--board x``, ``--closest -1``, ``--seconds nan``, a number of 5,000
digits) is a usage error that names the option, before any work is done."""
from __future__ import annotations

import argparse
import math
import re

from ..errors import MancalaError, shorten
from ..limits import MAX_MOVES, MAX_SEEDS, MAX_SEEDS_PER_HOLE

_WHOLE = re.compile(r"[0-9]{1,12}")
_DECIMAL = re.compile(r"[0-9]{1,9}(?:\.[0-9]{0,9})?|\.[0-9]{1,9}")

#: the longest a search may be given (a day): more is no bound
MAX_SECONDS = 86_400
#: the most memory a search may be given, in MB (a search that needs more is
#: no search a contributor runs on a laptop)
MAX_MEGABYTES = 65_536


class Parser(argparse.ArgumentParser):
    """argparse's parser, but an option given ``--`` as its value
    (``--turns=--``) is a usage error: the argparse of Python 3.11 drops the
    ``--`` and gives the option an empty list, without calling its type."""

    def parse_known_args(self, args=None, namespace=None):
        for arg in args or ():
            if isinstance(arg, str) and arg.startswith("-") and arg.endswith("=--"):
                self.error(f"argument {arg.split('=', 1)[0]}: '--' is not a value")
        return super().parse_known_args(args, namespace)


def _refuse(text, expected) -> argparse.ArgumentTypeError:
    return argparse.ArgumentTypeError(f"{shorten(repr(text))} is not {expected}")


def count(low: int, high: int):
    """A whole number from *low* to *high*, in decimal digits."""
    def whole(text):
        if not _WHOLE.fullmatch(text) or not low <= int(text) <= high:
            raise _refuse(text, f"a whole number from {low:,} to {high:,}")
        return int(text)
    return whole


def seconds(text) -> float:
    """A time limit: a decimal number of seconds, more than 0 (not nan, not inf)."""
    if not _DECIMAL.fullmatch(text) or not 0 < float(text) <= MAX_SECONDS or not math.isfinite(float(text)):
        raise _refuse(text, f"a number of seconds, more than 0 and at most {MAX_SECONDS:,}")
    return float(text)


def megabytes(text) -> int:
    """A memory limit in MB."""
    return count(1, MAX_MEGABYTES)(text)


def name(text) -> str:
    """The name of a rules file, an example or a published page."""
    from ..files.project import is_name
    if not is_name(text):
        raise _refuse(text, "a name: lower-case letters, digits and '-'")
    return text


def board(text) -> str:
    """Rows top first separated by '/', a seed count or '.' for each hole: the
    text, once :func:`~..files.loader.parse_board_rows` has read it (whole
    numbers, at most MAX_SEEDS_PER_HOLE a hole, rows of one length)."""
    from ..files.loader import parse_board_rows
    try:
        rows = parse_board_rows("\n".join(text.split("/")), what="the board")
    except MancalaError as exc:
        raise argparse.ArgumentTypeError(exc.message + (f" (expected {exc.expected})" if exc.expected else ""))
    seeds = sum(v or 0 for row in rows for v in row)
    if seeds > MAX_SEEDS:
        raise argparse.ArgumentTypeError(f"the board holds {seeds:,} seeds, more than {MAX_SEEDS:,} (the limit "
                                         "MAX_SEEDS)")
    return text


def position(text) -> str:
    """A position in its text form (:meth:`~..engine.position.Position.from_text`),
    its counts within the limits."""
    from ..engine.position import Position
    if len(text) > 10_000:
        raise _refuse(text, "a position's text (at most 10,000 characters)")
    try:
        pos = Position.from_text(text)
    except MancalaError as exc:
        raise argparse.ArgumentTypeError(exc.message)
    if any(v < 0 or v > MAX_SEEDS_PER_HOLE for v in pos.cells) or any(v < 0 for v in pos.reserves) \
            or pos.seeds > MAX_SEEDS:
        raise argparse.ArgumentTypeError(f"{shorten(repr(text))}: every hole from 0 to {MAX_SEEDS_PER_HOLE:,} "
                                         f"seeds, reserves of 0 or more, at most {MAX_SEEDS:,} seeds in all")
    return text


def reserve(text) -> str:
    """Seeds off the board: one count for both players, or SOUTH,NORTH."""
    from ..files.scaffold import parse_reserve
    try:
        parse_reserve(text)
    except MancalaError as exc:
        raise argparse.ArgumentTypeError(exc.message + (f" (expected {exc.expected})" if exc.expected else ""))
    return text


def turns(text) -> int:
    """A number of turns to play or search."""
    return count(1, MAX_MOVES)(text)
