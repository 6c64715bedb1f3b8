"""Engine and verifier speed, measured side by side in one run.

    .venv/bin/python bench/bench_engine.py [--repeat N]

Prints: the time of a whole `verify` over sources/ (best and median of N runs,
excluding interpreter start-up), the diagrams checked per second, and for each
playable rules file the speed of random legal play (turns and laps per second),
with the ratio of each to katro-6 measured in the same run.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mancala_diagrams.engine.turn import run_turn  # noqa: E402
from mancala_diagrams.errors import EndlessTurn  # noqa: E402
from mancala_diagrams.files.loader import RulesLibrary  # noqa: E402
from mancala_diagrams.files.verify import Verifier  # noqa: E402


def time_verify(repeat):
    times, rows = [], []
    for _ in range(repeat):
        start = time.perf_counter()     # a cold verify each time: a new verifier loads every file again
        rows = Verifier(ROOT).verify()
        times.append(time.perf_counter() - start)
    return times, rows


def random_play(rules, turns, seed=1):
    rng = random.Random(seed)
    pos = rules.initial_position()
    played = laps = 0
    start = time.perf_counter()
    while played < turns:
        if rules.outcome(pos):
            pos = rules.initial_position()
            continue
        events = []
        try:
            pos = run_turn(rules, pos, lambda ask: rng.choice(ask.options), 1, events).position
        except EndlessTurn:
            pos = rules.initial_position()
        played += 1
        laps += sum(1 for e in events if e.kind == "lap_end")
    return played, laps, time.perf_counter() - start


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--turns", type=int, default=400)
    args = ap.parse_args()
    times, rows = time_verify(args.repeat)
    n = len(rows)
    print(f"verify: {n} diagrams, best {min(times)*1000:.1f} ms, median {statistics.median(times)*1000:.1f} ms "
          f"over {args.repeat} runs ({n / statistics.median(times):.0f} diagrams/s)")
    lib = RulesLibrary(ROOT / "rules")
    results = {}
    for name in lib.names():
        if lib.raw(name).get("abstract"):
            continue
        rules = lib.load(name)
        results[name] = random_play(rules, args.turns)
    base = results.get("katro-6")
    print(f"{'rules':40} {'turns/s':>9} {'laps/s':>9} {'vs katro-6':>10}")
    for name, (turns, laps, secs) in results.items():
        ratio = f"{(turns / secs) / (base[0] / base[2]):.2f}" if base else "-"
        print(f"{name:40} {turns / secs:9.0f} {laps / secs:9.0f} {ratio:>10}")


if __name__ == "__main__":
    main()
