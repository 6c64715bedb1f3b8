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


@pytest.mark.parametrize("mask", [0o022, 0o002, 0o077])
def test_the_file_gets_the_mode_the_umask_gives(tmp_path, mask):
    """As open() would make it: 0666 less the umask (mkstemp alone gives 0600,
    which a web server running as another user cannot read)."""
    old = os.umask(mask)
    try:
        write_atomically(tmp_path / "board.png", b"x")
        (tmp_path / "plain.png").write_bytes(b"x")
    finally:
        os.umask(old)
    assert (tmp_path / "board.png").stat().st_mode & 0o777 == 0o666 & ~mask
    assert (tmp_path / "board.png").stat().st_mode & 0o777 == (tmp_path / "plain.png").stat().st_mode & 0o777
