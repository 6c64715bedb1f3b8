"""The one base of the building blocks (engine/mechanics/base.py): every
block that takes part in an ordered hook names its phase; capabilities, not
block names, are what the code asks for; and a rules file that still gives
the capture its former parameters is told, at the line, what to write now."""
from __future__ import annotations

import ast
import shutil
from pathlib import Path

import pytest

from mancala_diagrams.engine.mechanics import (BLOCKS, CAPABILITIES, FILTER_PHASES, LAP_END_PHASES, OPEN_PHASES,
                                               Block)
from mancala_diagrams.errors import RulesError
from mancala_diagrams.files.loader import RulesLibrary

from conftest import ROOT

PACKAGE = ROOT / "mancala_diagrams"
PHASES = {"open": ("open_phase", OPEN_PHASES), "filter_openings": ("filter_phase", FILTER_PHASES),
          "lap_end": ("lap_end_phase", LAP_END_PHASES)}


@pytest.mark.parametrize("name", sorted(BLOCKS))
def test_a_block_in_an_ordered_hook_names_its_phase_and_provides_known_capabilities(name):
    cls = BLOCKS[name]
    for hook, (attribute, phases) in PHASES.items():
        if getattr(cls, hook) is not getattr(Block, hook):
            assert getattr(cls, attribute) in phases, f"{name} implements {hook} without a {attribute}"
    assert set(cls.provides) <= set(CAPABILITIES), cls.provides


def calls(path: Path):
    """(line, method name, first argument if a literal string) of every method call of *path*."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            arg = node.args[0] if node.args else None
            literal = arg.value if isinstance(arg, ast.Constant) and isinstance(arg.value, str) else None
            yield node.lineno, node.func.attr, literal


def test_the_package_asks_for_capabilities_it_knows_and_for_no_block_by_its_name():
    wrong = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for line, method, literal in calls(path):
            where = f"{path.relative_to(ROOT)}:{line}"
            if method == "block" and literal is not None:
                wrong.append(f"{where}: asks for the block {literal!r} by its name")
            if method in ("provider", "providers", "provides") and literal is not None \
                    and literal not in CAPABILITIES:
                wrong.append(f"{where}: asks for the unknown capability {literal!r}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("old, new", [
    ("{fotsiny: true}", "beside capture under mechanics: fotsiny: {}"),
    ("{compulsory: true, take: column}", "beside capture under mechanics: compulsory-capture: {}"),
    ("{sow: from-tsibongy, zone: 0, first_tsibongy: direction}",
     "beside capture under mechanics: tsibongy: {first: direction, zone: 0}"),
    ("{sow: with-hole}", "no sow: with-hole (what the rules do without those blocks)"),
    ("{fotsiny: false}", "no fotsiny: false"),
])
def test_a_rules_file_written_the_old_way_is_told_what_to_write(tmp_path, old, new):
    shutil.copytree(ROOT / "rules", tmp_path / "rules")
    (tmp_path / "rules" / "mine.yaml").write_text(f"rules: mine\nextends: katro-6\nmechanics:\n  capture: {old}\n",
                                                  encoding="utf-8")
    with pytest.raises(RulesError) as err:
        RulesLibrary(tmp_path / "rules").load("mine")
    text = str(err.value)
    assert text.startswith(f"{tmp_path / 'rules' / 'mine.yaml'}:4:3: block 'capture' has no parameter")
    assert "are blocks of their own" in text and f"(expected {new}" in text
