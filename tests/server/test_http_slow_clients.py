"""Slow and idle clients on the HTTP port (server/http.py): late headers and bodies are closed with 408,
idle connections are closed, and hundreds of dripping connections never keep ``/healthz`` from answering
(the in-suite version of ``bench/slow_clients.py``, whose dripping connections it uses)."""

from __future__ import annotations

import http.client
import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bench import slow_clients
from bench.slow_clients import Drippers
from engines import registry
from server.app import Running, start_server
from server.config import Config
from server.http import HttpLimits, HttpServer, start_http
from server.servicer import RulesEngineServicer
from tests.server.conftest import LogSink

HEALTH_LIMIT_SECONDS = 1.0


def healthz_seconds(port: int) -> float:
    """How long ``GET /healthz`` on a new connection takes to answer 200 (at most 5 s: then it failed)."""
    started = time.monotonic()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        connection.request("GET", "/healthz")
        response = connection.getresponse()
        response.read()
        assert response.status == 200
    finally:
        connection.close()
    return time.monotonic() - started


def probe_while(drippers: Drippers, port: int, seconds: float) -> list[float]:
    """``/healthz`` every 0.2 s for ``seconds`` while ``drippers`` drip; the times it took."""
    drippers.start()
    try:
        times = []
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            try:
                times.append(healthz_seconds(port))
            except (OSError, http.client.HTTPException):
                times.append(float("inf"))
            time.sleep(0.2)
        return times
    finally:
        drippers.stop()


@pytest.fixture(scope="module")
def running(log_sink: LogSink) -> Iterator[Running]:
    """A server with the HTTP port and its default limits."""
    server = start_server(Config(host="127.0.0.1", port=0, http_port=0, threads=2))
    try:
        yield server
    finally:
        server.stop(None)


def test_300_dripping_connections_do_not_block_healthz(running: Running) -> None:
    assert running.http_port is not None
    drippers = Drippers(running.http_port, 300, interval=(0.5, 1.5))
    times = probe_while(drippers, running.http_port, 8.0)
    assert drippers.opened >= 300 and len(times) > 10
    assert max(times) < HEALTH_LIMIT_SECONDS, times


@pytest.fixture
def limited() -> Iterator[HttpServer]:
    """An HTTP port of its own whose requests must have their headers within 1 s and their body 1 s after,
    whose idle connections close after 1.5 s, and which holds 32 connections at most."""
    limits = HttpLimits(header_seconds=1.0, body_seconds=1.0, idle_seconds=1.5, max_connections=32)
    servicer = RulesEngineServicer(registry.engines())
    server = start_http(servicer, "127.0.0.1", 0, threads=2, max_message_bytes=64 * 1024, limits=limits)
    try:
        yield server
    finally:
        server.stop(0)


def closed_after(sock: socket.socket, drip: bytes, every: float, within: float) -> tuple[float, bytes]:
    """Send ``drip`` a byte every ``every`` seconds until the server closes the connection; how long that took
    (from the call) and what the server sent (``within`` seconds at most)."""
    started = time.monotonic()
    sock.settimeout(every)
    answer = b""
    for byte in drip:
        if time.monotonic() - started > within:
            break
        try:
            sock.send(bytes([byte]))
        except OSError:
            break
        try:
            data = sock.recv(4096)
        except TimeoutError:
            continue
        except OSError:
            break
        answer += data
        if not data:
            break
    return time.monotonic() - started, answer


def test_a_connection_dripping_its_headers_gets_408_and_is_closed_after_the_header_limit(limited: HttpServer) -> None:
    with socket.create_connection(("127.0.0.1", limited.port), timeout=5) as sock:
        drip = b"GET /healthz HTTP/1.1\r\nHost: x\r\n" + b"X-Slow: " + b"a" * 200
        took, answer = closed_after(sock, drip, 0.1, within=10)
    assert answer.startswith(b"HTTP/1.1 408 "), answer
    assert b"headers" in answer and b"1 s" in answer
    assert 0.9 <= took < 3.0, took


def test_a_connection_dripping_its_body_gets_408_after_the_body_limit(limited: HttpServer) -> None:
    with socket.create_connection(("127.0.0.1", limited.port), timeout=5) as sock:
        sock.sendall(
            b"POST /rulesengine.v1.RulesEngineService/ListGames HTTP/1.1\r\nHost: x\r\n"
            b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n"
        )
        took, answer = closed_after(sock, b" " * 99, 0.1, within=10)
    assert answer.startswith(b"HTTP/1.1 408 ") and b"body" in answer, answer
    assert 0.9 <= took < 3.0, took


def test_a_silent_connection_and_an_idle_keep_alive_are_closed(limited: HttpServer) -> None:
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", limited.port), timeout=5) as silent:
        assert silent.recv(100) == b""  # closed by the server: a new connection has 1 s for its first headers
    assert 0.9 <= time.monotonic() - started < 3.0
    connection = http.client.HTTPConnection("127.0.0.1", limited.port, timeout=5)
    connection.request("GET", "/healthz")
    assert connection.getresponse().read() == b"SERVING\n"
    time.sleep(1.0)
    connection.request("GET", "/healthz")  # still open after 1 s idle: the idle limit is 1.5 s
    assert connection.getresponse().read() == b"SERVING\n"
    assert connection.sock is not None
    started = time.monotonic()
    assert connection.sock.recv(100) == b""
    assert 1.4 <= time.monotonic() - started < 3.5
    connection.close()


def test_blank_lines_do_not_keep_a_connection_open(limited: HttpServer) -> None:
    with socket.create_connection(("127.0.0.1", limited.port), timeout=5) as sock:
        took, _ = closed_after(sock, b"\r\n" * 100, 0.1, within=10)
    assert took < 3.0


def test_an_answer_left_unread_closes_the_connection_after_the_idle_limit(
    limited: HttpServer, log_sink: LogSink
) -> None:
    log_sink.clear()
    request = (
        b"POST /rulesengine.v1.RulesEngineService/ListGames HTTP/1.1\r\nHost: x\r\n"
        b"Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}"
    )
    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)  # answers pile up at the server
        sock.connect(("127.0.0.1", limited.port))
        sock.sendall(request * 2000)  # pipelined, never read
        deadline = time.monotonic() + 6
        closed: list[dict[str, Any]] = []
        while not closed and time.monotonic() < deadline:
            time.sleep(0.1)
            closed = [r for r in log_sink.records() if r.get("event") == "http_connections_closed"]
    assert closed and closed[0].get("answer_unread") == 1, closed


def test_headers_over_32_kib_are_refused(limited: HttpServer) -> None:
    with socket.create_connection(("127.0.0.1", limited.port), timeout=5) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 40_000 + b"\r\n\r\n")
        assert sock.recv(100).split(b" ", 2)[1] == b"431"  # waitress answers it as HTTP/1.0


def test_at_the_connection_limit_the_longest_incomplete_connection_makes_room(limited: HttpServer) -> None:
    drippers = Drippers(limited.port, 300, interval=(0.3, 0.6), reopen=False)
    times = probe_while(drippers, limited.port, 3.0)
    assert max(times) < HEALTH_LIMIT_SECONDS, times
    assert len(drippers.closures) >= 300 - 32  # evicted to make room for the later ones and the probes


def test_the_bench_reports_every_probe_idle_and_under_drip(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "figures.json"
    argv = ["--connections", "20", "--seconds", "1", "--idle-seconds", "0.5", "--threads", "2", "--json", str(out)]
    returned = slow_clients.main(argv)
    figures = json.loads(out.read_text())
    assert returned == (1 if figures["failures"] else 0)  # the verdict itself depends on the machine's load
    probes = {"http /healthz", "http ListGames", "grpc health", "grpc ListGames"}
    for phase in ("idle", "drip"):
        assert set(figures[phase]) == probes
        for probe in figures[phase].values():
            assert probe["calls"] > 0 and probe["failures"] == 0
            assert 0 < probe["p50_ms"] <= probe["p99_ms"] <= probe["max_ms"]
    assert figures["drippers"]["opened"] >= 20
    printed = capsys.readouterr().out
    assert "20 drippers" in printed and ("PASS" in printed) != bool(figures["failures"])
