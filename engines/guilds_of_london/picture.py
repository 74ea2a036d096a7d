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
from engines.guilds_of_london.state import NO_SEAT, CityTile, State
from engines.guilds_of_london.words import effects_words, tile_name

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

#: How each stage of the round (§4.1) reads in the heading.
STAGE_WORDS: dict[str, str] = {
    "deal": "setup: dealing",
    "keep": "setup: keeping a Lord Mayor card",
    "turns": "players' turns",
    "scan": "end of round: scanning the city",
    "negotiate": "end of round: negotiation",
    "reward": "end of round: rewards",
    "plantation": "Growth: the plantation's negotiation",
    "harvest": "Growth: the plantation's rewards",
    "expand": "Growth: new tiles",
    "over": "game over",
}

SYMBOL_NAME: dict[str, str] = {s.id: s.name for s in CONTENT.symbols}
SYMBOL_COLOUR: dict[str, str] = {s.id: s.colour for s in CONTENT.symbols}


def picture(view: State, viewer: int | None) -> Picture:
    """The picture of ``view`` (a view made for ``viewer``; ``None``: a spectator)."""
    grid = _grid(view)
    panel_x = grid.x + grid.width + RULER + MARGIN
    panel_height = _panel(Svg(1, 1, ""), view, viewer, panel_x, HEADER) - HEADER
    legend_y = HEADER + max(grid.height + 2 * RULER, panel_height) + MARGIN
    width = panel_x + PANEL_WIDTH + MARGIN
    height = _legend(Svg(1, 1, ""), view, MARGIN, legend_y, width - 2 * MARGIN) + MARGIN
    svg = Svg(width, height, _title(view, viewer))
    _heading(svg, view, viewer)
    _city(svg, view, grid)
    _panel(svg, view, viewer, panel_x, HEADER)
    _legend(svg, view, MARGIN, legend_y, width - 2 * MARGIN)
    return svg.picture()


# ---- words ----------------------------------------------------------------------------------------------


def _who(viewer: int | None) -> str:
    return "a spectator" if viewer is None else seat_name(viewer)


def seat_words(seat: int) -> str:
    """A seat and the colour it is drawn in: ``Seat 1 (blue)``."""
    return f"{seat_name(seat)} ({seat_colour_name(seat)})"


def _title(view: State, viewer: int | None) -> str:
    """The picture's title: the game, the round and who sees it."""
    return f"Guilds of London, round {view.round}: the table as {_who(viewer)} sees it"


def _symbols(ids: Iterable[str]) -> str:
    return ", ".join(SYMBOL_NAME.get(s, s) for s in ids) or "no symbol"


def _counted(items: Iterable[str], name: Callable[[str], str] = str) -> list[str]:
    """``name ×n`` for each distinct item, in first-seen order (bounded by the content's kinds)."""
    counts = Counter(items)
    return [name(item) + (f" ×{n}" if n > 1 else "") for item, n in counts.items()]


def _wrap(text: str, width: float, size: float) -> list[str]:
    """``text`` in lines that fit ``width`` pixels at font ``size``."""
    return wrap(text, width, size)


def token_words(token: str) -> str:
    """§6.5: a second-place token by what it gives (``draw 1 card``)."""
    found = CONTENT.token.get(token)
    return effects_words(found.effects) if found is not None else "a token"


#: §9.2.1: what a Lord Mayor card's filter counts, one of it in words (the kind of tile is added for tiles).
COUNTED_WORDS: dict[Counted, str] = {
    "controlled_tiles": "{tile} you are master of",
    "masters": "master of yours on a {tile}",
    "liverymen_on": "liveryman of yours",
    "second_place_tokens": "second-place token",
    "lm_cards": "Lord Mayor card",
    "cards_in_hand": "card in your hand",
}
#: §9.2.1 filter ``kind``: the tiles it counts.
TILE_KIND_WORDS: dict[str, str] = {"GUILD": "guild tile", "SPECIAL": "special building", "ANY": "tile"}


def _filter_words(f: Filter) -> str:
    """§9.2.1: what a Lord Mayor card counts, in a few words (``guild tile you are master of with a Crown``)."""
    words = COUNTED_WORDS.get(f.what, "thing").format(tile=TILE_KIND_WORDS.get(f.kind, "tile"))
    if f.back_symbol is not None:
        words += f" with a {SYMBOL_NAME.get(f.back_symbol, 'symbol')}"
    if f.number_min is not None or f.number_max is not None:
        words += f" numbered {f.number_min or 1}-{f.number_max or 12}"
    if f.location is not None:
        words += " on the plantation" if f.location == "PLANTATION" else " in the Guildhall"
    return words


def lord_mayor_words(card: LordMayorCard) -> str:
    """§6.6: how a Lord Mayor card scores, in a few words."""
    s = card.scoring
    if isinstance(s, PerScoring):
        return f"{s.vp_each} VP per {_filter_words(s.count)}"
    if isinstance(s, TableScoring):
        return f"{'/'.join(str(v) for v in s.vp)} VP by {_filter_words(s.count)}"
    if isinstance(s, SetsScoring):
        return f"{s.vp_per_set} VP per set of {_symbols(s.of)}"
    if isinstance(s, ThresholdScoring):
        return f"{s.vp} VP for {s.k}+ {_filter_words(s.count)}"
    return "scores at the end"


def lord_mayor_name(card: str) -> str:
    """§6.6: a Lord Mayor card by what it scores."""
    found = CONTENT.lord_mayor_card.get(card)
    return lord_mayor_words(found) if found is not None else "a Lord Mayor card"


def action_name(card: str) -> str:
    """§6.1: an action card by its symbol(s): ``Compass``, ``Anchor/Cross``."""
    found = CONTENT.action_card.get(card)
    if found is None:
        return "an action card"
    return "/".join(SYMBOL_NAME.get(s, "symbol") for s in found.symbols)


def _heading(svg: Svg, view: State, viewer: int | None) -> None:
    """§4.1: the round on the track, the stage, the plantation side and who is looking."""
    t = tracks(view)
    stage = STAGE_WORDS.get(view.stage, view.stage)
    svg.text(MARGIN, 28, f"Guilds of London: round {view.round} of {t.last_round}, {stage}", size=18, bold=True)
    svg.text(MARGIN, 42, f"{view.options.players} players; seen by {_who(viewer)}", size=11, fill=MUTED)


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


def _city(svg: Svg, view: State, grid: _Grid) -> None:
    """§3.1: the city, north up, with its row and column numbers, the Guildhall and every tile."""
    _rulers(svg, grid)
    _guildhall(svg, view, grid)
    growth = next_growth(view)
    if growth is not None:
        _next_cells(svg, grid, *growth)
    resolving = (
        view.city[view.scan].tile if view.stage in ("negotiate", "reward") and view.scan < len(view.city) else ""
    )
    for placed in view.city:
        _tile(svg, view, grid, placed, placed.tile == resolving)


def _rulers(svg: Svg, grid: _Grid) -> None:
    """§3.1: column numbers above the city, row numbers left of it (a cell is named ``(row,col)``)."""
    for col in grid.cols:
        x, _ = grid.at((grid.rows.start, col))
        svg.text(x + grid.cell / 2, grid.y - 6, str(col), size=11, fill=MUTED, anchor="middle", title=f"column {col}")
    for row in grid.rows:
        _, y = grid.at((row, grid.cols.start))
        svg.text(grid.x - 6, y + grid.cell / 2 + 4, str(row), size=11, fill=MUTED, anchor="end", title=f"row {row}")
    svg.text(grid.x + grid.width + 4, grid.y - 6, "N ↑", size=11, bold=True, title="north is up")


def _figures(svg: Svg, x: float, y: float, r: float, counts: Sequence[int], neutral: int, where: str) -> None:
    """Liverymen of each seat as discs in the seat's colour with their number, then neutral pawns (grey)."""
    for seat, n in enumerate(counts):
        if n > 0:
            what = plural(n, "liveryman", "liverymen")
            svg.circle(x, y, r, fill=seat_colour(seat), title=f"{what} of {seat_words(seat)} on {where}")
            svg.text(x, y + r * 0.4, str(n), size=r * 1.1, fill=PAPER, anchor="middle", bold=True)
            x += 2.3 * r
    if neutral > 0:
        svg.circle(x, y, r, fill=NEUTRAL, title=f"{plural(neutral, 'neutral pawn')} on {where}")
        svg.text(x, y + r * 0.4, str(neutral), size=r * 1.1, fill=PAPER, anchor="middle", bold=True)


def _guildhall(svg: Svg, view: State, grid: _Grid) -> None:
    """§3.3, §3.4: the Guildhall's cells with the liverymen on it and the compass rose."""
    t = tracks(view)
    cells = t.layout.guildhall
    u = grid.cell / CELL
    for cell in cells:
        x, y = grid.at(cell)
        svg.rect(x, y, grid.cell, grid.cell, fill=GUILDHALL_FILL, stroke=GUILDHALL_FILL, title=f"the Guildhall {cell}")
    x, y = grid.at(min(cells))
    span = grid.cell * (1 + max(c for _, c in cells) - min(c for _, c in cells))
    svg.rect(x + 2, y + 2, span - 4, grid.cell - 4, stroke=INK, stroke_width=2)
    svg.text(x + span / 2, y + 20 * u, "Guildhall", size=14 * u, anchor="middle", bold=True)
    _figures(svg, x + 16 * u, y + 56 * u, 11 * u, view.guildhall, 0, "the Guildhall")
    if t.layout.compass_rose is not None:
        cx, cy = grid.at(t.layout.compass_rose)
        _compass(svg, cx + grid.cell / 2, cy + grid.cell - 22 * u, 12 * u)


def _compass(svg: Svg, x: float, y: float, r: float) -> None:
    """§3.3, R-GROW-3: the compass rose that the city's growth starts from."""
    title = "the compass rose: new tiles go N, E, S, W of the Guildhall in turn"
    svg.circle(x, y, r, fill=PAPER, title=title)
    svg.polygon([(x, y - r), (x + r * 0.35, y), (x - r * 0.35, y)], fill=INK, stroke=None, title=title)
    svg.polygon([(x, y + r), (x + r * 0.35, y), (x - r * 0.35, y)], fill=PAPER, stroke=INK, stroke_width=0.5)
    svg.text(x + r + 2, y + r * 0.4, "N", size=r, bold=True)


def _next_cells(svg: Svg, grid: _Grid, at_round: int, direction: str, cells: list[Cell]) -> None:
    """§4.7.3: the empty cells the Growth phase of ``at_round`` fills, numbered in the order tiles are placed."""
    u = grid.cell / CELL
    for n, cell in enumerate(cells, start=1):
        x, y = grid.at(cell)
        title = f"cell {cell}: new tile {n} after round {at_round} (growth starts {direction} of the Guildhall)"
        svg.rect(x + 3, y + 3, grid.cell - 6, grid.cell - 6, fill=NEXT_FILL, stroke=MUTED, dashed=True, title=title)
        svg.text(
            x + grid.cell / 2, y + grid.cell / 2 - 4 * u, f"new tile {n}", size=11 * u, fill=MUTED, anchor="middle"
        )
        svg.text(
            x + grid.cell / 2,
            y + grid.cell / 2 + 12 * u,
            f"round {at_round}, {direction}",
            size=10 * u,
            fill=MUTED,
            anchor="middle",
        )


def _tile(svg: Svg, view: State, grid: _Grid, placed: CityTile, resolving: bool) -> None:
    """§3.1, §6.2, §6.3: one tile of the city, face up with its figures and token or face down with its master."""
    tile = tile_of(placed)
    where = tile_name(view, placed.tile)
    u = grid.cell / CELL
    x, y = grid.at((placed.row, placed.col))
    kind = "special building" if tile.kind == "SPECIAL" else f"guild number {tile.number}"
    if placed.face_up:
        fill = SPECIAL_FILL if tile.kind == "SPECIAL" else GUILD_FILL
        about = f"{where}: {kind}, face up, majority {tile.majority}, symbols {_symbols(tile.front_symbols)}"
    else:
        fill = FACE_DOWN_FILL
        about = f"{where}: {kind}, resolved (face down), symbols {_symbols(tile.back_symbols)}"
    svg.rect(x + 1, y + 1, grid.cell - 2, grid.cell - 2, fill=fill, stroke=INK, title=about)
    if resolving:
        svg.rect(
            x + 3,
            y + 3,
            grid.cell - 6,
            grid.cell - 6,
            stroke=RESOLVING,
            stroke_width=4 * u,
            title=f"{where} is being resolved",
        )
    lines = _wrap(tile.name, grid.cell - 8, 11 * u)[:2]
    for i, line in enumerate(lines):
        svg.text(x + 5 * u, y + (14 + 12 * i) * u, line, size=11 * u, bold=True)
    number = "special" if tile.kind == "SPECIAL" else f"No. {tile.number}"
    info = f"{number} · maj. {tile.majority}" if placed.face_up else f"{number} · resolved"
    svg.text(x + 5 * u, y + 40 * u, info, size=10 * u)
    shown = tile.front_symbols if placed.face_up else tile.back_symbols
    for i, symbol in enumerate(shown):
        _symbol(
            svg,
            x + (11 + 15 * i) * u,
            y + 52 * u,
            7 * u,
            symbol,
            f"symbol {SYMBOL_NAME.get(symbol, symbol)} on {where}",
        )
    if view.beadle == placed.tile:
        _beadle(svg, x + grid.cell - 14 * u, y + 52 * u, 9 * u, where)
    if placed.face_up:
        _figures(svg, x + 14 * u, y + 71 * u, 9 * u, placed.liverymen, placed.neutral, where)
        if placed.token:
            _token(svg, x + 5 * u, y + 110 * u, grid.cell - 10 * u, u, placed.token, where)
    elif placed.master != NO_SEAT:
        _master(svg, x + grid.cell / 2, y + 82 * u, 14 * u, placed.master, where)
    else:
        svg.text(
            x + grid.cell / 2,
            y + 86 * u,
            "no master",
            size=10 * u,
            fill=MUTED,
            anchor="middle",
            title=f"no master on {where}",
        )


def _symbol(svg: Svg, x: float, y: float, r: float, symbol: str, title: str) -> None:
    """§0.3: a guild symbol as a diamond in its card colour (figures are discs, so the two never mix up)."""
    diamond = [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
    svg.polygon(diamond, fill=SYMBOL_COLOUR.get(symbol, PAPER), stroke_width=0.8, title=title)


def _beadle(svg: Svg, x: float, y: float, r: float, where: str) -> None:
    """R-SETUP-3, R-GROW-6: the beadle, a black pawn."""
    title = f"the beadle on {where}"
    svg.polygon([(x, y - r), (x + r * 0.8, y + r), (x - r * 0.8, y + r)], fill=INK, stroke=None, title=title)
    svg.circle(x, y - r * 0.6, r * 0.45, fill=INK, stroke=None, title=title)


def _master(svg: Svg, x: float, y: float, r: float, seat: int, where: str) -> None:
    """§5.0, R-RES-17: a seat's master on the tile it won (a large disc marked M)."""
    svg.circle(x, y, r, fill=seat_colour(seat), stroke_width=2, title=f"master of {seat_words(seat)} on {where}")
    svg.text(x, y + r * 0.4, "M", size=r * 1.1, fill=PAPER, anchor="middle", bold=True)


def _token(svg: Svg, x: float, bottom: float, width: float, u: float, token: str, where: str) -> None:
    """R-SETUP-2, §6.5: the second-place token lying on a face-up tile, labelled with what it gives (on two
    lines when one is too short), its bottom at ``bottom``."""
    words = token_words(token)
    title = f"second-place token on {where}: {words}"
    size = 9.5 * u
    lines = _wrap(words, width - 8 * u, size)[:2]
    height = (7 + 11 * len(lines)) * u
    y = bottom - height
    svg.rect(x, y, width, height, fill=TOKEN_FILL, stroke=INK, stroke_width=0.6, rx=5 * u, title=title)
    for i, line in enumerate(lines):
        svg.text(x + width / 2, y + (12 + 11 * i) * u, line, size=size, anchor="middle", title=title)


# ---- §4.1 the track, the round, the plantation and the piles -----------------------------------------------


def _panel(svg: Svg, view: State, viewer: int | None, x: float, y: float) -> float:
    """Everything beside the city, top to bottom; returns the y below it."""
    y = _track(svg, view, x, y + 6)
    y = _round(svg, view, x, y + 8)
    y = _plantation(svg, view, x, y + 8)
    y = _piles(svg, view, x, y + 8)
    for seat in range(len(view.players)):
        y = _seat(svg, view, viewer, seat, x, y + 10)
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


def _round_kinds(t: Tracks, r: int) -> str:
    """§4.1: what happens at the end of round ``r`` on the track."""
    kinds = []
    if t.resolution == "all" or r in t.resolution:
        kinds.append("tiles resolved")
    if r in t.growth:
        kinds.append("Growth" + (f", new tiles to the {t.expansion[r]}" if r in t.expansion else ""))
    return "; ".join(kinds) or "turns only"


def _track(svg: Svg, view: State, x: float, y: float) -> float:
    """§4.1: the round track: Growth rounds grey, resolution rounds dotted, expansions with their direction,
    the round marker ringed."""
    t = tracks(view)
    y = _section(svg, x, y, "Round track")
    size = min(26.0, PANEL_WIDTH / max(t.last_round, 1) - 3)
    for r in range(1, t.last_round + 1):
        left = x + (r - 1) * (size + 3)
        current = r == view.round
        title = f"round {r}: {_round_kinds(t, r)}" + (" (the round marker is here)" if current else "")
        fill = GROWTH_FILL if r in t.growth else PAPER
        svg.rect(left, y, size, size, fill=fill, stroke=INK, stroke_width=3 if current else 0.8, title=title)
        svg.text(left + size / 2, y + size * 0.55, str(r), size=10, anchor="middle", bold=current)
        if t.resolution == "all" or r in t.resolution:
            svg.circle(left + size / 2, y + size - 5, 2.5, fill=INK, stroke=None)
        if r in t.expansion:
            svg.text(left + size / 2, y + size + 12, t.expansion[r], size=10, anchor="middle", bold=True)
    return y + size + 20


def _round(svg: Svg, view: State, x: float, y: float) -> float:
    """R-ORDER-3, §4.3, §4.5: the turn order, the turn being played with its cards in play, the vote."""
    y = _section(svg, x, y, "This round")
    if not (view.order or view.turn or view.in_play or view.reward):
        y = _text_lines(svg, x, y, "No turns yet: the table is being set up.")
    if view.order:
        svg.text(x, y, "Turn order:", size=11)
        left = x + 72
        for i, seat in enumerate(view.order):
            svg.circle(left + 6, y - 4, 6, fill=seat_colour(seat), title=f"{i + 1}. {seat_words(seat)}")
            svg.text(left + 15, y, seat_name(seat), size=11)
            left += 70
        y += LINE
    if view.turn is not None:
        playing = f"{seat_words(view.turn.seat)}'s turn, {plural(view.turn.played, 'card')} played"
        y = _text_lines(svg, x, y, playing)
    if view.in_play:
        y = _text_lines(svg, x, y, "In play: " + ", ".join(_counted(view.in_play, action_words)))
    if view.stage in ("negotiate", "reward") and view.scan < len(view.city):
        y = _text_lines(svg, x, y, f"Being resolved: {tile_name(view, view.city[view.scan].tile)}")
    if view.reward is not None:
        second = seat_words(view.reward.second) if view.reward.second != NO_SEAT else "nobody"
        y = _text_lines(svg, x, y, f"Vote won by {seat_words(view.reward.winner)}, second {second}")
    return y


def _plantation(svg: Svg, view: State, x: float, y: float) -> float:
    """§6.4, R-PLANT-1..4: the plantation side with its two rewards and the figures on it."""
    side = CONTENT.plantation_side.get(view.plantation_side)
    name = view.plantation_side.title() if view.plantation_side else "side not drawn yet"
    y = _section(svg, x, y, f"Plantation: {name}")
    if side is not None:
        y = _text_lines(svg, x, y, f"Most: {effects_words(side.left.effects)}; return {side.left.return_n}")
        y = _text_lines(svg, x, y, f"Second: {effects_words(side.right.effects)}; return {side.right.return_n}")
    if any(view.plantation) or view.plantation_neutral:
        _figures(svg, x + 10, y + 4, 9, view.plantation, view.plantation_neutral, "the plantation")
        return y + 24
    return _text_lines(svg, x, y, "No figure on the plantation.")


def _piles(svg: Svg, view: State, x: float, y: float) -> float:
    """R-SETUP-2/7/9, A-09, A-11, A-29: the hidden piles by size, the neutral pool, the public discard pile."""
    y = _section(svg, x, y, "Piles and pools")
    lm = len(view.lm_deck) + len(view.lm_bottom)
    y = _text_lines(
        svg,
        x,
        y,
        f"Action deck {len(view.deck)} · Lord Mayor deck {lm} · tile supply {len(view.tile_supply)} · "
        f"token bag {len(view.token_bag)} (all face down)",
    )
    removed = f" ({view.neutral_removed} out of the game)" if view.neutral_removed else ""
    y = _text_lines(svg, x, y, f"Neutral pool {view.neutral_pool}{removed}")
    discard = ", ".join(_counted(sorted(view.discard), action_name)) or "empty"
    y = _text_lines(svg, x, y, f"Discard pile ({len(view.discard)}): {discard}")
    if view.tokens_removed:
        out = ", ".join(_counted(view.tokens_removed, token_words))
        y = _text_lines(svg, x, y, f"Second-place tokens out of the game: {out}")
    return y


# ---- §5.0 each seat's public area and the viewer's own cards ------------------------------------------------


def _seat(svg: Svg, view: State, viewer: int | None, seat: int, x: float, y: float) -> float:
    """§5.0, §8: one seat's VP, figures by place, neutral pawns, masters, tokens, and its cards: by name when
    the view shows them (the viewer's own, every Lord Mayor card once the game is over), else face down."""
    p = view.players[seat]
    heading = f"{seat_words(seat)}: {p.vp} VP" + (" · you" if seat == viewer else "")
    svg.rect(x, y, PANEL_WIDTH, 20, fill=seat_colour(seat), rx=3, title=heading)
    svg.text(x + 6, y + 15, heading, size=13, fill=PAPER, bold=True)
    y += 20 + LINE
    on_tiles = sum(t.liverymen[seat] for t in view.city if t.face_up and seat < len(t.liverymen))
    figures = (
        f"Liverymen: supply {view.supply[seat]} · Guildhall {view.guildhall[seat]} · tiles {on_tiles} · "
        f"plantation {view.plantation[seat]}; neutral pawns {p.neutral}"
    )
    inner = PANEL_WIDTH - 8
    y = _text_lines(svg, x + 4, y, figures, width=inner)
    masters = [tile_name(view, t.tile) for t in view.city if not t.face_up and t.master == seat]
    y = _text_lines(svg, x + 4, y, f"Masters ({len(masters)}): " + (", ".join(masters) or "none"), width=inner)
    tokens = ", ".join(_counted(p.tokens, token_words)) or "none"
    y = _text_lines(svg, x + 4, y, f"Second-place tokens ({len(p.tokens)}): {tokens}", width=inner)
    y = _cards(svg, x + 4, y, seat, "Hand", p.hand, action_words)
    y = _cards(svg, x + 4, y, seat, "Lord Mayor cards", p.lm_cards, lord_mayor_name)
    if p.lm_offer:
        y = _cards(svg, x + 4, y, seat, "Lord Mayor cards drawn, to choose from", p.lm_offer, lord_mayor_name)
    if p.lm_choice:
        y = _cards(svg, x + 4, y, seat, "Lord Mayor card chosen to keep", p.lm_choice, lord_mayor_name)
    return y


def action_words(card: str) -> str:
    """§6.1: an action card by name with its ability and the ability's cost."""
    found = CONTENT.action_card.get(card)
    if found is None:
        return "an action card"
    cost = found.cost
    paid = [plural(cost.discard, "discard")] if cost.discard else []
    if cost.return_figures is not None:
        paid.append(f"return {plural(cost.return_figures.n, 'figure')}")
    price = f" (pay: {', '.join(paid)})" if paid else ""
    return f"{action_name(card)}: {effects_words(found.ability)}{price}"


def _cards(
    svg: Svg, x: float, y: float, seat: int, what: str, cards: Sequence[str], name: Callable[[str], str]
) -> float:
    """A group of a seat's cards: face-down backs with their count when hidden, else each kind by name."""
    hidden = sum(1 for c in cards if c == HIDDEN_ID)
    svg.text(x, y, f"{what} ({len(cards)}):" + ("" if cards else " none"), size=11)
    y += LINE + (4 if cards else 0)
    if hidden:
        title = f"{plural(hidden, 'face-down card')}: {what} of {seat_words(seat)}"
        for i in range(min(hidden, 3)):
            svg.rect(
                x + 4 + 3 * i, y - 11 - 2 * i, 14, 18, fill=HIDDEN, stroke=INK, stroke_width=0.6, rx=2, title=title
            )
        svg.text(x + 30, y + 2, f"×{hidden} face down", size=11, fill=MUTED)
        y += LINE + 4
    kinds: dict[str, tuple[str, int]] = {}  # words -> (the first card of those words, how many)
    for card in sorted(c for c in cards if c != HIDDEN_ID):
        first, n = kinds.get(name(card), (card, 0))
        kinds[name(card)] = (first, n + 1)
    for words, (card, n) in kinds.items():
        y = _card(svg, x, y, f"{what} of {seat_words(seat)}", (f"{n} × " if n > 1 else "") + words, card)
    return y


def _card(svg: Svg, x: float, y: float, what: str, words: str, card: str) -> float:
    """One kind of card shown face up: its symbols' colours (action cards), then its name and what it does."""
    symbols = CONTENT.action_card[card].symbols if card in CONTENT.action_card else []
    lines = _wrap(words, PANEL_WIDTH - 30 - 12 * len(symbols), 10.5)
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
        title=f"{what}: {words}",
    )
    for i, symbol in enumerate(symbols):
        _symbol(svg, x + 11 + 12 * i, y - 4, 6, symbol, f"symbol {SYMBOL_NAME.get(symbol, symbol)}")
    left = x + 8 + 12 * len(symbols)
    for line in lines:
        svg.text(left, y, line, size=10.5)
        y += 14
    return y + 8


# ---- the legend --------------------------------------------------------------------------------------------


def _legend(svg: Svg, view: State, x: float, y: float, width: float) -> float:
    """What each colour and mark means: seats, symbols, tiles, figures, tokens, the beadle and the track."""
    y = _section(svg, x, y, "Legend")
    left = x
    for seat in range(len(view.players)):
        svg.circle(left + 7, y - 4, 7, fill=seat_colour(seat), title=f"{seat_words(seat)}'s colour")
        svg.text(left + 18, y, seat_words(seat), size=11)
        left += 18 + text_width(seat_words(seat), 11) + 20
    for symbol in CONTENT.symbols:
        if left + 17 + text_width(symbol.name, 11) > x + width:
            left, y = x, y + LINE + 4
        _symbol(svg, left + 7, y - 4, 7, symbol.id, f"symbol {symbol.name}")
        svg.text(left + 17, y, symbol.name, size=11)
        left += 17 + text_width(symbol.name, 11) + 20
    y += LINE + 4
    swatches = [
        (GUILD_FILL, "guild tile (face up)"),
        (SPECIAL_FILL, "special building"),
        (FACE_DOWN_FILL, "resolved tile (face down)"),
        (GUILDHALL_FILL, "the Guildhall"),
        (GROWTH_FILL, "Growth round"),
    ]
    if tracks(view).expansion:
        swatches.insert(4, (NEXT_FILL, "cell of a coming new tile"))
    left = x
    for fill, words in swatches:
        room = 19 + text_width(words, 11) + 24
        if left > x and left + room - 24 > x + width:
            left, y = x, y + LINE + 4
        svg.rect(left, y - 11, 14, 14, fill=fill, stroke=INK, stroke_width=0.6)
        svg.text(left + 19, y, words, size=11)
        left += room
    y += LINE + 4
    cards = "; ".join(f"{action_words(card.id)}" for card in CONTENT.action_cards)
    y = _text_lines(svg, x, y, f"Action cards: {cards}.", width=width)
    marks = (
        "Disc with a number: that many liverymen of the seat (grey: neutral pawns) · M: the seat's master · "
        "black pawn: the beadle · yellow label: second-place token and what it gives · "
        "gold frame: tile being resolved · track: dot = tiles resolved at the end of the round, "
        "letter = where new tiles go, ring = this round · "
        "maj.: majority needed to resolve a tile"
    )
    return _text_lines(svg, x, y, marks, width=width)
