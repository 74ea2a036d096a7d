"""Chance (§9): every shuffle and draw as a decision of the CHANCE seat, which names what was drawn.

With external chance a real table reports the segment laid, the castle's rotation, the card or
manuscript that came to a pile's top, the player cards and heroes laid out, and each card taken from a
draw pile. With a seeded game the engine's PCG32 draws uniformly among the physical pieces (a card that
is twice in a pile is twice as likely).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from msgspec.structs import replace

from engines.core.errors import Violation, violation
from engines.core.items import add_sorted, remove_one
from engines.core.table import Draw, uniform
from engines.core.text import Message
from engines.viscounts import cards, solo, turn
from engines.viscounts import moves as mv
from engines.viscounts.board import SEGMENTS, spot_table
from engines.viscounts.common import CONTENT, at, set_player, swap_head
from engines.viscounts.names import piece_words
from engines.viscounts.state import (
    EMPTY,
    DrawCard,
    DrawFolk,
    DrawHero,
    DrawManuscript,
    DrawPlayerCard,
    DrawRotation,
    DrawScheme,
    DrawSegment,
    DrawStart,
    Pair,
    State,
)

NOT_DRAWABLE = Message("viscounts.refusal.not_drawable", "{piece} cannot be drawn here.")


def _letters(s: State, step: object = None) -> list[str]:
    """The physical segments not yet on the ring."""
    placed = {CONTENT.segments[side].segment for side in s.ring}
    return [
        CONTENT.segments[side].segment
        for side in CONTENT.sides_for(s.options.players)
        if CONTENT.segments[side].segment not in placed
    ]


def _side_of(s: State, letter: str) -> str:
    return next(side for side in CONTENT.sides_for(s.options.players) if CONTENT.segments[side].segment == letter)


def _scripts(s: State) -> tuple[str, ...]:
    """Manuscripts a pile's new top comes from: the grey-backed ones at setup, then the black-backed."""
    return s.grey_unseen or s.script_unseen


POPULATION: dict[type, Callable[[State, Any], Sequence[Any]]] = {
    DrawSegment: _letters,
    DrawRotation: lambda s, step: range(SEGMENTS),
    DrawFolk: lambda s, step: s.folk_unseen,
    DrawManuscript: lambda s, step: _scripts(s),
    DrawStart: lambda s, step: range(len(s.players)),
    DrawPlayerCard: lambda s, step: s.cards_unseen,
    DrawHero: lambda s, step: s.heroes_unseen,
    DrawCard: lambda s, step: s.players[step.seat].draw,
    DrawScheme: lambda s, step: s.future_unseen if step.future else s.players[step.seat].draw,
}
"""The physical pieces each draw is among (with repeats)."""

ACTION: dict[type, type] = {
    DrawSegment: mv.Segment,
    DrawRotation: mv.Rotation,
    DrawFolk: mv.FolkDrawn,
    DrawManuscript: mv.ManuscriptDrawn,
    DrawStart: mv.StartDrawn,
    DrawPlayerCard: mv.PlayerCardDrawn,
    DrawHero: mv.HeroDrawn,
    DrawCard: mv.CardDrawn,
    DrawScheme: mv.SchemeDrawn,
}
"""The chance action that answers each kind of draw (it names the piece drawn)."""


def _value(a: Any) -> Any:
    """The piece a chance action names (its one field)."""
    return getattr(a, a.__struct_fields__[0])


def chance_options(s: State, step: Any) -> list[Any]:
    """§9 random events: every piece that can be drawn, each once."""
    return [ACTION[type(step)](v) for v in dict.fromkeys(POPULATION[type(step)](s, step))]


def check_chance(s: State, step: Any, a: Any) -> list[Violation]:
    """§9 random events: the piece named is among those that can be drawn."""
    if _value(a) in POPULATION[type(step)](s, step):
        return []
    field = f"action.{a.__struct_fields__[0]}"
    return violation("VISCOUNTS_NOT_DRAWABLE", NOT_DRAWABLE(piece=piece_words(a)), field)


def draw(s: State, step: Any) -> Draw:
    """§9 random events: one uniform pick among the physical pieces (a piece that is there twice is twice as
    likely), named by the step's chance action."""
    return uniform(POPULATION[type(step)](s, step), ACTION[type(step)])


# ---- what a draw does -----------------------------------------------------------------------------------------


def _segment(s: State, step: DrawSegment, a: mv.Segment) -> State:
    ring = (*s.ring, _side_of(s, a.segment))
    s = replace(s, ring=ring)
    if len(ring) == SEGMENTS:
        s = replace(s, spots=(EMPTY,) * len(spot_table(ring)))
    return s


def _folk(s: State, step: DrawFolk, a: mv.FolkDrawn) -> State:
    pos = step.position
    return replace(
        s,
        folk_unseen=remove_one(s.folk_unseen, a.card),
        folk_tops=at(s.folk_tops, pos, a.card),
        folk_left=at(s.folk_left, pos, s.folk_left[pos] - 1),
    )


def _manuscript(s: State, step: DrawManuscript, a: mv.ManuscriptDrawn) -> State:
    pos = step.position
    s = replace(s, script_tops=at(s.script_tops, pos, a.manuscript))
    if s.grey_unseen:
        return replace(s, grey_unseen=remove_one(s.grey_unseen, a.manuscript))
    return replace(
        s,
        script_unseen=remove_one(s.script_unseen, a.manuscript),
        script_left=at(s.script_left, pos, s.script_left[pos] - 1),
    )


def _card(s: State, step: DrawCard, a: mv.CardDrawn) -> State:
    """The top card of the draw pile: into the hand, played blind, discarded or destroyed (§4.6)."""
    seat = step.seat
    p = s.players[seat]
    s = set_player(s, seat, draw=remove_one(p.draw, a.card))
    if step.purpose == "hand":
        return set_player(s, seat, hand=add_sorted(s.players[seat].hand, a.card))
    if step.purpose == "play":
        return turn.play_card(s, seat, a.card)
    if step.purpose == "discard":
        return cards.to_discard(s, seat, a.card)
    return cards.destroyed(s, seat, a.card)


APPLY: dict[type, Callable[[State, Any, Any], State]] = {
    DrawSegment: _segment,
    DrawRotation: lambda s, step, a: replace(s, rotation=a.rotation),
    DrawFolk: _folk,
    DrawManuscript: _manuscript,
    DrawStart: lambda s, step, a: replace(s, start=a.start),
    DrawPlayerCard: lambda s, step, a: replace(
        s, cards_unseen=tuple(c for c in s.cards_unseen if c != a.number), pairs=(*s.pairs, Pair(a.number))
    ),
    DrawHero: lambda s, step, a: replace(
        s,
        heroes_unseen=remove_one(s.heroes_unseen, a.hero),
        pairs=at(s.pairs, step.pair, replace(s.pairs[step.pair], hero=a.hero)),
    ),
    DrawCard: _card,
    DrawScheme: lambda s, step, a: (solo.future if step.future else _reveal)(s, step, a.scheme),
}


def _reveal(s: State, step: DrawScheme, scheme: str) -> State:
    return solo.revealed(s, step.seat, scheme)


def apply_chance(s: State, step: Any, a: Any) -> State:
    """§9 random events: the drawn piece goes where the step says; the step leaves the queue first."""
    return APPLY[type(step)](swap_head(s), step, a)
