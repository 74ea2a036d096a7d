"""Prometheus metrics (``server.metrics``): a known sequence of calls counted exactly by RPC, game and status on
``/metrics``; lanes, the memo, pictures and worker restarts counted where they happen; two servers in one process
count apart; and ``--workers 2`` adds both workers up, on the HTTP port and on ``--metrics-port``."""

from __future__ import annotations

import http.client
import json
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
from prometheus_client.parser import text_string_to_metric_families
from rulesengine.v1 import common_pb2, service_pb2, service_pb2_grpc

from server import errors
from server.app import Running, start_server
from server.config import Config
from server.handlers import SERVICE_NAME
from server.lanes import Lane
from server.metrics import CONTENT_TYPE, Metrics
from server.workers import WorkerPool
from tests.server.conftest import LogSink
from tests.server.helpers import setup

ROOT = Path(__file__).resolve().parents[2]

Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]


def parse(text: str) -> Samples:
    """Every sample of an exposition, by name and labels."""
    return {
        (sample.name, frozenset(sample.labels.items())): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def value(samples: Samples, name: str, **labels: str) -> float:
    """One sample's value, 0 when absent (a series not yet counted)."""
    return samples.get((name, frozenset(labels.items())), 0.0)


def total(samples: Samples, name: str, **labels: str) -> float:
    """The sum of ``name``'s samples whose labels include ``labels``."""
    wanted = set(labels.items())
    return sum(v for (n, got), v in samples.items() if n == name and wanted <= got)


def get(port: int, path: str = "/metrics") -> tuple[int, str, str]:
    """Status, Content-Type and text of a GET."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, response.getheader("Content-Type", ""), response.read().decode()
    finally:
        connection.close()


@pytest.fixture()
def running(log_sink: LogSink) -> Iterator[Running]:
    """A server of its own per test (its counts start at zero), both ports on free local ports."""
    server = start_server(Config(host="127.0.0.1", port=0, http_port=0, threads=4))
    try:
        yield server
    finally:
        server.stop(None)


def test_a_known_sequence_of_calls_is_counted_exactly(running: Running) -> None:
    assert running.http_port is not None
    with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel:
        stub = service_pb2_grpc.RulesEngineServiceStub(channel)
        stub.ListGames(service_pb2.ListGamesRequest())
        states = [stub.NewGame(service_pb2.NewGameRequest(setup=setup(seed=seed))).state for seed in (1, 2, 3)]
        legal = [stub.LegalMoves(service_pb2.LegalMovesRequest(state=states[0])) for _ in range(2)]
        move = service_pb2.Move()
        move.CopyFrom(legal[0].moves[0])
        move.seat = (legal[0].pending.seats[0] + 1) % len(states[0].citadels.players)  # out of turn
        with pytest.raises(grpc.RpcError) as illegal:
            stub.ApplyMove(service_pb2.ApplyMoveRequest(state=states[0], move=move))
        assert illegal.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        viewer = common_pb2.Viewer(seat=0)
        for image_format in (service_pb2.IMAGE_FORMAT_SVG, service_pb2.IMAGE_FORMAT_PNG):
            stub.RenderView(service_pb2.RenderViewRequest(state=states[1], viewer=viewer, format=image_format))
        with pytest.raises(grpc.RpcError) as unknown:
            stub.NewGame(service_pb2.NewGameRequest(setup=common_pb2.GameSetup(game_id="chess", players=2)))
        assert unknown.value.code() == grpc.StatusCode.NOT_FOUND
    # One call over HTTP (Connect JSON) is counted with the rest.
    connection = http.client.HTTPConnection("127.0.0.1", running.http_port, timeout=30)
    connection.request("POST", f"/{SERVICE_NAME}/ListGames", b"{}", {"Content-Type": "application/json"})
    assert connection.getresponse().status == 200
    connection.close()

    status, content_type, text = get(running.http_port)
    assert status == 200 and content_type == CONTENT_TYPE
    samples = parse(text)
    calls = {
        (dict(labels)["rpc"], dict(labels)["game"], dict(labels)["code"]): v
        for (name, labels), v in samples.items()
        if name == "rules_engine_calls_total"
    }
    assert calls == {
        ("ListGames", "", "OK"): 2,
        ("NewGame", "citadels", "OK"): 3,
        ("NewGame", "", "NOT_FOUND"): 1,  # an unknown game id is never a label: no series per caller's whim
        ("LegalMoves", "citadels", "OK"): 2,
        ("ApplyMove", "citadels", "INVALID_ARGUMENT"): 1,
        ("RenderView", "citadels", "OK"): 2,
    }
    for rpc, count in (("ListGames", 2), ("NewGame", 4), ("LegalMoves", 2), ("ApplyMove", 1), ("RenderView", 2)):
        assert value(samples, "rules_engine_call_seconds_count", rpc=rpc) == count
        assert value(samples, "rules_engine_call_seconds_bucket", rpc=rpc, le="+Inf") == count
        assert value(samples, "rules_engine_call_seconds_sum", rpc=rpc) > 0
    assert total(samples, "rules_engine_in_flight") == 0
    assert ("rules_engine_in_flight", frozenset({("rpc", "NewGame")})) in samples
    # LegalMoves and ApplyMove sent back a state NewGame had returned: the memo knew it every time.
    assert value(samples, "rules_engine_memo_hits_total") >= 3
    assert value(samples, "rules_engine_memo_bytes") > 0
    assert value(samples, "rules_engine_pictures_total", format="SVG") == 1
    assert value(samples, "rules_engine_pictures_total", format="PNG") == 1
    # The PNG waited for a thread of the heavy lane (the SVG, a call of play, was answered on the event loop).
    assert value(samples, "rules_engine_lane_wait_seconds_count", lane="heavy") == 1
    assert total(samples, "rules_engine_lane_waiting") == 0
    assert value(samples, "rules_engine_refused_total", lane="heavy") == 0
    assert value(samples, "rules_engine_worker_restarts_total", pool="pictures") == 0


def test_metrics_are_served_while_stopping_and_head_has_no_body(running: Running) -> None:
    assert running.http_port is not None
    connection = http.client.HTTPConnection("127.0.0.1", running.http_port, timeout=30)
    connection.request("HEAD", "/metrics")
    response = connection.getresponse()
    assert response.status == 200 and response.read() == b"" and int(response.getheader("Content-Length", "0")) > 0
    connection.close()
    running.http_server._app.drain()  # type: ignore[union-attr]
    status, _, text = get(running.http_port)
    assert status == 200 and "rules_engine_calls_total" in text


def test_two_servers_in_one_process_count_apart() -> None:
    first, second = Metrics(), Metrics()
    first.answered("ListGames", "", "OK", 0.001)
    assert 'rules_engine_calls_total{code="OK",game="",rpc="ListGames"} 1.0' in first.exposition().decode()
    assert "rules_engine_calls_total{" not in second.exposition().decode()


def test_a_full_lane_counts_its_refusals_its_waiting_calls_and_their_wait() -> None:
    metrics = Metrics()
    lane = Lane("heavy", 1, 1, metrics)
    release = threading.Event()
    started = threading.Event()

    def blocking() -> None:
        started.set()
        release.wait(10)

    try:
        lane.admit()
        first = threading.Thread(target=lane.run_here, args=(blocking,))
        first.start()
        assert started.wait(10)
        lane.admit()
        second = threading.Thread(target=lane.run_here, args=(lambda: None,))
        second.start()
        with pytest.raises(errors.ServiceError):
            lane.admit()  # one running, one waiting: full
        samples = parse(metrics.exposition().decode())
        assert value(samples, "rules_engine_refused_total", lane="heavy") == 1
        deadline = threading.Event()
        while value(samples, "rules_engine_lane_waiting", lane="heavy") != 1 and not deadline.wait(0.01):
            samples = parse(metrics.exposition().decode())
        assert value(samples, "rules_engine_lane_waiting", lane="heavy") == 1
        release.set()
        first.join(10)
        second.join(10)
        samples = parse(metrics.exposition().decode())
        assert value(samples, "rules_engine_lane_waiting", lane="heavy") == 0
        assert value(samples, "rules_engine_lane_wait_seconds_count", lane="heavy") == 2
    finally:
        release.set()
        lane.close()


def test_a_worker_process_that_dies_is_counted_as_a_restart() -> None:
    metrics = Metrics()
    pool = WorkerPool(1, errors.picture_worker_lost, name="pictures", metrics=metrics)
    try:
        with pytest.raises(errors.ServiceError):
            pool.run(os._exit, 3, timeout=60)
    finally:
        pool.close()
    samples = parse(metrics.exposition().decode())
    assert value(samples, "rules_engine_worker_restarts_total", pool="pictures") == 1


def _serve(*flags: str) -> subprocess.Popen[str]:
    """``rules-engine serve`` on free local ports with a metrics port, its JSON log lines on ``stdout``."""
    command = ["-m", "server.cli", "serve", "--host", "127.0.0.1", "--port", "0", "--metrics-port", "0", *flags]
    return subprocess.Popen(
        [sys.executable, *command],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(str(ROOT / p) for p in (".", "contract", "clients/python"))},
    )


def test_two_workers_are_added_up_on_the_http_port_and_the_metrics_port() -> None:
    process = _serve("--http-port", "0", "--workers", "2", "--threads", "2")
    try:
        assert process.stdout is not None
        started: dict[str, object] = {}
        serving = set()
        for line in process.stdout:
            record = json.loads(line)
            if record.get("event") == "workers_started":
                started = record
            elif record.get("event") == "serving":
                serving.add(record["pid"])
            if started and len(serving) == 2:
                break
        assert started and serving == set(started["workers"]), f"exit {process.poll()}"  # type: ignore[arg-type]
        directory = Path(str(started["metrics_dir"]))
        assert directory.is_dir()
        port, http_port, metrics_port = (int(str(started[k])) for k in ("port", "http_port", "metrics_port"))
        calls = 12
        for _ in range(calls):  # a channel each: a connection each, which the kernel spreads over the workers
            with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
                service_pb2_grpc.RulesEngineServiceStub(channel).ListGames(service_pb2.ListGamesRequest(), timeout=30)
        status, content_type, text = get(metrics_port)
        assert status == 200 and content_type.startswith("text/plain")  # the library's server: 0.0.4 unless asked
        samples = parse(text)
        assert value(samples, "rules_engine_calls_total", rpc="ListGames", game="", code="OK") == calls
        assert value(samples, "rules_engine_call_seconds_count", rpc="ListGames") == calls
        assert total(samples, "rules_engine_in_flight") == 0
        assert len(list(directory.glob("counter_*.db"))) == 2  # both workers write their counts there
        # Any worker's /metrics on the HTTP port answers for both.
        status, _, text = get(http_port)
        assert value(parse(text), "rules_engine_calls_total", rpc="ListGames", game="", code="OK") == calls
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=60)
    assert process.returncode == 0
    assert not directory.exists()  # removed at exit


def test_one_worker_serves_its_metrics_port_from_its_own_process() -> None:
    process = _serve()
    try:
        assert process.stdout is not None
        record = next((r for r in map(json.loads, process.stdout) if r.get("event") == "serving"), None)
        assert record is not None, f"exit {process.wait()}"
        assert record["http_port"] is None  # no HTTP port: the metrics port is the only way to them
        with grpc.insecure_channel(f"127.0.0.1:{record['port']}") as channel:
            service_pb2_grpc.RulesEngineServiceStub(channel).ListGames(service_pb2.ListGamesRequest(), timeout=30)
        status, _, text = get(int(record["metrics_port"]))
        assert status == 200
        assert value(parse(text), "rules_engine_calls_total", rpc="ListGames", game="", code="OK") == 1
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=60)
    assert process.returncode == 0
