"""Scoring (§7): city scoring, the King's shield (Age 2), the raid, end of Age, final score."""

from __future__ import annotations

from msgspec.structs import replace

from engines.core.scoring import ScoreEntry, ScoreSheet, rank, seat_score
from engines.core.text import plural
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


#: The ledger's categories (``city_coins_age1``) as the score sheet shows them.
_CATEGORY_WORDS: dict[str, str] = {
    "city_coins": "city coins",
    "die_income": "die income",
    "longest_wall": "longest wall",
    "shield_tie": "tied for the King's shield",
    "perfect_planning": "perfect planning",
}


def category_words(category: str) -> str:
    """A ledger category in players' words: ``city coins, Age 1``, ``tied for the King's shield``."""
    kind, _, age = category.rpartition("_age")
    if kind in _CATEGORY_WORDS and age.isdigit():
        return f"{_CATEGORY_WORDS[kind]}, Age {age}"
    return _CATEGORY_WORDS.get(category, category.replace("_", " "))


def score(s: State) -> ScoreSheet:
    """§7.4: coins (by category) − 5 per raid tile + 3 for the shield; ties are not broken."""
    seats = []
    for seat, p in enumerate(s.players):
        totals: dict[str, int] = {}
        details: dict[str, str] = {}
        for item in p.ledger:
            totals[item.category] = totals.get(item.category, 0) + item.points
            details[item.category] = item.detail
        entries = [ScoreEntry(category_words(cat), pts, details[cat]) for cat, pts in totals.items()]
        if p.shield:
            entries.append(ScoreEntry("King's shield", SHIELD_COINS, "holds the King's shield"))
        if p.raid_tiles:
            penalty = RAID_COINS * p.raid_tiles
            before = sum(e.points for e in entries)
            if not s.options.negative_scores:
                penalty = min(penalty, max(0, before))
            tiles = plural(p.raid_tiles, "raid tile")
            entries.append(ScoreEntry("raid", -penalty, f"{tiles} at −{RAID_COINS} coins each"))
        seats.append(seat_score(seat, entries))
    return rank(seats, lambda seat: (0, ""), final=s.step == "over")
