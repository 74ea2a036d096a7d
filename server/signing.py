"""Integrity signatures on game states (docs/integrity.md).

The signature is HMAC-SHA256, keyed with one of the server's secret keys, over the deterministic protobuf
serialization of the ``GameState`` with its ``signature`` field cleared. It covers the game id, the rules
version and the whole typed state, so a client can neither edit a state nor move it to another game or
version. Deterministic serialization is stable for a given protobuf runtime; every worker of a deployment
runs the same one, so any worker verifies any other's signatures.

**Key rotation.** A server holds several keys, each with an id; it signs with the newest and accepts a
state signed with any key it holds. A signature names its key: ``0x01``, the id's length (one byte), the
id in ASCII, then the 32-byte MAC. A key without an id (the single key of ``--signing-key-file``) signs
with the bare 32-byte MAC, as before key ids existed, so states signed before a rotation stay valid.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from rulesengine.v1 import service_pb2

#: The shortest key accepted: HMAC-SHA256 keys below 128 bits are guessable.
MIN_KEY_BYTES = 16
#: What a key id may be: it travels in every signature, so it is short and plain.
KEY_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")
MAC_BYTES = 32
_TAGGED = 0x01


@dataclass(frozen=True)
class SigningKey:
    """One secret key and its id (``""``: the key of a server without key ids)."""

    id: str
    secret: bytes = field(repr=False)

    def __post_init__(self) -> None:
        if self.id and not KEY_ID.fullmatch(self.id):
            raise ValueError(f"a signing key id is 1 to 64 letters, digits, '.', '_' or '-'; got {self.id!r}")
        if len(self.secret) < MIN_KEY_BYTES:
            shown = f" {self.id!r}" if self.id else ""
            raise ValueError(f"the signing key{shown} must be at least {MIN_KEY_BYTES} bytes, got {len(self.secret)}")


class UnknownKey(Exception):
    """A state signed with a key this server does not hold (removed by a rotation, or another deployment's)."""

    def __init__(self, key_id: str) -> None:
        super().__init__(key_id)
        self.key_id = key_id


def key_id_of(signature: bytes) -> str | None:
    """The id of the key a signature names (``""`` for a bare MAC); ``None`` when it is no signature at all."""
    if len(signature) == MAC_BYTES:
        return ""
    if len(signature) > 2 and signature[0] == _TAGGED and len(signature) == 2 + signature[1] + MAC_BYTES:
        try:
            key_id = signature[2 : 2 + signature[1]].decode("ascii")
        except UnicodeDecodeError:
            return None
        return key_id if KEY_ID.fullmatch(key_id) else None
    return None


class Signer:
    """Signs ``GameState`` messages with the newest key and verifies them with any key it holds."""

    def __init__(self, keys: bytes | Sequence[SigningKey]) -> None:
        held = [SigningKey("", keys)] if isinstance(keys, bytes) else list(keys)
        if not held:
            raise ValueError("a signer needs at least one key")
        ids = [k.id for k in held]
        if len(set(ids)) != len(ids):
            raise ValueError(f"two signing keys share an id: {sorted(i for i in ids if ids.count(i) > 1)}")
        self._newest = held[0]
        self._keys = {k.id: k.secret for k in held}

    @property
    def key_ids(self) -> tuple[str, ...]:
        """The ids of the keys held, the signing one first."""
        return (self._newest.id, *(i for i in self._keys if i != self._newest.id))

    @staticmethod
    def _mac(secret: bytes, state: service_pb2.GameState) -> bytes:
        signature = state.signature
        state.ClearField("signature")
        try:
            payload = state.SerializeToString(deterministic=True)
        finally:
            state.signature = signature
        return hmac.new(secret, payload, hashlib.sha256).digest()

    def sign(self, state: service_pb2.GameState) -> None:
        """Set ``state.signature`` for the current content of ``state``, under the newest key."""
        mac = self._mac(self._newest.secret, state)
        key_id = self._newest.id.encode("ascii")
        state.signature = bytes((_TAGGED, len(key_id))) + key_id + mac if key_id else mac

    def verify(self, state: service_pb2.GameState) -> bool:
        """Whether ``state.signature`` matches the content under the key it names (constant-time comparison).
        Raises ``UnknownKey`` when it names a key this signer does not hold."""
        key_id = key_id_of(state.signature)
        if key_id is None:
            return False
        secret = self._keys.get(key_id)
        if secret is None:
            raise UnknownKey(key_id)
        return hmac.compare_digest(state.signature[-MAC_BYTES:], self._mac(secret, state))
