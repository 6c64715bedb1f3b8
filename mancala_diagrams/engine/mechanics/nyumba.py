"""The nyumba and the trakatra rule of m'raha wa ntso (Mayotte).

The *nyumba* ("house" in Shimaore) is one hole of each player's inner row that
starts with 6 seeds; it takes the place of the two rova holes of katra be.  A
*trakatra* is a turn that captures nothing because it did not start with a
capture (the *fotsiny* of Dandouau, Flacourt's *mamenoatrika*).
"""
from __future__ import annotations

from ..turn import EndTurn, Lap
from .base import Block, Decision, Param, block

PRESENT = "present"
GONE = "gone"


def _hole_of(option):
    """The starting hole of an opening: a reserve placement is a hole, a
    phase-2 opening a (hole, direction) pair."""
    return option[0] if isinstance(option, tuple) else option


def _phase_1(turn) -> bool:
    """Whether the player started this turn in phase 1 (with seeds in reserve)."""
    return turn.position.reserve(turn.player) > 0


@block("nyumba")
class Nyumba(Block):
    """Each player's *nyumba* is one hole of the inner row (``column``, counted
    from the player's left, 1 = the left end).  While it stands, in phase 1
    (and in phase 2 too with ``phase_2: true``):

    * on the player's first turn (the one they start with their whole reserve)
      the nyumba may not be played: the reserve seed may not go into it;
    * a turn without capture does not start from the nyumba while another hole
      can start it;
    * a lap that ends in the nyumba, when it does not capture, lets the player
      choose (decision ``nyumba``) to ``stop`` (the turn ends) or to ``sow``
      its seeds on, as in a relay;
    * in phase 1, when the nyumba is the only non-empty hole of the inner row,
      the reserve seed must go into it (even if it held a single seed); if that
      captures nothing, exactly 2 seeds (``takes``) are then taken from it and
      sown from the next hole, in the direction the player chooses, and the
      nyumba stands on.

    Once its seeds are all taken up (sown) or captured, the nyumba is gone for
    the rest of the game and its hole is an ordinary one.  The board alone
    does not show this, so it is kept as state: ``nyumba.south`` and
    ``nyumba.north``, ``present`` or ``gone``.  A position that does not say
    is taken to have a nyumba where its hole has seeds."""
    params = {
        "column": Param(5, kind=int, doc="the nyumba's column, counted from the player's left (1 = left end)"),
        "takes": Param(2, kind=int, doc="seeds taken from a nyumba that is the only non-empty hole (phase 1)"),
        "phase_2": Param(False, (False, True), doc="whether the nyumba stays special once the reserve is spent"),
    }
    decisions = {"nyumba": Decision("word", "what to do at the nyumba: stop there, or sow its seeds on",
                                    ("stop", "sow"))}
    reasons = {"choice": ("nyumba",), "turn_end": ("nyumba-stop",)}
    roles = ("nyumba",)
    state_keys = ("nyumba.PLAYER",)
    filter_phase = "prefer"       # after the obligations (a capture may start from the nyumba)
    lap_end_phase = "choice"      # after the capture (a capture comes first), before the relay

    def check(self, rules):
        g = rules.geometry
        if not 1 <= self.p["column"] <= g.columns:
            raise self.refuse("nyumba-off-board", f"column {self.p['column']} is off a board of "
                              f"{g.columns} columns (1 to {g.columns})")
        if self.p["takes"] < 1:
            raise self.refuse("nyumba-takes-nothing", f"takes must be 1 or more, not {self.p['takes']}")
        if not rules.provides("reserve"):
            raise self.refuse("nyumba-without-reserve", "needs the block 'reserve' (its rules are "
                              "those of phase 1)")

    # -- where and whether ----------------------------------------------------------------
    def hole(self, geometry, player):
        return geometry.hole(player, 0, self.p["column"] - 1)

    @staticmethod
    def standing(state, player) -> bool:
        return state.get(f"nyumba.{player}") == PRESENT

    def active(self, turn) -> bool:
        """Whether the player's nyumba is special during this turn."""
        return self.standing(turn.state, turn.player) and (self.p["phase_2"] or _phase_1(turn))

    def first_turn(self, turn) -> bool:
        """The player's first turn: they start it with their whole reserve."""
        start = int(turn.rules.start.get("reserve", 0) or 0)
        return start > 0 and turn.position.reserve(turn.player) == start

    def alone(self, turn) -> bool:
        """Phase 1, and the standing nyumba was the only non-empty hole of the
        inner row when the turn began."""
        if not (_phase_1(turn) and self.standing(turn.state, turn.player)):
            return False
        g, cells, p = turn.geometry, turn.position.cells, turn.player
        nyumba = self.hole(g, p)
        return cells[nyumba] > 0 and not any(cells[h] for h in g.row_holes(p, 0) if h != nyumba)

    def initial_state(self, position):
        g = position.geometry
        return {f"nyumba.{p}": PRESENT if position.cells[self.hole(g, p)] else GONE for p in g.players}

    def special_holes(self, position):
        """The standing nyumba of each player, labelled ``nyumba.south`` / ``nyumba.north``."""
        g, state = position.geometry, dict(position.state)
        return {self.hole(g, p): f"nyumba.{p}" for p in g.players if self.standing(state, p)}

    # -- hooks ------------------------------------------------------------------------------
    def forbids(self, turn, option):
        """No playing the nyumba on the player's first turn."""
        return (_hole_of(option) == self.hole(turn.geometry, turn.player) and self.active(turn)
                and self.first_turn(turn))

    def filter_openings(self, turn, options):
        """A turn without capture starts elsewhere if it can; a nyumba that is
        alone in the inner row must take the reserve seed."""
        if not self.active(turn):
            return options
        nyumba = self.hole(turn.geometry, turn.player)
        if not options:
            if self.alone(turn) and not self.first_turn(turn):
                return [nyumba]
            return options
        mine = [o for o in options if _hole_of(o) == nyumba]
        others = [o for o in options if _hole_of(o) != nyumba]
        if not mine or not others:
            return options
        keep = [o for o in mine if turn.rules.opening_captures(turn, o)]   # a capture may start from it
        return [o for o in options if o in keep or o in others]

    def emptied(self, turn, hole, why):
        for p in turn.geometry.players:
            if hole == self.hole(turn.geometry, p) and self.standing(turn.state, p):
                turn.state[f"nyumba.{p}"] = GONE

    def lap_end(self, turn, hole, was_empty):
        if was_empty or not self.active(turn) or hole != self.hole(turn.geometry, turn.player):
            return None
        if turn.lap_ends == 0 and turn.position.hand is None and self.alone(turn):
            # the reserve seed went into a nyumba alone in the inner row: sow 2 of its seeds
            direction = yield from turn.choose_direction(self.name)
            n = min(self.p["takes"], turn.board[hole])
            turn.begin_lap()
            turn.board[hole] -= n
            turn.hand += n
            turn.emit("pickup", (hole,), n, rule=self.name)
            if not turn.board[hole]:
                turn.rules.notify_emptied(turn, hole, "pickup")
            return Lap(turn.geometry.step(turn.player, hole, direction), direction, self.name)
        choice = yield from turn.ask("nyumba", ("stop", "sow"), self.name)
        turn.emit("choice", (hole,), turn.board[hole], reason="nyumba", rule=self.name,
                  choice=choice)        # trace: the decision
        if choice == "stop":
            return EndTurn("nyumba-stop", self.name)
        yield from turn.choose_direction(self.name)
        return turn.relay_lap(hole, self.name)


@block("trakatra")
class Trakatra(Block):
    """A *trakatra* (a turn that does not start with a capture, and so captures
    nothing) may not start from a hole holding fewer than ``min_seeds`` seeds:
    with the default 2, not from a singleton.  Turns that start with a capture
    are not concerned.  In phase 1 the hole's seeds are counted before the
    reserve seed goes in; ``phase_1: false`` applies the rule in phase 2 only
    (the reserve seed then always makes at least 2)."""
    params = {
        "min_seeds": Param(2, kind=int, doc="fewest seeds in the hole a turn without capture starts from"),
        "phase_1": Param(True, (True, False), doc="whether the rule applies to the reserve seed's hole"),
    }

    def check(self, rules):
        if not rules.provides("capture"):
            raise self.refuse("trakatra-without-capture", "needs the block 'capture' (it concerns turns "
                              "without capture)")
        if self.p["min_seeds"] < 1:
            raise self.refuse("trakatra-min-seeds", f"min_seeds must be 1 or more, not {self.p['min_seeds']}")

    def forbids(self, turn, option):
        if not self.p["phase_1"] and _phase_1(turn):
            return False
        return turn.board[_hole_of(option)] < self.p["min_seeds"] and not turn.rules.opening_captures(turn, option)
