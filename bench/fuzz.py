"""Fuzz a running server: random bytes, mutated requests and mutated mid-game states sent to every
RPC of every game, with every outcome counted by status code.

Starts ``rules-engine serve`` on a free port of 127.0.0.1 (unless ``--target`` names a server
already running there) and, to check the states it returns, a second one with ``--state-memo 0``
(the memo would let a state the server itself made skip the check; with ``--state-memo 0`` the
first server checks them itself). The RPCs come from the service descriptor, the games from
``ListGames``. For every game, round after round, it sends:

* ``random``: random bytes as the request body of every RPC (a stream of them to
  ``ReplayGameStream``), through a raw channel so that they reach the server unparsed;
* ``mutated``: a valid request of every RPC (a setup, a real state with a real move, viewer or
  seat, a game record) with its bytes corrupted or one field changed (``bench.mutation``);
* ``state``: a real mid-game state with one field changed (or two values of the same type
  exchanged between collections), sent to every RPC that takes a state; the move sent to
  ``ValidateMove`` and ``ApplyMove`` is one ``LegalMoves`` offered for the changed state.

Every call has a deadline. A call that times out or finds the server unavailable is sent again
alone after a restart (when the server is ours), so a request that wedges or kills the server is
told from its victims. Every state ``NewGame``, ``ApplyMove`` or ``ReplayGame(Stream)`` returns is
sent back to ``LegalMoves`` on the memo-off server.

The run fails (exit status 1) on any INTERNAL or UNKNOWN, a hang (a deadline exceeded that the
client did not cause: its deadlines are far above any real call), a returned state that the
server refuses when sent back, a server that dies, or one that does not stop within its grace
period + 1 s of SIGTERM at the end. ``--save DIR`` keeps one request of each kind of failure,
``--replay FILE`` sends it again.

Run: ``.venv/bin/python -m bench.fuzz --requests 20000 --seed 1``.
"""

from __future__ import annotations

import argparse
import base64
import collections
import contextlib
import dataclasses
import json
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent import futures
from pathlib import Path
from typing import Any, TextIO

import grpc
from google.protobuf import empty_pb2, message_factory
from google.protobuf.message import DecodeError, Message
from grpc_health.v1 import health_pb2, health_pb2_grpc
from rulesengine.v1 import common_pb2, service_pb2

from bench import mutation
from bench.server_bench import free_port
from engines import registry
from server.binding import GameBinding

SERVICE = service_pb2.DESCRIPTOR.services_by_name["RulesEngineService"]
#: Every RPC of the service, in the order of the contract.
RPCS: tuple[str, ...] = tuple(method.name for method in SERVICE.methods)
#: RPCs whose request is a stream of messages.
STREAMING = frozenset(method.name for method in SERVICE.methods if method.client_streaming)
#: RPCs whose request carries a ``GameState`` in its ``state`` field.
STATE_RPCS: tuple[str, ...] = tuple(
    method.name
    for method in SERVICE.methods
    if "state" in method.input_type.fields_by_name
    and method.input_type.fields_by_name["state"].message_type is service_pb2.GameState.DESCRIPTOR
)
#: Where a playable state sits in the response of the RPCs that return one (views are not playable).
RETURNED_STATE: dict[str, tuple[str, ...]] = {
    "NewGame": ("state",),
    "ApplyMove": ("state",),
    "ReplayGame": ("result", "state"),
    "ReplayGameStream": ("result", "state"),
}
#: The kinds of request.
KINDS = ("random", "mutated", "state")
#: Outcome labels that fail the run (besides these status codes, ``hang``).
FAILING_CODES = frozenset({"INTERNAL", "UNKNOWN", "hang"})
#: Changed states per game and round (each goes to every state-taking RPC).
STATE_JOBS_PER_ROUND = 3
#: The longest record prefix streamed to ``ReplayGameStream`` (one message per move).
STREAM_MOVES = 200

_RESPONSES = {method.name: message_factory.GetMessageClass(method.output_type) for method in SERVICE.methods}
_REQUESTS = {method.name: message_factory.GetMessageClass(method.input_type) for method in SERVICE.methods}

Cell = tuple[str, str, str]
"""(game, rpc, kind)."""


# ---- servers -----------------------------------------------------------------------------------------


def rss_kib(pid: int) -> int | None:
    """VmRSS of ``pid`` and of its child processes (workers), KiB; ``None`` once it is gone."""
    total = _vmrss(pid)
    if total is None:
        return None
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, IndexError, ValueError):
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                total += _vmrss(int(stat.parent.name)) or 0
    return total


def _vmrss(pid: int) -> int | None:
    try:
        lines = Path(f"/proc/{pid}/status").read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return None


def serve_command() -> list[str]:
    """``rules-engine`` of this virtualenv, else the module run by this interpreter."""
    script = Path(sys.executable).with_name("rules-engine")
    return [str(script)] if script.exists() else [sys.executable, "-m", "server.cli"]


@dataclasses.dataclass
class Shutdown:
    """How a server we started stopped on SIGTERM."""

    label: str
    in_time: bool
    seconds: float
    returncode: int | None
    after_hang: bool


class ServerProcess:
    """``rules-engine serve`` on a free port of 127.0.0.1, logging to a file, restartable."""

    def __init__(self, label: str, flags: list[str], grace: float, log_dir: Path) -> None:
        self.label = label
        self.flags = flags
        self.grace = grace
        self.log_dir = log_dir
        self.logs: list[Path] = []
        self.process: subprocess.Popen[bytes] | None = None
        self.port = 0
        self.shutdowns: list[Shutdown] = []

    @property
    def target(self) -> str:
        return f"127.0.0.1:{self.port}"

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def start(self, timeout: float = 60.0) -> None:
        """Start and wait until health reports SERVING."""
        self.port = free_port()
        log = self.log_dir / f"{self.label}-{len(self.logs)}.log"
        self.logs.append(log)
        argv = [*serve_command(), "serve", "--host", "127.0.0.1", "--port", str(self.port), "--log-level", "warning"]
        argv += ["--grace-seconds", str(self.grace), *self.flags]
        with log.open("wb") as sink:
            self.process = subprocess.Popen(argv, stdout=sink, stderr=subprocess.STDOUT)
        try:
            wait_serving(self.target, timeout, self.alive)
        except RuntimeError as exc:
            if self.alive():
                self.stop()
            tail = "\n".join(log.read_text(errors="replace").splitlines()[-15:])
            raise RuntimeError(f"{exc}; its output ends:\n{tail}") from exc

    def stop(self, after_hang: bool = False) -> Shutdown:
        """SIGTERM, then wait the grace period + 1 s; kill it if it is still running."""
        assert self.process is not None
        started = time.monotonic()
        in_time = True
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(self.grace + 1)
            except subprocess.TimeoutExpired:
                in_time = False
                self.process.kill()
                self.process.wait(30)
        result = Shutdown(self.label, in_time, time.monotonic() - started, self.process.returncode, after_hang)
        self.shutdowns.append(result)
        return result

    def restart(self, after_hang: bool) -> None:
        self.stop(after_hang)
        self.start()


def wait_serving(target: str, timeout: float, alive: Callable[[], bool] = lambda: True) -> None:
    """Wait until ``grpc.health.v1`` reports SERVING at ``target``."""
    deadline = time.monotonic() + timeout
    with grpc.insecure_channel(target) as channel:
        health = health_pb2_grpc.HealthStub(channel)
        while time.monotonic() < deadline:
            if not alive():
                raise RuntimeError(f"the server for {target} exited during start-up")
            with contextlib.suppress(grpc.RpcError):
                if (
                    health.Check(health_pb2.HealthCheckRequest(), timeout=1).status
                    == health_pb2.HealthCheckResponse.SERVING
                ):
                    return
            time.sleep(0.1)
    raise RuntimeError(f"the server at {target} did not report SERVING within {timeout:.0f} s")


def serving(target: str, timeout: float = 2.0) -> bool:
    """Whether health at ``target`` answers SERVING within ``timeout``."""
    try:
        wait_serving(target, timeout)
    except RuntimeError:
        return False
    return True


def internal_errors(logs: Iterable[Path]) -> collections.Counter[str]:
    """Server-side INTERNAL errors in JSON log files: exception type, RPC, game and innermost frames."""
    found: collections.Counter[str] = collections.Counter()
    for log in logs:
        with contextlib.suppress(OSError):
            for line in log.read_text(errors="replace").splitlines():
                with contextlib.suppress(ValueError):
                    entry = json.loads(line)
                    if isinstance(entry, dict) and entry.get("event") == "rpc_internal_error":
                        frames = " < ".join(reversed([str(f) for f in entry.get("frames", [])][-2:]))
                        found[f"{entry.get('exc_type')} in {entry.get('rpc')} {entry.get('game', '-')}: {frames}"] += 1
    return found


# ---- calls -------------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Request:
    """One request as sent: raw bytes (several for a streaming RPC), and how it was made."""

    game: str
    rpc: str
    kind: str
    how: str
    payload: tuple[bytes, ...]


@dataclasses.dataclass
class Outcome:
    """What came back: a status code name and, if OK, the response bytes."""

    code: str
    detail: str = ""
    body: bytes | None = None
    rejected: str | None = None
    """Why the memo-off server refused the state the response returned (None: accepted or none)."""
    checked: bool = False
    """The response returned a state and it was sent back."""


class Endpoint:
    """Raw callables for every RPC on one channel: bytes in, bytes out."""

    def __init__(self, target: str) -> None:
        self.target = target
        limit = 64 * 1024 * 1024
        self.channel = grpc.insecure_channel(
            target, options=[("grpc.max_receive_message_length", limit), ("grpc.max_send_message_length", limit)]
        )
        self.methods: dict[str, Any] = {}
        for rpc in RPCS:
            path = f"/{SERVICE.full_name}/{rpc}"
            factory = self.channel.stream_unary if rpc in STREAMING else self.channel.unary_unary
            self.methods[rpc] = factory(path, request_serializer=None, response_deserializer=None)

    def call(self, rpc: str, payload: tuple[bytes, ...], timeout: float) -> Outcome:
        """Send ``payload`` to ``rpc`` with a deadline of ``timeout`` seconds."""
        try:
            if rpc in STREAMING:
                body = self.methods[rpc](iter(payload), timeout=timeout)
            else:
                body = self.methods[rpc](payload[0], timeout=timeout)
        except grpc.RpcError as exc:
            return Outcome(exc.code().name, exc.details() or "")
        return Outcome("OK", body=body)

    def close(self) -> None:
        self.channel.close()


def returned_state(rpc: str, body: bytes) -> service_pb2.GameState | None:
    """The playable state in an OK response of ``rpc``, if it returns one."""
    path = RETURNED_STATE.get(rpc)
    if path is None:
        return None
    message: Any = _RESPONSES[rpc].FromString(body)
    for name in path:
        if not message.HasField(name):
            return None
        message = getattr(message, name)
    assert isinstance(message, service_pb2.GameState)
    return message


# ---- the corpus: real setups, states, moves and records -------------------------------------------------


@dataclasses.dataclass
class Position:
    """A real state of a random game, a sample of its legal moves, and its seat count."""

    state: service_pb2.GameState
    moves: list[service_pb2.Move]
    players: int


@dataclasses.dataclass
class Corpus:
    """Valid material of one game to mutate."""

    game: str
    setups: list[common_pb2.GameSetup]
    positions: list[Position]
    records: list[service_pb2.GameRecord]


def random_overrides(engine: Any, info: common_pb2.GameInfo, players: int, rng: random.Random) -> dict[str, str]:
    """Some options set to another allowed value (only combinations the engine accepts)."""
    overrides: dict[str, str] = {}
    for option in info.options:
        if rng.random() < 0.3:
            if option.choices and not option.type.startswith("list"):
                overrides[option.name] = rng.choice(list(option.choices))
            elif option.type == "bool":
                overrides[option.name] = rng.choice(("true", "false"))
    try:
        engine.new_game(engine.make_options(players, dict(overrides)), 1)
    except Exception:
        return {}
    return overrides


def game_setup(game: str, players: int, overrides: dict[str, str], seed: int | None) -> common_pb2.GameSetup:
    setup = common_pb2.GameSetup(game_id=game, players=players, overrides=overrides)
    if seed is None:
        setup.chance_mode = common_pb2.CHANCE_MODE_EXTERNAL
    else:
        setup.chance_mode = common_pb2.CHANCE_MODE_SEEDED
        setup.seed = seed
    return setup


def play_record(engine: Any, binding: GameBinding, setup: common_pb2.GameSetup, rng: random.Random) -> Any:
    """A ``GameRecord`` of one whole random game from ``setup``."""
    seed = setup.seed if setup.HasField("seed") else None
    state = engine.new_game(engine.make_options(setup.players, dict(setup.overrides)), seed)
    moves: list[service_pb2.Move] = []
    while engine.pending(state).seats and len(moves) < 5000:
        move = rng.choice(list(engine.legal_moves(state)))
        moves.append(binding.move_to_proto(move))
        state = engine.apply(state, move)
    labels = [f"seat {i}" for i in range(setup.players)] if rng.random() < 0.5 else []
    return service_pb2.GameRecord(setup=setup, rules_version=binding.rules_version, moves=moves, seat_labels=labels)


def build_corpus(engine: Any, info: common_pb2.GameInfo, rng: random.Random, per_game: int = 8) -> Corpus:
    """For every player count, a seeded and an external-chance random game: setups, ``per_game``
    positions spread over each game (through ``bench.mutation.playout_states``), and records."""
    binding = GameBinding(engine)
    corpus = Corpus(info.game_id, [], [], [])
    for players in range(info.min_players, info.max_players + 1):
        for seeded in (True, False):
            overrides = random_overrides(engine, info, players, rng)
            seed = rng.randrange(2**32) if seeded else None
            setup = game_setup(info.game_id, players, overrides, seed)
            corpus.setups.append(setup)
            states = mutation.playout_states(
                engine, players, overrides, seed, bot_seed=rng.randrange(2**32), limit=per_game
            )
            for state in states:
                legal = list(engine.legal_moves(state)) if engine.pending(state).seats else []
                sample = rng.sample(legal, min(len(legal), 12))
                moves = [binding.move_to_proto(m) for m in sample]
                corpus.positions.append(Position(binding.state_to_proto(state), moves, players))
            corpus.records.append(play_record(engine, binding, setup, rng))
    return corpus


# ---- requests ----------------------------------------------------------------------------------------


def random_viewer(rng: random.Random, players: int) -> common_pb2.Viewer:
    if rng.random() < 0.25:
        return common_pb2.Viewer(spectator=empty_pb2.Empty())
    return common_pb2.Viewer(seat=rng.randrange(players))


def some_move(position: Position, corpus: Corpus, rng: random.Random) -> service_pb2.Move:
    """A legal move of ``position`` mostly, else a real move of another state of the game."""
    if position.moves and rng.random() < 0.8:
        return rng.choice(position.moves)
    moves = [m for p in corpus.positions for m in p.moves]
    return rng.choice(moves) if moves else service_pb2.Move()


def record_prefix(record: service_pb2.GameRecord, rng: random.Random, longest: int | None = None) -> Any:
    """The record, or a prefix of its moves."""
    count = len(record.moves) if rng.random() < 0.4 else rng.randint(0, len(record.moves))
    if longest is not None:
        count = min(count, longest)
    prefix = service_pb2.GameRecord()
    prefix.CopyFrom(record)
    del prefix.moves[count:]
    return prefix


def render_request(state: service_pb2.GameState, players: int, rng: random.Random) -> service_pb2.RenderViewRequest:
    """A picture request of ``state``: a random viewer, SVG mostly, PNG at a random valid scale sometimes."""
    request = service_pb2.RenderViewRequest(state=state, viewer=random_viewer(rng, players))
    if rng.random() < 0.2:
        request.format = service_pb2.IMAGE_FORMAT_PNG
        request.scale = rng.choice((0.0, 0.25, 0.5, 1.0))
    return request


def valid_request(rpc: str, corpus: Corpus, rng: random.Random) -> list[Message]:
    """A valid request of ``rpc`` for the game of ``corpus`` (several messages for a stream)."""
    position = rng.choice(corpus.positions)
    state = position.state
    if rpc == "ListGames":
        return [service_pb2.ListGamesRequest()]
    if rpc == "DescribeGame":
        return [service_pb2.DescribeGameRequest(game_id=corpus.game)]
    if rpc == "NewGame":
        return [service_pb2.NewGameRequest(setup=rng.choice(corpus.setups))]
    if rpc == "LegalMoves":
        request = service_pb2.LegalMovesRequest(state=state)
        if rng.random() < 0.5:
            request.seat = rng.randrange(-1, position.players)
        return [request]
    if rpc in ("ValidateMove", "ApplyMove"):
        return [_REQUESTS[rpc](state=state, move=some_move(position, corpus, rng))]
    if rpc == "Score":
        request = service_pb2.ScoreRequest(state=state)
        if rng.random() < 0.5:
            request.viewer.CopyFrom(random_viewer(rng, position.players))
        return [request]
    if rpc == "ViewState":
        return [service_pb2.ViewStateRequest(state=state, viewer=random_viewer(rng, position.players))]
    if rpc == "RenderView":
        return [render_request(state, position.players, rng)]
    if rpc == "ReplayGame":
        return [service_pb2.ReplayGameRequest(record=record_prefix(rng.choice(corpus.records), rng))]
    if rpc == "ReplayGameStream":
        record = record_prefix(rng.choice(corpus.records), rng, STREAM_MOVES)
        header = service_pb2.GameRecord()
        header.CopyFrom(record)
        del header.moves[:]
        items = [service_pb2.ReplayGameStreamRequest(header=header)]
        return items + [service_pb2.ReplayGameStreamRequest(move=m) for m in record.moves]
    raise ValueError(f"no valid request for the RPC {rpc}: the fuzz must learn it")


def random_size(rng: random.Random) -> int:
    pick = rng.random()
    if pick < 0.3:
        return rng.randint(0, 16)
    if pick < 0.7:
        return rng.randint(17, 256)
    if pick < 0.95:
        return rng.randint(257, 4096)
    return rng.randint(4097, 65536)


def random_request(game: str, rpc: str, rng: random.Random) -> Request:
    """Random bytes as the body (a stream of one to four such messages for a streaming RPC)."""
    count = rng.randint(1, 4) if rpc in STREAMING else 1
    payload = tuple(mutation.random_bytes(rng, random_size(rng)) for _ in range(count))
    sizes = "+".join(str(len(p)) for p in payload)
    return Request(game, rpc, "random", f"random bytes ({sizes} B)", payload)


def changed(message: Message, rng: random.Random) -> tuple[bytes, str]:
    """``message`` serialized with its bytes corrupted, or with one field changed."""
    data = message.SerializeToString()
    if rng.random() < 0.6:
        found = mutation.mutations(message, rng, 1)
        if found:
            copy, path = found[0]
            return copy.SerializeToString(), f"field {path}"
    return mutation.corrupt_bytes(data, rng), "corrupt bytes"


def mutated_request(game: str, rpc: str, corpus: Corpus, rng: random.Random) -> Request:
    """A valid request of ``rpc`` with one message's bytes corrupted or one of its fields changed."""
    messages = valid_request(rpc, corpus, rng)
    at = rng.randrange(len(messages))
    data, how = changed(messages[at], rng)
    payload = [m.SerializeToString() for m in messages]
    payload[at] = data
    where = f"message {at} of {len(messages)}: " if len(messages) > 1 else ""
    return Request(game, rpc, "mutated", where + how, tuple(payload))


def changed_state(corpus: Corpus, rng: random.Random) -> tuple[Position, service_pb2.GameState, str]:
    """A real state with one field changed, or two values exchanged between collections."""
    for _ in range(20):
        position = rng.choice(corpus.positions)
        make = mutation.cross_swaps if rng.random() < 0.2 else mutation.mutations
        found = make(position.state, rng, 1)
        if found:
            state, path = found[0]
            assert isinstance(state, service_pb2.GameState)
            return position, state, f"state {path}"
    raise RuntimeError(f"no state of {corpus.game} could be changed")


def first_ok_moves(outcome: Outcome) -> list[service_pb2.Move]:
    if outcome.code != "OK" or outcome.body is None:
        return []
    try:
        return list(service_pb2.LegalMovesResponse.FromString(outcome.body).moves)
    except DecodeError:
        return []


# ---- jobs ----------------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Job:
    """Work for one client thread: one request, or for ``state`` one changed state to every
    state-taking RPC in turn. ``index`` seeds its own ``random.Random``, so a job is the same
    whichever thread runs it and whenever."""

    index: int
    game: str
    kind: str
    rpc: str
    size: int


def plan(games: list[str]) -> Iterator[Job]:
    """Rounds over every game: each RPC with random bytes, each RPC mutated, changed states."""
    index = 0
    while True:
        for game in games:
            for kind in KINDS:
                if kind == "state":
                    for _ in range(STATE_JOBS_PER_ROUND):
                        yield Job(index, game, kind, "", len(STATE_RPCS))
                        index += 1
                else:
                    for rpc in RPCS:
                        yield Job(index, game, kind, rpc, 1)
                        index += 1


def expected_cells(games: Iterable[str]) -> set[Cell]:
    """Every (game, rpc, kind) a long enough run exercises."""
    cells = {(g, r, k) for g in games for r in RPCS for k in ("random", "mutated")}
    return cells | {(g, r, "state") for g in games for r in STATE_RPCS}


# ---- findings and the report ----------------------------------------------------------------------------


@dataclasses.dataclass
class Finding:
    """A request that made the run fail."""

    category: str
    request: Request
    code: str
    detail: str

    def group(self) -> tuple[str, str, str, str]:
        """Findings of the same kind: category, RPC, game and the change without indexes or values."""
        how = self.request.how
        prefix = "message: " if re.match(r"message \d+ of \d+: ", how) else ""
        how = re.sub(r"^message \d+ of \d+: ", "", how)
        how = re.sub(r"^random bytes \(.*\)$", "random bytes", how)
        if how.startswith(("field ", "state ")):
            how = how.split(": ", 1)[0]
        return self.category, self.request.rpc, self.request.game, prefix + re.sub(r"\[\d+\]", "[]", how)

    def to_json(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["request"]["payload"] = [base64.b64encode(p).decode() for p in self.request.payload]
        return data


def load_request(path: Path) -> Request:
    """The request of a finding saved by ``--save``."""
    data = json.loads(path.read_text())["request"]
    payload = tuple(base64.b64decode(p) for p in data["payload"])
    return Request(data["game"], data["rpc"], data["kind"], data["how"], payload)


@dataclasses.dataclass
class FuzzReport:
    """Everything a run found."""

    counts: collections.Counter[tuple[str, str, str, str]]
    """(game, rpc, kind, outcome) -> requests; outcome is a status code name or ``hang``."""
    findings: list[Finding]
    expected: set[Cell]
    checked: int
    """Returned states sent back to the memo-off server."""
    rss_before_kib: int | None
    rss_after_kib: int | None
    shutdowns: list[Shutdown]
    restarts: int
    seconds: float
    internal_errors: collections.Counter[str]
    stopped_early: str = ""

    @property
    def requests(self) -> int:
        return sum(self.counts.values())

    def outcomes(self, code: str) -> int:
        return sum(n for (_, _, _, c), n in self.counts.items() if c == code)

    @property
    def exercised(self) -> set[Cell]:
        return {(g, r, k) for (g, r, k, _), n in self.counts.items() if n}

    @property
    def missing(self) -> set[Cell]:
        return self.expected - self.exercised

    def failures(self) -> collections.Counter[str]:
        """Failure category -> count (empty for a clean run)."""
        found = collections.Counter(f.category for f in self.findings)
        for shutdown in self.shutdowns:
            if not shutdown.in_time and not shutdown.after_hang:
                found["slow shutdown"] += 1
        return found

    @property
    def ok(self) -> bool:
        return not self.failures() and not self.stopped_early


# ---- the run ---------------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Settings:
    """What to fuzz and how hard."""

    requests: int = 20_000
    seed: int = 1
    target: str | None = None
    """A running server on 127.0.0.1 (host:port); ``None``: start one."""
    checker: str | None = None
    """A running memo-off server to send returned states to; ``None``: start one (or use ours if memo is off)."""
    workers: int = 1
    threads: int = 4
    state_memo: int | None = None
    """``--state-memo`` of the fuzzed server we start (``None``: its default)."""
    grace: float = 2.0
    clients: int = 4
    deadline: float = 5.0
    max_seconds: float = 1800.0
    progress: int = 1000
    save: Path | None = None


def _local(target: str) -> str:
    host = target.rsplit(":", 1)[0].strip("[]")
    if host not in ("127.0.0.1", "localhost", "::1"):
        raise ValueError(f"the fuzz talks only to this machine; {target} is not on 127.0.0.1")
    return target


class Fuzzer:
    """Runs the jobs against the servers and keeps the tally."""

    def __init__(self, settings: Settings, out: TextIO, log_dir: Path) -> None:
        self.settings = settings
        self.out = out
        self.primary: ServerProcess | None = None
        self.checker: ServerProcess | None = None
        flags = ["--workers", str(settings.workers), "--threads", str(settings.threads)]
        if settings.target is None:
            memo = [] if settings.state_memo is None else ["--state-memo", str(settings.state_memo)]
            self.primary = ServerProcess("fuzzed", flags + memo, settings.grace, log_dir)
        if settings.checker is None and not (settings.target is None and settings.state_memo == 0):
            self.checker = ServerProcess("memo-off", [*flags, "--state-memo", "0"], settings.grace, log_dir)
        self.counts: collections.Counter[tuple[str, str, str, str]] = collections.Counter()
        self.findings: list[Finding] = []
        self.checked = 0
        self.restarts = 0
        self.corpora: dict[str, Corpus] = {}
        self.endpoint: Endpoint | None = None
        self.check_endpoint: Endpoint | None = None

    # -- servers and channels

    def start(self) -> None:
        for server in (self.primary, self.checker):
            if server is not None:
                server.start()
        self._connect()

    def _connect(self) -> None:
        for endpoint in (self.endpoint, self.check_endpoint):
            if endpoint is not None:
                endpoint.close()
        s = self.settings
        target = self.primary.target if self.primary is not None else _local(s.target or "")
        self.endpoint = Endpoint(target)
        if self.checker is not None:
            self.check_endpoint = Endpoint(self.checker.target)
        elif s.checker is not None:
            self.check_endpoint = Endpoint(_local(s.checker))
        else:
            self.check_endpoint = self.endpoint

    def stop(self) -> None:
        for endpoint in (self.endpoint, self.check_endpoint):
            if endpoint is not None:
                endpoint.close()
        for server in (self.primary, self.checker):
            if server is not None and server.process is not None:
                server.stop()

    def rss(self) -> int | None:
        return rss_kib(self.primary.pid) if self.primary is not None and self.primary.alive() else None

    def _restart_primary(self) -> None:
        assert self.primary is not None
        self.primary.restart(after_hang=True)
        self.restarts += 1
        self._connect()

    # -- one request

    def send(self, request: Request) -> Outcome:
        """Send ``request``; for an OK answer with a playable state, send the state back."""
        assert self.endpoint is not None and self.check_endpoint is not None
        outcome = self.endpoint.call(request.rpc, request.payload, self.settings.deadline)
        if outcome.code != "OK" or outcome.body is None:
            return outcome
        try:
            state = returned_state(request.rpc, outcome.body)
        except DecodeError as exc:
            outcome.rejected = f"the response does not parse: {exc}"
            return outcome
        if state is not None:
            check = service_pb2.LegalMovesRequest(state=state).SerializeToString()
            back = self.check_endpoint.call("LegalMoves", (check,), self.settings.deadline)
            outcome.checked = True
            if back.code != "OK":
                outcome.rejected = f"{back.code}: {back.detail}"
        return outcome

    def run_job(self, job: Job) -> list[tuple[Request, Outcome]]:
        rng = random.Random(f"{self.settings.seed}:{job.index}")
        corpus = self.corpora[job.game]
        if job.kind == "random":
            request = random_request(job.game, job.rpc, rng)
            return [(request, self.send(request))]
        if job.kind == "mutated":
            request = mutated_request(job.game, job.rpc, corpus, rng)
            return [(request, self.send(request))]
        return self.run_state_job(job, corpus, rng)

    def run_state_job(self, job: Job, corpus: Corpus, rng: random.Random) -> list[tuple[Request, Outcome]]:
        """One changed state to every state-taking RPC; ``LegalMoves`` first, so the move sent
        to ``ValidateMove`` and ``ApplyMove`` can be one it offered for the changed state."""
        position, state, how = changed_state(corpus, rng)
        done: list[tuple[Request, Outcome]] = []
        offered: list[service_pb2.Move] = []
        for rpc in sorted(STATE_RPCS, key=lambda r: r != "LegalMoves"):
            message: Message
            if rpc == "LegalMoves":
                message = service_pb2.LegalMovesRequest(state=state)
                if rng.random() < 0.3:
                    message.seat = rng.randrange(-1, position.players)
            elif rpc in ("ValidateMove", "ApplyMove"):
                move = rng.choice(offered) if offered and rng.random() < 0.8 else some_move(position, corpus, rng)
                message = _REQUESTS[rpc](state=state, move=move)
            elif rpc == "Score":
                message = service_pb2.ScoreRequest(state=state)
                if rng.random() < 0.5:
                    message.viewer.CopyFrom(random_viewer(rng, position.players))
            elif rpc == "ViewState":
                message = service_pb2.ViewStateRequest(state=state, viewer=random_viewer(rng, position.players))
            elif rpc == "RenderView":
                message = render_request(state, position.players, rng)
            else:
                raise ValueError(f"no changed-state request for the RPC {rpc}: the fuzz must learn it")
            request = Request(job.game, rpc, "state", how, (message.SerializeToString(),))
            outcome = self.send(request)
            if rpc == "LegalMoves":
                offered = first_ok_moves(outcome)
            done.append((request, outcome))
        return done

    # -- the tally

    def record(self, request: Request, outcome: Outcome) -> None:
        code = outcome.code
        self.counts[request.game, request.rpc, request.kind, code] += 1
        self.checked += outcome.checked
        if code in FAILING_CODES:
            self.findings.append(Finding(code, request, code, outcome.detail))
        if outcome.rejected is not None:
            self.findings.append(Finding("returned state rejected", request, code, outcome.rejected))

    def confirm(self, suspects: list[tuple[Request, Outcome]], hard_stop: float) -> str:
        """Send each request that timed out or found no server again, alone, on a fresh server
        (when it is ours; past ``hard_stop`` the first answer stands); returns why the run must
        stop, or ``""``."""
        wedged = True
        for request, first in suspects:
            outcome = first
            if self.primary is not None and time.monotonic() < hard_stop:
                if wedged or not self.primary.alive():
                    self._restart_primary()
                outcome = self.send(request)
            if outcome.code == "DEADLINE_EXCEEDED":
                self.record(request, Outcome("hang", outcome.detail))
                wedged = True
            elif outcome.code == "UNAVAILABLE":
                dead = self.primary is not None and not self.primary.alive()
                self.counts[request.game, request.rpc, request.kind, outcome.code] += 1
                category = "server died" if dead else "UNAVAILABLE"
                self.findings.append(Finding(category, request, outcome.code, outcome.detail))
                wedged = True
            else:
                self.record(request, outcome)
                wedged = False
        if wedged and self.primary is not None:
            self._restart_primary()
        if self.primary is None and self.endpoint is not None and not serving(self.endpoint.target):
            return f"the server at {self.endpoint.target} no longer reports SERVING"
        if self.checker is not None and not serving(self.checker.target):
            self.checker.restart(after_hang=True)
            self._connect()
        return ""

    def run(self) -> FuzzReport:
        s = self.settings
        started = time.monotonic()
        hard_stop = started + s.max_seconds
        self.start()
        rss_before: int | None = None
        rss_after: int | None = None
        stopped = ""
        try:
            assert self.endpoint is not None
            listed = self.endpoint.call("ListGames", (b"",), 30)
            if listed.code != "OK" or listed.body is None:
                raise RuntimeError(f"ListGames failed: {listed.code} {listed.detail}")
            infos = list(service_pb2.ListGamesResponse.FromString(listed.body).games)
            corpus_rng = random.Random(s.seed)
            for info in infos:
                self.corpora[info.game_id] = build_corpus(registry.get(info.game_id), info, corpus_rng)
            games = [info.game_id for info in infos]
            total_states = sum(len(c.positions) for c in self.corpora.values())
            print(
                f"fuzzing {', '.join(games)}: {len(RPCS)} RPCs, {total_states} real states;"
                f" {s.requests} requests, seed {s.seed}, {s.clients} clients, deadline {s.deadline:g} s",
                file=self.out,
                flush=True,
            )
            rss_before = self.rss()
            self._loop(plan(games), hard_stop, time.monotonic())
            rss_after = self.rss()
        except _Stop as stop:
            stopped = str(stop)
            rss_after = self.rss()
        finally:
            self.stop()
        logs = [log for server in (self.primary, self.checker) if server is not None for log in server.logs]
        shutdowns = [d for server in (self.primary, self.checker) if server is not None for d in server.shutdowns]
        return FuzzReport(
            counts=self.counts,
            findings=self.findings,
            expected=expected_cells(self.corpora),
            checked=self.checked,
            rss_before_kib=rss_before,
            rss_after_kib=rss_after,
            shutdowns=shutdowns,
            restarts=self.restarts,
            seconds=time.monotonic() - started,
            internal_errors=internal_errors(logs),
            stopped_early=stopped,
        )

    def _loop(self, jobs: Iterator[Job], hard_stop: float, started: float) -> None:
        s = self.settings
        planned = 0
        next_progress = s.progress
        batch_size = max(1, s.clients) * 8
        with futures.ThreadPoolExecutor(max_workers=max(1, s.clients), thread_name_prefix="fuzz") as pool:
            while planned < s.requests:
                if time.monotonic() > hard_stop:
                    raise _Stop(f"the time limit of {s.max_seconds:g} s ran out after {self.total()} requests")
                batch: list[Job] = []
                while planned < s.requests and len(batch) < batch_size:
                    job = next(jobs)
                    batch.append(job)
                    planned += job.size
                suspects: list[tuple[Request, Outcome]] = []
                for done in pool.map(self.run_job, batch):
                    for request, outcome in done:
                        if outcome.code in ("DEADLINE_EXCEEDED", "UNAVAILABLE"):
                            suspects.append((request, outcome))
                        else:
                            self.record(request, outcome)
                if self.primary is not None and not self.primary.alive() and not suspects:
                    self.findings.append(Finding("server died", batch_request(batch[-1]), "", "exited between calls"))
                    self._restart_primary()
                if suspects and (why := self.confirm(suspects, hard_stop)):
                    raise _Stop(why)
                if self.total() >= next_progress:
                    self.progress(started)
                    while next_progress <= self.total():
                        next_progress += s.progress

    def total(self) -> int:
        return sum(self.counts.values())

    def progress(self, started: float) -> None:
        elapsed = time.monotonic() - started
        codes: collections.Counter[str] = collections.Counter()
        for (_, _, _, code), n in self.counts.items():
            codes[code] += n
        shown = "  ".join(f"{code} {n}" for code, n in codes.most_common())
        rss = self.rss()
        memory = f"  rss {rss / 1024:.0f} MB" if rss is not None else ""
        failures = len(self.findings)
        print(
            f"{self.total():>8}/{self.settings.requests}  {self.total() / elapsed:6.0f} req/s  {shown}"
            f"  | failures {failures}{memory}",
            file=self.out,
            flush=True,
        )


class _Stop(Exception):
    """The run cannot go on (time limit, a server we do not own is down)."""


def batch_request(job: Job) -> Request:
    return Request(job.game, job.rpc or "*", job.kind, f"job {job.index}", ())


def run(settings: Settings, out: TextIO = sys.stdout) -> FuzzReport:
    """Fuzz as ``settings`` say (starting and stopping the servers it needs) and report."""
    if settings.target is not None:
        _local(settings.target)
    with tempfile.TemporaryDirectory(prefix="rules-engine-fuzz-") as log_dir:
        report = Fuzzer(settings, out, Path(log_dir)).run()
    if settings.save is not None:
        save_findings(report, settings.save)
    return report


def save_findings(report: FuzzReport, directory: Path) -> list[Path]:
    """One JSON file per group of findings (its first request), for ``--replay``."""
    directory.mkdir(parents=True, exist_ok=True)
    seen: dict[tuple[str, str, str, str], Path] = {}
    for finding in report.findings:
        key = finding.group()
        if key not in seen:
            name = re.sub(r"[^A-Za-z0-9_.-]+", "_", f"{len(seen):03d}-{key[0]}-{key[1]}-{key[2]}")
            path = directory / f"{name}.json"
            path.write_text(json.dumps(finding.to_json(), indent=1))
            seen[key] = path
    return list(seen.values())


# ---- printing --------------------------------------------------------------------------------------------


def _table(out: TextIO, title: str, rows: dict[str, collections.Counter[str]], columns: list[str]) -> None:
    width = max([len(title), *(len(r) for r in rows)])
    widths = [max(len(c), *(len(str(rows[r][c])) for r in rows)) for c in columns]
    print(
        "  ".join([title.ljust(width), *(c.rjust(w) for c, w in zip(columns, widths, strict=True)), "total"]), file=out
    )
    for name, counts in rows.items():
        cells = [str(counts[c] or "").rjust(w) for c, w in zip(columns, widths, strict=True)]
        print("  ".join([name.ljust(width), *cells, str(sum(counts.values()))]), file=out)


def print_report(report: FuzzReport, out: TextIO = sys.stdout) -> None:
    """Tables of outcomes by RPC, kind and game, then what failed."""
    codes: collections.Counter[str] = collections.Counter()
    by: dict[str, dict[str, collections.Counter[str]]] = {"rpc": {}, "kind": {}, "game": {}}
    for (game, rpc, kind, code), n in report.counts.items():
        codes[code] += n
        for axis, key in (("rpc", rpc), ("kind", kind), ("game", game)):
            by[axis].setdefault(key, collections.Counter())[code] += n
    rejected = collections.Counter(
        (f.request.rpc, f.request.kind, f.request.game)
        for f in report.findings
        if f.category == "returned state rejected"
    )
    columns = ["OK", *sorted(c for c in codes if c != "OK")]
    print(file=out)
    rpc_rows = {rpc: by["rpc"].get(rpc, collections.Counter()) for rpc in RPCS}
    _table(out, "RPC", rpc_rows, columns)
    print(file=out)
    _table(out, "kind", {k: by["kind"].get(k, collections.Counter()) for k in KINDS}, columns)
    print(file=out)
    _table(out, "game", dict(sorted(by["game"].items())), columns)
    print(file=out)
    print(
        f"requests               {report.requests} in {report.seconds:.1f} s"
        f" ({report.requests / max(report.seconds, 1e-9):.0f}/s)",
        file=out,
    )
    print(f"returned states checked {report.checked} (rejected: {sum(rejected.values())})", file=out)
    before, after = report.rss_before_kib, report.rss_after_kib
    if before is not None and after is not None:
        print(
            f"server RSS             {before / 1024:.1f} MB before, {after / 1024:.1f} MB after"
            f" ({(after - before) / 1024:+.1f} MB)",
            file=out,
        )
    print(f"server restarts        {report.restarts} (after a hang or a crash)", file=out)
    for shutdown in report.shutdowns:
        if not shutdown.in_time:
            why = " (after a hang)" if shutdown.after_hang else ""
            print(f"shutdown               {shutdown.label} did not exit within its grace period + 1 s{why}", file=out)
    if report.missing:
        missing = ", ".join("/".join(cell) for cell in sorted(report.missing))
        print(f"not exercised          {missing}", file=out)
    if report.stopped_early:
        print(f"stopped early          {report.stopped_early}", file=out)
    groups: dict[tuple[str, str, str, str], list[Finding]] = {}
    for finding in report.findings:
        groups.setdefault(finding.group(), []).append(finding)
    if groups:
        print(f"\nfailures ({len(report.findings)} requests, {len(groups)} kinds; first example each):", file=out)
        for (category, rpc, game, _), found in sorted(groups.items(), key=lambda item: -len(item[1])):
            first = found[0]
            print(
                f"  {len(found):>5} x {category:<24} {rpc} {game} [{first.request.kind}] {first.request.how}", file=out
            )
            print(f"          -> {first.code} {first.detail[:200]}", file=out)
    if report.internal_errors:
        print("\nserver-side INTERNAL errors (from its log):", file=out)
        for line, n in report.internal_errors.most_common():
            print(f"  {n:>5} x {line}", file=out)
    failures = report.failures()
    verdict = "FAIL: " + ", ".join(f"{k} {n}" for k, n in failures.items()) if failures else "OK: no failure"
    print(f"\n{verdict}", file=out)


# ---- command line ------------------------------------------------------------------------------------------


def replay(paths: list[Path], settings: Settings, out: TextIO) -> int:
    """Send saved findings' requests again, one by one; exit status 1 if any still fails."""
    with tempfile.TemporaryDirectory(prefix="rules-engine-fuzz-") as log_dir:
        fuzzer = Fuzzer(settings, out, Path(log_dir))
        fuzzer.start()
        failed = 0
        try:
            for path in paths:
                request = load_request(path)
                outcome = fuzzer.send(request)
                code = "hang" if outcome.code == "DEADLINE_EXCEEDED" else outcome.code
                bad = code in FAILING_CODES or outcome.rejected is not None or code == "UNAVAILABLE"
                failed += bad
                rejected = f"; returned state rejected: {outcome.rejected}" if outcome.rejected else ""
                print(f"{path.name}: {request.rpc} {request.game} [{request.kind}] {request.how}", file=out)
                print(f"    -> {code} {outcome.detail[:300]}{rejected}", file=out)
                if code in ("hang", "UNAVAILABLE") and fuzzer.primary is not None:
                    fuzzer.primary.restart(after_hang=True)
                    fuzzer._connect()
        finally:
            fuzzer.stop()
            for line, n in internal_errors(
                log for server in (fuzzer.primary, fuzzer.checker) if server is not None for log in server.logs
            ).items():
                print(f"  server log: {n} x {line}", file=out)
    return 1 if failed else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=20_000, help="requests to send (%(default)s)")
    parser.add_argument("--seed", type=int, default=1, help="random.Random seed (%(default)s)")
    parser.add_argument("--target", help="fuzz a running server at 127.0.0.1:PORT instead of starting one")
    parser.add_argument("--checker", help="a running --state-memo 0 server at 127.0.0.1:PORT for returned states")
    parser.add_argument("--workers", type=int, default=1, help="--workers of the servers started (%(default)s)")
    parser.add_argument("--threads", type=int, default=4, help="--threads of the servers started (%(default)s)")
    parser.add_argument("--state-memo", type=int, help="--state-memo of the fuzzed server (its default)")
    parser.add_argument("--grace-seconds", type=float, default=2.0, help="--grace-seconds of the servers (%(default)s)")
    parser.add_argument("--clients", type=int, default=4, help="concurrent client threads (%(default)s)")
    parser.add_argument("--deadline", type=float, default=5.0, help="seconds allowed per call (%(default)s)")
    parser.add_argument("--max-seconds", type=float, default=1800.0, help="hard limit of the run (%(default)s)")
    parser.add_argument("--progress", type=int, default=1000, help="a progress line every N requests (%(default)s)")
    parser.add_argument("--save", type=Path, help="write one request of each kind of failure into this directory")
    parser.add_argument("--replay", type=Path, nargs="+", help="send saved failures (from --save) again")
    args = parser.parse_args(argv)
    settings = Settings(
        requests=args.requests,
        seed=args.seed,
        target=args.target,
        checker=args.checker,
        workers=args.workers,
        threads=args.threads,
        state_memo=args.state_memo,
        grace=args.grace_seconds,
        clients=args.clients,
        deadline=args.deadline,
        max_seconds=args.max_seconds,
        progress=args.progress,
        save=args.save,
    )
    if args.replay:
        return replay(args.replay, settings, sys.stdout)
    report = run(settings)
    print_report(report)
    return 0 if report.ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
