"""The Malagasy, Shimaore and Swahili words of the pages carry their language
(docs/_ext/word_languages.py, the lists in docs/conf.py's ``word_languages``),
so that a screen reader says them as they are said."""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

from word_languages import word_pattern  # noqa: E402

WORDS = {"mg": ["katro", "mandry", "mandry dia homana", "katra be"], "swb": ["m'raha wa ntso", "nyumba"]}


def marked(text):
    pattern, language_of = word_pattern(WORDS)
    return [(m.group(1), language_of[m.group(1).lower().replace("\u2019", "'")]) for m in pattern.finditer(text)]


def test_the_longest_phrase_whole_words_any_case_either_apostrophe():
    assert marked("Mandry dia homana, not mandry; Katro.") == [
        ("Mandry dia homana", "mg"), ("mandry", "mg"), ("Katro", "mg")]
    assert marked("le m’raha wa ntso et sa nyumba") == [("m’raha wa ntso", "swb"), ("nyumba", "swb")]
    assert marked("katros, pre-katro, katrobe, katra bea") == []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_pages_mark_the_words_of_the_games(site, lang):
    katro = (site / lang / "games" / "katro.html").read_text(encoding="utf-8")
    assert re.search(r'<h1><span lang="mg">Katro</span>', katro)
    assert re.search(r'<span lang="mg">mandry dia homana</span>', katro, re.I)
    glossary = (site / lang / "glossary.html").read_text(encoding="utf-8")
    assert re.search(r'<dt id="term-nyumba"><span lang="swb">nyumba</span>', glossary)
    assert re.search(r'<span lang="sw">bao</span>', glossary)
    # code is left as it is
    check = (site / lang / "check.html").read_text(encoding="utf-8")
    for code in re.findall(r"<pre[^>]*>(.*?)</pre>", check, re.S):
        assert "lang=" not in code
