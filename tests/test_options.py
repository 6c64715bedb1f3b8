"""Every option of the command is checked by the parser: a value of the wrong
kind or out of range is a usage error that names the option (exit 2), before
any work; and the checks of `check` and `verify` say what was not compared."""
from __future__ import annotations

import shutil

import pytest

from mancala_diagrams.cli.main import main

from conftest import ROOT

HUGE = "9" * 5000


@pytest.mark.parametrize("argv, message", [
    (["explain", "katro-12", "--board", "99999999999999999999999999999"],
     "argument --board: the board: 99999999999999999999999999999 seeds in one hole is more than 1,000"),
    (["explain", "katro-12", "--board", "x"], "argument --board: the board: 'x' is not a seed count"),
    (["explain", "katro-12", "--board", "²"], "argument --board: the board: '²' is not a seed count"),
    (["explain", "katro-12", "--board", ""], "argument --board: the board: no rows"),
    (["explain", "katro-12", "--board", "1000 1000/1000 1000/1000 1000/1000 1000/1000 1000/1000 1000/1000 1000/"
                                        "1000 1000/1000 1000/1000 1000/1000 1000"],
     "argument --board: the board holds 22,000 seeds, more than 10,000 (the limit MAX_SEEDS)"),
    (["explain", "katro-12", "--closest", "-1"], "argument --closest: '-1' is not a whole number from 0 to 100"),
    (["explain", "katro-12", "--positions", HUGE], "argument --positions: '9999999999"),
    (["explain", "katro-12", "--turns", "0"], "argument --turns: '0' is not a whole number from 1 to 500"),
    (["explain", "katro-12", "--laps", "1e5"], "argument --laps: '1e5' is not a whole number"),
    (["explain", "katro-12", "--seconds", "nan"], "argument --seconds: 'nan' is not a number of seconds"),
    (["explain", "katro-12", "--seconds", "inf"], "argument --seconds: 'inf' is not a number of seconds"),
    (["explain", "katro-12", "--memory", "0"], "argument --memory: '0' is not a whole number from 1 to 65,536"),
    (["explain", "katro-12", "--rules", "../x"], "argument --rules: '../x' is not a name"),
    (["explain", "katro-12", "--position", "1,1/1,-5 south"],
     "argument --position: seed counts must be whole numbers, 0 or more"),
    (["draft", "katro-bevohoka", "--seconds", "nan"], "argument --seconds: 'nan' is not a number of seconds"),
    (["draft", "../../etc/passwd"], "argument page: '../../etc/passwd' is not a name"),
    (["draft", "katro", "--turns", "-1"], "argument --turns: '-1' is not a whole number from 1 to 500"),
    (["new", "example", "x", "--rules", "katro-6", "--turns", "-5"],
     "argument --turns: '-5' is not a whole number from 1 to 500"),
    (["new", "example", "x", "--rules", "katro-6", "--board", "1 x/1 1"],
     "argument --board: the board: 'x' is not a seed count"),
    (["new", "example", "x", "--rules", "katro-6", "--reserve", "²"], "argument --reserve: --reserve '²'"),
    (["new", "variant", "x", "--from", "katro", "--columns", HUGE], "argument --columns: '9999999999"),
])
def test_a_bad_option_value_is_a_usage_error_naming_the_option(argv, message, capsys):
    with pytest.raises(SystemExit) as info:
        main(argv)
    err = capsys.readouterr().err
    assert info.value.code == 2
    assert err.startswith("usage: mancala-diagrams ") and message in err, err
    assert "Traceback" not in err and len(err) < 2_000


# -- check and verify without the published transcriptions -----------------------------------------
@pytest.fixture
def unpublished(tmp_path, monkeypatch):
    root = tmp_path / "project"
    shutil.copytree(ROOT / "rules", root / "rules")
    (root / "sources" / "katro").mkdir(parents=True)
    for name in ("katro-lap-ends-in-empty-hole", "katro-track-clockwise"):
        shutil.copy(ROOT / "sources" / "katro" / f"{name}.yaml", root / "sources" / "katro")
    shutil.copytree(ROOT / "docs" / "data", root / "docs" / "data")
    shutil.copy(ROOT / "docs" / "bibliography.md", root / "docs")
    (tmp_path / "shared" / "notes").mkdir(parents=True)        # a shared/ beside it, without published/
    monkeypatch.delenv("MANCALA_PUBLISHED", raising=False)
    monkeypatch.chdir(root)
    return root


def test_check_without_the_transcriptions_says_nothing_was_compared_and_prints_no_verified(unpublished, capsys):
    main(["check", "sources/katro"])        # its exit also says how the project's pages are (files/content.py)
    out = capsys.readouterr().out
    rows = out.split("\ncontent checked")[0]
    assert "verified" not in rows
    assert "katro-06               given         sources/katro/katro-lap-ends-in-empty-hole.yaml (start)\n" in out
    assert "katro-07               replayed      sources/katro/katro-lap-ends-in-empty-hole.yaml (lap 1 pickup)\n" in out
    assert ("6 diagrams checked: 1 given, 4 replayed, 1 sowing-order\nnote: ../shared/published not found: each replay was compared with "
            "the example's own transcription (replayed), and no transcription with the published grid\n") in out


def test_an_empty_published_folder_is_no_transcriptions(unpublished, capsys):
    (unpublished.parent / "shared" / "published").mkdir()
    main(["check", "sources/katro"])
    assert "note: ../shared/published not found" in capsys.readouterr().out


def test_verify_without_the_transcriptions_says_nothing_was_compared(unpublished, capsys):
    main(["verify"])
    out = capsys.readouterr().out
    rows = out.split("\ncontent checked")[0]
    assert "verified" not in rows and "6 diagrams checked in " in out and ": 1 given, 4 replayed, 1 sowing-order\n" in out
    assert ("note: ../shared/published not found: each replay was compared with the example's own "
            "transcription (replayed), and no transcription with the published grid; published "
            "diagrams no example accounts for cannot be listed\n") in out


def test_a_new_variant_that_does_not_load_puts_back_the_file_it_replaced(unpublished, capsys):
    before = (unpublished / "rules" / "katro-4.yaml").read_bytes()
    assert main(["new", "variant", "katro-4", "--from", "katro-6", "--force", "--set", "tsibongy.zone=-1"]) == 2
    assert "block 'tsibongy': zone must be 0 or more, not -1" in capsys.readouterr().err
    assert (unpublished / "rules" / "katro-4.yaml").read_bytes() == before     # it was deleted


def test_the_summary_counts_one_diagram_and_one_check_in_the_singular():
    from types import SimpleNamespace

    from mancala_diagrams.cli.main import _summary
    row = SimpleNamespace
    rows = [row(status="replayed", check=None), row(status="checked", check="start from k-05")]
    assert _summary(rows) == "1 diagram and 1 check checked: 1 checked, 1 replayed"
    assert _summary(rows[:1] * 2 + rows[1:] * 2).startswith("2 diagrams and 2 checks checked: ")
