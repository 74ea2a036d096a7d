"""The strength benchmark (``bench.bots``) at a tiny size: its records, its table, its docs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench import bots


def test_a_tiny_run_records_each_game_and_prints_the_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    results = tmp_path / "bots.jsonl"
    argv = ["--lines", "walled_city/random-2p", "--games", "2", "--playouts", "2", "--results", str(results)]
    assert bots.main(argv) == 0
    rows = [json.loads(line) for line in results.read_text().splitlines()]
    assert [(r["line"], r["number"], r["seat"]) for r in rows] == [("walled_city/random-2p", n, n % 2) for n in (0, 1)]
    for row in rows:
        assert row["share"] in (0.0, 0.5, 1.0) and set(row["winners"]) <= {0, 1}
        assert row["decisions"] > 0 and row["playouts"] <= 2 * row["decisions"]
    table = capsys.readouterr().out
    assert "| walled_city | random-2p | 2 | 2 |" in table and "≥ 90%" in table
    # A second run finds both games done and plays nothing more.
    assert bots.main(argv) == 0
    assert len(results.read_text().splitlines()) == 2


def test_the_interval_is_wilsons() -> None:
    mean, low, high = bots.interval([1.0] * 9 + [0.0])
    assert mean == 0.9 and 0.59 < low < 0.6 and 0.98 < high < 0.99
    assert bots.interval([0.5, 0.5])[0] == 0.5


def test_every_line_has_a_target_but_the_solo_ones_and_docs_have_the_markers() -> None:
    for line in bots.lines():
        assert (line.target is None) == line.kind.startswith("solo-")
    page = bots.DOCS.read_text()
    assert page.count(bots.BEGIN) == 1 and page.count(bots.END) == 1
