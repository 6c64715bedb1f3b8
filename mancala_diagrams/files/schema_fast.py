"""jsonschema-rs: an optional accelerator of :func:`.schema.validate`, the same verdicts and messages.

The site build loads every rules and example file, and nearly all of them are
valid.  jsonschema-rs (Rust) says whether a file is valid in tens of
microseconds; jsonschema (Python), which :func:`.schema.validate` runs, takes
about half a millisecond a file, and a large import.  :func:`validate` asks
jsonschema-rs first: when it calls the tree valid, that is the answer, and
jsonschema is not even imported; otherwise :func:`.schema.validate` judges the
tree (it is the reference) and writes the located message.  So jsonschema-rs
must never call valid a tree jsonschema refuses: ``tests/fast/test_schema_fast.py``
compares the two on every file of the project, on a few hundred mutated and
hostile files, and where the two libraries are known to read a schema
differently.  The loaders validate through this module; validating without it
is calling :func:`.schema.validate`.
"""
from __future__ import annotations

import re
from functools import lru_cache

from ..errors import MancalaError
from . import schema


class _PythonPattern:
    """The ``pattern`` keyword for jsonschema-rs, judged by Python's
    :func:`re.search` as jsonschema judges it.  jsonschema-rs reads a pattern as
    an ECMA-262 regular expression, whose ``\\s`` also matches U+FEFF (which
    Python's does not) while its ``\\d`` and ``$`` match less than Python's: with
    its own patterns it would call valid a hole named ``"\\ufeffa1"`` that
    jsonschema refuses.  With this keyword both libraries run the same regular
    expressions."""

    def __init__(self, parent_schema, value, schema_path):
        self.regex = re.compile(value)

    def validate(self, instance):
        if isinstance(instance, str) and not self.regex.search(instance):
            raise ValueError(f"{instance!r} does not match {self.regex.pattern!r}")


@lru_cache(maxsize=None)
def fast_validator(kind):
    """The *kind* schema (the one :func:`.schema.validator` reads) as a
    jsonschema-rs Draft 2020-12 validator, built once per process; formats are
    not asserted (jsonschema does not assert them either) and patterns are
    Python's (:class:`_PythonPattern`).  ``None`` if jsonschema-rs refuses the
    schema: then jsonschema alone judges the files."""
    import jsonschema_rs
    data, _from_file = schema.committed(kind)
    try:
        return jsonschema_rs.Draft202012Validator(data, validate_formats=False,
                                                  keywords={"pattern": _PythonPattern})
    except Exception:       # an invalid schema: schema.validator() reports it
        return None


def says_valid(data, kind) -> bool:
    """True if jsonschema-rs finds *data* (a loaded YAML tree) valid against the
    *kind* schema; False if it finds it invalid or cannot take it as JSON (a
    date, a key that is not a text, a lone surrogate: it raises on them), and
    then jsonschema judges.  The loader's trees are made of dicts, lists, texts,
    numbers, booleans, nulls and dates only (no tuple, which jsonschema-rs
    would take as a list and jsonschema would not)."""
    fast = fast_validator(kind)
    if fast is None:
        return False
    try:
        return fast.is_valid(data) is True
    except Exception:
        return False


def validate(data, kind, file=None, error_cls=MancalaError):
    """:func:`.schema.validate`: the same verdict and the same located error,
    quicker on a valid tree (:func:`says_valid`)."""
    if not says_valid(data, kind):
        schema.validate(data, kind, file, error_cls)
