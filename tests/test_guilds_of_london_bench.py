"""The Guilds of London benchmark runs end to end with tiny sizes and prints a row per player count (it is a
benchmark, not a timed test: only the shape and sanity of its figures are checked here)."""

from __future__ import annotations

import re

import pytest

from bench import guilds_of_london_bench as bench
from engines.guilds_of_london.engine import ENGINE


def test_recorded_games_replay_to_the_end() -> None:
    """Every recorded pair is a legal move of its state, and the games end."""
    pairs, seconds = bench.recorded_games(2, 1)
    assert len(seconds) == 1 and seconds[0] > 0
    assert pairs
    for state, move in pairs:
        assert ENGINE.validate(state, move) == []
    last_state, last_move = pairs[-1]
    assert ENGINE.pending(ENGINE.apply(last_state, last_move)).seats == ()


def test_every_legal_lists_each_state_s_moves() -> None:
    pairs, _ = bench.recorded_games(3, 1)
    listed = bench.every_legal(pairs[:5])
    assert len(listed) == sum(len(ENGINE.legal_moves(state)) for state, _ in pairs[:5])
    assert all(ENGINE.validate(state, move) == [] for state, move in listed)


@pytest.mark.parametrize("clock", sorted(bench.CLOCKS))
def test_main_prints_a_row_per_player_count(clock: str, capsys: pytest.CaptureFixture[str]) -> None:
    bench.main(["--games", "1", "--passes", "1", "--clock", clock])
    out = capsys.readouterr().out.splitlines()
    assert f"{clock} clock" in out[1]
    header = next(i for i, line in enumerate(out) if line.split()[:2] == ["players", "pairs"])
    rows = [line.split() for line in out[header + 1 : header + 1 + len(bench.PLAYER_COUNTS)]]
    assert [int(r[0]) for r in rows] == list(bench.PLAYER_COUNTS)
    for r in rows:
        assert int(r[1]) > 0  # pairs
        numbers = [float(x.strip("()").replace(",", "")) for x in r[2:]]
        assert all(n > 0 for n in numbers), r
    assert re.fullmatch(r"target: >= 50,000 validated moves/s .*: slowest median [\d,]+ \((met|NOT met)\)", out[-1])
