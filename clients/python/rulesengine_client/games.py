"""Playing whole games through the API: agents (bots, humans), game records, verification.

A game is driven entirely by the service: the driver asks for the pending decision and the
legal moves, lets the agent of the pending seat choose one, applies it, and records it. The
record (``GameRecord``) is saved as the canonical protobuf JSON mapping by :mod:`rulesengine_client.files`,
whose names (``load_record``, ``save_message``, ``FileFormatError``...) this module still offers.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

import grpc
from rulesengine.v1 import common_pb2, service_pb2

from rulesengine_client.client import RulesEngineClient
from rulesengine_client.errors import RulesEngineError

# Message files lived here before files.py; they stay importable from here.
from rulesengine_client.files import FileFormatError as FileFormatError
from rulesengine_client.files import load_message as load_message
from rulesengine_client.files import load_record as load_record
from rulesengine_client.files import load_state as load_state
from rulesengine_client.files import message_to_json as message_to_json
from rulesengine_client.files import save_message as save_message
from rulesengine_client.render import totals

CHANCE_SEAT = -1
#: A game longer than this is reported as not terminating.
DEFAULT_MAX_MOVES = 100_000


class Agent(Protocol):
    """Whoever decides for a seat: a bot, a person at the terminal, the table's dice."""

    label: str

    def choose(
        self,
        client: RulesEngineClient,
        state: service_pb2.GameState,
        pending: common_pb2.Pending,
        seat: int,
        moves: Sequence[service_pb2.Move],
        labels: Sequence[common_pb2.MoveLabel] = (),
    ) -> service_pb2.Move:
        """One of ``moves`` (the legal moves of ``seat`` in ``state``); ``labels[i]`` (from
        ``LegalMoves``, may be empty) is how the service words ``moves[i]``."""
        ...


class RandomBot:
    """Chooses uniformly among the legal moves (also stands in for the table's chance)."""

    label = "bot"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(
        self,
        client: RulesEngineClient,
        state: service_pb2.GameState,
        pending: common_pb2.Pending,
        seat: int,
        moves: Sequence[service_pb2.Move],
        labels: Sequence[common_pb2.MoveLabel] = (),
    ) -> service_pb2.Move:
        """A uniformly random legal move."""
        return moves[self.rng.randrange(len(moves))]


#: How often a search the server is too busy for (RESOURCE_EXHAUSTED: all its searching processes are
#: searching) is asked again, and how long to wait before each (its whole search runs in the meantime).
BUSY_RETRIES = 50
BUSY_WAIT_SECONDS = 0.2
#: A seed is a uint64.
SEED_SPACE = 2**64


class SearchBot:
    """Asks the service's search (``SuggestMove``) for every move: a bot that sees only its seat's view.

    Each search may take ``think_millis`` milliseconds and, when ``playouts`` is given, at most that many
    playouts; it is seeded from ``seed`` and the state's move number, so a game whose searches all stop at
    their playouts (rather than at their time) is played the same way again. A seat with one legal move
    plays it without asking. The table's chance is not a seat it plays (give that to a :class:`RandomBot`).
    """

    label = "search bot"

    def __init__(self, seed: int, *, think_millis: int = 1000, playouts: int = 0) -> None:
        self.seed = seed % SEED_SPACE
        self.think_millis = think_millis
        self.playouts = playouts

    def seed_at(self, state: service_pb2.GameState) -> int:
        """The seed of the search of ``state``: the bot's seed and the state's move number."""
        return (self.seed * 1_000_003 + state.move_number) % SEED_SPACE

    def suggest(
        self, client: RulesEngineClient, state: service_pb2.GameState, seat: int, candidates: int = 0
    ) -> service_pb2.SuggestMoveResponse:
        """The search's answer for ``seat`` in ``state`` (its ``candidates`` leading moves; 0: the server's
        number), asked again while the server is too busy to search."""
        tries = 0
        while True:
            try:
                return client.suggest_move(
                    state,
                    seat,
                    max_playouts=self.playouts,
                    max_millis=self.think_millis,
                    seed=self.seed_at(state),
                    candidates=candidates,
                )
            except RulesEngineError as error:
                tries += 1
                if error.code != grpc.StatusCode.RESOURCE_EXHAUSTED or tries > BUSY_RETRIES:
                    raise
                time.sleep(BUSY_WAIT_SECONDS)

    def choose(
        self,
        client: RulesEngineClient,
        state: service_pb2.GameState,
        pending: common_pb2.Pending,
        seat: int,
        moves: Sequence[service_pb2.Move],
        labels: Sequence[common_pb2.MoveLabel] = (),
    ) -> service_pb2.Move:
        """The move the search chose (the only one without a search)."""
        if len(moves) == 1:
            return moves[0]
        return self.suggest(client, state, seat).move


class QuitGame(Exception):
    """Raised by an agent (a person at the terminal) who wants to stop playing."""


class GameAborted(Exception):
    """A person quit the game; ``record`` holds the moves played so far."""

    def __init__(self, record: service_pb2.GameRecord) -> None:
        super().__init__("game aborted")
        self.record = record


@dataclass
class PlayedGame:
    """A finished game: its record, final state and final score sheet."""

    record: service_pb2.GameRecord
    state: service_pb2.GameState
    score: common_pb2.ScoreSheet


MoveCallback = Callable[[int, service_pb2.Move, service_pb2.ApplyMoveResponse], None]


def play_game(
    client: RulesEngineClient,
    setup: common_pb2.GameSetup,
    agents: Mapping[int, Agent],
    *,
    on_move: MoveCallback | None = None,
    max_moves: int = DEFAULT_MAX_MOVES,
    match_id: str = "",
) -> PlayedGame:
    """Play a game to its end; ``agents`` maps each seat (and -1 for external chance) to an agent.

    ``on_move(index, move, applied)`` is called after every move. Raises ``RuntimeError`` when
    a pending seat has no agent or no legal move, or the game exceeds ``max_moves``. ``match_id``: the
    match the states carry, and the record names (empty: the server makes a random one, which the record
    does not name).
    """
    started = client.new_game(setup, match_id)
    labels = [agents[s].label if s in agents else "" for s in range(setup.players)]
    record = service_pb2.GameRecord(rules_version=started.state.rules_version, seat_labels=labels)
    if match_id:
        record.match_id = started.state.match_id
    record.setup.CopyFrom(setup)
    state, pending = started.state, started.pending
    try:
        while pending.seats:
            if len(record.moves) >= max_moves:
                raise RuntimeError(f"the game did not end within {max_moves} moves")
            seat = pending.seats[0]
            agent = agents.get(seat)
            if agent is None:
                raise RuntimeError(f"no agent for {seat} (pending: {pending.kind})")
            legal = client.legal_moves(state, seat)
            moves = legal.moves
            if not moves:
                raise RuntimeError(f"no legal move for seat {seat} while {pending.kind} is pending")
            words: Sequence[common_pb2.MoveLabel] = legal.labels if len(legal.labels) == len(moves) else ()
            move = agent.choose(client, state, pending, seat, moves, words)
            applied = client.apply_move(state, move)
            record.moves.append(move)
            if on_move is not None:
                on_move(len(record.moves) - 1, move, applied)
            state, pending = applied.state, applied.pending
    except (KeyboardInterrupt, QuitGame):
        raise GameAborted(record) from None
    return PlayedGame(record=record, state=state, score=client.score(state))


@dataclass
class Verification:
    """The outcome of replaying a record and comparing its final score with the expected one."""

    ok: bool
    result: service_pb2.ReplayResult
    problem: str = ""


def verify_record(
    client: RulesEngineClient, record: service_pb2.GameRecord, expected: common_pb2.ScoreSheet
) -> Verification:
    """Replay ``record`` and check it is legal, finished, and scores exactly as ``expected``."""
    result = client.replay_game(record)
    if not result.legal:
        return Verification(False, result, f"move {result.illegal_move_index} is illegal on replay")
    if result.moves_applied != len(record.moves):
        return Verification(False, result, f"{result.moves_applied} of {len(record.moves)} moves applied")
    if result.pending.seats:
        return Verification(False, result, "the replayed game is not over")
    if totals(result.score) != totals(expected) or list(result.score.winners) != list(expected.winners):
        return Verification(False, result, f"replayed score {totals(result.score)} differs from {totals(expected)}")
    return Verification(True, result)
