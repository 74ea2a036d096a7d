"""Typed sync and asyncio clients: one method per RPC of ``rulesengine.v1.RulesEngineService``.

Both clients take plain Python arguments where that is simpler (a seat number, a game id) and
return the generated protobuf messages otherwise. A failed call raises a subclass of
:class:`rulesengine_client.errors.RulesEngineError`, never a bare ``grpc.RpcError``.

    with RulesEngineClient("localhost:50051") as client:
        started = client.new_game(game_setup("citadels", players=4, seed=7))
        legal = client.legal_moves(started.state)
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

import grpc
import grpc.aio
from google.protobuf import empty_pb2
from grpc_health.v1 import health_pb2, health_pb2_grpc
from rulesengine.v1 import common_pb2, service_pb2, service_pb2_grpc

from rulesengine_client.errors import RulesEngineError, from_rpc_error

DEFAULT_TARGET = "localhost:50051"
#: Seconds a call may take before it fails with DEADLINE_EXCEEDED (``None``: no deadline).
DEFAULT_TIMEOUT = 60.0
#: Messages up to this size are accepted in both directions (long game records).
MAX_MESSAGE_BYTES = 64 * 1024 * 1024

Metadata = Sequence[tuple[str, str]]
R = TypeVar("R")


def game_setup(
    game_id: str,
    players: int,
    *,
    seed: int | None = None,
    external_chance: bool = False,
    overrides: dict[str, str] | None = None,
) -> common_pb2.GameSetup:
    """A ``GameSetup``: seeded engine randomness (``seed``) or external chance, never both."""
    if external_chance and seed is not None:
        raise ValueError("a game uses either a seed or external chance, not both")
    if not external_chance and seed is None:
        raise ValueError("a seeded game needs a seed (or pass external_chance=True)")
    mode = common_pb2.CHANCE_MODE_EXTERNAL if external_chance else common_pb2.CHANCE_MODE_SEEDED
    setup = common_pb2.GameSetup(game_id=game_id, players=players, chance_mode=mode, overrides=dict(overrides or {}))
    if seed is not None:
        setup.seed = seed
    return setup


def viewer(seat: int | None) -> common_pb2.Viewer:
    """A ``Viewer``: a seat number, or ``None`` for a spectator."""
    if seat is None:
        return common_pb2.Viewer(spectator=empty_pb2.Empty())
    return common_pb2.Viewer(seat=seat)


def _legal_moves_request(state: service_pb2.GameState, seat: int | None) -> service_pb2.LegalMovesRequest:
    request = service_pb2.LegalMovesRequest(state=state)
    if seat is not None:
        request.seat = seat
    return request


def _score_request(state: service_pb2.GameState, seat: int | None, spectator: bool) -> service_pb2.ScoreRequest:
    if spectator and seat is not None:
        raise ValueError("score as a seat or as a spectator, not both")
    request = service_pb2.ScoreRequest(state=state)
    if spectator or seat is not None:
        request.viewer.CopyFrom(viewer(seat))
    return request


def _suggest_request(
    state: service_pb2.GameState, seat: int, max_playouts: int, max_millis: int, seed: int, candidates: int
) -> service_pb2.SuggestMoveRequest:
    return service_pb2.SuggestMoveRequest(
        state=state, seat=seat, max_playouts=max_playouts, max_millis=max_millis, seed=seed, candidates=candidates
    )


def _stream_items(
    record: service_pb2.GameRecord, on_move: Callable[[int], None] | None
) -> Iterator[service_pb2.ReplayGameStreamRequest]:
    header = service_pb2.GameRecord()
    header.CopyFrom(record)
    del header.moves[:]
    yield service_pb2.ReplayGameStreamRequest(header=header)
    for index, move in enumerate(record.moves):
        yield service_pb2.ReplayGameStreamRequest(move=move)
        if on_move is not None:
            on_move(index + 1)


def tls_credentials(
    ca: str | os.PathLike[str] | None = None,
    cert: str | os.PathLike[str] | None = None,
    key: str | os.PathLike[str] | None = None,
) -> grpc.ChannelCredentials:
    """TLS credentials for a channel: ``ca`` the PEM certificates that signed the server's (``None``: the
    system's roots), and for mutual TLS this client's ``cert`` and ``key`` (PEM files, both or neither)."""
    if (cert is None) != (key is None):
        raise ValueError("a client certificate needs its key, and a key its certificate")
    return grpc.ssl_channel_credentials(
        root_certificates=Path(ca).read_bytes() if ca is not None else None,
        private_key=Path(key).read_bytes() if key is not None else None,
        certificate_chain=Path(cert).read_bytes() if cert is not None else None,
    )


def _channel_options(max_message_bytes: int) -> list[tuple[str, int]]:
    return [
        ("grpc.max_send_message_length", max_message_bytes),
        ("grpc.max_receive_message_length", max_message_bytes),
    ]


class RulesEngineClient:
    """A blocking client. Use as a context manager, or call :meth:`close` when done.

    ``credentials``: TLS channel credentials (``None``: plaintext). ``metadata``: sent with
    every call (e.g. an API key). ``timeout``: the deadline of every call, in seconds. ``locale``: the
    language of every word the service answers (``hu``, ``de``; sent as ``accept-language``): show a
    ``Text`` with :func:`rulesengine_client.i18n.shown`.
    """

    def __init__(
        self,
        target: str = DEFAULT_TARGET,
        *,
        credentials: grpc.ChannelCredentials | None = None,
        metadata: Metadata = (),
        timeout: float | None = DEFAULT_TIMEOUT,
        locale: str | None = None,
        max_message_bytes: int = MAX_MESSAGE_BYTES,
    ) -> None:
        options = _channel_options(max_message_bytes)
        if credentials is None:
            self._channel = grpc.insecure_channel(target, options=options)
        else:
            self._channel = grpc.secure_channel(target, credentials, options=options)
        self._stub = service_pb2_grpc.RulesEngineServiceStub(self._channel)
        self._health = health_pb2_grpc.HealthStub(self._channel)
        self.target = target
        self.metadata = tuple(metadata) + ((("accept-language", locale),) if locale else ())
        self.locale = locale
        self.timeout = timeout

    def __enter__(self) -> RulesEngineClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the channel."""
        self._channel.close()

    def _call(self, method: Callable[..., R], request: Any) -> R:
        try:
            return method(request, timeout=self.timeout, metadata=self.metadata)
        except grpc.RpcError as error:
            raise from_rpc_error(error) from error

    # ---- RPCs --------------------------------------------------------------------------------

    def list_games(self) -> list[common_pb2.GameInfo]:
        """Every game the service knows, with player counts, rules version and options."""
        return list(self._call(self._stub.ListGames, service_pb2.ListGamesRequest()).games)

    def describe_game(self, game_id: str) -> service_pb2.DescribeGameResponse:
        """A game's content (cards, boards) with provenance."""
        return self._call(self._stub.DescribeGame, service_pb2.DescribeGameRequest(game_id=game_id))

    def new_game(self, setup: common_pb2.GameSetup, match_id: str = "") -> service_pb2.NewGameResponse:
        """A new game's state and the first pending decision (see :func:`game_setup`); the state carries
        ``match_id`` (empty: the server makes a random one)."""
        return self._call(self._stub.NewGame, service_pb2.NewGameRequest(setup=setup, match_id=match_id))

    def legal_moves(self, state: service_pb2.GameState, seat: int | None = None) -> service_pb2.LegalMovesResponse:
        """The pending decision and every legal move (only ``seat``'s when given; -1 = CHANCE)."""
        return self._call(self._stub.LegalMoves, _legal_moves_request(state, seat))

    def validate_move(self, state: service_pb2.GameState, move: service_pb2.Move) -> service_pb2.ValidateMoveResponse:
        """Whether ``move`` is legal and, if not, the violations (an OK answer either way)."""
        return self._call(self._stub.ValidateMove, service_pb2.ValidateMoveRequest(state=state, move=move))

    def apply_move(self, state: service_pb2.GameState, move: service_pb2.Move) -> service_pb2.ApplyMoveResponse:
        """The state after ``move``; raises :class:`IllegalMoveError` for an illegal move."""
        return self._call(self._stub.ApplyMove, service_pb2.ApplyMoveRequest(state=state, move=move))

    def score(
        self, state: service_pb2.GameState, seat: int | None = None, *, spectator: bool = False
    ) -> common_pb2.ScoreSheet:
        """The score sheet of the whole state, or as ``seat`` (or a spectator) may see it."""
        return self._call(self._stub.Score, _score_request(state, seat, spectator)).score

    def view_state(self, state: service_pb2.GameState, seat: int | None) -> service_pb2.GameState:
        """What ``seat`` (``None``: a spectator) may see of ``state``."""
        return self.view(state, seat).state

    def view(self, state: service_pb2.GameState, seat: int | None) -> service_pb2.ViewStateResponse:
        """The whole ``ViewState`` answer for ``seat`` (``None``: a spectator): the view, the decision
        pending as the viewer sees it, and the public facts to draw it with."""
        request = service_pb2.ViewStateRequest(state=state, viewer=viewer(seat))
        return self._call(self._stub.ViewState, request)

    def render_view(
        self, state: service_pb2.GameState, seat: int | None, *, png: bool = False, scale: float = 0.0
    ) -> service_pb2.RenderViewResponse:
        """A picture of what ``seat`` (``None``: a spectator) sees: SVG, or PNG zoomed by ``scale`` (0: 1)."""
        request = service_pb2.RenderViewRequest(
            state=state,
            viewer=viewer(seat),
            format=service_pb2.IMAGE_FORMAT_PNG if png else service_pb2.IMAGE_FORMAT_SVG,
            scale=scale,
        )
        return self._call(self._stub.RenderView, request)

    def replay_game(self, record: service_pb2.GameRecord) -> service_pb2.ReplayResult:
        """Replay a whole record in one message; the result names the first illegal move."""
        return self._call(self._stub.ReplayGame, service_pb2.ReplayGameRequest(record=record)).result

    def replay_game_stream(
        self, record: service_pb2.GameRecord, on_move: Callable[[int], None] | None = None
    ) -> service_pb2.ReplayResult:
        """Replay a record streamed move by move (for long records).

        ``on_move(n)`` is called after the n-th move has been handed to the transport.
        """
        return self._call(self._stub.ReplayGameStream, _stream_items(record, on_move)).result

    def suggest_move(
        self,
        state: service_pb2.GameState,
        seat: int,
        *,
        max_playouts: int = 0,
        max_millis: int = 0,
        seed: int = 0,
        candidates: int = 0,
    ) -> service_pb2.SuggestMoveResponse:
        """A searching bot's move for ``seat`` (one of the seats deciding now), found from that seat's view
        alone: the move, its label and the leading ``candidates`` (0: 5) with their visits and values.

        The search stops at ``max_playouts`` playouts or ``max_millis`` milliseconds (0: the server's own
        limits), or at the call's deadline, whichever comes first; ``seed`` seeds its own chance, so the same
        state, seat, seed and playouts give the same answer. A game the server cannot search yet raises
        :class:`RuleNotImplementedError`; a seat not deciding now, :class:`SeatNotDecidingError`
        (FAILED_PRECONDITION)."""
        request = _suggest_request(state, seat, max_playouts, max_millis, seed, candidates)
        return self._call(self._stub.SuggestMove, request)

    def health(self, service: str = "") -> str:
        """The grpc.health.v1 status name of ``service`` ("" = the whole server), e.g. SERVING."""
        request = health_pb2.HealthCheckRequest(service=service)
        response = self._call(self._health.Check, request)
        return health_pb2.HealthCheckResponse.ServingStatus.Name(response.status)


class AsyncRulesEngineClient:
    """The asyncio client (``grpc.aio``); the same methods as :class:`RulesEngineClient`, awaited.

    Use as ``async with AsyncRulesEngineClient(target) as client:`` or await :meth:`close`.
    """

    def __init__(
        self,
        target: str = DEFAULT_TARGET,
        *,
        credentials: grpc.ChannelCredentials | None = None,
        metadata: Metadata = (),
        timeout: float | None = DEFAULT_TIMEOUT,
        locale: str | None = None,
        max_message_bytes: int = MAX_MESSAGE_BYTES,
    ) -> None:
        options = _channel_options(max_message_bytes)
        if credentials is None:
            self._channel = grpc.aio.insecure_channel(target, options=options)
        else:
            self._channel = grpc.aio.secure_channel(target, credentials, options=options)
        self._stub = service_pb2_grpc.RulesEngineServiceStub(self._channel)
        self._health = health_pb2_grpc.HealthStub(self._channel)
        self.target = target
        self.metadata = tuple(metadata) + ((("accept-language", locale),) if locale else ())
        self.locale = locale
        self.timeout = timeout

    async def __aenter__(self) -> AsyncRulesEngineClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def close(self) -> None:
        """Close the channel."""
        await self._channel.close()

    async def _call(self, method: Callable[..., Awaitable[R]], request: Any) -> R:
        try:
            return await method(request, timeout=self.timeout, metadata=self.metadata)
        except grpc.RpcError as error:
            raise from_rpc_error(error) from error

    # ---- RPCs --------------------------------------------------------------------------------

    async def list_games(self) -> list[common_pb2.GameInfo]:
        """Every game the service knows, with player counts, rules version and options."""
        return list((await self._call(self._stub.ListGames, service_pb2.ListGamesRequest())).games)

    async def describe_game(self, game_id: str) -> service_pb2.DescribeGameResponse:
        """A game's content (cards, boards) with provenance."""
        return await self._call(self._stub.DescribeGame, service_pb2.DescribeGameRequest(game_id=game_id))

    async def new_game(self, setup: common_pb2.GameSetup, match_id: str = "") -> service_pb2.NewGameResponse:
        """A new game's state and the first pending decision (see :func:`game_setup`); the state carries
        ``match_id`` (empty: the server makes a random one)."""
        return await self._call(self._stub.NewGame, service_pb2.NewGameRequest(setup=setup, match_id=match_id))

    async def legal_moves(
        self, state: service_pb2.GameState, seat: int | None = None
    ) -> service_pb2.LegalMovesResponse:
        """The pending decision and every legal move (only ``seat``'s when given; -1 = CHANCE)."""
        return await self._call(self._stub.LegalMoves, _legal_moves_request(state, seat))

    async def validate_move(
        self, state: service_pb2.GameState, move: service_pb2.Move
    ) -> service_pb2.ValidateMoveResponse:
        """Whether ``move`` is legal and, if not, the violations (an OK answer either way)."""
        request = service_pb2.ValidateMoveRequest(state=state, move=move)
        return await self._call(self._stub.ValidateMove, request)

    async def apply_move(self, state: service_pb2.GameState, move: service_pb2.Move) -> service_pb2.ApplyMoveResponse:
        """The state after ``move``; raises :class:`IllegalMoveError` for an illegal move."""
        request = service_pb2.ApplyMoveRequest(state=state, move=move)
        return await self._call(self._stub.ApplyMove, request)

    async def score(
        self, state: service_pb2.GameState, seat: int | None = None, *, spectator: bool = False
    ) -> common_pb2.ScoreSheet:
        """The score sheet of the whole state, or as ``seat`` (or a spectator) may see it."""
        return (await self._call(self._stub.Score, _score_request(state, seat, spectator))).score

    async def view_state(self, state: service_pb2.GameState, seat: int | None) -> service_pb2.GameState:
        """What ``seat`` (``None``: a spectator) may see of ``state``."""
        return (await self.view(state, seat)).state

    async def view(self, state: service_pb2.GameState, seat: int | None) -> service_pb2.ViewStateResponse:
        """The whole ``ViewState`` answer for ``seat`` (``None``: a spectator): the view, the decision
        pending as the viewer sees it, and the public facts to draw it with."""
        request = service_pb2.ViewStateRequest(state=state, viewer=viewer(seat))
        return await self._call(self._stub.ViewState, request)

    async def replay_game(self, record: service_pb2.GameRecord) -> service_pb2.ReplayResult:
        """Replay a whole record in one message; the result names the first illegal move."""
        request = service_pb2.ReplayGameRequest(record=record)
        return (await self._call(self._stub.ReplayGame, request)).result

    async def replay_game_stream(
        self,
        record: service_pb2.GameRecord,
        on_move: Callable[[int], None] | None = None,
    ) -> service_pb2.ReplayResult:
        """Replay a record streamed move by move (for long records)."""

        async def items() -> AsyncIterator[service_pb2.ReplayGameStreamRequest]:
            for item in _stream_items(record, on_move):
                yield item

        return (await self._call(self._stub.ReplayGameStream, items())).result

    async def suggest_move(
        self,
        state: service_pb2.GameState,
        seat: int,
        *,
        max_playouts: int = 0,
        max_millis: int = 0,
        seed: int = 0,
        candidates: int = 0,
    ) -> service_pb2.SuggestMoveResponse:
        """A searching bot's move for ``seat``, from that seat's view alone (see
        :meth:`RulesEngineClient.suggest_move`)."""
        request = _suggest_request(state, seat, max_playouts, max_millis, seed, candidates)
        return await self._call(self._stub.SuggestMove, request)

    async def health(self, service: str = "") -> str:
        """The grpc.health.v1 status name of ``service`` ("" = the whole server), e.g. SERVING."""
        request = health_pb2.HealthCheckRequest(service=service)
        response = await self._call(self._health.Check, request)
        return health_pb2.HealthCheckResponse.ServingStatus.Name(response.status)


__all__ = [
    "DEFAULT_TARGET",
    "AsyncRulesEngineClient",
    "RulesEngineClient",
    "RulesEngineError",
    "game_setup",
    "viewer",
]
