"""A palette picture as a PNG file, compressed with zlib-ng.

Pillow writes the same chunks, but compresses with the system zlib; zlib-ng at
level 5 makes files as small as Pillow's at level 6 in less than half its time
(``bench/bench_site.py`` prints both).
"""
from __future__ import annotations

import struct
import zlib

from PIL import Image
from zlib_ng import zlib_ng

#: zlib-ng's compression level: higher levels cost far more for a few per cent
#: (level 9 was half of a clean build).
PNG_LEVEL = 5


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _transparency_chunk(colours: tuple, transparent) -> bytes:
    """The tRNS chunk that shows the entries of *colours* equal to
    *transparent* transparent: an opacity for each entry up to the last such
    one (no chunk when there is none)."""
    if transparent is None or transparent not in colours:
        return b""
    last = len(colours) - 1 - colours[::-1].index(transparent)
    return _chunk(b"tRNS", bytes(0 if c == transparent else 255 for c in colours[:last + 1]))


def png_bytes(pal: Image.Image, colours: tuple, transparent=None) -> bytes:
    """A palette image (mode P, its pixels indices into *colours*) as a PNG file:
    the palette's own colours only (the 256 entries the quantization leaves
    would add half a kilobyte of zeros), 8 bits a pixel, no filter (each row
    starts with filter byte 0: the rows of a drawing of flat colours compress
    best as they are); the colour *transparent*, if given, is shown
    transparent."""
    if pal.mode != "P" or not 1 <= len(colours) <= 256:
        raise ValueError(f"png_bytes needs a palette image of 1 to 256 colours, not {pal.mode}/{len(colours)}")
    w, h = pal.size
    rows = Image.new("P", (w + 1, h), 0)    # each row after a zero: its filter byte, "None"
    rows.paste(pal, (1, 0))
    return b"".join((
        b"\x89PNG\r\n\x1a\n",
        _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 3, 0, 0, 0)),   # 8-bit, palette, deflate, no interlace
        _chunk(b"PLTE", bytes(v for c in colours for v in c[:3])),
        _transparency_chunk(colours, transparent),
        _chunk(b"IDAT", zlib_ng.compress(rows.tobytes(), PNG_LEVEL)),
        _chunk(b"IEND", b""),
    ))
