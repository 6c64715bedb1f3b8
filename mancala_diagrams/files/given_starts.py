"""Given starts: a published diagram that is its example's own start, copied
from the page, and whether a real game leads there.

A game example may start from a board of its own (``start: {board: ...}``),
copied from the page, instead of the rules' start.  The diagram drawn at that
start is then equal to the example's start by construction: comparing them
proves nothing about the rules.  For each such start the project keeps, in
``sources/given-starts.json``, what is known of it:

``reached``
    a real game leads there: the moves from the rules' start are kept, and
    :func:`check` replays them (cheap) and compares the position reached;
``unreachable``
    no real game leads there, and the record says why: the seed count (the
    start holds a number of seeds no position of the game has), or a search
    that went through every continuation within its bound (``search``: the
    engine's breadth-first search, for as many turns as the reserves imply;
    ``closure``: every board of the katro bevohoka solver's reachable set);
``unknown``
    searched within a stated bound without an answer, or not searchable
    (``turns``: the reserves say a real game needs at least that many turns,
    deeper than any exhaustive search goes).

A record names the start it was made for (its position in words) and the
digest of the rules files it was made with.  :func:`check` says whether the
record still fits; re-running the searches themselves is :func:`run` (the
verifier's ``--deep``, and ``bench/search_given_starts.py`` that writes the
records).
"""
from __future__ import annotations

import hashlib
import json
import time
from pathlib import Path

from ..engine.geometry import PLAYERS, direction_name
from ..engine.search import Bound, search
from ..errors import MancalaError
from .evidence import game_seeds
from .said import N_, Said, said

RECORDS = "given-starts.json"
#: the rules the katro bevohoka solver plays (its tests check it against the engine on them)
SOLVER_RULES = {f"katro-bevohoka-{c}" for c in range(2, 9)}
RESULTS = ("reached", "unreachable", "unknown")
ARGUMENTS = ("seed-count", "search", "closure", "turns")


# -- which diagrams are given starts ------------------------------------------------------
def is_given(example) -> bool:
    """Whether a game example starts from a position of its own (not the
    rules' start)."""
    if example.kind != "game" or example.start is None:
        return False
    initial = example.rules.with_initial_state(example.rules.initial_position())
    return position_words(example.start) != position_words(initial)


def given_diagrams(example, rep_of) -> list:
    """The published diagrams of *example* drawn at its own start when that
    start is given: (diagram, line) pairs.  *rep_of(line)*: the line's replay."""
    if not is_given(example):
        return []
    out = []
    for line in example.lines:
        rep = rep_of(line)
        first = rep.events[0] if rep.events else None
        for d in line.diagrams:
            if first is not None and rep.event(d) is first and first.kind == "start" and first.turn == 1:
                out.append((d, line))
    return out


# -- the records ---------------------------------------------------------------------------
def position_words(position) -> dict:
    """A start as a record names it: plain data, compared whole."""
    g = position.geometry
    hand = position.hand
    board = [" ".join(str(v) if v else "." for v in row) for row in position.rows(empty=0)]
    return {"board": board, "to_move": position.to_move,
            "reserve": dict(zip(PLAYERS, position.reserves)),
            "hand": None if hand is None else {"seeds": hand.seeds, "hole": g.name(hand.hole),
                                               "direction": direction_name(hand.direction)},
            "state": {k: v for k, v in sorted(position.state)}}


def rules_digest(library, name) -> str:
    """A hash of the bytes of the rules file *name* and of every file it extends."""
    h = hashlib.blake2b(digest_size=12)
    for n in library.lineage(name):
        h.update(n.encode() + b"\0" + Path(library.path(n)).read_bytes() + b"\0")
    return h.hexdigest()


def records_path(root) -> Path:
    return Path(root) / "sources" / RECORDS


def load_records(root) -> dict:
    """{example path (relative to the root): record} from sources/given-starts.json
    ({} when there is none).  Raises MancalaError for a file that is not a
    list of records."""
    path = records_path(root)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise MancalaError(f"{path}: cannot be read: {exc.strerror}") from None
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise MancalaError(f"{path}: not JSON: {exc}", file=str(path)) from None
    if not isinstance(data, list) or not all(isinstance(r, dict) and isinstance(r.get("example"), str)
                                             for r in data):
        raise MancalaError(f"{path}: expected a list of records, each naming its example", file=str(path))
    bad = next((r for r in data if r.get("result") not in RESULTS or r.get("argument") not in ARGUMENTS), None)
    if bad is not None:
        raise MancalaError(f"{path}: the record of {bad['example']} has result {bad.get('result')!r} and "
                           f"argument {bad.get('argument')!r}", file=str(path),
                           expected=f"result: {' | '.join(RESULTS)}; argument: {' | '.join(ARGUMENTS)}")
    return {r["example"]: r for r in data}


def write_records(root, records) -> None:
    from ..atomic import write_atomically
    text = json.dumps(sorted(records, key=lambda r: r["example"]), indent=1, ensure_ascii=False) + "\n"
    write_atomically(records_path(root), text.encode("utf-8"))


# -- what is known of a start, in words ---------------------------------------------------
def words(record) -> Said:
    """The record in a sentence."""
    r, a = record["result"], record["argument"]
    f = record.get("figures", {})
    n = f.get("positions", 0)
    if a == "seed-count":
        return said(N_("no real game has this start: it holds %(seeds)s seeds, and every position of the game "
                       "holds %(game)s (on the board, in hand and in reserve; none ever leaves the game)"),
                    seeds=f["seeds"], game=f["game"])
    if a == "turns":
        return said(N_("not known: by its reserves this start comes at least %(turns)s turns after the rules' "
                       "start, and no search went that deep"), turns=f["turns"])
    if a == "closure":
        out = said(N_("every board from which a player chooses a hole, reached from the true start with this "
                      "special hole and direction, was listed (%(n)s boards, the katro bevohoka solver): this start "
                      "is one of them") if r == "reached" else
                   N_("every board from which a player chooses a hole, reached from the true start with this "
                      "special hole and direction, was listed (%(n)s boards, the katro bevohoka solver): this start "
                      "is none of them"), n=n)
        if not record["search"].get("exhaustive", True):
            out = said(N_("%(said)s (the listing was cut short)"), said=out)
        return out
    s = record["search"]
    turns = s["turns"]
    scope = said(N_("all the continuations of the rules' start over %(turns)s turn") if turns == 1 else
                 N_("all the continuations of the rules' start over %(turns)s turns"), turns=turns)
    if s.get("exact"):
        scope = said(N_("%(said)s (the number of turns its reserves imply)"), said=scope)
    if r == "reached":
        return said(N_("a real game leads there: %(moves)s"), moves=record["moves_words"])
    if r == "unreachable":
        return said(N_("no real game leads there: %(scope)s were searched (%(n)s positions), and none is this "
                       "start"), scope=scope, n=n)
    if not s.get("exhaustive"):
        return said(N_("not known: the search stopped at its limit of %(n)s positions"), n=s["positions"])
    return said(N_("not known: none of the %(n)s positions within %(turns)s turns is this start"), n=n,
                turns=turns)


# -- checking a record (cheap: verify does it every time) ----------------------------------
def check(record, example, library, rel_path):
    """(problem, given) for the record of *example*'s given start: *problem*
    is None when the record still fits the start and the rules (and, for a
    reached start, the replay of its moves leads there); *given* is what the
    verifier's row says of the start."""
    if record is None:
        return None, {"result": "not searched",
                      "words": said(N_("whether a real game leads to this start was not searched"))}
    given = {"result": record["result"], "argument": record["argument"], "words": words(record)}
    start = position_words(example.start)
    if record.get("start") != start:
        return (f"sources/{RECORDS}: the record of {rel_path} was made for another start; search again "
                "(bench/search_given_starts.py)"), given
    digest = rules_digest(library, example.rules.name)
    if record.get("rules") != example.rules.name or record.get("rules_digest") != digest:
        return (f"sources/{RECORDS}: the record of {rel_path} was made with other rules files "
                f"({record.get('rules')}); search again (bench/search_given_starts.py)"), given
    if record["argument"] == "seed-count":
        total, game = example.start.seeds, game_seeds(example.rules)
        if total == game:
            return (f"sources/{RECORDS}: {rel_path}: the start holds {total} seeds, as the game does: the seed "
                    "count proves nothing"), given
    if record["result"] == "reached":
        problem = replay_moves(example.rules, record["moves"], example.start)
        if problem:
            return f"sources/{RECORDS}: {rel_path}: {problem}", given
    return None, given


def replay_moves(rules, moves, target) -> str | None:
    """Replay *moves* (a list of turns, each a list of [kind, value] decisions
    as the record keeps them) from the rules' start; a problem in words when
    they do not lead to *target*."""
    position = rules.initial_position()
    try:
        for n, turn in enumerate(moves, start=1):
            position = rules.play(position, [_decision(k, v) for k, v in turn], turn_number=n)
    except MancalaError as exc:
        return f"the recorded moves do not replay: {exc}"
    if position_words(position) != position_words(target):
        return "the recorded moves lead to another position than the start"
    return None


def _decision(kind, value):
    return kind, tuple(value) if isinstance(value, list) else value


# -- searching (costly: the records are made with it, and verify --deep re-runs it) ---------
def run(example, rel_path, library, bound: Bound | None = None, closure=None) -> dict:
    """Search whether a real game leads to *example*'s given start, and make
    its record.  The argument is chosen by what the start is: the seed count
    first; the reserves' count of turns; then, for the rules the katro
    bevohoka solver plays (:data:`SOLVER_RULES`), its closure (*closure*:
    :func:`mancala_diagrams.solver.search.reachable`, which the caller
    gives: this layer does not import the solver), else the engine's
    breadth-first search within *bound*."""
    rules = example.rules
    start = example.start
    record = {"example": rel_path, "rules": rules.name, "rules_digest": rules_digest(library, rules.name),
              "start": position_words(start)}
    c0 = time.process_time()
    total, game = start.seeds, game_seeds(rules)
    if total != game:
        return {**record, "result": "unreachable", "argument": "seed-count",
                "figures": {"seeds": total, "game": game}}
    initial = rules.initial_position()
    placed = sum(i - r for i, r in zip(initial.reserves, start.reserves))
    phase_two = any(initial.reserves) and not any(start.reserves)
    if phase_two or start.hand is not None and any(initial.reserves):
        return {**record, "result": "unknown", "argument": "turns", "figures": {"turns": placed}}
    if rules.name in SOLVER_RULES:
        if closure is None:
            raise MancalaError(f"{rel_path}: the rules {rules.name} are searched with the katro bevohoka "
                               "solver's closure, which was not given")
        rows = [list(r) for r in start.rows(empty=0)]
        state = dict(start.state)
        way = {"ccw": "counterclockwise", "cw": "clockwise"}.get(state.get(f"direction.{start.to_move}"))
        cap = bound.positions if bound else 100_000_000
        out = closure(rules.geometry.columns, [rows], max_states=cap,
                        time_budget_seconds=bound.seconds if bound else None,
                        special=state.get(f"target.{start.to_move}"), direction=way or "counterclockwise")
        found = out["found"][0]
        result = "reached" if found else ("unreachable" if out["exhaustive"] else "unknown")
        return {**record, "result": result, "argument": "closure",
                "search": {"positions": cap, "exhaustive": out["exhaustive"]},
                "figures": {"positions": out["boards"], "cpu_seconds": round(out["cpu_seconds"], 1)}}
    exact = any(initial.reserves)
    bound = Bound(turns=placed, positions=bound.positions, seconds=bound.seconds) if exact else bound
    result = search(rules, rules.with_initial_state(initial), start.cells, bound, position=start)
    cpu = round(time.process_time() - c0, 1)
    s = {"turns": bound.turns, "positions": bound.positions, "exhaustive": result.exhausted, "exact": exact}
    figures = {"positions": result.positions, "cpu_seconds": cpu}
    if result.found is not None:
        moves = [[[k, list(v) if isinstance(v, tuple) else v] for k, v in turn] for turn in result.found.moves]
        from .evidence import describe_moves
        return {**record, "result": "reached", "argument": "search", "search": s, "figures": figures,
                "moves": moves, "moves_words": describe_moves(result.found.moves, rules.geometry, 1)}
    result_word = "unreachable" if result.exhausted and exact else "unknown"
    return {**record, "result": result_word, "argument": "search", "search": s, "figures": figures}


def rerun(record, example, library, rel_path, closure=None) -> str | None:
    """Run the record's search again within its own bound (``verify --deep``):
    a problem in words when it no longer gives the recorded answer."""
    if record["argument"] not in ("search", "closure"):
        return None         # the seed count and the turn count are checked by :func:`check`
    s = record.get("search", {})
    again = run(example, rel_path, library, Bound(turns=s.get("turns", 1),
                                                  positions=s.get("positions", record["figures"]["positions"])),
                closure)
    if (again["result"], again["figures"].get("positions")) != (record["result"], record["figures"].get("positions")):
        return (f"sources/{RECORDS}: {rel_path}: searched again, the answer is {again['result']} after "
                f"{again['figures'].get('positions')} positions; the record says {record['result']} after "
                f"{record['figures'].get('positions')}")
    return None
