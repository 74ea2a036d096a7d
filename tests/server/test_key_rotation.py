"""Signing key rotation (server/signing.py, docs/integrity.md): keys with ids, the newest signs, every key held
verifies, a signature names its key, and a state signed with a key the server no longer holds is refused
naming that key."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import grpc
import pytest
from rulesengine.v1 import service_pb2, service_pb2_grpc

from server.app import start_server
from server.config import Config, add_arguments, from_arguments, read_keys
from server.signing import MAC_BYTES, Signer, SigningKey, UnknownKey, key_id_of
from tests.server.helpers import details, setup

OLD = SigningKey("2026-01", b"o" * 32)
NEW = SigningKey("2026-07", b"n" * 32)
BARE = b"b" * 32


def _state() -> service_pb2.GameState:
    return service_pb2.GameState(game_id="citadels", rules_version="1.0.0", match_id="m")


def test_the_newest_key_signs_and_its_signature_names_it() -> None:
    state = _state()
    Signer([NEW, OLD]).sign(state)
    assert key_id_of(state.signature) == "2026-07"
    assert len(state.signature) == 2 + len("2026-07") + MAC_BYTES
    assert Signer([NEW]).verify(state)
    with pytest.raises(UnknownKey) as caught:
        Signer([OLD]).verify(state)
    assert caught.value.key_id == "2026-07"


def test_every_key_held_verifies_and_a_changed_state_does_not() -> None:
    state = _state()
    Signer([OLD]).sign(state)
    rotated = Signer([NEW, OLD])
    assert rotated.verify(state)
    state.match_id = "other"
    assert not rotated.verify(state)


def test_a_key_without_an_id_signs_a_bare_mac_as_before_key_ids() -> None:
    state = _state()
    Signer(BARE).sign(state)
    assert len(state.signature) == MAC_BYTES and key_id_of(state.signature) == ""
    assert Signer([NEW, SigningKey("", BARE)]).verify(state)
    with pytest.raises(UnknownKey) as caught:
        Signer([NEW]).verify(state)
    assert caught.value.key_id == ""


@pytest.mark.parametrize("signature", [b"", b"x" * 31, b"\x01\x03abc" + b"m" * 31, b"\x01\x02\xff\xfe" + b"m" * 32])
def test_a_malformed_signature_is_no_match(signature: bytes) -> None:
    state = _state()
    state.signature = signature
    assert key_id_of(signature) is None
    assert not Signer([NEW]).verify(state)


def test_bad_keys_are_refused() -> None:
    with pytest.raises(ValueError, match="at least 16 bytes"):
        SigningKey("short", b"x" * 15)
    with pytest.raises(ValueError, match="key id"):
        SigningKey("no spaces", b"x" * 32)
    with pytest.raises(ValueError, match="share an id"):
        Signer([NEW, SigningKey("2026-07", b"z" * 32)])


def test_a_keys_folder_is_read_newest_first_skipping_dot_files(tmp_path: Path) -> None:
    (tmp_path / "2026-01").write_bytes(b"o" * 32 + b"\n")
    (tmp_path / "2026-07").write_bytes(b"n" * 32)
    (tmp_path / "..data").mkdir()
    (tmp_path / ".hidden").write_bytes(b"h" * 32)
    keys = read_keys(tmp_path)
    assert [k.id for k in keys] == ["2026-07", "2026-01"]
    assert keys[1].secret == b"o" * 32
    parser = argparse.ArgumentParser()
    add_arguments(parser, {})
    config = from_arguments(parser.parse_args(["--signing-keys-dir", str(tmp_path)]), {})
    assert [k.id for k in config.all_signing_keys()] == ["2026-07", "2026-01"]
    assert read_keys(tmp_path / "..data") == ()  # an optional Secret that does not exist mounts empty
    with pytest.raises(ValueError, match="not a folder"):
        read_keys(tmp_path / "2026-01")


@contextmanager
def _serving(*keys: SigningKey) -> Iterator[Any]:
    bare = next((k.secret for k in keys if not k.id), None)
    with_ids = tuple(k for k in keys if k.id)
    config = Config(host="127.0.0.1", port=0, threads=2, signing_key=bare, signing_keys=with_ids, require_signed=True)
    running = start_server(config)
    try:
        with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel:
            yield service_pb2_grpc.RulesEngineServiceStub(channel)
    finally:
        running.stop(None)


def test_a_rotation_end_to_end_old_states_accepted_removed_keys_named() -> None:
    with _serving(SigningKey("", BARE)) as before:
        legacy = before.NewGame(service_pb2.NewGameRequest(setup=setup(2))).state
    with _serving(OLD, SigningKey("", BARE)) as first:
        first.LegalMoves(service_pb2.LegalMovesRequest(state=legacy))  # the bare key still verifies
        started = first.NewGame(service_pb2.NewGameRequest(setup=setup(2))).state
    assert key_id_of(started.signature) == "2026-01"
    with _serving(NEW, OLD) as rotated:
        legal = rotated.LegalMoves(service_pb2.LegalMovesRequest(state=started))
        after = rotated.ApplyMove(service_pb2.ApplyMoveRequest(state=started, move=legal.moves[0])).state
    assert key_id_of(after.signature) == "2026-07"
    with _serving(NEW) as retired:
        retired.LegalMoves(service_pb2.LegalMovesRequest(state=after))
        with pytest.raises(grpc.RpcError) as caught:
            retired.LegalMoves(service_pb2.LegalMovesRequest(state=started))
        assert caught.value.code() == grpc.StatusCode.PERMISSION_DENIED
        assert "'2026-01'" in (caught.value.details() or "")
        info, _ = details(caught.value)
        assert info.reason == "SIGNING_KEY_UNKNOWN" and info.metadata["key_id"] == "2026-01"
        with pytest.raises(grpc.RpcError) as bare:
            retired.LegalMoves(service_pb2.LegalMovesRequest(state=legacy))
        assert details(bare.value)[0].reason == "SIGNING_KEY_UNKNOWN"
