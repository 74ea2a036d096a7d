"""Citadels (2016 edition): all 27 characters, 84 district cards, 2 to 8 players.

Rules: ``shared/rules/citadels.md``; every rule function cites its rule ID (R-x.y, M-…, §n).
"""

from engines.citadels.engine import ENGINE, CitadelsEngine

__all__ = ["ENGINE", "CitadelsEngine"]
