"""Character abilities (§5.5, §6): one check and one effect per move, keyed by move tag.

Each entry of ``ABILITIES`` is ``(characters, check, apply, candidates)``: the effective
characters that have it, the full precondition check, the pure effect, and the candidate
moves from which ``legal_moves`` keeps those that pass the check.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import permutations
from typing import TYPE_CHECKING, Any, NamedTuple

from msgspec.structs import replace

from engines.citadels import moves as mv
from engines.citadels.building import check_build, start_build
from engines.citadels.common import (
    character,
    check_completion,
    city_targets,
    cost,
    deck_size,
    destroy,
    distinct,
    district,
    gain_gold,
    give_gold,
    has,
    nth,
    pay_gold,
    rank,
    set_player,
)
from engines.citadels.content import CONTENT, TYPES
from engines.citadels.deck import draw, draws, push
from engines.citadels.naming import (
    ALREADY_IN_YOUR_CITY,
    CARDS,
    CITY_COMPLETED,
    DISTRICT_TYPES,
    NO_SUCH_SEAT,
    NOT_ANOTHER_PLAYER,
    NOT_IN_SEATS_CITY,
    NOT_IN_YOUR_CITY,
    TYPE_DISTRICTS,
    copy_name,
    thing,
)
from engines.citadels.state import (
    Built,
    EmperorRecipientResource,
    GiveCards,
    KeepDrawn,
    Marker,
    State,
    TakeRandomCard,
    WizardChoice,
)
from engines.citadels.turn import completed_blocks, end_turn, is_protected
from engines.core.errors import Violation, violation
from engines.core.text import Message, Text

if TYPE_CHECKING:
    Check = Callable[[State, Any], list[Violation]]
    Apply = Callable[[State, Any], State]
    Candidates = Callable[[State], list[Any]]


def _turn(s: State) -> Any:
    assert s.turn is not None
    return s.turn


def _use(s: State, key: str) -> State:
    turn = _turn(s)
    return replace(s, turn=replace(turn, used=(*turn.used, key)))


ALREADY_USED = Message("citadels.refusal.already_used", "{what} was already used this turn.")
#: Each ability used at most once a turn, as the refusal of a second use names it.
USES: dict[str, Message] = {
    "income": Message("citadels.use.income", "Income"),
    "kill": Message("citadels.use.kill", "The Assassin's kill"),
    "warrants": Message("citadels.use.warrants", "The Magistrate's warrants"),
    "rob": Message("citadels.use.rob", "The Thief's robbery"),
    "spy": Message("citadels.use.spy", "The Spy's ability"),
    "threats": Message("citadels.use.threats", "The Blackmailer's threats"),
    "magic": Message("citadels.use.magic", "The Magician's ability"),
    "wizard": Message("citadels.use.wizard", "The Wizard's ability"),
    "seer": Message("citadels.use.seer", "The Seer's ability"),
    "emperor": Message("citadels.use.emperor", "The Emperor's crown"),
    "charity": Message("citadels.use.charity", "The Abbot's charity"),
    "merchant_bonus": Message("citadels.use.merchant_bonus", "The Merchant's bonus"),
    "architect_draw": Message("citadels.use.architect_draw", "The Architect's draw"),
    "navigator": Message("citadels.use.navigator", "The Navigator's ability"),
    "scholar": Message("citadels.use.scholar", "The Scholar's ability"),
    "destroy": Message("citadels.use.destroy", "The Warlord's ability"),
    "exchange": Message("citadels.use.exchange", "The Diplomat's ability"),
    "seize": Message("citadels.use.seize", "The Marshal's ability"),
    "collect_tax": Message("citadels.use.collect_tax", "Collecting the tax"),
}


def _once(s: State, key: str) -> list[Violation]:
    if key in _turn(s).used:
        return violation("CITADELS_ABILITY_USED", ALREADY_USED(what=USES[key]()), "action")
    return []


def _seat_ok(s: State, target: int, field: str = "action.target") -> list[Violation]:
    if not 0 <= target < len(s.players) or target == _turn(s).seat:
        return violation("CITADELS_NO_SUCH_SEAT", NOT_ANOTHER_PLAYER(seat=target), field)
    return []


def nameable(s: State) -> list[str]:
    """Characters an ability may name (§11 A5): the cast, face-up discards only if allowed."""
    if s.options.allow_naming_faceup_discards:
        return list(s.options.cast)
    return [c for c in s.options.cast if c not in s.faceup]


FACE_UP = Message(
    "citadels.refusal.named_face_up", "The {character} was discarded face up this round and cannot be named."
)
NOT_IN_CAST = Message("citadels.refusal.not_in_cast", "'{character}' is not in this game's cast.")
HELD_YOURSELF = Message(
    "citadels.refusal.held_yourself", "You hold the {character} yourself; this game lets no ability name it."
)


class Naming(NamedTuple):
    """An ability that names a character (§6): the acting character and its refusals (naming itself; for the
    Thief and the Blackmailer, who spare rank 1, the killed and the bewitched character, those too)."""

    acting: str
    itself: Message
    rank1: Message | None = None
    killed: Message | None = None
    bewitched: Message | None = None


#: The abilities that name a character, by ability.
NAMING: dict[str, Naming] = {
    "kill": Naming(
        "assassin", Message("citadels.refusal.kill_itself", "The {acting} cannot kill the {acting} (its own card).")
    ),
    "bewitch": Naming(
        "witch",
        Message("citadels.refusal.bewitch_itself", "The {acting} cannot bewitch the {acting} (its own card)."),
    ),
    "warrant": Naming(
        "magistrate",
        Message("citadels.refusal.warrant_itself", "The {acting} cannot put a warrant on the {acting} (its own card)."),
    ),
    "rob": Naming(
        "thief",
        Message("citadels.refusal.rob_itself", "The {acting} cannot rob the {acting} (its own card)."),
        Message(
            "citadels.refusal.rob_rank1", "The {character} cannot be robbed (rank 1 is out of the {acting}'s reach)."
        ),
        Message(
            "citadels.refusal.rob_killed",
            "The {acting} cannot rob the {character}: the {character} was killed this round.",
        ),
        Message(
            "citadels.refusal.rob_bewitched",
            "The {acting} cannot rob the {character}: the {character} was bewitched this round.",
        ),
    ),
    "threaten": Naming(
        "blackmailer",
        Message("citadels.refusal.threaten_itself", "The {acting} cannot threaten the {acting} (its own card)."),
        Message(
            "citadels.refusal.threaten_rank1",
            "The {character} cannot be threatened (rank 1 is out of the {acting}'s reach).",
        ),
        Message(
            "citadels.refusal.threaten_killed",
            "The {acting} cannot threaten the {character}: the {character} was killed this round.",
        ),
        Message(
            "citadels.refusal.threaten_bewitched",
            "The {acting} cannot threaten the {character}: the {character} was bewitched this round.",
        ),
    ),
}


def _check_named(s: State, cid: str, field: str, ability: str) -> list[Violation]:
    """The character an ability names (§6, §11 A5, §11 A6), refused with the precise reason: not in the
    cast, discarded face up, the acting character itself, rank 1, killed or bewitched this round, held by
    the acting player."""
    naming = NAMING[ability]
    acting = naming.acting
    if cid not in nameable(s):
        if cid in s.options.cast:
            return violation("CITADELS_UNKNOWN_CHARACTER", FACE_UP(character=thing(cid)), field)
        named = thing(cid) if cid in CONTENT.character else cid
        return violation("CITADELS_UNKNOWN_CHARACTER", NOT_IN_CAST(character=named), field)
    if cid == acting:
        return violation("CITADELS_BAD_TARGET", naming.itself(acting=thing(acting)), field)
    if naming.rank1 is not None:
        if rank(cid) == 1:
            return violation("CITADELS_BAD_TARGET", naming.rank1(character=thing(cid), acting=thing(acting)), field)
        if cid == s.killed and naming.killed is not None:
            return violation("CITADELS_BAD_TARGET", naming.killed(acting=thing(acting), character=thing(cid)), field)
        if cid == s.bewitched and naming.bewitched is not None:
            refusal = naming.bewitched(acting=thing(acting), character=thing(cid))
            return violation("CITADELS_BAD_TARGET", refusal, field)
    if not s.options.allow_targeting_own_character and cid in s.players[_turn(s).seat].characters:
        return violation("CITADELS_BAD_TARGET", HELD_YOURSELF(character=thing(cid)), field)
    return []


WITCH_GATHERS = Message("citadels.refusal.witch_gathers", "The Witch gathers before bewitching.")
THREE_WARRANTS = Message("citadels.refusal.three_warrants", "Warrants go on three different characters.")
WARRANT_ORDER = Message("citadels.refusal.warrant_order", "List the two unsigned warrants in rank order.")
TWO_THREATS = Message("citadels.refusal.two_threats", "The two threats go on different characters.")
REDRAW_NEEDS_CARD = Message("citadels.refusal.redraw_needs_card", "Redrawing needs at least 1 card in hand.")
TAKE_NO_PAYMENT = Message("citadels.refusal.take_no_payment", "Taking a card into your hand has no payment.")
RECIPIENT_CHOOSES = Message(
    "citadels.refusal.recipient_chooses", "In this game the player given the crown chooses what to hand over."
)
TAKE_SOMETHING = Message("citadels.refusal.take_something", "Take 1 gold or 1 card: the recipient has one of them.")
KEEP_IMMUNE = Message("citadels.refusal.keep_immune", "The Keep is immune to rank-8 characters.")
KEEP_OUTGOING = Message("citadels.refusal.keep_outgoing", "The Diplomat cannot give away the Keep in this game.")
TWO_BEAUTIFIED = Message("citadels.refusal.two_beautified", "The Artist beautifies at most two districts a turn.")
BEAUTIFY_GOLD = Message("citadels.refusal.beautify_gold", "Beautifying costs 1 gold; you have 0.")
NO_TAX = Message("citadels.refusal.no_tax", "There is no gold on the Tax Collector's token.")
NOT_A_TYPE = Message("citadels.refusal.not_a_type", "{value} is not a district type.")
NO_CARDS_HELD = Message("citadels.refusal.no_cards_held", "Seat {seat} has no cards.")
NOT_IN_SEATS_HAND = Message("citadels.refusal.not_in_seats_hand", "The {card} is not in Seat {seat}'s hand.")
NOT_RECIPIENT = Message("citadels.refusal.not_recipient", "The crown cannot go to seat {seat}: {reason}.")
NOTHING_TO_HAND: dict[str, Message] = {
    "gold": Message("citadels.refusal.no_gold_to_hand", "Seat {seat} has no gold to hand over."),
    "card": Message("citadels.refusal.no_card_to_hand", "Seat {seat} has no card to hand over."),
}
NOT_RICHEST = Message(
    "citadels.refusal.not_richest",
    "Charity comes from a richest player ({most} gold: seats {seats}) when you are not one of them.",
)
PROTECTED = Message("citadels.refusal.protected", "Seat {seat} is protected by the Bishop this round.")
DESTROY_GOLD = Message("citadels.refusal.destroy_gold", "Destroying {district} costs {need} gold; you have {gold}.")
ALREADY_IN_SEATS_CITY = Message(
    "citadels.refusal.already_in_seats_city", "{district} is already in seat {seat}'s city."
)
EXCHANGE_GOLD = Message("citadels.refusal.exchange_gold", "This exchange costs {need} gold; you have {gold}.")
SEIZE_COST = Message("citadels.refusal.seize_cost", "{district} costs {cost}; the Marshal seizes ≤ 3.")
SEIZE_GOLD = Message("citadels.refusal.seize_gold", "Seizing {district} costs {need} gold; you have {gold}.")
ALREADY_BEAUTIFIED = Message(
    "citadels.refusal.already_beautified", "{district} is already beautified; no unbeautified copy is named."
)


def others(s: State) -> list[int]:
    return [t for t in range(len(s.players)) if t != _turn(s).seat]


# ---- income (M-INCOME) -----------------------------------------------------------------------


def income_amount(s: State) -> int:
    """Districts of the character's type now in the city; the School of Magic counts as any."""
    turn = _turn(s)
    inc = character(turn.character).income
    assert inc is not None
    city = s.players[turn.seat].city
    k = sum(1 for b in city if district(b.card).type == inc.district_type)
    return k + (1 if any(b.card == "school_of_magic" for b in city) else 0)


def income_candidates(s: State) -> list[mv.Income]:
    """§5.5 M-INCOME: the income the character may declare, one gold or card per district of its type (the
    School of Magic counts as any); the Abbot splits it between gold and cards in any way (§6 Abbot)."""
    inc = character(_turn(s).character).income
    if inc is None:
        return []
    k = income_amount(s)
    if inc.resource == "either":  # Abbot: any split, declared before taking
        return [mv.Income(gold=g, cards=k - g) for g in range(k, -1, -1)]
    return [mv.Income(gold=k) if inc.resource == "gold" else mv.Income(cards=k)]


WRONG_INCOME = Message(
    "citadels.refusal.wrong_income",
    "The {character} collects {k} from {districts} (the {school} included); declared {gold} gold and {cards}.",
)


def check_income(s: State, a: mv.Income) -> list[Violation]:
    """§5.5, §11 A4: income once per turn, exactly the districts of the type in the city at that moment."""
    if v := _once(s, "income"):
        return v
    if a not in income_candidates(s):
        k = income_amount(s)
        inc = character(_turn(s).character).income
        assert inc is not None
        refusal = WRONG_INCOME(
            character=thing(_turn(s).character),
            k=k,
            districts=TYPE_DISTRICTS(n=k, district_type=DISTRICT_TYPES[inc.district_type]),
            school=thing("school_of_magic"),
            gold=a.gold,
            cards=CARDS(n=a.cards),
        )
        return violation("CITADELS_WRONG_INCOME", refusal, "action")
    return []


def apply_income(s: State, a: mv.Income) -> State:
    """§5.5: take the declared income, gold from the bank and cards from the deck."""
    seat = _turn(s).seat
    return draw(gain_gold(_use(s, "income"), seat, a.gold), seat, a.cards)


# ---- rank 1 -----------------------------------------------------------------------------------


def check_kill(s: State, a: mv.Kill) -> list[Violation]:
    """§6 Assassin (M-KILL): once per turn, a nameable character other than the Assassin (§11 A5, §11 A6)."""
    return _once(s, "kill") or _check_named(s, a.character, "action.character", "kill")


def apply_kill(s: State, a: mv.Kill) -> State:
    """§6 Assassin: the named character is killed; its holder skips its turn this round."""
    return replace(_use(s, "kill"), killed=a.character)


def check_bewitch(s: State, a: mv.Bewitch) -> list[Violation]:
    """§6 Witch (M-BEWITCH): after gathering, a nameable character other than the Witch (§11 A5, §11 A6)."""
    if not _turn(s).gathered:
        return violation("CITADELS_NOT_GATHERED", WITCH_GATHERS(), "action")
    return _check_named(s, a.character, "action.character", "bewitch")


def apply_bewitch(s: State, a: mv.Bewitch) -> State:
    """The Witch's turn is put on hold: no end-of-turn effects now (§6 Witch)."""
    s = replace(s, bewitched=a.character, witch_seat=_turn(s).seat)
    return end_turn(s, effects=False)


def warrant_candidates(s: State) -> list[mv.Warrants]:
    """§6 Magistrate (M-WARRANTS): each signed warrant with two unsigned ones, on three other characters."""
    pool = [c for c in nameable(s) if c != "magistrate"]
    out = []
    for signed in pool:
        rest = [c for c in pool if c != signed]
        out += [mv.Warrants(signed, (u1, u2)) for u1 in rest for u2 in rest if rank(u1) < rank(u2)]
    return out


def check_warrants(s: State, a: mv.Warrants) -> list[Violation]:
    """§6 Magistrate: once per turn, three different nameable characters, never the Magistrate himself
    (§11 B22); the two unsigned ones in rank order."""
    if v := _once(s, "warrants"):
        return v
    names = (a.signed, *a.unsigned)
    if len(a.unsigned) != 2 or len(set(names)) != 3:
        return violation("CITADELS_BAD_TARGET", THREE_WARRANTS(), "action")
    for i, cid in enumerate(names):
        if v := _check_named(s, cid, f"action.{'signed' if i == 0 else 'unsigned'}", "warrant"):
            return v
    if rank(a.unsigned[0]) > rank(a.unsigned[1]):
        return violation("CITADELS_BAD_TARGET", WARRANT_ORDER(), "action.unsigned")
    return []


def apply_warrants(s: State, a: mv.Warrants) -> State:
    """§6 Magistrate: place the signed and the two unsigned warrants (which is signed stays his secret, §9)."""
    markers = (Marker(a.signed, True), *(Marker(c, False) for c in a.unsigned))
    return replace(_use(s, "warrants"), warrants=markers, magistrate_seat=_turn(s).seat)


# ---- rank 2 -----------------------------------------------------------------------------------


def _unrobbable(s: State) -> set[str]:
    """Rank 1, the killed and the bewitched character (§6 Thief, Blackmailer)."""
    return {c for c in s.options.cast if rank(c) == 1} | {s.killed, s.bewitched} - {""}


def check_rob(s: State, a: mv.Rob) -> list[Violation]:
    """§6 Thief (M-ROB), §11 B1: once per turn; never a rank-1, the killed or the bewitched character."""
    return _once(s, "rob") or _check_named(s, a.character, "action.character", "rob")


def apply_rob(s: State, a: mv.Rob) -> State:
    """§6 Thief: mark the robbed character; its holder's gold moves when it is revealed (§11 B2)."""
    return replace(_use(s, "rob"), robbed=a.character, thief_seat=_turn(s).seat)


def spy_candidates(s: State) -> list[mv.Spy]:
    """§6 Spy (M-SPY): every other player with every district type."""
    return [mv.Spy(t, ty) for t in others(s) for ty in TYPES]


def check_spy(s: State, a: mv.Spy) -> list[Violation]:
    """§6 Spy: once per turn, another player and a district type."""
    if v := _once(s, "spy") or _seat_ok(s, a.target):
        return v
    if a.district_type not in TYPES:
        return violation("CITADELS_BAD_TARGET", NOT_A_TYPE(value=repr(a.district_type)), "action.district_type")
    return []


def apply_spy(s: State, a: mv.Spy) -> State:
    """§6 Spy: look at the hand; take 1 gold per matching card (as far as it goes) and draw as many."""
    seat = _turn(s).seat
    m = sum(1 for c in s.players[a.target].hand if district(c).type == a.district_type)
    s = give_gold(_use(s, "spy"), a.target, seat, min(m, s.players[a.target].gold))
    return draw(s, seat, m)


def threat_candidates(s: State) -> list[mv.Threats]:
    """§6 Blackmailer (M-THREATS): two different characters, none of rank 1, killed, bewitched or himself."""
    pool = [c for c in nameable(s) if c not in _unrobbable(s) | {"blackmailer"}]
    return [mv.Threats(f, b) for f, b in permutations(pool, 2)]


def check_threats(s: State, a: mv.Threats) -> list[Violation]:
    """§6 Blackmailer: once per turn, the two threats on different characters that may be threatened."""
    if v := _once(s, "threats"):
        return v
    if a.flowered == a.blank:
        return violation("CITADELS_BAD_TARGET", TWO_THREATS(), "action.blank")
    return _check_named(s, a.flowered, "action.flowered", "threaten") or _check_named(
        s, a.blank, "action.blank", "threaten"
    )


def apply_threats(s: State, a: mv.Threats) -> State:
    """§6 Blackmailer: place the flowered and the blank threat (which is which stays his secret, §9)."""
    markers = (Marker(a.flowered, True), Marker(a.blank, False))
    return replace(_use(s, "threats"), threats=markers, blackmailer_seat=_turn(s).seat)


# ---- rank 3 -----------------------------------------------------------------------------------


def check_magic_swap(s: State, a: mv.MagicSwap) -> list[Violation]:
    """§6 Magician (M-MAGIC-SWAP), §11 B3: once per turn, with another player (even one without cards)."""
    return _once(s, "magic") or _seat_ok(s, a.target)


def apply_magic_swap(s: State, a: mv.MagicSwap) -> State:
    """§6 Magician: exchange the two whole hands."""
    seat = _turn(s).seat
    mine, theirs = s.players[seat].hand, s.players[a.target].hand
    s = set_player(_use(s, "magic"), seat, hand=theirs)
    return set_player(s, a.target, hand=mine)


def check_magic_redraw(s: State, a: mv.MagicRedraw) -> list[Violation]:
    """§6 Magician (M-MAGIC-REDRAW), §11 B3: once per turn, with at least 1 card in hand."""
    if v := _once(s, "magic"):
        return v
    if not s.players[_turn(s).seat].hand:
        return violation("CITADELS_NOT_ENOUGH_CARDS", REDRAW_NEEDS_CARD(), "action")
    return []


def apply_magic_redraw(s: State, a: mv.MagicRedraw) -> State:
    """§6 Magician: discard cards one at a time under the deck, then draw as many."""
    return push(_use(s, "magic"), GiveCards(_turn(s).seat, "magician"))


def check_wizard_look(s: State, a: mv.WizardLook) -> list[Violation]:
    """§6 Wizard (M-WIZARD): once per turn, the hand of another player who holds at least 1 card."""
    if v := _once(s, "wizard") or _seat_ok(s, a.target):
        return v
    if not s.players[a.target].hand:
        return violation("CITADELS_NOT_ENOUGH_CARDS", NO_CARDS_HELD(seat=a.target), "action.target")
    return []


def apply_wizard_look(s: State, a: mv.WizardLook) -> State:
    """§6 Wizard: queue the choice of one card from the hand looked at."""
    return push(_use(s, "wizard"), WizardChoice(_turn(s).seat, a.target))


def wizard_take_options(s: State, step: WizardChoice) -> list[mv.WizardTake]:
    """§6 Wizard: each card of the hand, taken, or built at once with each payment form (§5.3)."""
    hand = s.players[step.target].hand
    out: list[mv.WizardTake] = []
    own_city = city_targets(s.players[step.seat])
    for c in distinct(hand):
        out.append(mv.WizardTake(c))
        out += [mv.WizardTake(c, True, m) for m in ("gold", "thieves_den", "framework")]
        out += [mv.WizardTake(c, True, "necropolis", d, k) for d, k in own_city]
    return out


def check_wizard_take(s: State, step: WizardChoice, a: mv.WizardTake) -> list[Violation]:
    """§6 Wizard: a card of that hand, taken without payment, or built at once under every §5.3 rule except
    the building limit (§11 A3: after gathering)."""
    hand = s.players[step.target].hand
    if not a.build:
        if a.card not in hand:
            return violation(
                "CITADELS_CARD_NOT_IN_HAND", NOT_IN_SEATS_HAND(card=thing(a.card), seat=step.target), "action.card"
            )
        if a.method != "gold" or a.destroy or a.destroy_copy:
            return violation("CITADELS_BAD_PAYMENT", TAKE_NO_PAYMENT(), "action.method")
        return []
    return check_build(s, step.seat, a.card, a.method, (a.destroy, a.destroy_copy), -1, hand, wizard=True)


def apply_wizard_take(s: State, step: WizardChoice, a: mv.WizardTake) -> State:
    """§6 Wizard: move the card to the Wizard's hand, or start its immediate build (§5.3)."""
    s = replace(s, queue=s.queue[1:])
    if a.build:
        return start_build(s, step.seat, a.card, a.method, (a.destroy, a.destroy_copy), -1, step.target, wizard=True)
    src = s.players[step.target]
    i = src.hand.index(a.card)
    s = set_player(s, step.target, hand=src.hand[:i] + src.hand[i + 1 :])
    return set_player(s, step.seat, hand=(*s.players[step.seat].hand, a.card))


def check_seer_take(s: State, a: mv.SeerTake) -> list[Violation]:
    """§6 Seer (M-SEER-TAKE), §11 B5: once per turn; players without cards are skipped."""
    return _once(s, "seer")


def apply_seer_take(s: State, a: mv.SeerTake) -> State:
    """A random card from each other player with cards, then one card back to each (§6 Seer)."""
    seat = _turn(s).seat
    sources = [t for t in (seat + i for i in range(1, len(s.players))) if s.players[t % len(s.players)].hand]
    sources = [t % len(s.players) for t in sources]
    takes = [TakeRandomCard(t, seat, "seer") for t in sources]
    gives = [GiveCards(seat, "seer", count=1, target=t) for t in sources]
    return push(_use(s, "seer"), *takes, *gives)


# ---- rank 4 -----------------------------------------------------------------------------------


def emperor_recipients(s: State, giver: int) -> list[int]:
    """§11 B7: not the giver, not the current crown holder (unless the option allows it)."""
    out = [t for t in range(len(s.players)) if t != giver]
    if not s.options.emperor_may_return_to_holder and s.crown != giver:
        out = [t for t in out if t != s.crown]
    return out


NOT_HIMSELF = Message("citadels.refusal.crown_himself", "the Emperor cannot give it to himself")
NOT_BACK = Message("citadels.refusal.crown_back", "it cannot go back to the player who holds it")
NO_SUCH_PLAYER = Message("citadels.refusal.crown_nobody", "there is no such player")


def _why_not_recipient(s: State, recipient: int) -> Text:
    """Why the crown cannot go to ``recipient`` (§11 B7), in words."""
    if recipient == _turn(s).seat:
        return NOT_HIMSELF()
    if recipient == s.crown:
        return NOT_BACK()
    return NO_SUCH_PLAYER()


def emperor_candidates(s: State) -> list[mv.Emperor]:
    """§6 Emperor (M-EMPEROR): each recipient §11 B7 allows, with each resource (§11 B6)."""
    return [mv.Emperor(r, res) for r in emperor_recipients(s, _turn(s).seat) for res in ("gold", "card", "none")]


def check_emperor(s: State, a: mv.Emperor) -> list[Violation]:
    """§6 Emperor: once per turn, a recipient §11 B7 allows, and a resource he can hand over (§11 B6)."""
    if v := _once(s, "emperor"):
        return v
    if a.recipient not in emperor_recipients(s, _turn(s).seat):
        return violation(
            "CITADELS_NO_SUCH_SEAT",
            NOT_RECIPIENT(seat=a.recipient, reason=_why_not_recipient(s, a.recipient)),
            "action.recipient",
        )
    r = s.players[a.recipient]
    if s.options.emperor_resource_chooser == "recipient":
        if a.resource != "none":
            return violation(
                "CITADELS_BAD_RESOURCE",
                RECIPIENT_CHOOSES(),
                "action.resource",
            )
        return []
    wanted = {"gold": r.gold > 0, "card": bool(r.hand)}
    if a.resource == "none":
        if any(wanted.values()):
            return violation("CITADELS_BAD_RESOURCE", TAKE_SOMETHING(), "action.resource")
        return []
    if not wanted.get(a.resource, False):
        return violation("CITADELS_BAD_RESOURCE", NOTHING_TO_HAND[a.resource](seat=a.recipient), "action.resource")
    return []


def apply_emperor(s: State, a: mv.Emperor) -> State:
    """§6 Emperor: the crown goes to the recipient, who hands over 1 gold or 1 random card (§11 B6)."""
    seat = _turn(s).seat
    s = replace(_use(s, "emperor"), crown=a.recipient)
    r = s.players[a.recipient]
    resource = a.resource
    if s.options.emperor_resource_chooser == "recipient":
        if r.gold > 0 and r.hand:
            return push(s, EmperorRecipientResource(a.recipient, seat))
        resource = "gold" if r.gold > 0 else "card" if r.hand else "none"
    return hand_over(s, a.recipient, seat, resource)


def hand_over(s: State, giver: int, emperor: int, resource: str) -> State:
    """The crown's recipient hands the Emperor 1 gold or 1 random card."""
    if resource == "gold":
        return give_gold(s, giver, emperor, 1)
    if resource == "card":
        return push(s, TakeRandomCard(giver, emperor, "emperor"))
    return s


# ---- rank 5 ---------------------------------------------------------------------------------


def richest(s: State) -> list[int]:
    most = max(p.gold for p in s.players)
    return [t for t, p in enumerate(s.players) if p.gold == most]


def check_charity(s: State, a: mv.AbbotCharity) -> list[Violation]:
    """§6 Abbot (M-ABBOT-CHARITY), §11 B16: once per turn, from a richest player when the Abbot is not one."""
    if v := _once(s, "charity") or _seat_ok(s, a.source, "action.source"):
        return v
    top = richest(s)
    if _turn(s).seat in top or a.source not in top:
        most = s.players[top[0]].gold
        return violation(
            "CITADELS_NOT_RICHEST",
            NOT_RICHEST(most=most, seats=str(top)),
            "action.source",
        )
    return []


def apply_charity(s: State, a: mv.AbbotCharity) -> State:
    """§6 Abbot: the richest player chosen gives the Abbot 1 gold."""
    return give_gold(_use(s, "charity"), a.source, _turn(s).seat, 1)


# ---- ranks 6 and 7 ----------------------------------------------------------------------------


def check_once_named(key: str) -> Check:
    """R-4.3.2: each ability at most once per turn (all the Merchant, Architect, Navigator and Scholar need)."""
    return lambda s, a: _once(s, key)


def apply_merchant(s: State, a: mv.MerchantBonus) -> State:
    """§6 Merchant (M-MERCHANT-BONUS): 1 extra gold, whatever was gathered."""
    return gain_gold(_use(s, "merchant_bonus"), _turn(s).seat, 1)


def apply_architect(s: State, a: mv.ArchitectDraw) -> State:
    """§6 Architect (M-ARCHITECT-DRAW): gain 2 cards, whatever was gathered."""
    return draw(_use(s, "architect_draw"), _turn(s).seat, 2)


def apply_navigator(s: State, a: mv.Navigator) -> State:
    """§6 Navigator (M-NAVIGATOR): gain 4 gold or 4 cards."""
    seat = _turn(s).seat
    s = _use(s, "navigator")
    return gain_gold(s, seat, 4) if a.resource == "gold" else draw(s, seat, 4)


def apply_scholar(s: State, a: mv.ScholarDraw) -> State:
    """§6 Scholar (M-SCHOLAR-DRAW): draw 7 (fewer if the deck runs short, §11 D1), then keep 1."""
    seat = _turn(s).seat
    n = min(7, deck_size(s))
    s = _use(s, "scholar")
    if n == 0:
        return s
    return push(s, *draws(seat, n, "drawn"), KeepDrawn(seat, "scholar"))


# ---- rank 8 ---------------------------------------------------------------------------------


def surcharge(s: State, target: int, card: str) -> int:
    """The Great Wall's +1 (§7 #8; §11 C2 whether it covers itself; §11 B10 own city)."""
    p = s.players[target]
    if not has(p, "great_wall"):
        return 0
    if target == _turn(s).seat and not s.options.great_wall_in_own_city:
        return 0
    return 0 if card == "great_wall" and not s.options.great_wall_covers_itself else 1


def pay_surcharge(s: State, seat: int, target: int, amount: int) -> State:
    """§11 B11: the surcharge goes to the bank (default) or to the city's owner."""
    if s.options.great_wall_surcharge_to == "owner":
        return give_gold(s, seat, target, amount)
    return pay_gold(s, seat, amount)


def _rank8_target(s: State, target: int, card: str, copy: int, field: str) -> list[Violation]:
    seat = _turn(s).seat
    if not 0 <= target < len(s.players):
        return violation("CITADELS_NO_SUCH_SEAT", NO_SUCH_SEAT(seat=target), "action.target")
    if nth(s.players[target], card, copy) < 0:
        return violation(
            "CITADELS_NO_SUCH_DISTRICT", NOT_IN_SEATS_CITY(district=copy_name(card, copy), seat=target), field
        )
    if card == "keep":
        return violation("CITADELS_PROTECTED", KEEP_IMMUNE(), field)
    if is_protected(s, seat, target):
        return violation("CITADELS_PROTECTED", PROTECTED(seat=target), "action.target")
    return []


def _city_targets(s: State, include_self: bool) -> list[tuple[int, str, int]]:
    """Every district of the other cities (and the own one) as ``(seat, card, copy)``."""
    seat = _turn(s).seat
    return [
        (t, c, k) for t in range(len(s.players)) if include_self or t != seat for c, k in city_targets(s.players[t])
    ]


def _built(s: State, seat: int, card: str, copy: int) -> Built:
    """The district a checked move names (its copy exists)."""
    p = s.players[seat]
    return p.city[nth(p, card, copy)]


def destroy_price(s: State, target: int, card: str, copy: int) -> int:
    """Warlord: cost − 1 of that very copy, + the Great Wall's surcharge (EX-5)."""
    return cost(_built(s, target, card, copy)) - 1 + surcharge(s, target, card)


def check_destroy(s: State, a: mv.Destroy) -> list[Violation]:
    """§6 Warlord (M-DESTROY): once per turn; not the Keep, the Bishop's protected city or a completed city
    (§11 B9); the Warlord can pay cost − 1 plus the Great Wall's +1 (EX-5)."""
    seat = _turn(s).seat
    if v := _once(s, "destroy") or _rank8_target(s, a.target, a.district, a.copy, "action.district"):
        return v
    if completed_blocks(s, seat, a.target):
        return violation("CITADELS_PROTECTED", CITY_COMPLETED(seat=a.target), "action.target")
    need = destroy_price(s, a.target, a.district, a.copy)
    if s.players[seat].gold < need:
        return violation(
            "CITADELS_NOT_ENOUGH_GOLD",
            DESTROY_GOLD(district=copy_name(a.district, a.copy), need=need, gold=s.players[seat].gold),
            "action.district",
        )
    return []


def apply_destroy(s: State, a: mv.Destroy) -> State:
    """§6 Warlord: pay (the Great Wall's +1 per §11 B11) and destroy the district (under the deck)."""
    seat = _turn(s).seat
    extra = surcharge(s, a.target, a.district)
    base = destroy_price(s, a.target, a.district, a.copy) - extra
    s = pay_surcharge(pay_gold(_use(s, "destroy"), seat, base), seat, a.target, extra)
    return destroy(s, a.target, nth(s.players[a.target], a.district, a.copy))


def exchange_candidates(s: State) -> list[mv.Exchange]:
    """§6 Diplomat (M-EXCHANGE): each own district against each district of another city."""
    seat = _turn(s).seat
    own = city_targets(s.players[seat])
    return [mv.Exchange(o, t, c, ok, k) for o, ok in own for t, c, k in _city_targets(s, include_self=False)]


def exchange_price(s: State, a: mv.Exchange) -> int:
    mine = _built(s, _turn(s).seat, a.own, a.own_copy)
    theirs = _built(s, a.target, a.theirs, a.theirs_copy)
    return max(0, cost(theirs) - cost(mine)) + surcharge(s, a.target, a.theirs)


def check_exchange(s: State, a: mv.Exchange) -> list[Violation]:
    """§6 Diplomat: once per turn; no Keep (§11 B12), protected or completed city, nor a duplicate on either
    side (§11 B14); the Diplomat can pay the difference and the Great Wall's +1."""
    seat = _turn(s).seat
    if v := _once(s, "exchange") or _seat_ok(s, a.target):
        return v
    me = s.players[seat]
    if nth(me, a.own, a.own_copy) < 0:
        return violation(
            "CITADELS_NO_SUCH_DISTRICT", NOT_IN_YOUR_CITY(district=copy_name(a.own, a.own_copy)), "action.own"
        )
    if v := _rank8_target(s, a.target, a.theirs, a.theirs_copy, "action.theirs"):
        return v
    if completed_blocks(s, seat, a.target):
        return violation("CITADELS_PROTECTED", CITY_COMPLETED(seat=a.target), "action.target")
    if a.own == "keep" and s.options.keep_blocks_diplomat_outgoing:
        return violation("CITADELS_PROTECTED", KEEP_OUTGOING(), "action.own")
    if has(me, a.theirs):
        return violation("CITADELS_DUPLICATE_DISTRICT", ALREADY_IN_YOUR_CITY(district=thing(a.theirs)), "action.theirs")
    if has(s.players[a.target], a.own):
        return violation(
            "CITADELS_DUPLICATE_DISTRICT", ALREADY_IN_SEATS_CITY(district=thing(a.own), seat=a.target), "action.own"
        )
    need = exchange_price(s, a)
    if me.gold < need:
        return violation("CITADELS_NOT_ENOUGH_GOLD", EXCHANGE_GOLD(need=need, gold=me.gold), "action.theirs")
    return []


def apply_exchange(s: State, a: mv.Exchange) -> State:
    """§6 Diplomat: swap the districts (beautification and Museum cards travel with them)."""
    seat = _turn(s).seat
    extra = surcharge(s, a.target, a.theirs)
    diff = exchange_price(s, a) - extra
    s = give_gold(_use(s, "exchange"), seat, a.target, diff)
    s = pay_surcharge(s, seat, a.target, extra)
    me, them = s.players[seat], s.players[a.target]
    i, j = nth(me, a.own, a.own_copy), nth(them, a.theirs, a.theirs_copy)
    mine, theirs = me.city[i], them.city[j]
    s = set_player(s, seat, city=(*me.city[:i], theirs, *me.city[i + 1 :]))
    s = set_player(s, a.target, city=(*them.city[:j], mine, *them.city[j + 1 :]))
    return check_completion(check_completion(s, seat), a.target)


def check_seize(s: State, a: mv.Seize) -> list[Violation]:
    """§6 Marshal (M-SEIZE): once per turn; a district of another city costing ≤ 3 (§11 B15), not the Keep,
    not protected or completed, not a duplicate; the Marshal can pay its cost and the Great Wall's +1."""
    seat = _turn(s).seat
    if v := _once(s, "seize") or _seat_ok(s, a.target):
        return v
    if v := _rank8_target(s, a.target, a.district, a.copy, "action.district"):
        return v
    if completed_blocks(s, seat, a.target):
        return violation("CITADELS_PROTECTED", CITY_COMPLETED(seat=a.target), "action.target")
    b = _built(s, a.target, a.district, a.copy)
    what = copy_name(a.district, a.copy)
    if cost(b) > 3:
        return violation("CITADELS_BAD_TARGET", SEIZE_COST(district=what, cost=cost(b)), "action.district")
    if has(s.players[seat], a.district):
        return violation(
            "CITADELS_DUPLICATE_DISTRICT", ALREADY_IN_YOUR_CITY(district=thing(a.district)), "action.district"
        )
    need = cost(b) + surcharge(s, a.target, a.district)
    if s.players[seat].gold < need:
        return violation(
            "CITADELS_NOT_ENOUGH_GOLD",
            SEIZE_GOLD(district=what, need=need, gold=s.players[seat].gold),
            "action.district",
        )
    return []


def apply_seize(s: State, a: mv.Seize) -> State:
    """§6 Marshal: give the owner its cost (the Great Wall's +1 per §11 B11) and move it to his city."""
    seat = _turn(s).seat
    them = s.players[a.target]
    j = nth(them, a.district, a.copy)
    b = them.city[j]
    s = give_gold(_use(s, "seize"), seat, a.target, cost(b))
    s = pay_surcharge(s, seat, a.target, surcharge(s, a.target, a.district))
    s = set_player(s, a.target, city=them.city[:j] + them.city[j + 1 :])
    s = set_player(s, seat, city=(*s.players[seat].city, b))
    return check_completion(s, seat)


# ---- rank 9 ---------------------------------------------------------------------------------


def check_beautify(s: State, a: mv.Beautify) -> list[Violation]:
    """§6 Artist (M-BEAUTIFY): at most two a turn, each an unbeautified district of his city, 1 gold each."""
    turn = _turn(s)
    me = s.players[turn.seat]
    if turn.used.count("beautify") >= 2:
        return violation("CITADELS_ABILITY_USED", TWO_BEAUTIFIED(), "action")
    i = nth(me, a.district, a.copy)
    if i < 0:
        return violation(
            "CITADELS_NO_SUCH_DISTRICT", NOT_IN_YOUR_CITY(district=copy_name(a.district, a.copy)), "action.district"
        )
    if me.city[i].beautified:
        return violation(
            "CITADELS_NO_SUCH_DISTRICT",
            ALREADY_BEAUTIFIED(district=copy_name(a.district, a.copy)),
            "action.district",
        )
    if me.gold < 1:
        return violation("CITADELS_NOT_ENOUGH_GOLD", BEAUTIFY_GOLD(), "action.district")
    return []


def apply_beautify(s: State, a: mv.Beautify) -> State:
    """§6 Artist: 1 gold from the stash onto the district; its cost is +1 for good."""
    seat = _turn(s).seat
    me = s.players[seat]
    i = nth(me, a.district, a.copy)
    city = (*me.city[:i], replace(me.city[i], beautified=True), *me.city[i + 1 :])
    return set_player(_use(s, "beautify"), seat, city=city, gold=me.gold - 1)


def check_collect_tax(s: State, a: mv.CollectTax) -> list[Violation]:
    """§6 Tax Collector (M-COLLECT-TAX): once per turn, when the token holds gold."""
    if v := _once(s, "collect_tax"):
        return v
    if s.tax_token == 0:
        return violation("CITADELS_BAD_RESOURCE", NO_TAX(), "action")
    return []


def apply_collect_tax(s: State, a: mv.CollectTax) -> State:
    """§6 Tax Collector: the token's gold moves to the stash (it never went back to the bank)."""
    seat = _turn(s).seat
    s = set_player(_use(s, "collect_tax"), seat, gold=s.players[seat].gold + s.tax_token)
    return replace(s, tax_token=0)


# ---- the table -------------------------------------------------------------------------------


def _character_ids(s: State) -> list[str]:
    return nameable(s)


ABILITIES: dict[str, tuple[frozenset[str], Check, Apply, Candidates]] = {
    "income": (
        frozenset(c.id for c in CONTENT.characters if c.income),
        check_income,
        apply_income,
        income_candidates,
    ),
    "kill": (frozenset({"assassin"}), check_kill, apply_kill, lambda s: [mv.Kill(c) for c in _character_ids(s)]),
    "bewitch": (
        frozenset({"witch"}),
        check_bewitch,
        apply_bewitch,
        lambda s: [mv.Bewitch(c) for c in _character_ids(s)],
    ),
    "warrants": (frozenset({"magistrate"}), check_warrants, apply_warrants, warrant_candidates),
    "rob": (frozenset({"thief"}), check_rob, apply_rob, lambda s: [mv.Rob(c) for c in _character_ids(s)]),
    "spy": (frozenset({"spy"}), check_spy, apply_spy, spy_candidates),
    "threats": (frozenset({"blackmailer"}), check_threats, apply_threats, threat_candidates),
    "magic_swap": (
        frozenset({"magician"}),
        check_magic_swap,
        apply_magic_swap,
        lambda s: [mv.MagicSwap(t) for t in others(s)],
    ),
    "magic_redraw": (frozenset({"magician"}), check_magic_redraw, apply_magic_redraw, lambda s: [mv.MagicRedraw()]),
    "wizard_look": (
        frozenset({"wizard"}),
        check_wizard_look,
        apply_wizard_look,
        lambda s: [mv.WizardLook(t) for t in others(s)],
    ),
    "seer_take": (frozenset({"seer"}), check_seer_take, apply_seer_take, lambda s: [mv.SeerTake()]),
    "emperor": (frozenset({"emperor"}), check_emperor, apply_emperor, emperor_candidates),
    "abbot_charity": (
        frozenset({"abbot"}),
        check_charity,
        apply_charity,
        lambda s: [mv.AbbotCharity(t) for t in others(s)],
    ),
    "merchant_bonus": (
        frozenset({"merchant"}),
        check_once_named("merchant_bonus"),
        apply_merchant,
        lambda s: [mv.MerchantBonus()],
    ),
    "architect_draw": (
        frozenset({"architect"}),
        check_once_named("architect_draw"),
        apply_architect,
        lambda s: [mv.ArchitectDraw()],
    ),
    "navigator": (
        frozenset({"navigator"}),
        check_once_named("navigator"),
        apply_navigator,
        lambda s: [mv.Navigator("gold"), mv.Navigator("cards")],
    ),
    "scholar_draw": (
        frozenset({"scholar"}),
        check_once_named("scholar"),
        apply_scholar,
        lambda s: [mv.ScholarDraw()],
    ),
    "destroy": (
        frozenset({"warlord"}),
        check_destroy,
        apply_destroy,
        lambda s: [mv.Destroy(t, c, k) for t, c, k in _city_targets(s, include_self=True)],
    ),
    "exchange": (frozenset({"diplomat"}), check_exchange, apply_exchange, exchange_candidates),
    "seize": (
        frozenset({"marshal"}),
        check_seize,
        apply_seize,
        lambda s: [mv.Seize(t, c, k) for t, c, k in _city_targets(s, include_self=False)],
    ),
    "beautify": (
        frozenset({"artist"}),
        check_beautify,
        apply_beautify,
        lambda s: [mv.Beautify(c, k) for c, k in city_targets(s.players[_turn(s).seat])],
    ),
    "collect_tax": (frozenset({"tax_collector"}), check_collect_tax, apply_collect_tax, lambda s: [mv.CollectTax()]),
}
