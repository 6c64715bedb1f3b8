"""Each optional accelerator against the plain path it stands for, side by side in one run.

    .venv/bin/python bench/bench_fast.py [--repeat N]

Prints, for each pair, the CPU time of the plain path and of the accelerated
one, each run in a fresh process (as a Sphinx build starts with empty memos and
nothing imported), the two kinds taking turns, the median of N runs of each:

- drawing: the pictures of the site, recorded from an English build of a copy
  of docs/, sources/ and rules/ (not timed), drawn by ``render.render_png``
  (each picture painted whole) and by ``compose.render_png`` (pasted together
  from the pieces it keeps): milliseconds per picture, pictures per second,
  and whether both drew the same bytes;
- schemas: every rules and example file of the project, loaded, then validated
  by ``schema.validate`` (jsonschema) and by ``schema_fast.validate``
  (jsonschema-rs first), first use included (the imports and the validators
  built once per process, as a build pays them): milliseconds per file.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import pickle
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def record(pictures: str, sphinx_args: list) -> int:
    """Sphinx with every picture the extension draws recorded (its arguments),
    pickled into *pictures* at the end."""
    from mancala_diagrams.drawing import compose
    drawn = []
    draw = compose.render_png

    def recording(*args, **kwargs):
        drawn.append((args, kwargs))
        return draw(*args, **kwargs)
    compose.render_png = recording
    from sphinx.cmd.build import main as sphinx_main
    status = sphinx_main(sphinx_args)
    with open(pictures, "wb") as fh:
        pickle.dump(drawn, fh)
    return status


def draw(kind: str, pictures: str):
    """Draw the recorded pictures with *kind*'s render_png; print CPU seconds and
    a digest of every picture's bytes (JSON)."""
    from mancala_diagrams.drawing import compose, render
    render_png = {"plain": render.render_png, "compose": compose.render_png}[kind]
    with open(pictures, "rb") as fh:
        cases = pickle.load(fh)
    digest = hashlib.sha256()
    t0 = time.process_time()
    for args, kwargs in cases:
        digest.update(render_png(*args, **kwargs))
    print(json.dumps({"cpu": time.process_time() - t0, "count": len(cases), "digest": digest.hexdigest()}))


def validate(kind: str):
    """Validate every project file with *kind*'s validate(); print CPU seconds (JSON)."""
    from mancala_diagrams.files.yamlio import load_yaml_file
    files = [("rules", p) for p in sorted((ROOT / "rules").glob("*.yaml"))]
    files += [("example", p) for p in sorted((ROOT / "sources").rglob("*.yaml"))]
    trees = [(k, load_yaml_file(p), str(p)) for k, p in files]
    t0 = time.process_time()
    if kind == "plain":
        from mancala_diagrams.files.schema import validate as check
    else:
        from mancala_diagrams.files.schema_fast import validate as check
    for k, data, path in trees:
        check(data, k, path)
    print(json.dumps({"cpu": time.process_time() - t0, "count": len(trees)}))


def child(*args) -> dict:
    out = subprocess.run([sys.executable, __file__, *args], capture_output=True, text=True)
    if out.returncode:
        sys.exit(f"bench_fast: {' '.join(args)} failed:\n{out.stderr[-3000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def turns(repeat: int, *args_of_kind) -> dict:
    """{kind: [figures of each run]}: each of *args_of_kind* (a task, a kind,
    its arguments) run *repeat* times in a process of its own, in turn, the
    first one first in odd rounds and last in even ones."""
    runs = {args[1]: [] for args in args_of_kind}
    for i in range(repeat):
        for args in (args_of_kind if i % 2 == 0 else args_of_kind[::-1]):
            runs[args[1]].append(child(*args))
    return runs


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=3, help="runs of each kind, taking turns (default 3)")
    args = ap.parse_args()
    print(f"accelerators against their plain paths: {os.cpu_count()} cores, load average "
          f"{os.getloadavg()[0]:.2f}, Python {sys.version.split()[0]}")
    base = Path(tempfile.mkdtemp(prefix="mancala-bench-fast-"))
    try:
        project = base / "project"
        for part in ("docs", "sources", "rules"):
            shutil.copytree(ROOT / part, project / part, ignore=shutil.ignore_patterns("_build", "__pycache__"))
        shutil.copy(ROOT / "pyproject.toml", project / "pyproject.toml")
        pictures = str(base / "pictures.pickle")
        env = dict(os.environ)
        published = ROOT.parent / "shared" / "published"
        if published.is_dir():
            env.setdefault("MANCALA_PUBLISHED", str(published))
        made = subprocess.run([sys.executable, __file__, "record", pictures, "-q", "-b", "html", "-D", "language=en",
                               "-D", f"mancala_image_cache={base / 'images'}", "-d", str(base / "doctrees"),
                               str(project / "docs"), str(base / "site")], cwd=project, env=env,
                              capture_output=True, text=True)
        if made.returncode:
            sys.exit(f"bench_fast: the English build failed:\n{made.stderr[-3000:]}")

        runs = turns(args.repeat, ("draw", "plain", pictures), ("draw", "compose", pictures))
        figures = {kind: statistics.median(r["cpu"] for r in rs) for kind, rs in runs.items()}
        count = runs["plain"][0]["count"]
        same = len({r["digest"] for rs in runs.values() for r in rs}) == 1
        for kind, what in (("plain", "render.render_png, painted whole"), ("compose", "compose.render_png, pasted")):
            secs = figures[kind]
            print(f"drawing, {what + ':':34s} {secs * 1000 / count:6.2f} ms per picture, "
                  f"{count / secs:6.1f} pictures/s ({count} pictures of the site, median of {args.repeat} "
                  f"processes, CPU)")
        print(f"  the compositor takes {figures['compose'] / figures['plain']:.2f} of the plain time; "
              f"the same bytes from both: {'yes' if same else 'NO'}")

        runs = turns(args.repeat, ("validate", "plain"), ("validate", "fast"))
        figures = {kind: statistics.median(r["cpu"] for r in rs) for kind, rs in runs.items()}
        count = runs["plain"][0]["count"]
        for kind, what in (("plain", "schema.validate, jsonschema"), ("fast", "schema_fast.validate")):
            print(f"schemas, {what + ':':34s} {figures[kind] * 1000:7.1f} ms for {count} files "
                  f"({figures[kind] * 1000 / count:.2f} ms a file, first use included, median of {args.repeat})")
        print(f"  the accelerated path takes {figures['fast'] / figures['plain']:.2f} of the plain time")
    finally:
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "record":
        sys.exit(record(sys.argv[2], sys.argv[3:]))
    if len(sys.argv) > 1 and sys.argv[1] == "draw":
        draw(sys.argv[2], sys.argv[3])
    elif len(sys.argv) > 1 and sys.argv[1] == "validate":
        validate(sys.argv[2])
    else:
        main()
