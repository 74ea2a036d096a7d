"""`verify` and `replay` in words a tournament director can act on (issue #23 item 1): an illegal move by
its number from 1, the game's round, the player's name and seat, and the service's words for the move, in
the table, the JSON and the CSV alike; a file that is not a record says why in one line; a record of a
rules version this server does not implement gets a verdict of its own."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from rulesengine.v1 import citadels_pb2, service_pb2
from rulesengine_client import RulesEngineClient
from rulesengine_client.files import FileFormatError, load_record, save_message
from rulesengine_client.render import move_in_words, player_name, state_round
from rulesengine_client.verify import reason_in_words

from tests.client.conftest import Cli

RECORDS = Path(__file__).resolve().parents[2] / "examples" / "records"
#: The move of the sample Citadels record given to the wrong seat: seat 0 is to hand a card over, and the
#: record says seat 1 did ("Discard the Palace", the label LegalMoves gives seat 0's same move).
TAMPERED = 10


def _citadels(directory: Path, name: str, **changes: Any) -> service_pb2.GameRecord:
    """The sample Citadels record, its players named Alice and Bob, saved as ``directory/name``."""
    record = load_record(RECORDS / "citadels.json")
    record.seat_labels[:] = ["Alice", "Bob"]
    for key, value in changes.items():
        setattr(record, key, value)
    save_message(record, directory / name)
    return record


def _why(client: RulesEngineClient, directory: Path, name: str) -> str:
    """The server's first reason why the record ``directory/name`` is illegal (its words are its own)."""
    return client.replay_game(load_record(directory / name)).violations[0].message


def _wrong_seat(directory: Path) -> service_pb2.GameRecord:
    """wrong_seat.json: move 11 (index 10) given to Bob (seat 1) while it is Alice's (seat 0) decision."""
    record = _citadels(directory, "wrong_seat.json")
    assert record.moves[TAMPERED].seat == 0
    record.moves[TAMPERED].seat = 1
    save_message(record, directory / "wrong_seat.json")
    return record


def _not_in_hand(directory: Path) -> None:
    """not_in_hand.json: Bob (seat 1) builds the Palace, a card not in his hand, at move 7."""
    record = _citadels(directory, "not_in_hand.json")
    assert record.moves[6].seat == 1 and record.moves[6].citadels.WhichOneof("action") == "build"
    record.moves[6].citadels.build.card = "palace"
    save_message(record, directory / "not_in_hand.json")


def _report(cli: Cli, directory: Path, form: str) -> tuple[int, str, str]:
    result = cli("verify", str(directory), "--format", form)
    return result.status, result.out, result.err


# ---- an illegal move: where, who, what ---------------------------------------------------------


def test_an_illegal_move_is_named_by_number_round_player_seat_and_label(
    cli: Cli, client: RulesEngineClient, tmp_path: Path
) -> None:
    _wrong_seat(tmp_path)
    _not_in_hand(tmp_path)

    status, table, _ = _report(cli, tmp_path, "table")
    assert status == 1
    rows = {line.split()[0]: line for line in table.splitlines()[1:]}
    why = _why(client, tmp_path, "wrong_seat.json")
    assert rows["wrong_seat.json"].endswith(f"illegal  move 11, round 1, Bob (seat 1): Discard the Palace — {why}")
    # A move the service has no label for (it is legal for no one) in words from its fields, not a dump.
    why = _why(client, tmp_path, "not_in_hand.json")
    assert rows["not_in_hand.json"].endswith(f"illegal  move 7, round 1, Bob (seat 1): Build (card: Palace) — {why}")
    assert "[" not in table and "move.seat" not in table and "action.card" not in table

    _, out, _ = _report(cli, tmp_path, "json")
    report = {row["file"]: row for row in json.loads(out)}
    wrong = report["wrong_seat.json"]
    assert (wrong["move"], wrong["move_number"], wrong["game_round"]) == (TAMPERED, TAMPERED + 1, 1)
    assert (wrong["seat"], wrong["player"], wrong["move_label"]) == (1, "Bob", "Discard the Palace")
    assert wrong["code"] == "COMMON_NOT_YOUR_TURN" and wrong["field"] == "move.seat"
    built = report["not_in_hand.json"]
    assert (built["move_number"], built["seat"], built["player"], built["move_label"]) == (
        7,
        1,
        "Bob",
        "Build (card: Palace)",
    )

    _, out, _ = _report(cli, tmp_path, "csv")
    by_file = {row["file"]: row for row in csv.DictReader(io.StringIO(out))}
    row = by_file["wrong_seat.json"]
    assert (row["move"], row["move_number"], row["game_round"], row["seat"]) == ("10", "11", "1", "1")
    assert (row["player"], row["move_label"]) == ("Bob", "Discard the Palace")
    assert by_file["not_in_hand.json"]["move_label"] == "Build (card: Palace)"


def test_a_game_without_rounds_and_a_record_without_names(cli: Cli, client: RulesEngineClient, tmp_path: Path) -> None:
    record = load_record(RECORDS / "walls_of_york.json")
    record.seat_labels[:] = []
    tampered = next(i for i, move in enumerate(record.moves) if i >= 10 and move.seat >= 0)
    record.moves[tampered].seat = 1 - record.moves[tampered].seat
    save_message(record, tmp_path / "york.json")
    index = client.replay_game(record).illegal_move_index

    _, out, _ = _report(cli, tmp_path, "json")
    row = json.loads(out)[0]
    assert row["verdict"] == "illegal" and row["move_number"] == index + 1
    assert row["game_round"] is None and row["player"] == "" and row["seat"] == record.moves[index].seat
    assert row["move_label"] and "=" not in row["move_label"]
    _, table, _ = _report(cli, tmp_path, "table")
    assert f"illegal  move {index + 1}, seat {row['seat']}: {row['move_label']} — " in table
    _, out, _ = _report(cli, tmp_path, "csv")
    assert next(csv.DictReader(io.StringIO(out)))["game_round"] == ""


def test_replay_names_the_illegal_move_by_its_label(cli: Cli, client: RulesEngineClient, tmp_path: Path) -> None:
    _wrong_seat(tmp_path)
    _not_in_hand(tmp_path)
    for args in ((), ("--stream",)):
        wrong = cli("replay", str(tmp_path / "wrong_seat.json"), *args)
        assert wrong.status == 1
        assert wrong.out.splitlines() == [
            "ILLEGAL: move 11 of 142, round 1, Bob (seat 1): Discard the Palace",
            f"  {_why(client, tmp_path, 'wrong_seat.json')}",
            "  The 10 moves before it are legal.",
        ]
    built = cli("replay", str(tmp_path / "not_in_hand.json"))
    assert built.out.splitlines()[0] == "ILLEGAL: move 7 of 142, round 1, Bob (seat 1): Build (card: Palace)"
    assert "=" not in built.out and "destroy" not in built.out


def test_an_unfinished_record_says_who_is_next_in_words(cli: Cli, client: RulesEngineClient, tmp_path: Path) -> None:
    record = _citadels(tmp_path, "cut.json")
    del record.moves[30:]
    save_message(record, tmp_path / "cut.json")
    pending = client.replay_game(record).pending
    assert list(pending.seats) == [1]

    _, out, _ = _report(cli, tmp_path, "json")
    row = json.loads(out)[0]
    assert row["verdict"] == "unfinished" and row["game_round"] == 2
    next_up = pending.prompt.removeprefix("Seat 1: ")
    assert row["message"] == (
        "all 30 moves are legal, but the game is not over (the record stops in round 2); "
        f"next: Bob (seat 1) — {next_up}"
    )
    assert " to turn" not in row["message"] and pending.kind not in row["message"]


# ---- a file that is not a record ----------------------------------------------------------------

#: Files that do not parse, and the one-line reason each gets (after "NAME is not a valid GameRecord JSON
#: file: ").
BROKEN = {
    "syntax.json": ("{not json", "not JSON: expecting property name enclosed in double quotes (line 1, column 2)"),
    "extra.json": ('{"setup": {"gameId": "citadels"}} x', "not JSON: extra data (line 1, column 35)"),
    "unknown.json": ('{"setup": {"gameId": "citadels"}, "foo": 1}', 'unknown key "foo"'),
    "move_key.json": (
        '{"setup": {"gameId": "citadels"},\n "moves": [{}, {"citadels": {"bild": {}}}]}',
        'move 2 > citadels: unknown key "bild"',
    ),
    "players.json": ('{"setup": {"gameId": "citadels", "players": "two"}}', "setup > players: expected a whole number"),
    "enum.json": (
        '{"setup": {"gameId": "citadels", "chanceMode": "NOPE"}}',
        "setup > chanceMode: NOPE is not one of the allowed values",
    ),
    "labels.json": ('{"setup": {"gameId": "citadels"}, "seatLabels": "Ann"}', "seatLabels: expected a list"),
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_parse_failure_is_one_plain_line(tmp_path: Path, name: str) -> None:
    text, reason = BROKEN[name]
    (tmp_path / name).write_text(text)
    with pytest.raises(FileFormatError) as raised:
        load_record(tmp_path / name, name=name)
    said = reason_in_words(raised.value)
    assert said.startswith(f"{name} is not a valid GameRecord JSON file: {reason}"), said
    assert "\n" not in said and "Available Fields" not in said and "Failed to" not in said


def test_verify_and_replay_give_a_broken_record_one_line(cli: Cli, tmp_path: Path) -> None:
    for name, (text, _) in BROKEN.items():
        (tmp_path / name).write_text(text)
    reasons = {name: f"{name} is not a valid GameRecord JSON file: {reason}" for name, (_, reason) in BROKEN.items()}

    _, out, _ = _report(cli, tmp_path, "json")
    report = {row["file"]: row for row in json.loads(out)}
    for name, row in report.items():
        assert row["verdict"] == "unreadable" and row["message"].startswith(reasons[name])
        assert "\n" not in row["message"] and "Available Fields" not in row["message"]
    _, table, _ = _report(cli, tmp_path, "table")
    assert len(table.splitlines()) == len(BROKEN) + 1 and "\\x0a" not in table
    _, out, _ = _report(cli, tmp_path, "csv")
    assert len(out.splitlines()) == len(BROKEN) + 1

    replayed = cli("replay", str(tmp_path / "unknown.json"))
    assert replayed.status == 1
    assert replayed.err == f'error: {tmp_path}/unknown.json is not a valid GameRecord JSON file: unknown key "foo"\n'


# ---- a record of a rules version this server does not implement -------------------------------


def test_a_record_of_another_rules_version_gets_its_own_verdict(
    cli: Cli, client: RulesEngineClient, tmp_path: Path
) -> None:
    _citadels(tmp_path, "future.json", rules_version="9.0.0")
    _citadels(tmp_path, "plain.json")
    ours = next(game.rules_version for game in client.list_games() if game.game_id == "citadels")
    message = (
        f"the record is of citadels rules version 9.0.0; this server implements rules version {ours}, "
        "so it cannot check this record"
    )

    result = cli("verify", str(tmp_path), "--format", "json")
    assert result.status == 1, result.out + result.err
    report = {row["file"]: row for row in json.loads(result.out)}
    future = report["future.json"]
    assert (future["verdict"], future["code"], future["message"]) == (
        "unsupported-version",
        "RULES_VERSION_MISMATCH",
        message,
    )
    assert report["plain.json"]["verdict"] == "ok"
    assert "ok: 1, unfinished: 0, illegal: 0, unreadable: 0, unsupported-version: 1" in result.err

    _, table, _ = _report(cli, tmp_path, "table")
    assert f"unsupported-version  {message}" in table
    _, out, _ = _report(cli, tmp_path, "csv")
    assert next(r for r in csv.DictReader(io.StringIO(out)) if r["file"] == "future.json")["verdict"] == (
        "unsupported-version"
    )


# ---- the words, without a server ----------------------------------------------------------------


def test_a_move_in_words_shows_what_the_record_holds() -> None:
    build = service_pb2.Move(seat=1)
    build.citadels.build.CopyFrom(citadels_pb2.CitadelsBuild(card="palace"))
    assert move_in_words(build) == "Build (card: palace)"  # destroy="" and destroy_copy=0 are not in the record
    gather = service_pb2.Move()
    gather.citadels.gather_gold.SetInParent()
    assert move_in_words(gather) == "Gather gold"
    pick = service_pb2.Move()
    pick.citadels.pick.CopyFrom(citadels_pb2.CitadelsPick(character="architect", discard="thief"))
    assert move_in_words(pick) == "Pick (character: architect; discard: thief)"
    assert move_in_words(service_pb2.Move(seat=1)) == "an empty move"


def test_a_seat_and_a_round_in_words() -> None:
    assert player_name(1, ["Alice", "Bob"]) == "Bob (seat 1)"
    assert player_name(2, ["Alice", "Bob"]) == "seat 2"
    assert player_name(0, ["", "Bob"]) == "seat 0"
    assert player_name(-1, ["Alice"]) == "the table (a chance move)"
    state = service_pb2.GameState(game_id="citadels")
    state.citadels.SetInParent()
    assert state_round(state) == 1  # unset means 1
    state.citadels.round = 3
    assert state_round(state) == 3
    york = service_pb2.GameState(game_id="walls_of_york")
    york.walls_of_york.SetInParent()
    assert state_round(york) is None
