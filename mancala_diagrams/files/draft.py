"""``mancala-diagrams draft PAGE``: draft example files for a published page.

The diagrams of the page are taken in order and chained by the search of
``explain``: from the replay so far, the next diagram is looked for later in
the turn being played, then in the turns that follow (every decision of each),
then by deciding the current turn otherwise (as long as every diagram already
placed stays where it is).  A run of chained diagrams becomes one example file,
with the decisions found and the anchor of each diagram, and the page's text
beside each diagram as a comment.

Where the chain cannot go on, the diagram may show another continuation of an
earlier position (what else the player could have done): the positions between
the earlier turns of this chain and of the last ones are searched, and a hit
starts a new file that shares their first turns.  Else a new chain starts from
the diagram's own board (``start: {from: ID}``), with the player to move, the
reserves and the turn in progress (seeds in hand, a lap just ended) that let
the page's next diagram be reached; when none does, the diagram gets a file of
its own that holds a ``TODO`` (which ``check`` and ``verify`` refuse until a
person has dealt with it).

Which rules: the ones given, else every rules file of the project that fits
the page (its boards' size, their seeds, the players its text speaks of:
:func:`choose_rules`), those whose name and title share the most words with
the page's name, game and heading first; at each new chain, the first whose
chain reaches the next diagram.  Every file written says ``drafted: true``
(:data:`NOT_REVIEWED`), which check and verify report until a person
deletes it.  The page's existing examples are not read: a page the
project has never seen is drafted the same way.  Every search is bounded in
turns, positions and seconds, so a page drafts in minutes.
"""
from __future__ import annotations

import contextvars
import re
import textwrap
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..atomic import write_atomically
from ..engine.geometry import CCW, CW, direction_name
from ..engine.position import Hand, Position
from ..engine.search import Bound, search
from ..errors import MancalaError
from .examples import shown_anchor
from .explain import move_yaml, rows_text
from .marks import event_roles, static_roles
from .project import is_name, published_dir, read_json_file


@dataclass
class Chain:
    rules: object
    start: Position
    start_id: str | None             # the published diagram the chain starts from (None: the rules' start)
    moves: list = field(default_factory=list)          # complete turns, each a tuple of (kind, value)
    diagrams: list = field(default_factory=list)       # (id, anchor, event index, rows, marks, text)
    events: list = field(default_factory=list)
    positions: list = field(default_factory=list)
    head: tuple | None = None        # (id, rows, marks, text) of the diagram whose board the chain starts from
    state: tuple = ()                # state written in start: (a set-up's outcome the board does not show)
    shared_turns: int = 0            # for a branch: the turns it shares with the other chain
    pending: tuple | None = None     # (cells, what extend found) for the next diagram, found in advance
    base: "Chain | None" = None      # for a branch: the chain it shares its first turns with
    home: "Chain | None" = None      # the chain whose file holds this one as a line (None: its own file)
    line_name: str = "main"          # its name among the lines of that file
    lines: list = field(default_factory=list)          # the branches written as lines of this chain's file
    file_at: int | None = None       # where its file is in the list of drafted files

    @property
    def branch_of(self) -> str | None:
        """For a branch: the last diagram of the chain it shares its first turns with."""
        return self.base.diagrams[-1][0] if self.base is not None else None

    def replay(self, moves):
        events, positions, pos = [], [self.start], self.start
        for n, turn in enumerate(moves, start=1):
            pos = self.rules.play(pos, list(turn), turn_number=n, events=events)
            positions.append(pos)
        return events, positions


def page_diagrams(directory, page):
    """[(id, rows, marks, text before)] of a published page, in order."""
    path = Path(directory) / f"{page}.json"
    if not is_name(page) or not path.is_file():
        known = sorted(p.stem for p in Path(directory).glob("*.json"))
        raise MancalaError(f"no published page {page!r}", expected=", ".join(known))
    data = read_json_file(path, directory)
    out, text = [], ""
    for b in data["blocks"]:
        if b["kind"] == "diagram":
            out.append((b["id"], b["rows"], b.get("marks"), text))
            text = ""
        elif b.get("text"):
            text = (text + " " + b["text"]).strip() if b["kind"] == "p" else b["text"]
    return out


def _words(text):
    return {w for w in re.split(r"[^a-zà-ÿ]+", str(text).lower()) if len(w) >= 3}


def page_words(directory, page):
    """The words a page names its game with: (its file name and first heading,
    those and its ``game`` line).  The first are the page's own name for the
    game; the ``game`` line may also name the variants the page speaks of."""
    data = read_json_file(Path(directory) / f"{page}.json", directory)
    heading = next((b.get("text", "") for b in data.get("blocks", []) if b.get("kind") == "h1"), "")
    own = _words(page) | _words(heading)
    return own, own | _words(data.get("game", ""))


#: words of a page that say its game is for two players, or for one (a solitaire)
_TWO_PLAYERS = re.compile(r"\b(adversaires?|deux joueurs|l['’]autre joueur|opponents?|two players|the other player)\b",
                          re.I)
_ONE_PLAYER = re.compile(r"\b(solitaire|un seul joueur|one player|single player|solo)\b", re.I)


def page_players(directory, page):
    """(1, 2 or None, the words that say so) from the page's text, heading and
    ``game`` line: 2 when it speaks of an opponent and never of a solitaire, 1
    the other way round, None when it speaks of both or neither (a page on a
    solitaire may say it can also be raced by two)."""
    data = read_json_file(Path(directory) / f"{page}.json", directory)
    text = " ".join([str(data.get("game", ""))] + [str(b.get("text", "")) for b in data.get("blocks", [])
                                                    if b.get("kind") != "diagram"])
    two = sorted({m.group(1).lower() for m in _TWO_PLAYERS.finditer(text)})
    one = sorted({m.group(1).lower() for m in _ONE_PLAYER.finditer(text)})
    if two and not one:
        return 2, two
    if one and not two:
        return 1, one
    return None, one + two


@dataclass
class RulesChoice:
    """The rules a page is drafted with, in the order they are tried, and why;
    the rules refused, and why; what the page shows."""
    rules: list                                      # Rules, in the order tried
    why: dict = field(default_factory=dict)          # name -> why it fits
    refused: dict = field(default_factory=dict)      # name -> why not
    page: str = ""                                   # what the page shows: boards and players

    def report(self) -> list[str]:
        lines = [f"rules for {self.page}:"]
        lines += [f"  {r.name}: {self.why[r.name]}" for r in self.rules]
        lines += [f"  refused {name}: {why}" for name, why in self.refused.items()]
        return lines


def _shape(rows):
    return f"{len(rows)} rows of {len(rows[0]) if rows else 0}"


def choose_rules(verifier, directory, page, names=None) -> RulesChoice:
    """The rules to draft *page* with.  Named ones (*names*) are used as given,
    what does not fit them said.  Else every rules file of the project that
    describes a board (abstract ones do not) and fits the page: some board of
    seeds of the page has its rows and columns; most such boards hold no more
    seeds than the game (its holes and reserves at the start: a board or two
    with more are misprints, which errata declare); and its players are the
    page's when the text says (a page that speaks of an opponent, and
    never of a solitaire, is not a one-player game's: never katro bevohoka).
    Those named most nearly as the page names its game come first (the words
    the rules' names for the game and the page's file name and heading share,
    over the words either has: a page "Katro" tries ``katro-6`` before
    ``katro-gorobaka-6``, although its ``game`` line names the variant too),
    then those whose name and title share the most words with the page's
    name, game and heading.  The page's own examples are not looked at: a page
    the project has never seen is drafted the same way."""
    boards = [(did, rows) for did, rows, _, _ in page_diagrams(directory, page) if _is_board(rows) and rows
              and not _numbered(rows)]
    players, said = page_players(directory, page)
    shapes = {}
    for _, rows in boards:
        shapes[_shape(rows)] = shapes.get(_shape(rows), 0) + 1
    shown = ", ".join(f"{n} board{'s' if n > 1 else ''} of {s}" for s, n in shapes.items()) or "no board of seeds"
    talk = {2: f"two players ({', '.join(said)})", 1: f"one player ({', '.join(said)})",
            None: f"both one player and two ({', '.join(said)})" if said else "no number of players"}[players]
    choice = RulesChoice([], page=f"page {page} ({shown}; the text speaks of {talk})")
    own, words = page_words(directory, page)
    scored = []
    for name in (names or verifier.library.names()):
        try:
            rules = verifier.library.load(name)
        except MancalaError:
            if names:
                raise
            continue
        g = rules.geometry
        if not g.columns or not g.rows:
            continue
        initial = rules.initial_position()
        total = sum(initial.cells) + sum(initial.reserves)
        fitting = [(did, rows) for did, rows in boards if _fits(rules, rows)]
        n = len(g.players)
        what = f"{g.rows} rows of {g.columns}, {'one player' if n == 1 else 'two players'}, {total} seeds"
        # more seeds than the game has: a misprint on a board or two (an erratum), another game on most
        fuller = [(did, sum(_cells(rows))) for did, rows in fitting if sum(_cells(rows)) > total]
        problem = None
        if not fitting:
            problem = f"{what}: no board of the page has its size"
        elif players is not None and players != n:
            problem = (f"{what}, but the page speaks of {'two players' if players == 2 else 'one player'} "
                       f"({', '.join(said)})")
        elif 2 * len(fuller) > len(fitting):
            most = max(fuller, key=lambda f: f[1])
            problem = (f"{what}, but {len(fuller)} of the page's {len(fitting)} boards of its size hold more "
                       f"({most[0]}: {most[1]})")
        if problem and not names:
            if fitting:         # rules of another size are not worth a line
                choice.refused[name] = problem
            continue
        title = getattr(rules, "title", None) or {}
        titles = [str(v) for v in (title.values() if isinstance(title, dict) else [title])]
        text = " ".join([name] + titles)
        # the game's own names: the rules' file name, and the title's words that every language
        # shares ("Fifangakely (katra fandatsaka on 4 columns)": not "columns", "colonnes")
        named = _words(name) | (set.intersection(*map(_words, titles)) if titles else set())
        nearness = len(named & own) / max(len(named | own), 1)
        shared = sorted(named & own)
        why = (f"named with --rules; {problem}" if problem else
               f"{what}; fits {len(fitting)} board{'s' if len(fitting) != 1 else ''} of the page" +
               (f"; named like the page ({', '.join(shared)})" if shared else ""))
        choice.why[name] = why
        scored.append((0 if names else -nearness, 0 if names else -len(words & _words(text)),
                       len(scored) if names else name, rules))
    scored.sort(key=lambda t: t[:3])
    choice.rules = [t[3] for t in scored]
    return choice


def page_rules(verifier, directory, page, names=None):
    """The rules :func:`choose_rules` chooses for *page*, in the order they are tried."""
    return choose_rules(verifier, directory, page, names).rules


def _cells(rows):
    return tuple(v or 0 for row in rows for v in row)


def _fits(rules, rows):
    g = rules.geometry
    return len(rows) == g.rows and all(len(r) == g.columns for r in rows)


def _starts(rules, rows):
    """The positions a chain may start from at a published board: each player
    to move, and the reserves that make up the game's seeds."""
    g = rules.geometry
    initial = rules.initial_position()
    total = sum(initial.cells) + sum(initial.reserves)
    board = Position(g, _cells(rows))
    missing = total - sum(board.cells)
    if any(initial.reserves) and missing >= 0:
        half = missing // 2
        splits = [(missing - half, half), (half, missing - half)]
    else:
        splits = [(0, 0)]
    out = []
    for player in g.players:
        for reserves in dict.fromkeys(splits):
            out.append(rules.with_initial_state(replace(board, to_move=player, reserves=reserves)))
    return out


def _mid_turn_starts(starts, rules, gained=0):
    """The same boards with a turn in progress (a page often starts there),
    either way round: a lap has just ended in one of the player's holes, or
    seeds are in hand, to be sown from one of them: the seeds the board lacks,
    or *gained* (the seeds the next diagram has more: those a page shows
    "to sow" from a hole), taken from the player's reserve when it holds them."""
    out = []
    initial = rules.initial_position()
    total = sum(initial.cells) + sum(initial.reserves)
    for start in starts:
        g = start.geometry
        for hole in g.track(start.to_move):
            if start.cells[hole]:
                for direction in (CCW, CW):
                    out.append(replace(start, hand=Hand(0, hole, direction)))
    for player in dict.fromkeys(s.to_move for s in starts):
        base = next(s for s in starts if s.to_move == player)
        missing = total - sum(base.cells)
        hands = []
        if 0 < gained < missing:
            reserves = list(base.reserves)
            side = base.geometry.players.index(player)
            if reserves[side] >= gained:
                reserves[side] -= gained
            hands.append((gained, tuple(reserves)))
        if missing > 0:
            hands.append((missing, (0, 0)))
        for seeds, reserves in hands:
            for hole in base.geometry.track(player):
                for direction in (CCW, CW):
                    out.append(replace(base, reserves=reserves, hand=Hand(seeds, hole, direction)))
    return out


_SETUP = {}
_AHEAD = 8          # the diagrams a new chain's start is judged by, at most


def _setup_states(rules, limit=64):
    """The states a game is in once its set-up is over, when the rules' first
    turn sets something the board does not show and the start has not (katro
    bevohoka's special hole and direction): a board from the middle of a game
    is past it.  Empty when the first turn sets nothing new, or too many
    things."""
    if rules.name not in _SETUP:
        initial = rules.initial_position()
        states = []
        try:
            for move in rules.legal_moves(initial, limit=limit + 1):
                state = rules.play(initial, list(move)).state
                # a set-up sets keys the start does not have (a state that only changes is play)
                if {k for k, _ in state} > {k for k, _ in initial.state} and state not in states:
                    states.append(state)
        except MancalaError:
            states = []
        _SETUP[rules.name] = states if len(states) <= limit and all(
            isinstance(v, str) for st in states for _, v in st) else []
    return _SETUP[rules.name]


def _locate(events, cells, after):
    """The first event after index *after* whose board is *cells* and that an
    anchor designates: (index, anchor) or None.  When the board stays the same
    from there to the end of that turn (its last lap's end, then the turn's
    end), the turn's end: the moment a page most often shows."""
    for i in range(after + 1, len(events)):
        if events[i].cells == cells:
            found = shown_anchor(events, i)
            if found[1]:
                return found
    return None


def _place_all(chain, moves, targets):
    """Replay *moves* and place every diagram of *targets* (cells) in order
    (a board shown twice running, say once more with its marks, is placed
    twice at the same event): (placements, events, positions), or None."""
    try:
        events, positions = chain.replay(moves)
    except MancalaError:
        return None
    placed, after, previous = [], -1, None
    for cells in targets:
        found = placed[-1] if cells == previous and placed else _locate(events, cells, after)
        if found is None:
            return None
        placed.append(found)
        after, previous = found[0], cells
    return placed, events, positions


def extend(chain, cells, bound, then=None):
    """Try to reach *cells* from the chain's replay (within *bound* for each
    search); on success return (moves, placements, events, positions) with
    every diagram of the chain still placed, in order; else None.  *then*:
    the cells of the diagram after, searched for instead when *cells* is not
    found, to place *cells* on the way (a board an anchor designates only
    once the turn after it is played, such as the start shown again)."""
    targets = [_cells(d[3]) for d in chain.diagrams] + [cells]
    after = chain.diagrams[-1][2] if chain.diagrams else -1
    # 0. the rules' start shown again before any move
    if (not chain.moves and chain.head is None and chain.start.hand is None and chain.diagrams
            and all(d[2] == -1 for d in chain.diagrams) and tuple(chain.start.cells) == cells):
        return [], [(-1, "start")] * len(targets), [], chain.positions
    # 1. later in the replay as it stands (the turn being played goes on)
    found = _locate(chain.events, cells, after)
    if found is not None:
        return chain.moves, [(d[2], d[1]) for d in chain.diagrams] + [found], chain.events, chain.positions
    # 2. in the turns after the replay, 3. deciding the last turn otherwise
    played = len(chain.moves)
    for keep in (played, played - 1):
        if keep < 0:
            continue
        moves = _reach(chain, keep, cells, bound, targets)
        if moves is not None:
            return moves
    # 4. the last turn going on otherwise after one of its decisions (another choice mid-turn)
    if played:
        last = tuple(chain.moves[played - 1])
        for k in range(len(last) - 1, 0, -1):
            moves = _reach(chain, played - 1, cells, bound, targets, last[:k])
            if moves is not None:
                return moves
    if then is not None and then != cells:
        for keep in (played, played - 1):
            if keep < 0:
                continue
            found = _reach(chain, keep, then, bound, targets + [then])
            if found is not None:
                moves, placements, events, positions = found
                return moves, placements[:-1], events, positions
    return None


#: searches that answer faster than the engine's for some rules, tried first (see draft_page)
_SEARCHES = contextvars.ContextVar("draft_searches", default=())


def _search(rules, start, cells, bound, **kw):
    """The first of the searches given to :func:`draft_page` that answers
    for *rules*, else the engine's."""
    for fast in _SEARCHES.get():
        result = fast(rules, start, cells, bound, **kw)
        if result is not None:
            return result
    return search(rules, start, cells, bound, **kw)


def _reach(chain, keep, cells, bound, targets, first=()):
    """The chain's first *keep* turns, then the turns the search finds to
    *cells* (the first of them starting with the decisions *first*), if
    every board of *targets* is then placed in order: (moves, placements,
    events, positions), else None."""
    start = chain.positions[keep]
    result = _search(chain.rules, start, cells, bound, keep=0, first_turn=keep + 1, first_decisions=first)
    if result.found is None:
        return None
    moves = list(chain.moves[:keep]) + list(result.found.moves)
    placed = _place_all(chain, moves, targets)
    return None if placed is None else (moves, *placed)


def _switch_rules(chain, candidates, cells, bound, then, deadline):
    """The chain's moves under other rules of the same board, if they place
    every diagram of the chain as before and then reach *cells*:
    (new chain, what extend found), else None."""
    g = chain.rules.geometry
    targets = [_cells(d[3]) for d in chain.diagrams]
    for rules in candidates:
        if time.monotonic() > deadline:
            return None
        if rules is chain.rules or (rules.geometry.rows, rules.geometry.columns) != (g.rows, g.columns):
            continue
        other = replace(chain, rules=rules, pending=None)
        placed = _place_all(other, chain.moves, targets)
        if placed is None:
            continue
        other.events, other.positions = placed[1], placed[2]
        other.diagrams = [(d[0], a, idx, *d[3:]) for d, (idx, a) in zip(chain.diagrams, placed[0])]
        found = extend(other, cells, bound, then)
        if found is not None:
            return other, found
    return None


def branch(chains, cells, bound, deadline):
    """Another continuation of an earlier diagram (a page often shows what
    else the player could have done): from the positions between the turns of
    the *chains* (latest first), the turns that reach *cells*.  A new chain
    that shares the earlier one's start and first turns and places only
    *cells* (its diagrams stay in their own file), or None."""
    for chain in chains:
        if not chain.diagrams:
            continue
        for keep in range(len(chain.moves), -1, -1):
            if time.monotonic() > deadline:
                return None
            moves = _reach(chain, keep, cells, bound, [cells])
            if moves is not None and moves[1][0][1].endswith("start"):
                continue        # the board between two turns, not another continuation
            if moves is not None:
                new = Chain(chain.rules, chain.start, chain.start_id, base=chain)
                new.moves, placements, new.events, new.positions = moves
                new.shared_turns = keep
                return new, placements
    return None


def _roles_for(marks, rules, events, index, start=None, union=False):
    """marks_show for a diagram's marks: each colour the role whose holes are
    exactly the coloured ones at that moment (event *index*, or the position
    *start* when the diagram is placed before any event); None when a colour
    has none."""
    g = rules.geometry
    if index is not None and index >= 0:
        e = events[index]
        pos = Position(g, tuple(e.cells), to_move=e.player if e.player in g.players else g.players[0],
                       state=e.state)
        roles = {**static_roles(rules, pos), **event_roles(events, index)}
    elif start is not None:
        roles = static_roles(rules, start)
    else:
        return None
    show = {}
    for colour in sorted({v for row in marks for v in row if v}):
        holes = {r * g.columns + c for r, row in enumerate(marks) for c, v in enumerate(row) if v == colour}
        match = next((role for role in sorted(roles, key=lambda k: (k.count(".") == 0, k))
                      if roles[role] == holes), None)
        if match is None and union:     # several roles in one colour (a legend may list them)
            parts = [role for role in sorted(roles) if "." in role and roles[role] and roles[role] <= holes
                     and not any(roles[role] < roles[o] <= holes for o in roles if "." in o)]
            if parts and set().union(*(roles[r] for r in parts)) == holes:
                match = ", ".join(parts)
        if match is None:
            return None
        show[colour] = match
    return show


def _marks_lines(marks, show):
    lines = ["    marks: |"] + ["      " + " ".join(v or "." for v in row) for row in marks]
    if show:
        lines.append("    marks_show: {" + ", ".join(f"{c}: {r}" for c, r in show.items()) + "}")
    else:
        lines.append("    # review: no role of the rules singles out exactly these coloured holes here")
    return lines


#: what every drafted file says until a person has reviewed it (check calls its diagrams "drafted")
NOT_REVIEWED = ["# Not reviewed yet: check says 'drafted' for each diagram, not what its replay shows (replayed,",
                "# set-up ...), until you delete the line below, once every move and diagram has been compared",
                "# with the page's text.",
                "drafted: true"]


@dataclass
class DraftFile:
    name: str
    text: str
    chained: list                # ids placed by decisions the search found
    starts: list                 # ids placed at the rules' start
    todo: list                   # ids no continuation reached
    own: list = field(default_factory=list)     # ids whose own board a chain starts from
    drawn: list = field(default_factory=list)   # ids of a sowing order or coloured holes the rules give
    rules: str = ""              # the rules the file names


@dataclass
class Measure:
    """What verify makes of a page's drafted files, diagram by diagram."""
    total: int
    decisions: list              # placed by decisions, verified unchanged against the published grid
    rules_start: list            # the rules' starting board, verified
    own_start: list              # a chain's own board, verified (copied from the page, not drafted)
    drawn: list                  # a sowing order or coloured holes the rules give, verified
    todo: list                   # not reached, or refused by verify
    refused: list                # (id, status, reason) of placed diagrams verify did not accept

    @property
    def accepted(self) -> int:
        """Diagrams in files verify accepts unchanged, each ``verified``: the
        chained ones, the starts (the rules' own, or a board of the page with
        the player, reserves and turn in progress the search found) and the
        drawn ones."""
        return len(self.decisions) + len(self.rules_start) + len(self.own_start) + len(self.drawn)

    @property
    def following(self) -> int:
        """Diagrams that should follow from an earlier one: the chained ones
        and the TODOs (a start or a drawing follows from none)."""
        return len(self.decisions) + len(self.todo)


def write_files(files, directory, force=True):
    """Write the drafted *files* into *directory*: [(path, DraftFile)]; none
    if one exists already and not *force*."""
    directory = Path(directory)
    paths = [(directory / f"{f.name}.yaml", f) for f in files]
    there = [str(path) for path, _ in paths if path.exists()]
    if there and not force:
        raise MancalaError(f"{there[0]} exists" + (f" (and {len(there) - 1} more)" if len(there) > 1 else ""),
                           expected="another --dir, or --force")
    for path, f in paths:
        write_atomically(path, f.text.encode("utf-8"))
    return paths


def measure(verifier, files, directory, force=True) -> Measure:
    """Write *files* into *directory* and verify each one that holds no TODO,
    as written: a diagram counts as drafted only if verify says ``verified``
    for it once the file is reviewed (the replay gives the published grid; an
    erratum or a picture does not count); until then verify says
    ``drafted``."""
    written = write_files(files, directory, force)
    rows = verifier.verify([p for p, f in written if not f.todo])
    status = {}
    for r in rows:      # a drafted file's diagrams are "drafted": what they will be once reviewed counts
        if r.get("diagram"):
            status.setdefault(r["diagram"], (r.get("drafted", r["status"]), r.get("reason", "")))
    ok = {d for d, (s, _) in status.items() if s == "verified"}
    chained = [d for f in files for d in f.chained]
    starts = [d for f in files for d in f.starts]
    own = [d for f in files for d in f.own]
    drawn = [d for f in files for d in f.drawn]
    todo = [d for f in files for d in f.todo if d not in own]
    refused = [(d, *status.get(d, ("missing", "verify gave no row")))
               for d in chained + starts + own + drawn if d not in ok]
    return Measure(len(chained) + len(starts) + len(own) + len(drawn) + len(todo),
                   [d for d in chained if d in ok], [d for d in starts if d in ok], [d for d in own if d in ok],
                   [d for d in drawn if d in ok], todo + [d for d, _, _ in refused], refused)


def search_bound(turns, positions, seconds, memory) -> Bound:
    """The bound of each search of a draft (*memory* in MB)."""
    return Bound(turns=turns, positions=positions, seconds=seconds, memory=memory * 2 ** 20)


def draft_page(verifier, page, rules_names=None, turns=2, positions=100_000, seconds=3.0, memory=256,
               log=None, choice=None, searches=()) -> list[DraftFile]:
    """Draft the examples of published *page*: each search is bounded by
    *turns* turns, *positions* positions, *seconds* seconds and *memory* MB of
    positions kept (:func:`search_bound`).  The rules are *choice* (a
    :class:`RulesChoice`), else :func:`choose_rules`'s.
    *searches*: functions that search as :func:`..engine.search.search` does,
    faster for some rules, each returning None for rules it does not play
    (the command line gives the compiled katro bevohoka search, which this
    layer may not import); the engine's search answers for the others."""
    token = _SEARCHES.set(tuple(searches))
    try:
        return _draft_page(verifier, page, rules_names, turns, positions, seconds, memory, log, choice)
    finally:
        _SEARCHES.reset(token)


def _draft_page(verifier, page, rules_names, turns, positions, seconds, memory, log, choice) -> list[DraftFile]:
    pub = published_dir(verifier.root)
    if pub is None:
        raise MancalaError("the published transcriptions are not found (../shared/published, or "
                           "$MANCALA_PUBLISHED)")
    diagrams = page_diagrams(pub, page)
    choice = choice or choose_rules(verifier, pub, page, rules_names)
    candidates = choice.rules
    if not candidates:
        refused = "; ".join(f"{name}: {why}" for name, why in choice.refused.items())
        raise MancalaError(f"no rules fit {choice.page}" + (f"; refused {refused}" if refused else ""),
                           expected="a rules file for this game (mancala-diagrams new variant NAME --from BASE), "
                                    "or the rules to try, named with --rules")
    bound = search_bound(turns, positions, seconds, memory)
    files, chain, closed = [], None, []
    prev_id = None

    def close():
        if chain is not None and chain.diagrams:
            home = _home_of(chain)
            if home is not None:        # another continuation: a line of the file of the chain it shares turns with
                chain.home, chain.line_name = home, _line_name(home, chain)
                home.lines.append(chain)
                files[home.file_at] = _write_chain(page, files[home.file_at].name, home)
            else:
                chain.file_at = len(files)
                files.append(_write_chain(page, f"{page}-draft-{len(files) + 1:02d}", chain))
            closed.insert(0, chain)
        elif chain is not None and chain.head is not None:     # it reached nothing after all
            files.append(_write_todo(page, *chain.head, prev_id, candidates, turns))

    for i, (did, rows, marks, text) in enumerate(diagrams):
        if log:
            log(f"{did} ...")
        if not _is_board(rows) or _numbered(rows):
            # numbers and labels (a sowing order, a picture): no board of seeds to search for
            close()
            chain = None
            files.append(_draw(page, did, rows, marks, text, candidates)
                         or _write_todo(page, did, rows, marks, text, prev_id, candidates, turns,
                                        why="is not a board of seeds (a numbered track or a picture): "
                                            "draw it with a track or special-holes example"))
            prev_id = did
            continue
        if marks and all(v is None for row in rows for v in row):
            # coloured holes on an empty board: the rules' special holes
            drawn = _draw(page, did, rows, marks, text, candidates)
            if drawn is not None:
                close()
                chain = None
                files.append(drawn)
                prev_id = did
                continue
        cells = _cells(rows)
        entry = (did, None, None, rows, marks, text)
        placed = None
        if chain is not None and chain.pending is not None and chain.pending[0] == cells:
            placed = chain.pending[1]
        elif chain is not None and _fits(chain.rules, rows):
            placed = extend(chain, cells, bound, then=_next_cells(diagrams[i + 1:i + 2], chain.rules))
        if chain is not None:
            chain.pending = None
        if placed is None and chain is not None and chain.moves and _fits(chain.rules, rows):
            # the same moves under other rules of the board (variants differ in one rule)
            switched = _switch_rules(chain, candidates, cells, bound, _next_cells(diagrams[i + 1:i + 2], chain.rules),
                                     time.monotonic() + 2 * seconds)
            if switched is not None:
                chain, placed = switched
        if placed is not None:
            chain.moves, placements, chain.events, chain.positions = placed
            chain.diagrams = [(d[0], a, idx, d[3], d[4], d[5])
                              for d, (idx, a) in zip(chain.diagrams + [entry], placements)]
            prev_id = did
            continue
        # another continuation of an earlier diagram of this chain or the last ones closed
        earlier = [c for c in ([chain] if chain is not None else []) + closed[:2] if _fits(c.rules, rows)]
        found = branch(earlier, cells, bound, time.monotonic() + 2 * seconds) if earlier else None
        close()
        if found is not None:
            chain, placements = found
            (idx, a), = placements
            chain.diagrams = [(did, a, idx, rows, marks, text)]
            prev_id = did
            continue
        # no continuation: a new chain from this board
        chain = _new_chain(candidates, did, rows, marks, text, diagrams[i + 1:i + 1 + _AHEAD], bound)
        if chain is None:
            files.append(_write_todo(page, did, rows, marks, text, prev_id, candidates, turns))
        prev_id = did
    close()
    return files


def _is_board(rows):
    return all(v is None or (isinstance(v, int) and v >= 0) for row in rows for v in row)


def _numbered(rows):
    """Whether *rows* look like a numbered sowing order rather than seeds:
    five holes or more, numbered on from 0 or 1, each number once."""
    values = sorted(v for row in rows for v in row if v is not None)
    return len(values) >= 5 and values[0] in (0, 1) and values == list(range(values[0], values[0] + len(values)))


def _next_cells(following, rules):
    """The cells of the next diagram, if it is a board of seeds that fits *rules*."""
    if following and _is_board(following[0][1]) and _fits(rules, following[0][1]):
        return _cells(following[0][1])
    return None


def _new_chain(candidates, did, rows, marks, text, following, bound):
    """A chain that starts at diagram *did*: from the rules' start when the
    board is it, else from the board itself (with the player, reserves and
    turn in progress that let the next diagram be reached).  Of the rules
    that fit, the first whose chain reaches the next diagram, and the one
    after it if one does (a board may be reached by several starts, which
    part ways later); without one, the rules' start if the board is it,
    else None."""
    fitting = [r for r in candidates if _fits(r, rows)]
    cells = _cells(rows)

    def reaches(chain, b):
        cells = _next_cells(following, chain.rules)
        if cells is None:
            return False
        found = extend(chain, cells, b)
        if found is not None:
            chain.pending = (cells, found)
        return found is not None

    def reach_count(chain, b):
        """How many of the following diagrams the chain reaches in a row (the first found is kept)."""
        if not reaches(chain, b):
            return 0
        trial = replace(chain, pending=None)
        trial.moves, placements, trial.events, trial.positions = chain.pending[1]
        trial.diagrams = [(following[0][0], a, idx, *following[0][1:]) for idx, a in placements[-1:]]
        n = 1
        for entry in following[1:]:
            cells = _next_cells([entry], chain.rules)
            found = extend(trial, cells, b) if cells is not None else None
            if found is None:
                break
            trial.moves, placements, trial.events, trial.positions = found
            trial.diagrams = [(d[0], a, idx, *d[3:]) for d, (idx, a) in
                              zip(trial.diagrams + [(entry[0], None, None, *entry[1:])], placements)]
            n += 1
        return n

    def reaches_two(chain, b):
        """Whether the chain, with the next diagram placed, also reaches the one after."""
        then = _next_cells(following[1:], chain.rules)
        if then is None:
            return False
        trial = replace(chain, pending=None)
        trial.moves, placements, trial.events, trial.positions = chain.pending[1]
        trial.diagrams = [(following[0][0], a, idx, *following[0][1:]) for idx, a in placements[-1:]]
        return extend(trial, then, b) is not None

    def at_start(rules, start, start_id, own):
        chain = Chain(rules, start, start_id)
        chain.events, chain.positions = [], [start]
        if own:
            chain.head = (did, rows, marks, text)
        else:
            chain.diagrams = [(did, "start", -1, rows, marks, text)]
        return chain

    initial = [r for r in fitting if r.initial_position().cells == cells]
    first = None
    for rules in initial:
        chain = at_start(rules, rules.initial_position(), None, False)
        if reaches(chain, bound):
            if reaches_two(chain, bound):
                return chain
            first = first or chain
    if first is not None:
        return first
    if initial:         # the rules' start, whatever follows
        return at_start(initial[0], initial[0].initial_position(), None, False)
    small = replace(bound, turns=1, positions=min(bound.positions, 2_000), seconds=bound.seconds / 4)
    deadline = time.monotonic() + 4 * bound.seconds
    for rules in fitting:
        starts = _starts(rules, rows)
        # a turn in progress is tried with a small bound: a page that starts mid-turn shows the
        # turn going on, and there are many such starts
        after = _next_cells(following, rules)
        gained = sum(after) - sum(cells) if after is not None else 0
        # past a set-up (a special hole chosen ...), the start that reaches the most diagrams after it
        best, most = None, 0
        for st in starts:
            for state in _setup_states(rules):
                if time.monotonic() > deadline + 8 * bound.seconds:
                    break
                chain = at_start(rules, replace(st, state=state), did, True)
                n = reach_count(chain, small)
                if n > most:
                    best, most = chain, n
        if most >= 2:
            return best
        if _setup_states(rules):
            deadline = max(deadline, time.monotonic() + 2 * bound.seconds)
        tries = [(st, bound) for st in starts] + [(st, small) for st in _mid_turn_starts(starts, rules, gained)]
        for start, b in tries:
            if time.monotonic() > deadline:
                break
            chain = at_start(rules, start, did, True)
            if reaches(chain, b):
                if reaches_two(chain, b):
                    return chain
                first = first or chain
    return first


def _board_lines(rows):
    """``board:`` and its rows (an indentation indicator when the first row
    starts with a space, aligned under wider numbers below it)."""
    text = rows_text(rows)
    return [f"    board: |{'2' if text[0].startswith(' ') else ''}"] + ["      " + r for r in text]


def _comment(text, indent, width=92):
    if not text:
        return []
    text = " ".join(text.split())
    if len(text) > 600:
        text = text[:600].rsplit(" ", 1)[0] + " ..."
    return [f"{indent}# {line}" for line in textwrap.wrap(f"page: {text}", width - len(indent) - 2)]


def _start_lines(chain):
    pos = chain.start
    out = ["start:"]
    if chain.start_id is not None:
        out.append(f"  from: {chain.start_id}")
    out.append(f"  to_move: {pos.to_move}")
    if chain.head is not None and pos.state and pos.state in _setup_states(chain.rules):
        out.append("  state: {" + ", ".join(f"{k}: {v}" for k, v in pos.state) + "}")
    if any(pos.reserves) or chain.rules.start.get("reserve"):
        out.append(f"  reserve: {{south: {pos.reserves[0]}, north: {pos.reserves[1]}}}")
    if pos.hand is not None:
        g, h = chain.rules.geometry, pos.hand
        where = f"seeds: {h.seeds}, hole: {g.name(h.hole)}" if h.seeds else f"last: {g.name(h.hole)}"
        out.append(f"  hand: {{{where}, direction: {direction_name(h.direction)}, first_lap: false}}")
    return out


def _write_start(page, name, chain) -> DraftFile:
    """Diagrams of the rules' starting board, before any move: a ``kind: start`` example."""
    ids = [d[0] for d in chain.diagrams]
    lines = ["# yaml-language-server: $schema=../../mancala_diagrams/files/schemas/example.schema.json",
             f"# Drafted from the transcription of {page}: the rules' starting board; review it against the",
             "# page's text, rename the file, and write the title.",
             *NOT_REVIEWED, f"example: {name}", "kind: start", f"rules: {chain.rules.name}",
             "title:",
             f"  en: \"Page {page}, the start ({', '.join(ids)}), as drafted\"",
             f"  fr: \"Page {page}, le départ ({', '.join(ids)}), en brouillon\"",
             "source:", f"  page: {page}", "diagrams:"]
    for did, _, _, rows, marks, text in chain.diagrams:
        lines += _comment(text, "  ")
        lines.append(f"  - id: {did}")
        if marks:
            lines += _marks_lines(marks, _roles_for(marks, chain.rules, [], None, chain.start))
        lines += _board_lines(rows)
    return DraftFile(name, "\n".join(lines) + "\n", [], ids, [], rules=chain.rules.name)


def _home_of(chain):
    """The chain whose file takes *chain* as one of its lines: for a branch,
    the file that holds the chain it shares its first turns with, if both
    play under the same rules from the same start and those turns are still
    the same; else None (a file of its own)."""
    base = chain.base
    if base is None or chain.head is not None:
        return None
    home = base.home or base
    keep = chain.shared_turns
    if (home.file_at is None or chain.rules is not home.rules or chain.start != home.start
            or chain.start_id != home.start_id or list(chain.moves[:keep]) != list(base.moves[:keep])):
        return None
    return home


def _line_name(home, chain):
    """A line named after the first diagram it shows."""
    name, taken = f"shows-{chain.diagrams[0][0]}", {home.line_name, *(ln.line_name for ln in home.lines)}
    n = 2
    while name in taken:
        name, n = f"shows-{chain.diagrams[0][0]}-{n}", n + 1
    return name


def _diagram_lines(chain, pad=""):
    """The ``diagrams:`` entries of *chain* (its head first), indented by
    *pad* more: (lines, chained ids, ids at a start)."""
    lines, chained, starts = [], [], []
    entries = ([(chain.head[0], "start", None, *chain.head[1:])] if chain.head else []) + list(chain.diagrams)
    for n, (did, anchor, index, rows, marks, text) in enumerate(entries):
        head = chain.head is not None and n == 0
        lines += _comment(text, pad + "  ")
        entry = [f"  - id: {did}", f"    at: {anchor}"]
        if marks:
            entry += _marks_lines(marks, _roles_for(marks, chain.rules, [], None, chain.start) if head else
                                  _roles_for(marks, chain.rules, chain.events, index, chain.start))
        entry += _board_lines(rows)
        lines += [pad + ln for ln in entry]
        if not head:
            (starts if anchor in ("start", "turn 1 start") else chained).append(did)
    return lines, chained, starts


def _write_chain(page, name, chain) -> DraftFile:
    if (not chain.moves and chain.head is None and chain.start_id is None and chain.start.hand is None
            and not chain.lines and all(d[1] == "start" for d in chain.diagrams)):
        return _write_start(page, name, chain)
    g = chain.rules.geometry
    ids = ([chain.head[0]] if chain.head else []) + [d[0] for c in (chain, *chain.lines) for d in c.diagrams]
    first, last = ids[0], ids[-1]
    lines = ["# yaml-language-server: $schema=../../mancala_diagrams/files/schemas/example.schema.json",
             f"# Drafted from the transcription of {page}: the moves are those the search found between",
             "# consecutive diagrams; review them against the page's text, rename the file, and write the title."]
    if chain.head:
        lines += [f"# It starts from the board of {chain.head[0]}, which no continuation of the diagrams before it",
                  "# reached: review who is to move, the reserves and any turn in progress (`start:`)."]
    if chain.branch_of:
        shared = (f"the first {chain.shared_turns} turn(s) of" if chain.shared_turns else "the start of")
        lines += [f"# Another continuation: it shares {shared} the example that shows {chain.branch_of},",
                  "# and goes on otherwise (as a line of that example, it would say `from: {line: ..., turn: N}`)."]
    if chain.lines:
        lines += ["# The page shows other continuations too: each is a line that shares the first turns of the",
                  "# line it names (`from: {line: ..., turn: N}`: after N turns) and goes on otherwise."]
    lines += [
             *NOT_REVIEWED, f"example: {name}", f"rules: {chain.rules.name}",
             "title:",
             f"  en: \"Page {page}, diagrams {first} to {last}, as drafted\"",
             f"  fr: \"Page {page}, diagrammes {first} à {last}, en brouillon\"",
             "source:", f"  page: {page}"]
    lines += _start_lines(chain)
    body, chained, starts = _diagram_lines(chain)
    if not chain.lines:
        if chain.moves:
            lines.append("moves:")
            lines += [f"  - {move_yaml(turn, g)}" for turn in chain.moves]
        lines += ["diagrams:", *body]
    else:
        lines += ["lines:", f"  {chain.line_name}:"]
        if chain.moves:
            lines.append("    moves:")
            lines += [f"      - {move_yaml(turn, g)}" for turn in chain.moves]
        lines += ["    diagrams:", *_diagram_lines(chain, "    ")[0]]
        for line in chain.lines:
            keep, origin = line.shared_turns, line.base
            while origin is not chain and keep <= origin.shared_turns:   # the line those turns come from
                origin = origin.base
            shared = (f"shares the first {keep} turn(s) of {origin.line_name}" if keep else
                      f"starts at the start of {origin.line_name}")
            lines += [f"  # another continuation, which the page shows in {line.diagrams[0][0]}: it {shared}",
                      f"  {line.line_name}:", f"    from: {{line: {origin.line_name}, turn: {keep}}}"]
            if line.moves[keep:]:
                lines.append("    moves:")
                lines += [f"      - {move_yaml(turn, g)}" for turn in line.moves[keep:]]
            more, more_chained, more_starts = _diagram_lines(line, "    ")
            lines += ["    diagrams:", *more]
            chained += more_chained
            starts += more_starts
    return DraftFile(name, "\n".join(lines) + "\n", chained, starts, [], [chain.head[0]] if chain.head else [],
                     rules=chain.rules.name)


def _track_of(rules, rows):
    """The track settings under which *rules* number exactly the holes of
    *rows* (one player's holes, numbered on from the smallest), or None."""
    g = rules.geometry
    numbered = {r * g.columns + c: v for r, row in enumerate(rows) for c, v in enumerate(row) if v is not None}
    if not numbered or not all(isinstance(v, int) for v in numbered.values()):
        return None
    first = min(numbered, key=numbered.get)
    for player in g.players:
        if not set(numbered) <= set(g.track(player)):
            continue
        for direction in (CW, CCW):
            hole, going, ok = first, direction, True
            for i in range(len(numbered)):
                if numbered.get(hole) != numbered[first] + i:
                    ok = False
                    break
                hole, going = g.advance(player, hole, going)
            if ok:
                return {"player": player, "from": first, "direction": direction_name(direction),
                        "numbering": numbered[first], "count": len(numbered)}
    return None


def _draw(page, did, rows, marks, text, candidates):
    """A diagram that is no board of seeds, drawn from the rules: a numbered
    sowing order (``kind: track``) or coloured holes on an empty board
    (``kind: special-holes``), with the first rules that give it; else None."""
    fitting = [r for r in candidates if _fits(r, rows)]
    head = ["# yaml-language-server: $schema=../../mancala_diagrams/files/schemas/example.schema.json",
            f"# Drafted from the transcription of {page}: review it against the page's text, rename the",
            "# file, and write the title.",
            *NOT_REVIEWED, f"example: {page}-draft-{did}"]
    title = [f"  en: \"Page {page}, diagram {did}, as drafted\"",
             f"  fr: \"Page {page}, diagramme {did}, en brouillon\""]
    body = _comment(text, "  ") + [f"  - id: {did}"]
    if marks and all(v is None for row in rows for v in row):
        for rules in fitting:
            show = _roles_for(marks, rules, [], None, rules.initial_position(), union=True)
            if show:
                lines = head + ["kind: special-holes", f"rules: {rules.name}", "title:"] + title + [
                    "source:", f"  page: {page}",
                    "legend: {" + ", ".join(f"{c}: {r}" if "," not in r else f"{c}: \"{r}\""
                                            for c, r in show.items()) + "}",
                    "diagrams:"] + body + ["    marks: |"] + [
                    "      " + " ".join(v or "." for v in row) for row in marks] + _board_lines(rows)
                return DraftFile(f"{page}-draft-{did}", "\n".join(lines) + "\n", [], [], [], drawn=[did],
                                 rules=rules.name)
        return None
    if marks:
        return None
    for rules in fitting:
        track = _track_of(rules, rows)
        if track is not None:
            g = rules.geometry
            lines = head + ["kind: track", f"rules: {rules.name}", "title:"] + title + [
                "source:", f"  page: {page}",
                f"track: {{player: {track['player']}, from: {g.name(track['from'])}, direction: {track['direction']}, "
                f"numbering: {track['numbering']}, count: {track['count']}}}",
                "diagrams:"] + body + _board_lines(rows)
            return DraftFile(f"{page}-draft-{did}", "\n".join(lines) + "\n", [], [], [], drawn=[did],
                             rules=rules.name)
    return None


def _write_todo(page, did, rows, marks, text, prev_id, candidates, turns, why=None) -> DraftFile:
    name = f"{page}-draft-{did}-todo"
    g = next((r for r in candidates if _fits(r, rows)), candidates[0])
    whence = f"from {prev_id}" if prev_id else "from the page's previous diagram"
    what = (f"# TODO: {did} {why}." if why else
            f"# TODO: no continuation {whence} reaches {did} within {turns} turns (every decision tried).")
    # explain searches from the diagram before this one in its example: this file, which starts from
    # the diagram's own board (and is refused while it holds the TODO), gives it nothing to search from
    how = ([f"# To search further, move this diagram into the file that lists {prev_id}, after it, with the",
            "# last turn it may show (`at: turn N end`), and run `mancala-diagrams explain "
            f"{did}`: it searches up to",
            f"# that turn from {prev_id} and prints the moves that reach the board (add them to that file's moves:) or, if",
            "# nothing does, the closest boards (an erratum's rules_board). Then delete this file and its",
            f"# mancala-example directive in docs/games/{page}.md.",
            "# Or declare an erratum with its evidence, or say why the page starts afresh here (this file);",
            "# then remove this TODO."] if prev_id and not why else
           ["# Declare an erratum with its evidence, or say why the page starts afresh here; then remove",
            "# this TODO."])
    lines = ["# yaml-language-server: $schema=../../mancala_diagrams/files/schemas/example.schema.json",
             what, *how,
             *NOT_REVIEWED, f"example: {page}-draft-{did}-todo", f"rules: {g.name}",
             "title:", f"  en: \"Page {page}, diagram {did}, not reached\"",
             f"  fr: \"Page {page}, diagramme {did}, non atteint\"",
             "source:", f"  page: {page}",
             "start:", f"  from: {did}", "  to_move: south"]
    if g.start.get("reserve"):
        lines.append("  reserve: {south: 0, north: 0}")
    lines += ["diagrams:"] + _comment(text, "  ") + [f"  - id: {did}", "    at: start"]
    lines += _board_lines(rows)
    return DraftFile(name, "\n".join(lines) + "\n", [], [], [did], rules=g.name)
