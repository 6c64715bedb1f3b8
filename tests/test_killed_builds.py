"""A killed build leaves nothing a later build trusts.

The small bilingual site of :mod:`test_incremental_builds` is built, and each
build is killed (SIGKILL: no handler, no ``finally``) at a moment spread over
it: after N of the files it writes have appeared (the view's store, the
images, the doctrees, Sphinx's environment, the pages, in both languages),
from an empty build folder; and in an incremental build after an example was
edited, once its environment is written and before its pages are.  Each time
the build is run again in the same folder, and must give the same pages and
the same images as a clean build: a half-written file, or a file written for
inputs that then changed, must never be taken for a finished one.
"""
from __future__ import annotations

import shutil
import subprocess
import time
from pathlib import Path

from test_incremental_builds import (LANGS, build, edit, make_project, same, sphinx_command,
                                     sphinx_env)

#: copied whole at the end of each language's build, with their sources' times
#: (not what a build computes); and the temporary files of write_atomically
NOT_WATCHED = ("/_static/", "/_sources/", "/.tmp-")


def files(out: Path) -> dict:
    """{file: modification time} of what a build wrote into *out*."""
    found = {}
    for p in out.rglob("*"):
        name = "/" + str(p.relative_to(out))
        if any(part in name for part in NOT_WATCHED):
            continue
        try:
            if p.is_file():
                found[name] = p.stat().st_mtime_ns
        except FileNotFoundError:       # renamed or removed while we looked
            pass
    return found


def build_killed(root: Path, out: Path, until) -> list:
    """Build both languages into *out* as :func:`build` does, killing the
    build once ``until(written)`` holds, *written* the files it has written
    so far (in the order they appeared); returns *written* at the kill."""
    before = files(out)
    written = []
    for lang in LANGS:
        proc = subprocess.Popen(sphinx_command(root, out, lang), cwd=root, env=sphinx_env(root),
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            while proc.poll() is None:
                for name, mtime in files(out).items():
                    if before.get(name) != mtime and name not in written:
                        written.append(name)
                if until(written):
                    proc.kill()
                    proc.wait()
                    return written
                time.sleep(0.002)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        assert proc.returncode == 0, f"the {lang} build failed"
    raise AssertionError(f"the build ended before it was killed (it wrote {written})")


def test_a_killed_build_leaves_nothing_the_next_build_trusts(tmp_path):
    root = tmp_path / "project"
    make_project(root)
    clean = tmp_path / "clean"
    build(root, clean, images=clean / "images")
    total = len(files(clean))
    assert total >= 30, sorted(files(clean))      # the store, 3 images, 2 x (5 doctrees and 9 pages ...)
    out = root / "_build"
    for k in range(1, 6):       # five moments, spread over the two languages' builds
        n = total * k // 6
        shutil.rmtree(out, ignore_errors=True)
        written = build_killed(root, out, lambda w: len(w) >= n)
        build(root, out)
        same(out, clean, f"a build killed after {len(written)} of {total} files ({written[-1]})")

    # an incremental build after an edit, killed once a language's environment
    # is written (what it read is recorded as read) and before its pages are
    edits = (("en", "game", "title: {en: An example", "title: {en: The edited turn"),
             ("fr", "start", "fr: Un exemple}", "fr: Le départ modifié}"))
    for lang, example, old, new in edits:
        edit(root / "sources" / f"{example}.yaml", old, new)
        clean = tmp_path / f"clean-{example}"
        build(root, clean, images=clean / "images")
        pickle = f"/doctrees/{lang}/environment.pickle"
        written = build_killed(root, out, lambda w: pickle in w)
        assert f"/site/{lang}/game.html" not in written, written     # killed before the page was written
        build(root, out)
        same(out, clean, f"an incremental build killed after {written[-1]}")
    assert "The edited turn" in (out / "site" / "en" / "game.html").read_text(encoding="utf-8")
    assert "Le départ modifié" in (out / "site" / "fr" / "game.html").read_text(encoding="utf-8")
