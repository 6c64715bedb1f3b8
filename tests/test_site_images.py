"""The pictures on the built site (both languages, the shared ``site`` fixture
of conftest.py): each has its size in its attributes and loads lazily unless
it is the first of its page."""
from __future__ import annotations

import re

from PIL import Image

IMG = re.compile(r"<img\b[^>]*>")
ATTR = re.compile(r'([a-z-]+)="([^"]*)"')


def test_board_images_have_their_size_and_load_lazily_below_the_first(site):
    """Every picture the extension draws has width and height (the PNG's shape,
    drawn at twice the pixels for sharp screens), and all but the first of a
    page load lazily (the first may be in view when the page opens)."""
    checked = lazy = 0
    for page in sorted(site.rglob("*.html")):
        tags = [dict(ATTR.findall(tag)) for tag in IMG.findall(page.read_text(encoding="utf-8"))]
        ours = [t for t in tags if {"mancala-board", "mancala-legend-sample"} & set(t.get("class", "").split())]
        for i, attrs in enumerate(ours):
            where = f"{page.relative_to(site)}: {attrs.get('src')}"
            assert "width" in attrs and "height" in attrs, where
            with Image.open(page.parent / attrs["src"]) as png:
                assert (png.width, png.height) == (2 * int(attrs["width"]), 2 * int(attrs["height"])), where
            assert "style" not in attrs, where      # the size is in the attributes, not in a style
            if i == 0:
                assert "loading" not in attrs, where
            else:
                assert attrs.get("loading") == "lazy", where
                lazy += 1
            checked += 1
    assert checked > 300 and lazy > 250
