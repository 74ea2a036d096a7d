"""Searches for ``SuggestMove``, in worker processes (``Searcher``), so a search of a second or more never
holds the interpreter lock the calls of play need.

The server hands a worker nothing but the seat's view (``engines.core.search``: the search deals what the
view hides itself), encoded as MessagePack, with the budget: the most playouts and the time the search must
end by, already cut to the call's deadline. The worker searches until then by the machine's monotonic
clock, which every process shares, so the time a process takes to start (the first search, or one after a
process was lost) is spent from the budget rather than added to it; it answers the moves it weighed,
encoded; the server decodes them against the game's move type and labels them.

The processes (``server.workers``) run at a lower CPU priority than the server's, so searches take the CPU
the calls of play leave. Admission (how many searches at once) is the ``search``
lane's (``server.lanes``): a search waits for no other, a call beyond the processes is refused at once.
"""

from __future__ import annotations

import time
from typing import Any

import msgspec

from engines import registry
from engines.core.search import Candidate, Suggestion, search
from server import errors
from server.metrics import Metrics
from server.workers import WorkerPool, take_turn, turn

#: How long after its own time limit a worker may take to answer before a call without a deadline (or with an
#: earlier one) gives up on it: one iteration (a deal and a playout to the end) of the slowest game takes about
#: a tenth of a second; a process's start (the first search) may take a second or more. A call with a later
#: deadline waits for the worker until that deadline.
GRACE_SECONDS = 2.0


#: The time kept back from a call's deadline for the search's last iteration (it looks at its clock after each
#: one) and to decode, label and send the answer.
ANSWER_SECONDS = 0.2


class Budget(msgspec.Struct, frozen=True):
    """What one search may spend: at most ``playouts`` playouts, and its time until ``ends`` by ``time.monotonic``
    (a clock every process of the machine shares: a search's time counts from its call, not from when a worker
    process took it up)."""

    playouts: int
    ends: float

    @property
    def seconds(self) -> float:
        """The time left now (never below 0)."""
        return max(0.0, self.ends - time.monotonic())


def _encoded(suggestion: Suggestion) -> bytes:
    moves = [(msgspec.msgpack.encode(c.move), c.visits, c.value) for c in suggestion.candidates]
    return msgspec.msgpack.encode((moves, suggestion.playouts, suggestion.stopped))


def search_in_worker(game_id: str, view: bytes, seat: int, seed: int, budget: Budget) -> bytes:
    """What a searching process does (module level, so it can be pickled): decode the view, search it until the
    budget's end, and answer the candidates encoded (``decode_answer``)."""
    engine = registry.get(game_id)
    state = msgspec.msgpack.decode(view, type=engine.state_type)
    with turn():
        found = search(engine, state, seat, budget.playouts, seed, _turn_taking_clock, budget.seconds)
    return _encoded(found)


def _turn_taking_clock() -> float:
    """The search's clock, read after each iteration: the moment another searching process may take its turn."""
    take_turn()
    return time.monotonic()


def decode_answer(engine: Any, data: bytes) -> Suggestion:
    """A worker's answer as a ``Suggestion`` of the engine's moves."""
    moves, playouts, stopped = msgspec.msgpack.decode(data)
    candidates = tuple(
        Candidate(msgspec.msgpack.decode(move, type=engine.move_type), visits, value) for move, visits, value in moves
    )
    return Suggestion(candidates[0].move, candidates, playouts, stopped)


class Searcher:
    """Searches run by ``processes`` worker processes at a lower CPU priority than the server's; started at
    the first search, replaced when one dies (that call answers UNAVAILABLE).

    ``millis``: a search's time when its request names none; ``max_millis`` and ``max_playouts``: the most a
    request may ask for (more is cut to them); ``cpus``: the CPUs the processes may run on (``None``: any);
    ``metrics``: where a process replaced is counted."""

    def __init__(
        self,
        processes: int = 1,
        millis: int = 1000,
        max_millis: int = 10_000,
        max_playouts: int = 100_000,
        cpus: frozenset[int] | None = None,
        metrics: Metrics | None = None,
    ) -> None:
        self.processes = processes
        self.millis = millis
        self.max_millis = max_millis
        self.max_playouts = max_playouts
        self._workers = WorkerPool(
            processes, errors.search_worker_lost, cpus, turns=True, name="searches", metrics=metrics
        )

    def budget(self, playouts: int, millis: int, remaining: float | None) -> Budget:
        """The budget of a request asking for ``playouts`` and ``millis`` (0: the defaults), cut to the server's
        limits and to the call's ``remaining`` seconds (``None``: no deadline) less the time to answer;
        DEADLINE_EXCEEDED when no time is left."""
        seconds = min(millis or self.millis, self.max_millis) / 1000
        if remaining is not None:
            seconds = min(seconds, remaining - ANSWER_SECONDS)
            if seconds <= 0:
                raise errors.deadline_exceeded()
        return Budget(min(playouts or self.max_playouts, self.max_playouts), time.monotonic() + seconds)

    def search(
        self, game_id: str, view: bytes, seat: int, seed: int, budget: Budget, remaining: float | None = None
    ) -> bytes:
        """A worker's encoded answer for ``seat``'s ``view``; DEADLINE_EXCEEDED if it does not come within the
        budget's time left and ``GRACE_SECONDS``, or by the call's deadline (``remaining`` seconds) if that is
        later: a searching process slow to start is no reason to fail a call that still has time."""
        wait = budget.seconds + GRACE_SECONDS
        if remaining is not None:
            wait = max(wait, remaining)
        return self._workers.run(search_in_worker, game_id, view, seat, seed, budget, timeout=wait)

    def close(self) -> None:
        """Stop the searching processes, a search under way included (the server is stopping)."""
        self._workers.close()
