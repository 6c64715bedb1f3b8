"""The French site reads as French: checked on the built pages (the site the
browser tests build, ``site`` in conftest.py), not on the catalogs alone, since
a translation can be dropped on the way (a heading that starts "1. " is parsed
as a list, and its translation is lost) and some words come from the theme or
the extension, not from the catalogs.

- no English sentence of the pages' sources (every English message of the
  page catalogs, of the caption catalog and of the theme's words) is on a
  French page, and no sentence of the published source pages
  (``../shared/published``, Busser's text, in French) is copied onto one;
- French typography: a no-break space before ``:``, ``;``, ``?`` and ``!``
  and inside « guillemets », centuries written XXᵉ;
- the words: a hole is a *case*, game names are not capitalised in the middle
  of a sentence, the glossary is in the order of the French words.

The text of a page is its visible text less code (``pre``, ``code``) and
scripts; the bibliography's entries (titles of works, in their own language)
are set aside too.
"""
from __future__ import annotations

import html
import json
import re
from pathlib import Path

import polib
import pytest

from mancala_diagrams.files.project import published_dir

ROOT = Path(__file__).resolve().parent.parent
PAGE_CATALOGS = ROOT / "docs" / "locales" / "fr" / "LC_MESSAGES"
CAPTIONS_POT = ROOT / "mancala_diagrams" / "drawing" / "locales" / "captions.pot"
PUBLISHED = published_dir(ROOT)     # ../shared/published, if it holds the pages
NBSP = "\u00a0"
MIN_WORDS = 4           # shorter runs of words ("Katro bevohoka", "the turn") are names or too common


def visible_text(page: str, code: str | None = None) -> str:
    """The words a reader sees: no code blocks, scripts, styles, bibliography
    entries or tags; entities decoded; spaces (not no-break spaces) collapsed.
    Inline code stays (it is part of its sentence), or is replaced by *code*."""
    page = re.sub(r"(?s)<(script|style|pre)\b.*?</\1>", " ", page)
    if code is not None:
        page = re.sub(r"(?s)<(code|kbd)\b.*?</\1>", code, page)
    page = re.sub(r'(?s)<div class="citation"[^>]*>.*?</div>', " ", page)
    page = re.sub(r'(?s)<(div|ul)[^>]*class="[^"]*\b(bibliography|citation-list)\b[^"]*"[^>]*>.*?</\1>', " ", page)
    page = re.sub(r"<[^>]+>", " ", page)
    return re.sub(r"[ \t\r\n]+", " ", html.unescape(page))


def plain(message: str) -> str:
    """A catalog message as it reads on the page: roles, code and emphasis marks removed."""
    message = re.sub(r"\{\w+\}`([^`<]*?)\s*(<[^>]*>)?`", r"\1", message)
    message = re.sub(r"`+([^`]*)`+", r"\1", message)
    message = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", message)
    message = re.sub(r"(\*\*|\*|__)(\S[^*_]*?)\1", r"\2", message)
    return re.sub(r"\s+", " ", message).strip()


def sentences(text: str, min_words: int = MIN_WORDS) -> set[str]:
    """The sentences and clauses of *text* with at least *min_words* words."""
    parts = re.split(r"(?<=[.;:?!])\s+|%\(\w+\)[sd]|\{\w+\}", text)
    return {p.strip(" ,") for p in parts if len(re.findall(r"[A-Za-z’'-]+", p)) >= min_words}


def english_sentences() -> dict[str, str]:
    """{sentence: where} for every English sentence the French pages must not show."""
    found = {}
    for path in sorted(PAGE_CATALOGS.rglob("*.po")):
        for e in polib.pofile(str(path)):
            if not e.msgstr or e.msgstr == e.msgid or e.obsolete:
                continue
            kept = plain(e.msgstr)     # a title kept in English on purpose (a work's title) is not a leftover
            for s in sentences(plain(e.msgid)):
                if s not in kept:
                    found[s] = str(path.relative_to(PAGE_CATALOGS))
    for e in polib.pofile(str(CAPTIONS_POT)):
        for text in (e.msgid, e.msgid_plural or ""):
            for s in sentences(text):
                found[s] = "captions.pot"
    return found


def published_sentences() -> dict[str, str]:
    found = {}
    for path in sorted(PUBLISHED.glob("*.json")):
        for block in json.loads(path.read_text(encoding="utf-8")).get("blocks", []):
            for s in sentences(block.get("text") or "", min_words=8):
                found[s] = path.name
    return found


@pytest.fixture(scope="module")
def french_html(site):
    pages = {p.relative_to(site / "fr").as_posix(): p.read_text(encoding="utf-8")
             for p in sorted((site / "fr").rglob("*.html"))}
    assert "index.html" in pages and "games/katro.html" in pages
    return pages


@pytest.fixture(scope="module")
def french(french_html):
    return {name: visible_text(page) for name, page in french_html.items()}


def leftovers(pages: dict, wanted: dict) -> list[str]:
    text = {name: t.replace(NBSP, " ") for name, t in pages.items()}
    return [f"{name}: {s!r} (from {where})" for s, where in sorted(wanted.items())
            for name, t in text.items() if s in t]


def test_the_detector_finds_english_sentences():
    """The pieces of the test find what they must: an English sentence of a
    catalog, and one of the captions, in a page's text."""
    wanted = english_sentences()
    assert len(wanted) > 1000
    assert "Write down what differs" in wanted          # a heading of the how-to
    assert any("the turn ends" in s for s in wanted)    # a caption's clause
    page = visible_text("<p>Étape 1\u00a0: <em>Write down</em> what differs</p><pre>Write down what differs</pre>")
    assert leftovers({"x.html": page}, {"Write down what differs": "howto"})
    assert not leftovers({"x.html": visible_text("<pre>Write down what differs</pre>")},
                         {"Write down what differs": "howto"})


def test_no_english_sentence_on_a_french_page(french):
    found = leftovers(french, english_sentences())
    assert not found, f"{len(found)} English sentences on French pages:\n" + "\n".join(found[:30])


@pytest.mark.skipif(PUBLISHED is None, reason="../shared/published is not beside the project")
def test_no_sentence_of_the_published_pages_is_copied(french):
    wanted = published_sentences()
    assert len(wanted) > 50
    found = leftovers(french, wanted)
    assert not found, "\n".join(found[:30])


PUNCTUATION = re.compile(r"(\S)( ?)([:;?!])(?=\s|$)")


def bad_spacing(text: str) -> list[str]:
    """Places where ``:``, ``;``, ``?`` or ``!`` follow a word without a no-break
    space (addresses and times such as ``https:`` or ``10:30`` are not followed by a space)."""
    return [text[max(0, m.start() - 30):m.end() + 10] for m in PUNCTUATION.finditer(text)
            if m.group(1) != NBSP and not text[m.start():m.end()].startswith(NBSP)]


def test_the_spacing_detector():
    assert bad_spacing("Sud sème : la dernière") and bad_spacing("Sud sème: la dernière")
    assert bad_spacing("vraiment ? Oui") and bad_spacing("fini ; puis")
    assert not bad_spacing(f"Sud sème{NBSP}: la dernière{NBSP}; vraiment{NBSP}? Oui{NBSP}!")
    assert not bad_spacing("https://example.org 10:30")


def test_a_no_break_space_before_double_punctuation_on_french_pages(french_html):
    found = [f"{name}: {bad!r}" for name, page in french_html.items()
             for bad in bad_spacing(visible_text(page, code="CODE"))]
    assert not found, f"{len(found)} places:\n" + "\n".join(found[:30])


GUILLEMETS = re.compile(r"«(?![\u00a0\u202f])|(?<![\u00a0\u202f])»")


def test_guillemets_hold_their_words_with_no_break_spaces(french):
    assert GUILLEMETS.search("« pour rien »") and GUILLEMETS.search("«pour rien»")
    assert not GUILLEMETS.search(f"«{NBSP}pour rien{NBSP}»")
    found = [f"{name}: {text[max(0, m.start() - 30):m.end() + 30]!r}"
             for name, text in french.items() for m in GUILLEMETS.finditer(text)]
    assert not found, "\n".join(found[:20])


def test_centuries_are_written_with_a_superscript_e(french):
    found = [f"{name}: {m.group(0)!r}" for name, text in french.items()
             for m in re.finditer(r"\b[XVI]+e\b.{0,10}", text)]
    assert not found, "\n".join(found[:20])


def test_a_hole_is_a_case_on_french_pages(french):
    found = [f"{name}: {m.group(0)!r}" for name, text in french.items()
             for m in re.finditer(r".{0,30}\btrous?\b.{0,20}", text)]
    assert not found, "\n".join(found[:20])


GAMES = r"(Katra|Katro|Fanga|Fifanga|Fifangakely|M’raha|Mandry|Bao)"


def test_game_names_are_not_capitalised_mid_sentence(french):
    """"comme au katra fandatsaka", not "comme au Katra fandatsaka" (a title
    after "voir" or "la page" is the page's name and keeps its capital)."""
    pattern = re.compile(r"\b(au|aux|du|des|le|la|les|un|une|et|ou|que) " + GAMES + r"\b")
    found = [f"{name}: {text[max(0, m.start() - 30):m.end() + 20]!r}"
             for name, text in french.items() for m in pattern.finditer(text)]
    assert not found, "\n".join(found[:20])


def test_the_french_glossary_is_in_the_order_of_the_french_words(site):
    page = (site / "fr" / "glossary.html").read_text(encoding="utf-8")
    terms = [html.unescape(re.sub(r"<[^>]+>", "", t)).strip()
             for t in re.findall(r'<dt id="term-[^"]*">(.*?)<a class="headerlink', page, re.S)]
    assert len(terms) > 20
    assert "semis élémentaire" in terms or "relance" in terms, terms   # translated, not the English terms

    def key(term):
        import unicodedata
        letters = "".join(c for c in unicodedata.normalize("NFKD", term) if not unicodedata.combining(c))
        return "".join(c for c in letters.casefold() if c.isalnum() or c == " ")
    assert terms == sorted(terms, key=key), terms


def test_the_french_bibliography_gives_the_projects_own_words_in_french(site):
    """What the project wrote in an entry of references.bib has a French version
    (``note_fr``, ``howpublished_fr``, ``title_fr``), which the French page shows
    instead of the English one (docs/_ext/bibliography_language.py)."""
    from pybtex.database import parse_file
    entries = parse_file(str(ROOT / "docs" / "references.bib"), bib_format="bibtex").entries
    page = html.unescape(re.sub(r"<[^>]+>", "", (site / "fr" / "bibliography.html").read_text(encoding="utf-8")))
    page = re.sub(r"\s+", " ", page.replace(NBSP, " "))
    pairs = [(e.fields[name[:-3]], value) for e in entries.values() for name, value in e.fields.items()
             if name.lower().endswith("_fr") and e.fields[name[:-3]] != value]
    assert len(pairs) > 10
    for english, french in pairs:
        english, french = (re.sub(r"[{}]", "", s).replace(NBSP, " ") for s in (english, french))
        assert french in page, french
        assert english not in page, english


def test_the_french_bibliography_cites_like_the_english_one(site):
    """An entry without a year is cited "s. d." (sans date), not "n.d.", and
    an entry's label is its one back-link when the page cites it once, as on
    the English page (the translated page had "(1,2,3)" beside it)."""
    pages = {lang: (site / lang / "bibliography.html").read_text(encoding="utf-8") for lang in ("en", "fr")}
    assert "Busser, n.d." in pages["en"]
    assert f"Busser, s.{NBSP}d." in html.unescape(pages["fr"]) and "n.d." not in pages["fr"]
    backrefs = {lang: len(re.findall(r'class="backrefs"', page)) for lang, page in pages.items()}
    links = {lang: len(re.findall(r'role="doc-backlink"', page)) for lang, page in pages.items()}
    assert backrefs["fr"] == backrefs["en"] and links["fr"] == links["en"] > 5, (backrefs, links)


#: Common English words that French does not use: the English errata page has
#: many of them, the French one must have none (its evidence, moments, labels
#: and commands' words all translated).
ENGLISH_WORDS = frozenset("""the and of from with which published replay replayed turn lap end board boards
hole holes seed seeds anyone evidence left right differs differ searched compared continuation reaches
merge captured at by is are has no none until""".split())


def english_words(text: str) -> list[str]:
    """The words of *text* in :data:`ENGLISH_WORDS`, file paths and ids set aside."""
    text = re.sub(r"\S*[/_]\S*|\b[\w-]+-\d+\b", " ", text)       # sources/…/x.yaml, katro-12
    return [w for w in re.findall(r"[A-Za-z]+", text) if w.lower() in ENGLISH_WORDS]


def test_the_english_word_detector_finds_the_english_errata_page(site):
    found = english_words(visible_text((site / "en" / "errata.html").read_text(encoding="utf-8"), code=" "))
    assert len(found) > 50 and {"lap", "published", "the", "holes"} <= {w.lower() for w in found}


def test_no_english_word_on_the_french_errata_page(site):
    text = visible_text((site / "fr" / "errata.html").read_text(encoding="utf-8"), code=" ")
    found = english_words(text)
    assert not found, [text[max(0, m.start() - 60):m.end() + 60] for w in found[:5]
                       for m in [re.search(rf"\b{w}\b", text)]]
