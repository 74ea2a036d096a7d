"""Scoring (§8): district costs, all five types, completion, unique-district bonuses,
tie-break by the highest character revealed in the last round."""

from __future__ import annotations

from engines.citadels.common import completed, cost, district, has, name, rank
from engines.citadels.content import TYPES
from engines.citadels.state import Player, State
from engines.core.items import HIDDEN
from engines.core.scoring import ScoreEntry, ScoreSheet, seat_score
from engines.core.scoring import rank as rank_sheet
from engines.core.text import plural

#: The score categories a player reads (a unique district's bonus is under the district's name).
DISTRICTS = "Districts"
ALL_TYPES = "One district of each type"
COMPLETION = "Completed city"


def types_in(p: Player, haunted: str) -> list[str]:
    """District types of the city, the Haunted Quarter counted as ``haunted`` (§7 #9)."""
    return [haunted if b.card == "haunted_quarter" else district(b.card).type for b in p.city]


def seat_entries(s: State, seat: int, haunted: str) -> list[ScoreEntry]:
    """§8.1 for one seat with one Haunted Quarter type choice."""
    p = s.players[seat]
    types = types_in(p, haunted)
    count = plural(len(p.city), "district")
    entries = [ScoreEntry(DISTRICTS, sum(cost(b) for b in p.city), f"{count} at their cost")]
    if set(TYPES) <= set(types):
        entries.append(ScoreEntry(ALL_TYPES, 3, "a district of each of the five types"))
    if completed(s, seat):
        if seat == s.first_completer:
            entries.append(ScoreEntry(COMPLETION, 4, "first to complete the city"))
        else:
            entries.append(ScoreEntry(COMPLETION, 2, "completed the city, not first"))
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
        out.append(ScoreEntry(name("basilica"), odd, f"{plural(odd, 'district')} with an odd cost"))
    if has(p, "capitol") and any(types.count(t) >= 3 for t in TYPES):
        out.append(ScoreEntry(name("capitol"), 3, "at least 3 districts of one type"))
    if has(p, "dragon_gate"):
        out.append(ScoreEntry(name("dragon_gate"), 2, "2 points of its own"))
    if has(p, "imperial_treasury"):
        out.append(ScoreEntry(name("imperial_treasury"), p.gold, f"{p.gold} gold in the stash"))
    if has(p, "ivory_tower") and uniques == 1:
        out.append(ScoreEntry(name("ivory_tower"), 5, "the only unique district"))
    if has(p, "map_room"):
        out.append(ScoreEntry(name("map_room"), len(p.hand), f"{plural(len(p.hand), 'card')} in hand"))
    for b in p.city:
        if b.card == "museum" and b.museum:
            out.append(ScoreEntry(name("museum"), len(b.museum), f"{plural(len(b.museum), 'card')} under it"))
    vaults = p.hand.count("secret_vault")
    if vaults:
        out.append(ScoreEntry(name("secret_vault"), 3 * vaults, "revealed from the hand"))
    if has(p, "statue") and s.crown == seat:
        out.append(ScoreEntry(name("statue"), 5, "holds the crown"))
    if has(p, "wishing_well"):
        out.append(ScoreEntry(name("wishing_well"), uniques, f"{plural(uniques, 'unique district')}"))
    return out


def best_entries(s: State, seat: int) -> list[ScoreEntry]:
    """§8.2: the Haunted Quarter takes the type that maximises its owner's total."""
    p = s.players[seat]
    if not has(p, "haunted_quarter"):
        return seat_entries(s, seat, "unique")
    options = [(sum(e.points for e in seat_entries(s, seat, t)), -i, t) for i, t in enumerate(TYPES[::-1])]
    best = max(options)[2]
    entries = seat_entries(s, seat, best)
    return [*entries, ScoreEntry(name("haunted_quarter"), 0, f"counted as a {best} district")]


def tiebreak(s: State, seat: int) -> tuple[int, str]:
    """§8.5: the highest rank this seat revealed in the last round."""
    ranks = [rank(r.character) for r in s.revealed if r.seat == seat and r.character != HIDDEN]
    if not ranks:
        return 0, "revealed no character in the last round"
    best = max(ranks)
    who = next(r.character for r in s.revealed if r.seat == seat and rank(r.character) == best)
    return best, f"revealed the {name(who)} (rank {best}) in the last round"


def score(s: State) -> ScoreSheet:
    """Provisional during the game, final once it is over."""
    seats = []
    for seat in range(len(s.players)):
        entries = best_entries(s, seat)
        seats.append(seat_score(seat, entries))
    return rank_sheet(seats, lambda seat: tiebreak(s, seat), final=s.phase == "over")
