"""The search behind `explain` and errata (issue 13): hand-made positions whose
continuations were worked out by hand, errata whose evidence is re-checked,
and the `explain` command on a made-up published page."""
import json
import re
import shutil
import textwrap

import pytest

from mancala_diagrams.cli.main import main
from mancala_diagrams.engine.geometry import CCW, CW
from mancala_diagrams.engine.search import Bound, search
from mancala_diagrams.files.verify import Verifier

from conftest import ROOT, board, published_rows as grid, rules


def cells(text):
    return board(text).cells


# South plays a1 counterclockwise on katro-4: a1's 2 seeds go to b1 and c1;
# c1 held 1, so lap 2 takes its 2 seeds to d1 and d2; d2 held 1, so lap 3
# takes its 2 seeds to c2 and b2, which was empty and faces the empty b3: the
# turn ends after 3 laps.
THREE_LAPS_BEFORE = """
    . . . .
    1 . . .
    . . . 1
    2 1 1 1"""
THREE_LAPS_AFTER = """
    . . . .
    1 . . .
    . 1 1 .
    . 2 . 2"""


def test_the_search_finds_a_three_lap_continuation():
    r = rules("katro-4")
    start = board(THREE_LAPS_BEFORE)
    result = search(r, start, cells(THREE_LAPS_AFTER), Bound(turns=1))
    hit = result.found
    assert hit is not None
    assert hit.moves == ((("start", (start.geometry.parse("a1"), CCW)),),)
    assert (hit.turn, hit.lap) == (1, 3)
    assert hit.cells == cells(THREE_LAPS_AFTER)


def test_a_lap_bound_shorter_than_the_turn_does_not_reach_its_third_lap():
    r = rules("katro-4")
    result = search(r, board(THREE_LAPS_BEFORE), cells(THREE_LAPS_AFTER), Bound(turns=1, laps=2))
    assert result.found is None
    assert result.exhausted
    assert result.truncated >= 1        # at least a1's turn was cut after 2 laps


def test_the_search_proves_no_continuation_reaches_a_board_within_the_bound():
    # South's turn only sows South's rows and takes North's seeds: it can never
    # add a seed to a North hole, so a4 holding 1 is out of reach in one turn
    # (the seed total, 7, is the same: only the search can tell)
    r = rules("katro-4")
    target = cells("""
        1 . . .
        1 . . .
        . . . 1
        1 1 1 1""")
    result = search(r, board(THREE_LAPS_BEFORE), target, Bound(turns=1))
    assert result.found is None
    assert result.exhausted
    # the start and the positions after South's openings: a1, b1, c1, d1 and d2,
    # each either way, at most 10 turns (fewer if two end on the same board)
    assert 2 <= result.positions <= 11
    assert result.closest and all(h.distance > 0 for h in result.closest)


def test_a_position_limit_reached_proves_nothing():
    r = rules("katro-4")
    target = cells("1 . . .\n1 . . .\n. . . 1\n1 1 1 1")
    result = search(r, board(THREE_LAPS_BEFORE), target, Bound(turns=3, positions=3))
    assert result.found is None
    assert not result.exhausted
    assert result.positions == 3


def test_the_start_itself_is_found_without_a_move():
    r = rules("katro-4")
    result = search(r, board(THREE_LAPS_BEFORE), cells(THREE_LAPS_BEFORE), Bound(turns=1))
    assert result.found.moves == () and result.found.kind == "start"


# -- errata with evidence ---------------------------------------------------------------
@pytest.fixture
def project(tmp_path, monkeypatch):
    (tmp_path / "rules").mkdir()
    (tmp_path / "sources").mkdir()
    for name in ("katro", "katro-4"):
        shutil.copy(ROOT / "rules" / f"{name}.yaml", tmp_path / "rules")
    pub = tmp_path / "published"
    pub.mkdir()
    monkeypatch.setenv("MANCALA_PUBLISHED", str(pub))
    monkeypatch.chdir(tmp_path)
    return tmp_path




def publish(project, *diagrams):
    blocks = [{"kind": "diagram", "id": i, "rows": grid(rows)} for i, rows in diagrams]
    (project / "published" / "katro.json").write_text(json.dumps({"blocks": blocks}))


def example(project, body):
    path = project / "sources" / "ex.yaml"
    path.write_text("example: ex\nrules: katro-4\ntitle: {en: t, fr: t}\nsource: {page: katro}\n"
                    + textwrap.dedent(body).lstrip())
    return path


def ind(text, n=6):
    return textwrap.indent(textwrap.dedent(text).strip("\n"), " " * n)


ERRATUM = """
start:
  to_move: south
  board: |
{before}
moves:
  - {{hole: a1, direction: counterclockwise}}
diagrams:
  - id: k-01
    at: end
    board: |
{published}
    erratum:
      reason: {{en: the page drew another board, fr: la page a dessiné un autre plateau}}
      rules_board: |
{after}
{evidence}
"""


def erratum_example(project, published, evidence):
    publish(project, ("k-01", published))
    return example(project, ERRATUM.format(before=ind(THREE_LAPS_BEFORE), published=ind(published),
                                           after=ind(THREE_LAPS_AFTER, 8), evidence=ind(evidence, 6)))


def row_of(project):
    rows = Verifier(project).verify()
    return next(r for r in rows if r.get("diagram") == "k-01")


# the board after a1's lap 1 pickup (a1 emptied, nothing sown yet): a moment
# of the very turn played, so a continuation within the bound does reach it
PICKED_UP = """
    . . . .
    1 . . .
    . . . 1
    . 1 1 1"""
# a North hole with a seed more than at the start: out of reach of South's turn
NORTH_GAINS = """
    1 . . .
    1 . . .
    . . . 1
    1 1 1 1"""


def test_an_erratum_that_a_continuation_in_fact_reaches_is_refused(project):
    erratum_example(project, PICKED_UP, "search: {from: start, turns: 1}")
    row = row_of(project)
    assert row["status"] == "mismatch"
    assert "a continuation within the stated search reaches the published board" in row["reason"]
    # a1's pickup is the same board whichever way the seeds then go
    assert row["reason"].endswith(", at turn 1 lap 1 (pickup)")
    assert "turn 1: a1 " in row["reason"]


def test_an_erratum_no_continuation_reaches_is_accepted_with_its_evidence(project):
    erratum_example(project, NORTH_GAINS, "search: {from: previous diagram, turns: 1}")
    row = row_of(project)
    assert row["status"] == "erratum", row
    assert row["evidence"].startswith("no continuation reaches the published board: searched from "
                                      "the example's start, 1 turn")


def test_an_erratum_without_evidence_is_refused_at_its_place(project):
    path = erratum_example(project, NORTH_GAINS, "")
    rows = Verifier(project).verify()
    assert rows[0]["status"] == "error"
    assert rows[0]["reason"].startswith(f"{path}:23:7: diagram k-01: an erratum must name the search")


def test_a_search_that_stops_at_its_position_limit_proves_nothing(project):
    erratum_example(project, NORTH_GAINS, "search: {from: start, turns: 3, positions: 2}")
    row = row_of(project)
    assert row["status"] == "mismatch"
    assert "stopped at 2 positions before trying every continuation: it proves nothing" in row["reason"]


def test_a_seed_count_with_more_seeds_than_the_game_has_is_accepted(project):
    # 8 seeds where the game has 7
    erratum_example(project, """
        . . . .
        1 . . .
        . 1 1 1
        . 2 . 2""", "evidence: seed-count")
    row = row_of(project)
    assert row["status"] == "erratum", row
    assert row["evidence"] == ("the published board holds 8 seeds, more than the 7 of the game "
                               "(board, hand and reserves at the example's start)")


def test_a_seed_count_the_game_can_have_is_refused(project):
    erratum_example(project, NORTH_GAINS, "evidence: seed-count")
    row = row_of(project)
    assert row["status"] == "mismatch"
    assert row["reason"] == ("declared erratum with evidence: seed-count, but the published board holds 7 "
                             "seeds, a count the game can have (7 to 7): the count proves nothing")


def test_a_search_from_an_unknown_place_is_refused(project):
    erratum_example(project, NORTH_GAINS, "search: {from: somewhere, turns: 1}")
    rows = Verifier(project).verify()
    assert rows[0]["status"] == "error"
    assert "the search starts from 'somewhere'" in rows[0]["reason"]
    assert "expected from: previous diagram, from: start or from: turn N" in rows[0]["reason"]


# -- the explain command ------------------------------------------------------------------
GAME = """
start:
  to_move: south
  board: |
{before}
moves:
  - {{hole: a1, direction: counterclockwise}}
diagrams:
  - id: k-01
    at: start
    board: |
{before}
  - id: k-02
    at: {at}
    board: |
{after}
"""


def test_explain_prints_the_decisions_and_the_anchor(project, capsys):
    # the example plays d2 clockwise: a1 counterclockwise gives the published board
    publish(project, ("k-01", THREE_LAPS_BEFORE), ("k-02", THREE_LAPS_AFTER))
    example(project, GAME.format(before=ind(THREE_LAPS_BEFORE), after=ind(THREE_LAPS_AFTER), at="end")
            .replace("{hole: a1, direction: counterclockwise}", "{hole: d2, direction: clockwise}"))
    assert main(["explain", "k-02"]) == 0
    out = capsys.readouterr().out
    assert "  - {hole: a1, direction: counterclockwise}\n" in out
    # the board of the turn's last drop (lap 3, drop 2) stays to its end: the turn's end, as draft writes it
    assert "    at: turn 1 end\n" in out


def test_explain_finds_a_board_the_example_already_gives_where_it_does(project, capsys):
    # the example's own move gives the board: only the anchor is wrong, and no move is suggested
    publish(project, ("k-01", THREE_LAPS_BEFORE), ("k-02", THREE_LAPS_AFTER))
    example(project, GAME.format(before=ind(THREE_LAPS_BEFORE), after=ind(THREE_LAPS_AFTER), at="lap 1 end"))
    assert main(["explain", "k-02"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# k-02 (published grid), rules katro-4: found in the replay of sources/ex.yaml as it "
                          "is, from the example's start on: its moves stay, the diagram goes at turn 1 end\n")
    assert "moves:" not in out and "    at: turn 1 end\n" in out


# b1 counterclockwise: the board once b1's seed is taken up (lap 1 pickup)
B1_PICKED_UP = """
    . . . .
    1 . . .
    . . . 1
    2 . 1 1"""
PLACED = """
start:
  to_move: south
  board: |
{before}
moves:
  - {{hole: b1, direction: counterclockwise}}
diagrams:
  - id: k-01
    at: start
    board: |
{before}
{diagrams}
"""


def diagram(did, at, rows):
    return f"  - id: {did}\n    at: {at}\n    board: |\n{ind(rows)}"


def test_explain_keeps_the_decisions_before_a_diagram_placed_in_the_turn(project, capsys):
    # k-02 places b1's pickup: a1 counterclockwise would give k-03's board but undo k-02,
    # so the search keeps b1 counterclockwise and finds nothing in the turn
    publish(project, ("k-01", THREE_LAPS_BEFORE), ("k-02", B1_PICKED_UP), ("k-03", THREE_LAPS_AFTER))
    example(project, PLACED.format(before=ind(THREE_LAPS_BEFORE), diagrams="\n".join(
        [diagram("k-02", "lap 1 pickup", B1_PICKED_UP), diagram("k-03", "end", THREE_LAPS_AFTER)])))
    assert main(["explain", "k-03"]) == 1
    out = capsys.readouterr().out
    assert ("# kept: the example's 1 decision of turn 1 up to k-02, which it places in that turn: only what "
            "follows them is searched\n") in out
    assert "# not found: no continuation within the bound reaches the published grid (every one was tried)\n" in out
    assert "{hole: a1" not in out


def test_explain_offers_no_moves_that_undo_a_diagram_the_example_places(project, capsys):
    # k-03, listed after k-02, places b1's pickup: the a1 found for k-02 would undo it
    publish(project, ("k-01", THREE_LAPS_BEFORE), ("k-02", THREE_LAPS_AFTER), ("k-03", B1_PICKED_UP))
    example(project, PLACED.format(before=ind(THREE_LAPS_BEFORE), diagrams="\n".join(
        [diagram("k-02", "end", THREE_LAPS_AFTER), diagram("k-03", "lap 1 pickup", B1_PICKED_UP)])))
    assert main(["explain", "k-02"]) == 1
    out = capsys.readouterr().out
    assert ("# not offered: the moves found reach the published grid at turn 1 end, but they undo "
            "diagrams the example places: k-03 (at: lap 1 pickup: another board)\n") in out
    assert "moves:" not in out and "diagrams:" not in out


MID_TURN = """
start:
  to_move: south
  board: |
{before}
  hand: {{seeds: 2, hole: b1, direction: counterclockwise, first_lap: true}}
moves:
  - {{then: []}}
diagrams:
  - id: k-01
    at: lap 1 end
    board: |
{before}
"""


def test_explain_finds_a_diagram_equal_to_a_start_with_seeds_in_hand(project, capsys):
    publish(project, ("k-01", THREE_LAPS_BEFORE))
    example(project, MID_TURN.format(before=ind(THREE_LAPS_BEFORE)))
    assert main(["explain", "k-01"]) == 0
    assert "the diagram goes at turn 1 start\n" in capsys.readouterr().out
    assert main(["explain", "k-01", "--rules", "katro-4", "--position",
                 "0,0,0,0/1,0,0,0/0,0,0,1/2,1,1,1 south hand=2@b1:ccw"]) == 0
    out = capsys.readouterr().out
    assert "# found: start\n" in out and "    at: start\n" in out


def test_explain_shows_the_closest_boards_when_nothing_reaches_the_diagram(project, capsys):
    publish(project, ("k-01", THREE_LAPS_BEFORE), ("k-02", NORTH_GAINS))
    example(project, GAME.format(before=ind(THREE_LAPS_BEFORE), after=ind(NORTH_GAINS), at="end"))
    assert main(["explain", "k-02", "--turns", "1"]) == 1
    out = capsys.readouterr().out
    assert ("# bound: 1 turn, at most 1,000,000 positions, at most 60 seconds, at most 512 MB of positions kept; "
            "searched ") in out
    assert "# not found: no continuation within the bound reaches the published grid (every one was tried)" in out
    assert "# closest 1: " in out
    assert "#   a4: published 1, reached ." in out
    # each closest board's moment is written as a diagram's at: would be, ready to paste
    from mancala_diagrams.files.examples import parse_anchor
    moments = re.findall(r"^# closest \d+: [^,]+, at: (.+)$", out, re.M)
    assert moments and all(parse_anchor(m) for m in moments), moments
    assert not [m for m in moments if "lap end" in m or "_" in m]


def test_explain_says_which_limit_stopped_a_search_that_found_nothing(project, capsys):
    publish(project, ("k-01", THREE_LAPS_BEFORE), ("k-02", NORTH_GAINS))
    example(project, GAME.format(before=ind(THREE_LAPS_BEFORE), after=ind(NORTH_GAINS), at="end"))
    assert main(["explain", "k-02", "--turns", "3", "--positions", "2"]) == 1
    out = capsys.readouterr().out
    assert ("; searched 2 distinct positions, 17 boards compared (position limit: not every continuation within "
            "the bound was tried)\n") in out
    assert ("# not found: no continuation tried reaches the published grid, but the search stopped at its position "
            "limit before trying them all, so one may still: a larger --positions searches further\n") in out


def test_a_search_stops_at_its_memory_bound_and_says_so():
    r = rules("katro-4")
    result = search(r, board(THREE_LAPS_BEFORE), cells(NORTH_GAINS), Bound(turns=3, memory=2_000))
    assert result.found is None and not result.exhausted and result.stopped == "memory"
    assert 2_000 <= result.kept < 2_000 + 1_000        # one position past the bound at most
    assert Bound(turns=3, memory=2_000).describe() == (
        "3 turns, at most 1,000,000 positions, at most 1.953 KB of positions kept")


def test_explain_from_a_position_given_on_the_command_line(project, capsys):
    publish(project, ("k-02", THREE_LAPS_AFTER))
    assert main(["explain", "k-02", "--rules", "katro-4", "--turns", "1",
                 "--board", ". . . ./1 . . ./. . . 1/2 1 1 1"]) == 0
    assert "  - {hole: a1, direction: counterclockwise}\n" in capsys.readouterr().out


def test_explain_an_unknown_id_says_so(project, capsys):
    publish(project, ("k-02", THREE_LAPS_AFTER))
    assert main(["explain", "k-99"]) == 2
    assert "no published diagram and no example has the id 'k-99'" in capsys.readouterr().err
