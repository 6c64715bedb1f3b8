"""Files written whole: a reader (the other language's build, a second writer)
sees the old file or the new one, never half of one.

May import: nothing (every layer may import it, as it may import
:mod:`.errors`): the drawing's image files and the files layer's caches are
written the same way.
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path


def _umask() -> int:
    """The process's file-creation mask (read by setting it and setting it back:
    Python has no other portable way to read it)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_atomically(path, data: bytes) -> None:
    """Write *data* to *path* through a temporary file in the same folder,
    renamed over *path* once complete (the folder is made if needed).  The
    file gets the mode an ordinary ``open(path, "w")`` would give it
    (0666 less the umask): ``mkstemp`` makes its files 0600, which a web
    server running as another user could not read.  An error (``OSError``)
    leaves no temporary file behind."""
    folder, name = os.path.split(os.fspath(path))
    suffix = os.path.splitext(name)[1]
    try:
        fd, tmp = tempfile.mkstemp(dir=folder or ".", prefix=".tmp-", suffix=suffix)
    except FileNotFoundError:   # the folder made only when missing (a build writes hundreds of files)
        Path(folder).mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder or ".", prefix=".tmp-", suffix=suffix)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            os.fchmod(fh.fileno(), 0o666 & ~_umask())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
