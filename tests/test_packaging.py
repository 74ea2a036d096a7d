"""The three distributions build (sdist and wheel, with the one version of ``VERSION``) and each installs in a
fresh virtualenv with only the contract beside it, everything else from the package registries.

The generated stubs (`rulesengine`) are the contract distribution (contract/); the server and the client both
depend on it, neither carries the stubs itself, and the server depends on nothing else of ours (the client is
not on any registry).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest
from setuptools import find_namespace_packages

ROOT = Path(__file__).resolve().parent.parent


def _dependencies(pyproject: Path) -> set[str]:
    with pyproject.open("rb") as handle:
        listed = tomllib.load(handle)["project"]["dependencies"]
    return {re.split(r"[<>=!~\[ ;@]", d, maxsplit=1)[0].lower() for d in listed}


def test_the_server_and_the_client_depend_on_the_contract_and_the_server_on_nothing_else_of_ours() -> None:
    server, client = _dependencies(ROOT / "pyproject.toml"), _dependencies(ROOT / "clients/python/pyproject.toml")
    assert CONTRACT in server and CONTRACT in client
    assert "tabletop-rules-engine-client" not in server
    assert {"grpcio", "protobuf", "msgspec"} <= server


def _packages(folder: str) -> set[str]:
    with (ROOT / folder / "pyproject.toml").open("rb") as handle:
        find = tomllib.load(handle)["tool"]["setuptools"]["packages"]["find"]
    return {
        package
        for where in find.get("where", ["."])
        for package in find_namespace_packages(str(ROOT / folder / where), include=find["include"])
    }


def test_only_the_contract_ships_the_generated_stubs() -> None:
    assert _packages("contract") == {"rulesengine", "rulesengine.v1"}
    server, client = _packages("."), _packages("clients/python")
    assert {"engines", "engines.core", "server"} <= server
    assert not any(p.startswith(("rulesengine", "tests", "bench", "tools")) for p in server)
    assert client and all(p.startswith("rulesengine_client") for p in client)
    # Every module the server imports from the stubs is in the contract.
    imported = set()
    for path in (ROOT / "server").rglob("*.py"):
        imported |= set(re.findall(r"from rulesengine\.v1 import ([\w, ]+)", path.read_text()))
    modules = {name.strip() for line in imported for name in line.split(",")}
    assert modules and all((ROOT / "contract/rulesengine/v1" / f"{m}.py").exists() for m in modules)


# ---- the distributions build and install on their own ---------------------------------------------------------

VERSION = (ROOT / "VERSION").read_text().strip()

CONTRACT = "tabletop-rules-engine-contract"

#: Each distribution: its project folder, its name, and a command that must work once it is installed (with the
#: contract beside it).
DISTRIBUTIONS = {
    "contract": (
        "contract",
        "tabletop_rules_engine_contract",
        ["-c", "import rulesengine.v1.service_pb2_grpc, rulesengine.v1.citadels_pb2; print('contract ok')"],
    ),
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
    for folder in ("clients/python", "contract"):
        assert (ROOT / folder / "VERSION").resolve() == (ROOT / "VERSION").resolve()


def test_the_server_wheel_carries_the_web_site(built: Path) -> None:
    """The page the HTTP port serves at / (server/web.py reads it from the installed package)."""
    from server import web

    wheel = built / f"{DISTRIBUTIONS['server'][1]}-{VERSION}-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    assert {f"server/site/{name}" for name, _ in web.FILES.values()} <= names
    assert "server/site/index.html" in names


@pytest.mark.parametrize("kind", [".tar.gz", "-py3-none-any.whl"])
@pytest.mark.parametrize("which", sorted(DISTRIBUTIONS))
def test_a_distribution_installs_on_its_own_and_runs(built: Path, tmp_path: Path, which: str, kind: str) -> None:
    _, name, check = DISTRIBUTIONS[which]
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    contract = built / f"{DISTRIBUTIONS['contract'][1]}-{VERSION}{kind}"
    wanted = [str(built / f"{name}-{VERSION}{kind}")]
    install = subprocess.run(
        [str(python), "-m", "pip", "install", "-q", *dict.fromkeys([str(contract), *wanted])],
        capture_output=True,
        text=True,
    )
    assert install.returncode == 0, install.stderr[-2000:]
    ran = subprocess.run([str(python), *check], capture_output=True, text=True, cwd=tmp_path)
    assert ran.returncode == 0, ran.stderr[-2000:]
    assert {"server": "walls_of_york", "client": "client ok", "contract": "contract ok"}[which] in ran.stdout
    assert ran.stdout and not (tmp_path / "engines").exists()  # imported from the venv, not a source folder
