"""In-process Citadels benchmark: validated moves per second and full random games per second.

Run: ``.venv/bin/python -m bench.engine_bench [--games N]``. Prints figures against the
targets of issue #2 (≥ 25,000 validated moves/s; a 4-player random game under 10 ms).
"""

from __future__ import annotations

import argparse
import statistics
import time

from engines.citadels import ENGINE
from engines.citadels.moves import Move
from engines.citadels.state import State
from engines.core.playout import random_playout
from engines.core.rng import Rng


def recorded_positions(players: int, games: int) -> list[tuple[State, Move]]:
    """(state, move) pairs from random games, replayed by the timing loops."""
    options = ENGINE.make_options(players, {"rank9": "none" if players == 2 else "artist"})
    pairs: list[tuple[State, Move]] = []
    for seed in range(games):
        state = ENGINE.new_game(options, seed)
        _, moves = random_playout(ENGINE, state, Rng.seeded(seed))
        for move in moves:
            pairs.append((state, move))
            state = ENGINE.apply(state, move)
    return pairs


def validated_moves_per_second(pairs: list[tuple[State, Move]]) -> tuple[float, float]:
    """``apply`` (which validates first) and ``validate`` alone, per second."""
    start = time.perf_counter()
    for state, move in pairs:
        ENGINE.apply(state, move)
    applied = len(pairs) / (time.perf_counter() - start)
    start = time.perf_counter()
    for state, move in pairs:
        ENGINE.validate(state, move)
    validated = len(pairs) / (time.perf_counter() - start)
    return applied, validated


def random_games(players: int, games: int) -> list[float]:
    """Seconds per full random game: new game, then legal moves + apply until the end."""
    options = ENGINE.make_options(players, {"rank9": "none" if players == 2 else "artist"})
    times = []
    for seed in range(games):
        start = time.perf_counter()
        random_playout(ENGINE, ENGINE.new_game(options, seed), Rng.seeded(seed))
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40, help="random games per player count")
    args = parser.parse_args()
    print("Citadels in-process benchmark (one core)")
    header = ("players", "apply+validate/s", "validate/s", "games/s", "ms/game p50", "moves/game")
    widths = (7, 17, 11, 8, 12, 11)
    print(" ".join(f"{h:>{w}}" for h, w in zip(header, widths, strict=True)))
    for players in (2, 4, 8):
        pairs = recorded_positions(players, max(5, args.games // 4))
        applied, validated = validated_moves_per_second(pairs)
        times = random_games(players, args.games)
        moves = len(pairs) / max(5, args.games // 4)
        print(
            f"{players:>7} {applied:>17,.0f} {validated:>11,.0f} {len(times) / sum(times):>8.1f}"
            f" {statistics.median(times) * 1000:>12.1f} {moves:>11.0f}"
        )
    print("targets: >= 25,000 validated moves/s (apply+validate column); 4-player random game < 10 ms")


if __name__ == "__main__":
    main()
