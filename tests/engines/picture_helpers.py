"""Helpers for every game's picture tests: a picture drawn through the view, the texts and titles of its SVG
(parsed, its size checked), and the check of its PNG."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from engines.core.picture import Picture
from server.pictures import png

SVG = "{http://www.w3.org/2000/svg}"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def drawn(engine: Any, state: Any, viewer: int | None) -> Picture:
    """The picture ``viewer`` gets of the full ``state`` (through the view, as the server makes it)."""
    picture: Picture = engine.picture(engine.view(state, viewer), viewer)
    return picture


def titles(picture: Picture) -> list[str]:
    """The titles of every shape of a picture, after checking that its SVG parses and has the picture's size."""
    root = parsed(picture)
    assert root.tag == f"{SVG}svg"
    return svg_titles(root)


def has(found: list[str], start: str) -> bool:
    """Whether some title starts with ``start``."""
    return any(t.startswith(start) for t in found)


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
