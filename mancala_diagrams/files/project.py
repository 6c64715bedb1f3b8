"""Where the project's files are (rules/, sources/, the published
transcriptions), and the one way a path is checked before anything opens it.

:func:`project_file` is that check: every file the project reads (a rules
file, an example, a page's transcription, a file a documentation directive
names, a file given to ``check``) goes through it, and a path the project
cannot or must not read is one located sentence: a name with a line break or
another control character in it, a symbolic link that loops, points nowhere or
leads out of the folder it lies in, a folder named like a file, a named pipe,
a device, a socket, a file or folder that cannot be read.
:func:`read_text_file` reads such a file (without blocking on a pipe, at most
:data:`~..limits.MAX_FILE_BYTES`), and :func:`yaml_files` lists the YAML files
of a folder and its subfolders, with a refusal for each entry it cannot list.
"""
from __future__ import annotations

import errno
import json
import os
import re
import stat
from functools import lru_cache
from pathlib import Path

from ..errors import MancalaError
from ..limits import MAX_FILE_BYTES, MAX_NAME_CHARS

#: the name of a rules or example file (without .yaml): what a name must look
#: like before it becomes part of a path (no separator, no dot, no '..')
NAME_PATTERN = r"^[a-z0-9][a-z0-9-]*$"
_NAME = re.compile(NAME_PATTERN)
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def is_name(value) -> bool:
    return isinstance(value, str) and len(value) <= MAX_NAME_CHARS and _NAME.fullmatch(value) is not None


def shown_path(path) -> str:
    """*path* as a message shows it: a line break or another control character
    in it written as an escape (``\\n``), so that the message stays one line."""
    text = os.fspath(path)
    return _CONTROL.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


def _refusal(path, message, **kw) -> MancalaError:
    return MancalaError(message, file=shown_path(path), line=1, column=1, **kw)


def _kind(mode) -> str | None:
    """What a file of *mode* is, in words, when it is not a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


def _os_refusal(path, exc: OSError, reading="read it") -> MancalaError:
    """The sentence for an error of the operating system on *path*."""
    code = exc.errno
    if code == errno.ELOOP:
        return _refusal(path, "a symbolic link that leads round in a loop")
    if code == errno.ENOENT:
        if os.path.islink(path):
            return _refusal(path, f"a symbolic link to {os.readlink(path)!r}, which does not exist")
        return _refusal(path, "no such file")
    if code == errno.ENOTDIR:
        return _refusal(path, "no such file (a part of the path is a file, not a folder)")
    if code in (errno.EACCES, errno.EPERM):
        return _refusal(path, f"cannot {reading}: permission denied",
                        expected="a file (and folders) the user running the command may read")
    if code == errno.ENAMETOOLONG:
        return _refusal(path, "the path is too long for the file system")
    if code == errno.ENXIO:
        return _refusal(path, "a socket or a device, not a file", expected="a regular file")
    return _refusal(path, f"cannot {reading}: {exc.strerror or exc}")


def project_file(path, within=(), expected="a YAML file") -> Path:
    """*path*, checked before anything opens it; raises a located
    :class:`~.errors.MancalaError` for a path the project cannot or must not
    read (see the module's docstring).  *within*: a folder, or folders, a file
    must not be led out of: a path under one of them (before links are
    followed) must still lie under it once ``..`` and symbolic links are
    resolved; a path under none (a file the user named) is left alone."""
    path = Path(path)
    text = os.fspath(path)
    if _CONTROL.search(text):
        raise _refusal(path, "a file name with a line break or a control character in it",
                       expected="a name of printable characters")
    try:
        info = os.stat(path)
    except OSError as exc:
        raise _os_refusal(path, exc) from None
    except ValueError:          # a NUL byte: caught above, but the OS layer says so too
        raise _refusal(path, "not a file name") from None
    folders = (within,) if isinstance(within, (str, os.PathLike)) else tuple(within or ())
    plain = os.path.abspath(text)
    for folder in folders:
        folder = os.path.abspath(folder)
        if _within(plain, folder):
            real, real_folder = os.path.realpath(plain), os.path.realpath(folder)
            if not _within(real, real_folder):
                raise _refusal(path, f"a symbolic link that leads outside {Path(folder).name}/ (to {real})",
                               expected=f"a file inside {folder}")
            break
    kind = _kind(info.st_mode)
    if kind is not None:
        raise _refusal(path, f"{kind}, not a regular file", expected=expected)
    return path


def read_text_file(path, within=(), expected="a YAML file") -> str:
    """The text of *path*, a regular UTF-8 file of at most :data:`MAX_FILE_BYTES`
    checked by :func:`project_file`.  The file is opened without blocking (a
    named pipe put there after the check would wait for a writer for ever) and
    its type checked again on the open file before anything is read."""
    path = project_file(path, within, expected)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise _os_refusal(path, exc) from None
    try:
        kind = _kind(os.fstat(fd).st_mode)
        if kind is not None:
            raise _refusal(path, f"{kind}, not a regular file", expected=expected)
        with os.fdopen(fd, "rb", closefd=False) as f:
            data = f.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise _os_refusal(path, exc) from None
    finally:
        os.close(fd)
    from .yamlio import where_in_text
    if len(data) > MAX_FILE_BYTES:
        text = data[:MAX_FILE_BYTES].decode("utf-8", "replace")
        line, col = where_in_text(text, len(text))
        raise MancalaError(f"the file is larger than {MAX_FILE_BYTES:,} bytes", file=shown_path(path), line=line,
                           column=col, expected=f"at most {MAX_FILE_BYTES:,} bytes (1 MiB)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = data[:exc.start].decode("utf-8", "replace")
        line, col = where_in_text(before, len(before))
        raise MancalaError(f"not UTF-8 text: byte 0x{data[exc.start]:02X} ({exc.reason})", file=shown_path(path),
                           line=line, column=col, expected="a file saved as UTF-8") from None


class Listing(list):
    """The files :func:`yaml_files` found (sorted), and in :attr:`refused` a
    located error for each entry it could not list or must not follow."""

    def __init__(self, files=(), refused=()):
        super().__init__(files)
        self.refused = list(refused)


def yaml_files(folder, suffix=".yaml") -> Listing:
    """Every file named ``*.yaml`` in *folder* and its subfolders, walked with
    an explicit stack (a folder a thousand levels deep is no recursion).  A
    folder named like a file, a pipe or a link so named is listed as a file
    (:func:`project_file` refuses it, with its name, when it is read); a folder
    that cannot be read, a name with a control character, and a link that
    loops or leads out of *folder* are refusals; a link to a folder inside it
    is followed once."""
    folder = Path(folder)
    real_top = os.path.realpath(folder)
    files, refused = [], []
    try:
        info = os.stat(folder)
        seen = {(info.st_dev, info.st_ino)}
    except OSError as exc:
        return Listing((), [_os_refusal(folder, exc, "list this folder")])
    stack = [folder]
    while stack:
        here = stack.pop()
        try:
            with os.scandir(here) as it:
                entries = sorted(it, key=lambda e: e.name)
        except OSError as exc:
            refused.append(_os_refusal(here, exc, "list this folder"))
            continue
        for entry in entries:
            path = Path(entry.path)
            named = entry.name.endswith(suffix)
            if _CONTROL.search(entry.name):
                refused.append(_refusal(path, "a file name with a line break or a control character in it",
                                        expected="a name of printable characters"))
                continue
            try:
                is_link = entry.is_symlink()
                is_dir = entry.is_dir(follow_symlinks=False)
            except OSError as exc:
                refused.append(_os_refusal(path, exc))
                continue
            if named:
                files.append(path)          # read (or refused) as a file
                continue
            if is_link:
                try:
                    info = os.stat(path)
                except OSError as exc:
                    if exc.errno == errno.ELOOP:
                        refused.append(_os_refusal(path, exc))
                    continue                # a dangling link not named .yaml: not a file of the project
                if not stat.S_ISDIR(info.st_mode):
                    continue
                if not _within(os.path.realpath(path), real_top):
                    refused.append(_refusal(path, f"a symbolic link to a folder outside {folder.name}/ "
                                                  f"(to {os.path.realpath(path)})",
                                            expected=f"a folder inside {folder}"))
                    continue
            elif not is_dir:
                continue
            else:
                try:
                    info = entry.stat(follow_symlinks=False)
                except OSError as exc:
                    refused.append(_os_refusal(path, exc, "list this folder"))
                    continue
            key = (info.st_dev, info.st_ino)
            if key in seen:
                if is_link:
                    real = os.path.realpath(path)
                    what = ("a folder that holds it (a loop)" if _within(os.path.realpath(here), real)
                            else "a folder listed already")
                    refused.append(_refusal(path, f"a symbolic link to {what}: {real}",
                                            expected="each folder listed once"))
                continue
            seen.add(key)
            stack.append(path)
    return Listing(sorted(files), refused)


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
    for c in candidates:        # realpath, not resolve(): it never raises, even on a link that loops
        for p in (c, *Path(os.path.realpath(c)).parents):
            if (p / "rules").is_dir() and (p / "sources").is_dir():
                return p
    return candidates[-1]


def published_dir(root: Path) -> Path | None:
    """The exact transcriptions of the source pages (``../shared/published``
    beside the project, or ``$MANCALA_PUBLISHED``), if present: a folder that
    holds at least one page (``*.json``)."""
    env = os.environ.get("MANCALA_PUBLISHED")
    path = Path(env) if env else Path(os.path.realpath(root)).parent / "shared" / "published"
    try:
        return path if path.is_dir() and any(path.glob("*.json")) else None
    except OSError:
        return None


@lru_cache(maxsize=8)
def published_diagrams(directory: str) -> dict:
    """id -> {'page', 'rows', 'marks', 'text_before'} for every published diagram."""
    out = {}
    for f in sorted(Path(directory).glob("*.json")):
        data = read_json_file(f, directory)
        before = ""
        for b in data["blocks"]:
            if b["kind"] == "diagram":
                out[b["id"]] = {"page": f.stem, "rows": b["rows"], "marks": b.get("marks"),
                                "text_before": before}
            else:
                before = b.get("text", "")
    return out


def read_json_file(path, within=()):
    """A page's transcription (JSON), read as :func:`read_text_file` reads."""
    text = read_text_file(path, within, expected="a JSON file")
    try:
        return json.loads(text)
    except ValueError as exc:
        raise MancalaError(f"not JSON: {getattr(exc, 'msg', exc)}", file=shown_path(path),
                           line=getattr(exc, "lineno", 1), column=getattr(exc, "colno", 1)) from None


def example_paths(root: Path) -> Listing:
    """The example files of the project at *root* (see :func:`yaml_files`)."""
    return yaml_files(Path(root, "sources"))


def directive_file(srcdir, root, document_dir, argument) -> Path:
    """The file a documentation directive names (relative to its page, or to the
    documentation folder when it starts with ``/``, as Sphinx reads it), refused
    unless it lies inside the documentation folder *srcdir* or the project's
    ``sources/`` once ``..`` and symbolic links are resolved: a page cannot make
    the build read anything else, and checked by :func:`project_file` when it
    is there.  Raises :class:`~.errors.MancalaError`."""
    text = str(argument)
    if "\x00" in text or not text.strip() or _CONTROL.search(text):
        raise MancalaError(f"not a file name: {text!r}")
    srcdir, root = Path(os.path.abspath(srcdir)), Path(os.path.abspath(root))
    base = srcdir if text.startswith("/") else Path(os.path.abspath(document_dir))
    target = Path(os.path.normpath(base / text.lstrip("/")))
    allowed = (srcdir, root / "sources")
    if not any(_within(str(target), str(a)) for a in allowed):
        raise MancalaError(f"{text!r} is outside the documentation and the sources",
                           expected=f"a file under {srcdir} or {root / 'sources'}")
    real = Path(os.path.realpath(target))
    if not any(_within(str(real), os.path.realpath(a)) for a in allowed):
        raise MancalaError(f"{text!r} is outside the documentation and the sources (a symbolic link to {real})",
                           expected=f"a file under {srcdir} or {root / 'sources'}")
    if os.path.lexists(target):     # a missing file is the directive's to tell (a page may wait for one)
        project_file(target, allowed)
    return real


_BIBKEY = re.compile(r"^\(([A-Za-z0-9_.-]+)\)=\s*$", re.M)


@lru_cache(maxsize=16)
def _names_in(path: str, mtime: float, bibliography: bool) -> frozenset:
    text = read_text_file(path, expected="a text file")
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
