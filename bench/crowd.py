"""A crowd of clients making expensive calls back to back while a benchmark measures the calls of play
(``bench.picture_load``, ``bench.search_load``)."""

from __future__ import annotations

import threading
from collections import Counter

from bench.server_bench import Recorded


class Crowd:
    """``count`` clients, each on a thread of its own running ``client(index)`` until stopped; ``states`` are
    a few states of each recorded game for them to ask about, ``outcomes`` what their calls answered."""

    def __init__(self, port: int, recorded: Recorded, count: int) -> None:
        self.port = port
        self.states = [pair[0] for game in recorded.games for pair in game[:: max(1, len(game) // 8)]]
        self.count = count
        self.outcomes: Counter[str] = Counter()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._threads = [threading.Thread(target=self.client, args=(i,), daemon=True) for i in range(count)]

    def start(self) -> None:
        for thread in self._threads:
            thread.start()

    def stop(self) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join(120)

    @property
    def stopping(self) -> bool:
        return self._stop.is_set()

    def pause(self, seconds: float) -> None:
        """Wait ``seconds`` (a refused call's retry delay), or less if the crowd is stopped meanwhile."""
        self._stop.wait(seconds)

    def note(self, outcome: str) -> None:
        with self._lock:
            self.outcomes[outcome] += 1

    def client(self, index: int) -> None:
        raise NotImplementedError
