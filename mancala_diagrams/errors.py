"""The project's own error types.

Every error a user can cause is a :class:`MancalaError`, which subclasses
:class:`ValueError` (as python-chess does) and may carry the location of the
offending YAML text, so that the CLI and the Sphinx extension can say
``file:line:column: what is wrong (expected ...)`` instead of a traceback.
"""
from __future__ import annotations

import re

#: characters of a quoted value a message shows whole (a longer one is cut to
#: half as many, its length said): room for a path, not for a page of text
QUOTED_CHARS = 200
#: a quoted value: its opening quote follows no letter and precedes no space,
#: its closing quote follows no space and precedes no letter, so that the text
#: between two quoted values of one message (a message that quotes another)
#: is never taken for one
_QUOTED = re.compile("|".join(
    r"(?<!\w){q}(?=\S)(?:[^{q}\\\n]|\\.){{{n},}}(?<=\S){q}(?!\w)".format(q=q, n=QUOTED_CHARS + 1) for q in "'\""))


def _cut(match) -> str:
    text = match.group()
    return f"{text[:QUOTED_CHARS // 2]}…{text[0]} ({len(text) - 2:,} characters)"


def shorten(text):
    """*text* with every quoted value longer than :data:`QUOTED_CHARS` cut
    (a message names a value, it does not echo a page of it)."""
    return _QUOTED.sub(_cut, text) if isinstance(text, str) and len(text) > QUOTED_CHARS else text


class MancalaError(ValueError):
    """Base class: a problem with a rules file, an example, a position or a move."""

    def __init__(self, message: str, *, file: str | None = None, line: int | None = None,
                 column: int | None = None, expected: str | None = None, hint: str | None = None):
        self.message = shorten(message)
        self.file = file
        self.line = line
        self.column = column
        self.expected = shorten(expected)
        self.hint = shorten(hint)
        super().__init__(self.__str__())

    def located(self, file=None, line=None, column=None) -> "MancalaError":
        """Fill in a location that is not known yet; return self."""
        if self.file is None and file is not None:
            self.file = file
        if self.line is None and line is not None:
            self.line, self.column = line, column
        self.args = (self.__str__(),)
        return self

    @property
    def location(self) -> str:
        parts = [self.file or "<input>"]
        if self.line is not None:
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        return ":".join(parts)

    def __str__(self) -> str:
        text = self.message
        if self.expected:
            text += f" (expected {self.expected})"
        if self.hint:
            text += f"; {self.hint}"
        if self.file is not None or self.line is not None:
            return f"{self.location}: {text}"
        return text


class RulesError(MancalaError):
    """A rules file is malformed or names building blocks that cannot work together."""


class ExampleError(MancalaError):
    """A worked-example file is malformed."""


class PositionError(MancalaError):
    """A position (board text, hole name, seed counts) is malformed."""


class IllegalMove(MancalaError):
    """A decision that the rules do not allow at this point of the turn."""

    def __init__(self, message: str, *, rule: str | None = None, **kw):
        self.rule = rule
        if rule:
            message = f"{message} [rule: {rule}]"
        super().__init__(message, **kw)


class EndlessTurn(MancalaError):
    """A turn that would never end (a sowing cycle), cut by the engine."""


class LimitExceeded(EndlessTurn):
    """A turn cut because it goes past a limit of :mod:`mancala_diagrams.limits`
    (laps or seeds sown in one turn, events recorded in a replay): refused
    before the work, never a hang."""


class IncompatibleRules(RulesError):
    """Building blocks (or a block and the board / start) that cannot work
    together.  *reason* is a short stable name for the refusal (documented on
    the building-blocks page); *block* is the block whose key the error is
    located at in the rules file."""

    def __init__(self, message: str, *, reason: str, block: str | None = None, **kw):
        self.reason = reason
        self.block = block
        super().__init__(f"{message} [refused: {reason}]", **kw)


class TodoLeft(MancalaError):
    """A file still holds a ``TODO`` (or ``À FAIRE``) that a scaffold or a draft left for its author."""


def closest_hint(word, candidates) -> str | None:
    """"did you mean ...?" for the candidate closest to *word*, or None when none is close."""
    import difflib
    close = difflib.get_close_matches(str(word), list(candidates), n=1, cutoff=0.6)
    return f"did you mean {close[0]!r}?" if close else None
