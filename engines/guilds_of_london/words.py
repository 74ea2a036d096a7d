"""Guilds of London in words: a label and a path of choices for every legal move, and the log lines of a move.

Tiles are named by their content name and cell (``Guild 7 (0,1)``: row 0, column 1, §3.1); action cards,
Lord Mayor cards and second-place tokens, which have no printed name, by what a player sees of them
(``names``: the ``Scythe card``, the Lord Mayor card scoring ``2 VP per guild tile you are master of with
an Anchor``, a token of ``draw 1 card``); seats as ``Seat N``. A path chooses the kind of move, then each
of its parts; a part with more than 25 possible values (a chat menu's limit) is chosen in two steps, first
a group of at most 25 consecutive values. The groups come from the whole range of the part (every card
type in hand, every place in the city), so every move of a decision walks menus of the same shape.

A public log line says what happened, in the past tense, the actor first (``Seat 2 hired 2 liverymen``,
``Chance drew Guild 7 for (0,1)``). It names nothing hidden from another seat: action cards drawn, Lord
Mayor cards drawn, kept or put under the deck are named only in the private line, a sentence to the
mover (``You kept …``); cards played or discarded lie face up and are named (A-29). A line also says what
followed by itself: tiles resolved, the round marker's jump when every tile is resolved (R-RES-20), the
round reached, the end of the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.core.engine import CHANCE
from engines.core.table import Act, Happened
from engines.core.text import (
    LIST_COMMA,
    LogEntry,
    Message,
    MoveLabel,
    Name,
    Param,
    Text,
    listing,
    menu_steps,
    seated,
)
from engines.core.text import seat as seat_of
from engines.guilds_of_london import moves as mv
from engines.guilds_of_london.common import CONTENT
from engines.guilds_of_london.effects import find_choice
from engines.guilds_of_london.names import (
    NOTHING,
    SIDES,
    TILES,
    card_name,
    effect_words,
    effects_words,
    lord_mayor_name,
    scoring_words,
    token_name,
)
from engines.guilds_of_london.state import GUILDHALL, ChoiceStep, CityTile, DrawTile, DrawToken, State

GAME = "guilds_of_london"

__all__ = ["card_name", "effect_words", "effects_words", "label", "log", "tile_name"]


# ---- naming things ---------------------------------------------------------------------------------------

THE_GUILDHALL = Message("guilds_of_london.place.guildhall", "the Guildhall")
UNKNOWN_TILE = Message("guilds_of_london.place.unknown_tile", "an unknown tile")
PLACED = Message("guilds_of_london.place.tile", "{tile} ({row},{col})")
CELL = Message("guilds_of_london.place.cell", "({row},{col})")
THE_CITY = Message("guilds_of_london.place.city", "the city")
LORD_MAYOR_CARD = Message("guilds_of_london.name.lord_mayor_card", "the Lord Mayor card scoring {scoring}")
LIVERYMEN = Message("guilds_of_london.count.liverymen", "{n} liveryman", "{n} liverymen")
NOBODY = Message("guilds_of_london.count.nobody", "nobody")
NEUTRAL_PAWNS = Message("guilds_of_london.count.neutral_pawns", "{n} neutral pawn", "{n} neutral pawns")
NO_NEUTRAL_PAWNS = Message("guilds_of_london.count.no_neutral_pawns", "no neutral pawns")


def tile(tile_id: str) -> Name | Text:
    """A tile by its name (``Guild 7``)."""
    return TILES.get(tile_id) or UNKNOWN_TILE()


def tile_name(s: State, tile_id: str) -> Name | Text:
    """A tile by name and cell, ``Guild 7 (0,1)``; the Guildhall by name."""
    if tile_id == GUILDHALL:
        return THE_GUILDHALL()
    placed = next((t for t in s.city if t.tile == tile_id), None)
    if placed is not None:
        return placed_name(placed)
    return tile(tile_id)


def placed_name(placed: CityTile) -> Text:
    """A tile of the city by name and cell, ``Guild 7 (0,1)`` (its cell read off the tile itself)."""
    return PLACED(tile=tile(placed.tile), row=placed.row, col=placed.col)


def _lord_mayor(card: str) -> Text:
    """``the Lord Mayor card scoring 2 VP per …`` (a line names one card: which copy it is does not matter)."""
    return LORD_MAYOR_CARD(scoring=scoring_words(card))


def _cards(cards: Sequence[str]) -> list[tuple[str, Param]]:
    return [(card, card_name(card)) for card in sorted(set(cards))]


def _places(s: State) -> list[tuple[str, Param]]:
    """Every place a figure can be named at: the Guildhall, then the city in reading order."""
    return [(GUILDHALL, THE_GUILDHALL()), *_tiles(s)]


def _tiles(s: State) -> list[tuple[str, Param]]:
    return [(t.tile, placed_name(t)) for t in s.city]


def _cell(step: Any) -> Text:
    """The cell a tile or token draw is for, ``(0,1)``."""
    return CELL(row=step.row, col=step.col) if isinstance(step, DrawTile | DrawToken) else THE_CITY()


def _hired(count: int) -> Text:
    """``2 liverymen``, ``nobody`` (hiring none is declining the effect)."""
    return LIVERYMEN(n=count) if count > 0 else NOBODY()


def _neutrals(count: int) -> Text:
    """``1 neutral pawn``, ``no neutral pawns`` (taking none is declining the effect)."""
    return NEUTRAL_PAWNS(n=count) if count > 0 else NO_NEUTRAL_PAWNS()


def _side(side: str) -> Param:
    return SIDES.get(side) or side.title()


# ---- labels, one function per kind of action --------------------------------------------------------------

MOVE_STARTING_ORDER = Message("guilds_of_london.move.starting_order", "Starting order: {order}")
CHOOSE_STARTING_ORDER = Message("guilds_of_london.choice.starting_order", "Starting order")
CHOOSE_ORDER = Message("guilds_of_london.choice.order", "{order}")
MOVE_CHANCE_SIDE = Message("guilds_of_london.move.chance_side", "The plantation shows its {side} side")
CHOOSE_CHANCE_SIDE = Message("guilds_of_london.choice.chance_side", "Plantation side")
CHOOSE_SIDE = Message("guilds_of_london.choice.side", "{side}")
MOVE_CHANCE_TILE = Message("guilds_of_london.move.chance_tile", "{tile} for {cell}")
CHOOSE_CHANCE_TILE = Message("guilds_of_london.choice.chance_tile", "Tile drawn")
MOVE_CHANCE_TOKEN = Message("guilds_of_london.move.chance_token", "A token ({token}) for the tile at {cell}")
CHOOSE_CHANCE_TOKEN = Message("guilds_of_london.choice.chance_token", "Token drawn")
MOVE_CHANCE_CARD = Message("guilds_of_london.move.chance_card", "The {card}")
CHOOSE_CHANCE_CARD = Message("guilds_of_london.choice.chance_card", "Action card drawn")
MOVE_CHANCE_LORD_MAYOR = Message("guilds_of_london.move.chance_lord_mayor", "The Lord Mayor card scoring {card}")
CHOOSE_CHANCE_LORD_MAYOR = Message("guilds_of_london.choice.chance_lord_mayor", "Lord Mayor card drawn")
MOVE_KEEP = Message("guilds_of_london.move.keep_lord_mayor", "Keep the Lord Mayor card scoring {card}")
CHOOSE_KEEP = Message("guilds_of_london.choice.keep_lord_mayor", "Keep a Lord Mayor card")
MOVE_PUT_UNDER = Message(
    "guilds_of_london.move.put_under", "Put the Lord Mayor card scoring {card} under the deck next"
)
CHOOSE_PUT_UNDER = Message("guilds_of_london.choice.put_under", "Put a card under the deck")
MOVE_PLAY_HIRE = Message("guilds_of_london.move.play_hire", "Hire a liveryman with the {card}")
CHOOSE_PLAY_HIRE = Message("guilds_of_london.choice.play_hire", "Hire a liveryman")
MOVE_PLAY_MOVE = Message("guilds_of_london.move.play_move", "Move with the {card} from {source} to {to}")
CHOOSE_PLAY_MOVE = Message("guilds_of_london.choice.play_move", "Move a figure")
MOVE_PLAY_ABILITY = Message("guilds_of_london.move.play_ability", "Play the {card} for its ability: {does}")
CHOOSE_PLAY_ABILITY = Message("guilds_of_london.choice.play_ability", "Use an ability")
MOVE_END_TURN = Message("guilds_of_london.move.end_turn", "End the turn")
CHOOSE_END_TURN = Message("guilds_of_london.choice.end_turn", "End the turn")
MOVE_PAY_CARD = Message("guilds_of_london.move.pay_card", "Discard the {card} to pay")
CHOOSE_PAY_CARD = Message("guilds_of_london.choice.pay_card", "Discard to pay")
MOVE_RETURN = Message("guilds_of_london.move.return_figure", "Return a figure from {source} to the supply")
CHOOSE_RETURN = Message("guilds_of_london.choice.return_figure", "Return a figure")
MOVE_HIRE = Message("guilds_of_london.move.hire", "Hire {count}")
CHOOSE_HIRE = Message("guilds_of_london.choice.hire", "Hire")
CHOOSE_COUNT = Message("guilds_of_london.choice.count", "{count}")
MOVE_TAKE_NEUTRAL = Message("guilds_of_london.move.take_neutral", "Take {count}")
CHOOSE_TAKE_NEUTRAL = Message("guilds_of_london.choice.take_neutral", "Take neutral pawns")
MOVE_MOVE_FIGURE = Message("guilds_of_london.move.move_figure", "Move a figure from {source} to {to}")
CHOOSE_MOVE_FIGURE = Message("guilds_of_london.choice.move_figure", "Move a figure")
MOVE_PLANT = Message("guilds_of_london.move.plant_figure", "Send a figure from {source} to the plantation")
CHOOSE_PLANT = Message("guilds_of_london.choice.plant_figure", "Send to the plantation")
MOVE_OPTION = Message("guilds_of_london.move.choose_option", "Option {number}: {does}")
CHOOSE_OPTION = Message("guilds_of_london.choice.choose_option", "Option {number}: {does}")
MOVE_SWAP = Message("guilds_of_london.move.swap", "Swap one of {seat}'s liverymen for a neutral pawn")
CHOOSE_SWAP = Message("guilds_of_london.choice.swap", "Swap")
CHOOSE_WHOSE = Message("guilds_of_london.choice.whose", "{seat}")
MOVE_STOP = Message("guilds_of_london.move.stop", "Stop")
CHOOSE_STOP = Message("guilds_of_london.choice.stop", "Stop")
MOVE_DISCARD = Message("guilds_of_london.move.discard", "Discard the {card}")
CHOOSE_DISCARD = Message("guilds_of_london.choice.discard", "Discard")

#: The menu of each part of a move: one value (``{value}``), or a group of at most 25 values.
MENUS: dict[str, tuple[Message, Message]] = {
    kind: (
        Message(f"guilds_of_london.choice.{kind}", "{value}"),
        Message(f"guilds_of_london.choice.{kind}_group", "{first} … {last}"),
    )
    for kind in ("tile", "token", "card", "lord_mayor", "source", "to")
}


def _hand(s: State, seat: int) -> list[tuple[str, Param]]:
    return _cards(s.players[seat].hand)


def _lord_mayor_menu(cards: Sequence[str]) -> list[tuple[str, Param]]:
    return [(card, lord_mayor_name(card)) for card in cards]


def _order(a: mv.StartingOrder) -> Text:
    return listing([seat_of(x) for x in a.seats], joined=LIST_COMMA)


def label_order(s: State, seat: int, a: mv.StartingOrder) -> tuple[Text, list[Text]]:
    """R-SETUP-6: the starting order drawn."""
    order = _order(a)
    return MOVE_STARTING_ORDER(order=order), [CHOOSE_STARTING_ORDER(), CHOOSE_ORDER(order=order)]


def label_side(s: State, seat: int, a: mv.ChanceSide) -> tuple[Text, list[Text]]:
    """R-SETUP-5: the plantation side drawn."""
    side = _side(a.side)
    return MOVE_CHANCE_SIDE(side=side), [CHOOSE_CHANCE_SIDE(), CHOOSE_SIDE(side=side)]


def label_tile(s: State, seat: int, a: mv.ChanceTile) -> tuple[Text, list[Text]]:
    """R-SETUP-12/13, R-GROW-2: the tile drawn for the cell."""
    label = MOVE_CHANCE_TILE(tile=tile(a.tile), cell=_cell(s.queue[0]))
    supply: list[tuple[str, Param]] = [(t, TILES[t]) for t in dict.fromkeys(s.tile_supply) if t in TILES]
    return label, [CHOOSE_CHANCE_TILE(), *pick("tile", a.tile, supply)]


def label_token(s: State, seat: int, a: mv.ChanceToken) -> tuple[Text, list[Text]]:
    """R-SETUP-2, R-GROW-5: the token drawn for the tile, by what it gives."""
    label = MOVE_CHANCE_TOKEN(token=token_name(a.token), cell=_cell(s.queue[0]))
    bag: list[tuple[str, Param]] = [(t, token_name(t)) for t in dict.fromkeys(s.token_bag)]
    return label, [CHOOSE_CHANCE_TOKEN(), *pick("token", a.token, bag)]


def label_card(s: State, seat: int, a: mv.ChanceCard) -> tuple[Text, list[Text]]:
    """R-SETUP-7, R-TURN-6: the action card drawn."""
    label = MOVE_CHANCE_CARD(card=card_name(a.card))
    return label, [CHOOSE_CHANCE_CARD(), *pick("card", a.card, _cards(s.deck))]


def label_lord_mayor_draw(s: State, seat: int, a: mv.ChanceLordMayor) -> tuple[Text, list[Text]]:
    """R-SETUP-11, §6.6: the Lord Mayor card drawn, by what it scores."""
    label = MOVE_CHANCE_LORD_MAYOR(card=lord_mayor_name(a.card))
    deck = _lord_mayor_menu(list(dict.fromkeys(s.lm_deck)))
    return label, [CHOOSE_CHANCE_LORD_MAYOR(), *pick("lord_mayor", a.card, deck)]


def label_keep(s: State, seat: int, a: mv.KeepLordMayor) -> tuple[Text, list[Text]]:
    """R-SETUP-11, §5.3: a Lord Mayor card kept (secretly), by what it scores."""
    label = MOVE_KEEP(card=lord_mayor_name(a.card))
    offer = _lord_mayor_menu(sorted(set(s.players[seat].lm_offer)))
    return label, [CHOOSE_KEEP(), *pick("lord_mayor", a.card, offer)]


def label_under(s: State, seat: int, a: mv.PutUnder) -> tuple[Text, list[Text]]:
    """§5.3: the next drawn card put under the Lord Mayor deck."""
    label = MOVE_PUT_UNDER(card=lord_mayor_name(a.card))
    offer = _lord_mayor_menu(sorted(set(s.players[seat].lm_offer)))
    return label, [CHOOSE_PUT_UNDER(), *pick("lord_mayor", a.card, offer)]


def label_hire(s: State, seat: int, a: mv.PlayHire) -> tuple[Text, list[Text]]:
    """§5.2 action A."""
    label = MOVE_PLAY_HIRE(card=card_name(a.card))
    return label, [CHOOSE_PLAY_HIRE(), *pick("card", a.card, _hand(s, seat))]


def label_play_move(s: State, seat: int, a: mv.PlayMove) -> tuple[Text, list[Text]]:
    """§5.2 action B."""
    label = MOVE_PLAY_MOVE(card=card_name(a.card), source=tile_name(s, a.source), to=tile_name(s, a.to))
    path = [
        CHOOSE_PLAY_MOVE(),
        *pick("card", a.card, _hand(s, seat)),
        *pick("source", a.source, _places(s)),
        *pick("to", a.to, _tiles(s)),
    ]
    return label, path


def _ability(card: str) -> Text:
    found = CONTENT.action_card.get(card)
    return effects_words(found.ability) if found is not None else NOTHING()


def label_ability(s: State, seat: int, a: mv.PlayAbility) -> tuple[Text, list[Text]]:
    """§5.2 action C: the ability and its cost."""
    label = MOVE_PLAY_ABILITY(card=card_name(a.card), does=_ability(a.card))
    return label, [CHOOSE_PLAY_ABILITY(), *pick("card", a.card, _hand(s, seat))]


def label_end(s: State, seat: int, a: mv.EndTurn) -> tuple[Text, list[Text]]:
    """§5.2 ``EndTurn``."""
    return MOVE_END_TURN(), [CHOOSE_END_TURN()]


def label_pay(s: State, seat: int, a: mv.PayCard) -> tuple[Text, list[Text]]:
    """§5.2 ``PlayAbility``: a card discarded as payment."""
    label = MOVE_PAY_CARD(card=card_name(a.card))
    return label, [CHOOSE_PAY_CARD(), *pick("card", a.card, _hand(s, seat))]


def label_return(s: State, seat: int, a: mv.ReturnFigure) -> tuple[Text, list[Text]]:
    """§5.2 ``PlayAbility``: a figure returned to the supply as payment."""
    label = MOVE_RETURN(source=tile_name(s, a.source))
    return label, [CHOOSE_RETURN(), *pick("source", a.source, _places(s))]


def label_hire_count(s: State, seat: int, a: mv.Hire) -> tuple[Text, list[Text]]:
    """§6.7 ``HIRE``: up to n, so hiring nobody declines the effect (A-19)."""
    count = _hired(a.count)
    return MOVE_HIRE(count=count), [CHOOSE_HIRE(), CHOOSE_COUNT(count=count)]


def label_neutral(s: State, seat: int, a: mv.TakeNeutral) -> tuple[Text, list[Text]]:
    """§6.7 ``GAIN_NEUTRAL``: up to n, so taking none declines the effect (A-19)."""
    count = _neutrals(a.count)
    return MOVE_TAKE_NEUTRAL(count=count), [CHOOSE_TAKE_NEUTRAL(), CHOOSE_COUNT(count=count)]


def label_move_figure(s: State, seat: int, a: mv.MoveFigure) -> tuple[Text, list[Text]]:
    """§6.7 ``MOVE``."""
    label = MOVE_MOVE_FIGURE(source=tile_name(s, a.source), to=tile_name(s, a.to))
    path = [
        CHOOSE_MOVE_FIGURE(),
        *pick("source", a.source, _places(s)),
        *pick("to", a.to, _tiles(s)),
    ]
    return label, path


def label_plant(s: State, seat: int, a: mv.PlantFigure) -> tuple[Text, list[Text]]:
    """§6.7 ``TO_PLANTATION``."""
    label = MOVE_PLANT(source=tile_name(s, a.source))
    return label, [CHOOSE_PLANT(), *pick("source", a.source, _places(s))]


def _option_words(s: State, a: mv.ChooseOption) -> Text:
    step = s.queue[0] if s.queue else None
    choice = find_choice(step.ref) if isinstance(step, ChoiceStep) else None
    if choice is None or not 0 <= a.option < len(choice.options):
        return NOTHING()
    return effects_words(choice.options[a.option])


def label_option(s: State, seat: int, a: mv.ChooseOption) -> tuple[Text, list[Text]]:
    """§9.2.1 ``CHOICE``: an option and what it does."""
    does = _option_words(s, a)
    return MOVE_OPTION(number=a.option + 1, does=does), [CHOOSE_OPTION(number=a.option + 1, does=does)]


def label_swap(s: State, seat: int, a: mv.Swap) -> tuple[Text, list[Text]]:
    """R-RES-5, R-PLANT-1."""
    whose = seat_of(a.seat)
    return MOVE_SWAP(seat=whose), [CHOOSE_SWAP(), CHOOSE_WHOSE(seat=whose)]


def label_stop(s: State, seat: int, a: mv.Stop) -> tuple[Text, list[Text]]:
    return MOVE_STOP(), [CHOOSE_STOP()]


def label_discard(s: State, seat: int, a: mv.Discard) -> tuple[Text, list[Text]]:
    """R-TURN-6 step 4."""
    label = MOVE_DISCARD(card=card_name(a.card))
    return label, [CHOOSE_DISCARD(), *pick("card", a.card, _hand(s, seat))]


def label(state: State, move: mv.Move, several_seats: bool, act: Act) -> MoveLabel:
    """The label and the path of choices of a legal move (``act.label``: its action's words; the seat first
    when several seats decide)."""
    shown, path = act.label(state, move.seat, move.action)
    return seated(move.seat, several_seats, shown, path)


# ---- log lines: what a move did, in the past tense ------------------------------------------------------------

#: A move's log lines: the public line and the private line to the mover (``None``: nothing hidden).
Lines = tuple[Text, Text | None]

# Chance draws everybody sees (§8: the order, the plantation side, tiles and tokens lie face up).
LOG_STARTING_ORDER = Message("guilds_of_london.log.starting_order", "{seat} drew the starting order: {order}")
LOG_CHANCE_SIDE = Message("guilds_of_london.log.chance_side", "{seat} drew the {side} side of the plantation")
LOG_CHANCE_TILE = Message("guilds_of_london.log.chance_tile", "{seat} drew {tile} for {cell}")
LOG_CHANCE_TOKEN = Message(
    "guilds_of_london.log.chance_token", "{seat} drew a second-place token ({token}) for the tile at {cell}"
)
# Moves whose public line hides the card (§8): drawn action cards, every Lord Mayor card.
LOG_DREW_CARD = Message("guilds_of_london.log.drew_card", "You drew the {card}")
LOG_CHANCE_CARD = Message("guilds_of_london.log.chance_card", "{seat} drew an action card")
LOG_DREW_LORD_MAYOR = Message("guilds_of_london.log.drew_lord_mayor", "You drew {card}")
LOG_CHANCE_LORD_MAYOR = Message("guilds_of_london.log.chance_lord_mayor", "{seat} drew a Lord Mayor card")
LOG_KEPT = Message("guilds_of_london.log.kept_lord_mayor", "You kept {card}")
LOG_KEEP = Message("guilds_of_london.log.keep_lord_mayor", "{seat} kept a Lord Mayor card")
LOG_PUT = Message("guilds_of_london.log.put_under", "You put {card} under the deck")
LOG_PUT_UNDER = Message("guilds_of_london.log.put_under_public", "{seat} put a Lord Mayor card under the deck")
# A seat's public moves (cards played or discarded lie face up, A-29).
LOG_PLAY_HIRE = Message("guilds_of_london.log.play_hire", "{seat} hired a liveryman with the {card}")
LOG_PLAY_MOVE = Message("guilds_of_london.log.play_move", "{seat} moved a figure with the {card} from {source} to {to}")
LOG_PLAY_ABILITY = Message("guilds_of_london.log.play_ability", "{seat} played the {card} for its ability: {does}")
LOG_END_TURN = Message("guilds_of_london.log.end_turn", "{seat} ended the turn")
LOG_PAY_CARD = Message("guilds_of_london.log.pay_card", "{seat} discarded the {card} to pay")
LOG_RETURN = Message("guilds_of_london.log.return_figure", "{seat} returned a figure from {source} to the supply")
LOG_HIRE = Message("guilds_of_london.log.hire", "{seat} hired {count}")
LOG_TAKE_NEUTRAL = Message("guilds_of_london.log.take_neutral", "{seat} took {count}")
LOG_MOVE_FIGURE = Message("guilds_of_london.log.move_figure", "{seat} moved a figure from {source} to {to}")
LOG_PLANT = Message("guilds_of_london.log.plant_figure", "{seat} sent a figure from {source} to the plantation")
LOG_OPTION = Message("guilds_of_london.log.choose_option", "{seat} chose option {number}: {does}")
LOG_SWAP = Message("guilds_of_london.log.swap", "{seat} swapped one of {whose}'s liverymen for a neutral pawn")
LOG_STOP = Message("guilds_of_london.log.stop", "{seat} stopped")
LOG_DISCARD = Message("guilds_of_london.log.discard", "{seat} discarded the {card}")
# What followed by itself.
LOG_FOLLOWED = Message("guilds_of_london.log.followed", "{line} — {followed}")
THEN = Message("guilds_of_london.log.then", "{first}; {rest}")
RESOLVED = Message("guilds_of_london.log.resolved", "{tile} was resolved ({master})")
NO_MASTER = Message("guilds_of_london.log.no_master", "no master")
JUMPED = Message(
    "guilds_of_london.log.jumped",
    "every tile was resolved in round {round}, so the round marker jumped to round {jump}'s Growth phase",
)
ENDED = Message("guilds_of_london.log.ended", "the game ended")
BEGAN = Message("guilds_of_london.log.began", "round {round} began")


def _who(s: State, seat: int) -> Name:
    """The seat a line is about: a chance draw names the seat it is for."""
    return seat_of(_drawer(s) if seat == CHANCE else seat)


def _by(seat: int) -> Name:
    return seat_of(seat)


def log_order(s: State, seat: int, a: mv.StartingOrder) -> Lines:
    return LOG_STARTING_ORDER(seat=_by(CHANCE), order=_order(a)), None


def log_side(s: State, seat: int, a: mv.ChanceSide) -> Lines:
    return LOG_CHANCE_SIDE(seat=_by(CHANCE), side=_side(a.side)), None


def log_tile(s: State, seat: int, a: mv.ChanceTile) -> Lines:
    return LOG_CHANCE_TILE(seat=_by(CHANCE), tile=tile(a.tile), cell=_cell(s.queue[0])), None


def log_token(s: State, seat: int, a: mv.ChanceToken) -> Lines:
    return LOG_CHANCE_TOKEN(seat=_by(CHANCE), token=token_name(a.token), cell=_cell(s.queue[0])), None


def log_card(s: State, seat: int, a: mv.ChanceCard) -> Lines:
    return LOG_CHANCE_CARD(seat=_who(s, seat)), LOG_DREW_CARD(card=card_name(a.card))


def log_lord_mayor_draw(s: State, seat: int, a: mv.ChanceLordMayor) -> Lines:
    return LOG_CHANCE_LORD_MAYOR(seat=_who(s, seat)), LOG_DREW_LORD_MAYOR(card=_lord_mayor(a.card))


def log_keep(s: State, seat: int, a: mv.KeepLordMayor) -> Lines:
    return LOG_KEEP(seat=_who(s, seat)), LOG_KEPT(card=_lord_mayor(a.card))


def log_under(s: State, seat: int, a: mv.PutUnder) -> Lines:
    return LOG_PUT_UNDER(seat=_who(s, seat)), LOG_PUT(card=_lord_mayor(a.card))


def log_hire(s: State, seat: int, a: mv.PlayHire) -> Lines:
    return LOG_PLAY_HIRE(seat=_by(seat), card=card_name(a.card)), None


def log_play_move(s: State, seat: int, a: mv.PlayMove) -> Lines:
    source, to = tile_name(s, a.source), tile_name(s, a.to)
    return LOG_PLAY_MOVE(seat=_by(seat), card=card_name(a.card), source=source, to=to), None


def log_ability(s: State, seat: int, a: mv.PlayAbility) -> Lines:
    return LOG_PLAY_ABILITY(seat=_by(seat), card=card_name(a.card), does=_ability(a.card)), None


def log_end(s: State, seat: int, a: mv.EndTurn) -> Lines:
    return LOG_END_TURN(seat=_by(seat)), None


def log_pay(s: State, seat: int, a: mv.PayCard) -> Lines:
    return LOG_PAY_CARD(seat=_by(seat), card=card_name(a.card)), None


def log_return(s: State, seat: int, a: mv.ReturnFigure) -> Lines:
    return LOG_RETURN(seat=_by(seat), source=tile_name(s, a.source)), None


def log_hire_count(s: State, seat: int, a: mv.Hire) -> Lines:
    return LOG_HIRE(seat=_by(seat), count=_hired(a.count)), None


def log_neutral(s: State, seat: int, a: mv.TakeNeutral) -> Lines:
    return LOG_TAKE_NEUTRAL(seat=_by(seat), count=_neutrals(a.count)), None


def log_move_figure(s: State, seat: int, a: mv.MoveFigure) -> Lines:
    return LOG_MOVE_FIGURE(seat=_by(seat), source=tile_name(s, a.source), to=tile_name(s, a.to)), None


def log_plant(s: State, seat: int, a: mv.PlantFigure) -> Lines:
    return LOG_PLANT(seat=_by(seat), source=tile_name(s, a.source)), None


def log_option(s: State, seat: int, a: mv.ChooseOption) -> Lines:
    return LOG_OPTION(seat=_by(seat), number=a.option + 1, does=_option_words(s, a)), None


def log_swap(s: State, seat: int, a: mv.Swap) -> Lines:
    return LOG_SWAP(seat=_by(seat), whose=_by(a.seat)), None


def log_stop(s: State, seat: int, a: mv.Stop) -> Lines:
    return LOG_STOP(seat=_by(seat)), None


def log_discard(s: State, seat: int, a: mv.Discard) -> Lines:
    return LOG_DISCARD(seat=_by(seat), card=card_name(a.card)), None


def _drawer(before: State) -> int:
    """The seat a chance draw or a Lord Mayor choice is for."""
    head = before.queue[0] if before.queue else None
    return int(getattr(head, "seat", CHANCE))


def _jump(before: State, after: State) -> int:
    """R-RES-20 (A-22): the Growth round the marker jumped to because every tile was resolved, 0 when it did
    not jump over a round. The round moves by one only at the start of a round's turns (``next_round``), so
    a round reached without its turns starting, or a round more than one on, is a jump: every tile was
    resolved in ``before.round`` and the rounds up to the jump's Growth round were not played."""
    if after.round <= before.round:
        return 0
    if after.stage != "turns":
        return after.round
    return after.round - 1 if after.round - before.round >= 2 else 0


def _what_followed(before: State, after: State) -> Text | None:
    """What happened by itself after the move, in public words and the past tense: tiles resolved, the
    marker's jump, the round begun, the end (``None``: nothing)."""
    parts: list[Text] = []
    was_up = {t.tile: t.face_up for t in before.city}
    for placed in after.city:
        if was_up.get(placed.tile) and not placed.face_up:
            master = _by(placed.master) if placed.master >= 0 else NO_MASTER()
            parts.append(RESOLVED(tile=tile_name(after, placed.tile), master=master))
    jumped = _jump(before, after)
    if jumped:
        parts.append(JUMPED(round=before.round, jump=jumped))
    if after.stage == "over" and before.stage != "over":
        parts.append(ENDED())
    elif after.round != before.round and after.stage == "turns":
        parts.append(BEGAN(round=after.round))
    if not parts:
        return None
    followed = parts[-1]
    for part in reversed(parts[:-1]):
        followed = THEN(first=part, rest=followed)
    return followed


def log(before: State, move: mv.Move, after: State, act: Act, happened: Sequence[Happened]) -> LogEntry:
    """The public line hides drawn action cards and every Lord Mayor card; the private line (the mover's)
    names them (``act.log``: its action's lines). The public line ends with what followed by itself."""
    assert act.log is not None
    line, private = act.log(before, move.seat, move.action)
    followed = _what_followed(before, after)
    if followed is not None:
        line = LOG_FOLLOWED(line=line, followed=followed)
    return LogEntry(move.seat, line, private)


def pick(kind: str, value: str, everything: Sequence[tuple[str, Param]]) -> list[Text]:
    """The menu step(s) choosing ``value`` (``engines.core.text.menu_steps``)."""
    chosen, group = MENUS[kind]
    return menu_steps(chosen, group, value, everything)
