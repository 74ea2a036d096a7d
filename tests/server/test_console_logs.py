"""With console logs, an unexpected exception is still INTERNAL (the fuzz found that the console renderer
choked on the logged frames, which turned every INTERNAL into UNKNOWN)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import io
import grpc
from rulesengine.v1 import service_pb2, service_pb2_grpc
from engines.citadels import ENGINE
from server import logs
from server.app import start_server
from server.config import Config

class Broken:
    def __getattr__(self, name):
        return getattr(ENGINE, name)
    def score(self, state):
        raise RuntimeError("boom")

sink = io.StringIO()
logs.configure("console", "info", sink)
running = start_server(Config(host="127.0.0.1", port=0, threads=2), {"citadels": Broken()})
with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel:
    stub = service_pb2_grpc.RulesEngineServiceStub(channel)
    setup = {"game_id": "citadels", "players": 4, "chance_mode": "CHANCE_MODE_SEEDED", "seed": 1}
    state = stub.NewGame(service_pb2.NewGameRequest(setup=setup), timeout=10).state
    try:
        stub.Score(service_pb2.ScoreRequest(state=state), timeout=10)
    except grpc.RpcError as exc:
        print(exc.code().name)
running.stop(0)
print("frames" in sink.getvalue() and "rpc_internal_error" in sink.getvalue())
"""


def test_an_internal_error_is_internal_with_console_logs() -> None:
    done = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={**os.environ},
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["INTERNAL", "True"]
