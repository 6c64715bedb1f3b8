"""The solver's katro bevohoka search (:mod:`..solver.reach`), offered to
``draft`` in the engine's terms.

``draft`` (files/draft.py) links a page's diagrams by the engine's search,
which in katro bevohoka plays each of the thousands of decision sequences a
turn holds; the solver's search runs the same game on its packed board in a
fraction of the time.  The files layer may not import the solver, so the
command line hands this function over (``draft_page(searches=...)``).  It
answers only for the game the solver plays (the Ambohimanga rules: one
player's two rows, the special hole chosen and sown once at the set-up, a lap
ending in it letting the player choose again; no capture), from a position
between two turns; for anything else it returns None and the engine's search
runs.  ``tests/test_solver_reach.py`` checks its answers against the engine's.
"""
from __future__ import annotations

import time
from dataclasses import replace

from ..engine.geometry import parse_direction
from ..engine.search import Hit, Result
from ..errors import LimitExceeded, MancalaError
from ..solver import reach
from ..solver.search import CLOCKWISE, COUNTERCLOCKWISE, MAX_COLUMNS, MIN_COLUMNS, _ring

#: what a board the solver's search keeps takes, in bytes, counted against the
#: bound's memory (a packed board in a set, or queued with its node: about 150)
BYTES_PER_BOARD = 256

#: the blocks, and their parameters, of the game the solver plays
_GAME = {"target-hole": {"setup": "sow", "on_target": "choose"}, "choose-hole": {"min_seeds": 1,
         "outermost_row": False}, "mandry": {"rows": "all"}, "direction": {"choice": "per-game"}, "relay": {}}


def solvers_game(rules) -> bool:
    """Whether *rules* are katro bevohoka as the solver plays it."""
    g = rules.geometry
    return (g.solo and g.rows == 2 and g.track_kind == "loop" and MIN_COLUMNS <= g.columns <= MAX_COLUMNS
            and {b.name: dict(b.p) for b in rules.blocks} == _GAME)


def bevohoka_search(rules, start, target, bound, keep=3, first_turn=1, first_decisions=()):
    """As :func:`..engine.search.search` (the first hit in fewest turns, its
    moves as the engine's decisions), or None when the solver cannot answer:
    other rules, seeds in hand, closest boards asked for (*keep*), a bound
    on laps."""
    if keep or bound.laps is not None or start.hand is not None or not solvers_game(rules):
        return None
    deadline = None if bound.seconds is None else time.monotonic() + bound.seconds
    target = tuple(0 if v is None else v for v in target)
    if sum(start.cells) > reach._M or sum(target) > reach._M:
        return None
    state = dict(start.state)
    player = start.to_move
    if f"target.{player}" in state:
        return _search(rules, start, target, bound, deadline, first_decisions)
    # the set-up turn first (the special hole and the direction): few, played by the engine; given first
    # decisions, those that start with them (the set-up shows no board before its last decision)
    setups = []
    try:
        moves = rules.legal_moves(start)
    except LimitExceeded:       # too many laps to list the set-up turns: the engine's search answers
        return None
    for move in moves:
        if tuple(move[:len(first_decisions)]) != tuple(first_decisions):
            continue
        events = []
        after = rules.play(start, list(move), turn_number=first_turn, events=events)
        if any(tuple(e.cells) == target for e in events):
            return Result(Hit((tuple(move),), 1, 1, "setup", 0, target), bound, positions=len(setups) + 1)
        setups.append((move, after))
    if bound.turns < 2:
        return Result(None, bound, positions=len(setups))
    best, boards, exhausted = None, 0, True
    for move, after in setups:
        left = None if deadline is None else deadline - time.monotonic()
        if left is not None and left <= 0:
            return Result(None, bound, positions=boards, exhausted=False, stopped="seconds")
        found = _search(rules, after, target, replace(bound, turns=bound.turns - 1, seconds=left),
                        None if left is None else time.monotonic() + left, ())
        boards += found.positions
        exhausted = exhausted and found.exhausted
        if found.found is not None and (best is None or len(found.found.moves) < len(best.moves)):
            best = Hit(((tuple(move)),) + found.found.moves, found.found.turn + 1, found.found.lap,
                       found.found.kind, found.found.seed, target)
    return Result(best, bound, positions=boards, exhausted=exhausted or best is not None)


def _search(rules, start, target, bound, deadline, first_decisions):
    """From a position past the set-up: the solver's ring is the player's track
    from the special hole, in the direction chosen for the game."""
    g = rules.geometry
    state = dict(start.state)
    player = start.to_move
    try:
        direction = parse_direction(state[f"direction.{player}"])
    except (KeyError, MancalaError):
        return None
    names = _ring(g.columns, state[f"target.{player}"], COUNTERCLOCKWISE if direction > 0 else CLOCKWISE)
    holes = [g.parse(name) for name in names]
    first = []
    for kind, value in first_decisions:
        hole = value[0] if kind == "start" else value
        if kind not in ("start", "hole") or (kind == "start") != (not first) or hole not in holes \
                or (kind == "start" and value[1] != direction):
            return None
        first.append(holes.index(hole))
    boards = bound.positions if bound.memory is None else min(bound.positions, bound.memory // BYTES_PER_BOARD)
    found = reach.find(g.columns, [start.cells[h] for h in holes], [target[h] for h in holes], bound.turns,
                       boards, deadline, first)
    if found.turns is None:
        stopped = "" if found.exhausted else (
            "seconds" if deadline is not None and time.monotonic() >= deadline
            else "memory" if boards < bound.positions else "positions")
        return Result(None, bound, positions=found.boards, exhausted=found.exhausted, stopped=stopped,
                      kept=found.boards * BYTES_PER_BOARD)
    moves = tuple(tuple([("start", (holes[t[0]], direction))] + [("hole", holes[p]) for p in t[1:]])
                  for t in found.turns)
    turn, _, lap, seeds = found.where
    return Result(Hit(moves, turn, lap, "drop" if seeds else "pickup", seeds, target), bound,
                  positions=found.boards)
