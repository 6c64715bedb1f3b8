"""The katro bevohoka search in compiled code: same answers, bigger boards.

:mod:`.search` (pure Python) is the reference; this module runs the very same
layered A* (exhaustive over turns, A* on laps with the same admissible,
consistent bound) in a small C extension, ``_bevohoka.c``, built by the
package's own build (setuptools; see setup.py).  Why C rather than numba or
Rust: the extension needs nothing but the C compiler that building CPython
extensions always needs, no extra package and no toolchain download, so a
fresh ``pip install`` builds it; and 128-bit integers (``unsigned __int128``)
hold a whole 16-hole board, 8 bits per hole, while it is sown.

What makes it fit in memory (8 columns: 32 seeds, 16 holes): one 64-bit word
per board in an open-addressing hash table, the board coded in 47 bits
("stars and bars": for each ordinary hole, as many one bits as seeds, then a
zero) with its laps and turn layer in the bits left; the A* queue holds 4-byte
table slot numbers; no parent pointers (the optimal game is read back from
the table, following only edges whose laps and layers add up exactly).

The tests check it against the reference on every width 2 to 6 and on random
boards (tests/test_solver_compiled.py).
"""

from __future__ import annotations

import time
from typing import Sequence

from . import search as ref
from .search import COUNTERCLOCKWISE, Result, SolverError

try:
    from . import _bevohoka
except ImportError:  # built without a C compiler: only the reference exists
    _bevohoka = None

__all__ = ["KNOWN_GAMES", "available", "segment", "solve", "solve_board"]

METHOD_EXACT = ("exhaustive BFS over turns (layered, A* on laps with an admissible bound), "
                "compiled search")
# A game known to exist per width, used as ``known_game`` by the site's table
# and the bench: on 8 columns, a 5-turn, 73-lap game found by the reference's
# greedy upper-bound search (an earlier version of docs/data/bevohoka-solutions.json
# recorded it).  Only a bound: the search reports an error if it is not a real game.
KNOWN_GAMES = {8: (5, 73)}
_FIRST_TABLE_BITS = 16
# first table size per width from the puzzle's start (2**bits slots, filled to
# at most 90%): the boards stored, as measured, fit without a restart
_START_TABLE_BITS = {2: 10, 3: 10, 4: 13, 5: 14, 6: 20, 7: 23, 8: 29}
_MAX_TABLE_BITS = 30  # 8 GiB of table: the most this machine allows


def available() -> bool:
    """True when the C extension was built."""
    return _bevohoka is not None


def _need():
    if _bevohoka is None:
        raise SolverError(
            "the compiled solver is not built (no C compiler when the package was "
            "installed?); reinstall with a C compiler, or use the reference solver"
        )
    return _bevohoka


def segment(board: Sequence[int], p: int):
    """Sow hole ``p`` of a canonical board and relay (as ``search._Ring.segment``):
    ``(kind, board, laps)``, kind 0 (special hole), 1 (empty hole), None (endless)."""
    return _need().segment(tuple(board), p)


def _first_bits(bits: int, max_states: int, holes: int) -> int:
    """The first table size for a search that expands at most *max_states*
    boards: *bits*, or fewer when those boards and their children (at most
    one per hole each) fill less than 90% of a smaller table."""
    needed = (max_states + 1) * holes * 10 // 9 + 1
    return min(bits, max(_FIRST_TABLE_BITS, needed.bit_length()))


def _run(board: list[int], max_states: int, cpu_seconds: float | None,
         table_bits: int | None, progress: bool, known_game: tuple[int, int] = (0, 0),
         first_bits: int = _FIRST_TABLE_BITS) -> dict:
    """Search from a canonical board; a table too small is doubled twice and
    the search started again, unless ``table_bits`` is given.  A table the
    process cannot have (a cap on its memory) is a :class:`SolverError`
    that says its size."""
    mod = _need()
    bits = first_bits if table_bits is None else table_bits
    c0 = time.process_time()
    while True:
        left = -1.0 if cpu_seconds is None else max(0.0, cpu_seconds - (time.process_time() - c0))
        try:
            out = mod.solve(board, max_states, bits, left, progress, *known_game)
        except MemoryError:
            raise SolverError(f"{len(board) // 2} columns: the compiled search's table of 2^{bits} boards "
                              f"({(8 << bits) // 2 ** 20:,} MB) cannot be allocated (the process's memory is "
                              f"capped below it): give a smaller --max-states, which makes the table smaller, "
                              f"or use the reference search (--reference), which holds at most --memory MB "
                              f"of boards") from None
        if not out["table_full"] or table_bits is not None or bits >= _MAX_TABLE_BITS:
            out["table_bits"] = bits
            return out
        bits = min(bits + 2, _MAX_TABLE_BITS)


def _turns(ring, board: int, path) -> tuple[list[list[int]], list[int], int]:
    """The C search's (hole, kind) edges, replayed by the reference's own
    segment: per-turn choices, laps per turn, final board.  Fails loudly if an
    edge does not do what the compiled search says it does."""
    turns: list[list[int]] = [[]]
    laps_per_turn = [0]
    for p, kind in path:
        k, board, laps, _ = ring.segment(board, p)
        if k != kind:
            raise AssertionError(f"compiled edge {p} ends as {k}, not {kind}")
        turns[-1].append(p)
        laps_per_turn[-1] += laps
        if kind == 1:
            turns.append([])
            laps_per_turn.append(0)
    return turns, laps_per_turn, board


def solve_board(columns: int, board: Sequence[int], max_states: int = 2_000_000,
                table_bits: int | None = None) -> dict:
    """As :func:`search.solve_board` (same keys), with the compiled search."""
    ref._check_columns(columns)
    board = list(board)
    if len(board) != 2 * columns or any(not isinstance(v, int) or v < 0 for v in board):
        raise SolverError(f"a canonical board is {2 * columns} counts >= 0")
    if sum(board) - board[0] + 2 * columns - 1 > 47:
        raise SolverError("too many seeds outside the special hole for the compiled search")
    out = _run(board, max_states, None, table_bits, False)
    if out["solved"]:
        ring = ref._Ring(columns, seeds=sum(board))
        turns, lpt, last = _turns(ring, ring.pack(board), out["path"])
        assert last == ring.goal and sum(lpt) == out["laps"] and len(turns) == out["t"] + 1
        return dict(solved=True, turns=out["t"] + 1, laps=out["laps"], choices=turns,
                    explored=out["explored"])
    return dict(solved=out["impossible"], turns=None, laps=None, choices=None,
                explored=out["explored"])


def solve(columns: int, special: str | None = None, direction: str = COUNTERCLOCKWISE,
          max_states: int = 10**12, time_budget_seconds: float | None = None,
          table_bits: int | None = None, progress: bool = False,
          known_game: tuple[int, int] | None = None) -> tuple[Result, dict]:
    """As :func:`search.solve` (minimum turns, then laps, from the puzzle's
    start), with the compiled search.  Returns the :class:`Result` and the
    search's own figures (table size, boards queued at the peak, boards
    visited when reading the game back, boards entering each turn layer).
    A cut-off search gives bounds only (no greedy upper bound here).

    ``known_game`` = (turns, laps) of a game known to exist (e.g. an upper
    bound found earlier): in the last turn layer that could still beat it,
    boards whose laps plus the admissible bound exceed its laps are dropped,
    which saves memory and changes no answer; a bound that is not a real game
    is reported as an error."""
    ref._check_columns(columns)
    ref._check_direction(direction)
    special = ref.default_special(columns) if special is None else special
    names = ref._ring(columns, special, direction)
    t0 = time.perf_counter()
    c0 = time.process_time()
    try:
        out = _run(ref._canonical_start(columns), max_states, time_budget_seconds, table_bits,
                   progress, known_game or (0, 0),
                   _first_bits(_START_TABLE_BITS[columns], max_states, 2 * columns))
    except ValueError as err:
        raise SolverError(str(err)) from None
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    common = dict(columns=columns, special=special, direction=direction,
                  states_explored=out["explored"], states_stored=out["stored"],
                  cyclic_segments=out["cyclic"], layer_sizes=tuple(out["layer_sizes"]),
                  seconds=wall, cpu_seconds=cpu)
    t = out["t"]
    if out["solved"]:
        ring = ref._ring_for(columns)
        turns, lpt, last = _turns(ring, ring.start, out["path"])
        assert last == ring.goal and sum(lpt) == out["laps"] and len(turns) == t + 1
        T, L = t + 1, out["laps"]
        result = Result(
            **common, solved=True, turns=T, laps=L,
            sequence=tuple(tuple(names[p] for p in turn) for turn in turns),
            laps_per_turn=tuple(lpt), method=METHOD_EXACT, turns_lower_bound=T,
            turns_upper_bound=T, laps_lower_bound=L, laps_upper_bound=L,
        )
    elif out["impossible"]:
        result = Result(
            **common, solved=True, turns=None, laps=None, sequence=None, laps_per_turn=None,
            method="exhaustive BFS over turns: the special hole can never be filled",
            turns_lower_bound=t + 1, turns_upper_bound=None, laps_lower_bound=0,
            laps_upper_bound=None,
        )
    else:
        lb = out.get("laps_lb")
        why = "the table is full" if out["table_full"] else "the budget ran out"
        result = Result(
            **common, solved=False, turns=None, laps=None, sequence=None, laps_per_turn=None,
            method=ref.METHOD_BOUNDS, turns_lower_bound=t + 1, turns_upper_bound=None,
            laps_lower_bound=0 if lb is None else lb, laps_upper_bound=None,
            notes=(f"compiled search stopped in turn layer {t} ({why}) after "
                   f"{out['explored']} boards: no win in fewer than {t + 1} turns"),
        )
    if known_game:
        result = Result(**{**result.__dict__, "notes": (result.notes + "; " if result.notes else "")
                           + f"boards that could not beat a known {known_game[0]}-turn, "
                           f"{known_game[1]}-lap game were dropped in turn layer {known_game[0] - 1}"})
    figures = {k: out[k] for k in ("table_bits", "table_slots", "queued_peak",
                                   "readback_boards", "entry_sizes")}
    return result, figures
