"""The Walled City game state (§5.0.1) as immutable msgspec structs.

Competitors are named by strings: ``"0"``..``"3"`` for the seats and ``"neutral"`` for the
2-player neutral colour (§3.6), as the scoring routines expect. Only non-empty things are
listed (built paths and gaps, occupied places), so states stay small and canonical.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from engines.core.rng import Rng
from engines.core.text import AS_WRITTEN, Text
from engines.walled_city.districts import Die, SurveyTile
from engines.walled_city.fences import Fence

NEUTRAL = "neutral"
NO_SEAT = -1

Phase = Literal["setup", "starting_roads", "alignment", "build", "defence", "over"]
BuildStep = Literal["place", "settle", "promote", "adjust", "end"]


class Options(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """Game configuration and the spec's engine flags (Appendix, §10)."""

    players: int
    board: Literal["londonderry", "borderlands"] = "londonderry"
    guild_deck: Literal["board", "mixed"] = "board"
    """§3.4: the board's 12 guild cards, or all 20 mixed."""
    start_player: int = -1
    """§3.1 H: a seat, or -1 for a random start player."""
    tower_second_place: Literal["dense", "competition"] = "dense"
    """§10 A-3."""
    split_rounding: Literal["trunc", "floor"] = "trunc"
    """§10 A-4."""
    neutral_in_factions: bool = True
    """§10 A-5: the 2-player neutral competes in faction majorities too."""
    saddlers_cross_fence: bool = True
    """§10 A-11: Saddlers may move citizens across a Carpenters fence."""


class Card(msgspec.Struct, frozen=True, gc=False):
    """A building card ``a/b`` (§2.4); ``defence_only``: the 3-player Borderlands off-colour card (§3.7)."""

    a: int
    b: int
    defence_only: bool = False


class Seat(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """A real player's reserve, hand, guild and votes."""

    roads: int
    walls: int
    nobles: int
    peasants: int
    hand: tuple[Card, ...]
    guild: str = ""
    guild_used: bool = False
    round1_guild: str = ""
    votes: int = 0


class Spot(msgspec.Struct, frozen=True, gc=False):
    """A built (``height`` pieces) or demolished path or gap (§5.0.1); unlisted spots are empty."""

    id: str
    kind: Literal["built", "demolished"] = "built"
    height: int = 1


class Placed(msgspec.Struct, frozen=True, gc=False):
    """A competitor's citizens in an area, or watchmen (nobles) in a tower."""

    place: str
    who: str
    peasants: int = 0
    nobles: int = 0


class ZoneCard(msgspec.Struct, frozen=True, gc=False):
    """A card in a defence zone: owner, the number toward each of the zone's towers, revealed or not."""

    zone: str
    owner: int
    toward_ccw: int
    toward_cw: int
    revealed: bool = False


class Vote(msgspec.Struct, frozen=True, gc=False):
    """A scored item for a competitor: the score breakdown lists these."""

    who: str
    category: str
    points: int
    detail: str
    """Why, in English (the state kept only this before the service spoke other languages)."""
    detail_text: Text | None = None
    """Why, in words (its message id, parameters and English); absent in a state kept from before."""

    @property
    def words(self) -> Text:
        """Why, in words: ``detail_text``, or for a state kept from before, its English as written."""
        return self.detail_text if self.detail_text is not None else AS_WRITTEN(words=self.detail)


def vote_line(who: str, category: str, points: int, detail: Text) -> Vote:
    """A vote line with its words."""
    return Vote(who, category, points, detail.english, detail)


class Turn(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """The build turn in progress (§5.3, §5.4): the spot built, the card played, the step owed.

    ``end`` is the window after the last step (W3 in round 1, W4 in round 2, §5.6), reached only when the
    player could still activate their guild. ``promoted`` counts the nobles promoted so far (a guild may be
    activated before step 3 but never inside it); ``drapers``: the Drapers let this turn build on a built spot.
    """

    seat: int
    step: BuildStep = "place"
    spot: str = ""
    a: int = 0
    b: int = 0
    promote_left: int = 0
    promoted: int = 0
    drapers: bool = False


class Activation(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """A guild ability being resolved, one decision at a time (§5.6, §6.3).

    ``guild`` is the ability (the copied guild under Grocers, then ``via`` is ``grocers``); ``count`` the
    decisions made. What the ability remembers between decisions: ``chosen`` (competitors already chosen —
    Mercers, Painter-Stainers, Ironmongers, Vintners — the citizen kind of Saddlers and Salters, or the
    competitors still to split for Carpenters, or who answers the Butchers' gift now due: the recipient with a
    higher card, else the Butchers), ``items`` (markers picked, ``die:3``/``tile:0``, or the
    Carpenters' two new areas), ``cards`` (the Butchers' gifts, one per recipient), ``arrived`` (citizens the
    Saddlers already moved, which may not move twice) and ``rolling`` (the Haberdashers wait for chance).
    """

    seat: int
    guild: str
    via: str = ""
    count: int = 0
    chosen: tuple[str, ...] = ()
    items: tuple[str, ...] = ()
    cards: tuple[Card, ...] = ()
    arrived: tuple[Placed, ...] = ()
    rolling: bool = False


class State(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """The whole game; ``rng is None`` means external chance."""

    options: Options
    seats: tuple[Seat, ...]
    neutral_nobles: int = 0
    neutral_peasants: int = 0
    round: int = 1
    phase: Phase = "setup"
    start_player: int = NO_SEAT
    paths: tuple[Spot, ...] = ()
    gaps: tuple[Spot, ...] = ()
    citizens: tuple[Placed, ...] = ()
    dice: tuple[Die, ...] = ()
    tiles: tuple[SurveyTile, ...] = ()
    zones: tuple[ZoneCard, ...] = ()
    offer: tuple[str, ...] = ()
    order: tuple[int, ...] = ()
    """The seats in the order of the current phase (alignment, build cycle, defence)."""
    index: int = 0
    """Position in ``order`` of the seat to act."""
    turn: Turn | None = None
    activation: Activation | None = None
    """A guild ability in progress during a build turn (§5.6)."""
    fences: tuple[Fence, ...] = ()
    """Carpenters fences in the order built (§6.3 G13); the board in play is the board side with these applied."""
    starting_roads_left: int = 0
    defence_only_left: tuple[Card, ...] = ()
    votes: tuple[Vote, ...] = ()
    out_nobles: tuple[Placed, ...] = ()
    """Nobles sent to the box (fled, guild effects), per competitor: ``place`` is ``box``."""
    rng: Rng | None = None
    external_chance: bool = False
    redacted: bool = False
    viewer: int = NO_SEAT
