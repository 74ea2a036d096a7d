"""Mutated states through the proto, for every registered game: nothing a client sends may crash or
hang an engine.

Real mid-game states get single-field changes of their proto (``tools.message_mutations.mutations``) and
swaps of elements between repeated fields of the same type (``cross_swaps``); every variant that
still converts is sent to the engine:

* ``check`` answers or raises ``StateInvalid`` (nothing else), within ``CALL_SECONDS``;
* when it accepts, ``pending``, ``legal_moves``, ``validate`` (of listed moves: clean; of near
  misses), ``apply`` of the listed moves, ``score``, and ``view`` for each seat and the spectator
  each answer or raise ``StateInvalid``/``IllegalMove`` (nothing else), within ``CALL_SECONDS``;
  a listed move is never refused;
* the score sheet, the views and every successor convert to the contract's messages (its integers
  are 32-bit);
* bounded states: ``check`` refuses a collection grown by ``MANY`` (1000) elements beyond what play
  made, so no request can make the engine walk an arbitrarily large state;
* closure: every state a listed move leads to is accepted by ``check`` in turn.

A game the contract does not carry gets the same changes of its struct (``support.mutated_states``,
``support.swapped_states``), and its states travel as MessagePack (integers held to 32 bits too).

Findings that ``conftest.KNOWN_BUGS`` explains do not fail the suite (see there).
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from server.binding import SCORE_SHEET
from tests.conformance.conftest import unknown
from tests.conformance.support import (
    MAX_HANGS,
    REFUSALS,
    Finding,
    Probe,
    Setup,
    hangs,
    move_key,
    mutated_states,
    near_misses,
    sample,
    setup_sample,
    state_bytes,
    swapped_states,
)
from tools.message_mutations import MANY, playout_states

#: Setups per game, states per setup, variants per state (single-field changes, swaps).
SETUPS_PER_GAME = 10
STATES = 10
SINGLE_CHANGES = 60
SWAPS = 15
#: How ``tools.message_mutations`` describes a collection grown by ``MANY`` copies of an element.
GROWN = re.compile(rf": appended {MANY} x ")
#: Per accepted variant: listed moves applied (closure), and listed moves whose near misses are validated.
APPLIED = 24
NEAR_MISS_MOVES = 2
NEAR_MISS_COPIES = 4


def exercise(setup: Setup, state: Any, probe: Probe, rng: random.Random) -> None:
    """Every engine call on an accepted (mutated) state."""
    engine = setup.engine
    probe.run("pending", engine.pending, state, allowed=REFUSALS)
    legal = probe.run("legal_moves", engine.legal_moves, state, allowed=REFUSALS)
    sheet = probe.run("score", engine.score, state, allowed=REFUSALS)
    if sheet is not None:
        probe.run("score to proto", SCORE_SHEET.to_proto, sheet)
    for seat in (None, *setup.seats):
        view = probe.run("view", engine.view, state, seat, allowed=REFUSALS)
        if view is not None:
            probe.run("view to proto", state_bytes, setup.binding, view)
    if not legal:
        return
    legal = list(legal)
    keys = {move_key(m) for m in legal}
    for move in sample(legal, NEAR_MISS_MOVES, rng):
        candidates = [move, *near_misses(setup.binding, setup.players, move, rng, NEAR_MISS_COPIES)]
        for candidate in candidates:
            violations = probe.run("validate", engine.validate, state, candidate, allowed=REFUSALS)
            if violations is not None and bool(violations) == (move_key(candidate) in keys):
                probe.fail("validate", f"{candidate} listed={move_key(candidate) in keys} violations={violations}")
    for move in sample(legal, APPLIED, rng):
        after = probe.run(f"apply of listed {move}", engine.apply, state, move)  # IllegalMove too is a finding
        if after is not None:
            probe.accepts(engine, after, after=str(move))
            probe.run("state to proto", state_bytes, setup.binding, after)


def mutate_and_exercise(setup: Setup) -> tuple[list[Finding], int]:
    """Findings over every variant of a few states of one playout, and how many variants ``check`` accepted."""
    engine, binding = setup.engine, setup.binding
    rng = random.Random(setup.bot_seed)
    visited = playout_states(engine, setup.players, setup.options, setup.seed, bot_seed=setup.bot_seed)
    states = [visited[i * (len(visited) - 1) // (STATES - 1)] for i in range(STATES)]
    findings: list[Finding] = []
    accepted = 0
    for state in states:
        variants = mutated_states(binding, state, rng, SINGLE_CHANGES) + swapped_states(binding, state, rng, SWAPS)
        for other, path in variants:
            probe = Probe(setup.game_id, path)
            if probe.accepts(engine, other):
                accepted += 1
                if GROWN.search(path):
                    probe.fail("check", f"accepts a collection grown by {MANY} elements")
                exercise(setup, other, probe, rng)
            findings += probe.findings
            if hangs(findings) >= MAX_HANGS:
                return findings, accepted
    return findings, accepted


@pytest.mark.parametrize("setup", setup_sample(SETUPS_PER_GAME), ids=lambda s: s.id)
def test_mutated_states_are_refused_or_handled(setup: Setup) -> None:
    findings, accepted = mutate_and_exercise(setup)
    assert accepted >= STATES, "hardly any variant was accepted: the property exercised nothing"
    assert not unknown(findings), "\n".join(str(f) for f in unknown(findings)[:20])
