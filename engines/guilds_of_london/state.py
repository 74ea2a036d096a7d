"""Guilds of London game state (§5.0), as immutable msgspec structs, adapted to one-decision moves.

Seats are ``0..n-1``; a seat's colour is content, used only in words. Every per-seat count is a
tuple indexed by seat (liverymen on a tile, on the Guildhall, in the common supply, on the
plantation). Card, tile and token identities are content ids.

Hidden piles are unordered multisets (sorted tuples of ids): the action ``deck``, the ``lm_deck``,
the ``tile_supply`` and the ``token_bag``; every draw from them is a chance decision that names
what was drawn (external chance), or an index below the population size drawn from the state's
PCG32 (seeded). Cards put under the Lord Mayor deck are the ordered ``lm_bottom``, drawn in that
order once ``lm_deck`` is empty (like Citadels' ``deck_bottom``).

The game advances through ``stage`` (the part of the round, derived from §4.1) and the ``queue``:
pending work as small ``Step`` records (chance draws, one-move decisions, effect lists still to
apply). When the queue is empty the stage says what happens next (``engine.automatic``).
"""

from __future__ import annotations

from typing import Literal

import msgspec

from engines.core.rng import Rng

NO_SEAT = -1
"""No seat (no master on a tile, no winner yet, a spectator's view)."""

STEP_CAP = 1000
"""The largest count a queued step holds (draws, keeps, figures, repeats). No game comes near it; the
engine never makes a larger one (``capped``), so the state check can refuse anything above it."""

TURN_CAP = 1000
"""The largest draw change, end-of-turn draw total or trigger count of a turn (the engine stops there)."""

GUILDHALL = "GUILDHALL"
"""The location name of the Guildhall in moves (tiles are named by their content id)."""

Stage = Literal["deal", "keep", "turns", "scan", "negotiate", "reward", "plantation", "harvest", "expand", "over"]
"""Where the game stands (§4.1):

* ``deal``: setup's chance events (starting order, plantation side, city tiles and tokens, hands,
  Lord Mayor cards); ``keep``: the simultaneous secret Lord Mayor keep (R-SETUP-11);
* ``turns``: the players' turns in the frozen order (R-ORDER-3, §4.3);
* ``scan``: the round-end scan in reading order (R-RES-2); ``negotiate``: the negotiation on the
  scanned tile (R-RES-5); ``reward``: its winner's and runner-up's rewards, then the flip (§4.5.3);
* ``plantation``: the plantation's negotiation (R-PLANT-1); ``harvest``: its rewards and returns
  (R-PLANT-3/4), then the game-end check (§4.7.2); ``expand``: new tiles and tokens (§4.7.3), then
  the beadle (§4.7.4) and the next round;
* ``over``: final scoring done (§7.5).
"""

Origin = Literal["GUILDHALL", "FACE_UP", "FACE_DOWN"]
"""Where a figure moved by an effect may come from (§9.2.1 ``from``)."""

Pool = Literal["any", "special", "guild"]
"""Which tiles of the supply a cell is drawn from (A-01, A-04)."""

Source = Literal["tile", "card", "token", "plantation"]
"""The kind of component an effect list is printed on."""

Part = Literal["resolution_bonus", "first_place", "second_place_extra", "ability", "effects", "left", "right"]
"""Which list of the component: a tile's three reward lists, a card's ability, a token's effects,
a plantation side's left or right reward."""


def capped(n: int, cap: int = STEP_CAP) -> int:
    """``n`` within 0..``cap``."""
    return max(0, min(n, cap))


class Options(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """Game configuration: the player count and the rulings of §10 as named options."""

    players: int
    plantation_side: Literal["random", "ULSTER", "VIRGINIA"] = "random"
    """A-28: the plantation side, chosen at random (a chance decision) or fixed."""
    negotiation_own_colour: bool = True
    """A-08: a player may swap liverymen of their own colour in a negotiation."""
    tiebreak_adjacent_masters: Literal["per_master", "any"] = "per_master"
    """A-34: the first-place tie-break adds 1 per adjacent master, or 1 for having any."""
    setup_special_west_of_guildhall: bool = False
    """A-01: 3–4 players, the tile west of the Guildhall is one of the four loose special buildings."""
    neutral_return: Literal["pool", "removed"] = "pool"
    """A-09: neutral pawns used in a negotiation go back to the pool, or leave the game."""


class Ledger(msgspec.Struct, frozen=True, gc=False):
    """VP of one kind from one source (a tile, a token, a card, the plantation, a Lord Mayor card, a pair
    of adjacent masters): every point a player scores is in exactly one line (R-VP-1)."""

    category: str
    detail: str
    points: int


class Player(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """One seat's holdings (§5.0)."""

    vp: int = 0
    stamp: int = 0
    """R-VP-2: when the VP marker last arrived on its space (higher = on top of the stack)."""
    hand: tuple[str, ...] = ()
    """Action cards (sorted card type ids; hidden from the others, its size public)."""
    lm_cards: tuple[str, ...] = ()
    """Lord Mayor cards kept (sorted; secret until final scoring, the count public)."""
    lm_offer: tuple[str, ...] = ()
    """Lord Mayor cards drawn and not yet kept or put under the deck (R-SETUP-11, §5.3 ``ChooseLordMayor``)."""
    lm_choice: tuple[str, ...] = ()
    """The setup keep, chosen secretly and hidden until every player has chosen (R-SETUP-11)."""
    tokens: tuple[str, ...] = ()
    """Second-place tokens taken (public, A-30)."""
    neutral: int = 0
    """Neutral pawns in the player's own supply (R-SETUP-9: none at the start)."""
    ledger: tuple[Ledger, ...] = ()


class CityTile(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """A guild tile or special building in the city at ``(row, col)`` (§3.1; the Guildhall is not one).

    Face up it holds liverymen (per seat), its second-place token and, during a negotiation, neutral
    pawns; face down it holds at most its master (A-12: ``NO_SEAT`` once the master has left).
    """

    row: int
    col: int
    tile: str
    face_up: bool = True
    liverymen: tuple[int, ...] = ()
    master: int = NO_SEAT
    token: str = ""
    neutral: int = 0


class Reward(msgspec.Struct, frozen=True, gc=False):
    """The vote's outcome while a tile's rewards are applied (§4.5.3): its winner, and its runner-up
    (``NO_SEAT`` when nobody is second, R-RES-16)."""

    winner: int
    second: int = NO_SEAT


class TriggerRef(msgspec.Struct, frozen=True, gc=False):
    """A "whenever ... this turn" effect registered by a card ability (R-TURN-5): the ``index``-th effect
    of card type ``card``'s ability."""

    card: str
    index: int


class Turn(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """The turn being played (§4.3): who, how many cards were played (R-TURN-6), the draw changes and
    end-of-turn draws the abilities paid for, and the triggers active until the end of the turn."""

    seat: int
    played: int = 0
    draw_modifier: int = 0
    end_draws: int = 0
    triggers: tuple[TriggerRef, ...] = ()


class EffectRef(msgspec.Struct, frozen=True, gc=False):
    """Where an effect list is printed: the component kind, its id, which of its lists, and a path into
    nested lists (``PER``/``TRIGGER`` at ``i``: ``(i,)``; ``CHOICE`` at ``i``, option ``j``: ``(i, j)``)."""

    source: Source
    item: str
    part: Part
    path: tuple[int, ...] = ()


# ---- Steps: the queue of pending work ------------------------------------------------------------


class DrawOrder(msgspec.Struct, frozen=True, gc=False, tag="draw_order"):
    """Chance: the random starting order (R-SETUP-6)."""


class DrawSide(msgspec.Struct, frozen=True, gc=False, tag="draw_side"):
    """Chance: the plantation side (R-SETUP-5, A-28 ``random``)."""


class DrawTile(msgspec.Struct, frozen=True, gc=False, tag="draw_tile"):
    """Chance: the tile drawn for the empty cell ``(row, col)`` (R-SETUP-12/13, R-GROW-2), from the
    whole tile supply, its special buildings only (A-04, A-01) or its guild tiles only (2 players)."""

    row: int
    col: int
    pool: Pool = "any"


class DrawToken(msgspec.Struct, frozen=True, gc=False, tag="draw_token"):
    """Chance: the second-place token put face up on the tile at ``(row, col)`` (R-SETUP-2, R-GROW-5)."""

    row: int
    col: int


class DrawCard(msgspec.Struct, frozen=True, gc=False, tag="draw_card"):
    """Chance: ``count`` action cards drawn one by one into ``seat``'s hand (A-15 when the deck runs out)."""

    seat: int
    count: int = 1


class DrawLordMayor(msgspec.Struct, frozen=True, gc=False, tag="draw_lord_mayor"):
    """Chance: ``count`` Lord Mayor cards drawn one by one into ``seat``'s offer (the cards under the deck
    come in their order once the unseen part is empty; nothing once both are, A-15)."""

    seat: int
    count: int = 1


class ChooseLordMayor(msgspec.Struct, frozen=True, gc=False, tag="choose_lord_mayor"):
    """§5.3 ``ChooseLordMayor``: ``seat`` keeps ``keep`` more cards of the offer, one a decision, then puts
    the others under the deck one a decision (the last one goes by itself)."""

    seat: int
    keep: int = 1


class Run(msgspec.Struct, frozen=True, gc=False, tag="run"):
    """Apply the effect list at ``ref`` for ``seat`` from effect ``index`` on, ``repeat`` times (``PER``).

    ``card``: the card whose ability this is (its symbols for ``MOVE`` ``symbol_filter: "card"``);
    ``chained``: the list was started by a trigger, so its own moves and hires trigger nothing.
    """

    seat: int
    ref: EffectRef
    index: int = 0
    repeat: int = 1
    card: str = ""
    chained: bool = False


class HireStep(msgspec.Struct, frozen=True, gc=False, tag="hire_step"):
    """§6.7 ``HIRE(n)``: ``seat`` hires up to ``n`` liverymen (one decision: how many; A-14, A-19)."""

    seat: int
    n: int
    mandatory: bool = False
    chained: bool = False


class NeutralStep(msgspec.Struct, frozen=True, gc=False, tag="neutral_step"):
    """§6.7 ``GAIN_NEUTRAL(n)``: ``seat`` takes up to ``n`` neutral pawns from the pool (one decision)."""

    seat: int
    n: int
    mandatory: bool = False


class MoveStep(msgspec.Struct, frozen=True, gc=False, tag="move_step"):
    """§6.7 ``MOVE``: ``seat`` moves up to ``left`` own figures, one a decision, from ``origins`` onto
    face-up tiles showing one of ``symbols`` (any face-up tile when ``any_symbol``). ``not_to``: a tile no
    figure may enter (the tile being resolved); ``not_from``: a tile no figure may leave (the tile being
    resolved, unless the effect says its figures may leave it, R-RES-14)."""

    seat: int
    left: int
    origins: tuple[Origin, ...]
    any_symbol: bool = True
    symbols: tuple[str, ...] = ()
    not_to: str = ""
    not_from: str = ""
    mandatory: bool = False
    chained: bool = False


class PlantStep(msgspec.Struct, frozen=True, gc=False, tag="plant_step"):
    """§6.7 ``TO_PLANTATION``: ``seat`` puts up to ``left`` own figures from ``origins`` on the plantation."""

    seat: int
    left: int
    origins: tuple[Origin, ...]
    mandatory: bool = False
    chained: bool = False


class ChoiceStep(msgspec.Struct, frozen=True, gc=False, tag="choice_step"):
    """§9.2.1 ``CHOICE``: ``seat`` picks one option of the choice effect at ``ref`` (its last path entry is
    the effect's index in its list)."""

    seat: int
    ref: EffectRef
    card: str = ""
    chained: bool = False


class PayDiscard(msgspec.Struct, frozen=True, gc=False, tag="pay_discard"):
    """§5.2 ``PlayAbility`` payment: ``seat`` discards ``left`` more cards from hand, one a decision."""

    seat: int
    left: int


class PayReturn(msgspec.Struct, frozen=True, gc=False, tag="pay_return"):
    """§5.2 ``PlayAbility`` payment: ``seat`` returns ``left`` more figures from ``origins`` to the supply."""

    seat: int
    left: int
    origins: tuple[Origin, ...]


class Negotiate(msgspec.Struct, frozen=True, gc=False, tag="negotiate"):
    """R-RES-5, R-PLANT-1: ``seat`` swaps liverymen on the tile being resolved (or the plantation) for
    neutral pawns of their own, one a decision, or stops."""

    seat: int
    plantation: bool = False


class ReturnFromPlantation(msgspec.Struct, frozen=True, gc=False, tag="return_from_plantation"):
    """R-PLANT-4: ``seat`` returns up to ``n`` liverymen from the plantation to the common supply."""

    seat: int
    n: int


class DiscardToLimit(msgspec.Struct, frozen=True, gc=False, tag="discard_to_limit"):
    """R-TURN-6 step 4: ``seat`` discards down to the hand limit, one card a decision."""

    seat: int


Step = (
    DrawOrder
    | DrawSide
    | DrawTile
    | DrawToken
    | DrawCard
    | DrawLordMayor
    | ChooseLordMayor
    | Run
    | HireStep
    | NeutralStep
    | MoveStep
    | PlantStep
    | ChoiceStep
    | PayDiscard
    | PayReturn
    | Negotiate
    | ReturnFromPlantation
    | DiscardToLimit
)

CHANCE_STEPS = (DrawOrder, DrawSide, DrawTile, DrawToken, DrawCard, DrawLordMayor)


class State(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """The whole game. ``rng is None`` means external chance (the CHANCE seat names every draw)."""

    options: Options
    players: tuple[Player, ...]
    # ---- figures, per seat
    guildhall: tuple[int, ...]
    supply: tuple[int, ...]
    plantation: tuple[int, ...]
    plantation_neutral: int = 0
    neutral_pool: int = 0
    neutral_removed: int = 0
    """A-09 ``removed``: neutral pawns that left the game after a negotiation."""
    # ---- the city and its supplies
    city: tuple[CityTile, ...] = ()
    """The tiles in reading order (R-RES-2)."""
    beadle: str = ""
    """The tile id the beadle stands on; empty while it waits off the board (A-07)."""
    plantation_side: str = ""
    tile_supply: tuple[str, ...] = ()
    token_bag: tuple[str, ...] = ()
    tokens_removed: tuple[str, ...] = ()
    """A-11, §7.5 step 1: tokens nobody took, out of the game (public)."""
    # ---- cards
    deck: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    """The discard pile, face up and public (A-29), sorted."""
    in_play: tuple[str, ...] = ()
    """Cards played this turn, face up in front of the player (R-TURN-4), in the order played."""
    lm_deck: tuple[str, ...] = ()
    lm_bottom: tuple[str, ...] = ()
    # ---- the round
    round: int = 1
    stage: Stage = "deal"
    order: tuple[int, ...] = ()
    """The turn order frozen for this round's turns (R-ORDER-3)."""
    turn_index: int = 0
    """How many turns of ``order`` have started this round."""
    turn: Turn | None = None
    scan: int = 0
    """The city index the round-end scan has reached (R-RES-2, A-18)."""
    reward: Reward | None = None
    """The vote's outcome while the scanned tile is rewarded (``reward`` stage)."""
    ending: bool = False
    """R-RES-19: 2 players, the last tile is resolved: the plantation once more, then the end (A-16)."""
    next_stamp: int = 1
    """R-VP-2: the stamp the next VP marker to move receives."""
    queue: tuple[Step, ...] = ()
    rng: Rng | None = None
    external_chance: bool = False
    redacted: bool = False
    """A view (``ViewState``): hidden ids are replaced by ``"?"``; it cannot be played."""
    viewer: int = NO_SEAT
    """The seat a view was made for (``NO_SEAT`` for a spectator)."""
