"""Citadels content: characters, districts and preset casts, loaded from ``data/`` (§2, §10.3).

The loader enforces the spec's validation rules V1–V4 so a content pack cannot silently
break the game.
"""

from __future__ import annotations

from collections import Counter
from functools import cached_property
from pathlib import Path
from typing import Literal

import msgspec

from engines.core.content import ContentError, Provenance, load, pack_dir

DATA_DIR = Path(__file__).parent / "data"

DistrictType = Literal["noble", "religious", "trade", "military", "unique"]
TYPES: tuple[str, ...] = ("noble", "religious", "trade", "military", "unique")


class Income(msgspec.Struct, frozen=True, gc=False):
    """A character's income: one ``resource`` per district of ``district_type``."""

    district_type: DistrictType
    resource: Literal["gold", "cards", "either"]


class Character(msgspec.Struct, frozen=True, gc=False):
    """One of the 27 character cards (§2.1, §10.3 characters table)."""

    id: str
    rank: int
    name_en: str
    name_hu: str
    origin: str
    income: Income | None
    build_limit: int
    crown: Literal["none", "take", "give"]
    min_players: int
    ability: str | None
    provenance: Provenance
    source: str
    #: What the character does, in one plain English line (shown when a player picks it); a
    #: content pack's file may leave it out.
    text_en: str = ""


class District(msgspec.Struct, frozen=True, gc=False):
    """A district card kind; ``copies`` instances are in the deck (§2.3, §2.4)."""

    id: str
    name_en: str
    name_hu: str | None
    type: DistrictType
    cost: int | None
    copies: int
    effect: str | None
    buildable: bool
    provenance: Provenance
    source: str
    #: What a unique district does, in one plain English line (shown when a player builds it);
    #: empty for basic districts, and a content pack's file may leave it out.
    text_en: str = ""


class Preset(msgspec.Struct, frozen=True, gc=False):
    """A rulebook cast with its 14 unique districts (§10.4)."""

    id: str
    name_en: str
    name_hu: str | None
    characters: list[str]
    rank9: str | None
    uniques: list[str]
    provenance: Provenance
    source: str


class Limits(msgspec.Struct, frozen=True, gc=False):
    """The table's finite size: the coins in the bank and the most rounds a game may last.

    The rules' bank is unlimited; a finite one far larger than any game needs keeps every stash,
    score and counter bounded (a gain takes what the bank still holds).
    """

    bank_gold: int
    rounds: int
    provenance: Provenance
    source: str


class _Characters(msgspec.Struct):
    characters: list[Character]


class _Districts(msgspec.Struct):
    districts: list[District]


class _Presets(msgspec.Struct):
    presets: list[Preset]


class _Limits(msgspec.Struct):
    limits: Limits


class Content(msgspec.Struct, frozen=True, dict=True):
    """All Citadels content, validated; lookups by id."""

    characters: tuple[Character, ...]
    districts: tuple[District, ...]
    presets: tuple[Preset, ...]
    limits: Limits

    @cached_property
    def character(self) -> dict[str, Character]:
        return {c.id: c for c in self.characters}

    @cached_property
    def district(self) -> dict[str, District]:
        return {d.id: d for d in self.districts}

    @cached_property
    def preset(self) -> dict[str, Preset]:
        return {p.id: p for p in self.presets}

    @cached_property
    def basic_deck(self) -> tuple[str, ...]:
        """The 54 basic district cards, one id per physical card, sorted."""
        return tuple(sorted(d.id for d in self.districts if d.type != "unique" for _ in range(d.copies)))

    @cached_property
    def unique_ids(self) -> tuple[str, ...]:
        return tuple(d.id for d in self.districts if d.type == "unique")

    @cached_property
    def deck_size(self) -> int:
        """The district cards of a game: the basic deck and 14 unique districts (R-3.1.5)."""
        return len(self.basic_deck) + 14


#: Limits: the bank holds at least the starting gold of 8 players (2 each, §3.2) …
MIN_BANK_GOLD = 16
#: … and at most this much, so that stashes and scores stay far inside a 32-bit integer.
MAX_COUNT = 100_000_000
#: A character's or district's ``text_en`` fits on one line of a menu.
MAX_TEXT = 90


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise ContentError(message)


def validate_content(content: Content) -> Content:
    """Rules V1–V4 of spec §10.3, and the table's limits (a bank for every seat's starting gold)."""
    chars = content.characters
    _check(len(chars) == 27, f"V1: expected 27 characters, found {len(chars)}")
    _check(len({c.id for c in chars}) == 27, "V1: character ids are not unique")
    per_rank = Counter(c.rank for c in chars)
    _check(all(per_rank[r] == 3 for r in range(1, 10)), f"V1: need 3 characters per rank 1..9: {dict(per_rank)}")
    basic = [d for d in content.districts if d.type != "unique"]
    _check(len(basic) == 17, f"V2: expected 17 basic district kinds, found {len(basic)}")
    _check(sum(d.copies for d in basic) == 54, "V2: the basic deck must hold 54 cards")
    per_type = Counter({t: 0 for t in TYPES[:4]})
    for d in basic:
        per_type[d.type] += d.copies
        _check(d.effect is None and d.cost is not None, f"V2: basic district {d.id} needs a cost and no effect")
    _check(
        dict(per_type) == {"noble": 12, "religious": 11, "trade": 20, "military": 11},
        f"V2: basic cards per type must be noble 12, religious 11, trade 20, military 11: {dict(per_type)}",
    )
    _check(sum((d.cost or 0) * d.copies for d in basic) == 152, "V2: total printed basic cost must be 152")
    uniques = [d for d in content.districts if d.type == "unique"]
    _check(len(uniques) == 30, f"V2: expected 30 unique districts, found {len(uniques)}")
    for d in uniques:
        _check(d.copies == 1 and d.effect is not None, f"V2: unique district {d.id} needs 1 copy and an effect")
        if d.buildable:
            _check(d.cost is not None and 1 <= d.cost <= 6, f"V2: {d.id} cost must be 1..6")
        else:
            _check(d.cost is None, f"V2: unbuildable {d.id} has no cost")
    for d in basic:
        _check(not d.text_en, f"V2: basic district {d.id} has no effect to describe in text_en")
    texts = [(c.id, c.text_en) for c in chars] + [(d.id, d.text_en) for d in uniques]
    long_texts = [item for item, words in texts if len(words) > MAX_TEXT]
    _check(not long_texts, f"text_en: at most {MAX_TEXT} characters: {long_texts}")
    ids = [d.id for d in content.districts]
    _check(len(set(ids)) == len(ids), "V3: district ids are not unique")
    names = [d.name_en for d in content.districts]
    _check(len(set(names)) == len(names), "V3: English district names are not unique")
    by_id = {c.id: c for c in chars}
    unique_ids = {d.id for d in uniques}
    for p in content.presets:
        ranks = [by_id[c].rank if c in by_id else 0 for c in p.characters]
        _check(ranks == list(range(1, 9)), f"V4: preset {p.id} must list ranks 1..8 in order")
        _check(p.rank9 is None or (p.rank9 in by_id and by_id[p.rank9].rank == 9), f"V4: preset {p.id} rank 9")
        _check(len(set(p.uniques)) == 14 and set(p.uniques) <= unique_ids, f"V4: preset {p.id} needs 14 uniques")
    limits = content.limits
    _check(
        MIN_BANK_GOLD <= limits.bank_gold <= MAX_COUNT and 1 <= limits.rounds <= MAX_COUNT,
        f"limits: bank_gold must be {MIN_BANK_GOLD}..{MAX_COUNT} and rounds 1..{MAX_COUNT}",
    )
    return content


def load_content(pack: Path | None = None) -> Content:
    """Load and validate the shipped content, or a content pack's replacement files."""
    chars = load(DATA_DIR, "characters.json", _Characters, pack).characters
    dists = load(DATA_DIR, "districts.json", _Districts, pack).districts
    presets = load(DATA_DIR, "presets.json", _Presets, pack).presets
    limits = load(DATA_DIR, "limits.json", _Limits, pack).limits
    return validate_content(Content(tuple(chars), tuple(dists), tuple(presets), limits))


#: The content in force, loaded once at import: a configured pack's, else the shipped files
#: (immutable data, not mutable global state).
CONTENT = load_content(pack_dir("citadels"))
