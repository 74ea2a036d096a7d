"""The Walled City pictures (``RenderView``): seeded random games on both boards drawn for every viewer,
mid-game and finished. The SVG parses and has the picture's size; every area, road, wall, tower, zone,
district, citizen, die and survey tile is named in it; the viewer's own hand and face-down defence cards
are in it and nobody else's; another hidden deal gives the same picture; and the server turns one into a
PNG of the same size."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from functools import cache

import pytest
from msgspec.structs import replace

from engines.core.locale import Words
from engines.core.picture import Picture, seat_colour, text_boxes
from engines.core.playout import random_playout
from engines.core.rng import Rng
from engines.core.text import seat as seat_of
from engines.walled_city.common import board
from engines.walled_city.content import CONTENT
from engines.walled_city.engine import ENGINE
from engines.walled_city.facts import facts
from engines.walled_city.picture import NEUTRAL_COLOUR, faction_colour
from engines.walled_city.state import Card, Options, State
from engines.walled_city.words import card_name
from tests.engines.picture_helpers import check_png, drawn, has, titles


def seat_name(number: int) -> str:
    """A seat as the English names it (``Seat 2``)."""
    return seat_of(number).english


SVG = "{http://www.w3.org/2000/svg}"
GAMES = (("londonderry", 2, 3), ("londonderry", 4, 5), ("borderlands", 3, 7), ("borderlands", 2, 11))


@cache
def played(side: str, players: int, seed: int) -> tuple[State, ...]:
    """Every state of a seeded random game (the engine answers chance), in order."""
    states: list[State] = []
    start = ENGINE.new_game(Options(players=players, board=side), seed)
    random_playout(ENGINE, start, Rng.seeded(seed), on_move=lambda before, move, after: states.append(after))
    return tuple(states)


def building(side: str, players: int, seed: int) -> State:
    """A mid-game state of the second round's build phase with defence cards down (else of the first's)."""
    states = [s for s in played(side, players, seed) if s.phase == "build"]
    return next((s for s in states if s.zones), states[len(states) // 2])


def sample_states() -> list[State]:
    """A mid-game and the finished state of each game."""
    return [state for game in GAMES for state in (building(*game), played(*game)[-1])]


def viewers(s: State) -> list[int | None]:
    """Every seat and the spectator."""
    return [*range(len(s.seats)), None]


def draw(s: State, viewer: int | None) -> Picture:
    """The picture ``viewer`` gets of the full state ``s``."""
    return drawn(ENGINE, s, viewer)


def card_title(card: Card, seat: int) -> str:
    return f"card {Words()(card_name(card.a, card.b, card.defence_only))} in the hand of {seat_name(seat)}"


@pytest.mark.parametrize("s", sample_states(), ids=lambda s: f"{s.options.board}-{len(s.seats)}p-{s.phase}")
def test_every_viewer_sees_the_whole_board(s: State) -> None:
    b = board(s)
    districts = facts(s)["districts"]
    for viewer in viewers(s):
        picture = draw(s, viewer)
        assert 800 <= picture.width <= 1400
        found = titles(picture)
        for number, d in enumerate(districts, 1):
            for area in d["areas"]:
                assert has(found, f"area {area}, district {number} "), (area, number)
        built = {x.id for x in s.paths if x.kind == "built"}
        for p in b.paths:
            named = [t for t in found if f" {p.id} between " in t]
            assert named, p.id
            assert any(": a road" in t for t in named) == (p.id in built), p.id
        for wall in s.gaps:
            assert has(found, f"gap {wall.id} onto area {b.gap_area(wall.id)}: "), wall.id
            assert any(t.startswith(f"gap {wall.id} ") and "wall" in t for t in found) == (wall.kind == "built")
        for t in b.towers:
            assert has(found, f"tower {t.id}: "), t.id
        for z in b.zones:
            assert has(found, f"defence zone {z.id} between "), z.id
        for placed in s.citizens:
            assert any(t.endswith(f"in area {placed.place}") or t.endswith(f"in tower {placed.place}") for t in found)
        for die in s.dice:
            assert has(found, f"{die.faction} faction die showing {die.value} "), die
        for tile in s.tiles:
            assert f"survey tile {tile.value:+d} in area {tile.area}" in found


@pytest.mark.parametrize("s", sample_states(), ids=lambda s: f"{s.options.board}-{len(s.seats)}p-{s.phase}")
def test_a_viewer_sees_its_own_hidden_cards_and_nobody_elses(s: State) -> None:
    for viewer in viewers(s):
        view = ENGINE.view(s, viewer)
        found = titles(ENGINE.picture(view, viewer))
        for seat, p in enumerate(s.seats):
            mine = seat == viewer
            shown = view.seats[seat].hand == p.hand  # a Butchers exchange shows a recipient's hand (§6.3 G18)
            for card in p.hand:
                assert (card_title(card, seat) in found) == shown, (viewer, seat, card)
            face_down = sum(t == f"a face-down card in the hand of {seat_name(seat)}" for t in found)
            assert face_down == (0 if shown else len(p.hand))
            assert not mine or shown
        for z in s.zones:
            title = next(
                t
                for t in found
                if t.startswith(f"defence card of {seat_name(z.owner)} (") and f" in zone {z.zone} (" in t
            )
            if z.revealed or z.owner == viewer:
                assert f"{z.toward_ccw} toward " in title and f"{z.toward_cw} toward " in title, title
            else:
                assert title.endswith("its numbers hidden"), title


def test_the_checks_are_not_vacuous() -> None:
    """The samples hold roads, walls, citizens, face-down defence cards and hands with cards."""
    states = sample_states()
    assert any(x.kind == "built" for s in states for x in s.paths)
    assert any(x.kind == "built" for s in states for x in s.gaps)
    assert any(s.citizens for s in states)
    assert any(not z.revealed for s in states for z in s.zones)
    assert any(p.hand for s in states for p in s.seats)


def test_another_hidden_deal_draws_the_same_picture() -> None:
    """Other seats' hands and face-down defence cards change nothing in a viewer's picture but their own."""
    s = building("londonderry", 4, 5)
    assert s.zones and all(p.hand for p in s.seats)
    for viewer in viewers(s):
        seats = tuple(
            p if i == viewer else replace(p, hand=tuple(Card(c.b + 1, c.a) for c in p.hand))
            for i, p in enumerate(s.seats)
        )
        zones = tuple(
            z if z.revealed or z.owner == viewer else replace(z, toward_ccw=z.toward_cw, toward_cw=z.toward_ccw + 1)
            for z in s.zones
        )
        other = replace(s, seats=seats, zones=zones)
        assert draw(s, viewer).svg == draw(other, viewer).svg, viewer
    changed = replace(s, seats=(replace(s.seats[0], hand=(Card(9, 9),)), *s.seats[1:]))
    assert draw(s, 0).svg != draw(changed, 0).svg


def test_the_heading_names_the_board_and_the_viewer() -> None:
    s = building("borderlands", 3, 7)
    assert "The Walled City, Borderlands board" in draw(s, None).svg
    assert "as seen by a spectator" in draw(s, None).svg
    assert f"as seen by {seat_name(2)}" in draw(s, 2).svg


def test_a_picture_becomes_a_png_of_its_size() -> None:
    picture = draw(building("londonderry", 4, 5), 1)
    check_png(picture)


def _rects(root: ET.Element, start: str) -> list[tuple[float, float, float, float]]:
    """The boxes (left, top, right, bottom) of the rectangles whose title starts with ``start``."""
    out = []
    for rect in root.iter(f"{SVG}rect"):
        title = rect.find(f"{SVG}title")
        if title is not None and (title.text or "").startswith(start):
            x, y = float(rect.get("x", 0)), float(rect.get("y", 0))
            out.append((x, y, x + float(rect.get("width", 0)), y + float(rect.get("height", 0))))
    return out


@pytest.mark.parametrize("s", sample_states(), ids=lambda s: f"{s.options.board}-{len(s.seats)}p-{s.phase}")
def test_every_path_name_is_written_where_no_area_hides_it(s: State) -> None:
    """Issue 23: moves name paths (``p04``, ``t3``), so each path's name is on the board, clear of the area boxes
    (drawn over the paths), as are the names of the areas, towers and zones."""
    picture = draw(s, 0)
    root = ET.fromstring(picture.svg)
    areas = _rects(root, "area ")
    boxes = text_boxes(picture.svg)
    b = board(s)
    for p in b.paths:
        labels = [box for box in boxes if box.text.split(" ")[0] == p.id]
        assert labels, p.id
        for box in labels:
            assert all(box.right <= a[0] or a[2] <= box.left or box.bottom <= a[1] or a[3] <= box.top for a in areas), (
                p.id
            )
    written = {box.text for box in boxes}
    assert set(b.area_ids) | {t.id for t in b.towers} | {z.id for z in b.zones} <= written


def test_faction_dice_have_colours_no_seat_has_and_the_legend_names_them() -> None:
    """Issue 23: a faction die is never the colour of a seat (or of the neutral), and the legend names every
    faction beside a die of its colour."""
    s = building("londonderry", 4, 5)
    root = ET.fromstring(draw(s, None).svg)
    seats = {seat_colour(seat) for seat in range(len(s.seats))} | {NEUTRAL_COLOUR}
    for faction in CONTENT.factions.ids:
        dice = _rects(root, f"{faction} faction die ")
        assert dice, faction
        fills = {
            rect.get("fill")
            for rect in root.iter(f"{SVG}rect")
            if (rect.findtext(f"{SVG}title") or "").startswith(f"{faction} faction die ")
        }
        assert fills == {faction_colour(faction)} and not fills & seats, faction
        assert any(t.text == faction for t in root.iter(f"{SVG}text")), faction
    assert len({faction_colour(f) for f in CONTENT.factions.ids}) == len(CONTENT.factions.ids)


def test_the_heading_names_the_board_by_its_name() -> None:
    for side, name in (("londonderry", "Londonderry"), ("borderlands", "Borderlands")):
        s = building(side, 3 if side == "borderlands" else 4, 7 if side == "borderlands" else 5)
        texts = [box.text for box in text_boxes(draw(s, None).svg)]
        assert texts[0].startswith(f"The Walled City, {name} board — round ")
