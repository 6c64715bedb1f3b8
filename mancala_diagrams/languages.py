"""The languages of the project, in one place.

English is the source language: the code's messages and the data files' texts
are written in English first.  Every other language is a caption catalog,
``drawing/locales/<lang>/LC_MESSAGES/captions.po`` in the package (the
*package's* languages: a data file gives its texts in each of them), or in a
folder a project adds with :func:`use_locale_dirs` (a project's own language,
``mancala_locale_dirs`` in Sphinx: its texts may be given in the data files,
and fall back to English where they are not).  Adding a language to the
package is adding its catalogs, and its texts to the data files; nothing in
the code names a language but the source.
"""
from __future__ import annotations

from pathlib import Path

SOURCE = "en"
DOMAIN = "captions"
LOCALES = Path(__file__).resolve().parent / "drawing" / "locales"

_extra_dirs: list[Path] = []


def set_locale_dirs(dirs) -> None:
    """Look for caption catalogs in *dirs* too, before the package's own."""
    _extra_dirs[:] = [Path(d) for d in dirs]


def locale_dirs() -> list[Path]:
    return [*_extra_dirs, LOCALES]


def _found(folders) -> list[str]:
    found = sorted({p.parent.parent.name for d in folders for suffix in ("po", "mo")
                    for p in d.glob(f"*/LC_MESSAGES/{DOMAIN}.{suffix}")})
    return [SOURCE] + [lang for lang in found if lang != SOURCE]


def languages() -> list[str]:
    """English and every language with a caption catalog, the project's own included."""
    return _found(locale_dirs())


def package_languages() -> list[str]:
    """English and every language whose caption catalog the package ships: the
    languages every text of a data file is given in."""
    return _found([LOCALES])


def catalog_path(lang: str) -> Path:
    """The caption catalog of *lang* (the first found; the package's if none is).
    A catalog may also be its compiled ``.mo`` alone (as the in-page player has it)."""
    for folder in locale_dirs():
        path = folder / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
        if path.exists() or path.with_suffix(".mo").exists():
            return path
    return LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def listed(langs) -> str:
    """``en and fr``, ``en, fr and xx``: the languages named in an error's expectation."""
    langs = list(langs)
    return langs[0] if len(langs) == 1 else ", ".join(langs[:-1]) + " and " + langs[-1]
