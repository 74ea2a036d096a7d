"""The Walled City moves: one decision each (spec §5, §5.10's step-wise interface)."""

from __future__ import annotations

import msgspec


class ChanceSeat(msgspec.Struct, frozen=True, tag="chance_seat"):
    """CHANCE: the start player (§3.1 H, when not configured)."""

    seat: int


class ChanceDie(msgspec.Struct, frozen=True, tag="chance_die"):
    """CHANCE: the die put on the next die spot, its faction and rolled value (§3.1 E)."""

    faction: str
    value: int


class ChanceTile(msgspec.Struct, frozen=True, tag="chance_tile"):
    """CHANCE: the side a survey tile lands on, +1 or -1 (§3.1 F)."""

    value: int


class ChanceGuild(msgspec.Struct, frozen=True, tag="chance_guild"):
    """CHANCE: the next guild card of the shuffled deck laid into the offer (§3.1 G)."""

    guild: str


class ChanceCard(msgspec.Struct, frozen=True, tag="chance_card"):
    """CHANCE: the defence-only card dealt to the next player (3-player Borderlands, §3.7)."""

    a: int
    b: int


class StartingRoad(msgspec.Struct, frozen=True, tag="starting_road"):
    """§5.1: a road from the box on an empty path."""

    path: str


class ChooseGuild(msgspec.Struct, frozen=True, tag="choose_guild"):
    """§5.2: take a guild from the offer."""

    guild: str


class BuildRoad(msgspec.Struct, frozen=True, tag="build_road"):
    """§5.3 step 1: a road on ``path``, playing the card ``a/b``."""

    path: str
    a: int
    b: int


class Settle(msgspec.Struct, frozen=True, tag="settle"):
    """§5.3 step 2: the card number ``first`` is assigned to the path's first side, the other number
    to its second side; ``placed1`` citizens (``nobles1`` of them nobles) go into ``area1`` on the
    first side, ``placed2`` (``nobles2`` nobles) into ``area2`` on the second. ``placed`` equals
    the number unless the reserve runs short (A-6)."""

    first: int
    area1: str
    placed1: int
    nobles1: int
    area2: str
    placed2: int
    nobles2: int


class BuildWall(msgspec.Struct, frozen=True, tag="build_wall"):
    """§5.4 step 1: a wall in ``gap``, playing the card ``a/b``."""

    gap: str
    a: int
    b: int


class SettleWall(msgspec.Struct, frozen=True, tag="settle_wall"):
    """§5.4 step 2: settle with the card half ``number`` (the other half promotes): ``nobles`` and
    ``peasants`` into the area next to the wall."""

    number: int
    nobles: int
    peasants: int


class Promote(msgspec.Struct, frozen=True, tag="promote"):
    """§5.4 step 3: one noble of ``who`` from ``area`` (in the adjacent district) to ``tower``."""

    who: str
    area: str
    tower: str


class Adjust(msgspec.Struct, frozen=True, tag="adjust"):
    """§5.3 step 3 / §5.4 step 4: change die ``index`` by ``delta`` (±1), or flip tile ``index`` (``delta`` 0)."""

    kind: str
    index: int
    delta: int = 0


class Done(msgspec.Struct, frozen=True, tag="done"):
    """End an optional step: promote no more, or adjust nothing (Pass)."""


class PlaceDefenceCard(msgspec.Struct, frozen=True, tag="place_defence_card"):
    """§5.5: the card ``a/b`` face down in ``zone``, ``toward_ccw`` facing the zone's ccw tower."""

    zone: str
    a: int
    b: int
    toward_ccw: int
    defence_only: bool = False


class ActivateGuild(msgspec.Struct, frozen=True, tag="activate_guild"):
    """§5.6: use the guild's ability (not implemented yet: answered with a not-implemented error)."""

    guild: str


Action = (
    ChanceSeat
    | ChanceDie
    | ChanceTile
    | ChanceGuild
    | ChanceCard
    | StartingRoad
    | ChooseGuild
    | BuildRoad
    | Settle
    | BuildWall
    | SettleWall
    | Promote
    | Adjust
    | Done
    | PlaceDefenceCard
    | ActivateGuild
)


class Move(msgspec.Struct, frozen=True):
    """A seat's decision; ``seat == CHANCE`` (-1) for chance outcomes."""

    seat: int
    action: Action
