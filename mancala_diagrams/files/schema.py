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
"""
from __future__ import annotations

import difflib
import json
import re
from functools import lru_cache
from pathlib import Path

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
    SCHEMA_DIR.mkdir(exist_ok=True)
    written = []
    for kind in KINDS:
        path = schema_path(kind)
        text = dumps(generate(kind))
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            tmp = path.with_suffix(".tmp")
            tmp.write_text(text, encoding="utf-8")
            tmp.replace(path)
            written.append(path)
    return written


# -- validation ---------------------------------------------------------------------------------
@lru_cache(maxsize=None)
def validator(kind):
    """The *kind* validator, built once per process from the committed schema
    file: the tests check that it is what the code generates and a valid JSON
    Schema, so neither is redone here (generating and checking both schemas
    took a tenth of a second in every Sphinx process).  If the file is missing
    or unreadable: from the code, and checked."""
    from jsonschema import Draft202012Validator
    schema = _committed(kind)
    if schema is None:
        schema = generate(kind)
        Draft202012Validator.check_schema(schema)
    return _with_local_definitions(Draft202012Validator, schema)(schema)


@lru_cache(maxsize=None)
def _committed(kind):
    """The committed *kind* schema, or None if its file cannot be read."""
    try:
        return json.loads(schema_path(kind).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


# -- the valid files' short way: conforms() ----------------------------------------------------
# The keywords the generated schemas use, each with the Python types of a YAML
# value that jsonschema counts as the JSON type (a float such as 3.0, which
# jsonschema also counts as an integer, is left to jsonschema).
_ANNOTATIONS = frozenset(("$schema", "$id", "title", "description", "default", "$defs"))
_TYPES = {"object": lambda v: isinstance(v, dict), "array": lambda v: isinstance(v, list),
          "string": lambda v: isinstance(v, str), "null": lambda v: v is None,
          "boolean": lambda v: isinstance(v, bool),
          "integer": lambda v: type(v) is int, "number": lambda v: type(v) in (int, float)}
_KEYWORDS = frozenset(("type", "enum", "$ref", "anyOf", "properties", "additionalProperties", "required",
                       "minProperties", "maxProperties", "items", "minItems", "minimum", "pattern",
                       "minLength", "maxLength")) | _ANNOTATIONS
_DEFS = "#/$defs/"


def _uses_only_known_keywords(schema, root=True) -> bool:
    """Whether *schema* uses only the keywords :func:`_conforms` knows, with
    values of the shape it expects, and no ``$id`` but at its root."""
    if isinstance(schema, bool):
        return True
    if not isinstance(schema, dict) or not set(schema) <= _KEYWORDS or ("$id" in schema and not root):
        return False
    subschemas = [*schema.get("properties", {}).values(), *schema.get("$defs", {}).values(),
                  *schema.get("anyOf", ())]
    for key in ("items", "additionalProperties"):
        if key in schema:
            subschemas.append(schema[key])
    ref = schema.get("$ref")
    types = schema.get("type", "object")
    return ((ref is None or (isinstance(ref, str) and ref.startswith(_DEFS)))
            and all(t in _TYPES for t in (types if isinstance(types, list) else [types]))
            and all(_uses_only_known_keywords(s, root=False) for s in subschemas))


def _conforms(value, schema, defs) -> bool:
    """True when *value* is certainly valid against *schema* (as jsonschema
    judges it); False when it is not, or when that is not certain."""
    if schema is True:
        return True
    if schema is False:
        return False
    get = schema.get
    types = get("type")
    if types is not None:
        if isinstance(types, str):
            if not _TYPES[types](value):
                return False
        elif not any(_TYPES[t](value) for t in types):
            return False
    if "enum" in schema and not any(type(e) is type(value) and isinstance(e, (str, int, float, type(None)))
                                    and e == value for e in schema["enum"]):
        return False
    ref = get("$ref")
    if ref is not None:
        name = ref[len(_DEFS):]
        if "/" in name or "~" in name or name not in defs or not _conforms(value, defs[name], defs):
            return False
    alternatives = get("anyOf")
    if alternatives is not None and not any(_conforms(value, s, defs) for s in alternatives):
        return False
    if isinstance(value, dict):
        properties = get("properties", {})
        extra = get("additionalProperties", True)
        for key, item in value.items():
            sub = properties.get(key, extra) if isinstance(key, str) else extra
            if not _conforms(item, sub, defs):
                return False
        if any(k not in value for k in get("required", ())):
            return False
        if len(value) < get("minProperties", 0) or len(value) > get("maxProperties", len(value)):
            return False
    elif isinstance(value, list):
        if len(value) < get("minItems", 0):
            return False
        items = get("items", True)
        if items is not True and not all(_conforms(item, items, defs) for item in value):
            return False
    elif isinstance(value, str):
        if len(value) < get("minLength", 0) or len(value) > get("maxLength", len(value)):
            return False
        pattern = get("pattern")
        if pattern is not None and re.search(pattern, value) is None:
            return False
    elif "minimum" in schema and isinstance(value, (int, float)) and not isinstance(value, bool):
        if not value >= schema["minimum"]:
            return False
    return True


@lru_cache(maxsize=None)
def _short_way(kind):
    """The committed *kind* schema when :func:`conforms` can judge against it, else None."""
    schema = _committed(kind)
    return schema if schema is not None and _uses_only_known_keywords(schema) else None


def conforms(data, kind) -> bool:
    """Whether *data* is certainly valid against the *kind* schema, judged
    without jsonschema, the way it judges (what this cannot judge for certain
    it leaves to jsonschema: False).  The tests compare it with jsonschema on
    the project's files and on many broken ones."""
    schema = _short_way(kind)
    return schema is not None and _conforms(data, schema, schema.get("$defs", {}))


def _with_local_definitions(base, schema):
    """*base* (a jsonschema validator class) with each ``$ref`` to one of
    *schema*'s own definitions (``#/$defs/NAME``, the only references the
    generated schemas make) validated against that definition directly, the
    same subschema the standard lookup finds, without looking it up through
    the schema's registry again each time (a fifth of the time of validating
    the site's examples).  Any other reference, or any reference of a schema
    with an ``$id`` inside (the base such a reference starts from could be
    another), is looked up as usual."""
    from jsonschema import validators
    prefix = "#/$defs/"
    definitions = schema.get("$defs", {}) if _count_ids(schema) <= 1 else {}
    standard = base.VALIDATORS["$ref"]

    def ref(validator, ref, instance, subschema):
        name = ref[len(prefix):] if ref.startswith(prefix) else ""
        target = definitions.get(name) if not ("/" in name or "~" in name) else None    # ~ escapes: as usual
        if target is None:
            yield from standard(validator, ref, instance, subschema)
        else:
            yield from validator.descend(instance, target)

    return validators.extend(base, {"$ref": ref})


def _count_ids(node) -> int:
    """How many ``$id`` keys *node* (a schema) holds, at any depth."""
    if isinstance(node, dict):
        return ("$id" in node) + sum(_count_ids(v) for v in node.values())
    if isinstance(node, list):
        return sum(_count_ids(v) for v in node)
    return 0


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
        extra = sorted(k for k in err.instance if k not in allowed)
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
    """Validate a loaded YAML tree against the *kind* schema; raise the first error, located.
    A tree that :func:`conforms` is valid without asking jsonschema (whose
    import alone costs more than validating every file of a site); any other
    is validated by jsonschema, which finds and explains the error."""
    if conforms(data, kind):
        return
    v = validator(kind)
    def order(e):
        line = _loc(*_locate(data, list(e.absolute_path))[:2], data)[0] or 0
        return (line, -len(e.absolute_path))
    errors = sorted(v.iter_errors(data), key=order)
    if errors:
        raise schema_error(errors[0], data, file, v.schema, error_cls)
