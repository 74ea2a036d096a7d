"""What a picture costs the server: RenderView's CPU per call, SVG and PNG at scale 1, for every game.

Starts ``rules-engine serve`` (its default flags, or those given after ``--``), records seeded games of
each game, and asks for pictures of ``--states`` states spread over them, one call at a time, as the
spectator: the SVG of half of the states, the PNG of the other half (so no PNG reuses the SVG drawn for the
same view, as a client asking for both would). A call's CPU is what every thread of the server and of its
drawing processes spent while it ran (``/proc/<pid>/task/<tid>/schedstat``, nanoseconds), so it counts
decoding, checking, drawing, rasterising and encoding alike, and nothing of the client's. A few calls of
each kind come first, unmeasured (the drawing process starts and loads its fonts on the first PNG).

It prints, per game, the p50 and p90 CPU per call and the p50 latency of each format against issue 29's
targets (SVG at most 5 ms, PNG at most 30 ms of CPU at p50), each run and the range over ``--runs``; exits
1 if a run misses a target.

Run: ``.venv/bin/python -m bench.picture_bench [--runs 3] [--states 40] [--game viscounts] [-- flags]``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from google.protobuf import empty_pb2
from rulesengine.v1 import common_pb2, service_pb2

from bench.server_bench import Server, process_tree, record, rules_call, rules_server
from engines.registry import engines

#: Issue 29's targets: p50 CPU per call, ms.
TARGETS_MS = {"SVG": 5.0, "PNG": 30.0}
FORMATS = {"SVG": service_pb2.IMAGE_FORMAT_SVG, "PNG": service_pb2.IMAGE_FORMAT_PNG}
#: Unmeasured calls of each format before the measured ones.
WARMUP_CALLS = 3


def tree_cpu_ns(root: int) -> int:
    """CPU nanoseconds every thread of ``root`` and its live descendants has run so far."""
    total = 0
    for pid in process_tree(root):
        try:
            tasks = os.listdir(f"/proc/{pid}/task")
        except OSError:  # the process ended meanwhile
            continue
        for tid in tasks:
            try:
                total += int(Path(f"/proc/{pid}/task/{tid}/schedstat").read_text().split()[0])
            except (OSError, IndexError, ValueError):
                continue
    return total


def requests(game_id: str, count: int) -> list[Any]:
    """``count`` states of ``game_id`` spread over two recorded games (4 seats, where the game allows)."""
    recorded = record(game_id, players=4, games=2)
    return [state for state, _move in recorded.samples(count)]


def measure(server: Server, states: Sequence[Any], image_format: str) -> dict[str, float]:
    """CPU per call and latency of RenderView over ``states``, one call at a time."""
    spectator = common_pb2.Viewer(spectator=empty_pb2.Empty())
    with server.channel() as channel:
        call: Any = rules_call(channel, "RenderView")

        def render(state: Any) -> None:
            request = service_pb2.RenderViewRequest(state=state, viewer=spectator, format=FORMATS[image_format])
            call(request, timeout=60)

        for state in states[:WARMUP_CALLS]:
            render(state)
        cpu_ms, wall_ms = [], []
        for state in states[WARMUP_CALLS:]:
            cpu, wall = tree_cpu_ns(server.process.pid), time.perf_counter()
            render(state)
            wall_ms.append((time.perf_counter() - wall) * 1000)
            cpu_ms.append((tree_cpu_ns(server.process.pid) - cpu) / 1e6)
    cpu_ms.sort()
    return {
        "calls": len(cpu_ms),
        "cpu_p50_ms": statistics.median(cpu_ms),
        "cpu_p90_ms": cpu_ms[int(0.9 * (len(cpu_ms) - 1))],
        "latency_p50_ms": statistics.median(wall_ms),
    }


def run_once(games: Sequence[str], states: dict[str, list[Any]], flags: Sequence[str]) -> dict[str, Any]:
    """One run: a fresh server, every game's SVG and PNG figures."""
    server = rules_server(flags)
    try:
        server.wait_ready()
        figures = {}
        for game_id in games:
            every = states[game_id]
            figures[game_id] = {"SVG": measure(server, every[0::2], "SVG"), "PNG": measure(server, every[1::2], "PNG")}
        return figures
    finally:
        server.stop()


def verdict(value: float, target: float) -> str:
    return "ok" if value <= target else "MISSED"


def print_run(number: int, figures: dict[str, Any]) -> None:
    print(f"\nrun {number}: CPU per RenderView call, ms (p50 / p90), and p50 latency, ms")
    print(f"{'game':18} {'SVG cpu':>15} {'lat':>6} {'':6}  {'PNG cpu':>15} {'lat':>6}")
    for game_id, f in figures.items():
        svg, png = f["SVG"], f["PNG"]
        print(
            f"{game_id:18} {svg['cpu_p50_ms']:6.2f} / {svg['cpu_p90_ms']:6.2f} {svg['latency_p50_ms']:6.2f} "
            f"{verdict(svg['cpu_p50_ms'], TARGETS_MS['SVG']):6}  {png['cpu_p50_ms']:6.2f} / {png['cpu_p90_ms']:6.2f} "
            f"{png['latency_p50_ms']:6.2f} {verdict(png['cpu_p50_ms'], TARGETS_MS['PNG'])}"
        )


def print_ranges(runs: list[dict[str, Any]]) -> None:
    print(f"\nover {len(runs)} runs: p50 CPU per call, ms, lowest to highest (targets: SVG 5, PNG 30)")
    for game_id in runs[0]:
        cells = []
        for image_format in FORMATS:
            values = [run[game_id][image_format]["cpu_p50_ms"] for run in runs]
            cells.append(f"{image_format} {min(values):6.2f} to {max(values):6.2f}")
        print(f"{game_id:18} " + "   ".join(cells))


def missed(runs: list[dict[str, Any]]) -> list[str]:
    return [
        f"run {n}: {game_id} {fmt} {f[fmt]['cpu_p50_ms']:.2f} ms"
        for n, run in enumerate(runs, 1)
        for game_id, f in run.items()
        for fmt in FORMATS
        if f[fmt]["cpu_p50_ms"] > TARGETS_MS[fmt]
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench.picture_bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--states", type=int, default=40, help="states per game (half SVG, half PNG)")
    parser.add_argument("--game", action="append", help="a game id (repeatable); default: every game")
    parser.add_argument("--json", type=Path, help="write every run's figures here")
    parser.add_argument("flags", nargs="*", help="after --: flags for rules-engine serve")
    args = parser.parse_args(argv)
    games = args.game or sorted(engines())
    print(f"recording {args.states} states of each of {len(games)} games ...", flush=True)
    states = {game_id: requests(game_id, args.states) for game_id in games}
    runs = []
    for number in range(1, args.runs + 1):
        runs.append(run_once(games, states, args.flags))
        print_run(number, runs[-1])
    print_ranges(runs)
    if args.json:
        args.json.write_text(json.dumps(runs, indent=2) + "\n")
    failures = missed(runs)
    print("\n" + ("targets met in every run" if not failures else "MISSED: " + "; ".join(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
