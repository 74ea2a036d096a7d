"""In-process Viscounts of the West Kingdom benchmark: validated moves per second and full random games per second.

Run: ``.venv/bin/python -m bench.viscounts_bench [--games N] [--passes N] [--clock wall|cpu]``.
Target: ≥ 50,000 validated moves/s.

For 1 player (solo: seat 1 is the Cleric AI, played by the engine inside ``apply``, so its turns count in
the game's time but are not moves) and for 2, 3 and 4 players, ``--games`` seeded random games are played
to the end (``random_playout``: uniform among the legal moves, chance answered by the engine's generator),
each timed from ``new_game`` to the final state (``games/s``, ``ms/game``); then the recorded positions
are replayed:

* ``apply+validate/s``: ``ENGINE.apply`` (which validates first) on each recorded ``(state, move)`` pair;
* ``validate/s``: ``ENGINE.validate`` alone on the same pairs (the move actually played);
* ``every legal/s``: ``ENGINE.validate`` on every legal move of every recorded state (a play step lists
  each card of the hand, a move step each reachable space, so this is the mix a client validating
  arbitrary listed moves would see).

Rates are the median (best) of ``--passes`` timed passes; ``cpu`` and ``validate/s @1.00`` are the loop
baseline of ``bench.guilds_of_london_bench`` (1.00 = 10M loop steps/s, measured just before the row), so
runs made under different load compare. ``--clock cpu`` times with this process's CPU time
(``time.process_time``) instead of wall time: use it while other work holds the cores.
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Callable, Sequence

from bench.guilds_of_london_bench import CLOCKS, COLUMNS, Clock, loop_speed, shown
from engines.core.playout import random_playout
from engines.core.rng import Rng
from engines.viscounts.engine import ENGINE
from engines.viscounts.moves import Move
from engines.viscounts.state import State

TARGET_VALIDATED_PER_SECOND = 50_000
PLAYER_COUNTS = (1, 2, 3, 4)

Pairs = list[tuple[State, Move]]


def recorded_games(players: int, games: int, clock: Clock = CLOCKS["wall"]) -> tuple[Pairs, list[float]]:
    """The ``(state, move)`` pairs of ``games`` seeded random games (default options, seeds ``0..games-1``)
    and each game's seconds from ``new_game`` to the end (recording a pair is a list append)."""
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


def timed_passes(pairs: Pairs, call: Callable[[State, Move], object], passes: int, clock: Clock) -> list[float]:
    """Calls of ``call`` per second over every pair, one figure per timed pass."""
    rates = []
    for _ in range(passes):
        start = clock()
        for state, move in pairs:
            call(state, move)
        rates.append(len(pairs) / (clock() - start))
    return rates


MEASURES: tuple[tuple[Callable[[Pairs], Pairs], Callable[[State, Move], object]], ...] = (
    (list, ENGINE.apply),
    (list, ENGINE.validate),
    (every_legal, ENGINE.validate),
)
"""The three timed columns in order: which pairs (the recorded ones, or every legal move of their states)
and which call."""


def row(players: int, games: int, passes: int, clock: Clock) -> tuple[str, float]:
    """One player count's line (``COLUMNS``), and its median validated moves per second."""
    cpu = loop_speed(clock)
    pairs, seconds = recorded_games(players, games, clock)
    rates = [timed_passes(chosen(pairs), call, passes, clock) for chosen, call in MEASURES]
    validated = statistics.median(rates[1])
    cells = (
        str(players),
        str(len(pairs)),
        *map(shown, rates),
        f"{len(seconds) / sum(seconds):.1f}",
        f"{statistics.median(seconds) * 1000:.1f}",
        f"{len(pairs) / games:.0f}",
        f"{cpu:.2f}",
        f"{validated / cpu:,.0f}",
    )
    return " ".join(f"{cell:>{width}}" for cell, (_, width) in zip(cells, COLUMNS, strict=True)), validated


def arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    """``--games``, ``--passes`` and ``--clock``, as every in-process game benchmark takes them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    for flag, default, what in (
        ("--games", 20, "seeded random games per player count"),
        ("--passes", 5, "timed passes over the recorded moves"),
    ):
        parser.add_argument(flag, type=int, default=default, help=f"{what} (default: {default})")
    parser.add_argument(
        "--clock", choices=sorted(CLOCKS), default="wall", help="wall time, or this process's CPU time (default: wall)"
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> None:
    args = arguments(argv)
    clock = CLOCKS[args.clock]
    print("Viscounts of the West Kingdom in-process benchmark (one core; seeded uniform random games, default options)")
    print(f"rates: median (best) of {args.passes} passes, {args.clock} clock; 1 player is solo against the Cleric AI")
    print("cpu: a fixed pure-Python loop's speed just before the row (1.00 = 10M steps/s; this VM drifts)")
    print(" ".join(f"{name:>{width}}" for name, width in COLUMNS))
    medians = []
    for players in PLAYER_COUNTS:
        line, validated = row(players, args.games, args.passes, clock)
        print(line, flush=True)
        medians.append(validated)
    worst = min(medians)
    verdict = "met" if worst >= TARGET_VALIDATED_PER_SECOND else "NOT met"
    print(
        f"target: >= {TARGET_VALIDATED_PER_SECOND:,} validated moves/s (validate column):"
        f" slowest median {worst:,.0f} ({verdict})"
    )


if __name__ == "__main__":
    main()
