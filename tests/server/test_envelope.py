"""The envelope every game shares (issue #22's findings): a state whose game id and payload disagree, a rules
version that is not ASCII digits, a match id or move number no service made — refused with INVALID_ARGUMENT
naming the field by every RPC that takes them, before any game code runs (and before the state memo)."""

from __future__ import annotations

import itertools
from typing import Any

import grpc
import pytest
from google.protobuf import empty_pb2
from rulesengine.v1 import common_pb2, service_pb2

from engines import registry
from server import envelope
from tests.server.helpers import details

Stub = Any

GAMES = sorted(registry.engines())

#: Rules versions whose every character a careless parser might take for a digit, and other near misses.
BAD_VERSIONS = ("¹.0.0", "١.0.0", "１.0.0", "1.0", "1", "v1.0.0", " 1.0.0", "1.0.0\x00", "", "9" * 80 + ".0.0")


def _first_state(stub: Stub, game: str) -> service_pb2.GameState:
    info = {g.game_id: g for g in stub.ListGames(service_pb2.ListGamesRequest()).games}[game]
    setup = common_pb2.GameSetup(
        game_id=game, players=info.min_players, chance_mode=common_pb2.CHANCE_MODE_SEEDED, seed=11
    )
    return stub.NewGame(service_pb2.NewGameRequest(setup=setup)).state  # type: ignore[no-any-return]


def _state_requests(state: service_pb2.GameState) -> dict[str, Any]:
    """A request of every RPC that takes a state, around ``state`` (the move is a real move of its game)."""
    viewer = common_pb2.Viewer(spectator=empty_pb2.Empty())
    move = service_pb2.Move(seat=0)
    getattr(move, state.WhichOneof("state") or state.game_id).SetInParent()
    return {
        "LegalMoves": service_pb2.LegalMovesRequest(state=state),
        "ValidateMove": service_pb2.ValidateMoveRequest(state=state, move=move),
        "ApplyMove": service_pb2.ApplyMoveRequest(state=state, move=move),
        "Score": service_pb2.ScoreRequest(state=state),
        "ViewState": service_pb2.ViewStateRequest(state=state, viewer=viewer),
        "RenderView": service_pb2.RenderViewRequest(state=state, viewer=viewer),
    }


def _refused(stub: Stub, rpc: str, request: Any, field: str) -> str:
    """Call ``rpc``; it must fail INVALID_ARGUMENT (REQUEST_INVALID) naming ``field``; the message."""
    with pytest.raises(grpc.RpcError) as caught:
        getattr(stub, rpc)(request)
    error = caught.value
    assert error.code() == grpc.StatusCode.INVALID_ARGUMENT, f"{rpc}: {error.code()} {error.details()}"
    info, bad = details(error)
    assert info.reason == "REQUEST_INVALID", (rpc, info.reason)
    assert bad is not None and bad.field_violations[0].field == field, (rpc, bad)
    return str(error.details())


@pytest.mark.parametrize("version", BAD_VERSIONS)
def test_a_rules_version_that_is_not_ascii_semver_is_refused_by_every_state_rpc(stub: Stub, version: str) -> None:
    state = _first_state(stub, "citadels")
    state.rules_version = version
    for rpc, request in _state_requests(state).items():
        _refused(stub, rpc, request, "state.rules_version")


def test_a_superscript_rules_version_in_a_record_is_refused(stub: Stub) -> None:
    state = _first_state(stub, "citadels")
    record = service_pb2.GameRecord(
        setup=common_pb2.GameSetup(game_id="citadels", players=4, chance_mode=common_pb2.CHANCE_MODE_SEEDED, seed=1),
        rules_version="¹.0.0",
    )
    assert state.rules_version
    _refused(stub, "ReplayGame", service_pb2.ReplayGameRequest(record=record), "record.rules_version")


@pytest.mark.parametrize(("named", "held"), list(itertools.permutations(GAMES, 2)))
def test_a_state_whose_game_id_and_payload_disagree_is_refused(stub: Stub, named: str, held: str) -> None:
    state = _first_state(stub, held)  # returned by the server: remembered by its state memo too
    state.game_id = named
    for rpc, request in _state_requests(state).items():
        message = _refused(stub, rpc, request, "state.game_id")
        assert named in message and held in message


def test_a_state_without_a_payload_is_refused(stub: Stub) -> None:
    state = service_pb2.GameState(game_id="citadels", rules_version="1.0.0")
    for rpc, request in _state_requests(state).items():
        _refused(stub, rpc, request, "state")


@pytest.mark.parametrize("match_id", ["x" * (envelope.MAX_MATCH_ID + 1), "\x1b[2J", "a\nb"])
def test_a_state_with_a_match_id_no_service_makes_is_refused(stub: Stub, match_id: str) -> None:
    state = _first_state(stub, "citadels")
    state.match_id = match_id
    for rpc, request in _state_requests(state).items():
        _refused(stub, rpc, request, "state.match_id")


def test_a_state_at_the_last_move_number_has_no_successor(stub: Stub) -> None:
    state = _first_state(stub, "citadels")
    state.move_number = envelope.MAX_MOVE_NUMBER
    # The move is not even read: the state has no successor whatever the move.
    message = _refused(stub, "ApplyMove", service_pb2.ApplyMoveRequest(state=state), "state.move_number")
    assert str(envelope.MAX_MOVE_NUMBER) in message


def test_the_memo_key_tells_games_apart() -> None:
    from server.memo import state_key

    first = service_pb2.GameState(game_id="citadels")
    first.citadels.SetInParent()
    second = service_pb2.GameState()
    second.CopyFrom(first)
    second.game_id = "walls_of_york"
    assert state_key(first) != state_key(second)


@pytest.mark.parametrize("version", ["1.0.0", "12.3.45", "1.0.0-rc.1", "1.0.0+build.7", "0.1.0-alpha+x"])
def test_semantic_versions_parse_to_their_major(version: str) -> None:
    assert envelope.major(version, "v") == int(version.split(".")[0])
