"""SIGTERM ends the server within its grace period plus one second, even while a handler is busy
(finding 1 of the hardening review: a spinning handler kept the process alive for ever)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import grpc
from rulesengine.v1 import service_pb2, service_pb2_grpc

from server import app

ROOT = Path(__file__).resolve().parents[2]
GRACE = 1.0

#: A server whose Citadels Score never returns: a handler thread that computes for ever.
BUSY_SERVER = f"""
import sys
from engines import registry
from engines.citadels import ENGINE
from server import app
from server.config import Config

class Busy:
    def __getattr__(self, name):
        return getattr(ENGINE, name)
    def score(self, state):
        while True:
            pass

registry.engines = lambda: {{"citadels": Busy()}}
sys.exit(app.serve(Config(host="127.0.0.1", port=0, grace_seconds={GRACE}, threads=2)))
"""


def _start(script: str) -> tuple[subprocess.Popen[str], int]:
    process = subprocess.Popen(
        [sys.executable, "-c", script], cwd=ROOT, stdout=subprocess.PIPE, text=True, env={**os.environ}
    )
    assert process.stdout is not None
    for line in process.stdout:
        record = json.loads(line)
        if record.get("event") == "serving":
            return process, int(record["port"])
    raise AssertionError(f"the server never logged 'serving' (exit {process.wait()})")


def test_sigterm_ends_the_process_in_time_while_a_handler_spins() -> None:
    process, port = _start(BUSY_SERVER)
    try:
        with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
            stub = service_pb2_grpc.RulesEngineServiceStub(channel)
            state = stub.NewGame(
                service_pb2.NewGameRequest(
                    setup={"game_id": "citadels", "players": 4, "chance_mode": "CHANCE_MODE_SEEDED", "seed": 1}
                ),
                timeout=10,
            ).state
            outcome: list[grpc.StatusCode] = []

            def call() -> None:
                try:
                    stub.Score(service_pb2.ScoreRequest(state=state), timeout=0.5)
                except grpc.RpcError as exc:
                    outcome.append(exc.code())

            caller = threading.Thread(target=call)
            caller.start()
            caller.join(timeout=10)
            assert outcome == [grpc.StatusCode.DEADLINE_EXCEEDED]  # the handler is still spinning
        started = time.monotonic()
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=30) == 0
        took = time.monotonic() - started
        assert took < GRACE + 1.0, f"the server took {took:.2f} s to stop"
        assert process.stdout is not None
        events = [json.loads(line).get("event") for line in process.stdout]
        assert "stopped_with_busy_handlers" in events
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_the_port_file_names_the_port_listened_on_and_survives_an_unwritable_path(tmp_path: Path) -> None:
    port_file = tmp_path / "port"
    serve = ["-m", "server.cli", "serve", "--host", "127.0.0.1", "--port", "0", "--log-level", "warning", "--port-file"]
    process = subprocess.Popen(
        [sys.executable, *serve, str(port_file)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        deadline = time.monotonic() + 30
        while not port_file.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        port = int(port_file.read_text())
        with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
            games = service_pb2_grpc.RulesEngineServiceStub(channel).ListGames(
                service_pb2.ListGamesRequest(), timeout=10
            )
        assert len(games.games) == 5
        assert [p.name for p in tmp_path.iterdir()] == ["port"]  # written whole: no partial file left
    finally:
        process.terminate()
        process.wait(timeout=20)
    unwritable = tmp_path / "missing-dir" / "port"
    app._write_port_file(unwritable, 1234)  # logged, not raised
    assert not unwritable.exists()
