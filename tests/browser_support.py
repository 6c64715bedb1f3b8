"""What the browser tests share: finding Debian's Chromium and its driver
(skip locally when absent, fail in CI), a local HTTP server on 127.0.0.1, and
a headless Chromium started with the flags this machine's closed network needs."""
from __future__ import annotations

import contextlib
import functools
import http.server
import os
import threading

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
