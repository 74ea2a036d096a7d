"""Every game in process, one table: validated moves per second and the search's playouts per second.

Issue 29's last "Done when" line: in process, every game still makes at least 50,000 validated moves a second,
and the search (``engines.core.search``, what SuggestMove runs) gets a playouts-per-second figure per game in
the same table.

For every game of the registry (``engines.registry.engines()``), at a representative player count (4 where
the game allows it, else its largest), each run prints one row:

* ``validate/s``: the figure judged. ``--games`` seeded random games are recorded with
  ``bench.in_process.recorded_games`` (seeds ``0..games-1``, default options) and ``validate`` is timed on
  every recorded ``(state, move)`` pair, the move actually played (``bench.in_process.per_second``), the
  median of ``--passes`` passes. ``apply+validate/s`` is the same for ``apply`` (which validates first).
* ``playouts/s``: the search as SuggestMove's worker runs it (``server.searches.search_in_worker``): the
  deciding seat's view, encoded as MessagePack and decoded against the game's state type, searched by
  ``engines.core.search.search`` with the game's own knobs (``Engine.knobs``), a budget of ``--playouts``
  playouts and no clock (so the search stops at its budget, and the answer is reproducible). The states are
  ``--search-states`` positions spread evenly over the first recorded game (seed 0), among those where the
  seat that moved had more than one legal move (with one, the search answers at once without a playout).
  The figure is the playouts made over the CPU seconds (``time.process_time``) the searches took, the view's
  encoding and decoding included.
* ``cpu``: a fixed pure-Python loop's speed just before the row (``bench.in_process.loop_speed``; 1.00 = 10M
  loop steps/s), to tell a slow row from a slow machine.

The recordings are made once per game and replayed by every run; the games' order is the same in each run.
After ``--runs`` runs it prints each game's range (lowest to highest) and exits 1 if any run of any game made
fewer than 50,000 validated moves a second (``bench.in_process.TARGET_VALIDATED_PER_SECOND``).
``--json PATH`` writes every figure (each pass, each searched state) to a file.

Run: ``.venv/bin/python -m bench.in_process_table [--runs 3] [--games N] [--game G] [--playouts N]
[--search-states N] [--json PATH]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from bench.in_process import (
    CLOCKS,
    TARGET_VALIDATED_PER_SECOND,
    Clock,
    Pairs,
    loop_speed,
    per_second,
    recorded_games,
)
from engines.core.search import search
from engines.registry import engines

#: The player count every game is measured at, where it allows it (else its largest).
REPRESENTATIVE_PLAYERS = 4

COLUMNS = (
    ("run", 3),
    ("game", 16),
    ("players", 7),
    ("pairs", 6),
    ("apply+validate/s", 16),
    ("validate/s", 10),
    ("target", 6),
    ("states", 6),
    ("playouts", 8),
    ("search cpu s", 12),
    ("playouts/s", 11),
    ("cpu", 5),
)


@dataclass(frozen=True)
class Searched:
    """One search of the table: where in the recorded game (``index``), for which seat, among how many of
    its legal moves, the playouts it made and the CPU seconds it took."""

    index: int
    seat: int
    choices: int
    playouts: int
    seconds: float


@dataclass
class Row:
    """One game's figures in one run."""

    run: int
    game: str
    players: int
    pairs: int
    applied: list[float]
    validated: list[float]
    cpu: float
    searches: list[Searched] = field(default_factory=list)

    @property
    def validate_per_second(self) -> float:
        """The figure judged: the median of the ``validate`` passes."""
        return statistics.median(self.validated)

    @property
    def apply_per_second(self) -> float:
        return statistics.median(self.applied)

    @property
    def playouts(self) -> int:
        return sum(s.playouts for s in self.searches)

    @property
    def search_seconds(self) -> float:
        return sum(s.seconds for s in self.searches)

    @property
    def playouts_per_second(self) -> float:
        return self.playouts / self.search_seconds if self.search_seconds > 0 else 0.0

    @property
    def met(self) -> bool:
        return self.validate_per_second >= TARGET_VALIDATED_PER_SECOND

    def cells(self) -> tuple[str, ...]:
        return (
            str(self.run),
            self.game,
            str(self.players),
            str(self.pairs),
            f"{self.apply_per_second:,.0f}",
            f"{self.validate_per_second:,.0f}",
            "met" if self.met else "MISSED",
            str(len(self.searches)),
            str(self.playouts),
            f"{self.search_seconds:.2f}",
            f"{self.playouts_per_second:,.1f}",
            f"{self.cpu:.2f}",
        )

    def figures(self) -> dict[str, Any]:
        """Everything, JSON-ready."""
        return {
            "run": self.run,
            "game": self.game,
            "players": self.players,
            "pairs": self.pairs,
            "apply_validate_per_second": round(self.apply_per_second, 1),
            "validate_per_second": round(self.validate_per_second, 1),
            "apply_validate_passes": [round(r, 1) for r in self.applied],
            "validate_passes": [round(r, 1) for r in self.validated],
            "met": self.met,
            "playouts": self.playouts,
            "search_cpu_seconds": round(self.search_seconds, 4),
            "playouts_per_second": round(self.playouts_per_second, 2),
            "searches": [asdict(s) for s in self.searches],
            "cpu": round(self.cpu, 3),
        }


@dataclass(frozen=True)
class Recording:
    """One game's recorded positions: every pair of ``--games`` games, and the search's states (pairs of the
    first game) with their indices in that game."""

    players: int
    pairs: Pairs
    search_states: list[tuple[int, Any, Any]]


def representative_players(engine: Any) -> int:
    """4 where the game allows it, else its largest player count."""
    info = engine.info
    if info.min_players <= REPRESENTATIVE_PLAYERS <= info.max_players:
        return REPRESENTATIVE_PLAYERS
    return int(info.max_players)


def spread_states(engine: Any, game: Pairs, count: int) -> list[tuple[int, Any, Any]]:
    """``count`` positions of one recorded game, evenly spread over those where the seat that moved had more
    than one legal move: ``(index in the game, state, move played)``."""
    open_choices = [
        (index, state, move)
        for index, (state, move) in enumerate(game)
        if sum(1 for m in engine.legal_moves(state) if m.seat == move.seat) > 1
    ]
    if count <= 0 or not open_choices:
        return []
    if count >= len(open_choices):
        return open_choices
    return [open_choices[int((k + 0.5) * len(open_choices) / count)] for k in range(count)]


def record(engine: Any, games: int, search_states: int) -> Recording:
    """The pairs the validated figures replay, and the search's states."""
    players = representative_players(engine)
    pairs, _ = recorded_games(engine, players, games)
    first, _ = recorded_games(engine, players, 1)
    return Recording(players, pairs, spread_states(engine, first, search_states))


def searched(engine: Any, index: int, state: Any, seat: int, playouts: int) -> Searched:
    """One search as SuggestMove's worker makes it, without a clock: the seat's view through MessagePack,
    then ``search`` with the game's knobs; timed by this process's CPU time."""
    view = msgspec.msgpack.encode(engine.view(state, seat))
    choices = sum(1 for m in engine.legal_moves(state) if m.seat == seat)
    start = time.process_time()
    decoded = msgspec.msgpack.decode(view, type=engine.state_type)
    found = search(engine, decoded, seat, playouts, index)
    seconds = time.process_time() - start
    return Searched(index, seat, choices, found.playouts, seconds)


def measure(run: int, game_id: str, engine: Any, recording: Recording, passes: int, playouts: int, clock: Clock) -> Row:
    """One game's row of one run."""
    cpu = loop_speed(clock)
    applied = per_second(recording.pairs, engine.apply, passes, clock)
    validated = per_second(recording.pairs, engine.validate, passes, clock)
    row = Row(run, game_id, recording.players, len(recording.pairs), applied, validated, cpu)
    for index, state, move in recording.search_states:
        row.searches.append(searched(engine, index, state, move.seat, playouts))
    return row


def line(cells: Sequence[str]) -> str:
    return " ".join(
        f"{cell:<{width}}" if name == "game" else f"{cell:>{width}}"
        for cell, (name, width) in zip(cells, COLUMNS, strict=True)
    )


def ranges(rows: Sequence[Row]) -> dict[str, dict[str, Any]]:
    """Each game's lowest and highest figures over the runs, and whether every run met the target."""
    out: dict[str, dict[str, Any]] = {}
    for game in dict.fromkeys(r.game for r in rows):
        mine = [r for r in rows if r.game == game]
        out[game] = {
            "players": mine[0].players,
            "runs": len(mine),
            "validate_per_second": [min(r.validate_per_second for r in mine), max(r.validate_per_second for r in mine)],
            "apply_validate_per_second": [min(r.apply_per_second for r in mine), max(r.apply_per_second for r in mine)],
            "playouts_per_second": [
                min(r.playouts_per_second for r in mine),
                max(r.playouts_per_second for r in mine),
            ],
            "met": all(r.met for r in mine),
        }
    return out


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    known = sorted(engines())
    parser = argparse.ArgumentParser(description="Every game in process: validated moves/s and search playouts/s")
    for flag, default, what in (
        ("--runs", 3, "times the whole table is measured"),
        ("--games", 20, "seeded random games recorded per game (their moves are validated)"),
        ("--passes", 5, "timed passes over the recorded moves (the median is shown)"),
        ("--playouts", 200, "the search's playout budget per state"),
        ("--search-states", 10, "states of the first recorded game searched per game and run"),
    ):
        parser.add_argument(flag, type=int, default=default, help=f"{what} (default: {default})")
    parser.add_argument(
        "--game", action="append", choices=known, help="only this game (repeatable; default: every registered game)"
    )
    parser.add_argument(
        "--clock",
        choices=sorted(CLOCKS),
        default="cpu",
        help="the clock of the validated figures: this process's CPU time, or the wall (default: cpu);"
        " the search is always timed by CPU time",
    )
    parser.add_argument("--json", type=Path, help="write every figure to this file")
    args = parser.parse_args(argv)
    for name in ("runs", "games", "passes", "playouts"):
        if getattr(args, name) < 1:
            parser.error(f"--{name} must be at least 1")
    if args.search_states < 0:
        parser.error("--search-states must not be negative")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    registered = engines()
    games = args.game or list(registered)
    clock = CLOCKS[args.clock]
    print("In-process table (one core): validated moves/s and the search's playouts/s, every game")
    print(
        f"validated: {args.games} seeded random games per game, median of {args.passes} passes, {args.clock} clock;"
        f" search: {args.search_states} states of game seed 0, {args.playouts} playouts each, no clock,"
        " game's knobs, CPU time"
    )
    print("cpu: a fixed pure-Python loop's speed just before the row (1.00 = 10M steps/s)")
    recordings: dict[str, Recording] = {}
    for game_id in games:
        recordings[game_id] = record(registered[game_id], args.games, args.search_states)
    print(line([name for name, _ in COLUMNS]), flush=True)
    rows: list[Row] = []
    for run in range(1, args.runs + 1):
        for game_id in games:
            row = measure(run, game_id, registered[game_id], recordings[game_id], args.passes, args.playouts, clock)
            rows.append(row)
            print(line(row.cells()), flush=True)
    summary = ranges(rows)
    print(f"range over {args.runs} run(s), lowest to highest:")
    print(f"{'game':<16} {'players':>7} {'validate/s':>21} {'apply+validate/s':>21} {'playouts/s':>17} {'target':>6}")
    for game_id, figures in summary.items():
        low, high = figures["validate_per_second"]
        a_low, a_high = figures["apply_validate_per_second"]
        p_low, p_high = figures["playouts_per_second"]
        print(
            f"{game_id:<16} {figures['players']:>7} {f'{low:,.0f} - {high:,.0f}':>21}"
            f" {f'{a_low:,.0f} - {a_high:,.0f}':>21} {f'{p_low:,.1f} - {p_high:,.1f}':>17}"
            f" {'met' if figures['met'] else 'MISSED':>6}"
        )
    missed = [r for r in rows if not r.met]
    met = not missed
    if args.json is not None:
        settings = {k: v for k, v in vars(args).items() if k != "json"}
        document = {
            "target_validated_per_second": TARGET_VALIDATED_PER_SECOND,
            "settings": settings,
            "rows": [r.figures() for r in rows],
            "ranges": summary,
            "met": met,
        }
        args.json.write_text(json.dumps(document, indent=2) + "\n")
        print(f"figures written to {args.json}")
    slowest = min(rows, key=lambda r: r.validate_per_second)
    print(
        f"target: >= {TARGET_VALIDATED_PER_SECOND:,} validated moves/s in every run of every game;"
        f" slowest {slowest.game} run {slowest.run} at {slowest.validate_per_second:,.0f}"
        f" ({len(missed)} of {len(rows)} rows missed): {'OK' if met else 'FAIL'}"
    )
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main())
