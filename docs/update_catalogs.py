"""Refresh the French catalogs from the English pages (``make i18n``).

Runs Sphinx's gettext builder into ``_build/gettext`` and merges each template
into ``docs/locales/fr/LC_MESSAGES/<page>.po`` with polib: translations are
kept, new messages are added untranslated, and messages that left the pages
are dropped.  A message with nothing to translate (inline code, numbers and
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
    written = []
    for pot_path in sorted(pot_dir.rglob("*.pot")):
        rel = pot_path.relative_to(pot_dir).with_suffix(".po")
        po_path = po_dir / rel
        pot = polib.pofile(str(pot_path))
        if po_path.exists():
            po = polib.pofile(str(po_path))
            po.merge(pot)
            for entry in [e for e in po if e.obsolete]:
                po.remove(entry)
        else:
            po = polib.POFile()
            po.metadata = {
                "Project-Id-Version": "mancala-diagrams",
                "Language": "fr",
                "MIME-Version": "1.0",
                "Content-Type": "text/plain; charset=UTF-8",
                "Content-Transfer-Encoding": "8bit",
                "Plural-Forms": "nplurals=2; plural=(n > 1);",
            }
            for entry in pot:
                po.append(polib.POEntry(msgid=entry.msgid, msgstr="", occurrences=entry.occurrences))
        for entry in po:
            if not entry.msgstr and nothing_to_translate(entry.msgid):
                entry.msgstr = entry.msgid
        po_path.parent.mkdir(parents=True, exist_ok=True)
        po.save(str(po_path))
        written.append(po_path)
    return written


if __name__ == "__main__":
    for path in merge(build_templates()):
        po = polib.pofile(str(path))
        todo = len(po.untranslated_entries()) + len(po.fuzzy_entries())
        print(f"{path.relative_to(ROOT)}: {len(po)} messages, {todo} to translate")
