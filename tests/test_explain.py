"""The search behind `explain` and errata (issue 13): hand-made positions whose
continuations were worked out by hand, errata whose evidence is re-checked,
and the `explain` command on a made-up published page."""
import json
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
    publish(project, ("k-01", THREE_LAPS_BEFORE), ("k-02", THREE_LAPS_AFTER))
    example(project, GAME.format(before=ind(THREE_LAPS_BEFORE), after=ind(THREE_LAPS_AFTER), at="end"))
    assert main(["explain", "k-02"]) == 0
    out = capsys.readouterr().out
    assert "  - {hole: a1, direction: counterclockwise}\n" in out
    assert "    at: turn 1 lap 3 drop 2\n" in out


def test_explain_shows_the_closest_boards_when_nothing_reaches_the_diagram(project, capsys):
    publish(project, ("k-01", THREE_LAPS_BEFORE), ("k-02", NORTH_GAINS))
    example(project, GAME.format(before=ind(THREE_LAPS_BEFORE), after=ind(NORTH_GAINS), at="end"))
    assert main(["explain", "k-02", "--turns", "1"]) == 1
    out = capsys.readouterr().out
    assert "# bound: 1 turn, at most 1000000 positions; " in out
    assert "# not found: no continuation within the bound reaches the published grid" in out
    assert "# closest 1: " in out
    assert "#   a4: published 1, reached ." in out


def test_explain_from_a_position_given_on_the_command_line(project, capsys):
    publish(project, ("k-02", THREE_LAPS_AFTER))
    assert main(["explain", "k-02", "--rules", "katro-4", "--turns", "1",
                 "--board", ". . . ./1 . . ./. . . 1/2 1 1 1"]) == 0
    assert "  - {hole: a1, direction: counterclockwise}\n" in capsys.readouterr().out


def test_explain_an_unknown_id_says_so(project, capsys):
    publish(project, ("k-02", THREE_LAPS_AFTER))
    assert main(["explain", "k-99"]) == 2
    assert "no published diagram and no example has the id k-99" in capsys.readouterr().err
