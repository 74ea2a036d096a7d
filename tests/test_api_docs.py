"""The API reference ``docs/api.md`` is what ``scripts/gen_api_docs.py`` makes of the current contract and
code catalogues, and it names every RPC, message, field, enum value, error reason and violation code."""

from __future__ import annotations

import importlib
import re
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest
from google.protobuf.descriptor import Descriptor, EnumDescriptor
from rulesengine.v1 import service_pb2

from engines import registry
from engines.core import errors as core_errors
from server import errors as server_errors

ROOT = Path(__file__).resolve().parent.parent
API_MD = ROOT / "docs" / "api.md"


def gen_api_docs() -> ModuleType:
    """The generator script as a module (``scripts`` is a namespace package under the repository root)."""
    return importlib.import_module("scripts.gen_api_docs")


@cache
def reference() -> str:
    """The committed reference."""
    return API_MD.read_text()


def test_the_committed_reference_is_fresh() -> None:
    assert gen_api_docs().main(["--check"]) == 0, "run `python scripts/gen_api_docs.py`"


def test_check_notices_a_stale_reference(tmp_path: Path) -> None:
    stale = tmp_path / "api.md"
    stale.write_text(reference().replace("ApplyMove", "ApplyMoves", 1))
    assert gen_api_docs().main(["--check", "--out", str(stale)]) == 1
    assert gen_api_docs().main(["--check", "--out", str(tmp_path / "missing.md")]) == 1


def _all_types() -> tuple[list[Descriptor], list[EnumDescriptor]]:
    """Every message and enum of the contract, nested ones included, from the generated stubs."""
    files = [service_pb2.DESCRIPTOR, *service_pb2.DESCRIPTOR.dependencies]
    files = [f for f in files if f.package == "rulesengine.v1"]
    messages: list[Descriptor] = []
    enums: list[EnumDescriptor] = []
    pending = [m for f in files for m in f.message_types_by_name.values()]
    enums += [e for f in files for e in f.enum_types_by_name.values()]
    while pending:
        message = pending.pop()
        if message.GetOptions().map_entry:
            continue
        messages.append(message)
        pending += message.nested_types
        enums += message.enum_types
    return messages, enums


def _section(heading: str) -> str:
    """The text under a ``#### `heading``` up to the next heading."""
    match = re.search(rf"^#### `{re.escape(heading)}`\n(.*?)(?=^#|\Z)", reference(), re.MULTILINE | re.DOTALL)
    assert match is not None, f"no section for {heading}"
    return match.group(1)


def _local(full_name: str) -> str:
    return full_name.removeprefix("rulesengine.v1.")


def test_every_rpc_is_listed() -> None:
    service = service_pb2.DESCRIPTOR.services_by_name["RulesEngineService"]
    assert len(service.methods) >= 10
    missing = [m.name for m in service.methods if f"| `{m.name}` | " not in reference()]
    assert missing == []


def test_every_message_lists_every_field_and_every_enum_every_value() -> None:
    messages, enums = _all_types()
    assert len(messages) > 100 and len(enums) >= 2
    for message in messages:
        section = _section(_local(message.full_name))
        missing = [f.name for f in message.fields if f"| `{f.name}`" not in section]
        assert missing == [], message.full_name
    for enum in enums:
        section = _section(_local(enum.full_name))
        missing = [v.name for v in enum.values if f"| `{v.name}` | {v.number} |" not in section]
        assert missing == [], enum.full_name


def test_comments_are_carried_over() -> None:
    assert "A game state. The service keeps none" in _section("GameState")
    assert "| `ApplyMove` | [ApplyMoveRequest](#applymoverequest) | [ApplyMoveResponse](#applymoveresponse) |" in (
        reference()
    )


def test_every_link_inside_the_reference_has_its_heading() -> None:
    anchors = {gen_api_docs().anchor(h) for h in re.findall(r"^#+ (.+)$", reference(), re.MULTILINE)}
    targets = set(re.findall(r"\]\(#([^)]+)\)", reference()))
    assert targets and targets - anchors == set()


def test_every_error_reason_is_listed_with_its_status_code() -> None:
    reasons = [v for k, v in vars(server_errors).items() if k.isupper() and isinstance(v, str) and v.isupper()]
    assert "GAME_NOT_FOUND" in reasons
    for reason in reasons:
        assert re.search(rf"^\| `{reason}` \| `[A-Z_]+` \| \w", reference(), re.MULTILINE), reason
    assert "| `GAME_NOT_FOUND` | `NOT_FOUND` |" in reference()


@pytest.mark.parametrize("game", sorted(registry.engines()))
def test_every_violation_code_of_a_game_is_listed_with_its_meaning(game: str) -> None:
    catalogue: dict[str, str] = importlib.import_module(f"engines.{game}.codes").CODES
    missing = [code for code, meaning in catalogue.items() if f"| `{code}` | {meaning} |" not in reference()]
    assert missing == []


def test_every_shared_code_is_listed_with_a_meaning() -> None:
    shared = [v for v in vars(core_errors).values() if isinstance(v, str) and v.startswith("COMMON_")]
    assert len(shared) >= 5
    for code in shared:
        assert re.search(rf"^\| `{code}` \| \w", reference(), re.MULTILINE), code
