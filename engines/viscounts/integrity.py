"""The state check (§12): a received state is refused, naming the field, unless it is one the rules can
reach. First the shape and ranges; the conservation laws follow in ``check_state``."""

from __future__ import annotations

from engines.core.errors import StateInvalid
from engines.viscounts.board import SEGMENTS, SPACES
from engines.viscounts.common import CONTENT
from engines.viscounts.setup import seats
from engines.viscounts.state import CAP, State


def _range(value: int, low: int, high: int, field: str) -> None:
    if not low <= value <= high:
        raise StateInvalid(f"{field} is {value}; it must be {low} to {high}.", field)


def check_state(s: State) -> None:
    """Raise ``StateInvalid`` for a malformed or impossible state."""
    n = seats(s.options.players)
    if len(s.players) != n:
        raise StateInvalid(f"{s.options.players} players sit at {n} seats, not {len(s.players)}.", "players")
    board = CONTENT.board
    for seat, p in enumerate(s.players):
        at = f"players[{seat}]"
        for field in ("silver", "ink", "gold", "stone", "debts", "paid", "deeds", "approved", "bank"):
            _range(getattr(p, field), 0, CAP, f"{at}.{field}")
        _range(p.workers, 0, board.workers, f"{at}.workers")
        _range(p.space, -1, SPACES - 1, f"{at}.space")
        _range(p.corruption, 1, board.track_length, f"{at}.corruption")
        _range(p.virtue, p.corruption, board.track_length, f"{at}.virtue")
        for card_id in (*p.hand, *p.draw, *p.discard, *(c for c in p.slots if c)):
            if card_id not in CONTENT.townsfolk:
                raise StateInvalid(f"{card_id!r} is not a townsfolk card.", f"{at}.hand")
    if len(s.folk_tops) != SEGMENTS or len(s.folk_left) != SEGMENTS:
        raise StateInvalid("There are five townsfolk piles.", "folk_tops")
    if len(s.ring) > SEGMENTS or len(set(s.ring)) != len(s.ring):
        raise StateInvalid("The ring holds up to five different segment sides.", "ring")
    for side in s.ring:
        if side not in CONTENT.segments:
            raise StateInvalid(f"{side!r} is not a segment side.", "ring")
