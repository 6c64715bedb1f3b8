"""The in-page player's Python side (mancala_diagrams.play), without a browser:
the rules as data, the game decision by decision against the engine's own
replay, refusals and their reasons in both languages, undo and redo, a turn
under way, the move notation, the computer's levels and the page's JSON."""
from __future__ import annotations

import json
import random
import re

import pytest

from conftest import LIBRARY, board, playable_rules, rules
from mancala_diagrams.engine.position import Hand, Position
from mancala_diagrams.engine.turn import turn_generator
from mancala_diagrams.errors import MancalaError, RulesError
from mancala_diagrams.play import opponent
from mancala_diagrams.play.data import rules_from_data, rules_to_data
from mancala_diagrams.play.game import CONTINUE, Game, Refused
from mancala_diagrams.engine.notation import parse_moves, parse_turn, turn_text
from mancala_diagrams.play import words as W
from mancala_diagrams.play.page import Session, encode
from mancala_diagrams.play.words import REFUSALS, refusal

NAMES = playable_rules()


def random_game(game: Game, rng: random.Random, turns: int):
    """Play up to *turns* whole turns at random through the game's own decisions."""
    while len(game.turns) < turns and game.ask is not None:
        ask = game.ask
        game.choose(ask.kind, rng.choice(ask.options))


def replayed(rules_, start, turns):
    """The positions the engine's replay (Rules.play) gives for the turns' decisions."""
    out, pos = [], start
    for n, t in enumerate(turns, start=1):
        pos = rules_.play(pos, t.decisions, turn_number=n)
        out.append(pos)
    return out


# -- the rules as data ------------------------------------------------------------------------

@pytest.mark.heavy
@pytest.mark.parametrize("name", NAMES)
def test_rules_come_back_from_their_data_playing_the_same(name):
    original = rules(name)
    data = json.loads(json.dumps(rules_to_data(original)))      # as the page reads it
    back = rules_from_data(data)
    g, h = original.geometry, back.geometry
    assert (h.columns, h.rows_per_player, h.players, h.notation, h.track_kind) == \
        (g.columns, g.rows_per_player, g.players, g.notation, g.track_kind)
    assert [b.name for b in back.blocks] == [b.name for b in original.blocks]
    assert [b.p for b in back.blocks] == [b.p for b in original.blocks]
    assert back.initial_position() == original.initial_position()
    rng = random.Random(name)
    pos = original.initial_position()
    for n in range(1, 6):
        if original.outcome(pos):
            break
        assert back.legal_moves(pos) == original.legal_moves(pos)
        move = rng.choice(original.legal_moves(pos))
        pos_back = back.play(pos, move, turn_number=n)
        pos = original.play(pos, move, turn_number=n)
        assert pos_back == pos


def test_rules_data_of_another_format_is_refused():
    data = rules_to_data(rules("katro-6"))
    with pytest.raises(RulesError, match="format 99"):
        rules_from_data({**data, "format": 99})
    with pytest.raises(RulesError, match="lacks 'board'"):
        rules_from_data({k: v for k, v in data.items() if k != "board"})


# -- the game, decision by decision -------------------------------------------------------------

@pytest.mark.parametrize("name", NAMES)
def test_a_game_played_decision_by_decision_is_the_engines_replay(name):
    r = rules(name)
    game = Game(r, r.initial_position())
    random_game(game, random.Random(f"game {name}"), 8)
    assert game.turns, name
    assert [t.after for t in game.turns] == replayed(r, r.initial_position(), game.turns)
    for t in game.turns:        # the trace of each turn is the engine's
        events = []
        r.play(t.before, t.decisions, turn_number=t.number, events=events)
        assert tuple(events) == t.events


def test_a_refused_hole_leaves_the_game_as_it_was_and_says_why():
    r = rules("katro-6")
    start = board("""
        2 0 5 0 4 0
        4 1 0 0 4 2
        2 3 0 2 2 0
        3 2 4 2 3 3""")
    game = Game(r, start)
    c2 = r.geometry.parse("c2")
    with pytest.raises(Refused) as info:
        game.choose("start", (c2, 1))
    assert info.value.reason == "c2 is empty: there is nothing to sow"
    assert game.position == start and game.pending == [] and game.ask.kind == "start"
    with pytest.raises(Refused, match="a4 is not one of south's holes"):
        game.choose("start", (r.geometry.parse("a4"), 1))
    with pytest.raises(Refused, match="ask a start decision here, not a place one"):
        game.choose("place", c2)
    assert game.refusal("start", (c2, -1)) == ("c2 is empty: there is nothing to sow", "choose-hole")


def test_undo_and_redo_give_back_the_same_turns():
    r = rules("katra-paika-6")
    game = Game(r, r.initial_position())
    random_game(game, random.Random(3), 4)
    played = list(game.turns)
    assert game.undo() and game.undo()
    assert game.turns == played[:2] and game.can_redo
    assert game.redo() == played[2] and game.redo() == played[3]
    assert game.turns == played and not game.can_redo
    # a decision after an undo starts another line of play: nothing to redo
    game.undo()
    ask = game.ask
    game.choose(ask.kind, ask.options[-1])
    assert not game.undone


def test_undo_in_the_middle_of_a_turn_takes_back_its_decisions_so_far():
    r = rules("katra-paika-4")
    game = Game(r, r.initial_position())
    game.choose("start", (r.geometry.parse("b2"), 1))
    assert game.ask.kind == "tsibongy" and game.pending == [("start", (9, 1))]
    assert game.can_undo and not game.can_redo
    game.undo()
    assert game.pending == [] and game.ask.kind == "start" and game.position == r.initial_position()
    assert not game.can_undo


def test_a_choice_after_which_the_turn_never_ends_is_refused():
    """m'raha wa ntso's endless turn (sources/mraha-wa-ntso/mraha-wa-ntso-endless-turn.yaml)."""
    from mancala_diagrams.files.examples import ExampleLoader
    from conftest import ROOT
    example = ExampleLoader(LIBRARY).load(ROOT / "sources" / "mraha-wa-ntso" / "mraha-wa-ntso-endless-turn.yaml")
    turn = example.lines[0].moves[-1]
    game = Game(example.rules, example.start)
    for moves in example.lines[0].moves[:-1]:
        game.play_turn([(k, v) for k, v, _ in moves])
    before = (game.position, list(game.pending))
    with pytest.raises(Refused) as info:
        for kind, value, _ in turn:
            game.choose(kind, value)
    assert info.value.reason.startswith("the turn loops for ever")
    assert refusal(info.value.reason, "en").startswith("the turn would never end: after lap ")
    game.undo()
    assert (game.position, game.pending) == (before[0], before[1])


def test_a_turn_under_way_waits_for_the_readers_go():
    r = rules("katro-6")
    start = Position(r.geometry, r.initial_position().cells, hand=Hand(3, r.geometry.parse("c1"), 1))
    start = Position(r.geometry, tuple(c if i != 18 else 0 for i, c in enumerate(start.cells)), hand=start.hand)
    game = Game(r, start)
    assert game.ask.kind == CONTINUE and game.pending == []
    events = game.choose(CONTINUE, None)
    assert events[0].kind == "start" and len(game.turns) == 1
    assert game.turns[0].after == r.play(start, [], turn_number=1)
    assert game.turns[0].decisions == ()


# -- the notation --------------------------------------------------------------------------------

@pytest.mark.parametrize("name", NAMES)
def test_the_moves_listed_read_back_as_the_turns_played(name):
    """The page lists the moves in the engine's notation: read back, they are the decisions played."""
    r = rules(name)
    s = Session(json.dumps(rules_to_data(r)), None, "en", seed=3)
    random_game(s.game, random.Random(f"notation {name}"), 6)
    listed = [m["text"] for m in json.loads(s.state())["moves"] if not m["pending"]]
    assert [parse_turn(text, r.geometry) for text in listed] == [list(t.decisions) for t in s.game.turns]


def test_the_move_list_is_the_command_lines_notation():
    g = rules("katra-paika-6").geometry
    decisions = [("start", (g.parse("b2"), 1)), ("tsibongy", "left"), ("tsibongy", "right")]
    assert turn_text(decisions, g) == "b2 counterclockwise, tsibongy left, tsibongy right"
    assert parse_moves(turn_text(decisions, g), g) == [decisions]


def test_the_page_lists_a_turn_in_its_own_language_and_keeps_the_notation():
    g = rules("katra-paika-6").geometry
    decisions = [("start", (g.parse("b2"), 1)), ("tsibongy", "left"), ("tsibongy", "right")]
    assert W.turn_words(decisions, g, "en") == "b2 counterclockwise, tsibongy left, tsibongy right"
    assert W.turn_words(decisions, g, "fr") == "b2 sens antihoraire, tsibongy gauche, tsibongy droit"
    g = rules("mraha-wa-ntso").geometry
    assert W.turn_words([("place", g.parse("d2")), ("direction", -1)], g, "fr") == "pose en d2, sens horaire"
    assert W.turn_words([], g, "fr") == "-"


ENGLISH_NOTATION = re.compile(r"\b(clockwise|counterclockwise|direction|place|target|hole|left|right|stop|sow)\b")


@pytest.mark.parametrize("name", NAMES)
def test_the_moves_and_the_announcement_say_no_notation_word_in_french(name):
    """The English the page shows is the notation itself; French has its own
    words for every decision (the ``text`` kept with each move is the notation)."""
    r = rules(name)
    data = json.dumps(rules_to_data(r))
    en, fr = Session(data, None, "en", seed=1), Session(data, None, "fr", seed=1)
    rng = random.Random(f"words {name}")
    for _ in range(6):
        ask = en.game.ask
        if ask is None:
            break
        value = rng.choice(ask.options)
        said = [json.loads(s.choose(ask.kind, json.dumps(encode(ask.kind, value)))) for s in (en, fr)]
        if "announce" in said[1]:
            assert not ENGLISH_NOTATION.search(said[1]["announce"].split(".")[0]), said[1]["announce"]
    moves_en, moves_fr = (json.loads(s.state())["moves"] for s in (en, fr))
    assert [m["text"] for m in moves_en] == [m["text"] for m in moves_fr]
    for m_en, m_fr in zip(moves_en, moves_fr):
        assert m_en["line"].split(": ", 1)[1] == m_en["text"]
        assert not ENGLISH_NOTATION.search(m_fr["line"]), m_fr["line"]


# -- refusals in the page's language ------------------------------------------------------------

def engine_refusals():
    """Every (rules, reason) the blocks' explain hooks give on the holes of
    random positions of every rules file (the reader's possible clicks)."""
    found = set()
    for name in NAMES:
        r = rules(name)
        rng = random.Random(f"why {name}")
        game = Game(r, r.initial_position())
        for _ in range(12):
            ask = game.ask
            if ask is None:
                break
            g = r.geometry
            values = ([(h, d) for h in range(g.size) for d in (1, -1)] if ask.kind == "start"
                      else list(range(g.size)) if ask.kind in ("place", "hole", "target") else [])
            for v in values:
                why = game.refusal(ask.kind, v)
                if why:
                    found.add((name, why[0]))
            game.choose(ask.kind, rng.choice(ask.options))
    return found


def test_every_reason_the_engine_gives_has_a_message_in_each_language():
    found = engine_refusals()
    assert len({why for _, why in found}) >= 8      # the test sees the blocks' reasons
    unknown = sorted({why for _, why in found if refusal(why, "en") == why and not any(
        __import__("re").match(p + r"\Z", why) for p, _ in REFUSALS)})
    assert not unknown, "reasons with no message in mancala_diagrams/play/words.py:\n" + "\n".join(unknown)
    for _, why in found:
        english, french = refusal(why, "en"), refusal(why, "fr")
        assert french != english, f"not translated: {english}"
        assert "south" not in english and "north" not in english     # players by their names


def test_a_reason_no_pattern_knows_is_shown_as_the_engine_wrote_it():
    assert refusal("a reason of a block written later", "fr") == "a reason of a block written later"


# -- the computer -------------------------------------------------------------------------------------

@pytest.mark.parametrize("level", opponent.LEVELS)
@pytest.mark.parametrize("name", ["katro-6", "katra-paika-6", "mraha-wa-ntso", "katra-be", "katro-bevohoka-duel-6"])
def test_the_computer_plays_a_legal_turn(name, level):
    r = rules(name)
    pos = r.initial_position()
    rng = random.Random(1)
    for n in range(1, 4):
        if r.outcome(pos):
            break
        move = opponent.choose_move(r, pos, level, rng)
        assert move in r.legal_moves(pos)
        pos = r.play(pos, move, turn_number=n)


@pytest.mark.parametrize("level", opponent.LEVELS)
def test_the_computer_takes_a_win_it_sees(level):
    """fanga: c2 clockwise empties North's inner row (sources/fanga/fanga-empty-inner-row.yaml)."""
    r = rules("fanga")
    pos = board("""
        3 1 2 . . 2 1 4
        . . . 2 . . . .
        1 . 1 1 2 . . .
        2 1 . 3 . 1 2 .""")
    for seed in range(5):
        move = opponent.choose_move(r, pos, level, random.Random(seed))
        assert r.outcome(r.play(pos, move))["winner"] == "south"


def test_the_stronger_level_avoids_a_turn_the_reply_punishes():
    """Two turns ahead, the computer does not give away what one turn ahead does."""
    r = rules("katro-6")
    rng = random.Random(7)
    differs = 0
    pos = r.initial_position()
    for n in range(1, 9):
        one = opponent.choose_move(r, pos, 1, random.Random(n))
        two = opponent.choose_move(r, pos, 2, random.Random(n))

        def after_best_reply(move):
            after = r.play(pos, move)
            if r.outcome(after):
                return opponent.score(r, after, pos.to_move)
            return min(opponent.score(r, r.play(after, reply), pos.to_move) for reply in r.legal_moves(after))
        assert after_best_reply(two) >= after_best_reply(one)
        differs += one != two
        pos = r.play(pos, rng.choice(r.legal_moves(pos)), turn_number=n)
    assert differs          # the two levels are not the same search


# -- the page's JSON ------------------------------------------------------------------------------------

def session(name, position=None, lang="en"):
    return Session(json.dumps(rules_to_data(rules(name))), position, lang, seed=1)


def test_the_state_offers_every_option_and_says_why_the_others_are_refused():
    s = session("katro-6", "2,0,5,0,4,0/4,1,0,0,4,2/2,3,0,2,2,0/3,2,4,2,3,3 south", "fr")
    state = json.loads(s.state())
    ask = state["ask"]
    assert ask["kind"] == "start" and ask["player"] == "south"
    g = rules("katro-6").geometry
    options = {(h, d) for h, d in s.game.ask.options}
    assert {(v[0], v[1]) for vs in ask["holes"].values() for v in vs} == options
    assert set(ask["holes"]) | set(ask["refused"]) == {str(h) for h in range(g.size)}
    assert ask["refused"][str(g.parse("c2"))] == refusal("c2 is empty: there is nothing to sow", "fr")
    assert ask["directions"] == {"-1": "dans le sens des aiguilles d’une montre",
                                 "1": "dans le sens inverse des aiguilles d’une montre"}
    assert state["holes"][g.parse("a1")].startswith("a1")
    assert state["to_move"] == "south" and state["moves"] == [] and not state["can_undo"]


def test_a_decision_answers_the_frames_of_its_sowing_and_the_state_after():
    s = session("katro-6")
    g = rules("katro-6").geometry
    answer = json.loads(s.choose("start", json.dumps([g.parse("a1"), 1])))
    turn = s.game.turns[0]
    frames = answer["frames"]
    assert frames[0]["kind"] == "pickup" and frames[0]["highlights"] == {"emptied": [g.parse("a1")]}
    assert frames[-1]["kind"] == "turn_end"
    assert frames[-1]["cells"] == list(turn.after.cells) == answer["state"]["cells"]
    drops = [f for f in frames if f["kind"] == "drop"]
    assert len(drops) == sum(1 for e in turn.events if e.kind == "drop")
    assert all(f["caption"] for f in frames)
    assert drops[0]["caption"].startswith("South sows the 2 seeds of a1 counterclockwise")
    assert answer["announce"].startswith("South plays a1 counterclockwise.")
    assert answer["announce"].endswith("North to play: choose a hole to sow.")
    assert answer["state"]["moves"] == [{"turn": 1, "player": "south", "text": "a1 counterclockwise",
                                         "pending": False, "line": "South: a1 counterclockwise"}]


def test_a_refused_decision_answers_the_reason_and_the_same_state():
    s = session("katro-6", None, "fr")
    before = s.state()
    answer = json.loads(s.choose("start", json.dumps([0, 1])))
    assert answer["refused"] == refusal("a4 is not one of south's holes", "fr")
    assert json.dumps(answer["state"]) == before


def test_the_reserve_and_the_hand_show_while_a_seed_is_placed():
    s = session("mraha-wa-ntso")
    g = rules("mraha-wa-ntso").geometry
    answer = json.loads(s.choose("place", json.dumps(g.parse("f2"))))
    placed = next(f for f in answer["frames"] if f["kind"] == "place")
    assert placed["reserves"] == [21, 22] and answer["state"]["reserves"] == [21, 22]


def test_the_puzzle_counts_turns_against_the_optimum():
    """katro bevohoka on 6 columns, the optimal game of the solutions table: 3 turns (2 as the source counts)."""
    data = json.loads((LIBRARY.directory.parent / "docs" / "data" / "bevohoka-solutions.json").read_text())
    row = next(r for r in data["results"] if r["columns"] == 6)
    r = rules("katro-bevohoka-6")
    s = Session(json.dumps(rules_to_data(r, puzzle={"min_turns": row["min_turns"]})), None, "en")
    g = r.geometry
    s.choose("target", json.dumps(g.parse(row["special"])))
    s.choose("direction", "1")
    assert json.loads(s.state())["puzzle"]["turns"] == 0        # the set-up is not counted
    for holes in row["sequence"]:
        s.choose("start", json.dumps([g.parse(holes[0]), 1]))
        for hole in holes[1:]:
            s.choose("hole", json.dumps(g.parse(hole)))
    state = json.loads(s.state())
    assert state["outcome"]["reason"] == "target-full"
    assert state["puzzle"] == {"turns": 3, "best": 3, "source": 2, "source_best": 2,
                               "text": state["puzzle"]["text"]}
    assert state["puzzle"]["text"].startswith("Solved in 3 turns; the fewest possible is 3.")


def test_the_computer_answers_its_whole_turn():
    s = session("katro-6")
    answer = json.loads(s.computer(2))
    assert len(s.game.turns) == 1 and answer["state"]["to_move"] == "north"
    assert answer["frames"][-1]["cells"] == list(s.game.turns[0].after.cells)
    assert answer["announce"].startswith("South plays ")


def test_a_position_on_another_board_is_refused():
    with pytest.raises(MancalaError, match="not on the board of the rules katro-6"):
        session("katro-6", "2,2/2,2 south")


def test_the_game_start_keeps_the_rules_names_of_holes():
    """A board named with letters (de Voogt's Fianarantsoa katro): the figure's text reads with them."""
    r = rules("katro-fianarantsoa-6")
    s = session("katro-fianarantsoa-6", r.initial_position().to_text())
    setup = json.loads(s.setup())
    assert not setup["edges"] and setup["names"][r.geometry.parse("A")] == "A"
    turn = list(s.game.ask.options)[0]
    s.choose("start", json.dumps(list(turn)))
    assert json.loads(s.state())["moves"][0]["text"].split()[0].isalpha()


def test_the_computer_finishes_a_turn_already_under_way():
    """katra paika: the reader opened the turn (b2), the computer makes its tsibongy choices."""
    s = session("katra-paika-4")
    s.choose("start", json.dumps([9, 1]))
    assert s.game.ask.kind == "tsibongy"
    answer = json.loads(s.computer(1))
    turn = s.game.turns[0]
    assert turn.decisions[0] == ("start", (9, 1)) and len(turn.decisions) > 1
    assert answer["state"]["to_move"] == "north" or answer["state"]["outcome"]
    assert answer["frames"][-1]["cells"] == list(turn.after.cells)


def test_the_puzzle_counts_only_from_the_rules_start():
    r = rules("katro-bevohoka-6")
    data = json.dumps(rules_to_data(r, puzzle={"min_turns": 3}))
    assert json.loads(Session(data, None, "en").state())["puzzle"]["turns"] == 0
    later = r.play(r.initial_position(), [("target", r.geometry.parse("f2")), ("direction", 1)])
    assert json.loads(Session(data, later.to_text(), "en").state())["puzzle"] is None


def test_the_computer_says_so_when_its_turns_cannot_be_listed(monkeypatch):
    from mancala_diagrams.engine import rules as engine_rules
    monkeypatch.setattr(engine_rules, "MAX_LAPS_LEGAL_MOVES", 2)
    for lang, words in (("en", "The computer cannot choose its turn here"),
                        ("fr", "L’ordinateur ne peut pas choisir son tour ici")):
        s = session("katro-6", lang=lang)
        answer = json.loads(s.computer(1))
        assert answer["refused"].startswith(words)
        assert not s.game.turns and answer["state"]["to_move"] == "south"


def test_the_computer_shows_the_go_it_played_before_it_could_not_choose(monkeypatch):
    """katra paika from a turn under way (two seeds in hand at b2): the
    computer plays the reader's go (the lap ends, a tsibongy is asked), then
    cannot list its choices; its answer says so and still brings the frames of
    that go, whose last board is the game's."""
    from mancala_diagrams.engine import rules as engine_rules
    r = rules("katra-paika-4")
    g = r.geometry
    start = r.initial_position()
    b2 = g.parse("b2")
    under_way = Position(g, tuple(0 if i == b2 else c for i, c in enumerate(start.cells)),
                         hand=Hand(2, b2, 1), to_move="south", state=start.state)
    s = session("katra-paika-4", under_way.to_text())
    assert s.game.ask.kind == CONTINUE
    monkeypatch.setattr(engine_rules, "MAX_LAPS_LEGAL_MOVES", 2)
    answer = json.loads(s.computer(1))
    assert answer["refused"].startswith("The computer cannot choose its turn here")
    assert s.game.ask.kind == "tsibongy" and not s.game.turns
    assert answer["frames"] and answer["frames"][0]["kind"] == "drop"
    assert answer["frames"][-1]["cells"] == list(s.game.events[-1].cells)
    assert answer["state"]["ask"]["kind"] == "tsibongy"
