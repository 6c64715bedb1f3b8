"""The translation gate: every message of the site is translated into French,
none is fuzzy, and the catalogs are in step with the English pages."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import polib
import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PO_DIR = DOCS / "locales" / "fr" / "LC_MESSAGES"


def catalogs():
    return sorted(PO_DIR.rglob("*.po"))


def test_there_are_catalogs():
    assert catalogs(), "no French catalog in docs/locales/fr/LC_MESSAGES"


@pytest.mark.parametrize("path", catalogs(), ids=lambda p: str(p.relative_to(PO_DIR)))
def test_catalog_is_complete(path):
    po = polib.pofile(str(path))
    untranslated = [e.msgid for e in po.untranslated_entries() if not e.obsolete]
    fuzzy = [e.msgid for e in po.fuzzy_entries() if not e.obsolete]
    assert not untranslated, f"{path.name}: untranslated: {untranslated[:3]}"
    assert not fuzzy, f"{path.name}: fuzzy: {fuzzy[:3]}"


def test_french_uses_typographic_apostrophes():
    for path in catalogs():
        for e in polib.pofile(str(path)):
            text = e.msgstr
            # a straight quote is allowed only inside a cross-reference target: {term}`x <m'raha ...>`
            for part in text.split("`"):
                if "<" in part and ">" in part:
                    continue
                assert "'" not in part, f"{path.name}: straight apostrophe in {text!r}"


@pytest.fixture(scope="module")
def templates(tmp_path_factory):
    """The messages of the English pages as they are now (Sphinx's gettext builder)."""
    tmp = tmp_path_factory.mktemp("gettext")
    out = tmp / "pot"
    subprocess.run([sys.executable, "-m", "sphinx", "-q", "-b", "gettext", "-d", str(tmp / "doctrees"),
                    "-D", f"mancala_image_cache={tmp / 'images'}", str(DOCS), str(out)],
                   check=True, cwd=ROOT)
    return {p.relative_to(out).with_suffix(".po"): polib.pofile(str(p)) for p in sorted(out.rglob("*.pot"))}


def test_catalogs_cover_every_message_of_the_pages(templates):
    """Every page, the generated reference of building blocks (blocks.md) included."""
    assert Path("blocks.po") in templates
    missing = []
    for rel, pot in templates.items():
        po_path = PO_DIR / rel
        translated = {}
        if po_path.exists():
            translated = {e.msgid: e.msgstr for e in polib.pofile(str(po_path))
                          if e.msgstr and "fuzzy" not in e.flags and not e.obsolete}
        for e in pot:
            if e.msgid not in translated:
                missing.append(f"{rel}: {e.msgid[:60]!r}")
    assert not missing, "run `make i18n` and translate:\n" + "\n".join(missing[:20])


def test_generated_captions_and_alt_texts_stay_out_of_the_catalogs(templates):
    """Captions and alt texts are written in each language by the extension, not translated."""
    assert any(str(rel).startswith("games") for rel in templates)
    for rel, pot in templates.items():
        for e in pot:
            assert not re.match(r"^[a-z-]+-\d\d\. ", e.msgid), f"{rel}: generated caption {e.msgid!r}"
            assert not e.msgid.startswith("A board of"), f"{rel}: generated alt text {e.msgid!r}"


# -- the caption catalogs (generated captions, alt texts and tables) ---------------------------

CAPTIONS = ROOT / "mancala_diagrams" / "drawing" / "locales"
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")


def caption_catalogs():
    return sorted(CAPTIONS.glob("*/LC_MESSAGES/captions.po"))


def test_there_is_a_french_caption_catalog():
    assert CAPTIONS / "fr" / "LC_MESSAGES" / "captions.po" in caption_catalogs()


@pytest.mark.parametrize("path", caption_catalogs(), ids=lambda p: p.parts[-3])
def test_caption_catalog_is_complete(path):
    po = polib.pofile(str(path))
    untranslated = [e.msgid for e in po.untranslated_entries() if not e.obsolete]
    fuzzy = [e.msgid for e in po.fuzzy_entries() if not e.obsolete]
    assert not untranslated, f"{path}: untranslated: {untranslated[:3]}"
    assert not fuzzy, f"{path}: fuzzy: {fuzzy[:3]}"


@pytest.mark.parametrize("path", caption_catalogs(), ids=lambda p: p.parts[-3])
def test_caption_translations_use_only_the_placeholders_they_are_given(path):
    """A misspelt placeholder would fail at build time; this finds it first.  The
    values of a message are those of its msgid (and plural), and any named in a
    comment for translators."""
    wrong = []
    for e in polib.pofile(str(path)):
        given = set(PLACEHOLDER.findall(e.msgid + (e.msgid_plural or "") + (e.comment or "")))
        texts = list(e.msgstr_plural.values()) if e.msgid_plural else [e.msgstr]
        for text in texts:
            if set(PLACEHOLDER.findall(text)) - given:
                wrong.append(f"{e.msgid!r} -> {text!r}")
    assert not wrong, "\n".join(wrong)


def test_caption_catalogs_are_in_step_with_the_code(tmp_path):
    """Every message the code marks is in the template and in each catalog, and no
    catalog keeps a message the code no longer has (run `make i18n`)."""
    sys.path.insert(0, str(DOCS))
    try:
        import update_catalogs
    finally:
        sys.path.remove(str(DOCS))
    pot = polib.pofile(str(update_catalogs.extract_captions(tmp_path / "captions.pot")))
    wanted = {(e.msgctxt, e.msgid, e.msgid_plural) for e in pot}
    assert len(wanted) > 100
    committed = {(e.msgctxt, e.msgid, e.msgid_plural) for e in polib.pofile(str(CAPTIONS / "captions.pot"))}
    assert committed == wanted, f"captions.pot: missing {sorted(wanted - committed, key=str)[:3]}, " \
                                f"stale {sorted(committed - wanted, key=str)[:3]}"
    for path in caption_catalogs():
        have = {(e.msgctxt, e.msgid, e.msgid_plural) for e in polib.pofile(str(path)) if not e.obsolete}
        assert have == wanted, f"{path}: missing {sorted(wanted - have, key=str)[:3]}, " \
                               f"stale {sorted(have - wanted, key=str)[:3]}"


def test_french_captions_use_typographic_apostrophes_and_no_break_spaces():
    for e in polib.pofile(str(CAPTIONS / "fr" / "LC_MESSAGES" / "captions.po")):
        for text in (list(e.msgstr_plural.values()) if e.msgid_plural else [e.msgstr]):
            assert "'" not in text, f"straight apostrophe in {text!r}"
            assert not re.search(r"\w [:;]", text), f"a plain space before : or ; in {text!r}"
