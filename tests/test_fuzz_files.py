"""Fuzzing the rules and example files: whatever a contributor types, loading
and replaying either succeed or raise the project's own MancalaError with a
file and a line, never a traceback of another kind.

Each case takes one of the project's own files, applies a few random
mutations, either to the text (characters, lines, indentation, tokens) or to
the structure (keys removed or misspelt, values of another type or size), and
loads the result in a throw-away copy of the project.  Set FUZZ_EXAMPLES to run
more cases than the default (the figure reported in the closing note came from
FUZZ_EXAMPLES=3000).
"""
from __future__ import annotations

import copy
import os
import shutil
import tempfile
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mancala_diagrams.errors import MancalaError
from mancala_diagrams.files.examples import ExampleLoader, replay
from mancala_diagrams.files.loader import RulesLibrary
from mancala_diagrams.files.verify import Verifier

from conftest import ROOT

RULES = sorted((ROOT / "rules").glob("*.yaml"))
EXAMPLES = sorted((ROOT / "sources").rglob("*.yaml"))
N = int(os.environ.get("FUZZ_EXAMPLES", "150"))
FUZZ = settings(max_examples=N, deadline=None, derandomize=False,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.filter_too_much])

STATS = {"cases": 0, "ok": 0, "errors": 0}

WORDS = ["capture", "relay", "mandry", "a1", "z9", "clockwise", "left", "true", "null", "~", "-1", "0",
         "99999999999999999999", "1e9", "''", "[]", "{}", "!!python/object:os.system", "&a", "*a", "<<",
         "lap 2 capture", "turn 0 end", "start", "empty-inner-row", "2020-01-01", ".inf", "é", "\t"]
CHARS = ":-[]{}#&*!|>'\"\n\t ,.?%@`0123456789abcxyz"


# -- mutations ---------------------------------------------------------------------------------
@st.composite
def text_mutation(draw, text):
    lines = text.split("\n")
    op = draw(st.sampled_from(["delete", "insert", "dup-line", "swap-lines", "indent", "token", "truncate"]))
    if op == "delete" and text:
        i = draw(st.integers(0, len(text) - 1))
        j = draw(st.integers(i, min(len(text), i + 12)))
        return text[:i] + text[j:]
    if op == "insert":
        i = draw(st.integers(0, len(text)))
        return text[:i] + draw(st.text(alphabet=CHARS, min_size=1, max_size=6)) + text[i:]
    if op == "dup-line" and lines:
        i = draw(st.integers(0, len(lines) - 1))
        return "\n".join(lines[:i + 1] + [lines[i]] + lines[i + 1:])
    if op == "swap-lines" and len(lines) > 1:
        i = draw(st.integers(0, len(lines) - 2))
        lines[i], lines[i + 1] = lines[i + 1], lines[i]
        return "\n".join(lines)
    if op == "indent" and lines:
        i = draw(st.integers(0, len(lines) - 1))
        lines[i] = draw(st.sampled_from(["", " ", "  ", "    ", "\t"])) + lines[i].lstrip()
        return "\n".join(lines)
    if op == "token":
        tokens = text.replace("\n", " \n ").split(" ")
        if tokens:
            i = draw(st.integers(0, len(tokens) - 1))
            if tokens[i].strip():
                tokens[i] = draw(st.sampled_from(WORDS))
        return " ".join(tokens).replace(" \n ", "\n")
    if op == "truncate" and text:
        return text[:draw(st.integers(0, len(text)))]
    return text


def _paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, prefix + (i,))


VALUES = st.one_of(st.none(), st.booleans(), st.integers(-3, 40), st.sampled_from([10**30, -10**30]),
                   st.text(alphabet=CHARS, max_size=8), st.sampled_from(WORDS),
                   st.lists(st.integers(-1, 5), max_size=4), st.just({}), st.just([[1, 2], [3]]),
                   st.dictionaries(st.sampled_from(["en", "fr", "x", "hole"]), st.sampled_from(WORDS), max_size=2))


@st.composite
def structure_mutation(draw, data):
    paths = [p for p in _paths(data) if p]
    if not paths:
        return data
    path = draw(st.sampled_from(paths))
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    key = path[-1]
    op = draw(st.sampled_from(["delete", "rename", "retype", "duplicate", "board"]))
    if op == "delete":
        del parent[key]
    elif op == "rename" and isinstance(parent, dict):
        new = draw(st.sampled_from([str(key)[:-1] or "x", str(key) + "s", str(key).upper(), "extra", 3]))
        if new not in parent:
            parent[new] = parent.pop(key)
    elif op == "duplicate" and isinstance(parent, list):
        parent.insert(key, parent[key])
    elif op == "board" and isinstance(parent[key], str) and "\n" in parent[key]:
        rows = parent[key].strip("\n").split("\n")
        i = draw(st.integers(0, len(rows) - 1))
        rows[i] = draw(st.sampled_from([rows[i] + " 1", rows[i].rsplit(" ", 1)[0], "", rows[i].replace("2", "x"),
                                        rows[i].replace("2", "0"), rows[i].replace(".", "9")]))
        parent[key] = "\n".join(rows) + "\n"
    else:
        parent[key] = copy.deepcopy(draw(VALUES))    # never share a drawn constant between cases
    return data


@st.composite
def mutated(draw, files):
    path = draw(st.sampled_from(files))
    text = path.read_text(encoding="utf-8")
    if draw(st.booleans()):
        for _ in range(draw(st.integers(1, 3))):
            text = draw(text_mutation(text))
    else:
        data = yaml.safe_load(text)
        for _ in range(draw(st.integers(1, 3))):
            data = draw(structure_mutation(data))
        text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    return path, text


# -- the property ------------------------------------------------------------------------------
def _project():
    """A project in a folder of its own: what lies beside the system's temp
    folder (a clone's ../shared there) is not beside it."""
    tmp = Path(tempfile.mkdtemp(prefix="fuzz-")) / "project"
    shutil.copytree(ROOT / "rules", tmp / "rules")
    (tmp / "sources").mkdir()
    return tmp


def _assert_located(exc: MancalaError, file: Path):
    assert exc.file is not None, f"no file in: {exc}"
    assert exc.line is not None, f"no line in: {exc}"
    assert type(exc).__module__ == "mancala_diagrams.errors"


def _record(ok):
    STATS["cases"] += 1
    STATS["ok" if ok else "errors"] += 1


@FUZZ
@given(case=mutated(RULES))
def test_mutated_rules_files_load_or_fail_with_a_location(case):
    original, text = case
    root = _project()
    try:
        target = root / "rules" / original.name
        target.write_text(text, encoding="utf-8")
        lib = RulesLibrary(root / "rules")
        try:
            # the file itself, and every playable rules file that extends it
            for name in lib.names():
                if original.stem in lib.lineage(name) and not lib.raw(name).get("abstract"):
                    rules = lib.load(name)
                    try:
                        rules.legal_moves(rules.initial_position(), limit=20)
                    except MancalaError:
                        pass    # playing (not loading) may refuse, e.g. a turn cut as endless
            lib.validate(original.stem)
            _record(True)
        except MancalaError as exc:
            _assert_located(exc, target)
            _record(False)
    finally:
        shutil.rmtree(root.parent)


@FUZZ
@given(case=mutated(EXAMPLES))
def test_mutated_example_files_load_and_replay_or_fail_with_a_location(case):
    original, text = case
    root = _project()
    try:
        target = root / "sources" / original.name
        target.write_text(text, encoding="utf-8")
        loader = ExampleLoader(RulesLibrary(root / "rules"))
        try:
            example = loader.load(target)
        except MancalaError as exc:
            _assert_located(exc, target)
            _record(False)
            return
        for rep in replay(example):
            if rep.error is not None:
                _assert_located(rep.error, target)
        # the verifier's whole path (start / track / special-holes / game) must not crash either
        Verifier(root).check_file(target)
        _record(True)
    finally:
        shutil.rmtree(root.parent)


# -- hostile files, class by class (tests/hostile.py; `make fuzz` runs tens of thousands) ----------
import random  # noqa: E402

import hostile  # noqa: E402

HOSTILE_CASES = int(os.environ.get("FUZZ_HOSTILE", "20"))     # per class, fixed seed


@pytest.fixture(scope="module")
def hostile_project():
    base = Path(tempfile.mkdtemp(prefix="hostile-"))
    yield hostile.make_project(base)
    hostile._remove(base)


@pytest.mark.parametrize("cls", list(hostile.CLASSES))
def test_hostile_files_are_refused_with_a_location_or_accepted(hostile_project, cls):
    """Aliases, bombs, depth, tags, encodings, special files, huge numbers, long
    lists, bad names, anchors and holes, extends, many lines, the file system
    under every command, the commands' options: never a traceback, never a
    refusal without its place."""
    rng = random.Random(f"test-{cls}")
    seen = {}
    # the classes that run whole commands, or replay thousands of events, take fewer cases here
    cases = HOSTILE_CASES // {"lines": 4, "file-system": 2, "options": 2}.get(cls, 1) or 1
    for _ in range(cases):
        outcome, message = hostile.run_case(hostile_project, hostile.make_case(rng, cls))
        assert outcome in ("located", "accepted"), f"{cls}: {outcome}: {message}"
        seen[outcome] = seen.get(outcome, 0) + 1
        STATS["cases"] += 1
        STATS["ok" if outcome == "accepted" else "errors"] += 1
    if cls not in ("mutations", "numbers", "long-lists", "encodings", "lines"):
        assert seen.get("located"), f"no {cls} case was refused: the generator lost its teeth"


def test_zz_report_fuzz_figures(capsys):
    with capsys.disabled():
        print(f"\nfuzz: {STATS['cases']} mutated files, {STATS['ok']} loaded and replayed, "
              f"{STATS['errors']} refused with a located MancalaError")


def test_an_erratum_searched_for_on_a_board_of_another_size_is_a_mismatch_not_a_crash():
    """Found by the fuzzer: a published grid with a row too many under an
    erratum with a search made the search raise, unlocated."""
    root = _project()
    try:
        text = (ROOT / "sources" / "katro-gorobaka" / "katro-mandry-dia-homana-6.yaml").read_text(encoding="utf-8")
        grid = "    board: |\n      1 1 1 1 . 1\n      . 1 1 1 3 .\n"
        assert text.count(grid) == 1
        target = root / "sources" / "katro-mandry-dia-homana-6.yaml"
        target.write_text(text.replace(grid, grid + "      1 1 1 1 . 1\n"), encoding="utf-8")   # 5 rows
        rows = {r["diagram"]: r for r in Verifier(root).check_file(target)}
        row = rows["katro-gorobaka-12"]
        assert row["status"] == "mismatch"
        assert "30 holes and the game's board 24" in row["reason"]
    finally:
        shutil.rmtree(root.parent)
