"""Valid material to change: real setups, mid-game states with their legal moves, and whole game records of
every game, and a valid request of every RPC made of them (``VALID_REQUESTS``, a table written out by
hand: an RPC the table lacks is an RPC the fuzz does not send, which ``tests/server/test_fuzz_tables.py``
catches)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any

from google.protobuf import empty_pb2
from google.protobuf.message import Message
from rulesengine.v1 import common_pb2, service_pb2

from server.binding import GameBinding
from tools import message_mutations as mutation

#: The longest record prefix streamed to ``ReplayGameStream`` (one message per move).
STREAM_MOVES = 200


@dataclasses.dataclass
class Position:
    """A real state of a random game, a sample of its legal moves, its seat count, and the seats that decide
    in it (its pending seats but chance: the seats ``SuggestMove`` may search for)."""

    state: service_pb2.GameState
    moves: list[service_pb2.Move]
    players: int
    deciding: list[int] = dataclasses.field(default_factory=list)


@dataclasses.dataclass
class Corpus:
    """Valid material of one game to change."""

    game: str
    info: common_pb2.GameInfo
    setups: list[common_pb2.GameSetup]
    positions: list[Position]
    records: list[service_pb2.GameRecord]

    @property
    def rules_version(self) -> str:
        return self.info.rules_version


def random_overrides(engine: Any, info: common_pb2.GameInfo, players: int, rng: random.Random) -> dict[str, str]:
    """Some options set to another allowed value (only combinations the engine accepts)."""
    overrides: dict[str, str] = {}
    for option in info.options:
        if rng.random() < 0.3:
            if option.choices and not option.type.startswith("list"):
                overrides[option.name] = rng.choice(list(option.choices))
            elif option.type == "bool":
                overrides[option.name] = rng.choice(("true", "false"))
    try:
        engine.new_game(engine.make_options(players, dict(overrides)), 1)
    except Exception:
        return {}
    return overrides


def game_setup(game: str, players: int, overrides: dict[str, str], seed: int | None) -> common_pb2.GameSetup:
    setup = common_pb2.GameSetup(game_id=game, players=players, overrides=overrides)
    if seed is None:
        setup.chance_mode = common_pb2.CHANCE_MODE_EXTERNAL
    else:
        setup.chance_mode = common_pb2.CHANCE_MODE_SEEDED
        setup.seed = seed
    return setup


def play_record(engine: Any, binding: GameBinding, setup: common_pb2.GameSetup, rng: random.Random) -> Any:
    """A ``GameRecord`` of one whole random game from ``setup``."""
    seed = setup.seed if setup.HasField("seed") else None
    state = engine.new_game(engine.make_options(setup.players, dict(setup.overrides)), seed)
    moves: list[service_pb2.Move] = []
    while engine.pending(state).seats and len(moves) < 5000:
        move = rng.choice(list(engine.legal_moves(state)))
        moves.append(binding.move_to_proto(move))
        state = engine.apply(state, move)
    labels = [f"seat {i}" for i in range(setup.players)] if rng.random() < 0.5 else []
    return service_pb2.GameRecord(setup=setup, rules_version=binding.rules_version, moves=moves, seat_labels=labels)


def build_corpus(engine: Any, info: common_pb2.GameInfo, rng: random.Random, per_game: int = 8) -> Corpus:
    """For every player count, a seeded and an external-chance random game: setups, ``per_game``
    positions spread over each game (through ``tools.message_mutations.playout_states``), and records."""
    binding = GameBinding(engine)
    corpus = Corpus(info.game_id, info, [], [], [])
    for players in range(info.min_players, info.max_players + 1):
        for seeded in (True, False):
            overrides = random_overrides(engine, info, players, rng)
            seed = rng.randrange(2**32) if seeded else None
            setup = game_setup(info.game_id, players, overrides, seed)
            corpus.setups.append(setup)
            states = mutation.playout_states(
                engine, players, overrides, seed, bot_seed=rng.randrange(2**32), limit=per_game
            )
            for state in states:
                pending = engine.pending(state).seats
                legal = list(engine.legal_moves(state)) if pending else []
                sample = rng.sample(legal, min(len(legal), 12))
                moves = [binding.move_to_proto(m) for m in sample]
                deciding = sorted(s for s in pending if s >= 0)
                corpus.positions.append(Position(binding.state_to_proto(state), moves, players, deciding))
            corpus.records.append(play_record(engine, binding, setup, rng))
    return corpus


# ---- valid requests -----------------------------------------------------------------------------------


def random_viewer(rng: random.Random, players: int) -> common_pb2.Viewer:
    if rng.random() < 0.25:
        return common_pb2.Viewer(spectator=empty_pb2.Empty())
    return common_pb2.Viewer(seat=rng.randrange(players))


def some_move(position: Position, corpus: Corpus, rng: random.Random) -> service_pb2.Move:
    """A legal move of ``position`` mostly, else a real move of another state of the game."""
    if position.moves and rng.random() < 0.8:
        return rng.choice(position.moves)
    moves = [m for p in corpus.positions for m in p.moves]
    return rng.choice(moves) if moves else service_pb2.Move()


def record_prefix(record: service_pb2.GameRecord, rng: random.Random, longest: int | None = None) -> Any:
    """The record, or a prefix of its moves."""
    count = len(record.moves) if rng.random() < 0.4 else rng.randint(0, len(record.moves))
    if longest is not None:
        count = min(count, longest)
    prefix = service_pb2.GameRecord()
    prefix.CopyFrom(record)
    del prefix.moves[count:]
    return prefix


def stream_items(record: service_pb2.GameRecord) -> list[Message]:
    """A record as ``ReplayGameStream`` takes it: a header (the record without its moves), then one
    message per move."""
    header = service_pb2.GameRecord()
    header.CopyFrom(record)
    del header.moves[:]
    items: list[Message] = [service_pb2.ReplayGameStreamRequest(header=header)]
    return items + [service_pb2.ReplayGameStreamRequest(move=m) for m in record.moves]


def render_request(state: service_pb2.GameState, players: int, rng: random.Random) -> service_pb2.RenderViewRequest:
    """A picture request of ``state``: a random viewer, SVG mostly, PNG at a random valid scale sometimes."""
    request = service_pb2.RenderViewRequest(state=state, viewer=random_viewer(rng, players))
    if rng.random() < 0.2:
        request.format = service_pb2.IMAGE_FORMAT_PNG
        request.scale = rng.choice((0.0, 0.25, 0.5, 1.0))
    return request


#: ``SuggestMove``'s budgets as the fuzz mostly asks: a few playouts and a few hundred milliseconds at most, so
#: the fuzz stays fast (the server's search lane has one process: a second search at once is refused).
SEARCH_PLAYOUTS = (1, 8)
SEARCH_MILLIS = (1, 300)
#: The uint32 greatest: the server cuts ``max_playouts`` and ``max_millis`` to its own most (10 s of search), and
#: the call's deadline cuts that again.
UINT32_MAX = 2**32 - 1
#: How often a valid ``SuggestMove`` request asks for a budget at its edges (0: the server's default or most;
#: the uint32 greatest): rare, as such a search takes a second or up to the call's whole deadline.
SEARCH_EDGES = 0.04
#: The most milliseconds a search may ask for when the server is told no deadline (the ``http`` kind's changed
#: timeout headers): 0 asks for the server's default (1 s), well within the fuzz's own per-call deadline.
UNBOUNDED_MILLIS = 1000


def search_request(
    state: service_pb2.GameState, position: Position, rng: random.Random
) -> service_pb2.SuggestMoveRequest:
    """A ``SuggestMove`` request of ``state``: mostly for a seat that decides in ``position`` (else another
    seat, the chance seat or one past the table), a small budget (``SEARCH_PLAYOUTS``, ``SEARCH_MILLIS``; rarely
    0 or the uint32 greatest), a random seed and a few candidates."""
    request = service_pb2.SuggestMoveRequest(state=state, seed=rng.randrange(2**64))
    if position.deciding and rng.random() < 0.85:
        request.seat = rng.choice(position.deciding)
    else:
        request.seat = rng.randrange(-1, position.players + 1)
    request.max_playouts = rng.randint(*SEARCH_PLAYOUTS)
    request.max_millis = rng.randint(*SEARCH_MILLIS)
    if rng.random() < SEARCH_EDGES:
        request.max_playouts = rng.choice((0, UINT32_MAX))
    if rng.random() < SEARCH_EDGES:
        request.max_millis = rng.choice((0, UINT32_MAX))
    request.candidates = rng.choice((0, 1, 2, 3, 5, 8))
    return request


@dataclasses.dataclass
class Valid:
    """A valid request (several messages for a stream) and what it was made of."""

    messages: list[Message]
    position: Position | None = None
    record: service_pb2.GameRecord | None = None


Builder = Callable[[Corpus, random.Random], Valid]


def within_own_time(valid: Valid) -> Valid:
    """``valid`` with a search's ``max_millis`` at most ``UNBOUNDED_MILLIS``: for a request whose deadline header
    may be changed or dropped, so that a search the server is told no deadline for still ends within the
    fuzz's own per-call deadline (a search of 10 s without a deadline is what the contract promises)."""
    messages: list[Message] = []
    for message in valid.messages:
        if isinstance(message, service_pb2.SuggestMoveRequest) and message.max_millis > UNBOUNDED_MILLIS:
            bounded = service_pb2.SuggestMoveRequest()
            bounded.CopyFrom(message)
            bounded.max_millis = UNBOUNDED_MILLIS
            message = bounded
        messages.append(message)
    return dataclasses.replace(valid, messages=messages)


def _legal_moves(corpus: Corpus, rng: random.Random) -> Valid:
    position = rng.choice(corpus.positions)
    request = service_pb2.LegalMovesRequest(state=position.state)
    if rng.random() < 0.5:
        request.seat = rng.randrange(-1, position.players)
    return Valid([request], position)


def _move_request(request_class: Any) -> Builder:
    def build(corpus: Corpus, rng: random.Random) -> Valid:
        position = rng.choice(corpus.positions)
        return Valid([request_class(state=position.state, move=some_move(position, corpus, rng))], position)

    return build


def _score(corpus: Corpus, rng: random.Random) -> Valid:
    position = rng.choice(corpus.positions)
    request = service_pb2.ScoreRequest(state=position.state)
    if rng.random() < 0.5:
        request.viewer.CopyFrom(random_viewer(rng, position.players))
    return Valid([request], position)


def _view_state(corpus: Corpus, rng: random.Random) -> Valid:
    position = rng.choice(corpus.positions)
    viewer = random_viewer(rng, position.players)
    return Valid([service_pb2.ViewStateRequest(state=position.state, viewer=viewer)], position)


def _render_view(corpus: Corpus, rng: random.Random) -> Valid:
    position = rng.choice(corpus.positions)
    return Valid([render_request(position.state, position.players, rng)], position)


def _suggest_move(corpus: Corpus, rng: random.Random) -> Valid:
    position = rng.choice(corpus.positions)
    return Valid([search_request(position.state, position, rng)], position)


def _replay_game(corpus: Corpus, rng: random.Random) -> Valid:
    record = record_prefix(rng.choice(corpus.records), rng)
    return Valid([service_pb2.ReplayGameRequest(record=record)], record=record)


def _replay_game_stream(corpus: Corpus, rng: random.Random) -> Valid:
    record = record_prefix(rng.choice(corpus.records), rng, STREAM_MOVES)
    return Valid(stream_items(record), record=record)


#: A valid request of every RPC the fuzz sends, by RPC: written out, not read from the descriptor.
VALID_REQUESTS: dict[str, Builder] = {
    "ListGames": lambda corpus, rng: Valid([service_pb2.ListGamesRequest()]),
    "DescribeGame": lambda corpus, rng: Valid([service_pb2.DescribeGameRequest(game_id=corpus.game)]),
    "NewGame": lambda corpus, rng: Valid([service_pb2.NewGameRequest(setup=rng.choice(corpus.setups))]),
    "LegalMoves": _legal_moves,
    "ValidateMove": _move_request(service_pb2.ValidateMoveRequest),
    "ApplyMove": _move_request(service_pb2.ApplyMoveRequest),
    "Score": _score,
    "ViewState": _view_state,
    "ReplayGame": _replay_game,
    "ReplayGameStream": _replay_game_stream,
    "RenderView": _render_view,
    "SuggestMove": _suggest_move,
}


def valid_request(rpc: str, corpus: Corpus, rng: random.Random) -> Valid:
    """A valid request of ``rpc`` for the game of ``corpus``."""
    builder = VALID_REQUESTS.get(rpc)
    if builder is None:
        raise ValueError(f"no valid request for the RPC {rpc}: the fuzz must learn it (tools/fuzz/corpus.py)")
    return builder(corpus, rng)
