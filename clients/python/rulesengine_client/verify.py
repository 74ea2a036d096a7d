"""``verify``: replay every record of a folder and judge each — ok, illegal, unfinished or unreadable — and
write the verdicts as a table, JSON or CSV.

``verify`` reads a tournament's upload folder: files anyone could have put there. It reads each file as
:func:`rulesengine_client.files.load_record` does (only regular files, at most ``--max-record-bytes``),
loads one record at a time for the job that replays it, keeps a few short fields per verdict, and shows
every text (the record's, the server's, a file's name) through :func:`printable` in the table and
:func:`csv_safe` in a CSV.
"""

from __future__ import annotations

import csv
import dataclasses
import json
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from rulesengine.v1 import common_pb2, service_pb2

from rulesengine_client.client import RulesEngineClient
from rulesengine_client.errors import RulesEngineError, UnavailableError
from rulesengine_client.files import DEFAULT_MAX_RECORD_BYTES, FileFormatError, load_record
from rulesengine_client.render import seat_name, totals
from rulesengine_client.safe_text import csv_safe, printable

#: The columns of a ``verify`` report, in order (the CSV header and the JSON keys).
VERIFY_FIELDS = (
    "file",
    "event",
    "round",
    "table",
    "match_id",
    "game",
    "players",
    "names",
    "moves",
    "verdict",
    "winners",
    "scores",
    "places",
    "move",
    "code",
    "message",
    "field",
)
#: The text fields of a :class:`Verdict` (cut to MAX_TEXT_CHARS; ``names`` is a list of them).
_TEXT_FIELDS = ("file", "verdict", "game", "event", "round", "table", "match_id", "code", "message", "field")

#: A verdict's texts are cut to this many characters: a hostile record's megabyte-long event name must
#: cost neither memory for every verdict kept nor a screenful in every row.
MAX_TEXT_CHARS = 300
#: Player names kept per verdict: more than any game has seats (the server refuses a record whose names do
#: not match its seats).
MAX_NAMES = 16


def _clip(text: str) -> str:
    """``text`` cut to MAX_TEXT_CHARS, saying how long it was; a cut text is left as it is."""
    if len(text) <= MAX_TEXT_CHARS:
        return text
    tail = f"… ({len(text):,} chars)"
    return text[: MAX_TEXT_CHARS - len(tail)] + tail


@dataclass
class Verdict:
    """What replaying one record file found: ``ok``, ``illegal``, ``unfinished`` or ``unreadable``.

    A verdict is kept for every record of the folder, so it holds only short texts (see :meth:`__post_init__`).
    """

    file: str
    verdict: str
    game: str = ""
    players: int = 0
    moves: int = 0
    winners: list[int] = dataclasses.field(default_factory=list)
    scores: dict[int, int] = dataclasses.field(default_factory=dict)
    #: Seat -> place in the final standings (1 = first; tied seats share a place).
    places: dict[int, int] = dataclasses.field(default_factory=dict)
    #: The record's event metadata and the players' names by seat (empty when the record has none).
    event: str = ""
    round: str = ""
    table: str = ""
    match_id: str = ""
    names: list[str] = dataclasses.field(default_factory=list)
    move: int | None = None
    code: str = ""
    message: str = ""
    field: str = ""

    def __post_init__(self) -> None:
        """Cut every text to MAX_TEXT_CHARS and the names to MAX_NAMES: what a hostile record holds must not
        stay in memory for the whole run nor fill the report."""
        for name in _TEXT_FIELDS:
            setattr(self, name, _clip(getattr(self, name)))
        self.names = [_clip(name) for name in self.names[:MAX_NAMES]]

    def detail(self) -> str:
        """The verdict in a few words: the winners, the illegal move and why, or what is wrong."""
        if self.verdict == "ok":
            winners = ", ".join(self._name(w) for w in self.winners)
            return f"winner {winners}; scores {_scores_text(self.scores)}"
        if self.verdict == "illegal":
            where = f" [{self.field}]" if self.field else ""
            return f"move {self.move}: {self.code}: {self.message}{where}"
        return self.message

    def _name(self, seat: int) -> str:
        """The seat with its player's name when the record names the players."""
        return f"{seat_name(seat)} ({self.names[seat]})" if 0 <= seat < len(self.names) else seat_name(seat)

    def where(self) -> str:
        """Event, round and table in a few words ("" when the record has none)."""
        parts = [self.event, f"round {self.round}" if self.round else "", f"table {self.table}" if self.table else ""]
        return ", ".join(p for p in parts if p)


def _scores_text(scores: dict[int, int]) -> str:
    return ", ".join(f"{seat}: {total}" for seat, total in sorted(scores.items()))


def record_files(directory: Path) -> list[Path]:
    """The record files of the directory ``directory`` (none when it is not one: the CLI refuses that before):
    every ``*.json`` except the ``*.score.json`` score sheets."""
    return sorted(p for p in directory.glob("*.json") if not p.name.endswith(".score.json"))


def read_record(path: Path, max_bytes: int = DEFAULT_MAX_RECORD_BYTES) -> service_pb2.GameRecord:
    """The record of a file of the folder (see :func:`load_record`), its errors naming the file by its name
    alone: the report's row already says which folder."""
    return load_record(path, max_bytes, name=path.name)


def verify_folder(
    client: RulesEngineClient, paths: Sequence[Path], jobs: int, max_bytes: int = DEFAULT_MAX_RECORD_BYTES
) -> Iterator[Verdict]:
    """The verdict on each of ``paths``, in order, replayed ``jobs`` at once.

    One thread reads and parses every record, one at a time, for the job that replays it. Parsing holds the
    GIL anyway, so this costs no throughput (the jobs overlap on the server's replies), and memory peaks at
    one record's parse, not one per job; parsing always on the same thread also lets the allocator reuse what
    the last parse freed (parsed on each job's thread, under a lock, glibc kept a heap per thread: ~520 MiB
    instead of ~440 on a folder of 4 MiB hostile records)."""
    with ThreadPoolExecutor(max_workers=1) as loader, ThreadPoolExecutor(max_workers=jobs) as pool:

        def load(path: Path) -> service_pb2.GameRecord:
            return loader.submit(read_record, path, max_bytes).result()

        # map hands back each verdict in order and lets its future go; a record dies with its job.
        yield from pool.map(lambda path: verify_file(client, path, load), paths)


def verify_file(
    client: RulesEngineClient, path: Path, load: Callable[[Path], service_pb2.GameRecord] = read_record
) -> Verdict:
    """Replay one record file through the server and judge it. The record (``load(path)``) lives only in
    this call; what is kept is the verdict's few short fields."""
    try:
        record = load(path)
    except FileFormatError as error:
        return Verdict(path.name, "unreadable", message=str(error))
    seen = Verdict(
        path.name,
        "",
        record.setup.game_id,
        record.setup.players,
        len(record.moves),
        event=record.event.name,
        round=record.event.round,
        table=record.event.table,
        match_id=record.match_id,
        names=list(record.seat_labels[:MAX_NAMES]),
    )
    try:
        result = client.replay_game(record)
    except UnavailableError:
        raise
    except RulesEngineError as error:
        refusal = f"refused by the server: {error.code.name}: {error.message}"
        return dataclasses.replace(seen, verdict="unreadable", message=refusal)
    return _judge(seen, result)


def _judge(seen: Verdict, result: service_pb2.ReplayResult) -> Verdict:
    """The verdict on a replay the server answered: illegal at a move, unfinished, or ok with the scores."""
    if not result.legal:
        first = result.violations[0] if result.violations else common_pb2.Violation()
        return dataclasses.replace(
            seen,
            verdict="illegal",
            move=result.illegal_move_index,
            code=first.code,
            message=first.message,
            field=first.field,
        )
    if result.pending.seats:
        owes = ", ".join(seat_name(s) for s in result.pending.seats)
        message = f"all {result.moves_applied} moves legal; the game is not over: {owes} to {result.pending.kind}"
        return dataclasses.replace(seen, verdict="unfinished", message=message)
    return dataclasses.replace(
        seen,
        verdict="ok",
        winners=list(result.score.winners),
        scores=totals(result.score),
        places={seat.seat: seat.place for seat in result.score.seats},
    )


def verdict_row(verdict: Verdict) -> dict[str, object]:
    """A report row: the JSON object of one verdict (the CSV row flattens winners and scores)."""
    return {name: getattr(verdict, name) for name in VERIFY_FIELDS}


def csv_row(verdict: Verdict) -> dict[str, str | int]:
    """A CSV row of one verdict, safe to open in a spreadsheet.

    Cells written as numbers (players, moves, move: counts and an index this client computed) stay bare
    numbers: a number cannot be a formula, and a spreadsheet should sum them. Every text cell — the file
    name, the record's event and names, the server's messages, and the lists joined here (winners, scores,
    places) — goes through :func:`csv_safe` and is quoted, so a text such as ``-2+3`` or ``=HYPERLINK(...)``
    is written ``'-2+3``: no cell starts with ``= + - @``, a tab or a carriage return.
    """
    row = verdict_row(verdict) | {
        "winners": " ".join(str(w) for w in verdict.winners),
        "scores": " ".join(f"{s}:{t}" for s, t in sorted(verdict.scores.items())),
        "places": " ".join(f"{s}:{p}" for s, p in sorted(verdict.places.items())),
        "names": " | ".join(verdict.names),
        "move": "" if verdict.move is None else verdict.move,
    }
    return {name: value if isinstance(value, int) else csv_safe(str(value)) for name, value in row.items()}


def render_verdicts(verdicts: Sequence[Verdict]) -> str:
    """The ``verify`` table: file, event (when a record names one), game, players, moves, verdict, and the
    detail or winners; every cell :func:`printable`."""
    events = any(v.where() for v in verdicts)  # the event column only when a record names its event
    head = ("file", *(("event",) if events else ()), "game", "players", "moves", "verdict", "detail")
    rows: list[tuple[str, ...]] = [head]
    for v in verdicts:
        players, moves = (str(v.players), str(v.moves)) if v.game else ("", "")  # no record, nothing to count
        where = (v.where() or "-",) if events else ()
        rows.append(tuple(printable(c) for c in (v.file, *where, v.game, players, moves, v.verdict, v.detail())))
    widths = [max(len(row[i]) for row in rows) for i in range(len(head) - 1)]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=False)) + "  " + row[-1] for row in rows)


def write_report(verdicts: Sequence[Verdict], form: str, out: TextIO) -> None:
    """Write the report as ``table``, ``json`` (a list of objects) or ``csv`` (a header row).

    JSON keeps every text exactly: the encoder escapes each control and non-ASCII character (``\\u001b``),
    so the report is plain ASCII. The table and the CSV show texts through :func:`printable`."""
    if form == "json":
        out.write(json.dumps([verdict_row(v) for v in verdicts], indent=2, ensure_ascii=True) + "\n")
    elif form == "csv":
        writer = csv.DictWriter(out, fieldnames=VERIFY_FIELDS, lineterminator="\n", quoting=csv.QUOTE_NONNUMERIC)
        writer.writeheader()
        writer.writerows(csv_row(verdict) for verdict in verdicts)
    else:
        out.write(render_verdicts(verdicts) + "\n")
