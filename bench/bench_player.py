"""The in-page player, measured in headless Chromium on the built site.

    .venv/bin/python bench/bench_player.py [--site _build/site] [--repeat N] [--moves N]

The site (built by `make site`; built here, English only, into a temporary
folder when it is absent) is served on 127.0.0.1 by Python's http.server, as
the README says, without compression.  Prints, for the katro page:

- the time from the click on "Play from here" to a playable board, with a
  fresh browser profile (cold: nothing cached) and again in the same profile
  (the browser's cache), each N times, with its two parts (the runtime
  loaded; then the engine unpacked and imported, the game started), read
  from the page's own performance marks;
- the engine's time per move in the page: a random legal turn played with
  the engine alone (``legal_moves`` then ``play``, as the trial measured),
  on katro-6, katra-paika-6, m'raha wa ntso and katra be, in Pyodide; and
  the time of the page's call for one decision (the engine, the frames'
  captions and the state, as JSON), from the page's performance measures;
- the bytes the page transfers before the click and after it (what the
  browser's resource timing counts, the page itself included).

Targets (issue 33): at most 4 s cold, 2.5 s from the cache, 50 ms per move.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from browser_support import CHROMEDRIVER, CHROMIUM, chromium, serve  # noqa: E402

PAGE = "en/games/katro.html"
CLICK = """
const done = arguments[arguments.length - 1];
performance.clearMarks();
const button = document.querySelector('div.mancala-play-start .mancala-play-open');
button.scrollIntoView({block: 'center', behavior: 'instant'});
button.click();
const poll = () => {
  const ready = performance.getEntriesByName('mancala-play-ready')[0];
  if (!ready) return setTimeout(poll, 5);
  const at = name => performance.getEntriesByName(name)[0].startTime;
  done({total: at('mancala-play-ready') - at('mancala-play-click'),
        runtime: at('mancala-play-runtime') - at('mancala-play-click'),
        engine: at('mancala-play-ready') - at('mancala-play-runtime')});
};
poll();
"""
BYTES = """
const nav = performance.getEntriesByType('navigation')[0];
const res = performance.getEntriesByType('resource');
return {total: nav.transferSize + res.reduce((n, e) => n + e.transferSize, 0),
        files: res.map(e => [e.name.split('/').slice(-2).join('/'), e.transferSize, e.encodedBodySize])};
"""
#: A turn played at random with the engine alone, timed in the page (Pyodide
#: loaded again here, as the page loads it: the runtime's files are cached).
ENGINE = """
const [base, names, moves, done] = [arguments[0], arguments[1], arguments[2], arguments[arguments.length - 1]];
(async () => {
  const mod = await import(base + 'pyodide/pyodide.mjs');
  const py = await mod.loadPyodide({indexURL: base + 'pyodide/'});
  py.unpackArchive(await (await fetch(base + 'mancala.zip')).arrayBuffer(), 'zip', {extractDir: '/mancala'});
  py.runPython(`
import sys, json, random, time
sys.path.insert(0, '/mancala')
from mancala_diagrams.play.data import rules_from_data

def per_move(text, moves):
    rules = rules_from_data(json.loads(text))
    rng = random.Random(1)
    pos, times = rules.initial_position(), []
    while len(times) < moves:
        if rules.outcome(pos):
            pos = rules.initial_position()
            continue
        start = time.perf_counter()
        move = rng.choice(rules.legal_moves(pos))
        pos = rules.play(pos, move)
        times.append((time.perf_counter() - start) * 1000)
    return json.dumps(times)
`);
  const out = {};
  for (const name of names) {
    const text = await (await fetch(base + 'rules/' + name + '.json')).text();
    out[name] = JSON.parse(py.globals.get('per_move')(text, moves));
  }
  done(out);
})().catch(e => done({error: String(e)}));
"""
#: The page's own call for one decision, through its buttons (random holes and choices).
CALLS = """
const [count, done] = [arguments[0], arguments[arguments.length - 1]];
const game = document.querySelector('.mancala-game');
let made = 0;
const step = () => {
  if (game.dataset.busy === 'true') { game.querySelector('.mancala-skip').click(); return setTimeout(step, 5); }
  if (made >= count || game.dataset.over === 'true')
    return done(performance.getEntriesByName('mancala-play-choose').map(e => e.duration));
  const choices = Array.from(game.querySelectorAll('.mancala-game-choices button'));
  const holes = Array.from(game.querySelectorAll('.mancala-hole.mancala-playable'));
  const list = choices.length ? choices : holes;
  list[Math.floor(Math.random() * list.length)].click();
  made++;
  setTimeout(step, 5);
};
step();
"""


def built_site(path) -> Path:
    if (Path(path) / PAGE).exists():
        return Path(path)
    tmp = Path(tempfile.mkdtemp(prefix="bench-player-"))
    print(f"(no site at {path}: building the English site into {tmp})")
    subprocess.run([sys.executable, "-m", "sphinx", "-q", "-b", "html", "-D", "language=en",
                    "-D", "mancala_play_dir=../_play", "-d", str(tmp / "doctrees"), str(ROOT / "docs"),
                    str(tmp / "site" / "en")], check=True, cwd=ROOT)
    return tmp / "site"


def load(driver, url):
    driver.get(url)
    end = time.time() + 60
    while time.time() < end and not driver.execute_script(
            "return document.readyState === 'complete' && !!document.querySelector('.mancala-play-open')"):
        time.sleep(0.05)


def median_line(label, values, unit="ms", target=None):
    text = ", ".join(f"{v:.0f}" for v in values)
    out = f"{label}: median {statistics.median(values):.0f} {unit} ({text})"
    if target is not None:
        out += f"; target at most {target:.0f} {unit}"
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--site", default=str(ROOT / "_build" / "site"))
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--moves", type=int, default=30)
    args = ap.parse_args()
    if not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()):
        print(f"in-page player: not measured ({CHROMIUM} or {CHROMEDRIVER} is missing)")
        return
    site = built_site(args.site)
    load_before = " ".join(f"{x:.2f}" for x in os.getloadavg())      # (1, 5 and 15 minutes)
    calls = engine = None
    cold, warm, bytes_before, bytes_after, files = [], [], None, None, []
    with serve(site) as base, tempfile.TemporaryDirectory() as tmp:
        url = f"{base}/{PAGE}"
        for i in range(args.repeat):
            driver = chromium(Path(tmp) / f"profile-{i}")
            driver.set_script_timeout(300)
            try:
                load(driver, url)
                before = driver.execute_script(BYTES)
                cold.append(driver.execute_async_script(CLICK))
                after = driver.execute_script(BYTES)
                if bytes_before is None:
                    bytes_before, bytes_after, files = before["total"], after["total"], after["files"]
                load(driver, url)                       # the same profile: from the browser's cache
                warm.append(driver.execute_async_script(CLICK))
                if i == 0:
                    calls = driver.execute_async_script(CALLS, args.moves)
                    engine = driver.execute_async_script(ENGINE, f"{base}/_play/",
                                                         ["katro-6", "katra-paika-6", "mraha-wa-ntso", "katra-be"],
                                                         args.moves)
            finally:
                driver.quit()
    print(f"in-page player, {PAGE} on 127.0.0.1 (http.server, no compression), headless Chromium; "
          f"load average {load_before} when the runs began, {' '.join(f'{x:.2f}' for x in os.getloadavg())} "
          f"at their end, {os.cpu_count()} CPUs")
    for label, runs, target in (("click to playable board, cold", cold, 4000),
                                ("click to playable board, from the browser's cache", warm, 2500)):
        print(median_line(label, [r["total"] for r in runs], target=target))
        print(median_line("  the runtime (Pyodide) loaded", [r["runtime"] for r in runs]))
        print(median_line("  then the engine and the game", [r["engine"] for r in runs]))
    if isinstance(engine, dict) and "error" in engine:
        print(f"engine per move: could not measure ({engine['error']})")
    else:
        for name, times in engine.items():
            print(f"engine per move ({name}, legal_moves then play, {len(times)} random turns): "
                  f"median {statistics.median(times):.1f} ms, max {max(times):.1f} ms; target at most 50 ms")
    if calls:
        print(f"the page's call per decision (katro-6: engine, captions of each frame, state): "
              f"median {statistics.median(calls):.1f} ms, max {max(calls):.1f} ms over {len(calls)} decisions")
    print(f"bytes transferred by {PAGE}: {bytes_before:,} before the click, {bytes_after:,} once the game is "
          f"playable (+{bytes_after - bytes_before:,})")
    for name, size, body in sorted(files, key=lambda f: -f[1])[:6]:
        print(f"  {name}: {size:,}")


if __name__ == "__main__":
    main()
