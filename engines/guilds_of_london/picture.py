"""Guilds of London pictures (``RenderView``): the table as one seat, or a spectator, sees it.

Drawn from a view only (``view.view``), so hidden cards are ``"?"`` and appear as face-down counts. The
picture has four parts:

* the city (§3.1, §3.3, §3.4): one square per cell, north up, rows and columns numbered as moves name
  them; each tile with its name, guild number, majority and symbols (the back's once resolved), the
  liverymen of each seat and neutral pawns on it, its second-place token, its master once face down; the
  Guildhall with its liverymen and the compass rose; the beadle; the tile being resolved; the cells the
  next Growth phase fills (§4.7.3), numbered in placing order;
* beside it the round track (§4.1: Growth rounds, resolution rounds, expansion directions), the state of
  the round (turn order, the turn, cards in play, the vote), the plantation (§6.4), the piles and pools;
* each seat's public area: VP, liverymen by place, neutral pawns, masters, tokens, the number of cards in
  hand and of Lord Mayor cards, and the viewer's own cards by name;
* a legend.

Every size is bounded by the components (a connected city of at most the content's tiles, card types and
token types grouped with counts), so the picture is too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from engines.core.items import HIDDEN as HIDDEN_ID
from engines.core.locale import Words
from engines.core.picture import (
    HIDDEN,
    INK,
    MUTED,
    PAPER,
    SEAT_COLOUR_NAMES,
    Picture,
    Svg,
    seat_colour,
    seat_colour_name,
    text_width,
    wrap,
)
from engines.core.text import LIST_COMMA, Message, Name, Text, listing, names, seat
from engines.guilds_of_london.city import Cell, Direction, expansion_cells
from engines.guilds_of_london.common import CONTENT, tile_of, tracks
from engines.guilds_of_london.content import (
    Counted,
    Filter,
    LordMayorCard,
    PerScoring,
    SetsScoring,
    TableScoring,
    ThresholdScoring,
    Tracks,
)
from engines.guilds_of_london.names import SIDES, SYMBOLS, TILES, symbols_words
from engines.guilds_of_london.state import NO_SEAT, CityTile, State
from engines.guilds_of_london.words import THE_GUILDHALL, effects_words, tile_name

#: The side of a city cell at full size, and the most room the city may take (it shrinks to fit).
CELL = 112.0
BOARD_WIDTH = 800.0
BOARD_HEIGHT = 900.0
#: Room for the row and column numbers round the city.
RULER = 22.0
MARGIN = 16.0
HEADER = 46.0
PANEL_WIDTH = 480.0
LINE = 16.0

#: Fills of the parts of the city.
GUILD_FILL = "#f5ecd6"
SPECIAL_FILL = "#e6dcf6"
FACE_DOWN_FILL = "#cfcfcf"
GUILDHALL_FILL = "#d8c28c"
NEXT_FILL = "#f7f7f7"
RESOLVING = "#e0a000"
NEUTRAL = "#9c9c9c"
GROWTH_FILL = "#c8c8c8"
TOKEN_FILL = "#fff6c2"

GAME = "guilds_of_london"
P = "guilds_of_london.picture."

#: How each stage of the round (§4.1) reads in the heading.
STAGE_WORDS: dict[str, Message] = {
    "deal": Message(P + "stage.deal", "setup: dealing"),
    "keep": Message(P + "stage.keep", "setup: keeping a Lord Mayor card"),
    "turns": Message(P + "stage.turns", "players' turns"),
    "scan": Message(P + "stage.scan", "end of round: scanning the city"),
    "negotiate": Message(P + "stage.negotiate", "end of round: negotiation"),
    "reward": Message(P + "stage.reward", "end of round: rewards"),
    "plantation": Message(P + "stage.plantation", "Growth: the plantation's negotiation"),
    "harvest": Message(P + "stage.harvest", "Growth: the plantation's rewards"),
    "expand": Message(P + "stage.expand", "Growth: new tiles"),
    "over": Message(P + "stage.over", "game over"),
}

SYMBOL_NAME: dict[str, str] = {s.id: s.name for s in CONTENT.symbols}
SYMBOL_COLOUR: dict[str, str] = {s.id: s.colour for s in CONTENT.symbols}

COLOURS: dict[str, Name] = names(GAME, "colour", {colour: colour for colour in SEAT_COLOUR_NAMES})
"""The seats' colours as a text names them."""
DIRECTIONS: dict[str, Name] = names(GAME, "direction", {d: d for d in ("N", "E", "S", "W")})
"""§4.7.3: the four ways the city grows (``N``)."""

SPECTATOR = Message(P + "spectator", "a spectator")
SEAT_WORDS = Message(P + "seat", "{seat} ({colour})")
TITLE = Message(P + "title", "Guilds of London, round {round}: the table as {who} sees it")
NO_SYMBOL = Message(P + "no_symbol", "no symbol")
COUNTED = Message(P + "counted", "{name} ×{n}")
A_TOKEN = Message(P + "a_token", "a token")
HEADING = Message(P + "heading", "Guilds of London: round {round} of {last}, {stage}")
SUBHEADING = Message(P + "subheading", "{players} players; seen by {who}")


def _who(viewer: int | None) -> Name | Text:
    return SPECTATOR() if viewer is None else seat(viewer)


def colour(number: int) -> Name:
    """The name of a seat's colour (``blue``)."""
    return COLOURS[seat_colour_name(number)]


def seat_words(number: int) -> Text:
    """A seat and the colour it is drawn in: ``Seat 1 (blue)``."""
    return SEAT_WORDS(seat=seat(number), colour=colour(number))


def _title(view: State, viewer: int | None) -> Text:
    """The picture's title: the game, the round and who sees it."""
    return TITLE(round=view.round, who=_who(viewer))


def _symbols(ids: Iterable[str]) -> Text:
    return listing([SYMBOLS.get(s) or s for s in ids], joined=LIST_COMMA, empty=NO_SYMBOL)


def _counted(items: Iterable[str], name: Callable[[str], Text | Name]) -> list[Text | Name]:
    """``name ×n`` for each distinct item, in first-seen order (bounded by the content's kinds)."""
    counts = Counter(items)
    return [COUNTED(name=name(item), n=n) if n > 1 else name(item) for item, n in counts.items()]


def _wrap(text: str, width: float, size: float) -> list[str]:
    """``text`` in lines that fit ``width`` pixels at font ``size``."""
    return wrap(text, width, size)


def token_words(token: str) -> Text:
    """§6.5: a second-place token by what it gives (``draw 1 card``)."""
    found = CONTENT.token.get(token)
    return effects_words(found.effects) if found is not None else A_TOKEN()


#: §9.2.1: what a Lord Mayor card's filter counts, one of it in words (the kind of tile is added for tiles).
COUNTED_WORDS: dict[Counted, Message] = {
    "controlled_tiles": Message(P + "counts.controlled_tiles", "{tile} you are master of"),
    "masters": Message(P + "counts.masters", "master of yours on a {tile}"),
    "liverymen_on": Message(P + "counts.liverymen_on", "liveryman of yours"),
    "second_place_tokens": Message(P + "counts.second_place_tokens", "second-place token"),
    "lm_cards": Message(P + "counts.lm_cards", "Lord Mayor card"),
    "cards_in_hand": Message(P + "counts.cards_in_hand", "card in your hand"),
}
A_THING = Message(P + "counts.thing", "thing")
#: §9.2.1 filter ``kind``: the tiles it counts.
TILE_KIND_WORDS: dict[str, Message] = {
    "GUILD": Message(P + "kind.guild", "guild tile"),
    "SPECIAL": Message(P + "kind.special", "special building"),
    "ANY": Message(P + "kind.any", "tile"),
}
WITH_SYMBOL = Message(P + "filter.with", "{what} with a {symbol}")
WITH_ANY_SYMBOL = Message(P + "filter.with_symbol", "{what} with a symbol")
NUMBERED = Message(P + "filter.numbered", "{what} numbered {low}-{high}")
ON_PLANTATION = Message(P + "filter.plantation", "{what} on the plantation")
IN_GUILDHALL = Message(P + "filter.guildhall", "{what} in the Guildhall")
LM_PER = Message(P + "lord_mayor.per", "{vp} VP per {what}")
LM_TABLE = Message(P + "lord_mayor.table", "{vp} VP by {what}")
LM_SETS = Message(P + "lord_mayor.sets", "{vp} VP per set of {symbols}")
LM_THRESHOLD = Message(P + "lord_mayor.threshold", "{vp} VP for {k}+ {what}")
LM_AT_THE_END = Message(P + "lord_mayor.at_the_end", "scores at the end")
A_LORD_MAYOR_CARD = Message(P + "lord_mayor.unknown", "a Lord Mayor card")
AN_ACTION_CARD = Message(P + "action_card.unknown", "an action card")


def _filter_words(f: Filter) -> Text:
    """§9.2.1: what a Lord Mayor card counts, in a few words (``guild tile you are master of with a Crown``)."""
    counted = COUNTED_WORDS.get(f.what)
    kind = TILE_KIND_WORDS.get(f.kind, TILE_KIND_WORDS["ANY"])()
    if counted is None:
        words = A_THING()
    else:
        words = counted(tile=kind) if "tile" in counted.names else counted()
    if f.back_symbol is not None:
        found = SYMBOLS.get(f.back_symbol)
        words = WITH_SYMBOL(what=words, symbol=found) if found is not None else WITH_ANY_SYMBOL(what=words)
    if f.number_min is not None or f.number_max is not None:
        words = NUMBERED(what=words, low=f.number_min or 1, high=f.number_max or 12)
    if f.location is not None:
        words = (ON_PLANTATION if f.location == "PLANTATION" else IN_GUILDHALL)(what=words)
    return words


def lord_mayor_words(card: LordMayorCard) -> Text:
    """§6.6: how a Lord Mayor card scores, in a few words."""
    s = card.scoring
    if isinstance(s, PerScoring):
        return LM_PER(vp=s.vp_each, what=_filter_words(s.count))
    if isinstance(s, TableScoring):
        return LM_TABLE(vp="/".join(str(v) for v in s.vp), what=_filter_words(s.count))
    if isinstance(s, SetsScoring):
        return LM_SETS(vp=s.vp_per_set, symbols=_symbols(s.of))
    if isinstance(s, ThresholdScoring):
        return LM_THRESHOLD(vp=s.vp, k=s.k, what=_filter_words(s.count))
    return LM_AT_THE_END()


def lord_mayor_name(card: str) -> Text:
    """§6.6: a Lord Mayor card by what it scores."""
    found = CONTENT.lord_mayor_card.get(card)
    return lord_mayor_words(found) if found is not None else A_LORD_MAYOR_CARD()


def action_name(card: str) -> Name | Text:
    """§6.1: an action card by its symbol(s): ``Compass``, ``Anchor/Cross``."""
    found = CONTENT.action_card.get(card)
    if found is None:
        return AN_ACTION_CARD()
    return symbols_words(found.symbols)


def picture(view: State, viewer: int | None, words: Words) -> Picture:
    """The picture of ``view`` (a view made for ``viewer``; ``None``: a spectator), its words in ``words``'
    language."""
    w = words
    grid = _grid(view)
    panel_x = grid.x + grid.width + RULER + MARGIN
    panel_height = _panel(Svg(1, 1, ""), w, view, viewer, panel_x, HEADER) - HEADER
    legend_y = HEADER + max(grid.height + 2 * RULER, panel_height) + MARGIN
    width = panel_x + PANEL_WIDTH + MARGIN
    height = _legend(Svg(1, 1, ""), w, view, MARGIN, legend_y, width - 2 * MARGIN) + MARGIN
    svg = Svg(width, height, w(_title(view, viewer)))
    _heading(svg, w, view, viewer)
    _city(svg, w, view, grid)
    _panel(svg, w, view, viewer, panel_x, HEADER)
    _legend(svg, w, view, MARGIN, legend_y, width - 2 * MARGIN)
    return svg.picture()


def _heading(svg: Svg, w: Words, view: State, viewer: int | None) -> None:
    """§4.1: the round on the track, the stage, the plantation side and who is looking."""
    t = tracks(view)
    found = STAGE_WORDS.get(view.stage)
    stage = found() if found is not None else view.stage
    heading = HEADING(round=view.round, last=t.last_round, stage=stage)
    svg.text(MARGIN, 28, w(heading), size=18, bold=True)
    svg.text(MARGIN, 42, w(SUBHEADING(players=view.options.players, who=_who(viewer))), size=11, fill=MUTED)


# ---- §3 the city -----------------------------------------------------------------------------------------


class _Grid(NamedTuple):
    """Where the city's cells go: the top-left corner of cell ``(rows[0], cols[0])`` and the cell size."""

    x: float
    y: float
    cell: float
    rows: range
    cols: range

    @property
    def width(self) -> float:
        return self.cell * len(self.cols)

    @property
    def height(self) -> float:
        return self.cell * len(self.rows)

    def at(self, cell: Cell) -> tuple[float, float]:
        """The top-left corner of ``cell``."""
        return (self.x + (cell[1] - self.cols.start) * self.cell, self.y + (cell[0] - self.rows.start) * self.cell)


def next_growth(view: State) -> tuple[int, Direction, list[Cell]] | None:
    """§4.7.3 (R-GROW-3, R-GROW-4): the next Growth phase that adds tiles, the way it goes, and the cells
    its tiles will fill in placing order (the city as it stands now); ``None`` when no more tiles come."""
    t = tracks(view)
    if view.stage in ("deal", "keep", "over") or t.layout.compass_rose is None:
        return None
    done = view.stage == "expand"
    rounds = sorted(r for r in t.expansion if r > view.round or (r == view.round and not done))
    if not rounds:
        return None
    occupied = [*t.layout.guildhall, *((placed.row, placed.col) for placed in view.city)]
    direction = t.expansion[rounds[0]]
    return rounds[0], direction, expansion_cells(occupied, t.layout.compass_rose, direction, t.tiles_per_expansion)


def _grid(view: State) -> _Grid:
    """The cells to draw (tiles, the Guildhall, the next new tiles) and a cell size that fits the room."""
    growth = next_growth(view)
    cells = [*tracks(view).layout.guildhall, *((p.row, p.col) for p in view.city), *(growth[2] if growth else ())]
    rows = range(min(r for r, _ in cells), max(r for r, _ in cells) + 1)
    cols = range(min(c for _, c in cells), max(c for _, c in cells) + 1)
    cell = min(CELL, BOARD_WIDTH / len(cols), BOARD_HEIGHT / len(rows))
    return _Grid(MARGIN + RULER, HEADER + RULER, cell, rows, cols)


COLUMN = Message(P + "column", "column {col}")
ROW = Message(P + "row", "row {row}")
NORTH_UP = Message(P + "north_up", "N ↑")
NORTH_IS_UP = Message(P + "north_is_up", "north is up")
NORTH = Message(P + "north", "N")
LIVERYMEN_ON = Message(P + "liverymen_on", "{n} liveryman of {seat} on {where}", "{n} liverymen of {seat} on {where}")
NEUTRALS_ON = Message(P + "neutrals_on", "{n} neutral pawn on {where}", "{n} neutral pawns on {where}")
GUILDHALL_CELL = Message(P + "guildhall_cell", "the Guildhall {cell}")
GUILDHALL = Message(P + "guildhall", "Guildhall")
COMPASS_ROSE = Message(P + "compass_rose", "the compass rose: new tiles go N, E, S, W of the Guildhall in turn")
NEXT_CELL = Message(
    P + "next_cell", "cell {cell}: new tile {n} after round {round} (growth starts {direction} of the Guildhall)"
)
NEW_TILE = Message(P + "new_tile", "new tile {n}")
ROUND_DIRECTION = Message(P + "round_direction", "round {round}, {direction}")
SPECIAL_KIND = Message(P + "tile.special_kind", "special building")
GUILD_KIND = Message(P + "tile.guild_kind", "guild number {number}")
FACE_UP_ABOUT = Message(P + "tile.face_up", "{where}: {kind}, face up, majority {majority}, symbols {symbols}")
FACE_DOWN_ABOUT = Message(P + "tile.face_down", "{where}: {kind}, resolved (face down), symbols {symbols}")
BEING_RESOLVED_TITLE = Message(P + "tile.being_resolved", "{where} is being resolved")
SPECIAL_NUMBER = Message(P + "tile.special", "special")
GUILD_NUMBER = Message(P + "tile.number", "No. {number}")
FACE_UP_INFO = Message(P + "tile.info", "{number} · maj. {majority}")
FACE_DOWN_INFO = Message(P + "tile.info_resolved", "{number} · resolved")
SYMBOL_ON = Message(P + "symbol_on", "symbol {symbol} on {where}")
NO_MASTER = Message(P + "no_master", "no master")
NO_MASTER_ON = Message(P + "no_master_on", "no master on {where}")
BEADLE_ON = Message(P + "beadle_on", "the beadle on {where}")
MASTER_ON = Message(P + "master_on", "master of {seat} on {where}")
MASTER_MARK = Message(P + "master_mark", "M")
TOKEN_ON = Message(P + "token_on", "second-place token on {where}: {words}")


def _city(svg: Svg, w: Words, view: State, grid: _Grid) -> None:
    """§3.1: the city, north up, with its row and column numbers, the Guildhall and every tile."""
    _rulers(svg, w, grid)
    _guildhall(svg, w, view, grid)
    growth = next_growth(view)
    if growth is not None:
        _next_cells(svg, w, grid, *growth)
    resolving = (
        view.city[view.scan].tile if view.stage in ("negotiate", "reward") and view.scan < len(view.city) else ""
    )
    for placed in view.city:
        _tile(svg, w, view, grid, placed, placed.tile == resolving)


def _rulers(svg: Svg, w: Words, grid: _Grid) -> None:
    """§3.1: column numbers above the city, row numbers left of it (a cell is named ``(row,col)``)."""
    for col in grid.cols:
        x, _ = grid.at((grid.rows.start, col))
        svg.text(
            x + grid.cell / 2, grid.y - 6, str(col), size=11, fill=MUTED, anchor="middle", title=w(COLUMN(col=col))
        )
    for row in grid.rows:
        _, y = grid.at((row, grid.cols.start))
        svg.text(grid.x - 6, y + grid.cell / 2 + 4, str(row), size=11, fill=MUTED, anchor="end", title=w(ROW(row=row)))
    svg.text(grid.x + grid.width + 4, grid.y - 6, w(NORTH_UP()), size=11, bold=True, title=w(NORTH_IS_UP()))


def _figures(
    svg: Svg, w: Words, x: float, y: float, r: float, counts: Sequence[int], neutral: int, where: Text | Name
) -> None:
    """Liverymen of each seat as discs in the seat's colour with their number, then neutral pawns (grey)."""
    for number, n in enumerate(counts):
        if n > 0:
            title = w(LIVERYMEN_ON(n=n, seat=seat_words(number), where=where))
            svg.circle(x, y, r, fill=seat_colour(number), title=title)
            svg.text(x, y + r * 0.4, str(n), size=r * 1.1, fill=PAPER, anchor="middle", bold=True)
            x += 2.3 * r
    if neutral > 0:
        svg.circle(x, y, r, fill=NEUTRAL, title=w(NEUTRALS_ON(n=neutral, where=where)))
        svg.text(x, y + r * 0.4, str(neutral), size=r * 1.1, fill=PAPER, anchor="middle", bold=True)


def _guildhall(svg: Svg, w: Words, view: State, grid: _Grid) -> None:
    """§3.3, §3.4: the Guildhall's cells with the liverymen on it and the compass rose."""
    t = tracks(view)
    cells = t.layout.guildhall
    u = grid.cell / CELL
    for cell in cells:
        x, y = grid.at(cell)
        title = w(GUILDHALL_CELL(cell=str(cell)))
        svg.rect(x, y, grid.cell, grid.cell, fill=GUILDHALL_FILL, stroke=GUILDHALL_FILL, title=title)
    x, y = grid.at(min(cells))
    span = grid.cell * (1 + max(c for _, c in cells) - min(c for _, c in cells))
    svg.rect(x + 2, y + 2, span - 4, grid.cell - 4, stroke=INK, stroke_width=2)
    svg.text(x + span / 2, y + 20 * u, w(GUILDHALL()), size=14 * u, anchor="middle", bold=True)
    _figures(svg, w, x + 16 * u, y + 56 * u, 11 * u, view.guildhall, 0, THE_GUILDHALL())
    if t.layout.compass_rose is not None:
        cx, cy = grid.at(t.layout.compass_rose)
        _compass(svg, w, cx + grid.cell / 2, cy + grid.cell - 22 * u, 12 * u)


def _compass(svg: Svg, w: Words, x: float, y: float, r: float) -> None:
    """§3.3, R-GROW-3: the compass rose that the city's growth starts from."""
    title = w(COMPASS_ROSE())
    svg.circle(x, y, r, fill=PAPER, title=title)
    svg.polygon([(x, y - r), (x + r * 0.35, y), (x - r * 0.35, y)], fill=INK, stroke=None, title=title)
    svg.polygon([(x, y + r), (x + r * 0.35, y), (x - r * 0.35, y)], fill=PAPER, stroke=INK, stroke_width=0.5)
    svg.text(x + r + 2, y + r * 0.4, w(NORTH()), size=r, bold=True)


def _direction(direction: str) -> Name | str:
    return DIRECTIONS.get(direction) or direction


def _next_cells(svg: Svg, w: Words, grid: _Grid, at_round: int, direction: str, cells: list[Cell]) -> None:
    """§4.7.3: the empty cells the Growth phase of ``at_round`` fills, numbered in the order tiles are placed."""
    u = grid.cell / CELL
    way = _direction(direction)
    for n, cell in enumerate(cells, start=1):
        x, y = grid.at(cell)
        title = w(NEXT_CELL(cell=str(cell), n=n, round=at_round, direction=way))
        svg.rect(x + 3, y + 3, grid.cell - 6, grid.cell - 6, fill=NEXT_FILL, stroke=MUTED, dashed=True, title=title)
        svg.text(
            x + grid.cell / 2, y + grid.cell / 2 - 4 * u, w(NEW_TILE(n=n)), size=11 * u, fill=MUTED, anchor="middle"
        )
        svg.text(
            x + grid.cell / 2,
            y + grid.cell / 2 + 12 * u,
            w(ROUND_DIRECTION(round=at_round, direction=way)),
            size=10 * u,
            fill=MUTED,
            anchor="middle",
        )


def _tile(svg: Svg, w: Words, view: State, grid: _Grid, placed: CityTile, resolving: bool) -> None:
    """§3.1, §6.2, §6.3: one tile of the city, face up with its figures and token or face down with its master."""
    tile = tile_of(placed)
    where = tile_name(view, placed.tile)
    u = grid.cell / CELL
    x, y = grid.at((placed.row, placed.col))
    kind = SPECIAL_KIND() if tile.kind == "SPECIAL" else GUILD_KIND(number=tile.number or 0)
    if placed.face_up:
        fill = SPECIAL_FILL if tile.kind == "SPECIAL" else GUILD_FILL
        about = FACE_UP_ABOUT(where=where, kind=kind, majority=tile.majority, symbols=_symbols(tile.front_symbols))
    else:
        fill = FACE_DOWN_FILL
        about = FACE_DOWN_ABOUT(where=where, kind=kind, symbols=_symbols(tile.back_symbols))
    svg.rect(x + 1, y + 1, grid.cell - 2, grid.cell - 2, fill=fill, stroke=INK, title=w(about))
    if resolving:
        svg.rect(
            x + 3,
            y + 3,
            grid.cell - 6,
            grid.cell - 6,
            stroke=RESOLVING,
            stroke_width=4 * u,
            title=w(BEING_RESOLVED_TITLE(where=where)),
        )
    name = TILES.get(placed.tile)
    lines = _wrap(w(name) if name is not None else tile.name, grid.cell - 8, 11 * u)[:2]
    for i, line in enumerate(lines):
        svg.text(x + 5 * u, y + (14 + 12 * i) * u, line, size=11 * u, bold=True)
    number = SPECIAL_NUMBER() if tile.kind == "SPECIAL" else GUILD_NUMBER(number=tile.number or 0)
    info = FACE_UP_INFO(number=number, majority=tile.majority) if placed.face_up else FACE_DOWN_INFO(number=number)
    svg.text(x + 5 * u, y + 40 * u, w(info), size=10 * u)
    shown = tile.front_symbols if placed.face_up else tile.back_symbols
    for i, symbol in enumerate(shown):
        _symbol(
            svg,
            x + (11 + 15 * i) * u,
            y + 52 * u,
            7 * u,
            symbol,
            w(SYMBOL_ON(symbol=SYMBOLS.get(symbol) or symbol, where=where)),
        )
    if view.beadle == placed.tile:
        _beadle(svg, w, x + grid.cell - 14 * u, y + 52 * u, 9 * u, where)
    if placed.face_up:
        _figures(svg, w, x + 14 * u, y + 71 * u, 9 * u, placed.liverymen, placed.neutral, where)
        if placed.token:
            _token(svg, w, x + 5 * u, y + 110 * u, grid.cell - 10 * u, u, placed.token, where)
    elif placed.master != NO_SEAT:
        _master(svg, w, x + grid.cell / 2, y + 82 * u, 14 * u, placed.master, where)
    else:
        svg.text(
            x + grid.cell / 2,
            y + 86 * u,
            w(NO_MASTER()),
            size=10 * u,
            fill=MUTED,
            anchor="middle",
            title=w(NO_MASTER_ON(where=where)),
        )


def _symbol(svg: Svg, x: float, y: float, r: float, symbol: str, title: str) -> None:
    """§0.3: a guild symbol as a diamond in its card colour (figures are discs, so the two never mix up)."""
    diamond = [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
    svg.polygon(diamond, fill=SYMBOL_COLOUR.get(symbol, PAPER), stroke_width=0.8, title=title)


def _beadle(svg: Svg, w: Words, x: float, y: float, r: float, where: Text | Name) -> None:
    """R-SETUP-3, R-GROW-6: the beadle, a black pawn."""
    title = w(BEADLE_ON(where=where))
    svg.polygon([(x, y - r), (x + r * 0.8, y + r), (x - r * 0.8, y + r)], fill=INK, stroke=None, title=title)
    svg.circle(x, y - r * 0.6, r * 0.45, fill=INK, stroke=None, title=title)


def _master(svg: Svg, w: Words, x: float, y: float, r: float, number: int, where: Text | Name) -> None:
    """§5.0, R-RES-17: a seat's master on the tile it won (a large disc marked M)."""
    title = w(MASTER_ON(seat=seat_words(number), where=where))
    svg.circle(x, y, r, fill=seat_colour(number), stroke_width=2, title=title)
    svg.text(x, y + r * 0.4, w(MASTER_MARK()), size=r * 1.1, fill=PAPER, anchor="middle", bold=True)


def _token(svg: Svg, w: Words, x: float, bottom: float, width: float, u: float, token: str, where: Text | Name) -> None:
    """R-SETUP-2, §6.5: the second-place token lying on a face-up tile, labelled with what it gives (on two
    lines when one is too short), its bottom at ``bottom``."""
    words = token_words(token)
    title = w(TOKEN_ON(where=where, words=words))
    size = 9.5 * u
    lines = _wrap(w(words), width - 8 * u, size)[:2]
    height = (7 + 11 * len(lines)) * u
    y = bottom - height
    svg.rect(x, y, width, height, fill=TOKEN_FILL, stroke=INK, stroke_width=0.6, rx=5 * u, title=title)
    for i, line in enumerate(lines):
        svg.text(x + width / 2, y + (12 + 11 * i) * u, line, size=size, anchor="middle", title=title)


# ---- §4.1 the track, the round, the plantation and the piles -----------------------------------------------

THEN = Message(P + "then", "{first}; {rest}")
TILES_RESOLVED = Message(P + "round.tiles_resolved", "tiles resolved")
GROWTH = Message(P + "round.growth", "Growth")
GROWTH_TO = Message(P + "round.growth_to", "Growth, new tiles to the {direction}")
TURNS_ONLY = Message(P + "round.turns_only", "turns only")
ROUND_TRACK = Message(P + "section.round_track", "Round track")
ROUND_KINDS = Message(P + "round.kinds", "round {round}: {kinds}")
ROUND_KINDS_HERE = Message(P + "round.kinds_here", "round {round}: {kinds} (the round marker is here)")
THIS_ROUND = Message(P + "section.this_round", "This round")
NO_TURNS_YET = Message(P + "round.no_turns", "No turns yet: the table is being set up.")
TURN_ORDER = Message(P + "round.turn_order", "Turn order:")
ORDER_PLACE = Message(P + "round.order_place", "{place}. {seat}")
TURN_PLAYING = Message(P + "round.turn", "{seat}'s turn, {n} card played", "{seat}'s turn, {n} cards played")
IN_PLAY = Message(P + "round.in_play", "In play: {cards}")
BEING_RESOLVED = Message(P + "round.being_resolved", "Being resolved: {tile}")
NOBODY = Message(P + "round.nobody", "nobody")
VOTE_WON = Message(P + "round.vote", "Vote won by {winner}, second {second}")
PLANTATION = Message(P + "section.plantation", "Plantation: {side}")
SIDE_NOT_DRAWN = Message(P + "plantation.not_drawn", "side not drawn yet")
MOST = Message(P + "plantation.most", "Most: {effects}; return {n}")
SECOND = Message(P + "plantation.second", "Second: {effects}; return {n}")
THE_PLANTATION = Message(P + "plantation.the", "the plantation")
NO_FIGURE_PLANTATION = Message(P + "plantation.empty", "No figure on the plantation.")
PILES = Message(P + "section.piles", "Piles and pools")
PILE_SIZES = Message(
    P + "piles.sizes",
    "Action deck {deck} · Lord Mayor deck {lord_mayor} · tile supply {tiles} · token bag {tokens} (all face down)",
)
NEUTRAL_POOL = Message(P + "piles.neutral_pool", "Neutral pool {n}")
NEUTRAL_POOL_REMOVED = Message(P + "piles.neutral_pool_removed", "Neutral pool {n} ({removed} out of the game)")
DISCARD_PILE = Message(P + "piles.discard", "Discard pile ({n}): {cards}")
EMPTY = Message(P + "piles.empty", "empty")
TOKENS_OUT = Message(P + "piles.tokens_out", "Second-place tokens out of the game: {tokens}")


def _joined(parts: Sequence[Text]) -> Text:
    """Parts joined by semicolons (``A; B``)."""
    joined = parts[-1]
    for part in reversed(parts[:-1]):
        joined = THEN(first=part, rest=joined)
    return joined


def _panel(svg: Svg, w: Words, view: State, viewer: int | None, x: float, y: float) -> float:
    """Everything beside the city, top to bottom; returns the y below it."""
    y = _track(svg, w, view, x, y + 6)
    y = _round(svg, w, view, x, y + 8)
    y = _plantation(svg, w, view, x, y + 8)
    y = _piles(svg, w, view, x, y + 8)
    for number in range(len(view.players)):
        y = _seat(svg, w, view, viewer, number, x, y + 10)
    return y


def _section(svg: Svg, x: float, y: float, heading: str) -> float:
    svg.text(x, y + 13, heading, size=13, bold=True)
    return y + 13 + LINE


def _text_lines(svg: Svg, x: float, y: float, text: str, *, size: float = 11, width: float = PANEL_WIDTH) -> float:
    """``text`` wrapped to ``width``; returns the next baseline."""
    for line in _wrap(text, width, size):
        svg.text(x, y, line, size=size)
        y += size * 1.35
    return y


def _round_kinds(t: Tracks, r: int) -> Text:
    """§4.1: what happens at the end of round ``r`` on the track."""
    kinds: list[Text] = []
    if t.resolution == "all" or r in t.resolution:
        kinds.append(TILES_RESOLVED())
    if r in t.growth:
        kinds.append(GROWTH_TO(direction=_direction(t.expansion[r])) if r in t.expansion else GROWTH())
    return _joined(kinds) if kinds else TURNS_ONLY()


def _track(svg: Svg, w: Words, view: State, x: float, y: float) -> float:
    """§4.1: the round track: Growth rounds grey, resolution rounds dotted, expansions with their direction,
    the round marker ringed."""
    t = tracks(view)
    y = _section(svg, x, y, w(ROUND_TRACK()))
    size = min(26.0, PANEL_WIDTH / max(t.last_round, 1) - 3)
    for r in range(1, t.last_round + 1):
        left = x + (r - 1) * (size + 3)
        current = r == view.round
        title = w((ROUND_KINDS_HERE if current else ROUND_KINDS)(round=r, kinds=_round_kinds(t, r)))
        fill = GROWTH_FILL if r in t.growth else PAPER
        svg.rect(left, y, size, size, fill=fill, stroke=INK, stroke_width=3 if current else 0.8, title=title)
        svg.text(left + size / 2, y + size * 0.55, str(r), size=10, anchor="middle", bold=current)
        if t.resolution == "all" or r in t.resolution:
            svg.circle(left + size / 2, y + size - 5, 2.5, fill=INK, stroke=None)
        if r in t.expansion:
            way = w(_direction(t.expansion[r]))
            svg.text(left + size / 2, y + size + 12, way, size=10, anchor="middle", bold=True)
    return y + size + 20


def _round(svg: Svg, w: Words, view: State, x: float, y: float) -> float:
    """R-ORDER-3, §4.3, §4.5: the turn order, the turn being played with its cards in play, the vote."""
    y = _section(svg, x, y, w(THIS_ROUND()))
    if not (view.order or view.turn or view.in_play or view.reward):
        y = _text_lines(svg, x, y, w(NO_TURNS_YET()))
    if view.order:
        svg.text(x, y, w(TURN_ORDER()), size=11)
        left = x + 72
        for i, number in enumerate(view.order):
            title = w(ORDER_PLACE(place=i + 1, seat=seat_words(number)))
            svg.circle(left + 6, y - 4, 6, fill=seat_colour(number), title=title)
            svg.text(left + 15, y, w(seat(number)), size=11)
            left += 70
        y += LINE
    if view.turn is not None:
        playing = TURN_PLAYING(seat=seat_words(view.turn.seat), n=view.turn.played)
        y = _text_lines(svg, x, y, w(playing))
    if view.in_play:
        cards = listing(_counted(view.in_play, action_words), joined=LIST_COMMA)
        y = _text_lines(svg, x, y, w(IN_PLAY(cards=cards)))
    if view.stage in ("negotiate", "reward") and view.scan < len(view.city):
        y = _text_lines(svg, x, y, w(BEING_RESOLVED(tile=tile_name(view, view.city[view.scan].tile))))
    if view.reward is not None:
        second = seat_words(view.reward.second) if view.reward.second != NO_SEAT else NOBODY()
        y = _text_lines(svg, x, y, w(VOTE_WON(winner=seat_words(view.reward.winner), second=second)))
    return y


def _plantation(svg: Svg, w: Words, view: State, x: float, y: float) -> float:
    """§6.4, R-PLANT-1..4: the plantation side with its two rewards and the figures on it."""
    side = CONTENT.plantation_side.get(view.plantation_side)
    name: Name | Text | str
    if view.plantation_side:
        name = SIDES.get(view.plantation_side) or view.plantation_side.title()
    else:
        name = SIDE_NOT_DRAWN()
    y = _section(svg, x, y, w(PLANTATION(side=name)))
    if side is not None:
        y = _text_lines(svg, x, y, w(MOST(effects=effects_words(side.left.effects), n=side.left.return_n)))
        y = _text_lines(svg, x, y, w(SECOND(effects=effects_words(side.right.effects), n=side.right.return_n)))
    if any(view.plantation) or view.plantation_neutral:
        _figures(svg, w, x + 10, y + 4, 9, view.plantation, view.plantation_neutral, THE_PLANTATION())
        return y + 24
    return _text_lines(svg, x, y, w(NO_FIGURE_PLANTATION()))


def _piles(svg: Svg, w: Words, view: State, x: float, y: float) -> float:
    """R-SETUP-2/7/9, A-09, A-11, A-29: the hidden piles by size, the neutral pool, the public discard pile."""
    y = _section(svg, x, y, w(PILES()))
    lm = len(view.lm_deck) + len(view.lm_bottom)
    sizes = PILE_SIZES(deck=len(view.deck), lord_mayor=lm, tiles=len(view.tile_supply), tokens=len(view.token_bag))
    y = _text_lines(svg, x, y, w(sizes))
    if view.neutral_removed:
        pool = NEUTRAL_POOL_REMOVED(n=view.neutral_pool, removed=view.neutral_removed)
    else:
        pool = NEUTRAL_POOL(n=view.neutral_pool)
    y = _text_lines(svg, x, y, w(pool))
    discard = listing(_counted(sorted(view.discard), action_name), joined=LIST_COMMA, empty=EMPTY)
    y = _text_lines(svg, x, y, w(DISCARD_PILE(n=len(view.discard), cards=discard)))
    if view.tokens_removed:
        out = listing(_counted(view.tokens_removed, token_words), joined=LIST_COMMA)
        y = _text_lines(svg, x, y, w(TOKENS_OUT(tokens=out)))
    return y


# ---- §5.0 each seat's public area and the viewer's own cards ------------------------------------------------

SEAT_HEADING = Message(P + "seat.heading", "{seat}: {vp} VP")
SEAT_HEADING_YOU = Message(P + "seat.heading_you", "{seat}: {vp} VP · you")
SEAT_FIGURES = Message(
    P + "seat.figures",
    "Liverymen: supply {supply} · Guildhall {guildhall} · tiles {tiles} · plantation {plantation}; "
    "neutral pawns {neutral}",
)
MASTERS = Message(P + "seat.masters", "Masters ({n}): {tiles}")
TOKENS = Message(P + "seat.tokens", "Second-place tokens ({n}): {tokens}")
HAND = Message(P + "seat.hand", "Hand")
LORD_MAYOR_CARDS = Message(P + "seat.lord_mayor_cards", "Lord Mayor cards")
LORD_MAYOR_OFFER = Message(P + "seat.lord_mayor_offer", "Lord Mayor cards drawn, to choose from")
LORD_MAYOR_CHOICE = Message(P + "seat.lord_mayor_choice", "Lord Mayor card chosen to keep")
DISCARDS = Message(P + "cost.discards", "{n} discard", "{n} discards")
RETURN_FIGURES = Message(P + "cost.return", "return {n} figure", "return {n} figures")
ACTION_WORDS = Message(P + "action_card", "{name}: {effects}")
ACTION_WORDS_PAY = Message(P + "action_card_pay", "{name}: {effects} (pay: {paid})")
CARDS_HEADING = Message(P + "cards.heading", "{what} ({n}):")
CARDS_HEADING_NONE = Message(P + "cards.heading_none", "{what} ({n}): none")
FACE_DOWN_TITLE = Message(
    P + "cards.face_down_title", "{n} face-down card: {what} of {seat}", "{n} face-down cards: {what} of {seat}"
)
FACE_DOWN_COUNT = Message(P + "cards.face_down", "×{n} face down")
CARDS_OF = Message(P + "cards.of", "{what} of {seat}")
SEVERAL = Message(P + "cards.several", "{n} × {words}")
CARD_TITLE = Message(P + "cards.title", "{what}: {words}")
SYMBOL = Message(P + "symbol", "symbol {symbol}")


def _seat(svg: Svg, w: Words, view: State, viewer: int | None, number: int, x: float, y: float) -> float:
    """§5.0, §8: one seat's VP, figures by place, neutral pawns, masters, tokens, and its cards: by name when
    the view shows them (the viewer's own, every Lord Mayor card once the game is over), else face down."""
    p = view.players[number]
    heading = w((SEAT_HEADING_YOU if number == viewer else SEAT_HEADING)(seat=seat_words(number), vp=p.vp))
    svg.rect(x, y, PANEL_WIDTH, 20, fill=seat_colour(number), rx=3, title=heading)
    svg.text(x + 6, y + 15, heading, size=13, fill=PAPER, bold=True)
    y += 20 + LINE
    on_tiles = sum(t.liverymen[number] for t in view.city if t.face_up and number < len(t.liverymen))
    figures = SEAT_FIGURES(
        supply=view.supply[number],
        guildhall=view.guildhall[number],
        tiles=on_tiles,
        plantation=view.plantation[number],
        neutral=p.neutral,
    )
    inner = PANEL_WIDTH - 8
    y = _text_lines(svg, x + 4, y, w(figures), width=inner)
    masters = [tile_name(view, t.tile) for t in view.city if not t.face_up and t.master == number]
    shown = MASTERS(n=len(masters), tiles=listing(masters, joined=LIST_COMMA))
    y = _text_lines(svg, x + 4, y, w(shown), width=inner)
    tokens = listing(_counted(p.tokens, token_words), joined=LIST_COMMA)
    y = _text_lines(svg, x + 4, y, w(TOKENS(n=len(p.tokens), tokens=tokens)), width=inner)
    y = _cards(svg, w, x + 4, y, number, HAND(), p.hand, action_words)
    y = _cards(svg, w, x + 4, y, number, LORD_MAYOR_CARDS(), p.lm_cards, lord_mayor_name)
    if p.lm_offer:
        y = _cards(svg, w, x + 4, y, number, LORD_MAYOR_OFFER(), p.lm_offer, lord_mayor_name)
    if p.lm_choice:
        y = _cards(svg, w, x + 4, y, number, LORD_MAYOR_CHOICE(), p.lm_choice, lord_mayor_name)
    return y


def action_words(card: str) -> Text:
    """§6.1: an action card by name with its ability and the ability's cost."""
    found = CONTENT.action_card.get(card)
    if found is None:
        return AN_ACTION_CARD()
    cost = found.cost
    paid = [DISCARDS(n=cost.discard)] if cost.discard else []
    if cost.return_figures is not None:
        paid.append(RETURN_FIGURES(n=cost.return_figures.n))
    name, effects = action_name(card), effects_words(found.ability)
    if paid:
        return ACTION_WORDS_PAY(name=name, effects=effects, paid=listing(paid, joined=LIST_COMMA))
    return ACTION_WORDS(name=name, effects=effects)


def _cards(
    svg: Svg,
    w: Words,
    x: float,
    y: float,
    number: int,
    what: Text,
    cards: Sequence[str],
    name: Callable[[str], Text],
) -> float:
    """A group of a seat's cards: face-down backs with their count when hidden, else each kind by name."""
    hidden = sum(1 for c in cards if c == HIDDEN_ID)
    heading = (CARDS_HEADING if cards else CARDS_HEADING_NONE)(what=what, n=len(cards))
    svg.text(x, y, w(heading), size=11)
    y += LINE + (4 if cards else 0)
    if hidden:
        title = w(FACE_DOWN_TITLE(n=hidden, what=what, seat=seat_words(number)))
        for i in range(min(hidden, 3)):
            svg.rect(
                x + 4 + 3 * i, y - 11 - 2 * i, 14, 18, fill=HIDDEN, stroke=INK, stroke_width=0.6, rx=2, title=title
            )
        svg.text(x + 30, y + 2, w(FACE_DOWN_COUNT(n=hidden)), size=11, fill=MUTED)
        y += LINE + 4
    kinds: dict[str, tuple[str, Text, int]] = {}  # English words -> (the first card of those words, words, how many)
    for card in sorted(c for c in cards if c != HIDDEN_ID):
        words = name(card)
        first, _, n = kinds.get(words.english, (card, words, 0))
        kinds[words.english] = (first, words, n + 1)
    for card, words, n in kinds.values():
        shown = SEVERAL(n=n, words=words) if n > 1 else words
        y = _card(svg, w, x, y, CARDS_OF(what=what, seat=seat_words(number)), shown, card)
    return y


def _card(svg: Svg, w: Words, x: float, y: float, what: Text, words: Text, card: str) -> float:
    """One kind of card shown face up: its symbols' colours (action cards), then its name and what it does."""
    symbols = CONTENT.action_card[card].symbols if card in CONTENT.action_card else []
    lines = _wrap(w(words), PANEL_WIDTH - 30 - 12 * len(symbols), 10.5)
    height = 6 + 14 * len(lines)
    svg.rect(
        x + 2,
        y - 12,
        PANEL_WIDTH - 8,
        height,
        fill=PAPER,
        stroke=MUTED,
        stroke_width=0.6,
        rx=3,
        title=w(CARD_TITLE(what=what, words=words)),
    )
    for i, symbol in enumerate(symbols):
        _symbol(svg, x + 11 + 12 * i, y - 4, 6, symbol, w(SYMBOL(symbol=SYMBOLS.get(symbol) or symbol)))
    left = x + 8 + 12 * len(symbols)
    for line in lines:
        svg.text(left, y, line, size=10.5)
        y += 14
    return y + 8


# ---- the legend --------------------------------------------------------------------------------------------

LEGEND = Message(P + "section.legend", "Legend")
SEAT_COLOUR = Message(P + "legend.seat_colour", "{seat}'s colour")
SWATCH_GUILD = Message(P + "legend.guild_tile", "guild tile (face up)")
SWATCH_SPECIAL = Message(P + "legend.special_building", "special building")
SWATCH_FACE_DOWN = Message(P + "legend.resolved_tile", "resolved tile (face down)")
SWATCH_GUILDHALL = Message(P + "legend.guildhall", "the Guildhall")
SWATCH_GROWTH = Message(P + "legend.growth_round", "Growth round")
SWATCH_NEXT = Message(P + "legend.next_cell", "cell of a coming new tile")
ACTION_CARDS = Message(P + "legend.action_cards", "Action cards: {cards}.")
MARKS = Message(
    P + "legend.marks",
    "Disc with a number: that many liverymen of the seat (grey: neutral pawns) · M: the seat's master · "
    "black pawn: the beadle · yellow label: second-place token and what it gives · "
    "gold frame: tile being resolved · track: dot = tiles resolved at the end of the round, "
    "letter = where new tiles go, ring = this round · "
    "maj.: majority needed to resolve a tile",
)


def _legend(svg: Svg, w: Words, view: State, x: float, y: float, width: float) -> float:
    """What each colour and mark means: seats, symbols, tiles, figures, tokens, the beadle and the track."""
    y = _section(svg, x, y, w(LEGEND()))
    left = x
    for number in range(len(view.players)):
        who = w(seat_words(number))
        svg.circle(left + 7, y - 4, 7, fill=seat_colour(number), title=w(SEAT_COLOUR(seat=seat_words(number))))
        svg.text(left + 18, y, who, size=11)
        left += 18 + text_width(who, 11) + 20
    for symbol in CONTENT.symbols:
        name = w(SYMBOLS[symbol.id])
        if left + 17 + text_width(name, 11) > x + width:
            left, y = x, y + LINE + 4
        _symbol(svg, left + 7, y - 4, 7, symbol.id, w(SYMBOL(symbol=SYMBOLS[symbol.id])))
        svg.text(left + 17, y, name, size=11)
        left += 17 + text_width(name, 11) + 20
    y += LINE + 4
    swatches = [
        (GUILD_FILL, SWATCH_GUILD),
        (SPECIAL_FILL, SWATCH_SPECIAL),
        (FACE_DOWN_FILL, SWATCH_FACE_DOWN),
        (GUILDHALL_FILL, SWATCH_GUILDHALL),
        (GROWTH_FILL, SWATCH_GROWTH),
    ]
    if tracks(view).expansion:
        swatches.insert(4, (NEXT_FILL, SWATCH_NEXT))
    left = x
    for fill, message in swatches:
        words = w(message())
        room = 19 + text_width(words, 11) + 24
        if left > x and left + room - 24 > x + width:
            left, y = x, y + LINE + 4
        svg.rect(left, y - 11, 14, 14, fill=fill, stroke=INK, stroke_width=0.6)
        svg.text(left + 19, y, words, size=11)
        left += room
    y += LINE + 4
    cards = _joined([action_words(card.id) for card in CONTENT.action_cards])
    y = _text_lines(svg, x, y, w(ACTION_CARDS(cards=cards)), width=width)
    return _text_lines(svg, x, y, w(MARKS()), width=width)
