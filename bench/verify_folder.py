"""``rules-engine-client verify`` over a folder of many game records, each verdict checked, the run timed.

Builds ``--records`` records of every registered game (``engines.registry``), in turn: whole games played
by random legal moves with the engines in this process (seeded chance, and every seventh with chance from
the table: its chance moves in the record), each with an event, round, table, match id and player names.
Of every ten records one is tampered with (a move given to another seat, where that makes it illegal), one
is cut short (unfinished), and every fiftieth file is not JSON at all (unreadable). What each record must
get is known from the engines: ``ok`` with the final scores and winners, ``illegal`` at the tampered move
with the engine's violation code, ``unfinished`` or ``unreadable``.

Then it starts the server (``--workers`` processes), runs the real command
``rules-engine-client verify DIR --format json --jobs N``, times it, and compares every verdict with the
expected one. Exit status 1 if any verdict is wrong or missing.

Run: ``.venv/bin/python -m bench.verify_folder --records 1000``. The record building is not timed.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from google.protobuf import json_format
from rulesengine.v1 import common_pb2, service_pb2

from bench.server_bench import free_port, wait_ready
from engines import registry
from engines.core.engine import CHANCE
from engines.core.playout import random_playout
from engines.core.rng import Rng
from server.binding import GameBinding

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")


@dataclass
class Expected:
    """The verdict a record must get from ``verify``."""

    file: str
    verdict: str
    move: int | None = None
    code: str = ""
    winners: list[int] = field(default_factory=list)
    scores: dict[str, int] = field(default_factory=dict)
    #: The moves the record holds (0 for an unreadable file).
    moves: int = 0


def games() -> tuple[str, ...]:
    """The games in the order records are made (the registry's); a record's index picks its game."""
    return tuple(registry.engines())


def kind_of(index: int) -> str:
    """What record ``index`` is: ``unreadable``, ``tampered``, ``unfinished`` or ``ok``."""
    if index % 50 == 49:
        return "unreadable"
    return {3: "tampered", 7: "unfinished"}.get(index % 10, "ok")


def players_of(engine: Any, index: int) -> int:
    """A player count of the game, cycling over its smallest two (short games, still several seats)."""
    low = max(engine.info.min_players, 2)
    return min(low + (index // len(games())) % 2, engine.info.max_players)


def play(engine: Any, players: int, seed: int, external: bool) -> tuple[list[Any], list[Any], Any]:
    """A whole random game: the states before each move, the moves, and the final state."""
    options = engine.make_options(players, {})
    first = engine.new_game(options, None if external else seed)
    states: list[Any] = []
    final, moves = random_playout(engine, first, Rng.seeded(seed), on_move=lambda before, _m, _a: states.append(before))
    return states, moves, final


def tamper(engine: Any, states: list[Any], moves: list[Any], players: int, seed: int) -> tuple[int, Any, str]:
    """A move of a real seat given to the next seat, at the first index from a seeded start where that is
    illegal: its index, the tampered move, and the engine's first violation code."""
    start = Rng.seeded(seed).below(max(1, len(moves) // 2))[0]
    for index in range(start, len(moves)):
        move = moves[index]
        if move.seat == CHANCE:
            continue
        changed = type(move)((move.seat + 1) % players, move.action)
        violations = engine.validate(states[index], changed)
        if violations:
            return index, changed, violations[0].code
    raise RuntimeError("no move could be tampered with")


def build(job: tuple[int, str]) -> Expected:
    """Write record ``index`` into ``folder`` and return the verdict it must get."""
    index, folder = job
    name = f"record-{index:04d}.json"
    path = Path(folder) / name
    kind = kind_of(index)
    if kind == "unreadable":
        path.write_text('{"setup": {"gameId": ')
        return Expected(name, "unreadable")
    game = games()[index % len(games())]
    engine = registry.get(game)
    binding = GameBinding(engine)
    players = players_of(engine, index)
    external = index % 7 == 5
    states, moves, final = play(engine, players, index, external)
    setup = common_pb2.GameSetup(
        game_id=game,
        players=players,
        chance_mode=common_pb2.CHANCE_MODE_EXTERNAL if external else common_pb2.CHANCE_MODE_SEEDED,
    )
    if not external:
        setup.seed = index
    record = service_pb2.GameRecord(
        setup=setup,
        rules_version=engine.info.rules_version,
        seat_labels=NAMES[:players],
        match_id=f"bench-{index}",
        event=service_pb2.RecordEvent(name="Bench Open", round=str(1 + index // 100), table=str(1 + index % 100)),
    )
    expected = Expected(name, "ok")
    if kind == "tampered":
        at, changed, code = tamper(engine, states, moves, players, index)
        moves = [*moves[:at], changed, *moves[at + 1 :]]
        expected = Expected(name, "illegal", move=at, code=code)
    elif kind == "unfinished":
        moves = moves[: Rng.seeded(index).below(len(moves))[0]]
        expected = Expected(name, "unfinished")
    else:
        sheet = engine.score(final)
        expected.winners = list(sheet.winners)
        expected.scores = {str(seat.seat): seat.total for seat in sheet.seats}
    record.moves.extend(binding.move_to_proto(m) for m in moves)
    path.write_text(json_format.MessageToJson(record))
    expected.moves = len(moves)
    return expected


def wrong(expected: Sequence[Expected], report: Sequence[dict[str, Any]]) -> list[str]:
    """Every disagreement between the expected verdicts and ``verify``'s JSON report (empty: all right)."""
    got = {row["file"]: row for row in report}
    problems = [f"{name}: in the report but not expected" for name in sorted(set(got) - {e.file for e in expected})]
    for want in expected:
        row = got.get(want.file)
        if row is None:
            problems.append(f"{want.file}: missing from the report")
            continue
        if row["verdict"] != want.verdict:
            problems.append(f"{want.file}: {row['verdict']}, expected {want.verdict}")
        elif want.verdict == "illegal" and (row["move"], row["code"]) != (want.move, want.code):
            problems.append(f"{want.file}: move {row['move']} {row['code']}, expected move {want.move} {want.code}")
        elif want.verdict == "ok" and (row["winners"], row["scores"]) != (want.winners, want.scores):
            problems.append(f"{want.file}: {row['winners']} {row['scores']}, expected {want.winners} {want.scores}")
    return problems


def console_script(name: str) -> str:
    """The path of an installed console script beside this interpreter."""
    found = shutil.which(name, path=str(Path(sys.executable).parent)) or shutil.which(name)
    if found is None:
        raise RuntimeError(f"{name} is not installed")
    return found


def verify(folder: Path, jobs: int, workers: int) -> tuple[list[dict[str, Any]], float, str]:
    """Start a server, run ``verify`` on ``folder``; the JSON report, its seconds, and its stderr."""
    port = free_port()
    server = subprocess.Popen(
        [
            console_script("rules-engine"),
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--workers",
            str(workers),
            "--log-level",
            "warning",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_ready(port)
        out = folder / "report.json.out"
        command = [
            console_script("rules-engine-client"),
            "--target",
            f"127.0.0.1:{port}",
            "verify",
            str(folder),
            "--format",
            "json",
            "--jobs",
            str(jobs),
            "--out",
            str(out),
        ]
        start = time.perf_counter()
        ran = subprocess.run(command, capture_output=True, text=True)
        seconds = time.perf_counter() - start
        return json.loads(out.read_text()), seconds, ran.stderr
    finally:
        server.terminate()
        server.wait(timeout=30)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=1000, help="how many records (default 1000)")
    parser.add_argument("--jobs", type=int, default=8, help="verify's --jobs (default 8)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="server worker processes")
    parser.add_argument("--dir", type=Path, help="keep the records here (default: a temporary folder)")
    args = parser.parse_args(argv)
    folder = args.dir or Path(tempfile.mkdtemp(prefix="verify-folder-"))
    folder.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    with multiprocessing.get_context("spawn").Pool(os.cpu_count() or 1) as pool:
        expected = pool.map(build, [(i, str(folder)) for i in range(args.records)], chunksize=4)
    built = time.perf_counter() - start
    moves = sum(e.moves for e in expected)
    kinds = {k: sum(e.verdict == k for e in expected) for k in ("ok", "illegal", "unfinished", "unreadable")}
    print(f"built {args.records} records ({moves} moves; {kinds}) in {built:.1f}s in {folder}")
    report, seconds, stderr = verify(folder, args.jobs, args.workers)
    problems = wrong(expected, report)
    print(
        f"verify: {len(report)} verdicts in {seconds:.1f}s ({len(report) / seconds:.1f} records/s, "
        f"{moves / seconds:.0f} moves/s; --jobs {args.jobs}, {args.workers} server workers)"
    )
    print(stderr.strip().splitlines()[-1] if stderr.strip() else "")
    if problems:
        print(f"WRONG: {len(problems)} verdict(s)", *problems[:20], sep="\n  ")
        return 1
    print(f"OK: every verdict right ({kinds})")
    (folder / "expected.json").write_text(json.dumps([asdict(e) for e in expected], indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
