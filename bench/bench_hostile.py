"""Peak memory and time of ``mancala-diagrams check`` on the most hostile files
that fit in 1 MiB of YAML (the file-size limit), side by side with a real
example.  Each file is checked in its own process, which reports its own peak
resident memory (``ru_maxrss``); the promise is under 200 MB for every one.

Run: ``.venv/bin/python bench/bench_hostile.py`` (also part of ``make bench``).
"""
from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from mancala_diagrams.limits import MAX_FILE_BYTES, MAX_ITEMS, MAX_VALUES  # noqa: E402

HEAD = """example: {name}
rules: katro-8
title: {{en: x, fr: x}}
source: {{page: katro, describes: [dandouau-1909]}}
"""


def real():
    return (ROOT / "sources" / "katro" / "katro-attacker-inner-row-empty.yaml").read_text(encoding="utf-8")


def most_values(name):
    """As many values as the limit allows, in lists of MAX_ITEMS: parsed in full,
    then refused (an unknown key)."""
    rows = "".join(f"k{i}: [" + ", ".join(["1"] * (MAX_ITEMS - 2)) + "]\n" for i in range(MAX_VALUES // MAX_ITEMS - 1))
    return HEAD.format(name=name) + "extra:\n" + "".join("  " + r for r in rows.splitlines(True))


def billion_laughs(name):
    """Ten levels of ten aliases: a billion values if expanded."""
    body = "a0: &a0 [" + ", ".join(["lol"] * 10) + "]\n"
    body += "".join(f"a{n}: &a{n} [" + ", ".join([f"*a{n - 1}"] * 10) + "]\n" for n in range(1, 10))
    return HEAD.format(name=name) + "extra:\n" + "".join("  " + r for r in body.splitlines(True))


def alias_fan(name):
    """The widest sharing under the limit: one list of MAX_ITEMS values used
    MAX_ITEMS times, then the rest of the megabyte in aliases."""
    base = "base: &b [" + ", ".join(["1"] * (MAX_ITEMS - 1)) + "]\n"
    line = "- [" + ", ".join(["*b"] * 50) + "]\n"
    text = HEAD.format(name=name) + "extra:\n  " + base + "  more:\n"
    while len(text) + len(line) + 4 < MAX_FILE_BYTES:
        text += "  " + line
    return text


def deep(name):
    """A megabyte of '[' (refused at the 33rd level)."""
    return HEAD.format(name=name) + "extra: " + "[" * (MAX_FILE_BYTES - 200)


def long_text(name):
    """A single text of nearly a megabyte."""
    return HEAD.format(name=name) + "notes: '" + "x" * (MAX_FILE_BYTES - 300) + "'\n"


def most_work(name):
    """A legal start of 10,000 seeds (the limit) on katro-8, 1,000 in ten holes:
    the first move sows until the engine cuts the turn."""
    board = ("    1000 1000 1000 1000 1000 . . .\n    1000 1000 1000 1000 1000 . . .\n"
             "    . . . . . . . .\n    . . . . . . . .\n")
    return (HEAD.format(name=name) + "start:\n  to_move: north\n  board: |\n" + board +
            "moves:\n  - {hole: a4, direction: clockwise}\n"
            "diagrams:\n  - {id: x-1, at: end, board: '1'}\n")


CASES = [("a real example (katro)", real), ("100,000 values, then refused", most_values),
         ("billion laughs (10^10 if expanded)", billion_laughs), ("1 MiB of shared aliases", alias_fan),
         ("1 MiB of nesting", deep), ("a 1 MiB text", long_text), ("10,000 seeds sown until cut", most_work)]

PROBE = """
import resource, sys, time
from mancala_diagrams.cli.main import main
import io, contextlib
out = io.StringIO()
start = time.perf_counter()
with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
    status = main(["check", sys.argv[1], "--root", sys.argv[2]])
elapsed = time.perf_counter() - start
last = [l for l in out.getvalue().splitlines() if l.strip()]
print(status, round(elapsed, 3), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, last[-2 if len(last) > 1 else -1][:110] if last else "")
"""


def main():
    temp = Path(tempfile.mkdtemp(prefix="bench-hostile-"))
    base = temp / "project"         # not straight in the temp folder: its ../shared would be read
    try:
        shutil.copytree(ROOT / "rules", base / "rules")
        (base / "sources" / "katro").mkdir(parents=True)
        print(f"check on hostile files of at most {MAX_FILE_BYTES:,} bytes, one process each (limit: 200 MB)")
        print(f"{'file':38} {'bytes':>9} {'exit':>4} {'seconds':>8} {'peak MB':>8}  first line of the answer")
        worst = 0
        for label, make in CASES:
            name = f"bench-{make.__name__.replace('_', '-')}"
            text = make(name) if make is not real else real()
            if make is real:
                name = "katro-attacker-inner-row-empty"
            path = base / "sources" / "katro" / f"{name}.yaml"
            path.write_text(text, encoding="utf-8")
            done = subprocess.run([sys.executable, "-c", PROBE, str(path), str(base)], capture_output=True, text=True,
                                  cwd=ROOT, timeout=300)
            status, seconds, kb, answer = (done.stdout.strip().split(" ", 3) + ["", "", "", ""])[:4]
            mb = int(kb) / 1024 if kb.isdigit() else float("nan")
            worst = max(worst, mb)
            print(f"{label:38} {len(text.encode()):9,} {status:>4} {seconds:>8} {mb:8.1f}  "
                  f"{answer.replace(str(base), '')[:90]}")
            if done.returncode:
                print("   the probe failed:", done.stderr.strip().splitlines()[-1:])
        print(f"highest peak: {worst:.1f} MB (limit 200 MB): {'ok' if worst < 200 else 'OVER'}")
    finally:
        shutil.rmtree(temp)


if __name__ == "__main__":
    main()
