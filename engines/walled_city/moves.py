"""The Walled City moves: one decision each (spec §5, §5.10's step-wise interface)."""

from __future__ import annotations

import msgspec


class ChanceSeat(msgspec.Struct, frozen=True, gc=False, tag="chance_seat"):
    """CHANCE: the start player (§3.1 H, when not configured)."""

    seat: int


class ChanceDie(msgspec.Struct, frozen=True, gc=False, tag="chance_die"):
    """CHANCE: the die put on the next die spot, its faction and rolled value (§3.1 E)."""

    faction: str
    value: int


class ChanceTile(msgspec.Struct, frozen=True, gc=False, tag="chance_tile"):
    """CHANCE: the side a survey tile lands on, +1 or -1 (§3.1 F)."""

    value: int


class ChanceGuild(msgspec.Struct, frozen=True, gc=False, tag="chance_guild"):
    """CHANCE: the next guild card of the shuffled deck laid into the offer (§3.1 G)."""

    guild: str


class ChanceCard(msgspec.Struct, frozen=True, gc=False, tag="chance_card"):
    """CHANCE: the defence-only card dealt to the next player (3-player Borderlands, §3.7)."""

    a: int
    b: int


class StartingRoad(msgspec.Struct, frozen=True, gc=False, tag="starting_road"):
    """§5.1: a road from the box on an empty path."""

    path: str


class ChooseGuild(msgspec.Struct, frozen=True, gc=False, tag="choose_guild"):
    """§5.2: take a guild from the offer."""

    guild: str


class BuildRoad(msgspec.Struct, frozen=True, gc=False, tag="build_road"):
    """§5.3 step 1: a road on ``path``, playing the card ``a/b``."""

    path: str
    a: int
    b: int


class Settle(msgspec.Struct, frozen=True, gc=False, tag="settle"):
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


class BuildWall(msgspec.Struct, frozen=True, gc=False, tag="build_wall"):
    """§5.4 step 1: a wall in ``gap``, playing the card ``a/b``."""

    gap: str
    a: int
    b: int


class SettleWall(msgspec.Struct, frozen=True, gc=False, tag="settle_wall"):
    """§5.4 step 2: settle with the card half ``number`` (the other half promotes): ``nobles`` and
    ``peasants`` into the area next to the wall."""

    number: int
    nobles: int
    peasants: int


class Promote(msgspec.Struct, frozen=True, gc=False, tag="promote"):
    """§5.4 step 3: one noble of ``who`` from ``area`` (in the adjacent district) to ``tower``."""

    who: str
    area: str
    tower: str


class Adjust(msgspec.Struct, frozen=True, gc=False, tag="adjust"):
    """§5.3 step 3 / §5.4 step 4: change die ``index`` by ``delta`` (±1), or flip tile ``index`` (``delta`` 0)."""

    kind: str
    index: int
    delta: int = 0


class Done(msgspec.Struct, frozen=True, gc=False, tag="done"):
    """End an optional step or choice: promote no more, adjust nothing (Pass), end the turn, pick no more
    for a guild; with nowhere to build (A-24), give up the piece."""


class PlaceDefenceCard(msgspec.Struct, frozen=True, gc=False, tag="place_defence_card"):
    """§5.5: the card ``a/b`` face down in ``zone``, ``toward_ccw`` facing the zone's ccw tower."""

    zone: str
    a: int
    b: int
    toward_ccw: int
    defence_only: bool = False


class ActivateGuild(msgspec.Struct, frozen=True, gc=False, tag="activate_guild"):
    """§5.6: use your guild's ability now. With Grocers (§6.3 G2), ``copy`` names the guild of another
    player whose ability you use (its holder gains 3 votes); otherwise ``copy`` is empty. The ability's
    own choices follow as separate decisions (the guild moves below)."""

    guild: str
    copy: str = ""


# ---- guild decisions (§6.3): one per choice an ability makes --------------------------------------


class PickNoble(msgspec.Struct, frozen=True, gc=False, tag="pick_noble"):
    """A noble of ``who`` at ``place`` (area or tower): Mercers swaps it for yours, Fishmongers for 4 of its
    owner's peasants, Bakers and Barbers send it to the box."""

    who: str
    place: str


class PickPeasant(msgspec.Struct, frozen=True, gc=False, tag="pick_peasant"):
    """A peasant of ``who`` in ``area``: Merchant Taylors sends it home, Painter-Stainers swaps it for yours,
    Vintners turns it into a noble of its owner."""

    who: str
    area: str


class MoveNoble(msgspec.Struct, frozen=True, gc=False, tag="move_noble"):
    """Ironmongers: one noble of ``who`` from ``area`` into ``tower``."""

    who: str
    area: str
    tower: str


class PlaceCitizen(msgspec.Struct, frozen=True, gc=False, tag="place_citizen"):
    """One of your citizens (``kind`` ``noble`` or ``peasant``) from your reserve to ``place``: Salters
    (an area), Armourers (a noble into a tower)."""

    kind: str
    place: str


class PickSpot(msgspec.Struct, frozen=True, gc=False, tag="pick_spot"):
    """A built road or wall (path or gap id): Goldsmiths demolish it, Skinners remove its top piece."""

    spot: str


class PickMarker(msgspec.Struct, frozen=True, gc=False, tag="pick_marker"):
    """Faction die (``kind`` ``die``) or survey tile (``tile``) number ``index``: Haberdashers re-roll or
    re-flip it, Clothworkers set it to its minimum, Tanners swap it with the next one picked."""

    kind: str
    index: int


class ChanceReroll(msgspec.Struct, frozen=True, gc=False, tag="chance_reroll"):
    """CHANCE: the Haberdashers' re-roll: the die's new value 1..3, or the tile's new side +1/-1."""

    value: int


class Cross(msgspec.Struct, frozen=True, gc=False, tag="cross"):
    """Saddlers: one ``kind`` (``noble``/``peasant``) citizen of ``who`` crosses ``path`` from ``area`` to ``to``."""

    who: str
    kind: str
    area: str
    path: str
    to: str


class BuildFence(msgspec.Struct, frozen=True, gc=False, tag="build_fence"):
    """Carpenters: a fence across ``area`` between two cut points of its boundary (``fences.Fence``): the
    vertex after item ``first`` (or its interior with ``first_inside``), and likewise ``second``. The area
    becomes ``<area>.1`` (the arc from the first cut to the second) and ``<area>.2``."""

    area: str
    first: str
    first_inside: bool
    second: str
    second_inside: bool


class SplitCitizens(msgspec.Struct, frozen=True, gc=False, tag="split_citizens"):
    """Carpenters: of ``who``'s citizens in the fenced area, ``peasants`` and ``nobles`` go to ``<area>.2``
    (the rest stay in ``<area>.1``)."""

    who: str
    peasants: int
    nobles: int


class MarkersTo(msgspec.Struct, frozen=True, gc=False, tag="markers_to"):
    """Carpenters, on a tie in citizens: the new area that receives the fenced area's dice and tile."""

    area: str


class GiveCard(msgspec.Struct, frozen=True, gc=False, tag="give_card"):
    """Butchers: the card ``a/b`` from your hand to the next other player (clockwise)."""

    a: int
    b: int


class ReturnCard(msgspec.Struct, frozen=True, gc=False, tag="return_card"):
    """Butchers, the recipient: a card ``a/b`` of a strictly higher total back to the Butchers."""

    a: int
    b: int


class TakeCard(msgspec.Struct, frozen=True, gc=False, tag="take_card"):
    """Butchers, when the recipient has no higher card: any card ``a/b`` of the recipient's hand."""

    a: int
    b: int


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
    | PickNoble
    | PickPeasant
    | MoveNoble
    | PlaceCitizen
    | PickSpot
    | PickMarker
    | ChanceReroll
    | Cross
    | BuildFence
    | SplitCitizens
    | MarkersTo
    | GiveCard
    | ReturnCard
    | TakeCard
)


class Move(msgspec.Struct, frozen=True, gc=False):
    """A seat's decision; ``seat == CHANCE`` (-1) for chance outcomes."""

    seat: int
    action: Action
