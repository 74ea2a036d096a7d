"""Fixtures for the Discord bot's tests: rules servers as subprocesses on free ports, and the bot's
directory on the import path (it runs from there: ``python discord_app.py``).

Self-contained (nothing from the repository's ``tests`` package), so ``pytest examples/discord_bot/tests``
runs from anywhere the project's virtualenv is active.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from pathlib import Path

import grpc
import pytest
from rulesengine_client import RulesEngineClient, UnavailableError

BOT_DIR = Path(__file__).resolve().parents[1]
if str(BOT_DIR) not in sys.path:
    sys.path.insert(0, str(BOT_DIR))

#: How many servers the games are shared among. One process each: the client channels of one test
#: process share one connection per target, so a server's worker processes would not share them.
SERVERS = 2
#: Seconds a stopped server lets running calls finish (none are running when the tests stop it).
GRACE_SECONDS = 2
#: How long a server may take to answer SERVING.
STARTUP_SECONDS = 30.0


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def console_script(name: str) -> str:
    """The console script installed next to this interpreter (the project's virtualenv)."""
    beside = Path(sys.executable).parent / name
    found = str(beside) if beside.exists() else shutil.which(name)
    if found is None:
        pytest.fail(f"`{name}` is not installed; run ./run test (it installs both packages)")
    return found


def wait_serving(
    process: subprocess.Popen[bytes], target: str, log: Path, credentials: grpc.ChannelCredentials | None = None
) -> None:
    """Return once the server at ``target`` answers SERVING (over TLS with ``credentials``); fail if it exits or
    takes too long."""
    deadline = time.monotonic() + STARTUP_SECONDS
    with RulesEngineClient(target, credentials=credentials, timeout=2.0) as client:
        while True:
            if process.poll() is not None:
                pytest.fail(f"the server exited with {process.returncode}:\n{log.read_text(errors='replace')}")
            try:
                if client.health() == "SERVING":
                    return
            except UnavailableError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"the server was not SERVING after {STARTUP_SECONDS}s:\n{log.read_text(errors='replace')}")
            time.sleep(0.2)


@contextmanager
def running_server(
    log: Path, serve_flags: Sequence[str] = (), credentials: grpc.ChannelCredentials | None = None
) -> Iterator[str]:
    """`rules-engine serve` on a free port, SERVING when entered (its target, ``host:port``); on exit
    stopped (SIGTERM) and waited for. ``serve_flags`` are added (TLS files, say: then ``credentials`` reach it)."""
    port = free_port()
    command = [console_script("rules-engine"), "serve", "--host", "127.0.0.1", "--port", str(port), *serve_flags]
    command += ["--grace-seconds", str(GRACE_SECONDS), "--log-format", "console", "--log-level", "warning"]
    with log.open("wb") as sink, subprocess.Popen(command, stdout=sink, stderr=subprocess.STDOUT) as process:
        try:
            target = f"127.0.0.1:{port}"
            wait_serving(process, target, log, credentials)
            yield target
        finally:
            process.terminate()


@pytest.fixture(scope="module")
def targets(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[str]]:
    """The targets of ``SERVERS`` rules servers, for games played side by side."""
    folder = tmp_path_factory.mktemp("servers")
    with ExitStack() as stack:
        yield [stack.enter_context(running_server(folder / f"server{n}.log")) for n in range(SERVERS)]
