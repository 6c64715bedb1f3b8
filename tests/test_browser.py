"""The built site in a real browser (headless Chromium from Debian, driven by
Selenium): every image of a game page loads and has alt text, the language
switch lands on the same page (and place) in the other language, and every
page of both languages, at a desktop's width (1280 px) and a phone's (390 px),
passes axe-core's accessibility rules with no critical or serious violation
and is no wider than the screen.

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
                             run_axe, serve)

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
    src: img.getAttribute('src'), complete: img.complete,
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
    alts = [i["alt"] for i in browser.execute_script(IMAGES) if "board-" in i["src"]]
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


def site_pages(site):
    """Every page of both languages (new pages included as they appear)."""
    pages = sorted(p.relative_to(site).as_posix() for lang in ("en", "fr") for p in (site / lang).rglob("*.html"))
    assert len(pages) >= 30
    return ["index.html", *pages]


def set_width(browser, width):
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 600})


@pytest.mark.parametrize("width", [1280, 390])
def test_every_page_passes_axe_and_fits_the_screen(site, server, browser, width):
    set_width(browser, width)
    problems = []
    try:
        for page in site_pages(site):
            browser.get(f"{server}/{page}")
            for v in run_axe(browser):
                if v["impact"] in ("critical", "serious"):
                    where = "; ".join(" ".join(n["target"]) for n in v["nodes"][:3])
                    problems.append(f"{page}: {v['impact']} {v['id']} ({v['help']}) at {where}")
            size = page_width(browser)
            if size["page"] > size["viewport"]:
                problems.append(f"{page}: {size['page']} px wide in a {size['viewport']} px screen "
                                f"(sticking out: {size['wide']})")
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    assert not problems, f"{len(problems)} problems at {width} px:\n" + "\n".join(problems[:30])


def test_axe_finds_what_it_is_asked_to_find(server, browser):
    """The check can fail: a page with an unlabelled image and pale text has serious violations."""
    browser.get(f"{server}/en/index.html")
    browser.execute_script("""
        const img = document.createElement('img'); img.src = 'x.png'; document.querySelector('article').append(img);
        const p = document.createElement('p'); p.textContent = 'pale'; p.style.color = '#eee';
        document.querySelector('article').append(p);""")
    found = {v["id"] for v in run_axe(browser) if v["impact"] in ("critical", "serious")}
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
