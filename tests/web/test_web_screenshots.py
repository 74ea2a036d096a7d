"""tools/web_screenshots.py with tiny sizes: one game's table after one decision, and the other shots. It runs
as its own process, as it is used (a second Playwright cannot start inside the one the web tests hold)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_screenshots_are_written_as_small_pngs(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "tools.web_screenshots", "--out", str(tmp_path), "--games", "viscounts"]
    path = os.pathsep.join([str(ROOT), str(ROOT / "contract"), os.environ.get("PYTHONPATH", "")])
    ran = subprocess.run(
        [*command, "--decisions", "1"],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": path},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert ran.returncode == 0, ran.stderr[-3000:]
    written = sorted(path.name for path in tmp_path.iterdir())
    assert written == ["handover.png", "table-phone.png", "table-viscounts.png", "viewer-illegal.png"]
    for shot in tmp_path.iterdir():
        assert shot.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
        assert 5_000 < shot.stat().st_size < 300_000, shot.name
