"""The command line: ``mancala-diagrams verify | check | replay | rules | solve``."""
from __future__ import annotations

import argparse
import json
import sys
import time

from .errors import MancalaError


def _print_row(r, out):
    status = r["status"]
    label = r["diagram"] or "-"
    where = r["example"] + (f" ({r['at']})" if r.get("at") else "")
    print(f"{label:22} {status:9} {where}", file=out)
    if status not in ("verified",) and r.get("reason"):
        print(f"{'':22} {r['reason']}", file=out)
    for d in r.get("diff", []) or []:
        if d.get("hole"):
            print(f"{'':24}{d['hole']}: published {d['published'] if d['published'] is not None else '.'}, "
                  f"rules give {d['replayed'] if d['replayed'] is not None else '.'}", file=out)


def cmd_verify(args) -> int:
    from .verify import Verifier, ok
    start = time.perf_counter()
    v = Verifier()
    rows = v.verify(args.paths or None)
    elapsed = time.perf_counter() - start
    if args.json:
        json.dump(rows, sys.stdout, indent=1, ensure_ascii=False)
        print()
    else:
        for r in rows:
            if not args.quiet or r["status"] not in ("verified",):
                _print_row(r, sys.stdout)
        counts = {}
        for r in rows:
            counts[r["status"]] = counts.get(r["status"], 0) + 1
        summary = ", ".join(f"{n} {s}" for s, n in sorted(counts.items()))
        print(f"{len(rows)} diagrams checked in {elapsed:.2f} s: {summary}")
        if v.published is None:
            print("note: ../shared/published not found; transcriptions were not compared with it")
    return 0 if ok(rows) else 1


def cmd_check(args) -> int:
    args.json, args.quiet = False, False
    return cmd_verify(args)


def cmd_replay(args) -> int:
    from .examples import ExampleLoader, replay
    from .loader import RulesLibrary
    from .project import find_root
    root = find_root()
    ex = ExampleLoader(RulesLibrary(root / "rules")).load(args.example)
    g = ex.rules.geometry
    for rep in replay(ex):
        print(f"== {ex.id} [{rep.line.name}]")
        for e in rep.events:
            if e.kind == "drop" and not args.drops:
                continue
            holes = " ".join(g.name(h) for h in e.holes)
            print(f"turn {e.turn} lap {e.lap} {e.kind} {holes} {e.count or ''} {e.reason}".rstrip())
            if args.boards and e.kind in ("lap_end", "capture", "merge", "pickup", "turn_end", "place"):
                from .position import Position
                print("   " + Position(g, e.cells).board_text().replace("\n", "\n   "))
        if rep.error:
            print(f"error: {rep.error}")
            return 1
    return 0


def cmd_rules(args) -> int:
    from .loader import RulesLibrary
    from .project import find_root
    lib = RulesLibrary(find_root() / "rules")
    names = args.names or lib.names()
    for n in names:
        data = lib.raw(n)
        if data.get("abstract") and not args.names:
            print(f"{n:40} (base)")
            continue
        r = lib.load(n)
        print(f"{n:40} {r.geometry.describe()}; " + ", ".join(b.name for b in r.blocks))
        if args.names:
            print("start:", r.initial_position().to_text())
    return 0


def cmd_solve(args) -> int:
    try:
        from . import solver_cli
    except ImportError:
        print("mancala-diagrams: the solver is not available in this version", file=sys.stderr)
        return 2
    return solver_cli.run(args.rest)


def build_parser():
    p = argparse.ArgumentParser(prog="mancala-diagrams",
                                description="Replay and verify worked examples of Malagasy and Comorian sowing games.")
    sub = p.add_subparsers(dest="command", required=True)
    v = sub.add_parser("verify", help="replay every example and check it against the published diagrams")
    v.add_argument("--json", action="store_true", help="print a JSON list, one object per diagram")
    v.add_argument("-q", "--quiet", action="store_true", help="print only what is not verified")
    v.add_argument("paths", nargs="*", help="example files (default: all of sources/)")
    v.set_defaults(func=cmd_verify)
    c = sub.add_parser("check", help="validate and replay only the given example files")
    c.add_argument("paths", nargs="+")
    c.set_defaults(func=cmd_check)
    r = sub.add_parser("replay", help="print the trace of an example")
    r.add_argument("example")
    r.add_argument("--drops", action="store_true", help="show every seed dropped")
    r.add_argument("--boards", action="store_true", help="show the board after each lap")
    r.set_defaults(func=cmd_replay)
    ru = sub.add_parser("rules", help="list the rules files, or show some")
    ru.add_argument("names", nargs="*")
    ru.set_defaults(func=cmd_rules)
    s = sub.add_parser("solve", help="optimal solutions of katro bevohoka", add_help=False)
    s.add_argument("rest", nargs=argparse.REMAINDER)
    s.set_defaults(func=cmd_solve)
    return p


def main(argv=None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except MancalaError as exc:
        print(f"mancala-diagrams: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # pragma: no cover
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
