"""A game's rules: a board, a start, and the building blocks that make its turn.

:class:`Rules` is built from a plain mapping (what a rules YAML file holds once
its ``extends`` are resolved by :mod:`.loader`); it owns no file I/O.  It
calls the engine's hooks on the blocks that implement them, in the order
:mod:`.mechanics.base` states, and answers for the blocks' capabilities:
nothing outside a block asks for another block by its name.
"""
from __future__ import annotations

from dataclasses import replace

from ..errors import EndlessTurn, IncompatibleRules, LimitExceeded, MancalaError, RulesError, closest_hint
from ..languages import SOURCE
from ..limits import MAX_LAPS_LEFT_OUT, MAX_LAPS_LEGAL_MOVES, MAX_LAPS_PER_TURN
from .geometry import CCW, CW, Geometry, other
from .mechanics import BLOCKS, CAPABILITIES, FILTER_PHASES, LAP_END_PHASES, OPEN_PHASES, Block
from .position import Position
from .turn import EndTurn, LapBudget, Turn, drive, run_turn, turn_generator


class _Captured(Exception):
    """Raised by the scratch turn of :meth:`Rules.opening_captures` at its first capture."""


class _FirstLap(Turn):
    """A scratch turn that records nothing and stops at its first capture."""

    def take(self, holes, rule, kind="capture"):
        raise _Captured


def _order(blocks):
    """The blocks in the order the rules ask them (see :mod:`.mechanics.base`):
    the opening blocks, then the lap-end blocks, each by phase, then the
    others; the rules file's order within one phase."""
    def key(item):
        i, b = item
        if b.open_phase:
            return (0, OPEN_PHASES.index(b.open_phase), i)
        if b.lap_end_phase:
            return (1, LAP_END_PHASES.index(b.lap_end_phase), i)
        return (2, 0, i)
    return [b for _, b in sorted(enumerate(blocks), key=key)]


def _phased(blocks, hook, attribute, phases):
    """The blocks that implement *hook*, by the phase each names in *attribute*."""
    found = [b for b in blocks if b.implements(hook)]
    for b in found:
        if getattr(b, attribute) not in phases:
            raise TypeError(f"block {b.name!r} implements {hook} but names no {attribute} "
                            f"(one of {', '.join(phases)})")
    return sorted(found, key=lambda b: phases.index(getattr(b, attribute)))


class Rules:
    def __init__(self, name: str, geometry: Geometry, mechanics: dict, start: dict | None = None,
                 title: dict | None = None, meta: dict | None = None):
        self.name = name
        self.geometry = geometry
        self.title = title or {SOURCE: name}   # a name is the same in every language
        self.meta = meta or {}
        self.start = start or {}
        self.mechanics = {k: dict(v or {}) for k, v in mechanics.items()}
        blocks = []
        for key, params in mechanics.items():
            if key not in BLOCKS:
                raise RulesError(f"unknown building block {key!r}", expected="one of " + ", ".join(sorted(BLOCKS)),
                                 hint=closest_hint(key, BLOCKS))
            if params is not None and not isinstance(params, dict):
                raise RulesError(f"the parameters of block {key!r} must be a mapping, not {params!r}")
            blocks.append(BLOCKS[key](params, self))
        self.blocks: list[Block] = _order(blocks)

        def hooked(hook):
            return [b for b in self.blocks if b.implements(hook)]
        self._openers = _phased(self.blocks, "open", "open_phase", OPEN_PHASES)
        self._forbidders = hooked("forbids")
        self._filters = _phased(self.blocks, "filter_openings", "filter_phase", FILTER_PHASES)
        self._lap_end = _phased(self.blocks, "lap_end", "lap_end_phase", LAP_END_PHASES)
        self._begin = hooked("begin_turn")
        self._resume = hooked("resume")
        self._targets = hooked("capture_targets")
        self._no_capture = hooked("forbids_capture")
        self._capture_rules = hooked("capture_allowed")
        self._emptied = hooked("emptied")
        self._won = hooked("won")
        self._finish = hooked("finish")
        self._outcome = hooked("outcome")
        self._explain = hooked("explain")
        self._specials = hooked("special_holes")
        self._roles = hooked("hole_roles")
        self._role_sets = hooked("role_holes")
        self._turn_keys = tuple(k for b in self.blocks for k in b.turn_state)
        self._providers = {c: [b for b in self.blocks if c in b.provides] for c in CAPABILITIES}
        self._direction = self.provider("direction")
        self._front = self.provider("front-row")
        if not self._openers:
            raise IncompatibleRules("no building block starts a turn", reason="no-opening",
                                    expected="'choose-hole' among the mechanics")
        if not self.provides("lap-end"):
            raise IncompatibleRules("a turn could never end or go on: the rules need 'mandry' and 'relay'",
                                    reason="no-lap-end")
        if int(self.start.get("reserve", 0) or 0) and not self.provides("reserve"):
            raise IncompatibleRules("the start gives seeds in reserve but no block uses them",
                                    reason="reserve-seeds-unused", expected="'reserve' among the mechanics")
        # a block whose check plays the start position runs after the others, so
        # that the parameters the start depends on (a nyumba's column ...) are
        # checked first
        for b in sorted(self.blocks, key=lambda b: b.check_uses_start):
            b.check(self)

    # -- the blocks ---------------------------------------------------------------------
    def providers(self, capability: str) -> list:
        """The blocks that provide *capability* (:data:`.mechanics.CAPABILITIES`), in order."""
        return self._providers[capability]

    def provider(self, capability: str):
        """The first block that provides *capability*, or None."""
        found = self._providers[capability]
        return found[0] if found else None

    def provides(self, capability: str) -> bool:
        return bool(self._providers[capability])

    def block(self, name):
        """The block a rules file names *name* (a page's departure names one), or None."""
        for b in self.blocks:
            if b.name == name:
                return b
        return None

    def without(self, rule: str) -> "Rules":
        """These rules with *rule* set aside (a page's *departure*): ``BLOCK``
        leaves the block out, ``BLOCK.PARAMETER`` turns a yes/no parameter
        off.  Raises :class:`RulesError` for a rule these rules do not have."""
        name, _, param = str(rule).partition(".")
        if self.block(name) is None and name in BLOCKS and not param:
            raise RulesError(f"{name} is already off in the rules {self.name} (they have no such block): there is "
                             f"nothing to set aside")
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

    def begin_turn(self, turn):
        for b in self._begin:
            b.begin_turn(turn)

    def resume(self, position: Position, first_lap: bool, captures: bool = True) -> Position:
        """*position* (a turn under way: seeds in hand) with the blocks' turn
        state for it: whether its seeds in hand are the turn's first lap, and
        whether the turn captures (an example's ``hand:`` says both)."""
        state = {}
        for b in self._resume:
            state.update(b.resume(first_lap, captures))
        return position.with_state(**{k.replace(".", "__"): v for k, v in state.items()})

    def first_lap_rules(self) -> list:
        """What the end of a turn's first lap decides in these rules, block by
        block (empty when nothing does)."""
        return [b.first_lap for b in self.blocks if b.first_lap]

    def open_turn(self, turn):
        for b in self._openers:
            turn.opener = b
            step = yield from b.open(turn)
            if step is not None:
                return step
        raise MancalaError("no building block could start the turn")

    def filter_openings(self, turn, options):
        """The openings of ``turn.opener`` the rules allow: those no block
        forbids, then each block's obligation or preference, by phase."""
        if self._forbidders:
            options = [o for o in options if not any(b.forbids(turn, o) for b in self._forbidders)]
        for b in self._filters:
            options = b.filter_openings(turn, options)
        return options

    def opening_captures(self, turn, opening) -> bool:
        """Whether *opening*, one of ``turn.opener``'s openings, captures at
        its first lap's end (compulsory capture, trakatra and nyumba ask).
        The opening block plays it on a scratch turn up to that end
        (:meth:`~.mechanics.base.Block.first_lap_end`); the lap-end blocks
        then resolve that end as in a turn, until one of them captures (yes),
        or asks the player something or settles the lap end without a capture
        (no)."""
        t = _FirstLap(self, turn.snapshot(), turn.turn_number, None)
        t.opener = turn.opener
        end, was_empty = turn.opener.first_lap_end(t, opening)
        gen = self.resolve_lap_end(t, end, was_empty)
        try:
            next(gen)
        except StopIteration:
            return False
        except _Captured:
            return True
        finally:
            gen.close()
        return False            # the player is asked something before any capture

    def resolve_lap_end(self, turn, hole, was_empty):
        for b in self._lap_end:
            step = yield from b.lap_end(turn, hole, was_empty)
            if step is not None:
                return step
        return EndTurn("no-rule")

    def explain_refusal(self, turn, kind, value):
        """Why *value* is not a legal *kind* decision now: (reason, rule) from the
        first block whose ``explain`` hook knows, else None."""
        for b in self._explain:
            reason = b.explain(turn, kind, value)
            if reason:
                return reason, b.name
        return None

    def game_won(self, turn, moment):
        """The end of the turn if the mover has won at this *moment* (``lap-end``
        or ``capture``) and the rules end the game there (``goal: immediate``),
        else None."""
        for b in self._won:
            if b.won(turn, moment):
                return EndTurn("goal", b.name)
        return None

    def capture_targets(self, turn, holes):
        for b in self._targets:
            holes = b.capture_targets(turn, holes)
        return holes

    def forbids_capture(self, turn) -> bool:
        """Whether this turn captures nothing at all (a fotsiny turn)."""
        for b in self._no_capture:
            if b.forbids_capture(turn):
                return True
        return False

    def capture_possible(self, turn, hole) -> bool:
        """Whether a lap ending in *hole* would capture something now (asked
        without changing anything)."""
        capture = self.provider("capture")
        if capture is None or self.forbids_capture(turn):
            return False
        return bool(capture.captures_at(turn, hole))

    def capture_allowed(self, turn, hole, targets):
        """The *targets* a lap ending in *hole* may take (fotsiny may refuse them all)."""
        for b in self._capture_rules:
            targets = b.capture_allowed(turn, hole, targets)
        return targets

    def notify_emptied(self, turn, hole, why):
        for b in self._emptied:
            b.emptied(turn, hole, why)

    def front_depth(self, board, geometry, player):
        return self._front.front_depth(board, geometry, player) if self._front else 0

    def finish_turn(self, turn) -> Position:
        for b in self._finish:
            b.finish(turn)
        for key in self._turn_keys:     # the blocks' turn state ends with the turn
            turn.state.pop(key, None)
        g = turn.geometry
        to_move = turn.player if g.solo else other(turn.player)
        return Position.trusted(g, tuple(turn.board), to_move, tuple(turn.reserves), turn.state_pairs())

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
        for b in self._role_sets:
            for role, holes in b.role_holes(position).items():
                out.setdefault(role, set()).update(holes)
        return out

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
        try:
            ask = run_turn(self, position).ask
        except MancalaError:
            return ()
        return ask.options if ask is not None else ()

    def play(self, position: Position, decisions, turn_number=1, events=None, where=""):
        """Play one turn with the given decisions ((kind, value) pairs, in order).
        Returns the new position; appends the trace to *events*."""
        events = [] if events is None else events
        gen = turn_generator(self, position, turn_number, events)
        return drive(gen, decisions, position.geometry, where, events)

    def legal_moves(self, position: Position, limit: int = 10_000):
        """Every complete turn as a tuple of decisions, found by replaying prefixes
        (none when the player to move cannot move), at most *limit* of them.
        A choice after which the turn would never end (:class:`EndlessTurn`,
        or a turn cut at ``MAX_LAPS_PER_TURN``) completes no move and is left
        out; :meth:`openings` still lists its first decision.

        Every replay plays the turn from its start, and its laps are counted:
        past :data:`~mancala_diagrams.limits.MAX_LAPS_LEGAL_MOVES` in all, or
        past :data:`~mancala_diagrams.limits.MAX_LAPS_LEFT_OUT` in the replays
        of the choices left out, the listing stops with
        :class:`LimitExceeded` (rules whose every choice goes on for
        thousands of laps would otherwise play those laps once per choice)."""
        moves = []
        if position.hand is None and not self.openings(position):
            return moves
        budget = LapBudget(MAX_LAPS_LEGAL_MOVES, "MAX_LAPS_LEGAL_MOVES", "listing the legal moves")
        left_out = 0                    # laps of the replays that completed no move
        stack = [()]                    # prefixes still to play, the next on top
        while stack and len(moves) < limit:
            prefix = stack.pop()
            before = budget.spent
            try:
                ask = run_turn(self, position, [value for _, value in prefix], budget=budget).ask
            except EndlessTurn:
                if budget.exhausted():
                    raise
                left_out += budget.spent - before
                if left_out > MAX_LAPS_LEFT_OUT:
                    raise LimitExceeded(f"listing the legal moves plays more than {MAX_LAPS_LEFT_OUT:,} laps "
                                        f"in choices after which the turn never ends or goes past "
                                        f"{MAX_LAPS_PER_TURN:,} laps",
                                        expected=f"at most {MAX_LAPS_LEFT_OUT:,}, the limit MAX_LAPS_LEFT_OUT") from None
                continue
            if ask is None:
                moves.append(prefix)
            else:
                stack.extend(prefix + ((ask.kind, option),) for option in reversed(ask.options))
        return moves
