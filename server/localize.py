"""A response's words in the language its call asked for (docs/api.md "Languages").

A call names its language the way its protocol's users expect: the ``accept-language`` metadata on the gRPC
port, the ``Accept-Language`` header on the HTTP port (gRPC-Web and JSON alike), with the same value syntax
(``hu``, ``de-AT``, ``hu-HU,hu;q=0.9,en;q=0.5``). The service answers in the best supported match
(``engines.core.locale.negotiate``): English when none matches, and always English for a call that names no
language. When a call named one, the response names the language it used: ``content-language`` in the gRPC
initial metadata, the ``Content-Language`` header on HTTP.

English responses are exactly what they were before languages existed (nothing is walked). In another
language, ``localize`` walks the response once: every ``Text`` gets its ``localized`` words, and every plain
string that has a ``<field>_text`` sibling (``Pending.prompt``, ``Violation.message``, a score line's
``category``/``detail``/``tiebreak``, an option's ``doc``, an automated seat's ``name``) becomes that text's
words. Message types that hold no text (moves) are never entered, nor are game states and views
(``GameState``): a state goes back to the service byte for byte as it came.
"""

from __future__ import annotations

from functools import cache
from typing import TypeVar

from google.protobuf.descriptor import Descriptor, FieldDescriptor
from google.protobuf.message import Message
from rulesengine.v1 import common_pb2, service_pb2

from engines.core.locale import LOCALES, Words, negotiate
from engines.core.text import Text
from server.convert import StructCodec

__all__ = ["LOCALES", "Words", "language", "localize"]

_TEXT = common_pb2.Text.DESCRIPTOR
_TEXT_CODEC = StructCodec(Text, _TEXT)
_SUFFIX = "_text"
#: Messages never changed: a game state (or view) travels back to the service as it was sent (its signature
#: covers its bytes), so words a state keeps stay as the engine wrote them.
_OPAQUE = frozenset({service_pb2.GameState.DESCRIPTOR.full_name})
M = TypeVar("M", bound=Message)


def language(accept_language: str | None) -> tuple[Words, bool]:
    """The words of a call from its ``accept-language`` value, and whether the call named a language (then
    the response says which one it got)."""
    return Words(negotiate(accept_language)), bool(accept_language)


@cache
def _holds_text(descriptor: Descriptor) -> bool:
    """Whether messages of this type can hold a ``Text`` (at any depth)."""
    return _search(descriptor, set())


def _search(descriptor: Descriptor, seen: set[str]) -> bool:
    if descriptor.full_name == _TEXT.full_name:
        return True
    if descriptor.full_name in seen or descriptor.full_name in _OPAQUE:
        return False
    seen.add(descriptor.full_name)
    return any(
        field.message_type is not None and _search(field.message_type, seen)
        for field in descriptor.fields
        if field.type == FieldDescriptor.TYPE_MESSAGE
    )


def localize(message: M, words: Words) -> M:
    """``message`` (a response) with its words in ``words``' language: a copy with the words filled in (the
    response may be one the server keeps, such as ListGames'), or ``message`` itself for English or a
    message that holds no text."""
    if words.english or not _holds_text(message.DESCRIPTOR):
        return message
    copy = type(message)()
    copy.CopyFrom(message)
    _walk(copy, words)
    return copy


def _walk(message: Message, words: Words) -> None:
    if message.DESCRIPTOR is _TEXT:
        message.localized = words(_TEXT_CODEC.from_proto(message))  # type: ignore[attr-defined]
        return
    for field, value in message.ListFields():
        if field.type != FieldDescriptor.TYPE_MESSAGE or not _holds_text(field.message_type):
            continue
        if field.is_repeated:
            if field.message_type.GetOptions().map_entry:
                continue
            for item in value:
                _walk(item, words)
        else:
            _walk(value, words)
            if field.message_type is _TEXT and field.name.endswith(_SUFFIX):
                plain = field.name[: -len(_SUFFIX)]
                if plain in message.DESCRIPTOR.fields_by_name:
                    setattr(message, plain, value.localized)
