"""A bounded memo of states this server has already decoded and checked.

Decoding a state and checking its consistency is most of an RPC's work, and callers mostly
send back the very state the service just returned (play proceeds move by move). The memo
maps the deterministic serialization of a ``GameState`` (game id, rules version, signature
and typed state all included) to the engine state it holds. It only ever holds states that
the engine produced or accepted, so a hit is exactly what decoding and checking would give:
the service stays stateless in behaviour; the memo only saves work.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from rulesengine.v1 import service_pb2


def state_key(message: service_pb2.GameState) -> bytes:
    """The memo key of a state message: its deterministic serialization."""
    return message.SerializeToString(deterministic=True)


class StateMemo:
    """A thread-safe least-recently-used map from state keys to checked engine states."""

    def __init__(self, capacity: int = 2048) -> None:
        self._capacity = capacity
        self._items: OrderedDict[bytes, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: bytes) -> Any | None:
        """The engine state for ``key``, or ``None``."""
        if self._capacity <= 0:
            return None
        with self._lock:
            state = self._items.get(key)
            if state is not None:
                self._items.move_to_end(key)
            return state

    def put(self, key: bytes, state: Any) -> None:
        """Remember a checked state; the least recently used one goes when full."""
        if self._capacity <= 0:
            return
        with self._lock:
            self._items[key] = state
            self._items.move_to_end(key)
            while len(self._items) > self._capacity:
                self._items.popitem(last=False)

    def __len__(self) -> int:
        with self._lock:
            return len(self._items)
