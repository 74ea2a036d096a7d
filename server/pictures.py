"""PNG pictures for ``RenderView``: the engines draw SVG (``engines.core.picture``), this module rasterises
it with resvg (the ``resvg-py`` wheel: no system library needed).

The font is bundled (``server/fonts``: DejaVu Sans, whose licence is beside it) and system fonts are not
loaded, so a picture renders to the same PNG on every machine and in a container without fonts.
"""

from __future__ import annotations

import struct
from pathlib import Path

import resvg_py

from engines.core.picture import Picture

FONTS = Path(__file__).resolve().parent / "fonts"
_FONT_FILES = [str(path) for path in sorted(FONTS.glob("*.ttf"))]

#: The zoom range a caller may ask for (a PNG of at most 16 times the picture's pixels).
MIN_SCALE = 0.25
MAX_SCALE = 4.0


def png(picture: Picture, scale: float = 1.0) -> tuple[bytes, int, int]:
    """The PNG of ``picture`` zoomed by ``scale`` (``MIN_SCALE``..``MAX_SCALE``), with its width and height as
    the PNG says (resvg rounds a zoomed size itself)."""
    if not MIN_SCALE <= scale <= MAX_SCALE:
        raise ValueError(f"scale must be {MIN_SCALE}..{MAX_SCALE}, got {scale}")
    data = bytes(
        resvg_py.svg_to_bytes(
            svg_string=picture.svg,
            zoom=scale,
            skip_system_fonts=True,
            font_files=_FONT_FILES,
            font_family="DejaVu Sans",
            sans_serif_family="DejaVu Sans",
        )
    )
    width, height = struct.unpack(">II", data[16:24])  # the IHDR chunk, first after the signature
    return data, width, height
