"""Scoring (§7): city scoring, the King's shield (Age 2), the raid, end of Age, final score."""

from __future__ import annotations

import re

from msgspec.structs import replace

from engines.core.scoring import ScoreSheet, rank, score_entry, seat_score
from engines.core.text import Message, Text
from engines.walls_of_york import geometry as geo
from engines.walls_of_york.board import counts, field_mask, wall_mask
from engines.walls_of_york.state import Ledger, Player, State

LONGEST_WALL_COINS = 3
"""§7.5.2: the longest straight wall's coins, each Age."""
SHIELD_TIE_COINS = 3
"""§7.2: what the other players tied for the fewest viking tiles gain at once."""
SHIELD_COINS = 3
"""§7.4: the King's shield at the end."""
RAID_COINS = 5
"""§7.4: what each raid tile costs at the end."""


def _gain(p: Player, category: str, points: int, detail: str) -> Player:
    return replace(p, coins=p.coins + points, ledger=(*p.ledger, Ledger(category, points, detail)))


def city_scoring(s: State) -> State:
    """§7.1: coins and viking tiles for the symbols inside each city; optional longest wall."""
    players = []
    for p in s.players:
        found = counts(s.layout, field_mask(p.city))
        p = _gain(p, f"city_coins_age{s.age}", found["COINS"], f"Age {s.age}: {found['COINS']} coins in the city")
        players.append(replace(p, viking_tiles=p.viking_tiles + found["VIKINGS"]))
    if s.options.longest_wall:
        lengths = [geo.longest_wall(wall_mask(p)) for p in players]
        best = max(lengths)
        players = [
            _gain(p, f"longest_wall_age{s.age}", LONGEST_WALL_COINS, f"Age {s.age}: longest wall ({best})")
            if n == best
            else p
            for p, n in zip(players, lengths, strict=True)
        ]
    return replace(s, players=tuple(players))


def kings_shield(s: State) -> State:
    """§7.2: fewest viking tiles takes the shield; other tied players gain 3 coins at once.

    The shield goes to the tied player first clockwise from the Age-2 start roller (§5.6).
    """
    least = min(p.viking_tiles for p in s.players)
    n = len(s.players)
    start = s.age_start_roller
    tied = [seat for seat in ((start + i) % n for i in range(n)) if s.players[seat].viking_tiles == least]
    players = list(s.players)
    players[tied[0]] = replace(players[tied[0]], shield=True)
    for seat in tied[1:]:
        detail = f"tied for fewest viking tiles: +{SHIELD_TIE_COINS} coins"
        players[seat] = _gain(players[seat], "shield_tie", SHIELD_TIE_COINS, detail)
    return replace(s, players=tuple(players))


def raid(s: State) -> State:
    """§7.3: every player with the most viking tiles (if any) flips one to a raid tile."""
    most = max(p.viking_tiles for p in s.players)
    if most == 0:
        return s
    players = tuple(
        replace(p, raid_tiles=p.raid_tiles + 1, viking_tiles=0) if p.viking_tiles == most else p for p in s.players
    )
    return replace(s, players=players)


def end_of_age(s: State) -> State:
    """City scoring (+ shield in Age 2), raid, then clear the walls (§4.7) or end the game."""
    s = city_scoring(s)
    if s.age == 2:
        s = kings_shield(s)
    s = raid(s)
    if s.age == 2:
        return replace(s, step="over")
    players = tuple(replace(p, walls=(), city=(), open=True, decided=False, selection=()) for p in s.players)
    walls_back = sum(len(p.walls) for p in s.players)
    return replace(s, players=players, age=2, step="decree", turn=0, supply_walls=s.supply_walls + walls_back)


#: The ledger's categories of an Age (``city_coins_age1``) as the score sheet shows them.
_AGE_CATEGORIES: dict[str, Message] = {
    "city_coins": Message("walls_of_york.score.city_coins", "city coins, Age {age}"),
    "die_income": Message("walls_of_york.score.die_income", "die income, Age {age}"),
    "longest_wall": Message("walls_of_york.score.longest_wall", "longest wall, Age {age}"),
}
#: The ledger's other categories as the score sheet shows them.
_CATEGORIES: dict[str, Message] = {
    "shield_tie": Message("walls_of_york.score.shield_tie", "tied for the King's shield"),
    "perfect_planning": Message("walls_of_york.score.perfect_planning", "perfect planning"),
}
OTHER_CATEGORY = Message("walls_of_york.score.other", "{category}")
"""A category the engine never writes (only a corrupted ledger holds one), shown by its code."""


def category_words(category: str) -> Text:
    """A ledger category in players' words: ``city coins, Age 1``, ``tied for the King's shield``."""
    kind, _, age = category.rpartition("_age")
    if kind in _AGE_CATEGORIES and age.isdigit():
        return _AGE_CATEGORIES[kind](age=int(age))
    if category in _CATEGORIES:
        return _CATEGORIES[category]()
    return OTHER_CATEGORY(category=category.replace("_", " "))


CITY_COINS_DETAIL = Message(
    "walls_of_york.score.city_coins_detail", "Age {age}: {n} coins in the city", "Age {age}: {n} coins in the city"
)
DIE_INCOME_DETAIL = Message("walls_of_york.score.die_income_detail", "Age {age}: die income while closed")
LONGEST_WALL_DETAIL = Message("walls_of_york.score.longest_wall_detail", "Age {age}: longest wall ({length})")
PERFECT_PLANNING_DETAIL = Message(
    "walls_of_york.score.perfect_planning_detail", "Age {age}: closed without removing a piece"
)
SHIELD_TIE_DETAIL = Message("walls_of_york.score.shield_tie_detail", "tied for fewest viking tiles: +{coins} coins")
OTHER_DETAIL = Message("walls_of_york.score.other_detail", "{detail}")
"""A detail the engine never writes (only a corrupted ledger holds one), shown as it is."""
SHIELD = Message("walls_of_york.score.shield", "King's shield")
SHIELD_DETAIL = Message("walls_of_york.score.shield_detail", "holds the King's shield")
RAID = Message("walls_of_york.score.raid", "raid")
RAID_TILES = Message("walls_of_york.count.raid_tiles", "{n} raid tile", "{n} raid tiles")
RAID_DETAIL = Message("walls_of_york.score.raid_detail", "{tiles} at −{coins} coins each")

#: The details the ledger holds (written by the rules: ``Age 1: 7 coins in the city``), read back.
_DETAILS: tuple[tuple[re.Pattern[str], Message], ...] = (
    (re.compile(r"Age (?P<age>\d+): (?P<n>\d+) coins in the city"), CITY_COINS_DETAIL),
    (re.compile(r"Age (?P<age>\d+): die income while closed"), DIE_INCOME_DETAIL),
    (re.compile(r"Age (?P<age>\d+): longest wall \((?P<length>\d+)\)"), LONGEST_WALL_DETAIL),
    (re.compile(r"Age (?P<age>\d+): closed without removing a piece"), PERFECT_PLANNING_DETAIL),
    (re.compile(r"tied for fewest viking tiles: \+(?P<coins>\d+) coins"), SHIELD_TIE_DETAIL),
)


def detail_words(detail: str) -> Text:
    """A ledger line's detail as a text (the rules write it in English: ``Age 1: 7 coins in the city``)."""
    for pattern, message in _DETAILS:
        found = pattern.fullmatch(detail)
        if found is not None:
            return message(**{name: int(value) for name, value in found.groupdict().items()})
    return OTHER_DETAIL(detail=detail)


def score(s: State) -> ScoreSheet:
    """§7.4: coins (by category) − 5 per raid tile + 3 for the shield; ties are not broken."""
    seats = []
    for seat, p in enumerate(s.players):
        totals: dict[str, int] = {}
        details: dict[str, str] = {}
        for item in p.ledger:
            totals[item.category] = totals.get(item.category, 0) + item.points
            details[item.category] = item.detail
        entries = [score_entry(category_words(cat), pts, detail_words(details[cat])) for cat, pts in totals.items()]
        if p.shield:
            entries.append(score_entry(SHIELD(), SHIELD_COINS, SHIELD_DETAIL()))
        if p.raid_tiles:
            penalty = RAID_COINS * p.raid_tiles
            before = sum(e.points for e in entries)
            if not s.options.negative_scores:
                penalty = min(penalty, max(0, before))
            detail = RAID_DETAIL(tiles=RAID_TILES(n=p.raid_tiles), coins=RAID_COINS)
            entries.append(score_entry(RAID(), -penalty, detail))
        seats.append(seat_score(seat, entries))
    return rank(seats, lambda seat: (0, ""), final=s.step == "over")
