"""Searching bots in the client (issue #26): ``suggest_move`` on both clients, ``bots --strategy search``,
``play --bots search`` and the ``hint`` key of a person's prompt.

The tests that need a real search play Citadels at its smallest table with a few playouts per move, so they
depend on the service searching Citadels (its ``redeal``), never on how well it searches: what is checked is
that the bots' moves come from SuggestMove, that the game ends and verifies, and what a hint shows.
"""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import Sequence
from pathlib import Path

import grpc
import pytest
from rulesengine.v1 import common_pb2, service_pb2
from rulesengine_client import AsyncRulesEngineClient, RulesEngineClient, SeatNotDecidingError, game_setup
from rulesengine_client.cli import Console, TerminalPlayer, build_parser, hint_lines, main
from rulesengine_client.errors import RulesEngineError
from rulesengine_client.files import load_record
from rulesengine_client.games import SearchBot
from rulesengine_client.i18n import Words
from rulesengine_client.render import Names

from tests.client.conftest import Cli, Server

#: A small game: Citadels for two.
SMALL = ("--game", "citadels", "--players", "2")
#: A hint's line: its rank, the move's label, its visits and its value as a percentage.
HINT_LINE = re.compile(r"^  (\d+)\. (.+): (\d+) visits?, value (\d+)%$", re.MULTILINE)


def _deciding(client: RulesEngineClient) -> tuple[service_pb2.GameState, int]:
    started = client.new_game(game_setup("citadels", 2, seed=5))
    return started.state, started.pending.seats[0]


# ---- the clients ---------------------------------------------------------------------------------


def test_suggest_move_for_a_seat_not_deciding_is_refused_on_both_clients(
    client: RulesEngineClient, server: Server
) -> None:
    state, seat = _deciding(client)
    other = 1 - seat
    # FAILED_PRECONDITION, SEAT_NOT_DECIDING: not a version mismatch
    with pytest.raises(SeatNotDecidingError) as caught:
        client.suggest_move(state, other, max_playouts=4)
    assert caught.value.code == grpc.StatusCode.FAILED_PRECONDITION
    assert "SEAT_NOT_DECIDING" in caught.value.details.reasons

    async def refused() -> RulesEngineError:
        async with AsyncRulesEngineClient(server.target, timeout=30.0) as connected:
            try:
                await connected.suggest_move(state, other, max_playouts=4)
            except RulesEngineError as error:
                return error
        raise AssertionError("the async client's SuggestMove for a seat not deciding was answered")

    error = asyncio.run(refused())
    assert isinstance(error, SeatNotDecidingError) and "SEAT_NOT_DECIDING" in error.details.reasons


def test_suggest_move_answers_a_legal_move_with_its_candidates(client: RulesEngineClient, server: Server) -> None:
    state, seat = _deciding(client)
    answer = client.suggest_move(state, seat, max_playouts=4, max_millis=5000, seed=9, candidates=3)
    legal = client.legal_moves(state, seat)
    assert answer.move in legal.moves and answer.candidates[0].move == answer.move
    assert 1 <= len(answer.candidates) <= 3 and answer.playouts <= 4
    assert all(0.0 <= c.value <= 1.0 for c in answer.candidates)

    async def asked() -> service_pb2.SuggestMoveResponse:
        async with AsyncRulesEngineClient(server.target, timeout=30.0) as connected:
            return await connected.suggest_move(state, seat, max_playouts=4, max_millis=5000, seed=9, candidates=3)

    assert asyncio.run(asked()).candidates == answer.candidates  # the same request, the same answer


# ---- SearchBot without a server ------------------------------------------------------------------


class _Searching:
    """A service that only searches: it notes every SuggestMove request, and refuses the first ``busy`` ones
    as a server with every searching process busy does."""

    def __init__(self, busy: int = 0) -> None:
        self.asked: list[tuple[int, int, int, int, int]] = []
        self.busy = busy

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
        self.asked.append((state.move_number, seat, max_playouts, max_millis, seed))
        if self.busy:
            self.busy -= 1
            raise RulesEngineError(grpc.StatusCode.RESOURCE_EXHAUSTED, "busy")
        move = service_pb2.Move(seat=seat)
        return service_pb2.SuggestMoveResponse(move=move, candidates=[service_pb2.SearchCandidate(move=move)])


def _choose(bot: SearchBot, service: _Searching, move_number: int, moves: Sequence[service_pb2.Move]) -> None:
    state = service_pb2.GameState(game_id="citadels", move_number=move_number)
    bot.choose(service, state, common_pb2.Pending(seats=[1]), 1, moves)  # type: ignore[arg-type]


def test_a_search_bot_is_seeded_by_its_seed_and_the_move_number() -> None:
    two = [service_pb2.Move(seat=1), service_pb2.Move(seat=1)]
    first, again, other = _Searching(), _Searching(), _Searching()
    for service, seed in ((first, 7), (again, 7), (other, 8)):
        bot = SearchBot(seed, think_millis=300, playouts=4)
        for number in (3, 4, 3):
            _choose(bot, service, number, two)
        _choose(bot, service, 5, two[:1])  # one legal move: played without a search
    assert first.asked == again.asked and len(first.asked) == 3
    assert [(n, seat, playouts, millis) for n, seat, playouts, millis, _ in first.asked] == [
        (3, 1, 4, 300),
        (4, 1, 4, 300),
        (3, 1, 4, 300),
    ]
    seeds = [seed for *_, seed in first.asked]
    assert seeds[0] == seeds[2] != seeds[1]  # the same move number, the same seed
    assert [seed for *_, seed in other.asked] != seeds  # another bot seed, other searches


def test_a_search_bot_asks_again_while_the_server_is_busy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("rulesengine_client.games.BUSY_WAIT_SECONDS", 0.0)
    service = _Searching(busy=2)
    _choose(SearchBot(1), service, 3, [service_pb2.Move(seat=1), service_pb2.Move(seat=1)])
    assert len(service.asked) == 3 and len(set(service.asked)) == 1


# ---- bots --strategy search ----------------------------------------------------------------------


def test_search_bots_play_a_small_game_to_the_end_and_verify(cli: Cli, tmp_path: Path) -> None:
    result = cli(
        "bots", *SMALL, "--seed", "5", "--bot-seed", "3", "--strategy", "search", "--playouts", "4",
        "--records-dir", str(tmp_path),
    )  # fmt: skip
    assert result.status == 0, result.out + result.err
    assert "games: 1  verified: 1  failed: 0" in result.out
    assert "The bots search (SuggestMove): 4 playouts per move, at most 1000 ms per move." in result.err
    record = load_record(tmp_path / "game-0000.json")
    assert list(record.seat_labels) == ["search bot", "search bot"]
    assert record.setup.seed == 5 and len(record.moves) > 20


def test_random_bots_stay_the_default(cli: Cli, tmp_path: Path) -> None:
    result = cli("bots", *SMALL, "--seed", "5", "--records-dir", str(tmp_path))
    assert result.status == 0, result.out + result.err
    assert "SuggestMove" not in result.err
    assert list(load_record(tmp_path / "game-0000.json").seat_labels) == ["bot", "bot"]


def test_every_new_flag_has_its_help(capsys: pytest.CaptureFixture[str]) -> None:
    helps = {
        "bots": ("--strategy {random,search}", "--think-millis N", "--playouts N"),
        "play": ("--bots {random,search}", "--think-millis N", "--playouts N"),
    }
    for command, flags in helps.items():
        with pytest.raises(SystemExit):
            main([command, "--help"])
        text = " ".join(capsys.readouterr().out.split())
        for flag in flags:
            assert f"{flag} " in text, (command, flag)
        assert "search, the service's searching bot (SuggestMove), which sees only its seat's view" in text
        assert "the most milliseconds a search may take per move (default: 1000" in text
        assert "a seeded game is reproducible" in text
    assert build_parser().parse_args(["bots", "--players", "2"]).strategy == "random"
    assert build_parser().parse_args(["play", "--players", "2"]).bots == "random"


# ---- play --bots search, and hint ----------------------------------------------------------------


def test_a_hint_shows_the_leading_candidates_without_playing_one(cli: Cli, tmp_path: Path) -> None:
    record_path = tmp_path / "game.json"
    result = cli(
        "play", *SMALL, "--human", "0", "--seed", "3", "--bot-seed", "2", "--bots", "search", "--playouts", "4",
        "--record", str(record_path),
        stdin="hint\n1\nq\n",
    )  # fmt: skip
    assert result.status == 1, result.err  # quit after one move
    out = result.out
    assert "hint = the search's leading moves for this decision" in out  # said with the keys
    before_hint, after_hint = out.split("seat 0> choose", 1)
    listed = dict(re.findall(r"^ +(\d+)\. (.+)$", before_hint.split("your decision:", 1)[1], re.MULTILINE))
    assert "The search's leading moves after 4 playouts:" in after_hint
    shown = HINT_LINE.findall(after_hint.split("seat 0> choose", 1)[0])
    assert shown, after_hint[:2000]
    assert [int(rank) for rank, *_ in shown] == list(range(1, len(shown) + 1))
    assert all(label in listed.values() for _, label, _, _ in shown)  # the candidates are the moves listed
    visits = [int(v) for _, _, v, _ in shown]
    assert visits == sorted(visits, reverse=True) and sum(visits) <= 4
    assert all(0 <= int(percent) <= 100 for *_, percent in shown)
    # The hint played nothing: the prompt asked again, and the one move typed after it was the person's.
    assert after_hint.count("seat 0> choose") >= 1
    record = load_record(record_path)
    assert list(record.seat_labels) == ["human", "search bot"]
    assert [move.seat for move in record.moves].count(0) == 1


def test_hint_lines_show_visits_and_value_as_a_percentage_in_the_language() -> None:
    def candidate(label: str, visits: int, value: float) -> service_pb2.SearchCandidate:
        words = common_pb2.MoveLabel(label=common_pb2.Text(id="test", english=label))
        return service_pb2.SearchCandidate(move=service_pb2.Move(seat=0), label=words, visits=visits, value=value)

    answer = service_pb2.SuggestMoveResponse(
        candidates=[candidate("Pick the King", 30, 0.625), candidate("Pick the Thief", 1, 0.0)], playouts=31
    )
    assert hint_lines(answer, Names(), Words("en")) == [
        "The search's leading moves after 31 playouts:",
        "  1. Pick the King: 30 visits, value 62%",
        "  2. Pick the Thief: 1 visit, value 0%",
    ]
    for locale in ("hu", "de"):
        said = hint_lines(answer, Names(), Words(locale))
        assert "Pick the King" in said[1] and "62%" in said[1] and "30" in said[1]
        assert "visits" not in said[1] and "playouts" not in said[0]


class _Unsearchable:
    """A service that cannot search the game (no redeal yet): SuggestMove answers UNIMPLEMENTED."""

    def suggest_move(self, *args: object, **kwargs: object) -> service_pb2.SuggestMoveResponse:
        raise RulesEngineError(grpc.StatusCode.UNIMPLEMENTED, "dealing a state from a view of Citadels")


def test_a_hint_the_service_cannot_give_is_said_and_the_game_goes_on() -> None:
    out = io.StringIO()
    person = TerminalPlayer(Names(), Console(out, io.StringIO()), io.StringIO(), hints=SearchBot(1))
    person.hint(_Unsearchable(), service_pb2.GameState(), 0)  # type: ignore[arg-type]
    assert out.getvalue().endswith("No hint: UNIMPLEMENTED: dealing a state from a view of Citadels\n")
