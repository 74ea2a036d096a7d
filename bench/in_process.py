"""The in-process game benchmark every game's ``bench/<game>_bench.py`` runs with its own engine: validated
moves per second and full random games per second.

For each player count, ``--games`` seeded random games are played to the end (``random_playout``: uniform
among the legal moves, chance answered by the engine's generator), each timed from ``new_game`` to the
final state (``games/s``, ``ms/game``); then the recorded positions are replayed:

* ``apply+validate/s``: ``apply`` (which validates first) on each recorded ``(state, move)`` pair;
* ``validate/s``: ``validate`` alone on the same pairs (the move actually played);
* ``every legal/s``: ``validate`` on every legal move of every recorded state (the mix a client validating
  arbitrary listed moves would see).

Rates are the median (best) of ``--passes`` timed passes. This VM is shared, so each row also prints
``cpu``: the speed of a fixed pure-Python loop measured just before the row (1.00 = 10M loop steps/s) and
``validate/s @1.00``: the validate median divided by it, the figure to compare between runs made under
different load. ``--clock wall`` (the default) times with ``time.perf_counter``; ``--clock cpu`` with
``time.process_time``, this process's CPU time only (use it on a loaded machine).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from engines.core.playout import random_playout
from engines.core.rng import Rng

TARGET_VALIDATED_PER_SECOND = 50_000

Pairs = list[tuple[Any, Any]]
Clock = Callable[[], float]

CLOCKS: dict[str, Clock] = {"wall": time.perf_counter, "cpu": time.process_time}

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


def loop_speed(clock: Clock, steps: int = 2_000_000) -> float:
    """A fixed pure-Python loop's speed in units of 10M steps/s (the baseline read beside the rates)."""
    start, total = clock(), 0
    for i in range(steps):
        total += i & 7
    return steps / (clock() - start) / 10_000_000


def recorded_games(
    engine: Any, players: int, games: int, clock: Clock = time.perf_counter
) -> tuple[Pairs, list[float]]:
    """The ``(state, move)`` pairs of ``games`` seeded random games (default options, seeds ``0..games-1``)
    and each game's seconds from ``new_game`` to the end (recording a pair is a list append)."""
    options = engine.make_options(players, {})
    pairs: Pairs = []
    seconds: list[float] = []
    for seed in range(games):
        start = clock()
        first = engine.new_game(options, seed)
        random_playout(engine, first, Rng.seeded(seed), on_move=lambda state, move, _: pairs.append((state, move)))
        seconds.append(clock() - start)
    return pairs, seconds


def every_legal(engine: Any, pairs: Pairs) -> Pairs:
    """Each recorded state with each of its legal moves."""
    return [(state, move) for state, _ in pairs for move in engine.legal_moves(state)]


def per_second(pairs: Pairs, call: Callable[[Any, Any], object], passes: int, clock: Clock) -> list[float]:
    """Calls of ``call`` per second over every pair, one figure per timed pass."""
    rates = []
    for _ in range(passes):
        start = clock()
        for state, move in pairs:
            call(state, move)
        rates.append(len(pairs) / (clock() - start))
    return rates


def shown(rates: list[float]) -> str:
    """Median (best)."""
    return f"{statistics.median(rates):,.0f} ({max(rates):,.0f})"


def row(engine: Any, players: int, games: int, passes: int, clock: Clock) -> tuple[str, float]:
    """One player count's line (``COLUMNS``), and its median validated moves per second."""
    cpu = loop_speed(clock)
    pairs, seconds = recorded_games(engine, players, games, clock)
    applied = per_second(pairs, engine.apply, passes, clock)
    validated = per_second(pairs, engine.validate, passes, clock)
    listed = per_second(every_legal(engine, pairs), engine.validate, passes, clock)
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


def arguments(description: str, argv: Sequence[str] | None) -> argparse.Namespace:
    """``--games``, ``--passes`` and ``--clock``, as every in-process game benchmark takes them."""
    parser = argparse.ArgumentParser(description=description)
    for flag, default, what in (
        ("--games", 20, "seeded random games per player count"),
        ("--passes", 5, "timed passes over the recorded moves"),
    ):
        parser.add_argument(flag, type=int, default=default, help=f"{what} (default: {default})")
    parser.add_argument(
        "--clock", choices=sorted(CLOCKS), default="wall", help="wall time, or this process's CPU time (default: wall)"
    )
    return parser.parse_args(argv)


def report(engine: Any, title: str, player_counts: Sequence[int], argv: Sequence[str] | None, note: str = "") -> None:
    """Print the benchmark of ``engine``: a row per player count and the target's verdict."""
    args = arguments(f"{title} in-process benchmark", argv)
    clock = CLOCKS[args.clock]
    print(f"{title} in-process benchmark (one core; seeded uniform random games, default options)")
    print(f"rates: median (best) of {args.passes} passes, {args.clock} clock{note}")
    print("cpu: a fixed pure-Python loop's speed just before the row (1.00 = 10M steps/s; this VM drifts)")
    print(" ".join(f"{name:>{width}}" for name, width in COLUMNS))
    medians = []
    for players in player_counts:
        line, validated = row(engine, players, args.games, args.passes, clock)
        print(line, flush=True)
        medians.append(validated)
    worst = min(medians)
    verdict = "met" if worst >= TARGET_VALIDATED_PER_SECOND else "NOT met"
    print(
        f"target: >= {TARGET_VALIDATED_PER_SECOND:,} validated moves/s (validate column):"
        f" slowest median {worst:,.0f} ({verdict})"
    )
