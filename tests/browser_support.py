"""What the browser tests share: finding Debian's Chromium and its driver
(skip locally when absent, fail in CI), a local HTTP server on 127.0.0.1, and
a headless Chromium started with the flags this machine's closed network needs."""
from __future__ import annotations

import contextlib
import functools
import http.server
import os
import threading
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
IN_CI = os.environ.get("CI", "").lower() == "true"


def require_chromium():
    """Call at module level: skip the module when Chromium is missing, except in CI."""
    if not (os.path.exists(CHROMIUM) and os.path.exists(CHROMEDRIVER)):
        if IN_CI:
            raise RuntimeError("CI=true but Chromium or chromedriver is missing: .ci/run installs them")
        pytest.skip("Chromium is not installed", allow_module_level=True)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@contextlib.contextmanager
def serve(directory):
    """Serve *directory* on 127.0.0.1 (a free port); yields the base URL."""
    handler = functools.partial(QuietHandler, directory=str(directory))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


def chromium(profile, javascript=True, width=1200):
    """A headless Chromium driven by selenium, with a fresh profile folder."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run",
                "--disable-dev-shm-usage", f"--window-size={width},900", f"--user-data-dir={profile}"):
        options.add_argument(arg)
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    return webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)


AXE = Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"


def require_axe():
    """The path of axe-core's script, installed by `make test` (npm ci); skip when absent, except in CI."""
    if not AXE.exists():
        if IN_CI:
            raise RuntimeError(f"CI=true but {AXE} is missing: `make test` installs it with npm ci")
        pytest.skip("axe-core is not installed (run `npm ci`)", allow_module_level=True)
    return AXE


#: The rules axe-core runs: those of WCAG 2.0, 2.1 and 2.2, levels A and AA.
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


def run_axe(driver):
    """Run axe-core's WCAG 2.2 AA rules (:data:`WCAG_TAGS`) on the page loaded
    in *driver*; returns its violations, of any impact (a list of {id,
    impact, help, nodes: [{target, html}]})."""
    if not driver.execute_script("return typeof window.axe === 'object'"):
        driver.execute_script(AXE.read_text(encoding="utf-8"))
    driver.set_script_timeout(300)
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}, resultTypes: ['violations']})"
        ".then(r => done(r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,"
        " nodes: v.nodes.map(n => ({target: n.target, html: n.html.slice(0, 200)}))}))))"
        ".catch(e => done({error: String(e)}));", WCAG_TAGS)
    if isinstance(result, dict) and "error" in result:
        raise RuntimeError(f"axe-core failed: {result['error']}")
    return result


def set_colour_scheme(driver, scheme):
    """Emulate a reader whose system asks for the *scheme* ("light" or
    "dark"): the theme follows it (its default is "auto"), without a reload."""
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": scheme}]})


def set_width(driver, width, height=900):
    """A screen *width* CSS pixels wide (a phone's below 600: mobile)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})


PAGE_WIDTH = """
const doc = document.documentElement;
return {viewport: doc.clientWidth, page: doc.scrollWidth,
        wide: Array.from(document.querySelectorAll('body *'))
            .filter(e => e.getBoundingClientRect().right > doc.clientWidth + 1 && e.getClientRects().length
                    && getComputedStyle(e).position !== 'fixed')
            .slice(0, 5).map(e => e.tagName + '.' + e.className)};
"""


def page_width(driver):
    """How wide the loaded page is against its viewport (and a few elements sticking out)."""
    return driver.execute_script(PAGE_WIDTH)
