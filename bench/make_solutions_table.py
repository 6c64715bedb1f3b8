"""Measure the katro bevohoka optimum per width and write the results table.

Usage: PYTHONPATH=. python bench/make_solutions_table.py [OUT.json] [CPU_BUDGET] [MAX_STATES]
                                                        [--compiled-from C] [--reuse]

Defaults: docs/data/bevohoka-solutions.json, 540 CPU seconds for all widths
2..8 together, 6 million boards expanded at most per width (memory: about
1.5 GB per million at 8 columns).  The file is rewritten after each width.

Widths from --compiled-from on (default 8) are solved by the compiled search
(mancala_diagrams.solver.compiled, no budget: 8 columns takes minutes of CPU
and about 5 GB); the narrower ones by the pure-Python reference.  --reuse
keeps the rows of the widths below --compiled-from from the existing OUT file
instead of solving them again.
"""

from __future__ import annotations

import json
import os
import platform
import resource
import sys
import time

from mancala_diagrams.solver.search import (
    CLOCKWISE, COUNTERCLOCKWISE, MAX_COLUMNS, MIN_COLUMNS, hole_names, puzzle_counter, relabel_sequence,
    solve_table,
)


def add_every_special_hole(row: dict) -> dict:
    """The same optimum for every special hole and both directions (ring
    symmetry), and what the source's puzzle counter shows at its end."""
    if row.get("sequence") is None:
        return row
    row["puzzle_counter"] = puzzle_counter(row["columns"], row["sequence"], row["special"], row["direction"])
    c, s, d = row["columns"], row["special"], row["direction"]
    row["every_special_hole"] = {
        direction: {
            hole: [list(t) for t in relabel_sequence(c, row["sequence"], s, d, hole, direction)]
            for hole in hole_names(c)
        }
        for direction in (COUNTERCLOCKWISE, CLOCKWISE)
    }
    return row


def main(argv: list[str]) -> int:
    compiled_from = MAX_COLUMNS
    if "--compiled-from" in argv:
        i = argv.index("--compiled-from")
        compiled_from = int(argv[i + 1])
        argv = argv[:i] + argv[i + 2:]
    reuse = "--reuse" in argv
    argv = [a for a in argv if a != "--reuse"]
    out = argv[0] if argv else "docs/data/bevohoka-solutions.json"
    budget = float(argv[1]) if len(argv) > 1 else 540.0
    max_states = int(argv[2]) if len(argv) > 2 else 6_000_000
    t0 = time.perf_counter()
    rows = []
    c0 = time.process_time()
    old = {}
    if reuse and os.path.exists(out):
        with open(out, encoding="utf-8") as fh:
            old = {r["columns"]: r for r in json.load(fh)["results"]}
    for c in range(MIN_COLUMNS, MAX_COLUMNS + 1):  # one width at a time: the file is rewritten after each
        if c >= compiled_from:
            rows.append(add_every_special_hole(compiled_row(c)))
            write(out, rows, budget, max_states, t0, compiled_from)
            continue
        if c in old:
            rows.append(old[c])
            continue
        left = budget - (time.process_time() - c0)
        if left <= 0:
            break
        rows += [add_every_special_hole(r) for r in
                 solve_table(c, left, max_states=max_states, min_columns=c)]
        write(out, rows, budget, max_states, t0, compiled_from)
    for r in rows:
        d = r["details"]
        print(r["columns"], r["special"], r["min_turns"], r["min_laps"], d["turns_bounds"],
              d["laps_bounds_for_min_turns"], r["positions"], r["cpu_seconds"], d["method"], flush=True)
    return 0


def compiled_row(columns: int) -> dict:
    """One width by the compiled search, with the proof's wording."""
    from mancala_diagrams.solver import compiled
    from mancala_diagrams.solver.search import table_row

    known = compiled.KNOWN_GAMES.get(columns)
    r, figures = compiled.solve(columns, known_game=known)
    row = table_row(r)
    row["details"]["compiled_search"] = {
        "table_slots": figures["table_slots"], "queued_at_most": figures["queued_peak"],
        "boards_entering_each_turn_layer": figures["entry_sizes"],
        "boards_visited_reading_the_game_back": figures["readback_boards"],
        "peak_rss_mib": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    }
    return row


def write(out, rows, budget, max_states, t0, compiled_from=MAX_COLUMNS):
    doc = {
        "game": "katro bevohoka (Ambohimanga version), solitaire",
        "question": "fewest turns to put all 4C seeds in the special hole, then fewest laps",
        "hole_notation": "columns a, b, c... from the player's left; row 1 outer, row 2 inner",
        "track": "counterclockwise: outer row left to right, then inner row right to left",
        "symmetry": (
            "the rules only see the ring of the 2C holes, so every special hole gives the same "
            "optimum (rotate the sequence), and clockwise is the mirror image; the table gives "
            "the inner-row right end, counterclockwise, as in the published example"
        ),
        "sequence": "per turn, the holes chosen (turn start, then after each lap ending in the special hole)",
        "every_special_hole": "per direction and special hole, the optimal sequence moved there by the ring symmetry",
        "puzzle_counter": ("what the source's training puzzle of that width shows at the end of the optimal "
                           "game: it counts the laps that end in an empty ordinary hole, so not the last turn"),
        "budget": {"cpu_seconds": budget, "max_states_per_width": max_states},
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count()},
        "runs": {
            "reference": (f"widths {MIN_COLUMNS} to {compiled_from - 1}: the pure-Python solver "
                          "(mancala_diagrams.solver.search), bench/make_solutions_table.py with the "
                          "budget above"),
            "compiled": (f"widths from {compiled_from}: the compiled search "
                         "(mancala_diagrams.solver.compiled), bench/make_solutions_table.py "
                         f"--compiled-from {compiled_from} --reuse; its time, memory and table "
                         "figures are in each row's details"),
        },
        "results": rows,
    }
    os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
    with open(out, "w", encoding="utf-8") as fh:
        json.dump(doc, fh, indent=1)
        fh.write("\n")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
