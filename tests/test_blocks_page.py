"""The reference of building blocks (docs/blocks.md): every block a rules file
may name has a section with an example, and every example on the page is valid,
loaded as part of a rules file that extends one of the project's rules using
that block.  The snippets are read from the committed page, not regenerated."""
import re
import shutil

import pytest
import yaml

from mancala_diagrams.files.loader import RulesLibrary
from mancala_diagrams.engine.mechanics import BLOCKS

from conftest import ROOT

PAGE = (ROOT / "docs" / "blocks.md").read_text(encoding="utf-8")


def sections() -> dict:
    parts = re.split(r"^## `([a-z-]+)`$", PAGE, flags=re.M)
    return dict(zip(parts[1::2], parts[2::2]))


def snippets(section: str) -> list[str]:
    blocks = re.findall(r"^```yaml\n(.*?)^```$", section, flags=re.M | re.S)
    return [doc for block in blocks for doc in block.split("\n---\n")]


def users(block: str) -> list[str]:
    """The project's playable rules whose merged mechanics name *block*."""
    lib = RulesLibrary(ROOT / "rules")
    return [n for n in lib.names()
            if not lib.raw(n).get("abstract") and block in lib.merged(n)[0]["mechanics"]]


CASES = [(name, i, text) for name, section in sections().items() for i, text in enumerate(snippets(section))]


def test_every_block_has_a_section_with_an_example_that_names_it():
    found = sections()
    assert sorted(found) == sorted(BLOCKS), "run: mancala-diagrams schema --write"
    for name, section in found.items():
        examples = [yaml.safe_load(s) for s in snippets(section)]
        assert examples, f"block {name!r} has no example"
        for data in examples:
            assert list(data) == ["mechanics"] and list(data["mechanics"]) == [name], data


def test_every_block_is_used_by_some_rules_of_the_project():
    for name in BLOCKS:
        assert users(name), f"no rules file uses block {name!r}: its examples cannot be checked"


@pytest.mark.parametrize("name,i,text", CASES, ids=[f"{n}-{i}" for n, i, _ in CASES])
def test_example_loads_as_part_of_rules_that_use_the_block(tmp_path, name, i, text):
    """The snippet, added to a rules file that uses the block, loads (and the
    start position has legal moves).  Each rules file that uses the block is
    tried; the snippet must work with at least one, and the failures of the
    others are shown when none accepts it."""
    shutil.copytree(ROOT / "rules", tmp_path / "rules")
    errors = []
    for base in users(name):
        path = tmp_path / "rules" / f"example-{base}.yaml"
        path.write_text(f"rules: example-{base}\nextends: {base}\n" + text + "\n", encoding="utf-8")
        try:
            rules = RulesLibrary(tmp_path / "rules").load(f"example-{base}")
            start = rules.initial_position()
            assert rules.block(name) is not None
            assert rules.legal_moves(start), "no legal move at the start"
            return
        except Exception as exc:      # noqa: BLE001 - collected, shown below
            errors.append(f"{base}: {exc}")
    pytest.fail(f"example {i} of block {name!r} fits no rules that use it:\n{text}\n" + "\n".join(errors))
