"""What a page says happens at a diagram, checked against the replay.

A diagram of a game example may list ``claims:``, the facts the page's text
states about that moment, each one a sentence a replay can check:

``turn-ends``
    the turn stops at this diagram: nothing is sown after it in the turn;
``game-ends``
    the game is over at this diagram: the turn stops there and the rules
    give the game's result;
``{captures: N}``
    the captures this moment covers take N seeds (as a check's ``seeds:``:
    at a capture, that capture; at another moment of a lap, the lap's; at a
    turn's end, the turn's);
``{wins: PLAYER}``
    the game is over by the end of this turn, won by PLAYER;
``{replies: N}``
    when this turn ends, the player to move has exactly N legal turns;
``{wins-next-turn: PLAYER}``
    when this turn ends, PLAYER wins by the end of their next turn, whatever
    the opponent plays before it.

A claim the replay contradicts fails the verification, unless the diagram
declares a *claim erratum* (``claim_erratum: {claims: [...], reason: ...}``):
the page's sentence is then taken to be wrong, the claims it names must be
exactly those the replay contradicts, and :func:`claims_verdict` gives the
evidence in words, found again at every verification.

Pure: a replay in, words out.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..engine.geometry import PLAYERS
from ..errors import MancalaError
from .formats import CLAIM_KEYS, CLAIMS as WORD_CLAIMS

#: the claims with a value: kind -> what the value is (count or player), as formats.py says
VALUED_CLAIMS = {kind: f.schema["$ref"].rsplit("/", 1)[1] for kind, f in CLAIM_KEYS.items()}
CLAIM_KINDS = WORD_CLAIMS + tuple(VALUED_CLAIMS)

_FR_PLAYER = {"south": "Sud", "north": "Nord"}


@dataclass(frozen=True)
class Claim:
    kind: str
    value: object = None

    def to_json(self):
        """As the example writes it: ``turn-ends`` or ``{captures: 3}``."""
        return self.kind if self.value is None else {self.kind: self.value}

    def words(self) -> dict:
        """What the page says, in each language."""
        v = self.value
        fr_v = _FR_PLAYER.get(v, v)
        if self.kind == "turn-ends":
            return {"en": "the turn ends", "fr": "le tour s’arrête"}
        if self.kind == "game-ends":
            return {"en": "the game ends", "fr": "la partie s’arrête"}
        if self.kind == "captures":
            return {"en": f"{v} seed{'s are' if v != 1 else ' is'} captured",
                    "fr": f"{v} graine{'s sont prises' if v > 1 else ' est prise'}"}
        if self.kind == "wins":
            return {"en": f"{v} wins", "fr": f"{fr_v} gagne"}
        if self.kind == "replies":
            return {"en": f"the next player has {v} possible turns", "fr": f"le joueur suivant a {v} tours possibles"}
        return {"en": f"{v} wins at their next turn, whatever the opponent plays",
                "fr": f"{fr_v} gagne à son prochain tour, quoi que joue l’adversaire"}


@dataclass(frozen=True)
class ClaimErratum:
    """A sentence of the page that the replay contradicts: which claims, and why."""
    claims: tuple
    reason: dict


def parse_claim(item):
    """A :class:`Claim` from one item of ``claims:``, or a str saying what is
    wrong with it."""
    if isinstance(item, str):
        return Claim(item) if item in WORD_CLAIMS else f"unknown claim {item!r}"
    if not isinstance(item, dict) or len(item) != 1:
        return f"a claim is a word or a one-key mapping, not {item!r}"
    (kind, value), = item.items()
    what = VALUED_CLAIMS.get(kind)
    if what is None:
        return f"unknown claim {kind!r}"
    if what == "count" and (not isinstance(value, int) or isinstance(value, bool) or value < 0):
        return f"{kind}: {value!r} is not a whole number"
    if what == "player" and value not in PLAYERS:
        return f"{kind}: {value!r} is not a player"
    return Claim(kind, value)


# -- what the replay says, claim by claim -------------------------------------------------
class _Moment:
    """The diagram's moment in a replay, and what follows it in its turn."""

    def __init__(self, rep, index, rules):
        self.rep, self.rules = rep, rules
        self.event = ev = rep.events[index]
        self.later = [e for e in rep.events[index + 1:] if e.turn == ev.turn]
        self.sowing_on = [e for e in self.later if e.kind not in ("lap_end", "fotsiny", "turn_end")]
        self.turn_ended = any(e.kind == "turn_end" for e in self.later + [ev])
        self.after = rep.positions[ev.turn] if ev.turn < len(rep.positions) else None

    def goes_on(self, d, geometry):
        """{en, fr} when the turn does not stop at diagram *d*, else None."""
        if not self.sowing_on and self.turn_ended:
            return None
        ev = self.event
        if self.after is None and not self.sowing_on:
            return {"en": f"the replay stops before the end of turn {ev.turn}",
                    "fr": f"le rejeu s’arrête avant la fin du tour {ev.turn}"}
        laps = sorted({e.lap for e in self.sowing_on if e.lap > ev.lap})
        sown = sum(1 for e in self.sowing_on if e.kind == "drop")
        taken = [e for e in self.sowing_on if e.kind == "capture"]
        seeds = sum(e.count for e in taken)
        first = self.sowing_on[0]
        what = f"{first.kind} {', '.join(geometry.name(h) for h in first.holes)}".strip()
        en = (f"the engine goes on (turn {ev.turn}, lap {first.lap}: {what})"
              + (f" for {len(laps)} more lap{'s' if len(laps) != 1 else ''}" if laps else "")
              + (f", sowing {sown} seeds" if sown else "")
              + (f" and capturing {seeds} seeds ({', '.join(_holes(taken, geometry))})" if taken else ""))
        fr = (f"le moteur continue (tour {ev.turn}, semis {first.lap} : {_FR_KIND.get(first.kind, first.kind)} "
              f"{', '.join(geometry.name(h) for h in first.holes)})".replace(" )", ")")
              + (f" pendant {len(laps)} semis de plus" if laps else "")
              + (f", sème {sown} graines" if sown else "")
              + (f" et prend {seeds} graines ({', '.join(_holes(taken, geometry))})" if taken else ""))
        return {"en": en, "fr": fr}

    def outcome(self):
        return self.rules.outcome(self.after) if self.after is not None else None


_FR_KIND = {"capture": "prise", "pickup": "ramassage", "merge": "réunion", "drop": "graine posée",
            "place": "graine de réserve posée", "choice": "choix", "start": "départ"}


def _holes(captures, geometry):
    return [geometry.name(h) for e in captures for h in e.holes]


def _wins_next_turn(rules, position, player, turn_number, limit=10_000):
    """Whether *player* wins by the end of their next turn from *position*,
    whatever the opponent plays first; (answer, {en, fr} why not)."""
    def winning_turn(pos, n):
        for move in rules.legal_moves(pos, limit):
            try:
                after = rules.play(pos, move, turn_number=n)
            except MancalaError:
                continue
            out = rules.outcome(after)
            if out is not None and out.get("winner") == player:
                return move
        return None

    if position.to_move == player:
        if winning_turn(position, turn_number) is not None:
            return True, None
        return False, {"en": f"no turn of {player} wins from there",
                       "fr": f"aucun tour de {_FR_PLAYER[player]} ne gagne depuis là"}
    replies = rules.legal_moves(position, limit)
    for move in replies:
        try:
            after = rules.play(position, move, turn_number=turn_number)
        except MancalaError:
            continue
        out = rules.outcome(after)
        if out is None and winning_turn(after, turn_number + 1) is not None:
            continue
        if out is not None and out.get("winner") == player:
            continue
        from .evidence import describe_decision
        said = ", ".join(describe_decision(k, v, position.geometry) for k, v in move)
        return False, {"en": f"after {position.to_move}'s turn {said}, no turn of {player} wins",
                       "fr": f"après le tour {said} de {_FR_PLAYER[position.to_move]}, aucun tour de "
                             f"{_FR_PLAYER[player]} ne gagne"}
    return True, None


def contradiction(claim: Claim, d, moment: _Moment, geometry):
    """{en, fr}: how the replay contradicts *claim* at diagram *d*, or None
    when it holds."""
    ev, rep, rules = moment.event, moment.rep, moment.rules
    kind, v = claim.kind, claim.value
    if kind == "turn-ends":
        return moment.goes_on(d, geometry)
    if kind == "game-ends":
        on = moment.goes_on(d, geometry)
        if on is not None:
            return on
        if moment.outcome() is None:
            who = moment.after.to_move
            return {"en": f"the rules let {who} play on", "fr": f"les règles laissent {_FR_PLAYER[who]} jouer"}
        return None
    if kind == "captures":
        taken = sum(e.count for e in rep.captures_at(ev))
        if taken == v:
            return None
        return {"en": f"the captures there take {taken} seeds, not {v}",
                "fr": f"les prises y emportent {taken} graines, pas {v}"}
    # the claims below are about the position when the turn ends
    if moment.after is None:
        return {"en": f"the replay stops before the end of turn {ev.turn}",
                "fr": f"le rejeu s’arrête avant la fin du tour {ev.turn}"}
    out = moment.outcome()
    if kind == "wins":
        if out is None:
            return {"en": f"the game is not over when turn {ev.turn} ends",
                    "fr": f"la partie n’est pas finie à la fin du tour {ev.turn}"}
        if out.get("winner") != v:
            who = out.get("winner") or "nobody"
            return {"en": f"{who} wins, not {v}", "fr": f"{_FR_PLAYER.get(who, 'personne')} gagne, pas "
                                                        f"{_FR_PLAYER[v]}"}
        return None
    if out is not None:
        who = out.get("winner")
        return {"en": f"the game is over when turn {ev.turn} ends" + (f": {who} has won" if who else ""),
                "fr": f"la partie est finie à la fin du tour {ev.turn}"
                      + (f" : {_FR_PLAYER[who]} a gagné" if who else "")}
    if kind == "replies":
        n = len(rules.legal_moves(moment.after))
        if n == v:
            return None
        who = moment.after.to_move
        return {"en": f"when turn {ev.turn} ends, {who} has {n} possible turns, not {v}",
                "fr": f"à la fin du tour {ev.turn}, {_FR_PLAYER[who]} a {n} tours possibles, pas {v}"}
    if kind == "wins-next-turn":
        holds, why = _wins_next_turn(rules, moment.after, v, ev.turn + 1)
        return None if holds else why
    raise ValueError(f"unknown claim {kind!r}")


def claims_verdict(example, d, rep, index, path):
    """(problem, evidence) for the claims of diagram *d* (``events[index]``
    of the replay *rep*): *problem* is a reason to fail (a claim contradicted
    that no claim erratum declares, or a declared claim erratum whose claims
    hold); *evidence* is None, or for a declared claim erratum {en, fr, claims}:
    how the replay contradicts each claim it names, and the command that shows
    the replay again (*path*: the example's file, as the command is typed)."""
    rules = example.rules
    g = rules.geometry
    moment = _Moment(rep, index, rules)
    found = {c: contradiction(c, d, moment, g) for c in d.claims}
    wrong = [c for c, why in found.items() if why is not None]
    declared = d.claim_erratum.claims if d.claim_erratum is not None else ()
    undeclared = [c for c in wrong if c not in declared]
    if undeclared:
        c = undeclared[0]
        return (f"the source says {c.words()['en']} at {d.id}, but {found[c]['en']}"
                + ("" if d.claim_erratum is None else " (not among the claims its claim erratum names)")), None
    holding = [c for c in declared if found.get(c) is None]
    if holding:
        c = holding[0]
        return (f"declared claim erratum, but the replay agrees that {c.words()['en']} at {d.id}"
                if c in found else f"the claim erratum names {c.to_json()!r}, which {d.id} does not claim"), None
    if d.claim_erratum is None:
        return None, None
    command = f"mancala-diagrams replay {path} --boards"
    en = "; ".join(f"at {d.id} the page says that {c.words()['en']}, but {found[c]['en']}" for c in declared)
    fr = " ; ".join(f"en {d.id}, la page dit que {c.words()['fr']}, mais {found[c]['fr']}" for c in declared)
    return None, {"en": f"{en} (to see it again: {command})", "fr": f"{fr} (pour le revoir : {command})",
                  "claims": [c.to_json() for c in declared]}
