"""Command line for the katro bevohoka solver (``mancala-diagrams solve``).

:func:`run` parses its arguments, prints the result and returns an exit code:
0 on success (including a result that only has bounds), 2 on a usage error.
Errors are printed as one clear line on stderr, never as a traceback.

The compiled search answers when it was built (the same answers as the
pure-Python reference, tested against it): seven columns in about a second,
eight in minutes of one processor and some 5 GB; ``--reference`` asks the
reference, whose default cap of boards answers up to seven columns.  A search
stopped by a cap says which one, and by how much to raise it if the width's
table says so.
"""

from __future__ import annotations

import argparse
import json
import sys

from . import options
from ..solver.search import (
    CLOCKWISE,
    COUNTERCLOCKWISE,
    MAX_COLUMNS,
    MIN_COLUMNS,
    Result,
    SolverError,
    solve,
    table_row,
)


#: the reference's default cap: enough for seven columns (4,065,389 boards expanded)
REFERENCE_MAX_STATES = 5_000_000


class _UsageError(Exception):
    pass


class _Parser(options.Parser):
    def error(self, message):  # no SystemExit, no usage dump
        raise _UsageError(message)


#: what one board the exact search holds takes, in bytes (measured: 166 to 208
#: on 7 and 8 columns, with the rest of the process): the memory cap in boards
BYTES_PER_BOARD = 256


def _parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="mancala-diagrams solve",
        description="Fewest turns (then laps) to fill the special hole in katro bevohoka.",
    )
    p.add_argument("--columns", type=options.count(MIN_COLUMNS, MAX_COLUMNS), required=True,
                   help=f"board width, {MIN_COLUMNS} to {MAX_COLUMNS}")
    p.add_argument("--special", metavar="HOLE", default=None,
                   help="special hole, e.g. f2 (default: inner-row right end; "
                        "every hole gives the same optimum)")
    p.add_argument("--direction", choices=[COUNTERCLOCKWISE, CLOCKWISE], default=COUNTERCLOCKWISE)
    p.add_argument("--max-states", type=options.count(1, 1_000_000_000), default=None,
                   help=f"cap on boards expanded by the exact search (default: none with the compiled search, "
                        f"{REFERENCE_MAX_STATES} with the reference)")
    p.add_argument("--memory", type=options.megabytes, default=1024, metavar="MB",
                   help=f"cap on the memory of the boards the reference search holds, counted as "
                        f"{BYTES_PER_BOARD} bytes a board (default 1024; the compiled search's table has "
                        "its own largest size, which it names when full)")
    p.add_argument("--reference", action="store_true",
                   help="use the pure-Python reference solver even when the compiled search is built")
    p.add_argument("--time-budget", type=options.seconds, default=None, metavar="SECONDS",
                   help="cap on CPU seconds of the exact search")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    return p


def format_result(r: Result, cap: int | None = None, compiled: bool = False) -> str:
    lines = [f"katro bevohoka, {r.columns} columns, special hole {r.special}, {r.direction}"]
    if r.solved and r.turns is not None:
        lines.append(f"optimum: {r.turns} turns, {r.laps} laps")
    elif r.solved:
        lines.append("the special hole can never be filled")
    else:
        hi_t = "?" if r.turns_upper_bound is None else r.turns_upper_bound
        hi_l = "?" if r.laps_upper_bound is None else r.laps_upper_bound
        lines.append(f"not solved within the budget: turns in [{r.turns_lower_bound}, {hi_t}]; "
                     f"with {r.turns_lower_bound} turns, laps in [{r.laps_lower_bound}, {hi_l}]")
    if r.sequence:
        for i, turn in enumerate(r.sequence, 1):
            laps = r.laps_per_turn[i - 1]
            lines.append(f"  turn {i} ({laps} laps): {' '.join(turn)}")
    if not r.solved:
        lines.append(f"to answer: {_what_to_raise(r, cap, compiled)}")
    lines.append(f"method: {r.method}")
    lines.append(f"boards expanded: {r.states_explored}, stored: {r.states_stored}, "
                 f"{r.seconds:.2f} s wall, {r.cpu_seconds:.2f} s CPU")
    if r.cyclic_segments:
        lines.append(f"choices whose relays never end (treated as dead ends): {r.cyclic_segments}")
    if r.notes:
        lines.append(f"note: {r.notes}")
    return "\n".join(lines)


def _what_to_raise(r: Result, cap: int | None, compiled: bool) -> str:
    """Which bound stopped a search that did not answer, in words."""
    if "table is full" in (r.notes or ""):
        return "the compiled search's table is full (its largest size): this width is out of its reach"
    if cap is not None and r.states_explored >= cap:
        return (f"the search expanded --max-states {cap} boards; raise --max-states"
                + ("" if compiled else " (or use the compiled search, which has no cap)"))
    return "the search used up --time-budget; raise --time-budget (or leave it out)"


def _solve(args) -> tuple[Result, int | None, bool]:
    """The result, the cap on boards it had, and whether the compiled search gave it."""
    from ..solver import compiled
    if compiled.available() and not args.reference:
        r, _ = compiled.solve(args.columns, special=args.special, direction=args.direction,
                              max_states=args.max_states or 10**12, time_budget_seconds=args.time_budget)
        return r, args.max_states, True
    cap = args.max_states or REFERENCE_MAX_STATES
    r = solve(args.columns, special=args.special, direction=args.direction, max_states=cap,
              time_budget_seconds=args.time_budget, max_stored=args.memory * 2 ** 20 // BYTES_PER_BOARD)
    return r, cap, False


def run(argv: list[str] | None = None, out=None, err=None) -> int:
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["--"]:  # "mancala-diagrams solve -- --columns 6"
        argv = argv[1:]
    try:
        args = _parser().parse_args(argv)
        r, cap, compiled = _solve(args)
    except (_UsageError, SolverError) as e:
        print(f"mancala-diagrams solve: error: {e}", file=err)
        return 2
    except SystemExit as e:  # --help
        return e.code if isinstance(e.code, int) else 0
    except KeyboardInterrupt:
        print("mancala-diagrams solve: interrupted", file=err)
        return 130
    if args.json:
        print(json.dumps(table_row(r), indent=1), file=out)
    else:
        print(format_result(r, cap, compiled), file=out)
        print("bound: " + (f"at most {cap:,} boards expanded" if cap else "no cap on boards expanded")
              + ("" if compiled else f", {args.memory:,} MB of boards held "
                                     f"({args.memory * 2 ** 20 // BYTES_PER_BOARD:,} boards)")
              + (f", {args.time_budget:g} s of CPU" if args.time_budget is not None else ""), file=out)
    return 0


if __name__ == "__main__":
    sys.exit(run())
