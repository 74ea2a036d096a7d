"""Both distributions build (sdist and wheel, with the one version of ``VERSION``) and install alone in a fresh
virtualenv from the package registries.

`pip install .` of the server alone needs nothing outside the package registries: it depends
on no unpublished distribution (the client is not on any registry) and ships the generated stubs
(`rulesengine`, kept in clients/python) that the server imports.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from setuptools import find_namespace_packages

ROOT = Path(__file__).resolve().parent.parent


def _project() -> dict[str, object]:
    with (ROOT / "pyproject.toml").open("rb") as handle:
        return tomllib.load(handle)


def test_the_server_depends_on_no_unpublished_distribution() -> None:
    data = _project()
    names = {re.split(r"[<>=!~\[ ;@]", d, maxsplit=1)[0].lower() for d in data["project"]["dependencies"]}  # type: ignore[index]
    assert "rules-engine-client" not in names
    assert {"grpcio", "protobuf", "msgspec"} <= names


def test_the_server_distribution_ships_the_generated_stubs() -> None:
    find = _project()["tool"]["setuptools"]["packages"]["find"]  # type: ignore[index]
    found = {
        package
        for where in find["where"]
        for package in find_namespace_packages(str(ROOT / where), include=find["include"])
    }
    assert {"engines", "engines.core", "server", "rulesengine", "rulesengine.v1"} <= found
    assert not any(p.startswith(("rulesengine_client", "tests", "bench")) for p in found)
    # Every module the server imports from the stubs is in the shipped folder.
    imported = set()
    for path in (ROOT / "server").rglob("*.py"):
        imported |= set(re.findall(r"from rulesengine\.v1 import ([\w, ]+)", path.read_text()))
    modules = {name.strip() for line in imported for name in line.split(",")}
    assert modules and all((ROOT / "clients/python/rulesengine/v1" / f"{m}.py").exists() for m in modules)


# ---- the distributions build and install on their own ---------------------------------------------------------

VERSION = (ROOT / "VERSION").read_text().strip()

#: Each distribution: its project folder, its name, and a command that must work once it is installed alone.
DISTRIBUTIONS = {
    "server": (
        ".",
        "tabletop_rules_engine",
        [
            "-c",
            "from engines import registry; from server import pictures, servicer; "
            "engine = registry.get('walls_of_york'); state = engine.new_game(engine.make_options(2, {}), 1); "
            "image, _, _ = pictures.png(engine.picture(engine.view(state, None), None)); "
            "assert image.startswith(b'\\x89PNG'); print(sorted(registry.engines()))",
        ],
    ),
    "client": (
        "clients/python",
        "tabletop_rules_engine_client",
        ["-c", "import rulesengine_client.cli, rulesengine.v1.service_pb2_grpc; print('client ok')"],
    ),
}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Both distributions (sdist and wheel) built from a copy of the files git would commit (tracked or new, not
    ignored), as a clean clone builds them."""
    source = tmp_path_factory.mktemp("source")
    listed = ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"]
    tracked = subprocess.run(listed, cwd=ROOT, check=True, capture_output=True).stdout
    for name in tracked.decode().split("\0"):
        if name and (ROOT / name).exists():
            target = source / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, target, follow_symlinks=False)
    dist = tmp_path_factory.mktemp("dist")
    for folder, _, _ in DISTRIBUTIONS.values():
        subprocess.run(
            [
                sys.executable,
                "-m",
                "build",
                "--no-isolation",
                "--sdist",
                "--wheel",
                "-o",
                str(dist),
                str(source / folder),
            ],
            check=True,
            capture_output=True,
        )
    return dist


def test_both_distributions_take_the_one_version(built: Path) -> None:
    names = sorted(path.name for path in built.iterdir())
    assert names == sorted(
        f"{name}-{VERSION}{suffix}"
        for _, name, _ in DISTRIBUTIONS.values()
        for suffix in (".tar.gz", "-py3-none-any.whl")
    )
    assert (ROOT / "clients/python/VERSION").resolve() == (ROOT / "VERSION").resolve()


@pytest.mark.parametrize("kind", [".tar.gz", "-py3-none-any.whl"])
@pytest.mark.parametrize("which", sorted(DISTRIBUTIONS))
def test_a_distribution_installs_on_its_own_and_runs(built: Path, tmp_path: Path, which: str, kind: str) -> None:
    _, name, check = DISTRIBUTIONS[which]
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    install = subprocess.run(
        [str(python), "-m", "pip", "install", "-q", str(built / f"{name}-{VERSION}{kind}")],
        capture_output=True,
        text=True,
    )
    assert install.returncode == 0, install.stderr[-2000:]
    ran = subprocess.run([str(python), *check], capture_output=True, text=True, cwd=tmp_path)
    assert ran.returncode == 0, ran.stderr[-2000:]
    assert ("walls_of_york" if which == "server" else "client ok") in ran.stdout
    assert ran.stdout and not (tmp_path / "engines").exists()  # imported from the venv, not a source folder
