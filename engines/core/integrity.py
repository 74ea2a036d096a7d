"""The vocabulary of every game's state check (``engines/<game>/integrity.py``): a refusal names the
field at fault and says what the game allows, with the numbers."""

from __future__ import annotations

from typing import NoReturn

from engines.core.errors import StateInvalid


def require(condition: bool, message: str, field: str) -> None:
    """Refuse the state (``StateInvalid``) unless ``condition`` holds."""
    if not condition:
        raise StateInvalid(message, field)


def fail(message: str, field: str) -> NoReturn:
    """Refuse the state."""
    raise StateInvalid(message, field)


def at_most(count: int, limit: int, field: str, what: str) -> None:
    """Refuse a collection larger than the game's components allow (checked before anything walks it)."""
    require(count <= limit, f"{field} holds {count} {what}; the game allows at most {limit}.", field)
