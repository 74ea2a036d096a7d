"""Walls of York: simultaneous wall building on identical 8×8 boards, 2–4 players.

Functions cite the rule sections (§n) and invariants (I-n) of the game's rules (docs/walls_of_york.md).
"""

from engines.walls_of_york.engine import ENGINE, GAME

__all__ = ["ENGINE", "GAME"]
