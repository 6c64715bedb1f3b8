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


def write_atomically(path, data: bytes) -> None:
    """Write *data* to *path* through a temporary file in the same folder,
    renamed over *path* once complete (the folder is made if needed).  An
    error (``OSError``) leaves no temporary file behind."""
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
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
