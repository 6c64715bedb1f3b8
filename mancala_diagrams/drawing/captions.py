"""Captions and alt text, written from the engine's trace, in the build's language.

The functions here are pure: they take engine events (objects with the fields of
:class:`mancala_diagrams.engine.Event`: ``kind``, ``player``, ``holes``,
``count``, ``direction``, ``reason``, ...) or a position, and return one
sentence or a short paragraph in the language asked for.  The sentences are
messages of the gettext catalogs (:mod:`.catalog`): written here in English,
with named placeholders (``%(who)s``), and translated whole in
``drawing/locales/<lang>/LC_MESSAGES/captions.po``; this module only chooses
which sentence fits the events and fills in its placeholders.  Clauses that end
a lap (``", which was empty, so the turn ends"``) are messages of their own,
with their leading punctuation, so a translation controls that too.

The narrator here tells what every turn is made of: seeds taken up and sown,
where a lap ends, how a turn ends.  What a building block adds (a capture,
a rova, the tsibongy, fotsiny ...) is told by that block's telling
(:mod:`.tellings`), which the narrator finds by the name of the block each
event names (``Event.rule``).
"""
from __future__ import annotations

import re
from functools import lru_cache

from ..engine.geometry import CW, NORTH, SOUTH, other
from ..engine.position import Position
from .catalog import N_, in_language, languages, words
from .tellings import SOWN, TAKEN, TELLINGS, telling_of, tellings_of

NBSP = "\u00a0"
#: The languages with captions (English and every caption catalog).
LANGS = tuple(languages())

PLAYERS = {SOUTH: N_("South"), NORTH: N_("North")}
DIRECTIONS = {CW: N_("clockwise"), -CW: N_("counterclockwise")}


def player_name(player, lang: str) -> str:
    """``South`` / ``Sud``; an unknown player keeps its own name."""
    msg = PLAYERS.get(player)
    return words(lang).gettext(msg) if msg else player


def direction_name(direction, lang: str) -> str:
    msg = DIRECTIONS.get(direction)
    return words(lang).gettext(msg) if msg else ""


#: Names of the holes the rules single out (``Rules.hole_roles``: ``KIND.PLAYER``), by kind:
#: (the, of, into, in) for the player's own hole, and the same for the other player's; each
#: block's telling gives the names of its holes (:mod:`.tellings`).
ROLE_WORDS = {kind: forms for t in TELLINGS.values() for kind, forms in t.roles.items()}
#: Two holes of one role kind that go together (a capture takes both rova holes).
ROLE_GROUPS = {group: forms for t in TELLINGS.values() for group, forms in t.groups.items()}
FORMS = ("the", "of", "into", "in")


class HoleNamer:
    """Names holes in a language: ``a2``, or what the rules call them there and
    then (``the left tsibongy``, ``North’s back rova``), from ``Rules.hole_roles``
    of the board and state an event carries.  *special_names* ({hole: {lang:
    name}}) fixes a name by hand."""

    def __init__(self, geometry, special_names=None, rules=None):
        self.geometry = geometry
        self.special = dict(special_names or {})
        self.rules = rules
        self._cache = {}

    def roles(self, event) -> dict:
        if self.rules is None or event is None or not getattr(event, "cells", None):
            return {}
        key = (tuple(event.cells), tuple(getattr(event, "state", ()) or ()))
        if key not in self._cache:
            try:
                pos = Position(self.geometry, key[0], state=key[1])
                self._cache[key] = self.rules.hole_roles(pos)
            except Exception:  # noqa: BLE001 - a name is never worth a failed caption
                self._cache[key] = {}
        return self._cache[key]

    def role(self, hole, event=None):
        """(kind, owner) of *hole* at *event*, or None for an ordinary hole."""
        found = self.roles(event).get(hole)
        if not found:
            return None
        kind, _, owner = found.partition(".")
        return (kind, owner or None) if kind in ROLE_WORDS else None

    def forms(self, hole, lang, event=None, actor=None) -> dict:
        """{'the': ..., 'of': ..., 'into': ..., 'in': ...} for *hole*."""
        if hole in self.special:
            names = self.special[hole]
            return _plain_forms(in_language(names, lang), lang)
        role = self.role(hole, event)
        if role is None:
            return dict(_plain_forms(self.geometry.name(hole), lang), plain=True)
        kind, owner = role
        return _role_forms(ROLE_WORDS[kind], owner, actor, lang)

    def group(self, holes, lang, event=None, actor=None):
        """One name for several holes: a role group (``North’s rova, both its
        holes``) or the names joined; a single hole's own name."""
        if len(holes) == 1:
            return self.forms(holes[0], lang, event, actor)
        roles = [self.role(h, event) for h in holes]
        if len(holes) > 1 and all(roles):
            kinds = {r[0].split("-")[0] for r in roles}
            owners = {r[1] for r in roles}
            if len(kinds) == 1 and len(owners) == 1 and next(iter(kinds)) in ROLE_GROUPS:
                return _role_forms(ROLE_GROUPS[next(iter(kinds))], next(iter(owners)), actor, lang)
        forms = [self.forms(h, lang, event, actor) for h in holes]
        names = join([f["the"] for f in forms], lang)
        group = _plain_forms(names, lang)
        if len(holes) > 1:
            # Translators: "of" before several holes; %(of_each)s is the holes each with its own
            # "of" (French: d’a3 et d’a4), %(holes)s the holes alone (English: of a3 and a4)
            group["of"] = words(lang).pgettext("several holes", "of %(holes)s", holes=names,
                                               of_each=join([f["of"] for f in forms], lang))
        return group

    def __call__(self, hole: int, lang: str, event=None, actor=None) -> str:
        """The hole's name: ``forms(...)["the"]``, without writing its other
        forms when the hole is an ordinary one or named by hand."""
        if hole in self.special:
            names = self.special[hole]
            return in_language(names, lang)
        if self.role(hole, event) is None:
            return self.geometry.name(hole)
        return self.forms(hole, lang, event, actor)["the"]


def _role_forms(messages, owner, actor, lang) -> dict:
    w = words(lang)
    own, others = messages
    if owner is not None and actor is not None and owner != actor:
        who = player_name(owner, lang)
        return {form: w.lookup(msg, player=who) for form, msg in zip(FORMS, others)}
    return {form: w.lookup(msg) for form, msg in zip(FORMS, own)}


def _plain_forms(name: str, lang: str) -> dict:
    w = words(lang)
    if name[:1].lower() in "aeiouyh":
        # Translators: "of" before a hole name that begins with a, e, h, i, o, u or y (French: d’a2)
        of = w.pgettext("before a vowel", "of %(hole)s", hole=name)
    else:
        of = w.gettext("of %(hole)s", hole=name)
    return {"the": name, "of": of, "into": w.gettext("into %(hole)s", hole=name),
            "in": w.gettext("in %(hole)s", hole=name)}


def _into(hole_name: str, lang: str) -> str:
    return _plain_forms(hole_name, lang)["into"]


#: A turn's end that no telling tells (its rule's telling does not know the reason).
GENERIC_TURN_END = N_("The turn ends.")

#: What follows the hole where a lap ended, written after "the last falls into X"
#: (each clause starts with its own punctuation): the narrator's own clauses; the
#: blocks' are their tellings'.
LAP_END = {
    "relay": N_(", which was not empty, so its seeds are taken up and sown on"),
    "full-end": N_(", which was not empty; the turn ends"),
    "empty": N_(", which was empty"),
    "full": N_(", which was not empty"),
    "then-relay": N_("; its seeds are taken up and sown on"),
    "then-empty-end": N_(", so the turn ends"),
}


def _check(lang):
    words(lang)     # a MancalaError (a ValueError) for a language without a catalog


def seeds(n: int, lang: str) -> str:
    """'one seed' / '5 seeds'."""
    return words(lang).ngettext("one seed", "%(n)s seeds", n)


def the_seeds(n: int, lang: str) -> str:
    """'the 5 seeds' / 'the seed'."""
    return words(lang).ngettext("the seed", "the %(n)s seeds", n)


def join(items, lang: str) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return words(lang).gettext("%(first)s and %(last)s", first=", ".join(items[:-1]), last=items[-1])


def _title(title, lang) -> str:
    return in_language(title, lang)


def describe_start(position, lang: str, rules=None, title=None, assumed=False, artificial=False) -> str:
    """The caption of a worked example's first diagram: who is to play, or the
    turn under way (a start with seeds in hand), and whether the position rests
    on assumptions (stated above the figures)."""
    _check(lang)
    w = words(lang)
    g = position.geometry
    who = player_name(position.to_move, lang)
    parts = [f"{_title(title, lang)}." if title else ""]
    hand = position.hand
    reserve = position.reserve(position.to_move) if position.to_move in g.players else 0
    if hand is None and reserve:
        parts.append(w.gettext("%(who)s to play, with %(seeds)s in reserve.", who=who,
                               seeds=seeds(reserve, lang)))
    elif hand is None:
        parts.append(w.gettext("%(who)s to play.", who=who))
    else:
        name = HoleNamer(g, rules=rules)
        probe = _Probe(position)
        where = name.forms(hand.hole, lang, probe, position.to_move)
        way = direction_name(hand.direction, lang)
        if hand.seeds:
            parts.append(w.gettext("A turn under way: %(who)s holds %(seeds)s in hand, to sow %(direction)s, "
                                   "the first %(into)s.", who=who, seeds=seeds(hand.seeds, lang), direction=way,
                                   into=where["into"]))
        else:
            parts.append(w.gettext("A turn under way: %(who)s’s lap going %(direction)s has just ended "
                                   "%(where)s, which now holds %(seeds)s.", who=who, direction=way,
                                   where=where["in"], seeds=seeds(position.cells[hand.hole], lang)))
        parts.extend(t.start(position, lang, rules) for t in tellings_of(rules))
    if artificial:
        parts.append(w.gettext("A position made up to show the rule, on the assumptions stated above."))
    elif assumed:
        parts.append(w.gettext("The steps rest on the assumptions stated above."))
    return " ".join(p for p in parts if p)


class _Probe:
    """A stand-in event carrying a position's board and state (to name its holes)."""

    def __init__(self, position):
        self.cells = position.cells
        self.state = position.state


def describe_events(events, geometry, lang: str, names=None, following=None, rules=None,
                    start=None) -> str:
    """One caption for a run of events (what happened since the previous diagram).

    *following*: the events that come right after the run, if any: they tell
    what the end of the last lap leads to (a turn end, a relay, a capture).
    *rules*: name the holes the rules single out (tsibongy, rova, nyumba, the
    special hole).  *start*: the example's start position (a turn under way,
    with its assumptions); a run of ``start`` events alone is described by it.
    """
    _check(lang)
    w = words(lang)
    name = names if isinstance(names, HoleNamer) else HoleNamer(geometry, names, rules)
    if rules is not None and name.rules is None:
        name.rules = rules
    events = list(events)
    rest = list(following) if isinstance(following, (list, tuple)) else \
        ([following] if following is not None else [])
    if events and all(e.kind == "start" for e in events):
        if start is not None:
            return describe_start(start, lang, rules)
        return w.gettext("The position before the move; %(who)s to play.",
                         who=player_name(events[0].player, lang))
    events = [e for e in events if e.kind != "start"]
    turns = []
    for e in events:
        if not turns or turns[-1][0] != e.turn:
            turns.append((e.turn, []))
        turns[-1][1].append(e)
    if len(turns) <= 1:
        return _Narrator(events, rest, name, lang, rules, start).text()
    out = []
    for k, (n, run) in enumerate(turns):
        after = turns[k + 1][1] if k + 1 < len(turns) else rest
        narrator = _Narrator(run, after, name, lang, rules, start)
        laps = len({e.lap for e in run if e.kind in ("pickup", "drop", "place")})
        body = narrator.summary() if laps > 3 else narrator.text()
        out.append(w.gettext("Turn %(n)s: %(text)s", n=n, text=body))
    return " ".join(out)


class _Narrator:
    """Writes one turn's run of events as sentences, a lap at a time: the
    generic pickups, drops, lap ends and turn ends here, everything else by
    the telling of the block each event names (:mod:`.tellings`), with the
    helpers below."""

    def __init__(self, events, following, name, lang, rules, start):
        self.run = list(events)
        self.tail = self.run + list(following)
        self.limit = len(self.run)
        self.name = name
        self.lang = lang
        self.w = words(lang)
        self.rules = rules
        self.start = start
        self.ended = False          # a sentence already says the turn ends

    # -- helpers (the tellings use them too) ----------------------------------------------
    def at(self, k):
        return self.tail[k] if 0 <= k < len(self.tail) else None

    @staticmethod
    def telling(e):
        """The telling of the block that caused the event *e*, or None."""
        return telling_of(getattr(e, "rule", None)) if e is not None else None

    def who(self, e):
        return player_name(e.player, self.lang)

    def opp(self, e):
        return player_name(other(e.player), self.lang) if e.player in (SOUTH, NORTH) else ""

    def forms(self, hole, e):
        return self.name.forms(hole, self.lang, e, e.player)

    def way(self, direction):
        return direction_name(direction, self.lang)

    def seeds(self, n):
        return seeds(n, self.lang)

    def the_seeds(self, n):
        return the_seeds(n, self.lang)

    def lap_then(self, lap, end):
        """A lap and how it ended, as one sentence."""
        return self.w.gettext("%(lap)s; %(end)s.", lap=lap, end=end)

    # -- the whole run ----------------------------------------------------------------------
    def text(self) -> str:
        out = []
        i = 0
        w = self.w
        while i < self.limit:
            e = self.run[i]
            k = e.kind
            t = self.telling(e)
            told = t.tell(self, i) if t is not None else None
            if told is None and k in ("pickup", "drop"):
                told = (self.lap_from_pickup if k == "pickup" else self.lap_from_drops)(i)
            if told is not None:      # these tell a run of events and say where the next begins
                sentence, i = told
                out.append(sentence)
                continue
            if k == "lap_end":   # a lap whose sowing the previous diagram showed
                f = self.forms(e.holes[0], e) if e.holes else {"in": "?"}
                head = w.gettext("%(who)s’s lap ends %(where)s", who=self.who(e), where=f["in"])
                out.append(head + self.lap_end_clause(i, head=False) + ".")
            elif k == "turn_end" and not self.ended:
                text = t.turn_end.get(e.reason or "", GENERIC_TURN_END) if t is not None else GENERIC_TURN_END
                out.append(w.lookup(text, who=self.who(e), opp=self.opp(e)))
                self.ended = True
            # other choices and fotsiny events are told by the lap-end clause before them
            i += 1
        return " ".join(out)

    def summary(self) -> str:
        """A long turn in one sentence: where it started, how many laps, how it ended."""
        run, w = self.run, self.w
        first = next((e for e in run if e.kind in ("pickup", "place")), run[0])
        laps = len({e.lap for e in run if e.kind in ("pickup", "drop", "place")})
        way = self.way(next((e.direction for e in run if e.kind == "drop"), 0))
        hole = self.forms(first.holes[0], first)["the"] if first.holes else "?"
        text = w.gettext("%(who)s sows from %(hole)s %(direction)s, %(laps)s laps in all", who=self.who(first),
                         hole=hole, direction=way, laps=laps)
        text += "".join(t.summary(self) for t in tellings_of(self.rules))
        ends = [k for k, e in enumerate(self.run) if e.kind == "lap_end"]
        if ends:
            return w.gettext("%(lap)s; at the end, %(end)s.", lap=text, end=self.lap_end_clause(ends[-1]))
        return text + "."

    # -- a lap --------------------------------------------------------------------------------
    def drops_from(self, j):
        drops = []
        while j < self.limit and self.tail[j].kind == "drop":
            drops.append(self.tail[j])
            j += 1
        return drops, j

    def finish_lap(self, head, j, count, direction, e0):
        """*head* opened a lap of *count* seeds whose drops start at *j*."""
        lang = self.lang
        drops, j = self.drops_from(j)
        end = self.at(j) if j < self.limit else None
        if end is not None and end.kind == "lap_end" and len(drops) == count:
            return self.lap_then(head, self.lap_end_clause(j)), j + 1
        if not drops:
            return head, j
        into = join([self.forms(d.holes[0], d)["the"] for d in drops], lang)
        return self.w.gettext("%(lap)s; %(seeds)s %(direction)s so far, %(into)s.", lap=head,
                              seeds=seeds(len(drops), lang), direction=self.way(direction),
                              into=_into(into, lang)), j

    def lap_from_pickup(self, i):
        w = self.w
        e = self.run[i]
        j = i + 1
        partner = self.at(j)
        if j < self.limit and partner is not None and partner.kind == "pickup" and partner.turn == e.turn:
            t = self.telling(partner)           # another hole taken up with this one (a rova)
            told = t.joins_pickup(self, i) if t is not None else None
            if told is not None:
                return told
        hole = e.holes[0] if e.holes else None
        f = self.forms(hole, e) if hole is not None else {"the": "?", "of": "?"}
        drops, _ = self.drops_from(j)
        # no drop and no lap end in this run: the seeds are only taken in hand so far
        pending = not drops and not (j < self.limit and self.tail[j].kind == "lap_end")
        t = self.telling(e)
        head = t.lap_head(self, i, pending) if t is not None and hole is not None else None
        if head is not None and pending:
            return head, j
        if head is None and pending:
            return w.gettext(TAKEN, who=self.who(e), seeds=the_seeds(e.count, self.lang), of=f["of"]), j
        if head is None:
            head = w.gettext(SOWN, who=self.who(e), seeds=the_seeds(e.count, self.lang), of=f["of"],
                             direction=self.way(e.direction))
        return self.finish_lap(head, j, e.count, e.direction, e)

    def lap_from_drops(self, i):
        """Drops with no pickup before them in the run: a lap already under way,
        seeds in hand (a start mid-turn, captured seeds sown from a tsibongy)."""
        lang, w = self.lang, self.w
        drops, j = self.drops_from(i)
        e = drops[0]
        who = self.who(e)
        end = self.at(j)
        whole_lap = drops[0].seed == 1 and end is not None and end.kind == "lap_end"
        if whole_lap and len(drops) > 1:
            head = w.gettext("%(who)s sows %(seeds)s in hand %(direction)s, the first %(into)s", who=who,
                             seeds=the_seeds(len(drops), lang), direction=self.way(e.direction),
                             into=self.forms(e.holes[0], e)["into"])
            return self.lap_then(head, self.lap_end_clause(j)), j + 1
        into = _into(join([self.forms(d.holes[0], d)["the"] for d in drops], lang), lang)
        if end is not None and end.kind == "lap_end" and len(drops) == 1:
            clause = self.lap_end_clause(j, head=False)
            return w.gettext("%(who)s drops the last seed %(into)s", who=who, into=into) + clause + ".", j + 1
        text = w.ngettext("%(who)s drops a seed %(into)s", "%(who)s drops %(n)s seeds, one each %(into)s",
                          len(drops), who=who, into=into)
        if end is not None and end.kind == "lap_end":
            return self.lap_then(text, self.lap_end_clause(j)), j + 1
        return text + ".", j

    # -- how a lap ends ------------------------------------------------------------------------
    def lap_end_clause(self, k, head=True, placed=False) -> str:
        """'the last falls into c2, which was empty, so the turn ends': the lap end at
        tail[k], and what the events after it show (told by their blocks' tellings)."""
        w = self.w
        e = self.tail[k]
        hole = e.holes[0] if e.holes else None
        f = self.forms(hole, e) if hole is not None else {"the": "?", "into": "?"}
        text = w.gettext("the last falls %(into)s", into=f["into"]) if head else ""

        def say(key):
            return w.lookup(LAP_END[key])

        j = k + 1
        nxt = self.at(j)
        t = self.telling(nxt)
        aside = t.interject(self, k, j, placed) if t is not None else None
        if aside is not None:           # a clause, and then what follows it
            return text + aside + self.then(k, j + 1, after=True)
        nk = getattr(nxt, "kind", None)
        if nk == "turn_end":
            self.ended = self.ended or j < self.limit
        clause = t.after_lap(self, k, j, placed, direct=True) if t is not None else None
        if clause is not None:
            return text + clause
        if nk == "turn_end":
            told = t.lap_end.get(nxt.reason) if t is not None else None
            if told is not None:
                return text + w.lookup(told, who=self.who(e), opp=self.opp(e))
            return text + say("full-end" if not placed else "then-empty-end")
        if nk in ("pickup", "choice"):
            return text + self.then(k, j, placed=placed)
        if placed:
            return text
        return text + say("empty" if e.reason == "empty" else "full")

    def then(self, k, j, after=False, placed=False) -> str:
        """What follows a full hole (the lap end tail[k]): the event at *j*, a
        relay or what a block makes of it; *after*: said after another clause."""
        w = self.w
        e, nxt = self.tail[k], self.at(j)
        t = self.telling(nxt)
        clause = t.after_lap(self, k, j, placed, direct=False) if t is not None else None
        if clause is not None:
            return clause
        nk = getattr(nxt, "kind", None)
        if nk == "pickup" and nxt.holes == e.holes:
            return w.lookup(LAP_END["then-relay" if (after or placed) else "relay"])
        if nk == "turn_end":
            if t is not None and nxt.reason in t.lap_end_after:
                return w.lookup(t.lap_end[nxt.reason], who=self.who(e), opp=self.opp(e))
            return w.lookup(LAP_END["then-empty-end"])
        return ""


# -- alt text: the position in words --------------------------------------------------

#: A row's name: (alone on a one-player board, one player's row)
ROW_WORDS = {
    "row": (N_("Row"), N_("%(player)s’s row")),
    "inner": (N_("Inner row"), N_("%(player)s’s inner row")),
    "outer": (N_("Outer row"), N_("%(player)s’s outer row")),
    "middle": (N_("Middle row"), N_("%(player)s’s middle row")),
}


def _row_label(geometry, player, depth, lang) -> str:
    return _row_label_in(words(lang), geometry, player, depth)


@lru_cache(maxsize=256)
def _row_label_in(w, geometry, player, depth) -> str:
    """A row's name in the language of *w* (a :class:`Words`, renewed when the
    catalogs change): a board's few row names serve each of its pictures."""
    n = geometry.rows_per_player
    which = ("row" if n == 1 else "inner" if depth == 0 else "outer" if depth == n - 1 else "middle")
    solo, owned = ROW_WORDS[which]
    if geometry.solo:
        return w.lookup(solo)
    return w.lookup(owned, player=player_name(player, w.lang))


def describe_position(position, lang: str, *, numbers=None, highlights=None, names=None,
                      show_to_move=True, rules=None) -> str:
    """The board in words, row by row from the top (as the image shows it).
    With *rules*, the special holes are named by what they are (``e2 (South’s
    front rova)``)."""
    _check(lang)
    w = words(lang)
    g = position.geometry
    name = names if isinstance(names, HoleNamer) else HoleNamer(g, names, rules)
    probe = _Probe(position)
    empty = w.gettext("empty")
    parts = [w.gettext("A board of %(rows)s rows of %(columns)s holes, read from South’s left to right.",
                       rows=g.rows, columns=g.columns)]
    C = g.columns
    for r in range(g.rows):
        player, depth, _ = g.locate(r * C)
        holes = range(r * C, (r + 1) * C)
        if numbers:
            vals = [str(numbers[h]) if h in numbers else "–" for h in holes]
        else:
            vals = [str(position.cells[h]) if position.cells[h] else empty for h in holes]
        parts.append(w.gettext("%(row)s: %(holes)s.", row=_row_label(g, player, depth, lang), holes=", ".join(vals)))
    if numbers:
        parts.append(w.gettext("Numbers give the sowing order."))
    if any(position.reserves):
        for player in g.players:
            n = position.reserve(player)
            if n:
                parts.append(w.gettext("%(who)s has %(seeds)s in reserve.", who=player_name(player, lang),
                                       seeds=seeds(n, lang)))
    if position.hand and position.hand.seeds:
        parts.append(w.gettext("%(who)s holds %(seeds)s in hand.", who=player_name(position.to_move, lang),
                               seeds=seeds(position.hand.seeds, lang)))
    for role, holes in (highlights or {}).items():
        holes = sorted(holes)
        if holes and role in ROLE_NAMES:
            def called(h):
                plain = g.name(h)
                if role != "special" or name.role(h, probe) is None:
                    return name(h, lang)
                return f"{plain} ({name(h, lang, probe, actor='')})"
            parts.append(w.gettext("%(role)s: %(holes)s.", role=w.lookup(ROLE_NAMES[role]),
                                   holes=join([called(h) for h in holes], lang)))
    if show_to_move and not numbers and not g.solo:
        parts.append(w.gettext("%(who)s to play.", who=player_name(position.to_move, lang)))
    return " ".join(parts)


def describe_track(geometry, player, hole: str, direction, first: int, lang: str) -> str:
    """The caption of a sowing-order diagram (``mancala-track``)."""
    return words(lang).gettext(
        "%(who)s’s sowing order from %(hole)s, %(direction)s: the seeds taken from the hole numbered "
        "%(first)s fall into the holes numbered %(second)s, %(third)s, and so on.",
        who=player_name(player, lang), hole=hole, direction=direction_name(direction, lang),
        first=first, second=first + 1, third=first + 2)


#: The legend: what each highlight means (for alt text and the legend table).
ROLE_NAMES = {
    "emptied": N_("Hole emptied"),
    "sown": N_("Holes sown"),
    "last": N_("Last seed"),
    "captured": N_("Captured"),
    "special": N_("Special holes"),
    "differs": N_("Differs from the published diagram"),
    "sow-right": N_("Sown towards the right"),
    "sow-left": N_("Sown towards the left"),
    "sow-choice": N_("Sown from either tsibongy, as the player chooses"),
}
ROLE_LEGEND = {
    "emptied": N_("dashed orange ring: the hole whose seeds were taken in hand"),
    "sown": N_("thin green ring: a hole that received a seed"),
    "last": N_("thick blue double ring: the hole where the last seed fell"),
    "captured": N_("red ring and cross: a hole whose seeds were captured"),
    "special": N_("purple square: a special hole (rova, nyumba, tsibongy, the target hole)"),
    "differs": N_("dashed pink square: the published and the replayed boards differ here"),
    "sow-right": N_("white arrow pointing right: the seeds are sown towards the right from here (in a hole "
                    "of the opponent's inner row, the seeds captured there)"),
    "sow-left": N_("white arrow pointing left: the same, towards the left"),
    "sow-choice": N_("question mark: the seeds captured there are sown from the tsibongy the player chooses"),
}


def role_name(role: str, lang: str) -> str:
    return words(lang).lookup(ROLE_NAMES[role])


def legend_text(role: str, lang: str) -> str:
    _check(lang)
    return words(lang).lookup(ROLE_LEGEND[role])


def sentence(text: str) -> str:
    """*text* (a data file's words, e.g. an erratum's reason) as the start of
    a sentence: its first letter a capital.  A reason may be written to
    follow a colon ("katro-12: the board holds ..."), and a caption puts it
    after a full stop."""
    text = text.strip()
    return text[:1].upper() + text[1:]


#: A moment of a replay as an example file names it (``turn 3 lap 23 end``,
#: ``lap 6 merge``, ``drop 2``): files/examples.py's anchor syntax.
_MOMENT = re.compile(r"\b(?:turn (\d+) )?(?:lap (\d+) )?(start|end|place|pickup|capture|merge|choice|drop(?: (\d+))?)\b")
_MOMENT_WORDS = {
    # Translators: the moments of a replay, as the errata page names them: "turn 3, lap 23, end"
    "start": N_("start"), "end": N_("end"), "place": N_("placing"), "pickup": N_("pick-up"),
    "capture": N_("capture"), "merge": N_("captured seeds added"), "choice": N_("choice"),
}


def describe_moment(at: str, lang: str) -> str:
    """A moment of a replay as an example file names it (its ``at:``, such as
    ``turn 3 lap 23 end``), in words in *lang*: "turn 3, lap 23, end"."""
    m = _MOMENT.fullmatch(str(at).strip().lower())
    if m is None:
        return str(at)
    turn, lap, event, seed = m.groups()
    w = words(lang)
    parts = [w.gettext("turn %(n)s", n=turn)] if turn else []
    if lap:
        parts.append(w.gettext("lap %(n)s", n=lap))
    if event.startswith("drop"):
        parts.append(w.gettext("seed %(n)s dropped", n=seed) if seed else w.gettext("a seed dropped"))
    else:
        parts.append(w.lookup(_MOMENT_WORDS[event]))
    return ", ".join(parts)


_LONG_NUMBER = re.compile(r"(?<![\w.,/-])\d{5,}(?![\w/-])")


def group_digits(text: str, lang: str) -> str:
    """*text* with each number of five digits or more written with the
    thousands separator of *lang* (13069: 13,069 in English, 13 069 with a
    narrow no-break space in French); shorter numbers (a year) as they are."""
    sep = words(lang).pgettext("thousands separator", ",")
    return _LONG_NUMBER.sub(lambda m: f"{int(m.group()):,}".replace(",", sep), text)


def erratum_points(record: dict, lang: str, name=None) -> list[str]:
    """The evidence of an erratum as a short list of sentences (a record of
    :func:`mancala_diagrams.view.figures.erratum_points`): the replay that gives
    the right board (the example file, the moment in words), the holes that
    differ (*name*: a hole's name as the board labels it, from the diff's
    ``row`` and ``column``; the diff's ``hole`` without it), the declared
    reason, the verifier's evidence (its moments in words, its numbers
    grouped).  The command that checks it again is the page's to show."""
    w = words(lang)

    def shown(v):
        return w.gettext("empty") if v is None else str(v)

    diff = [d for d in record["diff"] if d.get("hole")]
    # Translators: between the holes that differ, each with its two values
    cells = w.pgettext("between holes", "; ").join(w.gettext("%(hole)s (published: %(published)s, replayed: %(replay)s)",
                                hole=name(d) if name else d["hole"], published=shown(d.get("published")),
                                replay=shown(d.get("replay")))
                      for d in diff)
    points = [w.gettext("Replayed: %(example)s, at %(moment)s.", example=record["example"],
                        moment=describe_moment(record["at"], lang)),
              w.ngettext("%(n)s hole differs: %(holes)s.", "%(n)s holes differ: %(holes)s.", len(diff), holes=cells),
              sentence(in_language(record["reason"], lang))]
    extra = record.get("evidence")
    if isinstance(extra, dict) and extra.get(lang):
        # the verifier names moments as the example files do: in words here
        text = _MOMENT.sub(lambda m: describe_moment(m.group(), lang), extra[lang])
        points.append(w.gettext("Evidence: %(text)s", text=group_digits(text.rstrip(".") + ".", lang)))
    return [p.strip() for p in points if p and p.strip()]


def describe_step(example, step, lang: str) -> str:
    """The caption of one step of a worked example (without its id): the
    diagram's own caption if the file gives one, else the start or the events
    told from the replay, else the example's caption or title, after the
    caption of the line the diagram opens, if it has one (what an alternative
    plays); then the rules the page sets aside in that step (departures).  *example* and *step* have
    the fields of :class:`mancala_diagrams.files.examples.Example` and
    :class:`mancala_diagrams.view.steps.Step`."""
    events = step.events
    if step.diagram.caption:
        text = in_language(step.diagram.caption, lang)
    elif events and all(e.kind == "start" for e in events):
        text = describe_start(example.start or step.position, lang, example.rules, title=example.title,
                              assumed=bool(example.assumptions), artificial=example.artificial)
    elif events:
        text = describe_events(events, example.rules.geometry, lang, following=step.following,
                               rules=example.rules, start=example.start)
    elif example.caption:
        text = in_language(example.caption, lang)
    else:
        text = in_language(example.title, lang)
    line = next((ln for ln in getattr(example, "lines", ()) if ln.diagrams and ln.diagrams[0] is step.diagram), None)
    if line is not None and line.caption:        # what the line plays, said under its first diagram
        said = sentence(in_language(line.caption, lang))
        text = f"{said}{'' if said.endswith(('.', '!', '?', ':')) else '.'} {text}"
    for dep in step.departures:
        text += " " + words(lang).gettext(
            "Departure: turn %(turn)s is played as the page plays it, against its own rule %(rule)s. %(reason)s",
            turn=dep["turn"], rule=dep["rule"], reason=in_language(dep["reason"], lang))
    return text
