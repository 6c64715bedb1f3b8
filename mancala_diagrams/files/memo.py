"""In-process memory of loaded examples, shared by every reader in one process.

A site build reads each example twice: once for its drawing (the
``mancala-example`` directive) and once for the verification page (the
verifier, with its own rules library).  :class:`ExampleLoader.load
<.examples.ExampleLoader.load>` keeps what it loaded here, so the second read
(and the replays, memoised on the example) costs nothing.

An entry is reused only while the files it was made from are unchanged: the
example file and each rules file of its lineage, compared by a hash of their
bytes (not their modification time, which two quick writes can share).  The
hash of a file is taken *before* the file is parsed, so a file changed in
between makes the entry stale, never wrong.  Failed loads are not kept: an
error is raised again, with the same message, by a fresh load.
"""
from __future__ import annotations

import hashlib
import os
import stat
from collections import OrderedDict
from functools import lru_cache

from ..limits import MAX_FILE_BYTES

#: Entries kept at most (a site has a few dozen examples; tests make many more).
MAX_ENTRIES = 256

_ENTRIES: OrderedDict = OrderedDict()


def file_digest(path) -> bytes | None:
    """A hash of the file's bytes, or None if it is not a regular file of at
    most MAX_FILE_BYTES that can be read (opened without blocking: a named pipe
    would wait for a writer for ever)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        with os.fdopen(fd, "rb", closefd=False) as fh:
            data = fh.read(MAX_FILE_BYTES + 1)
        return None if len(data) > MAX_FILE_BYTES else hashlib.blake2b(data, digest_size=16).digest()
    except OSError:
        return None
    finally:
        os.close(fd)


def key(path, directory) -> tuple:
    """An entry's key: the example path as given (its text is in messages), the
    working directory when that path is relative, and the rules folder."""
    text = str(path)
    return (text, "" if os.path.isabs(text) else os.getcwd(), os.path.realpath(str(directory)))


def get(k, library, digest):
    """The example kept under *k*, if its example file still has *digest* and
    its rules files are unchanged (and, for those *library* has already read,
    the same as it read), else None."""
    entry = _ENTRIES.get(k)
    if entry is None or digest is None:
        return None
    example_digest, rules_digests, example = entry
    if example_digest != digest:
        return None
    seen = getattr(library, "digests", {})
    for path, name, d in rules_digests:
        if seen.get(name, d) != d or file_digest(path) != d:
            return None
    _ENTRIES.move_to_end(k)
    return example


def put(k, digest, rules_digests, example):
    """Keep *example*, made from an example file of *digest* and from the rules
    files ``[(path, name, digest)]``."""
    if digest is None or any(d is None for _p, _n, d in rules_digests):
        return
    _ENTRIES[k] = (digest, tuple(rules_digests), example)
    _ENTRIES.move_to_end(k)
    while len(_ENTRIES) > MAX_ENTRIES:
        _ENTRIES.popitem(last=False)


def clear():
    _ENTRIES.clear()


@lru_cache(maxsize=1)
def code_digest() -> bytes:
    """A hash of the package's own source files (names and bytes), Python's
    version and the versions of the libraries it parses and validates with:
    taken once per process (a site build's caches use it three times in each
    language's build)."""
    import sys
    from importlib import metadata
    from pathlib import Path
    package = Path(__file__).resolve().parent.parent
    h = hashlib.blake2b(digest_size=16)
    h.update(sys.version.encode())
    for lib in ("PyYAML", "jsonschema", "jsonschema-rs"):
        try:
            h.update(f"{lib} {metadata.version(lib)}".encode())
        except metadata.PackageNotFoundError:
            pass
    h.update(b"code\0")
    for f in sorted(package.rglob("*.py")) + sorted(package.rglob("*.json")):
        if f.is_file():
            h.update(str(f).encode() + b"\0" + f.read_bytes() + b"\0")
    return h.digest()

