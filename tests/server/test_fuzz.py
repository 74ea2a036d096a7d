"""A small budget of the fuzz command (``bench.fuzz``) in the suite.

The main test starts real servers the way ``python -m bench.fuzz`` does (``rules-engine serve``
subprocesses, one of them with ``--state-memo 0``) and sends a few thousand random, mutated and
changed-state requests to every RPC of every game: none may fail with INTERNAL or UNKNOWN, hang,
or return a state the server then refuses. The other test points the fuzz at an in-process server
with a deliberately broken engine, so a fuzz that sees nothing fails here too.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest

from bench import fuzz
from engines import registry
from server.app import Running, start_server
from server.config import Config
from tests.server.conftest import LogSink

#: The suite's budget: enough for every (game, RPC, kind) many times over, well under a minute.
REQUESTS = 3000


def test_fuzz_budget_finds_no_failure() -> None:
    out = io.StringIO()
    report = fuzz.run(fuzz.Settings(requests=REQUESTS, seed=20240611, clients=4, max_seconds=50, progress=800), out)
    fuzz.print_report(report, out)
    assert report.requests >= REQUESTS, out.getvalue()
    assert not report.missing, out.getvalue()
    assert report.expected >= {(g, r, k) for g in registry.engines() for r in fuzz.RPCS for k in ("random", "mutated")}
    for failure in ("INTERNAL", "UNKNOWN", "hang"):
        assert report.outcomes(failure) == 0, out.getvalue()
    assert not [f for f in report.findings if f.category == "returned state rejected"], out.getvalue()
    assert report.checked > 0, "no returned state was sent back"
    assert report.outcomes("OK") > 0 and report.outcomes("INVALID_ARGUMENT") > 0
    assert all(s.in_time for s in report.shutdowns), out.getvalue()
    assert report.rss_before_kib and report.rss_after_kib
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


@pytest.fixture
def broken_servers(log_sink: LogSink) -> Iterator[tuple[Running, Running]]:
    engines = {"citadels": _Broken(registry.get("citadels"))}
    fuzzed = start_server(Config(host="127.0.0.1", port=0, threads=4), engines)
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
    assert failures["INTERNAL"] > 0 and failures["returned state rejected"] > 0, text
    assert {f.request.rpc for f in report.findings if f.category == "INTERNAL"} >= {"Score", "ReplayGame"}, text
    assert "FAIL: " in text and "returned state rejected" in text
    assert report.shutdowns == []  # servers it did not start are not stopped
