"""Guilds of London in the terminal: the city as a grid of tiles, the Guildhall, the plantation, the
supplies, each seat's holdings (its own hand and Lord Mayor cards when the view shows them).

The client keeps no rule: it lays out what the service says. ``DescribeGame`` content gives the tiles
(``guild_tiles``, ``special_buildings``: name, front and back symbols, majority, guild number), the
``symbols`` (each with its card colour), and per player count the ``tracks`` (the last round and the
starting ``layout`` with its ``guildhall`` cells). The state (``guilds_of_london.proto``) gives
everything else: each tile's cell ``(row, col)`` (the row grows south, the column east; rows and
columns go below 0 once the city has grown), the figures on it per seat, the beadle's tile, the
hidden piles as ``"?"``.
"""

from __future__ import annotations

import textwrap
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from rulesengine.v1 import common_pb2
from rulesengine.v1.guilds_of_london_pb2 import GuildsOfLondonCityTile, GuildsOfLondonPlayer, GuildsOfLondonState

from rulesengine_client.walled_city import pending_text

if TYPE_CHECKING:
    from rulesengine_client.render import Names

T = TypeVar("T")

#: The game this module draws (``GameState.guilds_of_london``); :mod:`rulesengine_client.render` finds the
#: module by it.
GAME_ID = "guilds_of_london"
NO_SEAT = -1
HIDDEN = "?"
#: The widest line the renderer writes (the grid narrows its cells to fit).
WIDTH = 100
#: The notation of this game's screens (``play`` shows it with the keys; ``render.legend``).
NOTATION = "Guilds of London: a/b/c = a count per seat, seat 0 first; the cells of the city are explained under it."
#: Lines per cell of the city grid, and the widest and narrowest cell (inside its borders).
CELL_LINES = 4
CELL_MOST = 14
CELL_LEAST = 9
#: The marks in a cell: the beadle, a tile being resolved.
BEADLE_MARK = "@"
RESOLVING_MARK = ">"
#: Words left out when a tile's name must be shortened to fit its cell.
SMALL_WORDS = frozenset({"of", "the", "and", "&"})
#: How the stages of the state read in a heading.
STAGES: dict[str, str] = {
    "deal": "setup (chance: order, plantation, tiles, tokens, cards)",
    "keep": "setup: every player secretly keeps a Lord Mayor card",
    "turns": "the players' turns",
    "scan": "round end: which tiles are resolved",
    "negotiate": "round end: a tile's negotiation",
    "reward": "round end: a tile's rewards",
    "plantation": "growth: the plantation's negotiation",
    "harvest": "growth: the plantation's rewards",
    "expand": "growth: new tiles and the beadle",
    "over": "game over",
}
#: The stages in which ``scan`` names the tile being resolved.
RESOLVING_STAGES = frozenset({"negotiate", "reward"})


# ---- content ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Tile:
    """A guild tile or special building as printed."""

    name: str
    front: tuple[str, ...]
    back: tuple[str, ...]
    majority: int
    number: int | None


@dataclass(frozen=True)
class Content:
    """What rendering needs of ``DescribeGame`` content: tiles, symbol codes, the Guildhall cells and
    the last round per player count."""

    tiles: dict[str, Tile]
    symbols: dict[str, str]
    symbol_names: dict[str, str]
    guildhall: dict[int, tuple[tuple[int, int], ...]]
    last_round: dict[int, int]

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Content | None:
        """The content of a ``DescribeGame`` answer (as a dict); ``None`` if it is not Guilds of London's."""
        try:
            tiles = {
                str(t["id"]): Tile(
                    name=str(t["name"]),
                    front=tuple(str(s) for s in t["front_symbols"]),
                    back=tuple(str(s) for s in t.get("back_symbols") or ()),
                    majority=int(t["majority"]),
                    number=None if t.get("number") is None else int(t["number"]),
                )
                for t in [*data["guild_tiles"], *data["special_buildings"]]
            }
            symbols = symbol_codes([(str(s["id"]), str(s.get("colour") or "")) for s in data["symbols"]])
            names = {str(s["id"]): str(s.get("name") or s["id"]) for s in data["symbols"]}
            guildhall = {
                int(n): tuple((int(c[0]), int(c[1])) for c in t["layout"]["guildhall"])
                for n, t in data["tracks"].items()
            }
            last = {int(n): int(t["last_round"]) for n, t in data["tracks"].items()}
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):
            return None
        return cls(tiles, symbols, names, guildhall, last)

    def legend(self) -> str:
        """``R Compass, B Anchor, ...``: the one-letter symbol codes the cells use."""
        return ", ".join(f"{code} {self.symbol_names.get(s, s)}" for s, code in self.symbols.items())


def symbol_codes(symbols: Sequence[tuple[str, str]]) -> dict[str, str]:
    """Symbol id -> a short code for the cells: the first letter of its card colour (as a player sees
    the cards) when those letters tell the symbols apart, else the shortest unique prefix of the ids."""
    by_colour = {ident: colour[:1].upper() for ident, colour in symbols}
    if all(by_colour.values()) and len(set(by_colour.values())) == len(by_colour):
        return by_colour
    ids = [ident for ident, _ in symbols]
    for size in range(1, max((len(i) for i in ids), default=1) + 1):
        if len({i[:size] for i in ids}) == len(ids):
            return {i: i[:size] for i in ids}
    return {i: i for i in ids}


def short_name(name: str, width: int) -> str:
    """``name`` within ``width`` characters: as it is, else without small words, else the first word
    and the initials of the others, else cut."""
    if len(name) <= width:
        return name
    words = [w for w in name.split() if w.lower() not in SMALL_WORDS] or name.split()
    shorter = " ".join(words)
    if len(shorter) <= width:
        return shorter
    initials = f"{words[0]} {''.join(w[0] for w in words[1:])}".strip()
    return initials if len(initials) <= width else shorter[:width].rstrip()


# ---- the state ----------------------------------------------------------------------------------


def _or(message: Any, name: str, default: T) -> T:
    """A field with presence as the state holds it, or the engine's default when it is unset."""
    return getattr(message, name) if message.HasField(name) else default


def per_seat(counts: Iterable[int]) -> str:
    """``4/0/2``: a count per seat, seat 0 first (``-`` when every count is 0)."""
    items = list(counts)
    return "/".join(str(n) for n in items) if any(items) else "-"


def cards(items: Iterable[str], describe: Callable[[str], str] = str) -> str:
    """``A x2, B``: cards by name with their copies, or ``N hidden`` when the view hides them."""
    listed = list(items)
    if not listed:
        return "none"
    if all(c == HIDDEN for c in listed):
        return f"{len(listed)} hidden"
    counted = Counter(listed)
    return ", ".join(describe(c) + (f" x{n}" if n > 1 else "") for c, n in counted.items())


@dataclass(frozen=True)
class _City:
    """The cells to draw: the city's tiles, the Guildhall cells, and the grid's bounds."""

    tiles: dict[tuple[int, int], GuildsOfLondonCityTile]
    guildhall: tuple[tuple[int, int], ...]
    rows: range
    cols: range


def _city(state: GuildsOfLondonState, content: Content | None) -> _City:
    tiles = {(t.row, t.col): t for t in state.city}
    hall = content.guildhall.get(state.options.players, ()) if content is not None else ()
    cells = [*tiles, *hall] or [(0, 0)]
    rows = range(min(r for r, _ in cells), max(r for r, _ in cells) + 1)
    cols = range(min(c for _, c in cells), max(c for _, c in cells) + 1)
    return _City(tiles, hall, rows, cols)


def _tile_lines(
    tile: GuildsOfLondonCityTile, content: Content | None, width: int, beadle: bool, resolving: bool
) -> list[str]:
    """The lines of one tile's cell: its name; its symbols (the back's once resolved), majority and
    guild number; the liverymen per seat and neutral pawns, or DOWN and its master; its token."""
    printed = content.tiles.get(tile.tile) if content is not None else None
    name = (RESOLVING_MARK if resolving else "") + short_name(printed.name if printed else tile.tile, width - 1)
    number = f" #{printed.number}" if printed is not None and printed.number is not None else ""
    marks = BEADLE_MARK if beadle else ""
    face_up = _or(tile, "face_up", True)
    shown = (printed.front if face_up else printed.back) if printed is not None else ()
    codes = "".join(content.symbols.get(s, "?") for s in shown) if content is not None else ""
    if face_up:
        majority = f" m{printed.majority}" if printed is not None else ""
        figures = per_seat(tile.liverymen) + (f" n{tile.neutral}" if tile.neutral else "")
        return [name, f"{marks}{codes}{majority}{number}".strip(), figures, tile.token]
    master = _or(tile, "master", NO_SEAT)
    down = f"DOWN s{master}" if master != NO_SEAT else "DOWN"
    return [name, f"{marks}{codes}{number}".strip(), down, ""]


def _cell_width(columns: int) -> int:
    """The widest cell that lets ``columns`` cells (with their borders and the row labels) fit."""
    return max(CELL_LEAST, min(CELL_MOST, (WIDTH - 5) // max(columns, 1) - 1))


def draw_city(state: GuildsOfLondonState, content: Content | None) -> list[str]:
    """The city as a grid, north up: every tile's cell, the Guildhall's, blank cells around them."""
    city = _city(state, content)
    width = _cell_width(len(city.cols))
    resolving = ""
    scan = state.scan
    if _or(state, "stage", "deal") in RESOLVING_STAGES and 0 <= scan < len(state.city):
        resolving = state.city[scan].tile
    hall_figures = per_seat(state.guildhall)

    def cell(row: int, col: int) -> list[str]:
        tile = city.tiles.get((row, col))
        if tile is not None:
            lines = _tile_lines(tile, content, width, tile.tile == state.beadle, tile.tile == resolving)
        elif (row, col) in city.guildhall:
            first = (row, col) == city.guildhall[0]
            lines = ["GUILDHALL", "", hall_figures if first else "", ""]
        else:
            lines = [""] * CELL_LINES
        return [line[:width].ljust(width) for line in lines]

    border = "   +" + "+".join("-" * width for _ in city.cols) + "+"
    out = [("    " + " ".join(f"{col:^{width}}" for col in city.cols)).rstrip(), border]
    for row in city.rows:
        drawn = [cell(row, col) for col in city.cols]
        for i in range(CELL_LINES):
            label = f"{row:>2} " if i == 0 else "   "
            out.append((label + "|" + "|".join(c[i] for c in drawn) + "|").rstrip())
        out.append(border)
    return out


def _player_lines(
    index: int, p: GuildsOfLondonPlayer, state: GuildsOfLondonState, seat: int | None, describe: Callable[[str], str]
) -> list[str]:
    you = " (you)" if index == seat else ""
    where = (
        f"Guildhall {_at(state.guildhall, index)}, plantation {_at(state.plantation, index)}, "
        f"supply {_at(state.supply, index)}"
    )
    head = f"  seat {index}{you}: {p.vp} VP; liverymen: {where}; neutral pawns {p.neutral}"
    lines = [head, f"      hand ({len(p.hand)}): {cards(p.hand, describe)}"]
    lord_mayor = f"      Lord Mayor cards ({len(p.lm_cards)}): {cards(p.lm_cards, describe)}"
    if p.lm_offer:
        lord_mayor += f"; drawn, to choose from: {cards(p.lm_offer, describe)}"
    if p.lm_choice:
        lord_mayor += f"; chosen to keep: {cards(p.lm_choice, describe)}"
    lines.append(lord_mayor)
    if p.tokens:
        lines.append(f"      second-place tokens: {cards(p.tokens, describe)}")
    return lines


def _at(counts: Sequence[int], index: int) -> int:
    return int(counts[index]) if index < len(counts) else 0


def _heading(state: GuildsOfLondonState, content: Content | None) -> str:
    stage = _or(state, "stage", "deal")
    rnd = _or(state, "round", 1)
    last = content.last_round.get(state.options.players) if content is not None else None
    plantation = state.plantation_side.title() if state.plantation_side else "not drawn yet"
    of = f" of {last}" if last else ""
    return f"Guilds of London: round {rnd}{of}, {STAGES.get(stage, stage)}; plantation: {plantation}"


def _round_lines(state: GuildsOfLondonState, describe: Callable[[str], str]) -> list[str]:
    """The turn order and the turn (or the vote being rewarded) in progress."""
    lines = []
    if state.order:
        lines.append("Turn order this round: " + " > ".join(f"seat {s}" for s in state.order))
    if state.HasField("turn"):
        turn = state.turn
        text = f"Turn: seat {turn.seat}, {turn.played} card(s) played"
        if state.in_play:
            text += f"; in play: {', '.join(describe(c) for c in state.in_play)}"
        lines.append(text)
    if state.HasField("reward"):
        second = _or(state.reward, "second", NO_SEAT)
        runner_up = f"seat {second}" if second != NO_SEAT else "nobody"
        lines.append(f"Vote: won by seat {state.reward.winner}, second {runner_up}")
    return lines


def _supply_lines(state: GuildsOfLondonState, describe: Callable[[str], str]) -> list[str]:
    seats = "/".join(f"s{i}" for i in range(len(state.players)))
    lines = [
        f"Guildhall liverymen ({seats}): {per_seat(state.guildhall)}; plantation: {per_seat(state.plantation)}"
        + (f", neutral {state.plantation_neutral}" if state.plantation_neutral else ""),
        f"Common supply ({seats}): {per_seat(state.supply)}; neutral pool {state.neutral_pool}"
        + (f" ({state.neutral_removed} out of the game)" if state.neutral_removed else ""),
        f"Tile supply {len(state.tile_supply)}, token bag {len(state.token_bag)}; action deck {len(state.deck)}, "
        f"Lord Mayor deck {len(state.lm_deck) + len(state.lm_bottom)}",
        f"Discard pile ({len(state.discard)}): {cards(state.discard, describe)}",
    ]
    if state.tokens_removed:
        lines.append(f"Tokens out of the game: {cards(state.tokens_removed, describe)}")
    return lines


def render(
    state: GuildsOfLondonState,
    content: Content | None,
    seat: int | None,
    *,
    pending: common_pb2.Pending | None = None,
    describe: Callable[[str], str] = str,
) -> str:
    """A Guilds of London state (usually a view) for a terminal, from ``seat``'s side, with the
    decision ``pending``; ``describe`` names a content id (cards, tokens)."""
    lines = [_heading(state, content), f"To decide: {pending_text(pending)}"]
    lines.extend(_round_lines(state, describe))
    lines.append("The city (north up; rows and columns numbered; cells explained below):")
    lines.extend(draw_city(state, content))
    symbols = f"symbols {content.legend()}; " if content is not None else ""
    legend = (
        f"Cells: tile; {symbols}mN majority, #N guild number; {BEADLE_MARK} the beadle; liverymen per seat "
        f"s0/s1/..., nN neutral pawns; second-place token; DOWN sN resolved, seat N's master on it (its "
        "back's symbols shown); "
        f"{RESOLVING_MARK} being resolved."
    )
    lines.append(legend)
    shortened = _shortened(state, content, _cell_width(len(_city(state, content).cols)))
    if shortened:
        lines.append("Short names: " + ", ".join(f"{short} = {name}" for short, name in shortened))
    lines.extend(_supply_lines(state, describe))
    order = sorted(range(len(state.players)), key=lambda i: -state.players[i].vp)
    lines.append("VP: " + ", ".join(f"seat {i} {state.players[i].vp}" for i in order))
    for index, p in enumerate(state.players):
        lines.extend(_player_lines(index, p, state, seat, describe))
    return "\n".join(wrapped for line in lines for wrapped in _wrap(line))


def _wrap(line: str) -> list[str]:
    """A line within :data:`WIDTH` characters, continued with a deeper indent."""
    if len(line) <= WIDTH:
        return [line]
    indent = " " * (len(line) - len(line.lstrip()) + 2)
    return textwrap.wrap(line, width=WIDTH, subsequent_indent=indent, break_on_hyphens=False)


def _shortened(state: GuildsOfLondonState, content: Content | None, width: int) -> list[tuple[str, str]]:
    """The tiles of the city whose names the cells shorten: (short name, full name)."""
    if content is None:
        return []
    names = [content.tiles[t.tile].name for t in state.city if t.tile in content.tiles]
    return [(short_name(n, width - 1), n) for n in dict.fromkeys(names) if len(n) > width - 1]


def render_game(
    state: GuildsOfLondonState,
    names: Names,
    seat: int | None,
    *,
    pending: common_pb2.Pending | None = None,
    facts: Mapping[str, Any] | None = None,
) -> str:
    """The screen of a Guilds of London state for :func:`rulesengine_client.render.render_state`."""
    return render(state, names.content(GAME_ID), seat, pending=pending, describe=names.short)
