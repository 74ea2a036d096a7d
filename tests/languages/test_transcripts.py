"""A seeded game of every game, to its end, in every language (``tools.transcript``): in English exactly the
words the service gave before it spoke other languages (the transcripts in ``golden/`` were written by that
code), and in Hungarian and German no English word in any label, path, prompt, log line, refusal, score line,
option, seat name or picture."""

from __future__ import annotations

from pathlib import Path

import pytest

from engines import registry
from engines.core.locale import Words
from tests.languages.english import english_in, english_only
from tests.languages.pending import games
from tools.transcript import transcript

GOLDEN = Path(__file__).resolve().parent / "golden"
GAMES = sorted(registry.engines())


def _lines(game: str, locale: str) -> list[tuple[str, str]]:
    return transcript(game, Words(locale))


@pytest.mark.parametrize("game", GAMES)
def test_english_is_what_it_was(game: str) -> None:
    golden = (GOLDEN / f"{game}.en.txt").read_text(encoding="utf-8").splitlines()
    now = [f"{kind}\t{said.replace(chr(10), ' / ')}" for kind, said in _lines(game, "en")]
    assert len(now) == len(golden)
    changed = [(i, old, new) for i, (old, new) in enumerate(zip(golden, now, strict=True)) if old != new]
    assert changed[:5] == []


@pytest.mark.parametrize("locale", ["hu", "de"])
@pytest.mark.parametrize("game", games())
def test_no_english_word_in_another_language(game: str, locale: str) -> None:
    vocabulary = english_only(locale, ("core", game))
    lines = _lines(game, locale)
    english = [(kind, said, english_in(said, vocabulary)) for kind, said in lines if english_in(said, vocabulary)]
    assert english[:10] == []
    kinds = {kind for kind, _ in lines}
    assert {"label", "path", "prompt", "log", "refusal", "score", "picture"} <= kinds
