"""Fixtures: the real server as a subprocess (`rules-engine serve --port N`), a client, the CLI."""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import socket
import stat
import subprocess
import sys
import threading
import time
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from rulesengine_client import RulesEngineClient, UnavailableError
from rulesengine_client.cli import main as cli_main

STARTUP_SECONDS = 30.0
#: The bidi controls (marks, embeddings, overrides, isolates): they reorder what a terminal shows. unsafe()
#: adds the C0/DEL/C1 controls, lone surrogates and line/paragraph separators by their category.
BIDI = set("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
#: How long a CLI run on a few small files may take before a test calls it hung.
HANG_SECONDS = 60.0


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _console_script(name: str) -> str:
    """The console script installed next to this interpreter (the project's virtualenv)."""
    beside = Path(sys.executable).parent / name
    found = str(beside) if beside.exists() else shutil.which(name)
    if found is None:
        pytest.fail(f"`{name}` is not installed; run ./run test (it installs both packages)")
    return found


@dataclass
class Server:
    """A running `rules-engine serve` subprocess."""

    process: subprocess.Popen[bytes]
    target: str
    log: Path

    def log_text(self) -> str:
        """What the server has logged so far."""
        return self.log.read_text(errors="replace")


@pytest.fixture(autouse=True)
def english_unless_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """The CLI takes its language from the environment: every test speaks English unless it asks for
    another (a German developer's machine runs the same tests)."""
    monkeypatch.setenv("RULES_ENGINE_LOCALE", "en")


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """`rules-engine serve` on a free port, SERVING before the first test, terminated at the end."""
    port = _free_port()
    log = tmp_path_factory.mktemp("server") / "server.log"
    command = [
        _console_script("rules-engine"),
        "serve",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--log-format",
        "console",
        "--log-level",
        "warning",
    ]
    with log.open("wb") as sink:
        process = subprocess.Popen(command, stdout=sink, stderr=subprocess.STDOUT)
    running = Server(process, f"127.0.0.1:{port}", log)
    try:
        _wait_serving(running)
        yield running
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)


def _wait_serving(server: Server) -> None:
    deadline = time.monotonic() + STARTUP_SECONDS
    with RulesEngineClient(server.target, timeout=2.0) as client:
        while True:
            if server.process.poll() is not None:
                pytest.fail(f"the server exited with {server.process.returncode}:\n{server.log_text()}")
            try:
                if client.health() == "SERVING":
                    return
            except UnavailableError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"the server was not SERVING after {STARTUP_SECONDS}s:\n{server.log_text()}")
            time.sleep(0.2)


@pytest.fixture()
def client(server: Server) -> Iterator[RulesEngineClient]:
    """A sync client of the test server."""
    with RulesEngineClient(server.target, timeout=30.0) as connected:
        yield connected


@dataclass
class CliResult:
    """Exit status and output of one in-process CLI run."""

    status: int
    out: str
    err: str


class Cli:
    """Runs `rules-engine-client --target <server> ARGS` in this process."""

    def __init__(self, target: str) -> None:
        self.target = target

    def __call__(self, *args: str, stdin: str = "") -> CliResult:
        out, err = io.StringIO(), io.StringIO()
        try:
            status = cli_main(["--target", self.target, *args], stdout=out, stderr=err, stdin=io.StringIO(stdin))
        except SystemExit as exit_:  # argparse refusing the arguments
            status = int(exit_.code or 0)
        assert "Traceback" not in err.getvalue(), err.getvalue()
        return CliResult(status, out.getvalue(), err.getvalue())

    def within(self, *args: str, unblock: Path) -> CliResult:
        """The run of ``args`` in a thread, failing (not hanging) when it takes over HANG_SECONDS: a command
        that waits on a FIFO would otherwise hang the suite. The FIFOs at or in ``unblock`` are then opened
        for writing, so that the stuck run ends rather than keep the test process alive."""
        results: list[CliResult] = []
        runner = threading.Thread(target=lambda: results.append(self(*args)), daemon=True)
        runner.start()
        runner.join(HANG_SECONDS)
        if runner.is_alive():
            unblock_fifos(unblock)
            runner.join(HANG_SECONDS)
            pytest.fail(f"`{' '.join(args)}` did not finish within {HANG_SECONDS:.0f}s")
        return results[0]


def unsafe(text: str) -> list[str]:
    """The characters of ``text`` that must never reach a terminal or a report (its newlines aside)."""
    return [c for c in text.replace("\n", "") if unicodedata.category(c) in {"Cc", "Cs", "Zl", "Zp"} or c in BIDI]


def unblock_fifos(place: Path) -> None:
    """Open the FIFO ``place``, or every FIFO of the directory ``place``, for writing and close it: a reader
    stuck opening one sees its end."""
    entries = list(place.iterdir()) if place.is_dir() else [place]
    for entry in entries:
        if stat.S_ISFIFO(entry.lstat().st_mode):
            with contextlib.suppress(OSError):
                os.close(os.open(entry, os.O_WRONLY | os.O_NONBLOCK))


@pytest.fixture()
def cli(server: Server) -> Cli:
    """The CLI, aimed at the test server."""
    return Cli(server.target)
