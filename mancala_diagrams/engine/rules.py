"""A game's rules: a board, a start, and the building blocks that make its turn.

:class:`Rules` is built from a plain mapping (what a rules YAML file holds once
its ``extends`` are resolved by :mod:`.loader`); it owns no file I/O.  It
dispatches the engine's hooks to the blocks, in the blocks' order.
"""
from __future__ import annotations

from dataclasses import replace

from .turn import EndTurn, Lap, Turn, drive, turn_generator
from ..errors import EndlessTurn, IncompatibleRules, MancalaError, RulesError
from .geometry import CCW, CW, Geometry, other
from .mechanics import BLOCKS, Block
from ..errors import closest_hint
from .position import Position


def _hooked(blocks, hook):
    """The blocks that take part in *hook*: those that have it, less those
    whose parameters leave it idle (``idle_hooks``: a goal that does not end
    the game at a lap's end has nothing to do there, and a search runs the
    lap-end hooks millions of times)."""
    return [b for b in blocks if hasattr(b, hook) and hook not in b.idle_hooks]


class Rules:
    def __init__(self, name: str, geometry: Geometry, mechanics: dict, start: dict | None = None,
                 title: dict | None = None, meta: dict | None = None):
        self.name = name
        self.geometry = geometry
        self.title = title or {"en": name, "fr": name}
        self.meta = meta or {}
        self.start = start or {}
        self.mechanics = {k: dict(v or {}) for k, v in mechanics.items()}
        self.blocks: list[Block] = []
        self.openings_memo = None     # a dict while a search runs (see filter_openings)
        for key, params in mechanics.items():
            if key not in BLOCKS:
                raise RulesError(f"unknown building block {key!r}", expected="one of " + ", ".join(sorted(BLOCKS)),
                                 hint=closest_hint(key, BLOCKS))
            if params is not None and not isinstance(params, dict):
                raise RulesError(f"the parameters of block {key!r} must be a mapping, not {params!r}")
            self.blocks.append(BLOCKS[key](params, self))
        self.blocks.sort(key=lambda b: b.order)
        self._openers = _hooked(self.blocks, "open")
        self._lap_end = _hooked(self.blocks, "lap_end")
        self._excluders = _hooked(self.blocks, "exclude_openings")
        self._filters = _hooked(self.blocks, "filter_openings")
        self._targets = _hooked(self.blocks, "capture_targets")
        self._emptied = _hooked(self.blocks, "emptied")
        self._finish = _hooked(self.blocks, "finish")
        self._outcome = _hooked(self.blocks, "outcome")
        self._specials = _hooked(self.blocks, "special_holes")
        self._roles = _hooked(self.blocks, "hole_roles")
        self._direction = self.block("direction")
        fronts = _hooked(self.blocks, "front_depth")
        self._front = fronts[0] if fronts else None
        if not self._openers:
            raise IncompatibleRules("no building block starts a turn", reason="no-opening",
                                    expected="'choose-hole' among the mechanics")
        if not any(b.name == "relay" for b in self.blocks) and not any(b.name == "mandry" for b in self.blocks):
            raise IncompatibleRules("a turn could never end or go on: the rules need 'mandry' and 'relay'",
                                    reason="no-lap-end")
        if int(self.start.get("reserve", 0) or 0) and not any(getattr(b, "uses_reserve", False) for b in self.blocks):
            raise IncompatibleRules("the start gives seeds in reserve but no block uses them",
                                    reason="reserve-seeds-unused", expected="'reserve' among the mechanics")
        # a block whose check plays the start position runs after the others, so
        # that the parameters the start depends on (a nyumba's column ...) are
        # checked first
        for b in sorted(self.blocks, key=lambda b: getattr(b, "check_uses_start", False)):
            b.check(self)

    def block(self, name):
        for b in self.blocks:
            if b.name == name:
                return b
        return None

    def without(self, rule: str) -> "Rules":
        """These rules with *rule* set aside (a page's *departure*): ``BLOCK``
        leaves the block out, ``BLOCK.PARAMETER`` turns a yes/no parameter
        off.  Raises :class:`RulesError` for a rule these rules do not have."""
        name, _, param = str(rule).partition(".")
        if self.block(name) is None:
            raise RulesError(f"the rules {self.name} have no block {name!r} to set aside",
                             expected=", ".join(b.name for b in self.blocks),
                             hint=closest_hint(name, [b.name for b in self.blocks]))
        mechanics = {k: dict(v) for k, v in self.mechanics.items()}
        if param:
            spec = BLOCKS[name].params.get(param)
            if spec is None or spec.choices != (False, True):
                yes_no = [k for k, s in BLOCKS[name].params.items() if s.choices == (False, True)]
                raise RulesError(f"block {name!r} has no yes/no parameter {param!r} to set aside",
                                 expected=", ".join(f"{name}.{k}" for k in yes_no) or f"{name} (the whole block)",
                                 hint=closest_hint(param, yes_no))
            if not self.block(name).p[param]:
                raise RulesError(f"{name}.{param} is already off in the rules {self.name}: there is nothing "
                                 f"to set aside")
            mechanics[name][param] = False
        else:
            del mechanics[name]
        return Rules(f"{self.name} without {rule}", self.geometry, mechanics, self.start, self.title, self.meta)

    def __repr__(self):
        return f"<Rules {self.name}: {self.geometry.describe()}, {', '.join(b.name for b in self.blocks)}>"

    # -- the start -----------------------------------------------------------------
    def initial_position(self) -> Position:
        g = self.geometry
        start = self.start
        if "board" in start:
            rows = start["board"]
            pos = Position.from_rows(rows, solo=g.solo)
            if pos.geometry != g:
                raise RulesError(f"the start board is {pos.geometry.describe()}, the rules say {g.describe()}")
        else:
            pos = Position(g, (int(start.get("seeds_per_hole", 0)),) * g.size)
        reserve = int(start.get("reserve", 0))
        # the rules' geometry (equal to the board's) carries the board's hole notation
        pos = replace(pos, geometry=g, reserves=(reserve, reserve if not g.solo else 0))
        return self.with_initial_state(pos)

    def with_initial_state(self, pos: Position) -> Position:
        """Add the state keys the blocks need that *pos* does not give."""
        state = {}
        for b in self.blocks:
            state.update(b.initial_state(pos))
        state.update(dict(pos.state))
        return replace(pos, state=tuple(sorted(state.items())))

    # -- hooks the engine calls ----------------------------------------------------------
    def directions(self, turn):
        b = self._direction
        return b.allowed(turn) if b else (CW, CCW)

    def open_turn(self, turn):
        for b in self._openers:
            step = yield from b.open(turn)
            if step is not None:
                return step
        raise MancalaError("no building block could start the turn")

    def filter_openings(self, turn, options):
        if not (self._excluders or self._filters):
            return options
        memo = self.openings_memo
        if memo is not None:    # a search replays the same turn start once per option: filter once
            key = (tuple(turn.board), turn.player, tuple(turn.reserves), tuple(sorted(turn.state.items())),
                   turn.position.hand, turn.direction, turn.captures, turn.lap_ends, turn.mid_turn,
                   turn.turn_number, tuple(options))
            found = memo.get(key)
            if found is None:
                found = memo[key] = self._filter_openings(turn, options)
            return found
        return self._filter_openings(turn, options)

    def _filter_openings(self, turn, options):
        for b in self._excluders:       # openings the rules forbid outright, first
            options = b.exclude_openings(turn, options)
        for b in self._filters:         # then obligations and preferences (compulsory capture ...)
            options = b.filter_openings(turn, options)
        return options

    def resolve_lap_end(self, turn, hole, was_empty):
        for b in self._lap_end:
            step = yield from b.lap_end(turn, hole, was_empty)
            if step is not None:
                return step
        return EndTurn("no-rule")

    def explain_refusal(self, turn, kind, value):
        """Why *value* is not a legal *kind* decision now: (reason, rule) from the
        first block whose ``explain`` hook knows, else None."""
        for b in self.blocks:
            explain = getattr(b, "explain", None)
            if explain is None:
                continue
            reason = explain(turn, kind, value)
            if reason:
                return reason, b.name
        return None

    def game_won(self, turn, moment) -> bool:
        """Whether the mover has won at this *moment* of the turn (``lap-end``
        or ``capture``) and the rules end the game there (``goal: immediate``)."""
        goal = self.block("goal")
        return bool(goal) and goal.won(turn, moment)

    def capture_targets(self, turn, holes):
        for b in self._targets:
            holes = b.capture_targets(turn, holes)
        return holes

    def notify_emptied(self, turn, hole, why):
        for b in self._emptied:
            b.emptied(turn, hole, why)

    def front_depth(self, board, geometry, player):
        return self._front.front_depth(board, geometry, player) if self._front else 0

    def finish_turn(self, turn) -> Position:
        for b in self._finish:
            b.finish(turn)
        g = turn.geometry
        to_move = turn.player if g.solo else other(turn.player)
        return Position.trusted(g, tuple(turn.board), to_move, tuple(turn.reserves), turn.state_pairs())

    def first_lap_captures(self, turn, opening, capture_block) -> bool:
        """Would this opening's first lap end in a capture?  (for compulsory capture)"""
        t = Turn(self, turn.snapshot(), turn.turn_number, [])
        t.record = False
        t.reserves = list(turn.reserves)
        t.state = dict(turn.state)
        opener = getattr(turn, "opener", None)
        if hasattr(opener, "first_lap_end"):
            end, was_empty = opener.first_lap_end(t, opening)
        elif isinstance(opening, tuple):
            hole, direction = opening
            t.direction = direction
            t.pickup(hole)
            end, was_empty = t.sow(Lap(*self.geometry.advance(t.player, hole, direction)))
        else:
            end, was_empty = opening, False
            t.board[end] += 1
        for b in self._lap_end:
            if b is capture_block:
                return bool(b.captures_at(t, end))
            gen = b.lap_end(t, end, was_empty)
            try:
                next(gen)
                return False          # a choice comes before any capture
            except StopIteration as stop:
                if stop.value is not None:
                    return False
        return False

    def special_holes_at(self, position: Position) -> list:
        """The holes the rules treat specially in *position* (sorted indices),
        from the blocks' ``special_holes`` hook and the holes their
        ``hole_roles`` hook names (the tsibongy): for drawings to frame them."""
        holes = set()
        for b in self._specials:
            holes.update(b.special_holes(position))
        for b in self._roles:
            holes.update(b.hole_roles(position))
        return sorted(holes)

    def special_hole_labels(self, position: Position) -> dict:
        """{hole: label} of the holes the rules treat specially in *position*; a
        block whose hook gives bare holes labels them with its own name."""
        out = {}
        for b in self._specials:
            found = b.special_holes(position)
            if isinstance(found, dict):
                out.update(found)
            else:
                out.update((h, b.name) for h in found)
        return out

    def hole_roles(self, position: Position) -> dict:
        """{hole: role} of the holes the rules name in *position* (for captions and
        alt text): the blocks' ``hole_roles`` hook (roles such as
        ``tsibongy-left.south``, ``rova-back.north``, ``target.south``), else the
        labels of :meth:`special_hole_labels`."""
        out = self.special_hole_labels(position)
        for b in self._roles:
            out.update(b.hole_roles(position))
        return out

    def role_holes(self, position: Position) -> dict:
        """{role: holes} for roles that may share holes with others (the zones
        of the tsibongy rule): the blocks' ``role_holes`` hook."""
        out = {}
        for b in self.blocks:
            hook = getattr(b, "role_holes", None)
            if hook is not None:
                for role, holes in hook(position).items():
                    out.setdefault(role, set()).update(holes)
        return out

    def hole_role(self, position: Position, hole: int):
        """The role of *hole* in *position* (see :meth:`hole_roles`), or None."""
        return self.hole_roles(position).get(hole)

    # -- the game ---------------------------------------------------------------------------
    def outcome(self, position: Position):
        """None while the game goes on, else a dict with 'winner' and 'reason'."""
        for b in self._outcome:
            result = b.outcome(self, position)
            if result:
                return result
        if position.hand is None and not self.openings(position):
            if position.geometry.solo:
                return {"winner": None, "reason": "no-move"}
            return {"winner": other(position.to_move), "reason": "no-move"}
        return None

    def openings(self, position: Position):
        """The options of the first decision of the turn (empty: no legal move)."""
        gen = turn_generator(self, position, 1, [], record=False)
        try:
            ask = next(gen)
        except StopIteration:
            return ()
        except MancalaError:
            return ()
        return ask.options

    def play(self, position: Position, decisions, turn_number=1, events=None, where=""):
        """Play one turn with the given decisions ((kind, value) pairs, in order).
        Returns the new position; appends the trace to *events*."""
        events = [] if events is None else events
        gen = turn_generator(self, position, turn_number, events)
        return drive(gen, decisions, position.geometry, where, events)

    def legal_moves(self, position: Position, limit: int = 10_000):
        """Every complete turn as a tuple of decisions, found by replaying prefixes
        (none when the player to move cannot move).  A choice after which the
        turn would never end (:class:`EndlessTurn`) completes no move and is
        left out; :meth:`openings` still lists its first decision."""
        moves = []
        if position.hand is None and not self.openings(position):
            return moves

        def explore(prefix):
            if len(moves) >= limit:
                return
            gen = turn_generator(self, position, 1, [], record=False)
            try:
                ask = next(gen)
                for _, value in prefix:
                    ask = gen.send(value)
            except StopIteration:
                moves.append(tuple(prefix))
                return
            except EndlessTurn:
                return
            for option in ask.options:
                explore(prefix + [(ask.kind, option)])

        explore([])
        return moves
