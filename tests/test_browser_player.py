"""The in-page player in a real browser (headless Chromium from Debian,
driven by Selenium, started by the test itself, on the whole site that `make
site` builds, served on 127.0.0.1 by the test).

- On every game page, from the game's start and from three published
  diagrams, 20 random legal turns are played through the page's controls
  (its hole buttons and choice buttons, clicked in the page); after every
  turn the board the page draws (the seed counts of its SVG) equals the
  position the Python engine gives for the same decisions.
- Nothing of the player is fetched before the first click; from a file
  opened on disk the button says how to serve the site.
- Keyboard alone (arrow keys and Enter), a phone's width (390 px), the
  computer's turn, the puzzle of katro bevohoka, a downloaded example that
  `check` and `verify` accept, and 0 axe violations (WCAG 2.0, 2.1 and 2.2,
  A and AA) with a game open, in English and French.
"""
from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from browser_support import chromium, page_width, require_axe, require_chromium, serve

require_chromium()
AXE = require_axe()

from selenium.common.exceptions import ElementClickInterceptedException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

from conftest import ROOT, rules  # noqa: E402
from mancala_diagrams.engine.notation import parse_turn  # noqa: E402
from mancala_diagrams.play.page import start_position  # noqa: E402

GAMES = sorted(p.stem for p in (ROOT / "docs" / "games").glob("*.md"))
TURNS = 20
FIGURES = 3
WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


@pytest.fixture(scope="module")
def server(site):
    with serve(site) as url:
        yield url


@pytest.fixture(scope="module")
def downloads(tmp_path_factory):
    return tmp_path_factory.mktemp("downloads")


@pytest.fixture(scope="module")
def browser(tmp_path_factory, downloads):
    driver = chromium(tmp_path_factory.mktemp("chromium-player"))
    driver.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    driver.set_script_timeout(300)
    yield driver
    driver.quit()


# -- the page's controls, from the page ------------------------------------------------------

#: One whole turn, played in the page by clicking its controls: a random
#: choice button when there are some, else a random playable hole; the sowing
#: is skipped to its end.  Returns the decisions made (the engine's kind and
#: value, from the buttons' data) and the board drawn (the counts of the SVG).
PLAY_TURN = """
const numbers = arguments[0], done = arguments[arguments.length - 1];
let k = 0;
const pick = (list) => list[Math.floor(numbers[k++ % numbers.length] * list.length)];
const game = document.querySelector('.mancala-game');
const finished = () => game.querySelectorAll('ol li:not(.mancala-pending):not(.mancala-no-moves)').length;
const before = finished();
const made = [];
const drawn = () => Array.from(game.querySelectorAll('svg g[data-hole]')).map(g => {
  const badge = Array.from(g.querySelectorAll('text')).map(t => t.textContent).filter(t => /^[0-9]+$/.test(t));
  return badge.length ? Number(badge[badge.length - 1]) : 0;
});
let waited = 0;
function step() {
  if (game.dataset.busy === 'true') {
    game.querySelector('.mancala-skip').click();
    return setTimeout(step, 5);
  }
  if (finished() > before || game.dataset.over === 'true')
    return done({made: made, cells: drawn(), toMove: game.dataset.toMove, over: game.dataset.over === 'true'});
  const choices = Array.from(game.querySelectorAll('.mancala-game-choices button'));
  if (choices.length) {
    const b = pick(choices);
    made.push([b.dataset.kind, JSON.parse(b.dataset.value)]);
    b.click();
    return setTimeout(step, 5);
  }
  const holes = Array.from(game.querySelectorAll('.mancala-hole.mancala-playable'));
  if (holes.length) {
    const h = pick(holes), values = JSON.parse(h.dataset.values);
    if (values.length === 1) made.push([game.querySelector('.mancala-holes').dataset.kind, values[0]]);
    h.click();
    return setTimeout(step, 5);
  }
  if (waited++ > 2000) return done({made: made, stuck: true, status: game.querySelector('.mancala-game-status').textContent});
  setTimeout(step, 10);     // the computer's turn, the end of a sowing ...
}
step();
"""

SHOWN = """
const game = document.querySelector('.mancala-game');
return Array.from(game.querySelectorAll('svg g[data-hole]')).map(g => {
  const badge = Array.from(g.querySelectorAll('text')).map(t => t.textContent).filter(t => /^[0-9]+$/.test(t));
  return badge.length ? Number(badge[badge.length - 1]) : 0;
});
"""


def click(driver, element):
    """A real click on *element*, once it is scrolled into view and stays
    there (the theme scrolls smoothly, to a link's target too); after five
    tries that something else took (a scroll still going on), the element's
    own click."""
    where = "const r = arguments[0].getBoundingClientRect(); return [r.top, r.bottom, innerHeight]"
    for _ in range(5):
        last = None
        for _ in range(40):
            driver.execute_script("arguments[0].scrollIntoView({block: 'center', behavior: 'instant'})", element)
            time.sleep(0.05)
            now = driver.execute_script(where, element)
            if now == last and 0 <= now[0] and now[1] <= now[2]:
                break
            last = now
        try:
            element.click()
            return
        except ElementClickInterceptedException:
            time.sleep(0.5)
    driver.execute_script("arguments[0].click()", element)


def wait(driver, script, timeout=120):
    end = time.time() + timeout
    while time.time() < end:
        if driver.execute_script(script):
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for: {script}\n" + "\n".join(
        str(e) for e in driver.get_log("browser")))


def open_game(driver, url, page, figure=None):
    """Go to the page (at the figure, which the step viewer then shows: the
    runtime loaded by a game of the same page serves the next) and click its
    "Play from here": the figure's, or the game's start's."""
    if driver.current_url.split("#")[0] != f"{url}/{page}":
        driver.get(f"{url}/{page}" + (f"#{figure}" if figure else ""))
    elif figure:
        driver.execute_script("location.hash = arguments[0]", figure)
    host = (driver.find_element(By.ID, figure) if figure else
            driver.find_element(By.CSS_SELECTOR, "div.mancala-play-start"))
    wait(driver, "return !!document.querySelector('.mancala-play-open')")
    button = host.find_element(By.CSS_SELECTOR, ".mancala-play-open")
    WebDriverWait(driver, 30).until(lambda d: button.is_displayed())     # the step viewer shows its figure
    click(driver, button)
    wait(driver, "return !!document.querySelector('.mancala-game[data-ready]')")
    driver.execute_script("const s = document.querySelector('.mancala-game-settings select'); s.value = 'fast';"
                          "s.dispatchEvent(new Event('change'));")
    return host.get_attribute("data-rules"), host.get_attribute("data-position")


def engine_play(r, position, decisions, turn):
    """The engine's own position after one turn of *decisions* (the page's go
    of a turn under way is not a decision of the engine)."""
    values = [(k, tuple(v) if k == "start" else v) for k, v in decisions if k != "continue"]
    return r.play(position, values, turn_number=turn)


def play_and_compare(driver, rules_name, position_text, rng, turns=TURNS):
    r = rules(rules_name)
    pos = start_position(r, position_text)
    assert driver.execute_script(SHOWN) == list(pos.cells)
    played = 0
    for n in range(1, turns + 1):
        if r.outcome(pos) is not None and pos.hand is None:
            break
        got = driver.execute_async_script(PLAY_TURN, [rng.random() for _ in range(40)])
        assert not got.get("stuck"), got
        pos = engine_play(r, pos, got["made"], n)
        assert got["cells"] == list(pos.cells), f"{rules_name}, turn {n}: {got['made']}"
        assert got["toMove"] == pos.to_move
        played += 1
    return played


def figures_to_play(driver, count=FIGURES):
    """Ids of published diagrams' figures (those with a source credit) that
    start distinct games, the first *count*; the project's own figures fill up
    a page that has fewer."""
    found = driver.execute_script("""
        return Array.from(document.querySelectorAll('figure[data-rules][data-position]'))
          .map(f => [f.id, f.dataset.position, !!f.querySelector('.mancala-credit')]);""")
    chosen, seen = [], set()
    for published in (True, False):
        for fid, position, credit in found:
            if credit == published and position not in seen and len(chosen) < count:
                chosen.append(fid)
                seen.add(position)
    return chosen


# -- the acceptance test: every game page ---------------------------------------------------------

@pytest.mark.heavy
@pytest.mark.parametrize("game", GAMES)
def test_random_turns_through_the_page_give_the_engines_boards(browser, server, game):
    page = f"en/games/{game}.html"
    rng = random.Random(game)
    rules_name, text = open_game(browser, server, page)
    total = play_and_compare(browser, rules_name, text, rng)
    assert total >= 1
    figures = figures_to_play(browser)
    assert len(figures) == FIGURES or game == "fanga"        # fanga shows a single example
    for fid in figures:
        rules_name, text = open_game(browser, server, page, fid)
        total += play_and_compare(browser, rules_name, text, rng)
    assert total >= TURNS // 2


# -- loading ---------------------------------------------------------------------------------------

RESOURCES = "return performance.getEntriesByType('resource').map(e => e.name)"


def test_nothing_of_the_player_is_fetched_before_the_click(browser, server):
    browser.get(f"{server}/en/games/katro.html")
    wait(browser, "return !!document.querySelector('.mancala-play-open')")
    before = browser.execute_script(RESOURCES)
    assert not [u for u in before if "/_play/" in u]
    assert any("/_static/mancala-player.js" in u for u in before)      # the script alone, small
    open_game(browser, server, "en/games/katro.html")
    after = browser.execute_script(RESOURCES)
    for needed in ("_play/pyodide/pyodide.asm.wasm", "_play/pyodide/python_stdlib.zip", "_play/mancala.zip",
                   "_play/rules/katro-6.json"):
        assert any(u.endswith(needed) for u in after), needed
    assert not [u for u in after if not u.startswith(server)]     # no network but the site's


def test_a_page_opened_from_a_file_says_how_to_serve_the_site(browser, site):
    browser.get((site / "fr" / "games" / "katro.html").as_uri())
    wait(browser, "return !!document.querySelector('.mancala-play-open')")
    button = browser.find_element(By.CSS_SELECTOR, "div.mancala-play-start .mancala-play-open")
    assert button.text == "Jouer à partir d’ici"
    click(browser, button)
    note = browser.find_element(By.CSS_SELECTOR, "div.mancala-play-start .mancala-play-note").text
    assert ".venv/bin/python -m http.server -d _build/site 8000" in note and "HTTP" in note
    assert not browser.find_elements(By.CSS_SELECTOR, ".mancala-game")


# -- by keyboard, by touch, against the computer -----------------------------------------------------

def test_keyboard_alone_chooses_a_hole_with_the_arrows_and_plays_with_enter(browser, server):
    rules_name, text = open_game(browser, server, "en/games/katro.html")
    active = "return document.activeElement.getAttribute('data-hole')"
    first = int(browser.execute_script(active))         # the board has the focus once the game is open
    body = browser.switch_to.active_element
    body.send_keys(Keys.ARROW_RIGHT)
    assert int(browser.execute_script(active)) == first + 1
    body = browser.switch_to.active_element
    body.send_keys(Keys.ARROW_LEFT)
    hole = int(browser.execute_script(active))
    assert hole == first
    browser.switch_to.active_element.send_keys(Keys.ENTER)      # a hole with two directions: they are offered
    choice = browser.switch_to.active_element
    value = json.loads(choice.get_attribute("data-value"))
    assert choice.get_attribute("data-kind") == "start" and value[0] == hole
    choice.send_keys(Keys.ENTER)
    wait(browser, "return document.querySelector('.mancala-game').dataset.busy === 'false'", 60)
    r = rules(rules_name)
    after = r.play(start_position(r, text), [("start", tuple(value))])
    assert browser.execute_script(SHOWN) == list(after.cells)
    live = browser.find_element(By.CSS_SELECTOR, ".mancala-game-status")
    assert live.get_attribute("aria-live") == "polite"
    assert live.text.startswith("South plays ") and live.text.endswith("North to play: choose a hole to sow.")


def test_the_computer_plays_its_side_and_its_turn_is_listed(browser, server):
    rules_name, text = open_game(browser, server, "en/games/katra-paika.html")
    browser.execute_script("const s = document.querySelectorAll('.mancala-game-settings select')[1];"
                           "s.value = 'south'; s.dispatchEvent(new Event('change'));")
    assert "minimax" not in browser.find_element(By.CSS_SELECTOR, ".mancala-game-search").text
    assert "one turn ahead" in browser.find_element(By.CSS_SELECTOR, ".mancala-game-search").text
    rng = random.Random(5)
    r = rules(rules_name)
    g = r.geometry
    got = browser.execute_async_script(PLAY_TURN, [rng.random() for _ in range(40)])
    wait(browser, "return document.querySelector('.mancala-game').dataset.toMove === 'south' ||"
                  " document.querySelector('.mancala-game').dataset.over === 'true'", 120)
    wait(browser, "return document.querySelector('.mancala-game').dataset.busy === 'false'", 60)
    moves = browser.execute_script("return Array.from(document.querySelectorAll('.mancala-game ol li'))"
                                   ".map(li => li.textContent)")
    pos = engine_play(r, start_position(r, text), got["made"], 1)
    assert moves[0].startswith("South: ")
    if len(moves) > 1:          # North, the computer, answered: its move as the page lists it
        assert moves[1].startswith("North: ")
        pos = r.play(pos, parse_turn(moves[1].split(": ", 1)[1], g), turn_number=2)
    assert browser.execute_script(SHOWN) == list(pos.cells)


def test_a_phone_plays_by_touch_and_the_game_fits_its_width(tmp_path, server):
    driver = chromium(tmp_path / "profile", width=390)
    try:
        driver.set_script_timeout(120)
        rules_name, text = open_game(driver, server, "fr/games/katro.html")
        widths = page_width(driver)
        assert widths["page"] <= widths["viewport"], widths
        sizes = driver.execute_script("return Array.from(document.querySelectorAll('.mancala-hole'))"
                                      ".map(b => [b.getBoundingClientRect().width, b.getBoundingClientRect().height])")
        assert min(min(w, h) for w, h in sizes) >= 24       # WCAG 2.2 target size (minimum)
        click(driver, driver.find_element(By.CSS_SELECTOR, ".mancala-hole.mancala-playable"))
        choice = driver.find_element(By.CSS_SELECTOR, ".mancala-game-choices button")
        value = json.loads(choice.get_attribute("data-value"))
        click(driver, choice)
        wait(driver, "return document.querySelector('.mancala-game').dataset.busy === 'false'", 60)
        r = rules(rules_name)
        assert driver.execute_script(SHOWN) == list(r.play(start_position(r, text), [("start", tuple(value))]).cells)
        assert driver.find_element(By.CSS_SELECTOR, ".mancala-game-status").text.startswith("Sud joue ")
    finally:
        driver.quit()


# -- the puzzle, the example file --------------------------------------------------------------------

def test_katro_bevohoka_is_played_as_a_puzzle_against_the_known_optimum(browser, server):
    """The optimal game of the solutions table, played through the page's buttons."""
    data = json.loads((ROOT / "docs" / "data" / "bevohoka-solutions.json").read_text())
    row = next(x for x in data["results"] if x["columns"] == 6)
    rules_name, _ = open_game(browser, server, "en/games/katro-bevohoka.html")
    g = rules(rules_name).geometry
    # the set-up: the special hole, then the direction, kept for the whole game (so a
    # hole then plays at once)
    clicks = [("hole", g.parse(row["special"])), ("value", 1)]
    for holes in row["sequence"]:
        clicks += [("hole", g.parse(h)) for h in holes]
    for what, value in clicks:
        wait(browser, "return document.querySelector('.mancala-game').dataset.busy === 'false'", 60)
        if what == "hole":
            button = browser.find_element(By.CSS_SELECTOR, f".mancala-hole[data-hole='{value}']")
        else:
            button = next(b for b in browser.find_elements(By.CSS_SELECTOR, ".mancala-game-choices button")
                          if json.loads(b.get_attribute("data-value")) == value)
        browser.execute_script("arguments[0].click()", button)
        browser.execute_script("const s = document.querySelector('.mancala-skip'); if (!s.disabled) s.click();")
    wait(browser, "return document.querySelector('.mancala-game').dataset.over === 'true'", 60)
    puzzle = browser.find_element(By.CSS_SELECTOR, ".mancala-game-puzzle").text
    assert puzzle.startswith("Solved in 3 turns; the fewest possible is 3.")
    assert "count one turn less" in puzzle and ": 2 here, 2 at best." in puzzle


def test_a_downloaded_game_passes_check_and_verify(browser, server, downloads, tmp_path):
    rules_name, text = open_game(browser, server, "en/games/mraha-wa-ntso.html")
    rng = random.Random(11)
    for _ in range(4):
        browser.execute_async_script(PLAY_TURN, [rng.random() for _ in range(40)])
    for old in downloads.glob("*"):
        old.unlink()
    click(browser, browser.find_element(By.CSS_SELECTOR, ".mancala-download"))
    end = time.time() + 30
    while time.time() < end and not list(downloads.glob("*.yaml")):
        time.sleep(0.1)
    (path,) = list(downloads.glob("*.yaml"))
    assert path.stem.startswith("mraha-wa-ntso-game-")
    project = tmp_path / "project"
    shutil.copytree(ROOT / "rules", project / "rules")
    (project / "sources" / "games").mkdir(parents=True)
    target = project / "sources" / "games" / path.name
    shutil.copy(path, target)
    command = [sys.executable, "-m", "mancala_diagrams.cli"]
    checked = subprocess.run(command + ["check", str(target)], cwd=project, capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    verified = subprocess.run(command + ["verify", "--json", str(target)], cwd=project, capture_output=True,
                              text=True)
    rows = json.loads(verified.stdout)
    assert len(rows) == 4 and {row["status"] for row in rows} == {"generated"}


# -- accessibility ---------------------------------------------------------------------------------

def run_axe_wcag(driver):
    """axe-core's WCAG rules (2.0, 2.1, 2.2; A and AA) on what the player adds
    to the page: its buttons, the game's region and the game's start."""
    if not driver.execute_script("return typeof window.axe === 'object'"):
        driver.execute_script(AXE.read_text(encoding="utf-8"))
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run({include: [['.mancala-game'], ['.mancala-play-bar'], ['.mancala-play-start']]},"
        " {runOnly: {type: 'tag', values: arguments[0]}, resultTypes: ['violations']})"
        ".then(r => done(r.violations.map(v => ({id: v.id, help: v.help,"
        " nodes: v.nodes.map(n => n.target)})))).catch(e => done({error: String(e)}));", WCAG)
    assert not isinstance(result, dict), result
    return result


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_axe_violation_with_a_game_open(browser, server, lang):
    open_game(browser, server, f"{lang}/games/katra-be.html")
    browser.execute_async_script(PLAY_TURN, [0.3, 0.6, 0.9])
    hole = browser.find_element(By.CSS_SELECTOR, ".mancala-hole.mancala-playable")
    browser.execute_script("arguments[0].click()", hole)        # a choice asked (a direction ...) on screen too
    assert run_axe_wcag(browser) == []
