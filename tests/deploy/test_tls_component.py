"""The tls component of deploy/ (issue #28): built on the base it mounts the Secret rules-engine-tls
read-only, names its files in the RULES_ENGINE_TLS_* variables and probes with rules-engine-healthcheck
instead of the plaintext gRPC probes; after the monitoring component, Prometheus scrapes over https; and a
Secret updated the way the kubelet updates a mounted one (a new folder, then the ``..data`` symlink
swapped) is served without a restart."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import grpc
import pytest
import yaml
from rulesengine.v1 import service_pb2, service_pb2_grpc
from rulesengine_client import tls_credentials

from server.app import start_server
from server.config import Config
from tests.pki import make_ca, make_leaf

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
SECRET = "rules-engine-tls"
MOUNT = "/etc/rules-engine/tls"


def _build(tmp_path: Path, *components: str) -> list[dict[str, Any]]:
    """``kubectl kustomize`` of a copy of deploy/ with ``components`` turned on (fails without kubectl)."""
    if shutil.which("kubectl") is None:
        pytest.fail("this test builds deploy/ with kubectl's kustomize: install kubectl (it is not skipped)")
    copy_of = tmp_path / "deploy"
    shutil.copytree(DEPLOY, copy_of)
    with (copy_of / "kustomization.yaml").open("a") as handle:
        handle.write("components:\n" + "".join(f"  - {c}\n" for c in components))
    built = subprocess.run(["kubectl", "kustomize", str(copy_of)], capture_output=True, text=True, check=True)
    return list(yaml.safe_load_all(built.stdout))


def _one(documents: list[dict[str, Any]], kind: str, name: str) -> dict[str, Any]:
    (found,) = [d for d in documents if d["kind"] == kind and d["metadata"]["name"] == name]
    return found


def test_the_tls_component_mounts_the_secret_sets_the_variables_and_probes_over_tls(tmp_path: Path) -> None:
    documents = _build(tmp_path, "tls")
    pod = _one(documents, "Deployment", "rules-engine")["spec"]["template"]["spec"]
    (volume,) = [v for v in pod["volumes"] if v.get("secret", {}).get("secretName") == SECRET]
    assert volume["secret"]["defaultMode"] == 0o440 and pod["securityContext"]["fsGroup"] == 10001
    (container,) = pod["containers"]
    (mount,) = [m for m in container["volumeMounts"] if m["name"] == volume["name"]]
    assert mount == {"name": volume["name"], "mountPath": MOUNT, "readOnly": True}
    env = {e["name"]: e.get("value") for e in container["env"]}
    assert env["RULES_ENGINE_TLS_CERT"] == f"{MOUNT}/tls.crt" and env["RULES_ENGINE_TLS_KEY"] == f"{MOUNT}/tls.key"
    assert env["RULES_ENGINE_TLS_HEALTH_CA"] == f"{MOUNT}/ca.crt"
    assert "RULES_ENGINE_TLS_CLIENT_CA" not in env  # mutual TLS is a commented option
    for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
        assert "grpc" not in container[probe], probe  # one handler only: the plaintext gRPC probe is gone
        assert container[probe]["exec"]["command"][0] == "rules-engine-healthcheck", probe
        assert container[probe]["timeoutSeconds"] >= 5, probe
    for service in ("rules-engine", "rules-engine-headless"):
        ports = _one(documents, "Service", service)["spec"]["ports"]
        assert {p["appProtocol"] for p in ports} == {"https"}, service
    base = _one(_build(tmp_path / "base"), "Deployment", "rules-engine")["spec"]["template"]["spec"]
    assert "grpc" in base["containers"][0]["readinessProbe"]  # the base stays plaintext


def test_with_the_monitoring_component_before_it_prometheus_scrapes_over_https(tmp_path: Path) -> None:
    documents = _build(tmp_path, "monitoring", "tls")
    (endpoint,) = _one(documents, "ServiceMonitor", "rules-engine")["spec"]["endpoints"]
    assert endpoint["scheme"] == "https"
    assert endpoint["tlsConfig"]["ca"]["secret"] == {"name": SECRET, "key": "ca.crt"}
    pod = _one(documents, "Deployment", "rules-engine")["spec"]["template"]["spec"]
    env = {e["name"]: e.get("value") for e in pod["containers"][0]["env"]}
    assert endpoint["tlsConfig"]["serverName"] == env["RULES_ENGINE_TLS_HEALTH_NAME"]


def test_the_docs_name_the_secret_and_its_files() -> None:
    readme = (DEPLOY / "README.md").read_text()
    assert f"kubectl create secret generic {SECRET}" in readme or f"kubectl create secret tls {SECRET}" in readme
    assert f"secretName: {SECRET}" in readme  # the cert-manager Certificate
    for name in ("tls.crt", "tls.key", "ca.crt", "RULES_ENGINE_TLS_CLIENT_CA", "component tls"):
        assert name in readme, name


def _kubelet_write(folder: Path, files: dict[str, Path], version: int) -> None:
    """Update ``folder`` as the kubelet updates a mounted Secret: the files in a new hidden folder, a
    ``..data`` symlink swapped to it in one rename, each visible name a symlink through ``..data``."""
    target = folder / f"..version_{version}"
    target.mkdir()
    for name, source in files.items():
        shutil.copy(source, target / name)
    (folder / "..data_tmp").symlink_to(target.name)
    os.replace(folder / "..data_tmp", folder / "..data")
    for name in files:
        if not (folder / name).is_symlink():
            (folder / name).symlink_to(Path("..data") / name)
    for old in folder.glob("..version_*"):
        if old != target:
            shutil.rmtree(old)


def _answers(port: int, ca: Path) -> bool:
    with grpc.secure_channel(f"localhost:{port}", tls_credentials(ca)) as channel:
        try:
            service_pb2_grpc.RulesEngineServiceStub(channel).ListGames(service_pb2.ListGamesRequest(), timeout=5)
        except grpc.RpcError:
            return False
    return True


def test_a_secret_updated_by_a_symlink_swap_is_served_without_a_restart(tmp_path: Path) -> None:
    pki = tmp_path / "pki"
    pki.mkdir()
    old_ca, new_ca = make_ca(pki, "ca"), make_ca(pki, "new-ca")
    make_leaf(pki, "old", "ca", "serverAuth")
    make_leaf(pki, "new", "new-ca", "serverAuth")
    mounted = tmp_path / "tls"
    mounted.mkdir()
    _kubelet_write(mounted, {"tls.crt": pki / "old.pem", "tls.key": pki / "old.key"}, 1)
    config = Config(host="127.0.0.1", port=0, threads=2, tls_cert=mounted / "tls.crt", tls_key=mounted / "tls.key")
    running = start_server(config)
    try:
        assert _answers(running.port, old_ca) and not _answers(running.port, new_ca)
        _kubelet_write(mounted, {"tls.crt": pki / "new.pem", "tls.key": pki / "new.key"}, 2)
        assert _answers(running.port, new_ca) and not _answers(running.port, old_ca)
    finally:
        running.stop(None)
