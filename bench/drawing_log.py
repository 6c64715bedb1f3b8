"""Sphinx with each picture the extension draws logged: for bench_site.py.

    python bench/drawing_log.py LOG SPHINX-ARGUMENTS...

Wraps the drawing function itself, :func:`mancala_diagrams.drawing.compose.render_png`
(which ``drawing/images.py`` calls for each image file its folder does not
have yet), then runs Sphinx: each picture drawn appends to LOG a line with its
cache key (its file's name is ``board-KEY.png``) and its drawing time in
seconds, separated by a tab.  An image found in the folder is not drawn, and
not logged.
"""
from __future__ import annotations

import sys
import time


def logged(draw, log: str):
    """*draw* (``render_png``'s arguments, PNG bytes out), each call's key and
    time appended to the file *log*."""
    from mancala_diagrams.drawing import render

    def timed(*args, **kwargs):
        started = time.perf_counter()
        data = draw(*args, **kwargs)
        seconds = time.perf_counter() - started
        with open(log, "a", encoding="utf-8") as fh:
            fh.write(f"{render.cache_key(*args, **kwargs)}\t{seconds:.6f}\n")
        return data
    return timed


def main(argv):
    log, sphinx_args = argv[0], argv[1:]
    from mancala_diagrams.drawing import compose
    compose.render_png = logged(compose.render_png, log)
    from sphinx.cmd.build import main as sphinx_main
    return sphinx_main(sphinx_args)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
