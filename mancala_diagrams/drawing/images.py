"""Board images as files.

:func:`image_file` draws a position into a folder of PNG files named by a hash
of their content (:func:`render.cache_key`), written atomically: an unchanged
image is never drawn twice (the builds of both languages share the folder) and
a crash never leaves half a file (:func:`~mancala_diagrams.atomic.write_atomically`).
It draws with the compositor (:func:`compose.render_png`), the very bytes of
the plain painting (:func:`render.render_png`) in a fraction of its time.
"""
from __future__ import annotations

import os
from pathlib import Path

from ..atomic import write_atomically
from . import compose, layout, render


def image_file(folder, position, highlights=None, marks=None, numbers=None, options=None,
               labels=None) -> Path:
    """Draw the image unless a file with its content hash exists; return its path."""
    key = render.cache_key(position, highlights, marks, numbers, options, labels)
    path = Path(folder, f"board-{key}.png")
    if not os.path.exists(path):    # (write_atomically makes the folder)
        write_atomically(path, compose.render_png(position, highlights, marks, numbers, options, labels))
    return path


def image_size(position, options=None, labels=None) -> tuple[int, int]:
    """(width, height) in CSS pixels of the image of *position* (its layout)."""
    lay = layout.position_layout(position, options or render.Options())    # labels take no room
    return lay.width, lay.height
