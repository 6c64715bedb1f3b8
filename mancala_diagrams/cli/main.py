"""The command line: ``mancala-diagrams verify | check | replay | rules | schema | new | explain | draft | solve``."""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

from ..errors import MancalaError


#: Statuses of a board compared whole with what the rules give (verify --quiet leaves them out).
COMPARED = ("replayed", "set-up", "sowing-order", "marks", "picture", "checked")


def _status(r, compared=True) -> str:
    """A row's status as printed: without the published transcriptions
    (*compared* False) an erratum's published board and a picture were
    compared with nothing, and the status says so."""
    if not compared and r.diagram and r.status == "erratum":
        return "erratum (transcription not compared)"
    if not compared and r.status == "picture":
        return "picture (not compared)"
    return r.status


def _print_row(r, out, compared=True):
    """One row of the verification (:class:`~mancala_diagrams.view.rows.Row`), and its differences."""
    from ..files.verify import LABELS
    status = _status(r, compared)
    label = r.diagram or (f"check {r.check}" if r.check else "-")
    where = (r.example or f"page {r.page}") + (f" ({r.at})" if r.at else "")
    print(f"{label:22} {status:13} {where}", file=out)
    if r.status not in COMPARED and r.reason:
        print(f"{'':22} {r.reason}", file=out)
    if r.seed_count:            # whatever the status: a board no real game has
        print(f"{'':22} {label} {r.seed_count['words']['en']}", file=out)
        if r.status == "mismatch":
            print(f"{'':22} (if the page is wrong, its erratum can give evidence: seed-count)", file=out)
    left, right = r.compared or ("published", "replay")
    labels = LABELS if compared else {**LABELS, "published": LABELS["transcription"]}
    shown = lambda v: "." if v is None else v
    for d in r.diff or ():
        where = d.get("hole") or "board size"     # a difference of size has no hole
        print(f"{'':24}{where}: {labels.get(left, left)} {shown(d.get(left))}, "
              f"{labels.get(right, right)} {shown(d.get(right))}", file=out)


def _summary(rows, timing="") -> str:
    """'12 diagrams and 2 checks checked in 0.1 s: 2 checked, 11 replayed, 1 mismatch'."""
    counts = {}
    rows = [r for r in rows if r.status != "missing"]      # told apart, after the summary
    for r in rows:
        counts[r.status] = counts.get(r.status, 0) + 1
    checks = sum(1 for r in rows if r.check)
    diagrams = len(rows) - checks
    what = f"{diagrams} diagram{'s' if diagrams != 1 else ''}" + (
        f" and {checks} check{'s' if checks != 1 else ''}" if checks else "")
    return f"{what} checked{timing}: " + ", ".join(f"{n} {s}" for s, n in sorted(counts.items()))


#: what a run without the published transcriptions did not compare
NOT_COMPARED = ("note: ../shared/published not found: each replay was compared with the example's own "
                "transcription (replayed), and no transcription with the published grid")


def cmd_verify(args) -> int:
    from ..files.content import check_content
    from ..files.verify import Verifier
    from ..view.rows import ok, rows_of
    start = time.perf_counter()
    from ..solver.search import reachable
    v = Verifier(deep=args.deep, closure=reachable)
    rows = rows_of(v.verify(args.paths or None, coverage=not args.paths))
    elapsed = time.perf_counter() - start
    content = check_content(v.root)
    if not rows:
        raise MancalaError("verify: nothing to verify (no example, no diagram)",
                           expected="example files under sources/, or the files to verify")
    if args.json:
        json.dump([r.to_json() for r in rows], sys.stdout, indent=1, ensure_ascii=False)
        print()
    else:
        compared = v.published is not None
        for r in rows:
            if r.status == "missing" and r.page in content.unstarted:
                continue        # its page is one note below
            if not args.quiet or r.status not in COMPARED + ("generated",):
                _print_row(r, sys.stdout, compared)
        print(_summary(rows, f" in {elapsed:.2f} s"))
        missing = [r for r in rows if r.status == "missing" and r.page not in content.unstarted]
        if missing:
            pages = {}
            for r in missing:
                pages[r.page] = pages.get(r.page, 0) + 1
            print(f"{len(missing)} published diagrams no example accounts for ("
                  + ", ".join(f"{p}: {n}" for p, n in sorted(pages.items())) + ")"
                  + ("" if args.strict else "; --strict makes this a failure"))
        if not compared:
            print(NOT_COMPARED + "; published diagrams no example accounts for cannot be listed")
    _print_content(content, sys.stderr if args.json else sys.stdout)
    return 0 if ok(rows, strict=args.strict) and not content.problems else 1


def _print_content(report, out=None):
    """The checks of the project's content as a whole (files/content.py): each
    problem on a line of its own, each page not started yet in one sentence."""
    out = out or sys.stdout
    for problem in report.problems:
        print(problem, file=out)
    for note in report.unstarted.values():
        print(f"note: {note}", file=out)
    print(report.summary(), file=out)
    return report


def _check_rules_file(path) -> str:
    """Load a rules file (and its bases); return a one-line summary or raise."""
    from pathlib import Path
    from ..files.loader import RulesLibrary
    path = Path(path)
    r = RulesLibrary(path.parent).check(path.stem)
    if r is None:
        return "a base for variants (abstract): keys and blocks checked"
    return f"{r.geometry.describe()}; " + ", ".join(b.name for b in r.blocks)


def _is_rules_file(path) -> bool:
    """Whether *path* is a rules file: one of the rules/ folder of the project
    it lies in (the nearest folder above it with rules/ and sources/), or of a
    folder named rules outside any project's sources/ (a folder so named inside
    sources/ holds examples)."""
    from pathlib import Path
    from ..files.project import _within, find_root
    real = Path(os.path.realpath(path))         # never raises, even on a link that loops
    root = Path(os.path.realpath(find_root(real.parent)))
    if real.parent == root / "rules":
        return True
    return real.parent.name == "rules" and not _within(str(real), str(root / "sources"))


def cmd_check(args) -> int:
    """Validate and replay only the given files: rules files are loaded with
    their bases, example files replayed and compared; one failing file does not
    stop the others from being checked."""
    from pathlib import Path
    from ..files.project import shown_path, yaml_files
    from ..files.verify import Verifier
    from ..view.rows import ok, rows_of
    paths, refused = [], []
    for p in args.paths:
        p = Path(p)
        if p.is_dir():
            found = yaml_files(p)
            if not found and not found.refused:
                raise MancalaError(f"check: the folder {str(p)!r} holds no .yaml file",
                                   expected="a rules or example file, or a folder that holds some")
            paths.extend(found)
            refused.extend(found.refused)
        else:
            paths.append(p)
    status = 0
    examples = []
    for exc in refused:         # what a folder holds but cannot be listed
        print(f"{exc.file:40} error\n{'':22} {exc}")
        status = 1
    for p in paths:
        if _is_rules_file(p):
            try:
                print(f"{shown_path(p):40} ok: {_check_rules_file(p)}")
            except MancalaError as exc:
                print(f"{shown_path(p):40} error\n{'':22} {exc}")
                status = 1
        else:
            examples.append(p)
    if examples:
        v = Verifier(args.root)
        rows = rows_of(v.verify(examples))
        compared = v.published is not None
        for r in rows:
            _print_row(r, sys.stdout, compared)
        print(_summary(rows))
        if not compared:
            print(NOT_COMPARED)
        if not ok(rows):
            status = 1
    from ..files.content import check_content
    from ..files.project import find_root
    if _print_content(check_content(find_root(args.root))).problems:
        status = 1
    return status


def cmd_schema(args) -> int:
    """Write (--write) or compare (--check, the default) the files generated from
    the code: the JSON Schemas and docs/blocks.md."""
    from ..files import schema
    from ..files.blockdocs import render
    from ..files.project import find_root
    docs = find_root() / "docs" / "blocks.md"
    if args.write:
        written = schema.write()
        text = render()
        if not docs.exists() or docs.read_text(encoding="utf-8") != text:
            docs.parent.mkdir(exist_ok=True)
            tmp = docs.with_suffix(".md.tmp")
            tmp.write_text(text, encoding="utf-8")
            tmp.replace(docs)
            written.append(docs)
        for w in written:
            print(f"wrote {w}")
        if not written:
            print("the schemas and docs/blocks.md are up to date")
        return 0
    stale = schema.stale()
    if not docs.exists() or docs.read_text(encoding="utf-8") != render():
        stale.append(docs)
    for p in stale:
        print(f"out of date: {p}")
    if stale:
        print("run: mancala-diagrams schema --write")
        return 1
    print("the schemas and docs/blocks.md are up to date")
    return 0


def cmd_new(args) -> int:
    from pathlib import Path
    from ..files.project import find_root
    from ..files import scaffold
    root = find_root()
    if args.what == "page":
        return _new_page(root, args)
    if args.rules and len(args.rules) > 1:
        print("mancala-diagrams: new example takes one --rules", file=sys.stderr)
        return 2
    args.rules = args.rules[0] if args.rules else None
    if args.what == "variant":
        if not args.base:
            print("mancala-diagrams: new variant needs --from BASE", file=sys.stderr)
            return 2
        path = scaffold.new_variant(root, args.name, args.base, args.set, dict(args.title_in or ()),
                                    args.columns, args.force)
    else:
        if not args.rules:
            print("mancala-diagrams: new example needs --rules RULES", file=sys.stderr)
            return 2
        directory = Path(os.path.abspath(args.dir)) if args.dir else None    # relative to where the command runs
        path = scaffold.new_example(root, args.name, args.rules, directory, args.moves, args.turns,
                                    args.describes or (), args.force, args.board, args.to_move,
                                    page=args.page, reserve=args.reserve)
    print(f"wrote {path}")
    print(f"next: edit it, then run: mancala-diagrams check {path}")
    return 0


def _new_page(root, args) -> int:
    """``new page NAME``: the files of files/scaffold.py's new_page, the page's
    catalogs (docs/update_catalogs.py, the project's own), and what is left."""
    import subprocess
    from ..files import scaffold
    from .bevohoka_search import bevohoka_search
    out = scaffold.new_page(root, args.name, args.rules, args.force, title=args.title, url=args.url,
                            searches=[bevohoka_search])
    print("\n".join(out.choice.report()))
    rel = lambda p: os.path.relpath(p)
    for path, what in out.written:
        print(f"wrote {rel(path)}: {what}")
    for path, what in out.kept:
        print(f"kept {rel(path)}: {what} was there already")
    tool = root / "docs" / "update_catalogs.py"
    docname = f"games/{args.name}"
    if tool.is_file():
        done = subprocess.run([sys.executable, str(tool), docname], cwd=root, capture_output=True, text=True)
        if done.returncode == 0:      # a line per catalog written, then one for every catalog
            for line in done.stdout.splitlines():
                print(line if line.startswith("catalogs:") else f"wrote {line}")
        else:
            out.left.insert(2, f"the page's catalogs: docs/update_catalogs.py {docname} failed "
                               f"({(done.stderr.strip().splitlines() or ['?'])[-1]}); run make i18n")
    else:
        out.left.insert(2, "the page's catalogs: this project has no docs/update_catalogs.py (make i18n) "
                           "to write them")
    print("left to write:")
    for n, sentence in enumerate(out.left, start=1):
        print(f"  {n}. {sentence}")
    return 0


def cmd_replay(args) -> int:
    from ..files.examples import ExampleLoader, anchor_of, replay
    from ..files.loader import RulesLibrary
    from ..files.project import find_root
    root = find_root()
    ex = ExampleLoader(RulesLibrary(root / "rules")).load(args.example)
    g = ex.rules.geometry
    for rep in replay(ex):
        print(f"== {ex.id} [{rep.line.name}]  (left: the anchor a diagram writes as at:)")
        for i, e in enumerate(rep.events):
            if e.kind == "drop" and not args.drops:
                continue
            holes = " ".join(g.name(h) for h in e.holes)
            anchor = anchor_of(rep.events, i) or "-"
            what = f"{e.kind.replace('_', ' ')} {holes} {e.count or ''} {e.reason}".rstrip()
            print(f"{anchor:26} {what}")
            if args.boards and e.kind in ("lap_end", "capture", "merge", "pickup", "turn_end", "place"):
                from ..engine.position import Position
                print("   " + Position(g, e.cells).board_text().replace("\n", "\n   "))
        if rep.error:
            print(f"error: {rep.error}")
            return 1
    return 0


def cmd_rules(args) -> int:
    from ..files.loader import RulesLibrary
    from ..files.project import find_root
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
    from . import solve
    return solve.run(args.rest)


def _title_in(value: str) -> tuple[str, str]:
    """``fr=Katro de Tuléar``: a language the package has a catalog for, and a title."""
    from ..languages import listed, package_languages
    lang, sep, title = value.partition("=")
    if not sep or not title.strip():
        raise argparse.ArgumentTypeError(f"{value!r} is not LANG=TITLE")
    if lang not in package_languages():
        raise argparse.ArgumentTypeError(f"{lang!r} is not a language of the package "
                                         f"(expected {listed(package_languages())})")
    return lang, title.strip()


def build_parser():
    from . import options
    from ..limits import MAX_COLUMNS
    p = options.Parser(prog="mancala-diagrams",
                                description="Replay and verify worked examples of Malagasy and Comorian sowing games.")
    sub = p.add_subparsers(dest="command", required=True)
    v = sub.add_parser("verify", help="replay every example and check it against the published diagrams")
    v.add_argument("--json", action="store_true", help="print a JSON list, one object per diagram")
    v.add_argument("-q", "--quiet", action="store_true",
                   help="print only the rows whose board was not compared whole with what the rules give "
                        "(given starts, errata, departures, failures)")
    v.add_argument("--strict", action="store_true",
                   help="fail while a published diagram is accounted for by no example (status missing)")
    v.add_argument("--deep", action="store_true",
                   help="also run again the searches behind sources/given-starts.json (minutes, gigabytes)")
    v.add_argument("paths", nargs="*", help="example files (default: all of sources/)")
    v.set_defaults(func=cmd_verify)
    c = sub.add_parser("check", help="validate the given rules files and validate and replay the given "
                                     "example files (or every YAML file of the given folders)")
    c.add_argument("paths", nargs="+")
    c.add_argument("--root", default=None, help=argparse.SUPPRESS)
    c.set_defaults(func=cmd_check)
    sc = sub.add_parser("schema", help="check (or --write) the JSON Schemas and docs/blocks.md generated "
                                       "from the code")
    sc.add_argument("--write", action="store_true", help="rewrite the generated files")
    sc.add_argument("--check", action="store_true", help="exit 1 if a generated file is out of date (default)")
    sc.set_defaults(func=cmd_schema)
    n = sub.add_parser("new", help="scaffold a new variant (rules file), a new example, or everything a new "
                                   "source page needs (its drafted examples, site page, catalogs, bibliography entry "
                                   "and line in docs/data/pages.txt)")
    n.add_argument("what", choices=("variant", "example", "page"))
    n.add_argument("name", help="the new file's name, without .yaml; for a page, the name of its transcription "
                                "in ../shared/published (without .json)")
    n.add_argument("--from", dest="base", type=options.name, help="variant: the rules it extends")
    n.add_argument("--set", action="append", metavar="BLOCK.PARAM=VALUE",
                   help="variant: a block parameter that differs from the base (repeatable); BLOCK=null "
                        "removes a block, BLOCK={} adds one")
    n.add_argument("--columns", type=options.count(1, MAX_COLUMNS),
                   help="variant: the number of columns, if it differs")
    n.add_argument("--title-in", action="append", type=_title_in, metavar="LANG=TITLE",
                   help="variant: its name in one language, e.g. --title-in fr='Katro de Tuléar' "
                        "(repeatable; default: made from the file's name)")
    n.add_argument("--rules", action="append", type=options.name,
                   help="example: the rules it follows; page: rules to draft it with "
                        "(repeatable; default: every rules file that fits the page)")
    n.add_argument("--title", help="page: the title of the source page (default: its first heading)")
    n.add_argument("--url", help="page: the address of the source page (default: made as the other pages' of "
                                 "its site in docs/references.bib)")
    n.add_argument("--dir", help="example: the folder, relative to the current folder "
                                 "(default sources/PAGE with --page, else the sources folder the rules' name starts with)")
    n.add_argument("--page", type=options.name, help="example: the published page its diagrams come from (source.page; "
                                  "the example goes to sources/PAGE/)")
    n.add_argument("--reserve", type=options.reserve, help="example: seeds off the board with --board, 'SOUTH,NORTH' or one number "
                                     "for both (default: none, which the file then states)")
    n.add_argument("--moves", help="example: the turns, e.g. 'a2 clockwise; c3 ccw, tsibongy left' "
                                   "(default: the first legal move of each turn)")
    n.add_argument("--turns", type=options.turns, default=1,
                   help="example: how many turns without --moves (default 1)")
    n.add_argument("--board", type=options.board, help="example: a start board of your own, rows top first separated by '/', "
                                   "e.g. '2 . 1 1/. 2 . ./1 1 . 2/. 3 1 .' (the example is then marked artificial)")
    n.add_argument("--to-move", choices=("south", "north"), help="example: who plays first")
    n.add_argument("--describes", action="append", type=options.name,
                   help="example: a bibliography key (repeatable)")
    n.add_argument("--force", action="store_true", help="overwrite an existing file (page: the page's own files)")
    n.set_defaults(func=cmd_new)
    r = sub.add_parser("replay", help="print the trace of an example")
    r.add_argument("example")
    r.add_argument("--drops", action="store_true", help="show every seed dropped")
    r.add_argument("--boards", action="store_true", help="show the board after each lap")
    r.set_defaults(func=cmd_replay)
    ru = sub.add_parser("rules", help="list the rules files, or show some")
    ru.add_argument("names", nargs="*")
    ru.set_defaults(func=cmd_rules)
    from .explain import add_parser as add_explain
    from .draft import add_parser as add_draft
    add_explain(sub)
    add_draft(sub)
    s = sub.add_parser("solve", help="optimal solutions of katro bevohoka", add_help=False)
    s.add_argument("rest", nargs=argparse.REMAINDER)
    s.set_defaults(func=cmd_solve)
    return p


def _silence_stdout():
    """Point the standard output at the null device, so that the interpreter's
    last flush (of what could not be written) raises nothing at exit."""
    try:
        fd = os.open(os.devnull, os.O_WRONLY)
        os.dup2(fd, sys.stdout.fileno())
        os.close(fd)
    except (OSError, ValueError, AttributeError):
        pass


def main(argv=None) -> int:
    """Run one command; every failure is one line on the standard error and a
    non-zero exit: 2 for a bad file or argument, 1 for an output that was
    closed early (``| head``) or could not be written (a full disk)."""
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        if argv[:1] == ["solve"]:
            # the solver parses its own options (argparse's REMAINDER would not pass
            # options that come first, such as `solve --columns 6`)
            status = cmd_solve(argparse.Namespace(rest=argv[1:]))
        else:
            args = build_parser().parse_args(argv)
            status = args.func(args)
        sys.stdout.flush()
        return status
    except MancalaError as exc:
        print(f"mancala-diagrams: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        _silence_stdout()
        print("mancala-diagrams: the output was closed before the end (broken pipe)", file=sys.stderr)
        return 1
    except OSError as exc:
        if exc.filename is None:
            _silence_stdout()
        from ..files.project import shown_path
        what = shown_path(str(exc.filename)) if exc.filename else "cannot write the output"     # read or written
        print(f"mancala-diagrams: {what}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:  # pragma: no cover
        return 130


