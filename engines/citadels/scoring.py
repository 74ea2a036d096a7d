"""Scoring (§8): district costs, all five types, completion, unique-district bonuses,
tie-break by the highest character revealed in the last round."""

from __future__ import annotations

from engines.citadels.common import completed, cost, district, has, rank
from engines.citadels.content import TYPES
from engines.citadels.naming import CARDS, DISTRICT_TYPES, DISTRICTS, DISTRICTS_COUNT, TYPE_DISTRICTS, thing
from engines.citadels.state import Player, State
from engines.core.items import HIDDEN
from engines.core.scoring import ScoreEntry, ScoreSheet, score_entry, seat_score
from engines.core.scoring import rank as rank_sheet
from engines.core.text import Message, Text

#: The score categories a player reads (a unique district's bonus is under the district's name).
BUILT = Message("citadels.score.districts", "Districts")
ALL_TYPES = Message("citadels.score.all_types", "One district of each type")
COMPLETION = Message("citadels.score.completion", "Completed city")
AT_COST = Message("citadels.score.at_cost", "{districts} at their cost")
EACH_TYPE = Message("citadels.score.each_type", "a district of each of the five types")
FIRST = Message("citadels.score.first", "first to complete the city")
NOT_FIRST = Message("citadels.score.not_first", "completed the city, not first")
ODD_COST = Message("citadels.score.odd_cost", "{districts} with an odd cost")
THREE_OF_A_TYPE = Message("citadels.score.three_of_a_type", "at least 3 districts of one type")
OWN_POINTS = Message("citadels.score.own_points", "2 points of its own")
STASH = Message("citadels.score.stash", "{gold} gold in the stash")
ONLY_UNIQUE = Message("citadels.score.only_unique", "the only unique district")
IN_HAND = Message("citadels.score.in_hand", "{cards} in hand")
UNDER_IT = Message("citadels.score.under_it", "{cards} under it")
FROM_HAND = Message("citadels.score.from_hand", "revealed from the hand")
HOLDS_CROWN = Message("citadels.score.holds_crown", "holds the crown")
UNIQUES = Message("citadels.score.uniques", "{districts}")
COUNTED_AS = Message("citadels.score.counted_as", "counted as a {district_type} district")
NO_REVEAL = Message("citadels.score.no_reveal", "revealed no character in the last round")
REVEALED = Message("citadels.score.revealed", "revealed the {character} (rank {rank}) in the last round")


def _bonus(card: str, points: int, detail: Text) -> ScoreEntry:
    """A unique district's bonus, under the district's name."""
    return score_entry(DISTRICTS[card].text, points, detail)


def types_in(p: Player, haunted: str) -> list[str]:
    """District types of the city, the Haunted Quarter counted as ``haunted`` (§7 #9)."""
    return [haunted if b.card == "haunted_quarter" else district(b.card).type for b in p.city]


def seat_entries(s: State, seat: int, haunted: str) -> list[ScoreEntry]:
    """§8.1 for one seat with one Haunted Quarter type choice."""
    p = s.players[seat]
    types = types_in(p, haunted)
    count = DISTRICTS_COUNT(n=len(p.city))
    entries = [score_entry(BUILT(), sum(cost(b) for b in p.city), AT_COST(districts=count))]
    if set(TYPES) <= set(types):
        entries.append(score_entry(ALL_TYPES(), 3, EACH_TYPE()))
    if completed(s, seat):
        if seat == s.first_completer:
            entries.append(score_entry(COMPLETION(), 4, FIRST()))
        else:
            entries.append(score_entry(COMPLETION(), 2, NOT_FIRST()))
    entries += unique_bonuses(s, seat, types)
    return entries


def unique_bonuses(s: State, seat: int, types: list[str]) -> list[ScoreEntry]:
    """Basilica, Capitol, Dragon Gate, Imperial Treasury, Ivory Tower, Map Room, Museum,
    Secret Vault (from hand), Statue, Wishing Well (§7)."""
    p = s.players[seat]
    out: list[ScoreEntry] = []
    uniques = types.count("unique")
    if has(p, "basilica"):
        odd = sum(1 for b in p.city if cost(b) % 2 == 1)
        out.append(_bonus("basilica", odd, ODD_COST(districts=DISTRICTS_COUNT(n=odd))))
    if has(p, "capitol") and any(types.count(t) >= 3 for t in TYPES):
        out.append(_bonus("capitol", 3, THREE_OF_A_TYPE()))
    if has(p, "dragon_gate"):
        out.append(_bonus("dragon_gate", 2, OWN_POINTS()))
    if has(p, "imperial_treasury"):
        out.append(_bonus("imperial_treasury", p.gold, STASH(gold=p.gold)))
    if has(p, "ivory_tower") and uniques == 1:
        out.append(_bonus("ivory_tower", 5, ONLY_UNIQUE()))
    if has(p, "map_room"):
        out.append(_bonus("map_room", len(p.hand), IN_HAND(cards=CARDS(n=len(p.hand)))))
    for b in p.city:
        if b.card == "museum" and b.museum:
            out.append(_bonus("museum", len(b.museum), UNDER_IT(cards=CARDS(n=len(b.museum)))))
    vaults = p.hand.count("secret_vault")
    if vaults:
        out.append(_bonus("secret_vault", 3 * vaults, FROM_HAND()))
    if has(p, "statue") and s.crown == seat:
        out.append(_bonus("statue", 5, HOLDS_CROWN()))
    if has(p, "wishing_well"):
        count = TYPE_DISTRICTS(n=uniques, district_type=DISTRICT_TYPES["unique"])
        out.append(_bonus("wishing_well", uniques, UNIQUES(districts=count)))
    return out


def best_entries(s: State, seat: int) -> list[ScoreEntry]:
    """§8.2: the Haunted Quarter takes the type that maximises its owner's total."""
    p = s.players[seat]
    if not has(p, "haunted_quarter"):
        return seat_entries(s, seat, "unique")
    options = [(sum(e.points for e in seat_entries(s, seat, t)), -i, t) for i, t in enumerate(TYPES[::-1])]
    best = max(options)[2]
    entries = seat_entries(s, seat, best)
    return [*entries, _bonus("haunted_quarter", 0, COUNTED_AS(district_type=DISTRICT_TYPES[best]))]


def tiebreak(s: State, seat: int) -> tuple[int, Text]:
    """§8.5: the highest rank this seat revealed in the last round."""
    ranks = [rank(r.character) for r in s.revealed if r.seat == seat and r.character != HIDDEN]
    if not ranks:
        return 0, NO_REVEAL()
    best = max(ranks)
    who = next(r.character for r in s.revealed if r.seat == seat and rank(r.character) == best)
    return best, REVEALED(character=thing(who), rank=best)


def score(s: State) -> ScoreSheet:
    """Provisional during the game, final once it is over."""
    seats = []
    for seat in range(len(s.players)):
        entries = best_entries(s, seat)
        seats.append(seat_score(seat, entries))
    return rank_sheet(seats, lambda seat: tiebreak(s, seat), final=s.phase == "over")
