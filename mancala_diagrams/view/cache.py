"""The one store a site build keeps for the next one, and the digest it is keyed by.

Everything the view computes from a project (every example's figures in every
language, the verifier's rows) depends on these inputs and on nothing else:

- every example file of ``sources/`` (names and bytes);
- every rules file of ``rules/``;
- the published transcriptions (``../shared/published``, names and bytes);
- the pages a source may name (:func:`~mancala_diagrams.files.project.known_pages`);
- the caption catalogs (:mod:`mancala_diagrams.drawing.catalog`, names and bytes);
- any further file the caller names (the Sphinx extension: the bibliography);
- the code: the package's own files, Python's version and the versions of the
  libraries it parses with (:func:`code_digest`);
- the project's folder (its path is in the messages).

:func:`digests` hashes them (names and bytes, never modification times, which
two quick writes can share): the whole project's digest is the key of the
:class:`Store`, a single file written whole
(:func:`~mancala_diagrams.atomic.write_atomically`) that holds what was computed
for that digest, read back by the next build whose inputs are byte for byte the
same (the French build reads what the English one made).  The digest is taken
before anything is read: a file changed while a build reads it makes the next
build's digest differ, so what was kept is made again (stale, never wrong).
"""
from __future__ import annotations

import hashlib
import os
import pickle
import stat
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..atomic import write_atomically
from ..limits import MAX_FILE_BYTES


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


@lru_cache(maxsize=1)
def code_digest() -> bytes:
    """A hash of the package's own source files (names and bytes), Python's
    version and the versions of the libraries it parses and validates with:
    the code does not change while a process runs, so it is taken once."""
    import sys
    from importlib import metadata
    package = Path(__file__).resolve().parent.parent
    h = hashlib.blake2b(digest_size=16)
    h.update(sys.version.encode())
    for lib in ("PyYAML", "jsonschema", "jsonschema-rs", "Pillow", "Babel"):
        try:
            h.update(f"{lib} {metadata.version(lib)}".encode())
        except metadata.PackageNotFoundError:
            pass
    h.update(b"code\0")
    for f in sorted(package.rglob("*.py")) + sorted(package.rglob("*.json")):
        if f.is_file():
            h.update(str(f.relative_to(package)).encode() + b"\0" + f.read_bytes() + b"\0")
    return h.digest()


def _files(h, label: str, files, base=None) -> dict:
    """Names (relative to *base*) and bytes of *files* into the hash *h*;
    returns {real path: digest}."""
    h.update(f"{label}\0".encode())
    found = {}
    for f in files:
        name = str(Path(f).relative_to(base)) if base is not None else str(f)
        found[os.path.realpath(f)] = digest = file_digest(f)
        h.update(f"{name}\0".encode() + (digest or b"-"))
    return found


@dataclass(frozen=True)
class Digests:
    """The digests of a project's inputs: *shared* (everything but the example
    files) and *sources* (every example file, whose own digests are *files*:
    path -> digest); :attr:`project` is the one digest of all of them, the key
    of the store."""
    shared: str
    sources: str
    files: dict

    @property
    def project(self) -> str:
        return hashlib.blake2b(f"{self.shared}\0{self.sources}".encode(), digest_size=16).hexdigest()


def shared_digest(root, extra=()) -> str:
    """The digest of what any example of the project at *root* may read
    besides the example files, with the files *extra* (see the module)."""
    from ..drawing.catalog import locale_dirs
    from ..files.project import known_pages, published_dir
    root = Path(root)
    h = hashlib.blake2b(code_digest(), digest_size=16)
    h.update(f"root\0{os.path.realpath(root)}\0".encode())
    _files(h, "rules", sorted((root / "rules").rglob("*.yaml")), root)
    for kind, names in sorted(known_pages(root).items()):
        h.update(f"{kind}\0{chr(0).join(sorted(names))}\0".encode())
    pub = published_dir(root)
    _files(h, f"published {pub}", sorted(Path(pub).glob("*.json")) if pub is not None else [])
    for folder in locale_dirs():
        _files(h, f"catalogs {folder}", sorted(p for p in Path(folder).rglob("*") if p.suffix in (".po", ".mo")))
    _files(h, "extra", sorted(str(f) for f in extra))
    return h.hexdigest()


def sources_digest(root) -> tuple[str, dict]:
    """The digest of every example file of the project at *root* (names and
    bytes), and {file: digest} of each."""
    from ..files.project import example_paths
    h = hashlib.blake2b(digest_size=16)
    files = _files(h, "sources", example_paths(Path(root)), Path(root))
    return h.hexdigest(), files


def digests(root, extra=()) -> Digests:
    return Digests(shared_digest(root, extra), *sources_digest(root))


class Store:
    """The file ``view.pickle`` of *folder*: one value, kept for one digest.

    :meth:`read` gives it back only to a reader with the same digest (None
    otherwise, or when the file is missing, unreadable or written by another
    format); :meth:`write` replaces the file whole."""

    NAME = "view.pickle"
    FORMAT = 1

    def __init__(self, folder):
        self.path = Path(folder) / self.NAME

    def read(self, digest: str):
        try:
            with open(self.path, "rb") as fh:
                fmt, kept_for, value = pickle.load(fh)
        except (OSError, EOFError, ValueError, TypeError, AttributeError, ImportError, pickle.UnpicklingError):
            return None
        return value if fmt == self.FORMAT and kept_for == digest else None

    def write(self, digest: str, value) -> bool:
        """Keep *value* for *digest*; False if it could not be written (the
        next build computes it again)."""
        try:
            data = pickle.dumps((self.FORMAT, digest, value), protocol=pickle.HIGHEST_PROTOCOL)
            write_atomically(self.path, data)
        except (OSError, pickle.PicklingError, TypeError, AttributeError):
            return False
        return True
