"""The one way the engine tests start a game: ``new_state(ENGINE, players, seed, **overrides)``.

A game's own builders that do more (a decree applied, a round dealt, a table laid out) start from it.
"""

from __future__ import annotations

from typing import Any, TypeVar

from engines.core.engine import Engine

S = TypeVar("S")


def new_state(engine: Engine[S, Any, Any], players: int, seed: int | None = None, **overrides: Any) -> S:
    """A new game of ``engine`` for ``players`` with the named option overrides (``make_options``; the
    others keep their defaults). ``seed=None`` selects external chance (the CHANCE seat decides every
    shuffle, draw and roll); a seed, the engine's own generator."""
    return engine.new_game(engine.make_options(players, overrides), seed)
