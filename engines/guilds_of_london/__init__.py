"""Guilds of London: liverymen, guild majorities and a city that grows, 2–4 players.

Functions cite the rule IDs (R-..., §n) and rulings (A-nn) of the game's rules (docs/guilds_of_london.md).
"""

from engines.guilds_of_london.engine import ENGINE, GAME

__all__ = ["ENGINE", "GAME"]
