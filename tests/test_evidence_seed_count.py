"""One seed-count policy, applied to every board (issue 31): a board whose
seeds, with those the example holds in hand and in reserve, add up to a
number no real game has is flagged with the count, artificial or not."""
import pytest

from mancala_diagrams.view.rows import in_words

from mancala_diagrams.files.evidence import game_seeds, seed_count_flag
from mancala_diagrams.files.examples import replay_line
from mancala_diagrams.files.project import example_paths
from mancala_diagrams.files.verify import Verifier

from conftest import ROOT, rules


@pytest.fixture(scope="module")
def rows():
    return {r["diagram"]: r for r in Verifier(ROOT).verify() if r.get("diagram")}


def test_no_replay_of_the_project_loses_or_makes_a_seed():
    """The policy's premise: in every game here, the seeds on the board, in
    hand and in reserve keep their number from turn to turn."""
    v = Verifier(ROOT)
    for path in example_paths(ROOT):
        example = v.loader.load(path)
        if example.kind != "game":
            continue
        for line in example.lines:
            rep = replay_line(example, line)
            counts = {p.seeds for p in rep.positions}
            assert len(counts) == 1, f"{path.name} {line.name}: {counts}"


def test_the_game_counts_are_the_rules_starts():
    assert game_seeds(rules("katra-be")) == 64          # 20 on the board, 22 in each reserve
    assert game_seeds(rules("fifangakely")) == 32
    assert game_seeds(rules("katro-fianarantsoa-busser-2")) == 24
    assert game_seeds(rules("katro-bevohoka-6")) == 24     # one player's rows: that player's seeds


def test_a_count_a_real_game_has_is_not_flagged():
    assert seed_count_flag([[2, 2], [None, 4]], off_board=0, game=8) is None
    assert seed_count_flag([[2, None], [None, 1]], off_board=5, game=8) is None    # 5 in hand or reserve


def test_another_count_is_flagged_with_it_in_both_languages():
    flag = seed_count_flag([[33, 33]], off_board=0, game=64)
    assert flag["seeds"] == 66 and flag["game"] == 64
    words = in_words(flag["words"])         # said from the caption catalogs
    assert "holds 66 seeds" in words["en"] and "64" in words["en"]
    assert "compte 66 graines" in words["fr"]


@pytest.mark.parametrize("diagram, seeds, game", [
    # katra be: replayed from a made-up start of 66 seeds in a 64-seed game
    *[(f"katra-be-{n}", 66, 64) for n in range(14, 19)],
    # fifangakely: the page gives no reserve; with none, 17 or 19 of 32
    ("katra-fandatsaka-08", 17, 32), ("katra-fandatsaka-10", 19, 32), ("katra-fandatsaka-13", 17, 32),
    ("katra-fandatsaka-17", 17, 32),
    # the katro of Fianarantsoa: the published erratum holds 22 of 24
    ("katro-betsileo-33", 22, 24),
])
def test_the_boards_no_real_game_has_are_flagged_whatever_their_status(rows, diagram, seeds, game):
    assert rows[diagram]["seed_count"]["seeds"] == seeds
    assert rows[diagram]["seed_count"]["game"] == game


@pytest.mark.parametrize("diagram", [
    "katra-be-01", "katra-be-02",               # the start; coloured holes with no seeds
    "katra-fandatsaka-06", "katro-04",          # sowing orders: numbers, not seeds
    "katra-fandatsaka-45",                      # a picture
    "katro-bevohoka-02", "katro-bevohoka-04",   # one player's rows: 24 seeds, that player's
    "katra-fandatsaka-34", "katra-fandatsaka-39",   # phase 1: the reserves hold the rest
    "mraha-wa-ntso-06",                         # 4 seeds in hand
])
def test_boards_that_are_not_counts_or_have_a_real_count_are_not_flagged(rows, diagram):
    assert "seed_count" not in rows[diagram]


def test_the_flag_is_said_by_check_and_under_the_figure_in_both_languages(capsys):
    """katra-be-16 (66 seeds where a katra be holds 64, replayed from the
    page's own artificial position): check prints the count under its row,
    and the figure's caption says it, in English and in French."""
    from mancala_diagrams.cli.main import main
    from mancala_diagrams.view.project import Project
    from conftest import ROOT
    path = "sources/katra-be/katra-be-rova-capture.yaml"
    assert (ROOT / path).is_file()
    import os
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        main(["check", path])
    finally:
        os.chdir(here)
    out = capsys.readouterr().out
    assert ("katra-be-16 holds 66 seeds (on the board, in hand and in reserve), where every position of a real "
            "game holds 64: no real game has this board") in out
    project = Project(ROOT)
    for lang, words in (("en", "katra-be-16 holds 66 seeds (on the board, in hand and in reserve), where every "
                               "position of a real game holds 64: no real game has this board."),
                        ("fr", "katra-be-16 compte 66 graines (sur le plateau, en main et en réserve), quand "
                               "toute position d’une vraie partie en compte 64\u00a0: aucune vraie partie n’a ce "
                               "plateau.")):
        figures = {f.id: f for f in project.example(ROOT / path, lang).figures}
        assert figures["katra-be-16"].caption.endswith(words)
