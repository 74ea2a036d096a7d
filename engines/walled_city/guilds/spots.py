"""Guilds that change roads, walls and the map (§6.3 G3 Drapers, G5 Goldsmiths, G6 Skinners, G13 Carpenters)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from msgspec.structs import replace

from engines.core.text import Message, Text
from engines.walled_city import moves as mv
from engines.walled_city.board import BOARDS
from engines.walled_city.common import board, competitors, move_citizens
from engines.walled_city.fences import Fence, fence_options, fenced, halves
from engines.walled_city.guilds.base import Ability, finish, name, step
from engines.walled_city.names import PIECES
from engines.walled_city.state import Activation, Spot, State
from engines.walled_city.words import who_name


def built_spots(s: State) -> list[str]:
    """Built (not demolished) roads and walls: fences are not spots at all (A-10, A-11)."""
    return [x.id for x in (*s.paths, *s.gaps) if x.kind == "built"]


NOTHING_TO_BUILD_ON = Message("walled_city.refusal.drapers", "{guild}: there is no {piece} to build on top of.")
NOTHING_BUILT = Message("walled_city.refusal.nothing_built", "{guild}: there is no built road or wall.")
PICK_TO_DEMOLISH = Message("walled_city.prompt.goldsmiths", "Pick a built road or wall to demolish ({guild})")
PICK_TO_REMOVE = Message(
    "walled_city.prompt.skinners", "Pick a built road or wall to remove the top piece of ({guild})"
)
NO_BOUNDARIES = Message(
    "walled_city.refusal.no_boundaries",
    "{guild} need the board's area boundaries, which this board file does not give (§9.6 rule 15).",
)
NO_FENCE = Message("walled_city.refusal.no_fence", "{guild}: no area can take a fence.")
FENCE_PROMPT = Message(
    "walled_city.prompt.carpenters_fence", "Build a fence across an area between two points of its edge ({guild})"
)
SPLIT_PROMPT = Message(
    "walled_city.prompt.carpenters_split", "Choose how many of {who}'s peasants and nobles go to {area} ({guild})"
)
MARKERS_PROMPT = Message(
    "walled_city.prompt.carpenters_markers",
    "Pick the new area that gets the dice and the tile: both have as many citizens ({guild})",
)


class Drapers(Ability):
    """§6.3 G3: at the start of the turn (W0), this turn's road (wall) may go on top of a built one
    (never a demolished spot or a fence); building on an empty spot stays legal and the ability is spent
    either way (A-34). Declared only when a built spot of the round's kind exists."""

    guild = "drapers"

    def blocker(self, s: State, seat: int) -> Text | None:
        spots = s.paths if s.round == 1 else s.gaps
        if any(x.kind == "built" for x in spots):
            return None
        return NOTHING_TO_BUILD_ON(guild=name(self.guild), piece=PIECES["road" if s.round == 1 else "wall"])

    def declare(self, s: State, act: Activation) -> State:
        assert s.turn is not None
        return replace(s, turn=replace(s.turn, drapers=True))

    def options(self, s: State, act: Activation) -> list[Any]:
        return []


class Demolish(Ability):
    """§6.3 G5 Goldsmiths: a built road or wall is demolished for good (a stack as a whole, A-10): it joins
    districts (a road) or leaves its gap open (a wall) as if empty, and nothing may be built there again.
    §6.3 G6 Skinners: its top piece goes to the box; an emptied spot may be built again, this turn too."""

    def __init__(self, guild: str) -> None:
        self.guild = guild

    def options(self, s: State, act: Activation) -> list[Any]:
        return [] if act.count else [mv.PickSpot(x) for x in built_spots(s)]

    def blocker(self, s: State, seat: int) -> Text | None:
        return None if built_spots(s) else NOTHING_BUILT(guild=name(self.guild))

    def apply(self, s: State, act: Activation, a: mv.PickSpot) -> State:
        field = "paths" if any(x.id == a.spot for x in s.paths) else "gaps"
        spots: list[Spot] = []
        for x in getattr(s, field):
            if x.id != a.spot:
                spots.append(x)
            elif self.guild == "goldsmiths":
                spots.append(replace(x, kind="demolished"))
            elif x.height > 1:
                spots.append(replace(x, height=x.height - 1))
        return finish(replace(s, **{field: tuple(spots)}))

    def prompt(self, s: State, act: Activation) -> Text:
        pick = PICK_TO_DEMOLISH if self.guild == "goldsmiths" else PICK_TO_REMOVE
        return pick(guild=name(self.guild))


class Carpenters(Ability):
    """§6.3 G13: a fence splits an area X in two (``<X>.1``, ``<X>.2``): first the fence (``BuildFence``),
    then how each competitor's citizens in X divide (``SplitCitizens``, in seat order, the neutral last),
    then X's dice and survey tile all go to the new area with more citizens, the activator choosing on a tie
    (``MarkersTo``, A-16). Needs boundary data on every area (§9.6 rule 15)."""

    guild = "carpenters"

    def blocker(self, s: State, seat: int) -> Text | None:
        if not board(s).carpenters_enabled:
            return NO_BOUNDARIES(guild=name(self.guild))
        return None if _fences(s.options.board, s.fences) else NO_FENCE(guild=name(self.guild))

    def options(self, s: State, act: Activation) -> list[Any]:
        if not act.items:
            return list(_fences(s.options.board, s.fences))
        first, second = act.items
        if act.chosen:
            who = act.chosen[0]
            here = next(p for p in s.citizens if (p.place, p.who) == (first, who))
            return [
                mv.SplitCitizens(who, peasants, nobles)
                for peasants in range(here.peasants + 1)
                for nobles in range(here.nobles + 1)
            ]
        return [mv.MarkersTo(first), mv.MarkersTo(second)]  # a tie in citizens (else already resolved)

    def apply(self, s: State, act: Activation, a: Any) -> State:
        if isinstance(a, mv.BuildFence):
            fence = Fence(a.area, a.first, a.first_inside, a.second, a.second_inside)
            first, second = halves(a.area)
            s = _rename(replace(s, fences=(*s.fences, fence)), a.area, first)
            present = {p.who for p in s.citizens if p.place == first}
            act = replace(act, items=(first, second), chosen=tuple(c for c in competitors(s) if c in present))
            return _settle_markers(step(s, act))
        first, second = act.items
        if isinstance(a, mv.SplitCitizens):
            s = move_citizens(s, a.who, first, second, a.peasants, a.nobles)
            return _settle_markers(step(s, act, chosen=act.chosen[1:]))
        return finish(_move_markers(s, first, a.area))

    def prompt(self, s: State, act: Activation) -> Text:
        guild = name(self.guild)
        if not act.items:
            return FENCE_PROMPT(guild=guild)
        if act.chosen:
            return SPLIT_PROMPT(who=who_name(act.chosen[0]), area=act.items[1], guild=guild)
        return MARKERS_PROMPT(guild=guild)


@lru_cache(maxsize=256)
def _fences(side: str, fences: tuple[Fence, ...]) -> tuple[mv.BuildFence, ...]:
    """Every fence the board in play can take (remembered per board: the enumeration checks each one)."""
    b = fenced(BOARDS[side], fences)
    return tuple(
        mv.BuildFence(f.area, f.first, f.first_inside, f.second, f.second_inside)
        for area in b.area_ids
        for f in fence_options(b, area)
    )


def _total(s: State, area: str) -> int:
    return sum(p.peasants + p.nobles for p in s.citizens if p.place == area)


def _markers_at(s: State, area: str) -> bool:
    return any(d.location == area for d in s.dice) or any(t.area == area for t in s.tiles)


def _rename(s: State, old: str, new: str) -> State:
    """Everything in area ``old`` (citizens, dice, tiles) is now in ``new``."""
    citizens = tuple(replace(p, place=new) if p.place == old else p for p in s.citizens)
    s = replace(s, citizens=tuple(sorted(citizens, key=lambda p: (p.place, p.who))))
    return _move_markers(s, old, new)


def _move_markers(s: State, source: str, dest: str) -> State:
    dice = tuple(replace(d, location=dest) if d.location == source else d for d in s.dice)
    tiles = tuple(replace(t, area=dest) if t.area == source else t for t in s.tiles)
    return replace(s, dice=dice, tiles=tiles)


def _settle_markers(s: State) -> State:
    """Once every citizen is placed: markers follow the majority; a tie waits for ``MarkersTo``."""
    act = s.activation
    assert act is not None
    if act.chosen:
        return s
    first, second = act.items
    if not _markers_at(s, first):
        return finish(s)
    if _total(s, first) == _total(s, second):
        return s
    return finish(_move_markers(s, first, first if _total(s, first) > _total(s, second) else second))


ABILITIES: tuple[Ability, ...] = (Drapers(), Demolish("goldsmiths"), Demolish("skinners"), Carpenters())
