"""tools/web_screenshots.py with tiny sizes: one game's table after one decision, and the other shots."""

from __future__ import annotations

from pathlib import Path

from tools import web_screenshots


def test_the_screenshots_are_written_as_small_pngs(tmp_path: Path) -> None:
    web_screenshots.main(["--out", str(tmp_path), "--games", "viscounts", "--decisions", "1"])
    written = sorted(path.name for path in tmp_path.iterdir())
    assert written == ["handover.png", "table-phone.png", "table-viscounts.png", "viewer-illegal.png"]
    for path in tmp_path.iterdir():
        assert path.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
        assert 5_000 < path.stat().st_size < 300_000, path.name
