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
from .said import N_, Said, joined, said

#: the claims with a value: kind -> what the value is (count or player), as formats.py says
VALUED_CLAIMS = {kind: f.schema["$ref"].rsplit("/", 1)[1] for kind, f in CLAIM_KEYS.items()}
CLAIM_KINDS = WORD_CLAIMS + tuple(VALUED_CLAIMS)

#: a player's name, in every language
_PLAYER = {"south": said(N_("South")), "north": said(N_("North"))}


def _player(name) -> Said:
    return _PLAYER.get(name) or said(N_("nobody"))


@dataclass(frozen=True)
class Claim:
    kind: str
    value: object = None

    def to_json(self):
        """As the example writes it: ``turn-ends`` or ``{captures: 3}``."""
        return self.kind if self.value is None else {self.kind: self.value}

    def words(self) -> Said:
        """What the page says."""
        v = self.value
        if self.kind == "turn-ends":
            return said(N_("the turn ends"))
        if self.kind == "game-ends":
            return said(N_("the game ends"))
        if self.kind == "captures":
            return said(N_("%(n)s seed is captured") if v == 1 else N_("%(n)s seeds are captured"), n=v)
        if self.kind == "wins":
            return said(N_("%(player)s wins"), player=_player(v))
        if self.kind == "replies":
            return said(N_("the next player has %(n)s possible turns"), n=v)
        return said(N_("%(player)s wins at their next turn, whatever the opponent plays"), player=_player(v))


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
        """How the turn does not stop at diagram *d* (a :class:`.said.Said`), else None."""
        if not self.sowing_on and self.turn_ended:
            return None
        ev = self.event
        if self.after is None and not self.sowing_on:
            return said(N_("the replay stops before the end of turn %(turn)s"), turn=ev.turn)
        laps = sorted({e.lap for e in self.sowing_on if e.lap > ev.lap})
        sown = sum(1 for e in self.sowing_on if e.kind == "drop") or sum(
            e.count for e in self.sowing_on if e.kind == "pickup")
        taken = [e for e in self.sowing_on if e.kind == "capture"]
        first = self.sowing_on[0]
        holes = tuple(geometry.name(h) for h in first.holes)
        what = said(_KIND[first.kind], holes=holes) if first.kind in _KIND else f"{first.kind} {', '.join(holes)}"
        out = said(N_("the engine goes on (turn %(turn)s, lap %(lap)s: %(what)s)"), turn=ev.turn, lap=first.lap,
                   what=what)
        if laps:
            out = said(N_("%(said)s for %(n)s more lap") if len(laps) == 1 else N_("%(said)s for %(n)s more laps"),
                       said=out, n=len(laps))
        if sown:
            out = said(N_("%(said)s, sowing %(n)s seeds"), said=out, n=sown)
        if taken:
            out = said(N_("%(said)s and capturing %(n)s seeds (%(holes)s)"), said=out,
                       n=sum(e.count for e in taken), holes=tuple(_holes(taken, geometry)))
        return out

    def outcome(self):
        return self.rules.outcome(self.after) if self.after is not None else None


#: what happens next in a turn, by the event's kind
_KIND = {"capture": N_("capture %(holes)s"), "pickup": N_("pickup %(holes)s"), "merge": N_("merge %(holes)s"),
         "drop": N_("drop %(holes)s"), "place": N_("reserve seed placed %(holes)s"),
         "choice": N_("choice %(holes)s"), "start": N_("start %(holes)s")}


def _holes(captures, geometry):
    return [geometry.name(h) for e in captures for h in e.holes]


def _wins_next_turn(rules, position, player, turn_number, limit=10_000):
    """Whether *player* wins by the end of their next turn from *position*,
    whatever the opponent plays first; (answer, why not in words)."""
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
        return False, said(N_("no turn of %(player)s wins from there"), player=_player(player))
    replies = rules.legal_moves(position, limit)
    for move in replies:
        try:
            after = rules.play(position, move, turn_number=turn_number)
        except MancalaError:
            continue
        if rules.outcome(after) is None and winning_turn(after, turn_number + 1) is not None:
            continue
        out = rules.outcome(after)
        if out is not None and out.get("winner") == player:
            continue
        from .evidence import describe_decision
        played = ", ".join(describe_decision(k, v, position.geometry) for k, v in move)
        return False, said(N_("after %(player)s's turn %(turn)s, no turn of %(winner)s wins"),
                           player=_player(position.to_move), turn=played, winner=_player(player))
    return True, None


def contradiction(claim: Claim, d, moment: _Moment, geometry):
    """How the replay contradicts *claim* at diagram *d* (a
    :class:`.said.Said`), or None when it holds."""
    ev, rep, rules = moment.event, moment.rep, moment.rules
    kind, v = claim.kind, claim.value
    if kind == "turn-ends":
        return moment.goes_on(d, geometry)
    if kind == "game-ends":
        on = moment.goes_on(d, geometry)
        if on is not None:
            return on
        if moment.outcome() is None:
            return said(N_("the rules let %(player)s play on"), player=_player(moment.after.to_move))
        return None
    if kind == "captures":
        taken = sum(e.count for e in rep.captures_at(ev))
        if taken == v:
            return None
        return said(N_("the captures there take %(taken)s seeds, not %(n)s"), taken=taken, n=v)
    # the claims below are about the position when the turn ends
    if moment.after is None:
        return said(N_("the replay stops before the end of turn %(turn)s"), turn=ev.turn)
    out = moment.outcome()
    if kind == "wins":
        if out is None:
            return said(N_("the game is not over when turn %(turn)s ends"), turn=ev.turn)
        if out.get("winner") != v:
            return said(N_("%(winner)s wins, not %(player)s"), winner=_player(out.get("winner")), player=_player(v))
        return None
    if out is not None:
        who = out.get("winner")
        if who:
            return said(N_("the game is over when turn %(turn)s ends: %(player)s has won"), turn=ev.turn,
                        player=_player(who))
        return said(N_("the game is over when turn %(turn)s ends"), turn=ev.turn)
    if kind == "replies":
        n = len(rules.legal_moves(moment.after))
        if n == v:
            return None
        return said(N_("when turn %(turn)s ends, %(player)s has %(count)s possible turns, not %(n)s"), turn=ev.turn,
                    player=_player(moment.after.to_move), count=n, n=v)
    if kind == "wins-next-turn":
        holds, why = _wins_next_turn(rules, moment.after, v, ev.turn + 1)
        return None if holds else why
    raise ValueError(f"unknown claim {kind!r}")


def claims_verdict(example, d, rep, index, path):
    """(problem, evidence) for the claims of diagram *d* (``events[index]``
    of the replay *rep*): *problem* is a reason to fail (a claim contradicted
    that no claim erratum declares, or a declared claim erratum whose claims
    hold); *evidence* is None, or for a declared claim erratum {words, claims}:
    how the replay contradicts each claim it names, and the command that shows
    the replay again (words: a :class:`.said.Said`) (*path*: the example's file, as the command is typed)."""
    rules = example.rules
    g = rules.geometry
    moment = _Moment(rep, index, rules)
    found = {c: contradiction(c, d, moment, g) for c in d.claims}
    wrong = [c for c, why in found.items() if why is not None]
    declared = d.claim_erratum.claims if d.claim_erratum is not None else ()
    undeclared = [c for c in wrong if c not in declared]
    if undeclared:
        c = undeclared[0]
        return (f"the source says {c.words()} at {d.id}, but {found[c]}"
                + ("" if d.claim_erratum is None else " (not among the claims its claim erratum names)")), None
    holding = [c for c in declared if found.get(c) is None]
    if holding:
        c = holding[0]
        return (f"declared claim erratum, but the replay agrees that {c.words()} at {d.id}"
                if c in found else f"the claim erratum names {c.to_json()!r}, which {d.id} does not claim"), None
    if d.claim_erratum is None:
        return None, None
    each = [said(N_("at %(diagram)s the page says that %(claim)s, but %(replay)s"), diagram=d.id, claim=c.words(),
                 replay=found[c]) for c in declared]
    words = joined(each, N_("%(first)s; %(then)s"))     # the commands that show it are the page's to give
    return None, {"words": words, "claims": [c.to_json() for c in declared]}
