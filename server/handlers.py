"""gRPC wiring of the servicer: request parsing, error mapping and access logs for every RPC.

``run_logged`` and ``parse_request`` are shared with the HTTP transport (``server.http``).

The handlers are built from the service descriptor, so every RPC of the contract is served
and a servicer that lacks one fails at start-up. Requests arrive as raw bytes and are parsed
here, so a malformed message is INVALID_ARGUMENT (gRPC's own deserializer would answer
INTERNAL). Around every call one wrapper:

* clears the structlog context, runs the method, and writes one access-log line (``rpc``,
  ``game``, ``seat`` or ``viewer``, ``action``, ``outcome``, ``reason``, ``violation``,
  ``duration_ms``, ``peer``); the servicer binds only public facts, never hidden state;
* turns ``ServiceError`` and escaped engine exceptions into statuses with google.rpc details;
* turns anything unexpected into INTERNAL with a generic message, logging the exception's
  type and frames (not its message, which could quote a hidden card).
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable, Iterator
from typing import Any

import grpc
import structlog
from google.protobuf import json_format, message_factory
from google.protobuf.descriptor import MethodDescriptor
from google.protobuf.message import DecodeError, Message
from rulesengine.v1 import service_pb2

from server import errors

SERVICE = service_pb2.DESCRIPTOR.services_by_name["RulesEngineService"]
#: The fully qualified service name (health checks, reflection).
SERVICE_NAME: str = SERVICE.full_name

_log = structlog.get_logger("rulesengine.access")


def service_methods(servicer: Any) -> Iterator[tuple[MethodDescriptor, Callable[..., Message], type[Message]]]:
    """Every RPC of the service: its descriptor, ``servicer``'s method and the request class.

    Raises ``TypeError`` when the servicer lacks a method or the contract has a server-streaming
    RPC (no transport wires those)."""
    for method in SERVICE.methods:
        function = getattr(servicer, method.name, None)
        if function is None:
            raise TypeError(f"{type(servicer).__name__} does not implement {method.name}")
        if method.server_streaming:
            raise TypeError(f"{method.name}: server streaming is not wired")
        yield method, function, message_factory.GetMessageClass(method.input_type)


def service_handler(servicer: Any) -> grpc.GenericRpcHandler:
    """A handler serving every RPC of the service with ``servicer``'s methods."""
    handlers: dict[str, grpc.RpcMethodHandler] = {}
    for method, function, request_class in service_methods(servicer):
        if method.client_streaming:
            handlers[method.name] = grpc.stream_unary_rpc_method_handler(
                _stream_unary(method.name, function, request_class), response_serializer=_serialize
            )
        else:
            handlers[method.name] = grpc.unary_unary_rpc_method_handler(
                _unary_unary(method.name, function, request_class), response_serializer=_serialize
            )
    return grpc.method_handlers_generic_handler(SERVICE_NAME, handlers)


def _serialize(message: Message) -> bytes:
    return message.SerializeToString()


def parse_request(
    request_class: type[Message], data: bytes, field: str, decode: Callable[[bytes, Message], None] | None = None
) -> Any:
    """``data`` parsed as a ``request_class``: binary protobuf, or with ``decode`` (e.g. JSON) into a new message.

    Anything unreadable is a REQUEST_INVALID error naming ``field``."""
    try:
        if decode is None:
            return request_class.FromString(data)
        message = request_class()
        decode(data, message)
        return message
    except (DecodeError, json_format.ParseError, UnicodeDecodeError, RecursionError) as exc:
        raise errors.request_invalid(field, f"malformed {request_class.DESCRIPTOR.name}: {exc}") from exc


def _unary_unary(
    name: str, function: Callable[[Any, grpc.ServicerContext], Message], request_class: type[Message]
) -> Callable[[bytes, grpc.ServicerContext], Message | None]:
    def behavior(data: bytes, context: grpc.ServicerContext) -> Message | None:
        return _run(name, context, lambda: function(parse_request(request_class, data, "request"), context))

    return behavior


def _stream_unary(
    name: str,
    function: Callable[[Iterator[Any], grpc.ServicerContext], Message],
    request_class: type[Message],
) -> Callable[[Iterator[bytes], grpc.ServicerContext], Message | None]:
    def behavior(requests: Iterator[bytes], context: grpc.ServicerContext) -> Message | None:
        def parsed() -> Iterator[Any]:
            for index, data in enumerate(requests):
                yield parse_request(request_class, data, f"request[{index}]")

        return _run(name, context, lambda: function(parsed(), context))

    return behavior


def _run(name: str, context: grpc.ServicerContext, call: Callable[[], Message]) -> Message | None:
    """Run one gRPC call through ``run_logged``; an error ends the RPC with its status and details."""
    outcome = run_logged(name, context.peer(), context.is_active, call)
    if isinstance(outcome, errors.ServiceError):
        # abort_with_status raises: the RPC ends here with the status and its details.
        return context.abort_with_status(outcome.to_status())  # type: ignore[no-any-return]
    return outcome


def run_logged(
    name: str,
    peer: str,
    is_active: Callable[[], bool],
    call: Callable[[], Message],
    **bound: str,
) -> Message | errors.ServiceError | None:
    """Run one RPC of any transport with its access-log line and error mapping.

    Returns the response, the ``ServiceError`` to send (an escaped engine exception mapped, an
    unexpected one logged and made INTERNAL), or ``None`` when the caller is gone
    (``is_active`` false after a failure). ``bound`` adds fields to every log line of the call."""
    structlog.contextvars.clear_contextvars()
    structlog.contextvars.bind_contextvars(rpc=name, **bound)
    start = time.perf_counter()
    try:
        response = call()
    except Exception as exc:
        if not is_active():
            _access(start, peer, grpc.StatusCode.CANCELLED, None)
            return None
        game = structlog.contextvars.get_contextvars().get("game")
        error = errors.from_exception(exc, game if isinstance(game, str) else None)
        if error is None:
            _log.error(
                "rpc_internal_error",
                exc_type=type(exc).__qualname__,
                frames=[f"{f.filename}:{f.lineno} in {f.name}" for f in traceback.extract_tb(exc.__traceback__)],
            )
            error = errors.internal()
        _access(start, peer, error.code, error.reason)
        return error
    _access(start, peer, grpc.StatusCode.OK, None)
    return response


def _access(start: float, peer: str, code: grpc.StatusCode, reason: str | None) -> None:
    fields: dict[str, Any] = {
        "outcome": code.name,
        "duration_ms": round((time.perf_counter() - start) * 1000, 3),
        "peer": peer,
    }
    if reason is not None:
        fields["reason"] = reason
    if code in (grpc.StatusCode.INTERNAL, grpc.StatusCode.UNKNOWN):
        _log.error("rpc", **fields)
    else:
        _log.info("rpc", **fields)
