"""Guilds of London pictures (``RenderView``): seeded games for 2, 3 and 4 players played with the engine, and
on mid-game, resolving and finished states, for every seat and the spectator: the SVG parses and has the size
the picture reports; every tile, figure, master, token and the beadle is named where it stands; the viewer's
own cards are named, nobody else's hidden card is; the cells of the next Growth phase are drawn; a different
hidden deal draws the same picture; the PNG the server makes of it is a PNG of the right size."""

from __future__ import annotations

import struct
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from functools import cache

import pytest
from msgspec.structs import replace

from engines.core.items import HIDDEN
from engines.core.locale import Words
from engines.core.picture import Picture
from engines.core.playout import random_playout
from engines.core.rng import Rng
from engines.guilds_of_london import picture as drawing
from engines.guilds_of_london import words as naming
from engines.guilds_of_london.common import CONTENT, set_player
from engines.guilds_of_london.engine import ENGINE
from engines.guilds_of_london.picture import next_growth
from engines.guilds_of_london.state import NO_SEAT, CityTile, State
from server.pictures import png
from tests.engines.setups import new_state

# The English of the picture's words (every word is a text; ``Words()`` renders English).


def picture(view: State, viewer: int | None) -> Picture:
    return drawing.picture(view, viewer, Words())


def action_words(card: str) -> str:
    return drawing.action_words(card).english


def lord_mayor_name(card: str) -> str:
    return drawing.lord_mayor_name(card).english


def seat_words(seat: int) -> str:
    return drawing.seat_words(seat).english


def token_words(token: str) -> str:
    return drawing.token_words(token).english


def tile_name(state: State, tile: str) -> str:
    return naming.tile_name(state, tile).english


def plural(count: int, singular: str, several: str | None = None) -> str:
    return f"{count} {singular if count == 1 else (several or singular + 's')}"


PLAYERS = (2, 3, 4)
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: The largest picture any of these states may give (the city shrinks to fit its room).
MOST_WIDTH, MOST_HEIGHT = 1500, 2200


#: Seeds of random games that between them reach every stage a decision stops in, with masters on tiles.
SEEDS: dict[int, tuple[int, ...]] = {2: (3, 8), 3: (10, 0), 4: (9, 3)}
#: The stages a sample is taken in (the first state of each), besides a mid-game turn and the end.
STAGES = ("keep", "negotiate", "reward", "harvest")


@cache
def played(players: int, seed: int) -> tuple[State, ...]:
    """Every state of a seeded random game of ``players`` players, the last one finished."""
    visited: list[State] = []
    start = new_state(ENGINE, players, seed=7 + players)
    random_playout(ENGINE, start, Rng.seeded(seed), on_move=lambda before, move, after: visited.append(after))
    return tuple(visited)


@cache
def samples(players: int) -> tuple[State, ...]:
    """A mid-game turn, the first state of each stage of ``STAGES`` and the finished game, of each seed."""
    picked: list[State] = []
    for seed in SEEDS[players]:
        states = played(players, seed)
        turns = [s for s in states if s.stage == "turns" and s.turn is not None and s.round > 2]
        picked.append(turns[len(turns) // 2])
        for stage in STAGES:
            picked += [s for s in states if s.stage == stage][:1]
        picked.append(states[-1])
    return tuple(picked)


def cases() -> Iterator[tuple[State, int | None]]:
    for players in PLAYERS:
        for state in samples(players):
            for viewer in (*range(players), None):
                yield state, viewer


def words(svg: str) -> str:
    """Every text and title of the picture, unescaped."""
    return "\n".join(ET.fromstring(svg).itertext())


def hidden_from(state: State, viewer: int | None) -> set[str]:
    """Card ids ``viewer`` may not see anywhere: in others' hands, others' Lord Mayor cards (until the end),
    offers and keeps, and the decks, less every id the viewer does see (its own cards, the discard, cards
    in play, and every Lord Mayor card once the game is over)."""
    secret: set[str] = {*state.deck, *state.lm_deck, *state.lm_bottom}
    seen: set[str] = {*state.discard, *state.in_play}
    over = state.stage == "over"
    for seat, p in enumerate(state.players):
        mine = {*p.hand, *p.lm_cards, *p.lm_offer, *p.lm_choice}
        if seat == viewer:
            seen |= mine
        else:
            secret |= mine
        if over:
            seen |= set(p.lm_cards)
    return secret - seen


@pytest.mark.parametrize("players", PLAYERS)
def test_samples_cover_the_stages(players: int) -> None:
    states = samples(players)
    assert {"turns", "keep", "negotiate", "reward", "over"} <= {s.stage for s in states}
    assert any(t.master != NO_SEAT for s in states for t in s.city)


def test_pictures_parse_with_their_size_and_stay_bounded() -> None:
    for state, viewer in cases():
        drawn = ENGINE.picture(ENGINE.view(state, viewer), viewer)
        root = ET.fromstring(drawn.svg)
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
        assert (int(root.attrib["width"]), int(root.attrib["height"])) == (drawn.width, drawn.height)
        assert root.attrib["viewBox"] == f"0 0 {drawn.width} {drawn.height}"
        assert 800 <= drawn.width <= MOST_WIDTH and 600 <= drawn.height <= MOST_HEIGHT


def test_every_tile_figure_master_token_and_the_beadle_is_named_where_it_stands() -> None:
    for state, viewer in cases():
        view = ENGINE.view(state, viewer)
        text = words(picture(view, viewer).svg)
        for placed in view.city:
            where = tile_name(view, placed.tile)
            assert where in text
            if not placed.face_up:
                if placed.master != NO_SEAT:
                    assert f"master of {seat_words(placed.master)} on {where}" in text
                continue
            for seat, n in enumerate(placed.liverymen):
                named = f"{plural(n, 'liveryman', 'liverymen')} of {seat_words(seat)} on {where}"
                assert (named in text) == (n > 0)
            if placed.neutral:
                assert f"{plural(placed.neutral, 'neutral pawn')} on {where}" in text
            if placed.token:
                assert f"second-place token on {where}: {token_words(placed.token)}" in text
        if view.beadle:
            assert f"the beadle on {tile_name(view, view.beadle)}" in text
        else:
            assert "the beadle on" not in text
        for seat in range(len(view.players)):
            you = " · you" if seat == viewer else ""
            assert f"{seat_words(seat)}: {view.players[seat].vp} VP{you}" in text


def test_a_seat_sees_its_own_cards_and_nobody_sees_anyone_elses() -> None:
    secrets_checked = 0
    for state, viewer in cases():
        text = words(picture(ENGINE.view(state, viewer), viewer).svg)
        if viewer is not None:
            own = state.players[viewer]
            for card in own.hand:
                assert action_words(card) in text
            for card in (*own.lm_cards, *own.lm_offer, *own.lm_choice):
                assert lord_mayor_name(card) in text
        for seat, p in enumerate(state.players):
            hidden = len(p.hand)
            if seat != viewer and hidden:
                assert f"{plural(hidden, 'face-down card')}: Hand of {seat_words(seat)}" in text
            if seat != viewer:  # a card of another seat is never drawn face up (only counted, face down)
                shown = ["Hand", "Lord Mayor cards drawn, to choose from", "Lord Mayor card chosen to keep"]
                shown += [] if state.stage == "over" else ["Lord Mayor cards"]
                assert not any(f"{what} of {seat_words(seat)}: " in text for what in shown)
        secret = hidden_from(state, viewer)
        for card in secret:
            assert card not in text, (card, viewer, state.stage)
        secrets_checked += len(secret)
    assert secrets_checked > 0


def test_every_lord_mayor_card_is_named_once_the_game_is_over() -> None:
    for players in PLAYERS:
        final = samples(players)[-1]
        text = words(picture(ENGINE.view(final, None), None).svg)
        kept = [card for p in final.players for card in p.lm_cards]
        assert kept and all(lord_mayor_name(card) in text for card in kept)
        assert not any(card in text for card in kept)  # by what they score, not by their ids


def test_a_different_hidden_deal_draws_the_same_picture() -> None:
    for players in PLAYERS:
        state = samples(players)[0]
        other = state.players[1]
        unlike = next(c for c in state.lm_deck if lord_mayor_name(c) != lord_mayor_name(other.lm_cards[0]))
        swapped_lm = (unlike, *other.lm_cards[1:])
        assert swapped_lm != other.lm_cards
        changed = set_player(
            replace(state, lm_deck=tuple(other.lm_cards[0] if c == unlike else c for c in state.lm_deck)),
            1,
            lm_cards=tuple(sorted(swapped_lm)),
        )
        for viewer in (0, None):
            assert picture(ENGINE.view(changed, viewer), viewer) == picture(ENGINE.view(state, viewer), viewer)
        assert picture(ENGINE.view(changed, 1), 1) != picture(ENGINE.view(state, 1), 1)


def test_hidden_cards_are_drawn_face_down_by_count() -> None:
    state = samples(3)[0]
    view = ENGINE.view(state, None)
    assert all(card == HIDDEN for p in view.players for card in (*p.hand, *p.lm_cards))
    text = words(picture(view, None).svg)
    for seat, p in enumerate(state.players):
        assert f"{plural(len(p.lm_cards), 'face-down card')}: Lord Mayor cards of {seat_words(seat)}" in text


@pytest.mark.parametrize("players", [3, 4])
def test_the_cells_of_the_next_growth_are_drawn_in_placing_order(players: int) -> None:
    state = samples(players)[0]
    growth = next_growth(state)
    assert growth is not None
    at_round, direction, cells = growth
    occupied = {(t.row, t.col) for t in state.city}
    assert cells and not occupied & set(cells)
    text = words(picture(ENGINE.view(state, 0), 0).svg)
    for n, cell in enumerate(cells, start=1):
        assert f"cell {cell}: new tile {n} after round {at_round} (growth starts {direction}" in text


def test_a_city_that_never_grows_draws_no_new_cells() -> None:
    state = samples(2)[0]
    assert next_growth(state) is None
    text = words(picture(ENGINE.view(state, 0), 0).svg)
    assert "new tile 1" not in text and "a coming new tile" not in text


def test_the_tile_being_resolved_is_marked() -> None:
    state = next(s for s in samples(3) if s.stage == "negotiate")
    where = tile_name(state, state.city[state.scan].tile)
    text = words(picture(ENGINE.view(state, None), None).svg)
    assert f"{where} is being resolved" in text and f"Being resolved: {where}" in text


@pytest.mark.parametrize("scale", [1.0, 2.0])
def test_the_png_is_a_png_of_the_scaled_size(scale: float) -> None:
    drawn = picture(ENGINE.view(samples(4)[0], 2), 2)
    data, width, height = png(drawn, scale)
    assert data[:8] == PNG_SIGNATURE
    assert struct.unpack(">II", data[16:24]) == (width, height) == (drawn.width * scale, drawn.height * scale)


def test_a_city_of_every_tile_in_one_line_still_fits() -> None:
    state = samples(3)[0]
    tiles = [*CONTENT.guild_tiles, *CONTENT.special_buildings]
    line = tuple(CityTile(row=1, col=3 + i, tile=t.id, liverymen=(1, 0, 2), token="T_VP2") for i, t in enumerate(tiles))
    view = ENGINE.view(replace(state, city=line, beadle=""), 0)
    drawn = picture(view, 0)
    assert drawn.width <= MOST_WIDTH and drawn.height <= MOST_HEIGHT
    text = words(drawn.svg)
    assert all(tile_name(view, t.id) in text for t in tiles)
