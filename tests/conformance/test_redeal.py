"""Every game's ``redeal`` (``engines.core.game.Game.redeal``) deals states its seat cannot tell from the real
one, for every registered game (and the test-only game), so the searching bots, which see a game only
through it, never peek.

Every setup (every player count, both chance modes, a spread of options) is played by random moves, and
on states along the way, for every seat at the table that a person plays:

* the redealt state passes the state check (``Engine.check``) and is seeded (its chance is its own);
* it shows the seat exactly the view it was dealt from (``view(redealt, seat) == view``, as a seeded game's
  view: the chance mode is the one thing a redeal changes that a view shows);
* when the seat is to decide, it has the same legal moves as in the real state (a seat knows its options);
* it is a function of the view and the generator alone: a second redeal from the view of a *hidden-only
  variant* of the state (another redeal, which differs from the state only in what the seat cannot see)
  with the same generator is the same state;
* over a few generators, a game with hidden information deals more than one hidden part somewhere in the
  game (the hidden part is dealt, not copied).
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from msgspec.structs import replace

from engines.core.engine import CHANCE
from engines.core.errors import StateInvalid
from engines.core.rng import Rng
from tests.conformance.support import ENGINES, MAX_MOVES, Setup, setups

#: States of a playout looked at: about this many, spread over the game.
LOOKS = 12
#: Generators each look redeals with.
DEALS = 3


def _seeded(view: Any) -> Any:
    """``view`` as the view of a seeded game (what the view of a redealt state shows)."""
    return replace(view, external_chance=False)


def _people(setup: Setup, state: Any) -> list[int]:
    """The seats of ``state`` that a person plays (not the seats the engine plays itself)."""
    automated = set(setup.engine.info.game_type.automated(setup.players))
    return [seat for seat in setup.engine.seats(state) if seat not in automated]


def _looked_at(setup: Setup) -> list[Any]:
    """About ``LOOKS`` states of a random playout of ``setup``, none waiting for chance."""
    engine = setup.engine
    state = setup.new_game()
    states: list[Any] = []
    rng = Rng.seeded(setup.bot_seed)
    while engine.pending(state).seats and len(states) < MAX_MOVES:
        states.append(state)
        legal = engine.legal_moves(state)
        index, rng = rng.below(len(legal))
        state = engine.apply(state, legal[index])
    states.append(state)
    step = max(1, len(states) // LOOKS)
    return [s for s in states[::step] if CHANCE not in engine.pending(s).seats]


def _problems(setup: Setup, state: Any, at: int) -> tuple[list[str], bool]:
    """What is wrong with the redeals of ``state`` (look ``at``) for each seat, and whether any seat's
    redeals dealt more than one hidden part."""
    engine = setup.engine
    out: list[str] = []
    varied = False
    pending = engine.pending(state).seats
    for seat in _people(setup, state):
        view = engine.view(state, seat)
        dealt = []
        for d in range(DEALS):
            generator = Rng.seeded(1000 * at + d)
            redealt = engine.redeal(view, seat, generator)
            dealt.append(msgspec.msgpack.encode(replace(redealt, rng=None)))
            where = f"state {at}, seat {seat}, deal {d}"
            try:
                engine.check(redealt)
            except StateInvalid as exc:
                out.append(f"{where}: the redealt state fails the check: {exc!r}")
                continue
            if redealt.rng is None or redealt.external_chance:
                out.append(f"{where}: the redealt state is not seeded")
            if engine.view(redealt, seat) != _seeded(view):
                out.append(f"{where}: the redealt state shows the seat another view")
            if seat in pending:
                mine = [m for m in engine.legal_moves(state) if m.seat == seat]
                theirs = [m for m in engine.legal_moves(redealt) if m.seat == seat]
                if sorted(map(msgspec.msgpack.encode, mine)) != sorted(map(msgspec.msgpack.encode, theirs)):
                    out.append(f"{where}: the seat's legal moves differ in the redealt state")
            variant_view = engine.view(redealt, seat)
            again = engine.redeal(variant_view, seat, generator)
            if again != redealt:
                out.append(f"{where}: a hidden-only variant of the state redeals to another state")
        varied = varied or len(set(dealt)) > 1
    return out, varied


@pytest.mark.parametrize("setup", setups(), ids=lambda s: s.id)
def test_a_redeal_is_a_state_its_seat_cannot_tell_from_the_real_one(setup: Setup) -> None:
    problems: list[str] = []
    varied = False
    for at, state in enumerate(_looked_at(setup)):
        found, dealt_otherwise = _problems(setup, state, at)
        problems += found
        varied = varied or dealt_otherwise
    assert not problems, "\n".join(problems[:20])
    if setup.engine.info.game_type.hidden_information:
        assert varied, f"{DEALS} generators always dealt the same hidden part: the hidden part is copied, not dealt"


def test_every_game_can_be_redealt() -> None:
    missing = [game_id for game_id, engine in ENGINES.items() if engine.game.redeal is None]
    assert not missing, f"no redeal for {missing}"
