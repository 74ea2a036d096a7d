"""The glossaries (``docs/glossary/<game>.md``): every named thing of every game with its English, Hungarian
and German names and where each comes from, the very words the catalogues use."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from engines.core.locale import catalogue
from engines.core.text import Name
from tests.languages.pending import games
from tools import catalogues

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = ROOT / "docs" / "glossary"
GAMES = games()
COLUMNS = ["id", "en", "hu", "de", "hu source", "de source"]
SOURCES = {"rulebook", "edition", "ours"}


def rows(game: str) -> list[dict[str, str]]:
    """The rows of a game's glossary table."""
    lines = [line.strip() for line in (GLOSSARY / f"{game}.md").read_text(encoding="utf-8").splitlines()]
    table = [line for line in lines if line.startswith("|")]
    header = [cell.strip() for cell in table[0].strip("|").split("|")]
    assert header == COLUMNS
    assert re.fullmatch(r"\|(\s*:?-+:?\s*\|)+", table[1])
    out = []
    for line in table[2:]:
        cells = [cell.strip().strip("`") for cell in line.strip("|").split("|")]
        assert len(cells) == len(COLUMNS), line
        out.append(dict(zip(COLUMNS, cells, strict=True)))
    return out


def names(game: str) -> dict[str, Name]:
    """Every ``Name`` of a game's modules that is a word of its own (not one made of a message and its
    parameters, like a Guilds of London card named by what it does), by message id."""
    modules = [m for m in catalogues.engine_modules() if m.startswith(f"engines.{game}.") or m == f"engines.{game}"]
    found: dict[str, Name] = {}
    for module_name in modules:
        for value in vars(importlib.import_module(module_name)).values():
            for item in catalogues._walk(value):
                if isinstance(item, Name) and not item.text.params:  # a name made of a message is no term
                    found[item.text.id] = item
    return found


@pytest.mark.parametrize("game", GAMES)
def test_the_glossary_names_every_thing_of_the_game_as_the_catalogues_do(game: str) -> None:
    table = rows(game)
    ids = [row["id"] for row in table]
    assert len(ids) == len(set(ids)), "an id twice"
    known = names(game)
    assert known, "the game names no thing"
    assert sorted(set(known) - set(ids)) == []  # every named thing is in the glossary
    for row in table:
        assert {row["hu source"], row["de source"]} <= SOURCES, row
        if row["id"].startswith("term."):
            continue
        assert row["id"] in known, row
        assert row["en"] == known[row["id"]].english
        for locale in ("hu", "de"):
            entry = catalogue(locale).entries.get(row["id"])
            assert entry is not None and entry.forms[0] == row[locale], (locale, row)


@pytest.mark.parametrize("game", GAMES)
def test_every_term_of_the_glossary_is_a_word_the_catalogues_use(game: str) -> None:
    for locale in ("hu", "de"):
        read = catalogue(locale)
        words = " ".join(
            form.lower() for key, entry in read.entries.items() if key.startswith(f"{game}.") for form in entry.forms
        )
        missing = [
            row[locale] for row in rows(game) if row["id"].startswith("term.") and row[locale].lower() not in words
        ]
        assert missing == [], locale
