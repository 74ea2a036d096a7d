"""What every game shares: the engine protocol, the PRNG, violations, score sheets, content."""

from engines.core.engine import CHANCE, Engine, Pending
from engines.core.errors import IllegalMove, NotImplementedRule, StateInvalid, Violation
from engines.core.rng import Rng
from engines.core.scoring import ScoreEntry, ScoreSheet, SeatScore

__all__ = [
    "CHANCE",
    "Engine",
    "IllegalMove",
    "NotImplementedRule",
    "Pending",
    "Rng",
    "ScoreEntry",
    "ScoreSheet",
    "SeatScore",
    "StateInvalid",
    "Violation",
]
