"""Guilds of London's redeal (engines/guilds_of_london/redeal.py): what it deals, and from what."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engines.core.rng import Rng
from engines.guilds_of_london.engine import ENGINE
from engines.guilds_of_london.integrity import ACTION_CARDS
from engines.guilds_of_london.state import State


def _during_setup_keep(players: int, seed: int) -> State:
    """A seeded game played by its first legal moves until some player has chosen a secret keep."""
    state: Any = ENGINE.new_game(ENGINE.make_options(players, {}), seed)
    for _ in range(200):
        if any(p.lm_choice for p in state.players):
            return state  # type: ignore[no-any-return]
        state = ENGINE.apply(state, ENGINE.legal_moves(state)[0])
    raise AssertionError("nobody chose a keep")


def _played(players: int, seed: int, moves: int) -> State:
    state: Any = ENGINE.new_game(ENGINE.make_options(players, {}), seed)
    rng = Rng.seeded(seed)
    for _ in range(moves):
        legal = ENGINE.legal_moves(state)
        if not legal:
            break
        index, rng = rng.below(len(legal))
        state = ENGINE.apply(state, legal[index])
    return state  # type: ignore[no-any-return]


def test_other_hands_are_dealt_only_cards_the_seat_cannot_see() -> None:
    state = _played(4, 3, 120)
    seen = Counter([*state.players[0].hand, *state.discard, *state.in_play])
    for k in range(6):
        dealt = ENGINE.redeal(ENGINE.view(state, 0), 0, Rng.seeded(k))
        hidden = Counter([*dealt.deck, *(c for p in dealt.players[1:] for c in p.hand)])
        assert hidden == ACTION_CARDS - seen
        assert [len(p.hand) for p in dealt.players] == [len(p.hand) for p in state.players]
        assert dealt.players[0] == state.players[0]


def test_a_secret_keep_is_chosen_from_its_players_own_offer() -> None:
    state = _during_setup_keep(3, 5)
    keeper = next(k for k, p in enumerate(state.players) if p.lm_choice)
    seat = (keeper + 1) % 3
    for k in range(8):
        p = ENGINE.redeal(ENGINE.view(state, seat), seat, Rng.seeded(k)).players[keeper]
        assert len(p.lm_choice) == len(state.players[keeper].lm_choice)
        assert not Counter(p.lm_choice) - Counter(p.lm_offer)


def test_the_tile_supply_and_the_token_bag_are_what_the_view_leaves() -> None:
    state = _played(2, 8, 90)
    dealt = ENGINE.redeal(ENGINE.view(state, 1), 1, Rng.seeded(0))
    assert sorted(dealt.tile_supply) == sorted(state.tile_supply)
    assert sorted(dealt.token_bag) == sorted(state.token_bag)
