"""High Card's own rules: a seeded deal, a round won by the highest card, a tie, the end."""

from __future__ import annotations

from collections import Counter

from engines.core.engine import CHANCE
from tests.tinygame.game import DECK, ENGINE, HAND, HIDDEN, ROUNDS, Deal, Move, Play, State


def dealt_external(players: int, cards: list[int]) -> State:
    """An external-chance game whose CHANCE seat deals ``cards`` in order."""
    state = ENGINE.new_game(ENGINE.make_options(players, {}), None)
    for card in cards:
        assert ENGINE.pending(state).seats == (CHANCE,)
        state = ENGINE.apply(state, Move(CHANCE, Deal(card)))
    return state


def play_round(state: State, cards: list[int]) -> State:
    for seat, card in enumerate(cards):
        state = ENGINE.apply(state, Move(seat, Play(card)))
    return state


def test_a_seeded_deal_is_made_by_the_engine_and_repeats() -> None:
    state = ENGINE.new_game(ENGINE.make_options(3, {}), 7)
    assert state == ENGINE.new_game(ENGINE.make_options(3, {}), 7)
    assert [len(hand) for hand in state.hands] == [HAND] * 3
    assert Counter([*state.deck, *(c for hand in state.hands for c in hand)]) == Counter(DECK)
    assert ENGINE.pending(state).seats == (0, 1, 2)
    ENGINE.check(state)


def test_every_seat_decides_at_once_and_sees_only_its_own_cards() -> None:
    state = dealt_external(2, [6, 1, 5, 2, 4, 3])
    assert state.hands == ((4, 5, 6), (1, 2, 3))
    state = ENGINE.apply(state, Move(0, Play(6)))
    assert ENGINE.pending(state).seats == (1,)
    view = ENGINE.view(state, 1)
    assert view.hands == ((HIDDEN, HIDDEN), (1, 2, 3)) and view.down == (HIDDEN, HIDDEN) and view.ready == (True, False)


def test_the_highest_card_wins_the_round() -> None:
    state = play_round(dealt_external(2, [6, 1, 5, 2, 4, 3]), [6, 1])
    assert state.rounds == ((6, 1),)
    assert [s.total for s in ENGINE.score(state).seats] == [1, 0]


def test_a_tie_for_the_highest_wins_nothing() -> None:
    state = play_round(dealt_external(3, [5, 5, 1, 2, 3, 4, 6, 6, 1]), [5, 5, 1])
    assert state.rounds == ((5, 5, 1),)
    assert [s.total for s in ENGINE.score(state).seats] == [0, 0, 0]


def test_the_game_ends_after_the_last_round() -> None:
    state = dealt_external(2, [6, 1, 5, 2, 4, 3])
    for cards in ([6, 1], [5, 2], [4, 3]):
        assert not ENGINE.score(state).final
        state = play_round(state, cards)
    assert len(state.rounds) == ROUNDS
    assert ENGINE.pending(state).kind == "game_over" and not ENGINE.legal_moves(state)
    sheet = ENGINE.score(state)
    assert sheet.final and sheet.winners == (0,) and [s.total for s in sheet.seats] == [3, 0]
