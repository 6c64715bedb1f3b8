"""The rova of katra be: two holes, one behind the other, that a player guards."""
from __future__ import annotations

from ..turn import EndTurn
from .base import Block, Decision, Param, block

PRESENT = "present"
GONE = "gone"


@block("rova")
class Rova(Block):
    """Each player's *rova* is a hole of the inner row and the hole behind it in
    the outer row (``column``: which hole, counted from the player's left, 1 =
    the left end).  While the rova stands:

    * a lap whose last seed falls into the back hole ends the turn;
    * a lap ending in the front hole captures if the rules allow a capture
      there; otherwise the player chooses (decision ``rova``) to ``stop`` (the
      turn ends) or to ``sow``: the seeds of both rova holes are taken up
      together and sown from the hole after the front hole;
    * a capture of either rova hole takes both holes;
    * whenever a rova hole is taken up (sown or captured) its partner goes
      with it, and the rova is gone for the rest of the game: its holes become
      ordinary holes.

    The board alone does not show whether a rova still stands, so it is kept as
    state: ``rova.south`` and ``rova.north``, ``present`` or ``gone``.  A
    position that does not say is taken to have a rova where both its holes
    have seeds."""
    params = {"column": Param(5, kind=int, doc="the rova's column, counted from the player's left (1 = left end)")}
    decisions = {"rova": Decision("word", "what to do at the front rova: stop there, or sow the whole rova on",
                                  ("stop", "sow"))}
    reasons = {"choice": ("rova",), "turn_end": ("rova-back", "rova-stop")}
    roles = ("rova-front", "rova-back")
    state_keys = ("rova.PLAYER",)
    lap_end_phase = "choice"      # after the capture (a capture comes first), before the relay

    def check(self, rules):
        g = rules.geometry
        if not 1 <= self.p["column"] <= g.columns:
            raise self.refuse("column-off-board", f"column {self.p['column']} is off a board of "
                              f"{g.columns} columns (1 to {g.columns})")
        if g.rows_per_player < 2:
            raise self.refuse("one-row", "a rova needs two rows per player (a front and a back hole)")

    # -- where the rova is -------------------------------------------------------------
    def holes(self, geometry, player):
        """(front, back) holes of *player*'s rova."""
        col = self.p["column"] - 1
        return geometry.hole(player, 0, col), geometry.hole(player, 1, col)

    def standing(self, state, player) -> bool:
        return state.get(f"rova.{player}") == PRESENT

    def owner_of(self, geometry, state, hole):
        """The player whose standing rova contains *hole*, else None."""
        for p in geometry.players:
            if hole in self.holes(geometry, p) and self.standing(state, p):
                return p
        return None

    def initial_state(self, position):
        g = position.geometry
        state = {}
        for p in g.players:
            front, back = self.holes(g, p)
            state[f"rova.{p}"] = PRESENT if position.cells[front] and position.cells[back] else GONE
        return state

    def special_holes(self, position):
        """The holes of each standing rova, labelled ``rova.south`` / ``rova.north``."""
        g, state = position.geometry, dict(position.state)
        return {h: f"rova.{p}" for p in g.players if self.standing(state, p) for h in self.holes(g, p)}

    def hole_roles(self, position):
        """Each standing rova's holes: ``rova-front.PLAYER`` and ``rova-back.PLAYER``."""
        g, state = position.geometry, dict(position.state)
        out = {}
        for p in g.players:
            if self.standing(state, p):
                front, back = self.holes(g, p)
                out[front], out[back] = f"rova-front.{p}", f"rova-back.{p}"
        return out

    # -- hooks ------------------------------------------------------------------------
    def capture_targets(self, turn, holes):
        g = turn.geometry
        out = list(holes)
        for h in holes:
            p = self.owner_of(g, turn.state, h)
            if p is not None:
                out.extend(x for x in self.holes(g, p) if x not in out and turn.board[x])
        return tuple(out)

    def emptied(self, turn, hole, why):
        g = turn.geometry
        p = self.owner_of(g, turn.state, hole)
        if p is None:
            return
        turn.state[f"rova.{p}"] = GONE
        if why == "pickup":             # the two holes are always sown together
            partner = next(x for x in self.holes(g, p) if x != hole)
            if turn.board[partner]:
                turn.pickup(partner, self.name)

    def lap_end(self, turn, hole, was_empty):
        if not self.standing(turn.state, turn.player):
            return None
        front, back = self.holes(turn.geometry, turn.player)
        if hole == back:
            return EndTurn("rova-back", self.name)
        if hole != front:
            return None
        choice = yield from turn.ask("rova", ("stop", "sow"), self.name)
        turn.emit("choice", (front,), turn.board[front], reason="rova", rule=self.name,
                  choice=choice)        # trace: the decision
        if choice == "stop":
            return EndTurn("rova-stop", self.name)
        yield from turn.choose_direction(self.name)
        return turn.relay_lap(front, self.name)
