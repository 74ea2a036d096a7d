"""Lanes: which threads run which calls, so that no client can hold the threads every other call needs.

Every RPC belongs to one lane (``LANE_OF``):

* ``inline``: answers built once (ListGames, DescribeGame) are sent from the event loop itself (like the
  health check, which is served there too);
* ``cheap``: the calls of play (NewGame, LegalMoves, ValidateMove, ApplyMove, Score, ViewState, and
  RenderView asking for SVG), a few milliseconds each: answered on the event loop when their request is
  small (``server.handlers.INLINE_MAX_BYTES``: a thread costs more than it gives under the interpreter
  lock), on ``--threads`` threads when it is larger, with at most ``--cheap-queue`` more waiting for one;
  past that one is refused at once with RESOURCE_EXHAUSTED and a retry delay (load shed, not queued);
* ``heavy``: calls that may take seconds (RenderView asking for a PNG, drawn in a worker process, and the
  whole-game replays ReplayGame and ReplayGameStream) on ``--heavy-threads`` threads of their own. At
  most ``--heavy-queue`` more wait for one; past that a call is refused at once with RESOURCE_EXHAUSTED
  and a retry delay (``google.rpc.RetryInfo``: the time the calls ahead of it are expected to take),
  before any of its work is done. So a crowd of picture or replay requests costs the calls of play
  nothing but their own share of the CPU.

* ``search``: SuggestMove, whose search runs in a worker process (``server.searches``) while one thread of
  this lane waits for it: as many threads as searching processes and no waiting room, so a search beyond
  them is refused at once with RESOURCE_EXHAUSTED.

RenderView's lane depends on its request (``by_request``: an SVG is drawn as fast as a call of play, a
PNG is not), so its request is read on a thread of play first, then the call goes on in its lane.

Admission is counted here for both transports: the gRPC port admits a call on its event loop and runs it
on the lane's threads; the HTTP port, whose server has threads of its own, admits it there and runs it on
that thread (``held``: with no waiting room, so heavy calls never hold more of them than the lane has).
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Literal, TypeVar

from google.protobuf.message import Message
from rulesengine.v1 import service_pb2

from server import errors
from server.metrics import Metrics

LaneName = Literal["inline", "cheap", "heavy", "search", "by_request"]

#: The lane of every RPC of the service (a test checks that every RPC has one).
LANE_OF: dict[str, LaneName] = {
    "ListGames": "inline",
    "DescribeGame": "inline",
    "NewGame": "cheap",
    "LegalMoves": "cheap",
    "ValidateMove": "cheap",
    "ApplyMove": "cheap",
    "Score": "cheap",
    "ViewState": "cheap",
    "ReplayGame": "heavy",
    "ReplayGameStream": "heavy",
    "RenderView": "by_request",
    "SuggestMove": "search",
}


def lane_of_request(rpc: str, request: Message) -> LaneName:
    """The lane of a ``by_request`` call: a RenderView asking for a PNG is heavy, one asking for SVG cheap."""
    if rpc == "RenderView":
        return "heavy" if getattr(request, "format", None) == service_pb2.IMAGE_FORMAT_PNG else "cheap"
    raise KeyError(f"{rpc} has no lane by request")


#: What a refusal says is running or waiting, for each lane.
WHAT_RUNS: dict[str, str] = {
    "cheap": "calls of play with a large request",
    "heavy": "PNG pictures and whole-game replays",
    "search": "move searches",
}

#: The retry delay a refused call is given before any heavy call has been timed.
FIRST_RETRY_SECONDS = 1.0

#: The weight of the newest duration in the moving average a retry delay is made from.
_SMOOTHING = 0.2

T = TypeVar("T")


class Lane:
    """``threads`` threads for one kind of call, with room for ``queue`` more calls to wait for one
    (``None``: no limit; the calls of play wait in order however many come). With ``metrics``, the calls
    waiting for a thread, how long each waited and the calls refused are counted there."""

    def __init__(self, name: str, threads: int, queue: int | None, metrics: Metrics | None = None) -> None:
        self.name = name
        self.threads = threads
        self.queue = queue
        self._waiting = None if metrics is None else metrics.lane_waiting.labels(name)
        self._waited = None if metrics is None else metrics.lane_wait_seconds.labels(name)
        self._refused = None if metrics is None else metrics.refused.labels(name)
        self._executor = ThreadPoolExecutor(max_workers=threads, thread_name_prefix=name)
        self._lock = threading.Lock()
        self._admitted = 0
        self._mean_seconds = FIRST_RETRY_SECONDS

    @property
    def admitted(self) -> int:
        """Calls running or waiting in this lane now."""
        with self._lock:
            return self._admitted

    def admit(self, waiting_room: bool = True) -> None:
        """Count one more call in, or refuse it (RESOURCE_EXHAUSTED with a retry delay) when ``threads``
        calls run and ``queue`` wait already (or, without ``waiting_room``, when every thread is taken).
        Every admitted call must then be ``run`` or ``run_here``, which count it out when it ends."""
        with self._lock:
            if self.queue is not None and self._admitted >= self.threads + (self.queue if waiting_room else 0):
                # The calls ahead drain at ``threads`` at a time, each taking about the mean.
                delay = max(0.1, self._mean_seconds * (self._admitted - self.threads + 1) / self.threads)
                if self._refused is not None:
                    self._refused.inc()
                raise errors.busy(WHAT_RUNS.get(self.name, f"{self.name} calls"), self._admitted, round(delay, 1))
            self._admitted += 1

    def _done(self, seconds: float) -> None:
        with self._lock:
            self._admitted -= 1
            self._mean_seconds += _SMOOTHING * (seconds - self._mean_seconds)

    def _queued(self) -> float:
        """Count a call in as waiting for a thread; the time it started waiting."""
        if self._waiting is not None:
            self._waiting.inc()
        return time.perf_counter()

    def _unqueued(self) -> None:
        if self._waiting is not None:
            self._waiting.dec()

    def _timed(self, work: Callable[[], T], queued: float | None = None) -> T:
        start = time.perf_counter()
        if queued is not None and self._waited is not None:
            self._unqueued()
            self._waited.observe(start - queued)
        try:
            return work()
        finally:
            self._done(time.perf_counter() - start)

    async def run(self, work: Callable[[], T]) -> T:
        """Run an admitted call's ``work`` on this lane's threads; the call counts until it ends."""
        loop = asyncio.get_running_loop()
        queued = self._queued()
        try:
            future = loop.run_in_executor(self._executor, self._timed, work, queued)
        except BaseException:
            self._unqueued()
            self._done(0.0)
            raise
        return await future

    def run_here(self, work: Callable[[], T]) -> T:
        """Run an admitted call's ``work`` on this lane's threads and wait for it (the HTTP port's threads)."""
        queued = self._queued()
        try:
            future = self._executor.submit(self._timed, work, queued)
        except BaseException:
            self._unqueued()
            self._done(0.0)
            raise
        return future.result()

    @contextlib.contextmanager
    def held(self, waiting_room: bool = False) -> Iterator[None]:
        """Count one call in for as long as it runs on the caller's own thread (the HTTP port's): admitted
        with no waiting room by default, so such calls never hold more threads than the lane has."""
        self.admit(waiting_room)
        start = time.perf_counter()
        try:
            yield
        finally:
            self._done(time.perf_counter() - start)

    def close(self) -> None:
        """Stop taking work; calls under way finish."""
        self._executor.shutdown(wait=False, cancel_futures=True)


class Lanes:
    """The ``cheap``, ``heavy`` and ``search`` lanes of one server (the ``inline`` lane is the event loop)."""

    def __init__(
        self,
        threads: int,
        heavy_threads: int,
        heavy_queue: int,
        searches: int = 1,
        metrics: Metrics | None = None,
        cheap_queue: int | None = None,
    ) -> None:
        """``cheap_queue``: calls of play that may wait for a thread (``None``: no limit)."""
        self.cheap = Lane("cheap", threads, queue=cheap_queue, metrics=metrics)
        self.heavy = Lane("heavy", heavy_threads, heavy_queue, metrics=metrics)
        self.search = Lane("search", searches, queue=0, metrics=metrics)

    def of(self, rpc: str, request: Message | None = None) -> Lane | None:
        """The lane of ``rpc`` (of its parsed ``request`` for a ``by_request`` RPC); ``None`` for inline."""
        lane = LANE_OF[rpc]
        if lane == "by_request":
            lane = "cheap" if request is None else lane_of_request(rpc, request)
        return {"inline": None, "heavy": self.heavy, "search": self.search}.get(lane, self.cheap)

    def held(self, rpc: str, request: Message | None = None) -> contextlib.AbstractContextManager[None]:
        """``Lane.held`` of the lane of ``rpc`` (and its ``request``); nothing to count for the inline lane. A
        call of play may take a waiting place: the HTTP port has as many threads as the lane, and calls of the
        gRPC port may hold the lane's threads at the same time."""
        lane = self.of(rpc, request)
        return contextlib.nullcontext() if lane is None else lane.held(waiting_room=lane is self.cheap)

    def close(self) -> None:
        """Stop both lanes."""
        self.cheap.close()
        self.heavy.close()
        self.search.close()
