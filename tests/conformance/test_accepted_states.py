"""Every state ``check`` accepts is one every RPC can serve, for every registered game (issue #22).

The server checks each state a client sends (``engine.check``) and then may run any engine function on
it; an exception after the check is an INTERNAL error, a bug. Variants of real mid-game states (the
targeted changes of ``tests.conformance.extremes``, covering every field's extremes and every repeated
element duplicated or dropped in each kind of pending decision, plus random single-field changes and
cross swaps of ``tools.message_mutations``) are sent to ``check``; for every variant it accepts:

* **checked**: ``check`` answers within the time bound and raises nothing but ``StateInvalid``;
* **drawn**: ``view`` for every seat and the spectator, ``facts`` of each view and ``picture(view,
  viewer)`` answer without an exception, and each picture is a well-formed SVG document of bounded size
  (``MOST_SVG`` characters, sides within ``1..MOST_SIDE``); ``score``, ``pending``, ``legal_moves`` and
  ``labels`` of the listed moves answer too;
* **closed**: every listed move (up to ``APPLIED`` of them) is valid (``validate`` is empty), ``apply``
  and ``log`` answer, and ``check`` accepts the state it leads to (``validate`` of near misses is
  compared with the listed moves by ``test_state_mutations``).

A field the rules bound (a seat, a board row, a count of pieces) is bounded by the check; a number or text
the rules do not bound is drawn clipped (``engines.core.picture``). ``ROBUSTNESS_SCALE`` (default 1)
multiplies the states and changes explored, for a longer run.
"""

from __future__ import annotations

import os
import random
import xml.etree.ElementTree as ET
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import msgspec
import pytest

from tests.conformance import structs
from tests.conformance.conftest import unknown
from tests.conformance.extremes import covering, element_sites, extreme_values, reshaped, scalar_sites
from tests.conformance.support import (
    CONTRACTED,
    ENGINES,
    REFUSALS,
    Finding,
    Probe,
    Setup,
    decoded,
    mutated_states,
    sample,
    setup_sample,
    swapped_states,
    with_game,
)
from tools.message_mutations import cross_swaps, mutations, playout_states

SCALE = int(os.environ.get("ROBUSTNESS_SCALE", "1"))
#: Setups per game whose playouts give the states, and how often each site shape is changed per kind of
#: pending decision.
SETUPS_PER_GAME = 4 * SCALE
PER_SHAPE = SCALE
#: States of each playout in the pool (evenly spread over the game).
POOL = 150 * SCALE
#: States of the pool given random single-field changes and cross swaps, and how many of each.
RANDOM_STATES = 4 * SCALE
RANDOM_CHANGES = 30
SWAPS = 10
#: States per playout of a game without a proto whose every place is set to its extremes.
STRUCT_STATES = 12 * SCALE
#: Listed moves applied per accepted variant.
APPLIED = 4
#: The largest SVG a picture may be (the largest real one is about 80,000 characters), and its largest side.
MOST_SVG = 400_000
MOST_SIDE = 4096
SVG = "{http://www.w3.org/2000/svg}svg"


def spread(items: Sequence[Any], count: int) -> list[Any]:
    """At most ``count`` of ``items``, evenly spread from the first to the last."""
    if len(items) <= count:
        return list(items)
    return [items[i * (len(items) - 1) // (count - 1)] for i in range(count)]


@dataclass(frozen=True)
class Variants:
    """The variants of a game's real states that ``check`` accepts (with their setup and the change made),
    and what ``check`` itself did wrong on the others (anything but ``StateInvalid``, or no answer)."""

    accepted: tuple[tuple[Setup, Any, str], ...]
    check_findings: tuple[Finding, ...]


@cache
def variants(game_id: str) -> Variants:
    """The targeted changes of states spread over ``SETUPS_PER_GAME`` playouts of ``game_id``, and random
    changes of a few of them, sent to ``check``."""
    rng = random.Random(f"accepted states of {game_id}")
    if game_id not in CONTRACTED:
        return struct_variants(game_id, rng)
    pool: list[tuple[Any, str, Setup]] = []
    for setup in [s for s in setup_sample(SETUPS_PER_GAME) if s.game_id == game_id]:
        states = playout_states(setup.engine, setup.players, setup.options, setup.seed, bot_seed=setup.bot_seed)
        for state in spread(states, POOL):
            sub = getattr(setup.binding.state_to_proto(state), game_id)
            pool.append((sub, setup.engine.pending(state).kind, setup))
    rng.shuffle(pool)
    changes = covering(pool, scalar_sites, extreme_values, PER_SHAPE)
    changes += covering(pool, element_sites, reshaped, PER_SHAPE)
    for sub, _, setup in pool[:RANDOM_STATES]:
        changed = mutations(sub, rng, RANDOM_CHANGES, prefix=game_id) + cross_swaps(sub, rng, SWAPS, prefix=game_id)
        changes += [(message, path, setup) for message, path in changed]
    accepted: list[tuple[Setup, Any, str]] = []
    findings: list[Finding] = []
    for message, path, setup in changes:
        state = decoded(setup.binding, with_game(setup.binding, message))
        if state is None:
            continue
        probe = Probe(game_id, path)
        if probe.accepts(setup.engine, state):
            accepted.append((setup, state, path))
        findings += probe.findings
    return Variants(tuple(accepted), tuple(findings))


def struct_variants(game_id: str, rng: random.Random) -> Variants:
    """``variants`` of a game the contract does not carry, through its structs: every place of states spread
    over the playouts set to its extremes (``structs.extremes``), and random changes and swaps of a few."""
    changes: list[tuple[Any, str, Setup]] = []
    for setup in [s for s in setup_sample(SETUPS_PER_GAME) if s.game_id == game_id]:
        states = playout_states(setup.engine, setup.players, setup.options, setup.seed, bot_seed=setup.bot_seed)
        for state in spread(states, STRUCT_STATES):
            changes += [(other, path, setup) for other, path in structs.extremes(state, prefix=game_id)]
        for state in spread(states, RANDOM_STATES):
            changed = mutated_states(setup.binding, state, rng, RANDOM_CHANGES)
            changes += [(other, path, setup) for other, path in changed]
            changes += [(other, path, setup) for other, path in swapped_states(setup.binding, state, rng, SWAPS)]
    accepted: list[tuple[Setup, Any, str]] = []
    findings: list[Finding] = []
    for changed, path, setup in changes:
        state = setup.binding.received(changed)
        if state is None:
            continue
        probe = Probe(game_id, path)
        if probe.accepts(setup.engine, state):
            accepted.append((setup, state, path))
        findings += probe.findings
    return Variants(tuple(accepted), tuple(findings))


def drawn(setup: Setup, state: Any, probe: Probe, seen: set[bytes]) -> None:
    """Every reading of an accepted state: views, facts and pictures for every viewer (a view already
    ``seen`` is not drawn again: a picture is a function of the view and its viewer); score, pending, legal
    moves and their labels."""
    engine = setup.engine
    for viewer in (None, *setup.seats):
        view = probe.run(f"view for {viewer}", engine.view, state, viewer)
        if view is None:
            continue
        key = msgspec.msgpack.encode((viewer, view))
        if key in seen:
            continue
        seen.add(key)
        probe.run(f"facts for {viewer}", engine.facts, view)
        picture = probe.run(f"picture for {viewer}", engine.picture, view, viewer)
        if picture is not None:
            problem = picture_problem(picture)
            if problem:
                probe.fail(f"picture for {viewer}", problem)
    probe.run("score", engine.score, state, allowed=REFUSALS)
    probe.run("pending", engine.pending, state)
    legal = probe.run("legal_moves", engine.legal_moves, state)
    if legal:
        probe.run("labels", engine.labels, state, legal)


def picture_problem(picture: Any) -> str:
    """What is wrong with a picture (empty: nothing): not a well-formed SVG, too large, or its size not
    the document's."""
    if len(picture.svg) > MOST_SVG:
        return f"an SVG of {len(picture.svg)} characters (at most {MOST_SVG})"
    if not (0 < picture.width <= MOST_SIDE and 0 < picture.height <= MOST_SIDE):
        return f"a picture of {picture.width} x {picture.height} (sides 1..{MOST_SIDE})"
    try:
        root = ET.fromstring(picture.svg)
    except ET.ParseError as exc:
        return f"not a well-formed SVG: {exc}"
    if root.tag != SVG or (root.attrib.get("width"), root.attrib.get("height")) != (
        str(picture.width),
        str(picture.height),
    ):
        return "the document is not an svg of the picture's size"
    return ""


def closed(setup: Setup, state: Any, probe: Probe, rng: random.Random) -> None:
    """Listed moves are valid, apply, and lead to states the check accepts."""
    engine = setup.engine
    legal = probe.run("legal_moves", engine.legal_moves, state)
    for move in sample(legal or [], APPLIED, rng):
        violations = probe.run(f"validate of listed {move}", engine.validate, state, move)
        if violations:
            probe.fail(f"validate of listed {move}", f"refused: {violations}")
        after = probe.run(f"apply of listed {move}", engine.apply, state, move)
        if after is not None:
            probe.run(f"log of listed {move}", engine.log, state, move, after)
            probe.accepts(engine, after, after=str(move))


def findings(game_id: str, examine: Callable[[Setup, Any, Probe], None]) -> list[Finding]:
    """What ``examine`` finds on every accepted variant of ``game_id``'s states."""
    out: list[Finding] = []
    for setup, state, path in variants(game_id).accepted:
        probe = Probe(game_id, path)
        examine(setup, state, probe)
        out += probe.findings
    return out


def report(found: list[Finding]) -> str:
    """The first findings, each cut to a line of reasonable length (a change may quote a huge string)."""
    return "\n".join(str(f)[:600] for f in found[:20])


@pytest.mark.parametrize("game_id", sorted(ENGINES))
def test_every_accepted_state_is_viewed_and_drawn(game_id: str) -> None:
    seen: set[bytes] = set()
    found = findings(game_id, lambda setup, state, probe: drawn(setup, state, probe, seen))
    found = unknown([*variants(game_id).check_findings, *found])
    assert len(variants(game_id).accepted) >= 50, "hardly any variant was accepted: the property exercised nothing"
    assert not found, report(found)


@pytest.mark.parametrize("game_id", sorted(ENGINES))
def test_the_check_is_closed_under_listed_moves(game_id: str) -> None:
    rng = random.Random(f"listed moves of {game_id}")
    found = unknown(findings(game_id, lambda setup, state, probe: closed(setup, state, probe, rng)))
    assert not found, report(found)
