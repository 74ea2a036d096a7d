"""Slow clients against the HTTP port: does it keep answering while hundreds of connections drip bytes?

Starts ``rules-engine serve --host 127.0.0.1 --port 0 --http-port 0 --port-file FILE`` (``python -m
server.cli serve`` of this interpreter) as a child process, then measures four probes, one after the
other, round after round:

* ``http /healthz``: ``GET /healthz`` on a new connection (what a load balancer does);
* ``http ListGames``: a Connect JSON ``ListGames`` on a new connection;
* ``grpc health``: ``grpc.health.v1.Health/Check`` on the gRPC port (one channel, kept open);
* ``grpc ListGames``: ``ListGames`` on the gRPC port.

First for ``--idle-seconds`` with nothing else going on, then for ``--seconds`` while ``--connections``
connections to the HTTP port drip a request that never ends (one byte every 1 to 2 s, the headers of a
``POST`` and then header line after header line). A dripping connection that the server closes is opened
again at once, as an attacker would, so the pressure lasts the whole measurement. Every connection goes to
127.0.0.1 and nowhere else; every loop is bounded by the clock, so the run stops by itself.

It prints one table (p50, p99 and max per probe, idle and under drip) and what became of the dripping
connections: how many the server closed, after how long, and what it answered them (``408`` when a
request's headers took too long). It exits 1 when a health probe (HTTP or gRPC) took more than
``HEALTH_LIMIT_SECONDS`` or failed under drip, or when a gRPC probe's median under drip is more than
``GRPC_SLOWDOWN`` times its idle median (and more than ``GRPC_FLOOR_MS`` slower: sub-millisecond medians
jitter by more than 3x on a busy machine).

Run: ``.venv/bin/python -m bench.slow_clients`` (``--connections 300 --seconds 20`` by default).
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import errno
import http.client
import json
import random
import selectors
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc
from rulesengine.v1 import service_pb2, service_pb2_grpc

HOST = "127.0.0.1"
"""The only address this tool ever connects to."""

HEALTH_LIMIT_SECONDS = 1.0
"""The longest a health probe may take under drip."""

GRPC_SLOWDOWN = 3.0
"""How many times slower than idle a gRPC probe's median may get under drip."""

GRPC_FLOOR_MS = 2.0
"""...and by how many milliseconds at least before it counts as slower."""

PROBE_TIMEOUT_SECONDS = 5.0
"""A probe that takes longer failed; its time is counted as this."""

LIST_GAMES_PATH = "/rulesengine.v1.RulesEngineService/ListGames"
DRIP_HEAD = f"POST {LIST_GAMES_PATH} HTTP/1.1\r\nHost: {HOST}\r\nContent-Type: application/json\r\n".encode()
DRIP_FILLER = b"X-Drip: " + b"a" * 40 + b"\r\n"


def drip_bytes() -> Iterator[int]:
    """The bytes a dripping connection sends: a request's first lines, then header lines forever."""
    yield from DRIP_HEAD
    while True:
        yield from DRIP_FILLER


# ---- dripping connections ------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Closure:
    """A dripping connection the server closed: when, after how long, and the status line it sent first."""

    at: float
    lived: float
    status: str


@dataclasses.dataclass
class _Drip:
    sock: socket.socket
    opened: float
    next_send: float
    data: Iterator[int]
    answer: bytes = b""


class Drippers:
    """``count`` connections to ``127.0.0.1:port`` sending one byte every ``interval`` seconds (a random time
    in the range), all from one thread; a connection the server closes is counted and, with ``reopen``,
    opened again. ``start`` opens them, ``stop`` closes them all."""

    def __init__(
        self,
        port: int,
        count: int,
        interval: tuple[float, float] = (1.0, 2.0),
        reopen: bool = True,
        seed: int = 1,
    ) -> None:
        self.port = port
        self.count = count
        self.interval = interval
        self.reopen = reopen
        self.closures: list[Closure] = []
        """Every connection the server closed, in order."""
        self.opened = 0
        """Connections opened so far."""
        self.refused = 0
        """Connection attempts that failed at once."""
        self._random = random.Random(seed)
        self._selector = selectors.DefaultSelector()
        self._drips: dict[int, _Drip] = {}
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name="drippers", daemon=True)
        self._lock = threading.Lock()

    @property
    def open_now(self) -> int:
        """Connections open at this moment."""
        with self._lock:
            return len(self._drips)

    def start(self) -> None:
        """Open every connection (they drip from their first second on) and start dripping."""
        for _ in range(self.count):
            self._open(time.monotonic())
        self._thread.start()

    def stop(self) -> None:
        """Stop dripping and close every connection still open."""
        self._stopping.set()
        self._thread.join(10)
        with self._lock:
            for drip in self._drips.values():
                with contextlib.suppress(KeyError, ValueError):
                    self._selector.unregister(drip.sock)
                drip.sock.close()
            self._drips.clear()
        self._selector.close()

    def _open(self, now: float) -> None:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setblocking(False)
        if sock.connect_ex((HOST, self.port)) not in (0, errno.EINPROGRESS):
            sock.close()
            self.refused += 1
            return
        drip = _Drip(sock, now, now + self._random.uniform(0, self.interval[0]), drip_bytes())
        with self._lock:
            self._drips[sock.fileno()] = drip
            self._selector.register(sock, selectors.EVENT_READ, drip)
        self.opened += 1

    def _run(self) -> None:
        while not self._stopping.is_set():
            now = time.monotonic()
            with self._lock:
                drips = list(self._drips.values())
            for drip in drips:
                if drip.next_send <= now:
                    self._send(drip, now)
            for key, _ in self._selector.select(timeout=0.05):
                self._read(key.data, time.monotonic())

    def _send(self, drip: _Drip, now: float) -> None:
        drip.next_send = now + self._random.uniform(*self.interval)
        try:
            drip.sock.send(bytes([next(drip.data)]))
        except BlockingIOError:
            pass  # still connecting: the byte is lost, the next one goes later
        except OSError:
            self._closed(drip, now)

    def _read(self, drip: _Drip, now: float) -> None:
        try:
            data = drip.sock.recv(4096)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if data:
            drip.answer += data[:200]
        else:
            self._closed(drip, now)

    def _closed(self, drip: _Drip, now: float) -> None:
        with self._lock:
            if self._drips.pop(drip.sock.fileno(), None) is None:
                return
            self._selector.unregister(drip.sock)
        drip.sock.close()
        status = drip.answer.split(b"\r\n", 1)[0].decode("latin-1")
        self.closures.append(Closure(now, now - drip.opened, status))
        if self.reopen and not self._stopping.is_set():
            self._open(now)


# ---- probes --------------------------------------------------------------------------------------------


def http_probe(port: int, method: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None) -> bool:
    """One request on a new connection to the HTTP port; whether it answered 200."""
    connection = http.client.HTTPConnection(HOST, port, timeout=PROBE_TIMEOUT_SECONDS)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        response.read()
        return response.status == 200
    finally:
        connection.close()


def probes(http_port: int, channel: grpc.Channel) -> dict[str, Callable[[], bool]]:
    """The four probes by name: each makes one call and says whether it succeeded."""
    health = health_pb2_grpc.HealthStub(channel)
    stub = service_pb2_grpc.RulesEngineServiceStub(channel)
    json_call = {"Content-Type": "application/json"}
    return {
        "http /healthz": lambda: http_probe(http_port, "GET", "/healthz"),
        "http ListGames": lambda: http_probe(http_port, "POST", LIST_GAMES_PATH, b"{}", json_call),
        "grpc health": lambda: (
            health.Check(health_pb2.HealthCheckRequest(), timeout=PROBE_TIMEOUT_SECONDS).status
            == health_pb2.HealthCheckResponse.SERVING
        ),
        "grpc ListGames": lambda: bool(
            stub.ListGames(service_pb2.ListGamesRequest(), timeout=PROBE_TIMEOUT_SECONDS).games
        ),
    }


@dataclasses.dataclass
class Samples:
    """One probe's latencies (seconds) and failures over a measurement."""

    seconds: list[float] = dataclasses.field(default_factory=list)
    failures: int = 0

    def add(self, elapsed: float, ok: bool) -> None:
        """Record one call; a failed one counts as ``PROBE_TIMEOUT_SECONDS`` at least."""
        self.seconds.append(elapsed if ok else max(elapsed, PROBE_TIMEOUT_SECONDS))
        self.failures += not ok

    def figures(self) -> dict[str, float]:
        """p50, p99 (nearest rank) and max in milliseconds, and the counts."""
        ordered = sorted(self.seconds)
        rank = max(0, -(-99 * len(ordered) // 100) - 1)
        return {
            "calls": len(ordered),
            "failures": self.failures,
            "p50_ms": statistics.median(ordered) * 1000,
            "p99_ms": ordered[rank] * 1000,
            "max_ms": ordered[-1] * 1000,
        }


def measure(calls: dict[str, Callable[[], bool]], seconds: float, pause: float = 0.05) -> dict[str, Samples]:
    """Every probe in turn, round after round, for ``seconds`` (a round under way is finished)."""
    samples = {name: Samples() for name in calls}
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for name, call in calls.items():
            started = time.perf_counter()
            try:
                ok = call()
            except (OSError, grpc.RpcError, http.client.HTTPException):
                ok = False
            samples[name].add(time.perf_counter() - started, ok)
        time.sleep(pause)
    return samples


# ---- the server ----------------------------------------------------------------------------------------


class Server:
    """``rules-engine serve`` on free ports of 127.0.0.1 with both ports, its log in a file."""

    def __init__(self, directory: Path, threads: int) -> None:
        self.log = directory / "server.log"
        port_file = directory / "port"
        argv = [sys.executable, "-m", "server.cli", "serve", "--host", HOST, "--port", "0", "--http-port", "0"]
        argv += ["--port-file", str(port_file), "--threads", str(threads), "--grace-seconds", "1"]
        with self.log.open("wb") as sink:
            self.process = subprocess.Popen(argv, stdout=sink, stderr=subprocess.STDOUT)
        self.port, self.http_port = self._wait_serving(port_file, 60.0)

    def _wait_serving(self, port_file: Path, timeout: float) -> tuple[int, int]:
        """The gRPC and HTTP ports, once the port file is written and the log says ``serving``."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and self.process.poll() is None:
            if port_file.exists():
                for record in self.records():
                    http_port = record.get("http_port")
                    if record.get("event") == "serving" and isinstance(http_port, int):
                        return int(port_file.read_text().strip()), http_port
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"the server did not start; its log ends:\n{self.log.read_text()[-2000:]}")

    def records(self) -> list[dict[str, object]]:
        """The JSON lines of its log so far."""
        found = []
        for line in self.log.read_text(errors="replace").splitlines():
            with contextlib.suppress(ValueError):
                record = json.loads(line)
                if isinstance(record, dict):
                    found.append(record)
        return found

    def stop(self) -> None:
        """SIGTERM, then kill if it has not stopped within 10 s."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)


# ---- the run -------------------------------------------------------------------------------------------


def drip_summary(drippers: Drippers, started: float) -> dict[str, object]:
    """What became of the dripping connections: opened, closed by the server (after how long, answered
    what), still open."""
    lived = sorted(c.lived for c in drippers.closures)
    statuses: dict[str, int] = {}
    for closure in drippers.closures:
        statuses[closure.status or "(nothing)"] = statuses.get(closure.status or "(nothing)", 0) + 1
    first = min((c.at for c in drippers.closures), default=None)
    return {
        "opened": drippers.opened,
        "refused": drippers.refused,
        "closed_by_server": len(lived),
        "first_closed_after_s": None if first is None else round(first - started, 2),
        "lived_min_s": round(lived[0], 2) if lived else None,
        "lived_median_s": round(statistics.median(lived), 2) if lived else None,
        "lived_max_s": round(lived[-1], 2) if lived else None,
        "answers": statuses,
        "open_at_end": drippers.open_now,
    }


def verdict(idle: dict[str, dict[str, float]], drip: dict[str, dict[str, float]]) -> list[str]:
    """The reasons the run fails (none: it passes)."""
    reasons = []
    for name in ("http /healthz", "grpc health"):
        if drip[name]["failures"] or drip[name]["max_ms"] > HEALTH_LIMIT_SECONDS * 1000:
            reasons.append(
                f"{name} took up to {drip[name]['max_ms']:.0f} ms under drip ({drip[name]['failures']:.0f} failed);"
                f" the limit is {HEALTH_LIMIT_SECONDS * 1000:.0f} ms"
            )
    for name in ("grpc health", "grpc ListGames"):
        before, after = idle[name]["p50_ms"], drip[name]["p50_ms"]
        if after > GRPC_SLOWDOWN * before and after - before > GRPC_FLOOR_MS:
            reasons.append(f"{name} p50 went from {before:.2f} ms to {after:.2f} ms (more than {GRPC_SLOWDOWN:g}x)")
    return reasons


def print_table(idle: dict[str, dict[str, float]], drip: dict[str, dict[str, float]], connections: int) -> None:
    """The probes side by side, idle and under drip."""
    print(
        f"{'probe':<16} {'idle p50/p99/max ms':>24} {'calls':>6}   {f'{connections} drippers p50/p99/max ms':>30} "
        f"{'calls':>6} {'failed':>6}"
    )
    for name in idle:
        a, b = idle[name], drip[name]
        print(
            f"{name:<16} {a['p50_ms']:>8.2f}/{a['p99_ms']:>7.2f}/{a['max_ms']:>7.2f} {a['calls']:>6.0f}   "
            f"{b['p50_ms']:>14.2f}/{b['p99_ms']:>7.2f}/{b['max_ms']:>7.2f} {b['calls']:>6.0f} {b['failures']:>6.0f}"
        )


def run(args: argparse.Namespace) -> dict[str, object]:
    """Start the server, measure idle and under drip, stop everything; the figures and the verdict."""
    with tempfile.TemporaryDirectory(prefix="slow-clients-") as directory:
        server = Server(Path(directory), args.threads)
        try:
            with grpc.insecure_channel(f"{HOST}:{server.port}") as channel:
                calls = probes(server.http_port, channel)
                measure(calls, 0.5)  # warm-up: connections, first calls
                idle = {name: s.figures() for name, s in measure(calls, args.idle_seconds).items()}
                drippers = Drippers(server.http_port, args.connections, (args.min_interval, args.max_interval))
                started = time.monotonic()
                drippers.start()
                try:
                    drip = {name: s.figures() for name, s in measure(calls, args.seconds).items()}
                finally:
                    summary = drip_summary(drippers, started)
                    drippers.stop()
        finally:
            server.stop()
        closed = server_closures(server.records())
    return {"idle": idle, "drip": drip, "drippers": summary, "server_closed": closed, "failures": verdict(idle, drip)}


def server_closures(records: Sequence[dict[str, object]]) -> dict[str, int]:
    """The connections the server says it closed (its ``http_connections_closed`` lines), by reason."""
    counts: dict[str, int] = {}
    for record in records:
        if record.get("event") == "http_connections_closed":
            for reason, count in record.items():
                if isinstance(count, int) and reason not in ("open", "pid"):
                    counts[reason] = counts.get(reason, 0) + count
    return counts


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(
        prog="python -m bench.slow_clients", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--connections", type=int, default=300, help="dripping connections (%(default)s)")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long they drip (%(default)s)")
    parser.add_argument("--idle-seconds", type=float, default=5.0, help="the idle measurement (%(default)s)")
    parser.add_argument("--min-interval", type=float, default=1.0, help="least seconds between bytes (%(default)s)")
    parser.add_argument("--max-interval", type=float, default=2.0, help="most seconds between bytes (%(default)s)")
    parser.add_argument("--threads", type=int, default=4, help="the server's --threads (%(default)s)")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args(argv)
    if not 0 < args.min_interval <= args.max_interval:
        parser.error("the intervals must be positive, the least first")
    if not 0 < args.connections <= 2000 or args.seconds <= 0 or args.idle_seconds <= 0:
        parser.error("1 to 2000 connections, for a positive number of seconds")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Run the bench, print its table and verdict; 0 when it passes, 1 when it fails."""
    args = parse_args(argv)
    print(
        f"slow clients: {args.connections} connections dripping one byte every {args.min_interval:g}-"
        f"{args.max_interval:g} s for {args.seconds:g} s, against {args.idle_seconds:g} s idle"
    )
    result = run(args)
    print_table(result["idle"], result["drip"], args.connections)  # type: ignore[arg-type]
    print("dripping connections:", json.dumps(result["drippers"]))
    print("closed by the server (its log):", json.dumps(result["server_closed"]))
    if args.json is not None:
        args.json.write_text(json.dumps(result, indent=2) + "\n")
    failures = result["failures"]
    assert isinstance(failures, list)
    for reason in failures:
        print("FAIL:", reason)
    if not failures:
        print("PASS: health probes within", f"{HEALTH_LIMIT_SECONDS:g} s, gRPC not slowed more than {GRPC_SLOWDOWN:g}x")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
