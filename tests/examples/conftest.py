"""Fixtures for the examples: rules servers as subprocesses on free ports, and the Discord bot
example's directory on the import path (it runs from there: ``python discord_app.py``)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import pytest

from tests.client.conftest import Server, _console_script, _free_port, _wait_serving

BOT_DIR = Path(__file__).resolve().parents[2] / "examples" / "discord_bot"
if str(BOT_DIR) not in sys.path:
    sys.path.insert(0, str(BOT_DIR))

#: How many servers the games are shared among. One process each: the client channels of one test
#: process share one connection per target, so a server's worker processes would not share them.
SERVERS = 2


#: Seconds a stopped server lets running calls finish (none are running when the tests stop it).
GRACE_SECONDS = 2


@contextmanager
def running_server(log: Path) -> Iterator[Server]:
    """`rules-engine serve` on a free port, SERVING when entered; on exit stopped (SIGTERM) and waited for."""
    port = _free_port()
    command = [_console_script("rules-engine"), "serve", "--host", "127.0.0.1", "--port", str(port)]
    command += ["--grace-seconds", str(GRACE_SECONDS), "--log-format", "console", "--log-level", "warning"]
    with log.open("wb") as sink, subprocess.Popen(command, stdout=sink, stderr=subprocess.STDOUT) as process:
        try:
            running = Server(process, f"127.0.0.1:{port}", log)
            _wait_serving(running)
            yield running
        finally:
            process.terminate()


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[Server]]:
    """``SERVERS`` rules servers, for games played side by side."""
    folder = tmp_path_factory.mktemp("servers")
    with ExitStack() as stack:
        yield [stack.enter_context(running_server(folder / f"server{n}.log")) for n in range(SERVERS)]
