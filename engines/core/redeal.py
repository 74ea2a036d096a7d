"""Tools for a game's ``redeal`` (``engines.core.game.Game.redeal``): dealing what a view hides from what
remains possible, so a search plays on states its seat cannot tell from the real one and never sees more.

Everything here is a pure function of its arguments and the ``Rng`` it is given, and returns the advanced
generator. A hidden pool is always put in a canonical order (sorted) before it is shuffled, so a redeal
depends on which items are unseen, never on where the real state kept them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from typing import TypeVar

from engines.core.rng import Rng

T = TypeVar("T")
H = TypeVar("H", bound=Hashable)


def fresh_generator(rng: Rng) -> tuple[Rng, Rng]:
    """A new generator for a redealt state's future chance, seeded from two draws of ``rng``: the real
    state's generator (which decides the real future) is never seen, so the search's future is its own."""
    high, rng = rng.next_u32()
    low, rng = rng.next_u32()
    return Rng.seeded((high << 32) | low), rng


def shuffled(items: Iterable[T], rng: Rng) -> tuple[list[T], Rng]:
    """``items`` in a uniformly random order (Fisher-Yates on ``rng``)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j, rng = rng.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out, rng


def unseen(whole: Iterable[H], seen: Iterable[H]) -> list[H]:
    """The items of ``whole`` (a multiset) that ``seen`` does not account for, in a canonical order (by
    ``repr``, which orders every kind of content id the same way on every run); ``ValueError`` when ``seen``
    shows more of an item than ``whole`` has."""
    left = Counter(whole)
    left.subtract(seen)
    missing = [item for item, count in left.items() if count < 0]
    if missing:
        raise ValueError(f"the view shows more of {sorted(map(repr, missing))} than the game has")
    return sorted(left.elements(), key=repr)


def cut(pool: Sequence[T], sizes: Sequence[int]) -> tuple[list[list[T]], list[T]]:
    """``pool`` cut into consecutive parts of ``sizes``, and what is left after them."""
    parts: list[list[T]] = []
    at = 0
    for size in sizes:
        parts.append(list(pool[at : at + size]))
        at += size
    if at > len(pool):
        raise ValueError(f"the view hides {at} items but only {len(pool)} are unseen")
    return parts, list(pool[at:])
