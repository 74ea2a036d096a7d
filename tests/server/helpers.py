"""Shared test helpers: setups, google.rpc error details, random games through the API, requests to the HTTP
port and its frames."""

from __future__ import annotations

import http.client
import random
from collections.abc import Callable
from functools import cache
from typing import Any

import grpc
from google.rpc import error_details_pb2
from grpc_status import rpc_status
from rulesengine.v1 import common_pb2, service_pb2, service_pb2_grpc

from server.app import Running
from server.handlers import SERVICE_NAME

KEY = b"test-signing-key-0123456789abcdef"


def setup(players: int = 4, seed: int | None = 7, **overrides: str) -> common_pb2.GameSetup:
    """A Citadels setup: seeded, or external chance when ``seed`` is None."""
    message = common_pb2.GameSetup(game_id="citadels", players=players, overrides=overrides)
    if seed is None:
        message.chance_mode = common_pb2.CHANCE_MODE_EXTERNAL
    else:
        message.chance_mode = common_pb2.CHANCE_MODE_SEEDED
        message.seed = seed
    return message


def details(error: grpc.RpcError) -> tuple[error_details_pb2.ErrorInfo, error_details_pb2.BadRequest | None]:
    """The ErrorInfo (always present) and BadRequest (if any) of a failed call."""
    status = rpc_status.from_call(error)  # type: ignore[arg-type]
    assert status is not None, "the error carries no google.rpc status details"
    info: error_details_pb2.ErrorInfo | None = None
    bad: error_details_pb2.BadRequest | None = None
    for item in status.details:
        if item.Is(error_details_pb2.ErrorInfo.DESCRIPTOR):
            info = error_details_pb2.ErrorInfo()
            item.Unpack(info)
        elif item.Is(error_details_pb2.BadRequest.DESCRIPTOR):
            bad = error_details_pb2.BadRequest()
            item.Unpack(bad)
    assert info is not None and info.domain == "rulesengine"
    return info, bad


def play_through_api(
    stub: service_pb2_grpc.RulesEngineServiceStub, game: common_pb2.GameSetup, rng: random.Random
) -> tuple[list[service_pb2.GameState], list[service_pb2.Move]]:
    """Play a whole game with random legal moves from the API; every state visited, and the moves."""
    states = [stub.NewGame(service_pb2.NewGameRequest(setup=game)).state]
    moves: list[service_pb2.Move] = []
    for _ in range(5000):
        legal = stub.LegalMoves(service_pb2.LegalMovesRequest(state=states[-1]))
        if not legal.pending.seats:
            return states, moves
        assert legal.moves, f"no legal move while {legal.pending} is pending"
        move = rng.choice(legal.moves)
        states.append(stub.ApplyMove(service_pb2.ApplyMoveRequest(state=states[-1], move=move)).state)
        moves.append(move)
    raise AssertionError("the game did not end within 5000 moves")


def bot_games(
    client: Any, make_setup: Callable[[int, int | None], common_pb2.GameSetup]
) -> Callable[[int, int | None], Any]:
    """A cached player of whole games through the API with the CLI's random bots on every seat a person
    takes (and CHANCE): ``play(players, seed)``; an automated opponent's seat (a solo AI) gets no agent,
    the engine plays it."""
    from rulesengine_client.games import RandomBot, play_game

    from engines.core.engine import CHANCE

    @cache
    def play(players: int, seed: int | None) -> Any:
        rng = random.Random(players * 31 + (seed or 0))
        agents = {seat: RandomBot(rng) for seat in (CHANCE, *range(players))}
        return play_game(client, make_setup(players, seed), agents)

    return play


# ---- the HTTP port ---------------------------------------------------------------------------------

PREFIX = f"/{SERVICE_NAME}/"


def request(
    running: Running, method: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None
) -> tuple[int, dict[str, str], bytes]:
    """One HTTP request to the HTTP port: status, headers (lower-case names), body."""
    assert running.http_port is not None
    connection = http.client.HTTPConnection("127.0.0.1", running.http_port, timeout=10)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()


def frames(*messages: bytes) -> bytes:
    """gRPC-Web / Connect streaming envelopes: flag 0, big-endian length, the message."""
    return b"".join(b"\x00" + len(m).to_bytes(4, "big") + m for m in messages)


def unframe(body: bytes) -> tuple[list[bytes], bytes | None]:
    """The data messages of an enveloped body, and its end frame (flag bit 0x80 or 0x02) if any."""
    messages: list[bytes] = []
    end: bytes | None = None
    while body:
        flag, length = body[0], int.from_bytes(body[1:5], "big")
        payload, body = body[5 : 5 + length], body[5 + length :]
        if flag & 0x82:
            end = payload
        else:
            messages.append(payload)
    return messages, end


def grpc_web_trailers(end: bytes | None) -> dict[str, str]:
    """The trailers of a gRPC-Web trailer frame."""
    assert end is not None, "no trailer frame"
    pairs = (line.split(":", 1) for line in end.decode().split("\r\n") if line)
    return {key.strip().lower(): value.strip() for key, value in pairs}
