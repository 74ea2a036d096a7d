"""The state memo saves work only: a remembered state answers exactly as decoding would, and
a changed state is never taken from the memo."""

from __future__ import annotations

from typing import Any

import grpc
import pytest
from rulesengine.v1 import service_pb2

from bench.padded_states import unknown_field
from server.memo import COST_PER_KEY_BYTE, StateMemo, state_key
from tests.server.helpers import details, setup


def test_memo_forgets_the_least_recently_used_state() -> None:
    memo = StateMemo(2)
    memo.put(b"a", 1)
    memo.put(b"b", 2)
    assert memo.get(b"a") == 1  # "a" is now the most recent
    memo.put(b"c", 3)
    assert (memo.get(b"a"), memo.get(b"b"), memo.get(b"c")) == (1, None, 3)
    assert len(memo) == 2


def test_a_zero_sized_memo_remembers_nothing() -> None:
    memo = StateMemo(0)
    memo.put(b"a", 1)
    assert memo.get(b"a") is None and len(memo) == 0


def test_a_returned_state_sent_back_gives_the_same_answers(stub: Any) -> None:
    state = stub.NewGame(service_pb2.NewGameRequest(setup=setup())).state
    move = stub.LegalMoves(service_pb2.LegalMovesRequest(state=state)).moves[0]
    first = stub.ApplyMove(service_pb2.ApplyMoveRequest(state=state, move=move))
    again = stub.ApplyMove(service_pb2.ApplyMoveRequest(state=state, move=move))
    assert state_key(first.state) == state_key(again.state)
    assert first.pending == again.pending


def test_an_edited_state_is_checked_even_after_its_original_was_remembered(stub: Any) -> None:
    state = stub.NewGame(service_pb2.NewGameRequest(setup=setup())).state
    stub.Score(service_pb2.ScoreRequest(state=state))  # remembered now
    edited = service_pb2.GameState()
    edited.CopyFrom(state)
    edited.citadels.players[0].gold = 99
    edited.citadels.deck.append("manor")  # a 69th card breaks conservation (P-1)
    with pytest.raises(grpc.RpcError) as caught:
        stub.Score(service_pb2.ScoreRequest(state=edited))
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    info, _ = details(caught.value)
    assert info.reason == "STATE_INVALID"


def test_memo_is_bounded_in_bytes() -> None:
    memo = StateMemo(100, max_bytes=3 * 10 * COST_PER_KEY_BYTE)
    for name in (b"aaaaaaaaaa", b"bbbbbbbbbb", b"cccccccccc", b"dddddddddd"):
        memo.put(name, name)
    assert len(memo) == 3 and memo.get(b"aaaaaaaaaa") is None
    assert memo.bytes == 3 * 10 * COST_PER_KEY_BYTE
    memo.put(b"x" * 1000, "too large alone")
    assert memo.get(b"x" * 1000) is None and len(memo) == 3


def test_unknown_fields_and_the_signature_are_not_part_of_the_key(stub: Any) -> None:
    """Finding 2 of the hardening review: padding a state with unknown fields must not make a new,
    larger memo entry."""
    state = stub.NewGame(service_pb2.NewGameRequest(setup=setup())).state
    padded = service_pb2.GameState()
    padded.MergeFromString(state.SerializeToString() + unknown_field(60_000))
    padded.citadels.MergeFromString(unknown_field(70_000))
    padded.signature = b"whatever"
    assert len(padded.SerializeToString()) > 130_000
    assert state_key(padded) == state_key(state)
