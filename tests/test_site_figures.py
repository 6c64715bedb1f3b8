"""Every figure of a worked example on the built site (``site`` in
conftest.py, both languages) says what the verification found and can be
cited: a status badge at the start of its caption that links to the
diagram's line on the verification page (a declared erratum: to its entry on
the errata page), and a short citation whose id links to the figure itself;
every viewer links to a legend of the pictures; the errata page is a list of
entries, each with its heading, its two boards labelled, its evidence as a
list and its command as code.

Every link is followed within the site: its page exists and has the id."""
from __future__ import annotations

import html
import re
from functools import lru_cache
from pathlib import Path
from urllib.parse import urljoin, urlparse

import pytest

FIGURE = re.compile(r'<figure class="([^"]*)"([^>]*)>(.*?)</figure>', re.S)
BADGE = re.compile(r'<(a|span) class="mancala-badge mancala-badge-([\w-]+)[^"]*"(?: href="([^"]*)")?>([^<]+)</\1>')
CITE = re.compile(r'<span class="mancala-cite">([^<]*)<a class="reference internal" href="#([^"]+)">([^<]+)</a>')


@lru_cache(maxsize=None)
def ids_of(path: Path) -> frozenset:
    return frozenset(re.findall(r'\sid="([^"]+)"', path.read_text(encoding="utf-8")))


def target_exists(site: Path, page: Path, href: str) -> bool:
    """Whether the link *href* of *page* leads to a page of the site and to an id there."""
    url = urlparse(urljoin(page.relative_to(site).as_posix(), href))
    target = site / url.path
    return target.is_file() and bool(url.fragment) and url.fragment in ids_of(target)


def worked_figures(site: Path, lang: str):
    """(page, figure's attributes with its class, figure's HTML) of every figure of a worked
    example (those the verification gives a status: ``data-status``)."""
    for page in sorted((site / lang).rglob("*.html")):
        for m in FIGURE.finditer(page.read_text(encoding="utf-8")):
            if "data-status=" in m.group(2):
                yield page, f'class="{m.group(1)}"{m.group(2)}', m.group(3)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_figure_of_a_worked_example_has_its_badge_and_citation(site, lang):
    seen, statuses = 0, {}
    for page, attributes, body in worked_figures(site, lang):
        where = f"{page.relative_to(site)} {attributes[:120]}"
        status = re.search(r'data-status="([^"]+)"', attributes).group(1)
        badge = BADGE.search(body)
        assert badge, f"{where}: no status badge"
        tag, shown, href, word = badge.groups()
        assert shown == status and tag == "a" and word.strip(), where
        assert target_exists(site, page, href), f"{where}: the badge's link {href} leads nowhere"
        verification = "verification.html#row-" in href
        errata = re.search(r"errata\.html#(claim-)?erratum-", href)
        assert verification or errata, href
        if errata:
            assert status == ("claim-erratum" if errata.group(1) else "erratum"), where
        cite = CITE.search(body)
        assert cite and cite.group(1).strip(), f"{where}: no citation"
        figure_id = re.search(r'\sid="([^"]+)"', attributes).group(1)
        assert cite.group(2) == figure_id or f"{cite.group(2)}-boards" == figure_id, where
        assert "0.1" in html.unescape(cite.group(1)) or re.search(r"\d+\.\d+", cite.group(1)), cite.group(1)
        statuses[status] = statuses.get(status, 0) + 1
        seen += 1
    assert seen > 300, seen
    assert statuses.get("replayed", 0) > 150 and statuses.get("erratum", 0) >= 4 and statuses.get("generated"), statuses
    assert statuses.get("given") and statuses.get("claim-erratum"), statuses


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_erratum_on_a_game_page_links_to_its_entry_and_its_line_to_it(site, lang):
    """A declared erratum's badge on its game page opens its entry on the errata
    page; on the verification page, its status opens the same entry."""
    errata = set()
    for page, attributes, body in worked_figures(site, lang):
        if 'data-status="erratum"' in attributes and "mancala-erratum" in attributes and "errata.html" not in str(page):
            href = BADGE.search(body).group(3)
            assert "errata.html#erratum-" in href, href
            errata.add(href.rsplit("#", 1)[1])
    assert len(errata) >= 4
    verification = (site / lang / "verification.html").read_text(encoding="utf-8")
    linked = set(re.findall(r'href="errata.html#(erratum-[\w-]+)"', verification))
    assert errata <= linked, errata - linked


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_viewer_links_to_a_legend_of_the_pictures(site, lang):
    viewers = 0
    for page in sorted((site / lang).rglob("*.html")):
        text = page.read_text(encoding="utf-8")
        for block in re.findall(r'<div class="mancala-steps[^"]*"[^>]*>(.*?)<p class="mancala-legend-link">(.*?)</p>',
                                text, re.S):
            href = re.search(r'href="([^"]+)"', block[1]).group(1)
            assert target_exists(site, page, href), f"{page.relative_to(site)}: {href}"
            viewers += 1
        assert text.count('class="mancala-steps') == text.count('class="mancala-legend-link"'), page
    assert viewers >= 40
    # each game page has its own legend, at its summary's picture, and its viewers link to it
    for page in sorted((site / lang / "games").glob("*.html")):
        text = page.read_text(encoding="utf-8")
        assert 'id="mancala-legend"' in text, page.name
        links = re.findall(r'<p class="mancala-legend-link"><a class="reference internal" href="([^"]+)"', text)
        assert links and set(links) == {"#mancala-legend"}, (page.name, set(links))


@pytest.mark.parametrize("lang, published, replayed", [("en", "As published", "As replayed by the engine"),
                                                       ("fr", "Tel que publié", "Tel que rejoué par le moteur")])
def test_the_errata_page_is_a_list_of_entries(site, lang, published, replayed):
    page = (site / lang / "errata.html").read_text(encoding="utf-8")
    headings = re.findall(r'<h2 class="[^"]*mancala-erratum-title[^"]*" id="(erratum-[\w-]+)">([\w-]+)</h2>', page)
    assert len(headings) >= 4
    for anchor, did in headings:
        entry = page.split(f'id="{anchor}"', 1)[1].split('class="mancala-erratum-title', 1)[0]
        labels = re.findall(r'<p class="mancala-board-label">([^<]+)</p>', entry)
        assert labels == [published, replayed], (did, labels)
        evidence = re.search(r'<ul class="[^"]*mancala-erratum-evidence[^"]*">(.*?)</ul>', entry, re.S)
        assert evidence and len(re.findall(r"<li>", evidence.group(1))) >= 3, did
        command = re.search(r"<pre[^>]*>(.*?)</pre>", entry, re.S)
        assert command, did
        assert re.fullmatch(r"\.venv/bin/mancala-diagrams verify sources/\S+\.yaml\s*",
                            html.unescape(re.sub(r"<[^>]+>", "", command.group(1)))), did
        assert 'class="mancala-credit"' in entry, did       # the published board's source


def test_numbers_on_the_errata_page_are_written_for_their_language(site):
    en = (site / "en" / "errata.html").read_text(encoding="utf-8")
    fr = (site / "fr" / "errata.html").read_text(encoding="utf-8")
    assert "1,000,000" in en and "1000000" not in en
    assert "1\u202f000\u202f000" in fr and "1000000" not in fr


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_claim_erratum_entry_gives_the_commands_that_show_it_as_code(site, lang):
    """katro-gorobaka-04: the page's sentence the replay contradicts, with the
    replay to look at and the verification to re-run, written as commands are
    (two hyphens, not a typographic dash)."""
    page = (site / lang / "errata.html").read_text(encoding="utf-8")
    start = page.index('id="claim-erratum-katro-gorobaka-04"')
    entry = page[start:page.index("</pre>", start)]
    command = "mancala-diagrams replay sources/katro-gorobaka/katro-gorobaka-winning-start-4.yaml --boards"
    assert command in html.unescape(re.sub(r"<[^>]+>", "", entry)), entry[-800:]
