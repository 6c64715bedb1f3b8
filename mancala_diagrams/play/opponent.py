"""The computer's side: a whole turn chosen by a small search.

Two levels, each a search the page names:

``1``  looks one turn ahead: of every legal turn (every decision the rules
       leave it: hole, direction, tsibongy, rova ...), the one after which it
       holds the most seeds against its opponent (a win first);
``2``  looks two turns ahead (minimax with alpha-beta pruning): the turn whose
       worst outcome, after the opponent's best reply by the same measure, is
       the best.

The measure is the seeds each player holds (on their rows and in reserve),
plus, in a game of special holes, the seeds in each player's special hole; a
won game is worth more than any count.  Ties are broken at random (*rng*), so
that the computer does not always play the same game.  The search replays
turns with the engine (no trace is recorded); *budget* bounds the turns it
replays at level 2 (past it, the replies not yet searched are not looked at,
and a turn is judged by the position it leaves).
"""
from __future__ import annotations

import random

from ..engine.geometry import other
from ..engine.turn import run_turn

WIN = 10_000
LEVELS = (1, 2)


def seeds_held(position, player) -> int:
    g = position.geometry
    held = sum(position.cells[h] for h in g.holes_of(player)) + position.reserve(player)
    return held


def score(rules, position, player) -> int:
    """How good *position* is for *player* (higher is better)."""
    outcome = rules.outcome(position) if position.hand is None else None
    if outcome is not None:
        winner = outcome.get("winner")
        return 0 if winner is None else (WIN if winner == player else -WIN)
    value = seeds_held(position, player)
    if not position.geometry.solo:
        value -= seeds_held(position, other(player))
    for hole, role in rules.hole_roles(position).items():      # a special hole fills up: good
        kind, _, owner = role.partition(".")
        if kind == "target":
            value += position.cells[hole] if owner == player else -position.cells[hole]
    return value


def after(rules, position, move):
    """The position after the turn *move* (no trace recorded)."""
    return run_turn(rules, position, [value for _, value in move]).position


def _turns(rules, position, prefix=()):
    """(decisions, position after) for every legal turn that begins with the
    decisions *prefix* (a turn under way)."""
    prefix = tuple(prefix)
    for move in rules.legal_moves(position):
        if move[:len(prefix)] == prefix:
            yield move, after(rules, position, move)


def choose_move(rules, position, level: int = 1, rng=None, budget: int = 1500, prefix=()):
    """The decisions of the turn the computer plays from *position* (the
    whole turn, *prefix* included: the decisions of a turn already under way)."""
    rng = rng or random.Random()
    player = position.to_move
    options = list(_turns(rules, position, prefix))
    if not options:
        return None
    rng.shuffle(options)                # ties go to a random one of the best
    if level <= 1:
        return max(options, key=lambda o: score(rules, o[1], player))[0]
    # level 2: its turn, then the opponent's best reply (alpha-beta on the reply's minimum)
    options.sort(key=lambda o: -score(rules, o[1], player))     # the promising first: more cut-offs
    spent = len(options)
    best, best_value = options[0][0], None
    for move, next_position in options:
        value = score(rules, next_position, player)
        if abs(value) < WIN and next_position.to_move != player and spent < budget:
            worst = None
            replies = rules.legal_moves(next_position)
            spent += len(replies)           # listing them replays each once
            for reply in replies:
                spent += 1
                v = score(rules, after(rules, next_position, reply), player)
                if worst is None or v < worst:
                    worst = v
                if best_value is not None and worst <= best_value:
                    break                   # no better than a move already found
                if spent >= budget:
                    break
            if worst is not None:
                value = worst
        if best_value is None or value > best_value:
            best, best_value = move, value
    return best
