"""Viscounts of the West Kingdom final scoring (spec §7, §8.7, A-03, A-14, A-22, A-34, §12 invariants 15, 20).

The worked examples of §7.3 by name with their exact numbers (T-SCORE-1's 109 VP rebuilt field by field,
the Poverty splits of T-SCORE-2, T-SCORE-5 and T-SCORE-6, the set and building values of T-SCORE-3,
T-SCORE-4 and T-SETS-1), the winner rules (A-14 tie-break, the solo AI winning a tie), the A-34 icon
scope, and hypothesis properties: the greedy sets equal the brute-force best partition, the award split
is bounded and fair, and the lines of every seat sum to its total.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from engines.viscounts import scoring
from engines.viscounts.common import CONTENT
from engines.viscounts.scoring import (
    awards,
    building_vp,
    castle_vp,
    manuscript_conditions,
    manuscript_sets,
    places,
    score,
    set_vp,
)
from engines.viscounts.state import Castle, Options, Player, State

PROPS = settings(max_examples=150)

RED_DECK = {
    "slots": ("antagonist", "artist", "aristocrat"),
    "draw": ("chevalier", "conspirator"),
    "discard": ("debt_collector_2a", "diplomat"),
}
"""T-SCORE-1: Red's 7 cards: 4 criminal icons on 3 cards (Antagonist 2, Conspirator, Debt Collector) and
4 noble icons on 4 cards (Artist, Aristocrat, Chevalier, Diplomat). The slots hold Antagonist, Artist
and Aristocrat: 2 criminal and 2 noble icons on the board."""


# ---- building states ---------------------------------------------------------------------------------------


def castle(n: int, **workers: tuple[int, ...]) -> Castle:
    """An empty castle for ``n`` seats, with ``tier1_<seat>``, ``tier2_<seat>`` (5 sections each) and
    ``centre_<seat>`` (1 value) filled in."""
    tier1 = [[0] * n for _ in range(5)]
    tier2 = [[0] * n for _ in range(5)]
    centre = [0] * n
    for key, values in workers.items():
        tier, seat = key.rsplit("_", 1)
        if tier == "centre":
            centre[int(seat)] = values[0]
        else:
            for section, k in enumerate(values):
                (tier1 if tier == "tier1" else tier2)[section][int(seat)] = k
    return Castle(
        tier1=tuple(tuple(row) for row in tier1),
        tier2=tuple(tuple(row) for row in tier2),
        centre=tuple(centre),
    )


def state(*players: Player, options: Options | None = None, **changes: Any) -> State:
    """A minimal state holding ``players`` (an empty castle unless ``castle=`` is given)."""
    n = len(players)
    base = State(options=options or Options(players=n), players=players, castle=castle(n))
    return replace(base, **changes)


def slot_id(building: str, icon: str | None = None, board: Sequence[Any] | None = None) -> str:
    """The player-board building slot of ``building`` (showing ``icon`` when given, else none)."""
    slots = CONTENT.board.slots if board is None else board
    found = [s.id for s in slots if s.building == building and (icon in s.icons if icon else not s.icons)]
    return found[0]


def slots_of(building: str) -> tuple[str, ...]:
    return tuple(s.id for s in CONTENT.board.slots if s.building == building)


def recovered(number: int) -> str:
    """The manuscript M-0<number> of §6.12 (looked up by cost, ribbon and what it does if the content
    numbers the recovered ones otherwise)."""
    wanted = {
        1: (6, "grey", "building"),
        2: (4, "black", "ink"),
        3: (5, "yellow", "icon_NOBLE"),
        4: (6, "blue", "icon_CRIMINAL"),
        5: (3, "grey", "flip_debt_or_deed"),
        6: (4, "black", "virtue"),
        7: (6, "yellow", "paid_debt"),
        8: (3, "black", "flip_debt_or_deed"),
    }[number]

    def key(m: Any) -> tuple[int, str, str]:
        what = m.vp.per if m.vp is not None else m.immediate.op
        return m.cost, m.ribbon, what

    given_id = f"M-{number:02d}"
    if given_id in CONTENT.manuscripts and key(CONTENT.manuscripts[given_id]) == wanted:
        return given_id
    found = [m.id for m in CONTENT.manuscripts.values() if m.provenance == "rulebook" and key(m) == wanted]
    assert len(found) == 1, (number, found)
    return found[0]


def by_ribbon(ribbon: str, k: int) -> list[str]:
    """``k`` manuscripts of ``ribbon`` from the content."""
    found = sorted(m.id for m in CONTENT.manuscripts.values() if m.ribbon == ribbon)
    assert len(found) >= k
    return found[:k]


def red(**changes: Any) -> Player:
    """Red of T-SCORE-1 (§7.3), field by field."""
    built = (
        slots_of("trading_post")[0],
        slot_id("guildhall", "NOBLE"),
        slot_id("guildhall", "BUILDER"),
        *slots_of("workshop"),
    )
    player = Player(
        slots=RED_DECK["slots"],
        draw=tuple(sorted(RED_DECK["draw"])),
        discard=RED_DECK["discard"],
        built=built,
        manuscripts=tuple(recovered(k) for k in range(1, 9)),
        cleric_bonus=("black",),
        debts=1,
        paid=3,
        deeds=4,
        approved=2,
        silver=3,
    )
    return replace(player, **changes)


def t_score_1(**options: Any) -> State:
    """T-SCORE-1: Red (seat 0) and two rivals with 4 and 3 approved deeds; only Poverty revealed; Red holds
    the Castle Leader card with 2 centre workers, 4 on tier 2 and 5 on tier 1."""
    workers = castle(3, tier1_0=(2, 2, 1, 0, 0), tier2_0=(0, 2, 0, 2, 0), centre_0=(2,), centre_1=(1,))
    return state(
        red(),
        Player(approved=4),
        Player(approved=3, paid=5),
        options=Options(players=3, **options),
        castle=replace(workers, leader=0),
        poverty=6,
        stage="over",
    )


def red_conditions(nobles: int, criminals: int) -> list[tuple[int, str]]:
    """Red's four manuscript condition lines (M-01, M-03, M-04, M-07) for the icon counts given: each names
    what the manuscript prints (its condition and ribbon, no id), then what it counted."""
    return [
        (6, "1 VP per building (grey ribbon): 6 buildings"),
        (nobles, f"1 VP per noble icon (yellow ribbon): {nobles} noble icons"),
        (criminals, f"1 VP per criminal icon (blue ribbon): {criminals} criminal icons"),
        (3, "1 VP per paid debt (yellow ribbon): 3 paid debts"),
    ]


def lines(sheet: Any, seat: int, category: str) -> list[tuple[int, str]]:
    return [(e.points, e.detail) for e in sheet.seats[seat].entries if e.category == category]


# ---- T-SCORE-1 -------------------------------------------------------------------------------------------------


def test_t_score_1_red_scores_109() -> None:
    sheet = score(t_score_1())
    assert sheet.final
    assert sheet.seats[0].total == 109
    assert lines(sheet, 0, scoring.BUILDINGS.template) == [
        (4, "1 Trading Post"),
        (13, "2 Guildhalls"),
        (9, "3 Workshops"),
    ]
    assert lines(sheet, 0, scoring.CASTLE.template) == [
        (5, "5 workers on tier 1"),
        (8, "4 workers on tier 2"),
        (6, "2 workers in the centre"),
    ]
    assert [p for p, _ in lines(sheet, 0, scoring.SETS.template)] == [16, 9, 1]
    assert lines(sheet, 0, scoring.MANUSCRIPTS.template) == red_conditions(nobles=5, criminals=4)
    assert lines(sheet, 0, scoring.LEADER.template) == [(5, "card held")]
    assert lines(sheet, 0, scoring.CLERIC_BONUS.template) == [(3, "black ribbon")]
    assert lines(sheet, 0, scoring.DEBTS.template) == [(-2, "1 unpaid debt")]
    assert lines(sheet, 0, scoring.DEEDS.template) == [(4, "4 acquired deeds")]
    assert lines(sheet, 0, scoring.APPROVED.template) == [(6, "2 approved deeds")]
    assert lines(sheet, 0, scoring.POVERTY.template) == [(4, "3rd with 2 approved deeds")]
    assert lines(sheet, 0, scoring.PROSPERITY.template) == []


def test_t_score_1_manuscripts_total_44_in_sets_of_4_3_1() -> None:
    sheet = score(t_score_1())
    manuscript_points = lines(sheet, 0, scoring.SETS.template) + lines(sheet, 0, scoring.MANUSCRIPTS.template)
    assert sum(p for p, _ in manuscript_points) == 44
    m = [recovered(k) for k in range(1, 9)]
    sets = manuscript_sets(red().manuscripts)
    assert sets == [(m[0], m[1], m[2], m[3]), (m[4], m[5], m[6]), (m[7],)]
    assert lines(sheet, 0, scoring.SETS.template)[0][1] == "set of 4: grey, black, yellow, blue"
    assert lines(sheet, 0, scoring.SETS.template)[2][1] == "set of 1: black"


def test_t_score_1_rivals_and_winner() -> None:
    sheet = score(t_score_1())
    # seat 1: 4 approved deeds (12) + Poverty 1st (12) + 1 centre worker (3); seat 2: 9 + 8, paid debts score 0
    assert [s.total for s in sheet.seats] == [109, 27, 17]
    assert lines(sheet, 1, scoring.POVERTY.template) == [(12, "1st with 4 approved deeds")]
    assert lines(sheet, 2, scoring.POVERTY.template) == [(8, "2nd with 3 approved deeds")]
    assert sheet.leaders == (0,)
    assert [s.place for s in sheet.seats] == [1, 2, 3]


def test_t_score_1_provisional_before_the_end() -> None:
    running = replace(t_score_1(), stage="turns")
    sheet = score(running)
    assert not sheet.final
    assert sheet.seats[0].total == 109


def test_a34_board_scope_counts_slot_cards_only() -> None:
    """A-34 ``board``: Antagonist (2 criminal) and Artist, Aristocrat (2 noble) + the Guildhall noble slot:
    the manuscript figure drops from 44 to 40, the total from 109 to 105."""
    sheet = score(t_score_1(icon_scope="board"))
    assert lines(sheet, 0, scoring.MANUSCRIPTS.template) == red_conditions(nobles=3, criminals=2)
    assert sheet.seats[0].total == 105


def test_a22_cleric_bonus_icons_count_and_starting_icons_do_not() -> None:
    """A-22: a Cleric Bonus card's icon counts (black = CLERIC, blue = MERCHANT, §6.8); the printed starting
    icons of empty slots do not (§7.2 item 3: slot 2 prints CLERIC, slot 3 MERCHANT twice)."""
    p = Player(hand=("courier",), cleric_bonus=("black", "blue"))
    icons = scoring.scoring_icons(state(p, Player()), 0)
    assert (icons["MERCHANT"], icons["CLERIC"], icons["NOBLE"], icons["BUILDER"]) == (3 + 1, 1, 0, 0)


def test_icon_condition_counting_nothing_still_shows() -> None:
    m04 = recovered(4)
    got = manuscript_conditions(state(Player(hand=("artist",), manuscripts=(m04,)), Player()), 0)
    assert [(e.points, e.detail) for e in got] == [(0, "1 VP per criminal icon (blue ribbon): 0 criminal icons")]


def test_a34_building_icons_count_in_both_scopes() -> None:
    p = Player(slots=("", "", ""), built=(slot_id("trading_post", "MERCHANT"),), manuscripts=())
    for scope in ("owned", "board"):
        s = state(p, Player(), options=Options(players=2, icon_scope=scope))
        assert scoring.scoring_icons(s, 0)["MERCHANT"] == 2


# ---- T-SCORE-2, -5, -6: the award split ----------------------------------------------------------------------


def test_t_score_2_two_tied_first_then_third() -> None:
    assert awards([5, 5, 2], 3) == (10, 10, 4)
    assert places([5, 5, 2]) == [(1, 2), (1, 2), (3, 3)]


def test_t_score_2_three_tied_second() -> None:
    assert awards([3, 1, 1, 1], 4) == (12, 4, 4, 4)


def test_t_score_2_through_the_score_sheet() -> None:
    s = state(Player(approved=2), Player(approved=2), Player(approved=1), poverty=3)
    sheet = score(s)
    assert lines(sheet, 0, scoring.POVERTY.template) == [(10, "tied 1st–2nd with 2 approved deeds")]
    assert lines(sheet, 1, scoring.POVERTY.template) == [(10, "tied 1st–2nd with 2 approved deeds")]
    assert lines(sheet, 2, scoring.POVERTY.template) == [(4, "3rd with 1 approved deed")]


def test_t_score_5_two_players_tied_take_8_each() -> None:
    assert awards([2, 2], 2) == (8, 8)
    sheet = score(state(Player(approved=2), Player(approved=2), poverty=4))
    assert [lines(sheet, seat, scoring.POVERTY.template) for seat in (0, 1)] == [
        [(8, "tied 1st–2nd with 2 approved deeds")]
    ] * 2
    assert [s.total for s in sheet.seats] == [6 + 8, 6 + 8]


def test_t_score_6_no_approved_deed_no_place() -> None:
    assert awards([0, 0, 3], 3) == (0, 0, 12)
    assert awards([0, 0], 2) == (0, 0)
    assert places([0, 2, 0]) == [(0, 0), (1, 1), (0, 0)]
    sheet = score(state(Player(), Player(), Player(approved=1), poverty=2))
    assert lines(sheet, 0, scoring.POVERTY.template) == [] and lines(sheet, 1, scoring.POVERTY.template) == []
    assert lines(sheet, 2, scoring.POVERTY.template) == [(12, "1st with 1 approved deed")]


def test_awards_two_player_values_skip_the_8() -> None:
    assert awards([3, 1], 2) == (12, 4)
    assert awards([3, 1, 0], 3) == (12, 8, 0)
    assert awards([4, 4, 4, 4], 4) == (6, 6, 6, 6)
    assert awards([4, 3, 3, 3], 4) == (12, 4, 4, 4)
    assert awards([4, 3, 2, 2], 4) == (12, 8, 2, 2)


def test_awards_only_when_revealed() -> None:
    hidden = state(Player(approved=2, paid=1), Player(paid=3), Player())
    assert all(
        lines(score(hidden), seat, c) == []
        for seat in range(3)
        for c in (scoring.POVERTY.template, scoring.PROSPERITY.template)
    )


def test_a03_prosperity_ranks_paid_debts_not_unpaid() -> None:
    s = state(Player(paid=1, debts=5), Player(paid=2), Player(debts=9), prosperity=7)
    sheet = score(s)
    assert lines(sheet, 0, scoring.PROSPERITY.template) == [(8, "2nd with 1 paid debt")]
    assert lines(sheet, 1, scoring.PROSPERITY.template) == [(12, "1st with 2 paid debts")]
    assert lines(sheet, 2, scoring.PROSPERITY.template) == []
    assert [s.total for s in sheet.seats] == [8 - 10, 12, -18]


# ---- T-SCORE-3, T-SETS-1, T-SCORE-4 ----------------------------------------------------------------------------


def test_t_sets_1_three_different_ribbons_score_9() -> None:
    ms = [by_ribbon("grey", 1)[0], by_ribbon("yellow", 1)[0], by_ribbon("blue", 1)[0]]
    sheet = score(state(Player(manuscripts=tuple(ms)), Player()))
    assert lines(sheet, 0, scoring.SETS.template) == [(9, "set of 3: grey, yellow, blue")]


def test_t_score_3_ribbon_counts_3_2_2_1_score_26() -> None:
    ms = [*by_ribbon("grey", 3), *by_ribbon("black", 2), *by_ribbon("yellow", 2), *by_ribbon("blue", 1)]
    sets = manuscript_sets(ms)
    assert [len(x) for x in sets] == [4, 3, 1]
    assert sum(set_vp(len(x)) for x in sets) == 26
    assert [set_vp(k) for k in (1, 2, 3, 4)] == [1, 4, 9, 16]


def test_t_score_4_trading_posts_4_9_15() -> None:
    tps = slots_of("trading_post")
    got = [building_vp(Player(built=tps[:k])) for k in (1, 2, 3)]
    assert [[(e.points, e.detail) for e in g] for g in got] == [
        [(4, "1 Trading Post")],
        [(9, "2 Trading Posts")],
        [(15, "3 Trading Posts")],
    ]
    assert building_vp(Player()) == []


def test_building_values_of_every_type() -> None:
    every = tuple(s.id for s in CONTENT.board.slots)
    got = {(e.points, e.detail) for e in building_vp(Player(built=every))}
    assert got == {(15, "3 Trading Posts"), (21, "3 Guildhalls"), (9, "3 Workshops")}
    two_each = tuple(ids[i] for ids in map(slots_of, ("trading_post", "guildhall", "workshop")) for i in (0, 2))
    assert {(e.points, e.detail) for e in building_vp(Player(built=two_each))} == {
        (9, "2 Trading Posts"),
        (13, "2 Guildhalls"),
        (5, "2 Workshops"),
    }


def test_castle_workers_per_tier() -> None:
    s = state(Player(), Player(), castle=castle(2, tier1_1=(1, 0, 2, 0, 0), tier2_1=(0, 0, 0, 0, 1), centre_1=(3,)))
    assert [(e.points, e.detail) for e in castle_vp(s, 1)] == [
        (3, "3 workers on tier 1"),
        (2, "1 worker on tier 2"),
        (9, "3 workers in the centre"),
    ]
    assert castle_vp(s, 0) == []


# ---- winners: A-14 and solo (§8.7) -----------------------------------------------------------------------------


def test_a14_tie_goes_to_most_silver_and_resources() -> None:
    s = state(Player(deeds=3, silver=4), Player(deeds=3, ink=2, gold=2, stone=1), Player(deeds=1, silver=20))
    sheet = score(s)
    assert [x.total for x in sheet.seats] == [3, 3, 1]
    assert sheet.leaders == (1,)
    assert [x.place for x in sheet.seats] == [2, 1, 3]
    assert sheet.seats[1].tiebreak == "5 silver and resources left"
    assert sheet.seats[2].tiebreak == ""


def test_a14_still_tied_is_shared() -> None:
    s = state(Player(deeds=2, silver=3), Player(deeds=2, stone=3), Player(deeds=2, ink=1))
    sheet = score(s)
    assert sheet.leaders == (0, 1)
    assert [x.place for x in sheet.seats] == [1, 1, 3]


def solo(human: Player, ai: Player, **changes: Any) -> State:
    return state(human, replace(ai, ai=True), options=Options(players=1), stage="over", **changes)


def test_solo_tie_goes_to_the_ai() -> None:
    sheet = score(solo(Player(deeds=3, silver=50), Player(deeds=3)))
    assert [x.total for x in sheet.seats] == [3, 3]
    assert sheet.winners == (1,)
    assert [x.place for x in sheet.seats] == [2, 1]


def test_solo_human_wins_with_strictly_more() -> None:
    sheet = score(solo(Player(deeds=4), Player(deeds=3)))
    assert sheet.winners == (0,)
    sheet = score(solo(Player(deeds=2), Player(deeds=3)))
    assert sheet.winners == (1,)


def test_solo_ai_scores_leftover_resources_and_awards_are_12_4() -> None:
    s = solo(Player(approved=2, ink=3), Player(approved=1, ink=2, gold=1, stone=1, silver=7), poverty=5)
    sheet = score(s)
    assert lines(sheet, 1, scoring.AI_RESOURCES.template) == [(4, "4 resources left")]
    assert lines(sheet, 0, scoring.AI_RESOURCES.template) == []
    assert lines(sheet, 0, scoring.POVERTY.template) == [(12, "1st with 2 approved deeds")]
    assert lines(sheet, 1, scoring.POVERTY.template) == [(4, "2nd with 1 approved deed")]
    assert [x.total for x in sheet.seats] == [6 + 12, 3 + 4 + 4]


def test_solo_ai_buildings_use_its_own_board() -> None:
    board = scoring.ai_board().slots
    ai = Player(ai=True, built=tuple(s.id for s in board if s.building == "guildhall")[:2])
    assert [(e.points, e.detail) for e in building_vp(ai)] == [(13, "2 Guildhalls")]


@pytest.mark.parametrize(("scope", "nobles"), [("owned", 3), ("board", 2)])
def test_solo_ai_icon_conditions_read_its_scheme_cards(scope: str, nobles: int) -> None:
    """§8.7 (the AI scores like a human) with the [REC] reading that its scheme cards stand for townsfolk:
    S-2 in a slot and S-1 on its discard pile show a NOBLE each, its Guildhall 2 slot one more."""
    m03 = recovered(3)
    ai = Player(
        built=(slot_id("guildhall", "NOBLE", scoring.ai_board().slots),),
        manuscripts=(m03,),
        slots=("S-2", "", ""),
        discard=("S-1",),
        draw=("S-3",),
    )
    s = solo(Player(), ai)
    s = replace(s, options=Options(players=1, icon_scope=scope))
    got = manuscript_conditions(s, 1)
    detail = f"1 VP per noble icon (yellow ribbon): {nobles} noble icons"
    assert [(e.points, e.detail) for e in got] == [(nobles, detail)]


# ---- properties (§12 invariants 15 and 20) ----------------------------------------------------------------------


def partitions(items: list[str]) -> Iterator[list[list[str]]]:
    """Every partition of ``items`` into blocks."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for smaller in partitions(rest):
        yield [[first], *smaller]
        for i in range(len(smaller)):
            yield [*smaller[:i], [first, *smaller[i]], *smaller[i + 1 :]]


def best_partition_vp(ms: list[str]) -> int:
    """Brute force: the best Σ set VP over partitions whose blocks hold different ribbons."""
    best = 0
    for blocks in partitions(ms):
        ribbons = [[CONTENT.manuscripts[m].ribbon for m in b] for b in blocks]
        if all(len(set(r)) == len(r) for r in ribbons):
            best = max(best, sum(set_vp(len(b)) for b in blocks))
    return best


MANUSCRIPT_IDS = sorted(CONTENT.manuscripts)


@PROPS
@given(st.lists(st.sampled_from(MANUSCRIPT_IDS), unique=True, max_size=8))
def test_greedy_sets_equal_the_brute_force_best(ms: list[str]) -> None:
    sets = manuscript_sets(ms)
    assert sorted(m for x in sets for m in x) == sorted(ms)
    assert all(len({CONTENT.manuscripts[m].ribbon for m in x}) == len(x) for x in sets)
    assert sum(set_vp(len(x)) for x in sets) == best_partition_vp(ms)


@PROPS
@given(st.integers(2, 4).flatmap(lambda n: st.lists(st.integers(0, 6), min_size=n, max_size=n)), st.booleans())
def test_award_split_is_bounded_and_fair(counts: list[int], solo_game: bool) -> None:
    players = 1 if solo_game and len(counts) == 2 else len(counts)
    got = awards(counts, players)
    assert sum(got) <= (24 if players >= 3 else 16)
    for i, a in enumerate(counts):
        if a == 0:
            assert got[i] == 0
        for j, b in enumerate(counts):
            if a == b:
                assert got[i] == got[j]
            if a > b:
                assert got[i] >= got[j]
    top = max(counts)
    if top and counts.count(top) == 1:
        assert got[counts.index(top)] == 12


@st.composite
def players_st(draw: st.DrawFn) -> Player:
    slots = [s.id for s in CONTENT.board.slots]
    folk = list(CONTENT.neutral)
    n = st.integers(0, 6)
    card = st.sampled_from(["", *folk])
    return Player(
        hand=tuple(draw(st.lists(st.sampled_from(folk), max_size=3))),
        discard=tuple(draw(st.lists(st.sampled_from(folk), max_size=4))),
        slots=(draw(card), draw(card), draw(card)),
        built=tuple(draw(st.lists(st.sampled_from(slots), unique=True, max_size=9))),
        manuscripts=tuple(draw(st.lists(st.sampled_from(MANUSCRIPT_IDS), unique=True, max_size=9))),
        cleric_bonus=tuple(draw(st.lists(st.sampled_from(list(CONTENT.board.ribbons)), unique=True))),
        debts=draw(n),
        paid=draw(n),
        deeds=draw(n),
        approved=draw(n),
        silver=draw(n),
        ink=draw(n),
        gold=draw(n),
        stone=draw(n),
    )


@st.composite
def states_st(draw: st.DrawFn) -> State:
    players = tuple(draw(st.lists(players_st(), min_size=2, max_size=4)))
    k = len(players)
    w = st.lists(st.integers(0, 2), min_size=5, max_size=5)
    workers = {f"{tier}_{seat}": tuple(draw(w)) for seat in range(k) for tier in ("tier1", "tier2")}
    centre = {f"centre_{seat}": (draw(st.integers(0, 3)),) for seat in range(k)}
    return state(
        *players,
        options=Options(players=k, icon_scope=draw(st.sampled_from(["owned", "board"]))),
        castle=replace(castle(k, **workers, **centre), leader=draw(st.integers(-1, k - 1))),
        poverty=draw(st.integers(0, 3)),
        prosperity=draw(st.integers(0, 3)),
        stage=draw(st.sampled_from(["turns", "over"])),
    )


@PROPS
@given(states_st())
def test_entries_sum_to_the_total_and_scoring_is_pure(s: State) -> None:
    sheet = score(s)
    assert sheet == score(s)
    assert sheet.final == (s.stage == "over")
    assert [x.seat for x in sheet.seats] == list(range(len(s.players)))
    for x in sheet.seats:
        assert x.total == sum(e.points for e in x.entries)
        assert all(e.points != 0 for e in x.entries if e.category != scoring.MANUSCRIPTS.template)
    best = max(x.total for x in sheet.seats)
    assert sheet.leaders and all(sheet.seats[w].total == best for w in sheet.leaders)
    assert sheet.winners == (sheet.leaders if sheet.final else ())
    award_total = sum(e.points for x in sheet.seats for e in x.entries if e.category in (scoring.POVERTY.template,))
    assert award_total <= 24


@pytest.mark.parametrize("scope", ["owned", "board"])
def test_icon_conditions_count_exactly_the_scope(scope: str) -> None:
    s = t_score_1(icon_scope=scope)
    icons = scoring.scoring_icons(s, 0)
    expected = {"owned": (4, 5), "board": (2, 3)}[scope]
    assert (icons["CRIMINAL"], icons["NOBLE"]) == expected


def test_resources_held_count_ink_gold_and_stone_at_one_vp_per_two() -> None:
    """§7.2 item 3 (M-09, ``resource_held``): ink, gold and stone held count, silver does not; 1 VP per 2,
    rounded down, and the line says the rate."""
    s = state(Player(manuscripts=("M-09",), ink=1, gold=2, stone=4, silver=9), Player())
    got = [(e.points, e.detail) for e in manuscript_conditions(s, 0)]
    assert got == [(3, "1 VP per 2 resources held (grey ribbon): 7 resources held")]
