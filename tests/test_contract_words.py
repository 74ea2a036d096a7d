"""The contract speaks of the game and the service, not of the Python tree behind it (issue #24): no comment of
``proto/rulesengine/v1/*.proto`` names a Python file (``state.py``), a path into the tree (``engines/``,
``server/``, ``clients/``) or a rulebook section number (``§5.2``), and neither does the API reference
``docs/api.md`` below its header (the error reasons and violation codes included). A client developer reads
what a message or field means in the game's and the service's words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PROTOS = sorted((ROOT / "proto" / "rulesengine" / "v1").glob("*.proto"))
API_MD = ROOT / "docs" / "api.md"

#: What the contract's words must not name, each with what it is.
FORBIDDEN = (
    (re.compile(r"\b\w+\.py\b"), "a Python file"),
    (re.compile(r"(?<![\w./-])(?:engines|server|clients)/"), "a path into the tree"),
    (re.compile(r"§\s*\d"), "a rulebook section number"),
)


def comments(text: str) -> list[tuple[int, str]]:
    """``(line number, comment)`` for every ``//`` comment of a proto file (a ``//`` inside a string is not one)."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        quote = ""
        for i, char in enumerate(line):
            if quote:
                if char == quote:
                    quote = ""
            elif char in "\"'":
                quote = char
            elif line.startswith("//", i):
                found.append((number, line[i + 2 :]))
                break
    return found


def offences(lines: list[tuple[int, str]]) -> list[str]:
    """``line: what it names: the words`` for each line that names something the contract must not."""
    return [
        f"{number}: {what}: {words.strip()}"
        for number, words in lines
        for pattern, what in FORBIDDEN
        if pattern.search(words)
    ]


def test_every_proto_file_is_checked() -> None:
    assert {p.name for p in PROTOS} >= {"common.proto", "service.proto", "citadels.proto"}
    assert all(comments(p.read_text()) for p in PROTOS)


@pytest.mark.parametrize("proto", PROTOS, ids=lambda p: p.name)
def test_proto_comments_speak_of_the_contract(proto: Path) -> None:
    bad = offences(comments(proto.read_text()))
    assert not bad, f"{proto.relative_to(ROOT)} comments name what a client cannot see:\n" + "\n".join(bad)


def test_api_reference_speaks_of_the_contract() -> None:
    # Below the header (which names the script that writes the page): the services, the error reasons and
    # violation codes (from the code's catalogues) and the messages.
    text = API_MD.read_text()
    lines = list(enumerate(text[text.index("\n## ") :].splitlines(), 1))
    bad = offences(lines)
    assert not bad, "docs/api.md (from the proto comments) names what a client cannot see:\n" + "\n".join(bad)


@pytest.mark.parametrize(
    "comment",
    [
        "// The decision owed now (engines/core/engine.py `Pending`).",
        "// A build whose payment is still open (state.py `PendingBuild`).",
        "// See server/convert.py.",
        "// Game configuration (spec §10.3).",
    ],
)
def test_a_reference_to_the_code_is_found(comment: str) -> None:
    assert offences(comments(comment))


@pytest.mark.parametrize(
    "line",
    [
        '  import "google/protobuf/struct.proto";',
        "  // The rows of the Cleric AI's scheme card; see DescribeGame `boards.<side>` and docs/walled_city.md.",
        '  reserved "taken_from"; // never reuse',
    ],
)
def test_the_contracts_own_words_pass(line: str) -> None:
    assert not offences(comments(line))
