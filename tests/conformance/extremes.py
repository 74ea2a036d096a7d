"""Targeted changes of a real state's proto, for the properties every accepted state must keep
(``test_accepted_states``): the values at the edges of each field's type, and every element of every
repeated field duplicated or dropped.

``tools.message_mutations.mutations`` draws one random change per copy; these are exhaustive per *site*: every
scalar field (repeated elements and map values included) set to each of its type's extremes (the
minimum and maximum of int32, int64, uint32 and uint64 as the field has them, -1, and for strings a
blank, a huge one and one of characters XML does not allow), and every element of every repeated field
duplicated in place or dropped. A state has hundreds of sites and a game thousands of states, so sites
are *covered* instead of walked in every state: a site's shape (its path without indices, and for a
message element the oneof members it holds) is changed in the first few states of each kind of
pending decision that have it.

This is test tooling, not an engine: nothing here knows a game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message

INT32 = (-(2**31), 2**31 - 1)
INT64 = (-(2**63), 2**63 - 1)
UINT32 = (0, 2**32 - 1)
UINT64 = (0, 2**64 - 1)
#: Length of the huge string.
HUGE = 100_000

#: The values each kind of scalar field is set to.
EXTREMES: dict[int, tuple[Any, ...]] = {
    FieldDescriptor.CPPTYPE_INT32: (*INT32, -1),
    FieldDescriptor.CPPTYPE_INT64: (*INT64, *INT32, -1),
    FieldDescriptor.CPPTYPE_UINT32: (*UINT32, INT32[1]),
    FieldDescriptor.CPPTYPE_UINT64: (*UINT64, UINT32[1]),
    FieldDescriptor.CPPTYPE_STRING: ("", " ", "x" * HUGE, "\x00<&>\"'\x1f\ufffe"),
}

T = TypeVar("T")

#: One step from a message into a field of it (the index or key inside a repeated field or map).
Step = tuple[str, int | str | None]


@dataclass(frozen=True)
class Site:
    """A scalar field or a repeated field's element: the path to the message holding it, the field, the
    index or key (None for a singular field), and its shape (the path without indices)."""

    steps: tuple[Step, ...]
    field: FieldDescriptor
    at: int | str | None
    shape: str

    def path(self) -> str:
        steps = (*self.steps, (self.field.name, self.at))
        return ".".join(f"{name}[{at!r}]" if at is not None else name for name, at in steps)


def _is_map(fd: FieldDescriptor) -> bool:
    return fd.message_type is not None and fd.message_type.GetOptions().map_entry


def _held(element: Any) -> str:
    """The oneof members a message element holds (a queued step's kind), empty for a scalar."""
    if not isinstance(element, Message):
        return ""
    return ",".join(str(element.WhichOneof(oneof.name)) for oneof in element.DESCRIPTOR.oneofs)


def _shape(steps: Sequence[Step], name: str) -> str:
    return ".".join([*(step for step, _ in steps), name])


def scalar_sites(message: Message, steps: tuple[Step, ...] = ()) -> Iterator[Site]:
    """Every scalar of ``message`` that ``EXTREMES`` can change: singular fields (set or not), repeated
    elements and map values, in every present sub-message."""
    for fd in message.DESCRIPTOR.fields:
        value = getattr(message, fd.name)
        if _is_map(fd):
            value_fd = fd.message_type.fields_by_name["value"]
            for key in list(value):
                if value_fd.message_type is not None:
                    yield from scalar_sites(value[key], (*steps, (fd.name, key)))
                elif value_fd.cpp_type in EXTREMES:
                    yield Site(steps, fd, key, _shape(steps, fd.name))
        elif fd.is_repeated:
            for i, element in enumerate(value):
                if fd.message_type is not None:
                    yield from scalar_sites(element, (*steps, (fd.name, i)))
                elif fd.cpp_type in EXTREMES and fd.type != FieldDescriptor.TYPE_BYTES:
                    yield Site(steps, fd, i, _shape(steps, fd.name))
        elif fd.message_type is not None:
            if message.HasField(fd.name):
                yield from scalar_sites(value, (*steps, (fd.name, None)))
        elif fd.cpp_type in EXTREMES and fd.type != FieldDescriptor.TYPE_BYTES:
            yield Site(steps, fd, None, _shape(steps, fd.name))


def element_sites(message: Message, steps: tuple[Step, ...] = ()) -> Iterator[Site]:
    """Every element of every repeated field of ``message`` (nested ones included); the shape names the
    oneof members a message element holds, so each kind of queued step is its own shape."""
    for fd in message.DESCRIPTOR.fields:
        value = getattr(message, fd.name)
        if _is_map(fd):
            if fd.message_type.fields_by_name["value"].message_type is not None:
                for key in list(value):
                    yield from element_sites(value[key], (*steps, (fd.name, key)))
        elif fd.is_repeated:
            for i, element in enumerate(value):
                yield Site(steps, fd, i, f"{_shape(steps, fd.name)}:{_held(element)}")
                if fd.message_type is not None:
                    yield from element_sites(element, (*steps, (fd.name, i)))
        elif fd.message_type is not None and message.HasField(fd.name):
            yield from element_sites(value, (*steps, (fd.name, None)))


def _copy(message: Message) -> Message:
    copy = type(message)()
    copy.CopyFrom(message)
    return copy


def _holder(root: Message, steps: Sequence[Step]) -> Any:
    message: Any = root
    for name, at in steps:
        value = getattr(message, name)
        message = value if at is None else value[at]
    return message


def extreme_values(message: Message, site: Site) -> list[tuple[Message, str]]:
    """Copies of ``message`` with ``site`` set to each of its type's extremes (those it does not hold)."""
    fd = site.field
    value_fd = fd.message_type.fields_by_name["value"] if _is_map(fd) else fd
    out = []
    for value in EXTREMES[value_fd.cpp_type]:
        copy = _copy(message)
        holder = _holder(copy, site.steps)
        if site.at is None:
            setattr(holder, fd.name, value)
        else:
            getattr(holder, fd.name)[site.at] = value
        if copy != message:
            shown = repr(value if len(str(value)) <= 24 else f"{str(value)[:12]}... ({len(str(value))} chars)")
            out.append((copy, f"{site.path()} = {shown}"))
    return out


def reshaped(message: Message, site: Site) -> list[tuple[Message, str]]:
    """Copies of ``message`` with the element at ``site`` duplicated in place, and dropped."""
    out = []
    for change in ("duplicated", "dropped"):
        copy = _copy(message)
        container = getattr(_holder(copy, site.steps), site.field.name)
        items = [_copy(e) if isinstance(e, Message) else e for e in container]
        assert isinstance(site.at, int)
        if change == "duplicated":
            items.insert(site.at, items[site.at])
        else:
            del items[site.at]
        del container[:]
        container.extend(items)
        out.append((copy, f"{site.path()}: {change}"))
    return out


def covering(
    states: Sequence[tuple[Message, str, T]],
    sites: Callable[[Message], Iterator[Site]],
    change: Callable[[Message, Site], list[tuple[Message, str]]],
    per_shape: int,
) -> list[tuple[Message, str, T]]:
    """The changes of ``states`` (each a message, the kind of decision pending in it, and anything the caller
    keeps with it) that cover every site shape in up to ``per_shape`` states of each kind of pending
    decision: the first ones in ``states``' order that have it. Each change comes with its description and
    what the caller kept with its state."""
    seen: Counter[tuple[str, str]] = Counter()
    out: list[tuple[Message, str, T]] = []
    for message, pending, kept in states:
        for site in sites(message):
            key = (site.shape, pending)
            if seen[key] < per_shape:
                seen[key] += 1
                out += [(copy, path, kept) for copy, path in change(message, site)]
    return out
