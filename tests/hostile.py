"""Hostile rules and example files, one generator per class of bad input, and
the one way every case is run and judged.  Used by the fuzz test (a few
hundred cases, fixed seed, in ``make test``) and by ``make fuzz``
(tests/fuzz_run.py: tens of thousands, each watched for crashes and hangs).

A case is a mutation of one of the project's own files (``rules/*.yaml`` or
``sources/**/*.yaml``) written into a throw-away copy of the project, then
loaded as ``check`` loads it: a rules file with its bases (and its variants),
an example loaded, replayed and verified.  The outcome is one of

``located``    refused with a MancalaError giving the file, line and column
``no-line``    refused with a MancalaError that lacks the line or the column
``accepted``   loaded (and replayed) without an error
``traceback``  any other exception

(``crash``, ``hang`` and ``memory`` are told by the runner; ``generator`` is
a fault of the generators here, not of the project.)
"""
from __future__ import annotations

import os
import random
import shutil
import socket
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES = sorted((ROOT / "rules").glob("*.yaml"))
EXAMPLES = sorted((ROOT / "sources").rglob("*.yaml"))
OUTCOMES = ("located", "no-line", "accepted", "traceback", "crash", "hang", "memory", "generator")


# -- text helpers ------------------------------------------------------------------------------
def _lines_with_values(text):
    """(index, key part, value) of the lines 'key: value' with a plain value."""
    out = []
    for i, line in enumerate(text.split("\n")):
        key, sep, value = line.partition(": ")
        if sep and value.strip() and not value.strip().startswith(("|", ">", "#", "&", "*")) \
                and not key.strip().startswith("#"):
            out.append((i, key, value))
    return out


def replace_value(text, rng, new):
    """*text* with one plain value replaced by *new* (or *new* added at the end)."""
    lines = text.split("\n")
    spots = _lines_with_values(text)
    if not spots:
        return text + f"\nextra: {new}\n"
    i, key, _ = rng.choice(spots)
    lines[i] = f"{key}: {new}"
    return "\n".join(lines)


def append_key(text, key, value):
    return text.rstrip("\n") + f"\n{key}: {value}\n"


# -- the classes -------------------------------------------------------------------------------
def aliases(text, rng):
    op = rng.randrange(6)
    if op == 0:
        return replace_value(text, rng, "&r [1, *r]")
    if op == 1:
        return replace_value(text, rng, "&m {a: *m}")
    if op == 2:       # billion laughs, of random width and depth
        width, depth = rng.randint(2, 12), rng.randint(3, 12)
        body = "lol0: &l0 [" + ", ".join(["lol"] * width) + "]\n"
        body += "".join(f"lol{n}: &l{n} [" + ", ".join([f"*l{n - 1}"] * width) + "]\n" for n in range(1, depth))
        return "x_bomb:\n" + "".join("  " + line + "\n" for line in body.splitlines()) + text
    if op == 3:
        return replace_value(text, rng, "*nowhere")
    if op == 4:
        return text.replace(": ", ": &a ", 1).rstrip("\n") + "\n*a : 1\n"
    return replace_value(text, rng, "&s [1, 2]") + "\nshared: [*s, *s, *s]\n"


def depth(text, rng):
    n = rng.choice([rng.randint(20, 40), rng.randint(40, 2000), rng.randint(2000, 200_000)])
    shape = rng.randrange(4)
    if shape == 0:
        nested = "[" * n + "]" * n
    elif shape == 1:
        nested = "{a: " * n + "1" + "}" * n
    elif shape == 2:
        nested = "\n" + "".join("  " * (k + 1) + "- \n" for k in range(min(n, 400)))
    else:
        nested = "- " * n + "1"
    if shape == 3:
        return replace_value(text, rng, "\n  " + nested)
    return replace_value(text, rng, nested)


TAGS = ["!!bool maybe", "!!int 0xZZ", "!!int 0b102", "!!timestamp 2001-99-99", "!!timestamp yesterday",
        "!!float one", "!!float 1e", "!!python/object:os.system ls", "!!python/object/apply:os.system [ls]",
        "!!binary aGVsbG8=", "!!set {a, b}", "!!omap [a: 1]", "!!pairs [a: 1]", "!!null x", "!!str 3",
        "!!merge x", "!foo bar", "!<tag:evil.com,2000:x> y", "!!int " + "9" * 400, "!!float " + "9" * 400,
        "!!int 1:2:3:4:5:6:7", "!!bool", "!!map [1]", "!!seq {a: 1}", "!!int 1_000_000_000_000"]


def tags(text, rng):
    return replace_value(text, rng, rng.choice(TAGS))


def encodings(text, rng):
    """Bytes, not text: the file is written as they are."""
    data = text.encode("utf-8")
    op = rng.randrange(7)
    i = rng.randrange(len(data) + 1)
    if op == 0:
        return data[:i] + bytes([rng.randrange(0x80, 0x100)]) + data[i:]
    if op == 1:
        return data[:i] + b"\x00" + data[i:]
    if op == 2:
        return data[:i] + bytes([rng.choice([1, 7, 8, 11, 12, 27, 31, 127])]) + data[i:]
    if op == 3:
        return text.encode("utf-16")
    if op == 4:
        return text.encode("latin-1", "replace")
    if op == 5:
        return b"\xef\xbb\xbf" + data[:i] + "\u200b\ufeff\u2028\x85".encode("utf-8") + data[i:]
    return bytes(rng.randrange(256) for _ in range(rng.randint(1, 4000)))


def numbers(text, rng):
    new = rng.choice(["1000000000", "10000000", "1001", "99999", "-1", "-99999999", "1.5", "1.0e+308", "1e308",
                      ".inf", "-.inf", ".nan", "0x7fffffffffffffff", "0", "1_000_000", "0o777777",
                      str(10 ** rng.randint(3, 90)), "99999999999999999999999"])
    target = rng.randrange(4)
    if target == 0 and "seeds_per_hole:" in text:
        return text.replace("seeds_per_hole: ", f"seeds_per_hole: {new} #", 1)
    if target == 1 and "columns:" in text:
        return text.replace("columns: ", f"columns: {new} #", 1)
    if target == 2:     # a seed count on a board row
        lines = text.split("\n")
        rows = [k for k, line in enumerate(lines) if line.strip() and all(
            w == "." or w.isdigit() for w in line.split())]
        if rows:
            k = rng.choice(rows)
            words = lines[k].split()
            words[rng.randrange(len(words))] = new.lstrip("-").split(".")[0] or "7"
            lines[k] = lines[k][:len(lines[k]) - len(lines[k].lstrip())] + " ".join(words)
            return "\n".join(lines)
    return replace_value(text, rng, new)


def long_lists(text, rng):
    n = rng.choice([rng.randint(400, 1200), rng.randint(1000, 20_000), rng.randint(20_000, 300_000)])
    op = rng.randrange(5)
    lines = text.split("\n")
    k = next((k for k, line in enumerate(lines) if line.lstrip().startswith("moves:")), None)
    if op == 0 and k is not None:
        item = next((line for line in lines[k + 1:] if line.lstrip().startswith("- ")), "  - {hole: a2, direction: cw}")
        return "\n".join(lines[:k + 1] + [item] * min(n, 200_000) + lines[k + 1:])
    if op == 1:
        return replace_value(text, rng, "[" + ", ".join(["1"] * min(n, 250_000)) + "]")
    if op == 2:
        return text.rstrip("\n") + "\n" + "".join(f"k{j}: {j}\n" for j in range(min(n, 60_000)))
    if op == 3:
        return replace_value(text, rng, "'" + "x" * min(n * 10, 2_000_000) + "'")
    return text.rstrip("\n") + "\n" + ("# padding " + "x" * 100 + "\n") * min(n, 12_000)


def names(text, rng):
    bad = rng.choice(["../../outside/evil", "/etc/passwd", "katro/../katro-6", "Katro-6", "katro-6.yaml", "",
                      "'a\\b'", "x" * 300, "[katro-6]", "{a: 1}", "null", "'..'", "'.'", "'~'"])
    key = "rules" if rng.random() < 0.6 else "extends"
    lines = text.split("\n")
    k = next((k for k, line in enumerate(lines) if line.startswith(f"{key}: ")), None)
    if k is not None:
        lines[k] = f"{key}: {bad}"
        return "\n".join(lines)
    return append_key(text, key, bad)


SPECIAL_FILES = ("fifo", "loop", "dangling", "folder", "device", "socket", "outside-link")


def special_file(path: Path, kind: str, scratch: Path):
    """Put a special file at *path* (which does not exist)."""
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "loop":
        path.symlink_to(path.name)
    elif kind == "dangling":
        path.symlink_to("nowhere-" + path.name)
    elif kind == "folder":
        path.mkdir()
    elif kind == "device":
        path.symlink_to("/dev/zero")
    elif kind == "socket":
        s = socket.socket(socket.AF_UNIX)
        s.bind(str(path))
        s.close()
    else:
        target = scratch / ("outside-" + path.name)
        target.write_text("rules: outside\nexample: outside\nsecret: 1\n", encoding="utf-8")
        path.symlink_to(target)


def text_mutation(text, rng):
    """The fuzz test's original small mutations of the text."""
    lines = text.split("\n")
    op = rng.randrange(6)
    if op == 0 and text:
        i = rng.randrange(len(text))
        return text[:i] + text[i + rng.randint(1, 12):]
    if op == 1:
        i = rng.randrange(len(text) + 1)
        return text[:i] + "".join(rng.choice(":-[]{}#&*!|>'\"\n\t ,.?%@`0123456789az") for _ in range(6)) + text[i:]
    if op == 2 and len(lines) > 1:
        k = rng.randrange(len(lines) - 1)
        lines[k], lines[k + 1] = lines[k + 1], lines[k]
        return "\n".join(lines)
    if op == 3 and lines:
        k = rng.randrange(len(lines))
        lines[k] = rng.choice(["", " ", "   ", "\t"]) + lines[k].lstrip()
        return "\n".join(lines)
    if op == 4:
        return text[:rng.randrange(len(text) + 1)]
    return replace_value(text, rng, rng.choice(["null", "[]", "{}", "''", "true", "~", "a9", "-3", "lap 99 drop 7"]))


CLASSES = {"aliases": aliases, "depth": depth, "tags": tags, "encodings": encodings, "numbers": numbers,
           "long-lists": long_lists, "names": names, "special-files": None, "mutations": text_mutation}


def make_case(rng: random.Random, cls: str | None = None):
    """(class, original file, new content: str, bytes or ('special', kind))."""
    cls = cls or rng.choice(list(CLASSES))
    original = rng.choice(RULES if rng.random() < 0.4 else EXAMPLES)
    if cls == "special-files":
        return cls, original, ("special", rng.choice(SPECIAL_FILES))
    text = original.read_text(encoding="utf-8")
    return cls, original, CLASSES[cls](text, rng)


# -- running a case ----------------------------------------------------------------------------
def make_project(base: Path) -> Path:
    root = base / "project"
    shutil.copytree(ROOT / "rules", root / "rules")
    (root / "sources" / "x").mkdir(parents=True)
    (base / "scratch").mkdir(exist_ok=True)
    return root


def judge(exc) -> str:
    from mancala_diagrams.errors import MancalaError
    if not isinstance(exc, MancalaError) or type(exc).__module__ != "mancala_diagrams.errors":
        return "traceback"
    return "located" if exc.file and exc.line is not None and exc.column is not None else "no-line"


def run_case(root: Path, case) -> tuple[str, str]:
    """Write the case into the project at *root*, load it as ``check`` would,
    put the project back; return (outcome, message)."""
    from mancala_diagrams.errors import MancalaError
    from mancala_diagrams.files.examples import ExampleLoader, replay
    from mancala_diagrams.files.loader import RulesLibrary
    from mancala_diagrams.files.verify import Verifier
    cls, original, content = case
    is_rules = original.parent.name == "rules"
    target = (root / "rules" / original.name) if is_rules else (root / "sources" / "x" / original.name)
    backup = target.read_bytes() if is_rules else None
    if target.exists() or target.is_symlink():
        target.unlink()
    try:
        if isinstance(content, tuple):
            special_file(target, content[1], root.parent / "scratch")
        elif isinstance(content, bytes):
            target.write_bytes(content)
        else:
            target.write_text(content, encoding="utf-8")
        try:
            if is_rules:
                lib = RulesLibrary(root / "rules")
                lib.raw(original.stem)
                for name in lib.names():
                    if original.stem in lib.lineage(name) and not lib.raw(name).get("abstract"):
                        rules = lib.load(name)
                        try:
                            rules.legal_moves(rules.initial_position(), limit=20)
                        except MancalaError:
                            pass        # playing (not loading) may refuse, e.g. a turn cut as endless
                lib.validate(original.stem)
            else:
                example = ExampleLoader(RulesLibrary(root / "rules")).load(target)
                for rep in replay(example):
                    if rep.error is not None:
                        return judge(rep.error), str(rep.error)
                Verifier(root).check_file(target)
            return "accepted", ""
        except MancalaError as exc:
            return judge(exc), str(exc)
        except (Exception, RecursionError) as exc:     # noqa: B902 - judged, not hidden
            return "traceback", f"{type(exc).__name__}: {exc}"[:300]
    finally:
        if target.is_dir() and not target.is_symlink():
            target.rmdir()
        elif target.exists() or target.is_symlink():
            target.unlink()
        if backup is not None:
            target.write_bytes(backup)
