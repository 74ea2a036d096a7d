"""Walls of York through the client against the real server: whole all-bot games for 2, 3 and 4
players in both chance modes (each record replayed to the same final score), replay and score
of the files, a terminal game with a human seat, and the board the client draws from the
DescribeGame content (it must agree with the engine, which the client never imports).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest
from google.protobuf import json_format
from rulesengine.v1 import common_pb2, service_pb2
from rulesengine_client import RulesEngineClient, game_setup
from rulesengine_client.files import load_record, load_state
from rulesengine_client.render import Names, render_view, totals, view_facts
from rulesengine_client.walls_of_york import Content

from tests.client.conftest import Cli, Server

GAME = "walls_of_york"

#: The TS-1 preset's play area (spec §9.5.3), row by row.
TS1_ROWS = (
    ".. WE .. VK .. VK VK MA",
    "WE .. VK MA .. .. C2 MA",
    "C1 .. C1 CH .. WE CH CH",
    "C2 MA CH .. WE VK C1 C1",
    "VK CH .. MA C2 WE C1 C1",
    "WE .. VK CH MA VK VK WE",
    "MA .. WE C1 MA WE CH ..",
    "C1 C2 .. VK CH .. .. ..",
)

#: (players, chance mode, extra CLI arguments): every player count in both modes; two of the
#: external-chance games start on the TS-1 preset board (fewer chance decisions, same game).
GAMES = [
    (2, "seeded", ("--seed", "102")),
    (3, "seeded", ("--seed", "103")),
    (4, "seeded", ("--seed", "104")),
    (2, "external", ("--external-chance", "--bot-seed", "5")),
    (3, "external", ("--external-chance", "--bot-seed", "6", "-o", "board=ts1")),
    (4, "external", ("--external-chance", "--bot-seed", "7", "-o", "board=ts1")),
]

BotGame = Callable[[int, str], tuple[Path, Path]]


@pytest.fixture(scope="module")
def bot_game(tmp_path_factory: pytest.TempPathFactory, server: Server) -> BotGame:
    """Plays (once per module) one all-bot game with `rules-engine-client bots`; returns the
    record and final-score files. The CLI itself replays the record (ReplayGame) and checks
    that it reaches the same final score."""
    cli = Cli(server.target)

    @cache
    def play(players: int, mode: str) -> tuple[Path, Path]:
        extra = next(e for p, m, e in GAMES if (p, m) == (players, mode))
        out = tmp_path_factory.mktemp(f"woy-{players}-{mode}")
        args = ("bots", "--game", GAME, "--players", str(players), "--games", "1", "--records-dir", str(out))
        result = cli(*args, *extra)
        assert result.status == 0, result.out + result.err
        assert "games: 1  verified: 1  failed: 0" in result.out
        return out / "game-0000.json", out / "game-0000.score.json"

    return play


@pytest.fixture(scope="module")
def names(server: Server) -> Names:
    """Names (and the Walls of York content) from DescribeGame."""
    with RulesEngineClient(server.target, timeout=30.0) as connected:
        return Names.from_content(connected.describe_game(GAME).content)


@pytest.mark.parametrize(("players", "mode"), [(p, m) for p, m, _ in GAMES])
def test_bot_game_record_replays_to_the_same_score(
    bot_game: BotGame, client: RulesEngineClient, players: int, mode: str
) -> None:
    record_path, score_path = bot_game(players, mode)
    record = load_record(record_path)
    played = json_format.Parse(score_path.read_text(), common_pb2.ScoreSheet())
    assert record.setup.game_id == GAME and record.setup.players == players
    assert list(record.seat_labels) == ["bot"] * players
    chance = [m for m in record.moves if m.seat == -1]
    kinds = {m.walls_of_york.WhichOneof("action") for m in record.moves}
    if mode == "seeded":
        assert record.setup.chance_mode == common_pb2.CHANCE_MODE_SEEDED and not chance
        assert "setup_tile" in kinds  # the seats assembled the play area
    else:
        assert record.setup.chance_mode == common_pb2.CHANCE_MODE_EXTERNAL
        assert {"chance_decree", "chance_face"} <= {m.walls_of_york.WhichOneof("action") for m in chance}
    assert {"place_formation", "place_single", "close_room", "seal"} <= kinds
    assert played.final and played.winners and len(played.seats) == players

    # The file is the canonical JSON mapping (camelCase names).
    raw = json.loads(record_path.read_text())
    assert raw["setup"]["gameId"] == GAME and len(raw["moves"]) == len(record.moves)

    # Replayed over both RPCs: the same final score (the CLI already checked ReplayGame).
    for result in (client.replay_game(record), client.replay_game_stream(record)):
        assert result.legal and result.moves_applied == len(record.moves)
        assert not result.pending.seats and result.score.final
        assert totals(result.score) == totals(played)
        assert list(result.score.winners) == list(played.winners)
        game = result.state.walls_of_york
        assert game.step == "over" and game.age == 2 and not game.aborted
        assert sum(p.shield for p in game.players) == 1


def test_replay_and_score_commands(
    bot_game: BotGame, cli: Cli, client: RulesEngineClient, names: Names, tmp_path: Path
) -> None:
    record_path, score_path = bot_game(3, "seeded")
    final = tmp_path / "final.json"
    replayed = cli("replay", str(record_path), "--state-out", str(final))
    assert replayed.status == 0, replayed.err
    assert replayed.out.startswith("OK: all") and "the game is over" in replayed.out
    state = load_state(final)
    assert state.walls_of_york.step == "over"

    scored = cli("score", str(final))
    assert scored.status == 0 and scored.out.startswith("Final score:")
    played = json_format.Parse(score_path.read_text(), common_pb2.ScoreSheet())
    for seat in played.seats:
        assert f"seat {seat.seat}: {seat.total} points" in scored.out
    assert "city coins, Age 1" in scored.out
    assert cli("score", str(final), "--seat", "1").status == 0

    # The final state drawn: every seat's city marked on its board.
    text = render_view(client.view(state, None), names, None)
    assert "Walls of York: Age 2" in text and "game over" in text
    assert text.count("seat 0: ") == 2 and "closed, city of" in text
    assert "*" in text and "---" in text and "|" in text


def _menus_to_first_move(paths: list[list[str]]) -> int:
    """How many menus a person answering ``1`` at each step meets before reaching ``moves[0]``
    (a step offering one option only is taken without a menu)."""
    chosen: list[str] = []
    menus = 0
    while True:
        left = [p for p in paths if p[: len(chosen)] == chosen]
        options = list(dict.fromkeys(p[len(chosen)] for p in left if len(p) > len(chosen)))
        if len(left) == 1 or not options:
            return menus
        menus += len(options) > 1
        chosen.append(options[0])


def test_play_with_a_human_seat(cli: Cli, client: RulesEngineClient, tmp_path: Path) -> None:
    record_path = tmp_path / "partial.json"
    # Seeded on the TS-1 board: the human places first, among hundreds of moves, so step by step
    # along the choice paths: take the first option, go back, take the first option at every
    # step, then look at the view and the score, mistype, and quit.
    setup = game_setup(GAME, 2, seed=3, overrides={"board": "ts1"})
    legal = client.legal_moves(client.new_game(setup).state, 0)
    assert len(legal.moves) > 25
    menus = _menus_to_first_move([[t.english or "(none)" for t in label.path] for label in legal.labels])
    assert menus >= 2
    result = cli(
        "play", "--game", GAME, "--players", "2", "--human", "0", "--seed", "3", "--bot-seed", "1",
        "-o", "board=ts1", "--record", str(record_path),
        stdin="1\nl\nb\n" + "1\n" * menus + "v\ns\nwhat\nq\n",
    )  # fmt: skip
    assert result.status == 1, result.err
    out = result.out
    assert "Walls of York: Age 1, turn 1; placement" in out
    assert "King's Decree: " in out and "Building die: face " in out
    for row in TS1_ROWS:
        assert row.replace(" ", "  ") in out  # each field drawn as " XX" between streets
    assert "seat 0 (you): 0 walls" in out and "seat 1: 0 walls" in out
    assert "Waiting for: seat 0, seat 1 (" in out  # the pending decision, as ViewState words it
    assert "variant 0" in out  # the rolled formation's variants are drawn
    assert "Seat 0 (you), your decision:" in out and f"{len(legal.moves)} legal moves: choose step by step" in out
    assert "Choose (so far: " in out  # a later step names the choices made so far
    assert "decided." not in out
    assert "Provisional score:" in out and "Winner" not in out
    assert "Please type a number from 1 to" in out
    assert "Game abandoned after" in out
    record = load_record(record_path)
    assert list(record.seat_labels) == ["human", "bot"]
    # Answering 1 at every step (after going back once) reached the first legal move.
    assert record.moves[0] == legal.moves[0]
    # `l` listed the moves still possible after the first choice, by their labels.
    assert f"       - {legal.labels[0].label.english}\n" in out
    replay = cli("replay", str(record_path))
    assert replay.status == 0 and "the game is not over" in replay.out


def _board_lines(text: str) -> list[str]:
    """The lines of the drawn boards: street rows (``   +...``) and field rows (`` 3 ...``)."""
    return [line for line in text.splitlines() if line.startswith("   +") or line[:3].strip().isdigit()]


def _placing(client: RulesEngineClient, face: int) -> service_pb2.GameState:
    """External chance, 2 players, TS-1: decree (3, 2, 2), then building-die ``face``."""
    state = client.new_game(game_setup(GAME, 2, external_chance=True, overrides={"board": "ts1"})).state
    for action in ({"chance_decree": {"church": 3, "well": 2, "market": 2}}, {"chance_face": {"face": face}}):
        move = service_pb2.Move(seat=-1)
        json_format.ParseDict(action, move.walls_of_york)
        state = client.apply_move(state, move).state
    return state


def _shifted(streets: tuple[str, ...], dx: int, dy: int) -> list[str]:
    """``PlaceFormation(variant, dx, dy)`` as the service documents it: dx, dy added to each street's x, y."""
    return [f"{k} {int(x) + dx} {int(y) + dy}" for k, x, y in (s.split() for s in streets)]


def test_the_client_draws_placements_where_the_engine_puts_them(client: RulesEngineClient, names: Names) -> None:
    content = names.walls_of_york
    assert isinstance(content, Content)
    rng = random.Random(8)
    for face in range(1, 7):
        state = _placing(client, face)
        facts = view_facts(client.view(state, 0))
        formation = facts["rolled"]["formation"]
        shapes = content.formation_variants[formation]
        legal = client.legal_moves(state, 0).moves
        formations = [m for m in legal if m.walls_of_york.HasField("place_formation")]
        # Every offered placement covers a different set of streets (I-14), by the service's variants.
        covered = {
            frozenset(_shifted(shapes[f.variant], f.dx, f.dy))
            for f in (m.walls_of_york.place_formation for m in formations)
        }
        assert len(covered) == len(formations)
        move = rng.choice(formations)
        f = move.walls_of_york.place_formation
        expected = _shifted(shapes[f.variant], f.dx, f.dy)

        # Committed but not revealed: the service names the streets to the seat itself only, and the
        # client draws them as pending on that seat's board only.
        committed = client.apply_move(state, move).state
        own_view, other_view = client.view(committed, 0), client.view(committed, 1)
        assert sorted(view_facts(own_view)["seats"][0]["committed"]) == sorted(expected)
        assert view_facts(other_view)["seats"][0]["committed"] == []
        own = _board_lines(render_view(own_view, names, 0))
        other = _board_lines(render_view(other_view, names, 1))
        for edge in expected:
            kind, _, y = edge.split()
            if kind == "H":
                assert any("~~~" in line for line in own), edge
            else:
                assert any(line.startswith(f"{int(y):>2} ") and ":" in line for line in own), edge
        assert not any("~~~" in line or ":" in line for line in other)

        single = service_pb2.Move(seat=1)
        single.walls_of_york.place_single.edge = "H 7 8"
        revealed = client.apply_move(committed, single).state.walls_of_york
        assert sorted(revealed.players[0].walls) == sorted(expected)
        assert list(revealed.players[1].walls) == ["H 7 8"]
