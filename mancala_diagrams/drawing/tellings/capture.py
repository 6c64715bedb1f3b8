"""The capture: the facing seeds taken, and with the katro's capture joined to
the capturing hole (``merge``)."""
from __future__ import annotations

from ..catalog import N_
from . import Telling, ngettext, telling, telling_of, tellings_of

CAPTURE = N_("%(who)s captures %(seeds)s %(of)s%(note)s.")
# Translators: %(total)s is also given: the number of seeds the hole now holds
MERGE = ngettext("%(who)s adds it to the seeds %(of)s, which now holds %(seeds)s.",
                 "%(who)s adds them to the seeds %(of)s, which now holds %(seeds)s.")
#: after "the last falls into X": the capture that follows
CAPTURES = N_(", which was not empty, so the seeds facing it are captured")
CAPTURES_EMPTY = N_(", which was empty, yet the seeds facing it are captured")
THEN_CAPTURES = N_("; the seeds facing it are captured")


@telling("capture")
class CaptureTelling(Telling):
    reasons = {"capture": {"": (CAPTURE,)}, "merge": {"": MERGE}}

    def tell(self, n, i):
        e = n.run[i]
        if e.kind == "merge":
            return self.merge(n, e), i + 1
        if e.kind != "capture":
            return None
        holes = n.name.group(list(e.holes), n.lang, e, e.player)
        note = "".join(t.capture_note(n, e) for t in tellings_of(n.rules))
        sower = telling_of(getattr(n.at(i + 1), "rule", None))
        told = sower.captured(n, i, dict(who=n.who(e), of=holes["of"], note=note)) if sower else None
        if told is not None:
            return told
        return n.w.gettext(CAPTURE, who=n.who(e), seeds=n.the_seeds(e.count), of=holes["of"], note=note), i + 1

    def merge(self, n, e):
        hole = e.holes[0]
        total = e.cells[hole] if len(e.cells) > hole else e.count
        return n.w.ngettext(*MERGE, e.count, who=n.who(e), of=n.forms(hole, e)["of"], seeds=n.seeds(total),
                            total=total)

    def after_lap(self, n, k, j, placed, direct):
        if n.at(j).kind != "capture":
            return None
        if placed or not direct:
            return n.w.lookup(THEN_CAPTURES)
        return n.w.lookup(CAPTURES_EMPTY if n.at(k).reason == "empty" else CAPTURES)

    def summary(self, n):
        taken = sum(e.count for e in n.run if e.kind == "capture")
        return n.w.gettext(", capturing %(seeds)s", seeds=n.seeds(taken)) if taken else ""
