"""Walls of York: simultaneous wall building on identical 8×8 boards, 2–4 players.

Rules: ``shared/rules/walls-of-york.md``; functions cite its sections (§n) and invariants (I-n).
"""

from engines.walls_of_york.engine import ENGINE, WallsOfYorkEngine

__all__ = ["ENGINE", "WallsOfYorkEngine"]
