"""Words the files layer gives in every language: an English message of the
caption catalogs and its values, said in a language by the layer that reads
the catalogs (:func:`mancala_diagrams.view.rows.say`).

The verifier's evidence (an erratum's search, a seed count, a claim the replay
contradicts, what is known of a start copied from a page) is written once, in
English, with named placeholders (``%(seeds)s``); ``make i18n`` extracts each
message marked with :func:`N_`, and a language is its catalog alone: a third
language gets the evidence as soon as its catalog translates the messages.
A value is text, a number, a :class:`Said`, or a tuple of them (said one after
the other, separated by commas).

Pure: no catalog is read here; :meth:`Said.english` is the message itself.
"""
from __future__ import annotations

from dataclasses import dataclass


def N_(message: str) -> str:
    """Marks *message* for the caption catalogs (it is looked up when said)."""
    return message


@dataclass(frozen=True)
class Said:
    """*message* (English, a message of the caption catalogs) with *values*,
    (name, value) pairs."""
    message: str
    values: tuple = ()

    def english(self) -> str:
        return say_with(self, lambda message: message)

    def __str__(self) -> str:
        return self.english()


def said(message: str, **values) -> Said:
    """``said(N_("%(n)s seeds"), n=3)``."""
    return Said(message, tuple(values.items()))


def joined(items, message: str) -> Said | str:
    """*items* said one after the other, each pair joined by *message* (two
    placeholders, ``%(first)s`` and ``%(then)s``: ``"%(first)s; %(then)s"``)."""
    items = list(items)
    if not items:
        return ""
    out = items[0]
    for item in items[1:]:
        out = said(message, first=out, then=item)
    return out


def say_with(value, translate) -> str:
    """*value* in words, each message looked up with *translate* (message ->
    the language's message)."""
    if isinstance(value, Said):
        values = {name: say_with(v, translate) for name, v in value.values}
        text = translate(value.message)
        return text % values if values else text
    if isinstance(value, tuple):
        return ", ".join(say_with(v, translate) for v in value)
    return str(value)
