"""Rule-free helpers over the items of a state that several games share: tuples changed without mutation
(a state is immutable), and the mark a view shows in place of a hidden id."""

from __future__ import annotations

HIDDEN = "?"
"""What a view shows in place of a hidden id (docs/api.md: "hidden items are replaced by "?"")."""


def hide(items: tuple[str, ...]) -> tuple[str, ...]:
    """One ``HIDDEN`` mark per item: what a view shows of a hidden hand or pile (its size stays public)."""
    return (HIDDEN,) * len(items)


def remove_one(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    """``items`` without its first ``item`` (which is there)."""
    i = items.index(item)
    return items[:i] + items[i + 1 :]


def add_sorted(items: tuple[str, ...], *more: str) -> tuple[str, ...]:
    """The sorted multiset ``items`` with ``more`` added."""
    return tuple(sorted((*items, *more)))
