"""The HTTP port's defence against slow and hostile clients: waitress's request parser, channel and server,
subclassed with time limits for headers and bodies, idle connections closed, and a bounded number of
connections where the one incomplete the longest makes room for a new one (``HttpLimits``).

Why waitress, tuned, rather than another server: waitress is already the dependency, its one event loop
already keeps a slow client from holding a thread, and what it lacked is this module; another server from
PyPI would have meant an ASGI application, a new dependency, and the same limits to set and test. Without
them, 300 connections dripping a header byte every few seconds kept the port from answering anything:
each counted against the connection limit (256) while its activity kept waitress's inactivity timeout
from ever firing. Now:

* a request's line and headers must arrive within ``HEADER_SECONDS`` (10 s) of its first byte, or of
  the connection's opening for its first request, and its body within ``BODY_SECONDS`` (30 s) of its
  headers: a late one is answered ``408 Request Timeout`` and closed;
* a connection with no request under way is closed ``IDLE_SECONDS`` (30 s) after its last answer,
  whatever it sends meanwhile (blank lines do not keep it open), and one whose client has read nothing of
  its answer for as long too;
* a request's line and headers are ``MAX_HEADER_BYTES`` (32 KiB) at most (431 beyond), and a body
  beyond ``BODY_IN_MEMORY_BYTES`` (64 KiB) waits in a temporary file, so a full house of connections
  holds about 100 MiB of requests at most;
* at most ``MAX_CONNECTIONS`` (1024) connections per worker, fewer when the descriptor limit
  (``ulimit -n``) leaves less room (two descriptors per connection, ``FD_RESERVE`` kept for the rest);
  at the limit a new connection is accepted by closing the connection whose request has been
  incomplete the longest (then the longest idle one), and refused with 503 only when every connection
  is being answered. A complete request is never closed for its time: deadlines cover the call.

The checks run on the event loop every ``SWEEP_SECONDS``; each pass that closes connections logs one
``http_connections_closed`` line with the counts by reason.
"""

from __future__ import annotations

import collections
import contextlib
import dataclasses
import resource
import socket
import time
from typing import Any, NamedTuple

import structlog
from waitress.adjustments import Adjustments
from waitress.channel import ClientDisconnected, HTTPChannel
from waitress.parser import HTTPRequestParser
from waitress.server import TcpWSGIServer

_server_log = structlog.get_logger("rulesengine.server")

HEADER_SECONDS = 10.0
"""A request's line and headers must arrive within this of its first byte (the first request of a
connection: of the connection's opening); else 408 and the connection is closed."""

BODY_SECONDS = 30.0
"""A request's body must arrive within this of the end of its headers; else 408 and closed."""

IDLE_SECONDS = 30.0
"""A connection with no request under way is closed this long after its last answer."""

MAX_HEADER_BYTES = 32 * 1024
"""A request's line and headers at most (431 beyond), so that a connection's headers cost little memory."""

BODY_IN_MEMORY_BYTES = 64 * 1024
"""A request body beyond this waits for its call in a temporary file rather than in memory."""

MAX_CONNECTIONS = 1024
"""Open connections per worker at most (fewer when ``ulimit -n`` leaves less room)."""

FD_RESERVE = 256
"""File descriptors kept for everything but the HTTP port's connections (the gRPC port, logs, pipes)."""

MIN_CONNECTIONS = 16
"""The connection limit is never below this, however low ``ulimit -n`` is."""

SWEEP_SECONDS = 0.25
"""How often the event loop looks for late and idle connections."""

ACCEPT_BATCH = 64
"""Connections accepted at most each time the listening socket is ready."""


@dataclasses.dataclass(frozen=True)
class HttpLimits:
    """How long an HTTP client may take, and how many may be connected at once (per worker)."""

    header_seconds: float = HEADER_SECONDS
    """A request's line and headers arrive within this of its first byte (first request: of the opening)."""
    body_seconds: float = BODY_SECONDS
    """A request's body arrives within this of its headers."""
    idle_seconds: float = IDLE_SECONDS
    """A connection with no request under way is closed this long after its last answer."""
    max_connections: int = MAX_CONNECTIONS
    """Open connections at most, lowered to what ``ulimit -n`` leaves room for."""
    descriptors_per_connection: int = 2
    """File descriptors one connection may hold: its socket and a file a large body spills into; two more
    under TLS (the pair of sockets between the TLS front and waitress)."""

    def connection_limit(self) -> int:
        """``max_connections`` within the descriptors this process may open (``descriptors_per_connection``
        each), ``FD_RESERVE`` kept for the rest."""
        soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
        room = (
            self.max_connections
            if soft == resource.RLIM_INFINITY
            else (soft - FD_RESERVE) // self.descriptors_per_connection
        )
        return max(MIN_CONNECTIONS, min(self.max_connections, room))


class _TimedParser(HTTPRequestParser):  # type: ignore[misc]
    """waitress's request parser, knowing when its request's first bytes and the end of its headers came
    (waitress makes a parser when a request's first bytes arrive)."""

    def __init__(self, adj: Adjustments) -> None:
        super().__init__(adj)
        self.began = time.monotonic()
        self.headers_at: float | None = None

    def received(self, data: bytes) -> int:
        """Parse ``data``; note the time the headers ended."""
        consumed: int = super().received(data)
        if self.headers_finished and self.headers_at is None:
            self.headers_at = time.monotonic()
        return consumed


class _Closing(NamedTuple):
    """Why a connection is closed by a sweep, and the 408 message it gets (``None``: closed silently)."""

    reason: str
    answer: str | None


class _TimedChannel(HTTPChannel):  # type: ignore[misc]
    """A waitress connection that knows since when it has been waiting for a request, so that a sweep can
    close it when its request is late or it has been idle too long (waitress's own inactivity timeout
    restarts at every byte: a client dripping bytes would never reach it)."""

    parser_class = _TimedParser
    request: _TimedParser | None

    def __init__(self, server: Any, sock: socket.socket, addr: Any, adj: Adjustments, map: Any = None) -> None:
        self.opened = time.monotonic()
        self.answered_at: float | None = None
        """When the last request was answered (``None``: none yet)."""
        super().__init__(server, sock, addr, adj, map)

    def service(self) -> None:
        """Answer the first request waiting (on a worker thread), then note when."""
        try:
            super().service()
        finally:
            self.answered_at = time.monotonic()

    def answering(self) -> bool:
        """Whether a request is being answered or its answer sent (a connection on its way out is not)."""
        return bool(self.requests) or bool(self.total_outbufs_len and not self.leaving())

    def leaving(self) -> bool:
        """Whether the connection is to close once its output (if any) is sent."""
        return bool(self.will_close or self.close_when_flushed)

    def waiting_since(self) -> float:
        """Since when the connection has waited for its next request: its last answer, or its opening."""
        return self.opened if self.answered_at is None else self.answered_at

    def closing(self, now: float, limits: HttpLimits) -> _Closing | None:
        """Whether to close the connection now (on the event loop): never while a request is being answered
        (the call's deadline covers it); an answer its client has not read for ``idle_seconds``; else
        whether the next request is late or the connection has been idle too long."""
        if self.requests:
            return None
        if self.total_outbufs_len:  # waitress's last_activity: the last byte received or sent
            unread = time.time() - self.last_activity > limits.idle_seconds
            return _Closing("answer_unread", None) if unread and not self.will_close else None
        if self.leaving():
            return None
        request = self.request
        if request is None:  # nothing under way (blank lines included)
            if self.answered_at is None and now - self.opened > limits.header_seconds:
                return _Closing("no_request", None)
            if self.answered_at is not None and now - self.answered_at > limits.idle_seconds:
                return _Closing("idle", None)
            return None
        if not request.headers_finished:
            began = self.opened if self.answered_at is None else max(request.began, self.answered_at)
            if now - began > limits.header_seconds:
                return _Closing(
                    "headers_late", f"the request's headers did not arrive within {limits.header_seconds:g} s"
                )
            return None
        if now - max(request.headers_at or now, self.waiting_since()) > limits.body_seconds:
            message = f"the request's body did not arrive within {limits.body_seconds:g} s of its headers"
            return _Closing("body_late", message)
        return None

    def time_out(self, message: str) -> None:
        """Answer 408 with ``message`` and close once it is sent (on the event loop, never while ``answering``)."""
        body = (message + "\n").encode()
        head = (
            "HTTP/1.1 408 Request Timeout\r\nContent-Type: text/plain; charset=utf-8\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
        ).encode()
        self._drop_request()
        with contextlib.suppress(ClientDisconnected):
            self.write_soon(head + body)
        self.close_when_flushed = True

    def evict(self) -> None:
        """Close at once, to make room for a new connection (on the event loop, never while ``answering``)."""
        self._drop_request()
        self.handle_close()

    def _drop_request(self) -> None:
        with self.requests_lock:
            if self.request is not None:
                self.request.close()  # the partial body's buffer (a file when large)
                self.request = None


class GuardedServer(TcpWSGIServer):  # type: ignore[misc]
    """waitress's TCP server with ``HttpLimits``: a sweep of late and idle connections every
    ``SWEEP_SECONDS`` (in place of waitress's inactivity pass), and at the connection limit the
    connection incomplete the longest makes room for a new one instead of the port ceasing to accept."""

    channel_class = _TimedChannel

    def __init__(self, *args: Any, limits: HttpLimits, **kwargs: Any) -> None:
        self.limits = limits
        self.connection_limit = limits.connection_limit()
        self.evicted = 0
        self._victims: list[_TimedChannel] = []
        self._next_sweep = 0.0
        super().__init__(*args, **kwargs)

    def readable(self) -> bool:
        """Sweep when due; accept whenever listening (``handle_accept`` makes room at the limit)."""
        now = time.monotonic()
        if now >= self._next_sweep:
            self._next_sweep = now + SWEEP_SECONDS
            self.sweep(now)
        return bool(self.accepting)

    def maintenance(self, now: float) -> None:
        """waitress's inactivity pass, replaced by ``sweep``."""

    def sweep(self, now: float) -> None:
        """Close every connection whose request is late (408) or that has been idle too long; log the counts."""
        closed: collections.Counter[str] = collections.Counter()
        for channel in list(self.active_channels.values()):
            closing = channel.closing(now, self.limits)
            if closing is None:
                continue
            closed[closing.reason] += 1
            if closing.answer is None:
                channel.will_close = True
            else:
                channel.time_out(closing.answer)
        if self.evicted:
            closed["evicted"], self.evicted = self.evicted, 0
        if closed:
            _server_log.info("http_connections_closed", **closed, open=len(self.active_channels))

    def handle_accept(self) -> None:
        """Accept the connections waiting (up to ``ACCEPT_BATCH``); at the limit, make room for each by closing
        the connection incomplete the longest (refuse it with 503 when every connection is being answered).
        Many at once, and victims chosen many at once: a flood of new connections must not leave a health
        probe queued behind it."""
        for _ in range(ACCEPT_BATCH):
            try:
                accepted = self.accept()
            except OSError:
                return
            if accepted is None:
                return
            connection, address = accepted
            self.take(connection, self.fix_addr(address))

    def take(self, connection: socket.socket, address: Any, tcp: bool = True) -> None:
        """Serve ``connection`` from ``address`` (on the event loop): accepted here, or handed over decrypted by
        the TLS front (``server.http_tls``; ``tcp`` False: one end of a socket pair, no TCP options). At the
        limit, room is made first, or the connection is answered 503 and closed."""
        if len(self.active_channels) >= self.connection_limit and not self._make_room():
            with contextlib.suppress(OSError):
                connection.send(_BUSY_ANSWER % self.connection_limit)
            connection.close()
            return
        try:
            if tcp:
                self.set_socket_options(connection)
        except OSError:
            connection.close()
            return
        self.channel_class(self, connection, address, self.adj, map=self._map)

    def _make_room(self) -> bool:
        """Close the connection whose request has waited the longest (then the longest idle); whether one was.
        The candidates are ranked once for ``limit / 16`` evictions, not once for each."""
        while True:
            if not self._victims:
                waiting = [channel for channel in self.active_channels.values() if not channel.answering()]
                waiting.sort(key=_eviction_order, reverse=True)
                self._victims = waiting[-max(1, self.connection_limit // 16) :]
                if not self._victims:
                    return False
            victim = self._victims.pop()
            if self.active_channels.get(victim._fileno) is victim and not victim.answering():
                victim.evict()
                self.evicted += 1
                return True


def _eviction_order(channel: _TimedChannel) -> tuple[int, float]:
    """Those leaving first, then those with a request incomplete (or none yet), then idle ones; oldest first."""
    if channel.leaving():
        return 0, channel.waiting_since()
    idle = channel.answered_at is not None and channel.request is None
    return (2 if idle else 1), channel.waiting_since()


_BUSY_TEXT = b"all %d connections of this server are being answered; try again\n"
_BUSY_ANSWER = b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n" + _BUSY_TEXT
