"""Benchmark the katro bevohoka solver, one width after the other, in one run.

Usage: PYTHONPATH=. python bench/bench_solver.py [--max-columns N] [--max-states S]
                                                 [--cpu-budget SECONDS] [--tracemalloc]
                                                 [--compare-columns C] [--compare-repeat R]
                                                 [--compiled-columns C]

Each width is solved in a fresh child process (fork), so that its peak memory
(resident set, from getrusage) is its own; with --tracemalloc the peak of
Python allocations is measured instead (slower: tracemalloc hooks every
allocation).  Prints, per width: outcome, boards expanded, boards stored,
wall and CPU time, boards expanded per second, peak memory.

Then, side by side in the same run: the pure-Python reference and the compiled
search on the same width (--compare-columns, default 6), run --compare-repeat
times each (default 3, taking turns), boards expanded per CPU second of each
one's fastest run and their ratio (issue 18's target: at least 20); and the compiled search on --compiled-columns
(default 8: minutes of CPU and several GB of memory), with its time and peak
memory.
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


def _compiled(columns: int, queue) -> None:
    from mancala_diagrams.solver import compiled

    r, figures = compiled.solve(columns, known_game=compiled.KNOWN_GAMES.get(columns))
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    queue.put(dict(columns=columns, solved=r.solved, turns=r.turns, laps=r.laps,
                   turns_bounds=(r.turns_lower_bound, r.turns_upper_bound),
                   laps_bounds=(r.laps_lower_bound, r.laps_upper_bound),
                   explored=r.states_explored, stored=r.states_stored, wall=r.seconds,
                   cpu=r.cpu_seconds, peak_mib=peak, figures=figures))


def _child(ctx, target, *args) -> dict:
    q = ctx.Queue()
    p = ctx.Process(target=target, args=(*args, q))
    p.start()
    row = q.get()
    p.join()
    return row


def _result(row) -> str:
    if row["solved"]:
        return f"{row['turns']} turns, {row['laps']} laps"
    return f"bounds t{row['turns_bounds']} l{row['laps_bounds']}"


def compare(ctx, columns: int, eight: int, max_states: int, repeat: int) -> None:
    from mancala_diagrams.solver import compiled

    if not compiled.available():
        print("compiled solver: not built (no C compiler at install time)")
        return
    print(f"\nPure-Python reference vs compiled search, {columns} columns (fresh process each, "
          f"{repeat} runs of each taking turns, the fastest in CPU time shown)")
    print(f"{'solver':<10} {'result':<18} {'expanded':>10} {'stored':>10} {'wall s':>7} "
          f"{'cpu s':>7} {'boards/cpu s':>13} {'peak MiB':>9}  each run's cpu s")
    runs = {"reference": [], "compiled": []}
    solvers = (("reference", _one, (columns, max_states, 10**6, False)), ("compiled", _compiled, (columns,)))
    # on this virtual machine the same compiled 6-column search took 0.15 s and 0.19 s of CPU
    # in runs seconds apart: the two solvers take turns, and each one's fastest run is compared
    for _ in range(repeat):
        for name, target, args in solvers:
            runs[name].append(_child(ctx, target, *args))
    rows = {}
    for name, _target, _args in solvers:
        row = rows[name] = min(runs[name], key=lambda r: r["cpu"])
        rate = row["explored"] / row["cpu"] if row["cpu"] else float("nan")
        row["rate"] = rate
        each = ", ".join(f"{r['cpu']:.2f}" for r in runs[name])
        print(f"{name:<10} {_result(row):<18} {row['explored']:>10} {row['stored']:>10} "
              f"{row['wall']:>7.2f} {row['cpu']:>7.2f} {rate:>13.0f} {row['peak_mib']:>9.1f}  {each}", flush=True)
    same = all((r["turns"], r["laps"]) == (rows["reference"]["turns"], rows["reference"]["laps"])
               for name in runs for r in runs[name])
    ratio = rows["compiled"]["rate"] / rows["reference"]["rate"]
    print(f"compiled / reference boards per CPU second: {ratio:.1f} (target >= 20: "
          f"{'met' if ratio >= 20 else 'MISSED'}; same optimum: {'yes' if same else 'NO'})")
    if eight:
        print(f"\nCompiled search, {eight} columns (the proof of the site's table)", flush=True)
        row = _child(ctx, _compiled, eight)
        f = row["figures"]
        print(f"result: {_result(row)}; {row['explored']} boards expanded, {row['stored']} stored "
              f"(table of 2^{f['table_bits']} slots, {f['queued_peak']} queued at most, boards "
              f"entering each turn layer {f['entry_sizes']}); wall {row['wall']:.1f} s, CPU "
              f"{row['cpu']:.1f} s, peak RSS {row['peak_mib']:.0f} MiB", flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--min-columns", type=int, default=2)
    ap.add_argument("--max-columns", type=int, default=7)
    ap.add_argument("--max-states", type=int, default=10_000_000)
    ap.add_argument("--cpu-budget", type=float, default=300.0, help="CPU seconds per width")
    ap.add_argument("--tracemalloc", action="store_true")
    ap.add_argument("--compare-columns", type=int, default=6,
                    help="width solved by both the reference and the compiled search (0: none)")
    ap.add_argument("--compare-repeat", type=int, default=3,
                    help="runs of each solver on --compare-columns, taking turns (the fastest is compared)")
    ap.add_argument("--compiled-columns", type=int, default=8,
                    help="width solved by the compiled search alone (0: none)")
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
    if args.compare_columns:
        compare(ctx, args.compare_columns, args.compiled_columns, args.max_states, max(1, args.compare_repeat))
    return 0


if __name__ == "__main__":
    sys.exit(main())
