"""The step-through viewer of worked examples, in a real browser (headless
Chromium from Debian, driven by Selenium, started by the test itself).

The test builds the small project of tests/roots/test-mancala (its worked
example katro-06 .. katro-10 has five steps) in English and in French, serves
it on 127.0.0.1 and steps through the example by keyboard only.  Without
JavaScript, and when printing, every step must stay visible.

In CI (``CI=true``) it must run; elsewhere it is skipped only when Chromium is
not installed.
"""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
STEPS = ["katro-06", "katro-07", "katro-08", "katro-09", "katro-10"]

from browser_support import chromium, require_chromium, serve  # noqa: E402

require_chromium()

from selenium import webdriver  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("viewer")
    src = tmp / "src"
    shutil.copytree(ROOT / "tests" / "roots" / "test-mancala", src)
    for lang in ("en", "fr"):
        # the test project holds a deliberately bad example: its warning is expected
        subprocess.run([sys.executable, "-m", "sphinx", "-q", "-b", "html", "-D", f"language={lang}",
                        "-D", f"mancala_image_cache={tmp / 'images'}", "-d", str(tmp / "doctrees" / lang),
                        str(src), str(tmp / "site" / lang)], check=True, cwd=ROOT,
                       stderr=subprocess.DEVNULL)
    return tmp / "site"


@pytest.fixture(scope="module")
def server(site):
    with serve(site) as url:
        yield url


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    driver = chromium(tmp_path_factory.mktemp("chromium-profile"))
    yield driver
    driver.quit()


# What the reader sees of the player: which step figures are displayed, the
# image shown, its caption, the counter, and what the live region says.
STATE = """
const player = document.querySelector('.mancala-player');
const shown = Array.from(player.querySelectorAll(':scope > figure'))
    .filter(f => getComputedStyle(f).display !== 'none');
const img = shown.length ? shown[0].querySelector('img') : null;
const cap = shown.length ? shown[0].querySelector('figcaption .caption-text') : null;
return {shown: shown.map(f => f.id),
        src: img ? img.getAttribute('src') : null,
        imgWidth: img ? img.getBoundingClientRect().width : 0,
        imgHeight: img ? img.getBoundingClientRect().height : 0,
        caption: cap ? cap.textContent.trim() : null,
        counter: player.querySelector('.mancala-counter').textContent.trim(),
        live: player.querySelector('[aria-live="polite"]').textContent.trim(),
        focused: player.contains(document.activeElement)};
"""


def static_steps(html: str) -> list[tuple[str, str, str]]:
    """(figure id, image src, caption) of the example's step figures, from the HTML,
    checking that they are inside the steps container."""
    start = html.find('<div class="mancala-steps"')
    assert start >= 0, "no div.mancala-steps in the page"
    out = []
    for m in re.finditer(r'<figure[^>]*id="([^"]+)"[^>]*>(.*?)</figure>', html, re.S):
        if m.group(1) not in STEPS:
            continue
        assert m.start() > start
        src = re.search(r'src="([^"]+)"', m.group(2)).group(1)
        cap = re.search(r'<span class="caption-text">(.*?)</span>', m.group(2), re.S).group(1)
        out.append((m.group(1), src, cap))
    return out


def test_static_html_keeps_every_step(site):
    html = (site / "en" / "index.html").read_text(encoding="utf-8")
    steps = static_steps(html)
    assert [s[0] for s in steps] == STEPS
    assert len({s[1] for s in steps}) == len(STEPS)       # one image per step
    assert "hidden" not in re.search(r'<div class="mancala-steps"[^>]*>', html).group(0)
    assert not re.search(r'<figure[^>]*\shidden', html)     # nothing hidden without the script
    assert 'src="_static/mancala-viewer.js' in html


def test_keyboard_steps_image_caption_and_counter_together(server, browser, site):
    browser.get(f"{server}/en/index.html")
    expected = static_steps((site / "en" / "index.html").read_text(encoding="utf-8"))
    state = browser.execute_script(STATE)
    assert state["shown"] == ["katro-06"] and state["counter"] == "1 / 5"
    # keyboard only: Tab until the focus is in the player
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.TAB)
    for _ in range(60):
        if browser.execute_script(STATE)["focused"]:
            break
        browser.switch_to.active_element.send_keys(Keys.TAB)
    assert browser.execute_script(STATE)["focused"], "the player cannot be reached with Tab"
    # the focused element shows a visible focus indicator
    outline = browser.execute_script(
        "const s = getComputedStyle(document.activeElement); return [s.outlineStyle, s.outlineWidth];")
    assert outline[0] != "none" and outline[1] != "0px"
    sizes = set()
    for n in range(1, len(STEPS)):
        browser.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
        state = browser.execute_script(STATE)
        step_id, src, caption = expected[n]
        assert state["shown"] == [step_id]
        assert state["src"] == src                        # the image and ...
        assert state["caption"] == re.sub(r"<[^>]+>", "", caption).strip()   # ... its own caption
        assert state["counter"] == f"{n + 1} / {len(STEPS)}"
        # the badge's word first (replayed, given, set-up ...: the vocabulary of evidence)
        assert re.match(rf"Step {n + 1} of {len(STEPS)}\. (replayed|given|set-up) {step_id}\.", state["live"]), \
            state["live"]
        sizes.add((state["imgWidth"], state["imgHeight"]))
    # the last step stays the last; Left goes back; Home to the first
    browser.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    assert browser.execute_script(STATE)["counter"] == "5 / 5"
    browser.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
    assert browser.execute_script(STATE)["shown"] == ["katro-09"]
    browser.switch_to.active_element.send_keys(Keys.HOME)
    assert browser.execute_script(STATE)["counter"] == "1 / 5"
    assert len(sizes) == 1, f"the image changes size from step to step: {sizes}"


def test_buttons_have_names_in_the_page_language(server, browser):
    names = {}
    for lang in ("en", "fr"):
        browser.get(f"{server}/{lang}/index.html")
        # the accessible name as the browser computes it for assistive technology
        buttons = WebDriverWait(browser, 20).until(     # the viewer's script runs once the page is parsed
            lambda d: d.find_elements(By.CSS_SELECTOR, ".mancala-player .mancala-controls button"))
        names[lang] = [b.accessible_name for b in buttons]
    assert names["en"] == ["Previous step", "Next step", "Play"]
    assert names["fr"] == ["Étape précédente", "Étape suivante", "Lire"]
    # the buttons step too, and the French live region speaks French
    browser.find_element(By.CSS_SELECTOR, ".mancala-player .mancala-next").click()
    state = browser.execute_script(STATE)
    assert state["counter"] == "2 / 5" and state["live"].startswith("Étape 2 sur 5. rejoué katro-07.")


def test_play_button_is_a_toggle(server, browser):
    browser.get(f"{server}/en/index.html")
    play = browser.find_element(By.CSS_SELECTOR, ".mancala-player .mancala-play")
    play.send_keys(Keys.ENTER)
    assert play.get_attribute("aria-pressed") == "true" and play.accessible_name == "Pause"
    play.send_keys(Keys.ENTER)
    assert play.get_attribute("aria-pressed") == "false" and play.accessible_name == "Play"


def test_a_link_to_a_diagram_opens_its_step(server, browser):
    browser.get(f"{server}/en/index.html#katro-09")
    state = browser.execute_script(STATE)
    assert state["shown"] == ["katro-09"] and state["counter"] == "4 / 5"


def test_print_shows_every_step(server, browser):
    browser.get(f"{server}/en/index.html")
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        state = browser.execute_script(STATE)
        hidden_controls = browser.execute_script(
            "return getComputedStyle(document.querySelector('.mancala-controls')).display;")
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    assert state["shown"] == STEPS
    assert hidden_controls == "none"


def test_without_javascript_every_step_is_visible(server, tmp_path):
    driver = chromium(tmp_path / "profile-nojs", javascript=False)
    try:
        driver.get(f"{server}/en/index.html")
        shown = driver.execute_script(
            "return Array.from(document.querySelectorAll('.mancala-steps > figure'))"
            ".filter(f => getComputedStyle(f).display !== 'none').map(f => f.id);")
        enhanced = driver.execute_script("return document.querySelectorAll('.mancala-player').length;")
    finally:
        driver.quit()
    assert enhanced == 0          # the script did not run ...
    assert shown == STEPS         # ... and every step is there


def test_phone_width_fits(server, tmp_path):
    driver = chromium(tmp_path / "profile-phone", width=360)
    try:
        driver.get(f"{server}/en/index.html")
        widths = driver.execute_script(
            "const p = document.querySelector('.mancala-player');"
            "return [p.getBoundingClientRect().right, document.documentElement.clientWidth,"
            " p.querySelector('.mancala-controls').scrollWidth, p.querySelector('.mancala-controls').clientWidth];")
    finally:
        driver.quit()
    right, viewport, controls_scroll, controls_client = widths
    assert right <= viewport + 1
    assert controls_scroll <= controls_client + 1
