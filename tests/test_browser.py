"""The built site in a real browser (headless Chromium from Debian, driven by
Selenium): every image of a game page loads and has alt text, and the language
switch lands on the same page in the other language.

The test builds the site itself (both languages, as ``make site`` does) into a
temporary directory and serves it on 127.0.0.1.  In CI (``CI=true``) it must
run; elsewhere it is skipped only when Chromium is not installed.
"""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

from browser_support import chromium, require_chromium, serve  # noqa: E402

require_chromium()

from selenium.webdriver.common.by import By  # noqa: E402


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """Both languages built like `make site`, into a temporary directory."""
    tmp = tmp_path_factory.mktemp("site")
    out = tmp / "site"
    for lang in ("en", "fr"):
        subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
                        "-D", f"language={lang}", "-D", f"mancala_image_cache={tmp / 'images'}",
                        "-d", str(tmp / "doctrees" / lang), str(ROOT / "docs"), str(out / lang)],
                       check=True, cwd=ROOT)
    shutil.copy(ROOT / "docs" / "_root" / "index.html", out / "index.html")
    return out


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


def test_game_page_images_load_and_have_alt_text(server, browser):
    browser.get(f"{server}/en/games/katro.html")
    assert browser.execute_script("return document.readyState") == "complete"
    images = browser.execute_script(IMAGES)
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
