"""``verify``: replay every record of a folder and judge each — ok, illegal, unfinished, unreadable or
unsupported-version — and write the verdicts as a table, JSON or CSV.

A verdict is written for a tournament director: an illegal move is named by its number as people count
(the record's 4th move is move 4), the game's round where the game has rounds, the player by name and
seat, and the move by the words the service has for it (:func:`illegal_move`); a file that is not a
record says why in one line (:func:`reason_in_words`).

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
import re
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from google.protobuf import json_format
from rulesengine.v1 import common_pb2, service_pb2

from rulesengine_client.client import RulesEngineClient
from rulesengine_client.errors import RulesEngineError, UnavailableError, VersionMismatchError
from rulesengine_client.files import DEFAULT_MAX_RECORD_BYTES, FileFormatError, load_record
from rulesengine_client.render import Names, move_in_words, next_decision, player_name, state_round, totals
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
    "move_number",
    "game_round",
    "seat",
    "player",
    "move_label",
    "code",
    "message",
    "field",
)
#: The text fields of a :class:`Verdict` (cut to MAX_TEXT_CHARS; ``names`` is a list of them).
_TEXT_FIELDS = (
    "file",
    "verdict",
    "game",
    "event",
    "round",
    "table",
    "match_id",
    "player",
    "move_label",
    "code",
    "message",
    "field",
)
#: The verdicts on which ``verify`` exits 1: the record is wrong, or could not be checked.
FAILING = ("illegal", "unreadable", "unsupported-version")
#: ``ErrorInfo.reason`` of the server's refusal of a record of another major rules version.
RULES_VERSION_MISMATCH = "RULES_VERSION_MISMATCH"

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


def one_line(text: str) -> str:
    """``text`` on one line: each line break (and the blanks around it) becomes one space."""
    parts = text.splitlines()
    if len(parts) == 1 and parts[0] == text:
        return text
    return " ".join(part.strip() for part in parts if part.strip())


@dataclass
class Verdict:
    """What replaying one record file found: ``ok``, ``illegal``, ``unfinished``, ``unreadable`` or
    ``unsupported-version``.

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
    #: The illegal move: its index from 0 (as ``ReplayGame`` counts), its number from 1 (as people count).
    move: int | None = None
    move_number: int | None = None
    #: The game's round at the illegal move, or where an unfinished record stops (None: a game without rounds).
    game_round: int | None = None
    #: The illegal move's seat (-1: a chance move), its player's name from the record ("" when unnamed), and
    #: the move in words: the service's label, or the record's fields in words (:func:`illegal_move`).
    seat: int | None = None
    player: str = ""
    move_label: str = ""
    code: str = ""
    message: str = ""
    field: str = ""

    def __post_init__(self) -> None:
        """Cut every text to MAX_TEXT_CHARS and the names to MAX_NAMES: what a hostile record holds must not
        stay in memory for the whole run nor fill the report."""
        self.message, self.move_label = one_line(self.message), one_line(self.move_label)
        for name in _TEXT_FIELDS:
            setattr(self, name, _clip(getattr(self, name)))
        self.names = [_clip(name) for name in self.names[:MAX_NAMES]]

    def detail(self) -> str:
        """The verdict in a few words: the winners, the illegal move and why, or what is wrong."""
        if self.verdict == "ok":
            winners = ", ".join(self._name(w) for w in self.winners)
            points = ", ".join(f"{self._name(seat)} {total}" for seat, total in sorted(self.scores.items()))
            return f"winner {winners}; points: {points}"
        if self.verdict == "illegal":
            where = ", ".join(p for p in (self._move_text(), self._seat_text()) if p)
            what = f"{self.move_label} — " if self.move_label else ""
            return f"{where}: {what}{self.message}" if where else f"{what}{self.message}"
        return self.message

    def _move_text(self) -> str:
        """``move 11, round 2`` ("" when the verdict names no move)."""
        if self.move_number is None:
            return ""
        return f"move {self.move_number}" + (f", round {self.game_round}" if self.game_round is not None else "")

    def _seat_text(self) -> str:
        """``Alice (seat 1)``, ``seat 1``, or "" when the verdict names no seat."""
        if self.seat is None:
            return ""
        return f"{self.player} (seat {self.seat})" if self.player else player_name(self.seat)

    def _name(self, seat: int) -> str:
        """``Alice (seat 1)`` when the record names the players, else ``seat 1``."""
        return player_name(seat, self.names)

    def where(self) -> str:
        """Event, round and table in a few words ("" when the record has none)."""
        parts = [self.event, f"round {self.round}" if self.round else "", f"table {self.table}" if self.table else ""]
        return ", ".join(p for p in parts if p)


# ---- a file that is not a record, in one line ------------------------------------------------

#: What the protobuf JSON parser says, in a tournament director's words (the text after the path is cut).
_PARSER_WORDS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), words)
    for pattern, words in (
        (r'^Message type "[\w.]+" has no field named "(.*)"$', 'unknown key "{0}"'),
        (
            r'^Message type "[\w.]+" should not have multiple "(.*)" oneof fields$',
            'two keys that exclude each other (of "{0}": only one may be given)',
        ),
        (r'^Message type "[\w.]+" should not have multiple "(.*)" fields$', 'the key "{0}" appears twice'),
        (r"^duplicate key (.*)$", 'the key "{0}" appears twice'),
        (r"^Bool value (\w+) is not acceptable for integer field$", "expected a whole number, got {0}"),
        (r'^Couldn\'t parse integer: "?(.*?)"?$', "expected a whole number, got {0}"),
        (r"^invalid literal for int\(\) with base 10: (.*)$", "expected a whole number, got {0}"),
        (r"^Couldn't parse float: (.*)$", "expected a number, got {0}"),
        (r"^expected string or bytes-like object, got '(\w+)'$", "expected text in quotes, got a JSON {type}"),
        (r"^Value out of range: .*$", "the number is out of range"),
        (r"^Invalid enum value (.*) for enum type [\w.]+$", "{0} is not one of the allowed values"),
        (r"^repeated field (\w+) must be in \[\] which is .*$", "expected a list"),
        (r"^null is not allowed to be used as an element in a repeated field$", "null is not allowed in a list"),
        (r"^Unpaired surrogate$", "a text holds a broken \\u escape (an unpaired surrogate)"),
        (r"^Message too deep.*$", "nested too deeply"),
    )
)
#: Python's type names in the parser's words, as JSON calls the values.
_JSON_TYPES = {"int": "number", "float": "number", "bool": "true or false", "dict": "object", "list": "list"}
#: The wrapping of each nesting level of a parser message ("Failed to parse setup field: ...").
_PARSE_PREFIX = re.compile(r"^Failed to (?:parse (\w+) field|load JSON): ")
#: Where the parser found the problem: "... at GameRecord.moves[0].citadels" (quoted or not).
_PARSE_AT = re.compile(r' at "?([A-Za-z]\w*(?:\.\w+|\[\d+\])*)"?$')


def _place(path: str) -> str:
    """A parser's path in the record as people find it: ``GameRecord.moves[0].citadels`` is
    ``move 1 > citadels`` (the record itself is "")."""
    words = []
    for part in path.split(".")[1:]:
        key, _, index = part.partition("[")
        if not index:
            words.append(key)
        elif key == "moves":
            words.append(f"move {int(index.rstrip(']')) + 1}")
        else:
            words.append(f"{key} item {int(index.rstrip(']')) + 1}")
    return " > ".join(words)


def _parser_words(error: json_format.ParseError) -> str:
    """The protobuf JSON parser's refusal in one line of plain words: where in the record (``move 3 >
    citadels``, ``setup > players``) and what is wrong, without the parser's dump of the fields it knows."""
    cause = error.__cause__
    if isinstance(cause, json.JSONDecodeError):
        said = cause.msg[:1].lower() + cause.msg[1:]
        return f"not JSON: {said} (line {cause.lineno}, column {cause.colno})"
    text, keys = str(error).split("\n", 1)[0].strip(), []
    while match := _PARSE_PREFIX.match(text):
        keys += [match.group(1)] if match.group(1) else []
        text = text[match.end() :]
    text = text.rstrip(". ")
    at = _PARSE_AT.search(text)
    if at is not None:
        text = text[: at.start()]
    where = (_place(at.group(1)) if at else "") or " > ".join(keys)
    for pattern, words in _PARSER_WORDS:
        if found := pattern.match(text):
            text = words.format(*found.groups(), type=_JSON_TYPES.get(found.group(1), found.group(1)))
            break
    return f"{where}: {text}" if where else text


def reason_in_words(error: FileFormatError) -> str:
    """Why a file is not a record, in one line: what :func:`load_record` said, the protobuf parser's part of
    it reworded (:func:`_parser_words`), and never a line break."""
    text = str(error)
    cause = error.__cause__
    if isinstance(cause, json_format.ParseError) and text.endswith(str(cause)):
        text = text[: len(text) - len(str(cause))] + _parser_words(cause)
    return one_line(text)


# ---- an illegal move in words ----------------------------------------------------------------


@dataclass(frozen=True)
class IllegalMove:
    """Where a record's first illegal move is, as people count, who made it and what it is."""

    #: Its index among the record's moves, from 0 (as ``ReplayResult.illegal_move_index``).
    index: int
    #: The seat that made it (-1: a chance move); None when the index names no move of the record.
    seat: int | None
    #: The move in words: the service's label, or the record's fields in words.
    label: str
    #: The game's round when it was made; None for a game without rounds.
    round: int | None

    @property
    def number(self) -> int:
        """Its number as people count: the record's first move is move 1."""
        return self.index + 1

    def where(self) -> str:
        """``move 11, round 2`` (no round for a game without rounds)."""
        return f"move {self.number}" + (f", round {self.round}" if self.round is not None else "")


def illegal_move(
    client: RulesEngineClient,
    record: service_pb2.GameRecord,
    result: service_pb2.ReplayResult,
    names: Callable[[], Names],
) -> IllegalMove:
    """The first illegal move of a replay the server found not legal, in words (see :func:`move_words`);
    ``names()`` gives the game's content names, asked only when the service has no words for the move."""
    index = result.illegal_move_index
    move = record.moves[index] if 0 <= index < len(record.moves) else None
    if move is None:
        return IllegalMove(index, None, "", state_round(result.state))
    return IllegalMove(index, move.seat, move_words(client, result.state, move, names), state_round(result.state))


def move_words(
    client: RulesEngineClient, state: service_pb2.GameState, move: service_pb2.Move, names: Callable[[], Names]
) -> str:
    """How the service words ``move``, tried in ``state`` and found illegal there.

    The service labels only legal moves (``LegalMoves``), so: when the same action is legal in ``state``
    for a seat (a move given to the wrong seat, the commonest slip), that move's label, e.g. ``Build the
    Palace``; otherwise the record's own fields in words (:func:`move_in_words`), e.g. ``Build (card:
    Palace)`` — never the client's own rule."""
    which = move.WhichOneof("action")
    if which is not None:
        try:
            legal = client.legal_moves(state)
        except UnavailableError:
            raise
        except RulesEngineError:
            legal = service_pb2.LegalMovesResponse()
        action = getattr(move, which)
        same = [
            (other.seat != move.seat, label.label.english)
            for other, label in zip(legal.moves, legal.labels, strict=False)
            if other.WhichOneof("action") == which and getattr(other, which) == action and label.label.english
        ]
        if same:
            return min(same)[1]
    return move_in_words(move, names())


class _ContentNames:
    """Each game's content names (``DescribeGame``), asked once per game for a whole folder and only when
    an illegal move needs them; safe to share between the jobs."""

    def __init__(self, client: RulesEngineClient) -> None:
        self._client = client
        self._names: dict[str, Names] = {}
        self._lock = threading.Lock()

    def __call__(self, game_id: str) -> Names:
        with self._lock:
            if game_id not in self._names:
                try:
                    self._names[game_id] = Names.from_content(self._client.describe_game(game_id).content)
                except UnavailableError:
                    raise
                except RulesEngineError:
                    self._names[game_id] = Names()
            return self._names[game_id]


# ---- verdicts --------------------------------------------------------------------------------


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
    names = _ContentNames(client)
    with ThreadPoolExecutor(max_workers=1) as loader, ThreadPoolExecutor(max_workers=jobs) as pool:

        def load(path: Path) -> service_pb2.GameRecord:
            return loader.submit(read_record, path, max_bytes).result()

        # map hands back each verdict in order and lets its future go; a record dies with its job.
        yield from pool.map(lambda path: verify_file(client, path, load, names), paths)


def verify_file(
    client: RulesEngineClient,
    path: Path,
    load: Callable[[Path], service_pb2.GameRecord] = read_record,
    names: Callable[[str], Names] | None = None,
) -> Verdict:
    """Replay one record file through the server and judge it. The record (``load(path)``) lives only in
    this call; what is kept is the verdict's few short fields. ``names(game_id)``: the game's content names,
    for an illegal move the service has no label for (default: asked of the server)."""
    try:
        record = load(path)
    except FileFormatError as error:
        return Verdict(path.name, "unreadable", message=reason_in_words(error))
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
        return _refused(seen, record, error)
    if not result.legal:
        content = names or _ContentNames(client)
        return _illegal(seen, result, illegal_move(client, record, result, lambda: content(record.setup.game_id)))
    return _judge(seen, result)


def _refused(seen: Verdict, record: service_pb2.GameRecord, error: RulesEngineError) -> Verdict:
    """The verdict on a record the server would not replay: ``unsupported-version`` when it is of a rules
    version this server does not implement (naming both versions), else ``unreadable`` with the server's
    reason; ``code`` is the server's reason (``RULES_VERSION_MISMATCH``, ``REQUEST_INVALID``, ...)."""
    reason = error.details.reasons[0] if error.details.reasons else ""
    if reason == RULES_VERSION_MISMATCH or (isinstance(error, VersionMismatchError) and not reason):
        theirs = error.details.metadata.get("requested_version") or record.rules_version
        ours = error.details.metadata.get("server_version", "")
        implements = f"rules version {ours}" if ours else "another major version"
        message = (
            f"the record is of {seen.game} rules version {theirs}; this server implements {implements}, "
            "so it cannot check this record"
        )
        return dataclasses.replace(seen, verdict="unsupported-version", code=reason, message=message)
    return dataclasses.replace(
        seen, verdict="unreadable", code=reason, message=f"refused by the server: {error.message}"
    )


def _illegal(seen: Verdict, result: service_pb2.ReplayResult, move: IllegalMove) -> Verdict:
    """The verdict on a record illegal at ``move``: where, who, what, and the first reason the server gave."""
    first = result.violations[0] if result.violations else common_pb2.Violation()
    player = seen.names[move.seat] if move.seat is not None and 0 <= move.seat < len(seen.names) else ""
    return dataclasses.replace(
        seen,
        verdict="illegal",
        move=move.index,
        move_number=move.number,
        game_round=move.round,
        seat=move.seat,
        player=player,
        move_label=move.label,
        code=first.code,
        message=first.message,
        field=first.field,
    )


def _judge(seen: Verdict, result: service_pb2.ReplayResult) -> Verdict:
    """The verdict on a replay the server found legal: unfinished, or ok with the scores."""
    if result.pending.seats:
        game_round = state_round(result.state)
        stops = f" (the record stops in round {game_round})" if game_round is not None else ""
        message = (
            f"all {result.moves_applied} moves are legal, but the game is not over{stops}; "
            f"next: {next_decision(result.pending, seen.names)}"
        )
        return dataclasses.replace(seen, verdict="unfinished", message=message, game_round=game_round)
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

    Cells written as numbers (players, moves, move, move_number, game_round, seat: counts, indexes and
    numbers this client computed or parsed) stay bare numbers, or empty: a number cannot be a formula, and a
    spreadsheet should sum them. Every text cell — the file name, the record's event and names, the server's
    messages, the move's words, and the lists joined here (winners, scores, places) — goes through
    :func:`csv_safe` and is quoted, so a text such as ``-2+3`` or ``=HYPERLINK(...)`` is written ``'-2+3``:
    no cell starts with ``= + - @``, a tab or a carriage return.
    """
    numbers = {name: getattr(verdict, name) for name in ("move", "move_number", "game_round", "seat")}
    row = verdict_row(verdict) | {
        "winners": " ".join(str(w) for w in verdict.winners),
        "scores": " ".join(f"{s}:{t}" for s, t in sorted(verdict.scores.items())),
        "places": " ".join(f"{s}:{p}" for s, p in sorted(verdict.places.items())),
        "names": " | ".join(verdict.names),
    }
    row |= {name: "" if value is None else value for name, value in numbers.items()}
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
