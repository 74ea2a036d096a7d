"""A bounded memo of states this server has already decoded and checked.

Decoding a state and checking its consistency is most of an RPC's work, and callers mostly
send back the very state the service just returned (play proceeds move by move). The memo
maps a state's *content* (``state_key``: the game id, the payload's game and the deterministic
serialization of the game's own typed state, with unknown fields dropped and without the signature)
to the engine state it holds. It only ever holds states that the engine produced or accepted, so a hit is
exactly what decoding and checking would give: the service stays stateless in behaviour; the
memo only saves work.

Nothing a client sends can grow it without bound: it holds at most ``capacity`` states and at
most ``max_bytes`` of them, counting each state as its key's size times ``COST_PER_KEY_BYTE``
(the key plus the decoded engine state's Python objects). Unknown
fields never reach a key, so padding a state does not make its entry any larger.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from rulesengine.v1 import service_pb2

from server.metrics import Metrics

#: Memory an entry costs per byte of its key: the key itself, plus the decoded engine state
#: (measured with tracemalloc at 4-9 bytes of Python objects per serialized byte, all three games).
COST_PER_KEY_BYTE = 10


def state_key(message: service_pb2.GameState, built_here: bool = False) -> bytes:
    """The memo key of a state message: everything that decides which engine runs on it and what it
    decodes to, i.e. the game id, the game whose payload the oneof holds (the envelope check refuses a
    state where the two differ; the key keeps them apart all the same) and that payload's deterministic
    serialization.

    Unknown fields are dropped from ``message`` (they carry nothing the engine reads), so two
    messages that decode to the same state have the same key; a message ``built_here``, by this server's
    codec, has none to drop. The signature and the rules version
    are not part of the key: neither changes the decoded state.
    """
    held = message.WhichOneof("state")
    if held is None:
        return b"%s\0" % message.game_id.encode()
    typed = getattr(message, held)
    if not built_here:
        typed.DiscardUnknownFields()
    return b"%s\0%s\0%s" % (message.game_id.encode(), held.encode(), typed.SerializeToString(deterministic=True))


class StateMemo:
    """A thread-safe least-recently-used map from state keys to checked engine states, bounded in
    entries and in bytes. With ``metrics``, its hits, misses and bytes are counted there."""

    def __init__(self, capacity: int = 2048, max_bytes: int = 64 * 1024 * 1024, metrics: Metrics | None = None) -> None:
        self._capacity = capacity
        self._max_bytes = max_bytes
        self._metrics = metrics
        self._items: OrderedDict[bytes, Any] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    @property
    def enabled(self) -> bool:
        """Whether the memo remembers anything at all."""
        return self._capacity > 0 and self._max_bytes > 0

    def get(self, key: bytes) -> Any | None:
        """The engine state for ``key``, or ``None``."""
        if not self.enabled:
            return None
        with self._lock:
            state = self._items.get(key)
            if state is not None:
                self._items.move_to_end(key)
        if self._metrics is not None:
            (self._metrics.memo_misses if state is None else self._metrics.memo_hits).inc()
        return state

    def put(self, key: bytes, state: Any) -> None:
        """Remember a checked state; the least recently used ones go when a bound is reached.

        A state too large to fit the byte budget on its own is not remembered."""
        cost = len(key) * COST_PER_KEY_BYTE
        if not self.enabled or cost > self._max_bytes:
            return
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return
            self._items[key] = state
            self._bytes += cost
            while len(self._items) > self._capacity or self._bytes > self._max_bytes:
                old, _ = self._items.popitem(last=False)
                self._bytes -= len(old) * COST_PER_KEY_BYTE
            if self._metrics is not None:
                self._metrics.memo_bytes.set(self._bytes)

    @property
    def bytes(self) -> int:
        """The memory the remembered states are counted as."""
        with self._lock:
            return self._bytes

    def __len__(self) -> int:
        with self._lock:
            return len(self._items)
