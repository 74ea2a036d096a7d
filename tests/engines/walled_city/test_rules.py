"""Walled City rules through the engine protocol (the rules spec §3–§5, §7.6, §10).

Named tests: setup per board and player count (§3.2/§3.3 allotments, hands incl. the 2-player double decks,
offer sizes, the 2-player neutral, starting roads, the 3-player Borderlands defence-only card), the worked
examples WE-2, WE-10, WE-11, WE-15 … WE-19, flee at the round-2 vote (WE-12/WE-21), the final tie-break,
illegal moves with their codes, and shortage settling (A-6). Guild abilities are not implemented and not
tested here; scoring routines are covered by ``test_scoring.py``.
"""

from __future__ import annotations

from collections import Counter

import pytest
from msgspec.structs import replace

from engines.core.engine import CHANCE
from engines.core.errors import IllegalMove
from engines.core.text import Text
from engines.walled_city import moves as mv
from engines.walled_city import setup
from engines.walled_city.codes import CODES
from engines.walled_city.common import add_citizens, at, board, guild_key, take_from_reserve
from engines.walled_city.districts import built, district_of, faction_value
from engines.walled_city.engine import ENGINE
from engines.walled_city.state import NEUTRAL, Placed, State, vote_line
from tests.engines.setups import new_state
from tests.engines.walled_city.helpers import (
    DECK,
    FACTIONS,
    Prefs,
    act,
    at_build,
    chance,
    check,
    choose,
    dice_with,
    hand_counter,
    run,
    scripted,
    steps,
)

CONFIGS = [(b, n) for b in ("londonderry", "borderlands") for n in (2, 3, 4)]

# §3.2 / §3.3: roads, walls, nobles, peasants, decks per player, cards removed from each deck, extra cards.
ALLOTMENT = {
    ("londonderry", 4): (4, 3, 14, 16, 1, {(1, 0), (2, 0)}, 9),
    ("londonderry", 3): (5, 4, 18, 20, 1, set(), 11),
    ("londonderry", 2): (6, 6, 20, 25, 2, {(5, 0), (2, 0), (1, 0)}, 16),
    ("borderlands", 4): (5, 3, 16, 17, 1, {(1, 0)}, 10),
    ("borderlands", 3): (6, 4, 18, 19, 1, set(), 12),
    ("borderlands", 2): (8, 6, 20, 25, 2, {(5, 0), (4, 1)}, 18),
}
OFFER = {2: 5, 3: 7, 4: 9}
STARTING_ROADS = {2: 4, 3: 1, 4: 0}


def seat_of(s: State) -> int:
    return ENGINE.pending(s).seats[0]


def codes(s: State, seat: int, action: object) -> list[str]:
    return [v.code for v in ENGINE.validate(s, mv.Move(seat, action))]


def place_pieces(s: State, place: str, who: str, peasants: int = 0, nobles: int = 0) -> State:
    """Move pieces from a reserve onto the board (keeps piece conservation)."""
    return take_from_reserve(add_citizens(s, place, who, peasants, nobles), who, peasants, nobles)


def finish_starting_roads(s: State, paths: tuple[str, ...] = ()) -> State:
    return run(s, Prefs(paths=paths), until=lambda s: s.phase != "starting_roads")


# ---- setup (§3) -------------------------------------------------------------------------------


@pytest.mark.parametrize(("board_side", "players"), CONFIGS)
def test_setup_allotments_and_hands(board_side: str, players: int) -> None:
    roads, walls, nobles, peasants, decks, removed, hand_size = ALLOTMENT[(board_side, players)]
    s = scripted(players, board_side)
    expected = Counter({(a, b, False): decks for a, b in DECK if (a, b) not in removed})
    for seat in s.seats:
        assert (seat.roads, seat.walls, seat.nobles, seat.peasants) == (roads, walls, nobles, peasants)
        assert len(seat.hand) == hand_size
        assert seat.votes == 0
    for i in range(players):
        own = hand_counter(s, i)
        extra = own - expected
        if (board_side, players) == ("borderlands", 3):
            assert sum(extra.values()) == 1 and all(d for (_, _, d) in extra)  # §3.7
        else:
            assert own == expected


@pytest.mark.parametrize(("board_side", "players"), CONFIGS)
def test_setup_offer_size_and_chance_sequence(board_side: str, players: int) -> None:
    s = new_state(ENGINE, players, board=board_side)
    assert ENGINE.pending(s).seats == (CHANCE,)
    assert {type(m.action) for m in ENGINE.legal_moves(s)} == {mv.ChanceSeat}
    s = chance(s, mv.ChanceSeat(players - 1))
    for f, v in dice_with():
        assert {type(m.action) for m in ENGINE.legal_moves(s)} == {mv.ChanceDie}
        s = chance(s, mv.ChanceDie(f, v))
    assert [d.location for d in s.dice] == list(setup.die_spots(s))
    assert Counter(d.faction for d in s.dice) == {f: 4 for f in FACTIONS}
    for _ in board(s).survey_areas:
        s = chance(s, mv.ChanceTile(-1))
    assert len(s.tiles) == (4 if board_side == "londonderry" else 1)  # §3.1 F
    deck = setup.deck(s)
    assert len(deck) == 12
    for i in range(OFFER[players]):
        assert ENGINE.pending(s).seats == (CHANCE,)
        assert len(ENGINE.legal_moves(s)) == 12 - i
        s = chance(s, mv.ChanceGuild(deck[-1 - i]))
    assert len(s.offer) == OFFER[players]  # §3.1 G: 9 / 7 / 5
    if (board_side, players) == ("borderlands", 3):
        for a, b in ((2, 2), (4, 0), (3, 1)):
            s = chance(s, mv.ChanceCard(a, b))
    assert ENGINE.pending(s).seats != (CHANCE,)
    assert s.start_player == players - 1


@pytest.mark.parametrize("board_side", ["londonderry", "borderlands"])
@pytest.mark.parametrize("players", [3, 4])
def test_no_neutral_with_three_or_four_players(board_side: str, players: int) -> None:
    s = scripted(players, board_side)
    assert not [p for p in s.citizens if p.who == NEUTRAL]
    assert not s.citizens


@pytest.mark.parametrize(("board_side", "gap_areas"), [("londonderry", 12), ("borderlands", 8)])
def test_two_player_neutral_placement(board_side: str, gap_areas: int) -> None:
    """§3.6: 1 noble + 2 peasants on every area with a gap on its edge, 1 noble in every tower."""
    s = scripted(2, board_side)
    b = board(s)
    with_gap = {g.area for g in b.gaps}
    assert len(with_gap) == gap_areas
    neutral = {p.place: (p.peasants, p.nobles) for p in s.citizens if p.who == NEUTRAL}
    expected = {a: (2, 1) for a in with_gap} | {t.id: (0, 1) for t in b.towers}
    assert neutral == expected
    assert not [p for p in s.citizens if p.who != NEUTRAL]
    assert s.neutral_nobles == 20 - gap_areas - len(b.towers)
    assert s.neutral_peasants == 25 - 2 * gap_areas


@pytest.mark.parametrize("board_side", ["londonderry", "borderlands"])
def test_starting_roads_four_players_none(board_side: str) -> None:
    s = scripted(4, board_side, start=2)
    assert s.phase == "alignment" and not s.paths
    assert ENGINE.pending(s).seats == (2,)


@pytest.mark.parametrize("board_side", ["londonderry", "borderlands"])
def test_starting_roads_three_players_start_player_places_one(board_side: str) -> None:
    s = scripted(3, board_side, start=1)
    assert s.phase == "starting_roads"
    assert ENGINE.pending(s).seats == (1,)
    reserves = [p.roads for p in s.seats]
    path = board(s).paths[3].id
    assert codes(s, 0, mv.StartingRoad(path)) == ["COMMON_NOT_YOUR_TURN"]
    s = act(s, mv.StartingRoad(path))
    assert [p.id for p in s.paths] == [path]
    assert [p.roads for p in s.seats] == reserves  # from the box
    assert s.phase == "alignment" and ENGINE.pending(s).seats == (1,)


@pytest.mark.parametrize("board_side", ["londonderry", "borderlands"])
@pytest.mark.parametrize("start", [0, 1])
def test_starting_roads_two_players_alternate(board_side: str, start: int) -> None:
    s = scripted(2, board_side, start=start)
    paths = [p.id for p in board(s).paths][:4]
    seats = []
    for path in paths:
        seats.append(seat_of(s))
        assert s.phase == "starting_roads"
        s = act(s, mv.StartingRoad(path))
    assert seats == [start, 1 - start, start, 1 - start]
    assert sorted(p.id for p in s.paths) == sorted(paths)
    assert [p.roads for p in s.seats] == [8 if board_side == "borderlands" else 6] * 2
    assert s.phase == "alignment" and seat_of(s) == start


def test_starting_road_on_a_built_path_is_rejected() -> None:
    s = scripted(2, start=0)
    s = act(s, mv.StartingRoad("p01"))
    assert check(s, mv.StartingRoad("p01")) == ["WALLED_CITY_PATH_TAKEN"]
    assert check(s, mv.StartingRoad("nowhere")) == ["WALLED_CITY_NO_SUCH_PATH"]


def test_borderlands_three_players_defence_only_card_dealt_and_only_for_defence() -> None:
    """§3.7: the off-colour 4/0, 3/1, 2/2 dealt one each; never a build card; playable in defence."""
    s = scripted(3, "borderlands", start=0, cards=[(2, 2), (4, 0), (3, 1)])
    dealt = {i: [(c.a, c.b) for c in p.hand if c.defence_only] for i, p in enumerate(s.seats)}
    assert dealt == {0: [(2, 2)], 1: [(4, 0)], 2: [(3, 1)]}
    # Seat 0 plays its own 2/2 in round 1; the defence-only 2/2 stays and cannot be built with.
    prefs = Prefs(cards={0: [(2, 2)]})
    s = finish_starting_roads(s)
    s = run(s, prefs, until=lambda s: s.phase == "build" and s.turn is not None and s.turn.seat == 0)
    assert (2, 2) in [(m.action.a, m.action.b) for m in steps(s)]
    s = act(s, next(m.action for m in steps(s) if (m.action.a, m.action.b) == (2, 2)))
    assert hand_counter(s, 0)[(2, 2, True)] == 1 and hand_counter(s, 0)[(2, 2, False)] == 0
    s = run(
        s,
        prefs,
        until=lambda s: s.phase == "build" and s.turn is not None and s.turn.seat == 0 and s.turn.step == "place",
    )
    assert s.round == 1
    assert all((m.action.a, m.action.b) != (2, 2) for m in steps(s))
    free = next(m.action.path for m in ENGINE.legal_moves(s))
    assert check(s, mv.BuildRoad(free, 2, 2)) == ["WALLED_CITY_NO_SUCH_CARD"]
    # In the defence phase it may be placed like an own card.
    s = run(s, prefs, until=lambda s: s.phase == "defence" and seat_of(s) == 0)
    legal = [m.action for m in ENGINE.legal_moves(s)]
    only = [a for a in legal if a.defence_only]
    assert only and all((a.a, a.b) == (2, 2) for a in only)
    s = act(s, only[0])
    assert hand_counter(s, 0)[(2, 2, True)] == 0
    assert any(z.owner == 0 and (z.toward_ccw, z.toward_cw) == (2, 2) for z in s.zones)


def test_borderlands_three_players_defence_only_card_usable_in_round_two_defence() -> None:
    s = scripted(3, "borderlands", start=0, cards=[(4, 0), (3, 1), (2, 2)])
    s = run(s, until=lambda s: s.round == 2 and s.phase == "defence")
    for seat in range(3):
        assert any(c.defence_only for c in s.seats[seat].hand)  # kept through round 1
    seat = seat_of(s)
    assert any(m.action.defence_only for m in ENGINE.legal_moves(s))
    a = next(m.action for m in ENGINE.legal_moves(s) if m.action.defence_only)
    s2 = ENGINE.apply(s, mv.Move(seat, a))
    assert not any(c.defence_only for c in s2.seats[seat].hand)


def test_defence_only_card_deal_is_secret_in_views() -> None:
    """§8: which off-colour card a player was dealt is secret: the undealt pool must not reveal it."""
    base = new_state(ENGINE, 3, board="borderlands", start_player=0)
    for f, v in dice_with():
        base = chance(base, mv.ChanceDie(f, v))
    base = chance(base, mv.ChanceTile(1))
    for g in setup.deck(base)[:7]:
        base = chance(base, mv.ChanceGuild(g))
    first = chance(base, mv.ChanceCard(4, 0))
    other = chance(base, mv.ChanceCard(3, 1))
    # Seat 1 must not learn seat 0's card from the undealt pool (``defence_only_left``).
    assert ENGINE.view(first, 1).defence_only_left == ENGINE.view(other, 1).defence_only_left
    assert ENGINE.view(first, 1) == ENGINE.view(other, 1)


# ---- round 1 build (§5.3) -----------------------------------------------------------------------

# Londonderry die spots: A11 A12 A13 A14 A21 A24 A31 A34 A41 A42 A43 A44 (0..11), towers T1..T8 (12..19).
WE2_DICE = dice_with({0: ("blue", 2), 2: ("blue", 2), 3: ("blue", 3), 12: ("blue", 3), 1: ("purple", 2)})


def first_builder(s: State) -> State:
    return run(s, Prefs(paths=("p24",)), until=at_build(1))


def test_we2_road_settle_and_die_adjust() -> None:
    s = first_builder(scripted(3, dice=WE2_DICE))
    b = board(s)
    assert faction_value(b, s.dice, "blue", 1) == 7  # WE-1: the tower die is ignored
    w = seat_of(s)
    before = s.seats[w]
    s = act(s, mv.BuildRoad("p01", 2, 1))  # short road between A11 and A12
    assert [p.id for p in s.paths if p.id == "p01"] == ["p01"]
    settle = mv.Settle(first=1, area1="A11", placed1=1, nobles1=0, area2="A12", placed2=2, nobles2=1)
    assert check(s, settle) == []
    s = act(s, settle)
    assert at(s, "A11", str(w)) == Placed("A11", str(w), 1, 0)
    assert at(s, "A12", str(w)) == Placed("A12", str(w), 1, 1)
    assert check(s, mv.Adjust("die", 12, 1)) == ["WALLED_CITY_BAD_ADJUST"]  # round 1: no tower dice
    assert check(s, mv.Adjust("die", 2, 1)) == ["WALLED_CITY_BAD_ADJUST"]  # A13 is not next to p01
    assert check(s, mv.Adjust("die", 1, 1)) == []  # the purple die in A12
    s = act(s, mv.Adjust("die", 0, 1))
    assert s.dice[0].value == 3
    assert faction_value(b, s.dice, "blue", 1) == 8
    after = s.seats[w]
    assert (before.nobles - after.nobles, before.peasants - after.peasants, before.roads - after.roads) == (1, 2, 1)
    assert Counter((c.a, c.b) for c in before.hand) - Counter((c.a, c.b) for c in after.hand) == {(2, 1): 1}
    assert s.turn is None or s.turn.seat != w  # the turn passed on


def test_round_one_adjust_tile_flip_and_pass() -> None:
    # p03 joins A12 and A13; the survey spots are A22, A23, A32, A33 — p06 joins A13 and A23.
    s = first_builder(scripted(3, tiles=[1, -1, 1, 1]))
    s = act(s, mv.BuildRoad("p06", 1, 1))
    s = act(s, mv.Settle(1, "A13", 1, 0, "A23", 1, 0))
    tile = next(i for i, t in enumerate(s.tiles) if t.area == "A23")
    other = next(i for i, t in enumerate(s.tiles) if t.area == "A22")
    assert check(s, mv.Adjust("tile", other)) == ["WALLED_CITY_BAD_ADJUST"]
    assert check(s, mv.Done()) == []
    value = s.tiles[tile].value
    s = act(s, mv.Adjust("tile", tile))
    assert s.tiles[tile].value == -value


def test_round_one_die_bounds() -> None:
    dice = dice_with({0: ("blue", 3), 1: ("purple", 1)})
    s = first_builder(scripted(3, dice=dice))
    s = act(s, mv.BuildRoad("p01", 1, 1))
    s = act(s, mv.Settle(1, "A11", 1, 0, "A12", 1, 0))
    assert check(s, mv.Adjust("die", 0, 1)) == ["WALLED_CITY_BAD_ADJUST"]
    assert check(s, mv.Adjust("die", 1, -1)) == ["WALLED_CITY_BAD_ADJUST"]
    assert check(s, mv.Adjust("die", 0, -1)) == []
    assert check(s, mv.Adjust("die", 1, 1)) == []


def test_round_one_settle_must_match_the_card_exactly() -> None:
    s = first_builder(scripted(3))
    s = act(s, mv.BuildRoad("p01", 3, 2))
    ok = [mv.Settle(3, "A11", 3, 3, "A12", 2, 0), mv.Settle(2, "A11", 2, 1, "A12", 3, 2)]
    for a in ok:
        assert check(s, a) == []
    bad = [
        mv.Settle(3, "A11", 2, 0, "A12", 2, 0),  # one short with a full reserve
        mv.Settle(3, "A11", 3, 0, "A12", 3, 0),  # one too many
        mv.Settle(4, "A11", 4, 0, "A12", 1, 0),  # not the card's numbers
        mv.Settle(3, "A12", 3, 0, "A11", 2, 0),  # areas on the wrong sides
        mv.Settle(3, "A11", 3, 0, "A22", 2, 0),  # not next to the road
        mv.Settle(3, "A11", 3, 4, "A12", 2, 0),  # more nobles than placed
    ]
    for a in bad:
        assert check(s, a) == ["WALLED_CITY_BAD_SETTLE"], a


def test_shortage_settling_round_one_places_as_many_as_possible() -> None:
    """A-6: with fewer citizens than the card, place all of them, each side at most its number."""
    s = first_builder(scripted(3))
    w = seat_of(s)
    s = replace(s, seats=tuple(replace(p, nobles=1, peasants=1) if i == w else p for i, p in enumerate(s.seats)))
    s = act(s, mv.BuildRoad("p01", 3, 2))
    legal = [m.action for m in ENGINE.legal_moves(s)]
    assert legal and all(a.placed1 + a.placed2 == 2 for a in legal)
    assert all(a.placed1 <= a.first and a.placed2 <= 5 - a.first for a in legal)
    assert mv.Settle(3, "A11", 2, 1, "A12", 0, 0) in legal
    # Both orientations are the player's choice (§5.3 step 2); 1 + 1 fits either, so both must validate.
    assert check(s, mv.Settle(3, "A11", 1, 0, "A12", 1, 1)) == []
    assert check(s, mv.Settle(2, "A11", 1, 0, "A12", 1, 1)) == []
    assert check(s, mv.Settle(3, "A11", 1, 0, "A12", 0, 0)) == ["WALLED_CITY_BAD_SETTLE"]
    assert check(s, mv.Settle(3, "A11", 2, 2, "A12", 0, 0)) == ["WALLED_CITY_BAD_SETTLE"]
    assert check(s, mv.Settle(3, "A11", 3, 1, "A12", 0, 0)) == ["WALLED_CITY_BAD_SETTLE"]
    s = act(s, mv.Settle(3, "A11", 1, 1, "A12", 1, 0))
    assert (s.seats[w].nobles, s.seats[w].peasants) == (0, 0)


def test_shortage_settling_with_an_empty_reserve_places_nothing() -> None:
    s = first_builder(scripted(3))
    w = seat_of(s)
    s = replace(s, seats=tuple(replace(p, nobles=0, peasants=0) if i == w else p for i, p in enumerate(s.seats)))
    s = act(s, mv.BuildRoad("p01", 2, 1))
    legal = [m.action for m in ENGINE.legal_moves(s)]
    assert legal and all(a.placed1 == a.placed2 == 0 for a in legal)
    assert check(s, mv.Settle(2, "A11", 1, 0, "A12", 0, 0)) == ["WALLED_CITY_BAD_SETTLE"]


# ---- T-paths (§5.8, WE-18) ----------------------------------------------------------------------


def test_we18_t_path_settle_and_adjust() -> None:
    # Borderlands die spots: W1 W3 W5 W7 O1..O8 (0..11), towers (12..19); the survey spot is W2.
    s = run(
        scripted(3, "borderlands", dice=dice_with({0: ("blue", 2), 4: ("green", 2)})),
        Prefs(paths=("r5",)),
        until=at_build(1),
    )
    assert board(s).sides("t1") == (("O1",), ("W1", "W2"))
    s = act(s, mv.BuildRoad("t1", 3, 2))
    william = mv.Settle(first=2, area1="O1", placed1=2, nobles1=0, area2="W2", placed2=3, nobles2=0)
    mirror = [
        mv.Settle(first=3, area1="O1", placed1=3, nobles1=0, area2="W1", placed2=2, nobles2=0),
        mv.Settle(first=3, area1="O1", placed1=3, nobles1=0, area2="W2", placed2=2, nobles2=0),
        mv.Settle(first=2, area1="O1", placed1=2, nobles1=0, area2="W1", placed2=3, nobles2=0),
    ]
    for a in [william, *mirror]:
        assert check(s, a) == [], a
    legal = [m.action for m in steps(s)]
    assert {(a.first, a.area2) for a in legal} == {(2, "W1"), (2, "W2"), (3, "W1"), (3, "W2")}
    assert check(s, mv.Settle(2, "W1", 2, 0, "O1", 3, 0)) == ["WALLED_CITY_BAD_SETTLE"]
    assert check(s, mv.Settle(2, "O1", 2, 0, "W3", 3, 0)) == ["WALLED_CITY_BAD_SETTLE"]
    w = str(seat_of(s))
    s = act(s, william)
    assert at(s, "O1", w).peasants == 2 and at(s, "W2", w).peasants == 3 and at(s, "W1", w).peasants == 0
    # Adjust: any of A, B1, B2 — the W1 die though nothing was settled there, the W2 tile, the O1 die.
    legal = [m.action for m in ENGINE.legal_moves(s)]
    assert mv.Adjust("die", 0, 1) in legal and mv.Adjust("die", 4, 1) in legal
    assert mv.Adjust("tile", 0) in legal
    places = {s.dice[a.index].location for a in legal if isinstance(a, mv.Adjust) and a.kind == "die"}
    assert places == {"O1", "W1"}
    s = act(s, mv.Adjust("die", 0, -1))
    assert s.dice[0].value == 1


# ---- alignment and build order (§4.2, §4.3; WE-15, WE-16, WE-17) -------------------------------

WE15_OFFER = ("clothworkers", "fishmongers", "salters", "mercers", "drapers", "grocers", "vintners")


@pytest.mark.parametrize("start", [0, 1, 2])
def test_we15_alignment_clockwise_and_build_by_priority(start: int) -> None:
    s = scripted(3, start=start, guilds=WE15_OFFER)
    s = finish_starting_roads(s)
    assert s.phase == "alignment"
    picks = ["clothworkers", "fishmongers", "salters"]
    pickers = []
    for guild in picks:
        pickers.append(seat_of(s))
        s = act(s, mv.ChooseGuild(guild))
    assert pickers == [start, (start + 1) % 3, (start + 2) % 3]  # clockwise from the start player
    olive, william, tanya = pickers
    order = []
    while s.phase == "build" and s.round == 1:
        if s.turn is not None and s.turn.step == "place":
            order.append(s.turn.seat)
        s = ENGINE.apply(s, ENGINE.legal_moves(s)[0])
    # W (Fishmongers 4), T (Salters 9), O (Clothworkers 12), in cycles of 5 roads each (WE-19).
    assert order == [william, tanya, olive] * 5


def test_we16_round_two_offer_and_reverse_score_order() -> None:
    s = scripted(3, guilds=WE15_OFFER)
    prefs = Prefs(guilds={(1, 0): "mercers", (1, 1): "drapers", (1, 2): "grocers"})
    s = run(s, prefs, until=lambda s: s.round == 2)
    assert s.phase == "alignment"
    assert len(s.offer) == 4  # 7 − 3
    assert not {"mercers", "drapers", "grocers"} & set(s.offer)
    assert all(p.guild == "" for p in s.seats)
    assert [p.round1_guild for p in s.seats] == ["mercers", "drapers", "grocers"]
    expected = sorted(range(3), key=lambda i: (s.seats[i].votes, guild_key(s.seats[i].round1_guild)))
    assert list(s.order) == expected
    for i in expected:
        assert seat_of(s) == i
        s = act(s, ENGINE.legal_moves(s)[0].action)
    assert len(s.offer) == 1
    assert s.phase == "build"


def test_round_two_alignment_tie_goes_to_lower_round_one_guild() -> None:
    """§4.3 / A-30: tied players pick in the order of their round-1 guild keys."""
    s = scripted(3, guilds=WE15_OFFER)
    prefs = Prefs(guilds={(1, 0): "vintners", (1, 1): "drapers", (1, 2): "mercers"})
    s = run(s, prefs, until=lambda s: s.phase == "defence" and s.index == 2)
    s = replace(s, seats=tuple(replace(p, votes=10) for p in s.seats))
    s = act(s, ENGINE.legal_moves(s)[0].action)
    assert s.round == 2 and s.phase == "alignment"
    assert s.order == (2, 1, 0)  # Mercers 1, Drapers 3, Vintners 11


def test_defence_order_reverse_score_ties_by_current_guild() -> None:
    s = scripted(3, guilds=WE15_OFFER)
    prefs = Prefs(guilds={(1, 0): "vintners", (1, 1): "drapers", (1, 2): "mercers"})
    s = run(s, prefs, until=lambda s: s.phase == "defence")
    expected = sorted(range(3), key=lambda i: (s.seats[i].votes, guild_key(s.seats[i].guild)))
    assert list(s.order) == expected
    assert seat_of(s) == expected[0]


def test_we17_mixed_decks_plain_number_before_b() -> None:
    s = scripted(2, deck="mixed", guilds=("carpenters", "mercers", "bakers", "drapers", "tanners"))
    assert len(setup.deck(s)) == 20
    s = finish_starting_roads(s)
    s = act(s, mv.ChooseGuild("carpenters"))  # seat 0 (start player)
    s = act(s, mv.ChooseGuild("mercers"))
    order = []
    while s.phase == "build" and s.round == 1:
        if s.turn is not None and s.turn.step == "place":
            order.append(s.turn.seat)
        s = ENGINE.apply(s, ENGINE.legal_moves(s)[0])
    assert order == [1, 0] * 6  # Mercers 1 before Carpenters 1b


def test_mixed_deck_offers_any_of_the_twenty() -> None:
    s = new_state(ENGINE, 4, guild_deck="mixed", start_player=0)
    for f, v in dice_with():
        s = chance(s, mv.ChanceDie(f, v))
    for _ in range(4):
        s = chance(s, mv.ChanceTile(1))
    assert len(ENGINE.legal_moves(s)) == 20
    board_only = new_state(ENGINE, 4, start_player=0)
    for f, v in dice_with():
        board_only = chance(board_only, mv.ChanceDie(f, v))
    for _ in range(4):
        board_only = chance(board_only, mv.ChanceTile(1))
    assert check(board_only, mv.ChanceGuild("carpenters")) == ["WALLED_CITY_IMPOSSIBLE_CHANCE"]


# ---- turn counts (WE-19) -----------------------------------------------------------------------


@pytest.mark.parametrize(("board_side", "players"), CONFIGS)
def test_we19_turn_counts(board_side: str, players: int) -> None:
    roads, walls = ALLOTMENT[(board_side, players)][:2]
    s = scripted(players, board_side)
    turns: Counter[tuple[int, int]] = Counter()
    zones_after_round1 = None
    while ENGINE.pending(s).seats:
        m = ENGINE.legal_moves(s)[0]
        if isinstance(m.action, (mv.BuildRoad, mv.BuildWall)):
            turns[(s.round, m.seat)] += 1
            assert isinstance(m.action, mv.BuildRoad) == (s.round == 1)
        before_round = s.round
        s = ENGINE.apply(s, m)
        if before_round == 1 and s.round == 2:
            zones_after_round1 = len(s.zones)
            assert all(p.roads == 0 for p in s.seats)
    assert all(turns[(1, i)] == roads and turns[(2, i)] == walls for i in range(players))
    assert all(p.walls == 0 for p in s.seats)
    assert zones_after_round1 == players and len(s.zones) == 2 * players
    assert len(s.paths) == roads * players + STARTING_ROADS[players]
    assert len(s.gaps) == walls * players == 12


# ---- round 2 build (§5.4, WE-11) ----------------------------------------------------------------

# Towers T3 (index 14) orange 1, T4 (15) blue, A24 (5) green: g24e opens onto A24, nearest towers T3 and T4.
WE11_DICE = dice_with({14: ("orange", 1), 15: ("blue", 2), 5: ("green", 2), 12: ("yellow", 2)})


def round_two(players: int = 3, **kwargs: object) -> State:
    return run(scripted(players, dice=WE11_DICE, **kwargs), until=at_build(2))  # type: ignore[arg-type]


def test_we11_wall_settle_promote_adjust() -> None:
    s = round_two()
    b = board(s)
    assert b.nearest_towers("g24e") == ("T3", "T4")
    tanya = seat_of(s)
    william = (tanya + 1) % 3
    s = place_pieces(s, "A24", str(tanya), nobles=1)
    s = place_pieces(s, "A24", str(william), nobles=1)
    assert (4, 1, False) in hand_counter(s, tanya)
    s = act(s, mv.BuildWall("g24e", 4, 1))
    peasants = at(s, "A24", str(tanya)).peasants
    assert check(s, mv.SettleWall(4, 0, 4)) == []
    assert check(s, mv.SettleWall(1, 0, 1)) == []  # either half
    assert check(s, mv.SettleWall(4, 0, 3)) == ["WALLED_CITY_BAD_SETTLE"]
    assert check(s, mv.SettleWall(3, 0, 3)) == ["WALLED_CITY_BAD_SETTLE"]
    s = act(s, mv.SettleWall(4, 0, 4))
    assert at(s, "A24", str(tanya)).peasants == peasants + 4  # directly next to the wall
    assert s.turn is not None and s.turn.step == "promote" and s.turn.promote_left == 1
    assert check(s, mv.Promote(str(william), "A24", "T3")) == []  # any colour
    assert check(s, mv.Promote(str(william), "A24", "T4")) == []
    assert check(s, mv.Promote(str(tanya), "A24", "T1")) == ["WALLED_CITY_BAD_PROMOTE"]  # not a nearest tower
    far = next(a for a in b.area_ids if a not in district_of(b, {p.id: built(1) for p in s.paths})["A24"].areas)
    s_far = place_pieces(s, far, str(william), nobles=1)
    assert check(s_far, mv.Promote(str(william), far, "T3")) == ["WALLED_CITY_BAD_PROMOTE"]
    watch = at(s, "T3", str(tanya)).nobles
    s = act(s, mv.Promote(str(tanya), "A24", "T3"))
    assert at(s, "T3", str(tanya)).nobles == watch + 1
    assert s.turn is not None and s.turn.step == "adjust"  # only "1" promotion
    legal = [m.action for m in ENGINE.legal_moves(s)]
    die_places = {s.dice[a.index].location for a in legal if isinstance(a, mv.Adjust) and a.kind == "die"}
    assert {"T3", "T4", "A24"} <= die_places and "T1" not in die_places
    orange = faction_value(b, s.dice, "orange", 2)
    s = act(s, mv.Adjust("die", 14, 1))
    assert s.dice[14].value == 2
    assert faction_value(b, s.dice, "orange", 2) == orange + 1


def reasons(s: State, action: object) -> list[tuple[str, str, str]]:
    """(code, message, field) of each violation of ``action`` for the pending seat."""
    return [(v.code, v.message, v.field) for v in ENGINE.validate(s, mv.Move(seat_of(s), action))]


def test_wall_settle_refusals_name_the_card_number_and_the_reserve() -> None:
    """§5.4 step 2, A-6: a number not on the card (4/1) and more peasants than the reserve each get their own
    message, with the numbers and the field at fault."""
    s = act(round_two(), mv.BuildWall("g24e", 4, 1))
    w = seat_of(s)
    assert reasons(s, mv.SettleWall(3, 0, 3)) == [
        ("WALLED_CITY_BAD_SETTLE", "3 is not a number on the card played (4/1).", "action.number")
    ]
    s = replace(s, seats=tuple(replace(p, peasants=2) if i == w else p for i, p in enumerate(s.seats)))
    assert s.seats[w].nobles >= 4
    assert reasons(s, mv.SettleWall(4, 0, 4)) == [
        ("WALLED_CITY_BAD_SETTLE", "More than the reserve: 4 peasants settled, your reserve has 2.", "action")
    ]
    assert check(s, mv.SettleWall(4, 2, 2)) == []


def test_road_settle_refusal_names_a_number_not_on_the_card() -> None:
    """§5.3 step 2: the first side's number must be one of the card played (3/2)."""
    s = act(first_builder(scripted(3)), mv.BuildRoad("p01", 3, 2))
    assert reasons(s, mv.Settle(4, "A11", 4, 0, "A12", 1, 0)) == [
        ("WALLED_CITY_BAD_SETTLE", "4 is not a number on the card played (3/2).", "action.first")
    ]


def test_build_turn_prompt_says_what_the_step_decides() -> None:
    """§5.10: during a build turn the pending decision is the step (its kind names it), and its prompt says
    what the builder decides, without naming the seat (the client says whose decision it is)."""
    s = round_two()
    assert s.turn is not None and s.turn.step == "place"
    assert ENGINE.pending(s).kind == "build.place"
    assert ENGINE.pending(s).prompt == "Build a wall on a gap with one of your cards"
    s = act(s, mv.BuildWall("g24e", 4, 1))
    assert ENGINE.pending(s).kind == "build.settle"
    assert ENGINE.pending(s).prompt == (
        "Settle citizens next to your wall with one number of card 4/1; the other promotes nobles"
    )


def test_round_two_promote_neutral_noble_and_zero_half() -> None:
    """A-5: the neutral's nobles may be promoted; settling a 0 half promotes up to the whole card (§5.4)."""
    s = run(scripted(2, dice=WE11_DICE), Prefs(cards={0: [(3, 1), (2, 2)], 1: [(3, 1), (2, 2)]}), until=at_build(2))
    seat = seat_of(s)
    card = next((c.a, c.b) for c in s.seats[seat].hand if 0 in (c.a, c.b))
    s = act(s, mv.BuildWall("g24e", *card))
    zero = mv.SettleWall(0, 0, 0)
    assert check(s, zero) == []
    s = act(s, zero)
    assert s.turn is not None and s.turn.step == "promote" and s.turn.promote_left == max(card)
    assert at(s, "A24", NEUTRAL).nobles == 1
    s = act(s, mv.Promote(NEUTRAL, "A24", "T4"))
    assert at(s, "T4", NEUTRAL).nobles == 2
    assert at(s, "A24", NEUTRAL).nobles == 0
    assert check(s, mv.Done()) == []


def test_shortage_settling_round_two() -> None:
    """§5.4 [R]: with fewer citizens than the half, place all you have."""
    s = round_two()
    w = seat_of(s)
    s = replace(s, seats=tuple(replace(p, nobles=1, peasants=1) if i == w else p for i, p in enumerate(s.seats)))
    card = next((c.a, c.b) for c in s.seats[w].hand if max(c.a, c.b) >= 3)
    s = act(s, mv.BuildWall("g24e", *card))
    big = max(card)
    assert check(s, mv.SettleWall(big, 1, 1)) == []
    assert check(s, mv.SettleWall(big, 0, 1)) == ["WALLED_CITY_BAD_SETTLE"]
    assert check(s, mv.SettleWall(big, 1, 2)) == ["WALLED_CITY_BAD_SETTLE"]


# ---- defence (§5.5, WE-10) ----------------------------------------------------------------------


def test_we10_defence_card_orientation() -> None:
    s = scripted(3)
    s = run(s, until=lambda s: s.phase == "defence")
    order = list(s.order)
    assert [s.seats[i].votes for i in order] == sorted(s.seats[i].votes for i in order)
    tanya = order[-1]  # most votes, places last
    assert board(s).zone_towers("Z1") == ("T1", "T2")
    assert board(s).tower_zones("T1") == ("Z8", "Z1") and board(s).tower_zones("T2") == ("Z1", "Z2")
    placement = mv.PlaceDefenceCard("Z1", 3, 2, toward_ccw=2)
    prefs = Prefs(zones=("Z4", "Z5", "Z6", "Z7", "Z3"), defence={(1, tanya): placement})
    s = run(s, prefs, until=lambda s: s.phase == "defence" and seat_of(s) == tanya)
    assert check(s, placement) == []
    assert check(s, mv.PlaceDefenceCard("Z1", 3, 2, toward_ccw=1)) == ["WALLED_CITY_BAD_DEFENCE"]
    s = act(s, placement)
    card = next(z for z in s.zones if z.zone == "Z1")
    assert (card.owner, card.toward_ccw, card.toward_cw, card.revealed) == (tanya, 2, 3, False)
    hidden = next(z for z in ENGINE.view(s, (tanya + 1) % 3).zones if z.zone == "Z1")
    assert (hidden.toward_ccw, hidden.toward_cw) == (0, 0) and hidden.owner == tanya
    own = next(z for z in ENGINE.view(s, tanya).zones if z.zone == "Z1")
    assert (own.toward_ccw, own.toward_cw) == (2, 3)
    # Round 2: nobody else in T1/T2 but one watchman each; Z8 and Z2 stay empty.
    s = run(s, prefs, until=lambda s: s.round == 2 and s.phase == "defence")
    a, b2 = (tanya + 1) % 3, (tanya + 2) % 3
    towers = [p for p in s.citizens if p.place not in ("T1", "T2")]
    s = replace(s, citizens=(*towers, Placed("T1", str(a), 0, 1), Placed("T2", str(b2), 0, 1)))
    s = run(s, prefs)
    assert s.phase == "over"
    assert {z.zone for z in s.zones} == {"Z1", "Z3", "Z4", "Z5", "Z6", "Z7"}
    assert all(z.revealed for z in s.zones)
    tower_votes = {(v.who, v.category): v.points for v in s.votes if "tower" in v.category and v.points}
    t1 = {k: p for k, p in tower_votes.items() if k[1].endswith(" T1")}
    t2 = {k: p for k, p in tower_votes.items() if k[1].endswith(" T2")}
    assert list(t1.values()) == [2] and next(iter(t1))[0] == str(a)
    assert list(t2.values()) == [3] and next(iter(t2))[0] == str(b2)


def test_each_player_places_one_defence_card_per_round() -> None:
    s = run(scripted(4, "borderlands"), until=lambda s: s.phase == "defence")
    hands = [len(p.hand) for p in s.seats]
    s = run(s, until=lambda s: s.phase != "defence")
    assert [len(p.hand) for p in s.seats] == [h - 1 for h in hands]
    assert len(s.zones) == 4 and len({z.zone for z in s.zones}) == 4


# ---- flee (§5.7, WE-12, WE-21) ------------------------------------------------------------------

ISOLATE_A22 = ("p04", "p08", "p10", "p11")
WALLED = ("g14n", "g14e", "g24e", "g34e", "g44e", "g44s", "g43s", "g42s", "g41s", "g41w", "g31w", "g21w")


def test_we12_we21_nobles_flee_from_open_districts() -> None:
    prefs = Prefs(paths=ISOLATE_A22, gaps=WALLED)
    s = run(scripted(3), prefs, until=at_build(2))
    b = board(s)
    o, w = 0, 1
    s = place_pieces(s, "A11", str(o), peasants=3, nobles=2)
    s = place_pieces(s, "T1", str(o), nobles=1)
    s = place_pieces(s, "A22", str(w), nobles=1)
    before = s
    while not (s.round == 2 and s.phase == "defence"):
        before = s
        s = ENGINE.apply(s, choose(s, prefs))
    assert {g.id for g in s.gaps} == set(WALLED)
    paths = {p.id: built(1) for p in before.paths}
    districts = district_of(b, paths)
    assert districts["A22"].areas == ("A22",)
    open_areas = {a for g in ("g11n", "g11w", "g12n", "g13n") for a in districts[b.gap_area(g)].areas}
    assert "A11" in open_areas and "A22" not in open_areas
    # WE-21: O's 2 nobles go to the box; the 3 peasants and the watchman stay.
    assert at(s, "A11", str(o)) == Placed("A11", str(o), at(before, "A11", str(o)).peasants, 0)
    assert at(s, "A11", str(o)).peasants >= 3
    assert at(s, "T1", str(o)).nobles == at(before, "T1", str(o)).nobles >= 1
    # WE-12: every open district loses all its nobles, any colour; closed districts keep theirs.
    fled: Counter[str] = Counter()
    for p in before.citizens:
        if p.place in open_areas:
            fled[p.who] += p.nobles
            assert at(s, p.place, p.who).nobles == 0 and at(s, p.place, p.who).peasants == p.peasants
        else:
            assert at(s, p.place, p.who) == p
    assert at(s, "A22", str(w)).nobles >= 1
    out_before = Counter({p.who: p.nobles for p in before.out_nobles})
    out_after = Counter({p.who: p.nobles for p in s.out_nobles})
    assert out_after - out_before == +fled
    assert fled[str(o)] >= 2


# ---- winner (§4.5) -----------------------------------------------------------------------------


def test_final_tie_goes_to_lower_round_two_guild() -> None:
    s = scripted(3, guilds=WE15_OFFER)
    prefs = Prefs(
        guilds={
            (1, 0): "mercers",
            (1, 1): "drapers",
            (1, 2): "fishmongers",
            (2, 0): "clothworkers",
            (2, 1): "grocers",
            (2, 2): "salters",
        }
    )
    s = run(s, prefs)
    assert s.phase == "over"
    assert [p.guild for p in s.seats] == ["clothworkers", "grocers", "salters"]
    totals = {i: sum(v.points for v in s.votes if v.who == str(i)) for i in range(3)}
    top = max(totals.values()) + 10
    extra = tuple(vote_line(str(i), "test adjustment", top - totals[i], Text("tie", (), "tie")) for i in (0, 1))
    tied = replace(s, votes=(*s.votes, *extra))
    sheet = ENGINE.score(tied)
    assert sheet.final
    assert sheet.winners == (1,)  # Grocers 2 beats Clothworkers 12, though seat 0 had Mercers 1 in round 1
    assert [x.place for x in sheet.seats][:2] == [2, 1]
    assert all(x.total == sum(e.points for e in x.entries) for x in sheet.seats)


def test_untied_winner_has_most_votes() -> None:
    s = run(scripted(4))
    sheet = ENGINE.score(s)
    best = max(x.total for x in sheet.seats)
    assert len(sheet.winners) == 1 and sheet.seats[sheet.winners[0]].total == best
    assert [x.total for x in sheet.seats] == [p.votes for p in s.seats]


# ---- illegal moves and codes ---------------------------------------------------------------------


def test_illegal_chance_outcomes() -> None:
    s = new_state(ENGINE, 3, board="borderlands", start_player=0)
    assert check(s, mv.ChanceSeat(0)) == ["WALLED_CITY_IMPOSSIBLE_CHANCE"]  # the start player is configured
    assert check(s, mv.ChanceDie("blue", 4)) == ["WALLED_CITY_IMPOSSIBLE_CHANCE"]
    assert check(s, mv.ChanceDie("red", 1)) == ["WALLED_CITY_IMPOSSIBLE_CHANCE"]
    assert check(s, mv.ChanceTile(1)) == ["WALLED_CITY_IMPOSSIBLE_CHANCE"]  # dice first
    for _ in range(4):
        s = chance(s, mv.ChanceDie("blue", 1))
    assert check(s, mv.ChanceDie("blue", 1)) == ["WALLED_CITY_IMPOSSIBLE_CHANCE"]  # a 5th blue die
    for f, v in dice_with()[4:]:
        if f == "blue":
            continue
        s = chance(s, mv.ChanceDie(f, v))
    assert check(s, mv.ChanceTile(0)) == ["WALLED_CITY_IMPOSSIBLE_CHANCE"]
    s = chance(s, mv.ChanceTile(-1))
    assert check(s, mv.ChanceGuild("mercers")) == ["WALLED_CITY_IMPOSSIBLE_CHANCE"]  # not in the Borderlands deck
    s = chance(s, mv.ChanceGuild("carpenters"))
    assert check(s, mv.ChanceGuild("carpenters")) == ["WALLED_CITY_IMPOSSIBLE_CHANCE"]  # already laid out
    for g in [g for g in setup.deck(s) if g != "carpenters"][:6]:
        s = chance(s, mv.ChanceGuild(g))
    assert check(s, mv.ChanceCard(5, 0)) == ["WALLED_CITY_IMPOSSIBLE_CHANCE"]
    s = chance(s, mv.ChanceCard(4, 0))
    assert check(s, mv.ChanceCard(4, 0)) == ["WALLED_CITY_IMPOSSIBLE_CHANCE"]  # dealt already
    assert codes(s, 0, mv.StartingRoad("t1")) == ["COMMON_NOT_YOUR_TURN"]


def test_illegal_moves_in_alignment_and_build() -> None:
    s = scripted(4, start=0)
    assert check(s, mv.ChooseGuild("carpenters")) == ["WALLED_CITY_NOT_OFFERED"]
    assert check(s, mv.BuildRoad("p01", 3, 2)) == ["COMMON_WRONG_DECISION"]
    assert codes(s, 1, mv.ChooseGuild(s.offer[0])) == ["COMMON_NOT_YOUR_TURN"]
    taken = s.offer[0]
    s = act(s, mv.ChooseGuild(taken))
    assert check(s, mv.ChooseGuild(taken)) == ["WALLED_CITY_NOT_OFFERED"]
    s = run(s, until=at_build(1))
    assert check(s, mv.BuildRoad("p99", 3, 2)) == ["WALLED_CITY_NO_SUCH_PATH"]
    assert check(s, mv.BuildWall("g11n", 3, 2)) == ["WALLED_CITY_WRONG_ROUND"]
    assert check(s, mv.BuildRoad("p01", 1, 0)) == ["WALLED_CITY_NO_SUCH_CARD"]  # removed with 4 players
    assert check(s, mv.BuildRoad("p01", 2, 0)) == ["WALLED_CITY_NO_SUCH_CARD"]
    assert check(s, mv.BuildRoad("p01", 6, 0)) == ["WALLED_CITY_NO_SUCH_CARD"]
    assert check(s, mv.Settle(1, "A11", 1, 0, "A12", 0, 0)) == ["COMMON_WRONG_DECISION"]
    s = act(s, mv.BuildRoad("p01", 3, 2))
    assert check(s, mv.BuildRoad("p02", 3, 1)) == ["COMMON_WRONG_DECISION"]
    s = act(s, mv.Settle(3, "A11", 3, 0, "A12", 2, 0))
    assert check(s, mv.Promote("0", "A11", "T1")) == ["COMMON_WRONG_DECISION"]
    assert check(s, mv.Adjust("die", 99, 1)) == ["WALLED_CITY_BAD_ADJUST"]
    assert check(s, mv.Adjust("die", 0, 2)) == ["WALLED_CITY_BAD_ADJUST"]
    assert check(s, mv.Adjust("tile", 0)) == ["WALLED_CITY_BAD_ADJUST"]  # A22 is not next to p01
    s = act(s, mv.Done())
    assert check(s, mv.BuildRoad("p01", 3, 1)) == ["WALLED_CITY_PATH_TAKEN"]
    with pytest.raises(IllegalMove) as err:
        ENGINE.apply(s, mv.Move(seat_of(s), mv.BuildRoad("p01", 3, 1)))
    assert [v.code for v in err.value.violations] == ["WALLED_CITY_PATH_TAKEN"]


def test_two_player_removed_cards_cannot_be_played() -> None:
    s = run(scripted(2), until=at_build(1))
    for card in ((5, 0), (2, 0), (1, 0)):
        assert check(s, mv.BuildRoad("p24", *card)) == ["WALLED_CITY_NO_SUCH_CARD"]
    assert check(s, mv.BuildRoad("p24", 3, 2)) == []
    s = run(scripted(2, "borderlands"), until=at_build(1))
    for card in ((5, 0), (4, 1)):
        assert check(s, mv.BuildRoad("r8", *card)) == ["WALLED_CITY_NO_SUCH_CARD"]
    assert check(s, mv.BuildRoad("r8", 3, 2)) == []


def test_illegal_moves_in_round_two_and_defence() -> None:
    s = round_two()
    assert check(s, mv.BuildRoad("p01", 3, 2)) == ["WALLED_CITY_WRONG_ROUND"]
    assert check(s, mv.BuildWall("g99", 3, 2)) == ["WALLED_CITY_NO_SUCH_GAP"]
    s = act(s, mv.BuildWall("g24e", 4, 1))
    assert check(s, mv.Settle(4, "A24", 4, 0, "A34", 1, 0)) == ["WALLED_CITY_BAD_SETTLE"]  # a round-1 settle
    s = act(s, mv.SettleWall(1, 0, 1))
    s = act(s, mv.Done())
    assert s.turn is not None and s.turn.step == "adjust"
    s = act(s, mv.Done())
    assert check(s, mv.BuildWall("g24e", 3, 2)) == ["WALLED_CITY_GAP_TAKEN"]
    s = run(s, until=lambda s: s.phase == "defence")
    seat = seat_of(s)
    taken = s.zones[0].zone
    card = s.seats[seat].hand[0]
    assert codes(s, seat, mv.PlaceDefenceCard(taken, card.a, card.b, card.a)) == ["WALLED_CITY_BAD_DEFENCE"]
    free = next(z.id for z in board(s).zones if z.id not in {x.zone for x in s.zones})
    assert codes(s, seat, mv.PlaceDefenceCard(free, 9, 9, 9)) == ["WALLED_CITY_BAD_DEFENCE"]
    assert codes(s, seat, mv.PlaceDefenceCard("Z99", card.a, card.b, card.a)) == ["WALLED_CITY_BAD_DEFENCE"]
    odd = next(c for c in s.seats[seat].hand if c.a != c.b)
    assert codes(s, seat, mv.PlaceDefenceCard(free, odd.a, odd.b, odd.a + odd.b + 1)) == ["WALLED_CITY_BAD_DEFENCE"]
    assert codes(s, (seat + 1) % 3, mv.PlaceDefenceCard(free, card.a, card.b, card.a)) == ["COMMON_NOT_YOUR_TURN"]
    s = run(s)
    assert codes(s, 0, mv.Done()) == ["COMMON_GAME_OVER"]
    assert ENGINE.legal_moves(s) == []
    view = ENGINE.view(s, 0)
    assert codes(view, 0, mv.Done()) == ["COMMON_VIEW_NOT_PLAYABLE"]


def test_every_code_used_here_is_catalogued() -> None:
    used = {
        "WALLED_CITY_IMPOSSIBLE_CHANCE",
        "WALLED_CITY_NO_SUCH_PATH",
        "WALLED_CITY_PATH_TAKEN",
        "WALLED_CITY_NO_SUCH_GAP",
        "WALLED_CITY_GAP_TAKEN",
        "WALLED_CITY_WRONG_ROUND",
        "WALLED_CITY_NO_SUCH_CARD",
        "WALLED_CITY_NOT_OFFERED",
        "WALLED_CITY_BAD_SETTLE",
        "WALLED_CITY_BAD_PROMOTE",
        "WALLED_CITY_BAD_ADJUST",
        "WALLED_CITY_BAD_DEFENCE",
    }
    assert used <= set(CODES)  # the guild codes are checked in test_guilds.py


def test_the_engine_derives_facts_and_words_a_move_in_its_log() -> None:
    """The game's facts (the districts and who leads each) and its log are the engine's, not empty defaults."""
    first = new_state(ENGINE, 2, seed=1)
    assert [d["areas"] for d in ENGINE.facts(ENGINE.view(first, None))["districts"]]
    move = ENGINE.legal_moves(first)[0]
    entry = ENGINE.log(first, move, ENGINE.apply(first, move))
    assert entry.seat == move.seat and entry.public_line.english
