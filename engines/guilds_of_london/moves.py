"""Guilds of London moves: one decision each (§5). ``Move`` = the acting seat + one action.

Locations are named by content: ``GUILDHALL`` for the Guildhall, a tile's content id for a city tile
(ids are unique across guild tiles and special buildings).
"""

from __future__ import annotations

import msgspec

# ---- chance (the CHANCE seat, or the engine's generator) -----------------------------------------


class StartingOrder(msgspec.Struct, frozen=True, gc=False, tag="starting_order"):
    """R-SETUP-6: the random starting order, first player first (a permutation of the seats)."""

    seats: tuple[int, ...]


class ChanceSide(msgspec.Struct, frozen=True, gc=False, tag="chance_side"):
    """R-SETUP-5, A-28: the plantation side drawn (``ULSTER`` or ``VIRGINIA``)."""

    side: str


class ChanceTile(msgspec.Struct, frozen=True, gc=False, tag="chance_tile"):
    """R-SETUP-12/13, R-GROW-2: the tile drawn for the cell being filled (a content tile id)."""

    tile: str


class ChanceToken(msgspec.Struct, frozen=True, gc=False, tag="chance_token"):
    """R-SETUP-2, R-GROW-5: the second-place token drawn for the tile (a content token type)."""

    token: str


class ChanceCard(msgspec.Struct, frozen=True, gc=False, tag="chance_card"):
    """R-SETUP-7, R-TURN-6: the action card drawn (a content card type id)."""

    card: str


class ChanceLordMayor(msgspec.Struct, frozen=True, gc=False, tag="chance_lord_mayor"):
    """R-SETUP-11, §6.6: the Lord Mayor card drawn from the unseen part of the deck (a content id)."""

    card: str


# ---- the players ----------------------------------------------------------------------------------


class KeepLordMayor(msgspec.Struct, frozen=True, gc=False, tag="keep_lord_mayor"):
    """R-SETUP-11, §5.3: keep this Lord Mayor card of those drawn (secret)."""

    card: str


class PutUnder(msgspec.Struct, frozen=True, gc=False, tag="put_under"):
    """§5.3 ``ChooseLordMayor``: put this drawn card under the Lord Mayor deck next (in the chosen order)."""

    card: str


class PlayHire(msgspec.Struct, frozen=True, gc=False, tag="play_hire"):
    """§5.2 action A (R-TURN-3): play ``card`` to hire one liveryman onto the Guildhall."""

    card: str


class PlayMove(msgspec.Struct, frozen=True, gc=False, tag="play_move"):
    """§5.2 action B: play ``card`` to move an own figure from ``source`` (``GUILDHALL`` or a tile id) onto
    the face-up tile ``to`` showing the card's symbol."""

    card: str
    source: str
    to: str


class PlayAbility(msgspec.Struct, frozen=True, gc=False, tag="play_ability"):
    """§5.2 action C: play ``card`` for its special ability (its cost is paid next, one decision a part)."""

    card: str


class EndTurn(msgspec.Struct, frozen=True, gc=False, tag="end_turn"):
    """§5.2 ``EndTurn``: stop playing cards (R-TURN-6)."""


class PayCard(msgspec.Struct, frozen=True, gc=False, tag="pay_card"):
    """§5.2 ``PlayAbility`` payment: discard this card from hand."""

    card: str


class ReturnFigure(msgspec.Struct, frozen=True, gc=False, tag="return_figure"):
    """§5.2 ``PlayAbility`` payment: return an own figure from ``source`` to the common supply."""

    source: str


class Hire(msgspec.Struct, frozen=True, gc=False, tag="hire"):
    """§6.7 ``HIRE(n)``: hire ``count`` liverymen (0 .. what the effect and the supply allow)."""

    count: int


class TakeNeutral(msgspec.Struct, frozen=True, gc=False, tag="take_neutral"):
    """§6.7 ``GAIN_NEUTRAL(n)``: take ``count`` neutral pawns from the pool."""

    count: int


class MoveFigure(msgspec.Struct, frozen=True, gc=False, tag="move_figure"):
    """§6.7 ``MOVE``: move an own figure from ``source`` onto the face-up tile ``to``."""

    source: str
    to: str


class PlantFigure(msgspec.Struct, frozen=True, gc=False, tag="plant_figure"):
    """§6.7 ``TO_PLANTATION``: put an own figure from ``source`` on the plantation."""

    source: str


class ChooseOption(msgspec.Struct, frozen=True, gc=False, tag="choose_option"):
    """§9.2.1 ``CHOICE``: apply option ``option`` (0-based, as listed in the content)."""

    option: int


class Swap(msgspec.Struct, frozen=True, gc=False, tag="swap"):
    """R-RES-5/6, R-PLANT-1: swap one of ``seat``'s liverymen here for one of your neutral pawns."""

    seat: int


class Stop(msgspec.Struct, frozen=True, gc=False, tag="stop"):
    """Stop: no more moves, figures or swaps for this effect or negotiation (A-19: "up to")."""


class Discard(msgspec.Struct, frozen=True, gc=False, tag="discard"):
    """R-TURN-6 step 4: discard this card to come down to the hand limit."""

    card: str


Action = (
    StartingOrder
    | ChanceSide
    | ChanceTile
    | ChanceToken
    | ChanceCard
    | ChanceLordMayor
    | KeepLordMayor
    | PutUnder
    | PlayHire
    | PlayMove
    | PlayAbility
    | EndTurn
    | PayCard
    | ReturnFigure
    | Hire
    | TakeNeutral
    | MoveFigure
    | PlantFigure
    | ChooseOption
    | Swap
    | Stop
    | Discard
)


class Move(msgspec.Struct, frozen=True, gc=False):
    """A seat's decision; ``seat == CHANCE`` (-1) for chance outcomes."""

    seat: int
    action: Action
