"""The whole game of katro on the katro page (sources/katro/katro-whole-game-6.yaml):
a complete game, played by the rules engine and labelled as the project's own,
one diagram at the end of every turn.

The game is replayed here with the engine, independently of the example
loader: it must end, with a winner, exactly at its last move; every move must
be one the page says the engine chose (a turn that leaves the player to move
as many seeds as any other legal turn would); and the example must draw the
start and the end of every turn, in order, so that the page's viewer steps
through the game turn by turn.
"""
from __future__ import annotations

import re
from pathlib import Path

import yaml

from conftest import rules
from mancala_diagrams.engine.geometry import parse_direction

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "sources" / "katro" / "katro-whole-game-6.yaml"


def game():
    data = yaml.safe_load(GAME.read_text(encoding="utf-8"))
    r = rules(data["rules"])
    return data, r


def seeds_of(position, player):
    return sum(position.cells[h] for h in position.geometry.holes_of(player))


def test_the_game_is_labelled_as_the_projects_own():
    data, _ = game()
    assert data["generated"] is True
    assert "engine" in data["source"]["note"] and "not taken from a source" in data["source"]["note"]


def test_the_game_is_complete_and_each_move_is_a_greedy_choice():
    data, r = game()
    position = r.initial_position()
    g = position.geometry
    for number, move in enumerate(data["moves"], 1):
        assert r.outcome(position) is None, f"the game was over before move {number}"
        player = position.to_move
        decision = (("start", (g.parse(move["hole"]), parse_direction(move["direction"]))),)
        legal = r.legal_moves(position)
        assert decision in legal, f"move {number} is not legal"
        best = max(seeds_of(r.play(position, m), player) for m in legal)
        position = r.play(position, decision, turn_number=number)
        assert seeds_of(position, player) == best, f"move {number} is not one of the greedy choices"
    outcome = r.outcome(position)
    assert outcome is not None and outcome["winner"] in ("south", "north")
    assert seeds_of(position, outcome["winner"]) == sum(position.cells)


def test_every_turn_end_is_drawn_in_order():
    data, _ = game()
    moments = [d["at"] for d in data["diagrams"]]
    assert moments == ["start"] + [f"turn {n} end" for n in range(1, len(data["moves"]) + 1)]


def test_the_katro_page_steps_through_the_game_turn_by_turn(site):
    """On the katro page the game is one step-through viewer of its diagrams,
    in order, after the line that says the boards are the engine's."""
    data, _ = game()
    ids = [d["id"] for d in data["diagrams"]]
    for lang in ("en", "fr"):
        page = (site / lang / "games" / "katro.html").read_text(encoding="utf-8")
        first = page.index(f'id="{ids[0]}"')
        viewer = page.rfind('<div class="mancala-steps"', 0, first)
        assert viewer >= 0, "the game is not in a step-through viewer"
        end = page.index("</div>", page.index(f'id="{ids[-1]}"'))
        assert re.findall(r'<figure[^>]* id="([^"]+)"', page[viewer:end]) == ids
        before = page[page.rfind("<p", 0, viewer):viewer]
        assert before.startswith('<p class="mancala-generated">'), before
