"""Viscounts of the West Kingdom over a real port: the contract (ListGames, DescribeGame with provenance),
whole games for 1 (solo against the engine's Cleric AI), 2, 3 and 4 players played by the CLI's bots
through the API with the engine's randomness and with external chance, each record replayed
(ReplayGame and its stream) to the same final state and score, what views hide, and illegal moves
answered with the game's violation code and field.
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

from engines.viscounts.engine import ENGINE
from server.app import Running
from tests.server.helpers import bot_games, details

Stub = service_pb2_grpc.RulesEngineServiceStub
GAME = "viscounts"
CHANCE = -1
HIDDEN = "?"
#: The families DescribeGame returns; each item (or the family itself, for a singleton) has its provenance.
FAMILIES = ("townsfolk", "manuscripts", "player_cards", "segments", "castle", "board", "ai_boards", "schemes")
#: (players, seed): a seeded game (the engine's PCG32 draws) and one with external chance (None).
GAMES = [(players, seed) for players in (1, 2, 3, 4) for seed in (100 + players, None)]
#: The chance decisions of every external-chance setup (§3 steps 1-9), and the solo AI's scheme draws.
SETUP_DRAWS = {"segment", "rotation", "folk_drawn", "manuscript_drawn", "player_card_drawn", "hero_drawn"}

BotGame = Callable[[int, "int | None"], PlayedGame]


def viscounts_setup(players: int, seed: int | None) -> common_pb2.GameSetup:
    """A Viscounts setup: seeded, or external chance when ``seed`` is None."""
    return game_setup(GAME, players, seed=seed, external_chance=seed is None)


def seats_of(players: int) -> int:
    """A solo game has two seats: the person (0) and the Cleric AI (1)."""
    return 2 if players == 1 else players


@pytest.fixture(scope="module")
def client(server: Running) -> Iterator[RulesEngineClient]:
    """The client library on the same real port as ``stub``."""
    with RulesEngineClient(f"127.0.0.1:{server.port}", timeout=30.0) as connected:
        yield connected


@pytest.fixture(scope="module")
def bot_game(client: RulesEngineClient) -> BotGame:
    """Plays (once per module) a whole game with the CLI's bots on every seat a person would take (and
    CHANCE); a solo game's AI seat has no agent: the engine plays it."""

    return bot_games(client, viscounts_setup)


# ---- the contract -----------------------------------------------------------------------------


def test_list_games_reports_viscounts_with_its_options(stub: Stub) -> None:
    games = {g.game_id: g for g in stub.ListGames(service_pb2.ListGamesRequest()).games}
    info = games[GAME]
    assert (info.title, info.min_players, info.max_players) == ("Viscounts of the West Kingdom", 1, 4)
    assert info.rules_version == ENGINE.info.rules_version
    options = {o.name: o for o in info.options}
    assert set(options) == {
        "start_player",
        "future_schemes",
        "collision_column",
        "reshuffle_check",
        "castle_order",
        "rearrange_empty",
        "free_hire_optional",
        "conversion_dismiss",
        "icon_scope",
        "castle_gold_move",
        "bump_timing",
        "card8_building",
    }
    assert options["start_player"].default == "-1" and options["future_schemes"].default == "1"
    assert set(options["collision_column"].choices) == {"after_gains", "at_start"}
    assert options["collision_column"].default == "after_gains"
    assert set(options["icon_scope"].choices) == {"owned", "board"}
    assert set(options["card8_building"].choices) == {"trading_post", "any"}
    assert options["rearrange_empty"].default == "false"
    assert all(o.doc for o in info.options)


def test_describe_game_returns_every_family_with_provenance(stub: Stub) -> None:
    response = stub.DescribeGame(service_pb2.DescribeGameRequest(game_id=GAME))
    assert response.game_id == GAME and response.rules_version == ENGINE.info.rules_version
    content = json_format.MessageToDict(response.content)
    assert set(content) == set(FAMILIES)
    for family in FAMILIES:
        listed = content[family]
        items = listed if isinstance(listed, list) else [listed]
        assert items, family
        for item in items:
            assert item["provenance"] in {"reconstructed", "rulebook"}, (family, item)
            assert item["source"], (family, item)
    # §2 component counts: 68 neutral + 10 heroes + 8 starting kinds, 35 manuscripts, 10 player cards,
    # 5 segments of two sides, 8 + 8 scheme cards, one Cleric AI board, a castle of 5 sections.
    decks = [t["deck"] for t in content["townsfolk"]]
    assert (decks.count("neutral"), decks.count("hero"), decks.count("starter")) == (68, 10, 8)
    assert len(content["manuscripts"]) == 35 and len(content["player_cards"]) == 10
    assert sorted(p["number"] for p in content["player_cards"]) == list(range(1, 11))
    assert len(content["segments"]) == 10 and {s["segment"] for s in content["segments"]} == set("ABCDE")
    assert [s["deck"] for s in content["schemes"]].count("future") == 8 and len(content["schemes"]) == 16
    assert len(content["ai_boards"]) == 1 and len(content["castle"]["sections"]) == 5
    # The printed board is not known: every segment side is reconstructed; pictured cards are the rulebook's.
    assert {s["provenance"] for s in content["segments"]} == {"reconstructed"}
    assert {t["provenance"] for t in content["townsfolk"]} == {"reconstructed", "rulebook"}


# ---- whole games ------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_a_bot_game_ends_and_replays_to_the_same_result(
    bot_game: BotGame, client: RulesEngineClient, players: int, seed: int | None
) -> None:
    played: PlayedGame = bot_game(players, seed)
    game = played.state.viscounts
    record = played.record
    seats = seats_of(players)
    assert game.stage == "over" and not game.queue and len(game.players) == seats
    assert played.score.final and [s.seat for s in played.score.seats] == list(range(seats))
    assert played.score.winners and set(played.score.winners) <= set(range(seats))
    assert game.external_chance == (seed is None) and game.HasField("rng") == (seed is not None)
    # §4.9: a reveal ends the game after the round it happened in and one more full round.
    revealed = [r for r in (game.poverty, game.prosperity) if r]
    assert revealed and game.round == min(revealed) + 1

    movers = {m.seat for m in record.moves}
    chance_kinds = {m.viscounts.WhichOneof("action") for m in record.moves if m.seat == CHANCE}
    kinds = {m.viscounts.WhichOneof("action") for m in record.moves if m.seat != CHANCE}
    assert {"pick_pair", "play", "move_to"} <= kinds
    if seed is None:
        assert SETUP_DRAWS | {"card_drawn"} <= chance_kinds
    else:
        assert CHANCE not in movers  # the engine's generator drew everything
    if players == 1:
        # The Cleric AI (seat 1) never owes a decision: the engine plays its turns (§8.4).
        assert movers <= {CHANCE, 0}
        ai = game.players[1]
        assert ai.ai and not game.players[0].ai and not ai.hand
        assert ai.discard and ai.manuscripts, "the AI revealed schemes and transcribed"
        assert ("scheme_drawn" in chance_kinds) == (seed is None)
    else:
        assert movers - {CHANCE} == set(range(players))

    for result in (client.replay_game(record), client.replay_game_stream(record)):
        assert result.legal and result.moves_applied == len(record.moves)
        assert not result.pending.seats and result.score.final
        assert totals(result.score) == totals(played.score)
        assert list(result.score.winners) == list(played.score.winners)
        assert result.state.viscounts == game


def test_views_hide_hands_and_draw_piles(bot_game: BotGame, client: RulesEngineClient) -> None:
    played: PlayedGame = bot_game(3, 103)
    players = played.state.viscounts.players
    for viewer in (0, 2, None):
        view = client.view(played.state, viewer).state.viscounts
        assert view.redacted and not view.HasField("rng")
        for seat, (seen, real) in enumerate(zip(view.players, players, strict=True)):
            assert len(seen.hand) == len(real.hand) and len(seen.draw) == len(real.draw)
            assert list(seen.hand) == (list(real.hand) if seat == viewer else [HIDDEN] * len(real.hand))
            assert set(seen.draw) <= {HIDDEN}  # nobody knows a draw pile's order (§4.2)
            assert list(seen.discard) == list(real.discard) and list(seen.slots) == list(real.slots)
        assert set(view.folk_unseen) <= {HIDDEN} and set(view.script_unseen) <= {HIDDEN}


# ---- illegal moves -----------------------------------------------------------------------------------


def _first_play(stub: Stub) -> tuple[service_pb2.GameState, int]:
    """Seeded, 2 players, through the draft (each decision its first legal move: a pair, then what the
    player card's extra step asks) to the first play; the state and the seat to play."""
    answer = stub.NewGame(service_pb2.NewGameRequest(setup=viscounts_setup(2, 21)))
    state, pending = answer.state, answer.pending
    assert pending.kind == "pick_pair"
    while pending.kind != "play":
        pick = stub.LegalMoves(service_pb2.LegalMovesRequest(state=state)).moves[0]
        applied = stub.ApplyMove(service_pb2.ApplyMoveRequest(state=state, move=pick))
        state, pending = applied.state, applied.pending
    assert pending.kind == "play" and len(pending.seats) == 1
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
    state, seat = _first_play(stub)
    hand = list(state.viscounts.players[seat].hand)
    assert len(hand) == 3  # §3 step 9.5

    # A card the seat does not hold.
    content = json_format.MessageToDict(stub.DescribeGame(service_pb2.DescribeGameRequest(game_id=GAME)).content)
    missing = next(t["id"] for t in content["townsfolk"] if t["id"] not in hand)
    move = service_pb2.Move(seat=seat)
    move.viscounts.play.card = missing
    assert _refused(stub, state, move) == ("VISCOUNTS_NOT_IN_HAND", "action.card")

    # Another seat's turn.
    other = service_pb2.Move(seat=1 - seat)
    other.viscounts.play.card = hand[0]
    assert _refused(stub, state, other)[0] == "COMMON_NOT_YOUR_TURN"

    # After the play: a space the viscount cannot reach (one the legal moves leave out, else a space
    # that does not exist).
    move = service_pb2.Move(seat=seat)
    move.viscounts.play.card = hand[0]
    state = stub.ApplyMove(service_pb2.ApplyMoveRequest(state=state, move=move)).state
    offered = {m.viscounts.move_to.space for m in stub.LegalMoves(service_pb2.LegalMovesRequest(state=state)).moves}
    assert offered and offered <= set(range(15))
    unreachable = next((space for space in range(15) if space not in offered), 15)
    move = service_pb2.Move(seat=seat)
    move.viscounts.move_to.space = unreachable
    assert _refused(stub, state, move) == ("VISCOUNTS_UNREACHABLE", "action.space")

    # External chance: the CHANCE seat names a segment that is not in the box.
    answer = stub.NewGame(service_pb2.NewGameRequest(setup=viscounts_setup(2, None)))
    assert list(answer.pending.seats) == [CHANCE]
    draw = service_pb2.Move(seat=CHANCE)
    draw.viscounts.segment.segment = "Z"
    assert _refused(stub, answer.state, draw) == ("VISCOUNTS_NOT_DRAWABLE", "action.segment")
