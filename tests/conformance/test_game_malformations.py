"""Malformed states a game's own mutator makes: ``check`` refuses each with ``StateInvalid`` naming a field, or
every engine function works on it (nothing a client sends may crash).

``test_state_mutations`` and ``test_accepted_states`` change real states one field at a time through the
contract, blind to what a field means; a game's hook breaks its rules on purpose (a step queued out of place,
a turn of nobody, a guild ability with a memory no play gives), and may change several things at once. A game
provides the hook as the module ``tests/engines/<game_id>/malformed.py``, found by the registry's game ids (a
game without one is left out):

* ``samples()``: the real states to start from (states of a few random games, every kind of decision);
* ``mutate(state, data)``: the state with type-valid but possibly inconsistent changes, drawn with
  hypothesis's ``data``;
* ``EXAMPLES``: how many hypothesis examples ``mutate`` gets;
* ``ODD_ACTIONS`` (optional): actions validated, on every accepted state, for each seat owed a decision and
  seat 0: ``validate`` answers (violations or none), whatever the action;
* ``EXTRAS`` (optional): malformations of their own, ``name -> (examples, draw)``, ``draw(data)`` giving a
  malformed state (the Walled City's: a guild ability in progress with any memory).

Each state goes as a client sends it (``Closure.received``: a hook's changes keep it type-valid), then
``Closure.refused`` (a refusal names its field) and, when the check accepts it, ``Closure.handled``, the check
the integrity properties use (``tests.engines.struct_mutations``): ``pending``, ``score`` and every view
answer, the listed moves are made by exactly the seats owed a decision (a decision owed can be made), each is
valid and leads to a state the check accepts.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, note, settings
from hypothesis import strategies as st

from tests.conformance.support import ENGINES
from tests.engines.struct_mutations import Closure


def malformed_hook(game_id: str) -> ModuleType | None:
    """``tests.engines.<game_id>.malformed``, or None when the game has none (an error inside it is raised)."""
    name = f"tests.engines.{game_id}.malformed"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name in (name, f"tests.engines.{game_id}"):
            return None
        raise


HOOKS: dict[str, ModuleType] = {game_id: hook for game_id in ENGINES if (hook := malformed_hook(game_id)) is not None}


def refused_or_handled(game_id: str, state: Any) -> None:
    """``check`` refuses ``state`` as it arrives, or every engine function works on it, odd actions included."""
    engine, closure = ENGINES[game_id], Closure(ENGINES[game_id])
    received = closure.received(state)
    assert received is not None, "a malformation must keep the state type-valid"
    if closure.refused(received) is not None:
        return
    closure.handled(received)
    pending = engine.pending(received)
    for action in getattr(HOOKS[game_id], "ODD_ACTIONS", ()):
        for seat in {*pending.seats, 0}:
            engine.validate(received, engine.move_type(seat, action))


def explore(game_id: str, examples: int, draw: Callable[[st.DataObject], Any], what: str) -> None:
    """``examples`` hypothesis examples of ``draw``, each refused or handled."""

    @settings(max_examples=examples)
    @given(data=st.data())
    def malformed(data: st.DataObject) -> None:
        note(f"{game_id}: {what}")
        refused_or_handled(game_id, draw(data))

    malformed()


@pytest.mark.parametrize("game_id", sorted(HOOKS))
def test_malformed_states_are_refused_or_handled(game_id: str) -> None:
    """The hook's mutations of its sample states, then its own malformations (``EXTRAS``), if any."""
    hook = HOOKS[game_id]
    samples = hook.samples()

    def draw(data: st.DataObject) -> Any:
        return hook.mutate(samples[data.draw(st.integers(0, len(samples) - 1), label="sample")], data)

    explore(game_id, hook.EXAMPLES, draw, "mutate")
    for name, (examples, extra) in getattr(hook, "EXTRAS", {}).items():
        explore(game_id, examples, extra, name)
