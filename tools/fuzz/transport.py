"""Requests as sent and answers as read, on both ports of a server: the gRPC port (a raw channel: bytes
in, bytes out) and the HTTP port (Connect unary JSON and binary, Connect streaming, gRPC-Web), through
``http.client`` against 127.0.0.1 only.

Every answer becomes an ``Outcome`` whose ``code`` is a gRPC status name on both ports: a Connect
error's ``code`` (``invalid_argument`` -> ``INVALID_ARGUMENT``), a Connect end-of-stream frame's
error, a gRPC-Web ``grpc-status`` (a trailers frame, flag 0x80, or the headers of a trailers-only
answer). What has no such code is named after what happened: ``HTTP 413`` (an HTTP status without a
Connect error), ``closed`` (the server closed the connection without an answer, for a request cut
short on purpose), ``bad answer`` (an answer that cannot be read, e.g. no status at all).
"""

from __future__ import annotations

import dataclasses
import http.client
import json
import re
import socket
import threading
import time
from collections.abc import Iterator, Sequence
from typing import Any
from urllib.parse import unquote

import grpc
from google.protobuf import json_format
from google.protobuf.message import DecodeError, Message

from tools.fuzz.contract import REQUESTS, RESPONSES, STATUS_NAMES, STREAMING, path_of

GRPC = "grpc"
#: Every transport of the HTTP port, by the name the report uses, with its content type.
CONTENT_TYPES: dict[str, str] = {
    "connect-json": "application/json",
    "connect-proto": "application/proto",
    "connect-stream+proto": "application/connect+proto",
    "connect-stream+json": "application/connect+json",
    "grpc-web+proto": "application/grpc-web+proto",
    "grpc-web+json": "application/grpc-web+json",
}
#: The transports whose body is a sequence of 5-byte envelopes (flags byte, big-endian length).
FRAMED = frozenset({"connect-stream+proto", "connect-stream+json", "grpc-web+proto", "grpc-web+json"})
#: The transports whose messages are canonical protobuf JSON.
JSON_TRANSPORTS = frozenset({"connect-json", "connect-stream+json", "grpc-web+json"})
#: The binary transport of the same framing as a JSON one (for a change no JSON text can carry).
BINARY_TWIN: dict[str, str] = {
    "connect-json": "connect-proto",
    "connect-stream+json": "connect-stream+proto",
    "grpc-web+json": "grpc-web+proto",
}
#: The end-of-stream flag of an envelope: Connect's (0x02) and gRPC-Web's trailers frame (0x80).
CONNECT_END = 0x02
GRPC_WEB_TRAILERS = 0x80
#: Outcomes (besides status names) that are the client's own doing or a clean refusal, never a failure.
CLIENT_CAUSED = frozenset({"closed"})
#: Outcomes that fail the run.
FAILING_CODES = frozenset({"INTERNAL", "UNKNOWN", "hang", "bad answer"})
#: Outcomes that depend on load and timing (not compared between two servers).
LOAD_CODES = frozenset({"DEADLINE_EXCEEDED", "UNAVAILABLE", "RESOURCE_EXHAUSTED", "CANCELLED", "hang", "closed"})

#: Header tuples as sent, in order.
Headers = tuple[tuple[str, str], ...]


def port_of(transport: str) -> str:
    """``grpc`` or ``http``: the port a transport goes to."""
    return "grpc" if transport == GRPC else "http"


def failing(code: str) -> bool:
    """Whether an outcome fails the run: INTERNAL, UNKNOWN, a hang, an unreadable answer, or an HTTP 5xx
    that is no Connect error (the HTTP server's own error page) other than 503 (stopping)."""
    return code in FAILING_CODES or (code.startswith("HTTP 5") and code != "HTTP 503")


@dataclasses.dataclass(frozen=True)
class Request:
    """One request as sent, and how it was made.

    ``payload``: on the gRPC port the messages' bytes (several for a stream), on the HTTP port the body
    (one item). ``headers``: every HTTP header sent besides ``Host`` and (unless given) ``Content-Length``.
    ``deadline``: a short deadline of the request's own (a stream held open), so DEADLINE_EXCEEDED is the
    client's doing. ``cut``: ``hold`` (send the payload, then nothing until the deadline), ``cancel`` (gRPC:
    cancel the call after the payload) or ``eof`` (HTTP: close the sending side after the payload, short of
    the ``Content-Length`` given). ``prelude``: (rpc, request bytes) sent to the fuzzed server over gRPC first
    (to put a state into its memo). ``compare``: the request as one binary message, to be sent to the
    memo-off server too and its answer compared (``None``: not compared)."""

    game: str
    rpc: str
    kind: str
    how: str
    payload: tuple[bytes, ...]
    transport: str = GRPC
    headers: Headers = ()
    deadline: float | None = None
    cut: str = ""
    prelude: tuple[tuple[str, bytes], ...] = ()
    compare: bytes | None = None
    language: str = ""
    """The ``accept-language`` sent (gRPC metadata; on HTTP it is among ``headers``); empty: none."""

    @property
    def port(self) -> str:
        return port_of(self.transport)


@dataclasses.dataclass
class Outcome:
    """What came back: a status code name (or ``HTTP 413``, ``closed``, ...) and, if OK, the response as
    binary protobuf (an answer in JSON is parsed and serialized)."""

    code: str
    detail: str = ""
    body: bytes | None = None
    rejected: str | None = None
    """Why the memo-off server refused the state the response returned (None: accepted or none)."""
    checked: bool = False
    """The response returned a state and it was sent back."""
    disagreement: str | None = None
    """How the fuzzed (memo on) and the memo-off server answered the same request differently."""
    answered: bool = False
    """The server itself sent this answer (an HTTP response): a DEADLINE_EXCEEDED or UNAVAILABLE in it is
    no sign of a wedged server."""
    seconds: float = 0.0
    """How long the answer took, from the request's first byte sent to its answer read (0: not timed)."""


# ---- the gRPC port -----------------------------------------------------------------------------------------


class GrpcEndpoint:
    """Raw callables for every RPC on one channel: bytes in, bytes out."""

    def __init__(self, target: str) -> None:
        self.target = target
        limit = 64 * 1024 * 1024
        self.channel = grpc.insecure_channel(
            target, options=[("grpc.max_receive_message_length", limit), ("grpc.max_send_message_length", limit)]
        )
        self._methods: dict[str, Any] = {}

    def _method(self, rpc: str) -> Any:
        method = self._methods.get(rpc)
        if method is None:
            factory = self.channel.stream_unary if rpc in STREAMING else self.channel.unary_unary
            method = self._methods[rpc] = factory(path_of(rpc), request_serializer=None, response_deserializer=None)
        return method

    def call(self, rpc: str, payload: Sequence[bytes], timeout: float, language: str = "") -> Outcome:
        """Send ``payload`` to ``rpc`` with a deadline of ``timeout`` seconds (and ``language`` asked for)."""
        metadata = (("accept-language", language),) if language else None
        try:
            if rpc in STREAMING:
                body = self._method(rpc)(iter(payload), timeout=timeout, metadata=metadata)
            else:
                body = self._method(rpc)(payload[0] if payload else b"", timeout=timeout, metadata=metadata)
        except grpc.RpcError as exc:
            return Outcome(exc.code().name, exc.details() or "")
        return Outcome("OK", body=body)

    def send(self, request: Request, timeout: float) -> Outcome:
        """``request`` on this port, cut short as it says."""
        if request.cut == "hold":
            return self._held(request)
        if request.cut == "cancel":
            return self._cancelled(request, timeout)
        return self.call(request.rpc, request.payload, request.deadline or timeout, request.language)

    def _held(self, request: Request) -> Outcome:
        """The payload, then silence until the request's own (short) deadline."""
        deadline = request.deadline or 1.0
        release = threading.Event()

        def items() -> Iterator[bytes]:
            yield from request.payload
            release.wait(deadline + 1)

        try:
            if request.rpc in STREAMING:
                self._method(request.rpc)(items(), timeout=deadline)
            else:
                self._method(request.rpc)(request.payload[0], timeout=deadline)
        except grpc.RpcError as exc:
            return Outcome(exc.code().name, exc.details() or "")
        finally:
            release.set()
        return Outcome("OK", "answered a stream held open")

    def _cancelled(self, request: Request, timeout: float) -> Outcome:
        """The payload, then the call cancelled by the client (a stream cut short)."""
        sent, release = threading.Event(), threading.Event()

        def items() -> Iterator[bytes]:
            yield from request.payload
            sent.set()
            release.wait(timeout)

        if request.rpc not in STREAMING:
            return self.call(request.rpc, request.payload, timeout)
        future = self._method(request.rpc).future(items(), timeout=timeout)
        try:
            sent.wait(timeout)
            time.sleep(0.05)
            future.cancel()
            try:
                future.result()
            except grpc.FutureCancelledError:
                return Outcome("CANCELLED", f"cancelled by the client after {len(request.payload)} messages")
            except grpc.RpcError as exc:
                return Outcome(exc.code().name, exc.details() or "")
            return Outcome("OK", "answered before the client cancelled")
        finally:
            release.set()

    def close(self) -> None:
        self.channel.close()


# ---- the HTTP port: request bodies -----------------------------------------------------------------------


def envelope(flags: int, data: bytes, length: int | None = None) -> bytes:
    """One 5-byte-prefixed envelope: ``flags``, a big-endian length (``length`` if given), ``data``."""
    return bytes([flags & 0xFF]) + ((len(data) if length is None else length) & 0xFFFFFFFF).to_bytes(4, "big") + data


def unframe(data: bytes) -> tuple[list[tuple[int, bytes]], bytes]:
    """The envelopes of ``data`` as (flags, content), and whatever trailing bytes are no whole envelope."""
    frames: list[tuple[int, bytes]] = []
    at = 0
    while at + 5 <= len(data):
        length = int.from_bytes(data[at + 1 : at + 5], "big")
        if at + 5 + length > len(data):
            break
        frames.append((data[at], data[at + 5 : at + 5 + length]))
        at += 5 + length
    return frames, data[at:]


def to_json(rpc: str, item: bytes) -> bytes | None:
    """A request message's bytes as canonical protobuf JSON (``None`` if they do not parse)."""
    try:
        message = REQUESTS[rpc].FromString(item)
    except DecodeError:
        return None
    try:
        return json_format.MessageToJson(message, indent=None).encode()
    except (ValueError, TypeError):
        return None


def from_json(rpc: str, body: bytes) -> bytes | None:
    """A JSON request body as the binary message the server reads from it (``None`` if it does not parse: an
    unknown field too, as the server refuses it)."""
    try:
        message = REQUESTS[rpc]()
        text = body.decode("utf-8")
        if text.strip():
            json_format.Parse(text, message, ignore_unknown_fields=False)
        return bytes(message.SerializeToString())
    except (json_format.ParseError, UnicodeDecodeError, RecursionError, ValueError, TypeError):
        return None


def base_headers(transport: str, deadline: float) -> list[tuple[str, str]]:
    """The headers a well-behaved client sends on ``transport``: content type, protocol, deadline."""
    headers = [("Content-Type", CONTENT_TYPES[transport])]
    millis = max(1, int(deadline * 1000))
    if transport.startswith("grpc-web"):
        headers += [("X-Grpc-Web", "1"), ("grpc-timeout", f"{millis}m")]
    else:
        headers += [("Connect-Protocol-Version", "1"), ("Connect-Timeout-Ms", str(millis))]
    return headers


#: A well-formed ``grpc-timeout`` (gRPC-Web): at most 8 digits and a unit, as seconds per unit.
_GRPC_TIMEOUT = re.compile(r"(\d{1,8})([HMSmun])")
_GRPC_UNITS = {"H": 3600.0, "M": 60.0, "S": 1.0, "m": 1e-3, "u": 1e-6, "n": 1e-9}


def told_deadline(request: Request, timeout: float) -> float | None:
    """The deadline (seconds) the server was told for ``request``, sent with the client's own ``timeout``: on
    the gRPC port the call's, on the HTTP port a well-formed ``grpc-timeout`` or ``Connect-Timeout-Ms``;
    ``None`` when it was told none (a header dropped or malformed) or the request is cut short on purpose."""
    if request.cut:
        return None
    if request.port == "grpc":
        return request.deadline or timeout
    values = {key.lower(): value for key, value in request.headers}
    if request.transport.startswith("grpc-web"):
        found = _GRPC_TIMEOUT.fullmatch(values.get("grpc-timeout", ""))
        return int(found.group(1)) * _GRPC_UNITS[found.group(2)] if found else None
    millis = values.get("connect-timeout-ms", "")
    return int(millis) / 1000 if millis.isascii() and millis.isdigit() and len(millis) <= 10 else None


def http_body(transport: str, rpc: str, items: Sequence[bytes]) -> tuple[str, bytes]:
    """The HTTP body of a request made of ``items`` (binary messages) on ``transport``: one message as it
    is (Connect unary), or an envelope per message (Connect streaming, gRPC-Web); JSON transports carry
    the messages as canonical JSON. Messages no JSON text can carry (unknown fields, invalid UTF-8, bytes
    that do not parse) go on the binary twin of a JSON transport, which is returned."""
    if transport in JSON_TRANSPORTS:
        texts = [to_json(rpc, item) for item in items]
        lossless = all(
            t is not None and _same(rpc, from_json(rpc, t), item) for t, item in zip(texts, items, strict=True)
        )
        if lossless:
            encoded = [t for t in texts if t is not None]
            return transport, encoded[0] if transport not in FRAMED else b"".join(envelope(0, t) for t in encoded)
        transport = BINARY_TWIN[transport]
    if transport not in FRAMED:
        return transport, items[0] if items else b""
    return transport, b"".join(envelope(0, item) for item in items)


def _same(rpc: str, parsed: bytes | None, item: bytes) -> bool:
    """Whether ``parsed`` (read back from JSON) is the message ``item`` (maps may come back in another order)."""
    if parsed is None:
        return False
    try:
        return bool(REQUESTS[rpc].FromString(parsed) == REQUESTS[rpc].FromString(item))
    except DecodeError:
        return False


def comparable(transport: str, rpc: str, body: bytes) -> bytes | None:
    """The one binary message an HTTP body of a unary RPC holds, as the server reads it (``None`` when
    it holds no single well-formed message): what the memo-off server is sent for comparison."""
    if rpc in STREAMING:
        return None
    if transport in FRAMED:
        frames, rest = unframe(body)
        if rest or len(frames) != 1 or frames[0][0] != 0:
            return None
        body = frames[0][1]
    if transport in JSON_TRANSPORTS:
        return from_json(rpc, body)
    return body


# ---- the HTTP port: answers ---------------------------------------------------------------------------


def _connect_code(name: object) -> str:
    if not isinstance(name, str):
        return "bad answer"
    code = "CANCELLED" if name == "canceled" else name.upper()
    return code if code in STATUS_NAMES.values() else "bad answer"


def _response_bytes(rpc: str, data: bytes, as_json: bool) -> bytes | None:
    if not as_json:
        return data
    try:
        message: Message = RESPONSES[rpc]()
        json_format.Parse(data.decode("utf-8"), message, ignore_unknown_fields=True)
    except (json_format.ParseError, UnicodeDecodeError, ValueError):
        return None
    return bytes(message.SerializeToString())


def _http_error(status: int, data: bytes) -> Outcome:
    """A non-200 answer: its Connect error code, else the HTTP status itself."""
    try:
        error = json.loads(data)
    except (ValueError, UnicodeDecodeError):
        error = None
    if isinstance(error, dict) and "code" in error:
        return Outcome(_connect_code(error["code"]), str(error.get("message", ""))[:500])
    return Outcome(f"HTTP {status}", data[:200].decode("utf-8", "replace"))


def _trailers(text: bytes) -> dict[str, str]:
    found: dict[str, str] = {}
    for line in text.decode("utf-8", "replace").split("\r\n"):
        if ":" in line:
            key, value = line.split(":", 1)
            found[key.strip().lower()] = value.strip()
    return found


def _grpc_status(fields: dict[str, str]) -> Outcome:
    try:
        number = int(fields["grpc-status"])
    except (KeyError, ValueError):
        return Outcome("bad answer", f"no readable grpc-status in {fields}")
    return Outcome(STATUS_NAMES.get(number, "bad answer"), unquote(fields.get("grpc-message", "")))


def read_answer(transport: str, rpc: str, status: int, headers: dict[str, str], data: bytes) -> Outcome:
    """An HTTP answer of ``rpc`` on ``transport`` as an ``Outcome`` (codes as on the gRPC port)."""
    as_json = transport in JSON_TRANSPORTS
    if status != 200:
        return _http_error(status, data)
    if transport.startswith("grpc-web"):
        if "grpc-status" in headers:  # trailers-only
            return _grpc_status(headers)
        frames, rest = unframe(data)
        ends = [content for flags, content in frames if flags & GRPC_WEB_TRAILERS]
        if not ends or rest:
            return Outcome("bad answer", f"gRPC-Web answer without a trailers frame ({len(data)} bytes)")
        outcome = _grpc_status(_trailers(ends[-1]))
        messages = [content for flags, content in frames if not flags & GRPC_WEB_TRAILERS]
    elif transport in FRAMED:
        frames, rest = unframe(data)
        ends = [content for flags, content in frames if flags & CONNECT_END]
        if not ends or rest:
            return Outcome("bad answer", f"Connect stream answer without an end-of-stream frame ({len(data)} bytes)")
        try:
            end = json.loads(ends[-1] or b"{}")
        except (ValueError, UnicodeDecodeError):
            return Outcome("bad answer", f"unreadable end-of-stream frame {ends[-1][:100]!r}")
        error = end.get("error") if isinstance(end, dict) else None
        if isinstance(error, dict):
            return Outcome(_connect_code(error.get("code")), str(error.get("message", ""))[:500])
        outcome = Outcome("OK")
        messages = [content for flags, content in frames if not flags & CONNECT_END]
    else:
        outcome = Outcome("OK")
        messages = [data]
    if outcome.code != "OK":
        return outcome
    if len(messages) != 1:
        return Outcome("bad answer", f"{len(messages)} response messages to a unary answer")
    body = _response_bytes(rpc, messages[0], as_json)
    if body is None:
        return Outcome("bad answer", f"an OK answer that does not parse: {messages[0][:100]!r}")
    return Outcome("OK", body=body)


class HttpEndpoint:
    """The HTTP port of a server on 127.0.0.1: one kept-alive ``http.client`` connection per thread."""

    def __init__(self, port: int) -> None:
        self.port = port
        self._local = threading.local()
        self._all: list[http.client.HTTPConnection] = []
        self._lock = threading.Lock()

    @property
    def target(self) -> str:
        return f"127.0.0.1:{self.port}"

    def _connection(self, timeout: float) -> tuple[http.client.HTTPConnection, bool]:
        conn: http.client.HTTPConnection | None = getattr(self._local, "conn", None)
        if conn is not None and conn.sock is not None:
            conn.sock.settimeout(timeout)
            conn.timeout = timeout
            return conn, True
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        self._local.conn = conn
        with self._lock:
            self._all.append(conn)
        return conn, False

    def _drop(self) -> None:
        conn: http.client.HTTPConnection | None = getattr(self._local, "conn", None)
        self._local.conn = None
        if conn is not None:
            conn.close()

    def send(self, request: Request, timeout: float) -> Outcome:
        """``request`` on this port (a fresh connection for a request cut short)."""
        if request.cut in ("hold", "eof"):
            return self._cut(request, timeout)
        body = request.payload[0] if request.payload else b""
        for attempt in (0, 1):
            conn, reused = self._connection(timeout)
            try:
                status, headers, data = _exchange(conn, request, body)
            except TimeoutError:
                self._drop()
                return Outcome("DEADLINE_EXCEEDED", f"no HTTP answer within {timeout:g} s")
            except ConnectionRefusedError:
                self._drop()
                return Outcome("UNAVAILABLE", "connection refused")
            except (OSError, http.client.HTTPException) as exc:
                self._drop()
                if reused and attempt == 0:
                    continue  # a kept-alive connection the server had closed meanwhile
                return Outcome("UNAVAILABLE", f"the connection closed without an answer ({type(exc).__name__})")
            if headers.get("connection", "").lower() == "close":
                self._drop()
            outcome = read_answer(request.transport, request.rpc, status, headers, data)
            outcome.answered = True
            return outcome
        raise AssertionError("unreachable")

    def _cut(self, request: Request, timeout: float) -> Outcome:
        """A request cut short on a connection of its own: ``hold`` sends the payload as one chunk of a
        chunked body and then nothing, ``eof`` sends it under a larger Content-Length and closes its side."""
        wait = request.deadline or 1.0
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        body = request.payload[0] if request.payload else b""
        try:
            conn.putrequest("POST", path_of(request.rpc), skip_accept_encoding=True)
            for key, value in request.headers:
                conn.putheader(key, value)
            conn.endheaders()
            assert conn.sock is not None
            if request.cut == "hold":
                conn.send(b"%x\r\n%s\r\n" % (len(body), body) if body else b"")
            else:
                conn.send(body)
                conn.sock.shutdown(socket.SHUT_WR)
            conn.sock.settimeout(wait)
            response = conn.getresponse()
            data = response.read()
        except TimeoutError:
            return Outcome("DEADLINE_EXCEEDED", f"held open: no answer within the client's {wait:g} s")
        except (OSError, http.client.HTTPException) as exc:
            return Outcome("closed", f"the server closed the connection ({type(exc).__name__})")
        finally:
            conn.close()
        headers = {k.lower(): v for k, v in response.getheaders()}
        outcome = read_answer(request.transport, request.rpc, response.status, headers, data)
        outcome.answered = True
        return outcome

    def close(self) -> None:
        with self._lock:
            for conn in self._all:
                conn.close()
            self._all.clear()


def _exchange(conn: http.client.HTTPConnection, request: Request, body: bytes) -> tuple[int, dict[str, str], bytes]:
    conn.putrequest("POST", path_of(request.rpc), skip_accept_encoding=True)
    named = {key.lower() for key, _ in request.headers}
    for key, value in request.headers:
        conn.putheader(key, value)
    if "content-length" not in named and "transfer-encoding" not in named:
        conn.putheader("Content-Length", str(len(body)))
    conn.endheaders(body)
    response = conn.getresponse()
    data = response.read()
    return response.status, {k.lower(): v for k, v in response.getheaders()}, data


def wait_http(port: int, timeout: float) -> bool:
    """Whether ``GET /healthz`` on the HTTP port answers 200 within ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
        try:
            conn.request("GET", "/healthz")
            if conn.getresponse().status == 200:
                return True
        except (OSError, http.client.HTTPException):
            pass
        finally:
            conn.close()
        time.sleep(0.1)
    return False
