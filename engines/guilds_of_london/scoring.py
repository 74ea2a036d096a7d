"""Final scoring (§7.5) and the score sheet.

Every VP a player gains during play is a line of their ledger (a category and the tile, token, card or
plantation side it came from). Final scoring clears the unresolved tiles, scores each Lord Mayor card
(one line per card) and each pair of adjacent masters (one line per pair, naming both cells), so the
breakdown explains every point. The winners have the most VP; a tie goes to the most Lord Mayor cards,
then it is shared (§7.5 step 4, T-WIN-1).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from msgspec.structs import replace

from engines.core.items import add_sorted
from engines.core.scoring import ScoreEntry, ScoreSheet, rank, score_entry, seat_score
from engines.core.text import AS_WRITTEN, Message, Name, Text
from engines.guilds_of_london.city import Cell
from engines.guilds_of_london.common import CONTENT, masters_of, set_player, tile_of
from engines.guilds_of_london.content import (
    PerScoring,
    SetsScoring,
    TableScoring,
    ThresholdScoring,
)
from engines.guilds_of_london.effects import CATEGORY, count_items
from engines.guilds_of_london.names import SIDES, TILES, card_name, scoring_words, token_name
from engines.guilds_of_london.order import gain, record, turn_order
from engines.guilds_of_london.state import CityTile, State
from engines.guilds_of_london.words import PLACED

LORD_MAYOR = "Lord Mayor card"
ADJACENT = "adjacent masters"


# ---- Lord Mayor cards (§6.6, §9.2.6) ------------------------------------------------------------------------


def _fits(tiles: Sequence[tuple[str, ...]], slots: list[str]) -> bool:
    """Whether every slot (a symbol) gets a tile of its own showing that symbol (a bipartite matching)."""
    owner: dict[int, int] = {}

    def assign(slot: int, seen: set[int]) -> bool:
        for t, symbols in enumerate(tiles):
            if slots[slot] in symbols and t not in seen:
                seen.add(t)
                if t not in owner or assign(owner[t], seen):
                    owner[t] = slot
                    return True
        return False

    return all(assign(slot, set()) for slot in range(len(slots)))


def complete_sets(tiles: Sequence[tuple[str, ...]], of: Sequence[str], reuse: bool) -> int:
    """§9.2.6 ``sets``: how many sets of the symbols ``of`` the tiles (their resolved-side symbols) make. A
    double-symbol tile gives either symbol (§6.6); with ``reuse`` one tile may fill two slots of the card
    (each of its symbols once), otherwise each tile fills one slot at most."""
    need = Counter(of)
    if reuse:
        return min(sum(1 for t in tiles if symbol in t) // k for symbol, k in need.items())
    sets = 0
    while _fits(tiles, [symbol for symbol in of for _ in range(sets + 1)]):
        sets += 1
    return sets


def lord_mayor_points(s: State, seat: int, card: str) -> int:
    """§7.5 step 2: what one Lord Mayor card scores for ``seat`` (controlled = their master stands there;
    A-23: guild tiles only unless the card says otherwise)."""
    scoring = CONTENT.lord_mayor_card[card].scoring
    if isinstance(scoring, PerScoring):
        return scoring.vp_each * count_items(s, seat, scoring.count)
    if isinstance(scoring, TableScoring):
        found = count_items(s, seat, scoring.count)
        return scoring.vp[min(found, len(scoring.vp) - 1)]
    if isinstance(scoring, ThresholdScoring):
        return scoring.vp if count_items(s, seat, scoring.count) >= scoring.k else 0
    assert isinstance(scoring, SetsScoring)
    kinds = ("GUILD", "SPECIAL") if scoring.tiles == "ANY" else (scoring.tiles,)
    tiles = [tuple(tile_of(t).back_symbols) for t in masters_of(s, seat) if tile_of(t).kind in kinds]
    return scoring.vp_per_set * complete_sets(tiles, list(scoring.of), scoring.tile_in_two_slots)


# ---- adjacency (§7.5 step 3) ---------------------------------------------------------------------------------


def _cell_words(placed: CityTile) -> str:
    return f"{tile_of(placed).name} ({placed.row},{placed.col})"


def adjacent_master_pairs(s: State, seat: int) -> list[tuple[CityTile, CityTile]]:
    """§7.5 step 3, EX-5, invariant 20: the pairs of tiles sharing a side that both carry ``seat``'s master."""
    mine = {(t.row, t.col): t for t in masters_of(s, seat)}
    pairs = []
    for (row, col), placed in sorted(mine.items()):
        for other in ((row, col + 1), (row + 1, col)):
            cell: Cell = other
            if cell in mine:
                pairs.append((placed, mine[cell]))
    return pairs


# ---- final scoring ---------------------------------------------------------------------------------------------


def clear_unresolved(s: State) -> State:
    """§7.5 step 1: figures on unresolved tiles go to the common supply, their tokens leave the game (the
    plantation's figures stay and score nothing, A-25). A resolved (face-down) tile holds neither
    liverymen nor a token (the state check), so every tile can be cleared alike."""
    supply = list(s.supply)
    removed: list[str] = []
    city = []
    for placed in s.city:
        supply = [n + placed.liverymen[seat] for seat, n in enumerate(supply)]
        removed += [placed.token] if placed.token else []
        city.append(replace(placed, liverymen=(0,) * len(placed.liverymen), token=""))
    return replace(s, supply=tuple(supply), city=tuple(city), tokens_removed=add_sorted(s.tokens_removed, *removed))


def _score_card(s: State, seat: int, card: str) -> State:
    """§7.5 step 2: a revealed card's VP; a card scoring nothing still shows in the breakdown."""
    points = lord_mayor_points(s, seat, card)
    if points > 0:
        return gain(s, seat, points, LORD_MAYOR, card)
    return set_player(s, seat, ledger=record(s.players[seat].ledger, LORD_MAYOR, card, 0))


def final_scoring(s: State) -> State:
    """§7.5: clear the unresolved tiles; in turn order each player reveals and scores their Lord Mayor cards,
    then in turn order the adjacent master pairs (A-17); the game is over."""
    s = clear_unresolved(s)
    order = turn_order(s)
    for seat in order:
        for card in s.players[seat].lm_cards:
            s = _score_card(s, seat, card)
    for seat in order:
        for a, b in adjacent_master_pairs(s, seat):
            s = gain(s, seat, 1, ADJACENT, f"{_cell_words(a)} and {_cell_words(b)}")
    return replace(s, stage="over", turn=None, queue=())


# ---- the score sheet -------------------------------------------------------------------------------------------


TIEBREAK = Message("guilds_of_london.score.tiebreak", "{n} Lord Mayor card", "{n} Lord Mayor cards")


def _tiebreak(s: State, seat: int) -> tuple[int, Text]:
    """§7.5 step 4: more Lord Mayor cards wins a tie on VP (the count is public)."""
    cards = len(s.players[seat].lm_cards)
    return cards, TIEBREAK(n=cards)


#: The ledger's categories (kept in English in the state) as the score sheet words them.
CATEGORY_WORDS: dict[str, Message] = {
    "resolution bonus": Message("guilds_of_london.score.resolution_bonus", "resolution bonus"),
    "first place": Message("guilds_of_london.score.first_place", "first place"),
    "second place": Message("guilds_of_london.score.second_place", "second place"),
    "action card": Message("guilds_of_london.score.action_card", "action card"),
    "second-place token": Message("guilds_of_london.score.second_place_token", "second-place token"),
    "plantation": Message("guilds_of_london.score.plantation", "plantation"),
    LORD_MAYOR: Message("guilds_of_london.score.lord_mayor_card", "Lord Mayor card"),
    ADJACENT: Message("guilds_of_london.score.adjacent_masters", "adjacent masters"),
}
REWARDS = {
    "left": Message("guilds_of_london.score.left_reward", "{side} left reward"),
    "right": Message("guilds_of_london.score.right_reward", "{side} right reward"),
}
PAIR = Message("guilds_of_london.score.pair", "{first} and {second}")

_TILE_BY_NAME: dict[str, Name] = {name.english: name for name in TILES.values()}
_SIDE_BY_NAME: dict[str, Name] = {name.english: name for name in SIDES.values()}
_PAIR_WORDS = re.compile(r"(.+) \((-?\d+),(-?\d+)\) and (.+) \((-?\d+),(-?\d+)\)")


def _tile_detail(detail: str) -> Text:
    found = _TILE_BY_NAME.get(detail)
    return found.text if found is not None else AS_WRITTEN(words=detail)


def _plantation_detail(detail: str) -> Text:
    side, _, rest = detail.partition(" ")
    part = rest.removesuffix(" reward")
    found = _SIDE_BY_NAME.get(side)
    if found is None or part not in REWARDS:
        return AS_WRITTEN(words=detail)
    return REWARDS[part](side=found)


def _pair_detail(detail: str) -> Text:
    match = _PAIR_WORDS.fullmatch(detail)
    if match is None or match[1] not in _TILE_BY_NAME or match[4] not in _TILE_BY_NAME:
        return AS_WRITTEN(words=detail)
    first = PLACED(tile=_TILE_BY_NAME[match[1]], row=int(match[2]), col=int(match[3]))
    second = PLACED(tile=_TILE_BY_NAME[match[4]], row=int(match[5]), col=int(match[6]))
    return PAIR(first=first, second=second)


#: The ledger keeps the component's id where a component has no printed name (and a tile's or a plantation
#: side's name where it has one); the score sheet names it in players' words (``names``).
_DETAIL_WORDS = {
    CATEGORY["resolution_bonus"]: _tile_detail,
    CATEGORY["first_place"]: _tile_detail,
    CATEGORY["second_place_extra"]: _tile_detail,
    CATEGORY["ability"]: card_name,
    CATEGORY["effects"]: token_name,
    CATEGORY["left"]: _plantation_detail,
    LORD_MAYOR: scoring_words,
    ADJACENT: _pair_detail,
}


def detail_words(category: str, detail: str) -> Text:
    """A ledger line's detail as the score sheet shows it: the tile, action card, token or Lord Mayor card in
    words."""
    words = _DETAIL_WORDS.get(category)
    return words(detail) if words is not None else AS_WRITTEN(words=detail)


def entry(category: str, points: int, detail: str) -> ScoreEntry:
    """A ledger line as a score line."""
    shown = CATEGORY_WORDS.get(category)
    words = shown() if shown is not None else AS_WRITTEN(words=category)
    return score_entry(words, points, detail_words(category, detail))


def score(s: State) -> ScoreSheet:
    """Every seat's VP as its ledger lines (provisional while the game runs; final once it is over), the
    standings by VP then Lord Mayor cards, and the winners (invariant 22)."""
    seats = [
        seat_score(
            seat,
            [entry(line.category, line.points, line.detail) for line in p.ledger],
        )
        for seat, p in enumerate(s.players)
    ]
    return rank(seats, lambda seat: _tiebreak(s, seat), final=s.stage == "over")
