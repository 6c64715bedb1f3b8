"""Refresh the translation catalogs from the English sources (``make i18n``).

Pages: runs Sphinx's gettext builder into ``_build/gettext`` and merges each
template into ``docs/locales/<lang>/LC_MESSAGES/<page>.po``.  Captions (the
generated text of the extension): extracts the messages of the package's code
with Babel into ``mancala_diagrams/drawing/locales/captions.pot`` and merges it
into ``mancala_diagrams/drawing/locales/<lang>/LC_MESSAGES/captions.po``.
Merging is done with polib, as gettext's ``msgmerge`` does it: translations
are kept; a new message close to one that left the sources (a paragraph whose
English was edited) gets that message's translation, marked fuzzy, with the
old English beside it (``#| msgid``) for the translator to compare; other new
messages are added untranslated, and messages that left the sources are
dropped.  A message with nothing to translate (inline code, numbers and
punctuation only, such as a parameter's name or value in docs/blocks.md) gets
itself as its translation.  A new catalog gets the header of its language
(``Language``, and ``Plural-Forms`` from Babel's plural rules).  The script
ends by saying how many messages are untranslated or fuzzy in all;
``--status`` says only that (``make site`` prints it); ``update_catalogs.py
games/NAME`` writes the catalogs of that page only (``mancala-diagrams new
page`` runs it); and
``tests/test_translations.py`` fails until every message is translated and
none is fuzzy.  No network access is needed.
"""
from __future__ import annotations

import difflib
import re
import subprocess
import sys
from pathlib import Path

import polib

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
POT_DIR = ROOT / "_build" / "gettext"
PO_DIR = DOCS / "locales" / "fr" / "LC_MESSAGES"
PACKAGE = ROOT / "mancala_diagrams"
CAPTIONS = PACKAGE / "drawing" / "locales"
CAPTIONS_POT = CAPTIONS / "captions.pot"
# The words of the templates (docs/_templates) and of the theme (Furo).
THEME_CATALOG = "sphinx.po"


def nothing_to_translate(msgid: str) -> bool:
    """True for a message made of inline code, numbers and punctuation only
    (`opposite`, `column` or `5`): it reads the same in every language."""
    words = re.sub(r"`[^`]*`", "", msgid)
    return bool(msgid.strip()) and not re.search(r"[^\W\d_]", words)


def build_templates(out: Path = POT_DIR) -> Path:
    subprocess.run([sys.executable, "-m", "sphinx", "-q", "-b", "gettext", "-d",
                    str(ROOT / "_build" / "doctrees" / "gettext"), str(DOCS), str(out)], check=True)
    return out


def merge(pot_dir: Path = POT_DIR, po_dir: Path = PO_DIR) -> list[Path]:
    return [merge_one(pot_path, po_dir / pot_path.relative_to(pot_dir).with_suffix(".po"))
            for pot_path in sorted(pot_dir.rglob("*.pot"))]


def extract_captions(pot_path: Path = CAPTIONS_POT) -> Path:
    """The messages of the generated text (``gettext``, ``ngettext``, ``pgettext``
    and ``N_`` calls in the package), with Babel, into *pot_path*."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
    from babel.messages.pofile import write_po

    catalog = Catalog(project="mancala-diagrams", charset="utf-8")
    for filename, lineno, message, comments, context in extract_from_dir(
            str(PACKAGE), method_map=[("**.py", "python")], keywords={**DEFAULT_KEYWORDS, "N_": None},
            comment_tags=("Translators:",), strip_comment_tags=True):
        catalog.add(message, None, [(f"mancala_diagrams/{filename}", lineno)], auto_comments=comments,
                    context=context)
    pot_path.parent.mkdir(parents=True, exist_ok=True)
    with open(pot_path, "wb") as f:
        write_po(f, catalog, width=0, sort_by_file=True, include_lineno=False)  # stable across edits
    pot = polib.pofile(str(pot_path), wrapwidth=0)
    pot.header = "Messages of the generated captions, alt texts and tables (make i18n writes this file)."
    pot.metadata = {k: v for k, v in pot.metadata.items() if k in ("Project-Id-Version", "MIME-Version",
                                                                    "Content-Type", "Content-Transfer-Encoding")}
    pot.save(str(pot_path))
    return pot_path


def merge_captions(pot_path: Path = CAPTIONS_POT) -> list[Path]:
    """Into the caption catalog of every language folder (a new, empty
    ``<lang>/LC_MESSAGES/`` folder gets one with every message untranslated)."""
    return [merge_one(pot_path, folder / "captions.po")
            for folder in sorted(p for p in CAPTIONS.glob("*/LC_MESSAGES") if p.is_dir())]


#: how close (difflib's ratio, as msgmerge's own measure, from 0 to 1) a new message must be to one
#: that left the sources for the old translation to be kept as a fuzzy one
FUZZY_CUTOFF = 0.6


def language_of(po_path: Path) -> str:
    """The language of a catalog: the folder above ``LC_MESSAGES`` (``fr`` for
    ``docs/locales/fr/LC_MESSAGES/games/fanga.po``)."""
    parts = po_path.parts
    if "LC_MESSAGES" not in parts or parts.index("LC_MESSAGES") == 0:
        raise SystemExit(f"{po_path}: a catalog lives in <language>/LC_MESSAGES/")
    return parts[parts.index("LC_MESSAGES") - 1]


def new_catalog(po_path: Path) -> polib.POFile:
    """An empty catalog with the header of its language: ``Language``, and the
    ``Plural-Forms`` of the language's other catalogs (one rule per language),
    else of Babel's plural rules."""
    language = language_of(po_path)
    folder = Path(*po_path.parts[:po_path.parts.index("LC_MESSAGES") + 1])
    plural = next((polib.pofile(str(p)).metadata.get("Plural-Forms") for p in sorted(folder.rglob("*.po"))
                   if p != po_path), None)
    if not plural:
        from babel.messages.plurals import get_plural
        rule = get_plural(language)
        plural = f"nplurals={rule.num_plurals}; plural={rule.plural_expr};"
    po = polib.POFile()
    po.metadata = {
        "Project-Id-Version": "mancala-diagrams",
        "Language": language,
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        "Plural-Forms": plural,
    }
    return po


def keep_as_fuzzy(added: list, gone: list) -> int:
    """Give each message of *added* that has no translation the translation of
    the closest message of *gone* (translated messages that left the
    sources), if close enough, marked fuzzy and with the old message as
    ``previous_msgid``; each old translation is used once.  Returns how many
    were kept."""
    kept = 0
    left = [e for e in gone if e.msgstr or any(e.msgstr_plural.values())]
    for entry in added:
        if entry.msgstr or any(entry.msgstr_plural.values()) or not left:
            continue
        best, score = None, FUZZY_CUTOFF
        for old in left:
            if old.msgctxt != entry.msgctxt or bool(old.msgid_plural) != bool(entry.msgid_plural):
                continue
            matcher = difflib.SequenceMatcher(None, old.msgid, entry.msgid, autojunk=False)
            if matcher.real_quick_ratio() < score or matcher.quick_ratio() < score:
                continue
            ratio = matcher.ratio()
            if ratio >= score:
                best, score = old, ratio
        if best is None:
            continue
        left.remove(best)
        entry.msgstr = best.msgstr
        if entry.msgid_plural:
            entry.msgstr_plural = dict(best.msgstr_plural)
        entry.previous_msgid = best.msgid
        if "fuzzy" not in entry.flags:
            entry.flags.append("fuzzy")
        kept += 1
    return kept


def merge_one(pot_path: Path, po_path: Path) -> Path:
    pot = polib.pofile(str(pot_path))
    if po_path.exists():
        po = polib.pofile(str(po_path))
        before = {e.msgid_with_context for e in po if not e.obsolete}
        po.merge(pot)
        gone = [e for e in po if e.obsolete]
        keep_as_fuzzy([e for e in po if not e.obsolete and e.msgid_with_context not in before], gone)
        for entry in gone:
            if po_path.name == THEME_CATALOG:  # the theme's own words are not in our templates: kept
                entry.obsolete = False
            else:
                po.remove(entry)
    else:
        po = new_catalog(po_path)
        for entry in pot:
            po.append(polib.POEntry(msgid=entry.msgid, msgctxt=entry.msgctxt, msgid_plural=entry.msgid_plural,
                                    msgstr="", msgstr_plural={0: "", 1: ""} if entry.msgid_plural else {},
                                    occurrences=entry.occurrences, flags=list(entry.flags)))
    for entry in po:
        if not entry.msgstr and nothing_to_translate(entry.msgid):
            entry.msgstr = entry.msgid
    po_path.parent.mkdir(parents=True, exist_ok=True)
    po.save(str(po_path))
    return po_path


def to_translate(path: Path) -> tuple[int, int, int]:
    """(messages, untranslated, fuzzy) of a catalog, obsolete ones left out."""
    po = polib.pofile(str(path))
    live = [e for e in po if not e.obsolete]
    fuzzy = sum(1 for e in live if "fuzzy" in e.flags)
    untranslated = sum(1 for e in live if "fuzzy" not in e.flags and not e.translated())
    return len(live), untranslated, fuzzy


def all_catalogs() -> list[Path]:
    """Every catalog of the pages and of the captions, in every language."""
    return sorted(p for folder in page_languages() for p in folder.rglob("*.po")) + \
        sorted(CAPTIONS.glob("*/LC_MESSAGES/captions.po"))


def status(paths) -> str:
    """One line: how many messages are left to translate, untranslated and fuzzy."""
    untranslated = fuzzy = 0
    where = []
    for path in paths:
        _, u, f = to_translate(path)
        untranslated, fuzzy = untranslated + u, fuzzy + f
        if u or f:
            where.append(str(path.relative_to(ROOT)))
    if not where:
        return f"catalogs: every message of {len(list(paths))} catalogs is translated, none is fuzzy"
    return (f"catalogs: {untranslated} untranslated and {fuzzy} fuzzy messages (their pages show the English "
            f"until they are translated; a fuzzy one keeps the old translation of an edited message: "
            f"review it, then remove its fuzzy flag) in " + ", ".join(where))


def page_languages() -> list[Path]:
    """The catalog folders of the pages, one per language (``docs/locales/<lang>/LC_MESSAGES``)."""
    return sorted(p for p in (DOCS / "locales").glob("*/LC_MESSAGES") if p.is_dir())


def merge_pages(docnames, pot_dir: Path = POT_DIR) -> list[Path]:
    """The catalogs of the pages *docnames* only (``games/katro``), in every
    language: what ``mancala-diagrams new page`` asks for its new page."""
    out = []
    for docname in docnames:
        pot_path = pot_dir / f"{docname}.pot"
        if not pot_path.is_file():
            raise SystemExit(f"docs/{docname}.md: no such page (or it gives no message)")
        out += [merge_one(pot_path, po_dir / f"{docname}.po") for po_dir in page_languages()]
    return out


if __name__ == "__main__":
    if sys.argv[1:] == ["--status"]:
        print(status(all_catalogs()))
        raise SystemExit(0)
    templates = build_templates()
    if sys.argv[1:]:        # some pages only: their catalogs, not the captions'
        written = merge_pages(sys.argv[1:], templates)
    else:
        written = [path for po_dir in page_languages() for path in merge(templates, po_dir)]
        written += merge_captions(extract_captions())
    for path in written:
        n, untranslated, fuzzy = to_translate(path)
        print(f"{path.relative_to(ROOT)}: {n} messages, {untranslated} untranslated, {fuzzy} fuzzy")
    print(status(all_catalogs()))
