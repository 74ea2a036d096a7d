"""Guilds of London components in players' words: what a thing is called wherever a player reads about it.

Most components have no printed name in the content (§9.1: the printed cards are not known), so each is
named by what a player sees of it: an action card by its symbol(s) (``Scythe card``), a Lord Mayor card by
what it scores (``2 VP per guild tile you are master of with an Anchor``), a second-place token and an
effect by what they do (``draw 1 card``). Two components that would read alike are told apart: action
card types and token types by what they do (and a number where even that is alike), identical Lord Mayor
cards by which copy they are. The ids stay in the code; nothing here is shown with one.

Every name is a ``Text`` (its words in any language): the things with a name of their own (the symbols,
the tiles, the plantation sides) are ``Name``s taken from the content; the rest are made of the messages
below.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from engines.core.text import LIST_COMMA, LIST_OR, Message, Name, Text, listing, names
from engines.guilds_of_london.common import CONTENT
from engines.guilds_of_london.content import (
    Choice,
    Continuous,
    Custom,
    DrawAction,
    DrawLm,
    DrawModifier,
    Effect,
    Filter,
    GainNeutral,
    Hire,
    Move,
    Per,
    PerScoring,
    TableScoring,
    ThresholdScoring,
    ToPlantation,
    Trigger,
    Vp,
)

GAME = "guilds_of_london"

SYMBOLS: dict[str, Name] = names(GAME, "symbol", {s.id: s.name for s in CONTENT.symbols})
"""§0.3: the five guild symbols by name (``Compass``)."""
TILES: dict[str, Name] = names(GAME, "tile", {t.id: t.name for t in (*CONTENT.guild_tiles, *CONTENT.special_buildings)})
"""§6.2, §6.3: the guild tiles and special buildings by their names."""
SIDES: dict[str, Name] = names(GAME, "plantation", {side.id: side.id.title() for side in CONTENT.plantation})
"""§6.4: the plantation's two sides (``Ulster``, ``Virginia``)."""

SYMBOL_NAMES: dict[str, str] = {s.id: s.name for s in CONTENT.symbols}
"""§0.3: the five guild symbols' English names (to tell ``a`` from ``an``)."""

UNKNOWN_SYMBOL = Message("guilds_of_london.name.unknown_symbol", "unknown symbol")
SLASHED = Message("guilds_of_london.name.slashed", "{first}/{rest}")
ORDINALS = (
    Message("guilds_of_london.ordinal.1", "first"),
    Message("guilds_of_london.ordinal.2", "second"),
    Message("guilds_of_london.ordinal.3", "third"),
    Message("guilds_of_london.ordinal.4", "fourth"),
    Message("guilds_of_london.ordinal.5", "fifth"),
    Message("guilds_of_london.ordinal.6", "sixth"),
    Message("guilds_of_london.ordinal.7", "seventh"),
    Message("guilds_of_london.ordinal.8", "eighth"),
    Message("guilds_of_london.ordinal.9", "ninth"),
    Message("guilds_of_london.ordinal.10", "tenth"),
)


def symbol(symbol_id: str) -> Name | Text:
    """A guild symbol by name."""
    return SYMBOLS.get(symbol_id) or UNKNOWN_SYMBOL()


def symbols_words(symbols: Iterable[str]) -> Name | Text:
    """``Anchor``, ``Anchor/Cross``."""
    items = [symbol(s) for s in symbols]
    if not items:
        return NOTHING()
    words: Text | Name = items[-1]
    for item in reversed(items[:-1]):
        words = SLASHED(first=item, rest=words)
    return words


def symbols_listed(ids: Sequence[str]) -> Text:
    """Symbols as players name them (§0.3), in the content's order: "Anchor, Cross"."""
    return listing([SYMBOLS[s.id] for s in CONTENT.symbols if s.id in ids], joined=LIST_COMMA)


# ---- effects (§6.7, §9.2.1) ----------------------------------------------------------------------------------

NOTHING = Message("guilds_of_london.effect.nothing", "nothing")
AN_EFFECT = Message("guilds_of_london.effect.unknown", "an effect")
VP = Message("guilds_of_london.effect.vp", "{n} VP", "{n} VP")
DRAW = Message("guilds_of_london.effect.draw", "draw {n} card", "draw {n} cards")
DRAW_LATER = Message(
    "guilds_of_london.effect.draw_later",
    "draw {n} card at the end of the turn",
    "draw {n} cards at the end of the turn",
)
DRAW_MORE = Message(
    "guilds_of_london.effect.draw_more",
    "draw {n} card more at the end of the turn",
    "draw {n} cards more at the end of the turn",
)
DRAW_FEWER = Message(
    "guilds_of_london.effect.draw_fewer",
    "draw {n} card fewer at the end of the turn",
    "draw {n} cards fewer at the end of the turn",
)
DRAW_LM = Message(
    "guilds_of_london.effect.draw_lord_mayor",
    "draw {n} Lord Mayor card, keep {keep}",
    "draw {n} Lord Mayor cards, keep {keep}",
)
HIRE = Message("guilds_of_london.effect.hire", "hire up to {n} liveryman", "hire up to {n} liverymen")
TAKE_NEUTRAL = Message(
    "guilds_of_london.effect.take_neutral", "take up to {n} neutral pawn", "take up to {n} neutral pawns"
)
MOVE = Message("guilds_of_london.effect.move", "move up to {n} figure", "move up to {n} figures")
TO_PLANTATION = Message(
    "guilds_of_london.effect.to_plantation",
    "send up to {n} figure to the plantation",
    "send up to {n} figures to the plantation",
)
PER = Message("guilds_of_london.effect.per", "for each {what}: {effects}")
TRIGGER = Message("guilds_of_london.effect.trigger", "whenever {event} this turn: {effects}")
OPTION = Message("guilds_of_london.effect.option", "({effects})")
HAND_LIMIT = Message("guilds_of_london.effect.hand_limit", "hand limit {delta} while you are its master")
LASTING = Message("guilds_of_london.effect.lasting", "a lasting effect while you are its master")
SPECIAL = Message("guilds_of_london.effect.special", "a special effect")

_EVENTS: dict[str, Message] = {
    "OWN_MOVE": Message("guilds_of_london.event.own_move", "you move a figure"),
    "OWN_HIRE": Message("guilds_of_london.event.own_hire", "you hire a liveryman"),
    "OWN_TO_PLANTATION": Message("guilds_of_london.event.own_to_plantation", "you send a figure to the plantation"),
}
"""§9.2.1 ``TRIGGER``: what a "whenever you ... this turn" effect waits for."""
ANY_EVENT = Message("guilds_of_london.event.any", "it happens")


def _draw_modifier(e: DrawModifier) -> Text:
    return (DRAW_MORE if e.delta >= 0 else DRAW_FEWER)(n=abs(e.delta))


def _continuous(e: Continuous) -> Text:
    delta = e.effect.hand_limit_delta
    return HAND_LIMIT(delta=f"{delta:+d}") if delta else LASTING()


_EFFECT_WORDS: dict[type, Callable[[Any], Text]] = {
    Vp: lambda e: VP(n=e.n),
    DrawAction: lambda e: (DRAW if e.timing == "immediate" else DRAW_LATER)(n=e.n),
    DrawModifier: _draw_modifier,
    DrawLm: lambda e: DRAW_LM(n=e.draw, keep=e.keep),
    Hire: lambda e: HIRE(n=e.n),
    GainNeutral: lambda e: TAKE_NEUTRAL(n=e.n),
    Move: lambda e: MOVE(n=e.n),
    ToPlantation: lambda e: TO_PLANTATION(n=e.n),
    Per: lambda e: PER(what=filter_words(e.count)[0], effects=effects_words(e.effects)),
    Trigger: lambda e: TRIGGER(event=_EVENTS.get(e.event, ANY_EVENT)(), effects=effects_words(e.effects)),
    Choice: lambda e: listing([OPTION(effects=effects_words(option)) for option in e.options], joined=LIST_OR),
    Continuous: _continuous,
    Custom: lambda e: SPECIAL(),
}


def effect_words(effect: Effect) -> Text:
    """One effect of the content in a few words (§6.7)."""
    words = _EFFECT_WORDS.get(type(effect))
    return words(effect) if words is not None else AN_EFFECT()


def effects_words(effects: Sequence[Effect]) -> Text:
    """An effect list in a few words (``2 VP, draw 1 card``); ``nothing`` when empty."""
    return listing([effect_words(e) for e in effects], joined=LIST_COMMA, empty=NOTHING)


# ---- what a filter counts (§9.2.1) ------------------------------------------------------------------------------

_TILE_KINDS: dict[str, tuple[Message, Message]] = {
    "GUILD": (
        Message("guilds_of_london.kind.guild_tile", "guild tile"),
        Message("guilds_of_london.kind.guild_tiles", "guild tiles"),
    ),
    "SPECIAL": (
        Message("guilds_of_london.kind.special_building", "special building"),
        Message("guilds_of_london.kind.special_buildings", "special buildings"),
    ),
    "ANY": (
        Message("guilds_of_london.kind.tile", "tile"),
        Message("guilds_of_london.kind.tiles", "tiles"),
    ),
}

WITH_A = Message("guilds_of_london.filter.with_a", "with a {symbol}")
WITH_AN = Message("guilds_of_london.filter.with_an", "with an {symbol}")
WITH_SYMBOL = Message("guilds_of_london.filter.with_symbol", "with a symbol")
NUMBERED = Message("guilds_of_london.filter.numbered", "numbered {number}")
NUMBERED_RANGE = Message("guilds_of_london.filter.numbered_range", "numbered {low}–{high}")
NUMBERED_MIN = Message("guilds_of_london.filter.numbered_min", "numbered {low} or more")
NUMBERED_MAX = Message("guilds_of_london.filter.numbered_max", "numbered up to {high}")
BOTH = Message("guilds_of_london.filter.both", "{first} {second}")
MASTER_OF = Message("guilds_of_london.filter.master_of", "{tile} you are master of")
MASTER_OF_SOME = Message("guilds_of_london.filter.master_of_some", "{tile} you are master of {which}")
LIVERYMAN_PLANTATION = Message("guilds_of_london.filter.liveryman_plantation", "liveryman of yours on the plantation")
LIVERYMEN_PLANTATION = Message("guilds_of_london.filter.liverymen_plantation", "liverymen of yours on the plantation")
LIVERYMAN_GUILDHALL = Message("guilds_of_london.filter.liveryman_guildhall", "liveryman of yours in the Guildhall")
LIVERYMEN_GUILDHALL = Message("guilds_of_london.filter.liverymen_guildhall", "liverymen of yours in the Guildhall")
LIVERYMAN_TILES = Message("guilds_of_london.filter.liveryman_tiles", "liveryman of yours on face-up {tiles}")
LIVERYMEN_TILES = Message("guilds_of_london.filter.liverymen_tiles", "liverymen of yours on face-up {tiles}")
TILES_SOME = Message("guilds_of_london.filter.tiles_some", "{tiles} {which}")
TOKEN_YOU_HAVE = Message("guilds_of_london.filter.token", "second-place token you have")
TOKENS_YOU_HAVE = Message("guilds_of_london.filter.tokens", "second-place tokens you have")
LM_YOU_HAVE = Message("guilds_of_london.filter.lord_mayor_card", "Lord Mayor card you have")
LMS_YOU_HAVE = Message("guilds_of_london.filter.lord_mayor_cards", "Lord Mayor cards you have")
CARD_IN_HAND = Message("guilds_of_london.filter.card_in_hand", "card in your hand")
CARDS_IN_HAND = Message("guilds_of_london.filter.cards_in_hand", "cards in your hand")


def tile_kind(kind: str) -> tuple[Message, Message]:
    """The words for one tile and several tiles of a filter's kind."""
    return _TILE_KINDS.get(kind, _TILE_KINDS["ANY"])


def _with(symbol_id: str) -> Text:
    found = SYMBOLS.get(symbol_id)
    if found is None:
        return WITH_SYMBOL()
    return (WITH_AN if found.english[:1].lower() in "aeiou" else WITH_A)(symbol=found)


def _tile_qualifiers(f: Filter) -> Text | None:
    """Which tiles a filter counts, beyond their kind (``with an Anchor numbered 3–5``); ``None``: every one."""
    parts: list[Text] = []
    if f.back_symbol is not None:
        parts.append(_with(f.back_symbol))
    low, high = f.number_min, f.number_max
    if low is not None and high is not None:
        parts.append(NUMBERED(number=low) if low == high else NUMBERED_RANGE(low=low, high=high))
    elif low is not None:
        parts.append(NUMBERED_MIN(low=low))
    elif high is not None:
        parts.append(NUMBERED_MAX(high=high))
    if not parts:
        return None
    return parts[0] if len(parts) == 1 else BOTH(first=parts[0], second=parts[1])


def filter_words(f: Filter) -> tuple[Text, Text]:
    """What a filter counts, one of it and several (``guild tile you are master of with an Anchor``)."""
    one, several = tile_kind(f.kind)
    which = _tile_qualifiers(f)
    if f.what in ("controlled_tiles", "masters"):
        if which is None:
            return MASTER_OF(tile=one()), MASTER_OF(tile=several())
        return MASTER_OF_SOME(tile=one(), which=which), MASTER_OF_SOME(tile=several(), which=which)
    if f.what == "liverymen_on":
        if f.location == "PLANTATION":
            return LIVERYMAN_PLANTATION(), LIVERYMEN_PLANTATION()
        if f.location == "GUILDHALL":
            return LIVERYMAN_GUILDHALL(), LIVERYMEN_GUILDHALL()
        tiles = several() if which is None else TILES_SOME(tiles=several(), which=which)
        return LIVERYMAN_TILES(tiles=tiles), LIVERYMEN_TILES(tiles=tiles)
    if f.what == "second_place_tokens":
        return TOKEN_YOU_HAVE(), TOKENS_YOU_HAVE()
    if f.what == "lm_cards":
        return LM_YOU_HAVE(), LMS_YOU_HAVE()
    return CARD_IN_HAND(), CARDS_IN_HAND()


# ---- Lord Mayor cards (§6.6, §9.2.6) -----------------------------------------------------------------------------

PER_SCORING = Message("guilds_of_london.scoring.per", "{vp} VP per {what}")
TABLE_STEP = Message("guilds_of_london.scoring.table_step", "{vp} VP for {count}")
TABLE_STEP_MORE = Message("guilds_of_london.scoring.table_step_more", "{vp} VP for {count} or more")
TABLE = Message("guilds_of_london.scoring.table", "by the number of {what}: {steps}")
THRESHOLD = Message("guilds_of_london.scoring.threshold", "{vp} VP for at least {k} {what}")
SETS = Message("guilds_of_london.scoring.sets", "{vp} VP per set of {symbols} on {tiles} you are master of")
UNKNOWN_CARD = Message("guilds_of_london.scoring.unknown", "an unknown card")
COPY = Message("guilds_of_london.name.copy", "{card} ({ordinal} copy)")
COPY_N = Message("guilds_of_london.name.copy_n", "{card} ({n} copy)")
UNKNOWN_LORD_MAYOR = Message("guilds_of_london.name.unknown_lord_mayor", "an unknown Lord Mayor card")


def _table(s: TableScoring) -> Text:
    _, several = filter_words(s.count)
    last = len(s.vp) - 1
    steps = [(TABLE_STEP_MORE if count == last else TABLE_STEP)(vp=vp, count=count) for count, vp in enumerate(s.vp)]
    return TABLE(what=several, steps=listing(steps, joined=LIST_COMMA))


def scoring_words(card: str) -> Text:
    """§6.6: what a Lord Mayor card scores at the end, in words (``2 VP per guild tile you are master of …``)."""
    found = CONTENT.lord_mayor_card.get(card)
    if found is None:
        return UNKNOWN_CARD()
    s = found.scoring
    if isinstance(s, PerScoring):
        return PER_SCORING(vp=s.vp_each, what=filter_words(s.count)[0])
    if isinstance(s, TableScoring):
        return _table(s)
    if isinstance(s, ThresholdScoring):
        one, several = filter_words(s.count)
        return THRESHOLD(vp=s.vp, k=s.k, what=one if s.k == 1 else several)
    _, tiles = tile_kind(s.tiles)
    shown = listing([SYMBOLS.get(x) or x for x in s.of], joined=LIST_COMMA)
    return SETS(vp=s.vp_per_set, symbols=shown, tiles=tiles())


def _copies() -> dict[str, Text]:
    """Each Lord Mayor card's words, identical cards told apart by which copy they are (in file order)."""
    seen: Counter[str] = Counter()
    named = {}
    for card in CONTENT.lord_mayor_cards:
        words = scoring_words(card.id)
        seen[words.english] += 1
        k = seen[words.english]
        if k == 1:
            named[card.id] = words
        elif k <= len(ORDINALS):
            named[card.id] = COPY(card=words, ordinal=ORDINALS[k - 1]())
        else:
            named[card.id] = COPY_N(card=words, n=k)
    return named


_LORD_MAYOR: dict[str, Text] = _copies()


def lord_mayor_name(card: str) -> Text:
    """A Lord Mayor card by what it scores (``2 VP per guild tile you are master of with an Anchor``), a
    second identical card with ``(second copy)``."""
    return _LORD_MAYOR.get(card) or UNKNOWN_LORD_MAYOR()


# ---- action cards and tokens ---------------------------------------------------------------------------------------

CARD = Message("guilds_of_london.name.card", "{symbols} card")
TOLD_APART = Message("guilds_of_london.name.told_apart", "{name} ({does})")
KIND = Message("guilds_of_london.name.kind", "{name}, kind {n}")
UNKNOWN_ACTION_CARD = Message("guilds_of_london.name.unknown_card", "unknown card")
UNKNOWN_TOKEN = Message("guilds_of_london.name.unknown_token", "unknown token")


def _told_apart(items: Sequence[tuple[str, Text, Text]]) -> dict[str, Text]:
    """``(id, short words, what it does)``: the short words, with what it does where two share them, and a
    number where even that is alike."""
    short = Counter(words.english for _, words, _ in items)
    named = {
        item: words if short[words.english] == 1 else TOLD_APART(name=words, does=does) for item, words, does in items
    }
    full = Counter(words.english for words in named.values())
    seen: Counter[str] = Counter()
    for item, _, _ in items:
        words = named[item]
        if full[words.english] > 1:
            seen[words.english] += 1
            named[item] = KIND(name=words, n=seen[words.english])
    return named


_CARDS: dict[str, Text] = _told_apart(
    [(c.id, CARD(symbols=symbols_words(c.symbols)), effects_words(c.ability)) for c in CONTENT.action_cards]
)
_TOKENS: dict[str, Text] = _told_apart(
    [(t.type, effects_words(t.effects), effects_words(t.effects)) for t in CONTENT.second_place_tokens]
)


def card_name(card: str) -> Text:
    """An action card by its symbol(s): ``Scythe card`` (what it does added where two types share symbols)."""
    return _CARDS.get(card) or UNKNOWN_ACTION_CARD()


#: The action cards and Lord Mayor cards by content id, as DescribeGame names them, so a client (and the web
#: table's tests) can tell a hidden card's words when it sees them.
ACTION_CARDS: dict[str, Name] = {card: Name("action_card", card, words) for card, words in _CARDS.items()}
LORD_MAYOR_CARDS: dict[str, Name] = {card: Name("lord_mayor_card", card, words) for card, words in _LORD_MAYOR.items()}


def token_name(token: str) -> Text:
    """A second-place token by what it gives: ``2 VP``, ``draw 1 card``."""
    return _TOKENS.get(token) or UNKNOWN_TOKEN()
