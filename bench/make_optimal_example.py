"""Write the worked example of an optimal katro bevohoka game from the results table.

Usage: PYTHONPATH=. python bench/make_optimal_example.py COLUMNS [TABLE.json]

Reads the optimal game of that width (docs/data/bevohoka-solutions.json by
default) and writes sources/katro-bevohoka/katro-bevohoka-optimal-game-C.yaml:
the set-up, then one move per turn (the hole chosen at the start of the turn,
then each hole chosen after a lap ended in the special hole), and a diagram of
the board at the end of every turn.  The boards are computed by the solver's
own simulator (``search.play``); the site build replays the moves with the
rules engine and checks that it reaches the same boards.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from mancala_diagrams.solver.search import initial_rows, play

ROOT = Path(__file__).resolve().parent.parent
WORDS = {2: ("two", "deux"), 3: ("three", "trois"), 4: ("four", "quatre"), 5: ("five", "cinq"),
         6: ("six", "six"), 7: ("seven", "sept"), 8: ("eight", "huit")}


def grid(rows) -> str:
    return "\n".join("      " + " ".join(str(v) if v else "." for v in row) for row in rows)


def main(argv: list[str]) -> int:
    columns = int(argv[0])
    table = Path(argv[1]) if len(argv) > 1 else ROOT / "docs" / "data" / "bevohoka-solutions.json"
    row = next(r for r in json.loads(table.read_text(encoding="utf-8"))["results"]
               if r["columns"] == columns)
    if row["status"] != "proved":
        sys.exit(f"{columns} columns: no proved optimum in {table}")
    special, direction = row["special"], row["direction"]
    turns, laps = row["min_turns"], row["min_laps"]
    rows = initial_rows(columns, special, direction)
    moves = [f"  - {{target: {special}, direction: {direction}}}"]
    diagrams = []
    for n, choices in enumerate(row["sequence"], start=2):
        for hole in choices:
            rows = play(rows, hole, special, direction).rows
        then = ", ".join(f"{{hole: {h}}}" for h in choices[1:])
        moves.append(f"  - hole: {choices[0]}\n    direction: {direction}"
                     + (f"\n    then: [{then}]" if then else ""))
        at = "end" if n == turns + 1 else f"turn {n} end"
        diagrams.append(f"  - id: katro-bevohoka-optimal-{columns}-{n - 1:02d}\n    at: {at}\n"
                        f"    board: |\n{grid(rows)}")
    en, fr = WORDS[columns]
    text = f"""# yaml-language-server: $schema=../../mancala_diagrams/files/schemas/example.schema.json
# Written by bench/make_optimal_example.py from docs/data/bevohoka-solutions.json.
example: katro-bevohoka-optimal-game-{columns}
rules: katro-bevohoka-{columns}
generated: true
title:
  en: "An optimal solitaire game on {en} columns: {turns} turns, {laps} laps"
  fr: "Une partie en solitaire optimale sur {fr} colonnes : {turns} tours, {laps} semis"
source:
  page: katro-bevohoka
  describes: [busser]
  note: "Found by the project's solver (docs/data/bevohoka-solutions.json); no source has it. The boards below were computed by the solver's own simulator and are replayed here by the rules engine."
start:
  to_move: south
moves:
{chr(10).join(moves)}
diagrams:
{chr(10).join(diagrams)}
"""
    out = ROOT / "sources" / "katro-bevohoka" / f"katro-bevohoka-optimal-game-{columns}.yaml"
    out.write_text(text, encoding="utf-8")
    print(f"wrote {out.relative_to(ROOT)}: {turns} turns, {laps} laps")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
