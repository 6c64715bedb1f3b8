"""The rova: its two holes named and taken up together, the choice at the
front hole, and the turn's end at the back hole or by choice."""
from __future__ import annotations

from ..catalog import N_
from . import Telling, role, telling

TOGETHER = N_("%(who)s takes up %(first)s %(of_first)s and %(second)s %(of_second)s, and sows all %(count)s "
              "%(direction)s")
TOGETHER_PENDING = N_("%(who)s takes up %(first)s %(of_first)s and %(second)s %(of_second)s, to sow all "
                      "%(count)s %(direction)s.")
STOP = N_("; %(who)s chooses to stop there, so the turn ends")
SOW = N_("; %(who)s chooses to sow the whole rova on")


@telling("rova")
class RovaTelling(Telling):
    roles = {
        "rova-front": role(
            N_("the front rova"), N_("of the front rova"), N_("into the front rova"),
            N_("in the front rova"), N_("%(player)s’s front rova"), N_("of %(player)s’s front rova"),
            N_("into %(player)s’s front rova"), N_("in %(player)s’s front rova")),
        "rova-back": role(
            N_("the back rova"), N_("of the back rova"), N_("into the back rova"),
            N_("in the back rova"), N_("%(player)s’s back rova"), N_("of %(player)s’s back rova"),
            N_("into %(player)s’s back rova"), N_("in %(player)s’s back rova")),
    }
    groups = {"rova": role(
        N_("the rova (both its holes)"), N_("of the rova (both its holes)"), N_("into the rova (both its holes)"),
        N_("in the rova (both its holes)"), N_("%(player)s’s rova (both its holes)"),
        N_("of %(player)s’s rova (both its holes)"), N_("into %(player)s’s rova (both its holes)"),
        N_("in %(player)s’s rova (both its holes)"))}
    turn_end = {"rova-back": N_("The last seed fell into the back rova: the turn ends."),
                "rova-stop": N_("%(who)s chooses to stop at the front rova: the turn ends.")}
    lap_end = {"rova-back": N_(", so the turn ends"), "rova-stop": STOP}
    lap_end_after = frozenset({"rova-stop"})
    decisions = {"rova": (STOP, SOW)}
    reasons = {"choice": {"rova": (STOP, SOW)},
               "turn_end": {"rova-back": (turn_end["rova-back"],), "rova-stop": (turn_end["rova-stop"],)},
               "pickup": {"": (TOGETHER, TOGETHER_PENDING)}}

    def joins_pickup(self, n, i):
        """Both rova holes taken up together: the pickup ``n.run[i]`` and this
        block's pickup of the other hole after it."""
        e = n.run[i]
        partner = n.at(i + 1)
        count = e.count + partner.count
        g = n.forms(partner.holes[0], e)
        f = n.forms(e.holes[0], e)
        drops, _ = n.drops_from(i + 2)
        pending = not drops and not (i + 2 < n.limit and n.tail[i + 2].kind == "lap_end")
        values = dict(who=n.who(e), first=n.the_seeds(e.count), of_first=f["of"], second=n.the_seeds(partner.count),
                      of_second=g["of"], count=count, direction=n.way(e.direction))
        if pending:
            return n.w.gettext(TOGETHER_PENDING, **values), i + 2
        return n.finish_lap(n.w.gettext(TOGETHER, **values), i + 2, count, e.direction, e)

    def after_lap(self, n, k, j, placed, direct):
        e = n.at(j)
        if e.kind != "choice" or e.reason != "rova":
            return None
        stop = e.info("choice") == "stop"
        if stop and direct:
            n.ended = n.ended or j < n.limit
        return n.w.lookup(STOP if stop else SOW, who=n.who(n.at(k)))
