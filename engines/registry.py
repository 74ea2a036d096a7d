"""Every game the service knows, by game id."""

from __future__ import annotations

from typing import Any

from engines.citadels import ENGINE as CITADELS


def engines() -> dict[str, Any]:
    """Game id -> engine (see ``engines.core.engine.Engine``)."""
    return {CITADELS.info.game_id: CITADELS}


def get(game_id: str) -> Any:
    """The engine for ``game_id``; ``KeyError`` if the game is unknown."""
    return engines()[game_id]
