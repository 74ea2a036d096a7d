"""A picture of a Walled City view (``RenderView``): the board in play with its districts, roads, walls,
towers, defence zones, citizens, faction dice and survey tiles, each seat's public area, the viewer's own
hand, and a legend.

A board file names its areas, paths, gaps, towers and zones and how they join (§9.5) but holds no
coordinates, so the picture lays the board out from that structure: the fortification's ring (§5.0.3)
around a circle, towers, gaps and defence zones in their clockwise order; every area that a gap opens
onto next to its gaps, inside the ring; the other areas where their neighbours' average puts them (a
barycentric layout, which draws the shipped boards as their grid and octagon). A path is a line between
the areas on its two sides (a T-path meets the middle of its pair, §5.8): thin when empty, a thick road
when built; its name (as moves name it) sits on its line where no area box hides it. Areas are filled in
the colour of their district (§5.0.2); faction dice in deep shades of their factions' colours that no seat
uses, each faction named in the legend. Drawn from the view alone: other
seats' hands and face-down defence cards appear as face-down cards.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from engines.core.picture import (
    HIDDEN,
    INK,
    MUTED,
    PAPER,
    Picture,
    Svg,
    seat_colour,
    seat_colour_name,
    text_width,
    wrap,
)
from engines.core.text import plural, seat_name
from engines.walled_city.board import Board
from engines.walled_city.common import area_citizens, board, competitors, watchmen
from engines.walled_city.content import CONTENT
from engines.walled_city.districts import Citizens
from engines.walled_city.facts import facts
from engines.walled_city.state import NEUTRAL, NO_SEAT, Card, Spot, State
from engines.walled_city.words import card_name, citizens_name, guild_name, who_name

#: The layout: the ring's radius, the board block, the side panel.
RING = 330
BOARD_SIZE = 2 * RING + 240
CENTRE = BOARD_SIZE / 2
HEADER = 70
PANEL_X = BOARD_SIZE + 10
PANEL_W = 440
WIDTH = PANEL_X + PANEL_W
#: Where areas with a gap sit, as a share of the ring's radius, and an area box's size.
GAP_AREA_RADIUS = 0.74
AREA_W = 92
AREA_H = 76
#: The angle of the ring's first item: the top left (so a ring listed from a corner draws square).
RING_START = -3 * math.pi / 4
#: Rounds of pushing overlapping area boxes apart, and the room kept between two boxes.
SEPARATION_ROUNDS = 60
AREA_SPACE = 16
#: Rounds of the barycentric layout of the areas without a gap (it converges long before).
LAYOUT_ROUNDS = 200

ROAD = "#8b5a2b"
WALL = "#555555"
EMPTY_PATH = "#c8c8c8"
NEUTRAL_COLOUR = "#9a9a9a"
#: The faction dice's colours (§2.5): each faction is named for a colour, drawn in a deep shade of it that no
#: seat (red, blue, green, orange) or the grey neutral uses; a faction a content pack names otherwise takes
#: the next of ``OTHER_FACTION_COLOURS``.
FACTION_COLOURS: dict[str, str] = {
    "blue": "#0a1a7a",
    "purple": "#7a1fa2",
    "yellow": "#e0b800",
    "orange": "#a34a00",
    "green": "#0b5a2a",
}
OTHER_FACTION_COLOURS: tuple[str, ...] = ("#000000", "#6b4f00", "#00606b", "#8b0057", "#4a4a8a")
#: A path's label: font size and the room around the words.
PATH_LABEL = 10
#: Cards drawn in one row of a hand.
HAND_ROW = 9
#: Light fills of the districts, in board order (cycled).
DISTRICT_FILLS: tuple[str, ...] = (
    "#fde2e4",
    "#dbeafe",
    "#dcfce7",
    "#fef3c7",
    "#ede9fe",
    "#ffedd5",
    "#cffafe",
    "#fce7f3",
    "#e5e7eb",
    "#ecfccb",
    "#e0e7ff",
    "#fae8ff",
)

#: How the phases and build steps read in the heading.
PHASE_WORDS: dict[str, str] = {
    "setup": "setup",
    "starting_roads": "starting roads",
    "alignment": "alignment (choosing guilds)",
    "build": "build phase",
    "defence": "defence",
    "over": "game over",
}

Point = tuple[float, float]


def picture(view: State, viewer: int | None) -> Picture:
    """The picture of ``view`` (a view made for ``viewer``; ``None``: a spectator), drawn from the view alone."""
    height = max(HEADER + BOARD_SIZE, HEADER + _panel(Svg(1, 1, ""), view, viewer, 0) + 20)
    svg = Svg(WIDTH, height, f"The Walled City, {board_name(view)} board, {_viewer_words(viewer)}")
    _header(svg, view, viewer)
    _board(svg, view)
    _panel(svg, view, viewer, HEADER)
    return svg.picture()


def board_name(view: State) -> str:
    """The board side in play by its name (``Londonderry``, ``Borderlands``)."""
    return view.options.board.replace("_", " ").title()


def faction_colour(faction: str) -> str:
    """The colour a faction's dice are drawn in (``FACTION_COLOURS``)."""
    if faction in FACTION_COLOURS:
        return FACTION_COLOURS[faction]
    others = [f for f in CONTENT.factions.ids if f not in FACTION_COLOURS]
    index = others.index(faction) if faction in others else 0
    return OTHER_FACTION_COLOURS[index % len(OTHER_FACTION_COLOURS)]


def _viewer_words(viewer: int | None) -> str:
    """Whose picture it is: ``as seen by Seat 1 (blue)`` or ``as seen by a spectator``."""
    if viewer is None or viewer == NO_SEAT:
        return "as seen by a spectator"
    return f"as seen by {seat_name(viewer)} ({seat_colour_name(viewer)})"


def competitor_colour(who: str) -> str:
    """The colour of a competitor: a seat's colour, grey for the 2-player neutral (§3.6)."""
    return NEUTRAL_COLOUR if who == NEUTRAL or not who.isdigit() else seat_colour(int(who))


def _who(who: str) -> str:
    """A competitor with its colour: ``Seat 1 (blue)``, ``the neutral (grey)``."""
    if who == NEUTRAL or not who.isdigit():
        return f"{who_name(NEUTRAL)} (grey)"
    return f"{who_name(who)} ({seat_colour_name(int(who))})"


def _header(svg: Svg, view: State, viewer: int | None) -> None:
    """§4 the round, the phase, the start player and the build turn in progress."""
    phase = PHASE_WORDS.get(view.phase, view.phase)
    head = f"The Walled City, {board_name(view)} board — round {view.round}: {phase}"
    svg.text(20, 30, head, size=20, bold=True)
    bits = [] if view.start_player == NO_SEAT else [f"start player {seat_name(view.start_player)}"]
    if view.turn is not None and view.phase == "build":
        turn = view.turn
        bits.append(f"{seat_name(turn.seat)} to {turn.step}")
        if turn.spot:
            bits.append(f"built {turn.spot} with card {card_name(turn.a, turn.b)}")
    svg.text(20, 54, "; ".join(bits), size=14)
    svg.text(WIDTH - 20, 54, _viewer_words(viewer), size=14, anchor="end", fill=MUTED)


# ---- §9.5 the layout ----------------------------------------------------------------------------------------


def _ring_points(b: Board) -> dict[str, Point]:
    """§5.0.3 each ring item (tower, gap, zone) on the fortification's circle, clockwise from the top left."""
    n = max(1, len(b.ring))
    out: dict[str, Point] = {}
    for i, item in enumerate(b.ring):
        angle = 2 * math.pi * i / n + RING_START
        out[item] = (CENTRE + RING * math.cos(angle), HEADER + CENTRE + RING * math.sin(angle))
    return out


def _neighbours(b: Board) -> dict[str, set[str]]:
    """The areas a path joins to each area (across either side of every path)."""
    out: dict[str, set[str]] = {a: set() for a in b.area_ids}
    for p in b.paths:
        first, second = b.sides(p.id)
        for a in first:
            for c in second:
                out.setdefault(a, set()).add(c)
                out.setdefault(c, set()).add(a)
    return out


def _area_points(b: Board, ring: Mapping[str, Point]) -> dict[str, Point]:
    """Each area's centre: beside its gaps when it has any, else the average of its neighbours (repeated)."""
    cx, cy = CENTRE, HEADER + CENTRE
    gaps: dict[str, list[Point]] = {}
    for g in b.gaps:
        gaps.setdefault(g.area, []).append(ring[g.id])
    points: dict[str, Point] = {}
    for a in b.area_ids:
        near = gaps.get(a)
        if near:
            dx = sum(x - cx for x, _ in near) / len(near)
            dy = sum(y - cy for _, y in near) / len(near)
            if math.hypot(dx, dy) < 1:
                dx, dy = near[0][0] - cx, near[0][1] - cy
            scale = GAP_AREA_RADIUS * RING / math.hypot(dx, dy)
            points[a] = (cx + dx * scale, cy + dy * scale)
        else:
            points[a] = (cx, cy)
    free = [a for a in b.area_ids if a not in gaps]
    neighbours = _neighbours(b)
    for _ in range(LAYOUT_ROUNDS if free else 0):
        for a in free:
            near_points = [points[c] for c in neighbours.get(a, ()) if c in points]
            if near_points:
                points[a] = (
                    sum(x for x, _ in near_points) / len(near_points),
                    sum(y for _, y in near_points) / len(near_points),
                )
    return _separate(points)


def _separate(points: dict[str, Point]) -> dict[str, Point]:
    """Push apart the area boxes that overlap (a few rounds, each pair along the axis it overlaps less)."""
    ids = sorted(points)
    for _ in range(SEPARATION_ROUNDS):
        moved = False
        for i, a in enumerate(ids):
            for c in ids[i + 1 :]:
                (ax, ay), (cx, cy) = points[a], points[c]
                over_x = AREA_W + AREA_SPACE - abs(ax - cx)
                over_y = AREA_H + AREA_SPACE - abs(ay - cy)
                if over_x <= 0 or over_y <= 0:
                    continue
                moved = True
                if over_x < over_y:
                    push = over_x / 2 * (1 if ax >= cx else -1)
                    points[a], points[c] = (ax + push, ay), (cx - push, cy)
                else:
                    push = over_y / 2 * (1 if ay >= cy else -1)
                    points[a], points[c] = (ax, ay + push), (cx, cy - push)
        if not moved:
            break
    return points


# ---- §5.0 the board ------------------------------------------------------------------------------------------


def _board(svg: Svg, view: State) -> None:
    """§5.0 the board in play (fences applied): fortification, paths, areas and everything on them."""
    b = board(view)
    ring = _ring_points(b)
    areas = _area_points(b, ring)
    svg.circle(CENTRE, HEADER + CENTRE, RING, fill="none", stroke=WALL, stroke_width=3, title="the fortification")
    walls = {x.id: x for x in view.gaps}
    for g in b.gaps:
        svg.line(*ring[g.id], *areas[g.area], stroke=EMPTY_PATH, stroke_width=1.5)
    roads = {x.id: x for x in view.paths}
    for p in b.paths:
        _path(svg, b, p.id, roads.get(p.id), areas)
    district_of = _districts(view)
    citizens = area_citizens(view)
    for a in b.area_ids:
        _area(svg, view, b, a, areas[a], district_of.get(a, (0, "")), citizens.get(a, {}))
    taken = [_box(areas[a], AREA_W + 4, AREA_H + 4) for a in b.area_ids]
    for p in b.paths:
        _path_label(svg, b, p.id, roads.get(p.id), areas, taken)
    for g in b.gaps:
        _gap(svg, g.id, g.area, walls.get(g.id), ring[g.id])
    guards = watchmen(view)
    for t in b.towers:
        _tower(svg, view, t.id, ring[t.id], guards.get(t.id, {}))
    for z in b.zones:
        _zone(svg, view, b, z.id, ring[z.id])


def _districts(view: State) -> dict[str, tuple[int, str]]:
    """§5.0.2, §7.2 each area's district number (from 1, board order) and who leads that district now."""
    out: dict[str, tuple[int, str]] = {}
    for number, d in enumerate(facts(view)["districts"], 1):
        leaders = ", ".join(_who(w) for w in d["leaders"]) or "nobody"
        for a in d["areas"]:
            out[a] = (number, leaders)
    return out


def _spot_words(spot: Spot | None, what: str) -> str:
    """A path or gap's state in words: empty, demolished, or built (with its stack's height)."""
    if spot is None:
        return "empty"
    if spot.kind == "demolished":
        return "demolished"
    return what if spot.height == 1 else f"{what} of {spot.height} pieces"


def _path_words(b: Board, path: str, spot: Spot | None) -> str:
    """A path's title: its kind, id, the areas on its two sides and what is on it."""
    first, second = b.sides(path)
    info = b.path[path]
    kind = "fence" if info.fence else f"{info.length} path"
    return f"{kind} {path} between {' and '.join(first)} | {' and '.join(second)}: {_spot_words(spot, 'a road')}"


def _path_ends(b: Board, path: str, areas: Mapping[str, Point]) -> tuple[Point, Point] | None:
    """Where a path's line starts and ends: the middles of the areas of its two sides."""
    first, second = b.sides(path)
    if not first or not second or any(a not in areas for a in (*first, *second)):
        return None
    return _middle([areas[a] for a in first]), _middle([areas[a] for a in second])


def _path(svg: Svg, b: Board, path: str, spot: Spot | None, areas: Mapping[str, Point]) -> None:
    """§5.0.5, §5.8 a path between the areas of its two sides: thin when empty, a road when built."""
    ends = _path_ends(b, path, areas)
    if ends is None:
        return
    info = b.path[path]
    built = spot is not None and spot.kind == "built"
    colour = INK if info.fence else ROAD if built else EMPTY_PATH
    svg.line(
        *ends[0],
        *ends[1],
        stroke=colour,
        stroke_width=9 if built or info.fence else 3,
        title=_path_words(b, path, spot),
        linecap="round",
    )


Box = tuple[float, float, float, float]


def _box(at: Point, width: float, height: float) -> Box:
    """The box of ``width`` x ``height`` centred on ``at``: left, top, right, bottom."""
    return at[0] - width / 2, at[1] - height / 2, at[0] + width / 2, at[1] + height / 2


def _clear(box: Box, taken: list[Box]) -> bool:
    """Whether ``box`` overlaps none of ``taken``."""
    return all(box[2] <= t[0] or t[2] <= box[0] or box[3] <= t[1] or t[3] <= box[1] for t in taken)


def _path_label(svg: Svg, b: Board, path: str, spot: Spot | None, areas: Mapping[str, Point], taken: list[Box]) -> None:
    """A path's name (the id moves name it by) in a label on its line, where no area box or other label hides
    it: the middle of the line if it is free, else the free point of the line nearest the middle, else beside
    the middle."""
    ends = _path_ends(b, path, areas)
    if ends is None:
        return
    (x1, y1), (x2, y2) = ends
    built = spot is not None and spot.kind == "built"
    label = path + (f" ×{spot.height}" if spot is not None and built and spot.height > 1 else "")
    if spot is not None and spot.kind == "demolished":
        label += " ✕"
    width, height = text_width(label, PATH_LABEL) + 8, 14
    length = math.hypot(x2 - x1, y2 - y1) or 1
    nx, ny = (y1 - y2) / length, (x2 - x1) / length  # across the line
    along = [0.5 + k * sign / 20 for k in range(9) for sign in ((1, -1) if k else (1,))]
    candidates = [(x1 + (x2 - x1) * t, y1 + (y2 - y1) * t) for t in along]
    mx, my = candidates[0]
    candidates += [(mx + nx * d * sign, my + ny * d * sign) for d in (16, 28, 40, 52) for sign in (1, -1)]
    at = next((c for c in candidates if _clear(_box(c, width, height), taken)), candidates[0])
    taken.append(_box(at, width, height))
    info = b.path[path]
    colour = INK if info.fence else ROAD if built else MUTED
    title = _path_words(b, path, spot)
    svg.rect(at[0] - width / 2, at[1] - height / 2, width, height, fill=PAPER, stroke=colour, rx=3, title=title)
    svg.text(at[0], at[1] + 3.5, label, size=PATH_LABEL, anchor="middle", title=title)


def _middle(points: list[Point]) -> Point:
    """The average of some points (a T-path's end meets the middle of its two areas)."""
    return sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points)


def _area(
    svg: Svg,
    view: State,
    b: Board,
    area: str,
    at: Point,
    district: tuple[int, str],
    citizens: Mapping[str, Citizens],
) -> None:
    """§5.0.2 an area: its district's colour, its name, citizens per competitor, faction dice, survey tile."""
    number, leaders = district
    x, y = at[0] - AREA_W / 2, at[1] - AREA_H / 2
    info = b.area.get(area)
    printed = []
    if info is not None and info.die_spots:
        printed.append(plural(info.die_spots, "die spot"))
    if info is not None and info.survey_spot:
        printed.append("a survey spot")
    title = f"area {area}, district {number} (leads: {leaders})" + (f"; {', '.join(printed)}" if printed else "")
    fill = DISTRICT_FILLS[(number - 1) % len(DISTRICT_FILLS)] if number else PAPER
    svg.rect(x, y, AREA_W, AREA_H, fill=fill, stroke=INK, stroke_width=1.2, rx=8, title=title)
    svg.text(x + 6, y + 14, area, size=12, bold=True, title=title)
    svg.text(x + AREA_W - 6, y + 14, f"D{number}", size=10, anchor="end", fill=MUTED)
    for i, (who, held) in enumerate(sorted(citizens.items())):
        _chip(svg, x + 4 + (i % 2) * 43, y + 20 + (i // 2) * 17, who, held.peasants, held.nobles, f"in area {area}")
    items = [d for d in view.dice if d.location == area]
    for i, die in enumerate(items):
        _die(svg, x + 6 + i * 24, y + AREA_H - 19, die.faction, die.value, f"in area {area}")
    for i, tile in enumerate(t for t in view.tiles if t.area == area):
        tx = x + AREA_W - 22 - i * 24
        title = f"survey tile {tile.value:+d} in area {area}"
        svg.rect(tx, y + AREA_H - 19, 18, 15, fill="#fff7d6", stroke=INK, rx=7, title=title)
        svg.text(tx + 9, y + AREA_H - 8, f"{tile.value:+d}", size=9, anchor="middle", title=title)


def _chip(svg: Svg, x: float, y: float, who: str, peasants: int, nobles: int, where: str) -> None:
    """§2.2 one competitor's citizens in a place: a chip in its colour, ``2p 1n`` (peasants, nobles)."""
    title = f"{citizens_name(peasants, nobles)} of {_who(who)} {where}"
    label = " ".join(part for part in (f"{peasants}p" if peasants else "", f"{nobles}n" if nobles else "") if part)
    svg.rect(x, y, 40, 15, fill=competitor_colour(who), stroke=INK, stroke_width=0.6, rx=4, title=title)
    svg.text(x + 20, y + 11, label, size=10, fill=PAPER, anchor="middle", bold=True, title=title)


def _die(svg: Svg, x: float, y: float, faction: str, value: int, where: str) -> None:
    """§2.5 a faction die: a white die framed in its faction's colour, showing its value."""
    title = f"{faction} faction die showing {value} {where}"
    colour = faction_colour(faction)
    svg.rect(x, y, 18, 15, fill=colour, stroke=INK, stroke_width=1, rx=2, title=title)
    ink = INK if _light(colour) else PAPER
    svg.text(x + 9, y + 11, str(value), size=10, anchor="middle", bold=True, fill=ink, title=title)


def _light(colour: str) -> bool:
    """Whether ``colour`` (``#rrggbb``) is light enough for dark text on it."""
    if len(colour) != 7 or not colour.startswith("#"):
        return False
    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.299 * red + 0.587 * green + 0.114 * blue > 150


def _gap(svg: Svg, gap: str, area: str, spot: Spot | None, at: Point) -> None:
    """§5.0.3 a gap in the fortification, opening onto its area: open, walled (with its height), or demolished."""
    title = f"gap {gap} onto area {area}: {_spot_words(spot, 'a wall')}"
    built = spot is not None and spot.kind == "built"
    fill = WALL if built else PAPER
    svg.rect(at[0] - 11, at[1] - 8, 22, 16, fill=fill, stroke=INK, stroke_width=1, rx=2, title=title)
    if built and spot is not None and spot.height > 1:
        svg.text(at[0], at[1] + 4, f"×{spot.height}", size=9, fill=PAPER, anchor="middle", title=title)
    elif spot is not None and not built:
        svg.text(at[0], at[1] + 4, "✕", size=10, anchor="middle", title=title)
    ox, oy = _outward(at, 22)
    svg.text(ox, oy + 4, gap, size=9, fill=MUTED, anchor="middle")


def _outward(at: Point, distance: float) -> Point:
    """The point ``distance`` further out from the board's centre than ``at``."""
    dx, dy = at[0] - CENTRE, at[1] - HEADER - CENTRE
    norm = math.hypot(dx, dy) or 1
    return at[0] + dx / norm * distance, at[1] + dy / norm * distance


def _stacked(at: Point, start: float, width: float, height: float) -> tuple[Point, float]:
    """The centre of a ``width`` x ``height`` block placed outward from ``at`` with its nearest edge ``start``
    away, and the distance just past its far edge (where the next block may start)."""
    dx, dy = at[0] - CENTRE, at[1] - HEADER - CENTRE
    norm = math.hypot(dx, dy) or 1
    reach = abs(dx / norm) * width / 2 + abs(dy / norm) * height / 2
    return _outward(at, start + reach), start + 2 * reach


def _tower(svg: Svg, view: State, tower: str, at: Point, guards: Mapping[str, int]) -> None:
    """§5.0.3 a tower on the fortification: its faction dice, then its watchmen (nobles) per competitor, outward."""
    title = f"tower {tower}: " + (
        ", ".join(f"{plural(n, 'watchman', 'watchmen')} of {_who(w)}" for w, n in sorted(guards.items()))
        or "no watchmen"
    )
    svg.rect(at[0] - 16, at[1] - 16, 32, 32, fill="#d6d3ce", stroke=INK, stroke_width=2, title=title)
    svg.text(at[0], at[1] + 4, tower, size=11, bold=True, anchor="middle", title=title)
    dice = [d for d in view.dice if d.location == tower]
    start = 22.0
    if dice:
        (dx, dy), start = _stacked(at, start, 20 * len(dice) - 2, 15)
        for i, die in enumerate(dice):
            _die(svg, dx - 10 * len(dice) + 1 + i * 20, dy - 7.5, die.faction, die.value, f"on tower {tower}")
        start += 5
    if guards:
        sideways = abs(at[0] - CENTRE) > abs(at[1] - HEADER - CENTRE)
        columns = 1 if sideways else min(2, len(guards))
        rows = -(-len(guards) // columns)
        (ox, oy), _ = _stacked(at, start, 43 * columns - 3, 17 * rows - 2)
        left, top = ox - (43 * columns - 3) / 2, oy - (17 * rows - 2) / 2
        for i, (who, nobles) in enumerate(sorted(guards.items())):
            _chip(svg, left + (i % columns) * 43, top + (i // columns) * 17, who, 0, nobles, f"in tower {tower}")


def _zone(svg: Svg, view: State, b: Board, zone: str, at: Point) -> None:
    """§5.0.3, §5.5 a defence zone between two towers and the defence cards in it (face down unless known)."""
    ccw, cw = b.zone_towers(zone)
    svg.text(
        at[0], at[1] + 4, zone, size=11, bold=True, anchor="middle", title=f"defence zone {zone} between {ccw} and {cw}"
    )
    cards = [z for z in view.zones if z.zone == zone]
    sideways = abs(at[0] - CENTRE) > abs(at[1] - HEADER - CENTRE)
    columns = 1 if sideways else max(1, len(cards))
    rows = -(-len(cards) // columns)
    (ox, oy), _ = _stacked(at, 16, 30 * columns - 2, 26 * rows - 2)
    for i, card in enumerate(cards):
        x = ox - (30 * columns - 2) / 2 + 30 * (i % columns)
        y = oy - (26 * rows - 2) / 2 + 26 * (i // columns)
        known = card.revealed or card.toward_ccw or card.toward_cw
        face = f"{card.toward_ccw}|{card.toward_cw}" if known else "?"
        state = "revealed" if card.revealed else "face down"
        what = f"{card.toward_ccw} toward {ccw}, {card.toward_cw} toward {cw}" if known else "its numbers hidden"
        title = f"defence card of {_who(str(card.owner))} in zone {zone} ({state}): {what}"
        svg.rect(
            x,
            y,
            28,
            24,
            fill=PAPER if known else HIDDEN,
            stroke=seat_colour(card.owner),
            stroke_width=3,
            rx=3,
            title=title,
        )
        svg.text(x + 14, y + 16, face, size=10, anchor="middle", title=title)


# ---- §3, §6 the side panel -------------------------------------------------------------------------------------


def _panel(svg: Svg, view: State, viewer: int | None, y: float) -> float:
    """The seats, the neutral, the guilds on offer, the districts and the legend; returns the bottom."""
    x = PANEL_X
    y = _seats(svg, view, viewer, x, y + 10)
    y = _table_lines(svg, view, x, y)
    y = _district_lines(svg, view, x, y + 6)
    return _legend(svg, board(view), x, y + 6)


def _seats(svg: Svg, view: State, viewer: int | None, x: float, y: float) -> float:
    """§3.2, §6 each seat's public area: votes, reserve, guilds, and its hand (face down unless the viewer's)."""
    svg.text(x, y + 12, "Seats", size=16, bold=True)
    y += 34
    for seat, p in enumerate(view.seats):
        you = " (you)" if seat == viewer else ""
        swatch = f"{seat_name(seat)}: {seat_colour_name(seat)}"
        svg.rect(x, y - 12, 14, 14, fill=seat_colour(seat), stroke=INK, title=swatch)
        svg.text(
            x + 20,
            y,
            f"{seat_name(seat)}{you} — {seat_colour_name(seat)}: {plural(p.votes, 'vote')}",
            size=14,
            bold=True,
        )
        guild = guild_name(p.guild) + (" (used)" if p.guild_used else "") if p.guild else "none"
        lines = [
            f"reserve: {plural(p.roads, 'road')}, {plural(p.walls, 'wall')}, "
            f"{plural(p.nobles, 'noble')}, {plural(p.peasants, 'peasant')}",
            f"guild: {guild}" + (f"; round 1: {guild_name(p.round1_guild)}" if p.round1_guild else ""),
        ]
        y = svg.lines(x + 20, y + 17, lines, size=12, gap=1.3)
        y = _hand(svg, seat, p.hand, x + 20, y - 10) + 14
    return y


def _hidden(card: Card) -> bool:
    """A card the view hides (its numbers blanked, §8)."""
    return card.a == 0 and card.b == 0


def _hand(svg: Svg, seat: int, hand: tuple[Card, ...], x: float, y: float) -> float:
    """§2.4 a seat's hand: the cards the view shows by their numbers, the others face down."""
    svg.text(x, y + 14, "hand:", size=12)
    for i, card in enumerate(hand):
        cx = x + 42 + i % HAND_ROW * 40
        y += 24 if i and i % HAND_ROW == 0 else 0
        if _hidden(card):
            title = f"a face-down card in the hand of {seat_name(seat)}"
            svg.rect(cx, y, 34, 20, fill=HIDDEN, stroke=INK, rx=3, title=title)
            svg.text(cx + 17, y + 14, "?", size=11, anchor="middle")
        else:
            title = f"card {card_name(card.a, card.b, card.defence_only)} in the hand of {seat_name(seat)}"
            svg.rect(cx, y, 34, 20, fill=PAPER, stroke=seat_colour(seat), stroke_width=2, rx=3, title=title)
            svg.text(cx + 17, y + 14, card_name(card.a, card.b), size=11, anchor="middle", bold=True, title=title)
    if not hand:
        svg.text(x + 42, y + 14, "no cards", size=12, fill=MUTED)
    return y + 24


def _table_lines(svg: Svg, view: State, x: float, y: float) -> float:
    """§3.6, §4, §5.7 the neutral, the order, the guilds on offer, a guild in use, nobles in the box."""
    lines = []
    if NEUTRAL in competitors(view):
        votes = sum(v.points for v in view.votes if v.who == NEUTRAL)
        lines.append(
            f"the neutral (grey): {plural(votes, 'vote')}; supply {plural(view.neutral_nobles, 'noble')}, "
            f"{plural(view.neutral_peasants, 'peasant')}"
        )
    if view.order:
        lines.append("order: " + ", ".join(seat_name(s) for s in view.order))
    if view.offer:
        lines.append("guilds on offer: " + ", ".join(guild_name(g) for g in view.offer))
    if view.activation is not None:
        act = view.activation
        lines.append(f"guild in use: {guild_name(act.guild)} by {seat_name(act.seat)}")
        if act.cards:
            shown = " ".join(card_name(c.a, c.b) for c in act.cards if not _hidden(c))
            hidden = sum(1 for c in act.cards if _hidden(c))
            lines.append(f"cards given: {shown or 'none shown'}" + (f"; {hidden} face down" if hidden else ""))
    if view.out_nobles:
        lines.append("nobles in the box: " + ", ".join(f"{p.nobles} of {_who(p.who)}" for p in view.out_nobles))
    if view.defence_only_left:
        lines.append(f"defence-only cards not dealt: {len(view.defence_only_left)} (face down)")
    for i, line in enumerate(lines):
        y = _wrapped(svg, x, y + 12, line, 12) - 12
        if i == len(lines) - 1:
            y += 4
    return y


def _wrapped(svg: Svg, x: float, y: float, line: str, size: float) -> float:
    """``line`` from baseline ``y`` in lines that fit the panel (the second and later indented); returns the
    baseline after the last."""
    first, *rest = wrap(line, PANEL_W - 12, size)
    rest = wrap(" ".join(rest), PANEL_W - 24, size) if rest else []
    for j, part in enumerate([first, *rest]):
        svg.text(x + (12 if j else 0), y, part, size=size)
        y += round(size * 4 / 3)
    return y


def _district_lines(svg: Svg, view: State, x: float, y: float) -> float:
    """§5.0.2, §7.2 every district: its areas, place values and who leads it now."""
    svg.text(x, y + 12, "Districts (who leads now)", size=16, bold=True)
    y += 30
    for number, d in enumerate(facts(view)["districts"], 1):
        leaders = ", ".join(who_name(w) for w in d["leaders"]) or "nobody"
        fill = DISTRICT_FILLS[(number - 1) % len(DISTRICT_FILLS)]
        svg.rect(x, y - 11, 14, 14, fill=fill, stroke=INK, title=f"district {number}")
        values = "/".join(str(v) for v in d["place_values"])
        words = f"D{number}: {' '.join(d['areas'])} — values {values}; leads: {leaders}"
        first, *rest = wrap(words, PANEL_W - 20, 11)
        svg.text(x + 20, y, first, size=11)
        for part in wrap(" ".join(rest), PANEL_W - 32, 11) if rest else []:
            y += 14
            svg.text(x + 32, y, part, size=11)
        y += 16
    return y


def _legend(svg: Svg, b: Board, x: float, y: float) -> float:
    """The legend: roads, walls, citizens, dice, survey tiles, towers, defence cards."""
    svg.text(x, y + 12, "Legend", size=16, bold=True)
    y += 30
    svg.line(x, y - 4, x + 30, y - 4, stroke=ROAD, stroke_width=9, linecap="round")
    svg.text(x + 48, y, "a road on a path (×n: stacked; ✕ demolished)", size=12)
    y += 22
    svg.line(x, y - 4, x + 30, y - 4, stroke=EMPTY_PATH, stroke_width=3)
    svg.text(x + 48, y, "an empty path (its sides' areas are one district)", size=12)
    y += 22
    svg.rect(x + 4, y - 12, 22, 16, fill=WALL, stroke=INK)
    svg.text(x + 48, y, "a wall in a gap of the fortification (×n: stacked)", size=12)
    y += 22
    svg.rect(x + 4, y - 12, 22, 16, fill=PAPER, stroke=INK)
    svg.text(x + 48, y, "an open gap (✕ demolished)", size=12)
    y += 22
    _chip(svg, x, y - 12, "0", 2, 1, "(example)")
    svg.text(x + 48, y, "citizens of a competitor: p peasants, n nobles", size=12)
    y += 22
    svg.text(x + 48, y, "faction dice, by faction:", size=12)
    y += 22
    left = x + 10
    for faction in CONTENT.factions.ids:
        _die(svg, left, y - 12, faction, 2, "(example)")
        svg.text(left + 24, y, faction, size=12)
        left += 24 + text_width(faction, 12) + 16
    y += 22
    svg.rect(x + 10, y - 12, 18, 15, fill="#fff7d6", stroke=INK, rx=7)
    svg.text(x + 48, y, "a survey tile (+1 / −1 to the place values)", size=12)
    y += 22
    svg.rect(x + 4, y - 14, 28, 20, fill=HIDDEN, stroke=INK, rx=3)
    svg.text(x + 48, y, "a defence card face down; a|b: a toward the", size=12)
    svg.text(x + 48, y + 15, "counter-clockwise tower, b toward the clockwise one", size=12)
    y += 37
    examples = [
        (b.area_ids[:1], "an area (D1: its district)"),
        ([p.id for p in b.paths[:1]], "a path"),
        ([g.id for g in b.gaps[:1]], "a gap in the fortification"),
        ([t.id for t in b.towers[:1]], "a tower"),
        ([z.id for z in b.zones[:1]], "a defence zone"),
    ]
    names = "Names as moves use them: " + ", ".join(f"{ids[0]} {what}" for ids, what in examples if ids) + "."
    y = _wrapped(svg, x, y, names, 12) + 4
    svg.text(x, y, "Board layout drawn from the board's structure (no printed coordinates).", size=11, fill=MUTED)
    return y + 10
