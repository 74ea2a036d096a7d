"""Languages over both ports (docs/api.md "Languages"): a call names its language in ``accept-language``
(gRPC metadata, HTTP header) and gets every word in it, told which language it got; a call that names none,
or an unknown one, gets the English it always got."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import grpc
import pytest
from google.protobuf import json_format
from rulesengine.v1 import common_pb2, service_pb2, service_pb2_grpc

from server.app import Running, start_server
from server.config import Config
from tests.languages.pending import games
from tests.server.conftest import LogSink
from tests.server.helpers import PREFIX, details, request

GAMES = games()


@pytest.fixture(scope="module")
def running(log_sink: LogSink) -> Iterator[Running]:
    server = start_server(Config(host="127.0.0.1", port=0, http_port=0, threads=4))
    try:
        yield server
    finally:
        server.stop(None)


@pytest.fixture(scope="module")
def stub(running: Running) -> Iterator[service_pb2_grpc.RulesEngineServiceStub]:
    with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel:
        yield service_pb2_grpc.RulesEngineServiceStub(channel)


def _asking(locale: str | None) -> tuple[tuple[str, str], ...]:
    return () if locale is None else (("accept-language", locale),)


def _language(call: Any) -> str | None:
    return dict(call.initial_metadata()).get("content-language")


def _new(stub: Any, game: str, players: int = 2) -> service_pb2.GameState:
    setup = common_pb2.GameSetup(game_id=game, players=players, chance_mode=common_pb2.CHANCE_MODE_SEEDED, seed=3)
    return stub.NewGame(service_pb2.NewGameRequest(setup=setup)).state


def _wrong_seat(stub: Any, state: service_pb2.GameState) -> service_pb2.Move:
    """A legal move of the pending decision, sent from a seat that is not deciding it."""
    legal = stub.LegalMoves(service_pb2.LegalMovesRequest(state=state))
    move = service_pb2.Move()
    move.CopyFrom(legal.moves[0])
    deciding = set(legal.pending.seats)
    move.seat = next(s for s in range(8) if s not in deciding)
    return move


@pytest.mark.parametrize("game", GAMES)
def test_every_word_of_legal_moves_comes_in_the_language_asked_for(stub: Any, game: str) -> None:
    state = _new(stub, game)
    english = stub.LegalMoves(service_pb2.LegalMovesRequest(state=state))
    for locale in ("hu", "de"):
        answer, call = stub.LegalMoves.with_call(service_pb2.LegalMovesRequest(state=state), metadata=_asking(locale))
        assert _language(call) == locale
        assert answer.moves == english.moves
        labels = [label.label for label in answer.labels]
        assert all(text.localized for text in labels)
        assert [text.english for text in labels] == [label.label.english for label in english.labels]
        translated = sum(text.localized != text.english for text in labels)
        assert translated == len(labels)
        assert answer.pending.prompt and answer.pending.prompt != english.pending.prompt
        assert answer.pending.prompt_text.english == english.pending.prompt


def test_english_is_the_default_and_the_fallback(stub: Any) -> None:
    state = _new(stub, "citadels")
    plain, call = stub.LegalMoves.with_call(service_pb2.LegalMovesRequest(state=state))
    assert _language(call) is None
    assert all(label.label.english and not label.label.localized for label in plain.labels)
    for unknown in ("fr", "xx-YY", ""):
        again, call = stub.LegalMoves.with_call(service_pb2.LegalMovesRequest(state=state), metadata=_asking(unknown))
        assert again == plain
        assert _language(call) == ("en" if unknown else None)


def test_a_refusal_speaks_the_language_in_validate_and_in_apply(stub: Any) -> None:
    state = _new(stub, "citadels")
    move = _wrong_seat(stub, state)
    checked = stub.ValidateMove(service_pb2.ValidateMoveRequest(state=state, move=move), metadata=_asking("hu"))
    violation = checked.violations[0]
    assert violation.code == "COMMON_NOT_YOUR_TURN"
    assert violation.message_text.id == "core.refusal.not_your_turn"
    assert violation.message == violation.message_text.localized != violation.message_text.english
    assert "játékos" in violation.message
    kinds = {param.name: param.kind for param in violation.message_text.params}
    assert kinds == {"whose": "text", "decision": "text", "seat": "number"}
    with pytest.raises(grpc.RpcError) as refused:
        stub.ApplyMove(service_pb2.ApplyMoveRequest(state=state, move=move), metadata=_asking("de"))
    info, bad = details(refused.value)
    assert info.reason == "COMMON_NOT_YOUR_TURN"
    assert bad is not None and "Platz" in bad.field_violations[0].description
    assert "Platz" in (refused.value.details() or "")


@pytest.mark.parametrize("game", GAMES)
def test_a_picture_is_drawn_in_the_language_asked_for(stub: Any, game: str) -> None:
    state = _new(stub, game)
    asked = service_pb2.RenderViewRequest(state=state, viewer=common_pb2.Viewer(seat=0))
    english = stub.RenderView(asked).image.decode()
    for locale in ("hu", "de"):
        drawn, call = stub.RenderView.with_call(asked, metadata=_asking(locale))
        assert _language(call) == locale
        assert drawn.image.decode() != english


def test_the_http_port_reads_accept_language_and_says_content_language(stub: Any, running: Running) -> None:
    state = _new(stub, "citadels")
    move = _wrong_seat(stub, state)
    body = json_format.MessageToJson(service_pb2.ValidateMoveRequest(state=state, move=move)).encode()
    headers = {"Content-Type": "application/json", "Accept-Language": "de-CH, en;q=0.5"}
    status, answered, data = request(running, "POST", PREFIX + "ValidateMove", body, headers)
    assert status == 200 and answered["content-language"] == "de"
    violation = json.loads(data)["violations"][0]
    assert violation["message"] == violation["messageText"]["localized"] and "Platz" in violation["message"]
    status, answered, data = request(
        running, "POST", PREFIX + "ValidateMove", body, {"Content-Type": "application/json"}
    )
    assert status == 200 and "content-language" not in answered
    assert "localized" not in json.loads(data)["violations"][0]["messageText"]


def test_a_translated_answer_never_changes_the_answers_the_server_keeps(stub: Any) -> None:
    english = stub.ListGames(service_pb2.ListGamesRequest())
    german = stub.ListGames(service_pb2.ListGamesRequest(), metadata=_asking("de"))
    docs = [(o.doc, o.doc_text.english) for game in german.games for o in game.options if o.doc_text.id]
    assert docs and all(doc != english_doc for doc, english_doc in docs)
    assert stub.ListGames(service_pb2.ListGamesRequest()) == english
    described = stub.DescribeGame(service_pb2.DescribeGameRequest(game_id="citadels"), metadata=_asking("hu"))
    assert described.names and all(n.name.localized and n.kind and n.ref for n in described.names)
    again = stub.DescribeGame(service_pb2.DescribeGameRequest(game_id="citadels"))
    assert all(not n.name.localized and n.name.english for n in again.names)
    assert len(again.names) == len(described.names)
