"""Citadels in the terminal: the round, the turn, each seat's gold, city, hand and characters.

The client keeps no rule: it lays out the view the service sends (``"?"`` for what the viewer may not
see), naming cards by the ``DescribeGame`` content (:class:`rulesengine_client.render.Names`).
:mod:`rulesengine_client.render` finds this module by the game id (see :func:`render_game`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from rulesengine.v1 import common_pb2
from rulesengine.v1.citadels_pb2 import CitadelsState

if TYPE_CHECKING:
    from rulesengine_client.render import Names

#: The game this module draws (``GameState.citadels``).
GAME_ID = "citadels"
HIDDEN = "?"
#: This game's own notation on the screens (``rulesengine_client.render.legend``).
NOTATION = "Citadels: [crown] = the crowned seat; * after a district = beautified."


def _cards(cards: Iterable[str], names: Names) -> str:
    items = list(cards)
    if not items:
        return "-"
    if all(c == HIDDEN for c in items):
        return f"{len(items)} hidden"
    return ", ".join(names.short(c) for c in items)


def render(state: CitadelsState, names: Names, seat: int | None) -> str:
    """A Citadels state (usually a view) as a few readable lines, from ``seat``'s side."""
    lines: list[str] = []
    phase = state.phase if state.HasField("phase") else "selection"
    rnd = state.round if state.HasField("round") else 1
    deck = len(state.deck) + len(state.deck_bottom)
    head = f"Round {rnd}, {phase} phase; crown: seat {state.crown}; deck: {deck} cards"
    if state.tax_token:
        head += f"; tax token: {state.tax_token} gold"
    if state.end_triggered:
        head += "; LAST ROUND"
    lines.append(head)
    if state.HasField("turn"):
        turn = state.turn
        turn_text = f"Turn: seat {turn.seat} as {names.short(turn.character)}"
        if turn.gathered:
            turn_text += ", has gathered"
        if turn.builds:
            turn_text += f", {turn.builds} built"
        if turn.drawn:
            turn_text += f"; drawn: {_cards(turn.drawn, names)}"
        lines.append(turn_text)
    for index, player in enumerate(state.players):
        marker = " (you)" if index == seat else ""
        crown = " [crown]" if index == state.crown else ""
        city = ", ".join(names.short(b.card) + ("*" if b.beautified else "") for b in player.city) or "-"
        built = f"{len(player.city)} district" + ("" if len(player.city) == 1 else "s")
        lines.append(f"  seat {index}{marker}{crown}: {player.gold} gold, {built}: {city}")
        lines.append(f"      hand: {_cards(player.hand, names)}; characters: {_cards(player.characters, names)}")
    public = []
    if state.faceup:
        public.append(f"face-up discards: {_cards(state.faceup, names)}")
    if state.character_pile and any(c != HIDDEN for c in state.character_pile):
        public.append(f"characters on offer: {_cards(state.character_pile, names)}")
    if state.killed:
        public.append(f"killed: {names.short(state.killed)}")
    if state.robbed:
        public.append(f"robbed: {names.short(state.robbed)}")
    if state.bewitched:
        public.append(f"bewitched: {names.short(state.bewitched)}")
    if public:
        lines.append("  " + "; ".join(public))
    return "\n".join(lines)


def render_game(
    state: CitadelsState,
    names: Names,
    seat: int | None,
    *,
    pending: common_pb2.Pending | None = None,
    facts: Mapping[str, Any] | None = None,
) -> str:
    """The screen of a Citadels state for :func:`rulesengine_client.render.render_state` (the state lists
    everything it shows: ``pending`` and ``facts`` are not needed)."""
    return render(state, names, seat)
