"""The ``envelope`` kind: a real, valid request of every RPC with one of the parts every game shares
changed, systematically.

Every RPC has a table of *families* of changes (``ENVELOPE_CHANGES``, written out per RPC): the game id
(another game's, with that game's rules version so the version check passes; empty, unknown, Unicode),
the state's payload switched to another game's real state, a state the server has in its memo sent
back under another game's id (after a prelude that put it there), no payload at all, the rules version
(Unicode digits, empty, partial, huge), the match id (huge, control characters), the move number, the
signature, unknown fields, invalid UTF-8, the seat and viewer at their extremes, RenderView's format
and scale, SuggestMove's budget (playouts, milliseconds, candidates at 0 and the uint32 greatest, the seed at
its extremes), the move's oneof switched to another game's move, the setup's players, chance mode, seed
and overrides, a record's seat labels and moves, the shape of a replay stream (a header only, held
open, cut short), and every integer and string of the request at its type's extremes
(``tools.message_mutations.extremes``). Within a family, each *variant* (a value of the list, another game) is
taken in turn.

``envelope_change(rpc, ..., round)`` takes family ``round % F`` of the RPC's F families and, in it,
variant ``round // F``, so a run of F rounds sends every family to every RPC of every game, and
F x (longest family) rounds every variant.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from typing import TypeVar

from google.protobuf import empty_pb2
from google.protobuf.message import Message
from rulesengine.v1 import common_pb2, service_pb2

from tools import message_mutations as mutation
from tools.fuzz.build import Built, fixed_field, len_field, varint_field
from tools.fuzz.corpus import UINT32_MAX, Corpus, Valid, stream_items
from tools.fuzz.transport import GRPC, Outcome

#: A held-open or cut-short stream's own deadline (seconds): its DEADLINE_EXCEEDED is the client's doing.
SHORT_DEADLINE = 0.5
#: The match id a prelude's NewGame chooses (so that replaying it makes the very same state).
PRELUDE_MATCH_ID = "fuzz-memo-prelude"

T = TypeVar("T")

_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
_ARABIC_INDIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")
_FULLWIDTH = str.maketrans("0123456789", "０１２３４５６７８９")
_BOLD = str.maketrans("0123456789", "𝟎𝟏𝟐𝟑𝟒𝟓𝟔𝟕𝟖𝟗")


def rules_versions(ours: str) -> tuple[str, ...]:
    """Rules versions to send in place of ``ours`` (the game's own): its major number in superscript,
    Arabic-Indic, fullwidth and mathematical digits, then empty, partial, prefixed, huge, padded and NUL."""
    major, _, rest = ours.partition(".")
    return (
        major.translate(_SUPERSCRIPT) + "." + rest,
        major.translate(_ARABIC_INDIC) + "." + rest,
        major.translate(_FULLWIDTH) + "." + rest,
        major.translate(_BOLD) + "." + rest,
        ours.translate(_SUPERSCRIPT),
        "",
        major,
        f"{major}.0",
        "v" + ours,
        "99999999999999999999.0.0",
        " " + ours,
        ours + " ",
        ours + "\x00",
        "\x00",
        "\t",
        "1" * 100_000 + ".0.0",
        f"{int(major) + 1}.0.0" if major.isascii() and major.isdigit() else "2.0.0",
        "-1.0.0",
        f"{major}.-1.0",
        f"{major}..0",
        ours + "-rc.1+build.5",
    )


MATCH_IDS = ("x" * 10_000, "x" * 129, "x" * 128, "\x00", "a\nb", "\r\n", "\x1b[31m", "\u202e", "é✓", " ", "\x7f")
MOVE_NUMBERS = (2**32 - 1, 2**32 - 2, 2**31, 2**31 - 1, 0, 1)
SIGNATURES = (b"\x00" * 32, b"\xff" * 64, b"x" * 70_000, b"\x00")
BAD_UTF8 = (b"\xff", b"\xc0\x80", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"abc\xfe")
#: Unknown fields: a varint, a string, an unused number, the largest field number, a group, fixed-size
#: values and a megabyte of unknown bytes.
UNKNOWN_FIELDS = (
    varint_field(99, 1),
    len_field(99, b"x" * 100),
    len_field(9, b"\x08\x01"),
    varint_field(536_870_911, 2**64 - 1),
    b"\x9b\x06\x08\x01\x9c\x06",
    fixed_field(98, b"\xff" * 8),
    fixed_field(97, b"\xff" * 4),
    len_field(99, b"\x00" * 1_000_000),
)


def junk_game_ids(game: str) -> tuple[str, ...]:
    """Game ids no server knows, most of them near ``game``."""
    wide = "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in game)
    return ("", "chess", wide, game + "\x00", " " + game, game.upper(), game + " ", "x" * 10_000, "١", "../" + game)


def seats(players: int) -> tuple[int, ...]:
    """Seats at the edges: int32's least and greatest, just off the table's seats, and the first one."""
    return (-(2**31), 2**31 - 1, -2, -1, players, players + 1, 0, -(2**31) + 1)


@dataclasses.dataclass
class Ctx:
    """One envelope change in the making: copies of the valid request's parts, and what the change adds."""

    rpc: str
    corpus: Corpus
    corpora: dict[str, Corpus]
    rng: random.Random
    transport: str
    valid: Valid
    call: Callable[[str, bytes], Outcome] | None
    request: Message
    record: service_pb2.GameRecord | None
    suffix: bytes = b""
    """Raw bytes appended to the first message (fields no message object can hold)."""
    prelude: tuple[tuple[str, bytes], ...] = ()
    cut: str = ""
    deadline: float | None = None
    items: list[bytes] | None = None
    """The whole list of messages, when a change makes it (a stream's shape)."""

    @property
    def game(self) -> str:
        return self.corpus.game

    def others(self) -> list[str]:
        return sorted(g for g in self.corpora if g != self.game)

    @property
    def players(self) -> int:
        if self.valid.position is not None:
            return self.valid.position.players
        if self.record is not None:
            return self.record.setup.players
        return self.corpus.info.max_players

    @property
    def state(self) -> service_pb2.GameState:
        state = self.request.state  # type: ignore[attr-defined]
        assert isinstance(state, service_pb2.GameState)
        return state

    @property
    def setup(self) -> common_pb2.GameSetup:
        setup = self.record.setup if self.record is not None else self.request.setup  # type: ignore[attr-defined]
        assert isinstance(setup, common_pb2.GameSetup)
        return setup

    def raw_in_setup(self, raw: bytes) -> None:
        """``raw`` appended inside the setup (a NewGame request's, or the record's)."""
        self.suffix = len_field(1, len_field(1, raw) if self.record is not None else raw)

    def built(self, how: str, compare: bool) -> Built:
        if self.items is not None:
            items = list(self.items)
        elif self.record is not None:
            messages: list[Message] = (
                stream_items(self.record)
                if self.rpc == "ReplayGameStream"
                else [service_pb2.ReplayGameRequest(record=self.record)]
            )
            items = [m.SerializeToString() for m in messages]
        else:
            items = [self.request.SerializeToString()] + [m.SerializeToString() for m in self.valid.messages[1:]]
        if self.suffix and items:
            items[0] += self.suffix
        return Built(items, how, cut=self.cut, deadline=self.deadline, prelude=self.prelude, compare=compare)


Change = Callable[[Ctx, int], "str | None"]


@dataclasses.dataclass(frozen=True)
class Family:
    """A family of changes: its name and the change (``pick`` chooses the variant; ``None``: none applies)."""

    name: str
    change: Change


def _pick(values: Sequence[T], pick: int) -> T:
    return values[pick % len(values)]


class _NoOtherGame(Exception):
    """The server serves one game: no change that needs another one applies."""


def _other(ctx: Ctx, pick: int) -> str:
    others = ctx.others()
    if not others:
        raise _NoOtherGame
    return others[pick % len(others)]


# ---- the state ----------------------------------------------------------------------------------------------


def _state_game_id_other(ctx: Ctx, pick: int) -> str | None:
    other = _other(ctx, pick)
    ctx.state.game_id = other
    ctx.state.rules_version = ctx.corpora[other].rules_version
    return f"state.game_id: {ctx.game} -> {other} (with its rules version; the payload stays {ctx.game}'s)"


def _state_game_id_junk(ctx: Ctx, pick: int) -> str | None:
    value = _pick(junk_game_ids(ctx.game), pick)
    ctx.state.game_id = value
    return f"state.game_id: {ctx.game} -> {value[:40]!r}"


def _state_payload_other(ctx: Ctx, pick: int) -> str | None:
    other = _other(ctx, pick)
    source = ctx.rng.choice(ctx.corpora[other].positions).state
    getattr(ctx.state, other).CopyFrom(getattr(source, other))
    return f"state payload: a real {other} state under game_id {ctx.game} (and its rules version)"


def _state_memo_other(ctx: Ctx, pick: int) -> str | None:
    """A state the fuzzed server holds in its memo (it decoded it, or returned it), under another game's id."""
    other = _other(ctx, pick // 2)
    position = ctx.valid.position
    assert position is not None
    if pick % 2 == 1 or ctx.call is None:
        ctx.prelude = (("LegalMoves", service_pb2.LegalMovesRequest(state=position.state).SerializeToString()),)
        ctx.state.CopyFrom(position.state)
        made = "sent to LegalMoves first"
    else:
        setup = ctx.rng.choice(ctx.corpus.setups)
        prelude = service_pb2.NewGameRequest(setup=setup, match_id=PRELUDE_MATCH_ID).SerializeToString()
        answer = ctx.call("NewGame", prelude)
        if answer.code != "OK" or answer.body is None:
            return None
        ctx.prelude = (("NewGame", prelude),)
        ctx.state.CopyFrom(service_pb2.NewGameResponse.FromString(answer.body).state)
        made = "returned by NewGame"
    ctx.state.game_id = other
    ctx.state.rules_version = ctx.corpora[other].rules_version
    return f"memo: a {ctx.game} state {made}, sent back under game_id {other} (with its rules version)"


def _state_no_payload(ctx: Ctx, pick: int) -> str | None:
    ctx.state.ClearField("state")
    return f"state payload: none (game_id {ctx.game})"


def _state_rules_version(ctx: Ctx, pick: int) -> str | None:
    value = _pick(rules_versions(ctx.corpus.rules_version), pick)
    ctx.state.rules_version = value
    return f"state.rules_version: -> {value[:40]!r}"


def _state_match_id(ctx: Ctx, pick: int) -> str | None:
    value = _pick(MATCH_IDS, pick)
    ctx.state.match_id = value
    return f"state.match_id: -> {value[:40]!r} ({len(value)} characters)"


def _state_move_number(ctx: Ctx, pick: int) -> str | None:
    value = int(_pick(MOVE_NUMBERS, pick))
    ctx.state.move_number = value
    return f"state.move_number: -> {value}"


def _state_signature(ctx: Ctx, pick: int) -> str | None:
    value = SIGNATURES[pick % len(SIGNATURES)]
    ctx.state.signature = value
    return f"state.signature: -> {len(value)} bytes"


def _state_unknown(ctx: Ctx, pick: int) -> str | None:
    raw = UNKNOWN_FIELDS[pick % len(UNKNOWN_FIELDS)]
    ctx.suffix = len_field(1, raw)
    return f"state: an unknown field ({len(raw)} bytes: {raw[:8].hex()})"


def _state_bad_utf8(ctx: Ctx, pick: int) -> str | None:
    fields = (("game_id", 1), ("rules_version", 2), ("match_id", 4))
    name, number = fields[pick % len(fields)]
    raw = BAD_UTF8[(pick // len(fields)) % len(BAD_UTF8)]
    ctx.suffix = len_field(1, len_field(number, raw))
    return f"state.{name}: invalid UTF-8 {raw!r}"


STATE_FAMILIES = (
    Family("state.game_id other game", _state_game_id_other),
    Family("state.rules_version", _state_rules_version),
    Family("state payload of another game", _state_payload_other),
    Family("memo under another game", _state_memo_other),
    Family("state.game_id junk", _state_game_id_junk),
    Family("state without payload", _state_no_payload),
    Family("state.match_id", _state_match_id),
    Family("state.move_number", _state_move_number),
    Family("state.signature", _state_signature),
    Family("state unknown field", _state_unknown),
    Family("state invalid UTF-8", _state_bad_utf8),
)


# ---- seats, viewers, pictures, moves ----------------------------------------------------------------------------


def _legal_seat(ctx: Ctx, pick: int) -> str | None:
    value = seats(ctx.players)[pick % 8]
    ctx.request.seat = value  # type: ignore[attr-defined]
    return f"seat: -> {value}"


def _viewer(ctx: Ctx, pick: int) -> str | None:
    choices: tuple[int | str, ...] = (*seats(ctx.players), "cleared", "spectator", "both")
    value = choices[pick % len(choices)]
    viewer: common_pb2.Viewer = ctx.request.viewer  # type: ignore[attr-defined]
    if value == "cleared":
        ctx.request.ClearField("viewer")
    elif value == "spectator":
        viewer.spectator.CopyFrom(empty_pb2.Empty())
    elif value == "both":
        viewer.seat = 0
        ctx.suffix = len_field(2, len_field(2, b""))  # a spectator after the seat: the last one wins
    elif isinstance(value, int):
        viewer.seat = value
    return f"viewer: -> {value}"


#: SuggestMove's budget, seed and candidates at their edges: (max_playouts, max_millis, candidates, seed), ``None``
#: keeping the valid request's value (a few playouts, a few hundred milliseconds). 0 asks for the server's
#: default (1 s) or most (100,000 playouts); the uint32 greatest is cut to the server's most (10 s) and that to the
#: call's deadline: both at once make a search that only the deadline stops.
SEARCH_BUDGETS: tuple[tuple[int | None, int | None, int | None, int | None], ...] = (
    (0, None, None, None),
    (UINT32_MAX, None, None, None),
    (None, 0, None, None),
    (None, UINT32_MAX, None, None),
    (None, None, 0, None),
    (None, None, UINT32_MAX, None),
    (None, None, None, 0),
    (None, None, None, 2**64 - 1),
    (None, None, None, 2**63),
    (0, 0, 0, 0),
    (UINT32_MAX, UINT32_MAX, UINT32_MAX, 2**64 - 1),
)


def _search_budget(ctx: Ctx, pick: int) -> str | None:
    fields = ("max_playouts", "max_millis", "candidates", "seed")
    values = SEARCH_BUDGETS[pick % len(SEARCH_BUDGETS)]
    changed = []
    for name, value in zip(fields, values, strict=True):
        if value is not None:
            setattr(ctx.request, name, value)
            changed.append(f"{name} -> {value}")
    return ", ".join(changed)


PICTURES = (
    (3, 0.0),
    (99, 0.0),
    (-1, 0.0),
    (2**31 - 1, 0.0),
    (service_pb2.IMAGE_FORMAT_PNG, float("nan")),
    (service_pb2.IMAGE_FORMAT_PNG, float("inf")),
    (service_pb2.IMAGE_FORMAT_PNG, float("-inf")),
    (service_pb2.IMAGE_FORMAT_PNG, -1.0),
    (service_pb2.IMAGE_FORMAT_PNG, 0.0),
    (service_pb2.IMAGE_FORMAT_PNG, 4.0),
    (service_pb2.IMAGE_FORMAT_PNG, 4.01),
    (service_pb2.IMAGE_FORMAT_PNG, 1e-45),
    (service_pb2.IMAGE_FORMAT_PNG, 3.4e38),
    (service_pb2.IMAGE_FORMAT_SVG, 2.0),
    (service_pb2.IMAGE_FORMAT_UNSPECIFIED, float("nan")),
)


def _picture(ctx: Ctx, pick: int) -> str | None:
    image_format, scale = PICTURES[pick % len(PICTURES)]
    ctx.request.format = image_format  # type: ignore[attr-defined]
    ctx.request.scale = scale  # type: ignore[attr-defined]
    return f"format, scale: -> {image_format}, {scale:g}"


def _other_move(ctx: Ctx, other: str) -> service_pb2.Move | None:
    moves = [m for p in ctx.corpora[other].positions for m in p.moves]
    return ctx.rng.choice(moves) if moves else None


def _move_other_game(ctx: Ctx, pick: int) -> str | None:
    other = _other(ctx, pick)
    move = _other_move(ctx, other)
    if move is None:
        return None
    ctx.request.move.CopyFrom(move)  # type: ignore[attr-defined]
    return f"move: a real {other} move to a {ctx.game} state"


def _move_shape(ctx: Ctx, pick: int) -> str | None:
    move: service_pb2.Move = ctx.request.move  # type: ignore[attr-defined]
    variant = pick % 3
    if variant == 0:
        move.ClearField("action")
        return "move.action: none (seat kept)"
    if variant == 1:
        ctx.request.ClearField("move")
        return "move: absent"
    other = str(_other(ctx, pick // 3))
    getattr(move, other).SetInParent()
    return f"move.action: -> an empty {other} action"


def _move_seat(ctx: Ctx, pick: int) -> str | None:
    value = seats(ctx.players)[pick % 8]
    ctx.request.move.seat = value  # type: ignore[attr-defined]
    return f"move.seat: -> {value}"


MOVE_FAMILIES = (
    Family("move of another game", _move_other_game),
    Family("move.seat", _move_seat),
    Family("move shape", _move_shape),
)


# ---- setups and records ---------------------------------------------------------------------------------


def _setup_game_id_other(ctx: Ctx, pick: int) -> str | None:
    other = _other(ctx, pick)
    ctx.setup.game_id = other
    if ctx.record is not None:
        ctx.record.rules_version = ctx.corpora[other].rules_version
    return f"setup.game_id: {ctx.game} -> {other} (the rest of the setup stays {ctx.game}'s)"


def _setup_game_id_junk(ctx: Ctx, pick: int) -> str | None:
    value = _pick(junk_game_ids(ctx.game), pick)
    ctx.setup.game_id = value
    return f"setup.game_id: {ctx.game} -> {value[:40]!r}"


def _setup_players(ctx: Ctx, pick: int) -> str | None:
    info = ctx.corpus.info
    values = (-(2**31), 2**31 - 1, -1, 0, 1, info.max_players + 1, info.min_players - 1, 1000, 100_000)
    value = values[pick % len(values)]
    ctx.setup.players = value
    return f"setup.players: -> {value}"


CHANCES = (
    (3, None),
    (-1, None),
    (common_pb2.CHANCE_MODE_SEEDED, None),
    (common_pb2.CHANCE_MODE_EXTERNAL, 1),
    (common_pb2.CHANCE_MODE_SEEDED, 2**64 - 1),
    (common_pb2.CHANCE_MODE_SEEDED, 0),
    (common_pb2.CHANCE_MODE_UNSPECIFIED, 5),
    (2**31 - 1, 7),
)


def _setup_chance(ctx: Ctx, pick: int) -> str | None:
    mode, seed = CHANCES[pick % len(CHANCES)]
    ctx.setup.chance_mode = mode  # type: ignore[assignment]
    if seed is None:
        ctx.setup.ClearField("seed")
    else:
        ctx.setup.seed = seed
    return f"setup.chance_mode, seed: -> {mode}, {seed}"


def _setup_overrides(ctx: Ctx, pick: int) -> str | None:
    options = [o.name for o in ctx.corpus.info.options] or ["no-option"]
    name = options[(pick // 12) % len(options)]
    variants: tuple[dict[str, str], ...] = (
        {"": ""},
        {"no-such-option": "1"},
        {name: "junk"},
        {name: ""},
        {name: "x" * 100_000},
        {"é✓": "١"},
        {"\x00": "\x00"},
        {f"junk-{i}": str(i) for i in range(1000)},
        {name: "-1"},
        {name: "99999999999999999999"},
        {name: "true,false," * 1000},
        {name.upper(): "true"},
    )
    chosen = variants[pick % len(variants)]
    ctx.setup.overrides.clear()
    ctx.setup.overrides.update(chosen)
    shown = next(iter(chosen.items()))
    return f"setup.overrides: -> {len(chosen)} entries like {shown[0][:20]!r}: {shown[1][:20]!r}"


def _setup_bad_utf8(ctx: Ctx, pick: int) -> str | None:
    raw = BAD_UTF8[pick % len(BAD_UTF8)]
    ctx.raw_in_setup(len_field(1, raw))
    return f"setup.game_id: invalid UTF-8 {raw!r}"


SETUP_FAMILIES = (
    Family("setup.game_id other game", _setup_game_id_other),
    Family("setup.players", _setup_players),
    Family("setup.overrides", _setup_overrides),
    Family("setup.chance_mode and seed", _setup_chance),
    Family("setup.game_id junk", _setup_game_id_junk),
    Family("setup invalid UTF-8", _setup_bad_utf8),
)


def _new_match_id(ctx: Ctx, pick: int) -> str | None:
    value = _pick(MATCH_IDS, pick)
    ctx.request.match_id = value  # type: ignore[attr-defined]
    return f"match_id: -> {value[:40]!r} ({len(value)} characters)"


def _record(ctx: Ctx) -> service_pb2.GameRecord:
    assert ctx.record is not None
    return ctx.record


def _record_rules_version(ctx: Ctx, pick: int) -> str | None:
    value = _pick(rules_versions(ctx.corpus.rules_version), pick)
    _record(ctx).rules_version = value
    return f"record.rules_version: -> {value[:40]!r}"


def _record_match_id(ctx: Ctx, pick: int) -> str | None:
    value = _pick(MATCH_IDS, pick)
    _record(ctx).match_id = value
    return f"record.match_id: -> {value[:40]!r} ({len(value)} characters)"


def _seat_labels(ctx: Ctx, pick: int) -> str | None:
    players = _record(ctx).setup.players
    variants = (
        [f"s{i}" for i in range(max(0, players - 1))],
        [f"s{i}" for i in range(players + 1)],
        ["x"] * 10_000,
        ["x" * 100_000] + [""] * max(0, players - 1),
        ["é✓\u202e"] * players,
        [""] * players,
        ["\x00"] * players,
    )
    labels = variants[pick % len(variants)]
    del _record(ctx).seat_labels[:]
    _record(ctx).seat_labels.extend(labels)
    return f"record.seat_labels: -> {len(labels)} labels for {players} seats"


def _record_move_other_game(ctx: Ctx, pick: int) -> str | None:
    other = _other(ctx, pick)
    move = _other_move(ctx, other)
    record = _record(ctx)
    if move is None:
        return None
    at = ctx.rng.randint(0, len(record.moves))
    record.moves.insert(at, move)
    return f"record.moves[{at}]: a real {other} move inserted"


def _record_move_seat(ctx: Ctx, pick: int) -> str | None:
    record = _record(ctx)
    if not record.moves:
        record.moves.add()
    at = ctx.rng.randrange(len(record.moves))
    value = seats(record.setup.players)[pick % 8]
    record.moves[at].seat = value
    return f"record.moves[{at}].seat: -> {value}"


def _record_event(ctx: Ctx, pick: int) -> str | None:
    value = _pick(("x" * 100_000, "\x00", "é✓\u202e", "\r\n" * 1000), pick)
    event = _record(ctx).event
    event.name = event.round = event.table = event.date = value
    return f"record.event: every field -> {value[:20]!r} ({len(value)} characters)"


def _record_unknown(ctx: Ctx, pick: int) -> str | None:
    raw = UNKNOWN_FIELDS[pick % len(UNKNOWN_FIELDS)]
    ctx.suffix = len_field(1, raw)
    return f"record: an unknown field ({len(raw)} bytes: {raw[:8].hex()})"


def _record_bad_utf8(ctx: Ctx, pick: int) -> str | None:
    fields = (("rules_version", 2), ("match_id", 6), ("seat_labels", 4))
    name, number = fields[pick % len(fields)]
    raw = BAD_UTF8[(pick // len(fields)) % len(BAD_UTF8)]
    ctx.suffix = len_field(1, len_field(number, raw))
    return f"record.{name}: invalid UTF-8 {raw!r}"


RECORD_FAMILIES = (
    Family("record.rules_version", _record_rules_version),
    *SETUP_FAMILIES,
    Family("record.match_id", _record_match_id),
    Family("record.seat_labels", _seat_labels),
    Family("record move of another game", _record_move_other_game),
    Family("record move seat", _record_move_seat),
    Family("record.event", _record_event),
    Family("record unknown field", _record_unknown),
    Family("record invalid UTF-8", _record_bad_utf8),
)


def _stream_shape(ctx: Ctx, pick: int) -> str | None:
    """The messages of a replay stream out of order, missing, repeated, held open or cut short."""
    record = _record(ctx)
    items = [m.SerializeToString() for m in stream_items(record)]
    header, moves = items[0], items[1:]
    cut_mode = "cancel" if ctx.transport == GRPC else "eof"
    variant = pick % 10
    if variant == 0:
        ctx.items, ctx.cut, ctx.deadline = [header], "hold", SHORT_DEADLINE
        return f"stream: the header, then nothing (held open, a {SHORT_DEADLINE:g} s deadline)"
    if variant == 1:
        ctx.items, ctx.cut = [header, *moves[: max(1, len(moves) // 2)]], cut_mode
        return f"stream: cut short after {1 + max(1, len(moves) // 2)} of {len(items)} messages ({cut_mode})"
    if variant == 2:
        ctx.items = [header]
        return "stream: the header only"
    if variant == 3:
        ctx.items = []
        return "stream: no message at all"
    if variant == 4:
        ctx.items = [*moves[:1], header, *moves[1:]] if moves else [b"\x12\x00", header]
        return "stream: a move before the header"
    if variant == 5:
        ctx.items = [header, header, *moves]
        return "stream: the header twice"
    if variant == 6:
        with_moves = service_pb2.ReplayGameStreamRequest(header=record).SerializeToString()
        ctx.items = [with_moves, *moves]
        return f"stream: the header holding {len(record.moves)} moves, then the moves"
    if variant == 7:
        ctx.items = [header, b"", *moves]
        return "stream: an empty message after the header"
    if variant == 8:
        ctx.items = [header, *[b""] * 1000]
        return "stream: the header, then 1000 empty messages"
    ctx.items, ctx.cut, ctx.deadline = [header, *moves[:1]], "hold", SHORT_DEADLINE
    return f"stream: the header and a move, then nothing (held open, a {SHORT_DEADLINE:g} s deadline)"


# ---- anywhere in the request ------------------------------------------------------------------------------


def _target(ctx: Ctx) -> Message:
    return ctx.record if ctx.record is not None else ctx.request


def _extreme(kind: str) -> Change:
    def change(ctx: Ctx, pick: int) -> str | None:
        found = mutation.extremes(_target(ctx), ctx.rng, kind, pick)
        if found is None:
            return None
        copy, how = found
        if ctx.record is not None:
            assert isinstance(copy, service_pb2.GameRecord)
            ctx.record = copy
            return f"record.{how}"
        ctx.request = copy
        return how

    return change


def _request_unknown(ctx: Ctx, pick: int) -> str | None:
    raw = UNKNOWN_FIELDS[pick % len(UNKNOWN_FIELDS)]
    ctx.suffix = raw
    return f"request: an unknown field ({len(raw)} bytes: {raw[:8].hex()})"


EXTREMES = (
    Family("an integer at its extremes", _extreme("int")),
    Family("a string at its extremes", _extreme("string")),
)
REQUEST_FAMILIES = (*EXTREMES, Family("request unknown field", _request_unknown))


def _describe_game_id(ctx: Ctx, pick: int) -> str | None:
    values = (*ctx.others(), *junk_game_ids(ctx.game))
    value = _pick(values, pick)
    ctx.request.game_id = value  # type: ignore[attr-defined]
    return f"game_id: -> {value[:40]!r}"


def _describe_bad_utf8(ctx: Ctx, pick: int) -> str | None:
    raw = BAD_UTF8[pick % len(BAD_UTF8)]
    ctx.suffix = len_field(1, raw)
    return f"game_id: invalid UTF-8 {raw!r}"


_FLOAT_EXTREMES = Family("a float at its extremes", _extreme("float"))

#: The families of envelope changes of every RPC the fuzz sends, written out (not read from the descriptor).
ENVELOPE_CHANGES: dict[str, tuple[Family, ...]] = {
    "ListGames": (Family("request unknown field", _request_unknown),),
    "DescribeGame": (
        Family("game_id", _describe_game_id),
        Family("game_id invalid UTF-8", _describe_bad_utf8),
        Family("a string at its extremes", _extreme("string")),
        Family("request unknown field", _request_unknown),
    ),
    "NewGame": (*SETUP_FAMILIES, Family("match_id", _new_match_id), *REQUEST_FAMILIES),
    "LegalMoves": (*STATE_FAMILIES, Family("seat", _legal_seat), *REQUEST_FAMILIES),
    "ValidateMove": (*STATE_FAMILIES, *MOVE_FAMILIES, *REQUEST_FAMILIES),
    "ApplyMove": (*STATE_FAMILIES, *MOVE_FAMILIES, *REQUEST_FAMILIES),
    "Score": (*STATE_FAMILIES, Family("viewer", _viewer), *REQUEST_FAMILIES),
    "ViewState": (*STATE_FAMILIES, Family("viewer", _viewer), *REQUEST_FAMILIES),
    "ReplayGame": (*RECORD_FAMILIES, *REQUEST_FAMILIES),
    "ReplayGameStream": (Family("stream shape", _stream_shape), *RECORD_FAMILIES, *REQUEST_FAMILIES),
    "RenderView": (
        *STATE_FAMILIES,
        Family("viewer", _viewer),
        Family("format and scale", _picture),
        *REQUEST_FAMILIES,
        _FLOAT_EXTREMES,
    ),
    "SuggestMove": (
        *STATE_FAMILIES,
        Family("seat", _legal_seat),
        Family("search budget", _search_budget),
        *REQUEST_FAMILIES,
    ),
}
#: RPCs whose envelope changes are compared between the fuzzed and the memo-off server.
COMPARED = frozenset({"LegalMoves", "ValidateMove", "ApplyMove", "Score", "ViewState", "RenderView", "SuggestMove"})


def families(rpc: str) -> tuple[Family, ...]:
    found = ENVELOPE_CHANGES.get(rpc)
    if found is None:
        raise ValueError(f"no envelope changes for the RPC {rpc}: the fuzz must learn it (tools/fuzz/envelope.py)")
    return found


def envelope_change(
    rpc: str,
    corpus: Corpus,
    corpora: dict[str, Corpus],
    valid: Valid,
    rng: random.Random,
    transport: str,
    round_: int,
    call: Callable[[str, bytes], Outcome] | None = None,
) -> Built:
    """Family ``round_ % F`` of ``rpc``'s F families, variant ``round_ // F``, made in ``valid`` (the next
    family that applies, if that one does not: e.g. no move of another game to take)."""
    table = families(rpc)
    start = round_ % len(table)
    pick = round_ // len(table)
    for step in range(len(table)):
        family = table[(start + step) % len(table)]
        first = valid.messages[0]
        request = type(first)()
        request.CopyFrom(first)
        record = None
        if valid.record is not None:
            record = service_pb2.GameRecord()
            record.CopyFrom(valid.record)
        ctx = Ctx(rpc, corpus, corpora, rng, transport, valid, call, request, record)
        try:
            how = family.change(ctx, pick)
        except _NoOtherGame:
            how = None
        if how is not None:
            return ctx.built(f"{family.name}: {how}", compare=rpc in COMPARED)
    raise RuntimeError(f"no envelope change applies to {rpc} of {corpus.game}")
