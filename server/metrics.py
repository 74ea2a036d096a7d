"""Prometheus metrics of a server: what its calls answered and how long they took, how its lanes queue, how
often the state memo saves a decoding, and what its worker processes draw.

Every metric is named ``rules_engine_*``:

* ``rules_engine_calls_total{rpc,game,code}``: calls answered, by RPC, game id (``""`` when the call named no
  game the server plays: ListGames, or a request refused before its game was known) and gRPC status name
  (``OK``, ``INVALID_ARGUMENT``...; ``CANCELLED`` for a caller gone). Counted once per call of either port,
  where the call's access-log line is written (``server.handlers.run_logged``);
* ``rules_engine_call_seconds{rpc}``: how long the servicer took on a call (the access log's ``duration_ms``:
  the work itself, not the time it waited for its lane), buckets from 0.5 ms to 10 s;
* ``rules_engine_in_flight{rpc}``: calls being served now (in that same span);
* ``rules_engine_lane_waiting{lane}``: calls admitted to a lane of threads (``server.lanes``) and waiting for
  one of its threads; ``rules_engine_lane_wait_seconds{lane}``: how long a call waited so;
  ``rules_engine_refused_total{lane}``: calls refused at once (``RESOURCE_EXHAUSTED``, ``SERVER_BUSY``)
  because the lane was full (``lane="streams"``: a ReplayGameStream past ``--max-streams``);
* ``rules_engine_memo_hits_total`` / ``rules_engine_memo_misses_total``: received states the state memo
  (``server.memo``) knew, so decoding and checking were skipped, or did not; ``rules_engine_memo_bytes``: the
  memory its remembered states are counted as;
* ``rules_engine_pictures_total{format}``: RenderView pictures drawn (``PNG`` or ``SVG``);
* ``rules_engine_limit{limit}``: the admission limits the server was started with, so a graph can set what is
  used beside what may be: ``concurrent_calls`` (calls of the gRPC port at once; past it gRPC itself refuses a
  call with RESOURCE_EXHAUSTED, before it is counted anywhere else), ``cheap_threads``, ``heavy_threads``,
  ``heavy_queue``, ``searches`` (the lanes' threads and waiting room), ``streams`` (ReplayGameStream calls open
  at once) and ``http_connections`` (the HTTP port's open connections); summed over the workers;
* ``rules_engine_worker_restarts_total{pool}``: worker processes replaced (``pictures`` or ``searches``): a
  pool whose process died is dropped and a new one serves the next call (``server.workers.WorkerPool``).

Each started server has a ``Metrics`` of its own (``server.app.start_server`` makes it and passes it down to
the servicer, the memo, the lanes, the worker pools and the HTTP port), registered in a registry of its own,
so two servers in one process (the tests) count apart and nothing is registered in prometheus-client's
global ``REGISTRY``.

Several worker processes (``--workers N``) are added up with prometheus-client's multiprocess mode:
``serve`` makes a fresh directory and names it in ``PROMETHEUS_MULTIPROC_DIR`` before it starts the workers,
which then write their values to files there (the library decides that when it is first imported, from
the environment: the one piece of global state this design leaves to it); ``Metrics.exposition`` (the
HTTP port's ``/metrics``) and ``aggregate_registry`` (the ``--metrics-port`` server in the parent) read every
worker's files, so any worker's ``/metrics`` answers for them all. Gauges are ``livesum``: the sum over the
workers alive (``mark_dead`` drops a worker that ended). Two servers in one process of that mode would share
their files; a worker runs one server.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
)

#: The environment variable that switches prometheus-client to its multiprocess mode (read at its import).
MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"

#: The ``Content-Type`` of ``/metrics``: Prometheus's text format.
CONTENT_TYPE: str = CONTENT_TYPE_LATEST

#: Where ``/metrics`` is served on the HTTP port.
METRICS_PATH = "/metrics"

#: Call and wait durations, 0.5 ms (a call of play answered from the memo) to 10 s (a long search).
SECONDS_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)


def multiprocess_mode() -> bool:
    """Whether this process writes its metrics to ``PROMETHEUS_MULTIPROC_DIR`` (a worker of ``--workers N``)."""
    return bool(os.environ.get(MULTIPROC_ENV))


class Metrics:
    """The metrics of one server, in a registry of its own (see the module's docstring for each one)."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        registry = self.registry
        self.calls = Counter(
            "rules_engine_calls_total",
            "Calls answered, by RPC, game id ('' when none) and gRPC status name.",
            ("rpc", "game", "code"),
            registry=registry,
        )
        self.call_seconds = Histogram(
            "rules_engine_call_seconds",
            "Seconds the servicer took on a call (not counting the wait for its lane).",
            ("rpc",),
            buckets=SECONDS_BUCKETS,
            registry=registry,
        )
        self.in_flight = Gauge(
            "rules_engine_in_flight",
            "Calls being served now.",
            ("rpc",),
            multiprocess_mode="livesum",
            registry=registry,
        )
        self.lane_waiting = Gauge(
            "rules_engine_lane_waiting",
            "Calls admitted to a lane and waiting for one of its threads.",
            ("lane",),
            multiprocess_mode="livesum",
            registry=registry,
        )
        self.lane_wait_seconds = Histogram(
            "rules_engine_lane_wait_seconds",
            "Seconds a call waited for a thread of its lane.",
            ("lane",),
            buckets=SECONDS_BUCKETS,
            registry=registry,
        )
        self.refused = Counter(
            "rules_engine_refused_total",
            "Calls refused at once (RESOURCE_EXHAUSTED) because their lane was full.",
            ("lane",),
            registry=registry,
        )
        self.memo_hits = Counter(
            "rules_engine_memo_hits_total",
            "Received states the state memo knew (decoding and checking skipped).",
            registry=registry,
        )
        self.memo_misses = Counter(
            "rules_engine_memo_misses_total",
            "Received states the state memo did not know (decoded and checked).",
            registry=registry,
        )
        self.memo_bytes = Gauge(
            "rules_engine_memo_bytes",
            "Memory the state memo's remembered states are counted as.",
            multiprocess_mode="livesum",
            registry=registry,
        )
        self.pictures = Counter(
            "rules_engine_pictures_total",
            "RenderView pictures drawn, by format (PNG or SVG).",
            ("format",),
            registry=registry,
        )
        self.limits = Gauge(
            "rules_engine_limit",
            "Admission limits the server was started with (calls, threads, waiting room, streams, connections).",
            ("limit",),
            multiprocess_mode="livesum",
            registry=registry,
        )
        self.worker_restarts = Counter(
            "rules_engine_worker_restarts_total",
            "Worker processes replaced after one died, by pool (pictures or searches).",
            ("pool",),
            registry=registry,
        )

        # The series of each call's labels, looked up once (``labels`` takes a lock and formats its values):
        # a dict read is atomic, and two threads adding the same key store the same series.
        self._series: dict[tuple[str, str, str], tuple[Counter, Histogram]] = {}
        self._flying: dict[str, Gauge] = {}

    def limit(self, name: str, value: int) -> None:
        """Show the admission limit ``name`` as ``value`` (``rules_engine_limit{limit=name}``)."""
        self.limits.labels(name).set(value)

    def flying(self, rpc: str) -> Gauge:
        """The series of ``rpc``'s calls in flight (the caller increments it, and decrements it once answered)."""
        gauge = self._flying.get(rpc)
        if gauge is None:
            gauge = self._flying[rpc] = self.in_flight.labels(rpc)
        return gauge

    def answered(self, rpc: str, game: str, code: str, seconds: float) -> None:
        """Count one call of ``rpc`` answered with ``code`` after ``seconds``."""
        key = (rpc, game, code)
        series = self._series.get(key)
        if series is None:
            series = self._series[key] = (self.calls.labels(rpc, game, code), self.call_seconds.labels(rpc))
        series[0].inc()
        series[1].observe(seconds)

    def exposition(self) -> bytes:
        """The text of ``/metrics``: this server's metrics, or every worker's in multiprocess mode."""
        return generate_latest(aggregate_registry() if multiprocess_mode() else self.registry)


def aggregate_registry() -> CollectorRegistry:
    """A registry that reads every worker's metrics from ``PROMETHEUS_MULTIPROC_DIR`` when collected."""
    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry)
    return registry


@contextmanager
def shared_directory() -> Iterator[str]:
    """A fresh directory for the workers' metrics, named in ``PROMETHEUS_MULTIPROC_DIR`` (so the worker
    processes started within inherit it) and removed, with the variable, at the end."""
    path = tempfile.mkdtemp(prefix="rules-engine-metrics-")
    before = os.environ.get(MULTIPROC_ENV)
    os.environ[MULTIPROC_ENV] = path
    try:
        yield path
    finally:
        if before is None:
            os.environ.pop(MULTIPROC_ENV, None)
        else:
            os.environ[MULTIPROC_ENV] = before
        shutil.rmtree(path, ignore_errors=True)


def mark_dead(pid: int) -> None:
    """Drop an ended worker's live gauges (``in_flight``, ``lane_waiting``, ``memo_bytes``) from the sums."""
    path = os.environ.get(MULTIPROC_ENV)
    if path:
        multiprocess.mark_process_dead(pid, path)
