"""Site build speed and size, measured side by side in one run.

    .venv/bin/python bench/bench_site.py [--example PATH] [--keep DIR] [--repeat N] [--instructions]

Works on a copy of docs/, sources/ and rules/ in a temporary folder (the
worktree is never touched) and builds both languages exactly as `make site`
does (one Sphinx process per language, images shared through one cache).
Prints, with the targets of issue 9:

- the clean build time of the bilingual site, and its ratio to the same build
  with the drawing directives replaced by a paragraph (``bench/patched_sphinx.py
  --plain``): the cost of the engine and the images.  Both are cold builds, from
  an empty build folder: nothing is reused from an earlier run, only (as in
  `make site`) what the English build leaves for the French one in the shared
  image folder (images, and the store: every example's figures and the
  verification rows).  The target (issue 18:
  at most 1.3) is judged on CPU time, which the machine's load disturbs much
  less than wall time, as the median of the ratios of each clean build to the
  plain build made beside it (the ratio of the fastest of each kind is printed
  beside it: one quiet plain build can move it by a tenth).  The two builds of
  a pair take turns, language by language: plain en, clean en, clean fr, plain
  fr, and the next pair the other way round: this virtual machine's speed
  moves by a third within minutes (the same no-op build took 1.05 s, then
  1.6 s), and a kind always built last would pay for any slowing that builds
  up during a pair.  A warm figure is printed beside it: the same clean
  build again with the image folder of the cold one kept (doctrees and pages
  deleted), as a second `make site` after `rm -rf _build/site _build/doctrees`;
- the same clean build with each directive's output given (recorded once from a
  clean build, replayed: ``bench/patched_sphinx.py --record/--replay``), beside each plain build:
  the overhead ratio split into Sphinx handling the pages' content (figures,
  captions, tables: given / plain) and the extension computing it (loading,
  replaying, verifying, drawing: clean / given);
- with ``--instructions``, only the overhead ratios, from one build of each
  kind run under valgrind's callgrind: instructions, the same on a loaded
  machine (about 15 minutes on this 2-core machine);
- the no-op rebuild time;
- the rebuild time after changing one example file, the pages it re-read and
  the images it drew (logged by ``bench/drawing_log.py``, through
  ``bench/patched_sphinx.py --render-log``): only that example's;
- the verify time for all examples, and the drawing time per image;
- the average and largest PNG, and the total size of the site.

Times are wall-clock seconds of the Sphinx processes (interpreter start-up
included), with their CPU time beside them: on a shared machine the wall time
varies with the load, the CPU time much less.  The system part of the CPU time
is printed too: it moves with the state of the disk.  On ext4 without a journal
a new file's inode is not taken among those freed in the last minute (up to
six), and each one passed over is checked: in the minutes after thousands of
files are deleted (``make test``, an earlier bench), writing a file costs
about 0.9 ms of system time instead of 0.03 to 0.2 ms, and a clean English
build writes about 400 more files than a plain one (its images).
"""
from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

LANGS = ("en", "fr")
DEFAULT_EXAMPLE = "sources/katro/katro-lap-ends-in-empty-hole.yaml"
# The change made to the example: a seed added to a hole the move does not touch
# (North's outer row, last hole), in the start board and in every diagram: each
# step's image changes, the replay still agrees with the example.
EDIT = (re.compile(r"^(\s*)2 \. 5 \. 4 \.$", re.M), r"\g<1>2 . 5 . 4 1")


def cpu_children() -> tuple[float, float]:
    """(user + system, system) CPU seconds of the finished child processes."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime, r.ru_stime


class Site:
    """One copy of the project and the output folders of its builds."""

    def __init__(self, base: Path, name: str, plain=False):
        self.project = base / name
        self.plain = plain
        self.given = None   # "record" or "replay": bench/patched_sphinx.py's mode
        for part in ("docs", "sources", "rules"):
            shutil.copytree(ROOT / part, self.project / part,
                            ignore=shutil.ignore_patterns("_build", "__pycache__"))
        shutil.copy(ROOT / "pyproject.toml", self.project / "pyproject.toml")
        self.build_dir = self.project / "_build"
        self.images = self.build_dir / "images"
        self.log = self.build_dir / "render.log"

    def build(self, instructions=False, langs=LANGS) -> dict:
        """Both languages (or *langs*, in order), one Sphinx process each, as
        `make site`.  With *instructions*: each under valgrind's callgrind,
        which counts the instructions the process runs (``out["instructions"]``)."""
        env = dict(os.environ)
        published = ROOT.parent / "shared" / "published"
        if published.is_dir():
            env.setdefault("MANCALA_PUBLISHED", str(published))
        if self.log.exists():
            self.log.unlink()
        if self.given == "replay" and langs[0] == LANGS[0]:   # a cold build each time: the recorded images kept
            for part in ("doctrees", "site"):
                shutil.rmtree(self.build_dir / part, ignore_errors=True)
        out = no_figures()
        for lang in langs:
            cmd = ["-b", "html", "-D", f"language={lang}", "-D", f"mancala_image_cache={self.images}",
                   "-d", str(self.build_dir / "doctrees" / lang),
                   str(self.project / "docs"), str(self.build_dir / "site" / lang)]
            patches = ["--render-log", str(self.log)]
            if self.plain:
                patches.append("--plain")
            if self.given:
                patches += [f"--{self.given}", str(self.project / f"given-{lang}.pickle")]
            cmd = [sys.executable, str(ROOT / "bench" / "patched_sphinx.py"), *patches, *cmd]
            if instructions:
                cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *cmd]
            (cpu0, sys0), t0 = cpu_children(), time.perf_counter()
            proc = subprocess.run(cmd, cwd=self.project, env=env, capture_output=True, text=True)
            wall, (cpu1, sys1) = time.perf_counter() - t0, cpu_children()
            cpu = cpu1 - cpu0
            if proc.returncode:
                sys.exit(f"bench: the {lang} build failed:\n{proc.stderr[-3000:]}")
            if instructions:
                out["instructions"] += int(re.search(r"Collected : (\d+)", proc.stderr).group(1))
            m = re.search(r"updating environment: (\d+) added, (\d+) changed", proc.stdout)
            read = int(m.group(1)) + int(m.group(2)) if m else 0
            out["per_lang"][lang] = (wall, cpu, read)
            out["wall"] += wall
            out["cpu"] += cpu
            out["sys"] += sys1 - sys0
            out["read"] += read
        shutil.copy(self.project / "docs" / "_root" / "index.html", self.build_dir / "site" / "index.html")
        if self.log.exists():
            for line in self.log.read_text(encoding="utf-8").splitlines():
                name, secs = line.split("\t")
                out["drawn"].append((name, float(secs)))
        return out


def no_figures() -> dict:
    """A build's figures before it runs: :meth:`Site.build` and :func:`combined` add to them."""
    return {"wall": 0.0, "cpu": 0.0, "sys": 0.0, "read": 0, "per_lang": {}, "instructions": 0, "drawn": []}


def combined(builds: list[dict]) -> dict:
    """One build's figures from those of its languages built apart."""
    out = no_figures()
    for b in builds:
        for key in ("wall", "cpu", "sys", "read", "instructions"):
            out[key] += b[key]
        out["per_lang"].update(b["per_lang"])
        out["drawn"] += b["drawn"]
    return out


def paired_builds(plain: Site, clean: Site, swap: bool) -> tuple[dict, dict]:
    """A cold plain and a cold clean build of both languages, in the order
    plain en, clean en, clean fr, plain fr (*swap*: clean and plain
    exchanged): each kind has one early and one late turn, so a machine that
    slows down or speeds up during the four builds moves both alike."""
    first, second = (clean, plain) if swap else (plain, clean)
    builds = {plain: [], clean: []}
    for site, lang in ((first, "en"), (second, "en"), (second, "fr"), (first, "fr")):
        builds[site].append(site.build(langs=(lang,)))
    return combined(builds[plain]), combined(builds[clean])


def recorded_site(base: Path) -> Site:
    """A site whose clean build (not timed) recorded each directive's output
    (bench/patched_sphinx.py): its builds replay it, the same pages with their
    content given."""
    site = Site(base, "given")
    site.given = "record"
    site.build()
    site.given = "replay"
    return site


def fmt(build) -> str:
    langs = ", ".join(f"{lang} {w:.2f}" for lang, (w, _c, _r) in build["per_lang"].items())
    return f"{build['wall']:6.2f} s wall ({langs}), {build['cpu']:6.2f} s CPU (system {build['sys']:.2f})"


def verdict(ok: bool) -> str:
    return "met" if ok else "MISSED"


def dir_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def time_verify(repeat=5):
    from mancala_diagrams.files.verify import Verifier
    times, rows = [], []
    for _ in range(repeat):
        t0 = time.perf_counter()       # a cold verify each time: a new verifier loads every file again
        rows = Verifier(ROOT).verify()
        times.append(time.perf_counter() - t0)
    return times, rows


def encoders(pngs):
    """The site's pictures encoded again, side by side: Pillow's PNG encoder (the
    system zlib, level 6, the project's setting until issue 18) and png_bytes
    (zlib-ng, level 5)."""
    import io
    from PIL import Image
    from mancala_diagrams.drawing.png import PNG_LEVEL, png_bytes
    pictures = []
    for path in pngs:
        with Image.open(path) as img:
            img.load()
            pictures.append((img.copy(), tuple(zip(*[iter(img.getpalette())] * 3))))
    out = {}
    for name in ("pillow", "png_bytes"):
        t0, size = time.process_time(), 0
        for pal, colours in pictures:
            if name == "pillow":
                buf = io.BytesIO()
                pal.save(buf, format="PNG", compress_level=6)
                size += buf.tell()
            else:
                size += len(png_bytes(pal, colours))
        out[name] = (time.process_time() - t0, size / len(pictures))
    (tp, sp), (tn, sn) = out["pillow"], out["png_bytes"]
    print(f"PNG encoding of these {len(pictures)} pictures: Pillow (zlib level 6) {tp:.3f} s CPU, "
          f"{sp / 1024:.1f} KB average; png_bytes (zlib-ng level {PNG_LEVEL}) {tn:.3f} s, {sn / 1024:.1f} KB "
          f"(time ratio {tn / tp:.2f})")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--example", default=DEFAULT_EXAMPLE, help="the example file changed (relative to the project)")
    ap.add_argument("--repeat", type=int, default=5,
                    help="cold builds of each kind, alternated (default 5: the median of the paired ratios; "
                         "CPU time on a virtual machine moves by a tenth from one build to the next)")
    ap.add_argument("--keep", help="build in this folder and keep it (default: a temporary folder, removed)")
    ap.add_argument("--instructions", action="store_true",
                    help="only the overhead ratios, in instructions counted by valgrind's callgrind (one cold "
                         "build of each kind, about 15 minutes): the same count whatever the machine's load")
    args = ap.parse_args()

    base = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="mancala-bench-"))
    if args.keep and base.exists():
        shutil.rmtree(base)
    base.mkdir(parents=True, exist_ok=True)
    try:
        (count_instructions if args.instructions else run)(base, args)
    finally:
        if not args.keep:
            shutil.rmtree(base, ignore_errors=True)


def count_instructions(base: Path, args):
    """The three cold builds of the overhead ratio (plain, content given, clean)
    once each under callgrind: instructions, not seconds, so that two runs on a
    loaded machine give the same figures (CPU time moves by a tenth or more)."""
    if shutil.which("valgrind") is None:
        sys.exit("bench: --instructions needs valgrind (Debian package valgrind)")
    print(f"site benchmark in instructions (callgrind): Python {sys.version.split()[0]}")
    given = recorded_site(base)
    counts = {"plain": Site(base, "plain", plain=True).build(instructions=True)["instructions"],
              "given": given.build(instructions=True)["instructions"],
              "clean": Site(base, "clean").build(instructions=True)["instructions"]}
    for kind, what in (("plain", "plain build (a paragraph per directive)"),
                       ("given", "same pages, content given"), ("clean", "clean build")):
        print(f"{what + ':':43s} {counts[kind] / 1e9:7.2f} G instructions (en + fr, cold)")
    ratio = counts["clean"] / counts["plain"]
    print(f"  extension overhead ratio: {ratio:.3f} (target <= 1.3: {verdict(ratio <= 1.3)}); the pages' content "
          f"{counts['given'] / counts['plain']:.3f} (given / plain), the extension computing it "
          f"{counts['clean'] / counts['given']:.3f} (clean / given)")


def run(base: Path, args):
    print(f"site benchmark: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}, "
          f"Python {sys.version.split()[0]}")
    # -- cold builds, --repeat of each kind, paired (paired_builds) --
    # the same pages with each directive's output given (bench/patched_sphinx.py): recorded
    # once from a clean build (not timed), replayed beside each plain build
    given = recorded_site(base)
    plains, givens, cleans = [], [], []
    for i in range(args.repeat):
        givens.append(given.build())
        site = Site(base, f"site-{i}")
        plain_build, clean_build = paired_builds(Site(base, f"plain-{i}", plain=True), site, swap=i % 2 == 1)
        plains.append(plain_build)
        cleans.append(clean_build)
    plain_build = min(plains, key=lambda b: b["cpu"])
    clean = min(cleans, key=lambda b: b["cpu"])
    ratio = clean["wall"] / plain_build["wall"]
    ratio_cpu = clean["cpu"] / plain_build["cpu"]
    drawn = clean["drawn"]
    print(f"clean build, cold (en + fr):    {fmt(clean)}, {len(drawn)} images drawn "
          f"(fastest of {args.repeat})")
    print(f"plain build, cold (no drawings): {fmt(plain_build)}")
    # each clean build is measured beside its plain build, their languages interleaved
    # (paired_builds): the median of these paired ratios moves less with the machine's
    # speed than the ratio of the two fastest builds
    pairs = [c["cpu"] / p["cpu"] for p, c in zip(plains, cleans)]
    paired = statistics.median(pairs)
    print(f"  extension overhead ratio:     {paired:.2f} CPU, median of {len(cleans)} builds each beside its "
          f"plain build (target <= 1.3: {verdict(paired <= 1.3)}); fastest of each: {ratio_cpu:.2f} CPU, "
          f"{ratio:.2f} wall")
    print(f"  each clean build / its plain build, in run order: {', '.join(f'{r:.2f}' for r in pairs)}")
    # the overhead in two: Sphinx handling the content, the extension computing it
    content = statistics.median(g["cpu"] / p["cpu"] for p, g in zip(plains, givens))
    computing = statistics.median(c["cpu"] / g["cpu"] for g, c in zip(givens, cleans))
    fastest_given = min(givens, key=lambda b: b["cpu"])
    print(f"same pages, content given:      {fmt(fastest_given)} (fastest of {len(givens)}; each "
          f"directive's output replayed, nothing loaded, verified or drawn)")
    print(f"  of the overhead ratio: the pages' content {content:.2f} (given / plain), the extension "
          f"computing it {computing:.2f} (clean / given); medians of the builds side by side")
    # the same clean build again, its image folder (images and the store) kept
    # from the cold build: what a second `make site` after deleting
    # the pages and doctrees costs
    for part in ("doctrees", "site"):
        shutil.rmtree(site.build_dir / part)
    warm = site.build()
    print(f"clean build, warm image folder: {fmt(warm)}, {len(warm['drawn'])} images drawn; "
          f"ratio to the plain build {warm['cpu'] / plain_build['cpu']:.2f} CPU, "
          f"{warm['wall'] / plain_build['wall']:.2f} wall (not the target's figure)")

    # -- no-op rebuild ---------------------------------------------------------------
    noop = site.build()
    print(f"no-op rebuild:                  {fmt(noop)}, {noop['read']} pages read, "
          f"{len(noop['drawn'])} images drawn (target < 3 s: {verdict(noop['wall'] < 3)})")

    # -- one example changed ---------------------------------------------------------
    example = site.project / args.example
    text = example.read_text(encoding="utf-8")
    changed, n = EDIT[0].subn(EDIT[1], text)
    steps = len(re.findall(r"^\s*- id:", text, re.M))
    if n:
        what = f"a seed added in every board of {args.example} ({steps} diagrams)"
    else:  # the file is not the one the edit was written for: change its words only
        changed = text + "\n# edited by bench/bench_site.py\n"
        what = f"a comment added to {args.example} (nothing to redraw)"
    example.write_text(changed, encoding="utf-8")
    one = site.build()
    names = {name for name, _ in one["drawn"]}
    only_that = len(names) <= steps and (not n or len(names) == steps)
    print(f"rebuild, one example changed:   {fmt(one)}, {one['read']} pages read (both languages), "
          f"{len(names)} images drawn")
    print(f"  ({what}): redraws only that example: {verdict(only_that)}")

    # -- verify and drawing ------------------------------------------------------------
    times, rows = time_verify()
    best = min(times)
    print(f"verify (all examples, in process): best {best:.3f} s, median {statistics.median(times):.3f} s, "
          f"{len(rows)} diagrams (target < 1 s: {verdict(best < 1)})")
    t0 = time.perf_counter()
    subprocess.run([str(Path(sys.executable).parent / "mancala-diagrams"), "verify"], cwd=ROOT,
                   capture_output=True)
    print(f"verify (command line, with start-up): {time.perf_counter() - t0:.3f} s")
    if drawn:
        secs = [s for _, s in drawn]
        print(f"drawing: {len(secs)} images, {statistics.mean(secs) * 1000:.1f} ms per image "
              f"(median {statistics.median(secs) * 1000:.1f}, largest {max(secs) * 1000:.1f}), "
              f"{sum(secs):.2f} s in all")

    # -- sizes ---------------------------------------------------------------------------
    pngs = sorted(site.images.glob("board-*.png"), key=lambda p: p.stat().st_size)
    sizes = [p.stat().st_size for p in pngs]
    if sizes:
        from PIL import Image
        with Image.open(pngs[-1]) as img:
            dims = img.size
        avg = statistics.mean(sizes)
        print(f"images: {len(sizes)} PNG (density 2), average {avg / 1024:.1f} KB "
              f"(target < 12 KB: {verdict(avg < 12 * 1024)}), largest {sizes[-1] / 1024:.1f} KB "
              f"({pngs[-1].name}, {dims[0]}x{dims[1]} px), all {sum(sizes) / 1024:.0f} KB")
        encoders(pngs)
    total = dir_size(site.build_dir / "site")
    site_pngs = sum(p.stat().st_size for p in (site.build_dir / "site").rglob("*.png"))
    print(f"site size: {total / 1024 / 1024:.2f} MB in all (en + fr), of which images "
          f"{site_pngs / 1024 / 1024:.2f} MB (each language has its own copy)")


if __name__ == "__main__":
    main()
