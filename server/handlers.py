"""gRPC wiring of the servicer: request parsing, lanes, error mapping and access logs for every RPC.

``run_logged`` and ``parse_request`` are shared with the HTTP transport (``server.http``).

The gRPC port is a ``grpc.aio`` server: its event loop takes every call and hands it to the call's
lane (``server.lanes``): the calls of play to ``--threads`` threads, RenderView and the replays to
threads of their own behind an admission limit, the answers built once straight from the loop. A
client stream (ReplayGameStream) is read on the loop as its messages come, so a slow or silent client
holds no thread at all, and is bounded in idle time, in bytes and in number (``StreamLimits``).

The handlers are built from the service descriptor, so every RPC of the contract is served
and a servicer that lacks one fails at start-up. Requests arrive as raw bytes and are parsed
inside the call, so a malformed message is INVALID_ARGUMENT (gRPC's own deserializer would answer
INTERNAL). Around every call one wrapper:

* clears the structlog context, runs the method, and writes one access-log line (``rpc``,
  ``game``, ``seat`` or ``viewer``, ``action``, ``outcome``, ``reason``, ``violation``,
  ``duration_ms``, ``peer``); the servicer binds only public facts, never hidden state;
* turns ``ServiceError`` and escaped engine exceptions into statuses with google.rpc details;
* turns anything unexpected into INTERNAL with a generic message, logging the exception's
  type and frames (not its message, which could quote a hidden card).
"""

from __future__ import annotations

import asyncio
import dataclasses
import threading
import time
import traceback
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from typing import Any, TypeVar

import grpc
import structlog
from google.protobuf import json_format, message_factory
from google.protobuf.descriptor import MethodDescriptor
from google.protobuf.message import DecodeError, Message
from rulesengine.v1 import service_pb2

from server import errors
from server.lanes import LANE_OF, Lane, Lanes
from server.localize import language, localize
from server.metrics import Metrics

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


def service_handler(
    servicer: Any, lanes: Lanes, streams: StreamLimits, metrics: Metrics | None = None
) -> grpc.GenericRpcHandler:
    """A handler serving every RPC of the service with ``servicer``'s methods on a ``grpc.aio`` server: each
    call is admitted and run in its lane (``server.lanes``) and counted in ``metrics`` (none: not counted); a
    client stream is read on the event loop."""
    handlers: dict[str, grpc.RpcMethodHandler] = {}
    for method, function, request_class in service_methods(servicer):
        if method.client_streaming:
            lane = lanes.of(method.name)
            if lane is None:
                raise TypeError(f"{method.name}: a client stream needs a lane of threads")
            handlers[method.name] = grpc.stream_unary_rpc_method_handler(
                _stream_unary(method.name, function, request_class, lane, streams, metrics),
                response_serializer=_serialize,
            )
        else:
            handlers[method.name] = grpc.unary_unary_rpc_method_handler(
                _unary_unary(method.name, function, request_class, lanes, metrics), response_serializer=_serialize
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


INLINE_MAX_BYTES = 64 * 1024
"""A call of play whose request is at most this large is answered on the event loop itself, not on a thread:
handing a call to a thread and back costs about 100 µs of CPU (a quarter of an ApplyMove, measured with
``bench.server_bench``), and under Python's interpreter lock a thread would not run it any sooner. Such a
call takes milliseconds; a larger request (a padded state takes longer to decode) goes to the lane's
threads, so the loop, which also answers the health check, is never held long."""

T = TypeVar("T")


@dataclasses.dataclass(frozen=True)
class StreamLimits:
    """What a client stream may hold of a server: ``idle_seconds`` without a message before it is closed
    (STREAM_IDLE), ``max_bytes`` of messages in all (STREAM_TOO_LARGE), and ``max_open`` streams open at
    once per worker, beyond which a new one is refused at once (SERVER_BUSY)."""

    idle_seconds: float
    max_bytes: int
    max_open: int


class CallContext:
    """What the servicer asks of a call's context, answered on any thread: the caller's address, the time
    left before its deadline, and whether it still waits. (A ``grpc.aio`` context belongs to the event
    loop; this one is made there when the call starts.)"""

    def __init__(self, context: grpc.aio.ServicerContext[Any, Any]) -> None:
        self._peer = context.peer()
        asked = next((value for key, value in context.invocation_metadata() or () if key == "accept-language"), None)
        #: The words of the answer (``server.localize``), and whether the call named a language.
        self.words, self.named_language = language(asked if isinstance(asked, str) else None)
        remaining = context.time_remaining()
        self._deadline = None if remaining is None else time.monotonic() + remaining
        self._gone = threading.Event()
        context.add_done_callback(lambda _: self._gone.set())

    def peer(self) -> str:
        """The caller's address."""
        return self._peer

    def time_remaining(self) -> float | None:
        """Seconds until the caller's deadline, ``None`` without one."""
        return None if self._deadline is None else self._deadline - time.monotonic()

    def is_active(self) -> bool:
        """Whether the caller still waits for the answer."""
        remaining = self.time_remaining()
        return not self._gone.is_set() and (remaining is None or remaining > 0)


async def _answer(
    name: str,
    lane: Lane | None,
    context: grpc.aio.ServicerContext[Any, Any],
    call: CallContext,
    work: Callable[[], Message],
    metrics: Metrics | None,
) -> Message | None:
    """Admit one call to ``lane`` (the event loop itself when ``None``), run it with its access-log line,
    and answer its response or its error's status."""
    if lane is None:
        outcome = run_logged(name, call.peer(), call.is_active, work, metrics)
    else:
        try:
            lane.admit()
        except errors.ServiceError as refusal:
            outcome = run_logged(name, call.peer(), call.is_active, errors.raising(refusal), metrics)
        else:
            outcome = await lane.run(lambda: run_logged(name, call.peer(), call.is_active, work, metrics))
    if isinstance(outcome, errors.ServiceError):
        status = outcome.to_status()
        await context.abort(status.code, status.details, status.trailing_metadata)
    if call.named_language:
        await context.send_initial_metadata((("content-language", call.words.locale),))
    return outcome


def _unary_unary(
    name: str,
    function: Callable[[Any, Any], Message],
    request_class: type[Message],
    lanes: Lanes,
    metrics: Metrics | None,
) -> Callable[[bytes, grpc.aio.ServicerContext[Any, Any]], Awaitable[Message | None]]:
    by_request = LANE_OF[name] == "by_request"
    fixed = lanes.of(name)

    async def behavior(data: bytes, context: grpc.aio.ServicerContext[Any, Any]) -> Message | None:
        call = CallContext(context)
        small = len(data) <= INLINE_MAX_BYTES
        lane, request = fixed, None
        if by_request:  # the request decides the lane: read it first
            try:
                request = (
                    _parse(request_class, data) if small else await _run_in(lanes.cheap, _parse, request_class, data)
                )
            except errors.ServiceError as malformed:
                return await _answer(name, None, context, call, errors.raising(malformed), metrics)
            lane = lanes.of(name, request)
        if lane is lanes.cheap and small:
            lane = None  # a call of play on a small request: answered on the loop (see INLINE_MAX_BYTES)

        def work() -> Message:
            response = function(request if request is not None else _parse(request_class, data), call)
            return localize(response, call.words)

        return await _answer(name, lane, context, call, work, metrics)

    return behavior


def _parse(request_class: type[Message], data: bytes) -> Message:
    return parse_request(request_class, data, "request")  # type: ignore[no-any-return]


async def _run_in(lane: Lane, work: Callable[..., T], *args: Any) -> T:
    lane.admit()
    return await lane.run(lambda: work(*args))


def _stream_unary(
    name: str,
    function: Callable[[Iterator[Any], Any], Message],
    request_class: type[Message],
    lane: Lane,
    limits: StreamLimits,
    metrics: Metrics | None,
) -> Callable[[AsyncIterator[bytes], grpc.aio.ServicerContext[Any, Any]], Awaitable[Message | None]]:
    """A client-streaming RPC: its messages are read on the event loop as they come (no thread waits for a
    slow client), bounded by ``limits``; the complete stream is then run in ``lane`` like a unary call."""
    open_streams = [0]

    async def behavior(requests: AsyncIterator[bytes], context: grpc.aio.ServicerContext[Any, Any]) -> Message | None:
        call = CallContext(context)
        if open_streams[0] >= limits.max_open:
            refusal = errors.busy(f"{name} streams", open_streams[0], limits.idle_seconds)
            if metrics is not None:
                metrics.refused.labels("streams").inc()
            return await _answer(name, None, context, call, errors.raising(refusal), metrics)
        open_streams[0] += 1
        try:
            received = await _read_stream(requests, limits)
        except errors.ServiceError as refusal:
            return await _answer(name, None, context, call, errors.raising(refusal), metrics)
        finally:
            open_streams[0] -= 1

        def parsed() -> Iterator[Any]:
            for index, data in enumerate(received):
                yield parse_request(request_class, data, f"request[{index}]")

        def work() -> Message:
            response = function(parsed(), call)
            return localize(response, call.words)

        return await _answer(name, lane, context, call, work, metrics)

    return behavior


async def _read_stream(requests: AsyncIterator[bytes], limits: StreamLimits) -> list[bytes]:
    """Every message of a client stream, each awaited at most ``limits.idle_seconds``; STREAM_IDLE for a
    stream that falls silent, STREAM_TOO_LARGE past ``limits.max_bytes`` in all."""
    received: list[bytes] = []
    total = 0
    iterator = aiter(requests)
    while True:
        try:
            data = await asyncio.wait_for(anext(iterator), limits.idle_seconds)
        except StopAsyncIteration:
            return received
        except TimeoutError as exc:
            raise errors.stream_idle(limits.idle_seconds) from exc
        total += len(data)
        if total > limits.max_bytes:
            raise errors.stream_too_large(limits.max_bytes)
        received.append(data)


def run_logged(
    name: str,
    peer: str,
    is_active: Callable[[], bool],
    call: Callable[[], Message],
    metrics: Metrics | None = None,
    **bound: str,
) -> Message | errors.ServiceError | None:
    """Run one RPC of any transport with its access-log line, error mapping and ``metrics`` (none: not counted).

    Returns the response, the ``ServiceError`` to send (an escaped engine exception mapped, an
    unexpected one logged and made INTERNAL), or ``None`` when the caller is gone
    (``is_active`` false after a failure). ``bound`` adds fields to every log line of the call."""
    structlog.contextvars.clear_contextvars()
    structlog.contextvars.bind_contextvars(rpc=name, **bound)
    start = time.perf_counter()
    if metrics is None:
        return _run(start, peer, is_active, call)[0]
    flying = metrics.flying(name)
    flying.inc()
    try:
        outcome, code = _run(start, peer, is_active, call)
    finally:
        flying.dec()
    game = structlog.contextvars.get_contextvars().get("game")
    metrics.answered(name, game if isinstance(game, str) else "", code.name, time.perf_counter() - start)
    return outcome


def _run(
    start: float, peer: str, is_active: Callable[[], bool], call: Callable[[], Message]
) -> tuple[Message | errors.ServiceError | None, grpc.StatusCode]:
    """``run_logged``'s work: the outcome of ``call`` and its status, with the access-log line."""
    try:
        response = call()
    except Exception as exc:
        if not is_active():
            _access(start, peer, grpc.StatusCode.CANCELLED, None)
            return None, grpc.StatusCode.CANCELLED
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
        return error, error.code
    _access(start, peer, grpc.StatusCode.OK, None)
    return response, grpc.StatusCode.OK


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
