"""``rules-engine-healthcheck`` (server/healthcheck.py), the image's HEALTHCHECK and the exec probes of
deploy/tls: it follows the server's own settings, plaintext, TLS and mutual TLS, against real servers."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from server import healthcheck
from server.app import start_server
from server.config import Config
from tests.pki import make_ca, make_leaf


@pytest.fixture(scope="module")
def pki(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A CA; a server certificate for servers and clients, one for servers only; a client certificate."""
    folder = tmp_path_factory.mktemp("pki")
    make_ca(folder, "ca")
    make_leaf(folder, "both", "ca", "serverAuth,clientAuth")
    make_leaf(folder, "server-only", "ca", "serverAuth")
    make_leaf(folder, "client", "ca", "clientAuth", server=False)
    return folder


def _secret_folder(pki: Path, folder: Path, leaf: str) -> Path:
    """``folder`` laid out as a mounted kubernetes.io/tls Secret: tls.crt, tls.key and ca.crt."""
    folder.mkdir()
    shutil.copy(pki / f"{leaf}.pem", folder / "tls.crt")
    shutil.copy(pki / f"{leaf}.key", folder / "tls.key")
    shutil.copy(pki / "ca.pem", folder / "ca.crt")
    return folder


@contextmanager
def _server(
    port_file: Path, cert: Path | None = None, key: Path | None = None, ca: Path | None = None
) -> Iterator[None]:
    config = Config(host="127.0.0.1", port=0, threads=2, tls_cert=cert, tls_key=key, tls_client_ca=ca)
    running = start_server(config)
    port_file.write_text(f"{running.port}\n")
    try:
        yield
    finally:
        running.stop(None)


def _run(env: dict[str, str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """The health check's exit status and what it printed (stdout, then stderr)."""
    status = healthcheck.main(["--timeout", "5"], env)
    out, err = capsys.readouterr()
    return status, out + err


def test_plaintext_follows_the_port_file_and_fails_without_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    port_file = tmp_path / "port"
    env = {"RULES_ENGINE_PORT_FILE": str(port_file), "RULES_ENGINE_PORT": "1"}
    with _server(port_file):
        assert _run(env, capsys) == (0, "SERVING\n")
    assert _run(env, capsys)[0] == 1  # stopped: nobody listens on the port any more
    port_file.unlink()
    status, said = _run(env, capsys)
    assert status == 1 and "has not written its port" in said


def test_tls_trusts_the_ca_beside_the_certificate_or_the_one_named(
    pki: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    secret, port_file = _secret_folder(pki, tmp_path / "tls", "server-only"), tmp_path / "port"
    env = {
        "RULES_ENGINE_PORT_FILE": str(port_file),
        "RULES_ENGINE_TLS_CERT": str(secret / "tls.crt"),
        "RULES_ENGINE_TLS_KEY": str(secret / "tls.key"),
    }
    with _server(port_file, secret / "tls.crt", secret / "tls.key"):
        assert _run(env, capsys) == (0, "SERVING\n")  # ca.crt beside tls.crt
        assert _run({}, capsys)[0] == 1  # a plaintext check of a TLS port fails
        assert _run({**env, "RULES_ENGINE_TLS_HEALTH_NAME": "elsewhere.example"}, capsys)[0] == 1
        (secret / "ca.crt").unlink()
        assert _run(env, capsys)[0] == 1  # the system's CAs did not sign it
        assert _run({**env, "RULES_ENGINE_TLS_HEALTH_CA": str(pki / "ca.pem")}, capsys) == (0, "SERVING\n")


def test_mutual_tls_presents_the_servers_certificate_or_the_one_named(
    pki: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    port_file = tmp_path / "port"
    for leaf in ("both", "server-only"):
        secret = _secret_folder(pki, tmp_path / leaf, leaf)
        env = {
            "RULES_ENGINE_PORT_FILE": str(port_file),
            "RULES_ENGINE_TLS_CERT": str(secret / "tls.crt"),
            "RULES_ENGINE_TLS_KEY": str(secret / "tls.key"),
            "RULES_ENGINE_TLS_CLIENT_CA": str(secret / "ca.crt"),
        }
        with _server(port_file, secret / "tls.crt", secret / "tls.key", secret / "ca.crt"):
            named = {"RULES_ENGINE_TLS_HEALTH_CERT": str(pki / "client.pem")}
            status, said = _run({**env, **named}, capsys)
            assert status == 1 and "go together" in said
            named["RULES_ENGINE_TLS_HEALTH_KEY"] = str(pki / "client.key")
            assert _run({**env, **named}, capsys) == (0, "SERVING\n")
            # By default the server's own certificate: accepted only when it may serve a client too.
            assert _run(env, capsys)[0] == (0 if leaf == "both" else 1), leaf
