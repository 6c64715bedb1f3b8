"""Where the project's files are: rules/, sources/, and the published transcriptions."""
from __future__ import annotations

import json
import re
import os
import re
from functools import lru_cache
from pathlib import Path

from ..limits import MAX_NAME_CHARS

#: the name of a rules or example file (without .yaml): what a name must look
#: like before it becomes part of a path (no separator, no dot, no '..')
NAME_PATTERN = r"^[a-z0-9][a-z0-9-]*$"
_NAME = re.compile(NAME_PATTERN)


def is_name(value) -> bool:
    return isinstance(value, str) and len(value) <= MAX_NAME_CHARS and _NAME.match(value) is not None


def confined(path, folder):
    """*path* if it does not lead out of *folder*: a path under *folder*
    (before links are followed) must stay under it once symbolic links and
    ``..`` are resolved; a path elsewhere (one the user named) is left alone.
    Returns the :class:`~.errors.MancalaError` to raise, or None."""
    from ..errors import MancalaError
    folder = os.path.abspath(folder)
    plain = os.path.abspath(path)
    if not _within(plain, folder):
        return None
    try:
        real, real_folder = os.path.realpath(plain), os.path.realpath(folder)
    except (OSError, RuntimeError, ValueError):
        return None          # a loop: reading the file names it
    if not _within(real, real_folder):
        return MancalaError(f"a symbolic link that leads outside {Path(folder).name}/ (to {real})",
                            file=str(path), line=1, column=1, expected=f"a file inside {folder}")
    return None


def _within(path: str, folder: str) -> bool:
    """Whether the absolute, normalised *path* is *folder* or lies under it."""
    if path.startswith("//") or folder.startswith("//"):    # POSIX's second root: as pathlib compares
        return Path(path) == Path(folder) or Path(folder) in Path(path).parents
    return path == folder or path.startswith(folder if folder.endswith(os.sep) else folder + os.sep)


def find_root(start=None) -> Path:
    """The project root: the nearest folder (from *start*, else the working
    directory, else the package's parent) that has rules/ and sources/."""
    candidates = []
    if start is not None:
        candidates.append(Path(start))
    candidates.append(Path.cwd())
    candidates.append(Path(__file__).resolve().parent.parent)
    for c in candidates:
        for p in (c, *c.resolve().parents):
            if (p / "rules").is_dir() and (p / "sources").is_dir():
                return p
    return candidates[-1]


def published_dir(root: Path) -> Path | None:
    """The exact transcriptions of the source pages (``../shared/published``
    beside the project, or ``$MANCALA_PUBLISHED``), if present."""
    env = os.environ.get("MANCALA_PUBLISHED")
    path = Path(env) if env else Path(root).resolve().parent / "shared" / "published"
    return path if path.is_dir() else None


@lru_cache(maxsize=8)
def published_diagrams(directory: str) -> dict:
    """id -> {'page', 'rows', 'marks', 'text_before'} for every published diagram."""
    out = {}
    for f in sorted(Path(directory).glob("*.json")):
        data = json.loads(f.read_text(encoding="utf-8"))
        before = ""
        for b in data["blocks"]:
            if b["kind"] == "diagram":
                out[b["id"]] = {"page": f.stem, "rows": b["rows"], "marks": b.get("marks"),
                                "text_before": before}
            else:
                before = b.get("text", "")
    return out


def example_paths(root: Path):
    return sorted(Path(root, "sources").rglob("*.yaml"))


def safe_path(root, relative) -> Path:
    """*relative* resolved inside *root* (a directive's argument, a file named
    in YAML ...), refusing anything that would read outside it: an absolute
    path, ``..`` that climbs out, a symbolic link that points out, a NUL byte.
    Raises :class:`~.errors.MancalaError`."""
    from ..errors import MancalaError
    text = str(relative)
    if not text or "\x00" in text:
        raise MancalaError(f"not a file name: {text!r}", expected="a path relative to the project")
    if Path(text).is_absolute() or text.startswith(("/", "\\")) or (len(text) > 1 and text[1] == ":"):
        raise MancalaError(f"{text!r} is an absolute path", expected=f"a path relative to {root}")
    base = Path(root).resolve()
    target = (base / text).resolve()
    if target != base and base not in target.parents:
        raise MancalaError(f"{text!r} points outside {base}", expected=f"a path inside {base}")
    return target


def directive_file(srcdir, root, document_dir, argument) -> Path:
    """The file a documentation directive names (relative to its page, or to the
    documentation folder when it starts with ``/``, as Sphinx reads it), refused
    unless it lies inside the documentation folder *srcdir* or the project's
    ``sources/`` once ``..`` and symbolic links are resolved: a page cannot make
    the build read anything else.  Raises :class:`~.errors.MancalaError`."""
    from ..errors import MancalaError
    text = str(argument)
    if "\x00" in text or not text.strip():
        raise MancalaError(f"not a file name: {text!r}")
    srcdir, root = Path(srcdir).resolve(), Path(root).resolve()
    base = srcdir if text.startswith("/") else Path(document_dir)
    target = (base / text.lstrip("/")).resolve()
    allowed = (srcdir, root / "sources")
    if not any(target == a or a in target.parents for a in allowed):
        raise MancalaError(f"{text!r} is outside the documentation and the sources",
                           expected=f"a file under {srcdir} or {root / 'sources'}")
    return target


_BIBKEY = re.compile(r"^\(([A-Za-z0-9_.-]+)\)=\s*$", re.M)


@lru_cache(maxsize=16)
def _names_in(path: str, mtime: float, bibliography: bool) -> frozenset:
    text = Path(path).read_text(encoding="utf-8")
    if bibliography:
        return frozenset(_BIBKEY.findall(text))
    return frozenset(line.split("#", 1)[0].strip() for line in text.splitlines()
                     if line.split("#", 1)[0].strip())


def _docs_file(root, relative) -> Path | None:
    """docs/RELATIVE of the project *root*, else of the project this package
    belongs to (a project made of rules/ and sources/ only, as tests make,
    shares its bibliography)."""
    for base in (Path(root), Path(__file__).resolve().parents[2]):
        p = base / "docs" / relative
        if p.is_file():
            return p
    return None


def known_pages(root) -> dict:
    """What a ``source.page`` may name: {'published': the pages of
    ../shared/published (if present), 'listed': the pages of
    docs/data/pages.txt (every source page the project transcribes or cites,
    for when ../shared is absent), 'bibliography': the keys of
    docs/bibliography.md}."""
    out = {"published": frozenset(), "listed": frozenset(), "bibliography": frozenset()}
    pub = published_dir(root)
    if pub is not None:
        out["published"] = frozenset(p.stem for p in pub.glob("*.json"))
    for key, rel, bib in (("listed", "data/pages.txt", False), ("bibliography", "bibliography.md", True)):
        p = _docs_file(root, rel)
        if p is not None:
            out[key] = _names_in(str(p), p.stat().st_mtime, bib)
    return out
