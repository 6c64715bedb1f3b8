"""How each building block's events are told: one telling per block.

The narrator (:class:`..captions._Narrator`) tells what every turn is made
of: seeds taken up and sown, where a lap ends, how a turn ends.  Everything
a building block adds is told by that block's *telling*, found by the
block's name: every event names the block that caused it (``Event.rule``),
and the rules name their blocks.  A telling's sentences, like every
caption's, are messages of the caption catalogs (``N_``, ``gettext`` ...),
written here in English.

A telling is a :class:`Telling` registered with :func:`telling` under its
block's name, in a module of this package named after the block.  What it
may state and do is declared on :class:`Telling`; it overrides only what its
block needs.  ``tests/test_tellings.py`` checks that every reason, decision
and hole role a block declares has its telling and a message in every
catalog.
"""
from __future__ import annotations

from ..catalog import N_

#: Every telling, by the name of its block.
TELLINGS: dict = {}

def ngettext(singular: str, plural: str) -> tuple:
    """Mark a message and its plural for extraction (Babel reads a call
    named ``ngettext`` as one), to be looked up later with
    :meth:`~..catalog.Words.ngettext`: returns (singular, plural)."""
    return singular, plural


#: The narrator's words for a hole taken up and sown (an opening, a relay ...),
#: and for seeds taken up that are not sown yet.
SOWN = N_("%(who)s sows %(seeds)s %(of)s %(direction)s")
TAKEN = N_("%(who)s takes %(seeds)s %(of)s in hand.")


def telling(name):
    """Register a telling class (one instance) for the block *name*."""
    def register(cls):
        cls.name = name
        TELLINGS[name] = cls()
        return cls
    return register


def telling_of(rule):
    """The telling of the block named *rule* (an event's ``rule``), or None."""
    return TELLINGS.get(rule)


def tellings_of(rules) -> list:
    """The tellings of the blocks of *rules*, in the rules' order."""
    if rules is None:
        return []
    return [t for t in (TELLINGS.get(b.name) for b in rules.blocks) if t is not None]


def role(the, of, into, in_, o_the, o_of, o_into, o_in):
    """The forms of a hole role's name: (the, of, into, in) for the player's
    own hole, and the same for the other player's (with ``%(player)s``)."""
    return (the, of, into, in_), (o_the, o_of, o_into, o_in)


class Telling:
    """What a block's telling may state and do (every hook returns None by
    default: the narrator then tells the event its own way).

    The hooks take the narrator *n*, whose attributes and helpers they use:
    ``n.run`` (the events told), ``n.tail`` (those and the few that follow),
    ``n.limit`` (``len(n.run)``), ``n.at(k)``, ``n.w`` (the language's
    :class:`~..catalog.Words`), ``n.lang``, ``n.name`` (the hole namer),
    ``n.who(e)``, ``n.opp(e)``, ``n.forms(hole, e)``, ``n.way(direction)``,
    ``n.finish_lap(head, j, count, direction, e0)``, ``n.lap_end_clause(k)``
    and ``n.ended`` (a sentence already says the turn ends)."""
    name = "?"
    #: {hole-role kind: role(...)}: the names of the holes the block singles out
    roles: dict = {}
    #: {group: role(...)}: holes of one role kind that go together (both rova holes)
    groups: dict = {}
    #: {turn_end reason: sentence}: the turn's end told on its own (``%(who)s``, ``%(opp)s``)
    turn_end: dict = {}
    #: {turn_end reason: clause}: the same end right after "the last falls into X" (with its punctuation)
    lap_end: dict = {}
    #: the turn_end reasons whose ``lap_end`` clause is also said after another clause (a fotsiny turn
    #: declared); the others then get the plain ", so the turn ends"
    lap_end_after = frozenset()
    #: {decision kind: messages}: the messages that tell the block's decisions
    decisions: dict = {}
    #: {event kind: {reason: messages}}: the messages that tell the reasons of its events
    reasons: dict = {}
    #: what the game calls a turn that captures nothing, if this block gives it a name
    fotsiny_word = None

    def tell(self, n, i):
        """Tell a run of events from ``n.run[i]`` (an event of this block):
        (sentence, index of the next event to tell), or None."""
        return None

    def joins_pickup(self, n, i):
        """``n.run[i]`` is a pickup and the next event this block's pickup of
        another hole, taken with it: tell both (sentence, next index), or None."""
        return None

    def lap_head(self, n, i, pending):
        """The opening words of a lap that starts with this block's pickup
        ``n.run[i]``; with *pending* (nothing sown yet in the run), the whole
        sentence.  None: the narrator's own words."""
        return None

    def after_lap(self, n, k, j, placed, direct):
        """What this block's event ``n.at(j)`` makes of the lap end ``n.at(k)``:
        a clause (with its punctuation), or None.  *placed*: the lap was a seed
        put down; *direct*: the clause follows the lap's end itself, not
        another clause (a fotsiny turn declared)."""
        return None

    def interject(self, n, k, j, placed):
        """A clause this block's event ``n.at(j)`` adds right after the lap end
        ``n.at(k)``, the events after it being told after it (a fotsiny turn
        declared), or None."""
        return None

    def captured(self, n, i, head_values):
        """The capture ``n.run[i]`` is followed by this block's events: tell
        it and them (sentence, next index), or None."""
        return None

    def capture_note(self, n, e) -> str:
        """Words added to the sentence of the capture *e* (what it rests on)."""
        return ""

    def start(self, position, lang, rules) -> str:
        """A sentence about a turn under way in the example's start *position*."""
        return ""

    def summary(self, n) -> str:
        """Words added to the one-sentence summary of a long turn."""
        return ""


# register the tellings
from . import (capture, capture_opening, choose_hole, fotsiny, goal, mandry, nyumba, reserve,  # noqa: E402,F401
               rova, target, trakatra, tsibongy)
