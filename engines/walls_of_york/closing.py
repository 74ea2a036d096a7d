"""The closing step (§5.5, §6): each open player may declare a city, chosen one room at a time
(hidden until every open player has decided), or continue building. Rule F applies."""

from __future__ import annotations

from msgspec.structs import replace

from engines.core.errors import Violation, violation
from engines.core.text import plural
from engines.walls_of_york import geometry as geo
from engines.walls_of_york import moves as mv
from engines.walls_of_york.board import (
    component_unions,
    counts,
    field_mask,
    field_names,
    meets,
    rooms,
    wall_mask,
    wall_names,
)
from engines.walls_of_york.state import Ledger, Player, State

PERFECT_PLANNING_COINS = 2
"""§7.5.1: closing without removing a piece."""


def close_seats(s: State) -> tuple[int, ...]:
    """Open players whose closing decision is not final yet."""
    return tuple(i for i, p in enumerate(s.players) if p.open and not p.decided)


def _room_of(rooms: tuple[int, ...], field: int) -> int:
    for room in rooms:
        if room >> field & 1:
            return room
    return 0


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def satisfying_components(s: State, p: Player) -> list[int]:
    """Component unions U_K that meet the decree (§6.4 item 3): where a city can be declared."""
    return [u for u in component_unions(wall_mask(p)) if meets(s.decree, counts(s.layout, u))]


def can_close(s: State, p: Player) -> bool:
    """``can_close(W, decree)`` of §6.5."""
    return bool(satisfying_components(s, p))


def closing_options(s: State, seat: int) -> list[mv.Continue | mv.CloseRoom | mv.Seal]:
    """§5.5, §5.7: Continue (unless rule F), the rooms that may start or extend the city, and Seal."""
    p = s.players[seat]
    walls = wall_mask(p)
    selected = field_mask(p.selection)
    out: list[mv.Continue | mv.CloseRoom | mv.Seal] = []
    if not selected:
        if not (p.passed and can_close(s, p)):
            out.append(mv.Continue())
        for union in satisfying_components(s, p):
            for room in rooms(walls):
                if room & union:
                    f = _lowest(room)
                    out.append(mv.CloseRoom(f % 8, f // 8))
        return out
    for room in rooms(walls):
        if not room & selected and _touches(room, selected, walls):
            f = _lowest(room)
            out.append(mv.CloseRoom(f % 8, f // 8))
    if _sealable(s, selected, walls):
        out.append(mv.Seal())
    return out


def _touches(room: int, selected: int, walls: int) -> bool:
    """Two rooms are adjacent when a wall separates a field of each (§6.2)."""
    return bool(geo.boundary(room) & geo.boundary(selected) & walls)


def _sealable(s: State, selected: int, walls: int) -> bool:
    return geo.is_valid_city(selected, walls) and meets(s.decree, counts(s.layout, selected))


def check_closing(s: State, seat: int, a: mv.Continue | mv.CloseRoom | mv.Seal) -> list[Violation]:
    """§5.5 preconditions, with a reason a player can act on."""
    p = s.players[seat]
    walls = wall_mask(p)
    selected = field_mask(p.selection)
    if isinstance(a, mv.Continue):
        if selected:
            size = plural(len(p.selection), "field")
            message = f"You started a city of {size}: add rooms or seal it; you cannot keep building now."
            return violation("WALLS_OF_YORK_CLOSING_STARTED", message, "action")
        if p.passed and can_close(s, p):
            return violation(
                "WALLS_OF_YORK_MUST_CLOSE", "You passed and can close a city: you must close it.", "action"
            )
        return []
    if isinstance(a, mv.Seal):
        if not selected:
            return violation("WALLS_OF_YORK_NO_CITY", "Choose the rooms of your city first.", "action")
        problems = geo.city_problems(selected, walls)
        if problems:
            return violation("WALLS_OF_YORK_CITY_INVALID", problems[0], "action")
        found = counts(s.layout, selected)
        if not meets(s.decree, found):
            return [_decree_violation(s.decree, found)]
        return []
    if not (0 <= a.c < 8 and 0 <= a.r < 8):
        return violation("WALLS_OF_YORK_NO_SUCH_FIELD", f"Field {a.c},{a.r} is not on the board.", "action")
    field = a.c + 8 * a.r
    room_list = rooms(walls)
    room = _room_of(room_list, field)
    if not room:
        return violation("WALLS_OF_YORK_NOT_ENCLOSED", f"Field {a.c},{a.r} is not enclosed by walls.", "action")
    if _lowest(room) != field:
        f = _lowest(room)
        message = (
            f"The room of field {a.c},{a.r} is named by its first field {f % 8},{f // 8} (lowest row, then column)."
        )
        return violation("WALLS_OF_YORK_NAME_ROOM", message, "action")
    if room & selected:
        return violation("WALLS_OF_YORK_ROOM_CHOSEN", f"The room of field {a.c},{a.r} is already chosen.", "action")
    if selected:
        if not _touches(room, selected, walls):
            return violation(
                "WALLS_OF_YORK_ROOM_APART", f"The room of field {a.c},{a.r} does not touch your city.", "action"
            )
        return []
    union = next((u for u in component_unions(walls) if u & room), 0)
    found = counts(s.layout, union)
    if not meets(s.decree, found):
        return [_decree_violation(s.decree, found, "Even with every room joined to this one, the city")]
    return []


def _decree_violation(decree: tuple[int, ...], found: dict[str, int], subject: str = "The city") -> Violation:
    missing = [
        plural(need - found[b], b.lower(), "churches" if b == "CHURCH" else None)
        for b, need in zip(("CHURCH", "WELL", "MARKET"), decree, strict=True)
        if found[b] < need
    ]
    return Violation(
        "WALLS_OF_YORK_DECREE_UNMET",
        f"{subject} lacks what the King demands: missing {', '.join(missing)}.",
        "action",
    )


def apply_closing(s: State, seat: int, a: mv.Continue | mv.CloseRoom | mv.Seal) -> State:
    """§5.5: Continue or Seal decides for this turn; a room chosen joins the city being declared."""
    p = s.players[seat]
    if isinstance(a, mv.Continue | mv.Seal):
        p = replace(p, decided=True)
    else:
        room = _room_of(rooms(wall_mask(p)), a.c + 8 * a.r)
        p = replace(p, selection=field_names(field_mask(p.selection) | room))
    players = list(s.players)
    players[seat] = p
    return replace(s, players=tuple(players))


def resolve(s: State) -> State:
    """Reveal the closing declarations: a sealed city keeps only its wall (§5.5 effects)."""
    players = []
    returned = 0
    for p in s.players:
        if p.open and p.decided and p.selection:
            city = field_mask(p.selection)
            walls = wall_mask(p)
            kept = geo.boundary(city)
            removed = bin(walls & ~kept).count("1")
            returned += removed
            ledger = p.ledger
            coins = p.coins
            if s.options.perfect_planning and removed == 0:
                detail = f"Age {s.age}: closed without removing a piece"
                ledger = (*ledger, Ledger("perfect_planning", PERFECT_PLANNING_COINS, detail))
                coins += PERFECT_PLANNING_COINS
            p = replace(
                p, walls=wall_names(kept), city=p.selection, open=False, selection=(), ledger=ledger, coins=coins
            )
        players.append(replace(p, decided=False, selection=()))
    return replace(s, players=tuple(players), supply_walls=s.supply_walls + returned)
