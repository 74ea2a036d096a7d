"""The client package stands alone: importing all of it pulls in neither the server nor the engines."""

from __future__ import annotations

import subprocess
import sys

PROBE = """
import sys
import rulesengine_client, rulesengine_client.cli, rulesengine_client.games, rulesengine_client.render
import rulesengine_client.client, rulesengine_client.errors
import rulesengine_client.files, rulesengine_client.safe_text, rulesengine_client.verify
from rulesengine_client.games import FileFormatError, load_record, load_state, save_message  # still offered there
leaked = sorted(m for m in sys.modules if m.split('.')[0] in ('server', 'engines', 'msgspec', 'structlog'))
print(','.join(leaked))
"""


def test_client_imports_neither_server_nor_engines() -> None:
    done = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=60, check=False, cwd="/"
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == ""


def test_cli_help_lists_every_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "rulesengine_client", "--help"], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    for command in ("games", "play", "replay", "score", "bots", "health"):
        assert command in done.stdout
