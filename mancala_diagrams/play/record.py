"""A game played in the page, written as a worked example (YAML text).

The file is an example of the project's own (``generated: true``): its start
(the rules' start, or the position the game started from: board, player to
move, reserves, the mechanics' state, a turn under way), its moves in the
example files' format, and one diagram per turn, the board at that turn's end
as the engine leaves it, with ids of its own.  ``mancala-diagrams check``
accepts it as it is and ``verify`` replays it to the same boards (tests in
``tests/test_play_record.py``).  PyYAML is not in the page: the text is
written here, every text value quoted as JSON writes it (which YAML reads).
"""
from __future__ import annotations

import json
import re

from ..drawing.captions import LANGS
from ..drawing.catalog import N_, in_language, words
from ..engine.geometry import direction_name
from ..limits import MAX_NAME_CHARS

SCHEMA = "# yaml-language-server: $schema=../../mancala_diagrams/files/schemas/example.schema.json"
TITLE = N_("A game played with the site’s player: %(game)s, %(turns)s turns")
NOTE = N_("Recorded with the site’s player; the boards are the engine’s, replayed by the verification.")
#: decisions whose value is a hole
HOLES = ("place", "hole", "target")


def example_name(text: str) -> str:
    """*text* as an example's name: lower-case letters, digits and ``-``."""
    name = re.sub(r"[^a-z0-9-]+", "-", str(text).lower()).strip("-")[:MAX_NAME_CHARS].strip("-")
    return name or "game"


def _q(text) -> str:
    return json.dumps(str(text), ensure_ascii=False)


def _texts(message, **values) -> str:
    """``{en: "...", fr: "..."}`` of a catalog message, one language a line."""
    return "".join(f"\n  {lang}: {_q(words(lang).lookup(message, **values))}" for lang in LANGS)


def _board(position, indent: str) -> str:
    """A block of rows, '.' for an empty hole (not aligned: a block whose first
    line began with a space would take that space for its indentation)."""
    return "|\n" + "\n".join(indent + " ".join(str(v) for v in r) for r in position.rows(empty="."))


def _value(kind, value, g) -> str:
    if kind in HOLES:
        return g.name(value)
    if kind == "direction":
        return direction_name(value)
    return str(value)


class Unwritable(ValueError):
    """A game the example format has no way to write."""


def turn_yaml(decisions, g) -> str:
    """One turn as a list item of ``moves:`` (the keys ``hole``/``direction``,
    ``place``, ``target``, then the further decisions in ``then``)."""
    decisions = list(decisions)
    if any(kind == "start" for kind, _ in decisions[1:]):
        # katro bevohoka's Tananarive variant: a special hole named, then a hole sown, in one turn
        raise Unwritable("the example files have no way to write a turn that opens with a hole and a "
                         "direction after another decision (" + ", ".join(k for k, _ in decisions) + ")")
    head = []
    if decisions and decisions[0][0] == "start":
        hole, d = decisions.pop(0)[1]
        head = [f"hole: {g.name(hole)}", f"direction: {direction_name(d)}"]
    elif decisions and decisions[0][0] in ("place", "target"):
        kind, value = decisions.pop(0)
        head = [f"{kind}: {g.name(value)}"]
        if decisions and decisions[0][0] == "direction":
            head.append(f"direction: {direction_name(decisions.pop(0)[1])}")
    then = ", ".join(f"{{{kind}: {_value(kind, value, g)}}}" for kind, value in decisions)
    if decisions or not head:
        head.append(f"then: [{then}]")
    return "  - {" + ", ".join(head) + "}"


def start_yaml(game) -> str:
    """The ``start:`` of the example: who plays, and unless the game starts
    from the rules' start, the board, reserves, state and a turn under way."""
    rules, pos = game.rules, game.start
    g = rules.geometry
    lines = ["start:", f"  to_move: {pos.to_move}"]
    initial = rules.initial_position()
    if (pos.cells, pos.reserves, pos.state, pos.hand) == (initial.cells, initial.reserves, initial.state, None):
        return "\n".join(lines)
    lines.append("  board: " + _board(pos, "    "))
    if any(rules.initial_position().reserves) or any(pos.reserves):
        lines.append(f"  reserve: {{south: {pos.reserves[0]}, north: {pos.reserves[1]}}}")
    kept = [(k, v) for k, v in pos.state if "." in k]     # BLOCK.PLAYER: what the blocks keep between turns
    if kept:                                              # (a turn's own state is the hand's first_lap, captures)
        lines.append("  state: {" + ", ".join(f"{k}: {_q(v)}" for k, v in kept) + "}")
    hand = pos.hand
    if hand is not None:
        keys = ([f"seeds: {hand.seeds}", f"hole: {g.name(hand.hole)}"] if hand.seeds
                else [f"last: {g.name(hand.hole)}"])
        keys.append(f"direction: {direction_name(hand.direction)}")
        first_lap, captures = turn_under_way(rules, pos)
        if not captures:
            keys.append("captures: false")
        keys.append(f"first_lap: {'true' if first_lap else 'false'}")
        lines.append("  hand: {" + ", ".join(keys) + "}")
    return "\n".join(lines)


def turn_under_way(rules, position) -> tuple:
    """(first_lap, captures) of a position with seeds in hand, as an example's
    ``hand:`` says them: those for which the blocks give the turn state the
    position has (the ``state:`` written beside them gives it whole anyway)."""
    for first_lap, captures in ((True, True), (False, True), (False, False), (True, False)):
        if rules.resume(position, first_lap, captures).state == position.state:
            return first_lap, captures
    return False, True


def example_yaml(game, name: str) -> str:
    """The example file of *game* (its turns played so far) named *name*."""
    if not game.turns:
        raise ValueError("no turn has been played: there is nothing to record")
    name = example_name(name)
    rules = game.rules
    g = rules.geometry
    game_title = {lang: in_language(rules.title, lang) for lang in LANGS}
    title = "".join(f"\n  {lang}: {_q(words(lang).lookup(TITLE, game=game_title[lang], turns=len(game.turns)))}"
                    for lang in LANGS)
    out = [SCHEMA, f"example: {name}", f"rules: {rules.name}", "generated: true", "title:" + title,
           "source:", "  note:" + _texts(NOTE).replace("\n  ", "\n    "), start_yaml(game), "moves:"]
    out += [turn_yaml(t.decisions, g) for t in game.turns]
    out.append("diagrams:")
    for i, t in enumerate(game.turns, start=1):
        out += [f"  - id: {name}-{i:02d}", f"    at: turn {i} end", "    board: " + _board(t.after, "      ")]
    return "\n".join(out) + "\n"
