"""The keys a YAML file may use, each with what it means and what its value is.

The key tables of :mod:`.loader` (rules files) and :mod:`.examples` (example
files) map each key to a :class:`Field`: a one-line description and a JSON
Schema fragment for its value.  They are the single source of truth for three
things: the hand-written key checks (unknown key, closest name), the JSON
Schemas in ``mancala_diagrams/files/schemas/`` (``mancala-diagrams schema --write``)
and the contributors' documentation.  A new key is one new ``Field`` entry.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..engine.geometry import DIRECTION_NAMES, PLAYERS
from ..limits import MAX_NAME_CHARS
from ..languages import package_languages
from .project import NAME_PATTERN


@dataclass(frozen=True)
class Field:
    doc: str
    schema: dict = field(default_factory=dict)
    required: bool = False


def ref(name):
    return {"$ref": f"#/$defs/{name}"}


#: reusable value shapes, put under ``$defs`` of every generated schema
DEFS = {
    "text": {
        "description": "a text in each language the package has a caption catalog for; a project "
                       "may add its own languages",
        "type": "object",
        "properties": {lang: {"type": "string", "minLength": 1} for lang in package_languages()},
        "required": package_languages(),
        "propertyNames": {"pattern": r"^[a-z]{2,3}(_[A-Z]{2})?$"},
        "additionalProperties": {"type": "string", "minLength": 1},
    },
    "board": {
        "description": "rows top first (North's outer row first), one per line; a number of seeds, "
                       "or '.' for an empty hole; or a list of lists of numbers (null for an empty hole); "
                       "a picture (picture: true) may also draw arrows (→ ← ↑ ↓) and '?'",
        "anyOf": [
            {"type": "string", "pattern": r"^[\s\d.\-→←↑↓?]+$"},
            {"type": "array", "minItems": 1,
             "items": {"type": "array", "minItems": 1,
                       "items": {"anyOf": [{"type": "integer", "minimum": 0}, {"type": "null"}]}}},
        ],
    },
    "hole": {
        "description": "a hole name: column letter from South's left, rank from South's outer row (a1, c3 ...); "
                       "on a board with the letter notation also one letter (A..R South, a..r North)",
        "type": "string",
        "pattern": r"^\s*[a-zA-Z][0-9]*\s*$",
    },
    "direction": {
        "description": "a sowing direction",
        "type": "string",
        "enum": sorted(DIRECTION_NAMES),
    },
    "player": {"type": "string", "enum": list(PLAYERS)},
    "name": {
        "description": "a file name without .yaml: lower-case letters, digits and '-'",
        "type": "string",
        "pattern": NAME_PATTERN,
        "maxLength": MAX_NAME_CHARS,
    },
    "count": {"type": "integer", "minimum": 0},
}


def obj(table: dict, doc: str = "") -> dict:
    """The JSON Schema of a mapping whose keys are *table* (key -> Field)."""
    out = {"type": "object"}
    if doc:
        out["description"] = doc
    out["properties"] = {k: {"description": f.doc, **f.schema} for k, f in table.items()}
    out["additionalProperties"] = False
    required = [k for k, f in table.items() if f.required]
    if required:
        out["required"] = required
    return out
