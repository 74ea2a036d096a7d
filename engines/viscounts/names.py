"""Things of Viscounts of the West Kingdom by the names a player at the table uses: townsfolk by name and
silver value, manuscripts and scheme cards by what is printed on them, effects, icons, buildings, spots and
actions in a few words. Used by the labels and the log (``words``), the picture, the score sheet and the
messages of refused moves, so a thing reads the same everywhere; nothing here names a content id a player
cannot see printed.

Every word is a ``Message`` or a ``Name`` (``engines.core.text``); the functions here return ``Text``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from functools import reduce

from engines.core.text import LIST_COMMA, LIST_OR, Message, Name, Param, Text, listing, names
from engines.viscounts.board import IN, KIND_NAMES, OL, OR, SEGMENTS, kind, position, spot_table
from engines.viscounts.common import CONTENT
from engines.viscounts.content import BuildingSlot, Effect, ManuscriptVp, TownsfolkCard
from engines.viscounts.state import State

G = "viscounts"

# ---- the names of things -------------------------------------------------------------------------------------

GOODS = names(
    G,
    "good",
    {
        "silver": "silver",
        "ink": "ink",
        "gold": "gold",
        "stone": "stone",
        "virtue": "virtue",
        "corruption": "corruption",
    },
)
"""§0.2: silver, the three resources, and the two tracks' markers (virtue, corruption)."""

ICONS = names(G, "icon", {icon: icon.lower() for icon in ("BUILDER", "CLERIC", "CRIMINAL", "MERCHANT", "NOBLE")})
"""§6.1: the five icons of the townsfolk."""

RIBBONS = names(G, "ribbon", {ribbon: ribbon for ribbon in CONTENT.board.ribbons})
"""§6.8: the ribbon colours of the manuscripts."""

BUILDINGS = names(
    G, "building", {b.building: b.building.replace("_", " ").title() for b in CONTENT.board.building_types}
)
"""§6.9: the building types (``trading_post`` -> ``Trading Post``)."""

ACTION_NAMES = names(
    G, "action", {"TRADE": "Trade", "BUILD": "Build", "NOBLE": "Place Workers", "TRANSCRIBE": "Transcribe"}
)
"""§5.3: the four primary actions as the board prints them."""


def folk_ref(name: str) -> str:
    """The content id of a townsfolk name: ``Debt Collector`` -> ``debt_collector``."""
    return name.lower().replace(" ", "_")


FOLK = names(G, "townsfolk", {folk_ref(c.name): c.name for c in CONTENT.townsfolk.values()})
"""§6.1: every townsfolk (and hero) by name."""

SIDES = names(G, "side", {"left": "left", "right": "right"})
"""§4.1: the sides of a segment's river."""

_KIND_REFS = {OL: "outer_left", IN: "inner", OR: "outer_right"}
SPACE_KINDS = names(G, "space", {_KIND_REFS[k]: words for k, words in KIND_NAMES.items()})
"""§4.1: the three viscount spaces of a segment."""

# ---- effects in words (§6.2) ---------------------------------------------------------------------------------

GOOD = Message(f"{G}.effect.good", "{n} {good}")
ANY_RESOURCE = Message(f"{G}.effect.any_resource", "any {n} resource", "any {n} resources")
GAIN_DEBT = Message(f"{G}.effect.gain_debt", "{n} debt", "{n} debts")
GAIN_DEED = Message(f"{G}.effect.gain_deed", "{n} deed", "{n} deeds")
FLIP_DEBT = Message(f"{G}.effect.flip_debt", "flip {n} debt", "flip {n} debts")
FLIP_DEED = Message(f"{G}.effect.flip_deed", "flip {n} deed", "flip {n} deeds")
FLIP_EITHER = Message(f"{G}.effect.flip_debt_or_deed", "flip {n} debt or deed", "flip {n} debts or deeds")
REARRANGE = Message(f"{G}.effect.rearrange", "rearrange")
DISCARD = Message(f"{G}.effect.discard", "discard {n} card", "discard {n} cards")
DESTROY = Message(f"{G}.effect.destroy", "destroy {n} card", "destroy {n} cards")
SHUFFLE = Message(f"{G}.effect.shuffle", "shuffle")
DRAW = Message(f"{G}.effect.draw", "draw {n} card", "draw {n} cards")
FREE_HIRE = Message(f"{G}.effect.free_hire", "{n} free hire", "{n} free hires")
FREE_MANUSCRIPT = Message(f"{G}.effect.free_manuscript", "a free manuscript costing {costs}")
CASTLE_MOVE = Message(f"{G}.effect.castle_move", "{n} castle move", "{n} castle moves")
PLACE_FREE = Message(f"{G}.effect.place_workers", "place {n} free worker", "place {n} free workers")
PLACE_FREE_ANY = Message(
    f"{G}.effect.place_workers_any", "place {n} free worker on any section", "place {n} free workers on any section"
)
BUILD_FREE = Message(f"{G}.effect.build_free", "a free {building}")
BUILD_FREE_AT = Message(f"{G}.effect.build_free_at", "a free {building} at your viscount")
BUILD_FREE_ANY = Message(f"{G}.effect.build_free_any", "a free building")
BUILD_FREE_ANY_AT = Message(f"{G}.effect.build_free_any_at", "a free building at your viscount")
ALL = Message(f"{G}.effect.all", "{first} + {then}")
GROUPED = Message(f"{G}.effect.grouped", "({effect})")
COST = Message(f"{G}.effect.cost", "may pay {pay} for {gain}")
NOTHING = Message(f"{G}.effect.nothing", "nothing")
IF_CRIMINAL = Message(f"{G}.effect.if_criminal", "with a criminal on the board: {then}")
IF_NO_CRIMINAL = Message(f"{G}.effect.if_no_criminal", "without criminals on the board: {then}")
IF_ALWAYS = Message(f"{G}.effect.if_always", "always: {then}")


def _counted(e: Effect) -> Text:
    """``2 silver``, ``1 ink``: a good counted by ``n`` (no plural)."""
    return GOOD(n=e.n, good=GOODS[e.op])


def _several(message: Message) -> Callable[[Effect], Text]:
    """An effect counted by ``n``."""
    return lambda e: message(n=e.n)


def _choice_words(e: Effect) -> Text:
    """§6.2 ``choice``: the branches, a composite branch in parentheses."""
    return listing(
        [GROUPED(effect=effect_words(b)) if b.op in ("all", "cost", "if") else effect_words(b) for b in e.of],
        joined=LIST_OR,
    )


def _cost_words(e: Effect) -> Text:
    """§6.2 ``cost``: the optional payment for a reward."""
    pay = effect_words(e.pay) if e.pay is not None else NOTHING()
    gain = effect_words(e.gain) if e.gain is not None else NOTHING()
    return COST(pay=pay, gain=gain)


_CONDITIONS = {">=1": IF_CRIMINAL, "==0": IF_NO_CRIMINAL}


def _if_words(e: Effect) -> Text:
    """§6.2 ``if``: the condition on the receiving player's board, then the effect."""
    then = effect_words(e.then) if e.then is not None else NOTHING()
    return _CONDITIONS.get(e.criminals, IF_ALWAYS)(then=then)


def _workers_words(e: Effect) -> Text:
    """§6.2 ``place_workers``: by the viscount, or on a section of the player's choice."""
    return (PLACE_FREE_ANY if e.where == "any_section" else PLACE_FREE)(n=e.n)


def _build_words(e: Effect) -> Text:
    """§6.2 ``build_free`` (A-31, A-37)."""
    at = e.where == "viscount_space"
    if e.building:
        return (BUILD_FREE_AT if at else BUILD_FREE)(building=building_name(e.building))
    return (BUILD_FREE_ANY_AT if at else BUILD_FREE_ANY)()


def _all_words(e: Effect) -> Text:
    parts = [effect_words(part) for part in e.of]
    return reduce(lambda first, then: ALL(first=first, then=then), parts)


_EFFECT_WORDS: dict[str, Callable[[Effect], Text]] = {
    "silver": _counted,
    "ink": _counted,
    "gold": _counted,
    "stone": _counted,
    "virtue": _counted,
    "corruption": _counted,
    "any_resource": _several(ANY_RESOURCE),
    "gain_debt": _several(GAIN_DEBT),
    "gain_deed": _several(GAIN_DEED),
    "flip_debt": _several(FLIP_DEBT),
    "flip_deed": _several(FLIP_DEED),
    "flip_debt_or_deed": _several(FLIP_EITHER),
    "rearrange": lambda e: REARRANGE(),
    "discard": _several(DISCARD),
    "destroy": _several(DESTROY),
    "shuffle": lambda e: SHUFFLE(),
    "draw": _several(DRAW),
    "free_hire": _several(FREE_HIRE),
    "free_manuscript": lambda e: FREE_MANUSCRIPT(costs=listing(list(e.costs), joined=LIST_OR)),
    "castle_move": _several(CASTLE_MOVE),
    "place_workers": _workers_words,
    "build_free": _build_words,
    "all": _all_words,
    "choice": _choice_words,
    "cost": _cost_words,
    "if": _if_words,
}
"""§6.2: every atom and combinator in a few words."""


def effect_words(effect: Effect) -> Text:
    """One effect of the content (§6.2) in a few words: ``1 ink + 1 stone``, ``1 free hire or destroy 1 card``."""
    return _EFFECT_WORDS[effect.op](effect)


# ---- icons ---------------------------------------------------------------------------------------------------

ICON_ONE = Message(f"{G}.icon.one", "{icon} icon")
ICON_MANY = Message(f"{G}.icon.many", "{icons} icons")
ICON_COUNT = Message(f"{G}.icon.count", "{n} {icon}")


def icon_name(icon: str) -> Name:
    """An icon by its name (``builder``)."""
    return ICONS[icon]


def icon_words(icons: Iterable[str]) -> Text:
    """Icons as printed, in words: ``builder and noble icons``, ``2 builder icons``, ``cleric icon``."""
    every = list(icons)
    counted: list[Param] = [
        ICON_COUNT(n=n, icon=icon_name(icon)) if n > 1 else icon_name(icon) for icon, n in Counter(every).items()
    ]
    if len(every) == 1:
        return ICON_ONE(icon=icon_name(every[0]))
    return ICON_MANY(icons=counted[0] if len(counted) == 1 else listing(counted))


# ---- townsfolk -----------------------------------------------------------------------------------------------

CARD = Message(f"{G}.card.townsfolk", "{name} ({cost})")
CARD_TOLD_APART = Message(f"{G}.card.townsfolk_apart", "{name} ({cost}, {ability})")
CARD_AS_SHOWN = Message(f"{G}.card.as_shown", "{card}")
"""A card the picture shows by a sign (``?`` for a hidden card)."""

MODIFIERS = {
    "convert_icons": Message(f"{G}.modifier.convert_icons", "convert icons"),
    "convert_silver": Message(f"{G}.modifier.convert_silver", "convert silver"),
    "resources_as_icons": Message(f"{G}.modifier.resources_as_icons", "resources as icons"),
    "one_resource_counts_double": Message(f"{G}.modifier.one_resource_counts_double", "one resource counts double"),
}
"""§5.3: the funding modifiers, in words (what tells apart two townsfolk of one name and value)."""


def folk(card: str) -> Name:
    """A townsfolk card's name alone (``Benefactor``)."""
    return FOLK[folk_ref(CONTENT.townsfolk[card].name)]


def _ability_words(c: TownsfolkCard) -> Text:
    """What tells apart two townsfolk of one name and value: the ability's effect, else its conversion."""
    a = c.ability
    if a.effect is not None:
        return effect_words(a.effect)
    if a.modifier:
        return MODIFIERS[a.modifier]()
    if c.hire_effect:
        return effect_words(c.hire_effect)
    return listing([icon_name(icon) for icon in c.icons], joined=LIST_COMMA)


def _card_names() -> dict[str, Text]:
    """§6.1: every townsfolk as ``Name (value)``; cards sharing both get what tells them apart."""
    plain = {c.id: (c.name, c.cost) for c in CONTENT.townsfolk.values()}
    shared = Counter(plain.values())
    return {
        c.id: CARD_TOLD_APART(name=folk(c.id), cost=c.cost, ability=_ability_words(c))
        if shared[plain[c.id]] > 1
        else CARD(name=folk(c.id), cost=c.cost)
        for c in CONTENT.townsfolk.values()
    }


CARD_NAMES = _card_names()


def card_name(card: str) -> Text:
    """A townsfolk card: ``Benefactor (2)`` (its silver value in parentheses); anything else as it is (the
    picture's ``?`` for a hidden card)."""
    found = CARD_NAMES.get(card)
    return found if found is not None else CARD_AS_SHOWN(card=card)


THAT_CARD = Message(f"{G}.card.that", "That card")


def folk_or_that(card: str) -> Param:
    """A townsfolk card's name for messages (``That card`` for an id that names no townsfolk)."""
    return folk(card) if card in CONTENT.townsfolk else THAT_CARD()


# ---- manuscripts and scheme cards -----------------------------------------------------------------------------

_VP_PER = {
    "building": ("building", "buildings"),
    "paid_debt": ("paid debt", "paid debts"),
    "approved_deed": ("approved deed", "approved deeds"),
    "deed": ("deed", "deeds"),
    "resource_held": ("resource held", "resources held"),
    "worker_tier1": ("worker on tier 1", "workers on tier 1"),
    "worker_tier2": ("worker on tier 2", "workers on tier 2"),
    "worker_tier3": ("worker in the centre", "workers in the centre"),
    "icon": ("{icon} icon", "{icon} icons"),
}
VP_FLAT = Message(f"{G}.vp.flat", "{amount} VP")
VP_PER = {key: Message(f"{G}.vp.per_{key}", f"{{amount}} VP per {one}") for key, (one, _) in _VP_PER.items()}
"""A manuscript's end-game condition counting each thing (§7.2 item 3): ``1 VP per noble icon``."""
VP_PER_SEVERAL = {
    key: Message(f"{G}.vp.per_several_{key}", f"{{amount}} VP per {{n}} {one}", f"{{amount}} VP per {{n}} {many}")
    for key, (one, many) in _VP_PER.items()
}
"""A condition counting things by a divisor: ``1 VP per 2 resources held``."""
COUNTED = {key: Message(f"{G}.count.{key}", f"{{n}} {one}", f"{{n}} {many}") for key, (one, many) in _VP_PER.items()}
"""How many of what a condition counts (the score sheet): ``5 noble icons``, ``2 resources held``."""


def vp_key(vp: ManuscriptVp) -> tuple[str, dict[str, Param]]:
    """What a manuscript's condition counts (a key of ``VP_PER``) and the parameters it names besides."""
    if vp.per.startswith("icon_"):
        return "icon", {"icon": icon_name(vp.per.removeprefix("icon_"))}
    return vp.per, {}


def vp_words(vp: ManuscriptVp) -> Text:
    """A manuscript's end-game condition (§7.2 item 3): ``1 VP per noble icon``, ``1 VP per 2 resources
    held``; ``3 VP`` outright."""
    if vp.per == "flat":
        return VP_FLAT(amount=vp.amount)
    key, more = vp_key(vp)
    if vp.divisor == 1:
        return VP_PER[key](amount=vp.amount, **more)
    return VP_PER_SEVERAL[key](amount=vp.amount, n=vp.divisor, **more)


def vp_count(vp: ManuscriptVp, count: int) -> Text:
    """What a condition counted: ``5 noble icons``, ``1 paid debt``."""
    key, more = vp_key(vp)
    return COUNTED[key](n=count, **more)


MANUSCRIPT_DETAILS = Message(f"{G}.manuscript.details", "cost {cost}, {ribbon} ribbon, {reward}")
NO_REWARD = Message(f"{G}.manuscript.no_reward", "no reward")
UNKNOWN = Message(f"{G}.manuscript.unknown", "unknown")
MANUSCRIPT = Message(f"{G}.manuscript.words", "manuscript ({details})")
THE_MANUSCRIPT = Message(f"{G}.manuscript.the", "the manuscript ({details})")
THE_MANUSCRIPT_CAPITAL = Message(f"{G}.manuscript.the_capital", "The manuscript ({details})")
MANUSCRIPT_TAG = Message(f"{G}.manuscript.tag", "{id} (cost {cost}, {ribbon} ribbon)")


def manuscript_details(manuscript: str) -> Text:
    """What a manuscript's card prints (§6.12): cost, ribbon and reward, ``cost 3, grey ribbon, flip 1 debt or
    deed``; no two manuscripts print the same."""
    found = CONTENT.manuscripts.get(manuscript)
    if found is None:
        return UNKNOWN()
    reward = [effect_words(found.immediate)] if found.immediate is not None else []
    reward += [vp_words(found.vp)] if found.vp is not None else []
    said = (reward[0] if len(reward) == 1 else listing(reward)) if reward else NO_REWARD()
    return MANUSCRIPT_DETAILS(cost=found.cost, ribbon=RIBBONS[found.ribbon], reward=said)


def manuscript_words(manuscript: str) -> Text:
    """A manuscript by what its card prints: ``manuscript (cost 3, grey ribbon, flip 1 debt or deed)``."""
    return MANUSCRIPT(details=manuscript_details(manuscript))


def the_manuscript(manuscript: str) -> Text:
    """``the manuscript (cost 3, grey ribbon, flip 1 debt or deed)``."""
    return THE_MANUSCRIPT(details=manuscript_details(manuscript))


def manuscript_name(manuscript: str) -> Text:
    """A manuscript by the id the picture prints on it, with its cost and ribbon: ``M-05 (cost 3, grey
    ribbon)`` (the picture's tooltips)."""
    found = CONTENT.manuscripts.get(manuscript)
    if found is None:
        return CARD_AS_SHOWN(card=manuscript)
    return MANUSCRIPT_TAG(id=manuscript, cost=found.cost, ribbon=RIBBONS[found.ribbon])


SCHEME_STARTING = Message(f"{G}.scheme.starting", "starting scheme {number} ({icons})")
SCHEME_STARTING_CAPITAL = Message(f"{G}.scheme.starting_capital", "Starting scheme {number} ({icons})")
SCHEME_FUTURE = Message(f"{G}.scheme.future", "Future Scheme {number} ({icons})")
SCHEME_OTHER = Message(f"{G}.scheme.other", "scheme {number} ({icons})")
SCHEME_OTHER_CAPITAL = Message(f"{G}.scheme.other_capital", "Scheme {number} ({icons})")
NO_ICON = Message(f"{G}.scheme.no_icon", "no icon")
UNKNOWN_SCHEME = Message(f"{G}.scheme.unknown", "an unknown scheme card")
UNKNOWN_SCHEME_CAPITAL = Message(f"{G}.scheme.unknown_capital", "An unknown scheme card")

_DECKS = {"starting": (SCHEME_STARTING, SCHEME_STARTING_CAPITAL), "future": (SCHEME_FUTURE, SCHEME_FUTURE)}


def _scheme_numbers() -> dict[str, int]:
    """Each scheme card's number within its deck (§8.1: the starting schemes and the Future Schemes)."""
    seen: Counter[str] = Counter()
    numbers = {}
    for scheme in CONTENT.schemes.values():
        seen[scheme.deck] += 1
        numbers[scheme.id] = seen[scheme.deck]
    return numbers


_SCHEME_NUMBERS = _scheme_numbers()


def scheme_words(scheme: str, capital: bool = False) -> Text:
    """A Cleric AI scheme card (§8.2) by its deck, its number in the deck and its header icons:
    ``starting scheme 1 (builder and noble icons)``, ``Future Scheme 3 (criminal icon)``."""
    found = CONTENT.schemes.get(scheme)
    if found is None:
        return (UNKNOWN_SCHEME_CAPITAL if capital else UNKNOWN_SCHEME)()
    icons = icon_words(found.header_icons) if found.header_icons else NO_ICON()
    message = _DECKS.get(found.deck, (SCHEME_OTHER, SCHEME_OTHER_CAPITAL))[1 if capital else 0]
    return message(number=_SCHEME_NUMBERS[scheme], icons=icons)


# ---- buildings, spaces and spots ------------------------------------------------------------------------------


def building_name(building: str) -> Name:
    """A building type (§6.9): ``trading_post`` -> ``Trading Post``."""
    return BUILDINGS[building]


_SLOT_ABILITIES = {
    "free_extra_move": Message(f"{G}.slot.free_extra_move", "1 free extra step"),
    "dismiss_cost_one": Message(f"{G}.slot.dismiss_cost_one", "dismiss for 1 silver"),
    "discard_on_hire": Message(f"{G}.slot.discard_on_hire", "discard when hiring"),
    "collision_virtue": Message(f"{G}.slot.collision_virtue", "virtue at every collision"),
    "hand_limit": Message(f"{G}.slot.hand_limit", "hand limit +1"),
}
"""§6.9: what a constructed building's slot reveals, in a few words."""
SLOT = Message(f"{G}.slot.name", "{building} {number}")
SLOT_REVEALS = Message(f"{G}.slot.reveals", "{building} {number} ({reveals})")
SLOT_ICON = Message(f"{G}.slot.icon", "+{n} {icon} icon", "+{n} {icon} icons")
THAT_BUILDING = Message(f"{G}.slot.that", "That building")
EMPTY_SLOT = Message(f"{G}.slot.empty", "empty")

_SLOTS: dict[str, BuildingSlot] = {
    slot.id: slot for slots in (CONTENT.board.slots, *(b.slots for b in CONTENT.ai_boards.values())) for slot in slots
}


def slot_name(slot_id: str) -> Text:
    """A building slot of a player board (§6.9): ``Trading Post 2 (dismiss for 1 silver)``,
    ``Guildhall 1 (+1 cleric icon)``."""
    slot = _SLOTS.get(slot_id)
    if slot is None:
        return CARD_AS_SHOWN(card=slot_id)
    reveals: list[Param] = [_SLOT_ABILITIES[slot.ability]()] if slot.ability else []
    reveals += [SLOT_ICON(n=n, icon=icon_name(icon)) for icon, n in Counter(slot.icons).items()]
    if reveals:
        return SLOT_REVEALS(
            building=building_name(slot.building), number=slot.index, reveals=listing(reveals, joined=LIST_COMMA)
        )
    return SLOT(building=building_name(slot.building), number=slot.index)


SPACE = Message(f"{G}.space.name", "segment {segment} {space}")
SPACE_CAPITAL = Message(f"{G}.space.name_capital", "Segment {segment} {space}")
THAT_SPACE = Message(f"{G}.space.that", "That space")


def space_words(space: int, capital: bool = False) -> Text:
    """A viscount space: ``segment 2 inner`` (positions counted from 1, as people count)."""
    return (SPACE_CAPITAL if capital else SPACE)(
        segment=position(space) + 1, space=SPACE_KINDS[_KIND_REFS[kind(space)]]
    )


SPOT = Message(f"{G}.spot.name", "segment {segment} {side} spot {number} ({reward})")
SPOT_CAPITAL = Message(f"{G}.spot.name_capital", "Segment {segment} {side} spot {number} ({reward})")
SPOT_BARE = Message(f"{G}.spot.bare", "spot {spot}")
THAT_SPOT = Message(f"{G}.spot.that", "That spot")


def spot_name(ring: tuple[str, ...], spot: int, capital: bool = False) -> Text:
    """A building spot (§4.1) by segment, river side and place on that side, with its reward:
    ``segment 2 left spot 1 (1 virtue)``."""
    table = spot_table(ring) if len(ring) == SEGMENTS else ()
    if not 0 <= spot < len(table):
        return SPOT_BARE(spot=spot)
    pos, found = table[spot]
    number = sum(1 for p, other in table if p == pos and other.side == found.side and other.order <= found.order)
    message = SPOT_CAPITAL if capital else SPOT
    return message(segment=pos + 1, side=SIDES[found.side], number=number, reward=effect_words(found.reward))


# ---- for the messages of refused moves -----------------------------------------------------------------------


def slot_words(slot_id: str) -> Text:
    """A building slot named in a refusal: ``Trading Post 2``, or ``That building`` for an id of none."""
    slot = _SLOTS.get(slot_id)
    return SLOT(building=building_name(slot.building), number=slot.index) if slot is not None else THAT_BUILDING()


def spot_words(s: State, spot: int) -> Text:
    """A building spot named in a refusal: ``Segment 2 left spot 1 (1 virtue)``, or ``That spot``."""
    if len(s.ring) != SEGMENTS or not 0 <= spot < len(spot_table(s.ring)):
        return THAT_SPOT()
    return spot_name(s.ring, spot, capital=True)


BOARD_SEGMENT = Message(f"{G}.piece.segment", "Board segment {segment}")
PLAYER_CARD = Message(f"{G}.piece.player_card", "Player card {number}")
THAT = Message(f"{G}.piece.that", "That")


def piece_words(action: object) -> Text:
    """The piece a chance move names, for a refusal: ``Abbot (2)``, ``The manuscript (cost 3, …)``, ``Board
    segment C``; ``That`` for a value that names none."""
    value = getattr(action, action.__struct_fields__[0]) if hasattr(action, "__struct_fields__") else None
    if isinstance(value, str) and value in CARD_NAMES:
        return CARD_NAMES[value]
    if isinstance(value, str) and value in CONTENT.manuscripts:
        return THE_MANUSCRIPT_CAPITAL(details=manuscript_details(value))
    if isinstance(value, str) and value in CONTENT.schemes:
        return scheme_words(value, capital=True)
    if isinstance(value, str) and value in {side.segment for side in CONTENT.segments.values()}:
        return BOARD_SEGMENT(segment=value)
    if isinstance(value, int) and type(action).__name__ == "PlayerCardDrawn" and value in CONTENT.player_cards:
        return PLAYER_CARD(number=value)
    return THAT()


def joined(items: Sequence[Param]) -> Text:
    """Items joined by commas alone: ``A, B, C``."""
    return listing(items, joined=LIST_COMMA)
