"""A fuzz run: the servers, the jobs on client threads, the checks of every answer, the tally, and the
saved findings (``--save``) and their replay (``--replay``)."""

from __future__ import annotations

import base64
import collections
import dataclasses
import json
import random
import re
import sys
import tempfile
import threading
import time
from collections.abc import Iterable, Iterator
from concurrent import futures
from pathlib import Path
from typing import Any, TextIO

from google.protobuf.message import DecodeError, Message
from rulesengine.v1 import service_pb2

from engines import registry
from tools.fuzz.build import Built, to_request
from tools.fuzz.contract import RESPONSES, STATUS_NAMES, path_of, returned_state
from tools.fuzz.corpus import Corpus, build_corpus, valid_request
from tools.fuzz.envelope import envelope_change
from tools.fuzz.http_form import http_change
from tools.fuzz.kinds import (
    EXTRA_APPLIED,
    STATE_REQUESTS,
    changed_state,
    first_ok_moves,
    mutated_request,
    random_request,
)
from tools.fuzz.plan import KINDS, PORTS, Cell, Job, expected_cells, kind_rpcs, plan
from tools.fuzz.servers import ServerProcess, Shutdown, internal_errors, rss_by_process, server_code, serving
from tools.fuzz.transport import (
    GRPC,
    LOAD_CODES,
    GrpcEndpoint,
    HttpEndpoint,
    Outcome,
    Request,
    failing,
    told_deadline,
)

#: Categories of finding besides the failing outcomes themselves.
REJECTED = "returned state rejected"
DISAGREEMENT = "memo/fresh-decode disagreement"
SEARCH_LATE = "search past its deadline"
#: Answers about the transport rather than the request (a port's refusal of a protocol): not compared.
TRANSPORT_REFUSALS = frozenset({"UNIMPLEMENTED"})
#: The RPCs that search until their budget or their deadline runs out (written out): such a call must answer
#: before its deadline, never DEADLINE_EXCEEDED. RESOURCE_EXHAUSTED (another search under way) is clean.
SEARCHES = frozenset({"SuggestMove"})
#: How far past its deadline a search's answer may come (the answer's way back to the client).
SEARCH_MARGIN = 0.25
#: The least deadline a search is held to: a deadline of a few milliseconds (a changed timeout header) is
#: rightly answered DEADLINE_EXCEEDED before any search.
SEARCH_CHECKED_FROM = 1.0


def late_search(request: Request, outcome: Outcome, timeout: float) -> str | None:
    """How a search (``SEARCHES``) outlived the deadline it was told (sent with the client's own ``timeout``):
    it answered DEADLINE_EXCEEDED, or took longer than that deadline (or the client's own, if shorter) and
    ``SEARCH_MARGIN``; ``None`` when it did not, or was told no deadline of ``SEARCH_CHECKED_FROM`` or more."""
    if request.rpc not in SEARCHES:
        return None
    told = told_deadline(request, timeout)
    if told is None or told < SEARCH_CHECKED_FROM:
        return None
    bound = min(told, request.deadline or timeout)
    if outcome.code == "DEADLINE_EXCEEDED":
        who = "the server" if outcome.answered else "the client"
        return f"DEADLINE_EXCEEDED ({who}) after {outcome.seconds:.2f} s, told {told:g} s: {outcome.detail[:150]}"
    if outcome.seconds > bound + SEARCH_MARGIN:
        return f"{outcome.code} after {outcome.seconds:.2f} s, past a deadline of {bound:g} s"
    return None


@dataclasses.dataclass
class Finding:
    """A request that made the run fail."""

    category: str
    request: Request
    code: str
    detail: str
    at: int = 0
    """How many requests the run had counted when this one failed (and seconds since it started)."""
    seconds: float = 0.0

    def group(self) -> tuple[str, str, str, str, str]:
        """Findings of the same kind: category, RPC, game, transport and the change without indexes or
        values (for ``envelope`` and ``http``, the family of the change)."""
        how = self.request.how
        prefix = "message: " if re.match(r"message \d+ of \d+: ", how) else ""
        how = re.sub(r"^message \d+ of \d+: ", "", how)
        how = re.sub(r"^random bytes \(.*\)( .*)?$", r"random bytes\1", how)
        if self.request.kind in ("envelope", "http") or how.startswith(("field ", "state ")):
            how = how.split(": ", 1)[0]
        how = prefix + re.sub(r"\[\d+\]", "[]", how)
        return self.category, self.request.rpc, self.request.game, self.request.transport, how

    def to_json(self) -> dict[str, Any]:
        """The finding as ``--save`` writes it: every part of the request needed to send it again (on the
        gRPC port its messages, on the HTTP port the transport, path, headers and body), base64 for bytes."""
        r = self.request
        request: dict[str, Any] = {
            "game": r.game,
            "rpc": r.rpc,
            "kind": r.kind,
            "how": r.how,
            "transport": r.transport,
            "port": r.port,
        }
        if r.port == "http":
            content_type = next((v for k, v in r.headers if k.lower() == "content-type"), "")
            request["http"] = {
                "method": "POST",
                "path": path_of(r.rpc),
                "content_type": content_type,
                "headers": [list(h) for h in r.headers],
            }
        if r.deadline is not None:
            request["deadline"] = r.deadline
        if r.cut:
            request["cut"] = r.cut
        if r.prelude:
            request["prelude"] = [[rpc, base64.b64encode(data).decode()] for rpc, data in r.prelude]
        if r.compare is not None:
            request["compare"] = base64.b64encode(r.compare).decode()
        request["payload"] = [base64.b64encode(p).decode() for p in r.payload]
        return {"category": self.category, "code": self.code, "detail": self.detail, "request": request}


def load_request(path: Path) -> Request:
    """The request of a finding saved by ``--save`` (files of earlier versions included: gRPC, no extras)."""
    data = json.loads(path.read_text())["request"]
    http = data.get("http") or {}
    return Request(
        game=data["game"],
        rpc=data["rpc"],
        kind=data["kind"],
        how=data["how"],
        payload=tuple(base64.b64decode(p) for p in data["payload"]),
        transport=data.get("transport", GRPC),
        headers=tuple((str(k), str(v)) for k, v in http.get("headers", [])),
        deadline=data.get("deadline"),
        cut=data.get("cut", ""),
        prelude=tuple((rpc, base64.b64decode(b)) for rpc, b in data.get("prelude", [])),
        compare=base64.b64decode(data["compare"]) if data.get("compare") is not None else None,
    )


@dataclasses.dataclass
class Memory:
    """One process's VmRSS over a run (KiB): at the start, the least and most sampled, at the end."""

    before: int | None = None
    low: int | None = None
    high: int | None = None
    after: int | None = None

    def sample(self, kib: int) -> None:
        if self.before is None:
            self.before = kib
        self.low = kib if self.low is None else min(self.low, kib)
        self.high = kib if self.high is None else max(self.high, kib)


@dataclasses.dataclass
class FuzzReport:
    """Everything a run found."""

    counts: collections.Counter[tuple[str, str, str, str, str]]
    """(game, rpc, kind, transport, outcome) -> requests; outcome is a status code name, ``hang``, ``HTTP 413``..."""
    findings: list[Finding]
    expected: set[Cell]
    checked: int
    """Returned states sent back to both servers."""
    compared: int
    """Requests sent to the memo-off server too, and the answers compared."""
    rss_before_kib: int | None
    rss_after_kib: int | None
    memory: dict[str, Memory]
    """Each process of the fuzzed server (``server``, ``worker 1234``, ...) -> its RSS over the run."""
    shutdowns: list[Shutdown]
    restarts: int
    seconds: float
    internal_errors: collections.Counter[str]
    stopped_early: str = ""
    server_code: str = ""

    @property
    def requests(self) -> int:
        return sum(self.counts.values())

    def outcomes(self, code: str) -> int:
        return sum(n for (_, _, _, _, c), n in self.counts.items() if c == code)

    @property
    def exercised(self) -> set[Cell]:
        return {(g, r, k, "grpc" if t == GRPC else "http") for (g, r, k, t, _), n in self.counts.items() if n}

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


@dataclasses.dataclass(frozen=True)
class Settings:
    """What to fuzz and how hard."""

    requests: int = 20_000
    seed: int = 1
    target: str | None = None
    """A running server on 127.0.0.1 (host:port); ``None``: start one."""
    http_target: str | None = None
    """The HTTP port of the running ``target`` (127.0.0.1:port); ``None`` with a target: the gRPC port only."""
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
    kinds: tuple[str, ...] = KINDS
    ports: tuple[str, ...] = PORTS
    source: Path | None = None
    """Run the servers from this checkout's code (``python -m server.cli`` with it as cwd and PYTHONPATH)."""
    rss_every: float = 1.0
    """Seconds between two samples of the fuzzed server's memory."""
    games: tuple[str, ...] = ()
    """Fuzz only these games (empty: every game the server lists)."""


def _local(target: str) -> str:
    host = target.rsplit(":", 1)[0].strip("[]")
    if host not in ("127.0.0.1", "localhost", "::1"):
        raise ValueError(f"the fuzz talks only to this machine; {target} is not on 127.0.0.1")
    return target


class _Stop(Exception):
    """The run cannot go on (time limit, a server we do not own is down)."""


class Fuzzer:
    """Runs the jobs against the servers and keeps the tally."""

    def __init__(self, settings: Settings, out: TextIO, log_dir: Path) -> None:
        self.settings = settings
        self.out = out
        self.primary: ServerProcess | None = None
        self.checker: ServerProcess | None = None
        flags = ["--workers", str(settings.workers), "--threads", str(settings.threads)]
        self.http_wanted = "http" in settings.ports and (settings.target is None or settings.http_target is not None)
        if settings.target is None:
            memo = [] if settings.state_memo is None else ["--state-memo", str(settings.state_memo)]
            self.primary = ServerProcess(
                "fuzzed",
                flags + memo,
                settings.grace,
                log_dir,
                http=self.http_wanted,
                source=settings.source,
                workers=settings.workers,
            )
        if settings.checker is None and not (settings.target is None and settings.state_memo == 0):
            self.checker = ServerProcess(
                "memo-off", [*flags, "--state-memo", "0"], settings.grace, log_dir, source=settings.source
            )
        self.counts: collections.Counter[tuple[str, str, str, str, str]] = collections.Counter()
        self.findings: list[Finding] = []
        self.checked = 0
        self.compared = 0
        self.restarts = 0
        self.corpora: dict[str, Corpus] = {}
        self.grpc: GrpcEndpoint | None = None
        self.http: HttpEndpoint | None = None
        self.check: GrpcEndpoint | None = None
        self._memory: dict[str, Memory] = {}
        self._names: dict[str, str] = {}
        self._lock = threading.Lock()
        self._sampling = threading.Event()
        self.started = time.monotonic()

    # -- servers and channels

    def start(self) -> None:
        for server in (self.primary, self.checker):
            if server is not None:
                server.start()
        self._connect()

    def _connect(self) -> None:
        for endpoint in (self.grpc, self.http, self.check):
            if endpoint is not None:
                endpoint.close()
        s = self.settings
        target = self.primary.target if self.primary is not None else _local(s.target or "")
        self.grpc = GrpcEndpoint(target)
        self.http = None
        if self.http_wanted:
            http_port = (
                self.primary.http_port if self.primary is not None else int(_local(s.http_target or "").rsplit(":")[-1])
            )
            self.http = HttpEndpoint(http_port)
        if self.checker is not None:
            self.check = GrpcEndpoint(self.checker.target)
        elif s.checker is not None:
            self.check = GrpcEndpoint(_local(s.checker))
        else:
            self.check = None

    def stop(self) -> None:
        self._sampling.set()
        for endpoint in (self.grpc, self.http, self.check):
            if endpoint is not None:
                endpoint.close()
        for server in (self.primary, self.checker):
            if server is not None and server.process is not None:
                server.stop()

    def rss(self) -> dict[str, int]:
        """VmRSS (KiB) of each process of the fuzzed server (empty when it is not ours or not running)."""
        if self.primary is None or not self.primary.alive():
            return {}
        return rss_by_process(self.primary.pid, self.settings.workers)

    def _sample(self) -> dict[str, int]:
        """One sample of the fuzzed server's memory, kept per process (a process keeps the most telling of the
        labels it had: a drawing process is a plain child until it lowers its priority)."""
        found = self.rss()
        with self._lock:
            for label, kib in found.items():
                pid = _pid_of(label)
                if pid not in self._names or not label.startswith("child"):
                    self._names[pid] = label
                self._memory.setdefault(pid, Memory()).sample(kib)
        return {self._names[_pid_of(label)]: kib for label, kib in found.items()}

    @property
    def memory(self) -> dict[str, Memory]:
        """Each process of the fuzzed server, by its label, with its memory over the run."""
        with self._lock:
            return {self._names[pid]: memory for pid, memory in self._memory.items()}

    def _sampler(self) -> None:
        while not self._sampling.wait(self.settings.rss_every):
            self._sample()

    def _restart_primary(self) -> None:
        assert self.primary is not None
        self.primary.restart(after_hang=True)
        self.restarts += 1
        self._connect()

    # -- one request

    def endpoint(self, request: Request) -> GrpcEndpoint | HttpEndpoint:
        if request.port == "http":
            if self.http is None:
                raise RuntimeError("an HTTP request, and the server has no HTTP port here (--http-target)")
            return self.http
        assert self.grpc is not None
        return self.grpc

    def call(self, rpc: str, data: bytes) -> Outcome:
        """One plain call to the fuzzed server's gRPC port (a prelude)."""
        assert self.grpc is not None
        return self.grpc.call(rpc, (data,), self.settings.deadline)

    def send(self, request: Request, prelude_done: bool = False) -> Outcome:
        """Send ``request`` (after its prelude); compare the answer with the memo-off server's when it asks
        for that; for an OK answer with a playable state, send the state back to both servers."""
        deadline = self.settings.deadline
        if not prelude_done:
            for rpc, data in request.prelude:
                self.call(rpc, data)
        sent = time.monotonic()
        outcome = self.endpoint(request).send(request, deadline)
        outcome.seconds = time.monotonic() - sent
        if request.compare is not None and self.check is not None:
            self._compare(request, outcome)
        if outcome.code != "OK" or outcome.body is None:
            return outcome
        try:
            state = returned_state(request.rpc, outcome.body)
        except DecodeError as exc:
            outcome.rejected = f"the response does not parse: {exc}"
            return outcome
        if state is not None:
            self._send_back(state, outcome)
        return outcome

    def _compare(self, request: Request, outcome: Outcome) -> None:
        """The same request to the memo-off server: another status (or, both OK, another answer) is a
        memo/fresh-decode disagreement. Outcomes that depend on load and timing are not compared."""
        assert self.check is not None and request.compare is not None
        status = outcome.code in STATUS_NAMES.values()  # not an HTTP-level answer (HTTP 415, closed, ...)
        if not status or outcome.code in LOAD_CODES or outcome.code in TRANSPORT_REFUSALS or failing(outcome.code):
            return
        other = self.check.call(request.rpc, (request.compare,), self.settings.deadline)
        if other.code in LOAD_CODES:
            return
        with self._lock:
            self.compared += 1
        if other.code != outcome.code:
            outcome.disagreement = (
                f"fuzzed (memo on, {request.transport}) {outcome.code}: {outcome.detail[:150]}"
                f" | memo-off {other.code}: {other.detail[:150]}"
            )
        elif outcome.code == "OK" and not _same_answer(request.rpc, outcome.body, other.body):
            outcome.disagreement = f"both OK on {request.transport}, and the answers differ"

    def _send_back(self, state: service_pb2.GameState, outcome: Outcome) -> None:
        """A returned state to LegalMoves on the memo-off server (which must take it) and on the fuzzed one
        (whose memo holds it): both must answer the same."""
        assert self.grpc is not None
        check = service_pb2.LegalMovesRequest(state=state).SerializeToString()
        checker = self.check or self.grpc
        back = checker.call("LegalMoves", (check,), self.settings.deadline)
        outcome.checked = True
        if back.code != "OK":
            outcome.rejected = f"{back.code}: {back.detail}"
        if self.check is None or back.code in LOAD_CODES:
            return
        mine = self.grpc.call("LegalMoves", (check,), self.settings.deadline)
        if mine.code in LOAD_CODES:
            return
        with self._lock:
            self.compared += 1
        if mine.code != back.code:
            outcome.disagreement = (
                f"the returned state sent back: fuzzed (memo on) {mine.code}: {mine.detail[:150]}"
                f" | memo-off {back.code}: {back.detail[:150]}"
            )
        elif mine.code == "OK" and not _same_answer("LegalMoves", mine.body, back.body):
            outcome.disagreement = "the returned state sent back: both OK, and the legal moves differ"

    # -- jobs

    def build(self, job: Job, built: Built) -> Request:
        return to_request(built, job.game, job.rpc, job.kind, job.transport, self.settings.deadline)

    def run_job(self, job: Job) -> list[tuple[Request, Outcome]]:
        rng = random.Random(f"{self.settings.seed}:{job.index}")
        corpus = self.corpora[job.game]
        if job.kind == "state":
            return self.run_state_job(job, corpus, rng)
        if job.kind == "random":
            built = random_request(job.rpc, rng, job.transport)
        elif job.kind == "mutated":
            built = mutated_request(job.rpc, corpus, rng, job.transport)
        elif job.kind == "envelope":
            valid = valid_request(job.rpc, corpus, rng)
            built = envelope_change(job.rpc, corpus, self.corpora, valid, rng, job.transport, job.turn, self.call)
        elif job.kind == "http":
            valid = valid_request(job.rpc, corpus, rng)
            built = http_change(job.rpc, valid, rng, job.transport, job.turn)
        else:
            raise ValueError(f"unknown kind {job.kind!r}")
        request = self.build(job, built)
        return [(request, self.send(request, prelude_done=request.prelude != () and job.kind == "envelope"))]

    def run_state_job(self, job: Job, corpus: Corpus, rng: random.Random) -> list[tuple[Request, Outcome]]:
        """One changed state to every state-taking RPC; ``LegalMoves`` first, so the move sent to
        ``ValidateMove`` and ``ApplyMove`` can be one it offered for the changed state."""
        position, state, how = changed_state(corpus, rng, job.turn)
        done: list[tuple[Request, Outcome]] = []
        offered: list[service_pb2.Move] = []
        for rpc in sorted(STATE_REQUESTS, key=lambda r: r != "LegalMoves"):
            message: Message = STATE_REQUESTS[rpc](state, position, corpus, rng, offered)
            built = Built([message.SerializeToString()], how, compare=True)
            request = to_request(built, job.game, rpc, "state", job.transport, self.settings.deadline)
            outcome = self.send(request)
            if rpc == "LegalMoves":
                offered = first_ok_moves(outcome)
            done.append((request, outcome))
        # A changed state the server took: more of the moves it offered, each returned state sent back.
        for move in rng.sample(offered, min(len(offered), EXTRA_APPLIED)):
            message = service_pb2.ApplyMoveRequest(state=state, move=move)
            built = Built([message.SerializeToString()], how + " (another offered move)", compare=True)
            request = to_request(built, job.game, "ApplyMove", "state", job.transport, self.settings.deadline)
            done.append((request, self.send(request)))
        return done

    # -- the tally

    def record(self, request: Request, outcome: Outcome) -> None:
        code = outcome.code
        self.counts[request.game, request.rpc, request.kind, request.transport, code] += 1
        self.checked += outcome.checked
        self.check_search(request, outcome)
        if failing(code):
            self.finding(code, request, code, outcome.detail)
        if outcome.rejected is not None:
            self.finding(REJECTED, request, code, outcome.rejected)
        if outcome.disagreement is not None:
            self.finding(DISAGREEMENT, request, code, outcome.disagreement)

    def check_search(self, request: Request, outcome: Outcome) -> None:
        """A search that outlived its deadline is a finding (a suspect's first answer too, before it is sent
        again: a search that misses its deadline once has missed it, whatever the second try does)."""
        late = late_search(request, outcome, self.settings.deadline)
        if late is not None:
            self.finding(SEARCH_LATE, request, outcome.code, late)

    def finding(self, category: str, request: Request, code: str, detail: str) -> None:
        elapsed = time.monotonic() - self.started
        self.findings.append(Finding(category, request, code, detail, self.total(), elapsed))

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
                self.counts[request.game, request.rpc, request.kind, request.transport, outcome.code] += 1
                category = "server died" if dead else "UNAVAILABLE"
                self.finding(category, request, outcome.code, outcome.detail)
                wedged = True
            else:
                self.record(request, outcome)
                wedged = False
        if wedged and self.primary is not None:
            self._restart_primary()
        if self.primary is None and self.grpc is not None and not serving(self.grpc.target):
            return f"the server at {self.grpc.target} no longer reports SERVING"
        if self.checker is not None and not serving(self.checker.target):
            self.checker.restart(after_hang=True)
            self._connect()
        return ""

    def run(self) -> FuzzReport:
        s = self.settings
        started = self.started = time.monotonic()
        hard_stop = started + s.max_seconds
        code = server_code(s.source) if s.target is None else ""
        self.start()
        stopped = ""
        sampler = threading.Thread(target=self._sampler, name="fuzz-rss", daemon=True)
        try:
            listed = self.call("ListGames", b"")
            if listed.code != "OK" or listed.body is None:
                raise RuntimeError(f"ListGames failed: {listed.code} {listed.detail}")
            infos = list(service_pb2.ListGamesResponse.FromString(listed.body).games)
            corpus_rng = random.Random(s.seed)
            for info in infos:
                self.corpora[info.game_id] = build_corpus(registry.get(info.game_id), info, corpus_rng)
            games = [info.game_id for info in infos if not s.games or info.game_id in s.games]
            if not games:
                raise RuntimeError(f"none of the games {', '.join(s.games)} is served")
            total_states = sum(len(c.positions) for c in self.corpora.values())
            ports = [p for p in s.ports if p != "http" or self.http is not None]
            where = f"; server code {code}" if code else ""
            rpcs = dict.fromkeys(r for k in s.kinds for r in kind_rpcs(k))
            print(
                f"fuzzing {', '.join(games)}: {len(rpcs)} RPCs, {total_states} real states; kinds"
                f" {', '.join(s.kinds)}; ports {', '.join(ports)}; {s.requests} requests, seed {s.seed},"
                f" {s.clients} clients, deadline {s.deadline:g} s{where}",
                file=self.out,
                flush=True,
            )
            rss_before = _total(self._sample())
            sampler.start()
            try:
                self._loop(plan(games, s.kinds, ports), hard_stop, time.monotonic())
            except _Stop as stop:
                stopped = str(stop)
            final = self._sample()
            for label, memory in self.memory.items():
                memory.after = final.get(label)
            rss_after = _total(final)
        finally:
            self.stop()
            if sampler.is_alive():
                sampler.join(5)
        logs = [log for server in (self.primary, self.checker) if server is not None for log in server.logs]
        shutdowns = [d for server in (self.primary, self.checker) if server is not None for d in server.shutdowns]
        ports = [p for p in s.ports if p != "http" or self.http_wanted]
        return FuzzReport(
            counts=self.counts,
            findings=self.findings,
            expected=expected_cells([g for g in self.corpora if not s.games or g in s.games], s.kinds, ports),
            checked=self.checked,
            compared=self.compared,
            rss_before_kib=rss_before,
            rss_after_kib=rss_after,
            memory=self.memory,
            shutdowns=shutdowns,
            restarts=self.restarts,
            seconds=time.monotonic() - started,
            internal_errors=internal_errors(logs),
            stopped_early=stopped,
            server_code=code,
        )

    def _loop(self, jobs: Iterator[Job], hard_stop: float, started: float) -> None:
        s = self.settings
        next_progress = s.progress
        batch_size = max(1, s.clients) * 8
        with futures.ThreadPoolExecutor(max_workers=max(1, s.clients), thread_name_prefix="fuzz") as pool:
            while self.total() < s.requests:
                if time.monotonic() > hard_stop:
                    raise _Stop(f"the time limit of {s.max_seconds:g} s ran out after {self.total()} requests")
                batch: list[Job] = []
                planned = self.total()  # a job's size is at most what it sends: plan up to the budget, then again
                while planned < s.requests and len(batch) < batch_size:
                    job = next(jobs)
                    batch.append(job)
                    planned += job.size
                suspects: list[tuple[Request, Outcome]] = []
                for done in pool.map(self.run_job, batch):
                    for request, outcome in done:
                        if suspect(request, outcome):
                            self.check_search(request, outcome)
                            suspects.append((request, outcome))
                        else:
                            self.record(request, outcome)
                if self.primary is not None and not self.primary.alive() and not suspects:
                    self.finding("server died", batch_request(batch[-1]), "", "exited between calls")
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
        for (_, _, _, _, code), n in self.counts.items():
            codes[code] += n
        shown = "  ".join(f"{code} {n}" for code, n in codes.most_common())
        rss = self._sample()
        memory = "  rss " + ", ".join(f"{label} {kib / 1024:.0f} MB" for label, kib in rss.items()) if rss else ""
        print(
            f"{self.total():>8}/{self.settings.requests}  {self.total() / elapsed:6.0f} req/s  {shown}"
            f"  | failures {len(self.findings)}{memory}",
            file=self.out,
            flush=True,
        )


def _pid_of(label: str) -> str:
    """The process a memory label names (``server``, or its pid: ``pictures 1240 (of 1234)`` -> ``1240``)."""
    found = re.search(r"\d+", label)
    return found.group() if found else label


def suspect(request: Request, outcome: Outcome) -> bool:
    """Whether an answer may be the victim of a wedged or dead server: a deadline exceeded or no server,
    unless the request set its own short deadline or the server itself answered so (over HTTP)."""
    return outcome.code in ("DEADLINE_EXCEEDED", "UNAVAILABLE") and request.deadline is None and not outcome.answered


def _total(rss: dict[str, int]) -> int | None:
    return sum(rss.values()) if rss else None


def _same_answer(rpc: str, mine: bytes | None, theirs: bytes | None) -> bool:
    """Whether two OK answers of ``rpc`` hold the same response (the same bytes, or equal once parsed). A
    search's answers are compared when both stopped at their playouts (or had one move): it is a pure function
    of the seat's view, the budget and the seed then; how long it took never counts, and one stopped by its
    clock made as many playouts as the time allowed."""
    if mine == theirs:
        return True
    if mine is None or theirs is None:
        return False
    try:
        first, second = RESPONSES[rpc].FromString(mine), RESPONSES[rpc].FromString(theirs)
    except DecodeError:
        return False
    if rpc in SEARCHES:
        if service_pb2.SEARCH_STOP_TIME in (first.stopped, second.stopped):
            return True
        first.millis = second.millis = 0
    return bool(first == second)


def batch_request(job: Job) -> Request:
    return Request(job.game, job.rpc or "*", job.kind, f"job {job.index}", (), transport=job.transport)


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
    seen: dict[tuple[str, ...], Path] = {}
    for finding in report.findings:
        key = finding.group()
        if key not in seen:
            category, rpc, game, transport, _ = key
            name = re.sub(r"[^A-Za-z0-9_.+-]+", "_", f"{len(seen):03d}-{category}-{rpc}-{game}-{transport}")
            path = directory / f"{name}.json"
            path.write_text(json.dumps(finding.to_json(), indent=1, ensure_ascii=False) + "\n")
            seen[key] = path
    return list(seen.values())


# ---- replay ---------------------------------------------------------------------------------------------


@dataclasses.dataclass
class Replayed:
    """A saved request sent again: what came back and what is wrong with it (empty: nothing)."""

    path: Path
    request: Request
    outcome: Outcome
    problems: list[str]


def verdict(request: Request, outcome: Outcome, timeout: float | None = None) -> list[str]:
    """What is wrong with ``outcome`` as the answer to ``request`` (empty: nothing); given the client's own
    ``timeout``, a search that outlived its deadline too."""
    problems = []
    late = late_search(request, outcome, timeout) if timeout is not None else None
    if late is not None:
        problems.append(f"{SEARCH_LATE}: {late[:300]}")
    code = outcome.code
    if code == "DEADLINE_EXCEEDED" and suspect(request, outcome):
        code = "hang"
    if failing(code) or (code == "UNAVAILABLE" and suspect(request, outcome)):
        problems.append(f"{code}: {outcome.detail[:300]}")
    if outcome.rejected is not None:
        problems.append(f"{REJECTED}: {outcome.rejected[:300]}")
    if outcome.disagreement is not None:
        problems.append(f"{DISAGREEMENT}: {outcome.disagreement[:300]}")
    return problems


def replay_files(paths: Iterable[Path], settings: Settings, out: TextIO) -> list[Replayed]:
    """Send saved findings' requests again, one by one, on the port each was made for (starting the servers
    it needs: the fuzzed one with an HTTP port, and a memo-off one for the comparisons)."""
    done: list[Replayed] = []
    with tempfile.TemporaryDirectory(prefix="rules-engine-fuzz-") as log_dir:
        fuzzer = Fuzzer(settings, out, Path(log_dir))
        fuzzer.start()
        try:
            for path in paths:
                request = load_request(path)
                outcome = fuzzer.send(request)
                problems = verdict(request, outcome, settings.deadline)
                done.append(Replayed(path, request, outcome, problems))
                where = f"{request.rpc} {request.game} [{request.kind}, {request.transport}]"
                print(f"{path.name}: {where} {request.how[:160]}", file=out)
                print(f"    -> {outcome.code} {outcome.detail[:200]}", file=out)
                for problem in problems:
                    print(f"    FAIL {problem}", file=out)
                if suspect(request, outcome) and fuzzer.primary is not None:
                    fuzzer.primary.restart(after_hang=True)
                    fuzzer._connect()
        finally:
            fuzzer.stop()
            for line, n in internal_errors(
                log for server in (fuzzer.primary, fuzzer.checker) if server is not None for log in server.logs
            ).items():
                print(f"  server log: {n} x {line}", file=out)
    return done


def replay(paths: list[Path], settings: Settings, out: TextIO) -> int:
    """``--replay``: exit status 1 if any saved request still fails."""
    results = replay_files(paths, settings, out)
    return 1 if any(r.problems for r in results) else 0
