"""`make i18n` (docs/update_catalogs.py) on a copy of the project, as a
contributor uses it: the French of an English paragraph they edited is kept,
marked fuzzy with the old English beside it (as gettext's msgmerge does), a
new page gets a catalog with the header of its language, and the script says
how many messages are left to translate or review."""
import shutil
import subprocess
import sys
import textwrap

import polib
import pytest

from conftest import ROOT

sys.path.insert(0, str(ROOT / "docs"))
try:
    import update_catalogs
finally:
    sys.path.remove(str(ROOT / "docs"))


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    """A copy of the project whose fanga page has an edited paragraph and which
    has a new page, after `make i18n`: (root, output of the script)."""
    root = tmp_path_factory.mktemp("i18n") / "project"
    for folder in ("docs", "rules", "sources", "mancala_diagrams"):
        shutil.copytree(ROOT / folder, root / folder, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    page = root / "docs" / "games" / "fanga.md"
    text = page.read_text(encoding="utf-8")
    assert EDITED_BEFORE in text
    page.write_text(text.replace(EDITED_BEFORE, EDITED_AFTER), encoding="utf-8")
    (root / "docs" / "games" / "new-game.md").write_text("# A new game\n\nIt is played on a board.\n",
                                                         encoding="utf-8")
    index = root / "docs" / "index.md"
    index.write_text(index.read_text(encoding="utf-8").replace("games/katro\n", "games/katro\ngames/new-game\n", 1),
                     encoding="utf-8")
    done = subprocess.run([sys.executable, str(root / "docs" / "update_catalogs.py")], cwd=root,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return root, done.stdout


EDITED_BEFORE = "Nothing more is known about it."
EDITED_AFTER = "Nothing more is known about this game."


def catalog(root, name):
    return polib.pofile(str(root / "docs" / "locales" / "fr" / "LC_MESSAGES" / name))


def test_the_french_of_an_edited_paragraph_is_kept_as_fuzzy(project):
    root, _ = project
    before = next(e for e in catalog(ROOT, "games/fanga.po") if e.msgid.startswith(EDITED_BEFORE))
    after = [e for e in catalog(root, "games/fanga.po") if e.msgid.startswith(EDITED_AFTER)]
    assert len(after) == 1
    entry = after[0]
    assert entry.msgstr == before.msgstr and entry.msgstr        # the old translation, kept
    assert "fuzzy" in entry.flags                                # ... to be reviewed
    assert entry.previous_msgid == before.msgid                  # with the old English beside it
    assert not any(e.msgid == before.msgid for e in catalog(root, "games/fanga.po"))


def test_the_other_messages_of_the_page_are_untouched(project):
    root, _ = project
    old = {e.msgid: e.msgstr for e in catalog(ROOT, "games/fanga.po") if not e.msgid.startswith(EDITED_BEFORE)}
    new = {e.msgid: (e.msgstr, e.flags) for e in catalog(root, "games/fanga.po")}
    assert all(new[m] == (s, []) for m, s in old.items())


def test_a_new_page_gets_a_catalog_with_the_header_of_its_language(project):
    root, _ = project
    po = catalog(root, "games/new-game.po")
    assert po.metadata["Language"] == "fr"
    assert po.metadata["Plural-Forms"] == catalog(ROOT, "index.po").metadata["Plural-Forms"]
    assert [e.msgid for e in po] == ["A new game", "It is played on a board."]
    assert all(e.msgstr == "" and not e.flags for e in po)


def test_the_script_says_how_many_messages_are_left(project):
    root, out = project
    assert "docs/locales/fr/LC_MESSAGES/games/fanga.po: " in out
    assert [line for line in out.splitlines() if "games/fanga.po" in line][0].endswith(", 0 untranslated, 1 fuzzy")
    last = out.strip().splitlines()[-1]
    assert last.startswith("catalogs: 2 untranslated and 1 fuzzy messages")
    assert last.endswith("in docs/locales/fr/LC_MESSAGES/games/fanga.po, docs/locales/fr/LC_MESSAGES/games/new-game.po")


def test_a_message_unlike_any_old_one_gets_no_translation():
    old = polib.POEntry(msgid="The katro is played on four rows.", msgstr="Le katro se joue sur quatre rangées.")
    close = polib.POEntry(msgid="The katro is played on four rows of holes.")
    far = polib.POEntry(msgid="Seeds are sown one by one.")
    assert update_catalogs.keep_as_fuzzy([far, close], [old]) == 1
    assert far.msgstr == "" and not far.flags
    assert close.msgstr == old.msgstr and close.flags == ["fuzzy"]
    # each old translation serves once
    other = polib.POEntry(msgid="The katro is played on four rows!")
    assert update_catalogs.keep_as_fuzzy([other], []) == 0


def test_the_language_of_a_catalog_is_the_folder_above_lc_messages(tmp_path):
    assert update_catalogs.language_of(tmp_path / "locales" / "mg" / "LC_MESSAGES" / "games" / "x.po") == "mg"
    # a language with no catalog yet: Babel's plural rule
    po = update_catalogs.new_catalog(tmp_path / "locales" / "mg" / "LC_MESSAGES" / "games" / "x.po")
    assert po.metadata["Language"] == "mg" and po.metadata["Plural-Forms"] == "nplurals=2; plural=(n > 1);"
    assert textwrap.dedent(str(po)).startswith("#\nmsgid \"\"\nmsgstr \"\"\n\"Project-Id-Version: mancala-diagrams")
