"""The service over HTTP: Connect (unary JSON or binary, and streaming) and gRPC-Web on a port of its own.

The same ``RulesEngineServicer`` as the gRPC port answers, through the ``connectrpc`` WSGI
application, served by waitress (threads for the calls, one event loop for the sockets, so a
slow or idle client holds no thread). The service definition is built here from the contract's
descriptor, like the gRPC handlers, so there is no generated code to keep fresh and every RPC
of the contract is served. What the gRPC port promises holds here too:

* request bodies are read by this module's codec and parsed inside the logged call
  (``server.handlers.run_logged``), so a malformed body is ``invalid_argument`` with the same
  ``REQUEST_INVALID`` details and every call writes the same access-log line (plus
  ``transport``: ``connect`` or ``grpc-web``);
* a JSON body is read strictly: a field its message does not have is ``invalid_argument`` /
  ``REQUEST_INVALID`` naming it (``unknown field "matchid" in NewGameRequest``), not dropped;
* a ``ServiceError`` becomes a Connect error with the same code, message and google.rpc details
  (``ErrorInfo``, ``BadRequest``, ``RetryInfo``); in a Connect error's JSON each detail also carries
  its ``debug``, the detail in the proto3 JSON mapping (``ReadableDetail``), so a client with no
  protobuf library reads an illegal move's violation codes and fields;
* what the Connect layer itself cannot read (a truncated envelope, reserved flag bits, an end-of-stream
  frame sent by the client, a length prefix beyond the body, a compressed message without an encoding,
  gzip that does not inflate) is ``invalid_argument`` / ``REQUEST_INVALID`` too, on every content type,
  never ``internal``: a leading metadata interceptor (``_ProtocolErrors``) rewrites the library's bare
  errors and logs the call, and a client stream's messages are read through ``_stream_messages``, which
  does the same before the servicer sees the error;
* the body size is capped three times: waitress refuses a body larger than the message limit plus a
  little framing with 413 before buffering it; the Connect layer refuses a message above the limit
  with ``resource_exhausted`` / ``MESSAGE_TOO_LARGE``; and gzip (the only encoding accepted) is inflated
  by ``BoundedGzip`` one byte past the limit at most, so a small body that would inflate to gigabytes
  costs the limit and is refused. A stream's messages add up to the limit at most (``STREAM_TOO_LARGE``,
  as on the gRPC port);
* ``Connect-Timeout-Ms`` / ``grpc-timeout`` is the call's deadline: a call already late is not
  started, a replay checks it as it goes, and a late answer is ``deadline_exceeded``.

``ReplayGameStream`` is client streaming: Connect's unary POST cannot carry it, Connect
streaming (``application/connect+json`` / ``+proto``) and gRPC-Web can, and both are served.
Plain gRPC (``application/grpc``) needs HTTP/2 and trailers and belongs on the gRPC port: this
port answers it 415. gRPC-Web text (``application/grpc-web-text``, base64, what the grpc-web
JavaScript client sends by default) is served as binary gRPC-Web, its request decoded and its answer
encoded by the front (``server.grpc_web_text``). ``GET /healthz`` answers 200 while serving, 503 while
stopping; ``GET /metrics`` answers the server's Prometheus metrics (``server.metrics``), while stopping too.

Slow and hostile clients are held off by ``server.http_guard`` (waitress tuned: header and body time
limits, idle connections closed, a bounded number of connections with the slowest evicted first).
"""

from __future__ import annotations

import contextvars
import dataclasses
import difflib
import io
import itertools
import json
import re
import socket
import threading
import time
import zlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

import grpc
import structlog
from connectrpc.code import Code
from connectrpc.compression.gzip import GzipCompression
from connectrpc.errors import ConnectError, ErrorDetail
from connectrpc.method import IdempotencyLevel, MethodInfo, StreamType
from connectrpc.request import RequestContext
from connectrpc.server import ConnectWSGIApplication, EndpointSync
from google.protobuf import any_pb2, json_format, message_factory
from google.protobuf.message import Message
from google.rpc import status_pb2
from protobuf.wkt import Any as ConnectAny
from protobuf.wkt import Struct
from waitress import wasyncore
from waitress.adjustments import Adjustments
from waitress.task import ThreadedTaskDispatcher

from server import errors, grpc_web_text, web
from server.config import Config
from server.handlers import SERVICE, SERVICE_NAME, parse_request, run_logged, service_methods
from server.http_guard import BODY_IN_MEMORY_BYTES, MAX_HEADER_BYTES, GuardedServer, HttpLimits
from server.http_tls import TlsFront
from server.lanes import Lanes
from server.localize import language, localize
from server.metrics import CONTENT_TYPE as METRICS_CONTENT_TYPE
from server.metrics import METRICS_PATH, Metrics
from server.tls import CertificateFiles

if TYPE_CHECKING:
    from wsgiref.types import StartResponse, WSGIEnvironment

HEALTH_PATH = "/healthz"
"""``GET`` here answers 200 ``SERVING`` while the server serves, 503 while it stops."""

FRAMING_ALLOWANCE = 64 * 1024
"""Bytes a request body may exceed the message limit by (envelopes, JSON against binary) before
waitress refuses it unread; between the limit and this the Connect layer answers resource_exhausted."""

_POLL_SECONDS = 0.05
_CORS_ALLOW_HEADERS = (
    "Content-Type, Connect-Protocol-Version, Connect-Timeout-Ms, Connect-Content-Encoding, "
    "Connect-Accept-Encoding, Content-Encoding, Grpc-Timeout, X-Grpc-Web, X-User-Agent"
)
_CORS_EXPOSE_HEADERS = "Grpc-Status, Grpc-Message, Grpc-Status-Details-Bin, Content-Encoding, Connect-Content-Encoding"
_CORS_MAX_AGE = "7200"

# Set when a call has written its access-log line (it reached the servicer, or the Connect layer refused it).
_access_logged: contextvars.ContextVar[list[bool] | None] = contextvars.ContextVar("_access_logged", default=None)

_log = structlog.get_logger("rulesengine.access")


# --- request bodies: read by the codec, parsed inside the logged call --------------------------------


@dataclasses.dataclass(frozen=True)
class RawRequest:
    """A request body as it arrived, with the codec that reads it; parsed by ``parse``."""

    data: bytes
    json: bool

    def parse(self, request_class: type[Message], field: str) -> Any:
        """The request as a ``request_class`` message (REQUEST_INVALID naming ``field`` if unreadable)."""
        decode = (lambda data, message: _parse_json(data, message, field)) if self.json else None
        return parse_request(request_class, self.data, field, decode)


def _parse_json(data: bytes, message: Message, field: str) -> None:
    """Canonical protobuf JSON into ``message``; an empty body is the empty message, as in binary protobuf.

    A field the message does not have is refused (REQUEST_INVALID naming it, ``unknown_field``): dropping
    it would turn a misspelt ``matchid`` into a call made without it."""
    text = data.decode("utf-8")
    if not text.strip():
        return
    try:
        json_format.Parse(text, message, ignore_unknown_fields=False)
    except json_format.ParseError as exc:
        unknown = _UNKNOWN_FIELD.search(str(exc))
        if unknown is None:
            raise  # any other unreadable JSON: parse_request's REQUEST_INVALID
        raise unknown_field(message, field, unknown["type"], unknown["name"], unknown["at"]) from exc


_UNKNOWN_FIELD = re.compile(
    r'Message type "(?P<type>[^"]*)" has no field named "(?P<name>.*)" at "(?P<at>[^"]*)"\.\n', re.S
)
"""How ``json_format`` names an unknown field: the message type, the name as sent, the path to the message."""

_SUGGEST_MAX = 100
"""The longest unknown field name a known one is suggested for (difflib takes longer the longer it is)."""


def unknown_field(message: Message, field: str, type_name: str, name: str, at: str) -> errors.ServiceError:
    """REQUEST_INVALID for the unknown JSON field ``name`` of the message type ``type_name`` found at ``at``
    (``NewGameRequest.setup``) while parsing ``message``, the request or stream message ``field``; the
    message names it, its message type and where it is, and the closest field the type has (its JSON name)."""
    path = at.split(".", 1)[1] if "." in at else ""
    where = f"{path}.{name}" if path else name
    if field != "request":
        where = f"{field}.{where}"
    text = f"unknown field {json.dumps(name)} in {type_name.rsplit('.', 1)[-1]}"
    if path:
        text += f" (at {path})"
    try:
        descriptor = message.DESCRIPTOR.file.pool.FindMessageTypeByName(type_name)
        json_names = {n: f.json_name for f in descriptor.fields for n in (f.json_name, f.name)}
    except KeyError:
        json_names = {}
    close = difflib.get_close_matches(name, json_names, n=1) if len(name) <= _SUGGEST_MAX else []
    if close:
        text += f"; did you mean {json.dumps(json_names[close[0]])}?"
    return errors.request_invalid(where, text)


class ProtoCodec:
    """A connectrpc codec for google.protobuf messages that leaves parsing to the call.

    ``decode`` only wraps the bytes (``RawRequest``), so a malformed body fails inside the call
    with the service's own error and access-log line; ``encode`` writes binary protobuf or
    canonical protobuf JSON."""

    def __init__(self, json_codec: bool) -> None:
        self._json = json_codec

    def name(self) -> str:
        """The codec's name in content types: ``json`` or ``proto``."""
        return "json" if self._json else "proto"

    def encode(self, message: Message) -> bytes:
        """The response message's bytes."""
        if self._json:
            return json_format.MessageToJson(message, indent=None).encode()
        return message.SerializeToString()

    def decode(self, data: bytes | bytearray, message_class: type[Any]) -> RawRequest:
        """The request body, kept for the call to parse."""
        return RawRequest(bytes(data), self._json)


# --- calls ---------------------------------------------------------------------------------------------


class CallContext:
    """What the servicer asks of a gRPC context, answered from an HTTP request's context."""

    def __init__(self, ctx: RequestContext[Any, Any]) -> None:
        self._ctx = ctx
        #: The words of the answer (``server.localize``), and whether the call named a language.
        self.words, self.named_language = language(ctx.request_headers.get("accept-language"))

    def time_remaining(self) -> float | None:
        """Seconds until the caller's deadline, ``None`` without one."""
        remaining = self._ctx.timeout_ms
        return None if remaining is None else remaining / 1000

    def is_active(self) -> bool:
        """Whether the caller still waits: until its deadline (a closed connection cannot be seen)."""
        remaining = self.time_remaining()
        return remaining is None or remaining > 0

    def peer(self) -> str:
        """The caller's address, ``host:port``."""
        return self._ctx.client_address or "unknown"


class AnsweredError(ConnectError):
    """A ``ServiceError`` as a Connect error, for a call that has its access-log line already."""


class ReadableDetail(ErrorDetail):
    """A google.rpc detail of a Connect error, readable without protobuf: in the error's JSON, connectrpc
    writes what ``value()`` answers as the detail's ``debug``, next to its ``type`` and base64 ``value``.

    The service's details are google.protobuf messages, which connectrpc's own protobuf runtime cannot
    print, so ``value()`` answers the detail's proto3 JSON mapping (``json_format``: camelCase names,
    a Duration as ``"1.500s"``) as a ``Struct`` of that runtime, which prints as that very JSON:
    ``{"fieldViolations": [{"field": "move.seat", "description": "COMMON_NOT_YOUR_TURN: ..."}]}``.
    (The details' JSON holds strings only, so no number turns into a float on the way.)"""

    def __init__(self, detail: any_pb2.Any) -> None:
        super().__init__(ConnectAny(type_url=detail.type_url, value=detail.value))
        try:
            readable = json_format.MessageToDict(detail)
        except (TypeError, KeyError, json_format.Error):  # a type this process cannot read: no debug
            self._debug: Struct | None = None
        else:
            readable.pop("@type", None)
            self._debug = Struct.from_python(readable)

    def value(self, desc_or_registry: Any = None) -> Any:
        """The detail as JSON (a ``Struct``) when asked with no type, as connectrpc does for ``debug``;
        with a type or a registry, the detail as that message (``ErrorDetail.value``)."""
        if desc_or_registry is None:
            return self._debug
        return super().value(desc_or_registry)


def status_of(error: errors.ServiceError) -> status_pb2.Status:
    """``error`` as the google.rpc.Status the gRPC port sends (code, message and details)."""
    status = status_pb2.Status()
    for key, value in error.to_status().trailing_metadata:
        if key == "grpc-status-details-bin":
            status.ParseFromString(value)
    return status


def connect_error(error: errors.ServiceError) -> AnsweredError:
    """``error`` as a Connect error: the same code, message and google.rpc details as on the gRPC port,
    each readable as JSON (``ReadableDetail``)."""
    details = [ReadableDetail(d) for d in status_of(error).details]
    return AnsweredError(_CODES[error.code], error.message, details)


_CODES: dict[grpc.StatusCode, Code] = {
    status: Code[status.name] for status in grpc.StatusCode if status.name in Code.__members__
} | {grpc.StatusCode.CANCELLED: Code.CANCELED}


def _transport(ctx: RequestContext[Any, Any]) -> str:
    content_type = ctx.request_headers.get("content-type", "")
    return "grpc-web" if content_type.startswith("application/grpc-web") else "connect"


def _logged_call(
    name: str, ctx: RequestContext[Any, Any], work: Callable[[], Message], metrics: Metrics | None
) -> Message:
    """``work`` run as the call ``name`` by ``run_logged`` (its access-log line, error mapping and ``metrics``);
    its error raised as an ``AnsweredError``."""
    marker = _access_logged.get()
    if marker is not None:
        marker.append(True)
    # Only the deadline tells whether an HTTP caller is gone, and a passed deadline is reported as such.
    outcome = run_logged(name, CallContext(ctx).peer(), lambda: True, work, metrics, transport=_transport(ctx))
    if isinstance(outcome, errors.ServiceError):
        raise connect_error(outcome)
    if outcome is None:  # run_logged answers None only for a caller gone, which lambda: True rules out
        raise connect_error(errors.internal())
    return outcome


def _call(
    name: str, ctx: RequestContext[Any, Any], work: Callable[[CallContext], Message], metrics: Metrics | None
) -> Message:
    """Run one call of ``name``: deadline checks, the shared access log, error mapping and metrics."""
    context = CallContext(ctx)

    def timed() -> Message:
        if not context.is_active():
            raise errors.deadline_exceeded()
        response = work(context)
        if not context.is_active():
            raise errors.deadline_exceeded()
        if context.named_language:
            ctx.response_headers["content-language"] = context.words.locale
        return localize(response, context.words)

    return _logged_call(name, ctx, timed, metrics)


def _unary(
    name: str,
    function: Callable[[Any, Any], Message],
    request_class: type[Message],
    lanes: Lanes,
    metrics: Metrics | None,
) -> Callable[..., Any]:
    def endpoint(request: RawRequest, ctx: RequestContext[Any, Any]) -> Message:
        def work(context: CallContext) -> Message:
            message = request.parse(request_class, "request")
            with lanes.held(name, message):  # admitted to its lane (a PNG or a replay may be refused)
                return function(message, context)

        return _call(name, ctx, work, metrics)

    return endpoint


def _client_stream(
    name: str,
    function: Callable[[Iterator[Any], Any], Message],
    request_class: type[Message],
    limit: int,
    lanes: Lanes,
    metrics: Metrics | None,
) -> Callable[..., Any]:
    def endpoint(requests: Iterator[RawRequest], ctx: RequestContext[Any, Any]) -> Message:
        def work(context: CallContext) -> Message:
            with lanes.held(name):
                return function(_stream_messages(requests, request_class, limit), context)

        return _call(name, ctx, work, metrics)

    return endpoint


def _stream_messages(requests: Iterator[RawRequest], request_class: type[Message], limit: int) -> Iterator[Any]:
    """A client stream's messages, parsed as the servicer reads them.

    The Connect layer reads the envelopes only now, inside the servicer's call, so what it cannot read
    is turned into the service's error here (``protocol_error``), before the servicer could take it for
    a bug of its own (INTERNAL). Messages adding up to more than ``limit`` bytes, once inflated, are
    STREAM_TOO_LARGE, as on the gRPC port: each may be up to the limit, the whole record too."""
    total = 0
    for index in itertools.count():
        field = f"request[{index}]"
        try:
            raw = next(requests, None)
        except ConnectError as exc:
            raise protocol_error(exc, field, limit) from exc
        if raw is None:
            return
        total += len(raw.data)
        if total > limit:
            raise errors.stream_too_large(limit)
        yield raw.parse(request_class, field)


def endpoints(servicer: Any, max_message_bytes: int, lanes: Lanes, metrics: Metrics | None = None) -> dict[str, Any]:
    """Every RPC of the service as a connectrpc endpoint, by its path (``/<service>/<method>``), each call
    admitted to its lane (``server.lanes``) like the gRPC port's."""
    table: dict[str, Any] = {}
    for method, function, request_class in service_methods(servicer):
        info: MethodInfo[Any, Any] = MethodInfo(
            name=method.name,
            service_name=SERVICE_NAME,
            input=request_class,
            output=message_factory.GetMessageClass(method.output_type),
            idempotency_level=IdempotencyLevel.UNKNOWN,
            stream_type=StreamType.CLIENT_STREAM if method.client_streaming else StreamType.UNARY,
        )
        path = f"/{SERVICE_NAME}/{method.name}"
        if method.client_streaming:
            table[path] = EndpointSync.client_stream(
                method=info,
                function=_client_stream(method.name, function, request_class, max_message_bytes, lanes, metrics),
            )
        else:
            table[path] = EndpointSync.unary(
                method=info, function=_unary(method.name, function, request_class, lanes, metrics)
            )
    return table


# --- what the Connect layer cannot read: the service's errors, never INTERNAL ---------------------------


class _Inflated(ConnectError):
    """A compressed message that inflates beyond the message limit (``BoundedGzip``)."""

    def __init__(self, limit: int) -> None:
        super().__init__(Code.RESOURCE_EXHAUSTED, f"the message inflates beyond {limit} bytes")


def _inflate(data: bytes, limit: int) -> bytes:
    """``data`` (one or more gzip members) inflated, ``_Inflated`` as soon as it passes ``limit`` bytes:
    zlib never writes more than one byte past the limit, whatever the data would inflate to."""
    inflated = bytearray()
    rest = data
    while rest:
        inflater = zlib.decompressobj(wbits=31)
        inflated += inflater.decompress(rest, limit + 1 - len(inflated))
        if len(inflated) > limit:
            raise _Inflated(limit)
        if not inflater.eof:  # all input read, less than the limit out: the member is cut short
            raise ValueError("the gzip data ends before its end-of-stream marker")
        rest = inflater.unused_data
    return bytes(inflated)


class BoundedGzip(GzipCompression):
    """gzip, the one encoding the port accepts (``Content-Encoding``, ``Connect-Content-Encoding``,
    ``Grpc-Encoding``), inflated one byte past the message limit at most: a small body that would
    inflate to gigabytes (a gzip bomb) costs the limit, not the gigabytes, and is refused."""

    def decompress(self, data: bytes | bytearray | memoryview, read_max_bytes: int | None = None) -> bytes:
        """``data`` inflated; ``_Inflated`` (RESOURCE_EXHAUSTED) past ``read_max_bytes``."""
        if read_max_bytes is None:
            raise ValueError("BoundedGzip inflates only within a limit")
        return _inflate(bytes(data), read_max_bytes)


def _subject(field: str) -> str:
    """How an error message names the part of the request at fault: the request, or one stream message."""
    if field.startswith("request["):
        return f"the request stream's message {field[len('request[') : -1]}"
    return "the request"


def protocol_error(exc: ConnectError, field: str, limit: int) -> errors.ServiceError:
    """The service's error for a request the Connect layer could not read (``field``: ``request``, or
    ``request[i]`` for a stream message): RESOURCE_EXHAUSTED / MESSAGE_TOO_LARGE for a message over
    ``limit``, as sent or once inflated; UNIMPLEMENTED for what the protocol says is unsupported (an
    unknown encoding, a unary call with no or several messages); INVALID_ARGUMENT / REQUEST_INVALID for
    anything else, the library's INTERNAL for an unreadable envelope included."""
    subject = _subject(field)
    if exc.code == Code.RESOURCE_EXHAUSTED:
        how = "inflates beyond" if isinstance(exc, _Inflated) else "is larger than"
        return errors.message_too_large(field, f"{subject} {how} {limit} bytes (the message limit)", limit)
    if exc.code == Code.UNIMPLEMENTED:
        return errors.ServiceError(
            grpc.StatusCode.UNIMPLEMENTED, exc.message, errors.REQUEST_INVALID, [(field, exc.message)]
        )
    message = f"{subject} is malformed: {exc.message}"
    return errors.ServiceError(grpc.StatusCode.INVALID_ARGUMENT, message, errors.REQUEST_INVALID, [(field, message)])


class _ProtocolErrors:
    """A leading connectrpc metadata interceptor: it ends every call, those refused before the servicer
    was reached included (an envelope, a compression or a size the Connect layer refused). Such a bare
    library error becomes the service's error, with google.rpc details and the call's access-log line;
    an ``AnsweredError`` has both already and passes."""

    def __init__(self, limit: int, metrics: Metrics | None = None) -> None:
        self._limit = limit
        self._metrics = metrics

    def on_start_sync(self, ctx: RequestContext[Any, Any]) -> None:
        """Nothing to do before the request is read."""

    def on_end_sync(self, token: None, ctx: RequestContext[Any, Any], error: Exception | None) -> None:
        """Raise the service's error in place of a bare one (connectrpc sends what this raises)."""
        if error is None or isinstance(error, AnsweredError):
            return
        refusal = protocol_error(error, "request", self._limit) if isinstance(error, ConnectError) else error
        _logged_call(
            ctx.method.name, ctx, errors.raising(refusal), self._metrics
        )  # raises the refusal as an AnsweredError


class ServiceApplication(ConnectWSGIApplication):
    """The connectrpc WSGI application of ``RulesEngineService`` (Connect and gRPC-Web)."""

    def __init__(self, servicer: Any, max_message_bytes: int, lanes: Lanes, metrics: Metrics | None = None) -> None:
        self.metrics = metrics
        super().__init__(
            endpoints=endpoints(servicer, max_message_bytes, lanes, metrics),
            interceptors=[_ProtocolErrors(max_message_bytes, metrics)],
            read_max_bytes=max_message_bytes,
            compressions=[BoundedGzip()],
            codecs=[ProtoCodec(json_codec=False), ProtoCodec(json_codec=True)],
        )

    @property
    def path(self) -> str:
        """Where the service is mounted: ``/rulesengine.v1.RulesEngineService``."""
        return f"/{SERVICE.full_name}"


# --- the WSGI front: health, CORS, draining -----------------------------------------------------------


def _json_body(status: str, code: str, message: str) -> tuple[str, list[tuple[str, str]], bytes]:
    body = json.dumps({"code": code, "message": message}).encode()
    return status, [("Content-Type", "application/json"), ("Content-Length", str(len(body)))], body


class HttpApplication:
    """The WSGI application of the HTTP port: ``/healthz``, ``/metrics`` (``server.metrics``, when the service
    counts them), the web table (``server.web``), CORS, the service, and draining on stop."""

    def __init__(self, service: ServiceApplication, cors_origins: Sequence[str]) -> None:
        self._service = service
        self._site = web.load()
        self._origins = frozenset(cors_origins)
        self._lock = threading.Lock()
        self._in_flight = 0
        self._draining = False

    @property
    def in_flight(self) -> int:
        """Calls started and not yet answered in full."""
        with self._lock:
            return self._in_flight

    def drain(self) -> None:
        """Answer every new request ``unavailable`` (503) from now on; calls under way go on."""
        with self._lock:
            self._draining = True

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        """Serve one request."""
        cors = self._cors_headers(environ)
        method = environ.get("REQUEST_METHOD", "")
        path = environ.get("PATH_INFO", "")

        def respond(status: str, headers: list[tuple[str, str]], body: bytes) -> list[bytes]:
            start_response(status, headers + cors)
            return [body]

        if method == "OPTIONS":
            allowed = bool(cors) and "HTTP_ACCESS_CONTROL_REQUEST_METHOD" in environ
            return respond("204 No Content" if allowed else "403 Forbidden", self._preflight(allowed), b"")
        with self._lock:
            draining = self._draining
        if path == HEALTH_PATH and method in ("GET", "HEAD"):
            text = b"NOT_SERVING\n" if draining else b"SERVING\n"
            status = "503 Service Unavailable" if draining else "200 OK"
            return respond(status, [("Content-Type", "text/plain"), ("Content-Length", str(len(text)))], text)
        if path == METRICS_PATH and method in ("GET", "HEAD") and self._service.metrics is not None:
            text = self._service.metrics.exposition()
            headers = [("Content-Type", METRICS_CONTENT_TYPE), ("Content-Length", str(len(text)))]
            return respond("200 OK", headers, b"" if method == "HEAD" else text)
        page = self._site.get(path) if method in ("GET", "HEAD") else None
        if page is not None:
            if environ.get("HTTP_IF_NONE_MATCH", "") == page.etag:
                return respond("304 Not Modified", page.headers(with_length=False), b"")
            return respond("200 OK", page.headers(), b"" if method == "HEAD" else page.body)
        with self._lock:
            admitted = not self._draining
            self._in_flight += admitted
        if admitted:
            return self._serve(environ, start_response, cors)
        status, headers, body = _json_body("503 Service Unavailable", "unavailable", "the server is stopping")
        return respond(status, headers, body)

    def _serve(
        self, environ: WSGIEnvironment, start_response: StartResponse, cors: list[tuple[str, str]]
    ) -> Iterable[bytes]:
        """The service's answer, logged when the call has no access-log line of its own; counted until sent."""
        content_type = environ.get("CONTENT_TYPE", "")
        marker: list[bool] = []
        token = _access_logged.set(marker)
        answered: list[str] = []

        def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            answered.append(status)
            return start_response(status, list(headers) + cors, exc_info)

        try:
            refusal = _refusal(environ.get("PATH_INFO", ""), content_type)
            if refusal is not None:
                status, headers, body = refusal
                result: Iterable[bytes] = [body]
                start(status, headers)
            elif grpc_web_text.is_text(content_type):
                result = self._serve_text(environ, start)
            else:
                result = self._service(environ, start)
        except BaseException:
            self._finished()
            raise
        finally:
            _access_logged.reset(token)
        if not marker and answered and not answered[0].startswith("200"):
            structlog.contextvars.clear_contextvars()
            _log.info("http_refused", path=environ.get("PATH_INFO", ""), status=answered[0], peer=_peer(environ))
        return _SizedCounted(result, self._finished) if isinstance(result, list) else _Counted(result, self._finished)

    def _serve_text(self, environ: WSGIEnvironment, start: StartResponse) -> list[bytes]:
        """A gRPC-Web text call (``server.grpc_web_text``): its body decoded and served as binary gRPC-Web,
        the whole answer then encoded; a body that is not base64 is REQUEST_INVALID, logged as the call."""
        content_type = environ.get("CONTENT_TYPE", "")
        length = environ.get("CONTENT_LENGTH")
        stream = environ["wsgi.input"]
        raw = stream.read(int(length)) if length else stream.read()
        path = environ.get("PATH_INFO", "")
        try:
            data = grpc_web_text.decode_body(raw)
        except ValueError as exc:
            if path in _METHOD_PATHS:
                return _text_refusal(environ, path.rsplit("/", 1)[1], str(exc), start, self._service.metrics)
            data = b""  # no such RPC: the Connect layer answers 404 whatever the body
        binary = {
            **environ,
            "CONTENT_TYPE": grpc_web_text.binary_content_type(content_type),
            "CONTENT_LENGTH": str(len(data)),
            "wsgi.input": io.BytesIO(data),
        }
        answer: list[tuple[str, list[tuple[str, str]]]] = []
        written: list[bytes] = []

        def capture(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Callable[[bytes], object]:
            answer[:] = [(status, list(headers))]
            return written.append

        result = self._service(binary, capture)
        try:
            chunks = list(result)
        finally:
            close = getattr(result, "close", None)
            if close is not None:
                close()
        status, headers = answer[0]
        body = b"".join(written) + b"".join(chunks)
        answer_type = next((v for k, v in headers if k.lower() == "content-type"), "")
        if answer_type.lower().startswith(grpc_web_text.BINARY_TYPE):  # not a 404 or 415 of the Connect layer
            body = grpc_web_text.encode_body(body)
            headers = [(k, v) for k, v in headers if k.lower() not in ("content-type", "content-length")]
            headers += [("Content-Type", grpc_web_text.text_content_type(answer_type))]
            headers += [("Content-Length", str(len(body)))]
        start(status, headers)
        return [body]

    def _finished(self) -> None:
        with self._lock:
            self._in_flight -= 1

    def _cors_headers(self, environ: WSGIEnvironment) -> list[tuple[str, str]]:
        """The CORS response headers for the request's origin: none unless it is allowed."""
        origin = environ.get("HTTP_ORIGIN")
        if not origin or not (origin in self._origins or "*" in self._origins):
            return []
        return [
            ("Access-Control-Allow-Origin", origin),
            ("Vary", "Origin"),
            ("Access-Control-Expose-Headers", _CORS_EXPOSE_HEADERS),
        ]

    @staticmethod
    def _preflight(allowed: bool) -> list[tuple[str, str]]:
        if not allowed:
            return [("Content-Length", "0")]
        return [
            ("Access-Control-Allow-Methods", "POST, GET"),
            ("Access-Control-Allow-Headers", _CORS_ALLOW_HEADERS),
            ("Access-Control-Max-Age", _CORS_MAX_AGE),
            ("Content-Length", "0"),
        ]


_STREAMING_PATHS = frozenset(f"/{SERVICE_NAME}/{m.name}" for m in SERVICE.methods if m.client_streaming)
_METHOD_PATHS = frozenset(f"/{SERVICE_NAME}/{m.name}" for m in SERVICE.methods)
_UNARY_TYPES = ("application/json", "application/proto")


def _refusal(path: str, content_type: str) -> tuple[str, list[tuple[str, str]], bytes] | None:
    """The answer to a request this port cannot serve by its content type, ``None`` for the others.

    Plain gRPC needs HTTP/2 trailers (the gRPC port serves it); a client-streaming RPC cannot be a Connect
    unary call, nor (in connectrpc) a unary RPC a Connect stream."""
    if content_type.startswith("application/grpc") and not content_type.startswith("application/grpc-web"):
        return _json_body(
            "415 Unsupported Media Type", "unimplemented", "gRPC is served on the gRPC port; use gRPC-Web here"
        )
    if path in _STREAMING_PATHS and content_type.split(";")[0].strip() in _UNARY_TYPES:
        message = (
            f"{path.rsplit('/', 1)[1]} is client-streaming: call it with Connect streaming "
            "(application/connect+json or application/connect+proto) or gRPC-Web, or call ReplayGame"
        )
        return _json_body("501 Not Implemented", "unimplemented", message)
    if path not in _STREAMING_PATHS and content_type.startswith("application/connect+"):
        message = (
            f"{path.rsplit('/', 1)[1]} is unary: call it with Connect unary (application/json or "
            "application/proto) or gRPC-Web"
        )
        return _json_body("415 Unsupported Media Type", "unimplemented", message)
    return None


def _text_refusal(
    environ: WSGIEnvironment, rpc: str, problem: str, start: StartResponse, metrics: Metrics | None
) -> list[bytes]:
    """The answer to a gRPC-Web text call of ``rpc`` whose body is not base64: REQUEST_INVALID in a trailer
    frame, itself in base64, with the call's access-log line."""
    error = errors.request_invalid("request", f"the request is malformed: {problem}")
    marker = _access_logged.get()
    if marker is not None:
        marker.append(True)
    run_logged(rpc, _peer(environ), lambda: True, errors.raising(error), metrics, transport="grpc-web")
    body = grpc_web_text.encode_body(grpc_web_text.trailer_frame(status_of(error)))
    start("200 OK", [("Content-Type", f"{grpc_web_text.TEXT_TYPE}+proto"), ("Content-Length", str(len(body)))])
    return [body]


def _peer(environ: WSGIEnvironment) -> str:
    return f"{environ.get('REMOTE_ADDR', 'unknown')}:{environ.get('REMOTE_PORT', '0')}"


class _Counted:
    """A response body that reports, once, when the server has taken all of it (or dropped it)."""

    def __init__(self, body: Iterable[bytes], done: Callable[[], None]) -> None:
        self._body = body
        self._done: Callable[[], None] | None = done

    def __iter__(self) -> Iterator[bytes]:
        return iter(self._body)

    def close(self) -> None:
        """Close the wrapped body (WSGI) and count the call as answered."""
        try:
            close = getattr(self._body, "close", None)
            if close is not None:
                close()
        finally:
            if self._done is not None:
                done, self._done = self._done, None
                done()


class _SizedCounted(_Counted):
    """A counted body of a known number of chunks: a one-chunk body gets a Content-Length (and keep-alive)."""

    def __len__(self) -> int:
        return len(self._body)  # type: ignore[arg-type]


# --- the server ----------------------------------------------------------------------------------------


def bound_socket(host: str, port: int, reuse_port: bool) -> socket.socket:
    """A TCP socket bound to ``host:port`` (0: a free port); SO_REUSEPORT when workers share it."""
    family, kind, proto, _, address = socket.getaddrinfo(
        host.strip("[]"), port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
    )[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if reuse_port:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        sock.bind(address)
    except OSError:
        sock.close()
        raise
    return sock


class HttpServer:
    """The HTTP port: waitress (with ``HttpLimits``) serving ``HttpApplication`` from its own event-loop thread."""

    def __init__(
        self,
        app: HttpApplication,
        sock: socket.socket,
        threads: int,
        max_message_bytes: int,
        limits: HttpLimits | None = None,
        tls: CertificateFiles | None = None,
    ) -> None:
        """``tls``: the port speaks TLS only, with these files (``server.http_tls``); ``None``: plaintext."""
        self._app = app
        self._map: dict[int, Any] = {}
        limits = limits or HttpLimits()
        if tls is not None:
            limits = dataclasses.replace(limits, descriptors_per_connection=limits.descriptors_per_connection + 2)
        adjustments = Adjustments(
            sockets=[sock],
            threads=threads,
            max_request_body_size=max_message_bytes + FRAMING_ALLOWANCE,
            max_request_header_size=MAX_HEADER_BYTES,
            inbuf_overflow=BODY_IN_MEMORY_BYTES,
            asyncore_use_poll=True,
            ident="rules-engine",
        )
        dispatcher = ThreadedTaskDispatcher()
        dispatcher.set_thread_count(threads)
        # Under TLS the front listens and accepts; waitress holds a duplicate of the socket it never listens on
        # (for its name and port), and is handed each connection decrypted.
        self._server = GuardedServer(
            app,
            self._map,
            _sock=sock if tls is None else sock.dup(),
            _start=tls is None,
            dispatcher=dispatcher,
            adj=adjustments,
            sockinfo=(sock.family, sock.type, sock.proto, sock.getsockname()),
            bind_socket=False,
            limits=limits,
        )
        self._front: TlsFront | None = None
        if tls is not None:
            self._front = TlsFront(
                sock,
                tls,
                self._hand_over,
                limit=self._server.connection_limit,
                handshake_seconds=limits.header_seconds,
            )
        self.port: int = sock.getsockname()[1]
        """The port it listens on."""
        self.connection_limit: int = self._server.connection_limit
        """Open connections at most (``HttpLimits.connection_limit``)."""
        self._stopping = threading.Event()
        self._stop_by = 0.0
        self._thread = threading.Thread(target=self._loop, name="http-loop", daemon=True)
        self._thread.start()

    def _hand_over(self, connection: socket.socket, address: Any) -> None:
        """A connection the TLS front decrypts, served by waitress as if accepted (from the front's thread)."""
        self._server.trigger.pull_trigger(lambda: self._server.take(connection, address, tcp=False))

    def _loop(self) -> None:
        """Serve until asked to stop, then let calls under way finish within the grace period."""
        while not self._stopping.is_set():
            wasyncore.loop(timeout=_POLL_SECONDS, map=self._map, use_poll=True, count=1)
        wasyncore.dispatcher.close(self._server)  # stop listening: new connections go elsewhere or are refused
        if self._front is not None:
            self._front.close()
        while time.monotonic() < self._stop_by and (self._app.in_flight > 0 or self._busy()):
            wasyncore.loop(timeout=_POLL_SECONDS, map=self._map, use_poll=True, count=1)
        wasyncore.close_all(self._map)
        self._server.task_dispatcher.shutdown(cancel_pending=True, timeout=1)
        if self._front is not None:
            self._front.stop_loop()

    def _busy(self) -> bool:
        """Whether a connection has a request under way or an answer not yet sent."""
        return any(c.requests or c.total_outbufs_len for c in list(self._server.active_channels.values()))

    def stop(self, grace: float | None) -> None:
        """Refuse new calls (503), let those under way finish for ``grace`` seconds, then close every connection."""
        self._app.drain()
        self._stop_by = time.monotonic() + (grace or 0.0)
        self._stopping.set()
        self._thread.join((grace or 0.0) + 2)


def start_http(
    servicer: Any,
    host: str,
    port: int,
    *,
    threads: int,
    max_message_bytes: int,
    cors_origins: Sequence[str] = (),
    reuse_port: bool = False,
    limits: HttpLimits | None = None,
    lanes: Lanes | None = None,
    metrics: Metrics | None = None,
    tls: CertificateFiles | None = None,
) -> HttpServer:
    """Serve ``servicer`` over HTTP on ``host:port`` (0: a free port) until ``HttpServer.stop``; ``limits``:
    the slow-client limits (``None``: the defaults); ``lanes``: the admission shared with the gRPC port
    (``None``: lanes of this port's own, with the default heavy limits); ``metrics``: where the calls are
    counted, served at ``/metrics`` (``None``: not counted, no ``/metrics``); ``tls``: the port speaks TLS only,
    with these certificate files (``None``: plaintext)."""
    if lanes is None:
        defaults = Config()
        lanes = Lanes(threads, defaults.heavy_threads, defaults.heavy_queue)
    app = HttpApplication(ServiceApplication(servicer, max_message_bytes, lanes, metrics), cors_origins)
    sock = bound_socket(host, port, reuse_port)
    try:
        server = HttpServer(app, sock, threads, max_message_bytes, limits, tls)
    except BaseException:
        sock.close()
        raise
    if metrics is not None:
        metrics.limit("http_connections", server.connection_limit)
    return server
