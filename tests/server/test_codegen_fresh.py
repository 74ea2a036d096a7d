"""The contract is lint-clean and the committed Python stubs are generated from it."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]
BUF = Path(sys.executable).parent / "buf"


def _gen_proto() -> ModuleType:
    spec = importlib.util.spec_from_file_location("gen_proto", ROOT / "scripts" / "gen_proto.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_committed_stubs_match_a_fresh_generation() -> None:
    stale = _gen_proto().stale_files(ROOT / "contract")
    assert stale == [], f"run `python scripts/gen_proto.py`: {stale}"


def test_the_generator_notices_a_stale_stub(tmp_path: Path) -> None:
    gen = _gen_proto()
    gen.generate(tmp_path)
    stub = tmp_path / "rulesengine" / "v1" / "common_pb2.pyi"
    stub.write_text(stub.read_text() + "\n# edited by hand\n")
    (tmp_path / "rulesengine" / "v1" / "old_pb2.py").write_text("")
    assert gen.stale_files(tmp_path) == [
        "not generated: rulesengine/v1/old_pb2.py",
        "differs: rulesengine/v1/common_pb2.pyi",
    ]


def _buf(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BUF), *args], cwd=ROOT, capture_output=True, text=True, timeout=60, check=False)


def test_buf_lint_passes() -> None:
    done = _buf("lint")
    assert done.returncode == 0, done.stdout + done.stderr


def test_protos_are_buf_formatted() -> None:
    done = _buf("format", "--diff", "--exit-code", "proto")
    assert done.returncode == 0, done.stdout + done.stderr
