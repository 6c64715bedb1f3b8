"""The words of generated text (captions, alt text, tables) from gettext catalogs.

English is the source language: the messages are written in English in the
code, marked for extraction (``gettext``, ``ngettext``, ``pgettext``, ``N_``),
and every other language is a catalog
``locales/<lang>/LC_MESSAGES/captions.po`` beside this module.  Messages are
whole sentences or clauses with named placeholders (``%(who)s``), so the word
order, the articles and the punctuation (the no-break spaces of French) are
the translator's.

``make i18n`` extracts the messages with Babel into ``locales/captions.pot``
and merges them into every catalog.  A catalog is compiled with Babel when it
is first used (in memory, from the ``.po``; a ``.mo`` beside it, if present
and newer, is read instead), so a fresh clone needs no build step.  Fuzzy
messages are left out, as ``msgfmt`` does.
"""
from __future__ import annotations

import gettext
import io
from functools import lru_cache
from pathlib import Path

from ..errors import MancalaError
from ..languages import (DOMAIN, LOCALES, SOURCE as SOURCE_LANGUAGE, catalog_path,  # noqa: F401 - the catalogs' names
                         languages, locale_dirs, set_locale_dirs)


def N_(message: str) -> str:
    """Marks *message* for extraction where it is only looked up later."""
    return message


def use_locale_dirs(dirs) -> None:
    """Look for caption catalogs in *dirs* too (before the package's own): a
    project can bring a language of its own (``mancala_locale_dirs`` in Sphinx)."""
    set_locale_dirs(dirs)
    translations.cache_clear()
    words.cache_clear()


def _compile(po_path: Path) -> gettext.GNUTranslations:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with open(po_path, "rb") as f:
        try:
            catalog = read_po(f, abort_invalid=True)
        except Exception as exc:  # noqa: BLE001 - Babel's errors become a located MancalaError
            raise MancalaError(f"{po_path}: not a readable gettext catalog ({exc})") from None
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    buf.seek(0)
    return gettext.GNUTranslations(buf)


@lru_cache(maxsize=None)
def translations(lang: str) -> gettext.NullTranslations:
    """The compiled catalog of *lang* (English: the messages themselves)."""
    if lang == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    po = catalog_path(lang)
    mo = po.with_suffix(".mo")
    if not po.exists() and not mo.exists():
        raise MancalaError(f"no caption catalog for language {lang!r}",
                           expected=" or ".join(languages()))
    if mo.exists() and (not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime):
        with open(mo, "rb") as f:
            return gettext.GNUTranslations(f)
    return _compile(po)


def catalog_language(language) -> str:
    """The catalog of a build language: ``fr`` for ``fr``, ``fr_FR`` or ``fr-CA``
    (English when none is set); a MancalaError names the languages there are."""
    lang = str(language or SOURCE_LANGUAGE).replace("-", "_")
    known = languages()
    for candidate in (lang, lang.lower(), lang.split("_")[0].lower()):
        if candidate in known:
            return candidate
    raise MancalaError(f"no caption catalog for language {language!r} (none at "
                       f"{catalog_path(lang.split('_')[0].lower())})", expected=" or ".join(known))


def in_language(texts, lang: str) -> str:
    """A text of a data file given per language ({"en": ..., "fr": ...}): the
    one in *lang*, else the English one."""
    if not isinstance(texts, dict):
        return "" if texts is None else str(texts)
    return texts.get(lang) or texts.get(SOURCE_LANGUAGE, "")


class Words:
    """The messages of one language, formatted: ``w.gettext("%(who)s joue.", who=...)``.

    The method names are the ones Babel extracts by default."""

    def __init__(self, lang: str):
        self.lang = lang
        self.t = translations(lang)

    @staticmethod
    def _format(text: str, values: dict) -> str:
        return text % values if values else text

    def gettext(self, message: str, **values) -> str:
        return self._format(self.t.gettext(message), values)

    def pgettext(self, context: str, message: str, **values) -> str:
        return self._format(self.t.pgettext(context, message), values)

    def ngettext(self, singular: str, plural: str, n: int, **values) -> str:
        return self._format(self.t.ngettext(singular, plural, n), {"n": n, **values})

    def lookup(self, message: str, **values) -> str:
        """A message marked elsewhere with ``N_`` (a table of messages)."""
        return self.gettext(message, **values)


@lru_cache(maxsize=None)
def words(lang: str) -> Words:
    return Words(lang)
