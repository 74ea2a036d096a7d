"""The import rules that keep rules, transport and games apart, read from the source (AST):

* an engine never imports grpc, protobuf, the generated stubs or the server;
* the core (``engines/core``) imports no game, and no game imports another game;
* no engine imports ``random``, a clock or anything else that would make a rule depend on more
  than its arguments (all chance is the state's PCG32 or the CHANCE seat);
* the server imports no game module: it reaches games only through ``engines.registry``;
* the client package imports neither the engines nor the server.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted(p.name for p in (ROOT / "engines").iterdir() if (p / "__init__.py").exists() and p.name != "core")

#: Modules no engine may import (by top-level name).
TRANSPORT = {"grpc", "grpc_status", "grpc_health", "grpc_reflection", "google", "rulesengine", "server", "structlog"}
IMPURE = {"random", "time", "datetime", "secrets", "uuid", "os", "threading", "asyncio", "socket", "subprocess"}


def imports(path: Path) -> Iterator[tuple[int, str]]:
    """Every module ``path`` imports (absolute names; relative imports resolved), with its line."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
            for alias in node.names:
                yield node.lineno, f"{base}.{alias.name}" if base else alias.name


def sources(*folders: str) -> list[Path]:
    return sorted(p for folder in folders for p in (ROOT / folder).rglob("*.py"))


def offences(paths: list[Path], forbidden: Callable[[Path, str], bool]) -> list[str]:
    """Each import in ``paths`` that ``forbidden(path, module)`` refuses, as 'file:line imports module'."""
    return [
        f"{p.relative_to(ROOT)}:{line} imports {name}" for p in paths for line, name in imports(p) if forbidden(p, name)
    ]


def test_the_games_are_found() -> None:
    assert {"citadels", "walls_of_york", "walled_city"} <= set(GAMES)


def test_engines_import_no_transport_and_nothing_impure() -> None:
    def bad(path: Path, name: str) -> bool:
        top = name.split(".")[0]
        if path.name == "content.py" and path.parent.name == "core" and top == "os":
            return False  # content packs: the one place that reads the environment, at start-up
        return top in TRANSPORT or top in IMPURE

    assert offences(sources("engines"), bad) == []


def test_the_core_imports_no_game() -> None:
    def bad(path: Path, name: str) -> bool:
        parts = name.split(".")
        return parts[0] == "engines" and len(parts) > 1 and parts[1] in GAMES

    assert offences(sources("engines/core"), bad) == []


@pytest.mark.parametrize("game", GAMES)
def test_a_game_imports_no_other_game(game: str) -> None:
    def bad(path: Path, name: str) -> bool:
        parts = name.split(".")
        return parts[0] == "engines" and len(parts) > 1 and parts[1] in GAMES and parts[1] != game

    assert offences(sources(f"engines/{game}"), bad) == []


def test_the_server_reaches_games_only_through_the_registry() -> None:
    def bad(path: Path, name: str) -> bool:
        parts = name.split(".")
        return parts[0] == "engines" and len(parts) > 1 and parts[1] in GAMES

    assert offences(sources("server"), bad) == []


def test_the_client_imports_neither_engines_nor_server() -> None:
    def bad(path: Path, name: str) -> bool:
        return name.split(".")[0] in ("engines", "server", "bench", "tests")

    assert offences(sources("clients/python/rulesengine_client"), bad) == []


def test_the_checker_sees_an_offence() -> None:
    """The rules above would notice a forbidden import (the AST walk is not vacuous)."""
    found = dict((name, line) for line, name in imports(ROOT / "server" / "app.py"))
    assert "engines.registry" in found and "grpc" in found
