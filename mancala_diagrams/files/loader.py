"""Reading rules files (``rules/*.yaml``) into :class:`~.rules.Rules`.

A rules file may ``extends:`` one or more other rules files (by name); the
mappings are merged in order, the file's own keys last.  Under ``mechanics``
the merge goes one level deeper (a block's parameters are merged), and a block
set to ``null`` is removed.  Errors carry the file, line and column.
"""
from __future__ import annotations

import os
import re
from pathlib import Path

from ..errors import MancalaError, RulesError
from .formats import BOARD_KEYS, RULES_KEYS, RULES_START_KEYS as START_KEYS
from ..engine.geometry import NORTH, SOUTH, Geometry
from ..engine.mechanics import BLOCKS
from ..errors import closest_hint
from ..engine.rules import Rules
from .schema import describe_value
from .schema_fast import validate
from .yamlio import LocDict, load_yaml_file
from .project import is_name, project_file
from ..limits import (MAX_COLUMNS, MAX_EXTENDS, MAX_NAME_CHARS, MAX_ROWS_PER_PLAYER, MAX_SEEDS,
                      MAX_SEEDS_PER_HOLE)

_DIGITS = re.compile(r"[0-9]+\Z")

def _require_mapping(value, what, file, loc):
    if not isinstance(value, dict):
        raise RulesError(f"{what} must be a mapping, but the file gives {describe_value(value)}", file=file,
                         line=loc[0], column=loc[1])


def _check_keys(mapping: LocDict, allowed, what, file):
    for key in mapping:
        if key not in allowed:
            line, col = mapping.key_loc(key)
            raise RulesError(f"unknown key {key!r} in {what}", file=file, line=line, column=col,
                             expected=", ".join(allowed), hint=closest_hint(key, allowed))


def whole_number(value, what, file, loc, minimum=0, maximum=None, limit_name=None, error=MancalaError):
    """*value* if it is a whole number from *minimum* to *maximum* (a float such
    as 1e308, a boolean or a text is not), else a located error; *limit_name*:
    the name in :mod:`mancala_diagrams.limits` of the bound, if it is one."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise error(f"{what}: found {describe_value(value)}", file=file, line=loc[0], column=loc[1],
                    expected="a whole number" + (f" from {minimum} to {maximum:,}" if maximum is not None else
                                                 f" of at least {minimum}"))
    if value < minimum:
        raise error(f"{what} must be {minimum} or more, not {value}", file=file, line=loc[0], column=loc[1])
    if maximum is not None and value > maximum:
        shown = f"{value:,}" if value < 10 ** 30 else f"a number of {len(str(value))} digits"
        raise error(f"{what}: {shown} is more than {maximum:,}", file=file, line=loc[0], column=loc[1],
                    expected=f"at most {maximum:,}" + (f", the limit {limit_name}" if limit_name else ""))
    return value


def check_seed_total(position, what, file, loc, error=MancalaError):
    """Refuse a position with more than MAX_SEEDS seeds (holes, reserves, hand)."""
    total = position.seeds
    if total > MAX_SEEDS:
        raise error(f"{what} holds {total:,} seeds, more than {MAX_SEEDS:,}", file=file, line=loc[0],
                    column=loc[1], expected=f"at most {MAX_SEEDS:,} seeds in all, the limit MAX_SEEDS")


#: what a picture (a diagram that holds no position) may draw in a hole besides a number
PICTURE_SYMBOLS = ("→", "←", "↑", "↓", "?")


def parse_board_rows(text, file=None, loc=(None, None), what="board", symbols=False):
    """Rows from a YAML board: a block string (one row per line, '.' for an
    empty hole) or a list of lists (None or 0 for an empty hole).  With
    *symbols* (a picture), a hole may also hold an arrow or a question mark."""
    rows = []
    if isinstance(text, str):
        for i, line in enumerate(l for l in text.strip("\n").splitlines() if l.strip()):
            row = []
            for cell in line.split():
                if cell in (".", "-"):
                    row.append(None)
                elif _DIGITS.match(cell):
                    if len(cell) > 9 or int(cell) > MAX_SEEDS_PER_HOLE:
                        raise MancalaError(f"{what}: {cell} seeds in one hole is more than {MAX_SEEDS_PER_HOLE:,}",
                                           file=file, line=(loc[0] + 1 + i) if loc[0] else None,
                                           column=loc[1] if loc[0] else None,
                                           expected=f"at most {MAX_SEEDS_PER_HOLE:,}, the limit MAX_SEEDS_PER_HOLE")
                    row.append(int(cell))
                elif symbols and cell in PICTURE_SYMBOLS:
                    row.append(cell)
                else:
                    raise MancalaError(f"{what}: {cell!r} is not a seed count", file=file,
                                       line=(loc[0] + 1 + i) if loc[0] else None, column=loc[1],
                                       expected="a whole number, or '.' for an empty hole")
            rows.append(row)
    elif isinstance(text, list):
        for i, r in enumerate(text):
            where = text.loc(i) if hasattr(text, "loc") else loc
            if not isinstance(r, list) or not all(v is None or (isinstance(v, int) and not isinstance(v, bool)
                                                                and v >= 0) for v in r):
                raise MancalaError(f"{what}: each row must be a list of seed counts", file=file,
                                   line=where[0], column=where[1])
            for j, v in enumerate(r):
                if v is not None:
                    whole_number(v, f"{what}: seeds in one hole", file, r.loc(j) if hasattr(r, "loc") else where,
                                 0, MAX_SEEDS_PER_HOLE, "MAX_SEEDS_PER_HOLE")
            rows.append(list(r))
    else:
        raise MancalaError(f"{what} must be a block of rows", file=file, line=loc[0], column=loc[1],
                           expected="one row per line, '.' for an empty hole")
    if not rows:
        raise MancalaError(f"{what}: no rows", file=file, line=loc[0], column=loc[1],
                           expected="one row per line, '.' for an empty hole")
    if any(len(r) != len(rows[0]) for r in rows):
        raise MancalaError(f"{what}: all rows must have the same number of holes", file=file,
                           line=loc[0], column=loc[1])
    return rows


class RulesLibrary:
    """The rules files of a directory, loaded on demand and cached by name."""

    def __init__(self, directory, allow_todo: bool = False):
        self.directory = Path(directory)
        self.allow_todo = allow_todo    # only the scaffolds read back what they wrote with its TODOs
        self._raw: dict[str, LocDict] = {}
        self._rules: dict[str, Rules] = {}
        self._validated: set = set()
        self._paths: dict = {}      # name -> path (asked for at every merge and message)
        self._lineages: dict = {}   # name -> its lineage, walked once

    def names(self):
        return sorted(p.stem for p in self.directory.glob("*.yaml"))

    def path(self, name) -> Path:
        if not isinstance(name, str):
            return self.directory / f"{name}.yaml"
        path = self._paths.get(name)
        if path is None:
            path = self._paths[name] = self.directory / f"{name}.yaml"
        return path

    def raw(self, name, file=None, loc=(None, None)) -> LocDict:
        if not isinstance(name, str) or name not in self._raw:
            if not is_name(name):       # before the name becomes part of a path
                raise RulesError(f"{name!r} is not a rules name", file=file, line=loc[0], column=loc[1],
                                 expected=f"lower-case letters, digits and '-' (at most {MAX_NAME_CHARS}), "
                                          "the name of a file of rules/ without .yaml",
                                 hint=closest_hint(name, self.names()))
            path = self.path(name)
            if not os.path.lexists(path):
                raise RulesError(f"no rules called {name!r}", file=file, line=loc[0], column=loc[1],
                                 expected=f"a file in {self.directory}", hint=closest_hint(name, self.names()))
            project_file(path, self.directory)    # a loop, a link out, a pipe, a folder ... is named here
            data = load_yaml_file(path, allow_todo=self.allow_todo, within=self.directory)
            _require_mapping(data, "a rules file", str(path), (1, 1))
            _check_keys(data, RULES_KEYS, "a rules file", str(path))
            if data.get("rules") != name:
                line, col = data.loc("rules")
                raise RulesError(f"the file says rules: {data.get('rules')!r}", file=str(path), line=line,
                                 column=col, expected=f"rules: {name} (the file name)")
            _check_numbers(data, str(path))
            self._raw[name] = data
        return self._raw[name]

    def _bases(self, name):
        """The names *name* extends, each read (and checked) once."""
        data = self.raw(name)
        file = str(self.path(name))
        bases = data.get("extends", [])
        if isinstance(bases, str):
            bases = [bases]
        if not isinstance(bases, list) or not all(isinstance(b, str) for b in bases):
            line, col = data.loc("extends")
            raise RulesError("extends must be a rules name or a list of names", file=file, line=line, column=col)
        for i, base in enumerate(bases):
            ext = data["extends"]
            line, col = ext.loc(i) if isinstance(ext, list) else data.loc("extends")
            self.raw(base, file, (line, col))
        return bases

    def lineage(self, name) -> list:
        """*name*'s ancestors and itself, each once, every base before the files
        that extend it (so a shared base is merged once, first).  Walked once
        per file with an explicit stack and kept (a "diamond" of bases, each
        file extending two others, has a handful of files but millions of paths
        from top to bottom), a chain of more than MAX_EXTENDS files refused."""
        known = self._lineages.get(name)
        if known is not None:
            return known
        chain = [name]                              # the files being walked, each extending the next
        pending = [iter(self._bases(name))]
        while pending:
            base = next(pending[-1], None)
            if base is None:                        # every base of chain[-1] walked: its lineage
                done = chain.pop()
                pending.pop()
                order = {}
                for b in self._bases(done):
                    order.update(dict.fromkeys(self._lineages[b]))
                order[done] = None
                self._lineages[done] = list(order)
                continue
            if base in self._lineages:
                continue
            if base in chain:
                line, col = self._extends_loc(chain[-1], base)
                circle = chain[chain.index(base):] + [base]
                raise RulesError("rules extend each other in a circle: " + " -> ".join(circle),
                                 file=str(self.path(chain[-1])), line=line, column=col)
            if len(chain) >= MAX_EXTENDS:
                line, col = self._extends_loc(chain[-1], base)
                raise RulesError(f"more than {MAX_EXTENDS} rules files extend one another in a chain: "
                                 + " -> ".join(chain[:2] + ["..."] + chain[-2:] + [base]),
                                 file=str(self.path(chain[-1])), line=line, column=col,
                                 expected=f"at most {MAX_EXTENDS} files from a variant to its first base, "
                                          "the limit MAX_EXTENDS")
            chain.append(base)
            pending.append(iter(self._bases(base)))
        return self._lineages[name]

    def _extends_loc(self, name, base):
        """Where *name*'s file names *base* in its extends."""
        data = self.raw(name)
        ext = data.get("extends")
        if isinstance(ext, list) and base in ext:
            return ext.loc(ext.index(base))
        return data.loc("extends")

    def merged(self, name) -> tuple[dict, dict]:
        """The merged mapping of *name* and, for each merged key, where it came from."""
        merged, origin = {}, {}
        for n in self.lineage(name):
            data = self.raw(n)
            file = str(self.path(n))
            own = {k: v for k, v in data.items() if k not in ("extends", "abstract", "rules")}
            _merge(merged, origin, own, {k: (file, data) for k in own})
            for block in (data.get("mechanics") or {}):
                origin[("mechanics", block)] = (file, data["mechanics"])
        merged["mechanics"] = {k: v for k, v in merged.get("mechanics", {}).items() if v is not None}
        return merged, origin

    def load(self, name, file=None, loc=(None, None)) -> Rules:
        if isinstance(name, str) and name in self._rules:
            return self._rules[name]
        data = self.raw(name, file, loc)
        path = str(self.path(name))
        if data.get("abstract"):
            raise RulesError(f"rules {name!r} are a base for variants and cannot be played", file=file,
                             line=loc[0], column=loc[1], hint="name one of the variants that extend it")
        try:
            merged, origin = self.merged(name)
            rules = build_rules(name, merged, origin, path)
        except MancalaError:
            raise
        except Exception:
            self.validate(name)         # explain the value the checks did not expect
            raise
        self.validate(name)
        self._rules[name] = rules
        return rules

    def check(self, name) -> Rules | None:
        """Everything a rules file can be checked for: a base for variants
        (abstract) its keys and blocks, then None; other rules loaded, and
        returned.  Raises a located error."""
        data = self.raw(name)
        self.lineage(name)
        if data.get("abstract"):
            self.validate(name)
            return None
        return self.load(name)

    def validate(self, name):
        """Check *name* and its bases against the JSON Schema (after the more
        precise hand-written checks, for what they do not look at)."""
        for n in self.lineage(name):
            if n not in self._validated:
                validate(self.raw(n), "rules", str(self.path(n)), RulesError)
                self._validated.add(n)


def _check_numbers(data, file):
    """Every number of one rules file, checked for its kind and range as the
    file is read: a base that leaves the columns to its variants (abstract)
    is checked as a variant is, whichever file a command plays.  Refused: a
    float (``1.0e+5`` seeds), a boolean, a text, a negative count, a value past
    its limit."""
    board = data.get("board")
    if isinstance(board, dict):
        for key, low, high, limit in (("columns", 1, MAX_COLUMNS, "MAX_COLUMNS"),
                                      ("rows_per_player", 1, MAX_ROWS_PER_PLAYER, "MAX_ROWS_PER_PLAYER")):
            if key in board:
                whole_number(board[key], f"board: {key}", file, board.loc(key), low, high, limit, RulesError)
        players = board.get("players", 2)
        if players not in (1, 2) or isinstance(players, bool):
            line, col = board.loc("players")
            raise RulesError(f"board: players must be 1 (one player's rows) or 2, not {players!r}",
                             file=file, line=line, column=col)
    start = data.get("start")
    if isinstance(start, dict):
        if "seeds_per_hole" in start:
            whole_number(start["seeds_per_hole"], "start: seeds_per_hole", file, start.loc("seeds_per_hole"), 0,
                         MAX_SEEDS_PER_HOLE, "MAX_SEEDS_PER_HOLE", RulesError)
        if "reserve" in start:
            whole_number(start["reserve"], "start: reserve", file, start.loc("reserve"), 0, MAX_SEEDS, "MAX_SEEDS",
                         RulesError)
        if "board" in start:
            parse_board_rows(start["board"], file, start.loc("board"), "start board")
    mechanics = data.get("mechanics")
    for block, params in (mechanics.items() if isinstance(mechanics, dict) else ()):
        cls = BLOCKS.get(block)
        for key, value in (params.items() if cls is not None and isinstance(params, dict) else ()):
            spec = cls.params.get(key)
            if spec is not None and spec.choices is None and spec.kind is int:
                # a count or a column: its upper bound is the block's to check, against the board
                whole_number(value, f"block {block!r}: {key}", file, params.loc(key), 0, error=RulesError)


def _merge(into, origin, new, new_origin):
    for k, v in new.items():
        if k == "mechanics" and isinstance(v, dict):
            mech = dict(into.get("mechanics", {}))
            for block, params in v.items():
                if params is None or block not in mech or mech[block] is None:
                    mech[block] = None if params is None else dict(params)
                else:
                    mech[block] = {**mech[block], **dict(params)}
            into["mechanics"] = mech
        elif k in ("board", "start") and isinstance(v, dict) and isinstance(into.get(k), dict):
            into[k] = {**into[k], **v}
        else:
            into[k] = v
        if k in new_origin:
            origin[k] = new_origin[k]


def _where(origin, key, sub=None):
    file, mapping = origin.get(key, (None, None))
    if mapping is None:
        return file, None, None
    if sub is not None and isinstance(mapping.get(key), dict) and hasattr(mapping[key], "key_loc"):
        line, col = mapping[key].key_loc(sub)
    else:
        line, col = mapping.key_loc(key)
    return file, line, col


def build_rules(name, merged, origin, path) -> Rules:
    board = merged.get("board")
    if not isinstance(board, dict):
        raise RulesError("the rules need a board: {columns: N}", file=path, line=1, column=1)
    for key in board:
        if key not in BOARD_KEYS:
            file, line, col = _where(origin, "board", key)
            raise RulesError(f"unknown key {key!r} in board", file=file, line=line, column=col,
                             expected=", ".join(BOARD_KEYS), hint=closest_hint(key, BOARD_KEYS))
    if "columns" not in board:
        bases = [f for f, _ in (origin.get("board", (None, None)),) if f and f != path]
        raise RulesError("the rules give no number of columns" + (
            f" (their board comes from {Path(bases[0]).stem}, a base that leaves it to each variant)" if bases else ""),
            file=path, line=1, column=1, expected="board: {columns: N} in this file")
    # every number was checked in the file that gives it (see _check_numbers)
    players, columns, rows_per_player = board.get("players", 2), board["columns"], board.get("rows_per_player", 2)
    try:
        geometry = Geometry(columns, rows_per_player,
                            (SOUTH, NORTH) if players == 2 else (SOUTH,),
                            board.get("notation", "chess"), board.get("track", "loop"))
    except (MancalaError, TypeError, ValueError) as exc:
        file, line, col = _where(origin, "board")
        raise RulesError(f"bad board: {getattr(exc, 'message', exc)}", file=file, line=line, column=col) from None
    start = dict(merged.get("start") or {})
    for key in start:
        if key not in START_KEYS:
            file, line, col = _where(origin, "start", key)
            raise RulesError(f"unknown key {key!r} in start", file=file, line=line, column=col,
                             expected=", ".join(START_KEYS), hint=closest_hint(key, START_KEYS))
    if "board" in start:
        file, line, col = _where(origin, "start", "board")
        start["board"] = parse_board_rows(start["board"], file, (line, col), "start board")
    mechanics = merged.get("mechanics") or {}
    for block, params in mechanics.items():
        file, mapping = origin.get(("mechanics", block), (path, None))
        line, col = mapping.key_loc(block) if mapping is not None else (None, None)
        if block not in BLOCKS:
            raise RulesError(f"unknown building block {block!r}", file=file, line=line, column=col,
                             expected="one of " + ", ".join(sorted(BLOCKS)), hint=closest_hint(block, BLOCKS))
        try:
            BLOCKS[block](params if isinstance(params, dict) else None, _GeometryOnly(geometry))
        except MancalaError as exc:
            raise exc.located(file, line, col) from None
        if params is not None and not isinstance(params, dict):
            raise RulesError(f"the parameters of block {block!r} must be a mapping", file=file, line=line, column=col)
    meta = {k: merged.get(k) for k in ("summary", "sources", "notes") if merged.get(k) is not None}
    try:
        rules = Rules(name, geometry, mechanics, start, merged.get("title"), meta)
        first = rules.initial_position()
    except MancalaError as exc:
        block = getattr(exc, "block", None)
        if block and ("mechanics", block) in origin:
            file, mapping = origin[("mechanics", block)]
            line, col = mapping.key_loc(block)
        else:
            file, line, col = _where(origin, "mechanics")
            if line is None:        # no mechanics at all: the file as a whole
                file, line, col = path, 1, 1
        raise exc.located(file or path, line, col) from None
    file, line, col = _where(origin, "start")
    check_seed_total(first, "the start", file or path, (line or 1, col or 1), RulesError)
    if first.seeds == 0:
        raise RulesError("the start puts no seeds on the board and none in reserve", file=path, line=1, column=1,
                         expected="start: {seeds_per_hole: N}, start: {board: ...} or start: {reserve: N}"
                                  " (in this file or a base)")
    rules.path = path
    return rules


class _GeometryOnly:
    def __init__(self, geometry):
        self.geometry = geometry
