"""Walls of York in Hungarian and German: a seeded game played to its end, every label, path, prompt, log
line, near-miss refusal, score line and picture word rendered in each language, none of them English; and
English rendering gives each text's English unchanged."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

from engines.core.locale import Words
from engines.core.text import Text
from engines.walls_of_york import ENGINE
from engines.walls_of_york.setup import OPTION_DOCS

#: English words of the catalogue's templates that no Hungarian or German text may show.
ENGLISH = {
    "Place",
    "Seat",
    "wall",
    "walls",
    "board",
    "street",
    "streets",
    "city",
    "coin",
    "coins",
    "field",
    "fields",
    "Age",
    "turn",
    "King",
    "Decree",
    "church",
    "churches",
    "well",
    "wells",
    "market",
    "markets",
    "raid",
    "shield",
    "placed",
    "chose",
    "rolled",
    "building",
    "Pass",
    "Keep",
    "Seal",
    "room",
    "quadrant",
    "turned",
    "piece",
    "the",
    "and",
    "you",
    "your",
    "supply",
    "placement",
    "closed",
    "decided",
    "Legend",
    "Chance",
    "score",
    "seen",
    "game",
    "over",
    "terrain",
    "formation",
    "single",
    "left",
    "passed",
}
SVG_TEXT = re.compile(r">([^<>]+)<")


def _texts(seed: int, players: int) -> Iterator[Text]:
    """Every text a seeded game shows, move by move, to its end."""
    state = ENGINE.new_game(ENGINE.make_options(players, {}), seed)
    rng = random.Random(seed)
    for _ in range(4000):
        legal = list(ENGINE.legal_moves(state))
        if not legal:
            break
        pending = ENGINE.pending(state)
        assert pending.prompt_text is not None
        yield pending.prompt_text
        for label in ENGINE.labels(state, legal):
            yield label.label
            yield from label.path
        move = rng.choice(legal)
        other = type(move)((move.seat + 1) % players, move.action)
        for refusal in ENGINE.validate(state, other):
            [text] = [t for t in msgspec_values(refusal) if isinstance(t, Text)]
            yield text
        after = ENGINE.apply(state, move)
        entry = ENGINE.log(state, move, after)
        yield entry.public_line
        if entry.private_line is not None:
            yield entry.private_line
        state = after
    pending = ENGINE.pending(state)
    assert pending.prompt_text is not None
    yield pending.prompt_text
    for seat in ENGINE.score(state).seats:
        for line in seat.entries:
            assert line.category_text is not None
            yield line.category_text
            if line.detail_text is not None:
                yield line.detail_text
    yield from (doc() for doc in OPTION_DOCS.values())


def msgspec_values(struct: object) -> tuple[object, ...]:
    import msgspec

    assert isinstance(struct, msgspec.Struct)
    return msgspec.structs.astuple(struct)


def _english_words(shown: str) -> set[str]:
    return set(re.findall(r"[A-Za-z]+", shown)) & ENGLISH


@pytest.mark.parametrize("locale", ["hu", "de"])
def test_a_whole_game_reads_without_english(locale: str) -> None:
    words = Words(locale)
    english = Words("en")
    seen = 0
    for text in _texts(3, 3):
        assert english(text) == text.english
        shown = words(text)
        assert not _english_words(shown), (text.id, shown)
        seen += 1
    assert seen > 100


@pytest.mark.parametrize("locale", ["hu", "de"])
def test_a_picture_reads_without_english(locale: str) -> None:
    state = ENGINE.new_game(ENGINE.make_options(2, {}), 5)
    rng = random.Random(5)
    for _ in range(60):
        legal = list(ENGINE.legal_moves(state))
        if not legal:
            break
        state = ENGINE.apply(state, rng.choice(legal))
    for viewer in (None, 0):
        svg = ENGINE.picture(ENGINE.view(state, viewer), viewer, Words(locale)).svg
        shown = " ".join(SVG_TEXT.findall(svg)).replace("Walls of York", "")
        assert not _english_words(shown), sorted(_english_words(shown))
        assert (
            ENGINE.picture(ENGINE.view(state, viewer), viewer, Words("en")).svg
            == ENGINE.picture(ENGINE.view(state, viewer), viewer).svg
        )
