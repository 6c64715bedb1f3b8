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

import os
from pathlib import Path

from ..errors import LimitExceeded, MancalaError
from ..engine.position import Position
from .claims import claims_verdict
from .content import not_reviewed
from .evidence import erratum_reason, evidence_problem, game_seeds, seed_count_flag
from .given_starts import check as check_given, given_diagrams, is_given, load_records, rerun as rerun_given
from .examples import Example, ExampleLoader, grid_size, no_event, replay_line, shared_turns
from .marks import event_roles, expected_marks, static_roles, unexplained_colours
from .loader import RulesLibrary
from .project import example_paths, find_root, published_diagrams, published_dir, shown_path


#: what a difference compares: the keys of a diff entry, and how they read
LABELS = {
    "published": "published grid",
    "transcription": "the example's transcription",
    "check": "the check's board",
    "rules_board": "the board the erratum says the rules give",
    "replay": "replay",
    "start": "the example's start board",
    "rules_marks": "the marks the rules give",
    "rules_arrows": "the arrows the rules give",
}


def board_diff(left, right, geometry=None, exact=False, labels=("published", "replay")):
    """Cell-by-cell differences between two grids: a list of {hole, row,
    column, LEFT: value, RIGHT: value}, the two keys named by *labels* (keys of
    :data:`LABELS`: what each grid is)."""
    a_key, b_key = labels
    diffs = []
    if len(left) != len(right) or any(len(a) != len(b) for a, b in zip(left, right)):
        return [{"hole": None, a_key: grid_size(left), b_key: grid_size(right)}]
    rows = len(left)
    for r, (a, b) in enumerate(zip(left, right)):
        for c, (x, y) in enumerate(zip(a, b)):
            same = (x == y) if exact else ((x or 0) == (y or 0))
            if not same:
                name = geometry.name(r * len(a) + c) if geometry else f"{'abcdefghijklmnopqrstuvwxyz'[c]}{rows - r}"
                diffs.append({"hole": name, "row": r, "column": c, a_key: x, b_key: y})
    return diffs


def _rows_from_cells(cells, geometry):
    C = geometry.columns
    return [list(cells[r * C:(r + 1) * C]) for r in range(geometry.rows)]


class Verifier:
    def __init__(self, root=None, deep=False, closure=None):
        self.root = find_root(root)
        self.deep = deep        # run again the searches behind sources/given-starts.json (minutes)
        self.closure = closure  # the katro bevohoka solver's closure, for those searches (solver.search.reachable)
        self._real_root = Path(os.path.realpath(self.root))     # for rel: the root's links resolved once
        self.library = RulesLibrary(self.root / "rules")
        self.loader = ExampleLoader(self.library)
        pub = published_dir(self.root)
        self.published = published_diagrams(str(pub)) if pub else None
        self._given_records = None      # sources/given-starts.json, read at the first given start

    def rel(self, path):
        try:       # realpath, not resolve(): a link that loops is named by the loader, not raised here
            return shown_path(Path(os.path.realpath(path)).relative_to(self._real_root))
        except ValueError:
            return shown_path(path)

    def check_file(self, path) -> list[dict]:
        try:
            example = self.loader.load(path)
        except MancalaError as exc:
            return [self.load_error(path, exc)]
        return self.check_example(example, path)

    def load_error(self, path, exc: MancalaError) -> dict:
        """The row of an example file that cannot be loaded."""
        return {"example": self.rel(path), "diagram": None, "status": "error", "reason": str(exc)}

    def check_example(self, example: Example, path) -> list[dict]:
        """The rows of *example*, loaded from *path*."""
        rows = []
        base = {"example": self.rel(path)}
        gen = {"generated": example.generated}
        g = example.rules.geometry
        rules = example.rules
        if example.start_from is not None:
            rows.append(self.judge_start_from(example, base))
        if example.kind == "start":
            start = rules.initial_position()
            for d in example.diagrams:
                roles = static_roles(rules, start) if d.marks is not None else None    # only marks need them
                rows.append({**self.judge(d, start.rows(), base, exact=False, roles=roles, legend=example.legend,
                                          geometry=g, **gen), "against": "set-up"})
        elif example.kind == "special-holes":
            expected = expected_special_holes(example)
            for d in example.diagrams:
                rows.append({**self.judge_drawing(d, example, self.judge_marks(d, expected, base)),
                             "against": "marks"})
        elif example.kind == "track":
            expected = expected_track(example)
            for d in example.diagrams:
                rows.append({**self.judge(d, expected, base, exact=True, visible_only=True, **gen),
                             "against": "sowing-order"})
        else:
            own_start = is_given(example)
            for line in example.lines:
                rep = replay_line(example, line)
                for d in line.diagrams:
                    ev = rep.event(d)
                    if ev is None:
                        reason = (f"the replay stops before {d.at!r}: {rep.error}" if rep.error
                                  else no_event(rep.events, d.at, d.anchor, d.id))
                        rows.append({**base, "diagram": d.id, "at": d.at, "status": "mismatch",
                                     "reason": reason})
                        continue
                    index = next(i for i, e in enumerate(rep.events) if e is ev)
                    roles = None                # what the rules single out: only marks need it
                    if d.marks is not None:
                        position = Position(g, tuple(ev.cells), to_move=ev.player if ev.player in g.players
                                            else g.players[0], state=ev.state)
                        roles = {**static_roles(rules, position), **event_roles(rep.events, index)}
                    row = self.judge(d, _rows_from_cells(ev.cells, g), base, exact=False, at=d.at, roles=roles,
                                     legend=example.legend, geometry=g, **gen)
                    row.update(replayed_against(ev, rep, own_start))
                    if row["status"] == "erratum":
                        problem, evidence = evidence_problem(example, line, rep, d, ev)
                        why = erratum_reason(d, ev, row["diff"])
                        row = ({**row, "status": "mismatch", "reason": problem} if problem
                               else {**row, "reason": str(why), "reason_words": why,
                                     "explanation": d.erratum.reason, "evidence": str(evidence),
                                     "evidence_words": evidence})
                    if d.claims and row["status"] in ("verified", "generated", "erratum"):
                        try:
                            problem, contradicted = claims_verdict(example, d, rep, index, self.rel(example.path))
                        except LimitExceeded as exc:    # listing the replies, say: the claims are not judged
                            where = d.claims_at or (d.line, None)
                            cut = LimitExceeded(f"diagram {d.id}: its claims cannot be checked: {exc.message}",
                                                file=self.rel(example.path), line=where[0], column=where[1],
                                                expected=exc.expected)
                            rows.append({**row, "status": "error", "reason": str(cut)})
                            continue
                        if problem:
                            row = {**row, "status": "mismatch", "reason": problem}
                        elif contradicted:
                            row["claim_erratum"] = {"reason": d.claim_erratum.reason,
                                                    "evidence": contradicted["words"],
                                                    "claims": contradicted["claims"]}
                    if d.claims:
                        row["claims"] = [c.to_json() for c in d.claims]
                    rows.append(row)
                for c in line.checks:
                    rows.append(self.judge_check(c, rep, g, base))
                for dep in rep.departures:
                    if dep["turn"] <= shared_turns(example, line):
                        continue            # reported with the line it comes from
                    rows.append(self.judge_departure(dep, line, base))
                if rep.endless:     # the example says a turn never ends, and the replay found the loop
                    rows.append({**base, "diagram": None, "check": f"turn {len(rep.positions)} never ends",
                                 "status": "verified", "reason": rep.endless})
                if rep.error and not any(r.get("reason", "").startswith("the replay stops") for r in rows):
                    rows.append({**base, "diagram": None, "status": "error", "reason": str(rep.error)})
            self.judge_given_starts(example, rows)
        self.flag_seed_counts(example, rows)
        return not_reviewed(rows, example.drafted) if example.drafted else rows

    def flag_seed_counts(self, example, rows):
        """The seed-count policy (the verification page states it) on every board the
        example draws: a row whose board, with the seeds the example holds
        off the board at that moment, has a count no real game has gets
        ``seed_count``."""
        game = game_seeds(example.rules)
        counted = {}        # diagram id -> seeds off the board at its moment
        if example.kind == "game":
            for line in example.lines:
                rep = replay_line(example, line)
                total = rep.positions[0].seeds
                for d in line.diagrams:
                    ev = rep.event(d)
                    if ev is not None:
                        counted[d.id] = (d, total - sum(ev.cells))
        elif example.kind in ("start", "special-holes"):
            start = example.start if example.start is not None else example.rules.initial_position()
            off = sum(start.reserves) + (start.hand.seeds if start.hand else 0)
            for d in example.diagrams:
                if not d.picture and any(v for r in d.grid for v in r):     # a board that draws seeds
                    counted[d.id] = (d, off)
        for i, row in enumerate(rows):
            d, off = counted.get(row.get("diagram"), (None, 0))
            flag = seed_count_flag(d.grid, off, game) if d is not None else None
            if flag:
                rows[i] = {**row, "seed_count": flag}

    def judge_given_starts(self, example, rows):
        """A diagram drawn at its example's own start, copied from the page:
        its row says what is known of that start (sources/given-starts.json),
        and fails when the record no longer fits it."""
        given = [] if example.generated else given_diagrams(example, lambda line: replay_line(example, line))
        if not given:
            return
        if self._given_records is None:
            self._given_records = load_records(self.root)
        rel = self.rel(example.path)
        record = self._given_records.get(rel)
        problem, info = check_given(record, example, self.library, rel)
        if self.deep and not problem and record is not None:
            problem = rerun_given(record, example, self.library, rel, self.closure)
        for i, row in enumerate(rows):
            if any(row.get("diagram") == d.id for d, _ in given):
                rows[i] = {**row, "given": info}
                if problem and row["status"] != "mismatch":
                    rows[i] = {**rows[i], "status": "mismatch", "reason": problem}

    def transcription_problem(self, d, row):
        """A row for a transcription that differs from ../shared/published (its
        board or its marks), or None."""
        pub = self.published.get(d.id)
        if pub is None:
            return {**row, "status": "mismatch", "reason": f"no published diagram has the id {d.id}"}
        if pub["rows"] != d.grid:
            return {**row, "status": "mismatch",
                    "reason": "the example's transcription differs from the published diagram",
                    "compared": ["published", "transcription"],
                    "diff": board_diff(pub["rows"], d.grid, exact=True, labels=("published", "transcription"))}
        if (pub.get("marks") or None) != (d.marks or None):
            if d.marks is None:
                reason = "the published diagram colours holes that the example's transcription leaves out"
            else:
                reason = "the example's transcription of the coloured holes differs from the published diagram"
            blank = [[None] * len(r) for r in d.grid]
            return {**row, "status": "mismatch", "reason": reason, "compared": ["published", "transcription"],
                    "diff": board_diff(pub.get("marks") or blank, d.marks or blank, exact=True,
                                       labels=("published", "transcription"))}
        return None

    def marks_problem(self, d, roles, legend, row, geometry=None):
        """A row for marks that the rules do not give (a wrong or missing
        mark, a colour nothing explains), or None.  Every mark is checked.
        *roles*: what the rules single out at the diagram (None for a
        diagram without marks, or of a kind whose marks cannot be checked)."""
        if d.marks is None:
            return None
        show = d.marks_show or legend
        unexplained = unexplained_colours(d.marks, show)
        if unexplained:
            return {**row, "status": "mismatch",
                    "reason": f"the diagram colours holes {', '.join(unexplained)} but the example does not say "
                              "what the colour shows (marks_show: {COLOUR: ROLE})"}
        if roles is None:
            return {**row, "status": "mismatch", "reason": "marks cannot be checked on this kind of diagram"}
        names = geometry or _GridNames(len(d.grid), len(d.grid[0]))
        expected, problems = expected_marks(show, roles, names)
        if problems:
            return {**row, "status": "mismatch", "reason": "marks: " + "; ".join(problems)}
        diff = board_diff(d.marks, expected, geometry, exact=True, labels=("transcription", "rules_marks"))
        if diff:
            wrong = [x["hole"] for x in diff if x["transcription"] is not None]
            missing = [x["hole"] for x in diff if x["transcription"] is None]
            parts = ([f"marked but not singled out by the rules: {', '.join(wrong)}"] if wrong else []) + \
                    ([f"singled out by the rules but not marked: {', '.join(missing)}"] if missing else [])
            return {**row, "status": "mismatch", "reason": "the coloured holes differ from what the rules single "
                    "out: " + "; ".join(parts), "compared": ["transcription", "rules_marks"], "diff": diff}
        return None

    def judge(self, d, replayed, base, exact, at=None, visible_only=False, generated=False, roles=None,
              legend=None, geometry=None):
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
            problem = self.transcription_problem(d, row)
            if problem:
                return problem
        if d.picture:
            if d.marks is not None:
                return {**row, "status": "mismatch", "reason": "a picture's marks are not checked: give them "
                        "in an example whose drawing checks them"}
            return {**row, "status": "verified", "kind": "picture",
                    "reason": "a picture that holds no position: its transcription is checked, and the "
                              "example's own drawing shows the same idea, checked against the rules"}
        problem = self.marks_problem(d, roles, legend, row, geometry)
        if problem:
            return problem
        diff = board_diff(d.grid, replayed, exact=exact)
        if d.erratum is None:
            if diff:
                return {**row, "status": "mismatch", "reason": "the replay differs from the published diagram",
                        "compared": ["published", "replay"], "diff": diff}
            return {**row, "status": "generated" if generated else "verified"}
        rules_diff = board_diff(d.erratum.rules_board, replayed, exact=exact, labels=("rules_board", "replay"))
        if rules_diff:
            return {**row, "status": "mismatch",
                    "reason": "declared erratum, but the replay differs from the board the example says the rules give",
                    "compared": ["rules_board", "replay"], "diff": rules_diff}
        if not diff:
            return {**row, "status": "mismatch",
                    "reason": "declared erratum, but the published diagram matches the replay"}
        return {**row, "status": "erratum", "reason": d.erratum.reason["en"], "compared": ["published", "replay"],
                "diff": diff}

    def judge_departure(self, dep, line, base):
        row = {**base, "diagram": None, "check": f"turn {dep['turn']} departure", "at": f"turn {dep['turn']}",
               "departure": dep["rule"]}
        if dep["refusal"] is None:
            return {**row, "status": "mismatch",
                    "reason": f"line {line.name}, turn {dep['turn']}: a departure from {dep['rule']} is declared, "
                              "but the rules allow this move as it is"}
        return {**row, "status": "verified", "reason": f"the rules refuse it ({dep['refusal']}); played with "
                f"{dep['rule']} set aside"}

    def judge_start_from(self, example, base):
        """The start a ``start: {from: ID}`` names, against the diagram."""
        sf = example.start_from
        row = {**base, "diagram": None, "check": f"start from {sf['id']}", "at": "start"}
        board = [list(r) for r in example.start.rows()]
        if self.published is not None and sf["id"] in self.published:
            pub = self.published[sf["id"]]["rows"]
            diff = board_diff(pub, board, exact=False, labels=("published", "start"))
            if diff:
                return {**row, "status": "mismatch", "reason": f"the start differs from {sf['id']}",
                        "compared": ["published", "start"], "diff": diff}
            return {**row, "status": "verified", "reason": f"the start is the published diagram {sf['id']}"}
        return {**row, "status": "verified", "reason": f"the start is {sf['origin']} (../shared/published is "
                "absent: not compared with the published grid)"}

    def judge_marks(self, d, expected, base):
        """A board-only diagram of coloured holes: its marks against the rules'."""
        row = {**base, "diagram": d.id}
        if self.published is not None:
            problem = self.transcription_problem(d, row)
            if problem:
                return problem
        if d.picture:       # drawn by the project: the legend's roles, in their colours
            if d.marks is not None:
                return {**row, "status": "mismatch", "reason": "a picture's marks are not checked: the "
                        "project draws the legend's holes instead"}
            if not any(c for r in expected for c in r):
                return {**row, "status": "mismatch", "reason": "the legend's roles give no hole to draw "
                        "for this picture"}
            return {**row, "status": "verified", "kind": "picture",
                    "reason": "a picture that holds no position: its transcription is checked, and the "
                              "project draws the same idea from the rules (the legend's holes)"}
        if d.marks is None:
            return {**row, "status": "mismatch", "reason": "a special-holes diagram needs its marks"}
        if d.erratum is not None:
            return {**row, "status": "mismatch", "reason": "errata are not supported on special-holes diagrams"}
        diff = board_diff(d.marks, expected, exact=True, labels=("transcription", "rules_marks"))
        if diff:
            return {**row, "status": "mismatch", "reason": "the marked holes differ from the rules' special holes",
                    "compared": ["transcription", "rules_marks"], "diff": diff}
        return {**row, "status": "verified"}

    def judge_drawing(self, d, example, row):
        """What a special-holes diagram draws besides its marks, against the
        rules: a picture's arrows (the way captured seeds go, from
        :func:`tsibongy_arrows`), a board's seeds (the example's
        start); ``checked`` lists what was compared, ``not_drawn`` what the
        diagram leaves out."""
        if row["status"] != "verified":
            return row
        g = example.rules.geometry
        if d.picture:
            symbols = {"sow-right": "→", "sow-left": "←", "sow-choice": "?"}
            expected = [[None] * g.columns for _ in range(g.rows)]
            for role, holes in tsibongy_arrows(example).items():
                for h in holes:
                    r, c = divmod(h, g.columns)
                    expected[r][c] = symbols[role]
            if not any(v for r in expected for v in r):
                return {**row, "kind": "picture", "checked": ["transcription"],
                        "reason": row["reason"] + "; its arrows are not compared: the rules give none"}
            diff = board_diff(d.grid, expected, g, exact=True, labels=("published", "rules_arrows"))
            if diff:
                return {**row, "status": "mismatch", "reason": "the picture's arrows differ from the way the rules "
                        "send captured seeds", "compared": ["published", "rules_arrows"], "diff": diff}
            return {**row, "kind": "picture", "checked": ["transcription", "arrows"],
                    "reason": "a picture that holds no position: its transcription is checked, and its arrows "
                              "are the way the rules send the seeds captured in each hole"}
        if not any(v for r in d.grid for v in r):
            return {**row, "checked": ["transcription", "marks"], "not_drawn": "seeds"}
        diff = board_diff(d.grid, [list(r) for r in example.start.rows()], g, labels=("published", "start"))
        if diff:
            return {**row, "status": "mismatch", "reason": "the seeds drawn differ from the position the marks "
                    "are checked in", "compared": ["published", "start"], "diff": diff}
        return {**row, "checked": ["transcription", "marks", "seeds"]}

    def judge_check(self, c, rep, g, base):
        """A check (not a published diagram): a row with a ``check`` key."""
        row = {**base, "diagram": None, "check": c.at, "at": c.at}
        ev = rep.event(c)
        if ev is None:
            reason = (f"the replay stops before {c.at!r}: {rep.error}" if rep.error
                      else no_event(rep.events, c.at, c.anchor))
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
        diff = (board_diff(c.board, _rows_from_cells(ev.cells, g), g, exact=False, labels=("check", "replay"))
                if c.board is not None else [])
        if diff:
            problems.append("the board differs from the example's")
        if problems:
            return {**row, "status": "mismatch", "reason": "; ".join(problems),
                    **({"compared": ["check", "replay"], "diff": diff} if diff else {})}
        return {**row, "status": "verified"}

    def uncovered(self, rows) -> list[dict]:
        """A row (status ``missing``) for each published diagram that no row
        accounts for (none when ../shared/published is absent)."""
        if self.published is None:
            return []
        seen = {r.get("diagram") for r in rows}
        return [{"example": None, "diagram": did, "status": "missing", "page": pub["page"],
                 "reason": "no example accounts for this published diagram"}
                for did, pub in self.published.items() if did not in seen]

    def verify(self, paths=None, coverage=False) -> list[dict]:
        paths = [Path(p) for p in paths] if paths else example_paths(self.root)
        # what sources/ holds but cannot be listed (a folder that cannot be read, a link out ...)
        rows = [{"diagram": None, "status": "error", "example": os.path.relpath(exc.file, self.root),
                 "reason": str(exc)} for exc in getattr(paths, "refused", ())]
        for p in paths:
            rows.extend(self.check_file(p))
        if coverage:
            rows.extend(self.uncovered(rows))
            rows.extend(self.unloadable_rules())
        return rows

    def unloadable_rules(self) -> list[dict]:
        """A row for each rules file that does not load, whether an example
        uses it or not (a variant just scaffolded, its TODOs still there)."""
        rows = []
        for path in sorted((self.root / "rules").glob("*.yaml")):
            try:
                self.library.check(path.stem)
            except MancalaError as exc:
                rows.append(self.load_error(path, exc))
        return rows


class _GridNames:
    """Hole names for a grid of *rows* x *columns* (chess style), for messages."""
    def __init__(self, rows, columns):
        self.rows, self.columns = rows, columns

    def name(self, hole):
        r, c = divmod(hole, self.columns)
        return f"{'abcdefghijklmnopqrstuvwxyz'[c]}{self.rows - r}"


def replayed_against(ev, rep, own_start) -> dict:
    """What a board drawn at event *ev* of the replay *rep* is compared
    with: ``against`` the rules' ``set-up`` (the rules' own start, before the
    first move) or a ``replay``; and the ``departure``, the rules set aside
    in the turns played up to there (a departure's turn counts from its first
    event after the start).  *own_start*: the example starts from a position
    of its own."""
    at_start = ev is rep.events[0] and ev.kind == "start"
    out = {"against": "set-up" if at_start and not own_start else "replay"}
    rules = sorted({dep["rule"] for dep in rep.departures
                    if dep["turn"] < ev.turn or (dep["turn"] == ev.turn and ev.kind != "start")})
    if rules:
        out["departure"] = ", ".join(rules)
    return out


def expected_special_holes(example: Example):
    """The marks a ``special-holes`` example's diagram should show: the holes
    of each role the legend names (``rova.south``, ``tsibongy``,
    ``zone-left.south, tsibongy-left.south`` ...), in that role's colour."""
    rules = example.rules
    grid, _ = expected_marks(example.legend or {}, static_roles(rules, example.start), rules.geometry)
    return grid


def tsibongy_arrows(example) -> dict:
    """The arrows of a picture of the tsibongy rule, as drawing roles
    (``sow-right``, ``sow-left``, ``sow-choice`` -> holes), for the players
    the example's legend names: each of the player's tsibongy points the way
    its seeds are sown (towards the centre), each hole of the opponent's inner
    row the way the seeds captured there are sown (from the tsibongy of its
    zone), and a hole whose captures leave the player the choice carries a
    question mark.  Ways are as the picture shows them, left or right on the
    screen.  Empty for rules without the tsibongy rule."""
    rules = example.rules
    g = rules.geometry
    roles = static_roles(rules, example.start)
    named = " ".join(str(v) for v in (example.legend or {}).values())
    out = {"sow-right": set(), "sow-left": set(), "sow-choice": set()}
    for player in g.players:
        if f".{player}" not in named or g.solo:
            continue
        for side, (end, next_) in (("left", (0, 1)), ("right", (g.columns - 1, g.columns - 2))):
            tsibongy, toward = g.hole(player, 0, end), g.hole(player, 0, next_)
            way = "sow-right" if toward % g.columns > tsibongy % g.columns else "sow-left"
            zone = roles.get(f"zone-{side}.{player}", set())
            if zone:
                out[way].add(tsibongy)
                out[way].update(zone)
        out["sow-choice"].update(roles.get(f"zone-choice.{player}", set()))
    return {role: holes for role, holes in out.items() if holes}


def expected_track(example: Example):
    """The numbered sowing order the rules give for a ``track`` example."""
    g = example.rules.geometry
    t = example.track
    grid = [[None] * g.columns for _ in range(g.rows)]
    hole, direction = t["from"], t["direction"]
    n = len(g.track(t["player"]))
    for i in range(min(n, t.get("count") or n)):
        r, c = divmod(hole, g.columns)
        grid[r][c] = t["numbering"] + i
        hole, direction = g.advance(t["player"], hole, direction)
    return grid
