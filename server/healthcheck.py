"""``rules-engine-healthcheck``: ask the server running beside it (same container, same pod) whether it is
SERVING, speaking the way the server listens. The image's ``HEALTHCHECK`` and the Kubernetes exec probes of
``deploy/tls`` run it; exit status 0 only when grpc.health.v1 answers SERVING.

Everything comes from the server's own environment variables, so the check follows the server's settings
without being told twice:

* the port: the file ``RULES_ENGINE_PORT_FILE`` names (the port the server wrote once it listened, so
  ``serve --port N`` is followed too); without that variable, ``RULES_ENGINE_PORT``, else 50051. The address
  is always 127.0.0.1.
* plaintext unless ``RULES_ENGINE_TLS_CERT`` is set. With it, TLS, and the server's certificate must be
  signed by the CA in ``RULES_ENGINE_TLS_HEALTH_CA``; unset, ``ca.crt`` in the certificate's folder (where a
  Kubernetes ``kubernetes.io/tls`` Secret made by cert-manager keeps it); failing that, the system's CAs.
  The name checked against the certificate is ``RULES_ENGINE_TLS_HEALTH_NAME`` (default ``localhost``).
* under mutual TLS (``RULES_ENGINE_TLS_CLIENT_CA`` set) the check presents ``RULES_ENGINE_TLS_HEALTH_CERT``
  and ``RULES_ENGINE_TLS_HEALTH_KEY``; unset, the server's own certificate and key, which the server accepts
  only when the client CA signed them and they may be used by a client (no extended key usage, or one
  listing clientAuth as well as serverAuth).

Serve flags (``serve --tls-cert ...``) are not seen here: in a container, configure TLS by environment.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

DEFAULT_PORT = 50051
DEFAULT_NAME = "localhost"
#: The file beside the certificate that holds its CA in a cert-manager ``kubernetes.io/tls`` Secret.
CA_BESIDE_CERT = "ca.crt"


@dataclass(frozen=True)
class Probe:
    """How to reach the server: its port, and its TLS files when it speaks TLS."""

    port: int
    tls: bool = False
    ca: Path | None = None
    cert: Path | None = None
    key: Path | None = None
    name: str = DEFAULT_NAME


def _path(env: Mapping[str, str], name: str) -> Path | None:
    value = env.get(name, "")
    return Path(value) if value else None


def _port(env: Mapping[str, str]) -> int:
    """The port the server wrote to its port file, else the configured one; ``ValueError`` when unknown."""
    port_file = _path(env, "RULES_ENGINE_PORT_FILE")
    if port_file is None:
        text = env.get("RULES_ENGINE_PORT", "") or str(DEFAULT_PORT)
    else:
        try:
            text = port_file.read_text().strip()
        except OSError as exc:
            raise ValueError(f"the server has not written its port to {port_file} yet ({exc.strerror})") from exc
    if not text.isdigit():
        raise ValueError(f"not a port number: {text!r}")
    return int(text)


def probe_from(env: Mapping[str, str]) -> Probe:
    """The probe the server's environment calls for (see the module's documentation)."""
    port = _port(env)
    server_cert = _path(env, "RULES_ENGINE_TLS_CERT")
    if server_cert is None:
        return Probe(port)
    ca = _path(env, "RULES_ENGINE_TLS_HEALTH_CA")
    if ca is None and (server_cert.parent / CA_BESIDE_CERT).is_file():
        ca = server_cert.parent / CA_BESIDE_CERT
    cert, key = _path(env, "RULES_ENGINE_TLS_HEALTH_CERT"), _path(env, "RULES_ENGINE_TLS_HEALTH_KEY")
    if (cert is None) != (key is None):
        raise ValueError("RULES_ENGINE_TLS_HEALTH_CERT and RULES_ENGINE_TLS_HEALTH_KEY go together")
    if cert is None and _path(env, "RULES_ENGINE_TLS_CLIENT_CA") is not None:
        cert, key = server_cert, _path(env, "RULES_ENGINE_TLS_KEY")
    name = env.get("RULES_ENGINE_TLS_HEALTH_NAME", "") or DEFAULT_NAME
    return Probe(port, tls=True, ca=ca, cert=cert, key=key, name=name)


def _channel(probe: Probe) -> grpc.Channel:
    target = f"127.0.0.1:{probe.port}"
    if not probe.tls:
        return grpc.insecure_channel(target)
    credentials = grpc.ssl_channel_credentials(
        root_certificates=probe.ca.read_bytes() if probe.ca else None,
        private_key=probe.key.read_bytes() if probe.key else None,
        certificate_chain=probe.cert.read_bytes() if probe.cert else None,
    )
    # Connect to 127.0.0.1 (this server, not another pod behind a Service) but check the certificate's name.
    return grpc.secure_channel(target, credentials, options=[("grpc.ssl_target_name_override", probe.name)])


def check(probe: Probe, timeout: float) -> str:
    """The server's grpc.health.v1 status name (``SERVING``, ...); ``grpc.RpcError`` when the call fails."""
    with _channel(probe) as channel:
        answer = health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest(), timeout=timeout)
    return str(health_pb2.HealthCheckResponse.ServingStatus.Name(answer.status))


def main(argv: Sequence[str] | None = None, env: Mapping[str, str] | None = None) -> int:
    """Print the server's status; exit 0 only when it is SERVING, 1 otherwise (the reason on stderr)."""
    parser = argparse.ArgumentParser(
        prog="rules-engine-healthcheck", description="Exit 0 when the server beside it is SERVING."
    )
    parser.add_argument("--timeout", type=float, default=3.0, help="seconds to wait (default: %(default)s)")
    args = parser.parse_args(argv)
    try:
        probe = probe_from(os.environ if env is None else env)
        status = check(probe, args.timeout)
    except (OSError, ValueError) as exc:
        print(f"rules-engine-healthcheck: {exc}", file=sys.stderr)
        return 1
    except grpc.RpcError as exc:
        code, details = exc.code(), exc.details()  # type: ignore[attr-defined]
        print(f"rules-engine-healthcheck: {code.name if code else 'UNKNOWN'}: {details}", file=sys.stderr)
        return 1
    print(status)
    return 0 if status == "SERVING" else 1


if __name__ == "__main__":
    raise SystemExit(main())
