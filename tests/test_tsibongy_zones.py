"""The tsibongy rule as sets of holes (``zone-left/right/choice.PLAYER``), the
roles a special-holes legend can colour, and pictures (arrows, no position)
accounted for by the project's drawing of those zones."""
from __future__ import annotations

import pytest

from mancala_diagrams.errors import MancalaError
from mancala_diagrams.files.loader import parse_board_rows

from conftest import rules


def named(r, holes):
    return sorted(r.geometry.name(h) for h in holes)


def test_on_four_columns_every_capture_goes_to_the_nearer_tsibongy():
    r = rules("fifangakely")
    zones = r.role_holes(r.initial_position())
    # South captures in North's inner row (rank 3): columns a, b send to South's left tsibongy
    assert named(r, zones["zone-left.south"]) == ["a3", "b3"]
    assert named(r, zones["zone-right.south"]) == ["c3", "d3"]
    assert "zone-choice.south" not in zones
    # North's left is the board's right: North's captures in d2, c2 go to North's left tsibongy
    assert named(r, zones["zone-left.north"]) == ["c2", "d2"]


def test_on_eight_columns_the_four_central_columns_leave_the_choice():
    r = rules("katra-fandatsaka-8")
    zones = r.role_holes(r.initial_position())
    assert named(r, zones["zone-choice.south"]) == ["c3", "d3", "e3", "f3"]
    assert named(r, zones["zone-left.south"]) == ["a3", "b3"]


def test_katra_paika_always_leaves_the_choice():
    r = rules("katra-paika-4")
    zones = r.role_holes(r.initial_position())
    assert named(r, zones["zone-choice.south"]) == ["a3", "b3", "c3", "d3"]


def test_arrows_are_read_only_in_a_picture():
    text = ". . . .\n→ → ← ←\n→ . . ←\n. . . ."
    assert parse_board_rows(text, symbols=True)[1] == ["→", "→", "←", "←"]
    with pytest.raises(MancalaError) as err:
        parse_board_rows(text)
    assert "is not a seed count" in str(err.value)
