"""The capture (which seeds a lap end takes) and the compulsory capture.

Where the captured seeds go is the katro's way by default (they join the
capturing hole and are sown on); the block ``tsibongy`` (:mod:`.tsibongy`)
sows them from a tsibongy instead, and ``fotsiny`` (:mod:`.fotsiny`) makes a
turn that did not start with a capture capture nothing.
"""
from __future__ import annotations

from ..geometry import other
from .base import Block, Param, block


@block("capture")
class Capture(Block):
    """When a lap ends in a hole of the capturing row and the hole facing it in
    the opponent's front row has seeds, they are captured.  The captured seeds
    join the capturing hole, whose whole content is sown on from the next hole
    (katro); with the block ``tsibongy`` they alone are sown from a tsibongy
    instead (katra fandatsaka).

    ``take``: ``opposite`` (the facing hole) or ``column`` (all the opponent's
    holes of that column: katro gorobaka).  With a ``goal`` that is
    ``immediate: capture``, the turn ends at the capture that wins the game."""
    params = {
        "take": Param("opposite", ("opposite", "column"),
                      doc="opposite: the facing hole; column: all the opponent's holes of that column"),
    }
    provides = frozenset({"capture"})
    lap_end_phase = "capture"
    moved = {   # its former parameters, now blocks of their own (or nothing: the default)
        "sow": {"from-tsibongy": ("tsibongy", None), "with-hole": None},
        "zone": {"*": ("tsibongy", "zone")},
        "first_tsibongy": {"*": ("tsibongy", "first")},
        "compulsory": {True: ("compulsory-capture", None), False: None},
        "fotsiny": {True: ("fotsiny", None), False: None},
    }
    moved_why = "the tsibongy sowing, the compulsory capture and fotsiny are blocks of their own"

    def check(self, rules):
        if rules.geometry.solo:
            raise self.refuse("capture-needs-opponent", "a capture needs an opponent, but this board has "
                              "one player's rows only (board: players: 1)")

    def captures_at(self, turn, hole):
        g, board, player = turn.geometry, turn.board, turn.player
        owner, depth, col = g.locate(hole)
        if owner != player or g.solo:
            return ()
        front_depth = turn.rules.front_depth
        if depth != front_depth(board, g, player):
            return ()
        if self.p["take"] == "column":
            targets = tuple(g.facing(hole, d) for d in range(g.rows_per_player))
            targets = tuple(h for h in targets if board[h])
        else:
            opposite = g.facing(hole, front_depth(board, g, other(player)))
            targets = (opposite,) if board[opposite] else ()
        if targets:
            targets = turn.rules.capture_targets(turn, targets)
        return targets

    def lap_end(self, turn, hole, was_empty):
        rules = turn.rules
        targets = rules.capture_allowed(turn, hole, self.captures_at(turn, hole))
        if not targets:
            return None
        turn.take(targets, self.name)
        sower = rules.provider("captured-seeds")
        if sower is not None:
            return (yield from sower.sow_captured(turn, hole))
        turn.merge(hole, self.name)
        end = rules.game_won(turn, "capture")
        if end is not None:
            return end
        yield from turn.choose_direction(self.name)
        return turn.relay_lap(hole, self.name)


@block("compulsory-capture")
class CompulsoryCapture(Block):
    """A turn must start with a capture when one is possible: of the openings
    the rules allow, only those whose first lap ends in a capture are left,
    when there are any (katra fandatsaka, katra paika, m'raha wa ntso: in
    phase 1 the reserve seed goes where it captures)."""
    filter_phase = "require"
    first_lap = "compulsory capture"

    def check(self, rules):
        if not rules.provides("capture"):
            raise self.refuse("compulsory-needs-capture", "a capture cannot be compulsory when no block "
                              "captures (add 'capture')")

    def filter_openings(self, turn, options):
        capturing = [o for o in options if turn.rules.opening_captures(turn, o)]
        return capturing or options

    def explain(self, turn, kind, value):
        opener = turn.opener
        if (kind not in ("start", "place") or opener is None or value not in opener.candidates(turn)
                or turn.rules.opening_captures(turn, value)):
            return None
        return "captures are compulsory, and another opening captures while this one does not"
