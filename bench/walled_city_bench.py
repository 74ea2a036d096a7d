"""In-process Walled City benchmark: validated moves per second and full random games per second.

Run: ``.venv/bin/python -m bench.walled_city_bench [--games N]``. Target (issue #4): ≥ 25,000
validated moves/s.
"""

from __future__ import annotations

import argparse
import statistics
import time

from engines.core.playout import random_playout
from engines.core.rng import Rng
from engines.walled_city.engine import ENGINE


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20, help="random games per configuration")
    args = parser.parse_args()
    print("The Walled City in-process benchmark (one core)")
    print(f"{'board':>12} {'players':>7} {'apply+validate/s':>17} {'validate/s':>11} {'games/s':>8} {'ms/game':>8}")
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
            start = time.perf_counter()
            for state, move in pairs:
                ENGINE.apply(state, move)
            applied = len(pairs) / (time.perf_counter() - start)
            start = time.perf_counter()
            for state, move in pairs:
                ENGINE.validate(state, move)
            validated = len(pairs) / (time.perf_counter() - start)
            print(
                f"{side:>12} {players:>7} {applied:>17,.0f} {validated:>11,.0f}"
                f" {len(times) / sum(times):>8.1f} {statistics.median(times) * 1000:>8.1f}"
            )
    print("target: >= 25,000 validated moves/s (apply+validate column)")


if __name__ == "__main__":
    main()
