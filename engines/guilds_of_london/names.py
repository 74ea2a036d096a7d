"""Guilds of London components in players' words: what a thing is called wherever a player reads about it.

Most components have no printed name in the content (§9.1: the printed cards are not known), so each is
named by what a player sees of it: an action card by its symbol(s) (``Scythe card``), a Lord Mayor card by
what it scores (``2 VP per guild tile you are master of with an Anchor``), a second-place token and an
effect by what they do (``draw 1 card``). Two components that would read alike are told apart: action
card types and token types by what they do (and a number where even that is alike), identical Lord Mayor
cards by which copy they are. The ids stay in the code; nothing here is shown with one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from engines.core.text import plural
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

SYMBOL_NAMES: dict[str, str] = {s.id: s.name for s in CONTENT.symbols}
"""§0.3: the five guild symbols by name (``Compass``)."""

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def _a(word: str) -> str:
    """``a Cross``, ``an Anchor``."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def symbols_words(symbols: Iterable[str]) -> str:
    """``Anchor``, ``Anchor/Cross``."""
    return "/".join(SYMBOL_NAMES.get(s, "unknown symbol") for s in symbols)


# ---- effects (§6.7, §9.2.1) ----------------------------------------------------------------------------------

_EVENTS: dict[str, str] = {
    "OWN_MOVE": "you move a figure",
    "OWN_HIRE": "you hire a liveryman",
    "OWN_TO_PLANTATION": "you send a figure to the plantation",
}
"""§9.2.1 ``TRIGGER``: what a "whenever you ... this turn" effect waits for."""


def _draw_modifier(e: DrawModifier) -> str:
    more = "more" if e.delta >= 0 else "fewer"
    return f"draw {plural(abs(e.delta), 'card')} {more} at the end of the turn"


def _continuous(e: Continuous) -> str:
    delta = e.effect.hand_limit_delta
    return f"hand limit {delta:+d} while you are its master" if delta else "a lasting effect while you are its master"


_EFFECT_WORDS: dict[type, Callable[[Any], str]] = {
    Vp: lambda e: f"{e.n} VP",
    DrawAction: lambda e: (
        f"draw {plural(e.n, 'card')}" + (" at the end of the turn" if e.timing != "immediate" else "")
    ),
    DrawModifier: _draw_modifier,
    DrawLm: lambda e: f"draw {plural(e.draw, 'Lord Mayor card')}, keep {e.keep}",
    Hire: lambda e: f"hire up to {plural(e.n, 'liveryman', 'liverymen')}",
    GainNeutral: lambda e: f"take up to {plural(e.n, 'neutral pawn')}",
    Move: lambda e: f"move up to {plural(e.n, 'figure')}",
    ToPlantation: lambda e: f"send up to {plural(e.n, 'figure')} to the plantation",
    Per: lambda e: f"for each {filter_words(e.count)[0]}: {effects_words(e.effects)}",
    Trigger: lambda e: f"whenever {_EVENTS.get(e.event, 'it happens')} this turn: {effects_words(e.effects)}",
    Choice: lambda e: " or ".join(f"({effects_words(option)})" for option in e.options),
    Continuous: _continuous,
    Custom: lambda e: "a special effect",
}


def effect_words(effect: Effect) -> str:
    """One effect of the content in a few words (§6.7)."""
    words = _EFFECT_WORDS.get(type(effect))
    return words(effect) if words is not None else "an effect"


def effects_words(effects: Sequence[Effect]) -> str:
    """An effect list in a few words (``2 VP, draw 1 card``); ``nothing`` when empty."""
    return ", ".join(effect_words(e) for e in effects) or "nothing"


# ---- what a filter counts (§9.2.1) ------------------------------------------------------------------------------

_TILE_KINDS: dict[str, tuple[str, str]] = {
    "GUILD": ("guild tile", "guild tiles"),
    "SPECIAL": ("special building", "special buildings"),
    "ANY": ("tile", "tiles"),
}


def _tile_qualifiers(f: Filter) -> str:
    words = ""
    if f.back_symbol is not None:
        words += f" with {_a(SYMBOL_NAMES.get(f.back_symbol, 'symbol'))}"
    low, high = f.number_min, f.number_max
    if low is not None and high is not None:
        words += f" numbered {low}" if low == high else f" numbered {low}–{high}"
    elif low is not None:
        words += f" numbered {low} or more"
    elif high is not None:
        words += f" numbered up to {high}"
    return words


def filter_words(f: Filter) -> tuple[str, str]:
    """What a filter counts, one of it and several (``guild tile you are master of with an Anchor``)."""
    one, several = _TILE_KINDS.get(f.kind, ("tile", "tiles"))
    tiles = _tile_qualifiers(f)
    if f.what in ("controlled_tiles", "masters"):
        return f"{one} you are master of{tiles}", f"{several} you are master of{tiles}"
    if f.what == "liverymen_on":
        if f.location == "PLANTATION":
            where = " on the plantation"
        elif f.location == "GUILDHALL":
            where = " in the Guildhall"
        else:
            where = f" on face-up {several}{tiles}"
        return f"liveryman of yours{where}", f"liverymen of yours{where}"
    if f.what == "second_place_tokens":
        return "second-place token you have", "second-place tokens you have"
    if f.what == "lm_cards":
        return "Lord Mayor card you have", "Lord Mayor cards you have"
    return "card in your hand", "cards in your hand"


# ---- Lord Mayor cards (§6.6, §9.2.6) -----------------------------------------------------------------------------


def _table(s: TableScoring) -> str:
    _, several = filter_words(s.count)
    last = len(s.vp) - 1
    steps = [f"{vp} VP for {count}" + (" or more" if count == last else "") for count, vp in enumerate(s.vp)]
    return f"by the number of {several}: {', '.join(steps)}"


def scoring_words(card: str) -> str:
    """§6.6: what a Lord Mayor card scores at the end, in words (``2 VP per guild tile you are master of …``)."""
    found = CONTENT.lord_mayor_card.get(card)
    if found is None:
        return "an unknown card"
    s = found.scoring
    if isinstance(s, PerScoring):
        return f"{s.vp_each} VP per {filter_words(s.count)[0]}"
    if isinstance(s, TableScoring):
        return _table(s)
    if isinstance(s, ThresholdScoring):
        one, several = filter_words(s.count)
        return f"{s.vp} VP for at least {s.k} {one if s.k == 1 else several}"
    one, _ = _TILE_KINDS.get(s.tiles, ("tile", "tiles"))
    return f"{s.vp_per_set} VP per set of {', '.join(SYMBOL_NAMES.get(x, x) for x in s.of)} on {one}s you are master of"


def _copies() -> dict[str, str]:
    """Each Lord Mayor card's words, identical cards told apart by which copy they are (in file order)."""
    seen: Counter[str] = Counter()
    names = {}
    for card in CONTENT.lord_mayor_cards:
        words = scoring_words(card.id)
        seen[words] += 1
        k = seen[words]
        names[card.id] = words if k == 1 else f"{words} ({ORDINALS[k - 1] if k <= len(ORDINALS) else k} copy)"
    return names


_LORD_MAYOR: dict[str, str] = _copies()


def lord_mayor_name(card: str) -> str:
    """A Lord Mayor card by what it scores (``2 VP per guild tile you are master of with an Anchor``), a
    second identical card with ``(second copy)``."""
    return _LORD_MAYOR.get(card, "an unknown Lord Mayor card")


# ---- action cards and tokens ---------------------------------------------------------------------------------------


def _told_apart(items: Sequence[tuple[str, str, str]]) -> dict[str, str]:
    """``(id, short words, what it does)``: the short words, with what it does where two share them, and a
    number where even that is alike."""
    short = Counter(words for _, words, _ in items)
    named = {item: words if short[words] == 1 else f"{words} ({does})" for item, words, does in items}
    full = Counter(named.values())
    seen: Counter[str] = Counter()
    for item, _, _ in items:
        words = named[item]
        if full[words] > 1:
            seen[words] += 1
            named[item] = f"{words}, kind {seen[words]}"
    return named


_CARDS: dict[str, str] = _told_apart(
    [(c.id, f"{symbols_words(c.symbols)} card", effects_words(c.ability)) for c in CONTENT.action_cards]
)
_TOKENS: dict[str, str] = _told_apart(
    [(t.type, effects_words(t.effects), effects_words(t.effects)) for t in CONTENT.second_place_tokens]
)


def card_name(card: str) -> str:
    """An action card by its symbol(s): ``Scythe card`` (what it does added where two types share symbols)."""
    return _CARDS.get(card, "unknown card")


def token_name(token: str) -> str:
    """A second-place token by what it gives: ``2 VP``, ``draw 1 card``."""
    return _TOKENS.get(token, "unknown token")
