"""Generic struct <-> protobuf conversion: schema checks, lossless round trips, clear errors."""

from __future__ import annotations

import gc
import re
from typing import Any, Literal

import msgspec
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from rulesengine.v1 import citadels_pb2, common_pb2, service_pb2, viscounts_pb2

from engines import registry
from engines.citadels import moves as mv
from engines.citadels import state as cs
from engines.core.engine import Pending
from engines.core.errors import StateInvalid
from engines.core.playout import random_playout
from engines.core.rng import Rng
from engines.core.scoring import ScoreSheet
from engines.core.text import LogEntry, MoveLabel
from server.binding import GameBinding
from server.convert import ConversionError, SchemaMismatch, StructCodec, UnionCodec
from tools import message_mutations as mutation

CITADELS = registry.get("citadels")
BINDING = GameBinding(CITADELS)


def _presets() -> list[str]:
    return [p["id"] for p in CITADELS.describe()["presets"]]


# ---- schema checks --------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", sorted(registry.engines()))
def test_every_registered_engine_mirrors_the_contract(game_id: str) -> None:
    """Fails when an engine struct changes without its proto message (or the reverse)."""
    binding = GameBinding(registry.get(game_id))
    assert binding.game_id == game_id


class _RenamedField(msgspec.Struct):
    state: int
    increment: int


class _MissingField(msgspec.Struct):
    state: int


class _WrongType(msgspec.Struct):
    state: str
    inc: int


class _DefaultNeedsPresence(msgspec.Struct):
    state: int
    inc: int = 5


class _NotRepeated(msgspec.Struct):
    state: tuple[int, ...]
    inc: int


@pytest.mark.parametrize(
    ("cls", "problem"),
    [
        (_RenamedField, "struct fields ['increment'] have no proto field; proto fields ['inc'] have no"),
        (_MissingField, "['inc'] have no struct field"),
        (_WrongType, "str cannot be held"),
        (_DefaultNeedsPresence, "must be `optional`"),
        (_NotRepeated, "needs a repeated"),
    ],
)
def test_schema_mismatches_are_caught_when_the_codec_is_built(cls: type, problem: str) -> None:
    with pytest.raises(SchemaMismatch, match=re.escape(problem)):
        StructCodec(cls, common_pb2.Rng.DESCRIPTOR)


def test_a_union_must_cover_every_oneof_field() -> None:
    with pytest.raises(SchemaMismatch, match="not tags of the union"):
        UnionCodec(cs.DrawCard | cs.Bribe, citadels_pb2.CitadelsStep.DESCRIPTOR)


def test_a_union_member_needs_a_oneof_field_named_after_its_tag() -> None:
    class Stray(msgspec.Struct, tag="stray"):
        seat: int

    with pytest.raises(SchemaMismatch, match="'stray'"):
        UnionCodec(cs.Step | Stray, citadels_pb2.CitadelsStep.DESCRIPTOR)


# ---- lossless round trips over random playouts ---------------------------------------------


def _round_trip_state(state: Any) -> Any:
    message = BINDING.state_to_proto(state)
    wire = service_pb2.GameState.FromString(message.SerializeToString())
    return BINDING.state_from_proto(wire)


def _round_trip_move(move: Any) -> Any:
    wire = service_pb2.Move.FromString(BINDING.move_to_proto(move).SerializeToString())
    return BINDING.move_from_proto(wire)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 8),
    preset=st.sampled_from(_presets()),
    seed=st.one_of(st.none(), st.integers(0, 2**64 - 1)),
    playout_seed=st.integers(0, 2**32 - 1),
)
def test_round_trip_is_lossless_for_every_state_and_move_of_random_playouts(
    players: int, preset: str, seed: int | None, playout_seed: int
) -> None:
    try:
        options = CITADELS.make_options(players, {"preset": preset})
    except StateInvalid:
        assume(False)
    visited: list[Any] = [CITADELS.new_game(options, seed)]
    played: list[Any] = []

    def record(before: Any, move: Any, after: Any) -> None:
        played.append(move)
        visited.append(after)

    random_playout(CITADELS, visited[0], Rng.seeded(playout_seed), on_move=record)
    for state in visited:
        assert _round_trip_state(state) == state
    for move in played:
        assert _round_trip_move(move) == move
    for state in visited[::25]:
        for viewer in (None, *range(players)):
            view = CITADELS.view(state, viewer)
            assert _round_trip_state(view) == view


@pytest.mark.parametrize("game_id", sorted(registry.engines()))
def test_remembered_encodings_write_what_a_fresh_encoding_writes(game_id: str) -> None:
    """A codec that remembers the wire bytes of nested structs and sequences (as the server's does with
    its state memo) writes every state of a game exactly as a codec that remembers nothing: states in
    the order of play (most parts unchanged from the state before), then all of them again (every part
    remembered by then). What it remembers is left out of the garbage collector's sight: a full collection
    would otherwise look at every record."""
    engine = registry.get(game_id)
    players = min(max(3, engine.info.min_players), engine.info.max_players)
    states = [engine.new_game(engine.make_options(players, {}), 5)]
    random_playout(engine, states[0], Rng.seeded(5), on_move=lambda _before, _move, after: states.append(after))
    remembering, fresh = GameBinding(engine, remember_encodings=True), GameBinding(engine, remember_encodings=False)
    for state in states + states:
        assert remembering.state_to_proto(state) == fresh.state_to_proto(state)
    gc.collect()
    gc.collect()  # the first may meet a record before the entry it holds, which it untracks after
    records = list(remembering._state.remembered._order)
    assert records, "nothing was remembered"
    tracked = sum(gc.is_tracked(record) for record in records)
    assert not tracked, f"{tracked} of {len(records)} records are tracked by the garbage collector"


def test_texts_are_plain_though_a_text_may_hold_a_text() -> None:
    """A text's parameter may hold a text (a recursive struct) and a log entry's private line may be None;
    both are still built by the message constructor in one call: plainness settles as a greatest fixpoint
    over the plans, so a struct is plain when nothing but itself stands in the way. (The test below shows
    that what they write is what writing field by field writes.)"""
    for cls, descriptor in ((MoveLabel, common_pb2.MoveLabel.DESCRIPTOR), (LogEntry, common_pb2.LogEntry.DESCRIPTOR)):
        assert StructCodec(cls, descriptor)._plans.plain is not None, cls.__name__
        assert StructCodec(cls, descriptor, plain=False)._plans.plain is None, cls.__name__


@pytest.mark.parametrize("game_id", sorted(registry.engines()))
def test_plain_structs_built_in_one_call_write_what_field_by_field_writes(game_id: str) -> None:
    """Plain structs (move labels, texts, pending seats, score sheets, plain parts of states) are built by
    the message constructor from ``msgspec.to_builtins``; for every value of a game of every game that
    writes, byte for byte, what writing them field by field writes."""
    engine = registry.get(game_id)
    players = min(max(3, engine.info.min_players), engine.info.max_players)
    states = [engine.new_game(engine.make_options(players, {}), 7)]
    logs: list[Any] = []

    def keep(before: Any, move: Any, after: Any) -> None:
        states.append(after)
        logs.append(engine.log(before, move, after))

    random_playout(engine, states[0], Rng.seeded(7), on_move=keep)
    labels = [label for s in states[::10] for label in engine.labels(s, engine.legal_moves(s))]
    pairs: list[tuple[Any, type[msgspec.Struct], list[Any]]] = [
        (common_pb2.MoveLabel.DESCRIPTOR, MoveLabel, labels),
        (common_pb2.LogEntry.DESCRIPTOR, LogEntry, logs),
        (common_pb2.Pending.DESCRIPTOR, Pending, [engine.pending(s) for s in states]),
        (common_pb2.ScoreSheet.DESCRIPTOR, ScoreSheet, [engine.score(s) for s in states[::10]]),
        (service_pb2.GameState.DESCRIPTOR.fields_by_name[game_id].message_type, engine.state_type, states),
    ]
    for descriptor, cls, values in pairs:
        assert values
        built, walked = StructCodec(cls, descriptor), StructCodec(cls, descriptor, plain=False)
        for value in values:
            wire = walked.to_proto(value).SerializeToString(deterministic=True)
            assert built.to_proto(value).SerializeToString(deterministic=True) == wire, cls.__name__


def test_the_wire_form_is_deterministic() -> None:
    state = CITADELS.new_game(CITADELS.make_options(5, {}), 11)
    first = BINDING.state_to_proto(state).SerializeToString(deterministic=True)
    assert BINDING.state_to_proto(_round_trip_state(state)).SerializeToString(deterministic=True) == first


# ---- defaults and presence -----------------------------------------------------------------


def test_unset_optional_fields_take_the_engine_defaults() -> None:
    message = service_pb2.Move(seat=2)
    message.citadels.build.card = "manor"
    move = BINDING.move_from_proto(message)
    assert move == mv.Move(2, mv.Build("manor"))
    assert (move.action.method, move.action.lender) == ("gold", -1)


def test_explicit_values_override_the_defaults() -> None:
    message = service_pb2.Move(seat=2)
    message.citadels.build.card = "manor"
    message.citadels.build.lender = 0
    assert BINDING.move_from_proto(message).action.lender == 0


def test_empty_action_messages_keep_their_presence() -> None:
    move = mv.Move(1, mv.Pass())
    message = BINDING.move_to_proto(move)
    assert message.citadels.WhichOneof("action") == "pass"
    assert _round_trip_move(move) == move


# ---- malformed input names the field --------------------------------------------------------


def _state_message() -> service_pb2.GameState:
    return BINDING.state_to_proto(CITADELS.new_game(CITADELS.make_options(4, {}), 3))


def _conversion_error(message: service_pb2.GameState) -> ConversionError:
    with pytest.raises(ConversionError) as caught:
        BINDING.state_from_proto(message)
    return caught.value


def test_an_unknown_literal_names_its_field() -> None:
    message = _state_message()
    message.citadels.phase = "intermission"
    error = _conversion_error(message)
    assert error.field == "state.citadels.phase"
    assert "intermission" in error.problem or "Invalid enum value" in error.problem


def test_an_empty_union_wrapper_names_its_index() -> None:
    message = _state_message()
    message.citadels.queue.add()
    error = _conversion_error(message)
    assert error.field == f"state.citadels.queue[{len(message.citadels.queue) - 1}]"
    assert "no step is set" in error.problem


def test_a_missing_required_message_is_reported() -> None:
    message = _state_message()
    message.citadels.ClearField("options")
    error = _conversion_error(message)
    assert error.field == "state.citadels"
    assert "options" in error.problem


def test_a_nested_bad_value_names_the_full_path() -> None:
    message = _state_message()
    message.citadels.turn.character = "king"
    message.citadels.turn.mode = "sideways"
    assert _conversion_error(message).field == "state.citadels.turn.mode"


def test_a_state_of_another_game_is_refused() -> None:
    message = _state_message()
    message.ClearField("citadels")
    error = _conversion_error(message)
    assert error.field == "state"
    assert "no game" in error.problem


def test_a_move_without_an_action_is_refused() -> None:
    with pytest.raises(ConversionError, match="expected a citadels action"):
        BINDING.move_from_proto(service_pb2.Move(seat=0))


def test_a_fixed_length_tuple_is_checked() -> None:
    message = service_pb2.Move(seat=0)
    message.citadels.warrants.signed = "king"
    message.citadels.warrants.unsigned.append("bishop")
    with pytest.raises(ConversionError) as caught:
        BINDING.move_from_proto(message)
    assert caught.value.field == "move.action.unsigned"


def test_an_engine_value_out_of_the_proto_range_names_its_field() -> None:
    state = CITADELS.new_game(CITADELS.make_options(4, {}), 3)
    players = (msgspec.structs.replace(state.players[0], gold=2**40), *state.players[1:])
    with pytest.raises(ConversionError) as caught:
        BINDING.state_to_proto(msgspec.structs.replace(state, players=players))
    assert caught.value.field == "state.citadels.players[0].gold"


# ---- rows, unions of literals, sequences with a default -------------------------------------


class _Rows(msgspec.Struct, frozen=True):
    tier1: tuple[tuple[int, ...], ...]
    tier2: tuple[tuple[int, ...], ...]
    centre: tuple[int, ...]
    leader: int = -1


class _RowsOfStructs(msgspec.Struct, frozen=True):
    seat: int
    rows: tuple[tuple[int, ...], ...]
    source: str = ""


def test_a_sequence_of_sequences_is_a_repeated_message_of_one_repeated_field() -> None:
    codec = StructCodec(_Rows, viscounts_pb2.ViscountsCastle.DESCRIPTOR)
    value = _Rows(tier1=((1, 0), (), (0, 3)), tier2=((2, 2),), centre=(0, 1), leader=1)
    message = codec.to_proto(value)
    assert [list(row.seats) for row in message.tier1] == [[1, 0], [], [0, 3]]
    assert codec.from_proto(message) == value
    with pytest.raises(SchemaMismatch, match="a sequence of sequences needs a repeated message of one repeated"):
        StructCodec(_RowsOfStructs, viscounts_pb2.ViscountsAiFirst.DESCRIPTOR)


class _LiteralUnion(msgspec.Struct, frozen=True):
    seat: int
    building: Literal["trading_post", "guildhall"] | Literal[""] = ""
    near: bool = False


def test_a_union_of_literals_is_a_string_checked_on_decoding() -> None:
    codec = StructCodec(_LiteralUnion, viscounts_pb2.ViscountsBuildFree.DESCRIPTOR)
    for value in (_LiteralUnion(1, "guildhall", True), _LiteralUnion(0)):
        assert codec.from_proto(codec.to_proto(value)) == value
    message = viscounts_pb2.ViscountsBuildFree(seat=0, building="castle")
    with pytest.raises(ConversionError) as caught:
        codec.from_proto(message, "step")
    assert caught.value.field == "step.building"


class _FilledDefault(msgspec.Struct, frozen=True):
    slots: tuple[str, str, str] = ("", "", "")


class _GrownDefault(msgspec.Struct, frozen=True):
    slots: tuple[str, ...] = ("a", "b")


def test_a_sequence_whose_default_is_not_empty_is_always_written() -> None:
    fixed = StructCodec(_FilledDefault, viscounts_pb2.ViscountsArrange.DESCRIPTOR)
    assert list(fixed.to_proto(_FilledDefault()).slots) == ["", "", ""]
    assert fixed.from_proto(fixed.to_proto(_FilledDefault())) == _FilledDefault()
    grown = StructCodec(_GrownDefault, viscounts_pb2.ViscountsArrange.DESCRIPTOR)
    for value in (_GrownDefault(), _GrownDefault(()), _GrownDefault(("c",))):
        assert grown.from_proto(grown.to_proto(value)) == value


def test_remembered_encodings_stay_within_their_budget() -> None:
    """Encoding ever new states (a fuzz's mutated states, a busy server's many games) never makes a codec
    remember more than its budget: the oldest entries go first, and what is kept still encodes exactly."""
    engine = registry.get("walled_city")
    binding, fresh = GameBinding(engine, remember_encodings=True), GameBinding(engine, remember_encodings=False)
    remembered = binding._state.remembered
    remembered.max_bytes = 256 * 1024  # small, so that a few games overflow it
    peak = 0
    for seed in range(4):
        for state in mutation.playout_states(engine, 4, {}, seed, bot_seed=seed, limit=40):
            for _ in range(2):  # the second time, sequences are remembered with their bytes
                assert binding.state_to_proto(state) == fresh.state_to_proto(state)
            peak = max(peak, remembered.used)
            assert remembered.used <= remembered.max_bytes
    assert peak > remembered.max_bytes // 2, "the budget was never approached: the test would see nothing"
    live = [record for record in remembered._order if remembered.is_live(record)]
    assert remembered.entries == len(live), "every remembered entry is counted once"
    assert remembered.used == sum(record[3] for record in live)
