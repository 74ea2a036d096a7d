"""bench/verify_folder.py: a folder of records of every game (ok, tampered, cut short, unreadable) gets the
right verdict from ``rules-engine-client verify``; the checker itself notices a wrong verdict."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench import verify_folder
from bench.verify_folder import Expected, kind_of, wrong


def test_a_small_folder_of_every_kind_gets_every_verdict_right(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert verify_folder.main(["--records", "50", "--dir", str(tmp_path), "--workers", "1", "--jobs", "4"]) == 0
    out = capsys.readouterr().out
    assert "OK: every verdict right ({'ok': 39, 'illegal': 5, 'unfinished': 5, 'unreadable': 1})" in out
    assert len(list(tmp_path.glob("record-*.json"))) == 50


def test_the_kinds_cycle_over_the_records() -> None:
    kinds = [kind_of(i) for i in range(100)]
    assert kinds.count("tampered") == 10 and kinds.count("unfinished") == 10 and kinds.count("unreadable") == 2


def test_the_checker_notices_every_kind_of_wrong_verdict() -> None:
    expected = [
        Expected("a.json", "ok", winners=[1], scores={"0": 3, "1": 5}),
        Expected("b.json", "illegal", move=4, code="X"),
        Expected("c.json", "unfinished"),
        Expected("d.json", "ok", winners=[0], scores={"0": 2, "1": 1}),
    ]
    report = [
        {"file": "a.json", "verdict": "ok", "winners": [0], "scores": {"0": 3, "1": 5}},
        {"file": "b.json", "verdict": "illegal", "move": 5, "code": "X"},
        {"file": "c.json", "verdict": "ok", "winners": [], "scores": {}},
        {"file": "e.json", "verdict": "ok", "winners": [], "scores": {}},
    ]
    problems = wrong(expected, report)
    assert [p.split(":")[0] for p in problems] == ["e.json", "a.json", "b.json", "c.json", "d.json"]
    right = [
        {"file": "a.json", "verdict": "ok", "winners": [1], "scores": {"0": 3, "1": 5}},
        {"file": "b.json", "verdict": "illegal", "move": 4, "code": "X"},
        {"file": "c.json", "verdict": "unfinished"},
        {"file": "d.json", "verdict": "ok", "winners": [0], "scores": {"0": 2, "1": 1}},
    ]
    assert wrong(expected, right) == []
