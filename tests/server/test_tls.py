"""TLS on the gRPC port (server/tls.py): every RPC over TLS and over mutual TLS, clients without the right
certificates refused, and a certificate replaced on disk served to the next connection without a restart.
Certificates are made for each run with the ``openssl`` command."""

from __future__ import annotations

import io
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import grpc
import pytest
from rulesengine.v1 import common_pb2, service_pb2, service_pb2_grpc
from rulesengine_client import tls_credentials
from rulesengine_client.cli import main as client_main

from server.app import start_server
from server.config import Config
from tests.server.helpers import setup


def _openssl(*args: str, cwd: Path) -> None:
    if shutil.which("openssl") is None:
        pytest.fail("these tests make their certificates with the openssl command (Debian's openssl package)")
    subprocess.run(["openssl", *args], cwd=cwd, check=True, capture_output=True)


def _ca(folder: Path, name: str) -> None:
    _openssl("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "2",
             "-subj", f"/CN={name}", "-keyout", f"{name}.key", "-out", f"{name}.pem", cwd=folder)  # fmt: skip


def _leaf(folder: Path, name: str, ca: str, server: bool) -> None:
    """A certificate ``name.pem`` (key ``name.key``) signed by ``ca``; a server's names localhost and 127.0.0.1."""
    _openssl("req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-subj", f"/CN={name}",
             "-keyout", f"{name}.key", "-out", f"{name}.csr", cwd=folder)  # fmt: skip
    usage = "serverAuth" if server else "clientAuth"
    names = "subjectAltName=DNS:localhost,IP:127.0.0.1\n" if server else ""
    (folder / f"{name}.ext").write_text(f"{names}extendedKeyUsage={usage}\n")
    _openssl("x509", "-req", "-in", f"{name}.csr", "-CA", f"{ca}.pem", "-CAkey", f"{ca}.key", "-CAcreateserial",
             "-days", "2", "-extfile", f"{name}.ext", "-out", f"{name}.pem", cwd=folder)  # fmt: skip


@pytest.fixture(scope="module")
def pki(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two CAs; a server certificate from each; a client certificate from the first and from the second."""
    folder = tmp_path_factory.mktemp("pki")
    for ca in ("ca", "other-ca"):
        _ca(folder, ca)
    _leaf(folder, "server", "ca", server=True)
    _leaf(folder, "server2", "other-ca", server=True)
    _leaf(folder, "client", "ca", server=False)
    _leaf(folder, "stranger", "other-ca", server=False)
    return folder


@contextmanager
def _serving(cert: Path, key: Path, client_ca: Path | None = None) -> Iterator[Any]:
    config = Config(host="127.0.0.1", port=0, threads=2, tls_cert=cert, tls_key=key, tls_client_ca=client_ca)
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


def _every_rpc(stub: Any) -> None:
    """Each RPC of the service once, in a short game of Citadels."""
    assert stub.ListGames(service_pb2.ListGamesRequest(), timeout=10).games
    assert stub.DescribeGame(service_pb2.DescribeGameRequest(game_id="citadels"), timeout=10).names
    started = stub.NewGame(service_pb2.NewGameRequest(setup=setup(2)), timeout=10)
    legal = stub.LegalMoves(service_pb2.LegalMovesRequest(state=started.state), timeout=10)
    move = legal.moves[0]
    assert stub.ValidateMove(service_pb2.ValidateMoveRequest(state=started.state, move=move), timeout=10).legal
    after = stub.ApplyMove(service_pb2.ApplyMoveRequest(state=started.state, move=move), timeout=10)
    assert stub.Score(service_pb2.ScoreRequest(state=after.state), timeout=10).score.seats
    seat = common_pb2.Viewer(seat=0)
    assert stub.ViewState(service_pb2.ViewStateRequest(state=after.state, viewer=seat), timeout=10).state.game_id
    record = service_pb2.GameRecord(setup=setup(2), rules_version=started.state.rules_version, moves=[move])
    assert stub.ReplayGame(service_pb2.ReplayGameRequest(record=record), timeout=10).result.legal
    header = service_pb2.ReplayGameStreamRequest(
        header=service_pb2.GameRecord(setup=record.setup, rules_version=record.rules_version)
    )
    items = iter([header, service_pb2.ReplayGameStreamRequest(move=move)])
    assert stub.ReplayGameStream(items, timeout=10).result.legal
    svg = service_pb2.RenderViewRequest(state=after.state, viewer=seat, format=service_pb2.IMAGE_FORMAT_SVG)
    assert stub.RenderView(svg, timeout=10).image.startswith(b"<svg")
    deciding = after.pending.seats[0]
    asked = service_pb2.SuggestMoveRequest(state=after.state, seat=deciding, max_playouts=3, seed=1)
    assert stub.SuggestMove(asked, timeout=60).move.seat == deciding


def test_every_rpc_over_tls_and_a_plaintext_client_is_refused(pki: Path) -> None:
    with _serving(pki / "server.pem", pki / "server.key") as running:
        with _stub(running.port, tls_credentials(pki / "ca.pem")) as stub:
            _every_rpc(stub)
        with _stub(running.port, None) as plain, pytest.raises(grpc.RpcError) as caught:
            plain.ListGames(service_pb2.ListGamesRequest(), timeout=5)
        assert caught.value.code() == grpc.StatusCode.UNAVAILABLE
        untrusting = tls_credentials(pki / "other-ca.pem")  # a client that does not trust the server's CA
        with _stub(running.port, untrusting) as stub, pytest.raises(grpc.RpcError):
            stub.ListGames(service_pb2.ListGamesRequest(), timeout=5)


def test_every_rpc_over_mutual_tls_and_clients_without_the_right_certificate_are_refused(pki: Path) -> None:
    with _serving(pki / "server.pem", pki / "server.key", pki / "ca.pem") as running:
        mine = tls_credentials(pki / "ca.pem", pki / "client.pem", pki / "client.key")
        with _stub(running.port, mine) as stub:
            _every_rpc(stub)
        for refused in (
            tls_credentials(pki / "ca.pem"),  # no client certificate
            tls_credentials(pki / "ca.pem", pki / "stranger.pem", pki / "stranger.key"),  # another CA's
        ):
            with _stub(running.port, refused) as stub, pytest.raises(grpc.RpcError) as caught:
                stub.ListGames(service_pb2.ListGamesRequest(), timeout=5)
            assert caught.value.code() == grpc.StatusCode.UNAVAILABLE


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
