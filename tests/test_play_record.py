"""A game played in the page, downloaded as an example: `mancala-diagrams
check` accepts the file as it is, and `verify` replays it to the same boards
(every diagram "generated": the replay reaches exactly the board the file
gives, which is what "verified" means for a diagram of the project's own).

Games from each rules file's start, and from the position of a figure of
every worked example (the game a reader starts with "Play from here": a
board with reserves, a standing rova or nyumba, a special hole chosen, seeds
in hand ...), are played at random, written by the page's own code, and
checked by the command line in a project of their own."""
from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys

import pytest

from conftest import LIBRARY, ROOT, playable_rules, rules
from mancala_diagrams.files.examples import ExampleLoader
from mancala_diagrams.files.project import example_paths
from mancala_diagrams.play.data import rules_to_data
from mancala_diagrams.play.page import Session
from mancala_diagrams.play.record import example_name
from mancala_diagrams.view.steps import example_steps


#: Rules whose first turn the example files cannot write (a special hole named,
#: then a hole sown, in one turn: katro bevohoka's set-up that marks the special
#: hole, the Tananarive report): the page says so instead of a file.
UNWRITABLE = tuple(n for n in playable_rules()
                   if (rules(n).mechanics.get("target-hole") or {}).get("setup") == "mark")


def play_at_random(session: Session, rng: random.Random, turns: int):
    game = session.game
    while len(game.turns) < turns and game.ask is not None:
        ask = game.ask
        session.choose(ask.kind, json.dumps(_encode(ask.kind, rng.choice(ask.options))))


def _encode(kind, value):
    return list(value) if kind == "start" else value


def figure_games():
    """(name, rules, position text) of one figure of every worked example
    whose figures start games: the last figure, the furthest into its game."""
    loader = ExampleLoader(LIBRARY)
    out = []
    for path in example_paths(ROOT):
        example = loader.load(path)
        starts = [step.start for step in example_steps(example)]      # the figures' data-position
        starts = [p for p in starts if p is not None and example.rules.outcome(p) is None]
        if starts:
            out.append((example.id, example.rules.name, starts[-1].to_text()))
    return out


def cli(*args, cwd):
    return subprocess.run([sys.executable, "-m", "mancala_diagrams.cli", *args], cwd=cwd, capture_output=True,
                          text=True)


@pytest.fixture(scope="module")
def recorded(tmp_path_factory):
    """A project of its own (the rules, and the recorded games as its sources)."""
    project = tmp_path_factory.mktemp("recorded")
    shutil.copytree(ROOT / "rules", project / "rules")
    folder = project / "sources" / "recorded"
    folder.mkdir(parents=True)
    games = {}
    for name in playable_rules():
        games[f"{name}-from-start"] = (name, None)
    for example, name, text in figure_games():
        games[f"{example}-from-figure"] = (name, text)
    for file, (name, text) in sorted(games.items()):
        if name in UNWRITABLE:
            continue
        session = Session(json.dumps(rules_to_data(rules(name))), text, "en", seed=1)
        play_at_random(session, random.Random(file), 6)
        if session.game.turns:
            written = json.loads(session.example(file))
            (folder / f"{written['name']}.yaml").write_text(written["text"], encoding="utf-8")
    return project, folder


def test_games_from_the_start_and_from_figures_are_recorded(recorded):
    project, folder = recorded
    files = sorted(p.stem for p in folder.glob("*.yaml"))
    assert len([f for f in files if f.endswith("-from-start")]) == len(playable_rules()) - len(UNWRITABLE)
    assert len([f for f in files if f.endswith("-from-figure")]) >= 40
    texts = [p.read_text(encoding="utf-8") for p in folder.glob("*-from-figure.yaml")]
    assert any("hand: {" in t for t in texts)           # a game started in the middle of a turn
    assert any("reserve: {south:" in t for t in texts)
    assert any("state: {" in t for t in texts)


def test_check_accepts_every_recorded_game_as_it_is(recorded):
    project, folder = recorded
    done = cli("check", str(folder), cwd=project)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]


def test_verify_replays_every_recorded_game_to_the_same_boards(recorded):
    project, folder = recorded
    done = cli("verify", "--json", *sorted(str(p) for p in folder.glob("*.yaml")), cwd=project)
    assert done.returncode == 0, done.stderr[-3000:]
    rows = json.loads(done.stdout)
    files = list(folder.glob("*.yaml"))
    diagrams = sum(p.read_text(encoding="utf-8").count("\n  - id: ") for p in files)
    assert len(rows) == diagrams > len(files)
    wrong = [r for r in rows if r["status"] != "generated"]
    assert not wrong, json.dumps(wrong[:5], indent=1)


def test_a_recorded_game_starts_where_the_figure_does():
    """The start written is the figure's position, read back by the example loader."""
    example, name, text = next(g for g in figure_games() if "reserve=" in g[2] or "rova" in g[2])
    session = Session(json.dumps(rules_to_data(rules(name))), text, "en", seed=2)
    play_at_random(session, random.Random(2), 2)
    import tempfile
    from pathlib import Path
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp)
        shutil.copytree(ROOT / "rules", project / "rules")
        (project / "sources").mkdir()
        path = project / "sources" / "game.yaml"
        path.write_text(json.loads(session.example("game"))["text"], encoding="utf-8")
        from mancala_diagrams.files.loader import RulesLibrary
        loaded = ExampleLoader(RulesLibrary(project / "rules")).load(path)
    assert loaded.start == session.game.start
    assert [[k for k, _, _ in t] for t in loaded.lines[0].moves] == \
        [[k for k, _ in t.decisions] for t in session.game.turns]


def test_a_game_with_no_turn_cannot_be_recorded():
    session = Session(json.dumps(rules_to_data(rules("katro-6"))), None, "en")
    with pytest.raises(ValueError, match="no turn has been played"):
        session.example("nothing")


def test_some_rules_have_a_first_turn_the_example_files_cannot_write():
    assert "katro-bevohoka-tananarive-6" in UNWRITABLE


@pytest.mark.parametrize("name", UNWRITABLE)
def test_a_game_the_example_files_cannot_write_says_so(name):
    session = Session(json.dumps(rules_to_data(rules(name))), None, "fr", seed=1)
    play_at_random(session, random.Random(1), 2)
    answer = json.loads(session.example("game"))
    assert set(answer) == {"error"} and answer["error"]


def test_the_name_becomes_an_example_name():
    assert example_name("Katro 6 — game #3") == "katro-6-game-3"
    assert example_name("***") == "game"
    assert len(example_name("a" * 300)) == 100
