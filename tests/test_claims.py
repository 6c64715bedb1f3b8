"""The claims a diagram makes (what the page's text says happens there),
checked on the replay, and the claim errata that declare a sentence wrong
(issue 31)."""
import json
import shutil
import textwrap

import pytest

from mancala_diagrams.errors import MancalaError
from mancala_diagrams.files.examples import ExampleLoader
from mancala_diagrams.files.loader import RulesLibrary
from mancala_diagrams.files.verify import Verifier
from mancala_diagrams.view.rows import in_words

from conftest import ROOT, published_rows as grid

# katro gorobaka on 4 columns, South sows a2 counterclockwise from the start:
# lap 4 ends in a2 and takes column a (4 seeds); the six seeds gathered there
# go on, take columns c and b, and the turn ends with all 32 seeds South's.
AT_LAP_4_CAPTURE = """\
    . 2 2 .
    . 2 2 .
    2 4 4 1
    4 1 4 0
"""
AT_LAP_4_MERGE = """\
    . 2 2 .
    . 2 2 .
    6 4 4 1
    4 1 4 0
"""
# katro on 4 columns, South sows a2 clockwise from the start: the turn ends
# after lap 3 and North then has seven holes to sow, each either way.
AFTER_A2_CW = """\
    2 2 2 2
    2 2 . 2
    1 4 1 3
    . 3 3 3
"""


@pytest.fixture
def project(tmp_path, monkeypatch):
    shutil.copytree(ROOT / "rules", tmp_path / "rules")
    (tmp_path / "sources").mkdir()
    (tmp_path / "published").mkdir()
    monkeypatch.setenv("MANCALA_PUBLISHED", str(tmp_path / "published"))
    return tmp_path


def write(project, at, board, claims, extra="", rules="katro-gorobaka-4", move="a2, direction: counterclockwise"):
    """An example with one published diagram k-01 at *at* that claims *claims*."""
    (project / "published" / "k.json").write_text(json.dumps(
        {"blocks": [{"kind": "diagram", "id": "k-01", "rows": grid(board)}]}))
    body = textwrap.dedent(f"""\
        example: ex
        rules: {rules}
        title: {{en: t, fr: t}}
        source: {{page: k}}
        start: {{to_move: south}}
        moves:
          - {{hole: {move}}}
        diagrams:
          - id: k-01
            at: {at}
            claims: {claims}
        """) + textwrap.indent(textwrap.dedent(extra), "    ") + "    board: |\n" + textwrap.indent(
        textwrap.dedent(board), "      ")
    path = project / "sources" / "ex.yaml"
    path.write_text(body)
    return path


def row(project, path):
    return next(r for r in Verifier(project).verify([path]) if r.get("diagram") == "k-01")


def test_a_count_of_captured_seeds_is_checked(project):
    assert row(project, write(project, "lap 4 capture", AT_LAP_4_CAPTURE, "[{captures: 4}]"))["status"] == "verified"
    r = row(project, write(project, "lap 4 capture", AT_LAP_4_CAPTURE, "[{captures: 5}]"))
    assert r["status"] == "mismatch"
    assert r["reason"] == ("the source says 5 seeds are captured at k-01, but the captures there take 4 seeds, "
                           "not 5")


def test_the_winner_is_checked_at_the_end_of_the_turn(project):
    r = row(project, write(project, "lap 4 merge", AT_LAP_4_MERGE, "[{wins: south}]"))
    assert r["status"] == "verified" and r["claims"] == [{"wins": "south"}]
    r = row(project, write(project, "lap 4 merge", AT_LAP_4_MERGE, "[{wins: north}]"))
    assert r["status"] == "mismatch" and r["reason"].endswith("but South wins, not North")


def test_a_turn_the_page_ends_too_early_is_a_mismatch_until_declared(project):
    r = row(project, write(project, "lap 4 merge", AT_LAP_4_MERGE, "[turn-ends]"))
    assert r["status"] == "mismatch"
    assert r["reason"].startswith("the source says the turn ends at k-01, but the engine goes on (turn 1, lap 5: "
                                  "pickup a2) for 4 more laps, sowing 33 seeds and capturing 8 seeds")


ERRATUM = """\
claim_erratum:
  claims: [turn-ends]
  reason: {en: The page stops too early., fr: La page s’arrête trop tôt.}
"""


def test_a_declared_claim_erratum_carries_the_evidence_in_both_languages(project):
    path = write(project, "lap 4 merge", AT_LAP_4_MERGE, "[turn-ends, {wins: south}]", ERRATUM)
    r = row(project, path)
    assert r["status"] == "verified"        # the board is the replay's; the sentence is the erratum
    e = r["claim_erratum"]
    assert e["reason"] == {"en": "The page stops too early.", "fr": "La page s’arrête trop tôt."}
    assert e["claims"] == ["turn-ends"]
    evidence = in_words(e["evidence"])      # said from the caption catalogs, in each language
    assert evidence["en"].startswith("at k-01 the page says that the turn ends, but the engine goes on "
                                          "(turn 1, lap 5: pickup a2)")
    assert "mancala-diagrams" not in evidence["en"]     # the errata page gives the commands, as code
    assert evidence["fr"].startswith("en k-01, la page dit que le tour s’arrête, mais le moteur continue")


def test_a_claim_erratum_whose_claim_holds_is_a_mismatch(project):
    erratum = ERRATUM.replace("[turn-ends]", "[{wins: south}]")
    r = row(project, write(project, "lap 4 merge", AT_LAP_4_MERGE, "[{wins: south}]", erratum))
    assert r["status"] == "mismatch"
    assert r["reason"] == "declared claim erratum, but the replay agrees that South wins at k-01"


def test_a_contradicted_claim_the_erratum_does_not_name_is_a_mismatch(project):
    erratum = ERRATUM.replace("[turn-ends]", "[turn-ends]")
    r = row(project, write(project, "lap 4 merge", AT_LAP_4_MERGE, "[turn-ends, {wins: north}]", erratum))
    assert r["status"] == "mismatch"
    assert "North wins at k-01" in r["reason"] and "not among the claims its claim erratum names" in r["reason"]


def test_a_claim_erratum_may_name_only_claims_of_its_diagram(project):
    path = write(project, "lap 4 merge", AT_LAP_4_MERGE, "[{wins: south}]", ERRATUM)
    with pytest.raises(MancalaError) as err:
        ExampleLoader(RulesLibrary(project / "rules")).load(path)
    assert "ex.yaml:13:" in str(err.value)
    assert "the claim erratum names 'turn-ends', which the diagram does not claim" in str(err.value)


def test_the_number_of_replies_is_checked(project):
    path = write(project, "end", AFTER_A2_CW, "[turn-ends, {replies: 14}]", rules="katro-4",
                 move="a2, direction: clockwise")
    assert row(project, path)["status"] == "verified"
    path = write(project, "end", AFTER_A2_CW, "[turn-ends, {replies: 4}]", rules="katro-4",
                 move="a2, direction: clockwise")
    assert row(project, path)["reason"].endswith("when turn 1 ends, North has 14 possible turns, not 4")


@pytest.mark.parametrize("claim, message", [
    ("[{captures: -1}]", "captures: -1 is not a whole number"),
    ("[{wins: east}]", "wins: 'east' is not a player"),
    ("[{capture: 3}]", "unknown claim 'capture'"),
    ("[{captures: 1, wins: south}]", "a claim is a word or a one-key mapping"),
    ("[turn-ends, turn-ends]", "the claim 'turn-ends' is listed twice"),
])
def test_a_bad_claim_is_refused_with_its_place(project, claim, message):
    path = write(project, "lap 4 merge", AT_LAP_4_MERGE, claim)
    with pytest.raises(MancalaError) as err:
        ExampleLoader(RulesLibrary(project / "rules")).load(path)
    assert message in str(err.value) and "ex.yaml:11:" in str(err.value)


def test_the_project_declares_the_false_sentence_of_katro_gorobaka_04():
    """The page ends the turn at diagram 04 and gives North four replies that
    each lose; the replay goes on and North has none: a claim erratum."""
    rows = Verifier(ROOT).verify([ROOT / "sources" / "katro-gorobaka" / "katro-gorobaka-winning-start-4.yaml"])
    r = next(r for r in rows if r.get("diagram") == "katro-gorobaka-04")
    assert r["claim_erratum"]["claims"] == ["turn-ends", {"replies": 4}, {"wins-next-turn": "south"}]
    evidence = in_words(r["claim_erratum"]["evidence"])
    assert "for 4 more laps, sowing 33 seeds and capturing 8 seeds (c3, c4, b3, b4)" in evidence["en"]
    assert "the game is over when turn 1 ends: South has won" in evidence["en"]
    assert "la partie est finie à la fin du tour 1\u00a0: Sud a gagné" in evidence["fr"]


def test_a_claim_whose_moves_cannot_be_listed_within_the_limits_is_an_error_at_its_claims(project, monkeypatch):
    from mancala_diagrams.engine import rules as engine_rules
    path = write(project, "turn 1 end", AFTER_A2_CW, "[{replies: 14}]", rules="katro-4",
                 move="a2, direction: clockwise")
    assert row(project, path)["status"] == "verified"
    monkeypatch.setattr(engine_rules, "MAX_LAPS_LEGAL_MOVES", 5)
    r = row(project, path)
    assert r["status"] == "error"
    assert r["reason"] == ("sources/ex.yaml:11:13: diagram k-01: its claims cannot be checked: listing the legal "
                           "moves plays more than 5 laps in all (expected at most 5, the limit MAX_LAPS_LEGAL_MOVES)")
