"""Refresh the translation catalogs from the English sources (``make i18n``).

Pages: runs Sphinx's gettext builder into ``_build/gettext`` and merges each
template into ``docs/locales/<lang>/LC_MESSAGES/<page>.po``.  Captions (the
generated text of the extension): extracts the messages of the package's code
with Babel into ``mancala_diagrams/drawing/locales/captions.pot`` and merges it
into ``mancala_diagrams/drawing/locales/<lang>/LC_MESSAGES/captions.po``.
Merging is done with polib: translations are kept, new messages are added
untranslated, and messages that left the sources are dropped.  A message with nothing to translate (inline code, numbers and
punctuation only, such as a parameter's name or value in docs/blocks.md) gets
itself as its translation.  ``tests/test_translations.py`` then fails until
every message is translated and none is fuzzy.  No network access is needed.
"""
from __future__ import annotations

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


def merge_one(pot_path: Path, po_path: Path) -> Path:
    pot = polib.pofile(str(pot_path))
    if po_path.exists():
        po = polib.pofile(str(po_path))
        po.merge(pot)
        for entry in [e for e in po if e.obsolete]:
            if po_path.name == THEME_CATALOG:  # the theme's own words are not in our templates: kept
                entry.obsolete = False
            else:
                po.remove(entry)
    else:
        po = polib.POFile()
        po.metadata = {
            "Project-Id-Version": "mancala-diagrams",
            "Language": po_path.parents[1].name,
            "MIME-Version": "1.0",
            "Content-Type": "text/plain; charset=UTF-8",
            "Content-Transfer-Encoding": "8bit",
            "Plural-Forms": "nplurals=2; plural=(n > 1);",
        }
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


def page_languages() -> list[Path]:
    """The catalog folders of the pages, one per language (``docs/locales/<lang>/LC_MESSAGES``)."""
    return sorted(p for p in (DOCS / "locales").glob("*/LC_MESSAGES") if p.is_dir())


if __name__ == "__main__":
    templates = build_templates()
    written = [path for po_dir in page_languages() for path in merge(templates, po_dir)]
    for path in written + merge_captions(extract_captions()):
        po = polib.pofile(str(path))
        todo = len(po.untranslated_entries()) + len(po.fuzzy_entries())
        print(f"{path.relative_to(ROOT)}: {len(po)} messages, {todo} to translate")
