"""Worker processes (``server.workers``) run at the lowest CPU priority, on the CPUs they are given."""

from __future__ import annotations

import concurrent.futures
import os
import queue
import time

import grpc
import pytest

from server import errors
from server.config import Config, picture_cpus, search_cpus
from server.workers import WorkerPool, spare_cpus


def _where_and_how() -> tuple[frozenset[int], int, int]:
    """What a worker process reports of itself: its CPUs, its scheduling policy and its niceness."""
    return frozenset(os.sched_getaffinity(0)), os.sched_getscheduler(0), os.nice(0)


@pytest.mark.skipif(not hasattr(os, "sched_getaffinity"), reason="no CPU affinity on this system")
def test_a_worker_runs_idle_on_the_cpus_it_was_given() -> None:
    first = min(os.sched_getaffinity(0))
    pool = WorkerPool(1, errors.search_worker_lost, frozenset({first}))
    try:
        cpus, policy, nice = pool.run(_where_and_how, timeout=60)
    finally:
        pool.close()
    assert cpus == {first}
    assert policy == os.SCHED_IDLE and nice == 19


def test_spare_cpus_leave_the_first_to_the_calls_of_play_by_default_for_searches_and_pictures() -> None:
    mine = sorted(os.sched_getaffinity(0))
    spare = spare_cpus()
    assert spare == (frozenset(mine[1:]) if len(mine) > 1 else None)
    assert search_cpus(Config()) == spare
    assert search_cpus(Config(search_cpus="all")) is None
    assert search_cpus(Config(search_cpus="0,2")) == {0, 2}
    assert picture_cpus(Config()) == spare
    assert picture_cpus(Config(picture_cpus="1")) == {1}
    for bad in ("", "one", "-1", "1,,x"):
        with pytest.raises(ValueError, match="search CPUs"):
            Config(search_cpus=bad)
        with pytest.raises(ValueError, match="picture CPUs"):
            Config(picture_cpus=bad)


def _has_a_turn_lock() -> bool:
    from server import workers

    return workers.TURN is not None


def test_the_processes_of_a_pool_that_takes_turns_share_a_lock_and_others_do_not() -> None:
    taking = WorkerPool(2, errors.search_worker_lost, turns=True)
    plain = WorkerPool(1, errors.picture_worker_lost)
    try:
        assert taking.run(_has_a_turn_lock, timeout=60) is True
        assert plain.run(_has_a_turn_lock, timeout=60) is False
    finally:
        taking.close()
        plain.close()


def _slow_answer(seconds: float, answer: str) -> str:
    time.sleep(seconds)
    return answer


def _refuse(message: str) -> None:
    raise ValueError(message)


def test_a_work_past_its_deadline_hands_its_result_over_and_keeps_its_process() -> None:
    pool = WorkerPool(1, errors.picture_worker_lost)
    handed: queue.Queue[str] = queue.Queue()
    try:
        assert pool.run(_slow_answer, 0, "warm", timeout=60) == "warm"
        (first,) = pool.pids()
        with pytest.raises(errors.ServiceError) as caught:
            pool.run(_slow_answer, 1.0, "late", timeout=0.2, abandoned=handed.put)
        assert caught.value.code == grpc.StatusCode.DEADLINE_EXCEEDED
        assert handed.get(timeout=10) == "late"  # once it came, to be cleaned up
        assert pool.run(_slow_answer, 0, "next", timeout=60) == "next"
        assert pool.pids() == [first]  # the same process: giving up on a work does not kill it
    finally:
        pool.close()


def test_what_a_work_raises_is_raised_in_the_caller_and_the_process_stays() -> None:
    pool = WorkerPool(1, errors.picture_worker_lost)
    try:
        with pytest.raises(ValueError, match="no such colour"):
            pool.run(_refuse, "no such colour", timeout=60)
        (first,) = pool.pids()
        with pytest.raises(ValueError, match="again"):
            pool.run(_refuse, "again", timeout=60)
        assert pool.pids() == [first]
    finally:
        pool.close()


def test_calls_beyond_the_processes_wait_for_one_within_their_deadline() -> None:
    pool = WorkerPool(1, errors.picture_worker_lost)
    try:
        pool.run(_slow_answer, 0, "warm", timeout=60)
        with concurrent.futures.ThreadPoolExecutor(2) as threads:
            busy = threads.submit(pool.run, _slow_answer, 1.0, "first", timeout=60)
            time.sleep(0.2)
            waiting = threads.submit(pool.run, _slow_answer, 0, "second", timeout=0.3)
            with pytest.raises(errors.ServiceError) as caught:
                waiting.result()
            assert caught.value.code == grpc.StatusCode.DEADLINE_EXCEEDED  # no process came free in time
            assert busy.result() == "first"
        assert pool.run(_slow_answer, 0, "third", timeout=60) == "third"
    finally:
        pool.close()


def test_a_call_waiting_for_a_process_when_the_pool_closes_is_unavailable() -> None:
    pool = WorkerPool(1, errors.picture_worker_lost)
    with concurrent.futures.ThreadPoolExecutor(2) as threads:
        busy = threads.submit(pool.run, _slow_answer, 2.0, "busy", timeout=60)
        time.sleep(0.5)
        waiting = threads.submit(pool.run, _slow_answer, 0, "waiting", timeout=None)
        time.sleep(0.2)
        pool.close()
        for call in (waiting, busy):
            with pytest.raises(errors.ServiceError) as caught:
                call.result(timeout=10)
            assert caught.value.code == grpc.StatusCode.UNAVAILABLE
