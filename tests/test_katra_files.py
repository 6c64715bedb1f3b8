"""Katra example files: mid-turn starts, special-holes and generated examples,
and the verifier's report on the published katra be page."""
import json
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from mancala_diagrams.errors import MancalaError
from mancala_diagrams.files.examples import ExampleLoader
from mancala_diagrams.files.loader import RulesLibrary
from mancala_diagrams.files.project import published_dir
from mancala_diagrams.files.verify import Verifier

from conftest import ROOT


@pytest.fixture
def project(tmp_path):
    (tmp_path / "rules").mkdir()
    (tmp_path / "sources").mkdir()
    for name in ("katra-fandatsaka", "katra-fandatsaka-8", "katra-be", "fifangakely"):
        shutil.copy(ROOT / "rules" / f"{name}.yaml", tmp_path / "rules")
    return tmp_path


def write(path: Path, text: str) -> Path:
    path.write_text(textwrap.dedent(text).lstrip())
    return path


def load(project, name="ex"):
    return ExampleLoader(RulesLibrary(project / "rules")).load(project / "sources" / f"{name}.yaml")


ROVA_HOLES = """
    example: ex
    kind: special-holes
    rules: katra-be
    title: {en: Rova, fr: Rova}
    source: {page: katra-be}
    legend:
      lightcyan: rova.north
      pink: rova.south
    diagrams:
      - id: katra-be-02
        board: |
          . . . . . . . .
          . . . . . . . .
          . . . . . . . .
          . . . . . . . .
        marks: |
          . . . lightcyan . . . .
          . . . lightcyan . . . .
          . . . . pink . . .
          . . . . pink . . .
"""


def test_special_holes_diagram_is_checked_against_the_rova(project):
    write(project / "sources" / "ex.yaml", ROVA_HOLES)
    rows = Verifier(project).verify()
    assert [(r["diagram"], r["status"]) for r in rows] == [("katra-be-02", "verified")]


def test_special_holes_diagram_with_a_moved_mark_is_a_mismatch(project):
    last = ROVA_HOLES.rindex(". . . . pink . . .")
    moved = ROVA_HOLES[:last] + ". . . pink . . . ." + ROVA_HOLES[last + len(". . . . pink . . ."):]
    write(project / "sources" / "ex.yaml", moved)
    v = Verifier(project)
    v.published = None
    (row,) = v.verify()
    assert row["status"] == "mismatch"
    assert {d["hole"] for d in row["diff"]} == {"d1", "e1"}


def test_special_holes_legend_must_name_holes_the_rules_single_out(project):
    write(project / "sources" / "ex.yaml", ROVA_HOLES.replace("pink: rova.south", "pink: rova.sud"))
    with pytest.raises(MancalaError) as err:
        load(project)
    assert "ex.yaml:8" in str(err.value) and "rova.south" in str(err.value)


def test_special_holes_of_a_fallen_rova_are_not_marked(project):
    text = ROVA_HOLES.replace("legend:", "start:\n  state: {rova.south: gone}\nlegend:")
    write(project / "sources" / "ex.yaml", text)
    with pytest.raises(MancalaError):      # no standing south rova: its legend entry names nothing
        load(project)


GENERATED = """
    example: ex
    rules: fifangakely
    generated: true
    title: {en: First turn, fr: Premier tour}
    source: {page: katra-fandatsaka}
    start: {to_move: south}
    moves:
      - {place: b2}
    diagrams:
      - id: own-1
        at: end
        board: |
          . . . .
          . . 1 .
          1 2 1 .
          . . . .
"""


def test_generated_diagrams_are_checked_against_the_replay_only(project):
    write(project / "sources" / "ex.yaml", GENERATED)
    (row,) = Verifier(project).verify()
    assert row["status"] == "generated"
    write(project / "sources" / "ex.yaml", GENERATED.replace("      1 2 1 .", "      1 2 2 ."))
    (row,) = Verifier(project).verify()
    assert row["status"] == "mismatch"


@pytest.fixture
def with_published(monkeypatch):
    pub = published_dir(ROOT)
    if pub is None:
        pytest.skip("../shared/published is not beside the project")
    monkeypatch.setenv("MANCALA_PUBLISHED", str(pub))


def test_generated_diagrams_cannot_take_a_published_id(project, with_published):
    write(project / "sources" / "ex.yaml", GENERATED.replace("own-1", "katra-be-04"))
    (row,) = Verifier(project).verify()
    assert row["status"] == "mismatch" and "published id" in row["reason"]


def test_unpublished_id_without_the_flag_is_a_mismatch(project, with_published):
    write(project / "sources" / "ex.yaml", GENERATED.replace("    generated: true\n", ""))
    (row,) = Verifier(project).verify()
    assert row["status"] == "mismatch" and "no published diagram" in row["reason"]


MID_TURN = """
    example: ex
    rules: katra-be
    title: {en: Mid-turn, fr: Tour en cours}
    source: {page: katra-be}
    start:
      reserve: {south: 0, north: 0}
      board: |
        . . . 9 . . . 1
        . 2 2 16 . . . .
        5 1 1 . 11 2 2 .
        . . . . 12 . . .
      hand: {last: a2, direction: counterclockwise, first_lap: false}
    moves:
      - {then: []}
    diagrams:
      - id: x-1
        at: end
        board: |
          . . . 9 . . . 1
          . 2 2 16 . . . .
          . 1 1 . 11 2 2 .
          1 1 1 1 13 . . .
"""


def test_mid_turn_start_resolves_the_lap_that_just_ended(project):
    ex = load(project, name=write(project / "sources" / "ex.yaml", MID_TURN).stem)
    assert ex.start.hand.seeds == 0 and ex.start.to_text().split()[2] == "hand=0@a2:ccw"
    v = Verifier(project)
    v.published = None
    (row,) = v.verify()
    assert row["status"] == "verified"


@pytest.mark.parametrize("hand, message", [
    ("{last: b2, direction: clockwise}", "b2, which is empty"),      # d2 in the board is empty; b2 is not
    ("{last: a2, seeds: 3, hole: b2, direction: clockwise}", "either seeds and hole"),
    ("{last: a2, direction: clockwise, captures: maybe}", "true or false"),
    ("{seeds: 0, hole: a2, direction: clockwise}", "1 or more"),
])
def test_mid_turn_start_errors_are_located(project, hand, message):
    text = MID_TURN.replace("{last: a2, direction: counterclockwise, first_lap: false}", hand)
    if "b2, which" in message:
        text = text.replace("5 1 1 . 11", "5 . 1 . 11")
    write(project / "sources" / "ex.yaml", text)
    with pytest.raises(MancalaError) as err:
        load(project)
    assert message in str(err.value) and "ex.yaml:" in str(err.value)


# -- the real project ---------------------------------------------------------------------
def test_verify_json_accounts_for_every_katra_be_diagram():
    exe = Path(sys.executable).parent / "mancala-diagrams"
    run = subprocess.run([str(exe), "verify", "--json"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    rows = json.loads(run.stdout)
    status = {r["diagram"]: r["status"] for r in rows if r["diagram"] and r["diagram"].startswith("katra-be-")}
    assert sorted(status) == [f"katra-be-{i:02d}" for i in range(1, 29)]
    assert set(status.values()) <= {"replayed", "set-up", "marks", "given", "erratum"}
    # the boards copied from the page as their examples' starts are given, not replayed
    assert {d for d, s in status.items() if s == "given"} == {"katra-be-03", "katra-be-05", "katra-be-14"}
    # the project's own katra fandatsaka drawings (the published page's diagrams, if
    # ../shared has it, are other rows: accounted for by an example or listed as missing)
    own = [r for r in rows if r["diagram"] and r["diagram"].startswith("katra-fandatsaka-own-")]
    assert len(own) == 13 and all(r["status"] == "generated" for r in own)


def test_katra_be_examples_state_their_assumptions():
    lib = RulesLibrary(ROOT / "rules")
    loader = ExampleLoader(lib)
    front = loader.load(ROOT / "sources" / "katra-be" / "katra-be-rova-front.yaml")
    assert front.start.hand is not None and front.start.get("fotsiny") == "no"     # the turn captures
    assert any("fotsiny" in a["en"] for a in front.assumptions)
    capture = loader.load(ROOT / "sources" / "katra-be" / "katra-be-rova-capture.yaml")
    assert capture.artificial and capture.start.seeds == 66
