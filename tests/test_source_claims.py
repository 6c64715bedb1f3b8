"""What a source claims, checked: marks, a turn or game that ends, source pages,
departures, branching lines, a start from a published diagram, partial sowing
orders, pictures, coverage and the labels of differences (issue 13)."""
import json
import shutil
import textwrap
from pathlib import Path

import pytest

from mancala_diagrams.cli.main import main
from mancala_diagrams.errors import MancalaError
from mancala_diagrams.files.examples import ExampleLoader, replay_line
from mancala_diagrams.files.loader import RulesLibrary
from mancala_diagrams.files.verify import Verifier

from conftest import ROOT, published_rows as grid

START4 = "2 2 2 2\n" * 4
# South plays a2 clockwise from the start of katro on 4 columns: lap 1 ends in c2
# and captures c3 (2 seeds), then relays twice; the turn ends after lap 3.
AFTER_A2_CW = """\
    2 2 2 2
    2 2 . 2
    1 4 1 3
    . 3 3 3
"""


@pytest.fixture
def project(tmp_path, monkeypatch):
    (tmp_path / "rules").mkdir()
    (tmp_path / "sources").mkdir()
    for name in ("katro", "katro-4"):
        shutil.copy(ROOT / "rules" / f"{name}.yaml", tmp_path / "rules")
    (tmp_path / "rules" / "katro-4c.yaml").write_text(
        "rules: katro-4c\nextends: katro-4\nmechanics:\n  compulsory-capture: {}\n")
    # a published page of our own: the made-up ids below are the only published ones
    pub = tmp_path / "published"
    pub.mkdir()
    monkeypatch.setenv("MANCALA_PUBLISHED", str(pub))
    return tmp_path


def publish(project, *diagrams, page="katro"):
    blocks = [{"kind": "diagram", "id": i, "rows": rows, **({"marks": marks} if marks else {})}
              for i, rows, marks in diagrams]
    (project / "published" / f"{page}.json").write_text(json.dumps({"blocks": blocks}))


def ind(board):
    return textwrap.indent(textwrap.dedent(board), "      ")




def example(project, body, name="ex", rules="katro-4", page="katro"):
    head = (f"example: {name}\nrules: {rules}\ntitle: {{en: t, fr: t}}\n"
            f"source: {{page: {page}}}\n")
    path = project / "sources" / f"{name}.yaml"
    path.write_text(head + textwrap.dedent(body).lstrip())
    return path


def verify(project, path=None, coverage=False):
    return Verifier(project).verify([path] if path else None, coverage=coverage)


def by_id(rows):
    return {r.get("diagram") or r.get("check"): r for r in rows}


START_DIAGRAM = """
start: {{to_move: south}}
moves:
  - {{hole: a2, direction: clockwise}}
diagrams:
  - id: k-01
    at: start
    board: |
      2 2 2 2
      2 2 2 2
      2 2 2 2
      2 2 2 2
    marks: |
      . . . .
      . . . .
      {marks}
      . . . .
    marks_show: {{lightgreen: {role}}}
"""


# -- marks ----------------------------------------------------------------------------------
def test_a_mark_on_the_hole_played_next_is_verified(project):
    publish(project, ("k-01", grid(START4), [[None] * 4, [None] * 4, ["lightgreen", None, None, None], [None] * 4]))
    rows = verify(project, example(project, START_DIAGRAM.format(marks="lightgreen . . .", role="next-pickup")))
    assert by_id(rows)["k-01"]["status"] == "verified"


def test_a_wrong_mark_fails(project):
    # the page colours b2, but the replay takes up a2 next
    marks = [[None] * 4, [None] * 4, [None, "lightgreen", None, None], [None] * 4]
    publish(project, ("k-01", grid(START4), marks))
    row = by_id(verify(project, example(project, START_DIAGRAM.format(marks=". lightgreen . .",
                                                                        role="next-pickup"))))["k-01"]
    assert row["status"] == "mismatch"
    assert "marked but not singled out by the rules: b2" in row["reason"]
    assert "singled out by the rules but not marked: a2" in row["reason"]


def test_a_missing_mark_fails_against_the_rules(project):
    # every hole of South's side is to be coloured; the transcription colours one
    marks = [[None] * 4, [None] * 4, ["lightgreen", None, None, None], [None] * 4]
    publish(project, ("k-01", grid(START4), marks))
    row = by_id(verify(project, example(project, START_DIAGRAM.format(marks="lightgreen . . .",
                                                                        role="holes.south"))))["k-01"]
    assert row["status"] == "mismatch"
    assert "singled out by the rules but not marked: b2, c2, d2, a1, b1, c1, d1" in row["reason"]


def test_a_mark_the_transcription_leaves_out_fails(project):
    marks = [[None] * 4, [None] * 4, ["lightgreen", None, None, None], [None] * 4]
    publish(project, ("k-01", grid(START4), marks))
    body = START_DIAGRAM.format(marks=". . . .", role="next-pickup").replace(
        "    marks: |\n      . . . .\n      . . . .\n      . . . .\n      . . . .\n", "").replace(
        "    marks_show: {lightgreen: next-pickup}\n", "")
    row = by_id(verify(project, example(project, body)))["k-01"]
    assert row["status"] == "mismatch"
    assert row["reason"] == "the published diagram colours holes that the example's transcription leaves out"
    assert row["compared"] == ["published", "transcription"]
    assert {"hole": "a2", "row": 2, "column": 0, "published": "lightgreen", "transcription": None} in row["diff"]


def test_a_mark_nothing_explains_is_not_ignored(project):
    publish(project, ("k-01", grid(START4), [[None] * 4, [None] * 4, ["pink", None, None, None], [None] * 4]))
    body = START_DIAGRAM.format(marks="pink . . .", role="next-pickup")
    row = by_id(verify(project, example(project, body)))["k-01"]
    assert row["status"] == "mismatch" and "colours holes pink" in row["reason"]


def test_a_role_the_rules_do_not_have_is_named_with_those_they_do(project):
    publish(project, ("k-01", grid(START4), [[None] * 4, [None] * 4, ["lightgreen", None, None, None], [None] * 4]))
    row = by_id(verify(project, example(project, START_DIAGRAM.format(marks="lightgreen . . .",
                                                                        role="rova.south"))))["k-01"]
    assert row["status"] == "mismatch"
    assert "no 'rova.south' holes here" in row["reason"] and "next-pickup" in row["reason"]


# -- claims ---------------------------------------------------------------------------------
CLAIM = """
start: {{to_move: south}}
moves:
  - {{hole: a2, direction: clockwise}}
diagrams:
  - id: k-02
    at: {at}
    board: |
{board}
    claims: [{claim}]
"""


def test_a_turn_the_source_ends_that_the_engine_continues_fails(project):
    board = "      2 2 2 2\n      2 2 2 2\n      . 3 3 2\n      2 2 2 2\n"
    publish(project, ("k-02", grid(board), None))
    row = by_id(verify(project, example(project, CLAIM.format(at="lap 1 end", board=board,
                                                             claim="turn-ends"))))["k-02"]
    assert row["status"] == "mismatch"
    assert row["reason"].startswith("the source says the turn ends at k-02, but the engine goes on (turn 1, lap 1: "
                                    "capture c3")


def test_a_turn_that_does_end_there_is_verified(project):
    board = ind(AFTER_A2_CW)
    publish(project, ("k-02", grid(AFTER_A2_CW), None))
    row = by_id(verify(project, example(project, CLAIM.format(at="end", board=board, claim="turn-ends"))))["k-02"]
    assert row["status"] == "verified" and row["claims"] == ["turn-ends"]


def test_a_game_the_source_ends_that_the_rules_continue_fails(project):
    board = ind(AFTER_A2_CW)
    publish(project, ("k-02", grid(AFTER_A2_CW), None))
    row = by_id(verify(project, example(project, CLAIM.format(at="end", board=board, claim="game-ends"))))["k-02"]
    assert row["status"] == "mismatch"
    assert row["reason"] == "the source says the game ends at k-02, but the rules let North play on"


def test_an_unknown_claim_is_refused_with_the_known_ones(project):
    path = example(project, CLAIM.format(at="end", board=ind(AFTER_A2_CW),
                                         claim="turn-end"))
    with pytest.raises(MancalaError) as err:
        ExampleLoader(RulesLibrary(project / "rules")).load(path)
    assert "unknown claim 'turn-end'" in str(err.value) and "turn-ends" in str(err.value)
    assert "ex.yaml:17:" in str(err.value)


# -- source.page ----------------------------------------------------------------------------
def test_an_unknown_source_page_is_refused_with_its_place_and_the_closest_name(project):
    path = example(project, CLAIM.format(at="end", board=ind(AFTER_A2_CW),
                                         claim="turn-ends"), page="katro-gorobak")
    with pytest.raises(MancalaError) as err:
        ExampleLoader(RulesLibrary(project / "rules")).load(path)
    text = str(err.value)
    assert "ex.yaml:4:" in text and "unknown page 'katro-gorobak'" in text
    assert "did you mean 'katro-gorobaka'?" in text


def test_a_bibliography_key_is_a_source_page(project):
    publish(project, ("k-02", grid(AFTER_A2_CW), None))
    path = example(project, CLAIM.format(at="end", board=ind(AFTER_A2_CW),
                                         claim="turn-ends"), page="dandouau-1909")
    assert ExampleLoader(RulesLibrary(project / "rules")).load(path).source["page"] == "dandouau-1909"


# -- departures -----------------------------------------------------------------------------
DEPARTURE = """
start: {to_move: south}
moves:
  - hole: a2
    direction: counterclockwise
    departure:
      rule: compulsory-capture
      reason: {en: The page forgets the capture., fr: La page oublie la prise.}
  - {hole: a4, direction: counterclockwise}
checks:
  - at: turn 1 lap 1 end
    captured: []
"""


def test_a_departure_from_compulsory_capture_is_played_and_checked(project):
    rows = verify(project, example(project, DEPARTURE, rules="katro-4c"))
    dep = [r for r in rows if r.get("departure")]
    assert [(r["check"], r["status"]) for r in dep] == [("turn 1 departure", "verified")]
    assert all(r["status"] == "verified" for r in rows)
    # the replay goes on under the full rules after the departure
    ex = ExampleLoader(RulesLibrary(project / "rules")).load(project / "sources" / "ex.yaml")
    rep = replay_line(ex, ex.lines[0])
    assert rep.error is None and len(rep.positions) == 3


def test_without_the_departure_the_rules_refuse_the_move(project):
    rows = verify(project, example(project, DEPARTURE.replace("    departure:\n      rule: compulsory-capture\n"
                                                              "      reason: {en: The page forgets the capture., "
                                                              "fr: La page oublie la prise.}\n", ""),
                                   rules="katro-4c"))
    assert any(r["status"] == "mismatch" and "compulsory" in r["reason"] or "capture" in r.get("reason", "")
               for r in rows)
    assert not all(r["status"] == "verified" for r in rows)


def test_a_departure_the_rules_in_fact_allow_is_refused(project):
    # a2 clockwise captures at its first lap's end: compulsory capture allows it
    body = DEPARTURE.replace("direction: counterclockwise\n    departure", "direction: clockwise\n    departure")
    rows = verify(project, example(project, body.replace("captured: []", "captured: [c3]"), rules="katro-4c"))
    dep = [r for r in rows if r.get("departure")]
    assert len(dep) == 1 and dep[0]["status"] == "mismatch"
    assert "but the rules allow this move as it is" in dep[0]["reason"]


def test_a_departure_from_a_rule_that_is_already_off_is_refused(project):
    rows = verify(project, example(project, DEPARTURE, rules="katro-4"))   # no compulsory capture here
    assert any("compulsory-capture is already off in the rules katro-4" in r.get("reason", "") for r in rows)
    assert any(r["status"] != "verified" for r in rows)


def test_a_departure_from_a_rule_the_rules_do_not_have_is_located(project):
    path = example(project, DEPARTURE.replace("compulsory-capture", "compulsary-capture"), rules="katro-4c")
    rows = verify(project, path)
    bad = [r for r in rows if r["status"] != "verified"]
    assert bad and "did you mean 'compulsory-capture'?" in bad[0]["reason"]
    # at the rule's name: line and column (a name of 7,880 characters came from fuzzing without its column)
    assert "ex.yaml:10:13: the rules katro-4c have no block 'compulsary-capture' to set aside" in bad[0]["reason"]


# -- branching lines ------------------------------------------------------------------------
BRANCHES = """
start: {to_move: south}
lines:
  main:
    moves:
      - {hole: a2, direction: clockwise}
    checks:
      - {at: turn 1 end, board: "%s"}
  north-a:
    after: main
    moves:
      - {hole: a3, direction: clockwise}
    checks:
      - {at: turn 1 end, board: "%s"}
      - {at: turn 2 end, captured: %s}
  other-start:
    from: {line: main, turn: 0}
    moves:
      - {hole: d1, direction: counterclockwise}
    checks:
      - {at: turn 1 pickup, board: "%s"}
"""


def test_a_branching_line_goes_on_from_the_shared_moves(project):
    after = " ".join(textwrap.dedent(AFTER_A2_CW).split("\n")).strip()
    lib = RulesLibrary(project / "rules")
    rules = lib.load("katro-4")
    from mancala_diagrams.engine.geometry import parse_direction
    pos1 = rules.play(rules.initial_position(), [("start", (rules.geometry.parse("a2"), parse_direction("clockwise")))])
    events = []
    rules.play(pos1, [("start", (rules.geometry.parse("a3"), parse_direction("clockwise")))], 2, events)
    taken = sorted({rules.geometry.name(h) for e in events if e.kind == "capture" for h in e.holes})
    body = BRANCHES % (_one_line(AFTER_A2_CW), _one_line(AFTER_A2_CW), "[" + ", ".join(taken) + "]",
                       _one_line("2 2 2 2\n2 2 2 2\n2 2 2 2\n2 2 2 .\n"))
    path = example(project, body)
    rows = verify(project, path)
    assert [(r["example"], r["check"], r["status"]) for r in rows] == [
        ("sources/ex.yaml", "turn 1 end", "verified"),
        ("sources/ex.yaml", "turn 1 end", "verified"),
        ("sources/ex.yaml", "turn 2 end", "verified"),
        ("sources/ex.yaml", "turn 1 pickup", "verified")]
    ex = ExampleLoader(lib).load(path)
    reps = {ln.name: replay_line(ex, ln) for ln in ex.lines}
    assert len(reps["north-a"].positions) == 3 and reps["north-a"].positions[1] == reps["main"].positions[1]
    assert len(reps["other-start"].positions) == 2
    del after


def _one_line(board):
    return " / ".join(" ".join(r.split()) for r in textwrap.dedent(board).strip().splitlines()).replace(" / ", "\\n")


def test_a_line_that_branches_from_no_line_is_refused(project):
    b = _one_line(START4)
    body = BRANCHES.replace("after: main", "after: mian") % (b, b, "[]", b)
    with pytest.raises(MancalaError) as err:
        ExampleLoader(RulesLibrary(project / "rules")).load(example(project, body))
    assert "branches from 'mian'" in str(err.value) and "did you mean 'main'?" in str(err.value)


# -- a start from a published diagram -------------------------------------------------------
FROM = """
start:
  from: k-05
  to_move: north
{board}moves:
  - {{hole: a3, direction: clockwise}}
checks:
  - {{at: turn 1 start, board: "{start}"}}
"""


def test_a_start_from_a_published_diagram_is_that_diagram(project):
    publish(project, ("k-05", grid(AFTER_A2_CW), None))
    rows = verify(project, example(project, FROM.format(board="", start=_one_line(AFTER_A2_CW))))
    assert [(r["check"], r["status"]) for r in rows] == [("start from k-05", "verified"),
                                                         ("turn 1 start", "verified")]


def test_a_start_from_a_diagram_that_differs_is_refused(project):
    publish(project, ("k-05", grid(AFTER_A2_CW), None))
    board = "  board: |\n" + textwrap.indent(textwrap.dedent(AFTER_A2_CW).replace("1 4 1 3", "1 4 2 3"), "    ")
    with pytest.raises(MancalaError) as err:
        ExampleLoader(RulesLibrary(project / "rules")).load(example(project, FROM.format(board=board, start="x")))
    assert "the board differs from the published diagram k-05" in str(err.value) and "ex.yaml:8:" in str(err.value)


def test_without_shared_a_start_from_reads_the_projects_transcription(project, monkeypatch):
    monkeypatch.setenv("MANCALA_PUBLISHED", str(project / "absent"))
    example(project, CLAIM.format(at="end", board=ind(AFTER_A2_CW),
                                  claim="turn-ends").replace("k-02", "k-05"), name="first")
    rows = verify(project, example(project, FROM.format(board="", start=_one_line(AFTER_A2_CW))))
    assert rows[0]["check"] == "start from k-05" and rows[0]["status"] == "verified"
    assert "first.yaml" in rows[0]["reason"] and "not compared with the published grid" in rows[0]["reason"]


def test_without_shared_a_start_from_reads_the_examples_own_transcription(project, monkeypatch):
    # the files draft writes start from a diagram and list it, at start, themselves
    monkeypatch.setenv("MANCALA_PUBLISHED", str(project / "absent"))
    body = FROM.format(board="", start=_one_line(AFTER_A2_CW)) + "diagrams:\n  - id: k-05\n    at: start\n" \
        "    board: |\n" + ind(AFTER_A2_CW)
    rows = by_id(verify(project, example(project, body)))
    assert rows["start from k-05"]["status"] == "verified" and "ex.yaml" in rows["start from k-05"]["reason"]
    assert rows["k-05"]["status"] == "verified"


# -- numbering the first N holes of a sowing, pictures ---------------------------------------
TRACK = """
kind: track
track: {{player: south, from: a2, direction: clockwise, numbering: 1, count: 5}}
diagrams:
  - id: k-06
    board: |
      . . . .
      . . . .
      {inner}
      {outer}
"""


def test_a_sowing_order_numbering_only_the_first_holes_is_checked(project):
    inner, outer = "1 2 3 4", ". . . 5"
    publish(project, ("k-06", grid(f". . . .\n. . . .\n{inner}\n{outer}"), None))
    rows = verify(project, example(project, TRACK.format(inner=inner, outer=outer)))
    assert rows[0]["status"] == "verified"
    publish(project, ("k-06", grid(f". . . .\n. . . .\n{inner}\n. . . 6"), None))
    rows = verify(project, example(project, TRACK.format(inner=inner, outer=". . . 6")))
    assert rows[0]["status"] == "mismatch" and rows[0]["diff"][0]["hole"] == "d1"


def test_a_picture_is_accounted_for_by_the_projects_drawing(project):
    arrows = ". . . .\n. . . .\n. . . .\n. . . ."
    publish(project, ("k-06", grid(f". . . .\n. . . .\n1 2 3 4\n. . . 5"), None), ("k-07", grid(arrows), None))
    body = TRACK.format(inner="1 2 3 4", outer=". . . 5") + "  - id: k-07\n    picture: true\n    board: |\n" + \
        textwrap.indent(arrows, "      ") + "\n"
    rows = by_id(verify(project, example(project, body)))
    assert rows["k-07"]["status"] == "verified" and rows["k-07"]["kind"] == "picture"


# -- coverage, and what a difference compares -------------------------------------------------
def test_verify_lists_the_published_diagrams_no_example_accounts_for(project):
    publish(project, ("k-02", grid(AFTER_A2_CW), None), ("k-03", grid(START4), None))
    example(project, CLAIM.format(at="end", board=ind(AFTER_A2_CW),
                                  claim="turn-ends"))
    rows = verify(project, coverage=True)
    assert [(r["diagram"], r["status"], r.get("page")) for r in rows] == [
        ("k-02", "verified", None), ("k-03", "missing", "katro")]


def test_diff_lines_say_what_is_compared(project, monkeypatch, capsys):
    board = ind(AFTER_A2_CW)
    publish(project, ("k-02", grid(AFTER_A2_CW.replace("1 4 1 3", "1 4 2 3")), None))
    path = example(project, CLAIM.format(at="end", board=board, claim="turn-ends"))
    monkeypatch.chdir(project)
    assert main(["verify", str(path)]) == 1
    out = capsys.readouterr().out
    assert "c2: published grid 2, the example's transcription 1" in out
    assert "rules give" not in out


# South's a2 counterclockwise from the start, after its first lap (a1 and b1
# take a seed each), worked out by hand: compulsory capture forbids the move,
# since a2 clockwise captures at its first lap's end
A2_CCW_LAP_1 = """\
    2 2 2 2
    2 2 2 2
    . 2 2 2
    3 3 2 2
"""


def test_explain_searches_a_departure_with_its_rule_set_aside(project, capsys, monkeypatch):
    monkeypatch.chdir(project)
    publish(project, ("k-02", grid(A2_CCW_LAP_1), None))
    # the example plays b2 in turn 1 (with the departure): the search finds a2
    body = DEPARTURE.replace("  - hole: a2\n", "  - hole: b2\n") + (
        f"diagrams:\n  - id: k-02\n    at: turn 1 lap 1 end\n    board: |\n{ind(A2_CCW_LAP_1)}")
    example(project, body, rules="katro-4c")
    assert main(["explain", "k-02"]) == 0
    out = capsys.readouterr().out
    assert "compulsory-capture is set aside in every turn searched" in out
    assert "  - {hole: a2, direction: counterclockwise}\n" in out


def test_without_its_rule_set_aside_no_legal_turn_reaches_the_departure(project, capsys, monkeypatch):
    monkeypatch.chdir(project)
    publish(project, ("k-02", grid(A2_CCW_LAP_1), None))
    body = f"start: {{to_move: south}}\nmoves:\n  - {{hole: a4, direction: counterclockwise}}\n" \
           f"diagrams:\n  - id: k-02\n    at: turn 1 lap 1 end\n    board: |\n{ind(A2_CCW_LAP_1)}"
    example(project, body.replace("a4", "a2").replace("counterclockwise", "clockwise"), rules="katro-4c")
    assert main(["explain", "k-02", "--turns", "1"]) == 1
    assert "# not found: no continuation within the bound reaches the published grid" in capsys.readouterr().out


def test_a_branch_from_past_the_end_of_its_line_is_refused_at_the_branch(project):
    path = example(project, """
start: {to_move: south}
lines:
  main:
    moves:
      - {hole: a2, direction: clockwise}
    checks:
      - {at: turn 1 end, captured: [c3]}
  later:
    from: {line: main, turn: 3}
    moves:
      - {hole: a3, direction: clockwise}
    checks:
      - {at: turn 1 end, captured: []}
""")
    ex = ExampleLoader(RulesLibrary(project / "rules")).load(path)
    from mancala_diagrams.files.examples import replay
    error = replay(ex)[1].error
    assert str(error).endswith("ex.yaml:13:5: line 'later' branches from line 'main' after turn 3, but that line's "
                               "replay stops before (it has 1 turns)")
