"""Every violation code an engine can raise is in its game's catalogue (``engines/<game>/codes.py``),
and vice versa, for every registered game; and every code is documented in ``docs/<game>.md``."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from engines import registry

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(registry.engines())


def catalogue(game: str) -> dict[str, str]:
    codes: dict[str, str] = importlib.import_module(f"engines.{game}.codes").CODES
    return codes


@pytest.mark.parametrize("game", GAMES)
def test_catalogue_matches_the_codes_used(game: str) -> None:
    prefix = game.upper()
    used: set[str] = set()
    for path in (ROOT / "engines" / game).rglob("*.py"):
        if path.name != "codes.py":
            used |= set(re.findall(rf'"({prefix}_[A-Z0-9_]+)"', path.read_text()))
    assert used == set(catalogue(game))
    assert all(text.endswith(".") for text in catalogue(game).values())


@pytest.mark.parametrize("game", GAMES)
def test_every_code_is_documented(game: str) -> None:
    doc = (ROOT / "docs" / f"{game}.md").read_text()
    missing = sorted(code for code in catalogue(game) if code not in doc)
    assert missing == []
