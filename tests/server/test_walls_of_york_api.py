"""Walls of York over a real port: the contract (ListGames, DescribeGame), chance seats in both
modes, the hidden simultaneous placement (views, per-seat legal moves), and illegal placements.

Whole games with the CLI's bots (every player count, both chance modes, each record replayed)
are in tests/client/test_walls_of_york_cli.py.
"""

from __future__ import annotations

from collections import Counter
from itertools import permutations, product
from typing import Any

import grpc
import pytest
from google.protobuf import empty_pb2, json_format
from rulesengine.v1 import common_pb2, service_pb2, service_pb2_grpc

from engines.walls_of_york import ENGINE
from engines.walls_of_york.content import CONTENT
from server.binding import GameBinding
from tests.server.helpers import details

Stub = service_pb2_grpc.RulesEngineServiceStub
GAME = "walls_of_york"
PROVENANCES = {"printed", "rulebook", "reconstructed"}


def woy_setup(players: int, seed: int | None = 7, **overrides: str) -> common_pb2.GameSetup:
    """A Walls of York setup: seeded, or external chance when ``seed`` is None."""
    message = common_pb2.GameSetup(game_id=GAME, players=players, overrides=overrides)
    if seed is None:
        message.chance_mode = common_pb2.CHANCE_MODE_EXTERNAL
    else:
        message.chance_mode = common_pb2.CHANCE_MODE_SEEDED
        message.seed = seed
    return message


def _move(seat: int, **action: Any) -> service_pb2.Move:
    (kind, fields), *_ = action.items()
    move = service_pb2.Move(seat=seat)
    getattr(move.walls_of_york, kind).SetInParent()
    for name, value in fields.items():
        setattr(getattr(move.walls_of_york, kind), name, value)
    return move


def _apply(stub: Stub, state: service_pb2.GameState, move: service_pb2.Move) -> service_pb2.ApplyMoveResponse:
    return stub.ApplyMove(service_pb2.ApplyMoveRequest(state=state, move=move))


def _placement_state(stub: Stub, players: int, seed: int = 7) -> service_pb2.NewGameResponse:
    """A seeded game on the TS-1 preset board: the engine rolls decree and die, so every seat places."""
    started = stub.NewGame(service_pb2.NewGameRequest(setup=woy_setup(players, seed, board="ts1")))
    assert started.state.walls_of_york.step == "place"
    assert list(started.pending.seats) == list(range(players)) and started.pending.kind == "place"
    return started


def _view(stub: Stub, state: service_pb2.GameState, seat: int | None) -> service_pb2.GameState:
    viewer = common_pb2.Viewer(spectator=empty_pb2.Empty()) if seat is None else common_pb2.Viewer(seat=seat)
    view = stub.ViewState(service_pb2.ViewStateRequest(state=state, viewer=viewer)).state
    view.ClearField("signature")
    return view


# ---- the contract -----------------------------------------------------------------------------


def test_the_engine_and_the_contract_mirror_each_other() -> None:
    binding = GameBinding(ENGINE)  # raises SchemaMismatch on any drift
    state = ENGINE.new_game(ENGINE.make_options(3, {"board": "ts1"}), 1)
    assert binding.state_from_proto(binding.state_to_proto(state)) == state


def test_list_games_reports_walls_of_york_with_its_option_schema(stub: Stub) -> None:
    games = {g.game_id: g for g in stub.ListGames(service_pb2.ListGamesRequest()).games}
    woy = games[GAME]
    assert (woy.title, woy.min_players, woy.max_players) == ("Walls of York", 2, 4)
    options = {o.name: o for o in woy.options}
    assert "ts1" in options["board"].choices and "ts1" in woy.variants
    assert options["king_dice"].default == "custom" and set(options["king_dice"].choices) == {"custom", "standard_d6"}
    assert options["negative_scores"].default == "true" and options["max_turns_per_age"].default == "300"


def test_describe_game_returns_the_board_content_with_provenance(stub: Stub) -> None:
    response = stub.DescribeGame(service_pb2.DescribeGameRequest(game_id=GAME))
    assert response.game_id == GAME and response.rules_version
    content = json_format.MessageToDict(response.content)
    tiles = content["tiles"]
    assert {(t["gem"], t["side"]) for t in tiles} == {
        (gem, side) for gem in ("white", "blue", "purple", "yellow") for side in ("black", "white")
    }
    for tile in tiles:
        assert len(tile["rows"]) == 4 and all(len(row.split()) == 4 for row in tile["rows"])
        assert all(code in content["field_codes"] for row in tile["rows"] for code in row.split())
        assert tile["provenance"] == "reconstructed" and tile["source"]
    formations = {f["id"]: f for f in content["formations"]}
    assert "I1" in formations
    die = content["building_die"]
    assert sorted(int(face["face"]) for face in die) == [1, 2, 3, 4, 5, 6]
    assert all(face["formation"] in formations and face["provenance"] == "reconstructed" for face in die)
    assert set(content["king_dice"]) == {"custom", "standard_d6"}
    for dice in content["king_dice"].values():
        assert len(dice["dice"]) == 3 and all(len(d) == 6 for d in dice["dice"])
        assert dice["provenance"] == "reconstructed"
    items = [*tiles, *formations.values(), *die, *content["king_dice"].values(), *content["presets"]]
    assert all(item["provenance"] in PROVENANCES for item in items)
    assert "ts1" in {p["id"] for p in content["presets"]}


# ---- chance seats ------------------------------------------------------------------------------


def test_a_seeded_game_waits_for_real_seats_only(stub: Stub) -> None:
    started = stub.NewGame(service_pb2.NewGameRequest(setup=woy_setup(3, seed=11)))
    game = started.state.walls_of_york
    assert started.state.game_id == GAME and game.HasField("rng") and not game.external_chance
    assert game.step == "setup" and started.pending.kind == "setup"
    assert list(started.pending.seats) == [game.first_player]
    legal = stub.LegalMoves(service_pb2.LegalMovesRequest(state=started.state)).moves
    assert len(legal) == 4 * 2 * 4 * 4  # gems x sides x rotations x quadrants
    assert all(m.walls_of_york.HasField("setup_tile") for m in legal)


def test_external_chance_makes_every_chance_event_a_chance_decision(stub: Stub) -> None:
    started = stub.NewGame(service_pb2.NewGameRequest(setup=woy_setup(2, seed=None, board="ts1")))
    assert not started.state.walls_of_york.HasField("rng") and started.state.walls_of_york.external_chance
    assert list(started.pending.seats) == [-1] and started.pending.kind == "chance.decree"
    decrees = stub.LegalMoves(service_pb2.LegalMovesRequest(state=started.state, seat=-1)).moves
    assert decrees and all(m.seat == -1 and m.walls_of_york.HasField("chance_decree") for m in decrees)
    rolled = _apply(stub, started.state, _move(-1, chance_decree={"church": 3, "well": 2, "market": 2}))
    assert list(rolled.state.walls_of_york.decree) == [3, 2, 2] and rolled.pending.kind == "chance.roll"
    faces = stub.LegalMoves(service_pb2.LegalMovesRequest(state=rolled.state)).moves
    assert sorted(m.walls_of_york.chance_face.face for m in faces) == [1, 2, 3, 4, 5, 6]
    placing = _apply(stub, rolled.state, _move(-1, chance_face={"face": 2}))
    assert placing.state.walls_of_york.face == 2 and list(placing.pending.seats) == [0, 1]

    impossible = stub.ValidateMove(
        service_pb2.ValidateMoveRequest(state=started.state, move=_move(-1, chance_decree={"church": 0, "well": 0}))
    )
    assert not impossible.legal and impossible.violations[0].code == "WALLS_OF_YORK_IMPOSSIBLE_DECREE"


# ---- simultaneous placement is hidden -----------------------------------------------------------


def test_a_view_during_placement_does_not_reveal_another_seats_committed_placement(stub: Stub) -> None:
    started = _placement_state(stub, 3)
    single = _apply(stub, started.state, _move(1, place_single={"edge": "H 0 0"}))
    formation = _apply(stub, started.state, _move(1, place_formation={"variant": 0, "dx": 3, "dy": 4}))
    assert single.state.walls_of_york.players[1].submitted.kind == "single"
    assert formation.state.walls_of_york.players[1].submitted.kind == "formation"

    for state in (single.state, formation.state):
        for viewer in (0, 2, None):
            view = _view(stub, state, viewer).walls_of_york
            hidden = view.players[1].submitted
            assert view.redacted and not view.HasField("rng")
            assert hidden.kind == "hidden" and (hidden.variant, hidden.dx, hidden.dy, hidden.edge) == (0, 0, 0, "")
            assert list(view.players[1].walls) == []  # nothing is revealed before every seat has placed
        own = _view(stub, state, 1).walls_of_york.players[1].submitted
        assert own == state.walls_of_york.players[1].submitted

    # Two states that differ only in what seat 0 (or a spectator) cannot see look the same to it.
    for viewer in (0, 2, None):
        assert _view(stub, single.state, viewer) == _view(stub, formation.state, viewer)

    # Seat 0's decision, as seat 0 sees it: seat 1 has committed, seats 0 and 2 still owe a placement.
    legal = stub.LegalMoves(service_pb2.LegalMovesRequest(state=single.state, seat=0))
    assert list(legal.pending.seats) == [0, 2] and legal.pending.kind == "place"
    assert legal.moves and all(m.seat == 0 for m in legal.moves)
    assert not stub.LegalMoves(service_pb2.LegalMovesRequest(state=single.state, seat=1)).moves
    again = stub.ValidateMove(
        service_pb2.ValidateMoveRequest(state=single.state, move=_move(1, place_single={"edge": "H 1 0"}))
    )
    assert not again.legal and again.violations[0].code == "COMMON_NOT_YOUR_TURN"

    # Once every open seat has placed, all placements are revealed together.
    state = single.state
    for seat, edge in ((0, "V 8 7"), (2, "H 7 8")):
        state = _apply(stub, state, _move(seat, place_single={"edge": edge})).state
    game = state.walls_of_york
    assert game.step == "close"
    assert [list(p.walls) for p in game.players] == [["V 8 7"], ["H 0 0"], ["H 7 8"]]
    assert not any(p.HasField("submitted") for p in game.players)


# ---- illegal placements --------------------------------------------------------------------------


def _second_turn(stub: Stub) -> service_pb2.GameState:
    """Seeded, 2 players, TS-1: both seats placed one single piece (seat 0 on H 0 0) and continued."""
    state = _placement_state(stub, 2, seed=5).state
    for move in (
        _move(0, place_single={"edge": "H 0 0"}),
        _move(1, place_single={"edge": "H 0 0"}),
        _move(0, **{"continue": {}}),
        _move(1, **{"continue": {}}),
    ):
        state = _apply(stub, state, move).state
    game = state.walls_of_york
    assert game.step == "place" and game.turn == 2 and list(game.players[0].walls) == ["H 0 0"]
    return state


def test_a_placement_on_an_occupied_street_is_refused(stub: Stub) -> None:
    state = _second_turn(stub)
    move = _move(0, place_single={"edge": "H 0 0"})
    with pytest.raises(grpc.RpcError) as caught:
        _apply(stub, state, move)
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    info, bad = details(caught.value)
    assert info.reason == "WALLS_OF_YORK_EDGE_OCCUPIED"
    assert bad is not None and bad.field_violations[0].field == "action.edge"
    assert "H 0 0" in bad.field_violations[0].description

    checked = stub.ValidateMove(service_pb2.ValidateMoveRequest(state=state, move=move))
    assert not checked.legal and [v.code for v in checked.violations] == ["WALLS_OF_YORK_EDGE_OCCUPIED"]
    legal = stub.LegalMoves(service_pb2.LegalMovesRequest(state=state, seat=0)).moves
    singles = {m.walls_of_york.place_single.edge for m in legal if m.walls_of_york.HasField("place_single")}
    assert len(singles) == 143 and "H 0 0" not in singles

    # A formation whose variant at offset (0, 0) covers H 0 0 is refused for the same reason
    # (at offset (0, 0) every variant lies on the board, so one not offered must overlap a wall).
    offered = [m.walls_of_york.place_formation for m in legal if m.walls_of_york.HasField("place_formation")]
    variants = sorted({f.variant for f in offered})
    at_origin = {f.variant for f in offered if (f.dx, f.dy) == (0, 0)}
    blocked = [v for v in variants if v not in at_origin]
    assert blocked, "some variant of every formation covers H 0 0 at offset (0, 0)"
    for variant in blocked:
        formation = _move(0, place_formation={"variant": variant, "dx": 0, "dy": 0})
        answer = stub.ValidateMove(service_pb2.ValidateMoveRequest(state=state, move=formation))
        assert not answer.legal and answer.violations[0].code == "WALLS_OF_YORK_EDGE_OCCUPIED"
        with pytest.raises(grpc.RpcError) as refused:
            _apply(stub, state, formation)
        assert details(refused.value)[0].reason == "WALLS_OF_YORK_EDGE_OCCUPIED"


def test_a_malformed_walls_of_york_state_is_refused_naming_the_field(stub: Stub) -> None:
    state = _second_turn(stub)
    state.walls_of_york.players[0].walls.append("H 9 9")
    state.ClearField("signature")
    with pytest.raises(grpc.RpcError) as caught:
        stub.LegalMoves(service_pb2.LegalMovesRequest(state=state))
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    info, bad = details(caught.value)
    assert info.reason == "STATE_INVALID"
    assert bad is not None and bad.field_violations[0].field.startswith("state.walls_of_york.players[0]")


def test_legal_moves_offer_the_odds_of_a_chance_decision(stub: Stub) -> None:
    """Chance as data: with external chance, LegalMoves gives each outcome's weight. The first player is drawn
    from the seats (one each); the King's Decree counts the ways the three king dice can fall into the shafts
    (six ways to hand the dice to the shafts, six faces each), so two decrees made the same way weigh alike and
    the weights add up to 6 x 6 x 6 x 6; a player's decision has no odds."""
    started = stub.NewGame(service_pb2.NewGameRequest(setup=woy_setup(3, None)))
    state = started.state
    offered = stub.LegalMoves(service_pb2.LegalMovesRequest(state=state))
    assert offered.pending.kind == "chance.first_player"
    assert list(offered.chance_weights) == [1, 1, 1]
    while offered.pending.kind != "chance.decree":
        if offered.pending.seats != [-1]:
            assert list(offered.chance_weights) == [], offered.pending.kind
        state = _apply(stub, state, offered.moves[0]).state
        offered = stub.LegalMoves(service_pb2.LegalMovesRequest(state=state))
    dice = CONTENT.king_dice[ENGINE.make_options(3, {}).king_dice].dice
    ways: Counter[tuple[int, int, int]] = Counter()
    for order in permutations(range(3)):
        for values in product(dice[order[0]], dice[order[1]], dice[order[2]]):
            shown = dict(zip(CONTENT.tower_shafts, values, strict=True))
            ways[shown["CHURCH"], shown["WELL"], shown["MARKET"]] += 1
    decrees = [
        (m.walls_of_york.chance_decree.church, m.walls_of_york.chance_decree.well, m.walls_of_york.chance_decree.market)
        for m in offered.moves
    ]
    assert dict(zip(decrees, offered.chance_weights, strict=True)) == dict(ways)
    assert sum(offered.chance_weights) == 6**4
