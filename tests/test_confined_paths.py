"""project.project_file compares paths as text (project._within): the same
answers as comparing them as pathlib paths, the general way."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from mancala_diagrams.errors import MancalaError
from mancala_diagrams.files.project import _within, project_file

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
    assert project_file(folder / "page" / "inside.yaml", folder) == folder / "page" / "inside.yaml"
    assert project_file(folder / "page" / "in.yaml", folder) == folder / "page" / "in.yaml"
    assert project_file(tmp_path / "elsewhere.yaml", folder) == tmp_path / "elsewhere.yaml"   # named elsewhere
    with pytest.raises(MancalaError) as error:
        project_file(folder / "page" / "out.yaml", folder)
    assert str(error.value) == (f"{folder}/page/out.yaml:1:1: a symbolic link that leads outside sources/ "
                                f"(to {tmp_path}/elsewhere.yaml) (expected a file inside {folder})")


def test_a_rules_library_names_each_rules_file_as_the_folder_and_name_do(tmp_path):
    from mancala_diagrams.files.loader import RulesLibrary
    lib = RulesLibrary(tmp_path)
    for name in ("katro", "katro", "fanga-6", 3):
        assert lib.path(name) == tmp_path / f"{name}.yaml"
