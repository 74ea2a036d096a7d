"""Server benchmark: ApplyMove throughput and latency next to an echo gRPC server.

Both servers run as separate processes with the same handler threads; the same client load
(``--clients`` threads, each with its own channel, calling back to back for ``--seconds``)
goes to each in turn. The echo server returns the ApplyMove request's bytes untouched, so the
payload size is the same and the ratio shows what the rules engine adds on top of gRPC.

Run: ``.venv/bin/python -m bench.server_bench``. Target (issue #2): ApplyMove ≥ 85% of echo.
"""

from __future__ import annotations

import argparse
import itertools
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc
from rulesengine.v1 import service_pb2, service_pb2_grpc

from bench.echo_server import METHOD
from engines.citadels import ENGINE
from engines.core.playout import random_playout
from engines.core.rng import Rng
from server.binding import GameBinding

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_ready(port: int, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
        stub = health_pb2_grpc.HealthStub(channel)
        while time.monotonic() < deadline:
            try:
                stub.Check(health_pb2.HealthCheckRequest(), timeout=1)
                return
            except grpc.RpcError as exc:
                if exc.code() == grpc.StatusCode.UNIMPLEMENTED:  # the echo server has no health service
                    return
                time.sleep(0.1)
    raise RuntimeError(f"server on port {port} did not start")


def game_requests(players: int) -> list[service_pb2.ApplyMoveRequest]:
    """The ApplyMove request of every move of a random Citadels game, in order."""
    binding = GameBinding(ENGINE)  # the server's own conversion
    state = ENGINE.new_game(ENGINE.make_options(players, {}), 7)
    _, moves = random_playout(ENGINE, state, Rng.seeded(7))
    requests = []
    for move in moves:
        requests.append(
            service_pb2.ApplyMoveRequest(state=binding.state_to_proto(state), move=binding.move_to_proto(move))
        )
        state = ENGINE.apply(state, move)
    return requests


def load(call: Callable[[], object], clients: int, seconds: float) -> list[float]:
    """Latencies of every call made by ``clients`` threads calling back to back."""
    latencies: list[list[float]] = [[] for _ in range(clients)]
    stop = time.monotonic() + seconds

    def worker(out: list[float]) -> None:
        while time.monotonic() < stop:
            t = time.perf_counter()
            call()
            out.append(time.perf_counter() - t)

    threads = [threading.Thread(target=worker, args=(lat,)) for lat in latencies]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return [x for lat in latencies for x in lat]


def report(name: str, latencies: list[float], seconds: float) -> float:
    ordered = sorted(latencies)
    rate = len(ordered) / seconds
    p50 = statistics.median(ordered) * 1000
    p99 = ordered[int(len(ordered) * 0.99) - 1] * 1000
    print(f"{name:<12} {rate:>10,.0f} calls/s   p50 {p50:6.2f} ms   p99 {p99:6.2f} ms   ({len(ordered)} calls)")
    return rate


def start(argv: list[str], env: dict[str, str]) -> subprocess.Popen[bytes]:
    return subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


class Player:
    """One client playing the recorded game through ApplyMove, sending back each returned state."""

    def __init__(self, stub: service_pb2_grpc.RulesEngineServiceStub, requests: list[service_pb2.ApplyMoveRequest]):
        self.stub = stub
        self.requests = requests
        self.index = 0
        self.state = requests[0].state

    def step(self) -> None:
        request = service_pb2.ApplyMoveRequest(state=self.state, move=self.requests[self.index].move)
        self.state = self.stub.ApplyMove(request).state
        self.index += 1
        if self.index == len(self.requests):  # game over: start the same game again
            self.index, self.state = 0, self.requests[0].state


def measure_rules(port: int, requests: list[service_pb2.ApplyMoveRequest], clients: int, seconds: float) -> list[float]:
    channels = [grpc.insecure_channel(f"127.0.0.1:{port}") for _ in range(clients)]
    players = [Player(service_pb2_grpc.RulesEngineServiceStub(c), requests) for c in channels]
    mine = threading.local()
    handed = itertools.count()

    def call() -> object:
        if not hasattr(mine, "player"):
            mine.player = players[next(handed) % len(players)]
        mine.player.step()
        return None

    load(call, clients, 1.0)  # warm-up; the measured threads take the players over in turn
    return load(call, clients, seconds)


def measure_echo(port: int, payloads: list[bytes], clients: int, seconds: float) -> list[float]:
    channels = [grpc.insecure_channel(f"127.0.0.1:{port}") for _ in range(clients)]
    echoes = [c.unary_unary(METHOD) for c in channels]
    counter = itertools.count()

    def call() -> object:
        i = next(counter)
        return echoes[i % len(echoes)](payloads[i % len(payloads)])

    load(call, clients, 1.0)
    return load(call, clients, seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()

    requests = game_requests(args.players)
    payloads = [r.SerializeToString() for r in requests]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    ports = [free_port() for _ in range(3)]
    serve = [sys.executable, "-m", "server.cli", "serve", "--host", "127.0.0.1", "--threads", str(args.threads)]
    procs = [
        start([*serve, "--port", str(ports[0]), "--log-level", "warning"], env),
        start([*serve, "--port", str(ports[1]), "--log-level", "warning", "--state-memo", "0"], env),
        start([sys.executable, "-m", "bench.echo_server", str(ports[2]), str(args.threads)], env),
    ]
    try:
        for port in ports:
            wait_ready(port)
        mean = statistics.mean(len(p) for p in payloads)
        print(
            f"Citadels {args.players} players: clients replay a {len(requests)}-move random game through ApplyMove,"
            f" each sending back the state it was given (mean request {mean:,.0f} B);"
            f" {args.clients} clients, {args.threads} server threads, {args.seconds:.0f} s each"
        )
        echo_rate = report("echo", measure_echo(ports[2], payloads, args.clients, args.seconds), args.seconds)
        rules_rate = report("ApplyMove", measure_rules(ports[0], requests, args.clients, args.seconds), args.seconds)
        cold_rate = report("  memo off", measure_rules(ports[1], requests, args.clients, args.seconds), args.seconds)
        print(f"ratio        ApplyMove / echo = {rules_rate / echo_rate:.0%}   (target >= 85%)")
        print(f"             with --state-memo 0 = {cold_rate / echo_rate:.0%}")
    finally:
        for proc in procs:
            proc.terminate()
            proc.wait(10)


if __name__ == "__main__":
    main()
