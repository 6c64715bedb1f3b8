"""An incremental build equals a clean one.

A small bilingual site (rules, examples, published transcriptions, a
bibliography, page and caption catalogs) is built in English and French, as
`make site` builds it; then, change after change, it is built again in the
same build folders (incremental) and from nothing in fresh ones (clean), and
the two must give the same pages and the same images.  The changes: adding,
editing and deleting an example; editing a rules file; editing the
bibliography; adding a page to the published transcriptions; editing a page
catalog and a caption catalog.  Each build is a Sphinx process of its own, as
`make site` runs them.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("en", "fr")


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")


def diagram(did, board, at=None):
    rows = "\n".join("      " + row for row in board.strip().splitlines())
    return f"  - id: {did}\n" + (f"    at: {at}\n" if at else "") + f"    board: |\n{rows}\n"


START = "2 2 2 2\n2 2 2 2\n2 2 2 2\n2 2 2 2"
GAME_START = ". . . 1\n3 . . .\n1 . . .\n1 . . ."
LAP_END = ". . . 1\n3 . . .\n2 . . .\n. . . ."
TURN_END = ". . . 1\n. . . .\n. 1 1 1\n. . 1 1"


def example(name, did_boards, kind="game", title="An example"):
    head = (f"example: {name}\nrules: katro-4t\ntitle: {{en: {title}, fr: Un exemple}}\n"
            "source: {page: test-page}\n")
    if kind == "start":
        return head + "kind: start\ndiagrams:\n" + "".join(diagram(d, b) for d, b, _ in did_boards)
    return (head + "start:\n  board: |\n" + "\n".join("    " + r for r in GAME_START.splitlines())
            + "\nmoves:\n  - {hole: a1, direction: clockwise}\ndiagrams:\n"
            + "".join(diagram(d, b, at) for d, b, at in did_boards))


def published(page, boards):
    blocks = [{"kind": "diagram", "id": did,
               "rows": [[None if v == "." else int(v) for v in row.split()] for row in board.splitlines()]}
              for did, board in boards]
    return json.dumps({"page": f"{page}.html", "blocks": blocks})


def make_project(root: Path) -> None:
    (root / "rules").mkdir(parents=True)
    for name in ("katro", "katro-4"):
        shutil.copy(ROOT / "rules" / f"{name}.yaml", root / "rules")
    write(root / "rules" / "katro-4t.yaml", """
        rules: katro-4t
        extends: katro-4
        title: {en: Katro for the test, fr: Katro pour le test}
        """)
    write(root / "sources" / "start.yaml", example("start", [("test-page-1", START, None)], kind="start"))
    write(root / "sources" / "game.yaml", example("game", [("test-page-2", LAP_END, "lap 1 end"),
                                                           ("test-page-3", TURN_END, "end")]))
    write(root / "published" / "test-page.json", published("test-page", [
        ("test-page-1", START), ("test-page-2", LAP_END), ("test-page-3", TURN_END), ("test-page-4", START)]))
    docs = root / "docs"
    write(docs / "conf.py", """
        from pathlib import Path
        HERE = Path(__file__).resolve().parent
        extensions = ["myst_parser", "mancala_diagrams.sphinx", "mancala_diagrams.sphinx.fasthtml",
                      "sphinxcontrib.bibtex"]
        exclude_patterns = ["_build", "locales", "captions"]
        bibtex_bibfiles = ["references.bib"]
        locale_dirs = ["locales/"]
        gettext_compact = False
        mancala_project_root = str(HERE.parent)
        mancala_image_cache = str(HERE.parent / "_build" / "images")
        mancala_locale_dirs = ["captions"]
        """)
    write(docs / "index.md", """
        # Test site

        ```{toctree}
        game
        verification
        errata
        ```
        """)
    write(docs / "game.md", """
        # The game

        The start.

        ```{mancala-example} ../sources/start.yaml
        ```

        A turn.

        ```{mancala-example} ../sources/game.yaml
        ```
        """)
    write(docs / "verification.md", "# Verification\n\n```{mancala-verification}\n```\n")
    write(docs / "errata.md", "# Errata\n\n```{mancala-errata}\n```\n")
    write(docs / "references.bib", """
        @misc{busser-test-page,
          author = {Alain Busser},
          title = {A test page},
          howpublished = {Jeux du monde},
          url = {https://example.org/test-page.html},
        }
        """)
    write(docs / "locales" / "fr" / "LC_MESSAGES" / "game.po", """
        msgid ""
        msgstr ""
        "Language: fr\\n"
        "Content-Type: text/plain; charset=UTF-8\\n"

        msgid "The game"
        msgstr "La partie"

        msgid "The start."
        msgstr "Le départ."
        """)
    captions = docs / "captions" / "fr" / "LC_MESSAGES" / "captions.po"
    captions.parent.mkdir(parents=True)
    shutil.copy(ROOT / "mancala_diagrams" / "drawing" / "locales" / "fr" / "LC_MESSAGES" / "captions.po", captions)


def sphinx_command(root: Path, out: Path, lang: str, images: Path | None = None) -> list:
    """The command that builds *lang* into *out* (doctrees and pages), as `make
    site` builds it; *images*: another image folder than the project's."""
    cmd = [sys.executable, "-m", "sphinx", "-q", "-b", "html", "-D", f"language={lang}",
           "-d", str(out / "doctrees" / lang), str(root / "docs"), str(out / "site" / lang)]
    if images is not None:
        cmd[4:4] = ["-D", f"mancala_image_cache={images}"]
    return cmd


def sphinx_env(root: Path) -> dict:
    """The environment of a build of *root* (its own published transcriptions)."""
    return {**os.environ, "MANCALA_PUBLISHED": str(root / "published")}


def build(root: Path, out: Path, images: Path | None = None) -> None:
    """Both languages into *out* (doctrees and pages), as `make site` builds them;
    *images*: another image folder than the project's (a clean build's)."""
    for lang in LANGS:
        done = subprocess.run(sphinx_command(root, out, lang, images), cwd=root, env=sphinx_env(root),
                              capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stderr[-3000:]


def pages(site: Path) -> dict:
    """{page: HTML} of a built site, and {image address: bytes} of the images its pages show."""
    html = {str(p.relative_to(site)): p.read_text(encoding="utf-8") for p in sorted(site.rglob("*.html"))}
    shown = {}
    for name, text in html.items():
        for src in re.findall(r'<img [^>]*src="([^"]+)"', text):
            shown[src] = (site / Path(name).parent / src).read_bytes()
    return {"html": html, "images": shown}


def same(incremental: Path, clean: Path, step: str) -> None:
    for lang in LANGS:
        a, b = pages(incremental / "site" / lang), pages(clean / "site" / lang)
        assert sorted(a["html"]) == sorted(b["html"]), (step, lang)
        for name in a["html"]:
            assert a["html"][name] == b["html"][name], f"after {step}: {lang}/{name} differs from a clean build's"
        assert a["images"] == b["images"], f"after {step}: {lang}: the images differ from a clean build's"


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.heavy
def test_an_incremental_build_equals_a_clean_one_after_each_change(tmp_path):
    root = tmp_path / "project"
    make_project(root)
    out = root / "_build"
    build(root, out)
    verification = (out / "site" / "en" / "verification.html").read_text(encoding="utf-8")
    # the tables, after the definitions of every status (mismatch and missing among them)
    tables = verification.split('id="status-error"', 1)[1].split("</dl>", 1)[1]
    assert "test-page-3" in tables and ">missing<" in tables and "mismatch" not in tables

    def add_example():
        write(root / "sources" / "more.yaml", example("more", [("test-page-4", START, None)], kind="start"))
        edit(root / "docs" / "game.md", "A turn.", "Another start.\n\n```{mancala-example} ../sources/more.yaml\n```\n\nA turn.")

    def edit_example():
        edit(root / "sources" / "game.yaml", "title: {en: An example", "title: {en: A turn")
        text = (root / "sources" / "game.yaml").read_text(encoding="utf-8")
        (root / "sources" / "game.yaml").write_text(text[:text.index("  - id: test-page-3")], encoding="utf-8")

    def delete_example():
        (root / "sources" / "more.yaml").unlink()

    def edit_rules():
        edit(root / "rules" / "katro-4t.yaml", "title:", "start: {seeds_per_hole: 3}\ntitle:")

    def edit_bibliography():
        edit(root / "docs" / "references.bib", "Jeux du monde", "Jeux de l’océan Indien")
        edit(root / "docs" / "references.bib", "example.org/test-page.html", "example.net/test-page.html")

    def add_published_page():
        (root / "published" / "other-page.json").write_text(published("other-page", [("other-page-1", START)]))

    def edit_page_catalog():
        edit(root / "docs" / "locales" / "fr" / "LC_MESSAGES" / "game.po", '"Le départ."', '"Au départ."')

    def edit_caption_catalog():
        catalog = root / "docs" / "captions" / "fr" / "LC_MESSAGES" / "captions.po"
        edit(catalog, 'msgstr ""\n"Un plateau de %(rows)s', 'msgstr ""\n"Un tablier de %(rows)s')
        edit(catalog, 'msgid "replayed"\nmsgstr "', 'msgid "replayed"\nmsgstr "bien ')

    changes = [add_example, edit_example, delete_example, edit_rules, edit_bibliography, add_published_page,
               edit_page_catalog, edit_caption_catalog]
    for n, change in enumerate(changes):
        change()
        build(root, out)
        clean = tmp_path / f"clean-{n}"
        build(root, clean, images=clean / "images")
        same(out, clean, change.__name__)
    # and the changes did show
    en, fr = out / "site" / "en", out / "site" / "fr"
    verification = (en / "verification.html").read_text(encoding="utf-8")
    assert "other-page-1" in verification and "example.net/test-page.html" in verification
    assert "Jeux de l’océan Indien" in (en / "game.html").read_text(encoding="utf-8")
    game = (fr / "game.html").read_text(encoding="utf-8")
    assert "Au départ." in game and "Un tablier de 4 rangées" in game
    assert "bien rejoué" in (fr / "verification.html").read_text(encoding="utf-8")
