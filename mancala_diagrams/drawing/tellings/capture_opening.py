"""The opening that captures (katra paika): a seed of the hole chosen lifted
to show it, and put back, as if a lap had ended there; a hole of one seed,
chosen when no hole holds more, is sown as the narrator tells any lap."""
from __future__ import annotations

from ..catalog import N_
from . import SOWN, TAKEN, Telling, telling

SHOW = N_("%(who)s shows the hole chosen, %(hole)s, by lifting one of its seeds, to sow %(direction)s.")
PUT_BACK = N_("%(who)s puts the seed back %(into)s, as if a lap had ended there")


@telling("capture-opening")
class CaptureOpeningTelling(Telling):
    decisions = {"start": (SHOW, SOWN, TAKEN)}
    reasons = {"pickup": {"show": (SHOW,)}, "place": {"show": (PUT_BACK,)}}

    def tell(self, n, i):
        e = n.run[i]
        if e.reason != "show":
            return None             # a hole of one seed, sown: the narrator's lap
        f = n.forms(e.holes[0], e)
        if e.kind == "pickup":
            return n.w.gettext(SHOW, who=n.who(e), hole=f["the"], direction=n.way(e.direction)), i + 1
        head = n.w.gettext(PUT_BACK, who=n.who(e), into=f["into"])
        j = i + 1
        end = n.at(j)
        if end is not None and end.kind == "lap_end" and j < n.limit:
            return head + n.lap_end_clause(j, head=False, placed=True) + ".", j + 1
        return head + ".", j
