"""TLS on both ports: a certificate and key from files, optionally a client CA for mutual TLS, and the
files read again when they change on disk, so a renewed certificate is served without a restart.

gRPC asks for the certificate at every new connection's handshake (``dynamic_ssl_server_credentials``), and
the HTTP port's TLS front (``server.http_tls``) asks for an ``ssl`` context at every new connection;
``CertificateFiles`` reads the files again only when a file was replaced (its inode, as when Kubernetes
swaps a mounted Secret) or its size or modification time changed since they were last read, so a handshake
costs one ``stat`` per file. A file caught half-written (the new certificate and the old key, or a PEM that
does not parse) is not served: the certificate that worked stays until the files agree again.
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


def _stamp(path: Path) -> tuple[int, int, int]:
    info = path.stat()
    return info.st_ino, info.st_mtime_ns, info.st_size


def server_context(cert: bytes, key: bytes, client_ca: bytes | None) -> ssl.SSLContext:
    """A server-side ``ssl`` context serving ``cert`` and ``key`` (PEM), requiring a client certificate signed
    by ``client_ca`` when given; ``ValueError`` unless they are a matching pair and PEM certificates."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.set_alpn_protocols(["http/1.1"])
    with tempfile.TemporaryDirectory() as folder:
        cert_file, key_file = Path(folder, "cert.pem"), Path(folder, "key.pem")
        cert_file.write_bytes(cert)
        key_file.write_bytes(key)
        try:
            context.load_cert_chain(cert_file, key_file)
            if client_ca is not None:
                context.load_verify_locations(cadata=client_ca.decode("ascii", "replace"))
                context.verify_mode = ssl.CERT_REQUIRED
        except (ssl.SSLError, ValueError) as exc:
            raise ValueError(f"the TLS certificate, key or client CA is not usable: {exc}") from exc
    return context


@dataclass(frozen=True)
class _Loaded:
    """The files as last read: for gRPC, and as an ``ssl`` context for the HTTP port."""

    generation: int
    grpc: grpc.ServerCertificateConfiguration
    context: ssl.SSLContext


class CertificateFiles:
    """The TLS files of a server, read again when they change (both ports ask, each at a new connection)."""

    def __init__(self, files: TlsFiles) -> None:
        self._files = files
        self._lock = threading.Lock()
        self._stamps: tuple[tuple[int, int, int], ...] = ()
        self.loads = 0
        loaded = self._read()
        if loaded is None:
            raise ValueError(f"the TLS files {files.cert} and {files.key} are not a usable certificate and key")
        self._loaded = loaded
        self._initial = loaded.grpc
        self._served_to_grpc = loaded.generation

    def _paths(self) -> tuple[Path, ...]:
        f = self._files
        return (f.cert, f.key) + ((f.client_ca,) if f.client_ca is not None else ())

    def _read(self) -> _Loaded | None:
        """The files as they are now, or ``None`` when they do not make a usable certificate."""
        try:
            stamps = tuple(_stamp(p) for p in self._paths())
            cert, key = self._files.cert.read_bytes(), self._files.key.read_bytes()
            ca = self._files.client_ca.read_bytes() if self._files.client_ca is not None else None
            context = server_context(cert, key, ca)
        except (OSError, ValueError) as exc:
            _log.warning("tls_files_unusable", error=str(exc))
            return None
        self._stamps = stamps
        self.loads += 1
        configuration = grpc.ssl_server_certificate_configuration([(key, cert)], root_certificates=ca)
        return _Loaded(self.loads, configuration, context)

    def _current(self) -> _Loaded:
        """The files as last read, read again first if one changed on disk since (one ``stat`` per file)."""
        with self._lock:
            try:
                stamps = tuple(_stamp(p) for p in self._paths())
            except OSError:
                return self._loaded
            if stamps != self._stamps:
                found = self._read()
                if found is not None:
                    _log.info("tls_reloaded", cert=str(self._files.cert), loads=self.loads)
                    self._loaded = found
            return self._loaded

    def fetch(self) -> grpc.ServerCertificateConfiguration | None:
        """gRPC's fetcher: a new configuration when the files changed since gRPC was last given one, else
        ``None`` (keep the current one)."""
        loaded = self._current()
        with self._lock:
            if loaded.generation == self._served_to_grpc:
                return None
            self._served_to_grpc = loaded.generation
        return loaded.grpc

    def ssl_context(self) -> ssl.SSLContext:
        """The ``ssl`` context of the files as they are now (the HTTP port's, for a new connection)."""
        return self._current().context

    def credentials(self) -> grpc.ServerCredentials:
        """Server credentials that serve the files and follow their changes; a client certificate signed
        by the client CA is required when one is configured."""
        return grpc.dynamic_ssl_server_credentials(
            self._initial, self.fetch, require_client_authentication=self._files.client_ca is not None
        )
