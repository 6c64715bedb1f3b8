"""Fotsiny: the turn declared to capture nothing, the captures it does not
make, and what an example's start assumes about it."""
from __future__ import annotations

from ..catalog import N_, words
from . import Telling, ngettext, telling, tellings_of

DECLARED = N_("; nothing is captured at the turn’s first lap end, so the turn is %(word)s: it will capture "
              "nothing")
SPARED = ngettext(", which faces the seed %(of)s, but the turn is %(word)s (it did not begin with a capture), "
                  "so nothing is captured",
                  ", which faces the %(n)s seeds %(of)s, but the turn is %(word)s (it did not begin with a "
                  "capture), so nothing is captured")
STARTED = N_("The turn began without a capture (%(word)s): it captures nothing.")
ASSUMED = N_(" (the turn is taken to have begun with a capture, as assumed above)")
FULL = N_(", which was not empty")


def fotsiny_word(rules, lang) -> str:
    """*fotsiny*, or the game's own word for a turn that captures nothing (the
    word a telling of the rules' blocks gives: ``a trakatra``)."""
    for t in tellings_of(rules):
        if t.fotsiny_word:
            return words(lang).lookup(t.fotsiny_word)
    return words(lang).gettext("fotsiny")


@telling("fotsiny")
class FotsinyTelling(Telling):
    reasons = {"fotsiny": {"declared": (DECLARED,), "no-capture": SPARED}}

    def interject(self, n, k, j, placed):
        e = n.at(j)
        if e.kind != "fotsiny":
            return None
        word = fotsiny_word(n.rules, n.lang)
        if e.reason == "no-capture":
            spared = n.name.group(list(e.holes), n.lang, e, e.player)
            return n.w.ngettext(*SPARED, e.count, of=spared["of"], word=word)
        return ("" if placed else n.w.lookup(FULL)) + n.w.lookup(DECLARED, word=word)

    def capture_note(self, n, e):
        """A capture in a turn the example starts mid-way relies on the assumption
        that the turn began with a capture."""
        s = n.start
        if s is None or s.hand is None or s.get("fotsiny") == "yes" or e.turn != 1:
            return ""
        return n.w.gettext(ASSUMED)

    def start(self, position, lang, rules):
        if position.get("fotsiny") != "yes":
            return ""
        return words(lang).gettext(STARTED, word=fotsiny_word(rules, lang))
