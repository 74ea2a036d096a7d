"""Things of Viscounts of the West Kingdom by the names a player at the table uses: townsfolk by name and
silver value, manuscripts and scheme cards by what is printed on them, effects, icons, buildings, spots and
actions in a few words. Used by the labels and the log (``words``), the picture, the score sheet and the
messages of refused moves, so a thing reads the same everywhere; nothing here names a content id a player
cannot see printed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from engines.core.text import plural
from engines.viscounts.board import SEGMENTS, spot_table
from engines.viscounts.common import CONTENT
from engines.viscounts.content import BuildingSlot, Effect, ManuscriptVp, TownsfolkCard
from engines.viscounts.state import State

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
    """One effect of the content (§6.2) in a few words: ``1 ink + 1 stone``, ``1 free hire or destroy 1 card``."""
    return _EFFECT_WORDS[effect.op](effect)


# ---- icons and actions ---------------------------------------------------------------------------------------


def icon_words(icons: Iterable[str]) -> str:
    """Icons as printed, in words: ``builder and noble icons``, ``2 builder icons``, ``1 cleric icon``."""
    every = list(icons)
    counted = [f"{n} {icon.lower()}" if n > 1 else icon.lower() for icon, n in Counter(every).items()]
    listed = " and ".join(counted) if len(counted) <= 2 else f"{', '.join(counted[:-1])} and {counted[-1]}"
    return f"{listed} icon" if len(every) == 1 else f"{listed} icons"


ACTION_NAMES = {"TRADE": "Trade", "BUILD": "Build", "NOBLE": "Place Workers", "TRANSCRIBE": "Transcribe"}
"""§5.3: the four primary actions as the board prints them."""


# ---- townsfolk -----------------------------------------------------------------------------------------------


def _ability_words(c: TownsfolkCard) -> str:
    """What tells apart two townsfolk of one name and value: the ability's effect, else its conversion."""
    a = c.ability
    if a.effect is not None:
        return effect_words(a.effect)
    if a.modifier:
        return a.modifier.replace("_", " ")
    return effect_words(c.hire_effect) if c.hire_effect else ", ".join(icon.lower() for icon in c.icons)


def _card_names() -> dict[str, str]:
    """§6.1: every townsfolk as ``Name (value)``; cards sharing both get what tells them apart."""
    plain = {c.id: f"{c.name} ({c.cost})" for c in CONTENT.townsfolk.values()}
    shared = Counter(plain.values())
    return {
        c.id: f"{c.name} ({c.cost}, {_ability_words(c)})" if shared[plain[c.id]] > 1 else plain[c.id]
        for c in CONTENT.townsfolk.values()
    }


CARD_NAMES = _card_names()


def card_name(card: str) -> str:
    """A townsfolk card: ``Benefactor (2)`` (its silver value in parentheses); anything else as it is (the
    picture's ``?`` for a hidden card)."""
    return CARD_NAMES.get(card, card)


# ---- manuscripts and scheme cards -----------------------------------------------------------------------------

_VP_NOUNS = {
    "building": ("building", ""),
    "paid_debt": ("paid debt", ""),
    "approved_deed": ("approved deed", ""),
    "deed": ("deed", ""),
    "resource_held": ("resource", " held"),
    "worker_tier1": ("worker", " on tier 1"),
    "worker_tier2": ("worker", " on tier 2"),
    "worker_tier3": ("worker", " in the centre"),
}
"""What each manuscript condition counts: a noun and what follows it (``icon_X`` counts "x icons")."""


def vp_noun(vp: ManuscriptVp) -> tuple[str, str]:
    """The thing a manuscript's end-game condition counts: a noun and what follows it (``("noble icon", "")``,
    ``("resource", " held")``)."""
    if vp.per.startswith("icon_"):
        return f"{vp.per.removeprefix('icon_').lower()} icon", ""
    return _VP_NOUNS.get(vp.per, (vp.per.replace("_", " "), ""))


def vp_words(vp: ManuscriptVp) -> str:
    """A manuscript's end-game condition (§7.2 item 3): ``1 VP per noble icon``, ``1 VP per 2 resources
    held``; ``3 VP`` outright."""
    if vp.per == "flat":
        return f"{vp.amount} VP"
    noun, after = vp_noun(vp)
    per = noun if vp.divisor == 1 else plural(vp.divisor, noun)
    return f"{vp.amount} VP per {per}{after}"


def manuscript_details(manuscript: str) -> str:
    """What a manuscript's card prints (§6.12): cost, ribbon and reward, ``cost 3, grey ribbon, flip 1 debt or
    deed``; no two manuscripts print the same."""
    found = CONTENT.manuscripts.get(manuscript)
    if found is None:
        return "unknown"
    reward = [effect_words(found.immediate)] if found.immediate is not None else []
    reward += [vp_words(found.vp)] if found.vp is not None else []
    return f"cost {found.cost}, {found.ribbon} ribbon, {' and '.join(reward) or 'no reward'}"


def manuscript_words(manuscript: str) -> str:
    """A manuscript by what its card prints: ``manuscript (cost 3, grey ribbon, flip 1 debt or deed)``."""
    return f"manuscript ({manuscript_details(manuscript)})"


def manuscript_name(manuscript: str) -> str:
    """A manuscript by the id the picture prints on it, with its cost and ribbon: ``M-05 (cost 3, grey
    ribbon)`` (the picture's tooltips)."""
    found = CONTENT.manuscripts.get(manuscript)
    if found is None:
        return manuscript
    return f"{manuscript} (cost {found.cost}, {found.ribbon} ribbon)"


_DECKS = {"starting": "starting scheme", "future": "Future Scheme"}


def _scheme_numbers() -> dict[str, int]:
    """Each scheme card's number within its deck (§8.1: the starting schemes and the Future Schemes)."""
    seen: Counter[str] = Counter()
    numbers = {}
    for scheme in CONTENT.schemes.values():
        seen[scheme.deck] += 1
        numbers[scheme.id] = seen[scheme.deck]
    return numbers


_SCHEME_NUMBERS = _scheme_numbers()


def scheme_words(scheme: str) -> str:
    """A Cleric AI scheme card (§8.2) by its deck, its number in the deck and its header icons:
    ``starting scheme 1 (builder and noble icons)``, ``Future Scheme 3 (criminal icon)``."""
    found = CONTENT.schemes.get(scheme)
    if found is None:
        return "an unknown scheme card"
    icons = f" ({icon_words(found.header_icons)})" if found.header_icons else " (no icon)"
    return f"{_DECKS.get(found.deck, 'scheme')} {_SCHEME_NUMBERS[scheme]}{icons}"


# ---- buildings and spots -------------------------------------------------------------------------------------


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
    ``Guildhall 1 (+1 cleric icon)``."""
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


# ---- for the messages of refused moves -----------------------------------------------------------------------


def capital(words: str) -> str:
    """``words`` starting a sentence: its first letter in upper case (the rest as it is)."""
    return words[:1].upper() + words[1:]


def slot_words(slot_id: str) -> str:
    """A building slot named in a refusal: ``Trading Post 2``, or ``That building`` for an id of none."""
    slot = _SLOTS.get(slot_id)
    return f"{building_name(slot.building)} {slot.index}" if slot is not None else "That building"


def spot_words(s: State, spot: int) -> str:
    """A building spot named in a refusal: ``Segment 2 left spot 1 (1 virtue)``, or ``That spot``."""
    if len(s.ring) != SEGMENTS or not 0 <= spot < len(spot_table(s.ring)):
        return "That spot"
    return capital(spot_name(s.ring, spot))


def piece_words(action: object) -> str:
    """The piece a chance move names, for a refusal: ``Abbot (2)``, ``The manuscript (cost 3, …)``, ``Board
    segment C``; ``That`` for a value that names none."""
    value = getattr(action, action.__struct_fields__[0]) if hasattr(action, "__struct_fields__") else None
    if isinstance(value, str) and value in CARD_NAMES:
        return CARD_NAMES[value]
    if isinstance(value, str) and value in CONTENT.manuscripts:
        return f"The {manuscript_words(value)}"
    if isinstance(value, str) and value in CONTENT.schemes:
        return capital(scheme_words(value))
    if isinstance(value, str) and value in {side.segment for side in CONTENT.segments.values()}:
        return f"Board segment {value}"
    if isinstance(value, int) and type(action).__name__ == "PlayerCardDrawn" and value in CONTENT.player_cards:
        return f"Player card {value}"
    return "That"
