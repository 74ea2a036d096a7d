"""The ``random``, ``mutated`` and ``state`` kinds of request (``envelope`` and ``http`` have modules of
their own), and ``STATE_REQUESTS``: how a changed state becomes a request of each state-taking RPC."""

from __future__ import annotations

import random
from collections.abc import Callable

from google.protobuf.message import DecodeError, Message
from rulesengine.v1 import service_pb2

from tools import message_mutations as mutation
from tools.fuzz.build import Built
from tools.fuzz.contract import REQUESTS, STREAMING
from tools.fuzz.corpus import (
    Corpus,
    Position,
    random_viewer,
    render_request,
    search_request,
    some_move,
    valid_request,
)
from tools.fuzz.http_form import corrupt_text
from tools.fuzz.transport import FRAMED, GRPC, JSON_TRANSPORTS, Outcome, envelope, to_json


def random_size(rng: random.Random) -> int:
    pick = rng.random()
    if pick < 0.3:
        return rng.randint(0, 16)
    if pick < 0.7:
        return rng.randint(17, 256)
    if pick < 0.95:
        return rng.randint(257, 4096)
    return rng.randint(4097, 65536)


def random_request(rpc: str, rng: random.Random, transport: str) -> Built:
    """Random bytes as the body (a stream of one to four such messages for a streaming RPC); on a framed
    HTTP transport, mostly each in an envelope of its own."""
    count = rng.randint(1, 4) if rpc in STREAMING else 1
    items = [mutation.random_bytes(rng, random_size(rng)) for _ in range(count)]
    how = f"random bytes ({'+'.join(str(len(p)) for p in items)} B)"
    if transport == GRPC:
        return Built(items, how)
    if transport in FRAMED and rng.random() < 0.7:
        return Built(items, how + " in envelopes", body=b"".join(envelope(0, i) for i in items), transport=transport)
    return Built(items, how + " as the body", body=b"".join(items), transport=transport)


def changed(message: Message, rng: random.Random) -> tuple[bytes, str]:
    """``message`` serialized with its bytes corrupted, or with one field changed."""
    data = message.SerializeToString()
    if rng.random() < 0.6:
        found = mutation.mutations(message, rng, 1)
        if found:
            copy, path = found[0]
            return copy.SerializeToString(), f"field {path}"
    return mutation.corrupt_bytes(data, rng), "corrupt bytes"


def mutated_request(rpc: str, corpus: Corpus, rng: random.Random, transport: str) -> Built:
    """A valid request of ``rpc`` with one message's bytes corrupted or one of its fields changed (on a
    JSON transport, sometimes its JSON text corrupted instead)."""
    messages = valid_request(rpc, corpus, rng).messages
    items = [m.SerializeToString() for m in messages]
    where = f"message {{}} of {len(messages)}: " if len(messages) > 1 else ""
    if transport in JSON_TRANSPORTS and rng.random() < 0.4:
        texts = [to_json(rpc, item) or b"{}" for item in items]
        at, text = corrupt_text(texts, rng)
        texts[at] = text
        body = b"".join(envelope(0, t) for t in texts) if transport in FRAMED else texts[0]
        return Built(items, where.format(at) + "corrupt JSON text", body=body, transport=transport)
    at = rng.randrange(len(messages))
    data, how = changed(messages[at], rng)
    items[at] = data
    return Built(items, where.format(at) + how)


# ---- changed states -------------------------------------------------------------------------------------

#: More offered moves a ``state`` job applies to a changed state the server took (beyond the first), each
#: returned state sent back: a state the check wrongly takes is found out by what the engine makes of it.
EXTRA_APPLIED = 2
#: The changes of a state ``changed_state`` goes through in turn: every kind of ``tools.message_mutations.mutations``
#: change the state offers, and an exchange of two values between collections (``cross_swaps``).
CROSS_SWAP = "cross swap"


def changed_state(corpus: Corpus, rng: random.Random, turn: int) -> tuple[Position, service_pb2.GameState, str]:
    """A real state with one change: the ``turn``-th (modulo their number) of the kinds of change the
    state offers, in a field drawn uniformly among those offering it (a short queue as often as a long
    deck), at a random place in it."""
    for _ in range(20):
        position = rng.choice(corpus.positions)
        kinds = [*mutation.mutation_kinds(position.state), CROSS_SWAP]
        kind = kinds[turn % len(kinds)]
        if kind == CROSS_SWAP:
            found = mutation.cross_swaps(position.state, rng, 1)
        else:
            found = mutation.mutations_of_kind(position.state, rng, kind, 1, by_field=True)
        if found:
            state, path = found[0]
            assert isinstance(state, service_pb2.GameState)
            return position, state, f"state {path}"
        turn += 1
    raise RuntimeError(f"no state of {corpus.game} could be changed")


StateRequest = Callable[[service_pb2.GameState, Position, Corpus, random.Random, list[service_pb2.Move]], Message]


def _legal_moves(
    state: service_pb2.GameState,
    position: Position,
    corpus: Corpus,
    rng: random.Random,
    offered: list[service_pb2.Move],
) -> Message:
    message = service_pb2.LegalMovesRequest(state=state)
    if rng.random() < 0.3:
        message.seat = rng.randrange(-1, position.players)
    return message


def _with_move(rpc: str) -> StateRequest:
    def build(
        state: service_pb2.GameState,
        position: Position,
        corpus: Corpus,
        rng: random.Random,
        offered: list[service_pb2.Move],
    ) -> Message:
        move = rng.choice(offered) if offered and rng.random() < 0.8 else some_move(position, corpus, rng)
        message: Message = REQUESTS[rpc](state=state, move=move)
        return message

    return build


def _score(
    state: service_pb2.GameState,
    position: Position,
    corpus: Corpus,
    rng: random.Random,
    offered: list[service_pb2.Move],
) -> Message:
    message = service_pb2.ScoreRequest(state=state)
    if rng.random() < 0.5:
        message.viewer.CopyFrom(random_viewer(rng, position.players))
    return message


#: How a changed state is sent to each RPC that takes one (``LegalMoves`` first: the move sent to
#: ``ValidateMove`` and ``ApplyMove`` is mostly one it offered for the changed state). Written out.
STATE_REQUESTS: dict[str, StateRequest] = {
    "LegalMoves": _legal_moves,
    "ValidateMove": _with_move("ValidateMove"),
    "ApplyMove": _with_move("ApplyMove"),
    "Score": _score,
    "ViewState": lambda state, position, corpus, rng, offered: service_pb2.ViewStateRequest(
        state=state, viewer=random_viewer(rng, position.players)
    ),
    "RenderView": lambda state, position, corpus, rng, offered: render_request(state, position.players, rng),
    # Mostly for a seat that decides in the state before its change (the changed state may have others).
    "SuggestMove": lambda state, position, corpus, rng, offered: search_request(state, position, rng),
}


def first_ok_moves(outcome: Outcome) -> list[service_pb2.Move]:
    if outcome.code != "OK" or outcome.body is None:
        return []
    try:
        return list(service_pb2.LegalMovesResponse.FromString(outcome.body).moves)
    except DecodeError:
        return []
