"""The mutation library the conformance suite and the fuzz command share (``tools/message_mutations.py``)."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from google.protobuf.message import Message
from rulesengine.v1 import common_pb2, service_pb2

from tests.conformance.support import CONTRACTED, setup_sample
from tools.message_mutations import MANY, corrupt_bytes, cross_swaps, mutations, playout_states, random_bytes

#: Only the games the contract carries: these tests check the proto mutation library, and a game without
#: proto messages (the test-only ``tests.tinygame``) has none; its engine-level conformance is the other
#: tests' (``support.CONTRACTED``).
GAMES = sorted(CONTRACTED)

#: Every kind of change, as its description shows it.
KINDS = {
    "value": re.compile(r": .+ -> .+"),
    "cleared": re.compile(r"-> cleared$"),
    "swapped": re.compile(r": swapped \[\d+\] and \[\d+\]$"),
    "dropped": re.compile(r"\]: dropped "),
    "duplicated": re.compile(r"\]: duplicated "),
    "appended": re.compile(r": appended .* \(now \d+\)$"),
    "appended many": re.compile(rf": appended {MANY} x "),
    "oneof switched": re.compile(r": \w+ -> \w+ \(default\)$"),
    "default message": re.compile(r": unset -> default message$"),
}


def game_state(game_id: str) -> service_pb2.GameState:
    """A mid-game state of a registered game, as its proto."""
    setup = next(s for s in setup_sample(2) if s.game_id == game_id)
    states = playout_states(setup.engine, setup.players, setup.options, setup.seed, bot_seed=1, limit=3)
    return setup.binding.state_to_proto(states[1])


def has_unset_message(message: Message) -> bool:
    """Whether ``message`` (or a message inside it) leaves a singular, non-oneof message field unset: the
    only place the "default message" mutation applies (a state may have none, e.g. mid-turn)."""
    for fd in message.DESCRIPTOR.fields:
        if fd.message_type is None or fd.message_type.GetOptions().map_entry:
            continue
        value = getattr(message, fd.name)
        if fd.is_repeated:
            if any(has_unset_message(item) for item in value):
                return True
        elif not message.HasField(fd.name):
            if fd.containing_oneof is None or fd.containing_oneof.name.startswith("_"):
                return True
        elif has_unset_message(value):
            return True
    return False


def fingerprint(copies: list[tuple[Message, str]]) -> list[tuple[bytes, str]]:
    return [(m.SerializeToString(deterministic=True), path) for m, path in copies]


@pytest.mark.parametrize("game_id", GAMES)
def test_mutations_change_one_thing_each_deterministically(game_id: str) -> None:
    message = game_state(game_id)
    before = message.SerializeToString(deterministic=True)
    copies = mutations(getattr(message, game_id), random.Random(5), 300, prefix=game_id)
    assert len(copies) == 300
    assert message.SerializeToString(deterministic=True) == before, "the original is left alone"
    assert all(copy != getattr(message, game_id) for copy, _ in copies)
    assert all(path.startswith(f"{game_id}.") for _, path in copies)
    again = mutations(getattr(message, game_id), random.Random(5), 300, prefix=game_id)
    assert fingerprint(again) == fingerprint(copies)
    kinds = Counter(kind for _, path in copies for kind, pattern in KINDS.items() if pattern.search(path))
    expected = set(KINDS) - {"oneof switched"}
    if not has_unset_message(getattr(message, game_id)):
        expected.discard("default message")
    assert set(kinds) >= expected, kinds
    for copy, _ in copies:  # every copy is a valid message of its type (integers in range)
        type(copy)().ParseFromString(copy.SerializeToString())


def test_mutations_walk_maps_enums_oneofs_and_optionals() -> None:
    setup = common_pb2.GameSetup(
        game_id="g", players=3, overrides={"a": "1", "b": "x"}, chance_mode=common_pb2.CHANCE_MODE_SEEDED, seed=5
    )
    paths = [path for _, path in mutations(setup, random.Random(1), 200)]
    assert any(re.fullmatch(r"overrides\['\w+'\]: deleted", p) for p in paths)
    assert any(re.fullmatch(r"overrides\[.*\]: added", p) for p in paths)
    assert any(p.startswith("chance_mode: 1 -> ") for p in paths)
    assert "seed: 5 -> cleared" in paths
    assert any(p.startswith("overrides['a']: '1' -> ") for p in paths)
    viewer = service_pb2.ScoreRequest(viewer=common_pb2.Viewer(seat=2))
    paths = [path for _, path in mutations(viewer, random.Random(1), 60)]
    assert "viewer.viewer: seat -> spectator (default)" in paths
    assert "viewer.viewer: seat -> cleared" in paths
    assert any(p.startswith("viewer.seat: 2 -> ") for p in paths)


def test_strings_are_replaced_by_strings_of_the_same_message() -> None:
    message = common_pb2.GameInfo(game_id="alpha", title="beta", rules_version="gamma", variants=["delta"])
    found = {"alpha", "beta", "gamma", "delta"}
    values = [
        path.split(" -> ")[1].strip("'")
        for _, path in mutations(message, random.Random(3), 200)
        if re.match(r"(game_id|title|rules_version|variants\[0\]): '", path)
    ]
    assert sum(v in found for v in values) > len(values) // 3


@pytest.mark.parametrize("game_id", GAMES)
def test_cross_swaps_move_values_between_collections_of_one_type(game_id: str) -> None:
    message = getattr(game_state(game_id), game_id)
    copies = cross_swaps(message, random.Random(2), 50, prefix=game_id)
    assert len(copies) == 50
    assert fingerprint(cross_swaps(message, random.Random(2), 50, prefix=game_id)) == fingerprint(copies)
    for copy, path in copies:
        left, right = path.split(" <-> ")
        assert left.rsplit("[", 1)[0] != right.rsplit("[", 1)[0], "two different collections"
        assert copy != message
        assert inventory(copy) == inventory(message), "values move; none is made or lost"


def inventory(message: Message) -> Counter[tuple[str, object]]:
    """Every scalar value in ``message`` (recursively, by type) and every collection's length (by field)."""
    out: Counter[tuple[str, object]] = Counter()
    for fd, value in message.ListFields():
        items = list(value) if fd.is_repeated else [value]
        if fd.is_repeated:
            out[(f"length of {fd.full_name}", len(items))] += 1
        for item in items:
            if isinstance(item, Message):
                out += inventory(item)
            else:
                out[(type(item).__name__, item)] += 1
    return out


def test_corrupt_and_random_bytes() -> None:
    data = service_pb2.LegalMovesRequest(seat=1).SerializeToString() + b"payload" * 10
    corrupted = [corrupt_bytes(data, random.Random(i)) for i in range(200)]
    assert all(c != data for c in corrupted)
    assert corrupted == [corrupt_bytes(data, random.Random(i)) for i in range(200)]
    assert len({len(c) for c in corrupted}) > 5, "bytes are inserted, deleted and truncated"
    assert corrupt_bytes(b"", random.Random(1)) != b""
    assert len(random_bytes(random.Random(1), 33)) == 33
    assert random_bytes(random.Random(1), 33) == random_bytes(random.Random(1), 33)


@pytest.mark.parametrize("game_id", GAMES)
def test_playout_states_play_to_the_end(game_id: str) -> None:
    setup = next(s for s in setup_sample(2) if s.game_id == game_id and s.seed is None)
    engine = setup.engine
    every = playout_states(engine, setup.players, setup.options, None, bot_seed=3)
    assert not engine.pending(every[-1]).seats, "the last state is the end of the game"
    assert every[0] == setup.new_game()
    assert playout_states(engine, setup.players, setup.options, None, bot_seed=3) == every
    assert playout_states(engine, setup.players, setup.options, None, bot_seed=3, every=5) == every[::5]
    spread = playout_states(engine, setup.players, setup.options, None, bot_seed=3, limit=7)
    assert len(spread) == 7 and spread[0] == every[0] and all(s in every for s in spread)
