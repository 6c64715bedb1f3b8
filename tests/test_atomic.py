"""write_atomically: a file written whole, its folder made when missing, and
nothing left behind by a failed write."""
import os

import pytest

from mancala_diagrams.atomic import write_atomically


def test_write_into_missing_folders_makes_them(tmp_path):
    target = tmp_path / "a" / "b" / "board.png"
    write_atomically(target, b"one")
    assert target.read_bytes() == b"one"
    assert os.listdir(target.parent) == ["board.png"]      # no temporary file left


def test_write_replaces_an_existing_file_whole(tmp_path):
    target = tmp_path / "steps.pickle"
    target.write_bytes(b"old and longer")
    write_atomically(str(target), b"new")                   # a str path too
    assert target.read_bytes() == b"new"
    assert os.listdir(tmp_path) == ["steps.pickle"]


def test_write_in_the_current_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write_atomically("here.txt", b"x")
    assert (tmp_path / "here.txt").read_bytes() == b"x"


def test_folder_that_is_a_file_is_an_oserror_and_leaves_nothing(tmp_path):
    (tmp_path / "file").write_bytes(b"")
    with pytest.raises(OSError):
        write_atomically(tmp_path / "file" / "board.png", b"x")
    assert os.listdir(tmp_path) == ["file"]


def test_failed_rename_leaves_no_temporary_file(tmp_path):
    (tmp_path / "taken").mkdir()                            # a folder where the file should go
    (tmp_path / "taken" / "inside").write_bytes(b"")        # not empty: the rename over it fails
    with pytest.raises(OSError):
        write_atomically(tmp_path / "taken", b"x")
    assert sorted(os.listdir(tmp_path)) == ["taken"]
