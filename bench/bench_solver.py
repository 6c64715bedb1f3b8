"""Benchmark the katro bevohoka solver, one width after the other, in one run.

Usage: PYTHONPATH=. python bench/bench_solver.py [--max-columns N] [--max-states S]
                                                 [--cpu-budget SECONDS] [--tracemalloc]

Each width is solved in a fresh child process (fork), so that its peak memory
(resident set, from getrusage) is its own; with --tracemalloc the peak of
Python allocations is measured instead (slower: tracemalloc hooks every
allocation).  Prints, per width: outcome, boards expanded, boards stored,
wall and CPU time, boards expanded per second, peak memory.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import resource
import sys
import time


def _one(columns: int, max_states: int, cpu_budget: float, use_tracemalloc: bool, queue) -> None:
    from mancala_diagrams.solver.search import solve

    if use_tracemalloc:
        import tracemalloc

        tracemalloc.start()
    t0 = time.perf_counter()
    r = solve(columns, max_states=max_states, time_budget_seconds=cpu_budget)
    wall = time.perf_counter() - t0
    if use_tracemalloc:
        peak = tracemalloc.get_traced_memory()[1] / 2**20
        kind = "tracemalloc peak"
    else:
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
        kind = "peak RSS"
    queue.put(dict(
        columns=columns, solved=r.solved, turns=r.turns, laps=r.laps,
        turns_bounds=(r.turns_lower_bound, r.turns_upper_bound),
        laps_bounds=(r.laps_lower_bound, r.laps_upper_bound),
        explored=r.states_explored, stored=r.states_stored,
        wall=wall, cpu=r.cpu_seconds, peak_mib=peak, peak_kind=kind,
    ))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--min-columns", type=int, default=2)
    ap.add_argument("--max-columns", type=int, default=7)
    ap.add_argument("--max-states", type=int, default=10_000_000)
    ap.add_argument("--cpu-budget", type=float, default=300.0, help="CPU seconds per width")
    ap.add_argument("--tracemalloc", action="store_true")
    args = ap.parse_args(argv)
    ctx = mp.get_context("fork")
    print(f"{'C':>2} {'result':<26} {'expanded':>10} {'stored':>10} {'wall s':>8} "
          f"{'cpu s':>8} {'boards/s':>9} {'/cpu s':>9} {'peak MiB':>9}")
    for c in range(args.min_columns, args.max_columns + 1):
        q = ctx.Queue()
        p = ctx.Process(target=_one, args=(c, args.max_states, args.cpu_budget, args.tracemalloc, q))
        p.start()
        row = q.get()
        p.join()
        if row["solved"]:
            res = f"{row['turns']} turns, {row['laps']} laps"
        else:
            res = f"bounds t{row['turns_bounds']} l{row['laps_bounds']}"
        rate = row["explored"] / row["wall"] if row["wall"] else float("nan")
        cpu_rate = row["explored"] / row["cpu"] if row["cpu"] else float("nan")
        print(f"{c:>2} {res:<26} {row['explored']:>10} {row['stored']:>10} {row['wall']:>8.2f} "
              f"{row['cpu']:>8.2f} {rate:>9.0f} {cpu_rate:>9.0f} {row['peak_mib']:>9.1f}", flush=True)
    print("(peak memory: " + ("tracemalloc peak of Python allocations" if args.tracemalloc
                              else "resident set high-water mark of the width's own process") + ")")
    return 0


if __name__ == "__main__":
    sys.exit(main())
