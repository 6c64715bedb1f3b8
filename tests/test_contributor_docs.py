"""The files the contributors' pages show are replayed as they are shown
(issue 35): the one-row variant of docs/howto-variant.md and its example are
put in a copy of the project, loaded, replayed and checked as `check` does;
the transcription of docs/howto-page.md is read and drafted as `new page` does."""
import shutil

from mancala_diagrams.cli.main import main
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


def test_the_transcription_of_the_page_how_to_is_read_as_shown(tmp_path, monkeypatch):
    # the JSON shown in docs/howto-page.md, as ../shared/published/NAME.json: its diagrams,
    # the words that choose the rules, the players its text speaks of, and the rules drafted with
    import json
    from mancala_diagrams.files.draft import draft_page, page_diagrams, page_players, page_words
    shown = files_shown(ROOT / "docs" / "howto-page.md")
    (path, text), = shown.items()
    assert path == "../shared/published/tsipika.json"
    published = tmp_path / "shared" / "published"
    published.mkdir(parents=True)
    (published / "tsipika.json").write_text(text, encoding="utf-8")
    assert json.loads(text)["page"] == "tsipika.html"
    diagrams = page_diagrams(published, "tsipika")
    assert [(d[0], d[1][1]) for d in diagrams] == [("tsipika-01", [2, 2, 2, 2]), ("tsipika-02", [2, 2, None, 2])]
    assert diagrams[1][3] == "Sud sème a2 dans le sens des aiguilles d'une montre."
    assert "tsipika" in page_words(published, "tsipika")[0]
    assert page_players(published, "tsipika")[0] == 2
    root = tmp_path / "project"
    shutil.copytree(ROOT / "rules", root / "rules")
    (root / "sources").mkdir()
    (root / "docs").mkdir()
    shutil.copy(ROOT / "docs" / "references.bib", root / "docs")
    monkeypatch.setenv("MANCALA_PUBLISHED", str(published))
    files = draft_page(Verifier(root), "tsipika", rules_names=["katro-4"])
    assert [(f.name, f.starts, f.chained, f.todo) for f in files] == [
        ("tsipika-draft-01", ["tsipika-01"], ["tsipika-02"], [])]
    assert "{hole: a2, direction: clockwise}" in files[0].text
    # new page makes the page's bibliography entry from its page and origin
    monkeypatch.chdir(root)
    assert main(["new", "page", "tsipika", "--rules", "katro-4"]) == 0
    bib = (root / "docs" / "references.bib").read_text(encoding="utf-8")
    assert ("@misc{busser-tsipika,\n  author = {Busser, Alain},\n  title  = {{Tsipika}},\n  howpublished = "
            "{Jeux mathématiques de l’océan Indien},\n  url    = {https://github.com/AlainBusser/Jeux_maths_OI/"
            "blob/743f84a/tsipika.html},\n") in bib
