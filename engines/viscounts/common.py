"""What the rule modules share: the content, small immutable updates of the state, and what a player
owns and shows (§4.2, §4.3)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from msgspec.structs import replace

from engines.viscounts.content import CONTENT, AiBoard, Content, Icon, Resource, TownsfolkCard
from engines.viscounts.state import EMPTY, Player, State, Step

__all__ = ["CONTENT", "Content"]


RESOURCES: tuple[Resource, ...] = ("ink", "gold", "stone")
"""§0.2: the three resources (silver is not one)."""


# ---- small updates ----------------------------------------------------------------------------------


def at(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """``values`` with ``values[index]`` replaced by ``value``."""
    return (*values[:index], value, *values[index + 1 :])


def set_player(s: State, seat: int, **changes: Any) -> State:
    """``s`` with seat ``seat``'s player changed."""
    return replace(s, players=at(s.players, seat, replace(s.players[seat], **changes)))


def gain(s: State, seat: int, **amounts: int) -> State:
    """``s`` with seat ``seat``'s counters (silver, ink, ...) changed by ``amounts``."""
    p = s.players[seat]
    return set_player(s, seat, **{k: getattr(p, k) + v for k, v in amounts.items()})


def seats_from(s: State, first: int) -> list[int]:
    """Every seat in turn order (clockwise) starting with ``first``."""
    n = len(s.players)
    return [(first + i) % n for i in range(n)]


# ---- what a player owns and shows (§4.2, §4.3) ---------------------------------------------------------


def owned(p: Player) -> tuple[str, ...]:
    """§4.2 "owned townsfolk": hand, draw pile, discard pile and board slots."""
    return (*p.hand, *p.draw, *p.discard, *(c for c in p.slots if c != EMPTY))


def ai_board() -> AiBoard:
    """The solo AI's board (§8.1: the Cleric AI, the only one known)."""
    return next(iter(CONTENT.ai_boards.values()))


def slot_cards(p: Player) -> list[TownsfolkCard]:
    """The townsfolk in the player's board slots (the AI has scheme cards there instead)."""
    return [] if p.ai else [CONTENT.townsfolk[c] for c in p.slots if c != EMPTY]


def slot_icons(p: Player) -> list[Icon]:
    """The icons of the cards in the board slots: townsfolk icons, or the AI's scheme header icons (§8.2)."""
    if p.ai:
        return [icon for c in p.slots if c != EMPTY for icon in CONTENT.schemes[c].header_icons]
    return [icon for c in slot_cards(p) for icon in c.icons]


def criminals(p: Player) -> int:
    """§4.3: criminal icons on cards in the board slots."""
    return slot_icons(p).count("CRIMINAL")


def building_icons(p: Player) -> list[Icon]:
    """§4.3 item 3: icons revealed by the player's constructed buildings."""
    slots = {slot.id: slot for slot in board_slots(p)}
    return [icon for built in p.built for icon in slots[built].icons]


def board_slots(p: Player) -> Iterable[Any]:
    """The building slots of the player's board (the AI's board for the AI)."""
    return ai_board().slots if p.ai else CONTENT.board.slots


def starting_icons(p: Player) -> list[Icon]:
    """§4.3 item 2: the printed icons of empty card slots (the AI's board prints its own, §8.1)."""
    printed = ai_board().starting_icons if p.ai else CONTENT.board.starting_icons
    return [icon for number, c in enumerate(p.slots, start=1) if c == EMPTY for icon in printed.get(number, ())]


def cleric_icons(p: Player) -> list[Icon]:
    """§4.3 item 4, A-22: the icon on each Cleric Bonus card held."""
    return [CONTENT.board.cleric_bonus_icons[ribbon] for ribbon in p.cleric_bonus]


def board_icons(p: Player) -> list[Icon]:
    """§4.3: every icon on the player board: slot cards, uncovered starting icons, buildings, Cleric Bonus."""
    return [*slot_icons(p), *starting_icons(p), *building_icons(p), *cleric_icons(p)]


def has_slot_ability(p: Player, ability: str) -> bool:
    """Whether a constructed building revealed ``ability`` (§6.9)."""
    slots = {slot.id: slot for slot in board_slots(p)}
    return any(slots[built].ability == ability for built in p.built)


def hand_limit(s: State, seat: int) -> int:
    """§4.7 phase 6: 3, +1 with Workshop 3, +1 while holding the Castle Leader card."""
    p = s.players[seat]
    bonus = CONTENT.board.castle_leader_hand if s.castle.leader == seat else 0
    return CONTENT.board.hand_limit + has_slot_ability(p, "hand_limit") + bonus


# ---- the queue ------------------------------------------------------------------------------------------


def push(s: State, *steps: Step) -> State:
    """``s`` with ``steps`` in front of the queue, in order."""
    return replace(s, queue=(*steps, *s.queue)) if steps else s


def swap_head(s: State, *steps: Step) -> State:
    """``s`` with the head of its queue replaced by ``steps`` (none: just removed)."""
    return replace(s, queue=(*steps, *s.queue[1:]))
