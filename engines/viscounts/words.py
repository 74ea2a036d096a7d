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
from typing import NamedTuple

from msgspec.structs import replace

from engines.core.engine import CHANCE
from engines.core.table import Act, Happened
from engines.core.text import LogEntry, MoveLabel, Text, menu_steps, plural, seat_name, seated, text
from engines.viscounts import actions, castle, funding, turn
from engines.viscounts import moves as mv
from engines.viscounts.board import SEGMENTS, position, space_name
from engines.viscounts.cards import MIN_OWNED
from engines.viscounts.castle import section_reward
from engines.viscounts.common import CONTENT, owned, slot_cards
from engines.viscounts.content import ActionName, Effect
from engines.viscounts.names import (
    CARD_NAMES,
    building_name,
    card_name,
    effect_words,
    manuscript_details,
    manuscript_name,
    manuscript_words,
    scheme_words,
    slot_name,
    spot_name,
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

GAME = "viscounts"

Words = tuple[Text, list[Text]]
"""A label and its path of choices (the seat is added when several seats decide)."""


def _move(kind: str, template: str, **params: object) -> Text:
    return text(f"{GAME}.move.{kind}", template, **params)


def _choice(kind: str, template: str, **params: object) -> Text:
    return text(f"{GAME}.choice.{kind}", template, **params)


def _path(kind: str, title: str, **parts: str) -> list[Text]:
    """A path of choices: the kind of move (``title``), then one step per part, each showing its value."""
    return [_choice(kind, title), *(_choice(name, f"{{{name}}}", **{name: value}) for name, value in parts.items())]


# ---- naming things -------------------------------------------------------------------------------------------


def section_name(s: State, section: int) -> str:
    """A castle section (castle frame, §5.8, §6.10) by number, the segment it lies by and its tier-2 reward:
    ``section 1 by segment 3 (1 ink + 1 stone)``."""
    if not 0 <= section < SEGMENTS:
        return f"section {section + 1}"
    by = f" by segment {(section - s.rotation) % SEGMENTS + 1}" if s.rotation >= 0 else ""
    return f"section {section + 1}{by} ({effect_words(section_reward(s, section))})"


def who(s: State, seat: int) -> str:
    """A seat as people name it; the Cleric AI of a solo game (§8) says so: ``Seat 1 (AI)``."""
    ai = 0 <= seat < len(s.players) and s.players[seat].ai
    return f"{seat_name(seat)} (AI)" if ai else seat_name(seat)


def player_card_words(number: int) -> str:
    """A player card (§6.11) with its goods and extra step: ``player card 1 (8 silver, 2 ink, 1 stone,
    2 deeds, 1 debt; then 1 virtue)``."""
    details = player_card_details(number)
    return f"player card {number} ({details})" if details else f"player card {number}"


def player_card_details(number: int) -> str:
    """What a player card gives (§3 step 9, §6.11): its goods, then its extra step."""
    card = CONTENT.player_cards.get(number)
    if card is None:
        return ""
    g = card.gains
    goods = [f"{n} {what}" for what, n in (("silver", g.silver), ("ink", g.ink), ("gold", g.gold), ("stone", g.stone))]
    goods = [words for words in goods if not words.startswith("0 ")]
    goods += [f"any {plural(g.any_resource, 'resource')}"] if g.any_resource else []
    goods += [plural(n, what) for what, n in (("deed", g.deeds), ("debt", g.debts)) if n]
    extra = f"; then {effect_words(card.extra)}" if card.extra is not None else ""
    return f"{', '.join(goods)}{extra}"


def _menu(items: Sequence[str], name: Callable[[str], str]) -> list[tuple[str, str]]:
    """(key, words) pairs for a menu, in the order of the words."""
    return sorted(((item, name(item)) for item in dict.fromkeys(items)), key=lambda pair: (pair[1], pair[0]))


ALL_FOLK = _menu(tuple(CONTENT.townsfolk), card_name)
"""Every townsfolk card: the menu of a card drawn from a draw pile (its contents are hidden, §9)."""
NEUTRAL_FOLK = _menu(CONTENT.neutral, card_name)
"""The neutral townsfolk: the menu of a card coming to a pile's top."""
ALL_SCHEMES = _menu(tuple(CONTENT.schemes), scheme_words)
"""Every scheme card of the Cleric AI (§8.1): the menu of a scheme drawn."""


def _head(s: State) -> Step | None:
    return s.queue[0] if s.queue else None


# ---- chance (§9) ---------------------------------------------------------------------------------------------


def label_segment(s: State, seat: int, a: mv.Segment) -> Words:
    """§3 step 1: the physical segment laid at the next ring position."""
    head = _head(s)
    at = head.position + 1 if isinstance(head, DrawSegment) else len(s.ring) + 1
    label = _move("segment", "Lay board segment {segment} as segment {position}", segment=a.segment, position=at)
    return label, _path("segment", "Lay a board segment", letter=a.segment)


def _rotation_words(s: State, rotation: int) -> str:
    """§3 step 2: a rotation by where it puts section 1: ``section 1 by segment 4 (1 ink + 1 stone)``."""
    return section_name(replace(s, rotation=rotation), 0)


def label_rotation(s: State, seat: int, a: mv.Rotation) -> Words:
    """§3 step 2: section ``(position + rotation) % 5`` lies by ring position ``position``."""
    first = _rotation_words(s, a.rotation)
    label = _move("rotation", "Turn the castle so that {first}", first=first.replace(" by ", " lies by ", 1))
    return label, [_choice("rotation", "Turn the castle"), _choice("turned", "{first}", first=first)]


def label_folk(s: State, seat: int, a: mv.FolkDrawn) -> Words:
    """§3 step 3, §4.6: the townsfolk that comes to the top of a pile."""
    head = _head(s)
    at = head.position + 1 if isinstance(head, DrawFolk) else 0
    template = "Reveal {card} on the townsfolk pile of segment {position}"
    label = _move("folk_drawn", template, card=card_name(a.card), position=at)
    return label, [_choice("folk_drawn", "Reveal a townsfolk"), *pick("card", a.card, NEUTRAL_FOLK)]


def label_manuscript(s: State, seat: int, a: mv.ManuscriptDrawn) -> Words:
    """§3 step 4, §5.7: the manuscript that comes to the top of a pile (grey-backed ones at setup)."""
    head = _head(s)
    at = head.position + 1 if isinstance(head, DrawManuscript) else 0
    template = "Reveal the {manuscript} on the manuscript pile of segment {position}"
    label = _move("manuscript_drawn", template, manuscript=manuscript_words(a.manuscript), position=at)
    backs = CONTENT.grey_backed if s.grey_unseen else CONTENT.black_backed
    everything = _menu(backs, manuscript_details)
    return label, [_choice("manuscript_drawn", "Reveal a manuscript"), *pick("manuscript", a.manuscript, everything)]


def label_start(s: State, seat: int, a: mv.StartDrawn) -> Words:
    """§3 step 7, A-08: the start player."""
    label = _move("start_drawn", "Start with {seat}", seat=who(s, a.start))
    return label, _path("start_drawn", "Start player", seat=who(s, a.start))


def label_player_card(s: State, seat: int, a: mv.PlayerCardDrawn) -> Words:
    """§3 step 8: a player card laid out."""
    details = player_card_details(a.number)
    label = _move("player_card_drawn", "Lay out player card {number} ({details})", number=a.number, details=details)
    everything = [(str(n), player_card_words(n)) for n in sorted(CONTENT.player_cards)]
    return label, [
        _choice("player_card_drawn", "Lay out a player card"),
        *pick("player_card", str(a.number), everything),
    ]


def hero_under(s: State) -> str:
    head = _head(s)
    pair = s.pairs[head.pair] if isinstance(head, DrawHero) and head.pair < len(s.pairs) else None
    return f"player card {pair.card}" if pair is not None else "a player card"


def label_hero(s: State, seat: int, a: mv.HeroDrawn) -> Words:
    """§3 step 8: the hero put under a laid-out player card."""
    label = _move("hero_drawn", "Put {hero} under {card}", hero=card_name(a.hero), card=hero_under(s))
    return label, [_choice("hero_drawn", "Lay out a hero"), *pick("hero", a.hero, _menu(CONTENT.heroes, card_name))]


_DRAWN = {
    "hand": "Draw {card} into the hand of {seat}",
    "play": "Play {card} blind from the draw pile of {seat}",
    "discard": "Discard {card} from the top of the draw pile of {seat}",
    "destroy": "Destroy {card} from the top of the draw pile of {seat}",
}
"""§4.6, §4.7 phase 1: what happens to a card taken from the top of a draw pile."""


def _drawn_for(s: State, seat: int) -> tuple[int, str]:
    """The seat a card is taken from the top of the draw pile for, and what for."""
    head = _head(s)
    return (head.seat, head.purpose) if isinstance(head, DrawCard) else (seat, "hand")


def label_card(s: State, seat: int, a: mv.CardDrawn) -> Words:
    """§4.6: the card taken from the top of a draw pile, by what it is for."""
    drawer, purpose = _drawn_for(s, seat)
    label = _move(f"card_drawn_{purpose}", _DRAWN[purpose], seat=who(s, drawer), card=card_name(a.card))
    return label, [_choice("card_drawn", "Card from the draw pile"), *pick("card", a.card, ALL_FOLK)]


_SCHEMES = {
    "reveal": "Reveal {scheme} for {seat}",
    "future": "Give {seat} {scheme}",
    "setup": "Shuffle {scheme} into the pile of {seat}",
}
"""§8.1, §8.3, §8.4: the AI's scheme cards drawn."""


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
    label = _move(f"scheme_drawn_{purpose}", _SCHEMES[purpose], seat=who(s, ai), scheme=scheme_words(a.scheme))
    return label, [_choice("scheme_drawn", "Scheme card"), *pick("scheme", a.scheme, ALL_SCHEMES)]


# ---- setup and the turn (§3 step 9, §4.7) --------------------------------------------------------------------


def _pair_words(s: State, pair_index: int) -> str:
    pair = s.pairs[pair_index] if 0 <= pair_index < len(s.pairs) else None
    if pair is None:
        return f"pair {pair_index + 1}"
    return f"{player_card_words(pair.card)} with {card_name(pair.hero)}"


def label_pick(s: State, seat: int, a: mv.PickPair) -> Words:
    """§3 step 9: a laid-out player card and its hero."""
    shown = _pair_words(s, a.pair)
    label = _move("pick_pair", "Take {pair}", pair=shown)
    return label, _path("pick_pair", "Take a player card and hero", pair=shown)


def _hand(s: State, seat: int) -> list[tuple[str, str]]:
    return _menu(s.players[seat].hand, card_name) if 0 <= seat < len(s.players) else []


def label_play(s: State, seat: int, a: mv.Play) -> Words:
    """§4.7 phase 1, §5.1: a card from hand into slot 1."""
    label = _move("play", "Play {card}", card=card_name(a.card))
    return label, [_choice("play", "Play a card"), *pick("card", a.card, _hand(s, seat))]


def _destination(s: State, seat: int, a: mv.MoveTo) -> tuple[str, int]:
    """The space moved to, and the silver its extra steps cost."""
    cost = turn.destinations(s, seat).get(a.space, 0) if s.turn is not None else 0
    return (space_name(a.space) if 0 <= a.space < 3 * SEGMENTS else f"space {a.space}"), cost


def label_move_to(s: State, seat: int, a: mv.MoveTo) -> Words:
    """§4.7 phase 2, §5.2: the destination, and the silver its extra steps cost."""
    where, cost = _destination(s, seat, a)
    extra = f" ({cost} silver for extra steps)" if cost else ""
    label = _move("move_to", "Move to {space}{extra}", space=where, extra=extra)
    return label, _path("move_to", "Move the viscount", space=where + extra)


# ---- the primary actions (§5.3–§5.7) -------------------------------------------------------------------------


def _converter(s: State, seat: int, action: ActionName, modifier: str) -> str:
    """The card on the board whose ongoing conversion is used (§5.3): Diplomat, Mason, Clergyman, Emma."""
    found = [c for c in slot_cards(s.players[seat]) if c.ability.modifier == modifier and c.ability.action == action]
    return f" ({found[0].name})" if found else ""


def _payment_parts(s: State, seat: int, action: ActionName, p: funding.Payment) -> list[tuple[str, str]]:
    """§5.3: what a primary action pays, part by part, as (what is done, what): ``("pay", "2 gold")``,
    ``("use", "4 silver as icons (Diplomat)")``, ``("dismiss", "Overseer (3 silver)")``."""
    parts = [("pay", f"{p.pay} {funding.resource(action)}")] if p.pay else []
    if p.silver:
        parts.append(("use", f"{p.silver} silver as icons{_converter(s, seat, action, 'convert_silver')}"))
    emma = _converter(s, seat, action, "resources_as_icons")
    parts += [("use", f"{n} {what} as icons{emma}") for what, n in (("gold", p.gold), ("stone", p.stone)) if n]
    if p.dismiss:
        dismissed = f"{funding.dismissable(s, seat).name} ({funding.dismiss_cost(s, seat)} silver)"
        parts.append(("dismiss", dismissed))
    return parts


def payment_words(s: State, seat: int, action: ActionName, p: funding.Payment) -> str:
    """§5.3: what a primary action pays, spelt out: ``pay 2 gold, 4 silver as icons (Diplomat), dismiss
    Overseer (3 silver)`` (the dismissal's price: the card's value, or 1 with Trading Post 2); ``no payment``
    when the board's icons suffice."""
    parts = [f"{verb} {what}" if verb != "use" else what for verb, what in _payment_parts(s, seat, action, p)]
    return ", ".join(parts) or "no payment"


_PAYING = {"pay": "paying", "use": "using", "dismiss": "dismissing"}


def payment_done(s: State, seat: int, action: ActionName, p: funding.Payment) -> str:
    """The payment as it was made: ``paying 2 gold and dismissing Overseer (3 silver)``; ``paying nothing``
    when the board's icons sufficed."""
    parts = [f"{_PAYING[verb]} {what}" for verb, what in _payment_parts(s, seat, action, p)]
    if not parts:
        return "paying nothing"
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def _payment_steps(s: State, seat: int, a: actions.PrimaryMove, target: actions.PrimaryMove) -> list[Text]:
    """The payment menu of a target: every minimal payment for it (§5.3)."""
    action = actions.ACTION_OF[type(a)]
    icons, what = actions.RULES[type(a)][2](s, seat, target)
    everything = [(repr(p), payment_words(s, seat, action, p)) for p in funding.payments(s, seat, action, icons, what)]
    return pick("payment", repr(actions.payment_of(a)), everything)


def _paid(s: State, seat: int, a: actions.PrimaryMove) -> str:
    return payment_words(s, seat, actions.ACTION_OF[type(a)], actions.payment_of(a))


def _paying(s: State, seat: int, a: actions.PrimaryMove) -> str:
    return payment_done(s, seat, actions.ACTION_OF[type(a)], actions.payment_of(a))


def _trade_words(s: State, seat: int, uses: int) -> str:
    ex = actions.exchange(s, seat)
    rate = f"{plural(ex.cost, 'merchant icon')} -> {effect_words(ex.reward)}"
    return f"{plural(uses, 'time')} ({rate})"


def label_trade(s: State, seat: int, a: mv.Trade) -> Words:
    """§5.4: the exchange of the viscount's outer space, used ``uses`` times."""
    times = _trade_words(s, seat, a.uses)
    label = _move("trade", "Trade {times}: {payment}", times=times, payment=_paid(s, seat, a))
    uses = [(str(t.uses), _trade_words(s, seat, t.uses)) for t in actions.trade_targets(s, seat)]
    target = mv.Trade(a.uses)
    return label, [_choice("trade", "Trade"), *pick("uses", str(a.uses), uses), *_payment_steps(s, seat, a, target)]


def label_build(s: State, seat: int, a: mv.Build) -> Words:
    """§5.5: a building of the player's board onto a reachable spot."""
    slot, spot = slot_name(a.slot), spot_name(s.ring, a.spot)
    label = _move("build", "Build {slot} on {spot}: {payment}", slot=slot, spot=spot, payment=_paid(s, seat, a))
    return label, [
        *_path("build", "Build", slot=slot, spot=spot),
        *_payment_steps(s, seat, a, mv.Build(a.slot, a.spot)),
    ]


def label_workers(s: State, seat: int, a: mv.PlaceWorkers) -> Words:
    """§5.6: workers into tier 1 of the castle section by the viscount."""
    workers = plural(a.workers, "worker")
    label = _move("place_workers", "Place {workers}: {payment}", workers=workers, payment=_paid(s, seat, a))
    target = mv.PlaceWorkers(a.workers)
    return label, [*_path("place_workers", "Place workers", workers=workers), *_payment_steps(s, seat, a, target)]


def transcribed(s: State, seat: int) -> str:
    """§5.7: the visible manuscript of the viscount's segment, or the printed one under an empty pile, with
    its article: ``the manuscript (cost 3, grey ribbon, flip 1 debt or deed)``."""
    pos = position(s.players[seat].space)
    top = s.script_tops[pos] if 0 <= pos < len(s.script_tops) else EMPTY
    if top != EMPTY or len(s.ring) != SEGMENTS:
        return f"the {manuscript_words(top)}"
    printed = CONTENT.segments[s.ring[pos]].fallback_manuscript
    return f"the printed manuscript (cost {printed.cost}, {effect_words(printed.immediate)})"


def label_transcribe(s: State, seat: int, a: mv.Transcribe) -> Words:
    """§5.7: the manuscript of the viscount's segment."""
    manuscript = transcribed(s, seat)
    label = _move("transcribe", "Transcribe {manuscript}: {payment}", manuscript=manuscript, payment=_paid(s, seat, a))
    target = mv.Transcribe()
    return label, [*_path("transcribe", "Transcribe", manuscript=manuscript), *_payment_steps(s, seat, a, target)]


def label_no_action(s: State, seat: int, a: mv.NoAction) -> Words:
    """A-11: no primary action."""
    return _move("no_action", "Take no primary action"), [_choice("no_action", "No primary action")]


def _recruit(s: State, seat: int) -> tuple[str, int]:
    """The visible card of the viscount's segment and its price."""
    pos = position(s.players[seat].space)
    top = s.folk_tops[pos] if 0 <= pos < len(s.folk_tops) else EMPTY
    return card_name(top), turn.hire_price(s, seat)


def label_hire(s: State, seat: int, a: mv.Hire) -> Words:
    """§4.7 phase 4, §5.9: the visible card of the viscount's segment, for its silver value."""
    card, cost = _recruit(s, seat)
    label = _move("hire", "Hire {card} for {cost} silver", card=card, cost=cost)
    return label, [_choice("hire", "Hire {card}", card=card)]


# ---- effect decisions (§4.5, §4.6, §6.2) ----------------------------------------------------------------------


def _branch(s: State, a: mv.Branch) -> str:
    head = _head(s)
    of = head.effect.of if isinstance(head, ChooseBranch) else ()
    return effect_words(of[a.index]) if 0 <= a.index < len(of) else "nothing"


def label_branch(s: State, seat: int, a: mv.Branch) -> Words:
    """§6.2 ``choice``: one branch, by number and what it does."""
    does = _branch(s, a)
    label = _move("branch", "Take option {number}: {does}", does=does, number=a.index + 1)
    return label, [_choice("branch", "Option {number}: {does}", does=does, number=a.index + 1)]


def cost_of(s: State) -> dict[str, str]:
    """The optional cost asked (§6.2 ``cost``): what is paid and what it gains."""
    head = _head(s)
    e = head.effect if isinstance(head, ChooseCost) else Effect(op="cost")
    pay = effect_words(e.pay) if e.pay is not None else "nothing"
    return {"pay": pay, "gain": effect_words(e.gain) if e.gain is not None else "nothing"}


def label_accept(s: State, seat: int, a: mv.Accept) -> Words:
    """§6.2 ``cost``: pay to gain the reward."""
    label = _move("accept", "Pay {pay} for {gain}", **cost_of(s))
    return label, [_choice("accept", "Pay {pay} for {gain}", **cost_of(s))]


def label_take(s: State, seat: int, a: mv.Take) -> Words:
    """§6.2 ``any_resource``: one ink, gold or stone."""
    label = _move("take", "Take 1 {resource}", resource=a.resource)
    return label, _path("take", "Take a resource", resource=a.resource)


_FLIPS = {"debt": "a debt (then any 1 resource)", "deed": "a deed"}


def label_flip(s: State, seat: int, a: mv.Flip) -> Words:
    """§4.5: flip a debt (and take any resource) or a deed."""
    what = _FLIPS.get(a.what, a.what)
    return _move("flip", "Flip {what}", what=what), _path("flip", "Flip", what=what)


def _order_words(slots: Sequence[str]) -> str:
    return ", ".join(f"slot {i} {card_name(c) if c else 'empty'}" for i, c in enumerate(slots, start=1))


def label_arrange(s: State, seat: int, a: mv.Arrange) -> Words:
    """§4.6 rearrange (A-10): the cards of slots 1..3 in their new order."""
    order = _order_words(a.slots)
    label = _move("arrange", "Rearrange: {order}", order=order)
    return label, _path("arrange", "Rearrange", order=order)


def _from_top_or_hand(kind: str, a: mv.Discard | mv.Destroy, hand: str, top: str) -> Words:
    """A discard or destroy (§4.6): a hand card (``hand`` template) or the draw pile's unseen top."""
    if a.card == mv.TOP:
        label = _move(f"{kind}_top", top)
        shown = "the top of the draw pile (unseen)"
    else:
        label = _move(kind, hand, card=card_name(a.card), cost=_value(a.card))
        shown = card_name(a.card)
    return label, _path(kind, kind.capitalize(), card=shown)


def _value(card: str) -> int:
    """A townsfolk card's silver value (what destroying it gives, §4.6)."""
    return CONTENT.townsfolk[card].cost if card in CONTENT.townsfolk else 0


def label_discard(s: State, seat: int, a: mv.Discard) -> Words:
    """§4.6 discard: a hand card, or the top of the draw pile unseen."""
    return _from_top_or_hand("discard", a, "Discard {card}", "Discard the top card of your draw pile (unseen)")


def _destroys_at_setup(s: State) -> bool:
    head = _head(s)
    return isinstance(head, DestroyStep) and head.setup


def label_destroy(s: State, seat: int, a: mv.Destroy) -> Words:
    """§4.6 destroy (A-21), player card 9's destroy from the starting cards (§3 step 9)."""
    setup = _destroys_at_setup(s)
    hand = "Destroy {card} from your starting cards (+{cost} silver)" if setup else "Destroy {card} (+{cost} silver)"
    return _from_top_or_hand("destroy", a, hand, "Destroy the top card of your draw pile (unseen)")


def _pile_top(tops: tuple[str, ...], position: int) -> str:
    return tops[position] if 0 <= position < len(tops) else EMPTY


def label_hire_from(s: State, seat: int, a: mv.HireFrom) -> Words:
    """§4.6 free hire: the top card of any pile."""
    top = _pile_top(s.folk_tops, a.position)
    card = card_name(top) if top else "no card"
    label = _move("hire_from", "Hire {card} from segment {position} for free", card=card, position=a.position + 1)
    path = [
        _choice("hire_from", "Free hire"),
        _choice("pile", "segment {position}: {card}", position=a.position + 1, card=card),
    ]
    return label, path


def _free_manuscript(s: State, a: mv.TakeManuscript) -> str:
    top = _pile_top(s.script_tops, a.position)
    return manuscript_words(top) if top else "no manuscript"


def label_take_manuscript(s: State, seat: int, a: mv.TakeManuscript) -> Words:
    """§6.2 ``free_manuscript`` (A-16): a visible manuscript of the costs allowed."""
    shown = _free_manuscript(s, a)
    template = "Take the {manuscript} from segment {position} for free"
    label = _move("take_manuscript", template, manuscript=shown, position=a.position + 1)
    path = [
        _choice("take_manuscript", "Free manuscript"),
        _choice("pile", "segment {position}: {manuscript}", position=a.position + 1, manuscript=shown),
    ]
    return label, path


def label_move_worker(s: State, seat: int, a: mv.MoveWorker) -> Words:
    """§6.2 ``castle_move``: one own tier-1 worker to a neighbouring section."""
    source, target = section_name(s, a.source), section_name(s, a.target)
    label = _move("move_worker", "Move a worker from {source} to {target}", source=source, target=target)
    return label, _path("move_worker", "Castle move", source=f"from {source}", target=f"to {target}")


def _placed(s: State) -> str:
    head = _head(s)
    return plural(getattr(head, "n", 1), "worker")


def label_section(s: State, seat: int, a: mv.Section) -> Words:
    """§6.2 ``place_workers`` on any section, or §5.8's choice of the section resolving first."""
    head = _head(s)
    section = section_name(s, a.section)
    if isinstance(head, CastleSection):
        label = _move("resolve_section", "Resolve {section} first (tier {tier})", section=section, tier=head.tier)
        return label, _path("resolve_section", "Resolve a section", section=section)
    workers = _placed(s)
    label = _move("place_section", "Place {workers} on {section}", workers=workers, section=section)
    return label, [
        _choice("place_section", "Place {workers}", workers=workers),
        _choice("section", "{section}", section=section),
    ]


def label_place_building(s: State, seat: int, a: mv.PlaceBuilding) -> Words:
    """§6.2 ``build_free`` (A-31, A-37): a building of the player's board onto a free spot, for free."""
    slot, spot = slot_name(a.slot), spot_name(s.ring, a.spot)
    label = _move("place_building", "Build {slot} on {spot} for free", slot=slot, spot=spot)
    spots = [(str(i), spot_name(s.ring, i)) for i in range(len(s.spots))]
    return label, [*_path("place_building", "Free building", slot=slot), *pick("spot", str(a.spot), spots)]


def _bumped(s: State, a: mv.BumpWorker) -> tuple[str, str]:
    return f"tier {a.tier} of {section_name(s, a.section)}", who(s, a.owner)


def label_bump(s: State, seat: int, a: mv.BumpWorker) -> Words:
    """§5.8 bump: a worker of any colour from a section over capacity."""
    place, owner = _bumped(s, a)
    label = _move("bump_worker", "Bump {owner}'s worker from {place}", owner=owner, place=place)
    return label, _path("bump_worker", "Bump", place=place, owner=owner)


_PASSES: dict[type, tuple[str, str, str]] = {
    Rearrange: ("pass_rearrange", "Keep the order of your slots", "kept the order of the slots"),
    DiscardStep: ("pass_discard", "Discard nothing", "discarded nothing"),
    DestroyStep: ("pass_destroy", "Destroy nothing", "destroyed nothing"),
    FreeHire: ("pass_free_hire", "Decline the free hire", "declined the free hire"),
    CastleMove: ("pass_castle_move", "Make no castle move", "made no castle move"),
}
"""Declining, by the decision declined: the label and what the log says (a cost: ``label_pass``; nothing
queued: the recruit, §5.9)."""
_PASS_HIRE = ("pass_hire", "Hire nobody", "hired nobody")


def label_pass(s: State, seat: int, a: mv.Pass) -> Words:
    """Declining what is optional: the recruit, a rearrange, a discard, a destroy, a castle move, a cost, a free
    hire under A-15 ``optional``."""
    if isinstance(_head(s), ChooseCost):
        label = _move("pass_cost", "Do not pay {pay} for {gain}", **cost_of(s))
        return label, [_choice("pass_cost", "Do not pay {pay} for {gain}", **cost_of(s))]
    kind, words, _ = _PASSES.get(type(_head(s)), _PASS_HIRE)
    return _move(kind, words), [_choice(kind, words)]


def label(state: State, move: mv.Move, several_seats: bool, act: Act) -> MoveLabel:
    """The label and the path of choices of a legal move (``act.label``: its action's words; the seat first
    when several seats decide)."""
    shown, path = act.label(state, move.seat, move.action)
    return seated(GAME, move.seat, several_seats, shown, path)


def pick(kind: str, value: str, everything: Sequence[tuple[str, str]]) -> list[Text]:
    """The menu step(s) choosing ``value`` (``engines.core.text.menu_steps``)."""
    return menu_steps(GAME, kind, value, everything)


# ---- what a move did, in the past tense -----------------------------------------------------------------------


class Did(NamedTuple):
    """What a move did: its message kind, the words after the actor (past tense, ``{name}`` parameters) and
    the parameters; ``actor``: the seat that acted when it is not the mover (a card a chance draw takes from
    a seat's pile), ``CHANCE`` for the table."""

    kind: str
    template: str
    params: dict[str, object]
    actor: int | None = None


def log_segment(s: State, seat: int, a: mv.Segment) -> Did:
    head = _head(s)
    at = head.position + 1 if isinstance(head, DrawSegment) else len(s.ring) + 1
    return Did("segment", "laid board segment {segment} as segment {position}", {"segment": a.segment, "position": at})


def log_rotation(s: State, seat: int, a: mv.Rotation) -> Did:
    first = _rotation_words(s, a.rotation).replace(" by ", " lies by ", 1)
    return Did("rotation", "turned the castle so that {first}", {"first": first})


def log_folk(s: State, seat: int, a: mv.FolkDrawn) -> Did:
    head = _head(s)
    at = head.position + 1 if isinstance(head, DrawFolk) else 0
    template = "revealed {card} on the townsfolk pile of segment {position}"
    return Did("folk_drawn", template, {"card": card_name(a.card), "position": at})


def log_manuscript(s: State, seat: int, a: mv.ManuscriptDrawn) -> Did:
    head = _head(s)
    at = head.position + 1 if isinstance(head, DrawManuscript) else 0
    template = "revealed the {manuscript} on the manuscript pile of segment {position}"
    return Did("manuscript_drawn", template, {"manuscript": manuscript_words(a.manuscript), "position": at})


def log_start(s: State, seat: int, a: mv.StartDrawn) -> Did:
    return Did("start_drawn", "chose {seat} as the start player", {"seat": who(s, a.start)})


def log_player_card(s: State, seat: int, a: mv.PlayerCardDrawn) -> Did:
    template = "laid out player card {number} ({details})"
    return Did("player_card_drawn", template, {"number": a.number, "details": player_card_details(a.number)})


def log_hero(s: State, seat: int, a: mv.HeroDrawn) -> Did:
    return Did("hero_drawn", "put {hero} under {card}", {"hero": card_name(a.hero), "card": hero_under(s)})


_DREW = {
    "hand": "drew {card}",
    "play": "played {card} blind from the draw pile",
    "discard": "discarded {card} from the top of the draw pile",
    "destroy": "destroyed {card} from the top of the draw pile (+{cost} silver)",
}
"""§4.6: what a seat did with a card taken from the top of its draw pile."""


def log_card(s: State, seat: int, a: mv.CardDrawn) -> Did:
    drawer, purpose = _drawn_for(s, seat)
    params: dict[str, object] = {"card": card_name(a.card), "cost": _value(a.card)}
    return Did(f"card_drawn_{purpose}", _DREW[purpose], params, drawer)


_SCHEMES_DONE = {
    "reveal": ("revealed {scheme}", None),
    "future": ("took {scheme}", None),
    "setup": ("shuffled {scheme} into the pile of {seat}", CHANCE),
}
"""§8.1, §8.3, §8.4: the scheme drawn and who did it (``None``: the AI)."""


def log_scheme(s: State, seat: int, a: mv.SchemeDrawn) -> Did:
    ai, purpose = _scheme_for(s, seat)
    template, actor = _SCHEMES_DONE[purpose]
    params: dict[str, object] = {"scheme": scheme_words(a.scheme), "seat": who(s, ai)}
    return Did(f"scheme_drawn_{purpose}", template, params, ai if actor is None else actor)


def log_pick(s: State, seat: int, a: mv.PickPair) -> Did:
    return Did("pick_pair", "took {pair}", {"pair": _pair_words(s, a.pair)})


def log_play(s: State, seat: int, a: mv.Play) -> Did:
    return Did("play", "played {card}", {"card": card_name(a.card)})


def log_move_to(s: State, seat: int, a: mv.MoveTo) -> Did:
    where, cost = _destination(s, seat, a)
    extra = f", paying {cost} silver for extra steps" if cost else ""
    return Did("move_to", "moved to {space}{extra}", {"space": where, "extra": extra})


def log_trade(s: State, seat: int, a: mv.Trade) -> Did:
    params: dict[str, object] = {"times": _trade_words(s, seat, a.uses), "payment": _paying(s, seat, a)}
    return Did("trade", "traded {times}, {payment}", params)


def log_build(s: State, seat: int, a: mv.Build) -> Did:
    params: dict[str, object] = {
        "slot": slot_name(a.slot),
        "spot": spot_name(s.ring, a.spot),
        "payment": _paying(s, seat, a),
    }
    return Did("build", "built {slot} on {spot}, {payment}", params)


def log_workers(s: State, seat: int, a: mv.PlaceWorkers) -> Did:
    section = section_name(s, castle.viscount_section(s, seat)) if s.rotation >= 0 else "the castle"
    params: dict[str, object] = {"workers": plural(a.workers, "worker"), "section": section}
    params["payment"] = _paying(s, seat, a)
    return Did("place_workers", "placed {workers} on {section}, {payment}", params)


def log_transcribe(s: State, seat: int, a: mv.Transcribe) -> Did:
    params: dict[str, object] = {"manuscript": transcribed(s, seat), "payment": _paying(s, seat, a)}
    return Did("transcribe", "transcribed {manuscript}, {payment}", params)


def log_no_action(s: State, seat: int, a: mv.NoAction) -> Did:
    return Did("no_action", "took no primary action", {})


def log_hire(s: State, seat: int, a: mv.Hire) -> Did:
    card, cost = _recruit(s, seat)
    return Did("hire", "hired {card} for {cost} silver", {"card": card, "cost": cost})


def log_pass(s: State, seat: int, a: mv.Pass) -> Did:
    if isinstance(_head(s), ChooseCost):
        return Did("pass_cost", "declined to pay {pay} for {gain}", dict(cost_of(s)))
    kind, _, did = _PASSES.get(type(_head(s)), _PASS_HIRE)
    return Did(kind, did, {})


def log_branch(s: State, seat: int, a: mv.Branch) -> Did:
    return Did("branch", "chose option {number}: {does}", {"number": a.index + 1, "does": _branch(s, a)})


def log_accept(s: State, seat: int, a: mv.Accept) -> Did:
    return Did("accept", "paid {pay} for {gain}", dict(cost_of(s)))


def log_take(s: State, seat: int, a: mv.Take) -> Did:
    return Did("take", "took 1 {resource}", {"resource": a.resource})


def log_flip(s: State, seat: int, a: mv.Flip) -> Did:
    return Did("flip", "flipped {what}", {"what": "a debt" if a.what == "debt" else "a deed"})


def log_arrange(s: State, seat: int, a: mv.Arrange) -> Did:
    return Did("arrange", "rearranged the slots: {order}", {"order": _order_words(a.slots)})


def log_discard(s: State, seat: int, a: mv.Discard) -> Did:
    if a.card == mv.TOP:
        return Did("discard_top", "chose to discard the top card of the draw pile unseen", {})
    return Did("discard", "discarded {card}", {"card": card_name(a.card)})


def log_destroy(s: State, seat: int, a: mv.Destroy) -> Did:
    if a.card == mv.TOP:
        return Did("destroy_top", "chose to destroy the top card of the draw pile unseen", {})
    where = " from the starting cards" if _destroys_at_setup(s) else ""
    params: dict[str, object] = {"card": card_name(a.card), "where": where, "cost": _value(a.card)}
    return Did("destroy", "destroyed {card}{where} (+{cost} silver)", params)


def log_hire_from(s: State, seat: int, a: mv.HireFrom) -> Did:
    top = _pile_top(s.folk_tops, a.position)
    params: dict[str, object] = {"card": card_name(top) if top else "no card", "position": a.position + 1}
    return Did("hire_from", "hired {card} from segment {position} for free", params)


def log_take_manuscript(s: State, seat: int, a: mv.TakeManuscript) -> Did:
    params: dict[str, object] = {"manuscript": _free_manuscript(s, a), "position": a.position + 1}
    return Did("take_manuscript", "took the {manuscript} from segment {position} for free", params)


def log_move_worker(s: State, seat: int, a: mv.MoveWorker) -> Did:
    params: dict[str, object] = {"source": section_name(s, a.source), "target": section_name(s, a.target)}
    return Did("move_worker", "moved a worker from {source} to {target}", params)


def log_section(s: State, seat: int, a: mv.Section) -> Did:
    head = _head(s)
    section = section_name(s, a.section)
    if isinstance(head, CastleSection):
        template = "chose to resolve {section} first (tier {tier})"
        return Did("resolve_section", template, {"section": section, "tier": head.tier})
    return Did("place_section", "placed {workers} on {section}", {"workers": _placed(s), "section": section})


def log_place_building(s: State, seat: int, a: mv.PlaceBuilding) -> Did:
    params: dict[str, object] = {"slot": slot_name(a.slot), "spot": spot_name(s.ring, a.spot)}
    return Did("place_building", "built {slot} on {spot} for free", params)


def log_bump(s: State, seat: int, a: mv.BumpWorker) -> Did:
    place, owner = _bumped(s, a)
    return Did("bump_worker", "bumped a worker of {owner} from {place}", {"owner": owner, "place": place})


# ---- what followed by itself ---------------------------------------------------------------------------------

Namer = Callable[[int], str]
"""How a line names a seat: ``Seat 2``, or ``you`` for the mover in their private line."""


def _listed(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _goods_words(p: Player, q: Player) -> list[str]:
    """What a seat gained or spent between two states, in public numbers (§4.2): ``gained 2 ink and 1 stone``,
    ``took 1 debt``, ``flipped 1 deed``."""
    changes = {what: getattr(q, what) - getattr(p, what) for what in ("silver", "ink", "gold", "stone")}
    gained = [f"{n} {what}" for what, n in changes.items() if n > 0]
    spent = [f"{-n} {what}" for what, n in changes.items() if n < 0]
    took = [
        plural(new - old, what)
        for what, old, new in (
            ("debt", p.debts + p.paid, q.debts + q.paid),
            ("deed", p.deeds + p.approved, q.deeds + q.approved),
        )
        if new > old
    ]
    flipped = [plural(n, what) for what, n in (("debt", q.paid - p.paid), ("deed", q.approved - p.approved)) if n > 0]
    said = [(verb, items) for verb, items in (("gained", gained), ("spent", spent), ("took", took)) if items]
    said += [("flipped", flipped)] if flipped else []
    return [f"{verb} {_listed(items)}" for verb, items in said]


def _ai_words(before: State, after: State, seat: int, by_itself: bool) -> str:
    """§8.4: what the Cleric AI did by itself, from what everybody sees: its scheme revealed and Future
    Schemes taken (unless the move was that draw: ``by_itself`` false), its move, its goods and track, its
    workers, buildings and manuscripts."""
    p, q = before.players[seat], after.players[seat]
    began = by_itself and q.slots[0] not in (EMPTY, p.slots[0])
    said = [f"revealed {scheme_words(q.slots[0])}"] if began else []
    said += [f"moved to {space_name(q.space)}"] if q.space != p.space and q.space >= 0 else []
    said += _goods_words(p, q)
    track = (q.corruption, q.virtue)
    moved = track != (p.corruption, p.virtue)
    said += [f"moved its markers to corruption {track[0]} and virtue {track[1]}"] if moved else []
    said += [f"placed {plural(p.workers - q.workers, 'worker')}"] if q.workers < p.workers else []
    said += [f"built {slot_name(b)}" for b in q.built[len(p.built) :]]
    said += [f"transcribed the {manuscript_words(m)}" for m in q.manuscripts[len(p.manuscripts) :]]
    taken = len(before.future_unseen) - len(after.future_unseen) if by_itself else 0
    said += [f"took {plural(taken, 'Future Scheme')}"] if taken > 0 else []
    if not said:
        return ""
    opening = f"{who(after, seat)} took its turn: " if began else f"{who(after, seat)} "
    return opening + ", ".join(said)


_STAGES = {"draft": "the draft began", "turns": "round 1 began"}
"""The stage reached (§3 step 9, §4.7); the end of the game is said with its round (§4.9)."""

_REVEALS = (("Poverty", "poverty"), ("Prosperity", "prosperity"))
"""§4.5: the cards whose reveal ends the game (§4.9), by their state field."""


def _skipped_words(then: State, step: Step, name: Namer) -> str:
    """A decision the engine dropped (in state ``then``) for having nothing to decide, said truly: a destroy
    that cannot leave fewer than three cards (A-21), a discard with no card, a free hire, manuscript, castle
    move or building with nothing to take."""
    seat = getattr(step, "seat", CHANCE)
    you = name(seat)
    if isinstance(step, DestroyStep):
        if len(owned(then.players[seat])) <= MIN_OWNED:
            return f"{you} could not destroy a card (a player keeps at least {MIN_OWNED} townsfolk cards)"
        return f"{you} had no card to destroy"
    if isinstance(step, DiscardStep):
        return f"{you} had no card to discard"
    if isinstance(step, FreeHire):
        return f"no townsfolk pile had a card for {you} to hire"
    if isinstance(step, FreeManuscript):
        costs = " or ".join(str(c) for c in step.costs)
        return f"no manuscript costing {costs} was on offer for {you}"
    if isinstance(step, CastleMove):
        return f"{you} had no worker to move in the castle"
    if isinstance(step, BuildFree):
        return f"{you} had no free spot for the free building"
    return ""


def _drawn_words(before: State, seat: int, cards: list[str], name: Namer, private: bool) -> str:
    """Cards drawn into a hand: named to their owner, counted for everybody else (§9)."""
    shown = name(seat)
    if private and shown == "you":
        return f"you drew {', '.join(card_name(c) for c in cards)}"
    return f"{shown} drew {plural(len(cards), 'card') if len(cards) > 1 else 'a card'}"


def _event_words(before: State, events: Sequence[Happened], name: Namer, private: bool) -> list[str]:
    """What the engine did by itself, in order: cards taken from the top of a draw pile (those drawn into a
    hand merged per seat and named only to their owner), decisions dropped with nothing to decide."""
    said: list[str] = []
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
            did = _DREW[step.purpose]
            said.append(f"{name(step.seat)} " + did.format(card=card_name(answer.card), cost=_value(answer.card)))
        elif answer is None:
            said.append(_skipped_words(then, step, name))
    if hand is not None:
        said.append(_drawn_words(before, *hand, name, private))
    return [words for words in said if words]


def _followed(
    before: State, move: mv.Move, after: State, events: Sequence[Happened], name: Namer, private: bool
) -> str:
    """What happened by itself after the move: the engine's own steps (``events``), the AI's turn, a
    revealed Poverty or Prosperity card (§4.9), the stage or round reached, the end of the game."""
    parts = _event_words(before, events, name, private)
    by_itself = not isinstance(move.action, mv.SchemeDrawn)
    parts += [_ai_words(before, after, seat, by_itself) for seat, p in enumerate(after.players) if p.ai]
    parts += [
        f"the {card} card was revealed"
        for card, field in _REVEALS
        if getattr(after, field) and not getattr(before, field)
    ]
    if after.stage == "over" and before.stage != "over":
        parts.append(f"the game ended after round {after.round}")
    elif after.stage != before.stage:
        parts.append(_STAGES.get(after.stage, ""))
    elif after.round != before.round:
        parts.append(f"round {after.round} began")
    return "; ".join(part for part in parts if part)


def _line(message_id: str, actor: str, did: Did, followed: str) -> Text:
    """A log line: the actor, what they did (past tense) and what followed, with every parameter."""
    template = "{actor} " + did.template + (" — then {followed}" if followed else "")
    params = {**did.params, **({"followed": followed} if followed else {})}
    return text(message_id, template, actor=actor, **params)


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
    card = answer.card
    return Did(did.kind, _DREW[purpose], {"card": card_name(card), "cost": _value(card)})


def _said(event: Happened) -> bool:
    """Whether a line says what the engine did by itself: every chance draw it answered, and a real seat's
    decision dropped for having nothing to decide; not the Cleric AI's own decisions (§8.3: its turn is said
    as a whole, ``_ai_words``)."""
    return event.action is not None or not event.then.players[event.step.seat].ai


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
    message_id = f"{GAME}.log.{did.kind}"

    def public_name(seat: int) -> str:
        return who(before, seat)

    followed = _followed(before, move, after, pending, public_name, private=False)
    if move.seat == CHANCE and did.kind == "card_drawn_hand":
        hidden = Did(did.kind, "drew a card", {}, actor)
        public = _line(f"{message_id}_hidden", who(before, actor), hidden, followed)
        return LogEntry(move.seat, public, _line(message_id, who(before, actor), did, followed))
    if move.seat == CHANCE and did.kind == "scheme_drawn_setup":
        hidden = Did(did.kind, "shuffled a Future Scheme into the pile of {seat}", {"seat": did.params["seat"]})
        public = _line(f"{message_id}_hidden", "Chance", hidden, followed)
        return LogEntry(move.seat, public, _line(message_id, "Chance", did, followed))
    public = _line(message_id, who(before, actor), did, followed)
    drew = any(isinstance(e.step, DrawCard) and e.step.seat == move.seat and e.step.purpose == "hand" for e in pending)
    if move.seat == CHANCE or not drew:
        return LogEntry(move.seat, public, None)

    def private_name(seat: int) -> str:
        return "you" if seat == move.seat else who(before, seat)

    mine = _followed(before, move, after, pending, private_name, private=True)
    return LogEntry(move.seat, public, _line(f"{message_id}_private", "You", did, mine))
