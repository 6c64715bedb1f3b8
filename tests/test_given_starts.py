"""Given starts (issue 31): a published diagram drawn at its example's own
start, copied from the page, says whether a real game leads there, and the
record of it is checked by the verifier."""
import json
import shutil

import pytest

from mancala_diagrams.view.rows import in_words
from mancala_diagrams.engine.search import Bound, search
from mancala_diagrams.files import given_starts
from mancala_diagrams.files.examples import ExampleLoader, replay_line
from mancala_diagrams.files.loader import RulesLibrary
from mancala_diagrams.files.verify import Verifier
from mancala_diagrams.solver.search import reachable

from conftest import ROOT, board, rules

PUBLISHED = ROOT.parent / "shared" / "published"


# -- the engine's search for a position between turns ------------------------------------
def test_a_position_is_found_where_a_turn_ends_in_it():
    katro = rules("katro-4")
    start = katro.initial_position()
    after = board("2 2 2 2\n2 2 . 2\n1 4 1 3\n. 3 3 3", to_move="north")   # South sowed a2 clockwise
    result = search(katro, start, after.cells, Bound(turns=1), position=after)
    assert result.found is not None and result.found.kind == "turn_end" and result.found.turn == 1
    assert katro.play(start, result.found.moves[0]) == after


def test_a_board_seen_during_a_sowing_is_not_the_position():
    """Once lap 1 of that turn has taken c3's seeds into c2 the board is this
    one, and the seeds are sown on: as a position with North to move, no
    turn ends in it."""
    katro = rules("katro-4")
    start = katro.initial_position()
    mid = board("2 2 2 2\n2 2 . 2\n. 3 5 2\n2 2 2 2", to_move="north")
    assert search(katro, start, mid.cells, Bound(turns=1)).found is not None     # seen during turn 1
    result = search(katro, start, mid.cells, Bound(turns=1), position=mid)
    assert result.found is None and result.exhausted


# -- the records the searches make ----------------------------------------------------------
@pytest.fixture(scope="module")
def verifier():
    return Verifier(ROOT)


def record_of(verifier, relative, bound=Bound(turns=1, positions=10_000)):
    example = verifier.loader.load(ROOT / relative)
    return given_starts.run(example, relative, verifier.library, bound)


def test_a_start_with_a_count_no_game_has_is_unreachable_by_the_count(verifier):
    r = record_of(verifier, "sources/katra-be/katra-be-rova-capture.yaml")
    assert (r["result"], r["argument"], r["figures"]) == ("unreachable", "seed-count", {"seeds": 66, "game": 64})
    words = in_words(given_starts.words(r))     # said from the caption catalogs
    assert "holds 66 seeds" in words["en"] and "66 graines" in words["fr"]


def test_a_start_in_phase_2_needs_every_reserve_seed_placed_first(verifier):
    r = record_of(verifier, "sources/katra-be/katra-be-rova-back.yaml")
    assert (r["result"], r["argument"], r["figures"]) == ("unknown", "turns", {"turns": 44})    # 22 each


def test_a_phase_1_start_is_searched_for_exactly_the_turns_its_reserves_imply(verifier):
    """katra-fandatsaka-34: 10 seeds left in each reserve of 14, so 8 turns."""
    r = record_of(verifier, "sources/katra-fandatsaka/katra-fandatsaka-phase-1-4.yaml",
                  Bound(turns=1, positions=100_000))
    assert r["result"] == "unreachable" and r["search"]["turns"] == 8 and r["search"]["exhaustive"]
    # checked apart: the board itself is seen at no moment of any game of 12 turns
    example = verifier.loader.load(ROOT / "sources/katra-fandatsaka/katra-fandatsaka-phase-1-4.yaml")
    start = example.rules.with_initial_state(example.rules.initial_position())
    apart = search(example.rules, start, example.start.cells, Bound(turns=12, positions=100_000))
    assert apart.found is None and apart.exhausted


def test_a_search_without_reserves_bounds_the_answer_to_unknown(verifier):
    r = record_of(verifier, "sources/katro/katro-lap-ends-in-empty-hole.yaml", Bound(turns=2, positions=50_000))
    assert r["result"] == "unknown" and r["search"]["turns"] == 2 and r["search"]["exhaustive"]
    assert "within 2 turns" in str(given_starts.words(r))


def test_the_solver_lists_the_boards_a_katro_bevohoka_player_chooses_from():
    small = reachable(3, [[[3, 3, 0], [2, 2, 2]], [[0, 0, 12], [0, 0, 0]], [[3, 3, 0], [2, 2, 3]]])
    # the true start (c2 emptied), the goal (every seed in c2), a board of 13 seeds
    assert small["exhaustive"] and small["found"] == [True, True, False]
    cut = reachable(3, max_states=10)
    assert not cut["exhaustive"] and cut["boards"] == 10


# -- what the verifier checks -------------------------------------------------------------
@pytest.fixture
def project(tmp_path, monkeypatch):
    """A copy of the project's rules, one example with a given start, and its record."""
    shutil.copytree(ROOT / "rules", tmp_path / "rules")
    (tmp_path / "sources").mkdir()
    (tmp_path / "published").mkdir()
    monkeypatch.setenv("MANCALA_PUBLISHED", str(tmp_path / "published"))
    (tmp_path / "published" / "k.json").write_text(json.dumps({"blocks": [
        {"kind": "diagram", "id": "k-01", "rows": [[2, 2, 2, 2], [2, 2, None, 2], [1, 4, 1, 3], [None, 3, 3, 3]]}]}))
    (tmp_path / "sources" / "ex.yaml").write_text(EXAMPLE)
    return tmp_path


EXAMPLE = """\
example: ex
rules: katro-4
title: {en: t, fr: t}
source: {page: k}
start:
  to_move: north
  board: |
    2 2 2 2
    2 2 . 2
    1 4 1 3
    . 3 3 3
moves:
  - {hole: a4, direction: clockwise}
diagrams:
  - id: k-01
    at: start
    board: |
      2 2 2 2
      2 2 . 2
      1 4 1 3
      . 3 3 3
"""


def given_row(project):
    return next(r for r in Verifier(project).verify([project / "sources" / "ex.yaml"]) if r.get("diagram") == "k-01")


def write_record(project, **change):
    v = Verifier(project)
    example = v.loader.load(project / "sources" / "ex.yaml")
    record = {**given_starts.run(example, "sources/ex.yaml", v.library, Bound(turns=1)), **change}
    given_starts.write_records(project, [record])
    return record


def test_a_given_start_without_a_record_says_it_was_not_searched(project):
    row = given_row(project)
    assert row["status"] == "verified" and row["given"]["result"] == "not searched"


def test_a_reached_start_keeps_its_moves_and_the_verifier_replays_them(project):
    record = write_record(project)
    assert record["result"] == "reached" and record["moves"] == [[["start", [8, -1]]]]    # a2 clockwise
    row = given_row(project)
    assert row["status"] == "verified" and row["given"]["result"] == "reached"
    assert str(row["given"]["words"]).startswith("a real game leads there: turn 1: a2")


def test_recorded_moves_that_lead_elsewhere_fail(project):
    write_record(project, moves=[[["start", [8, 1]]]])         # a2 counterclockwise
    row = given_row(project)
    assert row["status"] == "mismatch"
    assert row["reason"].endswith("the recorded moves lead to another position than the start")


def test_a_record_made_for_another_start_fails(project):
    write_record(project)
    (project / "sources" / "ex.yaml").write_text(EXAMPLE.replace("to_move: north", "to_move: south"))
    row = given_row(project)
    assert row["status"] == "mismatch" and "was made for another start" in row["reason"]


def test_a_record_made_with_other_rules_files_fails(project):
    write_record(project)
    with open(project / "rules" / "katro.yaml", "a") as f:
        f.write("# a change\n")
    row = given_row(project)
    assert row["status"] == "mismatch" and "was made with other rules files (katro-4)" in row["reason"]


def test_deep_runs_the_search_again(project):
    write_record(project, result="unknown")
    assert given_row(project)["status"] == "verified"           # the cheap check trusts the answer
    rows = Verifier(project, deep=True).verify([project / "sources" / "ex.yaml"])
    row = next(r for r in rows if r.get("diagram") == "k-01")
    assert row["status"] == "mismatch" and "searched again, the answer is reached" in row["reason"]


def test_a_records_file_that_is_not_records_is_a_located_error(project):
    (project / "sources" / "given-starts.json").write_text('[{"example": "sources/ex.yaml", "result": "maybe"}]')
    with pytest.raises(Exception) as err:
        given_starts.load_records(project)
    assert "given-starts.json" in str(err.value) and "result 'maybe'" in str(err.value)


@pytest.mark.skipif(not PUBLISHED.is_dir(), reason="../shared/published is not beside the project")
def test_every_published_given_start_of_the_project_has_its_record(verifier):
    records = given_starts.load_records(ROOT)
    from mancala_diagrams.files.project import example_paths
    missing = []
    for path in example_paths(ROOT):
        example = verifier.loader.load(path)
        given = given_starts.given_diagrams(example, lambda line: replay_line(example, line))
        if given and not example.generated and verifier.rel(path) not in records:
            missing.append(path.name)
    assert not missing
