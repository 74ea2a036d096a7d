"""Fixtures: in-process servers on free local ports, stubs, and a capture of the access logs."""

from __future__ import annotations

import io
import json
import threading
from collections.abc import Iterator
from typing import Any

import grpc
import pytest
from rulesengine.v1 import service_pb2_grpc

from engines import registry
from server import logs
from server.app import Running, start_server
from server.config import Config
from tests.server.helpers import KEY


class LogSink(io.StringIO):
    """A thread-safe text stream that keeps every log line written to it."""

    def __init__(self) -> None:
        super().__init__()
        self._lock = threading.Lock()

    def write(self, text: str) -> int:
        with self._lock:
            return super().write(text)

    def text(self) -> str:
        """Everything written so far."""
        with self._lock:
            return self.getvalue()

    def records(self) -> list[dict[str, Any]]:
        """Every line, parsed as JSON."""
        return [json.loads(line) for line in self.text().splitlines() if line.strip()]

    def clear(self) -> None:
        """Forget what was written."""
        with self._lock:
            self.seek(0)
            self.truncate()


@pytest.fixture(scope="session")
def log_sink() -> LogSink:
    """structlog configured once for the session (loggers cache their configuration)."""
    sink = LogSink()
    logs.configure("json", "info", sink)
    return sink


def serve(engines: dict[str, Any] | None = None, **overrides: Any) -> Iterator[Running]:
    """An in-process server on a free port of 127.0.0.1, stopped afterwards."""
    running = start_server(Config(**{"host": "127.0.0.1", "port": 0, "threads": 4, **overrides}), engines)
    try:
        yield running
    finally:
        running.stop(None)


def channel_stub(running: Running) -> Iterator[service_pb2_grpc.RulesEngineServiceStub]:
    """A stub on a channel to ``running``, closed afterwards."""
    with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel:
        yield service_pb2_grpc.RulesEngineServiceStub(channel)


@pytest.fixture(scope="session")
def server(log_sink: LogSink) -> Iterator[Running]:
    """The real engines; signs every returned state, does not require signatures."""
    yield from serve(signing_key=KEY)


@pytest.fixture(scope="session")
def strict_server(log_sink: LogSink) -> Iterator[Running]:
    """Require-signed mode with the same key, and a small message-size limit (64 KiB)."""
    yield from serve(signing_key=KEY, require_signed=True, max_message_bytes=64 * 1024)


@pytest.fixture(scope="session")
def stub(server: Running) -> Iterator[service_pb2_grpc.RulesEngineServiceStub]:
    """A stub on ``server``."""
    yield from channel_stub(server)


@pytest.fixture(scope="session")
def strict_stub(strict_server: Running) -> Iterator[service_pb2_grpc.RulesEngineServiceStub]:
    """A stub on ``strict_server``."""
    yield from channel_stub(strict_server)


@pytest.fixture(scope="session")
def engine() -> Any:
    """The real Citadels engine."""
    return registry.get("citadels")
