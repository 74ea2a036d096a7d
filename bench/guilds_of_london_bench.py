"""In-process Guilds of London benchmark: validated moves per second and full random games per second.

Run: ``.venv/bin/python -m bench.guilds_of_london_bench [--games N] [--passes N] [--clock wall|cpu]``.
Target: ≥ 50,000 validated moves/s.

For 2, 3 and 4 players, ``--games`` seeded random games are played to the end (``random_playout``: uniform
among the legal moves, chance answered by the engine's generator), each timed from ``new_game`` to the
final score (``games/s``, ``ms/game``); then the recorded positions are replayed:

* ``apply+validate/s``: ``ENGINE.apply`` (which validates first) on each recorded ``(state, move)`` pair;
* ``validate/s``: ``ENGINE.validate`` alone on the same pairs (the move actually played);
* ``every legal/s``: ``ENGINE.validate`` on every legal move of every recorded state (turn states list
  dozens of ``PlayMove``s, so this is the mix a client validating arbitrary listed moves would see).

Rates are the median (best) of ``--passes`` timed passes. This VM is shared, so each row also prints
``cpu``: the speed of a fixed pure-Python loop measured just before the row (the workload of
``bench.walled_city_bench``'s ``cpu`` column; 1.00 = 10M loop steps/s) and ``validate/s @1.00``: the
validate median divided by it, the figure to compare between runs made under different load.

``--clock wall`` (the default, like the other benchmarks) times with ``time.perf_counter``; ``--clock cpu``
with ``time.process_time``, the CPU time of this process only, which leaves out the time other processes
hold the core (use it on a loaded machine; caches and memory bandwidth are still shared).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence

from engines.core.playout import random_playout
from engines.core.rng import Rng
from engines.guilds_of_london.engine import ENGINE
from engines.guilds_of_london.moves import Move
from engines.guilds_of_london.state import State

TARGET_VALIDATED_PER_SECOND = 50_000
PLAYER_COUNTS = (2, 3, 4)

Pairs = list[tuple[State, Move]]
Clock = Callable[[], float]

CLOCKS: dict[str, Clock] = {"wall": time.perf_counter, "cpu": time.process_time}


def loop_speed(clock: Clock, steps: int = 2_000_000) -> float:
    """A fixed pure-Python loop's speed in units of 10M steps/s (the baseline read beside the rates)."""
    start, total = clock(), 0
    for i in range(steps):
        total += i & 7
    return steps / (clock() - start) / 10_000_000


def recorded_games(players: int, games: int, clock: Clock = time.perf_counter) -> tuple[Pairs, list[float]]:
    """The ``(state, move)`` pairs of ``games`` seeded random games (default options) and each game's
    seconds from ``new_game`` to the end (recording a pair is a list append: noise next to a move)."""
    options = ENGINE.make_options(players, {})
    pairs: Pairs = []
    seconds: list[float] = []
    for seed in range(games):
        start = clock()
        first = ENGINE.new_game(options, seed)
        random_playout(ENGINE, first, Rng.seeded(seed), on_move=lambda state, move, _: pairs.append((state, move)))
        seconds.append(clock() - start)
    return pairs, seconds


def every_legal(pairs: Pairs) -> Pairs:
    """Each recorded state with each of its legal moves."""
    return [(state, move) for state, _ in pairs for move in ENGINE.legal_moves(state)]


def per_second(pairs: Pairs, call: Callable[[State, Move], object], passes: int, clock: Clock) -> list[float]:
    """Calls of ``call`` per second over every pair, one figure per timed pass."""
    out = []
    for _ in range(passes):
        start = clock()
        for state, move in pairs:
            call(state, move)
        out.append(len(pairs) / (clock() - start))
    return out


def shown(rates: list[float]) -> str:
    """Median (best)."""
    return f"{statistics.median(rates):,.0f} ({max(rates):,.0f})"


COLUMNS = (
    ("players", 7),
    ("pairs", 6),
    ("apply+validate/s", 19),
    ("validate/s", 19),
    ("every legal/s", 19),
    ("games/s", 8),
    ("ms/game", 8),
    ("moves/game", 10),
    ("cpu", 5),
    ("validate/s @1.00", 16),
)


def row(players: int, games: int, passes: int, clock: Clock) -> tuple[str, float]:
    """One player count's line, and its median validated moves per second."""
    cpu = loop_speed(clock)
    pairs, seconds = recorded_games(players, games, clock)
    applied = per_second(pairs, ENGINE.apply, passes, clock)
    validated = per_second(pairs, ENGINE.validate, passes, clock)
    listed = per_second(every_legal(pairs), ENGINE.validate, passes, clock)
    median = statistics.median(validated)
    cells = (
        str(players),
        str(len(pairs)),
        shown(applied),
        shown(validated),
        shown(listed),
        f"{len(seconds) / sum(seconds):.1f}",
        f"{statistics.median(seconds) * 1000:.1f}",
        f"{len(pairs) / games:.0f}",
        f"{cpu:.2f}",
        f"{median / cpu:,.0f}",
    )
    return " ".join(f"{cell:>{width}}" for cell, (_, width) in zip(cells, COLUMNS, strict=True)), median


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="seeded random games per player count (default: 20)")
    parser.add_argument("--passes", type=int, default=5, help="timed passes over the recorded moves (default: 5)")
    parser.add_argument(
        "--clock", choices=sorted(CLOCKS), default="wall", help="wall time, or this process's CPU time (default: wall)"
    )
    args = parser.parse_args(argv)
    clock = CLOCKS[args.clock]
    print("Guilds of London in-process benchmark (one core; seeded uniform random games, default options)")
    print(f"rates: median (best) of {args.passes} passes, {args.clock} clock")
    print("cpu: a fixed pure-Python loop's speed just before the row (1.00 = 10M steps/s; this VM drifts)")
    print(" ".join(f"{name:>{width}}" for name, width in COLUMNS))
    worst = float("inf")
    for players in PLAYER_COUNTS:
        line, validated = row(players, args.games, args.passes, clock)
        print(line)
        worst = min(worst, validated)
    verdict = "met" if worst >= TARGET_VALIDATED_PER_SECOND else "NOT met"
    print(
        f"target: >= {TARGET_VALIDATED_PER_SECOND:,} validated moves/s (validate column):"
        f" slowest median {worst:,.0f} ({verdict})"
    )


if __name__ == "__main__":
    main()
