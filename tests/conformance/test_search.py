"""The searching bots never peek, for every registered game (and the test-only game): a state and its
hidden-only variants get the same suggestion for the same seed (issue #26).

A hidden-only variant is another redeal of the state from the seat's view (``Engine.redeal``): it differs
from the state in everything the seat cannot see (other hands, face-down cards, deck orders, secret
choices, the generator) and in nothing else. ``suggest`` is given the whole state, as the service is; if
anything but the seat's view reached the search, the variants would, over a game, get another answer.
"""

from __future__ import annotations

from typing import Any

import pytest

from engines.core.engine import CHANCE
from engines.core.rng import Rng
from engines.core.search import suggest
from tests.conformance.support import MAX_MOVES, Setup, setup_sample

#: Decisions looked at per game, spread over it.
LOOKS = 4
#: Playouts per search: enough to make the answer depend on what the search sees.
PLAYOUTS = 6
#: Hidden-only variants per decision.
VARIANTS = 2


def _decisions(setup: Setup) -> list[tuple[Any, int]]:
    """About ``LOOKS`` states of a random playout of ``setup`` with a person to decide, and that seat."""
    engine = setup.engine
    state = setup.new_game()
    rng = Rng.seeded(setup.bot_seed)
    seen: list[tuple[Any, int]] = []
    for _ in range(MAX_MOVES):
        legal = engine.legal_moves(state)
        if not legal:
            break
        if legal[0].seat != CHANCE:
            seen.append((state, legal[0].seat))
        index, rng = rng.below(len(legal))
        state = engine.apply(state, legal[index])
    step = max(1, len(seen) // LOOKS)
    return seen[::step][:LOOKS]


@pytest.mark.parametrize("setup", setup_sample(2), ids=lambda s: s.id)
def test_a_state_and_its_hidden_only_variants_get_the_same_suggestion(setup: Setup) -> None:
    engine = setup.engine
    for at, (state, seat) in enumerate(_decisions(setup)):
        found = suggest(engine, state, seat, PLAYOUTS, seed=at)
        assert not engine.validate(state, found.move), f"decision {at}: the suggestion is not legal"
        for k in range(VARIANTS):
            variant = engine.redeal(engine.view(state, seat), seat, Rng.seeded(31 * at + k))
            again = suggest(engine, variant, seat, PLAYOUTS, seed=at)
            assert again == found, f"decision {at}, variant {k}: the hidden part changed the suggestion"
