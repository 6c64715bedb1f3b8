"""A new source page, from its transcription to the site (issue 35), in a
fresh project that has never seen it: `check` names it in one sentence,
`mancala-diagrams new page` writes everything it needs, `check` then reports
(with the file and the line) everything a person must still write, and once
that is written the site builds, in both languages, with the page's
diagrams credited to it.

The six gaps a contributor fell into, each either done by the tool or
reported by `check`:

1. a page of ../shared/published not encoded yet: one sentence, and check
   and verify pass (the make-test side: test_contributor_content.py);
2. the bibliography entry the page needs: written by `new page`;
3. an unknown bibliography key: reported by check, located;
4. the site page: written by `new page`, with one directive per example;
5. the line of docs/data/pages.txt: written by `new page`;
6. the French typography of a caption written in YAML: reported by check.

The page is made up (its boards are katro's on four columns, worked out by
hand in test_draft.py); the site is a small one, with the project's own
configuration, templates and bibliography."""
import json
import re
import shutil
import subprocess
import sys
import textwrap

import polib
import pytest

from mancala_diagrams import cli

from conftest import ROOT

NBSP = "\u00a0"


def rows(text):
    return [[None if c == "." else int(c) for c in line.split()] for line in textwrap.dedent(text).strip().splitlines()]


PAGE = {
    "page": "tsipika.html", "game": "tsipika (a made-up page)", "diagram_count": 3,
    "origin": "Alain Busser, 'Jeux mathématiques de l'océan Indien' (made up for the tests)",
    "blocks": [
        {"kind": "h1", "text": "Tsipika"},
        {"kind": "p", "text": "Un jeu inventé : deux joueurs, quatre rangées de quatre cases."},
        {"kind": "diagram", "id": "tsipika-01", "rows": rows("2 2 2 2\n2 2 2 2\n2 2 2 2\n2 2 2 2")},
        {"kind": "p", "text": "Sud sème a2 dans le sens des aiguilles d'une montre."},
        # South plays a2 clockwise: lap 1 captures c3, then two relays (test_draft.py)
        {"kind": "diagram", "id": "tsipika-02", "rows": rows("2 2 2 2\n2 2 . 2\n1 4 1 3\n. 3 3 3")},
        {"kind": "p", "text": "Nord répond par d3."},
        # North replies with d3 counterclockwise (docs/anatomy/anatomy-lines.yaml's second diagram)
        {"kind": "diagram", "id": "tsipika-03", "rows": rows("4 4 1 .\n1 3 1 1\n. 4 1 3\n. 3 3 3")},
    ],
}
INDEX = """\
# Sowing games

A small site made by the tests.

```{toctree}
:caption: Games

games/first
```

```{toctree}
:caption: Reference

bibliography
```
"""
BIBLIOGRAPHY = """\
# Bibliography

```{bibliography}
:all:
```

(busser)=
## Busser

Web pages on the sowing games.
"""
FRENCH = {"Sowing games": "Jeux de semailles", "A small site made by the tests.": "Un petit site fait par les tests.",
          "Games": "Jeux", "Reference": "Référence", "First": "Premier", "The first game.": "Le premier jeu.",
          "Bibliography": "Bibliographie", "Busser": "Busser", "Web pages on the sowing games.":
          "Des pages web sur les jeux de semailles."}


def run(*args, cwd):
    done = subprocess.run([sys.executable, *map(str, args)], cwd=cwd, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def translate(po_path, words):
    po = polib.pofile(str(po_path))
    for e in po:
        if not e.msgstr:
            e.msgstr = words(e.msgid)
    po.save(str(po_path))


@pytest.fixture(scope="module")
def fresh(tmp_path_factory):
    """A project that has never seen the page tsipika, which sits in ../shared/published."""
    base = tmp_path_factory.mktemp("fresh")
    root = base / "project"
    shutil.copytree(ROOT / "rules", root / "rules")
    (root / "sources").mkdir()
    docs = root / "docs"
    for folder in ("_ext", "_templates", "_static", "_root"):
        shutil.copytree(ROOT / "docs" / folder, docs / folder)
    for name in ("conf.py", "references.bib", "update_catalogs.py", "data/pages.txt"):
        (docs / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / "docs" / name, docs / name)
    (docs / "index.md").write_text(INDEX, encoding="utf-8")
    (docs / "bibliography.md").write_text(BIBLIOGRAPHY, encoding="utf-8")
    (docs / "games").mkdir()
    (docs / "games" / "first.md").write_text("# First\n\nThe first game.\n", encoding="utf-8")
    french = docs / "locales" / "fr" / "LC_MESSAGES"
    french.mkdir(parents=True)
    shutil.copy(ROOT / "docs" / "locales" / "fr" / "LC_MESSAGES" / "sphinx.po", french / "sphinx.po")
    run(docs / "update_catalogs.py", "index", "games/first", "bibliography", cwd=root)
    for name in ("index.po", "games/first.po", "bibliography.po"):
        translate(french / name, FRENCH.__getitem__)
    (base / "shared" / "published").mkdir(parents=True)
    (base / "shared" / "published" / "tsipika.json").write_text(json.dumps(PAGE, ensure_ascii=False),
                                                                encoding="utf-8")
    return root


@pytest.fixture
def in_fresh(fresh, monkeypatch):
    monkeypatch.delenv("MANCALA_PUBLISHED", raising=False)
    monkeypatch.chdir(fresh)
    return fresh


def test_a_new_page_from_its_transcription_to_the_site(in_fresh, capsys, tmp_path):
    root = in_fresh
    # 1. before: the page not encoded is one sentence; check passes
    assert cli.main(["check", "rules/katro-4.yaml"]) == 0
    out = capsys.readouterr().out
    assert out.count("has no example yet") == 1
    assert "note: " in out and "the page tsipika (3 diagrams) has no example yet; start it with: " \
                               "mancala-diagrams new page tsipika" in out
    # new page writes everything; 2. the bibliography entry, 4. the site page, 5. the pages list
    assert cli.main(["new", "page", "tsipika"]) == 0
    out = capsys.readouterr().out
    assert "katro-4: 4 rows of 4, two players, 32 seeds; fits 3 boards of the page" in out
    wrote = [line for line in out.splitlines() if line.startswith("wrote sources/tsipika/")]
    assert wrote and all(": drafted under the rules katro-4 (" in line for line in wrote)     # the rules chosen
    bib = (root / "docs" / "references.bib").read_text(encoding="utf-8")
    assert ("@misc{busser-tsipika,\n  author = {Busser, Alain},\n  title  = {{Tsipika}},\n"
            "  howpublished = {Jeux mathématiques de l’océan Indien},\n"
            "  url    = {https://github.com/AlainBusser/Jeux_maths_OI/blob/743f84a/tsipika.html},\n"
            "  note   = {Transcribed from the state of 2025-11-24, commit 743f84a},\n") in bib
    assert (root / "docs" / "data" / "pages.txt").read_text().splitlines()[-1] == "tsipika"
    drafted = sorted((root / "sources" / "tsipika").glob("*.yaml"))
    assert drafted
    page = (root / "docs" / "games" / "tsipika.md").read_text(encoding="utf-8")
    assert page.startswith("# Tsipika\n")
    assert page.count("```{mancala-example} ../../sources/tsipika/") == len(drafted)
    assert "games/first\ngames/tsipika\n```" in (root / "docs" / "index.md").read_text()
    catalog = root / "docs" / "locales" / "fr" / "LC_MESSAGES" / "games" / "tsipika.po"
    assert polib.pofile(str(catalog)).metadata["Language"] == "fr"
    assert "left to write:" in out and "delete its line drafted: true" in out

    # what check reports, each with its file and line: the drafts, the page's TODO, its catalog;
    # and 3. an unknown bibliography key, 6. a French caption without its no-break space
    example = drafted[0]
    text = example.read_text(encoding="utf-8")
    text = text.replace("source:\n  page: tsipika\n", "source:\n  page: tsipika\n  describes: [busser-tsipka]\n")
    text = text.replace("  - id: tsipika-01\n",
                        "  - id: tsipika-01\n    caption: {en: 'The start: two seeds a hole.', "
                        "fr: 'Le départ : deux graines par case.'}\n")
    example.write_text(text, encoding="utf-8")
    rel = example.relative_to(root)
    assert cli.main(["check", "sources/tsipika/"]) == 1
    out = capsys.readouterr().out
    assert "drafted, not reviewed" in out and " replayed " not in out and " set-up " not in out
    assert "docs/games/tsipika.md:3:1: the page still holds a TODO" in out
    assert "docs/locales/fr/LC_MESSAGES/games/tsipika.po:" in out and "untranslated messages" in out
    assert f"{rel}:15:15: describes: unknown bibliography key 'busser-tsipka' (expected a key of " \
           "docs/references.bib); did you mean 'busser-tsipika'?" in out
    assert f"{rel}:" in out and "French typography: ':' without a no-break space before it" in out

    # the contributor writes what is left, as the docs say
    text = example.read_text(encoding="utf-8").replace("drafted: true\n", "").replace("busser-tsipka", "busser")
    text = text.replace("Le départ : deux", f"Le départ{NBSP}: deux")
    example.write_text(text, encoding="utf-8")
    (root / "docs" / "games" / "tsipika.md").write_text(page.replace(
        page.splitlines()[2], "A game made up for the tests, on the katro's board of four columns ({ref}`busser`)."))
    run(root / "docs" / "update_catalogs.py", "games/tsipika", cwd=root)
    translate(catalog, lambda m: {"Tsipika": "Tsipika"}.get(
        m, "Un jeu inventé pour les tests, sur le plateau du katro à quatre colonnes ({ref}`busser`)."))
    assert cli.main(["check", "sources/tsipika/"]) == 0, capsys.readouterr().out
    out = capsys.readouterr().out
    assert "3 diagrams checked: 2 replayed, 1 set-up" in out and out.rstrip().endswith(": no problem")

    # and the site builds, warnings as errors, in both languages; each diagram credited to the page
    for lang in ("en", "fr"):
        subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html", "-D",
                        f"language={lang}", "-D", f"mancala_image_cache={tmp_path / 'images'}", "-d",
                        str(tmp_path / "doctrees" / lang), str(root / "docs"), str(tmp_path / "site" / lang)],
                       check=True, cwd=root)
    html = (tmp_path / "site" / "en" / "games" / "tsipika.html").read_text(encoding="utf-8")
    for n in (1, 2, 3):
        assert f'id="tsipika-0{n}"' in html
        assert re.search(r'class="mancala-credit"><a class="reference external" href="https://github.com/AlainBusser/'
                         rf'Jeux_maths_OI/blob/743f84a/tsipika.html">[^<]*Alain Busser[^<]*, diagram {n}\.</a>', html)
    french = (tmp_path / "site" / "fr" / "games" / "tsipika.html").read_text(encoding="utf-8")
    assert "Un jeu inventé pour les tests" in french


def test_new_page_overwrites_nothing_without_force(in_fresh, capsys):
    (in_fresh / "docs" / "games" / "other.md").write_text("# Other\n")
    shutil.copy(in_fresh.parent / "shared" / "published" / "tsipika.json",
                in_fresh.parent / "shared" / "published" / "other.json")
    (in_fresh / "sources" / "other").mkdir(exist_ok=True)
    before = {p: p.read_bytes() for p in (in_fresh / "docs").rglob("*") if p.is_file()}
    assert cli.main(["new", "page", "other"]) == 2
    err = capsys.readouterr().err
    assert "new page other: " in err and "docs/games/other.md exists already" in err and "--force" in err
    assert {p: p.read_bytes() for p in (in_fresh / "docs").rglob("*") if p.is_file()} == before
    assert not list((in_fresh / "sources" / "other").glob("*.yaml"))


def test_new_page_of_a_page_that_is_not_there_names_the_closest(in_fresh, capsys):
    assert cli.main(["new", "page", "tsipka"]) == 2
    assert "no published page 'tsipka'" in capsys.readouterr().err
