"""Buildings (§5.5, §6.9): the board's building slots, the spots on the main board, spot rewards and links,
and the free building of §6.2 ``build_free``."""

from __future__ import annotations

from msgspec.structs import replace

from engines.core.errors import Violation, violation
from engines.core.text import Message
from engines.viscounts import moves as mv
from engines.viscounts.board import links_of, reachable_spots, spot_table
from engines.viscounts.common import CONTENT, at, board_slots, push, set_player, swap_head
from engines.viscounts.content import BuildingSlot
from engines.viscounts.names import BUILDINGS, THAT, THAT_BUILDING, slot_words, spot_words
from engines.viscounts.state import EMPTY, BuildFree, Run, State

NOT_YOURS_TO_PLACE = {
    kind: Message(
        f"viscounts.refusal.not_yours_to_place_{kind}", f"{{slot}} is not a {name.english.lower()} of yours to place."
    )
    for kind, name in BUILDINGS.items()
}
NOT_YOURS_TO_PLACE_ANY = Message("viscounts.refusal.not_yours_to_place", "{slot} is not a building of yours to place.")
NOT_FREE_SPOT = Message("viscounts.refusal.not_free_spot", "{spot} is not a free spot.")
NOT_FREE_SPOT_NEAR = Message("viscounts.refusal.not_free_spot_near", "{spot} is not a free spot your viscount reaches.")


def slots_left(s: State, seat: int, building: str = "") -> list[BuildingSlot]:
    """The board slots still holding a building (of type ``building``; any type when empty), A-29, A-31."""
    p = s.players[seat]
    return [slot for slot in board_slots(p) if slot.id not in p.built and building in ("", slot.building)]


def building_cost(building: str) -> int:
    """§6.9: builder icons a building costs (Workshop 3, Trading Post 5, Guildhall 7, A-01)."""
    return next(t.cost for t in CONTENT.board.building_types if t.building == building)


def free_spots(s: State, candidates: tuple[int, ...] | range) -> list[int]:
    """The spots among ``candidates`` without a building."""
    return [i for i in candidates if s.spots[i] == EMPTY]


def owner_of(s: State, spot: int) -> int:
    """The seat whose building stands on ``spot`` (-1 when it is empty)."""
    return int(s.spots[spot].split(":")[0]) if s.spots[spot] != EMPTY else -1


def construct(s: State, seat: int, slot_id: str, spot: int) -> State:
    """§5.5 effects 2–4: the building moves from its slot to the spot (revealing the slot's ability); the
    builder gains the spot's reward, then each link to an occupied neighbour pays both owners (the builder
    first; an owner of both ends once)."""
    p = s.players[seat]
    s = set_player(s, seat, built=(*p.built, slot_id))
    s = replace(s, spots=at(s.spots, spot, f"{seat}:{slot_id}"))
    _, target = spot_table(s.ring)[spot]
    steps = [Run(seat, (target.reward,), f"spot {target.id}")]
    for other, link in links_of(s.ring, spot):
        neighbour = owner_of(s, other)
        if neighbour < 0:
            continue
        source = f"link {link.a}-{link.b}"
        steps.append(Run(seat, (link.effect,), source))
        if neighbour != seat:
            steps.append(Run(neighbour, (link.effect,), source))
    return push(s, *steps)


# ---- the free building (§6.2 build_free, A-31, A-37) -------------------------------------------------------


def free_build_spots(s: State, step: BuildFree) -> list[int]:
    """Any free spot, or (``near``) a free spot the viscount's space reaches."""
    if step.near:
        return free_spots(s, reachable_spots(s.ring, s.players[step.seat].space))
    return free_spots(s, range(len(s.spots)))


def free_build_options(s: State, step: BuildFree) -> list[mv.PlaceBuilding]:
    """§6.2 ``build_free`` (A-31): every remaining slot of the type onto every spot the effect allows."""
    spots = free_build_spots(s, step)
    return [mv.PlaceBuilding(slot.id, spot) for slot in slots_left(s, step.seat, step.building) for spot in spots]


def check_free_build(s: State, step: BuildFree, a: mv.PlaceBuilding) -> list[Violation]:
    """§6.2 ``build_free`` (A-31): the slot still holds a building of the type the effect names; the spot
    is free (and reachable)."""
    if a.slot not in {slot.id for slot in slots_left(s, step.seat, step.building)}:
        slot = slot_words(a.slot)
        named = THAT() if slot.id == THAT_BUILDING.id else slot
        message = (NOT_YOURS_TO_PLACE[step.building] if step.building else NOT_YOURS_TO_PLACE_ANY)(slot=named)
        return violation("VISCOUNTS_NO_SUCH_BUILDING", message, "action.slot")
    if a.spot not in free_build_spots(s, step):
        where = NOT_FREE_SPOT_NEAR if step.near else NOT_FREE_SPOT
        return violation("VISCOUNTS_SPOT_TAKEN", where(spot=spot_words(s, a.spot)), "action.spot")
    return []


def apply_free_build(s: State, step: BuildFree, a: mv.PlaceBuilding) -> State:
    """§6.2 ``build_free``: the building is constructed for nothing, with the spot, links and slot of §5.5."""
    return construct(swap_head(s), step.seat, a.slot, a.spot)
