"""Rules and example files: clear errors with file and line; the verifier's verdicts."""
import shutil
import textwrap
from pathlib import Path

import pytest

from mancala_diagrams.errors import MancalaError, RulesError
from mancala_diagrams.files.examples import ExampleLoader
from mancala_diagrams.files.loader import RulesLibrary
from mancala_diagrams.files.verify import Verifier

from conftest import ROOT

KATRO = (ROOT / "rules" / "katro.yaml").read_text()


@pytest.fixture
def project(tmp_path):
    (tmp_path / "rules").mkdir()
    (tmp_path / "sources").mkdir()
    for name in ("katro", "katro-4", "katro-6"):
        shutil.copy(ROOT / "rules" / f"{name}.yaml", tmp_path / "rules")
    return tmp_path


def write(path: Path, text: str) -> Path:
    path.write_text(textwrap.dedent(text).lstrip())
    return path


def load_rules(project, name):
    return RulesLibrary(project / "rules").load(name)


def test_unknown_block_names_file_line_and_closest_name(project):
    write(project / "rules" / "mine.yaml", """
        rules: mine
        extends: katro-4
        mechanics:
          captures: {}
        """)
    with pytest.raises(RulesError) as err:
        load_rules(project, "mine")
    text = str(err.value)
    assert "mine.yaml:4:3" in text
    assert "unknown building block 'captures'" in text
    assert "did you mean 'capture'?" in text


def test_bad_block_parameter_value_is_located(project):
    write(project / "rules" / "mine.yaml", """
        rules: mine
        extends: katro-4
        mechanics:
          capture: {take: diagonal}
        """)
    with pytest.raises(RulesError) as err:
        load_rules(project, "mine")
    assert "mine.yaml:4:3" in str(err.value)
    assert "'take' cannot be 'diagonal'" in str(err.value)
    assert "'opposite' or 'column'" in str(err.value)


def test_invalid_yaml_gives_its_line(project):
    write(project / "rules" / "mine.yaml", """
        rules: mine
        extends: [katro-4
        board: {columns: 4}
        """)
    with pytest.raises(MancalaError) as err:
        load_rules(project, "mine")
    assert "mine.yaml:3:" in str(err.value)
    assert "invalid YAML" in str(err.value)


def test_python_object_tags_are_not_constructed(project):
    write(project / "rules" / "mine.yaml", """
        rules: mine
        extends: katro-4
        title: !!python/object/apply:os.system ["echo pwned"]
        """)
    with pytest.raises(MancalaError) as err:
        load_rules(project, "mine")
    assert "mine.yaml:3" in str(err.value)


def test_unknown_base_rules_are_named(project):
    write(project / "rules" / "mine.yaml", """
        rules: mine
        extends: katro-5
        """)
    with pytest.raises(RulesError) as err:
        load_rules(project, "mine")
    assert "no rules called 'katro-5'" in str(err.value)
    assert "mine.yaml:2:10" in str(err.value)


def test_circular_extends_is_refused(project):
    write(project / "rules" / "a.yaml", "rules: a\nextends: b\n")
    write(project / "rules" / "b.yaml", "rules: b\nextends: a\n")
    with pytest.raises(RulesError) as err:
        load_rules(project, "a")
    assert "circle" in str(err.value)


def test_shared_base_is_merged_once(project):
    write(project / "rules" / "wide.yaml", "rules: wide\nabstract: true\nextends: katro\n"
          "mechanics:\n  capture: {take: column}\n")
    write(project / "rules" / "late.yaml", "rules: late\nabstract: true\nextends: katro\n"
          "mechanics:\n  mandry: {rows: outer}\n")
    write(project / "rules" / "both.yaml", "rules: both\nextends: [wide, late]\nboard: {columns: 4}\n")
    r = load_rules(project, "both")
    assert r.block("capture").p["take"] == "column"
    assert r.block("mandry").p["rows"] == "outer"


EXAMPLE = """
    example: ex
    rules: katro-4
    title: {en: An example, fr: Un exemple}
    source: {page: katro, describes: [dandouau-1909]}
    start:
      board: |
        . . . 1
        3 . . .
        1 . . .
        1 . . .
    moves:
      - {hole: a1, direction: clockwise}
    diagrams:
      - id: katro-x1
        at: lap 1 end
        board: |
          . . . 1
          3 . . .
          2 . . .
          . . . .
      - id: katro-x2
        at: end
        board: |
          . . . 1
          . . . .
          . 1 1 1
          . . 1 1
    """


def verifier(project):
    v = Verifier(project)
    v.published = None          # these made-up ids are not in ../shared/published
    return v


def test_verifier_verifies_and_reports_mismatch_cell_by_cell(project):
    write(project / "sources" / "ex.yaml", EXAMPLE)
    rows = verifier(project).verify()
    assert [(r["diagram"], r["status"]) for r in rows] == [("katro-x1", "verified"), ("katro-x2", "verified")]
    write(project / "sources" / "ex.yaml", EXAMPLE.replace("          . . 1 1\n", "          . . 2 1\n"))
    rows = verifier(project).verify()
    bad = rows[1]
    assert bad["status"] == "mismatch"
    assert bad["compared"] == ["published", "replay"]
    assert bad["diff"] == [{"hole": "c1", "row": 3, "column": 2, "published": 2, "replay": 1}]


def test_declared_erratum_needs_the_rules_board_and_a_real_difference(project):
    erratum = EXAMPLE.replace("          . . 1 1\n", "          . . 2 1\n") + textwrap.indent(textwrap.dedent("""
        erratum:
          reason: {en: The source drew one seed too many., fr: La source a dessiné une graine de trop.}
          search: {from: start, turns: 1}
          rules_board: |
            . . . 1
            . . . .
            . 1 1 1
            . . 1 1
        """), "        ")
    write(project / "sources" / "ex.yaml", erratum)
    rows = verifier(project).verify()
    assert rows[1]["status"] == "erratum"
    # an erratum whose published diagram in fact matches is itself an error
    write(project / "sources" / "ex.yaml", erratum.replace("          . . 2 1\n", "          . . 1 1\n", 1))
    rows = verifier(project).verify()
    assert rows[1]["status"] == "mismatch"
    assert "in fact" in rows[1]["reason"] or "matches" in rows[1]["reason"]


def test_illegal_move_in_an_example_names_the_turn_and_the_rule(project):
    write(project / "sources" / "ex.yaml", EXAMPLE.replace("{hole: a1,", "{hole: b1,"))
    rows = verifier(project).verify()
    assert all(r["status"] == "mismatch" for r in rows if r["diagram"])
    reason = rows[0]["reason"]
    assert "turn 1" in reason and "b1 clockwise is not allowed" in reason and "choose-hole" in reason
    assert "ex.yaml:12" in reason


def test_bad_example_key_has_location_and_hint(project):
    write(project / "sources" / "ex.yaml", EXAMPLE.replace("moves:", "movs:"))
    with pytest.raises(MancalaError) as err:
        ExampleLoader(RulesLibrary(project / "rules")).load(project / "sources" / "ex.yaml")
    assert "ex.yaml:11:1" in str(err.value)
    assert "did you mean 'moves'?" in str(err.value)


def test_bad_anchor_is_located(project):
    write(project / "sources" / "ex.yaml", EXAMPLE.replace("at: lap 1 end", "at: lap one end"))
    with pytest.raises(MancalaError) as err:
        ExampleLoader(RulesLibrary(project / "rules")).load(project / "sources" / "ex.yaml")
    assert "ex.yaml:15:" in str(err.value)
    assert "cannot read the anchor" in str(err.value)


def test_one_broken_example_does_not_stop_the_others(project):
    write(project / "sources" / "a.yaml", EXAMPLE.replace("example: ex", "example: a").replace("rules: katro-4", "rules: katro-44"))
    write(project / "sources" / "ex.yaml", EXAMPLE)
    rows = verifier(project).verify()
    assert rows[0]["status"] == "error" and "no rules called 'katro-44'" in rows[0]["reason"]
    assert [r["status"] for r in rows[1:]] == ["verified", "verified"]
