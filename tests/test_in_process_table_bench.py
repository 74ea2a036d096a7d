"""The in-process table (``bench.in_process_table``) at a tiny size: one game's row printed with positive
figures, its range, and a verdict that matches the exit status (its figures are the benchmark's business,
not this test's)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bench import in_process_table


def test_a_tiny_run_prints_a_row_and_a_verdict(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_file = tmp_path / "table.json"
    argv = ["--runs", "1", "--games", "2", "--passes", "1", "--game", "citadels", "--playouts", "20"]
    status = in_process_table.main([*argv, "--search-states", "2", "--json", str(out_file)])
    out = capsys.readouterr().out
    rows = re.findall(
        r"^\s+1 citadels\s+4\s+(\d+)\s+([\d,]+)\s+([\d,]+)\s+(met|MISSED)\s+(\d+)\s+(\d+)\s+"
        r"([\d.]+)\s+([\d,.]+)\s+([\d.]+)$",
        out,
        re.MULTILINE,
    )
    assert len(rows) == 1, out
    pairs, applied, validated, verdict, states, playouts, seconds, rate, cpu = rows[0]
    figures: list[float] = [int(pairs), int(applied.replace(",", "")), int(validated.replace(",", "")), int(states)]
    figures += [int(playouts), float(seconds), float(rate.replace(",", "")), float(cpu)]
    assert min(figures) > 0 and int(states) == 2 and int(playouts) == 40, out
    assert (verdict == "met") == (status == 0), out
    assert re.search(r"^citadels\s+4\s+[\d,]+ - [\d,]+", out, re.MULTILINE), out
    assert out.strip().endswith(("OK", "FAIL")) and out.strip().endswith("OK") == (status == 0), out
    written = json.loads(out_file.read_text())
    assert written["met"] == (status == 0) and [r["game"] for r in written["rows"]] == ["citadels"]
    assert written["rows"][0]["playouts"] == 40 and written["rows"][0]["validate_per_second"] > 0
