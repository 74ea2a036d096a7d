"""The build phase (§5.3 round 1, §5.4 round 2): one decision per step of a build turn."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import product
from typing import Any, NamedTuple

from msgspec.structs import replace

from engines.core.errors import Violation, violation
from engines.core.text import LIST_OR, Message, Text, listing
from engines.walled_city import moves as mv
from engines.walled_city.board import BOARDS
from engines.walled_city.common import add_citizens, at, board, is_empty, set_seat, spot_states, take_from_reserve
from engines.walled_city.districts import SurveyTile, district_of
from engines.walled_city.fences import Fence, fenced
from engines.walled_city.names import CITIZENS, NOBLES, PEASANTS
from engines.walled_city.state import Card, Seat, Spot, State, Turn
from engines.walled_city.words import who_name


def _turn(s: State) -> Turn:
    assert s.turn is not None
    return s.turn


def playable(s: State, seat: int) -> list[Card]:
    """Distinct build cards in hand (never the defence-only card, §3.7)."""
    return list(dict.fromkeys(c for c in s.seats[seat].hand if not c.defence_only))


def _remove_card(s: State, seat: int, a: int, b: int) -> State:
    hand = list(s.seats[seat].hand)
    hand.remove(next(c for c in hand if (c.a, c.b) == (a, b) and not c.defence_only))
    return set_seat(s, seat, hand=tuple(hand))


def _has_card(s: State, seat: int, a: int, b: int) -> bool:
    return Card(a, b) in s.seats[seat].hand  # a build card (``defence_only`` false, §3.7)


# ---- step 1: build --------------------------------------------------------------------------


def _blocked(s: State) -> set[str]:
    """This round's spots that cannot take the turn's piece: built ones (unless the Drapers stack, §6.3 G3)
    and demolished ones (never, §6.3 G5)."""
    stack = s.turn is not None and s.turn.drapers
    return {x.id for x in (s.paths if s.round == 1 else s.gaps) if x.kind == "demolished" or not stack}


def _spots(s: State) -> list[str]:
    """This round's buildable kind of spot: the paths (fences excluded), or the gaps."""
    return [p.id for p in board(s).paths if not p.fence] if s.round == 1 else [g.id for g in board(s).gaps]


def free_spots(s: State) -> list[str]:
    """Paths a road may go on (round 1) or gaps a wall may go in (round 2): empty ones, and with the Drapers
    built ones too (§6.3 G3; never demolished)."""
    blocked = _blocked(s)
    return [i for i in _spots(s) if i not in blocked]


def can_build(s: State) -> bool:
    """A-24: a free spot and a playable card exist (else the piece goes to the box)."""
    blocked = _blocked(s)
    return bool(playable(s, _turn(s).seat)) and any(i not in blocked for i in _spots(s))


def build_options(s: State) -> list[Any]:
    """§5.3 step 1 / §5.4 step 1: every free path (round 1) or gap (round 2) with every playable card
    (built spots too with the Drapers, §6.3 G3)."""
    seat = _turn(s).seat
    cards = playable(s, seat)
    if s.round == 1:
        return [mv.BuildRoad(p, c.a, c.b) for p in free_spots(s) for c in cards]
    return [mv.BuildWall(g, c.a, c.b) for g in free_spots(s) for c in cards]


ROUND_2_WALLS = Message("walled_city.refusal.round_2_walls", "Round 2 builds walls, not roads.")
ROUND_1_ROADS = Message("walled_city.refusal.round_1_roads", "Round 1 builds roads, not walls.")
NO_BUILDABLE_PATH = Message("walled_city.refusal.no_buildable_path", "There is no buildable path {path}.")
NO_SUCH_GAP = Message("walled_city.refusal.no_such_gap", "There is no gap {gap}.")
NO_SUCH_CARD = Message("walled_city.refusal.no_such_card", "You hold no building card {card}.")
TAKEN: dict[tuple[str, bool], Message] = {
    ("Path", True): Message(
        "walled_city.refusal.path_demolished",
        "Path {spot} was demolished by the Goldsmiths and can never be built on again.",
    ),
    ("Path", False): Message(
        "walled_city.refusal.path_built", "Path {spot} is already built (only the Drapers build on top)."
    ),
    ("Gap", True): Message(
        "walled_city.refusal.gap_demolished",
        "Gap {spot} was demolished by the Goldsmiths and can never be built on again.",
    ),
    ("Gap", False): Message(
        "walled_city.refusal.gap_built", "Gap {spot} is already built (only the Drapers build on top)."
    ),
}
"""Why a path or gap cannot be built on: demolished, or built already."""


def check_build(s: State, a: mv.BuildRoad | mv.BuildWall) -> list[Violation]:
    """§5.3 step 1 / §5.4 step 1: a road on a free path in round 1, a wall in a free gap in round 2, with a
    building card in hand; never on a demolished spot (§6.3 G5), on a built one only with the Drapers (§6.3 G3)."""
    seat = _turn(s).seat
    if isinstance(a, mv.BuildRoad):
        if s.round != 1:
            return violation("WALLED_CITY_WRONG_ROUND", ROUND_2_WALLS())
        if a.path not in board(s).path or board(s).path[a.path].fence:
            return violation("WALLED_CITY_NO_SUCH_PATH", NO_BUILDABLE_PATH(path=a.path), "action.path")
        if a.path in _blocked(s):
            return violation("WALLED_CITY_PATH_TAKEN", _why_taken("Path", s.paths, a.path), "action.path")
    else:
        if s.round != 2:
            return violation("WALLED_CITY_WRONG_ROUND", ROUND_1_ROADS())
        if a.gap not in board(s).gap:
            return violation("WALLED_CITY_NO_SUCH_GAP", NO_SUCH_GAP(gap=a.gap), "action.gap")
        if a.gap in _blocked(s):
            return violation("WALLED_CITY_GAP_TAKEN", _why_taken("Gap", s.gaps, a.gap), "action.gap")
    if not _has_card(s, seat, a.a, a.b):
        return violation("WALLED_CITY_NO_SUCH_CARD", NO_SUCH_CARD(card=f"{a.a}/{a.b}"), "action")
    return []


def _why_taken(what: str, spots: tuple[Spot, ...], spot: str) -> Text:
    demolished = any(x.id == spot and x.kind == "demolished" for x in spots)
    return TAKEN[what, demolished](spot=spot)


def _stack(spots: tuple[Spot, ...], spot: str) -> tuple[Spot, ...]:
    """One more piece on ``spot``: a new road/wall, or on top of a stack (Drapers)."""
    if is_empty(spots, spot):
        return (*spots, Spot(spot))
    return tuple(replace(x, height=x.height + 1) if x.id == spot else x for x in spots)


def apply_build(s: State, a: mv.BuildRoad | mv.BuildWall) -> State:
    """§5.3 step 1 / §5.4 step 1: the piece leaves the reserve for the spot (on top of a stack with the Drapers),
    the card is played face up; settling comes next."""
    turn = _turn(s)
    s = _remove_card(s, turn.seat, a.a, a.b)
    p = s.seats[turn.seat]
    if isinstance(a, mv.BuildRoad):
        s = set_seat(s, turn.seat, roads=p.roads - 1)
        s = replace(s, paths=_stack(s.paths, a.path))
        spot = a.path
    else:
        s = set_seat(s, turn.seat, walls=p.walls - 1)
        s = replace(s, gaps=_stack(s.gaps, a.gap))
        spot = a.gap
    return replace(s, turn=replace(turn, step="settle", spot=spot, a=a.a, b=a.b))


# ---- step 2: settle -------------------------------------------------------------------------


def _splits(placed: int, nobles: int, peasants: int) -> list[int]:
    """Noble counts k with 0 ≤ k ≤ placed, k ≤ nobles, placed − k ≤ peasants."""
    return [k for k in range(placed + 1) if k <= nobles and placed - k <= peasants]


def settle_options(s: State) -> list[Any]:
    """§5.3 step 2 / §5.4 step 2: every settlement of the turn's card: round 1 one number on each side of the
    road (one area per side, §5.8), round 2 one number next to the wall; as many as the reserve allows (A-6)."""
    turn = _turn(s)
    p = s.seats[turn.seat]
    if s.round == 2:
        out: list[Any] = []
        for number in dict.fromkeys((turn.a, turn.b)):
            placed = min(number, p.nobles + p.peasants)
            out += [mv.SettleWall(number, k, placed - k) for k in _splits(placed, p.nobles, p.peasants)]
        return out
    side1, side2 = board(s).sides(turn.spot)
    out = []
    total = min(p.nobles + p.peasants, turn.a + turn.b)  # as many as the reserve allows
    for first in dict.fromkeys((turn.a, turn.b)):
        second = turn.a + turn.b - first
        for placed1 in range(first + 1):
            placed2 = total - placed1
            if not 0 <= placed2 <= second:
                continue
            areas1 = side1 if placed1 else side1[:1]  # an empty side's area choice is immaterial
            areas2 = side2 if placed2 else side2[:1]
            for area1, area2, k1, k2 in product(areas1, areas2, range(placed1 + 1), range(placed2 + 1)):
                if k1 + k2 <= p.nobles and total - k1 - k2 <= p.peasants:
                    out.append(mv.Settle(first, area1, placed1, k1, area2, placed2, k2))
    return out


def _settle_ok(s: State, a: mv.Settle | mv.SettleWall) -> bool:
    """Whether ``a`` is one of :func:`settle_options`, decided directly (the hot path of validation)."""
    turn = _turn(s)
    p = s.seats[turn.seat]
    if isinstance(a, mv.SettleWall):
        placed = min(a.number, p.nobles + p.peasants)
        return (
            s.round == 2
            and a.number in (turn.a, turn.b)
            and a.nobles + a.peasants == placed
            and 0 <= a.nobles <= p.nobles
            and 0 <= a.peasants <= p.peasants
        )
    if s.round != 1 or a.first not in (turn.a, turn.b):
        return False
    side1, side2 = board(s).sides(turn.spot)
    second = turn.a + turn.b - a.first
    total = min(p.nobles + p.peasants, turn.a + turn.b)
    return (
        0 <= a.placed1 <= a.first
        and 0 <= a.placed2 <= second
        and a.placed1 + a.placed2 == total
        and a.area1 in (side1 if a.placed1 else side1[:1])
        and a.area2 in (side2 if a.placed2 else side2[:1])
        and 0 <= a.nobles1 <= a.placed1
        and 0 <= a.nobles2 <= a.placed2
        and a.nobles1 + a.nobles2 <= p.nobles
        and total - a.nobles1 - a.nobles2 <= p.peasants
    )


def check_settle(s: State, a: mv.Settle | mv.SettleWall) -> list[Violation]:
    """§5.3 step 2 / §5.4 step 2 (A-6): each way a settlement can be wrong has its own message."""
    if _settle_ok(s, a):
        return []
    message, field = _wall_settle_reason(s, a) if isinstance(a, mv.SettleWall) else _road_settle_reason(s, a)
    return violation("WALLED_CITY_BAD_SETTLE", message, field)


NOT_ON_CARD = Message("walled_city.refusal.not_on_card", "{number} is not a number on the card played ({card}).")
NEGATIVE = Message("walled_city.refusal.negative", "A number of citizens cannot be negative.")
MORE_THAN_RESERVE = Message(
    "walled_city.refusal.more_than_reserve", "More than the reserve: {settled} settled, your reserve has {have}."
)
ROUND_1_SETTLES = Message(
    "walled_city.refusal.round_1_settles", "Round 1 settles on both sides of the road, not next to a wall."
)
ROUND_2_SETTLES = Message(
    "walled_city.refusal.round_2_settles", "Round 2 settles next to the wall, not on both sides of a road."
)
SETTLE_EXACTLY = Message("walled_city.refusal.settle_exactly", "Settle exactly {citizens}, not {given}.")
SETTLE_EXACTLY_SHORT = Message(
    "walled_city.refusal.settle_exactly_short",
    "Settle exactly {citizens} (your reserve holds only {citizens}), not {given}.",
)
SETTLE_IN_ALL = Message("walled_city.refusal.settle_in_all", "Settle {citizens} in all, not {given}.")
SETTLE_IN_ALL_SHORT = Message(
    "walled_city.refusal.settle_in_all_short",
    "Settle {citizens} in all (your reserve holds only {citizens}), not {given}.",
)
BOTH_ON_ONE_SIDE = Message(
    "walled_city.refusal.both_on_one_side",
    "Both numbers on one side: the {side} side of {spot} gets the {number}, so at most {citizens}, not {placed}.",
)
NOT_BESIDE = Message("walled_city.refusal.not_beside", "{area} is not beside the road {spot} on that side ({sides}).")
NAME_FIRST_AREA = Message(
    "walled_city.refusal.name_first_area", "With nobody settled on that side of {spot}, name its first area {area}."
)
NOBLES_AMONG = Message("walled_city.refusal.nobles_among", "{nobles} cannot be among {citizens}.")
IMPOSSIBLE_SETTLEMENT = Message("walled_city.refusal.impossible_settlement", "That settlement is not possible.")


def _card_number_reason(turn: Turn, number: int) -> Text | None:
    """§5.3/§5.4: the number settled is one of the card played."""
    if number in (turn.a, turn.b):
        return None
    return NOT_ON_CARD(number=number, card=f"{turn.a}/{turn.b}")


def _reserve_reason(p: Seat, nobles: int, peasants: int) -> tuple[Text, str] | None:
    """A-6: nobody is settled who is not in the reserve; counts are never negative."""
    if nobles < 0 or peasants < 0:
        return NEGATIVE(), "action"
    if nobles > p.nobles:
        return MORE_THAN_RESERVE(settled=NOBLES(n=nobles), have=p.nobles), "action"
    if peasants > p.peasants:
        return MORE_THAN_RESERVE(settled=PEASANTS(n=peasants), have=p.peasants), "action"
    return None


def _wall_settle_reason(s: State, a: mv.SettleWall) -> tuple[Text, str]:
    """§5.4 step 2: one half of the card settles next to the wall, as many as the reserve allows (A-6)."""
    turn = _turn(s)
    p = s.seats[turn.seat]
    if s.round != 2:
        return ROUND_1_SETTLES(), "action"
    bad_number = _card_number_reason(turn, a.number)
    if bad_number:
        return bad_number, "action.number"
    reserve = _reserve_reason(p, a.nobles, a.peasants)
    if reserve:
        return reserve
    placed = min(a.number, p.nobles + p.peasants)
    exactly = SETTLE_EXACTLY if placed == a.number else SETTLE_EXACTLY_SHORT
    return exactly(citizens=CITIZENS(n=placed), given=a.nobles + a.peasants), "action"


def _road_settle_reason(s: State, a: mv.Settle) -> tuple[Text, str]:
    """§5.3 step 2: one number of the card on each side of the road, into an area beside it, as many as
    the reserve allows (A-6)."""
    turn = _turn(s)
    p = s.seats[turn.seat]
    if s.round != 1:
        return ROUND_2_SETTLES(), "action"
    bad_number = _card_number_reason(turn, a.first)
    if bad_number:
        return bad_number, "action.first"
    second = turn.a + turn.b - a.first
    side1, side2 = board(s).sides(turn.spot)
    total = min(p.nobles + p.peasants, turn.a + turn.b)
    sides = ((a.placed1, a.first, side1, "1"), (a.placed2, second, side2, "2"))
    for placed, number, side, n in sides:
        if placed > number:
            words = BOTH_ON_ONE_SIDE(
                side="/".join(side), spot=turn.spot, number=number, citizens=CITIZENS(n=number), placed=placed
            )
            return words, f"action.placed{n}"
        if placed < 0:
            return NEGATIVE(), f"action.placed{n}"
    if a.placed1 + a.placed2 != total:
        in_all = SETTLE_IN_ALL if total == turn.a + turn.b else SETTLE_IN_ALL_SHORT
        return in_all(citizens=CITIZENS(n=total), given=a.placed1 + a.placed2), "action"
    for area, placed, side, n in ((a.area1, a.placed1, side1, "1"), (a.area2, a.placed2, side2, "2")):
        if area not in side:
            beside = listing(list(side), joined=LIST_OR)
            return NOT_BESIDE(area=area, spot=turn.spot, sides=beside), f"action.area{n}"
        if not placed and area != side[0]:
            return NAME_FIRST_AREA(spot=turn.spot, area=side[0]), f"action.area{n}"
    for placed, nobles, n in ((a.placed1, a.nobles1, "1"), (a.placed2, a.nobles2, "2")):
        if not 0 <= nobles <= placed:
            return NOBLES_AMONG(nobles=NOBLES(n=nobles), citizens=CITIZENS(n=placed)), f"action.nobles{n}"
    nobles = a.nobles1 + a.nobles2
    reserve = _reserve_reason(p, nobles, total - nobles)
    return reserve or (IMPOSSIBLE_SETTLEMENT(), "action")


def apply_settle(s: State, a: mv.Settle | mv.SettleWall) -> State:
    """§5.3 step 2 / §5.4 step 2: the citizens go from the reserve into the chosen areas; in round 2 the
    card's other number is left to promote."""
    turn = _turn(s)
    who = str(turn.seat)
    if isinstance(a, mv.SettleWall):
        area = board(s).gap_area(turn.spot)
        s = add_citizens(s, area, who, a.peasants, a.nobles)
        s = take_from_reserve(s, who, a.peasants, a.nobles)
        other = turn.a + turn.b - a.number
        return replace(s, turn=replace(turn, step="promote" if other else "adjust", promote_left=other))
    for area, placed, k in ((a.area1, a.placed1, a.nobles1), (a.area2, a.placed2, a.nobles2)):
        if placed:
            s = add_citizens(s, area, who, placed - k, k)
            s = take_from_reserve(s, who, placed - k, k)
    return replace(s, turn=replace(turn, step="adjust"))


# ---- step 3 (round 2): promote --------------------------------------------------------------


def _district_areas(s: State, gap: str) -> tuple[str, ...]:
    """The areas of the district next to ``gap`` (§5.0.5)."""
    return _districts(s.options.board, s.fences, s.paths)[board(s).gap_area(gap)]


@lru_cache(maxsize=1024)
def _districts(side: str, fences: tuple[Fence, ...], paths: tuple[Spot, ...]) -> dict[str, tuple[str, ...]]:
    """Area -> the areas of its district, for a board side, its fences and its built paths (remembered)."""
    b = fenced(BOARDS[side], fences)
    return {area: d.areas for area, d in district_of(b, spot_states(paths)).items()}


def promote_options(s: State) -> list[Any]:
    """§5.4 step 3: a noble of any colour in the district next to the wall into one of the wall's two nearest
    towers (A-26), or stop (``Done``)."""
    turn = _turn(s)
    towers = board(s).nearest_towers(turn.spot)
    out: list[Any] = [mv.Done()]
    for area in _district_areas(s, turn.spot):
        for placed in s.citizens:
            if placed.place == area and placed.nobles:
                out += [mv.Promote(placed.who, area, t) for t in dict.fromkeys(towers)]
    return out


def _promote_ok(s: State, a: mv.Promote) -> bool:
    """Whether ``a`` is one of :func:`promote_options`, decided directly (the hot path of validation)."""
    turn = _turn(s)
    return (
        a.tower in board(s).nearest_towers(turn.spot)
        and a.area in _district_areas(s, turn.spot)
        and at(s, a.area, a.who).nobles > 0
    )


BAD_PROMOTE = Message(
    "walled_city.refusal.bad_promote",
    "Promote a noble from the district next to gap {gap} into tower {towers}; {who} has no noble in {area} there.",
)


def check_promote(s: State, a: mv.Promote | mv.Done) -> list[Violation]:
    """§5.4 step 3: the noble is in the district next to the wall and goes to one of its two nearest towers (A-26)."""
    if isinstance(a, mv.Done) or _promote_ok(s, a):
        return []
    turn = _turn(s)
    return violation(
        "WALLED_CITY_BAD_PROMOTE",
        BAD_PROMOTE(
            gap=turn.spot,
            towers=listing(list(board(s).nearest_towers(turn.spot)), joined=LIST_OR),
            who=who_name(a.who),
            area=a.area,
        ),
    )


def apply_promote(s: State, a: mv.Promote | mv.Done) -> State:
    """§5.4 step 3: one noble becomes a watchman; stopping, or the card's number used up, leads to the adjust step."""
    turn = _turn(s)
    if isinstance(a, mv.Done):
        return replace(s, turn=replace(turn, step="adjust", promote_left=0))
    s = add_citizens(add_citizens(s, a.area, a.who, 0, -1), a.tower, a.who, 0, 1)
    left = turn.promote_left - 1
    turn = replace(turn, step="promote" if left else "adjust", promote_left=left, promoted=turn.promoted + 1)
    return replace(s, turn=turn)


# ---- last step: adjust ------------------------------------------------------------------------


def _eligible(s: State) -> tuple[set[str], set[str]]:
    """Places whose dice (first set) and tiles (second set) the adjust step may change."""
    turn = _turn(s)
    b = board(s)
    if s.round == 1:
        areas = set(b.adjacent_areas(turn.spot))
        return areas, areas
    areas = set(_district_areas(s, turn.spot))
    return areas | set(b.nearest_towers(turn.spot)), areas


def adjust_options(s: State) -> list[Any]:
    """§5.3 step 3 / §5.4 step 4: pass, or one faction die ±1 within 1..3, or one survey tile flipped: next to the
    road in round 1 (no tower dice), in the wall's district or (dice) its two nearest towers in round 2 (A-26)."""
    die_places, tile_places = _eligible(s)
    out: list[Any] = [mv.Done()]
    for i, d in enumerate(s.dice):
        if d.location in die_places:
            out += [mv.Adjust("die", i, delta) for delta in (1, -1) if 1 <= d.value + delta <= 3]
    out += [mv.Adjust("tile", i) for i, t in enumerate(s.tiles) if t.area in tile_places]
    return out


def _adjust_ok(s: State, a: mv.Adjust) -> bool:
    """Whether ``a`` is one of :func:`adjust_options`, decided directly (the hot path of validation)."""
    die_places, tile_places = _eligible(s)
    if a.kind == "die" and 0 <= a.index < len(s.dice) and a.delta in (1, -1):
        d = s.dice[a.index]
        return d.location in die_places and 1 <= d.value + a.delta <= 3
    return a.kind == "tile" and 0 <= a.index < len(s.tiles) and a.delta == 0 and s.tiles[a.index].area in tile_places


BAD_ADJUST = Message(
    "walled_city.refusal.bad_adjust",
    "Adjust one faction die (±1, staying 1..3) or flip one survey tile next to what you built"
    " (round 1: no tower dice).",
)


def check_adjust(s: State, a: mv.Adjust | mv.Done) -> list[Violation]:
    """§5.3 step 3 / §5.4 step 4: a die or tile the turn may adjust, a die staying within 1..3, or a pass."""
    if isinstance(a, mv.Done) or _adjust_ok(s, a):
        return []
    return violation(
        "WALLED_CITY_BAD_ADJUST",
        BAD_ADJUST(),
    )


def apply_adjust(s: State, a: mv.Adjust | mv.Done) -> State:
    """§5.3 step 3 / §5.4 step 4: the die moves by one or the tile flips (nothing on a pass); the turn reaches
    its last guild window (§5.6)."""
    if isinstance(a, mv.Adjust):
        if a.kind == "die":
            d = s.dice[a.index]
            dice = list(s.dice)
            dice[a.index] = replace(d, value=d.value + a.delta)
            s = replace(s, dice=tuple(dice))
        else:
            t = s.tiles[a.index]
            tiles = list(s.tiles)
            tiles[a.index] = SurveyTile(-t.value, t.area)
            s = replace(s, tiles=tuple(tiles))
    return replace(s, turn=replace(_turn(s), step="end"))  # the last window (W3/W4, §5.6)


# ---- the steps as one table ---------------------------------------------------------------------------


def give_up(s: State) -> State:
    """A-24: no buildable spot (or no playable card): the piece goes to the box, no card is played, the turn ends."""
    turn = _turn(s)
    p = s.seats[turn.seat]
    s = set_seat(s, turn.seat, roads=p.roads - 1) if s.round == 1 else set_seat(s, turn.seat, walls=p.walls - 1)
    return replace(s, turn=None)


def place_options(s: State) -> list[Any]:
    """§5.3/§5.4 step 1; with nowhere to build, ``Done`` gives the piece up (A-24; reached only while a guild
    could still help)."""
    return build_options(s) if can_build(s) else [mv.Done()]


CAN_BUILD = Message(
    "walled_city.refusal.can_build", "You can build this turn; a piece is given up only with nowhere to build."
)


def check_place(s: State, a: mv.BuildRoad | mv.BuildWall | mv.Done) -> list[Violation]:
    """§5.3/§5.4 step 1, or giving the piece up, which is allowed only with nowhere to build (A-24)."""
    if not isinstance(a, mv.Done):
        return check_build(s, a)
    if can_build(s):
        return violation("WALLED_CITY_CAN_BUILD", CAN_BUILD())
    return []


def apply_place(s: State, a: mv.BuildRoad | mv.BuildWall | mv.Done) -> State:
    """§5.3/§5.4 step 1: build, or give the piece up to the box (A-24)."""
    return give_up(s) if isinstance(a, mv.Done) else apply_build(s, a)


def end_options(s: State) -> list[Any]:
    """The ``end`` step (W3/W4, §5.6): ``Done`` ends the turn; the guild activations are offered beside it."""
    return [mv.Done()]


def check_end(s: State, a: mv.Done) -> list[Violation]:
    """§5.6: ending the turn in its last guild window is always allowed."""
    return []


def apply_end(s: State, a: mv.Done) -> State:
    """§5.3, §5.4: the build turn is over; the next builder follows in priority order (§4.3)."""
    return replace(s, turn=None)


class StepRules(NamedTuple):
    """One build step: the moves it takes, its options, its check and its effect."""

    takes: tuple[type, ...]
    options: Callable[[State], list[Any]]
    check: Callable[[State, Any], list[Violation]]
    apply: Callable[[State, Any], State]


STEPS: dict[str, StepRules] = {
    "place": StepRules((mv.BuildRoad, mv.BuildWall, mv.Done), place_options, check_place, apply_place),
    "settle": StepRules((mv.Settle, mv.SettleWall), settle_options, check_settle, apply_settle),
    "promote": StepRules((mv.Promote, mv.Done), promote_options, check_promote, apply_promote),
    "adjust": StepRules((mv.Adjust, mv.Done), adjust_options, check_adjust, apply_adjust),
    "end": StepRules((mv.Done,), end_options, check_end, apply_end),
}
"""The build turn's steps (§5.3, §5.4, §5.6), by ``Turn.step``."""
