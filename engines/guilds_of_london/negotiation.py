"""The negotiation (R-RES-5..7, R-PLANT-1), shared by the tiles and the plantation.

In the order of the moment the negotiation starts (R-ORDER-4), each player has one opportunity: they
swap liverymen here for their own neutral pawns one at a time (one decision each), or stop. A player
with no neutral pawn, or nothing they may swap, is skipped without a decision. Swapped liverymen go
back to the Guildhall (R-RES-6); the pawns used leave before the vote (R-RES-12, A-09).
"""

from __future__ import annotations

from msgspec.structs import replace

from engines.core.errors import Violation, violation
from engines.core.text import Message, Text
from engines.guilds_of_london import moves as mv
from engines.guilds_of_london.common import bump, set_player, set_tile
from engines.guilds_of_london.deck import pop
from engines.guilds_of_london.state import Negotiate, State


def _here(s: State, step: Negotiate) -> tuple[int, ...]:
    """The liverymen per seat where the negotiation takes place: the scanned tile or the plantation."""
    if step.plantation:
        return s.plantation
    return s.city[s.scan].liverymen


def swap_targets(s: State, step: Negotiate) -> list[int]:
    """R-RES-7, A-08: the seats with a liveryman here that ``step.seat`` may swap (their own colour only
    with ``negotiation_own_colour``); the beadle and neutral pawns never."""
    own = s.options.negotiation_own_colour
    return [seat for seat, n in enumerate(_here(s, step)) if n > 0 and (own or seat != step.seat)]


def swap_options(s: State, step: Negotiate) -> list[mv.Swap]:
    """R-RES-5: a swap of each seat's liveryman here. The player holds a neutral pawn: a negotiation
    without one ends by itself (``settle_negotiation``) before anyone is asked."""
    return [mv.Swap(seat) for seat in swap_targets(s, step)]


CANNOT_SWAP = Message(
    "guilds_of_london.refusal.cannot_swap", "You cannot swap a liveryman of seat {seat} here: {reason}."
)
NO_SUCH_SEAT = Message("guilds_of_london.refusal.cannot_swap.no_seat", "there are seats 0 to {last}")
OWN_COLOUR = Message(
    "guilds_of_london.refusal.cannot_swap.own_colour",
    "your own colour may not be swapped (negotiation_own_colour is off)",
)
SEAT_HAS = Message(
    "guilds_of_london.refusal.cannot_swap.seat_has",
    "seat {seat} has {n} liveryman here",
    "seat {seat} has {n} liverymen here",
)


def check_swap(s: State, step: Negotiate, a: mv.Swap) -> list[Violation]:
    """R-RES-5: one of your own neutral pawns (there is one, see ``swap_options``) for one liveryman here
    (A-08 for your own colour)."""
    if a.seat in swap_targets(s, step):
        return []
    here = _here(s, step)
    reason: Text
    if not 0 <= a.seat < len(here):
        reason = NO_SUCH_SEAT(last=len(here) - 1)
    elif a.seat == step.seat and here[a.seat]:
        reason = OWN_COLOUR()
    else:
        reason = SEAT_HAS(seat=a.seat, n=here[a.seat])
    message = CANNOT_SWAP(seat=a.seat, reason=reason)
    return violation("GUILDS_OF_LONDON_NOTHING_TO_SWAP", message, "action.seat")


def apply_swap(s: State, step: Negotiate, a: mv.Swap) -> State:
    """R-RES-6: the liveryman goes back to the Guildhall, the neutral pawn takes its place."""
    s = set_player(s, step.seat, neutral=s.players[step.seat].neutral - 1)
    s = replace(s, guildhall=bump(s.guildhall, a.seat, 1))
    if step.plantation:
        return replace(s, plantation=bump(s.plantation, a.seat, -1), plantation_neutral=s.plantation_neutral + 1)
    placed = s.city[s.scan]
    return set_tile(s, s.scan, liverymen=bump(placed.liverymen, a.seat, -1), neutral=placed.neutral + 1)


def settle_negotiation(s: State, step: Negotiate) -> State | None:
    """A player with no neutral pawn, or nothing to swap, has no decision to make."""
    if s.players[step.seat].neutral <= 0 or not swap_targets(s, step):
        return pop(s)
    return None


def neutrals_back(s: State, count: int) -> State:
    """R-RES-12, A-09: neutral pawns used go back to the pool (or leave the game: ``neutral_return``)."""
    if s.options.neutral_return == "removed":
        return replace(s, neutral_removed=s.neutral_removed + count)
    return replace(s, neutral_pool=s.neutral_pool + count)
