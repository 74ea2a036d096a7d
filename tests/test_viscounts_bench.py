"""The Viscounts of the West Kingdom benchmark runs end to end with tiny sizes and prints a row per player count,
solo included (it is a benchmark, not a timed test: only the shape and sanity of its figures are checked here)."""

from __future__ import annotations

import re
from itertools import pairwise

import pytest

from bench import viscounts_bench as bench
from engines.viscounts.engine import ENGINE


@pytest.mark.parametrize("players", bench.PLAYER_COUNTS)
def test_recorded_games_replay_to_the_end(players: int) -> None:
    """Every recorded pair is a legal move of its state, consecutive pairs chain, and the game ends."""
    pairs, seconds = bench.recorded_games(players, 1)
    assert len(seconds) == 1 and seconds[0] > 0
    assert pairs
    assert pairs[0][0] == ENGINE.new_game(ENGINE.make_options(players, {}), 0)
    for (state, move), (following, _) in pairwise(pairs):
        assert ENGINE.validate(state, move) == []
        assert ENGINE.apply(state, move) == following
    last_state, last_move = pairs[-1]
    assert ENGINE.pending(ENGINE.apply(last_state, last_move)).seats == ()


def test_solo_games_ask_only_the_human_seat() -> None:
    """With one player the Cleric AI (seat 1) is played inside ``apply``, and a seeded game answers its own
    draws: every recorded move is seat 0's."""
    pairs, _ = bench.recorded_games(1, 1)
    assert {move.seat for _, move in pairs} == {0}


def test_every_legal_lists_each_state_s_moves() -> None:
    pairs, _ = bench.recorded_games(3, 1)
    listed = bench.every_legal(pairs[:8])
    assert len(listed) == sum(len(ENGINE.legal_moves(state)) for state, _ in pairs[:8])
    assert len(listed) > 8  # some of these states offer more than one move
    assert all(ENGINE.validate(state, move) == [] for state, move in listed)


def test_per_second_gives_one_rate_per_pass_from_the_clock() -> None:
    """A clock that advances 0.5 s a reading: 4 pairs in 0.5 s is 8 calls/s, once per pass."""
    ticks = iter(range(100))
    calls: list[int] = []
    pairs, _ = bench.recorded_games(2, 1)
    rates = bench.per_second(pairs[:4], lambda *_: calls.append(1), 3, lambda: next(ticks) / 2)
    assert rates == [8.0, 8.0, 8.0]
    assert len(calls) == 12


@pytest.mark.parametrize("clock", sorted(bench.CLOCKS))
def test_main_prints_a_row_per_player_count(clock: str, capsys: pytest.CaptureFixture[str]) -> None:
    bench.main(["--games", "1", "--passes", "1", "--clock", clock])
    out = capsys.readouterr().out.splitlines()
    assert f"{clock} clock" in out[1]
    header = next(i for i, line in enumerate(out) if line.split()[:2] == ["players", "pairs"])
    rows = [line.split() for line in out[header + 1 : header + 1 + len(bench.PLAYER_COUNTS)]]
    assert [int(r[0]) for r in rows] == [1, 2, 3, 4]
    for r in rows:
        assert int(r[1]) > 0  # pairs
        numbers = [float(x.strip("()").replace(",", "")) for x in r[2:]]
        assert len(numbers) == 11  # 3 rates with their best, games/s, ms/game, moves/game, cpu, @1.00
        assert all(n > 0 for n in numbers), r
    assert len(out) == header + 1 + len(bench.PLAYER_COUNTS) + 1
    assert re.fullmatch(r"target: >= 50,000 validated moves/s .*: slowest median [\d,]+ \((met|NOT met)\)", out[-1])
