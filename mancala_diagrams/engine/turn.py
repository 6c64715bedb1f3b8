"""The sowing engine: plays turns, asks for decisions, records a fine-grained trace.

The engine knows only the generic shape of a turn::

    opening (choose a hole, or place a reserve seed ...)
    repeat:  sow a lap;  resolve where its last seed fell
    until a lap-end building block ends the turn

Everything game-specific (captures, the row shift, rova, nyumba, the reserve,
fotsiny ...) lives in small named *building blocks* (:mod:`.mechanics`) that a
rules file lists.  A turn is a Python generator: when the rules leave a choice
to the player it yields an :class:`Ask` and is resumed with the choice, so a
turn can be replayed from a list of decisions, or its legal decisions listed
(:func:`run_turn` is the one way to do either).

Every change of the board is recorded as an :class:`Event` carrying a snapshot
of the board and the name of the rule that caused it, so that any
intermediate position a source draws (the seeds in the hand, a capture before
it is sown ...) can be matched, and each block's telling can caption it.  A
search that records nothing plays turns with the trace-free turn of
:mod:`.fastplay` instead.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator, NamedTuple

from ..errors import EndlessTurn, IllegalMove, LimitExceeded, MancalaError
from ..limits import MAX_EVENTS, MAX_LAPS_PER_TURN, MAX_SOWN_PER_TURN
from .geometry import direction_name
from .position import Position

#: The rule an event names when no block caused it: the turn's start, the
#: end of a lap whose seeds ran out, a turn that no block ended.
GENERIC = "turn"
#: The reasons of the engine's own events, by kind: any lap ends in a hole
#: that was ``empty`` or ``full``, and a turn that no block ends ends with
#: ``no-rule``.
GENERIC_REASONS = {"lap_end": ("empty", "full"), "turn_end": ("no-rule",)}


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
    rule: str = GENERIC       # the block that caused it (a drop: the block whose lap it sows)

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
        """*value* as the move notation writes it (:func:`.notation.value_text`)."""
        from .notation import value_text
        return value_text(self.kind, value, geometry)


@dataclass
class Lap:
    """A lap to sow: the seeds are in hand; the first drops into *first*;
    *rule*: the block that sows it (its drops name it)."""
    first: int
    direction: int
    rule: str = GENERIC


@dataclass(frozen=True)
class EndTurn:
    reason: str
    rule: str = GENERIC       # the block that ends the turn


class Turn:
    """Mutable working state of one turn (internal to the engine).

    *events*: the list the trace is appended to, or None for a turn that
    records nothing (``record`` is then false: a block may skip the work
    that only a trace needs)."""

    def __init__(self, rules, position: Position, turn_number: int, events: list | None):
        self.rules = rules
        if position.geometry is not rules.geometry and position.geometry != rules.geometry:
            raise MancalaError(f"a board of {position.geometry.describe()} cannot be played with rules "
                               f"for {rules.geometry.describe()}")
        self.geometry = rules.geometry      # the rules' track and hole names
        self.position = position
        self.player = position.to_move
        self.board = list(position.cells)
        self.reserves = list(position.reserves)
        self.state = dict(position.state)   # the game state, and the blocks' turn state
        self._state_pairs = (None, ())      # (the state last sorted, its pairs): see state_pairs
        self.hand = 0
        self.direction = 0
        self.turn_number = turn_number
        self.lap = 0
        self.events = events
        self.record = events is not None
        self.opener = None            # the opening block asked last (Rules.open_turn)
        self.asked = False
        self.lap_open = False         # a lap has begun (its seeds taken up) but not ended
        self.lap_ends = 0             # how many lap ends have been resolved in this turn
        self.sown = 0                 # seeds dropped in this turn (bounded by MAX_SOWN_PER_TURN)

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
    def emit(self, kind, holes=(), count=0, seed=0, reason="", rule=GENERIC, **detail):
        if self.record:
            if len(self.events) >= MAX_EVENTS:
                raise LimitExceeded(f"the replay records more than {MAX_EVENTS:,} events (each a picture of "
                                    f"the board)", expected=f"at most {MAX_EVENTS:,}, the limit MAX_EVENTS")
            self.events.append(Event(kind, self.player, self.turn_number, self.lap, seed,
                                     tuple(holes), count, self.direction, tuple(self.board),
                                     self.hand, reason, tuple(sorted(detail.items())) if detail else (),
                                     self.state_pairs(), rule))

    # -- primitive actions ---------------------------------------------------------
    def begin_lap(self):
        if not self.lap_open:
            self.lap += 1
            self.lap_open = True

    def pickup(self, hole, rule):
        """Take up the seeds of *hole* (for the block *rule*)."""
        self.begin_lap()
        n = self.board[hole]
        self.board[hole] = 0
        self.hand += n
        self.emit("pickup", (hole,), n, rule=rule)
        self.rules.notify_emptied(self, hole, "pickup")
        return n

    def take(self, holes, rule, kind="capture"):
        """Capture: move the seeds of *holes* (the opponent's) into the hand."""
        n = sum(self.board[h] for h in holes)
        for h in holes:
            self.board[h] = 0
        self.hand += n
        self.emit(kind, holes, n, rule=rule)
        for h in holes:
            self.rules.notify_emptied(self, h, kind)
        return n

    def merge(self, hole, rule):
        """Put the seeds in hand into *hole* (katro: the captured seeds join the capturing hole)."""
        n = self.hand
        self.board[hole] += n
        self.hand = 0
        self.emit("merge", (hole,), n, rule=rule)

    def sow(self, lap: Lap) -> tuple[int, bool]:
        """Drop the seeds in hand one by one; return (last hole, whether it was empty)."""
        self.begin_sowing(lap)
        hole, rule = lap.first, lap.rule
        g, player, board = self.geometry, self.player, self.board
        steps = g.advance_table(player)
        seed = 0
        was_empty = False
        while self.hand:
            seed += 1
            was_empty = board[hole] == 0
            board[hole] += 1
            self.hand -= 1
            self.emit("drop", (hole,), 1, seed=seed, rule=rule)
            if self.hand:   # the track may turn the heading (boustrophedon)
                hole, self.direction = steps[self.direction][hole] or g.advance(player, hole, self.direction)
        return self.end_sowing(hole, seed, was_empty)

    def begin_sowing(self, lap: Lap):
        """The start of :meth:`sow`: the seeds in hand counted against the
        limit before any is sown, the lap begun, its direction taken."""
        if self.hand <= 0:
            raise MancalaError("a lap with no seed to sow")
        self.sown += self.hand
        if self.sown > MAX_SOWN_PER_TURN:       # refused before the seeds are sown
            raise LimitExceeded(f"the turn would sow more than {MAX_SOWN_PER_TURN:,} seeds (lap {self.lap + (not self.lap_open)} "
                                f"takes {self.hand:,})", expected=f"at most {MAX_SOWN_PER_TURN:,}, "
                                f"the limit MAX_SOWN_PER_TURN")
        self.begin_lap()
        self.direction = lap.direction

    def end_sowing(self, hole, seeds, was_empty) -> tuple[int, bool]:
        """The end of :meth:`sow`: the lap ended in *hole* after *seeds* drops."""
        self.emit("lap_end", (hole,), seeds, reason="empty" if was_empty else "full")
        self.lap_open = False
        return hole, was_empty

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

    def relay_lap(self, hole, rule) -> Lap:
        """Pick up *hole* and sow on from the next hole, same direction."""
        self.pickup(hole, rule)
        return Lap(*self.geometry.advance(self.player, hole, self.direction), rule)

    # -- helpers for blocks ----------------------------------------------------------
    def filter_openings(self, options) -> list:
        """The openings of the opening block (``opener``) the rules allow now
        (:meth:`.rules.Rules.filter_openings`)."""
        return self.rules.filter_openings(self, options)

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


class LapBudget:
    """Laps that several plays of a turn share (the replays that list a
    position's legal moves): each lap any of them plays is counted, and the
    first past *limit* (named *name* in the limits) raises
    :class:`LimitExceeded` saying *what* went past it."""

    def __init__(self, limit: int, name: str, what: str):
        self.limit, self.name, self.what = limit, name, what
        self.spent = 0

    def spend(self):
        self.spent += 1
        if self.spent > self.limit:
            raise LimitExceeded(f"{self.what} plays more than {self.limit:,} laps in all",
                                expected=f"at most {self.limit:,}, the limit {self.name}")

    def exhausted(self) -> bool:
        return self.spent > self.limit


def turn_generator(rules, position: Position, turn_number: int = 1, events: list | None = None,
                   make_turn=None, budget: LapBudget | None = None) -> Iterator[Ask]:
    """Play one turn; yields :class:`Ask` and returns the resulting :class:`Position`.
    The trace is appended to *events* (None: nothing is recorded).
    *make_turn*: what makes the :class:`Turn`, called as the class is (the
    search's trace-free turn: :mod:`.fastplay`).  *budget*: a
    :class:`LapBudget` that counts the turn's laps with those of other plays."""
    t = (make_turn or Turn)(rules, position, turn_number, events)
    seen = set()
    rules.begin_turn(t)
    t.emit("start")
    if position.hand is not None:
        h = position.hand
        t.hand = h.seeds
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
        if budget is not None:
            budget.spend()
        if isinstance(step, Lap):
            end, was_empty = t.sow(step)
        else:  # a lap that ended without sowing (a placed reserve seed): (hole, False)
            end, was_empty = step
        key = (tuple(t.board), end, t.direction, tuple(t.state.items()), t.hand)
        if key in seen:
            raise EndlessTurn(f"the turn loops for ever: after lap {t.lap} the same position "
                              f"and the same lap come back (last seed in {t.geometry.name(end)})")
        seen.add(key)
        step = yield from rules.resolve_lap_end(t, end, was_empty)
        t.lap_ends += 1
        if t.asked:
            seen.clear()
            t.asked = False
    t.emit("turn_end", reason=step.reason, rule=step.rule)
    return rules.finish_turn(t)


class Progress(NamedTuple):
    """Where a turn stands once some of its decisions are answered: the
    decision it asks next (None once the turn is over), the position it
    ended with (None until then), and how many answers were used."""
    ask: Ask | None
    position: Position | None
    used: int


def answer(gen, answers, check=None) -> Progress:
    """Run the turn generator *gen*, answering its decisions: *answers* is a
    sequence of values, the first ones in order (the turn stops short of its
    end, asking, when they run out), or a function ``choose(ask) -> value``
    asked at every decision.  *check(ask, index)*, if given, is called before
    each answer (it may raise).  An error records in its ``decision``
    attribute how many answers were given when it was raised (the index of
    the answer *check* refused)."""
    choose = answers if callable(answers) else None
    index = 0
    try:
        ask = next(gen)
        while choose is not None or index < len(answers):
            if check is not None:
                check(ask, index)
            value = choose(ask) if choose is not None else answers[index]
            index += 1
            ask = gen.send(value)
        return Progress(ask, None, index)
    except StopIteration as stop:
        return Progress(None, stop.value, index)
    except MancalaError as exc:
        raise _at(exc, index)


def run_turn(rules, position: Position, answers=(), turn_number: int = 1, events: list | None = None,
             make_turn=None, check=None, budget: LapBudget | None = None) -> Progress:
    """Play a turn from *position* on a fresh generator, answering its
    decisions from *answers* (see :func:`answer`, and :func:`turn_generator`
    for the rest): the one way to replay a prefix of decisions, list the
    options after it, or play a turn at random."""
    gen = turn_generator(rules, position, turn_number, events, make_turn, budget)
    try:
        return answer(gen, answers, check)
    finally:
        gen.close()


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

    def step(index):
        return f"{where}decision {index + 1}"

    def check(ask, index):
        kind, value = decisions[index]
        if kind != ask.kind:
            why = ""
            if kind == "place" and ask.kind == "start":
                why = f" ({ask.player} has no seed left in reserve here)"
            elif kind == "start" and ask.kind == "place":
                why = f" ({ask.player} still has seeds in reserve: a turn starts by placing one)"
            raise IllegalMove(f"{step(index)}: the rules ask for a {ask.kind!r} decision here, "
                              f"the example gives {kind!r}{why}", rule=ask.rule,
                              expected=f"{ask.kind}: one of {describe_options(ask, geometry)}")
        _check_choice(ask, value, geometry, f"{step(index)} ({kind}): ")

    try:
        ask, result, used = answer(gen, [v for _, v in decisions], check)
    except MancalaError as exc:
        if where and not exc.message.startswith(where):
            exc.message = f"{where}{exc.message}"
            exc.args = (str(exc),)
        raise exc from None
    if ask is not None:
        raise _at(IllegalMove(f"{step(used)}: the turn needs a {ask.kind} decision here "
                              f"but the example gives none", rule=ask.rule,
                              expected=f"one of: {describe_options(ask, geometry)}"), used)
    if used < len(decisions):
        kind = decisions[used][0]
        reason = _turn_end_reason(events)
        raise _at(IllegalMove(f"{step(used)}: the turn is over" + (f" ({reason})" if reason else "")
                              + f", but the example gives one more decision ({kind}): "
                              f"the rules do not ask for it"), used)
    return result


def _at(exc, index):
    if getattr(exc, "decision", None) is None:
        exc.decision = index
    return exc
