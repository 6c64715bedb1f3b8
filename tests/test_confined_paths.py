"""project.confined compares paths as text (project._within): the same answers
as comparing them as pathlib paths, the general way."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from mancala_diagrams.files.project import _within, confined

PATHS = ["/", "/a", "/a/b", "/a/bc", "/a/b/c", "/a/b/c/d.yaml", "/ab", "/a/b/../c", "/a/./b", "//a/b", "/a/b/"]


@pytest.mark.parametrize("folder", PATHS)
def test_within_as_text_is_within_as_paths(folder):
    for path in PATHS:
        p, f = os.path.abspath(path), os.path.abspath(folder)
        assert _within(p, f) == (Path(p) == Path(f) or Path(f) in Path(p).parents), (path, folder)


def test_a_link_out_of_the_folder_is_refused_and_one_inside_is_not(tmp_path):
    folder = tmp_path / "sources"
    (folder / "page").mkdir(parents=True)
    (tmp_path / "elsewhere.yaml").write_text("x: 1\n")
    (folder / "page" / "inside.yaml").write_text("x: 1\n")
    (folder / "page" / "out.yaml").symlink_to(tmp_path / "elsewhere.yaml")
    (folder / "page" / "in.yaml").symlink_to(folder / "page" / "inside.yaml")
    assert confined(folder / "page" / "inside.yaml", folder) is None
    assert confined(folder / "page" / "in.yaml", folder) is None
    assert confined(tmp_path / "elsewhere.yaml", folder) is None          # a file the user named elsewhere
    error = confined(folder / "page" / "out.yaml", folder)
    assert error is not None and "leads outside sources/" in str(error)


def test_a_rules_library_names_each_rules_file_as_the_folder_and_name_do(tmp_path):
    from mancala_diagrams.files.loader import RulesLibrary
    lib = RulesLibrary(tmp_path)
    for name in ("katro", "katro", "fanga-6", 3):
        assert lib.path(name) == tmp_path / f"{name}.yaml"
