"""Every game the service knows, by game id.

Engines are imported on first use, so a content directory configured at start-up
(``RULES_ENGINE_CONTENT_DIR``, see ``engines.core.content``) is in force when they load.
"""

from __future__ import annotations

from functools import cache
from typing import Any


@cache
def engines() -> dict[str, Any]:
    """Game id -> engine (see ``engines.core.engine.Engine``)."""
    from engines.citadels import ENGINE as CITADELS
    from engines.walled_city.engine import ENGINE as WALLED_CITY
    from engines.walls_of_york import ENGINE as WALLS_OF_YORK

    return {engine.info.game_id: engine for engine in (CITADELS, WALLS_OF_YORK, WALLED_CITY)}


def get(game_id: str) -> Any:
    """The engine for ``game_id``; ``KeyError`` if the game is unknown."""
    return engines()[game_id]
