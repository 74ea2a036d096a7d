"""The virtue/corruption track (§4.4), debts and deeds (§4.5) and resources (§6.2 ``any_resource``).

Each function changes one player's holdings and returns the new state; the abilities a change
triggers (``on_gain_debt``, ``on_flip_debt``) are returned by ``effects`` which calls these.
"""

from __future__ import annotations

from msgspec.structs import replace

from engines.core.errors import Violation, violation
from engines.core.text import Message
from engines.viscounts import moves as mv
from engines.viscounts.common import CONTENT, RESOURCES, gain, set_player
from engines.viscounts.state import ChooseFlip, ChooseResource, State

SILVER_NOT_RESOURCE = Message(
    "viscounts.refusal.silver_not_resource", "Silver is not a resource: take ink, gold or stone."
)
NOT_RESOURCE = Message("viscounts.refusal.not_resource", "That is not a resource: take ink, gold or stone.")
NO_UNPAID_DEBT = Message("viscounts.refusal.no_unpaid_debt", "You have no unpaid debt to flip.")
NO_ACQUIRED_DEED = Message("viscounts.refusal.no_acquired_deed", "You have no acquired deed to flip.")

# ---- the track (§4.4) ---------------------------------------------------------------------------------


def corruption_step(c: int, v: int) -> tuple[int, int]:
    """§4.4 gain_corruption: the corruption marker moves right; collided markers move together; the end of
    the track stops them."""
    if c == v:
        return (c + 1, v + 1) if c < CONTENT.board.track_length else (c, v)
    return c + 1, v


def virtue_step(c: int, v: int) -> tuple[int, int]:
    """§4.4 gain_virtue: the virtue marker moves left; collided markers move together."""
    if c == v:
        return (c - 1, v - 1) if v > 1 else (c, v)
    return c, v - 1


def gain_corruption(s: State, seat: int, n: int) -> State:
    """§4.4: ``n`` single corruption steps."""
    p = s.players[seat]
    c, v = p.corruption, p.virtue
    for _ in range(n):
        c, v = corruption_step(c, v)
    return set_player(s, seat, corruption=c, virtue=v)


def gain_virtue(s: State, seat: int, n: int) -> State:
    """§4.4: ``n`` single virtue steps."""
    p = s.players[seat]
    c, v = p.corruption, p.virtue
    for _ in range(n):
        c, v = virtue_step(c, v)
    return set_player(s, seat, corruption=c, virtue=v)


def reset_track(s: State, seat: int) -> State:
    """§4.7 phase 5 step 5: the markers go back to their starting spaces."""
    board = CONTENT.board
    return set_player(s, seat, corruption=board.corruption_start, virtue=board.virtue_start)


# ---- debts and deeds (§4.5) -----------------------------------------------------------------------------


def take_debt(s: State, seat: int) -> State:
    """§4.5 Gain a debt: from the stack above the Poverty card; taking the last reveals it (the end, §4.9)."""
    s = gain(s, seat, debts=1)
    if s.debts_left > 0:
        s = replace(s, debts_left=s.debts_left - 1)
        if s.debts_left == 0 and not s.poverty:
            s = replace(s, poverty=s.round)
    return s


def take_deed(s: State, seat: int) -> State:
    """§4.5 Gain a deed: from the stack above the Prosperity card; taking the last reveals it."""
    s = gain(s, seat, deeds=1)
    if s.deeds_left > 0:
        s = replace(s, deeds_left=s.deeds_left - 1)
        if s.deeds_left == 0 and not s.prosperity:
            s = replace(s, prosperity=s.round)
    return s


def flip_deed(s: State, seat: int) -> State:
    """§4.5 Flip a deed: acquired → approved (no immediate gain). The caller checks one is there."""
    p = s.players[seat]
    return set_player(s, seat, deeds=p.deeds - 1, approved=p.approved + 1)


def flip_debt(s: State, seat: int) -> State:
    """§4.5 Flip a debt: unpaid → paid (the "any 1 resource" reward is the caller's next step)."""
    p = s.players[seat]
    return set_player(s, seat, debts=p.debts - 1, paid=p.paid + 1)


def flippable(s: State, seat: int) -> tuple[str, ...]:
    """What ``seat`` can flip: ``"debt"`` with an unpaid debt, ``"deed"`` with an acquired deed."""
    p = s.players[seat]
    return tuple(kind for kind, n in (("debt", p.debts), ("deed", p.deeds)) if n > 0)


# ---- decisions: which resource, which flip ----------------------------------------------------------------


def resource_options(s: State, step: ChooseResource) -> list[mv.Take]:
    """§6.2 ``any_resource``: ink, gold or stone (never silver)."""
    return [mv.Take(r) for r in RESOURCES]


def check_resource(s: State, step: ChooseResource, a: mv.Take) -> list[Violation]:
    """§0.2: a resource is ink, gold or stone (never silver)."""
    if a.resource in RESOURCES:
        return []
    what = SILVER_NOT_RESOURCE if a.resource == "silver" else NOT_RESOURCE
    return violation("VISCOUNTS_NOT_A_RESOURCE", what(), "action.resource")


def take_resource(s: State, seat: int, resource: str) -> State:
    """One unit of ``resource`` for ``seat``."""
    return gain(s, seat, **{resource: 1})


def flip_options(s: State, step: ChooseFlip) -> list[mv.Flip]:
    """§4.5 "flip a debt or a deed": each kind the player holds unflipped."""
    return [mv.Flip(kind) for kind in flippable(s, step.seat)]  # type: ignore[arg-type]


def check_flip(s: State, step: ChooseFlip, a: mv.Flip) -> list[Violation]:
    """§4.5: a flip needs an unflipped card of the chosen kind."""
    if a.what in flippable(s, step.seat):
        return []
    held = NO_UNPAID_DEBT if a.what == "debt" else NO_ACQUIRED_DEED
    return violation("VISCOUNTS_NOTHING_TO_FLIP", held(), "action.what")
