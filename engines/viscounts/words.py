"""Viscounts of the West Kingdom in words: a label and a path of choices for every legal move, and the log lines
of a move.

Things are named as a player at the table sees them: townsfolk by name and silver value (``Benefactor (2)``;
cards sharing both add their ability, ``Peddler (2, 1 ink)``), manuscripts by id, cost and ribbon
(``M-05 (cost 3, grey ribbon)``), viscount spaces by segment (``segment 2 outer-left``, ring positions counted
from 1), building spots by segment and river side (``segment 2 left spot 1 (1 virtue)``), castle sections by
number, neighbouring segment and tier-2 reward (``section 1 by segment 3 (1 ink + 1 stone)``), building slots
by type, number and what building there reveals (``Trading Post 2 (dismiss for 1 silver)``), payments spelt
out (``Place 3 workers: pay 2 gold, dismiss Overseer (3 silver)``).

A path chooses the kind of move first, then each part (a primary action: the action, the target, the
payment, §5.3–§5.7); a part with more than 25 values (a chat menu's limit) is chosen in two steps, first a
group of at most 25 consecutive values. The groups come from a list every seat can see (the whole content
list for a chance draw, never the unseen cards), so the same menus appear whatever is hidden.

The public log line names nothing hidden (§9): a card drawn into a hand (``DrawCard`` purpose ``hand``) and a
Future Scheme shuffled into the AI's pile are named only in the private line; a blind play, a discard or a
destroy from the top of a draw pile shows the card, and so do the public pile tops. A line also says, briefly,
what followed by itself: the Cleric AI's turn (§8.4: its scheme, its move and what it gained), Poverty or
Prosperity revealed (§4.9), the round reached, the end of the game. The mover's private line adds the cards
the move made them draw.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from msgspec.structs import replace

from engines.core.engine import CHANCE
from engines.core.text import LogEntry, MoveLabel, Text, TextParam, menu_steps, plural, seat_name, seated, text
from engines.viscounts import actions, funding, turn
from engines.viscounts import moves as mv
from engines.viscounts.board import SEGMENTS, position, space_name, spot_table
from engines.viscounts.castle import section_reward
from engines.viscounts.common import CONTENT, slot_cards
from engines.viscounts.content import ActionName, BuildingSlot, Effect, Manuscript, TownsfolkCard
from engines.viscounts.state import (
    EMPTY,
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
    Player,
    Rearrange,
    State,
    Step,
)

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


# ---- effects in words (§6.2) ---------------------------------------------------------------------------------


def _counted(noun: str) -> Callable[[Effect], str]:
    """``2 silver``, ``1 ink``: a good counted by ``n`` (no plural)."""
    return lambda e: f"{e.n} {noun}"


def _several(template: str, singular: str, several: str | None = None) -> Callable[[Effect], str]:
    """An effect counted by ``n`` of ``singular`` things: ``template`` names ``{n}``."""
    return lambda e: template.format(n=plural(e.n, singular, several))


def _choice_words(e: Effect) -> str:
    """§6.2 ``choice``: the branches, a composite branch in parentheses."""
    return " or ".join(f"({effect_words(b)})" if b.op in ("all", "cost", "if") else effect_words(b) for b in e.of)


def _cost_words(e: Effect) -> str:
    """§6.2 ``cost``: the optional payment for a reward."""
    pay = effect_words(e.pay) if e.pay is not None else "nothing"
    gain = effect_words(e.gain) if e.gain is not None else "nothing"
    return f"may pay {pay} for {gain}"


_CONDITIONS = {">=1": "with a criminal on the board", "==0": "without criminals on the board"}


def _if_words(e: Effect) -> str:
    """§6.2 ``if``: the condition on the receiving player's board, then the effect."""
    then = effect_words(e.then) if e.then is not None else "nothing"
    return f"{_CONDITIONS.get(e.criminals, 'always')}: {then}"


def _workers_words(e: Effect) -> str:
    """§6.2 ``place_workers``: by the viscount, or on a section of the player's choice."""
    where = " on any section" if e.where == "any_section" else ""
    return f"place {plural(e.n, 'free worker')}{where}"


def _build_words(e: Effect) -> str:
    """§6.2 ``build_free`` (A-31, A-37)."""
    what = building_name(e.building) if e.building else "building"
    where = " at your viscount" if e.where == "viscount_space" else ""
    return f"a free {what}{where}"


_EFFECT_WORDS: dict[str, Callable[[Effect], str]] = {
    "silver": _counted("silver"),
    "ink": _counted("ink"),
    "gold": _counted("gold"),
    "stone": _counted("stone"),
    "virtue": _counted("virtue"),
    "corruption": _counted("corruption"),
    "any_resource": _several("any {n}", "resource"),
    "gain_debt": _several("{n}", "debt"),
    "gain_deed": _several("{n}", "deed"),
    "flip_debt": _several("flip {n}", "debt"),
    "flip_deed": _several("flip {n}", "deed"),
    "flip_debt_or_deed": lambda e: "flip 1 debt or deed" if e.n == 1 else f"flip {e.n} debts or deeds",
    "rearrange": lambda e: "rearrange",
    "discard": _several("discard {n}", "card"),
    "destroy": _several("destroy {n}", "card"),
    "shuffle": lambda e: "shuffle",
    "draw": _several("draw {n}", "card"),
    "free_hire": _several("{n}", "free hire"),
    "free_manuscript": lambda e: f"a free manuscript costing {' or '.join(str(c) for c in e.costs)}",
    "castle_move": _several("{n}", "castle move"),
    "place_workers": _workers_words,
    "build_free": _build_words,
    "all": lambda e: " + ".join(effect_words(part) for part in e.of),
    "choice": _choice_words,
    "cost": _cost_words,
    "if": _if_words,
}
"""§6.2: every atom and combinator in a few words."""


def effect_words(effect: Effect) -> str:
    """One effect of the content (§6.2) in a few words: ``1 ink + 1 stone``, ``free hire or destroy 1 card``."""
    return _EFFECT_WORDS[effect.op](effect)


# ---- naming things -------------------------------------------------------------------------------------------


def _ability_words(c: TownsfolkCard) -> str:
    """What tells apart two townsfolk of one name and value: the ability's effect, else its conversion."""
    a = c.ability
    if a.effect is not None:
        return effect_words(a.effect)
    return a.modifier.replace("_", " ") or (effect_words(c.hire_effect) if c.hire_effect else c.id)


def _card_names() -> dict[str, str]:
    """§6.1: every townsfolk as ``Name (value)``; cards sharing both get their ability, then their id."""
    plain = {c.id: f"{c.name} ({c.cost})" for c in CONTENT.townsfolk.values()}
    shared = Counter(plain.values())
    named = {
        c.id: f"{c.name} ({c.cost}, {_ability_words(c)})" if shared[plain[c.id]] > 1 else plain[c.id]
        for c in CONTENT.townsfolk.values()
    }
    still = Counter(named.values())
    return {card: f"{shown} [{card}]" if still[shown] > 1 else shown for card, shown in named.items()}


CARD_NAMES = _card_names()


def card_name(card: str) -> str:
    """A townsfolk card: ``Benefactor (2)`` (its silver value in parentheses)."""
    return CARD_NAMES.get(card, card)


def manuscript_name(manuscript: str) -> str:
    """A manuscript by id, cost in cleric icons and ribbon (§6.12): ``M-05 (cost 3, grey ribbon)``."""
    found: Manuscript | None = CONTENT.manuscripts.get(manuscript)
    if found is None:
        return manuscript
    return f"{manuscript} (cost {found.cost}, {found.ribbon} ribbon)"


def building_name(building: str) -> str:
    """A building type (§6.9): ``trading_post`` -> ``Trading Post``."""
    return building.replace("_", " ").title()


_SLOT_ABILITIES = {
    "free_extra_move": "1 free extra step",
    "dismiss_cost_one": "dismiss for 1 silver",
    "discard_on_hire": "discard when hiring",
    "collision_virtue": "virtue at every collision",
    "hand_limit": "hand limit +1",
}
"""§6.9: what a constructed building's slot reveals, in a few words."""

_SLOTS: dict[str, BuildingSlot] = {
    slot.id: slot for slots in (CONTENT.board.slots, *(b.slots for b in CONTENT.ai_boards.values())) for slot in slots
}


def slot_name(slot_id: str) -> str:
    """A building slot of a player board (§6.9): ``Trading Post 2 (dismiss for 1 silver)``,
    ``Guildhall 1 (+1 builder icon)``."""
    slot = _SLOTS.get(slot_id)
    if slot is None:
        return slot_id
    reveals = [_SLOT_ABILITIES.get(slot.ability, slot.ability.replace("_", " "))] if slot.ability else []
    reveals += [f"+{plural(n, icon.lower() + ' icon')}" for icon, n in Counter(slot.icons).items()]
    shown = f"{building_name(slot.building)} {slot.index}"
    return f"{shown} ({', '.join(reveals)})" if reveals else shown


def spot_name(ring: tuple[str, ...], spot: int) -> str:
    """A building spot (§4.1) by segment, river side and place on that side, with its reward:
    ``segment 2 left spot 1 (1 virtue)``."""
    table = spot_table(ring) if len(ring) == SEGMENTS else ()
    if not 0 <= spot < len(table):
        return f"spot {spot}"
    pos, found = table[spot]
    number = sum(1 for p, other in table if p == pos and other.side == found.side and other.order <= found.order)
    return f"segment {pos + 1} {found.side} spot {number} ({effect_words(found.reward)})"


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


def _head(s: State) -> Step | None:
    return s.queue[0] if s.queue else None


# ---- chance (§9) ---------------------------------------------------------------------------------------------


def _label_segment(s: State, seat: int, a: mv.Segment) -> Words:
    """§3 step 1: the physical segment laid at the next ring position."""
    head = _head(s)
    at = head.position + 1 if isinstance(head, DrawSegment) else len(s.ring) + 1
    label = _move("segment", "Board segment {segment} is laid as segment {position}", segment=a.segment, position=at)
    return label, _path("segment", "Board segment laid", letter=a.segment)


def _label_rotation(s: State, seat: int, a: mv.Rotation) -> Words:
    """§3 step 2: section ``(position + rotation) % 5`` lies by ring position ``position``."""
    first = section_name(replace(s, rotation=a.rotation), 0)
    label = _move("rotation", "The castle is turned {rotation}: {first}", rotation=a.rotation, first=first)
    path = [
        _choice("rotation", "Castle rotation"),
        _choice("turned", "{rotation}: {first}", rotation=a.rotation, first=first),
    ]
    return label, path


def _label_folk(s: State, seat: int, a: mv.FolkDrawn) -> Words:
    """§3 step 3, §4.6: the townsfolk that comes to the top of a pile."""
    head = _head(s)
    at = head.position + 1 if isinstance(head, DrawFolk) else 0
    label = _move(
        "folk_drawn",
        "{card} comes to the top of the townsfolk pile of segment {position}",
        card=card_name(a.card),
        position=at,
    )
    return label, [_choice("folk_drawn", "Townsfolk revealed"), *pick("card", a.card, NEUTRAL_FOLK)]


def _label_manuscript(s: State, seat: int, a: mv.ManuscriptDrawn) -> Words:
    """§3 step 4, §5.7: the manuscript that comes to the top of a pile (grey-backed ones at setup)."""
    head = _head(s)
    at = head.position + 1 if isinstance(head, DrawManuscript) else 0
    shown = manuscript_name(a.manuscript)
    label = _move(
        "manuscript_drawn",
        "{manuscript} comes to the top of the manuscript pile of segment {position}",
        manuscript=shown,
        position=at,
    )
    backs = CONTENT.grey_backed if s.grey_unseen else CONTENT.black_backed
    everything = [(m, manuscript_name(m)) for m in backs]
    return label, [_choice("manuscript_drawn", "Manuscript revealed"), *pick("manuscript", a.manuscript, everything)]


def _label_start(s: State, seat: int, a: mv.StartDrawn) -> Words:
    """§3 step 7, A-08: the start player."""
    label = _move("start_drawn", "{seat} is the start player", seat=who(s, a.start))
    return label, _path("start_drawn", "Start player", seat=who(s, a.start))


def _label_player_card(s: State, seat: int, a: mv.PlayerCardDrawn) -> Words:
    """§3 step 8: a player card laid out."""
    details = player_card_details(a.number)
    label = _move("player_card_drawn", "Player card {number} is laid out ({details})", number=a.number, details=details)
    everything = [(str(n), player_card_words(n)) for n in sorted(CONTENT.player_cards)]
    return label, [
        _choice("player_card_drawn", "Player card laid out"),
        *pick("player_card", str(a.number), everything),
    ]


def _label_hero(s: State, seat: int, a: mv.HeroDrawn) -> Words:
    """§3 step 8: the hero put under a laid-out player card."""
    head = _head(s)
    pair = s.pairs[head.pair] if isinstance(head, DrawHero) and head.pair < len(s.pairs) else None
    under = f"player card {pair.card}" if pair is not None else "a player card"
    label = _move("hero_drawn", "{hero} goes under {card}", hero=card_name(a.hero), card=under)
    return label, [_choice("hero_drawn", "Hero laid out"), *pick("hero", a.hero, _menu(CONTENT.heroes, card_name))]


_DRAWN = {
    "hand": "{seat} draws {card}",
    "play": "{seat} plays {card} blind from the draw pile",
    "discard": "{seat} discards {card} from the top of the draw pile",
    "destroy": "{seat} destroys {card} from the top of the draw pile",
}
"""§4.6, §4.7 phase 1: what happens to a card taken from the top of a draw pile."""


def _label_card(s: State, seat: int, a: mv.CardDrawn) -> Words:
    """§4.6: the card taken from the top of a draw pile, by what it is for."""
    head = _head(s)
    drawer, purpose = (head.seat, head.purpose) if isinstance(head, DrawCard) else (seat, "hand")
    label = _move(f"card_drawn_{purpose}", _DRAWN[purpose], seat=who(s, drawer), card=card_name(a.card))
    return label, [_choice("card_drawn", "Card from the draw pile"), *pick("card", a.card, ALL_FOLK)]


_SCHEMES = {
    "reveal": "{seat} reveals scheme {scheme}",
    "future": "{seat} takes Future Scheme {scheme}",
    "setup": "Future Scheme {scheme} is shuffled into the pile of {seat}",
}
"""§8.1, §8.3, §8.4: the AI's scheme cards drawn."""


def _scheme_purpose(head: Step | None) -> str:
    if not isinstance(head, DrawScheme):
        return "reveal"
    return "setup" if head.setup else "future" if head.future else "reveal"


def _label_scheme(s: State, seat: int, a: mv.SchemeDrawn) -> Words:
    """§8.1, §8.3, §8.4: a scheme card revealed into slot 1, or a Future Scheme taken."""
    head = _head(s)
    purpose = _scheme_purpose(head)
    ai = head.seat if isinstance(head, DrawScheme) else seat
    label = _move(f"scheme_drawn_{purpose}", _SCHEMES[purpose], seat=who(s, ai), scheme=a.scheme)
    everything = [(scheme, scheme) for scheme in CONTENT.schemes]
    return label, [_choice("scheme_drawn", "Scheme card"), *pick("scheme", a.scheme, everything)]


# ---- setup and the turn (§3 step 9, §4.7) --------------------------------------------------------------------


def _label_pick(s: State, seat: int, a: mv.PickPair) -> Words:
    """§3 step 9: a laid-out player card and its hero."""
    pair = s.pairs[a.pair] if 0 <= a.pair < len(s.pairs) else None
    if pair is None:
        shown = f"pair {a.pair + 1}"
    else:
        shown = f"{player_card_words(pair.card)} with {card_name(pair.hero)}"
    label = _move("pick_pair", "Take {pair}", pair=shown)
    return label, _path("pick_pair", "Take a player card and hero", pair=shown)


def _hand(s: State, seat: int) -> list[tuple[str, str]]:
    return _menu(s.players[seat].hand, card_name) if 0 <= seat < len(s.players) else []


def _label_play(s: State, seat: int, a: mv.Play) -> Words:
    """§4.7 phase 1, §5.1: a card from hand into slot 1."""
    label = _move("play", "Play {card}", card=card_name(a.card))
    return label, [_choice("play", "Play a card"), *pick("card", a.card, _hand(s, seat))]


def _label_move_to(s: State, seat: int, a: mv.MoveTo) -> Words:
    """§4.7 phase 2, §5.2: the destination, and the silver its extra steps cost."""
    cost = turn.destinations(s, seat).get(a.space, 0) if s.turn is not None else 0
    extra = f" ({cost} silver for extra steps)" if cost else ""
    where = space_name(a.space) if 0 <= a.space < 3 * SEGMENTS else f"space {a.space}"
    label = _move("move_to", "Move to {space}{extra}", space=where, extra=extra)
    return label, _path("move_to", "Move the viscount", space=where + extra)


# ---- the primary actions (§5.3–§5.7) -------------------------------------------------------------------------


def _converter(s: State, seat: int, action: ActionName, modifier: str) -> str:
    """The card on the board whose ongoing conversion is used (§5.3): Diplomat, Mason, Clergyman, Emma."""
    found = [c for c in slot_cards(s.players[seat]) if c.ability.modifier == modifier and c.ability.action == action]
    return f" ({found[0].name})" if found else ""


def payment_words(s: State, seat: int, action: ActionName, p: funding.Payment) -> str:
    """§5.3: what a primary action pays, spelt out: ``pay 2 gold, 4 silver as icons (Diplomat), dismiss
    Overseer (3 silver)`` (the dismissal's price: the card's value, or 1 with Trading Post 2); ``no payment``
    when the board's icons suffice."""
    parts = [f"pay {p.pay} {funding.resource(action)}"] if p.pay else []
    if p.silver:
        parts.append(f"{p.silver} silver as icons{_converter(s, seat, action, 'convert_silver')}")
    emma = _converter(s, seat, action, "resources_as_icons")
    parts += [f"{n} {what} as icons{emma}" for what, n in (("gold", p.gold), ("stone", p.stone)) if n]
    if p.dismiss:
        parts.append(f"dismiss {funding.dismissable(s, seat).name} ({funding.dismiss_cost(s, seat)} silver)")
    return ", ".join(parts) or "no payment"


def _payment_steps(s: State, seat: int, a: actions.PrimaryMove, target: actions.PrimaryMove) -> list[Text]:
    """The payment menu of a target: every minimal payment for it (§5.3)."""
    action = actions.ACTION_OF[type(a)]
    icons, what = actions.RULES[type(a)][2](s, seat, target)
    everything = [(repr(p), payment_words(s, seat, action, p)) for p in funding.payments(s, seat, action, icons, what)]
    return pick("payment", repr(actions.payment_of(a)), everything)


def _action_label(kind: str, template: str, s: State, seat: int, a: actions.PrimaryMove, **params: object) -> Text:
    """A primary action's label: ``template`` (the action and its target), then the payment."""
    paid = payment_words(s, seat, actions.ACTION_OF[type(a)], actions.payment_of(a))
    return _move(kind, template + ": {payment}", **params, payment=paid)


def _label_trade(s: State, seat: int, a: mv.Trade) -> Words:
    """§5.4: the exchange of the viscount's outer space, used ``uses`` times."""
    ex = actions.exchange(s, seat)
    rate = f"{plural(ex.cost, 'merchant icon')} -> {effect_words(ex.reward)}"
    times = f"{plural(a.uses, 'time')} ({rate})"
    label = _action_label("trade", "Trade {times}", s, seat, a, times=times)
    uses = [(str(t.uses), f"{plural(t.uses, 'time')} ({rate})") for t in actions.trade_targets(s, seat)]
    target = mv.Trade(a.uses)
    return label, [_choice("trade", "Trade"), *pick("uses", str(a.uses), uses), *_payment_steps(s, seat, a, target)]


def _label_build(s: State, seat: int, a: mv.Build) -> Words:
    """§5.5: a building of the player's board onto a reachable spot."""
    slot, spot = slot_name(a.slot), spot_name(s.ring, a.spot)
    label = _action_label("build", "Build {slot} on {spot}", s, seat, a, slot=slot, spot=spot)
    return label, [
        *_path("build", "Build", slot=slot, spot=spot),
        *_payment_steps(s, seat, a, mv.Build(a.slot, a.spot)),
    ]


def _label_workers(s: State, seat: int, a: mv.PlaceWorkers) -> Words:
    """§5.6: workers into tier 1 of the castle section by the viscount."""
    workers = plural(a.workers, "worker")
    label = _action_label("place_workers", "Place {workers}", s, seat, a, workers=workers)
    target = mv.PlaceWorkers(a.workers)
    return label, [*_path("place_workers", "Place workers", workers=workers), *_payment_steps(s, seat, a, target)]


def transcribed(s: State, seat: int) -> str:
    """§5.7: the visible manuscript of the viscount's segment, or the printed one under an empty pile."""
    pos = position(s.players[seat].space)
    top = s.script_tops[pos] if 0 <= pos < len(s.script_tops) else EMPTY
    if top != EMPTY or len(s.ring) != SEGMENTS:
        return manuscript_name(top)
    printed = CONTENT.segments[s.ring[pos]].fallback_manuscript
    return f"the printed manuscript (cost {printed.cost}: {effect_words(printed.immediate)})"


def _label_transcribe(s: State, seat: int, a: mv.Transcribe) -> Words:
    """§5.7: the manuscript of the viscount's segment."""
    manuscript = transcribed(s, seat)
    label = _action_label("transcribe", "Transcribe {manuscript}", s, seat, a, manuscript=manuscript)
    target = mv.Transcribe()
    return label, [*_path("transcribe", "Transcribe", manuscript=manuscript), *_payment_steps(s, seat, a, target)]


def _label_no_action(s: State, seat: int, a: mv.NoAction) -> Words:
    """A-11: no primary action."""
    return _move("no_action", "Take no primary action"), [_choice("no_action", "No primary action")]


def _label_hire(s: State, seat: int, a: mv.Hire) -> Words:
    """§4.7 phase 4, §5.9: the visible card of the viscount's segment, for its silver value."""
    pos = position(s.players[seat].space)
    top = s.folk_tops[pos] if 0 <= pos < len(s.folk_tops) else EMPTY
    label = _move("hire", "Hire {card} for {cost} silver", card=card_name(top), cost=turn.hire_price(s, seat))
    return label, [_choice("hire", "Hire {card}", card=card_name(top))]


# ---- effect decisions (§4.5, §4.6, §6.2) ----------------------------------------------------------------------


def _label_branch(s: State, seat: int, a: mv.Branch) -> Words:
    """§6.2 ``choice``: one branch, by number and what it does."""
    head = _head(s)
    of = head.effect.of if isinstance(head, ChooseBranch) else ()
    does = effect_words(of[a.index]) if 0 <= a.index < len(of) else "nothing"
    label = _move("branch", "Choose {does} (option {number})", does=does, number=a.index + 1)
    return label, [_choice("branch", "{does} (option {number})", does=does, number=a.index + 1)]


def _cost_of(s: State) -> dict[str, str]:
    """The optional cost asked (§6.2 ``cost``): what is paid and what it gains."""
    head = _head(s)
    e = head.effect if isinstance(head, ChooseCost) else Effect(op="cost")
    pay = effect_words(e.pay) if e.pay is not None else "nothing"
    return {"pay": pay, "gain": effect_words(e.gain) if e.gain is not None else "nothing"}


def _label_accept(s: State, seat: int, a: mv.Accept) -> Words:
    """§6.2 ``cost``: pay to gain the reward."""
    label = _move("accept", "Pay {pay} for {gain}", **_cost_of(s))
    return label, [_choice("accept", "Pay {pay} for {gain}", **_cost_of(s))]


def _label_take(s: State, seat: int, a: mv.Take) -> Words:
    """§6.2 ``any_resource``: one ink, gold or stone."""
    label = _move("take", "Take 1 {resource}", resource=a.resource)
    return label, _path("take", "Take a resource", resource=a.resource)


_FLIPS = {"debt": "a debt (then any 1 resource)", "deed": "a deed"}


def _label_flip(s: State, seat: int, a: mv.Flip) -> Words:
    """§4.5: flip a debt (and take any resource) or a deed."""
    what = _FLIPS.get(a.what, a.what)
    return _move("flip", "Flip {what}", what=what), _path("flip", "Flip", what=what)


def _label_arrange(s: State, seat: int, a: mv.Arrange) -> Words:
    """§4.6 rearrange (A-10): the cards of slots 1..3 in their new order."""
    order = ", ".join(f"slot {i} {card_name(c) if c else 'empty'}" for i, c in enumerate(a.slots, start=1))
    label = _move("arrange", "Rearrange: {order}", order=order)
    return label, _path("arrange", "Rearrange", order=order)


def _from_top_or_hand(kind: str, a: mv.Discard | mv.Destroy, s: State, seat: int, hand: str, top: str) -> Words:
    """A discard or destroy (§4.6): a hand card (``hand`` template) or the draw pile's unseen top."""
    if a.card == mv.TOP:
        label = _move(f"{kind}_top", top)
        shown = "the top of the draw pile (unseen)"
    else:
        cost = CONTENT.townsfolk[a.card].cost if a.card in CONTENT.townsfolk else 0
        label = _move(kind, hand, card=card_name(a.card), cost=cost)
        shown = card_name(a.card)
    return label, _path(kind, kind.capitalize(), card=shown)


def _label_discard(s: State, seat: int, a: mv.Discard) -> Words:
    """§4.6 discard: a hand card, or the top of the draw pile unseen."""
    return _from_top_or_hand("discard", a, s, seat, "Discard {card}", "Discard the top card of your draw pile (unseen)")


def _label_destroy(s: State, seat: int, a: mv.Destroy) -> Words:
    """§4.6 destroy (A-21), player card 9's destroy from the starting cards (§3 step 9)."""
    head = _head(s)
    setup = isinstance(head, DestroyStep) and head.setup
    hand = "Destroy {card} from your starting cards (+{cost} silver)" if setup else "Destroy {card} (+{cost} silver)"
    return _from_top_or_hand("destroy", a, s, seat, hand, "Destroy the top card of your draw pile (unseen)")


def _label_hire_from(s: State, seat: int, a: mv.HireFrom) -> Words:
    """§4.6 free hire: the top card of any pile."""
    top = s.folk_tops[a.position] if 0 <= a.position < len(s.folk_tops) else EMPTY
    card = card_name(top) if top else "no card"
    label = _move("hire_from", "Hire {card} from segment {position} for free", card=card, position=a.position + 1)
    path = [
        _choice("hire_from", "Free hire"),
        _choice("pile", "segment {position}: {card}", position=a.position + 1, card=card),
    ]
    return label, path


def _label_take_manuscript(s: State, seat: int, a: mv.TakeManuscript) -> Words:
    """§6.2 ``free_manuscript`` (A-16): a visible manuscript of the costs allowed."""
    top = s.script_tops[a.position] if 0 <= a.position < len(s.script_tops) else EMPTY
    shown = manuscript_name(top) if top else "no manuscript"
    label = _move(
        "take_manuscript",
        "Take {manuscript} from segment {position} for free",
        manuscript=shown,
        position=a.position + 1,
    )
    path = [
        _choice("take_manuscript", "Free manuscript"),
        _choice("pile", "segment {position}: {manuscript}", position=a.position + 1, manuscript=shown),
    ]
    return label, path


def _label_move_worker(s: State, seat: int, a: mv.MoveWorker) -> Words:
    """§6.2 ``castle_move``: one own tier-1 worker to a neighbouring section."""
    source, target = section_name(s, a.source), section_name(s, a.target)
    label = _move("move_worker", "Move a worker from {source} to {target}", source=source, target=target)
    return label, _path("move_worker", "Castle move", source=f"from {source}", target=f"to {target}")


def _label_section(s: State, seat: int, a: mv.Section) -> Words:
    """§6.2 ``place_workers`` on any section, or §5.8's choice of the section resolving first."""
    head = _head(s)
    section = section_name(s, a.section)
    if isinstance(head, CastleSection):
        label = _move("resolve_section", "Resolve {section} first (tier {tier})", section=section, tier=head.tier)
        return label, _path("resolve_section", "Resolve a section", section=section)
    workers = plural(getattr(head, "n", 1), "worker")
    label = _move("place_section", "Place {workers} on {section}", workers=workers, section=section)
    return label, [
        _choice("place_section", "Place {workers}", workers=workers),
        _choice("section", "{section}", section=section),
    ]


def _label_place_building(s: State, seat: int, a: mv.PlaceBuilding) -> Words:
    """§6.2 ``build_free`` (A-31, A-37): a building of the player's board onto a free spot, for free."""
    slot, spot = slot_name(a.slot), spot_name(s.ring, a.spot)
    label = _move("place_building", "Build {slot} on {spot} for free", slot=slot, spot=spot)
    spots = [(str(i), spot_name(s.ring, i)) for i in range(len(s.spots))]
    return label, [*_path("place_building", "Free building", slot=slot), *pick("spot", str(a.spot), spots)]


def _label_bump(s: State, seat: int, a: mv.BumpWorker) -> Words:
    """§5.8 bump: a worker of any colour from a section over capacity."""
    place = f"tier {a.tier} of {section_name(s, a.section)}"
    owner = who(s, a.owner)
    label = _move("bump_worker", "Bump a worker of {owner} from {place}", owner=owner, place=place)
    return label, _path("bump_worker", "Bump", place=place, owner=owner)


_PASSES: dict[type, tuple[str, str]] = {
    Rearrange: ("pass_rearrange", "Keep the order of your slots"),
    DiscardStep: ("pass_discard", "Discard nothing"),
    DestroyStep: ("pass_destroy", "Destroy nothing"),
    FreeHire: ("pass_free_hire", "Decline the free hire"),
    CastleMove: ("pass_castle_move", "Make no castle move"),
}
"""Declining, by the decision declined (a cost: ``_label_pass``; nothing queued: the recruit, §5.9)."""


def _label_pass(s: State, seat: int, a: mv.Pass) -> Words:
    """Declining what is optional: the recruit, a rearrange, a discard, a destroy, a castle move, a cost, a free
    hire under A-15 ``optional``."""
    if isinstance(_head(s), ChooseCost):
        label = _move("pass_cost", "Do not pay {pay} for {gain}", **_cost_of(s))
        return label, [_choice("pass_cost", "Do not pay {pay} for {gain}", **_cost_of(s))]
    kind, words = _PASSES.get(type(_head(s)), ("pass_hire", "Hire nobody"))
    return _move(kind, words), [_choice(kind, words)]


LABELS: dict[type, Callable[[State, int, Any], Words]] = {
    mv.Segment: _label_segment,
    mv.Rotation: _label_rotation,
    mv.FolkDrawn: _label_folk,
    mv.ManuscriptDrawn: _label_manuscript,
    mv.StartDrawn: _label_start,
    mv.PlayerCardDrawn: _label_player_card,
    mv.HeroDrawn: _label_hero,
    mv.CardDrawn: _label_card,
    mv.SchemeDrawn: _label_scheme,
    mv.PickPair: _label_pick,
    mv.Play: _label_play,
    mv.MoveTo: _label_move_to,
    mv.Trade: _label_trade,
    mv.Build: _label_build,
    mv.PlaceWorkers: _label_workers,
    mv.Transcribe: _label_transcribe,
    mv.NoAction: _label_no_action,
    mv.Hire: _label_hire,
    mv.Pass: _label_pass,
    mv.Branch: _label_branch,
    mv.Accept: _label_accept,
    mv.Take: _label_take,
    mv.Flip: _label_flip,
    mv.Arrange: _label_arrange,
    mv.Discard: _label_discard,
    mv.Destroy: _label_destroy,
    mv.HireFrom: _label_hire_from,
    mv.TakeManuscript: _label_take_manuscript,
    mv.MoveWorker: _label_move_worker,
    mv.Section: _label_section,
    mv.PlaceBuilding: _label_place_building,
    mv.BumpWorker: _label_bump,
}
"""One wording per kind of action (``moves.Action``)."""


def label(state: State, move: mv.Move, several_seats: bool) -> MoveLabel:
    """The label and the path of choices of a legal move (the seat first when several seats decide)."""
    shown, path = LABELS[type(move.action)](state, move.seat, move.action)
    return _seated(move.seat, several_seats, shown, path)


# ---- log lines ---------------------------------------------------------------------------------------------------


def _hidden(before: State, move: mv.Move) -> Text | None:
    """The public words of a draw whose card stays hidden (§9), or ``None`` when the card is seen: a card drawn
    into a hand, a Future Scheme shuffled into the AI's pile."""
    head = _head(before)
    if move.seat != CHANCE:
        return None
    if isinstance(head, DrawCard) and head.purpose == "hand":
        return text(f"{GAME}.log.card_drawn_hand_hidden", "{seat} draws a card", seat=who(before, head.seat))
    if isinstance(head, DrawScheme) and head.setup:
        template = "A Future Scheme is shuffled into the pile of {seat}"
        return text(f"{GAME}.log.scheme_drawn_setup_hidden", template, seat=who(before, head.seat))
    return None


def _goods_words(p: Player, q: Player) -> list[str]:
    """What a seat gained or spent between two states, in public numbers (§4.2)."""
    said = [
        f"{q_n - p_n:+d} {what}"
        for what in ("silver", "ink", "gold", "stone")
        if (q_n := getattr(q, what)) != (p_n := getattr(p, what))
    ]
    for what, old, new in (
        ("debt", p.debts + p.paid, q.debts + q.paid),
        ("deed", p.deeds + p.approved, q.deeds + q.approved),
    ):
        said += [f"+{plural(new - old, what)}"] if new > old else []
    said += [f"flips {plural(q.paid - p.paid, 'debt')}"] if q.paid > p.paid else []
    said += [f"flips {plural(q.approved - p.approved, 'deed')}"] if q.approved > p.approved else []
    return said


def _ai_words(before: State, after: State, seat: int, by_itself: bool) -> str:
    """§8.4: what the Cleric AI did by itself, from what everybody sees: its scheme revealed and Future
    Schemes taken (unless the move was that draw: ``by_itself`` false), its move, its goods and track, its
    workers, buildings and manuscripts."""
    p, q = before.players[seat], after.players[seat]
    began = by_itself and q.slots[0] not in (EMPTY, p.slots[0])
    said = [f"scheme {q.slots[0]}"] if began else []
    said += [f"moves to {space_name(q.space)}"] if q.space != p.space and q.space >= 0 else []
    said += _goods_words(p, q)
    track = (q.corruption, q.virtue)
    said += [f"corruption {track[0]}, virtue {track[1]}"] if track != (p.corruption, p.virtue) else []
    said += [f"places {plural(p.workers - q.workers, 'worker')}"] if q.workers < p.workers else []
    said += [f"builds {slot_name(b)}" for b in q.built[len(p.built) :]]
    said += [f"transcribes {manuscript_name(m)}" for m in q.manuscripts[len(p.manuscripts) :]]
    taken = len(before.future_unseen) - len(after.future_unseen) if by_itself else 0
    said += [f"takes {plural(taken, 'Future Scheme')}"] if taken > 0 else []
    if not said:
        return ""
    return f"{who(after, seat)}{' takes its turn' if began else ''}: {', '.join(said)}"


_STAGES = {"draft": "the draft begins", "turns": "round 1 begins", "over": "the game is over"}
"""The stage reached (§3 step 9, §4.7, §4.9)."""

_REVEALS = (("Poverty", "poverty"), ("Prosperity", "prosperity"))
"""§4.5: the cards whose reveal ends the game (§4.9), by their state field."""


def _followed(before: State, move: mv.Move, after: State) -> str:
    """What happened by itself after the move, in public words: the AI's turn, a revealed Poverty or
    Prosperity card (§4.9), the stage or round reached, the end of the game."""
    by_itself = not isinstance(move.action, mv.SchemeDrawn)
    parts = [_ai_words(before, after, seat, by_itself) for seat, p in enumerate(after.players) if p.ai]
    parts += [
        f"the {card} card is revealed"
        for card, field in _REVEALS
        if getattr(after, field) and not getattr(before, field)
    ]
    if after.stage != before.stage:
        parts.append(_STAGES.get(after.stage, ""))
    elif after.round != before.round:
        parts.append(f"round {after.round} begins")
    return "; ".join(part for part in parts if part)


def _line(message_id: str, seat: str, shown: Text, followed: str) -> Text:
    """A log line: the mover (none for chance), the move's words and what followed, with every parameter."""
    params = ((TextParam("seat", seat),) if seat else ()) + shown.params
    params += (TextParam("followed", followed),) if followed else ()
    english = (f"{seat}: " if seat else "") + shown.english + (f" — then {followed}" if followed else "")
    return Text(message_id, params, english)


def _drawn(before: State, move: mv.Move, after: State) -> list[str]:
    """The cards the move made its mover draw into hand (their own hand: private). Only the move's own card
    (a card played, discarded or destroyed from hand) leaves a hand while a move settles."""
    if not 0 <= move.seat < len(before.players):
        return []
    card = getattr(move.action, "card", mv.TOP)
    had = Counter(before.players[move.seat].hand) - Counter([] if card == mv.TOP else [card])
    return sorted((Counter(after.players[move.seat].hand) - had).elements(), key=card_name)


def log(before: State, move: mv.Move, after: State) -> LogEntry:
    """The public line names nothing hidden (§9); the private line (the mover's) names a card drawn into a
    hand, and the cards the move made its mover draw. Both end with what followed by itself."""
    shown, _ = LABELS[type(move.action)](before, move.seat, move.action)
    kind = shown.id.removeprefix(f"{GAME}.move.")
    followed = _followed(before, move, after)
    hidden = _hidden(before, move)
    if hidden is not None:
        private = _line(f"{GAME}.log.{kind}", "", shown, followed)
        return LogEntry(move.seat, _line(hidden.id, "", hidden, followed), private)
    public = _line(f"{GAME}.log.{kind}", "" if move.seat == CHANCE else who(before, move.seat), shown, followed)
    drawn = _drawn(before, move, after)
    if not drawn:
        return LogEntry(move.seat, public, None)
    cards = ", ".join(card_name(c) for c in drawn)
    english = f"{public.english} (you drew {cards})"
    return LogEntry(
        move.seat, public, Text(f"{GAME}.log.{kind}_drew", (*public.params, TextParam("drawn", cards)), english)
    )


def _seated(seat: int, several_seats: bool, label: Text, path: list[Text]) -> MoveLabel:
    return seated(GAME, seat, several_seats, label, path)


def pick(kind: str, value: str, everything: Sequence[tuple[str, str]]) -> list[Text]:
    """The menu step(s) choosing ``value`` (``engines.core.text.menu_steps``)."""
    return menu_steps(GAME, kind, value, everything)
