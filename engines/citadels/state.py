"""Citadels game state: immutable msgspec structs (spec §5.0, adapted to one-decision moves).

Card and character identities are content ids (``"manor"``, ``"assassin"``). The district
deck is modelled as an unordered ``deck`` (the shuffled, unseen part: a sorted multiset) and an
ordered ``deck_bottom`` (cards put under the deck, drawn in that order once ``deck`` is empty).
This lets every draw be a chance decision (external chance names the card actually drawn)
while engine randomness draws uniformly from ``deck``: the two are distributionally identical
to shuffling once and drawing from the top.

Pending work is an explicit queue of ``Step`` records (draws, picks, prompts); when the queue
is empty during a turn, the acting seat owes a turn action.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from engines.core.rng import Rng

NO_SEAT = -1

Phase = Literal["selection", "turns", "over"]


class Options(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """Game configuration (§10.3 ``game_config``) and the §11 rulings as named flags."""

    players: int
    cast: tuple[str, ...]
    """One character per rank 1..8, plus an optional rank-9 character, ordered by rank."""
    uniques: tuple[str, ...]
    """The 14 unique districts shuffled into the deck (R-3.1.5)."""
    preset: str = ""
    first_crowned_seat: int = 0
    build_requires_gather: bool = True
    """§11 A3: no build of any kind before gathering."""
    allow_naming_faceup_discards: bool = False
    """§11 A5: offer face-up discarded characters as ability targets."""
    emperor_resource_chooser: Literal["emperor", "recipient"] = "emperor"
    """§11 B6: who chooses between 1 gold and 1 random card."""
    emperor_may_return_to_holder: bool = False
    """§11 B7: may the Emperor give the crown back to the player who held it."""
    bishop_blocks_own_rank8: bool = True
    """§11 B8: 2–3 players, Bishop + rank 8 held together: no rank-8 ability on own city."""
    allow_targeting_own_character: bool = True
    """§11 A6: with 2–3 players an ability may name the acting player's other character."""
    warlord_may_destroy_in_own_completed_city: bool = False
    """§11 B9."""
    great_wall_surcharge_to: Literal["bank", "owner"] = "bank"
    """§11 B11: where the Great Wall's extra gold goes."""
    keep_blocks_diplomat_outgoing: bool = True
    """§11 B12: the Diplomat may not give away his own Keep."""
    beautify_gold_on_destroy: Literal["bank", "owner"] = "bank"
    """§11 B19: where an Artist's gold goes when its district is destroyed."""
    armory_self_in_completed_city: bool = False
    """§11 C1: may an Armory in a completed city be sacrificed."""
    great_wall_covers_itself: bool = True
    """§11 C2: the Great Wall's surcharge applies to the Great Wall itself."""
    great_wall_in_own_city: bool = True
    """§11 B10: the Warlord pays the Great Wall's +1 in his own city too."""
    bottom_order: Literal["player_choice", "canonical"] = "player_choice"
    """§11 A8: who orders several cards put under the deck at once."""


class Built(msgspec.Struct, frozen=True, gc=False):
    """A district in a city: beautified by the Artist (+1 cost), cards kept under a Museum."""

    card: str
    beautified: bool = False
    museum: tuple[str, ...] = ()


class Player(msgspec.Struct, frozen=True, gc=False):
    """A seat: stash, hand, city, and the characters held this round (private until revealed)."""

    gold: int
    hand: tuple[str, ...]
    city: tuple[Built, ...] = ()
    characters: tuple[str, ...] = ()


class Marker(msgspec.Struct, frozen=True, gc=False):
    """A warrant (``real`` = signed) or threat (``real`` = flowered lace) on a character token."""

    character: str
    real: bool
    revealed: bool = False


class Reveal(msgspec.Struct, frozen=True, gc=False):
    """A character flipped face up this round and the seat that revealed it (tie-break §8.5)."""

    character: str
    seat: int


class Turn(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """The character turn in progress (R-4.3.2).

    ``character`` is the effective character: for a resumed Witch it is the bewitched one.
    """

    character: str
    seat: int
    mode: Literal["normal", "witch", "bewitched", "resumed"] = "normal"
    gathered: bool = False
    builds: int = 0
    """Builds counted against the building limit."""
    used: tuple[str, ...] = ()
    """Once-per-turn abilities and district effects already used (``beautify`` may appear twice)."""
    gold_paid_for_builds: int = 0
    paid_build_seen: bool = False
    """The Magistrate window (first paid build of the turn) is used up."""
    drawn: tuple[str, ...] = ()
    """Cards drawn and awaiting a keep decision (gathering, Scholar)."""
    threat_open: bool = False
    wizard_duplicates: bool = False


class PendingBuild(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """A build whose payment or Magistrate prompt is still open."""

    card: str
    seat: int
    counts: bool
    price: int
    gold_paid: int = 0
    cards_paid: int = 0
    paid: bool = True


# ---- Steps: queued pending work -------------------------------------------------------------


class DrawCard(msgspec.Struct, frozen=True, gc=False, tag="draw_card"):
    """Chance: draw the top district card for ``seat`` into ``to`` (hand or the drawn buffer)."""

    seat: int
    to: Literal["hand", "drawn"] = "hand"


class DiscardCharacter(msgspec.Struct, frozen=True, gc=False, tag="discard_character"):
    """Chance: discard a random character from the selection pile (R-4.2.2, R-4.2.3, R-4.2.6)."""

    face: Literal["up", "down"]


class TakeRandomCard(msgspec.Struct, frozen=True, gc=False, tag="take_random_card"):
    """Chance: move a random card from ``source``'s hand to ``seat`` (Seer, Emperor)."""

    source: int
    seat: int
    reason: Literal["seer", "emperor"]


class TakeRandomCharacter(msgspec.Struct, frozen=True, gc=False, tag="take_random_character"):
    """Chance: Theater with 2–3 players, a random one of ``source``'s characters (§7 Theater)."""

    source: int
    seat: int
    give: str


class PickCharacter(msgspec.Struct, frozen=True, gc=False, tag="pick_character"):
    """``seat`` keeps one character of the pile (and discards one face down with 2 players)."""

    seat: int
    discard: bool = False
    last: bool = False
    """Last picker: the single card left afterwards is discarded face down (R-4.2.4)."""
    special: bool = False
    """7/8-player rule: the initial face-down discard joins the offer (R-4.2.4)."""


class TheaterChoice(msgspec.Struct, frozen=True, gc=False, tag="theater_choice"):
    """The Theater's owner may swap characters with an opponent (§7 Theater, R-4.2.7)."""

    seat: int


class KeepDrawn(msgspec.Struct, frozen=True, gc=False, tag="keep_drawn"):
    """Keep one of the drawn cards; the rest go under the deck (M-GATHER-CARDS, Scholar)."""

    seat: int
    reason: Literal["gather", "scholar"] = "gather"


class OrderBottom(msgspec.Struct, frozen=True, gc=False, tag="order_bottom"):
    """§11 A8 player_choice: choose which of the cards left in ``drawn`` goes under first."""

    seat: int


class GiveCards(msgspec.Struct, frozen=True, gc=False, tag="give_cards"):
    """``seat`` chooses cards from hand one at a time for a purpose.

    ``thieves_den``: pay for the pending build (``Done`` pays the rest in gold);
    ``cardinal``: one card to ``target`` per gold borrowed; ``seer``: one card back to ``target``;
    ``magician``: discard under the deck, then draw as many (``Done`` after at least one).
    """

    seat: int
    reason: Literal["thieves_den", "cardinal", "seer", "magician"]
    count: int = 0
    """Cards still owed (cardinal, seer); cards given so far (thieves_den, magician)."""
    target: int = NO_SEAT


class WizardChoice(msgspec.Struct, frozen=True, gc=False, tag="wizard_choice"):
    """The Wizard, having looked at ``target``'s hand, takes or builds one card (§6 Wizard)."""

    seat: int
    target: int


class Confiscate(msgspec.Struct, frozen=True, gc=False, tag="confiscate"):
    """The Magistrate's prompt for the first paid build of a warranted character (§6)."""

    seat: int
    victim: int


class Bribe(msgspec.Struct, frozen=True, gc=False, tag="bribe"):
    """A threatened player pays ⌊gold/2⌋ to the Blackmailer or refuses (§6 Blackmailer)."""

    seat: int


class RevealThreat(msgspec.Struct, frozen=True, gc=False, tag="reveal_threat"):
    """The Blackmailer decides whether to reveal the threat on a refusing player."""

    seat: int
    victim: int


class AdvisorCrown(msgspec.Struct, frozen=True, gc=False, tag="advisor_crown"):
    """End of round, killed Emperor: his holder gives the crown away, no resource (R-4.4.1)."""

    seat: int


class EmperorRecipientResource(msgspec.Struct, frozen=True, gc=False, tag="emperor_resource"):
    """§11 B6 'recipient': the crown's recipient chooses to hand over gold or a card."""

    seat: int
    emperor: int


Step = (
    DrawCard
    | DiscardCharacter
    | TakeRandomCard
    | TakeRandomCharacter
    | PickCharacter
    | TheaterChoice
    | KeepDrawn
    | OrderBottom
    | GiveCards
    | WizardChoice
    | Confiscate
    | Bribe
    | RevealThreat
    | EmperorRecipientResource
    | AdvisorCrown
)


class State(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """The whole game. ``rng is None`` means external chance (the CHANCE seat decides)."""

    options: Options
    players: tuple[Player, ...]
    deck: tuple[str, ...]
    deck_bottom: tuple[str, ...] = ()
    crown: int
    tax_token: int = 0
    end_triggered: bool = False
    first_completer: int = NO_SEAT
    round: int = 1
    phase: Phase = "selection"
    # ---- the round (reset at its end, R-4.4.1 step 3)
    character_pile: tuple[str, ...] = ()
    faceup: tuple[str, ...] = ()
    facedown: tuple[str, ...] = ()
    first_facedown: str = ""
    called_rank: int = 0
    killed: str = ""
    bewitched: str = ""
    witch_seat: int = NO_SEAT
    robbed: str = ""
    thief_seat: int = NO_SEAT
    warrants: tuple[Marker, ...] = ()
    magistrate_seat: int = NO_SEAT
    threats: tuple[Marker, ...] = ()
    blackmailer_seat: int = NO_SEAT
    revealed: tuple[Reveal, ...] = ()
    protected_seat: int = NO_SEAT
    queen_seat: int = NO_SEAT
    turn: Turn | None = None
    building: PendingBuild | None = None
    queue: tuple[Step, ...] = ()
    rng: Rng | None = None
    external_chance: bool = False
    redacted: bool = False
    """A view (``ViewState``): hidden items are replaced by ``"?"``; it cannot be played."""
    viewer: int = NO_SEAT
    """The seat a view was made for (``NO_SEAT`` for a spectator)."""
