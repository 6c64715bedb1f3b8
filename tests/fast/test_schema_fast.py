"""The schema accelerator (files/schema_fast.py) against the plain path (files/schema.py).

``schema_fast.validate`` asks jsonschema-rs first, because it is fast, and
leaves every tree it does not call valid to ``schema.validate``, which runs
jsonschema (the reference) and writes the located error.  jsonschema-rs may
only ever say "valid" where jsonschema says valid, and both paths must give
the same verdict and the same message: these tests compare them on every file
of the project, on a few hundred files changed by the fuzz tests' own mutators
and by the hostile files' generators, and on the values where the two
libraries are known to read a schema differently."""
from __future__ import annotations

import collections
import datetime
import functools
import json
import random
import subprocess
import sys
import textwrap

import pytest
from hypothesis import HealthCheck, given, settings

import hostile
from conftest import ROOT
from mancala_diagrams.errors import MancalaError
from mancala_diagrams.files import schema, schema_fast
from mancala_diagrams.files.yamlio import load_yaml
from test_fuzz_files import EXAMPLES, RULES, mutated

PROJECT_FILES = [("rules", p) for p in RULES] + [("example", p) for p in EXAMPLES]


def jsonschema_valid(data, kind) -> bool:
    """The reference's own verdict, asked directly (not through validate())."""
    return next(iter(schema.validator(kind).iter_errors(data)), None) is None


def _raised(validate, data, kind, file):
    try:
        validate(data, kind, file)
    except MancalaError as exc:
        return exc
    return None


def judge_both(data, kind, file="f.yaml") -> str:
    """Compare jsonschema-rs, the reference, and both paths' validate() on one
    tree; return which verdict it was: ``fast-valid`` (both call it valid),
    ``refused`` (both refuse it) or ``reference-only`` (only jsonschema calls
    it valid: a tree jsonschema-rs cannot take)."""
    reference = jsonschema_valid(data, kind)
    fast = schema_fast.says_valid(data, kind)
    assert not (fast and not reference), \
        f"jsonschema-rs calls valid a {kind} tree jsonschema refuses: {data!r:.300}"
    plain = _raised(schema.validate, data, kind, file)
    quick = _raised(schema_fast.validate, data, kind, file)
    assert (plain is None) == reference, f"schema.validate() and jsonschema disagree: {plain}"
    assert str(quick) == str(plain), "the accelerated path does not give the plain path's message"
    if plain is not None:
        assert plain.file == file and plain.line is not None, f"not located: {plain}"
    return "fast-valid" if fast else "refused" if not reference else "reference-only"


def test_both_validators_are_built_from_the_committed_schema_files():
    for kind in schema.KINDS:
        assert schema_fast.fast_validator(kind) is not None, f"jsonschema-rs refused the {kind} schema"
        committed = json.loads(schema.schema_path(kind).read_text(encoding="utf-8"))
        assert schema.validator(kind).schema == committed


@pytest.mark.parametrize("kind,path", PROJECT_FILES, ids=lambda v: getattr(v, "name", v))
def test_every_project_file_is_valid_for_both_validators(kind, path):
    data = load_yaml(path.read_text(encoding="utf-8"), str(path))
    assert jsonschema_valid(data, kind)
    assert schema_fast.says_valid(data, kind), "the fast path misses a valid file of the project"


# -- mutated files -----------------------------------------------------------------------------
MUTATED = settings(max_examples=150, deadline=None, derandomize=True, database=None,
                   suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                          HealthCheck.filter_too_much])


def _judge_text(kind, text):
    try:
        data = load_yaml(text, "mutated.yaml")
    except MancalaError:
        return None                     # not YAML the loader takes: no schema question
    return judge_both(data, kind, "mutated.yaml")


@MUTATED
@given(case=mutated(RULES))
def test_on_structurally_mutated_rules_files_the_validators_agree(case):
    _judge_text("rules", case[1])


@MUTATED
@given(case=mutated(EXAMPLES))
def test_on_structurally_mutated_example_files_the_validators_agree(case):
    _judge_text("example", case[1])


HOSTILE_CLASSES = list(hostile.TEXT_CLASSES)


@functools.cache
def hostile_verdicts(cls) -> tuple:
    """judge_both on 25 hostile files of class *cls* (always the same ones):
    their verdicts, None for a file the YAML loader refuses before any schema
    question."""
    rng = random.Random(f"fast-schema-{cls}")
    verdicts = []
    for _ in range(25):
        _, original, content = hostile.make_case(rng, cls)
        if isinstance(content, bytes):
            content = content.decode("utf-8", errors="replace")
        kind = "rules" if original.parent.name == "rules" else "example"
        verdicts.append(_judge_text(kind, content))
    return tuple(verdicts)


@pytest.mark.parametrize("cls", HOSTILE_CLASSES)
def test_on_hostile_files_the_validators_agree(cls):
    hostile_verdicts(cls)       # judge_both compares them on each file


def test_the_hostile_files_gave_both_verdicts():
    """The comparisons on hostile files were not all of one kind: many trees
    jsonschema refuses (each must also be refused by the fast path) and many it
    accepts."""
    counts = collections.Counter(v for cls in HOSTILE_CLASSES for v in hostile_verdicts(cls))
    assert counts["refused"] >= 40 and counts["fast-valid"] >= 20, counts


# -- where the two libraries read a schema differently -----------------------------------------
def _example_with_hole(hole):
    data = load_yaml((ROOT / "sources" / "katro" / "katro-relay-in-outer-row.yaml").read_text(encoding="utf-8"))
    moves = [m for line in data.get("lines", [data]) for m in line.get("moves", [])]
    assert moves and "hole" in moves[0], "the sample file has no move with a hole"
    moves[0]["hole"] = hole
    return data


@pytest.mark.parametrize("hole", ["a2", "\ufeffa2", "a2\ufeff", "\x1ca2", "\x85a2", "a2\n", "\u3000a2", "a\u0662"])
def test_hole_names_with_odd_spaces_and_digits_are_judged_as_jsonschema_judges_them(hole):
    """jsonschema-rs reads ``pattern`` as ECMA-262 (its \\s matches U+FEFF,
    Python's does not); the fast path runs Python's regular expressions, so a
    hole name jsonschema refuses is never let through."""
    data = _example_with_hole(hole)
    valid = judge_both(data, "example") != "refused"
    assert valid == (hole not in ("\ufeffa2", "a2\ufeff", "a\u0662"))


def test_a_byte_order_mark_in_a_hole_name_gets_the_located_message_of_jsonschema():
    data = _example_with_hole("\ufeffa2")
    assert not schema_fast.says_valid(data, "example")
    with pytest.raises(MancalaError) as err:
        schema_fast.validate(data, "example", "x.yaml")
    assert "found the text '\\ufeffa2'" in str(err.value) and "a hole name" in str(err.value)


@pytest.mark.parametrize("value", [datetime.date(2024, 5, 1), 10 ** 40, 1.0, True, float("nan")])
def test_values_jsonschema_rs_may_not_take_as_json_are_judged_by_jsonschema(value):
    data = load_yaml((ROOT / "rules" / "katro-6.yaml").read_text(encoding="utf-8"))
    data["board"]["columns"] = value
    judge_both(data, "rules")
    other = load_yaml((ROOT / "rules" / "katro-6.yaml").read_text(encoding="utf-8"))
    other[value if not isinstance(value, float) else "x"] = 1      # a key that is not a text
    judge_both(other, "rules")


# -- the valid path stays light ----------------------------------------------------------------
def test_verifying_the_valid_project_does_not_import_jsonschema():
    """The whole verification loads every rules and example file; all are valid,
    so jsonschema (a large import) is never needed.  An invalid file then
    brings it in, to write the message (so the check can fail)."""
    script = textwrap.dedent(f"""
        import sys
        from pathlib import Path
        from mancala_diagrams.files.verify import Verifier
        from mancala_diagrams.files import schema_fast
        from mancala_diagrams.files.yamlio import load_yaml
        root = Path({str(ROOT)!r})
        Verifier(root).verify()
        assert schema_fast.fast_validator.cache_info().currsize == 2, schema_fast.fast_validator.cache_info()
        print("after verify:", "jsonschema" in sys.modules)
        data = load_yaml((root / "rules" / "katro-6.yaml").read_text(encoding="utf-8"))
        data["board"]["columns"] = "many"
        try:
            schema_fast.validate(data, "rules", "katro-6.yaml")
        except Exception as exc:
            print("refused:", type(exc).__name__)
        print("after an invalid file:", "jsonschema" in sys.modules)
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == ["after verify: False", "refused: MancalaError",
                                       "after an invalid file: True"], out.stdout
