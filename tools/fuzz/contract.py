"""What the service's contract says, read from its descriptor: used to check the fuzz's own tables
(``tools.fuzz.plan``) and to parse answers, never to decide what to send."""

from __future__ import annotations

from typing import Any

import grpc
from google.protobuf import message_factory
from rulesengine.v1 import service_pb2

SERVICE = service_pb2.DESCRIPTOR.services_by_name["RulesEngineService"]
#: Every RPC of the service, in the order of the contract.
RPCS: tuple[str, ...] = tuple(method.name for method in SERVICE.methods)
#: RPCs whose request is a stream of messages.
STREAMING = frozenset(method.name for method in SERVICE.methods if method.client_streaming)
#: RPCs whose request carries a ``GameState`` in its ``state`` field.
STATE_RPCS: tuple[str, ...] = tuple(
    method.name
    for method in SERVICE.methods
    if "state" in method.input_type.fields_by_name
    and method.input_type.fields_by_name["state"].message_type is service_pb2.GameState.DESCRIPTOR
)
#: Where a playable state sits in the response of the RPCs that return one (views are not playable).
RETURNED_STATE: dict[str, tuple[str, ...]] = {
    "NewGame": ("state",),
    "ApplyMove": ("state",),
    "ReplayGame": ("result", "state"),
    "ReplayGameStream": ("result", "state"),
}
RESPONSES: dict[str, Any] = {
    method.name: message_factory.GetMessageClass(method.output_type) for method in SERVICE.methods
}
REQUESTS: dict[str, Any] = {
    method.name: message_factory.GetMessageClass(method.input_type) for method in SERVICE.methods
}
#: gRPC status numbers to names (``3`` -> ``INVALID_ARGUMENT``).
STATUS_NAMES: dict[int, str] = {code.value[0]: code.name for code in grpc.StatusCode}


def path_of(rpc: str) -> str:
    """The HTTP path (and gRPC method name) of ``rpc``."""
    return f"/{SERVICE.full_name}/{rpc}"


def returned_state(rpc: str, body: bytes) -> service_pb2.GameState | None:
    """The playable state in an OK response of ``rpc`` (binary protobuf), if it returns one."""
    path = RETURNED_STATE.get(rpc)
    if path is None:
        return None
    message: Any = RESPONSES[rpc].FromString(body)
    for name in path:
        if not message.HasField(name):
            return None
        message = getattr(message, name)
    assert isinstance(message, service_pb2.GameState)
    return message
