"""Any action in words made from its kind and fields (``pick noble (who 2, place O6)``), for a refusal that
names what was sent: the kind and the fields are the API's (``Move.action``), the values as sent (a faction
or a citizen's kind by its name)."""

from __future__ import annotations

from typing import get_args

import msgspec

from engines.core.text import Message, Param, Text, names
from engines.walled_city import moves as mv
from engines.walled_city.names import CITIZEN_KINDS, FACTIONS

MARKERS = names("walled_city", "marker_kind", {"die": "die", "tile": "tile"})
"""The two kinds of marker an adjustment or a re-roll names (``Adjust.kind``, ``ChooseMarker.kind``): a faction
die, a survey tile."""
YES = Message("walled_city.action.yes", "yes")
NO = Message("walled_city.action.no", "no")


def _template(action: type) -> str:
    kind = str(action.__struct_config__.tag).replace("_", " ")  # type: ignore[attr-defined]
    fields = ", ".join(f"{name.replace('_', ' ')} {{{name}}}" for name in action.__struct_fields__)  # type: ignore[attr-defined]
    return f"{kind} ({fields})" if fields else kind


ACTIONS: dict[str, Message] = {
    str(t.__struct_config__.tag): Message(f"walled_city.action.{t.__struct_config__.tag}", _template(t))
    for t in get_args(mv.Action)
}
"""Each kind of action, in words, by its tag."""
ACTIONS_START: dict[str, Message] = {
    str(t.__struct_config__.tag): Message(
        f"walled_city.action_start.{t.__struct_config__.tag}", _template(t)[:1].upper() + _template(t)[1:]
    )
    for t in get_args(mv.Action)
}
"""Each kind of action, in words, at the start of a sentence."""


def _value(name: str, value: object) -> Param:
    if isinstance(value, bool):
        return YES() if value else NO()
    if isinstance(value, int):
        return value
    if name == "faction" and value in FACTIONS:
        return FACTIONS[str(value)]
    if name == "kind" and value in CITIZEN_KINDS:
        return CITIZEN_KINDS[str(value)]
    if name == "kind" and value in MARKERS:
        return MARKERS[str(value)]
    return str(value)


def describe(action: msgspec.Struct, start: bool = False) -> Text:
    """The action in words (its kind and each field; ``start``: at the start of a sentence)."""
    message = (ACTIONS_START if start else ACTIONS)[str(action.__struct_config__.tag)]
    return message(**{name: _value(name, getattr(action, name)) for name in action.__struct_fields__})
