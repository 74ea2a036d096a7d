"""The dashboard, the alert rules and the autoscaler's adapter rule read only what a live server exports
(issue #28): every metric named in a PromQL expression of deploy/ is a series a server really serves at
``/metrics``, and every label matched or grouped by is a label of that metric (or one Prometheus adds when it
scrapes a pod). A misspelled metric or label fails here, before an operator finds an empty panel."""

from __future__ import annotations

import http.client
import json
import re
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
import yaml
from prometheus_client.parser import text_string_to_metric_families
from rulesengine.v1 import common_pb2, service_pb2, service_pb2_grpc

from server.app import Running, start_server
from server.config import Config
from tests.deploy.promql import read
from tests.server.conftest import LogSink
from tests.server.helpers import setup

ROOT = Path(__file__).resolve().parents[2]
DASHBOARD = ROOT / "deploy" / "grafana" / "rules-engine-dashboard.json"
ALERTS = ROOT / "deploy" / "monitoring" / "rules-engine-alerts.yaml"
ADAPTER = ROOT / "deploy" / "in-flight-autoscaling" / "prometheus-adapter-values.yaml"

#: Labels Prometheus adds to every series it scrapes through the ServiceMonitor (target labels).
TARGET_LABELS = frozenset({"job", "instance", "namespace", "pod", "service", "endpoint", "container"})
#: Series Prometheus writes itself for every target, not the server.
PROMETHEUS_SERIES = {"up": frozenset()}

#: Every label set of every series name a server exports.
Exported = dict[str, frozenset[str]]

LABEL_VALUES = re.compile(r"^\s*label_values\(\s*(?P<selector>.+?)\s*,\s*(?P<label>\w+)\s*\)\s*$")


def expressions() -> list[tuple[str, str]]:
    """(where, PromQL) for every query of the dashboard, the alert rules and the adapter rule."""
    out: list[tuple[str, str]] = []
    dashboard = json.loads(DASHBOARD.read_text())
    panels = [p for top in dashboard["panels"] for p in (top, *top.get("panels", []))]
    for panel in panels:
        for target in panel.get("targets", []):
            out.append((f"panel {panel['title']!r} {target['refId']}", target["expr"]))
    for variable in dashboard["templating"]["list"]:
        if variable["type"] == "query":
            found = LABEL_VALUES.match(variable["query"])
            assert found, f"variable {variable['name']}: not label_values(selector, label): {variable['query']!r}"
            # label_values(m, l) reads label l of the series m: the same as grouping m by l.
            out.append((f"variable {variable['name']}", f"group by ({found['label']}) ({found['selector']})"))
    for group in yaml.safe_load(ALERTS.read_text())["spec"]["groups"]:
        for rule in group["rules"]:
            out.append((f"alert {rule['alert']}", rule["expr"]))
    for rule in yaml.safe_load(ADAPTER.read_text())["rules"]["custom"]:
        out.append(("adapter seriesQuery", rule["seriesQuery"]))
        series = read(rule["seriesQuery"]).metrics
        assert len(series) == 1, rule["seriesQuery"]
        filled = (
            rule["metricsQuery"]
            .replace("<<.Series>>", series.pop())
            .replace("<<.LabelMatchers>>", 'namespace="default",pod=~"rules-engine-.*"')
            .replace("<<.GroupBy>>", "pod")
        )
        out.append(("adapter metricsQuery", filled))
    return out


def problems(queries: list[tuple[str, str]], exported: Exported) -> list[str]:
    """What each query names that ``exported`` (plus Prometheus's own ``up`` and target labels) has not."""
    known = {**exported, **PROMETHEUS_SERIES}
    found = []
    for where, expr in queries:
        query = read(expr)
        if not query.metrics:
            found.append(f"{where}: reads no metric: {expr}")
        for metric in sorted(query.metrics - set(known)):
            found.append(f"{where}: {metric} is not a metric the server exports")
        for metric, label in sorted(query.matchers):
            if metric in known and label not in known[metric] | TARGET_LABELS:
                found.append(f"{where}: {metric} has no label {label!r}")
        for label, metrics in query.groupings:
            have = set(TARGET_LABELS).union(*(known.get(m, frozenset()) for m in metrics))
            if label not in have:
                found.append(f"{where}: grouped by {label!r}, a label none of {sorted(metrics)} has")
    return found


@pytest.fixture(scope="module")
def exported(log_sink: LogSink) -> Iterator[Exported]:
    """The series names and their labels a live server serves at /metrics after a few calls of each kind
    (so that the series made at a call's first use, pictures in both formats included, are there)."""
    running: Running = start_server(Config(host="127.0.0.1", port=0, http_port=0, threads=2))
    try:
        with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel:
            stub = service_pb2_grpc.RulesEngineServiceStub(channel)
            stub.ListGames(service_pb2.ListGamesRequest())
            state = stub.NewGame(service_pb2.NewGameRequest(setup=setup(seed=1))).state
            legal = stub.LegalMoves(service_pb2.LegalMovesRequest(state=state))
            stub.ApplyMove(service_pb2.ApplyMoveRequest(state=state, move=legal.moves[0]))
            viewer = common_pb2.Viewer(seat=0)
            for image_format in (service_pb2.IMAGE_FORMAT_SVG, service_pb2.IMAGE_FORMAT_PNG):
                stub.RenderView(service_pb2.RenderViewRequest(state=state, viewer=viewer, format=image_format))
        assert running.http_port is not None
        connection = http.client.HTTPConnection("127.0.0.1", running.http_port, timeout=30)
        connection.request("GET", "/metrics")
        text = connection.getresponse().read().decode()
        connection.close()
    finally:
        running.stop(None)
    labels: dict[str, set[str]] = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            labels.setdefault(sample.name, set()).update(sample.labels)
    yield {name: frozenset(names) for name, names in labels.items()}


def test_the_live_server_exports_every_metric_family_with_samples(exported: Exported) -> None:
    """The calls above reach every metric (else a query of one would go unchecked as 'not exported')."""
    source = (ROOT / "server" / "metrics.py").read_text()
    declared = set(re.findall(r'"(rules_engine_\w+)"', source))
    missing = {d for d in declared if not any(name.startswith(d) for name in exported)}
    assert declared and not missing


def test_every_query_names_real_metrics_and_labels(exported: Exported) -> None:
    queries = expressions()
    assert len(queries) >= 20  # the panels, the variables, the alerts and the adapter rule were all found
    assert problems(queries, exported) == []


def test_the_check_finds_a_misspelled_metric_or_label() -> None:
    exported = {"rules_engine_calls_total": frozenset({"rpc", "game", "code"})}
    good = [("ok", 'sum by (rpc) (rate(rules_engine_calls_total{code!="OK"}[5m]))')]
    assert problems(good, exported) == []
    bad = [
        ("metric", "sum(rate(rules_engine_call_total[5m]))"),
        ("matcher", 'rate(rules_engine_calls_total{lane="heavy"}[5m])'),
        ("by", "sum by (format) (rate(rules_engine_calls_total[5m]))"),
        ("string", 'label_replace(vector(1), "x", "rules_engine_calls_total", "", "")'),
    ]
    assert problems(bad, exported) == [
        "metric: rules_engine_call_total is not a metric the server exports",
        "matcher: rules_engine_calls_total has no label 'lane'",
        "by: grouped by 'format', a label none of ['rules_engine_calls_total'] has",
        'string: reads no metric: label_replace(vector(1), "x", "rules_engine_calls_total", "", "")',
    ]
