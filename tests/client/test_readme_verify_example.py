"""The README's example of ``verify`` and ``replay`` over a tournament's upload folder, run as written (in
bash, from the repository root, against a test server) prints exactly what the README shows (issue #23)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from tests.client.conftest import Server

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
#: The example begins after this sentence of the README.
LEAD = "A folder with a good record, one where Bob (seat 1) makes Alice's move"


def example() -> tuple[str, str]:
    """The README's script and the output it says it prints."""
    text = README.read_text()
    after = text[text.index(LEAD) :]
    blocks = re.findall(r"```(\w*)\n(.*?)```", after, flags=re.S)
    (kind, script), (_, printed) = blocks[0], blocks[1]
    assert kind == "bash"
    return script, printed


def test_the_readme_verify_example_prints_what_it_shows(server: Server) -> None:
    script, printed = example()
    bin_dir = str(Path(sys.executable).parent)
    env = {**os.environ, "RULES_ENGINE_TARGET": server.target, "PATH": f"{bin_dir}:{os.environ.get('PATH', '')}"}
    run = subprocess.run(["bash", "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert run.stdout == printed, run.stderr
