"""What the page imports (the zip the site build writes for the player): the
engine, the drawing's words and the player, and nothing that needs a package
the page does not have.  The bundle is run here with Python's standard
library alone (``python -S``: no site-packages, so neither Pillow, Babel nor
PyYAML), its caption catalogs compiled, as Pyodide runs it in the page."""
from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from io import BytesIO

import pytest

from conftest import rules
from mancala_diagrams.errors import MancalaError
from mancala_diagrams.play.data import rules_to_data
from mancala_diagrams.sphinx import player


def test_the_bundle_holds_the_player_the_engine_and_the_words_only():
    modules = player.bundle_modules()
    for needed in ("mancala_diagrams.play.page", "mancala_diagrams.engine.rules",
                   "mancala_diagrams.engine.mechanics.core", "mancala_diagrams.drawing.captions",
                   "mancala_diagrams.drawing.catalog", "mancala_diagrams.errors", "mancala_diagrams.limits"):
        assert needed in modules
    layers = {(name.split(".") + [""])[1] for name in modules}
    assert layers == {"", "play", "engine", "drawing", "errors", "limits", "languages"}
    assert not {"mancala_diagrams.drawing.render", "mancala_diagrams.drawing.images",
                "mancala_diagrams.drawing.layout", "mancala_diagrams.engine.search"} & set(modules)


def test_the_bundle_is_the_same_bytes_each_time():
    """In this process and in another, at another time (a compiled catalog is
    dated by Babel with the time now unless told otherwise)."""
    import hashlib
    here = hashlib.sha256(player.bundle()).hexdigest()
    there = subprocess.run([sys.executable, "-c", "import hashlib; from mancala_diagrams.sphinx import player; "
                            "print(hashlib.sha256(player.bundle()).hexdigest())"], capture_output=True, text=True,
                           check=True).stdout.strip()
    assert here == there == hashlib.sha256(player.bundle()).hexdigest()


def test_the_bundle_plays_with_the_standard_library_alone(tmp_path):
    zipfile.ZipFile(BytesIO(player.bundle())).extractall(tmp_path)
    assert not list(tmp_path.rglob("*.po"))         # the catalogs come compiled
    data = json.dumps(rules_to_data(rules("katro-6")))
    script = f"""
import json, sys
sys.path.insert(0, {str(tmp_path)!r})
from mancala_diagrams.play.page import Session
s = Session({data!r}, None, "fr")
answer = json.loads(s.choose("start", "[18, 1]"))
print(json.dumps({{"caption": answer["frames"][1]["caption"], "status": answer["state"]["status"],
                  "modules": sorted(m for m in sys.modules if m.split(".")[0] in
                                    ("PIL", "babel", "yaml", "sphinx", "docutils"))}}))
"""
    done = subprocess.run([sys.executable, "-S", "-c", script], capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["modules"] == []
    assert out["caption"].startswith("Sud sème les 2 graines d’a1")
    assert out["status"].startswith("Nord")


def test_a_bundled_module_that_needs_a_package_the_page_lacks_stops_the_build(tmp_path, monkeypatch):
    fake = tmp_path / "mancala_diagrams"
    (fake / "play").mkdir(parents=True)
    (fake / "__init__.py").write_text("")
    (fake / "play" / "__init__.py").write_text("")
    (fake / "play" / "page.py").write_text("from . import pictures\n")
    (fake / "play" / "pictures.py").write_text("import os\n\nfrom PIL import Image\n")
    monkeypatch.setattr(player, "PACKAGE", fake)
    with pytest.raises(MancalaError, match=r"play/pictures.py:3: .* imports PIL, a package the page does not have"):
        player.bundle_modules()


def test_the_standard_library_of_the_page_is_compiled_and_cut_to_what_it_runs(tmp_path):
    """What the site build writes for Pyodide's python_stdlib.zip (made with
    Node the first time, then kept in node_modules/.cache): compiled modules
    only, those the player ran, not the whole library."""
    pyodide = player.PACKAGE.parent / "node_modules" / "pyodide"
    if not (pyodide / "python_stdlib.zip").exists():
        pytest.skip("the npm package pyodide is not installed (run `npm ci`)")
    (tmp_path / "mancala.zip").write_bytes(player.bundle())
    (tmp_path / "rules").mkdir()
    for name in ("katra-be", "katra-paika-6", "katro-bevohoka-6"):
        (tmp_path / "rules" / f"{name}.json").write_text(json.dumps(rules_to_data(rules(name))))
    data = player.compiled_stdlib(pyodide, tmp_path)
    assert data is not None
    names = set(zipfile.ZipFile(BytesIO(data)).namelist())
    full = set(zipfile.ZipFile(pyodide / "python_stdlib.zip").namelist())
    assert not [n for n in names if n.endswith(".py")]
    for needed in ("json/__init__.pyc", "gettext.pyc", "dataclasses.pyc", "random.pyc", "difflib.pyc",
                   "encodings/utf_8.pyc", "_pyodide/_base.pyc", "pyodide/__init__.pyc"):
        assert needed in names
    assert "unittest/__init__.pyc" not in names and len(names) < len(full) / 2
