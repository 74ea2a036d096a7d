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
from engines.core.text import LogEntry, MoveLabel, Text, menu_steps, plural, seat_name, seated, text
from engines.guilds_of_london import moves as mv
from engines.guilds_of_london.common import CONTENT
from engines.guilds_of_london.effects import find_choice
from engines.guilds_of_london.names import (
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


def _move(kind: str, template: str, **params: object) -> Text:
    return text(f"{GAME}.move.{kind}", template, **params)


def _choice(kind: str, template: str, **params: object) -> Text:
    return text(f"{GAME}.choice.{kind}", template, **params)


def _log(kind: str, template: str, **params: object) -> Text:
    return text(f"{GAME}.log.{kind}", template, **params)


# ---- naming things ---------------------------------------------------------------------------------------


def tile_name(s: State, tile_id: str) -> str:
    """A tile by name and cell, ``Guild 7 (0,1)``; the Guildhall by name."""
    if tile_id == GUILDHALL:
        return "the Guildhall"
    placed = next((t for t in s.city if t.tile == tile_id), None)
    if placed is not None:
        return _placed_name(placed)
    found = CONTENT.tile.get(tile_id)
    return found.name if found is not None else "an unknown tile"


def _placed_name(placed: CityTile) -> str:
    """A tile of the city by name and cell, ``Guild 7 (0,1)`` (its cell read off the tile itself)."""
    found = CONTENT.tile.get(placed.tile)
    return f"{found.name if found is not None else 'an unknown tile'} ({placed.row},{placed.col})"


def _lord_mayor(card: str) -> str:
    """``the Lord Mayor card scoring 2 VP per …`` (a line names one card: which copy it is does not matter)."""
    return f"the Lord Mayor card scoring {scoring_words(card)}"


def _cards(cards: Sequence[str]) -> list[tuple[str, str]]:
    return [(card, card_name(card)) for card in sorted(set(cards))]


def _places(s: State) -> list[tuple[str, str]]:
    """Every place a figure can be named at: the Guildhall, then the city in reading order."""
    return [(GUILDHALL, "the Guildhall"), *_tiles(s)]


def _tiles(s: State) -> list[tuple[str, str]]:
    return [(t.tile, _placed_name(t)) for t in s.city]


def _cell(step: Any) -> str:
    """The cell a tile or token draw is for, ``(0,1)``."""
    return f"({step.row},{step.col})" if isinstance(step, DrawTile | DrawToken) else "the city"


def _hired(count: int) -> str:
    """``2 liverymen``, ``nobody`` (hiring none is declining the effect)."""
    return plural(count, "liveryman", "liverymen") if count > 0 else "nobody"


def _neutrals(count: int) -> str:
    """``1 neutral pawn``, ``no neutral pawns`` (taking none is declining the effect)."""
    return plural(count, "neutral pawn") if count > 0 else "no neutral pawns"


# ---- labels, one function per kind of action --------------------------------------------------------------


def _hand(s: State, seat: int) -> list[tuple[str, str]]:
    return _cards(s.players[seat].hand)


def _lord_mayor_menu(cards: Sequence[str]) -> list[tuple[str, str]]:
    return [(card, lord_mayor_name(card)) for card in cards]


def label_order(s: State, seat: int, a: mv.StartingOrder) -> tuple[Text, list[Text]]:
    """R-SETUP-6: the starting order drawn."""
    order = ", ".join(seat_name(x) for x in a.seats)
    label = _move("starting_order", "Starting order: {order}", order=order)
    return label, [_choice("starting_order", "Starting order"), _choice("order", "{order}", order=order)]


def label_side(s: State, seat: int, a: mv.ChanceSide) -> tuple[Text, list[Text]]:
    """R-SETUP-5: the plantation side drawn."""
    side = a.side.title()
    label = _move("chance_side", "The plantation shows its {side} side", side=side)
    return label, [_choice("chance_side", "Plantation side"), _choice("side", "{side}", side=side)]


def _tile_words(tile: str) -> str:
    found = CONTENT.tile.get(tile)
    return found.name if found is not None else "an unknown tile"


def label_tile(s: State, seat: int, a: mv.ChanceTile) -> tuple[Text, list[Text]]:
    """R-SETUP-12/13, R-GROW-2: the tile drawn for the cell."""
    cell = _cell(s.queue[0])
    label = _move("chance_tile", "{tile} for {cell}", tile=_tile_words(a.tile), cell=cell)
    supply = [(t, CONTENT.tile[t].name) for t in dict.fromkeys(s.tile_supply) if t in CONTENT.tile]
    return label, [_choice("chance_tile", "Tile drawn"), *pick("tile", a.tile, supply)]


def label_token(s: State, seat: int, a: mv.ChanceToken) -> tuple[Text, list[Text]]:
    """R-SETUP-2, R-GROW-5: the token drawn for the tile, by what it gives."""
    cell = _cell(s.queue[0])
    label = _move("chance_token", "A token ({token}) for the tile at {cell}", token=token_name(a.token), cell=cell)
    bag = [(t, token_name(t)) for t in dict.fromkeys(s.token_bag)]
    return label, [_choice("chance_token", "Token drawn"), *pick("token", a.token, bag)]


def label_card(s: State, seat: int, a: mv.ChanceCard) -> tuple[Text, list[Text]]:
    """R-SETUP-7, R-TURN-6: the action card drawn."""
    label = _move("chance_card", "The {card}", card=card_name(a.card))
    return label, [_choice("chance_card", "Action card drawn"), *pick("card", a.card, _cards(s.deck))]


def label_lord_mayor_draw(s: State, seat: int, a: mv.ChanceLordMayor) -> tuple[Text, list[Text]]:
    """R-SETUP-11, §6.6: the Lord Mayor card drawn, by what it scores."""
    label = _move("chance_lord_mayor", "The Lord Mayor card scoring {card}", card=lord_mayor_name(a.card))
    deck = _lord_mayor_menu(list(dict.fromkeys(s.lm_deck)))
    return label, [_choice("chance_lord_mayor", "Lord Mayor card drawn"), *pick("lord_mayor", a.card, deck)]


def label_keep(s: State, seat: int, a: mv.KeepLordMayor) -> tuple[Text, list[Text]]:
    """R-SETUP-11, §5.3: a Lord Mayor card kept (secretly), by what it scores."""
    label = _move("keep_lord_mayor", "Keep the Lord Mayor card scoring {card}", card=lord_mayor_name(a.card))
    offer = _lord_mayor_menu(sorted(set(s.players[seat].lm_offer)))
    return label, [_choice("keep_lord_mayor", "Keep a Lord Mayor card"), *pick("lord_mayor", a.card, offer)]


def label_under(s: State, seat: int, a: mv.PutUnder) -> tuple[Text, list[Text]]:
    """§5.3: the next drawn card put under the Lord Mayor deck."""
    template = "Put the Lord Mayor card scoring {card} under the deck next"
    label = _move("put_under", template, card=lord_mayor_name(a.card))
    offer = _lord_mayor_menu(sorted(set(s.players[seat].lm_offer)))
    return label, [_choice("put_under", "Put a card under the deck"), *pick("lord_mayor", a.card, offer)]


def label_hire(s: State, seat: int, a: mv.PlayHire) -> tuple[Text, list[Text]]:
    """§5.2 action A."""
    label = _move("play_hire", "Hire a liveryman with the {card}", card=card_name(a.card))
    return label, [_choice("play_hire", "Hire a liveryman"), *pick("card", a.card, _hand(s, seat))]


def label_play_move(s: State, seat: int, a: mv.PlayMove) -> tuple[Text, list[Text]]:
    """§5.2 action B."""
    card, source, to = card_name(a.card), tile_name(s, a.source), tile_name(s, a.to)
    label = _move("play_move", "Move with the {card} from {source} to {to}", card=card, source=source, to=to)
    path = [
        _choice("play_move", "Move a figure"),
        *pick("card", a.card, _hand(s, seat)),
        *pick("source", a.source, _places(s)),
        *pick("to", a.to, _tiles(s)),
    ]
    return label, path


def _ability(card: str) -> str:
    found = CONTENT.action_card.get(card)
    return effects_words(found.ability) if found is not None else "nothing"


def label_ability(s: State, seat: int, a: mv.PlayAbility) -> tuple[Text, list[Text]]:
    """§5.2 action C: the ability and its cost."""
    template = "Play the {card} for its ability: {does}"
    label = _move("play_ability", template, card=card_name(a.card), does=_ability(a.card))
    return label, [_choice("play_ability", "Use an ability"), *pick("card", a.card, _hand(s, seat))]


def label_end(s: State, seat: int, a: mv.EndTurn) -> tuple[Text, list[Text]]:
    """§5.2 ``EndTurn``."""
    return _move("end_turn", "End the turn"), [_choice("end_turn", "End the turn")]


def label_pay(s: State, seat: int, a: mv.PayCard) -> tuple[Text, list[Text]]:
    """§5.2 ``PlayAbility``: a card discarded as payment."""
    label = _move("pay_card", "Discard the {card} to pay", card=card_name(a.card))
    return label, [_choice("pay_card", "Discard to pay"), *pick("card", a.card, _hand(s, seat))]


def label_return(s: State, seat: int, a: mv.ReturnFigure) -> tuple[Text, list[Text]]:
    """§5.2 ``PlayAbility``: a figure returned to the supply as payment."""
    label = _move("return_figure", "Return a figure from {source} to the supply", source=tile_name(s, a.source))
    return label, [_choice("return_figure", "Return a figure"), *pick("source", a.source, _places(s))]


def label_hire_count(s: State, seat: int, a: mv.Hire) -> tuple[Text, list[Text]]:
    """§6.7 ``HIRE``: up to n, so hiring nobody declines the effect (A-19)."""
    label = _move("hire", "Hire {count}", count=_hired(a.count))
    return label, [_choice("hire", "Hire"), _choice("count", "{count}", count=_hired(a.count))]


def label_neutral(s: State, seat: int, a: mv.TakeNeutral) -> tuple[Text, list[Text]]:
    """§6.7 ``GAIN_NEUTRAL``: up to n, so taking none declines the effect (A-19)."""
    label = _move("take_neutral", "Take {count}", count=_neutrals(a.count))
    path = [_choice("take_neutral", "Take neutral pawns"), _choice("count", "{count}", count=_neutrals(a.count))]
    return label, path


def label_move_figure(s: State, seat: int, a: mv.MoveFigure) -> tuple[Text, list[Text]]:
    """§6.7 ``MOVE``."""
    source, to = tile_name(s, a.source), tile_name(s, a.to)
    label = _move("move_figure", "Move a figure from {source} to {to}", source=source, to=to)
    path = [
        _choice("move_figure", "Move a figure"),
        *pick("source", a.source, _places(s)),
        *pick("to", a.to, _tiles(s)),
    ]
    return label, path


def label_plant(s: State, seat: int, a: mv.PlantFigure) -> tuple[Text, list[Text]]:
    """§6.7 ``TO_PLANTATION``."""
    label = _move("plant_figure", "Send a figure from {source} to the plantation", source=tile_name(s, a.source))
    return label, [_choice("plant_figure", "Send to the plantation"), *pick("source", a.source, _places(s))]


def _option_words(s: State, a: mv.ChooseOption) -> str:
    step = s.queue[0] if s.queue else None
    choice = find_choice(step.ref) if isinstance(step, ChoiceStep) else None
    if choice is None or not 0 <= a.option < len(choice.options):
        return "nothing"
    return effects_words(choice.options[a.option])


def label_option(s: State, seat: int, a: mv.ChooseOption) -> tuple[Text, list[Text]]:
    """§9.2.1 ``CHOICE``: an option and what it does."""
    does = _option_words(s, a)
    label = _move("choose_option", "Option {number}: {does}", number=a.option + 1, does=does)
    return label, [_choice("choose_option", "Option {number}: {does}", number=a.option + 1, does=does)]


def _whose(seat: int) -> str:
    """``Seat 1's``."""
    return f"{seat_name(seat)}'s"


def label_swap(s: State, seat: int, a: mv.Swap) -> tuple[Text, list[Text]]:
    """R-RES-5, R-PLANT-1."""
    label = _move("swap", "Swap one of {whose} liverymen for a neutral pawn", whose=_whose(a.seat))
    return label, [_choice("swap", "Swap"), _choice("whose", "{seat}", seat=seat_name(a.seat))]


def label_stop(s: State, seat: int, a: mv.Stop) -> tuple[Text, list[Text]]:
    return _move("stop", "Stop"), [_choice("stop", "Stop")]


def label_discard(s: State, seat: int, a: mv.Discard) -> tuple[Text, list[Text]]:
    """R-TURN-6 step 4."""
    label = _move("discard", "Discard the {card}", card=card_name(a.card))
    return label, [_choice("discard", "Discard"), *pick("card", a.card, _hand(s, seat))]


def label(state: State, move: mv.Move, several_seats: bool, act: Act) -> MoveLabel:
    """The label and the path of choices of a legal move (``act.label``: its action's words; the seat first
    when several seats decide)."""
    shown, path = act.label(state, move.seat, move.action)
    return _seated(move.seat, several_seats, shown, path)


# ---- log lines: what a move did, in the past tense ------------------------------------------------------------

#: A move's log lines: the public line and the private line to the mover (``None``: nothing hidden).
Lines = tuple[Text, Text | None]


def _said(seat: int, a: Any, template: str, **params: object) -> Lines:
    """A seat's public move (cards played or discarded lie face up, A-29), the seat first."""
    return _log(str(type(a).__struct_config__.tag), template, seat=seat_name(seat), **params), None


def _hidden(before: State, seat: int, a: Any, template: str, private: Text) -> Lines:
    """A move whose public line hides the card (§8: drawn action cards, every Lord Mayor card): the public
    line names the seat it is for, the private line (``private``) names the card to the mover."""
    who = seat_name(_drawer(before) if seat == CHANCE else seat)
    return _log(str(type(a).__struct_config__.tag), template, seat=who), private


# Chance draws everybody sees (§8: the order, the plantation side, tiles and tokens lie face up).


def log_order(s: State, seat: int, a: mv.StartingOrder) -> Lines:
    order = ", ".join(seat_name(x) for x in a.seats)
    return _log("starting_order", "{seat} drew the starting order: {order}", seat=seat_name(CHANCE), order=order), None


def log_side(s: State, seat: int, a: mv.ChanceSide) -> Lines:
    side = a.side.title()
    template = "{seat} drew the {side} side of the plantation"
    return _log("chance_side", template, seat=seat_name(CHANCE), side=side), None


def log_tile(s: State, seat: int, a: mv.ChanceTile) -> Lines:
    tile, cell = _tile_words(a.tile), _cell(s.queue[0])
    return _log("chance_tile", "{seat} drew {tile} for {cell}", seat=seat_name(CHANCE), tile=tile, cell=cell), None


def log_token(s: State, seat: int, a: mv.ChanceToken) -> Lines:
    template = "{seat} drew a second-place token ({token}) for the tile at {cell}"
    token = token_name(a.token)
    return _log("chance_token", template, seat=seat_name(CHANCE), token=token, cell=_cell(s.queue[0])), None


# Moves whose public line hides the card (§8): drawn action cards, every Lord Mayor card.


def log_card(s: State, seat: int, a: mv.ChanceCard) -> Lines:
    private = _log("drew_card", "You drew the {card}", card=card_name(a.card))
    return _hidden(s, seat, a, "{seat} drew an action card", private)


def log_lord_mayor_draw(s: State, seat: int, a: mv.ChanceLordMayor) -> Lines:
    private = _log("drew_lord_mayor", "You drew {card}", card=_lord_mayor(a.card))
    return _hidden(s, seat, a, "{seat} drew a Lord Mayor card", private)


def log_keep(s: State, seat: int, a: mv.KeepLordMayor) -> Lines:
    private = _log("kept_lord_mayor", "You kept {card}", card=_lord_mayor(a.card))
    return _hidden(s, seat, a, "{seat} kept a Lord Mayor card", private)


def log_under(s: State, seat: int, a: mv.PutUnder) -> Lines:
    private = _log("put_under", "You put {card} under the deck", card=_lord_mayor(a.card))
    return _hidden(s, seat, a, "{seat} put a Lord Mayor card under the deck", private)


# A seat's public moves (cards played or discarded lie face up, A-29).


def log_hire(s: State, seat: int, a: mv.PlayHire) -> Lines:
    return _said(seat, a, "{seat} hired a liveryman with the {card}", card=card_name(a.card))


def log_play_move(s: State, seat: int, a: mv.PlayMove) -> Lines:
    template = "{seat} moved a figure with the {card} from {source} to {to}"
    return _said(seat, a, template, card=card_name(a.card), source=tile_name(s, a.source), to=tile_name(s, a.to))


def log_ability(s: State, seat: int, a: mv.PlayAbility) -> Lines:
    template = "{seat} played the {card} for its ability: {does}"
    return _said(seat, a, template, card=card_name(a.card), does=_ability(a.card))


def log_end(s: State, seat: int, a: mv.EndTurn) -> Lines:
    return _said(seat, a, "{seat} ended the turn")


def log_pay(s: State, seat: int, a: mv.PayCard) -> Lines:
    return _said(seat, a, "{seat} discarded the {card} to pay", card=card_name(a.card))


def log_return(s: State, seat: int, a: mv.ReturnFigure) -> Lines:
    source = tile_name(s, a.source)
    return _said(seat, a, "{seat} returned a figure from {source} to the supply", source=source)


def log_hire_count(s: State, seat: int, a: mv.Hire) -> Lines:
    return _said(seat, a, "{seat} hired {count}", count=_hired(a.count))


def log_neutral(s: State, seat: int, a: mv.TakeNeutral) -> Lines:
    return _said(seat, a, "{seat} took {count}", count=_neutrals(a.count))


def log_move_figure(s: State, seat: int, a: mv.MoveFigure) -> Lines:
    source, to = tile_name(s, a.source), tile_name(s, a.to)
    return _said(seat, a, "{seat} moved a figure from {source} to {to}", source=source, to=to)


def log_plant(s: State, seat: int, a: mv.PlantFigure) -> Lines:
    source = tile_name(s, a.source)
    return _said(seat, a, "{seat} sent a figure from {source} to the plantation", source=source)


def log_option(s: State, seat: int, a: mv.ChooseOption) -> Lines:
    return _said(seat, a, "{seat} chose option {number}: {does}", number=a.option + 1, does=_option_words(s, a))


def log_swap(s: State, seat: int, a: mv.Swap) -> Lines:
    return _said(seat, a, "{seat} swapped one of {whose} liverymen for a neutral pawn", whose=_whose(a.seat))


def log_stop(s: State, seat: int, a: mv.Stop) -> Lines:
    return _said(seat, a, "{seat} stopped")


def log_discard(s: State, seat: int, a: mv.Discard) -> Lines:
    return _said(seat, a, "{seat} discarded the {card}", card=card_name(a.card))


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


def _what_followed(before: State, after: State) -> str:
    """What happened by itself after the move, in public words and the past tense: tiles resolved, the
    marker's jump, the round begun, the end."""
    parts = []
    was_up = {t.tile: t.face_up for t in before.city}
    for placed in after.city:
        if was_up.get(placed.tile) and not placed.face_up:
            master = seat_name(placed.master) if placed.master >= 0 else "no master"
            parts.append(f"{tile_name(after, placed.tile)} was resolved ({master})")
    jumped = _jump(before, after)
    if jumped:
        parts.append(
            f"every tile was resolved in round {before.round}, so the round marker jumped to round {jumped}'s "
            "Growth phase"
        )
    if after.stage == "over" and before.stage != "over":
        parts.append("the game ended")
    elif after.round != before.round and after.stage == "turns":
        parts.append(f"round {after.round} began")
    return "; ".join(parts)


def log(before: State, move: mv.Move, after: State, act: Act, happened: Sequence[Happened]) -> LogEntry:
    """The public line hides drawn action cards and every Lord Mayor card; the private line (the mover's)
    names them (``act.log``: its action's lines). The public line ends with what followed by itself."""
    assert act.log is not None
    line, private = act.log(before, move.seat, move.action)
    followed = _what_followed(before, after)
    if followed:
        line = _log("followed", "{line} — {followed}", line=line.english, followed=followed)
    return LogEntry(move.seat, line, private)


def _seated(seat: int, several_seats: bool, label: Text, path: list[Text]) -> MoveLabel:
    return seated(GAME, seat, several_seats, label, path)


def pick(kind: str, value: str, everything: Sequence[tuple[str, str]]) -> list[Text]:
    """The menu step(s) choosing ``value`` (``engines.core.text.menu_steps``)."""
    return menu_steps(GAME, kind, value, everything)
