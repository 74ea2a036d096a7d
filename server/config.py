"""Server configuration: command-line flags, each with an environment-variable fallback.

A value comes from its flag, else from ``RULES_ENGINE_<NAME>`` (e.g. ``RULES_ENGINE_PORT``),
else from the default. The signing key is never a flag (flags show in ``ps``): it comes from
``RULES_ENGINE_SIGNING_KEY`` or from the file named by ``--signing-key-file`` /
``RULES_ENGINE_SIGNING_KEY_FILE``; keys with ids, for rotation, from the files of ``--signing-keys-dir``.
"""

from __future__ import annotations

import argparse
import dataclasses
from collections.abc import Mapping
from pathlib import Path

from server.logs import LogFormat
from server.signing import MIN_KEY_BYTES, Signer, SigningKey
from server.workers import spare_cpus

ENV_PREFIX = "RULES_ENGINE_"
LOG_LEVELS = ("debug", "info", "warning", "error")


@dataclasses.dataclass(frozen=True)
class Config:
    """Everything ``rules-engine serve`` needs."""

    host: str = "[::]"
    """Address to listen on."""
    port: int = 50051
    """Port to listen on; 0 picks a free one (logged at start-up)."""
    workers: int = 1
    """Worker processes sharing the port (SO_REUSEPORT), to use every core."""
    threads: int = 8
    """gRPC handler threads per worker."""
    log_format: LogFormat = "json"
    """``json`` lines, or ``console`` for people."""
    log_level: str = "info"
    """The lowest level logged."""
    max_message_bytes: int = 4 * 1024 * 1024
    """Largest message received or sent; larger ones fail with RESOURCE_EXHAUSTED."""
    signing_key: bytes | None = dataclasses.field(default=None, repr=False)
    """HMAC key without an id: every returned state is signed when set (and no ``signing_keys`` are)."""
    signing_keys: tuple[SigningKey, ...] = dataclasses.field(default=(), repr=False)
    """HMAC keys with ids, the newest first: it signs, and every one of them (and ``signing_key``) verifies."""
    require_signed: bool = False
    """Refuse unsigned or badly signed states (PERMISSION_DENIED); needs a signing key."""
    grace_seconds: float = 10.0
    """On SIGTERM, how long running RPCs may finish before they are cancelled."""
    state_memo: int = 2048
    """States remembered per worker so that sending one back skips decoding (0 = off)."""
    state_memo_bytes: int = 64 * 1024 * 1024
    """The memory those remembered states may take per worker (an estimate; 0 = off)."""
    content_dir: Path | None = None
    tls_cert: Path | None = None
    """The gRPC port's TLS certificate chain (PEM); with ``tls_key``, the port speaks TLS only."""
    tls_key: Path | None = None
    """The private key of ``tls_cert`` (PEM)."""
    tls_client_ca: Path | None = None
    """CA certificates (PEM) a client's certificate must be signed by: mutual TLS."""
    """Content packs: ``<dir>/<game_id>/`` replaces that game's shipped content files."""
    http_port: int | None = None
    """Port of the HTTP transport (Connect, JSON or binary, and gRPC-Web); ``None`` = off, 0 = any free."""
    http_cors_origins: tuple[str, ...] = ()
    metrics_port: int | None = None
    """A port of its own serving the Prometheus metrics of every worker (``server.metrics``) from the parent
    process; ``None`` = off (the HTTP port's ``/metrics`` serves them too), 0 = any free."""
    """Browser origins the HTTP port answers CORS requests from (``*`` = any); none by default."""
    port_file: Path | None = None
    """Where to write the gRPC port the server listens on once it does (a container's health check reads
    it, so it follows ``--port``, 0 included); ``None`` = nowhere."""
    heavy_threads: int = 2
    """Threads per worker for the calls that may take seconds (RenderView, ReplayGame, ReplayGameStream),
    apart from the ``threads`` that answer the calls of play."""
    heavy_queue: int = 8
    """Such calls that may wait for one of those threads; past that one is refused at once
    (RESOURCE_EXHAUSTED with a retry delay)."""
    tracing: bool = False
    """Every call of the gRPC port a span, sent by OpenTelemetry's OTLP exporter (``server.tracing``)."""
    cheap_queue: int = 64
    """Calls of play that may wait for one of the ``threads`` (those with a request over 64 KiB; smaller
    ones are answered on the event loop); past that one is refused at once (RESOURCE_EXHAUSTED with a retry
    delay), so a burst of large requests is shed rather than queued without bound."""
    picture_processes: int = 1
    """Processes per worker that draw PNGs (at a lower CPU priority than the server's)."""
    max_picture_pixels: int = 16 * 1024 * 1024
    """The most pixels one PNG may have (width x height at its scale); a larger one is refused."""
    search_processes: int = 1
    """Processes per worker that search for SuggestMove (at a lower CPU priority than the server's); as many
    searches run at once, and one more is refused at once (RESOURCE_EXHAUSTED with a retry delay)."""
    search_millis: int = 1000
    """A search's time when its request names none (``max_millis`` 0)."""
    max_search_millis: int = 10_000
    """The most time one search may take, whatever its request asks."""
    max_search_playouts: int = 100_000
    """The most playouts one search may make, whatever its request asks."""
    search_cpus: str = "spare"
    """The CPUs the searching processes may run on: ``spare`` (every CPU but the first, when there are two or
    more: one is left to the calls of play), ``all``, or a comma-separated list of CPU numbers."""
    picture_cpus: str = "spare"
    """The CPUs the drawing processes may run on, named as ``search_cpus`` are."""
    stream_idle_seconds: float = 10.0
    """How long a client stream (ReplayGameStream) may send nothing before it is closed."""
    max_streams: int = 16
    """Client streams open at once per worker; past that a new one is refused at once."""

    def all_signing_keys(self) -> tuple[SigningKey, ...]:
        """Every key the server holds, the one that signs first: the newest key with an id, else the key
        without one (which, beside keys with ids, still verifies the states signed before the rotation)."""
        keys = self.signing_keys + ((SigningKey("", self.signing_key),) if self.signing_key is not None else ())
        if keys:
            Signer(keys)  # no id twice
        return keys

    def __post_init__(self) -> None:
        if not 0 <= self.port <= 65535:
            raise ValueError(f"port must be 0..65535, got {self.port}")
        if self.workers < 1 or self.threads < 1:
            raise ValueError("workers and threads must be at least 1")
        if self.max_message_bytes < 1024:
            raise ValueError(f"max message size must be at least 1024 bytes, got {self.max_message_bytes}")
        if self.log_level not in LOG_LEVELS:
            raise ValueError(f"log level must be one of {', '.join(LOG_LEVELS)}")
        if self.signing_key is not None and len(self.signing_key) < MIN_KEY_BYTES:
            raise ValueError(f"the signing key must be at least {MIN_KEY_BYTES} bytes")
        if self.require_signed and not self.all_signing_keys():
            raise ValueError("require-signed needs a signing key (RULES_ENGINE_SIGNING_KEY or --signing-key-file)")
        self.all_signing_keys()  # every key valid, no id twice
        if (self.tls_cert is None) != (self.tls_key is None):
            raise ValueError("TLS needs both a certificate (--tls-cert) and its key (--tls-key)")
        if self.tls_client_ca is not None and self.tls_cert is None:
            raise ValueError("--tls-client-ca (mutual TLS) needs --tls-cert and --tls-key")
        if self.grace_seconds < 0:
            raise ValueError("the grace period cannot be negative")
        if self.state_memo < 0 or self.state_memo_bytes < 0:
            raise ValueError("the state memo size cannot be negative")
        if self.http_port is not None and not 0 <= self.http_port <= 65535:
            raise ValueError(f"http port must be 0..65535, got {self.http_port}")
        if self.metrics_port is not None and not 0 <= self.metrics_port <= 65535:
            raise ValueError(f"metrics port must be 0..65535, got {self.metrics_port}")
        if min(self.heavy_threads, self.picture_processes, self.max_streams) < 1:
            raise ValueError("heavy threads, picture processes and max streams must be at least 1")
        if self.heavy_queue < 0 or self.cheap_queue < 0:
            raise ValueError(f"a queue cannot be negative, got {self.heavy_queue} and {self.cheap_queue}")
        if self.search_processes < 1:
            raise ValueError(f"search processes must be at least 1, got {self.search_processes}")
        if not 1 <= self.search_millis <= self.max_search_millis:
            raise ValueError(
                f"the search time must be 1..{self.max_search_millis} ms (--max-search-millis),"
                f" got {self.search_millis}"
            )
        _cpus(self.search_cpus, "search")
        _cpus(self.picture_cpus, "picture")
        if self.max_search_playouts < 1:
            raise ValueError(f"the most playouts must be at least 1, got {self.max_search_playouts}")
        if self.max_picture_pixels < 1024 * 1024:
            raise ValueError(f"the pixel budget must be at least 1048576 pixels, got {self.max_picture_pixels}")
        if not self.stream_idle_seconds > 0:
            raise ValueError(f"the stream idle time must be positive, got {self.stream_idle_seconds}")
        if self.content_dir is not None and not self.content_dir.is_dir():
            raise ValueError(f"the content directory {self.content_dir} does not exist")


def _cpus(value: str, pool: str) -> frozenset[int] | None:
    """The CPUs ``--search-cpus`` or ``--picture-cpus`` (``pool``: search or picture) names (``None``: any);
    ``ValueError`` for a value it cannot be."""
    if value in ("spare", "all"):
        return None
    try:
        cpus = frozenset(int(part) for part in value.split(",") if part.strip())
    except ValueError:
        cpus = frozenset()
    if not cpus or min(cpus) < 0:
        raise ValueError(f"{pool} CPUs must be spare, all or CPU numbers like 1,2; got {value!r}")
    return cpus


def worker_cpus(value: str, pool: str) -> frozenset[int] | None:
    """The CPUs a pool of worker processes may run on (``None``: any), from a ``--search-cpus`` or
    ``--picture-cpus`` value (``pool``: search or picture)."""
    return spare_cpus() if value == "spare" else _cpus(value, pool)


def search_cpus(config: Config) -> frozenset[int] | None:
    """The CPUs the searching processes may run on (``None``: any), from ``config.search_cpus``."""
    return worker_cpus(config.search_cpus, "search")


def picture_cpus(config: Config) -> frozenset[int] | None:
    """The CPUs the drawing processes may run on (``None``: any), from ``config.picture_cpus``: by default
    every CPU but the first, so that eight large PNGs drawn back to back leave ApplyMove's p99 within 1.5
    times its idle value on a two-CPU machine (bench/picture_load: 1.8 times with the drawing process free
    to run on either CPU, even at the lowest priority)."""
    return worker_cpus(config.picture_cpus, "picture")


def _env_bool(value: str) -> bool:
    lowered = value.strip().lower()
    if lowered in ("1", "true", "yes", "on"):
        return True
    if lowered in ("0", "false", "no", "off", ""):
        return False
    raise ValueError(f"not a boolean: {value!r}")


def _http_port(value: object) -> int | None:
    """A ``--http-port`` (or ``--metrics-port``) value: a port number, or ``off`` / empty for no such port."""
    text = str(value).strip().lower() if value is not None else "off"
    return None if text in ("", "off", "none") else int(text)


def _origins(value: object) -> tuple[str, ...]:
    """A comma-separated list of origins as a tuple (empty: none)."""
    return tuple(part.strip() for part in str(value or "").split(",") if part.strip())


def add_arguments(parser: argparse.ArgumentParser, env: Mapping[str, str]) -> None:
    """Add the serve flags to ``parser``; defaults come from ``env``, then from ``Config``."""
    defaults = Config()

    def env_or(name: str, default: object) -> object:
        return env.get(ENV_PREFIX + name, default)

    parser.add_argument("--host", default=env_or("HOST", defaults.host), help="address to listen on (%(default)s)")
    parser.add_argument(
        "--port", type=int, default=env_or("PORT", defaults.port), help="port; 0 = any free (%(default)s)"
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=env_or("WORKERS", defaults.workers),
        help="worker processes (%(default)s)",
    )
    parser.add_argument(
        "--threads",
        type=int,
        default=env_or("THREADS", defaults.threads),
        help="threads per worker (%(default)s)",
    )
    parser.add_argument(
        "--log-format",
        choices=("json", "console"),
        default=env_or("LOG_FORMAT", defaults.log_format),
        help="log format (%(default)s)",
    )
    parser.add_argument(
        "--log-level",
        choices=LOG_LEVELS,
        default=env_or("LOG_LEVEL", defaults.log_level),
        help="(%(default)s)",
    )
    parser.add_argument(
        "--max-message-bytes",
        type=int,
        default=env_or("MAX_MESSAGE_BYTES", defaults.max_message_bytes),
        help="largest message received or sent (%(default)s)",
    )
    parser.add_argument(
        "--signing-key-file",
        type=Path,
        default=env_or("SIGNING_KEY_FILE", None),
        help="file holding the HMAC key that signs states (or set RULES_ENGINE_SIGNING_KEY)",
    )
    parser.add_argument(
        "--signing-keys-dir",
        type=Path,
        default=env_or("SIGNING_KEYS_DIR", None),
        help="folder of HMAC keys with ids, for rotation: each file is a key, its name the key id; the "
        "greatest name signs, every key verifies (docs/integrity.md)",
    )
    parser.add_argument(
        "--require-signed",
        action=argparse.BooleanOptionalAction,
        default=env.get(ENV_PREFIX + "REQUIRE_SIGNED", False),
        help="accept only states this server signed",
    )
    parser.add_argument(
        "--tracing",
        action=argparse.BooleanOptionalAction,
        default=env.get(ENV_PREFIX + "TRACING", False),
        help="a span per gRPC call, sent by OpenTelemetry (OTLP; OTEL_* variables; needs the tracing extra)",
    )
    parser.add_argument(
        "--grace-seconds",
        type=float,
        default=env_or("GRACE_SECONDS", defaults.grace_seconds),
        help="grace period on SIGTERM (%(default)s)",
    )
    for flag, what in (
        ("tls-cert", "PEM certificate chain: the gRPC port speaks TLS (reloaded when the file changes)"),
        ("tls-key", "PEM private key of --tls-cert (never a flag's value: a file readable by the server only)"),
        ("tls-client-ca", "PEM CA certificates: clients must present a certificate they signed (mutual TLS)"),
    ):
        parser.add_argument(
            f"--{flag}", type=Path, default=env_or(flag.upper().replace("-", "_"), None), metavar="FILE", help=what
        )
    parser.add_argument(
        "--content-dir",
        type=Path,
        default=env_or("CONTENT_DIR", None),
        help="directory of content packs, one sub-directory per game id (shipped content otherwise)",
    )
    parser.add_argument(
        "--state-memo",
        type=int,
        default=env_or("STATE_MEMO", defaults.state_memo),
        help="decoded states remembered per worker, 0 = off (%(default)s)",
    )
    parser.add_argument(
        "--state-memo-bytes",
        type=int,
        default=env_or("STATE_MEMO_BYTES", defaults.state_memo_bytes),
        help="memory the remembered states may take per worker, 0 = off (%(default)s)",
    )
    parser.add_argument(
        "--http-port",
        default=env_or("HTTP_PORT", "off"),
        help="port serving the same RPCs over HTTP (Connect JSON/binary, gRPC-Web); 0 = any free (%(default)s)",
    )
    parser.add_argument(
        "--metrics-port",
        default=env_or("METRICS_PORT", "off"),
        help="port of its own serving the Prometheus metrics of every worker at /metrics; 0 = any free (%(default)s)",
    )
    parser.add_argument(
        "--port-file",
        type=Path,
        default=env_or("PORT_FILE", None),
        help="write the gRPC port listened on to this file once serving (for health checks)",
    )
    parser.add_argument(
        "--heavy-threads",
        type=int,
        default=env_or("HEAVY_THREADS", defaults.heavy_threads),
        help="threads per worker for RenderView and whole-game replays (%(default)s)",
    )
    parser.add_argument(
        "--heavy-queue",
        type=int,
        default=env_or("HEAVY_QUEUE", defaults.heavy_queue),
        help="such calls that may wait for a thread before more are refused (%(default)s)",
    )
    parser.add_argument(
        "--cheap-queue",
        type=int,
        default=env_or("CHEAP_QUEUE", defaults.cheap_queue),
        help="calls of play with a large request that may wait for a thread; past that one is refused (%(default)s)",
    )
    parser.add_argument(
        "--picture-processes",
        type=int,
        default=env_or("PICTURE_PROCESSES", defaults.picture_processes),
        help="processes per worker that draw PNGs (%(default)s)",
    )
    parser.add_argument(
        "--max-picture-pixels",
        type=int,
        default=env_or("MAX_PICTURE_PIXELS", defaults.max_picture_pixels),
        help="the most pixels one PNG may have (%(default)s)",
    )
    parser.add_argument(
        "--search-processes",
        type=int,
        default=env_or("SEARCH_PROCESSES", defaults.search_processes),
        help="processes per worker that search for SuggestMove; as many searches run at once (%(default)s)",
    )
    parser.add_argument(
        "--search-millis",
        type=int,
        default=env_or("SEARCH_MILLIS", defaults.search_millis),
        help="a search's time when its request names none (%(default)s)",
    )
    parser.add_argument(
        "--max-search-millis",
        type=int,
        default=env_or("MAX_SEARCH_MILLIS", defaults.max_search_millis),
        help="the most time one search may take (%(default)s)",
    )
    parser.add_argument(
        "--max-search-playouts",
        type=int,
        default=env_or("MAX_SEARCH_PLAYOUTS", defaults.max_search_playouts),
        help="the most playouts one search may make (%(default)s)",
    )
    parser.add_argument(
        "--search-cpus",
        default=env_or("SEARCH_CPUS", defaults.search_cpus),
        help="CPUs the searching processes run on: spare (all but the first), all, or a list like 1,2 (%(default)s)",
    )
    parser.add_argument(
        "--picture-cpus",
        default=env_or("PICTURE_CPUS", defaults.picture_cpus),
        help="CPUs the drawing processes run on: spare (all but the first), all, or a list like 1,2 (%(default)s)",
    )
    parser.add_argument(
        "--stream-idle-seconds",
        type=float,
        default=env_or("STREAM_IDLE_SECONDS", defaults.stream_idle_seconds),
        help="a client stream that sends nothing this long is closed (%(default)s)",
    )
    parser.add_argument(
        "--max-streams",
        type=int,
        default=env_or("MAX_STREAMS", defaults.max_streams),
        help="client streams open at once per worker (%(default)s)",
    )
    parser.add_argument(
        "--http-cors-origins",
        default=env_or("HTTP_CORS_ORIGINS", ""),
        help="comma-separated browser origins allowed on the HTTP port, or * for any (none)",
    )


def read_keys(folder: Path) -> tuple[SigningKey, ...]:
    """The keys of a folder, the newest (greatest file name) first: every file whose name does not start with
    a dot (a Kubernetes Secret mounted as a folder keeps its own ``..data`` links there) is a key, named by
    its file; its content, stripped of surrounding white space, is the secret. An empty folder holds no key
    (an optional Secret that does not exist mounts as one)."""
    if not folder.is_dir():
        raise ValueError(f"the signing keys folder {folder} is not a folder")
    files = sorted((p for p in folder.iterdir() if not p.name.startswith(".") and p.is_file()), reverse=True)
    return tuple(SigningKey(p.name, p.read_bytes().strip()) for p in files)


def from_arguments(args: argparse.Namespace, env: Mapping[str, str]) -> Config:
    """The configuration of parsed flags; raises ``ValueError`` (or ``OSError``) when invalid."""
    key: bytes | None = None
    if args.signing_key_file is not None:
        key = Path(args.signing_key_file).read_bytes().strip()
    elif env.get(ENV_PREFIX + "SIGNING_KEY"):
        key = env[ENV_PREFIX + "SIGNING_KEY"].encode()
    keys = read_keys(Path(args.signing_keys_dir)) if args.signing_keys_dir is not None else ()
    return Config(
        host=str(args.host),
        port=int(args.port),
        workers=int(args.workers),
        threads=int(args.threads),
        log_format=args.log_format,
        log_level=str(args.log_level),
        max_message_bytes=int(args.max_message_bytes),
        signing_key=key,
        signing_keys=keys,
        require_signed=(
            args.require_signed if isinstance(args.require_signed, bool) else _env_bool(args.require_signed)
        ),
        tracing=args.tracing if isinstance(args.tracing, bool) else _env_bool(args.tracing),
        grace_seconds=float(args.grace_seconds),
        state_memo=int(args.state_memo),
        state_memo_bytes=int(args.state_memo_bytes),
        content_dir=None if args.content_dir in (None, "") else Path(args.content_dir),
        tls_cert=None if args.tls_cert in (None, "") else Path(args.tls_cert),
        tls_key=None if args.tls_key in (None, "") else Path(args.tls_key),
        tls_client_ca=None if args.tls_client_ca in (None, "") else Path(args.tls_client_ca),
        http_port=_http_port(args.http_port),
        http_cors_origins=_origins(args.http_cors_origins),
        metrics_port=_http_port(args.metrics_port),
        port_file=None if args.port_file in (None, "") else Path(args.port_file),
        heavy_threads=int(args.heavy_threads),
        heavy_queue=int(args.heavy_queue),
        cheap_queue=int(args.cheap_queue),
        picture_processes=int(args.picture_processes),
        max_picture_pixels=int(args.max_picture_pixels),
        search_processes=int(args.search_processes),
        search_millis=int(args.search_millis),
        max_search_millis=int(args.max_search_millis),
        max_search_playouts=int(args.max_search_playouts),
        search_cpus=str(args.search_cpus),
        picture_cpus=str(args.picture_cpus),
        stream_idle_seconds=float(args.stream_idle_seconds),
        max_streams=int(args.max_streams),
    )
