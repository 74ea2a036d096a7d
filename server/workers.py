"""Worker processes for the calls that hold the CPU for long (PNG pictures, searches): a pool per kind of
work, started at its first call, at a lower CPU priority than the server's, and replaced when one of its
processes dies."""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from server import errors
from server.metrics import Metrics

#: How much lower than the server's the CPU priority of a worker process is (``os.nice``), so that a crowd
#: of pictures or searches slows the calls of play as little as the machine allows.
WORKER_NICE = 19

T = TypeVar("T")


#: In a worker process of a pool that takes turns (``WorkerPool(turns=True)``): the lock its processes take
#: turns with, so that at most one of them uses the CPU at a time (``take_turn``). ``None`` elsewhere.
TURN: Any = None


def take_turn() -> None:
    """Between two slices of work (a search's iterations): let another process of the pool have its turn.
    A process waiting for the lock sleeps, so however many of them have work, one is running."""
    if TURN is not None:
        TURN.release()
        os.sched_yield()
        TURN.acquire()


@contextlib.contextmanager
def turn() -> Iterator[None]:
    """Hold the pool's turn while working (nothing to hold outside a pool that takes turns)."""
    if TURN is None:
        yield
        return
    TURN.acquire()
    try:
        yield
    finally:
        TURN.release()


def _initialize(cpus: frozenset[int] | None, lock: Any) -> None:
    """A worker process's initializer: the lowest priority, its CPUs, the pool's lock to take turns with."""
    global TURN
    TURN = lock
    _lower_priority(cpus)


def _lower_priority(cpus: frozenset[int] | None = None) -> None:
    """A worker process's initializer: the lowest CPU priority there is. Nice 19 alone still lets a worker
    keep the CPU for a few milliseconds when a server thread wakes up (the scheduler's granularity), which
    showed as a p99 of ApplyMove three times its idle value while searches ran; under ``SCHED_IDLE`` (Linux)
    a waking server thread takes the CPU from a worker at once. ``cpus``: the CPUs the worker may run on
    (``None``: any)."""
    with contextlib.suppress(OSError):
        os.nice(WORKER_NICE)
    idle = getattr(os, "SCHED_IDLE", None)
    if idle is not None:
        with contextlib.suppress(OSError):
            os.sched_setscheduler(0, idle, os.sched_param(0))
    if cpus:
        with contextlib.suppress(OSError, AttributeError):
            os.sched_setaffinity(0, cpus)


def spare_cpus() -> frozenset[int] | None:
    """Every CPU this process may use but the lowest, when it may use two or more (``None``: no choice to
    make). Workers kept to them leave one CPU to the calls of play: a CPU kept busy even at the lowest
    priority delays the server's threads on this kind of machine (bench/search_load: ApplyMove's p99 2.4 to
    3 times its idle value with both CPUs busy)."""
    try:
        mine = sorted(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return None
    return frozenset(mine[1:]) if len(mine) >= 2 else None


class WorkerPool:
    """``processes`` worker processes (spawned, so they share nothing with the server's threads)."""

    def __init__(
        self,
        processes: int,
        lost: Callable[[], errors.ServiceError],
        cpus: frozenset[int] | None = None,
        turns: bool = False,
        name: str = "workers",
        metrics: Metrics | None = None,
    ) -> None:
        """``lost``: the error a call answers when its process dies or cannot start; ``cpus``: the CPUs the
        processes may run on (``None``: any); ``turns``: the processes take turns (``turn``, ``take_turn``), so
        that however many have work, one uses the CPU at a time; ``metrics``: where the pool, called ``name``,
        counts its processes replaced (``rules_engine_worker_restarts_total{pool=name}``)."""
        self._restarts = None if metrics is None else metrics.worker_restarts.labels(name)
        self.processes = processes
        self.cpus = cpus
        self.turns = turns
        self._lost = lost
        self._lock = threading.Lock()
        self._pool: ProcessPoolExecutor | None = None

    def run(self, work: Callable[..., T], *args: Any, timeout: float | None) -> T:
        """``work(*args)`` in a worker process, waiting at most ``timeout`` seconds (``None``: as long as it
        takes) before DEADLINE_EXCEEDED; ``lost()`` when the process died (a new pool serves the next call)."""
        pool = self._running()
        try:
            # A deadline hours away is as good as none (and longer than a wait can be: OverflowError).
            wait = None if timeout is None else min(timeout, threading.TIMEOUT_MAX)
            return pool.submit(work, *args).result(wait)
        except FutureTimeout as exc:
            raise errors.deadline_exceeded() from exc
        except (BrokenProcessPool, RuntimeError, OSError) as exc:
            # A process died, could not be started (no memory, no process left), or the server is stopping.
            self._renew(pool)
            raise self._lost() from exc

    def _running(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._pool is None:
                context = multiprocessing.get_context("spawn")
                self._pool = ProcessPoolExecutor(
                    self.processes,
                    mp_context=context,
                    initializer=_initialize,
                    initargs=(self.cpus, context.Lock() if self.turns else None),
                )
            return self._pool

    def _renew(self, broken: ProcessPoolExecutor) -> None:
        with self._lock:
            replaced = self._pool is broken
            if replaced:
                self._pool = None
        if replaced and self._restarts is not None:
            self._restarts.inc()
        broken.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stop the processes, work under way included (the server is stopping)."""
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is None:
            return
        # ProcessPoolExecutor lets a process finish its work on shutdown; a stopping server does not wait.
        for process in list(getattr(pool, "_processes", {}).values()):
            with contextlib.suppress(OSError):
                process.terminate()
        pool.shutdown(wait=False, cancel_futures=True)
