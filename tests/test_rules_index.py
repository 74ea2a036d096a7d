"""Every rule ID the code cites is explained in the project's own words (issue #24): each game's docs page has
a "Rules index" whose table gives, per ID, what the rule says, and every ID cited in the game's code
(docstrings, comments, strings) has an entry there, its own or its section's (``§5.6`` covers ``§5.6.2``).

An ID is a section number (``§5.1``, ``§11 B25``) or a letter prefix, optional words and a number (``R-3.1``,
``A-24``, ``P-17``, ``R-RES-12``); a token of that shape that names the game's content (a manuscript
``M-05``, a scheme ``S-1``: an ``id`` in the game's data files) is content, not a rule.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from engines import registry

ROOT = Path(__file__).resolve().parents[1]
GAMES = sorted(registry.engines())
CITED = re.compile(r"§\d+(?:\.\d+)*(?: [A-Z]\d+)?|\b[A-Z]{1,3}(?:-[A-Z]+)*-\d+(?:\.\d+)*\b")
ROW = re.compile(r"^\|\s*`?([^|`]+?)`?\s*\|\s*([^|]*\S)\s*\|")


def content_ids(game: str) -> set[str]:
    """Every ``id`` the game's data files give (content, not rules)."""
    found: set[str] = set()

    def walk(value: object) -> None:
        if isinstance(value, dict):
            if isinstance(value.get("id"), str):
                found.add(value["id"])
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    for path in (ROOT / "engines" / game).rglob("*.json"):
        walk(json.loads(path.read_text()))
    return found


def cited(game: str) -> dict[str, str]:
    """Each rule ID the game's code cites, with one place that cites it."""
    content = content_ids(game)
    out: dict[str, str] = {}
    for path in sorted((ROOT / "engines" / game).rglob("*.py")):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            for found in CITED.findall(line):
                if found not in content:
                    out.setdefault(found, f"{path.relative_to(ROOT)}:{number}")
    return out


def index(game: str) -> dict[str, str]:
    """The rules index of ``docs/<game>.md``: ID -> what it says."""
    text = (ROOT / "docs" / f"{game}.md").read_text()
    match = re.search(r"^## Rules index\n(.*?)(?=^## |\Z)", text, flags=re.M | re.S)
    assert match is not None, f"docs/{game}.md has no '## Rules index' section"
    rows = (ROW.match(line) for line in match.group(1).splitlines())
    entries = {m.group(1).strip(): m.group(2) for m in rows if m and not set(m.group(1)) <= {"-", " ", ":"}}
    entries.pop("ID", None)  # the table's header
    return entries


def ancestors(rule: str) -> Iterator[str]:
    """``rule`` and the sections it belongs to: ``§5.6.2``, ``§5.6``, ``§5``; ``§11 B25``, ``§11``."""
    yield rule
    while True:
        shorter = re.sub(r"(?:\.\d+| [A-Z]\d+)$", "", rule)
        if shorter == rule:
            return
        rule = shorter
        yield rule


@pytest.mark.parametrize("game", GAMES)
def test_every_cited_rule_id_is_in_the_games_rules_index(game: str) -> None:
    entries = index(game)
    missing = sorted(
        f"{rule} ({where})" for rule, where in cited(game).items() if not set(ancestors(rule)) & set(entries)
    )
    assert missing == []


@pytest.mark.parametrize("game", GAMES)
def test_every_index_entry_says_something(game: str) -> None:
    thin = sorted(rule for rule, words in index(game).items() if len(re.findall(r"[A-Za-z]{3,}", words)) < 3)
    assert thin == []


def test_the_index_reader_and_the_sections() -> None:
    assert list(ancestors("§5.6.2")) == ["§5.6.2", "§5.6", "§5"]
    assert list(ancestors("§11 B25")) == ["§11 B25", "§11"]
    assert CITED.findall("(R-3.1.2, §11 B25; A-24)") == ["R-3.1.2", "§11 B25", "A-24"]
    assert CITED.findall("R-RES-12 and T-MASTER-1") == ["R-RES-12", "T-MASTER-1"]
    assert ROW.match("| `§5.1` | Starting roads: each player places one. |")


#: A public function enforces a rule when it checks an action, applies one, lists a decision's legal options
#: or works out a rule's outcome: so it is named.
ENFORCES = re.compile(r"^(check|apply|validate)_|_(options|candidates|outcome|check)$")


def uncited_rule_functions(game: str) -> list[str]:
    """Public functions of the game's modules that enforce a rule (by name) and cite no rule ID."""
    import ast

    out = []
    for path in sorted((ROOT / "engines" / game).rglob("*.py")):
        for node in ast.parse(path.read_text()).body:
            public = isinstance(node, ast.FunctionDef) and not node.name.startswith("_")
            if public and ENFORCES.search(node.name) and not CITED.search(ast.get_docstring(node) or ""):
                out.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name}")
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_function_that_enforces_a_rule_cites_its_rule_id(game: str) -> None:
    assert uncited_rule_functions(game) == []
