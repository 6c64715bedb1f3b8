"""The nyumba: its name, the choice when a lap ends in it, and the two seeds
taken from a nyumba alone in the inner row."""
from __future__ import annotations

from ..catalog import N_
from . import Telling, role, telling

PART = N_("%(who)s takes %(taken)s of the %(total)s seeds %(of)s and sows them %(direction)s")
PART_PENDING = N_("%(who)s takes %(taken)s of the %(total)s seeds %(of)s, to sow them %(direction)s.")
STOP = N_("; %(who)s chooses to stop there, so the turn ends")
SOW = N_("; %(who)s chooses to sow its seeds on")
TWO = N_("; the nyumba is alone in the inner row, so only %(n)s of its seeds are taken up and sown on")


def tell_part(n, i, pending):
    """A pickup ``n.run[i]`` that leaves seeds in its hole: only some are taken."""
    e = n.run[i]
    hole = e.holes[0]
    values = dict(who=n.who(e), taken=e.count, total=e.count + e.cells[hole], of=n.forms(hole, e)["of"],
                  direction=n.way(e.direction))
    return n.w.gettext(PART_PENDING if pending else PART, **values)


@telling("nyumba")
class NyumbaTelling(Telling):
    roles = {"nyumba": role(
        N_("the nyumba"), N_("of the nyumba"), N_("into the nyumba"),
        N_("in the nyumba"), N_("%(player)s’s nyumba"), N_("of %(player)s’s nyumba"),
        N_("into %(player)s’s nyumba"), N_("in %(player)s’s nyumba"))}
    turn_end = {"nyumba-stop": N_("%(who)s chooses to stop at the nyumba: the turn ends.")}
    lap_end = {"nyumba-stop": STOP}
    lap_end_after = frozenset({"nyumba-stop"})
    decisions = {"nyumba": (STOP, SOW)}
    reasons = {"choice": {"nyumba": (STOP, SOW)}, "turn_end": {"nyumba-stop": (turn_end["nyumba-stop"],)},
               "pickup": {"": (PART, PART_PENDING, TWO)}}

    def lap_head(self, n, i, pending):
        e = n.run[i]
        if not e.holes or e.cells[e.holes[0]] <= 0:
            return None             # the whole nyumba taken up: an ordinary lap
        return tell_part(n, i, pending)

    def after_lap(self, n, k, j, placed, direct):
        e = n.at(j)
        if e.kind == "choice" and e.reason == "nyumba":
            stop = e.info("choice") == "stop"
            if stop and direct:
                n.ended = n.ended or j < n.limit
            return n.w.lookup(STOP if stop else SOW, who=n.who(n.at(k)))
        if e.kind == "pickup" and e.holes == n.at(k).holes and e.cells[e.holes[0]] > 0:
            return n.w.lookup(TWO, n=e.count)       # the nyumba alone: only some of its seeds
        return None
