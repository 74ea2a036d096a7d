"""Moves: one decision each (§5, §5.11), as msgspec structs tagged by ``type``.

A move is ``Move(seat, action)``; ``seat`` is ``CHANCE`` (-1) for a chance decision. Cards, manuscripts
and segment sides are content ids; spaces, spots, sections and pile positions are numbers (``board``).
"""

from __future__ import annotations

from typing import Literal

import msgspec

from engines.viscounts.content import Resource

# ---- chance (§9 random events) --------------------------------------------------------------------------


class Segment(msgspec.Struct, frozen=True, gc=False, tag="segment"):
    """The physical segment (its letter, e.g. ``"C"``) at the ring position being laid (§3 step 1)."""

    segment: str


class Rotation(msgspec.Struct, frozen=True, gc=False, tag="rotation"):
    """The castle's rotation 0..4 (§3 step 2)."""

    rotation: int


class FolkDrawn(msgspec.Struct, frozen=True, gc=False, tag="folk_drawn"):
    """The townsfolk card that comes to a pile's top."""

    card: str


class ManuscriptDrawn(msgspec.Struct, frozen=True, gc=False, tag="manuscript_drawn"):
    """The manuscript that comes to a pile's top."""

    manuscript: str


class StartDrawn(msgspec.Struct, frozen=True, gc=False, tag="start_drawn"):
    """The start player's seat (A-08)."""

    start: int


class PlayerCardDrawn(msgspec.Struct, frozen=True, gc=False, tag="player_card_drawn"):
    """The player card laid out next (its number)."""

    number: int


class HeroDrawn(msgspec.Struct, frozen=True, gc=False, tag="hero_drawn"):
    """The hero put under a laid-out player card."""

    hero: str


class CardDrawn(msgspec.Struct, frozen=True, gc=False, tag="card_drawn"):
    """The card taken from the top of a draw pile."""

    card: str


class SchemeDrawn(msgspec.Struct, frozen=True, gc=False, tag="scheme_drawn"):
    """The AI's scheme card revealed (§8.4) or taken from the Future Schemes (§8.3)."""

    scheme: str


# ---- setup (§3 step 9) --------------------------------------------------------------------------------


class PickPair(msgspec.Struct, frozen=True, gc=False, tag="pick_pair"):
    """Take the laid-out player card and hero at ``pair``."""

    pair: int


# ---- the turn (§4.7) --------------------------------------------------------------------------------


class Play(msgspec.Struct, frozen=True, gc=False, tag="play"):
    """Phase 1: play ``card`` from hand into slot 1 (§5.1)."""

    card: str


class MoveTo(msgspec.Struct, frozen=True, gc=False, tag="move_to"):
    """Phase 2: move the viscount to ``space`` by the cheapest path of at least the card's value (§5.2)."""

    space: int


class Trade(msgspec.Struct, frozen=True, gc=False, tag="trade"):
    """Phase 3, §5.4: use the space's exchange ``uses`` times; ``pay`` silver bought as merchant icons;
    ``dismiss`` the pile's visible (or printed) card."""

    uses: int
    pay: int = 0
    dismiss: bool = False


class Build(msgspec.Struct, frozen=True, gc=False, tag="build"):
    """Phase 3, §5.5: the building of board slot ``slot`` onto spot ``spot``; ``pay`` stone, ``silver``
    through a silver conversion (Mason)."""

    slot: str
    spot: int
    pay: int = 0
    silver: int = 0
    dismiss: bool = False


class PlaceWorkers(msgspec.Struct, frozen=True, gc=False, tag="place_workers"):
    """Phase 3, §5.6: ``workers`` workers into the castle; ``pay`` gold, ``silver`` through Diplomat."""

    workers: int
    pay: int = 0
    silver: int = 0
    dismiss: bool = False


class Transcribe(msgspec.Struct, frozen=True, gc=False, tag="transcribe"):
    """Phase 3, §5.7: the pile's visible (or printed) manuscript; ``pay`` ink, ``silver`` through
    Clergyman, ``gold`` and ``stone`` through Emma."""

    pay: int = 0
    silver: int = 0
    gold: int = 0
    stone: int = 0
    dismiss: bool = False


class NoAction(msgspec.Struct, frozen=True, gc=False, tag="no_action"):
    """Phase 3: take no primary action (A-11)."""


class Hire(msgspec.Struct, frozen=True, gc=False, tag="hire"):
    """Phase 4: hire the visible card of the viscount's segment (§5.9)."""


class Pass(msgspec.Struct, frozen=True, gc=False, tag="pass"):
    """Decline what is optional: the recruit, a rearrange, a discard, a destroy, a castle move, a cost, a
    free hire under A-15 ``optional``."""


# ---- effect decisions (§6.2) ----------------------------------------------------------------------------


class Branch(msgspec.Struct, frozen=True, gc=False, tag="branch"):
    """Pick branch ``index`` of a choice."""

    index: int


class Accept(msgspec.Struct, frozen=True, gc=False, tag="accept"):
    """Pay a cost to gain its reward (§6.2 ``cost``)."""


class Take(msgspec.Struct, frozen=True, gc=False, tag="take"):
    """Take one ink, gold or stone (§6.2 ``any_resource``)."""

    resource: Resource


class Flip(msgspec.Struct, frozen=True, gc=False, tag="flip"):
    """Flip a debt or a deed (§4.5)."""

    what: Literal["debt", "deed"]


class Arrange(msgspec.Struct, frozen=True, gc=False, tag="arrange"):
    """Rearrange: the cards of slots 1..3 in their new order (§4.6)."""

    slots: tuple[str, str, str]


TOP = "TOP"
"""``Discard``/``Destroy`` of the draw pile's top card (unseen) instead of a hand card."""


class Discard(msgspec.Struct, frozen=True, gc=False, tag="discard"):
    """Discard ``card`` from hand, or ``TOP``: the top of the draw pile (§4.6)."""

    card: str


class Destroy(msgspec.Struct, frozen=True, gc=False, tag="destroy"):
    """Destroy ``card`` from hand (or the starting collection, player card 9), or ``TOP`` (§4.6)."""

    card: str


class HireFrom(msgspec.Struct, frozen=True, gc=False, tag="hire_from"):
    """Free hire: the top card of the pile at ring ``position`` (§4.6)."""

    position: int


class TakeManuscript(msgspec.Struct, frozen=True, gc=False, tag="take_manuscript"):
    """Free manuscript: the visible manuscript at ring ``position`` (§6.2)."""

    position: int


class MoveWorker(msgspec.Struct, frozen=True, gc=False, tag="move_worker"):
    """Castle move: one own worker from tier-1 section ``source`` to the adjacent ``target`` (§6.2)."""

    source: int
    target: int


class Section(msgspec.Struct, frozen=True, gc=False, tag="section"):
    """A castle section (castle frame): where free workers go, or which three-worker section resolves."""

    section: int


class PlaceBuilding(msgspec.Struct, frozen=True, gc=False, tag="place_building"):
    """Free building: board slot ``slot``'s building onto spot ``spot`` (§6.2 ``build_free``)."""

    slot: str
    spot: int


class BumpWorker(msgspec.Struct, frozen=True, gc=False, tag="bump_worker"):
    """Bump: remove one of ``owner``'s workers from ``tier`` of ``section`` (§5.8)."""

    section: int
    tier: int
    owner: int


Action = (
    Segment
    | Rotation
    | FolkDrawn
    | ManuscriptDrawn
    | StartDrawn
    | PlayerCardDrawn
    | HeroDrawn
    | CardDrawn
    | SchemeDrawn
    | PickPair
    | Play
    | MoveTo
    | Trade
    | Build
    | PlaceWorkers
    | Transcribe
    | NoAction
    | Hire
    | Pass
    | Branch
    | Accept
    | Take
    | Flip
    | Arrange
    | Discard
    | Destroy
    | HireFrom
    | TakeManuscript
    | MoveWorker
    | Section
    | PlaceBuilding
    | BumpWorker
)


class Move(msgspec.Struct, frozen=True, gc=False):
    """A seat's decision (``CHANCE`` = -1 for chance)."""

    seat: int
    action: Action
