"""A game played on from a position, one decision at a time.

:class:`Game` holds the turns played, the decisions of the turn under way and
the turns undone (for redo).  It drives the engine's turn generator
(:func:`~mancala_diagrams.engine.turn.turn_generator`) itself: each decision
the reader makes is sent to the turn's generator, which sows on until the
rules ask the next decision (:class:`~mancala_diagrams.engine.turn.Ask`) or
the turn ends.  A decision the rules refuse (a hole that may not be played, a
choice after which the turn would never end) leaves the game as it was and
raises :class:`Refused` with the engine's reason.

A position with seeds in hand (a figure in the middle of a turn) starts with
the turn under way: its first decision is :data:`CONTINUE`, the reader's go.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..engine.position import Position
from ..engine.turn import Ask, turn_generator
from ..errors import IllegalMove, MancalaError

#: The decision that plays on a turn under way at the start (seeds in hand).
CONTINUE = "continue"


class Refused(IllegalMove):
    """A decision the rules do not allow here; *reason* and *rule* are the
    engine's (``None`` when no block explains it)."""

    def __init__(self, message, reason=None, rule=None):
        super().__init__(message, rule=rule)
        self.reason = reason


@dataclass(frozen=True)
class PlayedTurn:
    number: int
    player: str
    decisions: tuple            # (kind, value) pairs, as the engine asked them
    events: tuple               # the turn's trace (engine events)
    before: Position
    after: Position

    @property
    def end(self) -> str:
        """Why the turn ended (the engine's ``turn_end`` reason)."""
        return next((e.reason for e in reversed(self.events) if e.kind == "turn_end"), "")


class Game:
    def __init__(self, rules, start: Position, first_turn: int = 1):
        if start.geometry != rules.geometry:
            raise MancalaError(f"a board of {start.geometry.describe()} cannot be played with the rules "
                               f"{rules.name} ({rules.geometry.describe()})")
        self.rules = rules
        self.start = start
        self.first_turn = first_turn
        self.turns: list[PlayedTurn] = []
        self.undone: list[PlayedTurn] = []      # the turns undo took back, the next to redo last
        self.pending: list = []                 # (kind, value) decisions of the turn under way
        self._begin()

    # -- where the game stands ---------------------------------------------------------
    @property
    def position(self) -> Position:
        """The position before the turn under way."""
        return self.turns[-1].after if self.turns else self.start

    @property
    def turn_number(self) -> int:
        return self.first_turn + len(self.turns)

    @property
    def to_move(self) -> str:
        return self.position.to_move

    @property
    def over(self) -> bool:
        return self.outcome is not None

    def _begin(self):
        """Start the turn under way afresh and replay its decisions so far
        (after an undo, or a refused decision that left the generator spent)."""
        pos = self.position
        self.events: list = []
        self.ask: Ask | None = None
        self._gen = None
        self.outcome = self.rules.outcome(pos) if pos.hand is None else None
        if self.outcome is not None:
            return
        if pos.hand is not None and not self.pending:
            self.ask = Ask(CONTINUE, (None,), pos.to_move, "")
            return
        self._gen = turn_generator(self.rules, pos, self.turn_number, self.events)
        decisions = [d for d in self.pending if d[0] != CONTINUE]
        try:
            self.ask = next(self._gen)
            for _, value in decisions:
                self.ask = self._gen.send(value)
        except StopIteration as stop:     # a turn under way that asks nothing more
            self._finish(stop.value)

    def _finish(self, after: Position):
        pos = self.position
        decisions = tuple(d for d in self.pending if d[0] != CONTINUE)
        self.turns.append(PlayedTurn(self.turn_number, pos.to_move, decisions, tuple(self.events), pos, after))
        self.pending = []
        self._begin()

    # -- playing -----------------------------------------------------------------------
    def refusal(self, kind: str, value):
        """Why *value* may not be chosen for the decision asked now: (reason,
        rule) from the engine's ``explain`` hooks, or None when no block says
        (a value simply not among the options)."""
        if self.ask is None or self.ask.kind != kind or value in self.ask.options:
            return None
        return self.ask.why(value) if self.ask.why else None

    def choose(self, kind: str, value) -> list:
        """Make the decision the rules ask now; returns the events it led to (up
        to the next decision, or to the end of the turn).  Raises
        :class:`Refused` (nothing changes) when the rules do not allow it."""
        ask = self.ask
        if ask is None:
            raise Refused("the game is over: no decision is asked" if self.over else "no decision is asked")
        if kind != ask.kind:
            raise Refused(f"the rules ask a {ask.kind} decision here, not a {kind} one", rule=ask.rule)
        if value not in ask.options:
            why = self.refusal(kind, value)
            reason, rule = why if why else (None, ask.rule)
            raise Refused(reason or f"{value!r} is not among {ask.player}'s options here", reason, rule)
        if self.pending == [] and self.undone:
            self.undone = []                    # a new line of play: what was undone is gone
        before = len(self.events)
        self.pending.append((kind, value))
        if kind == CONTINUE:
            self._gen = turn_generator(self.rules, self.position, self.turn_number, self.events)
            step = lambda: next(self._gen)      # noqa: E731
        else:
            step = lambda: self._gen.send(value)    # noqa: E731
        try:
            self.ask = step()
        except StopIteration as stop:
            new = self.events[before:]
            self._finish(stop.value)
            return new
        except MancalaError as exc:             # the turn would never end, or breaks a limit
            self.pending.pop()
            self._begin()
            raise Refused(exc.message, exc.message, getattr(exc, "rule", None)) from None
        return self.events[before:]

    def play_turn(self, decisions) -> PlayedTurn:
        """Play a whole turn (a computer's, a redo): every decision in order."""
        for kind, value in decisions:
            self.choose(kind, value)
        if self.pending:
            raise Refused("the decisions given leave the turn unfinished")
        return self.turns[-1]

    # -- undo, redo ---------------------------------------------------------------------
    @property
    def can_undo(self) -> bool:
        return bool(self.pending or self.turns)

    @property
    def can_redo(self) -> bool:
        return bool(self.undone) and not self.pending

    def undo(self) -> bool:
        """Take back the turn under way (its decisions so far), else the last turn played."""
        if self.pending:
            self.pending = []
        elif self.turns:
            self.undone.append(self.turns.pop())
        else:
            return False
        self._begin()
        return True

    def redo(self) -> PlayedTurn | None:
        """Play again the last turn undone (None when there is none)."""
        if not self.can_redo:
            return None
        turn = self.undone.pop()
        keep = self.undone
        self.undone = []
        if self.position.hand is not None:
            self.choose(CONTINUE, None)
        played = self.play_turn(turn.decisions) if self.pending or turn.decisions else self.turns[-1]
        self.undone = keep
        return played
