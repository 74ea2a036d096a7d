"""Viscounts of the West Kingdom in words: a label and a path of choices for every legal move, and the log lines
of a move.

Things are named as a player at the table sees them (``names``): townsfolk by name and silver value
(``Benefactor (2)``; cards sharing both add their ability, ``Peddler (2, 1 ink)``), manuscripts by what their
card prints (``manuscript (cost 3, grey ribbon, flip 1 debt or deed)``), the AI's scheme cards by deck, number
and icons (``starting scheme 4 (cleric and merchant icons)``), viscount spaces by segment (``segment 2
outer-left``, ring positions counted from 1), building spots by segment and river side (``segment 2 left spot 1
(1 virtue)``), castle sections by number, neighbouring segment and tier-2 reward (``section 1 by segment 3
(1 ink + 1 stone)``), building slots by type, number and what building there reveals (``Trading Post 2
(dismiss for 1 silver)``), payments spelt out (``Place 3 workers: pay 2 gold, dismiss Overseer (3 silver)``).

A label says what the move does, as the one deciding says it (``Hire Acolyte (3) for 3 silver``). A path
chooses the kind of move first, then each part (a primary action: the action, the target, the payment,
§5.3–§5.7); a part with more than 25 values (a chat menu's limit) is chosen in two steps, first a group of at
most 25 consecutive values. The groups come from a list every seat can see (the whole content list for a
chance draw, never the unseen cards), so the same menus appear whatever is hidden.

A log line says what happened, in the past tense, the one who acted first (``Seat 0 hired Acolyte (3) for 3
silver``, ``Chance revealed Overseer (3) on the townsfolk pile of segment 1``). The public line names nothing
hidden (§9): a card drawn into a hand and a Future Scheme shuffled into the AI's pile are named only in the
private line; a blind play, a discard or a destroy from the top of a draw pile shows the card. A line also
says, briefly, what followed by itself (``Happened``: what the engine did before the next decision): the cards
taken from the top of a draw pile, a decision that had nothing to decide (a destroy when its player keeps only
three cards, §4.6, A-21), the Cleric AI's turn (§8.4: its scheme, its move and what it gained), Poverty or
Prosperity revealed (§4.9), the round reached, the end of the game. The mover's private line, when there is
one, is the same line said to them (``You hired nobody — then you drew Patron (2)``), naming the cards their
move made them draw.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import reduce
from typing import NamedTuple

from msgspec.structs import replace

from engines.core.engine import CHANCE
from engines.core.table import Act, Happened
from engines.core.text import (
    LIST_COMMA,
    LogEntry,
    Message,
    MoveLabel,
    Name,
    Param,
    Text,
    listing,
    menu_steps,
    seat,
    seated,
)
from engines.viscounts import actions, castle, funding, turn
from engines.viscounts import moves as mv
from engines.viscounts.board import SEGMENTS, position
from engines.viscounts.cards import MIN_OWNED
from engines.viscounts.castle import section_reward
from engines.viscounts.common import CONTENT, owned, slot_cards
from engines.viscounts.content import ActionName, Effect
from engines.viscounts.names import (
    ANY_RESOURCE,
    CARD_NAMES,
    EMPTY_SLOT,
    GAIN_DEBT,
    GAIN_DEED,
    GOOD,
    GOODS,
    NOTHING,
    building_name,
    card_name,
    effect_words,
    folk,
    manuscript_details,
    manuscript_name,
    manuscript_words,
    scheme_words,
    slot_name,
    space_words,
    spot_name,
    the_manuscript,
)
from engines.viscounts.state import (
    EMPTY,
    BuildFree,
    CastleMove,
    CastleSection,
    ChooseBranch,
    ChooseCost,
    DestroyStep,
    DiscardStep,
    DrawCard,
    DrawFolk,
    DrawHero,
    DrawManuscript,
    DrawScheme,
    DrawSegment,
    FreeHire,
    FreeManuscript,
    Player,
    Rearrange,
    State,
    Step,
)

__all__ = [
    "CARD_NAMES",
    "building_name",
    "card_name",
    "effect_words",
    "label",
    "log",
    "manuscript_name",
    "manuscript_words",
    "section_name",
    "slot_name",
    "spot_name",
]

G = "viscounts"

Words = tuple[Text, list[Text]]
"""A label and its path of choices (the seat is added when several seats decide)."""


def _part(name: str) -> Message:
    """A step of a path showing one part's value as it is (``{card}``)."""
    return Message(f"{G}.part.{name}", f"{{{name}}}")


PARTS = {
    name: _part(name)
    for name in (
        *("segment", "seat", "pair", "space", "workers", "manuscript", "resource", "what", "order", "card"),
        *("slot", "spot", "section", "place", "owner", "first"),
    )
}
"""The steps of a path that show a part's value (the value is already words)."""


def _path(title: Message, **parts: Param) -> list[Text]:
    """A path of choices: the kind of move (``title``), then one step per part, each showing its value."""
    return [title(), *(PARTS[name](**{name: value}) for name, value in parts.items())]


# ---- naming things -------------------------------------------------------------------------------------------

SECTION_BARE = Message(f"{G}.section.bare", "section {number}")
SECTION = Message(f"{G}.section.name", "section {number} ({reward})")
SECTION_BY = Message(f"{G}.section.by", "section {number} by segment {segment} ({reward})")
SECTION_LIES_BY = Message(f"{G}.section.lies_by", "section {number} lies by segment {segment} ({reward})")


def section_name(s: State, section: int, lies: bool = False) -> Text:
    """A castle section (castle frame, §5.8, §6.10) by number, the segment it lies by and its tier-2 reward:
    ``section 1 by segment 3 (1 ink + 1 stone)`` (``lies``: ``section 1 lies by segment 3 …``)."""
    if not 0 <= section < SEGMENTS:
        return SECTION_BARE(number=section + 1)
    reward = effect_words(section_reward(s, section))
    if s.rotation >= 0:
        segment = (section - s.rotation) % SEGMENTS + 1
        return (SECTION_LIES_BY if lies else SECTION_BY)(number=section + 1, segment=segment, reward=reward)
    return SECTION(number=section + 1, reward=reward)


AI_SEAT = Message(f"{G}.seat.ai", "{seat} (AI)")


def who(s: State, number: int) -> Param:
    """A seat as people name it; the Cleric AI of a solo game (§8) says so: ``Seat 1 (AI)``."""
    ai = 0 <= number < len(s.players) and s.players[number].ai
    return AI_SEAT(seat=seat(number)) if ai else seat(number)


PLAYER_CARD = Message(f"{G}.player_card.name", "player card {number}")
PLAYER_CARD_DETAILS = Message(f"{G}.player_card.details", "player card {number} ({details})")
DETAILS_THEN = Message(f"{G}.player_card.then", "{goods}; then {extra}")


def player_card_words(number: int) -> Text:
    """A player card (§6.11) with its goods and extra step: ``player card 1 (8 silver, 2 ink, 1 stone,
    2 deeds, 1 debt; then 1 virtue)``."""
    details = player_card_details(number)
    return PLAYER_CARD_DETAILS(number=number, details=details) if details else PLAYER_CARD(number=number)


def player_card_details(number: int) -> Text | None:
    """What a player card gives (§3 step 9, §6.11): its goods, then its extra step."""
    card = CONTENT.player_cards.get(number)
    if card is None:
        return None
    g = card.gains
    goods: list[Param] = [
        GOOD(n=n, good=GOODS[what])
        for what, n in (("silver", g.silver), ("ink", g.ink), ("gold", g.gold), ("stone", g.stone))
        if n != 0
    ]
    goods += [ANY_RESOURCE(n=g.any_resource)] if g.any_resource else []
    goods += [message(n=n) for message, n in ((GAIN_DEED, g.deeds), (GAIN_DEBT, g.debts)) if n]
    listed = listing(goods, joined=LIST_COMMA)
    return DETAILS_THEN(goods=listed, extra=effect_words(card.extra)) if card.extra is not None else listed


def _menu(items: Sequence[str], name: Callable[[str], Text]) -> list[tuple[str, Param]]:
    """(key, words) pairs for a menu, in the order of the (English) words."""
    pairs = [(item, name(item)) for item in dict.fromkeys(items)]
    return sorted(pairs, key=lambda pair: (pair[1].english, pair[0]))  # type: ignore[union-attr]


ALL_FOLK = _menu(tuple(CONTENT.townsfolk), card_name)
"""Every townsfolk card: the menu of a card drawn from a draw pile (its contents are hidden, §9)."""
NEUTRAL_FOLK = _menu(CONTENT.neutral, card_name)
"""The neutral townsfolk: the menu of a card coming to a pile's top."""
ALL_SCHEMES = _menu(tuple(CONTENT.schemes), scheme_words)
"""Every scheme card of the Cleric AI (§8.1): the menu of a scheme drawn."""


def _head(s: State) -> Step | None:
    return s.queue[0] if s.queue else None


# ---- chance (§9) ---------------------------------------------------------------------------------------------

SEGMENT = Message(f"{G}.move.segment", "Lay board segment {segment} as segment {position}")
SEGMENT_TITLE = Message(f"{G}.choice.segment", "Lay a board segment")


def label_segment(s: State, seat: int, a: mv.Segment) -> Words:
    """§3 step 1: the physical segment laid at the next ring position."""
    head = _head(s)
    at = head.position + 1 if isinstance(head, DrawSegment) else len(s.ring) + 1
    label = SEGMENT(segment=a.segment, position=at)
    return label, _path(SEGMENT_TITLE, segment=a.segment)


def _rotation_words(s: State, rotation: int, lies: bool = False) -> Text:
    """§3 step 2: a rotation by where it puts section 1: ``section 1 by segment 4 (1 ink + 1 stone)``."""
    return section_name(replace(s, rotation=rotation), 0, lies)


ROTATION = Message(f"{G}.move.rotation", "Turn the castle so that {first}")
ROTATION_TITLE = Message(f"{G}.choice.rotation", "Turn the castle")


def label_rotation(s: State, seat: int, a: mv.Rotation) -> Words:
    """§3 step 2: section ``(position + rotation) % 5`` lies by ring position ``position``."""
    label = ROTATION(first=_rotation_words(s, a.rotation, lies=True))
    return label, _path(ROTATION_TITLE, first=_rotation_words(s, a.rotation))


FOLK_DRAWN = Message(f"{G}.move.folk_drawn", "Reveal {card} on the townsfolk pile of segment {position}")
FOLK_TITLE = Message(f"{G}.choice.folk_drawn", "Reveal a townsfolk")


def label_folk(s: State, seat: int, a: mv.FolkDrawn) -> Words:
    """§3 step 3, §4.6: the townsfolk that comes to the top of a pile."""
    head = _head(s)
    at = head.position + 1 if isinstance(head, DrawFolk) else 0
    label = FOLK_DRAWN(card=card_name(a.card), position=at)
    return label, [FOLK_TITLE(), *pick("card", a.card, NEUTRAL_FOLK)]


MANUSCRIPT_DRAWN = Message(
    f"{G}.move.manuscript_drawn", "Reveal the {manuscript} on the manuscript pile of segment {position}"
)
MANUSCRIPT_TITLE = Message(f"{G}.choice.manuscript_drawn", "Reveal a manuscript")


def label_manuscript(s: State, seat: int, a: mv.ManuscriptDrawn) -> Words:
    """§3 step 4, §5.7: the manuscript that comes to the top of a pile (grey-backed ones at setup)."""
    head = _head(s)
    at = head.position + 1 if isinstance(head, DrawManuscript) else 0
    label = MANUSCRIPT_DRAWN(manuscript=manuscript_words(a.manuscript), position=at)
    backs = CONTENT.grey_backed if s.grey_unseen else CONTENT.black_backed
    everything = _menu(backs, manuscript_details)
    return label, [MANUSCRIPT_TITLE(), *pick("manuscript", a.manuscript, everything)]


START = Message(f"{G}.move.start_drawn", "Start with {seat}")
START_TITLE = Message(f"{G}.choice.start_drawn", "Start player")


def label_start(s: State, seat: int, a: mv.StartDrawn) -> Words:
    """§3 step 7, A-08: the start player."""
    return START(seat=who(s, a.start)), _path(START_TITLE, seat=who(s, a.start))


LAY_CARD = Message(f"{G}.move.player_card_drawn", "Lay out player card {number} ({details})")
LAY_CARD_BARE = Message(f"{G}.move.player_card_drawn_bare", "Lay out player card {number} ()")
LAY_CARD_TITLE = Message(f"{G}.choice.player_card_drawn", "Lay out a player card")


def label_player_card(s: State, seat: int, a: mv.PlayerCardDrawn) -> Words:
    """§3 step 8: a player card laid out."""
    details = player_card_details(a.number)
    label = LAY_CARD(number=a.number, details=details) if details else LAY_CARD_BARE(number=a.number)
    everything: list[tuple[str, Param]] = [(str(n), player_card_words(n)) for n in sorted(CONTENT.player_cards)]
    return label, [LAY_CARD_TITLE(), *pick("player_card", str(a.number), everything)]


A_PLAYER_CARD = Message(f"{G}.player_card.any_card", "a player card")


def hero_under(s: State) -> Text:
    head = _head(s)
    pair = s.pairs[head.pair] if isinstance(head, DrawHero) and head.pair < len(s.pairs) else None
    return PLAYER_CARD(number=pair.card) if pair is not None else A_PLAYER_CARD()


HERO = Message(f"{G}.move.hero_drawn", "Put {hero} under {card}")
HERO_TITLE = Message(f"{G}.choice.hero_drawn", "Lay out a hero")
HEROES = _menu(CONTENT.heroes, card_name)


def label_hero(s: State, seat: int, a: mv.HeroDrawn) -> Words:
    """§3 step 8: the hero put under a laid-out player card."""
    label = HERO(hero=card_name(a.hero), card=hero_under(s))
    return label, [HERO_TITLE(), *pick("hero", a.hero, HEROES)]


_DRAWN = {
    "hand": Message(f"{G}.move.card_drawn_hand", "Draw {card} into the hand of {seat}"),
    "play": Message(f"{G}.move.card_drawn_play", "Play {card} blind from the draw pile of {seat}"),
    "discard": Message(f"{G}.move.card_drawn_discard", "Discard {card} from the top of the draw pile of {seat}"),
    "destroy": Message(f"{G}.move.card_drawn_destroy", "Destroy {card} from the top of the draw pile of {seat}"),
}
"""§4.6, §4.7 phase 1: what happens to a card taken from the top of a draw pile."""
CARD_TITLE = Message(f"{G}.choice.card_drawn", "Card from the draw pile")


def _drawn_for(s: State, seat: int) -> tuple[int, str]:
    """The seat a card is taken from the top of the draw pile for, and what for."""
    head = _head(s)
    return (head.seat, head.purpose) if isinstance(head, DrawCard) else (seat, "hand")


def label_card(s: State, seat: int, a: mv.CardDrawn) -> Words:
    """§4.6: the card taken from the top of a draw pile, by what it is for."""
    drawer, purpose = _drawn_for(s, seat)
    label = _DRAWN[purpose](seat=who(s, drawer), card=card_name(a.card))
    return label, [CARD_TITLE(), *pick("card", a.card, ALL_FOLK)]


_SCHEMES = {
    "reveal": Message(f"{G}.move.scheme_drawn_reveal", "Reveal {scheme} for {seat}"),
    "future": Message(f"{G}.move.scheme_drawn_future", "Give {seat} {scheme}"),
    "setup": Message(f"{G}.move.scheme_drawn_setup", "Shuffle {scheme} into the pile of {seat}"),
}
"""§8.1, §8.3, §8.4: the AI's scheme cards drawn."""
SCHEME_TITLE = Message(f"{G}.choice.scheme_drawn", "Scheme card")


def _scheme_purpose(head: Step | None) -> str:
    if not isinstance(head, DrawScheme):
        return "reveal"
    return "setup" if head.setup else "future" if head.future else "reveal"


def _scheme_for(s: State, seat: int) -> tuple[int, str]:
    head = _head(s)
    return (head.seat if isinstance(head, DrawScheme) else seat), _scheme_purpose(head)


def label_scheme(s: State, seat: int, a: mv.SchemeDrawn) -> Words:
    """§8.1, §8.3, §8.4: a scheme card revealed into slot 1, or a Future Scheme taken."""
    ai, purpose = _scheme_for(s, seat)
    label = _SCHEMES[purpose](seat=who(s, ai), scheme=scheme_words(a.scheme))
    return label, [SCHEME_TITLE(), *pick("scheme", a.scheme, ALL_SCHEMES)]


# ---- setup and the turn (§3 step 9, §4.7) --------------------------------------------------------------------

PAIR_BARE = Message(f"{G}.pair.bare", "pair {number}")
PAIR = Message(f"{G}.pair.name", "{card} with {hero}")


def _pair_words(s: State, pair_index: int) -> Text:
    pair = s.pairs[pair_index] if 0 <= pair_index < len(s.pairs) else None
    if pair is None:
        return PAIR_BARE(number=pair_index + 1)
    return PAIR(card=player_card_words(pair.card), hero=card_name(pair.hero))


PICK = Message(f"{G}.move.pick_pair", "Take {pair}")
PICK_TITLE = Message(f"{G}.choice.pick_pair", "Take a player card and hero")


def label_pick(s: State, seat: int, a: mv.PickPair) -> Words:
    """§3 step 9: a laid-out player card and its hero."""
    shown = _pair_words(s, a.pair)
    return PICK(pair=shown), _path(PICK_TITLE, pair=shown)


def _hand(s: State, seat: int) -> list[tuple[str, Param]]:
    return _menu(s.players[seat].hand, card_name) if 0 <= seat < len(s.players) else []


PLAY = Message(f"{G}.move.play", "Play {card}")
PLAY_TITLE = Message(f"{G}.choice.play", "Play a card")


def label_play(s: State, seat: int, a: mv.Play) -> Words:
    """§4.7 phase 1, §5.1: a card from hand into slot 1."""
    return PLAY(card=card_name(a.card)), [PLAY_TITLE(), *pick("card", a.card, _hand(s, seat))]


SPACE_BARE = Message(f"{G}.space.bare", "space {space}")


def _destination(s: State, seat: int, a: mv.MoveTo) -> tuple[Text, int]:
    """The space moved to, and the silver its extra steps cost."""
    cost = turn.destinations(s, seat).get(a.space, 0) if s.turn is not None else 0
    return (space_words(a.space) if 0 <= a.space < 3 * SEGMENTS else SPACE_BARE(space=a.space)), cost


MOVE_TO = Message(f"{G}.move.move_to", "Move to {space}")
MOVE_TO_PAYING = Message(f"{G}.move.move_to_paying", "Move to {space} ({cost} silver for extra steps)")
MOVE_TO_TITLE = Message(f"{G}.choice.move_to", "Move the viscount")
SPACE_PAYING = Message(f"{G}.part.space_paying", "{space} ({cost} silver for extra steps)")


def label_move_to(s: State, seat: int, a: mv.MoveTo) -> Words:
    """§4.7 phase 2, §5.2: the destination, and the silver its extra steps cost."""
    where, cost = _destination(s, seat, a)
    if cost:
        return MOVE_TO_PAYING(space=where, cost=cost), [MOVE_TO_TITLE(), SPACE_PAYING(space=where, cost=cost)]
    return MOVE_TO(space=where), _path(MOVE_TO_TITLE, space=where)


# ---- the primary actions (§5.3–§5.7) -------------------------------------------------------------------------


def _converter(s: State, seat: int, action: ActionName, modifier: str) -> Name | None:
    """The card on the board whose ongoing conversion is used (§5.3): Diplomat, Mason, Clergyman, Emma."""
    found = [c for c in slot_cards(s.players[seat]) if c.ability.modifier == modifier and c.ability.action == action]
    return folk(found[0].id) if found else None


PAY = Message(f"{G}.payment.pay", "pay {amount}")
AS_ICONS = Message(f"{G}.payment.as_icons", "{amount} as icons")
AS_ICONS_BY = Message(f"{G}.payment.as_icons_by", "{amount} as icons ({card})")
DISMISS = Message(f"{G}.payment.dismiss", "dismiss {card} ({cost} silver)")
PAYING = Message(f"{G}.payment.paying", "paying {amount}")
USING = Message(f"{G}.payment.using", "using {amount} as icons")
USING_BY = Message(f"{G}.payment.using_by", "using {amount} as icons ({card})")
DISMISSING = Message(f"{G}.payment.dismissing", "dismissing {card} ({cost} silver)")
NO_PAYMENT = Message(f"{G}.payment.none", "no payment")
PAYING_NOTHING = Message(f"{G}.payment.nothing", "paying nothing")


def _payment_parts(s: State, seat: int, action: ActionName, p: funding.Payment, done: bool) -> list[Text]:
    """§5.3: what a primary action pays, part by part: ``pay 2 gold``, ``4 silver as icons (Diplomat)``,
    ``dismiss Overseer (3 silver)`` (``done``: ``paying 2 gold`` ...)."""
    parts = [(PAYING if done else PAY)(amount=GOOD(n=p.pay, good=GOODS[funding.resource(action)]))] if p.pay else []
    uses = [("silver", p.silver, "convert_silver")]
    uses += [(what, n, "resources_as_icons") for what, n in (("gold", p.gold), ("stone", p.stone))]
    for what, n, modifier in uses:
        if not n:
            continue
        amount = GOOD(n=n, good=GOODS[what])
        card = _converter(s, seat, action, modifier)
        if card is None:
            parts.append((USING if done else AS_ICONS)(amount=amount))
        else:
            parts.append((USING_BY if done else AS_ICONS_BY)(amount=amount, card=card))
    if p.dismiss:
        card_words = funding.dismissed_name(funding.dismissable(s, seat))
        parts.append((DISMISSING if done else DISMISS)(card=card_words, cost=funding.dismiss_cost(s, seat)))
    return parts


def payment_words(s: State, seat: int, action: ActionName, p: funding.Payment) -> Text:
    """§5.3: what a primary action pays, spelt out: ``pay 2 gold, 4 silver as icons (Diplomat), dismiss
    Overseer (3 silver)`` (the dismissal's price: the card's value, or 1 with Trading Post 2); ``no payment``
    when the board's icons suffice."""
    parts = _payment_parts(s, seat, action, p, done=False)
    return listing(parts, joined=LIST_COMMA) if parts else NO_PAYMENT()


def payment_done(s: State, seat: int, action: ActionName, p: funding.Payment) -> Text:
    """The payment as it was made: ``paying 2 gold and dismissing Overseer (3 silver)``; ``paying nothing``
    when the board's icons sufficed."""
    parts = _payment_parts(s, seat, action, p, done=True)
    if not parts:
        return PAYING_NOTHING()
    return parts[0] if len(parts) == 1 else listing(parts)


def _payment_steps(s: State, seat: int, a: actions.PrimaryMove, target: actions.PrimaryMove) -> list[Text]:
    """The payment menu of a target: every minimal payment for it (§5.3)."""
    action = actions.ACTION_OF[type(a)]
    icons, what = actions.RULES[type(a)][2](s, seat, target)
    everything: list[tuple[str, Param]] = [
        (repr(p), payment_words(s, seat, action, p)) for p in funding.payments(s, seat, action, icons, what)
    ]
    return pick("payment", repr(actions.payment_of(a)), everything)


def _paid(s: State, seat: int, a: actions.PrimaryMove) -> Text:
    return payment_words(s, seat, actions.ACTION_OF[type(a)], actions.payment_of(a))


def _paying(s: State, seat: int, a: actions.PrimaryMove) -> Text:
    return payment_done(s, seat, actions.ACTION_OF[type(a)], actions.payment_of(a))


MERCHANT_ICONS = Message(f"{G}.count.merchant_icons", "{n} merchant icon", "{n} merchant icons")
RATE = Message(f"{G}.trade.rate", "{cost} -> {reward}")
TIMES = Message(f"{G}.trade.times", "{n} time ({rate})", "{n} times ({rate})")


def _trade_words(s: State, seat: int, uses: int) -> Text:
    ex = actions.exchange(s, seat)
    return TIMES(n=uses, rate=RATE(cost=MERCHANT_ICONS(n=ex.cost), reward=effect_words(ex.reward)))


TRADE = Message(f"{G}.move.trade", "Trade {times}: {payment}")
TRADE_TITLE = Message(f"{G}.choice.trade", "Trade")


def label_trade(s: State, seat: int, a: mv.Trade) -> Words:
    """§5.4: the exchange of the viscount's outer space, used ``uses`` times."""
    label = TRADE(times=_trade_words(s, seat, a.uses), payment=_paid(s, seat, a))
    uses: list[tuple[str, Param]] = [
        (str(t.uses), _trade_words(s, seat, t.uses)) for t in actions.trade_targets(s, seat)
    ]
    target = mv.Trade(a.uses)
    return label, [TRADE_TITLE(), *pick("uses", str(a.uses), uses), *_payment_steps(s, seat, a, target)]


BUILD = Message(f"{G}.move.build", "Build {slot} on {spot}: {payment}")
BUILD_TITLE = Message(f"{G}.choice.build", "Build")


def label_build(s: State, seat: int, a: mv.Build) -> Words:
    """§5.5: a building of the player's board onto a reachable spot."""
    slot, spot = slot_name(a.slot), spot_name(s.ring, a.spot)
    label = BUILD(slot=slot, spot=spot, payment=_paid(s, seat, a))
    return label, [*_path(BUILD_TITLE, slot=slot, spot=spot), *_payment_steps(s, seat, a, mv.Build(a.slot, a.spot))]


WORKERS = Message(f"{G}.count.workers", "{n} worker", "{n} workers")
PLACE_WORKERS = Message(f"{G}.move.place_workers", "Place {workers}: {payment}")
PLACE_WORKERS_TITLE = Message(f"{G}.choice.place_workers", "Place workers")


def label_workers(s: State, seat: int, a: mv.PlaceWorkers) -> Words:
    """§5.6: workers into tier 1 of the castle section by the viscount."""
    workers = WORKERS(n=a.workers)
    label = PLACE_WORKERS(workers=workers, payment=_paid(s, seat, a))
    target = mv.PlaceWorkers(a.workers)
    return label, [*_path(PLACE_WORKERS_TITLE, workers=workers), *_payment_steps(s, seat, a, target)]


PRINTED_MANUSCRIPT = Message(f"{G}.manuscript.printed", "the printed manuscript (cost {cost}, {reward})")


def transcribed(s: State, seat: int) -> Text:
    """§5.7: the visible manuscript of the viscount's segment, or the printed one under an empty pile, with
    its article: ``the manuscript (cost 3, grey ribbon, flip 1 debt or deed)``."""
    pos = position(s.players[seat].space)
    top = s.script_tops[pos] if 0 <= pos < len(s.script_tops) else EMPTY
    if top != EMPTY or len(s.ring) != SEGMENTS:
        return the_manuscript(top)
    printed = CONTENT.segments[s.ring[pos]].fallback_manuscript
    return PRINTED_MANUSCRIPT(cost=printed.cost, reward=effect_words(printed.immediate))


TRANSCRIBE = Message(f"{G}.move.transcribe", "Transcribe {manuscript}: {payment}")
TRANSCRIBE_TITLE = Message(f"{G}.choice.transcribe", "Transcribe")


def label_transcribe(s: State, seat: int, a: mv.Transcribe) -> Words:
    """§5.7: the manuscript of the viscount's segment."""
    manuscript = transcribed(s, seat)
    label = TRANSCRIBE(manuscript=manuscript, payment=_paid(s, seat, a))
    return label, [*_path(TRANSCRIBE_TITLE, manuscript=manuscript), *_payment_steps(s, seat, a, mv.Transcribe())]


NO_ACTION = Message(f"{G}.move.no_action", "Take no primary action")
NO_ACTION_TITLE = Message(f"{G}.choice.no_action", "No primary action")


def label_no_action(s: State, seat: int, a: mv.NoAction) -> Words:
    """A-11: no primary action."""
    return NO_ACTION(), [NO_ACTION_TITLE()]


def _recruit(s: State, seat: int) -> tuple[Text, int]:
    """The visible card of the viscount's segment and its price."""
    pos = position(s.players[seat].space)
    top = s.folk_tops[pos] if 0 <= pos < len(s.folk_tops) else EMPTY
    return card_name(top), turn.hire_price(s, seat)


HIRE = Message(f"{G}.move.hire", "Hire {card} for {cost} silver")
HIRE_TITLE = Message(f"{G}.choice.hire", "Hire {card}")


def label_hire(s: State, seat: int, a: mv.Hire) -> Words:
    """§4.7 phase 4, §5.9: the visible card of the viscount's segment, for its silver value."""
    card, cost = _recruit(s, seat)
    return HIRE(card=card, cost=cost), [HIRE_TITLE(card=card)]


# ---- effect decisions (§4.5, §4.6, §6.2) ----------------------------------------------------------------------


def _branch(s: State, a: mv.Branch) -> Text:
    head = _head(s)
    of = head.effect.of if isinstance(head, ChooseBranch) else ()
    return effect_words(of[a.index]) if 0 <= a.index < len(of) else NOTHING()


BRANCH = Message(f"{G}.move.branch", "Take option {number}: {does}")
BRANCH_TITLE = Message(f"{G}.choice.branch", "Option {number}: {does}")


def label_branch(s: State, seat: int, a: mv.Branch) -> Words:
    """§6.2 ``choice``: one branch, by number and what it does."""
    does = _branch(s, a)
    return BRANCH(does=does, number=a.index + 1), [BRANCH_TITLE(does=does, number=a.index + 1)]


def cost_of(s: State) -> dict[str, Param]:
    """The optional cost asked (§6.2 ``cost``): what is paid and what it gains."""
    head = _head(s)
    e = head.effect if isinstance(head, ChooseCost) else Effect(op="cost")
    pay = effect_words(e.pay) if e.pay is not None else NOTHING()
    return {"pay": pay, "gain": effect_words(e.gain) if e.gain is not None else NOTHING()}


ACCEPT = Message(f"{G}.move.accept", "Pay {pay} for {gain}")


def label_accept(s: State, seat: int, a: mv.Accept) -> Words:
    """§6.2 ``cost``: pay to gain the reward."""
    return ACCEPT(**cost_of(s)), [ACCEPT(**cost_of(s))]


TAKE = Message(f"{G}.move.take", "Take 1 {resource}")
TAKE_TITLE = Message(f"{G}.choice.take", "Take a resource")


def label_take(s: State, seat: int, a: mv.Take) -> Words:
    """§6.2 ``any_resource``: one ink, gold or stone."""
    resource = GOODS[a.resource]
    return TAKE(resource=resource), _path(TAKE_TITLE, resource=resource)


_FLIPS = {
    "debt": Message(f"{G}.flip.debt", "a debt (then any 1 resource)"),
    "deed": Message(f"{G}.flip.deed", "a deed"),
}
FLIP = Message(f"{G}.move.flip", "Flip {what}")
FLIP_TITLE = Message(f"{G}.choice.flip", "Flip")
FLIPPED_WHAT = {"debt": Message(f"{G}.flip.a_debt", "a debt"), "deed": _FLIPS["deed"]}


def label_flip(s: State, seat: int, a: mv.Flip) -> Words:
    """§4.5: flip a debt (and take any resource) or a deed."""
    what = _FLIPS[a.what]()
    return FLIP(what=what), _path(FLIP_TITLE, what=what)


SLOT_ORDER = Message(f"{G}.slot.order", "slot {number} {card}")


def _order_words(slots: Sequence[str]) -> Text:
    return listing(
        [SLOT_ORDER(number=i, card=card_name(c) if c else EMPTY_SLOT()) for i, c in enumerate(slots, start=1)],
        joined=LIST_COMMA,
    )


ARRANGE = Message(f"{G}.move.arrange", "Rearrange: {order}")
ARRANGE_TITLE = Message(f"{G}.choice.arrange", "Rearrange")


def label_arrange(s: State, seat: int, a: mv.Arrange) -> Words:
    """§4.6 rearrange (A-10): the cards of slots 1..3 in their new order."""
    order = _order_words(a.slots)
    return ARRANGE(order=order), _path(ARRANGE_TITLE, order=order)


TOP_UNSEEN = Message(f"{G}.part.top_unseen", "the top of the draw pile (unseen)")


def _from_top_or_hand(title: Message, a: mv.Discard | mv.Destroy, hand: Message, top: Message) -> Words:
    """A discard or destroy (§4.6): a hand card (``hand``) or the draw pile's unseen top (``top``)."""
    if a.card == mv.TOP:
        return top(), _path(title, card=TOP_UNSEEN())
    shown = card_name(a.card)
    label = hand(card=shown, cost=_value(a.card)) if "cost" in hand.names else hand(card=shown)
    return label, _path(title, card=shown)


def _value(card: str) -> int:
    """A townsfolk card's silver value (what destroying it gives, §4.6)."""
    return CONTENT.townsfolk[card].cost if card in CONTENT.townsfolk else 0


DISCARD_CARD = Message(f"{G}.move.discard", "Discard {card}")
DISCARD_TOP = Message(f"{G}.move.discard_top", "Discard the top card of your draw pile (unseen)")
DISCARD_TITLE = Message(f"{G}.choice.discard", "Discard")


def label_discard(s: State, seat: int, a: mv.Discard) -> Words:
    """§4.6 discard: a hand card, or the top of the draw pile unseen."""
    return _from_top_or_hand(DISCARD_TITLE, a, DISCARD_CARD, DISCARD_TOP)


def _destroys_at_setup(s: State) -> bool:
    head = _head(s)
    return isinstance(head, DestroyStep) and head.setup


DESTROY_CARD = Message(f"{G}.move.destroy", "Destroy {card} (+{cost} silver)")
DESTROY_STARTING = Message(f"{G}.move.destroy_starting", "Destroy {card} from your starting cards (+{cost} silver)")
DESTROY_TOP = Message(f"{G}.move.destroy_top", "Destroy the top card of your draw pile (unseen)")
DESTROY_TITLE = Message(f"{G}.choice.destroy", "Destroy")


def label_destroy(s: State, seat: int, a: mv.Destroy) -> Words:
    """§4.6 destroy (A-21), player card 9's destroy from the starting cards (§3 step 9)."""
    hand = DESTROY_STARTING if _destroys_at_setup(s) else DESTROY_CARD
    return _from_top_or_hand(DESTROY_TITLE, a, hand, DESTROY_TOP)


def _pile_top(tops: tuple[str, ...], position: int) -> str:
    return tops[position] if 0 <= position < len(tops) else EMPTY


NO_CARD = Message(f"{G}.card.none", "no card")
HIRE_FROM = Message(f"{G}.move.hire_from", "Hire {card} from segment {position} for free")
HIRE_FROM_TITLE = Message(f"{G}.choice.hire_from", "Free hire")
PILE_CARD = Message(f"{G}.part.pile_card", "segment {position}: {card}")


def label_hire_from(s: State, seat: int, a: mv.HireFrom) -> Words:
    """§4.6 free hire: the top card of any pile."""
    top = _pile_top(s.folk_tops, a.position)
    card = card_name(top) if top else NO_CARD()
    label = HIRE_FROM(card=card, position=a.position + 1)
    return label, [HIRE_FROM_TITLE(), PILE_CARD(position=a.position + 1, card=card)]


NO_MANUSCRIPT = Message(f"{G}.manuscript.none", "no manuscript")


def _free_manuscript(s: State, a: mv.TakeManuscript, the: bool = False) -> Text:
    top = _pile_top(s.script_tops, a.position)
    if not top:
        return NO_MANUSCRIPT()
    return the_manuscript(top) if the else manuscript_words(top)


TAKE_MANUSCRIPT = Message(f"{G}.move.take_manuscript", "Take {manuscript} from segment {position} for free")
TAKE_MANUSCRIPT_TITLE = Message(f"{G}.choice.take_manuscript", "Free manuscript")
PILE_MANUSCRIPT = Message(f"{G}.part.pile_manuscript", "segment {position}: {manuscript}")


def label_take_manuscript(s: State, seat: int, a: mv.TakeManuscript) -> Words:
    """§6.2 ``free_manuscript`` (A-16): a visible manuscript of the costs allowed."""
    label = TAKE_MANUSCRIPT(manuscript=_the_free_manuscript(s, a), position=a.position + 1)
    shown = _free_manuscript(s, a)
    return label, [TAKE_MANUSCRIPT_TITLE(), PILE_MANUSCRIPT(position=a.position + 1, manuscript=shown)]


THE_NO_MANUSCRIPT = Message(f"{G}.manuscript.the_none", "the no manuscript")


def _the_free_manuscript(s: State, a: mv.TakeManuscript) -> Text:
    """The manuscript taken, with its article (``the no manuscript`` as the words always said)."""
    top = _pile_top(s.script_tops, a.position)
    return the_manuscript(top) if top else THE_NO_MANUSCRIPT()


MOVE_WORKER = Message(f"{G}.move.move_worker", "Move a worker from {source} to {target}")
MOVE_WORKER_TITLE = Message(f"{G}.choice.move_worker", "Castle move")
FROM_SECTION = Message(f"{G}.part.from_section", "from {section}")
TO_SECTION = Message(f"{G}.part.to_section", "to {section}")


def label_move_worker(s: State, seat: int, a: mv.MoveWorker) -> Words:
    """§6.2 ``castle_move``: one own tier-1 worker to a neighbouring section."""
    source, target = section_name(s, a.source), section_name(s, a.target)
    label = MOVE_WORKER(source=source, target=target)
    return label, [MOVE_WORKER_TITLE(), FROM_SECTION(section=source), TO_SECTION(section=target)]


def _placed(s: State) -> Text:
    head = _head(s)
    return WORKERS(n=getattr(head, "n", 1))


RESOLVE_SECTION = Message(f"{G}.move.resolve_section", "Resolve {section} first (tier {tier})")
RESOLVE_SECTION_TITLE = Message(f"{G}.choice.resolve_section", "Resolve a section")
PLACE_SECTION = Message(f"{G}.move.place_section", "Place {workers} on {section}")
PLACE_SECTION_TITLE = Message(f"{G}.choice.place_section", "Place {workers}")


def label_section(s: State, seat: int, a: mv.Section) -> Words:
    """§6.2 ``place_workers`` on any section, or §5.8's choice of the section resolving first."""
    head = _head(s)
    section = section_name(s, a.section)
    if isinstance(head, CastleSection):
        label = RESOLVE_SECTION(section=section, tier=head.tier)
        return label, _path(RESOLVE_SECTION_TITLE, section=section)
    workers = _placed(s)
    label = PLACE_SECTION(workers=workers, section=section)
    return label, [PLACE_SECTION_TITLE(workers=workers), PARTS["section"](section=section)]


PLACE_BUILDING = Message(f"{G}.move.place_building", "Build {slot} on {spot} for free")
PLACE_BUILDING_TITLE = Message(f"{G}.choice.place_building", "Free building")


def label_place_building(s: State, seat: int, a: mv.PlaceBuilding) -> Words:
    """§6.2 ``build_free`` (A-31, A-37): a building of the player's board onto a free spot, for free."""
    slot, spot = slot_name(a.slot), spot_name(s.ring, a.spot)
    label = PLACE_BUILDING(slot=slot, spot=spot)
    spots: list[tuple[str, Param]] = [(str(i), spot_name(s.ring, i)) for i in range(len(s.spots))]
    return label, [*_path(PLACE_BUILDING_TITLE, slot=slot), *pick("spot", str(a.spot), spots)]


TIER_OF = Message(f"{G}.castle.tier_of", "tier {tier} of {section}")


def _bumped(s: State, a: mv.BumpWorker) -> tuple[Text, Param]:
    return TIER_OF(tier=a.tier, section=section_name(s, a.section)), who(s, a.owner)


BUMP = Message(f"{G}.move.bump_worker", "Bump {owner}'s worker from {place}")
BUMP_TITLE = Message(f"{G}.choice.bump_worker", "Bump")


def label_bump(s: State, seat: int, a: mv.BumpWorker) -> Words:
    """§5.8 bump: a worker of any colour from a section over capacity."""
    place, owner = _bumped(s, a)
    return BUMP(owner=owner, place=place), _path(BUMP_TITLE, place=place, owner=owner)


_PASSES: dict[type, tuple[str, Message, Message]] = {
    Rearrange: (
        "pass_rearrange",
        Message(f"{G}.move.pass_rearrange", "Keep the order of your slots"),
        Message(f"{G}.did.pass_rearrange", "kept the order of the slots"),
    ),
    DiscardStep: (
        "pass_discard",
        Message(f"{G}.move.pass_discard", "Discard nothing"),
        Message(f"{G}.did.pass_discard", "discarded nothing"),
    ),
    DestroyStep: (
        "pass_destroy",
        Message(f"{G}.move.pass_destroy", "Destroy nothing"),
        Message(f"{G}.did.pass_destroy", "destroyed nothing"),
    ),
    FreeHire: (
        "pass_free_hire",
        Message(f"{G}.move.pass_free_hire", "Decline the free hire"),
        Message(f"{G}.did.pass_free_hire", "declined the free hire"),
    ),
    CastleMove: (
        "pass_castle_move",
        Message(f"{G}.move.pass_castle_move", "Make no castle move"),
        Message(f"{G}.did.pass_castle_move", "made no castle move"),
    ),
}
"""Declining, by the decision declined: its kind, the label and what the log says (a cost: ``label_pass``;
nothing queued: the recruit, §5.9)."""
_PASS_HIRE = (
    "pass_hire",
    Message(f"{G}.move.pass_hire", "Hire nobody"),
    Message(f"{G}.did.pass_hire", "hired nobody"),
)
PASS_COST = Message(f"{G}.move.pass_cost", "Do not pay {pay} for {gain}")


def label_pass(s: State, seat: int, a: mv.Pass) -> Words:
    """Declining what is optional: the recruit, a rearrange, a discard, a destroy, a castle move, a cost, a free
    hire under A-15 ``optional``."""
    if isinstance(_head(s), ChooseCost):
        return PASS_COST(**cost_of(s)), [PASS_COST(**cost_of(s))]
    _, words, _ = _PASSES.get(type(_head(s)), _PASS_HIRE)
    return words(), [words()]


def label(state: State, move: mv.Move, several_seats: bool, act: Act) -> MoveLabel:
    """The label and the path of choices of a legal move (``act.label``: its action's words; the seat first
    when several seats decide)."""
    shown, path = act.label(state, move.seat, move.action)
    return seated(move.seat, several_seats, shown, path)


def _menu_messages(kind: str) -> tuple[Message, Message]:
    return Message(f"{G}.choice.{kind}", "{value}"), Message(f"{G}.choice.{kind}_group", "{first} … {last}")


MENUS = {
    kind: _menu_messages(kind) for kind in ("card", "manuscript", "player_card", "hero", "scheme", "payment", "uses")
}
MENUS["spot"] = _menu_messages("spot_menu")
"""The menu steps of each kind of part chosen from a list (``engines.core.text.menu_steps``)."""


def pick(kind: str, value: str, everything: Sequence[tuple[str, Param]]) -> list[Text]:
    """The menu step(s) choosing ``value`` (``engines.core.text.menu_steps``)."""
    chosen, group = MENUS[kind]
    return menu_steps(chosen, group, value, everything)


# ---- what a move did, in the past tense -----------------------------------------------------------------------


class Did(NamedTuple):
    """What a move did: its kind, the words after the actor (past tense) and, when the actor is not the mover,
    the seat that acted (a card a chance draw takes from a seat's pile), ``CHANCE`` for the table."""

    kind: str
    words: Text
    actor: int | None = None


def _did(kind: str, template: str) -> Message:
    return Message(f"{G}.did.{kind}", template)


LAID_SEGMENT = _did("segment", "laid board segment {segment} as segment {position}")


def log_segment(s: State, seat: int, a: mv.Segment) -> Did:
    head = _head(s)
    at = head.position + 1 if isinstance(head, DrawSegment) else len(s.ring) + 1
    return Did("segment", LAID_SEGMENT(segment=a.segment, position=at))


TURNED = _did("rotation", "turned the castle so that {first}")


def log_rotation(s: State, seat: int, a: mv.Rotation) -> Did:
    return Did("rotation", TURNED(first=_rotation_words(s, a.rotation, lies=True)))


REVEALED_FOLK = _did("folk_drawn", "revealed {card} on the townsfolk pile of segment {position}")


def log_folk(s: State, seat: int, a: mv.FolkDrawn) -> Did:
    head = _head(s)
    at = head.position + 1 if isinstance(head, DrawFolk) else 0
    return Did("folk_drawn", REVEALED_FOLK(card=card_name(a.card), position=at))


REVEALED_MANUSCRIPT = _did("manuscript_drawn", "revealed {manuscript} on the manuscript pile of segment {position}")


def log_manuscript(s: State, seat: int, a: mv.ManuscriptDrawn) -> Did:
    head = _head(s)
    at = head.position + 1 if isinstance(head, DrawManuscript) else 0
    return Did("manuscript_drawn", REVEALED_MANUSCRIPT(manuscript=the_manuscript(a.manuscript), position=at))


CHOSE_START = _did("start_drawn", "chose {seat} as the start player")


def log_start(s: State, seat: int, a: mv.StartDrawn) -> Did:
    return Did("start_drawn", CHOSE_START(seat=who(s, a.start)))


LAID_CARD = _did("player_card_drawn", "laid out player card {number} ({details})")
LAID_CARD_BARE = _did("player_card_drawn_bare", "laid out player card {number} ()")


def log_player_card(s: State, seat: int, a: mv.PlayerCardDrawn) -> Did:
    details = player_card_details(a.number)
    words = LAID_CARD(number=a.number, details=details) if details else LAID_CARD_BARE(number=a.number)
    return Did("player_card_drawn", words)


PUT_HERO = _did("hero_drawn", "put {hero} under {card}")


def log_hero(s: State, seat: int, a: mv.HeroDrawn) -> Did:
    return Did("hero_drawn", PUT_HERO(hero=card_name(a.hero), card=hero_under(s)))


_DREW = {
    "hand": _did("card_drawn_hand", "drew {card}"),
    "play": _did("card_drawn_play", "played {card} blind from the draw pile"),
    "discard": _did("card_drawn_discard", "discarded {card} from the top of the draw pile"),
    "destroy": _did("card_drawn_destroy", "destroyed {card} from the top of the draw pile (+{cost} silver)"),
}
"""§4.6: what a seat did with a card taken from the top of its draw pile."""


def _drew(purpose: str, card: str) -> Text:
    message = _DREW[purpose]
    if "cost" in message.names:
        return message(card=card_name(card), cost=_value(card))
    return message(card=card_name(card))


def log_card(s: State, seat: int, a: mv.CardDrawn) -> Did:
    drawer, purpose = _drawn_for(s, seat)
    return Did(f"card_drawn_{purpose}", _drew(purpose, a.card), drawer)


_SCHEMES_DONE = {
    "reveal": (_did("scheme_drawn_reveal", "revealed {scheme}"), None),
    "future": (_did("scheme_drawn_future", "took {scheme}"), None),
    "setup": (_did("scheme_drawn_setup", "shuffled {scheme} into the pile of {seat}"), CHANCE),
}
"""§8.1, §8.3, §8.4: the scheme drawn and who did it (``None``: the AI)."""
SHUFFLED_HIDDEN = _did("scheme_drawn_setup_hidden", "shuffled a Future Scheme into the pile of {seat}")


def log_scheme(s: State, seat: int, a: mv.SchemeDrawn) -> Did:
    ai, purpose = _scheme_for(s, seat)
    message, actor = _SCHEMES_DONE[purpose]
    if "seat" in message.names:
        words = message(scheme=scheme_words(a.scheme), seat=who(s, ai))
    else:
        words = message(scheme=scheme_words(a.scheme))
    return Did(f"scheme_drawn_{purpose}", words, ai if actor is None else actor)


TOOK_PAIR = _did("pick_pair", "took {pair}")


def log_pick(s: State, seat: int, a: mv.PickPair) -> Did:
    return Did("pick_pair", TOOK_PAIR(pair=_pair_words(s, a.pair)))


PLAYED = _did("play", "played {card}")


def log_play(s: State, seat: int, a: mv.Play) -> Did:
    return Did("play", PLAYED(card=card_name(a.card)))


MOVED_TO = _did("move_to", "moved to {space}")
MOVED_TO_PAYING = _did("move_to_paying", "moved to {space}, paying {cost} silver for extra steps")


def log_move_to(s: State, seat: int, a: mv.MoveTo) -> Did:
    where, cost = _destination(s, seat, a)
    return Did("move_to", MOVED_TO_PAYING(space=where, cost=cost) if cost else MOVED_TO(space=where))


TRADED = _did("trade", "traded {times}, {payment}")


def log_trade(s: State, seat: int, a: mv.Trade) -> Did:
    return Did("trade", TRADED(times=_trade_words(s, seat, a.uses), payment=_paying(s, seat, a)))


BUILT = _did("build", "built {slot} on {spot}, {payment}")


def log_build(s: State, seat: int, a: mv.Build) -> Did:
    words = BUILT(slot=slot_name(a.slot), spot=spot_name(s.ring, a.spot), payment=_paying(s, seat, a))
    return Did("build", words)


PLACED_WORKERS = _did("place_workers", "placed {workers} on {section}, {payment}")
THE_CASTLE = Message(f"{G}.castle.the", "the castle")


def log_workers(s: State, seat: int, a: mv.PlaceWorkers) -> Did:
    section = section_name(s, castle.viscount_section(s, seat)) if s.rotation >= 0 else THE_CASTLE()
    words = PLACED_WORKERS(workers=WORKERS(n=a.workers), section=section, payment=_paying(s, seat, a))
    return Did("place_workers", words)


TRANSCRIBED = _did("transcribe", "transcribed {manuscript}, {payment}")


def log_transcribe(s: State, seat: int, a: mv.Transcribe) -> Did:
    return Did("transcribe", TRANSCRIBED(manuscript=transcribed(s, seat), payment=_paying(s, seat, a)))


NO_ACTION_DID = _did("no_action", "took no primary action")


def log_no_action(s: State, seat: int, a: mv.NoAction) -> Did:
    return Did("no_action", NO_ACTION_DID())


HIRED = _did("hire", "hired {card} for {cost} silver")


def log_hire(s: State, seat: int, a: mv.Hire) -> Did:
    card, cost = _recruit(s, seat)
    return Did("hire", HIRED(card=card, cost=cost))


DECLINED_COST = _did("pass_cost", "declined to pay {pay} for {gain}")


def log_pass(s: State, seat: int, a: mv.Pass) -> Did:
    if isinstance(_head(s), ChooseCost):
        return Did("pass_cost", DECLINED_COST(**cost_of(s)))
    kind, _, did = _PASSES.get(type(_head(s)), _PASS_HIRE)
    return Did(kind, did())


CHOSE_OPTION = _did("branch", "chose option {number}: {does}")


def log_branch(s: State, seat: int, a: mv.Branch) -> Did:
    return Did("branch", CHOSE_OPTION(number=a.index + 1, does=_branch(s, a)))


PAID = _did("accept", "paid {pay} for {gain}")


def log_accept(s: State, seat: int, a: mv.Accept) -> Did:
    return Did("accept", PAID(**cost_of(s)))


TOOK_RESOURCE = _did("take", "took 1 {resource}")


def log_take(s: State, seat: int, a: mv.Take) -> Did:
    return Did("take", TOOK_RESOURCE(resource=GOODS[a.resource]))


FLIPPED = _did("flip", "flipped {what}")


def log_flip(s: State, seat: int, a: mv.Flip) -> Did:
    return Did("flip", FLIPPED(what=FLIPPED_WHAT["debt" if a.what == "debt" else "deed"]()))


REARRANGED = _did("arrange", "rearranged the slots: {order}")


def log_arrange(s: State, seat: int, a: mv.Arrange) -> Did:
    return Did("arrange", REARRANGED(order=_order_words(a.slots)))


DISCARD_TOP_DID = _did("discard_top", "chose to discard the top card of the draw pile unseen")
DISCARDED = _did("discard", "discarded {card}")


def log_discard(s: State, seat: int, a: mv.Discard) -> Did:
    if a.card == mv.TOP:
        return Did("discard_top", DISCARD_TOP_DID())
    return Did("discard", DISCARDED(card=card_name(a.card)))


DESTROY_TOP_DID = _did("destroy_top", "chose to destroy the top card of the draw pile unseen")
DESTROYED = _did("destroy", "destroyed {card} (+{cost} silver)")
DESTROYED_STARTING = _did("destroy_starting", "destroyed {card} from the starting cards (+{cost} silver)")


def log_destroy(s: State, seat: int, a: mv.Destroy) -> Did:
    if a.card == mv.TOP:
        return Did("destroy_top", DESTROY_TOP_DID())
    message = DESTROYED_STARTING if _destroys_at_setup(s) else DESTROYED
    return Did("destroy", message(card=card_name(a.card), cost=_value(a.card)))


HIRED_FROM = _did("hire_from", "hired {card} from segment {position} for free")


def log_hire_from(s: State, seat: int, a: mv.HireFrom) -> Did:
    top = _pile_top(s.folk_tops, a.position)
    return Did("hire_from", HIRED_FROM(card=card_name(top) if top else NO_CARD(), position=a.position + 1))


TOOK_MANUSCRIPT = _did("take_manuscript", "took {manuscript} from segment {position} for free")


def log_take_manuscript(s: State, seat: int, a: mv.TakeManuscript) -> Did:
    return Did("take_manuscript", TOOK_MANUSCRIPT(manuscript=_the_free_manuscript(s, a), position=a.position + 1))


MOVED_WORKER = _did("move_worker", "moved a worker from {source} to {target}")


def log_move_worker(s: State, seat: int, a: mv.MoveWorker) -> Did:
    words = MOVED_WORKER(source=section_name(s, a.source), target=section_name(s, a.target))
    return Did("move_worker", words)


RESOLVED_FIRST = _did("resolve_section", "chose to resolve {section} first (tier {tier})")
PLACED_SECTION = _did("place_section", "placed {workers} on {section}")


def log_section(s: State, seat: int, a: mv.Section) -> Did:
    head = _head(s)
    section = section_name(s, a.section)
    if isinstance(head, CastleSection):
        return Did("resolve_section", RESOLVED_FIRST(section=section, tier=head.tier))
    return Did("place_section", PLACED_SECTION(workers=_placed(s), section=section))


BUILT_FREE = _did("place_building", "built {slot} on {spot} for free")


def log_place_building(s: State, seat: int, a: mv.PlaceBuilding) -> Did:
    return Did("place_building", BUILT_FREE(slot=slot_name(a.slot), spot=spot_name(s.ring, a.spot)))


BUMPED = _did("bump_worker", "bumped a worker of {owner} from {place}")


def log_bump(s: State, seat: int, a: mv.BumpWorker) -> Did:
    place, owner = _bumped(s, a)
    return Did("bump_worker", BUMPED(owner=owner, place=place))


# ---- what followed by itself ---------------------------------------------------------------------------------

Namer = Callable[[int], Param]
"""How a line names a seat: ``Seat 2``, or ``you`` for the mover in their private line."""

YOU = Message(f"{G}.log.you", "you")
"""The mover, named in their private line after the first word."""
YOU_FIRST = Message(f"{G}.log.you_first", "You")
"""The mover, named first in their private line."""

GAINED = Message(f"{G}.followed.gained", "gained {goods}")
SPENT = Message(f"{G}.followed.spent", "spent {goods}")
TOOK = Message(f"{G}.followed.took", "took {goods}")
FLIPPED_GOODS = Message(f"{G}.followed.flipped", "flipped {goods}")


def _goods_words(p: Player, q: Player) -> list[Text]:
    """What a seat gained or spent between two states, in public numbers (§4.2): ``gained 2 ink and 1 stone``,
    ``took 1 debt``, ``flipped 1 deed``."""
    changes = {what: getattr(q, what) - getattr(p, what) for what in ("silver", "ink", "gold", "stone")}
    gained: list[Param] = [GOOD(n=n, good=GOODS[what]) for what, n in changes.items() if n > 0]
    spent: list[Param] = [GOOD(n=-n, good=GOODS[what]) for what, n in changes.items() if n < 0]
    took: list[Param] = [
        message(n=new - old)
        for message, old, new in (
            (GAIN_DEBT, p.debts + p.paid, q.debts + q.paid),
            (GAIN_DEED, p.deeds + p.approved, q.deeds + q.approved),
        )
        if new > old
    ]
    flipped: list[Param] = [
        message(n=n) for message, n in ((GAIN_DEBT, q.paid - p.paid), (GAIN_DEED, q.approved - p.approved)) if n > 0
    ]
    said = [(verb, items) for verb, items in ((GAINED, gained), (SPENT, spent), (TOOK, took)) if items]
    said += [(FLIPPED_GOODS, flipped)] if flipped else []
    return [verb(goods=items[0] if len(items) == 1 else listing(items)) for verb, items in said]


AI_REVEALED = Message(f"{G}.ai.revealed", "revealed {scheme}")
AI_MOVED = Message(f"{G}.ai.moved", "moved to {space}")
AI_MARKERS = Message(f"{G}.ai.markers", "moved its markers to corruption {corruption} and virtue {virtue}")
AI_PLACED = Message(f"{G}.ai.placed", "placed {workers}")
AI_BUILT = Message(f"{G}.ai.built", "built {slot}")
AI_TRANSCRIBED = Message(f"{G}.ai.transcribed", "transcribed {manuscript}")
AI_TOOK_SCHEMES = Message(f"{G}.ai.took_schemes", "took {n} Future Scheme", "took {n} Future Schemes")
AI_TURN = Message(f"{G}.ai.turn", "{seat} took its turn: {did}")
AI_DID = Message(f"{G}.ai.did", "{seat} {did}")


def _ai_words(before: State, after: State, seat: int, by_itself: bool) -> Text | None:
    """§8.4: what the Cleric AI did by itself, from what everybody sees: its scheme revealed and Future
    Schemes taken (unless the move was that draw: ``by_itself`` false), its move, its goods and track, its
    workers, buildings and manuscripts."""
    p, q = before.players[seat], after.players[seat]
    began = by_itself and q.slots[0] not in (EMPTY, p.slots[0])
    said: list[Param] = [AI_REVEALED(scheme=scheme_words(q.slots[0]))] if began else []
    said += [AI_MOVED(space=space_words(q.space))] if q.space != p.space and q.space >= 0 else []
    said += _goods_words(p, q)
    track = (q.corruption, q.virtue)
    moved = track != (p.corruption, p.virtue)
    said += [AI_MARKERS(corruption=track[0], virtue=track[1])] if moved else []
    said += [AI_PLACED(workers=WORKERS(n=p.workers - q.workers))] if q.workers < p.workers else []
    said += [AI_BUILT(slot=slot_name(b)) for b in q.built[len(p.built) :]]
    said += [AI_TRANSCRIBED(manuscript=the_manuscript(m)) for m in q.manuscripts[len(p.manuscripts) :]]
    taken = len(before.future_unseen) - len(after.future_unseen) if by_itself else 0
    said += [AI_TOOK_SCHEMES(n=taken)] if taken > 0 else []
    if not said:
        return None
    did = listing(said, joined=LIST_COMMA) if len(said) > 1 else said[0]
    return (AI_TURN if began else AI_DID)(seat=who(after, seat), did=did)


_STAGES = {
    "draft": Message(f"{G}.followed.draft", "the draft began"),
    "turns": Message(f"{G}.followed.turns", "round 1 began"),
}
"""The stage reached (§3 step 9, §4.7); the end of the game is said with its round (§4.9)."""

_REVEALS = (
    (Message(f"{G}.followed.poverty", "the Poverty card was revealed"), "poverty"),
    (Message(f"{G}.followed.prosperity", "the Prosperity card was revealed"), "prosperity"),
)
"""§4.5: the cards whose reveal ends the game (§4.9), by their state field."""
GAME_ENDED = Message(f"{G}.followed.ended", "the game ended after round {round}")
ROUND_BEGAN = Message(f"{G}.followed.round", "round {round} began")

COULD_NOT_DESTROY = Message(
    f"{G}.skipped.could_not_destroy",
    "{seat} could not destroy a card (a player keeps at least {n} townsfolk cards)",
)
NO_CARD_TO_DESTROY = Message(f"{G}.skipped.no_destroy", "{seat} had no card to destroy")
NO_CARD_TO_DISCARD = Message(f"{G}.skipped.no_discard", "{seat} had no card to discard")
NO_FREE_HIRE = Message(f"{G}.skipped.no_free_hire", "no townsfolk pile had a card for {seat} to hire")
NO_FREE_MANUSCRIPT = Message(f"{G}.skipped.no_free_manuscript", "no manuscript costing {costs} was on offer for {seat}")
NO_CASTLE_MOVE = Message(f"{G}.skipped.no_castle_move", "{seat} had no worker to move in the castle")
NO_FREE_SPOT = Message(f"{G}.skipped.no_free_spot", "{seat} had no free spot for the free building")


def _skipped_words(then: State, step: Step, name: Namer) -> Text | None:
    """A decision the engine dropped (in state ``then``) for having nothing to decide, said truly: a destroy
    that cannot leave fewer than three cards (A-21), a discard with no card, a free hire, manuscript, castle
    move or building with nothing to take."""
    number = getattr(step, "seat", CHANCE)
    you = name(number)
    if isinstance(step, DestroyStep):
        if len(owned(then.players[number])) <= MIN_OWNED:
            return COULD_NOT_DESTROY(seat=you, n=MIN_OWNED)
        return NO_CARD_TO_DESTROY(seat=you)
    if isinstance(step, DiscardStep):
        return NO_CARD_TO_DISCARD(seat=you)
    if isinstance(step, FreeHire):
        return NO_FREE_HIRE(seat=you)
    if isinstance(step, FreeManuscript):
        return NO_FREE_MANUSCRIPT(costs=listing(list(step.costs), joined="core.list.or"), seat=you)
    if isinstance(step, CastleMove):
        return NO_CASTLE_MOVE(seat=you)
    if isinstance(step, BuildFree):
        return NO_FREE_SPOT(seat=you)
    return None


YOU_DREW = Message(f"{G}.followed.you_drew", "you drew {cards}")
DREW_CARDS = Message(f"{G}.followed.drew_cards", "{seat} drew {n} card", "{seat} drew {n} cards")
DREW_A_CARD = Message(f"{G}.followed.drew_a_card", "{seat} drew a card")


def _is_you(shown: Param) -> bool:
    return isinstance(shown, Text) and shown.id == YOU.id


def _drawn_words(before: State, number: int, cards: list[str], name: Namer, private: bool) -> Text:
    """Cards drawn into a hand: named to their owner, counted for everybody else (§9)."""
    shown = name(number)
    if private and _is_you(shown):
        return YOU_DREW(cards=listing([card_name(c) for c in cards], joined=LIST_COMMA))
    return DREW_CARDS(seat=shown, n=len(cards)) if len(cards) > 1 else DREW_A_CARD(seat=shown)


LINE = Message(f"{G}.log.line", "{actor} {did}")
"""A seat and what it did (also a step that followed by itself)."""


def _event_words(before: State, events: Sequence[Happened], name: Namer, private: bool) -> list[Text]:
    """What the engine did by itself, in order: cards taken from the top of a draw pile (those drawn into a
    hand merged per seat and named only to their owner), decisions dropped with nothing to decide."""
    said: list[Text | None] = []
    hand: tuple[int, list[str]] | None = None
    for event in events:
        step, answer, then = event.step, event.action, event.then
        if isinstance(step, DrawCard) and step.purpose == "hand" and isinstance(answer, mv.CardDrawn):
            if hand is not None and hand[0] == step.seat:
                hand[1].append(answer.card)
                continue
            if hand is not None:
                said.append(_drawn_words(before, *hand, name, private))
            hand = (step.seat, [answer.card])
            continue
        if hand is not None:
            said.append(_drawn_words(before, *hand, name, private))
            hand = None
        if isinstance(step, DrawCard) and isinstance(answer, mv.CardDrawn):
            said.append(LINE(actor=name(step.seat), did=_drew(step.purpose, answer.card)))
        elif answer is None:
            said.append(_skipped_words(then, step, name))
    if hand is not None:
        said.append(_drawn_words(before, *hand, name, private))
    return [words for words in said if words is not None]


THEN = Message(f"{G}.followed.then", "{first}; {then}")


def _followed(
    before: State, move: mv.Move, after: State, events: Sequence[Happened], name: Namer, private: bool
) -> Text | None:
    """What happened by itself after the move: the engine's own steps (``events``), the AI's turn, a
    revealed Poverty or Prosperity card (§4.9), the stage or round reached, the end of the game."""
    parts: list[Text | None] = list(_event_words(before, events, name, private))
    by_itself = not isinstance(move.action, mv.SchemeDrawn)
    parts += [_ai_words(before, after, number, by_itself) for number, p in enumerate(after.players) if p.ai]
    parts += [message() for message, field in _REVEALS if getattr(after, field) and not getattr(before, field)]
    if after.stage == "over" and before.stage != "over":
        parts.append(GAME_ENDED(round=after.round))
    elif after.stage != before.stage:
        stage = _STAGES.get(after.stage)
        parts.append(stage() if stage is not None else None)
    elif after.round != before.round:
        parts.append(ROUND_BEGAN(round=after.round))
    said = [part for part in parts if part is not None]
    if not said:
        return None
    return reduce(lambda first, then: THEN(first=first, then=then), said)


LINE_THEN = Message(f"{G}.log.line_then", "{actor} {did} — then {followed}")


def _line(actor: Param, did: Did, followed: Text | None) -> Text:
    """A log line: the actor, what they did (past tense) and what followed."""
    if followed is None:
        return LINE(actor=actor, did=did.words)
    return LINE_THEN(actor=actor, did=did.words, followed=followed)


def _taken_top(before: State, move: mv.Move, did: Did, events: list[Happened]) -> Did:
    """A discard or destroy of the unseen top card: the card itself once the engine has drawn it (seeded
    games; an external chance names it in its own move)."""
    purpose = did.kind.removesuffix("_top")
    if not did.kind.endswith("_top") or not events:
        return did
    step, answer = events[0].step, events[0].action
    if not (isinstance(step, DrawCard) and step.seat == move.seat and step.purpose == purpose and answer):
        return did
    events.pop(0)
    assert isinstance(answer, mv.CardDrawn)
    return Did(did.kind, _drew(purpose, answer.card))


def _said(event: Happened) -> bool:
    """Whether a line says what the engine did by itself: every chance draw it answered, and a real seat's
    decision dropped for having nothing to decide; not the Cleric AI's own decisions (§8.3: its turn is said
    as a whole, ``_ai_words``)."""
    return event.action is not None or not event.then.players[event.step.seat].ai


DREW_HIDDEN = _did("card_drawn_hand_hidden", "drew a card")


def log(before: State, move: mv.Move, after: State, act: Act, happened: Sequence[Happened]) -> LogEntry:
    """The public line names nothing hidden (§9); the private line, said to the one who decided, names a
    card drawn into a hand and the cards the move made its mover draw. Both say what the move did
    (``act.log``), then what followed by itself (``happened``: what the engine did before the next
    decision)."""
    assert act.log is not None
    did: Did = act.log(before, move.seat, move.action)
    pending = [event for event in happened if _said(event)]
    did = _taken_top(before, move, did, pending)
    actor = move.seat if did.actor is None else did.actor

    def public_name(number: int) -> Param:
        return who(before, number)

    followed = _followed(before, move, after, pending, public_name, private=False)
    if move.seat == CHANCE and did.kind == "card_drawn_hand":
        public = _line(who(before, actor), Did(did.kind, DREW_HIDDEN(), actor), followed)
        return LogEntry(move.seat, public, _line(who(before, actor), did, followed))
    if move.seat == CHANCE and did.kind == "scheme_drawn_setup":
        ai, _ = _scheme_for(before, move.seat)
        hidden = Did(did.kind, SHUFFLED_HIDDEN(seat=who(before, ai)))
        return LogEntry(move.seat, _line(seat(CHANCE), hidden, followed), _line(seat(CHANCE), did, followed))
    public = _line(who(before, actor), did, followed)
    drew = any(isinstance(e.step, DrawCard) and e.step.seat == move.seat and e.step.purpose == "hand" for e in pending)
    if move.seat == CHANCE or not drew:
        return LogEntry(move.seat, public, None)

    def private_name(number: int) -> Param:
        return YOU() if number == move.seat else who(before, number)

    mine = _followed(before, move, after, pending, private_name, private=True)
    return LogEntry(move.seat, public, _line(YOU_FIRST(), did, mine))
