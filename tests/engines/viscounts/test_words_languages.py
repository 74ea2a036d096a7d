"""Viscounts of the West Kingdom in Hungarian and German: seeded games played to their end (a solo game against
the Cleric AI among them), every label, path, prompt, log line, near-miss refusal, score line and picture word
rendered in each language, none of them English; and English rendering gives each text's English unchanged."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import msgspec
import pytest

from engines.core.locale import Words
from engines.core.text import Text
from engines.viscounts.engine import CLERIC_AI, ENGINE
from engines.viscounts.setup import OPTION_DOCS

#: English words of the catalogue's templates that no Hungarian or German text may show (case-sensitive, so
#: German nouns that share a spelling, ``Gold``, ``Segment``, do not count).
ENGLISH = {
    "Seat",
    "Chance",
    "silver",
    "ink",
    "gold",
    "stone",
    "virtue",
    "corruption",
    "debt",
    "debts",
    "deed",
    "deeds",
    "worker",
    "workers",
    "manuscript",
    "manuscripts",
    "townsfolk",
    "hero",
    "card",
    "cards",
    "pile",
    "segment",
    "section",
    "tier",
    "castle",
    "spot",
    "ribbon",
    "icon",
    "icons",
    "scheme",
    "round",
    "free",
    "Hire",
    "hired",
    "Build",
    "built",
    "Trade",
    "traded",
    "Transcribe",
    "transcribed",
    "Discard",
    "discarded",
    "Destroy",
    "destroyed",
    "Draw",
    "drew",
    "Play",
    "played",
    "Move",
    "moved",
    "Take",
    "took",
    "Reveal",
    "revealed",
    "Flip",
    "flipped",
    "Pay",
    "paid",
    "paying",
    "nothing",
    "none",
    "nobody",
    "the",
    "and",
    "with",
    "from",
    "then",
    "you",
    "your",
    "Legend",
    "Poverty",
    "Prosperity",
    "Cleric",
    "Leader",
    "Future",
    "Scheme",
    "player",
    "empty",
}
SVG_TEXT = re.compile(r">([^<>]+)<")
GAMES = ((3, 1), (2, 3), (4, 2))
"""(seed, players) of the games played: a solo game, a two-player and a four-player one."""


def _refusal_texts(violations: list[object]) -> Iterator[Text]:
    for refusal in violations:
        assert isinstance(refusal, msgspec.Struct)
        [text] = [t for t in msgspec.structs.astuple(refusal) if isinstance(t, Text)]
        yield text


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
        yield from _refusal_texts(list(ENGINE.validate(state, other)))
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
        if seat.tiebreak_text is not None:
            yield seat.tiebreak_text
        for line in seat.entries:
            assert line.category_text is not None
            yield line.category_text
            if line.detail_text is not None:
                yield line.detail_text
    yield from (doc() for doc in OPTION_DOCS.values())
    yield CLERIC_AI()


def _english_words(shown: str) -> set[str]:
    return set(re.findall(r"[A-Za-z]+", shown)) & ENGLISH


@pytest.mark.parametrize("locale", ["hu", "de"])
@pytest.mark.parametrize(("seed", "players"), GAMES)
def test_a_whole_game_reads_without_english(locale: str, seed: int, players: int) -> None:
    words = Words(locale)
    english = Words("en")
    seen = 0
    for text in _texts(seed, players):
        assert english(text) == text.english
        shown = words(text)
        assert not _english_words(shown), (text.id, shown)
        seen += 1
    assert seen > 100


def test_refusals_of_every_kind_read_without_english() -> None:
    """Moves the state does not allow, from every decision a seeded game reaches: each refusal in Hungarian
    and German."""
    state = ENGINE.new_game(ENGINE.make_options(2, {}), 7)
    rng = random.Random(7)
    tried: set[str] = set()
    for _ in range(1500):
        legal = list(ENGINE.legal_moves(state))
        if not legal:
            break
        for move in legal[:6]:
            other = type(move)((move.seat + 1) % 2, move.action)
            for text in _refusal_texts(list(ENGINE.validate(state, other))):
                tried.add(text.id)
                for locale in ("hu", "de"):
                    assert not _english_words(Words(locale)(text)), (text.id, Words(locale)(text))
        state = ENGINE.apply(state, rng.choice(legal))
    assert tried


@pytest.mark.parametrize("locale", ["hu", "de"])
def test_a_picture_reads_without_english(locale: str) -> None:
    for players, seed in ((2, 5), (1, 3)):
        state = ENGINE.new_game(ENGINE.make_options(players, {}), seed)
        rng = random.Random(seed)
        for _ in range(150):
            legal = list(ENGINE.legal_moves(state))
            if not legal:
                break
            state = ENGINE.apply(state, rng.choice(legal))
        for viewer in (None, 0):
            view = ENGINE.view(state, viewer)
            svg = ENGINE.picture(view, viewer, Words(locale)).svg
            shown = " ".join(SVG_TEXT.findall(svg))
            assert not _english_words(shown), sorted(_english_words(shown))
            assert ENGINE.picture(view, viewer, Words("en")).svg == ENGINE.picture(view, viewer).svg
