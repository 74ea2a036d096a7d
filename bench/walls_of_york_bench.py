"""In-process Walls of York benchmark: validated moves per second, and legal-move generation
time in the placement step (the largest lists: every placement of the rolled formation plus
every free street, per open seat).

Run: ``.venv/bin/python -m bench.walls_of_york_bench [--games N]``. Prints figures against the
targets of the issue (≥ 25,000 validated moves/s; a full legal-move list in under 5 ms).

* ``apply+validate/s``: ``ENGINE.apply`` (which validates first) replayed on the recorded
  ``(state, move)`` pairs of random games; ``validate/s``: ``ENGINE.validate`` alone.
* ``legal_moves``: ``ENGINE.legal_moves`` on every placement state of those games (the list of
  every pending seat); ``per seat``: one seat's list (what ``LegalMoves`` with a seat keeps),
  timed with the engine's per-seat generator; ``to proto``: converting one seat's list to
  ``Move`` messages, as the server does for every ``LegalMoves`` answer (for scale only).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from engines.core.playout import random_playout
from engines.core.rng import Rng
from engines.walls_of_york import ENGINE
from engines.walls_of_york.engine import options_for
from engines.walls_of_york.moves import Move
from engines.walls_of_york.state import State
from server.binding import GameBinding

T = TypeVar("T")

TARGET_MOVES_PER_SECOND = 25_000
TARGET_LIST_MS = 5.0


def recorded_positions(players: int, games: int) -> list[tuple[State, Move]]:
    """(state, move) pairs of seeded random games (the seats assemble the board themselves)."""
    options = ENGINE.make_options(players, {})
    pairs: list[tuple[State, Move]] = []
    for seed in range(games):
        state = ENGINE.new_game(options, seed)
        _, moves = random_playout(ENGINE, state, Rng.seeded(1000 + seed))
        for move in moves:
            pairs.append((state, move))
            state = ENGINE.apply(state, move)
    return pairs


def per_second(pairs: list[tuple[State, Move]], call: Callable[[State, Move], Any]) -> float:
    """Calls of ``call`` per second over every recorded pair."""
    start = time.perf_counter()
    for state, move in pairs:
        call(state, move)
    return len(pairs) / (time.perf_counter() - start)


def micros(samples: list[float]) -> tuple[float, float]:
    """Median and 99th percentile, in microseconds."""
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return statistics.median(ordered) * 1e6, p99 * 1e6


def time_each(items: Sequence[T], call: Callable[[T], Any], repeat: int = 3) -> list[float]:
    """Seconds per call of ``call`` on each item (best of ``repeat``, to shed scheduler noise)."""
    out = []
    for item in items:
        best = float("inf")
        for _ in range(repeat):
            start = time.perf_counter()
            call(item)
            best = min(best, time.perf_counter() - start)
        out.append(best)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="random games per player count (default: 6)")
    args = parser.parse_args()
    binding = GameBinding(ENGINE)
    print("Walls of York in-process benchmark (one core)")
    print()
    header: tuple[str, ...] = ("players", "pairs", "apply+validate/s", "validate/s")
    widths: tuple[int, ...] = (7, 7, 17, 11)
    print(" ".join(f"{h:>{w}}" for h, w in zip(header, widths, strict=True)))
    placements: dict[int, list[State]] = {}
    for players in (2, 3, 4):
        pairs = recorded_positions(players, args.games)
        applied = per_second(pairs, ENGINE.apply)
        validated = per_second(pairs, ENGINE.validate)
        print(f"{players:>7} {len(pairs):>7} {applied:>17,.0f} {validated:>11,.0f}")
        placements[players] = [s for s, _ in pairs if s.step == "place"]
    print(f"target: >= {TARGET_MOVES_PER_SECOND:,} validated moves/s (apply+validate column)")
    print()
    print("Legal moves in the placement step, microseconds (median / p99)")
    header = ("players", "states", "seats", "moves", "legal_moves", "per seat", "to proto/seat")
    widths = (7, 7, 6, 6, 17, 17, 17)
    print(" ".join(f"{h:>{w}}" for h, w in zip(header, widths, strict=True)))
    worst = 0.0
    for players, states in placements.items():
        seats = [len(ENGINE.pending(s).seats) for s in states]
        moves = [len(ENGINE.legal_moves(s)) for s in states]
        full = micros(time_each(states, ENGINE.legal_moves))
        one = micros(time_each(states, lambda s: options_for(s, ENGINE.pending(s).seats[0])))
        lists = [[m for m in ENGINE.legal_moves(s) if m.seat == ENGINE.pending(s).seats[0]] for s in states]
        proto = micros(time_each(lists, lambda seat_moves: [binding.move_to_proto(m) for m in seat_moves]))
        worst = max(worst, full[1])
        print(
            f"{players:>7} {len(states):>7} {statistics.mean(seats):>6.1f} {statistics.mean(moves):>6.0f}"
            f" {full[0]:>8.0f} / {full[1]:>6.0f} {one[0]:>8.0f} / {one[1]:>6.0f} {proto[0]:>8.0f} / {proto[1]:>6.0f}"
        )
    verdict = "met" if worst / 1000 < TARGET_LIST_MS else "NOT met"
    print(f"target: a full legal-move list in under {TARGET_LIST_MS:g} ms: worst p99 {worst / 1000:.2f} ms ({verdict})")


if __name__ == "__main__":
    main()
