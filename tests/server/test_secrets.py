"""LegalMoves and Score for a seat carry nothing of another seat's secrets (through the API).

Two states that differ only in what seat S cannot see (another hand's card swapped with a deck
card) must give S the same LegalMoves and the same provisional Score.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from msgspec.structs import replace
from rulesengine.v1 import common_pb2, service_pb2

from engines.core.playout import random_playout
from engines.core.rng import Rng
from server.binding import GameBinding


def _hide_differently(state: Any, seat: int, rnd: random.Random) -> Any | None:
    """``state`` with a card of another seat's hand swapped for a deck card, or None if impossible."""
    others = [o for o, p in enumerate(state.players) if o != seat and p.hand]
    if not others or not state.deck:
        return None
    other = rnd.choice(others)
    hand, deck = list(state.players[other].hand), list(state.deck)
    i, j = rnd.randrange(len(hand)), rnd.randrange(len(deck))
    hand[i], deck[j] = deck[j], hand[i]
    players = list(state.players)
    players[other] = replace(players[other], hand=tuple(hand))
    return replace(state, players=tuple(players), deck=tuple(sorted(deck)))


@settings(
    max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(players=st.integers(2, 8), seed=st.integers(0, 2**32 - 1))
def test_a_seat_learns_nothing_hidden_from_legal_moves_or_score(
    stub: Any, engine: Any, players: int, seed: int
) -> None:
    binding = GameBinding(engine)
    rnd = random.Random(seed)
    visited: list[Any] = []
    start = engine.new_game(engine.make_options(players, {}), seed)
    random_playout(engine, start, Rng.seeded(seed), on_move=lambda before, move, after: visited.append(after))
    compared = 0
    for state in rnd.sample(visited, min(12, len(visited))):
        pending = engine.pending(state).seats
        if not pending or pending[0] < 0:
            continue
        seat = pending[0]
        other = _hide_differently(state, seat, rnd)
        if other is None or engine.view(other, seat) != engine.view(state, seat):
            continue  # the swap touched something the seat can see (e.g. a hand the Wizard looks at)
        answers = []
        for candidate in (state, other):
            message = binding.state_to_proto(candidate)
            moves = stub.LegalMoves(service_pb2.LegalMovesRequest(state=message, seat=seat))
            viewer = common_pb2.Viewer(seat=seat)
            score = stub.Score(service_pb2.ScoreRequest(state=message, viewer=viewer)).score
            answers.append((list(moves.moves), moves.pending, score))
        assert answers[0] == answers[1]
        compared += 1
    assert compared or len(visited) < 12
