"""Guilds of London over a real port: the contract (ListGames, DescribeGame with provenance), whole
games for 2, 3 and 4 players played by the CLI's bots through the API with the engine's randomness
and with external chance, each record replayed (ReplayGame and its stream) to the same final state
and score, and an illegal move answered with the game's violation code and field.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import grpc
import pytest
from google.protobuf import json_format
from rulesengine.v1 import common_pb2, service_pb2, service_pb2_grpc
from rulesengine_client import RulesEngineClient, game_setup
from rulesengine_client.games import PlayedGame
from rulesengine_client.render import totals

from engines.guilds_of_london.engine import ENGINE
from server.app import Running
from tests.server.helpers import bot_games, details

Stub = service_pb2_grpc.RulesEngineServiceStub
GAME = "guilds_of_london"
CHANCE = -1
#: The families DescribeGame returns, each item with its provenance.
FAMILIES = (
    "symbols",
    "guild_tiles",
    "special_buildings",
    "plantation",
    "action_cards",
    "lord_mayor_cards",
    "second_place_tokens",
    "tracks",
)
#: (players, seed): a seeded game (the engine's PCG32 draws) and one with external chance (None).
GAMES = [(players, seed) for players in (2, 3, 4) for seed in (100 + players, None)]

BotGame = Callable[[int, "int | None"], PlayedGame]


def gol_setup(players: int, seed: int | None) -> common_pb2.GameSetup:
    """A Guilds of London setup: seeded, or external chance when ``seed`` is None."""
    return game_setup(GAME, players, seed=seed, external_chance=seed is None)


@pytest.fixture(scope="module")
def client(server: Running) -> Iterator[RulesEngineClient]:
    """The client library on the same real port as ``stub``."""
    with RulesEngineClient(f"127.0.0.1:{server.port}", timeout=30.0) as connected:
        yield connected


@pytest.fixture(scope="module")
def bot_game(client: RulesEngineClient) -> BotGame:
    """Plays (once per module) a whole game with the CLI's bots on every seat (and CHANCE)."""

    return bot_games(client, gol_setup)


# ---- the contract -----------------------------------------------------------------------------


def test_list_games_reports_guilds_of_london_with_its_options(stub: Stub) -> None:
    games = {g.game_id: g for g in stub.ListGames(service_pb2.ListGamesRequest()).games}
    gol = games[GAME]
    assert (gol.title, gol.min_players, gol.max_players) == ("Guilds of London", 2, 4)
    assert gol.rules_version == ENGINE.info.rules_version
    options = {o.name: o for o in gol.options}
    assert set(options) == {
        "plantation_side",
        "negotiation_own_colour",
        "tiebreak_adjacent_masters",
        "setup_special_west_of_guildhall",
        "neutral_return",
    }
    assert options["plantation_side"].default == "random"
    assert set(options["plantation_side"].choices) == {"random", "ULSTER", "VIRGINIA"}
    assert options["negotiation_own_colour"].default == "true"
    assert options["setup_special_west_of_guildhall"].default == "false"
    assert set(options["neutral_return"].choices) == {"pool", "removed"}
    assert all(o.doc for o in gol.options)


def test_describe_game_returns_every_family_with_provenance(stub: Stub) -> None:
    response = stub.DescribeGame(service_pb2.DescribeGameRequest(game_id=GAME))
    assert response.game_id == GAME and response.rules_version == ENGINE.info.rules_version
    content = json_format.MessageToDict(response.content)
    assert set(content) == set(FAMILIES)
    for family in FAMILIES:
        listed = content[family]
        items = list(listed.values()) if isinstance(listed, dict) else listed
        assert items, family
        for item in items:
            assert item["provenance"] in {"reconstructed", "rulebook"}, (family, item)
            assert item["source"], (family, item)
    # The stand-in set (§9.4) is marked as such; the symbols and two of the tracks are the rulebook's.
    assert {t["provenance"] for t in content["guild_tiles"]} == {"reconstructed"}
    assert len(content["guild_tiles"]) == 40 and len(content["special_buildings"]) == 5
    assert {s["provenance"] for s in content["symbols"]} == {"rulebook"} and len(content["symbols"]) == 5
    assert len(content["lord_mayor_cards"]) == 21
    assert sum(int(c["count"]) for c in content["action_cards"]) == 105
    assert sum(int(t["count"]) for t in content["second_place_tokens"]) == 30
    assert set(content["tracks"]) == {"2", "3", "4"}
    assert content["tracks"]["2"]["layout"]["guildhall"] == [[2, 2]]
    assert content["tracks"]["4"]["layout"]["guildhall"] == [[1, 1], [1, 2]]
    # The growth directions by round number: a Struct's keys are strings.
    assert content["tracks"]["4"]["expansion"] == {"3": "N", "6": "E", "9": "S"}


# ---- whole games ------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_a_bot_game_ends_and_replays_to_the_same_result(
    bot_game: BotGame, client: RulesEngineClient, players: int, seed: int | None
) -> None:
    played: PlayedGame = bot_game(players, seed)
    game = played.state.guilds_of_london
    record = played.record
    assert game.stage == "over" and not game.queue and not game.HasField("turn")
    assert played.score.final and len(played.score.seats) == players and played.score.winners
    # VP markers and the score sheet agree, seat by seat.
    assert totals(played.score) == {seat: p.vp for seat, p in enumerate(game.players)}
    assert game.external_chance == (seed is None) and game.HasField("rng") == (seed is not None)

    chance = [m for m in record.moves if m.seat == CHANCE]
    kinds = {m.guilds_of_london.WhichOneof("action") for m in record.moves}
    if seed is None:
        chance_kinds = {m.guilds_of_london.WhichOneof("action") for m in chance}
        assert {"starting_order", "chance_tile", "chance_token", "chance_card", "chance_lord_mayor"} <= chance_kinds
    else:
        assert not chance  # the engine's generator drew everything
    assert {"keep_lord_mayor", "play_hire", "end_turn"} <= kinds
    assert kinds & {"play_move", "move_figure"}  # figures reached the city

    # The last round was played: 16 / 15 / 12 rounds for 2 / 3 / 4 players (§1), unless a
    # 2-player game ended when its last tile was resolved (R-RES-19).
    last_round = {2: 16, 3: 15, 4: 12}[players]
    assert game.round == last_round or (players == 2 and game.ending)

    for result in (client.replay_game(record), client.replay_game_stream(record)):
        assert result.legal and result.moves_applied == len(record.moves)
        assert not result.pending.seats and result.score.final
        assert totals(result.score) == totals(played.score)
        assert list(result.score.winners) == list(played.score.winners)
        assert result.state.guilds_of_london == game


def test_the_views_of_a_finished_game_show_every_lord_mayor_card(bot_game: BotGame, client: RulesEngineClient) -> None:
    played: PlayedGame = bot_game(3, 103)
    kept = [list(p.lm_cards) for p in played.state.guilds_of_london.players]
    assert all(kept) and all(card != "?" for cards in kept for card in cards)
    for viewer in (0, 2, None):
        view = client.view(played.state, viewer).state.guilds_of_london
        assert view.redacted and not view.HasField("rng")
        assert [list(p.lm_cards) for p in view.players] == kept  # revealed at the end (§6.6)


# ---- an illegal move -------------------------------------------------------------------------------


def _first_turn(stub: Stub) -> tuple[service_pb2.GameState, int]:
    """Seeded, 3 players, through the secret keep (each seat keeps its first offered card) to the
    first player's turn; the state and the seat to play."""
    answer = stub.NewGame(service_pb2.NewGameRequest(setup=gol_setup(3, 21)))
    state, pending = answer.state, answer.pending
    assert pending.kind == "keep_lord_mayor" and list(pending.seats) == [0, 1, 2]
    for seat in (0, 1, 2):
        keep = stub.LegalMoves(service_pb2.LegalMovesRequest(state=state, seat=seat)).moves[0]
        applied = stub.ApplyMove(service_pb2.ApplyMoveRequest(state=state, move=keep))
        state, pending = applied.state, applied.pending
    assert pending.kind == "turn" and len(pending.seats) == 1
    return state, pending.seats[0]


def _refused(stub: Stub, state: service_pb2.GameState, move: service_pb2.Move) -> tuple[str, str]:
    """ApplyMove's refusal as (reason, field), after checking ValidateMove says the same."""
    checked = stub.ValidateMove(service_pb2.ValidateMoveRequest(state=state, move=move))
    assert not checked.legal and checked.violations
    with pytest.raises(grpc.RpcError) as caught:
        stub.ApplyMove(service_pb2.ApplyMoveRequest(state=state, move=move))
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    info, bad = details(caught.value)
    assert bad is not None and info.reason == checked.violations[0].code
    assert bad.field_violations[0].field == checked.violations[0].field
    return info.reason, bad.field_violations[0].field


def test_an_illegal_move_answers_with_the_games_code_and_field(stub: Stub) -> None:
    state, seat = _first_turn(stub)
    game = state.guilds_of_london
    hand = list(game.players[seat].hand)
    legal = stub.LegalMoves(service_pb2.LegalMovesRequest(state=state, seat=seat)).moves
    offered = {
        (m.guilds_of_london.play_move.card, m.guilds_of_london.play_move.to)
        for m in legal
        if m.guilds_of_london.HasField("play_move")
    }
    assert offered, "the first player can move a figure from the Guildhall"

    # A card the seat does not hold.
    missing = next(c["id"] for c in _action_cards(stub) if c["id"] not in hand)
    move = service_pb2.Move(seat=seat)
    move.guilds_of_london.play_hire.card = missing
    assert _refused(stub, state, move) == ("GUILDS_OF_LONDON_NOT_IN_HAND", "action.card")

    # A card in hand moved onto a face-up tile that does not show its symbol.
    card, tile = next((card, t.tile) for card in hand for t in game.city if (card, t.tile) not in offered)
    move = service_pb2.Move(seat=seat)
    move.guilds_of_london.play_move.card = card
    move.guilds_of_london.play_move.source = "GUILDHALL"
    move.guilds_of_london.play_move.to = tile
    assert _refused(stub, state, move) == ("GUILDS_OF_LONDON_SYMBOL_MISMATCH", "action.to")

    # Another seat's turn.
    other = service_pb2.Move(seat=(seat + 1) % 3)
    other.guilds_of_london.end_turn.SetInParent()
    assert _refused(stub, state, other)[0] == "COMMON_NOT_YOUR_TURN"


def _action_cards(stub: Stub) -> list[dict[str, object]]:
    content = json_format.MessageToDict(stub.DescribeGame(service_pb2.DescribeGameRequest(game_id=GAME)).content)
    cards: list[dict[str, object]] = content["action_cards"]
    return cards
