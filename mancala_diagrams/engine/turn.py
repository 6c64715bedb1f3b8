"""The sowing engine: plays turns, asks for decisions, records a fine-grained trace.

The engine knows only the generic shape of a turn::

    opening (choose a hole, or place a reserve seed ...)
    repeat:  sow a lap;  resolve where its last seed fell
    until a lap-end building block ends the turn

Everything game-specific (captures, the row shift, rova, nyumba, the reserve,
fotsiny ...) lives in small named *building blocks* (:mod:`.mechanics`) that a
rules file lists.  A turn is a Python generator: when the rules leave a choice
to the player it yields an :class:`Ask` and is resumed with the choice, so a
turn can be replayed from a list of decisions, or its legal decisions listed.

Every change of the board is recorded as an :class:`Event` carrying a snapshot
of the board, so that any intermediate position a source draws (the seeds in
the hand, a capture before it is sown ...) can be matched.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Iterator, NamedTuple

from ..errors import EndlessTurn, IllegalMove, LimitExceeded, MancalaError
from ..limits import MAX_EVENTS, MAX_LAPS_PER_TURN, MAX_SOWN_PER_TURN
from .geometry import direction_name
from .position import Position



class Event(NamedTuple):
    """One change of the board in a turn's trace (immutable; a named tuple,
    which a replay makes thousands of, five times quicker to make than a
    frozen dataclass)."""
    kind: str                 # start place pickup drop capture merge lap_end choice fotsiny turn_end
    player: str
    turn: int
    lap: int
    seed: int = 0             # drop: index of the seed within its lap (1-based)
    holes: tuple = ()
    count: int = 0
    direction: int = 0
    cells: tuple = ()         # the board after the event
    hand: int = 0             # seeds in hand after the event
    reason: str = ""
    detail: tuple = ()        # extra (key, value) pairs
    state: tuple = ()         # the mechanics' state (sorted pairs) when the event happened

    def info(self, key, default=None):
        return dict(self.detail).get(key, default)


@dataclass(frozen=True)
class Ask:
    """A decision the rules leave to the player."""
    kind: str                 # start place direction tsibongy rova nyumba hole target
    options: tuple
    player: str
    rule: str = ""            # the building block asking
    # why a value outside the options is refused: value -> (reason, rule) or None
    why: object = field(default=None, compare=False, repr=False)

    def describe(self, value, geometry) -> str:
        if self.kind == "start":
            hole, d = value
            return f"{geometry.name(hole)} {direction_name(d)}"
        if self.kind in ("place", "hole", "target"):
            return geometry.name(value)
        if self.kind == "direction":
            return direction_name(value)
        return str(value)


@dataclass
class Lap:
    """A lap to sow: the seeds are in hand; the first drops into *first*."""
    first: int
    direction: int


@dataclass(frozen=True)
class EndTurn:
    reason: str


class Turn:
    """Mutable working state of one turn (internal to the engine)."""

    def __init__(self, rules, position: Position, turn_number: int, events: list):
        self.rules = rules
        if position.geometry is not rules.geometry and position.geometry != rules.geometry:
            raise MancalaError(f"a board of {position.geometry.describe()} cannot be played with rules "
                               f"for {rules.geometry.describe()}")
        self.geometry = rules.geometry      # the rules' track and hole names
        self.position = position
        self.player = position.to_move
        self.board = list(position.cells)
        self.reserves = list(position.reserves)
        self.state = dict(position.state)
        self._state_pairs = (None, ())      # (the state last sorted, its pairs): see state_pairs
        self.hand = 0
        self.direction = 0
        self.captures = True          # False during a fotsiny turn
        self.turn_number = turn_number
        self.lap = 0
        self.events = events
        self.record = True
        self.watch = None             # a search's look at the board: see turn_generator
        self.asked = False
        self.lap_open = False         # a lap has begun (its seeds taken up) but not ended
        self.lap_ends = 0             # how many lap ends have been resolved in this turn
        self.sown = 0                 # seeds dropped in this turn (bounded by MAX_SOWN_PER_TURN)
        # the turn began laps before this position (its first lap end is behind it)
        self.mid_turn = position.hand is not None and not position.hand.first_lap

    @property
    def first_lap_end(self) -> bool:
        """Whether the lap end being resolved is the turn's first (the one that
        decides compulsory captures and fotsiny).  Never true for a turn that
        starts mid-way (a position with seeds in hand)."""
        return self.lap_ends == 0 and not self.mid_turn

    def state_pairs(self) -> tuple:
        """The mechanics' state as sorted (key, value) pairs, as an event and a
        position keep it: sorted again only when the state has changed since
        it was last asked for (every event asks; the state seldom changes)."""
        seen, pairs = self._state_pairs
        if self.state != seen:
            pairs = tuple(sorted(self.state.items()))
            self._state_pairs = (dict(self.state), pairs)
        return pairs

    # -- trace -------------------------------------------------------------------
    def emit(self, kind, holes=(), count=0, seed=0, reason="", **detail):
        if self.watch is not None:
            self.watch(self, kind, seed, count)
        if self.record:
            if len(self.events) >= MAX_EVENTS:
                raise LimitExceeded(f"the replay records more than {MAX_EVENTS:,} events (each a picture of "
                                    f"the board)", expected=f"at most {MAX_EVENTS:,}, the limit MAX_EVENTS")
            self.events.append(Event(kind, self.player, self.turn_number, self.lap, seed,
                                     tuple(holes), count, self.direction, tuple(self.board),
                                     self.hand, reason, tuple(sorted(detail.items())) if detail else (),
                                     self.state_pairs()))

    # -- primitive actions ---------------------------------------------------------
    def begin_lap(self):
        if not self.lap_open:
            self.lap += 1
            self.lap_open = True

    def pickup(self, hole):
        self.begin_lap()
        n = self.board[hole]
        self.board[hole] = 0
        self.hand += n
        self.emit("pickup", (hole,), n)
        self.rules.notify_emptied(self, hole, "pickup")
        return n

    def take(self, holes, kind="capture"):
        """Capture: move the seeds of *holes* (the opponent's) into the hand."""
        n = sum(self.board[h] for h in holes)
        for h in holes:
            self.board[h] = 0
        self.hand += n
        self.emit(kind, holes, n)
        for h in holes:
            self.rules.notify_emptied(self, h, kind)
        return n

    def merge(self, hole):
        """Put the seeds in hand into *hole* (katro: the captured seeds join the capturing hole)."""
        n = self.hand
        self.board[hole] += n
        self.hand = 0
        self.emit("merge", (hole,), n)

    def sow(self, lap: Lap) -> tuple[int, bool]:
        """Drop the seeds in hand one by one; return (last hole, whether it was empty)."""
        if self.hand <= 0:
            raise MancalaError("a lap with no seed to sow")
        self.sown += self.hand
        if self.sown > MAX_SOWN_PER_TURN:       # refused before the seeds are sown
            raise LimitExceeded(f"the turn would sow more than {MAX_SOWN_PER_TURN:,} seeds (lap {self.lap + (not self.lap_open)} "
                                f"takes {self.hand:,})", expected=f"at most {MAX_SOWN_PER_TURN:,}, "
                                f"the limit MAX_SOWN_PER_TURN")
        self.begin_lap()
        self.direction = lap.direction
        hole = lap.first
        g, player, board = self.geometry, self.player, self.board
        steps = g.advance_table(player)
        if self.record:
            seed = 0
            was_empty = False
            while self.hand:
                seed += 1
                was_empty = board[hole] == 0
                board[hole] += 1
                self.hand -= 1
                self.emit("drop", (hole,), 1, seed=seed)
                if self.hand:   # the track may turn the heading (boustrophedon)
                    hole, self.direction = steps[self.direction][hole] or g.advance(player, hole, self.direction)
        else:
            hole, seed, was_empty = self._sow_unrecorded(hole, steps)
        self.emit("lap_end", (hole,), seed, reason="empty" if was_empty else "full")
        self.lap_open = False
        return hole, was_empty

    def _sow_unrecorded(self, hole, steps):
        """The sowing loop of a search (no trace): the same drops, with the
        watch told of a seed's drop only when the board then equals its
        target (the hole just sown must match first, a cheap test).
        Returns (last hole, seeds dropped, whether the last hole was empty)."""
        g, player, board, watch = self.geometry, self.player, self.board, self.watch
        target = getattr(watch, "board", None)
        hand, direction = self.hand, self.direction
        seed = 0
        was_empty = False
        while hand:
            seed += 1
            was_empty = board[hole] == 0
            board[hole] += 1
            hand -= 1
            if watch is not None and (target is None or (board[hole] == target[hole] and board == target)):
                self.hand, self.direction = hand, direction
                watch(self, "drop", seed, 1)
            if hand:        # the track may turn the heading (boustrophedon)
                hole, direction = steps[direction][hole] or g.advance(player, hole, direction)
        self.hand, self.direction = 0, direction
        return hole, seed, was_empty

    def ask(self, kind, options, rule):
        """Ask the player to choose among *options*; a generator (use ``yield from``)."""
        options = tuple(options)
        if not options:
            raise IllegalMove(f"{self.player} has no legal {kind} choice at this point", rule=rule)
        value = yield Ask(kind, options, self.player, rule,
                          why=lambda v: self.rules.explain_refusal(self, kind, v))
        self.asked = True
        return value

    def choose_direction(self, rule):
        """The direction of the turn, asked for if not chosen yet (after a reserve seed)."""
        if not self.direction:
            self.direction = yield from self.ask("direction", self.rules.directions(self), rule)
        return self.direction

    def relay_lap(self, hole) -> Lap:
        """Pick up *hole* and sow on from the next hole, same direction."""
        self.pickup(hole)
        return Lap(*self.geometry.advance(self.player, hole, self.direction))

    # -- helpers for blocks ----------------------------------------------------------
    def front_depth(self, player) -> int:
        """The row that captures / is captured: the inner row, or with the row
        shift the innermost row of *player* that has seeds."""
        return self.rules.front_depth(self.board, self.geometry, player)

    def snapshot(self) -> Position:
        """The position as it stands now, with nothing in hand."""
        p = self.position
        return Position.trusted(p.geometry, tuple(self.board), p.to_move, tuple(self.reserves),
                                self.state_pairs())


def describe_options(ask: Ask, geometry, limit=16) -> str:
    """The options of *ask*, shortly: openings grouped by hole ("a1, b2 (either direction)")."""
    if not ask.options:
        return "none"
    if ask.kind == "start":
        dirs = {}
        for hole, d in ask.options:
            dirs.setdefault(hole, set()).add(d)
        groups = {}
        for hole, ds in dirs.items():
            label = "either direction" if len(ds) == 2 else direction_name(next(iter(ds)))
            groups.setdefault(label, []).append(geometry.name(hole))
        parts = []
        for label, holes in groups.items():
            shown = ", ".join(holes[:limit]) + (" ..." if len(holes) > limit else "")
            parts.append(f"{shown} ({label})")
        return "; ".join(parts)
    names = [ask.describe(o, geometry) for o in ask.options]
    return ", ".join(names[:limit]) + (" ..." if len(names) > limit else "")


def _check_choice(ask: Ask, value, geometry, where=""):
    if value in ask.options:
        return
    try:
        shown = ask.describe(value, geometry)
    except Exception:
        shown = repr(value)
    why = ask.why(value) if ask.why else None
    reason, rule = why if why else (f"it is not among {ask.player}'s options here", ask.rule)
    raise IllegalMove(f"{where}{shown} is not allowed: {reason}", rule=rule,
                      expected=f"one of: {describe_options(ask, geometry)}")


def turn_generator(rules, position: Position, turn_number: int, events: list,
                   record=True, watch=None) -> Iterator[Ask]:
    """Play one turn; yields :class:`Ask` and returns the resulting :class:`Position`.
    *watch*, if given, is called as ``watch(turn, kind, seed, count)`` at
    every event (before it is recorded): a search looks at the board without
    the cost of recording the trace.  A watch with a ``board`` attribute (a
    list of cells) hears of a single seed's drop only when the board then
    equals it (the lap's end tells how many seeds were dropped), which keeps
    the sowing loop fast."""
    t = Turn(rules, position, turn_number, events)
    t.record = record
    t.watch = watch
    seen = set()
    t.emit("start")
    if position.hand is not None:
        h = position.hand
        t.hand = h.seeds
        t.captures = h.captures
        t.direction = h.direction
        if h.seeds:
            step = Lap(h.hole, h.direction)
        else:   # no seed in hand: a lap has just ended in h.hole (lap 1), resolve it
            t.lap = 1
            step = (h.hole, t.board[h.hole] == 1)
    else:
        step = yield from rules.open_turn(t)
    laps = 0
    while not isinstance(step, EndTurn):
        laps += 1
        if laps > MAX_LAPS_PER_TURN:
            raise LimitExceeded(f"the turn did not end after {MAX_LAPS_PER_TURN:,} laps",
                              expected=f"at most {MAX_LAPS_PER_TURN:,}, the limit MAX_LAPS_PER_TURN")
        if isinstance(step, Lap):
            end, was_empty = t.sow(step)
        else:  # a lap that ended without sowing (a placed reserve seed): (hole, False)
            end, was_empty = step
        key = (tuple(t.board), end, t.direction, t.captures, t.hand)
        if key in seen:
            raise EndlessTurn(f"the turn loops for ever: after lap {t.lap} the same position "
                              f"and the same lap come back (last seed in {t.geometry.name(end)})")
        seen.add(key)
        step = yield from rules.resolve_lap_end(t, end, was_empty)
        t.lap_ends += 1
        if t.asked:
            seen.clear()
            t.asked = False
    t.emit("turn_end", reason=step.reason)
    return rules.finish_turn(t)



def _turn_end_reason(events):
    for e in reversed(events or ()):
        if e.kind == "turn_end":
            return e.reason
    return ""


def drive(gen, decisions, geometry, where="", events=None):
    """Run a turn generator, answering each Ask from *decisions* (an iterable of
    (kind, value)); return the generator's result.

    Every refusal is an :class:`IllegalMove` that names the step (*where*, then
    ``decision N (kind)``) and the rule; its ``decision`` attribute is the index
    of the offending decision (``len(decisions)`` when one is missing)."""
    decisions = list(decisions)
    index = 0

    def step():
        return f"{where}decision {index + 1}"

    try:
        ask = next(gen)
        while True:
            if index >= len(decisions):
                raise IllegalMove(f"{step()}: the turn needs a {ask.kind} decision here "
                                  f"but the example gives none", rule=ask.rule,
                                  expected=f"one of: {describe_options(ask, geometry)}")
            kind, value = decisions[index]
            if kind != ask.kind:
                why = ""
                if kind == "place" and ask.kind == "start":
                    why = f" ({ask.player} has no seed left in reserve here)"
                elif kind == "start" and ask.kind == "place":
                    why = f" ({ask.player} still has seeds in reserve: a turn starts by placing one)"
                raise IllegalMove(f"{step()}: the rules ask for a {ask.kind!r} decision here, "
                                  f"the example gives {kind!r}{why}", rule=ask.rule,
                                  expected=f"{ask.kind}: one of {describe_options(ask, geometry)}")
            _check_choice(ask, value, geometry, f"{step()} ({kind}): ")
            index += 1
            ask = gen.send(value)
    except StopIteration as stop:
        if index < len(decisions):
            kind = decisions[index][0]
            reason = _turn_end_reason(events)
            raise _at(IllegalMove(f"{step()}: the turn is over" + (f" ({reason})" if reason else "")
                                  + f", but the example gives one more decision ({kind}): "
                                  f"the rules do not ask for it"), index)
        return stop.value
    except MancalaError as exc:
        if where and not exc.message.startswith(where):
            exc.message = f"{where}{exc.message}"
            exc.args = (str(exc),)
        raise _at(exc, index) from None


def _at(exc, index):
    if getattr(exc, "decision", None) is None:
        exc.decision = index
    return exc
