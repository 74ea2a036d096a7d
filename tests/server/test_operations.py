"""Health, reflection, unexpected engine failures, and the wiring checks made at start-up."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from rulesengine.v1 import service_pb2, service_pb2_grpc

from engines.core.errors import NotImplementedRule
from server.app import Running
from server.errors import ServiceError
from server.handlers import SERVICE, SERVICE_NAME, StreamLimits, service_handler
from server.lanes import LANE_OF, Lanes
from server.servicer import RulesEngineServicer
from tests.server.conftest import LogSink, channel_stub, serve
from tests.server.helpers import details, setup

BUF = Path(sys.executable).parent / "buf"


def test_health_reports_serving(server: Running) -> None:
    with grpc.insecure_channel(f"127.0.0.1:{server.port}") as channel:
        health = health_pb2_grpc.HealthStub(channel)
        for service in ("", SERVICE_NAME):
            response = health.Check(health_pb2.HealthCheckRequest(service=service))
            assert response.status == health_pb2.HealthCheckResponse.SERVING


def _buf_curl(port: int, *args: str) -> str:
    command = [str(BUF), "curl", "--protocol", "grpc", "--http2-prior-knowledge", *args]
    done = subprocess.run(
        [*command[:-1], command[-1].format(base=f"http://127.0.0.1:{port}")],
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_reflection_lists_the_services(server: Running) -> None:
    services = _buf_curl(server.port, "--list-services", "{base}").split()
    assert {SERVICE_NAME, "grpc.health.v1.Health"} <= set(services)


def test_reflection_lets_a_generic_client_call_with_json(server: Running) -> None:
    out = _buf_curl(
        server.port, "-d", '{"gameId": "citadels"}', "{base}/rulesengine.v1.RulesEngineService/DescribeGame"
    )
    assert json.loads(out)["gameId"] == "citadels"


# ---- unexpected engine failures ---------------------------------------------------------------


class BrokenEngine:
    """Test double: the real Citadels engine, except that ``legal_moves`` fails unexpectedly
    (with a card name in the message, which must not reach the logs) and ``score`` reports an
    unimplemented rule."""

    def __init__(self, real: Any) -> None:
        self._real = real

    def __getattr__(self, name: str) -> Any:
        return getattr(self._real, name)

    def legal_moves(self, state: Any) -> list[Any]:
        raise RuntimeError("bug while looking at the secret_vault in a hand")

    def score(self, state: Any) -> Any:
        raise NotImplementedRule("R-9.9", "scoring")


@pytest.fixture(scope="module")
def broken_stub(log_sink: LogSink, engine: Any) -> Iterator[service_pb2_grpc.RulesEngineServiceStub]:
    """A stub on a server whose only engine is a ``BrokenEngine``."""
    for running in serve({"citadels": BrokenEngine(engine)}):
        yield from channel_stub(running)


def test_an_unexpected_exception_is_internal_and_the_server_keeps_serving(
    broken_stub: service_pb2_grpc.RulesEngineServiceStub, log_sink: LogSink
) -> None:
    state = broken_stub.NewGame(service_pb2.NewGameRequest(setup=setup(), match_id="m1")).state
    log_sink.clear()
    with pytest.raises(grpc.RpcError) as caught:
        broken_stub.LegalMoves(service_pb2.LegalMovesRequest(state=state))
    assert caught.value.code() == grpc.StatusCode.INTERNAL
    assert caught.value.details() == "internal error"
    assert details(caught.value)[0].reason == "INTERNAL"
    failure = next(r for r in log_sink.records() if r["event"] == "rpc_internal_error")
    assert failure["exc_type"] == "RuntimeError" and failure["rpc"] == "LegalMoves"
    assert any("legal_moves" in frame for frame in failure["frames"])
    assert "secret_vault" not in log_sink.text()
    assert broken_stub.NewGame(service_pb2.NewGameRequest(setup=setup(), match_id="m1")).state == state


def test_an_unimplemented_rule_is_unimplemented(broken_stub: service_pb2_grpc.RulesEngineServiceStub) -> None:
    state = broken_stub.NewGame(service_pb2.NewGameRequest(setup=setup())).state
    with pytest.raises(grpc.RpcError) as caught:
        broken_stub.Score(service_pb2.ScoreRequest(state=state))
    assert caught.value.code() == grpc.StatusCode.UNIMPLEMENTED
    info, _ = details(caught.value)
    assert (info.reason, info.metadata["rule_id"]) == ("RULE_NOT_IMPLEMENTED", "R-9.9")


# ---- wiring checks -----------------------------------------------------------------------------


def test_a_servicer_missing_an_rpc_is_refused_at_start_up(engine: Any) -> None:
    class Partial:
        ListGames = RulesEngineServicer({"citadels": engine}).ListGames

    with pytest.raises(TypeError, match="does not implement DescribeGame"):
        service_handler(Partial(), Lanes(1, 1, 0), StreamLimits(1.0, 1024, 1))


def test_every_rpc_runs_in_a_lane() -> None:
    assert set(LANE_OF) == {method.name for method in SERVICE.methods}


def test_an_engine_registered_under_another_id_is_refused(engine: Any) -> None:
    with pytest.raises(ValueError, match="says it is 'citadels'"):
        RulesEngineServicer({"chess": engine})


def test_require_signed_needs_a_key(engine: Any) -> None:
    with pytest.raises(ValueError, match="signing key"):
        RulesEngineServicer({"citadels": engine}, require_signed=True)


class _PastDeadline:
    """Test double for a gRPC servicer context whose deadline has passed."""

    def time_remaining(self) -> float:
        return -0.1


def test_a_replay_stops_when_the_deadline_has_passed(engine: Any) -> None:
    servicer = RulesEngineServicer({"citadels": engine})
    record = service_pb2.GameRecord(setup=setup(), rules_version=engine.info.rules_version)
    record.moves.add(seat=0)
    with pytest.raises(ServiceError) as caught:
        servicer.ReplayGame(service_pb2.ReplayGameRequest(record=record), _PastDeadline())  # type: ignore[arg-type]
    assert caught.value.code == grpc.StatusCode.DEADLINE_EXCEEDED
