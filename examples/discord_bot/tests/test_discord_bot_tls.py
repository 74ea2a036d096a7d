"""The bot over TLS: ``--ca``, ``--cert`` and ``--key`` (or ``RULES_ENGINE_TLS``) reach a rules service
speaking mutual TLS, with certificates made here by the ``openssl`` command; plaintext stays the default."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import discord_app
import pytest
from conftest import running_server
from rulesengine_client import RulesEngineError, tls_credentials


def _openssl(folder: Path, *args: str) -> None:
    if shutil.which("openssl") is None:
        pytest.fail("this test makes its certificates with the openssl command (Debian's openssl package)")
    subprocess.run(["openssl", *args], cwd=folder, check=True, capture_output=True)


def _pki(folder: Path) -> None:
    """ca.pem; server.pem for 127.0.0.1 and client.pem, both signed by it (each with its .key)."""
    ec = ("-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes")
    _openssl(folder, "req", "-x509", *ec, "-days", "1", "-subj", "/CN=ca", "-keyout", "ca.key", "-out", "ca.pem")
    for name, extensions in (
        ("server", "subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth\n"),
        ("client", "extendedKeyUsage=clientAuth\n"),
    ):
        (folder / f"{name}.ext").write_text(extensions)
        _openssl(folder, "req", *ec, "-subj", f"/CN={name}", "-keyout", f"{name}.key", "-out", f"{name}.csr")
        _openssl(folder, "x509", "-req", "-in", f"{name}.csr", "-CA", "ca.pem", "-CAkey", "ca.key",
                 "-CAcreateserial", "-days", "1", "-extfile", f"{name}.ext", "-out", f"{name}.pem")  # fmt: skip


def test_the_bot_plays_against_a_service_speaking_mutual_tls(tmp_path: Path) -> None:
    _pki(tmp_path)
    ca, cert, key = (str(tmp_path / name) for name in ("ca.pem", "client.pem", "client.key"))
    flags = ["--tls-cert", str(tmp_path / "server.pem"), "--tls-key", str(tmp_path / "server.key")]
    flags += ["--tls-client-ca", ca]
    with running_server(tmp_path / "server.log", flags, tls_credentials(ca, cert, key)) as target:
        env = {"DISCORD_TOKEN": "x", "RULES_ENGINE_TARGET": target, "RULES_BOT_DATABASE": str(tmp_path / "g.db")}
        config = discord_app.Config.from_env(env).with_arguments(["--ca", ca, "--cert", cert, "--key", key])
        bot = config.bot()
        assert "citadels" in bot.game_ids()
        (reply,) = bot.list_games(1, 2)
        assert "citadels" in reply.text.lower()
        plain = discord_app.Config.from_env(env).with_arguments([])
        assert plain.credentials() is None
        with pytest.raises(RulesEngineError):
            plain.bot().game_ids()
        no_certificate = discord_app.Config.from_env({**env, "RULES_ENGINE_TLS": "1"}).with_arguments(["--ca", ca])
        with pytest.raises(RulesEngineError):
            no_certificate.bot().game_ids()


def test_cert_and_key_go_together() -> None:
    with pytest.raises(SystemExit):
        discord_app.Config(token="x").with_arguments(["--cert", "me.pem"])
    assert discord_app.Config(token="x").with_arguments(["--tls"]).credentials() is not None
