"""The special hole of katro bevohoka: its name, the set-up, the hole picked
after a lap ends in it, and the turn's ends it brings."""
from __future__ import annotations

from ..catalog import N_
from . import Telling, ngettext, role, telling

SETUP_SOWN = ngettext("%(who)s chooses %(hole)s as the special hole and sows its one seed %(direction)s",
                      "%(who)s chooses %(hole)s as the special hole and sows its %(n)s seeds %(direction)s")
SETUP_PENDING = N_("%(who)s chooses %(hole)s as the special hole.")
SETUP_KEPT = N_("%(who)s chooses %(hole)s as the special hole, which keeps its seeds.")
PICKS = ngettext("%(who)s picks %(hole)s and sows its single seed %(direction)s",
                 "%(who)s picks %(hole)s and sows its %(n)s seeds %(direction)s")
PICKS_AGAIN = N_(", so %(who)s picks another hole to sow on")
PICKED = N_(", picking another hole %(picks)s times after a lap ended in the special hole")
#: a turn's ends: (said on its own, said after "the last falls into X")
SETUP_END = (N_("The set-up turn ends there."), N_("; the set-up turn ends there"))
TARGET_END = (N_("The last seed fell into the special hole: the turn ends."), N_(", which ends the turn"))
FULL_END = (N_("All of %(who)s’s seeds are in the special hole: the game is won."),
            N_(", which now holds all of %(who)s’s seeds: the game is won"))


@telling("target-hole")
class TargetTelling(Telling):
    roles = {"target": role(
        N_("the special hole"), N_("of the special hole"), N_("into the special hole"),
        N_("in the special hole"), N_("%(player)s’s special hole"), N_("of %(player)s’s special hole"),
        N_("into %(player)s’s special hole"), N_("in %(player)s’s special hole"))}
    turn_end = {"setup": SETUP_END[0], "target": TARGET_END[0], "target-full": FULL_END[0]}
    lap_end = {"setup": SETUP_END[1], "target": TARGET_END[1], "target-full": FULL_END[1]}
    lap_end_after = frozenset({"setup"})
    decisions = {"target": SETUP_SOWN + (SETUP_PENDING, SETUP_KEPT), "hole": PICKS + (PICKS_AGAIN,)}
    reasons = {"choice": {"target": SETUP_SOWN + (SETUP_PENDING, SETUP_KEPT), "special-hole": (PICKS_AGAIN,)},
               "turn_end": {"setup": SETUP_END, "target": TARGET_END, "target-full": FULL_END}}

    def tell(self, n, i):
        """The set-up: the special hole chosen (and sown once)."""
        e = n.run[i]
        if e.kind != "choice" or e.reason != "target":
            return None
        who, w = n.who(e), n.w
        plain = n.name.geometry.name(e.holes[0])
        nxt = n.at(i + 1)
        sown = nxt is not None and nxt.kind == "pickup" and nxt.holes == e.holes
        if sown and i + 1 < n.limit:
            head = w.ngettext(*SETUP_SOWN, nxt.count, who=who, hole=plain, direction=n.way(nxt.direction))
            return n.finish_lap(head, i + 2, nxt.count, nxt.direction, nxt)
        if sown:
            return w.gettext(SETUP_PENDING, who=who, hole=plain), i + 1
        return w.gettext(SETUP_KEPT, who=who, hole=plain), i + 1

    def lap_head(self, n, i, pending):
        """The hole picked after a lap ended in the special hole."""
        e, prev = n.run[i], n.at(i - 1)
        if pending or prev is None or prev.kind != "choice" or prev.reason != "special-hole":
            return None
        return n.w.ngettext(*PICKS, e.count, who=n.who(e), hole=n.name.geometry.name(e.holes[0]),
                            direction=n.way(e.direction))

    def after_lap(self, n, k, j, placed, direct):
        e = n.at(j)
        if e.kind == "choice" and e.reason == "special-hole":
            return n.w.lookup(PICKS_AGAIN, who=n.who(n.at(k)))
        return None

    def summary(self, n):
        picks = sum(1 for e in n.run if e.kind == "choice" and e.reason == "special-hole")
        return n.w.gettext(PICKED, picks=picks) if picks else ""
