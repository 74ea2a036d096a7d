"""The picture benchmarks at a tiny size: ``bench.picture_bench`` measures CPU per call of both formats for a
game and prints its verdict; ``bench.picture_load`` measures ApplyMove alone and under a crowd of PNG clients in
a process of their own, which draw pictures. Their figures are the benchmarks' business, not these tests'."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bench import picture_bench, picture_load


def test_a_tiny_picture_bench_measures_both_formats(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    figures = tmp_path / "figures.json"
    status = picture_bench.main(["--runs", "1", "--states", "16", "--game", "citadels", "--json", str(figures)])
    out = capsys.readouterr().out
    (run,) = json.loads(figures.read_text())
    for image_format in ("SVG", "PNG"):
        measured = run["citadels"][image_format]
        assert measured["calls"] == 8 - picture_bench.WARMUP_CALLS, measured
        assert 0 < measured["cpu_p50_ms"] <= measured["cpu_p90_ms"], measured
        assert measured["latency_p50_ms"] > 0
    assert re.search(r"citadels\s+SVG\s+[\d.]+ to\s+[\d.]+\s+PNG\s+[\d.]+ to\s+[\d.]+", out), out
    assert out.strip().endswith("targets met in every run") == (status == 0), out


def test_a_tiny_picture_load_draws_pictures_while_play_goes_on(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--game", "citadels", "--players", "3", "--seconds", "1.5", "--warmup", "0.2", "--png-clients", "2"]
    status = picture_load.main(argv)
    out = capsys.readouterr().out
    calls = [int(n) for n in re.findall(r"ApplyMove (?:alone|under pictures)\s+(\d+) calls", out)]
    assert len(calls) == 2 and min(calls) > 0, out
    drawn = re.search(r"pictures\s+\{.*'drawn': (\d+)", out)
    assert drawn is not None and int(drawn.group(1)) > 0, out
    assert out.strip().endswith("OK") == (status == 0) and out.strip().endswith(("OK", "FAIL")), out
