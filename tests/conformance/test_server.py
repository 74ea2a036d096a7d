"""Mutated states over a real port, for every registered game: every state-taking RPC answers OK or
a clean error, never INTERNAL or UNKNOWN, and every state ApplyMove returns is accepted again by a
server that remembers no state (``Config(state_memo=0)``, so the state is decoded and checked).

The variants are single-field changes of real states' protos, both of the game's message and of the
``GameState`` envelope (game id, rules version, signature). A variant on which an engine call fails
in-process (a crash, a hang, or an answer the contract cannot carry) is not sent but counts as a
finding: a hung call would keep a server thread busy after the test.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import grpc
import pytest
from rulesengine.v1 import common_pb2, service_pb2, service_pb2_grpc

from server.app import Running, start_server
from server.binding import SCORE_SHEET
from server.config import Config
from tests.conformance.conftest import unknown
from tests.conformance.support import (
    CONTRACTED,
    MAX_HANGS,
    REFUSALS,
    Finding,
    Probe,
    Setup,
    decoded,
    hangs,
    setup_sample,
    with_game,
)
from tools.message_mutations import mutations, playout_states

#: Only the games the contract carries: these tests start a server and send it protos, and a game without
#: proto messages (the test-only ``tests.tinygame``) has none; its engine-level conformance is the other
#: tests' (``support.CONTRACTED``).
GAMES = sorted(CONTRACTED)

#: Setups per game (one per chance mode), states per setup, variants per state.
SETUPS_PER_GAME = 2
STATES = 5
GAME_CHANGES = 30
ENVELOPE_CHANGES = 4
#: Longest a single RPC may take.
RPC_SECONDS = 10.0
#: Clean answers: the request or state is refused, the version differs, the game is unknown, the
#: signature is missing or wrong, or a rule is not implemented.
CLEAN = {
    grpc.StatusCode.OK,
    grpc.StatusCode.INVALID_ARGUMENT,
    grpc.StatusCode.FAILED_PRECONDITION,
    grpc.StatusCode.NOT_FOUND,
    grpc.StatusCode.PERMISSION_DENIED,
    grpc.StatusCode.UNIMPLEMENTED,
}


def serve(**overrides: Any) -> Iterator[Running]:
    running = start_server(Config(host="127.0.0.1", port=0, threads=2, **overrides))
    try:
        yield running
    finally:
        running.stop(None)


@pytest.fixture(scope="module")
def stubs() -> Iterator[tuple[service_pb2_grpc.RulesEngineServiceStub, service_pb2_grpc.RulesEngineServiceStub]]:
    """A stub on a server with the default state memo, and one on a server with the memo off."""
    for main in serve():
        for memo_off in serve(state_memo=0):
            with (
                grpc.insecure_channel(f"127.0.0.1:{main.port}") as one,
                grpc.insecure_channel(f"127.0.0.1:{memo_off.port}") as other,
            ):
                yield service_pb2_grpc.RulesEngineServiceStub(one), service_pb2_grpc.RulesEngineServiceStub(other)


def call(method: Callable[..., Any], request: Any) -> tuple[grpc.StatusCode, Any]:
    """The status code of an RPC and its response (None when it failed)."""
    try:
        return grpc.StatusCode.OK, method(request, timeout=RPC_SECONDS)
    except grpc.RpcError as error:
        return error.code(), None  # type: ignore[attr-defined]


def harmless(setup: Setup, message: service_pb2.GameState, move: Any, probe: Probe) -> bool:
    """Whether every engine call the RPCs make on ``message`` answers in-process (no crash, no hang)."""
    engine = setup.engine
    state = decoded(setup.binding, message) if message.game_id == setup.game_id else None
    if state is None or not probe.accepts(engine, state):
        return not probe.findings
    binding = setup.binding
    for move_seen in probe.run("legal_moves", engine.legal_moves, state, allowed=REFUSALS) or []:
        probe.run("move to proto", binding.move_to_proto, move_seen)
    for seen in (state, *(probe.run("view", engine.view, state, seat, allowed=REFUSALS) for seat in (None, 0, 1))):
        if seen is not None:
            probe.run("pending", engine.pending, seen, allowed=REFUSALS)
            probe.run("view to proto", binding.state_to_proto, seen)
            sheet = probe.run("score", engine.score, seen, allowed=REFUSALS)
            if sheet is not None:
                probe.run("score to proto", SCORE_SHEET.to_proto, sheet)
    if move is not None:
        probe.run("validate", engine.validate, state, move, allowed=REFUSALS)
        after = probe.run("apply", engine.apply, state, move, allowed=REFUSALS)
        if after is not None:
            probe.run("pending", engine.pending, after, allowed=REFUSALS)
            probe.run("state to proto", binding.state_to_proto, after)
            sheet = probe.run("score", engine.score, after, allowed=REFUSALS)
            if sheet is not None:
                probe.run("score to proto", SCORE_SHEET.to_proto, sheet)
    return not probe.findings


def variants(setup: Setup, state: Any, rng: random.Random) -> list[tuple[service_pb2.GameState, str]]:
    """Changes of the game's message, and of the envelope."""
    binding = setup.binding
    message = binding.state_to_proto(state)
    out = [
        (with_game(binding, changed), path)
        for changed, path in mutations(getattr(message, setup.game_id), rng, GAME_CHANGES, prefix=setup.game_id)
    ]
    for changed, path in mutations(message, rng, ENVELOPE_CHANGES * 3):
        if not path.startswith(setup.game_id):
            out.append((changed, path))
    return out


def requests(message: service_pb2.GameState, move: service_pb2.Move | None) -> list[tuple[str, Any]]:
    """Every state-taking request about ``message``."""
    seat = common_pb2.Viewer(seat=1)
    spectator = common_pb2.Viewer()
    spectator.spectator.SetInParent()
    out: list[tuple[str, Any]] = [
        ("LegalMoves", service_pb2.LegalMovesRequest(state=message)),
        ("LegalMoves", service_pb2.LegalMovesRequest(state=message, seat=0)),
        ("Score", service_pb2.ScoreRequest(state=message)),
        ("Score", service_pb2.ScoreRequest(state=message, viewer=seat)),
        ("ViewState", service_pb2.ViewStateRequest(state=message, viewer=seat)),
        ("ViewState", service_pb2.ViewStateRequest(state=message, viewer=spectator)),
    ]
    if move is not None:
        out.append(("ValidateMove", service_pb2.ValidateMoveRequest(state=message, move=move)))
        out.append(("ApplyMove", service_pb2.ApplyMoveRequest(state=message, move=move)))
    return out


def send_variants(
    game_id: str, stub: service_pb2_grpc.RulesEngineServiceStub, memo_off: service_pb2_grpc.RulesEngineServiceStub
) -> tuple[list[str], list[Finding], int, int]:
    """Every variant of a few states of ``game_id`` to every state-taking RPC: the unclean answers,
    the in-process findings, how many requests were sent and how many ApplyMoves succeeded."""
    problems: list[str] = []
    findings: list[Finding] = []
    sent = applied = 0
    for setup in [s for s in setup_sample(SETUPS_PER_GAME) if s.game_id == game_id]:
        rng = random.Random(setup.bot_seed)
        states = playout_states(
            setup.engine, setup.players, setup.options, setup.seed, bot_seed=setup.bot_seed, limit=STATES + 1
        )[1:]
        for state in states:
            legal = list(setup.engine.legal_moves(state))
            move = rng.choice(legal) if legal else None
            move_message = setup.binding.move_to_proto(move) if move is not None else None
            for message, path in variants(setup, state, rng):
                probe = Probe(game_id, path)
                if not harmless(setup, message, move, probe):
                    findings += probe.findings
                    if hangs(findings) >= MAX_HANGS:
                        return problems, findings, sent, applied
                    continue
                for name, request in requests(message, move_message):
                    sent += 1
                    code, response = call(getattr(stub, name), request)
                    if code not in CLEAN:
                        problems.append(f"{path}: {name} answered {code.name}")
                    if name == "ApplyMove" and response is not None:
                        applied += 1
                        for again, back in (
                            ("LegalMoves", service_pb2.LegalMovesRequest(state=response.state)),
                            ("Score", service_pb2.ScoreRequest(state=response.state)),
                        ):
                            code, _ = call(getattr(memo_off, again), back)
                            if code != grpc.StatusCode.OK:
                                problems.append(f"{path}: the state ApplyMove returned -> {again} {code.name}")
    return problems, findings, sent, applied


@pytest.mark.parametrize("game_id", GAMES)
def test_rpcs_answer_mutated_states_cleanly(
    game_id: str,
    stubs: tuple[service_pb2_grpc.RulesEngineServiceStub, service_pb2_grpc.RulesEngineServiceStub],
) -> None:
    problems, findings, sent, applied = send_variants(game_id, *stubs)
    assert not problems, problems[:20]
    assert not unknown(findings), [str(f) for f in unknown(findings)][:10]
    assert sent >= 200 and applied >= 5, (sent, applied)
