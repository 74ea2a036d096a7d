"""Engines wired to the contract: one game's state and moves as members of the GameState and
Move oneofs (the member is named after the game id), and the shared engine structs as the
common messages. All conversion is generic (``server.convert``); nothing here knows a rule.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

import msgspec
from google.protobuf import struct_pb2
from google.protobuf.descriptor import Descriptor, FieldDescriptor
from rulesengine.v1 import common_pb2, service_pb2

from engines.core.engine import GameInfo, Pending
from engines.core.errors import Violation
from engines.core.scoring import ScoreSheet
from engines.core.text import LogEntry, MoveLabel, Text
from server.convert import ConversionError, SchemaMismatch, StructCodec, UnionCodec, validate

#: The shared engine structs and the common messages that mirror them.
PENDING = StructCodec(Pending, common_pb2.Pending.DESCRIPTOR)
VIOLATION = StructCodec(Violation, common_pb2.Violation.DESCRIPTOR)
SCORE_SHEET = StructCodec(ScoreSheet, common_pb2.ScoreSheet.DESCRIPTOR)
GAME_INFO = StructCodec(GameInfo, common_pb2.GameInfo.DESCRIPTOR)
MOVE_LABEL = StructCodec(MoveLabel, common_pb2.MoveLabel.DESCRIPTOR)
LOG_ENTRY = StructCodec(LogEntry, common_pb2.LogEntry.DESCRIPTOR)
TEXT = StructCodec(Text, common_pb2.Text.DESCRIPTOR)


def _oneof_member(descriptor: Descriptor, oneof: str, name: str) -> FieldDescriptor:
    fd = descriptor.fields_by_name.get(name)
    if fd is None or fd.containing_oneof is None or fd.containing_oneof.name != oneof or fd.message_type is None:
        raise SchemaMismatch(f"{descriptor.full_name} has no message field {name!r} in oneof {oneof!r}")
    return fd


class GameBinding:
    """One engine and the codecs between its structs and the contract's messages.

    The engine's move type must be a struct of exactly ``seat: int`` and ``action`` (a tagged
    union of action structs); its state type is any struct mirrored by the message in the
    ``GameState.state`` oneof member named after the game id.
    """

    def __init__(self, engine: Any, remember_encodings: bool = True) -> None:
        """``remember_encodings``: the state codec remembers the encodings of nested structs, which pays when
        the states it encodes live on (a server with a state memo hands the engine the very objects it
        returned); without one every state is decoded anew and remembering would only cost."""
        self.engine = engine
        self.game_id: str = engine.info.game_id
        self.rules_version: str = engine.info.rules_version
        state_fd = _oneof_member(service_pb2.GameState.DESCRIPTOR, "state", self.game_id)
        self._state = StructCodec(engine.state_type, state_fd.message_type, remember_encodings)
        fields = {f.name: f.type for f in msgspec.structs.fields(engine.move_type)}
        if set(fields) != {"seat", "action"} or fields["seat"] is not int:
            raise SchemaMismatch(f"{engine.move_type!r} must have exactly the fields `seat: int` and `action`")
        action_fd = _oneof_member(service_pb2.Move.DESCRIPTOR, "action", self.game_id)
        self._action = UnionCodec(fields["action"], action_fd.message_type)

    def state_to_proto(self, state: Any) -> service_pb2.GameState:
        """The unsigned ``GameState`` of an engine state."""
        message = service_pb2.GameState()
        self.state_into(state, message)
        return message

    def state_into(self, state: Any, message: service_pb2.GameState) -> None:
        """Write an engine state into an empty ``GameState`` (e.g. the one inside a response: no copy)."""
        message.game_id, message.rules_version = self.game_id, self.rules_version
        self._state.encode_into(state, getattr(message, self.game_id), f"state.{self.game_id}")

    def state_from_proto(self, message: service_pb2.GameState, path: str = "state") -> Any:
        """The engine state a ``GameState`` holds; ``ConversionError`` names a bad field."""
        held = message.WhichOneof("state")
        if held != self.game_id:
            raise ConversionError(path, f"game_id is {self.game_id!r} but the state holds {held or 'no game'!r}")
        return self._state.from_proto(getattr(message, self.game_id), f"{path}.{self.game_id}")

    def move_to_proto(self, move: Any) -> service_pb2.Move:
        """The ``Move`` message of an engine move."""
        message = service_pb2.Move(seat=move.seat)
        self._action.encode_into(move.action, getattr(message, self.game_id), f"move.{self.game_id}")
        return message

    def move_from_proto(self, message: service_pb2.Move, path: str = "move") -> Any:
        """The engine move a ``Move`` holds; ``ConversionError`` names a bad field."""
        held = message.WhichOneof("action")
        if held != self.game_id:
            raise ConversionError(path, f"expected a {self.game_id} action, got {held or 'none'!r}")
        where = f"{path}.{self.game_id}"
        action = self._action.decode(getattr(message, self.game_id), where)
        return validate({"seat": message.seat, "action": action}, self.engine.move_type, path)

    @cached_property
    def description(self) -> service_pb2.DescribeGameResponse:
        """``DescribeGame``'s answer, built once (content is immutable data). Keys become strings (a
        ``Struct`` has no other), e.g. Guilds of London's expansion directions by round number."""
        content = struct_pb2.Struct()
        content.update(msgspec.to_builtins(self.engine.describe(), str_keys=True))
        names = [
            service_pb2.ContentName(kind=named.kind, ref=named.ref, name=TEXT.to_proto(named.text))
            for named in getattr(self.engine, "names", list)()
        ]
        return service_pb2.DescribeGameResponse(
            game_id=self.game_id, rules_version=self.rules_version, content=content, names=names
        )
