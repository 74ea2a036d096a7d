"""In-process Walled City benchmark: validated moves per second and full random games per second.

Run: ``.venv/bin/python -m bench.walled_city_bench [--games N]``. Target (issue #4): ≥ 25,000
validated moves/s.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from engines.core.playout import random_playout
from engines.core.rng import Rng
from engines.walled_city.engine import ENGINE


def rates(pairs: list[tuple[Any, Any]], call: Callable[[Any, Any], object], passes: int) -> str:
    """Calls per second over ``pairs``: the median and the best of ``passes`` timed passes (this VM is noisy)."""
    per_pass = []
    for _ in range(passes):
        start = time.perf_counter()
        for state, move in pairs:
            call(state, move)
        per_pass.append(len(pairs) / (time.perf_counter() - start))
    return f"{statistics.median(per_pass):,.0f} ({max(per_pass):,.0f})"


def cpu_speed(steps: int = 2_000_000) -> float:
    """The speed of a fixed loop, in units of 10M steps/s: read the rates against it when runs disagree."""
    start = time.perf_counter()
    total = 0
    for i in range(steps):
        total += i & 7
    return steps / (time.perf_counter() - start) / 10_000_000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20, help="random games per configuration")
    parser.add_argument("--passes", type=int, default=5, help="timed passes over the recorded moves")
    args = parser.parse_args()
    print("The Walled City in-process benchmark (one core; random games with guild activations)")
    print(f"rates: median (best) of {args.passes} passes over the same recorded (state, move) pairs")
    print("cpu: a fixed pure-Python workload's speed now, relative to 1.00 = 10M loop steps/s (this VM drifts)")
    head = f"{'board':>12} {'players':>7} {'apply+validate/s':>21} {'validate/s':>19} {'games/s':>8} {'ms/game':>8}"
    print(f"{head} {'cpu':>5}")
    for side in ("londonderry", "borderlands"):
        for players in (2, 3, 4):
            options = ENGINE.make_options(players, {"board": side})
            pairs = []
            times = []
            for seed in range(args.games):
                start = time.perf_counter()
                state = ENGINE.new_game(options, seed)
                _, moves = random_playout(ENGINE, state, Rng.seeded(seed))
                times.append(time.perf_counter() - start)
                for move in moves:
                    pairs.append((state, move))
                    state = ENGINE.apply(state, move)
            applied = rates(pairs, ENGINE.apply, args.passes)
            validated = rates(pairs, ENGINE.validate, args.passes)
            print(
                f"{side:>12} {players:>7} {applied:>21} {validated:>19}"
                f" {len(times) / sum(times):>8.1f} {statistics.median(times) * 1000:>8.1f} {cpu_speed():>5.2f}"
            )
    print("target: >= 25,000 validated moves/s (apply+validate column)")


if __name__ == "__main__":
    main()
