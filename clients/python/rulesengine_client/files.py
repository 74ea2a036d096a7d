"""Message files: game records and states as canonical protobuf JSON, written, and read safely.

A file named on the command line or found in an upload folder may be anything: a FIFO (opening it waits
for a writer), a device (endless, or acting when opened), a sparse 80 MiB file, UTF-16 text, JSON nested a
hundred thousand deep. So :func:`load_message` (and :func:`load_record`, :func:`load_state`, which
``replay``, ``score`` and ``verify`` read through) reads only a regular file, at most ``max_bytes`` of it,
never waiting on the file, and every failure is a :class:`FileFormatError` saying what the file is instead.
"""

from __future__ import annotations

import codecs
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from google.protobuf import json_format
from google.protobuf.message import Message
from rulesengine.v1 import service_pb2

M = TypeVar("M", bound=Message)

#: The largest record or state file read (``--max-record-bytes``, ``--max-state-bytes``): 4 MiB, the
#: server's default message limit (``--max-message-bytes``). A record's JSON is 5 to 10 times its protobuf
#: (the samples in examples/records/), so a 4 MiB file is a message of 0.4-0.8 MiB, some 40,000 moves, while
#: a real game's record is 10-60 KiB (the longest sample, 524 moves, is 53 KiB) and its state less. The limit
#: is what bounds memory: parsing JSON takes up to ~40 times the file's size (a list of empty moves), and
#: ``verify`` holds a parsed record, up to ~30 times the file's size, until the server answers; measured, a
#: 4 MiB file of empty moves peaks at ~160 MiB, a 16 MiB one at ~650 MiB.
DEFAULT_MAX_RECORD_BYTES = 4 * 1024 * 1024
_READ_CHUNK = 1024 * 1024
#: Opening a file to read: never waiting (a FIFO swapped in after the check opens at once; fstat finds it),
#: never taking a terminal as the controlling one, binary on Windows.
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
#: Byte order marks of the encodings a message file is not in (UTF-32's first: it starts like UTF-16's).
_BOMS = (
    (codecs.BOM_UTF32_LE, "UTF-32"),
    (codecs.BOM_UTF32_BE, "UTF-32"),
    (codecs.BOM_UTF16_LE, "UTF-16"),
    (codecs.BOM_UTF16_BE, "UTF-16"),
)
#: What the error messages call the file of a message, and the CLI option that sets its size limit.
_KINDS = {
    service_pb2.GameRecord.DESCRIPTOR.full_name: ("record", "--max-record-bytes"),
    service_pb2.GameState.DESCRIPTOR.full_name: ("state file", "--max-state-bytes"),
}


class FileFormatError(Exception):
    """A file is missing, unreadable, or not the JSON of the expected message."""


# ---- writing ---------------------------------------------------------------------------------


def message_to_json(message: Message) -> str:
    """The canonical protobuf JSON mapping, indented, with a final newline."""
    return json_format.MessageToJson(message, indent=2) + "\n"


def save_message(message: Message, path: Path) -> None:
    """Write ``message`` as canonical protobuf JSON (``-`` is not accepted: use a path)."""
    path.write_text(message_to_json(message), encoding="utf-8")


# ---- reading ---------------------------------------------------------------------------------


def load_message(
    path: Path, message_type: type[M], max_bytes: int = DEFAULT_MAX_RECORD_BYTES, *, name: str | None = None
) -> M:
    """The ``message_type`` of the protobuf JSON file ``path``: only a regular file (or a link to one), at
    most ``max_bytes`` of it, UTF-8. Raises :class:`FileFormatError` saying what is wrong, naming the file
    ``name`` (default: the path; ``verify`` names a file of its folder by its name alone)."""
    shown = _named(path, name)
    limit = _Limit.of(message_type, max_bytes)
    return _parse(_decode(_read_file(path, shown, limit), shown, limit.noun), message_type, shown)


def load_record(
    path: Path, max_bytes: int = DEFAULT_MAX_RECORD_BYTES, *, name: str | None = None
) -> service_pb2.GameRecord:
    """A ``GameRecord`` from its JSON file (see :func:`load_message`); one without a game is refused."""
    record = load_message(path, service_pb2.GameRecord, max_bytes, name=name)
    if not record.setup.game_id:
        raise FileFormatError(f"{_named(path, name)}: the record has no setup.gameId")
    return record


def load_state(
    path: Path, max_bytes: int = DEFAULT_MAX_RECORD_BYTES, *, name: str | None = None
) -> service_pb2.GameState:
    """A ``GameState`` from its JSON file (see :func:`load_message`); one without a game's state is refused."""
    state = load_message(path, service_pb2.GameState, max_bytes, name=name)
    if state.WhichOneof("state") is None:
        raise FileFormatError(f"{_named(path, name)}: the file holds no game state (no game-specific state field)")
    return state


def _named(path: Path, name: str | None) -> str:
    """How the messages name the file: ``name`` when given, else its path."""
    return str(path) if name is None else name


@dataclass(frozen=True)
class _Limit:
    """The most bytes of a file read, and the words of its refusal: "record is 80 MiB (83,886,080 bytes);
    the limit is 4 MiB (--max-record-bytes)" — the option named so that the reader knows how to raise it."""

    max_bytes: int
    noun: str = "file"
    option: str = ""

    @classmethod
    def of(cls, message_type: type[Message], max_bytes: int) -> _Limit:
        """The limit of a file of ``message_type``, worded for its kind (a record, a state file)."""
        noun, option = _KINDS.get(message_type.DESCRIPTOR.full_name, ("file", ""))
        return cls(max_bytes, noun, option)

    def _text(self) -> str:
        return f"{_size(self.max_bytes)} ({self.option})" if self.option else _size(self.max_bytes)

    def too_large(self, size: int) -> FileFormatError:
        """The refusal of a file whose size is over the limit (found before reading)."""
        return FileFormatError(f"{self.noun} is {_size(size, exact=True)}; the limit is {self._text()}")

    def overrun(self, said: int) -> FileFormatError:
        """The refusal of a file that reads longer than the limit though its size said less (a /proc file,
        one growing while read)."""
        return FileFormatError(
            f"{self.noun} reads longer than the limit of {self._text()}, though its size said {_size(said)}"
        )


def _size(count: int, *, exact: bool = False) -> str:
    """A byte count for people ("1,000 bytes", "13.3 KiB", "80 MiB"), with the bytes too when ``exact``.
    Only an exact multiple is a whole number: a file 13 bytes over a 4 MiB limit is "4.0 MiB"."""
    for unit, scale in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if count >= scale:
            amount = f"{count // scale}" if count % scale == 0 else f"{count / scale:.1f}"
            return f"{amount} {unit} ({count:,} bytes)" if exact else f"{amount} {unit}"
    return f"{count:,} bytes"


def _kind(mode: int) -> str:
    """What a file that is not a regular one is, in words."""
    kinds = (
        (stat.S_ISDIR, "a directory"),
        (stat.S_ISFIFO, "a named pipe"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISSOCK, "a socket"),
    )
    return next((word for test, word in kinds if test(mode)), "a special file")


def _not_regular(kind: str) -> FileFormatError:
    return FileFormatError(f"not a regular file ({kind}); only regular files are read")


def _check_regular(path: Path) -> None:
    """Refuse ``path`` unless it is a regular file or a link to one, before opening it: opening a FIFO waits
    for a writer, and opening a device may act on it."""
    mode = os.lstat(path).st_mode
    if stat.S_ISLNK(mode):
        target = os.stat(path).st_mode  # a link to a regular file is read as that file
        if not stat.S_ISREG(target):
            raise _not_regular(f"a symbolic link to {_kind(target)}")
    elif not stat.S_ISREG(mode):
        raise _not_regular(_kind(mode))


def _read_regular(fd: int, limit: _Limit) -> bytearray:
    """The bytes of the open file ``fd``: refused when it is not a regular file (swapped in since the check)
    or when it is, or reads, longer than the limit — of which at most one byte more is ever read."""
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        raise _not_regular(_kind(info.st_mode))
    if info.st_size > limit.max_bytes:
        raise limit.too_large(info.st_size)
    data = bytearray()
    while len(data) <= limit.max_bytes:
        chunk = os.read(fd, min(_READ_CHUNK, limit.max_bytes + 1 - len(data)))
        if not chunk:
            return data
        data += chunk
    raise limit.overrun(info.st_size)


def _read_file(path: Path, name: str, limit: _Limit) -> bytearray:
    """The bytes of the regular file ``path``, within ``limit``, never waiting on the file."""
    try:
        _check_regular(path)
        fd = os.open(path, _OPEN_FLAGS)
        try:
            return _read_regular(fd, limit)
        finally:
            os.close(fd)
    except OSError as error:
        raise FileFormatError(f"cannot read {name}: {error.strerror or error}") from error


def _decode(data: bytearray, name: str, noun: str) -> str:
    """The text of a message file, or what its bytes are instead of UTF-8 (the files are UTF-8, no BOM)."""
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            raise FileFormatError(f"{name} is {encoding} text (it starts with a byte order mark); a {noun} is UTF-8")
    if data.startswith(codecs.BOM_UTF8):
        raise FileFormatError(f"{name} starts with a byte order mark; a {noun} is UTF-8 without one")
    nul = data.find(0)
    if nul >= 0:
        raise FileFormatError(f"{name} holds a NUL byte at offset {nul}: not a text file (UTF-16 or UTF-32?)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise FileFormatError(
            f"{name} is not UTF-8 text: byte 0x{data[error.start]:02x} at offset {error.start} "
            "(Latin-1 or Windows-1252?)"
        ) from error


def _nested_too_deeply(error: BaseException) -> bool:
    """Whether a parse failed on JSON nested deeper than Python's recursion limit (protobuf may wrap the
    RecursionError in its ParseError, or not)."""
    cause: BaseException | None = error
    while cause is not None:
        if isinstance(cause, RecursionError):
            return True
        cause = cause.__cause__ or cause.__context__
    return False


def _parse(text: str, message_type: type[M], name: str) -> M:
    """The ``message_type`` of a file's JSON text; deep nesting is named as such, not a recursion error."""
    message = message_type()
    try:
        json_format.Parse(text, message)
    except (json_format.ParseError, ValueError, RecursionError) as error:
        problem = "nested too deeply" if _nested_too_deeply(error) else str(error)
        raise FileFormatError(f"{name} is not a valid {message_type.DESCRIPTOR.name} JSON file: {problem}") from error
    return message
