"""``rules-engine serve``: configuration from flags and environment, workers, SIGTERM."""

from __future__ import annotations

import json
import os
import queue
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from rulesengine.v1 import service_pb2, service_pb2_grpc

from engines import registry
from server.cli import parse_config

ROOT = Path(__file__).resolve().parents[2]
KEY_TEXT = "k" * 32


def test_defaults() -> None:
    config = parse_config(["serve"], {})
    assert (config.port, config.workers, config.log_format, config.require_signed) == (50051, 1, "json", False)
    assert config.signing_key is None


def test_environment_then_flags() -> None:
    env = {"RULES_ENGINE_PORT": "6000", "RULES_ENGINE_WORKERS": "3", "RULES_ENGINE_LOG_FORMAT": "console"}
    assert (parse_config(["serve"], env).port, parse_config(["serve"], env).workers) == (6000, 3)
    config = parse_config(["serve", "--port", "7000", "--max-message-bytes", "65536"], env)
    assert (config.port, config.log_format, config.max_message_bytes) == (7000, "console", 65536)


def test_signing_key_from_the_environment_or_a_file(tmp_path: Path) -> None:
    env = {"RULES_ENGINE_SIGNING_KEY": KEY_TEXT, "RULES_ENGINE_REQUIRE_SIGNED": "true"}
    config = parse_config(["serve"], env)
    assert config.signing_key == KEY_TEXT.encode() and config.require_signed
    assert KEY_TEXT not in repr(config)
    key_file = tmp_path / "key"
    key_file.write_text("f" * 40 + "\n")
    assert parse_config(["serve", "--signing-key-file", str(key_file)], {}).signing_key == b"f" * 40


@pytest.mark.parametrize(
    ("argv", "env"),
    [
        (["serve", "--require-signed"], {}),
        (["serve"], {"RULES_ENGINE_SIGNING_KEY": "short"}),
        (["serve"], {"RULES_ENGINE_PORT": "http"}),
        (["serve", "--port", "70000"], {}),
        (["serve", "--workers", "0"], {}),
        (["serve", "--signing-key-file", "/nonexistent/key"], {}),
        (["serve"], {"RULES_ENGINE_REQUIRE_SIGNED": "maybe"}),
        ([], {}),
    ],
)
def test_invalid_configuration_exits_with_usage(argv: list[str], env: dict[str, str]) -> None:
    with pytest.raises(SystemExit) as caught:
        parse_config(argv, env)
    assert caught.value.code == 2


def _lines(stream: Any, into: queue.Queue[str]) -> None:
    for line in stream:
        into.put(line)


def _wait_for(lines: queue.Queue[str], event: str, count: int, timeout: float) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    deadline = time.monotonic() + timeout
    while len(found) < count:
        try:
            line = lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            raise AssertionError(f"fewer than {count} {event!r} log lines within {timeout} s") from None
        record = json.loads(line)
        if record.get("event") == event:
            found.append(record)
    return found


def test_workers_share_a_port_and_stop_on_sigterm() -> None:
    env = {**os.environ, "RULES_ENGINE_SIGNING_KEY": KEY_TEXT}
    command = [sys.executable, "-m", "server.cli", "serve", "--host", "127.0.0.1", "--port", "0", "--workers", "2"]
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=_lines, args=(process.stdout, lines), daemon=True).start()
    try:
        serving = _wait_for(lines, "serving", 2, timeout=30)
        ports = {r["port"] for r in serving}
        assert len(ports) == 1 and len({r["pid"] for r in serving}) == 2
        port = ports.pop()
        with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
            health = health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest())
            assert health.status == health_pb2.HealthCheckResponse.SERVING
            games = service_pb2_grpc.RulesEngineServiceStub(channel).ListGames(service_pb2.ListGamesRequest())
            assert [g.game_id for g in games.games] == sorted(registry.engines())
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=30) == 0
        assert len(_wait_for(lines, "stopped", 3, timeout=5)) == 3  # both workers, then the parent
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_serve_exits_non_zero_when_the_port_is_taken() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        command = [sys.executable, "-m", "server.cli", "serve", "--host", "127.0.0.1", "--port", str(port)]
        done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 1
    failure = json.loads(done.stdout.splitlines()[-1])
    assert (failure["event"], failure["port"]) == ("start_failed", port)
