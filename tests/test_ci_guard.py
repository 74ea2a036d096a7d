"""CI must run the real suite, and a run that collects no test must fail (exit 5 is not success)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RUN = ROOT / "run"
CI_RUN = ROOT / ".ci" / "run"


def _commands(script: Path) -> list[str]:
    """The script's lines that are not blank, comments or shell options."""
    lines = [line.strip() for line in script.read_text().splitlines()]
    return [line for line in lines if line and not line.startswith("#") and not line.startswith("set ")]


def _run_pytest_only(*args: str) -> subprocess.CompletedProcess[str]:
    """``./run test ARGS`` against this interpreter's virtualenv, skipping install and linters."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    env.update(RUN_VENV=sys.prefix, RUN_SKIP_INSTALL="1", RUN_SKIP_LINT="1")
    return subprocess.run(
        [str(RUN), "test", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_ci_runs_the_full_test_command() -> None:
    assert os.access(CI_RUN, os.X_OK), ".ci/run must be executable"
    assert CI_RUN.read_text().startswith("#!/usr/bin/env bash")
    commands = _commands(CI_RUN)
    # The full test command first (set -e: a failure stops CI), then the container check.
    assert commands[-2:] == ["./run test", ".ci/container-check"], commands
    assert "set -euo pipefail" in CI_RUN.read_text().splitlines()


def test_run_script_is_executable_bash() -> None:
    assert os.access(RUN, os.X_OK)
    assert RUN.read_text().startswith("#!/usr/bin/env bash")
    text = RUN.read_text()
    assert "ruff" in text and "mypy" in text and "pytest" in text


def test_run_without_command_is_a_usage_error() -> None:
    result = subprocess.run([str(RUN)], capture_output=True, text=True, timeout=30, check=False)
    assert result.returncode == 2
    assert "usage:" in result.stderr


@pytest.mark.skipif(not (Path(sys.prefix) / "bin" / "python").exists(), reason="needs a virtualenv")
def test_no_tests_collected_fails(tmp_path: Path) -> None:
    result = _run_pytest_only(str(tmp_path))
    assert result.returncode == 5, result.stdout + result.stderr
    assert "collected no tests" in result.stderr


@pytest.mark.skipif(not (Path(sys.prefix) / "bin" / "python").exists(), reason="needs a virtualenv")
def test_pytest_exit_status_passes_through(tmp_path: Path) -> None:
    (tmp_path / "test_one.py").write_text("def test_ok():\n    assert True\n")
    assert _run_pytest_only(str(tmp_path)).returncode == 0
    (tmp_path / "test_two.py").write_text("def test_bad():\n    assert False\n")
    failed = _run_pytest_only(str(tmp_path))
    assert failed.returncode == 1, failed.stdout + failed.stderr


def _fake_venv(tmp_path: Path) -> Path:
    """A virtualenv stand-in: its python runs this interpreter but only logs a ``-m pip`` call; its ruff, mypy and
    rules-engine log that they ran (ruff and mypy then fail, so a run that calls them cannot pass)."""
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    log = tmp_path / "calls.log"
    scripts = {
        "python": f'if [[ "$1 $2" == "-m pip" ]]; then echo "pip $*" >>{log}; exit 0; fi\nexec {sys.executable} "$@"',
        "ruff": f'echo "ruff $*" >>{log}; exit 1',
        "mypy": f'echo "mypy $*" >>{log}; exit 1',
        "rules-engine": f'echo "rules-engine $*" >>{log}',
    }
    for name, body in scripts.items():
        script = venv / "bin" / name
        script.write_text(f"#!/usr/bin/env bash\n{body}\n")
        script.chmod(0o755)
    return venv


def _run(venv: Path, *args: str, **env_extra: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "RUN_"))}
    env.update(RUN_VENV=str(venv), **env_extra)
    return subprocess.run(
        [str(RUN), *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False
    )


def test_run_test_with_a_path_runs_just_those_tests_and_no_linters(tmp_path: Path) -> None:
    venv = _fake_venv(tmp_path)
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_one.py").write_text("def test_ok():\n    assert True\n")
    result = _run(venv, "test", str(tests), RUN_SKIP_INSTALL="1")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 passed" in result.stdout
    assert not (tmp_path / "calls.log").exists()
    linted = _run(venv, "test", "--lint", str(tests), RUN_SKIP_INSTALL="1")
    assert linted.returncode != 0 and "ruff check" in (tmp_path / "calls.log").read_text()


def test_run_serve_installs_the_server_and_the_contract_alone(tmp_path: Path) -> None:
    venv = _fake_venv(tmp_path)
    result = _run(venv, "serve", "--port", "6000")
    assert result.returncode == 0, result.stdout + result.stderr
    calls = (tmp_path / "calls.log").read_text().splitlines()
    pip = [line for line in calls if line.startswith("pip ")]
    assert len(pip) == 1 and pip[0].endswith(" -e contract -e ."), calls
    assert calls[-1] == "rules-engine serve --port 6000"
    # A second start finds the install stamp and installs nothing.
    _run(venv, "serve")
    assert sum(line.startswith("pip ") for line in (tmp_path / "calls.log").read_text().splitlines()) == 1
