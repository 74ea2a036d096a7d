"""In-process Guilds of London benchmark: validated moves per second and full random games per second.

Run: ``.venv/bin/python -m bench.guilds_of_london_bench [--games N] [--passes N] [--clock wall|cpu]``.
Target: ≥ 50,000 validated moves/s. The columns, clocks and the ``cpu`` baseline are
``bench.in_process``'s, shared by every game's benchmark.
For 2, 3 and 4 players. In a Guilds of London turn state the legal moves list dozens of ``PlayMove``s,
so ``every legal/s`` weighs them.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from bench.in_process import CLOCKS, Clock, Pairs, per_second, report
from bench.in_process import every_legal as every_legal_of
from bench.in_process import recorded_games as recorded_games_of
from engines.guilds_of_london.engine import ENGINE

__all__ = ["CLOCKS", "PLAYER_COUNTS", "every_legal", "main", "per_second", "recorded_games"]

PLAYER_COUNTS = (2, 3, 4)


def recorded_games(players: int, games: int, clock: Clock = time.perf_counter) -> tuple[Pairs, list[float]]:
    """This game's recorded seeded random games (``bench.in_process.recorded_games``)."""
    return recorded_games_of(ENGINE, players, games, clock)


def every_legal(pairs: Pairs) -> Pairs:
    """Each recorded state with each of its legal moves."""
    return every_legal_of(ENGINE, pairs)


def main(argv: Sequence[str] | None = None) -> None:
    report(ENGINE, "Guilds of London", PLAYER_COUNTS, argv)


if __name__ == "__main__":
    main()
