"""`pip install .` of the server alone needs nothing outside the package registries: it depends
on no unpublished distribution (the client is not on any registry) and ships the generated stubs
(`rulesengine`, kept in clients/python) that the server imports.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

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
