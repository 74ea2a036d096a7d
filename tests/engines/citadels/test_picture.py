"""Citadels pictures (``RenderView``): seeded games drawn for every viewer, checked against the full state.

Each picture must be well-formed SVG of the size it claims, show every public thing (cities, gold, the
crown, revealed characters) and the viewer's own hand, and never name another seat's hidden card or
character; a view of a different hidden deal draws the same picture.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from functools import cache

import pytest
from msgspec.structs import replace

from engines.citadels import ENGINE
from engines.citadels.common import district, name
from engines.citadels.state import State, WizardChoice
from engines.core.items import HIDDEN
from engines.core.picture import Picture
from engines.core.playout import random_playout
from engines.core.rng import Rng
from tests.engines.picture_helpers import check_png, parsed, svg_titles, svg_words
from tests.engines.setups import new_state

GAMES = ((2, 3), (4, 5), (8, 9))
"""(players, seed) of the seeded games drawn."""


@cache
def _states(players: int, seed: int) -> tuple[State, ...]:
    """A mid-game state of each phase-relevant moment of a seeded game, and its final state."""
    seen: list[State] = []
    start = new_state(ENGINE, players, seed=seed)
    final, _ = random_playout(ENGINE, start, Rng.seeded(seed), on_move=lambda before, move, after: seen.append(after))
    picks = [seen[len(seen) * k // 5] for k in (1, 2, 3)]
    return (*picks, final)


def _cases() -> list[tuple[int, int, int]]:
    """(game, state index, viewer + 1) for every state of every game and every viewer (0: spectator)."""
    return [(g, i, v) for g, (players, _) in enumerate(GAMES) for i in range(4) for v in range(players + 1)]


def _drawn(state: State, viewer: int | None) -> tuple[Picture, ET.Element]:
    """The picture of ``viewer``'s view of ``state`` and its parsed SVG."""
    pic = ENGINE.picture(ENGINE.view(state, viewer), viewer)
    return pic, parsed(pic)


def _public_names(view: State) -> set[str]:
    """Every district name a view shows somewhere (cities, Museums, visible hands, drawn cards)."""
    cards = [b.card for p in view.players for b in p.city] + [c for p in view.players for b in p.city for c in b.museum]
    cards += [c for p in view.players for c in p.hand]
    if view.turn is not None:
        cards += list(view.turn.drawn)
    return {name(c) for c in cards if c != HIDDEN}


@pytest.mark.parametrize(("game", "index", "who"), _cases())
def test_picture_shows_the_view_and_hides_the_rest(game: int, index: int, who: int) -> None:
    players, seed = GAMES[game]
    state = _states(players, seed)[index]
    viewer = None if who == 0 else who - 1
    pic, root = _drawn(state, viewer)
    assert 800 <= pic.width <= 1400 and pic.height < 4000
    titles, words = svg_titles(root), svg_words(root)
    for seat, p in enumerate(state.players):
        built = [t for t in titles if t.endswith(f"built by seat {seat}") or f"built by seat {seat} (" in t]
        assert len(built) == len(p.city)
        for b in p.city:
            assert any(t.startswith(f"{name(b.card)} (") for t in built)
        assert f"{p.gold} gold of seat {seat}" in titles
    assert f"the crown, held by seat {state.crown}" in titles
    for reveal in state.revealed:
        assert f"revealed by seat {reveal.seat}" in words
    if viewer is not None:
        own = [t for t in titles if t.endswith(f"in the hand of seat {viewer}")]
        assert sorted(t.split(" (")[0] for t in own) == sorted(name(c) for c in state.players[viewer].hand)
    view = ENGINE.view(state, viewer)
    hidden = {
        name(c)
        for seat, p in enumerate(state.players)
        if seat != viewer
        for c, shown in zip(p.hand, view.players[seat].hand, strict=True)
        if shown == HIDDEN
    } - _public_names(view)
    for card in hidden:
        assert not re.search(rf"\b{re.escape(card)}\b", words), card
    lines = [t for t in words.split("\n") if t.startswith("characters: ")]
    for seat, line in enumerate(lines):
        revealed = {r.character for r in state.revealed if r.seat == seat}
        for cid in state.players[seat].characters:
            if seat != viewer and cid not in revealed:
                assert name(cid) not in line


def _other_deal(state: State, viewer: int) -> State:
    """``state`` with every hand but ``viewer``'s dealt again from those hands and the deck (same sizes)."""
    others = [seat for seat in range(len(state.players)) if seat != viewer]
    pool = [c for seat in others for c in state.players[seat].hand] + list(state.deck)
    pool = pool[::-1]
    players = list(state.players)
    for seat in others:
        size = len(players[seat].hand)
        players[seat], pool = replace(players[seat], hand=tuple(pool[:size])), pool[size:]
    return replace(state, players=tuple(players), deck=tuple(sorted(pool)))


@pytest.mark.parametrize("game", range(len(GAMES)))
def test_picture_is_the_same_for_another_hidden_deal(game: int) -> None:
    players, seed = GAMES[game]
    compared = 0
    for state in _states(players, seed):
        if state.queue and isinstance(state.queue[0], WizardChoice):
            continue
        for viewer in (None, 0):
            other = _other_deal(state, -1 if viewer is None else viewer)
            if viewer is not None:
                assert other.players[1].hand != state.players[1].hand or len(set(state.players[1].hand)) <= 1
            first = ENGINE.picture(ENGINE.view(state, viewer), viewer)
            assert ENGINE.picture(ENGINE.view(other, viewer), viewer) == first
            compared += 1
    assert compared >= 4


def test_png_of_a_picture() -> None:
    state = _states(4, 5)[1]
    pic = ENGINE.picture(ENGINE.view(state, 2), 2)
    check_png(pic)


def test_every_unique_district_in_a_city_says_what_it_does() -> None:
    """Issue 23: a player reads what each unique district in play does on the picture (the content's text)."""
    shown = 0
    for players, seed in GAMES:
        for state in _states(players, seed):
            flat = " ".join(svg_words(_drawn(state, None)[1]).split())
            for p in state.players:
                for b in p.city:
                    d = district(b.card)
                    if d.type == "unique":
                        assert d.text_en and f"{name(b.card)}: {d.text_en}" in flat, b.card
                        shown += 1
    assert shown > 0
