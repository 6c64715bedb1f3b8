"""The special hole of katro bevohoka (Ambohimanga): the one hole a player fills.

Each player chooses, before playing, one of their holes as their *special
hole* (the target) and, with the ``direction`` block set to ``choice:
per-game``, the direction they will sow in for the whole game.  The choice is
state the board does not show: ``target.south=f2`` (and ``direction.south=ccw``).

* The set-up is a turn of its own (``setup: sow``): the player names the
  special hole (decision ``target``) and the direction (decision
  ``direction``), takes up its seeds and sows them once; the turn ends there,
  wherever the last seed falls.  With ``setup: mark`` (the Tananarive variant)
  the special hole keeps its seeds: the player names it and plays an ordinary
  turn at once.
* A turn never starts from the special hole, and (but with ``on_target:
  relay``) the special hole is never emptied: seeds that fall into it stay
  there.
* A lap ending in the special hole (``on_target: choose``, Ambohimanga): the
  player chooses any non-empty ordinary hole (decision ``hole``) and sows its
  seeds from the next hole, in the same turn.  With ``on_target: end-turn``
  (Tananarive, where nothing special happens there) the turn ends; with
  ``on_target: relay`` (the same report read literally) nothing special
  happens indeed: the lap end is an ordinary one, so the special hole's seeds
  are sown on like those of any full hole (or the turn ends if it was
  empty).
* Other lap ends are left to ``mandry`` (an empty hole ends the turn) and
  ``relay`` (a full hole is sown on); nothing is ever captured.

Trace: a ``choice`` event names the special hole at the set-up (reason
``target``) and the hole chosen after a lap ends in it (reason
``special-hole``); the turn ends with reason ``setup``, ``target`` (variant),
``target-full`` (no ordinary seed left) or, from ``mandry``, ``empty-hole``.

The game is won by the first player whose special hole holds all the seeds of
their rows (24 on 6 columns); alone, by filling it.
"""
from __future__ import annotations

from ..turn import EndTurn, Lap
from .base import Block, Decision, Param, block


def target_key(player: str) -> str:
    return f"target.{player}"


@block("target-hole")
class TargetHole(Block):
    """Each player's special hole (katro bevohoka).  ``setup``: ``sow`` (the
    special hole is chosen and its seeds are sown once, as a set-up turn) or
    ``mark`` (it is chosen at the first turn and keeps its seeds).
    ``on_target``: what a lap ending in the special hole does: ``choose`` (the
    player chooses a non-empty ordinary hole and sows on), ``end-turn``, or
    ``relay`` (nothing special: as at any hole, its seeds are sown on, or the
    turn ends if it was empty; the Tananarive report, "no treatment of the
    case where the last seed falls into the special hole", read literally)."""
    params = {
        "setup": Param("sow", ("sow", "mark"), doc="sow: the special hole's seeds are sown once at the "
                                                   "start; mark: it keeps them"),
        "on_target": Param("choose", ("choose", "end-turn", "relay"),
                           doc="a lap ending in the special hole: choose a hole and sow on, end the turn, or "
                               "nothing special (relay: its seeds are sown on like any full hole's)"),
    }
    decisions = {"target": Decision("hole", "the special hole chosen at the set-up"),
                 "hole": Decision("hole", "the hole chosen to sow on after a lap ends in the special hole")}
    reasons = {"choice": ("target", "special-hole"), "turn_end": ("setup", "target", "target-full")}
    roles = ("target",)
    state_keys = ("target.PLAYER",)
    open_phase = "setup"          # before the ordinary opening (choose-hole)
    lap_end_phase = "target"      # before mandry and relay

    # -- helpers ------------------------------------------------------------------------
    @staticmethod
    def target_of(state, geometry, player):
        """The special hole of *player* (an index), or None before the set-up."""
        name = (state if isinstance(state, dict) else dict(state)).get(target_key(player))
        return None if name is None else geometry.parse(name)

    def ordinary_holes(self, turn):
        """The player's non-empty holes other than the special hole."""
        g, board = turn.geometry, turn.board
        target = self.target_of(turn.state, g, turn.player)
        return sorted(h for h in g.holes_of(turn.player) if board[h] and h != target)

    def _setting_up(self, turn) -> bool:
        return (self.p["setup"] == "sow" and turn.lap_ends == 0
                and target_key(turn.player) not in dict(turn.position.state))

    # -- hooks ----------------------------------------------------------------------------
    def open(self, turn):
        key = target_key(turn.player)
        if key in turn.state:
            return None                   # set up already: an ordinary turn (choose-hole)
        g, board = turn.geometry, turn.board
        holes = g.holes_of(turn.player)
        if self.p["setup"] == "sow":
            holes = [h for h in holes if board[h]]
        hole = yield from turn.ask("target", sorted(holes), self.name)
        turn.state[key] = g.name(hole)
        if self.p["setup"] == "mark":
            turn.emit("choice", (hole,), board[hole], reason="target", rule=self.name)
            return None                   # the turn goes on as an ordinary one
        direction = yield from turn.choose_direction(self.name)
        turn.emit("choice", (hole,), board[hole], reason="target", rule=self.name)
        turn.pickup(hole, self.name)
        return Lap(g.step(turn.player, hole, direction), direction, self.name)

    def forbids(self, turn, option):
        """A turn never starts from the special hole."""
        return isinstance(option, tuple) and option[0] == self.target_of(turn.state, turn.geometry, turn.player)

    def lap_end(self, turn, hole, was_empty):
        if self._setting_up(turn):
            return EndTurn("setup", self.name)
        target = self.target_of(turn.state, turn.geometry, turn.player)
        if hole != target or self.p["on_target"] == "relay":
            return None                   # an ordinary lap end: mandry and relay decide
        if self.p["on_target"] == "end-turn":
            return EndTurn("target", self.name)
        options = self.ordinary_holes(turn)
        if not options:
            return EndTurn("target-full", self.name)
        chosen = yield from turn.ask("hole", options, self.name)
        turn.emit("choice", (chosen,), turn.board[chosen], reason="special-hole", rule=self.name)
        turn.pickup(chosen, self.name)
        return Lap(turn.geometry.step(turn.player, chosen, turn.direction), turn.direction, self.name)

    def outcome(self, rules, position):
        g = position.geometry
        for player in g.players:
            target = self.target_of(position.state, g, player)
            if target is None:
                continue
            seeds = sum(position.cells[h] for h in g.holes_of(player))
            if seeds and position.cells[target] == seeds:
                return {"winner": player, "reason": "target-full"}
        return None

    def special_holes(self, position):
        """The special holes chosen so far (for drawings)."""
        g = position.geometry
        holes = (self.target_of(position.state, g, p) for p in g.players)
        return [h for h in holes if h is not None]

    def hole_roles(self, position):
        """Each special hole chosen so far: ``target.PLAYER``."""
        g = position.geometry
        return {h: f"target.{p}" for p in g.players
                if (h := self.target_of(position.state, g, p)) is not None}

    def check(self, rules):
        if rules.provides("capture"):
            raise self.refuse("target-hole-with-capture", "the special hole is for a game without capture (a "
                              "capture would take seeds it must end with): remove 'capture'")
        if not any(b.open_phase == "hole" for b in rules.providers("opening")):
            raise self.refuse("target-hole-without-opening", "needs 'choose-hole' to start the ordinary turns")
