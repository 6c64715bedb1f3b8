"""A language is a catalog: the languages are listed in one place
(:mod:`mancala_diagrams.languages`), from the caption catalogs; the data files'
texts are given in each of the package's languages and may add a project's
own; the command line names no language of its own."""
import shutil

import pytest
import yaml

from mancala_diagrams import cli, languages
from mancala_diagrams.drawing import catalog
from mancala_diagrams.errors import ExampleError
from mancala_diagrams.files.examples import ExampleLoader
from mancala_diagrams.files.loader import RulesLibrary

from conftest import ROOT

EXAMPLE = """\
example: ex
rules: katro-6
title: {TITLE}
source: {{page: katro, describes: [busser]}}
generated: true
start: {{to_move: south}}
moves:
  - {{hole: a1, direction: clockwise}}
diagrams:
  - id: ex-1
    at: start
    board: [[2, 2, 2, 2, 2, 2], [2, 2, 2, 2, 2, 2], [2, 2, 2, 2, 2, 2], [2, 2, 2, 2, 2, 2]]
"""


@pytest.fixture
def project(tmp_path):
    shutil.copytree(ROOT / "rules", tmp_path / "rules")
    (tmp_path / "sources" / "x").mkdir(parents=True)
    return tmp_path


def load(project, title):
    path = project / "sources" / "x" / "ex.yaml"
    path.write_text(EXAMPLE.format(TITLE=title), encoding="utf-8")
    return ExampleLoader(RulesLibrary(project / "rules")).load(path)


def test_the_languages_are_english_and_one_per_catalog():
    found = sorted(p.parent.parent.name for p in
                   (ROOT / "mancala_diagrams" / "drawing" / "locales").glob("*/LC_MESSAGES/captions.po"))
    assert found == ["fr"]
    assert languages.languages() == ["en", "fr"] == languages.package_languages()
    assert catalog.languages() == languages.languages()


def test_a_text_in_each_language_is_read(project):
    assert load(project, "{en: An example, fr: Un exemple}").title == {"en": "An example", "fr": "Un exemple"}


def test_a_missing_language_names_the_shape_with_every_language(project):
    with pytest.raises(ExampleError) as info:
        load(project, "{en: An example}")
    assert "title must give a text in each language" in str(info.value)
    assert "{en: ..., fr: ...}" in str(info.value) and info.value.line == 3


def test_an_unknown_language_is_refused_until_a_catalog_makes_it_known(project, tmp_path):
    with pytest.raises(ExampleError) as info:
        load(project, "{en: An example, fr: Un exemple, xx: Áñ éẋáḿṕĺé}")
    assert "unknown language 'xx'" in str(info.value) and "en and fr" in str(info.value)
    po = tmp_path / "locales" / "xx" / "LC_MESSAGES" / "captions.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr ""\n"Language: xx\\n"\n', encoding="utf-8")
    catalog.use_locale_dirs([tmp_path / "locales"])
    try:
        assert languages.languages() == ["en", "fr", "xx"]
        assert languages.package_languages() == ["en", "fr"]
        ex = load(project, "{en: An example, fr: Un exemple, xx: Áñ éẋáḿṕĺé}")
        assert ex.title["xx"] == "Áñ éẋáḿṕĺé"
        # a project's own language may be left out: its pages then say the English text
        assert load(project, "{en: An example, fr: Un exemple}").title == {"en": "An example", "fr": "Un exemple"}
        assert catalog.in_language({"en": "An example", "fr": "Un exemple"}, "xx") == "An example"
    finally:
        catalog.use_locale_dirs([])
    assert languages.languages() == ["en", "fr"]


def test_a_text_that_is_empty_in_one_language_is_refused(project):
    with pytest.raises(ExampleError) as info:
        load(project, "{en: An example, fr: '  '}")
    assert "title must give a text in each language" in str(info.value)


def test_new_variant_takes_a_title_per_language(project, capsys, monkeypatch):
    monkeypatch.chdir(project)
    assert cli.main(["new", "variant", "mine", "--from", "katro-8", "--title-in", "fr=Katro à moi"]) == 0
    data = yaml.safe_load((project / "rules" / "mine.yaml").read_text(encoding="utf-8"))
    assert data["title"] == {"en": "Mine", "fr": "Katro à moi"}
    assert set(data["summary"]) == {"en", "fr"} and all("TODO" in t for t in data["summary"].values())


@pytest.mark.parametrize("value, said", [("de=Mein Katro", "'de' is not a language of the package (expected en and fr)"),
                                         ("Katro", "'Katro' is not LANG=TITLE"),
                                         ("fr=", "'fr=' is not LANG=TITLE")])
def test_a_title_in_an_unknown_language_is_a_usage_error(project, capsys, monkeypatch, value, said):
    monkeypatch.chdir(project)
    with pytest.raises(SystemExit) as info:
        cli.main(["new", "variant", "mine", "--from", "katro-8", "--title-in", value])
    assert info.value.code == 2
    assert said in capsys.readouterr().err
    assert not (project / "rules" / "mine.yaml").exists()
