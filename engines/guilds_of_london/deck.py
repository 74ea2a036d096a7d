"""Every chance event (§5.5, §8): the starting order, the plantation side, tiles, tokens, action cards and
Lord Mayor cards. Each is a ``Step`` owed by the CHANCE seat. External chance names the outcome; the
engine's generator draws an index below the population size, so copies weigh as they do in a real deck.

The hidden piles are unordered multisets, so drawing uniformly from them is the same as shuffling once
and drawing from the top. When the action deck is empty the discard pile becomes the deck; with both
empty the draw stops (A-15). Cards put under the Lord Mayor deck come, in their order, once its unseen
part is empty; with neither, nothing is drawn (A-15). A draw with nothing to draw is dropped (A-26).
"""

from __future__ import annotations

from itertools import permutations
from typing import Any

from msgspec.structs import replace

from engines.core.errors import Violation, violation
from engines.core.items import add_sorted, remove_one
from engines.core.table import Draw, uniform
from engines.core.text import Message
from engines.guilds_of_london import moves as mv
from engines.guilds_of_london.common import CONTENT, cell_index, set_player, set_tile, tracks
from engines.guilds_of_london.order import starting_stamps
from engines.guilds_of_london.state import (
    CityTile,
    DrawCard,
    DrawLordMayor,
    DrawOrder,
    DrawSide,
    DrawTile,
    DrawToken,
    State,
)

ChanceStep = DrawOrder | DrawSide | DrawTile | DrawToken | DrawCard | DrawLordMayor


def pop(s: State) -> State:
    """The head step is done."""
    return replace(s, queue=s.queue[1:])


def push(s: State, *steps: Any) -> State:
    """Queue ``steps`` to run next, before work queued earlier (a continuation stack)."""
    return replace(s, queue=(*steps, *s.queue))


def _orders(players: int) -> list[tuple[int, ...]]:
    """R-SETUP-6: every starting order of the seats, in lexicographic order."""
    return list(permutations(range(players)))


def _pool(s: State, step: DrawTile) -> tuple[str, ...]:
    """R-SETUP-12/13, A-01, A-04: the tiles a cell may receive: the whole supply, or its special buildings
    only, or its guild tiles only."""
    if step.pool == "any":
        return s.tile_supply
    kind = "SPECIAL" if step.pool == "special" else "GUILD"
    return tuple(t for t in s.tile_supply if t in CONTENT.tile and CONTENT.tile[t].kind == kind)


def population(s: State, step: ChanceStep) -> tuple[Any, ...]:
    """What a draw picks from, duplicates included (5 copies of a card weigh 5)."""
    if isinstance(step, DrawOrder):
        return tuple(_orders(len(s.players)))
    if isinstance(step, DrawSide):
        return tuple(side.id for side in CONTENT.plantation)
    if isinstance(step, DrawTile):
        return _pool(s, step)
    if isinstance(step, DrawToken):
        return s.token_bag
    if isinstance(step, DrawCard):
        return s.deck
    return s.lm_deck


def outcome_action(step: ChanceStep, outcome: Any) -> Any:
    """The chance move naming ``outcome``."""
    if isinstance(step, DrawOrder):
        return mv.StartingOrder(tuple(outcome))
    if isinstance(step, DrawSide):
        return mv.ChanceSide(outcome)
    if isinstance(step, DrawTile):
        return mv.ChanceTile(outcome)
    if isinstance(step, DrawToken):
        return mv.ChanceToken(outcome)
    if isinstance(step, DrawCard):
        return mv.ChanceCard(outcome)
    return mv.ChanceLordMayor(outcome)


def outcome_of(action: Any) -> Any:
    """What a chance move names."""
    if isinstance(action, mv.StartingOrder):
        return action.seats
    if isinstance(action, mv.ChanceSide):
        return action.side
    if isinstance(action, mv.ChanceTile):
        return action.tile
    if isinstance(action, mv.ChanceToken):
        return action.token
    return action.card


ACTION_OF: dict[type, type] = {
    DrawOrder: mv.StartingOrder,
    DrawSide: mv.ChanceSide,
    DrawTile: mv.ChanceTile,
    DrawToken: mv.ChanceToken,
    DrawCard: mv.ChanceCard,
    DrawLordMayor: mv.ChanceLordMayor,
}
"""The chance move each kind of draw takes."""


def chance_options(s: State, step: ChanceStep) -> list[Any]:
    """§5.5: every possible outcome, each once (external chance)."""
    return [outcome_action(step, outcome) for outcome in dict.fromkeys(population(s, step))]


def chance_draw(s: State, step: ChanceStep) -> Draw:
    """§5.5: a uniform draw among the pieces of the pile, so each copy is equally likely (the engine's
    generator picks an index below the population size)."""
    return uniform(population(s, step), lambda piece: outcome_action(step, piece))


_WHAT: dict[type, Message] = {
    DrawOrder: Message(
        "guilds_of_london.refusal.not_offered.order",
        "That is no starting order that can be drawn now ({n} different ones can be).",
    ),
    DrawSide: Message(
        "guilds_of_london.refusal.not_offered.side",
        "That is no plantation side that can be drawn now ({n} different ones can be).",
    ),
    DrawTile: Message(
        "guilds_of_london.refusal.not_offered.tile",
        "That is no tile in the tile supply that can be drawn now ({n} different ones can be).",
    ),
    DrawToken: Message(
        "guilds_of_london.refusal.not_offered.token",
        "That is no token in the bag that can be drawn now ({n} different ones can be).",
    ),
    DrawCard: Message(
        "guilds_of_london.refusal.not_offered.card",
        "That is no card in the action deck that can be drawn now ({n} different ones can be).",
    ),
    DrawLordMayor: Message(
        "guilds_of_london.refusal.not_offered.lord_mayor",
        "That is no card in the Lord Mayor deck that can be drawn now ({n} different ones can be).",
    ),
}
"""§5.5: a refusal of an outcome that cannot be drawn, by what is drawn."""


_FIELD: dict[type, str] = {
    mv.StartingOrder: "action.seats",
    mv.ChanceSide: "action.side",
    mv.ChanceTile: "action.tile",
    mv.ChanceToken: "action.token",
    mv.ChanceCard: "action.card",
    mv.ChanceLordMayor: "action.card",
}
"""The field of each chance move that names its outcome (what a refusal points at)."""


def check_chance(s: State, step: ChanceStep, action: Any) -> list[Violation]:
    """§5.5: the outcome named is one that can be drawn now."""
    drawn = population(s, step)
    if outcome_of(action) in drawn:
        return []
    message = _WHAT[type(step)](n=len(set(drawn)))
    return violation("GUILDS_OF_LONDON_NOT_OFFERED", message, _FIELD[type(action)])


def _take(s: State, step: DrawCard | DrawLordMayor) -> State:
    """One of ``count`` draws is done."""
    if step.count > 1:
        return replace(s, queue=(replace(step, count=step.count - 1), *s.queue[1:]))
    return pop(s)


def place_tile(s: State, row: int, col: int, tile: str) -> State:
    """R-SETUP-1, R-GROW-2: a tile goes starting side up onto ``(row, col)``; the city stays in reading order."""
    placed = CityTile(row=row, col=col, tile=tile, liverymen=(0,) * len(s.players))
    city = tuple(sorted((*s.city, placed), key=lambda t: (t.row, t.col)))
    return replace(s, city=city, tile_supply=remove_one(s.tile_supply, tile))


def apply_chance(s: State, step: ChanceStep, action: Any) -> State:
    """§5.5: resolve the head chance step with its (checked) outcome."""
    outcome = outcome_of(action)
    if isinstance(step, DrawOrder):
        return pop(starting_stamps(s, tuple(outcome)))
    if isinstance(step, DrawSide):
        return pop(replace(s, plantation_side=outcome))
    if isinstance(step, DrawTile):
        return pop(place_tile(s, step.row, step.col, outcome))
    if isinstance(step, DrawToken):
        s = set_tile(s, cell_index(s, step.row, step.col), token=outcome)
        return pop(replace(s, token_bag=remove_one(s.token_bag, outcome)))
    if isinstance(step, DrawCard):
        hand = add_sorted(s.players[step.seat].hand, outcome)
        return _take(set_player(replace(s, deck=remove_one(s.deck, outcome)), step.seat, hand=hand), step)
    offer = (*s.players[step.seat].lm_offer, outcome)
    return _take(set_player(replace(s, lm_deck=remove_one(s.lm_deck, outcome)), step.seat, lm_offer=offer), step)


def settle_draw(s: State, step: ChanceStep) -> State | None:
    """A draw that needs no chance: the discard pile becomes the deck (A-15), the next card under the Lord
    Mayor deck comes in its order, a draw with nothing left to draw (or no tile to put a token on, A-26)
    is dropped. ``None`` when the draw is a real chance decision."""
    if isinstance(step, DrawCard):
        if s.deck:
            return None
        if s.discard:
            return replace(s, deck=s.discard, discard=())
        return pop(s)
    if isinstance(step, DrawLordMayor):
        if s.lm_deck:
            return None
        if s.lm_bottom:
            card, rest = s.lm_bottom[0], s.lm_bottom[1:]
            offer = (*s.players[step.seat].lm_offer, card)
            return _take(set_player(replace(s, lm_bottom=rest), step.seat, lm_offer=offer), step)
        return pop(s)
    if isinstance(step, DrawTile | DrawToken) and not population(s, step):
        return pop(s)
    if isinstance(step, DrawTile) and not _empty_cell(s, step.row, step.col):
        return pop(s)
    if isinstance(step, DrawToken) and not _awaits_token(s, step.row, step.col):
        return pop(s)
    return None


def _empty_cell(s: State, row: int, col: int) -> bool:
    """A tile goes only onto a cell that holds neither a tile nor the Guildhall (§4.7.3, invariant 10)."""
    return cell_index(s, row, col) < 0 and (row, col) not in tracks(s).layout.guildhall


def _awaits_token(s: State, row: int, col: int) -> bool:
    """A token goes only onto a face-up tile without one (R-SETUP-2, R-GROW-5)."""
    i = cell_index(s, row, col)
    return i >= 0 and s.city[i].face_up and not s.city[i].token
