"""Generic, lossless conversion between engine msgspec structs and protobuf messages.

Nothing here knows a game. A codec is compiled once per (struct type, message type) pair by
walking ``msgspec.inspect.type_info`` alongside the message descriptor, and it checks that the
two mirror each other (see ``proto/rulesengine/v1/citadels.proto`` for the mapping rules):

* every struct field has a proto field of the same name and a compatible type, and the
  message has no field the struct lacks;
* ``tuple[...]``/``list[...]`` is ``repeated``; ``X | None`` needs presence;
* a tagged union of structs is a wrapper message with one ``oneof`` whose field names are the
  struct tags;
* a scalar with a default other than the proto3 zero value needs presence (``optional``), so
  that an unset field means the engine's default.

A mismatch raises ``SchemaMismatch`` when the codec is built (at server start-up and in the
tests), never in the middle of a request.

Encoding (engine -> proto) sets every field that differs from the struct's default (an unset
field decodes to that default, so this is lossless and keeps messages small). Decoding (proto
-> engine) builds plain Python data and hands it to ``msgspec.convert``, which validates every
value (literal strings, tuple lengths, required fields); any problem raises
``ConversionError`` naming the field.

The per-field functions take no path: this is the hot path of every RPC. A
``ConversionError`` raised deep inside gets each enclosing field name prepended on its way
out (``ConversionError.within``), so the error still names the full dotted path.
"""

from __future__ import annotations

import collections
import re
import threading
from collections.abc import Callable
from typing import Any

import msgspec
from google.protobuf import message_factory
from google.protobuf.descriptor import Descriptor, FieldDescriptor
from google.protobuf.message import Message
from msgspec import inspect as mi

_SEQUENCE_TYPES = (mi.VarTupleType, mi.TupleType, mi.ListType)

# Proto field types (cpp types) that can hold each scalar kind of value.
_INT_CPP = frozenset(
    {
        FieldDescriptor.CPPTYPE_INT32,
        FieldDescriptor.CPPTYPE_INT64,
        FieldDescriptor.CPPTYPE_UINT32,
        FieldDescriptor.CPPTYPE_UINT64,
    }
)
_SCALAR_CPP: dict[type, frozenset[int]] = {
    int: _INT_CPP,
    bool: frozenset({FieldDescriptor.CPPTYPE_BOOL}),
    str: frozenset({FieldDescriptor.CPPTYPE_STRING}),
    float: frozenset({FieldDescriptor.CPPTYPE_DOUBLE}),
}
_INFO_PYTYPE: dict[type[mi.Type], type] = {
    mi.IntType: int,
    mi.BoolType: bool,
    mi.StrType: str,
    mi.FloatType: float,
}

# A decoded field that is absent, so msgspec applies the struct's default.
_ABSENT = object()

_MSGSPEC_PATH = re.compile(r"^(?P<problem>.*?)(?: - at `\$(?P<path>[^`]*)`)?$", re.DOTALL)


class SchemaMismatch(TypeError):
    """A struct type and a message type do not mirror each other (a programming error)."""


class ConversionError(ValueError):
    """A value cannot be converted; ``field`` is the dotted path of the offending field."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(f"{field}: {problem}" if field else problem)
        self.field = field
        self.problem = problem

    def within(self, parent: str) -> ConversionError:
        """The same error, seen from the enclosing field ``parent``."""
        if not parent:
            return self
        if not self.field:
            field = parent
        elif self.field.startswith("["):
            field = f"{parent}{self.field}"
        else:
            field = f"{parent}.{self.field}"
        return ConversionError(field, self.problem)


def _scalar_pytype(info: mi.Type) -> type | None:
    """The Python type of a scalar type info (``Literal`` values included), else ``None``."""
    if isinstance(info, mi.LiteralType):
        kinds = {type(v) for v in info.values}
        return kinds.pop() if len(kinds) == 1 else None
    if isinstance(info, mi.UnionType) and all(isinstance(t, mi.LiteralType) for t in info.types):
        # A union of literals (``Literal["a", "b"] | Literal[""]``) is one literal type.
        kinds = {type(v) for t in info.types if isinstance(t, mi.LiteralType) for v in t.values}
        return kinds.pop() if len(kinds) == 1 else None
    return _INFO_PYTYPE.get(type(info))


def _split_optional(info: mi.Type) -> tuple[mi.Type, bool]:
    """``(inner, nullable)``: ``X | None`` becomes ``(X, True)``."""
    if isinstance(info, mi.UnionType):
        rest = tuple(t for t in info.types if not isinstance(t, mi.NoneType))
        if len(rest) < len(info.types):
            return (rest[0] if len(rest) == 1 else mi.UnionType(rest)), True
    return info, False


class StructCodec:
    """Converts one msgspec struct type to and from one protobuf message type."""

    def __init__(
        self, cls: type[msgspec.Struct], descriptor: Descriptor, remember_encodings: bool = False, plain: bool = True
    ) -> None:
        """``remember_encodings``: nested structs remember their wire bytes (``_StructPlan.encode``): worth it
        for game states, whose nested structs live on from move to move; not for values made anew each time.
        ``plain``: plain structs are built by the message constructor in one call (``_is_plain``); without
        it every struct is written field by field (the tests compare the two)."""
        self._cls = cls
        self._descriptor = descriptor
        info = mi.type_info(cls)
        if not isinstance(info, mi.StructType):
            raise SchemaMismatch(f"{cls!r} is not a msgspec struct")
        plans: _Cache = {}
        self._plans = _compile_struct(info, descriptor, plans)
        _settle_plain(plans)
        #: What this codec's plans remember, bounded together (``REMEMBERED_BYTES``).
        self.remembered = _Remembered(REMEMBERED_BYTES)
        for plan in plans.values():
            if isinstance(plan, _StructPlan):
                plan.remember = remember_encodings
                plan.remembered = self.remembered
                if not plain:
                    plan.plain = None

    def encode_into(self, value: msgspec.Struct, message: Message, path: str = "") -> None:
        """Write every field of ``value`` into ``message`` (a message of this codec's type)."""
        try:
            self._plans.encode_fields(value, message)
        except ConversionError as exc:
            raise exc.within(path) from exc

    def to_proto(self, value: msgspec.Struct, path: str = "") -> Message:
        """A new message holding ``value``."""
        plain = self._plans.build_plain(value)
        if plain is not None:
            return plain
        message = _message_class(self._descriptor)()
        self.encode_into(value, message, path)
        return message

    def from_proto(self, message: Message, path: str = "") -> Any:
        """The validated struct a message holds; ``ConversionError`` names a bad field."""
        try:
            data = self._plans.decode(message)
        except ConversionError as exc:
            raise exc.within(path) from exc
        return validate(data, self._cls, path)


class UnionCodec:
    """Converts a tagged union of structs to and from its oneof wrapper message."""

    def __init__(self, union: Any, descriptor: Descriptor) -> None:
        plans: _Cache = {}
        self._plans = _compile_union(mi.type_info(union), descriptor, plans)
        _settle_plain(plans)

    def encode_into(self, value: msgspec.Struct, wrapper: Message, path: str = "") -> None:
        """Set the oneof member of ``wrapper`` that holds ``value``."""
        try:
            self._plans.encode(value, wrapper)
        except ConversionError as exc:
            raise exc.within(path) from exc

    def decode(self, wrapper: Message, path: str = "") -> dict[str, Any]:
        """Plain data (with the union's tag) for ``msgspec.convert``; not yet validated."""
        try:
            return self._plans.decode(wrapper)
        except ConversionError as exc:
            raise exc.within(path) from exc


def validate(data: Any, target: Any, path: str = "") -> Any:
    """``msgspec.convert(data, target)`` with errors as ``ConversionError`` naming the field."""
    try:
        return msgspec.convert(data, type=target)
    except msgspec.ValidationError as exc:
        match = _MSGSPEC_PATH.match(str(exc))
        assert match is not None  # the pattern matches any string
        sub = (match.group("path") or "").lstrip(".")
        field = f"{path}.{sub}" if path and sub and not sub.startswith("[") else f"{path}{sub}"
        raise ConversionError(field, match.group("problem")) from exc


_message_classes: dict[str, type[Message]] = {}


def _message_class(descriptor: Descriptor) -> type[Message]:
    cls = _message_classes.get(descriptor.full_name)
    if cls is None:
        cls = message_factory.GetMessageClass(descriptor)
        _message_classes[descriptor.full_name] = cls
    return cls


# ---- compiled plans -------------------------------------------------------------------------

_Cache = dict[tuple[object, str], Any]
_Encode = Callable[[Any, Message], None]
_Decode = Callable[[Message], Any]

# A field with no default: always encoded.
_REQUIRED = object()


#: The memory the remembered encodings of one codec may take (``_Remembered``), as counted below.
REMEMBERED_BYTES = 16 * 1024 * 1024

#: What a remembered entry is counted as: this much, plus its wire bytes times ``COST_PER_WIRE_BYTE`` (the
#: bytes themselves and the Python objects of the value they keep alive: 4-9 per byte, as for the state memo).
ENTRY_COST = 256
COST_PER_WIRE_BYTE = 10

#: The shortest sequence of messages whose wire bytes are remembered: a shorter one costs more to look up
#: than to write element by element (each element remembered as a struct).
SEQUENCE_KEPT_FROM = 8


class _StructPlan:
    """Per-field encoders and decoders of one struct type.

    Engine states are immutable and a move replaces only what it changes, so most nested structs and
    sequences of a new state are the very objects of the state before it. With ``remember`` (set for
    the plans of a game state's codec) ``encode`` therefore remembers, per struct type, the wire bytes
    of the values it encoded (by identity; the entry holds the value, so its id cannot be reused while
    remembered) and merges those bytes into the message (parsed in C) instead of setting field after
    field in Python; and its fields holding sequences of messages (tuples of structs) remember the same
    way the wire bytes of each longer sequence (``remembering``), so an unchanged sequence is written
    with one merge instead of one per element. What all the plans of a codec remember is bounded in
    memory together (``_Remembered``): the oldest entries are forgotten first.
    """

    def __init__(self, cls: type, tag_field: str | None, tag: Any) -> None:
        self.cls = cls
        self.tag_field = tag_field
        self.tag = tag
        self.fields: list[tuple[str, str, _Encode, _Decode, Any]] = []
        #: The message class when the struct is plain (``_is_plain``): built in one call, in C.
        self.plain: type[Message] | None = None
        #: The struct's type information and its message's descriptor, for a struct that may be plain.
        self.shape: tuple[mi.StructType, Descriptor] | None = None
        self.remember = False
        self.remembered = _Remembered(0)
        self._encoded: dict[int, tuple[Any, bytes | None]] = {}

    def encode(self, value: Any, message: Message) -> None:
        if not self.remember:
            self._encode_new(value, message)
            return
        known = self._encoded.get(id(value))
        if known is not None and known[0] is value and known[1] is not None:
            message.MergeFromString(known[1])
            return
        self._encode_new(value, message)
        self._keep(self._encoded, value, message.SerializeToString())

    def _encode_new(self, value: Any, message: Message) -> None:
        built = self.build_plain(value)
        if built is None:
            self.encode_fields(value, message)
        else:
            message.MergeFrom(built)

    def build_plain(self, value: Any) -> Message | None:
        """A plain struct's message, built by the message's constructor (in C) from ``msgspec.to_builtins``;
        ``None`` for a struct that is not plain, or a value the constructor refuses (walking the fields
        then names the field that is wrong)."""
        if self.plain is None:
            return None
        try:
            return self.plain(**msgspec.to_builtins(value))
        except (TypeError, ValueError):
            return None

    def encode_fields(self, value: Any, message: Message) -> None:
        for name, _key, encode, _decode, default in self.fields:
            item = getattr(value, name)
            if item is default or (default is not _REQUIRED and item == default):
                continue  # unset decodes to the struct's default
            try:
                encode(item, message)
            except ConversionError as exc:
                raise exc.within(name) from exc

    def remembering(self, encode: _Encode) -> _Encode:
        """``encode`` of a field holding a sequence of messages, remembering (with ``remember``) the wire
        bytes of sequences of ``SEQUENCE_KEPT_FROM`` items or more. A sequence is only noted the first
        time it is met (many are made anew at every move and never met again); the second time, it is
        encoded alone into an empty message of the same type and its bytes are kept and merged."""
        kept: dict[int, tuple[Any, bytes | None]] = {}

        def encode_sequence(value: Any, message: Message) -> None:
            if not self.remember or len(value) < SEQUENCE_KEPT_FROM:
                encode(value, message)
                return
            known = kept.get(id(value))
            if known is None or known[0] is not value:
                self._keep(kept, value, None)
                encode(value, message)
                return
            wire = known[1]
            if wire is None:
                alone = type(message)()
                encode(value, alone)
                wire = alone.SerializeToString()
                self._keep(kept, value, wire)
            message.MergeFromString(wire)  # the field is empty: merging sets it

        return encode_sequence

    def _keep(self, kept: dict[int, tuple[Any, bytes | None]], value: Any, wire: bytes | None) -> None:
        """Remember ``value``'s ``wire`` bytes in ``kept`` (``None``: only noted), within the codec's budget."""
        self.remembered.keep(kept, value, wire)

    def decode(self, message: Message) -> dict[str, Any]:
        data: dict[str, Any] = {}
        if self.tag_field is not None:
            data[self.tag_field] = self.tag
        for name, key, _encode, decode, _default in self.fields:
            try:
                value = decode(message)
            except ConversionError as exc:
                raise exc.within(name) from exc
            if value is not _ABSENT:
                data[key] = value
        return data


_Kept = dict[int, tuple[Any, bytes | None]]


class _Remembered:
    """The remembered encodings of every plan of one codec, at most ``max_bytes`` of them as counted by
    ``ENTRY_COST`` and ``COST_PER_WIRE_BYTE``, the oldest forgotten first. Entries live in each plan's own
    dict (read without a lock: a dict lookup is atomic); this keeps their order of arrival and their cost."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self.used = 0
        self.entries = 0
        #: (the kept dict's slot, key, entry, cost) in order of arrival. A record names its dict by slot: a tuple
        #: holding a dict is always tracked by the garbage collector, one of numbers and immutable values is not,
        #: and there are tens of thousands of records.
        self._order: collections.deque[tuple[int, int, tuple[Any, bytes | None], int]] = collections.deque()
        self._kept: list[_Kept] = []
        self._slots: dict[int, int] = {}
        self._lock = threading.Lock()

    def keep(self, kept: _Kept, value: Any, wire: bytes | None) -> None:
        """Remember ``(value, wire)`` in ``kept`` under ``id(value)``, forgetting the oldest entries of any
        plan until it fits; an entry larger than the whole budget is not remembered."""
        cost = ENTRY_COST + (len(wire) * COST_PER_WIRE_BYTE if wire is not None else 0)
        if cost > self.max_bytes:
            return
        key, entry = id(value), (value, wire)
        with self._lock:
            self._forget(kept, key)
            while self.used + cost > self.max_bytes:
                old_slot, old_key, old_entry, old_cost = self._order.popleft()
                old_kept = self._kept[old_slot]
                if old_kept.get(old_key) is old_entry:
                    del old_kept[old_key]
                    self.used -= old_cost
                    self.entries -= 1
            kept[key] = entry
            self._order.append((self._slot(kept), key, entry, cost))
            self.used += cost
            self.entries += 1
            if len(self._order) > 2 * self.entries + 1024:
                self._compact()

    def _slot(self, kept: _Kept) -> int:
        """The slot of ``kept`` (a plan's dict, which lives as long as the codec) among the dicts of this budget."""
        slot = self._slots.get(id(kept))
        if slot is None:
            slot = self._slots[id(kept)] = len(self._kept)
            self._kept.append(kept)
        return slot

    def _forget(self, kept: _Kept, key: int) -> None:
        """Drop the entry under ``key`` (replaced by a newer one); its record in the order goes stale."""
        entry = kept.pop(key, None)
        if entry is not None:
            self.used -= ENTRY_COST + (len(entry[1]) * COST_PER_WIRE_BYTE if entry[1] is not None else 0)
            self.entries -= 1

    def _compact(self) -> None:
        """Drop the stale records of replaced entries from the order (each entry is replaced once at most)."""
        self._order = collections.deque(filter(self.is_live, self._order))

    def is_live(self, record: tuple[int, int, tuple[Any, bytes | None], int]) -> bool:
        """Whether a record of the order is the current entry under its key (not replaced nor forgotten)."""
        slot, key, entry, _cost = record
        return self._kept[slot].get(key) is entry


class _UnionPlan:
    """The oneof of a wrapper message: member plans by struct type and by tag."""

    def __init__(self, oneof: str) -> None:
        self.oneof = oneof
        self.by_type: dict[type, tuple[str, _StructPlan]] = {}
        self.by_field: dict[str, _StructPlan] = {}

    def encode(self, value: Any, wrapper: Message) -> None:
        member = self.by_type.get(type(value))
        if member is None:
            raise ConversionError("", f"{type(value).__name__} is not a member of the union")
        name, plan = member
        sub = getattr(wrapper, name)
        sub.SetInParent()
        try:
            plan.encode(value, sub)
        except ConversionError as exc:
            raise exc.within(name) from exc

    def decode(self, wrapper: Message) -> dict[str, Any]:
        name = wrapper.WhichOneof(self.oneof)
        if name is None:
            raise ConversionError("", f"no {self.oneof} is set")
        try:
            return self.by_field[name].decode(getattr(wrapper, name))
        except ConversionError as exc:
            raise exc.within(name) from exc


def _compile_struct(info: mi.StructType, descriptor: Descriptor, cache: _Cache) -> _StructPlan:
    key = (info.cls, descriptor.full_name)
    if key in cache:
        return cache[key]  # type: ignore[no-any-return]
    plan = _StructPlan(info.cls, info.tag_field, info.tag)
    cache[key] = plan
    where = f"{info.cls.__qualname__} <-> {descriptor.full_name}"
    names = {f.name for f in info.fields}
    missing = sorted(names - set(descriptor.fields_by_name))
    extra = sorted(set(descriptor.fields_by_name) - names)
    if missing or extra:
        problems = [f"struct fields {missing} have no proto field"] if missing else []
        problems += [f"proto fields {extra} have no struct field"] if extra else []
        raise SchemaMismatch(f"{where}: {'; '.join(problems)}")
    for field in info.fields:
        fd = descriptor.fields_by_name[field.name]
        encode, decode = _compile_field(field, fd, f"{where}.{field.name}", cache)
        if fd.is_repeated and fd.message_type is not None:
            encode = plan.remembering(encode)
        default = _REQUIRED if field.default is msgspec.NODEFAULT else field.default
        if field.default_factory is not msgspec.NODEFAULT:
            default = field.default_factory()
        if fd.is_repeated and default is not _REQUIRED and default:
            default = _REQUIRED  # an unset repeated field decodes as empty, not as this default
        plan.fields.append((field.name, field.encode_name, encode, decode, default))
    if info.tag_field is None and not info.array_like:
        plan.plain = _message_class(descriptor)  # so far: ``_settle_plain`` decides
        plan.shape = (info, descriptor)
    return plan


def _settle_plain(cache: _Cache) -> None:
    """Keep ``plain`` only on the plans whose every field is plain (``_is_plain``). Every candidate starts plain
    and loses it while a field of it is not, until nothing changes: so a recursive struct (a text whose
    parameter holds a text) is plain when nothing but itself stands in the way."""
    candidates = [(p, *p.shape) for p in cache.values() if isinstance(p, _StructPlan) and p.shape is not None]
    changed = True
    while changed:
        changed = False
        for plan, info, descriptor in candidates:
            if plan.plain is not None and not all(_is_plain(f, descriptor, cache) for f in info.fields):
                plan.plain = None
                changed = True


def _is_plain(field: mi.Field, descriptor: Descriptor, cache: _Cache) -> bool:
    """Whether ``msgspec.to_builtins`` gives for ``field`` exactly what the message's constructor takes, and
    the constructor then writes what encoding field by field writes: a scalar without presence (whose
    default is then the proto3 zero value), a sequence of such scalars or of plain structs, or a plain struct,
    required or else ``None`` by default (the constructor leaves a message field given ``None`` unset, as
    encoding field by field leaves it); named as in the proto. A struct of plain fields is plain
    (``_StructPlan.plain``)."""
    fd = descriptor.fields_by_name[field.name]
    info, nullable = _split_optional(field.type)
    if field.encode_name != fd.name:
        return False
    if nullable and (not isinstance(info, mi.StructType) or field.required or field.default is not None):
        return False  # an optional scalar, or a nullable struct that is not None by default
    if isinstance(info, mi.VarTupleType | mi.ListType):
        info = info.item_type
    elif fd.has_presence and not isinstance(info, mi.StructType):
        return False  # an optional scalar: unset and set-to-default differ on the wire
    if isinstance(info, mi.StructType):
        nested = cache.get((info.cls, fd.message_type.full_name)) if fd.message_type is not None else None
        required = fd.is_repeated or field.required or nullable
        return required and isinstance(nested, _StructPlan) and nested.plain is not None
    return _scalar_pytype(info) is not None


def _compile_union(info: mi.Type, descriptor: Descriptor, cache: _Cache) -> _UnionPlan:
    members = info.types if isinstance(info, mi.UnionType) else (info,)
    where = f"union <-> {descriptor.full_name}"
    if len(descriptor.oneofs) != 1 or len(descriptor.oneofs[0].fields) != len(descriptor.fields):
        raise SchemaMismatch(f"{where}: a union's message must hold exactly one oneof and nothing else")
    plan = _UnionPlan(descriptor.oneofs[0].name)
    for member in members:
        if not isinstance(member, mi.StructType) or not isinstance(member.tag, str):
            raise SchemaMismatch(f"{where}: every member must be a struct with a string tag, got {member!r}")
        fd = descriptor.fields_by_name.get(member.tag)
        if fd is None or fd.message_type is None:
            raise SchemaMismatch(f"{where}: no message field named after the tag {member.tag!r}")
        sub = _compile_struct(member, fd.message_type, cache)
        plan.by_type[member.cls] = (member.tag, sub)
        plan.by_field[member.tag] = sub
    extra = sorted(set(descriptor.fields_by_name) - set(plan.by_field))
    if extra:
        raise SchemaMismatch(f"{where}: oneof fields {extra} are not tags of the union")
    return plan


def _compile_field(field: mi.Field, fd: FieldDescriptor, where: str, cache: _Cache) -> tuple[_Encode, _Decode]:
    info, nullable = _split_optional(field.type)
    if isinstance(info, _SEQUENCE_TYPES):
        if nullable or not fd.is_repeated:
            raise SchemaMismatch(f"{where}: a sequence needs a repeated, non-optional proto field")
        return _compile_repeated(info, fd, where, cache)
    if fd.is_repeated:
        raise SchemaMismatch(f"{where}: a repeated proto field needs a tuple or list")
    if nullable and not fd.has_presence:
        raise SchemaMismatch(f"{where}: `X | None` needs a proto field with presence")
    pytype = _scalar_pytype(info)
    if pytype is not None:
        if fd.cpp_type not in _SCALAR_CPP[pytype]:
            raise SchemaMismatch(f"{where}: {pytype.__name__} cannot be held by proto type {fd.type}")
        has_default = field.default is not msgspec.NODEFAULT
        if has_default and field.default and not fd.has_presence:
            raise SchemaMismatch(
                f"{where}: the default {field.default!r} is not the proto3 zero value, so the "
                "proto field must be `optional` (unset = the engine's default)"
            )
        return _scalar_codec(fd.name, fd.has_presence, nullable)
    if fd.message_type is None:
        raise SchemaMismatch(f"{where}: {info!r} needs a message-typed proto field")
    if isinstance(info, mi.StructType):
        struct_plan = _compile_struct(info, fd.message_type, cache)
        return _message_codec(fd.name, nullable, struct_plan.encode, struct_plan.decode)
    if isinstance(info, mi.UnionType):
        union_plan = _compile_union(info, fd.message_type, cache)
        return _message_codec(fd.name, nullable, union_plan.encode, union_plan.decode)
    raise SchemaMismatch(f"{where}: unsupported type {info!r}")


def _scalar_codec(name: str, presence: bool, nullable: bool) -> tuple[_Encode, _Decode]:
    def encode(value: Any, message: Message) -> None:
        if value is None:
            message.ClearField(name)
            return
        try:
            setattr(message, name, value)
        except (TypeError, ValueError) as exc:
            raise ConversionError("", str(exc)) from exc

    def decode(message: Message) -> Any:
        if presence and not message.HasField(name):
            return None if nullable else _ABSENT
        return getattr(message, name)

    return encode, decode


def _message_codec(name: str, nullable: bool, encode_sub: _Encode, decode_sub: _Decode) -> tuple[_Encode, _Decode]:
    def encode(value: Any, message: Message) -> None:
        if value is None:
            message.ClearField(name)
            return
        sub = getattr(message, name)
        sub.SetInParent()
        encode_sub(value, sub)

    def decode(message: Message) -> Any:
        if not message.HasField(name):
            return None if nullable else _ABSENT
        return decode_sub(getattr(message, name))

    return encode, decode


def _compile_repeated(
    info: mi.VarTupleType | mi.TupleType | mi.ListType, fd: FieldDescriptor, where: str, cache: _Cache
) -> tuple[_Encode, _Decode]:
    items = info.item_types if isinstance(info, mi.TupleType) else (info.item_type,)
    if len(set(map(repr, items))) != 1:
        raise SchemaMismatch(f"{where}: a repeated field needs items of one type, got {items!r}")
    item = items[0]
    name = fd.name
    pytype = _scalar_pytype(item)
    if pytype is not None:
        if fd.cpp_type not in _SCALAR_CPP[pytype]:
            raise SchemaMismatch(f"{where}: {pytype.__name__} items cannot be held by proto type {fd.type}")

        def encode_scalars(value: Any, message: Message) -> None:
            try:
                getattr(message, name).extend(value)
            except (TypeError, ValueError) as exc:
                raise ConversionError("", str(exc)) from exc

        def decode_scalars(message: Message) -> Any:
            return list(getattr(message, name))

        return encode_scalars, decode_scalars
    if fd.message_type is None:
        raise SchemaMismatch(f"{where}: {item!r} items need a message-typed proto field")
    if isinstance(item, _SEQUENCE_TYPES):
        return _compile_rows(item, fd, where, cache)
    plan: _StructPlan | _UnionPlan
    if isinstance(item, mi.StructType):
        plan = _compile_struct(item, fd.message_type, cache)
    elif isinstance(item, mi.UnionType):
        plan = _compile_union(item, fd.message_type, cache)
    else:
        raise SchemaMismatch(f"{where}: unsupported item type {item!r}")

    def encode_messages(value: Any, message: Message) -> None:
        repeated = getattr(message, name)
        for i, element in enumerate(value):
            try:
                plan.encode(element, repeated.add())
            except ConversionError as exc:
                raise exc.within(f"[{i}]") from exc

    def decode_messages(message: Message) -> Any:
        out = []
        for i, element in enumerate(getattr(message, name)):
            try:
                out.append(plan.decode(element))
            except ConversionError as exc:
                raise exc.within(f"[{i}]") from exc
        return out

    return encode_messages, decode_messages


def _compile_rows(
    item: mi.VarTupleType | mi.TupleType | mi.ListType, fd: FieldDescriptor, where: str, cache: _Cache
) -> tuple[_Encode, _Decode]:
    """A sequence of sequences (``tuple[tuple[int, ...], ...]``): a repeated message whose one field is
    repeated and holds one inner sequence per message."""
    row = fd.message_type
    if row is None or len(row.fields) != 1 or not row.fields[0].is_repeated:
        raise SchemaMismatch(f"{where}: a sequence of sequences needs a repeated message of one repeated field")
    encode_row, decode_row = _compile_repeated(item, row.fields[0], f"{where}[]", cache)
    name = fd.name

    def encode(value: Any, message: Message) -> None:
        repeated = getattr(message, name)
        for i, element in enumerate(value):
            try:
                encode_row(element, repeated.add())
            except ConversionError as exc:
                raise exc.within(f"[{i}]") from exc

    def decode(message: Message) -> Any:
        return [decode_row(element) for element in getattr(message, name)]

    return encode, decode
