"""Every game the service knows, by game id.

A game is registered by adding its engine here (see docs/adding-a-game.md). Each engine is a
``TableEngine`` over the game's ``Game`` object, and the annotation below makes mypy check that it
speaks the ``Engine`` protocol the server uses; each game's own module annotates
``ENGINE: TableEngine[State, Options] = TableEngine(GAME)``, which makes mypy check the game object
against the ``Game`` protocol.

Engines are imported on first use, so a content directory configured at start-up
(``RULES_ENGINE_CONTENT_DIR``, see ``engines.core.content``) is in force when they load.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engines.core.engine import Engine

AnyEngine = Engine[Any, Any, Any]


@cache
def engines() -> dict[str, AnyEngine]:
    """Game id -> engine."""
    from engines.citadels import ENGINE as CITADELS
    from engines.guilds_of_london.engine import ENGINE as GUILDS_OF_LONDON
    from engines.viscounts.engine import ENGINE as VISCOUNTS
    from engines.walled_city.engine import ENGINE as WALLED_CITY
    from engines.walls_of_york import ENGINE as WALLS_OF_YORK

    registered: tuple[AnyEngine, ...] = (CITADELS, WALLS_OF_YORK, WALLED_CITY, GUILDS_OF_LONDON, VISCOUNTS)
    return {engine.info.game_id: engine for engine in registered}


def get(game_id: str) -> AnyEngine:
    """The engine for ``game_id``; ``KeyError`` if the game is unknown."""
    return engines()[game_id]
