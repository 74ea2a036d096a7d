"""The typed clients against the real server: every RPC, and errors as typed exceptions."""

from __future__ import annotations

import asyncio

import pytest
from rulesengine.v1 import service_pb2
from rulesengine_client import (
    AsyncRulesEngineClient,
    IllegalMoveError,
    InvalidArgumentError,
    NotFoundError,
    RulesEngineClient,
    StateInvalidError,
    UnavailableError,
    VersionMismatchError,
    game_setup,
)
from rulesengine_client.render import game_ids

from tests.client.conftest import Server


def _started(client: RulesEngineClient, players: int = 4, seed: int = 11) -> service_pb2.NewGameResponse:
    return client.new_game(game_setup("citadels", players, seed=seed))


def test_list_games_reports_citadels(client: RulesEngineClient) -> None:
    games = {g.game_id: g for g in client.list_games()}
    citadels = games["citadels"]
    assert (citadels.min_players, citadels.max_players) == (2, 8)
    assert citadels.rules_version.count(".") == 2
    assert "first_game" in citadels.variants
    names = {o.name for o in citadels.options}
    assert {"preset", "build_requires_gather"} <= names


def test_describe_game_has_content(client: RulesEngineClient) -> None:
    described = client.describe_game("citadels")
    assert described.game_id == "citadels"
    districts = described.content.fields["districts"].list_value.values
    assert len(districts) == 47  # 17 basic district kinds + 30 unique districts


def test_health_is_serving(client: RulesEngineClient) -> None:
    assert client.health() == "SERVING"


def test_new_game_legal_moves_validate_apply_view_score(client: RulesEngineClient) -> None:
    started = _started(client)
    assert started.state.game_id == "citadels"
    seat = started.pending.seats[0]
    legal = client.legal_moves(started.state, seat)
    assert legal.moves and all(m.seat == seat for m in legal.moves)
    move = legal.moves[0]
    assert client.validate_move(started.state, move).legal
    wrong = service_pb2.Move()
    wrong.CopyFrom(move)
    wrong.seat = (seat + 1) % 4
    verdict = client.validate_move(started.state, wrong)
    assert not verdict.legal
    assert verdict.violations[0].code == "COMMON_NOT_YOUR_TURN"
    applied = client.apply_move(started.state, move)
    assert applied.state != started.state
    view = client.view_state(applied.state, 0)
    assert view.citadels.redacted and not view.citadels.HasField("rng")
    spectator = client.view_state(applied.state, None)
    assert all(c == "?" for p in spectator.citadels.players for c in p.hand)
    sheet = client.score(applied.state)
    assert not sheet.final and len(sheet.seats) == 4
    assert len(client.score(applied.state, 1).seats) == 4
    assert len(client.score(applied.state, spectator=True).seats) == 4


def test_illegal_apply_raises_with_decoded_violations(client: RulesEngineClient) -> None:
    started = _started(client)
    seat = started.pending.seats[0]
    move = client.legal_moves(started.state, seat).moves[0]
    move.seat = (seat + 1) % 4
    with pytest.raises(IllegalMoveError) as raised:
        client.apply_move(started.state, move)
    violations = raised.value.violations
    assert [v.code for v in violations] == ["COMMON_NOT_YOUR_TURN"]
    assert f"seat {seat}" in violations[0].message
    assert violations[0].field == "move.seat"
    assert not violations[0].message.startswith("COMMON_")


def test_unknown_game_is_not_found(client: RulesEngineClient) -> None:
    with pytest.raises(NotFoundError) as raised:
        client.new_game(game_setup("chess", 2, seed=1))
    assert "chess" in raised.value.message
    assert "GAME_NOT_FOUND" in raised.value.details.reasons


def test_bad_player_count_is_invalid_argument(client: RulesEngineClient) -> None:
    with pytest.raises(InvalidArgumentError) as raised:
        client.new_game(game_setup("citadels", 9, seed=1))
    assert "OPTIONS_INVALID" in raised.value.details.reasons


def test_inconsistent_state_is_state_invalid(client: RulesEngineClient) -> None:
    state = _started(client).state
    state.citadels.crown = 42
    with pytest.raises(StateInvalidError) as raised:
        client.legal_moves(state)
    assert "crown" in raised.value.message


def test_other_major_version_is_version_mismatch(client: RulesEngineClient) -> None:
    state = _started(client).state
    major = int(state.rules_version.split(".")[0])
    state.rules_version = f"{major + 1}.0.0"
    with pytest.raises(VersionMismatchError) as raised:
        client.legal_moves(state)
    assert state.rules_version in raised.value.message


def test_unreachable_server_is_unavailable() -> None:
    with RulesEngineClient("127.0.0.1:1", timeout=5.0) as client, pytest.raises(UnavailableError):
        client.list_games()


def test_setup_refuses_seed_with_external_chance() -> None:
    with pytest.raises(ValueError):
        game_setup("citadels", 3, seed=1, external_chance=True)
    with pytest.raises(ValueError):
        game_setup("citadels", 3)


def test_async_client(server: Server) -> None:
    async def scenario() -> None:
        async with AsyncRulesEngineClient(server.target, timeout=30.0) as client:
            assert await client.health() == "SERVING"
            games = await client.list_games()
            assert [g.game_id for g in games] == sorted(game_ids())  # every game of the client's contract
            started = await client.new_game(game_setup("citadels", 3, external_chance=True))
            assert started.pending.seats[0] == -1  # the first draw is the table's
            legal = await client.legal_moves(started.state, -1)
            applied = await client.apply_move(started.state, legal.moves[0])
            assert (await client.validate_move(started.state, legal.moves[0])).legal
            wrong = service_pb2.Move()
            wrong.CopyFrom(legal.moves[0])
            wrong.seat = 2
            with pytest.raises(IllegalMoveError) as raised:
                await client.apply_move(started.state, wrong)
            assert raised.value.violations[0].code == "COMMON_NOT_YOUR_TURN"
            with pytest.raises(NotFoundError):
                await client.describe_game("chess")
            record = service_pb2.GameRecord(rules_version=started.state.rules_version)
            record.setup.CopyFrom(game_setup("citadels", 3, external_chance=True))
            record.moves.append(legal.moves[0])
            for result in (await client.replay_game(record), await client.replay_game_stream(record)):
                assert result.legal and result.moves_applied == 1
            view = await client.view_state(applied.state, 1)
            assert view.citadels.redacted
            assert len((await client.score(applied.state)).seats) == 3

    asyncio.run(scenario())
