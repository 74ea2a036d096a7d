"""Server benchmark: every game's ApplyMove (and, with ``--rpcs all``, every other RPC) next to an echo server.

Three servers run as separate processes of this interpreter, with the same handler threads and workers:
the real server (state memo on), the real server with ``--state-memo 0``, and ``bench.echo_server``, which
answers with the request's bytes untouched. For each game, a few seeded random games are recorded with the
engine and the server's own codec (``server.binding.GameBinding``); ``--clients`` client threads, each with
its own channel and its own start point in the middle of a recorded game, then play on through ApplyMove,
each sending back the state the server returned, back to back for ``--seconds`` after a warm-up. The echo
clients send the serialized ApplyMoveRequest of the same moves and parse the echoed bytes as
ApplyMoveRequest (its ``state`` is the same GameState message), so both sides pay the same client cost.

Each measurement reports calls/s, p50 and p99 latency and the server's CPU per call (``utime + stime`` of
the server process and its workers from ``/proc/<pid>/stat``, before and after the measured interval,
divided by the calls made). The CPU figure is the one that does not depend on which process is the
bottleneck on a small machine. Targets (issue 14): ApplyMove >= 85% of echo's calls/s with the memo,
>= 60% without, and a p99 at most 1.2 times echo's.

Run: ``.venv/bin/python -m bench.server_bench [--games citadels,...] [--rpcs all] [--repeat 3]
[--json figures.json]``.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import grpc
from google.protobuf.message import Message
from grpc_health.v1 import health_pb2, health_pb2_grpc
from rulesengine.v1 import common_pb2, service_pb2

from bench.echo_server import FLOOR_WORK_US, floor_method
from bench.echo_server import METHOD as ECHO_METHOD
from engines.core.playout import random_playout
from engines.core.rng import Rng
from engines.registry import engines
from server.binding import GameBinding

ROOT = Path(__file__).resolve().parent.parent

SERVICE = service_pb2.DESCRIPTOR.services_by_name["RulesEngineService"]

#: The RPCs ``--rpcs all`` measures besides ApplyMove, in the order printed.
OTHER_RPCS = (
    "ListGames",
    "DescribeGame",
    "NewGame",
    "LegalMoves",
    "ValidateMove",
    "Score",
    "ViewState",
    "ReplayGame",
    "RenderView",
)

#: RPCs left out, and why (printed, and written to the JSON).
SKIPPED = {
    "ReplayGameStream": "client-streaming, so it cannot be echoed as one message; ReplayGame replays the same records",
    "SuggestMove": "a search spends the time it is given, not a cost of the service; bench.search_load and bench.bots"
    " measure it",
}

#: The targets of issue 14.
TARGET_MEMO_ON = 0.85
TARGET_MEMO_OFF = 0.60
TARGET_P99 = 1.2

#: How many recorded mid-game states the other RPCs' requests are made from, per game.
SAMPLE_STATES = 24

#: Clock ticks per second of ``/proc/<pid>/stat``'s ``utime`` and ``stime``.
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")

Pair = tuple[service_pb2.GameState, service_pb2.Move]
Call = Callable[[Message], Any]


# ---- servers ---------------------------------------------------------------------------------------------


def free_port() -> int:
    """A TCP port of 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_ready(port: int, timeout: float = 30.0) -> None:
    """Wait until a server answers on ``port`` (the health check, or UNIMPLEMENTED from the echo server)."""
    deadline = time.monotonic() + timeout
    with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
        stub = health_pb2_grpc.HealthStub(channel)
        while time.monotonic() < deadline:
            try:
                stub.Check(health_pb2.HealthCheckRequest(), timeout=1)
                return
            except grpc.RpcError as exc:
                if exc.code() == grpc.StatusCode.UNIMPLEMENTED:  # the echo server has no health service
                    return
                time.sleep(0.1)
    raise RuntimeError(f"server on port {port} did not start")


def process_tree(root: int) -> list[int]:
    """``root`` and every live process descended from it (a multi-worker server's workers)."""
    parents: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = _stat_fields(int(entry))
            except OSError:  # the process ended meanwhile
                continue
            parents.setdefault(int(fields[1]), []).append(int(entry))
    tree, todo = [], [root]
    while todo:
        pid = todo.pop()
        tree.append(pid)
        todo.extend(parents.get(pid, []))
    return tree


def _stat_fields(pid: int) -> list[str]:
    """The fields of ``/proc/<pid>/stat`` after the command name: state, ppid, ... (field 3 onwards)."""
    text = Path(f"/proc/{pid}/stat").read_text()
    return text[text.rindex(")") + 2 :].split()


def cpu_seconds(root: int) -> float:
    """User plus system CPU seconds used so far by ``root`` and its live descendants."""
    ticks = 0
    for pid in process_tree(root):
        try:
            fields = _stat_fields(pid)
        except OSError:
            continue
        ticks += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15 of the line)
    return ticks / CLOCK_TICKS


class Server:
    """A server process this benchmark started: its name, port and CPU time; ``echoes``: the echo server."""

    def __init__(self, name: str, argv: list[str], port: int, echoes: bool = False) -> None:
        env = {k: v for k, v in os.environ.items() if not k.startswith("RULES_ENGINE_")}
        env["PYTHONPATH"] = str(ROOT)
        self.name = name
        self.port = port
        self.echoes = echoes
        self.process = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def wait_ready(self) -> None:
        """Wait until it answers; ``RuntimeError`` if it exits first."""
        if self.process.poll() is not None:
            raise RuntimeError(f"{self.name} exited with {self.process.returncode}")
        wait_ready(self.port)

    def cpu_seconds(self) -> float:
        """CPU seconds its processes have used so far."""
        return cpu_seconds(self.process.pid)

    def channel(self) -> grpc.Channel:
        """A new channel to it."""
        return grpc.insecure_channel(f"127.0.0.1:{self.port}")

    def stop(self) -> None:
        """Terminate it (killed if it does not end within 10 s)."""
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(5)


def rules_server(flags: Sequence[str]) -> Server:
    """``rules-engine serve`` on a free port of 127.0.0.1, logging warnings only, with ``flags`` (started, not
    yet answering: ``wait_ready``)."""
    port = free_port()
    serve = [sys.executable, "-m", "server.cli", "serve", "--host", "127.0.0.1", "--port", str(port)]
    return Server("server", [*serve, "--log-level", "warning", *flags], port)


def start_servers(threads: int, workers: int) -> dict[str, Server]:
    """The three servers, by role: ``memo_on``, ``memo_off`` and ``echo``, all answering."""
    serve = [sys.executable, "-m", "server.cli", "serve", "--host", "127.0.0.1", "--log-level", "warning"]
    serve += ["--threads", str(threads), "--workers", str(workers)]
    ports = [free_port() for _ in range(3)]
    servers = {
        "memo_on": Server("server (memo on)", [*serve, "--port", str(ports[0])], ports[0]),
        "memo_off": Server("server (memo off)", [*serve, "--port", str(ports[1]), "--state-memo", "0"], ports[1]),
        "echo": Server(
            "echo server",
            [sys.executable, "-m", "bench.echo_server", str(ports[2]), str(threads), str(workers)],
            ports[2],
            echoes=True,
        ),
    }
    try:
        for server in servers.values():
            server.wait_ready()
    except BaseException:
        for server in servers.values():
            server.stop()
        raise
    return servers


# ---- recorded games --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Recorded:
    """One game's recorded seeded random games as the contract's messages."""

    game_id: str
    players: int
    setups: tuple[common_pb2.GameSetup, ...]
    games: tuple[tuple[Pair, ...], ...]

    @property
    def moves(self) -> int:
        """How many moves the recorded games hold in all."""
        return sum(len(game) for game in self.games)

    def position(self, flat: int) -> tuple[int, int]:
        """``(game, index)`` of the ``flat``-th move counting through the games one after the other."""
        flat %= self.moves
        for number, game in enumerate(self.games):
            if flat < len(game):
                return number, flat
            flat -= len(game)
        raise AssertionError("unreachable")

    def samples(self, count: int = SAMPLE_STATES) -> list[Pair]:
        """``count`` (state, move) pairs spread evenly over the games, openings to endings."""
        return [self.games[g][i] for g, i in (self.position(k * self.moves // count) for k in range(count))]


def record(game_id: str, players: int, games: int) -> Recorded:
    """``games`` seeded random games (seeds 0, 1, ...) of ``game_id`` at ``players`` seats (kept within the
    game's range), every state and move converted by the server's own codec."""
    engine = engines()[game_id]
    binding = GameBinding(engine)
    players = min(max(players, engine.info.min_players), engine.info.max_players)
    options = engine.make_options(players, {})
    setups, recorded = [], []
    for seed in range(games):
        match_id = f"bench-{game_id}-{seed}"
        pairs: list[Pair] = []

        def keep(state: Any, move: Any, _after: Any, pairs: list[Pair] = pairs, match_id: str = match_id) -> None:
            message = binding.state_to_proto(state)
            message.match_id, message.move_number = match_id, len(pairs)
            pairs.append((message, binding.move_to_proto(move)))

        random_playout(engine, engine.new_game(options, seed), Rng.seeded(seed), on_move=keep)
        setups.append(
            common_pb2.GameSetup(game_id=game_id, players=players, chance_mode=common_pb2.CHANCE_MODE_SEEDED, seed=seed)
        )
        recorded.append(tuple(pairs))
    return Recorded(game_id, players, tuple(setups), tuple(recorded))


# ---- clients ---------------------------------------------------------------------------------------------


def rules_call(channel: grpc.Channel, rpc: str) -> Call:
    """A unary call of ``rpc`` that parses the reply as the RPC's response message."""
    method = SERVICE.methods_by_name[rpc]
    request, response = _message_class(method.input_type.name), _message_class(method.output_type.name)
    return channel.unary_unary(
        f"/{SERVICE.full_name}/{rpc}",
        request_serializer=request.SerializeToString,
        response_deserializer=response.FromString,
    )


def echo_call(channel: grpc.Channel, rpc: str) -> Call:
    """A call of the echo server that sends ``rpc``'s request and parses the echoed bytes as that request."""
    request = _message_class(SERVICE.methods_by_name[rpc].input_type.name)
    return channel.unary_unary(
        ECHO_METHOD, request_serializer=request.SerializeToString, response_deserializer=request.FromString
    )


def floor_call(channel: grpc.Channel, rpc: str, work_us: int = 0) -> Call:
    """A call of the echo server's floor method that spends ``work_us`` µs more: an ApplyMoveRequest in, an
    ApplyMoveResponse back (the floor of ApplyMove only: ``rpc`` must be ApplyMove)."""
    if rpc != "ApplyMove":
        raise ValueError(f"the floor is ApplyMove's, not {rpc}'s")
    return channel.unary_unary(
        floor_method(work_us),
        request_serializer=service_pb2.ApplyMoveRequest.SerializeToString,
        response_deserializer=service_pb2.ApplyMoveResponse.FromString,
    )


def _message_class(name: str) -> Any:
    """The generated class of a message of ``service.proto``."""
    return getattr(service_pb2, name)


class Replayer:
    """A client playing recorded games through ApplyMove from its own start point, on to the end of each
    game and then through the next. Against the rules server it sends back the state each reply holds;
    against the echo server (whose reply is the request) it sends the recorded state of the next move."""

    def __init__(self, call: Call, recorded: Recorded, start: tuple[int, int], echoes: bool) -> None:
        self.call = call
        self.games = recorded.games
        self.game, self.index = start
        self.echoes = echoes
        self.state: service_pb2.GameState | None = None  # None: the recorded state

    def step(self) -> None:
        """Apply the next move."""
        recorded_state, move = self.games[self.game][self.index]
        state = recorded_state if self.state is None else self.state
        reply = self.call(service_pb2.ApplyMoveRequest(state=state, move=move))
        self.index += 1
        if self.index == len(self.games[self.game]):  # game over: on to the next recorded game
            self.game, self.index = (self.game + 1) % len(self.games), 0
            self.state = None
        else:
            self.state = None if self.echoes else reply.state


class Cycler:
    """A client sending a list of requests round and round, from its own start point."""

    def __init__(self, call: Call, requests: Sequence[Message], start: int) -> None:
        self.call = call
        self.requests = requests
        self.index = start

    def step(self) -> None:
        """Send the next request."""
        self.call(self.requests[self.index % len(self.requests)])
        self.index += 1


Client = Replayer | Cycler


def load(clients: Sequence[Client], seconds: float) -> tuple[list[float], float]:
    """Every call's latency while each client (on its own thread) calls back to back for ``seconds``, and
    the wall time from the start until the last call ended; a client's error is raised here."""
    latencies: list[list[float]] = [[] for _ in clients]
    failures: list[BaseException] = []
    begin = time.perf_counter()
    stop = begin + seconds

    def run(client: Client, out: list[float]) -> None:
        try:
            while (now := time.perf_counter()) < stop:
                client.step()
                out.append(time.perf_counter() - now)
        except BaseException as exc:  # re-raised below: a failed call must not pass for a slow one
            failures.append(exc)

    threads = [threading.Thread(target=run, args=pair) for pair in zip(clients, latencies, strict=True)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        raise failures[0]
    return [x for lat in latencies for x in lat], time.perf_counter() - begin


# ---- measuring -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Figures:
    """One measured interval: calls made, rate, latency percentiles and the server's CPU per call."""

    calls: int
    seconds: float
    calls_per_s: float
    p50_ms: float
    p99_ms: float
    cpu_us_per_call: float


def percentile(ordered: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile of sorted values."""
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


def measure(server: Server, clients: Sequence[Client], seconds: float, warmup: float) -> Figures:
    """Warm up, then load ``server`` with ``clients`` for ``seconds``; the figures of the measured part."""
    load(clients, warmup)
    before = server.cpu_seconds()
    latencies, elapsed = load(clients, seconds)
    cpu = server.cpu_seconds() - before
    if not latencies:
        raise RuntimeError(f"no call to the {server.name} completed in {seconds} s")
    ordered = sorted(latencies)
    return Figures(
        calls=len(ordered),
        seconds=elapsed,
        calls_per_s=len(ordered) / elapsed,
        p50_ms=statistics.median(ordered) * 1000,
        p99_ms=percentile(ordered, 0.99) * 1000,
        cpu_us_per_call=cpu / len(ordered) * 1e6,
    )


def measure_clients(
    server: Server,
    rpc: str,
    make: Callable[[Call, int], Client],
    args: argparse.Namespace,
    floor_work: int | None = None,
) -> Figures:
    """``rpc`` (or, on the echo server, its request echoed; with ``floor_work``, its floor method spending
    that many µs more) with ``--clients`` clients, each on its own channel: ``make(call, i)`` builds client
    ``i``."""
    channels = [server.channel() for _ in range(args.clients)]
    try:

        def to(channel: grpc.Channel, rpc: str) -> Call:
            if floor_work is not None:
                return floor_call(channel, rpc, floor_work)
            return echo_call(channel, rpc) if server.echoes else rules_call(channel, rpc)

        clients = [make(to(channel, rpc), i) for i, channel in enumerate(channels)]
        return measure(server, clients, args.seconds, args.warmup)
    finally:
        for channel in channels:
            channel.close()


def measure_apply(
    server: Server, recorded: Recorded, args: argparse.Namespace, floor_work: int | None = None
) -> Figures:
    """ApplyMove with each client replaying from its own mid-game start point (with ``floor_work``: the echo
    server's floor method spending that many µs more, its clients sending back the state each reply holds,
    as against ApplyMove)."""
    starts = [recorded.position((2 * i + 1) * recorded.moves // (2 * args.clients)) for i in range(args.clients)]
    echoes = server.echoes and floor_work is None
    return measure_clients(
        server, "ApplyMove", lambda call, i: Replayer(call, recorded, starts[i], echoes), args, floor_work
    )


def measure_rpc(server: Server, rpc: str, requests: Sequence[Message], args: argparse.Namespace) -> Figures:
    """``rpc`` with each client cycling through ``requests`` from its own start point."""
    return measure_clients(server, rpc, lambda call, i: Cycler(call, requests, i * len(requests) // args.clients), args)


def rpc_requests(rpc: str, recorded: Recorded) -> list[Message]:
    """Real requests of ``rpc`` about ``recorded``'s game, on its recorded mid-game states."""
    samples = recorded.samples()
    viewed = [(s, common_pb2.Viewer(seat=i % recorded.players)) for i, (s, _) in enumerate(samples)]
    svg = service_pb2.IMAGE_FORMAT_SVG
    rules_version = engines()[recorded.game_id].info.rules_version
    build: dict[str, Callable[[], list[Message]]] = {
        "ListGames": lambda: [service_pb2.ListGamesRequest()],
        "DescribeGame": lambda: [service_pb2.DescribeGameRequest(game_id=recorded.game_id)],
        "NewGame": lambda: [service_pb2.NewGameRequest(setup=s, match_id="bench") for s in recorded.setups],
        "LegalMoves": lambda: [service_pb2.LegalMovesRequest(state=s) for s, _ in samples],
        "ValidateMove": lambda: [service_pb2.ValidateMoveRequest(state=s, move=m) for s, m in samples],
        "Score": lambda: [service_pb2.ScoreRequest(state=s) for s, _ in samples],
        "ViewState": lambda: [service_pb2.ViewStateRequest(state=s, viewer=v) for s, v in viewed],
        "ReplayGame": lambda: [
            service_pb2.ReplayGameRequest(
                record=service_pb2.GameRecord(setup=setup, rules_version=rules_version, moves=[m for _, m in game])
            )
            for setup, game in zip(recorded.setups, recorded.games, strict=True)
        ],
        "RenderView": lambda: [service_pb2.RenderViewRequest(state=s, viewer=v, format=svg) for s, v in viewed],
    }
    return build[rpc]()


def ratio(part: float, whole: float) -> float:
    """``part / whole``, or NaN when ``whole`` is 0."""
    return part / whole if whole else math.nan


def measure_game(
    servers: dict[str, Server], recorded: Recorded, rpcs: Sequence[str], args: argparse.Namespace
) -> dict[str, Any]:
    """A game's figures: ApplyMove on the three servers and the floor, their ratios, then each other RPC."""
    apply = {role: measure_apply(servers[role], recorded, args) for role in ("echo", "memo_on", "memo_off")}
    apply["floor"] = measure_apply(servers["echo"], recorded, args, floor_work=0)
    figures: dict[str, Any] = {
        "players": recorded.players,
        "recorded_games": len(recorded.games),
        "recorded_moves": recorded.moves,
        "mean_request_bytes": statistics.mean(
            service_pb2.ApplyMoveRequest(state=s, move=m).ByteSize() for game in recorded.games for s, m in game
        ),
        "apply_move": {role: asdict(f) for role, f in apply.items()},
        "ratios": {
            f"{key}_{role}": ratio(*pair)
            for role in ("memo_on", "memo_off", "floor")
            for key, pair in (
                ("throughput", (apply[role].calls_per_s, apply["echo"].calls_per_s)),
                ("p99", (apply[role].p99_ms, apply["echo"].p99_ms)),
                ("cpu", (apply[role].cpu_us_per_call, apply["echo"].cpu_us_per_call)),
            )
        },
        "floor_work": {},
        "rpcs": {},
    }
    for work in FLOOR_WORK_US if args.floor_work else ():
        floor = measure_apply(servers["echo"], recorded, args, floor_work=work)
        figures["floor_work"][str(work)] = {
            "floor": asdict(floor),
            "throughput": ratio(floor.calls_per_s, apply["echo"].calls_per_s),
            "p99": ratio(floor.p99_ms, apply["echo"].p99_ms),
        }
    for rpc in rpcs:
        requests = rpc_requests(rpc, recorded)
        echo = measure_rpc(servers["echo"], rpc, requests, args)
        rules = measure_rpc(servers["memo_on"], rpc, requests, args)
        figures["rpcs"][rpc] = {
            "echo": asdict(echo),
            "rules": asdict(rules),
            "cpu_ratio": ratio(rules.cpu_us_per_call, echo.cpu_us_per_call),
        }
    return figures


# ---- printing --------------------------------------------------------------------------------------------

APPLY_ROWS = (
    ("echo", "echo"),
    ("floor", "floor (no rules work)"),
    ("memo_on", "ApplyMove (memo on)"),
    ("memo_off", "ApplyMove (memo off)"),
)


def verdict(value: float, target: float, at_least: bool) -> str:
    """``met`` or ``NOT met``."""
    return "met" if (value >= target if at_least else value <= target) else "NOT met"


def figures_row(label: str, f: dict[str, Any]) -> str:
    """One line of the ApplyMove table."""
    return (
        f"  {label:<22}{f['calls_per_s']:>10,.0f}{f['p50_ms']:>9.2f}{f['p99_ms']:>9.2f}"
        f"{f['cpu_us_per_call']:>20,.0f}{f['calls']:>9,}"
    )


def print_game(game_id: str, figures: dict[str, Any], run: int, args: argparse.Namespace) -> None:
    """A game's tables."""
    print(
        f"\n== run {run}/{args.repeat}  {game_id}: {figures['players']} players, {figures['recorded_games']} recorded"
        f" games ({figures['recorded_moves']} moves), {args.clients} clients from different mid-game points,"
        f" mean ApplyMove request {figures['mean_request_bytes']:,.0f} B"
    )
    print(f"  {'':<22}{'calls/s':>10}{'p50 ms':>9}{'p99 ms':>9}{'server cpu µs/call':>20}{'calls':>9}")
    for role, label in APPLY_ROWS:
        print(figures_row(label, figures["apply_move"][role]))
    r = figures["ratios"]
    print(
        f"  ApplyMove / echo calls/s: memo on {r['throughput_memo_on']:.0%} (target >= {TARGET_MEMO_ON:.0%}:"
        f" {verdict(r['throughput_memo_on'], TARGET_MEMO_ON, True)}), memo off {r['throughput_memo_off']:.0%}"
        f" (target >= {TARGET_MEMO_OFF:.0%}: {verdict(r['throughput_memo_off'], TARGET_MEMO_OFF, True)})"
    )
    print(
        f"  ApplyMove / echo p99: memo on {r['p99_memo_on']:.2f}x ({verdict(r['p99_memo_on'], TARGET_P99, False)}),"
        f" memo off {r['p99_memo_off']:.2f}x ({verdict(r['p99_memo_off'], TARGET_P99, False)}), target <= {TARGET_P99}x"
    )
    print(f"  ApplyMove / echo server cpu per call: memo on {r['cpu_memo_on']:.1f}x, memo off {r['cpu_memo_off']:.1f}x")
    print(
        f"  floor / echo: calls/s {r['throughput_floor']:.0%}, p99 {r['p99_floor']:.2f}x, server cpu per call"
        f" {r['cpu_floor']:.1f}x (parse the request, answer its state: the most an ApplyMove in Python can reach)"
    )
    for work, f in figures["floor_work"].items():
        print(
            f"  floor + {work:>3} µs of Python per call: calls/s {f['throughput']:.0%} of echo's, p99 {f['p99']:.2f}x,"
            f" server cpu {f['floor']['cpu_us_per_call']:,.0f} µs/call"
        )
    if figures["rpcs"]:
        print_rpcs(figures["rpcs"])


def print_rpcs(rpcs: dict[str, Any]) -> None:
    """The other RPCs' table (memo-on server; echo is sent the same request bytes)."""
    print(
        f"  {'RPC (memo on)':<16}{'echo cpu µs/call':>18}{'rpc cpu µs/call':>17}{'cpu ratio':>11}"
        f"{'rpc calls/s':>13}{'echo calls/s':>14}{'rpc p50 ms':>12}{'rpc p99 ms':>12}"
    )
    for rpc, f in rpcs.items():
        echo, rules = f["echo"], f["rules"]
        print(
            f"  {rpc:<16}{echo['cpu_us_per_call']:>18,.0f}{rules['cpu_us_per_call']:>17,.0f}{f['cpu_ratio']:>10.1f}x"
            f"{rules['calls_per_s']:>13,.0f}{echo['calls_per_s']:>14,.0f}{rules['p50_ms']:>12.2f}{rules['p99_ms']:>12.2f}"
        )
    for rpc, why in SKIPPED.items():
        print(f"  {rpc}: skipped ({why})")


def print_summary(runs: list[dict[str, Any]]) -> None:
    """Each game's ApplyMove / echo ratios in every run, side by side."""
    print("\n== ApplyMove / echo in each run: calls/s memo on, memo off; p99 memo on, memo off; the floor's calls/s")
    for game_id in runs[0]:
        cells = [
            "{throughput_memo_on:.0%} {throughput_memo_off:.0%} {p99_memo_on:.2f}x {p99_memo_off:.2f}x"
            " {throughput_floor:.0%}".format(**run[game_id]["ratios"])
            for run in runs
        ]
        print(f"  {game_id:<18}" + "  |  ".join(cells))


# ---- command line ----------------------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line; ``--games`` and ``--rpcs`` become lists."""
    parser = argparse.ArgumentParser(
        prog="python -m bench.server_bench", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", default="all", help="comma-separated game ids, or all (default)")
    parser.add_argument("--players", type=int, default=3, help="seats of the recorded games, within each game's range")
    parser.add_argument("--recorded", type=int, default=3, help="seeded random games recorded per game")
    parser.add_argument("--clients", type=int, default=4, help="client threads, one channel each")
    parser.add_argument("--threads", type=int, default=2, help="handler threads of each server (per worker)")
    parser.add_argument("--workers", type=int, default=1, help="worker processes of each server")
    parser.add_argument("--seconds", type=float, default=3.0, help="length of each measured interval")
    parser.add_argument("--warmup", type=float, default=1.0, help="seconds of load before each measured interval")
    parser.add_argument("--repeat", type=int, default=1, help="run the whole table this many times")
    parser.add_argument("--rpcs", choices=("ApplyMove", "all"), default="ApplyMove", help="all: every other RPC too")
    parser.add_argument(
        "--floor-work",
        action="store_true",
        help=f"also the floor plus {', '.join(map(str, FLOOR_WORK_US))} µs of handler work a call (what targets leave)",
    )
    parser.add_argument("--json", type=Path, help="write every figure to this file")
    args = parser.parse_args(argv)
    known = list(engines())
    args.games = known if args.games == "all" else args.games.split(",")
    unknown = set(args.games) - set(known)
    if unknown:
        parser.error(f"unknown games {sorted(unknown)}; known: {', '.join(known)}")
    args.rpcs = list(OTHER_RPCS) if args.rpcs == "all" else []
    return args


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    """Run the benchmark, print its tables (and write ``--json``); returns the figures."""
    args = parse_args(argv)
    recorded = {game_id: record(game_id, args.players, args.recorded) for game_id in args.games}
    print(
        f"server benchmark: {args.clients} clients, {args.threads} server threads x {args.workers} workers,"
        f" {args.seconds:g} s per measurement after {args.warmup:g} s of warm-up, {os.cpu_count()} cores"
    )
    servers = start_servers(args.threads, args.workers)
    runs: list[dict[str, Any]] = []
    try:
        for run in range(1, args.repeat + 1):
            runs.append({})
            for game_id in args.games:
                runs[-1][game_id] = measure_game(servers, recorded[game_id], args.rpcs, args)
                print_game(game_id, runs[-1][game_id], run, args)
    finally:
        for server in servers.values():
            server.stop()
    if args.repeat > 1:
        print_summary(runs)
    config = {k: (str(v) if isinstance(v, Path) else v) for k, v in vars(args).items()}
    result = {"config": config, "runs": runs, "skipped": SKIPPED if args.rpcs else {}}
    if args.json is not None:
        args.json.write_text(json.dumps(result, indent=2) + "\n")
    return result


if __name__ == "__main__":
    main()
