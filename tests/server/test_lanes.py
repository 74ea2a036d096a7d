"""No client can hold the threads every other call needs (issue #22): idle streams, crowds of pictures and
replays are fenced (``server.lanes``, ``server.handlers.StreamLimits``, ``server.pictures.Rasterizer``)."""

from __future__ import annotations

import http.client
import json
import os
import signal
import threading
import time
from collections.abc import Iterator
from concurrent import futures
from typing import Any

import grpc
import pytest
from google.protobuf import empty_pb2, json_format
from google.rpc import error_details_pb2
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_status import rpc_status
from rulesengine.v1 import common_pb2, service_pb2, service_pb2_grpc

from engines import registry
from server import errors
from server.app import Running
from server.handlers import SERVICE_NAME
from server.lanes import Lanes
from server.pictures import Rasterizer
from tests.server.conftest import LogSink, serve
from tests.server.helpers import details, setup

#: Idle streams opened at once: twice the handler threads of the server below.
IDLE_STREAMS = 16


@pytest.fixture
def fenced(log_sink: LogSink) -> Iterator[Running]:
    """Eight threads for play, one heavy thread with one waiting place, streams idle for 30 s at most."""
    yield from serve(threads=8, heavy_threads=1, heavy_queue=1, stream_idle_seconds=30.0, max_streams=IDLE_STREAMS)


def _record_header() -> service_pb2.ReplayGameStreamRequest:
    version = registry.get("citadels").info.rules_version
    return service_pb2.ReplayGameStreamRequest(header=service_pb2.GameRecord(setup=setup(4), rules_version=version))


def _silent_stream(stop: threading.Event) -> Iterator[service_pb2.ReplayGameStreamRequest]:
    """A stream that sends its header, then nothing until ``stop``."""
    yield _record_header()
    stop.wait()


def _within(seconds: float, call: Any) -> float:
    start = time.monotonic()
    call(timeout=seconds)
    return time.monotonic() - start


def test_idle_streams_do_not_hold_the_threads_of_other_calls(fenced: Running) -> None:
    stop = threading.Event()
    with grpc.insecure_channel(f"127.0.0.1:{fenced.port}") as channel:
        stub = service_pb2_grpc.RulesEngineServiceStub(channel)
        health = health_pb2_grpc.HealthStub(channel)
        streams = [stub.ReplayGameStream.future(_silent_stream(stop)) for _ in range(IDLE_STREAMS)]
        try:
            time.sleep(1.0)  # every stream has sent its header and waits
            assert not any(s.done() for s in streams)
            state = stub.NewGame(service_pb2.NewGameRequest(setup=setup(4)), timeout=1).state
            assert _within(1.0, lambda timeout: stub.ListGames(service_pb2.ListGamesRequest(), timeout=timeout)) < 1
            assert _within(1.0, lambda timeout: health.Check(health_pb2.HealthCheckRequest(), timeout=timeout)) < 1
            request = service_pb2.LegalMovesRequest(state=state)
            assert _within(1.0, lambda timeout: stub.LegalMoves(request, timeout=timeout)) < 1
            # One stream more than the limit is refused at once, not queued.
            with pytest.raises(grpc.RpcError) as caught:
                stub.ReplayGameStream(_silent_stream(stop), timeout=5)
            assert caught.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
            assert details(caught.value)[0].reason == errors.SERVER_BUSY
            assert fenced.metrics.refused.labels("streams")._value.get() == 1  # the refusal shows in the metrics
        finally:
            stop.set()
            for stream in streams:
                stream.cancel()


def test_a_silent_stream_is_closed_after_the_idle_time(log_sink: LogSink) -> None:
    stop = threading.Event()
    for running in serve(stream_idle_seconds=0.5):
        with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel:
            stub = service_pb2_grpc.RulesEngineServiceStub(channel)
            start = time.monotonic()
            with pytest.raises(grpc.RpcError) as caught:
                stub.ReplayGameStream(_silent_stream(stop), timeout=10)
            stop.set()
            assert caught.value.code() == grpc.StatusCode.DEADLINE_EXCEEDED
            assert details(caught.value)[0].reason == errors.STREAM_IDLE
            assert time.monotonic() - start < 5


def test_a_stream_larger_than_a_record_may_be_is_refused(log_sink: LogSink) -> None:
    for running in serve(max_message_bytes=64 * 1024):
        with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel:
            stub = service_pb2_grpc.RulesEngineServiceStub(channel)
            move = service_pb2.ReplayGameStreamRequest(move=service_pb2.Move(seat=0))
            move.move.citadels.SetInParent()
            many = [_record_header(), *[move] * 20_000]  # about 140 KB of moves
            with pytest.raises(grpc.RpcError) as caught:
                stub.ReplayGameStream(iter(many), timeout=30)
            assert caught.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
            assert details(caught.value)[0].reason == errors.STREAM_TOO_LARGE


def _png_request(stub: Any, scale: float) -> service_pb2.RenderViewRequest:
    state = stub.NewGame(service_pb2.NewGameRequest(setup=setup(8))).state
    return service_pb2.RenderViewRequest(
        state=state,
        viewer=common_pb2.Viewer(spectator=empty_pb2.Empty()),
        format=service_pb2.IMAGE_FORMAT_PNG,
        scale=scale,
    )


def test_a_crowd_of_pictures_is_refused_at_once_with_a_retry_delay(fenced: Running) -> None:
    with grpc.insecure_channel(f"127.0.0.1:{fenced.port}") as channel:
        stub = service_pb2_grpc.RulesEngineServiceStub(channel)
        request = _png_request(stub, 3.0)
        with futures.ThreadPoolExecutor(8) as pool:
            calls = [pool.submit(stub.RenderView.with_call, request, timeout=60) for _ in range(8)]
            # Meanwhile the calls of play go on, and so do pictures in SVG (drawn as fast as a call of play).
            state = request.state
            svg = service_pb2.RenderViewRequest(state=state, viewer=request.viewer)
            assert _within(1.0, lambda timeout: stub.RenderView(svg, timeout=timeout)) < 1
            for _ in range(5):
                assert (
                    _within(
                        1.0,
                        lambda timeout: stub.LegalMoves(service_pb2.LegalMovesRequest(state=state), timeout=timeout),
                    )
                    < 1
                )
            outcomes: list[grpc.RpcError | None] = []
            for call in calls:
                try:
                    call.result()
                    outcomes.append(None)
                except grpc.RpcError as error:
                    outcomes.append(error)
    refused = [e for e in outcomes if e is not None]
    assert len(outcomes) - len(refused) >= 2 and refused, "one running, one waiting, the rest refused"
    for refusal in refused:
        assert refusal.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
        status = rpc_status.from_call(refusal)  # type: ignore[arg-type]
        assert status is not None
        retry = [d for d in status.details if d.Is(error_details_pb2.RetryInfo.DESCRIPTOR)]
        assert retry, "a refusal says when to try again"
        info = error_details_pb2.RetryInfo()
        retry[0].Unpack(info)
        assert info.retry_delay.ToNanoseconds() > 0


def test_a_picture_over_the_pixel_budget_is_refused_naming_the_scale_that_fits(log_sink: LogSink) -> None:
    for running in serve(max_picture_pixels=2 * 1024 * 1024):
        with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel:
            stub = service_pb2_grpc.RulesEngineServiceStub(channel)
            with pytest.raises(grpc.RpcError) as caught:
                stub.RenderView(_png_request(stub, 4.0), timeout=30)
            assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
            info, bad = details(caught.value)
            assert info.reason == errors.PICTURE_TOO_LARGE
            assert bad is not None and bad.field_violations[0].field == "scale"
            assert "2,097,152" in caught.value.details() and "scale 1." in caught.value.details()


def test_a_drawing_process_that_dies_is_replaced() -> None:
    rasterizer = Rasterizer(processes=1)
    try:
        engine = registry.get("citadels")
        state = engine.new_game(engine.make_options(4, {}), 3)
        picture = engine.picture(engine.view(state, None), None)
        assert rasterizer.png(picture, 0.25, 60)[0].startswith(b"\x89PNG")
        (pid,) = rasterizer._workers.pids()
        os.kill(pid, signal.SIGKILL)
        time.sleep(0.5)
        with pytest.raises(errors.ServiceError) as caught:
            rasterizer.png(picture, 0.25, 60)
        assert caught.value.code == grpc.StatusCode.UNAVAILABLE
        assert rasterizer.png(picture, 0.25, 60)[0].startswith(b"\x89PNG")
    finally:
        rasterizer.close()


def _post(port: int, rpc: str, data: bytes) -> tuple[int, dict[str, Any]]:
    """A Connect unary JSON call to the HTTP port: its status and decoded body."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        connection.request("POST", f"/{SERVICE_NAME}/{rpc}", data, {"Content-Type": "application/json"})
        response = connection.getresponse()
        return response.status, json.loads(response.read())
    finally:
        connection.close()


@pytest.fixture
def http_fenced(log_sink: LogSink) -> Iterator[Running]:
    """Both ports; one heavy thread and no waiting room."""
    yield from serve(http_port=0, heavy_threads=1, heavy_queue=0)


def test_the_http_port_shares_the_admission_of_heavy_calls(http_fenced: Running) -> None:
    """A crowd of PNG requests over Connect JSON is refused at once too (resource_exhausted with a retry
    delay), and the calls of play over HTTP go on meanwhile."""
    port = http_fenced.http_port
    assert port is not None
    with grpc.insecure_channel(f"127.0.0.1:{http_fenced.port}") as channel:
        request = _png_request(service_pb2_grpc.RulesEngineServiceStub(channel), 3.0)
    body = json_format.MessageToJson(request).encode()
    legal = json_format.MessageToJson(service_pb2.LegalMovesRequest(state=request.state)).encode()
    with futures.ThreadPoolExecutor(6) as pool:
        pictures = [pool.submit(_post, port, "RenderView", body) for _ in range(6)]
        assert _within(1.0, lambda timeout: _post(port, "LegalMoves", legal)) < 1
        answers = [p.result() for p in pictures]
    refused = [answer for status, answer in answers if status != 200]
    assert refused and len(refused) < len(answers)
    for answer in refused:
        assert answer["code"] == "resource_exhausted", answer
        assert any(d["type"] == "google.rpc.RetryInfo" for d in answer["details"])


def test_a_drawing_process_that_cannot_start_is_unavailable_not_internal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Starting a process can fail (no memory, no process left, a main module spawn cannot import): the
    call is UNAVAILABLE and the next one tries to start a process again."""
    rasterizer = Rasterizer(processes=1)
    try:
        engine = registry.get("citadels")
        state = engine.new_game(engine.make_options(4, {}), 3)
        picture = engine.picture(engine.view(state, None), None)
        with monkeypatch.context() as patched:

            def unstartable() -> Any:
                raise OSError("cannot start a process")

            patched.setattr(rasterizer._workers, "_start", unstartable)
            with pytest.raises(errors.ServiceError) as caught:
                rasterizer.png(picture, 0.25, 60)
            assert caught.value.code == grpc.StatusCode.UNAVAILABLE
        assert rasterizer.png(picture, 0.25, 60)[0].startswith(b"\x89PNG")  # a process starts this time
    finally:
        rasterizer.close()


def test_a_deadline_beyond_what_a_wait_can_take_draws_the_picture() -> None:
    """A grpc-timeout of 99999999 hours (3.6e11 s) made the wait for the PNG overflow (INTERNAL)."""
    rasterizer = Rasterizer(processes=1)
    try:
        engine = registry.get("citadels")
        state = engine.new_game(engine.make_options(4, {}), 3)
        picture = engine.picture(engine.view(state, None), None)
        assert rasterizer.png(picture, 0.25, 99_999_999 * 3600.0)[0].startswith(b"\x89PNG")
    finally:
        rasterizer.close()


def test_a_burst_of_large_calls_of_play_beyond_the_cheap_queue_is_shed_at_once() -> None:
    lanes = Lanes(threads=1, heavy_threads=1, heavy_queue=0, cheap_queue=2)
    try:
        for _ in range(3):  # one running, two waiting
            lanes.cheap.admit()
        with pytest.raises(errors.ServiceError) as caught:
            lanes.cheap.admit()
        refusal = caught.value
        assert refusal.code == grpc.StatusCode.RESOURCE_EXHAUSTED
        assert "3 calls of play with a large request are running or waiting" in refusal.message
        assert refusal.retry_delay is not None and refusal.retry_delay > 0
        # The HTTP port's own thread may take a waiting place of the calls of play, not beyond.
        with pytest.raises(errors.ServiceError):
            lanes.held("ApplyMove").__enter__()
    finally:
        lanes.close()
    unlimited = Lanes(threads=1, heavy_threads=1, heavy_queue=0)
    for _ in range(100):
        unlimited.cheap.admit()  # no cheap queue given: no limit (in-process uses)
    unlimited.close()


def test_the_admission_limits_are_in_the_metrics(log_sink: LogSink) -> None:
    for running in serve(http_port=0, cheap_queue=5):
        assert running.http_port is not None
        connection = http.client.HTTPConnection("127.0.0.1", running.http_port, timeout=5)
        connection.request("GET", "/metrics")
        text = connection.getresponse().read().decode()
        connection.close()
        limits = (("cheap_threads", 4), ("cheap_queue", 5), ("heavy_threads", 2), ("heavy_queue", 8), ("streams", 16))
        for limit, value in limits:
            assert f'rules_engine_limit{{limit="{limit}"}} {value}.0' in text, limit
        assert 'rules_engine_limit{limit="http_connections"}' in text
