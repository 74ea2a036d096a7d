"""Every word of The Walled City in Hungarian and German (issue 25): seeded games played to the end render every
label, path, prompt, log line, near-miss refusal, score line, option doc and picture in ``hu`` and ``de``, none
of them left in English; English renders exactly as the engine's ``.english``."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest

from engines.core.locale import Words
from engines.core.text import Text
from engines.walled_city import moves as mv
from engines.walled_city.engine import ENGINE
from engines.walled_city.state import State
from tests.engines.picture_helpers import parsed, svg_words
from tests.engines.setups import new_state

ENGLISH = re.compile(
    r"\b(the|and|with|from|into|toward|nobles?|peasants?|citizens?|roads?|walls?|guilds?|towers?|districts?|"
    r"votes?|cards?|dice|tile|nobody|none|Seat|Chance|Settle|Promote|Place|Pick|Build|Move|Swap|Send|"
    r"Round|round|gap|path|area|reserve|box|watchmen|faction|offer|priority)\b"
)
"""English words of the templates that no Hungarian or German rendering should hold (whole words, as written)."""
KEEP = ("The Walled City",)
"""Proper names that stay as they are."""
API_NAMES = ("core.refusal.wrong_decision",)
"""Core refusals that name the kinds of action by their API names (``Move.action``'s tags), as a developer
sends them."""


def texts_of_a_game(players: int, board: str, seed: int) -> Iterator[Text]:
    """Every text a seeded game shows, to its end: prompts, labels and paths, log lines, near-miss refusals,
    score lines (each seat's categories, details and tiebreak) and option docs."""
    rng = random.Random(seed)
    s: State = new_state(ENGINE, players, seed=seed, board=board, guild_deck="mixed")
    for option in ENGINE.info.options:
        assert option.doc_text is not None
        yield option.doc_text
    while legal := ENGINE.legal_moves(s):
        pending = ENGINE.pending(s)
        assert pending.prompt_text is not None, pending.kind
        yield pending.prompt_text
        for lab in ENGINE.labels(s, legal):
            yield lab.label
            yield from lab.path
        guilds = [m for m in legal if isinstance(m.action, mv.ActivateGuild)]
        move = rng.choice(guilds if guilds and rng.random() < 0.6 else legal)
        for near in (mv.Move((move.seat + 1) % players, move.action), mv.Move(move.seat, mv.Done())):
            for v in ENGINE.validate(s, near):
                assert v.message_text is not None, v.code
                yield v.message_text
        after = ENGINE.apply(s, move)
        entry = ENGINE.log(s, move, after)
        yield entry.public_line
        if entry.private_line is not None:
            yield entry.private_line
        s = after
    sheet = ENGINE.score(s)
    for seat in sheet.seats:
        for entry in seat.entries:
            assert entry.category_text is not None and entry.detail_text is not None
            yield entry.category_text
            yield entry.detail_text
        if seat.tiebreak:
            assert seat.tiebreak_text is not None
            yield seat.tiebreak_text
    over = ENGINE.pending(s)
    assert over.prompt_text is not None
    yield over.prompt_text


def picture_words(players: int, board: str, seed: int, locale: str) -> list[str]:
    """The words of the pictures of a game's last state, for a spectator and each seat, in ``locale``."""
    rng = random.Random(seed)
    s: State = new_state(ENGINE, players, seed=seed, board=board)
    while legal := ENGINE.legal_moves(s):
        s = ENGINE.apply(s, rng.choice(legal))
    out = []
    for viewer in (None, *range(players)):
        picture = ENGINE.picture(ENGINE.view(s, viewer), viewer, Words(locale))
        out.append(svg_words(parsed(picture)))
    return out


def english_left(line: str) -> list[str]:
    for name in KEEP:
        line = line.replace(name, "")
    return ENGLISH.findall(line)


GAMES = [(2, "londonderry", 3), (3, "borderlands", 5), (4, "londonderry", 7)]


@pytest.mark.parametrize(("players", "board", "seed"), GAMES)
def test_every_text_of_a_game_renders_in_hungarian_and_german(players: int, board: str, seed: int) -> None:
    english, hu, de = Words("en"), Words("hu"), Words("de")
    seen: set[str] = set()
    for text in texts_of_a_game(players, board, seed):
        assert english(text) == text.english
        for words in (hu, de):
            line = words(text)
            if line in seen or text.id in API_NAMES:
                continue
            seen.add(line)
            assert not english_left(line), (words.locale, text.id, line)


@pytest.mark.parametrize(("players", "board", "seed"), GAMES[:2])
def test_the_pictures_draw_every_word_in_the_language_asked(players: int, board: str, seed: int) -> None:
    assert picture_words(players, board, seed, "en") == [
        svg_words(parsed(ENGINE.picture(ENGINE.view(s, v), v)))
        for s in [_last(players, board, seed)]
        for v in (None, *range(players))
    ]
    for locale in ("hu", "de"):
        for words in picture_words(players, board, seed, locale):
            for line in words.splitlines():
                assert not english_left(line), (locale, line)


def _last(players: int, board: str, seed: int) -> State:
    rng = random.Random(seed)
    s: State = new_state(ENGINE, players, seed=seed, board=board)
    while legal := ENGINE.legal_moves(s):
        s = ENGINE.apply(s, rng.choice(legal))
    return s


def test_the_svg_parses_in_every_language() -> None:
    s = _last(2, "borderlands", 11)
    for locale in ("hu", "de"):
        svg = ENGINE.picture(ENGINE.view(s, 0), 0, Words(locale)).svg
        ET.fromstring(svg)
