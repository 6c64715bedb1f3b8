"""Captions that name what the rules single out and tell the decisions.

Every expected sentence below is written by hand, from the rules and the
examples' sources: the special holes (tsibongy, rova, nyumba, the special hole
of katro bevohoka) named as such, the reserve seed of phase 1, captures sown
from a tsibongy (and whether the player chose it), the rova and nyumba choices,
the 2-seed rule of a lone nyumba, fotsiny turns, the set-up and the special
hole's choice, every reason a turn ends, turns begun before the diagram, and
assumptions.  French apostrophes are U+2019 and a no-break space comes before
``;`` and ``:``.
"""
from __future__ import annotations

from pathlib import Path

from mancala_diagrams.drawing.captions import describe_events, describe_position, describe_start
from mancala_diagrams.files.examples import ExampleLoader, replay_line
from mancala_diagrams.engine.geometry import CCW, CW
from mancala_diagrams.files.loader import RulesLibrary
from mancala_diagrams.engine.position import Position

ROOT = Path(__file__).resolve().parent.parent
LIBRARY = RulesLibrary(ROOT / "rules")
NB = "\u00a0"


def _example(rel):
    return ExampleLoader(LIBRARY).load(ROOT / "sources" / rel)


def caption(rel, diagram, lang):
    """The generated caption of one diagram (what happened since the previous one)."""
    ex = _example(rel)
    for line in ex.lines:
        rep = replay_line(ex, line)
        done = 0
        for d in line.diagrams:
            ev = rep.event(d)
            idx = next(i for i, e in enumerate(rep.events) if e is ev)
            run = rep.events[done:idx + 1]
            done = idx + 1
            if d.id == diagram:
                return describe_events(run, ex.rules.geometry, lang, following=rep.events[idx + 1:idx + 5],
                                       rules=ex.rules, start=ex.start)
    raise KeyError(diagram)


def turn_caption(rules_name, position, decisions, lang, start=None):
    """The caption of a whole turn played from *position*."""
    rules = LIBRARY.load(rules_name)
    position = rules.with_initial_state(position)
    events = []
    rules.play(position, decisions, events=events)
    return describe_events(events, rules.geometry, lang, rules=rules, start=start)


# -- the issue's sentence: tsibongy and rova named -----------------------------------------

def test_sowing_a_tsibongy_into_the_back_rova_ends_the_turn():
    rel = "katra-be/katra-be-rova-back.yaml"
    assert caption(rel, "katra-be-04", "en") == (
        "South sows the 5 seeds of the left tsibongy counterclockwise; the last falls into the back rova, "
        "so the turn ends.")
    assert caption(rel, "katra-be-04", "fr") == (
        f"Sud sème les 5 graines du tsibongy gauche dans le sens inverse des aiguilles d’une montre{NB}; "
        f"la dernière tombe dans le rova arrière{NB}: le tour s’arrête.")


# -- the rova ---------------------------------------------------------------------------------

def test_rova_choice_sow_takes_up_both_holes_and_the_rova_is_gone():
    rel = "katra-be/katra-be-rova-front.yaml"
    assert caption(rel, "katra-be-06", "en") == (
        "South sows the 4 seeds of the left tsibongy clockwise; the last falls into the front rova; "
        "South chooses to sow the whole rova on.")
    assert caption(rel, "katra-be-06", "fr") == (
        f"Sud sème les 4 graines du tsibongy gauche dans le sens des aiguilles d’une montre{NB}; la dernière "
        f"tombe dans le rova avant{NB}; Sud choisit de semer tout le rova à la suite.")
    # once sown, the rova is gone: e1 is an ordinary hole again
    assert caption(rel, "katra-be-07", "en") == (
        "South takes up the 11 seeds of the front rova and the 12 seeds of the back rova, and sows all 23 "
        "clockwise; the last falls into e1, which was not empty, so its seeds are taken up and sown on.")
    assert caption(rel, "katra-be-07", "fr") == (
        f"Sud prend les 11 graines du rova avant et les 12 graines du rova arrière, et sème les 23 dans le "
        f"sens des aiguilles d’une montre{NB}; la dernière tombe dans e1, qui n’était pas vide{NB}: on en "
        f"reprend les graines pour les semer à la suite.")


def test_rova_choice_stop_ends_the_turn():
    ex = _example("katra-be/katra-be-rova-front.yaml")
    en = turn_caption("katra-be", ex.start, [("rova", "stop")], "en")
    assert en == ("South sows the 4 seeds of the left tsibongy clockwise; the last falls into the front rova; "
                  "South chooses to stop there, so the turn ends.")
    fr = turn_caption("katra-be", ex.start, [("rova", "stop")], "fr")
    assert fr == (f"Sud sème les 4 graines du tsibongy gauche dans le sens des aiguilles d’une montre{NB}; "
                  f"la dernière tombe dans le rova avant{NB}; Sud choisit de s’arrêter là{NB}: le tour s’arrête.")


def test_a_turn_end_alone_says_why():
    ex = _example("katra-be/katra-be-rova-front.yaml")
    rules = ex.rules
    events = []
    rules.play(ex.start, [("rova", "stop")], events=events)
    assert describe_events(events[-1:], rules.geometry, "en", rules=rules) == (
        "South chooses to stop at the front rova: the turn ends.")
    assert describe_events(events[-1:], rules.geometry, "fr", rules=rules) == (
        f"Sud choisit de s’arrêter au rova avant{NB}: le tour s’arrête.")


def test_capturing_a_rova_takes_both_its_holes_and_the_player_chose_the_tsibongy():
    rel = "katra-be/katra-be-rova-capture.yaml"
    assert caption(rel, "katra-be-15", "en") == (
        "South sows the 3 seeds of the left tsibongy clockwise; the last falls into d2, which was not empty, "
        "so the seeds facing it are captured. South captures the 25 seeds of North’s rova (both its holes) "
        "and chooses to sow them from the right tsibongy (from the middle of the row either tsibongy may be "
        "chosen), counterclockwise towards the centre.")
    assert caption(rel, "katra-be-15", "fr").endswith(
        f"Sud capture les 25 graines du rova de Nord (ses deux cases) et choisit de les semer depuis le "
        f"tsibongy droit (depuis le milieu de la rangée, on peut choisir l’un ou l’autre tsibongy), dans le "
        f"sens inverse des aiguilles d’une montre, vers le centre.")


# -- phase 1: the reserve seed, fotsiny ------------------------------------------------------------

def test_placing_a_reserve_seed_then_a_fotsiny_turn():
    rel = "katra-be/katra-be-phase-1.yaml"
    assert caption(rel, "katra-be-19", "en") == "South to play, with 22 seeds in reserve."
    assert caption(rel, "katra-be-19", "fr") == "Sud joue, avec 22 graines en réserve."
    assert caption(rel, "katra-be-20", "en") == "South puts a seed from the reserve into f2, which then holds 3 seeds."
    assert caption(rel, "katra-be-20", "fr") == "Sud pose une graine de sa réserve dans f2, qui en contient alors 3."
    assert caption(rel, "katra-be-21", "en") == (
        "South’s lap ends in f2, which was not empty; nothing is captured at the turn’s first lap end, so the "
        "turn is fotsiny: it will capture nothing; its seeds are taken up and sown on. South sows the 3 seeds "
        "of f2 counterclockwise; the last falls into c2, which was empty, so the turn ends.")
    assert caption(rel, "katra-be-21", "fr").startswith(
        f"Le semis de Sud finit dans f2, qui n’était pas vide{NB}; rien n’est pris à la fin du premier semis du "
        f"tour, qui est donc fotsiny{NB}: il ne prendra rien{NB}; on en reprend les graines pour les semer à la "
        f"suite. ")


def test_a_reserve_seed_into_the_front_rova_captures_before_the_rova_choice():
    rel = "katra-be/katra-be-phase-1.yaml"
    assert caption(rel, "katra-be-22", "en") == (
        "North puts a seed from the reserve into the front rova, which then holds 4 seeds.")
    assert caption(rel, "katra-be-23", "en") == (
        "North’s lap ends in the front rova, which was not empty, so the seeds facing it are captured. "
        "North captures the seed of d2 and chooses to sow it from the left tsibongy (from the middle of the "
        "row either tsibongy may be chosen), clockwise towards the centre.")
    assert caption(rel, "katra-be-23", "fr") == (
        f"Le semis de Nord finit dans le rova avant, qui n’était pas vide{NB}: les graines d’en face sont "
        f"capturées. Nord capture la graine de d2 et choisit de la semer depuis le tsibongy gauche (depuis le "
        f"milieu de la rangée, on peut choisir l’un ou l’autre tsibongy), dans le sens des aiguilles d’une "
        f"montre, vers le centre.")


def test_capture_near_an_end_goes_to_that_tsibongy_without_a_choice():
    rel = "katra-fandatsaka/katra-fandatsaka-tsibongy.yaml"
    assert caption(rel, "katra-fandatsaka-own-05", "en") == (
        "South puts a seed from the reserve into g2, which then holds 2 seeds; the seeds facing it are "
        "captured. South captures the 4 seeds of g3 and sows them from the right tsibongy, the one at that "
        "end of the row, counterclockwise towards the centre.")
    assert caption(rel, "katra-fandatsaka-own-05", "fr") == (
        f"Sud pose une graine de sa réserve dans g2, qui en contient alors 2{NB}; les graines d’en face sont "
        f"capturées. Sud capture les 4 graines de g3 et les sème depuis le tsibongy droit, celui de ce bout de "
        f"la rangée, dans le sens inverse des aiguilles d’une montre, vers le centre.")


def test_fotsiny_spares_the_seeds_a_capture_would_take():
    rel = "katra-fandatsaka/katra-fandatsaka-fotsiny.yaml"
    assert caption(rel, "katra-fandatsaka-own-12", "en") == (
        "South sows the 4 seeds of f1 counterclockwise; the last falls into g2, which faces the 8 seeds of "
        "g3, but the turn is fotsiny (it did not begin with a capture), so nothing is captured; its seeds are "
        "taken up and sown on.")
    assert caption(rel, "katra-fandatsaka-own-12", "fr") == (
        f"Sud sème les 4 graines de f1 dans le sens inverse des aiguilles d’une montre{NB}; la dernière tombe "
        f"dans g2, face aux 8 graines de g3, mais le tour est fotsiny (il n’a pas commencé par une prise)"
        f"{NB}: rien n’est pris{NB}; on en reprend les graines pour les semer à la suite.")


# -- turns under way and assumptions ---------------------------------------------------------------

def test_a_capture_in_a_turn_begun_before_the_diagram_names_its_assumption():
    rel = "katra-be/katra-be-rova-front.yaml"
    assert caption(rel, "katra-be-11", "en") == (
        "South captures the 2 seeds of b3 and sows them from the left tsibongy, the one at that end of the "
        "row, clockwise towards the centre (the turn is taken to have begun with a capture, as assumed "
        "above); the last falls into b2, which was not empty, so its seeds are taken up and sown on.")
    assert "(on suppose, comme indiqué plus haut, que le tour a commencé par une prise)" in \
        caption(rel, "katra-be-11", "fr")


def test_start_of_a_turn_under_way():
    rel = "katra-be/katra-be-rova-back.yaml"
    assert caption(rel, "katra-be-03", "en") == (
        "A turn under way: South’s lap going counterclockwise has just ended in the left tsibongy, "
        "which now holds 5 seeds.")
    assert caption(rel, "katra-be-03", "fr") == (
        f"Un tour en cours{NB}: le semis de Sud, dans le sens inverse des aiguilles d’une montre, vient de "
        f"finir dans le tsibongy gauche, qui contient maintenant 5 graines.")


def test_start_captions_say_what_rests_on_assumptions():
    rules = LIBRARY.load("katra-be")
    pos = rules.with_initial_state(Position.from_text(
        "0,0,0,9,0,0,0,1/0,2,2,16,0,0,0,0/4,1,2,1,10,2,2,0/0,0,0,0,12,0,0,0 south hand=3@b2:cw fotsiny=yes"))
    assert describe_start(pos, "en", rules, assumed=True) == (
        "A turn under way: South holds 3 seeds in hand, to sow clockwise, the first into b2. The turn began "
        "without a capture (fotsiny): it captures nothing. The steps rest on the assumptions stated above.")
    assert describe_start(pos, "fr", rules, artificial=True) == (
        f"Un tour en cours{NB}: Sud a 3 graines en main, à semer dans le sens des aiguilles d’une montre, la "
        f"première dans b2. Le tour a commencé sans prise (fotsiny){NB}: il ne prend rien. Une position "
        f"construite pour montrer la règle, selon les hypothèses énoncées plus haut.")


# -- the nyumba ------------------------------------------------------------------------------------

NYUMBA_PHASE_1 = Position.from_text(
    "2,2,2,2,2,2/0,0,0,0,2,2/2,0,0,3,0,0/1,1,1,1,1,1 south reserve=5:5")


def test_nyumba_choice_stop():
    decisions = [("place", NYUMBA_PHASE_1.geometry.parse("a2")), ("direction", CW), ("nyumba", "stop")]
    assert turn_caption("mraha-wa-ntso-6", NYUMBA_PHASE_1, decisions, "en") == (
        "South puts a seed from the reserve into the left tsibongy, which then holds 3 seeds; nothing is "
        "captured at the "
        "turn’s first lap end, so the turn is a trakatra: it will capture nothing; its seeds are taken up and "
        "sown on. South sows the 3 seeds of the left tsibongy clockwise; the last falls into the nyumba; South chooses to "
        "stop there, so the turn ends.")
    assert turn_caption("mraha-wa-ntso-6", NYUMBA_PHASE_1, decisions, "fr").endswith(
        f"Sud sème les 3 graines du tsibongy gauche dans le sens des aiguilles d’une montre{NB}; la dernière tombe dans la "
        f"nyumba{NB}; Sud choisit de s’arrêter là{NB}: le tour s’arrête.")


def test_nyumba_choice_sow():
    decisions = [("place", NYUMBA_PHASE_1.geometry.parse("a2")), ("direction", CW), ("nyumba", "sow")]
    text = turn_caption("mraha-wa-ntso-6", NYUMBA_PHASE_1, decisions, "en")
    assert ("the last falls into the nyumba; South chooses to sow its seeds on. "
            "South sows the 4 seeds of the nyumba clockwise;") in text
    text = turn_caption("mraha-wa-ntso-6", NYUMBA_PHASE_1, decisions, "fr")
    assert f"la dernière tombe dans la nyumba{NB}; Sud choisit d’en semer les graines à la suite." in text


def test_a_lone_nyumba_gives_only_two_seeds():
    rel = "mraha-wa-ntso/mraha-wa-ntso-nyumba-alone-8.yaml"
    assert caption(rel, "mraha-wa-ntso-04", "en") == (
        "South’s lap ends in the nyumba, which was not empty; nothing is captured at the turn’s first lap "
        "end, so the turn is a trakatra: it will capture nothing; the nyumba is alone in the inner row, so only "
        "2 of its seeds are taken up and sown on. South takes 2 of the 14 seeds of the nyumba and sows them "
        "counterclockwise; the last falls into c2, which was empty, so the turn ends.")
    assert f"la nyumba est seule dans la rangée intérieure{NB}: on n’en prend que 2 graines pour les semer à " \
        f"la suite. Sud prend 2 des 14 graines de la nyumba et les sème" in caption(rel, "mraha-wa-ntso-04", "fr")


def test_nyumba_in_phase_2_is_an_ordinary_relay():
    # m'raha wa ntso's nyumba is special in phase 1 only: no choice is asked here
    rel = "mraha-wa-ntso/mraha-wa-ntso-relay-facing-empty-hole.yaml"
    assert caption(rel, "mraha-wa-ntso-18", "en") == (
        "South sows the 4 seeds in hand clockwise, the first into the left tsibongy; the last falls into the "
        "nyumba, which was not empty, so its seeds are taken up and sown on.")


def test_emptying_the_opponents_inner_row_wins_at_once():
    rel = "mraha-wa-ntso/mraha-wa-ntso-capture-from-tsibongy.yaml"
    assert caption(rel, "mraha-wa-ntso-23", "en") == (
        "South sows the 9 seeds in hand clockwise, the first into the left tsibongy; the last falls into d1; "
        "North’s inner row is now empty, so South wins.")
    assert caption(rel, "mraha-wa-ntso-23", "fr") == (
        f"Sud sème les 9 graines en main dans le sens des aiguilles d’une montre, la première dans le tsibongy "
        f"gauche{NB}; la dernière tombe dans d1{NB}; la rangée intérieure de Nord est maintenant vide{NB}: "
        f"Sud gagne.")


# -- katro bevohoka: the special hole --------------------------------------------------------------

def test_the_set_up_turn():
    rel = "katro-bevohoka/katro-bevohoka-true-start.yaml"
    assert caption(rel, "katro-bevohoka-03", "en") == (
        "South chooses f2 as the special hole and sows its 2 seeds counterclockwise; the last falls into d2; "
        "the set-up turn ends there.")
    assert caption(rel, "katro-bevohoka-03", "fr") == (
        f"Sud choisit f2 comme case spéciale et en sème les 2 graines dans le sens inverse des aiguilles d’une "
        f"montre{NB}; la dernière tombe dans d2{NB}; le tour de mise en place s’arrête là.")


def test_a_lap_ending_in_the_special_hole_lets_the_player_pick_another_hole():
    rel = "katro-bevohoka/katro-bevohoka-lap-ends-in-special-hole.yaml"
    assert caption(rel, "katro-bevohoka-19", "en") == (
        "South drops the last seed into the special hole, so South picks another hole to sow on.")
    assert caption(rel, "katro-bevohoka-20", "en") == (
        "South picks f1 and sows its single seed counterclockwise; the last falls into the special hole, so "
        "South picks another hole to sow on.")
    assert caption(rel, "katro-bevohoka-20", "fr") == (
        f"Sud choisit f1 et en sème la graine dans le sens inverse des aiguilles d’une montre{NB}; la dernière "
        f"tombe dans la case spéciale{NB}: Sud choisit une autre case pour semer à la suite.")


def test_filling_the_special_hole_wins():
    pos = Position.from_text("0,0,0,0,0,23/0,0,0,0,0,1 south solo target.south=f2 direction.south=ccw")
    decisions = [("start", (pos.geometry.parse("f1"), CCW))]
    assert turn_caption("katro-bevohoka-6", pos, decisions, "en") == (
        "South sows the seed of f1 counterclockwise; the last falls into the special hole, which now holds "
        "all of South’s seeds: the game is won.")
    assert turn_caption("katro-bevohoka-6", pos, decisions, "fr") == (
        f"Sud sème la graine de f1 dans le sens inverse des aiguilles d’une montre{NB}; la dernière tombe dans "
        f"la case spéciale, qui contient maintenant toutes les graines de Sud{NB}: la partie est gagnée.")


def test_variant_special_hole_marked_and_a_lap_ending_there_ends_the_turn():
    pos = Position.from_text("0,0,0,0,1,2/0,0,0,0,0,1 south solo")
    g = pos.geometry
    decisions = [("target", g.parse("f2")), ("start", (g.parse("f1"), CCW))]
    assert turn_caption("katro-bevohoka-tananarive-6", pos, decisions, "en") == (
        "South chooses f2 as the special hole, which keeps its seeds. South sows the seed of f1 "
        "counterclockwise; the last falls into the special hole, which ends the turn.")
    assert turn_caption("katro-bevohoka-tananarive-6", pos, decisions, "fr") == (
        f"Sud choisit f2 comme case spéciale, qui garde ses graines. Sud sème la graine de f1 dans le sens "
        f"inverse des aiguilles d’une montre{NB}; la dernière tombe dans la case spéciale, ce qui termine le "
        f"tour.")


def test_a_whole_game_in_one_diagram_reads_turn_by_turn():
    ex = _example("katro-bevohoka/katro-bevohoka-filling-the-special-hole.yaml")
    rep = replay_line(ex, ex.lines[0])
    en = describe_events(rep.events, ex.rules.geometry, "en", rules=ex.rules, start=ex.start)
    assert en.startswith(
        "Turn 1: South chooses f2 as the special hole and sows its 2 seeds counterclockwise; the last falls "
        "into d2; the set-up turn ends there. Turn 2: South sows from e1 counterclockwise, 35 laps in all, "
        "picking another hole 17 times after a lap ended in the special hole; at the end, the last falls "
        "into a2, which was empty, so the turn ends. ")
    assert en.endswith("the last falls into the special hole, which now holds all of South’s seeds: the game "
                       "is won.")
    fr = describe_events(rep.events, ex.rules.geometry, "fr", rules=ex.rules, start=ex.start)
    assert fr.startswith(f"Tour 1{NB}: Sud choisit f2 comme case spéciale")
    assert f"Tour 2{NB}: Sud sème depuis e1 dans le sens inverse des aiguilles d’une montre, 35 semis en tout, " \
        f"en choisissant 17 fois une autre case après un semis fini dans la case spéciale{NB}; à la fin, " in fr


# -- alt text ----------------------------------------------------------------------------------------

def test_alt_text_names_the_special_holes():
    rules = LIBRARY.load("katra-be")
    pos = rules.initial_position()
    g = pos.geometry
    special = rules.special_holes_at(pos)
    en = describe_position(pos, "en", highlights={"special": special}, rules=rules)
    # the rova and the tsibongy (the end holes of each inner row; North's right is South's left)
    assert ("Special holes: d4 (North’s back rova), a3 (North’s right tsibongy), d3 (North’s front rova), "
            "h3 (North’s left tsibongy), a2 (South’s left tsibongy), e2 (South’s front rova), "
            "h2 (South’s right tsibongy) and e1 (South’s back rova).") in en
    assert en.startswith("A board of 4 rows of 8 holes")
    fr = describe_position(pos, "fr", highlights={"special": special}, rules=rules)
    assert (f"Cases spéciales{NB}: d4 (le rova arrière de Nord), a3 (le tsibongy droit de Nord), d3 (le rova "
            f"avant de Nord), h3 (le tsibongy gauche de Nord), a2 (le tsibongy gauche de Sud), e2 (le rova avant "
            f"de Sud), h2 (le tsibongy droit de Sud) et e1 (le rova arrière de Sud).") in fr
    assert g.parse("e1") in special


def test_m_raha_wa_ntso_calls_a_turn_without_capture_a_trakatra():
    rel = "mraha-wa-ntso/mraha-wa-ntso-fotsiny.yaml"
    assert caption(rel, "mraha-wa-ntso-26", "en") == (
        "South sows the 3 seeds of e1 counterclockwise; the last falls into e2, which faces the 5 seeds of e3, "
        "but the turn is a trakatra (it did not begin with a capture), so nothing is captured; its seeds are "
        "taken up and sown on.")
    assert caption(rel, "mraha-wa-ntso-26", "fr") == (
        f"Sud sème les 3 graines d’e1 dans le sens inverse des aiguilles d’une montre{NB}; la dernière tombe "
        f"dans e2, face aux 5 graines d’e3, mais le tour est un trakatra (il n’a pas commencé par une prise)"
        f"{NB}: rien n’est pris{NB}; on en reprend les graines pour les semer à la suite.")
