"""How much of each published page `mancala-diagrams draft` drafts, and how fast.

    .venv/bin/python bench/bench_draft.py [PAGE ...] [--turns N] [--positions N]

For each page (default: every page of the published transcriptions), the
draft is written into a temporary folder, then every drafted file that holds
no TODO is verified as it was written, and the diagrams of the page are
counted one by one:

- ``decisions``: placed by moves the search found, in a file that verify
  accepts unchanged, and that verify says reproduces the published grid
  (status ``verified``; an erratum or a picture does not count);
- ``rules start``: the rules' own starting board, verified (no decision leads
  there: shown apart);
- ``own start``: a diagram whose board a new chain starts from (copied from
  the page: not drafted with decisions);
- ``drawn``: a numbered sowing order or coloured holes on an empty board,
  drawn from the rules (``kind: track`` or ``special-holes``), verified;
- ``TODO``: not reached, or refused by verify.

Three shares are printed: ``%acc``, the diagrams in files verify accepts
unchanged (decisions, both kinds of start, drawn) over the page's diagrams;
``%dec``, ``decisions`` over the page's diagrams; ``%follow``, ``decisions``
over the diagrams that should follow from an earlier one (``decisions`` and
``TODO``: a start or a drawing follows from none).  An own start is a board
the page sets up itself (a position no move leads to, a turn shown from its
middle): its board is the page's, but the player to move, the reserves and
the seeds in hand are the search's, and the file is accepted only if the
diagrams after it are reached.  The time is the wall-clock time of the draft
alone (the verification after it is not counted).  As ``mancala-diagrams
draft`` does, the compiled katro bevohoka search (cli/bevohoka_search.py)
answers for the rules it plays; ``--engine-only`` leaves every search to the
engine, for the figures before it.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mancala_diagrams.cli.bevohoka_search import bevohoka_search  # noqa: E402
from mancala_diagrams.errors import MancalaError  # noqa: E402
from mancala_diagrams.files.draft import draft_page, measure  # noqa: E402
from mancala_diagrams.files.project import published_dir  # noqa: E402
from mancala_diagrams.files.verify import Verifier  # noqa: E402


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pages", nargs="*", help="published pages (default: all)")
    ap.add_argument("--turns", type=int, default=None, help="draft's --turns (default: draft's own)")
    ap.add_argument("--positions", type=int, default=None, help="draft's --positions (default: draft's own)")
    ap.add_argument("--rules", action="append", help="draft's --rules (default: draft's own choice)")
    ap.add_argument("--engine-only", action="store_true",
                    help="search with the engine alone, as before the compiled katro bevohoka search was offered")
    args = ap.parse_args(argv)
    v = Verifier(ROOT)
    pages = args.pages or sorted(p.stem for p in published_dir(ROOT).glob("*.json"))
    options = {k: getattr(args, k) for k in ("turns", "positions") if getattr(args, k) is not None}
    head = f"{'page':18} {'diagrams':>8} {'decisions':>9} {'rules start':>11} {'own start':>9} {'drawn':>5} " \
           f"{'TODO':>5} {'%acc':>5} {'%dec':>5} {'%follow':>7} {'seconds':>8}"
    print(head)
    print("-" * len(head))
    totals = [0] * 6
    for page in pages:
        with tempfile.TemporaryDirectory() as tmp:
            wall = time.perf_counter()
            try:
                files = draft_page(v, page, args.rules, searches=() if args.engine_only else [bevohoka_search],
                                   **options)
            except MancalaError as exc:     # no rules fit the page: nothing drafted
                print(f"{page:18} {exc}", flush=True)
                continue
            seconds = time.perf_counter() - wall
            m = measure(v, files, Path(tmp))
        row = [m.total, len(m.decisions), len(m.rules_start), len(m.drawn), len(m.own_start), len(m.todo)]
        totals = [a + b for a, b in zip(totals, row)]
        print(line(page, row) + f" {seconds:8.1f}", flush=True)
    print("-" * len(head))
    print(line("all", totals))


def line(name, row):
    total, decisions, start, drawn, own, todo = row
    accepted = decisions + start + own + drawn
    return (f"{name:18} {total:8} {decisions:9} {start:11} {own:9} {drawn:5} {todo:5} "
            f"{100 * accepted // max(total, 1):5} {100 * decisions // max(total, 1):5} "
            f"{100 * decisions // max(decisions + todo, 1):7}")


if __name__ == "__main__":
    main()
