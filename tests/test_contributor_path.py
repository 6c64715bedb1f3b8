"""The errors a new contributor met while adding pages and variants from the
docs alone (issue 17), each with the exact message they now get."""
import shutil
import textwrap

import pytest

from mancala_diagrams import cli
from mancala_diagrams.errors import MancalaError, RulesError, TodoLeft
from mancala_diagrams.files.loader import RulesLibrary

from conftest import ROOT


@pytest.fixture
def project(tmp_path, monkeypatch):
    shutil.copytree(ROOT / "rules", tmp_path / "rules")
    (tmp_path / "sources" / "katro").mkdir(parents=True)
    (tmp_path / "sources" / "katro-bevohoka").mkdir(parents=True)
    (tmp_path / "mancala_diagrams").mkdir()     # find_root() looks for the project's markers
    (tmp_path / "pyproject.toml").write_text("[project]\nname='x'\n")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def write_rules(project, name, text):
    path = project / "rules" / f"{name}.yaml"
    path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    return path


def test_new_variant_sets_the_board_and_the_start(project, capsys):
    assert cli.main(["new", "variant", "snake", "--from", "katro-8", "--set", "board.track=boustrophedon",
                     "--set", "start.seeds_per_hole=3"]) == 0
    raw = RulesLibrary(project / "rules", allow_todo=True).raw("snake")
    assert raw["board"] == {"track": "boustrophedon"}
    assert raw["start"] == {"seeds_per_hole": 3}
    rules = RulesLibrary(project / "rules", allow_todo=True).load("snake")
    assert rules.geometry.track_kind == "boustrophedon"
    assert rules.initial_position().seeds == 3 * 32


def test_new_variant_refuses_a_board_key_that_does_not_exist(project, capsys):
    assert cli.main(["new", "variant", "snake", "--from", "katro-8", "--set", "board.trak=loop"]) == 2
    assert capsys.readouterr().err.strip() == (
        "mancala-diagrams: --set: board has no key 'trak' (expected columns, rows_per_player, players, notation, "
        "track); did you mean 'track'?")


def test_new_variant_from_an_abstract_base_asks_for_the_columns(project, capsys):
    assert cli.main(["new", "variant", "mine", "--from", "katro-fianarantsoa"]) == 2
    assert capsys.readouterr().err.strip() == (
        "mancala-diagrams: --from katro-fianarantsoa: the base leaves the number of columns to each variant "
        "(expected --columns N (or --set board.columns=N))")
    assert not (project / "rules" / "mine.yaml").exists()


def test_a_variant_of_an_abstract_base_without_columns_is_blamed_not_the_base(project):
    path = write_rules(project, "mine", """
        rules: mine
        extends: katro-fianarantsoa
        title: {en: Mine, fr: La mienne}
    """)
    with pytest.raises(RulesError) as info:
        RulesLibrary(project / "rules").load("mine")
    assert str(info.value) == (
        f"{path}:1:1: the rules give no number of columns (their board comes from katro-fianarantsoa, a base "
        "that leaves it to each variant) (expected board: {columns: N} in this file)")


def test_rules_whose_start_puts_no_seeds_are_refused(project):
    path = write_rules(project, "empty", """
        rules: empty
        extends: katro-8
        title: {en: Empty, fr: Vide}
        start: {seeds_per_hole: 0}
    """)
    with pytest.raises(RulesError) as info:
        RulesLibrary(project / "rules").load("empty")
    assert str(info.value) == (
        f"{path}:1:1: the start puts no seeds on the board and none in reserve (expected start: "
        "{seeds_per_hole: N}, start: {board: ...} or start: {reserve: N} (in this file or a base))")


def test_check_refuses_a_scaffold_that_still_holds_a_todo(project, capsys):
    assert cli.main(["new", "variant", "mine", "--from", "katro-8"]) == 0
    capsys.readouterr()
    assert cli.main(["check", "rules/mine.yaml"]) == 1
    out = capsys.readouterr().out
    assert "rules/mine.yaml:8:8: the file still holds a TODO: 'TODO: what mine changes from katro-8, in one " \
           "sentence.' (expected the text, decision or source the TODO asks for, in place of the TODO)" in out


def test_a_todo_in_a_comment_or_a_bibliography_key_is_refused_too(project):
    path = write_rules(project, "mine", """
        rules: mine
        extends: katro-8
        title: {en: Mine, fr: La mienne}
        summary: {en: Mine., fr: La mienne.}
        sources: [TODO-bibliography-key]
    """)
    with pytest.raises(TodoLeft) as info:
        RulesLibrary(project / "rules").load("mine")
    assert (info.value.line, info.value.column) == (5, 11)
    path.write_text(path.read_text().replace("[TODO-bibliography-key]", "[dandouau1909]  # TODO: page?"))
    with pytest.raises(TodoLeft) as info:
        RulesLibrary(project / "rules").load("mine")
    assert (info.value.line, info.value.column) == (5, 28)


def test_new_example_dir_is_relative_to_where_the_command_runs(project, capsys, monkeypatch):
    monkeypatch.chdir(project / "sources" / "katro")
    assert cli.main(["new", "example", "here", "--rules", "katro-8", "--dir", "."]) == 0
    assert (project / "sources" / "katro" / "here.yaml").exists()
    assert not (project / "here.yaml").exists()


def test_new_example_goes_to_the_folder_of_its_page_or_of_its_game(project, capsys):
    assert cli.main(["new", "example", "a", "--rules", "katro-bevohoka-6"]) == 0
    assert (project / "sources" / "katro-bevohoka" / "a.yaml").exists()     # not sources/katro/
    assert cli.main(["new", "example", "b", "--rules", "katro-8", "--page", "katro-gorobaka"]) == 0
    path = project / "sources" / "katro-gorobaka" / "b.yaml"
    assert "page: katro-gorobaka" in path.read_text(encoding="utf-8")


def test_new_example_with_a_board_states_the_reserve(project, capsys):
    board = "/".join([" ".join(["1"] * 8)] * 4)
    assert cli.main(["new", "example", "r", "--rules", "katra-fandatsaka-8", "--board", board,
                     "--reserve", "5,2", "--dir", "sources/katro"]) == 0
    text = (project / "sources" / "katro" / "r.yaml").read_text(encoding="utf-8")
    assert "reserve:\n    south: 5\n    north: 2\n" in text
    assert cli.main(["new", "example", "r2", "--rules", "katro-8", "--reserve", "1"]) == 2
    assert capsys.readouterr().err.strip() == (
        "mancala-diagrams: --reserve goes with --board (without it the example starts as the rules do)")


def test_replay_names_each_event_by_the_anchor_an_example_writes(capsys):
    # katro-relay-in-outer-row: a1 (2 seeds) ends in c1, full: relay; c1's 4 seeds end in f2, empty: the turn ends
    assert cli.main(["replay", str(ROOT / "sources" / "katro" / "katro-relay-in-outer-row.yaml")]) == 0
    anchors = [line.split("  ")[0] for line in capsys.readouterr().out.splitlines()[1:]]
    assert anchors == ["turn 1 start", "turn 1 lap 1 pickup", "turn 1 lap 1 end", "turn 1 lap 2 pickup",
                       "turn 1 lap 2 end", "turn 1 end"]


MID_TURN = """
    example: mid
    rules: {rules}
    title: {{en: Mid-turn, fr: En cours de tour}}
    source: {{page: katra-be, describes: [busser]}}
    generated: true
    artificial: true
    assumptions: [{{en: A made-up position., fr: Une position inventée.}}]
    start:
      to_move: south
      reserve: {{south: 0, north: 0}}
      hand: {{{hand}}}
      board: |
        . . . .
        . . . .
        . 2 . .
        . . . .
    diagrams:
      - {{id: mid-1, at: start, board: "{start}"}}
      - {{id: mid-2, at: "{at}", board: "{board}"}}
"""


def load_mid(project, rules, hand, at, board, start=". . . .\\n. . . .\\n. 2 . .\\n. . . ."):
    from mancala_diagrams.files.examples import ExampleLoader
    path = project / "sources" / "katro" / "mid.yaml"
    path.write_text(textwrap.dedent(MID_TURN.format(rules=rules, hand=hand, at=at, board=board, start=start)),
                    encoding="utf-8")
    return path, ExampleLoader(RulesLibrary(project / "rules"))


def test_seeds_in_hand_need_no_moves_and_their_lap_is_lap_1(project):
    from mancala_diagrams.files.examples import replay
    # katro-4 (no fotsiny): b2's 2 seeds counterclockwise from a2: a2, a1; a1 was empty: the turn ends
    path, loader = load_mid(project, "katro-4", "seeds: 2, hole: a2, direction: counterclockwise",
                            "lap 1 end", ". . . .\\n. . . .\\n1 2 . .\\n1 . . .")
    ex = loader.load(path)
    (rep,) = replay(ex)
    assert rep.error is None
    assert [e.kind for e in rep.events][:1] == ["start"]
    assert [(e.kind, e.lap) for e in rep.events if e.kind in ("lap_end", "turn_end")] == \
        [("lap_end", 1), ("turn_end", 1)]


def test_a_lap_that_has_just_ended_is_lap_1_and_the_next_lap_2(project):
    from mancala_diagrams.files.examples import replay
    # katro-4: a lap has just ended in b2 (2 seeds, facing an empty b3): b2's seeds are sown on, lap 2
    path, loader = load_mid(project, "katro-4", "last: b2, direction: counterclockwise",
                            "lap 2 end", ". . . .\\n. . . .\\n1 . . .\\n1 . . .")
    (rep,) = replay(loader.load(path))
    assert rep.error is None
    assert [(e.kind, e.lap) for e in rep.events if e.kind in ("pickup", "lap_end")] == \
        [("pickup", 2), ("lap_end", 2)]


def test_seeds_in_hand_under_fotsiny_rules_must_say_which_lap_they_are(project):
    path, loader = load_mid(project, "fifangakely", "last: b2, direction: counterclockwise",
                            "end", ". . . .\\n. . . .\\n1 . . .\\n1 . . .")
    with pytest.raises(MancalaError) as info:
        loader.load(path)
    assert str(info.value) == (
        f"{path}:12:9: hand: the rules fifangakely make a turn's first lap special (compulsory capture and "
        "fotsiny), so the example must say whether the seeds in hand are that lap (expected first_lap: true "
        "(the turn's first lap) or first_lap: false (a later lap))")


RESERVE_EXAMPLE = """
    example: res
    rules: katra-fandatsaka-6
    title: {en: Reserve, fr: Réserve}
    source: {page: katra-fandatsaka, describes: [dandouau-1909]}
    generated: true
    artificial: true
    assumptions: [{en: A made-up position., fr: Une position inventée.}]
    start:
      to_move: south%s
      board: |
        . . . . . .
        . 1 . . . .
        . 1 2 . . .
        . . . . . .
    moves:
      - {place: c2}
    diagrams:
      - {id: res-1, at: start, board: ". . . . . .\\n. 1 . . . .\\n. 1 2 . . .\\n. . . . . ."}
"""


def test_a_start_board_under_reserve_rules_must_state_the_reserve(project):
    from mancala_diagrams.files.examples import ExampleLoader
    path = project / "sources" / "katro" / "res.yaml"
    path.write_text(textwrap.dedent(RESERVE_EXAMPLE % ""), encoding="utf-8")
    with pytest.raises(MancalaError) as info:
        ExampleLoader(RulesLibrary(project / "rules")).load(path)
    assert str(info.value) == (
        f"{path}:11:10: the rules katra-fandatsaka-6 start with seeds in reserve (20 each); with a start board, "
        "the example must say how many are left (expected reserve: {south: N, north: N} beside the board "
        "(0 and 0 once all are sown))")


def test_placing_a_seed_with_an_empty_reserve_says_the_reserve_is_empty(project):
    from mancala_diagrams.files.examples import ExampleLoader, replay
    path = project / "sources" / "katro" / "res.yaml"
    path.write_text(textwrap.dedent(RESERVE_EXAMPLE % "\n      reserve: {south: 0, north: 0}"), encoding="utf-8")
    (rep,) = replay(ExampleLoader(RulesLibrary(project / "rules")).load(path))
    assert "the rules ask for a 'start' decision here, the example gives 'place' (south has no seed left in " \
           "reserve here)" in str(rep.error)


def endless_example(project, move):
    src = (ROOT / "sources" / "mraha-wa-ntso" / "mraha-wa-ntso-endless-turn.yaml").read_text(encoding="utf-8")
    path = project / "sources" / "katro" / "mraha-wa-ntso-endless-turn.yaml"
    path.write_text(src.replace("  - {hole: d3, direction: clockwise, endless: true}", move), encoding="utf-8")
    return path


def test_a_turn_the_example_says_never_ends_is_checked_to_loop(project):
    from mancala_diagrams.files.verify import Verifier
    # found by random play (docs/games/mraha-wa-ntso.md): North's d3 clockwise captures and relays for ever
    path = endless_example(project, "  - {hole: d3, direction: clockwise, endless: true}")
    rows = Verifier(project).verify([path])
    assert [(r["status"], r.get("check")) for r in rows] == [("generated", None), ("verified", "turn 1 never ends")]
    assert "the turn loops for ever" in rows[1]["reason"]


def test_a_turn_said_to_be_endless_that_ends_is_refused(project):
    from mancala_diagrams.files.verify import Verifier
    # the other way round, d3's turn comes to an end (the engine's random play met both)
    path = endless_example(project, "  - {hole: d3, direction: counterclockwise, endless: true}")
    rows = Verifier(project).verify([path])
    assert rows[-1]["status"] == "error"
    assert rows[-1]["reason"].startswith(f"{path}:24:54: turn 1: the example says this turn never ends, but it ends "
                                         "after ")
    assert rows[-1]["reason"].endswith(" laps (expected endless: true only on a turn that loops for ever)")
