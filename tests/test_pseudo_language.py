"""A language is catalogs: a small project built in a made-up language ``xx``
whose catalogs are made mechanically from the English templates (every letter
swapped for an accented one, placeholders kept) shows no English word in its
generated captions, alt texts and notes.

A sentence written in Python instead of a catalog, or a message the extraction
misses, stays in plain ASCII English and fails here.  The texts of the example
files themselves (titles, hand-written captions, assumptions: ``en``/``fr`` in
the YAML) and the diagram ids are data, not catalog messages, and are set aside.
"""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from html import unescape
from pathlib import Path

import polib
import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
CAPTIONS_POT = ROOT / "mancala_diagrams" / "drawing" / "locales" / "captions.pot"
EXAMPLES = [
    "katro/katro-capture-from-inner-row.yaml",
    "katra-be/katra-be-rova-capture.yaml",
    "katra-be/katra-be-rova-front.yaml",
    "katra-fandatsaka/katra-fandatsaka-fotsiny.yaml",
    "katra-fandatsaka/katra-fandatsaka-tsibongy.yaml",
    "mraha-wa-ntso/mraha-wa-ntso-nyumba-alone-6.yaml",
    "katro-bevohoka/katro-bevohoka-lap-ends-in-special-hole.yaml",
    "katro-bevohoka/katro-bevohoka-whole-board.yaml",
    # errata: the published board beside the replayed one, and the evidence in words
    "katra-fandatsaka/katra-fandatsaka-relay-facing-empty-hole.yaml",
    "katro-gorobaka/katro-gorobaka-winning-start-4.yaml",
]

PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
ACCENTED = "áƀçđéƒĝĥíĵķĺḿñóṕʠŕšţúṽŵẋýžÁƁÇĐÉƑĜĤÍĴĶĹḾÑÓṔɊŔŠŢÚṼŴẊÝŽ"
SWAP = str.maketrans(PLAIN, ACCENTED)
KEEP = re.compile(r"(%\(\w+\)[sd]|\{\w+\})")   # placeholders: %(who)s, and the viewer's {n}


def pseudo(text: str) -> str:
    """Every letter accented, the placeholders untouched."""
    return "".join(part if KEEP.fullmatch(part) else part.translate(SWAP) for part in KEEP.split(text))


def pseudo_catalog(pot_path: Path, po_path: Path) -> int:
    pot = polib.pofile(str(pot_path))
    po = polib.POFile()
    po.metadata = {"Language": "xx", "MIME-Version": "1.0", "Content-Type": "text/plain; charset=UTF-8",
                   "Content-Transfer-Encoding": "8bit", "Plural-Forms": "nplurals=2; plural=(n != 1);"}
    for e in pot:
        entry = polib.POEntry(msgid=e.msgid, msgctxt=e.msgctxt, msgid_plural=e.msgid_plural)
        if e.msgid_plural:
            entry.msgstr_plural = {0: pseudo(e.msgid), 1: pseudo(e.msgid_plural)}
        else:
            entry.msgstr = pseudo(e.msgid)
        po.append(entry)
    po_path.parent.mkdir(parents=True, exist_ok=True)
    po.save(str(po_path))
    return len(po)


def english_words(text: str) -> list[str]:
    """Words in plain ASCII letters, hole names (``a2``, ``e12``) and the viewer's
    placeholders (``{n}``) excepted."""
    text = re.sub(r"\{\w+\}", " ", text)
    return [w for w in re.findall(r"[A-Za-z][A-Za-z0-9]*", text) if not re.fullmatch(r"[a-z]\d+", w)]


def data_texts(paths) -> list[str]:
    """What the example files say themselves: their English texts and their ids."""
    found = []

    def walk(node, key=None):
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, k)
        elif isinstance(node, list):
            for v in node:
                walk(v, key)
        elif isinstance(node, str) and key in ("en", "id", "example"):
            found.append(node)
    for p in paths:
        walk(yaml.safe_load(p.read_text(encoding="utf-8")))
    return sorted(set(found), key=len, reverse=True)


PAGE = """# A page

Every sentence on this page comes from a catalog.

{examples}

```{{mancala-position}} 2,0,5/4,1,0/0,3,1/3,2,4 south
:last: c2
:sown: a2 b2
```

```{{mancala-track}}
:columns: 6
:start: c1
:direction: clockwise
```

```{{mancala-legend}}
```
"""

CONF = f"""
extensions = ["myst_parser", "mancala_diagrams.sphinx"]
exclude_patterns = ["_build"]
mancala_project_root = {str(ROOT)!r}
locale_dirs = ["locales"]
gettext_compact = False
mancala_locale_dirs = ["locales"]
"""


def sphinx(*args, cwd):
    done = subprocess.run([sys.executable, "-m", "sphinx", "-q", *args], cwd=cwd, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-3000:]
    return done


@pytest.fixture(scope="module")
def pseudo_site(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("pseudo")
    src = tmp / "src"
    (src / "examples").mkdir(parents=True)
    copies = []
    for rel in EXAMPLES:
        copies.append(Path(shutil.copy(ROOT / "sources" / rel, src / "examples" / Path(rel).name)))
    blocks = "\n\n".join(f"```{{mancala-example}} examples/{p.name}\n```" for p in copies)
    (src / "index.md").write_text(PAGE.format(examples=blocks), encoding="utf-8")
    (src / "conf.py").write_text(CONF, encoding="utf-8")
    images = f"mancala_image_cache={tmp / 'images'}"
    # 1. the catalogs of xx, from the English templates only
    sphinx("-b", "gettext", "-D", images, str(src), str(tmp / "pot"), cwd=tmp)
    pages = pseudo_catalog(tmp / "pot" / "index.pot", src / "locales" / "xx" / "LC_MESSAGES" / "index.po")
    captions = pseudo_catalog(CAPTIONS_POT, src / "locales" / "xx" / "LC_MESSAGES" / "captions.po")
    assert pages >= 2 and captions > 100
    # 2. the site in xx, warnings as errors
    sphinx("-W", "-b", "html", "-D", "language=xx", "-D", images, str(src), str(tmp / "html"), cwd=tmp)
    return (tmp / "html" / "index.html").read_text(encoding="utf-8"), data_texts(copies)


def generated_text(html: str) -> dict:
    body = html.split('role="main"', 1)[1].split('<div class="sphinxsidebar"', 1)[0]
    return {
        "captions": [unescape(re.sub(r"<[^>]+>", "", c)) for c in
                     re.findall(r'<span class="caption-text">(.*?)</span>', body, re.S)],
        "alt": [unescape(a) for a in re.findall(r'<img alt="([^"]*)"', body)],
        # the page's text, less Sphinx's own words (the title of a note: Sphinx has no xx)
    "body": unescape(re.sub(r"<[^>]+>", " ", re.sub(r'<p class="admonition-title">[^<]*</p>|<script.*?</script>',
                                                     "", body, flags=re.S))),
        "labels": re.findall(r'data-label-\w+="([^"]*)"', body),
    }


def test_the_detector_finds_english():
    from mancala_diagrams.drawing.captions import describe_position
    from mancala_diagrams.engine.position import Position
    text = describe_position(Position.from_text("2,0,5/4,1,0/0,3,1/3,2,4 south"), "en")
    assert "board" in english_words(text) and "South" in english_words(text)
    assert english_words(pseudo(text).replace(pseudo("c2"), "c2")) == []


def test_a_pseudo_language_from_the_catalogs_leaves_no_english(pseudo_site):
    html, data = pseudo_site
    found = generated_text(html)
    assert len(found["captions"]) > 20 and len(found["alt"]) > 20
    assert any(pseudo("South") in c for c in found["captions"]), found["captions"][:3]
    leftovers = {}
    for where, texts in found.items():
        for text in texts if isinstance(texts, list) else [texts]:
            for known in data:             # a data text may open a sentence: then with a capital
                text = text.replace(known, " ").replace(known[:1].upper() + known[1:], " ")
            words = english_words(text)
            if words:
                leftovers.setdefault(where, []).append((words, text[:200]))
    assert not leftovers, "\n".join(f"{where}: {words} in {text!r}" for where, found in leftovers.items()
                                     for words, text in found[:5])


def test_a_language_without_a_caption_catalog_is_refused(tmp_path):
    (tmp_path / "conf.py").write_text('extensions = ["myst_parser", "mancala_diagrams.sphinx"]\n', encoding="utf-8")
    (tmp_path / "index.md").write_text("# A page\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-b", "html", "-D", "language=qq",
                           str(tmp_path), str(tmp_path / "out")], capture_output=True, text=True)
    assert done.returncode != 0
    assert "no caption catalog for language 'qq'" in done.stderr and "en or fr" in done.stderr
