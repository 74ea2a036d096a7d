"""Searches for ``SuggestMove``, in worker processes (``Searcher``), so a search of a second or more never
holds the interpreter lock the calls of play need.

The server hands a worker nothing but the seat's view (``engines.core.search``: the search deals what the
view hides itself), encoded as MessagePack, with the budget: the most playouts and the most seconds, the
latter already cut to the call's deadline. The worker searches by its own clock and answers the moves it
weighed, encoded; the server decodes them against the game's move type and labels them.

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
from server.workers import WorkerPool

#: How long after its own time limit a worker may take to answer before the call gives up on it: one
#: iteration (a deal and a playout to the end) of the slowest game takes about a tenth of a second.
GRACE_SECONDS = 2.0


#: The time kept back from a call's deadline to label and send the answer.
ANSWER_SECONDS = 0.05


class Budget(msgspec.Struct, frozen=True):
    """What one search may spend: at most ``playouts`` playouts and at most ``seconds`` seconds."""

    playouts: int
    seconds: float


def _encoded(suggestion: Suggestion) -> bytes:
    moves = [(msgspec.msgpack.encode(c.move), c.visits, c.value) for c in suggestion.candidates]
    return msgspec.msgpack.encode((moves, suggestion.playouts, suggestion.stopped))


def search_in_worker(game_id: str, view: bytes, seat: int, seed: int, budget: Budget) -> bytes:
    """What a searching process does (module level, so it can be pickled): decode the view, search it by the
    process's own clock, and answer the candidates encoded (``decode_answer``)."""
    engine = registry.get(game_id)
    state = msgspec.msgpack.decode(view, type=engine.state_type)
    found = search(engine, state, seat, budget.playouts, seed, time.monotonic, budget.seconds, engine.knobs)
    return _encoded(found)


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
    request may ask for (more is cut to them)."""

    def __init__(
        self, processes: int = 1, millis: int = 1000, max_millis: int = 10_000, max_playouts: int = 100_000
    ) -> None:
        self.processes = processes
        self.millis = millis
        self.max_millis = max_millis
        self.max_playouts = max_playouts
        self._workers = WorkerPool(processes, errors.search_worker_lost)

    def budget(self, playouts: int, millis: int, remaining: float | None) -> Budget:
        """The budget of a request asking for ``playouts`` and ``millis`` (0: the defaults), cut to the server's
        limits and to the call's ``remaining`` seconds (``None``: no deadline) less the time to answer;
        DEADLINE_EXCEEDED when no time is left."""
        seconds = min(millis or self.millis, self.max_millis) / 1000
        if remaining is not None:
            seconds = min(seconds, remaining - ANSWER_SECONDS)
            if seconds <= 0:
                raise errors.deadline_exceeded()
        return Budget(min(playouts or self.max_playouts, self.max_playouts), seconds)

    def search(self, game_id: str, view: bytes, seat: int, seed: int, budget: Budget) -> bytes:
        """A worker's encoded answer for ``seat``'s ``view``; DEADLINE_EXCEEDED if it does not come within the
        budget's seconds and ``GRACE_SECONDS``."""
        return self._workers.run(
            search_in_worker, game_id, view, seat, seed, budget, timeout=budget.seconds + GRACE_SECONDS
        )

    def close(self) -> None:
        """Stop the searching processes, a search under way included (the server is stopping)."""
        self._workers.close()
