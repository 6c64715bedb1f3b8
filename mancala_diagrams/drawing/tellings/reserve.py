"""The reserve: a seed put down from the reserve."""
from __future__ import annotations

from . import Telling, ngettext, telling

PLACE = ngettext("%(who)s puts a seed from the reserve %(into)s, which then holds one seed",
                 "%(who)s puts a seed from the reserve %(into)s, which then holds %(n)s seeds")


def tell_place(n, i):
    """The seed put down ``n.run[i]`` and what the lap that ends there leads to."""
    e = n.run[i]
    f = n.forms(e.holes[0], e)
    head = n.w.ngettext(*PLACE, e.cells[e.holes[0]], who=n.who(e), into=f["into"])
    j = i + 1
    end = n.at(j)
    if end is not None and end.kind == "lap_end" and j < n.limit:
        return head + n.lap_end_clause(j, head=False, placed=True) + ".", j + 1
    return head + ".", j


@telling("reserve")
class ReserveTelling(Telling):
    decisions = {"place": PLACE}
    reasons = {"place": {"": PLACE}}

    def tell(self, n, i):
        return tell_place(n, i) if n.run[i].kind == "place" else None
