"""Errors a JSON client can read, strict JSON requests, and gRPC-Web text on the HTTP port (server/http.py,
server/grpc_web_text.py; issue #23 item 2), through real HTTP."""

from __future__ import annotations

import base64
import http.client
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from connectrpc._protocol import ConnectWireError
from google.protobuf import any_pb2, json_format
from google.rpc import status_pb2

from server import errors
from server.app import Running, start_server
from server.config import Config
from server.handlers import SERVICE_NAME
from server.http import connect_error
from tests.server.conftest import LogSink
from tests.server.helpers import frames, unframe
from tests.server.helpers import grpc_web_trailers as trailers

ROOT = Path(__file__).resolve().parents[2]
MAX_MESSAGE = 128 * 1024
PREFIX = f"/{SERVICE_NAME}/"
SETUP = {"gameId": "walls_of_york", "players": 2, "chanceMode": "CHANCE_MODE_SEEDED", "seed": "3"}
WRONG_SEAT = {"seat": 1, "wallsOfYork": {"setupTile": {"gem": "white", "side": "black", "quadrant": "TL"}}}


@pytest.fixture(scope="module")
def running(log_sink: LogSink) -> Iterator[Running]:
    """A server with both ports on free local ports and a small message limit."""
    server = start_server(Config(host="127.0.0.1", port=0, http_port=0, threads=4, max_message_bytes=MAX_MESSAGE))
    try:
        yield server
    finally:
        server.stop(None)


def base_url(running: Running) -> str:
    return f"http://127.0.0.1:{running.http_port}/{SERVICE_NAME}"


def post(running: Running, rpc: str, body: bytes, content_type: str) -> tuple[int, dict[str, str], bytes]:
    """One POST to the HTTP port: status, headers (lower-case names), body."""
    assert running.http_port is not None
    connection = http.client.HTTPConnection("127.0.0.1", running.http_port, timeout=10)
    try:
        headers = {"Content-Type": content_type}
        if content_type.startswith("application/grpc-web"):
            headers["X-Grpc-Web"] = "1"
        connection.request("POST", PREFIX + rpc, body=body, headers=headers)
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()


def post_json(running: Running, rpc: str, body: Any) -> tuple[int, dict[str, Any]]:
    status, _, data = post(running, rpc, json.dumps(body).encode(), "application/json")
    return status, json.loads(data)


def detail(body: dict[str, Any], type_name: str) -> dict[str, Any]:
    """The ``debug`` of the detail of ``type_name`` in a Connect error body."""
    found = [d for d in body["details"] if d["type"] == type_name]
    assert len(found) == 1, body
    return found[0]["debug"]  # type: ignore[no-any-return]


def assert_debug_is_the_value(body: dict[str, Any]) -> None:
    """Every detail of a Connect error body has a ``debug``: its ``value`` in the proto3 JSON mapping."""
    assert body["details"], body
    for item in body["details"]:
        packed = any_pb2.Any(
            type_url="type.googleapis.com/" + item["type"],
            value=base64.b64decode(item["value"] + "=" * (-len(item["value"]) % 4)),
        )
        expected = json_format.MessageToDict(packed)
        expected.pop("@type")
        assert item["debug"] == expected, item


# ---- a refused move, read with json alone -------------------------------------------------------------

_JSON_CLIENT = """
import json, sys, urllib.error, urllib.request

def call(rpc, body):
    request = urllib.request.Request(
        sys.argv[1] + "/" + rpc, json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.load(answer)
    except urllib.error.HTTPError as refusal:
        return refusal.code, json.load(refusal)

_, new = call("NewGame", {"setup": json.loads(sys.argv[2])})
status, error = call("ApplyMove", {"state": new["state"], "move": json.loads(sys.argv[3])})
found = {"status": status, "code": error["code"]}
for detail in error["details"]:
    if detail["type"] == "google.rpc.ErrorInfo":
        found["reason"] = detail["debug"]["reason"]
        found["codes"] = detail["debug"]["metadata"]["codes"].split(",")
    if detail["type"] == "google.rpc.BadRequest":
        found["violations"] = [
            {"field": v["field"], "code": v["description"].partition(": ")[0]}
            for v in detail["debug"]["fieldViolations"]
        ]
found["protobuf_loaded"] = sorted(m for m in sys.modules if m.startswith(("google", "protobuf", "grpc")))
print(json.dumps(found))
"""


def test_a_json_client_reads_an_illegal_moves_violation_codes_with_json_alone(running: Running) -> None:
    done = subprocess.run(
        [sys.executable, "-I", "-c", _JSON_CLIENT, base_url(running), json.dumps(SETUP), json.dumps(WRONG_SEAT)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {
        "status": 400,
        "code": "invalid_argument",
        "reason": "COMMON_NOT_YOUR_TURN",
        "codes": ["COMMON_NOT_YOUR_TURN"],
        "violations": [{"field": "move.seat", "code": "COMMON_NOT_YOUR_TURN"}],
        "protobuf_loaded": [],
    }


def test_an_illegal_moves_details_carry_their_json_as_debug(running: Running) -> None:
    _, new = post_json(running, "NewGame", {"setup": SETUP})
    status, body = post_json(running, "ApplyMove", {"state": new["state"], "move": WRONG_SEAT})
    assert status == 400 and body["code"] == "invalid_argument"
    assert detail(body, "google.rpc.ErrorInfo") == {
        "reason": "COMMON_NOT_YOUR_TURN",
        "domain": "rulesengine",
        "metadata": {"codes": "COMMON_NOT_YOUR_TURN"},
    }
    violations = detail(body, "google.rpc.BadRequest")["fieldViolations"]
    assert [(v["field"], v["description"].partition(": ")[0]) for v in violations] == [
        ("move.seat", "COMMON_NOT_YOUR_TURN")
    ]
    assert violations[0]["description"].partition(": ")[2] in body["message"]
    assert_debug_is_the_value(body)


def test_every_error_on_the_connect_json_path_has_readable_details(running: Running) -> None:
    # refused by the servicer, by the JSON parser, by the Connect layer (a message over the limit)
    for rpc, raw in (
        ("NewGame", b'{"setup": {}}'),
        ("NewGame", b'{"setup": '),
        ("ListGames", b'{"x": "' + b"y" * MAX_MESSAGE + b'"}'),
    ):
        status, _, data = post(running, rpc, raw, "application/json")
        assert status in (400, 429), data
        assert_debug_is_the_value(json.loads(data))
    # a Connect stream's error, in its end-of-stream message
    status, _, data = post(running, "ReplayGameStream", frames(b'{"headr": {}}'), "application/connect+json")
    messages, end = unframe(data)
    assert status == 200 and messages == [] and end is not None
    error = json.loads(end)["error"]
    assert error["code"] == "invalid_argument" and "headr" in error["message"]
    assert_debug_is_the_value(error)


def test_retry_info_is_readable_too() -> None:
    # SERVER_BUSY needs a full lane to be met through HTTP; its Connect JSON is built here as connectrpc builds it
    body = ConnectWireError.from_exception(connect_error(errors.busy("replays", 2, 1.5))).to_dict()
    assert detail(body, "google.rpc.RetryInfo") == {"retryDelay": "1.500s"}
    assert detail(body, "google.rpc.ErrorInfo")["reason"] == "SERVER_BUSY"
    assert_debug_is_the_value(body)


# ---- strict JSON: an unknown field is refused, naming it ----------------------------------------------


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        (
            {"setup": SETUP, "matchid": "m-1"},
            "matchid",
            'unknown field "matchid" in NewGameRequest; did you mean "matchId"?',
        ),
        (
            {"setup": {**SETUP, "gameid": "walls_of_york"}},
            "setup.gameid",
            'unknown field "gameid" in GameSetup (at setup); did you mean "gameId"?',
        ),
        ({"setup": SETUP, "colour": "red"}, "colour", 'unknown field "colour" in NewGameRequest'),
    ],
)
def test_an_unknown_json_field_is_refused_naming_it(
    running: Running, body: dict[str, Any], field: str, message: str
) -> None:
    status, error = post_json(running, "NewGame", body)
    assert status == 400, error
    assert error["code"] == "invalid_argument" and error["message"] == message
    assert detail(error, "google.rpc.ErrorInfo")["reason"] == "REQUEST_INVALID"
    assert detail(error, "google.rpc.BadRequest") == {"fieldViolations": [{"field": field, "description": message}]}


def test_an_unknown_field_in_a_stream_message_names_the_message(running: Running) -> None:
    status, _, data = post(running, "ReplayGameStream", frames(b'{"headr": {}}'), "application/connect+json")
    error = json.loads(unframe(data)[1] or b"{}")["error"]
    assert (
        status == 200 and error["message"] == 'unknown field "headr" in ReplayGameStreamRequest; did you mean "header"?'
    )
    assert detail(error, "google.rpc.BadRequest")["fieldViolations"][0]["field"] == "request[0].headr"


def test_strict_json_still_reads_a_field_by_either_name(running: Running) -> None:
    misspelt = {"setup": {**SETUP, "chance_mode": "CHANCE_MODE_SEEDED"}, "match_id": "m-7", "matchid": "m-8"}
    assert post_json(running, "NewGame", misspelt)[0] == 400
    del misspelt["matchid"]
    status, answer = post_json(running, "NewGame", misspelt)
    assert status == 200 and answer["state"]["matchId"] == "m-7"


# ---- gRPC-Web text ------------------------------------------------------------------------------------


def test_grpc_web_text_round_trip_answers_what_binary_grpc_web_answers(running: Running) -> None:
    status, headers, binary = post(running, "ListGames", frames(b""), "application/grpc-web+proto")
    assert status == 200
    for content_type in ("application/grpc-web-text", "application/grpc-web-text+proto"):
        status, headers, text = post(running, "ListGames", base64.b64encode(frames(b"")), content_type)
        assert status == 200 and headers["content-type"] == "application/grpc-web-text+proto"
        assert int(headers["content-length"]) == len(text)
        decoded = base64.b64decode(text, validate=True)
        assert decoded == binary
        messages, end = unframe(decoded)
        assert len(messages) == 1 and b"walls_of_york" in messages[0]
        assert trailers(end)["grpc-status"] == "0"


def test_grpc_web_text_reads_padded_chunks_one_after_the_other(running: Running) -> None:
    frame = frames(b"")
    chunked = base64.b64encode(frame[:1]) + b"\r\n" + base64.b64encode(frame[1:])
    assert chunked.startswith(b"AA==")  # padding inside the body, where one base64 text has none
    status, _, text = post(running, "ListGames", chunked, "application/grpc-web-text")
    assert status == 200 and trailers(unframe(base64.b64decode(text))[1])["grpc-status"] == "0"


def test_grpc_web_text_errors_are_trailers_in_base64(running: Running) -> None:
    status, headers, text = post(
        running, "NewGame", base64.b64encode(frames(b"\x0a\x00")), "application/grpc-web-text+proto"
    )
    assert status == 200 and headers["content-type"] == "application/grpc-web-text+proto"
    messages, end = unframe(base64.b64decode(text))
    found = trailers(end)
    assert messages == [] and found["grpc-status"] == "3"
    details = status_pb2.Status.FromString(base64.b64decode(found["grpc-status-details-bin"] + "=="))
    assert details.code == 3 and len(details.details) == 2


def test_a_grpc_web_text_body_that_is_not_base64_is_invalid_argument(running: Running, log_sink: LogSink) -> None:
    for body in (b"not base64!", b"QUJD=Q"):
        status, headers, text = post(running, "NewGame", body, "application/grpc-web-text")
        assert status == 200 and headers["content-type"] == "application/grpc-web-text+proto"
        found = trailers(unframe(base64.b64decode(text))[1])
        assert found["grpc-status"] == "3" and "base64" in found["grpc-message"]
        details = status_pb2.Status.FromString(base64.b64decode(found["grpc-status-details-bin"] + "=="))
        info = [d for d in details.details if d.type_url.endswith("ErrorInfo")]
        assert info and b"REQUEST_INVALID" in info[0].value
    logged = [r for r in log_sink.records() if r.get("rpc") == "NewGame" and r.get("transport") == "grpc-web"]
    assert any(r.get("reason") == "REQUEST_INVALID" for r in logged)


# ---- the README's example ------------------------------------------------------------------------------


def test_the_readme_example_prints_what_it_shows(running: Running) -> None:
    text = (ROOT / "README.md").read_text()
    section = text.split("## HTTP/JSON and browsers", 1)[1].split("\n## ", 1)[0]
    found = re.search(r"```bash\n([^`]*ApplyMove[^`]*)```\n\nprints\n\n```\n([^`]*)```", section)
    assert found is not None, "the README's HTTP section shows no illegal move read as JSON"
    script, shown = found.groups()
    assert "protobuf" not in script
    assert shutil.which("curl"), "the README's example needs curl"
    path = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])  # python3: this one
    done = subprocess.run(
        ["bash", "-c", script],
        env={**os.environ, "HTTP": base_url(running), "PATH": path},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == shown
