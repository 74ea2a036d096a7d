"""Guilds of London in words: a label and a path of choices for every legal move, and the log lines of a move.

Tiles are named by their content name and cell (``Guild 7 (0,1)``: row 0, column 1, §3.1), action cards
by their id and symbol, seats as ``Seat N``. A path chooses the kind of move, then each of its parts;
a part with more than 25 possible values (a chat menu's limit) is chosen in two steps, first a group of
at most 25 consecutive values. The groups come from the whole range of the part (every card type in
hand, every place in the city), so every move of a decision walks menus of the same shape.

The public log line names nothing hidden from another seat: action cards drawn, Lord Mayor cards drawn,
kept or put under the deck are named only in the private line; cards played or discarded lie face up
and are named (A-29). A line also says what followed by itself: tiles resolved, the round reached, the
end of the game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engines.core.engine import CHANCE
from engines.core.text import LogEntry, MoveLabel, Text, menu_steps, plural, seat_name, seated, text
from engines.guilds_of_london import moves as mv
from engines.guilds_of_london.common import CONTENT
from engines.guilds_of_london.content import (
    Choice,
    DrawAction,
    DrawLm,
    DrawModifier,
    Effect,
    GainNeutral,
    Hire,
    Move,
    Per,
    ToPlantation,
    Trigger,
    Vp,
)
from engines.guilds_of_london.effects import find_choice
from engines.guilds_of_london.state import GUILDHALL, ChoiceStep, CityTile, DrawTile, DrawToken, State

GAME = "guilds_of_london"

SYMBOL_NAMES: dict[str, str] = {s.id: s.name for s in CONTENT.symbols}


def _move(kind: str, template: str, **params: object) -> Text:
    return text(f"{GAME}.move.{kind}", template, **params)


def _choice(kind: str, template: str, **params: object) -> Text:
    return text(f"{GAME}.choice.{kind}", template, **params)


def _log(kind: str, template: str, **params: object) -> Text:
    return text(f"{GAME}.log.{kind}", template, **params)


# ---- naming things ---------------------------------------------------------------------------------------


def card_name(card: str) -> str:
    """An action card: its id and its symbol(s), ``COMPASS_MOVE (Compass)``."""
    found = CONTENT.action_card.get(card)
    if found is None:
        return card
    return f"{card} ({'/'.join(SYMBOL_NAMES.get(s, s) for s in found.symbols)})"


def tile_name(s: State, tile_id: str) -> str:
    """A tile by name and cell, ``Guild 7 (0,1)``; the Guildhall by name."""
    if tile_id == GUILDHALL:
        return "the Guildhall"
    placed = next((t for t in s.city if t.tile == tile_id), None)
    if placed is not None:
        return _placed_name(placed)
    found = CONTENT.tile.get(tile_id)
    return found.name if found is not None else tile_id


def _placed_name(placed: CityTile) -> str:
    """A tile of the city by name and cell, ``Guild 7 (0,1)`` (its cell read off the tile itself)."""
    found = CONTENT.tile.get(placed.tile)
    return f"{found.name if found is not None else placed.tile} ({placed.row},{placed.col})"


def _amount(template: str, singular: str = "", several: str | None = None) -> Callable[[Any], str]:
    """Words for an effect with an amount ``n``: ``template`` names ``{n}`` (a count of ``singular``)."""
    return lambda e: template.format(n=plural(e.n, singular, several) if singular else e.n)


_EFFECT_WORDS: dict[type, Callable[[Any], str]] = {
    Vp: _amount("{n} VP"),
    DrawAction: lambda e: (
        f"draw {plural(e.n, 'card')}" + (" at the end of the turn" if e.timing != "immediate" else "")
    ),
    DrawModifier: lambda e: f"draw {e.delta:+d} at the end of the turn",
    DrawLm: lambda e: f"draw {e.draw} Lord Mayor cards, keep {e.keep}",
    Hire: _amount("hire up to {n}"),
    GainNeutral: _amount("take up to {n}", "neutral pawn"),
    Move: _amount("move up to {n}", "figure"),
    ToPlantation: _amount("send up to {n} to the plantation", "figure"),
    Per: lambda e: f"per {e.count.what.replace('_', ' ')}: {effects_words(e.effects)}",
    Trigger: lambda e: f"whenever {e.event.lower().replace('_', ' ')} this turn: {effects_words(e.effects)}",
    Choice: lambda e: " or ".join(f"({effects_words(option)})" for option in e.options),
}


def effect_words(effect: Effect) -> str:
    """One effect of the content in a few words (§6.7)."""
    words = _EFFECT_WORDS.get(type(effect))
    return words(effect) if words is not None else effect.op.lower()


def effects_words(effects: Sequence[Effect]) -> str:
    return ", ".join(effect_words(e) for e in effects) or "nothing"


def _cards(cards: Sequence[str]) -> list[tuple[str, str]]:
    return [(card, card_name(card)) for card in sorted(set(cards))]


def _places(s: State) -> list[tuple[str, str]]:
    """Every place a figure can be named at: the Guildhall, then the city in reading order."""
    return [(GUILDHALL, "the Guildhall"), *_tiles(s)]


def _tiles(s: State) -> list[tuple[str, str]]:
    return [(t.tile, _placed_name(t)) for t in s.city]


# ---- labels, one function per kind of action --------------------------------------------------------------


def _hand(s: State, seat: int) -> list[tuple[str, str]]:
    return _cards(s.players[seat].hand)


def _label_order(s: State, seat: int, a: mv.StartingOrder) -> tuple[Text, list[Text]]:
    """R-SETUP-6: the starting order drawn."""
    order = ", ".join(seat_name(x) for x in a.seats)
    label = _move("starting_order", "Starting order: {order}", order=order)
    return label, [_choice("starting_order", "Starting order"), _choice("order", "{order}", order=order)]


def _label_side(s: State, seat: int, a: mv.ChanceSide) -> tuple[Text, list[Text]]:
    """R-SETUP-5: the plantation side drawn."""
    side = a.side.title()
    label = _move("chance_side", "The plantation is {side}", side=side)
    return label, [_choice("chance_side", "Plantation side"), _choice("side", "{side}", side=side)]


def _label_tile(s: State, seat: int, a: mv.ChanceTile) -> tuple[Text, list[Text]]:
    """R-SETUP-12/13, R-GROW-2: the tile drawn for the cell."""
    step = s.queue[0]
    cell = f"({step.row},{step.col})" if isinstance(step, DrawTile) else ""
    name = CONTENT.tile[a.tile].name if a.tile in CONTENT.tile else a.tile
    label = _move("chance_tile", "{tile} is drawn for {cell}", tile=name, cell=cell)
    supply = [(t, CONTENT.tile[t].name) for t in dict.fromkeys(s.tile_supply) if t in CONTENT.tile]
    return label, [_choice("chance_tile", "Tile drawn"), *pick("tile", a.tile, supply)]


def _label_token(s: State, seat: int, a: mv.ChanceToken) -> tuple[Text, list[Text]]:
    """R-SETUP-2, R-GROW-5: the token drawn for the tile."""
    step = s.queue[0]
    cell = f"({step.row},{step.col})" if isinstance(step, DrawToken) else ""
    label = _move("chance_token", "Token {token} goes on the tile at {cell}", token=a.token, cell=cell)
    bag = [(t, t) for t in dict.fromkeys(s.token_bag)]
    return label, [_choice("chance_token", "Token drawn"), *pick("token", a.token, bag)]


def _label_card(s: State, seat: int, a: mv.ChanceCard) -> tuple[Text, list[Text]]:
    """R-SETUP-7, R-TURN-6: the action card drawn."""
    label = _move("chance_card", "The card drawn is {card}", card=card_name(a.card))
    return label, [_choice("chance_card", "Action card drawn"), *pick("card", a.card, _cards(s.deck))]


def _label_lord_mayor_draw(s: State, seat: int, a: mv.ChanceLordMayor) -> tuple[Text, list[Text]]:
    """R-SETUP-11, §6.6: the Lord Mayor card drawn."""
    label = _move("chance_lord_mayor", "The Lord Mayor card drawn is {card}", card=a.card)
    deck = [(c, c) for c in dict.fromkeys(s.lm_deck)]
    return label, [_choice("chance_lord_mayor", "Lord Mayor card drawn"), *pick("lord_mayor", a.card, deck)]


def _label_keep(s: State, seat: int, a: mv.KeepLordMayor) -> tuple[Text, list[Text]]:
    """R-SETUP-11, §5.3: a Lord Mayor card kept (secretly)."""
    label = _move("keep_lord_mayor", "Keep Lord Mayor card {card}", card=a.card)
    offer = [(c, c) for c in sorted(set(s.players[seat].lm_offer))]
    return label, [_choice("keep_lord_mayor", "Keep a Lord Mayor card"), *pick("lord_mayor", a.card, offer)]


def _label_under(s: State, seat: int, a: mv.PutUnder) -> tuple[Text, list[Text]]:
    """§5.3: the next drawn card put under the Lord Mayor deck."""
    label = _move("put_under", "Put {card} under the Lord Mayor deck next", card=a.card)
    offer = [(c, c) for c in sorted(set(s.players[seat].lm_offer))]
    return label, [_choice("put_under", "Put a card under the deck"), *pick("lord_mayor", a.card, offer)]


def _label_hire(s: State, seat: int, a: mv.PlayHire) -> tuple[Text, list[Text]]:
    """§5.2 action A."""
    label = _move("play_hire", "Hire a liveryman with {card}", card=card_name(a.card))
    return label, [_choice("play_hire", "Hire a liveryman"), *pick("card", a.card, _hand(s, seat))]


def _label_play_move(s: State, seat: int, a: mv.PlayMove) -> tuple[Text, list[Text]]:
    """§5.2 action B."""
    card, source, to = card_name(a.card), tile_name(s, a.source), tile_name(s, a.to)
    label = _move("play_move", "Move with {card} from {source} to {to}", card=card, source=source, to=to)
    path = [
        _choice("play_move", "Move a figure"),
        *pick("card", a.card, _hand(s, seat)),
        *pick("source", a.source, _places(s)),
        *pick("to", a.to, _tiles(s)),
    ]
    return label, path


def _label_ability(s: State, seat: int, a: mv.PlayAbility) -> tuple[Text, list[Text]]:
    """§5.2 action C: the ability and its cost."""
    card = CONTENT.action_card.get(a.card)
    does = effects_words(card.ability) if card is not None else ""
    label = _move("play_ability", "Use {card}: {does}", card=card_name(a.card), does=does)
    return label, [_choice("play_ability", "Use an ability"), *pick("card", a.card, _hand(s, seat))]


def _label_end(s: State, seat: int, a: mv.EndTurn) -> tuple[Text, list[Text]]:
    """§5.2 ``EndTurn``."""
    return _move("end_turn", "End the turn"), [_choice("end_turn", "End the turn")]


def _label_pay(s: State, seat: int, a: mv.PayCard) -> tuple[Text, list[Text]]:
    """§5.2 ``PlayAbility``: a card discarded as payment."""
    label = _move("pay_card", "Discard {card} to pay", card=card_name(a.card))
    return label, [_choice("pay_card", "Discard to pay"), *pick("card", a.card, _hand(s, seat))]


def _label_return(s: State, seat: int, a: mv.ReturnFigure) -> tuple[Text, list[Text]]:
    """§5.2 ``PlayAbility``: a figure returned to the supply as payment."""
    label = _move("return_figure", "Return a figure from {source} to the supply", source=tile_name(s, a.source))
    return label, [_choice("return_figure", "Return a figure"), *pick("source", a.source, _places(s))]


def _label_hire_count(s: State, seat: int, a: mv.Hire) -> tuple[Text, list[Text]]:
    """§6.7 ``HIRE``."""
    label = _move("hire", "Hire {count}", count=plural(a.count, "liveryman", "liverymen"))
    return label, [_choice("hire", "Hire"), _choice("count", "{count}", count=a.count)]


def _label_neutral(s: State, seat: int, a: mv.TakeNeutral) -> tuple[Text, list[Text]]:
    """§6.7 ``GAIN_NEUTRAL``."""
    label = _move("take_neutral", "Take {count}", count=plural(a.count, "neutral pawn"))
    return label, [_choice("take_neutral", "Take neutral pawns"), _choice("count", "{count}", count=a.count)]


def _label_move_figure(s: State, seat: int, a: mv.MoveFigure) -> tuple[Text, list[Text]]:
    """§6.7 ``MOVE``."""
    source, to = tile_name(s, a.source), tile_name(s, a.to)
    label = _move("move_figure", "Move a figure from {source} to {to}", source=source, to=to)
    path = [
        _choice("move_figure", "Move a figure"),
        *pick("source", a.source, _places(s)),
        *pick("to", a.to, _tiles(s)),
    ]
    return label, path


def _label_plant(s: State, seat: int, a: mv.PlantFigure) -> tuple[Text, list[Text]]:
    """§6.7 ``TO_PLANTATION``."""
    label = _move("plant_figure", "Send a figure from {source} to the plantation", source=tile_name(s, a.source))
    return label, [_choice("plant_figure", "Send to the plantation"), *pick("source", a.source, _places(s))]


def _label_option(s: State, seat: int, a: mv.ChooseOption) -> tuple[Text, list[Text]]:
    """§9.2.1 ``CHOICE``: an option and what it does."""
    step = s.queue[0]
    choice = find_choice(step.ref) if isinstance(step, ChoiceStep) else None
    does = effects_words(choice.options[a.option]) if choice is not None and 0 <= a.option < len(choice.options) else ""
    label = _move("choose_option", "Option {number}: {does}", number=a.option + 1, does=does)
    return label, [_choice("choose_option", "Option {number}: {does}", number=a.option + 1, does=does)]


def _label_swap(s: State, seat: int, a: mv.Swap) -> tuple[Text, list[Text]]:
    """R-RES-5, R-PLANT-1."""
    who = seat_name(a.seat)
    label = _move("swap", "Swap a liveryman of {seat} for a neutral pawn", seat=who)
    return label, [_choice("swap", "Swap"), _choice("whose", "{seat}", seat=who)]


def _label_stop(s: State, seat: int, a: mv.Stop) -> tuple[Text, list[Text]]:
    return _move("stop", "Stop"), [_choice("stop", "Stop")]


def _label_discard(s: State, seat: int, a: mv.Discard) -> tuple[Text, list[Text]]:
    """R-TURN-6 step 4."""
    label = _move("discard", "Discard {card}", card=card_name(a.card))
    return label, [_choice("discard", "Discard"), *pick("card", a.card, _hand(s, seat))]


_LABELS: dict[type, Callable[[State, int, Any], tuple[Text, list[Text]]]] = {
    mv.StartingOrder: _label_order,
    mv.ChanceSide: _label_side,
    mv.ChanceTile: _label_tile,
    mv.ChanceToken: _label_token,
    mv.ChanceCard: _label_card,
    mv.ChanceLordMayor: _label_lord_mayor_draw,
    mv.KeepLordMayor: _label_keep,
    mv.PutUnder: _label_under,
    mv.PlayHire: _label_hire,
    mv.PlayMove: _label_play_move,
    mv.PlayAbility: _label_ability,
    mv.EndTurn: _label_end,
    mv.PayCard: _label_pay,
    mv.ReturnFigure: _label_return,
    mv.Hire: _label_hire_count,
    mv.TakeNeutral: _label_neutral,
    mv.MoveFigure: _label_move_figure,
    mv.PlantFigure: _label_plant,
    mv.ChooseOption: _label_option,
    mv.Swap: _label_swap,
    mv.Stop: _label_stop,
    mv.Discard: _label_discard,
}


def label(state: State, move: mv.Move, several_seats: bool) -> MoveLabel:
    """The label and the path of choices of a legal move (the seat first when several seats decide)."""
    shown, path = _LABELS[type(move.action)](state, move.seat, move.action)
    return _seated(move.seat, several_seats, shown, path)


# ---- log lines ----------------------------------------------------------------------------------------------


_HIDDEN_LINES: dict[type, str] = {
    mv.ChanceCard: "{seat} draws an action card",
    mv.ChanceLordMayor: "{seat} draws a Lord Mayor card",
    mv.KeepLordMayor: "{seat} keeps a Lord Mayor card",
    mv.PutUnder: "{seat} puts a Lord Mayor card under the deck",
}
"""Moves whose public line hides the card (§8): drawn action cards, every Lord Mayor card."""


def _drawer(before: State) -> int:
    """The seat a chance draw or a Lord Mayor choice is for."""
    head = before.queue[0] if before.queue else None
    return int(getattr(head, "seat", CHANCE))


def _what_followed(before: State, after: State) -> str:
    """What happened by itself after the move, in public words: tiles resolved, the round, the end."""
    parts = []
    was_up = {t.tile: t.face_up for t in before.city}
    for placed in after.city:
        if was_up.get(placed.tile) and not placed.face_up:
            master = seat_name(placed.master) if placed.master >= 0 else "no master"
            parts.append(f"{tile_name(after, placed.tile)} is resolved ({master})")
    if after.stage == "over" and before.stage != "over":
        parts.append("the game is over")
    elif after.round != before.round:
        parts.append(f"round {after.round} begins")
    return "; ".join(parts)


def _public(before: State, move: mv.Move, after: State) -> Text:
    a = move.action
    if type(a) in _HIDDEN_LINES:
        who = seat_name(_drawer(before) if move.seat == CHANCE else move.seat)
        return _log(str(type(a).__struct_config__.tag), _HIDDEN_LINES[type(a)], seat=who)
    shown, _ = _LABELS[type(a)](before, move.seat, a)
    if move.seat == CHANCE:
        return _log("chance", "{what}", what=shown.english)
    return _log("move", "{seat}: {what}", seat=seat_name(move.seat), what=shown.english)


def log(before: State, move: mv.Move, after: State) -> LogEntry:
    """The public line hides drawn action cards and every Lord Mayor card; the private line (the mover's)
    names them. Both end with what followed by itself."""
    line = _public(before, move, after)
    followed = _what_followed(before, after)
    if followed:
        line = _log("followed", "{line} — {followed}", line=line.english, followed=followed)
    private = None
    if type(move.action) in _HIDDEN_LINES:
        shown, _ = _LABELS[type(move.action)](before, move.seat, move.action)
        private = _log("private", "{what}", what=shown.english)
    return LogEntry(move.seat, line, private)


def _seated(seat: int, several_seats: bool, label: Text, path: list[Text]) -> MoveLabel:
    return seated(GAME, seat, several_seats, label, path)


def pick(kind: str, value: str, everything: Sequence[tuple[str, str]]) -> list[Text]:
    """The menu step(s) choosing ``value`` (``engines.core.text.menu_steps``)."""
    return menu_steps(GAME, kind, value, everything)
