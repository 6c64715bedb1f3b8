"""Captions and alt text in English and French, written from the engine's trace.

The functions here are pure: they take engine events (objects with the fields of
:class:`mancala_diagrams.engine.Event`: ``kind``, ``player``, ``holes``,
``count``, ``direction``, ``reason``, ...) or a position, and return one
sentence or a short paragraph in the language asked for (``"en"`` or ``"fr"``).
The Sphinx extension picks the language of the build, so generated text needs
no translation catalog.

French typography: apostrophes are U+2019, and a no-break space precedes ``;``
and ``:``.
"""
from __future__ import annotations

from ..engine.geometry import CW, NORTH, SOUTH
from ..engine.position import Position

LANGS = ("en", "fr")
NBSP = "\u00a0"

PLAYER = {"en": {SOUTH: "South", NORTH: "North"}, "fr": {SOUTH: "Sud", NORTH: "Nord"}}
DIRECTION = {
    "en": {CW: "clockwise", -CW: "counterclockwise"},
    "fr": {CW: "dans le sens des aiguilles d’une montre",
           -CW: "dans le sens inverse des aiguilles d’une montre"},
}

#: Names of the holes the rules single out (``Rules.hole_roles``: ``KIND.PLAYER``).
#: English: the noun; French: the noun with its article, and with ``de`` (contracted).
ROLE_WORDS = {
    "tsibongy-left": {"en": "left tsibongy", "fr": ("le tsibongy gauche", "du tsibongy gauche")},
    "tsibongy-right": {"en": "right tsibongy", "fr": ("le tsibongy droit", "du tsibongy droit")},
    "rova-front": {"en": "front rova", "fr": ("le rova avant", "du rova avant")},
    "rova-back": {"en": "back rova", "fr": ("le rova arrière", "du rova arrière")},
    "nyumba": {"en": "nyumba", "fr": ("la nyumba", "de la nyumba")},
    "target": {"en": "special hole", "fr": ("la case spéciale", "de la case spéciale")},
    "target-hole": {"en": "special hole", "fr": ("la case spéciale", "de la case spéciale")},
}
#: Two holes of one role kind that go together (a capture takes both rova holes).
ROLE_GROUPS = {"rova": {"en": ("rova", " (both its holes)"), "fr": (("le rova", "du rova"), " (ses deux cases)")}}


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
        """{'the': ..., 'of': ..., 'into': ...} for *hole*."""
        if hole in self.special:
            the = self.special[hole][lang]
            return {"the": the, "of": _of(the, lang), "into": _into(the, lang), "in": _in(the, lang)}
        role = self.role(hole, event)
        if role is None:
            plain = self.geometry.name(hole)
            return {"the": plain, "of": _of(plain, lang), "into": _into(plain, lang), "in": _in(plain, lang),
                    "plain": True}
        kind, owner = role
        return _role_forms(ROLE_WORDS[kind][lang], owner, actor, lang)

    def group(self, holes, lang, event=None, actor=None):
        """One name for several holes: a role group (``North’s rova, both its
        holes``) or the names joined."""
        roles = [self.role(h, event) for h in holes]
        if len(holes) > 1 and all(roles):
            kinds = {r[0].split("-")[0] for r in roles}
            owners = {r[1] for r in roles}
            if len(kinds) == 1 and len(owners) == 1 and next(iter(kinds)) in ROLE_GROUPS:
                words, suffix = ROLE_GROUPS[next(iter(kinds))][lang]
                forms = _role_forms(words, next(iter(owners)), actor, lang)
                return {k: v + suffix for k, v in forms.items()}
        names = [self.forms(h, lang, event, actor)["the"] for h in holes]
        the = join(names, lang)
        return {"the": the, "of": _of(the, lang), "into": _into(the, lang)}

    def __call__(self, hole: int, lang: str, event=None, actor=None) -> str:
        return self.forms(hole, lang, event, actor)["the"]


def _role_forms(words, owner, actor, lang) -> dict:
    other_owner = owner is not None and actor is not None and owner != actor
    if lang == "en":
        the = (f"{PLAYER['en'].get(owner, owner)}’s {words}" if other_owner else f"the {words}")
        return {"the": the, "of": "of " + the, "into": "into " + the, "in": "in " + the}
    the, of = words
    if other_owner:
        whose = f" de {PLAYER['fr'].get(owner, owner)}"
        the, of = the + whose, of + whose
    return {"the": the, "of": of, "into": "dans " + the, "in": "dans " + the}


def _of(hole_name: str, lang: str) -> str:
    """'of a2' / 'de a2' (with French elision before a vowel)."""
    if lang == "fr":
        return ("d’" if hole_name[:1].lower() in "aeiouyh" else "de ") + hole_name
    return "of " + hole_name


def _into(hole_name: str, lang: str) -> str:
    return ("into " if lang == "en" else "dans ") + hole_name


def _in(hole_name: str, lang: str) -> str:
    return ("in " if lang == "en" else "dans ") + hole_name


#: Why a turn ends (the engine's ``turn_end`` reasons), as a sentence of its own.
TURN_END = {
    "empty-hole": {"en": "The last seed fell into an empty hole: the turn ends.",
                   "fr": "La dernière graine est tombée dans une case vide{nb}: le tour s’arrête."},
    "rova-back": {"en": "The last seed fell into the back rova: the turn ends.",
                  "fr": "La dernière graine est tombée dans le rova arrière{nb}: le tour s’arrête."},
    "rova-stop": {"en": "{who} chooses to stop at the front rova: the turn ends.",
                  "fr": "{who} choisit de s’arrêter au rova avant{nb}: le tour s’arrête."},
    "nyumba-stop": {"en": "{who} chooses to stop at the nyumba: the turn ends.",
                    "fr": "{who} choisit de s’arrêter à la nyumba{nb}: le tour s’arrête."},
    "setup": {"en": "The set-up turn ends there.", "fr": "Le tour de mise en place s’arrête là."},
    "target": {"en": "The last seed fell into the special hole: the turn ends.",
               "fr": "La dernière graine est tombée dans la case spéciale{nb}: le tour s’arrête."},
    "target-full": {"en": "All of {who}’s seeds are in the special hole: the game is won.",
                    "fr": "Toutes les graines de {who} sont dans la case spéciale{nb}: la partie est gagnée."},
    "goal": {"en": "{opp}’s inner row is empty: {who} wins.",
             "fr": "La rangée intérieure de {opp} est vide{nb}: {who} gagne."},
}
GENERIC_TURN_END = {"en": "The turn ends.", "fr": "Le tour s’arrête."}

#: What follows the hole where a lap ended, written after "the last falls into X".
#: ``{nb}``: a no-break space in French; ``{who}``/``{opp}``: the players; ``{n}``,
#: ``{of}``: a count and the name of holes.
LAP_END = {
    "empty-end": {"en": ", which was empty, so the turn ends",
                  "fr": ", qui était vide{nb}: le tour s’arrête"},
    "capture": {"en": ", which was not empty, so the seeds facing it are captured",
                "fr": ", qui n’était pas vide{nb}: les graines d’en face sont capturées"},
    "capture-empty": {"en": ", which was empty, yet the seeds facing it are captured",
                      "fr": ", qui était vide, et pourtant les graines d’en face sont capturées"},
    "relay": {"en": ", which was not empty, so its seeds are taken up and sown on",
              "fr": ", qui n’était pas vide{nb}: on en reprend les graines pour les semer à la suite"},
    "rova-back": {"en": ", so the turn ends", "fr": "{nb}: le tour s’arrête"},
    "rova-stop": {"en": "; {who} chooses to stop there, so the turn ends",
                  "fr": "{nb}; {who} choisit de s’arrêter là{nb}: le tour s’arrête"},
    "rova-sow": {"en": "; {who} chooses to sow the whole rova on",
                 "fr": "{nb}; {who} choisit de semer tout le rova à la suite"},
    "nyumba-stop": {"en": "; {who} chooses to stop there, so the turn ends",
                    "fr": "{nb}; {who} choisit de s’arrêter là{nb}: le tour s’arrête"},
    "nyumba-sow": {"en": "; {who} chooses to sow its seeds on",
                   "fr": "{nb}; {who} choisit d’en semer les graines à la suite"},
    "nyumba-two": {"en": "; the nyumba is alone in the inner row, so only {n} of its seeds are taken up "
                         "and sown on",
                   "fr": "{nb}; la nyumba est seule dans la rangée intérieure{nb}: on n’en prend que {n} "
                         "graines pour les semer à la suite"},
    "setup": {"en": "; the set-up turn ends there", "fr": "{nb}; le tour de mise en place s’arrête là"},
    "target": {"en": ", which ends the turn", "fr": ", ce qui termine le tour"},
    "target-full": {"en": ", which now holds all of {who}’s seeds: the game is won",
                    "fr": ", qui contient maintenant toutes les graines de {who}{nb}: la partie est gagnée"},
    "special-hole": {"en": ", so {who} picks another hole to sow on",
                     "fr": "{nb}: {who} choisit une autre case pour semer à la suite"},
    "goal": {"en": "; {opp}’s inner row is now empty, so {who} wins",
             "fr": "{nb}; la rangée intérieure de {opp} est maintenant vide{nb}: {who} gagne"},
    "full-end": {"en": ", which was not empty; the turn ends", "fr": ", qui n’était pas vide{nb}; le tour s’arrête"},
    "empty": {"en": ", which was empty", "fr": ", qui était vide"},
    "full": {"en": ", which was not empty", "fr": ", qui n’était pas vide"},
    # fotsiny: a turn that did not begin with a capture captures nothing
    "fotsiny-declared": {"en": "; nothing is captured at the turn’s first lap end, so the turn is {word}: "
                               "it will capture nothing",
                         "fr": "{nb}; rien n’est pris à la fin du premier semis du tour, qui est donc "
                               "{word}{nb}: il ne prendra rien"},
    "fotsiny-spared": {"en": ", which faces {n} {of}, but the turn is {word} (it did not begin with a "
                             "capture), so nothing is captured",
                       "fr": ", face {n} {of}, mais le tour est {word} (il n’a pas commencé par une "
                             "prise){nb}: rien n’est pris"},
    "then-relay": {"en": "; its seeds are taken up and sown on",
                   "fr": "{nb}; on en reprend les graines pour les semer à la suite"},
    "then-capture": {"en": "; the seeds facing it are captured", "fr": "{nb}; les graines d’en face sont capturées"},
    "then-empty-end": {"en": ", so the turn ends", "fr": "{nb}: le tour s’arrête"},
}

#: A capture whose seeds are sown from a tsibongy (katra fandatsaka and its kin).
FROM_TSIBONGY = {
    "zone": {"en": "{who} captures {seeds} {of} and sows {them} from {tsibongy}, the one at that end of the "
                   "row, {direction} towards the centre",
             "fr": "{who} capture {seeds} {of} et {them} sème depuis {tsibongy}, celui de ce bout de la rangée, "
                   "{direction}, vers le centre"},
    "chosen": {"en": "{who} captures {seeds} {of} and chooses to sow {them} from {tsibongy} (from the middle "
                     "of the row either tsibongy may be chosen), {direction} towards the centre",
               "fr": "{who} capture {seeds} {of} et choisit de {them} semer depuis {tsibongy} (depuis le milieu "
                     "de la rangée, on peut choisir l’un ou l’autre tsibongy), {direction}, vers le centre"},
}
#: A game's own word for a fotsiny turn, by the block that brings it.
FOTSINY_WORDS = {"trakatra": {"en": "a trakatra", "fr": "un trakatra"}}
ASSUMED_CAPTURE = {"en": " (the turn is taken to have begun with a capture, as assumed above)",
                   "fr": " (on suppose, comme indiqué plus haut, que le tour a commencé par une prise)"}


def _check(lang):
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r} (expected en or fr)")


def _fmt(text, lang, **values):
    text = text.replace("{nb}", NBSP if lang == "fr" else "")
    return text.format(**values) if values else text


def seeds(n: int, lang: str) -> str:
    if lang == "fr":
        return "une graine" if n == 1 else f"{n} graines"
    return "one seed" if n == 1 else f"{n} seeds"


def the_seeds(n: int, lang: str) -> str:
    """'the 5 seeds' / 'the seed' (fr: 'les 5 graines' / 'la graine')."""
    if lang == "fr":
        return "la graine" if n == 1 else f"les {n} graines"
    return "the seed" if n == 1 else f"the {n} seeds"


def join(items, lang: str) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    word = " and " if lang == "en" else " et "
    return ", ".join(items[:-1]) + word + items[-1]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def describe_start(position, lang: str, rules=None, title=None, assumed=False, artificial=False) -> str:
    """The caption of a worked example's first diagram: who is to play, or the
    turn under way (a start with seeds in hand), and whether the position rests
    on assumptions (stated above the figures)."""
    _check(lang)
    g = position.geometry
    who = PLAYER[lang].get(position.to_move, position.to_move)
    parts = [f"{title[lang]}." if title else ""]
    hand = position.hand
    reserve = position.reserve(position.to_move) if position.to_move in g.players else 0
    if hand is None and reserve:
        parts.append(f"{who} to play, with {seeds(reserve, lang)} in reserve." if lang == "en"
                     else f"{who} joue, avec {seeds(reserve, lang)} en réserve.")
    elif hand is None:
        parts.append(f"{who} to play." if lang == "en" else f"{who} joue.")
    else:
        name = HoleNamer(g, rules=rules)
        probe = _Probe(position)
        where = name.forms(hand.hole, lang, probe, position.to_move)
        way = DIRECTION[lang].get(hand.direction, "")
        if hand.seeds:
            if lang == "en":
                parts.append(f"A turn under way: {who} holds {seeds(hand.seeds, lang)} in hand, to sow {way}, "
                             f"the first {where['into']}.")
            else:
                parts.append(f"Un tour en cours{NBSP}: {who} a {seeds(hand.seeds, lang)} en main, à semer {way}, "
                             f"la première {where['into']}.")
        else:
            n = position.cells[hand.hole]
            if lang == "en":
                parts.append(f"A turn under way: {who}’s lap going {way} has just ended {where['in']}, "
                             f"which now holds {seeds(n, lang)}.")
            else:
                parts.append(f"Un tour en cours{NBSP}: le semis de {who}, {way}, vient de finir {where['in']}, "
                             f"qui contient maintenant {seeds(n, lang)}.")
        if not hand.captures:
            word = fotsiny_word(rules, lang)
            parts.append(f"The turn began without a capture ({word}): it captures nothing." if lang == "en"
                         else f"Le tour a commencé sans prise ({word}){NBSP}: il ne prend rien.")
    if artificial:
        parts.append("A position made up to show the rule, on the assumptions stated above." if lang == "en"
                     else "Une position construite pour montrer la règle, selon les hypothèses énoncées "
                          "plus haut.")
    elif assumed:
        parts.append("The steps rest on the assumptions stated above." if lang == "en"
                     else "Les étapes reposent sur les hypothèses énoncées plus haut.")
    return " ".join(p for p in parts if p)


def fotsiny_word(rules, lang) -> str:
    """*fotsiny*, or the game's own word for a turn that captures nothing
    (``trakatra`` when the rules have that block)."""
    for block, word in FOTSINY_WORDS.items():
        if rules is not None and rules.block(block) is not None:
            return word[lang]
    return "fotsiny"


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
    name = names if isinstance(names, HoleNamer) else HoleNamer(geometry, names, rules)
    if rules is not None and name.rules is None:
        name.rules = rules
    events = list(events)
    rest = list(following) if isinstance(following, (list, tuple)) else \
        ([following] if following is not None else [])
    if events and all(e.kind == "start" for e in events):
        if start is not None:
            return describe_start(start, lang, rules)
        who = PLAYER[lang].get(events[0].player, events[0].player)
        return (f"The position before the move; {who} to play." if lang == "en"
                else f"La position avant le coup{NBSP}; {who} joue.")
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
        out.append((f"Turn {n}: " if lang == "en" else f"Tour {n}{NBSP}: ") + body)
    return " ".join(out)


class _Narrator:
    """Writes one turn's run of events as sentences, a lap at a time."""

    def __init__(self, events, following, name, lang, rules, start):
        self.run = list(events)
        self.tail = self.run + list(following)
        self.limit = len(self.run)
        self.name = name
        self.lang = lang
        self.rules = rules
        self.start = start
        self.ended = False          # a sentence already says the turn ends

    # -- helpers ------------------------------------------------------------------------
    def at(self, k):
        return self.tail[k] if 0 <= k < len(self.tail) else None

    def who(self, e):
        return PLAYER[self.lang].get(e.player, e.player)

    def opp(self, e):
        from ..engine.geometry import other
        return PLAYER[self.lang].get(other(e.player), "") if e.player in (SOUTH, NORTH) else ""

    def forms(self, hole, e):
        return self.name.forms(hole, self.lang, e, e.player)

    def semi(self):
        return "; " if self.lang == "en" else f"{NBSP}; "

    def assumed_capture(self, e) -> bool:
        """A capture in a turn the example starts mid-way relies on the assumption
        that the turn began with a capture (when the rules have fotsiny)."""
        s = self.start
        if s is None or s.hand is None or not s.hand.captures or e.turn != 1 or self.rules is None:
            return False
        cap = self.rules.block("capture")
        return bool(cap is not None and cap.p.get("fotsiny"))

    def fotsiny_word(self) -> str:
        """What the game calls a turn that captures nothing: *fotsiny*, or the
        name of the block that says so in the game's own words (``trakatra``)."""
        return fotsiny_word(self.rules, self.lang)

    # -- the whole run ----------------------------------------------------------------------
    def text(self) -> str:
        out = []
        i = 0
        while i < self.limit:
            e = self.run[i]
            k = e.kind
            tell = {"pickup": self.lap_from_pickup, "drop": self.lap_from_drops, "place": self.place,
                    "capture": self.capture}.get(k)
            if k == "choice" and e.reason == "target":
                tell = self.setup
            if tell is not None:      # these tell a run of events and say where the next begins
                sentence, i = tell(i)
                out.append(sentence)
                continue
            if k == "lap_end":   # a lap whose sowing the previous diagram showed
                f = self.forms(e.holes[0], e) if e.holes else {"in": "?"}
                head = (f"{self.who(e)}’s lap ends {f['in']}" if self.lang == "en"
                        else f"Le semis de {self.who(e)} finit {f['in']}")
                out.append(head + self.lap_end_clause(i, head=False) + ".")
            elif k == "merge":
                out.append(self.merge(e))
            elif k == "turn_end" and not self.ended:
                text = TURN_END.get(e.reason or "", GENERIC_TURN_END)[self.lang]
                out.append(_fmt(text, self.lang, who=self.who(e), opp=self.opp(e)))
                self.ended = True
            # other choices and fotsiny events are told by the lap-end clause before them
            i += 1
        return " ".join(out)

    def summary(self) -> str:
        """A long turn in one sentence: where it started, how many laps, how it ended."""
        run, lang = self.run, self.lang
        first = next((e for e in run if e.kind in ("pickup", "place")), run[0])
        who = self.who(first)
        laps = len({e.lap for e in run if e.kind in ("pickup", "drop", "place")})
        taken = sum(e.count for e in run if e.kind == "capture")
        way = DIRECTION[lang].get(next((e.direction for e in run if e.kind == "drop"), 0), "")
        hole = self.forms(first.holes[0], first)["the"] if first.holes else "?"
        picks = sum(1 for e in run if e.kind == "choice" and e.reason == "special-hole")
        if lang == "en":
            text = f"{who} sows from {hole} {way}, {laps} laps in all"
            if taken:
                text += f", capturing {seeds(taken, lang)}"
            if picks:
                text += f", picking another hole {picks} times after a lap ended in the special hole"
        else:
            text = f"{who} sème depuis {hole} {way}, {laps} semis en tout"
            if taken:
                text += f", et prend {seeds(taken, lang)}"
            if picks:
                text += f", en choisissant {picks} fois une autre case après un semis fini dans la case spéciale"
        ends = [k for k, e in enumerate(self.run) if e.kind == "lap_end"]
        if ends:
            clause = self.lap_end_clause(ends[-1])
            text += self.semi() + ("at the end, " if lang == "en" else "à la fin, ") + clause
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
            return head + self.semi() + self.lap_end_clause(j) + ".", j + 1
        if not drops:
            return head, j
        into = join([self.forms(d.holes[0], d)["the"] for d in drops], lang)
        way = DIRECTION[lang].get(direction, "")
        if lang == "en":
            return head + f"; {seeds(len(drops), lang)} {way} so far, {_into(into, lang)}.", j
        return head + f"{NBSP}; {seeds(len(drops), lang)} {way} pour l’instant, {_into(into, lang)}.", j

    def lap_from_pickup(self, i):
        lang = self.lang
        e = self.run[i]
        who = self.who(e)
        way = DIRECTION[lang].get(e.direction, "")
        hole = e.holes[0] if e.holes else None
        f = self.forms(hole, e) if hole is not None else {"the": "?", "of": "?"}
        j = i + 1
        count = e.count
        prev = self.at(i - 1)
        partner = self.at(j)
        if j < self.limit and partner is not None and partner.kind == "pickup" and partner.turn == e.turn:
            # two holes taken up together (a rova)
            g = self.forms(partner.holes[0], e)
            count += partner.count
            j += 1
            if lang == "en":
                head = (f"{who} takes up {the_seeds(e.count, lang)} {f['of']} and {the_seeds(partner.count, lang)}"
                        f" {g['of']}, and sows all {count} {way}")
            else:
                head = (f"{who} prend {the_seeds(e.count, lang)} {f['of']} et {the_seeds(partner.count, lang)}"
                        f" {g['of']}, et sème les {count} {way}")
        elif hole is not None and e.cells[hole] > 0:
            # only some of the hole's seeds are taken (a nyumba alone in the inner row)
            total = e.count + e.cells[hole]
            if lang == "en":
                head = f"{who} takes {e.count} of the {total} seeds {f['of']} and sows them {way}"
            else:
                head = f"{who} prend {e.count} des {total} graines {f['of']} et les sème {way}"
        elif prev is not None and prev.kind == "choice" and prev.reason == "special-hole":
            plain = self.name.geometry.name(hole)
            if lang == "en":
                its = "its single seed" if e.count == 1 else f"its {e.count} seeds"
                head = f"{who} picks {plain} and sows {its} {way}"
            else:
                head = f"{who} choisit {plain} et en sème {the_seeds(e.count, lang)} {way}"
        else:
            head = (f"{who} sows {the_seeds(e.count, lang)} {f['of']} {way}" if lang == "en"
                    else f"{who} sème {the_seeds(e.count, lang)} {f['of']} {way}")
        drops, _ = self.drops_from(j)
        if not drops and not (j < self.limit and self.tail[j].kind == "lap_end"):
            if j - i > 1 or (hole is not None and e.cells[hole] > 0):
                return head.replace(" and sows all", ", to sow all").replace(" and sows them", ", to sow them") \
                    .replace(", et les sème", ", à semer").replace(" et les sème", ", à semer") + ".", j
            taken = (f"{who} takes {the_seeds(e.count, lang)} {f['of']} in hand." if lang == "en"
                     else f"{who} prend en main {the_seeds(e.count, lang)} {f['of']}.")
            return taken, j
        return self.finish_lap(head, j, count, e.direction, e)

    def lap_from_drops(self, i):
        """Drops with no pickup before them in the run: a lap already under way,
        seeds in hand (a start mid-turn, captured seeds sown from a tsibongy)."""
        lang = self.lang
        drops, j = self.drops_from(i)
        e = drops[0]
        who = self.who(e)
        end = self.at(j)
        whole_lap = drops[0].seed == 1 and end is not None and end.kind == "lap_end"
        if whole_lap and len(drops) > 1:
            way = DIRECTION[lang].get(e.direction, "")
            first = self.forms(e.holes[0], e)
            if lang == "en":
                head = f"{who} sows {the_seeds(len(drops), lang)} in hand {way}, the first {first['into']}"
            else:
                head = f"{who} sème {the_seeds(len(drops), lang)} en main {way}, la première {first['into']}"
            return head + self.semi() + self.lap_end_clause(j) + ".", j + 1
        into = join([self.forms(d.holes[0], d)["the"] for d in drops], lang)
        if end is not None and end.kind == "lap_end" and len(drops) == 1:
            clause = self.lap_end_clause(j, head=False)
            last = "the last seed" if lang == "en" else "la dernière graine"
            verb = "drops" if lang == "en" else "pose"
            return f"{who} {verb} {last} {_into(into, lang)}{clause}.", j + 1
        if lang == "en":
            what = "a seed" if len(drops) == 1 else f"{len(drops)} seeds, one each"
            text = f"{who} drops {what} {_into(into, lang)}"
        else:
            what = "une graine" if len(drops) == 1 else f"{len(drops)} graines, une par case,"
            text = f"{who} pose {what} {_into(into, lang)}"
        if end is not None and end.kind == "lap_end":
            return text + self.semi() + self.lap_end_clause(j) + ".", j + 1
        return text + ".", j

    def place(self, i):
        lang = self.lang
        e = self.run[i]
        who = self.who(e)
        f = self.forms(e.holes[0], e)
        n = e.cells[e.holes[0]]
        if lang == "en":
            head = f"{who} puts a seed from the reserve {f['into']}, which then holds {seeds(n, lang)}"
        else:
            head = f"{who} pose une graine de sa réserve {f['into']}, qui en contient alors {n}"
        j = i + 1
        end = self.at(j)
        if end is not None and end.kind == "lap_end" and j < self.limit:
            return head + self.lap_end_clause(j, head=False, placed=True) + ".", j + 1
        return head + ".", j

    def setup(self, i):
        """The set-up turn of katro bevohoka: the special hole chosen (and sown once)."""
        lang = self.lang
        e = self.run[i]
        who = self.who(e)
        plain = self.name.geometry.name(e.holes[0])
        nxt = self.at(i + 1)
        if nxt is not None and nxt.kind == "pickup" and nxt.holes == e.holes and i + 1 < self.limit:
            way = DIRECTION[lang].get(nxt.direction, "")
            if lang == "en":
                head = f"{who} chooses {plain} as the special hole and sows its {seeds(nxt.count, lang)} {way}"
            else:
                head = f"{who} choisit {plain} comme case spéciale et en sème {the_seeds(nxt.count, lang)} {way}"
            return self.finish_lap(head, i + 2, nxt.count, nxt.direction, nxt)
        if nxt is not None and nxt.kind == "pickup" and nxt.holes == e.holes:
            return (f"{who} chooses {plain} as the special hole." if lang == "en"
                    else f"{who} choisit {plain} comme case spéciale."), i + 1
        return (f"{who} chooses {plain} as the special hole, which keeps its seeds." if lang == "en"
                else f"{who} choisit {plain} comme case spéciale, qui garde ses graines."), i + 1

    def capture(self, i):
        lang = self.lang
        e = self.run[i]
        who = self.who(e)
        holes = self.name.group(list(e.holes), lang, e, e.player)
        note = ASSUMED_CAPTURE[lang] if self.assumed_capture(e) else ""
        j = i + 1
        chosen = self.at(j)
        if chosen is not None and chosen.kind == "choice" and chosen.reason == "tsibongy":
            j += 1
        else:
            chosen = None
        first = self.at(j)
        if first is not None and first.kind == "drop" and first.seed == 1:
            # the captured seeds alone are sown from a tsibongy
            tsib = self.forms(first.holes[0], first)
            way = DIRECTION[lang].get(first.direction, "")
            head = _fmt(FROM_TSIBONGY["chosen" if chosen else "zone"][lang], lang, who=who,
                        seeds=the_seeds(e.count, lang), of=holes["of"], tsibongy=tsib["the"], direction=way,
                        them=("it" if e.count == 1 else "them") if lang == "en" else ("la" if e.count == 1 else "les"))
            if j >= self.limit:
                return head + note + ".", j
            return self.finish_lap(head + note, j, e.count, first.direction, first)
        return ((f"{who} captures {the_seeds(e.count, lang)} {holes['of']}{note}." if lang == "en"
                 else f"{who} capture {the_seeds(e.count, lang)} {holes['of']}{note}."), i + 1)

    def merge(self, e):
        lang = self.lang
        who = self.who(e)
        hole = e.holes[0]
        f = self.forms(hole, e)
        total = e.cells[hole] if len(e.cells) > hole else e.count
        if lang == "en":
            them = "it" if e.count == 1 else "them"
            return f"{who} adds {them} to the seeds {f['of']}, which now holds {seeds(total, lang)}."
        them = "l’ajoute" if e.count == 1 else "les ajoute"
        return f"{who} {them} aux graines {f['of']}, qui en contient maintenant {total}."

    # -- how a lap ends ------------------------------------------------------------------------
    def lap_end_clause(self, k, head=True, placed=False) -> str:
        """'the last falls into c2, which was empty, so the turn ends': the lap end at
        tail[k], and what the events after it show."""
        lang = self.lang
        e = self.tail[k]
        who, opp = self.who(e), self.opp(e)
        hole = e.holes[0] if e.holes else None
        f = self.forms(hole, e) if hole is not None else {"the": "?", "into": "?"}
        role = self.name.role(hole, e) if hole is not None else None
        kind = role[0] if role else None
        text = ""
        if head:
            text = (f"the last falls {f['into']}" if lang == "en" else f"la dernière tombe {f['into']}")
        empty = e.reason == "empty"

        def say(key, **values):
            return _fmt(LAP_END[key][lang], lang, who=who, opp=opp, word=self.fotsiny_word(), **values)

        j = k + 1
        nxt = self.at(j)
        fotsiny = None
        if nxt is not None and nxt.kind == "fotsiny":
            fotsiny = nxt
            j += 1
            nxt = self.at(j)
        if fotsiny is not None:
            if fotsiny.reason == "no-capture":
                spared = self.name.group(list(fotsiny.holes), lang, fotsiny, fotsiny.player)
                n = the_seeds(fotsiny.count, lang)
                if lang == "fr":
                    n = "à la graine" if fotsiny.count == 1 else "aux" + n[3:]
                text += say("fotsiny-spared", n=n, of=spared["of"])
            else:
                text += ("" if placed else say("full")) + say("fotsiny-declared")
            return text + self.then(nxt, e, kind, after_fotsiny=True)
        nk = getattr(nxt, "kind", None)
        if nk == "turn_end":
            self.ended = self.ended or j < self.limit
            reason = nxt.reason
            if reason == "empty-hole":
                return text + say("then-empty-end" if placed else "empty-end")
            if reason in ("rova-back", "rova-stop", "nyumba-stop", "setup", "target", "target-full", "goal"):
                return text + say(reason)
            return text + say("full-end" if not placed else "then-empty-end")
        if nk == "capture":
            if placed:
                return text + say("then-capture")
            return text + say("capture-empty" if empty else "capture")
        if nk == "choice" and nxt.reason in ("rova", "nyumba"):
            chosen = nxt.info("choice") if hasattr(nxt, "info") else None
            if chosen == "stop":
                self.ended = self.ended or j < self.limit
            return text + say(f"{nxt.reason}-{'stop' if chosen == 'stop' else 'sow'}")
        if nk in ("pickup", "choice"):
            return text + self.then(nxt, e, kind, placed=placed)
        if placed:
            return text
        return text + say("empty" if empty else "full")

    def then(self, nxt, e, kind, after_fotsiny=False, placed=False) -> str:
        """What follows a full hole: a relay, a choice at a rova or nyumba, another hole."""
        lang = self.lang
        who, opp = self.who(e), self.opp(e)

        def say(key, **values):
            return _fmt(LAP_END[key][lang], lang, who=who, opp=opp, **values)

        nk = getattr(nxt, "kind", None)
        if nk == "choice" and nxt.reason == "special-hole":
            return say("special-hole")
        if nk == "choice" and nxt.reason in ("rova", "nyumba"):
            chosen = nxt.info("choice") if hasattr(nxt, "info") else None
            return say(f"{nxt.reason}-{'stop' if chosen == 'stop' else 'sow'}")
        if nk == "pickup" and nxt.holes == e.holes:
            hole = nxt.holes[0]
            if nxt.cells[hole] > 0:
                return say("nyumba-two", n=nxt.count)
            return say("then-relay" if (after_fotsiny or placed) else "relay")
        if nk == "turn_end":
            reason = nxt.reason
            if reason in ("rova-stop", "nyumba-stop", "goal", "setup"):
                return say(reason)
            return say("then-empty-end")
        if nk == "capture":
            return say("then-capture")
        return ""


# -- alt text: the position in words --------------------------------------------------

def _row_label(geometry, player, depth, lang) -> str:
    n = geometry.rows_per_player
    if n == 1:
        which = {"en": "row", "fr": "rangée"}[lang]
    elif depth == 0:
        which = {"en": "inner row", "fr": "rangée intérieure"}[lang]
    elif depth == n - 1:
        which = {"en": "outer row", "fr": "rangée extérieure"}[lang]
    else:
        which = {"en": "middle row", "fr": "rangée du milieu"}[lang]
    who = PLAYER[lang][player]
    if geometry.solo:
        return which[0].upper() + which[1:] if lang == "en" else which.capitalize()
    return f"{who}’s {which}" if lang == "en" else f"{which.capitalize()} de {who}"


def describe_position(position, lang: str, *, numbers=None, highlights=None, names=None,
                      show_to_move=True, rules=None) -> str:
    """The board in words, row by row from the top (as the image shows it).
    With *rules*, the special holes are named by what they are (``e2 (South’s
    front rova)``)."""
    _check(lang)
    g = position.geometry
    name = names if isinstance(names, HoleNamer) else HoleNamer(g, names, rules)
    probe = _Probe(position)
    empty = "empty" if lang == "en" else "vide"
    if lang == "en":
        head = f"A board of {g.rows} rows of {g.columns} holes, read from South’s left to right."
    else:
        head = f"Un plateau de {g.rows} rangées de {g.columns} cases, lues de la gauche à la droite de Sud."
    parts = [head]
    C = g.columns
    for r in range(g.rows):
        player, depth, _ = g.locate(r * C)
        holes = range(r * C, (r + 1) * C)
        if numbers:
            vals = [str(numbers[h]) if h in numbers else "–" for h in holes]
        else:
            vals = [str(position.cells[h]) if position.cells[h] else empty for h in holes]
        parts.append(f"{_row_label(g, player, depth, lang)}{NBSP if lang == 'fr' else ''}: {', '.join(vals)}.")
    if numbers:
        parts.append("Numbers give the sowing order." if lang == "en"
                     else "Les nombres donnent l’ordre du semis.")
    if any(position.reserves):
        for player in g.players:
            n = position.reserve(player)
            if n:
                who = PLAYER[lang][player]
                parts.append(f"{who} has {seeds(n, lang)} in reserve." if lang == "en"
                             else f"{who} a {seeds(n, lang)} en réserve.")
    if position.hand and position.hand.seeds:
        who = PLAYER[lang][position.to_move]
        parts.append(f"{who} holds {seeds(position.hand.seeds, lang)} in hand." if lang == "en"
                     else f"{who} a {seeds(position.hand.seeds, lang)} en main.")
    for role, holes in (highlights or {}).items():
        holes = sorted(holes)
        if holes and role in ROLE_NAMES:
            def called(h):
                plain = g.name(h)
                if role != "special" or name.role(h, probe) is None:
                    return name(h, lang)
                return f"{plain} ({name(h, lang, probe, actor='')})"
            parts.append(f"{ROLE_NAMES[role][lang]}{NBSP if lang == 'fr' else ''}: "
                         f"{join([called(h) for h in holes], lang)}.")
    if show_to_move and not numbers and not g.solo:
        who = PLAYER[lang][position.to_move]
        parts.append(f"{who} to play." if lang == "en" else f"{who} joue.")
    return " ".join(parts)


#: The legend: what each highlight means (for alt text and the legend table).
ROLE_NAMES = {
    "emptied": {"en": "Hole emptied", "fr": "Case vidée"},
    "sown": {"en": "Holes sown", "fr": "Cases semées"},
    "last": {"en": "Last seed", "fr": "Dernière graine"},
    "captured": {"en": "Captured", "fr": "Capturées"},
    "special": {"en": "Special holes", "fr": "Cases spéciales"},
    "differs": {"en": "Differs from the published diagram", "fr": "Diffère du diagramme publié"},
}
ROLE_LEGEND = {
    "emptied": {"en": "dashed orange ring: the hole whose seeds were taken in hand",
                "fr": "anneau orange en tirets : la case dont les graines ont été prises en main"},
    "sown": {"en": "thin green ring: a hole that received a seed",
             "fr": "anneau vert fin : une case qui a reçu une graine"},
    "last": {"en": "thick blue double ring: the hole where the last seed fell",
             "fr": "double anneau bleu épais : la case où est tombée la dernière graine"},
    "captured": {"en": "red ring and cross: a hole whose seeds were captured",
                 "fr": "anneau et croix rouges : une case dont les graines ont été capturées"},
    "special": {"en": "purple square: a special hole (rova, nyumba, tsibongy, the target hole)",
                "fr": "carré violet : une case spéciale (rova, nyumba, tsibongy, case cible)"},
    "differs": {"en": "dashed pink square: the published and the replayed boards differ here",
                "fr": "carré rose en tirets : le diagramme publié et le rejeu diffèrent ici"},
}


def legend_text(role: str, lang: str) -> str:
    _check(lang)
    return ROLE_LEGEND[role][lang].replace(" : ", f"{NBSP}: ")
