"""What every conformance test shares: the setups (every registered game, every player count, a
spread of options, both chance modes), proto helpers, near-miss moves, a per-call time bound,
and the record of what a mutated state made an engine do.

Nothing here names a game: everything is derived from ``registry.engines()`` (and the test-only games
of ``tests.tinygame``) and each engine's ``info``, so a game is covered by registering it.

A game with a member in the contract (``GameState``'s ``state`` oneof) travels as its proto through
``GameBinding``; a game without one (``tests.tinygame``, which is not shipped) travels as its msgspec
structs through ``tests.conformance.structs.StructBinding``: round trips through MessagePack, single-field
changes and swaps of the struct, near misses by changes of the move struct. The helpers below
(``state_bytes``, ``round_trips``, ``mutated_states``, ``swapped_states``, ``near_misses``, ...) take
either binding. Only the engine-level tests play such a game: whatever starts a server
(``test_server``, ``test_pictures``) or exercises the proto mutation library (``test_mutation_library``)
is parametrized over ``CONTRACTED``, the games the contract carries.
"""

from __future__ import annotations

import contextlib
import random
import signal
import threading
import time
import traceback
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property
from typing import Any

import msgspec
from rulesengine.v1 import service_pb2

from engines import registry
from engines.core.engine import CHANCE
from engines.core.errors import IllegalMove, StateInvalid
from server.binding import GameBinding
from server.convert import ConversionError
from tests import tinygame
from tests.conformance import structs
from tests.conformance.structs import StructBinding
from tools.message_mutations import cross_swaps, mutations

#: Longest an engine call on one state may take before it counts as a hang.
CALL_SECONDS = 2.0
#: A test stops exploring after this many hangs (each costs the whole time bound).
MAX_HANGS = 3
#: A random playout that has not ended after this many moves fails.
MAX_MOVES = 20_000

Binding = GameBinding | StructBinding


def has_contract(game_id: str) -> bool:
    """Whether the contract carries ``game_id`` (a member of ``GameState``'s ``state`` oneof)."""
    return any(fd.name == game_id for fd in service_pb2.GameState.DESCRIPTOR.oneofs_by_name["state"].fields)


ENGINES: dict[str, Any] = {**registry.engines(), **tinygame.ENGINES}
#: The games a server can serve (the contract carries them); the others are played at the engine level only.
CONTRACTED: tuple[str, ...] = tuple(game_id for game_id in ENGINES if has_contract(game_id))
BINDINGS: dict[str, Binding] = {
    game_id: GameBinding(engine) if has_contract(game_id) else StructBinding(engine)
    for game_id, engine in ENGINES.items()
}


# ---- setups -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Setup:
    """One game to play: a registered game, a player count, option overrides and a chance mode."""

    game_id: str
    players: int
    overrides: tuple[tuple[str, str], ...]
    seed: int | None
    bot_seed: int

    @property
    def engine(self) -> Any:
        return ENGINES[self.game_id]

    @property
    def binding(self) -> Any:
        """The game's ``GameBinding`` (a ``StructBinding`` for a game the contract does not carry)."""
        return BINDINGS[self.game_id]

    @property
    def contracted(self) -> bool:
        return self.game_id in CONTRACTED

    @property
    def options(self) -> dict[str, str]:
        return dict(self.overrides)

    @property
    def id(self) -> str:
        mode = "seeded" if self.seed is not None else "external"
        options = ",".join(f"{k}={v}" for k, v in self.overrides) or "defaults"
        return f"{self.game_id}-{self.players}p-{mode}-{options}"

    @cached_property
    def seats(self) -> range:
        """The seats at the table, as the game declares them: the players, and in a solo game also the
        automated opponent the engine plays for itself."""
        return range(len(self.engine.seats(self.new_game())))

    def new_game(self) -> Any:
        """The first state (``StateInvalid`` for a setup the engine refuses)."""
        return self.engine.new_game(self.engine.make_options(self.players, self.options), self.seed)


def option_variations(info: Any) -> list[dict[str, str]]:
    """One override per option value worth playing: each bool flipped, each choice of a choice
    option, an int option one above its default, and each variant (the option choice that names
    it). List-valued options are not varied (their valid values are game content, which
    ``info`` does not describe); the variants cover them."""
    out: list[dict[str, str]] = []
    for option in info.options:
        if option.type == "bool":
            out.append({option.name: "false" if option.default == "true" else "true"})
        elif option.type == "int":
            out.append({option.name: str(int(option.default) + 1)})
        elif option.type == "string" and option.choices:
            out += [{option.name: choice} for choice in option.choices if choice != option.default]
    for variant in info.variants:
        named = variant_override(info, variant)
        if named is not None and named not in out and not _is_default(info, named):
            out.append(named)
    return out


def _is_default(info: Any, overrides: dict[str, str]) -> bool:
    defaults = {option.name: option.default for option in info.options}
    return all(defaults.get(name) == value for name, value in overrides.items())


def variant_override(info: Any, variant: str) -> dict[str, str] | None:
    """The override that selects ``variant``: the first choice option offering it (None: no option does)."""
    for option in info.options:
        if option.type == "string" and variant in option.choices:
            return {option.name: variant}
    return None


def _accepts(game_id: str, players: int, overrides: dict[str, str]) -> bool:
    engine = ENGINES[game_id]
    try:
        engine.new_game(engine.make_options(players, overrides), None)
    except StateInvalid:
        return False
    return True


@cache
def setups() -> tuple[Setup, ...]:
    """Every game with every player count in both chance modes: per player count, one mode keeps
    the default options and the other (alternating) carries a share of the option variations, dealt
    round-robin so each variation is played once and setups combine several; a variation that the
    combination or the player count refuses moves to the next setup (or gets one of its own)."""
    out: list[Setup] = []
    for game_id, engine in ENGINES.items():
        info = engine.info
        counts = list(range(info.min_players, info.max_players + 1))
        slots: list[tuple[int, int | None, dict[str, str]]] = []
        for c, players in enumerate(counts):
            seeded, external = (players, 1000 + players), (players, None)
            plain, varied = (seeded, external) if c % 2 == 0 else (external, seeded)
            out.append(Setup(game_id, plain[0], (), plain[1], bot_seed=len(out)))
            slots.append((varied[0], varied[1], {}))
        for i, variation in enumerate(option_variations(info)):
            for shift in range(len(slots)):
                players, seed, combined = slots[(i + shift) % len(slots)]
                if not set(variation) & set(combined) and _accepts(game_id, players, {**combined, **variation}):
                    combined.update(variation)
                    break
            else:
                lone = next((n for n in counts if _accepts(game_id, n, variation)), None)
                if lone is not None:
                    slots.append((lone, None, dict(variation)))
        for players, seed, combined in slots:
            out.append(Setup(game_id, players, tuple(sorted(combined.items())), seed, bot_seed=len(out)))
    return tuple(out)


def unplayable_variations() -> list[tuple[str, dict[str, str]]]:
    """Option variations no player count accepts (an advertised value nobody can play)."""
    out = []
    for game_id, engine in ENGINES.items():
        info = engine.info
        for overrides in option_variations(info):
            if not any(_accepts(game_id, n, overrides) for n in range(info.min_players, info.max_players + 1)):
                out.append((game_id, overrides))
    return out


def sample(items: Sequence[Any], count: int, rng: random.Random) -> list[Any]:
    """At most ``count`` items, in their order (all of them when there are few)."""
    if len(items) <= count:
        return list(items)
    return [items[i] for i in sorted(rng.sample(range(len(items)), count))]


def setup_sample(count_per_game: int) -> list[Setup]:
    """A few distinct setups per game, half with engine randomness and half with external chance,
    on player counts spread over the range, alternating default options and option variations."""
    out: list[Setup] = []
    for game_id, engine in ENGINES.items():
        counts = list(range(engine.info.min_players, engine.info.max_players + 1))
        for seeded in (True, False):
            mine = [s for s in setups() if s.game_id == game_id and (s.seed is not None) == seeded]
            wanted = min((count_per_game + seeded) // 2, len(mine))
            for i in range(wanted):
                players = counts[i * len(counts) // wanted] if wanted <= len(counts) else counts[i % len(counts)]
                group = [s for s in mine if s.players == players and s not in out] or [s for s in mine if s not in out]
                out.append(group[i % len(group)])
    return out


# ---- proto helpers --------------------------------------------------------------------------------------


def move_key(move: Any) -> bytes:
    """A move's identity (engine moves are msgspec structs)."""
    return msgspec.msgpack.encode(move)


def state_message(binding: GameBinding, state: Any) -> service_pb2.GameState:
    return binding.state_to_proto(state)


def with_game(binding: GameBinding, sub: Any) -> service_pb2.GameState:
    """A ``GameState`` holding ``sub`` as its game's member."""
    message = service_pb2.GameState(game_id=binding.game_id, rules_version=binding.rules_version)
    getattr(message, binding.game_id).CopyFrom(sub)
    return message


def decoded(binding: GameBinding, message: service_pb2.GameState) -> Any | None:
    """The engine state a message holds, or None when it does not convert."""
    try:
        return binding.state_from_proto(message)
    except ConversionError:
        return None


def state_bytes(binding: Binding, state: Any) -> bytes:
    """``state`` as it travels (deterministic bytes): its ``GameState`` proto, or its struct's MessagePack."""
    if isinstance(binding, StructBinding):
        return binding.state_bytes(state)
    return binding.state_to_proto(state).SerializeToString(deterministic=True)


def round_trips(binding: Binding, state: Any) -> list[Any]:
    """``state`` back from the wire: from its proto and from the proto's bytes (from its MessagePack bytes)."""
    if isinstance(binding, StructBinding):
        return [binding.state_from_bytes(binding.state_bytes(state))]
    message = binding.state_to_proto(state)
    back = type(message)()
    back.ParseFromString(message.SerializeToString())
    return [binding.state_from_proto(message), binding.state_from_proto(back)]


def round_trip(binding: Binding, state: Any) -> Any:
    """``state`` back from its proto (from its MessagePack bytes)."""
    if isinstance(binding, StructBinding):
        return binding.state_from_bytes(binding.state_bytes(state))
    return binding.state_from_proto(binding.state_to_proto(state))


def move_bytes(binding: Binding, move: Any) -> bytes:
    """``move`` as it travels (deterministic bytes)."""
    if isinstance(binding, StructBinding):
        return binding.move_bytes(move)
    return binding.move_to_proto(move).SerializeToString(deterministic=True)


def move_round_trip(binding: Binding, move: Any) -> Any:
    """``move`` back from the wire."""
    if isinstance(binding, StructBinding):
        return binding.move_from_bytes(binding.move_bytes(move))
    return binding.move_from_proto(binding.move_to_proto(move))


def swapped_states(binding: Binding, state: Any, rng: random.Random, count: int) -> list[tuple[Any, str]]:
    """Swaps of elements between collections of one type (``cross_swaps`` of the proto, or of the struct) that
    still convert to engine states."""
    return _changed_states(binding, state, rng, count, structs.swaps, cross_swaps)


def mutated_states(binding: Binding, state: Any, rng: random.Random, count: int) -> list[tuple[Any, str]]:
    """Single-field mutations of ``state`` through its proto (of its struct, for a game without a proto) that
    still convert to engine states."""
    return _changed_states(binding, state, rng, count, structs.changes, mutations)


def _changed_states(
    binding: Binding,
    state: Any,
    rng: random.Random,
    count: int,
    on_struct: Callable[..., list[tuple[Any, str]]],
    on_proto: Callable[..., Iterable[tuple[Any, str]]],
) -> list[tuple[Any, str]]:
    """The states that ``on_struct`` (for a game without a proto) or ``on_proto`` (on the game's proto message)
    makes of ``state``, each with the path it changed, kept when they still convert to engine states."""
    if isinstance(binding, StructBinding):
        changed = on_struct(state, rng, count, prefix=binding.game_id)
        return [(other, path) for value, path in changed if (other := binding.received(value)) is not None]
    sub = getattr(state_message(binding, state), binding.game_id)
    out = []
    for message, path in on_proto(sub, rng, count, prefix=binding.game_id):
        decoded_state = decoded(binding, with_game(binding, message))
        if decoded_state is not None:
            out.append((decoded_state, path))
    return out


# ---- near misses -------------------------------------------------------------------------------------------


def near_misses(
    binding: Binding, seats: int, move: Any, rng: random.Random, count: int, others: Sequence[Any] = ()
) -> list[Any]:
    """Well-formed moves near a legal ``move``: one field of its proto changed (the action switched to
    another kind included), every other of ``seats`` (CHANCE and one past the last seat included), and
    ``others`` (moves of other decisions). For a game without a proto, one place of the move struct is
    changed (its action replaced by one of ``others`` among the changes)."""
    out = [msgspec.structs.replace(move, seat=seat) for seat in range(CHANCE, seats + 1) if seat != move.seat]
    if isinstance(binding, StructBinding):
        pool = structs.Pool([move, *others])
        for changed, _ in structs.changes(move, rng, count, pool=pool):
            received = binding.received(changed, binding.engine.move_type)
            if received is not None:
                out.append(received)
        return out + [msgspec.structs.replace(other, seat=move.seat) for other in others]
    for message, _ in mutations(binding.move_to_proto(move), rng, count):
        with contextlib.suppress(ConversionError):
            out.append(binding.move_from_proto(message))
    out += [msgspec.structs.replace(other, seat=move.seat) for other in others]
    return out


# ---- bounded calls and findings ----------------------------------------------------------------------------


class CallTimedOut(Exception):
    """An engine call did not answer within its time bound."""


@contextlib.contextmanager
def time_bound(seconds: float, what: str) -> Iterator[None]:
    """Raise ``CallTimedOut`` in the calling (main) thread when the block runs longer than
    ``seconds``: a hang fails the test instead of hanging the suite. A timer already running
    (pytest-timeout's) is suspended meanwhile and resumed afterwards."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def expire(signum: int, frame: Any) -> None:
        raise CallTimedOut(f"{what} gave no answer within {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    outer, _ = signal.getitimer(signal.ITIMER_REAL)
    start = time.monotonic()
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if outer:
            signal.setitimer(signal.ITIMER_REAL, max(outer - (time.monotonic() - start), 0.001))


@dataclass(frozen=True)
class Finding:
    """Something an engine must not do: a game, the change made to a real state, the call, what happened."""

    game_id: str
    mutation: str
    call: str
    problem: str

    def __str__(self) -> str:
        return f"{self.game_id}: {self.mutation} -> {self.call}: {self.problem}"


@dataclass
class Probe:
    """Runs engine calls on one (mutated) state under the time bound; keeps every finding. After a
    hang no further call is made on the state (each would wait out the bound again)."""

    game_id: str
    mutation: str
    findings: list[Finding] = field(default_factory=list)
    hung: bool = False
    seconds: float = CALL_SECONDS

    def fail(self, call: str, problem: str) -> None:
        self.findings.append(Finding(self.game_id, self.mutation, call, problem))

    def run(self, call: str, fn: Callable[..., Any], *args: Any, allowed: tuple[type[Exception], ...] = ()) -> Any:
        """``fn(*args)``, or None when it raised an ``allowed`` exception (the engine's documented
        refusals) or failed (recorded)."""
        if self.hung:
            return None
        try:
            with time_bound(self.seconds, call):
                return fn(*args)
        except allowed:
            return None
        except CallTimedOut:
            self.hung = True
            self.fail(call, f"no answer within {self.seconds} s")
        except Exception as exc:
            where = traceback.extract_tb(exc.__traceback__)[-1]
            self.fail(call, f"{type(exc).__name__}: {exc} (at {where.filename}:{where.lineno})")
        return None

    def accepts(self, engine: Any, state: Any, after: str = "") -> bool:
        """Whether ``engine.check`` accepts ``state`` (anything but ``StateInvalid`` is a finding).
        ``after`` names the listed move that led to ``state``: then a refusal is a finding too (closure)."""
        refusal: list[StateInvalid] = []
        known = len(self.findings)

        def check() -> None:
            try:
                engine.check(state)
            except StateInvalid as exc:
                refusal.append(exc)

        self.run("check", check)
        failed = len(self.findings) > known
        if refusal and after:
            self.fail(
                "closure", f"check refuses the state after listed move {after}: {refusal[0]} [{refusal[0].field}]"
            )
        return not refusal and not failed


def hangs(findings: Sequence[Finding]) -> int:
    """How many of ``findings`` are hangs."""
    return sum(f.problem.startswith("no answer within") for f in findings)


#: The engine's documented refusals.
REFUSALS: tuple[type[Exception], ...] = (StateInvalid, IllegalMove)
