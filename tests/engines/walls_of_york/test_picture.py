"""Walls of York pictures (``RenderView``): seeded random games drawn for every viewer, mid-game and
finished. The SVG parses and has the picture's size; every seat's walls and city are in it; the viewer's
own committed placement and city selection are in it and nobody else's; another hidden choice gives the
same picture; and the server turns one into a PNG of the same size."""

from __future__ import annotations

from functools import cache

import pytest
from msgspec.structs import replace

from engines.core.picture import Picture, seat_colour_name
from engines.core.playout import random_playout
from engines.core.rng import Rng
from engines.core.text import seat as seat_of
from engines.walls_of_york import ENGINE
from engines.walls_of_york.board import EDGE_NAMES
from engines.walls_of_york.facts import committed_streets
from engines.walls_of_york.state import Options, State, Submission
from tests.engines.picture_helpers import check_png, drawn, has, titles


@cache
def played(players: int, seed: int) -> tuple[State, ...]:
    """Every state of a seeded random game (the engine rolls the dice), in order."""
    states: list[State] = []
    start = ENGINE.new_game(Options(players=players), seed)
    random_playout(ENGINE, start, Rng.seeded(seed), on_move=lambda before, move, after: states.append(after))
    return tuple(states)


def placing(players: int, seed: int) -> State:
    """A mid-game state in the placement step where some seat has committed a placement (and, if the game
    has one, some seat has a city)."""
    committed = [s for s in played(players, seed) if s.step == "place" and any(p.submitted for p in s.players)]
    return next((s for s in committed if any(p.city for p in s.players)), committed[len(committed) // 2])


def choosing(players: int, seed: int) -> State:
    """A mid-game state in the closing step where some seat has chosen rooms for a city."""
    return next(s for s in played(players, seed) if s.step == "close" and any(p.selection for p in s.players))


def viewers(s: State) -> list[int | None]:
    """Every seat and the spectator."""
    return [*range(len(s.players)), None]


def seat_name_(number: int) -> str:
    """A seat as the English picture names it."""
    return str(seat_of(number))


def draw(s: State, viewer: int | None) -> Picture:
    """The picture ``viewer`` gets of the full state ``s``."""
    return drawn(ENGINE, s, viewer)


def wall_title(seat: int, street: str) -> str:
    return f"wall of {seat_name_(seat)} ({seat_colour_name(seat)}) on {street},"


def committed_title(seat: int, street: str) -> str:
    return f"placement of {seat_name_(seat)} committed on {street} "


def sample_states() -> list[State]:
    """Mid-game and finished states of 2-, 3- and 4-player games."""
    out = []
    for players, seed in ((2, 3), (3, 1), (4, 1)):
        out += [placing(players, seed), choosing(players, seed), played(players, seed)[-1]]
    return out


@pytest.mark.parametrize("s", sample_states(), ids=lambda s: f"{len(s.players)}p-{s.step}-t{s.turn}")
def test_every_viewer_sees_every_wall_and_city_and_only_its_own_hidden_choices(s: State) -> None:
    for viewer in viewers(s):
        picture = draw(s, viewer)
        assert 800 <= picture.width <= 1400
        found = titles(picture)
        for seat, p in enumerate(s.players):
            for wall in p.walls:
                assert has(found, wall_title(seat, wall)), (viewer, seat, wall)
            for field in p.city:
                assert has(found, f"field {field} on the board of {seat_name_(seat)}: "), field
                assert any(
                    f"field {field} on the board of {seat_name_(seat)}" in t and "inside the city" in t for t in found
                )
            mine = seat == viewer
            for street in committed_streets(s, p):
                assert has(found, committed_title(seat, street)) == mine, (viewer, seat, street)
            for field in p.selection:
                chosen = f"field {field} chosen by {seat_name_(seat)} for the city being declared"
                assert (chosen in found) == mine, (viewer, seat, field)


def test_the_pictures_show_hidden_choices_somewhere() -> None:
    """The checks above are not vacuous: a committed placement and a city selection are drawn for their seat."""
    s = placing(3, 5)
    seat = next(i for i, p in enumerate(s.players) if p.submitted is not None and committed_streets(s, p))
    street = committed_streets(s, s.players[seat])[0]
    assert has(titles(draw(s, seat)), committed_title(seat, street))
    s = choosing(3, 5)
    seat = next(i for i, p in enumerate(s.players) if p.selection)
    field = s.players[seat].selection[0]
    assert f"field {field} chosen by {seat_name_(seat)} for the city being declared" in titles(draw(s, seat))


def test_another_hidden_choice_draws_the_same_picture() -> None:
    """A seat's committed placement and city selection change only that seat's own picture."""
    s = placing(3, 5)
    seat = next(i for i, p in enumerate(s.players) if p.submitted is not None)
    taken = {w for p in s.players for w in p.walls}
    edge = next(e for e in EDGE_NAMES if e not in taken)
    players = list(s.players)
    players[seat] = replace(players[seat], submitted=Submission("single", edge=edge))
    other = replace(s, players=tuple(players))
    for viewer in viewers(s):
        same = draw(s, viewer).svg == draw(other, viewer).svg
        assert same == (viewer != seat), viewer
    s = choosing(3, 5)
    seat = next(i for i, p in enumerate(s.players) if p.selection)
    players = list(s.players)
    players[seat] = replace(players[seat], selection=())
    other = replace(s, players=tuple(players))
    for viewer in viewers(s):
        assert (draw(s, viewer).svg == draw(other, viewer).svg) == (viewer != seat), viewer


def test_the_heading_names_the_viewer_and_the_decree() -> None:
    s = placing(2, 3)
    assert "as seen by a spectator" in draw(s, None).svg
    assert f"as seen by {seat_name_(1)} ({seat_colour_name(1)})" in draw(s, 1).svg
    assert f"Age {s.age}, turn {s.turn}" in draw(s, 0).svg


def test_a_picture_becomes_a_png_of_its_size() -> None:
    picture = draw(placing(4, 7), 2)
    check_png(picture)
