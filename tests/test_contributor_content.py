"""The project's content as a whole (files/content.py): what `make test` or
the site build would otherwise find after minutes, `check` and `verify` say
in a second, each with the file and the line (issue 35).  Each check is tried
on a small made-up project with the one fault it must find, and the
project's own content must pass them all."""
import json
import shutil
import textwrap
import warnings

import pytest

from mancala_diagrams import cli
from mancala_diagrams.files.content import check_content, directives, french_spacing

from conftest import ROOT

NBSP = "\u00a0"

EXAMPLE = """
    example: {name}
    rules: katro-4
    title: {{en: An example, fr: Un exemple}}
    source: {{page: {page}, describes: [{describes}]}}
    start: {{to_move: south}}
    moves:
      - {{hole: a2, direction: clockwise}}
    diagrams:
      - id: {first}
        at: start
        caption: {{en: "The start: two seeds a hole.", fr: "{caption}"}}
        board: |
          2 2 2 2
          2 2 2 2
          2 2 2 2
          2 2 2 2
"""
PAGE = """\
# Tsipika

A made-up page.

```{{mancala-example}} ../../sources/tsipika/{name}.yaml
```
"""
CATALOG = """\
msgid ""
msgstr ""
"Language: fr\\n"

msgid "Tsipika"
msgstr "Tsipika"

msgid "A made-up page."
msgstr "Une page inventée."
"""


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A project with one source page, tsipika, fully encoded: one example, its
    page on the site with a French catalog, its bibliography entry and its line
    in pages.txt; and, in its published transcriptions, a second page that no
    example has started."""
    root = tmp_path / "project"
    shutil.copytree(ROOT / "rules", root / "rules")
    write(root / "sources" / "tsipika" / "tsipika-start.yaml",
          EXAMPLE.format(name="tsipika-start", page="tsipika", describes="dandouau-1909", first="tsipika-01",
                         caption=f"Le départ{NBSP}: deux graines par case."))
    docs = root / "docs"
    write(docs / "index.md", "# Home\n\n```{toctree}\n:caption: Games\n\ngames/tsipika\n```\n")
    write(docs / "games" / "tsipika.md", PAGE.format(name="tsipika-start"))
    write(docs / "locales" / "fr" / "LC_MESSAGES" / "index.po", 'msgid ""\nmsgstr ""\n"Language: fr\\n"\n\n'
                                                                'msgid "Home"\nmsgstr "Accueil"\n')
    write(docs / "locales" / "fr" / "LC_MESSAGES" / "games" / "tsipika.po", CATALOG)
    bib = (ROOT / "docs" / "references.bib").read_text(encoding="utf-8")
    write(docs / "references.bib", bib + "\n@misc{busser-tsipika,\n  author = {Busser, Alain},\n  title = "
          "{{Tsipika}},\n  url = {https://example.org/tsipika.html},\n}\n")
    write(docs / "data" / "pages.txt", "# pages\ntsipika\n")
    pub = tmp_path / "published"
    pub.mkdir()
    for page, count in (("tsipika", 1), ("other", 3)):
        blocks = [{"kind": "diagram", "id": f"{page}-{i:02d}", "rows": [[2] * 4] * 4} for i in range(1, count + 1)]
        (pub / f"{page}.json").write_text(json.dumps({"page": f"{page}.html", "blocks": blocks}))
    monkeypatch.setenv("MANCALA_PUBLISHED", str(pub))
    monkeypatch.chdir(root)
    return root


def write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


def problems(root):
    return [str(p) for p in check_content(root).problems]


def test_the_projects_own_content_passes_every_check():
    """The gate `make test` runs: the content of the project itself.  A page of
    ../shared/published that no example has started is not a failure: its one
    sentence is given as a warning (shown in the summary of the test run)."""
    report = check_content(ROOT)
    assert not report.problems, "\n".join(str(p) for p in report.problems)
    for sentence in report.unstarted.values():
        warnings.warn(sentence)


def test_a_complete_project_has_no_problem_and_one_note_for_the_page_not_started(project):
    report = check_content(project)
    assert [str(p) for p in report.problems] == []
    assert list(report.unstarted.values()) == [
        f"{project.parent / 'published' / 'other.json'}: the page other (3 diagrams) has no example yet; "
        "start it with: mancala-diagrams new page other"]
    assert report.summary().endswith(": no problem")
    assert "bibliography keys" in report.summary() and "French typography" in report.summary()


def test_check_prints_the_note_once_and_passes(project, capsys):
    assert cli.main(["check", "sources/tsipika/tsipika-start.yaml"]) == 0
    out = capsys.readouterr().out
    assert out.count("the page other (3 diagrams) has no example yet") == 1
    assert "mancala-diagrams new page other" in out


def test_an_unknown_bibliography_key_is_located_with_the_closest_one(project, capsys):
    path = project / "sources" / "tsipika" / "tsipika-start.yaml"
    path.write_text(path.read_text().replace("[dandouau-1909]", "[dandouau1909]"))
    assert problems(project) == [
        "sources/tsipika/tsipika-start.yaml:4:37: describes: unknown bibliography key 'dandouau1909' "
        "(expected a key of docs/references.bib); did you mean 'dandouau-1909'?"]
    assert cli.main(["check", "sources/tsipika/tsipika-start.yaml"]) == 1      # check fails on it
    assert "unknown bibliography key 'dandouau1909'" in capsys.readouterr().out
    assert cli.main(["verify"]) == 1                                          # and verify
    assert "unknown bibliography key 'dandouau1909'" in capsys.readouterr().out


def test_an_unknown_key_in_a_rules_file_is_located(project):
    path = project / "rules" / "katro-4.yaml"
    text = path.read_text()
    assert "sources:" not in text
    path.write_text(text + "sources: [busser, linton1933]\n")
    line = len(text.splitlines()) + 1
    assert problems(project) == [f"rules/katro-4.yaml:{line}:19: sources: unknown bibliography key 'linton1933' "
                                 "(expected a key of docs/references.bib); did you mean 'linton-1933'?"]


def test_a_diagram_listed_by_two_examples_is_refused_at_the_second(project):
    write(project / "sources" / "tsipika" / "tsipika-again.yaml",
          EXAMPLE.format(name="tsipika-again", page="tsipika", describes="busser", first="tsipika-01",
                         caption="Encore."))
    page = project / "docs" / "games" / "tsipika.md"
    page.write_text(page.read_text() + "\n```{mancala-example} ../../sources/tsipika/tsipika-again.yaml\n```\n")
    assert problems(project) == [
        "sources/tsipika/tsipika-start.yaml:9:9: diagram tsipika-01 is listed by two examples: "
        "sources/tsipika/tsipika-again.yaml (line 9) and this one (expected each diagram in one example; to start "
        "another example from its board, start: {from: tsipika-01} (without listing it again))"]


def test_an_example_of_published_diagrams_drawn_on_no_page_is_found(project):
    page = project / "docs" / "games" / "tsipika.md"
    page.write_text(page.read_text().replace("```{mancala-example}", "````markdown\n```{mancala-example}")
                    + "````\n")      # shown as code: not a directive
    assert problems(project) == [
        "sources/tsipika/tsipika-start.yaml:9:9: tsipika-01: the example is drawn on no page of the site (expected "
        "a directive ```{mancala-example} ../../sources/tsipika/tsipika-start.yaml``` on the page of its game "
        "(docs/games/GAME.md))"]


def test_a_directive_that_names_no_file_is_found(project):
    page = project / "docs" / "games" / "tsipika.md"
    page.write_text(page.read_text() + "\n:::{note}\n```{mancala-example} ../../sources/tsipika/gone.yaml\n```\n:::\n")
    assert problems(project) == [
        "docs/games/tsipika.md:9:22: mancala-example names ../../sources/tsipika/gone.yaml, which is not a file "
        "(expected the path of an example file, relative to the page)"]


def test_a_page_without_its_bibliography_entry_or_its_pages_list_line_is_found(project):
    (project / "docs" / "data" / "pages.txt").write_text("# pages\n")
    bib = project / "docs" / "references.bib"
    bib.write_text(bib.read_text().replace("@misc{busser-tsipika,", "@misc{busser-tsipika-old,"))
    assert problems(project) == [
        "sources/tsipika/tsipika-start.yaml:4:16: source page 'tsipika' has no line in docs/data/pages.txt "
        "(expected a line 'tsipika' there (check reads that list when ../shared/published is absent))",
        "sources/tsipika/tsipika-start.yaml:4:16: source page 'tsipika' has no entry busser-tsipika in "
        "docs/references.bib, which credits its diagrams (expected @misc{busser-tsipika, author, title, url = {the "
        "page's address}, note: the date of the transcribed state} (mancala-diagrams new page tsipika writes it))"]


def test_a_caption_without_a_no_break_space_is_located(project):
    path = project / "sources" / "tsipika" / "tsipika-start.yaml"
    path.write_text(path.read_text().replace(f"départ{NBSP}:", "départ :"))
    assert problems(project) == [
        "sources/tsipika/tsipika-start.yaml:11:55: French typography: ':' without a no-break space before it in "
        "'Le départ : deux' (expected a no-break space (U+00A0, or U+202F) before : ; ? ! and inside "
        "« guillemets »)"]


def test_the_french_spacing_rule():
    assert french_spacing("Sud sème : la dernière") and french_spacing("Sud sème: la dernière")
    assert french_spacing("vraiment ? Oui") and french_spacing("fini ; puis") and french_spacing("« pour rien »")
    assert french_spacing(f"«{NBSP}pour rien »")
    assert not french_spacing(f"Sud sème{NBSP}: la dernière{NBSP}; vraiment\u202f? Oui{NBSP}! «{NBSP}rien{NBSP}»")
    assert not french_spacing("https://example.org à 10:30")


def test_a_page_in_no_table_of_contents_or_with_a_todo_is_found(project):
    write(project / "docs" / "games" / "lost.md", "# Lost\n\nTODO: say where it comes from. `TODO` in code is fine.\n")
    write(project / "docs" / "locales" / "fr" / "LC_MESSAGES" / "games" / "lost.po",
          'msgid ""\nmsgstr ""\n"Language: fr\\n"\n\nmsgid "Lost"\nmsgstr "Perdu"\n')
    assert problems(project) == [
        "docs/games/lost.md:1:1: the page is in no table of contents, so the site's navigation never leads to it "
        "(expected its name, games/lost, in a toctree (the games are listed in docs/index.md))",
        "docs/games/lost.md:3:1: the page still holds a TODO (expected the text the TODO asks for, in place of the "
        "TODO)"]


def test_a_ref_to_a_bibliography_key_is_found_at_its_place(project):
    # {ref} takes the labels pages define ((busser)= on the bibliography page), not the keys of
    # references.bib: make site stops on it with an undefined label, check says where
    write(project / "docs" / "bibliography.md", "# Bibliography\n\n(busser)=\nBusser\n: Web pages.\n")
    write(project / "docs" / "index.md", "# Home\n\n```{toctree}\n:caption: Games\n\ngames/tsipika\nbibliography\n```\n")
    write(project / "docs" / "locales" / "fr" / "LC_MESSAGES" / "bibliography.po",
          'msgid ""\nmsgstr ""\n"Language: fr\\n"\n\nmsgid "Bibliography"\nmsgstr "Bibliographie"\n\n'
          'msgid "Busser"\nmsgstr "Busser"\n\nmsgid "Web pages."\nmsgstr "Des pages web."\n')
    page = project / "docs" / "games" / "tsipika.md"
    text = page.read_text(encoding="utf-8").replace(
        "A made-up page.", "A made-up page ({ref}`busser`, {ref}`the page <busser-tsipika>`;\n"
                           "`` {ref}`shown-in-code` `` is no role, {ref}`python:comparisons` another project's).")
    write(page, text)
    assert problems(project) == [
        "docs/games/tsipika.md:3:32: {ref} names the label 'busser-tsipika', which no page defines (make site "
        "stops on it) (expected a label that a page defines with a line (LABEL)=; a key of docs/references.bib "
        "is cited with {cite:p}`busser-tsipika`); did you mean 'busser'?"]


def test_a_catalog_left_untranslated_or_fuzzy_is_found_at_its_first_message(project):
    po = project / "docs" / "locales" / "fr" / "LC_MESSAGES" / "games" / "tsipika.po"
    po.write_text(po.read_text().replace('msgstr "Une page inventée."', 'msgstr ""')
                  .replace('msgid "Tsipika"', '#, fuzzy\nmsgid "Tsipika"'))
    assert problems(project) == [
        "docs/locales/fr/LC_MESSAGES/games/tsipika.po:5:1: 1 untranslated and 1 fuzzy (an old translation to "
        "review, then remove its fuzzy flag) messages, the first here (expected a translation of each (the site "
        "shows the English of the others); after editing the page, make i18n first)"]
    po.unlink()
    assert problems(project) == ["docs/games/tsipika.md:1:1: the page has no catalog "
                                 "docs/locales/fr/LC_MESSAGES/games/tsipika.po (expected run make i18n, then "
                                 "translate every message of the new catalog)"]


def test_french_typography_is_checked_in_the_catalogs_too(project):
    po = project / "docs" / "locales" / "fr" / "LC_MESSAGES" / "games" / "tsipika.po"
    po.write_text(po.read_text().replace("Une page inventée.", "Une page : inventée, `a: b`."))
    assert problems(project) == [
        "docs/locales/fr/LC_MESSAGES/games/tsipika.po:8:1: French typography: ':' without a no-break space before "
        "it in 'Une page : inve' (expected a no-break space before : ; ? ! and inside « guillemets »)"]


def test_directives_are_found_outside_code_blocks_only():
    text = textwrap.dedent("""\
        ```{toctree}
        games/a
        ```

        ````markdown
        ```{mancala-example} not-this.yaml
        ```
        ````

        :::{note}
        ```{mancala-example} nested.yaml
        ```
        :::

        .. mancala-example:: rst.yaml

        ````{code-block} markdown
        ```{mancala-example} shown-as-code.yaml
        ```
        ````
        """)
    found = [(name, arg, line) for name, arg, line, _, _ in directives(text)]
    assert found == [("toctree", "", 1), ("note", "", 10), ("mancala-example", "nested.yaml", 11),
                     ("mancala-example", "rst.yaml", 15), ("code-block", "markdown", 17)]


def test_a_french_text_still_a_todo_is_refused_as_a_todo_not_for_its_typography(tmp_path):
    """A new variant's scaffold writes 'fr: TODO: ...': the rules file's own
    check refuses the TODO; the typography check leaves the placeholder alone
    (it said "':' without a no-break space" about a text nobody wrote yet)."""
    from mancala_diagrams.files.content import french_problems
    from mancala_diagrams.files.yamlio import load_yaml_file
    path = tmp_path / "x.yaml"
    path.write_text("title:\n  en: 'TODO: what x changes'\n  fr: 'TODO: what x changes'\n"
                    "note:\n  fr: 'Le départ: deux graines'\n", encoding="utf-8")
    found = [str(e) for e in french_problems(load_yaml_file(path, allow_todo=True), "x.yaml")]
    assert len(found) == 1 and found[0].startswith("x.yaml:5:7: French typography: ':' without")
