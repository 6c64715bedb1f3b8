"""`mancala-diagrams draft` never guesses the game and never calls its own
work verified (issue 35): it drafts only under rules whose players, board and
seed total fit the page, says which and why, and every file it writes says
``drafted: true``, which check reports as "drafted, not reviewed" until a
person deletes the line.  The pages are made up (boards worked out by hand)."""
import json
import shutil

import pytest

from mancala_diagrams.cli.main import main
from mancala_diagrams.files.draft import choose_rules, page_players
from mancala_diagrams.files.verify import Verifier

from conftest import ROOT, published_rows as grid

# katro on 4 columns: the start, and South's a2 clockwise (worked out by hand in test_draft.py)
START4 = "2 2 2 2\n" * 4
AFTER_A2_CW = """
    2 2 2 2
    2 2 . 2
    1 4 1 3
    . 3 3 3"""
ROW6 = "2 2 2 2 2 2\n2 2 2 2 2 2"


@pytest.fixture
def project(tmp_path, monkeypatch):
    (tmp_path / "rules").mkdir()
    (tmp_path / "sources").mkdir()
    for name in ("katro", "katro-4", "katro-6", "katro-bevohoka", "katro-bevohoka-6"):
        shutil.copy(ROOT / "rules" / f"{name}.yaml", tmp_path / "rules")
    (tmp_path / "published").mkdir()
    monkeypatch.setenv("MANCALA_PUBLISHED", str(tmp_path / "published"))
    monkeypatch.chdir(tmp_path)
    return tmp_path


def publish(project, page, text, *diagrams):
    blocks = [{"kind": "h1", "text": page.capitalize()}, {"kind": "p", "text": text}]
    for did, rows in diagrams:
        blocks += [{"kind": "diagram", "id": did, "rows": grid(rows)}, {"kind": "p", "text": "Puis."}]
    (project / "published" / f"{page}.json").write_text(json.dumps({"page": f"{page}.html", "blocks": blocks}))


def test_a_two_player_page_is_never_drafted_under_a_one_player_game(project, capsys):
    # one row each, two seeds a hole: the boards have the size of katro bevohoka's (one player's two
    # rows of six) and its seeds, but the page speaks of an opponent; its own rules are not written yet
    publish(project, "tsipika", "Deux joueurs ont chacun une rangée ; on sème vers l'adversaire.",
            ("tsipika-01", ROW6), ("tsipika-02", "2 2 2 2 2 2\n. 3 3 2 2 2"))
    assert main(["draft", "tsipika"]) == 2
    out, err = capsys.readouterr()
    assert out.splitlines() == [
        "rules for page tsipika (2 boards of 2 rows of 6; the text speaks of two players (adversaire, deux joueurs)):",
        "  refused katro-bevohoka-6: 2 rows of 6, one player, 24 seeds, but the page speaks of two players "
        "(adversaire, deux joueurs)"]
    assert err.startswith("mancala-diagrams: no rules fit page tsipika (")
    assert "refused katro-bevohoka-6: 2 rows of 6, one player, 24 seeds, but the page speaks of two players" in err
    assert err.rstrip().endswith("(expected a rules file for this game (mancala-diagrams new variant NAME --from "
                                 "BASE), or the rules to try, named with --rules)")
    assert not (project / "drafts").exists()


def test_rules_with_fewer_seeds_than_most_boards_of_the_page_are_refused(project):
    more = "3 3 3 3 3 3\n2 2 2 2 2 2"
    publish(project, "solo", "Un jeu solitaire.", ("solo-01", more), ("solo-02", more), ("solo-03", ROW6))
    choice = choose_rules(Verifier(project), project / "published", "solo")
    assert choice.rules == []
    assert choice.refused == {"katro-bevohoka-6": "2 rows of 6, one player, 24 seeds, but 2 of the page's 3 boards "
                                                  "of its size hold more (solo-01: 30)"}
    # one board with more seeds than the game has is a misprint (an erratum declares it): the rules still fit
    publish(project, "solo", "Un jeu solitaire.", ("solo-01", more), ("solo-02", ROW6), ("solo-03", ROW6))
    assert [r.name for r in choose_rules(Verifier(project), project / "published", "solo").rules] == \
        ["katro-bevohoka-6"]


def test_the_choice_says_why_each_rules_fit(project):
    publish(project, "katro", "Le katro.", ("k-01", START4), ("k-02", AFTER_A2_CW))
    choice = choose_rules(Verifier(project), project / "published", "katro")
    assert [r.name for r in choice.rules] == ["katro-4"]
    assert choice.report() == [
        "rules for page katro (2 boards of 4 rows of 4; the text speaks of no number of players):",
        "  katro-4: 4 rows of 4, two players, 32 seeds; fits 2 boards of the page; named like the page (katro)"]


def test_a_page_that_speaks_of_both_a_solitaire_and_an_opponent_leaves_the_players_open(project):
    publish(project, "both", "Seul, c'est un solitaire ; à deux joueurs, une course contre l'adversaire.",
            ("both-01", ROW6))
    assert page_players(project / "published", "both") == (None, ["solitaire", "adversaire", "deux joueurs"])
    assert [r.name for r in choose_rules(Verifier(project), project / "published", "both").rules] == \
        ["katro-bevohoka-6"]


def test_drafted_files_are_reported_as_not_reviewed_until_the_marker_is_deleted(project, capsys):
    publish(project, "katro", "Le katro.", ("k-01", START4), ("k-02", AFTER_A2_CW))
    assert main(["draft", "katro", "--dir", "drafts"]) == 0
    out = capsys.readouterr().out
    assert "Each file says drafted: true, and check calls its diagrams drafted, not replayed" in out
    (path,) = sorted((project / "drafts").glob("*.yaml"))
    text = path.read_text()
    assert "\ndrafted: true\n" in text
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "2 diagrams checked: 2 drafted" in out
    line = text.splitlines().index("drafted: true") + 1
    assert (f"drafted, not reviewed: the replay gives the published board; compare the moves and the diagram with "
            f"the page's text, then delete `drafted: true` (line {line}), and it is verified") in out
    assert "verified " not in out.replace("and it is verified", "")
    # reviewed: the person deletes the line
    path.write_text(text.replace("drafted: true\n", ""))
    assert main(["check", str(path)]) == 0
    assert "2 diagrams checked: 1 replayed, 1 set-up" in capsys.readouterr().out    # k-01 is the rules' start


def test_drafted_takes_true_only(project, capsys):
    publish(project, "katro", "Le katro.", ("k-01", START4))
    assert main(["draft", "katro", "--dir", "drafts"]) == 0
    (path,) = sorted((project / "drafts").glob("*.yaml"))
    path.write_text(path.read_text().replace("drafted: true", "drafted: false"))
    capsys.readouterr()
    assert main(["check", str(path)]) == 1
    assert "drafted: found False (expected drafted: true while the draft is not reviewed, and no such line once " \
           "it is)" in capsys.readouterr().out
