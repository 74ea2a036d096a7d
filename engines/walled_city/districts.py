"""Districts (§5.0.2, §7.1) and faction values (§5.0.4): pure functions over a board and its state.

The state types here are the minimum the scoring routines read (§5.0.1): the state of every path and
gap (``empty``, built with a stack height, or ``demolished``), the citizens per area, the watchmen
per tower, the faction dice and the survey tiles. Competitors are plain ids (player colours, and in a
2-player game the neutral, §3.6 / A-5). Missing map entries mean "nothing there" / ``empty``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Literal

import msgspec

from engines.walled_city.board import Board

SpotKind = Literal["empty", "built", "demolished"]


class SpotState(msgspec.Struct, frozen=True, gc=False):
    """``path_state[p]`` / ``gap_state[g]`` (§5.0.1): ``empty``, ``built`` (``road(k)`` / ``wall(k)``, k = ``height``
    pieces stacked) or ``demolished`` (Goldsmiths)."""

    kind: SpotKind = "empty"
    height: int = 0

    @property
    def unbuilt(self) -> bool:
        """Empty or demolished: such a path joins its sides (§5.0.2); such a gap is *open* (§5.7)."""
        return self.kind != "built"


EMPTY = SpotState()
DEMOLISHED = SpotState("demolished")


def built(height: int = 1) -> SpotState:
    """A road or wall stack of ``height`` pieces (``road(k)`` / ``wall(k)``, §5.0.1)."""
    return SpotState("built", height)


class Citizens(msgspec.Struct, frozen=True, gc=False):
    """One competitor's peasants and nobles in one place (§5.0.1)."""

    peasants: int = 0
    nobles: int = 0

    @property
    def total(self) -> int:
        """Citizens = peasants + nobles (§7.2 step 1)."""
        return self.peasants + self.nobles

    def __add__(self, other: Citizens) -> Citizens:
        return Citizens(self.peasants + other.peasants, self.nobles + other.nobles)


class Die(msgspec.Struct, frozen=True, gc=False):
    """A faction die (§2.5, §5.0.1): its faction, its value in {1, 2, 3} and its location (an area or a tower id)."""

    faction: str
    value: int
    location: str


class SurveyTile(msgspec.Struct, frozen=True, gc=False):
    """A survey tile (§2.6): value +1 or −1, always in an area."""

    value: int
    area: str


#: ``area → competitor → Citizens`` (§5.0.1).
AreaCitizens = Mapping[str, Mapping[str, Citizens]]
#: ``tower → competitor → watchmen`` (nobles; §5.0.1: peasants are never in towers).
TowerWatchmen = Mapping[str, Mapping[str, int]]
#: ``path or gap id → SpotState``; a missing id is ``empty``.
SpotStates = Mapping[str, SpotState]


class District(msgspec.Struct, frozen=True, gc=False):
    """A district (§0, §5.0.2): a connected component of areas, listed in board order."""

    areas: tuple[str, ...]

    @property
    def label(self) -> str:
        """A readable name for score breakdowns, e.g. ``A11+A12+A21``."""
        return "+".join(self.areas)


def _state(states: SpotStates, spot: str) -> SpotState:
    return states.get(spot, EMPTY)


def joins(board: Board, path: str, path_states: SpotStates) -> bool:
    """Whether ``path`` connects its sides (§5.0.2): unbuilt (empty or demolished) and not a fence."""
    return not board.path[path].fence and _state(path_states, path).unbuilt


def districts(board: Board, path_states: SpotStates) -> tuple[District, ...]:
    """The districts (§5.0.2): components of the graph joining every area of one side of each unbuilt,
    non-fence path with every area of its other side (an unbuilt T-path joins A, B1 and B2, §5.8).

    Deterministic: areas within a district and districts (by their first area) follow the board's area order.
    The fortification, gaps and towers never connect anything; towers are in no district.
    """
    parent = {a: a for a in board.area_ids}

    def root(a: str) -> str:
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    for p in board.paths:
        if joins(board, p.id, path_states):
            members = board.adjacent_areas(p.id)
            first = root(members[0])
            for other in members[1:]:
                r = root(other)
                if r != first:
                    parent[r] = first
    groups: dict[str, list[str]] = {}
    for a in board.area_ids:
        groups.setdefault(root(a), []).append(a)
    return tuple(District(tuple(areas)) for areas in groups.values())


def district_of(board: Board, path_states: SpotStates) -> Mapping[str, District]:
    """Each area's district (§5.0.2)."""
    return {a: d for d in districts(board, path_states) for a in d.areas}


def open_gaps(board: Board, gap_states: SpotStates) -> tuple[str, ...]:
    """Gaps whose state is ``empty`` or ``demolished`` (§5.7 "open"), in board order."""
    return tuple(g.id for g in board.gaps if _state(gap_states, g.id).unbuilt)


def citizens_in(areas: Iterable[str], citizens: AreaCitizens) -> dict[str, Citizens]:
    """Each competitor's citizens summed over ``areas`` (§7.1: counts are taken per district); absent = none."""
    sums: dict[str, list[int]] = {}  # who -> [peasants, nobles], in the order first met
    for a in areas:
        for who, c in citizens.get(a, {}).items():
            if c.peasants or c.nobles:
                acc = sums.setdefault(who, [0, 0])
                acc[0] += c.peasants
                acc[1] += c.nobles
    return {who: Citizens(peasants, nobles) for who, (peasants, nobles) in sums.items()}


def survey_modifier(areas: Iterable[str], tiles: Iterable[SurveyTile]) -> int:
    """§7.2 step 3: the sum of the survey tiles lying in ``areas``."""
    inside = set(areas)
    return sum(t.value for t in tiles if t.area in inside)


def faction_value(board: Board, dice: Iterable[Die], faction: str, round_: int) -> int:
    """§5.0.4: round 1 sums ``faction``'s dice in areas only (tower dice ignored); from round-2 preparation on
    (``round_ = 2``) all of its dice count."""
    return sum(d.value for d in dice if d.faction == faction and (round_ >= 2 or d.location in board.area))


def faction_values(board: Board, dice: Iterable[Die], round_: int) -> dict[str, int]:
    """:func:`faction_value` of every faction that has a die, by faction name."""
    kept = tuple(dice)
    return {f: faction_value(board, kept, f, round_) for f in sorted({d.faction for d in kept})}
