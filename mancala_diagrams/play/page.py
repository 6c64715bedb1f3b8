"""What the page's script calls: one :class:`Session` per game on the page.

Everything crosses as JSON text: the script sends a decision (its kind and
value), the session answers with the frames to show (one per event of the
sowing: the board, the seeds in hand, the holes to highlight, the caption in
the page's language) and the state after it (the board, who is to play, the
decision asked with every option and every refusal's reason, the moves
played, the end of the game, the puzzle's counters).  The script only draws
what it is given, listens, and calls.

Values of decisions, as JSON: a hole is its index, a direction ``1``
(counterclockwise) or ``-1`` (clockwise), an opening ``[hole, direction]``,
the other choices their word (``"left"``, ``"stop"`` ...), the go of a turn
under way ``null``.
"""
from __future__ import annotations

import json
import random

from ..drawing import captions
from ..drawing.catalog import in_language
from ..engine.geometry import CCW, CW, LETTERS, other
from ..engine.notation import turn_text
from ..engine.position import Position
from ..errors import LimitExceeded, MancalaError
from . import opponent, words as W
from .data import rules_from_data
from .game import CONTINUE, Game, Refused
from .record import Unwritable, example_name, example_yaml

#: The decisions whose values are holes (chosen on the board).
HOLE_KINDS = ("start", "place", "target", "hole")
#: How each event shows on the board while it is played (the ring of the
#: board pictures: ``render.ROLES``).
FRAME_KINDS = ("pickup", "drop", "place", "capture", "merge", "choice", "turn_end")


def start_position(rules, text: str | None) -> Position:
    """The position a game starts from: *text* (a position's text form, as a
    figure carries it) on the rules' board, or the rules' start."""
    if not text:
        return rules.initial_position()
    pos = Position.from_text(text)
    if pos.geometry != rules.geometry:
        raise MancalaError(f"the position {text!r} is not on the board of the rules {rules.name} "
                           f"({rules.geometry.describe()})")
    return rules.with_initial_state(Position(rules.geometry, pos.cells, pos.to_move, pos.reserves, pos.state,
                                             pos.hand))


def encode(kind, value):
    if kind == "start":
        return [value[0], value[1]]
    return value


def decode(kind, value):
    if kind == "start":
        if not (isinstance(value, list) and len(value) == 2):
            raise Refused(f"an opening is [hole, direction], not {value!r}")
        return (int(value[0]), int(value[1]))
    if kind in ("place", "target", "hole", "direction"):
        return int(value)
    return value


class Session:
    def __init__(self, rules_data, position: str | None = None, lang: str = "en", seed: int | None = None):
        data = json.loads(rules_data) if isinstance(rules_data, str) else rules_data
        self.rules = rules_from_data(data)
        self.lang = lang
        self.puzzle = data.get("puzzle")
        self.game = Game(self.rules, start_position(self.rules, position))
        self.rng = random.Random(seed)

    # -- the board, once --------------------------------------------------------------
    def setup(self) -> str:
        """What does not change during a game: the board's shape, the hole names
        and the coordinates (the site's pictures write column letters and row
        numbers, or each hole's letter on a board named with letters)."""
        g = self.rules.geometry
        return json.dumps({
            "columns": g.columns, "rows": g.rows, "solo": g.solo, "players": list(g.players),
            "names": [g.name(h) for h in range(g.size)],
            "edges": g.notation != "letters",
            "column_letters": [LETTERS[c] for c in range(g.columns)],
            "row_numbers": [str(g.rows - r) for r in range(g.rows)],
            "player_names": {p: W.who(p, self.lang) for p in g.players},
            "title": in_language(self.rules.title, self.lang),
            "levels": [] if g.solo else list(opponent.LEVELS),
        })

    # -- the state after each call ----------------------------------------------------------
    def state(self) -> str:
        return json.dumps(self._state())

    def _position_now(self):
        """The board as it stands (the end of the last event of the turn under way)."""
        game = self.game
        e = next((e for e in reversed(game.events) if e.cells), None)
        pos = game.position
        if e is None:
            return pos.cells, pos.hand.seeds if pos.hand else 0, pos.state
        return e.cells, e.hand, e.state

    def _state(self) -> dict:
        game, lang, g = self.game, self.lang, self.rules.geometry
        cells, hand, state = self._position_now()
        here = Position(g, tuple(cells), game.to_move, game.position.reserves, tuple(state))
        roles = self.rules.hole_roles(here)
        out = {
            "turn": game.turn_number, "to_move": game.to_move, "cells": list(cells),
            "hand": hand, "reserves": _reserves(game.events, len(game.events) - 1, game.position.reserves),
            "special": self.rules.special_holes_at(here),
            "ask": self._ask(here, roles),
            "outcome": self._outcome(),
            "moves": self.moves(),
            "can_undo": game.can_undo, "can_redo": game.can_redo,
            "puzzle": self._puzzle(),
        }
        names = captions.HoleNamer(g, rules=self.rules)
        probe = _Probe(cells, state)
        out["holes"] = [self._hole_label(h, cells, roles, out["ask"], names, probe) for h in range(g.size)]
        out["status"] = out["outcome"]["text"] if out["outcome"] else (
            out["ask"]["prompt"] if out["ask"] else W.say(W.STATUS_TO_PLAY, lang, who=W.who(game.to_move, lang)))
        return out

    def _hole_label(self, hole, cells, roles, ask, names, probe) -> str:
        """What a screen reader says of a hole: its name, what the rules call it
        (the left tsibongy, North’s front rova ...), its seeds, and why it may
        not be played when the rules ask for a hole."""
        lang, g = self.lang, self.rules.geometry
        name, n = g.name(hole), cells[hole]
        called = names(hole, lang, probe, self.game.to_move)
        if called != name:
            text = W.say(W.HOLE_ROLE if n else W.HOLE_ROLE_EMPTY, lang, hole=name, role=called,
                         seeds=W.seed_count(n, lang))
        else:
            text = W.say(W.HOLE_LABEL if n else W.HOLE_EMPTY, lang, hole=name, seeds=W.seed_count(n, lang))
        if ask and ask["kind"] in HOLE_KINDS and str(hole) in ask["refused"]:
            text += ". " + W.say(W.NOT_PLAYABLE, lang, hole=name, reason=ask["refused"][str(hole)])
        return text

    def _ask(self, here, roles):
        game, lang, g = self.game, self.lang, self.rules.geometry
        ask = game.ask
        if ask is None:
            return None
        who = W.who(ask.player, lang)
        out = {"kind": ask.kind, "player": ask.player, "prompt": W.say(W.PROMPTS[ask.kind], lang, who=who),
               "holes": {}, "choices": [], "refused": {}}
        if ask.kind in HOLE_KINDS:
            for value in ask.options:
                hole = value[0] if ask.kind == "start" else value
                out["holes"].setdefault(str(hole), []).append(encode(ask.kind, value))
            if ask.kind == "start":
                out["directions"] = {str(d): captions.direction_name(d, lang) for d in (CW, CCW)}
            mine = [h for h in range(g.size) if g.owner(h) == ask.player]
            for hole in range(g.size):
                if str(hole) in out["holes"]:
                    continue
                if hole not in mine:
                    out["refused"][str(hole)] = W.say(W.OPPONENT_HOLE, lang, hole=g.name(hole),
                                                      owner=W.who(g.owner(hole), lang))
                    continue
                out["refused"][str(hole)] = self._why(ask, hole)
        else:
            for value in ask.options:
                out["choices"].append({"value": encode(ask.kind, value), "label": self._choice_label(ask, value)})
        return out

    def _why(self, ask, hole):
        """Why *hole* may not be chosen now, in the page's language."""
        values = [(hole, d) for d in (CW, CCW)] if ask.kind == "start" else [hole]
        for value in values:
            found = self.game.refusal(ask.kind, value)
            if found:
                return W.refusal(found[0], self.lang)
        return W.say(W.NOT_ASKED, self.lang)

    def _choice_label(self, ask, value) -> str:
        lang = self.lang
        if ask.kind == "direction":
            return captions.direction_name(value, lang)
        message = W.CHOICES.get((ask.kind, value))
        if message is None:
            return str(value)
        hole = ""
        if ask.kind == "tsibongy":
            g = self.rules.geometry
            hole = g.name(g.hole(ask.player, 0, 0 if value == "left" else g.columns - 1))
        return W.say(message, lang, hole=hole)

    def _outcome(self):
        o = self.game.outcome
        if o is None:
            return None
        lang = self.lang
        winner = o.get("winner")
        if winner is None or self.rules.geometry.solo:
            text = W.say(W.OUTCOME_SOLO.get(o.get("reason"), W.OUTCOME_SOLO["no-move"]), lang)
        else:
            text = W.say(W.OUTCOMES.get(o.get("reason"), W.OUTCOME_ANY), lang, winner=W.who(winner, lang),
                         loser=W.who(other(winner), lang))
        return {"winner": winner, "reason": o.get("reason"), "text": text}

    def _puzzle(self):
        """The turn counter of katro bevohoka's puzzle, against the known
        optimum: for a game from the rules' start only (the optimum counts the
        turns from there)."""
        if not self.puzzle or self.game.start != self.rules.initial_position():
            return None
        lang = self.lang
        turns = [t for t in self.game.turns if t.end != "setup"]
        played = len(turns)
        source = sum(1 for t in turns if t.end != "target-full")
        best = int(self.puzzle["min_turns"])
        text = W.say(W.PUZZLE, lang, turns=played, columns=self.rules.geometry.columns, best=best)
        text += " " + W.say(W.PUZZLE_SOURCE, lang, source=source, source_best=best - 1)
        if self.game.over and self.game.outcome.get("reason") == "target-full":
            text = W.say(W.PUZZLE_DONE, lang, turns=played, best=best) + " " + text
        return {"turns": played, "best": best, "source": source, "source_best": best - 1, "text": text}

    def moves(self) -> list:
        """The turns played, in the move notation (and the turn under way, its
        decisions so far): ``{turn, player, text, line}``, *line* as the page
        lists it, in its language (the notation's words in English)."""
        g, lang = self.rules.geometry, self.lang
        out = [(t.number, t.player, turn_text(t.decisions, g), W.turn_words(t.decisions, g, lang), False)
               for t in self.game.turns]
        if self.game.pending:
            made = [d for d in self.game.pending if d[0] != CONTINUE]
            out.append((self.game.turn_number, self.game.to_move, turn_text(made, g) + " …",
                        W.turn_words(made, g, lang) + " …", True))
        return [{"turn": n, "player": p, "text": text, "pending": pending,
                 "line": W.say(W.MOVE_LINE, lang, who=W.who(p, lang), move=words)}
                for n, p, text, words, pending in out]

    # -- the reader's decisions ---------------------------------------------------------------
    def _step(self, kind, value) -> tuple:
        """Make one decision; (the turn's trace, the index of its first new
        event, the turn if it ended)."""
        game = self.game
        turns = len(game.turns)
        events = game.choose(kind, value)
        if len(game.turns) > turns:
            turn = game.turns[-1]
            return turn.events, len(turn.events) - len(events), turn
        return tuple(game.events), len(game.events) - len(events), None

    def choose(self, kind: str, value_json) -> str:
        """Make a decision (*value_json*: its value as JSON); answers
        ``{frames, state, announce}``, or ``{refused, state}``."""
        try:
            value = decode(kind, json.loads(value_json) if isinstance(value_json, str) else value_json)
            step = self._step(kind, value)
        except Refused as exc:
            reason = W.refusal(exc.reason, self.lang) if exc.reason else W.say(W.NOT_ASKED, self.lang)
            return json.dumps({"refused": reason, "state": self._state()})
        except (ValueError, TypeError) as exc:
            return json.dumps({"refused": str(exc), "state": self._state()})
        return json.dumps(self._answer([step]))

    def computer(self, level: int = 1) -> str:
        """The computer plays the turn of the player to move to its end (its
        search: :mod:`.opponent`), from the decisions already made in it:
        ``{frames, state, announce}``; when it cannot choose, the same with
        ``refused`` (the frames of the reader's go of a turn under way, if it
        was played first)."""
        game = self.game
        steps = []
        if game.ask is not None and game.ask.kind == CONTINUE:
            steps.append(self._step(CONTINUE, None))
        if game.ask is not None and not (steps and steps[-1][2] is not None):
            made = tuple(d for d in game.pending if d[0] != CONTINUE)
            try:
                move = opponent.choose_move(self.rules, game.position, int(level), self.rng, prefix=made)
            except LimitExceeded:           # its turns could not all be listed: said, not played
                # (the reader's go of a turn under way, played above, is shown all the same)
                return json.dumps({**self._answer(steps), "refused": W.say(W.COMPUTER_CANNOT, self.lang)})
            for kind, value in (move or ())[len(made):]:
                steps.append(self._step(kind, value))
        return json.dumps(self._answer(steps))

    def _answer(self, steps) -> dict:
        frames = [f for trace, first, turn in steps for f in self._frames(trace, first, turn)]
        out = {"frames": frames, "state": self._state()}
        ended = [turn for _, _, turn in steps if turn is not None]
        if ended:
            out["announce"] = " ".join([self._announce(t) for t in ended] + [out["state"]["status"]])
        return out

    def _announce(self, turn) -> str:
        """A turn in a few words, for screen readers: who played what, the seeds
        captured, how the turn ended."""
        lang = self.lang
        who = W.who(turn.player, lang)
        text = W.say(W.PLAYED, lang, who=who, move=W.turn_words(turn.decisions, self.rules.geometry, lang))
        taken = sum(e.count for e in turn.events if e.kind == "capture")
        if taken:
            text += " " + W.say(W.CAPTURED, lang, who=who, seeds=W.seed_count(taken, lang))
        end = [e for e in turn.events if e.kind == "turn_end"]
        if end:
            text += " " + captions.describe_events(end, self.rules.geometry, lang, rules=self.rules)
        return text

    def _frames(self, trace, first, turn) -> list:
        """One frame per event of ``trace[first:]`` that shows: the board after
        it, the seeds in hand, the reserves, the holes it highlights and its
        caption (its lap so far, told by the narrator of the site's captions)."""
        g = self.rules.geometry
        start = (turn.before if turn is not None else self.game.position).reserves
        frames = []
        for k in range(first, len(trace)):
            e = trace[k]
            if e.kind not in FRAME_KINDS:
                continue
            run = _lap_run(trace, k)
            after = k + 1 + (run[-1] is not e)
            frames.append({"kind": e.kind, "player": e.player, "cells": list(e.cells), "hand": e.hand,
                           "reserves": _reserves(trace, k, start), "highlights": _highlights(trace, k),
                           "special": self.rules.special_holes_at(Position(g, e.cells, state=e.state)),
                           "caption": captions.describe_events(run, g, self.lang, following=trace[after:after + 4],
                                                               rules=self.rules)})
        return frames

    # -- undo, redo, the example ---------------------------------------------------------------
    def undo(self) -> str:
        self.game.undo()
        return json.dumps({"frames": [], "state": self._state()})

    def redo(self) -> str:
        turn = self.game.redo()
        return json.dumps(self._answer([] if turn is None else [(turn.events, 0, turn)]))

    def example(self, name: str) -> str:
        """The game as an example file named *name*: ``{name, text}`` (the
        file's name and its YAML), or ``{error}`` when it cannot be written."""
        try:
            return json.dumps({"name": example_name(name), "text": example_yaml(self.game, name)})
        except Unwritable:
            return json.dumps({"error": W.say(W.UNWRITABLE, self.lang)})


class _Probe:
    """A stand-in event carrying a board and the mechanics' state (to name its holes)."""

    def __init__(self, cells, state):
        self.cells = tuple(cells)
        self.state = tuple(state)


def _reserves(trace, k, start) -> list:
    """The reserves after ``trace[k]``: *start* (the turn's), less the seed a
    turn puts from the reserve (its ``place`` event; a seed lifted and put
    back to show a hole, ``reason: show``, is not one)."""
    out = list(start)
    for e in trace[:k + 1]:
        if e.kind == "place" and e.reason != "show":
            index = 0 if e.player == "south" else 1
            out[index] = max(0, out[index] - 1)
    return out


def _lap_run(trace, k):
    """The events of the lap of ``trace[k]`` up to it (and the lap's end when
    it comes next): what the caption of that moment tells."""
    e = trace[k]
    j = k
    while j > 0 and trace[j - 1].kind != "start" and trace[j - 1].turn == e.turn and trace[j - 1].lap == e.lap:
        j -= 1
    run = [x for x in trace[j:k + 1] if x.kind != "start"]
    if k + 1 < len(trace) and trace[k + 1].kind == "lap_end" and e.kind == "drop":
        run.append(trace[k + 1])
    return run


def _highlights(trace, k) -> dict:
    """The rings of the board pictures for the moment ``trace[k]``: the hole
    emptied, the holes sown and the last seed of its lap so far, the holes it
    captures."""
    e = trace[k]
    out = {"emptied": set(), "sown": set(), "last": set(), "captured": set()}
    for x in _lap_run(trace, k):
        if x.kind == "pickup":
            out["emptied"].update(x.holes)
        elif x.kind in ("drop", "place", "merge"):
            out["sown"].update(x.holes)
    if e.kind in ("drop", "place"):
        out["last"].update(e.holes)
    if e.kind == "capture":
        out["captured"].update(e.holes)
    out["sown"] -= out["last"]
    out["emptied"] -= out["sown"] | out["last"]
    return {role: sorted(holes) for role, holes in out.items() if holes}
