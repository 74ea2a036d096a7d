"""Checks shared by the Walls of York and Walled City picture tests: a picture drawn through the view, its
SVG parsed with its size checked, the titles of its shapes, and its PNG."""

from __future__ import annotations

import struct
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
    root = ET.fromstring(picture.svg)
    assert root.tag == f"{SVG}svg"
    assert (root.get("width"), root.get("height")) == (str(picture.width), str(picture.height))
    return [t.text or "" for t in root.iter(f"{SVG}title")]


def has(found: list[str], start: str) -> bool:
    """Whether some title starts with ``start``."""
    return any(t.startswith(start) for t in found)


def assert_png_of_its_size(picture: Picture) -> None:
    """The server's PNG of ``picture`` has the PNG signature and the picture's size (in its header too)."""
    data, width, height = png(picture)
    assert data.startswith(PNG_SIGNATURE)
    assert (width, height) == (picture.width, picture.height)
    assert struct.unpack(">II", data[16:24]) == (picture.width, picture.height)
