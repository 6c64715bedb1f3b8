"""Directive paths cannot make the build read outside the documentation and
the project's sources (``..`` escapes, symbolic links pointing out)."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from mancala_diagrams.errors import MancalaError
from mancala_diagrams.files.project import directive_file

pytest_plugins = ("sphinx.testing.fixtures",)

ROOT = Path(__file__).resolve().parent.parent
ROOTS = Path(__file__).resolve().parent / "roots"


def test_directive_file_accepts_docs_and_sources_and_refuses_the_rest(tmp_path):
    root = tmp_path / "project"
    (root / "docs" / "games").mkdir(parents=True)
    (root / "sources").mkdir()
    (root / "sources" / "ex.yaml").write_text("example: ex\n")
    (root / "docs" / "games" / "x.md").write_text("# x\n")
    (tmp_path / "secret.yaml").write_text("secret\n")
    (root / "sources" / "link.yaml").symlink_to(tmp_path / "secret.yaml")
    docs, page_dir = root / "docs", root / "docs" / "games"
    assert directive_file(docs, root, page_dir, "../../sources/ex.yaml") == (root / "sources" / "ex.yaml").resolve()
    assert directive_file(docs, root, page_dir, "/games/x.md") == (docs / "games" / "x.md").resolve()
    for bad in ("../../../secret.yaml", "../../sources/link.yaml", "../../rules/../../secret.yaml", "a\x00b"):
        with pytest.raises(MancalaError) as err:
            directive_file(docs, root, page_dir, bad)
        assert "outside the documentation and the sources" in str(err.value) or "not a file name" in str(err.value)


def test_an_example_outside_the_project_gives_a_located_warning(make_app, tmp_path):
    src = tmp_path / "src"
    shutil.copytree(ROOTS / "test-mancala", src)
    (tmp_path / "secret.yaml").write_text("example: secret\n")
    (src / "index.md").write_text("# Paths\n\n```{mancala-example} ../secret.yaml\n```\n")
    for extra in ("page.rst", "errata.md", "verification.md"):
        (src / extra).unlink()
    app = make_app("html", srcdir=src, builddir=tmp_path / "out",
                   confoverrides={"mancala_image_cache": str(tmp_path / "images"),
                                  "mancala_project_root": str(tmp_path / "elsewhere")})
    app.build()
    warnings = app.warning.getvalue()
    assert "index.md:3" in warnings
    assert "'../secret.yaml' is outside the documentation and the sources" in warnings
    assert "secret" not in (app.outdir / "index.html").read_text(encoding="utf-8").split("Paths")[-1]



def test_a_rules_file_that_is_a_link_looping_on_itself_gives_a_located_warning(make_app, tmp_path):
    """The example's rules file (katro-6) is a link to itself: the warning names
    it as the project knows it (showing the path resolved the link, and the
    loop stopped the build)."""
    src, project = tmp_path / "src", tmp_path / "project"
    shutil.copytree(ROOTS / "test-mancala", src)
    (project / "rules").mkdir(parents=True)
    (project / "sources").mkdir()
    (project / "rules" / "katro-6.yaml").symlink_to(project / "rules" / "katro-6.yaml")
    (src / "index.md").write_text("# Paths\n\n```{mancala-example} examples/test-empty-hole.yaml\n```\n")
    for extra in ("page.rst", "errata.md", "verification.md"):
        (src / extra).unlink()
    app = make_app("html", srcdir=src, builddir=tmp_path / "out",
                   confoverrides={"mancala_image_cache": str(tmp_path / "images"),
                                  "mancala_project_root": str(project)})
    app.build()
    warnings = app.warning.getvalue()
    assert ("index.md:3: WARNING: mancala-example: project/rules/katro-6.yaml:1:1: a symbolic link that leads "
            "round in a loop") in warnings, warnings
