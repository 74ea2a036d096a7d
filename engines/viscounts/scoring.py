"""Final scoring (§7) and the score sheet.

No VP are scored during play (§7.1, §12 invariant 20): ``score`` reads the state and nothing else, so a
running game gets a provisional sheet by the same rules and a finished one (``stage == "over"``) the
final sheet. Every source of points is its own line (one per building type, castle tier, manuscript set,
manuscript condition, Cleric Bonus card, award ...), so the breakdown names every point and the lines
always sum to the total. Values come from the content (board, castle, manuscripts, AI board).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from engines.core.items import HIDDEN
from engines.core.scoring import ScoreEntry, ScoreSheet, rank, seat_score
from engines.viscounts.common import CONTENT, ai_board, board_slots, building_icons, cleric_icons, owned
from engines.viscounts.content import Icon, ManuscriptVp
from engines.viscounts.names import vp_noun, vp_words
from engines.viscounts.state import Player, State

BUILDINGS = "buildings"
CASTLE = "castle workers"
SETS = "manuscript sets"
MANUSCRIPTS = "manuscripts"
LEADER = "Castle Leader"
CLERIC_BONUS = "Cleric Bonus"
DEBTS = "unpaid debts"
DEEDS = "acquired deeds"
APPROVED = "approved deeds"
POVERTY = "Poverty"
PROSPERITY = "Prosperity"
AI_RESOURCES = "AI resources"

TIER_WORDS = ("on tier 1", "on tier 2", "in the centre")
"""How a worker's place in the castle is named, by tier (1, 2, 3 = centre)."""


def plural(n: int, noun: str) -> str:
    """``n`` and ``noun``, with an ``s`` unless ``n`` is 1 (``"2 Guildhalls"``, ``"1 worker"``)."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th`` ... for places."""
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(n if n < 20 else n % 10, "th")
    return f"{n}{suffix}"


def is_solo(s: State) -> bool:
    """§8: a solo game is the human (seat 0) against the Cleric AI."""
    return any(p.ai for p in s.players)


# ---- §7.2 item 1: buildings ------------------------------------------------------------------------------


def building_name(building: str) -> str:
    """A building type's name for the breakdown (``trading_post`` -> ``Trading Post``)."""
    return building.replace("_", " ").title()


def buildings_built(p: Player) -> Counter[str]:
    """How many buildings of each type the player has constructed (A-29: VP go by count per type)."""
    slots = {slot.id: slot.building for slot in board_slots(p)}
    return Counter(slots[built] for built in p.built)


def building_vp(p: Player) -> list[ScoreEntry]:
    """§7.2 item 1, §6.9: per building type, the VP for how many of that type are built (Trading Posts
    4/9/15, Guildhalls 6/13/21, Workshops 2/5/9); one line per type built (T-SCORE-4)."""
    counts = buildings_built(p)
    entries = []
    for kind in CONTENT.board.building_types:
        n = counts[kind.building]
        if n:
            entries.append(ScoreEntry(BUILDINGS, kind.vp[n - 1], plural(n, building_name(kind.building))))
    return entries


# ---- §7.2 item 2: castle workers ---------------------------------------------------------------------------


def workers_by_tier(s: State, seat: int) -> tuple[int, int, int]:
    """The seat's workers in the castle on tier 1, tier 2 and the centre (tier 3)."""
    castle = s.castle
    return (
        sum(section[seat] for section in castle.tier1),
        sum(section[seat] for section in castle.tier2),
        castle.centre[seat],
    )


def castle_vp(s: State, seat: int) -> list[ScoreEntry]:
    """§7.2 item 2, §6.10: each worker scores its tier's VP (1, 2, 3 for the centre); one line per tier."""
    entries = []
    for n, vp, where in zip(workers_by_tier(s, seat), CONTENT.castle.worker_vp, TIER_WORDS, strict=True):
        if n:
            entries.append(ScoreEntry(CASTLE, n * vp, f"{plural(n, 'worker')} {where}"))
    return entries


# ---- §7.2 item 3: manuscripts -----------------------------------------------------------------------------


def manuscript_sets(manuscripts: Sequence[str]) -> list[tuple[str, ...]]:
    """§7.2 item 3: split the collected manuscripts into sets of different ribbons greedily, each set
    taking one manuscript (the earliest collected) of every ribbon still left. The greedy sizes majorize
    any other partition's, so Σ size² is the maximum (§12 invariant 15, T-SCORE-3)."""
    order = {ribbon: i for i, ribbon in enumerate(CONTENT.board.ribbons)}
    left: dict[str, list[str]] = {}
    for m in manuscripts:
        left.setdefault(CONTENT.manuscripts[m].ribbon, []).append(m)
    sets = []
    while any(left.values()):
        ribbons = sorted((r for r, ms in left.items() if ms), key=lambda r: order.get(r, len(order)))
        sets.append(tuple(left[r].pop(0) for r in ribbons))
    return sets


def set_vp(size: int) -> int:
    """§7.2 item 3: a set of 1/2/3/4 different ribbons scores 1/4/9/16 (board ``set_vp``)."""
    return CONTENT.board.set_vp[size]


def set_entries(p: Player) -> list[ScoreEntry]:
    """§7.2 item 3: one line per manuscript set, naming its ribbons (T-SETS-1)."""
    entries = []
    for ms in manuscript_sets(p.manuscripts):
        ribbons = ", ".join(CONTENT.manuscripts[m].ribbon for m in ms)
        detail = f"set of {len(ms)}: {ribbons}"
        entries.append(ScoreEntry(SETS, set_vp(len(ms)), detail))
    return entries


def scheme_icons(where: Sequence[str]) -> list[Icon]:
    """The header icons of the AI's scheme cards ``where`` (its analogue of townsfolk icons, §8.2)."""
    return [icon for c in where if c in CONTENT.schemes for icon in CONTENT.schemes[c].header_icons]


def card_icons(s: State, seat: int) -> list[Icon]:
    """A-34: icons on the cards counted by icon conditions: every owned townsfolk card (``owned``), or
    only the cards in the board slots (``board``). [REC] The AI counts its scheme cards the same way."""
    p = s.players[seat]
    if p.ai:
        slots = [c for c in p.slots if c]
        every = [*p.draw, *p.discard, *slots]
        return scheme_icons(slots if s.options.icon_scope == "board" else every)
    cards = [c for c in p.slots if c] if s.options.icon_scope == "board" else list(owned(p))
    return [icon for c in cards if c != HIDDEN for icon in CONTENT.townsfolk[c].icons]


def scoring_icons(s: State, seat: int) -> Counter[str]:
    """§7.2 item 3, A-34, A-22: the icons an end-game icon condition counts: the cards of ``card_icons``,
    the icons revealed by constructed buildings and the Cleric Bonus icons (never the printed starting
    icons, covered by then); criminal icons are not wild, conversions do not apply."""
    p = s.players[seat]
    return Counter([*card_icons(s, seat), *building_icons(p), *cleric_icons(p)])


def condition_count(s: State, seat: int, vp: ManuscriptVp) -> int:
    """§7.2 item 3: what a manuscript's end-game condition counts for ``seat`` (``deed`` counts every deed
    held, acquired and approved; ``resource_held`` ink, gold and stone)."""
    p = s.players[seat]
    if vp.per.startswith("icon_"):
        return scoring_icons(s, seat)[vp.per.removeprefix("icon_")]
    tiers = workers_by_tier(s, seat)
    counts = {
        "building": len(p.built),
        "paid_debt": p.paid,
        "approved_deed": p.approved,
        "deed": p.deeds + p.approved,
        "resource_held": p.ink + p.gold + p.stone,
        "worker_tier1": tiers[0],
        "worker_tier2": tiers[1],
        "worker_tier3": tiers[2],
        "flat": 1,
    }
    return counts[vp.per]


def condition_words(manuscript: str, vp: ManuscriptVp, count: int) -> str:
    """A condition line's explanation, by what the manuscript prints (its condition and ribbon, which no two
    manuscripts share) and what it counted: ``"1 VP per noble icon (yellow ribbon): 5 noble icons"``."""
    ribbon = CONTENT.manuscripts[manuscript].ribbon if manuscript in CONTENT.manuscripts else ""
    words = f"{vp_words(vp)} ({ribbon} ribbon)" if ribbon else vp_words(vp)
    if vp.per == "flat":
        return words
    noun, after = vp_noun(vp)
    return f"{words}: {plural(count, noun)}{after}"


def manuscript_conditions(s: State, seat: int) -> list[ScoreEntry]:
    """§7.2 item 3: one line per collected manuscript with an end-game VP condition: ``amount`` VP per
    ``divisor`` counted (A-34 icon scope per ``options.icon_scope``)."""
    entries = []
    for m in s.players[seat].manuscripts:
        vp = CONTENT.manuscripts[m].vp
        if vp is not None:
            count = condition_count(s, seat, vp)
            entries.append(ScoreEntry(MANUSCRIPTS, vp.amount * (count // vp.divisor), condition_words(m, vp, count)))
    return entries


# ---- §7.2 items 4 and 5: cards, debts and deeds -------------------------------------------------------------


def leader_vp(s: State, seat: int) -> list[ScoreEntry]:
    """§7.2 item 4, §6.8: the Castle Leader card's holder scores 5 VP (the AI too, §8.3)."""
    return [ScoreEntry(LEADER, CONTENT.board.castle_leader_vp, "card held")] if s.castle.leader == seat else []


def cleric_bonus_vp(p: Player) -> list[ScoreEntry]:
    """§7.2 item 4, §6.8: 3 VP per Cleric Bonus card, one line per card naming its ribbon."""
    return [ScoreEntry(CLERIC_BONUS, CONTENT.board.cleric_bonus_vp, f"{ribbon} ribbon") for ribbon in p.cleric_bonus]


def debt_deed_vp(p: Player) -> list[ScoreEntry]:
    """§7.2 item 5, §6.7: unpaid debts −2 each, acquired deeds +1 each, approved deeds +3 each (paid debts
    score nothing here)."""
    board = CONTENT.board
    lines = (
        (DEBTS, p.debts, board.debt_unpaid_vp, "unpaid debt"),
        (DEEDS, p.deeds, board.deed_acquired_vp, "acquired deed"),
        (APPROVED, p.approved, board.deed_approved_vp, "approved deed"),
    )
    return [ScoreEntry(category, n * vp, plural(n, noun)) for category, n, vp, noun in lines if n]


# ---- §7.2 items 6 and 7: Poverty and Prosperity ------------------------------------------------------------


def award_values(players: int) -> tuple[int, ...]:
    """§7.2 item 6: 12/8/4 with three or more players; 12/4 below (a solo game counts as two)."""
    return CONTENT.board.awards_3plus if players >= 3 else CONTENT.board.awards_2


def places(counts: Sequence[int]) -> list[tuple[int, int]]:
    """§7.2 item 6: per seat, the first and last place its group occupies when the seats with a count of
    at least 1 are ranked by count, descending (tied seats share their places); ``(0, 0)`` for a count of
    0, which takes no place (T-SCORE-6)."""
    result = []
    for n in counts:
        if n < 1:
            result.append((0, 0))
            continue
        first = 1 + sum(1 for other in counts if other > n)
        result.append((first, first + counts.count(n) - 1))
    return result


def awards(counts: Sequence[int], players: int) -> tuple[int, ...]:
    """§7.2 items 6–7, the exact split: each group of tied seats adds up the awards of the places it
    occupies (places beyond the last award are worth 0) and splits the sum evenly (rounded down; every
    base-game tie divides exactly). T-SCORE-2, T-SCORE-5, §12 invariant 15."""
    values = award_values(players)
    result = []
    for first, last in places(counts):
        pool = sum(values[i - 1] for i in range(first, last + 1) if 0 < i <= len(values))
        result.append(pool // (last - first + 1) if first else 0)
    return tuple(result)


def award_words(place: tuple[int, int], count: int, noun: str) -> str:
    """An award line's explanation: ``"3rd with 2 approved deeds"``, ``"tied 1st–2nd with 3 paid debts"``."""
    first, last = place
    where = ordinal(first) if first == last else f"tied {ordinal(first)}–{ordinal(last)}"
    return f"{where} with {plural(count, noun)}"


def award_entries(s: State, category: str, count: Callable[[Player], int], noun: str) -> list[list[ScoreEntry]]:
    """Per seat, the award line of one end card (empty when it scores nothing)."""
    counts = [count(p) for p in s.players]
    got = awards(counts, s.options.players)
    return [
        [ScoreEntry(category, vp, award_words(place, n, noun))] if vp else []
        for vp, place, n in zip(got, places(counts), counts, strict=True)
    ]


def poverty_prosperity(s: State) -> list[list[ScoreEntry]]:
    """§7.2 items 6–7, A-03: per seat, the Poverty award (by approved deeds) and the Prosperity award (by
    paid debts), each only when its card was revealed (``s.poverty > 0``, ``s.prosperity > 0``)."""
    result: list[list[ScoreEntry]] = [[] for _ in s.players]
    if s.poverty > 0:
        for lines, got in zip(result, award_entries(s, POVERTY, lambda p: p.approved, "approved deed"), strict=True):
            lines.extend(got)
    if s.prosperity > 0:
        for lines, got in zip(result, award_entries(s, PROSPERITY, lambda p: p.paid, "paid debt"), strict=True):
            lines.extend(got)
    return result


# ---- §7.2 item 8, §8.7: the AI's resources ------------------------------------------------------------------


def ai_resource_vp(p: Player) -> list[ScoreEntry]:
    """§7.2 item 8, §8.7: the solo AI scores 1 VP per ink, gold and stone it still holds."""
    held = p.ink + p.gold + p.stone
    if not p.ai or not held:
        return []
    return [ScoreEntry(AI_RESOURCES, held * ai_board().vp_per_leftover_resource, plural(held, "resource") + " left")]


# ---- the score sheet -------------------------------------------------------------------------------------------


def seat_entries(s: State, seat: int, awarded: Sequence[ScoreEntry]) -> list[ScoreEntry]:
    """§7.2 items 1–8 for one seat, in the order of §7.2."""
    p = s.players[seat]
    return [
        *building_vp(p),
        *castle_vp(s, seat),
        *set_entries(p),
        *manuscript_conditions(s, seat),
        *leader_vp(s, seat),
        *cleric_bonus_vp(p),
        *debt_deed_vp(p),
        *awarded,
        *ai_resource_vp(p),
    ]


def goods_left(p: Player) -> int:
    """A-14: silver + ink + gold + stone left (the AI's banked silver counts as silver, A-27)."""
    return p.silver + p.bank + p.ink + p.gold + p.stone


def goods_tiebreak(s: State, seat: int) -> tuple[int, str]:
    """§7.2 winner, A-14: a tie on VP goes to the most silver and resources left; still tied, shared."""
    n = goods_left(s.players[seat])
    return n, f"{n} silver and resources left"


def solo_tiebreak(s: State, seat: int) -> tuple[int, str]:
    """§8.7: the human wins only with strictly more VP than the AI, so the AI wins every tie."""
    if s.players[seat].ai:
        return 1, "the AI wins a tie"
    return 0, "a tie goes to the AI"


def score(s: State) -> ScoreSheet:
    """§7.2: every seat's VP line by line, the standings and the winners; final once ``stage == "over"``,
    provisional before (§12 invariants 15 and 20: a pure function of the state)."""
    awarded = poverty_prosperity(s)
    seats = [seat_score(seat, seat_entries(s, seat, awarded[seat])) for seat in range(len(s.players))]
    tiebreak = solo_tiebreak if is_solo(s) else goods_tiebreak
    return rank(seats, lambda seat: tiebreak(s, seat), final=s.stage == "over")
