"""--tracing (server/tracing.py): every call of the gRPC port is a span with its RPC and status, joined to
the caller's trace; off by default."""

from __future__ import annotations

import argparse
import sys

import grpc
import pytest
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from rulesengine.v1 import service_pb2, service_pb2_grpc

from server.app import start_server
from server.config import Config, add_arguments, from_arguments

TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736"


def test_every_grpc_call_is_a_span_joined_to_the_callers_trace() -> None:
    exporter = InMemorySpanExporter()
    running = start_server(Config(host="127.0.0.1", port=0, tracing=True), span_exporter=exporter)
    try:
        with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel:
            stub = service_pb2_grpc.RulesEngineServiceStub(channel)
            parent = (("traceparent", f"00-{TRACE_ID}-00f067aa0ba902b7-01"),)
            assert stub.ListGames(service_pb2.ListGamesRequest(), timeout=5, metadata=parent).games
            with pytest.raises(grpc.RpcError):
                stub.DescribeGame(service_pb2.DescribeGameRequest(game_id="chess"), timeout=5)
    finally:
        running.stop(None)  # flushes the spans
    spans = {span.name: span for span in exporter.get_finished_spans()}
    listed = spans["/rulesengine.v1.RulesEngineService/ListGames"]
    assert format(listed.context.trace_id, "032x") == TRACE_ID
    assert listed.resource.attributes["service.name"] == "rules-engine"
    described = spans["/rulesengine.v1.RulesEngineService/DescribeGame"]
    assert described.attributes["rpc.grpc.status_code"] == grpc.StatusCode.NOT_FOUND.value[0]
    assert format(described.context.trace_id, "032x") != TRACE_ID


def _config(argv: list[str], env: dict[str, str]) -> Config:
    parser = argparse.ArgumentParser()
    add_arguments(parser, env)
    return from_arguments(parser.parse_args(argv), env)


def test_tracing_is_off_by_default_and_a_flag_or_variable_turns_it_on() -> None:
    assert Config().tracing is False
    assert _config([], {}).tracing is False
    assert _config(["--tracing"], {}).tracing is True
    assert _config([], {"RULES_ENGINE_TRACING": "1"}).tracing is True
    assert _config(["--no-tracing"], {"RULES_ENGINE_TRACING": "1"}).tracing is False


def test_without_the_tracing_packages_the_server_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "opentelemetry.instrumentation.grpc", None)  # as if not installed
    with pytest.raises(ValueError, match=r"pip install 'tabletop-rules-engine\[tracing\]'"):
        start_server(Config(host="127.0.0.1", port=0, tracing=True))
