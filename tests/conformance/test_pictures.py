"""RenderView over a real port, for every registered game.

On states a random playout of each game visits (a seeded and an external-chance setup per game, states
spread from the first to the last), for every seat and the spectator: the SVG answer parses as XML, says its
size as the response does, and is the picture the engine draws of that viewer's view; the PNG answer is a PNG
whose header has the size the response reports, the picture's size times the scale. A bad format, a scale out
of range (or given for an SVG), a missing viewer or a seat off the table are refused with INVALID_ARGUMENT
naming the field; a game whose engine draws no picture answers UNIMPLEMENTED.

Nothing here names a game: a game is covered by registering it.
"""

from __future__ import annotations

import dataclasses
import struct
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from functools import cache
from typing import Any

import grpc
import pytest
from google.protobuf.empty_pb2 import Empty
from rulesengine.v1 import common_pb2, service_pb2, service_pb2_grpc

from engines.core.game import TableEngine
from server.app import start_server
from server.config import Config
from server.errors import REQUEST_INVALID, RULE_NOT_IMPLEMENTED
from server.pictures import MAX_SCALE, MIN_SCALE
from tests.conformance.support import CONTRACTED, ENGINES, Setup, setup_sample
from tests.server.helpers import details
from tools.message_mutations import playout_states

#: Only the games the contract carries: these tests start a server and send it protos, and a game without
#: proto messages (the test-only ``tests.tinygame``) has none; its engine-level conformance is the other
#: tests' (``support.CONTRACTED``).
GAMES = sorted(CONTRACTED)

#: Setups per game (one per chance mode) and states per setup (spread over the game).
SETUPS_PER_GAME = 2
STATES = 4
#: Longest a single RPC may take.
RPC_SECONDS = 20.0
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
SVG = "{http://www.w3.org/2000/svg}svg"
#: The largest side a picture may have at its own size (they are drawn to be read at 800-1400 px wide).
MOST_SIDE = 4096


def stub_on(engines: dict[str, Any] | None = None) -> Iterator[service_pb2_grpc.RulesEngineServiceStub]:
    """A stub on a server of its own on a free local port (every registered game unless ``engines``)."""
    running = start_server(Config(host="127.0.0.1", port=0, threads=2), engines)
    try:
        with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel:
            yield service_pb2_grpc.RulesEngineServiceStub(channel)
    finally:
        running.stop(None)


@pytest.fixture(scope="module")
def stub() -> Iterator[service_pb2_grpc.RulesEngineServiceStub]:
    yield from stub_on()


@pytest.fixture(scope="module")
def undrawn() -> Iterator[service_pb2_grpc.RulesEngineServiceStub]:
    """A server whose every game draws no picture."""
    undrawn = {game_id: TableEngine(dataclasses.replace(ENGINES[game_id].game, picture=None)) for game_id in GAMES}
    yield from stub_on(undrawn)


@cache
def visited(game_id: str) -> tuple[tuple[Setup, Any], ...]:
    """States of ``game_id``'s sample setups, with their setup."""
    out: list[tuple[Setup, Any]] = []
    for setup in [s for s in setup_sample(SETUPS_PER_GAME) if s.game_id == game_id]:
        states = playout_states(
            setup.engine, setup.players, setup.options, setup.seed, bot_seed=setup.bot_seed, limit=STATES
        )
        out += [(setup, state) for state in states]
    return tuple(out)


def viewer(seat: int | None) -> common_pb2.Viewer:
    """A seat, or the spectator (``None``)."""
    return common_pb2.Viewer(seat=seat) if seat is not None else common_pb2.Viewer(spectator=Empty())


def request(setup: Setup, state: Any, seat: int | None = None, **fields: Any) -> service_pb2.RenderViewRequest:
    message = setup.binding.state_to_proto(state)
    return service_pb2.RenderViewRequest(state=message, viewer=viewer(seat), **fields)


def png_size(data: bytes) -> tuple[int, int]:
    """The width and height in a PNG's header."""
    assert data[:8] == PNG_SIGNATURE
    width, height = struct.unpack(">II", data[16:24])
    return int(width), int(height)


def refusal(method: Any, message: Any) -> tuple[grpc.StatusCode, str, list[str]]:
    """The status, ErrorInfo reason and BadRequest fields of a call that must fail."""
    with pytest.raises(grpc.RpcError) as caught:
        method(message, timeout=RPC_SECONDS)
    info, bad = details(caught.value)
    fields = [v.field for v in bad.field_violations] if bad is not None else []
    return caught.value.code(), info.reason, fields


@pytest.mark.parametrize("game_id", GAMES)
def test_every_viewer_gets_an_svg_of_its_own_view(game_id: str, stub: service_pb2_grpc.RulesEngineServiceStub) -> None:
    states = visited(game_id)
    assert len(states) >= SETUPS_PER_GAME * 2
    for setup, state in states:
        for seat in (*setup.seats, None):
            answer = stub.RenderView(request(setup, state, seat), timeout=RPC_SECONDS)
            assert answer.media_type == "image/svg+xml"
            root = ET.fromstring(answer.image)
            assert root.tag == SVG
            assert (int(root.attrib["width"]), int(root.attrib["height"])) == (answer.width, answer.height)
            assert 0 < answer.width <= MOST_SIDE and 0 < answer.height <= MOST_SIDE
            drawn = setup.engine.picture(setup.engine.view(state, seat), seat)
            assert answer.image.decode() == drawn.svg and (answer.width, answer.height) == (drawn.width, drawn.height)
            explicit = request(setup, state, seat, format=service_pb2.IMAGE_FORMAT_SVG)
            assert stub.RenderView(explicit, timeout=RPC_SECONDS).image == answer.image


@pytest.mark.parametrize("game_id", GAMES)
def test_a_png_has_the_size_it_reports(game_id: str, stub: service_pb2_grpc.RulesEngineServiceStub) -> None:
    (first_setup, first), *_, (last_setup, last) = visited(game_id)
    for setup, state, seat, scale in ((first_setup, first, 0, 0.0), (last_setup, last, None, 2.0)):
        svg = stub.RenderView(request(setup, state, seat), timeout=RPC_SECONDS)
        answer = stub.RenderView(
            request(setup, state, seat, format=service_pb2.IMAGE_FORMAT_PNG, scale=scale), timeout=RPC_SECONDS
        )
        assert answer.media_type == "image/png"
        zoom = scale or 1.0
        expected = (round(zoom * svg.width), round(zoom * svg.height))
        assert png_size(answer.image) == (answer.width, answer.height) == expected


@pytest.mark.parametrize("game_id", GAMES)
def test_the_smallest_scale_is_accepted(game_id: str, stub: service_pb2_grpc.RulesEngineServiceStub) -> None:
    setup, state = visited(game_id)[-1]
    svg = stub.RenderView(request(setup, state, None), timeout=RPC_SECONDS)
    answer = stub.RenderView(
        request(setup, state, None, format=service_pb2.IMAGE_FORMAT_PNG, scale=MIN_SCALE), timeout=RPC_SECONDS
    )
    # The size reported is the PNG's own: each side zoomed and rounded.
    assert png_size(answer.image) == (answer.width, answer.height)
    assert abs(answer.width - MIN_SCALE * svg.width) < 1 and abs(answer.height - MIN_SCALE * svg.height) < 1


@pytest.mark.parametrize("game_id", GAMES)
def test_bad_requests_are_refused_naming_the_field(game_id: str, stub: service_pb2_grpc.RulesEngineServiceStub) -> None:
    setup, state = visited(game_id)[len(visited(game_id)) // 2]
    png = service_pb2.IMAGE_FORMAT_PNG
    bad: list[tuple[service_pb2.RenderViewRequest, str]] = [
        (request(setup, state, 0, format=7), "format"),
        (request(setup, state, 0, format=png, scale=MIN_SCALE / 2), "scale"),
        (request(setup, state, 0, format=png, scale=MAX_SCALE * 2), "scale"),
        (request(setup, state, 0, format=png, scale=-1.0), "scale"),
        (request(setup, state, 0, format=service_pb2.IMAGE_FORMAT_SVG, scale=2.0), "scale"),
        (service_pb2.RenderViewRequest(state=setup.binding.state_to_proto(state)), "viewer"),
        (request(setup, state, len(setup.seats)), "viewer.seat"),
        (request(setup, state, -1), "viewer.seat"),
    ]
    for message, field in bad:
        code, reason, fields = refusal(stub.RenderView, message)
        assert (code, reason, fields) == (grpc.StatusCode.INVALID_ARGUMENT, REQUEST_INVALID, [field]), field


@pytest.mark.parametrize("game_id", GAMES)
def test_a_game_without_a_picture_is_unimplemented(
    game_id: str, undrawn: service_pb2_grpc.RulesEngineServiceStub
) -> None:
    setup, state = visited(game_id)[0]
    for seat in (0, None):
        code, reason, _ = refusal(undrawn.RenderView, request(setup, state, seat))
        assert (code, reason) == (grpc.StatusCode.UNIMPLEMENTED, RULE_NOT_IMPLEMENTED)
    assert (
        undrawn.ViewState(
            service_pb2.ViewStateRequest(state=setup.binding.state_to_proto(state), viewer=viewer(0)),
            timeout=RPC_SECONDS,
        ).state.game_id
        == game_id
    )
