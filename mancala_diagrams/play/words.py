"""The player's words, from the caption catalogs: prompts, the labels of the
choices, how a game ends, the puzzle's counters, and why a hole may not be
played.

The engine says why a decision is refused in English (the ``explain`` hooks
of its blocks, and the message of a turn that would never end).  Each of
those sentences has a message here, found by :data:`REFUSALS` (a pattern of
the engine's sentence, the message it becomes): the page says it in its own
language, with the hole and player names filled in.  A sentence no pattern
knows is shown as the engine wrote it, and a test (``tests/test_play.py``)
fails for every reason the blocks give that has no pattern.
"""
from __future__ import annotations

import re

from ..drawing.captions import player_name, seeds
from ..drawing.catalog import N_, words
from ..engine import mechanics
from ..engine.geometry import CCW, CW
from ..engine.notation import decision_text, turn_text

#: What the player is asked, by the engine's decision kind.
PROMPTS = {
    "start": N_("%(who)s to play: choose a hole to sow."),
    "place": N_("%(who)s to play: choose the hole of the inner row that takes a seed from the reserve."),
    "target": N_("%(who)s chooses the special hole, the one to fill."),
    "direction": N_("%(who)s chooses the direction of sowing."),
    "hole": N_("The lap ended in the special hole: %(who)s chooses another hole to sow."),
    "tsibongy": N_("%(who)s chooses the tsibongy the captured seeds are sown from."),
    "rova": N_("The lap ended in %(who)s’s front rova: stop there, or sow the whole rova on?"),
    "nyumba": N_("The lap ended in %(who)s’s nyumba: stop there, or sow its seeds on?"),
    "continue": N_("A turn is under way: %(who)s holds seeds in hand."),
}
#: The labels of the choices that are not holes.
CHOICES = {
    ("tsibongy", "left"): N_("From the left tsibongy (%(hole)s)"),
    ("tsibongy", "right"): N_("From the right tsibongy (%(hole)s)"),
    ("rova", "stop"): N_("Stop: the turn ends"),
    ("rova", "sow"): N_("Sow the rova on"),
    ("nyumba", "stop"): N_("Stop: the turn ends"),
    ("nyumba", "sow"): N_("Sow the nyumba on"),
    ("continue", None): N_("Play the turn on"),
}
#: How a game ends (the ``reason`` of :meth:`Rules.outcome`).
OUTCOMES = {
    "capture-all": N_("%(winner)s wins: %(loser)s has no seed left."),
    "empty-inner-row": N_("%(winner)s wins: %(loser)s’s inner row is empty."),
    "last-mover": N_("%(winner)s wins: %(loser)s cannot move, and the last player to move wins."),
    "no-move": N_("%(winner)s wins: %(loser)s cannot move."),
    "cannot-place": N_("%(winner)s wins: %(loser)s must put a reserve seed into an inner row that is empty."),
    "singletons": N_("%(winner)s wins: each of %(loser)s’s non-empty holes holds a single seed."),
    "target-full": N_("%(winner)s wins: all of %(winner)s’s seeds are in the special hole."),
}
OUTCOME_ANY = N_("%(winner)s wins.")
OUTCOME_SOLO = {
    "target-full": N_("All the seeds are in the special hole: the game is won."),
    "no-move": N_("No move is left: the game is over."),
}
STATUS_TO_PLAY = N_("%(who)s to play.")
PLAYED = N_("%(who)s plays %(move)s.")
#: A line of the list of moves played
MOVE_LINE = N_("%(who)s: %(move)s")
#: A decision of a turn in the page's words, by (kind, value; None for a hole), for
#: the list of moves and the announcement of a turn.  The English is the move
#: notation itself (engine/notation.py: what the command line and `replay` read,
#: the ``text`` of each move the page keeps); a decision without a message here is
#: written in that notation.  ``start`` is the opening: a hole and a direction.
DECISIONS = {
    ("start", CW): N_("%(hole)s clockwise"),
    ("start", CCW): N_("%(hole)s counterclockwise"),
    ("direction", CW): N_("direction clockwise"),
    ("direction", CCW): N_("direction counterclockwise"),
    ("place", None): N_("place %(hole)s"),
    ("target", None): N_("target %(hole)s"),
    ("hole", None): N_("hole %(hole)s"),
    ("tsibongy", "left"): N_("tsibongy left"),
    ("tsibongy", "right"): N_("tsibongy right"),
    ("rova", "stop"): N_("rova stop"),
    ("rova", "sow"): N_("rova sow"),
    ("nyumba", "stop"): N_("nyumba stop"),
    ("nyumba", "sow"): N_("nyumba sow"),
}
CAPTURED = N_("%(who)s captured %(seeds)s in this turn.")
#: The puzzle of katro bevohoka: the turns played, the known optimum, the source's counter.
PUZZLE = N_("Turns played: %(turns)s (the set-up turn not counted). The fewest possible on %(columns)s "
            "columns: %(best)s.")
PUZZLE_SOURCE = N_("The source’s puzzles count one turn less, the last sowing not being counted: "
                   "%(source)s here, %(source_best)s at best.")
PUZZLE_DONE = N_("Solved in %(turns)s turns; the fewest possible is %(best)s.")
HOLE_LABEL = N_("%(hole)s: %(seeds)s")
HOLE_EMPTY = N_("%(hole)s: empty")
HOLE_ROLE = N_("%(hole)s (%(role)s): %(seeds)s")
HOLE_ROLE_EMPTY = N_("%(hole)s (%(role)s): empty")
NOT_PLAYABLE = N_("%(hole)s cannot be played: %(reason)s")
#: The computer could not list its turns (a limit of the engine, ``limits.MAX_LAPS_LEGAL_MOVES``).
COMPUTER_CANNOT = N_("The computer cannot choose its turn here: its possible turns are too many, or too long, "
                     "to list.")
NOT_ASKED = N_("the rules do not allow it here")
OPPONENT_HOLE = N_("%(hole)s is one of %(owner)s’s holes")
UNWRITABLE = N_("This game cannot be written as an example file: the example files have no way to write a "
                "turn that names the special hole and then sows a hole.")

#: The engine's reasons, as patterns of its English sentence, and the message
#: each becomes (``hole``, ``player``, ``n``, ``least``, ``lap`` are filled in
#: from the sentence; a player is named in the page's language).
REFUSALS = [
    (r"(?P<hole>\S+) is not one of (?P<player>south|north)'s holes",
     N_("%(hole)s is one of the opponent’s holes, not one of %(player)s’s")),
    (r"(?P<hole>\S+) is empty: there is nothing to sow", N_("%(hole)s is empty: there is nothing to sow")),
    (r"(?P<hole>\S+) holds (?P<n>\d+) seed\(s\), fewer than the (?P<least>\d+) a turn starts with",
     N_("%(hole)s holds %(n)s seed(s), and a turn starts from a hole of %(least)s seeds or more")),
    (r"(?P<hole>\S+) is not in the outermost of (?P<player>south|north)'s rows that has seeds",
     N_("a turn starts from the outermost of %(player)s’s rows that has seeds, and %(hole)s is not in it")),
    (r"(?P<player>south|north) chose to sow (?P<way>clockwise|counterclockwise) at their first sowing, "
     r"and keeps that direction for the whole game",
     N_("%(player)s chose the direction at the first sowing and keeps it for the whole game")),
    (r"captures are compulsory, and another opening captures while this one does not",
     N_("a capture is compulsory, and another opening captures while this one does not")),
    (r"a turn starts from a hole of (?P<player>south|north)'s inner row, and (?P<hole>\S+) is not in it",
     N_("a turn starts from a hole of %(player)s’s inner row, and %(hole)s is not in it")),
    (r"(?P<hole>\S+) is empty", N_("%(hole)s is empty")),
    (r"(?P<hole>\S+) holds (?P<n>\d+) seed\(s\), and another hole of the inner row holds (?P<least>\d+) or more",
     N_("%(hole)s holds %(n)s seed(s), and another hole of the inner row holds %(least)s or more")),
    (r"a reserve seed goes into (?P<player>south|north)'s inner row, and (?P<hole>\S+) is not in it",
     N_("a reserve seed goes into %(player)s’s inner row, and %(hole)s is not in it")),
    (r"(?P<hole>\S+) is empty: a reserve seed goes only into a hole that has seeds",
     N_("%(hole)s is empty: a reserve seed goes only into a hole that has seeds")),
    (r"the turn loops for ever: after lap (?P<lap>\d+) the same position and the same lap come back.*",
     N_("the turn would never end: after lap %(lap)s the same position and the same lap come back")),
    (r"the turn (?:would sow more than|did not end after) .*",
     N_("the turn would go on past the engine’s limits")),
]
_REFUSALS = [(re.compile(pattern + r"\Z"), message) for pattern, message in REFUSALS]


def refusal(reason: str, lang: str) -> str:
    """The engine's English *reason* in *lang* (as the engine wrote it when
    no pattern knows it)."""
    text = str(reason or "")
    for pattern, message in _REFUSALS:
        m = pattern.match(text)
        if m:
            values = {k: (player_name(v, lang) if k == "player" else v) for k, v in m.groupdict().items()}
            return words(lang).lookup(message, **values)
    return text


def say(message: str, lang: str, **values) -> str:
    return words(lang).lookup(message, **values)


def who(player: str, lang: str) -> str:
    return player_name(player, lang)


def turn_words(decisions, geometry, lang: str) -> str:
    """A turn's (kind, value) decisions in *lang* (:data:`DECISIONS`), joined
    as the notation joins them; ``-`` for a turn with no decision."""
    return turn_text(decisions, geometry, lambda kind, value, g: decision_words(kind, value, g, lang))


def decision_words(kind, value, geometry, lang: str) -> str:
    """One decision in *lang*, or in the notation when :data:`DECISIONS` has no message for it."""
    found = mechanics.decisions().get(kind)
    what = found.value if found is not None else "word"
    if what == "opening":
        hole, direction = value
        message, hole = DECISIONS.get((kind, direction)), geometry.name(hole)
    elif what == "hole":
        message, hole = DECISIONS.get((kind, None)), geometry.name(value)
    else:
        message, hole = DECISIONS.get((kind, value)), ""
    return say(message, lang, hole=hole) if message else decision_text(kind, value, geometry)


def seed_count(n: int, lang: str) -> str:
    return seeds(n, lang)
