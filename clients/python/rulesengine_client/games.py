"""Playing whole games through the API: agents (bots, humans), game records, verification.

A game is driven entirely by the service: the driver asks for the pending decision and the
legal moves, lets the agent of the pending seat choose one, applies it, and records it. The
record (``GameRecord``) is saved as the canonical protobuf JSON mapping by :mod:`rulesengine_client.files`,
whose names (``load_record``, ``save_message``, ``FileFormatError``...) this module still offers.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from rulesengine.v1 import common_pb2, service_pb2

from rulesengine_client.client import RulesEngineClient

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
