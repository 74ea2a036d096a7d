"""Mutation tooling shared by the conformance suite (``tests/conformance``) and the fuzz command.

Nothing here knows a game. ``playout_states`` plays one random game with any registered engine and
keeps states along the way; ``mutations`` and ``cross_swaps`` walk a protobuf message's descriptor
and return copies with one change each, described by a dotted path
(``walled_city.seats[1].hand[3].a: 4 -> 5``); ``random_bytes`` and ``corrupt_bytes`` damage
serialized requests.

Every function takes an explicit ``random.Random``: the same seed gives the same mutations. This is
test tooling, not an engine, so it uses the standard library's generator.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from google.protobuf.descriptor import Descriptor, FieldDescriptor, OneofDescriptor
from google.protobuf.message import Message

#: How many copies of an element the ``append_many`` change appends.
MANY = 1000
#: A large value that fits every integer type (signed 32-bit included).
LARGE = 1_000_000_000
#: Strings that are no plausible id.
JUNK_STRINGS = ("?", "\x00", "zz-not-an-id", "x" * 300, "é✓", "-1", " ")
#: How often a copy is redrawn when a change leaves the message as it was.
_RETRIES = 20

_INT_RANGES: dict[int, tuple[int, int]] = {
    FieldDescriptor.CPPTYPE_INT32: (-(2**31), 2**31 - 1),
    FieldDescriptor.CPPTYPE_INT64: (-(2**63), 2**63 - 1),
    FieldDescriptor.CPPTYPE_UINT32: (0, 2**32 - 1),
    FieldDescriptor.CPPTYPE_UINT64: (0, 2**64 - 1),
}

#: One step from a message to a field of it: the field name and, inside a repeated field or a map,
#: the index or key (``None`` for a singular field).
Step = tuple[str, int | str | None]


# ---- random playouts -----------------------------------------------------------------------------


def playout_states(
    engine: Any,
    players: int,
    overrides: dict[str, str],
    seed: int | None,
    *,
    bot_seed: int,
    every: int = 1,
    limit: int | None = None,
    max_moves: int = 100_000,
) -> list[Any]:
    """Engine states visited by one random playout to the end.

    ``new_game(make_options(players, overrides), seed)`` (``seed=None``: external chance, where the
    CHANCE seat's moves are chosen at random too), then uniformly random legal moves chosen with
    ``random.Random(bot_seed)`` until the game is over. Returns the first state and every
    ``every``-th one after it; with ``limit``, at most that many, evenly spread over the game.
    Raises ``StateInvalid`` for a bad setup and ``RuntimeError`` when the game has not ended after
    ``max_moves`` moves.
    """
    if every < 1:
        raise ValueError(f"every must be at least 1, got {every}")
    state = engine.new_game(engine.make_options(players, dict(overrides)), seed)
    visited = [state]
    bots = random.Random(bot_seed)
    while engine.pending(state).seats:
        if len(visited) > max_moves:
            raise RuntimeError(f"the game did not end within {max_moves} moves")
        legal = engine.legal_moves(state)
        if not legal:
            raise RuntimeError(f"no legal move while {engine.pending(state)} is pending")
        state = engine.apply(state, legal[bots.randrange(len(legal))])
        visited.append(state)
    kept = visited[::every]
    if limit is not None and len(kept) > limit:
        step = len(kept) / limit if limit > 0 else 0
        kept = [kept[int(i * step)] for i in range(max(0, limit))]
    return kept


# ---- walking a message ----------------------------------------------------------------------------


@dataclass(frozen=True)
class _Site:
    """One place a change can be made: ``kind`` of change, the path to the message holding the
    field (``steps``), the field, and for an element change its index or key."""

    kind: str
    steps: tuple[Step, ...]
    field: FieldDescriptor | None
    at: int | str | None = None
    oneof: str = ""


def _is_map(fd: FieldDescriptor) -> bool:
    return fd.message_type is not None and fd.message_type.GetOptions().map_entry


def _synthetic(oneof: OneofDescriptor) -> bool:
    """A proto3 ``optional`` field's own oneof (``_name``), which is no real choice."""
    return len(oneof.fields) == 1 and oneof.name == f"_{oneof.fields[0].name}"


def _real_oneof(fd: FieldDescriptor) -> OneofDescriptor | None:
    oneof = fd.containing_oneof
    return None if oneof is None or _synthetic(oneof) else oneof


def _repeated(fd: FieldDescriptor) -> bool:
    return bool(fd.is_repeated)


def _value_kind(fd: FieldDescriptor) -> str:
    """The kind of value change a scalar field takes."""
    cpp = fd.cpp_type
    if cpp in _INT_RANGES:
        return "int"
    return {
        FieldDescriptor.CPPTYPE_BOOL: "bool",
        FieldDescriptor.CPPTYPE_ENUM: "enum",
        FieldDescriptor.CPPTYPE_FLOAT: "float",
        FieldDescriptor.CPPTYPE_DOUBLE: "float",
        FieldDescriptor.CPPTYPE_STRING: "bytes" if fd.type == FieldDescriptor.TYPE_BYTES else "string",
    }[cpp]


def _walk(message: Message, steps: tuple[Step, ...], sites: list[_Site], strings: set[str]) -> None:
    """Every change site of ``message`` (reached by ``steps``) and every string value it holds."""
    descriptor: Descriptor = message.DESCRIPTOR
    for oneof in descriptor.oneofs:
        if _synthetic(oneof):
            continue
        held = message.WhichOneof(oneof.name)
        for member in oneof.fields:
            if member.name != held:
                sites.append(_Site("oneof_switch", steps, member, oneof=oneof.name))
        if held is not None:
            sites.append(_Site("oneof_clear", steps, None, oneof=oneof.name))
    for fd in descriptor.fields:
        value = getattr(message, fd.name)
        if _is_map(fd):
            _walk_map(message, fd, steps, sites, strings)
        elif _repeated(fd):
            length = len(value)
            sites.append(_Site("append", steps, fd))
            if length:
                sites.append(_Site("append_many", steps, fd))
                sites += [_Site(kind, steps, fd, i) for i in range(length) for kind in ("drop", "duplicate")]
            if length >= 2:
                sites.append(_Site("swap", steps, fd))
            if fd.message_type is not None:
                for i, element in enumerate(value):
                    _walk(element, (*steps, (fd.name, i)), sites, strings)
            else:
                kind = _value_kind(fd)
                sites += [_Site(kind, steps, fd, i) for i in range(length)]
                if kind == "string":
                    strings.update(value)
        elif fd.message_type is not None:
            if message.HasField(fd.name):
                if _real_oneof(fd) is None:
                    sites.append(_Site("clear", steps, fd))
                _walk(value, (*steps, (fd.name, None)), sites, strings)
            elif _real_oneof(fd) is None:
                sites.append(_Site("set_default", steps, fd))
        else:
            kind = _value_kind(fd)
            sites.append(_Site(kind, steps, fd))
            if fd.has_presence and _real_oneof(fd) is None and message.HasField(fd.name):
                sites.append(_Site("clear", steps, fd))
            if kind == "string":
                strings.add(value)


def _walk_map(
    message: Message, fd: FieldDescriptor, steps: tuple[Step, ...], sites: list[_Site], strings: set[str]
) -> None:
    entry = fd.message_type
    key_fd, value_fd = entry.fields_by_name["key"], entry.fields_by_name["value"]
    mapping = getattr(message, fd.name)
    sites.append(_Site("map_add", steps, fd))
    for key in list(mapping):
        if key_fd.cpp_type == FieldDescriptor.CPPTYPE_STRING:
            strings.add(key)
        sites.append(_Site("map_delete", steps, fd, key))
        if value_fd.message_type is not None:
            _walk(mapping[key], (*steps, (fd.name, key)), sites, strings)
        else:
            kind = _value_kind(value_fd)
            sites.append(_Site(kind, steps, fd, key))
            if kind == "string":
                strings.add(mapping[key])


def _resolve(root: Message, steps: Sequence[Step]) -> Message:
    message = root
    for name, at in steps:
        value = getattr(message, name)
        message = value if at is None else value[at]
    return message


def _path(steps: Sequence[Step], name: str | None = None, at: int | str | None = None) -> str:
    parts = []
    for step_name, step_at in (*steps, (name, at)):
        if step_name is None:
            continue
        if step_at is None:
            parts.append(step_name)
        elif isinstance(step_at, int):
            parts.append(f"{step_name}[{step_at}]")
        else:
            parts.append(f"{step_name}[{step_at!r}]")
    return ".".join(parts)


def _show(value: Any) -> str:
    if isinstance(value, Message):
        return f"<{value.DESCRIPTOR.name}>"
    if isinstance(value, str):
        return repr(value if len(value) <= 40 else value[:37] + "...")
    return repr(value)


# ---- value changes ---------------------------------------------------------------------------------


def _int_candidates(fd: FieldDescriptor, value: int) -> list[int]:
    low, high = _INT_RANGES[fd.cpp_type]
    raw = [value + 1, value - 1, 0, -1, LARGE, -LARGE, low, high]
    return sorted({v for v in raw if low <= v <= high and v != value})


def _new_value(fd: FieldDescriptor, value: Any, rng: random.Random, strings: Sequence[str]) -> Any:
    """A different value for a scalar field (or map value / repeated element) holding ``value``."""
    kind = _value_kind(fd)
    if kind == "int":
        return rng.choice(_int_candidates(fd, value))
    if kind == "bool":
        return not value
    if kind == "enum":
        numbers = [v.number for v in fd.enum_type.values if v.number != value]
        unknown = max((v.number for v in fd.enum_type.values), default=0) + 7
        return rng.choice([*numbers, unknown])
    if kind == "float":
        return rng.choice([v for v in (value * 2 + 1, -value - 1, 0.0, math.inf, -math.inf, 1e300) if v != value])
    if kind == "bytes":
        return random_bytes(rng, rng.choice([0, 1, 8, 64]))
    others = [s for s in strings if s != value]
    pick = rng.random()
    if others and pick < 0.6:
        return rng.choice(others)
    if value and pick < 0.75:
        return ""
    return rng.choice([s for s in JUNK_STRINGS if s != value])


def _default_element(fd: FieldDescriptor, rng: random.Random, strings: Sequence[str]) -> Any:
    """A plausible new element of an empty repeated scalar field."""
    kind = _value_kind(fd)
    if kind == "string":
        return rng.choice(strings) if strings else rng.choice(JUNK_STRINGS)
    if kind == "bool":
        return True
    if kind == "float":
        return 1.0
    if kind == "bytes":
        return b"\x00"
    if kind == "enum":
        return fd.enum_type.values[-1].number
    return 1


def _elements(container: Any, fd: FieldDescriptor) -> list[Any]:
    """Detached copies of the elements of a repeated field."""
    if fd.message_type is None:
        return list(container)
    copies = []
    for element in container:
        copy = type(element)()
        copy.CopyFrom(element)
        copies.append(copy)
    return copies


def _replace_all(container: Any, elements: list[Any]) -> None:
    del container[:]
    container.extend(elements)


def _set_scalar(holder: Message, fd: FieldDescriptor, at: int | str | None, value: Any) -> None:
    if at is None:
        setattr(holder, fd.name, value)
    else:
        getattr(holder, fd.name)[at] = value


def _apply(root: Message, site: _Site, rng: random.Random, strings: Sequence[str]) -> str:
    """Make the change ``site`` describes in ``root`` (a copy); returns its description."""
    holder = _resolve(root, site.steps)
    fd = site.field
    if site.kind == "oneof_switch":
        assert fd is not None
        before = holder.WhichOneof(site.oneof)
        if fd.message_type is not None:
            getattr(holder, fd.name).SetInParent()
        else:
            setattr(holder, fd.name, getattr(holder, fd.name))
        return f"{_path(site.steps, site.oneof)}: {before} -> {fd.name} (default)"
    if site.kind == "oneof_clear":
        before = holder.WhichOneof(site.oneof)
        holder.ClearField(site.oneof)
        return f"{_path(site.steps, site.oneof)}: {before} -> cleared"
    assert fd is not None
    path = _path(site.steps, fd.name, site.at if site.kind in _VALUE_KINDS else None)
    if site.kind == "clear":
        before = getattr(holder, fd.name)
        holder.ClearField(fd.name)
        return f"{path}: {_show(before)} -> cleared"
    if site.kind == "set_default":
        getattr(holder, fd.name).SetInParent()
        return f"{path}: unset -> default message"
    if site.kind in _VALUE_KINDS:
        value_fd = fd.message_type.fields_by_name["value"] if _is_map(fd) else fd
        before = getattr(holder, fd.name) if site.at is None else getattr(holder, fd.name)[site.at]
        after = _new_value(value_fd, before, rng, strings)
        try:
            _set_scalar(holder, fd, site.at, after)
        except ValueError:  # a closed enum refuses unknown numbers
            after = value_fd.enum_type.values[0].number
            _set_scalar(holder, fd, site.at, after)
        return f"{path}: {_show(before)} -> {_show(after)}"
    if site.kind in ("map_add", "map_delete"):
        return _apply_map(holder, site, rng, strings, path)
    return _apply_list(holder, site, rng, strings, path)


_VALUE_KINDS = frozenset({"int", "bool", "enum", "float", "bytes", "string"})


def _apply_map(holder: Message, site: _Site, rng: random.Random, strings: Sequence[str], path: str) -> str:
    fd = site.field
    assert fd is not None
    mapping = getattr(holder, fd.name)
    if site.kind == "map_delete":
        del mapping[site.at]
        return f"{path}[{site.at!r}]: deleted"
    key_fd, value_fd = fd.message_type.fields_by_name["key"], fd.message_type.fields_by_name["value"]
    keys = list(mapping)
    key: Any = None
    for _ in range(_RETRIES):
        key = _new_value(key_fd, rng.choice(keys) if keys else _default_element(key_fd, rng, strings), rng, strings)
        if key not in mapping:
            break
    if key in mapping:
        return f"{path}: unchanged"
    if value_fd.message_type is not None:
        entry = mapping[key]
        if keys:
            entry.CopyFrom(mapping[rng.choice(keys)])
    else:
        mapping[key] = mapping[rng.choice(keys)] if keys else _default_element(value_fd, rng, strings)
    return f"{path}[{key!r}]: added"


def _apply_list(holder: Message, site: _Site, rng: random.Random, strings: Sequence[str], path: str) -> str:
    fd = site.field
    assert fd is not None
    container = getattr(holder, fd.name)
    items = _elements(container, fd)
    if site.kind == "append":
        if items:
            extra = items[rng.randrange(len(items))]
        elif fd.message_type is not None:
            extra = container.add()
            return f"{path}: appended a default element (now 1)"
        else:
            extra = _default_element(fd, rng, strings)
        if fd.message_type is None:
            container.append(extra)
        else:
            container.add().CopyFrom(extra)
        return f"{path}: appended {_show(extra)} (now {len(items) + 1})"
    if site.kind == "append_many":
        extra = items[rng.randrange(len(items))]
        _replace_all(container, items + [extra] * MANY)
        return f"{path}: appended {MANY} x {_show(extra)} (now {len(items) + MANY})"
    if site.kind == "swap":
        i, j = rng.sample(range(len(items)), 2)
        items[i], items[j] = items[j], items[i]
        _replace_all(container, items)
        return f"{path}: swapped [{i}] and [{j}]"
    assert isinstance(site.at, int)
    i = site.at
    if site.kind == "drop":
        dropped = items.pop(i)
        _replace_all(container, items)
        return f"{path}[{i}]: dropped {_show(dropped)} (now {len(items)})"
    items.insert(i + 1, items[i])
    _replace_all(container, items)
    return f"{path}[{i}]: duplicated {_show(items[i])} (now {len(items)})"


def _copy(message: Message) -> Message:
    copy = type(message)()
    copy.CopyFrom(message)
    return copy


def _draw(
    message: Message,
    rng: random.Random,
    count: int,
    sites: list[_Site],
    change: Callable[[Message, _Site], str],
) -> list[tuple[Message, str]]:
    """``count`` changed copies: a kind of change uniformly among those available, then a site of it."""
    by_kind: dict[str, list[_Site]] = {}
    for site in sites:
        by_kind.setdefault(site.kind, []).append(site)
    kinds = sorted(by_kind)
    out: list[tuple[Message, str]] = []
    if not kinds:
        return out
    for _ in range(count):
        for _attempt in range(_RETRIES):
            copy = _copy(message)
            site = rng.choice(by_kind[rng.choice(kinds)])
            description = change(copy, site)
            if copy != message:
                out.append((copy, description))
                break
    return out


def mutations(message: Message, rng: random.Random, count: int, *, prefix: str = "") -> list[tuple[Message, str]]:
    """``count`` copies of ``message``, each with one single-field change, and a path describing it
    (``walled_city.seats[1].hand[3].a: 4 -> 5``).

    The descriptor is walked recursively (nested messages, repeated fields, maps, oneofs); each copy
    first draws a kind of change uniformly among those the message offers, then one place for it:

    * an integer set to a neighbour (±1), 0, -1, a large value or the type's min/max; a bool
      flipped; a float doubled, negated or infinite; an enum set to another number (or an unknown
      one); a string replaced by another string found elsewhere in the message (so ids stay
      plausible), by ``""`` or by junk; an optional scalar cleared;
    * a repeated field with one element dropped or duplicated, two swapped, one appended, or
      ``MANY`` copies of one appended;
    * a map entry deleted or added (a new key, a copied value);
    * a oneof switched to another member (default-initialised) or cleared; a present sub-message
      cleared; an absent one set to its default.

    A change that leaves the copy equal to ``message`` is redrawn, so copies always differ; a
    message with nothing to change gives fewer copies (none). Deterministic for a given ``rng``
    state. ``prefix`` starts every path (``walled_city`` when ``message`` is ``GameState.walled_city``).
    """
    sites: list[_Site] = []
    found: set[str] = set()
    _walk(message, (), sites, found)
    strings = sorted(found)
    lead = f"{prefix}." if prefix else ""
    return _draw(message, rng, count, sites, lambda copy, site: lead + _apply(copy, site, rng, strings))


# ---- moving values between collections ----------------------------------------------------------


def _containers(message: Message, steps: tuple[Step, ...]) -> Iterator[tuple[tuple[Step, ...], FieldDescriptor]]:
    """Every non-empty repeated (non-map) field, with the steps to the message holding it."""
    for fd, value in message.ListFields():
        if _is_map(fd):
            if fd.message_type.fields_by_name["value"].message_type is not None:
                for key in value:
                    yield from _containers(value[key], (*steps, (fd.name, key)))
        elif _repeated(fd):
            yield steps, fd
            if fd.message_type is not None:
                for i, element in enumerate(value):
                    yield from _containers(element, (*steps, (fd.name, i)))
        elif fd.message_type is not None:
            yield from _containers(value, (*steps, (fd.name, None)))


def _element_type(fd: FieldDescriptor) -> str:
    if fd.message_type is not None:
        return fd.message_type.full_name
    if fd.enum_type is not None:
        return fd.enum_type.full_name
    return f"scalar:{fd.type}"


def cross_swaps(message: Message, rng: random.Random, count: int, *, prefix: str = "") -> list[tuple[Message, str]]:
    """``count`` copies of ``message``, each with two elements of *different* repeated fields of the
    same element type exchanged (``citadels.players[0].hand[2] <-> citadels.deck[5]``).

    Such changes keep every collection's size and the multiset of all values, so they move hidden
    values around in ways a consistency check usually accepts (one seat's card into another seat's
    hand, a hand card into the deck). Copies equal to ``message`` are redrawn; a message without
    two such fields gives none. ``prefix`` starts every path, as for ``mutations``.
    """
    groups: dict[str, list[tuple[tuple[Step, ...], FieldDescriptor]]] = {}
    for steps, fd in _containers(message, ()):
        groups.setdefault(_element_type(fd), []).append((steps, fd))
    pairs = [group for group in groups.values() if len(group) >= 2]
    out: list[tuple[Message, str]] = []
    if not pairs:
        return out
    for _ in range(count):
        for _attempt in range(_RETRIES):
            copy = _copy(message)
            (steps_a, fd_a), (steps_b, fd_b) = rng.sample(rng.choice(pairs), 2)
            list_a = getattr(_resolve(copy, steps_a), fd_a.name)
            list_b = getattr(_resolve(copy, steps_b), fd_b.name)
            i, j = rng.randrange(len(list_a)), rng.randrange(len(list_b))
            items_a, items_b = _elements(list_a, fd_a), _elements(list_b, fd_b)
            items_a[i], items_b[j] = items_b[j], items_a[i]
            _replace_all(list_a, items_a)
            _replace_all(list_b, items_b)
            if copy != message:
                lead = f"{prefix}." if prefix else ""
                out.append((copy, f"{lead}{_path(steps_a, fd_a.name, i)} <-> {lead}{_path(steps_b, fd_b.name, j)}"))
                break
    return out


# ---- damaged bytes ----------------------------------------------------------------------------------


def random_bytes(rng: random.Random, size: int) -> bytes:
    """``size`` random bytes drawn from ``rng``."""
    return bytes(rng.getrandbits(8) for _ in range(size))


def corrupt_bytes(data: bytes, rng: random.Random) -> bytes:
    """``data`` (a serialized request) with one to three random edits: a bit flipped, a byte
    replaced, random bytes inserted, a range deleted, a chunk duplicated, or the tail cut off.
    The result always differs from ``data``."""
    out = bytearray(data)
    for _ in range(rng.randint(1, 3)):
        edit = rng.choice(("flip", "replace", "insert", "delete", "duplicate", "truncate"))
        if not out:
            edit = "insert"
        at = rng.randrange(len(out) + 1)
        if edit == "flip" and at < len(out):
            out[at] ^= 1 << rng.randrange(8)
        elif edit == "replace" and at < len(out):
            out[at] = rng.getrandbits(8)
        elif edit == "delete":
            del out[at : at + rng.randint(1, 16)]
        elif edit == "duplicate":
            out[at:at] = out[at : at + rng.randint(1, 16)]
        elif edit == "truncate":
            del out[at:]
        else:
            out[at:at] = random_bytes(rng, rng.randint(1, 8))
    if bytes(out) == data:
        out.append(rng.getrandbits(8) | 1)
    return bytes(out)


# ---- systematic changes: one kind of change at a time, values at their extremes ----------------------

#: Integers at the edges of the protobuf integer types (each field gets those its own type can hold).
INT_EDGES = (-(2**63), -(2**31), -1, 0, 2**31 - 1, 2**31, 2**32 - 1, 2**63 - 1, 2**64 - 1)
#: Strings at the edges of what a client may send: blank, a NUL, huge, digits of other scripts, text
#: direction and byte-order marks, a character outside the Basic Multilingual Plane.
STRING_EDGES = ("", " ", "\x00", "x" * 65_536, "١٢٣", "１", "é✓", "\u202e", "\ufeff", "😀" * 3)
#: Floats at their edges (NaN included).
FLOAT_EDGES = (math.nan, math.inf, -math.inf, -0.0, 1e-45, 3.4e38, -1.0)
#: The kinds of value ``extremes`` changes.
EXTREME_KINDS = ("int", "string", "float")


def mutation_kinds(message: Message) -> list[str]:
    """The kinds of change ``mutations`` may make in ``message`` (``int``, ``duplicate``, ``oneof_switch``, ...),
    sorted: what ``mutations_of_kind`` accepts."""
    sites: list[_Site] = []
    _walk(message, (), sites, set())
    return sorted({site.kind for site in sites})


def mutations_of_kind(
    message: Message, rng: random.Random, kind: str, count: int, *, prefix: str = "", by_field: bool = False
) -> list[tuple[Message, str]]:
    """Like ``mutations``, with every copy changed by the one ``kind`` of change (one of
    ``mutation_kinds(message)``; none for a kind the message does not offer), so that a caller can go
    through the kinds in turn instead of drawing one at random.

    With ``by_field``, each copy first draws a field (its path without indexes: every player's hand is
    one field) uniformly among those offering that kind of change, then a place in it, so a short
    queue is changed as often as a long deck."""
    sites: list[_Site] = []
    found: set[str] = set()
    _walk(message, (), sites, found)
    strings = sorted(found)
    lead = f"{prefix}." if prefix else ""
    chosen = [site for site in sites if site.kind == kind]
    change: Callable[[Message, _Site], str] = lambda copy, site: lead + _apply(copy, site, rng, strings)  # noqa: E731
    if not by_field or not chosen:
        return _draw(message, rng, count, chosen, change)
    fields: dict[str, list[_Site]] = {}
    for site in chosen:
        name = site.field.name if site.field is not None else site.oneof
        fields.setdefault(re.sub(r"\[[^]]*\]", "[]", _path(site.steps, name)), []).append(site)
    out: list[tuple[Message, str]] = []
    for _ in range(count):
        out += _draw(message, rng, 1, fields[rng.choice(sorted(fields))], change)
    return out


def _edges(fd: FieldDescriptor, kind: str) -> list[Any]:
    if kind == "int":
        low, high = _INT_RANGES[fd.cpp_type]
        return [v for v in INT_EDGES if low <= v <= high]
    if kind == "float":
        return list(FLOAT_EDGES)
    return list(STRING_EDGES)


def extremes(
    message: Message, rng: random.Random, kind: str, pick: int, *, prefix: str = ""
) -> tuple[Message, str] | None:
    """A copy of ``message`` with one scalar field of ``kind`` (``int``, ``string`` or ``float``: a
    singular field, an element of a repeated field or a map value, anywhere in the message), drawn with
    ``rng``, set to the ``pick``-th edge value of its type (modulo their number): every integer type's
    least and greatest value, -1 and 0 (``INT_EDGES`` that fit), ``STRING_EDGES``, ``FLOAT_EDGES``.

    Successive ``pick`` values go through the edges in turn. A field that already holds the value is
    drawn again (a few times); returns ``None`` when ``message`` has no such field or none was found."""
    if kind not in EXTREME_KINDS:
        raise ValueError(f"kind must be one of {EXTREME_KINDS}, got {kind!r}")
    sites: list[_Site] = []
    _walk(message, (), sites, set())
    chosen = [site for site in sites if site.kind == kind and site.field is not None]
    if not chosen:
        return None
    lead = f"{prefix}." if prefix else ""
    for _attempt in range(_RETRIES):
        site = rng.choice(chosen)
        fd = site.field
        assert fd is not None
        value_fd = fd.message_type.fields_by_name["value"] if _is_map(fd) else fd
        values = _edges(value_fd, kind)
        value = values[pick % len(values)]
        copy = _copy(message)
        holder = _resolve(copy, site.steps)
        before = getattr(holder, fd.name) if site.at is None else getattr(holder, fd.name)[site.at]
        _set_scalar(holder, fd, site.at, value)
        if copy != message or (isinstance(value, float) and math.isnan(value)):
            return copy, f"{lead}{_path(site.steps, fd.name, site.at)}: {_show(before)} -> {_show(value)}"
    return None
