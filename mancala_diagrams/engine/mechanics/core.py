"""The common building blocks: choosing a hole, the sowing direction, relay,
mandry (a lap ending in an empty hole), the row shift, and the goals."""
from __future__ import annotations

from ..geometry import CCW, CW, PLAYERS, other
from ..turn import EndTurn, Lap
from .base import Block, Decision, Param, block

#: The opening of a turn that sows a hole: the hole and the direction, chosen together.
START = Decision("opening", "the hole a turn starts from and the sowing direction, chosen together")


def opening_hole(kind, value) -> int | None:
    """The hole of a ``start`` decision *value* an opening block's ``explain``
    looks at (a hole and a direction), or None for any other decision."""
    return value[0] if kind == "start" and isinstance(value, tuple) else None


@block("direction")
class Direction(Block):
    """When the sowing direction is chosen.  ``per-turn``: at the start of each
    turn (katro of Dandouau and Linton); ``per-game``: once, at the player's
    first sowing, and kept for the whole game (Ambohimanga)."""
    params = {"choice": Param("per-turn", ("per-turn", "per-game"),
                              doc="per-turn or per-game")}
    provides = frozenset({"direction"})
    state_keys = ("direction.PLAYER",)

    def allowed(self, turn):
        if self.p["choice"] == "per-game":
            fixed = turn.state.get(f"direction.{turn.player}")
            if fixed:
                return (CW,) if fixed == "cw" else (CCW,)
        return (CW, CCW)

    def explain(self, turn, kind, value):
        direction = value[1] if kind == "start" and isinstance(value, tuple) else value if kind == "direction" else None
        if direction in (CW, CCW) and direction not in self.allowed(turn):
            fixed = turn.state.get(f"direction.{turn.player}")
            return (f"{turn.player} chose to sow {'clockwise' if fixed == 'cw' else 'counterclockwise'} "
                    f"at their first sowing, and keeps that direction for the whole game")
        return None

    def finish(self, turn):
        if self.p["choice"] == "per-game" and turn.direction and f"direction.{turn.player}" not in turn.state:
            turn.state[f"direction.{turn.player}"] = "cw" if turn.direction == CW else "ccw"


@block("choose-hole")
class ChooseHole(Block):
    """A turn starts by choosing one of one's non-empty holes and a direction;
    its seeds are sown from the next hole.  ``min_seeds``: the fewest seeds a
    starting hole may hold; ``outermost_row``: the hole must be in the
    outermost of one's rows that has seeds (the katro of Fianarantsoa)."""
    params = {
        "min_seeds": Param(1, kind=int, doc="fewest seeds in a starting hole"),
        "outermost_row": Param(False, (False, True), doc="start in the outermost non-empty row only"),
    }
    provides = frozenset({"opening"})
    decisions = {"start": START}
    open_phase = "hole"

    def check(self, rules):
        if self.p["min_seeds"] < 1:
            raise self.refuse("min-seeds-below-one", f"min_seeds {self.p['min_seeds']} would let a turn "
                              "start by sowing an empty hole")

    def candidates(self, turn):
        g, board, player = turn.geometry, turn.board, turn.player
        depths = range(g.rows_per_player)
        if self.p["outermost_row"]:
            for d in range(g.rows_per_player - 1, -1, -1):
                if any(board[h] for h in g.row_holes(player, d)):
                    depths = (d,)
                    break
        least = self.p["min_seeds"]
        holes = [h for d in depths for h in g.row_holes(player, d) if board[h] >= least]
        dirs = turn.rules.directions(turn)
        return [(h, d) for h in sorted(holes) for d in dirs]

    def explain(self, turn, kind, value):
        hole = opening_hole(kind, value)
        if hole is None:
            return None
        board, player, name = turn.board, turn.player, turn.geometry.name(hole)
        if turn.geometry.owner(hole) != player:
            return f"{name} is not one of {player}'s holes"
        if board[hole] == 0:
            return f"{name} is empty: there is nothing to sow"
        if board[hole] < self.p["min_seeds"]:
            return f"{name} holds {board[hole]} seed(s), fewer than the {self.p['min_seeds']} a turn starts with"
        if self.p["outermost_row"] and hole not in {h for h, _ in self.candidates(turn)}:
            return f"{name} is not in the outermost of {player}'s rows that has seeds"
        return None

    def first_lap_end(self, t, option):
        hole, direction = option
        t.direction = direction
        t.pickup(hole, self.name)
        return t.sow(Lap(*t.geometry.advance(t.player, hole, direction), self.name))

    def open(self, turn):
        options = turn.filter_openings(self.candidates(turn))
        hole, direction = yield from turn.ask("start", options, self.name)
        turn.direction = direction
        turn.pickup(hole, self.name)
        return Lap(*turn.geometry.advance(turn.player, hole, direction), self.name)


@block("mandry")
class Mandry(Block):
    """A lap whose last seed falls into a hole that was empty ends the turn
    (*mandry*, "to take a nap").  ``rows: all`` (the usual rule) or ``rows:
    outer`` (mandry dia homana, "nap, then eat"): an empty hole of the outer
    row ends the turn; an empty hole of the inner row ends it only when there
    is nothing to capture from it, and otherwise the capture is made and sown
    on as after any capture."""
    params = {"rows": Param("all", ("all", "outer"),
                            doc="all: every empty hole ends the turn; outer: an empty inner-row hole "
                                "captures when it can, and ends the turn when it cannot")}
    provides = frozenset({"lap-end"})
    reasons = {"turn_end": ("empty-hole",)}
    lap_end_phase = "empty"

    def check(self, rules):
        if self.p["rows"] == "outer" and not rules.provides("capture"):
            raise self.refuse("homana-needs-capture", "with rows: outer an empty inner-row hole goes on "
                              "only to capture, and no block captures (add 'capture')")

    def lap_end(self, turn, hole, was_empty):
        if not was_empty:
            return None
        if (self.p["rows"] == "outer" and turn.geometry.depth(hole) == 0
                and turn.rules.capture_possible(turn, hole)):
            return None                 # homana: the capture block takes it from here
        return EndTurn("empty-hole", self.name)
        yield  # pragma: no cover - makes this a generator


@block("relay")
class Relay(Block):
    """A lap that no other block stops goes on: the seeds of the hole where it
    ended are taken up and sown from the next hole, in the same direction."""
    provides = frozenset({"lap-end"})
    lap_end_phase = "relay"

    def lap_end(self, turn, hole, was_empty):
        yield from turn.choose_direction(self.name)
        return turn.relay_lap(hole, self.name)


@block("row-shift")
class RowShift(Block):
    """A player whose inner row is empty captures from, and is captured in, the
    innermost of their rows that still has seeds (katro; the three rows of the
    Fianarantsoa katro)."""
    provides = frozenset({"front-row"})

    def check(self, rules):
        if not rules.provides("capture"):
            raise self.refuse("row-shift-needs-capture", "the row shift only changes which row captures "
                              "and is captured, and no block captures (add 'capture')")

    def front_depth(self, board, geometry, player):
        for d in range(geometry.rows_per_player):
            if any(map(board.__getitem__, geometry.row_holes(player, d))):
                return d
        return 0


@block("goal")
class Goal(Block):
    """How the game is won.  ``capture-all``: take all the opponent's seeds;
    ``empty-inner-row``: empty the opponent's inner row (fanga, katra
    fandatsaka, katra paika, m'raha wa ntso); ``last-mover``: nothing but the
    end of the moves decides, the player who moved last wins (no pass: the
    katro of Fianarantsoa).  In every game a player who cannot move when it is
    their turn has lost.  ``immediate``: the game is over as soon as it is won,
    in the middle of a turn, which then ends: ``true`` at the first lap end
    where the opponent is beaten (captured seeds sown from a tsibongy are sown
    first: katra fandatsaka, katra paika; without it a turn can relay for ever
    once nothing is left to capture), ``capture`` at the capture itself (with
    the katro's capture, once the captured seeds have joined the capturing
    hole, before they are sown on).  ``last-mover`` has nothing to check in a
    turn and refuses ``immediate``."""
    params = {"win": Param("capture-all", ("capture-all", "empty-inner-row", "last-mover"),
                           doc="capture-all, empty-inner-row, or last-mover (only the no-move rule decides)"),
              "immediate": Param(False, (False, True, "capture"),
                                 doc="end the turn (and the game) once it is won: true at that lap end, "
                                     "capture at the winning capture")}
    provides = frozenset({"goal"})
    reasons = {"turn_end": ("goal",)}
    lap_end_phase = "goal"

    def check(self, rules):
        immediate = self.p["immediate"]
        if immediate and self.p["win"] == "last-mover":
            raise self.refuse("immediate-without-goal", "win: last-mover is decided only when a player "
                              "cannot move, so nothing can end the game in the middle of a turn "
                              "(remove immediate)")
        if immediate == "capture":
            if not rules.provides("capture"):
                raise self.refuse("immediate-capture-needs-capture", "immediate: capture ends the turn at "
                                  "a capture, and no block captures (add 'capture')")
            if rules.provides("captured-seeds"):
                raise self.refuse("immediate-capture-seeds-in-hand", "with the captured seeds sown from a "
                                  "tsibongy they are in hand until sown, so the turn cannot end at the "
                                  "capture; use immediate: true (the lap end after they are sown)")

    def beaten(self, board, reserves, geometry, loser) -> bool:
        """Whether *loser* has lost on this board (by this block's ``win``)."""
        if self.p["win"] == "capture-all":
            return not any(board[h] for h in geometry.holes_of(loser)) and not reserves[PLAYERS.index(loser)]
        if self.p["win"] == "empty-inner-row":
            return not any(board[h] for h in geometry.row_holes(loser, 0))
        return False

    def won(self, turn, moment) -> bool:
        immediate = self.p["immediate"]
        if not immediate or turn.geometry.solo:
            return False
        if (immediate == "capture") != (moment == "capture"):
            return False
        return self.beaten(turn.board, turn.reserves, turn.geometry, other(turn.player))

    @property
    def idle_hooks(self):
        """Without ``immediate`` (or with ``immediate: capture``) the goal has
        nothing to say at a lap's end."""
        immediate = self.p["immediate"]
        return frozenset() if immediate and immediate != "capture" else frozenset(("lap_end",))

    def lap_end(self, turn, hole, was_empty):
        if self.won(turn, "lap-end"):
            return EndTurn("goal", self.name)
        return None
        yield  # pragma: no cover - makes this a generator

    def outcome(self, rules, position):
        g = position.geometry
        if g.solo:
            return None
        if self.p["win"] == "last-mover":
            if position.hand is None and not rules.openings(position):
                return {"winner": other(position.to_move), "reason": "last-mover"}
            return None
        for loser in (position.to_move, other(position.to_move)):
            if self.beaten(position.cells, position.reserves, g, loser):
                return {"winner": other(loser), "reason": self.p["win"]}
        return None
