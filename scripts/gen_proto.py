"""Generate the Python stubs of the contract (``proto/rulesengine/v1``) with grpc_tools.protoc.

Messages (``*_pb2.py`` with ``.pyi`` type stubs) for every proto file, gRPC stubs
(``*_pb2_grpc.py``) only for files that declare a service. The output goes to
``contract/`` by default, giving the import path ``rulesengine.v1.xxx_pb2`` that the
contract distribution installs (the server and the client both depend on it). Generated code is
committed; ``--check`` regenerates into a
temporary directory and fails when the committed stubs differ (run it in CI, or
``tests/server/test_codegen_fresh.py`` does).

Usage: ``python scripts/gen_proto.py [--out DIR] [--check]``
"""

from __future__ import annotations

import argparse
import filecmp
import sys
import tempfile
from importlib import resources
from pathlib import Path

from grpc_tools import protoc

ROOT = Path(__file__).resolve().parent.parent
PROTO_ROOT = ROOT / "proto"
PACKAGE_DIR = Path("rulesengine") / "v1"
DEFAULT_OUT = ROOT / "contract"


def proto_files() -> list[Path]:
    """The contract's proto files, relative to ``proto/``, sorted."""
    return sorted(p.relative_to(PROTO_ROOT) for p in (PROTO_ROOT / PACKAGE_DIR).glob("*.proto"))


def _declares_service(path: Path) -> bool:
    return any(line.startswith("service ") for line in (PROTO_ROOT / path).read_text().splitlines())


def _protoc(args: list[str]) -> None:
    include = str(resources.files("grpc_tools") / "_proto")
    argv = ["grpc_tools.protoc", f"-I{PROTO_ROOT}", f"-I{include}", *args]
    if protoc.main(argv) != 0:
        raise SystemExit(f"protoc failed: {' '.join(argv)}")


def generate(out: Path) -> list[Path]:
    """Generate every stub under ``out``; returns the generated files relative to ``out``."""
    files = proto_files()
    (out / PACKAGE_DIR).mkdir(parents=True, exist_ok=True)
    _protoc([f"--python_out={out}", f"--pyi_out={out}", *map(str, files)])
    services = [str(f) for f in files if _declares_service(f)]
    if services:
        _protoc([f"--grpc_python_out={out}", *services])
    return sorted(p.relative_to(out) for p in (out / PACKAGE_DIR).glob("*_pb2*.py*"))


def stale_files(committed: Path) -> list[str]:
    """Stubs under ``committed`` that differ from a fresh generation (missing, changed, extra)."""
    with tempfile.TemporaryDirectory() as tmp:
        fresh_root = Path(tmp)
        fresh = set(generate(fresh_root))
        present = {p.relative_to(committed) for p in (committed / PACKAGE_DIR).glob("*_pb2*.py*")}
        problems = [f"missing: {p}" for p in sorted(fresh - present)]
        problems += [f"not generated: {p}" for p in sorted(present - fresh)]
        problems += [
            f"differs: {p}"
            for p in sorted(fresh & present)
            if not filecmp.cmp(fresh_root / p, committed / p, shallow=False)
        ]
        return problems


def main(argv: list[str] | None = None) -> int:
    """Command line entry point; returns the process exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output root (default: %(default)s)")
    parser.add_argument("--check", action="store_true", help="fail if the stubs under --out are stale")
    args = parser.parse_args(argv)
    if args.check:
        problems = stale_files(args.out)
        for problem in problems:
            print(problem, file=sys.stderr)
        if problems:
            print("generated stubs are stale: run python scripts/gen_proto.py", file=sys.stderr)
        return 1 if problems else 0
    for path in generate(args.out):
        print(args.out / path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
