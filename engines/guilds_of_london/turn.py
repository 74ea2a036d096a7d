"""A player's turn (§4.3, §5.2): play cards to hire, to move or for their ability (paying its cost one
part a decision), end the turn, draw (R-TURN-6), and come down to the hand limit.

The turn order is frozen for the whole turn phase (R-ORDER-3): ``order`` is taken when the round's
turns begin and ``turn_index`` counts the turns begun.
"""

from __future__ import annotations

from msgspec.structs import replace

from engines.core.errors import Violation, violation
from engines.core.items import add_sorted, remove_one
from engines.core.text import Message
from engines.guilds_of_london import moves as mv
from engines.guilds_of_london.common import (
    CONTENT,
    bump,
    figure_sources,
    has_figure,
    masters_of,
    move_figure,
    set_player,
    take_figure,
    tile_of,
    tracks,
)
from engines.guilds_of_london.content import ActionCardType, Continuous, SpecialBuilding
from engines.guilds_of_london.deck import pop, push
from engines.guilds_of_london.effects import fire
from engines.guilds_of_london.growth import after_resolution
from engines.guilds_of_london.names import symbols_listed
from engines.guilds_of_london.resolution import resolution_round, start_scan
from engines.guilds_of_london.state import (
    CityTile,
    DiscardToLimit,
    DrawCard,
    EffectRef,
    Origin,
    PayDiscard,
    PayReturn,
    Run,
    State,
    Turn,
    capped,
)

ALL_ORIGINS: tuple[Origin, ...] = ("GUILDHALL", "FACE_UP", "FACE_DOWN")
"""§5.2 ``PlayMove``: a figure may come from the Guildhall, a face-up tile, or be a master."""


NOT_IN_HAND = Message("guilds_of_london.refusal.not_in_hand", "That card is not in your hand.")
SUPPLY_EMPTY = Message("guilds_of_london.refusal.supply_empty", "None of your liverymen is left in the common supply.")
NO_FIGURE = Message("guilds_of_london.refusal.no_figure", "You have no figure there to move.")
BAD_DESTINATION = Message("guilds_of_london.refusal.bad_destination", "A figure moves onto another face-up tile.")
SYMBOL_MISMATCH = Message(
    "guilds_of_london.refusal.symbol_mismatch", "That tile shows {shown}; the card's symbol is {symbol}."
)
CANNOT_DISCARD = Message(
    "guilds_of_london.refusal.cannot_discard", "The ability costs {cost} other cards from hand; you hold {others}."
)
CANNOT_RETURN = Message(
    "guilds_of_london.refusal.cannot_return",
    "The ability costs {cost} of your figures returned to the supply; you have too few.",
)
NO_FIGURE_TO_PAY = Message(
    "guilds_of_london.refusal.no_figure_to_pay", "You have no figure there that this cost may take."
)


def card_type(card: str) -> ActionCardType:
    return CONTENT.action_card[card]


# ---- turn progress -----------------------------------------------------------------------------------------


def start_turn(s: State) -> State:
    """R-TURN-1: the next player in the frozen order takes their turn."""
    seat = s.order[s.turn_index]
    return replace(s, turn=Turn(seat=seat), turn_index=s.turn_index + 1)


def turn_progress(s: State) -> State | None:
    """R-TURN-1: the next player in the frozen order takes their turn; after the last, the round-end
    resolution (R-RES-1) or what follows it. ``None`` while a turn is being played."""
    if s.turn is not None:
        return None
    if s.turn_index < len(s.order):
        return start_turn(s)
    return start_scan(s) if resolution_round(s) else after_resolution(s)


# ---- playing a card ------------------------------------------------------------------------------------------


def _in_hand(s: State, seat: int, card: str) -> list[Violation]:
    if card in s.players[seat].hand:
        return []
    return violation("GUILDS_OF_LONDON_NOT_IN_HAND", NOT_IN_HAND(), "action.card")


def _played(s: State, seat: int, card: str) -> State:
    """R-TURN-4: the card goes face up in front of the player until the end of the turn."""
    s = set_player(s, seat, hand=remove_one(s.players[seat].hand, card))
    turn = s.turn
    assert turn is not None
    return replace(s, in_play=(*s.in_play, card), turn=replace(turn, played=turn.played + 1))


def check_hire(s: State, seat: int, a: mv.PlayHire) -> list[Violation]:
    """R-TURN-3 A, A-14: any card hires, while the colour's supply holds a liveryman."""
    if s.supply[seat] <= 0:
        return violation("GUILDS_OF_LONDON_SUPPLY_EMPTY", SUPPLY_EMPTY())
    return _in_hand(s, seat, a.card)


def apply_hire(s: State, seat: int, a: mv.PlayHire) -> State:
    """§5.2 ``PlayHire``: one liveryman from the common supply onto the Guildhall; hire triggers fire."""
    s = _played(s, seat, a.card)
    s = replace(s, supply=bump(s.supply, seat, -1), guildhall=bump(s.guildhall, seat, 1))
    return fire(s, seat, "OWN_HIRE")


def shows_symbol(placed: CityTile, card: str) -> bool:
    """§5.2 ``PlayMove`` precondition 3 (A-27): the tile shows one of the card's symbols."""
    front = tile_of(placed).front_symbols
    return any(symbol in front for symbol in card_type(card).symbols)


def move_targets(s: State, card: str) -> list[str]:
    """§5.2 ``PlayMove`` preconditions 2–3: face-up tiles showing one of the card's symbols."""
    return [t.tile for t in s.city if t.face_up and shows_symbol(t, card)]


def check_move(s: State, seat: int, a: mv.PlayMove) -> list[Violation]:
    """§5.2 ``PlayMove`` preconditions 1–4 (EX-13)."""
    found = _in_hand(s, seat, a.card)
    if found:
        return found
    if not has_figure(s, seat, a.source, ALL_ORIGINS):
        return violation("GUILDS_OF_LONDON_NO_FIGURE", NO_FIGURE(), "action.source")
    target = next((t for t in s.city if t.tile == a.to), None)
    if target is None or not target.face_up or a.to == a.source:
        return violation("GUILDS_OF_LONDON_BAD_DESTINATION", BAD_DESTINATION(), "action.to")
    if not shows_symbol(target, a.card):
        shown = symbols_listed(tile_of(target).front_symbols)
        message = SYMBOL_MISMATCH(shown=shown, symbol=symbols_listed(card_type(a.card).symbols))
        return violation("GUILDS_OF_LONDON_SYMBOL_MISMATCH", message, "action.to")
    return []


def apply_move(s: State, seat: int, a: mv.PlayMove) -> State:
    """§5.2 ``PlayMove``: the figure arrives as a liveryman (A-12: a master leaves its tile uncontrolled)."""
    s = move_figure(_played(s, seat, a.card), seat, a.source, a.to)
    return fire(s, seat, "OWN_MOVE")


def own_figures(s: State, seat: int, origins: tuple[Origin, ...]) -> int:
    """How many of ``seat``'s figures stand where a cost may take them from (§9.2.1 ``return_figures``)."""
    total = s.guildhall[seat] if "GUILDHALL" in origins else 0
    if "FACE_UP" in origins:
        total += sum(t.liverymen[seat] for t in s.city if t.face_up)
    if "FACE_DOWN" in origins:
        total += len(masters_of(s, seat))
    return total


def check_ability(s: State, seat: int, a: mv.PlayAbility) -> list[Violation]:
    """§5.2 ``PlayAbility``: the full cost must be payable, with cards other than the one played (EX-6)."""
    found = _in_hand(s, seat, a.card)
    if found:
        return found
    cost = card_type(a.card).cost
    others = len(s.players[seat].hand) - 1
    if cost.discard > others:
        message = CANNOT_DISCARD(cost=cost.discard, others=others)
        return violation("GUILDS_OF_LONDON_CANNOT_PAY", message, "action.card")
    back = cost.return_figures
    if back is not None and own_figures(s, seat, tuple(back.from_)) < back.n:
        message = CANNOT_RETURN(cost=back.n)
        return violation("GUILDS_OF_LONDON_CANNOT_PAY", message, "action.card")
    return []


def apply_ability(s: State, seat: int, a: mv.PlayAbility) -> State:
    """§5.2 ``PlayAbility``: announce (the card is played), pay, then apply the ability."""
    cost = card_type(a.card).cost
    s = _played(s, seat, a.card)
    steps: list[PayDiscard | PayReturn | Run] = []
    if cost.discard > 0:
        steps.append(PayDiscard(seat, capped(cost.discard)))
    if cost.return_figures is not None:
        steps.append(PayReturn(seat, capped(cost.return_figures.n), tuple(cost.return_figures.from_)))
    steps.append(Run(seat, EffectRef("card", a.card, "ability"), card=a.card))
    return push(s, *steps)


# ---- paying --------------------------------------------------------------------------------------------------


def pay_card_options(s: State, step: PayDiscard) -> list[mv.PayCard]:
    """§5.2 ``PlayAbility`` payment: any card left in hand (each type once) may be discarded to pay."""
    return [mv.PayCard(card) for card in sorted(set(s.players[step.seat].hand))]


def apply_pay_card(s: State, step: PayDiscard, a: mv.PayCard) -> State:
    """R-TURN-4: payment cards go straight to the discard pile (they are not "played", A-21)."""
    s = set_player(s, step.seat, hand=remove_one(s.players[step.seat].hand, a.card))
    s = replace(s, discard=add_sorted(s.discard, a.card))
    if step.left > 1:
        return replace(s, queue=(replace(step, left=step.left - 1), *s.queue[1:]))
    return pop(s)


def return_options(s: State, step: PayReturn) -> list[mv.ReturnFigure]:
    """§5.2 ``PlayAbility`` payment: each place holding an own figure that the cost may take."""
    return [mv.ReturnFigure(source) for source in figure_sources(s, step.seat, step.origins)]


def check_return(s: State, step: PayReturn, a: mv.ReturnFigure) -> list[Violation]:
    """§5.2 ``PlayAbility`` payment: the player has a figure there that the cost may take."""
    if has_figure(s, step.seat, a.source, step.origins):
        return []
    return violation("GUILDS_OF_LONDON_NO_FIGURE", NO_FIGURE_TO_PAY(), "action.source")


def apply_return(s: State, step: PayReturn, a: mv.ReturnFigure) -> State:
    """§5.2 ``PlayAbility``: paid figures go to the common supply."""
    s = take_figure(s, step.seat, a.source)
    s = replace(s, supply=bump(s.supply, step.seat, 1))
    if step.left > 1:
        return replace(s, queue=(replace(step, left=step.left - 1), *s.queue[1:]))
    return pop(s)


def settle_payment(s: State, step: PayDiscard | PayReturn) -> State | None:
    """A payment with nothing left to take from is over (the cost was checked when the card was played)."""
    if isinstance(step, PayDiscard):
        return pop(s) if step.left <= 0 or not s.players[step.seat].hand else None
    return pop(s) if step.left <= 0 or not return_options(s, step) else None


# ---- the end of the turn -------------------------------------------------------------------------------------


def end_draw(s: State, turn: Turn) -> int:
    """R-TURN-6 step 3 (EX-7): 4 with no card played, else 2 plus the draw changes and end-of-turn draws
    paid for; nothing of either kind in the last round (A-33)."""
    t = tracks(s)
    if s.round >= t.last_round:
        return 0
    if turn.played == 0:
        return t.draw_none_played
    return capped(t.draw_played + turn.draw_modifier + turn.end_draws)


def apply_end_turn(s: State, seat: int, a: mv.EndTurn) -> State:
    """R-TURN-6 (§5.2 ``EndTurn``): played cards to the discard pile, the draw, then the hand limit; the turn's
    triggers end."""
    turn = s.turn
    assert turn is not None
    draws = end_draw(s, turn)
    s = replace(s, discard=add_sorted(s.discard, *s.in_play), in_play=(), turn=None)
    steps: list[DrawCard | DiscardToLimit] = [DrawCard(seat, draws)] if draws > 0 else []
    return push(s, *steps, DiscardToLimit(seat))


def hand_limit(s: State, seat: int) -> int:
    """R-TURN-6 step 4: 7, plus the continuous hand-limit changes of the special buildings the player is
    master of (University of London: 8; T-MASTER-1: only while the master stands there)."""
    limit = tracks(s).hand_limit
    for placed in masters_of(s, seat):
        building = tile_of(placed)
        if isinstance(building, SpecialBuilding):
            limit += sum(e.effect.hand_limit_delta for e in building.continuous if isinstance(e, Continuous))
    return max(0, limit)


def discard_options(s: State, step: DiscardToLimit) -> list[mv.Discard]:
    """R-TURN-6 step 4 (§5.2 ``DiscardToLimit``): any card in hand (each type once) may go."""
    return [mv.Discard(card) for card in sorted(set(s.players[step.seat].hand))]


def apply_discard(s: State, step: DiscardToLimit, a: mv.Discard) -> State:
    """R-TURN-6 step 4 (§5.2 ``DiscardToLimit``): a card of the player's choice to the discard pile (one a
    decision)."""
    s = set_player(s, step.seat, hand=remove_one(s.players[step.seat].hand, a.card))
    return replace(s, discard=add_sorted(s.discard, a.card))


def settle_discard(s: State, step: DiscardToLimit) -> State | None:
    """R-TURN-6 step 4 (EX-12): nothing to discard once the hand is within the limit."""
    return pop(s) if len(s.players[step.seat].hand) <= hand_limit(s, step.seat) else None


# ---- the turn's choices ----------------------------------------------------------------------------------------


def turn_candidates(s: State, seat: int) -> list[mv.PlayHire | mv.PlayMove | mv.PlayAbility | mv.EndTurn]:
    """§5.2: every card in hand (each type once) to hire, to move each own figure onto each tile showing its
    symbol, or for its ability; and ending the turn."""
    cards = sorted(set(s.players[seat].hand))
    out: list[mv.PlayHire | mv.PlayMove | mv.PlayAbility | mv.EndTurn] = []
    if s.supply[seat] > 0:
        out += [mv.PlayHire(card) for card in cards]
    sources = figure_sources(s, seat, ALL_ORIGINS)
    for card in cards:
        targets = move_targets(s, card)
        out += [mv.PlayMove(card, source, to) for source in sources for to in targets if to != source]
    out += [mv.PlayAbility(card) for card in cards if not check_ability(s, seat, mv.PlayAbility(card))]
    out.append(mv.EndTurn())
    return out
