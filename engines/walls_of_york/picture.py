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

from engines.core.locale import Words
from engines.core.picture import (
    HIDDEN,
    INK,
    MUTED,
    SEAT_COLOUR_NAMES,
    Picture,
    Svg,
    seat_colour,
    seat_colour_name,
)
from engines.core.text import Message, Name, Text, names, seat
from engines.walls_of_york import geometry as geo
from engines.walls_of_york.board import EDGE_INDEX
from engines.walls_of_york.building import WALLS, formation
from engines.walls_of_york.content import CONTENT, GAME, GEM_NAMES, QUADRANTS, SIDE_NAMES, LayoutEntry
from engines.walls_of_york.decree import abort_reason
from engines.walls_of_york.facts import UNPLACED, board_fields, committed_streets, seat_status_text
from engines.walls_of_york.scoring import RAID_TILES, score
from engines.walls_of_york.state import NO_SEAT, Player, State
from engines.walls_of_york.words import QUADRANT_NAMES, coins, decree_words, turns

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
STEP_WORDS = names(
    GAME,
    "step",
    {
        "first_player": "choosing the first player",
        "setup": "assembling the play area",
        "decree": "the King's Decree",
        "roll": "rolling the building die",
        "place": "placement (hidden until every open seat has placed)",
        "lift": "lifting walls",
        "close": "closing (hidden until every open seat has decided)",
        "over": "game over",
    },
)
COLOURS = names(GAME, "colour", {colour: colour for colour in SEAT_COLOUR_NAMES})
"""The seats' colours as a text names them."""


def colour(number: int) -> Name:
    """The name of a seat's colour (``blue``)."""
    return COLOURS[seat_colour_name(number)]


TITLE = Message("walls_of_york.picture.title", "Walls of York, {viewer}")
SEEN_BY_SPECTATOR = Message("walls_of_york.picture.seen_by_spectator", "as seen by a spectator")
SEEN_BY = Message("walls_of_york.picture.seen_by", "as seen by {seat} ({colour})")
HEADING = Message("walls_of_york.picture.heading", "Walls of York — Age {age}, turn {turn}: {step}")
HEADING_STEP = Message("walls_of_york.picture.heading_step", "{step}")
DECREE_LINE = Message("walls_of_york.picture.decree", "King's Decree: {decree}")
NOT_ROLLED_YET = Message("walls_of_york.picture.not_rolled_yet", "not rolled yet")
DECREE_TITLE = Message("walls_of_york.picture.decree_title", "the King's Decree of Age {age}")
ENDED_EARLY = Message("walls_of_york.picture.ended_early", "The game ended early: {why}")
DIE_AND_SUPPLY = Message("walls_of_york.picture.die_and_supply", "{die}; {supply}")
WALL_PIECES = Message("walls_of_york.count.wall_pieces", "{n} wall piece", "{n} wall pieces")
SUPPLY_LEFT = Message("walls_of_york.picture.supply_left", "{pieces} left in the supply")
ON_THE_BOARDS = Message("walls_of_york.picture.on_the_boards", "{pieces} on the boards")
DIE_NOT_ROLLED = Message("walls_of_york.picture.die_not_rolled", "Building die: not rolled")
DIE_FACE = Message("walls_of_york.picture.die_face", "Building die: face {face}, {formation}, {coins}")
DIE_FACE_ROLLED = Message(
    "walls_of_york.picture.die_face_rolled", "Building die: face {face}, {formation}, {coins}, rolled by {seat}"
)


def picture(view: State, viewer: int | None, words: Words) -> Picture:
    """The picture of ``view`` (a view made for ``viewer``; ``None``: a spectator), drawn from the view alone,
    its words in ``words``' language."""
    seats = len(view.players)
    rows = (seats + 1) // 2
    height = max(HEADER + rows * BLOCK_H + MARGIN, HEADER + _panel_height(view) + MARGIN)
    svg = Svg(WIDTH, height, words(TITLE(viewer=_viewer_words(viewer))))
    _header(svg, view, viewer, words)
    codes = board_fields(view)
    for number, player in enumerate(view.players):
        x = MARGIN + (number % 2) * BLOCK_W
        y = HEADER + (number // 2) * BLOCK_H
        _board(svg, view, codes, number, player, viewer, x, y, words)
    bottom = _seats_panel(svg, view, viewer, PANEL_X, HEADER, words)
    _legend(svg, view, PANEL_X, bottom + 10, words)
    return svg.picture()


def _viewer_words(viewer: int | None) -> Text:
    """Whose picture it is: ``as seen by Seat 1 (blue)`` or ``as seen by a spectator``."""
    if viewer is None or viewer == NO_SEAT:
        return SEEN_BY_SPECTATOR()
    return SEEN_BY(seat=seat(viewer), colour=colour(viewer))


def _header(svg: Svg, view: State, viewer: int | None, words: Words) -> None:
    """§4.1–§4.3 the Age, turn and step, the King's Decree, the building die and the wall supply."""
    step = STEP_WORDS[view.step] if view.step in STEP_WORDS else HEADING_STEP(step=view.step)
    svg.text(MARGIN, 30, words(HEADING(age=view.age, turn=view.turn, step=step)), size=20, bold=True)
    decree = decree_words(*view.decree) if len(view.decree) == len(CONTENT.tower_shafts) else NOT_ROLLED_YET()
    title = words(DECREE_TITLE(age=view.age))
    svg.text(MARGIN, 54, words(DECREE_LINE(decree=decree)), size=14, title=title)
    # A game that ended early says why in place of the die it no longer plays (the reason's leading
    # "Kind: " is for programs).
    if view.aborted:
        why = abort_reason(view) or view.aborted.split(": ", 1)[-1]
        second = ENDED_EARLY(why=why)
    else:
        second = DIE_AND_SUPPLY(die=_die_words(view), supply=_supply_words(view))
    svg.text(MARGIN, 74, words(second), size=14)
    svg.text(WIDTH - MARGIN, 54, words(_viewer_words(viewer)), size=14, anchor="end", fill=MUTED)


def _supply_words(view: State) -> Text:
    """§10 A6 the wall supply: the pieces left with strict supply, else the pieces on the boards."""
    if view.options.strict_supply:
        return SUPPLY_LEFT(pieces=WALL_PIECES(n=view.supply_walls))
    return ON_THE_BOARDS(pieces=WALL_PIECES(n=sum(len(p.walls) for p in view.players)))


def _die_words(view: State) -> Text:
    """§4.3 the building die's face this turn: its formation and coins."""
    if not 1 <= view.face <= len(CONTENT.building_die):
        return DIE_NOT_ROLLED()
    face = CONTENT.building_die[view.face - 1]
    shape, paid = formation(face.formation), coins(face.coins)
    if view.roller != NO_SEAT:
        return DIE_FACE_ROLLED(face=view.face, formation=shape, coins=paid, seat=seat(view.roller))
    return DIE_FACE(face=view.face, formation=shape, coins=paid)


# ---- §3.3, §3.4 a seat's board -----------------------------------------------------------------------------

YOU = Message("walls_of_york.picture.you", "{seat} (you)")
SEAT_COLOUR = Message("walls_of_york.picture.seat_colour", "{seat}: {colour}")
BOARD_NAME = Message("walls_of_york.picture.board_name", "{seat} — {walls}")
NO_BOARD_YET = Message("walls_of_york.picture.no_board_yet", "no terrain board yet")
FIELD_TITLE = Message("walls_of_york.picture.field", "field {field} on the board of {seat}: {what}")
FIELD_IN_CITY = Message(
    "walls_of_york.picture.field_in_city",
    "field {field} on the board of {seat}: {what}, inside the city of {seat} ({colour})",
)
QUADRANT_EMPTY = Message("walls_of_york.picture.quadrant_empty", "the {quadrant} quadrant: no terrain board yet")
QUADRANT_BOARD = Message(
    "walls_of_york.picture.quadrant_board", "the {quadrant} quadrant: the {gem} board, {side} side up, {turned}"
)
BETWEEN_FIELDS = Message("walls_of_york.picture.between_fields", "between fields {first} and {second}")
ON_THE_EDGE = Message("walls_of_york.picture.on_the_edge", "on the board's edge beside field {field}")
WALL_TITLE = Message("walls_of_york.picture.wall", "wall of {seat} ({colour}) on {street}, {where}")
COMMITTED_TITLE = Message(
    "walls_of_york.picture.committed", "placement of {seat} committed on {street} (not yet revealed), {where}"
)
CHOSEN_TITLE = Message("walls_of_york.picture.chosen", "field {field} chosen by {seat} for the city being declared")
TERRAIN = names(GAME, "terrain", {meaning: meaning.lower() for meaning in CONTENT.field_codes.values()})
"""What a field holds, as a field's title names it (the content's kinds: ``church``, ``coin1``)."""


def _name(number: int, viewer: int | None) -> Text | Name:
    """A seat as its board names it: ``Seat 1 (you)`` in the viewer's own picture."""
    return YOU(seat=seat(number)) if number == viewer else seat(number)


def _board(
    svg: Svg,
    view: State,
    codes: list[str],
    number: int,
    p: Player,
    viewer: int | None,
    x: float,
    y: float,
    words: Words,
) -> None:
    """§3.3, §3.4, §6 one seat's play area: the terrain, its city, its walls (and the viewer's hidden choices)."""
    name = _name(number, viewer)
    title = words(SEAT_COLOUR(seat=name, colour=colour(number)))
    svg.rect(x, y + 4, 14, 14, fill=seat_colour(number), stroke=INK, title=title)
    svg.text(x + 20, y + 16, words(BOARD_NAME(seat=name, walls=WALLS(n=len(p.walls)))), size=14, bold=True)
    ox, oy = x + LABEL, y + 40
    for i in range(geo.SIZE):
        svg.text(ox + i * CELL + CELL / 2, oy - 5, str(i), size=10, fill=MUTED, anchor="middle")
        svg.text(ox - 5, oy + i * CELL + CELL / 2 + 4, str(i), size=10, fill=MUTED, anchor="end")
    city = set(p.city)
    chosen = set(p.selection)
    for f in range(geo.FIELDS):
        _field(svg, codes[f], f, number, f"{f % 8},{f // 8}" in city, ox, oy, words)
    _quadrants(svg, view, ox, oy, words)
    for f in range(geo.FIELDS):
        if f"{f % 8},{f // 8}" in chosen:
            _chosen(svg, f, number, ox, oy, words)
    for wall in p.walls:
        _wall(svg, wall, number, ox, oy, words)
    for street in committed_streets(view, p):
        _committed(svg, street, number, ox, oy, words)


def _terrain(meaning: str) -> Name | Text:
    """What a field holds, by the content's kind of field."""
    return TERRAIN[meaning] if meaning in TERRAIN else HEADING_STEP(step=meaning.lower())


def _field(svg: Svg, code: str, f: int, number: int, in_city: bool, ox: float, oy: float, words: Words) -> None:
    """§3.3 one field: its terrain (colour and code), tinted in the seat's colour when inside its city (§6)."""
    c, r = f % 8, f // 8
    what: Name | Text
    if code == UNPLACED:
        fill, what = HIDDEN, NO_BOARD_YET()
    else:
        meaning = CONTENT.field_codes.get(code, code)
        fill, what = _terrain_colour(code), _terrain(meaning)
    field = f"{c},{r}"
    if in_city:
        fill = _tint(fill, seat_colour(number))
        where = FIELD_IN_CITY(field=field, seat=seat(number), what=what, colour=colour(number))
    else:
        where = FIELD_TITLE(field=field, seat=seat(number), what=what)
    svg.rect(
        ox + c * CELL, oy + r * CELL, CELL, CELL, fill=fill, stroke="#cccccc", stroke_width=0.5, title=words(where)
    )
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


def _quadrants(svg: Svg, view: State, ox: float, oy: float, words: Words) -> None:
    """§3.4 the four terrain boards of the play area, outlined, each named by its gem, side and turn."""
    placed: dict[str, LayoutEntry] = {entry.quadrant: entry for entry in view.layout}
    half = BOARD / 2
    for quadrant, (qx, qy) in QUADRANTS.items():
        entry = placed.get(quadrant)
        where = QUADRANT_NAMES[quadrant]
        if entry is None:
            title = QUADRANT_EMPTY(quadrant=where)
        else:
            title = QUADRANT_BOARD(
                quadrant=where, gem=GEM_NAMES[entry.gem], side=SIDE_NAMES[entry.side], turned=turns(entry.rotation)
            )
        svg.rect(ox + qx * CELL, oy + qy * CELL, half, half, stroke=INK, stroke_width=1.5, title=words(title))


def _street_ends(street: str, ox: float, oy: float) -> tuple[float, float, float, float] | None:
    """The pixel ends of street ``H x y`` / ``V x y`` on a board drawn at (``ox``, ``oy``); ``None`` if unknown."""
    index = EDGE_INDEX.get(street)
    if index is None:
        return None
    (x1, y1), (x2, y2) = geo.edge_endpoints(index)
    return ox + x1 * CELL, oy + y1 * CELL, ox + x2 * CELL, oy + y2 * CELL


def _street_words(street: str) -> Text:
    """§3.3 where a street runs: between which two fields, or along which edge of the board."""
    index = EDGE_INDEX[street]
    first, second = geo.edge_fields(index)
    names = [geo.field_name(f) for f in (first, second) if f != geo.EXTERIOR]
    if len(names) == 2:
        return BETWEEN_FIELDS(first=names[0], second=names[1])
    return ON_THE_EDGE(field=names[0])


def _wall(svg: Svg, street: str, number: int, ox: float, oy: float, words: Words) -> None:
    """§5.2 a wall piece of a seat on a street, in the seat's colour."""
    ends = _street_ends(street, ox, oy)
    if ends is None:
        return
    title = words(WALL_TITLE(seat=seat(number), colour=colour(number), street=street, where=_street_words(street)))
    svg.line(*ends, stroke=seat_colour(number), stroke_width=WALL_WIDTH, linecap="round", title=title)


def _committed(svg: Svg, street: str, number: int, ox: float, oy: float, words: Words) -> None:
    """§4.4 a street of the viewer's committed placement, not yet revealed: dotted in the seat's colour."""
    ends = _street_ends(street, ox, oy)
    if ends is None:
        return
    x1, y1, x2, y2 = ends
    title = words(COMMITTED_TITLE(seat=seat(number), street=street, where=_street_words(street)))
    dots = 4
    for i in range(dots):
        t1, t2 = i / dots + 0.04, (i + 0.6) / dots
        svg.line(
            x1 + (x2 - x1) * t1,
            y1 + (y2 - y1) * t1,
            x1 + (x2 - x1) * t2,
            y1 + (y2 - y1) * t2,
            stroke=seat_colour(number),
            stroke_width=WALL_WIDTH - 1,
            title=title,
        )


def _chosen(svg: Svg, f: int, number: int, ox: float, oy: float, words: Words) -> None:
    """§6 a field chosen for the city the viewer is declaring (not yet sealed): a dashed frame."""
    c, r = f % 8, f // 8
    title = words(CHOSEN_TITLE(field=f"{c},{r}", seat=seat(number)))
    svg.rect(
        ox + c * CELL + 4, oy + r * CELL + 4, CELL - 8, CELL - 8, stroke=INK, stroke_width=2, dashed=True, title=title
    )


# ---- §7 the seats' holdings ------------------------------------------------------------------------------

COINS_SCORE = Message("walls_of_york.picture.coins_score", "{coins}; score now {total}")
VIKING_TILES = Message("walls_of_york.count.viking_tiles", "{n} viking tile", "{n} viking tiles")
TILES = Message("walls_of_york.picture.tiles", "{vikings}, {raids}")
TILES_SHIELD = Message("walls_of_york.picture.tiles_shield", "{vikings}, {raids}, the King's shield")
WALLS_CITY = Message("walls_of_york.picture.walls_city", "{walls}; city of {n} fields", "{walls}; city of {n} fields")
WALLS_NO_CITY = Message("walls_of_york.picture.walls_no_city", "{walls}; no city")
PASSES = Message("walls_of_york.picture.passes", "passes this turn")
SEATS = Message("walls_of_york.picture.seats", "Seats")
SEAT_HEADING = Message("walls_of_york.picture.seat_heading", "{seat} — {colour}")


def _seat_lines(view: State, p: Player, total: int) -> list[Text]:
    """§7 what a seat holds and where it stands, in words."""
    tiles = TILES_SHIELD if p.shield else TILES
    walls = WALLS(n=len(p.walls))
    lines = [
        COINS_SCORE(coins=coins(p.coins), total=total),
        tiles(vikings=VIKING_TILES(n=p.viking_tiles), raids=RAID_TILES(n=p.raid_tiles)),
        WALLS_CITY(walls=walls, n=len(p.city)) if p.city else WALLS_NO_CITY(walls=walls),
        seat_status_text(view, p),
    ]
    if p.submitted is not None and p.submitted.kind == "pass":
        lines.append(PASSES())
    return lines


def _panel_height(view: State) -> int:
    """The height of the seats panel and the legend."""
    return len(view.players) * 104 + 44 + 24 * (len(CONTENT.field_codes) + 6) + 36


def _seats_panel(svg: Svg, view: State, viewer: int | None, x: float, y: float, words: Words) -> float:
    """§7 every seat's public area: coins, score, viking and raid tiles, shield, walls, city and status."""
    totals = {s.seat: s.total for s in score(view).seats}
    svg.text(x, y + 14, words(SEATS()), size=16, bold=True)
    y += 34
    for number, p in enumerate(view.players):
        name = words(SEAT_HEADING(seat=_name(number, viewer), colour=colour(number)))
        title = words(SEAT_COLOUR(seat=seat(number), colour=colour(number)))
        svg.rect(x, y - 12, 14, 14, fill=seat_colour(number), stroke=INK, title=title)
        svg.text(x + 20, y, name, size=14, bold=True)
        lines = words.all(_seat_lines(view, p, totals.get(number, p.coins)))
        svg.lines(x + 20, y + 18, lines, size=12, gap=1.3)
        y += 104
    return y


#: What a field of each kind is, in players' words (the content names the kinds).
FIELD_WORDS = names(
    GAME,
    "field",
    {
        "EMPTY": "empty field",
        "CHURCH": "church",
        "WELL": "well",
        "MARKET": "market",
        "COIN1": "1 coin",
        "COIN2": "2 coins",
        "VIKING": "viking",
    },
)

LEGEND = Message("walls_of_york.picture.legend", "Legend")
CODE_TITLE = Message("walls_of_york.picture.code_title", "field code {code}: {words}")
CODE_LINE = Message("walls_of_york.picture.code_line", "{code}  {words}")
LEGEND_WALL = Message("walls_of_york.picture.legend_wall", "a wall, in its seat's colour, on a street:")
LEGEND_STREETS = Message("walls_of_york.picture.legend_streets", "H x y runs on top of field x,y, V x y on its left")
LEGEND_CITY = Message("walls_of_york.picture.legend_city", "a field inside a seat's declared city (tinted)")
LEGEND_COMMITTED = Message("walls_of_york.picture.legend_committed", "your placement, committed, not yet revealed")
LEGEND_CHOSEN = Message("walls_of_york.picture.legend_chosen", "a field you chose for the city you are declaring")
LEGEND_NO_BOARD = Message("walls_of_york.picture.legend_no_board", "no terrain board placed yet")


def _legend(svg: Svg, view: State, x: float, y: float, words: Words) -> None:
    """The legend: each field code with its meaning (from the content), walls, cities and hidden choices."""
    svg.text(x, y + 14, words(LEGEND()), size=16, bold=True)
    y += 30
    for code, meaning in CONTENT.field_codes.items():
        kind = FIELD_WORDS[meaning] if meaning in FIELD_WORDS else _terrain(meaning)
        title = words(CODE_TITLE(code=code, words=kind))
        svg.rect(x, y, 22, 18, fill=_terrain_colour(code), stroke=MUTED, title=title)
        label = code if meaning != PLAIN else ""
        svg.text(x + 11, y + 13, label, size=10, anchor="middle")
        svg.text(x + 30, y + 13, words(CODE_LINE(code=code, words=kind)), size=12)
        y += 24
    svg.line(x, y + 9, x + 22, y + 9, stroke=seat_colour(0), stroke_width=WALL_WIDTH, linecap="round")
    svg.text(x + 30, y + 13, words(LEGEND_WALL()), size=12)
    svg.text(x + 30, y + 29, words(LEGEND_STREETS()), size=12)
    y += 40
    svg.rect(x, y, 22, 18, fill=_tint(_terrain_colour(next(iter(CONTENT.field_codes))), seat_colour(0)), stroke=MUTED)
    svg.text(x + 30, y + 13, words(LEGEND_CITY()), size=12)
    y += 24
    for i in range(3):
        svg.line(x + i * 8, y + 9, x + i * 8 + 5, y + 9, stroke=seat_colour(0), stroke_width=WALL_WIDTH - 1)
    svg.text(x + 30, y + 13, words(LEGEND_COMMITTED()), size=12)
    y += 24
    svg.rect(x + 3, y + 2, 16, 14, stroke=INK, stroke_width=2, dashed=True)
    svg.text(x + 30, y + 13, words(LEGEND_CHOSEN()), size=12)
    y += 24
    svg.rect(x, y, 22, 18, fill=HIDDEN, stroke=MUTED)
    svg.text(x + 30, y + 13, words(LEGEND_NO_BOARD()), size=12)
