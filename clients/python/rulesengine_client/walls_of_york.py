"""Walls of York in the terminal: the 8×8 play areas with their walls, formations with their streets.

The client keeps no rule: it lays out what the service says. ``DescribeGame`` gives the field codes
(the legend) and ``formation_variants`` (each formation's variants in ``PlaceFormation.variant`` order,
with their streets at ``dx = dy = 0``); ``ViewState`` gives the decision pending and ``facts``
(``fields``: the 64 field codes of the board in play, ``""`` where no board lies yet; ``rolled``: the
die face with its formation and coins; ``seats``: each seat's ``status`` and ``committed`` streets).
The geometry of the names is the contract's (``walls_of_york.proto``):

* field ``"c,r"``: column ``c`` and row ``r`` (0..7) from the top left;
* street ``"H x y"``: the top side of field ``x,y`` (``y = 8``: the bottom border);
  ``"V x y"``: the left side of field ``x,y`` (``x = 8``: the right border).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rulesengine.v1 import common_pb2
from rulesengine.v1.walls_of_york_pb2 import WallsOfYorkPlayer, WallsOfYorkState

if TYPE_CHECKING:
    from rulesengine_client.render import Names

#: The game this module draws (``GameState.walls_of_york``); :mod:`rulesengine_client.render` finds the
#: module by it.
GAME_ID = "walls_of_york"
CHANCE_SEAT = -1
SIZE = 8
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

Streets = tuple[str, ...]


# ---- content ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Content:
    """What rendering needs of ``DescribeGame`` content: the field codes and the formations' variants."""

    field_codes: dict[str, str]
    formation_variants: dict[str, tuple[Streets, ...]]

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Content | None:
        """The content of a ``DescribeGame`` answer (as a dict); ``None`` if it is not Walls of York's."""
        try:
            variants = {
                str(formation): tuple(tuple(str(s) for s in v["streets"]) for v in listed)
                for formation, listed in data["formation_variants"].items()
            }
            codes = {str(k): str(v) for k, v in data["field_codes"].items()}
        except (KeyError, TypeError, ValueError, AttributeError):
            return None
        return cls(codes, variants)

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


def draw_variant(streets: Streets) -> list[str]:
    """A formation variant (its streets at ``dx = dy = 0``) drawn on the smallest grid holding it."""
    cols = rows = 1
    for street in streets:
        kind, x, y = street.split()
        cols = max(cols, int(x) + (kind == "H"))
        rows = max(rows, int(y) + (kind == "V"))
    return draw_grid(cols, rows, lambda c, r: "   ", set(streets), labels=False)


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


def _seat_facts(facts: Mapping[str, Any], index: int) -> Mapping[str, Any]:
    seats = facts.get("seats") or []
    return seats[index] if index < len(seats) and isinstance(seats[index], Mapping) else {}


def _fields(facts: Mapping[str, Any]) -> list[str]:
    """The 64 field codes the service sent (blank where no board lies yet, or when it sent none)."""
    codes = [str(c) or UNPLACED for c in facts.get("fields") or []]
    return codes if len(codes) == SIZE * SIZE else [UNPLACED] * (SIZE * SIZE)


def _board_block(
    fields: list[str], index: int, player: WallsOfYorkPlayer, seat: int | None, committed: Collection[str]
) -> list[str]:
    city = set(player.city)
    chosen = set(player.selection)

    def cell(c: int, r: int) -> str:
        name = f"{c},{r}"
        mark = CITY_MARK if name in city else SELECTION_MARK if name in chosen else " "
        return mark + fields[c + SIZE * r]

    title = f"seat {index}" + (" (you)" if index == seat else "") + f": {len(player.walls)} walls"
    return [title, *draw_grid(SIZE, SIZE, cell, set(player.walls), committed)]


def _waiting(pending: common_pb2.Pending) -> str:
    seats = ", ".join(_seat(s) for s in pending.seats)
    return f"Waiting for: {seats} ({pending.prompt or pending.kind})"


def render(
    state: WallsOfYorkState,
    content: Content | None,
    seat: int | None,
    *,
    per_row: int = 2,
    pending: common_pb2.Pending | None = None,
    facts: Mapping[str, Any] | None = None,
) -> str:
    """A Walls of York state (usually a view) for a terminal, from ``seat``'s side, with the decision
    ``pending`` and the ``facts`` of ``ViewState`` (without them, only what the state itself lists)."""
    facts = facts or {}
    step = _step(state)
    age = _optional(state, "age", 1)
    lines = [f"Walls of York: Age {age}, turn {state.turn}; {STEPS.get(step, step)}"]
    if state.aborted:
        lines.append(f"The game ended early: {state.aborted}")
    lines.append(f"King's Decree: {_decree(state)}")
    face = _optional(state, "face", -1)
    if step in ("place", "lift", "close") and face > 0:
        roller = _optional(state, "roller", CHANCE_SEAT)
        rolled = facts.get("rolled")
        if isinstance(rolled, Mapping) and "formation" in rolled:
            formation = str(rolled["formation"])
            shapes = content.formation_variants.get(formation, ()) if content is not None else ()
            size = f" ({len(shapes[0])} pieces)" if shapes else ""
            lines.append(
                f"Building die: face {face}: formation {formation}{size}, closed seats collect "
                f"{int(rolled.get('coins', 0))} coin(s); rolled by {_seat(roller)}"
            )
        else:
            lines.append(f"Building die: face {face}; rolled by {_seat(roller)}")
    lines.append(f"Wall supply: {_optional(state, 'supply_walls', 150)}")
    if pending is not None and pending.seats:
        lines.append(_waiting(pending))
    for index, player in enumerate(state.players):
        you = " (you)" if index == seat else ""
        status = _seat_facts(facts, index).get("status")
        lines.append(f"  seat {index}{you}: {_holdings(player)}" + (f"; {status}" if status else ""))
    if content is None:
        return "\n".join(lines)
    fields = _fields(facts)
    if step in ("first_player", "setup"):
        placed = ", ".join(f"{e.gem}/{e.side} turned {e.rotation} in {e.quadrant}" for e in state.layout) or "none"
        lines.append(f"Terrain boards placed: {placed}")
        lines.extend(draw_grid(SIZE, SIZE, lambda c, r: " " + fields[c + SIZE * r], set()))
    else:
        blocks = [
            _board_block(fields, i, p, seat, [str(s) for s in _seat_facts(facts, i).get("committed") or []])
            for i, p in enumerate(state.players)
        ]
        for start in range(0, len(blocks), per_row):
            lines.append("")
            lines.extend(side_by_side(blocks[start : start + per_row]))
        lines.append("")
        lines.append(
            f"{content.legend()}; {CITY_MARK} in the city, {SELECTION_MARK} chosen for it; --- | wall, ~~~ : your "
            "committed placement. H x y = top side of field x,y; V x y = its left side."
        )
    return "\n".join(lines)


def render_formation(content: Content, facts: Mapping[str, Any]) -> str:
    """The rolled formation's variants, drawn and numbered (for a seat about to place)."""
    rolled = facts.get("rolled")
    formation = str(rolled.get("formation", "")) if isinstance(rolled, Mapping) else ""
    shapes = content.formation_variants.get(formation)
    if not shapes:
        return ""
    drawings = [[f"variant {i}", *draw_variant(v)] for i, v in enumerate(shapes)]
    lines = [f"Formation {formation}, variants at dx=0, dy=0 (dx, dy shift them right and down):"]
    for start in range(0, len(drawings), 6):
        lines.extend(side_by_side(drawings[start : start + 6], gap=3))
    return "\n".join(lines)


def render_game(
    state: WallsOfYorkState,
    names: Names,
    seat: int | None,
    *,
    pending: common_pb2.Pending | None = None,
    facts: Mapping[str, Any] | None = None,
) -> str:
    """The screen of a Walls of York state for :func:`rulesengine_client.render.render_state`."""
    return render(state, names.content(GAME_ID), seat, pending=pending, facts=facts)


def decision_help(state: WallsOfYorkState, names: Names, facts: Mapping[str, Any]) -> str:
    """What a seat about to place also needs to see: the rolled formation's variants (may be empty)."""
    content = names.content(GAME_ID)
    if content is None or not state.HasField("step") or state.step != "place":
        return ""
    return render_formation(content, facts)
