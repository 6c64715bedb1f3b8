"""The files generated from the code are up to date (run `mancala-diagrams schema --write`)."""
import json

from mancala_diagrams.files import schema
from mancala_diagrams.files.blockdocs import render
from mancala_diagrams.engine.mechanics import BLOCKS
from mancala_diagrams.files.project import find_root

ROOT = find_root()


def test_committed_schemas_are_what_the_code_generates():
    stale = schema.stale()
    assert not stale, f"out of date: {stale}; run: mancala-diagrams schema --write"


def test_blocks_page_is_what_the_code_generates():
    page = ROOT / "docs" / "blocks.md"
    assert page.read_text(encoding="utf-8") == render(), "run: mancala-diagrams schema --write"


def test_schemas_are_valid_json_schemas_and_declared_as_package_data():
    from jsonschema import Draft202012Validator
    for kind in schema.KINDS:
        data = json.loads(schema.schema_path(kind).read_text(encoding="utf-8"))
        Draft202012Validator.check_schema(data)
    assert 'schemas/*.json' in (ROOT / "pyproject.toml").read_text(encoding="utf-8")


def test_every_block_is_in_the_rules_schema_and_on_the_blocks_page_with_an_example():
    rules = schema.generate("rules")
    blocks = rules["properties"]["mechanics"]["properties"]
    page = render()
    for name, cls in BLOCKS.items():
        assert name in blocks
        assert set(blocks[name]["properties"]) == set(cls.params)
        assert blocks[name]["description"], f"block {name!r} has no docstring"
        section = page.split(f"## `{name}`", 1)[1].split("\n## ", 1)[0]
        assert "```yaml" in section and f"{name}:" in section
        for key, p in cls.params.items():
            assert p.doc, f"parameter {key!r} of block {name!r} has no doc"
