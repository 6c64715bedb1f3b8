"""Fotsiny: a turn that does not start with a capture captures nothing."""
from __future__ import annotations

from .base import Block, block

KEY = "fotsiny"
PENDING = "pending"     # the turn's first lap end, still to come, decides
CAPTURES = "no"         # the turn began with a capture: it captures
FOTSINY = "yes"         # it did not: it captures nothing


@block("fotsiny")
class Fotsiny(Block):
    """A turn that does not start with a capture captures nothing: when the
    first lap of a turn ends without a capture, no later lap end of that turn
    captures, and the seeds there are sown on instead (*fotsiny*, "for
    nothing", in Dandouau; Flacourt's *mamenoatrika*; a *trakatra* at
    Mayotte).

    The board does not show whether a turn under way captures, so it is kept
    as turn state: ``fotsiny`` is ``pending`` until the turn's first lap end,
    then ``no`` (the turn captures) or ``yes`` (it captures nothing)."""
    reasons = {"fotsiny": ("declared", "no-capture")}
    turn_state = (KEY,)
    first_lap = "fotsiny"

    def check(self, rules):
        if not rules.provides("capture"):
            raise self.refuse("fotsiny-needs-capture", "a turn can capture nothing only where a block "
                              "captures (add 'capture')")

    def begin_turn(self, turn):
        if turn.position.hand is None:
            turn.state[KEY] = PENDING
        else:                           # a turn under way: its state, else a later lap of a capturing turn
            turn.state.setdefault(KEY, CAPTURES)

    def resume(self, first_lap, captures):
        return {KEY: FOTSINY if not captures else PENDING if first_lap else CAPTURES}

    def forbids_capture(self, turn):
        return turn.state.get(KEY) == FOTSINY

    def capture_allowed(self, turn, hole, targets):
        state = turn.state.get(KEY)
        if state == FOTSINY:
            if targets:                 # trace: the capture a fotsiny turn does not make
                turn.emit("fotsiny", targets, sum(turn.board[h] for h in targets), reason="no-capture",
                          rule=self.name)
            return ()
        if state == PENDING:            # the turn's first lap end decides
            turn.state[KEY] = CAPTURES if targets else FOTSINY
            if not targets:
                turn.emit("fotsiny", (hole,), reason="declared", rule=self.name)
        return targets
