"""The Walled City over a real port: the contract (ListGames, DescribeGame), an illegal move, the
guild abilities, and what a view hides (hands, face-down defence cards).

Whole games with the CLI's bots (every player count, both boards, both chance modes, each record
replayed) are in tests/client/test_walled_city_cli.py.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import grpc
import pytest
from google.protobuf import empty_pb2, json_format
from rulesengine.v1 import common_pb2, service_pb2, service_pb2_grpc

from engines.walled_city.common import board as board_in_play
from engines.walled_city.engine import ENGINE
from server.binding import GameBinding
from tests.server.helpers import details

Stub = service_pb2_grpc.RulesEngineServiceStub
GAME = "walled_city"
BOARDS = ("londonderry", "borderlands")


def wc_setup(players: int, seed: int | None = 7, **overrides: str) -> common_pb2.GameSetup:
    """A Walled City setup: seeded, or external chance when ``seed`` is None."""
    message = common_pb2.GameSetup(game_id=GAME, players=players, overrides=overrides)
    if seed is None:
        message.chance_mode = common_pb2.CHANCE_MODE_EXTERNAL
    else:
        message.chance_mode = common_pb2.CHANCE_MODE_SEEDED
        message.seed = seed
    return message


def _move(seat: int, **action: Any) -> service_pb2.Move:
    move = service_pb2.Move(seat=seat)
    json_format.ParseDict(action, move.walled_city)
    return move


def _view(stub: Stub, state: service_pb2.GameState, seat: int | None) -> service_pb2.GameState:
    viewer = common_pb2.Viewer(spectator=empty_pb2.Empty()) if seat is None else common_pb2.Viewer(seat=seat)
    return stub.ViewState(service_pb2.ViewStateRequest(state=state, viewer=viewer)).state


def _play_until(
    stub: Stub, setup: common_pb2.GameSetup, done: Callable[[service_pb2.GameState], bool], seed: int = 1
) -> service_pb2.GameState:
    """Random legal moves from a new game until ``done(state)``."""
    rng = random.Random(seed)
    state = stub.NewGame(service_pb2.NewGameRequest(setup=setup)).state
    for _ in range(500):
        if done(state):
            return state
        legal = stub.LegalMoves(service_pb2.LegalMovesRequest(state=state)).moves
        assert legal, "the game ended first"
        state = stub.ApplyMove(service_pb2.ApplyMoveRequest(state=state, move=rng.choice(legal))).state
    raise AssertionError("the condition was never reached")


# ---- the contract -----------------------------------------------------------------------------


@pytest.mark.parametrize("board", BOARDS)
def test_the_engine_and_the_contract_mirror_each_other(board: str) -> None:
    binding = GameBinding(ENGINE)  # raises SchemaMismatch on any drift
    rng = random.Random(3)
    state = ENGINE.new_game(ENGINE.make_options(3, {"board": board}), 1)
    while ENGINE.legal_moves(state):  # every state and move of a whole game survives the round trip
        assert binding.state_from_proto(binding.state_to_proto(state)) == state
        move = rng.choice(ENGINE.legal_moves(state))
        assert binding.move_from_proto(binding.move_to_proto(move)) == move
        state = ENGINE.apply(state, move)
    assert state.phase == "over" and binding.state_from_proto(binding.state_to_proto(state)) == state


def test_list_games_reports_walled_city_with_its_options(stub: Stub) -> None:
    games = {g.game_id: g for g in stub.ListGames(service_pb2.ListGamesRequest()).games}
    wc = games[GAME]
    assert (wc.min_players, wc.max_players) == (2, 4) and wc.title.startswith("The Walled City")
    assert set(wc.variants) == set(BOARDS) and wc.rules_version == ENGINE.info.rules_version
    options = {o.name: o for o in wc.options}
    assert set(options) == {
        "board",
        "guild_deck",
        "start_player",
        "tower_second_place",
        "split_rounding",
        "neutral_in_factions",
        "saddlers_cross_fence",
    }
    assert options["board"].default == "londonderry" and set(options["board"].choices) == set(BOARDS)
    assert options["guild_deck"].default == "board" and set(options["guild_deck"].choices) == {"board", "mixed"}
    assert options["start_player"].default == "-1" and options["neutral_in_factions"].default == "true"
    assert all(o.doc for o in wc.options)


def test_describe_game_returns_both_boards_with_provenance(stub: Stub) -> None:
    response = stub.DescribeGame(service_pb2.DescribeGameRequest(game_id=GAME))
    assert response.game_id == GAME and response.rules_version
    content = json_format.MessageToDict(response.content)
    assert set(content["boards"]) == set(BOARDS)
    for side, board in content["boards"].items():
        assert board["board"] == side and board["provenance"] == "reconstructed" and board["source"]
        items = [*board["areas"], *board["paths"], *board["gaps"], *board["towers"], *board["zones"]]
        assert items and all(item["provenance"] == "reconstructed" and item["source"] for item in items)
        areas = {a["id"] for a in board["areas"]}
        assert all(g["area"] in areas for g in board["gaps"])
        assert {t["id"] for t in board["towers"]} | {z["id"] for z in board["zones"]} <= set(board["ring"])
    game = content["game"]
    assert len(game["guilds"]) == 20 and len(game["factions"]["ids"]) == 5
    provenances = {item["provenance"] for item in [game["factions"], game["deck"], *game["guilds"]]}
    assert provenances <= {"printed", "rulebook", "reconstructed"}


# ---- refusals ------------------------------------------------------------------------------------


def test_an_illegal_move_is_refused_with_a_walled_city_code(stub: Stub) -> None:
    started = stub.NewGame(service_pb2.NewGameRequest(setup=wc_setup(2, seed=5)))
    game = started.state.walled_city
    assert game.HasField("rng") and game.phase == "starting_roads" and started.pending.kind == "starting_roads"
    seat = started.pending.seats[0]
    legal = stub.LegalMoves(service_pb2.LegalMovesRequest(state=started.state)).moves
    assert legal and all(m.seat == seat and m.walled_city.HasField("starting_road") for m in legal)

    bad = _move(seat, starting_road={"path": "nowhere"})
    checked = stub.ValidateMove(service_pb2.ValidateMoveRequest(state=started.state, move=bad))
    assert not checked.legal and [v.code for v in checked.violations] == ["WALLED_CITY_NO_SUCH_PATH"]
    with pytest.raises(grpc.RpcError) as caught:
        stub.ApplyMove(service_pb2.ApplyMoveRequest(state=started.state, move=bad))
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    info, request = details(caught.value)
    assert info.reason == "WALLED_CITY_NO_SUCH_PATH"
    assert request is not None and request.field_violations[0].field == "action.path"

    # The same path twice: taken.
    first = legal[0]
    after = stub.ApplyMove(service_pb2.ApplyMoveRequest(state=started.state, move=first))
    again = _move(after.pending.seats[0], starting_road={"path": first.walled_city.starting_road.path})
    with pytest.raises(grpc.RpcError) as taken:
        stub.ApplyMove(service_pb2.ApplyMoveRequest(state=after.state, move=again))
    assert details(taken.value)[0].reason == "WALLED_CITY_PATH_TAKEN"


def _activations(stub: Stub, state: service_pb2.GameState) -> list[service_pb2.Move]:
    legal = stub.LegalMoves(service_pb2.LegalMovesRequest(state=state)).moves
    return [m for m in legal if m.walled_city.HasField("activate_guild")]


@pytest.mark.parametrize("seed", [3, 9])
def test_a_guild_is_activated_and_resolved_through_the_api(stub: Stub, seed: int) -> None:
    """§5.6: an offered activation applies; its choices follow as guild decisions; a second
    activation in the same round is refused with a code; the turn then goes on."""
    state = _play_until(stub, wc_setup(3, seed=seed, guild_deck="mixed"), lambda s: bool(_activations(stub, s)))
    activation = _activations(stub, state)[0]
    seat = activation.seat
    after = stub.ApplyMove(service_pb2.ApplyMoveRequest(state=state, move=activation))
    game = after.state.walled_city
    assert game.seats[seat].guild_used
    if game.HasField("activation"):
        assert after.pending.kind == f"guild.{game.activation.guild}"
        legal = stub.LegalMoves(service_pb2.LegalMovesRequest(state=after.state)).moves
        assert legal and not any(m.walled_city.HasField("activate_guild") for m in legal)
    with pytest.raises(grpc.RpcError) as again:
        stub.ApplyMove(service_pb2.ApplyMoveRequest(state=after.state, move=activation))
    assert again.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    expected = {"WALLED_CITY_BAD_GUILD_CHOICE", "COMMON_WRONG_DECISION", "WALLED_CITY_GUILD_USED"}
    assert details(again.value)[0].reason in expected
    # Resolve the ability with legal decisions; the build turn then goes on.
    rng = random.Random(seed)
    current = after.state
    while current.walled_city.HasField("activation"):
        legal = stub.LegalMoves(service_pb2.LegalMovesRequest(state=current)).moves
        current = stub.ApplyMove(service_pb2.ApplyMoveRequest(state=current, move=rng.choice(legal))).state
    assert current.walled_city.seats[seat].guild_used
    assert all(m.seat != seat for m in _activations(stub, current))


# ---- hidden information --------------------------------------------------------------------------


def _face_down(state: service_pb2.GameState) -> bool:
    game = state.walled_city
    return game.phase == "defence" and len({z.owner for z in game.zones if not z.revealed}) >= 2


@pytest.mark.parametrize("board", BOARDS)
def test_views_hide_other_hands_and_face_down_defence_cards(stub: Stub, board: str) -> None:
    state = _play_until(stub, wc_setup(3, seed=4, board=board), _face_down)
    full = state.walled_city
    owners = {z.owner for z in full.zones if not z.revealed}
    for viewer in (0, 1, 2, None):
        view = _view(stub, state, viewer).walled_city
        assert view.redacted and not view.HasField("rng")
        assert (view.viewer if view.HasField("viewer") else -1) == (-1 if viewer is None else viewer)
        for index, (seat, shown) in enumerate(zip(full.seats, view.seats, strict=True)):
            assert len(shown.hand) == len(seat.hand)
            if index == viewer:
                assert list(shown.hand) == list(seat.hand)
            else:
                assert all((c.a, c.b) == (0, 0) for c in shown.hand)
            assert (shown.roads, shown.walls, shown.nobles, shown.peasants) == (
                seat.roads,
                seat.walls,
                seat.nobles,
                seat.peasants,
            )
        for card, shown in zip(full.zones, view.zones, strict=True):
            assert (shown.zone, shown.owner, shown.revealed) == (card.zone, card.owner, card.revealed)
            if card.revealed or card.owner == viewer:
                assert shown == card
            else:
                assert (shown.toward_ccw, shown.toward_cw) == (0, 0)
        assert list(view.citizens) == list(full.citizens) and list(view.dice) == list(full.dice)
    assert len(owners) >= 2

    # A view cannot be played.
    view_state = _view(stub, state, 0)
    view_state.ClearField("signature")
    with pytest.raises(grpc.RpcError) as caught:
        stub.LegalMoves(service_pb2.LegalMovesRequest(state=view_state))
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT


@pytest.mark.parametrize("board", BOARDS)
def test_a_view_gives_the_districts_and_who_leads_them(stub: Stub, board: str) -> None:
    """A client draws districts and their leaders from the view's facts, with no copy of §5.0.2 or §7.2."""
    state = _play_until(
        stub, wc_setup(3, board=board), lambda s: s.walled_city.phase == "build" and len(s.walled_city.paths) > 8
    )
    answer = stub.ViewState(
        service_pb2.ViewStateRequest(state=state, viewer=common_pb2.Viewer(spectator=empty_pb2.Empty()))
    )
    facts = json_format.MessageToDict(answer.facts)
    areas = [a for d in facts["districts"] for a in d["areas"]]
    in_play = board_in_play(GameBinding(ENGINE).state_from_proto(state)).area_ids
    assert sorted(areas) == sorted(in_play)  # the districts partition the areas in play
    for district in facts["districts"]:
        votes = district["votes_now"]
        best = max(votes.values(), default=None)
        assert sorted(district["leaders"]) == sorted(w for w, v in votes.items() if v == best)
    assert list(answer.pending.seats) == list(stub.LegalMoves(service_pb2.LegalMovesRequest(state=state)).pending.seats)
