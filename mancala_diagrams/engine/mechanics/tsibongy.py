"""Captured seeds sown from a tsibongy (katra fandatsaka, katra paika, m'raha wa ntso).

The *tsibongy* are the two end holes of a player's inner row.  The seeds a
capture takes are sown alone, from one of the capturing player's tsibongy,
towards the centre of the row; which one depends on where the capture was
made (the tsibongy rule), or is the player's choice.
"""
from __future__ import annotations

from ..geometry import CCW, CW
from ..turn import Lap
from .base import Block, Decision, Param, block

FIRST = "first"


@block("tsibongy")
class Tsibongy(Block):
    """The captured seeds alone are sown from a tsibongy, one of the two end
    holes of the capturing player's inner row, towards the centre of the row
    (katra fandatsaka); without this block they join the capturing hole
    (katro).

    ``zone``: how many holes at each end of the row send captured seeds to the
    tsibongy of that end (the holes between give the player the choice,
    decision ``tsibongy``; ``zone: 0``: always the player's choice).
    ``first: direction``: the turn's first capture is sown from the tsibongy
    from which the sowing goes on in the direction chosen with the opening
    hole (katra paika: clockwise, the left one); the board does not show
    whether that capture is still to come, so it is kept as turn state,
    ``tsibongy=first`` until then."""
    params = {
        "zone": Param(2, kind=int, doc="holes at each end of the row that send captured seeds to that "
                                       "end's tsibongy"),
        "first": Param("zone", ("zone", "direction"),
                       doc="zone: the first capture of a turn follows the zones like the others; "
                           "direction: it is sown from the tsibongy that leads in the direction "
                           "chosen at the start of the turn (katra paika)"),
    }
    provides = frozenset({"captured-seeds"})
    decisions = {"tsibongy": Decision("word", "which tsibongy the captured seeds are sown from", ("left", "right"))}
    reasons = {"choice": ("tsibongy",)}
    roles = ("tsibongy-left", "tsibongy-right")
    hole_sets = ("zone-left", "zone-right", "zone-choice")
    turn_state = ("tsibongy",)

    def __init__(self, params, rules):
        super().__init__(params, rules)
        if self.p["first"] == "direction":
            self.first_lap = "the first capture's tsibongy"

    def check(self, rules):
        if not rules.provides("capture"):
            raise self.refuse("tsibongy-needs-capture", "captured seeds are sown from a tsibongy, and no "
                              "block captures (add 'capture')")
        zone = self.p["zone"]
        if zone < 0:
            raise self.refuse("tsibongy-zone-negative", f"zone cannot be {zone}")
        if 2 * zone > rules.geometry.columns:
            raise self.refuse("tsibongy-zone-too-wide", f"zone {zone} is too wide for "
                              f"{rules.geometry.columns} columns: the zones of the two ends would overlap "
                              f"(at most {rules.geometry.columns // 2})")

    # -- the turn's first capture ------------------------------------------------------
    def begin_turn(self, turn):
        if self.p["first"] == "direction" and turn.position.hand is None:
            turn.state["tsibongy"] = FIRST

    def resume(self, first_lap, captures):
        return {"tsibongy": FIRST} if self.p["first"] == "direction" and first_lap else {}

    # -- sowing the captured seeds -------------------------------------------------------
    def sow_captured(self, turn, hole):
        first = turn.state.pop("tsibongy", None) == FIRST
        if first and turn.direction:
            tsibongy, direction = self.tsibongy(turn, self.side_leading(turn, turn.direction))
            return Lap(tsibongy, direction, self.name)
        asked = self.zone_of(turn, hole) is None
        side = yield from self.side(turn, hole)
        tsibongy, direction = self.tsibongy(turn, side)
        if asked:                       # trace: the side the player chose
            turn.emit("choice", (tsibongy,), turn.hand, reason="tsibongy", rule=self.name, side=side)
        turn.direction = direction
        return Lap(tsibongy, direction, self.name)

    # -- the tsibongy rule ---------------------------------------------------------------
    def zone_of(self, turn, hole):
        """``left`` or ``right`` when a capture at *hole* goes to that end's
        tsibongy, None when the player chooses (the holes between the zones)."""
        g = turn.geometry
        col = g.locate(hole)[2]
        zone = self.p["zone"]
        if col < zone:
            return "left"
        if col >= g.columns - zone:
            return "right"
        return None

    def side(self, turn, hole):
        side = self.zone_of(turn, hole)
        if side is None:
            side = yield from turn.ask("tsibongy", ("left", "right"), self.name)
        return side

    def side_leading(self, turn, direction):
        """The side whose tsibongy sows towards the centre in *direction*."""
        return "left" if self.tsibongy(turn, "left")[1] == direction else "right"

    def tsibongy(self, turn, side):
        """The tsibongy on *side* and the direction from it towards the centre."""
        g, player = turn.geometry, turn.player
        hole = g.hole(player, 0, 0 if side == "left" else g.columns - 1)
        toward = g.hole(player, 0, 1 if side == "left" else g.columns - 2)
        direction = CCW if g.step(player, hole, CCW) == toward else CW
        return hole, direction

    # -- what drawings and captions ask -----------------------------------------------------
    def hole_roles(self, position):
        """Each player's tsibongy: the two end holes of the inner row,
        ``tsibongy-left.PLAYER`` and ``tsibongy-right.PLAYER`` (left and right
        as the player sees them)."""
        g = position.geometry
        out = {}
        for p in g.players:
            out[g.hole(p, 0, 0)] = f"tsibongy-left.{p}"
            out[g.hole(p, 0, g.columns - 1)] = f"tsibongy-right.{p}"
        return out

    def role_holes(self, position):
        """The tsibongy rule as sets of holes: ``zone-left.PLAYER`` /
        ``zone-right.PLAYER``: the opponent's inner-row holes whose capture by
        PLAYER is sown from PLAYER's left / right tsibongy;
        ``zone-choice.PLAYER``: those that leave PLAYER the choice."""
        g = position.geometry
        if g.solo:
            return {}
        zone = self.p["zone"]
        out = {}
        for p in g.players:
            for col in range(g.columns):
                side = "left" if col < zone else "right" if col >= g.columns - zone else "choice"
                out.setdefault(f"zone-{side}.{p}", set()).add(g.facing(g.hole(p, 0, col), 0))
        return out
