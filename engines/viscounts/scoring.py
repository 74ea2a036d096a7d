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
from engines.core.scoring import ScoreEntry, ScoreSheet, rank, score_entry, seat_score
from engines.core.text import LIST_COMMA, Message, Text, listing
from engines.viscounts.common import CONTENT, ai_board, board_slots, building_icons, cleric_icons, owned
from engines.viscounts.content import Icon, ManuscriptVp
from engines.viscounts.names import BUILDINGS as BUILDING_TYPES
from engines.viscounts.names import COUNTED, RIBBONS, vp_count, vp_words
from engines.viscounts.state import Player, State


def _category(key: str, words: str) -> Message:
    return Message(f"viscounts.score.{key}", words)


BUILDINGS = _category("buildings", "buildings")
CASTLE = _category("castle", "castle workers")
SETS = _category("sets", "manuscript sets")
MANUSCRIPTS = _category("manuscripts", "manuscripts")
LEADER = _category("leader", "Castle Leader")
CLERIC_BONUS = _category("cleric_bonus", "Cleric Bonus")
DEBTS = _category("debts", "unpaid debts")
DEEDS = _category("deeds", "acquired deeds")
APPROVED = _category("approved", "approved deeds")
POVERTY = _category("poverty", "Poverty")
PROSPERITY = _category("prosperity", "Prosperity")
AI_RESOURCES = _category("ai_resources", "AI resources")

TIER_WORDS = (COUNTED["worker_tier1"], COUNTED["worker_tier2"], COUNTED["worker_tier3"])
"""How many workers and where in the castle, by tier (1, 2, 3 = centre)."""

BUILT_COUNT = {
    kind: Message(f"viscounts.score.built_{kind}", f"{{n}} {name.english}", f"{{n}} {name.english}s")
    for kind, name in BUILDING_TYPES.items()
}
"""How many buildings of a type: ``2 Guildhalls``."""
SET_OF = Message("viscounts.score.set_of", "set of {n}: {ribbons}")
WITH_RIBBON = Message("viscounts.score.with_ribbon", "{condition} ({ribbon} ribbon)")
COUNTING = Message("viscounts.score.counting", "{condition}: {count}")
CARD_HELD = Message("viscounts.score.card_held", "card held")
RIBBON = Message("viscounts.score.ribbon", "{ribbon} ribbon")
UNPAID_DEBTS = Message("viscounts.score.unpaid_debts", "{n} unpaid debt", "{n} unpaid debts")
ACQUIRED_DEEDS = Message("viscounts.score.acquired_deeds", "{n} acquired deed", "{n} acquired deeds")
PLACES = {
    1: Message("viscounts.score.place_1", "1st"),
    2: Message("viscounts.score.place_2", "2nd"),
    3: Message("viscounts.score.place_3", "3rd"),
    4: Message("viscounts.score.place_4", "4th"),
}
"""The places an award goes to (four players at most)."""
PLACE_N = Message("viscounts.score.place_n", "{n}th")
AWARD = Message("viscounts.score.award", "{place} with {count}")
AWARD_TIED = Message("viscounts.score.award_tied", "tied {first}–{last} with {count}")
RESOURCES_LEFT = Message("viscounts.score.resources_left", "{n} resource left", "{n} resources left")
GOODS_LEFT = Message("viscounts.score.goods_left", "{n} silver and resources left")
AI_WINS_TIE = Message("viscounts.score.ai_wins_tie", "the AI wins a tie")
TIE_TO_AI = Message("viscounts.score.tie_to_ai", "a tie goes to the AI")


def ordinal(n: int) -> Text:
    """``1st``, ``2nd``, ``3rd``, ``4th`` ... for places."""
    return PLACES[n]() if n in PLACES else PLACE_N(n=n)


def is_solo(s: State) -> bool:
    """§8: a solo game is the human (seat 0) against the Cleric AI."""
    return any(p.ai for p in s.players)


# ---- §7.2 item 1: buildings ------------------------------------------------------------------------------


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
            entries.append(score_entry(BUILDINGS(), kind.vp[n - 1], BUILT_COUNT[kind.building](n=n)))
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
            entries.append(score_entry(CASTLE(), n * vp, where(n=n)))
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
        ribbons = listing([RIBBONS[CONTENT.manuscripts[m].ribbon] for m in ms], joined=LIST_COMMA)
        entries.append(score_entry(SETS(), set_vp(len(ms)), SET_OF(n=len(ms), ribbons=ribbons)))
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


def condition_words(manuscript: str, vp: ManuscriptVp, count: int) -> Text:
    """A condition line's explanation, by what the manuscript prints (its condition and ribbon, which no two
    manuscripts share) and what it counted: ``"1 VP per noble icon (yellow ribbon): 5 noble icons"``."""
    ribbon = CONTENT.manuscripts[manuscript].ribbon if manuscript in CONTENT.manuscripts else ""
    words = WITH_RIBBON(condition=vp_words(vp), ribbon=RIBBONS[ribbon]) if ribbon else vp_words(vp)
    if vp.per == "flat":
        return words
    return COUNTING(condition=words, count=vp_count(vp, count))


def manuscript_conditions(s: State, seat: int) -> list[ScoreEntry]:
    """§7.2 item 3: one line per collected manuscript with an end-game VP condition: ``amount`` VP per
    ``divisor`` counted (A-34 icon scope per ``options.icon_scope``)."""
    entries = []
    for m in s.players[seat].manuscripts:
        vp = CONTENT.manuscripts[m].vp
        if vp is not None:
            count = condition_count(s, seat, vp)
            points = vp.amount * (count // vp.divisor)
            entries.append(score_entry(MANUSCRIPTS(), points, condition_words(m, vp, count)))
    return entries


# ---- §7.2 items 4 and 5: cards, debts and deeds -------------------------------------------------------------


def leader_vp(s: State, seat: int) -> list[ScoreEntry]:
    """§7.2 item 4, §6.8: the Castle Leader card's holder scores 5 VP (the AI too, §8.3)."""
    return [score_entry(LEADER(), CONTENT.board.castle_leader_vp, CARD_HELD())] if s.castle.leader == seat else []


def cleric_bonus_vp(p: Player) -> list[ScoreEntry]:
    """§7.2 item 4, §6.8: 3 VP per Cleric Bonus card, one line per card naming its ribbon."""
    return [
        score_entry(CLERIC_BONUS(), CONTENT.board.cleric_bonus_vp, RIBBON(ribbon=RIBBONS[ribbon]))
        for ribbon in p.cleric_bonus
    ]


def debt_deed_vp(p: Player) -> list[ScoreEntry]:
    """§7.2 item 5, §6.7: unpaid debts −2 each, acquired deeds +1 each, approved deeds +3 each (paid debts
    score nothing here)."""
    board = CONTENT.board
    lines = (
        (DEBTS, p.debts, board.debt_unpaid_vp, UNPAID_DEBTS),
        (DEEDS, p.deeds, board.deed_acquired_vp, ACQUIRED_DEEDS),
        (APPROVED, p.approved, board.deed_approved_vp, COUNTED["approved_deed"]),
    )
    return [score_entry(category(), n * vp, noun(n=n)) for category, n, vp, noun in lines if n]


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


def award_words(place: tuple[int, int], count: int, noun: Message) -> Text:
    """An award line's explanation: ``"3rd with 2 approved deeds"``, ``"tied 1st–2nd with 3 paid debts"``."""
    first, last = place
    if first == last:
        return AWARD(place=ordinal(first), count=noun(n=count))
    return AWARD_TIED(first=ordinal(first), last=ordinal(last), count=noun(n=count))


def award_entries(s: State, category: Message, count: Callable[[Player], int], noun: Message) -> list[list[ScoreEntry]]:
    """Per seat, the award line of one end card (empty when it scores nothing)."""
    counts = [count(p) for p in s.players]
    got = awards(counts, s.options.players)
    return [
        [score_entry(category(), vp, award_words(place, n, noun))] if vp else []
        for vp, place, n in zip(got, places(counts), counts, strict=True)
    ]


def poverty_prosperity(s: State) -> list[list[ScoreEntry]]:
    """§7.2 items 6–7, A-03: per seat, the Poverty award (by approved deeds) and the Prosperity award (by
    paid debts), each only when its card was revealed (``s.poverty > 0``, ``s.prosperity > 0``)."""
    result: list[list[ScoreEntry]] = [[] for _ in s.players]
    if s.poverty > 0:
        for lines, got in zip(
            result, award_entries(s, POVERTY, lambda p: p.approved, COUNTED["approved_deed"]), strict=True
        ):
            lines.extend(got)
    if s.prosperity > 0:
        for lines, got in zip(
            result, award_entries(s, PROSPERITY, lambda p: p.paid, COUNTED["paid_debt"]), strict=True
        ):
            lines.extend(got)
    return result


# ---- §7.2 item 8, §8.7: the AI's resources ------------------------------------------------------------------


def ai_resource_vp(p: Player) -> list[ScoreEntry]:
    """§7.2 item 8, §8.7: the solo AI scores 1 VP per ink, gold and stone it still holds."""
    held = p.ink + p.gold + p.stone
    if not p.ai or not held:
        return []
    return [score_entry(AI_RESOURCES(), held * ai_board().vp_per_leftover_resource, RESOURCES_LEFT(n=held))]


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


def goods_tiebreak(s: State, seat: int) -> tuple[int, Text]:
    """§7.2 winner, A-14: a tie on VP goes to the most silver and resources left; still tied, shared."""
    n = goods_left(s.players[seat])
    return n, GOODS_LEFT(n=n)


def solo_tiebreak(s: State, seat: int) -> tuple[int, Text]:
    """§8.7: the human wins only with strictly more VP than the AI, so the AI wins every tie."""
    if s.players[seat].ai:
        return 1, AI_WINS_TIE()
    return 0, TIE_TO_AI()


def score(s: State) -> ScoreSheet:
    """§7.2: every seat's VP line by line, the standings and the winners; final once ``stage == "over"``,
    provisional before (§12 invariants 15 and 20: a pure function of the state)."""
    awarded = poverty_prosperity(s)
    seats = [seat_score(seat, seat_entries(s, seat, awarded[seat])) for seat in range(len(s.players))]
    tiebreak = solo_tiebreak if is_solo(s) else goods_tiebreak
    return rank(seats, lambda seat: tiebreak(s, seat), final=s.stage == "over")
