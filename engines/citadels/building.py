"""Building (§5.3): preconditions, payment forms, the Magistrate window, the Tax Collector tax."""

from __future__ import annotations

from msgspec.structs import replace

from engines.citadels.common import (
    character,
    check_completion,
    destroy,
    district,
    find,
    gain_gold,
    give_gold,
    has,
    nth,
    pay_gold,
    set_player,
)
from engines.citadels.content import CONTENT
from engines.citadels.deck import push
from engines.citadels.naming import (
    ALREADY_IN_YOUR_CITY,
    NOT_GATHERED_BUILD,
    NOT_IN_YOUR_CITY,
    ONLY_CARDINAL,
    copy_name,
    thing,
)
from engines.citadels.state import Built, Confiscate, GiveCards, PendingBuild, State, Turn
from engines.core.errors import Violation, violation
from engines.core.items import remove_one
from engines.core.text import Message

NOT_IN_THE_HAND = Message("citadels.refusal.not_in_the_hand", "{card} is not in the hand.")
NAVIGATOR_CANNOT_BUILD = Message("citadels.refusal.navigator_cannot_build", "The Navigator cannot build this turn.")
BUILD_LIMIT = Message(
    "citadels.refusal.build_limit", "The building limit is {limit} this turn and {builds} already counted."
)
NEVER_BUILT = Message("citadels.refusal.never_built", "{card} can never be built.")
MONUMENT_TOO_LATE = Message(
    "citadels.refusal.monument_too_late", "The Monument cannot be built into a city of {size} districts (5 or more)."
)
ONLY_NECROPOLIS_DESTROYS = Message(
    "citadels.refusal.only_necropolis_destroys", "Only the Necropolis destroys a district as payment."
)
LOAN_GOLD_ONLY = Message("citadels.refusal.loan_gold_only", "A Cardinal loan pays gold only.")
BUILD_GOLD = Message("citadels.refusal.build_gold", "{card} costs {cost} gold; you have {gold}.")
ONLY_DEN_CARDS = Message("citadels.refusal.only_den_cards", "Only the Thieves' Den is paid with cards.")
DEN_GOLD = Message(
    "citadels.refusal.den_gold", "Thieves' Den costs {cost}; you have {gold} gold and {spare} other cards."
)
FRAMEWORK_NEEDED = Message(
    "citadels.refusal.framework_needed", "Building by destroying the Framework needs a Framework in your city."
)
ONLY_NECROPOLIS = Message("citadels.refusal.only_necropolis", "Only the Necropolis is paid by destroying a district.")
UNKNOWN_METHOD = Message("citadels.refusal.unknown_method", "Unknown payment method {method}.")
CARDINAL_BORROWED = Message("citadels.refusal.cardinal_borrowed", "The Cardinal already borrowed this turn.")
CANNOT_LEND = Message("citadels.refusal.cannot_lend", "Seat {seat} cannot lend to you.")
NO_LOAN_NEEDED = Message("citadels.refusal.no_loan_needed", "{card} costs {cost}; you have {gold}: no loan needed.")
LENDER_GOLD = Message("citadels.refusal.lender_gold", "Seat {seat} has {gold} gold; you need {need}.")
LOAN_CARDS = Message(
    "citadels.refusal.loan_cards", "Borrowing {loan} gold costs {loan} cards; you have {spare} other cards."
)


def price(s: State, seat: int, card: str) -> int:
    """``price(card)``: printed cost, 1 less for another unique district with the Factory."""
    d = district(card)
    base = d.cost or 0
    if d.type == "unique" and card != "factory" and has(s.players[seat], "factory"):
        return max(0, base - 1)
    return base


def counts_toward_limit(turn: Turn, card: str, wizard: bool) -> bool:
    """Stables, the Trader's trade districts and the Wizard's immediate build do not count."""
    if wizard or card == "stables":
        return False
    return not (turn.character == "trader" and district(card).type == "trade")


def build_limit(turn: Turn) -> int:
    """Building limit of the effective character (1; Architect 3; Seer, Scholar 2; Navigator 0)."""
    return character(turn.character).build_limit


#: The district a Necropolis payment destroys: its card id and which copy of that name (``("", 0)``: none).
Sacrifice = tuple[str, int]


def check_build(
    s: State,
    seat: int,
    card: str,
    method: str,
    sacrifice: Sacrifice,
    lender: int,
    source: tuple[str, ...],
    wizard: bool,
) -> list[Violation]:
    """All M-BUILD preconditions (§5.3 1–7) except the turn gates, which the turn checks."""
    turn = s.turn
    assert turn is not None
    p = s.players[seat]
    if card not in source:
        return violation("CITADELS_CARD_NOT_IN_HAND", NOT_IN_THE_HAND(card=thing(card)), "action.card")
    if not turn.gathered and s.options.build_requires_gather:
        return violation("CITADELS_NOT_GATHERED", NOT_GATHERED_BUILD(), "action")
    if turn.character == "navigator":
        return violation("CITADELS_NAVIGATOR_CANNOT_BUILD", NAVIGATOR_CANNOT_BUILD(), "action")
    if counts_toward_limit(turn, card, wizard) and turn.builds >= build_limit(turn):
        return violation(
            "CITADELS_BUILD_LIMIT",
            BUILD_LIMIT(limit=build_limit(turn), builds=turn.builds),
            "action.card",
        )
    if has(p, card) and not has(p, "quarry") and not turn.wizard_duplicates:
        return violation("CITADELS_DUPLICATE_DISTRICT", ALREADY_IN_YOUR_CITY(district=thing(card)), "action.card")
    if not district(card).buildable:
        return violation("CITADELS_UNBUILDABLE", NEVER_BUILT(card=thing(card)), "action.card")
    if card == "monument" and len(p.city) >= 5:
        return violation(
            "CITADELS_MONUMENT_TOO_LATE",
            MONUMENT_TOO_LATE(size=len(p.city)),
            "action.card",
        )
    return check_payment(s, seat, card, method, sacrifice, lender, wizard)


def check_payment(
    s: State, seat: int, card: str, method: str, sacrifice: Sacrifice, lender: int, wizard: bool
) -> list[Violation]:
    """Payment feasibility (§5.3 7) for each payment form."""
    p = s.players[seat]
    cost = price(s, seat, card)
    spare = len(p.hand) - (0 if wizard else 1)
    destroy_card, destroy_copy = sacrifice
    if method != "necropolis" and (destroy_card or destroy_copy):
        return violation("CITADELS_BAD_PAYMENT", ONLY_NECROPOLIS_DESTROYS(), "action.destroy")
    if method != "gold" and lender != -1:
        return violation("CITADELS_BAD_PAYMENT", LOAN_GOLD_ONLY(), "action.lender")
    if method == "gold":
        if lender == -1:
            if p.gold < cost:
                return violation(
                    "CITADELS_NOT_ENOUGH_GOLD", BUILD_GOLD(card=thing(card), cost=cost, gold=p.gold), "action.card"
                )
            return []
        return check_cardinal_loan(s, seat, card, cost, lender, spare)
    if method == "thieves_den":
        if card != "thieves_den":
            return violation("CITADELS_BAD_PAYMENT", ONLY_DEN_CARDS(), "action.method")
        if p.gold + spare < cost:
            return violation(
                "CITADELS_NOT_ENOUGH_GOLD",
                DEN_GOLD(cost=cost, gold=p.gold, spare=spare),
                "action.method",
            )
        return []
    if method == "framework":
        if not has(p, "framework") or card == "framework":
            return violation("CITADELS_BAD_PAYMENT", FRAMEWORK_NEEDED(), "action")
        return []
    if method == "necropolis":
        if card != "necropolis":
            return violation("CITADELS_BAD_PAYMENT", ONLY_NECROPOLIS(), "action")
        if nth(p, destroy_card, destroy_copy) < 0:
            return violation(
                "CITADELS_NO_SUCH_DISTRICT",
                NOT_IN_YOUR_CITY(district=copy_name(destroy_card, destroy_copy)),
                "action.destroy",
            )
        return []
    return violation("CITADELS_BAD_PAYMENT", UNKNOWN_METHOD(method=repr(method)), "action.method")


def check_cardinal_loan(s: State, seat: int, card: str, cost: int, lender: int, spare: int) -> list[Violation]:
    """CardinalLoan (§6 Cardinal, §11 B17): exactly the shortfall, from one richer-enough seat."""
    turn = s.turn
    assert turn is not None
    if turn.character != "cardinal":
        return violation("CITADELS_NOT_YOUR_ABILITY", ONLY_CARDINAL(), "action.lender")
    if "cardinal_loan" in turn.used:
        return violation("CITADELS_ABILITY_USED", CARDINAL_BORROWED(), "action.lender")
    if not 0 <= lender < len(s.players) or lender == seat:
        return violation("CITADELS_NO_SUCH_SEAT", CANNOT_LEND(seat=lender), "action.lender")
    p = s.players[seat]
    shortfall = cost - p.gold
    if shortfall <= 0:
        return violation(
            "CITADELS_BAD_PAYMENT", NO_LOAN_NEEDED(card=thing(card), cost=cost, gold=p.gold), "action.lender"
        )
    if s.players[lender].gold < shortfall:
        return violation(
            "CITADELS_NOT_ENOUGH_GOLD",
            LENDER_GOLD(seat=lender, gold=s.players[lender].gold, need=shortfall),
            "action.lender",
        )
    if spare < shortfall:
        return violation(
            "CITADELS_NOT_ENOUGH_CARDS",
            LOAN_CARDS(loan=shortfall, spare=spare),
            "action.lender",
        )
    return []


def start_build(
    s: State, seat: int, card: str, method: str, sacrifice: Sacrifice, lender: int, source_seat: int, wizard: bool
) -> State:
    """Take the card (from hand, or the Wizard's target's hand) and apply the payment."""
    turn = s.turn
    assert turn is not None
    src = s.players[source_seat]
    s = set_player(s, source_seat, hand=remove_one(src.hand, card))
    cost = price(s, seat, card)
    pb = PendingBuild(card=card, seat=seat, counts=counts_toward_limit(turn, card, wizard), price=cost)
    if method == "thieves_den":
        return push(replace(s, building=pb), GiveCards(seat, "thieves_den"))
    if method == "framework":
        s = destroy(s, seat, find(s.players[seat], "framework"))
        return finish_build(s, replace(pb, paid=False))
    if method == "necropolis":
        s = destroy(s, seat, nth(s.players[seat], *sacrifice))
        return finish_build(s, replace(pb, paid=False))
    if lender != -1:
        shortfall = cost - s.players[seat].gold
        s = borrow(s, seat, lender, shortfall)
        s = finish_build(pay_gold(s, seat, cost), replace(pb, gold_paid=cost))
        return push(s, GiveCards(seat, "cardinal", count=shortfall, target=lender))
    return finish_build(pay_gold(s, seat, cost), replace(pb, gold_paid=cost))


def borrow(s: State, seat: int, lender: int, amount: int) -> State:
    """The Cardinal takes ``amount`` gold from ``lender`` (cards follow as a GiveCards step)."""
    turn = s.turn
    assert turn is not None
    s = give_gold(s, lender, seat, amount)
    return replace(s, turn=replace(turn, used=(*turn.used, "cardinal_loan")))


def finish_build(s: State, pb: PendingBuild) -> State:
    """Count the build, open the Magistrate window on the first paid build, else place it."""
    turn = s.turn
    assert turn is not None
    turn = replace(
        turn,
        builds=turn.builds + (1 if pb.counts else 0),
        # The Alchemist's refund; it never exceeds the bank, so neither does the count.
        gold_paid_for_builds=min(CONTENT.limits.bank_gold, turn.gold_paid_for_builds + pb.gold_paid),
    )
    s = replace(s, turn=turn, building=None)
    if pb.paid and not turn.paid_build_seen:
        s = replace(s, turn=replace(turn, paid_build_seen=True))
        if warrant_on(s, turn.character) and confiscation_possible(s, pb.card):
            return push(replace(s, building=pb), Confiscate(s.magistrate_seat, pb.seat))
    return place(s, pb.seat, pb.card)


def warrant_on(s: State, character: str) -> bool:
    """Whether a warrant marker (signed or not) lies on ``character``."""
    return any(m.character == character for m in s.warrants)


def confiscation_possible(s: State, card: str) -> bool:
    """§6 Magistrate, §11 B23: public reasons that make a confiscation impossible skip the prompt."""
    mag = s.players[s.magistrate_seat]
    return not has(mag, card) and not (card == "monument" and len(mag.city) >= 5)


def place(s: State, receiver: int, card: str) -> State:
    """The district enters ``receiver``'s city; Tax Collector tax (§5.3 step 5); completion."""
    p = s.players[receiver]
    s = set_player(s, receiver, city=(*p.city, Built(card)))
    s = tax(s, receiver)
    return check_completion(s, receiver)


def tax(s: State, receiver: int) -> State:
    """The Tax Collector in the cast takes 1 gold per district built, except during his own turn."""
    if "tax_collector" not in s.options.cast or s.players[receiver].gold == 0:
        return s
    if s.turn is not None and s.turn.character == "tax_collector" and s.turn.seat == receiver:
        return s
    return replace(pay_gold(s, receiver, 1), tax_token=s.tax_token + 1)


def resolve_confiscation(s: State, step: Confiscate, confiscate: bool) -> State:
    """M-CONFISCATE: the district goes to the Magistrate, the builder gets his gold back."""
    pb = s.building
    turn = s.turn
    assert pb is not None and turn is not None
    s = replace(s, queue=s.queue[1:], building=None)
    if not confiscate:
        return place(s, pb.seat, pb.card)
    warrants = tuple(replace(m, revealed=True) if m.real else m for m in s.warrants)
    turn = replace(turn, gold_paid_for_builds=turn.gold_paid_for_builds - pb.gold_paid)
    s = replace(s, warrants=warrants, turn=turn)
    s = gain_gold(s, pb.seat, pb.gold_paid)
    return place(s, step.seat, pb.card)
