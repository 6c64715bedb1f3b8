"""Hostile rules and example files, one generator per class of bad input, and
the one way every case is run and judged.  Used by the fuzz test (a few
hundred cases, fixed seed, in ``make test``) and by ``make fuzz``
(tests/fuzz_run.py: tens of thousands, each watched for crashes and hangs).

A case is a mutation of one of the project's own files (``rules/*.yaml`` or
``sources/**/*.yaml``) written into a throw-away copy of the project, then
loaded as ``check`` loads it: a rules file with its bases (and its variants),
an example loaded, replayed and verified.  The file-system classes put a
special node where a file or folder goes (a link that loops or leads out, a
pipe, a folder named like a file, a file or folder that cannot be read, a
name with a line break, a deep tree) and run the commands on the project
(``check``, ``verify``, ``replay``, ``rules``, ``explain``); the option
classes run ``explain``, ``draft``, ``solve`` and ``new`` with a hostile value
for one option.  The outcome is one of

``located``    refused with a MancalaError giving the file, line and column (a
               command: every refusal it prints names its file, line and
               column, or the option or argument at fault)
``no-line``    refused with a MancalaError that lacks the line or the column
``accepted``   loaded (and replayed) without an error
``traceback``  any other exception

(``crash``, ``hang`` and ``memory`` are told by the runner; ``generator`` is
a fault of the generators here, not of the project.)
"""
from __future__ import annotations

import contextlib
import ctypes
import io
import json
import os
import random
import re
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
                      str(10 ** rng.randint(3, 90)), "99999999999999999999999", "6_0", "1:30", "010", "0x1F",
                      "1.0e+5", "'²'", "²", "'٣'", "-0", "+7", "1e5"])
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


SPECIAL_FILES = ("fifo", "loop", "loop-pair", "dangling", "folder", "device", "socket", "outside-link",
                 "unreadable", "link-to-folder")


def special_file(path: Path, kind: str, scratch: Path):
    """Put a special file at *path* (which does not exist)."""
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "loop":
        path.symlink_to(path.name)
    elif kind == "loop-pair":
        other = path.with_name(path.stem + "-pair.yaml")
        other.symlink_to(path.name)
        path.symlink_to(other.name)
    elif kind == "unreadable":
        path.write_text("rules: x\nexample: x\n", encoding="utf-8")
        path.chmod(0)
    elif kind == "link-to-folder":
        path.symlink_to(scratch)
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


HOSTILE_WORDS = ["a" + "9" * 5000, "a²", "²", "a١", "A1", "z9", "a0", "a-1", "turn " + "9" * 5000 + " end",
                 "turn ² end", "lap -1 end", "turn 1 lap 99999999999 end", "drop " + "1" * 40, "east", "'x' * 3",
                 "ccw ccw", "\u202e", "'a1\\n'", "null", "[a1]", "{hole: a1}", "'" + "x" * 6000 + "'"]


def anchors_and_holes(text, rng):
    """Hostile anchors, hole names, ids, directions, state keys: digits past
    Python's conversion limit, '²', other scripts' digits, names that are
    almost right."""
    word = rng.choice(HOSTILE_WORDS)
    keys = ["at", "hole", "id", "direction", "last", "from", "to_move", "place", "target", "player"]
    lines = text.split("\n")
    spots = [i for i, line in enumerate(lines) if line.strip().lstrip("- {").split(":")[0] in keys]
    if rng.random() < 0.2 or not spots:
        state = rng.choice(["{'': f2}", "{target.east: f2}", "{target.south: 'f2 x=1'}", "{.: 1}",
                            "{target.south: " + "1" * 5000 + "}", "{a.b.c: 1}", "[1]"])
        return text.replace("start:\n", f"start:\n  state: {state}\n", 1)
    i = rng.choice(spots)
    key = lines[i].split(":")[0]
    lines[i] = f"{key}: {word}" if "{" not in lines[i] else re.sub(r"(hole|at|id|direction): [^,}]+",
                                                                    lambda m: f"{m.group(1)}: {word}", lines[i], 1)
    return "\n".join(lines)


def extends(text, rng):
    """Rules files that extend each other: a long chain, a diamond, a circle
    (written beside the case's file, named after it): a dict name -> text."""
    kind = rng.choice(["chain", "diamond", "circle", "wide"])
    out = {}
    if kind == "chain":     # the top 40 files of a chain of n: MAX_EXTENDS refuses the 17th
        n = rng.choice([rng.randint(10, 20), rng.randint(100, 2000)])
        for i in range(max(0, n - 40), n):
            out[f"h-chain-{i}"] = f"rules: h-chain-{i}\nextends: {'katro-6' if i == 0 else f'h-chain-{i - 1}'}\n"
        top = f"h-chain-{n - 1}"
    elif kind == "diamond":
        levels = rng.randint(5, 30)
        for level in range(levels):
            for side in "ab":
                below = "katro-6" if level == 0 else f"[h-d{level - 1}-a, h-d{level - 1}-b]"
                out[f"h-d{level}-{side}"] = f"rules: h-d{level}-{side}\nextends: {below}\n"
        top = f"h-d{levels - 1}-a"
    elif kind == "circle":
        n = rng.randint(1, 5)
        for i in range(n):
            out[f"h-c{i}"] = f"rules: h-c{i}\nextends: [katro-6, h-c{(i + 1) % n}]\n"
        top = "h-c0"
    else:       # each base a file read: 1,000 take about 1.5 s a command, the cost of reading them
        n = rng.randint(2, 300)
        for i in range(n):
            out[f"h-w{i}"] = f"rules: h-w{i}\nextends: katro\nabstract: true\n"
        out["h-wide"] = "rules: h-wide\nextends: [katro-6, " + ", ".join(f"h-w{i}" for i in range(n)) + "]\n"
        top = "h-wide"
    return {"files": out, "top": top}


LINES_BASE = "sources/katro/katro-lap-ends-in-empty-hole.yaml"
ENDLESS = "sources/mraha-wa-ntso/mraha-wa-ntso-endless-turn.yaml"


def lines(text, rng):
    """An example of many lines (each a branch of the one before, or of the
    first), each playing a turn: what one file may cost.  Half of them play a
    turn that never ends, which records thousands of events before its loop is
    found: their lines together go past MAX_EVENTS."""
    endless = rng.random() < 0.5
    base = (ROOT / (ENDLESS if endless else LINES_BASE)).read_text(encoding="utf-8")
    head = base.split("\nmoves:", 1)[0] + "\n"
    board = base.split("diagrams:", 1)[1].split("board: |\n", 1)[1].split("\n")
    board = "\n".join("          " + row.strip() for row in board[:4])
    move = "{hole: d3, direction: clockwise, endless: true}" if endless else "{hole: a1, direction: clockwise}"
    n = rng.choice([rng.randint(2, 20), rng.randint(100, 500)])
    chain = rng.random() < 0.5 and not endless
    body = ["lines:"]
    for i in range(n):
        parent = "" if i == 0 else (f"    after: l{i - 1}\n" if chain else "    from: {line: l0, turn: 0}\n")
        moves = f"[{move}]" if (i == 0 or not chain) else "[]"
        body.append(f"  l{i}:\n{parent}    moves: {moves}\n    diagrams:\n      - id: x-{i + 1}\n        at: start\n"
                    f"        board: |\n{board}")
    return ROOT / (ENDLESS if endless else LINES_BASE), head + "\n".join(body) + "\n"


#: the classes whose case is one file's new text (or bytes), for tests that read it as YAML
TEXT_CLASSES = ("aliases", "depth", "tags", "encodings", "numbers", "long-lists", "names", "mutations",
                "anchors-and-holes", "lines")
CLASSES = {"aliases": aliases, "depth": depth, "tags": tags, "encodings": encodings, "numbers": numbers,
           "long-lists": long_lists, "names": names, "special-files": None, "mutations": text_mutation,
           "anchors-and-holes": anchors_and_holes, "extends": extends, "lines": lines,
           "file-system": None, "options": None}


# -- the file system and the options: whole commands ---------------------------------------------
FS_KINDS = SPECIAL_FILES + ("newline-name", "folder-link-out", "folder-loop", "unreadable-folder", "deep-folders",
                            "rules-folder-in-sources")
NUMBERS = ["-1", "0", "1", "2", "x", "²", "٣", "1e5", "1.5", "6_0", "0x10", "", " ", "9" * 30, "9" * 5000, "nan",
           "inf", "-0", "+3", "1 2", "--", "-inf"]
SECONDS = NUMBERS + ["0.1", ".2", "1e-3", "1e309", "0.0"]
BOARDS = ["", "x", "²", "9" * 30, "1000/1/1/1", "1001 1/1 1", ". . . ./1 . . ./. . . 1/2 1 1 1", "/", "//////",
          "1 2/3", "-1 2/3 4", "1,2/3,4", "/".join([" ".join(["1000"] * 6)] * 4), "1 " * 20000,
          "2 . 5 . 4 ./4 1 . . 4 2/2 3 . 2 2 ./3 2 4 2 3 3"]
POSITIONS = ["", "x", "1,1/1,1 south", "2,1,1,1,1,1/1,1,1,1,1,1/1,1,1,1,1,1/1,1,1,1,1,1 east",
             "1,-1,1,1,1,1/1,1,1,1,1,1/1,1,1,1,1,1/1,1,1,1,1,1 south",
             "9" * 5000 + ",1,1,1,1,1/1,1,1,1,1,1/1,1,1,1,1,1/1,1,1,1,1,1 south",
             "2,1,1,1,1,1/1,1,1,1,1,1/1,1,1,1,1,1/1,1,1,1,1,1 south hand=99@z9:cw",
             "2,1,1,1,1,1/1,1,1,1,1,1/1,1,1,1,1,1/1,1,1,1,1,1 south reserve=1:x", "a,b south",
             "2,.,5,.,4,./4,1,.,.,4,2/2,3,.,2,2,./3,2,4,2,3,3 south"]
NAMES = ["katro-6", "../x", "", "x" * 200, "Katro-6", "katro-6\n", "nonexistent", "katro", "katra-be",
         "a/b", "."]
IDS = ["katro-07", "katro-99", "", "x" * 5000, "../../etc/passwd", "katro-²", "katro-06\n", "k"]
MOVES = ["a1 cw", "z9 cw", "a1 up", "", ";;;", "a" + "9" * 5000 + " cw", "a1 cw, tsibongy left", "a2 ccw; b2 cw",
         "a1", "a1 cw " * 600]
SETTINGS = ["tsibongy.zone=-1", "tsibongy.zone=1e308", "x=1", "board.columns=1000", "=", "capture=null",
            "start.seeds_per_hole=6_0", "tsibongy.zone=[1]", "goal.win=x", "start.seeds_per_hole=" + "9" * 5000]
DIRS = ["fifo", "file", "loop", "newline", "deep", "dev-null", "missing/deeper", "link-out"]

OPTIONS = {
    "explain": {"diagram": IDS, "--board": BOARDS, "--position": POSITIONS, "--turns": NUMBERS,
                "--laps": NUMBERS, "--positions": NUMBERS, "--seconds": SECONDS, "--memory": NUMBERS,
                "--closest": NUMBERS, "--rules": NAMES, "--to-move": ["east", "", "south", "north"]},
    "draft": {"page": ["katro", "../x", "", "nonexistent", "katro\n", "x" * 200], "--turns": NUMBERS,
              "--positions": NUMBERS, "--seconds": SECONDS, "--memory": NUMBERS, "--rules": NAMES, "--dir": DIRS},
    "solve": {"--columns": NUMBERS + ["3", "8", "9"], "--special": ["a1", "²", "zz99", "a" + "9" * 5000, "", "A1", "b2"],
              "--direction": ["clockwise", "east", "", "counterclockwise"], "--max-states": NUMBERS,
              "--time-budget": SECONDS, "--memory": NUMBERS},
    "new example": {"name": NAMES + ["x-new"], "--rules": NAMES, "--turns": NUMBERS, "--board": BOARDS,
                    "--reserve": ["3", "3,2", "-1", "²", "1,2,3", "9" * 5000, "x", ""], "--dir": DIRS,
                    "--moves": MOVES, "--page": NAMES, "--to-move": ["east", "south"], "--describes": NAMES},
    "new variant": {"name": NAMES + ["x-new"], "--from": NAMES, "--set": SETTINGS, "--columns": NUMBERS,
                    "--title-in": ["", "fr=", "=x", "xx=Katro", "fr=" + "x" * 5000, "fr=é\u202e", "fr"]},
}
# what each command is given besides the option under test: small bounds, so that a
# valid value runs in well under a second, and the scratch folder to write in
DEFAULTS = {
    "explain": {"diagram": "katro-07", "--seconds": "0.3", "--memory": "32", "--positions": "3000"},
    "draft": {"page": "katro", "--rules": "katro-6", "--seconds": "0.1", "--positions": "300", "--memory": "16",
              "--turns": "1", "--dir": "SCRATCH/drafts", "--force": None},
    "solve": {"--columns": "3", "--max-states": "3000", "--time-budget": "0.5", "--memory": "64"},
    "new example": {"name": "x-new", "--rules": "katro-6", "--dir": "SCRATCH/new", "--force": None},
    "new variant": {"name": "x-new", "--from": "katro-6", "--force": None},
}


def option_case(rng):
    command = rng.choice(list(OPTIONS))
    option = rng.choice(list(OPTIONS[command]))
    value = rng.choice(OPTIONS[command][option])
    args = dict(DEFAULTS[command])
    if option in ("--board", "--position") and command == "explain":
        args["--rules"] = rng.choice(["katro-6", "katro-6", "katro-4"])
    args[option] = value
    if option == "--position":
        args.pop("--board", None)
    return {"command": command, "option": option, "value": value, "args": args}


def make_case(rng: random.Random, cls: str | None = None):
    """(class, original file, new content: str, bytes, ('special', kind), a
    dict of rules files (extends), ('fs', kind) or an option case)."""
    cls = cls or rng.choice(list(CLASSES))
    if cls == "options":
        return cls, None, option_case(rng)
    if cls == "lines":
        return (cls, *lines("", rng))
    original = rng.choice(RULES if rng.random() < 0.4 else EXAMPLES)
    if cls == "special-files":
        return cls, original, ("special", rng.choice(SPECIAL_FILES))
    if cls == "file-system":
        return cls, original, ("fs", rng.choice(FS_KINDS))
    if cls == "extends":
        return cls, ROOT / "rules" / "katro-6.yaml", extends("", rng)
    text = original.read_text(encoding="utf-8")
    return cls, original, CLASSES[cls](text, rng)


# -- running a case ----------------------------------------------------------------------------------
def make_project(base: Path) -> Path:
    """A copy of the project's rules in *base*/project, with one example in
    sources/fixed (that explain finds) and a transcription of its diagrams as
    the only published page (*base*/published), and a scratch folder beside."""
    root = base / "project"
    shutil.copytree(ROOT / "rules", root / "rules")
    (root / "sources" / "x").mkdir(parents=True)
    (root / "sources" / "fixed").mkdir()
    fixed = ROOT / LINES_BASE
    shutil.copy(fixed, root / "sources" / "fixed" / fixed.name)
    from mancala_diagrams.files.yamlio import load_yaml
    from mancala_diagrams.files.loader import parse_board_rows
    data = load_yaml(fixed.read_text(encoding="utf-8"))
    blocks = [{"kind": "diagram", "id": d["id"], "rows": parse_board_rows(d["board"])} for d in data["diagrams"]]
    (base / "published").mkdir(exist_ok=True)
    (base / "published" / "katro.json").write_text(json.dumps({"game": "katro", "blocks": blocks}), encoding="utf-8")
    (base / "scratch").mkdir(exist_ok=True)
    return root


def drop_file_capabilities():
    """Give up the capabilities that let root read any file (CAP_DAC_OVERRIDE,
    CAP_DAC_READ_SEARCH) from the bounding set: called in a child before it
    runs Python (``preexec_fn``), so that a mode of 000 refuses it as it
    refuses anyone else.  Does nothing for another user."""
    if os.geteuid() != 0:
        return
    libc = ctypes.CDLL(None, use_errno=True)
    for capability in (1, 2):
        if libc.prctl(24, capability, 0, 0, 0) != 0:        # PR_CAPBSET_DROP
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")


def judge(exc) -> str:
    from mancala_diagrams.errors import MancalaError
    if not isinstance(exc, MancalaError) or type(exc).__module__ != "mancala_diagrams.errors":
        return "traceback"
    return "located" if exc.file and exc.line is not None and exc.column is not None else "no-line"


_LOCATION = re.compile(r"\S:\d+:\d+: ")


def judge_rows(rows) -> tuple[str, str] | None:
    """An error row of the verifier whose reason names no file, line and column."""
    for r in rows:
        if r["status"] == "error" and not _LOCATION.search(r.get("reason") or ""):
            return "no-line", f"an error row without a location: {r.get('reason')!r}"[:300]
    return None


def run_case(root: Path, case) -> tuple[str, str]:
    """Write the case into the project at *root*, load it as ``check`` would
    (or run the commands on it), put the project back; return (outcome, message)."""
    cls, original, content = case
    if cls == "options":
        return run_option_case(root, content)
    if isinstance(content, tuple) and content[0] == "fs":
        return run_fs_case(root, original, content[1])
    if isinstance(content, dict):
        return run_extends_case(root, content)
    return run_file_case(root, case)


def run_file_case(root: Path, case) -> tuple[str, str]:
    from mancala_diagrams.errors import MancalaError
    from mancala_diagrams.files.examples import ExampleLoader, replay
    from mancala_diagrams.files.loader import RulesLibrary
    from mancala_diagrams.files.verify import Verifier
    cls, original, content = case
    is_rules = original.parent.name == "rules"
    target = (root / "rules" / original.name) if is_rules else (root / "sources" / "x" / original.name)
    backup = target.read_bytes() if is_rules else None
    _remove(target)
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
                bad = judge_rows(Verifier(root).check_file(target))
                if bad:
                    return bad
            return "accepted", ""
        except MancalaError as exc:
            return judge(exc), str(exc)
        except (Exception, RecursionError) as exc:     # noqa: B902 - judged, not hidden
            return "traceback", f"{type(exc).__name__}: {exc}"[:300]
    finally:
        _remove(target)
        _remove(target.with_name(target.stem + "-pair.yaml"))     # a loop's other link (a glob of its exact
                                                                 # name skips a link that leads nowhere)
        if backup is not None:
            target.write_bytes(backup)


def _remove(path: Path):
    """Remove a file, link, pipe, socket or folder tree at *path* (any depth:
    no recursion), whatever its mode."""
    if not (path.exists() or path.is_symlink()):
        return
    if path.is_symlink() or not path.is_dir():
        path.unlink()
        return
    stack = [path]
    while stack:
        here = stack[-1]
        here.chmod(0o755)
        inner = [p for p in here.iterdir() if p.is_dir() and not p.is_symlink()]
        if inner:
            stack.extend(inner)
            continue
        for p in here.iterdir():
            p.unlink()
        here.rmdir()
        stack.pop()


@contextlib.contextmanager
def _in_project(root: Path):
    """Run a command as if from the project's folder, with the fixed page as
    the published transcriptions."""
    cwd, env = os.getcwd(), os.environ.get("MANCALA_PUBLISHED")
    os.chdir(root)
    os.environ["MANCALA_PUBLISHED"] = str(root.parent / "published")
    try:
        yield
    finally:
        os.chdir(cwd)
        if env is None:
            os.environ.pop("MANCALA_PUBLISHED", None)
        else:
            os.environ["MANCALA_PUBLISHED"] = env


def run_command(argv, subject=None, option=None) -> tuple[str, str]:
    """Run the command in this process (as from the project's folder): (outcome,
    message).  A refusal is what it prints on its standard error, or as the
    reason of an ``error`` row (check, verify); it is located when it names a
    file, line and column, or is a usage error naming the argument, or names
    the *option* at fault or quotes its value (*subject*) or a word of it."""
    from mancala_diagrams.cli.main import main
    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                main(list(argv))
            except SystemExit:
                pass                # argparse's usage error (its message is on err)
    except (Exception, RecursionError) as exc:     # noqa: B902 - judged, not hidden
        return "traceback", f"{' '.join(map(str, argv))[:80]}: {type(exc).__name__}: {exc}"[:300]
    refusals = [line for line in err.getvalue().splitlines() if line.startswith("mancala-diagrams")]
    lines = out.getvalue().splitlines()
    refusals += [lines[i + 1].strip() for i, line in enumerate(lines[:-1]) if line[23:33].strip() == "error"]
    words = set(str(subject).split()) if subject is not None else set()
    for refusal in refusals:
        quoted = set(re.findall(r"'([^']+)'", refusal))
        if not (_LOCATION.search(refusal) or ": error: " in refusal       # argparse's: it names the argument
                or (option and f"{option}" in refusal)
                or (subject is not None and (str(subject)[:30] in refusal          # as given, or quoted
                                             or repr(str(subject))[1:-1][:30] in refusal))
                or any(q.rstrip("…") and (q.rstrip("…") in str(subject) or q in words) for q in quoted)):
            return "no-line", f"{' '.join(map(str, argv))[:80]}: {refusal}"[:300]
    return ("located" if refusals else "accepted"), (refusals[0][:300] if refusals else "")


def _commands(target: Path, is_rules: bool) -> list:
    rel = str(target.relative_to(target.parents[2 if not is_rules else 1]))
    if is_rules:
        return [["check", rel], ["rules", target.stem], ["rules"], ["check", "sources/fixed"]]
    return [["check", rel], ["verify"], ["replay", rel], ["explain", "katro-07"], ["check", "sources"]]


def run_fs_case(root: Path, original: Path, kind: str) -> tuple[str, str]:
    """A special node where a file or a folder goes, and every command on the project."""
    is_rules = original.parent.name == "rules"
    scratch = root.parent / "scratch"
    folder = root / ("rules" if is_rules else "sources/x")
    target = folder / original.name
    backup = target.read_bytes() if is_rules else None
    made = []
    try:
        _remove(target)
        if kind in SPECIAL_FILES:
            special_file(target, kind, scratch)
            made.append(target)
        elif kind == "newline-name":
            target = folder / (original.name + "\n")
            shutil.copy(original, target)
            made.append(target)
        else:
            if backup is not None:
                target.write_bytes(backup)
            node = root / "sources" / "x" / "node"
            made.append(node)
            if kind == "folder-link-out":
                (scratch / "out").mkdir(exist_ok=True)
                shutil.copy(original, scratch / "out" / original.name)
                node.symlink_to(scratch / "out")
            elif kind == "folder-loop":
                node.symlink_to("..")
            elif kind == "unreadable-folder":
                node.mkdir()
                shutil.copy(ROOT / LINES_BASE, node / "ex.yaml")
                node.chmod(0)
            elif kind == "deep-folders":
                here = node
                for _ in range(300):
                    here.mkdir()
                    here = here / "d"
                here.mkdir()
                shutil.copy(ROOT / LINES_BASE, here / (ROOT / LINES_BASE).name)
            else:       # a folder named rules inside sources/
                (node / "rules").mkdir(parents=True)
                shutil.copy(ROOT / LINES_BASE, node / "rules" / (ROOT / LINES_BASE).name)
        refused = None
        with _in_project(root):
            for argv in _commands(target, is_rules):
                outcome = run_command(argv, subject=argv[-1])
                if outcome[0] not in ("located", "accepted"):
                    return outcome
                refused = refused or (outcome if outcome[0] == "located" else None)
        return refused or ("accepted", "")
    finally:
        for path in made:
            _remove(path)
        for pair in folder.glob("*-pair.yaml"):
            _remove(pair)
        if backup is not None and not target.exists():
            (folder / original.name).write_bytes(backup)


def run_extends_case(root: Path, content) -> tuple[str, str]:
    """Rules files that extend each other, checked and listed."""
    written = []
    try:
        for name, text in content["files"].items():
            path = root / "rules" / f"{name}.yaml"
            path.write_text(text, encoding="utf-8")
            written.append(path)
        refused = None
        with _in_project(root):
            for argv in (["check", f"rules/{content['top']}.yaml"], ["rules", content["top"]]):
                outcome = run_command(argv, subject=content["top"])
                if outcome[0] not in ("located", "accepted"):
                    return outcome
                refused = refused or (outcome if outcome[0] == "located" else None)
        return refused or ("accepted", "")
    finally:
        for path in written:
            _remove(path)


def _scratch_path(scratch: Path, kind: str) -> str:
    """A hostile folder for --dir, made in *scratch*."""
    path = scratch / f"dir-{kind}"
    _remove(path)
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "file":
        path.write_text("x")
    elif kind == "loop":
        path.symlink_to(path.name)
    elif kind == "newline":
        path = scratch / "dir\nnew"
    elif kind == "deep":
        path = scratch.joinpath(*["d"] * 300)
    elif kind == "dev-null":
        return "/dev/null"
    elif kind == "link-out":
        path.symlink_to("/proc")
    elif kind == "missing/deeper":
        path = scratch / "missing" / "deeper"
    return str(path)


def run_option_case(root: Path, case) -> tuple[str, str]:
    """One command with a hostile value for one option; the project's rules
    are put back after (``new variant`` writes there)."""
    scratch = root.parent / "scratch"
    command = case["command"].split()
    argv = list(command)
    subject = case["value"]
    for option, value in case["args"].items():
        value = value.replace("SCRATCH", str(scratch)) if isinstance(value, str) else value
        if option == "--dir" and value in DIRS:
            value = _scratch_path(scratch, value)
            subject = value if option == case["option"] else subject
        if option in ("diagram", "page", "name"):
            argv.append(value)
        elif value is None:
            argv.append(option)
        else:
            argv.append(f"{option}={value}")
    if case["command"] == "solve":
        argv = ["solve"] + argv[1:]
    rules = {p.name: p.read_bytes() for p in (root / "rules").glob("*.yaml")}
    try:
        with _in_project(root):
            return run_command(argv, subject=subject, option=case["option"] if case["option"].startswith("-")
                               else None)
    finally:
        for path in (root / "rules").iterdir():
            if path.name not in rules:
                _remove(path)
        for name, data in rules.items():
            if (root / "rules" / name).read_bytes() != data:
                (root / "rules" / name).write_bytes(data)
        for path in scratch.iterdir():
            _remove(path)
