"""The soak test (``bench.soak``) as CI runs it: two minutes of the whole mix, 32 clients, the server as
shipped (state memo on), in a subprocess. Its exit status and JSON report must show every kind of call
made, no unintended error and every process's memory within ``CI_RSS_CHANGE`` (issue 28, item 5, asks 10 %
of the 30-minute soak; in two minutes the server's caches are still filling: +8 to +10 % in three runs, so CI
allows 20 % and the 30-minute soak judges the 10 %). The p99 stability
verdict is printed and kept in the report but not asserted here: at two minutes on a shared two-CPU
machine it is noise (bench/README.md, "soak": short runs gave last/first ratios of 1.02 to 1.52 for the
busiest calls), so this run passes ``--max-p99-ratio 0``; the 30-minute soak judges it."""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import grpc
import pytest
from rulesengine.v1 import service_pb2

from bench import soak
from bench.soak_svg import ticks

ROOT = Path(__file__).resolve().parent.parent
MINUTES = 2
CI_RSS_CHANGE = 0.20


@pytest.fixture(scope="module")
def soaked(tmp_path_factory: pytest.TempPathFactory) -> tuple[subprocess.CompletedProcess[str], dict[str, Any], Path]:
    """The 2-minute soak's process, its JSON report and its plots."""
    folder = tmp_path_factory.mktemp("soak")
    argv = ["--minutes", str(MINUTES), "--max-p99-ratio", "0", "--max-rss-change", str(CI_RSS_CHANGE)]
    argv += ["--json", str(folder / "soak.json")]
    argv += ["--svg", str(folder / "soak.svg")]
    command = [sys.executable, "-m", "bench.soak", *argv]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=MINUTES * 60 + 300)
    return done, json.loads((folder / "soak.json").read_text()), folder / "soak.svg"


def test_the_soak_passes(soaked: tuple[subprocess.CompletedProcess[str], dict[str, Any], Path]) -> None:
    done, report, _ = soaked
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-3000:]
    assert done.stdout.rstrip().endswith("SOAK PASSED")
    assert report["summary"]["ok"] is True


def test_every_kind_of_call_was_answered(soaked: tuple[subprocess.CompletedProcess[str], dict[str, Any], Path]) -> None:
    rows = {row["call"]: row for row in soaked[1]["summary"]["rows"]}
    assert list(rows) == [kind.label for kind in soak.MIX]
    for label, row in rows.items():
        assert row["calls"] > 0, label
        assert 0 < row["first"]["p50_ms"] <= row["first"]["p99_ms"], label


def test_no_unintended_error(soaked: tuple[subprocess.CompletedProcess[str], dict[str, Any], Path]) -> None:
    summary = soaked[1]["summary"]
    assert summary["unintended_errors"] == 0, summary["errors"]
    assert not [e for e in summary["errors"] if not e["intended"]]
    # Each bad request answered its code; RESOURCE_EXHAUSTED is the only other code there is.
    expected = {kind.label: kind.expected.name for kind in soak.MIX if kind.expected is not None}
    for error in summary["errors"]:
        assert error["code"] == expected.get(error["call"], "RESOURCE_EXHAUSTED"), error


def test_every_process_kept_its_memory(soaked: tuple[subprocess.CompletedProcess[str], dict[str, Any], Path]) -> None:
    memory = soaked[1]["summary"]["memory"]
    roles = {m["name"].rsplit(" ", 1)[0] for m in memory}
    assert {"server", "picture pool", "search pool"} <= roles  # the pools were started before the warm-up
    for m in memory:
        assert abs(m["change"]) <= CI_RSS_CHANGE, m


def test_the_report_has_every_window_and_the_plots(
    soaked: tuple[subprocess.CompletedProcess[str], dict[str, Any], Path],
) -> None:
    _, report, svg = soaked
    windows = report["windows"]
    assert [w["window"] for w in windows] == list(range(-1, len(windows) - 1))
    assert all(w["calls"] > 0 for w in windows)
    assert len(report["progress"]) == len(windows) - 1
    assert all(len(p["samples"]) >= len(windows) - 1 for p in report["processes"] if p["role"] == "server")
    titles = [t.text or "" for t in ET.parse(svg).getroot().iter("{http://www.w3.org/2000/svg}text")]
    assert any(t.startswith("p99 per call") for t in titles) and any(t.startswith("resident memory") for t in titles)


def test_every_rpc_of_the_service_is_in_the_mix() -> None:
    service = service_pb2.DESCRIPTOR.services_by_name["RulesEngineService"]
    assert {kind.rpc for kind in soak.MIX} == set(service.methods_by_name)
    assert sum(kind.share for kind in soak.MIX) == pytest.approx(100)


def test_outcomes_count_what_was_intended() -> None:
    outcomes = soak.Outcomes(start=0.0, warmup=0.0, window=1e9)
    apply, illegal = soak.MIX[0], next(k for k in soak.MIX if k.label == "ApplyMove illegal")
    outcomes.note(apply, 0.01, grpc.StatusCode.OK)
    outcomes.note(apply, 0.01, grpc.StatusCode.RESOURCE_EXHAUSTED)  # refused: intended, no latency
    outcomes.note(illegal, 0.02, grpc.StatusCode.INVALID_ARGUMENT)  # its expected code: intended
    outcomes.note(illegal, 0.02, grpc.StatusCode.OK)  # an illegal move accepted: an error
    outcomes.note(apply, 0.5, grpc.StatusCode.DEADLINE_EXCEEDED)
    assert outcomes.latencies[0] == {"ApplyMove": [0.01], "ApplyMove illegal": [0.02]}
    assert outcomes.refused[0] == {"ApplyMove": 1}
    assert outcomes.unintended() == 2


def test_spans_are_five_minutes_or_a_third() -> None:
    assert soak.spans(56, 30.0) == (range(10), range(46, 56))  # 28 measured minutes: 5 minutes each
    assert soak.spans(12, 5.0) == (range(4), range(8, 12))  # a 2-minute run: the first and last third of its minute
    assert soak.spans(1, 5.0) == (range(1), range(1))


def test_memory_is_judged_on_the_spans_peaks() -> None:
    process = soak.Process(7, "picture pool", 0.0, [(-5.0, 10.0), (1.0, 50.0), (2.0, 80.0), (9.0, 60.0), (10.0, 84.0)])
    figures = soak.memory_figures(process, measured_from=0.0, span_s=3.0)
    assert figures is not None
    assert (figures.after_warmup, figures.end, figures.max, figures.first_peak, figures.last_peak) == (
        50.0,
        84.0,
        84.0,
        80.0,
        84.0,
    )
    assert figures.change == pytest.approx(0.05)


def test_axis_ticks() -> None:
    assert ticks(0.0, 28.0, False) == [0, 5, 10, 15, 20, 25, 30]
    assert ticks(3.0, 4000.0, True) == [1, 10, 100, 1000, 10000]
