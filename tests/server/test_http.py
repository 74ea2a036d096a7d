"""The service over HTTP (server/http.py): Connect JSON and binary, Connect streaming and gRPC-Web,
checked through real HTTP against the gRPC port of the same server."""

from __future__ import annotations

import base64
import gzip
import http.client
import json
import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import threading
import time
import tracemalloc
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest
from google.protobuf import json_format
from google.protobuf.message import Message
from google.rpc import error_details_pb2, status_pb2
from rulesengine.v1 import common_pb2, service_pb2, service_pb2_grpc

from engines import registry
from server.app import Running, start_server
from server.cli import parse_config
from server.config import Config
from server.handlers import SERVICE
from server.http import FRAMING_ALLOWANCE, HEALTH_PATH
from tests.server.conftest import LogSink
from tests.server.helpers import PREFIX, details, frames, grpc_web_trailers, request, setup, unframe

ROOT = Path(__file__).resolve().parents[2]
MAX_MESSAGE = 128 * 1024
ORIGIN = "https://tables.example"


@pytest.fixture(scope="module")
def running(log_sink: LogSink) -> Iterator[Running]:
    """A server with both ports on free local ports, a small message limit and one CORS origin."""
    config = Config(
        host="127.0.0.1",
        port=0,
        http_port=0,
        threads=4,
        max_message_bytes=MAX_MESSAGE,
        http_cors_origins=(ORIGIN,),
    )
    server = start_server(config)
    try:
        yield server
    finally:
        server.stop(None)


@pytest.fixture(scope="module")
def grpc_stub(running: Running) -> Iterator[service_pb2_grpc.RulesEngineServiceStub]:
    """A gRPC stub on the same server."""
    with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel:
        yield service_pb2_grpc.RulesEngineServiceStub(channel)


def call_json(running: Running, rpc: str, message: Message, **headers: str) -> tuple[int, dict[str, Any]]:
    """A Connect unary JSON call: the status and the decoded JSON body."""
    body = json_format.MessageToJson(message).encode()
    status, _, data = request(running, "POST", PREFIX + rpc, body, {"Content-Type": "application/json", **headers})
    return status, json.loads(data)


def answer(running: Running, rpc: str, message: Message) -> Any:
    """The response of a successful Connect JSON call, as its message."""
    status, body = call_json(running, rpc, message)
    assert status == 200, body
    response = response_class(rpc)()
    json_format.ParseDict(body, response)
    return response


def response_class(rpc: str) -> type[Message]:
    """The response message class of ``rpc``."""
    return getattr(service_pb2, SERVICE.methods_by_name[rpc].output_type.name)  # type: ignore[no-any-return]


def connect_details(body: dict[str, Any]) -> tuple[error_details_pb2.ErrorInfo, error_details_pb2.BadRequest]:
    """The ErrorInfo and BadRequest of a Connect error body (details are base64 protobuf)."""
    info, bad = error_details_pb2.ErrorInfo(), error_details_pb2.BadRequest()
    for detail in body["details"]:
        target = info if detail["type"] == "google.rpc.ErrorInfo" else bad
        target.ParseFromString(base64.b64decode(detail["value"] + "=" * (-len(detail["value"]) % 4)))
    return info, bad


# ---- a game to talk about ------------------------------------------------------------------------


def walls_setup() -> common_pb2.GameSetup:
    """A seeded two-player Walls of York setup."""
    return common_pb2.GameSetup(game_id="walls_of_york", players=2, chance_mode=common_pb2.CHANCE_MODE_SEEDED, seed=3)


@pytest.fixture(scope="module")
def started(running: Running) -> service_pb2.NewGameResponse:
    """A Citadels game started over HTTP."""
    return answer(running, "NewGame", service_pb2.NewGameRequest(setup=setup(4, seed=7)))  # type: ignore[no-any-return]


def _without_match_id(response: Any) -> Any:
    """``response`` with its state's match id cleared (NewGame makes a fresh one per call)."""
    if "match_id" in response.state.DESCRIPTOR.fields_by_name:
        response.state.ClearField("match_id")
    return response


# ---- every RPC, the same as over gRPC ------------------------------------------------------------


def test_every_rpc_of_the_contract_has_a_route(running: Running) -> None:
    for method in SERVICE.methods:
        status, _, body = request(running, "POST", PREFIX + method.name, b"{}", {"Content-Type": "application/json"})
        assert status != 404, method.name
        if method.client_streaming:
            assert status == 501 and json.loads(body)["code"] == "unimplemented"
            assert "connect+json" in json.loads(body)["message"]


def test_unary_rpcs_answer_over_connect_json_as_over_grpc(
    running: Running, grpc_stub: Any, started: service_pb2.NewGameResponse
) -> None:
    state = started.state
    seat = started.pending.seats[0]
    legal = grpc_stub.LegalMoves(service_pb2.LegalMovesRequest(state=state, seat=seat))
    move = legal.moves[0]
    record = service_pb2.GameRecord(setup=setup(4, seed=7), rules_version=state.rules_version, moves=[move])
    calls: list[tuple[str, Message]] = [
        ("ListGames", service_pb2.ListGamesRequest()),
        ("DescribeGame", service_pb2.DescribeGameRequest(game_id="walls_of_york")),
        ("LegalMoves", service_pb2.LegalMovesRequest(state=state, seat=seat)),
        ("ValidateMove", service_pb2.ValidateMoveRequest(state=state, move=move)),
        ("ApplyMove", service_pb2.ApplyMoveRequest(state=state, move=move)),
        ("Score", service_pb2.ScoreRequest(state=state)),
        ("ViewState", service_pb2.ViewStateRequest(state=state, viewer=common_pb2.Viewer(seat=seat))),
        ("ReplayGame", service_pb2.ReplayGameRequest(record=record)),
    ]
    for rpc, message in calls:
        assert answer(running, rpc, message) == getattr(grpc_stub, rpc)(message), rpc
    new_game = service_pb2.NewGameRequest(setup=walls_setup())
    over_http = _without_match_id(answer(running, "NewGame", new_game))
    assert over_http == _without_match_id(grpc_stub.NewGame(new_game))
    assert over_http.state.game_id == "walls_of_york" and over_http.pending.seats


def test_connect_binary_gives_the_same_bytes_as_grpc(running: Running, grpc_stub: Any, started: Any) -> None:
    message = service_pb2.LegalMovesRequest(state=started.state, seat=started.pending.seats[0])
    status, headers, body = request(
        running, "POST", PREFIX + "LegalMoves", message.SerializeToString(), {"Content-Type": "application/proto"}
    )
    assert status == 200 and headers["content-type"] == "application/proto"
    assert service_pb2.LegalMovesResponse.FromString(body) == grpc_stub.LegalMoves(message)


def test_apply_move_then_legal_moves_continue_the_same_game(running: Running, grpc_stub: Any, started: Any) -> None:
    legal = answer(running, "LegalMoves", service_pb2.LegalMovesRequest(state=started.state))
    after = answer(running, "ApplyMove", service_pb2.ApplyMoveRequest(state=started.state, move=legal.moves[0]))
    over_grpc = grpc_stub.ApplyMove(service_pb2.ApplyMoveRequest(state=started.state, move=legal.moves[0]))
    assert after.state == over_grpc.state and after.pending == over_grpc.pending
    assert after.state != started.state


# ---- errors --------------------------------------------------------------------------------------


def _illegal_move(grpc_stub: Any, started: Any) -> tuple[service_pb2.GameState, service_pb2.Move]:
    """A state and a move the server refuses: a legal first move played again after it."""
    legal = grpc_stub.LegalMoves(service_pb2.LegalMovesRequest(state=started.state)).moves
    after = grpc_stub.ApplyMove(service_pb2.ApplyMoveRequest(state=started.state, move=legal[0])).state
    for move in legal:
        if not grpc_stub.ValidateMove(service_pb2.ValidateMoveRequest(state=after, move=move)).legal:
            return after, move
    raise AssertionError("every first move is still legal after the first one")


def test_an_illegal_move_is_the_same_error_as_over_grpc(running: Running, grpc_stub: Any, started: Any) -> None:
    state, move = _illegal_move(grpc_stub, started)
    message = service_pb2.ApplyMoveRequest(state=state, move=move)
    status, body = call_json(running, "ApplyMove", message)
    assert status == 400 and body["code"] == "invalid_argument"
    info, bad = connect_details(body)
    with pytest.raises(grpc.RpcError) as caught:
        grpc_stub.ApplyMove(message)
    grpc_info, grpc_bad = details(caught.value)
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert body["message"] == caught.value.details()
    assert info == grpc_info and info.domain == "rulesengine" and info.reason == info.metadata["codes"].split(",")[0]
    assert bad == grpc_bad and bad.field_violations[0].field
    assert bad.field_violations[0].description.startswith(info.reason)


def test_malformed_json_is_invalid_argument_naming_the_request(running: Running, log_sink: LogSink) -> None:
    status, _, data = request(running, "POST", PREFIX + "NewGame", b'{"setup": ', {"Content-Type": "application/json"})
    body = json.loads(data)
    assert status == 400 and body["code"] == "invalid_argument"
    info, bad = connect_details(body)
    assert info.reason == "REQUEST_INVALID" and bad.field_violations[0].field == "request"
    line = [r for r in log_sink.records() if r.get("rpc") == "NewGame" and r.get("reason") == "REQUEST_INVALID"]
    assert line and line[-1]["transport"] == "connect" and line[-1]["outcome"] == "INVALID_ARGUMENT"


def test_an_empty_body_is_the_empty_message(running: Running, grpc_stub: Any) -> None:
    expected = grpc_stub.ListGames(service_pb2.ListGamesRequest())
    status, _, data = request(running, "POST", PREFIX + "ListGames", b"", {"Content-Type": "application/json"})
    assert status == 200 and json_format.Parse(data, service_pb2.ListGamesResponse()) == expected
    status, _, data = request(running, "POST", PREFIX + "ListGames", b"", {"Content-Type": "application/proto"})
    assert status == 200 and service_pb2.ListGamesResponse.FromString(data) == expected


def test_a_wrong_json_type_and_garbage_protobuf_are_invalid_argument(running: Running) -> None:
    for body, content_type in ((b'{"gameId": 7}', "application/json"), (b"\xff\xff\xff", "application/proto")):
        status, _, data = request(running, "POST", PREFIX + "DescribeGame", body, {"Content-Type": content_type})
        assert status == 400, data
        if content_type == "application/json":
            assert json.loads(data)["code"] == "invalid_argument"


def test_unknown_routes_and_media_types_are_refused(running: Running, log_sink: LogSink) -> None:
    assert request(running, "POST", PREFIX + "NoSuchRpc", b"{}", {"Content-Type": "application/json"})[0] == 404
    assert request(running, "GET", "/no-such-page.html")[0] == 404  # the site serves only its own files
    assert any(r.get("event") == "http_refused" and r["path"].endswith("NoSuchRpc") for r in log_sink.records())
    status, headers, _ = request(running, "POST", PREFIX + "ListGames", b"{}", {"Content-Type": "text/plain"})
    assert status == 415 and "application/json" in headers["accept-post"]
    status, _, data = request(running, "POST", PREFIX + "ListGames", b"", {"Content-Type": "application/grpc"})
    assert status == 415 and "gRPC port" in json.loads(data)["message"]


def test_an_oversized_body_is_refused_and_the_server_goes_on(running: Running) -> None:
    over_limit = b'{"gameId": "' + b"x" * MAX_MESSAGE + b'"}'
    status, _, data = request(
        running, "POST", PREFIX + "DescribeGame", over_limit, {"Content-Type": "application/json"}
    )
    assert status == 429 and json.loads(data)["code"] == "resource_exhausted"
    huge = b"x" * (MAX_MESSAGE + FRAMING_ALLOWANCE + 1)
    status, _, _ = request(running, "POST", PREFIX + "DescribeGame", huge, {"Content-Type": "application/json"})
    assert status == 413
    assert answer(running, "ListGames", service_pb2.ListGamesRequest()).games


def test_a_huge_declared_length_is_refused_before_the_body(running: Running) -> None:
    assert running.http_port is not None
    with socket.create_connection(("127.0.0.1", running.http_port), timeout=10) as sock:
        sock.sendall(
            f"POST {PREFIX}ListGames HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            f"Content-Length: {10**12}\r\n\r\n{{}}".encode()
        )
        assert sock.recv(1024).startswith(b"HTTP/1.1 413")


def test_a_call_past_its_deadline_is_deadline_exceeded(running: Running) -> None:
    status, body = call_json(running, "ListGames", service_pb2.ListGamesRequest(), **{"Connect-Timeout-Ms": "0"})
    assert status == 504 and body["code"] == "deadline_exceeded"
    info, _ = connect_details(body)
    assert info.reason == "DEADLINE_EXCEEDED"
    status, body = call_json(running, "ListGames", service_pb2.ListGamesRequest(), **{"Connect-Timeout-Ms": "x"})
    assert status == 400 and body["code"] == "invalid_argument"


# ---- gRPC-Web and Connect streaming --------------------------------------------------------------


def _stream_items(state: service_pb2.GameState, moves: list[service_pb2.Move]) -> list[bytes]:
    """ReplayGameStream requests: the record's header, then each move."""
    header = service_pb2.GameRecord(setup=setup(4, seed=7), rules_version=state.rules_version)
    items = [service_pb2.ReplayGameStreamRequest(header=header)]
    items += [service_pb2.ReplayGameStreamRequest(move=move) for move in moves]
    return [item.SerializeToString() for item in items]


def test_a_grpc_web_call_works(running: Running, grpc_stub: Any) -> None:
    web = {"Content-Type": "application/grpc-web+proto", "X-Grpc-Web": "1"}
    status, headers, body = request(running, "POST", PREFIX + "ListGames", frames(b""), web)
    assert status == 200 and headers["content-type"].startswith("application/grpc-web")
    messages, end = unframe(body)
    assert grpc_web_trailers(end)["grpc-status"] == "0"
    assert service_pb2.ListGamesResponse.FromString(messages[0]) == grpc_stub.ListGames(service_pb2.ListGamesRequest())
    missing = service_pb2.DescribeGameRequest(game_id="no_such_game").SerializeToString()
    status, _, body = request(running, "POST", PREFIX + "DescribeGame", frames(missing), web)
    trailers = grpc_web_trailers(unframe(body)[1])
    assert status == 200 and trailers["grpc-status"] == str(grpc.StatusCode.NOT_FOUND.value[0])


def test_a_state_under_another_game_id_over_grpc_web_is_invalid_argument(running: Running, started: Any) -> None:
    """Issue #22: a Citadels state sent as Walls of York's (after the server remembered it) over gRPC-Web was
    INTERNAL; it is refused by the envelope check like on every port."""
    state = service_pb2.GameState()
    state.CopyFrom(started.state)
    assert state.WhichOneof("state") == "citadels"
    state.game_id = "walls_of_york"
    web = {"Content-Type": "application/grpc-web+proto", "X-Grpc-Web": "1"}
    body = frames(service_pb2.LegalMovesRequest(state=state).SerializeToString())
    status, _, answer = request(running, "POST", PREFIX + "LegalMoves", body, web)
    trailers = grpc_web_trailers(unframe(answer)[1])
    assert status == 200 and trailers["grpc-status"] == str(grpc.StatusCode.INVALID_ARGUMENT.value[0]), trailers


def test_replay_game_stream_over_grpc_web_and_connect_streaming(running: Running, grpc_stub: Any, started: Any) -> None:
    legal = grpc_stub.LegalMoves(service_pb2.LegalMovesRequest(state=started.state)).moves
    items = _stream_items(started.state, [legal[0]])
    expected = grpc_stub.ReplayGameStream(iter(service_pb2.ReplayGameStreamRequest.FromString(i) for i in items))
    assert expected.result.legal and expected.result.moves_applied == 1
    web = {"Content-Type": "application/grpc-web+proto"}
    status, _, body = request(running, "POST", PREFIX + "ReplayGameStream", frames(*items), web)
    messages, end = unframe(body)
    assert status == 200 and grpc_web_trailers(end)["grpc-status"] == "0"
    assert _without_match_id(service_pb2.ReplayGameStreamResponse.FromString(messages[0]).result) == (
        _without_match_id(expected.result)
    )
    as_json = [json_format.MessageToJson(service_pb2.ReplayGameStreamRequest.FromString(i)).encode() for i in items]
    status, headers, body = request(
        running, "POST", PREFIX + "ReplayGameStream", frames(*as_json), {"Content-Type": "application/connect+json"}
    )
    messages, end = unframe(body)
    assert status == 200 and headers["content-type"] == "application/connect+json"
    assert json.loads(end or b"{}").get("error") is None
    result = json_format.Parse(messages[0], service_pb2.ReplayGameStreamResponse()).result
    assert result.legal and result.moves_applied == 1 and result.score == expected.result.score


# ---- hostile bodies: malformed envelopes, bad compression, bombs (issue #22) ----------------------

STREAM_TYPES = (
    "application/connect+json",
    "application/connect+proto",
    "application/grpc-web+proto",
    "application/grpc-web",
)
GRPC_CODES = {str(code.value[0]): code.name.lower() for code in grpc.StatusCode} | {"1": "canceled"}


def envelope(flags: int, payload: bytes, length: int | None = None) -> bytes:
    """One envelope: ``flags``, a big-endian length (``length`` if given, else the payload's), the payload."""
    return bytes([flags]) + (len(payload) if length is None else length).to_bytes(4, "big") + payload


def end_flag(content_type: str) -> int:
    """The flag a server's end-of-stream frame carries in this protocol (Connect 0x02, gRPC-Web 0x80)."""
    return 0x80 if content_type.startswith("application/grpc-web") else 0x02


def encoding_header(content_type: str) -> str:
    """The header naming the compression of a stream's messages in this protocol."""
    return "Grpc-Encoding" if content_type.startswith("application/grpc-web") else "Connect-Content-Encoding"


def error_of(content_type: str, status: int, body: bytes) -> tuple[str, error_details_pb2.ErrorInfo | None, str]:
    """The error code (Connect's name), the ErrorInfo (``None`` without one) and the message of an answer of any
    transport: a Connect unary JSON error, a Connect end-of-stream frame, or a gRPC-Web trailer frame."""
    if content_type.startswith("application/grpc-web"):
        assert status == 200, (status, body)
        trailers = grpc_web_trailers(unframe(body)[1])
        code = GRPC_CODES[trailers["grpc-status"]]
        if "grpc-status-details-bin" not in trailers:
            return code, None, trailers.get("grpc-message", "")
        raw = trailers["grpc-status-details-bin"]
        rpc_status = status_pb2.Status.FromString(base64.b64decode(raw + "=" * (-len(raw) % 4)))
        infos = [d for d in rpc_status.details if d.type_url.endswith("google.rpc.ErrorInfo")]
        info = error_details_pb2.ErrorInfo.FromString(infos[0].value) if infos else None
        return code, info, rpc_status.message
    if content_type.startswith("application/connect+"):
        assert status == 200, (status, body)
        error = json.loads(unframe(body)[1] or b"{}").get("error")
        assert error is not None, body
    else:
        error = json.loads(body)
    infos = [d for d in error.get("details", []) if d["type"] == "google.rpc.ErrorInfo"]
    info = None
    if infos:
        value = infos[0]["value"]
        info = error_details_pb2.ErrorInfo.FromString(base64.b64decode(value + "=" * (-len(value) % 4)))
    return error["code"], info, error["message"]


def call_raw(
    running: Running, rpc: str, content_type: str, body: bytes, **headers: str
) -> tuple[str, error_details_pb2.ErrorInfo | None, str]:
    """Send ``body`` as it is to ``rpc`` and read the error it gets (see ``error_of``)."""
    status, _, data = request(running, "POST", PREFIX + rpc, body, {"Content-Type": content_type, **headers})
    return error_of(content_type, status, data)


def malformed_streams(content_type: str) -> dict[str, tuple[bytes, dict[str, str]]]:
    """Each malformed body the fuzz found (or that is like one), by name, with the headers it goes with."""
    gzipped = {encoding_header(content_type): "gzip"}
    return {
        "end_of_stream_frame_first": (envelope(end_flag(content_type), b"{}"), {}),
        "truncated_envelope": (b"\x00\x00\x00", {}),
        "reserved_flag_bits": (envelope(0x40, b""), {}),
        "length_prefix_beyond_the_body": (envelope(0, b"abc", length=100), {}),
        "compressed_flag_without_an_encoding": (envelope(0x01, gzip.compress(b"")), {}),
        "garbage_gzip": (envelope(0x01, b"not gzip at all"), gzipped),
        "truncated_gzip": (envelope(0x01, gzip.compress(b"\x00" * 1000)[:-12]), gzipped),
    }


# ReplayGameStream over every streaming content type; a unary RPC over gRPC-Web (connectrpc reads a unary
# RPC's Connect call as Connect unary only).
CASES = [
    (rpc, content_type, name)
    for rpc, types in (("ReplayGameStream", STREAM_TYPES), ("ListGames", STREAM_TYPES[2:]))
    for content_type in types
    for name in malformed_streams(content_type)
]


@pytest.mark.parametrize(("rpc", "content_type", "case"), CASES, ids=[f"{r}-{t}-{n}" for r, t, n in CASES])
def test_a_malformed_stream_is_invalid_argument_with_details(
    running: Running, log_sink: LogSink, rpc: str, content_type: str, case: str
) -> None:
    body, headers = malformed_streams(content_type)[case]
    log_sink.clear()  # the session's log: earlier tests plant internal errors of their own
    code, info, message = call_raw(running, rpc, content_type, body, **headers)
    assert code == "invalid_argument", (code, message)
    assert info is not None and info.reason == "REQUEST_INVALID" and info.domain == "rulesengine", message
    assert message.startswith("the request") and "malformed" in message
    lines = [r for r in log_sink.records() if r.get("rpc") == rpc and r.get("reason") == "REQUEST_INVALID"]
    assert lines and lines[-1]["outcome"] == "INVALID_ARGUMENT"
    assert not [r for r in log_sink.records() if r.get("event") == "rpc_internal_error"]


@pytest.mark.parametrize("content_type", STREAM_TYPES)
def test_a_stream_message_over_the_limit_is_resource_exhausted(running: Running, content_type: str) -> None:
    code, info, message = call_raw(running, "ReplayGameStream", content_type, envelope(0, b"", MAX_MESSAGE + 1))
    assert code == "resource_exhausted" and info is not None and info.reason == "MESSAGE_TOO_LARGE"
    assert f"{MAX_MESSAGE} bytes" in message and info.metadata["limit"] == str(MAX_MESSAGE)


def test_unary_bodies_that_do_not_decompress_are_invalid_argument(running: Running) -> None:
    for body in (b"not gzip", gzip.compress(b"{}")[:-3]):
        code, info, message = call_raw(running, "ListGames", "application/json", body, **{"Content-Encoding": "gzip"})
        assert code == "invalid_argument" and info is not None and info.reason == "REQUEST_INVALID", message
    code, info, message = call_raw(running, "ListGames", "application/json", b"{}", **{"Content-Encoding": "br"})
    assert code == "unimplemented" and info is not None and "gzip" in message


@pytest.fixture(scope="module")
def gzip_bomb() -> bytes:
    """A gzip member under the message limit (so that only inflating it can exceed the limit) that inflates
    to about 1000 times the limit (120 MiB)."""
    squeeze = zlib.compressobj(9, zlib.DEFLATED, 31)
    zeros = b"\x00" * (1024 * 1024)
    bomb = b"".join(squeeze.compress(zeros) for _ in range(MAX_MESSAGE // 1024 - 8)) + squeeze.flush()
    assert len(bomb) < MAX_MESSAGE - 16
    return bomb


BOMB_CALLS = [
    ("ListGames", "application/proto", "Content-Encoding", False),
    ("ReplayGameStream", "application/connect+proto", "Connect-Content-Encoding", True),
    ("ReplayGameStream", "application/grpc-web+proto", "Grpc-Encoding", True),
    ("ListGames", "application/grpc-web+proto", "Grpc-Encoding", True),
]


@pytest.mark.parametrize(("rpc", "content_type", "header", "enveloped"), BOMB_CALLS)
def test_a_gzip_bomb_is_resource_exhausted_quickly_without_inflating_it(
    running: Running, gzip_bomb: bytes, rpc: str, content_type: str, header: str, enveloped: bool
) -> None:
    body = envelope(0x01, gzip_bomb) if enveloped else gzip_bomb
    tracemalloc.start()
    try:
        started = time.monotonic()
        code, info, message = call_raw(running, rpc, content_type, body, **{header: "gzip"})
        elapsed = time.monotonic() - started
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert code == "resource_exhausted" and info is not None and info.reason == "MESSAGE_TOO_LARGE", message
    assert f"inflates beyond {MAX_MESSAGE} bytes" in message
    assert elapsed < 2 and peak < 16 * MAX_MESSAGE + 8 * 1024 * 1024, (elapsed, peak)


def test_stream_messages_adding_up_past_the_limit_are_refused(running: Running, grpc_stub: Any, started: Any) -> None:
    legal = grpc_stub.LegalMoves(service_pb2.LegalMovesRequest(state=started.state)).moves
    padding = b"\xc2\x3e" + _varint(MAX_MESSAGE // 2) + b"\x00" * (MAX_MESSAGE // 2)  # unknown field 1000
    items = [item + padding for item in _stream_items(started.state, [legal[0]] * 3)]
    body = b"".join(envelope(0x01, gzip.compress(item)) for item in items)
    assert len(body) < MAX_MESSAGE
    code, info, message = call_raw(
        running, "ReplayGameStream", "application/connect+proto", body, **{"Connect-Content-Encoding": "gzip"}
    )
    assert code == "resource_exhausted" and info is not None and info.reason == "STREAM_TOO_LARGE", message


def _varint(value: int) -> bytes:
    out = bytearray()
    while value > 0x7F:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    return bytes([*out, value])


def test_a_unary_rpc_over_connect_streaming_is_refused_naming_what_is_served(running: Running) -> None:
    status, _, data = request(
        running, "POST", PREFIX + "ListGames", frames(b"{}"), {"Content-Type": "application/connect+json"}
    )
    assert status == 415 and "application/json" in json.loads(data)["message"]


# ---- health, CORS, the README's curl, stopping ---------------------------------------------------


def test_healthz_answers(running: Running) -> None:
    status, _, body = request(running, "GET", HEALTH_PATH)
    assert status == 200 and body == b"SERVING\n"


def test_cors_answers_only_the_configured_origin(running: Running) -> None:
    preflight = {"Origin": ORIGIN, "Access-Control-Request-Method": "POST"}
    status, headers, _ = request(running, "OPTIONS", PREFIX + "ListGames", headers=preflight)
    assert status == 204 and headers["access-control-allow-origin"] == ORIGIN
    assert "connect-protocol-version" in headers["access-control-allow-headers"].lower()
    stranger = {**preflight, "Origin": "https://elsewhere.example"}
    status, headers, _ = request(running, "OPTIONS", PREFIX + "ListGames", headers=stranger)
    assert status == 403 and "access-control-allow-origin" not in headers
    status, headers, _ = request(
        running, "POST", PREFIX + "ListGames", b"{}", {"Content-Type": "application/json", "Origin": ORIGIN}
    )
    assert status == 200 and headers["access-control-allow-origin"] == ORIGIN
    assert "grpc-status-details-bin" in headers["access-control-expose-headers"].lower()


def readme_http_block() -> tuple[str, list[str]]:
    """The README's HTTP section: the base URL it sets and its curl command lines."""
    text = (ROOT / "README.md").read_text()
    section = text.split("## HTTP/JSON and browsers", 1)[1].split("\n## ", 1)[0]
    block = re.findall(r"```bash\n(.*?)```", section, re.S)
    lines = [line for code in block for line in code.splitlines()]
    base = next(line.split("=", 1)[1] for line in lines if line.startswith("HTTP="))
    return base, [line for line in lines if line.startswith("curl ")]


def test_the_readme_curl_commands_work(running: Running) -> None:
    base, commands = readme_http_block()
    assert base.startswith("http://localhost:8080/") and len(commands) >= 2
    url = base.replace("localhost:8080", f"127.0.0.1:{running.http_port}")
    replies = []
    for command in commands:
        done = subprocess.run(
            ["bash", "-c", command], env={**os.environ, "HTTP": url}, capture_output=True, text=True, timeout=30
        )
        assert done.returncode == 0, (shlex.quote(command), done.stderr)
        replies.append(json.loads(done.stdout))
    assert any(g["gameId"] == "walls_of_york" for g in replies[0]["games"])
    assert replies[1]["state"]["gameId"] == "walls_of_york" and replies[1]["pending"]["seats"]


def test_stopping_closes_the_http_port(log_sink: LogSink) -> None:
    server = start_server(Config(host="127.0.0.1", port=0, http_port=0, threads=2))
    assert request(server, "GET", HEALTH_PATH)[0] == 200
    server.stop(1)
    assert server.http_port is not None
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", server.http_port), timeout=2).close()


class _HeldScore:
    """The Citadels engine with a Score that says when it started and waits to be released."""

    def __init__(self, engine: Any) -> None:
        self._engine = engine
        self.started = threading.Event()
        self.release = threading.Event()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._engine, name)

    def score(self, state: Any) -> Any:
        self.started.set()
        self.release.wait(10)
        return self._engine.score(state)


def test_stopping_lets_a_call_under_way_finish_and_refuses_new_ones(log_sink: LogSink, started: Any) -> None:
    engine = _HeldScore(registry.get("citadels"))
    server = start_server(Config(host="127.0.0.1", port=0, http_port=0, threads=2), {"citadels": engine})
    assert server.http_port is not None
    kept = http.client.HTTPConnection("127.0.0.1", server.http_port, timeout=10)
    list_games = (PREFIX + "ListGames", b"{}", {"Content-Type": "application/json"})
    kept.request("POST", *list_games)
    assert kept.getresponse().read() and kept.sock is not None  # a keep-alive connection, still open
    answers: list[int] = []
    body = json_format.MessageToJson(service_pb2.ScoreRequest(state=started.state)).encode()
    call = threading.Thread(
        target=lambda: answers.append(
            request(server, "POST", PREFIX + "Score", body, {"Content-Type": "application/json"})[0]
        )
    )
    call.start()
    assert engine.started.wait(10)
    stopper = threading.Thread(target=server.stop, args=(10,))
    stopper.start()
    statuses = []
    for _ in range(200):  # until the drain has begun: then the kept connection's next call is refused
        kept.request("POST", *list_games)
        response = kept.getresponse()
        response.read()
        statuses.append(response.status)
        if response.status != 200:
            break
        time.sleep(0.01)
    kept.close()
    assert statuses[-1] == 503 and stopper.is_alive()
    engine.release.set()
    call.join(10)
    stopper.join(10)
    assert answers == [200] and not stopper.is_alive()


def test_the_serve_flags(monkeypatch: pytest.MonkeyPatch) -> None:
    config = parse_config(["serve", "--http-port", "8080", "--http-cors-origins", f"{ORIGIN}, https://b.example"], {})
    assert config.http_port == 8080 and config.http_cors_origins == (ORIGIN, "https://b.example")
    assert parse_config(["serve"], {}).http_port is None
    assert parse_config(["serve"], {"RULES_ENGINE_HTTP_PORT": "9090"}).http_port == 9090
    assert parse_config(["serve", "--http-port", "off"], {"RULES_ENGINE_HTTP_PORT": "9090"}).http_port is None
    with pytest.raises(SystemExit):
        parse_config(["serve", "--http-port", "70000"], {})


def test_every_worker_serves_the_http_port_and_sigterm_stops_them() -> None:
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "server.cli",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--http-port",
            "0",
            "--workers",
            "2",
            "--threads",
            "2",
            "--grace-seconds",
            "1",
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        serving: set[int] = set()
        http_port = None
        for line in process.stdout:
            record = json.loads(line)
            if record.get("event") == "workers_started":
                http_port = record["http_port"]
            if record.get("event") == "serving":
                serving.add(record["pid"])
                assert record["http_port"] == http_port
            if len(serving) == 2:
                break
        assert http_port
        for _ in range(6):
            connection = http.client.HTTPConnection("127.0.0.1", http_port, timeout=10)
            connection.request("POST", PREFIX + "ListGames", b"{}", {"Content-Type": "application/json"})
            assert connection.getresponse().status == 200
            connection.close()
        process.send_signal(signal.SIGTERM)
        assert process.wait(15) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
