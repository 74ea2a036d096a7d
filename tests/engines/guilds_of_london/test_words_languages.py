"""Every word of a game in Hungarian and German (issue #25): a seeded game played to the end, rendered in each
language, shows no English word of the game's catalogue (labels, paths, prompts, log lines, near-miss
refusals, score lines, a picture); rendered in English, every text is its ``.english``."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from engines.core.locale import Words
from engines.core.text import Name, Text
from engines.guilds_of_london.engine import ENGINE
from engines.guilds_of_london.names import TILES
from engines.guilds_of_london.setup import OPTION_DOCS
from tests.engines.setups import new_state

LOCALE = Path(__file__).resolve().parents[3] / "engines" / "guilds_of_london" / "locale"
WORD = re.compile(r"[^\W\d_]{3,}")
#: English words of the shared core messages that a player would see here.
CORE_ENGLISH = {"seat", "chance", "none"}


def _words(text: str) -> set[str]:
    return {word.lower() for word in WORD.findall(text)}


@cache
def english_only(locale: str) -> frozenset[str]:
    """The words of the game's English templates that no translation in ``locale`` uses (proper names such as
    ``Ulster`` or ``London`` are in both, so they are allowed)."""
    with (LOCALE / f"{locale}.po").open("rb") as handle:
        po = read_po(handle, locale=locale)
    english: set[str] = set(CORE_ENGLISH)
    translated: set[str] = set()
    for message in po:
        if not message.id:
            continue
        ids = (message.id,) if isinstance(message.id, str) else tuple(message.id)
        strings = (message.string,) if isinstance(message.string, str) else tuple(message.string)
        for template in ids:
            english |= _words(re.sub(r"\{\w+\}", " ", template))
        for template in strings:
            translated |= _words(re.sub(r"\{\w+\}", " ", template))
    return frozenset(english - translated)


def _picture_strings(svg: str) -> Iterator[str]:
    for element in ET.fromstring(svg).iter():
        if element.text and element.text.strip():
            yield element.text


def _texts_of_a_game(players: int, seed: int) -> Iterator[Text | Name]:
    """Every text a seeded random game shows, from the first decision to the score sheet (the states it passes
    every 150 moves are kept for their pictures)."""
    state = new_state(ENGINE, players, seed=seed)
    rng = random.Random(seed)
    _STATES[players, seed] = []
    for i in range(5000):
        if i % 150 == 0:
            _STATES[players, seed].append(state)
        legal = list(ENGINE.legal_moves(state))
        pending = ENGINE.pending(state)
        assert pending.prompt_text is not None
        yield pending.prompt_text
        if not legal:
            break
        for shown in ENGINE.labels(state, legal):
            yield shown.label
            yield from shown.path
        move = rng.choice(legal)
        other = type(move)((move.seat + 1) % players, move.action)
        for refusal in ENGINE.validate(state, other):
            assert refusal.message_text is not None, refusal.code
            yield refusal.message_text
        after = ENGINE.apply(state, move)
        entry = ENGINE.log(state, move, after)
        yield entry.public_line
        if entry.private_line is not None:
            yield entry.private_line
        state = after
    assert state.stage == "over"
    for seat in ENGINE.score(state).seats:
        for line in seat.entries:
            assert line.category_text is not None
            yield line.category_text
            if line.detail_text is not None:
                yield line.detail_text
        if seat.tiebreak_text is not None:
            yield seat.tiebreak_text
    yield from (doc() for doc in OPTION_DOCS.values())
    yield from TILES.values()
    _STATES[players, seed].append(state)


_STATES: dict[tuple[int, int], list[Any]] = {}


@pytest.mark.parametrize("locale", ["hu", "de"])
@pytest.mark.parametrize(("players", "seed"), [(2, 3), (4, 5)])
def test_a_whole_game_reads_without_english(locale: str, players: int, seed: int) -> None:
    words, english = Words(locale), Words("en")
    forbidden = english_only(locale)
    for text in _texts_of_a_game(players, seed):
        plain = text.text if isinstance(text, Name) else text
        assert english(text) == plain.english
        shown = words(text)
        assert shown, plain.id
        left = _words(shown) & forbidden
        assert not left, f"{plain.id}: {shown!r} keeps English {sorted(left)}"
    assert {"liveryman", "tile", "the", "seat"} <= forbidden
    for state in _STATES[players, seed]:
        for viewer in (None, 0):
            view = ENGINE.view(state, viewer)
            assert ENGINE.picture(view, viewer, english).svg == ENGINE.picture(view, viewer).svg
            for line in _picture_strings(ENGINE.picture(view, viewer, words).svg):
                left = _words(line) & forbidden
                assert not left, f"picture: {line!r} keeps English {sorted(left)}"
