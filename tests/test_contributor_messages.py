"""Messages a contributor met while encoding a new page from the docs alone
(issue 35), each checked word for word where it matters: a board of the wrong
size names both sizes, a failed ``game-ends`` claim speaks of the game, and a
turn in progress that never ends says how to write it (``then:``)."""
import shutil
import textwrap

import pytest

from mancala_diagrams import cli

from conftest import ROOT


@pytest.fixture
def project(tmp_path, monkeypatch):
    shutil.copytree(ROOT / "rules", tmp_path / "rules")
    (tmp_path / "sources" / "x").mkdir(parents=True)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def write(project, name, text):
    path = project / "sources" / "x" / f"{name}.yaml"
    path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    return path.relative_to(project)


def test_a_board_of_another_size_than_the_replays_names_both_sizes(project, capsys):
    path = write(project, "size", """
        example: size
        rules: katro-6
        generated: true
        title: {en: A board of one player's rows, fr: Les rangées d’un seul joueur}
        source: {describes: [busser]}
        start: {to_move: south}
        moves:
          - {hole: a1, direction: clockwise}
        diagrams:
          - id: size-1
            at: start
            board: |
              2 2 2 2 2 2
              2 2 2 2 2 2
    """)
    assert cli.main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "board size: the example's transcription 2 rows of 6 holes, replay 4 rows of 6 holes" in out


def test_marks_of_another_size_than_the_board_name_both_sizes(project, capsys):
    path = write(project, "marks", """
        example: marks
        rules: katro-6
        generated: true
        title: {en: Marks, fr: Marques}
        source: {describes: [busser]}
        start: {to_move: south}
        moves:
          - {hole: a1, direction: clockwise}
        diagrams:
          - id: marks-1
            at: start
            marks: |
              red . . . . .
            board: |
              2 2 2 2 2 2
              2 2 2 2 2 2
              2 2 2 2 2 2
              2 2 2 2 2 2
    """)
    assert cli.main(["check", str(path)]) == 1
    assert (f"{path}:12:12: diagram marks-1: the marks and the board differ in size (marks: 1 row of 6 holes, "
            "board: 4 rows of 6 holes) (expected a colour name or '.' for every hole of the board)"
            in capsys.readouterr().out)


def test_a_game_ends_claim_the_engine_contradicts_speaks_of_the_game(project, capsys):
    # katro on 4 columns: a2 clockwise from the start sows b2 and c2, whose seeds the lap's end
    # then takes with those of c3 facing it (worked out by hand; see test_draft.py)
    path = write(project, "claim", """
        example: claim
        rules: katro-4
        generated: true
        title: {en: A claim, fr: Une affirmation}
        source: {describes: [busser]}
        start: {to_move: south}
        moves:
          - {hole: a2, direction: clockwise}
        diagrams:
          - id: claim-1
            at: lap 1 end
            claims: [game-ends]
            board: |
              2 2 2 2
              2 2 2 2
              . 3 3 2
              2 2 2 2
    """)
    assert cli.main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "the source says the game ends at claim-1, but the engine goes on (turn 1, lap 1: capture" in out
    assert "the turn ends" not in out


ENDLESS_IN_HAND = """
    example: endless
    rules: mraha-wa-ntso-6
    generated: true
    title: {en: A turn in progress that never ends, fr: Un tour en cours qui ne finit pas}
    source: {describes: [busser]}
    start:
      to_move: north
      reserve: {south: 0, north: 0}
      # the eleven seeds of d3, taken up: the turn of sources/mraha-wa-ntso/mraha-wa-ntso-endless-turn.yaml
      hand: {seeds: 11, hole: c3, direction: clockwise, first_lap: true}
      board: |
        4 1 . 1 4 1
        1 . 7 . 1 .
        1 9 . . . .
        . 1 5 . 1 .
    MOVES
    diagrams:
      - id: endless-1
        at: start
        board: |
          4 1 . 1 4 1
          1 . 7 . 1 .
          1 9 . . . .
          . 1 5 . 1 .
"""


def test_a_turn_in_progress_that_never_ends_is_told_how_to_say_so_with_then(project, capsys):
    path = write(project, "endless", ENDLESS_IN_HAND.replace("    MOVES\n", ""))
    assert cli.main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "the turn loops for ever" in out
    assert ("if the page says the turn in progress never ends, write it as the first of moves, with no opening: "
            "`moves: [{then: [], endless: true}]` (then: lists its decisions)") in out
    # written as the message says, the file is accepted and the loop is checked
    write(project, "endless", ENDLESS_IN_HAND.replace("MOVES", "moves:\n      - {then: [], endless: true}"))
    assert cli.main(["check", str(path)]) == 0
    assert "check turn 1 never ends checked" in capsys.readouterr().out


def test_a_whole_turn_that_never_ends_is_told_to_say_endless(project, capsys):
    source = (ROOT / "sources" / "mraha-wa-ntso" / "mraha-wa-ntso-endless-turn.yaml").read_text(encoding="utf-8")
    path = project / "sources" / "x" / "mraha-wa-ntso-endless-turn.yaml"
    path.write_text(source.replace(", endless: true}", "}"), encoding="utf-8")
    assert cli.main(["check", str(path.relative_to(project))]) == 1
    assert "if the page says this turn never ends, write `endless: true` on it" in capsys.readouterr().out


def test_a_diagram_in_a_turn_the_moves_do_not_play_says_to_add_them(project, capsys):
    """A diagram moved after the last one the moves reach (a TODO's diagram,
    moved as its comment says) is at a turn the line does not play: the
    message says how many turns it plays, what to add, and which command
    searches for the moves; a moment the moves do reach but that does not
    exist keeps the plain sentence."""
    path = write(project, "later", """
        example: later
        rules: katro-6
        generated: true
        title: {en: A later turn, fr: Un tour plus tard}
        source: {describes: [busser]}
        start: {to_move: south}
        moves:
          - {hole: a1, direction: clockwise}
        diagrams:
          - id: later-1
            at: turn 3 end
            board: |
              2 2 2 2 2 2
              2 2 2 2 2 2
              2 2 2 2 2 2
              2 2 2 2 2 2
          - id: later-2
            at: turn 1 lap 40 end
            board: |
              2 2 2 2 2 2
              2 2 2 2 2 2
              2 2 2 2 2 2
              2 2 2 2 2 2
    """)
    assert cli.main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert ("the replay has no event 'turn 3 end': the moves play 1 turn; add the moves up to turn 3 to moves: "
            "(mancala-diagrams explain later-1 searches for them)") in out
    assert "the replay has no event 'turn 1 lap 40 end'\n" in out


def test_verify_names_a_rules_file_no_example_uses_that_does_not_load(project, capsys):
    """A variant just scaffolded (its TODOs still in it), used by no example:
    verify of the whole project fails on it, with the file and the TODO's
    line (it passed, its typography the only complaint); the bases (abstract)
    and the other rules load and give no row."""
    from mancala_diagrams.files.verify import Verifier
    assert cli.main(["new", "variant", "katro-test", "--from", "katro-6"]) == 0
    rows = [r for r in Verifier(project).verify(coverage=True) if r["status"] == "error"]
    assert [r["example"] for r in rows] == ["rules/katro-test.yaml"]
    assert "katro-test.yaml:8:8: the file still holds a TODO: 'TODO: what katro-test changes" in rows[0]["reason"]
    capsys.readouterr()
    assert cli.main(["verify"]) == 1
    out = capsys.readouterr().out
    assert "error         rules/katro-test.yaml" in out and "French typography:" not in out
