"""``mancala-diagrams draft PAGE``: the command line of :mod:`..files.draft`."""
from __future__ import annotations

import sys
from pathlib import Path


def add_parser(sub):
    from . import options
    d = sub.add_parser("draft", help="write draft example files for a published page: consecutive diagrams "
                                     "chained by the search of explain, a TODO where none is found")
    d.add_argument("page", type=options.name,
                   help="the published page (a file of ../shared/published without .json)")
    d.add_argument("--rules", action="append", type=options.name,
                   help="rules to try (repeatable; default: every rules file that fits, those named like the page "
                        "first)")
    d.add_argument("--dir", help="where to write (default: drafts/PAGE under the current folder)")
    d.add_argument("--turns", type=options.turns, default=2, help="turns searched between two diagrams (default 2)")
    d.add_argument("--positions", type=options.count(1, 100_000_000), default=100_000,
                   help="at most this many positions per search (default 100000)")
    d.add_argument("--seconds", type=options.seconds, default=3.0,
                   help="at most this many seconds per search (default 3)")
    d.add_argument("--memory", type=options.megabytes, default=256,
                   help="at most this many MB of positions kept by each search (default 256)")
    d.add_argument("--force", action="store_true", help="overwrite existing files")
    d.add_argument("-v", "--verbose", action="store_true", help="say which diagram is being searched")
    d.set_defaults(func=cmd_draft)
    return d


def cmd_draft(args) -> int:
    from ..errors import MancalaError
    from ..files.draft import choose_rules, draft_page, measure, search_bound
    from ..files.project import published_dir
    from ..files.verify import Verifier
    v = Verifier()
    pub = published_dir(v.root)
    if pub is None:
        raise MancalaError("the published transcriptions are not found (../shared/published, or "
                           "$MANCALA_PUBLISHED)")
    choice = choose_rules(v, pub, args.page, args.rules)
    print("\n".join(choice.report()), flush=True)        # which rules, and why
    from .bevohoka_search import bevohoka_search
    files = draft_page(v, args.page, args.rules, turns=args.turns, positions=args.positions,
                       seconds=args.seconds, memory=args.memory, choice=choice, searches=[bevohoka_search],
                       log=lambda m: print(m, file=sys.stderr, flush=True) if args.verbose else None)
    out = Path(args.dir) if args.dir else Path("drafts") / args.page
    m = measure(v, files, out, force=args.force)      # what verify accepts unchanged
    for f in files:
        what = (f"TODO: {', '.join(f.todo)} not reached" if f.todo
                else f"{len(f.chained)} chained" + (f", {len(f.starts)} at the rules' start" if f.starts else "")
                + (f", from {', '.join(f.own)}'s own board" if f.own else "")
                + (f"; {', '.join(f.drawn)} drawn from the rules" if f.drawn else ""))
        print(f"{str(out / (f.name + '.yaml')):50} {f.rules}: {what}")
    for did, status, reason in m.refused:
        print(f"{did:22} {status}: {reason}")
    print(f"{args.page}: {m.total} diagrams; {m.accepted} in files verify accepts once reviewed "
          f"({100 * m.accepted // max(m.total, 1)}%): {len(m.decisions)} chained with decisions, "
          f"{len(m.rules_start)} at the rules' start, {len(m.own_start)} starting from their own board, "
          f"{len(m.drawn)} drawn from the rules (a sowing order, coloured holes); {len(m.todo)} TODO. "
          f"Of the {m.following} that follow an earlier diagram, {len(m.decisions)} reached by decisions "
          f"({100 * len(m.decisions) // max(m.following, 1)}%). Each file says drafted: true, and check calls its "
          "diagrams drafted, not replayed, until a person has compared them with the page and deleted that line")
    print(f"each search bounded: {search_bound(args.turns, args.positions, args.seconds, args.memory).describe()}"
          " (a TODO is left where a search ended without reaching its diagram)")
    return 0
