"""TLS on the HTTP port: a front that takes each connection's TLS off and hands waitress the plaintext.

waitress, which serves the HTTP port, speaks plaintext only. So with ``--tls-cert`` the port's listening
socket belongs to this front instead: an asyncio event loop on a thread of its own accepts each connection,
makes the TLS handshake with the ``ssl`` context of the certificate files as they are now
(``server.tls.CertificateFiles``: a certificate renewed on disk is served to the next connection, and a
client certificate is required under mutual TLS), then makes a connected pair of sockets, gives one end
to waitress as if it had accepted it (with the client's address, so the access log names the client), and
copies bytes between the TLS connection and the other end until either closes.

Nothing of the plaintext is reachable from outside: there is no second port, the pair exists only inside
the process. Everything waitress does for a connection still holds for the decrypted one (its slow-client
time limits, idle connections closed, the connection limit with the slowest evicted first: closing its end
closes the TLS connection). The front adds its own two bounds, for the part before waitress sees anything:
a handshake must end within ``handshake_seconds``, and at most ``limit`` connections are open at once; past
that a new one is closed at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import ssl
import threading
from collections.abc import Callable
from typing import Any

import structlog

from server.tls import CertificateFiles

_log = structlog.get_logger("rules_engine")

#: Bytes copied at most per read, each way.
_CHUNK = 64 * 1024

#: ``(connection, client address)``: hand a plaintext connection to waitress (callable from any thread).
HandOver = Callable[[socket.socket, Any], None]


class TlsFront:
    """The TLS side of the HTTP port, on ``sock`` (bound, not yet listening), until ``close``."""

    def __init__(
        self,
        sock: socket.socket,
        files: CertificateFiles,
        hand_over: HandOver,
        *,
        limit: int,
        handshake_seconds: float,
    ) -> None:
        self._files = files
        self._hand_over = hand_over
        self._limit = limit
        self._handshake_seconds = handshake_seconds
        self._open = 0
        self.refused = 0
        """Connections closed at once because ``limit`` were open."""
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="http-tls", daemon=True)
        self._thread.start()
        try:
            self._server = asyncio.run_coroutine_threadsafe(
                asyncio.start_server(self._connected, sock=sock, limit=_CHUNK), self._loop
            ).result()
        except BaseException:
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join()
            raise

    async def _connected(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """One client connection: the handshake, then bytes copied both ways until either side closes."""
        if self._open >= self._limit:
            self.refused += 1
            writer.close()
            return
        self._open += 1
        try:
            peer = writer.get_extra_info("peername")
            try:
                await writer.start_tls(self._files.ssl_context(), ssl_handshake_timeout=self._handshake_seconds)
            except (TimeoutError, OSError, ssl.SSLError) as exc:
                # A plaintext client, no or the wrong client certificate, or a handshake too slow.
                _log.info("http_tls_refused", peer=_address(peer), error=str(exc) or type(exc).__name__)
                return
            inner, outer = socket.socketpair()
            self._hand_over(inner, peer)
            back_reader, back_writer = await asyncio.open_connection(sock=outer, limit=_CHUNK)
            try:
                await asyncio.gather(_copy(reader, back_writer), _copy(back_reader, writer))
            finally:
                back_writer.close()
        finally:
            self._open -= 1
            writer.close()

    def close(self) -> None:
        """Stop accepting connections; those open are closed when waitress closes its ends."""

        async def stop() -> None:
            self._server.close()

        with contextlib.suppress(RuntimeError):
            asyncio.run_coroutine_threadsafe(stop(), self._loop).result(5)

    def stop_loop(self) -> None:
        """End the front's thread (after waitress has closed its connections): connections still open (a
        handshake under way, a copy not yet ended) are cancelled first."""
        if not self._thread.is_alive():
            return

        async def cancel_all() -> None:
            tasks = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

        with contextlib.suppress(RuntimeError, TimeoutError):
            asyncio.run_coroutine_threadsafe(cancel_all(), self._loop).result(5)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5)
        if not self._thread.is_alive():
            self._loop.close()


async def _copy(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
    """Copy ``source`` into ``sink`` until ``source`` ends or either fails; then end ``sink`` too (a TLS
    connection cannot be half-closed, so it is closed)."""
    try:
        while data := await source.read(_CHUNK):
            sink.write(data)
            await sink.drain()
    except (OSError, ssl.SSLError):
        pass
    finally:
        with contextlib.suppress(OSError, RuntimeError):
            if sink.can_write_eof():
                sink.write_eof()
            else:
                sink.close()


def _address(peer: Any) -> str:
    """``host:port`` of a peer address tuple (anything else as it is)."""
    if isinstance(peer, tuple) and len(peer) >= 2:
        return f"{peer[0]}:{peer[1]}"
    return str(peer)
