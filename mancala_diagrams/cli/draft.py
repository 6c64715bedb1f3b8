"""``mancala-diagrams draft PAGE``: the command line of :mod:`..files.draft`."""
from __future__ import annotations

import sys
from pathlib import Path

from ..errors import MancalaError


def add_parser(sub):
    d = sub.add_parser("draft", help="write draft example files for a published page: consecutive diagrams "
                                     "chained by the search of explain, a TODO where none is found")
    d.add_argument("page", help="the published page (a file of ../shared/published without .json)")
    d.add_argument("--rules", action="append", help="rules to try (repeatable; default: those of the "
                                                    "page's examples in sources/)")
    d.add_argument("--dir", help="where to write (default: drafts/PAGE under the current folder)")
    d.add_argument("--turns", type=int, default=2, help="turns searched between two diagrams (default 2)")
    d.add_argument("--positions", type=int, default=100_000,
                   help="at most this many positions per search (default 100000)")
    d.add_argument("--force", action="store_true", help="overwrite existing files")
    d.add_argument("-v", "--verbose", action="store_true", help="say which diagram is being searched")
    d.set_defaults(func=cmd_draft)
    return d


def cmd_draft(args) -> int:
    from ..files.draft import draft_page
    from ..files.verify import Verifier
    v = Verifier()
    files = draft_page(v, args.page, args.rules, turns=args.turns, positions=args.positions,
                       log=lambda m: print(m, file=sys.stderr, flush=True) if args.verbose else None)
    out = Path(args.dir) if args.dir else Path("drafts") / args.page
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for f in files:
        path = out / f"{f.name}.yaml"
        if path.exists() and not args.force:
            raise MancalaError(f"{path} exists", expected="another --dir, or --force")
        path.write_text(f.text, encoding="utf-8")
        written.append((path, f))
    # what verify accepts unchanged (the TODO files are refused until reviewed)
    rows = v.verify([p for p, f in written if not f.todo])
    ok = {r["diagram"] for r in rows if r.get("diagram") and r["status"] == "verified"}
    total = sum(len(f.chained) + len(f.starts) + len(f.todo) for _, f in written)
    chained = [d for _, f in written for d in f.chained]
    accepted = [d for d in chained if d in ok]
    for path, f in written:
        what = (f"TODO: {', '.join(f.todo)} not reached" if f.todo
                else f"{len(f.chained)} chained" + (f", {len(f.starts)} at the rules' start" if f.starts else ""))
        print(f"{str(path):50} {what}")
    for r in rows:
        if r.get("diagram") in chained and r["status"] != "verified":
            print(f"{r['diagram']:22} {r['status']}: {r.get('reason', '')}")
    print(f"{args.page}: {total} diagrams; {len(accepted)} chained with decisions verify accepts unchanged "
          f"({100 * len(accepted) // max(total, 1)}%), {sum(len(f.starts) for _, f in written)} at the rules' "
          f"start, {sum(len(f.todo) for _, f in written)} TODO")
    return 0
