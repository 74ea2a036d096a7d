"""The Walled City through the client against the real server: whole all-bot games for 2, 3 and 4
players on both boards in both chance modes (each record replayed to the same final score),
replay and score of the files, the terminal rendering (drawn from DescribeGame content only),
and a terminal game with a human seat.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest
from google.protobuf import json_format
from rulesengine.v1 import common_pb2
from rulesengine_client import RulesEngineClient
from rulesengine_client.files import load_record, load_state
from rulesengine_client.render import Names, render_state, render_view, totals, view_facts
from rulesengine_client.walled_city import Content

from tests.client.conftest import Cli, Server

GAME = "walled_city"
BOARDS = ("londonderry", "borderlands")
MODES = ("seeded", "external")

#: (players, board, chance mode): every combination, each with its own seeds.
GAMES = [(players, board, mode) for players in (2, 3, 4) for board in BOARDS for mode in MODES]

BotGame = Callable[[int, str, str], tuple[Path, Path]]


@pytest.fixture(scope="module")
def bot_game(tmp_path_factory: pytest.TempPathFactory, server: Server) -> BotGame:
    """Plays (once per module) one all-bot game with `rules-engine-client bots`; returns the
    record and final-score files. The CLI itself replays the record (ReplayGame) and checks
    that it reaches the same final score."""
    cli = Cli(server.target)

    @cache
    def play(players: int, board: str, mode: str) -> tuple[Path, Path]:
        seed = str(100 * players + GAMES.index((players, board, mode)))
        chance = ("--seed", seed) if mode == "seeded" else ("--external-chance", "--bot-seed", seed)
        out = tmp_path_factory.mktemp(f"wc-{players}-{board}-{mode}")
        args = ("bots", "--game", GAME, "--players", str(players), "--games", "1", "--records-dir", str(out))
        result = cli(*args, *chance, "-o", f"board={board}")
        assert result.status == 0, result.out + result.err
        assert "games: 1  verified: 1  failed: 0" in result.out
        return out / "game-0000.json", out / "game-0000.score.json"

    return play


@pytest.fixture(scope="module")
def names(server: Server) -> Names:
    """Names (and The Walled City content) from DescribeGame."""
    with RulesEngineClient(server.target, timeout=30.0) as connected:
        return Names.from_content(connected.describe_game(GAME).content)


@pytest.mark.parametrize(("players", "board", "mode"), GAMES)
def test_bot_game_record_replays_to_the_same_score(
    bot_game: BotGame, client: RulesEngineClient, players: int, board: str, mode: str
) -> None:
    record_path, score_path = bot_game(players, board, mode)
    record = load_record(record_path)
    played = json_format.Parse(score_path.read_text(), common_pb2.ScoreSheet())
    assert record.setup.game_id == GAME and record.setup.players == players
    assert dict(record.setup.overrides) == {"board": board}
    assert list(record.seat_labels) == ["bot"] * players
    chance = {m.walled_city.WhichOneof("action") for m in record.moves if m.seat == -1}
    kinds = {m.walled_city.WhichOneof("action") for m in record.moves if m.seat != -1}
    if mode == "seeded":
        assert record.setup.chance_mode == common_pb2.CHANCE_MODE_SEEDED and not chance
    else:
        assert record.setup.chance_mode == common_pb2.CHANCE_MODE_EXTERNAL
        assert {"chance_seat", "chance_die", "chance_tile", "chance_guild"} <= chance
        assert ("chance_card" in chance) == (players == 3 and board == "borderlands")
    assert {"choose_guild", "build_road", "settle", "place_defence_card", "activate_guild"} <= kinds
    assert ("starting_road" in kinds) == (players < 4)
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
        game = result.state.walled_city
        assert game.phase == "over" and game.round == 2 and game.options.board in ("", board)
        assert (game.options.board or "londonderry") == board


def test_replay_score_and_render_the_final_state(
    bot_game: BotGame, cli: Cli, client: RulesEngineClient, names: Names, tmp_path: Path
) -> None:
    record_path, score_path = bot_game(3, "borderlands", "seeded")
    final = tmp_path / "final.json"
    replayed = cli("replay", str(record_path), "--state-out", str(final))
    assert replayed.status == 0, replayed.err
    assert replayed.out.startswith("OK: all") and "the game is over" in replayed.out
    state = load_state(final)
    assert state.walled_city.phase == "over"

    scored = cli("score", str(final))
    assert scored.status == 0 and scored.out.startswith("Final score:")
    played = json_format.Parse(score_path.read_text(), common_pb2.ScoreSheet())
    for seat in played.seats:
        assert f"seat {seat.seat}: {seat.total} points" in scored.out

    content = names.walled_city
    assert isinstance(content, Content) and set(content.boards) == set(BOARDS)
    board = content.boards["borderlands"]
    view = client.view(state, None)
    text = render_view(view, names, None)
    assert text.startswith("The Walled City (borderlands), round 2: game over")
    assert "To decide: nobody" in text
    districts = view_facts(view)["districts"]
    for district in districts:
        for area in district["areas"]:
            assert f"    {area}: " in text  # every area the service lists, under its district
    assert {a.split(".")[0] for d in districts for a in d["areas"]} == set(board.areas)
    assert render_state(state, names, None).count("district ") == 0  # no facts: no districts of its own
    for tower in board.towers:
        assert f"  {tower}: " in text
    assert "district 1 (" in text and "Roads (" in text and "Walls (" in text and "Defence zones" in text
    for index in range(3):
        assert f"  seat {index}: " in text


def test_play_with_a_human_seat_sees_only_its_own_hand(cli: Cli, tmp_path: Path) -> None:
    record_path = tmp_path / "partial.json"
    # 2 players, seeded: the human chooses the first legal move a few times, looks at the view
    # and the score, mistypes, and quits.
    result = cli(
        "play", "--game", GAME, "--players", "2", "--human", "0", "--seed", "3", "--bot-seed", "1",
        "--record", str(record_path),
        stdin="1\n1\n1\nv\ns\nwhat\nq\n",
    )  # fmt: skip
    assert result.status == 1, result.err
    out = result.out
    assert "The Walled City (londonderry), round 1:" in out
    assert "seat 0 (you): " in out and "neutral: " in out
    seats = re.search(r"seat 0 \(you\): .*\n      hand: (.*)\n  seat 1: .*\n      hand: (.*)\n", out)
    assert seats is not None
    own, other = seats.groups()
    assert re.fullmatch(r"\d/\d( \d/\d)*", own)  # the human's own cards
    assert re.fullmatch(r"\d+ cards \(hidden\)", other)  # seat 1's hand
    assert "Areas by district" in out and "Towers (watchmen, die):" in out
    assert "Seat 0 (you), your decision:" in out
    assert "Provisional score:" in out and "Please type a number from 1 to" in out
    assert "Winner" not in out and "decided." not in out and "Game abandoned after" in out
    record = load_record(record_path)
    assert list(record.seat_labels) == ["human", "bot"] and 0 in [m.seat for m in record.moves]
    replay = cli("replay", str(record_path))
    assert replay.status == 0 and "the game is not over" in replay.out
