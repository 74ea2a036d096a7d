"""Citadels (2016 edition): all 27 characters, 84 district cards, 2 to 8 players.

Every rule function cites its rule ID (R-x.y, M-…, §n); docs/citadels.md explains the model.
"""

from engines.citadels.engine import ENGINE, GAME

__all__ = ["ENGINE", "GAME"]
