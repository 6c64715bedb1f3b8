"""The engine's fast path (engine/fastplay.py) against the plain one: the
trace-free turn a search plays shows its watch the same boards, at the same
events, as the plain turn records, and ends in the same position; the
openings it keeps in its memo are the ones the rules allow; and the search
built on it finds what the plain engine reaches."""
from __future__ import annotations

import random
from functools import partial

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from mancala_diagrams.engine.fastplay import FastTurn
from mancala_diagrams.engine.search import Bound, search
from mancala_diagrams.engine.turn import run_turn
from mancala_diagrams.errors import EndlessTurn, MancalaError

from conftest import play_random_turn, playable_rules, rules

RULES = playable_rules()


class Seen:
    """A watch that notes every event it is told of; with *board*, the
    target whose single drops alone it hears of."""

    def __init__(self, board=None):
        if board is not None:
            self.board = list(board)
        self.events = []

    def __call__(self, turn, kind, seed, count):
        self.events.append((kind, tuple(turn.board), seed, turn.hand, turn.lap))


def position_after_random_turns(r, rng, turns):
    pos = r.initial_position()
    for n in range(turns):
        if r.outcome(pos):
            break
        try:
            pos, _ = play_random_turn(r, pos, rng, n + 1)
        except EndlessTurn:
            break
    return pos


def both_ways(r, pos, seed, watch, memo=None):
    """One turn from *pos*, every decision drawn from random.Random(*seed*),
    played plainly (recorded) and by the fast turn: (events, position) each."""
    events = []
    plain = run_turn(r, pos, partial(_choose, random.Random(seed)), 1, events)
    fast = run_turn(r, pos, partial(_choose, random.Random(seed)), 1,
                    make_turn=partial(FastTurn, watch=watch, memo=memo))
    return (events, plain.position), fast.position


def _choose(rng, ask):
    return rng.choice(ask.options)


@pytest.mark.parametrize("name", RULES)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), turns=st.integers(0, 12))
def test_the_fast_turn_shows_its_watch_every_board_the_plain_turn_records(name, seed, turns):
    r = rules(name)
    pos = position_after_random_turns(r, random.Random(seed), turns)
    if r.outcome(pos):
        return
    watch = Seen()
    try:
        (events, plain), fast = both_ways(r, pos, seed, watch, memo={})
    except EndlessTurn:
        return
    assert fast == plain
    assert watch.events == [(e.kind, e.cells, e.seed, e.hand, e.lap) for e in events]


@pytest.mark.parametrize("name", RULES)
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), turns=st.integers(0, 12), pick=st.integers(0, 10**6))
def test_a_watch_with_a_target_hears_of_a_drop_only_on_that_board(name, seed, turns, pick):
    r = rules(name)
    pos = position_after_random_turns(r, random.Random(seed), turns)
    if r.outcome(pos):
        return
    try:
        events, _ = both_ways(r, pos, seed, None)[0]
    except EndlessTurn:
        return
    target = events[pick % len(events)].cells
    watch = Seen(target)
    both_ways(r, pos, seed, watch)
    drops = [(e.cells, e.seed) for e in events if e.kind == "drop" and e.cells == target]
    assert [(cells, s) for kind, cells, s, _, _ in watch.events if kind == "drop"] == drops
    others = [(e.kind, e.cells) for e in events if e.kind != "drop"]
    assert [(kind, cells) for kind, cells, *_ in watch.events if kind != "drop"] == others


@pytest.mark.parametrize("name", RULES)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), turns=st.integers(0, 10))
def test_the_memo_keeps_the_openings_the_rules_allow(name, seed, turns):
    """The same turn start asked twice through one memo, and once without it,
    offers the same openings."""
    r = rules(name)
    pos = position_after_random_turns(r, random.Random(seed), turns)
    memo = {}
    try:
        plain = run_turn(r, pos).ask
        first = run_turn(r, pos, make_turn=partial(FastTurn, memo=memo)).ask
        again = run_turn(r, pos, make_turn=partial(FastTurn, memo=memo)).ask
    except MancalaError:
        return
    assert (plain and plain.options) == (first and first.options) == (again and again.options)


@pytest.mark.parametrize("name", ["katro-4", "fifangakely", "katra-paika-4", "katro-bevohoka-3", "mraha-wa-ntso-6"])
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), turns=st.integers(0, 6), pick=st.integers(0, 10**6))
def test_the_search_finds_a_board_the_plain_engine_reaches_and_its_moves_reach_it(name, seed, turns, pick):
    r = rules(name)
    pos = position_after_random_turns(r, random.Random(seed), turns)
    if r.outcome(pos):
        return
    events = []
    try:
        play_random_turn(r, pos, random.Random(seed), 1, events)
    except EndlessTurn:
        return
    target = events[pick % len(events)].cells
    found = search(r, pos, target, Bound(turns=1, positions=100_000)).found
    assert found is not None and found.cells == target
    if found.turn == 0:                 # the start itself
        assert tuple(pos.cells) == target and found.moves == ()
        return
    # the decisions it gives reach that board when the plain engine plays them
    (turn,) = found.moves
    seen = []
    try:
        run_turn(r, pos, [value for _, value in turn], 1, seen)
    except EndlessTurn:
        pass
    assert any(e.cells == target for e in seen)


def test_a_board_no_continuation_reaches_is_not_found_and_the_search_says_it_looked_everywhere():
    r = rules("katro-4")
    start = r.initial_position()
    impossible = (sum(start.cells) + 1,) + (0,) * (len(start.cells) - 1)
    result = search(r, start, impossible, Bound(turns=2))
    assert result.found is None and result.exhausted and result.positions > 1


def test_the_search_leaves_the_rules_as_they_were():
    r = rules("fifangakely")
    before = dict(vars(r))
    search(r, r.initial_position(), (0,) * r.geometry.size, Bound(turns=1))
    assert dict(vars(r)) == before
