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

from .geometry import CW, NORTH, SOUTH

LANGS = ("en", "fr")
NBSP = "\u00a0"

PLAYER = {"en": {SOUTH: "South", NORTH: "North"}, "fr": {SOUTH: "Sud", NORTH: "Nord"}}
DIRECTION = {
    "en": {CW: "clockwise", -CW: "counterclockwise"},
    "fr": {CW: "dans le sens des aiguilles d’une montre",
           -CW: "dans le sens inverse des aiguilles d’une montre"},
}

#: How a lap (an elementary sowing) ends: the state of the hole the last seed fell
#: into (the engine's reason, "empty" or "full"), then what follows (the next event).
LAP_END = {
    ("empty", "turn_end"): {"en": "which was empty, so the turn ends",
                            "fr": "qui était vide{nb}: le tour s’arrête"},
    ("empty", "capture"): {"en": "which was empty, yet the seeds facing it are captured",
                           "fr": "qui était vide, et pourtant les graines d’en face sont capturées"},
    ("full", "pickup"): {"en": "which was not empty, so its seeds are taken up and sown on",
                         "fr": "qui n’était pas vide{nb}: on en reprend les graines pour les semer à la suite"},
    ("full", "capture"): {"en": "which was not empty, so the seeds facing it are captured",
                          "fr": "qui n’était pas vide{nb}: les graines d’en face sont capturées"},
    ("full", "turn_end"): {"en": "which was not empty; the turn ends",
                           "fr": "qui n’était pas vide{nb}; le tour s’arrête"},
    ("empty", None): {"en": "which was empty", "fr": "qui était vide"},
    ("full", None): {"en": "which was not empty", "fr": "qui n’était pas vide"},
}

TURN_END = {
    "empty-hole": {"en": "The last seed fell into an empty hole: the turn ends.",
                   "fr": "La dernière graine est tombée dans une case vide{nb}: le tour s’arrête."},
    "win": {"en": "The opponent has no seeds left to play: the game is won.",
            "fr": "L’adversaire n’a plus de graines à jouer{nb}: la partie est gagnée."},
}
GENERIC_TURN_END = {"en": "The turn ends.", "fr": "Le tour s’arrête."}


def _check(lang):
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r} (expected en or fr)")


def _fmt(text, lang):
    return text.replace("{nb}", NBSP if lang == "fr" else "")


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


class HoleNamer:
    """Names holes: ``a2`` style, or a special name (``the left tsibongy``) if given."""

    def __init__(self, geometry, special_names=None):
        self.geometry = geometry
        self.special = dict(special_names or {})

    def __call__(self, hole: int, lang: str) -> str:
        if hole in self.special:
            return self.special[hole][lang]
        return self.geometry.name(hole)


def _of(hole_name: str, lang: str) -> str:
    """'of a2' / 'de a2' (with French elision before a vowel)."""
    if lang == "fr":
        return ("d’" if hole_name[:1].lower() in "aeiouyh" else "de ") + hole_name
    return "of " + hole_name


def _into(hole_name: str, lang: str) -> str:
    return ("into " if lang == "en" else "dans ") + hole_name


def describe_events(events, geometry, lang: str, names=None, following=None) -> str:
    """One caption for a run of events (what happened since the previous diagram).

    *following* is the event that comes right after the run, if any: it tells
    what the end of the last lap leads to (a turn end, a relay, a capture).
    """
    _check(lang)
    name = names if isinstance(names, HoleNamer) else HoleNamer(geometry, names)
    P = PLAYER[lang]
    sentences: list[str] = []
    events = list(events)
    if any(e.kind != "start" for e in events):
        events = [e for e in events if e.kind not in ("start", "choice")]

    rest = list(following) if isinstance(following, (list, tuple)) else \
        ([following] if following is not None else [])
    tail = events + rest          # the run, then what comes after it

    def after(k):
        return tail[k + 1] if k + 1 < len(tail) else None

    i = 0
    while i < len(events):
        e = events[i]
        who = P.get(e.player, str(e.player))
        if e.kind == "start":
            if lang == "en":
                sentences.append(f"The position before the move; {who} to play.")
            else:
                sentences.append(f"La position avant le coup{NBSP}; {who} joue.")
        elif e.kind == "pickup":
            hole = name(e.holes[0], lang) if e.holes else "?"
            # gather the drops that follow, up to the next non-drop event
            j = i + 1
            drops = []
            while j < len(events) and events[j].kind == "drop":
                drops.append(events[j])
                j += 1
            ends = events[j] if j < len(events) and events[j].kind == "lap_end" else None
            direction = DIRECTION[lang].get(e.direction, "")
            if drops and len(drops) == e.count:
                if lang == "en":
                    text = f"{who} sows {the_seeds(e.count, lang)} {_of(hole, lang)} {direction}"
                else:
                    text = f"{who} sème {the_seeds(e.count, lang)} {_of(hole, lang)} {direction}"
                if ends is not None:
                    text += "; " if lang == "en" else f"{NBSP}; "
                    text += _lap_end_clause(ends, name, lang, after(j))
                    j += 1
                sentences.append(text + ".")
            elif drops:
                into = join([name(d.holes[0], lang) for d in drops], lang)
                if lang == "en":
                    sentences.append(f"{who} takes {the_seeds(e.count, lang)} {_of(hole, lang)} and drops "
                                     f"{seeds(len(drops), lang)} {direction}, {_into(into, lang)}.")
                else:
                    sentences.append(f"{who} prend {the_seeds(e.count, lang)} {_of(hole, lang)} et en pose "
                                     f"{len(drops)} {direction}, {_into(into, lang)}.")
            else:
                if lang == "en":
                    sentences.append(f"{who} takes {the_seeds(e.count, lang)} {_of(hole, lang)} in hand.")
                else:
                    sentences.append(f"{who} prend en main {the_seeds(e.count, lang)} {_of(hole, lang)}.")
            i = j
            continue
        elif e.kind == "drop":
            j = i
            drops = []
            while j < len(events) and events[j].kind == "drop":
                drops.append(events[j])
                j += 1
            into = join([name(d.holes[0], lang) for d in drops], lang)
            if lang == "en":
                what = "a seed" if len(drops) == 1 else f"{len(drops)} seeds, one each"
                sentences.append(f"{who} drops {what} {_into(into, lang)}.")
            else:
                what = "une graine" if len(drops) == 1 else f"{len(drops)} graines, une par case,"
                sentences.append(f"{who} pose {what} {_into(into, lang)}.")
            if j < len(tail) and tail[j].kind == "lap_end":
                clause = _lap_end_clause(tail[j], name, lang, after(j))
                if len(drops) == 1:  # "South drops the last seed into c2, which was empty, ..."
                    last = "the last seed" if lang == "en" else "la dernière graine"
                    verb = "drops" if lang == "en" else "pose"
                    why = clause.split(", ", 1)[1] if ", " in clause else ""
                    sentences[-1] = f"{who} {verb} {last} {_into(into, lang)}" + (f", {why}." if why else ".")
                else:
                    sentences[-1] = sentences[-1][:-1] + ("; " if lang == "en" else f"{NBSP}; ") + clause + "."
                j += 1
            i = j
            continue
        elif e.kind == "lap_end":
            clause = _lap_end_clause(e, name, lang, after(i))
            sentences.append(clause[0].upper() + clause[1:] + ".")
        elif e.kind == "capture":
            holes = join([name(h, lang) for h in e.holes], lang)
            if lang == "en":
                sentences.append(f"{who} captures {the_seeds(e.count, lang)} {_of(holes, lang)}.")
            else:
                sentences.append(f"{who} capture {the_seeds(e.count, lang)} {_of(holes, lang)}.")
        elif e.kind == "merge":
            hole = name(e.holes[0], lang) if e.holes else "?"
            total = e.cells[e.holes[0]] if e.holes and len(e.cells) > e.holes[0] else e.count
            if lang == "en":
                them = "it" if e.count == 1 else "them"
                sentences.append(f"{who} adds {them} to the seeds {_of(hole, lang)}, which now holds "
                                 f"{seeds(total, lang)}.")
            else:
                them = "l’ajoute" if e.count == 1 else "les ajoute"
                sentences.append(f"{who} {them} aux graines {_of(hole, lang)}, qui en contient "
                                 f"maintenant {total}.")
        elif e.kind == "place":
            hole = name(e.holes[0], lang) if e.holes else "?"
            if lang == "en":
                sentences.append(f"{who} puts {seeds(e.count or 1, lang)} from the reserve {_into(hole, lang)}.")
            else:
                sentences.append(f"{who} met {seeds(e.count or 1, lang)} de sa réserve {_into(hole, lang)}.")
        elif e.kind == "turn_end":
            said = any(s for s in sentences if "turn ends" in s or "tour s’arrête" in s)
            if not said:
                text = TURN_END.get(e.reason or "", GENERIC_TURN_END)[lang]
                sentences.append(_fmt(text, lang))
        # "choice" events carry no text of their own: the choice shows in what follows
        i += 1
    return " ".join(sentences)


def _lap_end_clause(e, name, lang, after=None) -> str:
    """'the last falls into c2, which was empty, so the turn ends' (*after*: the next event)."""
    hole = name(e.holes[0], lang) if e.holes else "?"
    head = f"the last falls into {hole}" if lang == "en" else f"la dernière tombe dans {hole}"
    nxt = getattr(after, "kind", None)
    reason = LAP_END.get((e.reason, nxt)) or LAP_END.get((e.reason, None))
    if reason is None:
        return head
    return f"{head}, {_fmt(reason[lang], lang)}"


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
                      show_to_move=True) -> str:
    """The board in words, row by row from the top (as the image shows it)."""
    _check(lang)
    g = position.geometry
    name = names if isinstance(names, HoleNamer) else HoleNamer(g, names)
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
            parts.append(f"{ROLE_NAMES[role][lang]}{NBSP if lang == 'fr' else ''}: "
                         f"{join([name(h, lang) for h in holes], lang)}.")
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
