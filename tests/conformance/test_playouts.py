"""Random games to the end for every registered game, player count, option spread and chance mode,
with the engine protocol's promises checked after every move (the costlier ones on ``DEEP_STATES``
states spread over each game):

* the state passes ``check``; the pending decision names seats in range (never CHANCE with engine
  randomness), and there is a legal move exactly while someone must decide, every one by a deciding
  seat and listed once;
* with chance deciding, ``chance_odds`` lists exactly the legal moves, each with a positive weight;
* ``validate`` agrees with ``legal_moves``: every legal move validates clean, and near misses (one
  field of the move changed, another seat, a move of another decision) validate clean exactly when
  they are listed; ``apply`` refuses an unlisted one with ``IllegalMove`` and the same violations;
* the proto round trip through ``GameBinding`` is lossless for the state, its views and the legal moves (the
  MessagePack round trip of the structs, for a game the contract does not carry: ``support.round_trips``);
* every listed move applies, to a state ``check`` accepts (closure; a sample per state);
* score sheets have one entry per seat whose entries sum to its total, are final exactly when the
  game is over, the leaders hold first place, and only a final score names them winners;
* a view cannot be played, and replaying the recorded moves from the same setup gives the same
  final state.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from engines.core.engine import CHANCE
from engines.core.errors import IllegalMove
from tests.conformance.support import (
    MAX_MOVES,
    Setup,
    move_key,
    move_round_trip,
    near_misses,
    round_trip,
    round_trips,
    sample,
    setups,
    state_bytes,
    unplayable_variations,
)

#: States per game (evenly spread, the first and last included) that get the costlier checks: the
#: views, near misses, closure and the round trip of the legal moves.
DEEP_STATES = 80
#: Legal moves per state whose near misses are tried, and mutated copies per legal move.
NEAR_MISS_MOVES = 3
NEAR_MISS_COPIES = 6
#: Legal moves per state taken through the proto round trip (all of them when there are fewer).
ROUND_TRIP_MOVES = 40
#: Legal moves per state that are validated (all of them when there are fewer).
VALIDATE_MOVES = 12
#: Listed moves per checked state applied, their successors checked.
CLOSURE_MOVES = 8
#: Moves of earlier decisions tried as "a move of another decision" near misses per deep state.
OTHER_DECISIONS = 4


def check_score(setup: Setup, state: Any, over: bool) -> None:
    sheet = setup.engine.score(state)
    assert len(setup.seats) in (setup.players, setup.players + 1)
    assert [s.seat for s in sheet.seats] == list(setup.seats)
    for seat in sheet.seats:
        assert seat.total == sum(e.points for e in seat.entries), seat
    assert sheet.final == over
    assert sheet.leaders and {s.seat for s in sheet.seats if s.place == 1} == set(sheet.leaders)
    # Winners once the game is over, and never before.
    assert sheet.winners == (sheet.leaders if over else ())


def check_round_trip(setup: Setup, state: Any, legal: list[Any], rng: random.Random) -> None:
    binding = setup.binding
    for back in round_trips(binding, state):
        assert back == state
    for move in sample(legal, ROUND_TRIP_MOVES, rng):
        assert move_round_trip(binding, move) == move


def check_views(setup: Setup, state: Any, legal: list[Any]) -> None:
    engine, binding = setup.engine, setup.binding
    for seat in (None, *setup.seats):
        view = engine.view(state, seat)
        assert round_trip(binding, view) == view
        assert engine.view(view, seat) == view, "a view of a view is the view"
        if seat is not None:
            for move in [m for m in legal if m.seat == seat][:1]:
                assert engine.validate(view, move), "a view cannot be played"


def check_validate(setup: Setup, state: Any, legal: list[Any], others: list[Any], rng: random.Random) -> None:
    engine = setup.engine
    keys = {move_key(m) for m in legal}
    for move in sample(legal, NEAR_MISS_MOVES, rng):
        for candidate in near_misses(setup.binding, setup.players, move, rng, NEAR_MISS_COPIES, others):
            violations = engine.validate(state, candidate)
            listed = move_key(candidate) in keys
            assert listed == (not violations), (candidate, violations)
            if not listed:
                with pytest.raises(IllegalMove) as refused:
                    engine.apply(state, candidate)
                assert refused.value.violations == violations


def check_closure(setup: Setup, state: Any, legal: list[Any], rng: random.Random) -> None:
    """Every listed move applies, to a state ``check`` accepts."""
    for move in sample(legal, CLOSURE_MOVES, rng):
        setup.engine.check(setup.engine.apply(state, move))


def check_odds(setup: Setup, state: Any, seats: tuple[int, ...], legal: list[Any]) -> None:
    """Chance as data: with chance deciding, the odds the engine offers (from the same process its generator
    samples in a seeded game) are exactly the legal moves, each with a positive weight; none otherwise."""
    odds = setup.engine.chance_odds(state)
    if seats != (CHANCE,):
        assert odds == [], seats
        return
    assert sorted(move_key(m) for m, _ in odds) == sorted(move_key(m) for m in legal)
    assert all(weight > 0 for _, weight in odds), odds


def check_state(setup: Setup, state: Any, rng: random.Random) -> list[Any]:
    """The promises checked on every state; returns the legal moves."""
    engine = setup.engine
    engine.check(state)
    pending = engine.pending(state)
    legal = list(engine.legal_moves(state))
    over = not pending.seats
    assert all(CHANCE <= s < setup.players for s in pending.seats), pending
    if setup.seed is not None:
        assert CHANCE not in pending.seats, "with engine randomness the engine resolves chance itself"
    assert bool(legal) == (not over), pending
    assert {m.seat for m in legal} <= set(pending.seats), pending
    assert len({move_key(m) for m in legal}) == len(legal), "legal moves are listed once each"
    for move in sample(legal, VALIDATE_MOVES, rng):
        assert not engine.validate(state, move), move
    check_odds(setup, state, pending.seats, legal)
    check_score(setup, state, over)
    assert round_trip(setup.binding, state) == state
    return legal


def check_deeply(setup: Setup, state: Any, legal: list[Any], others: list[Any], rng: random.Random) -> None:
    """The costlier promises, checked on ``DEEP_STATES`` states of each game."""
    check_round_trip(setup, state, legal, rng)
    check_views(setup, state, legal)
    if legal:
        check_validate(setup, state, legal, others, rng)
        check_closure(setup, state, legal, rng)


def play(setup: Setup) -> tuple[Any, list[Any]]:
    """One random game to the end, every state checked, then ``DEEP_STATES`` of them deeply (with the
    moves of earlier decisions as near misses)."""
    rng = random.Random(setup.bot_seed)
    state = setup.new_game()
    moves: list[Any] = []
    visited: list[tuple[Any, list[Any]]] = []
    while True:
        legal = check_state(setup, state, rng)
        visited.append((state, legal))
        if not legal:
            break
        assert len(moves) < MAX_MOVES, f"the game did not end within {MAX_MOVES} moves"
        move = rng.choice(legal)
        moves.append(move)
        state = setup.engine.apply(state, move)
    for index in sorted({i * (len(visited) - 1) // max(1, DEEP_STATES - 1) for i in range(DEEP_STATES)}):
        before, legal = visited[index]
        check_deeply(setup, before, legal, sample(moves[:index], OTHER_DECISIONS, rng), rng)
    return state, moves


@pytest.mark.parametrize("setup", setups(), ids=lambda s: s.id)
def test_random_game_keeps_the_protocol(setup: Setup) -> None:
    final, moves = play(setup)
    again = setup.new_game()
    for move in moves:
        again = setup.engine.apply(again, move)
    assert again == final, "replaying the recorded moves from the same setup gives the same game"
    assert state_bytes(setup.binding, again) == state_bytes(setup.binding, final)


def test_every_advertised_option_value_is_playable() -> None:
    assert unplayable_variations() == []
