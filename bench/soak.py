"""Soak test: every game, every RPC in a realistic mix, many clients, for a long time (issue 28, item 5).

Starts ``rules-engine serve`` as shipped (state memo on; the flags given after ``--`` are passed on),
records seeded random games of every game of the registry (``bench.server_bench.record``), and runs
``--clients`` clients (32), each on its own thread and channel, for ``--minutes`` (30). Each client picks its
next call at random by the weights below (its own seeded generator) and the game in turn, so every game
gets every kind of call. ApplyMove plays the recorded games on (``bench.server_bench.Replayer``: one per
game per client, from its own start point, sending back the state each reply holds); the other calls cycle
through real requests on the recorded games' states (``bench.server_bench.rpc_requests``).

The mix (share of a client's calls):

================================  ======  ==================================================
call                               share   request
================================  ======  ==================================================
ApplyMove                          40 %    the next move of a recorded game
LegalMoves                         22 %    a recorded mid-game state
ValidateMove                        8 %    a recorded state and the move played there
Score                               5 %    a recorded state
ViewState                           5 %    a recorded state, seats taking turns as viewer
RenderView SVG                      5 %    as ViewState
NewGame                             3 %    the recorded games' setups
ListGames                           2 %
DescribeGame                        2 %
RenderView PNG                      2 %    as ViewState, scale 1 (heavy lane, picture pool)
ReplayGame                        1.5 %    a whole recorded game (heavy lane)
ReplayGameStream                  1.5 %    the same record, header then moves (heavy lane)
SuggestMove                       0.5 %    a deciding seat of a recorded state, 200 ms
ApplyMove illegal move (bad)      1.5 %    a move another state's, not legal here: INVALID_ARGUMENT
LegalMoves tampered state (bad)   0.5 %    a state under another game's id: INVALID_ARGUMENT
DescribeGame unknown game (bad)   0.5 %    a game id the service has not: NOT_FOUND
================================  ======  ==================================================

Outcomes. A bad request's expected code counts as intended, as does RESOURCE_EXHAUSTED (a heavy or search
call refused by its lane, ``server.lanes``): the client then waits the RetryInfo delay the server gave, as
a well-behaved client does, and goes on with its next pick. Every other non-OK code, and OK where a bad
request expected an error, is an unintended error. Every bad request's expected code is checked once
before the load starts.

Warm-up and processes. Before the clients start, one PNG and one SuggestMove are asked for, and the
server's processes that appear after each are named ``picture pool`` and ``search pool`` (the pools start
at their first call); then ``--warmup-minutes`` of the same load (default ``min(2, minutes / 2)``) fill
the server's bounded caches (state memo, remembered encodings) and exercise every pool before anything is
judged. The resident memory (VmRSS) of the
server and of every process below it is sampled every few seconds; each process is judged against its
first sample after the warm-up, or, for one that appears later (a pool process replaced), its first sample.

Over time. The measured part is cut into windows of ``--window-seconds`` (default ``measured / 20``
between 5 and 30 s); a progress line is printed per window and the JSON report keeps every window's
figures per call and every memory sample. The comparison spans are the first and the last 5 minutes of
the measured part, or, when it is shorter than 15 minutes, its first and last third (whole windows).

Verdicts (issue 28's Done-when; exit status 1 when one fails): no unintended error; every process's RSS
within 10 % of its value after the warm-up at every sample; each call's p99 in the last span at most 1.2
times its p99 in the first (``--max-p99-ratio``; 0: reported, not judged). A p99 of few calls is decided by
its few slowest: a call is judged only with at least ``--min-p99-calls`` (500) calls in each span, so that
at least 5 calls lie above its p99 on both sides; the others are printed as too few to judge.

Run: ``.venv/bin/python -m bench.soak [--minutes 30] [--json soak.json] [--svg soak.svg] [-- --workers 2]``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import threading
import time
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import grpc
from rulesengine.v1 import service_pb2

from bench.picture_load import retry_delay, rss_mib_of
from bench.server_bench import (
    SERVICE,
    Recorded,
    Replayer,
    Server,
    percentile,
    process_tree,
    record,
    rpc_requests,
    rules_call,
    rules_server,
)
from bench.soak_svg import write_svg
from engines.registry import engines

REFUSED = grpc.StatusCode.RESOURCE_EXHAUSTED
INVALID = grpc.StatusCode.INVALID_ARGUMENT

#: Every call's deadline, seconds: a call slower than this is an error (DEADLINE_EXCEEDED).
DEADLINE = 60.0
#: A SuggestMove's search time, ms.
SEARCH_MILLIS = 200
#: The comparison spans' length for long runs, seconds.
SPAN_SECONDS = 300.0
#: The Done-when thresholds of issue 28.
MAX_RSS_CHANGE = 0.10
MAX_P99_RATIO = 1.2

#: Each client's mean pause between two calls (ms; 0: back to back, the default). Back to back, 32 clients
#: keep this 2-CPU machine saturated: every call queues behind the others and its p99 (about 400 ms) swings
#: from one 30 s window to the next (ApplyMove 228 to 428 ms). With ``--think-ms 250`` the load is one the
#: machine carries (about 115 calls/s): p50 of a call of play 2 ms, but p99 about 200 ms, a stall the
#: saturated runs hid (bench/README.md, "soak").
THINK_MS = 0.0


@dataclass(frozen=True)
class Kind:
    """One kind of call of the mix: its label, RPC, share (%) and, for a bad request, the code it expects."""

    label: str
    rpc: str
    share: float
    expected: grpc.StatusCode | None = None


MIX = (
    Kind("ApplyMove", "ApplyMove", 40),
    Kind("LegalMoves", "LegalMoves", 22),
    Kind("ValidateMove", "ValidateMove", 8),
    Kind("Score", "Score", 5),
    Kind("ViewState", "ViewState", 5),
    Kind("RenderView SVG", "RenderView", 5),
    Kind("NewGame", "NewGame", 3),
    Kind("ListGames", "ListGames", 2),
    Kind("DescribeGame", "DescribeGame", 2),
    Kind("RenderView PNG", "RenderView", 2),
    Kind("ReplayGame", "ReplayGame", 1.5),
    Kind("ReplayGameStream", "ReplayGameStream", 1.5),
    Kind("SuggestMove", "SuggestMove", 0.5),
    Kind("ApplyMove illegal", "ApplyMove", 1.5, INVALID),
    Kind("LegalMoves tampered", "LegalMoves", 0.5, INVALID),
    Kind("DescribeGame unknown", "DescribeGame", 0.5, grpc.StatusCode.NOT_FOUND),
)


# ---- requests --------------------------------------------------------------------------------------------


@dataclass
class GameRequests:
    """A game's recorded games and the requests of every kind of the mix except ApplyMove (played on by
    ``Replayer``s), each kind's as a list to cycle through."""

    recorded: Recorded
    requests: dict[str, list[Any]] = field(default_factory=dict)


def game_requests(recorded: Recorded, channel: grpc.Channel) -> GameRequests:
    """Every kind's requests about ``recorded``'s game; ``channel`` finds the seats that decide (LegalMoves)
    and the moves that are not legal in another state (ValidateMove)."""
    plain = {kind.label: kind.rpc for kind in MIX if kind.expected is None and kind.label != "RenderView PNG"}
    requests: dict[str, list[Any]] = {
        label: rpc_requests("RenderView" if label == "RenderView SVG" else rpc, recorded)
        for label, rpc in plain.items()
        if rpc not in ("ApplyMove", "ReplayGameStream", "SuggestMove")
    }
    requests["RenderView PNG"] = [png(r) for r in requests["RenderView SVG"]]
    requests["ReplayGameStream"] = [list(streamed(r.record)) for r in requests["ReplayGame"]]
    samples = recorded.samples()
    requests["SuggestMove"] = suggestions(samples, channel)
    requests["ApplyMove illegal"] = illegal_moves(samples, channel)
    other = next(g for g in sorted(engines()) if g != recorded.game_id)
    requests["LegalMoves tampered"] = [service_pb2.LegalMovesRequest(state=tampered(s, other)) for s, _ in samples]
    requests["DescribeGame unknown"] = [service_pb2.DescribeGameRequest(game_id=f"no_{recorded.game_id}")]
    return GameRequests(recorded, requests)


def png(svg: service_pb2.RenderViewRequest) -> service_pb2.RenderViewRequest:
    """The same view as a PNG at scale 1."""
    request = service_pb2.RenderViewRequest()
    request.CopyFrom(svg)
    request.format = service_pb2.IMAGE_FORMAT_PNG
    return request


def streamed(record_: service_pb2.GameRecord) -> Iterator[service_pb2.ReplayGameStreamRequest]:
    """A record as ReplayGameStream sends it: the header (the record without its moves), then each move."""
    header = service_pb2.GameRecord()
    header.CopyFrom(record_)
    del header.moves[:]
    yield service_pb2.ReplayGameStreamRequest(header=header)
    for move in record_.moves:
        yield service_pb2.ReplayGameStreamRequest(move=move)


def tampered(state: service_pb2.GameState, game_id: str) -> service_pb2.GameState:
    """``state`` claiming to be a state of ``game_id``."""
    copy = service_pb2.GameState()
    copy.CopyFrom(state)
    copy.game_id = game_id
    return copy


def suggestions(samples: Sequence[tuple[Any, Any]], channel: grpc.Channel) -> list[service_pb2.SuggestMoveRequest]:
    """A SuggestMove request for the first deciding seat of each sample state that has one."""
    legal: Any = rules_call(channel, "LegalMoves")
    requests = []
    for number, (state, _) in enumerate(samples):
        seats = legal(service_pb2.LegalMovesRequest(state=state), timeout=DEADLINE).pending.seats
        if seats:
            requests.append(
                service_pb2.SuggestMoveRequest(state=state, seat=seats[0], max_millis=SEARCH_MILLIS, seed=number)
            )
    return requests


def illegal_moves(samples: Sequence[tuple[Any, Any]], channel: grpc.Channel) -> list[service_pb2.ApplyMoveRequest]:
    """ApplyMove requests of a sample state with the move of a later sample, kept where it is not legal."""
    validate: Any = rules_call(channel, "ValidateMove")
    requests = []
    for number, (state, _) in enumerate(samples):
        move = samples[(number + len(samples) // 2) % len(samples)][1]
        if not validate(service_pb2.ValidateMoveRequest(state=state, move=move), timeout=DEADLINE).legal:
            requests.append(service_pb2.ApplyMoveRequest(state=state, move=move))
    if not requests:
        raise RuntimeError(f"no illegal move found among {samples[0][0].game_id}'s samples")
    return requests


# ---- what the calls answered -----------------------------------------------------------------------------


@dataclass
class Outcomes:
    """Every call's outcome: latencies of the answered calls per window and kind (window -1: the warm-up),
    refusals per window and kind, and the codes of all calls that did not answer OK."""

    start: float
    warmup: float
    window: float
    latencies: dict[int, dict[str, list[float]]] = field(default_factory=lambda: defaultdict(lambda: defaultdict(list)))
    refused: dict[int, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    codes: Counter[tuple[str, str, bool]] = field(default_factory=Counter)
    first_details: dict[tuple[str, str], str] = field(default_factory=dict)
    """The message of the first call of each unintended (kind, code): what an unexpected error said."""
    lock: threading.Lock = field(default_factory=threading.Lock)

    def window_of(self, now: float) -> int:
        """The window a moment falls in (-1: the warm-up)."""
        since = now - self.start - self.warmup
        return -1 if since < 0 else int(since // self.window)

    def note(self, kind: Kind, seconds: float, code: grpc.StatusCode, details: str = "") -> None:
        """A call of ``kind`` that took ``seconds`` and ended with ``code`` (``details``: the status message)."""
        window = self.window_of(time.perf_counter())
        intended = code == kind.expected or (code == REFUSED and kind.expected is None)
        with self.lock:
            if code == REFUSED and intended:
                self.refused[window][kind.label] += 1
            elif (code == grpc.StatusCode.OK and kind.expected is None) or intended:
                self.latencies[window][kind.label].append(seconds)
            if code != grpc.StatusCode.OK or kind.expected is not None:
                self.codes[(kind.label, code.name, intended)] += 1
            if not intended:
                self.first_details.setdefault((kind.label, code.name), details)

    def unintended(self) -> int:
        """How many calls ended in an unintended code."""
        with self.lock:
            return sum(n for (_, _, intended), n in self.codes.items() if not intended)


# ---- clients ---------------------------------------------------------------------------------------------


class Client:
    """One client: its own channel, a Replayer per game, and a seeded pick of each next call."""

    def __init__(
        self, index: int, channel: grpc.Channel, games: Sequence[GameRequests], clients: int, think: float = 0.0
    ) -> None:
        """``think``: the mean pause between two calls, seconds (exponentially distributed; 0: none)."""
        self.index = index
        self.think = think
        self.channel = channel
        self.games = games
        self.random = random.Random(index)
        self.turn = index
        unary = {k.rpc for k in MIX} - {"ReplayGameStream"}
        self.calls: dict[str, Any] = {rpc: rules_call(channel, rpc) for rpc in unary}
        self.stream = channel.stream_unary(
            f"/{SERVICE.full_name}/ReplayGameStream",
            request_serializer=service_pb2.ReplayGameStreamRequest.SerializeToString,
            response_deserializer=service_pb2.ReplayGameStreamResponse.FromString,
        )
        apply = partial(self.calls["ApplyMove"], timeout=DEADLINE)
        self.players = [
            Replayer(apply, g.recorded, g.recorded.position((2 * index + 1) * g.recorded.moves // (2 * clients)), False)
            for g in games
        ]

    def step(self, outcomes: Outcomes, stop: threading.Event) -> None:
        """Make the next call of the mix and note its outcome (a refusal waits its retry delay)."""
        kind = self.random.choices(MIX, weights=[k.share for k in MIX])[0]
        number = self.turn % len(self.games)
        self.turn += 1
        begin = time.perf_counter()
        try:
            self.call(kind, number)
            code, details = grpc.StatusCode.OK, ""
        except grpc.RpcError as error:
            code, details = error.code(), error.details() or ""
            if code == REFUSED:
                outcomes.note(kind, time.perf_counter() - begin, code, details)
                stop.wait(retry_delay(error))
                return
        outcomes.note(kind, time.perf_counter() - begin, code, details)

    def call(self, kind: Kind, number: int) -> None:
        """One call of ``kind`` about game ``number``."""
        if kind.label == "ApplyMove":
            self.players[number].step()
            return
        requests = self.games[number].requests[kind.label]
        request = requests[self.turn // len(self.games) % len(requests)]
        if kind.rpc == "ReplayGameStream":
            self.stream(iter(request), timeout=DEADLINE)
        else:
            self.calls[kind.rpc](request, timeout=DEADLINE)

    def run(self, outcomes: Outcomes, stop: threading.Event) -> None:
        """Call until stopped."""
        while not stop.is_set():
            self.step(outcomes, stop)
            if self.think:
                stop.wait(self.random.expovariate(1 / self.think))


# ---- processes and their memory --------------------------------------------------------------------------


@dataclass
class Process:
    """A process of the server's tree: its role, when it was first seen (s from the start) and its samples."""

    pid: int
    role: str
    first_seen: float
    samples: list[tuple[float, float]] = field(default_factory=list)  # (s from the start, MiB)

    @property
    def name(self) -> str:
        return f"{self.role} {self.pid}"


class Memory:
    """The resident memory of the server's processes, sampled; new processes are given ``role_of_new``."""

    def __init__(self, server: Server, start: float) -> None:
        self.root = server.process.pid
        self.start = start
        self.processes: dict[int, Process] = {}
        self.role_of_new = "process"
        self.lock = threading.Lock()
        self.sample()

    def sample(self) -> None:
        """One sample of every live process of the tree (new ones are added)."""
        now = time.perf_counter() - self.start
        with self.lock:
            for pid in process_tree(self.root):
                mib = rss_mib_of(pid)
                if mib is None:
                    continue
                if pid not in self.processes:
                    self.processes[pid] = Process(pid, self.role(pid), now)
                self.processes[pid].samples.append((now, mib))

    def role(self, pid: int) -> str:
        """What a newly seen process is: the server, a worker, the resource tracker, or ``role_of_new``."""
        if pid == self.root:
            return "server"
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
        except OSError:
            command = ""
        if "resource_tracker" in command:
            return "resource tracker"
        return "worker" if self.role_of_new == "process" else self.role_of_new

    def rebase(self, start: float) -> None:
        """Count time from ``start`` (the load's start) instead: samples before it get negative times."""
        shift = start - self.start
        with self.lock:
            for p in self.processes.values():
                p.first_seen -= shift
                p.samples = [(t - shift, mib) for t, mib in p.samples]
            self.start = start

    def latest(self) -> dict[str, float]:
        """Each live process's latest sample, MiB."""
        with self.lock:
            newest = max((p.samples[-1][0] for p in self.processes.values() if p.samples), default=0.0)
            return {p.name: p.samples[-1][1] for p in self.processes.values() if p.samples[-1][0] == newest}


@dataclass(frozen=True)
class MemoryFigures:
    """A process's memory (MiB) over the measured part: its first sample there (after the warm-up, or when it
    appeared later), its last and largest sample, and the largest in its first and in its last comparison
    span (the first starting at that first sample), which judge it: a process that draws a picture or runs a
    search holds its buffers for the length of a call, so a single sample may fall in a call or between two
    calls, while a span's largest sample is its working set with its largest call in it."""

    name: str
    after_warmup: float
    end: float
    max: float
    first_peak: float
    last_peak: float
    from_s: float

    @property
    def change(self) -> float:
        """The last span's peak against the first's, as a fraction of the first's."""
        return self.last_peak / self.first_peak - 1


def memory_figures(process: Process, measured_from: float, span_s: float) -> MemoryFigures | None:
    """A process's figures from its first sample at or after ``measured_from`` (``None``: none there), with
    comparison spans ``span_s`` long."""
    after = [(t, mib) for t, mib in process.samples if t >= measured_from]
    if not after:
        return None
    (begin, first), (end, last) = after[0], after[-1]
    return MemoryFigures(
        name=process.name,
        after_warmup=first,
        end=last,
        max=max(mib for _, mib in after),
        first_peak=max(mib for t, mib in after if t < begin + span_s),
        last_peak=max(mib for t, mib in after if t > end - span_s),
        from_s=begin,
    )


# ---- the run ---------------------------------------------------------------------------------------------


def start_pools(server: Server, games: Sequence[GameRequests], memory: Memory) -> None:
    """One PNG, then one SuggestMove: the processes each one starts are named after their pool."""
    with server.channel() as channel:
        pools = (("picture pool", "RenderView", "RenderView PNG"), ("search pool", "SuggestMove", "SuggestMove"))
        for role, rpc, label in pools:
            memory.role_of_new = role
            call: Any = rules_call(channel, rpc)
            call(games[0].requests[label][0], timeout=DEADLINE)
            time.sleep(0.5)  # the pool's process is up by now (it answered)
            memory.sample()
    memory.role_of_new = "pool process"


def check_bad_requests(server: Server, games: Sequence[GameRequests]) -> None:
    """Each bad request of the mix, once per game: it must answer its expected code."""
    with server.channel() as channel:
        for kind in MIX:
            call: Any = rules_call(channel, kind.rpc)
            for game in games if kind.expected is not None else ():
                try:
                    call(game.requests[kind.label][0], timeout=DEADLINE)
                    got = grpc.StatusCode.OK
                except grpc.RpcError as error:
                    got = error.code()
                if got != kind.expected:
                    raise RuntimeError(f"{kind.label} of {game.recorded.game_id}: {got.name}, not {kind.expected}")


@dataclass
class Run:
    """What a soak measured: its settings, outcomes and the processes' memory."""

    args: argparse.Namespace
    flags: list[str]
    outcomes: Outcomes
    memory: Memory
    windows: int


def progress(run: Run, window: int, started: float) -> dict[str, Any]:
    """A window's figures (printed as a progress line)."""
    o = run.outcomes
    with o.lock:
        calls = {label: len(lat) for label, lat in o.latencies[window].items()}
        refused = sum(o.refused[window].values())
    rss = run.memory.latest()
    elapsed = time.perf_counter() - started
    line = {
        "window": window,
        "end_s": o.warmup + (window + 1) * o.window,
        "calls": sum(calls.values()),
        "calls_per_s": sum(calls.values()) / o.window,
        "refused": refused,
        "unintended_errors": o.unintended(),
        "rss_mib": rss,
    }
    print(
        f"[{elapsed / 60:5.1f} min] window {window + 1}/{run.windows}: {line['calls_per_s']:6.0f} calls/s,"
        f" {refused} refused, {line['unintended_errors']} unintended errors so far; RSS MiB "
        + ", ".join(f"{name} {mib:.0f}" for name, mib in rss.items()),
        flush=True,
    )
    return line


def soak(args: argparse.Namespace, flags: list[str]) -> tuple[Run, list[dict[str, Any]]]:
    """Start the server, warm up, run the load; the run and the progress lines."""
    games_ = [record(game_id, 3, 3) for game_id in engines()]
    server = rules_server(flags)
    try:
        server.wait_ready()
        with server.channel() as channel:
            games = [game_requests(recorded, channel) for recorded in games_]
        check_bad_requests(server, games)
        start = time.perf_counter()
        memory = Memory(server, start)
        start_pools(server, games, memory)
        return load(server, games, memory, args, flags)
    finally:
        server.stop()


def load(
    server: Server, games: Sequence[GameRequests], memory: Memory, args: argparse.Namespace, flags: list[str]
) -> tuple[Run, list[dict[str, Any]]]:
    """The clients' load: a warm-up, then the measured windows, memory sampled throughout."""
    measured = args.minutes * 60 - args.warmup
    windows = max(1, round(measured / args.window_seconds))
    outcomes = Outcomes(time.perf_counter(), args.warmup, measured / windows)
    memory.rebase(outcomes.start)
    run = Run(args, flags, outcomes, memory, windows)
    stop = threading.Event()
    channels = [server.channel() for _ in range(args.clients)]
    clients = [Client(i, ch, games, args.clients, args.think_ms / 1000) for i, ch in enumerate(channels)]
    threads = [threading.Thread(target=c.run, args=(outcomes, stop), daemon=True) for c in clients]
    for thread in threads:
        thread.start()
    lines: list[dict[str, Any]] = []
    try:
        sample_every = min(2.0, outcomes.window / 5)
        end = outcomes.start + args.minutes * 60
        next_window = outcomes.start + args.warmup + outcomes.window
        while (now := time.perf_counter()) < end:
            time.sleep(min(sample_every, max(0.0, min(end, next_window) - now)))
            memory.sample()
            if time.perf_counter() >= next_window - 1e-3:
                lines.append(progress(run, len(lines), outcomes.start))
                next_window += outcomes.window
    finally:
        stop.set()
        for thread in threads:
            thread.join(DEADLINE)
        for channel in channels:
            channel.close()
    return run, lines


# ---- the report ------------------------------------------------------------------------------------------


def spans(windows: int, window: float) -> tuple[range, range]:
    """The first and last comparison spans (windows): 5 minutes each, or a third of a shorter run."""
    length = max(1, min(round(SPAN_SECONDS / window), windows // 3))
    return range(length), range(windows - length, windows)


def latency_figures(latencies: Sequence[float]) -> dict[str, float]:
    """Calls, p50, p99 and the slowest, ms."""
    ordered = sorted(latencies)
    if not ordered:
        return {"calls": 0, "p50_ms": 0.0, "p99_ms": 0.0, "max_ms": 0.0}
    return {
        "calls": len(ordered),
        "p50_ms": statistics.median(ordered) * 1000,
        "p99_ms": percentile(ordered, 0.99) * 1000,
        "max_ms": ordered[-1] * 1000,
    }


def pooled(outcomes: Outcomes, windows: Sequence[int], label: str) -> list[float]:
    return [x for w in windows for x in outcomes.latencies[w].get(label, [])]


def rpc_rows(run: Run) -> list[dict[str, Any]]:
    """Per kind of call: calls, calls/s, refusals and the spans' p50/p99 with the p99 ratio and its verdict."""
    o, args = run.outcomes, run.args
    first, last = spans(run.windows, o.window)
    measured = range(run.windows)
    rows = []
    for kind in MIX:
        a, b = latency_figures(pooled(o, first, kind.label)), latency_figures(pooled(o, last, kind.label))
        calls = len(pooled(o, measured, kind.label))
        ratio = b["p99_ms"] / a["p99_ms"] if a["calls"] and b["calls"] else float("nan")
        judged = min(a["calls"], b["calls"]) >= args.min_p99_calls
        verdict = "too few to judge" if not judged else ("ok" if ratio <= args.max_p99_ratio else "TOO SLOW")
        if judged and not args.max_p99_ratio:
            verdict = "not judged"
        rows.append(
            {
                "call": kind.label,
                "calls": calls,
                "calls_per_s": calls / (run.windows * o.window),
                "refused": sum(o.refused[w][kind.label] for w in measured),
                "first": a,
                "last": b,
                "p99_ratio": ratio,
                "verdict": verdict,
            }
        )
    return rows


def window_series(run: Run) -> list[dict[str, Any]]:
    """Every window's figures per kind of call (and the warm-up's, window -1)."""
    o = run.outcomes
    series = []
    for w in range(-1, run.windows):
        seconds = o.warmup if w < 0 else o.window
        per = {label: latency_figures(lat) for label, lat in o.latencies[w].items()}
        for label, n in o.refused[w].items():
            per.setdefault(label, latency_figures([]))["refused"] = n
        total = sum(f["calls"] for f in per.values())
        start = 0.0 if w < 0 else o.warmup + w * o.window
        series.append(
            {
                "window": w,
                "start_s": start,
                "seconds": seconds,
                "calls": total,
                "calls_per_s": total / seconds,
                "calls_by": per,
            }
        )
    return series


def summary(run: Run) -> dict[str, Any]:
    """The report: per-call rows, memory, errors and the verdicts."""
    measured_from = run.outcomes.warmup
    span_s = len(spans(run.windows, run.outcomes.window)[0]) * run.outcomes.window
    figures = (memory_figures(p, measured_from, span_s) for p in run.memory.processes.values())
    memory = [f for f in figures if f is not None]
    rows = rpc_rows(run)
    codes: list[dict[str, Any]] = [
        {"call": label, "code": code, "intended": intended, "count": n}
        | ({} if intended else {"first_details": run.outcomes.first_details.get((label, code), "")})
        for (label, code, intended), n in sorted(run.outcomes.codes.items())
    ]
    unintended = sum(c["count"] for c in codes if not c["intended"])
    checks = {
        "errors": unintended == 0,
        "rss": all(abs(f.change) <= run.args.max_rss_change for f in memory),
        "p99": all(r["verdict"] in ("ok", "too few to judge", "not judged") for r in rows),
        "every_call_made": all(r["calls"] > 0 or r["refused"] > 0 for r in rows),
    }
    return {
        "rows": rows,
        "memory": [{**vars(f), "change": f.change} for f in memory],
        "errors": codes,
        "unintended_errors": unintended,
        "checks": checks,
        "ok": all(checks.values()),
    }


def print_report(run: Run, report: dict[str, Any]) -> None:
    """The tables and verdict lines."""
    o = run.outcomes
    first, last = spans(run.windows, o.window)
    at = o.warmup / 60

    def span(r: range) -> str:
        return f"{at + r.start * o.window / 60:.1f}-{at + r.stop * o.window / 60:.1f} min"

    print(
        f"\n== calls: measured {run.windows * o.window / 60:.1f} min after {at:.1f} min of warm-up;"
        f" first span {span(first)}, last span {span(last)} ({len(first)} windows of {o.window:.0f} s each)"
    )
    print(
        f"{'call':<22}{'calls':>9}{'calls/s':>9}{'refused':>9}{'p50 first':>11}{'p99 first':>11}"
        f"{'p50 last':>10}{'p99 last':>10}{'last/first':>12}  verdict"
    )
    for r in report["rows"]:
        a, b = r["first"], r["last"]
        print(
            f"{r['call']:<22}{r['calls']:>9,}{r['calls_per_s']:>9.1f}{r['refused']:>9,}{a['p50_ms']:>11.1f}"
            f"{a['p99_ms']:>11.1f}{b['p50_ms']:>10.1f}{b['p99_ms']:>10.1f}{r['p99_ratio']:>11.2f}x  {r['verdict']}"
        )
    print("(ms; p50/p99 of the answered calls in each span; calls and calls/s over the whole measured part)")
    print(
        f"\n== memory (RSS MiB): peak of the first span after warm-up (or after first seen) vs peak of the last"
        f" span, within {run.args.max_rss_change:.0%}"
    )
    print(
        f"{'process':<26}{'from min':>9}{'after warm-up':>14}{'end':>8}{'max':>8}{'first peak':>11}{'last peak':>10}"
        f"{'change':>8}"
    )
    for m in report["memory"]:
        print(
            f"{m['name']:<26}{m['from_s'] / 60:>9.1f}{m['after_warmup']:>14.1f}{m['end']:>8.1f}{m['max']:>8.1f}"
            f"{m['first_peak']:>11.1f}{m['last_peak']:>10.1f}{m['change']:>+8.1%}"
        )
    print("\n== non-OK outcomes by code (whole run, warm-up included)")
    for c in report["errors"]:
        print(f"{c['call']:<22}{c['code']:<20}{c['count']:>9,}  {'intended' if c['intended'] else 'UNINTENDED'}")
        if not c["intended"]:
            print(f"{'':<22}first said: {c['first_details']!r}")
    print_verdicts(run, report)


def print_verdicts(run: Run, report: dict[str, Any]) -> None:
    checks = report["checks"]
    worst_rss = max(report["memory"], key=lambda m: abs(m["change"]))
    judged = [r for r in report["rows"] if r["verdict"] in ("ok", "TOO SLOW")]
    few = [r["call"] for r in report["rows"] if r["verdict"] == "too few to judge"]
    print()
    print(f"verdict errors: {report['unintended_errors']} unintended (0 allowed): {passed(checks['errors'])}")
    print(
        f"verdict RSS: worst {worst_rss['name']} {worst_rss['change']:+.1%}, last span's peak against the first's"
        f" (within {run.args.max_rss_change:.0%}): {passed(checks['rss'])}"
    )
    if judged:
        worst = max(judged, key=lambda r: r["p99_ratio"])
        print(
            f"verdict p99: worst {worst['call']} {worst['p99_ratio']:.2f}x of {len(judged)} judged (at most"
            f" {run.args.max_p99_ratio:g}x; too few to judge, under {run.args.min_p99_calls} calls a span:"
            f" {', '.join(few) or 'none'}): {passed(checks['p99'])}"
        )
    else:
        print(f"verdict p99: not judged: {passed(checks['p99'])}")
    print(f"verdict every call made: {passed(checks['every_call_made'])}")
    print("SOAK PASSED" if report["ok"] else "SOAK FAILED")


def passed(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


# ---- command line ----------------------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None) -> tuple[argparse.Namespace, list[str]]:
    """The options, and the server's flags (after ``--``); unset defaults are scaled to ``--minutes``."""
    parser = argparse.ArgumentParser(
        prog="python -m bench.soak", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--minutes", type=float, default=30.0, help="the whole run, warm-up included (%(default)s)")
    parser.add_argument("--clients", type=int, default=32, help="client threads, a channel each (%(default)s)")
    parser.add_argument(
        "--think-ms",
        type=float,
        default=THINK_MS,
        help="each client's mean pause between calls, as a table's between moves (%(default)s; 0: back to back)",
    )
    parser.add_argument("--warmup-minutes", type=float, help="default: min(2, minutes / 2)")
    parser.add_argument("--window-seconds", type=float, help="default: measured / 20, between 5 and 30")
    parser.add_argument("--min-p99-calls", type=int, default=500, help="calls a span to judge a p99 (%(default)s)")
    parser.add_argument("--max-p99-ratio", type=float, default=MAX_P99_RATIO, help="0: not judged (%(default)s)")
    parser.add_argument(
        "--max-rss-change", type=float, default=MAX_RSS_CHANGE, help="a process's memory change at most (%(default)s)"
    )
    parser.add_argument("--json", type=Path, help="write every window, memory sample and the summary here")
    parser.add_argument("--svg", type=Path, help="draw p99 per call, throughput and RSS over time here")
    args, rest = parser.parse_known_args(argv)
    flags = [a for a in rest if a != "--"]
    minutes = args.minutes
    args.warmup = 60 * (min(2.0, minutes / 2) if args.warmup_minutes is None else args.warmup_minutes)
    if args.window_seconds is None:
        args.window_seconds = min(30.0, max(5.0, (minutes * 60 - args.warmup) / 20))
    if minutes * 60 - args.warmup < args.window_seconds:
        parser.error("the run is shorter than its warm-up and one window")
    return args, flags


def write_json(path: Path, run: Run, lines: list[dict[str, Any]], report: dict[str, Any]) -> None:
    config = {k: (str(v) if isinstance(v, Path) else v) for k, v in vars(run.args).items()}
    data = {
        "config": {**config, "server_flags": run.flags, "window_seconds": run.outcomes.window},
        "mix": [
            {"call": k.label, "rpc": k.rpc, "share": k.share, "expected": k.expected and k.expected.name} for k in MIX
        ],
        "progress": lines,
        "windows": window_series(run),
        "processes": [
            {"name": p.name, "role": p.role, "pid": p.pid, "first_seen_s": p.first_seen, "samples": p.samples}
            for p in run.memory.processes.values()
        ],
        "summary": report,
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1) + "\n")


def main(argv: Sequence[str] | None = None) -> int:
    args, flags = parse_args(argv)
    print(
        f"soak: {args.minutes:g} min ({args.warmup / 60:g} min warm-up), {args.clients} clients,"
        f" windows of {args.window_seconds:g} s, every game of the registry, server flags {flags or 'as shipped'}",
        flush=True,
    )
    run, lines = soak(args, flags)
    report = summary(run)
    print_report(run, report)
    if args.json is not None:
        write_json(args.json, run, lines, report)
    if args.svg is not None:
        write_svg(args.svg, window_series(run), run.memory.processes.values(), [k.label for k in MIX])
    return 0 if report["ok"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
