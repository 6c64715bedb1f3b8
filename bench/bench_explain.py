"""Speed of the search behind `mancala-diagrams explain` and errata evidence.

    .venv/bin/python bench/bench_explain.py [--positions N] [--others N]

Prints, in one run:
- a search of N distinct positions (default one million) on katro-8 from the
  rules' start, for a board no continuation reaches (so the search runs to the
  limit): wall-clock and CPU time, positions per second, boards compared per
  second (every event of every turn is a board compared);
- the same search on other rules, smaller (``--others`` positions), with each
  one's speed as a ratio to katro-8's in the same run;
- `explain` on a few published diagrams (time each).
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mancala_diagrams.engine.search import Bound, search  # noqa: E402
from mancala_diagrams.files.loader import RulesLibrary  # noqa: E402


def unreachable(rules):
    """A board no continuation reaches: every seed of the game in one hole
    more than the game has (the seed count alone rules it out)."""
    start = rules.initial_position()
    total = sum(start.cells) + sum(start.reserves)
    return (total + 1,) + (0,) * (len(start.cells) - 1)


def timed_search(rules, positions):
    start = rules.initial_position()
    wall, cpu = time.perf_counter(), time.process_time()
    result = search(rules, start, unreachable(rules), Bound(turns=50, positions=positions))
    return result, time.perf_counter() - wall, time.process_time() - cpu


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=1_000_000)
    ap.add_argument("--others", type=int, default=100_000)
    args = ap.parse_args(argv)
    lib = RulesLibrary(ROOT / "rules")

    print(f"== explain search: {args.positions} distinct positions, katro-8 from the start")
    r, wall, cpu = timed_search(lib.load("katro-8"), args.positions)
    print(f"  positions        {r.positions:>10}   (distinct positions between turns, dedup by board, "
          f"player, reserves, state)")
    print(f"  boards compared  {r.snapshots:>10}   (the board after every event of every turn)")
    print(f"  wall time        {wall:>10.1f} s   CPU time {cpu:.1f} s (one core)")
    print(f"  positions/s      {r.positions / cpu:>10.0f}   (CPU)   boards/s {r.snapshots / cpu:.0f}")
    print(f"  1,000,000 positions in {1_000_000 / (r.positions / cpu):.1f} s CPU "
          f"({'under' if 1_000_000 / (r.positions / cpu) < 60 else 'over'} a minute)")

    print(f"\n== the same search, {args.others} positions, by rules (ratio: positions/s to katro-8's)")
    base = None
    for name in ("katro-8", "katro-6", "katro-bevohoka-6", "mraha-wa-ntso", "katra-fandatsaka-8",
                 "katra-be", "katro-fianarantsoa-busser-4"):
        try:
            rules = lib.load(name)
        except Exception as exc:        # a rules file that is not in this checkout
            print(f"  {name:28} skipped: {exc}")
            continue
        r, wall, cpu = timed_search(rules, args.others)
        speed = r.positions / cpu if cpu else float("inf")
        base = base or speed
        print(f"  {name:28} {r.positions:>8} positions {cpu:6.2f} s CPU  {speed:>8.0f}/s  "
              f"{r.snapshots / cpu:>9.0f} boards/s  x{speed / base:.2f}")

    print("\n== explain on published diagrams (CPU time each)")
    from mancala_diagrams.files.explain import explain
    for did in ("katro-12", "katro-gorobaka-12", "katro-gorobaka-32", "katro-betsileo-32", "katro-bevohoka-08"):
        cpu = time.process_time()
        try:
            x = explain(did, root=ROOT)
        except Exception as exc:
            print(f"  {did:22} {exc}")
            continue
        cpu = time.process_time() - cpu
        r = x.result
        what = f"found at {x.anchor}" if x.found else "not found"
        print(f"  {did:22} {what:34} {r.positions if r else 0:>8} positions  {cpu:6.2f} s")


if __name__ == "__main__":
    main()
