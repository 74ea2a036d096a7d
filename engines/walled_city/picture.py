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

from engines.core.locale import Words
from engines.core.picture import (
    HIDDEN,
    INK,
    MUTED,
    PAPER,
    Picture,
    Svg,
    seat_colour,
    text_width,
    wrap,
)
from engines.core.text import LIST_COMMA, Message, Param, Text, listing, seat
from engines.walled_city.board import Board
from engines.walled_city.common import area_citizens, board, competitors, watchmen
from engines.walled_city.content import CONTENT
from engines.walled_city.districts import Citizens
from engines.walled_city.facts import facts
from engines.walled_city.names import (
    FACTIONS,
    NOBLES,
    PEASANTS,
    THE_NEUTRAL,
    board_side,
    colour,
    faction,
)
from engines.walled_city.state import NEUTRAL, NO_SEAT, Card, Spot, State
from engines.walled_city.words import NOBODY, NONE_KEPT, card_name, citizens_name, guild_name, who_name

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
PHASE_WORDS: dict[str, Message] = {
    "setup": Message("walled_city.picture.phase.setup", "setup"),
    "starting_roads": Message("walled_city.picture.phase.starting_roads", "starting roads"),
    "alignment": Message("walled_city.picture.phase.alignment", "alignment (choosing guilds)"),
    "build": Message("walled_city.picture.phase.build", "build phase"),
    "defence": Message("walled_city.picture.phase.defence", "defence"),
    "over": Message("walled_city.picture.phase.over", "game over"),
}
STEP_WORDS: dict[str, Message] = {
    "place": Message("walled_city.picture.step.place", "place"),
    "settle": Message("walled_city.picture.step.settle", "settle"),
    "promote": Message("walled_city.picture.step.promote", "promote"),
    "adjust": Message("walled_city.picture.step.adjust", "adjust"),
    "end": Message("walled_city.picture.step.end", "end"),
}
LENGTH_WORDS: dict[str, Message] = {
    "short": Message("walled_city.picture.path.short", "short path"),
    "medium": Message("walled_city.picture.path.medium", "medium path"),
    "long": Message("walled_city.picture.path.long", "long path"),
}
TITLE = Message("walled_city.picture.title", "The Walled City, {board} board, {viewer}")
AS_SPECTATOR = Message("walled_city.picture.as_spectator", "as seen by a spectator")
AS_SEAT = Message("walled_city.picture.as_seat", "as seen by {seat} ({colour})")
WHO_COLOUR = Message("walled_city.picture.who_colour", "{who} ({colour})")
GREY = Message("walled_city.picture.grey", "grey")
HEAD = Message("walled_city.picture.head", "The Walled City, {board} board — round {round}: {phase}")
START_PLAYER = Message("walled_city.picture.start_player", "start player {seat}")
TO_STEP = Message("walled_city.picture.to_step", "{seat} to {step}")
BUILT_WITH = Message("walled_city.picture.built_with", "built {spot} with card {card}")
FORTIFICATION = Message("walled_city.picture.fortification", "the fortification")
SPOT_EMPTY = Message("walled_city.picture.spot_empty", "empty")
SPOT_DEMOLISHED = Message("walled_city.picture.spot_demolished", "demolished")
A_ROAD = Message("walled_city.picture.a_road", "a road")
A_WALL = Message("walled_city.picture.a_wall", "a wall")
ROAD_OF = Message("walled_city.picture.road_of", "a road of {n} pieces")
WALL_OF = Message("walled_city.picture.wall_of", "a wall of {n} pieces")
FENCE_KIND = Message("walled_city.picture.fence", "fence")
PATH_TITLE = Message("walled_city.picture.path_title", "{kind} {path} between {first} | {second}: {state}")
DIE_SPOTS = Message("walled_city.picture.die_spots", "{n} die spot", "{n} die spots")
SURVEY_SPOT = Message("walled_city.picture.survey_spot", "a survey spot")
AREA_TITLE = Message("walled_city.picture.area_title", "area {area}, district {number} (leads: {leaders})")
AREA_TITLE_PRINTED = Message(
    "walled_city.picture.area_title_printed", "area {area}, district {number} (leads: {leaders}); {printed}"
)
DISTRICT_NUMBER = Message("walled_city.picture.district_number", "D{number}")
IN_AREA = Message("walled_city.picture.in_area", "in area {area}")
ON_TOWER = Message("walled_city.picture.on_tower", "on tower {tower}")
IN_TOWER = Message("walled_city.picture.in_tower", "in tower {tower}")
EXAMPLE = Message("walled_city.picture.example", "(example)")
TILE_TITLE = Message("walled_city.picture.tile_title", "survey tile {value} in area {area}")
CHIP_TITLE = Message("walled_city.picture.chip_title", "{citizens} of {who} {where}")
CHIP_PEASANTS = Message("walled_city.picture.chip_peasants", "{n}p")
CHIP_NOBLES = Message("walled_city.picture.chip_nobles", "{n}n")
DIE_TITLE = Message("walled_city.picture.die_title", "{faction} faction die showing {value} {where}")
GAP_TITLE = Message("walled_city.picture.gap_title", "gap {gap} onto area {area}: {state}")
TOWER_TITLE = Message("walled_city.picture.tower_title", "tower {tower}: {guards}")
WATCHMEN_OF = Message("walled_city.picture.watchmen_of", "{n} watchman of {who}", "{n} watchmen of {who}")
NO_WATCHMEN = Message("walled_city.picture.no_watchmen", "no watchmen")
ZONE_TITLE = Message("walled_city.picture.zone_title", "defence zone {zone} between {ccw} and {cw}")
REVEALED = Message("walled_city.picture.revealed", "revealed")
FACE_DOWN = Message("walled_city.picture.face_down", "face down")
CARD_NUMBERS = Message("walled_city.picture.card_numbers", "{a} toward {ccw}, {b} toward {cw}")
NUMBERS_HIDDEN = Message("walled_city.picture.numbers_hidden", "its numbers hidden")
ZONE_CARD_TITLE = Message("walled_city.picture.zone_card", "defence card of {who} in zone {zone} ({state}): {what}")
SEATS = Message("walled_city.picture.seats", "Seats")
SWATCH = Message("walled_city.picture.swatch", "{seat}: {colour}")
VOTES = Message("walled_city.count.votes", "{n} vote", "{n} votes")
ROADS = Message("walled_city.count.roads", "{n} road", "{n} roads")
WALLS = Message("walled_city.count.walls", "{n} wall", "{n} walls")
SEAT_LINE = Message("walled_city.picture.seat_line", "{seat} — {colour}: {votes}")
SEAT_LINE_YOU = Message("walled_city.picture.seat_line_you", "{seat} (you) — {colour}: {votes}")
GUILD_USED = Message("walled_city.picture.guild_used", "{guild} (used)")
RESERVE = Message("walled_city.picture.reserve", "reserve: {roads}, {walls}, {nobles}, {peasants}")
GUILD_LINE = Message("walled_city.picture.guild", "guild: {guild}")
GUILD_LINE_FIRST = Message("walled_city.picture.guild_first", "guild: {guild}; round 1: {first}")
HAND = Message("walled_city.picture.hand", "hand:")
FACE_DOWN_CARD = Message("walled_city.picture.face_down_card", "a face-down card in the hand of {seat}")
CARD_IN_HAND = Message("walled_city.picture.card_in_hand", "card {card} in the hand of {seat}")
NO_CARDS = Message("walled_city.picture.no_cards", "no cards")
NEUTRAL_LINE = Message("walled_city.picture.neutral", "{neutral} ({colour}): {votes}; supply {nobles}, {peasants}")
ORDER = Message("walled_city.picture.order", "order: {seats}")
OFFER = Message("walled_city.picture.offer", "guilds on offer: {guilds}")
IN_USE = Message("walled_city.picture.in_use", "guild in use: {guild} by {seat}")
CARDS_GIVEN = Message("walled_city.picture.cards_given", "cards given: {shown}")
CARDS_GIVEN_HIDDEN = Message("walled_city.picture.cards_given_hidden", "cards given: {shown}; {n} face down")
NONE_SHOWN = Message("walled_city.picture.none_shown", "none shown")
IN_BOX = Message("walled_city.picture.in_box", "nobles in the box: {nobles}")
N_OF = Message("walled_city.picture.n_of", "{n} of {who}")
NOT_DEALT = Message("walled_city.picture.not_dealt", "defence-only cards not dealt: {n} (face down)")
DISTRICTS_HEAD = Message("walled_city.picture.districts", "Districts (who leads now)")
DISTRICT_N = Message("walled_city.picture.district", "district {number}")
DISTRICT_LINE = Message("walled_city.picture.district_line", "D{number}: {areas} — values {values}; leads: {leaders}")
LEGEND = Message("walled_city.picture.legend", "Legend")
LEGEND_ROAD = Message("walled_city.picture.legend.road", "a road on a path (×n: stacked; ✕ demolished)")
LEGEND_PATH = Message("walled_city.picture.legend.path", "an empty path (its sides' areas are one district)")
LEGEND_WALL = Message("walled_city.picture.legend.wall", "a wall in a gap of the fortification (×n: stacked)")
LEGEND_GAP = Message("walled_city.picture.legend.gap", "an open gap (✕ demolished)")
LEGEND_CHIP = Message("walled_city.picture.legend.chip", "citizens of a competitor: p peasants, n nobles")
LEGEND_DICE = Message("walled_city.picture.legend.dice", "faction dice, by faction:")
LEGEND_TILE = Message("walled_city.picture.legend.tile", "a survey tile (+1 / −1 to the place values)")
LEGEND_CARD = Message("walled_city.picture.legend.card", "a defence card face down; a|b: a toward the")
LEGEND_CARD_2 = Message("walled_city.picture.legend.card_2", "counter-clockwise tower, b toward the clockwise one")
EXAMPLE_AREA = Message("walled_city.picture.example.area", "an area (D1: its district)")
EXAMPLE_PATH = Message("walled_city.picture.example.path", "a path")
EXAMPLE_GAP = Message("walled_city.picture.example.gap", "a gap in the fortification")
EXAMPLE_TOWER = Message("walled_city.picture.example.tower", "a tower")
EXAMPLE_ZONE = Message("walled_city.picture.example.zone", "a defence zone")
EXAMPLE_ITEM = Message("walled_city.picture.example.item", "{id} {what}")
NAMES_AS_MOVES = Message("walled_city.picture.names", "Names as moves use them: {examples}.")
LAYOUT_NOTE = Message(
    "walled_city.picture.layout", "Board layout drawn from the board's structure (no printed coordinates)."
)

Point = tuple[float, float]


def picture(view: State, viewer: int | None, words: Words | None = None) -> Picture:
    """The picture of ``view`` (a view made for ``viewer``; ``None``: a spectator), drawn from the view alone, its
    words in ``words``' language (English unless given)."""
    w = words or Words()
    height = max(HEADER + BOARD_SIZE, HEADER + _panel(Svg(1, 1, ""), view, viewer, 0, w) + 20)
    svg = Svg(WIDTH, height, w(TITLE(board=board_name(view), viewer=_viewer_words(viewer))))
    _header(svg, view, viewer, w)
    _board(svg, view, w)
    _panel(svg, view, viewer, HEADER, w)
    return svg.picture()


def board_name(view: State) -> Param:
    """The board side in play by its name (``Londonderry``, ``Borderlands``)."""
    return board_side(view.options.board)


def faction_colour(faction: str) -> str:
    """The colour a faction's dice are drawn in (``FACTION_COLOURS``)."""
    if faction in FACTION_COLOURS:
        return FACTION_COLOURS[faction]
    others = [f for f in CONTENT.factions.ids if f not in FACTION_COLOURS]
    index = others.index(faction) if faction in others else 0
    return OTHER_FACTION_COLOURS[index % len(OTHER_FACTION_COLOURS)]


def _viewer_words(viewer: int | None) -> Text:
    """Whose picture it is: ``as seen by Seat 1 (blue)`` or ``as seen by a spectator``."""
    if viewer is None or viewer == NO_SEAT:
        return AS_SPECTATOR()
    return AS_SEAT(seat=seat(viewer), colour=colour(viewer))


def competitor_colour(who: str) -> str:
    """The colour of a competitor: a seat's colour, grey for the 2-player neutral (§3.6)."""
    return NEUTRAL_COLOUR if who == NEUTRAL or not who.isdigit() else seat_colour(int(who))


def _who(who: str) -> Text:
    """A competitor with its colour: ``Seat 1 (blue)``, ``the neutral (grey)``."""
    if who == NEUTRAL or not who.isdigit():
        return WHO_COLOUR(who=THE_NEUTRAL(), colour=GREY())
    return WHO_COLOUR(who=who_name(who), colour=colour(int(who)))


def _words(table: dict[str, Message], key: str) -> Param:
    return table[key]() if key in table else key


def _header(svg: Svg, view: State, viewer: int | None, w: Words) -> None:
    """§4 the round, the phase, the start player and the build turn in progress."""
    phase = _words(PHASE_WORDS, view.phase)
    head = HEAD(board=board_name(view), round=view.round, phase=phase)
    svg.text(20, 30, w(head), size=20, bold=True)
    bits = [] if view.start_player == NO_SEAT else [START_PLAYER(seat=seat(view.start_player))]
    if view.turn is not None and view.phase == "build":
        turn = view.turn
        bits.append(TO_STEP(seat=seat(turn.seat), step=_words(STEP_WORDS, turn.step)))
        if turn.spot:
            bits.append(BUILT_WITH(spot=turn.spot, card=card_name(turn.a, turn.b)))
    svg.text(20, 54, "; ".join(w.all(bits)), size=14)
    svg.text(WIDTH - 20, 54, w(_viewer_words(viewer)), size=14, anchor="end", fill=MUTED)


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


def _board(svg: Svg, view: State, w: Words) -> None:
    """§5.0 the board in play (fences applied): fortification, paths, areas and everything on them."""
    b = board(view)
    ring = _ring_points(b)
    areas = _area_points(b, ring)
    svg.circle(CENTRE, HEADER + CENTRE, RING, fill="none", stroke=WALL, stroke_width=3, title=w(FORTIFICATION()))
    walls = {x.id: x for x in view.gaps}
    for g in b.gaps:
        svg.line(*ring[g.id], *areas[g.area], stroke=EMPTY_PATH, stroke_width=1.5)
    roads = {x.id: x for x in view.paths}
    for p in b.paths:
        _path(svg, b, p.id, roads.get(p.id), areas, w)
    district_of = _districts(view, w)
    citizens = area_citizens(view)
    for a in b.area_ids:
        _area(svg, view, b, a, areas[a], district_of.get(a, (0, "")), citizens.get(a, {}), w)
    taken = [_box(areas[a], AREA_W + 4, AREA_H + 4) for a in b.area_ids]
    for p in b.paths:
        _path_label(svg, b, p.id, roads.get(p.id), areas, taken, w)
    for g in b.gaps:
        _gap(svg, g.id, g.area, walls.get(g.id), ring[g.id], w)
    guards = watchmen(view)
    for t in b.towers:
        _tower(svg, view, t.id, ring[t.id], guards.get(t.id, {}), w)
    for z in b.zones:
        _zone(svg, view, b, z.id, ring[z.id], w)


def _districts(view: State, w: Words) -> dict[str, tuple[int, str]]:
    """§5.0.2, §7.2 each area's district number (from 1, board order) and who leads that district now."""
    out: dict[str, tuple[int, str]] = {}
    for number, d in enumerate(facts(view)["districts"], 1):
        leaders = ", ".join(w(_who(x)) for x in d["leaders"]) or w(NOBODY())
        for a in d["areas"]:
            out[a] = (number, leaders)
    return out


def _spot_words(spot: Spot | None, road: bool) -> Text:
    """A path or gap's state in words: empty, demolished, or built (with its stack's height)."""
    if spot is None:
        return SPOT_EMPTY()
    if spot.kind == "demolished":
        return SPOT_DEMOLISHED()
    if spot.height == 1:
        return A_ROAD() if road else A_WALL()
    return (ROAD_OF if road else WALL_OF)(n=spot.height)


def _path_words(b: Board, path: str, spot: Spot | None, w: Words) -> str:
    """A path's title: its kind, id, the areas on its two sides and what is on it."""
    first, second = b.sides(path)
    info = b.path[path]
    kind = FENCE_KIND() if info.fence else _words(LENGTH_WORDS, str(info.length))
    sides = listing(list(first)), listing(list(second))
    return w(PATH_TITLE(kind=kind, path=path, first=sides[0], second=sides[1], state=_spot_words(spot, True)))


def _path_ends(b: Board, path: str, areas: Mapping[str, Point]) -> tuple[Point, Point] | None:
    """Where a path's line starts and ends: the middles of the areas of its two sides."""
    first, second = b.sides(path)
    if not first or not second or any(a not in areas for a in (*first, *second)):
        return None
    return _middle([areas[a] for a in first]), _middle([areas[a] for a in second])


def _path(svg: Svg, b: Board, path: str, spot: Spot | None, areas: Mapping[str, Point], w: Words) -> None:
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
        title=_path_words(b, path, spot, w),
        linecap="round",
    )


Box = tuple[float, float, float, float]


def _box(at: Point, width: float, height: float) -> Box:
    """The box of ``width`` x ``height`` centred on ``at``: left, top, right, bottom."""
    return at[0] - width / 2, at[1] - height / 2, at[0] + width / 2, at[1] + height / 2


def _clear(box: Box, taken: list[Box]) -> bool:
    """Whether ``box`` overlaps none of ``taken``."""
    return all(box[2] <= t[0] or t[2] <= box[0] or box[3] <= t[1] or t[3] <= box[1] for t in taken)


def _path_label(
    svg: Svg, b: Board, path: str, spot: Spot | None, areas: Mapping[str, Point], taken: list[Box], w: Words
) -> None:
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
    title = _path_words(b, path, spot, w)
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
    w: Words,
) -> None:
    """§5.0.2 an area: its district's colour, its name, citizens per competitor, faction dice, survey tile."""
    number, leaders = district
    x, y = at[0] - AREA_W / 2, at[1] - AREA_H / 2
    info = b.area.get(area)
    printed: list[Param] = []
    if info is not None and info.die_spots:
        printed.append(DIE_SPOTS(n=info.die_spots))
    if info is not None and info.survey_spot:
        printed.append(SURVEY_SPOT())
    if printed:
        shown = listing(printed, joined=LIST_COMMA)
        title = w(AREA_TITLE_PRINTED(area=area, number=number, leaders=leaders, printed=shown))
    else:
        title = w(AREA_TITLE(area=area, number=number, leaders=leaders))
    fill = DISTRICT_FILLS[(number - 1) % len(DISTRICT_FILLS)] if number else PAPER
    svg.rect(x, y, AREA_W, AREA_H, fill=fill, stroke=INK, stroke_width=1.2, rx=8, title=title)
    svg.text(x + 6, y + 14, area, size=12, bold=True, title=title)
    svg.text(x + AREA_W - 6, y + 14, w(DISTRICT_NUMBER(number=number)), size=10, anchor="end", fill=MUTED)
    where = IN_AREA(area=area)
    for i, (who, held) in enumerate(sorted(citizens.items())):
        _chip(svg, x + 4 + (i % 2) * 43, y + 20 + (i // 2) * 17, who, held.peasants, held.nobles, where, w)
    items = [d for d in view.dice if d.location == area]
    for i, die in enumerate(items):
        _die(svg, x + 6 + i * 24, y + AREA_H - 19, die.faction, die.value, where, w)
    for i, tile in enumerate(t for t in view.tiles if t.area == area):
        tx = x + AREA_W - 22 - i * 24
        title = w(TILE_TITLE(value=f"{tile.value:+d}", area=area))
        svg.rect(tx, y + AREA_H - 19, 18, 15, fill="#fff7d6", stroke=INK, rx=7, title=title)
        svg.text(tx + 9, y + AREA_H - 8, f"{tile.value:+d}", size=9, anchor="middle", title=title)


def _chip(svg: Svg, x: float, y: float, who: str, peasants: int, nobles: int, where: Text, w: Words) -> None:
    """§2.2 one competitor's citizens in a place: a chip in its colour, ``2p 1n`` (peasants, nobles)."""
    title = w(CHIP_TITLE(citizens=citizens_name(peasants, nobles), who=_who(who), where=where))
    parts = [CHIP_PEASANTS(n=peasants)] if peasants else []
    parts += [CHIP_NOBLES(n=nobles)] if nobles else []
    label = " ".join(w.all(parts))
    svg.rect(x, y, 40, 15, fill=competitor_colour(who), stroke=INK, stroke_width=0.6, rx=4, title=title)
    svg.text(x + 20, y + 11, label, size=10, fill=PAPER, anchor="middle", bold=True, title=title)


def _die(svg: Svg, x: float, y: float, faction_id: str, value: int, where: Text, w: Words) -> None:
    """§2.5 a faction die: a white die framed in its faction's colour, showing its value."""
    title = w(DIE_TITLE(faction=faction(faction_id), value=value, where=where))
    colour = faction_colour(faction_id)
    svg.rect(x, y, 18, 15, fill=colour, stroke=INK, stroke_width=1, rx=2, title=title)
    ink = INK if _light(colour) else PAPER
    svg.text(x + 9, y + 11, str(value), size=10, anchor="middle", bold=True, fill=ink, title=title)


def _light(colour: str) -> bool:
    """Whether ``colour`` (``#rrggbb``) is light enough for dark text on it."""
    if len(colour) != 7 or not colour.startswith("#"):
        return False
    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.299 * red + 0.587 * green + 0.114 * blue > 150


def _gap(svg: Svg, gap: str, area: str, spot: Spot | None, at: Point, w: Words) -> None:
    """§5.0.3 a gap in the fortification, opening onto its area: open, walled (with its height), or demolished."""
    title = w(GAP_TITLE(gap=gap, area=area, state=_spot_words(spot, False)))
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


def _tower(svg: Svg, view: State, tower: str, at: Point, guards: Mapping[str, int], w: Words) -> None:
    """§5.0.3 a tower on the fortification: its faction dice, then its watchmen (nobles) per competitor, outward."""
    held = [WATCHMEN_OF(n=n, who=_who(x)) for x, n in sorted(guards.items())]
    title = w(TOWER_TITLE(tower=tower, guards=listing(held, joined=LIST_COMMA) if held else NO_WATCHMEN()))
    svg.rect(at[0] - 16, at[1] - 16, 32, 32, fill="#d6d3ce", stroke=INK, stroke_width=2, title=title)
    svg.text(at[0], at[1] + 4, tower, size=11, bold=True, anchor="middle", title=title)
    dice = [d for d in view.dice if d.location == tower]
    start = 22.0
    if dice:
        (dx, dy), start = _stacked(at, start, 20 * len(dice) - 2, 15)
        for i, die in enumerate(dice):
            _die(svg, dx - 10 * len(dice) + 1 + i * 20, dy - 7.5, die.faction, die.value, ON_TOWER(tower=tower), w)
        start += 5
    if guards:
        sideways = abs(at[0] - CENTRE) > abs(at[1] - HEADER - CENTRE)
        columns = 1 if sideways else min(2, len(guards))
        rows = -(-len(guards) // columns)
        (ox, oy), _ = _stacked(at, start, 43 * columns - 3, 17 * rows - 2)
        left, top = ox - (43 * columns - 3) / 2, oy - (17 * rows - 2) / 2
        for i, (who, nobles) in enumerate(sorted(guards.items())):
            _chip(svg, left + (i % columns) * 43, top + (i // columns) * 17, who, 0, nobles, IN_TOWER(tower=tower), w)


def _zone(svg: Svg, view: State, b: Board, zone: str, at: Point, w: Words) -> None:
    """§5.0.3, §5.5 a defence zone between two towers and the defence cards in it (face down unless known)."""
    ccw, cw = b.zone_towers(zone)
    zone_title = w(ZONE_TITLE(zone=zone, ccw=ccw, cw=cw))
    svg.text(at[0], at[1] + 4, zone, size=11, bold=True, anchor="middle", title=zone_title)
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
        state = REVEALED() if card.revealed else FACE_DOWN()
        what = CARD_NUMBERS(a=card.toward_ccw, ccw=ccw, b=card.toward_cw, cw=cw) if known else NUMBERS_HIDDEN()
        title = w(ZONE_CARD_TITLE(who=_who(str(card.owner)), zone=zone, state=state, what=what))
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


def _panel(svg: Svg, view: State, viewer: int | None, y: float, w: Words) -> float:
    """The seats, the neutral, the guilds on offer, the districts and the legend; returns the bottom."""
    x = PANEL_X
    y = _seats(svg, view, viewer, x, y + 10, w)
    y = _table_lines(svg, view, x, y, w)
    y = _district_lines(svg, view, x, y + 6, w)
    return _legend(svg, board(view), x, y + 6, w)


def _seats(svg: Svg, view: State, viewer: int | None, x: float, y: float, w: Words) -> float:
    """§3.2, §6 each seat's public area: votes, reserve, guilds, and its hand (face down unless the viewer's)."""
    svg.text(x, y + 12, w(SEATS()), size=16, bold=True)
    y += 34
    for number, p in enumerate(view.seats):
        who, hue = seat(number), colour(number)
        svg.rect(x, y - 12, 14, 14, fill=seat_colour(number), stroke=INK, title=w(SWATCH(seat=who, colour=hue)))
        line = SEAT_LINE_YOU if number == viewer else SEAT_LINE
        svg.text(x + 20, y, w(line(seat=who, colour=hue, votes=VOTES(n=p.votes))), size=14, bold=True)
        guild: Param = NONE_KEPT()
        if p.guild:
            guild = GUILD_USED(guild=guild_name(p.guild)) if p.guild_used else guild_name(p.guild)
        reserve = RESERVE(
            roads=ROADS(n=p.roads), walls=WALLS(n=p.walls), nobles=NOBLES(n=p.nobles), peasants=PEASANTS(n=p.peasants)
        )
        held = (
            GUILD_LINE_FIRST(guild=guild, first=guild_name(p.round1_guild))
            if p.round1_guild
            else GUILD_LINE(guild=guild)
        )
        y = svg.lines(x + 20, y + 17, w.all([reserve, held]), size=12, gap=1.3)
        y = _hand(svg, number, p.hand, x + 20, y - 10, w) + 14
    return y


def _hidden(card: Card) -> bool:
    """A card the view hides (its numbers blanked, §8)."""
    return card.a == 0 and card.b == 0


def _hand(svg: Svg, number: int, hand: tuple[Card, ...], x: float, y: float, w: Words) -> float:
    """§2.4 a seat's hand: the cards the view shows by their numbers, the others face down."""
    svg.text(x, y + 14, w(HAND()), size=12)
    for i, card in enumerate(hand):
        cx = x + 42 + i % HAND_ROW * 40
        y += 24 if i and i % HAND_ROW == 0 else 0
        if _hidden(card):
            title = w(FACE_DOWN_CARD(seat=seat(number)))
            svg.rect(cx, y, 34, 20, fill=HIDDEN, stroke=INK, rx=3, title=title)
            svg.text(cx + 17, y + 14, "?", size=11, anchor="middle")
        else:
            title = w(CARD_IN_HAND(card=card_name(card.a, card.b, card.defence_only), seat=seat(number)))
            svg.rect(cx, y, 34, 20, fill=PAPER, stroke=seat_colour(number), stroke_width=2, rx=3, title=title)
            svg.text(cx + 17, y + 14, w(card_name(card.a, card.b)), size=11, anchor="middle", bold=True, title=title)
    if not hand:
        svg.text(x + 42, y + 14, w(NO_CARDS()), size=12, fill=MUTED)
    return y + 24


def _table_lines(svg: Svg, view: State, x: float, y: float, w: Words) -> float:
    """§3.6, §4, §5.7 the neutral, the order, the guilds on offer, a guild in use, nobles in the box."""
    texts: list[Text] = []
    if NEUTRAL in competitors(view):
        votes = sum(v.points for v in view.votes if v.who == NEUTRAL)
        texts.append(
            NEUTRAL_LINE(
                neutral=THE_NEUTRAL(),
                colour=GREY(),
                votes=VOTES(n=votes),
                nobles=NOBLES(n=view.neutral_nobles),
                peasants=PEASANTS(n=view.neutral_peasants),
            )
        )
    if view.order:
        texts.append(ORDER(seats=listing([seat(s) for s in view.order], joined=LIST_COMMA)))
    if view.offer:
        texts.append(OFFER(guilds=listing([guild_name(g) for g in view.offer], joined=LIST_COMMA)))
    if view.activation is not None:
        act = view.activation
        texts.append(IN_USE(guild=guild_name(act.guild), seat=seat(act.seat)))
        if act.cards:
            cards = " ".join(f"{c.a}/{c.b}" for c in act.cards if not _hidden(c))
            shown: Param = cards or NONE_SHOWN()
            hidden = sum(1 for c in act.cards if _hidden(c))
            texts.append(CARDS_GIVEN_HIDDEN(shown=shown, n=hidden) if hidden else CARDS_GIVEN(shown=shown))
    if view.out_nobles:
        boxed = [N_OF(n=p.nobles, who=_who(p.who)) for p in view.out_nobles]
        texts.append(IN_BOX(nobles=listing(boxed, joined=LIST_COMMA)))
    if view.defence_only_left:
        texts.append(NOT_DEALT(n=len(view.defence_only_left)))
    lines = w.all(texts)
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


def _district_lines(svg: Svg, view: State, x: float, y: float, w: Words) -> float:
    """§5.0.2, §7.2 every district: its areas, place values and who leads it now."""
    svg.text(x, y + 12, w(DISTRICTS_HEAD()), size=16, bold=True)
    y += 30
    for number, d in enumerate(facts(view)["districts"], 1):
        leaders = ", ".join(w(who_name(x)) for x in d["leaders"]) or w(NOBODY())
        fill = DISTRICT_FILLS[(number - 1) % len(DISTRICT_FILLS)]
        svg.rect(x, y - 11, 14, 14, fill=fill, stroke=INK, title=w(DISTRICT_N(number=number)))
        values = "/".join(str(v) for v in d["place_values"])
        line = DISTRICT_LINE(number=number, areas=" ".join(d["areas"]), values=values, leaders=leaders)
        words = w(line)
        first, *rest = wrap(words, PANEL_W - 20, 11)
        svg.text(x + 20, y, first, size=11)
        for part in wrap(" ".join(rest), PANEL_W - 32, 11) if rest else []:
            y += 14
            svg.text(x + 32, y, part, size=11)
        y += 16
    return y


def _legend(svg: Svg, b: Board, x: float, y: float, w: Words) -> float:
    """The legend: roads, walls, citizens, dice, survey tiles, towers, defence cards."""
    svg.text(x, y + 12, w(LEGEND()), size=16, bold=True)
    y += 30
    svg.line(x, y - 4, x + 30, y - 4, stroke=ROAD, stroke_width=9, linecap="round")
    svg.text(x + 48, y, w(LEGEND_ROAD()), size=12)
    y += 22
    svg.line(x, y - 4, x + 30, y - 4, stroke=EMPTY_PATH, stroke_width=3)
    svg.text(x + 48, y, w(LEGEND_PATH()), size=12)
    y += 22
    svg.rect(x + 4, y - 12, 22, 16, fill=WALL, stroke=INK)
    svg.text(x + 48, y, w(LEGEND_WALL()), size=12)
    y += 22
    svg.rect(x + 4, y - 12, 22, 16, fill=PAPER, stroke=INK)
    svg.text(x + 48, y, w(LEGEND_GAP()), size=12)
    y += 22
    _chip(svg, x, y - 12, "0", 2, 1, EXAMPLE(), w)
    svg.text(x + 48, y, w(LEGEND_CHIP()), size=12)
    y += 22
    svg.text(x + 48, y, w(LEGEND_DICE()), size=12)
    y += 22
    left = x + 10
    for faction_id in CONTENT.factions.ids:
        _die(svg, left, y - 12, faction_id, 2, EXAMPLE(), w)
        shown = w(FACTIONS[faction_id]) if faction_id in FACTIONS else faction_id
        svg.text(left + 24, y, shown, size=12)
        left += 24 + text_width(shown, 12) + 16
    y += 22
    svg.rect(x + 10, y - 12, 18, 15, fill="#fff7d6", stroke=INK, rx=7)
    svg.text(x + 48, y, w(LEGEND_TILE()), size=12)
    y += 22
    svg.rect(x + 4, y - 14, 28, 20, fill=HIDDEN, stroke=INK, rx=3)
    svg.text(x + 48, y, w(LEGEND_CARD()), size=12)
    svg.text(x + 48, y + 15, w(LEGEND_CARD_2()), size=12)
    y += 37
    examples = [
        (b.area_ids[:1], EXAMPLE_AREA()),
        ([p.id for p in b.paths[:1]], EXAMPLE_PATH()),
        ([g.id for g in b.gaps[:1]], EXAMPLE_GAP()),
        ([t.id for t in b.towers[:1]], EXAMPLE_TOWER()),
        ([z.id for z in b.zones[:1]], EXAMPLE_ZONE()),
    ]
    items = [EXAMPLE_ITEM(id=ids[0], what=what) for ids, what in examples if ids]
    names = w(NAMES_AS_MOVES(examples=listing(items, joined=LIST_COMMA)))
    y = _wrapped(svg, x, y, names, 12) + 4
    svg.text(x, y, w(LAYOUT_NOTE()), size=11, fill=MUTED)
    return y + 10
