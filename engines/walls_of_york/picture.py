"""A picture of a Walls of York view (``RenderView``): every seat's 8×8 play area with its walls and city,
the King's Decree, the building die, each seat's holdings, and a legend.

Every player builds on an own copy of the same assembled play area (§3.4), so the picture draws one board
per seat, side by side: the terrain fields (coloured and lettered by their content field codes), the seat's
walls on the streets (§3.3) in the seat's colour, its declared city tinted in that colour (§6), and, in the
viewer's own picture only, the viewer's committed placement not yet revealed (dotted, §4.4) and the fields
chosen for a city being declared (dashed, §6). Drawn from the view alone: another seat's hidden placement
is only said to be committed.
"""

from __future__ import annotations

from engines.core.picture import HIDDEN, INK, MUTED, Picture, Svg, seat_colour, seat_colour_name
from engines.core.text import plural, seat_name
from engines.walls_of_york import geometry as geo
from engines.walls_of_york.board import EDGE_INDEX
from engines.walls_of_york.building import formation_name
from engines.walls_of_york.content import CONTENT, QUADRANTS, LayoutEntry
from engines.walls_of_york.facts import UNPLACED, board_fields, committed_streets, seat_status
from engines.walls_of_york.scoring import score
from engines.walls_of_york.state import NO_SEAT, Player, State
from engines.walls_of_york.words import QUADRANT_NAMES, TURNS, decree_words

#: One field's side in pixels, and the layout of a seat's board block.
CELL = 34
BOARD = geo.SIZE * CELL
MARGIN = 24
LABEL = 18
BLOCK_W = LABEL + BOARD + 28
BLOCK_H = 40 + BOARD + 20
HEADER = 86
PANEL_W = 400
PANEL_X = MARGIN + 2 * BLOCK_W + 10
WIDTH = PANEL_X + PANEL_W
WALL_WIDTH = 5

#: Terrain colours, in the order the content lists its field codes (cycled past the end).
TERRAIN_COLOURS: tuple[str, ...] = ("#f4efe1", "#d9c8ef", "#b5dcf7", "#f8d49a", "#f6ea9a", "#eccb4a", "#f0aaaa")
#: The field meaning drawn without a letter code (a plain field).
PLAIN = "EMPTY"

#: How each step of the game reads in the heading.
STEP_WORDS: dict[str, str] = {
    "first_player": "choosing the first player",
    "setup": "assembling the play area",
    "decree": "the King's Decree",
    "roll": "rolling the building die",
    "place": "placement (hidden until every open seat has placed)",
    "lift": "lifting walls",
    "close": "closing (hidden until every open seat has decided)",
    "over": "game over",
}


def picture(view: State, viewer: int | None) -> Picture:
    """The picture of ``view`` (a view made for ``viewer``; ``None``: a spectator), drawn from the view alone."""
    seats = len(view.players)
    rows = (seats + 1) // 2
    height = max(HEADER + rows * BLOCK_H + MARGIN, HEADER + _panel_height(view) + MARGIN)
    svg = Svg(WIDTH, height, f"Walls of York, {_viewer_words(viewer)}")
    _header(svg, view, viewer)
    codes = board_fields(view)
    for seat, player in enumerate(view.players):
        x = MARGIN + (seat % 2) * BLOCK_W
        y = HEADER + (seat // 2) * BLOCK_H
        _board(svg, view, codes, seat, player, viewer, x, y)
    bottom = _seats_panel(svg, view, viewer, PANEL_X, HEADER)
    _legend(svg, view, PANEL_X, bottom + 10)
    return svg.picture()


def _viewer_words(viewer: int | None) -> str:
    """Whose picture it is: ``as seen by Seat 1 (blue)`` or ``as seen by a spectator``."""
    if viewer is None or viewer == NO_SEAT:
        return "as seen by a spectator"
    return f"as seen by {seat_name(viewer)} ({seat_colour_name(viewer)})"


def _header(svg: Svg, view: State, viewer: int | None) -> None:
    """§4.1–§4.3 the Age, turn and step, the King's Decree, the building die and the wall supply."""
    step = STEP_WORDS.get(view.step, view.step)
    svg.text(MARGIN, 30, f"Walls of York — Age {view.age}, turn {view.turn}: {step}", size=20, bold=True)
    decree = decree_words(*view.decree) if len(view.decree) == len(CONTENT.tower_shafts) else "not rolled yet"
    svg.text(MARGIN, 54, f"King's Decree: {decree}", size=14, title=f"the King's Decree of Age {view.age}")
    # A game that ended early says why in place of the die it no longer plays (the reason's leading
    # "Kind: " is for programs).
    why = view.aborted.split(": ", 1)[-1]
    second = f"The game ended early: {why}" if view.aborted else f"{_die_words(view)}; {_supply_words(view)}"
    svg.text(MARGIN, 74, second, size=14)
    svg.text(WIDTH - MARGIN, 54, _viewer_words(viewer), size=14, anchor="end", fill=MUTED)


def _supply_words(view: State) -> str:
    """§10 A6 the wall supply: the pieces left with strict supply, else the pieces on the boards."""
    if view.options.strict_supply:
        return f"{plural(view.supply_walls, 'wall piece')} left in the supply"
    return f"{plural(sum(len(p.walls) for p in view.players), 'wall piece')} on the boards"


def _die_words(view: State) -> str:
    """§4.3 the building die's face this turn: its formation and coins."""
    if not 1 <= view.face <= len(CONTENT.building_die):
        return "Building die: not rolled"
    face = CONTENT.building_die[view.face - 1]
    roller = f", rolled by {seat_name(view.roller)}" if view.roller != NO_SEAT else ""
    shape = formation_name(face.formation)
    return f"Building die: face {view.face}, {shape}, {plural(face.coins, 'coin')}{roller}"


# ---- §3.3, §3.4 a seat's board -----------------------------------------------------------------------------


def _board(
    svg: Svg, view: State, codes: list[str], seat: int, p: Player, viewer: int | None, x: float, y: float
) -> None:
    """§3.3, §3.4, §6 one seat's play area: the terrain, its city, its walls (and the viewer's hidden choices)."""
    you = " (you)" if seat == viewer else ""
    name = f"{seat_name(seat)}{you}"
    svg.rect(x, y + 4, 14, 14, fill=seat_colour(seat), stroke=INK, title=f"{name}: {seat_colour_name(seat)}")
    svg.text(x + 20, y + 16, f"{name} — {plural(len(p.walls), 'wall')}", size=14, bold=True)
    ox, oy = x + LABEL, y + 40
    for i in range(geo.SIZE):
        svg.text(ox + i * CELL + CELL / 2, oy - 5, str(i), size=10, fill=MUTED, anchor="middle")
        svg.text(ox - 5, oy + i * CELL + CELL / 2 + 4, str(i), size=10, fill=MUTED, anchor="end")
    city = set(p.city)
    chosen = set(p.selection)
    for f in range(geo.FIELDS):
        _field(svg, codes[f], f, seat, f"{f % 8},{f // 8}" in city, ox, oy)
    _quadrants(svg, view, ox, oy)
    for f in range(geo.FIELDS):
        if f"{f % 8},{f // 8}" in chosen:
            _chosen(svg, f, seat, ox, oy)
    for wall in p.walls:
        _wall(svg, wall, seat, ox, oy)
    for street in committed_streets(view, p):
        _committed(svg, street, seat, ox, oy)


def _field(svg: Svg, code: str, f: int, seat: int, in_city: bool, ox: float, oy: float) -> None:
    """§3.3 one field: its terrain (colour and code), tinted in the seat's colour when inside its city (§6)."""
    c, r = f % 8, f // 8
    if code == UNPLACED:
        fill, what = HIDDEN, "no terrain board yet"
    else:
        meaning = CONTENT.field_codes.get(code, code)
        fill, what = _terrain_colour(code), meaning.lower()
    where = f"field {c},{r} on the board of {seat_name(seat)}: {what}"
    if in_city:
        fill = _tint(fill, seat_colour(seat))
        where += f", inside the city of {seat_name(seat)} ({seat_colour_name(seat)})"
    svg.rect(ox + c * CELL, oy + r * CELL, CELL, CELL, fill=fill, stroke="#cccccc", stroke_width=0.5, title=where)
    if code != UNPLACED and CONTENT.field_codes.get(code) != PLAIN:
        svg.text(ox + c * CELL + CELL / 2, oy + r * CELL + CELL / 2 + 4, code, size=11, anchor="middle")


def _terrain_colour(code: str) -> str:
    """The colour of a field code (by its place in the content's list of codes)."""
    order = list(CONTENT.field_codes)
    index = order.index(code) if code in order else len(order)
    return TERRAIN_COLOURS[index % len(TERRAIN_COLOURS)]


def _tint(base: str, colour: str, amount: float = 0.45) -> str:
    """``base`` mixed with ``amount`` of ``colour`` (both ``#rrggbb``)."""
    mixed = (round(int(base[i : i + 2], 16) * (1 - amount) + int(colour[i : i + 2], 16) * amount) for i in (1, 3, 5))
    return "#" + "".join(f"{v:02x}" for v in mixed)


def _quadrants(svg: Svg, view: State, ox: float, oy: float) -> None:
    """§3.4 the four terrain boards of the play area, outlined, each named by its gem, side and turn."""
    placed: dict[str, LayoutEntry] = {entry.quadrant: entry for entry in view.layout}
    half = BOARD / 2
    for quadrant, (qx, qy) in QUADRANTS.items():
        entry = placed.get(quadrant)
        where = f"the {QUADRANT_NAMES[quadrant]} quadrant"
        if entry is None:
            title = f"{where}: no terrain board yet"
        else:
            title = f"{where}: the {entry.gem} board, {entry.side} side up, {TURNS[entry.rotation % 4]}"
        svg.rect(ox + qx * CELL, oy + qy * CELL, half, half, stroke=INK, stroke_width=1.5, title=title)


def _street_ends(street: str, ox: float, oy: float) -> tuple[float, float, float, float] | None:
    """The pixel ends of street ``H x y`` / ``V x y`` on a board drawn at (``ox``, ``oy``); ``None`` if unknown."""
    index = EDGE_INDEX.get(street)
    if index is None:
        return None
    (x1, y1), (x2, y2) = geo.edge_endpoints(index)
    return ox + x1 * CELL, oy + y1 * CELL, ox + x2 * CELL, oy + y2 * CELL


def _street_words(street: str) -> str:
    """§3.3 where a street runs: between which two fields, or along which edge of the board."""
    index = EDGE_INDEX[street]
    first, second = geo.edge_fields(index)
    names = [geo.field_name(f) for f in (first, second) if f != geo.EXTERIOR]
    if len(names) == 2:
        return f"between fields {names[0]} and {names[1]}"
    return f"on the board's edge beside field {names[0]}"


def _wall(svg: Svg, street: str, seat: int, ox: float, oy: float) -> None:
    """§5.2 a wall piece of a seat on a street, in the seat's colour."""
    ends = _street_ends(street, ox, oy)
    if ends is None:
        return
    title = f"wall of {seat_name(seat)} ({seat_colour_name(seat)}) on {street}, {_street_words(street)}"
    svg.line(*ends, stroke=seat_colour(seat), stroke_width=WALL_WIDTH, linecap="round", title=title)


def _committed(svg: Svg, street: str, seat: int, ox: float, oy: float) -> None:
    """§4.4 a street of the viewer's committed placement, not yet revealed: dotted in the seat's colour."""
    ends = _street_ends(street, ox, oy)
    if ends is None:
        return
    x1, y1, x2, y2 = ends
    title = f"placement of {seat_name(seat)} committed on {street} (not yet revealed), {_street_words(street)}"
    dots = 4
    for i in range(dots):
        t1, t2 = i / dots + 0.04, (i + 0.6) / dots
        svg.line(
            x1 + (x2 - x1) * t1,
            y1 + (y2 - y1) * t1,
            x1 + (x2 - x1) * t2,
            y1 + (y2 - y1) * t2,
            stroke=seat_colour(seat),
            stroke_width=WALL_WIDTH - 1,
            title=title,
        )


def _chosen(svg: Svg, f: int, seat: int, ox: float, oy: float) -> None:
    """§6 a field chosen for the city the viewer is declaring (not yet sealed): a dashed frame."""
    c, r = f % 8, f // 8
    title = f"field {c},{r} chosen by {seat_name(seat)} for the city being declared"
    svg.rect(
        ox + c * CELL + 4, oy + r * CELL + 4, CELL - 8, CELL - 8, stroke=INK, stroke_width=2, dashed=True, title=title
    )


# ---- §7 the seats' holdings ------------------------------------------------------------------------------


def _seat_lines(view: State, seat: int, p: Player, total: int) -> list[str]:
    """§7 what a seat holds and where it stands, in words."""
    lines = [
        f"{plural(p.coins, 'coin')}; score now {total}",
        f"{plural(p.viking_tiles, 'viking tile')}, {plural(p.raid_tiles, 'raid tile')}"
        + (", the King's shield" if p.shield else ""),
        f"{plural(len(p.walls), 'wall')}; " + (f"city of {len(p.city)} fields" if p.city else "no city"),
        seat_status(view, p),
    ]
    if p.submitted is not None and p.submitted.kind == "pass":
        lines.append("passes this turn")
    return lines


def _panel_height(view: State) -> int:
    """The height of the seats panel and the legend."""
    return len(view.players) * 104 + 44 + 24 * (len(CONTENT.field_codes) + 6) + 36


def _seats_panel(svg: Svg, view: State, viewer: int | None, x: float, y: float) -> float:
    """§7 every seat's public area: coins, score, viking and raid tiles, shield, walls, city and status."""
    totals = {s.seat: s.total for s in score(view).seats}
    svg.text(x, y + 14, "Seats", size=16, bold=True)
    y += 34
    for seat, p in enumerate(view.players):
        you = " (you)" if seat == viewer else ""
        name = f"{seat_name(seat)}{you} — {seat_colour_name(seat)}"
        svg.rect(
            x, y - 12, 14, 14, fill=seat_colour(seat), stroke=INK, title=f"{seat_name(seat)}: {seat_colour_name(seat)}"
        )
        svg.text(x + 20, y, name, size=14, bold=True)
        svg.lines(x + 20, y + 18, _seat_lines(view, seat, p, totals.get(seat, p.coins)), size=12, gap=1.3)
        y += 104
    return y


#: What a field of each kind is, in players' words (the content names the kinds).
FIELD_WORDS = {
    "EMPTY": "empty field",
    "CHURCH": "church",
    "WELL": "well",
    "MARKET": "market",
    "COIN1": "1 coin",
    "COIN2": "2 coins",
    "VIKING": "viking",
}


def _legend(svg: Svg, view: State, x: float, y: float) -> None:
    """The legend: each field code with its meaning (from the content), walls, cities and hidden choices."""
    svg.text(x, y + 14, "Legend", size=16, bold=True)
    y += 30
    for code, meaning in CONTENT.field_codes.items():
        words = FIELD_WORDS.get(meaning, meaning.lower())
        svg.rect(x, y, 22, 18, fill=_terrain_colour(code), stroke=MUTED, title=f"field code {code}: {words}")
        label = code if meaning != PLAIN else ""
        svg.text(x + 11, y + 13, label, size=10, anchor="middle")
        svg.text(x + 30, y + 13, f"{code}  {words}", size=12)
        y += 24
    svg.line(x, y + 9, x + 22, y + 9, stroke=seat_colour(0), stroke_width=WALL_WIDTH, linecap="round")
    svg.text(x + 30, y + 13, "a wall, in its seat's colour, on a street:", size=12)
    svg.text(x + 30, y + 29, "H x y runs on top of field x,y, V x y on its left", size=12)
    y += 40
    svg.rect(x, y, 22, 18, fill=_tint(_terrain_colour(next(iter(CONTENT.field_codes))), seat_colour(0)), stroke=MUTED)
    svg.text(x + 30, y + 13, "a field inside a seat's declared city (tinted)", size=12)
    y += 24
    for i in range(3):
        svg.line(x + i * 8, y + 9, x + i * 8 + 5, y + 9, stroke=seat_colour(0), stroke_width=WALL_WIDTH - 1)
    svg.text(x + 30, y + 13, "your placement, committed, not yet revealed", size=12)
    y += 24
    svg.rect(x + 3, y + 2, 16, 14, stroke=INK, stroke_width=2, dashed=True)
    svg.text(x + 30, y + 13, "a field you chose for the city you are declaring", size=12)
    y += 24
    svg.rect(x, y, 22, 18, fill=HIDDEN, stroke=MUTED)
    svg.text(x + 30, y + 13, "no terrain board placed yet", size=12)
