"""TLS on both ports (server/tls.py, server/http_tls.py): every RPC over TLS and over mutual TLS, on the gRPC
port and on the HTTP port (Connect, binary), clients without the right certificates refused, and a
certificate replaced on disk served to the next connection without a restart. Certificates are made for each
run with the ``openssl`` command."""

from __future__ import annotations

import http.client
import io
import json
import shutil
import socket
import ssl
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import grpc
import pytest
from google.protobuf.message import Message
from rulesengine.v1 import common_pb2, service_pb2, service_pb2_grpc
from rulesengine_client import tls_credentials
from rulesengine_client.cli import main as client_main

from engines import registry
from server.app import start_server
from server.config import Config
from server.http import start_http
from server.http_guard import HttpLimits
from server.servicer import RulesEngineServicer
from server.tls import CertificateFiles, TlsFiles
from tests.pki import make_ca, make_leaf
from tests.server.helpers import PREFIX, frames, setup, unframe

#: ``(rpc, request, timeout)`` -> response: one unary call over one port.
Unary = Callable[[str, Message, float], Any]
#: ``(rpc, requests, timeout)`` -> response: one client-streaming call over one port.
Streaming = Callable[[str, list[Message], float], Any]


@pytest.fixture(scope="module")
def pki(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two CAs; a server certificate from each; a client certificate from the first and from the second."""
    folder = tmp_path_factory.mktemp("pki")
    for ca in ("ca", "other-ca"):
        make_ca(folder, ca)
    make_leaf(folder, "server", "ca", "serverAuth")
    make_leaf(folder, "server2", "other-ca", "serverAuth")
    make_leaf(folder, "client", "ca", "clientAuth", server=False)
    make_leaf(folder, "stranger", "other-ca", "clientAuth", server=False)
    return folder


@contextmanager
def _serving(cert: Path, key: Path, client_ca: Path | None = None) -> Iterator[Any]:
    config = Config(
        host="127.0.0.1", port=0, http_port=0, threads=2, tls_cert=cert, tls_key=key, tls_client_ca=client_ca
    )
    running = start_server(config)
    try:
        yield running
    finally:
        running.stop(None)


@contextmanager
def _stub(port: int, credentials: grpc.ChannelCredentials | None) -> Iterator[Any]:
    target = f"localhost:{port}"
    channel = grpc.secure_channel(target, credentials) if credentials else grpc.insecure_channel(target)
    with channel:
        yield service_pb2_grpc.RulesEngineServiceStub(channel)


def _grpc_calls(stub: Any) -> tuple[Unary, Streaming]:
    """Unary and streaming calls through a gRPC stub."""

    def unary(rpc: str, request: Message, timeout: float) -> Any:
        return getattr(stub, rpc)(request, timeout=timeout)

    def streaming(rpc: str, requests: list[Message], timeout: float) -> Any:
        return getattr(stub, rpc)(iter(requests), timeout=timeout)

    return unary, streaming


def _https_context(ca: Path, cert: Path | None = None, key: Path | None = None) -> ssl.SSLContext:
    """A client's ``ssl`` context trusting ``ca``, presenting ``cert`` and ``key`` if given."""
    context = ssl.create_default_context(cafile=str(ca))
    if cert is not None:
        context.load_cert_chain(cert, key)
    return context


def _post(port: int, context: ssl.SSLContext, path: str, body: bytes, content_type: str, timeout: float) -> bytes:
    """POST ``body`` to the HTTP port over TLS; the answer's body (a non-200 answer fails the test)."""
    connection = http.client.HTTPSConnection("localhost", port, context=context, timeout=timeout)
    try:
        connection.request("POST", path, body, {"Content-Type": content_type})
        answer = connection.getresponse()
        data = answer.read()
    finally:
        connection.close()
    assert answer.status == 200, data[:500]
    return data


def _connect_calls(port: int, context: ssl.SSLContext) -> tuple[Unary, Streaming]:
    """Unary (Connect, binary) and streaming (Connect streaming, binary) calls to the HTTP port over TLS."""

    def response_class(rpc: str) -> type[Message]:
        return getattr(service_pb2, f"{rpc}Response")  # type: ignore[no-any-return]

    def unary(rpc: str, request: Message, timeout: float) -> Any:
        body = _post(port, context, PREFIX + rpc, request.SerializeToString(), "application/proto", timeout)
        return response_class(rpc).FromString(body)

    def streaming(rpc: str, requests: list[Message], timeout: float) -> Any:
        items = frames(*(r.SerializeToString() for r in requests))
        body = _post(port, context, PREFIX + rpc, items, "application/connect+proto", timeout)
        messages, end = unframe(body)
        assert json.loads(end or b"{}").get("error") is None, end
        return response_class(rpc).FromString(messages[0])

    return unary, streaming


def _every_rpc(calls: tuple[Unary, Streaming]) -> None:
    """Each RPC of the service once, in a short game of Citadels."""
    call, stream = calls
    assert call("ListGames", service_pb2.ListGamesRequest(), 10).games
    assert call("DescribeGame", service_pb2.DescribeGameRequest(game_id="citadels"), 10).names
    started = call("NewGame", service_pb2.NewGameRequest(setup=setup(2)), 10)
    legal = call("LegalMoves", service_pb2.LegalMovesRequest(state=started.state), 10)
    move = legal.moves[0]
    assert call("ValidateMove", service_pb2.ValidateMoveRequest(state=started.state, move=move), 10).legal
    after = call("ApplyMove", service_pb2.ApplyMoveRequest(state=started.state, move=move), 10)
    assert call("Score", service_pb2.ScoreRequest(state=after.state), 10).score.seats
    seat = common_pb2.Viewer(seat=0)
    assert call("ViewState", service_pb2.ViewStateRequest(state=after.state, viewer=seat), 10).state.game_id
    record = service_pb2.GameRecord(setup=setup(2), rules_version=started.state.rules_version, moves=[move])
    assert call("ReplayGame", service_pb2.ReplayGameRequest(record=record), 10).result.legal
    header = service_pb2.ReplayGameStreamRequest(
        header=service_pb2.GameRecord(setup=record.setup, rules_version=record.rules_version)
    )
    items = [header, service_pb2.ReplayGameStreamRequest(move=move)]
    assert stream("ReplayGameStream", items, 10).result.legal
    svg = service_pb2.RenderViewRequest(state=after.state, viewer=seat, format=service_pb2.IMAGE_FORMAT_SVG)
    assert call("RenderView", svg, 10).image.startswith(b"<svg")
    png = service_pb2.RenderViewRequest(state=after.state, viewer=seat, format=service_pb2.IMAGE_FORMAT_PNG)
    assert call("RenderView", png, 30).image.startswith(b"\x89PNG")
    deciding = after.pending.seats[0]
    asked = service_pb2.SuggestMoveRequest(state=after.state, seat=deciding, max_playouts=3, seed=1)
    assert call("SuggestMove", asked, 60).move.seat == deciding


def _https_refused(port: int, context: ssl.SSLContext) -> None:
    """A call to the HTTP port with ``context`` fails in the handshake (or the connection is closed)."""
    with pytest.raises((ssl.SSLError, ConnectionError, http.client.RemoteDisconnected, OSError)):
        _post(port, context, PREFIX + "ListGames", b"", "application/proto", 5)


def _plaintext_refused(port: int) -> None:
    """A plaintext HTTP call to the TLS port gets no answer."""
    connection = http.client.HTTPConnection("localhost", port, timeout=5)
    try:
        with pytest.raises((ConnectionError, http.client.RemoteDisconnected, http.client.BadStatusLine, OSError)):
            connection.request("POST", PREFIX + "ListGames", b"", {"Content-Type": "application/proto"})
            connection.getresponse().read()
    finally:
        connection.close()


def test_every_rpc_over_tls_on_both_ports_and_a_plaintext_client_is_refused(pki: Path) -> None:
    with _serving(pki / "server.pem", pki / "server.key") as running:
        with _stub(running.port, tls_credentials(pki / "ca.pem")) as stub:
            _every_rpc(_grpc_calls(stub))
        _every_rpc(_connect_calls(running.http_port, _https_context(pki / "ca.pem")))
        with _stub(running.port, None) as plain, pytest.raises(grpc.RpcError) as caught:
            plain.ListGames(service_pb2.ListGamesRequest(), timeout=5)
        assert caught.value.code() == grpc.StatusCode.UNAVAILABLE
        _plaintext_refused(running.http_port)
        untrusting = tls_credentials(pki / "other-ca.pem")  # a client that does not trust the server's CA
        with _stub(running.port, untrusting) as stub, pytest.raises(grpc.RpcError):
            stub.ListGames(service_pb2.ListGamesRequest(), timeout=5)
        _https_refused(running.http_port, _https_context(pki / "other-ca.pem"))


def test_every_rpc_over_mutual_tls_on_both_ports_and_clients_without_the_right_certificate_are_refused(
    pki: Path,
) -> None:
    with _serving(pki / "server.pem", pki / "server.key", pki / "ca.pem") as running:
        mine = tls_credentials(pki / "ca.pem", pki / "client.pem", pki / "client.key")
        with _stub(running.port, mine) as stub:
            _every_rpc(_grpc_calls(stub))
        _every_rpc(
            _connect_calls(running.http_port, _https_context(pki / "ca.pem", pki / "client.pem", pki / "client.key"))
        )
        for refused in (
            tls_credentials(pki / "ca.pem"),  # no client certificate
            tls_credentials(pki / "ca.pem", pki / "stranger.pem", pki / "stranger.key"),  # another CA's
        ):
            with _stub(running.port, refused) as stub, pytest.raises(grpc.RpcError) as caught:
                stub.ListGames(service_pb2.ListGamesRequest(), timeout=5)
            assert caught.value.code() == grpc.StatusCode.UNAVAILABLE
        _https_refused(running.http_port, _https_context(pki / "ca.pem"))
        _https_refused(running.http_port, _https_context(pki / "ca.pem", pki / "stranger.pem", pki / "stranger.key"))
        # The refused handshakes cost the port nothing: a client with the right certificate is still served.
        assert _connect_calls(
            running.http_port, _https_context(pki / "ca.pem", pki / "client.pem", pki / "client.key")
        )[0]("ListGames", service_pb2.ListGamesRequest(), 5).games


def test_a_certificate_swapped_on_disk_is_served_without_a_restart(pki: Path, tmp_path: Path) -> None:
    cert, key = tmp_path / "tls.pem", tmp_path / "tls.key"
    shutil.copy(pki / "server.pem", cert)
    shutil.copy(pki / "server.key", key)
    with _serving(cert, key) as running:
        with _stub(running.port, tls_credentials(pki / "ca.pem")) as stub:
            stub.ListGames(service_pb2.ListGamesRequest(), timeout=5)
        shutil.copy(pki / "server2.key", key)  # a renewal: the key, then the certificate
        shutil.copy(pki / "server2.pem", cert)
        with _stub(running.port, tls_credentials(pki / "other-ca.pem")) as stub:
            assert stub.ListGames(service_pb2.ListGamesRequest(), timeout=5).games
        with _stub(running.port, tls_credentials(pki / "ca.pem")) as stub, pytest.raises(grpc.RpcError):
            stub.ListGames(service_pb2.ListGamesRequest(), timeout=5)
        https = _connect_calls(running.http_port, _https_context(pki / "other-ca.pem"))[0]
        assert https("ListGames", service_pb2.ListGamesRequest(), 5).games
        _https_refused(running.http_port, _https_context(pki / "ca.pem"))


def test_unusable_tls_files_stop_the_start_with_a_clear_error(pki: Path) -> None:
    with pytest.raises(ValueError, match="both a certificate"):
        Config(host="127.0.0.1", port=0, tls_cert=pki / "server.pem")
    with pytest.raises(ValueError, match="not a usable"), _serving(pki / "server.pem", pki / "client.key"):
        pass  # a key of another certificate: the server does not start


def test_the_cli_speaks_tls_with_ca_cert_and_key(pki: Path) -> None:
    with _serving(pki / "server.pem", pki / "server.key", pki / "ca.pem") as running:
        target = ["--target", f"localhost:{running.port}"]
        mutual = ["--ca", str(pki / "ca.pem"), "--cert", str(pki / "client.pem"), "--key", str(pki / "client.key")]
        out, err = io.StringIO(), io.StringIO()
        assert client_main([*target, *mutual, "games"], stdout=out, stderr=err) == 0, err.getvalue()
        assert "citadels" in out.getvalue()
        out, err = io.StringIO(), io.StringIO()
        assert client_main([*target, "--ca", str(pki / "ca.pem"), "games"], stdout=out, stderr=err) == 1
        out, err = io.StringIO(), io.StringIO()
        assert client_main([*target, "--ca", str(pki / "missing.pem"), "games"], stdout=out, stderr=err) == 1
        assert "missing.pem" in err.getvalue()


@contextmanager
def _limited_https(pki: Path) -> Iterator[Any]:
    """An HTTP port of its own over TLS, whose handshakes and requests must come within 1 s, whose idle
    connections close after 1.5 s, and which holds 16 connections at most."""
    limits = HttpLimits(header_seconds=1.0, body_seconds=1.0, idle_seconds=1.5, max_connections=16)
    files = CertificateFiles(TlsFiles(pki / "server.pem", pki / "server.key"))
    servicer = RulesEngineServicer(registry.engines())
    server = start_http(servicer, "127.0.0.1", 0, threads=2, max_message_bytes=64 * 1024, limits=limits, tls=files)
    try:
        yield server
    finally:
        server.stop(0)


def _closed_within(sock: socket.socket, seconds: float) -> float:
    """How long until the server closes ``sock`` (which sends nothing); fails after ``seconds``."""
    started = time.monotonic()
    sock.settimeout(seconds)
    try:
        while sock.recv(4096):
            pass
    except (ConnectionError, ssl.SSLError):
        pass
    return time.monotonic() - started


def test_a_silent_connection_is_closed_before_and_after_the_handshake(pki: Path) -> None:
    with _limited_https(pki) as server:
        with socket.create_connection(("127.0.0.1", server.port)) as silent:  # no handshake at all
            assert _closed_within(silent, 5) < 3
        context = _https_context(pki / "ca.pem")
        with context.wrap_socket(
            socket.create_connection(("127.0.0.1", server.port)), server_hostname="localhost"
        ) as idle:
            assert _closed_within(idle, 5) < 4  # handshake done, no request: the idle limit closes it


def test_the_tls_port_holds_its_connection_limit(pki: Path) -> None:
    with _limited_https(pki) as server:
        held = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(16)]
        try:
            with socket.create_connection(("127.0.0.1", server.port)) as one_more:
                assert _closed_within(one_more, 5) < 1  # closed at once, not queued
        finally:
            for sock in held:
                sock.close()
        https = _connect_calls(server.port, _https_context(pki / "ca.pem"))[0]
        assert https("ListGames", service_pb2.ListGamesRequest(), 5).games
