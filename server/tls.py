"""TLS on the gRPC port: a certificate and key from files, optionally a client CA for mutual TLS, and the
files read again when they change on disk, so a renewed certificate is served without a restart.

gRPC asks for the certificate at every new connection's handshake (``dynamic_ssl_server_credentials``);
``CertificateFiles.fetch`` answers a new configuration only when a file's size or modification time
changed since it was last read, so a handshake costs one ``stat`` per file. A file caught half-written
(the new certificate and the old key, or a PEM that does not parse) is not served: the certificate that
worked stays until the files agree again.
"""

from __future__ import annotations

import ssl
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

import grpc
import structlog

_log = structlog.get_logger("rules_engine")


@dataclass(frozen=True)
class TlsFiles:
    """Where the server's certificate chain, its key and (for mutual TLS) the clients' CA live."""

    cert: Path
    key: Path
    client_ca: Path | None = None


def _stamp(path: Path) -> tuple[int, int]:
    info = path.stat()
    return info.st_mtime_ns, info.st_size


def check_pair(cert: bytes, key: bytes, client_ca: bytes | None) -> None:
    """Raise ``ValueError`` unless ``cert`` and ``key`` are a matching PEM pair and ``client_ca`` PEM
    certificates (checked with the ``ssl`` module, as a handshake would)."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    with tempfile.TemporaryDirectory() as folder:
        cert_file, key_file = Path(folder, "cert.pem"), Path(folder, "key.pem")
        cert_file.write_bytes(cert)
        key_file.write_bytes(key)
        try:
            context.load_cert_chain(cert_file, key_file)
            if client_ca is not None:
                context.load_verify_locations(cadata=client_ca.decode("ascii", "replace"))
        except (ssl.SSLError, ValueError) as exc:
            raise ValueError(f"the TLS certificate, key or client CA is not usable: {exc}") from exc


class CertificateFiles:
    """The TLS files of a server, read when they change."""

    def __init__(self, files: TlsFiles) -> None:
        self._files = files
        self._lock = threading.Lock()
        self._stamps: tuple[tuple[int, int], ...] = ()
        self.loads = 0
        self._initial = self._read()
        if self._initial is None:
            raise ValueError(f"the TLS files {files.cert} and {files.key} are not a usable certificate and key")

    def _paths(self) -> tuple[Path, ...]:
        f = self._files
        return (f.cert, f.key) + ((f.client_ca,) if f.client_ca is not None else ())

    def _read(self) -> grpc.ServerCertificateConfiguration | None:
        """The configuration of the files as they are now, or ``None`` when they do not make one."""
        try:
            stamps = tuple(_stamp(p) for p in self._paths())
            cert, key = self._files.cert.read_bytes(), self._files.key.read_bytes()
            ca = self._files.client_ca.read_bytes() if self._files.client_ca is not None else None
            check_pair(cert, key, ca)
        except (OSError, ValueError) as exc:
            _log.warning("tls_files_unusable", error=str(exc))
            return None
        self._stamps = stamps
        self.loads += 1
        return grpc.ssl_server_certificate_configuration([(key, cert)], root_certificates=ca)

    def fetch(self) -> grpc.ServerCertificateConfiguration | None:
        """gRPC's fetcher: a new configuration when a file changed on disk since it was read, else ``None``
        (keep the current one)."""
        with self._lock:
            try:
                stamps = tuple(_stamp(p) for p in self._paths())
            except OSError:
                return None
            if stamps == self._stamps:
                return None
            found = self._read()
            if found is not None:
                _log.info("tls_reloaded", cert=str(self._files.cert), loads=self.loads)
            return found

    def credentials(self) -> grpc.ServerCredentials:
        """Server credentials that serve the files and follow their changes; a client certificate signed
        by the client CA is required when one is configured."""
        return grpc.dynamic_ssl_server_credentials(
            self._initial, self.fetch, require_client_authentication=self._files.client_ca is not None
        )
