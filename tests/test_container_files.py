"""The Dockerfile and what it installs: plain syntax (docker and podman, no BuildKit), the pinned dependency
list covering every runtime dependency, a real group for the user, a health check that follows the port
the server listens on (and its TLS), and a grace period inside `docker stop`'s. .ci/container-check builds
and runs it."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCKERFILE = (ROOT / "Dockerfile").read_text()
LOCK = ROOT / "deploy" / "requirements.lock"


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~\[ ;@]", requirement, maxsplit=1)[0].lower().replace("_", "-")


def _env(name: str) -> str:
    found = re.search(rf"\b{name}=(\S+)", DOCKERFILE)
    assert found, f"the Dockerfile sets no {name}"
    return found.group(1)


def test_the_dockerfile_needs_no_buildkit() -> None:
    assert "# syntax=" not in DOCKERFILE and "--mount" not in DOCKERFILE


def test_the_lock_pins_every_runtime_dependency_of_our_packages() -> None:
    """Every dependency but our own distributions (installed from the sources, after the lock)."""
    pinned = {}
    for line in LOCK.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, version = line.partition("==")
            assert version, f"{line!r} is not pinned with =="
            pinned[name.lower().replace("_", "-")] = version
    projects = [ROOT / "pyproject.toml", ROOT / "clients/python/pyproject.toml", ROOT / "contract/pyproject.toml"]
    ours = set()
    for project in projects:
        with project.open("rb") as handle:
            ours.add(_name(tomllib.load(handle)["project"]["name"]))
    for project in projects:
        with project.open("rb") as handle:
            dependencies = tomllib.load(handle)["project"]["dependencies"]
        missing = {_name(d) for d in dependencies} - set(pinned) - ours
        assert not missing, f"{project.name} needs {sorted(missing)}, which deploy/requirements.lock does not pin"
    assert "deploy/requirements.lock" in DOCKERFILE


def test_the_dependency_layer_comes_before_the_sources() -> None:
    assert DOCKERFILE.index("requirements.lock") < DOCKERFILE.index("COPY engines/")


def test_the_user_and_its_group_are_real_and_numeric() -> None:
    assert re.search(r"groupadd .*--gid 10001 rules", DOCKERFILE)
    assert re.search(r"useradd .*--uid 10001 --gid 10001", DOCKERFILE)
    assert "USER 10001:10001" in DOCKERFILE


def test_the_health_check_reads_the_port_the_server_wrote() -> None:
    """The HEALTHCHECK runs rules-engine-healthcheck, which reads the port file the image names (and speaks
    TLS as the server does: tests/server/test_healthcheck.py)."""
    assert _env("RULES_ENGINE_PORT_FILE").startswith("/tmp/")
    healthcheck = DOCKERFILE[DOCKERFILE.index("\nHEALTHCHECK") :]
    assert "CMD rules-engine-healthcheck " in healthcheck
    assert "${RULES_ENGINE_PORT}" not in healthcheck
    with (ROOT / "pyproject.toml").open("rb") as handle:
        scripts = tomllib.load(handle)["project"]["scripts"]
    assert scripts["rules-engine-healthcheck"] == "server.healthcheck:main"
    assert '"RULES_ENGINE_PORT_FILE"' in (ROOT / "server" / "healthcheck.py").read_text()


def test_the_grace_period_ends_before_docker_stop_kills() -> None:
    assert float(_env("RULES_ENGINE_GRACE_SECONDS")) < 10  # docker stop's default timeout
