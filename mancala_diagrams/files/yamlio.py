"""Safe YAML loading that remembers where every value came from.

``load_yaml`` reads PyYAML's stream of parser events (never its recursive
composer) and builds plain ``dict``/``list``/scalars with an explicit stack,
where mappings and sequences are :class:`LocDict`/:class:`LocList` that know
the line and column (1-based) of themselves and of each of their items.

Whatever the text, the result is a value or a located :class:`MancalaError`:
the limits of :mod:`mancala_diagrams.limits` (size, depth, values with aliases
expanded, items per list, digits per number) are checked as the events come,
before the work they bound; an alias is built once and shared (a "billion
laughs" file costs its own size, and is refused by its expanded size); an
alias inside the node it names is refused; only the plain-data tags are
accepted, and a value they cannot read (``!!bool maybe``) is an error at its
place.  A plain (untagged) number is read as one only when it is written in
decimal digits: YAML 1.1's other forms (``6_0``, the sexagesimal ``1:30``, the
octal ``010``, ``0x1F``) are texts, which the checks of each field then refuse
where a number is expected, instead of a value the author did not write.
"""
from __future__ import annotations

import re

import yaml
from yaml.events import (AliasEvent, DocumentStartEvent, MappingEndEvent, MappingStartEvent,
                         ScalarEvent, SequenceEndEvent, SequenceStartEvent, StreamEndEvent)

from ..errors import MancalaError, TodoLeft
from .project import read_text_file  # noqa: F401 - the files layer reads files with it
from ..limits import MAX_DEPTH, MAX_FILE_BYTES, MAX_ITEMS, MAX_NUMBER_CHARS, MAX_VALUES


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


_T = "tag:yaml.org,2002:"
_MAP_TAGS = {_T + "map"}
_SEQ_TAGS = {_T + "seq", _T + "omap"}
# scalar tags a data file may use, and what a value of each looks like
_SCALAR_TAGS = {_T + "str": "text", _T + "int": "a whole number", _T + "float": "a number",
                _T + "bool": "true or false", _T + "null": "null or ~",
                _T + "timestamp": "a date such as 2024-05-01"}
_NUMBER_TAGS = {_T + "int", _T + "float", _T + "timestamp"}
# how a plain scalar must be written to be read as a number (else it is text)
_PLAIN_NUMBER = {_T + "int": re.compile(r"[-+]?(?:0|[1-9][0-9]*)"),
                 _T + "float": re.compile(r"[-+]?(?:[0-9]+\.[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?"
                                          r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)")}
# characters YAML does not allow in a file (PyYAML's reader refuses them without a line)
_NON_PRINTABLE = re.compile("[^\x09\x0A\x0D\x20-\x7E\x85\xA0-\uD7FF\uE000-\uFFFD\U00010000-\U0010FFFF]")
_LINE_BREAK = re.compile("\r\n|[\n\r\x85\u2028\u2029]")
_NAMES = {"\x00": "NUL", "\x1b": "ESC", "\x7f": "DEL"}


def where_in_text(text: str, offset: int) -> tuple[int, int]:
    """(line, column), 1-based, of the character at *offset* in *text*."""
    line, start = 1, 0
    for m in _LINE_BREAK.finditer(text, 0, offset):
        line, start = line + 1, m.end()
    return line, offset - start + 1


def _short(tag):
    return "!!" + tag[len(_T):] if tag and tag.startswith(_T) else tag


def _mark(mark):
    return (mark.line + 1, mark.column + 1)


class _Frame:
    __slots__ = ("value", "anchor", "weight", "key", "key_mark", "has_key")

    def __init__(self, value, anchor):
        self.value, self.anchor, self.weight = value, anchor, 1
        self.key = self.key_mark = None
        self.has_key = False


_OPEN = object()     # an anchor whose node is still being read


class _Builder:
    """Plain values from parser events, with an explicit stack (no recursion a
    file could drive) and each anchored node built once."""

    def __init__(self, file):
        self.file = file
        self.resolver = yaml.resolver.Resolver()
        self.constructor = yaml.constructor.SafeConstructor()

    def error(self, message, mark, **kw):
        line, col = _mark(mark)
        return MancalaError(message, file=self.file, line=line, column=col, **kw)

    def scalar(self, ev):
        value = ev.value
        tag = ev.tag
        if tag is None or tag == "!":
            if ev.implicit[0] and len(value) > MAX_NUMBER_CHARS:
                return value                    # too long to be a number: text
            tag = self.resolver.resolve(yaml.ScalarNode, value, ev.implicit)
            plain = _PLAIN_NUMBER.get(tag)
            if plain is not None and not plain.fullmatch(value):
                return value                    # 6_0, 1:30, 010, 0x1F: text, as written
        if tag == _T + "str":
            return value
        if tag == _T + "merge" and ev.tag is None:
            return "<<"                         # a plain '<<': refused as a key, text elsewhere
        if tag not in _SCALAR_TAGS:
            raise self.error(f"YAML tag {_short(tag)!r} is not allowed (files are plain data)", ev.start_mark,
                             expected="text, numbers, true/false, null, lists and mappings")
        if tag in _NUMBER_TAGS and len(value) > MAX_NUMBER_CHARS:
            raise self.error(f"a number of {len(value)} characters is too long", ev.start_mark,
                             expected=f"at most {MAX_NUMBER_CHARS} characters")
        node = yaml.ScalarNode(tag, value, ev.start_mark, ev.end_mark, ev.style)
        try:
            return self.constructor.yaml_constructors[tag](self.constructor, node)
        except Exception:       # KeyError ('maybe'), ValueError ('0xZZ'), TypeError (a bad date) ...
            raise self.error(f"{value[:40]!r} is not a valid {_short(tag)}", ev.start_mark,
                             expected=_SCALAR_TAGS[tag]) from None

    def build(self, events):
        stack: list[_Frame] = []
        anchors: dict = {}
        total = 0
        documents = 0
        root = None
        for ev in events:
            cls = type(ev)
            if cls is ScalarEvent:
                value, weight, mark, is_scalar = self.scalar(ev), 1, ev.start_mark, True
                total += 1
                if ev.anchor is not None:
                    anchors[ev.anchor] = (value, 1, True)
            elif cls is AliasEvent:
                found = anchors.get(ev.anchor)
                if found is None:
                    raise self.error(f"the alias *{ev.anchor} names no anchor before it", ev.start_mark,
                                     expected=f"&{ev.anchor} on a value above")
                if found is _OPEN:
                    raise self.error(f"the alias *{ev.anchor} is inside the value it names (a recursive "
                                     f"alias)", ev.start_mark, expected="an alias of a value that is complete")
                value, weight, is_scalar = found
                mark = ev.start_mark
                total += weight
                if total > MAX_VALUES:
                    raise self.error(f"with its aliases expanded, the file holds more than {MAX_VALUES:,} "
                                     f"values (the alias *{ev.anchor} stands for {weight:,})", mark,
                                     expected=f"at most {MAX_VALUES:,} values")
            elif cls is MappingStartEvent or cls is SequenceStartEvent:
                is_map = cls is MappingStartEvent
                tag = ev.tag
                if tag not in (None, "!") and tag not in (_MAP_TAGS if is_map else _SEQ_TAGS):
                    raise self.error(f"YAML tag {_short(tag)!r} is not allowed (files are plain data)",
                                     ev.start_mark, expected="text, numbers, true/false, null, lists and mappings")
                if len(stack) >= MAX_DEPTH:
                    raise self.error(f"more than {MAX_DEPTH} mappings and lists inside one another",
                                     ev.start_mark, expected=f"at most {MAX_DEPTH} levels")
                if stack and isinstance(stack[-1].value, LocDict) and not stack[-1].has_key:
                    raise self.error("a mapping key must be a plain value", ev.start_mark)
                total += 1
                value = LocDict() if is_map else LocList()
                value.file, (value.line, value.column) = self.file, _mark(ev.start_mark)
                if ev.anchor is not None:
                    anchors[ev.anchor] = _OPEN
                stack.append(_Frame(value, ev.anchor))
                value._start_mark = ev.start_mark
                continue
            elif cls is MappingEndEvent or cls is SequenceEndEvent:
                frame = stack.pop()
                value, weight, is_scalar = frame.value, frame.weight, False
                mark = value.__dict__.pop("_start_mark")
                if frame.anchor is not None:
                    anchors[frame.anchor] = (value, weight, False)
            elif cls is DocumentStartEvent:
                documents += 1
                if documents > 1:
                    raise self.error("a file holds one YAML document", ev.start_mark,
                                     expected="no second '---'")
                continue
            else:
                continue
            if total > MAX_VALUES:
                raise self.error(f"the file holds more than {MAX_VALUES:,} values", mark,
                                 expected=f"at most {MAX_VALUES:,} values")
            if not stack:
                root = value
                continue
            parent = stack[-1]
            parent.weight += weight
            container = parent.value
            if type(container) is LocList:
                if len(container) >= MAX_ITEMS:
                    raise self.error(f"a list of more than {MAX_ITEMS:,} items", mark,
                                     expected=f"at most {MAX_ITEMS:,} items")
                container.append(value)
                container.item_locs.append(_mark(mark))
            elif not parent.has_key:
                if not is_scalar:
                    raise self.error("a mapping key must be a plain value", mark)
                if value == "<<" and cls is ScalarEvent and ev.tag is None and ev.implicit[0]:
                    raise self.error("YAML merge keys ('<<') are not supported", mark)
                if value in container or parent.key_mark is not None and value == parent.key:
                    raise self.error(f"duplicate key {value!r}", mark)
                if len(container) >= MAX_ITEMS:
                    raise self.error(f"a mapping of more than {MAX_ITEMS:,} keys", mark,
                                     expected=f"at most {MAX_ITEMS:,} keys")
                parent.key, parent.key_mark, parent.has_key = value, mark, True
            else:
                key = parent.key
                container[key] = value
                container.key_locs[key] = _mark(parent.key_mark)
                container.value_locs[key] = _mark(mark)
                parent.key = parent.key_mark = None
                parent.has_key = False
        return root


def _events(text, loader_class):
    loader = loader_class(text)
    try:
        get = loader.get_event
        while True:
            ev = get()
            if ev is None:
                return
            yield ev
            if type(ev) is StreamEndEvent:
                return
    finally:
        loader.dispose()


# libyaml's parser (the same events and marks) when PyYAML has it: several times
# faster than the pure-Python one, and linear where the pure-Python scanner is
# quadratic (a list nested a thousand levels deep takes it seconds)
_LOADER = getattr(yaml, "CSafeLoader", None) or yaml.SafeLoader


def _yaml_error(exc, text, file):
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    if mark is not None:
        line, col = _mark(mark)
    elif getattr(exc, "position", None) is not None:        # a ReaderError
        line, col = where_in_text(text, exc.position)
    else:
        line, col = 1, 1
    problem = getattr(exc, "problem", None) or str(exc)
    context = getattr(exc, "context", None)
    message = " ".join(str(problem).split())
    if "maximum nesting depth" in message and mark is not None:
        # libyaml's own limit (a thousand levels), met while it looks ahead for
        # the end of a flow list: the text before that point, read again, is
        # refused where it goes past MAX_DEPTH
        try:
            _Builder(file).build(_events(text[:getattr(mark, "index", 0)], _LOADER))
        except MancalaError as deeper:
            return deeper
        except yaml.YAMLError:
            pass
        return MancalaError(f"more than {MAX_DEPTH} mappings and lists inside one another", file=file,
                            line=line, column=col, expected=f"at most {MAX_DEPTH} levels")
    if message == "found character that cannot start any token" and mark is not None:
        found = _character_at(text, line, col)
        if found:
            message = f"found character {found!r} that cannot start any token"
    if context and getattr(exc, "problem_mark", None) is not None:
        message += f" ({' '.join(str(context).split())})"
    return MancalaError(f"invalid YAML: {message}", file=file, line=line, column=col)


def _character_at(text, line, column) -> str:
    lines = _LINE_BREAK.split(text)
    if 1 <= line <= len(lines) and 1 <= column <= len(lines[line - 1]):
        return lines[line - 1][column - 1]
    return ""


def load_yaml(text: str, file: str | None = None):
    """Parse YAML *text* safely; errors become :class:`MancalaError` with a location."""
    if len(text) > MAX_FILE_BYTES:
        line, col = where_in_text(text, MAX_FILE_BYTES)
        raise MancalaError(f"the text is longer than {MAX_FILE_BYTES:,} characters", file=file, line=line,
                           column=col, expected=f"at most {MAX_FILE_BYTES:,}")
    bad = _NON_PRINTABLE.search(text)
    if bad:
        ch = bad.group()
        line, col = where_in_text(text, bad.start())
        name = _NAMES.get(ch, "a control character")
        raise MancalaError(f"character U+{ord(ch):04X} ({name}) is not allowed in a YAML file", file=file,
                           line=line, column=col, expected="printable text, tabs and line breaks")
    try:
        value = _Builder(file).build(_events(text, _LOADER))
    except yaml.YAMLError as exc:
        raise _yaml_error(exc, text, file) from None
    if value is None:
        raise MancalaError("the file is empty", file=file, line=1, column=1, expected="a YAML mapping")
    return value


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
        quote = text[match.start() - 1] if match.start() else ""
        if quote in ("'", '"') and snippet.endswith(quote):     # 'TODO: ...': the YAML quotes are not the TODO's
            snippet = snippet[:-1]
        raise TodoLeft(f"the file still holds a TODO: {snippet[:60]!r}", file=file, line=line, column=column,
                       expected="the text, decision or source the TODO asks for, in place of the TODO")


def load_yaml_file(path, allow_todo: bool = False, within=()) -> object:
    """The YAML file *path*, read by :func:`.project.read_text_file` (which
    checks the path first: *within* is the folder it must not be led out of)."""
    text = read_text_file(path, within)
    if not allow_todo:
        refuse_todo(text, str(path))
    return load_yaml(text, str(path))
