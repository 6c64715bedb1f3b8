"""The move notation: a turn's decisions as text, written and read back equal.

A turn is a conversation: the rules ask (an :class:`~.turn.Ask`) and the
player answers, decision after decision.  This module writes those answers
as text and reads them back, the one way the command line prints a move and
reads one (python-chess's SAN plays the same part).  The example files keep
their own YAML form of a turn (``{hole: a2, direction: clockwise, then:
[...]}``), which contributors write.

* A decision is its kind and its value: ``place b2``, ``tsibongy left``,
  ``direction clockwise``, ``rova sow``; the opening that sows a hole is
  written without its kind, as the hole and the direction: ``a2 clockwise``.
* Values: a hole by its name in the rules' notation (``a2``, or ``B`` in
  the letter notation; the chess-like name is read in either), a direction
  as ``clockwise`` or ``counterclockwise`` (``cw``, ``ccw`` and
  ``anticlockwise`` are read too), any other choice as its word (one of the
  options the block declares).
* A turn: its decisions joined by ``, ``; a turn with no decision (one taken
  up in its middle and played out) is written ``-``.
* Several turns: joined by ``; `` (an empty part, as after a last ``;``, is
  no turn).

What a kind's value is comes from the blocks' declared decisions
(:func:`.mechanics.decisions`), so a new block's decision needs nothing here.
"""
from __future__ import annotations

from ..errors import MancalaError, PositionError, closest_hint
from .geometry import direction_name, parse_direction
from .mechanics import decisions

GRAMMAR = "'a2 clockwise', 'place b2', 'direction ccw', 'tsibongy left' ... (turns separated by ';')"
EMPTY_TURN = "-"


def _decision(kind):
    found = decisions().get(kind)
    if found is None:
        raise MancalaError(f"unknown decision {kind!r}", expected=", ".join(sorted(decisions())))
    return found


def value_text(kind, value, geometry) -> str:
    """The value of a *kind* decision as the notation writes it (an opening:
    ``a2 clockwise``; a hole: ``b2``; a direction: ``clockwise``)."""
    found = decisions().get(kind)
    what = found.value if found is not None else "word"
    if what == "opening":
        hole, direction = value
        return f"{geometry.name(hole)} {direction_name(direction)}"
    if what == "hole":
        return geometry.name(value)
    if what == "direction":
        return direction_name(value)
    return str(value)


def decision_text(kind, value, geometry) -> str:
    """One decision: ``a2 clockwise`` (an opening), else ``KIND VALUE``."""
    text = value_text(kind, value, geometry)
    return text if _decision(kind).value == "opening" else f"{kind} {text}"


def turn_text(decisions_, geometry, write=decision_text) -> str:
    """A turn's (kind, value) decisions, or ``-`` for none; *write(kind,
    value, geometry)* writes each one (another writer: the page's words)."""
    return ", ".join(write(k, v, geometry) for k, v in decisions_) or EMPTY_TURN


def moves_text(turns, geometry) -> str:
    """Several turns' decisions."""
    return "; ".join(turn_text(t, geometry) for t in turns)


def parse_value(kind, text, geometry):
    """The value of a *kind* decision from its text (:func:`value_text`'s inverse)."""
    found = _decision(kind)
    text = str(text).strip()
    try:
        if found.value == "opening":
            words = text.split()
            if len(words) != 2:
                raise MancalaError(f"an opening is a hole and a direction, not {text!r}", expected="'a2 clockwise'")
            return geometry.parse(words[0]), parse_direction(words[1])
        if found.value == "hole":
            return geometry.parse(text)
        if found.value == "direction":
            return parse_direction(text)
    except PositionError as exc:
        raise MancalaError(f"{kind}: {exc.message}", expected=exc.expected) from None
    if found.options and text not in found.options:
        raise MancalaError(f"{kind}: found the text {text!r}", expected=" or ".join(found.options),
                           hint=closest_hint(text, found.options))
    return text


def parse_decision(text, geometry) -> tuple:
    """(kind, value) of one decision (:func:`decision_text`'s inverse)."""
    words = str(text).split()
    if len(words) == 2 and words[0] in decisions() and decisions()[words[0]].value != "opening":
        return words[0], parse_value(words[0], words[1], geometry)
    openings = [k for k, d in decisions().items() if d.value == "opening"]
    if len(words) == 2 and openings:
        try:
            return openings[0], parse_value(openings[0], text, geometry)
        except MancalaError:
            pass
    raise MancalaError(f"cannot read the decision {str(text).strip()!r}", expected=GRAMMAR)


def parse_turn(text, geometry) -> list:
    """A turn's decisions (:func:`turn_text`'s inverse)."""
    text = str(text).strip()
    if text == EMPTY_TURN:
        return []
    return [parse_decision(part, geometry) for part in text.split(",")]


def parse_moves(text, geometry) -> list:
    """Several turns' decisions (:func:`moves_text`'s inverse)."""
    return [parse_turn(part, geometry) for part in str(text).split(";") if part.strip()]
