"""Board images as files, and what a step of an example highlights.

:func:`image_file` draws a position into a folder of PNG files named by a hash
of their content (:func:`render.cache_key`), written atomically: an unchanged
image is never drawn twice (the builds of both languages share the folder) and
a crash never leaves half a file (:func:`~mancala_diagrams.atomic.write_atomically`).
It draws with the compositor (:func:`compose.render_png`), the very bytes of
the plain painting (:func:`render.render_png`) in a fraction of its time.
"""
from __future__ import annotations

import os
from dataclasses import replace
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


def highlights_from(events) -> dict:
    """{role: holes} for one step, from the events that led to it: the hole
    emptied, the holes sown, the last seed, the holes captured."""
    hl = {role: set() for role in ("emptied", "sown", "last", "captured")}
    last = None
    for e in events:
        if e.kind == "pickup":
            hl["emptied"].update(e.holes)
        elif e.kind in ("drop", "place"):
            hl["sown"].update(e.holes)
            last = e.holes[-1] if e.holes else last
        elif e.kind == "capture":
            hl["captured"].update(e.holes)
        elif e.kind == "merge":
            hl["sown"].update(e.holes)
    if last is not None:
        hl["last"].add(last)
        hl["sown"].discard(last)
    # a hole emptied and sown again in the same step is shown as sown
    hl["emptied"] -= hl["sown"] | hl["last"]
    return {k: sorted(v) for k, v in hl.items() if v}


def step_highlights(events, position, rules=None) -> dict:
    """{role: holes} a step's picture shows: :func:`highlights_from` its events,
    and ``special`` the holes the rules single out there (rova, nyumba,
    tsibongy, the special hole: :meth:`Rules.special_holes_at`)."""
    hl = highlights_from(events)
    specials = rules.special_holes_at(position) if rules is not None else []
    if specials:
        hl["special"] = list(specials)
    return hl


def example_options(steps, options=None):
    """The drawing options of every step of an example: the same picture size on
    every step (the reserves' room kept when any step has a reserve), and the
    hand's bowl, with its count, on every step when seeds are held in hand at
    any moment of the example (a caption that speaks of seeds in hand has the
    hand drawn, even once they are all sown)."""
    o = options or render.Options()
    steps = list(steps)

    def hand_now(s):
        return bool(s.position.hand and s.position.hand.seeds)
    held = any(hand_now(s) or any(getattr(e, "hand", 0) for e in s.events) for s in steps)
    room = any(any(s.position.reserves) for s in steps)
    if not (room or held):
        return o
    return replace(o, reserve_room=o.reserve_room or room, hand_area=o.hand_area or held)


def parse_marks(text, geometry) -> dict:
    """{hole: colour} from ``HOLE=COLOUR`` items separated by spaces (``c2=red``)."""
    from ..errors import MancalaError
    marks = {}
    for item in (text or "").split():
        if "=" not in item:
            raise MancalaError(f"a mark is HOLE=COLOUR, not {item!r}")
        hole, colour = item.split("=", 1)
        marks[geometry.parse(hole)] = colour
    return marks
