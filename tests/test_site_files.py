"""Every file of the built site can be served by a web server running as
another user: each file is readable, and each folder readable and searchable,
by others, as far as the umask lets the build make them so.

The site is the one the browser tests build (``site`` in conftest.py), with
the umask of the test run; a board image written with mode 0600 (what
``mkstemp`` gave before ``write_atomically`` took the umask) is the kind of
file this finds.  The check can fail: it finds such a file when one is made.
"""
from __future__ import annotations

import os
import stat

import pytest


def current_umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def unreadable(root) -> list[str]:
    """The files under *root* that others may not read, and the folders they
    may not list or enter, with their modes."""
    out = []
    for folder, dirs, files in os.walk(root):
        for name in dirs + files:
            path = os.path.join(folder, name)
            mode = stat.S_IMODE(os.lstat(path).st_mode)
            wanted = stat.S_IROTH | (stat.S_IXOTH if name in dirs else 0)
            if mode & wanted != wanted:
                out.append(f"{os.path.relpath(path, root)} ({mode:04o})")
    return out


@pytest.fixture(scope="module")
def others_may_read():
    if current_umask() & (stat.S_IROTH | stat.S_IXOTH):
        pytest.skip(f"the umask ({current_umask():04o}) keeps others from reading new files")


def test_every_file_of_the_site_is_readable_by_others(site, others_may_read):
    files = sum(len(f) for _, _, f in os.walk(site))
    boards = list((site / "en" / "_images").glob("board-*.png"))
    assert files > 500 and len(boards) > 300
    found = unreadable(site)
    assert not found, f"{len(found)} files or folders others cannot read:\n" + "\n".join(found[:20])


def test_the_check_finds_a_file_only_its_owner_can_read(tmp_path, others_may_read):
    (tmp_path / "images").mkdir()
    good = tmp_path / "images" / "board-a.png"
    good.write_bytes(b"x")
    bad = tmp_path / "images" / "board-b.png"
    bad.write_bytes(b"x")
    bad.chmod(0o600)
    assert unreadable(tmp_path) == [os.path.join("images", "board-b.png") + " (0600)"]
