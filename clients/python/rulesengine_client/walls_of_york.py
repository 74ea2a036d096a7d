"""Walls of York in the terminal: the 8×8 play areas with their walls, moves with their streets.

Everything here is computed from the game's ``DescribeGame`` content (terrain tiles, formations,
the building die) and the state message; the client never imports the engines. The geometry
is the contract's (``walls_of_york.proto``, spec §3.3, §3.4, §5.2):

* field ``"c,r"``: column ``c`` and row ``r`` (0..7) from the top left;
* street ``"H x y"``: the top side of field ``x,y`` (``y = 8``: the bottom border);
  ``"V x y"``: the left side of field ``x,y`` (``x = 8``: the right border);
* a terrain board lies in a quadrant (TL, TR, BL, BR), turned ``rotation`` quarter turns
  clockwise: local field ``(i, j)`` of its arrow-up rows lands on ``(3 - j, i)`` per turn;
* a formation's variants are its distinct images under the 8 symmetries of the square,
  normalised and sorted; ``PlaceFormation(variant, dx, dy)`` shifts one by ``dx``, ``dy`` fields.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from google.protobuf.message import Message
from rulesengine.v1.walls_of_york_pb2 import WallsOfYorkLayoutEntry, WallsOfYorkPlayer, WallsOfYorkState

CHANCE_SEAT = -1
SIZE = 8
#: Quadrant -> offset (column, row) of its top-left field (spec §3.3).
QUADRANTS: dict[str, tuple[int, int]] = {"TL": (0, 0), "TR": (4, 0), "BL": (0, 4), "BR": (4, 4)}
#: Field code shown for a field whose terrain board is not placed yet.
UNPLACED = "  "
#: How the steps of the state read in a heading.
STEPS: dict[str, str] = {
    "first_player": "choosing the first player",
    "setup": "assembling the play area",
    "decree": "the King's Decree",
    "roll": "rolling the building die",
    "place": "placement (simultaneous, hidden until every open seat has placed)",
    "lift": "lifting walls (strict supply)",
    "close": "closing (simultaneous: declare a city room by room, or continue)",
    "over": "game over",
}
#: Marks in front of a field code: in the declared city, chosen for the city being declared.
CITY_MARK = "*"
SELECTION_MARK = ">"
#: The order of the field meanings in the legend (the content's codes come as an unordered map).
LEGEND_ORDER = ("EMPTY", "CHURCH", "WELL", "MARKET", "COIN1", "COIN2", "VIKING")

Midpoint = tuple[int, int]
Variant = tuple[Midpoint, ...]


# ---- geometry (spec §3.3, §5.2) ---------------------------------------------------------------


def midpoint_edge(u: int, v: int) -> str | None:
    """The street at doubled coordinates ``(u, v)``, or ``None`` off the board."""
    if u % 2 == 1 and v % 2 == 0:
        x, y = (u - 1) // 2, v // 2
        return f"H {x} {y}" if 0 <= x < SIZE and 0 <= y <= SIZE else None
    if u % 2 == 0 and v % 2 == 1:
        x, y = u // 2, (v - 1) // 2
        return f"V {x} {y}" if 0 <= x <= SIZE and 0 <= y < SIZE else None
    return None


def _transform(u: int, v: int, g: int) -> Midpoint:
    """Symmetry ``g``: ``g % 4`` quarter turns clockwise ``(u, v) -> (-v, u)``, then a mirror if ``g >= 4``."""
    for _ in range(g % 4):
        u, v = -v, u
    if g >= 4:
        u = -u
    return u, v


def normalise(midpoints: Iterable[Midpoint]) -> Variant:
    """Translate by an even vector so the smallest coordinates are 0 or 1; sorted."""
    points = list(midpoints)
    du = 2 * (min(u for u, _ in points) // 2)
    dv = 2 * (min(v for _, v in points) // 2)
    return tuple(sorted((u - du, v - dv) for u, v in points))


def variants(midpoints: Iterable[Midpoint]) -> tuple[Variant, ...]:
    """The distinct normalised images of a formation under the 8 symmetries, sorted (= variant indices)."""
    shape = normalise(midpoints)
    return tuple(sorted({normalise(_transform(u, v, g) for u, v in shape) for g in range(8)}))


def shifted_edges(variant: Variant, dx: int, dy: int) -> list[str] | None:
    """The streets of ``variant`` shifted by ``dx``, ``dy`` fields, or ``None`` if one leaves the board."""
    edges = [midpoint_edge(u + 2 * dx, v + 2 * dy) for u, v in variant]
    return None if any(e is None for e in edges) else [e for e in edges if e is not None]


def rotate(i: int, j: int, k: int) -> tuple[int, int]:
    """Local field ``(i, j)`` of a terrain board turned ``k`` quarter turns clockwise (spec §3.4)."""
    for _ in range(k % 4):
        i, j = 3 - j, i
    return i, j


# ---- content ------------------------------------------------------------------------------------


def _int(value: Any) -> int:
    # Struct numbers arrive as floats (google.protobuf.Struct has only doubles).
    return int(value)


@dataclass(frozen=True)
class DieFace:
    """A building-die face: the formation on its red half, the coins on its white half."""

    face: int
    formation: str
    coins: int


@dataclass(frozen=True)
class Content:
    """What rendering needs of ``DescribeGame`` content: tiles, formations, the die, the codes."""

    field_codes: dict[str, str]
    tiles: dict[tuple[str, str], list[list[str]]]
    formations: dict[str, tuple[Variant, ...]]
    die: dict[int, DieFace]

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Content | None:
        """The content of a ``DescribeGame`` answer (as a dict); ``None`` if it is not Walls of York's."""
        try:
            tiles = {(str(t["gem"]), str(t["side"])): [str(row).split() for row in t["rows"]] for t in data["tiles"]}
            formations = {
                str(f["id"]): variants((_int(u), _int(v)) for u, v in f["midpoints"]) for f in data["formations"]
            }
            die = {
                _int(d["face"]): DieFace(_int(d["face"]), str(d["formation"]), _int(d["coins"]))
                for d in data["building_die"]
            }
            codes = {str(k): str(v) for k, v in data["field_codes"].items()}
        except (KeyError, TypeError, ValueError):
            return None
        return cls(codes, tiles, formations, die)

    def board(self, layout: Iterable[WallsOfYorkLayoutEntry]) -> list[str]:
        """The 64 field codes (index ``c + 8r``) of an assembled play area; unplaced quadrants blank."""
        fields = [UNPLACED] * (SIZE * SIZE)
        for entry in layout:
            rows = self.tiles.get((entry.gem, entry.side))
            offset = QUADRANTS.get(entry.quadrant)
            if rows is None or offset is None:
                continue
            for j, row in enumerate(rows):
                for i, code in enumerate(row):
                    ii, jj = rotate(i, j, entry.rotation)
                    fields[(offset[0] + ii) + SIZE * (offset[1] + jj)] = code
        return fields

    def rolled(self, face: int) -> DieFace | None:
        """The die face rolled (``face`` 1..6), if known."""
        return self.die.get(face)

    def placement(self, face: int, variant: int, dx: int, dy: int) -> list[str] | None:
        """The streets a ``PlaceFormation`` covers when ``face`` was rolled, if it fits the board."""
        rolled = self.rolled(face)
        shapes = self.formations.get(rolled.formation) if rolled is not None else None
        if shapes is None or not 0 <= variant < len(shapes):
            return None
        return shifted_edges(shapes[variant], dx, dy)

    def legend(self) -> str:
        """``.. empty, CH church, WE well, ...`` from the content's field codes."""
        order = {meaning: i for i, meaning in enumerate(LEGEND_ORDER)}
        codes = sorted(self.field_codes.items(), key=lambda item: (order.get(item[1], len(order)), item[0]))
        return ", ".join(f"{code} {meaning.lower()}" for code, meaning in codes)


# ---- drawing ------------------------------------------------------------------------------------


def draw_grid(
    cols: int,
    rows: int,
    cell: Callable[[int, int], str],
    walls: Collection[str],
    pending: Collection[str] = (),
    *,
    labels: bool = True,
) -> list[str]:
    """A grid of 3-character cells with its streets: ``---``/``|`` a wall, ``~~~``/``:`` a
    committed (not yet revealed) piece; ``+`` the street crossings."""

    def horizontal(x: int, y: int) -> str:
        name = f"H {x} {y}"
        return "---" if name in walls else "~~~" if name in pending else "   "

    def vertical(x: int, y: int) -> str:
        name = f"V {x} {y}"
        return "|" if name in walls else ":" if name in pending else " "

    pad = "   " if labels else ""
    lines = [pad + "".join(f" {c:^3}" for c in range(cols))] if labels else []
    for y in range(rows + 1):
        lines.append(pad + "+" + "".join(horizontal(x, y) + "+" for x in range(cols)))
        if y < rows:
            body = "".join(vertical(x, y) + cell(x, y) for x in range(cols)) + vertical(cols, y)
            lines.append((f"{y:>2} " if labels else "") + body)
    return lines


def draw_variant(variant: Variant) -> list[str]:
    """A formation variant drawn on the smallest grid holding it."""
    edges = set(shifted_edges(variant, 0, 0) or [])
    cols = max(1, max((u + 1) // 2 for u, _ in variant))
    rows = max(1, max((v + 1) // 2 for _, v in variant))
    return draw_grid(cols, rows, lambda c, r: "   ", edges, labels=False)


def side_by_side(blocks: Sequence[list[str]], gap: int = 4) -> list[str]:
    """Blocks of lines printed next to each other (each padded to its widest line)."""
    if not blocks:
        return []
    widths = [max((len(line) for line in block), default=0) for block in blocks]
    height = max(len(block) for block in blocks)
    out = []
    for i in range(height):
        parts = [(block[i] if i < len(block) else "").ljust(width) for block, width in zip(blocks, widths, strict=True)]
        out.append((" " * gap).join(parts).rstrip())
    return out


# ---- the state ----------------------------------------------------------------------------------


def _seat(seat: int) -> str:
    return "CHANCE" if seat == CHANCE_SEAT else f"seat {seat}"


def _step(state: WallsOfYorkState) -> str:
    return str(state.step) if state.HasField("step") else "first_player"


def _optional(state: WallsOfYorkState, name: str, default: int) -> int:
    return int(getattr(state, name)) if state.HasField(name) else default


def _is_open(player: WallsOfYorkPlayer) -> bool:
    return bool(player.open) if player.HasField("open") else True


def pending_seats(state: WallsOfYorkState) -> list[tuple[int, str]]:
    """``(seat, what it owes)`` for every seat whose decision is pending, read from the state."""
    step = _step(state)
    players = list(state.players)
    if step == "over":
        return []
    if step in ("first_player", "decree", "roll"):
        return [(CHANCE_SEAT, STEPS[step])]
    if step == "setup":
        first = _optional(state, "first_player", CHANCE_SEAT)
        return [((first + state.setup_count) % max(1, len(players)), "place a terrain board")]
    if step == "place":
        return [(i, "place walls") for i, p in enumerate(players) if _is_open(p) and not p.HasField("submitted")]
    if step == "lift":
        return [(i, f"lift {p.lift} wall(s)") for i, p in enumerate(players) if p.lift > 0]
    return [(i, "close or continue") for i, p in enumerate(players) if _is_open(p) and not p.decided]


def _status(state: WallsOfYorkState, player: WallsOfYorkPlayer) -> str:
    step = _step(state)
    if not _is_open(player):
        return f"closed, city of {len(player.city)} fields"
    if step == "place":
        return "placement committed" if player.HasField("submitted") else "to place"
    if step == "lift":
        return f"must lift {player.lift} wall(s)" if player.lift > 0 else "placed"
    if step == "close":
        if player.decided:
            return "decided"
        if player.selection:
            return f"choosing a city ({len(player.selection)} fields so far)"
        return "to decide"
    return "open"


def _holdings(player: WallsOfYorkPlayer) -> str:
    parts = [
        _count(player.coins, "coin", "coins"),
        _count(player.viking_tiles, "viking tile", "viking tiles"),
        _count(player.raid_tiles, "raid tile", "raid tiles"),
    ]
    if player.shield:
        parts.append("King's shield")
    return ", ".join(parts)


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def decree_text(church: int, well: int, market: int) -> str:
    """``3 churches, 1 well, 2 markets``."""
    return ", ".join(
        (_count(church, "church", "churches"), _count(well, "well", "wells"), _count(market, "market", "markets"))
    )


def _decree(state: WallsOfYorkState) -> str:
    if len(state.decree) != 3:
        return "not rolled yet"
    return decree_text(*state.decree)


def _own_placement(content: Content, state: WallsOfYorkState, player: WallsOfYorkPlayer) -> set[str]:
    """The streets of a seat's own committed placement (shown as not yet revealed)."""
    if not player.HasField("submitted"):
        return set()
    sub = player.submitted
    if sub.kind == "single":
        return {sub.edge}
    if sub.kind == "formation":
        return set(content.placement(_optional(state, "face", -1), sub.variant, sub.dx, sub.dy) or [])
    return set()


def _board_block(
    content: Content,
    state: WallsOfYorkState,
    fields: list[str],
    index: int,
    player: WallsOfYorkPlayer,
    seat: int | None,
) -> list[str]:
    city = set(player.city)
    chosen = set(player.selection)

    def cell(c: int, r: int) -> str:
        name = f"{c},{r}"
        mark = CITY_MARK if name in city else SELECTION_MARK if name in chosen else " "
        return mark + fields[c + SIZE * r]

    title = f"seat {index}" + (" (you)" if index == seat else "") + f": {len(player.walls)} walls"
    pending = _own_placement(content, state, player)
    return [title, *draw_grid(SIZE, SIZE, cell, set(player.walls), pending)]


def render(state: WallsOfYorkState, content: Content | None, seat: int | None, *, per_row: int = 2) -> str:
    """A Walls of York state (usually a view) for a terminal, from ``seat``'s side."""
    step = _step(state)
    age = _optional(state, "age", 1)
    lines = [f"Walls of York: Age {age}, turn {state.turn}; {STEPS.get(step, step)}"]
    if state.aborted:
        lines.append(f"The game ended early: {state.aborted}")
    lines.append(f"King's Decree: {_decree(state)}")
    face = _optional(state, "face", -1)
    if step in ("place", "lift", "close") and face > 0:
        rolled = content.rolled(face) if content is not None else None
        roller = _optional(state, "roller", CHANCE_SEAT)
        if content is not None and rolled is not None:
            shapes = content.formations.get(rolled.formation, ())
            size = f" ({len(shapes[0])} pieces)" if shapes else ""
            lines.append(
                f"Building die: face {face}: formation {rolled.formation}{size}, closed seats collect "
                f"{rolled.coins} coin(s); rolled by {_seat(roller)}"
            )
        else:
            lines.append(f"Building die: face {face}; rolled by {_seat(roller)}")
    lines.append(f"Wall supply: {_optional(state, 'supply_walls', 150)}")
    waiting = pending_seats(state)
    if waiting:
        lines.append("Waiting for: " + "; ".join(f"{_seat(s)} ({what})" for s, what in waiting))
    for index, player in enumerate(state.players):
        you = " (you)" if index == seat else ""
        lines.append(f"  seat {index}{you}: {_holdings(player)}; {_status(state, player)}")
    if content is None:
        return "\n".join(lines)
    fields = content.board(state.layout)
    if step in ("first_player", "setup"):
        placed = ", ".join(f"{e.gem}/{e.side} turned {e.rotation} in {e.quadrant}" for e in state.layout) or "none"
        lines.append(f"Terrain boards placed: {placed}")
        lines.extend(draw_grid(SIZE, SIZE, lambda c, r: " " + fields[c + SIZE * r], set()))
    else:
        blocks = [_board_block(content, state, fields, i, p, seat) for i, p in enumerate(state.players)]
        for start in range(0, len(blocks), per_row):
            lines.append("")
            lines.extend(side_by_side(blocks[start : start + per_row]))
        lines.append("")
        lines.append(
            f"{content.legend()}; {CITY_MARK} in the city, {SELECTION_MARK} chosen for it; --- | wall, ~~~ : your "
            "committed placement. H x y = top side of field x,y; V x y = its left side."
        )
    return "\n".join(lines)


def render_formation(state: WallsOfYorkState, content: Content) -> str:
    """The rolled formation's variants, drawn and numbered (for a seat about to place)."""
    rolled = content.rolled(_optional(state, "face", -1))
    shapes = content.formations.get(rolled.formation) if rolled is not None else None
    if rolled is None or not shapes:
        return ""
    drawings = [[f"variant {i}", *draw_variant(v)] for i, v in enumerate(shapes)]
    lines = [f"Formation {rolled.formation}, variants at dx=0, dy=0 (dx, dy shift them right and down):"]
    for start in range(0, len(drawings), 6):
        lines.extend(side_by_side(drawings[start : start + 6], gap=3))
    return "\n".join(lines)


# ---- moves --------------------------------------------------------------------------------------


def describe_action(action: Message, content: Content | None, state: WallsOfYorkState | None) -> str | None:
    """A Walls of York action as one line, with the streets of a formation when the state is known."""
    kind = action.WhichOneof("action")
    if kind is None:
        return None
    body: Any = getattr(action, kind)
    if kind == "place_formation":
        text = f"place formation: variant {body.variant} at dx={body.dx}, dy={body.dy}"
        if content is not None and state is not None:
            face = _optional(state, "face", -1)
            rolled = content.rolled(face)
            edges = content.placement(face, body.variant, body.dx, body.dy)
            if rolled is not None and edges is not None:
                text = (
                    f"place {rolled.formation} variant {body.variant} at dx={body.dx}, dy={body.dy}: {', '.join(edges)}"
                )
        return text
    if kind == "place_single":
        return f"place single: {body.edge}"
    if kind == "lift":
        return f"lift: {body.edge}"
    if kind == "close_room":
        return f"close room: the room of field {body.c},{body.r}"
    if kind == "seal":
        return "seal the city"
    if kind == "continue":
        return "continue building"
    if kind == "pass":
        return "pass (nothing fits)"
    if kind == "setup_tile":
        return f"setup tile: {body.gem} board, {body.side} side, turned {body.rotation}, in {body.quadrant}"
    if kind == "chance_seat":
        return f"chance: seat {body.seat} places the first board"
    if kind == "chance_decree":
        return f"chance: decree {decree_text(body.church, body.well, body.market)}"
    if kind == "chance_face":
        rolled = content.rolled(body.face) if content is not None else None
        extra = f" ({rolled.formation}, {rolled.coins} coins)" if rolled is not None else ""
        return f"chance: building die face {body.face}{extra}"
    return None
