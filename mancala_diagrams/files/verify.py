"""Replay every worked example and check it against the published diagrams.

Per published diagram id the status is ``verified`` (the replay passes through
exactly that board), ``generated`` (the same, for a diagram of an example the
engine drew, ``generated: true``, which no publication has), ``erratum`` (the example declares that the published
board is wrong, gives the board the rules give, and the replay gives that
board), or ``mismatch`` (anything else: a difference not declared, an erratum
whose published board in fact matches, an example that cannot be replayed, a
transcription that differs from ``../shared/published``).
"""
from __future__ import annotations

import time
from pathlib import Path

from ..errors import MancalaError
from .examples import ExampleLoader, replay_line, special_holes_grid, track_grid
from .loader import RulesLibrary
from .project import example_paths, find_root, published_diagrams, published_dir


def _norm(grid):
    return [[v or 0 for v in row] for row in grid]


def board_diff(published, replayed, geometry=None, exact=False):
    """Cell-by-cell differences: a list of {hole, row, column, published, replayed}."""
    diffs = []
    if len(published) != len(replayed) or any(len(a) != len(b) for a, b in zip(published, replayed)):
        return [{"hole": None, "published": f"{len(published)} rows", "replayed": f"{len(replayed)} rows"}]
    rows = len(published)
    for r, (a, b) in enumerate(zip(published, replayed)):
        for c, (x, y) in enumerate(zip(a, b)):
            same = (x == y) if exact else ((x or 0) == (y or 0))
            if not same:
                name = geometry.name(r * len(a) + c) if geometry else f"{'abcdefghijklmnopqrstuvwxyz'[c]}{rows - r}"
                diffs.append({"hole": name, "row": r, "column": c, "published": x, "replayed": y})
    return diffs


def _rows_from_cells(cells, geometry):
    C = geometry.columns
    return [list(cells[r * C:(r + 1) * C]) for r in range(geometry.rows)]


class Verifier:
    def __init__(self, root=None):
        self.root = find_root(root)
        self.library = RulesLibrary(self.root / "rules")
        self.loader = ExampleLoader(self.library)
        pub = published_dir(self.root)
        self.published = published_diagrams(str(pub)) if pub else None

    def rel(self, path):
        try:
            return str(Path(path).resolve().relative_to(self.root.resolve()))
        except ValueError:
            return str(path)

    def check_file(self, path) -> list[dict]:
        rows = []
        try:
            example = self.loader.load(path)
        except MancalaError as exc:
            return [{"diagram": None, "status": "error", "example": self.rel(path), "reason": str(exc)}]
        base = {"example": self.rel(path)}
        gen = {"generated": example.generated}
        g = example.rules.geometry
        if example.kind == "start":
            expected = example.rules.initial_position().rows()
            for d in example.diagrams:
                rows.append(self.judge(d, expected, base, exact=False, **gen))
        elif example.kind == "special-holes":
            expected = special_holes_grid(example)
            for d in example.diagrams:
                rows.append(self.judge_marks(d, expected, base))
        elif example.kind == "track":
            expected = track_grid(example)
            for d in example.diagrams:
                rows.append(self.judge(d, expected, base, exact=True, visible_only=True, **gen))
        else:
            for line in example.lines:
                rep = replay_line(example, line)
                for d in line.diagrams:
                    ev = rep.event(d)
                    if ev is None:
                        reason = (f"the replay stops before {d.at!r}: {rep.error}" if rep.error
                                  else f"the replay has no event {d.at!r}")
                        rows.append({**base, "diagram": d.id, "status": "mismatch", "at": d.at,
                                     "reason": reason})
                        continue
                    rows.append(self.judge(d, _rows_from_cells(ev.cells, g), base, exact=False, at=d.at, **gen))
                for c in line.checks:
                    rows.append(self.judge_check(c, rep, g, base))
                if rep.error and not any(r.get("reason", "").startswith("the replay stops") for r in rows):
                    rows.append({**base, "diagram": None, "status": "error", "reason": str(rep.error)})
        return rows

    def judge(self, d, replayed, base, exact, at=None, visible_only=False, generated=False):
        row = {**base, "diagram": d.id}
        if at:
            row["at"] = at
        if visible_only:  # a track drawing shows one player's holes: compare those
            replayed = [[rv if pv is not None or rv is None else rv for pv, rv in zip(p, r)]
                        for p, r in zip(d.grid, replayed)]
        if generated:       # no publication to compare with, and none may have its id
            if self.published is not None and d.id in self.published:
                return {**row, "status": "mismatch",
                        "reason": f"a generated diagram cannot take the published id {d.id}"}
        elif self.published is not None:
            pub = self.published.get(d.id)
            if pub is None:
                return {**row, "status": "mismatch", "reason": f"no published diagram has the id {d.id}"}
            if pub["rows"] != d.grid:
                return {**row, "status": "mismatch",
                        "reason": "the example's transcription differs from the published diagram",
                        "diff": board_diff(pub["rows"], d.grid, exact=True)}
        diff = board_diff(d.grid, replayed, exact=exact)
        if d.erratum is None:
            if diff:
                return {**row, "status": "mismatch", "reason": "the replay differs from the published diagram",
                        "diff": diff}
            return {**row, "status": "generated" if generated else "verified"}
        rules_diff = board_diff(d.erratum.rules_board, replayed, exact=exact)
        if rules_diff:
            return {**row, "status": "mismatch",
                    "reason": "declared erratum, but the replay differs from the board the example says the rules give",
                    "diff": rules_diff}
        if not diff:
            return {**row, "status": "mismatch",
                    "reason": "declared erratum, but the published diagram matches the replay"}
        return {**row, "status": "erratum", "reason": d.erratum.reason["en"], "diff": diff}

    def judge_marks(self, d, expected, base):
        """A board-only diagram of coloured holes: its marks against the rules'."""
        row = {**base, "diagram": d.id}
        if self.published is not None:
            pub = self.published.get(d.id)
            if pub is None:
                return {**row, "status": "mismatch", "reason": f"no published diagram has the id {d.id}"}
            if pub["rows"] != d.grid or pub.get("marks") != d.marks:
                return {**row, "status": "mismatch",
                        "reason": "the example's transcription differs from the published diagram",
                        "diff": board_diff(pub["rows"], d.grid, exact=True)
                        + board_diff(pub.get("marks") or [], d.marks or [], exact=True)}
        if d.marks is None:
            return {**row, "status": "mismatch", "reason": "a special-holes diagram needs its marks"}
        if d.erratum is not None:
            return {**row, "status": "mismatch", "reason": "errata are not supported on special-holes diagrams"}
        diff = board_diff(d.marks, expected, exact=True)
        if diff:
            return {**row, "status": "mismatch", "reason": "the marked holes differ from the rules' special holes",
                    "diff": diff}
        return {**row, "status": "verified"}

    def judge_check(self, c, rep, g, base):
        """A check (not a published diagram): a row with a ``check`` key."""
        row = {**base, "diagram": None, "check": c.at, "at": c.at}
        ev = rep.event(c)
        if ev is None:
            reason = (f"the replay stops before {c.at!r}: {rep.error}" if rep.error
                      else f"the replay has no event {c.at!r}")
            return {**row, "status": "mismatch", "reason": reason}
        problems = []
        captures = rep.captures_at(ev)
        if c.captured is not None:
            taken = sorted(h for e in captures for h in e.holes)
            if taken != sorted(c.captured):
                names = lambda holes: "[" + ", ".join(g.name(h) for h in holes) + "]"
                problems.append(f"captured {names(taken)}, the example says {names(sorted(c.captured))}")
        if c.seeds is not None:
            n = sum(e.count for e in captures)
            if n != c.seeds:
                problems.append(f"captured {n} seeds, the example says {c.seeds}")
        diff = board_diff(c.board, _rows_from_cells(ev.cells, g), g, exact=False) if c.board is not None else []
        if diff:
            problems.append("the board differs from the example's")
        if problems:
            return {**row, "status": "mismatch", "reason": "; ".join(problems), **({"diff": diff} if diff else {})}
        return {**row, "status": "verified"}

    def verify(self, paths=None) -> list[dict]:
        paths = [Path(p) for p in paths] if paths else example_paths(self.root)
        rows = []
        for p in paths:
            rows.extend(self.check_file(p))
        return rows


def verify_all(root=None, paths=None) -> list[dict]:
    return Verifier(root).verify(paths)


def ok(rows) -> bool:
    return all(r["status"] in ("verified", "erratum", "generated") for r in rows)
