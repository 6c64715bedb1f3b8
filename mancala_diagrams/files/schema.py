"""JSON Schemas of the rules files and the example files, generated from the code.

The single source of truth is the code: the key tables (:mod:`.loader`,
:mod:`.examples`, each key a :class:`~.fields.Field`) and the registry of
building blocks (:data:`.mechanics.BLOCKS`, each with its ``params``).  The
files ``mancala_diagrams/files/schemas/*.schema.json`` are what editors read; they
are written by ``mancala-diagrams schema --write`` and a test fails when they
differ from what the code generates.  The loader validates against the
committed schema (the same content) after its own, more precise checks, and
turns a schema error into a :class:`~.errors.MancalaError` located at the
offending line and column, with what was found, what was expected and the
closest valid name.

:func:`validate` judges a file with jsonschema, whose errors carry the path, the
keyword and the subschema from which :func:`schema_error` writes the located
message: the plain path, and the reference.  :mod:`.schema_fast` is an optional
accelerator: it asks jsonschema-rs first, which says in tens of microseconds
that a valid file is valid, and leaves every other file to :func:`validate`.
"""
from __future__ import annotations

import difflib
import json
from functools import lru_cache
from pathlib import Path

from ..atomic import write_atomically
from ..errors import MancalaError
from .fields import DEFS, obj
from .formats import EXAMPLE_KEYS, RULES_KEYS

SCHEMA_DIR = Path(__file__).resolve().parent / "schemas"
KINDS = ("rules", "example")
BASE_ID = "https://mancala-diagrams.invalid/schemas/"

_JSON_TYPES = {int: "integer", str: "string", bool: "boolean", float: "number", list: "array", dict: "object"}


def first_paragraph(doc: str | None) -> str:
    text = (doc or "").strip().split("\n\n")[0]
    return " ".join(text.split())


def param_schema(spec) -> dict:
    out = {}
    if spec.doc:
        out["description"] = spec.doc
    if spec.choices is not None:
        out["enum"] = list(spec.choices)
    else:
        kinds = spec.kind if isinstance(spec.kind, tuple) else (spec.kind,)
        types = [_JSON_TYPES.get(k, "string") for k in kinds]
        if spec.default is None:
            types.append("null")
        out["type"] = types[0] if len(types) == 1 else types
    if spec.default is not None:
        out["default"] = spec.default
    return out


def block_schema(cls) -> dict:
    """A block's value: its parameters (a mapping), or null to remove a block a base names."""
    props = {k: param_schema(p) for k, p in cls.params.items()}
    return {
        "description": first_paragraph(cls.__doc__),
        "type": ["object", "null"],
        "properties": props,
        "additionalProperties": False,
    }


def rules_schema() -> dict:
    from ..engine.mechanics import BLOCKS
    schema = obj(RULES_KEYS, "A rules file of mancala-diagrams (rules/NAME.yaml)")
    schema["properties"]["mechanics"].update({
        "properties": {name: block_schema(BLOCKS[name]) for name in sorted(BLOCKS)},
        "additionalProperties": False,
    })
    return _document("rules", "mancala-diagrams rules file", schema)


def example_schema() -> dict:
    schema = obj(EXAMPLE_KEYS, "A worked example of mancala-diagrams (sources/PAGE/NAME.yaml)")
    return _document("example", "mancala-diagrams example file", schema)


def _document(kind, title, schema) -> dict:
    return {"$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": BASE_ID + f"{kind}.schema.json", "title": title, **schema, "$defs": DEFS}


def generate(kind) -> dict:
    return {"rules": rules_schema, "example": example_schema}[kind]()


def dumps(schema) -> str:
    return json.dumps(schema, indent=2, ensure_ascii=False, sort_keys=False) + "\n"


def schema_path(kind) -> Path:
    return SCHEMA_DIR / f"{kind}.schema.json"


def stale() -> list[Path]:
    """The committed schema files that differ from what the code generates."""
    out = []
    for kind in KINDS:
        path = schema_path(kind)
        if not path.exists() or path.read_text(encoding="utf-8") != dumps(generate(kind)):
            out.append(path)
    return out


def write() -> list[Path]:
    """Write the schema files that differ from what the code generates; return them."""
    written = []
    for kind in KINDS:
        path = schema_path(kind)
        text = dumps(generate(kind))
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            write_atomically(path, text.encode("utf-8"))
            written.append(path)
    return written


# -- validation ---------------------------------------------------------------------------------
@lru_cache(maxsize=None)
def committed(kind) -> tuple[dict, bool]:
    """(the *kind* schema, read from the committed file?): the file's content,
    or what the code generates if the file is missing or unreadable."""
    try:
        return json.loads(schema_path(kind).read_text(encoding="utf-8")), True
    except (OSError, ValueError):
        return generate(kind), False


@lru_cache(maxsize=None)
def validator(kind):
    """The *kind* validator (jsonschema, Draft 2020-12), built once per process
    from the committed schema file: the tests check that it is what the code
    generates and a valid JSON Schema, so neither is redone here (generating
    and checking both schemas took a tenth of a second in every Sphinx
    process).  If the file is missing or unreadable: from the code, and
    checked."""
    from jsonschema import Draft202012Validator
    schema, from_file = committed(kind)
    if not from_file:
        Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def describe_value(value) -> str:
    """What a YAML value is, in words: 'the number 3', 'a list', 'nothing (null)' ..."""
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return f"{str(value).lower()} (a boolean)"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return f"the text {shown!r}"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return f"a {type(value).__name__} value"


def _expected(schema, root) -> str:
    """A short human description of what *schema* accepts."""
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        target = root.get("$defs", {}).get(name, {})
        return target.get("description") or _expected(target, root)
    if "enum" in schema:
        return " or ".join(json.dumps(v) if not isinstance(v, str) else v for v in schema["enum"])
    if "anyOf" in schema:
        return " or ".join(_expected(s, root) for s in schema["anyOf"])
    if "description" in schema and "type" not in schema:
        return schema["description"]
    kind = schema.get("type")
    names = {"object": "a mapping", "array": "a list", "string": "a text", "integer": "a whole number",
             "boolean": "true or false", "null": "nothing", "number": "a number"}
    if isinstance(kind, list):
        return " or ".join(names.get(k, k) for k in kind)
    if kind:
        text = names.get(kind, kind)
        if "minimum" in schema:
            text += f" of at least {schema['minimum']}"
        if "pattern" in schema and "description" in schema:
            text = schema["description"]
        return text
    return schema.get("description", "a valid value")


def _locate(data, path):
    """(container, key) of the value at *path* in the LocDict/LocList tree."""
    parent, key, node = None, None, data
    for step in path:
        parent, key = node, step
        try:
            node = node[step]
        except (KeyError, IndexError, TypeError):
            break
    return parent, key, node


def _loc(parent, key, data, as_key=False):
    if parent is None:
        return (getattr(data, "line", None), getattr(data, "column", None))
    if as_key and hasattr(parent, "key_loc"):
        return parent.key_loc(key)
    if hasattr(parent, "loc"):
        return parent.loc(key)
    return (None, None)


def _where(path) -> str:
    parts = []
    for p in path:
        parts.append(f"[{p + 1}]" if isinstance(p, int) else (("." if parts else "") + str(p)))
    return "".join(parts).replace(".[", "[") or "the file"


def schema_error(err, data, file, root, error_cls=MancalaError) -> MancalaError:
    """A :class:`MancalaError` for one jsonschema error, located in *data*."""
    from jsonschema.exceptions import best_match
    if err.validator in ("anyOf", "oneOf") and err.context:
        # the alternatives' errors: report the deepest one when it is about a part of the value
        deep = best_match(err.context)
        if deep is not None and len(deep.absolute_path) > len(err.absolute_path):
            return schema_error(deep, data, file, root, error_cls)
    path = list(err.absolute_path)
    parent, key, node = _locate(data, path)
    where = _where(path)
    if err.validator == "additionalProperties":
        allowed = list(err.schema.get("properties", {}))
        extra = sorted((k for k in err.instance if k not in allowed), key=str)   # keys of any type (3: x)
        name = extra[0] if extra else "?"
        close = difflib.get_close_matches(str(name), allowed, n=1, cutoff=0.6)
        container = node if isinstance(node, dict) else err.instance
        line, col = container.key_loc(name) if hasattr(container, "key_loc") else _loc(parent, key, data)
        return error_cls(f"unknown key {name!r} in {where}", file=file, line=line, column=col,
                         expected=", ".join(allowed) or "no keys",
                         hint=f"did you mean {close[0]!r}?" if close else None)
    line, col = _loc(parent, key, data)
    if err.validator == "required":
        missing = err.message.split("'")[1] if "'" in err.message else err.message
        desc = err.schema.get("properties", {}).get(missing, {}).get("description")
        return error_cls(f"{where} has no {missing!r}", file=file, line=line, column=col,
                         expected=f"{missing}: {desc}" if desc else f"a key {missing!r}")
    found = describe_value(err.instance)
    if err.validator == "enum":
        choices = [str(c) for c in err.validator_value]
        close = difflib.get_close_matches(str(err.instance), choices, n=1, cutoff=0.6)
        return error_cls(f"{where}: found {found}", file=file, line=line, column=col,
                         expected=" or ".join(choices), hint=f"did you mean {close[0]!r}?" if close else None)
    if err.validator in ("minProperties", "maxProperties"):
        return error_cls(f"{where}: found a mapping with {len(err.instance)} keys", file=file, line=line,
                         column=col, expected="exactly one key" if err.schema.get("maxProperties") == 1
                         else _expected(err.schema, root))
    if err.validator in ("minItems",):
        return error_cls(f"{where}: found an empty list", file=file, line=line, column=col,
                         expected=f"at least {err.validator_value} item(s)")
    return error_cls(f"{where}: found {found}", file=file, line=line, column=col,
                     expected=_expected(err.schema, root))


def validate(data, kind, file=None, error_cls=MancalaError):
    """Validate a loaded YAML tree against the *kind* schema with jsonschema;
    raise the first error (the first in the file, the deepest there), located."""
    v = validator(kind)

    def order(e):
        line = _loc(*_locate(data, list(e.absolute_path))[:2], data)[0] or 0
        return (line, -len(e.absolute_path))
    errors = sorted(v.iter_errors(data), key=order)
    if errors:
        raise schema_error(errors[0], data, file, v.schema, error_cls)
