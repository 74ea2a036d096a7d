"""The conformance suite's own machinery: a hang or a crash becomes a finding, a refusal does not,
the time bound gives back a running outer timer, and KNOWN_BUGS explains only what it names."""

from __future__ import annotations

import signal
import time
from typing import Any

import pytest

from engines.core.errors import IllegalMove, StateInvalid
from tests.conformance.conftest import KNOWN_BUGS, KnownBug, unknown
from tests.conformance.support import REFUSALS, CallTimedOut, Finding, Probe, hangs, time_bound


def spin() -> None:
    while True:
        pass


class Checker:
    """An engine whose ``check`` does what it is told."""

    def __init__(self, behaviour: Any) -> None:
        self.check = behaviour


def refuse(state: Any) -> None:
    raise StateInvalid("no", "field")


def crash(state: Any) -> None:
    raise KeyError("unknown id")


def test_a_hang_is_a_finding_and_stops_the_probe() -> None:
    probe = Probe("game", "x: 1 -> 2", seconds=0.2)
    started = time.monotonic()
    assert not probe.accepts(Checker(lambda state: spin()), object())
    assert time.monotonic() - started < 2
    assert probe.hung and hangs(probe.findings) == 1
    assert probe.run("score", lambda: 1) is None, "no call after a hang"


def test_a_crash_is_a_finding_a_refusal_is_not() -> None:
    probe = Probe("game", "x: 1 -> 2")
    assert not probe.accepts(Checker(refuse), object())
    assert probe.findings == []
    assert probe.run("apply", lambda: (_ for _ in ()).throw(IllegalMove([])), allowed=REFUSALS) is None
    assert probe.findings == []
    assert not probe.accepts(Checker(crash), object())
    assert [f.call for f in probe.findings] == ["check"] and "KeyError" in probe.findings[0].problem
    assert probe.accepts(Checker(lambda state: None), object())


def test_closure_refusal_is_a_finding() -> None:
    probe = Probe("game", "x: 1 -> 2")
    assert not probe.accepts(Checker(refuse), object(), after="Move(seat=0)")
    assert [f.call for f in probe.findings] == ["closure"]


def test_time_bound_resumes_an_outer_timer() -> None:
    fired: list[int] = []
    previous = signal.signal(signal.SIGALRM, lambda signum, frame: fired.append(signum))
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.5)
        with time_bound(5, "quick"):
            pass
        remaining, _ = signal.getitimer(signal.ITIMER_REAL)
        assert 0 < remaining <= 0.5
        with pytest.raises(CallTimedOut), time_bound(0.05, "slow"):
            spin()
        time.sleep(0.6)
        assert fired == [signal.SIGALRM]
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def test_known_bugs_explain_only_what_they_name() -> None:
    bug = KnownBug("game", "score to proto", r"Value out of range", r"\.points: ")
    hit = Finding(
        "game", "game.ledger[1].points: 1 -> 2147483647", "score to proto", "ConversionError: Value out of range"
    )
    assert bug.matches(hit)
    assert not bug.matches(Finding("other", hit.mutation, hit.call, hit.problem))
    assert not bug.matches(Finding("game", hit.mutation, "apply", hit.problem))
    assert KnownBug("game", "apply", "hang").matches(Finding("game", "x", "apply of listed Move(seat=0)", "hang"))
    assert not bug.matches(Finding("game", "game.round: 1 -> 2", hit.call, hit.problem))
    assert all(bug.note for bug in KNOWN_BUGS), "every known bug says what it is"
    assert unknown([]) == []
