"""Citadels in words: the label and choice path of every legal move, and the log line of every move.

Labels name characters and districts by their names (``engines.citadels.naming``), seats as ``Seat N``,
and the gold a player chooses to pay; a pick says what the character does and a build what a unique
district does (their texts). A choice path starts with the kind of action, then each choice in the order a
player makes it (destroy → whose city → which district); a set of cards larger than a menu holds (``MENU``)
is first split by district type. A district of which a city holds several copies is named with its place
among them (``second Temple``).

The public log line says what the table saw: a pick is face down, a kept or given card is not named
(only the private line, shown to the mover, names it), a draw by chance is ``Seat 1 drew a card``, the
signed warrant and the flowered threat stay secret (the markers are listed in rank order).

Every word is a ``Message`` of this module (or of ``naming``), so each text can be shown in any language.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.citadels import moves as mv
from engines.citadels.building import price
from engines.citadels.common import district, has, rank
from engines.citadels.content import CONTENT
from engines.citadels.naming import (
    CARDS,
    CHARACTERS,
    DISTRICT_TYPES,
    DISTRICTS,
    FREE,
    NO_CARDS,
    NOTHING,
    NTH_COPY,
    ORDINALS,
    THE_DISTRICT,
    TYPE_DISTRICTS,
    does,
    gold,
    the,
    thing,
)
from engines.citadels.state import (
    AdvisorCrown,
    Bribe,
    Confiscate,
    DiscardCharacter,
    DrawCard,
    GiveCards,
    KeepDrawn,
    RevealThreat,
    State,
    TakeRandomCard,
    TakeRandomCharacter,
    TheaterChoice,
    WizardChoice,
)
from engines.core.table import Act, Happened
from engines.core.text import LogEntry, Message, MoveLabel, Param, Text, listing, seat, seated

#: The most choices one menu step offers (a Discord select menu holds 25).
MENU = 25

#: How each district type is named in a menu that groups cards by type.
TYPE_GROUPS: dict[str, Message] = {
    "noble": Message("citadels.choice.noble_districts", "Noble districts"),
    "religious": Message("citadels.choice.religious_districts", "Religious districts"),
    "trade": Message("citadels.choice.trade_districts", "Trade districts"),
    "military": Message("citadels.choice.military_districts", "Military districts"),
    "unique": Message("citadels.choice.unique_districts", "Unique districts"),
}

CHOICE_SEAT = Message("citadels.choice.seat", "{seat}")
CHOICE_CARD = Message("citadels.choice.card", "{card}")
CHOICE_CHARACTER = Message("citadels.choice.character", "{character}")
CHOICE_DISTRICT = Message("citadels.choice.district", "{district}")
CHOICE_NAME = Message("citadels.choice.name", "{name}")
YOUR = Message("citadels.word.your", "your")
SEATS = Message("citadels.word.seats", "{seat}'s")


# ---- naming ---------------------------------------------------------------------------------------


def names_of(cards: Sequence[str]) -> Text:
    """``the Thief``, ``the Thief and the King``, ``the Thief, the King and the Bishop``."""
    return listing([the(c) for c in cards])


def in_city(s: State, seat: int, card: str, copy: int) -> Param:
    """A district of ``seat``'s city: its name, with its place among copies of that name when the city
    holds several (``second Temple``)."""
    copies = sum(1 for b in s.players[seat].city if b.card == card)
    if copies <= 1:
        return thing(card)
    if copy < len(ORDINALS):
        return ORDINALS[copy](district=thing(card))
    return NTH_COPY(n=copy + 1, district=thing(card))


def gold_words(amount: int) -> Text:
    """``3 gold``, or ``free`` for nothing (a label never offers a quantity of zero)."""
    return gold(amount) if amount else FREE()


def cards_count(count: int) -> Text:
    """``2 cards``, ``1 card``, or ``no cards``."""
    return CARDS(n=count) if count else NO_CARDS()


def whose(s: State, actor: int, target: int) -> Text:
    """``your`` for the actor's own city, else ``Seat N's``."""
    return YOUR() if target == actor else SEATS(seat=seat(target))


def _seat_step(number: int) -> Text:
    return CHOICE_SEAT(seat=seat(number))


def card_steps(pool: Sequence[str], card: str) -> list[Text]:
    """The menu steps choosing ``card`` among the distinct ``pool``: by type first when the pool is
    larger than a menu (five types, each far below ``MENU`` kinds of card)."""
    steps: list[Text] = []
    if len(set(pool)) > MENU:
        steps.append(TYPE_GROUPS[district(card).type]())
    steps.append(CHOICE_CARD(card=thing(card)))
    return steps


# ---- the decision a label belongs to ---------------------------------------------------------------


def _step(s: State) -> Any:
    return s.queue[0] if s.queue else None


# ---- labels: one function per kind of move ---------------------------------------------------------

Label = tuple[Text, list[Text]]


def _lab(label: Text, kind: Text, steps: Sequence[Text] = ()) -> Label:
    """A label and its path: the kind of action, then ``steps``."""
    return label, [kind, *steps]


DRAW = Message("citadels.move.draw", "Draw {card} for {seat}")
DRAW_KIND = Message("citadels.choice.draw", "Draw")
TAKE_RANDOM_CARD = Message("citadels.move.take_random_card", "Take {card} from {source}'s hand for {seat}")
TAKE_RANDOM_CARD_KIND = Message("citadels.choice.take_random_card", "Random card")
TAKE_RANDOM_CHARACTER = Message(
    "citadels.move.take_random_character", "Take {character} from {source}'s characters for {seat}"
)
TAKE_RANDOM_CHARACTER_KIND = Message("citadels.choice.take_random_character", "Random character")
DISCARD_UP = Message("citadels.move.discard_character_up", "Discard {character} face up")
DISCARD_DOWN = Message("citadels.move.discard_character_down", "Discard {character} face down")
DISCARD_KIND = Message("citadels.choice.discard_character", "Discard")


def label_chance(s: State, a: Any) -> Label:
    """The chance outcomes (§9.3): the card drawn or taken at random, the character discarded or taken."""
    step = _step(s)
    if isinstance(step, DrawCard):
        steps = card_steps(s.deck, a.card)
        return _lab(DRAW(card=the(a.card), seat=seat(step.seat)), DRAW_KIND(), steps)
    if isinstance(step, TakeRandomCard):
        pool = s.players[step.source].hand
        words = TAKE_RANDOM_CARD(card=the(a.card), source=seat(step.source), seat=seat(step.seat))
        return _lab(words, TAKE_RANDOM_CARD_KIND(), card_steps(pool, a.card))
    cid = CHOICE_CHARACTER(character=thing(a.character))
    if isinstance(step, TakeRandomCharacter):
        words = TAKE_RANDOM_CHARACTER(character=the(a.character), source=seat(step.source), seat=seat(step.seat))
        return _lab(words, TAKE_RANDOM_CHARACTER_KIND(), [cid])
    assert isinstance(step, DiscardCharacter)
    discard = DISCARD_UP if step.face == "up" else DISCARD_DOWN
    return _lab(discard(character=the(a.character)), DISCARD_KIND(), [cid])


PICK = Message("citadels.move.pick", "Pick {character}{ability}")
PICK_KIND = Message("citadels.choice.pick", "Pick a character")
PICK_AND_DISCARD = Message("citadels.move.pick_and_discard", "Pick {character}{ability}; discard {discard} face down")
PICK_DISCARD_STEP = Message("citadels.choice.pick_discard", "Discard {character}")


def label_pick(s: State, a: mv.Pick) -> Label:
    """M-PICK (R-4.2.4); with 2 players M-PICK-AND-DISCARD (R-4.2.5) also discards one face down. The
    label says what the kept character does."""
    steps = [CHOICE_CHARACTER(character=thing(a.character))]
    ability = does(a.character)
    if not a.discard:
        return _lab(PICK(character=the(a.character), ability=ability), PICK_KIND(), steps)
    steps.append(PICK_DISCARD_STEP(character=thing(a.discard)))
    words = PICK_AND_DISCARD(character=the(a.character), ability=ability, discard=the(a.discard))
    return _lab(words, PICK_KIND(), steps)


THEATER_KIND = Message("citadels.choice.theater", "{theater} swap")
THEATER_SWAP = Message("citadels.move.theater_swap", "Swap characters with {seat}")
THEATER_GIVE = Message("citadels.move.theater_give", "Give {character} to {seat}, for one of theirs at random")
THEATER_GIVE_STEP = Message("citadels.choice.theater_give", "Give {character}")


def label_theater(s: State, a: mv.Theater) -> Label:
    """§7 Theater: swap blindly (4–8 players) or give one of yours for one of theirs at random (2–3)."""
    kind = THEATER_KIND(theater=DISTRICTS["theater"])
    if not a.give:
        return _lab(THEATER_SWAP(seat=seat(a.target)), kind, [_seat_step(a.target)])
    steps = [_seat_step(a.target), THEATER_GIVE_STEP(character=thing(a.give))]
    return _lab(THEATER_GIVE(character=the(a.give), seat=seat(a.target)), kind, steps)


THEATER_PASS = Message("citadels.move.theater_pass", "Keep your characters (no {theater} swap)")
THEATER_PASS_KIND = Message("citadels.choice.theater_pass", "No swap")
CONFISCATE = Message("citadels.move.confiscate", "Confiscate {card} from {seat}")
CONFISCATE_KIND = Message("citadels.choice.confiscate", "Confiscate")
LET_BUILD = Message("citadels.move.let_build", "Do not confiscate {card} from {seat}")
LET_BUILD_KIND = Message("citadels.choice.let_build", "Do not confiscate")
BRIBE_NOTHING = Message("citadels.move.bribe_nothing", "Pay {blackmailer} nothing (half your gold, rounded down)")
BRIBE = Message("citadels.move.bribe", "Pay {blackmailer} {gold} gold")
BRIBE_KIND = Message("citadels.choice.bribe", "Pay")
REFUSE_BRIBE = Message("citadels.move.refuse_bribe", "Refuse to pay {blackmailer}")
REFUSE_BRIBE_KIND = Message("citadels.choice.refuse_bribe", "Refuse")
REVEAL = Message("citadels.move.reveal_threat", "Reveal the threat on {seat}")
REVEAL_KIND = Message("citadels.choice.reveal_threat", "Reveal")
HIDE = Message("citadels.move.hide_threat", "Do not reveal the threat on {seat}")
HIDE_KIND = Message("citadels.choice.hide_threat", "Keep it hidden")


def _building(s: State) -> Text:
    """The district being built (``the district`` if none is)."""
    return the(s.building.card) if s.building is not None else THE_DISTRICT()


def label_yes_no(s: State, a: mv.Accept | mv.Pass) -> Label:
    """The prompts answered yes or no: Theater, Magistrate, bribe, threat reveal."""
    step = _step(s)
    yes = isinstance(a, mv.Accept)
    if isinstance(step, TheaterChoice):
        return _lab(THEATER_PASS(theater=DISTRICTS["theater"]), THEATER_PASS_KIND())
    if isinstance(step, Confiscate):
        if yes:
            return _lab(CONFISCATE(card=_building(s), seat=seat(step.victim)), CONFISCATE_KIND())
        return _lab(LET_BUILD(card=_building(s), seat=seat(step.victim)), LET_BUILD_KIND())
    if isinstance(step, Bribe):
        bribe = s.players[step.seat].gold // 2
        blackmailer = the("blackmailer")
        if yes and not bribe:  # §11 B21: half of 0 or 1 gold is nothing, and still removes the threat
            return _lab(BRIBE_NOTHING(blackmailer=blackmailer), BRIBE_KIND())
        if yes:
            return _lab(BRIBE(blackmailer=blackmailer, gold=bribe), BRIBE_KIND())
        return _lab(REFUSE_BRIBE(blackmailer=blackmailer), REFUSE_BRIBE_KIND())
    assert isinstance(step, RevealThreat)
    if yes:
        return _lab(REVEAL(seat=seat(step.victim)), REVEAL_KIND())
    return _lab(HIDE(seat=seat(step.victim)), HIDE_KIND())


GATHER_GOLD = Message("citadels.move.gather_gold", "Take {gold} gold")
GATHER_GOLD_KIND = Message("citadels.choice.gather_gold", "Take gold")
GATHER_CARDS = Message("citadels.move.gather_cards", "Draw {count} cards, keep 1")
GATHER_CARDS_ALL = Message("citadels.move.gather_cards_all", "Draw {count} cards, keep all")
GATHER_CARDS_KIND = Message("citadels.choice.gather_cards", "Draw cards")


def label_gather(s: State, a: mv.GatherGold | mv.GatherCards) -> Label:
    """M-GATHER-GOLD (+1 with the Gold Mine) / M-GATHER-CARDS (Observatory draws 3, Library keeps all)."""
    assert s.turn is not None
    p = s.players[s.turn.seat]
    if isinstance(a, mv.GatherGold):
        return _lab(GATHER_GOLD(gold=3 if has(p, "gold_mine") else 2), GATHER_GOLD_KIND())
    drawn = 3 if has(p, "observatory") else 2
    gather = GATHER_CARDS_ALL if has(p, "library") else GATHER_CARDS
    return _lab(gather(count=drawn), GATHER_CARDS_KIND())


KEEP = Message("citadels.move.keep", "Keep {card}")
KEEP_KIND = Message("citadels.choice.keep", "Keep a card")
BOTTOM = Message("citadels.move.bottom", "Put {card} under the deck next")
BOTTOM_KIND = Message("citadels.choice.bottom", "Put under the deck")


def label_keep(s: State, a: mv.Keep | mv.Bottom) -> Label:
    """§5.2: keep one drawn card; §11 A8: order the rest under the deck."""
    pool = s.turn.drawn if s.turn is not None else ()
    steps = card_steps(pool, a.card)
    if isinstance(a, mv.Keep):
        return _lab(KEEP(card=the(a.card)), KEEP_KIND(), steps)
    return _lab(BOTTOM(card=the(a.card)), BOTTOM_KIND(), steps)


GIVE_DEN = Message("citadels.move.give_den", "Pay with {card}")
GIVE_DEN_KIND = Message("citadels.choice.give_den", "Pay with a card")
GIVE_LOAN = Message("citadels.move.give_loan", "Give {card} to {seat}")
GIVE_LOAN_KIND = Message("citadels.choice.give_loan", "Give a card")
GIVE_BACK = Message("citadels.move.give_back", "Give {card} back to {seat}")
GIVE_BACK_KIND = Message("citadels.choice.give_back", "Give a card back")
GIVE_DISCARD = Message("citadels.move.give_discard", "Discard {card}")
GIVE_DISCARD_KIND = Message("citadels.choice.give_discard", "Discard a card")


def label_give(s: State, a: mv.Give) -> Label:
    """A card handed over: Thieves' Den payment, Cardinal loan, Seer give-back, Magician discard."""
    step = _step(s)
    assert isinstance(step, GiveCards)
    steps = card_steps(s.players[step.seat].hand, a.card)
    card, target = the(a.card), seat(step.target)
    if step.reason == "thieves_den":
        return _lab(GIVE_DEN(card=card), GIVE_DEN_KIND(), steps)
    if step.reason == "cardinal":
        return _lab(GIVE_LOAN(card=card, seat=target), GIVE_LOAN_KIND(), steps)
    if step.reason == "seer":
        return _lab(GIVE_BACK(card=card, seat=target), GIVE_BACK_KIND(), steps)
    return _lab(GIVE_DISCARD(card=card), GIVE_DISCARD_KIND(), steps)


STOP_DISCARDING = Message("citadels.move.stop_discarding", "Stop discarding and draw {cards}")
STOP_DISCARDING_KIND = Message("citadels.choice.stop_discarding", "Stop discarding")
PAY_REST = Message("citadels.move.pay_rest", "Pay the remaining {gold} gold")
PAY_REST_KIND = Message("citadels.choice.pay_rest", "Pay the rest in gold")
BORROW_REST = Message("citadels.move.borrow_rest", "Pay the remaining {gold} gold, borrowing {loan} from {seat}")
BORROW_REST_KIND = Message("citadels.choice.borrow_rest", "Borrow the rest")


def label_done(s: State, a: mv.Done) -> Label:
    """Finish a card sequence: the Thieves' Den's rest in gold (or a Cardinal loan), the Magician's redraw."""
    step = _step(s)
    assert isinstance(step, GiveCards)
    if step.reason == "magician":
        return _lab(STOP_DISCARDING(cards=CARDS(n=step.count)), STOP_DISCARDING_KIND())
    pb = s.building
    rest = pb.price - pb.cards_paid if pb is not None else 0
    if a.lender == -1:
        return _lab(PAY_REST(gold=rest), PAY_REST_KIND())
    short = rest - s.players[step.seat].gold
    words = BORROW_REST(gold=rest, loan=short, seat=seat(a.lender))
    return _lab(words, BORROW_REST_KIND(), [_seat_step(a.lender)])


#: How a build is paid, as a label's phrase and (capitalised) as a menu choice.
PAY_CARDS = Message("citadels.word.pay_cards", "pay {cost} with cards, then gold")
PAY_CARDS_CHOICE = Message("citadels.choice.pay_cards", "Pay {cost} with cards, then gold")
PAY_DESTROY = Message("citadels.word.pay_destroy", "destroy your {district} instead of paying")
PAY_DESTROY_CHOICE = Message("citadels.choice.pay_destroy", "Destroy your {district} instead of paying")
PAY_GOLD = Message("citadels.word.pay_gold", "pay {cost} gold")
PAY_GOLD_CHOICE = Message("citadels.choice.pay_gold", "Pay {cost} gold")
PAY_LOAN = Message("citadels.word.pay_loan", "pay {cost} gold, borrowing {loan} from {seat}")
PAY_LOAN_CHOICE = Message("citadels.choice.pay_loan", "Pay {cost} gold, borrowing {loan} from {seat}")


def payment_words(
    s: State, at: int, card: str, method: str, destroy: str, destroy_copy: int, lender: int, choice: bool = False
) -> Text:
    """How a build is paid (§5.3): gold (a Cardinal loan), cards first (Thieves' Den), the Framework,
    the Necropolis's sacrifice; ``choice``: as a menu choice (capitalised)."""
    if method == "thieves_den":
        return (PAY_CARDS_CHOICE if choice else PAY_CARDS)(cost=price(s, at, card))
    if method in ("framework", "necropolis"):
        what = DISTRICTS["framework"] if method == "framework" else in_city(s, at, destroy, destroy_copy)
        return (PAY_DESTROY_CHOICE if choice else PAY_DESTROY)(district=what)
    cost = price(s, at, card)
    if lender == -1:
        return (PAY_GOLD_CHOICE if choice else PAY_GOLD)(cost=cost)
    loan = cost - s.players[at].gold
    return (PAY_LOAN_CHOICE if choice else PAY_LOAN)(cost=cost, loan=loan, seat=seat(lender))


BUILD = Message("citadels.move.build", "Build {card} ({payment}){effect}")
BUILD_KIND = Message("citadels.choice.build", "Build")
CHOICE_PAYMENT = Message("citadels.choice.payment", "{payment}")


def label_build(s: State, a: mv.Build) -> Label:
    """M-BUILD with its payment form, then what a unique district does."""
    assert s.turn is not None
    at = s.turn.seat
    pay = payment_words(s, at, a.card, a.method, a.destroy, a.destroy_copy, a.lender)
    step = payment_words(s, at, a.card, a.method, a.destroy, a.destroy_copy, a.lender, choice=True)
    steps = [*card_steps(s.players[at].hand, a.card), CHOICE_PAYMENT(payment=step)]
    return _lab(BUILD(card=the(a.card), payment=pay, effect=does(a.card)), BUILD_KIND(), steps)


WIZARD_TAKE = Message("citadels.move.wizard_take", "Take {card} into your hand")
WIZARD_TAKE_STEP = Message("citadels.choice.wizard_take_it", "Take it into your hand")
WIZARD_BUILD = Message("citadels.move.wizard_build", "Build {card} at once ({payment}){effect}")
WIZARD_BUILD_STEP = Message("citadels.choice.wizard_build_it", "Build it: {payment}")
WIZARD_KIND = Message("citadels.choice.wizard_take", "Take a card")


def label_wizard_take(s: State, a: mv.WizardTake) -> Label:
    """§6 Wizard: take the card into your hand, or build it at once (any payment form)."""
    step = _step(s)
    assert isinstance(step, WizardChoice)
    steps = card_steps(s.players[step.target].hand, a.card)
    if not a.build:
        steps.append(WIZARD_TAKE_STEP())
        return _lab(WIZARD_TAKE(card=the(a.card)), WIZARD_KIND(), steps)
    pay = payment_words(s, step.seat, a.card, a.method, a.destroy, a.destroy_copy, -1)
    steps.append(WIZARD_BUILD_STEP(payment=pay))
    return _lab(WIZARD_BUILD(card=the(a.card), payment=pay, effect=does(a.card)), WIZARD_KIND(), steps)


SMITHY = Message("citadels.move.smithy", "Pay 2 gold at {smithy} to draw 3 cards")
ARMORY = Message("citadels.move.armory", "Destroy your {armory} and {whose} {district}")
LABORATORY = Message("citadels.move.laboratory", "Discard {card} at {laboratory} for 2 gold")
MUSEUM = Message("citadels.move.museum", "Put {card} under {museum}")


def label_district_effect(s: State, a: mv.Smithy | mv.Laboratory | mv.Museum | mv.Armory) -> Label:
    """§7 activated districts: Smithy, Laboratory, Museum, Armory."""
    assert s.turn is not None
    at = s.turn.seat
    if isinstance(a, mv.Smithy):
        return _lab(SMITHY(smithy=the("smithy")), CHOICE_NAME(name=DISTRICTS["smithy"]))
    if isinstance(a, mv.Armory):
        what = in_city(s, a.target, a.district, a.copy)
        steps = [_seat_step(a.target), CHOICE_DISTRICT(district=what)]
        words = ARMORY(armory=DISTRICTS["armory"], whose=whose(s, at, a.target), district=what)
        return _lab(words, CHOICE_NAME(name=DISTRICTS["armory"]), steps)
    steps = card_steps(s.players[at].hand, a.card)
    if isinstance(a, mv.Laboratory):
        words = LABORATORY(card=the(a.card), laboratory=the("laboratory"))
        return _lab(words, CHOICE_NAME(name=DISTRICTS["laboratory"]), steps)
    return _lab(MUSEUM(card=the(a.card), museum=the("museum")), CHOICE_NAME(name=DISTRICTS["museum"]), steps)


INCOME_NOTHING = Message("citadels.move.income_nothing", "Take no income (no {district_type} districts to count)")
INCOME = Message("citadels.move.income", "Take {income} for your {district_type} districts")
INCOME_KIND = Message("citadels.choice.income", "Income")
CHOICE_INCOME = Message("citadels.choice.income_split", "{income}")
GOLD_AND_CARDS = Message("citadels.word.gold_and_cards", "{gold} gold and {cards}")
NO_INCOME = Message("citadels.word.no_income", "no income")


def label_income(s: State, a: mv.Income) -> Label:
    """M-INCOME: a resource per district of the character's type."""
    assert s.turn is not None
    inc = CONTENT.character[s.turn.character].income
    kind = DISTRICT_TYPES[inc.district_type if inc is not None else "unique"]
    take = income_words(a)
    split = len(income_options(s)) > 1
    steps = [CHOICE_INCOME(income=take)] if split else []
    if not a.gold and not a.cards:
        return _lab(INCOME_NOTHING(district_type=kind), INCOME_KIND(), steps)
    return _lab(INCOME(income=take, district_type=kind), INCOME_KIND(), steps)


def income_words(a: mv.Income) -> Text:
    """``2 gold``, ``1 gold and 2 cards``, ``3 cards``; ``no income`` for nothing."""
    if a.gold and a.cards:
        return GOLD_AND_CARDS(gold=a.gold, cards=CARDS(n=a.cards))
    if a.gold:
        return gold(a.gold)
    if a.cards:
        return CARDS(n=a.cards)
    return NO_INCOME()


def income_options(s: State) -> list[Any]:
    """How many income splits the Abbot may choose between, one for every other character (§5.5, §6 Abbot)."""
    from engines.citadels.abilities import income_candidates

    return income_candidates(s)


#: Assassin, Witch, Thief: the label naming the character, and the kind of action.
NAMED: dict[type, tuple[Message, Message]] = {
    mv.Kill: (Message("citadels.move.kill", "Kill {character}"), Message("citadels.choice.kill", "Kill")),
    mv.Bewitch: (
        Message("citadels.move.bewitch", "Bewitch {character}"),
        Message("citadels.choice.bewitch", "Bewitch"),
    ),
    mv.Rob: (Message("citadels.move.rob", "Rob {character}"), Message("citadels.choice.rob", "Rob")),
}


def label_named(s: State, a: mv.Kill | mv.Bewitch | mv.Rob) -> Label:
    """Assassin, Witch, Thief: name one character."""
    words, kind = NAMED[type(a)]
    return _lab(words(character=the(a.character)), kind(), [CHOICE_CHARACTER(character=thing(a.character))])


SIGNED_STEP = Message("citadels.choice.signed", "Signed: {character}")
BLANK_STEP = Message("citadels.choice.blank", "Blank: {character}")
WARRANTS = Message("citadels.move.warrants", "Sign the warrant for {signed}; blank ones for {first} and {second}")
WARRANTS_KIND = Message("citadels.choice.warrants", "Warrants")
FLOWERED_STEP = Message("citadels.choice.flowered", "Flowered: {character}")
THREATS = Message("citadels.move.threats", "Flowered threat on {flowered}, blank on {blank}")
THREATS_KIND = Message("citadels.choice.threats", "Threats")


def label_warrants(s: State, a: mv.Warrants) -> Label:
    """§6 Magistrate: the signed warrant, then the two blank ones (in rank order)."""
    first, second = a.unsigned
    steps = [
        SIGNED_STEP(character=thing(a.signed)),
        BLANK_STEP(character=thing(first)),
        BLANK_STEP(character=thing(second)),
    ]
    words = WARRANTS(signed=the(a.signed), first=the(first), second=the(second))
    return _lab(words, WARRANTS_KIND(), steps)


def label_threats(s: State, a: mv.Threats) -> Label:
    """§6 Blackmailer: the flowered threat, then the blank one."""
    steps = [FLOWERED_STEP(character=thing(a.flowered)), BLANK_STEP(character=thing(a.blank))]
    return _lab(THREATS(flowered=the(a.flowered), blank=the(a.blank)), THREATS_KIND(), steps)


SPY = Message("citadels.move.spy", "Spy on {seat}, naming {district_type} districts")
SPY_KIND = Message("citadels.choice.spy", "Spy")
CHOICE_TYPE = Message("citadels.choice.district_type", "{district_type}")
MAGIC_SWAP = Message("citadels.move.magic_swap", "Exchange hands with {seat} ({cards})")
MAGIC_SWAP_KIND = Message("citadels.choice.magic_swap", "Exchange hands")
WIZARD_LOOK = Message("citadels.move.wizard_look", "Look at {seat}'s hand ({cards})")
WIZARD_LOOK_KIND = Message("citadels.choice.wizard_look", "Look at a hand")
CHARITY = Message("citadels.move.abbot_charity", "Take 1 gold from {seat} (the richest)")
CHARITY_KIND = Message("citadels.choice.abbot_charity", "Charity")
CROWN = Message("citadels.move.crown", "Give the crown to {seat}")
CROWN_KIND = Message("citadels.choice.crown", "Give the crown")
#: The Emperor's crown with what he takes: the label and the menu choice, by resource.
CROWN_WITH: dict[str, tuple[Message, Message]] = {
    "gold": (
        Message("citadels.move.crown_gold", "Give the crown to {seat} (and take 1 gold)"),
        Message("citadels.choice.crown_gold", "Take 1 gold"),
    ),
    "card": (
        Message("citadels.move.crown_card", "Give the crown to {seat} (and take 1 random card)"),
        Message("citadels.choice.crown_card", "Take 1 random card"),
    ),
    "none": (
        Message("citadels.move.crown_nothing", "Give the crown to {seat} (and take nothing)"),
        Message("citadels.choice.crown_nothing", "Take nothing"),
    ),
}


def label_seat_ability(s: State, a: Any) -> Label:
    """Abilities that name another seat: Spy, Magician's swap, Wizard's look, Abbot's charity, Emperor."""
    if isinstance(a, mv.Spy):
        kind = DISTRICT_TYPES[a.district_type]
        steps = [_seat_step(a.target), CHOICE_TYPE(district_type=kind)]
        return _lab(SPY(seat=seat(a.target), district_type=kind), SPY_KIND(), steps)
    if isinstance(a, mv.MagicSwap):
        cards = cards_count(len(s.players[a.target].hand))
        return _lab(MAGIC_SWAP(seat=seat(a.target), cards=cards), MAGIC_SWAP_KIND(), [_seat_step(a.target)])
    if isinstance(a, mv.WizardLook):
        cards = cards_count(len(s.players[a.target].hand))
        return _lab(WIZARD_LOOK(seat=seat(a.target), cards=cards), WIZARD_LOOK_KIND(), [_seat_step(a.target)])
    if isinstance(a, mv.AbbotCharity):
        return _lab(CHARITY(seat=seat(a.source)), CHARITY_KIND(), [_seat_step(a.source)])
    assert isinstance(a, mv.Emperor)
    if isinstance(_step(s), AdvisorCrown) or (
        a.resource == "none" and s.options.emperor_resource_chooser == "recipient"
    ):
        return _lab(CROWN(seat=seat(a.recipient)), CROWN_KIND(), [_seat_step(a.recipient)])
    words, step = CROWN_WITH[a.resource]
    return _lab(words(seat=seat(a.recipient)), CROWN_KIND(), [_seat_step(a.recipient), step()])


GIVE_OWN_STEP = Message("citadels.choice.give_own", "Give your {district}")
TAKE_THEIRS_STEP = Message("citadels.choice.take_theirs", "Take their {district} ({gold})")
EXCHANGE = Message("citadels.move.exchange", "Exchange your {own} for {seat}'s {theirs} ({gold})")
EXCHANGE_KIND = Message("citadels.choice.exchange", "Exchange districts")
TARGET_STEP = Message("citadels.choice.target_district", "{district} ({gold})")
DESTROY = Message("citadels.move.destroy", "Destroy {whose} {district} ({gold})")
DESTROY_KIND = Message("citadels.choice.destroy", "Destroy")
SEIZE = Message("citadels.move.seize", "Seize {whose} {district} ({gold})")
SEIZE_KIND = Message("citadels.choice.seize", "Seize")


def label_rank8(s: State, a: mv.Destroy | mv.Seize | mv.Exchange) -> Label:
    """Warlord, Marshal, Diplomat: a district of a city, with the gold it costs (§6, Great Wall §7)."""
    from engines.citadels.abilities import destroy_price, exchange_price

    assert s.turn is not None
    at = s.turn.seat
    if isinstance(a, mv.Exchange):
        mine = in_city(s, at, a.own, a.own_copy)
        theirs = in_city(s, a.target, a.theirs, a.theirs_copy)
        paid = gold_words(exchange_price(s, a))
        steps = [
            GIVE_OWN_STEP(district=mine),
            _seat_step(a.target),
            TAKE_THEIRS_STEP(district=theirs, gold=paid),
        ]
        words = EXCHANGE(own=mine, seat=seat(a.target), theirs=theirs, gold=paid)
        return _lab(words, EXCHANGE_KIND(), steps)
    what = in_city(s, a.target, a.district, a.copy)
    if isinstance(a, mv.Destroy):
        cost = destroy_price(s, a.target, a.district, a.copy)
        label, kind = DESTROY, DESTROY_KIND
    else:
        from engines.citadels.abilities import _built, surcharge
        from engines.citadels.common import cost as built_cost

        cost = built_cost(_built(s, a.target, a.district, a.copy)) + surcharge(s, a.target, a.district)
        label, kind = SEIZE, SEIZE_KIND
    paid = gold_words(cost)
    steps = [_seat_step(a.target), TARGET_STEP(district=what, gold=paid)]
    return _lab(label(whose=whose(s, at, a.target), district=what, gold=paid), kind(), steps)


BEAUTIFY = Message("citadels.move.beautify", "Beautify your {district} (1 gold)")
BEAUTIFY_KIND = Message("citadels.choice.beautify", "Beautify")
NAVIGATOR_GOLD = Message("citadels.move.navigator_gold", "Take 4 gold ({navigator})")
NAVIGATOR_GOLD_KIND = Message("citadels.choice.navigator_gold", "Take 4 gold")
NAVIGATOR_CARDS = Message("citadels.move.navigator_cards", "Draw 4 cards ({navigator})")
NAVIGATOR_CARDS_KIND = Message("citadels.choice.navigator_cards", "Draw 4 cards")
COLLECT_TAX = Message("citadels.move.collect_tax", "Collect the tax ({gold} gold)")
COLLECT_TAX_KIND = Message("citadels.choice.collect_tax", "Collect the tax")
#: Moves without a parameter: the words are both the label and the kind of action.
FIXED: dict[type, Message] = {
    mv.MagicRedraw: Message("citadels.move.magic_redraw", "Discard cards and draw as many"),
    mv.SeerTake: Message("citadels.move.seer_take", "Take a random card from each other player with cards"),
    mv.EndTurn: Message("citadels.move.end_turn", "End the turn"),
}
#: Moves without a parameter that name the acting character.
FIXED_NAMED: dict[type, Message] = {
    mv.MerchantBonus: Message("citadels.move.merchant_bonus", "Take 1 extra gold ({character})"),
    mv.ArchitectDraw: Message("citadels.move.architect_draw", "Draw 2 extra cards ({character})"),
    mv.ScholarDraw: Message("citadels.move.scholar_draw", "Draw 7 cards, keep 1 ({character})"),
}


def label_simple(s: State, a: Any) -> Label:
    """Moves without a parameter, or with one fixed resource."""
    assert s.turn is not None
    at = s.turn.seat
    if isinstance(a, mv.Beautify):
        what = in_city(s, at, a.district, a.copy)
        return _lab(BEAUTIFY(district=what), BEAUTIFY_KIND(), [CHOICE_DISTRICT(district=what)])
    if isinstance(a, mv.Navigator):
        navigator = CHARACTERS["navigator"]
        if a.resource == "gold":
            return _lab(NAVIGATOR_GOLD(navigator=navigator), NAVIGATOR_GOLD_KIND())
        return _lab(NAVIGATOR_CARDS(navigator=navigator), NAVIGATOR_CARDS_KIND())
    if isinstance(a, mv.CollectTax):
        return _lab(COLLECT_TAX(gold=s.tax_token), COLLECT_TAX_KIND())
    if type(a) in FIXED:
        words = FIXED[type(a)]()
    else:
        words = FIXED_NAMED[type(a)](character=thing(s.turn.character))
    return _lab(words, words)


HAND_OVER_GOLD = Message("citadels.move.hand_over_gold", "Hand {emperor} 1 gold")
HAND_OVER_CARD = Message("citadels.move.hand_over_card", "Hand {emperor} 1 random card")
HAND_OVER_KIND = Message("citadels.choice.hand_over", "Hand over")
ONE_GOLD_STEP = Message("citadels.choice.one_gold", "1 gold")
ONE_CARD_STEP = Message("citadels.choice.one_card", "1 random card")


def label_hand_over(s: State, a: mv.HandOver) -> Label:
    """§11 B6 'recipient': what the crown's new holder hands the Emperor."""
    if a.resource == "gold":
        return _lab(HAND_OVER_GOLD(emperor=the("emperor")), HAND_OVER_KIND(), [ONE_GOLD_STEP()])
    return _lab(HAND_OVER_CARD(emperor=the("emperor")), HAND_OVER_KIND(), [ONE_CARD_STEP()])


def label(state: State, move: mv.Move, several_seats: bool, act: Act) -> MoveLabel:
    """The label and choice path of a legal ``move`` of ``state`` (``act.label``: its action's words;
    Citadels decisions are one seat's, so ``several_seats`` only adds the seat in front)."""
    words, path = act.label(state, move.action)
    return seated(move.seat, several_seats, words, path)


# ---- the log: one function per kind of move --------------------------------------------------------

Lines = tuple[Text, Text | None]

WHO = Message("citadels.log.who", "{seat} ({character})")
WHO_WITCH = Message("citadels.log.who_witch", "{seat} ({witch} as {character})")


def _who(b: State, at: int) -> Param:
    """``Seat 3 (Thief)`` for the seat whose character's turn it is (revealed when called), the Magistrate
    or the Blackmailer answering their prompt, else ``Seat 3``."""
    step = _step(b)
    if isinstance(step, Confiscate | RevealThreat):  # the Magistrate's or the Blackmailer's prompt
        return WHO(seat=seat(at), character=CHARACTERS["magistrate" if isinstance(step, Confiscate) else "blackmailer"])
    if b.turn is not None and b.turn.seat == at:
        if b.turn.mode == "resumed":  # §6 Witch: she plays on as the bewitched character
            return WHO_WITCH(seat=seat(at), witch=CHARACTERS["witch"], character=thing(b.turn.character))
        return WHO(seat=seat(at), character=thing(b.turn.character))
    return seat(at)


LOG_DRAW = Message("citadels.log.draw", "{seat} drew a card")
LOG_TAKE_RANDOM_CARD = Message("citadels.log.take_random_card", "{seat} took a random card from {source}")
LOG_TAKE_RANDOM_CHARACTER = Message(
    "citadels.log.take_random_character", "{seat} took a character at random from {source}"
)
LOG_DISCARD_UP = Message("citadels.log.discard_up", "Chance discarded {character} face up")
LOG_DISCARD_DOWN = Message("citadels.log.discard_down", "Chance discarded a character face down")


def log_chance(b: State, a: Any, after: State, at: int) -> Lines:
    """Chance events as the table sees them: a draw is never named, a face-up discard is."""
    step = _step(b)
    if isinstance(step, DrawCard):
        return LOG_DRAW(seat=seat(step.seat)), None
    if isinstance(step, TakeRandomCard):
        return LOG_TAKE_RANDOM_CARD(seat=seat(step.seat), source=seat(step.source)), None
    if isinstance(step, TakeRandomCharacter):
        return LOG_TAKE_RANDOM_CHARACTER(seat=seat(step.seat), source=seat(step.source)), None
    assert isinstance(step, DiscardCharacter)
    if step.face == "up":
        return LOG_DISCARD_UP(character=the(a.character)), None
    return LOG_DISCARD_DOWN(), None


LOG_PICK_AND_DISCARD = Message("citadels.log.pick_and_discard", "{seat} picked a character and discarded one face down")
MINE_PICK_AND_DISCARD = Message(
    "citadels.log.private.pick_and_discard", "You picked {character} and discarded {discard}"
)
LOG_PICK = Message("citadels.log.pick", "{seat} picked a character")
MINE_PICK = Message("citadels.log.private.pick", "You picked {character}")


def log_pick(b: State, a: mv.Pick, after: State, at: int) -> Lines:
    """A pick is face down: the table sees that a character was taken (and one discarded)."""
    who = _who(b, at)
    if a.discard:
        return LOG_PICK_AND_DISCARD(seat=who), MINE_PICK_AND_DISCARD(character=the(a.character), discard=the(a.discard))
    return LOG_PICK(seat=who), MINE_PICK(character=the(a.character))


LOG_THEATER = Message("citadels.log.theater", "{seat} used {theater} on {target}")
MINE_THEATER = Message("citadels.log.private.theater", "You gave {character} to {target}")
MINE_THEATER_SWAP = Message("citadels.log.private.theater_swap", "You gave {gave} and received {got}")


def log_theater(b: State, a: mv.Theater, after: State, at: int) -> Lines:
    """§7 Theater: the swap is seen, the characters are not."""
    public = LOG_THEATER(seat=_who(b, at), theater=the("theater"), target=seat(a.target))
    if a.give:
        return public, MINE_THEATER(character=the(a.give), target=seat(a.target))
    gave, got = b.players[at].characters, after.players[at].characters
    if not gave or not got:
        return public, None
    return public, MINE_THEATER_SWAP(gave=names_of(gave), got=names_of(got))


LOG_THEATER_PASS = Message("citadels.log.theater_pass", "{seat} did not use {theater}")
LOG_CONFISCATE = Message("citadels.log.confiscate", "{seat} confiscated {card} from {victim} with the signed warrant")
LOG_LET_BUILD = Message("citadels.log.let_build", "{seat} allowed {victim} to keep {card}")
LOG_BRIBE_NOTHING = Message(
    "citadels.log.bribe_nothing", "{seat} paid {blackmailer} nothing (half their gold, rounded down)"
)
LOG_BRIBE = Message("citadels.log.bribe", "{seat} paid {blackmailer} {gold} gold")
LOG_REFUSE_BRIBE = Message("citadels.log.refuse_bribe", "{seat} refused to pay {blackmailer}")
LOG_HIDE_THREAT = Message("citadels.log.hide_threat", "{seat} kept the threat on {victim} hidden")
LOG_REVEAL_THREAT = Message("citadels.log.reveal_threat", "{seat} revealed the threat on {victim} and took {gold} gold")
LOG_REVEAL_NOTHING = Message(
    "citadels.log.reveal_threat_nothing", "{seat} revealed the threat on {victim} and took no gold"
)


def log_yes_no(b: State, a: mv.Accept | mv.Pass, after: State, at: int) -> Lines:
    """Theater pass, confiscation, bribe, threat reveal."""
    step = _step(b)
    who = _who(b, at)
    yes = isinstance(a, mv.Accept)
    if isinstance(step, TheaterChoice):
        return LOG_THEATER_PASS(seat=who, theater=the("theater")), None
    if isinstance(step, Confiscate):
        card = _building(b)
        if yes:
            return LOG_CONFISCATE(seat=who, card=card, victim=seat(step.victim)), None
        return LOG_LET_BUILD(seat=who, victim=seat(step.victim), card=card), None
    if isinstance(step, Bribe):
        blackmailer = the("blackmailer")
        if yes and b.players[at].gold < 2:
            return LOG_BRIBE_NOTHING(seat=who, blackmailer=blackmailer), None
        if yes:
            return LOG_BRIBE(seat=who, blackmailer=blackmailer, gold=b.players[at].gold // 2), None
        return LOG_REFUSE_BRIBE(seat=who, blackmailer=blackmailer), None
    assert isinstance(step, RevealThreat)
    victim = seat(step.victim)
    if not yes:
        return LOG_HIDE_THREAT(seat=who, victim=victim), None
    taken = b.players[step.victim].gold - after.players[step.victim].gold
    if taken > 0:
        return LOG_REVEAL_THREAT(seat=who, victim=victim, gold=taken), None
    return LOG_REVEAL_NOTHING(seat=who, victim=victim), None


LOG_GATHER_GOLD = Message("citadels.log.gather_gold", "{seat} took {gold} gold")
LOG_GATHER_LIBRARY = Message("citadels.log.gather_library", "{seat} drew {cards} and kept them all ({library})")
LOG_GATHER_CARDS = Message("citadels.log.gather_cards", "{seat} chose to draw {cards}")
MINE_DREW = Message("citadels.log.private.drew", "You drew {cards}")


def log_gather(b: State, a: mv.GatherGold | mv.GatherCards, after: State, at: int) -> Lines:
    """M-GATHER-GOLD / M-GATHER-CARDS (the cards kept are logged with the keep)."""
    who = _who(b, at)
    if isinstance(a, mv.GatherGold):
        return LOG_GATHER_GOLD(seat=who, gold=after.players[at].gold - b.players[at].gold), None
    p = b.players[at]
    count = min(3 if has(p, "observatory") else 2, len(b.deck) + len(b.deck_bottom))
    if has(p, "library"):
        return LOG_GATHER_LIBRARY(seat=who, cards=CARDS(n=count), library=DISTRICTS["library"]), None
    public = LOG_GATHER_CARDS(seat=who, cards=CARDS(n=count))
    drawn = after.turn.drawn if after.turn is not None and after.turn.seat == at else ()
    return public, (MINE_DREW(cards=names_of(drawn)) if drawn else None)


LOG_BOTTOM = Message("citadels.log.bottom", "{seat} put a card under the deck")
MINE_BOTTOM = Message("citadels.log.private.bottom", "You put {card} under the deck")
LOG_KEEP = Message("citadels.log.keep", "{seat} drew {cards} and kept 1")
LOG_KEEP_SHUFFLE = Message(
    "citadels.log.keep_shuffle", "{seat} drew {cards} and kept 1, then shuffled the rest into the deck"
)
MINE_KEEP = Message("citadels.log.private.keep", "You kept {card}")


def log_keep(b: State, a: mv.Keep | mv.Bottom, after: State, at: int) -> Lines:
    """The kept card and the order under the deck are the mover's secret."""
    who = _who(b, at)
    drawn = len(b.turn.drawn) if b.turn is not None else 0
    if isinstance(a, mv.Bottom):
        return LOG_BOTTOM(seat=who), MINE_BOTTOM(card=the(a.card))
    step = _step(b)
    shuffled = isinstance(step, KeepDrawn) and step.reason == "scholar"
    public = (LOG_KEEP_SHUFFLE if shuffled else LOG_KEEP)(seat=who, cards=CARDS(n=drawn))
    return public, MINE_KEEP(card=the(a.card))


LOG_PAY_CARD = Message("citadels.log.pay_card", "{seat} paid a card for {den}")
MINE_PAY_CARD = Message("citadels.log.private.pay_card", "You paid with {card}")
LOG_LOAN_CARD = Message("citadels.log.loan_card", "{seat} gave {target} a card for the loan")
MINE_GIVE = Message("citadels.log.private.give", "You gave {card} to {target}")
LOG_SEER_CARD = Message("citadels.log.seer_card", "{seat} gave a card back to {target}")
LOG_DISCARD = Message("citadels.log.discard", "{seat} discarded a card")
MINE_DISCARD = Message("citadels.log.private.discard", "You discarded {card}")


def log_give(b: State, a: mv.Give, after: State, at: int) -> Lines:
    """A card handed over face down."""
    step = _step(b)
    assert isinstance(step, GiveCards)
    who, card, target = _who(b, at), the(a.card), seat(step.target)
    if step.reason == "thieves_den":
        return LOG_PAY_CARD(seat=who, den=the("thieves_den")), MINE_PAY_CARD(card=card)
    if step.reason == "cardinal":
        return LOG_LOAN_CARD(seat=who, target=target), MINE_GIVE(card=card, target=target)
    if step.reason == "seer":
        return LOG_SEER_CARD(seat=who, target=target), MINE_GIVE(card=card, target=target)
    return LOG_DISCARD(seat=who), MINE_DISCARD(card=card)


LOG_REDRAW = Message("citadels.log.redraw", "{seat} stopped discarding, to draw {cards}")
LOG_DEN_GOLD = Message("citadels.log.den_gold", "{seat} paid the remaining {gold} gold for {den}")
LOG_DEN_LOAN = Message(
    "citadels.log.den_loan", "{seat} paid the remaining {gold} gold for {den}, borrowing {loan} from {lender}"
)


def log_done(b: State, a: mv.Done, after: State, at: int) -> Lines:
    """The end of a card sequence."""
    step = _step(b)
    assert isinstance(step, GiveCards)
    who = _who(b, at)
    if step.reason == "magician":
        return LOG_REDRAW(seat=who, cards=CARDS(n=step.count)), None
    pb = b.building
    rest = pb.price - pb.cards_paid if pb is not None else 0
    if a.lender == -1:
        return LOG_DEN_GOLD(seat=who, gold=rest, den=the("thieves_den")), None
    loan = rest - b.players[at].gold
    return LOG_DEN_LOAN(seat=who, gold=rest, den=the("thieves_den"), loan=loan, lender=seat(a.lender)), None


#: How a build was paid, for the log (the seat is named before it).
BUILT_WITH_CARDS = Message(
    "citadels.log.built_with_cards", "began building {card} (cost {cost}), paying with cards first"
)
BUILT_DESTROYING = Message("citadels.log.built_destroying", "built {card} by destroying their {district}")
BUILT_FOR = Message("citadels.log.built_for", "built {card} for {cost} gold")
BUILT_BORROWING = Message(
    "citadels.log.built_borrowing", "built {card} for {cost} gold, borrowing {loan} from {lender}"
)


def build_words(b: State, at: int, card: str, method: str, destroy: str, destroy_copy: int, lender: int) -> Text:
    """How a build was paid, for the log."""
    if method == "thieves_den":
        return BUILT_WITH_CARDS(card=the(card), cost=price(b, at, card))
    if method in ("framework", "necropolis"):
        what = DISTRICTS["framework"] if method == "framework" else in_city(b, at, destroy, destroy_copy)
        return BUILT_DESTROYING(card=the(card), district=what)
    cost = price(b, at, card)
    if lender == -1:
        return BUILT_FOR(card=the(card), cost=cost)
    loan = cost - b.players[at].gold
    return BUILT_BORROWING(card=the(card), cost=cost, loan=loan, lender=seat(lender))


LOG_BUILD = Message("citadels.log.build", "{seat} {built}")
LOG_WIZARD_TAKE = Message("citadels.log.wizard_take", "{seat} took a card from {source}'s hand")
MINE_WIZARD_TAKE = Message("citadels.log.private.wizard_take", "You took {card}")
LOG_WIZARD_BUILD = Message("citadels.log.wizard_build", "{seat} {built} from {source}'s hand")


def log_build(b: State, a: mv.Build, after: State, at: int) -> Lines:
    """M-BUILD: public, with the district and its price."""
    words = build_words(b, at, a.card, a.method, a.destroy, a.destroy_copy, a.lender)
    return LOG_BUILD(seat=_who(b, at), built=words), None


def log_wizard_take(b: State, a: mv.WizardTake, after: State, at: int) -> Lines:
    """§6 Wizard: a card taken stays secret; a card built is public."""
    step = _step(b)
    assert isinstance(step, WizardChoice)
    source = seat(step.target)
    if not a.build:
        return LOG_WIZARD_TAKE(seat=_who(b, at), source=source), MINE_WIZARD_TAKE(card=the(a.card))
    words = build_words(b, at, a.card, a.method, a.destroy, a.destroy_copy, -1)
    return LOG_WIZARD_BUILD(seat=_who(b, at), built=words, source=source), None


LOG_SMITHY = Message("citadels.log.smithy", "{seat} paid 2 gold at {smithy} to draw 3 cards")
LOG_LABORATORY = Message("citadels.log.laboratory", "{seat} discarded a card at {laboratory} for 2 gold")
MINE_LABORATORY = Message("citadels.log.private.laboratory", "You discarded {card}")
LOG_MUSEUM = Message("citadels.log.museum", "{seat} put a card under {museum}")
MINE_MUSEUM = Message("citadels.log.private.museum", "You put {card} under {museum}")
LOG_ARMORY = Message("citadels.log.armory", "{seat} destroyed their {armory} and {whose} {district}")
THEIR_OWN = Message("citadels.log.their_own", "their own")


def _whose_log(b: State, at: int, target: int) -> Text:
    """``their own`` for the mover's own city, else ``Seat N's``."""
    return THEIR_OWN() if target == at else SEATS(seat=seat(target))


def log_district_effect(b: State, a: Any, after: State, at: int) -> Lines:
    """Smithy, Laboratory, Museum, Armory."""
    who = _who(b, at)
    if isinstance(a, mv.Smithy):
        return LOG_SMITHY(seat=who, smithy=the("smithy")), None
    if isinstance(a, mv.Laboratory):
        return LOG_LABORATORY(seat=who, laboratory=the("laboratory")), MINE_LABORATORY(card=the(a.card))
    if isinstance(a, mv.Museum):
        museum = the("museum")
        return LOG_MUSEUM(seat=who, museum=museum), MINE_MUSEUM(card=the(a.card), museum=museum)
    what = in_city(b, a.target, a.district, a.copy)
    words = LOG_ARMORY(seat=who, armory=DISTRICTS["armory"], whose=_whose_log(b, at, a.target), district=what)
    return words, None


LOG_INCOME_NOTHING = Message("citadels.log.income_nothing", "{seat} took no income (no districts to count)")
LOG_INCOME = Message("citadels.log.income", "{seat} took {income} in income")
#: Assassin, Witch, Thief: what the log says they did.
LOG_NAMED: dict[type, Message] = {
    mv.Kill: Message("citadels.log.kill", "{seat} killed {character}"),
    mv.Bewitch: Message("citadels.log.bewitch", "{seat} bewitched {character}"),
    mv.Rob: Message("citadels.log.rob", "{seat} robbed {character}"),
}
LOG_WARRANTS = Message("citadels.log.warrants", "{seat} put warrants on {characters}")
MINE_WARRANTS = Message("citadels.log.private.warrants", "You signed the warrant for {character}")
LOG_THREATS = Message("citadels.log.threats", "{seat} threatened {characters}")
MINE_THREATS = Message("citadels.log.private.threats", "The flowered threat is on {character}")
LOG_SPY = Message("citadels.log.spy", "{seat} named {district_type} districts and looked at {target}'s hand")
MINE_SPY = Message("citadels.log.private.spy", "{target}'s hand held {found}")
LOG_MAGIC_SWAP = Message("citadels.log.magic_swap", "{seat} exchanged hands with {target}")
LOG_MAGIC_REDRAW = Message("citadels.log.magic_redraw", "{seat} chose to discard cards and draw as many")
LOG_WIZARD_LOOK = Message("citadels.log.wizard_look", "{seat} looked at {target}'s hand")
LOG_SEER_TAKE = Message(
    "citadels.log.seer_take", "{seat} chose to take a random card from each other player with cards"
)
#: The Emperor's crown, by what he took.
LOG_CROWN: dict[str, Message] = {
    "gold": Message("citadels.log.crown_gold", "{seat} gave the crown to {recipient} and took 1 gold"),
    "card": Message("citadels.log.crown_card", "{seat} gave the crown to {recipient} for 1 random card"),
    "none": Message("citadels.log.crown", "{seat} gave the crown to {recipient}"),
}
LOG_CHARITY = Message("citadels.log.charity", "{seat} took 1 gold from {source}, the richest")
LOG_MERCHANT = Message("citadels.log.merchant_bonus", "{seat} took 1 extra gold")
LOG_ARCHITECT = Message("citadels.log.architect_draw", "{seat} chose to draw 2 extra cards")
LOG_NAVIGATOR_GOLD = Message("citadels.log.navigator_gold", "{seat} took 4 gold")
LOG_NAVIGATOR_CARDS = Message("citadels.log.navigator_cards", "{seat} chose to draw 4 cards")
LOG_SCHOLAR = Message("citadels.log.scholar_draw", "{seat} chose to draw {cards} to keep 1")
LOG_COLLECT_TAX = Message("citadels.log.collect_tax", "{seat} collected {gold} gold of tax")
LOG_BEAUTIFY = Message("citadels.log.beautify", "{seat} beautified their {district} (1 gold)")


def log_ability(b: State, a: Any, after: State, at: int) -> Lines:
    """Character abilities: what they did, with the public numbers; secrets in the private line."""
    who = _who(b, at)
    if isinstance(a, mv.Income):
        if not a.gold and not a.cards:
            return LOG_INCOME_NOTHING(seat=who), None
        return LOG_INCOME(seat=who, income=income_words(a)), None
    if isinstance(a, mv.Kill | mv.Bewitch | mv.Rob):
        return LOG_NAMED[type(a)](seat=who, character=the(a.character)), None
    if isinstance(a, mv.Warrants):
        marked = sorted((a.signed, *a.unsigned), key=rank)
        return LOG_WARRANTS(seat=who, characters=names_of(marked)), MINE_WARRANTS(character=the(a.signed))
    if isinstance(a, mv.Threats):
        marked = sorted((a.flowered, a.blank), key=rank)
        return LOG_THREATS(seat=who, characters=names_of(marked)), MINE_THREATS(character=the(a.flowered))
    if isinstance(a, mv.Spy):
        kind = DISTRICT_TYPES[a.district_type]
        public = LOG_SPY(seat=who, district_type=kind, target=seat(a.target))
        found = sum(1 for c in b.players[a.target].hand if district(c).type == a.district_type)
        return public, MINE_SPY(target=seat(a.target), found=TYPE_DISTRICTS(n=found, district_type=kind))
    if isinstance(a, mv.MagicSwap):
        return LOG_MAGIC_SWAP(seat=who, target=seat(a.target)), None
    if isinstance(a, mv.MagicRedraw):
        return LOG_MAGIC_REDRAW(seat=who), None
    if isinstance(a, mv.WizardLook):
        return LOG_WIZARD_LOOK(seat=who, target=seat(a.target)), None
    if isinstance(a, mv.SeerTake):
        return LOG_SEER_TAKE(seat=who), None
    if isinstance(a, mv.Emperor):
        return LOG_CROWN[a.resource](seat=who, recipient=seat(a.recipient)), None
    if isinstance(a, mv.AbbotCharity):
        return LOG_CHARITY(seat=who, source=seat(a.source)), None
    if isinstance(a, mv.MerchantBonus):
        return LOG_MERCHANT(seat=who), None
    if isinstance(a, mv.ArchitectDraw):
        return LOG_ARCHITECT(seat=who), None
    if isinstance(a, mv.Navigator):
        return (LOG_NAVIGATOR_GOLD if a.resource == "gold" else LOG_NAVIGATOR_CARDS)(seat=who), None
    if isinstance(a, mv.ScholarDraw):
        count = min(7, len(b.deck) + len(b.deck_bottom))
        return LOG_SCHOLAR(seat=who, cards=CARDS(n=count)), None
    if isinstance(a, mv.CollectTax):
        return LOG_COLLECT_TAX(seat=who, gold=b.tax_token), None
    if isinstance(a, mv.Beautify):
        return LOG_BEAUTIFY(seat=who, district=in_city(b, at, a.district, a.copy)), None
    return log_rank8(b, a, after, at)


LOG_EXCHANGE = Message("citadels.log.exchange", "{seat} exchanged their {own} for {target}'s {theirs}, paying {gold}")
LOG_DESTROY = Message("citadels.log.destroy", "{seat} destroyed {whose} {district} for {gold}")
LOG_SEIZE = Message("citadels.log.seize", "{seat} seized {whose} {district} for {gold}")


def log_rank8(b: State, a: mv.Destroy | mv.Seize | mv.Exchange, after: State, at: int) -> Lines:
    """Warlord, Marshal, Diplomat: the districts and the gold paid (the mover's stash tells it)."""
    who = _who(b, at)
    paid = b.players[at].gold - after.players[at].gold
    if isinstance(a, mv.Exchange):
        mine, theirs = in_city(b, at, a.own, a.own_copy), in_city(b, a.target, a.theirs, a.theirs_copy)
        spent = gold(paid) if paid else NOTHING()
        return LOG_EXCHANGE(seat=who, own=mine, target=seat(a.target), theirs=theirs, gold=spent), None
    what = in_city(b, a.target, a.district, a.copy)
    words = LOG_DESTROY if isinstance(a, mv.Destroy) else LOG_SEIZE
    return words(seat=who, whose=_whose_log(b, at, a.target), district=what, gold=gold_words(paid)), None


LOG_HAND_OVER_GOLD = Message("citadels.log.hand_over_gold", "{seat} handed {emperor} 1 gold")
LOG_HAND_OVER_CARD = Message("citadels.log.hand_over_card", "{seat} chose to hand {emperor} 1 random card")
LOG_END_TURN = Message("citadels.log.end_turn", "{seat} ended the turn")


def log_hand_over(b: State, a: mv.HandOver, after: State, at: int) -> Lines:
    """§11 B6 'recipient': the hand-over (a card's identity stays secret)."""
    words = LOG_HAND_OVER_GOLD if a.resource == "gold" else LOG_HAND_OVER_CARD
    return words(seat=_who(b, at), emperor=the("emperor")), None


def log_end_turn(b: State, a: mv.EndTurn, after: State, at: int) -> Lines:
    return LOG_END_TURN(seat=_who(b, at)), None


def log_crown_advisor(b: State, a: mv.Emperor, after: State, at: int) -> Lines:
    if isinstance(_step(b), AdvisorCrown):
        return LOG_CROWN["none"](seat=_who(b, at), recipient=seat(a.recipient)), None
    return log_ability(b, a, after, at)


def log(before: State, move: mv.Move, after: State, act: Act, happened: Sequence[Happened]) -> LogEntry:
    """What ``move`` did (``act.log``: its action's words): the public line names nothing hidden from another
    seat; the private line adds what only the mover knows (the card kept, the character picked, the signed
    warrant)."""
    assert act.log is not None
    public, private = act.log(before, move.action, after, move.seat)
    return LogEntry(move.seat, public, private)
