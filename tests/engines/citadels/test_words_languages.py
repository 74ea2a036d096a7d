"""Every word of Citadels in Hungarian and German: seeded games played to the end render every label, path,
prompt, log line, refusal, score line and picture word in each language, none of them English, and the English
rendering of every text is its ``english``."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

from engines.citadels import ENGINE
from engines.citadels import moves as mv
from engines.core.locale import Words
from engines.core.text import Text

#: English words of the catalogue's templates that no Hungarian or German text may show (as whole words,
#: case-sensitive: German ``Gold`` and ``Hand`` are German).
ENGLISH = (
    "Seat",
    "seat",
    "gold",
    "card",
    "cards",
    "district",
    "districts",
    "Take",
    "Build",
    "Destroy",
    "Draw",
    "Keep",
    "Pick",
    "Pay",
    "crown",
    "the",
    "your",
    "with",
    "from",
    "turn",
    "character",
    "characters",
    "hand",
    "deck",
    "round",
    "Chance",
    "picked",
    "took",
    "drew",
    "built",
    "noble",
    "religious",
    "trade",
    "military",
    "unique",
    "Assassin",
    "Thief",
    "Bishop",
    "Warlord",
    "Manor",
    "Temple",
    "Tavern",
    "Watchtower",
    "Legend",
    "score",
    "not",
)
PATTERN = re.compile(r"\b(" + "|".join(ENGLISH) + r")\b")
#: Core's refusal of a wrong kind of action lists the API's names of the kinds (a developer's words).
API_WORDS = ("core.refusal.wrong_decision",)


def _texts(players: int, seed: int) -> Iterator[Text]:
    """Every text a seeded game shows, to the end: labels, paths, prompts, log lines, refusals, scores."""
    state = ENGINE.new_game(ENGINE.make_options(players, {}), seed)
    rng = random.Random(seed)
    pool: list[object] = []
    for _ in range(3000):
        legal = list(ENGINE.legal_moves(state))
        pending = ENGINE.pending(state)
        assert pending.prompt_text is not None
        yield pending.prompt_text
        if not legal:
            break
        for label in ENGINE.labels(state, legal):
            yield label.label
            yield from label.path
        pool = [*pool, *(m.action for m in legal)][-200:]
        for action in rng.sample(pool, min(8, len(pool))):
            for v in ENGINE.validate(state, mv.Move(pending.seats[0], action)):
                assert v.message_text is not None, v
                yield v.message_text
        move = rng.choice(legal)
        after = ENGINE.apply(state, move)
        entry = ENGINE.log(state, move, after)
        yield entry.public_line
        if entry.private_line is not None:
            yield entry.private_line
        state = after
    for s in ENGINE.score(state).seats:
        for e in s.entries:
            assert e.category_text is not None
            yield e.category_text
            if e.detail_text is not None:
                yield e.detail_text
        if s.tiebreak_text is not None:
            yield s.tiebreak_text


def _svg_words(svg: str) -> str:
    return re.sub(r"<[^>]+>", " ", svg)


@pytest.mark.parametrize("players", [2, 3, 5, 8])
def test_a_game_in_hungarian_and_german_shows_no_english(players: int) -> None:
    english, hungarian, german = Words("en"), Words("hu"), Words("de")
    seen = 0
    for text in _texts(players, players * 11):
        assert english(text) == text.english
        if text.id in API_WORDS:
            continue
        for words in (hungarian, german):
            shown = words(text)
            found = PATTERN.search(shown)
            assert found is None, f"{words.locale}: {text.id}: {shown!r} shows {found.group(0)!r}"
        seen += 1
    assert seen > 100


@pytest.mark.parametrize("locale", ["hu", "de"])
def test_a_picture_in_hungarian_and_german_shows_no_english(locale: str) -> None:
    state = ENGINE.new_game(ENGINE.make_options(4, {}), 7)
    rng = random.Random(7)
    for i in range(400):
        legal = list(ENGINE.legal_moves(state))
        if not legal:
            break
        state = ENGINE.apply(state, rng.choice(legal))
        if i % 50 == 0:
            for viewer in (None, 0, 1):
                view = ENGINE.view(state, viewer)
                assert ENGINE.picture(view, viewer, Words("en")) == ENGINE.picture(view, viewer)
                shown = _svg_words(ENGINE.picture(view, viewer, Words(locale)).svg)
                found = PATTERN.search(shown)
                assert found is None, (
                    f"{locale}: {found.group(0)!r} in {shown[max(0, found.start() - 80) : found.end() + 80]!r}"
                )


def test_option_docs_are_texts_in_every_language() -> None:
    for option in ENGINE.info.options:
        assert option.doc_text is not None, option.name
        assert Words("en")(option.doc_text) == option.doc
        for locale in ("hu", "de"):
            assert PATTERN.search(Words(locale)(option.doc_text)) is None, (locale, option.name)
