"""A killed build leaves nothing a later build trusts.

The small bilingual site of :mod:`test_incremental_builds` is built, and each
build is killed (SIGKILL, which nothing can catch: no handler, no ``finally``)
at a moment chosen over its course: while English pages are read, once the
English environment is saved and before any page is written, while English
pages are written, while French pages are read, while French pages are
written; from an empty build folder each time; then in incremental builds
after an example was edited, once each language's environment is saved and
before its pages are written.  Each time the build is run again in the same
folder, and must give the same pages and the same images as a clean build: a
half-written file, or a file written for inputs that then changed, is never
taken for a finished one.

The build kills itself at the chosen moment: a small extension of the test's
project (``kill_at``) sends SIGKILL to its own process at the Nth time Sphinx
emits a given event, so that each moment is the same on a loaded machine.
"""
from __future__ import annotations

import shutil
import signal
import subprocess
import textwrap
from pathlib import Path

import pytest

from test_incremental_builds import LANGS, build, edit, make_project, same, sphinx_command, sphinx_env

KILL_AT = '''
import os
import signal


def setup(app):
    """KILL_AT=LANG:EVENT:N: the build in LANG kills itself the Nth time Sphinx emits EVENT."""
    lang, event, nth = os.environ.get("KILL_AT", "-:-:0").split(":")
    if event == "-":
        return {"parallel_read_safe": True}
    seen = []

    def kill(app, *args):
        seen.append(event)
        if app.config.language == lang and len(seen) == int(nth):
            os.kill(os.getpid(), signal.SIGKILL)
    app.connect(event, kill)
    return {"parallel_read_safe": True}
'''

#: (language, event, how many times it is emitted first), spread over a build of both languages
MOMENTS = [("en", "doctree-read", 2), ("en", "env-check-consistency", 1), ("en", "html-page-context", 3),
           ("fr", "doctree-read", 1), ("fr", "html-page-context", 2)]


def project_with_kill_at(root: Path) -> None:
    """The incremental-build test's project, with the kill_at extension (idle without KILL_AT)."""
    make_project(root)
    (root / "docs" / "kill_at.py").write_text(KILL_AT, encoding="utf-8")
    with open(root / "docs" / "conf.py", "a", encoding="utf-8") as conf:
        conf.write(textwrap.dedent("""
            import sys
            sys.path.insert(0, str(HERE))
            extensions.append("kill_at")
            """))


def build_killed(root: Path, out: Path, lang: str, event: str, nth: int) -> None:
    """Build both languages into *out* as :func:`build` does; the build in
    *lang* is killed the *nth* time it emits *event*."""
    for each in LANGS:
        env = {**sphinx_env(root), "KILL_AT": f"{lang}:{event}:{nth}"}
        done = subprocess.run(sphinx_command(root, out, each), cwd=root, env=env, capture_output=True, text=True,
                              timeout=600)
        if each == lang:
            assert done.returncode == -signal.SIGKILL, (lang, event, nth, done.returncode, done.stderr[-2000:])
            return
        assert done.returncode == 0, done.stderr[-3000:]


@pytest.mark.heavy
def test_a_killed_build_leaves_nothing_the_next_build_trusts(tmp_path):
    root = tmp_path / "project"
    project_with_kill_at(root)
    clean = tmp_path / "clean"
    build(root, clean, images=clean / "images")
    out = root / "_build"
    for lang, event, nth in MOMENTS:
        shutil.rmtree(out, ignore_errors=True)
        build_killed(root, out, lang, event, nth)
        build(root, out)
        same(out, clean, f"a build killed in {lang} at {event} {nth}")

    # an incremental build after an edit, killed once a language's environment
    # is saved (what it read is recorded as read) and before its pages are written
    edits = (("en", "game", "title: {en: An example", "title: {en: The edited turn"),
             ("fr", "start", "fr: Un exemple}", "fr: Le départ modifié}"))
    for lang, example, old, new in edits:
        edit(root / "sources" / f"{example}.yaml", old, new)
        clean = tmp_path / f"clean-{example}"
        build(root, clean, images=clean / "images")
        build_killed(root, out, lang, "env-check-consistency", 1)
        build(root, out)
        same(out, clean, f"an incremental build in {lang} killed after its environment was saved")
    assert "The edited turn" in (out / "site" / "en" / "game.html").read_text(encoding="utf-8")
    assert "Le départ modifié" in (out / "site" / "fr" / "game.html").read_text(encoding="utf-8")
