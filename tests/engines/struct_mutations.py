"""Single-field mutations of an engine state (msgspec structs), for the integrity property tests.

A *path* names one place of a state: struct attributes and tuple indices, down to a scalar, a struct or a
tuple. A mutation changes exactly one place to another plausible value: an int to a neighbour (or 0, −1, or
a value the same field holds in another sample state), a bool flipped, a string to another id the same field
holds somewhere (or ``""``), an optional struct dropped or taken from another sample state, a tuple with one
element dropped, duplicated, moved or replaced. Values come from a ``Pool`` of every sample state, keyed by the
struct type and field name, so ids of the other board, of other guilds or of other players turn up too.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import msgspec
from hypothesis import strategies as st
from msgspec.structs import replace

from engines.core.errors import StateInvalid

Step = str | int
Path = tuple[Step, ...]
Key = tuple[str, str]
"""(struct type name, field name); a tuple's elements are keyed by their tuple's key plus ``[]``."""

_POOL_LIMIT = 60
"""Distinct values kept per key (the first met)."""


def _fields(value: msgspec.Struct) -> Iterator[tuple[str, Any]]:
    for name in value.__struct_fields__:
        yield name, getattr(value, name)


def walk(value: Any, key: Key = ("", ""), path: Path = ()) -> Iterator[tuple[Path, Key, Any]]:
    """Every place under ``value``: its path, its key and the value found there (``value`` itself first)."""
    yield path, key, value
    if isinstance(value, msgspec.Struct):
        for name, item in _fields(value):
            yield from walk(item, (type(value).__name__, name), (*path, name))
    elif isinstance(value, tuple):
        element = (key[0], key[1] + "[]")
        for i, item in enumerate(value):
            yield from walk(item, element, (*path, i))


class Pool:
    """Values seen per key over the sample states, the mutations' source of plausible replacements."""

    def __init__(self, states: Sequence[Any], extra: dict[Key, Sequence[Any]] | None = None) -> None:
        self.values: dict[Key, list[Any]] = {}
        for state in states:
            for path, key, value in walk(state):
                if not path:
                    continue
                known = self.values.setdefault(key, [])
                if len(known) < _POOL_LIMIT and value not in known:
                    known.append(value)
        for key, values in (extra or {}).items():
            self.values.setdefault(key, []).extend(v for v in values if v not in self.values[key])

    def of(self, key: Key) -> list[Any]:
        return self.values.get(key, [])


def get(value: Any, path: Path) -> Any:
    for step in path:
        value = value[step] if isinstance(step, int) else getattr(value, step)
    return value


def put(value: Any, path: Path, new: Any) -> Any:
    """``value`` with the place at ``path`` replaced by ``new`` (rebuilt up the chain, nothing mutated)."""
    if not path:
        return new
    step, rest = path[0], path[1:]
    if isinstance(step, int):
        items = list(value)
        items[step] = put(items[step], rest, new)
        return tuple(items)
    return replace(value, **{step: put(getattr(value, step), rest, new)})


def _int_choices(v: int, pooled: list[Any]) -> list[int]:
    near = [v + 1, v - 1, v + 2, v - 2, 0, -1, 1]
    return [x for x in dict.fromkeys([*near, *(p for p in pooled if isinstance(p, int))]) if x != v]


def _tuple_choices(v: tuple[Any, ...], pooled: list[Any], elements: list[Any]) -> list[tuple[Any, ...]]:
    out: list[tuple[Any, ...]] = []
    for i in range(len(v)):
        out.append(v[:i] + v[i + 1 :])  # dropped
        out.append((*v[: i + 1], v[i], *v[i + 1 :]))  # duplicated
        if i + 1 < len(v):
            out.append((*v[:i], v[i + 1], v[i], *v[i + 2 :]))  # two swapped
    out += [(*v, e) for e in elements[:8]]  # another element appended
    out += [p for p in pooled if isinstance(p, tuple)]
    return [x for x in dict.fromkeys(out) if x != v]


def choices(value: Any, key: Key, pool: Pool) -> list[Any]:
    """The plausible replacements of ``value`` at a place keyed ``key``."""
    pooled = pool.of(key)
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return _int_choices(value, pooled)
    if isinstance(value, str):
        return [x for x in dict.fromkeys(["", "no_such_id", *(p for p in pooled if isinstance(p, str))]) if x != value]
    if isinstance(value, tuple):
        return _tuple_choices(value, pooled, pool.of((key[0], key[1] + "[]")))
    if value is None or isinstance(value, msgspec.Struct):
        others = [p for p in pooled if p is None or isinstance(p, msgspec.Struct)]
        return [x for x in [None, *others] if x != value]
    return []


@st.composite
def mutated(draw: st.DrawFn, state: Any, pool: Pool) -> tuple[Any, str]:
    """``state`` with one place changed, and a description of the change (for failure reports)."""
    places = [(path, key, value) for path, key, value in walk(state) if path and choices(value, key, pool)]
    path, key, value = draw(st.sampled_from(places))
    new = draw(st.sampled_from(choices(value, key, pool)))
    where = ".".join(str(step) for step in path)
    return put(state, path, new), f"{where}: {value!r} -> {new!r}"


# ---- the closure property, for any engine ------------------------------------------------------------------

INT32 = (-(2**31), 2**31 - 1)
"""The range of the contract's ``int32`` fields (score totals, counters)."""


def dotted(path: Path) -> str:
    """A path as the check's field names spell it (``players[1].ledger``)."""
    return "".join(f"[{step}]" if isinstance(step, int) else f".{step}" for step in path).lstrip(".")


def ints_fit(value: Any) -> bool:
    """Every int of a state fits ``int32`` (the generator's 64-bit words excepted)."""
    return all(INT32[0] <= v <= INT32[1] for _, key, v in walk(value) if type(v) is int and key[0] != "Rng")


class Closure:
    """The check of one engine as the integrity properties use it."""

    def __init__(self, engine: Any) -> None:
        self.engine = engine

    def received(self, s: Any) -> Any | None:
        """The state as the server receives it (types and literal values checked), or ``None`` if refused there."""
        try:
            return msgspec.convert(msgspec.to_builtins(s), type=self.engine.state_type)
        except msgspec.ValidationError:
            return None

    def refused(self, s: Any) -> StateInvalid | None:
        """The check's refusal of ``s`` (which must name a field), or ``None`` if it accepts it."""
        try:
            self.engine.check(s)
        except StateInvalid as exc:
            assert str(exc) and exc.field, exc
            return exc
        return None

    def handled(self, s: Any) -> None:
        """Every engine function works on an accepted state, and every legal move leads to an accepted state."""
        engine = self.engine
        pending = engine.pending(s)
        sheet = engine.score(s)
        assert all(INT32[0] <= x.total <= INT32[1] for x in sheet.seats)
        for seat in (None, *range(len(sheet.seats))):
            engine.view(s, seat)
        legal = engine.legal_moves(s)
        assert {m.seat for m in legal} == set(pending.seats), pending  # every decision owed can be made
        for move in legal:
            assert not engine.validate(s, move), move
            after = engine.apply(s, move)
            reason = self.refused(after)
            assert reason is None, f"{move} leads to a refused state: {reason}"
            assert ints_fit(after)
