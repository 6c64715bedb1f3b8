"""What a contributor sees: every kind of error names the file, line and column,
what was found, what was expected and a hint; refused combinations name their
reason; illegal moves name the step and the rule; the scaffolds pass `check`."""
import shutil
import textwrap
from pathlib import Path

import pytest

from mancala_diagrams import cli
from mancala_diagrams.errors import EndlessTurn, ExampleError, IllegalMove, MancalaError, RulesError
from mancala_diagrams.files.examples import ExampleLoader, replay
from mancala_diagrams.engine.geometry import CCW, CW
from mancala_diagrams.files.loader import RulesLibrary
from mancala_diagrams.files.project import directive_file
from mancala_diagrams.files.verify import Verifier

from conftest import ROOT, board


@pytest.fixture
def project(tmp_path):
    shutil.copytree(ROOT / "rules", tmp_path / "rules")
    (tmp_path / "sources" / "x").mkdir(parents=True)
    return tmp_path


def write(path: Path, text: str) -> Path:
    path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    return path


def load_rules(project, name):
    return RulesLibrary(project / "rules").load(name)


def load_example(project, path):
    return ExampleLoader(RulesLibrary(project / "rules")).load(path)


EXAMPLE = textwrap.dedent("""
    example: ex
    rules: katro-6
    title: {en: An example, fr: Un exemple}
    source: {page: katro, describes: [busser]}
    generated: true
    start:
      to_move: south
      board: |
        2 . 5 . 4 .
        4 2 . . 4 2
        2 4 . 2 2 .
        2 2 3 2 3 3
    moves:
      - {hole: a1, direction: clockwise}
    diagrams:
      - id: ex-1
        at: start
        board: |
          2 . 5 . 4 .
          4 2 . . 4 2
          2 4 . 2 2 .
          2 2 3 2 3 3
    """).lstrip()


# -- schema errors, mapped to the YAML --------------------------------------------------------------
def test_wrong_type_in_a_rules_file_says_found_and_expected(project):
    write(project / "rules" / "mine.yaml", """
        rules: mine
        extends: katro-6
        abstract: maybe
        """)
    with pytest.raises(RulesError) as err:
        RulesLibrary(project / "rules").validate("mine")
    text = str(err.value)
    assert "mine.yaml:3:11:" in text
    assert "abstract: found the text 'maybe' (expected true or false)" in text


def test_misspelt_value_in_an_example_gets_the_closest_choice(project):
    path = write(project / "sources" / "x" / "ex.yaml",
                 EXAMPLE.replace("{hole: a1, direction: clockwise}",
                                 "{hole: a1, direction: clockwise, then: [{tsibongy: lfet}]}"))
    with pytest.raises(ExampleError) as err:
        load_example(project, path)
    text = str(err.value)
    assert "ex.yaml:14:" in text
    assert "found the text 'lfet'" in text and "expected left or right" in text
    assert "did you mean 'left'?" in text


def test_unknown_key_deep_in_an_example_is_located_with_a_hint(project):
    path = write(project / "sources" / "x" / "ex.yaml", EXAMPLE.replace("    at: start", "    at: start\n    captoin: x"))
    with pytest.raises(ExampleError) as err:
        load_example(project, path)
    text = str(err.value)
    assert "ex.yaml:18:5: unknown key 'captoin' in a diagram" in text
    assert "did you mean 'caption'?" in text


def test_a_scalar_where_a_mapping_is_expected_is_located_at_its_key(project):
    path = write(project / "sources" / "x" / "ex.yaml", EXAMPLE.replace("source: {page: katro, describes: [busser]}",
                                                                      "source: katro"))
    with pytest.raises(ExampleError) as err:
        load_example(project, path)
    assert "ex.yaml:4:9: source must be a mapping, but the file gives the text 'katro'" in str(err.value)


def test_a_diagram_listed_twice_points_at_the_second(project):
    text = EXAMPLE + "  - id: ex-1\n    at: end\n    board: '1 1 1 1 1 1'\n"
    path = write(project / "sources" / "x" / "ex.yaml", text)
    with pytest.raises(ExampleError) as err:
        load_example(project, path)
    assert "ex.yaml:23:5: diagram ex-1 is listed twice (first on line 16)" in str(err.value)


def test_a_track_from_a_hole_of_the_other_player_is_refused_at_its_hole(project):
    """North's hole 'b' on a track that is South's (no 'player'): an error at
    'from', not a KeyError while numbering the track (found by the fuzz test)."""
    text = (ROOT / "sources" / "katro-betsileo" / "katro-betsileo-track-north-2.yaml").read_text(encoding="utf-8")
    assert "  player: north\n" in text and "  from: b\n" in text
    path = write(project / "sources" / "x" / "katro-betsileo-track-north-2.yaml", text.replace("  player: north\n", ""))
    with pytest.raises(ExampleError) as err:
        load_example(project, path)
    text = str(err.value)
    assert "north-2.yaml:12:9: track: the hole 'b' is not on south's track" in text, text
    assert "one of south's holes" in text and "the track is South's unless 'player' says" in text


def test_python_object_tag_in_an_example_is_refused_with_its_location(project):
    path = write(project / "sources" / "x" / "ex.yaml",
                 EXAMPLE.replace("title: {en: An example, fr: Un exemple}",
                                 "title: !!python/object/apply:os.system [\"touch /tmp/pwned-by-yaml\"]"))
    with pytest.raises(MancalaError) as err:
        load_example(project, path)
    assert "ex.yaml:3:8" in str(err.value) and "python/object" in str(err.value)
    assert not Path("/tmp/pwned-by-yaml").exists()


# -- combinations that cannot work together -----------------------------------------------------------
ROW_SHIFT_LINE = 1 + (ROOT / "rules" / "katro.yaml").read_text(encoding="utf-8").splitlines().index("  row-shift: {}")

@pytest.mark.parametrize("body, reason, where", [
    ("extends: katro-6\nmechanics:\n  capture: null\n", "row-shift-needs-capture",
     f"katro.yaml:{ROW_SHIFT_LINE}:3"),    # where the base names the block refused
    ("extends: katro-6\nboard: {players: 1}\n", "capture-needs-opponent", "katro.yaml:"),
    ("extends: katro-6\nmechanics:\n  tsibongy: {zone: 4}\n", "tsibongy-zone-too-wide", "mine.yaml:4:3"),
    ("extends: katro-6\nmechanics:\n  choose-hole: {min_seeds: 0}\n", "min-seeds-below-one", "mine.yaml:4:3"),
    ("extends: katro-6\nmechanics:\n  reserve: {}\n", "reserve-without-seeds", "mine.yaml:4:3"),
    ("extends: katro-6\nstart: {reserve: 3}\n", "reserve-seeds-unused", "katro.yaml:"),
    ("extends: katro-6\nstart: {reserve: 3, seeds_per_hole: 0}\nmechanics:\n  reserve: {}\n",
     "reserve-needs-inner-row-seeds", "mine.yaml:5:3"),
])
def test_rules_that_cannot_work_together_are_refused_with_a_named_reason(project, body, reason, where):
    write(project / "rules" / "mine.yaml", "rules: mine\n" + body)
    with pytest.raises(RulesError) as err:
        load_rules(project, "mine")
    assert f"[refused: {reason}]" in str(err.value)
    assert where in str(err.value)
    assert err.value.reason == reason


# -- illegal moves: the step and the rule ---------------------------------------------------------------
def play(name, position, decisions):
    r = RulesLibrary(ROOT / "rules").load(name)
    g = r.geometry
    return r.play(position, [(k, g.parse(v) if k in ("place", "hole") else
                              (g.parse(v[0]), v[1]) if k == "start" else v) for k, v in decisions],
                  turn_number=3, where="turn 3, ")


KATRO_4 = """
    1 1 1 1
    1 1 1 1
    . 2 1 1
    1 1 1 1
"""


def test_sowing_an_empty_hole_names_the_decision_and_rule():
    with pytest.raises(IllegalMove) as err:
        play("katro-4", board(KATRO_4), [("start", ("a2", CW))])
    assert str(err.value).startswith("turn 3, decision 1 (start): a2 clockwise is not allowed: "
                                     "a2 is empty: there is nothing to sow [rule: choose-hole]")
    assert err.value.decision == 0


def test_sowing_an_opponents_hole_is_refused():
    with pytest.raises(IllegalMove) as err:
        play("katro-4", board(KATRO_4), [("start", ("a3", CCW))])
    assert "a3 counterclockwise is not allowed: a3 is not one of south's holes [rule: choose-hole]" in str(err.value)


def test_a_direction_fixed_for_the_game_is_named():
    pos = board("""
        2 2 2 2 2 2
        2 2 2 2 2 2
        2 2 2 2 2 2
        2 2 2 2 2 2
    """, state=(("direction.south", "cw"),))
    with pytest.raises(IllegalMove) as err:
        play("katro-ambohimanga", pos, [("start", ("b1", CCW))])
    text = str(err.value)
    assert "b1 counterclockwise is not allowed: south chose to sow clockwise at their first sowing" in text
    assert "[rule: direction]" in text


def test_a_compulsory_capture_elsewhere_is_the_reason():
    r = RulesLibrary(ROOT / "rules").load("katra-fandatsaka-6")
    pos = r.with_initial_state(board("""
        . 1 1 1 1 .
        . 2 . . . .
        . 1 . . 1 .
        . . . . . .
    """, reserves=(5, 5)))
    g = r.geometry
    with pytest.raises(IllegalMove) as err:
        r.play(pos, [("place", g.parse("e2"))], where="turn 1, ")
    text = str(err.value)
    assert text.startswith("turn 1, decision 1 (place): e2 is not allowed: captures are compulsory")
    assert "[rule: compulsory-capture]" in text and "one of: b2" in text


def test_a_tsibongy_choice_the_rules_do_not_ask_for_is_refused():
    with pytest.raises(IllegalMove) as err:
        play("katro-4", board(KATRO_4), [("start", ("a1", CCW)), ("tsibongy", "left")])
    text = str(err.value)
    assert text.startswith("turn 3, decision 2: the turn is over")
    assert "one more decision (tsibongy)" in text and err.value.decision == 1


def test_an_illegal_move_in_a_file_points_at_the_decision_line(project):
    path = write(project / "sources" / "x" / "ex.yaml",
                 EXAMPLE.replace("  - {hole: a1, direction: clockwise}",
                                 "  - hole: a1\n    direction: clockwise\n    then:\n      - {tsibongy: left}"))
    (rep,) = replay(load_example(project, path))
    assert rep.error is not None
    assert str(rep.error).startswith(f"{path}:17:9: turn 1, decision 2: the turn is over")


# -- a turn that never ends ---------------------------------------------------------------------------
def test_a_turn_that_never_ends_is_cut_with_a_clear_error(project):
    # one player's two rows, relay and no mandry: every lap goes on from where it ended
    write(project / "rules" / "endless.yaml", """
        rules: endless
        board: {columns: 2, players: 1}
        start: {seeds_per_hole: 1}
        mechanics:
          choose-hole: {}
          relay: {}
        """)
    r = load_rules(project, "endless")
    pos = r.initial_position()
    with pytest.raises(EndlessTurn) as err:
        r.play(pos, [("start", (pos.geometry.parse("a1"), CCW))], where="turn 1, ")
    assert str(err.value).startswith("turn 1, the turn loops for ever")


# -- robustness: paths, other files ---------------------------------------------------------------------
@pytest.mark.parametrize("bad", ["../secret", "/../../etc/passwd", "../../../x", "a\x00b", "", "a\nb"])
def test_a_directive_cannot_name_a_file_outside_the_docs_and_sources(tmp_path, bad):
    (tmp_path / "docs").mkdir()
    (tmp_path / "sources").mkdir()
    with pytest.raises(MancalaError):
        directive_file(tmp_path / "docs", tmp_path, tmp_path / "docs", bad)


def test_a_directive_cannot_follow_a_link_out_and_may_name_a_file_inside(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "sources").mkdir()
    (tmp_path / "docs" / "out").symlink_to("/etc")
    (tmp_path / "docs" / "page.md").write_text("# page\n")
    with pytest.raises(MancalaError):
        directive_file(tmp_path / "docs", tmp_path, tmp_path / "docs", "out/passwd")
    assert directive_file(tmp_path / "docs", tmp_path, tmp_path / "docs", "../docs/page.md") == (
        tmp_path / "docs" / "page.md").resolve()


def test_check_goes_on_after_a_failing_file(project, capsys, monkeypatch):
    monkeypatch.chdir(project)
    bad = write(project / "sources" / "x" / "bad.yaml", EXAMPLE.replace("example: ex", "example: bad")
                .replace("{hole: a1,", "{hole: c2,"))
    good = write(project / "sources" / "x" / "ex.yaml", EXAMPLE)
    broken_rules = write(project / "rules" / "broken.yaml", "rules: broken\nextends: katro-66\n")
    status = cli.main(["check", str(broken_rules), str(bad), str(good)])
    out = capsys.readouterr().out
    assert status == 1
    assert "no rules called 'katro-66'" in out and "did you mean" in out
    assert "c2 clockwise is not allowed: c2 is empty" in out
    assert "ex-1" in out and "generated" in out.split("ex-1", 1)[1].split("\n")[0]


# -- scaffolds ------------------------------------------------------------------------------------------
def test_scaffolded_variant_and_examples_pass_check(project, capsys, monkeypatch):
    monkeypatch.chdir(project)
    assert cli.main(["new", "variant", "mine", "--from", "katro-8", "--set", "goal.win=empty-inner-row"]) == 0
    assert cli.main(["new", "example", "mine-first-turns", "--rules", "mine", "--turns", "3"]) == 0
    assert cli.main(["new", "example", "mine-own-board", "--rules", "mine", "--board",
                     ". . . 1 . . . ./2 . . . . . . 1/. 1 1 . . . . ./1 . . 2 . . . .", "--moves", "b2 ccw"]) == 0
    capsys.readouterr()
    files = [project / "rules" / "mine.yaml", *sorted((project / "sources" / "mine").glob("*.yaml"))]
    assert len(files) == 3
    # as written, each file still holds the TODOs its author must replace: check refuses them
    assert cli.main(["check", *map(str, files)]) == 1
    out = capsys.readouterr().out
    assert out.count("the file still holds a TODO") == 3, out
    for f in files:
        lines = f.read_text(encoding="utf-8").splitlines(keepends=True)
        f.write_text("".join(finished(line) for line in lines), encoding="utf-8")
    assert cli.main(["check", *map(str, files)]) == 0, capsys.readouterr().out
    text = files[0].read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=../mancala_diagrams/files/schemas/rules.schema.json")
    assert "win: empty-inner-row" in text


def finished(line: str) -> str:
    """What an author writes in place of a scaffold's TODO line."""
    if "TODO-bibliography-key" in line:
        return line.replace("TODO-bibliography-key", "dandouau-1909")
    if "TODO" in line or "À FAIRE" in line:
        key = line.split(":", 1)[0]
        return f"{key}: finished by its author\n"
    return line


def test_scaffold_refuses_a_misspelt_base_with_the_closest_name(project, capsys, monkeypatch):
    monkeypatch.chdir(project)
    assert cli.main(["new", "variant", "mine", "--from", "katro-88"]) == 2
    assert "did you mean 'katro-8'?" in capsys.readouterr().err
    assert not (project / "rules" / "mine.yaml").exists()


def test_the_fanga_is_katro_8_but_won_by_emptying_the_inner_row():
    lib = RulesLibrary(ROOT / "rules")
    fanga, katro = lib.load("fanga"), lib.load("katro-8")
    assert fanga.geometry == katro.geometry
    assert [b.name for b in fanga.blocks] == [b.name for b in katro.blocks]
    assert {b.name: b.p for b in fanga.blocks if b.name != "goal"} == \
           {b.name: b.p for b in katro.blocks if b.name != "goal"}
    # North's inner row empty, seeds left in North's outer row: over in fanga, not in katro
    pos = board("""
        1 . . . . . . 2
        . . . . . . . .
        . 1 . . . . . .
        1 . . . . . . .
    """, to_move="north")
    assert fanga.outcome(pos) == {"winner": "south", "reason": "empty-inner-row"}
    assert katro.outcome(pos) is None
    rows = Verifier(ROOT).verify([ROOT / "sources" / "fanga" / "fanga-empty-inner-row.yaml"])
    assert [r["status"] for r in rows] == ["generated", "generated"]
