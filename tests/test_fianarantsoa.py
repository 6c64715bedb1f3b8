"""The katro of Fianarantsoa (after de Voogt): six rows, a boustrophedon track,
the letter notation, the outermost-row start, the row shifts, the end of the
game, and the example checks.  Expected boards are worked out by hand."""
from __future__ import annotations

import random
import textwrap
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mancala_diagrams.errors import EndlessTurn, PositionError
from mancala_diagrams.engine.geometry import CCW, CW, NORTH, SOUTH, Geometry
from mancala_diagrams.files.loader import RulesLibrary, parse_board_rows
from mancala_diagrams.engine.position import Position
from mancala_diagrams.files.verify import Verifier

ROOT = Path(__file__).resolve().parent.parent
LIB = RulesLibrary(ROOT / "rules")
WIDTHS = (2, 3, 4, 6)


def rules(width=6):
    return LIB.load(f"katro-fianarantsoa-{width}")


def board(text, to_move=SOUTH):
    rows = parse_board_rows(textwrap.dedent(text))
    return Position.from_rows(rows, to_move=to_move)


def rows_text(position):
    return "\n".join(" ".join(str(v) for v in row) for row in position.rows(empty="."))


def norm(text):
    return "\n".join(" ".join(line.split()) for line in textwrap.dedent(text).strip().splitlines())


def play(r, position, hole, direction):
    g = r.geometry
    return r.play(position, [("start", (g.parse(hole), direction))])


# -- the letter notation ----------------------------------------------------------------
LETTER_BOARDS = {
    2: """a b
          d c
          e f
          E F
          D C
          A B""",
    3: """a b c
          f e d
          g h i
          G H I
          F E D
          A B C""",
    4: """a b c d
          h g f e
          i j k l
          I J K L
          H G F E
          A B C D""",
    # as printed in the seed
    6: """a b c d e f
          l k j i h g
          m n o p q r
          M N O P Q R
          L K J I H G
          A B C D E F""",
}


@pytest.mark.parametrize("width", WIDTHS)
def test_letter_notation_names_every_hole_as_the_seed_does(width):
    g = rules(width).geometry
    shown = [[g.name(r * width + c) for c in range(width)] for r in range(6)]
    assert "\n".join(" ".join(row) for row in shown) == norm(LETTER_BOARDS[width])


@pytest.mark.parametrize("width", WIDTHS)
def test_letter_notation_parses_back(width):
    g = rules(width).geometry
    for hole in range(g.size):
        assert g.parse(g.name(hole)) == hole
        assert g.parse(g.name(hole, "chess")) == hole


def test_letter_notation_is_case_sensitive_and_checked():
    g = rules(6).geometry
    assert g.parse("B") == g.parse("b1")
    assert g.parse("b") == g.parse("b6")
    assert g.parse("r") == g.parse("f4")
    with pytest.raises(PositionError) as err:
        g.parse("S")
    assert "A to R" in str(err.value)


def test_chess_boards_do_not_read_letters():
    g = LIB.load("katro-6").geometry
    with pytest.raises(PositionError):
        g.parse("B")
    assert g.name(g.parse("b1")) == "b1"


def test_letter_notation_refuses_boards_with_too_many_holes():
    with pytest.raises(PositionError):
        Geometry(9, 3, notation="letters")


# -- the track ----------------------------------------------------------------------------
def walk(g, player, hole, direction, n):
    names = []
    for _ in range(n):
        names.append(g.name(hole))
        hole, direction = g.advance(player, hole, direction)
    return "".join(names)


def test_track_north_follows_the_seeds_two_strings():
    g = rules(6).geometry
    a = g.parse("a")
    # North's right is South's left: from a, "right" as the seed writes it is
    # North's left (clockwise), and "left" is counterclockwise.
    assert walk(g, NORTH, a, CW, 27) == "abcdefghijklmnopqrfedcbalkj"
    assert walk(g, NORTH, a, CCW, 21) == "alkjihgrqponmabcdefgh"


def test_track_south_mirrors_north():
    g = rules(6).geometry
    assert walk(g, SOUTH, g.parse("A"), CCW, 27) == "ABCDEFGHIJKLMNOPQRFEDCBALKJ"
    assert walk(g, SOUTH, g.parse("A"), CW, 21) == "ALKJIHGRQPONMABCDEFGH"


TRACKS = {  # South, from A to the right: every row once each way, then back to A
    2: "ABCDEFBADCFE",
    3: "ABCDEFGHICBAFEDIHG",
    4: "ABCDEFGHIJKLDCBAHGFELKJI",
    6: "ABCDEFGHIJKLMNOPQRFEDCBALKJIHGRQPONM",
}


@pytest.mark.parametrize("width", WIDTHS)
def test_track_on_each_width(width):
    g = rules(width).geometry
    cycle = TRACKS[width]
    assert len(cycle) == 6 * width
    assert walk(g, SOUTH, g.parse("A"), CCW, len(cycle) + 1) == cycle + "A"
    # the other way from A turns at once into the middle row
    assert walk(g, SOUTH, g.parse("A"), CW, 2) == "A" + LETTER_BOARDS[width].split("\n")[4].split()[0]


@pytest.mark.parametrize("width", WIDTHS)
def test_track_visits_each_hole_once_each_way(width):
    g = rules(width).geometry
    seen = []
    hole, d = g.parse("A"), CCW
    for _ in range(6 * width):
        seen.append((hole, d))
        hole, d = g.advance(SOUTH, hole, d)
    assert (hole, d) == (g.parse("A"), CCW)
    assert sorted(seen) == sorted((h, x) for h in g.holes_of(SOUTH) for x in (CW, CCW))


def test_katro_loop_is_unchanged():
    g = LIB.load("katro-6").geometry
    hole, names = g.parse("c1"), []
    for _ in range(12):
        names.append(g.name(hole))
        hole = g.step(SOUTH, hole, CW)
    assert names == ["c1", "b1", "a1", "a2", "b2", "c2", "d2", "e2", "f2", "f1", "e1", "d1"]


# -- the opening of the seed ------------------------------------------------------------
def test_opening_b_to_the_left_captures_r_then_m():
    r = rules(6)
    events = []
    after = r.play(r.initial_position(), [("start", (r.geometry.parse("B"), CW))], events=events)
    captured = [r.geometry.name(e.holes[0]) for e in events if e.kind == "capture"]
    assert captured == ["r", "m"]
    assert rows_text(after) == norm("""
        2 2 2 2 2 2
        2 2 2 2 2 2
        . 2 2 2 2 .
        . 3 3 3 3 .
        1 4 4 1 . 4
        4 1 3 3 . 3""")


# -- the start rule ---------------------------------------------------------------------
def test_outermost_row_start_allows_only_the_outer_row_and_singletons():
    r = rules(4)
    pos = board("""
        2 2 2 2
        2 2 2 2
        2 2 2 2
        3 3 3 3
        4 4 4 4
        . 1 . .""")
    holes = {r.geometry.name(h) for h, _ in r.openings(pos)}
    assert holes == {"B"}


def test_outermost_row_start_moves_to_the_middle_row_when_the_outer_row_is_empty():
    r = rules(4)
    pos = board("""
        2 2 2 2
        2 2 2 2
        2 2 2 2
        3 3 3 3
        . 1 . 5
        . . . .""")
    assert {r.geometry.name(h) for h, _ in r.openings(pos)} == {"E", "G"}


def test_outermost_row_start_for_north():
    r = rules(4)
    pos = board("""
        . . . .
        . . 1 .
        2 2 2 2
        2 2 2 2
        2 2 2 2
        2 2 2 2""", to_move=NORTH)
    assert sorted(r.openings(pos)) == sorted([(r.geometry.parse("f"), CW), (r.geometry.parse("f"), CCW)])


# -- captures and the row shifts ---------------------------------------------------------
def test_capture_from_the_inner_row_joins_the_capturing_hole_and_sows_on():
    r = rules(4)
    pos = board("""
        . . . .
        . . . .
        1 2 . 3
        1 1 . 1
        . . . .
        . . . .""")
    # J's seed falls in I (full), facing i (1): I's 2 + 1 go on leftwards,
    # which from I leads into the outer row, rightwards: A B C (empty).
    after = play(r, pos, "J", CW)
    assert rows_text(after) == norm("""
        . . . .
        . . . .
        . 2 . 3
        . . . 1
        . . . .
        1 1 1 .""")


def test_row_shift_capturing_row_moves_out_when_the_inner_row_is_empty():
    r = rules(4)
    pos = board("""
        . . . .
        . . . .
        2 2 2 2
        . . . .
        1 1 . .
        . . . .""")
    # South's middle row H G F E = 1 1 . .; G to the left falls in H (full),
    # which now captures, facing i (2); H's 4 seeds turn into the inner row:
    # I J K L, L empty.
    after = play(r, pos, "G", CW)
    assert rows_text(after) == norm("""
        . . . .
        . . . .
        . 2 2 2
        1 1 1 1
        . . . .
        . . . .""")


def test_row_shift_middle_row_does_not_capture_while_the_inner_row_has_seeds():
    r = rules(4)
    pos = board("""
        . . . .
        . . . .
        2 2 2 2
        . . . 1
        1 1 . .
        . . . .""")
    after = play(r, pos, "G", CW)       # H is full but the inner row has L: H relays to I J
    assert rows_text(after) == norm("""
        . . . .
        . . . .
        2 2 2 2
        1 1 . 1
        . . . .
        . . . .""")


def test_row_shift_captured_row_moves_out_when_the_opponents_inner_row_is_empty():
    r = rules(4)
    pos = board("""
        1 . . .
        . 3 . .
        . . . .
        1 1 . .
        . . . .
        . . . .""")
    # South's I to the right falls in J (full), facing j: North's inner row is
    # empty, so the facing hole of North's middle row (g, 3) is taken; J's 5
    # seeds go K L, then into the outer row leftwards: D C B (empty).
    after = play(r, pos, "I", CCW)
    assert rows_text(after) == norm("""
        1 . . .
        . . . .
        . . . .
        . . 1 1
        . . . .
        . 1 1 1""")


def test_row_shift_for_north_captures_from_south_middle_row():
    r = rules(4)
    pos = board("""
        . . . .
        . . . .
        . 2 1 .
        . . . .
        . 4 . .
        . . . 1""", to_move=NORTH)
    # North's k to North's right (South's left: counterclockwise for North)
    # falls in j (full), facing J; South's inner row is empty, so G (4) is
    # taken.  j's 7 seeds: i, then the outer row a b c d, then e f (empty).
    after = play(r, pos, "k", CCW)
    assert rows_text(after) == norm("""
        1 1 1 1
        . . 1 1
        1 . . .
        . . . .
        . . . .
        . . . 1""")


def test_lap_ending_in_an_empty_hole_ends_the_move_without_capture():
    r = rules(4)
    pos = board("""
        . . . .
        . . . .
        2 2 2 2
        1 . . .
        . . . .
        . . . .""")
    after = play(r, pos, "I", CCW)
    assert rows_text(after) == norm("""
        . . . .
        . . . .
        2 2 2 2
        . 1 . .
        . . . .
        . . . .""")


# -- the end of the game -------------------------------------------------------------
def test_the_player_left_without_a_move_loses():
    r = rules(4)
    pos = board("""
        . . . .
        . . . .
        . 1 . .
        1 1 . .
        . . . .
        . . . .""")
    # I falls in J (full), which takes North's last seed, j; J's 3 seeds go
    # K L and D (empty).  North cannot move: South moved last and wins.
    after = play(r, pos, "I", CCW)
    assert rows_text(after) == norm("""
        . . . .
        . . . .
        . . . .
        . . 1 1
        . . . .
        . . . 1""")
    assert r.outcome(after) == {"winner": SOUTH, "reason": "last-mover"}
    assert r.openings(after) == ()


def test_the_game_goes_on_while_the_player_to_move_has_seeds():
    r = rules(4)
    pos = board("""
        . . . .
        . . . .
        . . . .
        . . . .
        . . . .
        . . . 1""", to_move=NORTH)
    assert r.outcome(pos) == {"winner": SOUTH, "reason": "last-mover"}
    assert r.outcome(Position(pos.geometry, pos.cells, to_move=SOUTH)) is None


# -- checks in example files -----------------------------------------------------------
def write_example(tmp_path, body):
    path = tmp_path / "fianarantsoa-check.yaml"
    path.write_text("example: fianarantsoa-check\nrules: katro-fianarantsoa-6\n"
                    "title: {en: t, fr: t}\nsource: {page: katro-fianarantsoa}\n"
                    "start: {to_move: south}\nmoves:\n  - {hole: B, direction: clockwise}\n"
                    + textwrap.dedent(body))
    return path


def test_check_reports_the_captures_it_asserts(tmp_path):
    path = write_example(tmp_path, """
        checks:
          - {at: lap 3 capture, captured: [r], seeds: 2}
          - {at: end, captured: [m, r]}
          - {at: lap 1 end, captured: []}
        """)
    rows = Verifier(ROOT).check_file(path)
    assert [(r["check"], r["status"]) for r in rows] == [
        ("lap 3 capture", "verified"), ("end", "verified"), ("lap 1 end", "verified")]
    assert all(r["diagram"] is None for r in rows)


def test_check_fails_on_a_wrong_capture(tmp_path):
    path = write_example(tmp_path, """
        checks:
          - {at: lap 3 capture, captured: [q]}
          - {at: end, seeds: 5}
          - {at: lap 9 capture, captured: [a]}
        """)
    rows = Verifier(ROOT).check_file(path)
    assert [r["status"] for r in rows] == ["mismatch"] * 3
    assert "captured [r], the example says [q]" in rows[0]["reason"]
    assert "captured 4 seeds" in rows[1]["reason"]


def test_check_fails_on_a_wrong_board(tmp_path):
    path = write_example(tmp_path, """
        checks:
          - at: lap 1 end
            board: |
              2 2 2 2 2 2
              2 2 2 2 2 2
              2 2 2 2 2 2
              2 2 2 2 2 2
              3 2 2 2 2 2
              3 . 2 2 2 3
        """)
    rows = Verifier(ROOT).check_file(path)
    assert rows[0]["status"] == "mismatch"
    assert [d["hole"] for d in rows[0]["diff"]] == ["F"]


def test_a_check_must_assert_something(tmp_path):
    path = write_example(tmp_path, """
        checks:
          - {at: end}
        """)
    rows = Verifier(ROOT).check_file(path)
    assert rows[0]["status"] == "error" and "asserts nothing" in rows[0]["reason"]


# -- random legal play -------------------------------------------------------------------
def outermost_row(g, cells, player):
    for depth in range(g.rows_per_player - 1, -1, -1):
        if any(cells[h] for h in g.row_holes(player, depth)):
            return depth
    return None


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(width=st.sampled_from(WIDTHS), seed=st.integers(0, 2**32 - 1))
def test_random_legal_play(width, seed):
    r = rules(width)
    g = r.geometry
    rng = random.Random(seed)
    pos = r.initial_position()
    total = pos.seeds
    for ply in range(5000):
        outcome = r.outcome(pos)
        openings = r.openings(pos)
        if outcome:
            assert openings == ()
            assert outcome["winner"] != pos.to_move
            break
        # legal moves consistent: the openings start in the player's outermost
        # non-empty row, with either direction
        depth = outermost_row(g, pos.cells, pos.to_move)
        assert openings and {g.locate(h)[1] for h, _ in openings} == {depth}
        assert {(h, d) for h, d in openings} == {(h, d) for h in g.row_holes(pos.to_move, depth)
                                                 if pos.cells[h] for d in (CW, CCW)}
        rng_order = list(openings)
        rng.shuffle(rng_order)
        for move in rng_order:
            try:
                after = r.play(pos, [("start", move)])
            except EndlessTurn:
                continue    # a lap that goes round for ever: the sources say nothing
            break
        else:
            break
        assert after.seeds == total                         # seed conservation
        assert after.to_move != pos.to_move
        mover = pos.to_move
        # the mover never loses seeds, the opponent never gains any
        opp = NORTH if mover == SOUTH else SOUTH
        assert sum(after.cells[h] for h in g.holes_of(mover)) >= sum(pos.cells[h] for h in g.holes_of(mover))
        assert sum(after.cells[h] for h in g.holes_of(opp)) <= sum(pos.cells[h] for h in g.holes_of(opp))
        pos = after
    else:
        pytest.fail("no end after 5000 moves")               # termination (in practice)
