"""The files the contributors' pages show are replayed as they are shown
(issue 35): the one-row variant of docs/howto-variant.md and its example are
put in a copy of the project, loaded, replayed and checked as `check` does."""
import shutil

from mancala_diagrams.files.content import french_problems
from mancala_diagrams.files.loader import RulesLibrary
from mancala_diagrams.files.verify import Verifier
from mancala_diagrams.files.yamlio import load_yaml_file

from conftest import ROOT
from test_installed_wheel import files_shown


def test_the_one_row_variant_of_the_how_to_plays_as_shown(tmp_path, monkeypatch):
    monkeypatch.setenv("MANCALA_PUBLISHED", str(tmp_path / "absent"))
    shown = files_shown(ROOT / "docs" / "howto-variant.md")
    assert set(shown) == {"rules/katro-one-row-4.yaml", "sources/katro-one-row/katro-one-row-capture.yaml"}
    shutil.copytree(ROOT / "rules", tmp_path / "rules")
    for path, text in shown.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text, encoding="utf-8")
        assert french_problems(load_yaml_file(tmp_path / path), path) == []
    rules = RulesLibrary(tmp_path / "rules").load("katro-one-row-4")
    assert (rules.geometry.rows, rules.geometry.columns, rules.geometry.players) == (2, 4, ("south", "north"))
    rows = Verifier(tmp_path).verify([tmp_path / "sources" / "katro-one-row" / "katro-one-row-capture.yaml"])
    assert [(r["diagram"], r["status"]) for r in rows] == [
        ("katro-one-row-capture-1", "generated"), ("katro-one-row-capture-2", "generated"),
        ("katro-one-row-capture-3", "generated")]
