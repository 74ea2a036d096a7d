"""A tournament backend's flow against rollbacks and branches (docs/integrity.md "Matches"): the service signs
every state with its match id and move number, the backend's ``MatchLedger`` keeps the latest of each match."""

from __future__ import annotations

from collections.abc import Iterator

import grpc
import pytest
from rulesengine.v1 import common_pb2, service_pb2
from rulesengine_client import RulesEngineClient
from rulesengine_client.errors import RulesEngineError
from rulesengine_client.matches import LedgerError, MatchLedger, Verdict

from tests.server.conftest import LogSink, serve
from tests.server.helpers import KEY


@pytest.fixture(scope="module")
def client(log_sink: LogSink) -> Iterator[RulesEngineClient]:
    """A client of a server that signs every state and requires signed states."""
    for running in serve(signing_key=KEY, require_signed=True):
        with RulesEngineClient(f"127.0.0.1:{running.port}", timeout=30.0) as connected:
            yield connected


def _setup() -> common_pb2.GameSetup:
    return common_pb2.GameSetup(game_id="walls_of_york", players=2, chance_mode=common_pb2.CHANCE_MODE_SEEDED, seed=11)


def _play(client: RulesEngineClient, state: service_pb2.GameState, pick: int = 0) -> service_pb2.GameState:
    moves = client.legal_moves(state).moves
    return client.apply_move(state, moves[pick % len(moves)]).state


def test_the_ledger_follows_a_match_and_catches_a_rollback_and_a_branch(client: RulesEngineClient) -> None:
    ledger = MatchLedger()
    first = client.new_game(_setup(), match_id="Open 2026 / round 1 / table 4").state
    assert ledger.check(first) is Verdict.UNKNOWN_MATCH
    ledger.start(first)
    states = [first]
    for _ in range(3):
        after = _play(client, states[-1])
        ledger.advance(states[-1], after)
        states.append(after)
    assert [s.move_number for s in states] == [0, 1, 2, 3]
    assert {s.match_id for s in states} == {"Open 2026 / round 1 / table 4"}
    assert ledger.check(states[-1]) is Verdict.LATEST
    # A player hands back an older signed state: the server would accept it, the ledger does not.
    assert all(ledger.check(s) is Verdict.ROLLBACK for s in states[:-1])
    with pytest.raises(LedgerError) as rolled:
        ledger.advance(states[1], _play(client, states[1]))
    assert rolled.value.verdict is Verdict.ROLLBACK
    # Two different moves applied to the latest state: the first one accepted wins, the other is a branch.
    taken, other = _play(client, states[-1], 0), _play(client, states[-1], -1)
    assert taken.signature != other.signature and taken.move_number == other.move_number == 4
    ledger.advance(states[-1], taken)
    assert ledger.check(other) is Verdict.BRANCH
    assert ledger.check(taken) is Verdict.LATEST


def test_the_match_id_and_move_number_are_signed(client: RulesEngineClient) -> None:
    state = client.new_game(_setup(), match_id="m-7").state
    for field, value in (("move_number", 9), ("match_id", "m-8")):
        forged = service_pb2.GameState()
        forged.CopyFrom(state)
        setattr(forged, field, value)
        with pytest.raises(RulesEngineError) as refused:
            client.legal_moves(forged)
        assert refused.value.code == grpc.StatusCode.PERMISSION_DENIED
        assert refused.value.details.reasons == ("SIGNATURE_INVALID",)


def test_a_ledger_accepts_only_a_new_matchs_first_state(client: RulesEngineClient) -> None:
    ledger = MatchLedger()
    first = client.new_game(_setup(), match_id="m-9").state
    later = _play(client, first)
    with pytest.raises(LedgerError) as ahead:
        ledger.start(later)
    assert ahead.value.verdict is Verdict.AHEAD
    ledger.start(first)
    with pytest.raises(LedgerError) as again:
        ledger.start(first)
    assert again.value.verdict is Verdict.BRANCH
    unrelated = client.new_game(_setup()).state
    assert ledger.check(unrelated) is Verdict.UNKNOWN_MATCH
    with pytest.raises(LedgerError):
        ledger.advance(first, unrelated)


def test_a_saved_ledger_loads_back_and_still_catches_a_rollback(client: RulesEngineClient) -> None:
    import json

    ledger = MatchLedger()
    first = client.new_game(_setup(), match_id="saved-ledger").state
    ledger.start(first)
    second = _play(client, first)
    ledger.advance(first, second)
    loaded = MatchLedger.from_dict(json.loads(json.dumps(ledger.to_dict())))
    assert loaded == ledger
    assert loaded.check(second) is Verdict.LATEST and loaded.check(first) is Verdict.ROLLBACK


@pytest.mark.parametrize(
    "saved",
    [
        {},
        {"version": 2, "matches": {}},
        {"version": 1, "matches": []},
        {"version": 1, "matches": {"m": {"move_number": -1, "signature": ""}}},
        {"version": 1, "matches": {"m": {"move_number": True, "signature": ""}}},
        {"version": 1, "matches": {"m": {"move_number": 3, "signature": "not base64!"}}},
        {"version": 1, "matches": {"m": "3"}},
    ],
)
def test_a_ledger_refuses_to_load_anything_but_its_saved_form(saved: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        MatchLedger.from_dict(saved)
