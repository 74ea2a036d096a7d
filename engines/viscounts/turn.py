"""A player's turn (§4.7): slide and play, move, the primary action, recruit, the collision, the draw;
then the next turn, the round and the end of the game (§4.9).

``progress`` is the automatic part (a phase with nothing to decide moves on by itself); the decisions
are ``play`` (phase 1), ``move`` (phase 2), ``act`` (phase 3) and ``recruit`` (phase 4).
"""

from __future__ import annotations

from collections.abc import Callable

from msgspec.structs import replace

from engines.core.errors import Violation, violation
from engines.core.items import remove_one
from engines.core.text import Message
from engines.viscounts import actions, cards, effects, goods, solo
from engines.viscounts import moves as mv
from engines.viscounts.board import cheapest_steps, position
from engines.viscounts.common import (
    CONTENT,
    ai_board,
    criminals,
    hand_limit,
    has_slot_ability,
    push,
    seats_from,
    set_player,
    swap_head,
)
from engines.viscounts.content import CollisionColumn, Effect
from engines.viscounts.names import THAT_SPACE, folk_or_that, space_words
from engines.viscounts.state import EMPTY, Collide, Phase, Rearrange, Reset, Run, State, Turn

UNREACHABLE = Message(
    "viscounts.refusal.unreachable",
    "{space} is not reachable with a move of {value} and {silver} silver for extra steps.",
)
PRINTED_NOT_HIRED = Message(
    "viscounts.refusal.printed_not_hired", "This segment's pile is empty; its printed card cannot be hired."
)
CANNOT_AFFORD_HIRE = Message("viscounts.refusal.cannot_afford_hire", "{card} costs {cost} silver; you have {silver}.")

REARRANGE = Effect(op="rearrange")
"""§4.7 phase 2: a player landed on may rearrange (the AI takes a resource instead, §8.3)."""


def _phase(s: State, phase: Phase, **changes: object) -> State:
    assert s.turn is not None
    return replace(s, turn=replace(s.turn, phase=phase, **changes))


# ---- phase 1: slide and play -------------------------------------------------------------------------------


def slide(s: State, seat: int) -> State:
    """§4.7 phase 1 step 1: every card one slot right; the card leaving slot 3 goes onto the discard pile,
    then its drop-off ability resolves."""
    a, b, c = s.players[seat].slots
    s = set_player(s, seat, slots=(EMPTY, a, b))
    s = _phase(s, "play")
    if c == EMPTY:
        return s
    s = cards.to_discard(s, seat, c)
    ability = CONTENT.townsfolk[c].ability
    if ability.timing == "dropoff" and ability.effect is not None:
        return push(s, Run(seat, (ability.effect,), c))
    return s


def play_card(s: State, seat: int, card_id: str) -> State:
    """§4.7 phase 1 step 2: the card into slot 1; criminals cost one corruption per criminal icon now on
    the board (A-32); an immediate ability resolves; its silver value is the turn's movement."""
    _, b, c = s.players[seat].slots
    s = set_player(s, seat, slots=(card_id, b, c))
    card = CONTENT.townsfolk[card_id]
    if "CRIMINAL" in card.icons:
        s = goods.gain_corruption(s, seat, criminals(s.players[seat]))
    s = _phase(s, "move", value=card.cost, played=card_id)
    if card.ability.timing == "immediate" and card.ability.effect is not None:
        return push(s, Run(seat, (card.ability.effect,), card_id))
    return s


def play_options(s: State, seat: int) -> list[mv.Play]:
    """§5.1 PlayCard: each distinct card of the hand."""
    return [mv.Play(c) for c in dict.fromkeys(s.players[seat].hand)]


def check_play(s: State, seat: int, a: mv.Play) -> list[Violation]:
    """§5.1 PlayCard: the card is in the player's hand."""
    if a.card in s.players[seat].hand:
        return []
    return violation("VISCOUNTS_NOT_IN_HAND", cards.NOT_IN_HAND(card=folk_or_that(a.card)), "action.card")


def apply_play(s: State, seat: int, a: mv.Play) -> State:
    """§5.1 PlayCard: the card leaves the hand for slot 1 (§4.7 phase 1)."""
    s = set_player(s, seat, hand=remove_one(s.players[seat].hand, a.card))
    return play_card(s, seat, a.card)


# ---- phase 2: movement (§5.2) ------------------------------------------------------------------------------


def free_steps(s: State, seat: int) -> int:
    """Trading Post 1: one extra step for free."""
    return 1 if has_slot_ability(s.players[seat], "free_extra_move") else 0


def destinations(s: State, seat: int) -> dict[int, int]:
    """Every space the viscount can end on, with the silver its cheapest path costs: exactly ``m + e``
    arrows, ``e >= 0``, for ``max(0, e - f)`` silver (§4.7 phase 2)."""
    assert s.turn is not None
    m, f, silver = s.turn.value, free_steps(s, seat), s.players[seat].silver
    steps = cheapest_steps(s.players[seat].space, m, m + f + silver)
    return {space: max(0, k - m - f) for space, k in steps.items()}


def move_options(s: State, seat: int) -> list[mv.MoveTo]:
    """§5.2 Move: every destination reachable with the card's value plus steps the player can pay for."""
    return [mv.MoveTo(space) for space in sorted(destinations(s, seat))]


def check_move(s: State, seat: int, a: mv.MoveTo) -> list[Violation]:
    """§5.2 Move: the destination is reachable with the card's value plus steps the player pays for."""
    assert s.turn is not None
    if a.space in destinations(s, seat):
        return []
    where = space_words(a.space, capital=True) if 0 <= a.space < 15 else THAT_SPACE()
    message = UNREACHABLE(space=where, value=s.turn.value, silver=s.players[seat].silver)
    return violation("VISCOUNTS_UNREACHABLE", message, "action.space")


def apply_move(s: State, seat: int, a: mv.MoveTo) -> State:
    """Pay for the extra steps; every opponent on the destination may rearrange (A-30, from the mover's left)."""
    cost = destinations(s, seat)[a.space]
    s = set_player(s, seat, space=a.space, silver=s.players[seat].silver - cost)
    s = _phase(s, "action")
    met = [q for q in seats_from(s, seat)[1:] if s.players[q].space == a.space]
    return push(s, *(Run(q, (REARRANGE,), "landed on") if s.players[q].ai else Rearrange(q) for q in met))


# ---- phase 3: the primary action ---------------------------------------------------------------------------


def act_options(s: State, seat: int) -> list[actions.PrimaryMove | mv.NoAction]:
    """§4.7 phase 3: every primary action legal here (§5.3–§5.7), or none (A-11)."""
    return [*actions.options(s, seat), mv.NoAction()]


def check_primary(s: State, seat: int, a: actions.PrimaryMove) -> list[Violation]:
    """§4.7 phase 3: a primary action passes its checks (§5.3–§5.7): its space, its target, its payment."""
    return actions.check(s, seat, a)


def apply_primary(s: State, seat: int, a: actions.PrimaryMove) -> State:
    """§4.7 phase 3: the primary action (§5.4–§5.7); the turn moves on to recruit."""
    return actions.apply(_phase(s, "recruit", acted=True, dismissed=a.dismiss), seat, a)


def apply_no_action(s: State, seat: int, a: mv.NoAction) -> State:
    """§4.7 phase 3, A-11: no primary action; the turn moves on to recruit."""
    return _phase(s, "recruit", acted=False, dismissed=False)


# ---- phase 4: recruit (§5.9) -------------------------------------------------------------------------------


def hire_price(s: State, seat: int) -> int:
    """The visible card's silver value (Trading Post 2 does not lower it), 0 when the pile is empty."""
    top = s.folk_tops[position(s.players[seat].space)]
    return CONTENT.townsfolk[top].cost if top != EMPTY else 0


def can_recruit(s: State, seat: int) -> bool:
    top = s.folk_tops[position(s.players[seat].space)]
    return top != EMPTY and s.players[seat].silver >= hire_price(s, seat)


def recruit_options(s: State, seat: int) -> list[mv.Hire | mv.Pass]:
    """§5.9 Hire: the visible card of the viscount's pile when affordable, or pass."""
    return [*((mv.Hire(),) if can_recruit(s, seat) else ()), mv.Pass()]


def check_recruit(s: State, seat: int, a: mv.Hire | mv.Pass) -> list[Violation]:
    """§5.9 Hire: the pile shows a card (a printed one cannot be hired) and the player can pay its value."""
    if isinstance(a, mv.Pass) or can_recruit(s, seat):
        return []
    pos = position(s.players[seat].space)
    if s.folk_tops[pos] == EMPTY:
        return violation("VISCOUNTS_EMPTY_PILE", PRINTED_NOT_HIRED())
    top = s.folk_tops[pos]
    message = CANNOT_AFFORD_HIRE(card=folk_or_that(top), cost=hire_price(s, seat), silver=s.players[seat].silver)
    return violation("VISCOUNTS_CANNOT_AFFORD", message)


def apply_recruit(s: State, seat: int, a: mv.Hire | mv.Pass) -> State:
    """§5.9 Hire: pay the card's value; it goes to the discard pile with its hire effect."""
    s = _phase(s, "collide", hired=isinstance(a, mv.Hire))
    if isinstance(a, mv.Pass):
        return s
    s = set_player(s, seat, silver=s.players[seat].silver - hire_price(s, seat))
    return cards.hire(s, seat, position(s.players[seat].space))


# ---- phase 5: the collision (§4.7, §6.9) -------------------------------------------------------------------


def columns(seat_ai: bool) -> tuple[CollisionColumn, ...]:
    """The collision track printed on the board (the AI's own above-row, §8.3)."""
    if seat_ai:
        return ai_board().collision
    return CONTENT.board.collision


def collide(s: State, seat: int) -> State:
    """§4.7 phase 5: Workshop 2 virtue for every player without criminals, every collision ability, then the
    column's rewards (``Collide``) and the reset."""
    at_start = s.players[seat].virtue if s.options.collision_column == "at_start" else 0
    for q in seats_from(s, seat):
        p = s.players[q]
        if has_slot_ability(p, "collision_virtue") and criminals(p) == 0:
            s = goods.gain_virtue(s, q, 1)
    return push(s, *effects.collision_abilities(s, seat), Collide(seat, at_start), Reset(seat))


def collide_rewards(s: State, step: Collide) -> State:
    """§4.7 phase 5 steps 3–4: the column where the markers stand (A-05): the active player's row above,
    every other player's row below (its condition on their own board)."""
    column = step.column or s.players[step.seat].virtue
    row = columns(s.players[step.seat].ai)[column - 1]
    others = [Run(q, (row.others,), f"collision column {column}") for q in seats_from(s, step.seat)[1:]]
    return swap_head(s, Run(step.seat, (row.active,), f"collision column {column}"), *others)


# ---- phase 6 and the end of the turn -----------------------------------------------------------------------


def draw_up(s: State, seat: int) -> State:
    """§4.7 phase 6: one card at a time up to the hand limit, until both piles are empty."""
    p = s.players[seat]
    if p.ai or len(p.hand) >= hand_limit(s, seat) or not cards.can_take_top(s, seat):
        return _phase(s, "done")
    return cards.take_top(s, seat, "hand")


def last_seat(s: State) -> int:
    """§4.9: the player to the right of the start player takes each round's last turn."""
    return (s.start - 1) % len(s.players)


def end_round(s: State) -> int:
    """The round the game ends after (§4.9): one full round after the round of the first reveal; 0 while
    neither the Poverty nor the Prosperity card is revealed."""
    revealed = [r for r in (s.poverty, s.prosperity) if r]
    return min(revealed) + 1 if revealed else 0


def next_turn(s: State) -> State:
    """The turn passes to the left; after the round's last turn, the round ends or the game does."""
    assert s.turn is not None
    seat = s.turn.seat
    if seat == last_seat(s):
        if end_round(s) and s.round >= end_round(s):
            return replace(s, stage="over", turn=None)
        s = replace(s, round=s.round + 1)
    return replace(s, turn=Turn(seat=(seat + 1) % len(s.players)))


def _collide_phase(s: State, seat: int) -> State:
    s = _phase(s, "draw")
    p = s.players[seat]
    return collide(s, seat) if p.corruption == p.virtue else s


AI_PROGRESS: dict[str, Callable[[State, int], State | None]] = {"slide": solo.slide, "play": solo.reveal}
"""§8.4: the AI's phase 1 (its scheme card's rows set the turn on to the collision)."""

PROGRESS: dict[str, Callable[[State, int], State | None]] = {
    "slide": slide,
    "play": lambda s, seat: None if s.players[seat].hand else cards.take_top(s, seat, "play"),
    "move": lambda s, seat: None,
    "action": lambda s, seat: None,
    "recruit": lambda s, seat: None if can_recruit(s, seat) else _phase(s, "collide"),
    "collide": _collide_phase,
    "draw": draw_up,
    "done": lambda s, seat: next_turn(s),
}
"""What each phase does by itself when nothing is queued (``None``: the player decides)."""


def progress(s: State) -> State | None:
    """One automatic step of the turn, or ``None`` when its player decides."""
    if s.turn is None:
        return None
    seat = s.turn.seat
    if s.players[seat].ai and s.turn.phase in AI_PROGRESS:
        return AI_PROGRESS[s.turn.phase](s, seat)
    return PROGRESS[s.turn.phase](s, seat)


def reset(s: State, step: Reset) -> State:
    """§4.7 phase 5 step 5."""
    return goods.reset_track(s, step.seat)
