"""The conformance suite's wire for a game without proto messages (a game not in the contract, such as the
test-only ``tests.tinygame``): its msgspec structs themselves.

Where a contract game goes through ``server.binding.GameBinding`` (proto round trips, single-field changes
and swaps of its proto, views compared as messages), such a game goes through ``StructBinding``: a round
trip is ``msgspec.msgpack`` encode and decode; a single-field change is one place of the struct changed
(``tests.engines.struct_mutations``); a swap exchanges two elements of collections whose elements have
one type; a change "converts" back when ``msgspec`` accepts it as the state type (as the server would).
The names and shapes mirror ``tools.message_mutations`` so the conformance tests use either alike.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import msgspec

from tests.engines.struct_mutations import INT32, Pool, Step, choices, dotted, get, ints_fit, put, walk

__all__ = [
    "Pool",
    "StructBinding",
    "changes",
    "extremes",
    "focused",
    "marker_fields",
    "masked_places",
    "substance",
    "swaps",
]

Path = tuple[Step, ...]


class StructBinding:
    """One engine whose states and moves travel as their msgspec structs (MessagePack)."""

    def __init__(self, engine: Any) -> None:
        self.engine = engine
        self.game_id: str = engine.info.game_id
        self.rules_version: str = engine.info.rules_version

    def state_bytes(self, state: Any) -> bytes:
        """The state's MessagePack; like a contract's ``int32`` fields, every int but the generator's fits 32
        bits (``ValueError`` otherwise)."""
        if not ints_fit(state):
            raise ValueError("Value out of range: an integer of the state does not fit 32 bits")
        return msgspec.msgpack.encode(state)

    def state_from_bytes(self, data: bytes) -> Any:
        return msgspec.msgpack.decode(data, type=self.engine.state_type)

    def move_bytes(self, move: Any) -> bytes:
        return msgspec.msgpack.encode(move)

    def move_from_bytes(self, data: bytes) -> Any:
        return msgspec.msgpack.decode(data, type=self.engine.move_type)

    def received(self, value: Any, kind: type[Any] | None = None) -> Any | None:
        """``value`` as the wire delivers it (types and literal values checked), or None when it does not
        convert (the analogue of a proto that does not convert)."""
        try:
            return msgspec.convert(msgspec.to_builtins(value), type=kind or self.engine.state_type)
        except msgspec.ValidationError:
            return None


def _show(value: Any) -> str:
    shown = repr(value)
    return shown if len(shown) <= 60 else shown[:57] + "..."


def _places(value: Any, pool: Pool) -> list[tuple[Path, Any, list[Any]]]:
    return [(path, v, options) for path, key, v in walk(value) if path and (options := choices(v, key, pool))]


def changes(
    value: Any, rng: random.Random, count: int, *, prefix: str = "", pool: Pool | None = None
) -> list[tuple[Any, str]]:
    """Up to ``count`` copies of ``value`` with one place changed each, described ``prefix.path: old -> new``."""
    places = _places(value, pool or Pool([value]))
    out: list[tuple[Any, str]] = []
    for _ in range(count if places else 0):
        path, old, options = rng.choice(places)
        new = rng.choice(options)
        where = ".".join(x for x in (prefix, dotted(path)) if x)
        out.append((put(value, path, new), f"{where}: {_show(old)} -> {_show(new)}"))
    return out


def swaps(value: Any, rng: random.Random, count: int, *, prefix: str = "") -> list[tuple[Any, str]]:
    """Up to ``count`` copies of ``value`` with two elements of different collections exchanged, the two
    elements of one type (``tools.message_mutations.cross_swaps`` for structs)."""
    elements: dict[str, list[tuple[Path, Any]]] = {}
    for path, _, v in walk(value):
        if path and isinstance(path[-1], int):
            elements.setdefault(type(v).__name__, []).append((path, v))
    pairs = [
        (a, b)
        for group in elements.values()
        for i, a in enumerate(group)
        for b in group[i + 1 :]
        if a[0][:-1] != b[0][:-1] and a[1] != b[1] and a[0][: len(b[0])] != b[0] and b[0][: len(a[0])] != a[0]
    ]
    out: list[tuple[Any, str]] = []
    for (pa, va), (pb, vb) in rng.sample(pairs, min(count, len(pairs))):
        swapped = put(put(value, pa, vb), pb, va)
        where = [".".join(x for x in (prefix, dotted(p)) if x) for p in (pa, pb)]
        out.append((swapped, f"swapped {where[0]} and {where[1]}"))
    return out


def extremes(value: Any, *, prefix: str = "") -> list[tuple[Any, str]]:
    """Every place of ``value`` set to the edges of its kind (ints to the ``int32`` edges, 0, -1 and one more,
    a flag flipped, a collection's first element dropped and doubled, an optional emptied):
    ``tests.conformance.extremes`` for structs."""
    out: list[tuple[Any, str]] = []
    for path, key, v in walk(value):
        if not path or key[0] == "Rng":
            continue
        where = ".".join(x for x in (prefix, dotted(path)) if x)
        if isinstance(v, bool):
            news: list[Any] = [not v]
        elif isinstance(v, int):
            news = [x for x in dict.fromkeys([INT32[0], INT32[1], 0, -1, v + 1]) if x != v]
        elif isinstance(v, tuple):
            news = [v[1:], (v[0], *v)] if v else []
        elif isinstance(v, msgspec.Struct) and isinstance(get(value, path[:-1]), msgspec.Struct):
            news = [None]
        else:
            news = []
        out += [(put(value, path, new), f"{where}: {_show(v)} -> {_show(new)}") for new in news]
    return out


# ---- views -------------------------------------------------------------------------------------------------


def _set_fields(value: msgspec.Struct) -> set[str]:
    """The top-level fields of ``value`` that hold something other than their default."""
    out = set()
    for field in msgspec.structs.fields(value):
        default = field.default_factory() if field.default_factory is not msgspec.NODEFAULT else field.default
        if default is msgspec.NODEFAULT or getattr(value, field.name) != default:
            out.add(field.name)
    return out


def marker_fields(states: Sequence[Any], views: Sequence[Any]) -> set[str]:
    """Top-level fields set in states but in no view (the generator), or in views but in no state (the view
    markers): the struct analogue of the proto fields ``test_views`` leaves out."""
    in_states = set().union(*(_set_fields(s) for s in states))
    in_views = set().union(*(_set_fields(v) for v in views))
    return in_states ^ in_views


def substance(value: msgspec.Struct, markers: set[str]) -> bytes:
    """``value`` without the marker fields, as bytes."""
    return msgspec.msgpack.encode(
        {name: getattr(value, name) for name in value.__struct_fields__ if name not in markers}
    )


def masked_places(state: Any, view: Any, skip: set[str], path: Path = ()) -> list[Path]:
    """The places where ``view`` masks ``state``: the deepest places whose values differ (a collection whose
    length differs is one place), top-level ``skip`` fields left out."""
    if state == view:
        return []
    if isinstance(state, msgspec.Struct) and type(state) is type(view):
        return [
            p
            for name in state.__struct_fields__
            if not (not path and name in skip)
            for p in masked_places(getattr(state, name), getattr(view, name), set(), (*path, name))
        ]
    if isinstance(state, tuple) and isinstance(view, tuple) and len(state) == len(view):
        return [
            p for i, (a, b) in enumerate(zip(state, view, strict=True)) for p in masked_places(a, b, set(), (*path, i))
        ]
    return [path]


def focused(
    state: Any, view: Any, markers: set[str], rng: random.Random, nodes: int, per_node: int, pool: Pool, prefix: str
) -> list[tuple[Any, str]]:
    """Single changes of the places of ``state`` that ``view`` masks (``nodes`` places, ``per_node`` each)."""
    places = masked_places(state, view, markers)
    out: list[tuple[Any, str]] = []
    for path in rng.sample(places, min(nodes, len(places))):
        old = get(state, path)
        key = next((k for p, k, _ in walk(state) if p == path), ("", ""))
        options = choices(old, key, pool)
        for new in rng.sample(options, min(per_node, len(options))):
            where = ".".join(x for x in (prefix, dotted(path)) if x)
            out.append((put(state, path, new), f"{where}: {_show(old)} -> {_show(new)}"))
    return out
