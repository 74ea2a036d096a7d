"""A small budget of the fuzz command (``tools.fuzz``) in the suite.

The main test starts real servers the way ``python -m tools.fuzz`` does (``rules-engine serve``
subprocesses: the fuzzed one with an HTTP port, and one with ``--state-memo 0``) and sends a few
thousand random, mutated, envelope-changed, changed-state and malformed-HTTP requests to every RPC of
every game on both ports: none may fail with INTERNAL or UNKNOWN, hang, return a state the server then
refuses, or be answered differently by the memo-off server. The budget is what it takes, from a clean
start, to find the findings of issue #22 on the code before their fixes (tools/README.md, "fuzz"):
the Unicode-digit rules version within the first 50 requests, malformed Connect and gRPC-Web envelopes
within 100, a gzip bomb within 350, a remembered state under another game's id (over gRPC-Web too)
within 1000. The other test points the fuzz at an in-process server with a deliberately broken engine,
so a fuzz that sees nothing fails here too.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest

from engines import registry
from server.app import Running, start_server
from server.config import Config
from tests.server.conftest import LogSink
from tools import fuzz

#: The suite's budget: every (game, RPC, kind, port) several times and every envelope family of every RPC
#: of every game once, and (measured on the code before the fixes of issue #22) 4x the requests it took
#: to find its last finding; about 35 s on two cores.
REQUESTS = 4000


def test_fuzz_budget_finds_no_failure() -> None:
    out = io.StringIO()
    settings = fuzz.Settings(requests=REQUESTS, seed=20240611, clients=4, max_seconds=80, progress=1000)
    report = fuzz.run(settings, out)
    fuzz.print_report(report, out)
    assert report.requests >= REQUESTS, out.getvalue()
    assert not report.missing, out.getvalue()
    kinds_and_ports = {(k, p) for k in fuzz.KINDS for p in fuzz.kind_ports(k)}
    assert report.expected >= {(g, r, k, p) for g in registry.engines() for r in fuzz.RPCS for k, p in kinds_and_ports
                               if k != "state"}  # fmt: skip
    for failure in ("INTERNAL", "UNKNOWN", "hang", "bad answer"):
        assert report.outcomes(failure) == 0, out.getvalue()
    assert not [f for f in report.findings if f.category in (fuzz.REJECTED, fuzz.DISAGREEMENT)], out.getvalue()
    assert report.checked > 0, "no returned state was sent back"
    assert report.compared > 0, "no answer was compared with the memo-off server's"
    assert report.outcomes("OK") > 0 and report.outcomes("INVALID_ARGUMENT") > 0
    assert {t for (_, _, _, t, _) in report.counts} == {"grpc", *fuzz.transport.CONTENT_TYPES}, out.getvalue()
    assert all(s.in_time for s in report.shutdowns), out.getvalue()
    assert report.rss_before_kib and report.rss_after_kib and "server" in report.memory
    assert report.ok, out.getvalue()


class _Broken:
    """Citadels with two planted bugs: ``score`` raises, and ``apply`` returns a state whose
    crown is on no seat (which the check refuses when the state comes back)."""

    def __init__(self, engine: Any) -> None:
        self._engine = engine

    def __getattr__(self, name: str) -> Any:
        return getattr(self._engine, name)

    def score(self, state: Any) -> Any:
        raise ZeroDivisionError("planted")

    def apply(self, state: Any, move: Any) -> Any:
        return msgspec.structs.replace(self._engine.apply(state, move), crown=99)

    def apply_logged(self, state: Any, move: Any) -> Any:
        after, entry = self._engine.apply_logged(state, move)
        return msgspec.structs.replace(after, crown=99), entry


@pytest.fixture
def broken_servers(log_sink: LogSink) -> Iterator[tuple[Running, Running]]:
    engines = {"citadels": _Broken(registry.get("citadels"))}
    fuzzed = start_server(Config(host="127.0.0.1", port=0, threads=4, http_port=0), engines)
    checker = start_server(Config(host="127.0.0.1", port=0, threads=4, state_memo=0), engines)
    try:
        yield fuzzed, checker
    finally:
        fuzzed.stop(None)
        checker.stop(None)


def test_fuzz_reports_internal_errors_and_rejected_states(broken_servers: tuple[Running, Running]) -> None:
    fuzzed, checker = broken_servers
    settings = fuzz.Settings(
        requests=200,
        seed=3,
        target=f"127.0.0.1:{fuzzed.port}",
        http_target=f"127.0.0.1:{fuzzed.http_port}",
        checker=f"127.0.0.1:{checker.port}",
        max_seconds=50,
        progress=1000,
    )
    out = io.StringIO()
    report = fuzz.run(settings, out)
    fuzz.print_report(report, out)
    text = out.getvalue()
    assert not report.ok
    failures = report.failures()
    assert failures["INTERNAL"] > 0 and failures[fuzz.REJECTED] > 0, text
    # The memo-on server takes back the broken state it returned (its memo holds it); the memo-off one does not.
    assert failures[fuzz.DISAGREEMENT] > 0, text
    assert {f.request.rpc for f in report.findings if f.category == "INTERNAL"} >= {"Score", "ReplayGame"}, text
    assert {f.request.port for f in report.findings if f.category == "INTERNAL"} == {"grpc", "http"}, text
    assert "FAIL: " in text and "returned state rejected" in text
    assert report.shutdowns == []  # servers it did not start are not stopped
