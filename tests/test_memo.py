"""The in-process memory of loaded examples (memo.py): a second read of an
unchanged file (the verifier after the drawing directive) reuses the first
one's example and replays; any change to the example or to a rules file of its
lineage is seen; a failed load is never kept; the schema validator is built
from the committed schema file."""
import json
import shutil
import textwrap

import pytest

from mancala_diagrams.files import memo
from mancala_diagrams.files import schema
from mancala_diagrams.errors import MancalaError
from mancala_diagrams.files.examples import ExampleLoader, replay_line
from mancala_diagrams.files.loader import RulesLibrary
from mancala_diagrams.files.verify import Verifier

from conftest import ROOT

EXAMPLE = """
    example: ex
    rules: katro-4
    title: {en: An example, fr: Un exemple}
    source: {page: katro}
    generated: true
    start:
      board: |
        2 2 2 2
        2 2 2 2
        2 2 2 2
        2 2 2 2
    moves:
      - {hole: a1, direction: clockwise}
    diagrams:
      - id: memo-1
        at: start
        board: |
          2 2 2 2
          2 2 2 2
          2 2 2 2
          2 2 2 2
    """


@pytest.fixture
def project(tmp_path):
    (tmp_path / "rules").mkdir()
    (tmp_path / "sources").mkdir()
    for name in ("katro", "katro-4"):
        shutil.copy(ROOT / "rules" / f"{name}.yaml", tmp_path / "rules")
    (tmp_path / "sources" / "ex.yaml").write_text(textwrap.dedent(EXAMPLE).lstrip())
    memo.clear()
    yield tmp_path
    memo.clear()


def load(project, library=None):
    return ExampleLoader(library or RulesLibrary(project / "rules")).load(project / "sources" / "ex.yaml")


def test_a_second_reader_with_its_own_rules_library_gets_the_same_example_and_replays(project):
    first = load(project)
    second = load(project)        # another library, as the verifier has
    assert second is first
    line = first.lines[0]
    assert replay_line(first, line) is replay_line(second, line)
    rows = Verifier(project).verify()
    assert [r["status"] for r in rows] == ["generated"]


def test_a_changed_example_file_is_read_again_even_with_the_same_size(project):
    first = load(project)
    path = project / "sources" / "ex.yaml"
    text = path.read_text()
    path.write_text(text.replace("An example", "An exampla"))   # same size, maybe same mtime
    second = load(project)
    assert second is not first
    assert second.title["en"] == "An exampla"


def test_a_changed_rules_file_of_the_lineage_is_read_again(project):
    first = load(project)
    assert first.rules.geometry.columns == 4
    base = project / "rules" / "katro.yaml"
    base.write_text(base.read_text() + "\nnotes: changed\n")     # the base, not the file named
    second = load(project)
    assert second is not first
    assert second.rules.meta.get("notes") == "changed"


def test_a_library_that_read_older_rules_is_not_given_an_example_made_from_newer_ones(project):
    stale = RulesLibrary(project / "rules")
    stale.load("katro-4")                                         # reads the rules as they are now
    rules = project / "rules" / "katro-4.yaml"
    rules.write_text(rules.read_text().replace("Katro on 4 columns", "Katro on four columns"))
    fresh = load(project)                                         # kept, made from the new file
    assert fresh.rules.title["en"] == "Katro on four columns"
    old = load(project, stale)
    assert old is not fresh
    assert old.rules.title["en"] == "Katro on 4 columns"          # what this library has always said


def test_a_failed_load_is_not_kept_and_fails_again_with_the_same_message(project):
    path = project / "sources" / "ex.yaml"
    path.write_text(path.read_text().replace("rules: katro-4", "rules: katro-44"))
    with pytest.raises(MancalaError) as first:
        load(project)
    with pytest.raises(MancalaError) as second:
        load(project)
    assert str(first.value) == str(second.value)
    assert "ex.yaml:2" in str(first.value)


def test_the_validator_is_built_from_the_committed_schema_file():
    for kind in schema.KINDS:
        committed = json.loads(schema.schema_path(kind).read_text(encoding="utf-8"))
        assert schema.validator(kind).schema == committed
