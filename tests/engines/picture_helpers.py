"""Helpers for the picture tests: the texts of a drawn SVG and the check of its PNG."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from engines.core.picture import Picture
from server.pictures import png

SVG = "{http://www.w3.org/2000/svg}"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def svg_titles(root: ET.Element) -> list[str]:
    """Every ``<title>`` text of a parsed picture."""
    return [t.text or "" for t in root.iter(f"{SVG}title")]


def svg_words(root: ET.Element) -> str:
    """Every text and title of a parsed picture, one a line."""
    return "\n".join(t for el in root.iter() for t in [el.text or ""] if t)


def parsed(pic: Picture) -> ET.Element:
    """The picture's SVG parsed, after checking its size attributes match the picture's."""
    root = ET.fromstring(pic.svg)
    assert root.get("width") == str(pic.width) and root.get("height") == str(pic.height)
    return root


def check_png(pic: Picture) -> None:
    """The PNG of ``pic`` is a PNG (signature) of the picture's size (as returned and in its IHDR header)."""
    data, width, height = png(pic)
    assert data[:8] == PNG_SIGNATURE
    assert (width, height) == (pic.width, pic.height)
    assert int.from_bytes(data[16:20], "big") == width and int.from_bytes(data[20:24], "big") == height
