"""Words for people: labels of moves, their choice paths, and the log of what a move did.

Every text is a message id, its parameters and the English rendered from them (``Text``), so a
client can show the English as it is or translate from the id and parameters without touching
the engines. Games build their texts with ``text``; the English template names the parameters
(``"Destroy {target}'s {district} ({cost} gold)"``), and the parameters keep the template's order.
"""

from __future__ import annotations

import string
from collections.abc import Sequence

import msgspec

_FORMATTER = string.Formatter()


class TextParam(msgspec.Struct, frozen=True):
    """One parameter of a text: its name in the template and its value as shown to a person."""

    name: str
    value: str


class Text(msgspec.Struct, frozen=True):
    """A stable message id, its parameters, and the English text rendered from them."""

    id: str
    params: tuple[TextParam, ...] = ()
    english: str = ""


class MoveLabel(msgspec.Struct, frozen=True):
    """How a legal move is shown: a label unique within its decision, and the path of choices a
    player makes to reach it (the kind of action first, then each parameter)."""

    label: Text
    path: tuple[Text, ...] = ()


class LogEntry(msgspec.Struct, frozen=True):
    """What a move did: the line every player at the table saw, and the line only the mover saw."""

    seat: int
    public_line: Text
    private_line: Text | None = None


def text(message_id: str, template: str, **params: object) -> Text:
    """A ``Text`` with the English rendered from ``template``; the parameters are kept in the order the
    template names them (each once), their values as the English shows them."""
    names = list(dict.fromkeys(field for _, field, _, _ in _FORMATTER.parse(template) if field))
    missing = [n for n in names if n not in params]
    if missing:
        raise KeyError(f"{message_id}: no value for {', '.join(missing)}")
    shown = {name: str(value) for name, value in params.items()}
    return Text(message_id, tuple(TextParam(n, shown[n]) for n in names), template.format(**shown))


def seat_name(seat: int) -> str:
    """How a seat is named to people: ``Seat 0`` .. ``Seat n-1``, ``Chance`` for the chance seat."""
    return "Chance" if seat < 0 else f"Seat {seat}"


def plural(count: int, singular: str, several: str | None = None) -> str:
    """``1 card``, ``2 cards``, ``0 cards`` (``several`` for irregular plurals)."""
    return f"{count} {singular if count == 1 else (several or singular + 's')}"


def generic_label(seat: int, action: msgspec.Struct, several_seats: bool) -> MoveLabel:
    """A label and path made from the action's kind and fields, for a game that has not worded a kind
    of move yet: unique within a decision because two moves of one decision differ in a field (or, when
    several seats decide, in the seat)."""
    tag = str(action.__struct_config__.tag)
    kind = tag.replace("_", " ")
    fields = [(name, getattr(action, name)) for name in action.__struct_fields__]
    shown = ", ".join(f"{name.replace('_', ' ')} {_value(value)}" for name, value in fields)
    who = f"{seat_name(seat)}: " if several_seats else ""
    english = f"{who}{kind}" + (f" ({shown})" if shown else "")
    params: tuple[TextParam, ...] = (TextParam("seat", seat_name(seat)),) if several_seats else ()
    params += tuple(TextParam(name, _value(value)) for name, value in fields)
    label = Text(f"move.{tag}", params, english)
    path = [Text(f"choice.{tag}", (), kind)]
    if several_seats:
        path.insert(0, Text("choice.seat", (TextParam("seat", seat_name(seat)),), seat_name(seat)))
    path += [Text(f"choice.{tag}.{name}", (TextParam(name, _value(value)),), _value(value)) for name, value in fields]
    return MoveLabel(label, tuple(path))


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple | list):
        return ", ".join(_value(v) for v in value) or "none"
    if isinstance(value, msgspec.Struct):
        return ", ".join(f"{n} {_value(getattr(value, n))}" for n in value.__struct_fields__)
    return str(value)


MENU = 25
"""The most choices a menu shows (a Discord select menu's limit)."""


def seated(game: str, seat: int, several_seats: bool, label: Text, path: Sequence[Text]) -> MoveLabel:
    """A move's label and path; when several seats decide at once, both name the seat first."""
    if not several_seats:
        return MoveLabel(label, tuple(path))
    who = seat_name(seat)
    named = Text(label.id, (TextParam("seat", who), *label.params), f"{who}: {label.english}")
    return MoveLabel(named, (text(f"{game}.choice.seat", "{seat}", seat=who), *path))


def menu_steps(game: str, kind: str, value: str, everything: Sequence[tuple[str, str]]) -> list[Text]:
    """The menu step(s) choosing ``value`` among ``everything`` ((value, words) pairs in menu order): one
    step, or with more than ``MENU`` values first the group of at most ``MENU`` consecutive ones holding it.
    The groups come from the whole range, so every move of a decision walks menus of the same shape."""
    keys = [key for key, _ in everything]
    chosen = text(f"{game}.choice.{kind}", "{value}", value=dict(everything).get(value, value))
    if len(keys) <= MENU or value not in keys:
        return [chosen]
    start = keys.index(value) // MENU * MENU
    chunk = everything[start : start + MENU]
    group = text(f"{game}.choice.{kind}_group", "{first} … {last}", first=chunk[0][1], last=chunk[-1][1])
    return [group, chosen]
