"""Worker processes for the calls that hold the CPU for long (PNG pictures, searches): a pool per kind of
work, started at its first call, at a lower CPU priority than the server's, and replaced when one of its
processes dies."""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import threading
import time
from collections.abc import Callable, Iterator
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, TypeVar, cast

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


def _serve(connection: Connection, cpus: frozenset[int] | None, lock: Any) -> None:
    """A worker process: run each ``(work, args)`` it is sent and send back ``(True, result)``, or
    ``(False, exception)`` for a work that raised, until its pipe closes."""
    _initialize(cpus, lock)
    while True:
        try:
            work, args = connection.recv()
        except (EOFError, OSError):  # the server closed the pipe, or is gone
            return
        try:
            answer: tuple[bool, Any] = (True, work(*args))
        except BaseException as exc:  # raised again in the caller's thread
            answer = (False, exc)
        try:
            connection.send(answer)
        except (EOFError, OSError):
            return
        except Exception as exc:  # the answer does not pickle: say so, as the caller's error
            connection.send((False, RuntimeError(f"the worker's answer could not be sent back: {exc!r}")))


class _Worker:
    """One worker process and the server's end of its pipe."""

    def __init__(self, process: BaseProcess, connection: Connection) -> None:
        self.process = process
        self.connection = connection

    def stop(self) -> None:
        """End the process, whatever it is doing, and close the pipe."""
        with contextlib.suppress(OSError, ValueError):
            self.process.terminate()
        with contextlib.suppress(OSError):
            self.connection.close()
        with contextlib.suppress(OSError, ValueError, AssertionError):
            self.process.join(5)


#: The longest single wait on a worker's pipe, in seconds (a longer deadline is waited for in turns: the
#: operating system's wait takes milliseconds in a 32-bit number).
_LONGEST_POLL = 3600.0


class WorkerPool:
    """``processes`` worker processes (spawned, so they share nothing with the server's threads), each
    started when a call first needs it. A call sends its work down the pipe of a free process and waits on
    that pipe in its own thread: no thread of the pool's own passes the work or the answer on (a
    ``ProcessPoolExecutor`` has two, and waking them cost the server about a millisecond of CPU a call,
    which the calls of play felt while pictures were drawn: bench/README.md, "picture_load")."""

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
        self._context = multiprocessing.get_context("spawn")
        self._turn_lock = self._context.Lock() if turns else None
        self._free = threading.Condition()
        #: The processes no call is using; ``None`` for one not started (yet, or again after it died).
        self._idle: list[_Worker | None] = [None] * processes
        self._started: set[_Worker] = set()
        self._closed = False

    def run(
        self,
        work: Callable[..., T],
        *args: Any,
        timeout: float | None,
        abandoned: Callable[[T], object] | None = None,
    ) -> T:
        """``work(*args)`` in a worker process, waiting at most ``timeout`` seconds (``None``: as long as it
        takes) for a free process and its answer before DEADLINE_EXCEEDED; ``lost()`` when the process died
        or could not start (a new one serves the next call). What ``work`` raises is raised here.
        ``abandoned``: what to do with the result of a work given up on (its deadline passed) once it comes."""
        deadline = None if timeout is None else time.monotonic() + min(timeout, threading.TIMEOUT_MAX)
        worker = self._take(deadline)
        handed_on = False
        try:
            if worker is None:
                worker = self._start()
            worker.connection.send((work, args))
            if not self._answered(worker, deadline):
                waiter = threading.Thread(target=self._wait_out, args=(worker, abandoned), daemon=True)
                waiter.start()
                handed_on = True
                raise errors.deadline_exceeded()
            done, value = worker.connection.recv()
        except (EOFError, OSError, RuntimeError) as exc:
            # The process died (killed for memory), could not be started, or the server is stopping.
            self._lose(worker)
            worker = None  # its slot starts a new process when next needed
            raise self._lost() from exc
        finally:
            if not handed_on:
                self._give_back(worker)
        if not done:
            raise value
        return cast(T, value)

    def pids(self) -> list[int]:
        """The process ids of the worker processes started and not ended."""
        with self._free:
            return [w.process.pid for w in self._started if w.process.pid is not None and w.process.is_alive()]

    def _take(self, deadline: float | None) -> _Worker | None:
        """A free process slot (``None``: its process is to be started), waiting until ``deadline``."""
        with self._free:
            while not self._idle or self._closed:
                if self._closed:  # the server is stopping
                    raise self._lost()
                remaining = None if deadline is None else deadline - time.monotonic()
                if remaining is not None and remaining <= 0:
                    raise errors.deadline_exceeded()
                self._free.wait(None if remaining is None else min(remaining, _LONGEST_POLL))
            return self._idle.pop()

    def _give_back(self, worker: _Worker | None) -> None:
        with self._free:
            self._idle.append(worker)
            self._free.notify()

    def _start(self) -> _Worker:
        if self._closed:
            raise RuntimeError("the pool is closed")
        ours, theirs = self._context.Pipe()
        process = self._context.Process(target=_serve, args=(theirs, self.cpus, self._turn_lock), daemon=True)
        try:
            process.start()
        finally:
            theirs.close()
        worker = _Worker(process, ours)
        with self._free:
            self._started.add(worker)
        return worker

    @staticmethod
    def _answered(worker: _Worker, deadline: float | None) -> bool:
        """Whether the worker answered (or its pipe closed) before ``deadline``."""
        while True:
            remaining = _LONGEST_POLL if deadline is None else deadline - time.monotonic()
            if remaining <= 0:
                return False
            if worker.connection.poll(min(remaining, _LONGEST_POLL)):
                return True

    def _wait_out(self, worker: _Worker, abandoned: Callable[[Any], object] | None) -> None:
        """A work given up on: wait for its answer, hand its result to ``abandoned``, free the process."""
        kept: _Worker | None = worker
        try:
            done, value = worker.connection.recv()
            if done and abandoned is not None:
                with contextlib.suppress(Exception):
                    abandoned(value)
        except (EOFError, OSError):
            self._lose(worker)
            kept = None
        finally:
            self._give_back(kept)

    def _lose(self, worker: _Worker | None) -> None:
        """A process that died or could not start: stopped, forgotten and counted (its slot starts anew)."""
        if worker is not None:
            worker.stop()
            with self._free:
                self._started.discard(worker)
            if self._restarts is not None and not self._closed:
                self._restarts.inc()

    def close(self) -> None:
        """Stop the processes, work under way included (the server is stopping)."""
        with self._free:
            self._closed = True
            started, self._started = list(self._started), set()
            self._free.notify_all()  # calls waiting for a process: there will be none
        for worker in started:
            worker.stop()
