"""Card-by-card sequences (one decision per card): Thieves' Den payment, the Cardinal's cards
for a loan, the Seer's give-back, the Magician's redraw discards."""

from __future__ import annotations

from msgspec.structs import replace

from engines.citadels import moves as mv
from engines.citadels.building import borrow, check_cardinal_loan, finish_build
from engines.citadels.common import distinct, pay_gold, set_player, to_bottom
from engines.citadels.deck import draw, push
from engines.citadels.naming import NOT_IN_YOUR_HAND, ONLY_CARDINAL, thing
from engines.citadels.state import GiveCards, State
from engines.core.errors import Violation, violation
from engines.core.items import remove_one
from engines.core.text import Message

DEN_REST = Message(
    "citadels.refusal.den_rest", "Thieves' Den: {rest} still to pay; you have {gold} gold. Give another card."
)
DISCARD_ONE = Message("citadels.refusal.discard_one", "Discard at least 1 card to redraw.")
GIVE_MORE = Message(
    "citadels.refusal.give_more",
    "Give {n} more card to Seat {seat} first.",
    "Give {n} more cards to Seat {seat} first.",
)


def give_options(s: State, step: GiveCards) -> list[mv.Give | mv.Done]:
    """Every distinct card of the hand, plus ``Done`` where the sequence may stop (§7 #29 Thieves' Den;
    §6 Cardinal, Seer, Magician)."""
    out: list[mv.Give | mv.Done] = [mv.Give(c) for c in distinct(s.players[step.seat].hand)]
    out.append(mv.Done())
    if step.reason == "thieves_den" and s.turn is not None and s.turn.character == "cardinal":
        out += [mv.Done(lender=t) for t in range(len(s.players)) if t != step.seat]
    return out


def check_give(s: State, step: GiveCards, a: mv.Give | mv.Done) -> list[Violation]:
    """A card from hand; ``Done`` only where allowed (rest payable in gold; ≥ 1 discarded): §7 #29 Thieves'
    Den, §6 Cardinal, Seer and Magician."""
    p = s.players[step.seat]
    if isinstance(a, mv.Give):
        if a.card not in p.hand:
            return violation("CITADELS_CARD_NOT_IN_HAND", NOT_IN_YOUR_HAND(card=thing(a.card)), "action.card")
        return []
    if a.lender != -1:
        return check_den_loan(s, step, a.lender)
    if step.reason == "thieves_den":
        pb = s.building
        assert pb is not None
        rest = pb.price - pb.cards_paid
        if p.gold < rest:
            return violation(
                "CITADELS_NOT_ENOUGH_GOLD",
                DEN_REST(rest=rest, gold=p.gold),
                "action",
            )
        return []
    if step.reason == "magician" and step.count >= 1:
        return []
    if step.reason == "magician":
        return violation("CITADELS_NOT_ENOUGH_CARDS", DISCARD_ONE(), "action")
    return violation("CITADELS_MUST_ACT_FIRST", GIVE_MORE(n=step.count, seat=step.target), "action")


def check_den_loan(s: State, step: GiveCards, lender: int) -> list[Violation]:
    """§5.3 + §6 Cardinal: the Thieves' Den's missing gold borrowed against other hand cards."""
    turn, pb = s.turn, s.building
    if step.reason != "thieves_den" or turn is None or pb is None or turn.character != "cardinal":
        return violation("CITADELS_NOT_YOUR_ABILITY", ONLY_CARDINAL(), "action.lender")
    p = s.players[step.seat]
    rest = pb.price - pb.cards_paid
    return check_cardinal_loan(s, step.seat, pb.card, rest, lender, len(p.hand))


def apply_give(s: State, step: GiveCards, a: mv.Give | mv.Done) -> State:
    """Move one card (or finish the sequence): §7 #29 Thieves' Den, §6 Cardinal, Seer and Magician."""
    s = replace(s, queue=s.queue[1:])
    if isinstance(a, mv.Done) and a.lender != -1:
        shortfall = s.building.price - s.building.cards_paid - s.players[step.seat].gold  # type: ignore[union-attr]
        s = borrow(s, step.seat, a.lender, shortfall)
        return push(_finish(s, step), GiveCards(step.seat, "cardinal", count=shortfall, target=a.lender))
    if isinstance(a, mv.Done):
        return _finish(s, step)
    p = s.players[step.seat]
    s = set_player(s, step.seat, hand=remove_one(p.hand, a.card))
    if step.reason in ("thieves_den", "magician"):
        s = to_bottom(s, (a.card,))
        if step.reason == "thieves_den":
            pb = s.building
            assert pb is not None
            pb = replace(pb, cards_paid=pb.cards_paid + 1)
            s = replace(s, building=pb)
            if pb.cards_paid == pb.price:
                return _finish(s, step)
        if step.reason == "magician" and not s.players[step.seat].hand:
            return _finish(s, replace(step, count=step.count + 1))
        return push(s, replace(step, count=step.count + 1))
    target = s.players[step.target]
    s = set_player(s, step.target, hand=(*target.hand, a.card))
    if step.count > 1:
        return push(s, replace(step, count=step.count - 1))
    return s


def _finish(s: State, step: GiveCards) -> State:
    if step.reason == "magician":
        return draw(s, step.seat, step.count)
    pb = s.building
    assert pb is not None
    rest = pb.price - pb.cards_paid
    s = pay_gold(replace(s, building=None), step.seat, rest)
    return finish_build(s, replace(pb, gold_paid=rest))
