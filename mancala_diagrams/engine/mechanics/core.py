"""The common building blocks: choosing a hole, the sowing direction, relay,
mandry (a lap ending in an empty hole), capture, the row shift, and the goals."""
from __future__ import annotations

from ..turn import EndTurn, Lap
from ..geometry import CCW, CW, PLAYERS, other
from . import Block, Param, block


@block("direction")
class Direction(Block):
    """When the sowing direction is chosen.  ``per-turn``: at the start of each
    turn (katro of Dandouau and Linton); ``per-game``: once, at the player's
    first sowing, and kept for the whole game (Ambohimanga)."""
    params = {"choice": Param("per-turn", ("per-turn", "per-game"),
                              doc="per-turn or per-game")}

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
    order = 0
    params = {
        "min_seeds": Param(1, kind=int, doc="fewest seeds in a starting hole"),
        "outermost_row": Param(False, (False, True), doc="start in the outermost non-empty row only"),
    }

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
        if kind != "start" or not isinstance(value, tuple):
            return None
        g, board, player = turn.geometry, turn.board, turn.player
        hole = value[0]
        name = g.name(hole)
        if g.owner(hole) != player:
            return f"{name} is not one of {player}'s holes"
        if board[hole] == 0:
            return f"{name} is empty: there is nothing to sow"
        if board[hole] < self.p["min_seeds"]:
            return f"{name} holds {board[hole]} seed(s), fewer than the {self.p['min_seeds']} a turn starts with"
        if self.p["outermost_row"] and hole not in {h for h, _ in self.candidates(turn)}:
            return f"{name} is not in the outermost of {player}'s rows that has seeds"
        return None

    def open(self, turn):
        options = turn.rules.filter_openings(turn, self.candidates(turn))
        hole, direction = yield from turn.ask("start", options, self.name)
        turn.direction = direction
        turn.pickup(hole)
        return Lap(*turn.geometry.advance(turn.player, hole, direction))


@block("mandry")
class Mandry(Block):
    """A lap whose last seed falls into a hole that was empty ends the turn
    (*mandry*, "to take a nap").  ``rows: all`` (the usual rule) or ``rows:
    outer`` (mandry dia homana, "nap, then eat"): an empty hole of the outer
    row ends the turn; an empty hole of the inner row ends it only when there
    is nothing to capture from it, and otherwise the capture is made and sown
    on as after any capture."""
    order = 30
    params = {"rows": Param("all", ("all", "outer"),
                            doc="all: every empty hole ends the turn; outer: an empty inner-row hole "
                                "captures when it can, and ends the turn when it cannot")}

    def check(self, rules):
        if self.p["rows"] == "outer" and not any(hasattr(b, "captures_at") for b in rules.blocks):
            raise self.refuse("homana-needs-capture", "with rows: outer an empty inner-row hole goes on "
                              "only to capture, and no block captures (add 'capture')")

    def lap_end(self, turn, hole, was_empty):
        if not was_empty:
            return None
        if self.p["rows"] == "outer" and turn.captures and turn.geometry.depth(hole) == 0:
            if any(b.captures_at(turn, hole) for b in turn.rules.blocks if hasattr(b, "captures_at")):
                return None             # homana: the capture block takes it from here
        return EndTurn("empty-hole")
        yield  # pragma: no cover - makes this a generator


@block("relay")
class Relay(Block):
    """A lap that no other block stops goes on: the seeds of the hole where it
    ended are taken up and sown from the next hole, in the same direction."""
    order = 90

    def lap_end(self, turn, hole, was_empty):
        yield from turn.choose_direction(self.name)
        return turn.relay_lap(hole)


@block("row-shift")
class RowShift(Block):
    """A player whose inner row is empty captures from, and is captured in, the
    innermost of their rows that still has seeds (katro; the three rows of the
    Fianarantsoa katro)."""

    def check(self, rules):
        if not any(hasattr(b, "captures_at") for b in rules.blocks):
            raise self.refuse("row-shift-needs-capture", "the row shift only changes which row captures "
                              "and is captured, and no block captures (add 'capture')")

    def front_depth(self, board, geometry, player):
        for d in range(geometry.rows_per_player):
            if any(map(board.__getitem__, geometry.row_holes(player, d))):
                return d
        return 0


@block("capture")
class Capture(Block):
    """When a lap ends in a hole of the capturing row and the hole facing it in
    the opponent's front row has seeds, they are captured.

    ``take``: ``opposite`` (the facing hole) or ``column`` (all the opponent's
    holes of that column: katro gorobaka).  ``sow``: ``with-hole`` (katro: the
    captured seeds join the capturing hole, whose whole content is sown from the
    next hole) or ``from-tsibongy`` (katra fandatsaka: the captured seeds alone
    are sown from a tsibongy, towards the centre; see ``zone``).  ``compulsory``:
    a turn must start with a capture when one is possible.  ``fotsiny``: a turn
    that does not start with a capture captures nothing.  ``zone``: how many
    holes at each end of the row send captured seeds to the tsibongy of that
    end (the holes between give the player the choice; ``zone: 0``: always the
    player's choice).  ``first_tsibongy: direction``: the capture that opens a
    turn is sown from the tsibongy from which the sowing goes on in the
    direction chosen with the opening hole (katra paika: clockwise, the left
    one).  With a ``goal`` that is ``immediate: capture``, the turn ends at the
    capture that wins the game."""
    order = 40
    params = {
        "take": Param("opposite", ("opposite", "column"),
                      doc="opposite: the facing hole; column: all the opponent's holes of that column"),
        "sow": Param("with-hole", ("with-hole", "from-tsibongy"),
                     doc="with-hole: the captured seeds join the capturing hole and are sown on; "
                         "from-tsibongy: they are sown from a tsibongy, towards the centre"),
        "compulsory": Param(False, (False, True), doc="a turn must start with a capture when one is possible"),
        "fotsiny": Param(False, (False, True), doc="a turn that does not start with a capture captures nothing"),
        "zone": Param(2, kind=int, doc="holes at each end of the row that send captured seeds to that "
                                       "end's tsibongy (from-tsibongy only)"),
        "first_tsibongy": Param("zone", ("zone", "direction"),
                                doc="zone: the first capture of a turn follows the zones like the others; "
                                    "direction: it is sown from the tsibongy that leads in the direction "
                                    "chosen at the start of the turn (katra paika)"),
    }

    def captures_at(self, turn, hole):
        """The holes a lap ending in *hole* would capture (empty tuple if none)."""
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
        if not turn.captures:
            if turn.record:             # trace: the capture a fotsiny turn does not make
                spared = self.captures_at(turn, hole)
                if spared:
                    turn.emit("fotsiny", spared, sum(turn.board[h] for h in spared), reason="no-capture")
            return None
        targets = self.captures_at(turn, hole)
        if not targets:
            if self.p["fotsiny"] and turn.first_lap_end:
                turn.captures = False       # fotsiny: no capture at the start, none in the turn
                turn.emit("fotsiny", (hole,), reason="declared")
            return None
        first = turn.first_lap_end
        turn.take(targets)
        if self.p["sow"] == "with-hole":
            turn.merge(hole)
            if turn.rules.game_won(turn, "capture"):
                return EndTurn("goal")
            yield from turn.choose_direction(self.name)
            return turn.relay_lap(hole)
        if self.p["first_tsibongy"] == "direction" and first and turn.direction:
            side = self.side_leading(turn, turn.direction)
            tsibongy, direction = self.tsibongy(turn, side)
            return Lap(tsibongy, direction)
        asked = self.tsibongy_zone(turn, hole) is None
        side = yield from self.tsibongy_side(turn, hole)
        tsibongy, direction = self.tsibongy(turn, side)
        if asked:                       # trace: the side the player chose
            turn.emit("choice", (tsibongy,), turn.hand, reason="tsibongy", side=side)
        turn.direction = direction
        return Lap(tsibongy, direction)

    # -- the tsibongy rule ---------------------------------------------------------
    def tsibongy_zone(self, turn, hole):
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

    def tsibongy_side(self, turn, hole):
        side = self.tsibongy_zone(turn, hole)
        if side is None:
            side = yield from turn.ask("tsibongy", ("left", "right"), self.name)
        return side

    def hole_roles(self, position):
        """With ``sow: from-tsibongy``, each player's tsibongy: the two end holes
        of the inner row, ``tsibongy-left.PLAYER`` and ``tsibongy-right.PLAYER``
        (left and right as the player sees them)."""
        if self.p["sow"] != "from-tsibongy":
            return {}
        g = position.geometry
        out = {}
        for p in g.players:
            out[g.hole(p, 0, 0)] = f"tsibongy-left.{p}"
            out[g.hole(p, 0, g.columns - 1)] = f"tsibongy-right.{p}"
        return out

    def side_leading(self, turn, direction):
        """The side whose tsibongy sows towards the centre in *direction*."""
        return "left" if self.tsibongy(turn, "left")[1] == direction else "right"

    def role_holes(self, position):
        """With ``sow: from-tsibongy``, the tsibongy rule as sets of holes:
        ``zone-left.PLAYER`` / ``zone-right.PLAYER``: the opponent's inner-row
        holes whose capture by PLAYER is sown from PLAYER's left / right
        tsibongy; ``zone-choice.PLAYER``: those that leave PLAYER the choice."""
        if self.p["sow"] != "from-tsibongy" or position.geometry.solo:
            return {}
        g = position.geometry
        zone = self.p["zone"]
        out = {}
        for p in g.players:
            for col in range(g.columns):
                side = "left" if col < zone else "right" if col >= g.columns - zone else "choice"
                out.setdefault(f"zone-{side}.{p}", set()).add(g.facing(g.hole(p, 0, col), 0))
        return out

    def tsibongy(self, turn, side):
        """The tsibongy on *side* and the direction from it towards the centre."""
        g, player = turn.geometry, turn.player
        hole = g.hole(player, 0, 0 if side == "left" else g.columns - 1)
        toward = g.hole(player, 0, 1 if side == "left" else g.columns - 2)
        direction = CCW if g.step(player, hole, CCW) == toward else CW
        return hole, direction

    def explain(self, turn, kind, value):
        if not self.p["compulsory"] or kind not in ("start", "place"):
            return None
        opener = getattr(turn, "opener", None) or turn.rules.block("choose-hole" if kind == "start" else "reserve")
        if opener is None or value not in opener.candidates(turn) or self.opening_captures(turn, value):
            return None
        return "captures are compulsory, and another opening captures while this one does not"

    def opening_captures(self, turn, opening):
        """Whether an opening's first lap would end in a capture."""
        return turn.rules.first_lap_captures(turn, opening, self)

    def filter_openings(self, turn, options):
        if not self.p["compulsory"] and not self.p["fotsiny"]:
            return options
        capturing = [o for o in options if self.opening_captures(turn, o)]
        if self.p["compulsory"] and capturing:
            return capturing
        return options

    def check(self, rules):
        if rules.geometry.solo:
            raise self.refuse("capture-needs-opponent", "a capture needs an opponent, but this board has "
                              "one player's rows only (board: players: 1)")
        zone = self.p["zone"]
        if zone < 0:
            raise self.refuse("tsibongy-zone-negative", f"zone cannot be {zone}")
        if self.p["first_tsibongy"] == "direction" and self.p["sow"] != "from-tsibongy":
            raise self.refuse("first-tsibongy-needs-tsibongy", "first_tsibongy: direction chooses a "
                              "tsibongy, but the captured seeds are not sown from one (sow: with-hole)")
        if self.p["sow"] == "from-tsibongy" and 2 * zone > rules.geometry.columns:
            raise self.refuse("tsibongy-zone-too-wide", f"zone {zone} is too wide for "
                              f"{rules.geometry.columns} columns: the zones of the two ends would overlap "
                              f"(at most {rules.geometry.columns // 2})")


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
    ``sow: with-hole``, once the captured seeds have joined the capturing hole,
    before they are sown on).  ``last-mover`` has nothing to check in a turn
    and refuses ``immediate``."""
    order = 5             # at a lap end, before anything else
    params = {"win": Param("capture-all", ("capture-all", "empty-inner-row", "last-mover"),
                           doc="capture-all, empty-inner-row, or last-mover (only the no-move rule decides)"),
              "immediate": Param(False, (False, True, "capture"),
                                 doc="end the turn (and the game) once it is won: true at that lap end, "
                                     "capture at the winning capture")}

    def check(self, rules):
        immediate = self.p["immediate"]
        if immediate and self.p["win"] == "last-mover":
            raise self.refuse("immediate-without-goal", "win: last-mover is decided only when a player "
                              "cannot move, so nothing can end the game in the middle of a turn "
                              "(remove immediate)")
        if immediate == "capture":
            capture = rules.block("capture")
            if capture is None:
                raise self.refuse("immediate-capture-needs-capture", "immediate: capture ends the turn at "
                                  "a capture, and no block captures (add 'capture')")
            if capture.p["sow"] != "with-hole":
                raise self.refuse("immediate-capture-seeds-in-hand", "with sow: from-tsibongy the captured "
                                  "seeds are in hand until sown from a tsibongy, so the turn cannot end at the "
                                  "capture; use immediate: true (the lap end after they are sown)")

    def beaten(self, board, reserves, geometry, loser) -> bool:
        """Whether *loser* has lost on this board (by this block's ``win``)."""
        if self.p["win"] == "capture-all":
            return not any(board[h] for h in geometry.holes_of(loser)) and not reserves[PLAYERS.index(loser)]
        if self.p["win"] == "empty-inner-row":
            return not any(board[h] for h in geometry.row_holes(loser, 0))
        return False

    def won(self, turn, moment) -> bool:
        """Whether the turn ends now, at *moment* (``lap-end`` or ``capture``),
        because the mover has won."""
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
            return EndTurn("goal")
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
