"""Random playouts: a driver for property tests, benchmarks and simple bots."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.core.rng import Rng


def random_playout(
    engine: Any,
    state: Any,
    rng: Rng,
    max_moves: int = 100_000,
    on_move: Callable[[Any, Any, Any], None] | None = None,
) -> tuple[Any, list[Any]]:
    """Play uniformly random legal moves (chance moves included) until the game is over.

    ``on_move(before, move, after)`` is called after every move (invariant checks hook in
    here). Returns the final state and the moves played. Raises ``RuntimeError`` when the
    game has not ended after ``max_moves`` moves, so a non-terminating game is reported.
    """
    moves: list[Any] = []
    while engine.pending(state).seats:
        if len(moves) >= max_moves:
            raise RuntimeError(f"game did not end within {max_moves} moves")
        legal = engine.legal_moves(state)
        if not legal:
            raise RuntimeError(f"no legal move while {engine.pending(state)} is pending")
        index, rng = rng.below(len(legal))
        move = legal[index]
        after = engine.apply(state, move)
        if on_move is not None:
            on_move(state, move, after)
        moves.append(move)
        state = after
    return state, moves
