"""The closing step (§5.5, §6): each open player may declare a city, chosen one room at a time
(hidden until every open player has decided), or continue building. Rule F applies."""

from __future__ import annotations

from msgspec.structs import replace

from engines.core.errors import Violation, violation
from engines.core.text import LIST_COMMA, Message, Text, listing
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


FIELDS = Message("walls_of_york.count.fields", "{n} field", "{n} fields")
CHURCHES = Message("walls_of_york.count.churches", "{n} church", "{n} churches")
WELLS = Message("walls_of_york.count.wells", "{n} well", "{n} wells")
MARKETS = Message("walls_of_york.count.markets", "{n} market", "{n} markets")
CITY_STARTED = Message(
    "walls_of_york.refusal.city_started",
    "You started a city of {size}: add rooms or seal it; you cannot keep building now.",
)
MUST_CLOSE = Message("walls_of_york.refusal.must_close", "You passed and can close a city: you must close it.")
NO_CITY = Message("walls_of_york.refusal.no_city", "Choose the rooms of your city first.")
CITY_EMPTY = Message("walls_of_york.refusal.city_empty", "empty: a city needs at least one field")
CITY_OPEN = Message("walls_of_york.refusal.city_open", "not closed at edge {street}")
CITY_APART = Message("walls_of_york.refusal.city_apart", "not connected: field {field} is cut off from field {first}")
CITY_HOLE = Message("walls_of_york.refusal.city_hole", "field {field} is cut off inside the city (hole)")
NO_SUCH_FIELD = Message("walls_of_york.refusal.no_such_field", "Field {field} is not on the board.")
NOT_ENCLOSED = Message("walls_of_york.refusal.not_enclosed", "Field {field} is not enclosed by walls.")
NAME_ROOM = Message(
    "walls_of_york.refusal.name_room",
    "The room of field {field} is named by its first field {first} (lowest row, then column).",
)
ROOM_CHOSEN = Message("walls_of_york.refusal.room_chosen", "The room of field {field} is already chosen.")
ROOM_APART = Message("walls_of_york.refusal.room_apart", "The room of field {field} does not touch your city.")
DECREE_UNMET = Message("walls_of_york.refusal.decree_unmet", "The city lacks what the King demands: missing {missing}.")
DECREE_UNMET_JOINED = Message(
    "walls_of_york.refusal.decree_unmet_joined",
    "Even with every room joined to this one, the city lacks what the King demands: missing {missing}.",
)


def _city_problem(selected: int, walls: int) -> Text | None:
    """§6.3: the first reason the chosen fields are not a valid city, in words."""
    for kind, where in geo.city_problem_parts(selected, walls):
        if kind == "empty":
            return CITY_EMPTY()
        if kind == "open":
            return CITY_OPEN(street=where[0])
        if kind == "apart":
            return CITY_APART(field=where[0], first=where[1])
        return CITY_HOLE(field=where[0])
    return None


def check_closing(s: State, seat: int, a: mv.Continue | mv.CloseRoom | mv.Seal) -> list[Violation]:
    """§5.5 preconditions, with a reason a player can act on."""
    p = s.players[seat]
    walls = wall_mask(p)
    selected = field_mask(p.selection)
    if isinstance(a, mv.Continue):
        if selected:
            message = CITY_STARTED(size=FIELDS(n=len(p.selection)))
            return violation("WALLS_OF_YORK_CLOSING_STARTED", message, "action")
        if p.passed and can_close(s, p):
            return violation("WALLS_OF_YORK_MUST_CLOSE", MUST_CLOSE(), "action")
        return []
    if isinstance(a, mv.Seal):
        if not selected:
            return violation("WALLS_OF_YORK_NO_CITY", NO_CITY(), "action")
        problem = _city_problem(selected, walls)
        if problem is not None:
            return violation("WALLS_OF_YORK_CITY_INVALID", problem, "action")
        found = counts(s.layout, selected)
        if not meets(s.decree, found):
            return [_decree_violation(s.decree, found)]
        return []
    named = f"{a.c},{a.r}"
    if not (0 <= a.c < 8 and 0 <= a.r < 8):
        return violation("WALLS_OF_YORK_NO_SUCH_FIELD", NO_SUCH_FIELD(field=named), "action")
    field = a.c + 8 * a.r
    room_list = rooms(walls)
    room = _room_of(room_list, field)
    if not room:
        return violation("WALLS_OF_YORK_NOT_ENCLOSED", NOT_ENCLOSED(field=named), "action")
    if _lowest(room) != field:
        f = _lowest(room)
        message = NAME_ROOM(field=named, first=f"{f % 8},{f // 8}")
        return violation("WALLS_OF_YORK_NAME_ROOM", message, "action")
    if room & selected:
        return violation("WALLS_OF_YORK_ROOM_CHOSEN", ROOM_CHOSEN(field=named), "action")
    if selected:
        if not _touches(room, selected, walls):
            return violation("WALLS_OF_YORK_ROOM_APART", ROOM_APART(field=named), "action")
        return []
    union = next((u for u in component_unions(walls) if u & room), 0)
    found = counts(s.layout, union)
    if not meets(s.decree, found):
        return [_decree_violation(s.decree, found, DECREE_UNMET_JOINED)]
    return []


#: §4.2: a number of buildings of each kind the King demands, in the order of the decree.
BUILDING_COUNTS = (("CHURCH", CHURCHES), ("WELL", WELLS), ("MARKET", MARKETS))


def _decree_violation(decree: tuple[int, ...], found: dict[str, int], message: Message = DECREE_UNMET) -> Violation:
    missing = [
        count(n=need - found[b]) for (b, count), need in zip(BUILDING_COUNTS, decree, strict=True) if found[b] < need
    ]
    return violation("WALLS_OF_YORK_DECREE_UNMET", message(missing=listing(missing, joined=LIST_COMMA)), "action")[0]


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
