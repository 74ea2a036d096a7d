"""`rules-engine-client verify DIR`: every record of a directory replayed, one verdict each
(ok, illegal, unfinished, unreadable), as a table, JSON or CSV, and the exit code."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from rulesengine_client.games import load_record, save_message

from tests.client.conftest import Cli


def _records(cli: Cli, directory: Path) -> tuple[int, int]:
    """Two short all-bot games, a tampered copy, a cut copy and a garbage file in ``directory``;
    the index of the tampered move and the length of the cut copy."""
    made = cli("bots", "--players", "2", "--games", "2", "--seed", "1", "--records-dir", str(directory))
    assert made.status == 0, made.out + made.err
    record = load_record(directory / "game-0001.json")
    tampered = next(i for i, m in enumerate(record.moves) if i >= 10 and m.seat >= 0)
    record.moves[tampered].seat = (record.moves[tampered].seat + 1) % record.setup.players
    save_message(record, directory / "tampered.json")
    cut = load_record(directory / "game-0000.json")
    del cut.moves[12:]
    save_message(cut, directory / "cut.json")
    (directory / "garbage.json").write_text("{not json")
    return tampered, 12


def test_verify_judges_every_record(cli: Cli, tmp_path: Path) -> None:
    tampered, cut = _records(cli, tmp_path)
    ok_records = [load_record(tmp_path / f"game-000{i}.json") for i in range(2)]

    table = cli("verify", str(tmp_path))
    assert table.status == 1, table.out + table.err
    lines = table.out.splitlines()
    assert lines[0].split() == ["file", "game", "players", "moves", "verdict", "detail"]
    rows = {line.split()[0]: line for line in lines[1:]}
    assert set(rows) == {"cut.json", "game-0000.json", "game-0001.json", "garbage.json", "tampered.json"}
    assert " ok " in rows["game-0000.json"] and "winner seat" in rows["game-0000.json"]
    assert f" illegal     move {tampered}: COMMON_NOT_YOUR_TURN: " in rows["tampered.json"]
    assert "[move.seat]" in rows["tampered.json"]
    assert f"unfinished  all {cut} moves legal; the game is not over" in rows["cut.json"]
    assert "unreadable  " in rows["garbage.json"] and "is not a valid GameRecord JSON file" in rows["garbage.json"]
    # A progress line per record, and the counts, on stderr.
    assert sum(line.startswith("[") and "/5] " in line for line in table.err.splitlines()) == 5
    assert "ok: 2, unfinished: 1, illegal: 1, unreadable: 1" in table.err

    as_json = cli("verify", str(tmp_path), "--format", "json", "--jobs", "2")
    assert as_json.status == 1
    report = {row["file"]: row for row in json.loads(as_json.out)}
    for index, record in enumerate(ok_records):
        row = report[f"game-000{index}.json"]
        assert row["verdict"] == "ok" and row["game"] == "citadels" and row["players"] == 2
        assert row["moves"] == len(record.moves) and row["winners"] and set(row["scores"]) == {"0", "1"}
    illegal = report["tampered.json"]
    assert illegal["verdict"] == "illegal" and illegal["move"] == tampered
    assert illegal["code"] == "COMMON_NOT_YOUR_TURN" and illegal["field"] == "move.seat" and illegal["message"]
    assert report["cut.json"]["verdict"] == "unfinished" and report["cut.json"]["moves"] == cut
    assert report["garbage.json"]["verdict"] == "unreadable"

    out = tmp_path / "report.csv"
    as_csv = cli("verify", str(tmp_path), "--format", "csv", "--out", str(out))
    assert as_csv.status == 1 and as_csv.out == "" and f"report written to {out}" in as_csv.err
    csv_rows = {row["file"]: row for row in csv.DictReader(io.StringIO(out.read_text()))}
    assert {f: r["verdict"] for f, r in csv_rows.items()} == {f: r["verdict"] for f, r in report.items()}
    assert csv_rows["tampered.json"]["move"] == str(tampered)
    assert csv_rows["tampered.json"]["code"] == "COMMON_NOT_YOUR_TURN"
    assert csv_rows["game-0000.json"]["winners"] == " ".join(str(w) for w in report["game-0000.json"]["winners"])


def test_verify_reports_the_event_the_players_and_the_standings(cli: Cli, tmp_path: Path) -> None:
    _records(cli, tmp_path)
    record = load_record(tmp_path / "game-0000.json")
    record.event.name, record.event.round, record.event.table, record.event.date = "Open", "3", "B4", "2026-11-26"
    record.seat_labels[:] = ["Ann", "Bob"]
    record.match_id = "open-r3-b4"
    save_message(record, tmp_path / "game-0000.json")

    table = cli("verify", str(tmp_path))
    lines = table.out.splitlines()
    assert lines[0].split() == ["file", "event", "game", "players", "moves", "verdict", "detail"]
    row = next(line for line in lines if line.startswith("game-0000.json"))
    assert "Open, round 3, table B4" in row and ("(Ann)" in row or "(Bob)" in row)
    assert next(line for line in lines if line.startswith("cut.json")).split()[1] == "-"

    report = {r["file"]: r for r in json.loads(cli("verify", str(tmp_path), "--format", "json").out)}
    named = report["game-0000.json"]
    assert (named["event"], named["round"], named["table"], named["match_id"]) == ("Open", "3", "B4", "open-r3-b4")
    assert named["names"] == ["Ann", "Bob"]
    places = {int(seat): place for seat, place in named["places"].items()}
    assert sorted(places) == [0, 1] and min(places.values()) == 1
    assert {int(w) for w in named["winners"]} == {seat for seat, place in places.items() if place == 1}
    assert report["game-0001.json"]["event"] == "" and report["game-0001.json"]["match_id"] == ""


def test_verify_passes_when_every_record_is_ok_or_unfinished(cli: Cli, tmp_path: Path) -> None:
    _records(cli, tmp_path)
    (tmp_path / "tampered.json").unlink()
    (tmp_path / "garbage.json").unlink()
    result = cli("verify", str(tmp_path), "--format", "json")
    assert result.status == 0, result.out + result.err
    assert sorted(row["verdict"] for row in json.loads(result.out)) == ["ok", "ok", "unfinished"]


def test_verify_refuses_a_missing_directory(cli: Cli, tmp_path: Path) -> None:
    result = cli("verify", str(tmp_path / "nowhere"))
    assert result.status == 2 and "is not a directory" in result.err
