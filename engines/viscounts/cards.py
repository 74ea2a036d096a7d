"""Card movement (§4.6): drawing, reshuffling with the criminal check, discarding, destroying,
rearranging and hiring, and the decisions they ask for.

The draw pile is a multiset whose order nobody knows: every card taken from its top is a chance
decision (``DrawCard``) that names the card; what happens to it is the step's ``purpose``.
"""

from __future__ import annotations

from itertools import permutations

from msgspec.structs import replace

from engines.core.errors import Violation, violation
from engines.core.items import add_sorted, remove_one
from engines.core.text import Message
from engines.viscounts import goods
from engines.viscounts import moves as mv
from engines.viscounts.common import CONTENT, at, criminals, has_slot_ability, owned, push, set_player, swap_head
from engines.viscounts.names import EMPTY_SLOT, folk_or_that, joined
from engines.viscounts.state import (
    EMPTY,
    DestroyStep,
    DiscardStep,
    DrawCard,
    DrawFolk,
    FreeHire,
    Gather,
    Purpose,
    Rearrange,
    Run,
    State,
)

NO_CARDS = Message("viscounts.refusal.no_cards", "Your draw and discard piles are empty.")
NOT_IN_HAND = Message("viscounts.refusal.not_in_hand", "{card} is not in your hand.")
TOO_FEW_CARDS = Message(
    "viscounts.refusal.too_few_cards", "You own {n} townsfolk cards; a destroy must leave at least {least}."
)
NOT_IN_COLLECTION = Message("viscounts.refusal.not_in_collection", "{card} is not in your starting cards.")
BAD_ARRANGEMENT = Message("viscounts.refusal.bad_arrangement", "That is not another order of your slots ({have}).")
MUST_HIRE = Message("viscounts.refusal.must_hire", "A free hire must be taken while a pile has a card.")
NO_CARD_TO_HIRE = Message(
    "viscounts.refusal.no_card_to_hire", "The townsfolk pile of segment {position} has no card to hire."
)
NO_PILE = Message("viscounts.refusal.no_pile", "There is no townsfolk pile there.")

MIN_OWNED = 3
"""A-21: a player never owns fewer than three townsfolk cards."""


# ---- drawing and reshuffling ------------------------------------------------------------------------------


def criminal_check(s: State, seat: int) -> State:
    """§4.6 Reshuffle: one corruption with a criminal on the board (never more), else one virtue."""
    if criminals(s.players[seat]) > 0:
        return goods.gain_corruption(s, seat, 1)
    return goods.gain_virtue(s, seat, 1)


def reshuffle(s: State, seat: int, drawing: bool) -> State:
    """§4.6: the discard pile becomes the draw pile; the criminal check follows on a draw, and on every
    reshuffle under A-07 ``every``."""
    p = s.players[seat]
    s = set_player(s, seat, draw=add_sorted(p.draw, *p.discard), discard=())
    if drawing or s.options.reshuffle_check == "every":
        s = criminal_check(s, seat)
    return s


def shuffle_effect(s: State, seat: int) -> State:
    """§4.6 Shuffle effect: the discard pile into the draw pile; nothing without a discarded card."""
    if not s.players[seat].discard:
        return s
    return reshuffle(s, seat, drawing=False)


def can_take_top(s: State, seat: int) -> bool:
    """Whether a card can come off the draw pile (after a reshuffle if it is empty)."""
    p = s.players[seat]
    return bool(p.draw or p.discard)


def take_top(s: State, seat: int, purpose: Purpose) -> State:
    """The steps that take the draw pile's top card for ``purpose`` (reshuffling first if the pile is
    empty), in front of the queue; nothing when both piles are empty. Only a card drawn into the hand is
    "a draw" for A-07 ``draw_only``: a blind play, a discard or a destroy from an empty draw pile is one of
    the other reshuffles (§4.6), checked only under ``every``."""
    p = s.players[seat]
    if not p.draw:
        if not p.discard:
            return s
        s = reshuffle(s, seat, drawing=purpose == "hand")
    return push(s, DrawCard(seat, purpose))


def gather(s: State, step: Gather) -> State:
    """§3 step 9.5: cards gained during setup (on the discard pile) are shuffled into the starting pile,
    with no criminal check (nothing is on the board yet)."""
    p = s.players[step.seat]
    return set_player(swap_head(s), step.seat, draw=add_sorted(p.draw, *p.discard), discard=())


def destroyed(s: State, seat: int, card_id: str) -> State:
    """§4.6 Destroy: the card leaves the game; its owner gains its silver value."""
    p = s.players[seat]
    s = set_player(s, seat, silver=p.silver + CONTENT.townsfolk[card_id].cost)
    return replace(s, folk_removed=add_sorted(s.folk_removed, card_id))


def to_discard(s: State, seat: int, card_id: str) -> State:
    """A card onto the top of ``seat``'s discard pile (face up)."""
    return set_player(s, seat, discard=(*s.players[seat].discard, card_id))


# ---- discard and destroy (optional, §4.6) ------------------------------------------------------------------


def _from_hand_or_top(s: State, seat: int) -> list[str]:
    return [*dict.fromkeys(s.players[seat].hand), *((mv.TOP,) if can_take_top(s, seat) else ())]


def discard_options(s: State, step: DiscardStep) -> list[mv.Discard | mv.Pass]:
    """§4.6 Discard (optional): each distinct hand card, the draw pile's top, or stop."""
    return [*(mv.Discard(c) for c in _from_hand_or_top(s, step.seat)), mv.Pass()]


def check_discard(s: State, step: DiscardStep, a: mv.Discard | mv.Pass) -> list[Violation]:
    """§4.6 Discard: a hand card or the top of a draw pile that has (or can reshuffle) a card."""
    if isinstance(a, mv.Pass) or a.card in _from_hand_or_top(s, step.seat):
        return []
    if a.card == mv.TOP:
        return violation("VISCOUNTS_NO_CARDS", NO_CARDS(), "action.card")
    return violation("VISCOUNTS_NOT_IN_HAND", NOT_IN_HAND(card=folk_or_that(a.card)), "action.card")


def apply_discard(s: State, step: DiscardStep, a: mv.Discard | mv.Pass) -> State:
    """§4.6 Discard: the card goes to the discard pile (the top of the draw pile unseen, by chance)."""
    rest = (DiscardStep(step.seat, step.left - 1),) if step.left > 1 else ()
    if isinstance(a, mv.Pass):
        return swap_head(s)
    s = swap_head(s, *rest)
    if a.card == mv.TOP:
        return take_top(s, step.seat, "discard")
    p = s.players[step.seat]
    return set_player(s, step.seat, hand=remove_one(p.hand, a.card), discard=(*p.discard, a.card))


def destroy_options(s: State, step: DestroyStep) -> list[mv.Destroy | mv.Pass]:
    """Each distinct hand card (at setup: each card of the starting collection), the draw pile's top, or
    stop; nothing to destroy while the player owns only three cards (A-21)."""
    p = s.players[step.seat]
    if len(owned(p)) <= MIN_OWNED:
        return [mv.Pass()]
    cards = list(dict.fromkeys(p.draw)) if step.setup else _from_hand_or_top(s, step.seat)
    return [*(mv.Destroy(c) for c in cards), mv.Pass()]


def check_destroy(s: State, step: DestroyStep, a: mv.Destroy | mv.Pass) -> list[Violation]:
    """A destroy keeps three owned cards (A-21) and names a hand card or the draw pile's top (§4.6)."""
    if isinstance(a, mv.Pass):
        return []
    p = s.players[step.seat]
    if len(owned(p)) <= MIN_OWNED:
        message = TOO_FEW_CARDS(n=len(owned(p)), least=MIN_OWNED)
        return violation("VISCOUNTS_TOO_FEW_CARDS", message, "action.card")
    if step.setup:
        if a.card in p.draw:
            return []
        return violation("VISCOUNTS_NOT_IN_COLLECTION", NOT_IN_COLLECTION(card=folk_or_that(a.card)), "action.card")
    return check_discard(s, DiscardStep(step.seat), mv.Discard(a.card))


def apply_destroy(s: State, step: DestroyStep, a: mv.Destroy | mv.Pass) -> State:
    """§4.6 Destroy: the card leaves the game and its owner gains its silver value (the draw pile's top by
    chance)."""
    if isinstance(a, mv.Pass):
        return swap_head(s)
    s = swap_head(s, *((DestroyStep(step.seat, step.left - 1, step.setup),) if step.left > 1 else ()))
    p = s.players[step.seat]
    if step.setup:
        return destroyed(set_player(s, step.seat, draw=remove_one(p.draw, a.card)), step.seat, a.card)
    if a.card == mv.TOP:
        return take_top(s, step.seat, "destroy")
    return destroyed(set_player(s, step.seat, hand=remove_one(p.hand, a.card)), step.seat, a.card)


# ---- rearrange (optional, §4.6, A-10) ------------------------------------------------------------------------


def arrangements(s: State, seat: int) -> list[tuple[str, str, str]]:
    """Every different order of the cards in the slots (A-10: empty slots stay where they are unless
    ``rearrange_empty``; even then slot 1 stays empty between the slide and the card played into it),
    the current one excluded."""
    slots = s.players[seat].slots
    if s.options.rearrange_empty:
        orders = set(permutations(slots))
        if s.turn is not None and s.turn.seat == seat and s.turn.phase == "play":
            orders = {order for order in orders if order[0] == EMPTY}  # slot 1 waits for the card played
    else:
        filled = [i for i, c in enumerate(slots) if c != EMPTY]
        orders = set()
        for perm in permutations([slots[i] for i in filled]):
            new = list(slots)
            for i, c in zip(filled, perm, strict=True):
                new[i] = c
            orders.add(tuple(new))
    orders.discard(slots)
    return sorted(orders)  # type: ignore[arg-type]


def arrange_options(s: State, step: Rearrange) -> list[mv.Arrange | mv.Pass]:
    """§4.6 Rearrange (optional, A-10): every new order of the cards in the slots, or keep them."""
    return [*(mv.Arrange(order) for order in arrangements(s, step.seat)), mv.Pass()]


def check_arrange(s: State, step: Rearrange, a: mv.Arrange | mv.Pass) -> list[Violation]:
    """A new order of the same cards (empty slots fixed under A-10)."""
    if isinstance(a, mv.Pass) or tuple(a.slots) in arrangements(s, step.seat):
        return []
    have = joined([folk_or_that(c) if c else EMPTY_SLOT() for c in s.players[step.seat].slots])
    message = BAD_ARRANGEMENT(have=have)
    return violation("VISCOUNTS_BAD_ARRANGEMENT", message, "action.slots")


def apply_arrange(s: State, step: Rearrange, a: mv.Arrange | mv.Pass) -> State:
    """§4.6 Rearrange: the slots take the new order (or stay as they are)."""
    s = swap_head(s)
    return s if isinstance(a, mv.Pass) else set_player(s, step.seat, slots=tuple(a.slots))


# ---- hiring (§4.6, §5.9) ---------------------------------------------------------------------------------------


def take_from_pile(s: State, pos: int) -> tuple[State, str, tuple[DrawFolk, ...]]:
    """The visible card of pile ``pos`` leaves it; returns the step that draws the next top (none when
    the pile is used up)."""
    card_id = s.folk_tops[pos]
    s = replace(s, folk_tops=at(s.folk_tops, pos, EMPTY))
    return s, card_id, ((DrawFolk(pos),) if s.folk_left[pos] > 0 else ())


def hire(s: State, seat: int, pos: int) -> State:
    """§4.6 hire: the card onto the discard pile, the pile's next card revealed, the card's top-right
    effect, then Workshop 1's optional discard."""
    s, card_id, reveal = take_from_pile(s, pos)
    s = to_discard(s, seat, card_id)
    effect = CONTENT.townsfolk[card_id].hire_effect
    then = (Run(seat, (effect,), card_id),) if effect is not None else ()
    workshop = (DiscardStep(seat),) if has_slot_ability(s.players[seat], "discard_on_hire") else ()
    return push(s, *reveal, *then, *workshop)


def free_hire_options(s: State, step: FreeHire) -> list[mv.HireFrom | mv.Pass]:
    """§4.6 Free hire: the top card of any pile; A-15 ``optional`` lets the player decline."""
    piles = [mv.HireFrom(pos) for pos, top in enumerate(s.folk_tops) if top != EMPTY]
    return [*piles, *((mv.Pass(),) if s.options.free_hire_optional else ())]


def check_free_hire(s: State, step: FreeHire, a: mv.HireFrom | mv.Pass) -> list[Violation]:
    """§4.6 Free hire: the top card of any pile that shows one; declining only under A-15 ``optional``."""
    if isinstance(a, mv.Pass):
        if s.options.free_hire_optional:
            return []
        return violation("VISCOUNTS_MUST_HIRE", MUST_HIRE())
    if 0 <= a.position < len(s.folk_tops) and s.folk_tops[a.position] != EMPTY:
        return []
    if 0 <= a.position < len(s.folk_tops):
        message = NO_CARD_TO_HIRE(position=a.position + 1)
    else:
        message = NO_PILE()
    return violation("VISCOUNTS_EMPTY_PILE", message, "action.position")


def apply_free_hire(s: State, step: FreeHire, a: mv.HireFrom | mv.Pass) -> State:
    """§4.6 Free hire: the pile's top goes to the discard pile unpaid, with its hire effect."""
    rest = (FreeHire(step.seat, step.left - 1),) if step.left > 1 and not isinstance(a, mv.Pass) else ()
    s = swap_head(s, *rest)
    return s if isinstance(a, mv.Pass) else hire(s, step.seat, a.position)
