"""Generate the API reference ``docs/api.md`` from the contract and the code catalogues.

The reference lists every service, RPC, message, field, enum and enum value of ``proto/rulesengine/v1``
with the comment the proto files give it (read from a descriptor set that grpc_tools.protoc builds with
``--include_source_info``), every error reason of ``server/errors.py`` with its gRPC status code, and
every violation code a game can report (the shared ``COMMON_*`` codes of ``engines/core/errors.py`` and
each registered game's ``engines/<game>/codes.py``) with its meaning. ``--check`` builds the reference
in memory and fails when ``docs/api.md`` differs (``tests/test_api_docs.py`` does the same).

Usage: ``python scripts/gen_api_docs.py [--out FILE] [--check]``
"""

from __future__ import annotations

import argparse
import ast
import importlib
import sys
import tempfile
import textwrap
from collections.abc import Iterator, Sequence
from importlib import resources
from pathlib import Path
from typing import NamedTuple, TypeAlias

from google.protobuf import descriptor_pb2
from grpc_tools import protoc

ROOT = Path(__file__).resolve().parent.parent
PROTO_ROOT = ROOT / "proto"
PACKAGE = "rulesengine.v1"
PACKAGE_DIR = Path("rulesengine") / "v1"
DEFAULT_OUT = ROOT / "docs" / "api.md"
ERRORS_MODULE = ROOT / "server" / "errors.py"
CORE_ERRORS_MODULE = ROOT / "engines" / "core" / "errors.py"

# Field numbers of descriptor.proto, the steps of a SourceCodeInfo location path.
FILE_MESSAGE, FILE_ENUM, FILE_SERVICE, FILE_SYNTAX = 4, 5, 6, 12
MESSAGE_FIELD, MESSAGE_NESTED, MESSAGE_ENUM = 2, 3, 4
ENUM_VALUE = 2
SERVICE_METHOD = 2

FieldDescriptor: TypeAlias = descriptor_pb2.FieldDescriptorProto
SCALARS: dict[int, str] = {
    number: name.removeprefix("TYPE_").lower()
    for name, number in FieldDescriptor.Type.items()
    if name not in ("TYPE_MESSAGE", "TYPE_ENUM", "TYPE_GROUP")
}

# The shared codes' meanings until engines/core/errors.py gives each constant an attribute docstring
# (a string literal right after the assignment), which then takes precedence.
COMMON_FALLBACK: dict[str, str] = {
    "COMMON_NOT_YOUR_TURN": "The move's seat is not a seat the pending decision waits for.",
    "COMMON_GAME_OVER": "The game is over: no move is legal.",
    "COMMON_WRONG_DECISION": "The move's action is not of a kind the pending decision takes.",
    "COMMON_NOT_A_CHOICE": "Reserved: the move is none of the pending decision's choices (no game reports it yet).",
    "COMMON_VIEW_NOT_PLAYABLE": "The state is a view (ViewState); send the full state.",
}


# ---- reading the contract ------------------------------------------------------------------------


def proto_files() -> list[str]:
    """The contract's proto files, relative to ``proto/``, sorted (service.proto first: it is the entry)."""
    names = sorted(str(p.relative_to(PROTO_ROOT)) for p in (PROTO_ROOT / PACKAGE_DIR).glob("*.proto"))
    return sorted(names, key=lambda name: not name.endswith("/service.proto"))


def descriptor_set(files: Sequence[str]) -> descriptor_pb2.FileDescriptorSet:
    """The descriptors of ``files``, with their comments (``--include_source_info``)."""
    include = str(resources.files("grpc_tools") / "_proto")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "api.binpb"
        argv = ["grpc_tools.protoc", f"-I{PROTO_ROOT}", f"-I{include}", "--include_source_info"]
        argv += [f"--descriptor_set_out={out}", *files]
        if protoc.main(argv) != 0:
            raise SystemExit(f"protoc failed: {' '.join(argv)}")
        return descriptor_pb2.FileDescriptorSet.FromString(out.read_bytes())


def escape_html(text: str) -> str:
    """``text`` with ``<`` and ``>`` outside code spans as entities, so markdown shows ``<seat>`` as written."""
    parts = text.split("`")
    plain = [part.replace("<", "&lt;").replace(">", "&gt;") if i % 2 == 0 else part for i, part in enumerate(parts)]
    return "`".join(plain)


class Comments:
    """The comments of one proto file, looked up by the descriptor path of an element."""

    def __init__(self, file: descriptor_pb2.FileDescriptorProto) -> None:
        self._by_path = {tuple(loc.path): loc for loc in file.source_code_info.location}

    def of(self, *path: int) -> str:
        """The leading (else trailing) comment of the element at ``path``, dedented; ``""`` if none."""
        loc = self._by_path.get(path)
        if loc is None:
            return ""
        return escape_html(textwrap.dedent(loc.leading_comments or loc.trailing_comments).strip())

    def header(self) -> str:
        """The file's opening comment (the comments before ``syntax``)."""
        loc = self._by_path.get((FILE_SYNTAX,))
        if loc is None:
            return ""
        texts = [*loc.leading_detached_comments, loc.leading_comments]
        return escape_html("\n\n".join(textwrap.dedent(text).strip() for text in texts if text.strip()))


# ---- markdown helpers ------------------------------------------------------------------------------


def cell(text: str) -> str:
    """``text`` as one table cell: one line, pipes escaped."""
    return " ".join(text.split()).replace("|", "\\|")


def anchor(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as dashes."""
    kept = "".join(c for c in heading.lower() if c.isalnum() or c in " -_")
    return kept.replace(" ", "-")


def table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """A markdown table."""
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(cell(c) for c in row) + " |" for row in rows]
    return lines


class TypeIndex(NamedTuple):
    """Every message and enum of the package: full name -> its heading's anchor, and the map entries."""

    anchors: dict[str, str]
    maps: dict[str, tuple[FieldDescriptor, FieldDescriptor]]

    def link(self, field: FieldDescriptor) -> str:
        """A field's type as markdown: scalar name, ``map<K, V>``, or a link to the type's section."""
        if field.type_name in self.maps:
            key, value = self.maps[field.type_name]
            return f"map&lt;{self.link(key)}, {self.link(value)}&gt;"
        if not field.type_name:
            return SCALARS[field.type]
        name = field.type_name.lstrip(".")
        local = name.removeprefix(PACKAGE + ".")
        return f"[{local}](#{self.anchors[name]})" if name in self.anchors else name

    def type_of(self, field: FieldDescriptor) -> str:
        """A field's type with its label (``repeated``, ``optional``)."""
        if field.type_name in self.maps:
            return self.link(field)
        if field.label == FieldDescriptor.LABEL_REPEATED:
            return "repeated " + self.link(field)
        return ("optional " if field.proto3_optional else "") + self.link(field)


def _messages(prefix: str, messages: Sequence[descriptor_pb2.DescriptorProto]) -> Iterator[tuple[str, object]]:
    for message in messages:
        name = f"{prefix}.{message.name}"
        yield name, message
        yield from _messages(name, message.nested_type)
        for enum in message.enum_type:
            yield f"{name}.{enum.name}", enum


def type_index(files: Sequence[descriptor_pb2.FileDescriptorProto]) -> TypeIndex:
    """The index of every message and enum declared in ``files``."""
    anchors: dict[str, str] = {}
    maps: dict[str, tuple[FieldDescriptor, FieldDescriptor]] = {}
    for file in files:
        found = list(_messages(file.package, file.message_type))
        found += [(f"{file.package}.{enum.name}", enum) for enum in file.enum_type]
        for name, element in found:
            if isinstance(element, descriptor_pb2.DescriptorProto) and element.options.map_entry:
                maps["." + name] = (element.field[0], element.field[1])
            else:
                anchors[name] = anchor(f"`{name.removeprefix(PACKAGE + '.')}`")
    if len(set(anchors.values())) != len(anchors):
        raise SystemExit("two types share a heading anchor")
    return TypeIndex(anchors, maps)


# ---- the contract's sections -----------------------------------------------------------------------


def service_section(
    file: descriptor_pb2.FileDescriptorProto, comments: Comments, index: TypeIndex, number: int
) -> list[str]:
    """One service: its comment and a table of its RPCs."""
    service = file.service[number]
    lines = [f"### `{file.package}.{service.name}`", "", comments.of(FILE_SERVICE, number), ""]
    rows = []
    for i, method in enumerate(service.method):
        request = index.anchors[method.input_type.lstrip(".")]
        response = index.anchors[method.output_type.lstrip(".")]
        rows.append(
            [
                f"`{method.name}`",
                ("stream " if method.client_streaming else "") + f"[{method.input_type.split('.')[-1]}](#{request})",
                ("stream " if method.server_streaming else "") + f"[{method.output_type.split('.')[-1]}](#{response})",
                comments.of(FILE_SERVICE, number, SERVICE_METHOD, i),
            ]
        )
    return [*lines, *table(["RPC", "request", "response", "what it does"], rows), ""]


def enum_section(
    name: str, enum: descriptor_pb2.EnumDescriptorProto, comments: Comments, path: tuple[int, ...]
) -> list[str]:
    """One enum: its comment and a table of its values."""
    rows = [
        [f"`{value.name}`", str(value.number), comments.of(*path, ENUM_VALUE, i)] for i, value in enumerate(enum.value)
    ]
    return [f"#### `{name}`", "", "Enum. " + comments.of(*path), "", *table(["value", "number", "meaning"], rows), ""]


def message_section(
    name: str,
    message: descriptor_pb2.DescriptorProto,
    comments: Comments,
    path: tuple[int, ...],
    index: TypeIndex,
) -> list[str]:
    """One message (then its nested messages and enums): its comment and a table of its fields."""
    if message.options.map_entry:
        return []
    lines = [f"#### `{name}`", "", comments.of(*path) or "(no comment)", ""]
    if message.field:
        rows = []
        for i, field in enumerate(message.field):
            oneof = ""
            if field.HasField("oneof_index") and not field.proto3_optional:
                oneof = f" (oneof `{message.oneof_decl[field.oneof_index].name}`)"
            rows.append(
                [
                    f"`{field.name}`{oneof}",
                    str(field.number),
                    index.type_of(field),
                    comments.of(*path, MESSAGE_FIELD, i),
                ]
            )
        lines += [*table(["field", "number", "type", "meaning"], rows), ""]
    else:
        lines += ["No fields.", ""]
    for i, nested in enumerate(message.nested_type):
        lines += message_section(f"{name}.{nested.name}", nested, comments, (*path, MESSAGE_NESTED, i), index)
    for i, enum in enumerate(message.enum_type):
        lines += enum_section(f"{name}.{enum.name}", enum, comments, (*path, MESSAGE_ENUM, i))
    return lines


def file_section(file: descriptor_pb2.FileDescriptorProto, index: TypeIndex) -> list[str]:
    """One proto file: its opening comment, then every message and enum it declares."""
    comments = Comments(file)
    lines = [f"### `{Path(file.name).name}`", "", f"[{file.name}](../proto/{file.name})", ""]
    if comments.header():
        lines += [comments.header(), ""]
    for i, message in enumerate(file.message_type):
        lines += message_section(message.name, message, comments, (FILE_MESSAGE, i), index)
    for i, enum in enumerate(file.enum_type):
        lines += enum_section(enum.name, enum, comments, (FILE_ENUM, i))
    return lines


# ---- errors and violation codes --------------------------------------------------------------------


def _string_constants(tree: ast.Module) -> list[tuple[str, str, str]]:
    """Module-level ``NAME = "TEXT"`` constants: (name, value, attribute docstring or "")."""
    found = []
    body = tree.body
    for i, node in enumerate(body):
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)):
            continue
        if not (isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)):
            continue
        after = body[i + 1] if i + 1 < len(body) else None
        doc = ""
        if isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant) and isinstance(after.value.value, str):
            doc = after.value.value
        found.append((node.targets[0].id, node.value.value, doc))
    return found


def common_codes() -> list[tuple[str, str]]:
    """The shared ``COMMON_*`` codes of ``engines/core/errors.py`` with their meanings."""
    tree = ast.parse(CORE_ERRORS_MODULE.read_text())
    codes = [(value, doc) for _, value, doc in _string_constants(tree) if value.startswith("COMMON_")]
    return [(code, " ".join(doc.split()) or COMMON_FALLBACK.get(code, "")) for code, doc in codes]


def game_codes() -> list[tuple[str, str, dict[str, str]]]:
    """Every registered game: (game id, title, its violation code catalogue)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    registry = importlib.import_module("engines.registry")
    games = []
    for game_id, engine in registry.engines().items():
        catalogue: dict[str, str] = importlib.import_module(f"engines.{game_id}.codes").CODES
        games.append((game_id, engine.info.title, catalogue))
    return games


class Reason(NamedTuple):
    """An ErrorInfo reason the server sends: its gRPC status code, meaning and ErrorInfo metadata keys."""

    reason: str
    status: str
    meaning: str
    metadata: tuple[str, ...]


def _docstring_of(node: ast.AST, classes: dict[str, str]) -> str:
    """The docstring of a function, or of the exception class an ``if isinstance(x, Class)`` branch tests."""
    if isinstance(node, ast.If) and isinstance(node.test, ast.Call) and len(node.test.args) == 2:
        tested = node.test.args[1]
        if isinstance(tested, ast.Name) and tested.id in classes:
            return classes[tested.id]
    if isinstance(node, ast.FunctionDef):
        return ast.get_docstring(node) or ""
    return ""


def _exception_docstrings() -> dict[str, str]:
    """Class name -> docstring, for the engine exceptions ``server/errors.py`` translates."""
    tree = ast.parse(CORE_ERRORS_MODULE.read_text())
    return {n.name: ast.get_docstring(n) or "" for n in tree.body if isinstance(n, ast.ClassDef)}


def _metadata_keys(scope: ast.AST) -> tuple[str, ...]:
    """The string keys of every dict literal in ``scope`` (the ErrorInfo metadata it builds), sorted."""
    keys = {
        key.value
        for node in ast.walk(scope)
        if isinstance(node, ast.Dict)
        for key in node.keys
        if isinstance(key, ast.Constant) and isinstance(key.value, str)
    }
    return tuple(sorted(keys))


def _reason_of(call: ast.Call, constants: dict[str, str]) -> Reason | None:
    """The reason a ``ServiceError(code, message, reason, ...)`` call makes (docstring filled in later)."""
    if len(call.args) < 3 or not isinstance(call.args[0], ast.Attribute):
        return None
    reason_arg = call.args[2]
    reason = constants.get(reason_arg.id, "") if isinstance(reason_arg, ast.Name) else ""
    return Reason(reason or "*the first violation code*", call.args[0].attr, "", ())


def error_reasons() -> list[Reason]:
    """Every reason ``server/errors.py`` builds a ``ServiceError`` with, in the order the module declares them."""
    tree = ast.parse(ERRORS_MODULE.read_text())
    constants = {name: value for name, value, _ in _string_constants(tree) if value.isupper() and name != "DOMAIN"}
    classes = _exception_docstrings()
    found: dict[str, Reason] = {}
    for function in (n for n in tree.body if isinstance(n, ast.FunctionDef)):
        scopes: list[ast.AST] = [function, *(n for n in ast.walk(function) if isinstance(n, ast.If))]
        for scope in reversed(scopes):  # innermost branch first
            doc = _docstring_of(scope, classes)
            for call in (n for n in ast.walk(scope) if isinstance(n, ast.Call)):
                if not (isinstance(call.func, ast.Name) and call.func.id == "ServiceError"):
                    continue
                made = _reason_of(call, constants)
                if made is not None and doc and made.reason not in found:
                    found[made.reason] = made._replace(meaning=" ".join(doc.split()), metadata=_metadata_keys(scope))
    order = [*constants.values(), "*the first violation code*"]
    return sorted(found.values(), key=lambda r: order.index(r.reason) if r.reason in order else len(order))


def errors_section() -> list[str]:
    """How errors travel, every error reason, and every violation code by game."""
    lines = [
        "## Errors",
        "",
        "A failed call's status carries a `google.rpc.Status` in the `grpc-status-details-bin` trailer"
        " (serialized protobuf; [proto/google/rpc/](../proto/google/rpc/) holds its messages). Its details"
        " hold a `google.rpc.ErrorInfo` (domain `rulesengine`, one of the reasons below, and the metadata"
        " named below) and, when a field of the request is to blame, a `google.rpc.BadRequest` whose"
        " field violations name it. An illegal move is not an error for `ValidateMove` (it answers OK with"
        " the violations); `ApplyMove` fails with `INVALID_ARGUMENT`, the first violation code as the"
        " reason, and one field violation per violation, described as `CODE: message`.",
        "",
        "### Error reasons",
        "",
    ]
    rows = [
        [
            f"`{r.reason}`" if not r.reason.startswith("*") else r.reason,
            f"`{r.status}`",
            r.meaning,
            ", ".join(f"`{k}`" for k in r.metadata),
        ]
        for r in error_reasons()
    ]
    lines += [*table(["reason", "status code", "meaning", "ErrorInfo metadata"], rows), ""]
    lines += ["### Violation codes", "", "Stable codes a move can break, as `Violation.code`.", ""]
    lines += ["#### Every game", ""]
    lines += [*table(["code", "meaning"], [[f"`{c}`", m] for c, m in common_codes()]), ""]
    for game_id, title, catalogue in game_codes():
        lines += [f"#### {title} (`{game_id}`)", ""]
        lines += [*table(["code", "meaning"], [[f"`{c}`", m] for c, m in catalogue.items()]), ""]
    return lines


def languages_section() -> list[str]:
    """Which languages the service speaks and how a call chooses one."""
    from engines.core.locale import DEFAULT_LOCALE, LOCALES

    names = {"en": "English", "hu": "Hungarian (magyar)", "de": "German (Deutsch)"}
    rows = [[f"`{code}`", names.get(code, code), "default" if code == DEFAULT_LOCALE else ""] for code in LOCALES]
    return [
        "## Languages",
        "",
        "Every word the service gives a person (labels and choice paths, prompts, log lines, refusals, score"
        " lines, option docs, the names of automated seats, and pictures) comes in the language a call asks"
        " for. A call names it the same way on both ports: the `accept-language` metadata on the gRPC port,"
        " the `Accept-Language` header on the HTTP port (JSON and gRPC-Web), with the HTTP syntax (`hu`,"
        " `de-AT`, `hu-HU,hu;q=0.9,en;q=0.5`). The service answers in the best supported match, English when"
        " none matches; a call that named a language gets the one used back, as `content-language` in the"
        " gRPC initial metadata or the `Content-Language` header. A call that names none gets English, exactly"
        " as before languages existed.",
        "",
        "In another language than English, every `Text` carries the words in `localized` (its `english` stays"
        " English), and every plain string that has a `…_text` sibling (`Pending.prompt`, `Violation.message`,"
        " `ScoreEntry.category`/`detail`, `SeatScore.tiebreak`, `OptionInfo.doc`, `AutomatedSeat.name`) is in"
        " that language; show `localized` when it is set, else `english`. A client with catalogues of its own"
        " can render any `Text` itself: its `id` is the message id of the service's gettext catalogues"
        " (one `.po` file per game and language, shipped with the server; the id is each entry's `msgctxt`)"
        " and each `TextParam` says what it refers"
        " to (`kind`, `ref`, and a nested `text`). Diagnostics meant for the developer of a client (a malformed"
        " request or state, an unknown game) stay English.",
        "",
        *table(["locale", "language", ""], rows),
        "",
    ]


# ---- the document ----------------------------------------------------------------------------------


def render() -> str:
    """The whole reference, as markdown."""
    files = proto_files()
    descriptors = [f for f in descriptor_set(files).file if f.name in files]
    descriptors.sort(key=lambda f: files.index(f.name))
    index = type_index(descriptors)
    lines = [
        "# API reference",
        "",
        "Generated by `scripts/gen_api_docs.py` from the proto files in [proto/](../proto/) and the"
        " violation code catalogues of the engines; do not edit it by hand (`python scripts/gen_api_docs.py`"
        " rewrites it). Every element is described by the comment the contract gives it. Request and"
        " response bodies in JSON follow the canonical protobuf JSON mapping (camelCase field names).",
        "",
        "- [Services](#services)",
        "- [Errors](#errors)",
        "- [Languages](#languages)",
        "- [Messages and enums](#messages-and-enums)",
        "",
        "## Services",
        "",
    ]
    for file in descriptors:
        for number in range(len(file.service)):
            lines += service_section(file, Comments(file), index, number)
    lines += errors_section()
    lines += languages_section()
    lines += ["## Messages and enums", ""]
    for file in descriptors:
        lines += file_section(file, index)
    return "\n".join(lines).rstrip("\n") + "\n"


def main(argv: list[str] | None = None) -> int:
    """Command line entry point; returns the process exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="the reference (default: %(default)s)")
    parser.add_argument("--check", action="store_true", help="fail if --out differs from a fresh generation")
    args = parser.parse_args(argv)
    text = render()
    if args.check:
        if not args.out.exists() or args.out.read_text() != text:
            print(f"{args.out} is stale: run python scripts/gen_api_docs.py", file=sys.stderr)
            return 1
        return 0
    args.out.write_text(text)
    print(args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
