"""Engine states are immutable trees (frozen structs, tuples, frozensets): they can hold no reference cycle, so
their structs are declared ``gc=False`` and nothing in a state is left for the garbage collector to watch.

This matters to the server: it keeps thousands of states (the memo, the remembered encodings), and a full
collection stops every thread for as long as it takes to look at every tracked object. Measured in a paced
soak, tracked states made that 75-260 ms, the p99 of every call of play."""

from __future__ import annotations

import gc
from collections import Counter
from typing import Any

import msgspec
import pytest

from engines import registry
from tools import message_mutations as mutation


def tracked_within(value: Any, seen: set[int], found: Counter[str]) -> None:
    """Count, by type, the objects reachable from ``value`` through struct fields and containers that the
    garbage collector tracks."""
    if id(value) in seen:
        return
    seen.add(id(value))
    if gc.is_tracked(value):
        found[type(value).__qualname__] += 1
    if isinstance(value, msgspec.Struct):
        for name in value.__struct_fields__:
            tracked_within(getattr(value, name), seen, found)
    elif isinstance(value, (tuple, list, frozenset, set)):
        for item in value:
            tracked_within(item, seen, found)
    elif isinstance(value, dict):
        for key, item in value.items():
            tracked_within(key, seen, found)
            tracked_within(item, seen, found)


@pytest.mark.parametrize("game_id", registry.engines())
def test_no_part_of_a_state_is_tracked_by_the_garbage_collector(game_id: str) -> None:
    engine = registry.get(game_id)
    states = list(mutation.playout_states(engine, 3, {}, 7, bot_seed=7, limit=80))
    # A tuple is untracked by a collection that finds all its items untracked, and one pass may reach an outer
    # tuple before it untracks the tuples inside it (the order of the collector's list decides, which other
    # tests change): each collection untracks at least the innermost tuples left, so as many collections as
    # tuples nest in a state (a few) untrack them all.
    for _ in range(8):
        gc.collect()
    found: Counter[str] = Counter()
    seen: set[int] = set()
    for state in states:
        tracked_within(state, seen, found)
    assert len(seen) > 100 * len(states) // 10, "the walk reached too little of the states to tell"
    assert not found, f"tracked objects in {game_id} states: {dict(found)} (a struct type without gc=False?)"
