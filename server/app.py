"""Running the service: a gRPC server per worker process (``grpc.aio`` on an event loop of its own
thread, with lanes of threads for the calls: ``server.lanes``), with health, reflection and a
graceful shutdown on SIGTERM; with ``http_port`` set, each worker also serves the same servicer
over HTTP (``server.http``: Connect and gRPC-Web), and stops both ports together.

With several workers the parent process reserves the port (a bound, non-listening socket with
SO_REUSEPORT, which also resolves port 0 to a real port), starts the workers as fresh
processes (``spawn``: nothing of gRPC's state crosses a fork) that each listen on it with
``grpc.so_reuseport``, and forwards SIGTERM/SIGINT to them; the HTTP port is reserved and
shared the same way. The kernel spreads connections over the workers. Their Prometheus metrics
(``server.metrics``) are written to a directory the parent makes for them and added up by whoever reads
them: any worker's ``/metrics`` on the HTTP port, or the parent's own ``--metrics-port``. If a worker dies on
its own, the parent stops the others and exits non-zero, so the orchestrator restarts the
whole pod.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import gc
import multiprocessing
import multiprocessing.connection
import os
import signal
import sys
import threading
from collections.abc import Coroutine, Iterator, Mapping
from pathlib import Path
from types import FrameType
from typing import Any, TypeVar
from wsgiref.simple_server import WSGIServer

import grpc
import structlog
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection
from prometheus_client import CollectorRegistry, start_http_server

from engines import registry
from engines.core.content import CONTENT_DIR_ENV
from server import http, logs
from server.config import Config, picture_cpus, search_cpus
from server.handlers import SERVICE_NAME, StreamLimits, service_handler
from server.lanes import Lanes
from server.metrics import Metrics, aggregate_registry, mark_dead, shared_directory
from server.pictures import Rasterizer
from server.searches import Searcher
from server.servicer import RulesEngineServicer
from server.signing import Signer
from server.tls import CertificateFiles, TlsFiles
from server.tracing import Tracing

_log = structlog.get_logger("rulesengine.server")


class Running:
    """A started server: its gRPC port served by a ``grpc.aio`` server on an event loop of its own thread,
    its health service, its lanes, drawing and searching processes, and its HTTP port if any."""

    def __init__(
        self,
        loop: asyncio.AbstractEventLoop,
        thread: threading.Thread,
        server: grpc.aio.Server,
        port: int,
        health: health.aio.HealthServicer,
        lanes: Lanes,
        rasterizer: Rasterizer,
        http_server: http.HttpServer | None,
        searcher: Searcher | None = None,
        metrics: Metrics | None = None,
        tracing: Tracing | None = None,
    ) -> None:
        self._loop = loop
        self._tracing = tracing
        self._thread = thread
        self.server = server
        self.port = port
        """The gRPC port it listens on."""
        self.health = health
        self.lanes = lanes
        self.rasterizer = rasterizer
        self.searcher = searcher
        self.http_server = http_server
        self.metrics = metrics if metrics is not None else Metrics()
        """Its Prometheus metrics (``server.metrics``), served at the HTTP port's ``/metrics``."""

    @property
    def http_port(self) -> int | None:
        """The port of the HTTP transport, ``None`` when it is off."""
        return None if self.http_server is None else self.http_server.port

    def _on_loop(self, coroutine: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(coroutine, self._loop).result()

    def stop(self, grace: float | None) -> None:
        """Report NOT_SERVING, let running calls on both ports finish for ``grace`` seconds, then stop."""
        self._on_loop(self.health.enter_graceful_shutdown())
        stopping_http = None
        if self.http_server is not None:
            stopping_http = threading.Thread(target=self.http_server.stop, args=(grace,), name="http-stop")
            stopping_http.start()
        self._on_loop(self.server.stop(grace))
        if stopping_http is not None:
            stopping_http.join()
        self.lanes.close()
        self.rasterizer.close()
        if self.searcher is not None:
            self.searcher.close()
        if self._tracing is not None:
            self._tracing.close()
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join()
        self._loop.close()


T = TypeVar("T")


def start_server(config: Config, engines: Mapping[str, Any] | None = None, span_exporter: Any | None = None) -> Running:
    """Build and start a server for ``config``; ``engines`` defaults to every registered game;
    ``span_exporter``: where the spans of ``config.tracing`` go (``None``: OTLP, as ``server.tracing`` says)."""
    if engines is None:
        if config.content_dir is not None:
            # Engines load their content when first imported: point them at the packs first.
            os.environ[CONTENT_DIR_ENV] = str(config.content_dir)
        engines = registry.engines()
    keys = config.all_signing_keys()
    signer = Signer(keys) if keys else None
    metrics = Metrics()
    rasterizer = Rasterizer(config.picture_processes, config.max_picture_pixels, metrics, picture_cpus(config))
    searcher = Searcher(
        config.search_processes,
        config.search_millis,
        config.max_search_millis,
        config.max_search_playouts,
        search_cpus(config),
        metrics,
    )
    servicer = RulesEngineServicer(
        engines,
        signer,
        config.require_signed,
        config.state_memo,
        config.state_memo_bytes,
        rasterizer,
        searcher,
        metrics,
    )
    lanes = Lanes(
        config.threads, config.heavy_threads, config.heavy_queue, config.search_processes, metrics, config.cheap_queue
    )
    for name, value in (
        ("cheap_threads", config.threads),
        ("cheap_queue", config.cheap_queue),
        ("heavy_threads", config.heavy_threads),
        ("heavy_queue", config.heavy_queue),
        ("searches", config.search_processes),
        ("streams", config.max_streams),
    ):
        metrics.limit(name, value)
    streams = StreamLimits(config.stream_idle_seconds, config.max_message_bytes, config.max_streams)
    tracing = Tracing(span_exporter) if config.tracing else None
    tls = None
    if config.tls_cert is not None and config.tls_key is not None:
        tls = CertificateFiles(TlsFiles(config.tls_cert, config.tls_key, config.tls_client_ca))
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, name="grpc-loop", daemon=True)
    thread.start()
    try:
        server, port, health_servicer = asyncio.run_coroutine_threadsafe(
            _start_grpc(config, service_handler(servicer, lanes, streams, metrics), tls, tracing), loop
        ).result()
    except BaseException:
        loop.call_soon_threadsafe(loop.stop)
        thread.join()
        loop.close()
        lanes.close()
        raise
    http_server = None
    if config.http_port is not None:
        try:
            http_server = http.start_http(
                servicer,
                config.host,
                config.http_port,
                threads=config.threads,
                lanes=lanes,
                max_message_bytes=config.max_message_bytes,
                cors_origins=config.http_cors_origins,
                reuse_port=config.workers > 1,
                metrics=metrics,
                tls=tls,
            )
        except BaseException:
            Running(loop, thread, server, port, health_servicer, lanes, rasterizer, None, searcher).stop(None)
            raise
    return Running(
        loop, thread, server, port, health_servicer, lanes, rasterizer, http_server, searcher, metrics, tracing
    )


async def _start_grpc(
    config: Config, handler: grpc.GenericRpcHandler, tls: CertificateFiles | None, tracing: Tracing | None
) -> tuple[grpc.aio.Server, int, health.aio.HealthServicer]:
    """The started ``grpc.aio`` server of the service, health and reflection (on the running loop); ``tls``:
    the port speaks TLS only, with these files (``None``: plaintext); ``tracing``: every call is a span."""
    options = [
        ("grpc.max_receive_message_length", config.max_message_bytes),
        ("grpc.max_send_message_length", config.max_message_bytes),
        # Share the port only when asked to: otherwise a second server on the same port must fail.
        ("grpc.so_reuseport", 1 if config.workers > 1 else 0),
    ]
    interceptors = () if tracing is None else (tracing.interceptor,)
    server = grpc.aio.server(handlers=(handler,), options=options, interceptors=interceptors)
    health_servicer = health.aio.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    reflection.enable_server_reflection((SERVICE_NAME, health.SERVICE_NAME, reflection.SERVICE_NAME), server)
    address = f"{config.host}:{config.port}"
    if tls is not None:
        port = server.add_secure_port(address, tls.credentials())
    else:
        port = server.add_insecure_port(address)
    await server.start()
    for name in ("", SERVICE_NAME):
        await health_servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
    return server, port, health_servicer


def serve(config: Config) -> int:
    """Run until SIGTERM or SIGINT; returns the process exit status."""
    logs.configure(config.log_format, config.log_level)
    if config.workers == 1:
        return _serve_here(config, metrics_port=config.metrics_port)
    with contextlib.ExitStack() as reserved:
        # Before any worker starts (and imports prometheus_client): their metrics go to files added up here.
        metrics_dir = reserved.enter_context(shared_directory())
        metrics_port = None
        if config.metrics_port is not None:
            metrics_server = _serve_metrics(config.host, config.metrics_port, aggregate_registry())
            reserved.callback(metrics_server.server_close)
            reserved.callback(metrics_server.shutdown)  # first: stop serving before the directory goes
            metrics_port = int(metrics_server.server_port)
        port = reserved.enter_context(_reserve_port(config.host, config.port))
        if config.http_port is not None:
            config = dataclasses.replace(
                config, http_port=reserved.enter_context(_reserve_port(config.host, config.http_port))
            )
        context = multiprocessing.get_context("spawn")
        workers = [
            context.Process(target=_worker_main, args=(config, port), name=f"rules-engine-worker-{i}")
            for i in range(config.workers)
        ]
        for worker in workers:
            worker.start()
        _log.info(
            "workers_started",
            port=port,
            http_port=config.http_port,
            metrics_port=metrics_port,
            metrics_dir=metrics_dir,
            workers=[w.pid for w in workers],
        )
        stopping = threading.Event()

        def stop_all(signum: int, frame: FrameType | None) -> None:
            if not stopping.is_set():
                # A worker ends itself after its grace period; this is the backstop if it cannot.
                deadline = config.grace_seconds + 2 * _EXIT_MARGIN_SECONDS
                backstop = threading.Timer(deadline, _kill_alive, args=(workers,))
                backstop.daemon = True
                backstop.start()
            stopping.set()
            for worker in workers:
                if worker.pid is not None and worker.is_alive():
                    os.kill(worker.pid, signal.SIGTERM)

        signal.signal(signal.SIGTERM, stop_all)
        signal.signal(signal.SIGINT, stop_all)
        failed = False
        ended: set[int] = set()
        while alive := [w for w in workers if w.is_alive()]:
            multiprocessing.connection.wait([w.sentinel for w in alive])
            for worker in workers:
                if not worker.is_alive() and worker.pid is not None and worker.pid not in ended:
                    ended.add(worker.pid)
                    mark_dead(worker.pid)  # its live gauges no longer count
                if not worker.is_alive() and worker.exitcode != 0 and not stopping.is_set():
                    _log.error("worker_died", pid=worker.pid, exitcode=worker.exitcode)
                    failed = True
                    stop_all(signal.SIGTERM, None)
        _log.info("stopped")
        return 1 if failed or any(w.exitcode != 0 for w in workers) else 0


def _kill_alive(workers: list[Any]) -> None:
    for worker in workers:
        if worker.is_alive():
            _log.error("worker_killed", pid=worker.pid)
            worker.kill()


def _worker_main(config: Config, port: int) -> None:
    logs.configure(config.log_format, config.log_level)
    raise SystemExit(_serve_here(dataclasses.replace(config, port=port)))


def _serve_metrics(host: str, port: int, registry: CollectorRegistry) -> WSGIServer:
    """Serve ``registry`` at ``/metrics`` (any path, in fact) on ``host:port`` (0: a free port) from a daemon
    thread of this process (prometheus_client's server) until its ``shutdown``."""
    server, _ = start_http_server(port, addr=host.strip("[]"), registry=registry)
    return server


def _serve_here(config: Config, metrics_port: int | None = None) -> int:
    """Serve in this process until SIGTERM or SIGINT; with ``metrics_port``, its metrics on that port too."""
    running = None
    try:
        running = start_server(config)
        if metrics_port is not None:
            metrics_port = int(_serve_metrics(config.host, metrics_port, running.metrics.registry).server_port)
    except (RuntimeError, OSError) as exc:  # gRPC (RuntimeError), the HTTP or metrics port (OSError) could not bind
        if running is not None:
            running.stop(None)
        _log.error(
            "start_failed",
            host=config.host,
            port=config.port,
            http_port=config.http_port,
            metrics_port=metrics_port,
            error=str(exc),
        )
        return 1
    _freeze_start_up()
    stop = threading.Event()

    def on_signal(signum: int, frame: FrameType | None) -> None:
        stop.set()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    if config.port_file is not None:
        _write_port_file(config.port_file, running.port)
    _log.info(
        "serving",
        host=config.host,
        port=running.port,
        http_port=running.http_port,
        metrics_port=metrics_port,
        pid=os.getpid(),
        threads=config.threads,
        signing=bool(config.all_signing_keys()),
        signing_keys=[k.id or "(no id)" for k in config.all_signing_keys()],
        tls="mutual" if config.tls_client_ca is not None else bool(config.tls_cert),
        require_signed=config.require_signed,
        max_message_bytes=config.max_message_bytes,
    )
    stop.wait()
    _log.info("stopping", grace_seconds=config.grace_seconds)
    _exit_anyway_after(config.grace_seconds + _EXIT_MARGIN_SECONDS)
    running.stop(config.grace_seconds)
    _log.info("stopped", pid=os.getpid())
    return 0


def _freeze_start_up() -> None:
    """Take what start-up made (modules, content, the engines' tables: about 70,000 objects that live as long as
    the process) out of the garbage collector's sight, so that a full collection looks only at what calls made.

    Measured in a paced soak: with them and the states tracked, a full collection stopped every thread for 40 to
    264 ms, and the p99 of every call of play was that pause. The engines' states are not tracked at all (their
    structs are ``gc=False``: immutable trees, they can hold no cycle), so what is left to collect is small."""
    gc.collect()
    gc.freeze()


def _write_port_file(path: Path, port: int) -> None:
    """Write ``port`` to ``path`` whole or not at all (a health check may read it at any moment); a file that
    cannot be written (a read-only filesystem) is logged, not fatal: it only serves health checks."""
    try:
        partial = path.with_name(f".{path.name}.{os.getpid()}")
        partial.write_text(f"{port}\n")
        os.replace(partial, path)
    except OSError as exc:
        _log.warning("port_file_failed", path=str(path), error=str(exc))


#: How long after the grace period a stopping worker ends itself whatever its handlers are doing.
_EXIT_MARGIN_SECONDS = 0.5


def _exit_anyway_after(seconds: float) -> None:
    """End this process ``seconds`` from now even if a handler thread is still busy.

    gRPC cancels the RPCs still running when the grace period ends, but it cannot stop a thread
    that is computing, and the interpreter waits for its handler threads before it exits. A
    daemon timer makes the shutdown bounded whatever a handler is doing: it logs which pid it
    ends and leaves with status 0 (the stop was asked for)."""

    def end() -> None:
        _log.warning("stopped_with_busy_handlers", pid=os.getpid(), busy_threads=threading.active_count() - 2)
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(0)

    timer = threading.Timer(seconds, end)
    timer.daemon = True
    timer.start()


@contextlib.contextmanager
def _reserve_port(host: str, port: int) -> Iterator[int]:
    """Hold ``host:port`` (0: a free port) with SO_REUSEPORT for the workers; yields the port."""
    sock = http.bound_socket(host, port, reuse_port=True)
    try:
        yield sock.getsockname()[1]
    finally:
        sock.close()
