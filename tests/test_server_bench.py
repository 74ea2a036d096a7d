"""bench/server_bench.py runs end to end on one game with tiny intervals and reports every column with sane
figures (it is a benchmark, not a timed test: only the shape and sanity of its figures are checked here)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from rulesengine.v1 import service_pb2

from bench import server_bench as bench
from bench.echo_server import FLOOR_WORK_US
from engines.registry import engines

GAME = "walled_city"  # the shortest recorded games: the test stays quick
FIELDS = {"calls", "seconds", "calls_per_s", "p50_ms", "p99_ms", "cpu_us_per_call"}


def check_figures(figures: dict[str, Any]) -> None:
    """One measurement has every field, calls were made, p50 <= p99 and the server used CPU."""
    assert set(figures) == FIELDS
    assert figures["calls"] > 0
    assert figures["seconds"] > 0
    assert figures["calls_per_s"] == pytest.approx(figures["calls"] / figures["seconds"])
    assert 0 < figures["p50_ms"] <= figures["p99_ms"]
    assert figures["cpu_us_per_call"] > 0


def test_one_game_with_every_rpc(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "figures.json"
    argv = ["--games", GAME, "--seconds", "0.3", "--warmup", "0.1", "--rpcs", "all", "--floor-work", "--json", str(out)]
    returned = bench.main(argv)
    printed = capsys.readouterr().out
    written = json.loads(out.read_text())
    assert written["config"]["games"] == [GAME]
    assert written["skipped"] == bench.SKIPPED
    [run] = written["runs"]
    game = run[GAME]
    assert set(game["apply_move"]) == {"echo", "floor", "memo_on", "memo_off"}
    for figures in game["apply_move"].values():
        check_figures(figures)
    roles = ("memo_on", "memo_off", "floor")
    assert set(game["ratios"]) == {f"{k}_{r}" for k in ("throughput", "p99", "cpu") for r in roles}
    assert all(value > 0 for value in game["ratios"].values())
    assert list(game["floor_work"]) == [str(work) for work in FLOOR_WORK_US]
    for work in game["floor_work"].values():
        check_figures(work["floor"])
        assert work["throughput"] > 0 and work["p99"] > 0
    assert game["players"] == 3 and game["recorded_games"] == 3 and game["recorded_moves"] > 0
    assert list(game["rpcs"]) == list(bench.OTHER_RPCS)
    for rpc in game["rpcs"].values():
        check_figures(rpc["echo"])
        check_figures(rpc["rules"])
        assert rpc["cpu_ratio"] == pytest.approx(rpc["rules"]["cpu_us_per_call"] / rpc["echo"]["cpu_us_per_call"])
    assert returned["runs"] == written["runs"]
    # The printed tables: every ApplyMove row, both ratio lines, a row per other RPC, the skipped RPC.
    for _, label in bench.APPLY_ROWS:
        assert any(line.strip().startswith(label) for line in printed.splitlines()), label
    assert "ApplyMove / echo calls/s: memo on" in printed
    assert "ApplyMove / echo p99: memo on" in printed
    assert "floor / echo: calls/s" in printed
    for work in FLOOR_WORK_US:
        assert f"floor + {work:>3} µs of Python per call: calls/s" in printed
    for rpc in bench.OTHER_RPCS:
        assert any(line.split()[:1] == [rpc] for line in printed.splitlines()), rpc
    assert "ReplayGameStream: skipped" in printed


def test_every_service_rpc_is_measured_or_skipped() -> None:
    """A new RPC added to the service must be added to the benchmark (or skipped with a reason)."""
    service = service_pb2.DESCRIPTOR.services_by_name["RulesEngineService"]
    assert {"ApplyMove", *bench.OTHER_RPCS, *bench.SKIPPED} == set(service.methods_by_name)


@pytest.mark.parametrize("game_id", sorted(engines()))
def test_recorded_games_and_requests(game_id: str) -> None:
    """Each recorded pair is the state before a move the engine accepts, numbered in order; every other
    RPC gets real requests of the game."""
    recorded = bench.record(game_id, 3, 2)
    assert len(recorded.games) == 2 and all(recorded.games)
    for number, game in enumerate(recorded.games):
        assert [state.move_number for state, _ in game] == list(range(len(game)))
        assert {state.match_id for state, _ in game} == {f"bench-{game_id}-{number}"}
    starts = {recorded.position(k * recorded.moves // 4) for k in range(4)}
    assert len(starts) == 4  # the clients start at different points
    for rpc in bench.OTHER_RPCS:
        requests = bench.rpc_requests(rpc, recorded)
        assert requests and all(r.IsInitialized() for r in requests)


def test_cpu_seconds_counts_child_processes() -> None:
    """A busy child's CPU time is counted in its parent's tree (a multi-worker server's workers)."""
    busy = (
        "import sys, time\nend = time.process_time() + 0.3\nwhile time.process_time() < end: pass\n"
        "print('done', flush=True)\nsys.stdin.read()"
    )
    child = subprocess.Popen([sys.executable, "-c", busy], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert child.stdin is not None and child.stdout is not None
    try:
        assert child.pid in bench.process_tree(os.getpid())
        before = bench.cpu_seconds(os.getpid())
        assert child.stdout.readline().strip() == "done"
        assert bench.cpu_seconds(os.getpid()) - before >= 0.2  # the child, still alive, is counted
    finally:
        child.stdin.close()
        child.wait(10)
        child.stdout.close()


def test_floor_answers_the_state_it_was_sent() -> None:
    """The echo server's Floor method parses an ApplyMoveRequest and answers an ApplyMoveResponse with its state."""
    from bench.echo_server import _floor

    state, move = bench.record(GAME, 3, 1).games[0][5]
    request = service_pb2.ApplyMoveRequest(state=state, move=move)
    reply = service_pb2.ApplyMoveResponse.FromString(_floor(request.SerializeToString(), None))  # type: ignore[arg-type]
    assert reply.state == state
    assert not reply.HasField("log")
