"""Safe YAML loading that remembers where every value came from.

``load_yaml`` uses PyYAML's *safe* composer (no object construction) and turns
the node tree into plain ``dict``/``list``/scalars, where mappings and
sequences are :class:`LocDict`/:class:`LocList` that know the line and column
(1-based) of themselves and of each of their items.
"""
from __future__ import annotations

import re

import yaml

from ..errors import MancalaError, TodoLeft


class LocDict(dict):
    file: str | None = None
    line: int | None = None
    column: int | None = None

    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self.key_locs: dict = {}
        self.value_locs: dict = {}

    def loc(self, key=None):
        """(line, column) of the value of *key*, or of the mapping itself."""
        if key is not None and key in self.value_locs:
            return self.value_locs[key]
        return (self.line, self.column)

    def key_loc(self, key):
        return self.key_locs.get(key, (self.line, self.column))


class LocList(list):
    file: str | None = None
    line: int | None = None
    column: int | None = None

    def __init__(self, *a):
        super().__init__(*a)
        self.item_locs: list = []

    def loc(self, index=None):
        if index is not None and 0 <= index < len(self.item_locs):
            return self.item_locs[index]
        return (self.line, self.column)


def _mark(node):
    return (node.start_mark.line + 1, node.start_mark.column + 1)


class _Converter:
    def __init__(self, file):
        self.file = file
        self.constructor = yaml.SafeLoader.__new__(yaml.SafeLoader)
        yaml.constructor.SafeConstructor.__init__(self.constructor)

    def convert(self, node):
        if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)) and node.tag not in (
                "tag:yaml.org,2002:map", "tag:yaml.org,2002:seq", "tag:yaml.org,2002:omap"):
            line, col = _mark(node)
            raise MancalaError(f"YAML tag {node.tag!r} is not allowed (files are plain data)",
                               file=self.file, line=line, column=col)
        if isinstance(node, yaml.MappingNode):
            out = LocDict()
            out.file, (out.line, out.column) = self.file, _mark(node)
            for key_node, value_node in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge":
                    raise MancalaError("YAML merge keys ('<<') are not supported", file=self.file,
                                       line=_mark(key_node)[0], column=_mark(key_node)[1])
                key = self.convert(key_node)
                if isinstance(key, (dict, list)):
                    raise MancalaError("a mapping key must be a plain value", file=self.file,
                                       line=_mark(key_node)[0], column=_mark(key_node)[1])
                if key in out:
                    line, col = _mark(key_node)
                    raise MancalaError(f"duplicate key {key!r}", file=self.file, line=line, column=col)
                out[key] = self.convert(value_node)
                out.key_locs[key] = _mark(key_node)
                out.value_locs[key] = _mark(value_node)
            return out
        if isinstance(node, yaml.SequenceNode):
            out = LocList()
            out.file, (out.line, out.column) = self.file, _mark(node)
            for item in node.value:
                out.append(self.convert(item))
                out.item_locs.append(_mark(item))
            return out
        # scalars: the safe constructor resolves ints, bools, nulls, strings
        try:
            return self.constructor.construct_object(node, deep=True)
        except yaml.YAMLError as exc:  # e.g. a bad timestamp
            line, col = _mark(node)
            raise MancalaError(f"unreadable value: {exc}", file=self.file, line=line, column=col) from None


# libyaml's parser (the same nodes and marks) when PyYAML has it: four times
# faster than the pure-Python one, which was a fifth of a site build.  A file it
# refuses is parsed again by the pure-Python parser, whose messages are clearer.
_FAST_COMPOSER = getattr(yaml, "CSafeLoader", None)


def _compose(text: str):
    if _FAST_COMPOSER is not None:
        try:
            return yaml.compose(text, Loader=_FAST_COMPOSER)
        except yaml.YAMLError:
            pass
    return yaml.compose(text, Loader=yaml.SafeLoader)


def load_yaml(text: str, file: str | None = None):
    """Parse YAML *text* safely; errors become :class:`MancalaError` with a location."""
    try:
        node = _compose(text)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        col = mark.column + 1 if mark else None
        raise MancalaError(f"invalid YAML: {exc.problem or exc}", file=file, line=line, column=col) from None
    except yaml.YAMLError as exc:
        raise MancalaError(f"invalid YAML: {exc}", file=file) from None
    if node is None:
        raise MancalaError("the file is empty", file=file, line=1, column=1, expected="a YAML mapping")
    return _Converter(file).convert(node)


TODO_MARKERS = re.compile(r"\bTODO\b|À FAIRE")


def refuse_todo(text: str, file: str | None = None) -> None:
    """A file that still holds a TODO (a value or a comment that ``new`` or
    ``draft`` wrote for its author) is not finished: refuse it at the first one."""
    match = TODO_MARKERS.search(text)
    if match:
        line = text.count("\n", 0, match.start()) + 1
        column = match.start() - (text.rfind("\n", 0, match.start()) + 1) + 1
        end = text.find("\n", match.start())
        snippet = text[match.start(): end if end >= 0 else None].strip()
        raise TodoLeft(f"the file still holds a TODO: {snippet[:60]!r}", file=file, line=line, column=column,
                       expected="the text, decision or source the TODO asks for, in place of the TODO")


def load_yaml_file(path, allow_todo: bool = False) -> object:
    from pathlib import Path
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise MancalaError(f"not UTF-8 text ({exc.reason})", file=str(path)) from None
    except OSError as exc:
        raise MancalaError(f"cannot read file: {exc.strerror}", file=str(path)) from None
    if not allow_todo:
        refuse_todo(text, str(path))
    return load_yaml(text, str(path))
