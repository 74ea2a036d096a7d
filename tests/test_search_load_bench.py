"""The search load benchmark (``bench.search_load``) at a tiny size: both intervals measured in one run, the
searches answered, a verdict printed (its figures are the benchmark's business, not this test's)."""

from __future__ import annotations

import re

import pytest

from bench import search_load


def test_a_tiny_run_measures_play_alone_and_under_searches(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--game", "walled_city", "--players", "2", "--seconds", "1.5", "--warmup", "0.2", "--think-millis", "300"]
    status = search_load.main(argv)
    out = capsys.readouterr().out
    calls = [int(n) for n in re.findall(r"ApplyMove (?:alone|under searches)\s+(\d+) calls", out)]
    assert len(calls) == 2 and min(calls) > 0, out
    answered = re.search(r"searches\s+\{.*'answered': (\d+)", out)
    assert answered is not None and int(answered.group(1)) > 0, out
    assert out.strip().endswith("OK") == (status == 0) and out.strip().endswith(("OK", "FAIL"))
