"""Readable text for terminals: moves, views of a state, score sheets, game lists.

Rendering is generic over protobuf messages (the move's action is the single field set in
its ``oneof``). A game's views are drawn by the client's module named after the game id
(``rulesengine_client/<game_id>.py``, e.g. ``rulesengine_client.citadels``), found by
:func:`game_module`: no list of the games is kept here, and a game the client has no module for is
shown as protobuf text. Such a module declares:

* ``GAME_ID``: its game id (the ``GameState.state`` member it draws);
* ``render_game(state, names, seat, *, pending, facts) -> str``: the game's state (the member of
  ``GameState``, usually a view) for a terminal, from ``seat``'s side;
* optionally ``Content`` (with ``Content.from_data(data)``: the game's ``DescribeGame`` content, as
  :meth:`Names.content` gives it), ``NOTATION`` (its marks, for :func:`legend`) and
  ``decision_help(state, names, facts) -> str`` (what a seat about to decide also needs to see).
"""

from __future__ import annotations

import importlib
import re
import textwrap
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from types import ModuleType
from typing import Any

from google.protobuf import json_format, text_format
from google.protobuf.message import Message
from rulesengine.v1 import common_pb2, service_pb2

from rulesengine_client.i18n import Words, shown

HIDDEN = "?"
CHANCE_SEAT = -1


class Names:
    """Display names for content ids, gathered from ``DescribeGame`` content.

    Any item in the content that has an ``id`` and a ``name_en`` (or ``name``) gets a label;
    districts also show their cost and type. Unknown ids are shown as they are. The content
    itself is kept (``data``) for renderers that draw it (a Walls of York board): :meth:`content` reads
    it as a game's content, also available as an attribute named after the game (``names.walled_city``).
    """

    def __init__(self, labels: Mapping[str, str] | None = None, data: Mapping[str, Any] | None = None) -> None:
        self.labels: dict[str, str] = dict(labels or {})
        self.data: dict[str, Any] = dict(data or {})
        self._contents: dict[str, Any] = {}

    def content(self, game_id: str) -> Any:
        """``data`` read as ``game_id``'s content by that game's module (its ``Content.from_data``), or
        ``None`` when there is no data, or no module or ``Content`` for the game."""
        if game_id not in self._contents:
            reader = getattr(game_module(game_id), "Content", None)
            self._contents[game_id] = reader.from_data(self.data) if reader is not None and self.data else None
        return self._contents[game_id]

    def __getattr__(self, name: str) -> Any:
        """``names.<game_id>``: :meth:`content` of that game (for a game the client has a module for)."""
        if name.startswith("_") or game_module(name) is None:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        return self.content(name)

    @classmethod
    def from_content(cls, content: Any) -> Names:
        """Names from a ``DescribeGameResponse.content`` Struct (or the equivalent dict)."""
        data = json_format.MessageToDict(content) if isinstance(content, Message) else content
        labels: dict[str, str] = {}
        for item in _items(data):
            ident, name = item.get("id"), item.get("name_en") or item.get("name")
            if not isinstance(ident, str) or not isinstance(name, str) or ident in labels:
                continue
            extra = [str(item[k]) for k in ("cost", "type") if item.get(k) not in (None, "")]
            if "rank" in item and isinstance(item["rank"], int | float):
                extra = [f"rank {int(item['rank'])}"]
            labels[ident] = f"{name} ({', '.join(extra)})" if extra else name
        return cls(labels, data if isinstance(data, dict) else None)

    def __call__(self, ident: str) -> str:
        """The label of a content id (``?`` stays ``?``)."""
        return self.labels.get(ident, ident)

    def short(self, ident: str) -> str:
        """The label without the details in parentheses."""
        return self(ident).split(" (", 1)[0]


#: What a game id looks like (``GameState.state``'s members are game ids).
GAME_ID = re.compile(r"[a-z][a-z0-9_]*")


@cache
def game_module(game_id: str) -> ModuleType | None:
    """The client's module for ``game_id`` (``rulesengine_client.<game_id>``, declaring ``GAME_ID`` as
    ``game_id``), or ``None`` if the client has none: the game's states are then shown as protobuf text."""
    if not GAME_ID.fullmatch(game_id):
        return None
    name = f"{__package__}.{game_id}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name != name:
            raise
        return None
    return module if getattr(module, "GAME_ID", None) == game_id else None


def game_ids() -> list[str]:
    """The games the client's contract knows (the members of ``GameState.state``), in its order."""
    return [field.name for field in service_pb2.GameState.DESCRIPTOR.oneofs_by_name["state"].fields]


def _items(data: Any) -> Iterable[dict[str, Any]]:
    if isinstance(data, dict):
        yield data
        for value in data.values():
            yield from _items(value)
    elif isinstance(data, list):
        for value in data:
            yield from _items(value)


def seat_name(seat: int) -> str:
    """``seat 2``, or ``CHANCE`` for the chance seat."""
    return "CHANCE" if seat == CHANCE_SEAT else f"seat {seat}"


def _oneof_value(message: Message) -> tuple[str, Message | None]:
    """The name and value of the first set ``oneof`` field of ``message``."""
    for oneof in message.DESCRIPTOR.oneofs:
        which = message.WhichOneof(oneof.name)
        if which is not None:
            value = getattr(message, which)
            return which, value if isinstance(value, Message) else None
    return "", None


def _field_text(value: Any, names: Names) -> str:
    if isinstance(value, str):
        return names.short(value) if value else '""'
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Message):
        return text_format.MessageToString(value, as_one_line=True)
    if isinstance(value, Iterable):
        return "[" + ", ".join(_field_text(v, names) for v in value) + "]"
    return str(value)


def _shown_fields(body: Message) -> list[Any]:
    """Every field of an action that says something: a zero (seat 0 as a target) counts; an
    unset optional or message field and an empty list do not."""
    shown = []
    for field in body.DESCRIPTOR.fields:
        if field.is_repeated:
            if len(getattr(body, field.name)):
                shown.append(field)
        elif not field.has_presence or body.HasField(field.name):
            shown.append(field)
    return shown


def describe_action(action: Message, names: Names | None = None) -> str:
    """``build: card=Manor, method=gold`` for a game's typed action message."""
    names = names or Names()
    kind, body = _oneof_value(action)
    if body is None:
        return kind or "(no action)"
    fields = [f"{field.name}={_field_text(getattr(body, field.name), names)}" for field in _shown_fields(body)]
    label = kind.replace("_", " ")
    return f"{label}: {', '.join(fields)}" if fields else label


def describe_move(
    move: service_pb2.Move,
    names: Names | None = None,
    *,
    with_seat: bool = True,
    state: service_pb2.GameState | None = None,
) -> str:
    """A move as one line from its fields: ``seat 2: build: card=Manor`` (the service's words for a
    move are its ``LegalMoves`` label and ``ApplyMove`` log line; this is for a move it has not worded,
    e.g. an illegal move in a replay). ``state`` is accepted for callers that pass it and not used."""
    _, action = _oneof_value(move)
    text = "(empty move)" if action is None else describe_action(action, names)
    return f"{seat_name(move.seat)}: {text}" if with_seat else f"{text}"


def _value_words(field: Any, value: Any, names: Names) -> str:
    """The value of a move's field in words: a list joined by commas, each item by :func:`_item_words`."""
    if field.is_repeated:
        return ", ".join(_item_words(field, item, names) for item in value)
    return _item_words(field, value, names)


def _item_words(field: Any, value: Any, names: Names) -> str:
    """One value of a field in words: a content id by its name, yes/no, an enum by its name, a nested
    message by its own fields."""
    if isinstance(value, Message):
        return "; ".join(_fields_in_words(value, names)) or "nothing"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return names.short(value) if value else "none"
    if field.enum_type is not None:
        known = field.enum_type.values_by_number.get(value)
        return known.name if known is not None else str(value)
    return str(value)


def _fields_in_words(body: Message, names: Names) -> list[str]:
    """``name: value`` for each field the message holds, as its canonical JSON shows it: a field at its
    default value is left out, as a record leaves it out."""
    return [
        f"{field.name.replace('_', ' ')}: {_value_words(field, value, names)}" for field, value in body.ListFields()
    ]


def move_in_words(move: service_pb2.Move, names: Names | None = None) -> str:
    """A move the service has not worded (an illegal move of a record: ``LegalMoves`` labels only legal
    ones) in plain words from the record's own fields: the kind of action, then each field the record's JSON
    holds, content ids by their names: ``Pick (character: Architect; discard: Thief)``, ``Gather gold``."""
    names = names or Names()
    _, action = _oneof_value(move)
    kind, body = _oneof_value(action) if action is not None else ("", None)
    if body is None:
        return "an empty move"
    title = kind.replace("_", " ").capitalize()
    fields = _fields_in_words(body, names)
    return f"{title} ({'; '.join(fields)})" if fields else title


def state_round(state: service_pb2.GameState) -> int | None:
    """The game's round in ``state``, for a game whose state counts rounds (its ``round`` field: unset
    means 1, as every such state documents); ``None`` for a game without rounds (Walls of York)."""
    which = state.WhichOneof("state")
    if which is None:
        return None
    game = getattr(state, which)
    field = game.DESCRIPTOR.fields_by_name.get("round")
    if field is None or field.type != field.TYPE_INT32:
        return None
    return int(game.round) if game.HasField("round") else 1


def player_name(seat: int, names: Sequence[str] = ()) -> str:
    """A seat as a tournament director names it: ``Alice (seat 1)`` when the record names its players,
    else ``seat 1``; the chance seat is ``the table (a chance move)``."""
    if seat == CHANCE_SEAT:
        return "the table (a chance move)"
    name = names[seat] if 0 <= seat < len(names) else ""
    return f"{name} (seat {seat})" if name else f"seat {seat}"


def next_decision(pending: common_pb2.Pending, names: Sequence[str] = ()) -> str:
    """Who is to decide next and what, as the service words it: ``Ann (seat 0) — choose a card to hand
    over`` (a prompt's own "Seat 0: " is not said twice), or ``nobody: the game is over``."""
    if not pending.seats:
        return "nobody: the game is over"
    who = " and ".join(player_name(seat, names) for seat in pending.seats)
    what = pending.prompt or pending.kind.replace("_", " ").replace(".", ", ")
    if len(pending.seats) == 1:
        what = what.removeprefix(f"Seat {pending.seats[0]}: ")
    return f"{who} — {what}" if what else who


# ---- views -----------------------------------------------------------------------------------


def action_kind(move: service_pb2.Move) -> str:
    """The kind of a move's action (its ``oneof`` member, e.g. ``place_single``), or ``""``."""
    _, action = _oneof_value(move)
    return _oneof_value(action)[0] if action is not None else ""


def view_facts(view: service_pb2.ViewStateResponse) -> dict[str, Any]:
    """``ViewState``'s ``facts`` as a dict (numbers are floats: a Struct has only doubles)."""
    return json_format.MessageToDict(view.facts) if view.HasField("facts") else {}


def render_decision_help(state: service_pb2.GameState, names: Names, facts: Mapping[str, Any] | None = None) -> str:
    """What a seat about to decide also needs to see (the rolled formation's variants, from the
    service's ``facts`` and ``formation_variants``, by the game module's ``decision_help``); may be empty."""
    which = state.WhichOneof("state")
    helper = getattr(game_module(which), "decision_help", None) if which is not None else None
    return str(helper(getattr(state, which), names, facts or {})) if helper is not None else ""


def render_state(
    state: service_pb2.GameState,
    names: Names,
    seat: int | None,
    *,
    pending: common_pb2.Pending | None = None,
    facts: Mapping[str, Any] | None = None,
) -> str:
    """A game state (or view) for a terminal; ``pending`` and ``facts`` are ``ViewState``'s (see
    :func:`render_view`), without them a game draws only what the state itself lists."""
    which = state.WhichOneof("state")
    module = game_module(which) if which is not None else None
    if module is None:
        return text_format.MessageToString(state)
    return str(module.render_game(getattr(state, which), names, seat, pending=pending, facts=facts))


def render_view(view: service_pb2.ViewStateResponse, names: Names, seat: int | None) -> str:
    """A ``ViewState`` answer for a terminal: the view with the decision pending and the facts."""
    return render_state(view.state, names, seat, pending=view.pending, facts=view_facts(view))


# ---- scores and games ------------------------------------------------------------------------


def render_score(sheet: common_pb2.ScoreSheet, *, details: bool = True, words: Words | None = None) -> str:
    """A score sheet: standings with totals, each seat's breakdown, the winners (the client's own words in
    ``words``' language; the service's lines come in the language the call asked for)."""
    say = words or Words()
    lines = [say.say("Final score:") if sheet.final else say.say("Provisional score:")]
    for seat in sorted(sheet.seats, key=lambda s: (s.place or 99, s.seat)):
        tiebreak = say.say(" (tie-break: {tiebreak})", tiebreak=seat.tiebreak) if seat.tiebreak else ""
        points = say.say_n("{n} point", "{n} points", seat.total)
        who = say.say("seat {n}", n=seat.seat)
        lines.append(f"  {seat.place or '-'}. {who}: {points}{tiebreak}")
        if details:
            for entry in seat.entries:
                detail = f" ({entry.detail})" if entry.detail else ""
                lines.append(f"       {entry.points:+d} {entry.category}{detail}")
    if sheet.final:
        # Only a final sheet has winners; a provisional one only shows who is ahead now.
        winners = ", ".join(say.say("seat {n}", n=w) for w in sheet.winners) or say.say("none")
        shown_winners = say.say_n("Winner: {winners}", "Winners: {winners}", len(sheet.winners), winners=winners)
        lines.append(shown_winners)
    return "\n".join(lines)


# ---- words from the service ------------------------------------------------------------------


def move_label(label: common_pb2.MoveLabel | None, move: service_pb2.Move, names: Names | None = None) -> str:
    """How the service words a legal move (``LegalMoves`` labels); the client's own field
    rendering only when the service sent no label."""
    if label is not None and label.label.english:
        return shown(label.label)
    return describe_move(move, names, with_seat=False)


def path_step(text: common_pb2.Text) -> str:
    """One step of a choice path as shown in a menu (an empty step is a choice of nothing)."""
    return shown(text) or "(none)"


def log_line(entry: common_pb2.LogEntry, *, private: bool) -> str:
    """What a move did, as the service words it: the public line; with ``private`` (the mover's
    own screen) the private line instead when the mover saw more than the table."""
    if private and entry.HasField("private_line") and entry.private_line.english:
        return shown(entry.private_line)
    return shown(entry.public_line) or seat_name(entry.seat)


#: The notation the CLI's screens use in every game (:func:`legend` adds the game's own).
COMMON_NOTATION = (
    "Notation: ? = a card or value hidden from you; 'N hidden' / 'N cards (hidden)' = cards you may not see; "
    "(you) = your seat; CHANCE = the table (draws, shuffles, dice); Provisional score = the game is not over, "
    "no winner yet."
)


def notation(game_id: str) -> str:
    """``game_id``'s own notation (its module's ``NOTATION``), or ``""`` (Walls of York explains its board
    under the board)."""
    return str(getattr(game_module(game_id), "NOTATION", ""))


def legend(game_id: str | None = None) -> str:
    """The notation of ``game_id``'s screens, explained once (``h`` in ``play`` shows it again): the common
    notation and that game's own; with no game, every game's."""
    games = game_ids() if game_id is None else [game_id]
    return " ".join([COMMON_NOTATION, *filter(None, map(notation, games))])


#: Every game's notation (``legend()``).
LEGEND = legend()


def _wrap(text: str, indent: str) -> list[str]:
    return textwrap.wrap(text, width=100, initial_indent=indent, subsequent_indent=indent + "  ")


def totals(sheet: common_pb2.ScoreSheet) -> dict[int, int]:
    """Seat -> total points."""
    return {s.seat: s.total for s in sheet.seats}


def render_games(games: Iterable[common_pb2.GameInfo]) -> str:
    """The ``games`` listing: each game with its player counts, version, variants and options."""
    lines: list[str] = []
    for game in games:
        lines.append(
            f"{game.game_id}: {game.title} (rules {game.rules_version}, {game.min_players}-{game.max_players} players)"
        )
        if game.variants:
            lines.extend(_wrap(f"variants: {', '.join(game.variants)}", "  "))
        if game.options:
            lines.append("  options (--option NAME=VALUE):")
            for option in game.options:
                default = option.default or '""'
                lines.append(f"    {option.name} ({option.type}, default {default})")
                if option.choices:
                    lines.extend(_wrap("one of: " + ", ".join(option.choices), "        "))
                if option.doc:
                    lines.extend(_wrap(option.doc, "        "))
    return "\n".join(lines) if lines else "(no games)"
