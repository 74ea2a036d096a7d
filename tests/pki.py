"""Certificates for TLS tests, made with the ``openssl`` command (Debian's openssl package): a CA, and
certificates it signs for a server (names localhost and 127.0.0.1) or a client."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

_EC = ("-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes")


def openssl(*args: str, cwd: Path) -> None:
    """Run ``openssl args`` in ``cwd``; fails the test (not skips it) when openssl is missing."""
    if shutil.which("openssl") is None:
        pytest.fail("these tests make their certificates with the openssl command (Debian's openssl package)")
    subprocess.run(["openssl", *args], cwd=cwd, check=True, capture_output=True)


def make_ca(folder: Path, name: str) -> Path:
    """A self-signed CA: ``name.pem`` and ``name.key`` in ``folder``; returns the certificate's path."""
    openssl("req", "-x509", *_EC, "-days", "2", "-subj", f"/CN={name}", "-keyout", f"{name}.key",
            "-out", f"{name}.pem", cwd=folder)  # fmt: skip
    return folder / f"{name}.pem"


def make_leaf(folder: Path, name: str, ca: str, usages: str, server: bool = True) -> Path:
    """A certificate ``name.pem`` (key ``name.key``) signed by ``ca``, with the extended key ``usages`` (e.g.
    ``serverAuth,clientAuth``); a server's names localhost and 127.0.0.1. Returns the certificate's path."""
    openssl("req", *_EC, "-subj", f"/CN={name}", "-keyout", f"{name}.key", "-out", f"{name}.csr", cwd=folder)
    names = "subjectAltName=DNS:localhost,IP:127.0.0.1\n" if server else ""
    (folder / f"{name}.ext").write_text(f"{names}extendedKeyUsage={usages}\n")
    openssl("x509", "-req", "-in", f"{name}.csr", "-CA", f"{ca}.pem", "-CAkey", f"{ca}.key", "-CAcreateserial",
            "-days", "2", "-extfile", f"{name}.ext", "-out", f"{name}.pem", cwd=folder)  # fmt: skip
    return folder / f"{name}.pem"
