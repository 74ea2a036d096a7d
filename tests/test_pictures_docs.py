"""docs/pictures.md shows a picture of every game, drawn by scripts/gen_pictures.py from the current picture
modules (a changed module with pictures not drawn again fails here)."""

from __future__ import annotations

import re
import struct
from pathlib import Path

from engines import registry
from scripts import gen_pictures

ROOT = Path(__file__).resolve().parent.parent


def test_the_committed_pictures_are_the_current_drawings() -> None:
    assert gen_pictures.main(["--check"]) == 0


def test_the_page_shows_every_game_and_every_picture_is_a_png_of_its_drawing() -> None:
    page = (ROOT / "docs" / "pictures.md").read_text()
    shown = re.findall(r"!\[[^\]]+\]\(pictures/(\w+)\.png\)", page)
    assert sorted(shown) == sorted(registry.engines()) == sorted(gen_pictures.setups())
    # Each caption names the players its picture is drawn at (gen_pictures.setups reads them there).
    assert sorted(game for _, game in gen_pictures.CAPTION.findall(page)) == sorted(shown)
    for game in shown:
        svg = (gen_pictures.OUT / f"{game}.svg").read_text()
        width, height = (int(v) for v in re.search(r'width="(\d+)" height="(\d+)"', svg).groups())  # type: ignore[union-attr]
        data = (gen_pictures.OUT / f"{game}.png").read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        assert struct.unpack(">II", data[16:24]) == (width, height)
