"""Shared helpers: the project's rules, literal boards, random legal play."""
from __future__ import annotations

import fcntl
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from mancala_diagrams import languages
from mancala_diagrams.engine.turn import run_turn
from mancala_diagrams.files.loader import RulesLibrary
from mancala_diagrams.engine.position import Position

ROOT = Path(__file__).resolve().parent.parent
LIBRARY = RulesLibrary(ROOT / "rules")


def rules(name):
    return LIBRARY.load(name)


def board(text, to_move="south", solo=False, **kw) -> Position:
    """A position from a literal board: rows top first, '.' or 0 for an empty hole."""
    rows = [[0 if c == "." else int(c) for c in line.split()] for line in text.strip().splitlines()]
    return Position.from_rows(rows, to_move=to_move, solo=solo, **kw)


def grid(position: Position) -> str:
    """The board of a position in the same literal form, for whole-board assertions."""
    return "\n".join(" ".join(str(v) for v in row) for row in position.rows(empty=0))


def published_rows(text: str) -> list:
    """Board text ("2 . 5 ...", rows top first) as a published page's grid: rows of numbers, None for "."."""
    import textwrap
    return [[None if c == "." else int(c) for c in line.split()]
            for line in textwrap.dedent(text).strip().splitlines()]


def literal(text: str) -> str:
    return "\n".join(" ".join(line.split()) for line in text.strip().splitlines()).replace(".", "0")


def play_random_turn(rules, position, rng: random.Random, turn_number=1, events=None):
    """Play one turn choosing every decision at random among the legal options.
    Returns (new position, decisions made)."""
    events = [] if events is None else events
    made = []

    def choose(ask):
        choice = rng.choice(ask.options)
        made.append((ask.kind, choice))
        return choice
    return run_turn(rules, position, choose, turn_number, events).position, made


def pytest_configure(config):
    config.addinivalue_line("markers", "heavy: a test of several seconds (sites built, a browser, long games): "
                                       "in `make test` a unit of its own, started before the others")


@pytest.hookimpl(tryfirst=True)     # before pytest-xdist reads the groups
def pytest_collection_modifyitems(config, items):
    """How `make test` shares the tests among its processes (pytest-xdist's
    ``--dist loadgroup``, in the order given here): each heavy test is a unit
    of its own and they come first, so that the long ones run side by side
    rather than at the end in one process (those that need the whole site
    after the others: one process builds it while the other works); every
    other test goes with the rest of its file, a unit that builds the file's
    fixtures once."""
    heavy = sorted((item for item in items if item.get_closest_marker("heavy")),
                   key=lambda item: "site" in item.fixturenames)
    light = [item for item in items if not item.get_closest_marker("heavy")]
    for item in light:
        if not item.get_closest_marker("xdist_group"):
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::", 1)[0]))
    items[:] = heavy + light


def playable_rules():
    return [n for n in LIBRARY.names() if not LIBRARY.raw(n).get("abstract")]


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    """The whole site, every language built like `make site` (warnings are
    errors), into a temporary directory: built once for every test that reads
    it (the browser tests, the French pages), and once for all the test
    processes when they run in parallel (the first to need it builds it while
    the others wait)."""
    tmp = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        tmp = tmp.parent                      # the folder the parallel processes share
    out = tmp / "site"
    with open(tmp / "site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        done = tmp / "site.built"
        if not done.exists():
            if out.exists():
                shutil.rmtree(out)            # a build that failed in another process
            for lang in languages.package_languages():
                subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
                                "-D", f"language={lang}", "-D", f"mancala_image_cache={tmp / 'site-images'}",
                                "-d", str(tmp / "site-doctrees" / lang), str(ROOT / "docs"), str(out / lang)],
                               check=True, cwd=ROOT)
            shutil.copy(ROOT / "docs" / "_root" / "index.html", out / "index.html")
            done.touch()
    return out
