"""`rules-engine-client verify DIR`: every record of a directory replayed, one verdict each
(ok, illegal, unfinished, unreadable), as a table, JSON or CSV, and the exit code."""

from __future__ import annotations

import csv
import io
import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rulesengine_client.files import load_record, save_message
from rulesengine_client.safe_text import csv_safe, printable
from rulesengine_client.verify import MAX_TEXT_CHARS

from tests.client.conftest import Cli, CliResult, unsafe


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
    won = rows["game-0000.json"]
    assert " ok " in won and "winner " in won and " (seat " in won
    # The illegal move by its number from 1, with its round and seat; no rule code or field in the table.
    assert f" illegal     move {tampered + 1}, round " in rows["tampered.json"]
    assert "COMMON_NOT_YOUR_TURN" not in rows["tampered.json"] and "move.seat" not in rows["tampered.json"]
    assert f"unfinished  all {cut} moves are legal, but the game is not over" in rows["cut.json"]
    assert "unreadable  " in rows["garbage.json"] and "is not a valid GameRecord JSON file" in rows["garbage.json"]
    # A progress line per record, and the counts, on stderr.
    assert sum(line.startswith("[") and "/5] " in line for line in table.err.splitlines()) == 5
    assert "ok: 2, unfinished: 1, illegal: 1, unreadable: 1, unsupported-version: 0" in table.err

    as_json = cli("verify", str(tmp_path), "--format", "json", "--jobs", "2")
    assert as_json.status == 1
    report = {row["file"]: row for row in json.loads(as_json.out)}
    for index, record in enumerate(ok_records):
        row = report[f"game-000{index}.json"]
        assert row["verdict"] == "ok" and row["game"] == "citadels" and row["players"] == 2
        assert row["moves"] == len(record.moves) and row["winners"] and set(row["scores"]) == {"0", "1"}
    illegal = report["tampered.json"]
    assert illegal["verdict"] == "illegal" and illegal["move"] == tampered and illegal["move_number"] == tampered + 1
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
    assert "Open, round 3, table B4" in row and ("Ann (seat 0)" in row or "Bob (seat 1)" in row)
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


# ---- hostile folders (issue #22): every file one verdict, nothing raw on the terminal, no live formula ----

SAMPLE = Path(__file__).resolve().parents[2] / "examples" / "records" / "citadels.json"
#: OWASP's formula starts, written out here rather than taken from the code under test.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")


def _sample(directory: Path, filename: str, /, **event: str) -> Path:
    """The sample Citadels record (a finished, legal game) as ``directory/filename``, its event fields,
    ``names`` (seat labels, "|"-separated) and ``rules_version`` replaced as given."""
    record = load_record(SAMPLE)
    names = event.pop("names", None)
    if names is not None:
        record.seat_labels[:] = names.split("|")
    record.rules_version = event.pop("rules_version", record.rules_version)
    for key, value in event.items():
        setattr(record.event, key, value)
    save_message(record, directory / filename)
    return directory / filename


def _verify_within(cli: Cli, directory: Path, *args: str) -> CliResult:
    """``verify directory args``, failing (not hanging) when it takes over HANG_SECONDS."""
    return cli.within("verify", str(directory), *args, unblock=directory)


def _json_report(cli: Cli, directory: Path, *args: str) -> dict[str, dict[str, Any]]:
    """The JSON report of ``verify directory``, by file name; every file must have exactly one row."""
    result = _verify_within(cli, directory, "--format", "json", *args)
    rows = json.loads(result.out)
    files = [row["file"] for row in rows]
    assert len(files) == len(set(files)), files
    return {row["file"]: row for row in rows}


def test_verify_never_prints_an_escape_sequence_raw(cli: Cli, tmp_path: Path) -> None:
    clear = "\x1b[2J\x1b[H\x1b[41m"
    _sample(tmp_path, f"evil{clear}.json", name=f"{clear}Open\x9b31m", round="\x07\x08", names="A\u202enn|B\x00ob")
    _sample(tmp_path, "version.json", rules_version=f"{clear}9.0.0")  # the server's refusal quotes it

    shown = {form: _verify_within(cli, tmp_path, "--format", form) for form in ("table", "csv")}
    for form, result in shown.items():
        assert result.status == 1, result.out + result.err
        assert unsafe(result.out) == [] and unsafe(result.err) == [], (form, result.out, result.err)
        assert "evil\\x1b[2J\\x1b[H\\x1b[41m.json" in result.out
        assert "\\x1b[2J\\x1b[H\\x1b[41mOpen\\x9b31m" in result.out
        assert "9.0.0" in result.out and "\\x1b[2J\\x1b[H\\x1b[41m.json: ok (winner B\\x00ob (seat 1);" in result.err
    assert "winner B\\x00ob (seat 1)" in shown["table"].out and "A\\u202enn | B\\x00ob" in shown["csv"].out
    # JSON keeps the exact text, escaped by the JSON encoder: plain ASCII, and valid.
    report = _json_report(cli, tmp_path)
    assert report[f"evil{clear}.json"]["event"] == f"{clear}Open\x9b31m"


def test_verify_writes_no_live_formula_to_csv(cli: Cli, tmp_path: Path) -> None:
    cells = {"name": '=HYPERLINK("http://evil.example","x")', "round": "+1", "table": "-2+3", "names": "@SUM(A1)|\tAnn"}
    _sample(tmp_path, "=1+1.json", **cells)
    _sample(tmp_path, "plain.json")
    out = tmp_path / "report.csv"
    result = _verify_within(cli, tmp_path, "--format", "csv", "--out", str(out))
    assert result.status == 0, result.out + result.err
    text = out.read_text(encoding="utf-8")
    rows = list(csv.reader(io.StringIO(text)))
    assert all(not cell.startswith(FORMULA_START) for row in rows for cell in row), rows
    by_file = {row["file"]: row for row in csv.DictReader(io.StringIO(text))}
    evil = by_file["'=1+1.json"]
    assert (evil["event"], evil["round"], evil["table"]) == ("'" + cells["name"], "'+1", "'-2+3")
    assert evil["names"] == "'@SUM(A1) | \\x09Ann"
    assert '"\'=HYPERLINK(""http://evil.example"",""x"")"' in text  # neutralised and quoted
    # Numbers we computed stay numbers; a plain name is left alone.
    assert by_file["plain.json"]["players"] == "2" and by_file["plain.json"]["moves"] == evil["moves"]
    assert by_file["plain.json"]["verdict"] == "ok" and by_file["plain.json"]["event"] == ""


@needs_fifo
def test_verify_gives_a_fifo_a_verdict_and_finishes(cli: Cli, tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "x.json")
    _sample(tmp_path, "plain.json")
    report = _json_report(cli, tmp_path)
    assert report["x.json"]["verdict"] == "unreadable"
    assert report["x.json"]["message"] == "not a regular file (a named pipe); only regular files are read"
    assert report["plain.json"]["verdict"] == "ok"


def test_verify_refuses_a_record_over_the_size_limit(cli: Cli, tmp_path: Path) -> None:
    with (tmp_path / "huge.json").open("wb") as sparse:  # 80 MiB on paper, no disk used
        sparse.truncate(80 * 1024 * 1024)
    _sample(tmp_path, "plain.json")
    report = _json_report(cli, tmp_path)
    assert report["huge.json"]["verdict"] == "unreadable"
    assert report["huge.json"]["message"] == (
        "record is 80 MiB (83,886,080 bytes); the limit is 4 MiB (--max-record-bytes)"
    )
    assert report["plain.json"]["verdict"] == "ok"

    size = (tmp_path / "plain.json").stat().st_size
    kib = f"{size // 1024}" if size % 1024 == 0 else f"{size / 1024:.1f}"
    small = _json_report(cli, tmp_path, "--max-record-bytes", "1000")
    assert small["plain.json"]["message"] == (
        f"record is {kib} KiB ({size:,} bytes); the limit is 1,000 bytes (--max-record-bytes)"
    )


@pytest.mark.skipif(not Path("/proc/self/maps").is_file(), reason="no /proc")
def test_verify_stops_reading_at_the_limit_when_the_size_is_not_known(cli: Cli, tmp_path: Path) -> None:
    # A /proc file is a regular file of size 0 that reads much longer: the limit holds while reading.
    (tmp_path / "proc.json").symlink_to("/proc/self/maps")
    report = _json_report(cli, tmp_path, "--max-record-bytes", "100")
    assert report["proc.json"]["message"] == (
        "record reads longer than the limit of 100 bytes (--max-record-bytes), though its size said 0 bytes"
    )


def test_verify_calls_deeply_nested_json_unreadable(cli: Cli, tmp_path: Path) -> None:
    (tmp_path / "arrays.json").write_text("[" * 100_000)
    (tmp_path / "objects.json").write_text('{"event": ' * 100_000)
    report = _json_report(cli, tmp_path)
    for name in ("arrays.json", "objects.json"):
        assert report[name]["verdict"] == "unreadable"
        assert report[name]["message"] == f"{name} is not a valid GameRecord JSON file: nested too deeply"


def test_verify_names_the_encoding_of_a_record_that_is_not_utf8(cli: Cli, tmp_path: Path) -> None:
    utf8 = SAMPLE.read_text(encoding="utf-8").replace('"rulesVersion"', '"matchId": "caf\u00e9",\n  "rulesVersion"')
    (tmp_path / "latin1.json").write_bytes(utf8.encode("latin-1"))
    (tmp_path / "utf16.json").write_bytes(utf8.encode("utf-16"))  # with its byte order mark
    (tmp_path / "utf8bom.json").write_bytes(utf8.encode("utf-8-sig"))
    (tmp_path / "nul.json").write_bytes(utf8.encode() + b"\x00")
    offset = utf8.encode("latin-1").index(b"\xe9")
    report = _json_report(cli, tmp_path)
    assert {row["verdict"] for row in report.values()} == {"unreadable"}
    assert report["latin1.json"]["message"] == (
        f"latin1.json is not UTF-8 text: byte 0xe9 at offset {offset} (Latin-1 or Windows-1252?)"
    )
    assert report["utf16.json"]["message"] == (
        "utf16.json is UTF-16 text (it starts with a byte order mark); a record is UTF-8"
    )
    assert report["utf8bom.json"]["message"] == (
        "utf8bom.json starts with a byte order mark; a record is UTF-8 without one"
    )
    assert report["nul.json"]["message"] == (
        f"nul.json holds a NUL byte at offset {len(utf8.encode())}: not a text file (UTF-16 or UTF-32?)"
    )


def test_verify_keeps_record_text_short(cli: Cli, tmp_path: Path) -> None:
    _sample(tmp_path, "long.json", name="Open " * 200_000, names="Ann|" + "B" * 1_000_000)
    table = _verify_within(cli, tmp_path)
    assert max(len(line) for line in table.out.splitlines()) < 2_000
    row = _json_report(cli, tmp_path)["long.json"]
    assert len(row["event"]) == MAX_TEXT_CHARS and row["event"].startswith("Open Open")
    assert row["event"].endswith("… (1,000,000 chars)") and len(row["names"][1]) == MAX_TEXT_CHARS


def test_verify_judges_every_file_of_a_hostile_folder(cli: Cli, tmp_path: Path) -> None:
    folder = tmp_path / "uploads"
    folder.mkdir()
    _sample(folder, "plain.json")
    _sample(folder, "\x1b[2Jevil.json", name="\x1b]0;pwned\x07", names="=1+1|\u2066Bob\u2069")
    _sample(folder, "superscript.json", rules_version="\u00b9.0.0")  # refused by the server, whatever the code
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "fifo.json")
    with (folder / "huge.json").open("wb") as sparse:
        sparse.truncate(80 * 1024 * 1024)
    (folder / "nested.json").write_text("[" * 100_000)
    (folder / "latin1.json").write_bytes('{"matchId": "caf\u00e9"}'.encode("latin-1"))
    (folder / "utf16.json").write_bytes('{"matchId": "x"}'.encode("utf-16"))
    (folder / "nul.json").write_bytes(b'{"matchId": "x"}\x00')
    (folder / os.fsdecode(b"\xff.json")).write_text("{}")
    (folder / "dir.json").mkdir()
    (folder / "dangling.json").symlink_to(folder / "nowhere")
    if Path("/dev/zero").exists():
        (folder / "zero.json").symlink_to("/dev/zero")  # endless: must not be read
    files = {entry.name for entry in folder.iterdir()}

    report = _json_report(cli, folder)
    assert set(report) == files
    assert {name: row["verdict"] for name, row in report.items() if row["verdict"] != "unreadable"} == {
        "plain.json": "ok",
        "\x1b[2Jevil.json": "ok",
    }
    assert report["superscript.json"]["message"].startswith("refused by the server: ")
    assert report["dir.json"]["message"] == "not a regular file (a directory); only regular files are read"
    if "zero.json" in report:
        assert report["zero.json"]["message"] == (
            "not a regular file (a symbolic link to a character device); only regular files are read"
        )
    for form in ("table", "csv"):
        result = _verify_within(cli, folder, "--format", form)
        assert result.status == 1 and unsafe(result.out) == [] and unsafe(result.err) == [], result.out + result.err
        assert sum(line.startswith("[") for line in result.err.splitlines()) == len(files)
    lines = _verify_within(cli, folder, "--format", "csv").out.splitlines()
    assert len(lines) == len(files) + 1
    assert all(not cell.startswith(FORMULA_START) for row in csv.reader(lines) for cell in row)


@given(st.text(st.characters(exclude_categories=())))
def test_printable_leaves_no_control_character(text: str) -> None:
    shown = printable(text)
    assert unsafe(shown) == [] and "\n" not in shown
    assert printable(shown) == shown  # nothing left to replace: printing twice changes nothing


@given(st.text(st.characters(exclude_categories=())))
def test_csv_safe_never_starts_a_formula(text: str) -> None:
    cell = csv_safe(text)
    assert not cell.startswith(FORMULA_START) and unsafe(cell) == []
    assert cell in (printable(text), "'" + printable(text))
