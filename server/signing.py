"""Integrity signatures on game states (docs/integrity.md).

The signature is HMAC-SHA256, keyed with the server's secret, over the deterministic protobuf
serialization of the ``GameState`` with its ``signature`` field cleared. It covers the game id,
the rules version and the whole typed state, so a client can neither edit a state nor move it
to another game or version. Deterministic serialization is stable for a given protobuf
runtime; every worker of a deployment runs the same one, so any worker verifies any other's
signatures.
"""

from __future__ import annotations

import hashlib
import hmac

from rulesengine.v1 import service_pb2

#: The shortest key accepted: HMAC-SHA256 keys below 128 bits are guessable.
MIN_KEY_BYTES = 16


class Signer:
    """Signs and verifies ``GameState`` messages with one secret key."""

    def __init__(self, key: bytes) -> None:
        if len(key) < MIN_KEY_BYTES:
            raise ValueError(f"the signing key must be at least {MIN_KEY_BYTES} bytes, got {len(key)}")
        self._key = key

    def _mac(self, state: service_pb2.GameState) -> bytes:
        signature = state.signature
        state.ClearField("signature")
        try:
            payload = state.SerializeToString(deterministic=True)
        finally:
            state.signature = signature
        return hmac.new(self._key, payload, hashlib.sha256).digest()

    def sign(self, state: service_pb2.GameState) -> None:
        """Set ``state.signature`` for the current content of ``state``."""
        state.signature = self._mac(state)

    def verify(self, state: service_pb2.GameState) -> bool:
        """Whether ``state.signature`` matches the content (constant-time comparison)."""
        return hmac.compare_digest(state.signature, self._mac(state))
