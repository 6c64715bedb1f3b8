"""The site is the verified site: a diagram the replay does not reproduce
makes the verification page warn, so `make site` (-W) fails."""
from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

pytest_plugins = ("sphinx.testing.fixtures",)

ROOT = Path(__file__).resolve().parent.parent

from test_files import EXAMPLE  # one made-up katro-4 example, its last board "... . . 1 1"

def project(tmp_path, last):
    root = tmp_path / "project"
    (root / "rules").mkdir(parents=True)
    (root / "sources").mkdir()
    (root / "docs").mkdir()
    for name in ("katro", "katro-4"):
        shutil.copy(ROOT / "rules" / f"{name}.yaml", root / "rules")
    text = EXAMPLE.replace("          . . 1 1\n", f"          . . {last} 1\n")
    (root / "sources" / "ex.yaml").write_text(textwrap.dedent(text).lstrip())
    (root / "docs" / "conf.py").write_text('extensions = ["mancala_diagrams.sphinx"]\n')
    (root / "docs" / "index.rst").write_text("Verification\n============\n\n.. mancala-verification::\n")
    return root


def build(make_app, tmp_path, root):
    app = make_app("html", srcdir=root / "docs", builddir=tmp_path / "out",
                   confoverrides={"mancala_project_root": str(root),
                                  "mancala_image_cache": str(tmp_path / "images")})
    app.build()
    return app.warning.getvalue()


def test_a_mismatch_warns_with_the_diagram_and_the_example(make_app, tmp_path, monkeypatch):
    monkeypatch.setenv("MANCALA_PUBLISHED", str(tmp_path / "none"))
    warnings = build(make_app, tmp_path, project(tmp_path, "2"))
    assert "mancala-verification: katro-x2 mismatch in sources/ex.yaml" in warnings
    assert "the replay differs from the published diagram" in warnings


def test_a_verified_example_gives_no_warning(make_app, tmp_path, monkeypatch):
    monkeypatch.setenv("MANCALA_PUBLISHED", str(tmp_path / "none"))
    warnings = build(make_app, tmp_path, project(tmp_path, "1"))
    assert "mancala-verification" not in warnings


def test_the_projects_own_examples_are_labelled_as_such(make_app, tmp_path, monkeypatch):
    monkeypatch.setenv("MANCALA_PUBLISHED", str(tmp_path / "none"))
    root = project(tmp_path, "1")
    text = (root / "sources" / "ex.yaml").read_text().replace("rules: katro-4", "rules: katro-4\ngenerated: true")
    (root / "sources" / "ex.yaml").write_text(text)
    (root / "docs" / "index.rst").write_text("Own\n===\n\n.. mancala-example:: ../sources/ex.yaml\n")
    warnings = build(make_app, tmp_path, root)
    assert "WARNING" not in warnings
    html = (tmp_path / "out" / "html" / "index.html").read_text(encoding="utf-8")
    assert 'class="mancala-generated"' in html
    assert "no source draws these boards" in html
