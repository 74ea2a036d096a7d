"""Server benchmark: ApplyMove throughput and latency next to an echo gRPC server.

Both servers run as separate processes with the same handler threads; the same client load
(``--clients`` threads, each with its own channel, calling back to back for ``--seconds``)
goes to each in turn. The echo server returns the ApplyMove request's bytes untouched, so the
payload size is the same and the ratio shows what the rules engine adds on top of gRPC.

Run: ``.venv/bin/python -m bench.server_bench``. Target (issue #2): ApplyMove ≥ 85% of echo.
"""

from __future__ import annotations

import argparse
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


def mid_game_request(players: int) -> service_pb2.ApplyMoveRequest:
    """A real ApplyMove request from the middle of a random Citadels game."""
    binding = GameBinding(ENGINE)  # the server's own conversion
    options = ENGINE.make_options(players, {})
    state = ENGINE.new_game(options, 7)
    _, moves = random_playout(ENGINE, state, Rng.seeded(7))
    for move in moves[: len(moves) // 2]:
        state = ENGINE.apply(state, move)
    move = ENGINE.legal_moves(state)[0]
    return service_pb2.ApplyMoveRequest(state=binding.state_to_proto(state), move=binding.move_to_proto(move))


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--threads", type=int, default=8)
    args = parser.parse_args()

    request = mid_game_request(args.players)
    payload = request.SerializeToString()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    rules_port, echo_port = free_port(), free_port()
    rules = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "server.cli",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(rules_port),
            "--threads",
            str(args.threads),
            "--log-level",
            "warning",
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    echo = subprocess.Popen(
        [sys.executable, "-m", "bench.echo_server", str(echo_port), str(args.threads)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_ready(rules_port)
        wait_ready(echo_port)
        rules_channels = [grpc.insecure_channel(f"127.0.0.1:{rules_port}") for _ in range(args.clients)]
        echo_channels = [grpc.insecure_channel(f"127.0.0.1:{echo_port}") for _ in range(args.clients)]
        stubs = [service_pb2_grpc.RulesEngineServiceStub(c) for c in rules_channels]
        echoes = [c.unary_unary(METHOD) for c in echo_channels]
        response = stubs[0].ApplyMove(request)
        print(
            f"Citadels {args.players}p ApplyMove: request {len(payload):,} B, response {response.ByteSize():,} B;"
            f" {args.clients} clients, {args.threads} server threads, {args.seconds:.0f} s each"
        )

        def rules_call() -> object:
            stub = stubs[hash(threading.current_thread()) % len(stubs)]
            return stub.ApplyMove(request)

        def echo_call() -> object:
            return echoes[hash(threading.current_thread()) % len(echoes)](payload)

        load(rules_call, args.clients, 1.0)  # warm-up
        load(echo_call, args.clients, 1.0)
        echo_rate = report("echo", load(echo_call, args.clients, args.seconds), args.seconds)
        rules_rate = report("ApplyMove", load(rules_call, args.clients, args.seconds), args.seconds)
        print(f"ratio        ApplyMove / echo = {rules_rate / echo_rate:.0%}   (target >= 85%)")
    finally:
        for proc in (rules, echo):
            proc.terminate()
            proc.wait(10)


if __name__ == "__main__":
    main()
