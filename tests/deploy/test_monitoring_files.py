"""The monitoring files of deploy/ (issue #28): the Grafana dashboard validates against Grafana's published
dashboard schema (tests/deploy/schemas, see its PROVENANCE.md) and every panel says what it shows; the alert
rules, the ServiceMonitor, the HPA and the prometheus-adapter values parse and agree with each other; every
kustomization names files that exist, and the base still applies without the monitoring components.
What the queries read is checked against a live server in tests/server/test_dashboard.py."""

from __future__ import annotations

import copy
import hashlib
import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from tests.deploy.promql import read

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
SCHEMAS = Path(__file__).resolve().parent / "schemas"
SCHEMA = SCHEMAS / "grafana-dashboard.jsonschema.json"
DASHBOARD = DEPLOY / "grafana" / "rules-engine-dashboard.json"
ALERTS = DEPLOY / "monitoring" / "rules-engine-alerts.yaml"
HPA = DEPLOY / "hpa.yaml"
HPA_PATCH = DEPLOY / "in-flight-autoscaling" / "hpa-in-flight.yaml"
ADAPTER = DEPLOY / "in-flight-autoscaling" / "prometheus-adapter-values.yaml"
OPERATIONS = ROOT / "docs" / "operations.md"
COMPONENTS = ("monitoring", "in-flight-autoscaling", "tls")


def _dashboard() -> dict[str, Any]:
    return json.loads(DASHBOARD.read_text())


def _panels(dashboard: dict[str, Any]) -> list[dict[str, Any]]:
    """Every panel but the rows (a collapsed row keeps its panels inside it)."""
    every = [p for top in dashboard["panels"] for p in (top, *top.get("panels", []))]
    return [p for p in every if p["type"] != "row"]


def _errors(dashboard: dict[str, Any]) -> list[str]:
    """Every error of ``dashboard`` against the schema, those of each branch of a ``oneOf`` included (a panel
    is a panel or a row: its errors are in the branches)."""
    validator = jsonschema.Draft7Validator(json.loads(SCHEMA.read_text()))
    found: list[str] = []
    pending = list(validator.iter_errors(dashboard))
    while pending:
        error = pending.pop()
        found.append(f"{list(error.absolute_path)}: {error.message}")
        pending.extend(error.context or ())
    return found


def test_the_vendored_schema_is_the_published_file() -> None:
    provenance = (SCHEMAS / "PROVENANCE.md").read_text()
    assert hashlib.sha256(SCHEMA.read_bytes()).hexdigest() in provenance
    assert "grafana/grafana-foundation-sdk" in provenance and "Apache License 2.0" in provenance
    assert (SCHEMAS / "LICENSE.grafana-foundation-sdk").read_text().lstrip().startswith("Apache License")


def test_the_dashboard_validates_against_grafanas_schema() -> None:
    assert _errors(_dashboard()) == []


def test_the_schema_refuses_a_broken_dashboard() -> None:
    broken = copy.deepcopy(_dashboard())
    del broken["templating"]
    _panels(broken)[0]["gridPos"]["w"] = 30  # wider than Grafana's 24 columns
    _panels(broken)[1]["colour"] = "red"  # no such property
    found = "\n".join(_errors(broken))
    assert "'templating' is a required property" in found
    assert "30 is greater than the maximum of 24" in found
    assert "'colour' was unexpected" in found


def test_every_panel_says_what_it_shows_and_queries_the_chosen_prometheus() -> None:
    dashboard = _dashboard()
    assert dashboard["schemaVersion"] >= 39  # Grafana 11 or later
    panels = _panels(dashboard)
    ids = [p["id"] for top in dashboard["panels"] for p in (top, *top.get("panels", []))]
    assert len(ids) == len(set(ids))
    for panel in panels:
        assert len(panel.get("description", "")) > 40, panel["title"]
        assert panel["datasource"] == {"type": "prometheus", "uid": "${datasource}"}, panel["title"]
        assert panel["targets"], panel["title"]
        for target in panel["targets"]:
            assert target["datasource"] == panel["datasource"] and target["expr"].strip(), panel["title"]
    variables = {v["name"]: v for v in dashboard["templating"]["list"]}
    assert variables["datasource"]["type"] == "datasource" and variables["datasource"]["query"] == "prometheus"
    for name in ("game", "rpc"):
        assert variables[name]["query"].startswith("label_values(") and variables[name]["includeAll"]


def _yaml_files() -> list[Path]:
    return sorted(p for p in DEPLOY.rglob("*.y*ml") if p.suffix in (".yaml", ".yml"))


@pytest.mark.parametrize("path", _yaml_files(), ids=lambda p: str(p.relative_to(DEPLOY)))
def test_every_yaml_file_parses(path: Path) -> None:
    documents = list(yaml.safe_load_all(path.read_text()))
    assert documents and all(isinstance(d, dict | list) for d in documents)


def test_every_kustomization_names_files_that_exist() -> None:
    kustomizations = sorted(DEPLOY.rglob("kustomization.yaml"))
    assert {k.parent.name for k in kustomizations} == {"deploy", *COMPONENTS}
    for path in kustomizations:
        content = yaml.safe_load(path.read_text())
        named = [*content.get("resources", []), *(p["path"] for p in content.get("patches", []))]
        named += content.get("components", [])
        assert named, path
        for name in named:
            assert (path.parent / name).exists(), f"{path.relative_to(ROOT)} names {name}, which does not exist"
    base = yaml.safe_load((DEPLOY / "kustomization.yaml").read_text())
    # The base applies to any cluster: nothing of the Prometheus Operator or of the adapter in it.
    assert not base.get("components")
    for name in base["resources"]:
        for document in yaml.safe_load_all((DEPLOY / name).read_text()):
            assert not document["apiVersion"].startswith("monitoring.coreos.com"), name
            assert document["kind"] != "HorizontalPodAutoscaler" or _metric_types(document) == ["Resource"]
    for component in COMPONENTS:
        assert yaml.safe_load((DEPLOY / component / "kustomization.yaml").read_text())["kind"] == "Component"


def _metric_types(hpa: dict[str, Any]) -> list[str]:
    return [m["type"] for m in hpa["spec"]["metrics"]]


def test_the_hpa_patch_adds_the_metric_the_adapter_serves() -> None:
    hpa = yaml.safe_load(HPA.read_text())
    patch = yaml.safe_load(HPA_PATCH.read_text())
    assert [op["op"] for op in patch] == ["add"] and patch[0]["path"] == "/spec/metrics/-"
    hpa["spec"]["metrics"].append(patch[0]["value"])  # what kustomize makes of it
    assert _metric_types(hpa) == ["Resource", "Pods"]
    pods = hpa["spec"]["metrics"][1]["pods"]
    assert pods["target"]["type"] == "AverageValue" and float(pods["target"]["averageValue"]) > 0
    (rule,) = yaml.safe_load(ADAPTER.read_text())["rules"]["custom"]
    assert pods["metric"]["name"] == rule["name"]["as"]
    # The rule turns the server's gauge, per pod, into that metric.
    assert read(rule["seriesQuery"]).metrics == {"rules_engine_in_flight"}
    assert re.fullmatch(rule["name"]["matches"], "rules_engine_in_flight")
    assert set(rule["resources"]["overrides"]) == {"namespace", "pod"}
    assert "<<.Series>>" in rule["metricsQuery"] and "<<.LabelMatchers>>" in rule["metricsQuery"]


def _slugs(markdown: str) -> set[str]:
    """GitHub's anchors of a document's headings (lower case, punctuation dropped, spaces as dashes)."""
    headings = re.findall(r"^#+\s+(.+?)\s*$", markdown, re.MULTILINE)
    return {re.sub(r"[^\w\- ]", "", h.lower()).replace(" ", "-") for h in headings}


def test_every_alert_has_a_delay_a_severity_words_and_a_runbook_that_exists() -> None:
    document = yaml.safe_load(ALERTS.read_text())
    assert document["apiVersion"] == "monitoring.coreos.com/v1" and document["kind"] == "PrometheusRule"
    rules = [rule for group in document["spec"]["groups"] for rule in group["rules"]]
    names = [rule["alert"] for rule in rules]
    assert len(names) == len(set(names)) and len(names) >= 5
    anchors = _slugs(OPERATIONS.read_text())
    for rule in rules:
        assert re.fullmatch(r"\d+[smh]", rule["for"]), rule["alert"]
        assert rule["labels"]["severity"] in ("warning", "critical"), rule["alert"]
        assert rule["annotations"]["summary"] and rule["annotations"]["description"], rule["alert"]
        path, _, anchor = rule["annotations"]["runbook_url"].partition("#")
        assert path == "docs/operations.md" and anchor in anchors, rule["alert"]
        assert read(rule["expr"]).metrics, rule["alert"]
    wanted = {"RulesEngineInternalErrors", "RulesEngineHighErrorRatio", "RulesEnginePlayLatencyHigh"}
    assert wanted | {"RulesEngineRefusingCalls", "RulesEngineWorkerRestarts", "RulesEngineTargetDown"} <= set(names)


def test_the_servicemonitor_scrapes_the_http_port_of_the_service() -> None:
    monitor = yaml.safe_load((DEPLOY / "monitoring" / "servicemonitor.yaml").read_text())
    services = list(yaml.safe_load_all((DEPLOY / "service.yaml").read_text()))
    (endpoint,) = monitor["spec"]["endpoints"]
    assert endpoint["path"] == "/metrics"
    wanted = monitor["spec"]["selector"]["matchLabels"].items()
    selected = [s for s in services if wanted <= s["metadata"]["labels"].items()]
    # Scraped once per pod: only one selected Service has the port (and its name is the alerts' job label).
    with_port = [s for s in selected if any(p["name"] == endpoint["port"] for p in s["spec"]["ports"])]
    assert [s["metadata"]["name"] for s in with_port] == ["rules-engine"]
    assert 'job="rules-engine"' in ALERTS.read_text()


def test_the_promql_reader_skips_strings_durations_labels_and_functions() -> None:
    query = read(
        'histogram_quantile(0.99, sum without (game) (rate(rules_engine_call_seconds_bucket{rpc=~"$rpc",'
        ' code!="rules_engine_fake"}[$__rate_interval] offset 1h30m))) > bool 0.25 or on (pod) absent(up)'
    )
    assert query.metrics == {"rules_engine_call_seconds_bucket", "up"}
    assert query.matchers == {("rules_engine_call_seconds_bucket", "rpc"), ("rules_engine_call_seconds_bucket", "code")}
    assert ("game", frozenset({"rules_engine_call_seconds_bucket"})) in query.groupings
    assert read("sum(rate(rules_engine_calls_totl[5m])) by (code)").metrics == {"rules_engine_calls_totl"}


def test_kustomize_builds_the_base_and_the_base_with_both_components(tmp_path: Path) -> None:
    if shutil.which("kubectl") is None:
        pytest.fail("this test builds deploy/ with kubectl's kustomize: install kubectl (it is not skipped)")

    def kinds(directory: Path) -> list[str]:
        built = subprocess.run(["kubectl", "kustomize", str(directory)], capture_output=True, text=True, check=True)
        return sorted(d["kind"] for d in yaml.safe_load_all(built.stdout))

    assert "ServiceMonitor" not in kinds(DEPLOY) and "PrometheusRule" not in kinds(DEPLOY)
    # A component is turned on in the base's kustomization (an overlay inside deploy/ would be a cycle).
    copy_of = tmp_path / "deploy"
    shutil.copytree(DEPLOY, copy_of)
    with (copy_of / "kustomization.yaml").open("a") as handle:
        handle.write("components:\n" + "".join(f"  - {c}\n" for c in COMPONENTS))
    assert {"ServiceMonitor", "PrometheusRule", "HorizontalPodAutoscaler"} <= set(kinds(copy_of))
    built = subprocess.run(["kubectl", "kustomize", str(copy_of)], capture_output=True, text=True, check=True)
    (hpa,) = [d for d in yaml.safe_load_all(built.stdout) if d["kind"] == "HorizontalPodAutoscaler"]
    assert _metric_types(hpa) == ["Resource", "Pods"]
