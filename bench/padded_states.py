"""Memory under padded states: does a state padded with unknown fields bloat the server?

Starts ``rules-engine serve`` (default settings, memo on) as a subprocess, sends ``--states``
distinct valid states (mid-game states of every game), each padded with an unknown field of
``--pad-kib`` KiB, to ``Score``, and prints the server's resident memory (VmRSS) before and
after. The memo keys on a state's content with unknown fields dropped, so the growth stays
small; before that change 300 × 512 KiB raised the server from 55 MB to 222 MB.

Run: ``.venv/bin/python -m bench.padded_states``. Target (issue #8): growth < 20 MB.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

import grpc
from rulesengine.v1 import service_pb2, service_pb2_grpc

from bench.server_bench import ROOT, free_port, wait_ready
from engines import registry
from engines.core.playout import random_playout
from engines.core.rng import Rng
from server.binding import GameBinding


def rss_bytes(pid: int) -> int:
    """The resident set size of process ``pid`` (Linux ``/proc``)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise RuntimeError(f"no VmRSS for pid {pid}")


def unknown_field(size: int) -> bytes:
    """A length-delimited field number 999 of ``size`` zero bytes (unknown to every message)."""
    return _varint((999 << 3) | 2) + _varint(size) + b"\x00" * size


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        byte, value = value & 0x7F, value >> 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def distinct_states(count: int) -> list[service_pb2.GameState]:
    """``count`` distinct valid states: every state of random games of every game, round robin."""
    pools = []
    for seed, engine in enumerate(registry.engines().values()):
        binding = GameBinding(engine)
        states: list[service_pb2.GameState] = []
        while len(states) < count:
            start = engine.new_game(engine.make_options(engine.info.max_players, {}), seed)
            _, moves = random_playout(engine, start, Rng.seeded(seed))
            for move in moves:
                start = engine.apply(start, move)
                states.append(start)
            seed += 101
        pools.append([binding.state_to_proto(s) for s in states[:count]])
    return [pools[i % len(pools)][i // len(pools)] for i in range(count)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--states", type=int, default=300, help="distinct padded states sent (%(default)s)")
    parser.add_argument("--pad-kib", type=int, default=512, help="size of the unknown field, KiB (%(default)s)")
    parser.add_argument("--limit-mb", type=float, default=20.0, help="growth that fails the run (%(default)s)")
    args = parser.parse_args(argv)

    port = free_port()
    command = [sys.executable, "-m", "server.cli", "serve", "--host", "127.0.0.1", "--port", str(port)]
    server = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, env={**os.environ})
    try:
        wait_ready(port)
        padding = unknown_field(args.pad_kib * 1024)
        states = distinct_states(args.states)
        with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
            stub = service_pb2_grpc.RulesEngineServiceStub(channel)
            for state in states[:5]:  # warm up: code paths, gRPC buffers
                stub.Score(service_pb2.ScoreRequest(state=state), timeout=30)
            time.sleep(0.5)
            before = rss_bytes(server.pid)
            started = time.perf_counter()
            for index, state in enumerate(states, start=1):
                padded = service_pb2.GameState.FromString(state.SerializeToString() + padding)
                stub.Score(service_pb2.ScoreRequest(state=padded), timeout=30)
                if index % 50 == 0:
                    print(f"  {index}/{len(states)} sent, RSS {rss_bytes(server.pid) / 2**20:.1f} MB", flush=True)
            time.sleep(0.5)
            after = rss_bytes(server.pid)
    finally:
        server.terminate()
        server.wait(timeout=30)
    growth = (after - before) / 2**20
    print(f"states sent       {len(states)} × {args.pad_kib} KiB padding in {time.perf_counter() - started:.1f} s")
    print(f"server RSS before {before / 2**20:.1f} MB")
    print(f"server RSS after  {after / 2**20:.1f} MB")
    print(f"growth            {growth:.1f} MB (limit {args.limit_mb:.0f} MB)")
    return 0 if growth < args.limit_mb else 1


if __name__ == "__main__":
    raise SystemExit(main())
