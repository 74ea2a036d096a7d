"""The RulesEngineService: every RPC, as conversions around engine calls (no game rules here).

Each method takes a parsed request and the gRPC context and returns the response message, or
raises ``ServiceError`` (``server.errors``); ``server.handlers`` turns that into a status with
details and writes the access log. Methods bind ``game``, ``seat`` (or ``viewer``),
``action`` (the kind of move, never its content) and ``violation`` into the structlog context
for that log; never anything hidden.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import grpc
import msgspec
import structlog
from google.protobuf import struct_pb2
from rulesengine.v1 import common_pb2, service_pb2

from engines.core.errors import IllegalMove, StateInvalid
from server import envelope, errors
from server.binding import GAME_INFO, LOG_ENTRY, MOVE_LABEL, PENDING, SCORE_SHEET, VIOLATION, GameBinding
from server.convert import ConversionError
from server.memo import StateMemo, state_key
from server.metrics import Metrics
from server.pictures import MAX_SCALE, MIN_SCALE, Rasterizer, RecentPictures
from server.searches import Searcher, decode_answer
from server.signing import Signer, UnknownKey

#: How many candidates SuggestMove answers when its request names no number.
DEFAULT_CANDIDATES = 5
#: Why a search stopped, as the contract says it.
_STOPS = {
    "budget": service_pb2.SEARCH_STOP_PLAYOUTS,
    "time": service_pb2.SEARCH_STOP_TIME,
    "forced": service_pb2.SEARCH_STOP_FORCED,
}

#: How many replayed moves between two checks of the caller's deadline.
_DEADLINE_CHECK_EVERY = 32


def _match_id(chosen: str) -> str:
    """The match id of a new game: the caller's (checked), or a fresh random one."""
    return envelope.checked_match_id(chosen, "match_id") if chosen else str(uuid.uuid4())


def _bind(**fields: Any) -> None:
    structlog.contextvars.bind_contextvars(**fields)


class RulesEngineServicer:
    """Implements every RPC of ``rulesengine.v1.RulesEngineService`` over a set of engines.

    ``signer`` signs every returned state; with ``require_signed`` every received state must
    carry a valid signature (PERMISSION_DENIED otherwise). ``rasterizer`` draws PNGs (in worker
    processes, within a pixel budget); ``searcher`` searches for SuggestMove (in worker processes too);
    ``metrics`` counts the memo's hits and misses and the pictures drawn (none: nothing is counted).
    """

    def __init__(
        self,
        engines: Mapping[str, Any],
        signer: Signer | None = None,
        require_signed: bool = False,
        memo_size: int = 2048,
        memo_bytes: int = 64 * 1024 * 1024,
        rasterizer: Rasterizer | None = None,
        searcher: Searcher | None = None,
        metrics: Metrics | None = None,
    ):
        if require_signed and signer is None:
            raise ValueError("require_signed needs a signing key")
        self._memo = StateMemo(memo_size, memo_bytes, metrics)
        self._pictures = None if metrics is None else metrics.pictures
        self._recent_pictures = RecentPictures()
        self._bindings = {
            game_id: GameBinding(engine, remember_encodings=self._memo.enabled)
            for game_id, engine in sorted(engines.items())
        }
        for game_id, binding in self._bindings.items():
            if binding.game_id != game_id:
                raise ValueError(f"engine registered as {game_id!r} says it is {binding.game_id!r}")
        self._signer = signer
        self._require_signed = require_signed
        self._rasterizer = rasterizer if rasterizer is not None else Rasterizer()
        self._searcher = searcher if searcher is not None else Searcher()
        # ListGames' answer never changes while the server runs: built once, not at every call.
        self._games = service_pb2.ListGamesResponse(
            games=[GAME_INFO.to_proto(b.engine.info) for b in self._bindings.values()]
        )

    # ---- helpers ------------------------------------------------------------------------------

    def _binding(self, game_id: str, field: str) -> GameBinding:
        binding = self._bindings.get(game_id)
        if binding is None:
            if not game_id:
                raise errors.request_invalid(field, f"{field} is required")
            raise errors.game_not_found(field, game_id, list(self._bindings))
        _bind(game=game_id)
        return binding

    def _check_version(self, binding: GameBinding, version: str, field: str) -> None:
        envelope.check_version(binding.game_id, binding.rules_version, version, field)

    def _state_in(self, message: service_pb2.GameState) -> tuple[GameBinding, Any]:
        """Verify, locate, check the envelope of, convert and check a received state (the memo answers
        a state it has seen, only once the envelope holds: its key is the game and the payload)."""
        binding, state, _key = self._state_in_keyed(message, self._memo.enabled)
        return binding, state

    def _state_in_keyed(self, message: service_pb2.GameState, keyed: bool = True) -> tuple[GameBinding, Any, bytes]:
        """``_state_in``, with the state's memo key (``state_key``; empty unless ``keyed``)."""
        if self._require_signed:
            assert self._signer is not None
            if not message.signature:
                raise errors.signature_missing()
            try:
                matches = self._signer.verify(message)
            except UnknownKey as exc:
                raise errors.signing_key_unknown(exc.key_id) from None
            if not matches:
                raise errors.signature_invalid()
        binding = self._binding(message.game_id, "state.game_id")
        envelope.check_state(message)
        self._check_version(binding, message.rules_version, "state.rules_version")
        key = state_key(message) if keyed else b""
        known = self._memo.get(key) if key and self._memo.enabled else None
        if known is not None:
            return binding, known, key
        try:
            state = binding.state_from_proto(message)
        except ConversionError as exc:
            raise errors.state_invalid(exc.field, str(exc)) from exc
        try:
            binding.engine.check(state)
        except StateInvalid as exc:
            raise errors.state_invalid(errors.state_field(binding.game_id, exc.field), str(exc)) from exc
        if key and self._memo.enabled:
            self._memo.put(key, state)
        return binding, state, key

    def _move_in(self, binding: GameBinding, message: service_pb2.Move, path: str = "move") -> Any:
        try:
            move = binding.move_from_proto(message, path)
        except ConversionError as exc:
            raise errors.move_invalid(exc.field, str(exc)) from exc
        # The kind of action (its tag) is public even when its content is not.
        _bind(seat=move.seat, action=move.action.__struct_config__.tag)
        return move

    def _state_out(
        self,
        binding: GameBinding,
        state: Any,
        match_id: str,
        move_number: int,
        playable: bool = True,
        into: service_pb2.GameState | None = None,
    ) -> service_pb2.GameState:
        """The (signed) message of ``state``, the ``move_number``-th state of match ``match_id``, written
        ``into`` a response's empty state field when given (no copy); a ``playable`` state (made by the
        engine from checked states, not a view) is remembered so that sending it back costs no decoding."""
        message = into if into is not None else service_pb2.GameState()
        binding.state_into(state, message)
        message.match_id = match_id
        message.move_number = move_number
        if self._signer is not None:
            self._signer.sign(message)
        if playable and self._memo.enabled:
            self._memo.put(state_key(message, built_here=True), state)
        return message

    def _view(self, binding: GameBinding, state: Any, viewer: common_pb2.Viewer) -> Any:
        which = viewer.WhichOneof("viewer")
        if which is None:
            raise errors.request_invalid("viewer", "viewer must name a seat or a spectator")
        if which == "spectator":
            _bind(viewer="spectator")
            return binding.engine.view(state, None)
        _bind(seat=viewer.seat)
        self._check_seat(binding, state, viewer.seat, "viewer.seat", allow_chance=False)
        return binding.engine.view(state, viewer.seat)

    def _check_seat(self, binding: GameBinding, state: Any, seat: int, field: str, allow_chance: bool) -> None:
        low = -1 if allow_chance else 0
        count = len(binding.engine.seats(state))
        if not low <= seat < count:
            raise errors.request_invalid(field, f"{field} must be {low}..{count - 1}, got {seat}")

    def _new_state(self, binding: GameBinding, setup: common_pb2.GameSetup, path: str) -> Any:
        """The first state of a game set up by ``setup``."""
        if setup.chance_mode == common_pb2.CHANCE_MODE_SEEDED:
            if not setup.HasField("seed"):
                raise errors.request_invalid(f"{path}.seed", "CHANCE_MODE_SEEDED needs a seed")
            seed: int | None = setup.seed
        elif setup.chance_mode == common_pb2.CHANCE_MODE_EXTERNAL:
            if setup.HasField("seed"):
                raise errors.request_invalid(f"{path}.seed", "CHANCE_MODE_EXTERNAL takes no seed")
            seed = None
        else:
            raise errors.request_invalid(
                f"{path}.chance_mode", "chance_mode must be CHANCE_MODE_SEEDED or CHANCE_MODE_EXTERNAL"
            )
        engine = binding.engine
        try:
            options = engine.make_options(setup.players, dict(setup.overrides))
            state = engine.new_game(options, seed)
        except StateInvalid as exc:
            option = exc.field.removeprefix("options.") if exc.field.startswith("options.") else ""
            field = f"{path}.players" if exc.field == "players" else f"{path}.overrides"
            raise errors.options_invalid(f"{field}.{option}" if option else field, str(exc)) from exc
        return state

    def _replay(
        self, record: service_pb2.GameRecord, moves: Iterable[service_pb2.Move], context: grpc.ServicerContext
    ) -> service_pb2.ReplayResult:
        binding = self._binding(record.setup.game_id, "record.setup.game_id")
        self._check_version(binding, record.rules_version, "record.rules_version")
        match_id = envelope.checked_match_id(record.match_id, "record.match_id")  # may be empty: not known
        state = self._new_state(binding, record.setup, "record.setup")
        if record.seat_labels and len(record.seat_labels) != record.setup.players:
            raise errors.request_invalid(
                "record.seat_labels",
                f"{len(record.seat_labels)} seat labels for {record.setup.players} seats",
            )
        engine = binding.engine
        applied = 0
        log: list[Any] = []
        for index, message in enumerate(moves):
            if index % _DEADLINE_CHECK_EVERY == 0:
                remaining = context.time_remaining()
                if remaining is not None and remaining <= 0:
                    raise errors.deadline_exceeded()
            move = self._move_in(binding, message, f"record.moves[{index}]")
            try:
                after, entry = engine.apply_logged(state, move)
            except IllegalMove as exc:
                _bind(violation=exc.violations[0].code if exc.violations else None, move_index=index)
                return self._replay_result(binding, state, match_id, applied, exc, index, log)
            log.append(entry)
            state = after
            applied += 1
        _bind(moves=applied)
        return self._replay_result(binding, state, match_id, applied, None, None, log)

    def _replay_result(
        self,
        binding: GameBinding,
        state: Any,
        match_id: str,
        applied: int,
        illegal: IllegalMove | None,
        index: int | None,
        log: list[Any],
    ) -> service_pb2.ReplayResult:
        engine = binding.engine
        result = service_pb2.ReplayResult(
            legal=illegal is None,
            moves_applied=applied,
            state=self._state_out(binding, state, match_id, applied),
            pending=PENDING.to_proto(engine.pending(state)),
            score=SCORE_SHEET.to_proto(engine.score(state)),
            log=[LOG_ENTRY.to_proto(entry) for entry in log],
        )
        if illegal is not None and index is not None:
            result.illegal_move_index = index
            result.violations.extend(VIOLATION.to_proto(v) for v in illegal.violations)
        return result

    # ---- RPCs ---------------------------------------------------------------------------------

    def ListGames(self, request: service_pb2.ListGamesRequest, context: grpc.ServicerContext) -> Any:
        """Every game with its player counts, rules version and option schema."""
        return self._games

    def DescribeGame(self, request: service_pb2.DescribeGameRequest, context: grpc.ServicerContext) -> Any:
        """A game's content with provenance."""
        return self._binding(request.game_id, "game_id").description

    def NewGame(self, request: service_pb2.NewGameRequest, context: grpc.ServicerContext) -> Any:
        """A new game from a setup."""
        binding = self._binding(request.setup.game_id, "setup.game_id")
        match_id = _match_id(request.match_id)
        state = self._new_state(binding, request.setup, "setup")
        return service_pb2.NewGameResponse(
            state=self._state_out(binding, state, match_id, 0), pending=PENDING.to_proto(binding.engine.pending(state))
        )

    def LegalMoves(self, request: service_pb2.LegalMovesRequest, context: grpc.ServicerContext) -> Any:
        """The pending decision and its legal moves, optionally one seat's only."""
        binding, state = self._state_in(request.state)
        engine = binding.engine
        moves = engine.legal_moves(state)
        if request.HasField("seat"):
            seat = request.seat
            _bind(seat=seat)
            self._check_seat(binding, state, seat, "seat", allow_chance=True)
            moves = [m for m in moves if m.seat == seat]
            # The decision as that seat sees it: nothing of another seat's secrets.
            pending = engine.pending(engine.view(state, seat if seat >= 0 else None))
        else:
            pending = engine.pending(state)
        weights = dict(engine.chance_odds(state))
        return service_pb2.LegalMovesResponse(
            pending=PENDING.to_proto(pending),
            moves=[binding.move_to_proto(m) for m in moves],
            labels=[MOVE_LABEL.to_proto(label) for label in engine.labels(state, moves)],
            chance_weights=[weights[m] for m in moves] if weights else [],
        )

    def ValidateMove(self, request: service_pb2.ValidateMoveRequest, context: grpc.ServicerContext) -> Any:
        """Whether a move is legal; an illegal move is an OK answer with violations."""
        binding, state = self._state_in(request.state)
        move = self._move_in(binding, request.move)
        violations = binding.engine.validate(state, move)
        if violations:
            _bind(violation=violations[0].code)
        return service_pb2.ValidateMoveResponse(
            legal=not violations, violations=[VIOLATION.to_proto(v) for v in violations]
        )

    def ApplyMove(self, request: service_pb2.ApplyMoveRequest, context: grpc.ServicerContext) -> Any:
        """The state after a legal move; INVALID_ARGUMENT with violations for an illegal one."""
        binding, state = self._state_in(request.state)
        number = request.state.move_number + 1
        if number > envelope.MAX_MOVE_NUMBER:
            raise errors.request_invalid(
                "state.move_number",
                f"state.move_number is at its largest ({envelope.MAX_MOVE_NUMBER}): no move follows",
            )
        move = self._move_in(binding, request.move)
        try:
            after, entry = binding.engine.apply_logged(state, move)
        except IllegalMove as exc:
            _bind(violation=exc.violations[0].code if exc.violations else None)
            raise errors.illegal_move(exc.violations, getattr(context, "words", None)) from exc
        response = service_pb2.ApplyMoveResponse(
            pending=PENDING.to_proto(binding.engine.pending(after)), log=LOG_ENTRY.to_proto(entry)
        )
        self._state_out(binding, after, request.state.match_id, number, into=response.state)
        return response

    def Score(self, request: service_pb2.ScoreRequest, context: grpc.ServicerContext) -> Any:
        """The score of the whole state, or of what one viewer may see."""
        binding, state = self._state_in(request.state)
        if request.HasField("viewer"):
            state = self._view(binding, state, request.viewer)
        return service_pb2.ScoreResponse(score=SCORE_SHEET.to_proto(binding.engine.score(state)))

    def ViewState(self, request: service_pb2.ViewStateRequest, context: grpc.ServicerContext) -> Any:
        """What one seat or a spectator may see."""
        binding, state = self._state_in(request.state)
        if not request.HasField("viewer"):
            raise errors.request_invalid("viewer", "viewer is required: a seat or a spectator")
        view = self._view(binding, state, request.viewer)
        facts = struct_pb2.Struct()
        facts.update(binding.engine.facts(view))
        return service_pb2.ViewStateResponse(
            state=self._state_out(binding, view, request.state.match_id, request.state.move_number, playable=False),
            pending=PENDING.to_proto(binding.engine.pending(view)),
            facts=facts,
        )

    def ReplayGame(self, request: service_pb2.ReplayGameRequest, context: grpc.ServicerContext) -> Any:
        """Replay a whole record."""
        record = request.record
        return service_pb2.ReplayGameResponse(result=self._replay(record, record.moves, context))

    def ReplayGameStream(
        self, request_iterator: Iterator[service_pb2.ReplayGameStreamRequest], context: grpc.ServicerContext
    ) -> Any:
        """Replay a streamed record: a header, then the moves, applied as they arrive."""
        first = next(request_iterator, None)
        if first is None or first.WhichOneof("item") != "header":
            raise errors.request_invalid("header", "the first message of a replay stream must be the header")
        if first.header.moves:
            raise errors.request_invalid("header.moves", "the header carries no moves; stream them after it")

        def moves() -> Iterator[service_pb2.Move]:
            for index, item in enumerate(request_iterator, start=1):
                if item.WhichOneof("item") != "move":
                    raise errors.request_invalid(f"[{index}]", f"message {index} of the stream must be a move")
                yield item.move

        return service_pb2.ReplayGameStreamResponse(result=self._replay(first.header, moves(), context))

    def RenderView(self, request: service_pb2.RenderViewRequest, context: grpc.ServicerContext) -> Any:
        """A picture (SVG or PNG) of what one seat or a spectator sees."""
        binding, state, key = self._state_in_keyed(request.state)
        if not request.HasField("viewer"):
            raise errors.request_invalid("viewer", "viewer is required: a seat or a spectator")
        viewer = request.viewer.seat if request.viewer.WhichOneof("viewer") == "seat" else None
        image_format = request.format
        if image_format not in (
            service_pb2.IMAGE_FORMAT_UNSPECIFIED,
            service_pb2.IMAGE_FORMAT_SVG,
            service_pb2.IMAGE_FORMAT_PNG,
        ):
            raise errors.request_invalid(
                "format", f"format must be IMAGE_FORMAT_SVG or IMAGE_FORMAT_PNG, got {image_format}"
            )
        scale = request.scale or 1.0
        if image_format != service_pb2.IMAGE_FORMAT_PNG:
            if request.scale:
                raise errors.request_invalid("scale", "scale applies to PNG pictures only")
        elif not MIN_SCALE <= scale <= MAX_SCALE:
            raise errors.request_invalid("scale", f"scale must be {MIN_SCALE} to {MAX_SCALE}, got {scale:g}")
        words = getattr(context, "words", None)
        seen = (key, viewer, request.viewer.WhichOneof("viewer"), getattr(words, "locale", ""))
        picture = self._recent_pictures.get_or_draw(
            seen, lambda: binding.engine.picture(self._view(binding, state, request.viewer), viewer, words)
        )
        if image_format != service_pb2.IMAGE_FORMAT_PNG:
            if self._pictures is not None:
                self._pictures.labels("SVG").inc()
            return service_pb2.RenderViewResponse(
                image=picture.svg.encode(), media_type="image/svg+xml", width=picture.width, height=picture.height
            )
        image, width, height = self._rasterizer.png(picture, scale, context.time_remaining())
        if self._pictures is not None:
            self._pictures.labels("PNG").inc()
        return service_pb2.RenderViewResponse(image=image, media_type="image/png", width=width, height=height)

    def SuggestMove(self, request: service_pb2.SuggestMoveRequest, context: grpc.ServicerContext) -> Any:
        """A searching bot's move for one seat, from that seat's view alone, with the candidates it weighed."""
        start = time.perf_counter()
        binding, state = self._state_in(request.state)
        engine = binding.engine
        seat = request.seat
        _bind(seat=seat)
        self._check_seat(binding, state, seat, "seat", allow_chance=False)
        deciding = engine.pending(state).seats
        if seat not in deciding:
            raise errors.seat_not_deciding(seat, deciding)
        budget = self._searcher.budget(request.max_playouts, request.max_millis, context.time_remaining())
        view = msgspec.msgpack.encode(engine.view(state, seat))
        answer = self._searcher.search(binding.game_id, view, seat, request.seed, budget, context.time_remaining())
        found = decode_answer(engine, answer)
        shown = found.candidates[: request.candidates or DEFAULT_CANDIDATES]
        labels = engine.labels(state, [c.move for c in shown])
        candidates = [
            service_pb2.SearchCandidate(
                move=binding.move_to_proto(c.move), label=MOVE_LABEL.to_proto(label), visits=c.visits, value=c.value
            )
            for c, label in zip(shown, labels, strict=True)
        ]
        return service_pb2.SuggestMoveResponse(
            move=candidates[0].move,
            label=candidates[0].label,
            candidates=candidates,
            playouts=found.playouts,
            stopped=_STOPS[found.stopped],
            millis=round((time.perf_counter() - start) * 1000),
        )
