"""The built site in a real browser (headless Chromium from Debian, driven by
Selenium): every image of a game page loads and has alt text, the language
switch lands on the same page (and place) in the other language, and every
page of both languages, at a desktop's width (1280 px) and a phone's (390 px),
in light and in dark mode, passes axe-core's WCAG 2.2 AA rules with no
violation at all and is no wider than the screen.  Readers' paths too: a link
to a diagram leaves the viewer's buttons on screen and uncovered, the page's
contents list shows at 1280 px, each game's summary prints on two A4 pages at
most, boards are shown up to their drawn size and in dark mode without a
light card, and the search finds the games first and a diagram by its
identifier.

The tests build the site themselves (the ``site`` fixture of conftest.py, both
languages, as ``make site`` does) into a temporary directory and serve it on
127.0.0.1.  In CI (``CI=true``) it must
run; elsewhere it is skipped only when Chromium is not installed.
"""
from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

from browser_support import (chromium, page_width, require_axe, require_chromium,  # noqa: E402
                             run_axe, serve, set_colour_scheme, set_width)

require_chromium()
require_axe()

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402


@pytest.fixture(scope="module")
def server(site):
    with serve(site) as url:
        yield url


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    driver = chromium(tmp_path_factory.mktemp("chromium-profile"), width=1200)
    yield driver
    driver.quit()


IMAGES = """
return Array.from(document.images).map(img => ({
    src: img.getAttribute('src'), complete: img.complete, board: img.classList.contains('mancala-board'),
    width: img.naturalWidth, alt: img.getAttribute('alt') || ''}));
"""


LOAD_ALL = """
document.querySelectorAll('img[loading=lazy]').forEach(img => { img.loading = 'eager'; });
"""


def test_game_page_images_load_and_have_alt_text(server, browser):
    browser.get(f"{server}/en/games/katro.html")
    assert browser.execute_script("return document.readyState") == "complete"
    # the pictures below the first load lazily: ask for all of them now, and wait
    browser.execute_script(LOAD_ALL)
    for _ in range(100):
        images = browser.execute_script(IMAGES)
        if all(i["complete"] and i["width"] > 0 for i in images):
            break
        time.sleep(0.1)
    boards = [i for i in images if "board-" in i["src"]]
    assert len(boards) >= 49           # every published katro diagram is drawn
    for img in images:
        assert img["complete"] and img["width"] > 0, f"image did not load: {img['src']}"
        assert img["alt"].strip(), f"image without alt text: {img['src']}"


def test_language_switch_lands_on_the_same_page(server, browser):
    browser.get(f"{server}/en/games/katro.html")
    browser.find_element(By.ID, "lang-switch").click()
    assert browser.current_url == f"{server}/fr/games/katro.html"
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "fr"
    assert "Règles" in browser.find_element(By.TAG_NAME, "body").text or \
        "règles" in browser.find_element(By.TAG_NAME, "body").text
    # French alt text on the French page
    alts = [i["alt"] for i in browser.execute_script(IMAGES) if i["board"]]     # not the legend's samples
    assert alts and all(a.startswith("Un plateau") for a in alts)
    # and back again
    browser.find_element(By.ID, "lang-switch").click()
    assert browser.current_url == f"{server}/en/games/katro.html"


def test_root_page_offers_both_languages(server, browser):
    browser.get(f"{server}/index.html")
    browser.find_element(By.CSS_SELECTOR, 'a[hreflang="fr"]').click()
    assert browser.current_url == f"{server}/fr/index.html"
    browser.find_element(By.ID, "lang-switch").click()
    assert browser.current_url == f"{server}/en/index.html"


def test_language_switch_keeps_the_place_on_the_page(server, browser):
    browser.get(f"{server}/en/games/katro.html#board-and-start")
    # by keyboard: the switch is at the top of the page, scrolled out of view by the #anchor
    browser.find_element(By.ID, "lang-switch").send_keys(Keys.ENTER)
    assert browser.current_url == f"{server}/fr/games/katro.html#board-and-start"


def test_pages_name_their_other_language_for_search_engines(site):
    html = (site / "fr" / "games" / "katro.html").read_text(encoding="utf-8")
    assert '<link rel="alternate" hreflang="en" href="../../en/games/katro.html">' in html
    assert '<link rel="alternate" hreflang="fr" href="../../fr/games/katro.html">' in html


def site_pages(site, lang):
    """Every page of the language *lang* (new pages included as they appear);
    the root page, which offers both languages, with English's."""
    pages = sorted(p.relative_to(site).as_posix() for p in (site / lang).rglob("*.html"))
    assert len(pages) >= 15
    return ["index.html", *pages] if lang == "en" else pages


THEME = "return getComputedStyle(document.body).backgroundColor;"


def audit(site, server, lang, width, profile) -> list[str]:
    """Every page of *lang* at *width*, in its own browser: the WCAG 2.2 AA
    rules of axe-core in light mode, then, the page kept, in dark mode (the
    theme follows the system's scheme: only colours change); and the page's
    width."""
    driver = chromium(profile, width=width)
    problems = []
    try:
        set_width(driver, width)
        for page in site_pages(site, lang):
            set_colour_scheme(driver, "light")
            driver.get(f"{server}/{page}")
            light = driver.execute_script(THEME)
            for scheme in ("light", "dark"):
                if scheme == "dark":
                    set_colour_scheme(driver, "dark")
                    if driver.execute_script(THEME) == light:
                        problems.append(f"{page}: the page did not turn dark ({light})")
                for v in run_axe(driver):
                    where = "; ".join(" ".join(n["target"]) for n in v["nodes"][:3])
                    problems.append(f"{page} ({scheme}): {v['impact']} {v['id']} ({v['help']}) at {where}")
            size = page_width(driver)
            if size["page"] > size["viewport"]:
                problems.append(f"{page}: {size['page']} px wide in a {size['viewport']} px screen "
                                f"(sticking out: {size['wide']})")
    finally:
        driver.quit()
    return [f"{width} px, {p}" for p in problems]


@pytest.mark.heavy
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("width", [1280, 390])
def test_every_page_passes_axe_in_light_and_dark_and_fits_the_screen(site, server, tmp_path, lang, width):
    """One language at one width per test, each in its own browser: the four
    are shared among the test processes like any other test."""
    problems = audit(site, server, lang, width, tmp_path / "profile")
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:40])


def test_axe_finds_what_it_is_asked_to_find(server, browser):
    """The check can fail: a page with an unlabelled image and pale text has serious violations."""
    browser.get(f"{server}/en/index.html")
    browser.execute_script("""
        const img = document.createElement('img'); img.src = 'x.png'; document.querySelector('article').append(img);
        const p = document.createElement('p'); p.textContent = 'pale'; p.style.color = '#eee';
        document.querySelector('article').append(p);""")
    found = {v["id"] for v in run_axe(browser)}
    assert {"image-alt", "color-contrast"} <= found


def test_every_published_diagram_shows_its_credit(site):
    """A figure whose id is a published diagram's (katro-12) ends with its credit, linked to the page."""
    import json
    from mancala_diagrams.files.project import published_dir
    published = published_dir(ROOT)
    if published is None:
        pytest.skip("../shared/published is not beside the project")
    ids = {b["id"] for p in published.glob("*.json")
           for b in json.loads(p.read_text(encoding="utf-8"))["blocks"] if b["kind"] == "diagram"}
    seen, missing = 0, []
    for lang in ("en", "fr"):
        for page in (site / lang).rglob("*.html"):
            html = page.read_text(encoding="utf-8")
            for fig_id, body in re.findall(r'<figure[^>]* id="([^"]+)"[^>]*>(.*?)</figure>', html, re.S):
                if fig_id in ids:
                    seen += 1
                    number = int(fig_id.rsplit("-", 1)[1])
                    word = "diagramme" if lang == "fr" else "diagram"
                    if not re.search(r'class="mancala-credit"><a class="reference external" href="https://[^"]+\.html">'
                                     rf'[^<]*, {word} {number}\.</a>', body):
                        missing.append(f"{lang}: {fig_id}")
    assert seen >= 200
    assert not missing, missing[:10]


SHOWN = """
document.querySelectorAll('.mancala-player > figure[hidden]').forEach(f => { f.hidden = false; });
return Array.from(document.querySelectorAll('img.mancala-board')).map(img =>
    [img.getAttribute('src'), Number(img.getAttribute('width')), img.getBoundingClientRect().width]);
"""


def test_board_numbers_stay_legible_on_a_phone(site, server, browser):
    """At 390 px, a board too wide for the screen is shrunk: its seed counts and
    coordinates (drawn BADGE_FONT and COORD_FONT CSS pixels high) must still be
    at least 11 px high on the screen."""
    from mancala_diagrams.drawing.render import BADGE_FONT, COORD_FONT
    set_width(browser, 390)
    smallest, boards, small = None, 0, []
    try:
        for lang in ("en", "fr"):
            for page in sorted((site / lang / "games").glob("*.html")):
                browser.get(f"{server}/{lang}/games/{page.name}")
                for src, width, shown in browser.execute_script(SHOWN):
                    boards += 1
                    font = min(BADGE_FONT, COORD_FONT) * shown / width
                    smallest = font if smallest is None else min(smallest, font)
                    if font < 11:
                        small.append(f"{lang}/games/{page.name}: {src} {font:.1f} px")
    finally:
        set_width(browser, 1200)
    assert boards > 400
    assert not small, small[:5]


# -- readers' paths ---------------------------------------------------------------------------

SETTLED = """
const done = arguments[arguments.length - 1];
let last = -1, still = 0;
const tick = () => {
  if (window.scrollY === last) { still += 1; } else { still = 0; last = window.scrollY; }
  if (still >= 5 && document.readyState === 'complete') done(window.scrollY); else setTimeout(tick, 100);
};
tick();
"""

CONTROLS = """
const figure = document.getElementById(arguments[0]);
const player = figure.closest('.mancala-player');
const counter = player.querySelector('.mancala-counter').textContent;
return {counter: counter, shown: !figure.hidden, buttons: Array.from(player.querySelectorAll('.mancala-controls button')).map(b => {
  const r = b.getBoundingClientRect();
  const points = [[r.left + r.width / 2, r.top + r.height / 2], [r.left + 3, r.top + 3], [r.right - 3, r.top + 3]];
  return {name: b.getAttribute('aria-label') || b.textContent.trim(), top: r.top, bottom: r.bottom,
          covered: points.filter(([x, y]) => { const e = document.elementFromPoint(x, y); return !(e && b.contains(e)); })
                         .map(([x, y]) => { const e = document.elementFromPoint(x, y); return e ? e.tagName + '.' + e.className : 'nothing'; })};
})};
"""


@pytest.mark.parametrize("width", [390, 1280])
def test_a_link_to_a_diagram_leaves_the_viewers_buttons_on_screen_and_uncovered(server, browser, width):
    """The step of the link (#katro-12, the second step of its example) is shown,
    and every button of its viewer is on the screen, below the header, and not
    under the theme's "back to top" pill, which shows when the reader scrolls up."""
    set_width(browser, width)
    try:
        browser.get(f"{server}/en/games/katro.html#katro-12")
        browser.set_script_timeout(30)
        browser.execute_async_script(SETTLED)
        for pill in (False, True):
            if pill:
                browser.execute_script("document.documentElement.classList.add('show-back-to-top');")
                assert browser.execute_script(
                    "return getComputedStyle(document.querySelector('.back-to-top')).display") != "none"
            state = browser.execute_script(CONTROLS, "katro-12")
            assert state["shown"] and state["counter"].startswith("2 /"), state
            for button in state["buttons"]:
                assert 0 <= button["top"] and button["bottom"] <= 900, (width, pill, button)
                assert not button["covered"], (width, pill, button)
    finally:
        set_width(browser, 1200)


def test_the_contents_of_the_page_show_on_the_right_at_1280_px(server, browser):
    set_width(browser, 1280)
    try:
        browser.get(f"{server}/fr/games/katro.html")
        toc = browser.execute_script("""
            const links = Array.from(document.querySelectorAll('.toc-drawer .toc-tree a.reference'))
                .filter(a => a.getClientRects().length);     // the page's own title is not listed
            return links.map(a => { const r = a.getBoundingClientRect();
              return [a.textContent.trim(), r.left, r.right, r.height, getComputedStyle(a).visibility]; });""")
    finally:
        set_width(browser, 1200)
    assert len(toc) > 5
    for text, left, right, height, visibility in toc:
        assert 1280 / 2 < left and right <= 1280 and height >= 24 and visibility == "visible", (text, left, right)


def pdf_pages(driver) -> int:
    """The pages of the loaded page printed on A4 paper (Chromium's own printing)."""
    import base64
    pdf = base64.b64decode(driver.execute_cdp_cmd(
        "Page.printToPDF", {"paperWidth": 8.27, "paperHeight": 11.69})["data"])
    return len(re.findall(rb"/Type\s*/Page\b(?!s)", pdf))


def test_each_games_summary_prints_on_two_a4_pages_at_most(site, server, browser):
    """Through its link (#GAME-sheet) each game's rules in five minutes print
    alone, on one or two A4 pages; printed without it, the page is longer."""
    games = sorted(p.stem for p in (site / "en" / "games").glob("*.html"))
    assert len(games) >= 9
    counts = {}
    for lang in ("en", "fr"):
        for game in games:
            browser.get(f"{server}/{lang}/games/{game}.html#{game}-sheet")
            counts[f"{lang}/{game}"] = pdf_pages(browser)
    assert all(1 <= n <= 2 for n in counts.values()), counts
    browser.get(f"{server}/en/games/katro.html")
    assert pdf_pages(browser) > 10          # the whole page: the print style is what made the sheets short


LOADED = """
const done = arguments[arguments.length - 1];
const images = Array.from(document.querySelectorAll('figure img.mancala-board')).slice(0, 12);
images.forEach(img => { img.loading = 'eager'; });
Promise.all(images.map(img => img.decode())).then(() => done(true), () => done(false));
"""

BOARDS = """
return Array.from(document.querySelectorAll('figure img.mancala-board')).slice(0, 12).map(img => {
  const r = img.getBoundingClientRect();
  return {src: img.getAttribute('src'), shown: r.width, natural: img.naturalWidth, column: img.parentElement.clientWidth,
          background: getComputedStyle(img).backgroundColor, padding: getComputedStyle(img).paddingTop};
});
"""


def test_boards_are_shown_up_to_their_drawn_size_and_without_a_card_in_dark_mode(server, browser):
    set_width(browser, 1280)
    try:
        browser.get(f"{server}/en/games/katra-be.html")
        browser.set_script_timeout(60)
        browser.execute_async_script(LOADED)
        boards = browser.execute_script(BOARDS)
        set_colour_scheme(browser, "dark")
        dark = browser.execute_script(BOARDS)
    finally:
        set_colour_scheme(browser, "light")
        set_width(browser, 1200)
    assert len(boards) >= 5
    for b in boards:      # drawn at twice the attributes' size: shown at that size, or as wide as its figure
        assert abs(b["shown"] - min(b["natural"], b["column"])) <= 1, b
    assert any(b["shown"] > b["natural"] / 2 + 50 for b in boards)
    for b in dark:
        assert b["background"] == "rgba(0, 0, 0, 0)" and b["padding"] == "0px", b


SEARCH = """
const done = arguments[arguments.length - 1];
const tick = () => {
  const summary = document.querySelector('#search-results .search-summary');
  if (summary && summary.textContent.trim()) {
    done(Array.from(document.querySelectorAll('#search-results ul.search li a')).map(a => a.getAttribute('href')));
  } else setTimeout(tick, 100);
};
tick();
"""

CONTRIBUTORS = ("howto-variant", "anatomy", "contributing-code", "blocks")


def search(browser, server, lang, query) -> list[str]:
    browser.get(f"{server}/{lang}/search.html?q={query}")
    browser.set_script_timeout(30)
    return browser.execute_async_script(SEARCH)


@pytest.mark.parametrize("lang,query", [("fr", "capture"), ("fr", "prise"), ("en", "capture"), ("en", "sow")])
def test_the_search_finds_the_games_before_the_pages_for_contributors(server, browser, lang, query):
    pages = [href.split("#")[0].removesuffix(".html") for href in search(browser, server, lang, query)]
    games = [i for i, p in enumerate(pages) if p.startswith("games/")]
    contributors = [i for i, p in enumerate(pages) if p in CONTRIBUTORS]
    assert len(games) >= 5, pages
    assert not contributors or max(games) < min(contributors), pages


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_search_finds_a_diagram_by_its_identifier(server, browser, lang):
    found = search(browser, server, lang, "katro-12")
    assert found[0] == "games/katro.html#katro-12", found[:5]
    found = search(browser, server, lang, "katra-be-04")
    assert found[0] == "games/katra-be.html#katra-be-04", found[:5]
