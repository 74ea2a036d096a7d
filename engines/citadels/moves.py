"""Citadels moves: one decision each (spec §5, §6, §7). ``Move`` = acting seat + one action."""

from __future__ import annotations

from typing import Literal

import msgspec

# ---- chance ---------------------------------------------------------------------------------


class ChanceCard(msgspec.Struct, frozen=True, gc=False, tag="chance_card"):
    """CHANCE: the district card drawn, or taken at random from a hand."""

    card: str


class ChanceCharacter(msgspec.Struct, frozen=True, gc=False, tag="chance_character"):
    """CHANCE: the character card discarded, or taken at random (Theater, 2–3 players)."""

    character: str


# ---- selection phase (§5.1) -------------------------------------------------------------------


class Pick(msgspec.Struct, frozen=True, gc=False, tag="pick"):
    """M-PICK / M-PICK-LAST-SPECIAL / M-PICK-AND-DISCARD (``discard`` only with 2 players)."""

    character: str
    discard: str = ""


class Theater(msgspec.Struct, frozen=True, gc=False, tag="theater"):
    """M-THEATER: swap characters with ``target`` (2–3 players: ``give`` one of yours)."""

    target: int
    give: str = ""


class Pass(msgspec.Struct, frozen=True, gc=False, tag="pass"):
    """Decline an optional decision (Theater, confiscation, bribe, threat reveal)."""


class Accept(msgspec.Struct, frozen=True, gc=False, tag="accept"):
    """Say yes to a prompt: confiscate (M-CONFISCATE), bribe (M-BRIBE), reveal (M-REVEAL-THREAT)."""


# ---- gathering and keeping (§5.2) ------------------------------------------------------------


class GatherGold(msgspec.Struct, frozen=True, gc=False, tag="gather_gold"):
    """M-GATHER-GOLD: take 2 gold (+1 with the Gold Mine)."""


class GatherCards(msgspec.Struct, frozen=True, gc=False, tag="gather_cards"):
    """M-GATHER-CARDS: draw 2 (3 with the Observatory), keep 1 (all with the Library)."""


class Keep(msgspec.Struct, frozen=True, gc=False, tag="keep"):
    """M-KEEP-DRAWN / M-SCHOLAR-KEEP: keep this drawn card."""

    card: str


class Bottom(msgspec.Struct, frozen=True, gc=False, tag="bottom"):
    """§11 A8: put this drawn card under the deck next."""

    card: str


class Give(msgspec.Struct, frozen=True, gc=False, tag="give"):
    """Hand over this card (Thieves' Den payment, Cardinal loan, Seer give-back, Magician)."""

    card: str


class Done(msgspec.Struct, frozen=True, gc=False, tag="done"):
    """Finish a card sequence: pay the rest in gold (Thieves' Den) or stop discarding (Magician).

    ``lender``: the Cardinal borrows the Thieves' Den's missing gold from that seat (§5.3).
    """

    lender: int = -1


# ---- building (§5.3) -------------------------------------------------------------------------

PaymentMethod = Literal["gold", "thieves_den", "framework", "necropolis"]


class Build(msgspec.Struct, frozen=True, gc=False, tag="build"):
    """M-BUILD: build ``card`` from hand.

    ``method``: ``gold``; ``thieves_den`` (cards one by one, then gold); ``framework`` (destroy
    your Framework); ``necropolis`` (destroy ``destroy`` from your city, copy ``destroy_copy``
    of that name). ``lender``: the Cardinal borrows the shortfall from that seat.
    """

    card: str
    method: PaymentMethod = "gold"
    destroy: str = ""
    lender: int = -1
    destroy_copy: int = 0


# ---- district effects (§5.4, §7) ---------------------------------------------------------------
#
# A built district is named by its card id and ``copy``: which district of that name in the city,
# counting from 0 in city order. A city holds two of a name only with the Quarry or the Wizard,
# and the copies may differ (an Artist's beautification), so each copy is a target of its own.


class Smithy(msgspec.Struct, frozen=True, gc=False, tag="smithy"):
    """M-SMITHY: pay 2 gold, gain 3 cards."""


class Laboratory(msgspec.Struct, frozen=True, gc=False, tag="laboratory"):
    """M-LABORATORY: discard ``card`` under the deck, gain 2 gold."""

    card: str


class Museum(msgspec.Struct, frozen=True, gc=False, tag="museum"):
    """M-MUSEUM: put ``card`` face down under your Museum."""

    card: str


class Armory(msgspec.Struct, frozen=True, gc=False, tag="armory"):
    """M-ARMORY: destroy your Armory to destroy ``district`` (copy ``copy``) in ``target``'s city."""

    target: int
    district: str
    copy: int = 0


# ---- character abilities (§5.5, §6) ------------------------------------------------------------


class Income(msgspec.Struct, frozen=True, gc=False, tag="income"):
    """M-INCOME: the character's district income, ``gold`` + ``cards`` (the Abbot splits)."""

    gold: int = 0
    cards: int = 0


class Kill(msgspec.Struct, frozen=True, gc=False, tag="kill"):
    """M-KILL (Assassin)."""

    character: str


class Bewitch(msgspec.Struct, frozen=True, gc=False, tag="bewitch"):
    """M-BEWITCH (Witch)."""

    character: str


class Warrants(msgspec.Struct, frozen=True, gc=False, tag="warrants"):
    """M-WARRANTS (Magistrate): ``signed`` and two unsigned, all different."""

    signed: str
    unsigned: tuple[str, str]


class Rob(msgspec.Struct, frozen=True, gc=False, tag="rob"):
    """M-ROB (Thief)."""

    character: str


class Spy(msgspec.Struct, frozen=True, gc=False, tag="spy"):
    """M-SPY: name a district type and look at ``target``'s hand."""

    target: int
    district_type: str


class Threats(msgspec.Struct, frozen=True, gc=False, tag="threats"):
    """M-THREATS (Blackmailer): the flowered lace and the blank marker."""

    flowered: str
    blank: str


class MagicSwap(msgspec.Struct, frozen=True, gc=False, tag="magic_swap"):
    """M-MAGIC-SWAP: exchange hands with ``target``."""

    target: int


class MagicRedraw(msgspec.Struct, frozen=True, gc=False, tag="magic_redraw"):
    """M-MAGIC-REDRAW: discard cards one by one (``Give``), then draw as many."""


class WizardLook(msgspec.Struct, frozen=True, gc=False, tag="wizard_look"):
    """M-WIZARD, first half: look at ``target``'s hand."""

    target: int


class WizardTake(msgspec.Struct, frozen=True, gc=False, tag="wizard_take"):
    """M-WIZARD, second half: take ``card`` into your hand, or build it at once."""

    card: str
    build: bool = False
    method: PaymentMethod = "gold"
    destroy: str = ""
    destroy_copy: int = 0


class SeerTake(msgspec.Struct, frozen=True, gc=False, tag="seer_take"):
    """M-SEER-TAKE: a random card from every other player with cards; then give one back each."""


class Emperor(msgspec.Struct, frozen=True, gc=False, tag="emperor"):
    """M-EMPEROR: give the crown to ``recipient`` and take ``resource`` ("gold", "card", "none")."""

    recipient: int
    resource: Literal["gold", "card", "none"] = "none"


class HandOver(msgspec.Struct, frozen=True, gc=False, tag="hand_over"):
    """§11 B6 'recipient': the crown's new holder hands the Emperor 1 gold or 1 random card."""

    resource: Literal["gold", "card"]


class AbbotCharity(msgspec.Struct, frozen=True, gc=False, tag="abbot_charity"):
    """M-ABBOT-CHARITY: the richest player ``source`` gives you 1 gold."""

    source: int


class MerchantBonus(msgspec.Struct, frozen=True, gc=False, tag="merchant_bonus"):
    """M-MERCHANT-BONUS: gain 1 gold."""


class ArchitectDraw(msgspec.Struct, frozen=True, gc=False, tag="architect_draw"):
    """M-ARCHITECT-DRAW: gain 2 cards."""


class Navigator(msgspec.Struct, frozen=True, gc=False, tag="navigator"):
    """M-NAVIGATOR: gain 4 gold or 4 cards."""

    resource: Literal["gold", "cards"]


class ScholarDraw(msgspec.Struct, frozen=True, gc=False, tag="scholar_draw"):
    """M-SCHOLAR-DRAW: draw 7, keep 1, shuffle the rest back."""


class Destroy(msgspec.Struct, frozen=True, gc=False, tag="destroy"):
    """M-DESTROY (Warlord): ``target``'s ``district``, copy ``copy`` of that name."""

    target: int
    district: str
    copy: int = 0


class Exchange(msgspec.Struct, frozen=True, gc=False, tag="exchange"):
    """M-EXCHANGE (Diplomat): your ``own`` district for ``target``'s ``theirs``.

    ``own_copy`` and ``theirs_copy`` say which district of each name (0 = the first in city order).
    """

    own: str
    target: int
    theirs: str
    own_copy: int = 0
    theirs_copy: int = 0


class Seize(msgspec.Struct, frozen=True, gc=False, tag="seize"):
    """M-SEIZE (Marshal): ``target``'s ``district``, copy ``copy`` of that name."""

    target: int
    district: str
    copy: int = 0


class Beautify(msgspec.Struct, frozen=True, gc=False, tag="beautify"):
    """M-BEAUTIFY (Artist): 1 gold on ``district`` (copy ``copy``); up to two districts per turn."""

    district: str
    copy: int = 0


class CollectTax(msgspec.Struct, frozen=True, gc=False, tag="collect_tax"):
    """M-COLLECT-TAX (Tax Collector): take all gold from the token."""


class EndTurn(msgspec.Struct, frozen=True, gc=False, tag="end_turn"):
    """M-END-TURN."""


Action = (
    ChanceCard
    | ChanceCharacter
    | Pick
    | Theater
    | Pass
    | Accept
    | GatherGold
    | GatherCards
    | Keep
    | Bottom
    | Give
    | Done
    | Build
    | Smithy
    | Laboratory
    | Museum
    | Armory
    | Income
    | Kill
    | Bewitch
    | Warrants
    | Rob
    | Spy
    | Threats
    | MagicSwap
    | MagicRedraw
    | WizardLook
    | WizardTake
    | SeerTake
    | Emperor
    | HandOver
    | AbbotCharity
    | MerchantBonus
    | ArchitectDraw
    | Navigator
    | ScholarDraw
    | Destroy
    | Exchange
    | Seize
    | Beautify
    | CollectTax
    | EndTurn
)


class Move(msgspec.Struct, frozen=True, gc=False):
    """A seat's decision; ``seat == CHANCE`` (-1) for chance outcomes."""

    seat: int
    action: Action
