"""The district deck and every chance event (§9.3): draws, random character discards, random
cards taken from a hand. Each is a ``Step`` owed by the CHANCE seat; with engine randomness
the state's PCG32 decides it uniformly."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from msgspec.structs import replace

from engines.citadels.common import character, distinct, set_player
from engines.citadels.moves import ChanceCard, ChanceCharacter
from engines.citadels.naming import CHARACTERS, DISTRICTS, thing
from engines.citadels.state import (
    DiscardCharacter,
    DrawCard,
    State,
    Step,
    TakeRandomCard,
    TakeRandomCharacter,
)
from engines.core.errors import Violation, violation
from engines.core.items import remove_one
from engines.core.text import Message, Param

if TYPE_CHECKING:
    ChanceStep = DrawCard | DiscardCharacter | TakeRandomCard | TakeRandomCharacter


def push(s: State, *steps: Step) -> State:
    """Queue ``steps`` to run next, before work queued earlier (a continuation stack)."""
    return replace(s, queue=(*steps, *s.queue))


def draws(seat: int, n: int, to: Literal["hand", "drawn"] = "hand") -> tuple[DrawCard, ...]:
    """``n`` draw steps for ``seat``."""
    return tuple(DrawCard(seat, to) for _ in range(n))


def draw(s: State, seat: int, n: int) -> State:
    """Queue ``n`` draws into ``seat``'s hand (§0 "gain N cards"; §11 D1: fewer if the deck runs out)."""
    return push(s, *draws(seat, n))


def _receive(s: State, step: DrawCard, card: str) -> State:
    if step.to == "drawn" and s.turn is not None:
        return replace(s, turn=replace(s.turn, drawn=(*s.turn.drawn, card)))
    p = s.players[step.seat]
    return set_player(s, step.seat, hand=(*p.hand, card))


def resolve_forced_draw(s: State, step: DrawCard) -> State:
    """§11 D1: the next card under the deck, or nothing once the deck is exhausted."""
    s = replace(s, queue=s.queue[1:])
    if not s.deck_bottom:
        return s
    card, rest = s.deck_bottom[0], s.deck_bottom[1:]
    return _receive(replace(s, deck_bottom=rest), step, card)


def faceup_allowed(s: State) -> list[str]:
    """R-4.2.2: a rank-4 character is never discarded face up."""
    return [c for c in s.character_pile if character(c).rank != 4]


def chance_options(s: State, step: ChanceStep) -> list[str]:
    """§9.3: the outcomes of a chance step, each once (weights come from ``chance_population``)."""
    return distinct(chance_population(s, step))


def chance_population(s: State, step: ChanceStep) -> tuple[str, ...]:
    """The items a uniform draw picks from, duplicates included (a deck of 5 Manors …)."""
    if isinstance(step, DrawCard):
        return s.deck
    if isinstance(step, DiscardCharacter):
        return tuple(faceup_allowed(s)) if step.face == "up" else s.character_pile
    if isinstance(step, TakeRandomCard):
        return s.players[step.source].hand
    return s.players[step.source].characters


NOT_IN_DECK = Message("citadels.refusal.not_in_deck", "The {card} is not in the deck.")
NOT_IN_SEAT_HAND = Message("citadels.refusal.not_in_seat_hand", "The {card} is not in seat {seat}'s hand.")
NOT_BY_CHANCE = Message("citadels.refusal.not_by_chance", "The {character} cannot be chosen by this chance event.")


def check_chance(s: State, step: ChanceStep, action: ChanceCard | ChanceCharacter) -> list[Violation]:
    """§9.3: the chance outcome must be one that can occur. (A card draw's row takes only ``ChanceCard``, a
    character's only ``ChanceCharacter``: the engine refuses the other type before this check.)"""
    outcome = action.card if isinstance(action, ChanceCard) else action.character
    if outcome in chance_population(s, step):
        return []
    if isinstance(step, DrawCard | TakeRandomCard):
        card = _named(outcome)
        refusal = (
            NOT_IN_DECK(card=card) if isinstance(step, DrawCard) else NOT_IN_SEAT_HAND(card=card, seat=step.source)
        )
        return violation("CITADELS_NOT_OFFERED", refusal, "action.card")
    return violation("CITADELS_NOT_OFFERED", NOT_BY_CHANCE(character=_named(outcome)), "action.character")


def _named(outcome: str) -> Param:
    """A chance outcome by its name (an id no content names stays as it is)."""
    return thing(outcome) if outcome in CHARACTERS or outcome in DISTRICTS else outcome


def apply_chance(s: State, step: ChanceStep, outcome: str) -> State:
    """§9.3: resolve the head chance step with ``outcome`` (already checked)."""
    s = replace(s, queue=s.queue[1:])
    if isinstance(step, DrawCard):
        return _receive(replace(s, deck=remove_one(s.deck, outcome)), step, outcome)
    if isinstance(step, DiscardCharacter):
        pile = remove_one(s.character_pile, outcome)
        if step.face == "up":
            return replace(s, character_pile=pile, faceup=(*s.faceup, outcome))
        first = outcome if not s.facedown and not s.first_facedown else s.first_facedown
        return replace(s, character_pile=pile, facedown=(*s.facedown, outcome), first_facedown=first)
    if isinstance(step, TakeRandomCard):
        src = s.players[step.source]
        s = set_player(s, step.source, hand=remove_one(src.hand, outcome))
        dst = s.players[step.seat]
        return set_player(s, step.seat, hand=(*dst.hand, outcome))
    # Theater with 2–3 players: swap the given character for the random one.
    src = s.players[step.source]
    s = set_player(s, step.source, characters=(*remove_one(src.characters, outcome), step.give))
    own = s.players[step.seat]
    return set_player(s, step.seat, characters=(*remove_one(own.characters, step.give), outcome))
