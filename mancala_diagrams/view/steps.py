"""The steps of a worked example as a page shows them.

For each published diagram of an example: the position to draw (with the seeds
in hand and the reserves), the events since the previous diagram (what its
caption tells), the few events that follow (how the last lap ends), the sowing
numbers of a track example, and the departures played in that step; what its
picture highlights, and the drawing options every picture of the example
shares.  Also the published grid as a position, and the holes where two boards
differ.  Pure data: :mod:`.figures` turns a step into a figure.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..drawing import render
from ..engine.geometry import CCW, SOUTH
from ..engine.position import Hand, Position
from ..errors import MancalaError
from ..files.examples import Example, no_event, replay_line, shared_turns
from ..files.verify import expected_track


@dataclass
class Step:
    diagram: object                 # the example's Diagram
    position: Position
    events: list = field(default_factory=list)       # since the previous diagram
    following: list = field(default_factory=list)    # the next few events, if any
    numbers: dict | None = None     # a track's sowing numbers, shown on the board
    departures: list = field(default_factory=list)   # rules set aside in this step's turns
    start: Position | None = None   # where a game played from this step starts (see example_steps)


def grid_position(grid, like: Position) -> Position:
    """A published grid (rows of counts, None for empty) as a position like *like*."""
    return replace(like, cells=tuple(v or 0 for row in grid for v in row))


def differing(a: Position, b: Position) -> list:
    """The holes whose counts differ (none if the boards differ in size)."""
    if a.geometry.size != b.geometry.size:
        return []
    return [h for h, (x, y) in enumerate(zip(a.cells, b.cells)) if x != y]


def numbers_from_grid(grid, geometry) -> dict:
    """{hole: number} of a grid of numbers (None: no number)."""
    C = geometry.columns
    return {r * C + c: v for r, row in enumerate(grid) for c, v in enumerate(row) if v is not None}


def position_at(event, rep, g) -> Position:
    """The board right after *event* of the replay *rep*, with the seeds in hand and the reserves."""
    positions = rep.positions
    base = positions[min(event.turn - 1, len(positions) - 1)] if positions else None
    reserves = list(base.reserves) if base is not None else [0, 0]
    if event.kind != "start":
        for e in rep.events:   # a seed placed from the reserve during this turn
            if e.turn == event.turn and e.kind == "place":
                idx = 0 if e.player == SOUTH else 1
                reserves[idx] = max(0, reserves[idx] - (e.count or 1))
            if e is event:
                break
    hand = Hand(event.hand, event.holes[0] if event.holes else 0, event.direction or CCW) if event.hand else None
    if event.kind == "start" and base is not None and base.hand is not None:
        hand = base.hand    # a turn under way: the seeds in hand before the first is sown
    # the mechanics' state (a special hole chosen at a set-up turn ...): once a turn
    # has begun, the state it ends with
    after = positions[event.turn] if event.kind != "start" and event.turn < len(positions) else base
    return Position(g, tuple(event.cells), to_move=event.player if event.player in g.players else SOUTH,
                    reserves=tuple(reserves), state=after.state if after is not None else (), hand=hand)


def example_steps(example: Example):
    """The :class:`Step` of every diagram of *example*, in order.  A step of a
    game, or of the rules' start, has the position a game played from it
    starts (its *start*): the board drawn when it stands between two turns,
    else the board the turn it shows began with (a moment inside a turn, a
    lap's end or a capture, is no position a turn can start from)."""
    g = example.rules.geometry
    if example.kind == "start":
        start = example.rules.initial_position()
        for d in example.diagrams:
            yield Step(d, start, start=start)
        return
    if example.kind == "special-holes":     # coloured holes only: the marks are the drawing
        board = Position.empty(g.columns, g.rows_per_player, g.solo)
        for d in example.diagrams:
            yield Step(d, board)
        return
    if example.kind == "track":
        numbers = numbers_from_grid(expected_track(example), g)
        board = Position.empty(g.columns, g.rows_per_player, g.solo)
        for d in example.diagrams:
            visible = {h: n for h, n in numbers.items()
                       if d.grid[h // g.columns][h % g.columns] is not None} or numbers
            yield Step(d, board, numbers=visible)
        return
    for line in example.lines:
        rep = replay_line(example, line)
        shared = shared_turns(example, line)       # a branch's turns shared with its parent line
        done = sum(1 for e in rep.events if e.turn <= shared)
        for d in line.diagrams:
            ev = rep.event(d)
            if ev is None:
                why = f"the replay has no event {d.at!r}: {rep.error}" if rep.error else \
                    no_event(rep.events, d.at, d.anchor, d.id)
                raise MancalaError(f"diagram {d.id}: {why}", file=example.path, line=d.line)
            idx = next(i for i, e in enumerate(rep.events) if e is ev)
            chunk = rep.events[done:idx + 1] if idx >= done else [ev]
            done = max(done, idx + 1)
            turns = {e.turn for e in chunk}
            departures = [x for x in rep.departures if x["turn"] in turns and x["turn"] > shared]
            turn = ev.turn if ev.kind == "turn_end" else ev.turn - 1       # the turns played before it
            start = rep.positions[turn] if 0 <= turn < len(rep.positions) and not d.picture else None
            yield Step(d, position_at(ev, rep, g), chunk, rep.events[idx + 1:idx + 5], None, departures, start)


def highlights_from(events) -> dict:
    """{role: holes} for one step, from the events that led to it: the hole
    emptied, the holes sown, the last seed, the holes captured."""
    hl = {role: set() for role in ("emptied", "sown", "last", "captured")}
    last = None
    for e in events:
        if e.kind == "pickup":
            hl["emptied"].update(e.holes)
        elif e.kind in ("drop", "place"):
            hl["sown"].update(e.holes)
            last = e.holes[-1] if e.holes else last
        elif e.kind == "capture":
            hl["captured"].update(e.holes)
        elif e.kind == "merge":
            hl["sown"].update(e.holes)
    if last is not None:
        hl["last"].add(last)
        hl["sown"].discard(last)
    # a hole emptied and sown again in the same step is shown as sown
    hl["emptied"] -= hl["sown"] | hl["last"]
    return {k: sorted(v) for k, v in hl.items() if v}


def step_highlights(events, position, rules=None) -> dict:
    """{role: holes} a step's picture shows: :func:`highlights_from` its events,
    and ``special`` the holes the rules single out there (rova, nyumba,
    tsibongy, the special hole: :meth:`Rules.special_holes_at`)."""
    hl = highlights_from(events)
    specials = rules.special_holes_at(position) if rules is not None else []
    if specials:
        hl["special"] = list(specials)
    return hl


def example_options(steps, options=None):
    """The drawing options of every step of an example: the same picture size on
    every step (the reserves' room kept when any step has a reserve), and the
    hand's bowl, with its count, on every step when seeds are held in hand at
    any moment of the example (a caption that speaks of seeds in hand has the
    hand drawn, even once they are all sown)."""
    o = options or render.Options()
    steps = list(steps)

    def hand_now(s):
        return bool(s.position.hand and s.position.hand.seeds)
    held = any(hand_now(s) or any(getattr(e, "hand", 0) for e in s.events) for s in steps)
    room = any(any(s.position.reserves) for s in steps)
    if not (room or held):
        return o
    return replace(o, reserve_room=o.reserve_room or room, hand_area=o.hand_area or held)
