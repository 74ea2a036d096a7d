"""`replay FILE` and `score FILE` read their file as `verify` reads an upload folder's: only a regular file,
at most ``--max-record-bytes`` / ``--max-state-bytes`` of it, UTF-8 JSON not nested too deeply. Anything
else is one readable error line and exit 1 — never a hang, never a traceback — and the text of a hostile
record, or of a file's name, reaches the terminal escaped."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from rulesengine_client.files import load_record, save_message

from tests.client.conftest import Cli, CliResult, unsafe

SAMPLE = Path(__file__).resolve().parents[2] / "examples" / "records" / "citadels.json"
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
#: Each command, the file it reads (made by _file), and how its messages name that kind of file.
COMMANDS = {"replay": ("record", "--max-record-bytes"), "score": ("state file", "--max-state-bytes")}


def _state(cli: Cli, directory: Path) -> Path:
    """The final state of the sample record, as ``score`` reads it."""
    path = directory / "state.json"
    done = cli("replay", str(SAMPLE), "--state-out", str(path))
    assert done.status == 0, done.out + done.err
    return path


def _file(cli: Cli, command: str, directory: Path) -> Path:
    """A good file for ``command``: the sample record for replay, its final state for score."""
    return SAMPLE if command == "replay" else _state(cli, directory)


def _error(result: CliResult) -> str:
    """The one error line of a failed run (exit 1)."""
    errors = [line for line in result.err.splitlines() if line.startswith("error: ")]
    assert result.status == 1 and len(errors) == 1, (result.status, result.out, result.err)
    return errors[0]


def _sparse(path: Path, size: int) -> Path:
    """A file of ``size`` bytes on paper that uses no disk."""
    with path.open("wb") as sparse:
        sparse.truncate(size)
    return path


def _size_kib(path: Path) -> str:
    """A small file's size as the messages give it: "13.3 KiB (13,619 bytes)"."""
    size = path.stat().st_size
    return f"{size // 1024 if size % 1024 == 0 else f'{size / 1024:.1f}'} KiB ({size:,} bytes)"


@needs_fifo
@pytest.mark.parametrize("command", COMMANDS)
def test_replay_and_score_refuse_a_fifo_without_waiting(cli: Cli, tmp_path: Path, command: str) -> None:
    fifo = tmp_path / "x.json"
    os.mkfifo(fifo)
    result = cli.within(command, str(fifo), unblock=fifo)
    assert _error(result) == "error: not a regular file (a named pipe); only regular files are read"


@pytest.mark.parametrize("command", COMMANDS)
def test_replay_and_score_refuse_a_file_over_the_size_limit(cli: Cli, tmp_path: Path, command: str) -> None:
    what, option = COMMANDS[command]
    huge = _sparse(tmp_path / "huge.json", 80 * 1024 * 1024)
    result = cli.within(command, str(huge), unblock=huge)
    assert _error(result) == f"error: {what} is 80 MiB (83,886,080 bytes); the limit is 4 MiB ({option})"

    good = _file(cli, command, tmp_path)
    small = cli(command, option, "1000", str(good))
    assert _error(small) == f"error: {what} is {_size_kib(good)}; the limit is 1,000 bytes ({option})"
    exact = cli(command, option, str(good.stat().st_size), str(good))
    assert exact.status == 0, exact.out + exact.err


@pytest.mark.parametrize("command", COMMANDS)
def test_replay_and_score_refuse_what_is_not_a_regular_file(cli: Cli, tmp_path: Path, command: str) -> None:
    (tmp_path / "dir.json").mkdir()
    result = cli.within(command, str(tmp_path / "dir.json"), unblock=tmp_path)
    assert _error(result) == "error: not a regular file (a directory); only regular files are read"
    if Path("/dev/zero").exists():  # endless: must not be read
        (tmp_path / "zero.json").symlink_to("/dev/zero")
        result = cli.within(command, str(tmp_path / "zero.json"), unblock=tmp_path)
        assert _error(result) == (
            "error: not a regular file (a symbolic link to a character device); only regular files are read"
        )


@pytest.mark.parametrize("command", COMMANDS)
def test_replay_and_score_name_the_encoding_of_a_file_that_is_not_utf8(cli: Cli, tmp_path: Path, command: str) -> None:
    what = COMMANDS[command][0]
    text = _file(cli, command, tmp_path).read_text(encoding="utf-8").replace("{", '{"x": "caf\u00e9",', 1)
    latin1, utf16 = tmp_path / "latin1.json", tmp_path / "utf16.json"
    latin1.write_bytes(text.encode("latin-1"))
    utf16.write_bytes(text.encode("utf-16"))
    offset = text.encode("latin-1").index(b"\xe9")
    assert _error(cli(command, str(latin1))) == (
        f"error: {latin1} is not UTF-8 text: byte 0xe9 at offset {offset} (Latin-1 or Windows-1252?)"
    )
    assert _error(cli(command, str(utf16))) == (
        f"error: {utf16} is UTF-16 text (it starts with a byte order mark); a {what} is UTF-8"
    )


@pytest.mark.parametrize(("command", "message"), [("replay", "GameRecord"), ("score", "GameState")])
def test_replay_and_score_call_deeply_nested_json_invalid(cli: Cli, tmp_path: Path, command: str, message: str) -> None:
    nested = tmp_path / "nested.json"
    nested.write_text('{"x": ' * 100_000)
    assert _error(cli(command, str(nested))) == f"error: {nested} is not a valid {message} JSON file: nested too deeply"


def test_replay_shows_no_escape_sequence_raw(cli: Cli, tmp_path: Path) -> None:
    record = load_record(SAMPLE)
    record.moves[3].citadels.pick.character = "\x1b[2J\u202eevil"  # the move and the server's violation quote it
    save_message(record, tmp_path / "illegal.json")
    result = cli("replay", str(tmp_path / "illegal.json"))
    assert result.status == 1 and unsafe(result.out) == [] and unsafe(result.err) == [], result.out
    assert result.out.startswith("ILLEGAL: move 4 of 142, round 1, bot (seat 1): Pick (character: \\x1b[2J\\u202eevil;")
    assert "  \\x1b[2J\\u202eevil is not among the offered characters" in result.out

    gone = cli("score", str(tmp_path / "\x1b[2Jgone.json"))
    assert unsafe(gone.err) == [] and _error(gone).startswith(f"error: cannot read {tmp_path}/\\x1b[2Jgone.json: ")
