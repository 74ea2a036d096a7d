"""Every RPC over a real local port, with the happy paths and every error path."""

from __future__ import annotations

import random
import re
from typing import Any, TypeAlias

import grpc
import msgspec
import pytest
from google.protobuf import json_format
from rulesengine.v1 import common_pb2, service_pb2

from engines import registry
from server.app import Running
from server.signing import Signer
from tests.server.conftest import LogSink
from tests.server.helpers import KEY, details, play_through_api, setup

#: The generated gRPC stub class (its module carries no type information).
Stub: TypeAlias = Any


def _new(stub: Stub, game: common_pb2.GameSetup | None = None, match_id: str = "") -> service_pb2.NewGameResponse:
    return stub.NewGame(service_pb2.NewGameRequest(setup=game or setup(), match_id=match_id))


def _fails(call: Any, request: Any, code: grpc.StatusCode) -> grpc.RpcError:
    with pytest.raises(grpc.RpcError) as caught:
        call(request)
    assert caught.value.code() == code, caught.value.details()
    return caught.value


@pytest.fixture(scope="module")
def version(stub: Stub) -> str:
    """The server's Citadels rules version."""
    return str(stub.ListGames(service_pb2.ListGamesRequest()).games[0].rules_version)


@pytest.fixture(scope="module")
def seeded_game(stub: Stub) -> tuple[list[service_pb2.GameState], list[service_pb2.Move]]:
    """A whole seeded 4-player game played through the API."""
    return play_through_api(stub, setup(4, seed=2024), random.Random(1))


# ---- ListGames, DescribeGame -----------------------------------------------------------------


def test_list_games_reports_citadels_with_its_option_schema(stub: Stub) -> None:
    games = stub.ListGames(service_pb2.ListGamesRequest()).games
    citadels = {g.game_id: g for g in games}["citadels"]
    assert (citadels.min_players, citadels.max_players) == (2, 8)
    assert re.fullmatch(r"\d+\.\d+\.\d+", citadels.rules_version)
    options = {o.name: o for o in citadels.options}
    assert options["preset"].default == "first_game"
    assert "first_game" in options["preset"].choices
    assert options["build_requires_gather"].default == "true"


def test_list_games_reports_what_kind_of_game_each_is(stub: Stub) -> None:
    games = {g.game_id: g for g in stub.ListGames(service_pb2.ListGamesRequest()).games}
    kinds = {
        game_id: (g.game_type.simultaneous, g.game_type.hidden_information, g.game_type.chance)
        for game_id, g in games.items()
    }
    assert kinds["citadels"] == (False, True, True)  # the characters are chosen in turn
    assert kinds["walls_of_york"] == (True, True, True)  # every open player places at once, in secret
    assert kinds["guilds_of_london"] == (True, True, True)  # the Lord Mayor cards are kept at once
    automated = {game_id: list(g.game_type.automated_seats) for game_id, g in games.items()}
    [cleric] = automated["viscounts"]
    assert (cleric.players, cleric.seat, cleric.name) == (1, 1, "Cleric AI")
    assert automated["citadels"] == []
    for game_id, engine in registry.engines().items():
        declared = _present(msgspec.json.decode(msgspec.json.encode(engine.info.game_type)))
        sent = json_format.MessageToDict(games[game_id].game_type, preserving_proto_field_name=True)
        assert sent == declared


def _present(value: Any) -> Any:
    """``value`` as proto3 JSON shows it: false, zero, empty and absent fields left out, at every depth."""
    if isinstance(value, dict):
        kept = {name: _present(item) for name, item in value.items()}
        return {name: item for name, item in kept.items() if item not in (None, False, 0, "", [], {})}
    if isinstance(value, list):
        return [_present(item) for item in value]
    return value


def test_a_solo_game_can_be_viewed_from_its_automated_seat_and_no_further(stub: Stub) -> None:
    """A solo game has two seats, the player's and the automated one's (``seats(state)``, not the player count)."""
    solo = common_pb2.GameSetup(game_id="viscounts", players=1, chance_mode=common_pb2.CHANCE_MODE_SEEDED, seed=7)
    state = stub.NewGame(service_pb2.NewGameRequest(setup=solo)).state
    view = stub.ViewState(service_pb2.ViewStateRequest(state=state, viewer=common_pb2.Viewer(seat=1)))
    assert view.state.viscounts.viewer == 1
    error = _fails(
        stub.ViewState,
        service_pb2.ViewStateRequest(state=state, viewer=common_pb2.Viewer(seat=2)),
        grpc.StatusCode.INVALID_ARGUMENT,
    )
    assert "0..1" in error.details()


def test_describe_game_returns_content_with_provenance(stub: Stub) -> None:
    response = stub.DescribeGame(service_pb2.DescribeGameRequest(game_id="citadels"))
    content = json_format.MessageToDict(response.content)
    assert len(content["characters"]) == 27
    assert {d["provenance"] for d in content["districts"]} <= {"printed", "rulebook", "reconstructed"}


def test_describe_unknown_game_is_not_found(stub: Stub) -> None:
    error = _fails(stub.DescribeGame, service_pb2.DescribeGameRequest(game_id="chess"), grpc.StatusCode.NOT_FOUND)
    info, _ = details(error)
    assert info.reason == "GAME_NOT_FOUND"
    assert "citadels" in error.details()


# ---- NewGame -----------------------------------------------------------------------------------


def test_new_game_is_signed_and_owes_a_first_decision(stub: Stub) -> None:
    response = _new(stub)
    assert response.state.game_id == "citadels"
    assert Signer(KEY).verify(response.state)
    assert list(response.pending.seats) == [0]
    assert response.state.citadels.HasField("rng")


def test_new_game_is_deterministic_for_a_seed(stub: Stub) -> None:
    assert _new(stub, setup(5, seed=99), "m").state == _new(stub, setup(5, seed=99), "m").state
    assert _new(stub, setup(5, seed=99), "m").state != _new(stub, setup(5, seed=100), "m").state


def test_a_new_game_carries_its_match_id_and_each_move_counts_one(stub: Stub) -> None:
    first, second = _new(stub, setup(4, seed=3)).state, _new(stub, setup(4, seed=3)).state
    assert first.match_id and second.match_id and first.match_id != second.match_id
    assert first.move_number == 0
    chosen = _new(stub, setup(4, seed=3), "Open 2026 / R1 / T4").state
    assert chosen.match_id == "Open 2026 / R1 / T4"
    move = stub.LegalMoves(service_pb2.LegalMovesRequest(state=chosen)).moves[0]
    after = stub.ApplyMove(service_pb2.ApplyMoveRequest(state=chosen, move=move)).state
    assert (after.match_id, after.move_number) == (chosen.match_id, 1)
    later = stub.ApplyMove(
        service_pb2.ApplyMoveRequest(
            state=after, move=stub.LegalMoves(service_pb2.LegalMovesRequest(state=after)).moves[0]
        )
    ).state
    assert later.move_number == 2


@pytest.mark.parametrize("match_id", ["x" * 129, "tab\there"])
def test_a_match_id_is_short_and_printable(stub: Stub, match_id: str) -> None:
    error = _fails(
        stub.NewGame, service_pb2.NewGameRequest(setup=setup(), match_id=match_id), grpc.StatusCode.INVALID_ARGUMENT
    )
    assert "match_id" in error.details()


def test_external_chance_makes_the_chance_seat_draw(stub: Stub) -> None:
    response = _new(stub, setup(3, seed=None))
    assert list(response.pending.seats) == [-1]
    assert not response.state.citadels.HasField("rng")
    assert response.state.citadels.external_chance


def test_new_game_applies_option_overrides(stub: Stub) -> None:
    response = _new(stub, setup(4, preset="cunning_agents", great_wall_surcharge_to="owner"))
    assert response.state.citadels.options.preset == "cunning_agents"
    assert response.state.citadels.options.great_wall_surcharge_to == "owner"


@pytest.mark.parametrize(
    ("game", "field"),
    [
        (common_pb2.GameSetup(game_id="citadels", players=4), "setup.chance_mode"),
        (common_pb2.GameSetup(game_id="citadels", players=4, chance_mode=common_pb2.CHANCE_MODE_SEEDED), "setup.seed"),
        (
            common_pb2.GameSetup(game_id="citadels", players=4, chance_mode=common_pb2.CHANCE_MODE_EXTERNAL, seed=1),
            "setup.seed",
        ),
        (common_pb2.GameSetup(players=4, chance_mode=common_pb2.CHANCE_MODE_SEEDED, seed=1), "setup.game_id"),
    ],
)
def test_new_game_refuses_an_ambiguous_setup(stub: Stub, game: common_pb2.GameSetup, field: str) -> None:
    error = _fails(stub.NewGame, service_pb2.NewGameRequest(setup=game), grpc.StatusCode.INVALID_ARGUMENT)
    info, bad = details(error)
    assert info.reason == "REQUEST_INVALID"
    assert bad is not None and bad.field_violations[0].field == field


@pytest.mark.parametrize(
    ("game", "field"),
    [
        (setup(9), "setup.players"),
        (setup(4, colour="blue"), "setup.overrides"),
        (setup(4, preset="nope"), "setup.overrides.preset"),
    ],
)
def test_new_game_refuses_invalid_options(stub: Stub, game: common_pb2.GameSetup, field: str) -> None:
    error = _fails(stub.NewGame, service_pb2.NewGameRequest(setup=game), grpc.StatusCode.INVALID_ARGUMENT)
    info, bad = details(error)
    assert info.reason == "OPTIONS_INVALID"
    assert bad is not None and bad.field_violations[0].field == field


def test_new_game_of_an_unknown_game_is_not_found(stub: Stub) -> None:
    game = common_pb2.GameSetup(game_id="chess", players=2, chance_mode=common_pb2.CHANCE_MODE_SEEDED, seed=1)
    error = _fails(stub.NewGame, service_pb2.NewGameRequest(setup=game), grpc.StatusCode.NOT_FOUND)
    assert details(error)[0].metadata["game_id"] == "chess"


# ---- LegalMoves ----------------------------------------------------------------------------------


def test_legal_moves_are_all_valid(stub: Stub) -> None:
    state = _new(stub).state
    response = stub.LegalMoves(service_pb2.LegalMovesRequest(state=state))
    assert response.moves
    for move in response.moves:
        assert move.seat == response.pending.seats[0]
        assert stub.ValidateMove(service_pb2.ValidateMoveRequest(state=state, move=move)).legal


def test_legal_moves_for_one_seat(stub: Stub) -> None:
    state = _new(stub).state
    everyone = stub.LegalMoves(service_pb2.LegalMovesRequest(state=state))
    owner = everyone.pending.seats[0]
    mine = stub.LegalMoves(service_pb2.LegalMovesRequest(state=state, seat=owner))
    assert list(mine.moves) == list(everyone.moves)
    other = stub.LegalMoves(service_pb2.LegalMovesRequest(state=state, seat=(owner + 1) % 4))
    assert not other.moves
    assert list(other.pending.seats) == [owner]


def test_legal_moves_of_the_chance_seat(stub: Stub) -> None:
    state = _new(stub, setup(4, seed=None)).state
    chance = stub.LegalMoves(service_pb2.LegalMovesRequest(state=state, seat=-1))
    assert chance.moves and all(m.seat == -1 and m.citadels.HasField("chance_card") for m in chance.moves)
    assert not stub.LegalMoves(service_pb2.LegalMovesRequest(state=state, seat=0)).moves


@pytest.mark.parametrize("seat", [-2, 4, 99])
def test_legal_moves_for_a_seat_that_does_not_exist(stub: Stub, seat: int) -> None:
    request = service_pb2.LegalMovesRequest(state=_new(stub).state, seat=seat)
    error = _fails(stub.LegalMoves, request, grpc.StatusCode.INVALID_ARGUMENT)
    assert details(error)[1].field_violations[0].field == "seat"  # type: ignore[union-attr]


# ---- ValidateMove, ApplyMove ---------------------------------------------------------------------


def _out_of_turn(stub: Stub, state: service_pb2.GameState) -> service_pb2.Move:
    legal = stub.LegalMoves(service_pb2.LegalMovesRequest(state=state))
    move = service_pb2.Move()
    move.CopyFrom(legal.moves[0])
    move.seat = (legal.pending.seats[0] + 1) % len(state.citadels.players)
    return move


def test_validate_an_illegal_move_is_an_ok_answer(stub: Stub) -> None:
    state = _new(stub).state
    response = stub.ValidateMove(service_pb2.ValidateMoveRequest(state=state, move=_out_of_turn(stub, state)))
    assert not response.legal
    assert response.violations[0].code == "COMMON_NOT_YOUR_TURN"
    assert response.violations[0].message


def test_validate_a_malformed_move_is_invalid_argument(stub: Stub) -> None:
    request = service_pb2.ValidateMoveRequest(state=_new(stub).state, move=service_pb2.Move(seat=0))
    error = _fails(stub.ValidateMove, request, grpc.StatusCode.INVALID_ARGUMENT)
    info, bad = details(error)
    assert info.reason == "MOVE_INVALID"
    assert bad is not None and bad.field_violations[0].field == "move"


def test_apply_a_legal_move(stub: Stub) -> None:
    state = _new(stub).state
    move = stub.LegalMoves(service_pb2.LegalMovesRequest(state=state)).moves[0]
    response = stub.ApplyMove(service_pb2.ApplyMoveRequest(state=state, move=move))
    assert response.state != state
    assert Signer(KEY).verify(response.state)
    assert list(response.pending.seats) == [1]


def test_apply_an_illegal_move_fails_with_violation_details(stub: Stub) -> None:
    state = _new(stub).state
    request = service_pb2.ApplyMoveRequest(state=state, move=_out_of_turn(stub, state))
    error = _fails(stub.ApplyMove, request, grpc.StatusCode.INVALID_ARGUMENT)
    info, bad = details(error)
    assert info.reason == "COMMON_NOT_YOUR_TURN"
    assert info.metadata["codes"] == "COMMON_NOT_YOUR_TURN"
    assert bad is not None
    assert bad.field_violations[0].field == "move.seat"
    assert bad.field_violations[0].description.startswith("COMMON_NOT_YOUR_TURN: ")


def test_a_view_cannot_be_played(stub: Stub) -> None:
    state = _new(stub).state
    move = stub.LegalMoves(service_pb2.LegalMovesRequest(state=state)).moves[0]
    view = stub.ViewState(service_pb2.ViewStateRequest(state=state, viewer=common_pb2.Viewer(seat=0))).state
    error = _fails(
        stub.ApplyMove, service_pb2.ApplyMoveRequest(state=view, move=move), grpc.StatusCode.INVALID_ARGUMENT
    )
    info, bad = details(error)
    assert info.reason == "STATE_INVALID"
    assert bad is not None and bad.field_violations[0].field == "state.citadels.redacted"


# ---- Score, ViewState ----------------------------------------------------------------------------


def test_score_of_a_running_game_is_provisional(stub: Stub) -> None:
    score = stub.Score(service_pb2.ScoreRequest(state=_new(stub).state)).score
    assert not score.final
    assert [s.seat for s in score.seats] == [0, 1, 2, 3]
    for seat in score.seats:
        assert seat.total == sum(e.points for e in seat.entries)


def test_score_of_a_finished_game_is_final(
    stub: Stub, seeded_game: tuple[list[service_pb2.GameState], list[service_pb2.Move]]
) -> None:
    score = stub.Score(service_pb2.ScoreRequest(state=seeded_game[0][-1])).score
    assert score.final and score.winners
    assert {s.place for s in score.seats if s.seat in score.winners} == {1}


def test_score_from_a_viewpoint(stub: Stub) -> None:
    state = _new(stub).state
    for viewer in (common_pb2.Viewer(seat=2), common_pb2.Viewer(spectator={})):
        score = stub.Score(service_pb2.ScoreRequest(state=state, viewer=viewer)).score
        assert len(score.seats) == 4


def test_view_of_a_seat_hides_the_other_hands(stub: Stub) -> None:
    state = _new(stub).state
    view = stub.ViewState(service_pb2.ViewStateRequest(state=state, viewer=common_pb2.Viewer(seat=1))).state
    players = view.citadels.players
    assert list(players[1].hand) == list(state.citadels.players[1].hand)
    assert all(card == "?" for seat in (0, 2, 3) for card in players[seat].hand)
    assert set(view.citadels.deck) == {"?"}
    assert not view.citadels.HasField("rng")
    assert view.citadels.redacted and view.citadels.viewer == 1
    assert Signer(KEY).verify(view)


def test_spectator_view_hides_every_hand(stub: Stub) -> None:
    state = _new(stub).state
    view = stub.ViewState(service_pb2.ViewStateRequest(state=state, viewer=common_pb2.Viewer(spectator={}))).state
    assert {card for p in view.citadels.players for card in p.hand} == {"?"}
    assert not view.citadels.HasField("viewer") or view.citadels.viewer == -1


@pytest.mark.parametrize("viewer", [None, common_pb2.Viewer(), common_pb2.Viewer(seat=4), common_pb2.Viewer(seat=-1)])
def test_view_needs_a_real_viewer(stub: Stub, viewer: common_pb2.Viewer | None) -> None:
    request = service_pb2.ViewStateRequest(state=_new(stub).state, viewer=viewer)
    error = _fails(stub.ViewState, request, grpc.StatusCode.INVALID_ARGUMENT)
    assert details(error)[0].reason == "REQUEST_INVALID"


# ---- states that are refused -------------------------------------------------------------------


def test_an_inconsistent_state_is_state_invalid(stub: Stub) -> None:
    state = _new(stub).state
    state.citadels.deck.pop()
    request = service_pb2.LegalMovesRequest(state=state)
    error = _fails(stub.LegalMoves, request, grpc.StatusCode.INVALID_ARGUMENT)
    info, bad = details(error)
    assert info.reason == "STATE_INVALID"
    assert bad is not None and bad.field_violations[0].field.startswith("state.citadels")


def test_a_malformed_state_names_the_field(stub: Stub) -> None:
    state = _new(stub).state
    state.citadels.phase = "intermission"
    error = _fails(stub.Score, service_pb2.ScoreRequest(state=state), grpc.StatusCode.INVALID_ARGUMENT)
    info, bad = details(error)
    assert info.reason == "STATE_INVALID"
    assert bad is not None and bad.field_violations[0].field == "state.citadels.phase"


def test_an_empty_state_is_refused(stub: Stub) -> None:
    error = _fails(stub.LegalMoves, service_pb2.LegalMovesRequest(), grpc.StatusCode.INVALID_ARGUMENT)
    assert details(error)[0].reason == "REQUEST_INVALID"


def test_a_state_of_an_unknown_game_is_not_found(stub: Stub) -> None:
    state = _new(stub).state
    state.game_id = "chess"
    _fails(stub.LegalMoves, service_pb2.LegalMovesRequest(state=state), grpc.StatusCode.NOT_FOUND)


def test_a_state_of_another_major_version_is_refused(stub: Stub, version: str) -> None:
    state = _new(stub).state
    major = int(version.split(".")[0])
    state.rules_version = f"{major + 1}.0.0"
    error = _fails(stub.LegalMoves, service_pb2.LegalMovesRequest(state=state), grpc.StatusCode.FAILED_PRECONDITION)
    assert f"{major + 1}.0.0" in error.details() and version in error.details()
    info, _ = details(error)
    assert info.reason == "RULES_VERSION_MISMATCH"
    assert info.metadata["server_version"] == version


def test_a_state_of_another_minor_version_is_accepted(stub: Stub, version: str) -> None:
    state = _new(stub).state
    state.rules_version = f"{version.split('.')[0]}.99.0"
    assert stub.LegalMoves(service_pb2.LegalMovesRequest(state=state)).moves


def test_malformed_protobuf_bytes_are_invalid_argument(server: Running) -> None:
    with grpc.insecure_channel(f"127.0.0.1:{server.port}") as channel:
        raw = channel.unary_unary("/rulesengine.v1.RulesEngineService/ApplyMove")
        with pytest.raises(grpc.RpcError) as caught:
            raw(b"\x0a\x05abc")  # field 1, length 5, but only 3 bytes follow
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert details(caught.value)[0].reason == "REQUEST_INVALID"


def test_malformed_bytes_in_a_stream_are_invalid_argument(server: Running) -> None:
    with grpc.insecure_channel(f"127.0.0.1:{server.port}") as channel:
        raw = channel.stream_unary("/rulesengine.v1.RulesEngineService/ReplayGameStream")
        with pytest.raises(grpc.RpcError) as caught:
            raw(iter([b"\x0a\x05abc"]))
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT


# ---- limits and signatures (strict server) -----------------------------------------------------


def test_a_message_over_the_size_limit_is_refused(strict_stub: Stub) -> None:
    state = _new(strict_stub).state
    state.citadels.deck.extend(["manor"] * 20_000)
    assert state.ByteSize() > 64 * 1024
    _fails(strict_stub.LegalMoves, service_pb2.LegalMovesRequest(state=state), grpc.StatusCode.RESOURCE_EXHAUSTED)
    assert strict_stub.ListGames(service_pb2.ListGamesRequest()).games  # still serving


def test_signed_states_are_accepted(strict_stub: Stub) -> None:
    state = _new(strict_stub).state
    assert strict_stub.LegalMoves(service_pb2.LegalMovesRequest(state=state)).moves


def test_an_unsigned_state_is_permission_denied(strict_stub: Stub) -> None:
    state = _new(strict_stub).state
    state.ClearField("signature")
    error = _fails(
        strict_stub.LegalMoves, service_pb2.LegalMovesRequest(state=state), grpc.StatusCode.PERMISSION_DENIED
    )
    assert details(error)[0].reason == "SIGNATURE_MISSING"


def test_an_edited_state_is_permission_denied(strict_stub: Stub) -> None:
    state = _new(strict_stub).state
    state.citadels.players[0].gold += 10
    error = _fails(strict_stub.Score, service_pb2.ScoreRequest(state=state), grpc.StatusCode.PERMISSION_DENIED)
    assert details(error)[0].reason == "SIGNATURE_INVALID"


def test_a_state_signed_with_another_key_is_permission_denied(strict_stub: Stub) -> None:
    state = _new(strict_stub).state
    Signer(b"another-key-of-enough-length!!!").sign(state)
    error = _fails(
        strict_stub.LegalMoves, service_pb2.LegalMovesRequest(state=state), grpc.StatusCode.PERMISSION_DENIED
    )
    assert details(error)[0].reason == "SIGNATURE_INVALID"


def test_the_signature_covers_the_rules_version(strict_stub: Stub) -> None:
    state = _new(strict_stub).state
    state.rules_version = "99.0.0"
    error = _fails(
        strict_stub.LegalMoves, service_pb2.LegalMovesRequest(state=state), grpc.StatusCode.PERMISSION_DENIED
    )
    assert details(error)[0].reason == "SIGNATURE_INVALID"


# ---- whole games, replays ------------------------------------------------------------------------


def test_a_whole_random_game_through_the_api(
    stub: Stub, seeded_game: tuple[list[service_pb2.GameState], list[service_pb2.Move]]
) -> None:
    states, moves = seeded_game
    assert len(moves) > 50
    assert not stub.LegalMoves(service_pb2.LegalMovesRequest(state=states[-1])).pending.seats
    assert states[-1].citadels.phase == "over"


def _record(
    game: common_pb2.GameSetup, version: str, moves: list[service_pb2.Move], match_id: str = ""
) -> service_pb2.GameRecord:
    return service_pb2.GameRecord(setup=game, rules_version=version, moves=moves, match_id=match_id)


def test_replay_of_a_whole_game_reaches_the_same_final_state(
    stub: Stub, version: str, seeded_game: tuple[list[service_pb2.GameState], list[service_pb2.Move]]
) -> None:
    states, moves = seeded_game
    record = _record(setup(4, seed=2024), version, moves, states[0].match_id)
    result = stub.ReplayGame(service_pb2.ReplayGameRequest(record=record)).result
    assert result.legal and not result.HasField("illegal_move_index")
    assert result.moves_applied == len(moves)
    assert result.state == states[-1]
    assert result.score.final and not result.pending.seats
    assert len(result.log) == len(moves)
    assert [entry.seat for entry in result.log] == [m.seat for m in moves]
    assert all(entry.public_line.english for entry in result.log)


def test_legal_moves_come_with_labels_and_apply_with_a_log(stub: Stub) -> None:
    state = stub.NewGame(service_pb2.NewGameRequest(setup=setup(4, seed=11))).state
    legal = stub.LegalMoves(service_pb2.LegalMovesRequest(state=state))
    assert len(legal.labels) == len(legal.moves) > 1
    texts = [label.label.english for label in legal.labels]
    assert all(texts) and len(set(texts)) == len(texts)
    assert all(label.path for label in legal.labels)
    applied = stub.ApplyMove(service_pb2.ApplyMoveRequest(state=state, move=legal.moves[0]))
    assert applied.log.seat == legal.moves[0].seat
    assert applied.log.public_line.english and applied.log.public_line.id


def test_a_record_is_canonical_json_and_replays_the_same(stub: Stub, version: str) -> None:
    states, moves = play_through_api(stub, setup(3, seed=None), random.Random(5))
    assert any(m.seat == -1 for m in moves), "external chance records hold chance moves"
    record = _record(setup(3, seed=None), version, moves, states[0].match_id)
    record.seat_labels.extend(["Ann", "Bob", "Cy"])
    record.event.name, record.event.round, record.event.table = "Open", "3", "B4"
    text = json_format.MessageToJson(record)
    assert '"rulesVersion"' in text and '"CHANCE_MODE_EXTERNAL"' in text
    parsed = json_format.Parse(text, service_pb2.GameRecord())
    assert parsed == record
    result = stub.ReplayGame(service_pb2.ReplayGameRequest(record=parsed)).result
    assert result.legal and result.state == states[-1]


def test_replay_reports_the_first_illegal_move(
    stub: Stub, version: str, seeded_game: tuple[list[service_pb2.GameState], list[service_pb2.Move]]
) -> None:
    states, moves = seeded_game
    bad = list(moves[:12])
    bad[7] = _out_of_turn(stub, states[7])
    record = _record(setup(4, seed=2024), version, bad, states[0].match_id)
    result = stub.ReplayGame(service_pb2.ReplayGameRequest(record=record)).result
    assert not result.legal
    assert result.illegal_move_index == 7 and result.moves_applied == 7
    assert result.violations[0].code == "COMMON_NOT_YOUR_TURN"
    assert result.state == states[7]


def test_replay_of_another_major_version_is_refused(stub: Stub) -> None:
    request = service_pb2.ReplayGameRequest(record=_record(setup(), "0.1.0", []))
    error = _fails(stub.ReplayGame, request, grpc.StatusCode.FAILED_PRECONDITION)
    assert "0.1.0" in error.details()


def test_replay_needs_a_rules_version(stub: Stub) -> None:
    error = _fails(
        stub.ReplayGame,
        service_pb2.ReplayGameRequest(record=_record(setup(), "", [])),
        grpc.StatusCode.INVALID_ARGUMENT,
    )
    assert details(error)[1].field_violations[0].field == "record.rules_version"  # type: ignore[union-attr]


def test_replay_refuses_seat_labels_of_the_wrong_count(stub: Stub, version: str) -> None:
    record = _record(setup(4), version, [])
    record.seat_labels.extend(["Ann", "Bob"])
    _fails(stub.ReplayGame, service_pb2.ReplayGameRequest(record=record), grpc.StatusCode.INVALID_ARGUMENT)


@pytest.mark.parametrize("match_id", ["x" * 129, "tab\there"])
def test_a_replayed_record_match_id_is_short_and_printable(stub: Stub, version: str, match_id: str) -> None:
    record = _record(setup(4), version, [])
    record.match_id = match_id
    error = _fails(stub.ReplayGame, service_pb2.ReplayGameRequest(record=record), grpc.StatusCode.INVALID_ARGUMENT)
    assert details(error)[1].field_violations[0].field == "record.match_id"  # type: ignore[union-attr]


def test_a_replay_carries_the_record_match_id_or_none(stub: Stub, version: str) -> None:
    record = _record(setup(4), version, [])
    assert not stub.ReplayGame(service_pb2.ReplayGameRequest(record=record)).result.state.match_id
    record.match_id = "Open 2026 / R1 / T4"
    assert stub.ReplayGame(service_pb2.ReplayGameRequest(record=record)).result.state.match_id == record.match_id


def test_replay_names_a_malformed_move(
    stub: Stub, version: str, seeded_game: tuple[list[service_pb2.GameState], list[service_pb2.Move]]
) -> None:
    moves = [*seeded_game[1][:3], service_pb2.Move(seat=0)]
    request = service_pb2.ReplayGameRequest(record=_record(setup(4, seed=2024), version, moves))
    error = _fails(stub.ReplayGame, request, grpc.StatusCode.INVALID_ARGUMENT)
    assert details(error)[1].field_violations[0].field == "record.moves[3]"  # type: ignore[union-attr]


def _stream(header: service_pb2.GameRecord, moves: list[service_pb2.Move]) -> list[service_pb2.ReplayGameStreamRequest]:
    return [
        service_pb2.ReplayGameStreamRequest(header=header),
        *(service_pb2.ReplayGameStreamRequest(move=m) for m in moves),
    ]


def test_streamed_replay_matches_the_unary_replay(
    stub: Stub, version: str, seeded_game: tuple[list[service_pb2.GameState], list[service_pb2.Move]]
) -> None:
    states, moves = seeded_game
    header = _record(setup(4, seed=2024), version, [], states[0].match_id)
    result = stub.ReplayGameStream(iter(_stream(header, moves))).result
    assert result.legal and result.moves_applied == len(moves)
    assert result.state == states[-1]


def test_streamed_replay_stops_at_the_first_illegal_move(
    stub: Stub, version: str, seeded_game: tuple[list[service_pb2.GameState], list[service_pb2.Move]]
) -> None:
    states, moves = seeded_game
    bad = list(moves)
    bad[3] = _out_of_turn(stub, states[3])
    result = stub.ReplayGameStream(iter(_stream(_record(setup(4, seed=2024), version, []), bad))).result
    assert not result.legal and result.illegal_move_index == 3


@pytest.mark.parametrize("shape", ["empty", "move_first", "header_with_moves", "two_headers"])
def test_streamed_replay_needs_one_header_then_moves(
    stub: Stub, version: str, seeded_game: tuple[list[service_pb2.GameState], list[service_pb2.Move]], shape: str
) -> None:
    header = _record(setup(4, seed=2024), version, [])
    move = service_pb2.ReplayGameStreamRequest(move=seeded_game[1][0])
    items = {
        "empty": [],
        "move_first": [move],
        "header_with_moves": _stream(_record(setup(4, seed=2024), version, seeded_game[1][:1]), []),
        "two_headers": [*_stream(header, []), *_stream(header, [])],
    }[shape]
    error = _fails(stub.ReplayGameStream, iter(items), grpc.StatusCode.INVALID_ARGUMENT)
    assert details(error)[0].reason == "REQUEST_INVALID"


# ---- access logs -------------------------------------------------------------------------------


def test_access_logs_carry_the_call_and_never_hidden_state(stub: Stub, log_sink: LogSink, engine: Any) -> None:
    log_sink.clear()
    state = _new(stub, setup(4, seed=None)).state
    chance = stub.LegalMoves(service_pb2.LegalMovesRequest(state=state, seat=-1)).moves
    after = stub.ApplyMove(service_pb2.ApplyMoveRequest(state=state, move=chance[0])).state
    out_of_turn = service_pb2.Move(seat=0, citadels=chance[0].citadels)
    _fails(
        stub.ApplyMove, service_pb2.ApplyMoveRequest(state=after, move=out_of_turn), grpc.StatusCode.INVALID_ARGUMENT
    )
    stub.ViewState(service_pb2.ViewStateRequest(state=after, viewer=common_pb2.Viewer(seat=0)))

    records = [r for r in log_sink.records() if r.get("event") == "rpc"]
    assert [r["rpc"] for r in records] == ["NewGame", "LegalMoves", "ApplyMove", "ApplyMove", "ViewState"]
    assert all(r["game"] == "citadels" and isinstance(r["duration_ms"], float) for r in records)
    applied, refused = records[2], records[3]
    assert (applied["seat"], applied["action"], applied["outcome"]) == (-1, "chance_card", "OK")
    assert (refused["seat"], refused["outcome"]) == (0, "INVALID_ARGUMENT")
    assert refused["violation"] == refused["reason"] == "COMMON_NOT_YOUR_TURN"
    assert records[4]["seat"] == 0

    hidden = {card for p in after.citadels.players for card in p.hand} | set(after.citadels.deck)
    text = log_sink.text()
    leaked = [card for card in hidden if re.search(rf"\b{re.escape(card)}\b", text)]
    assert not leaked, f"hidden cards in the access log: {leaked}"
