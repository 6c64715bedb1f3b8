"""Evidence for errata, re-checked: where a search starts in an example, and
whether a declared erratum's evidence holds.

An erratum (``erratum:`` on a diagram of a game example) says the published
board is wrong.  Its evidence is one of

``search`` (the default)
    ``search: {from: previous diagram | start | turn N, turns: N, laps: M}``:
    every legal continuation within that bound is played (see
    :mod:`..engine.search`) and none may reach the published board; a search
    that stops at its position limit before the end proves nothing and is
    refused;
``seed-count``
    the published board holds more seeds than the game has, or fewer while no
    seed ever leaves the board (checked along the replay) and none is in hand
    at the diagram: no continuation can reach it, whatever the moves.

:func:`evidence_problem` is what the verifier calls; :func:`previous_diagram_start`
is shared with ``mancala-diagrams explain``.  (The errata *page* is :mod:`.errata`.)
"""
from __future__ import annotations

from dataclasses import dataclass

from ..engine.notation import turn_text
from ..engine.search import Bound, search
from ..limits import MAX_SEARCH_POSITIONS
from .examples import Diagram, Example, Line, Replay, find_anchor
from .said import N_, Said, said

DEFAULT_POSITIONS = MAX_SEARCH_POSITIONS
#: the memory an erratum's search may keep positions in: counted, not measured,
#: so that the verifier's answer is the same on every machine
SEARCH_MEMORY = 512 * 2 ** 20


@dataclass
class SearchStart:
    position: object        # Position
    first_turn: int         # the number of the first turn searched, as the example counts turns
    description: str        # in words: "the start of turn 3"
    said: Said | None = None    # the same in every language (None: the description, untranslated)


def _event_of(rep: Replay, d: Diagram):
    return find_anchor(rep.events, d.anchor) if d.anchor is not None else None


def turn_start(rep: Replay, turn: int) -> SearchStart:
    """The position before turn *turn* of the replay (the last one reached
    when the replay stops before it)."""
    index = max(0, min(turn - 1, len(rep.positions) - 1))
    what = said(N_("the example's start")) if index == 0 else said(N_("the start of turn %(turn)s"), turn=index + 1)
    return _start(rep.positions[index], index + 1, what)


def _start(position, first_turn, what: Said) -> SearchStart:
    return SearchStart(position, first_turn, what.english(), what)


def previous_diagram_start(rep: Replay, line: Line, d: Diagram) -> SearchStart:
    """Where a search for *d* starts by default: the start of the turn of the
    line's previous diagram that the replay reaches (the position after it when
    it is a turn's end); the example's start when there is none."""
    diagrams = line.diagrams
    index = next((i for i, x in enumerate(diagrams) if x is d), len(diagrams))
    for prev in reversed(diagrams[:index]):
        e = _event_of(rep, prev)
        if e is None:
            continue
        if e.kind == "turn_end" and e.turn < len(rep.positions):
            s = turn_start(rep, e.turn + 1)
            return _start(s.position, s.first_turn,
                          said(N_("the end of turn %(turn)s (%(diagram)s)"), turn=e.turn, diagram=prev.id))
        s = turn_start(rep, e.turn)
        return _start(s.position, s.first_turn,
                      said(N_("%(start)s (%(diagram)s, %(at)s)"), start=s.said, diagram=prev.id, at=prev.at))
    first = _first_turn(rep, line)
    s = turn_start(rep, first)
    return s


def _first_turn(rep, line):
    """The first turn the line itself plays (after the turns of the line it branches from)."""
    if line.parent is None:
        return 1
    return max(1, len(rep.positions) - len(line.moves))


def stated_start(rep: Replay, line: Line, d: Diagram, text: str) -> SearchStart:
    """The start an erratum's search names: 'previous diagram', 'start' or 'turn N'."""
    if text == "start":
        return turn_start(rep, 1)
    if text.startswith("turn "):
        return turn_start(rep, int(text.split()[1]))
    return previous_diagram_start(rep, line, d)


def flat(rows) -> tuple:
    return tuple(v or 0 for row in rows for v in row)


def describe_moves(moves, geometry, first_turn) -> str:
    """'turn 3: a1 clockwise, tsibongy left; turn 4: ...' (each turn in the
    move notation, :mod:`..engine.notation`)."""
    return "; ".join(f"turn {first_turn + i}: {turn_text(turn, geometry)}" for i, turn in enumerate(moves))


def evidence_problem(example: Example, line: Line, rep: Replay, d: Diagram, event) -> tuple[str | None, Said | None]:
    """(problem, evidence in words, a :class:`.said.Said`) for the erratum of
    diagram *d*, whose anchor is *event* of the replay *rep*: *problem* is
    None when the evidence holds, and the evidence None when it does not."""
    e = d.erratum
    if e.evidence == "seed-count":
        problem, words = seed_count_problem(example, rep, d, event)
        if problem or e.search is None:
            return problem, words
    return search_problem(example, line, rep, d)


def search_problem(example, line, rep, d):
    s = d.erratum.search
    rules = example.rules
    start = stated_start(rep, line, d, s["from"])
    bound = Bound(turns=s["turns"], laps=s.get("laps"), positions=s.get("positions", DEFAULT_POSITIONS),
                  memory=SEARCH_MEMORY)
    g = rules.geometry
    target = flat(d.grid)
    if len(target) != len(start.position.cells):    # no board of the game can be that one
        return (f"declared erratum, but the published board has {len(target)} holes and the game's board "
                f"{len(start.position.cells)}: there is nothing to search for"), None
    result = search(rules, start.position, target, bound, first_turn=start.first_turn)
    where = f"from {start.description}, {bound.describe()}"
    if result.found is not None:
        h = result.found
        at = "the start" if h.turn == 0 else f"turn {start.first_turn + h.turn - 1} lap {h.lap} ({h.kind})"
        return (f"declared erratum, but a continuation within the stated search reaches the published board: "
                f"{describe_moves(h.moves, g, start.first_turn) or 'no move'}, at {at}"), None
    if not result.exhausted:
        limit = "its memory" if result.stopped == "memory" else f"{result.positions} positions"
        return (f"declared erratum, but its search ({where}) stopped at {limit} before "
                f"trying every continuation: it proves nothing (raise positions:, or narrow turns:/laps:)"), None
    out = said(N_("no continuation reaches the published board: searched from %(start)s, %(bound)s: "
                  "%(positions)s distinct positions, %(boards)s boards compared"),
               start=start.said or start.description, bound=bound_said(bound), positions=result.positions,
               boards=result.snapshots)
    if result.truncated:
        out = said(N_("%(evidence)s; %(turns)s turns longer than the lap limit were not followed"),
                   evidence=out, turns=result.truncated)
    return None, out


def bound_said(bound: Bound) -> Said:
    """A search's bound in words (:meth:`..engine.search.Bound.describe`, in every language)."""
    out = said(N_("%(turns)s turn") if bound.turns == 1 else N_("%(turns)s turns"), turns=bound.turns)
    if bound.laps:
        out = said(N_("%(bound)s, at most %(laps)s laps a turn"), bound=out, laps=bound.laps)
    return said(N_("%(bound)s, at most %(positions)s positions"), bound=out, positions=bound.positions)


def seed_count_problem(example, rep, d, event):
    """A seed-count argument: the published board cannot hold that many seeds."""
    published = sum(v or 0 for row in d.grid for v in row)
    start = rep.positions[0]
    hand0 = start.hand.seeds if start.hand is not None else 0
    total = sum(start.cells) + sum(start.reserves) + hand0
    if published > total:
        return None, said(N_("the published board holds %(seeds)s seeds, more than the %(total)s of the game "
                             "(board, hand and reserves at the example's start)"), seeds=published, total=total)
    # fewer: only if no seed ever leaves the board (board + hand never decreases along the replay)
    # and none is in hand at the diagram, so that the board then holds at least what it held at the start
    carried = [sum(x.cells) + x.hand for x in rep.events]
    for before, after in zip(carried, carried[1:]):
        if after < before:
            return ("declared erratum with evidence: seed-count, but seeds leave the board during the "
                    "replay, so a board with fewer seeds proves nothing"), None
    if event.hand:
        return (f"declared erratum with evidence: seed-count, but {event.hand} seeds are in hand at "
                f"{d.at!r}: the board may hold fewer than the game has"), None
    least = sum(start.cells) + hand0
    if published < least:
        return None, said(N_("the published board holds %(seeds)s seeds, fewer than the %(least)s on the board "
                             "at the start, and no seed leaves the board"), seeds=published, least=least)
    return (f"declared erratum with evidence: seed-count, but the published board holds {published} seeds, "
            f"a count the game can have ({least} to {total}): the count proves nothing"), None


# -- the seed-count policy -----------------------------------------------------------------
def game_seeds(rules) -> int:
    """The seeds of every position of a real game: those of the rules' start
    (board and reserves); a board of one player's rows has that player's."""
    return rules.initial_position().seeds


def seed_count_flag(board_rows, off_board: int, game: int) -> dict | None:
    """The seed-count policy (stated on the verification page,
    docs/verification.md: no seed ever leaves a game) for one board:
    *board_rows* as drawn, *off_board* the seeds the example holds off the
    board at that moment (in hand and in reserve).  None when the count is
    one a real game has, else {seeds, game, words}."""
    seeds = sum(v or 0 for row in board_rows for v in row) + off_board
    if seeds == game:
        return None
    return {"seeds": seeds, "game": game,
            "words": said(N_("holds %(seeds)s seeds (on the board, in hand and in reserve), where every position "
                             "of a real game holds %(game)s: no real game has this board"), seeds=seeds, game=game)}


def erratum_reason(d, event, diff) -> Said:
    """Why a published board is an erratum, computed from the transcription
    and the replay (so that it follows any change of either): the moment, the
    holes that differ and by how much, and the seeds each board holds.
    The example's own ``reason`` is the author's explanation."""
    holes = [x for x in diff if x.get("hole")]
    shown = lambda v: said(N_("empty")) if v is None else v
    cells = tuple(said(N_("%(hole)s (published %(published)s, rules %(rules)s)"), hole=x["hole"],
                       published=shown(x["published"]), rules=shown(x["replay"])) for x in holes)
    published = sum(v or 0 for row in d.grid for v in row)
    replayed = sum(event.cells)
    turn, _, moment = d.at[len("turn "):].partition(" ") if d.at.startswith("turn ") else (event.turn, "", d.at)
    at = said(N_("turn %(turn)s %(moment)s"), turn=turn, moment=moment) if moment else said(N_("turn %(turn)s"),
                                                                                          turn=turn)
    return said(N_("at %(at)s, the published board differs from the replay in %(n)s hole: %(holes)s; it holds "
                   "%(published)s seeds, the replay's board %(replayed)s") if len(holes) == 1 else
                N_("at %(at)s, the published board differs from the replay in %(n)s holes: %(holes)s; it holds "
                   "%(published)s seeds, the replay's board %(replayed)s"),
                at=at, n=len(holes), holes=cells, published=published, replayed=replayed)
