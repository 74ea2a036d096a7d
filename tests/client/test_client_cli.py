"""The CLI against the real server: games, all-bot games for every player count and chance mode
(each record replayed to the same final score), replay of a tampered record, scoring a state
file, a terminal game, and readable errors.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from google.protobuf import json_format
from rulesengine.v1 import common_pb2, service_pb2
from rulesengine_client import RulesEngineClient
from rulesengine_client.files import load_record, load_state, save_message
from rulesengine_client.render import totals

from tests.client.conftest import Cli, Server

PLAYER_COUNTS = range(2, 9)


def _bot_record(cli: Cli, tmp_path: Path, players: int, *extra: str) -> tuple[Path, Path]:
    """Play one all-bot game through the CLI; return the record and final-score files."""
    result = cli("bots", "--players", str(players), "--games", "1", "--records-dir", str(tmp_path), *extra)
    assert result.status == 0, result.out + result.err
    assert "games: 1  verified: 1  failed: 0" in result.out
    return tmp_path / "game-0000.json", tmp_path / "game-0000.score.json"


@pytest.mark.parametrize("mode", ["seeded", "external"])
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_bot_game_record_replays_to_the_same_score(
    cli: Cli, client: RulesEngineClient, tmp_path: Path, players: int, mode: str
) -> None:
    extra = ("--seed", str(100 + players)) if mode == "seeded" else ("--external-chance", "--bot-seed", "5")
    record_path, score_path = _bot_record(cli, tmp_path, players, *extra)

    record = load_record(record_path)
    played = json_format.Parse(score_path.read_text(), common_pb2.ScoreSheet())
    assert record.setup.players == players and len(record.seat_labels) == players
    chance_moves = [m for m in record.moves if m.seat == -1]
    if mode == "seeded":
        assert record.setup.chance_mode == common_pb2.CHANCE_MODE_SEEDED
        assert record.setup.seed == 100 + players
        assert not chance_moves, "with engine randomness no move is the CHANCE seat's"
    else:
        assert record.setup.chance_mode == common_pb2.CHANCE_MODE_EXTERNAL
        assert not record.setup.HasField("seed")
        assert chance_moves, "with external chance the bots supply every draw"
    assert played.final and played.winners

    # The file is the canonical JSON mapping (camelCase names), so other tools can read it.
    raw = json.loads(record_path.read_text())
    assert raw["setup"]["gameId"] == "citadels" and len(raw["moves"]) == len(record.moves)

    # Replayed over the streaming RPC (the CLI verified over the unary one): same final score.
    result = client.replay_game_stream(record)
    assert result.legal and result.moves_applied == len(record.moves)
    assert not result.pending.seats and result.score.final
    assert totals(result.score) == totals(played)
    assert list(result.score.winners) == list(played.winners)


def _tamper(record: service_pb2.GameRecord, index: int) -> None:
    """Make move ``index`` a move of a seat whose turn it is not."""
    move = record.moves[index]
    move.seat = (move.seat + 1) % record.setup.players


def test_replay_of_a_tampered_record_names_the_first_illegal_move(cli: Cli, tmp_path: Path) -> None:
    record_path, _ = _bot_record(cli, tmp_path, 4, "--seed", "77")
    good = cli("replay", str(record_path))
    assert good.status == 0 and good.out.startswith("OK: all")
    assert "the game is over" in good.out and "Final score:" in good.out

    record = load_record(record_path)
    first = next(i for i, m in enumerate(record.moves) if i >= 20 and m.seat >= 0)
    _tamper(record, first)
    _tamper(record, len(record.moves) - 1)
    tampered = tmp_path / "tampered.json"
    save_message(record, tampered)

    for args in (("replay", str(tampered)), ("replay", "--stream", str(tampered))):
        bad = cli(*args)
        assert bad.status == 1, bad.out + bad.err
        # The move by its number from 1, its round, its seat and the service's words; no rule code or field.
        assert bad.out.startswith(f"ILLEGAL: move {first + 1} of {len(record.moves)}, round "), bad.out
        assert f"(seat {record.moves[first].seat}): " in bad.out.splitlines()[0]
        assert f"The {first} moves before it are legal." in bad.out
        assert bad.out.splitlines()[1].strip() and "COMMON_NOT_YOUR_TURN" not in bad.out and "move.seat" not in bad.out


def test_score_of_a_state_file(cli: Cli, client: RulesEngineClient, tmp_path: Path) -> None:
    record_path, score_path = _bot_record(cli, tmp_path, 3, "--seed", "9")
    state_path = tmp_path / "final.json"
    replayed = cli("replay", str(record_path), "--state-out", str(state_path))
    assert replayed.status == 0
    state = load_state(state_path)
    assert state.citadels.phase == "over"

    scored = cli("score", str(state_path))
    assert scored.status == 0, scored.err
    played = json_format.Parse(score_path.read_text(), common_pb2.ScoreSheet())
    assert scored.out.startswith("Final score:")
    for seat in played.seats:
        assert f"seat {seat.seat}: {seat.total} points" in scored.out
    assert scored.out.rstrip().splitlines()[-1].startswith("Winner")

    as_seat = cli("score", str(state_path), "--seat", "0")
    assert as_seat.status == 0 and "seat 0:" in as_seat.out

    # A provisional score of a running game, from a state made through the API.
    started = client.new_game(_setup_seeded(3))
    running = tmp_path / "running.json"
    save_message(started.state, running)
    provisional = cli("score", str(running))
    assert provisional.status == 0 and provisional.out.startswith("Provisional score:")


def _setup_seeded(players: int) -> common_pb2.GameSetup:
    return common_pb2.GameSetup(game_id="citadels", players=players, chance_mode=common_pb2.CHANCE_MODE_SEEDED, seed=3)


def test_games_lists_games_and_options(cli: Cli) -> None:
    result = cli("games")
    assert result.status == 0
    assert result.out.startswith("citadels: Citadels")
    assert "2-8 players" in result.out
    assert "preset (string, default first_game)" in result.out


def _prefix(record: service_pb2.GameRecord, moves: int) -> service_pb2.GameRecord:
    """The record cut after its first ``moves`` moves."""
    cut = service_pb2.GameRecord()
    cut.CopyFrom(record)
    del cut.moves[moves:]
    return cut


def _labels_at(client: RulesEngineClient, record: service_pb2.GameRecord, index: int) -> list[str]:
    """The service's labels of the legal moves of the seat to play move ``index`` of ``record``."""
    state = client.replay_game(_prefix(record, index)).state
    return [label.label.english for label in client.legal_moves(state, record.moves[index].seat).labels]


def test_play_all_bots_shows_each_move_by_its_public_log_line(
    cli: Cli, client: RulesEngineClient, tmp_path: Path
) -> None:
    record_path = tmp_path / "game.json"
    result = cli("play", "--players", "3", "--seed", "21", "--bot-seed", "4", "--record", str(record_path))
    assert result.status == 0, result.err
    assert "Game over after" in result.out and "Final score:" in result.out
    record = load_record(record_path)
    assert record.setup.seed == 21 and list(record.seat_labels) == ["bot", "bot", "bot"]
    replayed = client.replay_game(record)
    assert replayed.legal and len(replayed.log) == len(record.moves)
    # Every move, numbered, by the public line the service wrote for it (ApplyMove = ReplayGame).
    lines = result.out.splitlines()
    for index, entry in enumerate(replayed.log):
        assert f"{index + 1:5d}  {entry.public_line.english}" in lines
    assert cli("replay", str(record_path)).status == 0


def test_play_with_a_human_seat(cli: Cli, client: RulesEngineClient, tmp_path: Path) -> None:
    record_path = tmp_path / "partial.json"
    # Take the first offered move twice, show the view and score, mistype, then quit.
    result = cli(
        "play", "--players", "3", "--human", "0", "--external-chance", "--bot-seed", "2",
        "--record", str(record_path),
        stdin="1\nv\ns\nwhat\n1\nq\n",
    )  # fmt: skip
    assert result.status == 1
    out = result.out
    assert "Seat 0 (you), your decision:" in out
    assert "  seat 0 (you)" in out and "hand: 4 hidden" in out
    assert "Provisional score:" in out and "Winner" not in out  # no winner before the game is over
    assert "Please type a number from 1 to" in out
    assert "decided." not in out
    assert out.startswith("Notation: ?") and "Keys: " in out  # the legend and the keys come first
    assert "Game abandoned after" in out
    record = load_record(record_path)
    assert list(record.seat_labels) == ["human", "bot", "bot"]
    human = [i for i, m in enumerate(record.moves) if m.seat == 0]
    assert len(human) == 2
    # The moves are offered by the service's labels, and "1" took the first of them.
    labels = _labels_at(client, record, human[0])
    assert len(labels) <= 25  # a flat list
    for number, label in enumerate(labels, 1):
        assert f"  {number:3d}. {label}\n" in out
    # The bots' and the table's moves are shown by their public lines, the person's own by its private one
    # (after "You: " unless it already speaks to them).
    replayed = client.replay_game(record)
    for index, entry in enumerate(replayed.log):
        if record.moves[index].seat == 0:
            own = entry.private_line.english or entry.public_line.english
            assert (f"  {own}" if own.startswith(("You ", "Your ")) else f"  You: {own}") in out
        else:
            assert f"  {entry.public_line.english}" in out
    replay = cli("replay", str(record_path))
    assert replay.status == 0 and "the game is not over" in replay.out


def test_play_refuses_a_human_seat_that_does_not_exist(cli: Cli) -> None:
    result = cli("play", "--players", "3", "--human", "5", "--seed", "1")
    assert result.status == 2
    assert "--human seat 5 does not exist" in result.err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("play", "--game", "chess", "--players", "2", "--seed", "1"), "NOT_FOUND: unknown game 'chess'"),
        (("play", "--players", "9", "--seed", "1"), "2 to 8 players"),
        (("bots", "--players", "3", "-o", "no_such_option=1"), "no_such_option"),
        (("replay", "/nonexistent/record.json"), "cannot read /nonexistent/record.json"),
    ],
)
def test_errors_are_one_readable_line(cli: Cli, args: tuple[str, ...], message: str) -> None:
    result = cli(*args)
    assert result.status == 1
    errors = [line for line in result.err.splitlines() if line.startswith("error: ")]
    assert len(errors) == 1 and message in errors[0], result.err


def test_files_of_the_wrong_kind_are_refused(cli: Cli, tmp_path: Path) -> None:
    record_path, _ = _bot_record(cli, tmp_path, 2, "--seed", "1")
    as_state = cli("score", str(record_path))
    assert as_state.status == 1 and "is not a valid GameState JSON file" in as_state.err
    garbage = tmp_path / "garbage.json"
    garbage.write_text("{not json")
    assert "is not a valid GameRecord JSON file" in cli("replay", str(garbage)).err


def test_unreachable_server_is_reported() -> None:
    result = Cli("127.0.0.1:1")("--timeout", "5", "games")
    assert result.status == 1
    assert "cannot reach the rules-engine server at 127.0.0.1:1" in result.err


def test_console_script_health(server: Server) -> None:
    script = Path(sys.executable).parent / "rules-engine-client"
    done = subprocess.run(
        [str(script), "--target", server.target, "health"], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "SERVING"
