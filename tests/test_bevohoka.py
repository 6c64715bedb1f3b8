"""Katro bevohoka: the special hole (block ``target-hole``), one-player boards,
the two-player race, the Tananarive variant, and the worked examples.

Every hand-made test gives the board before, one move, and the whole board
after, worked out by hand from the source's rules (not produced by the code).
Boards are written top first: on a one-player board the inner row (rank 2) is
on top and the outer row (rank 1) below; South sows counterclockwise: along
the outer row from left to right, then along the inner row from right to left.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mancala_diagrams.engine.turn import run_turn, turn_generator
from mancala_diagrams.errors import IllegalMove, MancalaError, RulesError
from mancala_diagrams.files.examples import ExampleLoader, replay
from mancala_diagrams.engine.geometry import CCW, CW, NORTH, SOUTH
from mancala_diagrams.files.loader import RulesLibrary
from mancala_diagrams.engine.position import Position

ROOT = Path(__file__).resolve().parent.parent
LIB = RulesLibrary(ROOT / "rules")


def rules(name="katro-bevohoka-6"):
    return LIB.load(name)


def pos(rows, *, solo=True, to_move=SOUTH, **state):
    """A position from literal rows (top first) and state such as target__south='f2'."""
    p = Position.from_rows([[int(v) for v in r.split()] for r in rows], solo=solo, to_move=to_move)
    return p.with_state(**state)


def rows_of(p):
    return [" ".join(str(v) for v in r) for r in p.rows(empty=0)]


def h(name, r=None):
    return (r or rules()).geometry.parse(name)


SET_UP = dict(target__south="f2", direction__south="ccw")


# -- the set-up ------------------------------------------------------------------------------

def test_setup_sows_the_special_hole_once_and_ends_the_turn():
    r = rules()
    start = r.initial_position()
    assert rows_of(start) == ["2 2 2 2 2 2", "2 2 2 2 2 2"]
    after = r.play(start, [("target", h("f2")), ("direction", CCW)])
    # f2's two seeds go to e2 and d2, which were full: no relay, the set-up stops there
    assert rows_of(after) == ["2 2 2 3 3 0", "2 2 2 2 2 2"]
    assert after.get("target.south") == "f2"
    assert after.get("direction.south") == "ccw"
    assert after.to_move == SOUTH


def test_setup_trace_names_the_special_hole_and_ends_with_reason_setup():
    r = rules()
    events = []
    r.play(r.initial_position(), [("target", h("f2")), ("direction", CCW)], events=events)
    assert [e.kind for e in events if e.kind != "drop"] == ["start", "choice", "pickup", "lap_end", "turn_end"]
    choice = next(e for e in events if e.kind == "choice")
    assert (choice.holes, choice.count, choice.reason, choice.direction) == ((h("f2"),), 2, "target", CCW)
    assert events[-1].reason == "setup"


def test_setup_clockwise_from_an_outer_hole():
    r = rules()
    after = r.play(r.initial_position(), [("target", h("a1")), ("direction", CW)])
    # clockwise from a1: up into a2, then b2
    assert rows_of(after) == ["3 3 2 2 2 2", "0 2 2 2 2 2"]
    assert after.get("target.south") == "a1"
    assert after.get("direction.south") == "cw"


def test_setup_asks_the_special_hole_first_among_all_holes():
    r = rules()
    gen = turn_generator(r, r.initial_position(), 1, [])
    ask = next(gen)
    assert ask.kind == "target" and ask.rule == "target-hole"
    assert len(ask.options) == 12


# -- ordinary turns ------------------------------------------------------------------------------

def test_turn_may_not_start_from_the_special_hole():
    r = rules()
    p = pos(["2 2 2 3 3 4", "2 2 2 2 2 2"], **SET_UP)
    starts = {hole for hole, _ in r.openings(p)}
    assert h("f2") not in starts and h("e2") in starts and len(starts) == 11
    with pytest.raises(IllegalMove, match="not allowed"):
        r.play(p, [("start", (h("f2"), CCW))])


def test_direction_is_kept_for_the_whole_game():
    r = rules()
    p = pos(["2 2 2 3 3 0", "2 2 2 2 2 2"], **SET_UP)
    assert {d for _, d in r.openings(p)} == {CCW}
    with pytest.raises(IllegalMove):
        r.play(p, [("start", (h("a1"), CW))])


def test_lap_ending_in_an_empty_ordinary_hole_ends_the_turn():
    r = rules()
    p = pos(["0 3 3 0 3 4", "3 3 3 2 0 0"], **SET_UP)
    after = r.play(p, [("start", (h("c1"), CCW))])
    assert rows_of(after) == ["0 3 3 0 3 4", "3 3 0 3 1 1"]


def test_lap_ending_in_a_full_ordinary_hole_relays():
    r = rules()
    p = pos(["3 3 3 0 3 4", "2 2 2 2 0 0"], **SET_UP)
    after = r.play(p, [("start", (h("a2"), CCW))])
    # a2's 3 seeds: a1, b1, c1 (had 2: relay with 3): d1, e1, f1 (empty: the end)
    assert rows_of(after) == ["0 3 3 0 3 4", "3 3 0 3 1 1"]


def test_lap_ending_in_the_special_hole_lets_the_player_choose_and_go_on():
    r = rules()
    p = pos(["0 3 3 0 3 5", "3 3 0 3 1 0"], **SET_UP)
    gen = turn_generator(r, p, 1, [])
    next(gen)
    ask = gen.send((h("d1"), CCW))      # d1: e1, f1, then f2 (the special hole)
    assert ask.kind == "hole" and ask.rule == "target-hole"
    # any non-empty ordinary hole, never the special hole
    assert set(ask.options) == {h(n) for n in ("b2", "c2", "e2", "a1", "b1", "e1", "f1")}
    after = r.play(p, [("start", (h("d1"), CCW)), ("hole", h("f1")), ("hole", h("e1")),
                       ("hole", h("f1")), ("hole", h("e2"))])
    assert rows_of(after) == ["1 0 4 1 0 9", "4 4 1 0 0 0"]


def test_choices_after_the_special_hole_are_recorded_in_the_trace():
    r = rules()
    p = pos(["0 3 3 0 3 5", "3 3 0 3 1 0"], **SET_UP)
    events = []
    r.play(p, [("start", (h("d1"), CCW)), ("hole", h("f1")), ("hole", h("e1")), ("hole", h("f1")),
               ("hole", h("e2"))], events=events)
    choices = [(e.lap, e.holes, e.count, e.reason) for e in events if e.kind == "choice"]
    # each lap ending in f2 is followed by the hole South chooses, with its seeds
    assert choices == [(1, (h("f1"),), 1, "special-hole"), (2, (h("e1"),), 2, "special-hole"),
                       (3, (h("f1"),), 1, "special-hole"), (4, (h("e2"),), 3, "special-hole")]
    assert [e.reason for e in events if e.kind == "turn_end"] == ["empty-hole"]


def test_lap_ending_in_the_empty_special_hole_still_lets_the_player_choose():
    r = rules()
    p = pos(["2 2 2 3 3 0", "2 2 2 2 2 2"], **SET_UP)
    gen = turn_generator(r, p, 1, [])
    next(gen)
    ask = gen.send((h("e1"), CCW))      # e1's 2 seeds: f1, then f2, which was empty
    assert ask.kind == "hole"
    after = r.play(p, [("start", (h("e1"), CCW)), ("hole", h("e2"))])
    # e2's 3 seeds: d2, c2, b2 (had 2: relay with 3): a2, a1, b1 (had 2: relay with 3): c1, d1, e1 (empty)
    assert rows_of(after) == ["3 0 3 4 0 1", "3 0 3 3 1 3"]


def test_special_hole_holding_every_seed_ends_the_turn_and_wins():
    r = rules()
    p = pos(["0 0 0 0 0 23", "0 0 0 0 0 1"], **SET_UP)
    after = r.play(p, [("start", (h("f1"), CCW))])
    assert rows_of(after) == ["0 0 0 0 0 24", "0 0 0 0 0 0"]
    assert r.outcome(after) == {"winner": SOUTH, "reason": "target-full"}
    assert r.outcome(p) is None


def test_special_holes_are_reported_for_drawings():
    r = rules()
    assert r.special_holes_at(r.initial_position()) == []
    assert r.special_holes_at(pos(["2 2 2 3 3 0", "2 2 2 2 2 2"], **SET_UP)) == [h("f2")]


# -- one-player boards and widths ------------------------------------------------------------------

@pytest.mark.parametrize("columns", range(2, 9))
def test_one_player_board_of_each_width(columns):
    r = rules(f"katro-bevohoka-{columns}")
    g = r.geometry
    assert g.solo and g.columns == columns and g.rows == 2
    start = r.initial_position()
    assert start.seeds == 4 * columns
    assert Position.from_text(start.to_text()) == start
    assert "solo" in start.to_text()


def test_two_column_setup_by_hand():
    r = rules("katro-bevohoka-2")
    after = r.play(r.initial_position(), [("target", r.geometry.parse("b2")), ("direction", CCW)])
    # b2 -> a2 -> a1
    assert rows_of(after) == ["3 0", "3 2"]


def test_solo_position_text_round_trips_with_state():
    p = pos(["0 3 3 0 3 5", "3 3 0 3 1 0"], **SET_UP)
    assert p.to_text() == "0,3,3,0,3,5/3,3,0,3,1,0 south solo direction.south=ccw target.south=f2"
    assert Position.from_text(p.to_text()) == p


def test_board_with_three_players_is_refused(tmp_path):
    (tmp_path / "bad.yaml").write_text("rules: bad\nboard: {columns: 6, players: 3}\n"
                                       "start: {seeds_per_hole: 2}\nmechanics: {choose-hole: {}, relay: {}}\n")
    with pytest.raises(RulesError, match=r"players must be 1 .* or 2") as exc:
        RulesLibrary(tmp_path).load("bad")
    assert exc.value.line == 2


def test_target_hole_refuses_capture(tmp_path):
    (tmp_path / "bad.yaml").write_text(
        "rules: bad\nboard: {columns: 6}\nstart: {seeds_per_hole: 2}\n"
        "mechanics: {target-hole: {}, choose-hole: {}, capture: {}, mandry: {}, relay: {}}\n")
    with pytest.raises(RulesError, match="without capture"):
        RulesLibrary(tmp_path).load("bad")


# -- two players racing ----------------------------------------------------------------------------

def test_duel_players_set_up_in_turn_and_never_capture():
    r = rules("katro-bevohoka-duel-6")
    g = r.geometry
    p = r.play(r.initial_position(), [("target", g.parse("f2")), ("direction", CCW)])
    assert p.to_move == NORTH
    # North's special hole: North's inner row, North's right = South's left: a3
    p = r.play(p, [("target", g.parse("a3")), ("direction", CCW)])
    assert rows_of(p) == ["2 2 2 2 2 2", "0 3 3 2 2 2", "2 2 2 3 3 0", "2 2 2 2 2 2"]
    assert p.to_move == SOUTH
    # South: e1's 2 seeds go to f1 and f2 (the special hole, empty): South chooses c2, whose
    # 2 seeds go to b2 and a2 (full: relay with 3) a1, b1, c1 (full: relay with 3) d1, e1, f1
    # (full: relay with 4) f2, e2, d2, c2 (empty: the end).  b2 and a2 face North's seeds,
    # but nothing is ever captured.
    after = r.play(p, [("start", (g.parse("e1"), CCW)), ("hole", g.parse("c2"))])
    assert rows_of(after) == ["2 2 2 2 2 2", "0 3 3 2 2 2", "0 3 1 4 4 2", "3 3 0 3 1 0"]
    assert after.to_move == NORTH


def test_duel_first_to_fill_wins():
    r = rules("katro-bevohoka-duel-6")
    p = pos(["2 2 2 2 2 2", "0 3 3 2 2 2", "0 0 0 0 0 24", "0 0 0 0 0 0"], solo=False, to_move=NORTH,
            target__south="f2", target__north="a3", direction__south="ccw", direction__north="ccw")
    assert r.outcome(p) == {"winner": SOUTH, "reason": "target-full"}


# -- the Tananarive variant ------------------------------------------------------------------------

def test_tananarive_special_hole_keeps_its_seeds_and_the_turn_goes_on():
    r = rules("katro-bevohoka-tananarive-6")
    # naming f2 does not sow it; the same turn goes on: d1 clockwise: c1, b1 (had 2: relay with 3)
    # a1, a2, b2 (relay with 3) c2, d2, e2 (relay with 3) f2, f1, e1 (relay with 3) d1, c1, b1 (empty)
    after = r.play(r.initial_position(), [("target", h("f2", r)), ("start", (h("d1", r), CW))])
    assert rows_of(after) == ["3 0 3 3 0 3", "3 1 4 1 0 3"]
    assert after.get("target.south") == "f2"
    assert "direction.south" not in dict(after.state)


def test_tananarive_lap_ending_in_the_special_hole_ends_the_turn():
    board = ["2 2 2 2 2 2", "2 2 2 2 0 1"]
    r = rules("katro-bevohoka-tananarive-6")
    after = r.play(pos(board, target__south="f2"), [("start", (h("f1", r), CCW))])
    assert rows_of(after) == ["2 2 2 2 2 3", "2 2 2 2 0 0"]
    # the same lap under the Ambohimanga rules asks for a hole to go on with
    gen = turn_generator(rules(), pos(board, **SET_UP), 1, [])
    next(gen)
    assert gen.send((h("f1"), CCW)).kind == "hole"


def test_tananarive_read_literally_sows_the_special_hole_on_like_any_full_hole():
    """on_target: relay: a lap ending in the special hole is an ordinary lap
    end.  f1's seed makes 3 in f2, which is sown on: e2 d2 c2 (had 2: relay
    with 3) b2 a2 a1 (relay with 3) b1 c1 d1 (relay with 3) e1 f1 f2, which
    was empty now: the turn ends there, as at any empty hole."""
    r = rules("katro-bevohoka-tananarive-relay-6")
    events = []
    after = r.play(pos(["2 2 2 2 2 2", "2 2 2 2 0 1"], target__south="f2"), [("start", (h("f1", r), CCW))],
                   events=events)
    assert rows_of(after) == ["3 3 0 3 3 1", "0 3 3 0 1 1"]
    assert [(e.reason, e.rule) for e in events if e.kind == "turn_end"] == [("empty-hole", "mandry")]
    assert after.get("target.south") == "f2"


def test_tananarive_direction_is_chosen_each_turn():
    r = rules("katro-bevohoka-tananarive-6")
    p = pos(["2 2 2 2 2 2", "2 2 2 2 2 2"], target__south="f2")
    assert {d for _, d in r.openings(p)} == {CW, CCW}
    assert h("f2", r) not in {hole for hole, _ in r.openings(p)}


# -- the worked examples ---------------------------------------------------------------------------

def test_examples_of_every_published_diagram_verify():
    from mancala_diagrams.files.verify import Verifier
    v = Verifier(ROOT)
    results = v.verify(sorted((ROOT / "sources" / "katro-bevohoka").glob("*.yaml")))
    published = [r for r in results if r["status"] != "generated"]
    ids = sorted(r["diagram"] for r in published)
    assert ids == [f"katro-bevohoka-{i:02d}" for i in range(1, 26)]
    bad = [r for r in published if r["status"] not in ("verified", "erratum")]
    assert not bad, bad
    # the project's own diagrams (the solver's optimal game) replay too
    assert all(r["status"] == "generated" for r in results if r not in published)


def test_true_start_is_replayed_not_copied():
    ex = ExampleLoader(LIB).load(ROOT / "sources/katro-bevohoka/katro-bevohoka-true-start.yaml")
    assert ex.start.get("target.south") is None
    (rep,) = replay(ex)
    assert rep.error is None
    assert rows_of(rep.positions[-1]) == ["2 2 2 3 3 0", "2 2 2 2 2 2"]


def test_example_without_the_set_up_state_explains_what_the_rules_ask(tmp_path):
    src = (ROOT / "sources/katro-bevohoka/katro-bevohoka-relay.yaml").read_text()
    src = src.replace("  state:\n    target.south: f2\n    direction.south: ccw\n", "")
    (tmp_path / "katro-bevohoka-relay.yaml").write_text(src)
    ex = ExampleLoader(LIB).load(tmp_path / "katro-bevohoka-relay.yaml")
    (rep,) = replay(ex)
    assert rep.error is not None
    assert "'target' decision" in str(rep.error) and "katro-bevohoka-relay.yaml" in str(rep.error)


def test_verify_json_from_the_command_line():
    out = subprocess.run([sys.executable, "-m", "mancala_diagrams.cli", "verify", "--json"],
                         cwd=ROOT, capture_output=True, text=True)
    rows = json.loads(out.stdout)
    ours = {r["diagram"]: r["status"] for r in rows if (r["diagram"] or "").startswith("katro-bevohoka-") and r["status"] != "generated"}
    assert len(ours) == 25 and set(ours.values()) <= {"replayed", "set-up", "given", "erratum"}
    # the three boards copied from the page as their examples' starts are given, not replayed
    assert {d for d, s in ours.items() if s == "given"} == {"katro-bevohoka-04", "katro-bevohoka-09",
                                                            "katro-bevohoka-15"}


# -- properties of random legal play ----------------------------------------------------------------

def play_randomly(data, r, p, turns):
    """Play up to *turns* turns choosing every decision at random; check each turn."""
    g = r.geometry
    total = p.seeds
    for n in range(turns):
        if r.outcome(p):
            break
        decisions = []

        def choose(ask):
            value = data.draw(st.sampled_from(ask.options))
            decisions.append((ask.kind, value))
            return value
        q = run_turn(r, p, choose, n + 1).position
        assert q.seeds == total                                   # seed conservation
        assert all(v >= 0 for v in q.cells)
        for player in g.players:                                  # the special hole never loses seeds
            before, after = p.get(f"target.{player}"), q.get(f"target.{player}")
            if before:
                assert after == before
                assert q.cells[g.parse(after)] >= p.cells[g.parse(before)]
        if p.get(f"target.{p.to_move}"):                         # never starts from the special hole
            assert decisions[0][1][0] != g.parse(p.get(f"target.{p.to_move}"))
        assert r.play(p, decisions) == q                          # replaying the decisions gives the same
        p = q
    return p


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), columns=st.integers(2, 8))
def test_random_solitaire_play_conserves_seeds_and_terminates(data, columns):
    r = rules(f"katro-bevohoka-{columns}")
    play_randomly(data, r, r.initial_position(), 12)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), name=st.sampled_from(["katro-bevohoka-duel-6", "katro-bevohoka-tananarive-6"]))
def test_random_play_of_the_duel_and_the_variant(data, name):
    r = rules(name)
    play_randomly(data, r, r.initial_position(), 10)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), columns=st.integers(2, 3))
def test_legal_moves_are_consistent(data, columns):
    r = rules(f"katro-bevohoka-{columns}")
    p = play_randomly(data, r, r.initial_position(), data.draw(st.integers(0, 6)))
    if r.outcome(p):
        assert r.legal_moves(p) == [] and r.openings(p) == ()
        return
    moves = r.legal_moves(p)
    assert moves
    assert {m[0][1] for m in moves} == set(r.openings(p))
    assert len(set(moves)) == len(moves)
    for m in moves:
        q = r.play(p, m)                                          # each enumerated move is legal
        assert q.seeds == p.seeds


# -- the optimal-solutions table on the site ---------------------------------------------------------

def test_solutions_table_reads_the_solver_file(tmp_path):
    from mancala_diagrams.sphinx.solutions import load_results, table
    f = tmp_path / "s.json"
    f.write_text(json.dumps({"results": [
        {"columns": 2, "turns": 1, "laps": 3, "method": "exhaustive", "positions": 1234,
         "sequence": [["b1"]]},
        {"columns": 9, "turns": None, "lower_bound": 4, "status": "bounds"}]}))
    headings, rows = table(load_results(f), "fr")
    assert headings == ["Colonnes", "Nombre minimal de tours", "Nombre minimal de semis (avec ce nombre de tours)",
                        "Borne inférieure", "Statut", "Preuve", "Positions explorées"]
    assert rows[0] == ["2", "1", "3", "—", "—", "recherche exhaustive", "1\u202f234"]
    assert rows[1] == ["9", "—", "—", "4", "bornes seulement", "—", "—"]


def test_solutions_table_for_players_shows_the_chosen_fields_in_french(tmp_path):
    """The page for players names its columns; every heading and word is French
    (the hole, the direction, decimal commas and thin spaces in numbers)."""
    from mancala_diagrams.sphinx.solutions import load_results, table
    f = tmp_path / "s.json"
    f.write_text(json.dumps({"results": [
        {"columns": 8, "seeds": 32, "special": "h2", "direction": "counterclockwise", "min_turns": 4,
         "status": "proved", "seconds": 2293.4, "cpu_seconds": 38.72}]}))
    headings, rows = table(load_results(f), "fr", ["columns", "special", "direction", "min_turns", "status"])
    assert headings == ["Colonnes", "Case spéciale", "Sens", "Nombre minimal de tours", "Statut"]
    assert rows == [["8", "h2", "dans le sens inverse des aiguilles d’une montre", "4", "prouvé"]]
    headings, rows = table(load_results(f), "fr", ["columns", "seconds", "cpu_seconds"])
    assert headings == ["Colonnes", "Temps (s)", "Temps de processeur (s)"]
    assert rows == [["8", "2\u202f293", "38,7"]]
    with pytest.raises(MancalaError, match="no field 'laps'"):
        table(load_results(f), "fr", ["columns", "laps"])


def test_solutions_file_errors_are_located(tmp_path):
    from mancala_diagrams.sphinx.solutions import load_results
    f = tmp_path / "s.json"
    f.write_text('{"results": [\n  {"columns": 2,}\n]}')
    with pytest.raises(MancalaError) as exc:
        load_results(f)
    assert exc.value.line == 2 and exc.value.file == str(f)
    f.write_text('{"other": 1}')
    with pytest.raises(MancalaError, match="no list of results"):
        load_results(f)
    with pytest.raises(MancalaError, match="no solutions file"):
        load_results(tmp_path / "missing.json")
