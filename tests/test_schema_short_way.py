"""schema.conforms, the short way a valid file takes past jsonschema, against
jsonschema itself: it may call a file valid only when jsonschema does, on the
project's files and on many broken copies of them."""
from __future__ import annotations

import copy
import datetime
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mancala_diagrams.files import schema
from mancala_diagrams.files.yamlio import load_yaml_file

from conftest import ROOT

FILES = {"rules": sorted((ROOT / "rules").glob("*.yaml")),
         "example": sorted((ROOT / "sources").rglob("*.yaml"))}


def _standard(kind):
    from jsonschema import Draft202012Validator
    return Draft202012Validator(schema.generate(kind))


def _loaded(kind):
    return [load_yaml_file(p) for p in FILES[kind]]


LOADED = {kind: _loaded(kind) for kind in FILES}


def test_the_short_way_knows_every_keyword_of_the_generated_schemas():
    """A keyword it does not know turns the short way off (every file then goes
    through jsonschema): the schemas the code generates use none."""
    for kind in schema.KINDS:
        assert schema._short_way(kind) is not None, kind
        assert schema._uses_only_known_keywords(schema.generate(kind)), kind
    assert not schema._uses_only_known_keywords({"type": "object", "patternProperties": {"^x": {}}})
    assert not schema._uses_only_known_keywords({"properties": {"a": {"$id": "other", "type": "string"}}})
    assert not schema._uses_only_known_keywords({"$ref": "https://example.invalid/other.json"})
    assert not schema._uses_only_known_keywords({"items": [{"type": "string"}]})


@pytest.mark.parametrize("kind", schema.KINDS)
def test_every_file_of_the_project_conforms_both_ways(kind):
    standard = _standard(kind)
    assert FILES[kind]
    for path, data in zip(FILES[kind], LOADED[kind]):
        assert standard.is_valid(data), path
        assert schema.conforms(data, kind), path


def _set(data, where, value):
    bad = copy.deepcopy(data)
    target = bad
    for step in where[:-1]:
        target = target[step]
    if value is _DELETE:
        del target[where[-1]]
    else:
        target[where[-1]] = value
    return bad


_DELETE = object()

# one break of each keyword the schemas use, and values jsonschema and Python type differently
BROKEN = {
    "example": [("moves", 0, "hole", 12), ("moves", 0, "hole", True), ("moves", 0, "hole", 1.5),
                ("start", "to_move", "east"), ("title", {"en": "x"}), ("title", {"en": "x", "fr": ""}),
                ("title", {"en": "x", "fr": "y", "de": "z"}), ("diagrams", 0, "board", 5),
                ("rules", "Katro 6"), ("rules", ""), ("moves", 0, "direction", "left"),
                ("diagrams", 1, "board", [[1, -2]]), ("diagrams", 1, "board", [[1, True]]),
                ("diagrams", 1, "board", [[1, 2.0]]), ("diagrams", 1, "board", []),
                ("diagrams", 0, "id", datetime.date(2020, 1, 1)), ("diagrams", 0, "id", None),
                ("diagrams", 0, 7, "x"), ("diagrams", 0, "at", ["start"]), ("moves", 0, {}),
                ("kind", "games"), ("kind", True), ("source", "page"), ("example", _DELETE),
                ("diagrams", 0, "id", _DELETE), ("generated", 1), ("generated", "yes"), ("moves", {}),
                ("diagrams", 0, "caption", {"en": "x"}), ("start", {"to_move": "south", "x": 1})],
    "rules": [("extends", 5), ("title", {"fr": "x"}), ("extends", ["Katro"]), ("board", {"columns": 0}),
              ("board", {"columns": True}), ("board", {"columns": 2.0}), ("board", {"columns": "6"}),
              ("mechanics", {"capture": {"compulsory": "yes"}}), ("mechanics", {"no-such-block": {}}),
              ("mechanics", {"capture": {"no-such-parameter": 1}}), ("rules", _DELETE), ("title", _DELETE),
              ("notation", "chess2"), (3, "x"), ("abstract", 1)],
}


@pytest.mark.parametrize("kind", schema.KINDS)
def test_broken_values_are_never_called_valid_unless_jsonschema_agrees(kind):
    standard = _standard(kind)
    base = {"example": 0, "rules": 1}[kind]
    data = dict(LOADED[kind][base]) if kind == "rules" else _first_with_moves_and_two_diagrams()
    refused = 0
    for *where, value in BROKEN[kind]:
        try:
            bad = _set(data, where, value)
        except (KeyError, IndexError, TypeError):
            continue
        valid = standard.is_valid(bad)
        assert schema.conforms(bad, kind) <= valid, (where, value)
        if not _has_integral_float(bad):    # the one case the short way leaves to jsonschema
            assert schema.conforms(bad, kind) == valid, (where, value)
        refused += not valid
    assert refused >= len(BROKEN[kind]) // 2


def _first_with_moves_and_two_diagrams():
    for data in LOADED["example"]:
        if isinstance(data.get("moves"), list) and len(data.get("diagrams") or []) >= 2 \
                and isinstance(data["moves"][0], dict) and "hole" in data["moves"][0]:
            return dict(data)
    raise AssertionError("no example with moves and two diagrams")


def _has_integral_float(node):
    if isinstance(node, float):
        return node.is_integer()
    if isinstance(node, dict):
        return any(_has_integral_float(v) for v in node.values())
    if isinstance(node, list):
        return any(_has_integral_float(v) for v in node)
    return False


def _paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, prefix + (i,))


WORDS = ["south", "north", "a1", "clockwise", "capture", "game", "track", "lap 2 capture", "", "x",
         "1 2\n3 4\n", ". 1\n2 .\n", "en", "katro-6"]
VALUES = st.one_of(st.none(), st.booleans(), st.integers(-3, 40), st.sampled_from([10**30, 0.5, 2.0, -1.0]),
                   st.just(datetime.date(2024, 5, 1)), st.sampled_from(WORDS), st.lists(st.integers(-1, 5), max_size=4),
                   st.lists(st.lists(st.one_of(st.none(), st.integers(-1, 3)), max_size=3), max_size=3),
                   st.dictionaries(st.sampled_from(["en", "fr", "x", "hole", "seeds", "south"]),
                                   st.one_of(st.sampled_from(WORDS), st.integers(0, 3)), max_size=3))


@st.composite
def broken_copy(draw):
    kind = draw(st.sampled_from(schema.KINDS))
    data = copy.deepcopy(draw(st.sampled_from(LOADED[kind])))
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(data) if p]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = data
        for step in path[:-1]:
            parent = parent[step]
        op = draw(st.sampled_from(["delete", "retype", "extra-key"]))
        if op == "delete":
            del parent[path[-1]]
        elif op == "extra-key" and isinstance(parent, dict):
            parent[draw(st.sampled_from(["extra", "notes", "en", 3]))] = draw(VALUES)
        else:
            parent[path[-1]] = copy.deepcopy(draw(VALUES))
    return kind, data


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(case=broken_copy())
def test_on_broken_copies_of_the_files_the_short_way_never_says_valid_when_jsonschema_refuses(case):
    kind, data = case
    valid = _STANDARD[kind].is_valid(data)
    assert schema.conforms(data, kind) <= valid
    if not _has_integral_float(data):
        assert schema.conforms(data, kind) == valid


_STANDARD = {kind: _standard(kind) for kind in schema.KINDS}
