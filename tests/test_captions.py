"""Captions and alt text, in English and French, from the engine's trace.

The expected sentences are written by hand from the published katro page
(what the source says happens at each diagram), not produced by the code.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from mancala_diagrams.drawing.captions import (describe_events, describe_moment, describe_position, erratum_points,
                                               group_digits, legend_text)
from mancala_diagrams.files.examples import ExampleLoader, replay_line
from mancala_diagrams.files.loader import RulesLibrary
from mancala_diagrams.engine.position import Position

ROOT = Path(__file__).resolve().parent.parent
NB = "\u00a0"


def steps(name):
    """{diagram id: (events since the previous diagram, following events)}."""
    loader = ExampleLoader(RulesLibrary(ROOT / "rules"))
    example = loader.load(ROOT / "sources" / "katro" / f"{name}.yaml")
    out, done = {}, 0
    for line in example.lines:
        rep = replay_line(example, line)
        for d in line.diagrams:
            ev = rep.event(d)
            idx = next(i for i, e in enumerate(rep.events) if e is ev)
            out[d.id] = (rep.events[done:idx + 1], rep.events[idx + 1:idx + 3])
            done = idx + 1
    return example.rules.geometry, out


def caption(name, diagram, lang):
    g, s = steps(name)
    events, following = s[diagram]
    return describe_events(events, g, lang, following=following)


def test_a_whole_lap_that_ends_in_an_empty_hole():
    # katro-21: "Sud rejoue encore, en semant ces 3 graines" ... "tombée dans une case jusqu'alors vide"
    assert caption("katro-capture-from-inner-row", "katro-21", "en") == (
        "South sows the 3 seeds of d1 clockwise; the last falls into a1, which was empty, so the turn ends.")
    assert caption("katro-capture-from-inner-row", "katro-21", "fr") == (
        f"Sud sème les 3 graines de d1 dans le sens des aiguilles d’une montre{NB}; la dernière tombe "
        f"dans a1, qui était vide{NB}: le tour s’arrête.")


def test_taking_the_seeds_in_hand_then_one_seed_at_a_time():
    assert caption("katro-lap-ends-in-empty-hole", "katro-07", "en") == "South takes the 3 seeds of a1 in hand."
    assert caption("katro-lap-ends-in-empty-hole", "katro-08", "en") == "South drops a seed into a2."
    assert caption("katro-lap-ends-in-empty-hole", "katro-10", "en") == (
        "South drops the last seed into c2, which was empty, so the turn ends.")
    assert caption("katro-lap-ends-in-empty-hole", "katro-07", "fr") == "Sud prend en main les 3 graines d’a1."


def test_capture_then_merge():
    assert caption("katro-capture-from-inner-row", "katro-18", "en") == "South captures the 2 seeds of b3."
    # katro-19: "puis il les ajoute aux siennes" -> b2 holds 7
    assert caption("katro-capture-from-inner-row", "katro-19", "en") == (
        "South adds them to the seeds of b2, which now holds 7 seeds.")
    assert caption("katro-capture-from-inner-row", "katro-19", "fr") == (
        "Sud les ajoute aux graines de b2, qui en contient maintenant 7.")


def test_relay_in_the_outer_row():
    text = caption("katro-relay-in-outer-row", "katro-13", "en")
    assert text.endswith("the last falls into c1, which was not empty, so its seeds are taken up and sown on.")


def test_gorobaka_captures_two_holes():
    # katro-42 shows both of North's holes of column b emptied and b2 holding 7
    assert caption("katro-gorobaka-first-turn", "katro-42", "en") == (
        "South captures the 4 seeds of b3 and b4. South adds them to the seeds of b2, which now holds 7 seeds.")


def test_alt_text_states_the_position_row_by_row():
    pos = Position.from_text("2,0,5/4,1,0/0,3,1/3,2,4 north")
    en = describe_position(pos, "en", highlights={"last": [pos.geometry.parse("c2")]})
    assert en == ("A board of 4 rows of 3 holes, read from South’s left to right. "
                  "North’s outer row: 2, empty, 5. North’s inner row: 4, 1, empty. "
                  "South’s inner row: empty, 3, 1. South’s outer row: 3, 2, 4. Last seed: c2. North to play.")
    fr = describe_position(pos, "fr")
    assert fr.startswith("Un plateau de 4 rangées de 3 cases")
    assert f"Rangée extérieure de Nord{NB}: 2, vide, 5." in fr and fr.endswith("Nord joue.")
    assert "'" not in fr


def test_alt_text_of_a_solo_board_with_hand_and_reserve():
    pos = Position.from_text("0,3/3,0 south solo reserve=4:0 hand=2@a1:ccw")
    en = describe_position(pos, "en")
    assert "Inner row: empty, 3." in en and "Outer row: 3, empty." in en
    assert "South has 4 seeds in reserve." in en and "South holds 2 seeds in hand." in en


def test_legend_and_unknown_language():
    assert "blue" in legend_text("last", "en") and "bleu" in legend_text("last", "fr")
    with pytest.raises(ValueError):
        legend_text("last", "de")


def test_an_erratum_reason_written_in_lower_case_starts_its_sentence_in_the_errata_list():
    # a reason may be written to follow a colon (the list of errata); in the evidence it is a sentence
    record = {"diff": [{"hole": "d1", "published": 1, "replay": None}], "example": "sources/ex.yaml",
              "at": "end", "reason": {"en": "from diagram 15 the turn has no decision left.",
                                      "fr": "écart de la page : la graine reste en d1."}}
    assert erratum_points(record, "en") == ["Replayed: sources/ex.yaml, at end.",
                                            "1 hole differs: d1 (published: 1, replayed: empty).",
                                            "From diagram 15 the turn has no decision left."]
    assert erratum_points(record, "fr")[1:] == [f"1 case diffère{NB}: d1 (publié{NB}: 1, rejoué{NB}: vide).",
                                                "Écart de la page : la graine reste en d1."]


def test_the_evidence_of_an_erratum_in_the_words_and_numbers_of_its_language():
    """The errata page's evidence: moments in words, holes named as the board
    labels them, long numbers grouped as the language writes them."""
    record = {"diff": [{"hole": "a1", "row": 3, "column": 0, "published": 3, "replay": 5}],
              "example": "sources/ex.yaml", "at": "turn 3 lap 23 end", "reason": {"en": "Two seeds missing."},
              "evidence": {"en": "searched from the start (katro-15, lap 2 merge), 1 turn, at most 1000000 "
                                 "positions: 401 distinct positions, 13069 boards compared",
                           "fr": "recherche depuis le départ (katro-15, lap 2 merge), 1 tour, au plus 1000000 "
                                 "positions : 401 positions distinctes, 13069 plateaux comparés"}}
    en = erratum_points(record, "en", name=lambda d: "ABCDEF"[d["column"]])
    assert en[0] == "Replayed: sources/ex.yaml, at turn 3, lap 23, end."
    assert en[1] == "1 hole differs: A (published: 3, replayed: 5)."
    assert en[3] == ("Evidence: searched from the start (katro-15, lap 2, captured seeds added), 1 turn, at most "
                     "1,000,000 positions: 401 distinct positions, 13,069 boards compared.")
    fr = erratum_points(record, "fr")
    assert fr[0] == f"Rejoué{NB}: sources/ex.yaml, moment{NB}: tour 3, semis 23, fin."
    assert "(katro-15, semis 2, graines prises ajoutées)" in fr[3] and "lap" not in fr[3]
    assert "au plus 1\u202f000\u202f000 positions" in fr[3] and "13\u202f069 plateaux" in fr[3]
    assert describe_moment("drop 2", "en") == "seed 2 dropped" and describe_moment("start", "fr") == "départ"
    assert group_digits("in 1909, 12345 seeds", "en") == "in 1909, 12,345 seeds"      # a year is left alone
