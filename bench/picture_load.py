"""Pictures against play: does a crowd asking for large PNGs slow the calls of play?

Starts ``rules-engine serve`` (its default lanes and drawing processes, or the flags given after ``--``),
records seeded games of one game, and measures ApplyMove with ``--clients`` clients playing those games on
(as ``bench.server_bench`` does) for ``--seconds``: first alone, then while ``--png-clients`` more clients
(in a process of their own, as separate programs) ask for PNGs of the same game's states back to back, each
at the largest scale the server's pixel budget allows (at most the largest scale there is; learnt for each
state before the load, so the load is the PNGs alone). A refused picture (RESOURCE_EXHAUSTED) waits the
retry delay the server gives, as a well-behaved client does. Meanwhile the resident memory of the server and its
drawing processes is sampled every ``--sample`` seconds.

It prints ApplyMove's p50/p99 alone and under the pictures, their ratio, the pictures drawn and refused,
and the peak memory, and exits 1 if the p99 under pictures is over ``--max-p99-ratio`` times the p99
alone (issue 28: 1.5, with 8 clients asking for pictures; issue 22 asked 3 with 16) or the peak memory over
``--max-rss-mib``.

Run: ``.venv/bin/python -m bench.picture_load [--game viscounts] [--png-clients 8] [-- --picture-processes 2]``.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import threading
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc
from google.protobuf import empty_pb2
from google.rpc import error_details_pb2
from grpc_status import rpc_status
from rulesengine.v1 import common_pb2, service_pb2

from bench.crowd import Crowd
from bench.server_bench import Recorded, Replayer, load, percentile, process_tree, record, rules_call, rules_server
from engines.registry import engines
from server.config import Config
from server.pictures import MAX_SCALE

#: The memory bound the docs state for one worker with its default flags (docs/operations: pictures).
DEFAULT_MAX_RSS_MIB = 640


def rss_mib_of(pid: int) -> float | None:
    """Resident memory of one process, MiB (``None``: it has ended, or has no memory of its own left)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return None


def rss_mib(root: int) -> float:
    """Resident memory of ``root`` and its descendants (the drawing processes), MiB."""
    return sum(mib for pid in process_tree(root) if (mib := rss_mib_of(pid)) is not None)


@dataclass
class Latency:
    """ApplyMove's figures over one interval."""

    calls: int
    p50_ms: float
    p99_ms: float


def apply_figures(latencies: Sequence[float]) -> Latency:
    ordered = sorted(latencies)
    return Latency(len(ordered), statistics.median(ordered) * 1000, percentile(ordered, 0.99) * 1000)


def largest_scale(width: int, height: int, max_pixels: int) -> float:
    """The largest scale (in steps of 0.05, at most ``MAX_SCALE``) whose PNG fits ``max_pixels``."""
    scale = min(MAX_SCALE, math.sqrt(max_pixels / (width * height)))
    return math.floor(scale * 20) / 20


class PictureCrowd(Crowd):
    """``count`` clients asking for PNGs back to back until stopped, each on its own channel. The largest
    scale of each state's picture is learnt once, before the load (an SVG call per state), so the load is
    the PNGs alone."""

    def __init__(self, port: int, recorded: Recorded, count: int, max_pixels: int) -> None:
        super().__init__(port, recorded, count)
        self.max_pixels = max_pixels
        self.scales: Counter[float] = Counter()
        self.spectator = common_pb2.Viewer(spectator=empty_pb2.Empty())
        with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
            call: Any = rules_call(channel, "RenderView")
            sizes = [
                call(service_pb2.RenderViewRequest(state=s, viewer=self.spectator), timeout=120) for s in self.states
            ]
        self.scale_of = [largest_scale(svg.width, svg.height, max_pixels) for svg in sizes]

    def client(self, index: int) -> None:
        with grpc.insecure_channel(f"127.0.0.1:{self.port}") as channel:
            call: Any = rules_call(channel, "RenderView")
            turn = index
            while not self.stopping:
                at = turn % len(self.states)
                turn += 1
                scale = self.scale_of[at]
                request = service_pb2.RenderViewRequest(
                    state=self.states[at], viewer=self.spectator, format=service_pb2.IMAGE_FORMAT_PNG, scale=scale
                )
                try:
                    call(request, timeout=120)
                    self.note("drawn")
                    self.scales[scale] += 1
                except grpc.RpcError as error:
                    self.note(error.code().name)
                    self.pause(retry_delay(error))


class CrowdProcess:
    """A ``PictureCrowd`` in a process of its own, as the programs asking for pictures are: its clients
    receive megabytes of PNG a second, and on threads of the measuring process they would hold its
    interpreter lock while ApplyMove's latencies are taken, measuring the benchmark rather than the server.
    The crowd records the same seeded games itself. ``with`` it: it is asking for pictures inside the block
    (learning each state's scale first), and its ``outcomes`` and ``scales`` are there after it."""

    def __init__(self, port: int, game_id: str, players: int, count: int, max_pixels: int) -> None:
        context = multiprocessing.get_context("spawn")  # no fork of a process holding gRPC channels
        self._stop = context.Event()
        self._results: Any = context.Queue()
        self._process = context.Process(
            target=_crowd_main,
            args=(port, game_id, players, count, max_pixels, self._stop, self._results),
            daemon=True,
        )
        self.outcomes: Counter[str] = Counter()
        self.scales: Counter[float] = Counter()

    def __enter__(self) -> CrowdProcess:
        self._process.start()
        if self._results.get(timeout=300) != "asking":
            raise RuntimeError("the picture crowd did not start")
        return self

    def __exit__(self, *_exc: object) -> None:
        self._stop.set()
        outcomes, scales = self._results.get(timeout=300)
        self.outcomes.update(outcomes)
        self.scales.update(scales)
        self._process.join(30)


def _crowd_main(port: int, game_id: str, players: int, count: int, max_pixels: int, stop: Any, results: Any) -> None:
    """A crowd process: ask for pictures until ``stop``, then put what the calls answered on ``results``."""
    crowd = PictureCrowd(port, record(game_id, players, 2), count, max_pixels)
    crowd.start()
    results.put("asking")
    stop.wait()
    crowd.stop()
    results.put((dict(crowd.outcomes), dict(crowd.scales)))


def retry_delay(error: grpc.RpcError) -> float:
    """The RetryInfo delay of a refused call, seconds (1 without one)."""
    status = rpc_status.from_call(error)  # type: ignore[arg-type]
    for detail in status.details if status is not None else ():
        if detail.Is(error_details_pb2.RetryInfo.DESCRIPTOR):
            info = error_details_pb2.RetryInfo()
            detail.Unpack(info)
            return float(info.retry_delay.ToNanoseconds()) / 1e9
    return 1.0


def parse_args(argv: Sequence[str] | None) -> tuple[argparse.Namespace, list[str]]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--game", default="viscounts", choices=sorted(engines()), help="(%(default)s: the largest picture)"
    )
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--clients", type=int, default=2, help="ApplyMove clients (%(default)s)")
    parser.add_argument("--png-clients", type=int, default=8, help="clients asking for PNGs (%(default)s)")
    parser.add_argument("--seconds", type=float, default=20.0, help="each measured interval (%(default)s)")
    parser.add_argument("--warmup", type=float, default=2.0)
    parser.add_argument("--sample", type=float, default=0.25, help="memory sampling period (%(default)s)")
    parser.add_argument("--max-p99-ratio", type=float, default=1.5)
    parser.add_argument("--max-rss-mib", type=float, default=DEFAULT_MAX_RSS_MIB)
    args, rest = parser.parse_known_args(argv)
    return args, [a for a in rest if a != "--"]


def main(argv: Sequence[str] | None = None) -> int:
    args, flags = parse_args(argv)
    max_pixels = Config().max_picture_pixels
    if "--max-picture-pixels" in flags:
        max_pixels = int(flags[flags.index("--max-picture-pixels") + 1])
    recorded = record(args.game, args.players, 2)
    server = rules_server(flags)
    port = server.port
    peak = [0.0]
    sampling = threading.Event()

    def sample() -> None:
        while not sampling.wait(args.sample):
            peak[0] = max(peak[0], rss_mib(server.process.pid))

    try:
        server.wait_ready()
        channels = [server.channel() for _ in range(args.clients)]
        players = [
            Replayer(
                rules_call(ch, "ApplyMove"), recorded, recorded.position(i * recorded.moves // args.clients), False
            )
            for i, ch in enumerate(channels)
        ]
        load(players, args.warmup)
        alone = apply_figures(load(players, args.seconds)[0])
        idle_rss = rss_mib(server.process.pid)
        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        with CrowdProcess(port, args.game, args.players, args.png_clients, max_pixels) as crowd:
            load(players, args.warmup)
            crowded = apply_figures(load(players, args.seconds)[0])
        sampling.set()
        sampler.join()
    finally:
        server.stop()
    ratio = crowded.p99_ms / alone.p99_ms
    scales = ", ".join(f"{s:g}: {n}" for s, n in sorted(crowd.scales.items()))
    print(f"game {args.game}, {args.clients} ApplyMove clients, {args.png_clients} PNG clients, flags {flags}")
    for label, figures in (("alone", alone), ("under pictures", crowded)):
        print(
            f"ApplyMove {label:<16} {figures.calls:>6} calls"
            f"  p50 {figures.p50_ms:7.2f} ms  p99 {figures.p99_ms:7.2f} ms"
        )
    print(f"p99 ratio                  {ratio:.2f} (at most {args.max_p99_ratio:g})")
    print(f"pictures                   {dict(crowd.outcomes)}; drawn at scale {scales or '-'}")
    print(
        f"server memory              {idle_rss:.0f} MiB before the pictures,"
        f" peak {peak[0]:.0f} MiB (at most {args.max_rss_mib:g})"
    )
    ok = ratio <= args.max_p99_ratio and peak[0] <= args.max_rss_mib and crowd.outcomes["drawn"] > 0
    print("OK" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
