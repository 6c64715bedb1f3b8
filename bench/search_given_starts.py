"""Search whether a real game leads to each given start, and write the records.

Usage: PYTHONPATH=. python bench/search_given_starts.py [--turns T] [--positions N]
                                                        [--write] [EXAMPLE-NAME-PART ...]

A given start is a game example's own start board, copied from the page,
with a published diagram drawn at it (see mancala_diagrams/files/given_starts.py).
For each one (or those whose file name contains one of the words given) this
runs what :func:`given_starts.run` chooses: the seed count, the reserves' count
of turns, the katro bevohoka solver's closure, or the engine's breadth-first
search from the rules' start over T turns (the reserves' own count when they
imply one) and at most N positions.  It prints each result with its figures
(positions, CPU seconds) and, with --write, keeps them in
sources/given-starts.json, which `mancala-diagrams verify` checks (and
`verify --deep` runs again).  The searches are deterministic: the limits are
counts, not times.  They are long: run one at a time, with `nice`.
"""
from __future__ import annotations

import argparse
import resource
import sys
from pathlib import Path

from mancala_diagrams.engine.search import Bound
from mancala_diagrams.files.examples import replay_line
from mancala_diagrams.files.given_starts import given_diagrams, load_records, run, write_records
from mancala_diagrams.files.project import example_paths
from mancala_diagrams.files.verify import Verifier
from mancala_diagrams.solver.search import reachable

ROOT = Path(__file__).resolve().parent.parent


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--turns", type=int, default=3, help="turns searched when no reserve fixes them (default 3)")
    p.add_argument("--positions", type=int, default=2_000_000, help="at most this many positions (default 2000000)")
    p.add_argument("--write", action="store_true", help="keep the results in sources/given-starts.json")
    p.add_argument("only", nargs="*", help="only the examples whose file name contains one of these")
    args = p.parse_args(argv)
    v = Verifier(ROOT)
    records = load_records(ROOT)
    for path in example_paths(ROOT):
        if args.only and not any(w in path.name for w in args.only):
            continue
        example = v.loader.load(path)
        if example.generated or not given_diagrams(example, lambda line: replay_line(example, line)):
            continue
        rel = v.rel(path)
        record = run(example, rel, v.library, Bound(turns=args.turns, positions=args.positions), reachable)
        figures = ", ".join(f"{k} {v}" for k, v in record.get("figures", {}).items())
        bound = record.get("search", {})
        print(f"{path.stem:46} {record['result']:11} {record['argument']:10} {figures}"
              + (f"; searched {bound}" if bound else ""), flush=True)
        records[rel] = record
        if args.write:
            write_records(ROOT, records.values())
    print(f"peak memory {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
