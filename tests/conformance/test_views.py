"""Views leak nothing, for every registered game.

For a real state S and a seat k, mutated states S' (single-field changes of S's proto, and swaps of
elements between repeated fields of the same type, converted back and accepted by ``check``) with
``view(S', k) == view(S, k)`` differ from S only in what k cannot see. Everything k can learn must
then be the same: the view, k's legal moves (as the server sends them: proto bytes, in order), the
score and pending decision of the view, and ``validate`` of k's moves and of near misses of them.

Besides mutations, siblings serve as variants: the states different legal moves lead to from one
state (another seat's secret commitment, a different card drawn) often differ only in what a seat
cannot see.

A property that never triggers proves nothing: a setup whose views hide something (a view differs
from the state beyond the view markers and the never-shown fields such as the PRNG) must have
exercised at least ``MIN_HIDDEN_VARIANTS`` such hidden-only variants that change something a view
shows masked.

A game the contract does not carry (``support.CONTRACTED``) is explored through its structs instead of its
proto (``tests.conformance.structs``: marker fields, substance, masked places and changes of the struct).
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field
from typing import Any

import msgspec
import pytest
from google.protobuf.message import Message

from engines.core.errors import Violation
from engines.core.text import LogEntry
from tests.conformance import structs
from tests.conformance.conftest import unknown
from tests.conformance.support import (
    ENGINES,
    MAX_HANGS,
    REFUSALS,
    Finding,
    Probe,
    Setup,
    decoded,
    hangs,
    move_bytes,
    mutated_states,
    near_misses,
    sample,
    setup_sample,
    swapped_states,
    with_game,
)
from tools.message_mutations import cross_swaps, mutations, playout_states

#: Setups per game, states per setup, and mutated copies per state (single-field, swaps).
SETUPS_PER_GAME = 6
STATES = 10
#: States of the playout considered (evenly spread); those whose views hide something are preferred.
CANDIDATES = 60
SINGLE_CHANGES = 30
SWAPS = 30
#: Per seat, masked parts of the state whose fields are changed, and changes per part.
FOCUSED_NODES = 3
FOCUSED_CHANGES = 4
#: Successors of one state (by different legal moves) compared with each other.
SIBLINGS = 12
#: Of k's moves, how many (and near misses of each) are validated in both states.
MOVES_COMPARED = 4
NEAR_MISS_COPIES = 4
#: Hidden-only variants each setup with hidden information must exercise.
MIN_HIDDEN_VARIANTS = 10


def marker_fields(setup: Setup, engine: Any, states: list[Any]) -> set[str]:
    """Top-level fields of the game's message that say nothing about the game: set in states but
    in no view (never shown, e.g. the PRNG), or set in views but in no state (the view markers)."""
    binding = setup.binding
    if isinstance(binding, structs.StructBinding):
        return structs.marker_fields(states, [engine.view(s, k) for s in states for k in (None, *setup.seats)])
    in_states: set[str] = set()
    in_views: set[str] = set()
    for state in states:
        in_states |= {fd.name for fd, _ in getattr(binding.state_to_proto(state), setup.game_id).ListFields()}
        for seat in (None, *setup.seats):
            view = getattr(binding.state_to_proto(engine.view(state, seat)), setup.game_id)
            in_views |= {fd.name for fd, _ in view.ListFields()}
    return in_states ^ in_views


def substance(message: Message, markers: set[str]) -> bytes:
    """The game's message without the marker fields, as bytes."""
    copy = type(message)()
    copy.CopyFrom(message)
    for name in markers:
        copy.ClearField(name)
    return copy.SerializeToString(deterministic=True)


def game_substance(setup: Setup, state: Any, markers: set[str]) -> bytes:
    """The game's part of ``state`` (its message, or its struct) without the marker fields, as bytes."""
    if isinstance(setup.binding, structs.StructBinding):
        return structs.substance(state, markers)
    return substance(getattr(setup.binding.state_to_proto(state), setup.game_id), markers)


def seat_answers(
    setup: Setup, engine: Any, state: Any, seat: int, moves: list[Any], probe: Probe
) -> tuple[Any, ...] | None:
    """Everything ``seat`` learns from the service about ``state`` (None: a call failed)."""
    legal = probe.run("legal_moves", engine.legal_moves, state, allowed=REFUSALS)
    view = probe.run("view", engine.view, state, seat)
    if legal is None or view is None:
        return None
    own = [m for m in legal if m.seat == seat]
    mine = [move_bytes(setup.binding, m) for m in own]
    verdicts = [probe.run("validate", engine.validate, state, m) for m in moves]
    return (
        msgspec.msgpack.encode(view),
        mine,
        msgspec.msgpack.encode(probe.run("score", engine.score, view)),
        msgspec.msgpack.encode(probe.run("pending", engine.pending, view)),
        [msgspec.msgpack.encode(v) for v in verdicts],
        msgspec.msgpack.encode(probe.run("labels", engine.labels, state, own)),
    )


def log_answers(engine: Any, state: Any, seat: int, moves: list[Any], probe: Probe) -> dict[bytes, tuple[bytes, bytes]]:
    """For each of ``moves`` (any seat's) legal in ``state``: what ``seat`` sees after it (its view) and the
    log lines ``seat`` is shown (the public line, and the private line when the move is its own)."""
    out: dict[bytes, tuple[bytes, bytes]] = {}
    for move in moves:
        if probe.run("validate", engine.validate, state, move):
            continue
        after = probe.run("apply", engine.apply, state, move, allowed=REFUSALS)
        if after is None:
            continue
        entry = probe.run("log", engine.log, state, move, after)
        shown = (entry.public_line, entry.private_line if move.seat == seat else None)
        out[msgspec.msgpack.encode(move)] = (
            msgspec.msgpack.encode(engine.view(after, seat)),
            msgspec.msgpack.encode(shown),
        )
    return out


def seat_moves(setup: Setup, engine: Any, state: Any, seat: int, rng: random.Random) -> list[Any]:
    """Moves ``seat`` could send: its legal moves (or other seats' as its own) and near misses."""
    legal = list(engine.legal_moves(state))
    mine = [m for m in legal if m.seat == seat] or [msgspec.structs.replace(m, seat=seat) for m in legal]
    out: list[Any] = []
    for move in sample(mine, MOVES_COMPARED, rng):
        out.append(move)
        out += [m for m in near_misses(setup.binding, setup.players, move, rng, NEAR_MISS_COPIES) if m.seat == seat]
    return out


Steps = tuple[tuple[str, int | None], ...]


def masked_nodes(state: Message, view: Message, skip: set[str], steps: Steps = ()) -> list[tuple[Steps, set[str]]]:
    """Where a view masks: the sub-messages (as steps from the root) whose own fields it changed, with
    those fields. ``skip`` names fields of the root to leave out (the marker fields)."""
    out: list[tuple[Steps, set[str]]] = []
    direct: set[str] = set()
    for fd in state.DESCRIPTOR.fields:
        if fd.name in skip:
            continue
        mine, theirs = getattr(state, fd.name), getattr(view, fd.name)
        if fd.message_type is None or fd.message_type.GetOptions().map_entry:
            if mine != theirs:
                direct.add(fd.name)
        elif fd.is_repeated:
            if len(mine) != len(theirs):
                direct.add(fd.name)
                continue
            for i, (a, b) in enumerate(zip(mine, theirs, strict=True)):
                if a != b:
                    out += masked_nodes(a, b, set(), (*steps, (fd.name, i)))
        elif state.HasField(fd.name) and view.HasField(fd.name):
            if mine != theirs:
                out += masked_nodes(mine, theirs, set(), (*steps, (fd.name, None)))
        elif state.HasField(fd.name) != view.HasField(fd.name):
            direct.add(fd.name)
    return [(steps, direct), *out] if direct else out


def node(root: Message, steps: Steps) -> Message:
    for name, at in steps:
        value = getattr(root, name)
        root = value if at is None else value[at]
    return root


def focused(
    message: Message, view: Message, markers: set[str], rng: random.Random, prefix: str
) -> list[tuple[Message, str]]:
    """Single-field changes of the fields of ``message`` that ``view`` masks."""
    out = []
    for steps, fields in sample(masked_nodes(message, view, markers), FOCUSED_NODES, rng):
        path = ".".join([prefix, *(name if at is None else f"{name}[{at}]" for name, at in steps)])
        changes = mutations(node(message, steps), rng, FOCUSED_CHANGES * 5, prefix=path)
        inside = [(c, d) for c, d in changes if d[len(path) + 1 :].split(":")[0].split("[")[0].split(".")[0] in fields]
        for changed, description in inside[:FOCUSED_CHANGES]:
            copy = type(message)()
            copy.CopyFrom(message)
            node(copy, steps).CopyFrom(changed)
            out.append((copy, description))
    return out


@dataclass
class Exploration:
    """What exploring one setup's views found."""

    visited: int = 0
    hiding: int = 0
    exercised: int = 0
    leaks: list[str] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)


def compare(
    setup: Setup, engine: Any, state: Any, variants: list[tuple[Any, str]], markers: set[str], rng: random.Random
) -> Exploration:
    """For each seat k and each variant accepted by ``check`` whose view for k equals ``state``'s, the
    differences in what k learns; counts the variants that differ beyond the marker fields."""
    seats = setup.seats
    out = Exploration()
    base = game_substance(setup, state, markers)
    views = {k: engine.view(state, k) for k in seats}
    moves = {k: seat_moves(setup, engine, state, k, rng) for k in seats}
    base_probe = Probe(setup.game_id, "none (the state itself)")
    answers = {k: seat_answers(setup, engine, state, k, moves[k], base_probe) for k in seats}
    logged_moves = sample(list(engine.legal_moves(state)), MOVES_COMPARED * 2, rng)
    logs = {k: log_answers(engine, state, k, logged_moves, base_probe) for k in seats}
    out.findings += base_probe.findings
    for other, path in variants:
        probe = Probe(setup.game_id, path)
        if probe.accepts(engine, other) and other != state:
            for k in seats:
                if probe.run("view", engine.view, other, k) != views[k]:
                    continue
                out.exercised += game_substance(setup, other, markers) != base
                mine, got = answers[k], seat_answers(setup, engine, other, k, moves[k], probe)
                if mine is not None and got is not None and got != mine:
                    names = ("view", "legal moves", "score", "pending", "validate", "labels")
                    what = [name for name, a, b in zip(names, mine, got, strict=True) if a != b]
                    out.leaks.append(f"seat {k} after {path}: {', '.join(what)} differ")
                theirs = log_answers(engine, other, k, logged_moves, probe)
                for key, (view_after, lines) in logs[k].items():
                    if key in theirs and theirs[key][0] == view_after and theirs[key][1] != lines:
                        out.leaks.append(f"seat {k} after {path}: the log of {msgspec.msgpack.decode(key)} differs")
        out.findings += probe.findings
        if hangs(out.findings) >= MAX_HANGS:
            break
    return out


def mutated(setup: Setup, state: Any, markers: set[str], rng: random.Random) -> list[tuple[Any, str]]:
    """Variants of ``state`` through its proto: single-field changes anywhere, swaps between
    collections, and single-field changes of what some seat's view masks."""
    binding = setup.binding
    if isinstance(binding, structs.StructBinding):
        out = mutated_states(binding, state, rng, SINGLE_CHANGES) + swapped_states(binding, state, rng, SWAPS)
        pool = structs.Pool([state])
        for k in setup.seats:
            view = setup.engine.view(state, k)
            changes = structs.focused(state, view, markers, rng, FOCUSED_NODES, FOCUSED_CHANGES, pool, setup.game_id)
            out += [(other, path) for changed, path in changes if (other := binding.received(changed)) is not None]
        return out
    message = getattr(binding.state_to_proto(state), setup.game_id)
    variants = mutations(message, rng, SINGLE_CHANGES, prefix=setup.game_id)
    variants += cross_swaps(message, rng, SWAPS, prefix=setup.game_id)
    for k in setup.seats:
        view_message = getattr(binding.state_to_proto(setup.engine.view(state, k)), setup.game_id)
        variants += focused(message, view_message, markers, rng, setup.game_id)
    out = []
    for changed, path in variants:
        other = decoded(binding, with_game(binding, changed))
        if other is not None:
            out.append((other, path))
    return out


def explore(setup: Setup, engine: Any) -> Exploration:
    """Hidden-only variants of states of one playout of ``setup`` with ``engine``, and what differed.

    Two sources of variants: mutations of a state's proto (``mutated``), and siblings: the states
    that different legal moves lead to from one state (another seat's secret choice, a different
    draw), compared with the first of them."""
    rng = random.Random(setup.bot_seed)
    visited = playout_states(
        engine, setup.players, setup.options, setup.seed, bot_seed=setup.bot_seed, limit=CANDIDATES
    )
    markers = marker_fields(setup, engine, visited)
    out = Exploration(visited=len(visited))
    hiding: list[Any] = []
    for state in visited:
        views = [engine.view(state, k) for k in setup.seats]
        if any(game_substance(setup, v, markers) != game_substance(setup, state, markers) for v in views):
            hiding.append(state)
    out.hiding = len(hiding)
    for state in sample(hiding, STATES, rng) + sample([s for s in visited if s not in hiding], 2, rng):
        found = [compare(setup, engine, state, mutated(setup, state, markers, rng), markers, rng)]
        legal = list(engine.legal_moves(state))
        siblings = [(engine.apply(state, m), f"the move {m} instead") for m in sample(legal, SIBLINGS, rng)]
        if len(siblings) >= 2:
            found.append(compare(setup, engine, siblings[0][0], siblings[1:], markers, rng))
        for part in found:
            out.exercised += part.exercised
            out.leaks += part.leaks
            out.findings += part.findings
        if hangs(out.findings) >= MAX_HANGS:
            break
    return out


@pytest.mark.parametrize("setup", setup_sample(SETUPS_PER_GAME), ids=lambda s: s.id)
def test_views_leak_nothing(setup: Setup) -> None:
    found = explore(setup, setup.engine)
    assert not found.leaks, found.leaks[:10]
    assert not unknown(found.findings), [str(f) for f in unknown(found.findings)][:10]
    if found.hiding:
        assert found.exercised >= MIN_HIDDEN_VARIANTS, (
            f"{found.hiding} of {found.visited} states hide something, but only {found.exercised} "
            "hidden-only variants were exercised"
        )


class LeakyEngine:
    """A real engine whose refusals name a hash of the whole state: a leak the test must catch."""

    def __init__(self, engine: Any) -> None:
        self._engine = engine

    def __getattr__(self, name: str) -> Any:
        return getattr(self._engine, name)

    def validate(self, state: Any, move: Any) -> list[Violation]:
        found = self._engine.validate(state, move)
        if not found:
            return found
        secret = hashlib.sha256(msgspec.msgpack.encode(state)).hexdigest()[:8]
        return [*found, Violation("LEAK", f"state {secret}")]


@pytest.mark.parametrize("game_id", sorted(ENGINES))
def test_a_leak_is_caught(game_id: str) -> None:
    setup = next(s for s in setup_sample(SETUPS_PER_GAME) if s.game_id == game_id and s.players > 2)
    found = explore(setup, LeakyEngine(setup.engine))
    assert any("validate" in leak for leak in found.leaks)


class TattlingLog:
    """A real engine whose public log line names a hash of the whole state: a leak the test must catch."""

    def __init__(self, engine: Any) -> None:
        self._engine = engine

    def __getattr__(self, name: str) -> Any:
        return getattr(self._engine, name)

    def log(self, before: Any, move: Any, after: Any) -> LogEntry:
        entry = self._engine.log(before, move, after)
        secret = hashlib.sha256(msgspec.msgpack.encode(before)).hexdigest()[:8]
        public = msgspec.structs.replace(entry.public_line, english=f"{entry.public_line.english} {secret}")
        return msgspec.structs.replace(entry, public_line=public)


@pytest.mark.parametrize("game_id", sorted(ENGINES))
def test_a_log_leak_is_caught(game_id: str) -> None:
    setup = next(s for s in setup_sample(SETUPS_PER_GAME) if s.game_id == game_id and s.players > 2)
    found = explore(setup, TattlingLog(setup.engine))
    assert any("the log of" in leak for leak in found.leaks)
