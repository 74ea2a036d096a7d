"""The search (``engines.core.search``) on the test-only game, whose rules are small enough to reason about."""

from __future__ import annotations

from typing import Any

import pytest

from engines.core.rng import Rng
from engines.core.scoring import ScoreSheet, SeatScore
from engines.core.search import Knobs, NotToDecide, _one_kind, leading, suggest, won
from tests.tinygame import ENGINES
from tests.tinygame.game import Deal, Play

ENGINE: Any = next(iter(ENGINES.values()))


def _dealt(players: int = 2, seed: int = 4) -> Any:
    """A seeded High Card game after the deal, every seat to put a card down."""
    return ENGINE.new_game(ENGINE.make_options(players, {}), seed)


def test_the_suggestion_is_one_of_the_seats_legal_moves_with_the_candidates_it_tried() -> None:
    state = _dealt()
    found = suggest(ENGINE, state, 1, 60, seed=3)
    mine = [m for m in ENGINE.legal_moves(state) if m.seat == 1]
    assert found.move in mine and found.stopped == "budget" and found.playouts == 60
    assert {c.move for c in found.candidates} == set(mine)  # 60 playouts try each of at most 3 cards
    visits = [c.visits for c in found.candidates]
    assert visits == sorted(visits, reverse=True) and sum(visits) == 60
    assert found.candidates[0].move == found.move


def test_the_same_seed_gives_the_same_search_and_another_seed_may_not() -> None:
    state = _dealt()
    first = suggest(ENGINE, state, 0, 50, seed=1)
    assert suggest(ENGINE, state, 0, 50, seed=1) == first
    others = {suggest(ENGINE, state, 0, 50, seed=s).candidates for s in range(2, 8)}
    assert len(others | {first.candidates}) > 1


def test_what_the_seat_cannot_see_does_not_change_the_search() -> None:
    """Another deal of the opponent's hand and of the undealt cards, and another generator: the same search."""
    state = _dealt(3)
    variant = ENGINE.redeal(ENGINE.view(state, 0), 0, Rng.seeded(77))
    assert variant.hands[1:] != state.hands[1:] or variant.deck != state.deck
    assert suggest(ENGINE, variant, 0, 40, seed=9) == suggest(ENGINE, state, 0, 40, seed=9)


def test_a_seat_with_one_legal_move_is_answered_without_a_search() -> None:
    last = _dealt()
    for _ in range(4):  # two rounds: each seat puts down a card twice
        moves = ENGINE.legal_moves(last)
        last = ENGINE.apply(last, moves[0])
    mine = [m for m in ENGINE.legal_moves(last) if m.seat == 0]
    assert len(mine) == 1
    answered = suggest(ENGINE, last, 0, 100, seed=0)
    assert answered.stopped == "forced" and answered.playouts == 0 and answered.move == mine[0]


def test_a_seat_without_a_decision_is_refused() -> None:
    state = _dealt()
    ready = ENGINE.apply(state, next(m for m in ENGINE.legal_moves(state) if m.seat == 0))
    with pytest.raises(NotToDecide):
        suggest(ENGINE, ready, 0, 10, seed=0)


def test_the_clock_stops_a_search_before_its_playouts() -> None:
    ticks = iter(range(1_000_000))
    found = suggest(ENGINE, _dealt(), 0, 1_000, seed=2, clock=lambda: float(next(ticks)), seconds=5.0)
    assert found.stopped == "time" and 1 <= found.playouts <= 6


def test_rewards_share_the_win_and_score_an_unfinished_game_by_the_lead() -> None:
    def sheet(totals: list[int], winners: tuple[int, ...], final: bool) -> ScoreSheet:
        seats = tuple(SeatScore(seat=i, total=t, entries=()) for i, t in enumerate(totals))
        return ScoreSheet(seats=seats, winners=winners if final else (), final=final, leaders=winners)

    assert won(sheet([3, 3, 1], (0, 1), True)) == {0: 0.5, 1: 0.5, 2: 0.0}
    partial = leading(sheet([12, 2, 12], (0, 2), False), spread=10.0)
    assert partial[0] == partial[2] == 0.5 and partial[1] < 0.05


def test_a_horizon_cuts_playouts_short() -> None:
    state = _dealt()
    full = suggest(ENGINE, state, 0, 30, seed=5)
    cut = suggest(ENGINE, state, 0, 30, seed=5, knobs=Knobs(horizon=1, spread=1.0))
    assert full.playouts == cut.playouts == 30
    assert full.candidates != cut.candidates  # a one-move horizon scores unfinished games instead


def test_a_playout_by_kind_chooses_the_kind_first() -> None:
    """With ``by_kind`` a kind of action with many moves is chosen no more often than one with a single move."""
    move = ENGINE.move_type
    legal = [move(-1, Deal(c)) for c in range(1, 7)] + [move(0, Play(1))]
    rng = Rng.seeded(8)
    kinds = []
    for _ in range(400):
        chosen, rng = _one_kind(legal, rng)
        assert len({type(m.action) for m in chosen}) == 1
        kinds.append(type(chosen[0].action))
    assert 150 < kinds.count(Play) < 250  # about half, where uniform moves would give a seventh
