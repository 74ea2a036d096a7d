"""Citadels in words: the label and choice path of every legal move, and the log line of every move.

Labels name characters and districts by their English names from the content, seats as ``Seat N``,
and the gold a player chooses to pay; a pick says what the character does and a build what a unique
district does (their ``text_en``). A choice path starts with the kind of action, then each choice
in the order a player makes it (destroy → whose city → which district); a set of cards larger than a
menu holds (``MENU``) is first split by district type. A district of which a city holds several copies
is named with its place among them (``second Temple``).

The public log line says what the table saw: a pick is face down, a kept or given card is not named
(only the private line, shown to the mover, names it), a draw by chance is ``Seat 1 drew a card``, the
signed warrant and the flowered threat stay secret (the markers are listed in rank order).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.citadels import moves as mv
from engines.citadels.building import price
from engines.citadels.common import character, district, has, name, rank
from engines.citadels.content import CONTENT
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
from engines.core.text import LogEntry, MoveLabel, Text, plural, seat_name, text

#: The most choices one menu step offers (a Discord select menu holds 25).
MENU = 25

_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")

#: How each district type is named in a menu that groups cards by type.
_TYPE_NAMES = {"noble": "Noble", "religious": "Religious", "trade": "Trade", "military": "Military", "unique": "Unique"}


# ---- naming ---------------------------------------------------------------------------------------


def the(card: str) -> str:
    """``the King``, ``the Manor``: a character or district card by its English name."""
    return f"the {name(card)}"


def names(cards: Sequence[str]) -> str:
    """``the Thief``, ``the Thief and the King``, ``the Thief, the King and the Bishop``."""
    shown = [the(c) for c in cards]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]


def does(card: str) -> str:
    """What a character or a unique district does (``text_en`` from the content): `` — swap your hand
    ...`` to follow its name in a label, or nothing when the content has no text for it."""
    words = character(card).text_en if card in CONTENT.character else district(card).text_en
    return f" — {words}" if words else ""


def in_city(s: State, seat: int, card: str, copy: int) -> str:
    """A district of ``seat``'s city: its name, with its place among copies of that name when the city
    holds several (``second Temple``)."""
    copies = sum(1 for b in s.players[seat].city if b.card == card)
    if copies <= 1:
        return name(card)
    place = _ORDINALS[copy] if copy < len(_ORDINALS) else f"#{copy + 1}"
    return f"{place} {name(card)}"


def upper_first(words: str) -> str:
    """``pay 3 gold`` → ``Pay 3 gold`` (names inside keep their capitals)."""
    return words[:1].upper() + words[1:]


def gold_words(amount: int) -> str:
    """``3 gold``, or ``free`` for nothing (a label never offers a quantity of zero)."""
    return f"{amount} gold" if amount else "free"


def cards_count(count: int) -> str:
    """``2 cards``, ``1 card``, or ``no cards``."""
    return plural(count, "card") if count else "no cards"


def whose(s: State, actor: int, seat: int) -> str:
    """``your`` for the actor's own city, else ``Seat N's``."""
    return "your" if seat == actor else f"{seat_name(seat)}'s"


def _choice(kind: str, template: str, **params: object) -> Text:
    return text(f"citadels.choice.{kind}", template, **params)


def _seat_step(seat: int) -> Text:
    return _choice("seat", "{seat}", seat=seat_name(seat))


def card_steps(pool: Sequence[str], card: str) -> list[Text]:
    """The menu steps choosing ``card`` among the distinct ``pool``: by type first when the pool is
    larger than a menu (five types, each far below ``MENU`` kinds of card)."""
    steps: list[Text] = []
    if len(set(pool)) > MENU:
        kind = district(card).type
        steps.append(_choice("district_type", "{district_type} districts", district_type=_TYPE_NAMES[kind]))
    steps.append(_choice("card", "{card}", card=name(card)))
    return steps


# ---- the decision a label belongs to ---------------------------------------------------------------


def _step(s: State) -> Any:
    return s.queue[0] if s.queue else None


# ---- labels: one function per kind of move ---------------------------------------------------------

Label = tuple[Text, list[Text]]


def _lab(kind: str, kind_english: str, template: str, steps: Sequence[Text] = (), **params: object) -> Label:
    """A label ``citadels.move.<kind>`` and its path: the kind of action (``kind_english`` may name the
    label's parameters that are the same for every move of the kind, e.g. a district's name), then ``steps``."""
    return text(f"citadels.move.{kind}", template, **params), [_choice(kind, kind_english, **params), *steps]


def label_chance(s: State, a: Any) -> Label:
    """The chance outcomes (§9.3): the card drawn or taken at random, the character discarded or taken."""
    step = _step(s)
    if isinstance(step, DrawCard):
        steps = card_steps(s.deck, a.card)
        return _lab("draw", "Draw", "Draw {card} for {seat}", steps, seat=seat_name(step.seat), card=the(a.card))
    if isinstance(step, TakeRandomCard):
        pool = s.players[step.source].hand
        return _lab(
            "take_random_card",
            "Random card",
            "Take {card} from {source}'s hand for {seat}",
            card_steps(pool, a.card),
            seat=seat_name(step.seat),
            card=the(a.card),
            source=seat_name(step.source),
        )
    cid = _choice("character", "{character}", character=name(a.character))
    if isinstance(step, TakeRandomCharacter):
        return _lab(
            "take_random_character",
            "Random character",
            "Take {character} from {source}'s characters for {seat}",
            [cid],
            seat=seat_name(step.seat),
            character=the(a.character),
            source=seat_name(step.source),
        )
    assert isinstance(step, DiscardCharacter)
    return _lab(
        "discard_character",
        "Discard",
        "Discard {character} face {face}",
        [cid],
        character=the(a.character),
        face=step.face,
    )


def label_pick(s: State, a: mv.Pick) -> Label:
    """M-PICK (R-4.2.4); with 2 players M-PICK-AND-DISCARD (R-4.2.5) also discards one face down. The
    label says what the kept character does."""
    steps = [_choice("character", "{character}", character=name(a.character))]
    ability = does(a.character)
    if not a.discard:
        return _lab(
            "pick", "Pick a character", "Pick {character}{ability}", steps, character=the(a.character), ability=ability
        )
    steps.append(_choice("discard", "Discard {character}", character=name(a.discard)))
    return _lab(
        "pick_and_discard",
        "Pick a character",
        "Pick {character}{ability}; discard {discard} face down",
        steps,
        character=the(a.character),
        discard=the(a.discard),
        ability=ability,
    )


def label_theater(s: State, a: mv.Theater) -> Label:
    """§7 Theater: swap blindly (4–8 players) or give one of yours for one of theirs at random (2–3)."""
    if not a.give:
        return _lab(
            "theater",
            "{theater} swap",
            "Swap characters with {seat}",
            [_seat_step(a.target)],
            seat=seat_name(a.target),
            theater=name("theater"),
        )
    steps = [_seat_step(a.target), _choice("give", "Give {character}", character=name(a.give))]
    return _lab(
        "theater",
        "{theater} swap",
        "Give {character} to {seat}, for one of theirs at random",
        steps,
        character=the(a.give),
        seat=seat_name(a.target),
        theater=name("theater"),
    )


def label_yes_no(s: State, a: mv.Accept | mv.Pass) -> Label:
    """The prompts answered yes or no: Theater, Magistrate, bribe, threat reveal."""
    step = _step(s)
    yes = isinstance(a, mv.Accept)
    if isinstance(step, TheaterChoice):
        return _lab("theater_pass", "No swap", "Keep your characters (no {theater} swap)", theater=name("theater"))
    if isinstance(step, Confiscate):
        card = s.building.card if s.building is not None else ""
        if yes:
            return _lab(
                "confiscate", "Confiscate", "Confiscate {card} from {seat}", card=the(card), seat=seat_name(step.victim)
            )
        return _lab(
            "let_build",
            "Do not confiscate",
            "Do not confiscate {card} from {seat}",
            seat=seat_name(step.victim),
            card=the(card),
        )
    if isinstance(step, Bribe):
        bribe = s.players[step.seat].gold // 2
        if yes and not bribe:  # §11 B21: half of 0 or 1 gold is nothing, and still removes the threat
            words = "Pay {blackmailer} nothing (half your gold, rounded down)"
            return _lab("bribe", "Pay", words, blackmailer=the("blackmailer"))
        if yes:
            return _lab("bribe", "Pay", "Pay {blackmailer} {gold} gold", gold=bribe, blackmailer=the("blackmailer"))
        return _lab("refuse_bribe", "Refuse", "Refuse to pay {blackmailer}", blackmailer=the("blackmailer"))
    assert isinstance(step, RevealThreat)
    if yes:
        return _lab("reveal_threat", "Reveal", "Reveal the threat on {seat}", seat=seat_name(step.victim))
    return _lab("hide_threat", "Keep it hidden", "Do not reveal the threat on {seat}", seat=seat_name(step.victim))


def label_gather(s: State, a: mv.GatherGold | mv.GatherCards) -> Label:
    """M-GATHER-GOLD (+1 with the Gold Mine) / M-GATHER-CARDS (Observatory draws 3, Library keeps all)."""
    assert s.turn is not None
    p = s.players[s.turn.seat]
    if isinstance(a, mv.GatherGold):
        return _lab("gather_gold", "Take gold", "Take {gold} gold", gold=3 if has(p, "gold_mine") else 2)
    drawn = 3 if has(p, "observatory") else 2
    keep = "all" if has(p, "library") else "1"
    return _lab("gather_cards", "Draw cards", "Draw {count} cards, keep {keep}", count=drawn, keep=keep)


def label_keep(s: State, a: mv.Keep | mv.Bottom) -> Label:
    """§5.2: keep one drawn card; §11 A8: order the rest under the deck."""
    pool = s.turn.drawn if s.turn is not None else ()
    steps = card_steps(pool, a.card)
    if isinstance(a, mv.Keep):
        return _lab("keep", "Keep a card", "Keep {card}", steps, card=the(a.card))
    return _lab("bottom", "Put under the deck", "Put {card} under the deck next", steps, card=the(a.card))


def label_give(s: State, a: mv.Give) -> Label:
    """A card handed over: Thieves' Den payment, Cardinal loan, Seer give-back, Magician discard."""
    step = _step(s)
    assert isinstance(step, GiveCards)
    steps = card_steps(s.players[step.seat].hand, a.card)
    card, target = the(a.card), seat_name(step.target)
    if step.reason == "thieves_den":
        return _lab("give", "Pay with a card", "Pay with {card}", steps, card=card)
    if step.reason == "cardinal":
        return _lab("give", "Give a card", "Give {card} to {seat}", steps, card=card, seat=target)
    if step.reason == "seer":
        return _lab("give", "Give a card back", "Give {card} back to {seat}", steps, card=card, seat=target)
    return _lab("give", "Discard a card", "Discard {card}", steps, card=card)


def label_done(s: State, a: mv.Done) -> Label:
    """Finish a card sequence: the Thieves' Den's rest in gold (or a Cardinal loan), the Magician's redraw."""
    step = _step(s)
    assert isinstance(step, GiveCards)
    if step.reason == "magician":
        return _lab("done", "Stop discarding", "Stop discarding and draw {cards}", cards=plural(step.count, "card"))
    pb = s.building
    rest = pb.price - pb.cards_paid if pb is not None else 0
    if a.lender == -1:
        return _lab("done", "Pay the rest in gold", "Pay the remaining {gold} gold", gold=rest)
    short = rest - s.players[step.seat].gold
    return _lab(
        "done_borrow",
        "Borrow the rest",
        "Pay the remaining {gold} gold, borrowing {loan} from {seat}",
        [_seat_step(a.lender)],
        gold=rest,
        loan=short,
        seat=seat_name(a.lender),
    )


def payment_words(s: State, seat: int, card: str, method: str, destroy: str, destroy_copy: int, lender: int) -> str:
    """How a build is paid (§5.3): gold (a Cardinal loan), cards first (Thieves' Den), the Framework,
    the Necropolis's sacrifice."""
    if method == "thieves_den":
        return f"pay {price(s, seat, card)} with cards, then gold"
    if method == "framework":
        return f"destroy your {name('framework')} instead of paying"
    if method == "necropolis":
        return f"destroy your {in_city(s, seat, destroy, destroy_copy)} instead of paying"
    cost = price(s, seat, card)
    if lender == -1:
        return f"pay {cost} gold"
    loan = cost - s.players[seat].gold
    return f"pay {cost} gold, borrowing {loan} from {seat_name(lender)}"


def label_build(s: State, a: mv.Build) -> Label:
    """M-BUILD with its payment form, then what a unique district does."""
    assert s.turn is not None
    seat = s.turn.seat
    pay = payment_words(s, seat, a.card, a.method, a.destroy, a.destroy_copy, a.lender)
    steps = [*card_steps(s.players[seat].hand, a.card), _choice("payment", "{payment}", payment=upper_first(pay))]
    words = "Build {card} ({payment}){effect}"
    return _lab("build", "Build", words, steps, card=the(a.card), payment=pay, effect=does(a.card))


def label_wizard_take(s: State, a: mv.WizardTake) -> Label:
    """§6 Wizard: take the card into your hand, or build it at once (any payment form)."""
    step = _step(s)
    assert isinstance(step, WizardChoice)
    steps = card_steps(s.players[step.target].hand, a.card)
    if not a.build:
        steps.append(_choice("take", "Take it into your hand"))
        return _lab("wizard_take", "Take a card", "Take {card} into your hand", steps, card=the(a.card))
    pay = payment_words(s, step.seat, a.card, a.method, a.destroy, a.destroy_copy, -1)
    steps.append(_choice("payment", "Build it: {payment}", payment=pay))
    words = "Build {card} at once ({payment}){effect}"
    return _lab("wizard_take", "Take a card", words, steps, card=the(a.card), payment=pay, effect=does(a.card))


def label_district_effect(s: State, a: mv.Smithy | mv.Laboratory | mv.Museum | mv.Armory) -> Label:
    """§7 activated districts: Smithy, Laboratory, Museum, Armory."""
    assert s.turn is not None
    seat = s.turn.seat
    if isinstance(a, mv.Smithy):
        return _lab(
            "smithy",
            "{smithy}",
            "Pay 2 gold at {the_smithy} to draw 3 cards",
            smithy=name("smithy"),
            the_smithy=the("smithy"),
        )
    if isinstance(a, mv.Armory):
        where = whose(s, seat, a.target)
        what = in_city(s, a.target, a.district, a.copy)
        steps = [_seat_step(a.target), _choice("district", "{district}", district=what)]
        armory = name("armory")
        words = "Destroy your {armory} and {whose} {district}"
        return _lab("armory", "{armory}", words, steps, armory=armory, whose=where, district=what)
    steps = card_steps(s.players[seat].hand, a.card)
    if isinstance(a, mv.Laboratory):
        words, lab = "Discard {card} at {the_laboratory} for 2 gold", name("laboratory")
        return _lab(
            "laboratory", "{laboratory}", words, steps, card=the(a.card), laboratory=lab, the_laboratory=the(lab)
        )
    museum = name("museum")
    return _lab(
        "museum",
        "{museum}",
        "Put {card} under {the_museum}",
        steps,
        card=the(a.card),
        museum=museum,
        the_museum=the(museum),
    )


def label_income(s: State, a: mv.Income) -> Label:
    """M-INCOME: a resource per district of the character's type."""
    assert s.turn is not None
    inc = CONTENT.character[s.turn.character].income
    kind = inc.district_type if inc is not None else ""
    take = income_words(a)
    split = len(income_options(s)) > 1
    steps = [_choice("income_split", "{income}", income=upper_first(take))] if split else []
    if not a.gold and not a.cards:
        words = "Take no income (no {district_type} districts to count)"
        return _lab("income", "Income", words, steps, district_type=kind)
    return _lab(
        "income", "Income", "Take {income} for your {district_type} districts", steps, income=take, district_type=kind
    )


def income_words(a: mv.Income) -> str:
    """``2 gold``, ``1 gold and 2 cards``, ``3 cards``; ``no income`` for nothing."""
    parts = [plural(a.gold, "gold", "gold")] if a.gold else []
    parts += [plural(a.cards, "card")] if a.cards else []
    return " and ".join(parts) if parts else "no income"


def income_options(s: State) -> list[Any]:
    """How many income splits the Abbot may choose between, one for every other character (§5.5, §6 Abbot)."""
    from engines.citadels.abilities import income_candidates

    return income_candidates(s)


def _character_step(cid: str) -> Text:
    return _choice("character", "{character}", character=name(cid))


def label_named(s: State, a: mv.Kill | mv.Bewitch | mv.Rob) -> Label:
    """Assassin, Witch, Thief: name one character."""
    verb = {mv.Kill: "Kill", mv.Bewitch: "Bewitch", mv.Rob: "Rob"}[type(a)]
    kind = str(type(a).__struct_config__.tag)
    return _lab(kind, verb, f"{verb} {{character}}", [_character_step(a.character)], character=the(a.character))


def label_warrants(s: State, a: mv.Warrants) -> Label:
    """§6 Magistrate: the signed warrant, then the two blank ones (in rank order)."""
    first, second = a.unsigned
    steps = [
        _choice("signed", "Signed: {character}", character=name(a.signed)),
        _choice("blank", "Blank: {character}", character=name(first)),
        _choice("blank", "Blank: {character}", character=name(second)),
    ]
    return _lab(
        "warrants",
        "Warrants",
        "Sign the warrant for {signed}; blank ones for {first} and {second}",
        steps,
        signed=the(a.signed),
        first=the(first),
        second=the(second),
    )


def label_threats(s: State, a: mv.Threats) -> Label:
    """§6 Blackmailer: the flowered threat, then the blank one."""
    steps = [
        _choice("flowered", "Flowered: {character}", character=name(a.flowered)),
        _choice("blank", "Blank: {character}", character=name(a.blank)),
    ]
    return _lab(
        "threats",
        "Threats",
        "Flowered threat on {flowered}, blank on {blank}",
        steps,
        flowered=the(a.flowered),
        blank=the(a.blank),
    )


def label_seat_ability(s: State, a: Any) -> Label:
    """Abilities that name another seat: Spy, Magician's swap, Wizard's look, Abbot's charity, Emperor."""
    if isinstance(a, mv.Spy):
        steps = [_seat_step(a.target), _choice("district_type", "{district_type}", district_type=a.district_type)]
        return _lab(
            "spy",
            "Spy",
            "Spy on {seat}, naming {district_type} districts",
            steps,
            seat=seat_name(a.target),
            district_type=a.district_type,
        )
    if isinstance(a, mv.MagicSwap):
        cards = cards_count(len(s.players[a.target].hand))
        return _lab(
            "magic_swap",
            "Exchange hands",
            "Exchange hands with {seat} ({cards})",
            [_seat_step(a.target)],
            seat=seat_name(a.target),
            cards=cards,
        )
    if isinstance(a, mv.WizardLook):
        cards = cards_count(len(s.players[a.target].hand))
        return _lab(
            "wizard_look",
            "Look at a hand",
            "Look at {seat}'s hand ({cards})",
            [_seat_step(a.target)],
            seat=seat_name(a.target),
            cards=cards,
        )
    if isinstance(a, mv.AbbotCharity):
        return _lab(
            "abbot_charity",
            "Charity",
            "Take 1 gold from {seat} (the richest)",
            [_seat_step(a.source)],
            seat=seat_name(a.source),
        )
    assert isinstance(a, mv.Emperor)
    if isinstance(_step(s), AdvisorCrown) or (
        a.resource == "none" and s.options.emperor_resource_chooser == "recipient"
    ):
        return _lab(
            "emperor",
            "Give the crown",
            "Give the crown to {seat}",
            [_seat_step(a.recipient)],
            seat=seat_name(a.recipient),
        )
    what = {"gold": "take 1 gold", "card": "take 1 random card", "none": "take nothing"}[a.resource]
    steps = [_seat_step(a.recipient), _choice("resource", "{resource}", resource=upper_first(what))]
    return _lab(
        "emperor",
        "Give the crown",
        "Give the crown to {seat} (and {resource})",
        steps,
        seat=seat_name(a.recipient),
        resource=what,
    )


def label_rank8(s: State, a: mv.Destroy | mv.Seize | mv.Exchange) -> Label:
    """Warlord, Marshal, Diplomat: a district of a city, with the gold it costs (§6, Great Wall §7)."""
    from engines.citadels.abilities import destroy_price, exchange_price

    assert s.turn is not None
    seat = s.turn.seat
    if isinstance(a, mv.Exchange):
        mine = in_city(s, seat, a.own, a.own_copy)
        theirs = in_city(s, a.target, a.theirs, a.theirs_copy)
        paid = exchange_price(s, a)
        steps = [
            _choice("own", "Give your {district}", district=mine),
            _seat_step(a.target),
            _choice("district", "Take their {district} ({gold})", district=theirs, gold=gold_words(paid)),
        ]
        return _lab(
            "exchange",
            "Exchange districts",
            "Exchange your {own} for {seat}'s {theirs} ({gold})",
            steps,
            own=mine,
            seat=seat_name(a.target),
            theirs=theirs,
            gold=gold_words(paid),
        )
    what = in_city(s, a.target, a.district, a.copy)
    if isinstance(a, mv.Destroy):
        paid = destroy_price(s, a.target, a.district, a.copy)
        kind, verb = "destroy", "Destroy"
    else:
        from engines.citadels.abilities import _built, surcharge
        from engines.citadels.common import cost

        paid = cost(_built(s, a.target, a.district, a.copy)) + surcharge(s, a.target, a.district)
        kind, verb = "seize", "Seize"
    price_words = gold_words(paid)
    steps = [_seat_step(a.target), _choice("district", "{district} ({gold})", district=what, gold=price_words)]
    where = whose(s, seat, a.target)
    return _lab(
        kind, verb, f"{verb} {{whose}} {{district}} ({{gold}})", steps, whose=where, district=what, gold=price_words
    )


def label_simple(s: State, a: Any) -> Label:
    """Moves without a parameter, or with one fixed resource."""
    assert s.turn is not None
    seat = s.turn.seat
    if isinstance(a, mv.Beautify):
        what = in_city(s, seat, a.district, a.copy)
        steps = [_choice("district", "{district}", district=what)]
        return _lab("beautify", "Beautify", "Beautify your {district} (1 gold)", steps, district=what)
    if isinstance(a, mv.Navigator):
        if a.resource == "gold":
            return _lab("navigator_gold", "Take 4 gold", "Take 4 gold ({navigator})", navigator=name("navigator"))
        return _lab("navigator_cards", "Draw 4 cards", "Draw 4 cards ({navigator})", navigator=name("navigator"))
    if isinstance(a, mv.CollectTax):
        return _lab("collect_tax", "Collect the tax", "Collect the tax ({gold} gold)", gold=s.tax_token)
    fixed: dict[type, tuple[str, str]] = {
        mv.MagicRedraw: ("magic_redraw", "Discard cards and draw as many"),
        mv.SeerTake: ("seer_take", "Take a random card from each other player with cards"),
        mv.MerchantBonus: ("merchant_bonus", "Take 1 extra gold ({character})"),
        mv.ArchitectDraw: ("architect_draw", "Draw 2 extra cards ({character})"),
        mv.ScholarDraw: ("scholar_draw", "Draw 7 cards, keep 1 ({character})"),
        mv.EndTurn: ("end_turn", "End the turn"),
    }
    kind, words = fixed[type(a)]
    return _lab(kind, words, words, character=name(s.turn.character))


def label_hand_over(s: State, a: mv.HandOver) -> Label:
    """§11 B6 'recipient': what the crown's new holder hands the Emperor."""
    if a.resource == "gold":
        return _lab(
            "hand_over", "Hand over", "Hand {emperor} 1 gold", [_choice("resource", "1 gold")], emperor=the("emperor")
        )
    steps = [_choice("resource", "1 random card")]
    return _lab("hand_over", "Hand over", "Hand {emperor} 1 random card", steps, emperor=the("emperor"))


def label(state: State, move: mv.Move, several_seats: bool, act: Act) -> MoveLabel:
    """The label and choice path of a legal ``move`` of ``state`` (``act.label``: its action's words;
    Citadels decisions are one seat's, so ``several_seats`` only adds the seat in front)."""
    words, path = act.label(state, move.action)
    if several_seats:
        seat = seat_name(move.seat)
        words = text("citadels.move.seat", "{seat}: {move}", seat=seat, move=words.english)
        path = [_seat_step(move.seat), *path]
    return MoveLabel(words, tuple(path))


# ---- the log: one function per kind of move --------------------------------------------------------

Lines = tuple[Text, Text | None]


def _who(b: State, seat: int) -> str:
    """``Seat 3 (Thief)`` for the seat whose character's turn it is (revealed when called), the Magistrate
    or the Blackmailer answering their prompt, else ``Seat 3``."""
    step = _step(b)
    if isinstance(step, Confiscate | RevealThreat):  # the Magistrate's or the Blackmailer's prompt
        return f"{seat_name(seat)} ({name('magistrate' if isinstance(step, Confiscate) else 'blackmailer')})"
    if b.turn is not None and b.turn.seat == seat:
        if b.turn.mode == "resumed":  # §6 Witch: she plays on as the bewitched character
            return f"{seat_name(seat)} ({name('witch')} as {name(b.turn.character)})"
        return f"{seat_name(seat)} ({name(b.turn.character)})"
    return seat_name(seat)


def _line(kind: str, template: str, **params: object) -> Text:
    return text(f"citadels.log.{kind}", template, **params)


def _private(kind: str, template: str, **params: object) -> Text:
    return text(f"citadels.log.private.{kind}", template, **params)


def log_chance(b: State, a: Any, after: State, seat: int) -> Lines:
    """Chance events as the table sees them: a draw is never named, a face-up discard is."""
    step = _step(b)
    if isinstance(step, DrawCard):
        return _line("draw", "{seat} drew a card", seat=seat_name(step.seat)), None
    if isinstance(step, TakeRandomCard):
        words = "{seat} took a random card from {source}"
        return _line("take_random_card", words, seat=seat_name(step.seat), source=seat_name(step.source)), None
    if isinstance(step, TakeRandomCharacter):
        words = "{seat} took a character at random from {source}"
        return _line("take_random_character", words, seat=seat_name(step.seat), source=seat_name(step.source)), None
    assert isinstance(step, DiscardCharacter)
    if step.face == "up":
        return _line("discard_up", "Chance discarded {character} face up", character=the(a.character)), None
    return _line("discard_down", "Chance discarded a character face down"), None


def log_pick(b: State, a: mv.Pick, after: State, seat: int) -> Lines:
    """A pick is face down: the table sees that a character was taken (and one discarded)."""
    who = _who(b, seat)
    if a.discard:
        public = _line("pick_and_discard", "{seat} picked a character and discarded one face down", seat=who)
        return public, _private(
            "pick_and_discard",
            "You picked {character} and discarded {discard}",
            character=the(a.character),
            discard=the(a.discard),
        )
    return _line("pick", "{seat} picked a character", seat=who), _private(
        "pick", "You picked {character}", character=the(a.character)
    )


def log_theater(b: State, a: mv.Theater, after: State, seat: int) -> Lines:
    """§7 Theater: the swap is seen, the characters are not."""
    public = _line(
        "theater",
        "{seat} used {theater} on {target}",
        seat=_who(b, seat),
        theater=the("theater"),
        target=seat_name(a.target),
    )
    if a.give:
        return public, _private(
            "theater", "You gave {character} to {target}", character=the(a.give), target=seat_name(a.target)
        )
    gave, got = b.players[seat].characters, after.players[seat].characters
    if not gave or not got:
        return public, None
    return public, _private("theater_swap", "You gave {gave} and received {got}", gave=names(gave), got=names(got))


def log_yes_no(b: State, a: mv.Accept | mv.Pass, after: State, seat: int) -> Lines:
    """Theater pass, confiscation, bribe, threat reveal."""
    step = _step(b)
    who = _who(b, seat)
    yes = isinstance(a, mv.Accept)
    if isinstance(step, TheaterChoice):
        return _line("theater_pass", "{seat} did not use {theater}", seat=who, theater=the("theater")), None
    if isinstance(step, Confiscate):
        card = the(b.building.card) if b.building is not None else "the district"
        if yes:
            words = "{seat} confiscated {card} from {victim} with the signed warrant"
            return _line("confiscate", words, seat=who, card=card, victim=seat_name(step.victim)), None
        return _line(
            "let_build", "{seat} allowed {victim} to keep {card}", seat=who, victim=seat_name(step.victim), card=card
        ), None
    if isinstance(step, Bribe):
        if yes and b.players[seat].gold < 2:
            words = "{seat} paid {blackmailer} nothing (half their gold, rounded down)"
            return _line("bribe_nothing", words, seat=who, blackmailer=the("blackmailer")), None
        if yes:
            gold = b.players[seat].gold // 2
            return _line(
                "bribe", "{seat} paid {blackmailer} {gold} gold", seat=who, blackmailer=the("blackmailer"), gold=gold
            ), None
        return _line(
            "refuse_bribe", "{seat} refused to pay {blackmailer}", seat=who, blackmailer=the("blackmailer")
        ), None
    assert isinstance(step, RevealThreat)
    victim = seat_name(step.victim)
    if not yes:
        return _line("hide_threat", "{seat} kept the threat on {victim} hidden", seat=who, victim=victim), None
    taken = b.players[step.victim].gold - after.players[step.victim].gold
    if taken > 0:
        return _line(
            "reveal_threat",
            "{seat} revealed the threat on {victim} and took {gold} gold",
            seat=who,
            victim=victim,
            gold=taken,
        ), None
    return _line(
        "reveal_threat_nothing", "{seat} revealed the threat on {victim} and took no gold", seat=who, victim=victim
    ), None


def log_gather(b: State, a: mv.GatherGold | mv.GatherCards, after: State, seat: int) -> Lines:
    """M-GATHER-GOLD / M-GATHER-CARDS (the cards kept are logged with the keep)."""
    who = _who(b, seat)
    if isinstance(a, mv.GatherGold):
        gold = after.players[seat].gold - b.players[seat].gold
        return _line("gather_gold", "{seat} took {gold} gold", seat=who, gold=gold), None
    p = b.players[seat]
    count = min(3 if has(p, "observatory") else 2, len(b.deck) + len(b.deck_bottom))
    if has(p, "library"):
        return _line(
            "gather_library",
            "{seat} drew {cards} and kept them all ({library})",
            seat=who,
            cards=plural(count, "card"),
            library=name("library"),
        ), None
    public = _line("gather_cards", "{seat} chose to draw {cards}", seat=who, cards=plural(count, "card"))
    drawn = after.turn.drawn if after.turn is not None and after.turn.seat == seat else ()
    return public, (_private("drew", "You drew {cards}", cards=names(drawn)) if drawn else None)


def log_keep(b: State, a: mv.Keep | mv.Bottom, after: State, seat: int) -> Lines:
    """The kept card and the order under the deck are the mover's secret."""
    who = _who(b, seat)
    drawn = len(b.turn.drawn) if b.turn is not None else 0
    if isinstance(a, mv.Bottom):
        return _line("bottom", "{seat} put a card under the deck", seat=who), _private(
            "bottom", "You put {card} under the deck", card=the(a.card)
        )
    step = _step(b)
    rest = "shuffled the rest into the deck" if isinstance(step, KeepDrawn) and step.reason == "scholar" else ""
    words = "{seat} drew {cards} and kept 1" + (", then shuffled the rest into the deck" if rest else "")
    return _line("keep", words, seat=who, cards=plural(drawn, "card")), _private(
        "keep", "You kept {card}", card=the(a.card)
    )


def log_give(b: State, a: mv.Give, after: State, seat: int) -> Lines:
    """A card handed over face down."""
    step = _step(b)
    assert isinstance(step, GiveCards)
    who, card, target = _who(b, seat), the(a.card), seat_name(step.target)
    if step.reason == "thieves_den":
        return _line("pay_card", "{seat} paid a card for {den}", seat=who, den=the("thieves_den")), _private(
            "pay_card", "You paid with {card}", card=card
        )
    if step.reason == "cardinal":
        public = _line("loan_card", "{seat} gave {target} a card for the loan", seat=who, target=target)
        return public, _private("give", "You gave {card} to {target}", card=card, target=target)
    if step.reason == "seer":
        public = _line("seer_card", "{seat} gave a card back to {target}", seat=who, target=target)
        return public, _private("give", "You gave {card} to {target}", card=card, target=target)
    return _line("discard", "{seat} discarded a card", seat=who), _private("discard", "You discarded {card}", card=card)


def log_done(b: State, a: mv.Done, after: State, seat: int) -> Lines:
    """The end of a card sequence."""
    step = _step(b)
    assert isinstance(step, GiveCards)
    who = _who(b, seat)
    if step.reason == "magician":
        return _line(
            "redraw", "{seat} stopped discarding, to draw {cards}", seat=who, cards=plural(step.count, "card")
        ), None
    pb = b.building
    rest = pb.price - pb.cards_paid if pb is not None else 0
    if a.lender == -1:
        return _line(
            "den_gold", "{seat} paid the remaining {gold} gold for {den}", seat=who, gold=rest, den=the("thieves_den")
        ), None
    loan = rest - b.players[seat].gold
    words = "{seat} paid the remaining {gold} gold for {den}, borrowing {loan} from {lender}"
    return _line(
        "den_loan", words, seat=who, gold=rest, den=the("thieves_den"), loan=loan, lender=seat_name(a.lender)
    ), None


def build_words(b: State, seat: int, card: str, method: str, destroy: str, destroy_copy: int, lender: int) -> str:
    """How a build was paid, for the log."""
    if method == "thieves_den":
        return f"began building {the(card)} (cost {price(b, seat, card)}), paying with cards first"
    if method == "framework":
        return f"built {the(card)} by destroying their {name('framework')}"
    if method == "necropolis":
        return f"built {the(card)} by destroying their {in_city(b, seat, destroy, destroy_copy)}"
    cost = price(b, seat, card)
    if lender == -1:
        return f"built {the(card)} for {cost} gold"
    loan = cost - b.players[seat].gold
    return f"built {the(card)} for {cost} gold, borrowing {loan} from {seat_name(lender)}"


def log_build(b: State, a: mv.Build, after: State, seat: int) -> Lines:
    """M-BUILD: public, with the district and its price."""
    words = build_words(b, seat, a.card, a.method, a.destroy, a.destroy_copy, a.lender)
    return _line("build", "{seat} {built}", seat=_who(b, seat), built=words), None


def log_wizard_take(b: State, a: mv.WizardTake, after: State, seat: int) -> Lines:
    """§6 Wizard: a card taken stays secret; a card built is public."""
    step = _step(b)
    assert isinstance(step, WizardChoice)
    source = seat_name(step.target)
    if not a.build:
        public = _line("wizard_take", "{seat} took a card from {source}'s hand", seat=_who(b, seat), source=source)
        return public, _private("wizard_take", "You took {card}", card=the(a.card))
    words = build_words(b, seat, a.card, a.method, a.destroy, a.destroy_copy, -1)
    return _line(
        "wizard_build", "{seat} {built} from {source}'s hand", seat=_who(b, seat), built=words, source=source
    ), None


def log_district_effect(b: State, a: Any, after: State, seat: int) -> Lines:
    """Smithy, Laboratory, Museum, Armory."""
    who = _who(b, seat)
    if isinstance(a, mv.Smithy):
        return _line("smithy", "{seat} paid 2 gold at {smithy} to draw 3 cards", seat=who, smithy=the("smithy")), None
    if isinstance(a, mv.Laboratory):
        public = _line(
            "laboratory", "{seat} discarded a card at {laboratory} for 2 gold", seat=who, laboratory=the("laboratory")
        )
        return public, _private("laboratory", "You discarded {card}", card=the(a.card))
    if isinstance(a, mv.Museum):
        return _line("museum", "{seat} put a card under {museum}", seat=who, museum=the("museum")), _private(
            "museum", "You put {card} under {museum}", card=the(a.card), museum=the("museum")
        )
    what = in_city(b, a.target, a.district, a.copy)
    where = "their own" if a.target == seat else f"{seat_name(a.target)}'s"
    return _line(
        "armory",
        "{seat} destroyed their {armory} and {whose} {district}",
        seat=who,
        armory=name("armory"),
        whose=where,
        district=what,
    ), None


def log_ability(b: State, a: Any, after: State, seat: int) -> Lines:
    """Character abilities: what they did, with the public numbers; secrets in the private line."""
    who = _who(b, seat)
    if isinstance(a, mv.Income):
        if not a.gold and not a.cards:
            return _line("income_nothing", "{seat} took no income (no districts to count)", seat=who), None
        return _line("income", "{seat} took {income} in income", seat=who, income=income_words(a)), None
    if isinstance(a, mv.Kill | mv.Bewitch | mv.Rob):
        verb = {mv.Kill: "killed", mv.Bewitch: "bewitched", mv.Rob: "robbed"}[type(a)]
        return _line(
            str(type(a).__struct_config__.tag), f"{{seat}} {verb} {{character}}", seat=who, character=the(a.character)
        ), None
    if isinstance(a, mv.Warrants):
        marked = sorted((a.signed, *a.unsigned), key=rank)
        public = _line("warrants", "{seat} put warrants on {characters}", seat=who, characters=names(marked))
        return public, _private("warrants", "You signed the warrant for {character}", character=the(a.signed))
    if isinstance(a, mv.Threats):
        marked = sorted((a.flowered, a.blank), key=rank)
        public = _line("threats", "{seat} threatened {characters}", seat=who, characters=names(marked))
        return public, _private("threats", "The flowered threat is on {character}", character=the(a.flowered))
    if isinstance(a, mv.Spy):
        public = _line(
            "spy",
            "{seat} named {district_type} districts and looked at {target}'s hand",
            seat=who,
            district_type=a.district_type,
            target=seat_name(a.target),
        )
        found = sum(1 for c in b.players[a.target].hand if district(c).type == a.district_type)
        return public, _private(
            "spy",
            "{target}'s hand held {found}",
            target=seat_name(a.target),
            found=plural(found, f"{a.district_type} district"),
        )
    if isinstance(a, mv.MagicSwap):
        return _line("magic_swap", "{seat} exchanged hands with {target}", seat=who, target=seat_name(a.target)), None
    if isinstance(a, mv.MagicRedraw):
        return _line("magic_redraw", "{seat} chose to discard cards and draw as many", seat=who), None
    if isinstance(a, mv.WizardLook):
        return _line("wizard_look", "{seat} looked at {target}'s hand", seat=who, target=seat_name(a.target)), None
    if isinstance(a, mv.SeerTake):
        words = "{seat} chose to take a random card from each other player with cards"
        return _line("seer_take", words, seat=who), None
    if isinstance(a, mv.Emperor):
        what = {"gold": " and took 1 gold", "card": " for 1 random card", "none": ""}[a.resource]
        return _line(
            "crown", f"{{seat}} gave the crown to {{recipient}}{what}", seat=who, recipient=seat_name(a.recipient)
        ), None
    if isinstance(a, mv.AbbotCharity):
        return _line(
            "charity", "{seat} took 1 gold from {source}, the richest", seat=who, source=seat_name(a.source)
        ), None
    if isinstance(a, mv.MerchantBonus):
        return _line("merchant_bonus", "{seat} took 1 extra gold", seat=who), None
    if isinstance(a, mv.ArchitectDraw):
        return _line("architect_draw", "{seat} chose to draw 2 extra cards", seat=who), None
    if isinstance(a, mv.Navigator):
        words = "{seat} took 4 gold" if a.resource == "gold" else "{seat} chose to draw 4 cards"
        return _line(f"navigator_{a.resource}", words, seat=who), None
    if isinstance(a, mv.ScholarDraw):
        count = min(7, len(b.deck) + len(b.deck_bottom))
        words = "{seat} chose to draw {cards} to keep 1"
        return _line("scholar_draw", words, seat=who, cards=plural(count, "card")), None
    if isinstance(a, mv.CollectTax):
        return _line("collect_tax", "{seat} collected {gold} gold of tax", seat=who, gold=b.tax_token), None
    if isinstance(a, mv.Beautify):
        what = in_city(b, seat, a.district, a.copy)
        return _line("beautify", "{seat} beautified their {district} (1 gold)", seat=who, district=what), None
    return log_rank8(b, a, after, seat)


def log_rank8(b: State, a: mv.Destroy | mv.Seize | mv.Exchange, after: State, seat: int) -> Lines:
    """Warlord, Marshal, Diplomat: the districts and the gold paid (the mover's stash tells it)."""
    who = _who(b, seat)
    paid = b.players[seat].gold - after.players[seat].gold
    if isinstance(a, mv.Exchange):
        words = "{seat} exchanged their {own} for {target}'s {theirs}, paying {gold}"
        mine, theirs = in_city(b, seat, a.own, a.own_copy), in_city(b, a.target, a.theirs, a.theirs_copy)
        spent = f"{paid} gold" if paid else "nothing"
        return _line("exchange", words, seat=who, own=mine, target=seat_name(a.target), theirs=theirs, gold=spent), None
    what = in_city(b, a.target, a.district, a.copy)
    where = "their own" if a.target == seat else f"{seat_name(a.target)}'s"
    verb = "destroyed" if isinstance(a, mv.Destroy) else "seized"
    kind = "destroy" if isinstance(a, mv.Destroy) else "seize"
    return _line(
        kind,
        f"{{seat}} {verb} {{whose}} {{district}} for {{gold}}",
        seat=who,
        whose=where,
        district=what,
        gold=f"{paid} gold" if paid else "free",
    ), None


def log_hand_over(b: State, a: mv.HandOver, after: State, seat: int) -> Lines:
    """§11 B6 'recipient': the hand-over (a card's identity stays secret)."""
    words = "{seat} handed {emperor} 1 gold" if a.resource == "gold" else "{seat} chose to hand {emperor} 1 random card"
    return _line("hand_over", words, seat=_who(b, seat), emperor=the("emperor")), None


def log_end_turn(b: State, a: mv.EndTurn, after: State, seat: int) -> Lines:
    return _line("end_turn", "{seat} ended the turn", seat=_who(b, seat)), None


def log_crown_advisor(b: State, a: mv.Emperor, after: State, seat: int) -> Lines:
    if isinstance(_step(b), AdvisorCrown):
        return _line(
            "crown", "{seat} gave the crown to {recipient}", seat=_who(b, seat), recipient=seat_name(a.recipient)
        ), None
    return log_ability(b, a, after, seat)


def log(before: State, move: mv.Move, after: State, act: Act, happened: Sequence[Happened]) -> LogEntry:
    """What ``move`` did (``act.log``: its action's words): the public line names nothing hidden from another
    seat; the private line adds what only the mover knows (the card kept, the character picked, the signed
    warrant)."""
    assert act.log is not None
    public, private = act.log(before, move.action, after, move.seat)
    return LogEntry(move.seat, public, private)
