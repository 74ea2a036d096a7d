"""Walls of York moves: one decision each (spec §5). ``Move`` = acting seat + one action."""

from __future__ import annotations

from typing import Literal

import msgspec


class ChanceSeat(msgspec.Struct, frozen=True, gc=False, tag="chance_seat"):
    """CHANCE: the randomly chosen player who places the first terrain board (§3.4)."""

    seat: int


class ChanceDecree(msgspec.Struct, frozen=True, gc=False, tag="chance_decree"):
    """CHANCE: the King's Decree, the value in each tower shaft (§4.2)."""

    church: int
    well: int
    market: int


class ChanceFace(msgspec.Struct, frozen=True, gc=False, tag="chance_face"):
    """CHANCE: the building die's rolled face, 1..6 as numbered in the content data (§4.3)."""

    face: int


class SetupTile(msgspec.Struct, frozen=True, gc=False, tag="setup_tile"):
    """§5.1: put the board of ``gem`` on ``side`` turned ``rotation`` × 90° clockwise in ``quadrant``."""

    gem: str
    side: Literal["black", "white"]
    rotation: int
    quadrant: Literal["TL", "TR", "BL", "BR"]


class PlaceFormation(msgspec.Struct, frozen=True, gc=False, tag="place_formation"):
    """§5.2: the rolled formation as variant ``variant`` (index), shifted by (2·dx, 2·dy)."""

    variant: int
    dx: int
    dy: int


class PlaceSingle(msgspec.Struct, frozen=True, gc=False, tag="place_single"):
    """§5.3: one single wall piece on ``edge`` ("H x y" / "V x y") instead of the formation."""

    edge: str


class Pass(msgspec.Struct, frozen=True, gc=False, tag="pass"):
    """§5.4: nothing can be placed."""


class Lift(msgspec.Struct, frozen=True, gc=False, tag="lift"):
    """§10 A6 strict supply: lift one of your walls (``edge``) to reuse for this turn's placement."""

    edge: str


class Continue(msgspec.Struct, frozen=True, gc=False, tag="continue"):
    """§5.5: keep building (do not close this turn)."""


class CloseRoom(msgspec.Struct, frozen=True, gc=False, tag="close_room"):
    """§5.5, one room at a time: start (or extend) the declared city with the room holding
    field (``c``, ``r``)."""

    c: int
    r: int


class Seal(msgspec.Struct, frozen=True, gc=False, tag="seal"):
    """§5.5: declare the selected rooms closed as the city (must be valid and meet the decree)."""


Action = (
    ChanceSeat
    | ChanceDecree
    | ChanceFace
    | SetupTile
    | PlaceFormation
    | PlaceSingle
    | Pass
    | Lift
    | Continue
    | CloseRoom
    | Seal
)


class Move(msgspec.Struct, frozen=True, gc=False):
    """A seat's decision; ``seat == CHANCE`` (-1) for chance outcomes."""

    seat: int
    action: Action
