"""Captured seeds sown from a tsibongy, and the names of the tsibongy."""
from __future__ import annotations

from ..catalog import N_
from . import Telling, ngettext, role, telling

CHOSEN = ngettext("%(who)s captures the seed %(of)s and chooses to sow it from %(tsibongy)s (from the middle "
                  "of the row either tsibongy may be chosen), %(direction)s towards the centre",
                  "%(who)s captures the %(n)s seeds %(of)s and chooses to sow them from %(tsibongy)s (from the "
                  "middle of the row either tsibongy may be chosen), %(direction)s towards the centre")
FORCED = ngettext("%(who)s captures the seed %(of)s and sows it from %(tsibongy)s, the one at that end of the "
                  "row, %(direction)s towards the centre",
                  "%(who)s captures the %(n)s seeds %(of)s and sows them from %(tsibongy)s, the one at that "
                  "end of the row, %(direction)s towards the centre")


@telling("tsibongy")
class TsibongyTelling(Telling):
    roles = {
        "tsibongy-left": role(
            N_("the left tsibongy"), N_("of the left tsibongy"), N_("into the left tsibongy"),
            N_("in the left tsibongy"), N_("%(player)s’s left tsibongy"), N_("of %(player)s’s left tsibongy"),
            N_("into %(player)s’s left tsibongy"), N_("in %(player)s’s left tsibongy")),
        "tsibongy-right": role(
            N_("the right tsibongy"), N_("of the right tsibongy"), N_("into the right tsibongy"),
            N_("in the right tsibongy"), N_("%(player)s’s right tsibongy"), N_("of %(player)s’s right tsibongy"),
            N_("into %(player)s’s right tsibongy"), N_("in %(player)s’s right tsibongy")),
    }
    decisions = {"tsibongy": CHOSEN}
    reasons = {"choice": {"tsibongy": CHOSEN}}

    def captured(self, n, i, values):
        """The captured seeds of ``n.run[i]`` sown from a tsibongy: the side
        the player chose (a ``choice``), then the lap from the tsibongy."""
        e = n.run[i]
        j = i + 1
        chosen = n.at(j)
        if chosen is not None and chosen.kind == "choice" and chosen.reason == "tsibongy":
            j += 1
        else:
            chosen = None
        first = n.at(j)
        if first is None or first.kind != "drop" or first.seed != 1:
            return None
        values = dict(values, tsibongy=n.forms(first.holes[0], first)["the"], direction=n.way(first.direction))
        note = values.pop("note")
        head = n.w.ngettext(*(CHOSEN if chosen else FORCED), e.count, **values)
        if j >= n.limit:
            return head + note + ".", j
        return n.finish_lap(head + note, j, e.count, first.direction, first)
