"""The package works outside this repository (issue 35): its wheel, built
from a copy of the sources and installed in a fresh virtual environment,
checks and builds the small project of docs/own-project.md, made of that
page's own files (each ```{code-block} with a :caption: naming the file).

Offline: the wheel is built with the project's own setuptools (no build
isolation, which would fetch it), and the new environment installs it with
--no-deps --no-index; its dependencies (PyYAML, Pillow, Sphinx ...) are those
of the project's environment, put on its path after its own packages, so
that the package imported is the wheel's (checked)."""
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from conftest import ROOT

PAGE = ROOT / "docs" / "own-project.md"
FILE = re.compile(r"^(`{3,})\{code-block\} \w+\n:caption: (\S+)\n\n(.*?)^\1\s*$", re.M | re.S)


def files_shown(page=PAGE) -> dict:
    """path -> text of every file a page of docs/ shows (a ```{code-block} with its :caption:)."""
    return {path: body for _, path, body in FILE.findall(page.read_text(encoding="utf-8"))}


def run(*args, cwd):
    done = subprocess.run([str(a) for a in args], cwd=cwd, capture_output=True, text=True)
    assert done.returncode == 0, f"{args}:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """A fresh virtual environment with the package installed from its wheel: its python."""
    tmp = tmp_path_factory.mktemp("wheel")
    src = tmp / "src"
    for name in ("pyproject.toml", "setup.py", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, src / name) if src.exists() else (src.mkdir(), shutil.copy(ROOT / name, src / name))
    shutil.copytree(ROOT / "mancala_diagrams", src / "mancala_diagrams",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyc"))
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "--no-index",
        "-w", tmp / "dist", src, cwd=tmp)
    (wheel,) = (tmp / "dist").glob("mancala_diagrams-*.whl")
    venv = tmp / "venv"
    run(sys.executable, "-m", "venv", venv, cwd=tmp)
    python = venv / "bin" / "python"
    run(python, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index", wheel, cwd=tmp)
    site = Path(run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])", cwd=tmp).strip())
    (site / "project-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return python


def test_the_page_shows_a_whole_project():
    assert set(files_shown()) == {"rules/relay-3.yaml", "sources/relay/relay-first-turn.yaml", "docs/conf.py",
                                 "docs/index.md"}


def test_the_package_imported_is_the_wheels(installed):
    where = run(installed, "-c", "import mancala_diagrams, mancala_diagrams.solver.compiled as c; "
                                 "print(mancala_diagrams.__file__); print(c.available())", cwd=installed.parent)
    path, compiled = where.split()
    assert Path(path).is_relative_to(installed.parent.parent)      # the venv's, not this repository's
    assert compiled == "True"                                      # the solver was compiled into the wheel


def test_the_installed_package_checks_and_builds_a_project_elsewhere(installed, tmp_path):
    project = tmp_path / "elsewhere"
    for path, text in files_shown().items():
        (project / path).parent.mkdir(parents=True, exist_ok=True)
        (project / path).write_text(text, encoding="utf-8")
    out = run(installed.parent / "mancala-diagrams", "check", "rules/", "sources/", cwd=project)
    assert "rules/relay-3.yaml" in out and "ok:" in out
    assert "2 diagrams checked: 2 generated" in out
    assert out.rstrip().endswith(": no problem")
    run(installed, "-m", "sphinx", "-W", "-q", "-b", "html", "docs", "_build/html", cwd=project)
    page = (project / "_build" / "html" / "index.html").read_text(encoding="utf-8")
    assert 'id="relay-first-turn-1"' in page and 'id="relay-first-turn-2"' in page
    images = re.findall(r'src="(_images/board-[^"]+\.png)"', page)
    assert len(images) == 2 and all((project / "_build" / "html" / i).is_file() for i in images)
    assert "South sows a1 clockwise" in page
