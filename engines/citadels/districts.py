"""Activated unique-district effects (§5.4, §7): Smithy, Laboratory, Museum, Armory."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from engines.citadels import moves as mv
from engines.citadels.common import (
    city_targets,
    completed,
    destroy,
    distinct,
    find,
    gain_gold,
    has,
    nth,
    pay_gold,
    set_player,
    to_bottom,
)
from engines.citadels.deck import draw
from engines.citadels.naming import (
    CITY_COMPLETED,
    NO_SUCH_SEAT,
    NOT_IN_SEATS_CITY,
    NOT_IN_YOUR_HAND,
    copy_name,
    thing,
)
from engines.citadels.state import Built, State
from engines.core.errors import Violation, violation
from engines.core.items import remove_one
from engines.core.text import Message

NO_DISTRICT = Message("citadels.refusal.no_district", "You have no {district} in your city.")
DISTRICT_USED = Message("citadels.refusal.district_used", "The {district} was already used this turn.")
SMITHY_GOLD = Message("citadels.refusal.smithy_gold", "The Smithy costs 2 gold; you have {gold}.")
ARMORY_ITSELF = Message("citadels.refusal.armory_itself", "The Armory destroys another district, not itself.")
ARMORY_COMPLETED = Message(
    "citadels.refusal.armory_completed", "Your Armory stands in a completed city and cannot be destroyed."
)


def _seat(s: State) -> int:
    assert s.turn is not None
    return s.turn.seat


def _needs(s: State, card: str, key: str | None) -> list[Violation]:
    turn = s.turn
    assert turn is not None
    if not has(s.players[turn.seat], card):
        return violation("CITADELS_NO_DISTRICT_EFFECT", NO_DISTRICT(district=thing(card)), "action")
    if key is not None and key in turn.used:
        return violation("CITADELS_ABILITY_USED", DISTRICT_USED(district=thing(card)), "action")
    return []


def _use(s: State, key: str) -> State:
    assert s.turn is not None
    return replace(s, turn=replace(s.turn, used=(*s.turn.used, key)))


def check_smithy(s: State, a: mv.Smithy) -> list[Violation]:
    """§7 #25 Smithy (M-SMITHY): once per turn, pay 2 gold, gain 3 cards."""
    if v := _needs(s, "smithy", "smithy"):
        return v
    gold = s.players[_seat(s)].gold
    if gold < 2:
        return violation("CITADELS_NOT_ENOUGH_GOLD", SMITHY_GOLD(gold=gold), "action")
    return []


def apply_smithy(s: State, a: mv.Smithy) -> State:
    """§7 #25 Smithy: pay 2 gold to the bank, gain 3 cards."""
    return draw(pay_gold(_use(s, "smithy"), _seat(s), 2), _seat(s), 3)


def check_laboratory(s: State, a: mv.Laboratory) -> list[Violation]:
    """§7 #13 Laboratory (M-LABORATORY): once per turn, discard a card, gain 2 gold."""
    if v := _needs(s, "laboratory", "laboratory"):
        return v
    if a.card not in s.players[_seat(s)].hand:
        return violation("CITADELS_CARD_NOT_IN_HAND", NOT_IN_YOUR_HAND(card=thing(a.card)), "action.card")
    return []


def apply_laboratory(s: State, a: mv.Laboratory) -> State:
    """§7 #13 Laboratory: the card goes under the deck; 2 gold from the bank."""
    seat = _seat(s)
    s = set_player(_use(s, "laboratory"), seat, hand=remove_one(s.players[seat].hand, a.card))
    return gain_gold(to_bottom(s, (a.card,)), seat, 2)


def check_museum(s: State, a: mv.Museum) -> list[Violation]:
    """§7 #17 Museum (M-MUSEUM): once per turn, a card from hand face down under the Museum."""
    if v := _needs(s, "museum", "museum"):
        return v
    if a.card not in s.players[_seat(s)].hand:
        return violation("CITADELS_CARD_NOT_IN_HAND", NOT_IN_YOUR_HAND(card=thing(a.card)), "action.card")
    return []


def apply_museum(s: State, a: mv.Museum) -> State:
    """§7 #17 Museum: the card leaves the hand for a place under the Museum (1 point each at the end)."""
    seat = _seat(s)
    p = s.players[seat]
    i = find(p, "museum")
    museum: Built = p.city[i]
    city = (*p.city[:i], replace(museum, museum=(*museum.museum, a.card)), *p.city[i + 1 :])
    return set_player(_use(s, "museum"), seat, hand=remove_one(p.hand, a.card), city=city)


def armory_candidates(s: State) -> list[mv.Armory]:
    """§7 #1 Armory (M-ARMORY): every district of every city, the owner's own included."""
    return [mv.Armory(t, c, k) for t in range(len(s.players)) for c, k in city_targets(s.players[t])]


def check_armory(s: State, a: mv.Armory) -> list[Violation]:
    """M-ARMORY (§7 #1, §11 C1): not into a completed city; not the Armory itself."""
    seat = _seat(s)
    if v := _needs(s, "armory", None):
        return v
    if not 0 <= a.target < len(s.players):
        return violation("CITADELS_NO_SUCH_SEAT", NO_SUCH_SEAT(seat=a.target), "action.target")
    index = nth(s.players[a.target], a.district, a.copy)
    if a.target == seat and a.district == "armory":
        return violation("CITADELS_BAD_TARGET", ARMORY_ITSELF(), "action.district")
    if index < 0:
        return violation(
            "CITADELS_NO_SUCH_DISTRICT",
            NOT_IN_SEATS_CITY(district=copy_name(a.district, a.copy), seat=a.target),
            "action.district",
        )
    if completed(s, a.target):
        return violation("CITADELS_PROTECTED", CITY_COMPLETED(seat=a.target), "action.target")
    if completed(s, seat) and not s.options.armory_self_in_completed_city:
        return violation("CITADELS_PROTECTED", ARMORY_COMPLETED(), "action")
    return []


def apply_armory(s: State, a: mv.Armory) -> State:
    """§7 #1 Armory: destroy the Armory and the target district (both go under the deck)."""
    seat = _seat(s)
    s = destroy(s, seat, find(s.players[seat], "armory"))
    return destroy(s, a.target, nth(s.players[a.target], a.district, a.copy))


DISTRICT_EFFECTS: dict[str, tuple[Any, Any, Any]] = {
    "smithy": (check_smithy, apply_smithy, lambda s: [mv.Smithy()]),
    "laboratory": (
        check_laboratory,
        apply_laboratory,
        lambda s: [mv.Laboratory(c) for c in distinct(s.players[_seat(s)].hand)],
    ),
    "museum": (check_museum, apply_museum, lambda s: [mv.Museum(c) for c in distinct(s.players[_seat(s)].hand)]),
    "armory": (check_armory, apply_armory, armory_candidates),
}
