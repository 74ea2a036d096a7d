"""Walled City guild abilities through the engine protocol (the rules spec §5.6, §6.2–§6.3, §10, §11).

Named tests for the activation framework (windows W0–W4 and the turn's ``end`` step, once per round, round 2
discarding the round-1 guilds, violation codes and messages, A-7, A-27) and for each of the 20 guilds
(G1–G20): exact reserves, citizens per place, votes (ledger lines), dice and tiles, hands, spots and fences.
Every state a test inspects is checked with ``legal``: each legal move must validate (§11 invariant 12).

Games are external-chance games from ``scripted`` (mixed deck, so any of the 20 guilds can be offered) driven
by ``run``; where a test needs citizens on particular places it moves them there from the owner's reserve
(``place``), which keeps piece conservation, and asks ``ENGINE.check`` to accept the state.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import pairwise
from typing import Any

import pytest
from msgspec.structs import replace

from engines.core.engine import CHANCE
from engines.walled_city import moves as mv
from engines.walled_city.codes import CODES
from engines.walled_city.common import add_citizens, at, board, spot_states, take_from_reserve, to_box
from engines.walled_city.content import CONTENT
from engines.walled_city.districts import faction_value, open_gaps
from engines.walled_city.engine import ENGINE
from engines.walled_city.fences import Fence
from engines.walled_city.state import NEUTRAL, Card, Placed, Spot, State, Vote
from tests.engines.walled_city.helpers import DECK, Prefs, act, at_build, chance, dice_with, run, scripted

OFFER = {2: 5, 3: 7, 4: 9}
ALL_GUILDS = tuple(g.id for g in CONTENT.guilds)
TOWERS = tuple(f"T{i}" for i in range(1, 9))
L_AREAS = tuple(f"A{r}{c}" for r in range(1, 5) for c in range(1, 5))
# Londonderry die spots: A11 A12 A13 A14 A21 A24 A31 A34 A41 A42 A43 A44 (dice 0..11), towers T1..T8 (12..19);
# survey spots A22 A23 A32 A33 (tiles 0..3). Borderlands: W1 W3 W5 W7 O1..O8 (0..11), T1..T8 (12..19); tile W2.
L_GAP_AREAS = ("A11", "A12", "A13", "A14", "A21", "A24", "A31", "A34", "A41", "A42", "A43", "A44")


# ---- helpers ------------------------------------------------------------------------------------------


def legal(s: State) -> list[Any]:
    """The legal actions; every legal move must pass validation (§11 invariant 12)."""
    moves = ENGINE.legal_moves(s)
    for m in moves:
        assert ENGINE.validate(s, m) == [], m
    return [m.action for m in moves]


def do(s: State, action: Any) -> State:
    """Apply a move that must be among the legal ones."""
    assert action in legal(s), action
    return act(s, action)


def codes(s: State, action: Any, seat: int | None = None) -> list[str]:
    who = ENGINE.pending(s).seats[0] if seat is None else seat
    return [v.code for v in ENGINE.validate(s, mv.Move(who, action))]


def message(s: State, action: Any) -> str:
    violations = ENGINE.validate(s, mv.Move(ENGINE.pending(s).seats[0], action))
    assert len(violations) == 1, violations
    return violations[0].message


def activations(s: State) -> list[mv.ActivateGuild]:
    return [a for a in legal(s) if isinstance(a, mv.ActivateGuild)]


def carpenters_used(s: State, seat: int) -> State:
    """``seat`` holds the Carpenters instead of its guild and has used them: a fence needs a builder (§6.3 G13)."""
    seats = list(s.seats)
    seats[seat] = replace(seats[seat], guild="carpenters", guild_used=True)
    return replace(s, seats=tuple(seats), offer=tuple(g for g in s.offer if g != "carpenters"))


def place(s: State, where: str, who: str, peasants: int = 0, nobles: int = 0) -> State:
    """Move citizens from ``who``'s reserve onto the board (piece conservation kept, §11 invariant 1)."""
    s = take_from_reserve(add_citizens(s, where, who, peasants, nobles), who, peasants, nobles)
    ENGINE.check(s)
    return s


def game(
    players: int,
    r1: Sequence[str],
    r2: Sequence[str] = (),
    *,
    side: str = "londonderry",
    dice: Sequence[tuple[str, int]] | None = None,
    tiles: Sequence[int] | None = None,
    paths: Sequence[str] = (),
    gaps: Sequence[str] = (),
    round_: int = 1,
) -> State:
    """An external-chance game (mixed deck, start player 0) at the first build turn of ``round_``: seat i picks
    ``r1[i]`` in round 1 and ``r2[i]`` in round 2; the scripted players prefer ``paths`` / ``gaps``."""
    offer = [*r1, *r2]
    offer += [g for g in ALL_GUILDS if g not in offer][: OFFER[players] - len(offer)]
    s = scripted(players, side, deck="mixed", guilds=offer, dice=dice, tiles=tiles)
    picks = {(1, i): g for i, g in enumerate(r1)} | {(2, i): g for i, g in enumerate(r2)}
    return run(s, Prefs(paths=paths, gaps=gaps, guilds=picks), until=at_build(round_))


def turn_of(s: State, seat: int, paths: Sequence[str] = (), gaps: Sequence[str] = ()) -> State:
    """Play scripted moves until ``seat``'s build turn starts (W0)."""
    return run(
        s,
        Prefs(paths=paths, gaps=gaps),
        until=lambda s: s.turn is not None and s.turn.seat == seat and s.turn.step == "place" and not s.activation,
    )


def finish_turn(s: State) -> State:
    """Finish the current turn: the first legal settlement, then ``Done`` for promote, adjust and end."""
    seat = s.turn.seat if s.turn else None
    while s.turn is not None and s.turn.seat == seat and s.activation is None and s.turn.step != "place":
        options = legal(s)
        s = do(s, mv.Done() if mv.Done() in options else options[0])
    return s


def reserve(s: State, seat: int) -> tuple[int, int]:
    """(nobles, peasants) in a seat's reserve."""
    return s.seats[seat].nobles, s.seats[seat].peasants


def guild_lines(s: State) -> list[tuple[str, str, int]]:
    return [(v.who, v.category, v.points) for v in s.votes if " guild " in v.category]


def pending_seat(s: State) -> int:
    return ENGINE.pending(s).seats[0]


def hand(s: State, seat: int) -> Counter[tuple[int, int]]:
    return Counter((c.a, c.b) for c in s.seats[seat].hand if not c.defence_only)


FULL_DECK = Counter(DECK)


# ---- the activation framework (§5.6, A-7) ----------------------------------------------------------------


def test_windows_round_one_w0_w1_w2_and_the_end_step() -> None:
    """§5.6: round 1 has W0 (before building), W1 (after building), W2 (after settling) and W3 (after the adjust
    step: the turn's ``end`` step); the ability resolves and the turn goes on at the same step."""
    s = game(3, ["armourers", "clothworkers", "tanners"])
    assert s.turn is not None and s.turn.seat == 0 and s.turn.step == "place"
    assert activations(s) == [mv.ActivateGuild("armourers")]  # W0

    def use(s: State) -> State:
        s = do(s, mv.ActivateGuild("armourers"))
        s = do(s, mv.PlaceCitizen("noble", "T1"))
        return do(s, mv.PlaceCitizen("noble", "T2"))

    w0 = use(s)
    assert w0.turn is not None and w0.turn.step == "place" and w0.activation is None
    assert any(isinstance(a, mv.BuildRoad) for a in legal(w0))
    s = do(s, mv.BuildRoad("p02", 3, 2))
    assert activations(s) == [mv.ActivateGuild("armourers")]  # W1
    w1 = use(s)
    assert w1.turn is not None and w1.turn.step == "settle"
    assert (at(w1, "T1", "0").nobles, at(w1, "T2", "0").nobles, reserve(w1, 0)) == (1, 1, (16, 20))
    s = do(s, mv.Settle(3, "A11", 3, 1, "A21", 2, 0))
    assert s.turn is not None and s.turn.step == "adjust"
    assert activations(s) == [mv.ActivateGuild("armourers")]  # W2
    w2 = use(s)
    assert w2.turn is not None and w2.turn.step == "adjust"
    s = do(s, mv.Done())
    assert s.turn is not None and s.turn.seat == 0 and s.turn.step == "end"  # W3
    assert legal(s) == [mv.Done(), mv.ActivateGuild("armourers")]
    ended = use(s)
    assert ended.turn is not None and ended.turn.seat == 1 and ended.turn.step == "place"  # nothing left: next turn
    assert reserve(ended, 0) == (18 - 1 - 2, 20 - 4)
    passed = do(s, mv.Done())
    assert passed.turn is not None and passed.turn.seat == 1
    assert not passed.seats[0].guild_used


def test_windows_round_two_w0_to_w4_never_inside_the_promote_step() -> None:
    """§5.6: round 2 has W0..W4; W2 is before the first promotion, never between promotions (A-7)."""
    s = game(3, ["salters", "ironmongers", "mercers"], ["armourers", "vintners", "clothworkers"], round_=2)
    assert s.turn is not None and s.turn.seat == 0 and s.round == 2
    assert activations(s) == [mv.ActivateGuild("armourers")]  # W0
    s = do(s, mv.BuildWall("g11n", 3, 1))
    assert activations(s) == [mv.ActivateGuild("armourers")]  # W1
    s = do(s, mv.SettleWall(1, 1, 0))  # 1 noble into A11; up to 3 promotions
    assert s.turn is not None and s.turn.step == "promote" and s.turn.promote_left == 3
    assert activations(s) == [mv.ActivateGuild("armourers")]  # W2
    w2 = do(s, mv.ActivateGuild("armourers"))
    w2 = do(do(w2, mv.PlaceCitizen("noble", "T1")), mv.PlaceCitizen("noble", "T1"))
    assert w2.turn is not None and w2.turn.step == "promote" and w2.turn.promote_left == 3
    assert mv.Promote("0", "A11", "T1") in legal(w2)  # g11n lies between T1 and T2
    s = do(s, mv.Promote("0", "A11", "T2"))
    assert s.turn is not None and s.turn.step == "promote" and s.turn.promote_left == 2
    assert activations(s) == []  # inside the promote step
    assert codes(s, mv.ActivateGuild("armourers")) == ["WALLED_CITY_GUILD_NOT_NOW"]
    assert message(s, mv.ActivateGuild("armourers")) == "Guilds are used between the steps of your own build turn."
    s = do(s, mv.Done())
    assert s.turn is not None and s.turn.step == "adjust"
    assert activations(s) == [mv.ActivateGuild("armourers")]  # W3
    s = do(s, mv.Done())
    assert s.turn is not None and s.turn.step == "end" and s.turn.seat == 0  # W4
    assert legal(s) == [mv.Done(), mv.ActivateGuild("armourers")]
    s = do(s, mv.ActivateGuild("armourers"))
    s = do(do(s, mv.PlaceCitizen("noble", "T8")), mv.PlaceCitizen("noble", "T8"))
    assert at(s, "T8", "0").nobles == 2 and at(s, "T2", "0").nobles == 1
    assert s.turn is not None and s.turn.seat != 0


def test_guilds_only_in_the_holders_own_build_turn() -> None:
    """A-7: never in another phase, never in another player's turn, never inside another decision."""
    s = scripted(3, deck="mixed", guilds=["armourers", "mercers", "salters", "tanners", "bakers", "barbers", "drapers"])
    s = run(s, until=lambda s: s.phase == "alignment")
    assert codes(s, mv.ActivateGuild("armourers")) == ["COMMON_WRONG_DECISION"]
    s = run(s, Prefs(guilds={(1, 0): "salters", (1, 1): "armourers", (1, 2): "tanners"}), until=at_build(1))
    assert s.turn is not None and s.turn.seat == 0  # Salters 9 before Armourers 10b
    assert codes(s, mv.ActivateGuild("armourers"), seat=1) == ["COMMON_NOT_YOUR_TURN"]
    assert activations(s) == [mv.ActivateGuild("salters")]
    s = do(s, mv.ActivateGuild("salters"))
    assert codes(s, mv.ActivateGuild("salters")) == ["COMMON_WRONG_DECISION"]  # an ability is in progress
    s = run(s, until=lambda s: s.phase == "defence")
    assert codes(s, mv.ActivateGuild(s.seats[pending_seat(s)].guild)) == ["COMMON_WRONG_DECISION"]


def test_once_per_round_and_the_used_code() -> None:
    """§5.6, §11 invariant 9: a guild is activated at most once per round; once used, no end step waits."""
    s = game(3, ["armourers", "clothworkers", "tanners"])
    s = do(s, mv.ActivateGuild("armourers"))
    s = do(do(s, mv.PlaceCitizen("noble", "T1")), mv.PlaceCitizen("noble", "T1"))
    assert s.seats[0].guild_used
    assert activations(s) == []
    assert codes(s, mv.ActivateGuild("armourers")) == ["WALLED_CITY_GUILD_USED"]
    assert message(s, mv.ActivateGuild("armourers")) == "Your Armourers were already used this round."
    s = do(s, mv.BuildRoad("p02", 1, 1))
    s = do(s, mv.Settle(1, "A11", 1, 0, "A21", 1, 0))
    s = do(s, mv.Done())
    assert s.turn is not None and s.turn.seat == 1  # no end step
    s = turn_of(s, 0)
    assert activations(s) == [] and codes(s, mv.ActivateGuild("armourers")) == ["WALLED_CITY_GUILD_USED"]


@pytest.mark.parametrize(
    ("guild", "nobles_on_board", "end_step"),
    [
        ("mercers", 0, False),  # no other player's noble on the board: Mercers could do nothing
        ("mercers", 1, True),
        ("bakers", 3, False),  # Bakers only at W0 (§5.6)
        ("armourers", 0, True),
    ],
)
def test_end_step_only_when_an_activation_is_possible(guild: str, nobles_on_board: int, end_step: bool) -> None:
    """The turn waits at its ``end`` step (W3 in round 1) only if the player could still activate a guild."""
    s = game(3, [guild, "clothworkers", "tanners"])
    assert s.turn is not None and s.turn.seat == 0
    if guild == "bakers":
        s = place(s, "A44", "0", nobles=nobles_on_board)
    else:
        s = place(s, "A44", "1", nobles=nobles_on_board)
    s = do(s, mv.BuildRoad("p02", 1, 1))
    s = do(s, mv.Settle(1, "A11", 1, 0, "A21", 1, 0))
    s = do(s, mv.Done())
    assert s.turn is not None
    if end_step:
        assert (s.turn.seat, s.turn.step) == (0, "end")
        assert legal(s) == [mv.Done(), mv.ActivateGuild(guild)]
    else:
        assert (s.turn.seat, s.turn.step) == (1, "place")


def test_round_two_discards_the_round_one_guilds() -> None:
    """§5.2, §5.6: round 2 discards every round-1 guild (used or not); the new guild is fresh."""
    s = game(3, ["armourers", "clothworkers", "tanners"], ["salters", "vintners", "ironmongers"])
    s = do(s, mv.ActivateGuild("armourers"))
    s = do(do(s, mv.PlaceCitizen("noble", "T1")), mv.PlaceCitizen("noble", "T1"))
    assert s.seats[0].guild_used
    s = run(s, Prefs(guilds={(2, 0): "salters", (2, 1): "vintners", (2, 2): "ironmongers"}), until=at_build(2))
    assert [(p.guild, p.guild_used, p.round1_guild) for p in s.seats] == [
        ("salters", False, "armourers"),
        ("vintners", False, "clothworkers"),
        ("ironmongers", False, "tanners"),
    ]
    s = turn_of(s, 0)
    assert activations(s) == [mv.ActivateGuild("salters")]
    assert codes(s, mv.ActivateGuild("armourers")) == ["WALLED_CITY_NOT_YOUR_GUILD"]
    assert message(s, mv.ActivateGuild("armourers")) == "You hold Salters, not Armourers."


def test_activation_codes_for_wrong_guild_and_copy() -> None:
    """§5.6, §6.3 G2: only your own guild; only Grocers name a guild to copy, and it must be one another player
    holds (not Grocers itself)."""
    s = game(3, ["mercers", "grocers", "armourers"])
    assert s.turn is not None and s.turn.seat == 0
    assert codes(s, mv.ActivateGuild("armourers")) == ["WALLED_CITY_NOT_YOUR_GUILD"]
    assert message(s, mv.ActivateGuild("armourers")) == "You hold Mercers, not Armourers."
    s = place(s, "A44", "1", nobles=1)
    assert codes(s, mv.ActivateGuild("mercers", copy="armourers")) == ["WALLED_CITY_BAD_COPY"]
    assert codes(s, mv.ActivateGuild("mercers")) == []
    s = turn_of(s, 1)
    assert codes(s, mv.ActivateGuild("grocers")) == ["WALLED_CITY_BAD_COPY"]
    assert codes(s, mv.ActivateGuild("grocers", copy="grocers")) == ["WALLED_CITY_BAD_COPY"]
    assert codes(s, mv.ActivateGuild("grocers", copy="bakers")) == ["WALLED_CITY_BAD_COPY"]  # nobody holds Bakers
    assert message(s, mv.ActivateGuild("grocers", copy="bakers")) == (
        "Grocers copy a guild another player holds: Armourers, Mercers."
    )


# ---- G1 Mercers, G17 Painter-Stainers ----------------------------------------------------------------


def test_g1_mercers_swap_nobles_from_a_subset_of_other_players() -> None:
    """§6.3 G1: one noble (area or tower) of each chosen other player goes home, one of the activator's takes its
    exact place; subsets are allowed (A-20) and no player is picked twice."""
    s = game(3, ["mercers", "clothworkers", "tanners"])
    assert activations(s) == [] and codes(s, mv.ActivateGuild("mercers")) == ["WALLED_CITY_GUILD_BLOCKED"]
    assert message(s, mv.ActivateGuild("mercers")) == "Mercers: no other player has a noble on the board."
    s = place(s, "A12", "1", nobles=1)
    s = place(s, "T3", "1", nobles=1)
    s = place(s, "A33", "2", peasants=2, nobles=1)
    s = place(s, "A13", "0", nobles=1)  # the activator's own noble is no target
    s = do(s, mv.ActivateGuild("mercers"))
    assert set(legal(s)) == {mv.PickNoble("1", "A12"), mv.PickNoble("1", "T3"), mv.PickNoble("2", "A33")}
    s = do(s, mv.PickNoble("1", "T3"))
    assert set(legal(s)) == {mv.PickNoble("2", "A33"), mv.Done()}
    assert codes(s, mv.PickNoble("1", "A12")) == ["WALLED_CITY_BAD_GUILD_CHOICE"]
    assert at(s, "T3", "1") == Placed("T3", "1") and at(s, "T3", "0") == Placed("T3", "0", 0, 1)
    stopped = do(s, mv.Done())
    assert stopped.activation is None and reserve(stopped, 0) == (16, 20) and reserve(stopped, 2) == (17, 18)
    s = do(s, mv.PickNoble("2", "A33"))
    assert s.activation is None and s.turn is not None and s.turn.step == "place"  # nobody left: over
    assert at(s, "A33", "2") == Placed("A33", "2", 2, 0) and at(s, "A33", "0") == Placed("A33", "0", 0, 1)
    assert at(s, "A12", "1") == Placed("A12", "1", 0, 1)
    assert [reserve(s, i) for i in range(3)] == [(15, 20), (17, 20), (18, 18)]


def test_g1_mercers_capped_by_the_reserve_and_neutral_is_another_player() -> None:
    """§6.3 G1 "only as many as your reserve allows" (A-13); in 2 players the neutral is another player (A-5)."""
    s = game(2, ["mercers", "tanners"])
    assert s.turn is not None and s.turn.seat == 0
    neutral_nobles = {p.place for p in s.citizens if p.who == NEUTRAL and p.nobles}
    assert neutral_nobles == set(L_GAP_AREAS) | set(TOWERS)
    s = place(s, "A22", "0", nobles=19)  # one noble left in the reserve
    s = place(s, "A23", "1", nobles=1)
    s = do(s, mv.ActivateGuild("mercers"))
    expected = {mv.PickNoble(NEUTRAL, p) for p in neutral_nobles} | {mv.PickNoble("1", "A23")}
    assert set(legal(s)) == expected
    s = do(s, mv.PickNoble(NEUTRAL, "T5"))
    assert s.activation is None  # the reserve is empty: the ability is over though seat 1 has a noble
    assert at(s, "T5", "0").nobles == 1 and at(s, "T5", NEUTRAL).nobles == 0
    assert (s.seats[0].nobles, s.neutral_nobles) == (0, 1)
    assert at(s, "A23", "1").nobles == 1


def test_g17_painter_stainers_swap_peasants_subset_and_cap() -> None:
    """§6.3 G17: like Mercers with peasants (areas only); subset (A-20) and capped by the activator's reserve."""
    s = game(3, ["painter_stainers", "clothworkers", "tanners"])
    assert codes(s, mv.ActivateGuild("painter_stainers")) == ["WALLED_CITY_GUILD_BLOCKED"]
    s = place(s, "A12", "1", peasants=2)
    s = place(s, "A13", "2", peasants=1)
    s = place(s, "A14", "2", nobles=1)
    s = do(s, mv.ActivateGuild("painter_stainers"))
    assert set(legal(s)) == {mv.PickPeasant("1", "A12"), mv.PickPeasant("2", "A13")}
    s = do(s, mv.PickPeasant("1", "A12"))
    assert set(legal(s)) == {mv.PickPeasant("2", "A13"), mv.Done()}
    s = do(s, mv.Done())
    assert s.activation is None and s.seats[0].guild_used
    assert at(s, "A12", "1") == Placed("A12", "1", 1, 0) and at(s, "A12", "0") == Placed("A12", "0", 1, 0)
    assert at(s, "A13", "2") == Placed("A13", "2", 1, 0)
    assert (s.seats[0].peasants, s.seats[1].peasants, s.seats[2].peasants) == (19, 19, 19)


def test_g17_painter_stainers_one_peasant_in_reserve_swaps_once() -> None:
    """§6.3 G17 with A-13: one peasant in reserve swaps one; none in reserve blocks the activation."""
    s = game(3, ["painter_stainers", "clothworkers", "tanners"])
    s = place(s, "A44", "0", peasants=19)
    s = place(s, "A12", "1", peasants=1)
    s = place(s, "A13", "2", peasants=1)
    s = do(s, mv.ActivateGuild("painter_stainers"))
    s = do(s, mv.PickPeasant("2", "A13"))
    assert s.activation is None
    assert s.seats[0].peasants == 0 and at(s, "A13", "0").peasants == 1 and at(s, "A12", "1").peasants == 1
    s2 = game(3, ["painter_stainers", "clothworkers", "tanners"])
    s2 = place(place(s2, "A44", "0", peasants=20), "A12", "1", peasants=1)
    assert message(s2, mv.ActivateGuild("painter_stainers")) == (
        "Painter-Stainers need a peasant in your reserve; you have none."
    )


# ---- G2 Grocers ---------------------------------------------------------------------------------------


def test_g2_grocers_copy_pays_the_holder_three_votes() -> None:
    """§6.3 G2: copy a guild another player holds; its holder gains 3 votes (a ledger line), the activator
    resolves the ability as their own, Grocers are used and the copied card is not (copying a *used* guild:
    ``test_g3_g5_drapers_stack_goldsmiths_demolish_the_stack_for_good``)."""
    s = game(3, ["grocers", "armourers", "bakers"])
    assert s.turn is not None and s.turn.seat == 0  # Grocers 2, Bakers 3b, Armourers 10b
    assert activations(s) == [mv.ActivateGuild("grocers", "armourers")]  # Bakers: no nobles of seat 0 on board
    assert codes(s, mv.ActivateGuild("grocers", "bakers")) == ["WALLED_CITY_GUILD_BLOCKED"]
    assert message(s, mv.ActivateGuild("grocers", "bakers")) == "Bakers need 3 of your nobles on the board; you have 0."
    s = do(s, mv.ActivateGuild("grocers", "armourers"))
    assert s.activation is not None and (s.activation.guild, s.activation.via) == ("armourers", "grocers")
    assert ENGINE.pending(s).kind == "guild.armourers"
    assert guild_lines(s) == [("1", "round 1 guild grocers", 3)]
    assert [p.votes for p in s.seats] == [0, 3, 0]
    s = do(do(s, mv.PlaceCitizen("noble", "T4")), mv.PlaceCitizen("noble", "T6"))
    assert s.activation is None
    assert (at(s, "T4", "0").nobles, at(s, "T6", "0").nobles, reserve(s, 0)) == (1, 1, (16, 20))
    assert [(p.guild, p.guild_used) for p in s.seats] == [("grocers", True), ("armourers", False), ("bakers", False)]
    assert activations(s) == []
    s = turn_of(s, 1)
    assert activations(s) == [mv.ActivateGuild("armourers")]  # the copied card is unaffected


def test_g2_grocers_copying_bakers_or_drapers_only_at_w0() -> None:
    """A-27: the copied ability's timing applies (Bakers and Drapers only at W0); no votes for a refused one."""
    s = game(3, ["grocers", "bakers", "drapers"])  # the 3-player starting road p01 is built
    s = place(s, "A21", "0", nobles=2)
    s = place(s, "T2", "0", nobles=1)
    assert activations(s) == [mv.ActivateGuild("grocers", "bakers"), mv.ActivateGuild("grocers", "drapers")]
    w1 = do(s, mv.BuildRoad("p02", 2, 1))
    assert activations(w1) == []
    for copied in ("bakers", "drapers"):
        assert codes(w1, mv.ActivateGuild("grocers", copied)) == ["WALLED_CITY_GUILD_BLOCKED"]
        assert message(w1, mv.ActivateGuild("grocers", copied)) == (
            f"{copied.capitalize()} may be used only at the start of your turn, before you build."
        )
    assert guild_lines(w1) == [] and not w1.seats[0].guild_used
    s = do(s, mv.ActivateGuild("grocers", "bakers"))
    s = do(s, mv.PickNoble("0", "A21"))
    s = do(s, mv.PickNoble("0", "T2"))
    s = do(s, mv.PickNoble("0", "A21"))
    assert guild_lines(s) == [("1", "round 1 guild grocers", 3), ("0", "round 1 guild bakers", 13)]
    assert [p.votes for p in s.seats] == [13, 3, 0]
    assert s.seats[0].roads == 4 and len(s.seats[0].hand) == 11  # the turn was skipped: no card played
    assert s.out_nobles == (Placed("box", "0", 0, 3),) and reserve(s, 0) == (15, 20)
    assert s.turn is not None and s.turn.seat == 2  # Drapers 3 before Bakers 3b (§4.2)
    assert not s.seats[1].guild_used


# ---- G3 Drapers, G5 Goldsmiths, G6 Skinners -------------------------------------------------------------


def test_g3_g5_drapers_stack_goldsmiths_demolish_the_stack_for_good() -> None:
    """§6.3 G3: at W0 the Drapers let this turn's road go on a built road (stacked); G5: the Goldsmiths demolish
    the whole stack, and nothing is ever built there again, not even with the Drapers (via Grocers, A-10)."""
    s = game(3, ["drapers", "goldsmiths", "grocers"], paths=("p01", "p24"))
    assert s.paths == (Spot("p01"),)  # the 3-player starting road
    s = turn_of(s, 0, paths=("p24",))  # Grocers 2 built p24 first
    assert {x.id for x in s.paths} == {"p01", "p24"}
    assert codes(s, mv.BuildRoad("p01", 3, 2)) == ["WALLED_CITY_PATH_TAKEN"]
    assert message(s, mv.BuildRoad("p01", 3, 2)) == "Path p01 is already built (only the Drapers build on top)."
    s = do(s, mv.ActivateGuild("drapers"))
    assert s.activation is None and s.turn is not None and s.turn.drapers and s.turn.step == "place"
    assert s.seats[0].guild_used
    assert {a.path for a in legal(s) if isinstance(a, mv.BuildRoad)} == {f"p{i:02}" for i in range(1, 25)}
    s = do(s, mv.BuildRoad("p01", 3, 2))
    assert Spot("p01", "built", 2) in s.paths and s.seats[0].roads == 4
    s = do(s, mv.Settle(3, "A11", 3, 0, "A12", 2, 0))  # settled next to the stacked road as usual
    assert (at(s, "A11", "0").peasants, at(s, "A12", "0").peasants) == (3, 2)
    s = finish_turn(s)
    assert s.turn is not None and s.turn.seat == 1
    s = do(s, mv.ActivateGuild("goldsmiths"))
    assert set(legal(s)) == {mv.PickSpot("p01"), mv.PickSpot("p24")}
    s = do(s, mv.PickSpot("p01"))
    assert s.activation is None and Spot("p01", "demolished", 2) in s.paths  # the whole stack
    s = turn_of(s, 2, paths=("p23",))
    s = do(s, mv.ActivateGuild("grocers", "drapers"))
    assert guild_lines(s) == [("0", "round 1 guild grocers", 3)]
    built = {a.path for a in legal(s) if isinstance(a, mv.BuildRoad)}
    assert "p01" not in built and {"p23", "p24"} <= built
    assert codes(s, mv.BuildRoad("p01", 3, 2)) == ["WALLED_CITY_PATH_TAKEN"]
    assert message(s, mv.BuildRoad("p01", 3, 2)) == (
        "Path p01 was demolished by the Goldsmiths and can never be built on again."
    )


def test_g3_drapers_w0_only_needs_a_road_and_is_spent_on_an_empty_path() -> None:
    """§6.3 G3, A-34: Drapers only at W0; building on an empty path after them is legal and spends them."""
    four = game(4, ["drapers", "clothworkers", "tanners", "vintners"])  # 4 players: no starting road
    assert four.paths == () and activations(four) == []
    assert message(four, mv.ActivateGuild("drapers")) == "Drapers: there is no road to build on top of."
    s = game(3, ["drapers", "clothworkers", "tanners"])
    w1 = do(s, mv.BuildRoad("p02", 1, 1))
    assert message(w1, mv.ActivateGuild("drapers")) == (
        "Drapers may be used only at the start of your turn, before you build."
    )
    s = do(s, mv.ActivateGuild("drapers"))
    s = do(s, mv.BuildRoad("p02", 1, 1))
    assert {x.id: x.height for x in s.paths} == {"p01": 1, "p02": 1}
    s = turn_of(finish_turn(s), 0)
    assert s.turn is not None and not s.turn.drapers and s.seats[0].guild_used
    assert codes(s, mv.BuildRoad("p01", 2, 1)) == ["WALLED_CITY_PATH_TAKEN"]


def test_g3_drapers_round_two_wall_on_a_wall() -> None:
    """§6.3 G3 round 2: a wall on a walled gap (``wall(2)``); the settle goes next to that gap as usual."""
    s = game(3, ["clothworkers", "tanners", "vintners"], ["drapers", "mercers", "salters"], gaps=("g24e",), round_=2)
    s = turn_of(s, 0, gaps=("g24e",))  # Mercers 1 walled g24e first
    assert s.gaps == (Spot("g24e"),)
    s = do(s, mv.ActivateGuild("drapers"))
    walls = s.seats[0].walls
    peasants = at(s, "A24", "0").peasants
    s = do(s, mv.BuildWall("g24e", 3, 1))
    assert s.gaps == (Spot("g24e", "built", 2),) and s.seats[0].walls == walls - 1
    s = do(s, mv.SettleWall(3, 0, 3))
    assert at(s, "A24", "0").peasants == peasants + 3


def test_g5_goldsmiths_demolish_a_wall_which_leaves_the_gap_open() -> None:
    """§6.3 G5 round 2: roads and walls are targets; a demolished wall is an open gap (§5.7) and never rebuilt."""
    s = game(3, ["clothworkers", "tanners", "vintners"], ["goldsmiths", "mercers", "salters"], gaps=("g24e",), round_=2)
    s = turn_of(s, 0, gaps=("g24e",))
    roads = {x.id for x in s.paths}
    assert len(roads) == 16 and s.gaps == (Spot("g24e"),)  # 1 starting road + 3 × 5
    s = do(s, mv.ActivateGuild("goldsmiths"))
    assert set(legal(s)) == {mv.PickSpot(x) for x in roads | {"g24e"}}
    s = do(s, mv.PickSpot("g24e"))
    assert s.gaps == (Spot("g24e", "demolished", 1),)
    assert "g24e" in open_gaps(board(s), spot_states(s.gaps))
    assert codes(s, mv.BuildWall("g24e", 3, 1)) == ["WALLED_CITY_GAP_TAKEN"]
    assert "g24e" not in {a.gap for a in legal(s) if isinstance(a, mv.BuildWall)}


@pytest.mark.parametrize(("guild", "p12"), [("goldsmiths", [Spot("p12", "demolished", 1)]), ("skinners", [])])
def test_g5_g6_round_two_road_removal_merges_districts_at_once(guild: str, p12: list[Spot]) -> None:
    """§6.3 G5 [R] / G6 (A-9): in round 2 a demolished or removed road joins its districts immediately, so the
    promote step at once reaches nobles beyond it (§5.0.2)."""
    paths = ("p07", "p12", "p14")  # A24 (gap g24e) is cut off by roads on all its paths
    s = game(3, ["salters", "ironmongers", "mercers"], [guild, "vintners", "clothworkers"], paths=paths, round_=2)
    assert s.turn is not None and s.turn.seat == 0
    assert set(paths) <= {x.id for x in s.paths}
    s = place(s, "A23", "1", nobles=1)
    s = do(s, mv.BuildWall("g24e", 3, 1))
    s = do(s, mv.SettleWall(1, 1, 0))
    assert board(s).nearest_towers("g24e") == ("T3", "T4")
    mine = {mv.Promote("0", "A24", "T3"), mv.Promote("0", "A24", "T4")}
    assert set(legal(s)) == {mv.Done(), *mine, mv.ActivateGuild(guild)}
    assert codes(s, mv.Promote("1", "A23", "T3")) == ["WALLED_CITY_BAD_PROMOTE"]
    s = do(s, mv.ActivateGuild(guild))
    s = do(s, mv.PickSpot("p12"))
    assert [x for x in s.paths if x.id == "p12"] == p12
    assert set(legal(s)) == {mv.Done(), *mine, mv.Promote("1", "A23", "T3"), mv.Promote("1", "A23", "T4")}
    s = do(s, mv.Promote("1", "A23", "T4"))
    assert at(s, "T4", "1").nobles == 1 and at(s, "A23", "1").nobles == 0


def test_g6_skinners_at_w0_clear_a_road_the_activator_rebuilds() -> None:
    """§6.3 G6 [R]: the road goes to the box and the path is empty: the activator may build it this turn."""
    s = game(3, ["skinners", "clothworkers", "tanners"])
    assert s.paths == (Spot("p01"),)
    s = do(s, mv.ActivateGuild("skinners"))
    assert legal(s) == [mv.PickSpot("p01")]
    s = do(s, mv.PickSpot("p01"))
    assert s.paths == () and s.activation is None and [p.roads for p in s.seats] == [5, 5, 5]
    s = do(s, mv.BuildRoad("p01", 3, 2))
    assert s.paths == (Spot("p01"),) and s.seats[0].roads == 4


def test_g6_skinners_take_only_the_top_of_a_stack_and_never_a_demolished_road() -> None:
    """A-10: a stack loses its top piece and stays built; Goldsmiths-demolished spots are no target [R]."""
    s = game(3, ["skinners", "clothworkers", "tanners"])
    s = replace(s, paths=(Spot("p01", "built", 2), Spot("p02", "demolished", 1)))
    # The starting road and two roads of seats 1 and 2 (earlier turns): every piece came from somewhere.
    s = replace(s, seats=(s.seats[0], *(replace(p, roads=p.roads - 1) for p in s.seats[1:])))
    ENGINE.check(s)
    s = do(s, mv.ActivateGuild("skinners"))
    assert legal(s) == [mv.PickSpot("p01")]
    assert codes(s, mv.PickSpot("p02")) == ["WALLED_CITY_BAD_GUILD_CHOICE"]
    s = do(s, mv.PickSpot("p01"))
    assert s.paths == (Spot("p01", "built", 1), Spot("p02", "demolished", 1))
    assert codes(s, mv.BuildRoad("p01", 3, 2)) == ["WALLED_CITY_PATH_TAKEN"]
    only_demolished = replace(game(3, ["skinners", "clothworkers", "tanners"]), paths=(Spot("p02", "demolished"),))
    ENGINE.check(only_demolished)
    assert activations(only_demolished) == []
    assert message(only_demolished, mv.ActivateGuild("skinners")) == "Skinners: there is no built road or wall."


# ---- G4 Fishmongers, G7 Merchant Taylors, G9 Salters ----------------------------------------------------


def test_g4_fishmongers_noble_in_an_area_for_four_of_its_owners_peasants() -> None:
    """§6.3 G4: any colour's noble in an area (not a tower) whose owner has ≥ 4 peasants in reserve goes home
    and 4 of that owner's peasants take its area."""
    s = game(3, ["fishmongers", "clothworkers", "tanners"])
    assert message(s, mv.ActivateGuild("fishmongers")) == (
        "Fishmongers need a noble in an area whose owner has 4 peasants in reserve."
    )
    s = place(s, "A12", "1", peasants=1, nobles=1)
    s = place(s, "T1", "1", nobles=1)  # a watchman: not in an area
    s = place(s, "A13", "2", nobles=1)
    s = place(s, "A44", "2", peasants=17)  # seat 2 keeps 3 peasants: too few
    s = place(s, "A14", "0", nobles=1)  # the activator's own noble is a valid target
    s = do(s, mv.ActivateGuild("fishmongers"))
    assert set(legal(s)) == {mv.PickNoble("0", "A14"), mv.PickNoble("1", "A12")}
    assert codes(s, mv.PickNoble("2", "A13")) == ["WALLED_CITY_BAD_GUILD_CHOICE"]
    s = do(s, mv.PickNoble("1", "A12"))
    assert s.activation is None and s.turn is not None and s.turn.step == "place"
    assert at(s, "A12", "1") == Placed("A12", "1", 5, 0)
    assert reserve(s, 1) == (18 - 2 + 1, 20 - 1 - 4)
    assert at(s, "T1", "1").nobles == 1 and reserve(s, 0) == (17, 20)


@pytest.mark.parametrize(("side", "eligible"), [("londonderry", False), ("borderlands", True)])
def test_g4_fishmongers_neutral_needs_four_peasants_in_its_spare_supply(side: str, eligible: bool) -> None:
    """A-5: the neutral's reserve is its spare pieces: 1 peasant on Londonderry (12 gap areas × 2 of 25), 9 on
    Borderlands (8 × 2), so only there can its nobles be traded."""
    s = game(2, ["fishmongers", "tanners"], side=side)
    assert s.turn is not None and s.turn.seat == 0
    assert s.neutral_peasants == (9 if eligible else 1)
    if not eligible:
        assert activations(s) == []
        assert codes(s, mv.ActivateGuild("fishmongers")) == ["WALLED_CITY_GUILD_BLOCKED"]
        return
    s = do(s, mv.ActivateGuild("fishmongers"))
    assert set(legal(s)) == {mv.PickNoble(NEUTRAL, f"O{i}") for i in range(1, 9)}
    s = do(s, mv.PickNoble(NEUTRAL, "O3"))
    assert at(s, "O3", NEUTRAL) == Placed("O3", NEUTRAL, 6, 0)
    assert (s.neutral_nobles, s.neutral_peasants) == (5, 5)


def test_g7_merchant_taylors_send_one_opponent_peasant_home() -> None:
    """§6.3 G7: exactly one peasant of an opponent (never your own, never a noble) returns to its reserve."""
    s = game(3, ["merchant_taylors", "clothworkers", "tanners"])
    assert message(s, mv.ActivateGuild("merchant_taylors")) == (
        "Merchant Taylors: no opponent has a peasant on the board."
    )
    s = place(s, "A12", "1", peasants=2)
    s = place(s, "A13", "0", peasants=1)
    s = place(s, "A14", "2", nobles=1)
    s = do(s, mv.ActivateGuild("merchant_taylors"))
    assert legal(s) == [mv.PickPeasant("1", "A12")]
    assert codes(s, mv.PickPeasant("0", "A13")) == ["WALLED_CITY_BAD_GUILD_CHOICE"]
    s = do(s, mv.PickPeasant("1", "A12"))
    assert s.activation is None
    assert at(s, "A12", "1") == Placed("A12", "1", 1, 0) and reserve(s, 1) == (18, 19)
    assert at(s, "A13", "0").peasants == 1 and at(s, "A14", "2").nobles == 1


def test_g7_merchant_taylors_neutral_peasant() -> None:
    """A-5: the neutral is an opponent: its peasant goes back to its spare supply."""
    s = game(2, ["merchant_taylors", "tanners"])
    s = do(s, mv.ActivateGuild("merchant_taylors"))
    assert set(legal(s)) == {mv.PickPeasant(NEUTRAL, a) for a in L_GAP_AREAS}
    s = do(s, mv.PickPeasant(NEUTRAL, "A31"))
    assert at(s, "A31", NEUTRAL) == Placed("A31", NEUTRAL, 1, 1) and s.neutral_peasants == 2


def test_g9_salters_noble_and_peasant_into_areas() -> None:
    """§6.3 G9: 1 own noble and/or 1 own peasant from reserve into areas (the same or not; never towers)."""
    s = game(3, ["salters", "ironmongers", "vintners"])
    s = do(s, mv.ActivateGuild("salters"))
    assert set(legal(s)) == {mv.PlaceCitizen(k, a) for k in ("noble", "peasant") for a in L_AREAS}
    assert codes(s, mv.PlaceCitizen("noble", "T1")) == ["WALLED_CITY_BAD_GUILD_CHOICE"]
    s = do(s, mv.PlaceCitizen("noble", "A22"))
    assert set(legal(s)) == {mv.Done()} | {mv.PlaceCitizen("peasant", a) for a in L_AREAS}
    s = do(s, mv.PlaceCitizen("peasant", "A22"))
    assert s.activation is None
    assert at(s, "A22", "0") == Placed("A22", "0", 1, 1) and reserve(s, 0) == (17, 19)


def test_g9_salters_half_activation_and_reserve_limits() -> None:
    """§6.3 G9 [R]: a half activation is allowed; only what the reserve holds; nothing at all blocks them."""
    s = game(3, ["salters", "ironmongers", "vintners"])
    half = do(do(do(s, mv.ActivateGuild("salters")), mv.PlaceCitizen("peasant", "A41")), mv.Done())
    assert half.activation is None and reserve(half, 0) == (18, 19) and at(half, "A41", "0").peasants == 1
    no_nobles = place(s, "A44", "0", nobles=18)
    no_nobles = do(no_nobles, mv.ActivateGuild("salters"))
    assert set(legal(no_nobles)) == {mv.PlaceCitizen("peasant", a) for a in L_AREAS}
    no_nobles = do(no_nobles, mv.PlaceCitizen("peasant", "A43"))
    assert no_nobles.activation is None  # nothing left to place
    empty = place(s, "A44", "0", peasants=20, nobles=18)
    assert message(empty, mv.ActivateGuild("salters")) == (
        "Salters need a noble or a peasant in your reserve; you have neither."
    )


# ---- G10 Ironmongers, G11 Vintners ----------------------------------------------------------------------


def test_g10_ironmongers_one_noble_of_every_player_into_towers() -> None:
    """§6.3 G10 [R]: only if every player (the activator too) has a noble in an area (A-21: watchmen do not
    count); then one noble of each moves into a tower of the activator's choice."""
    s = game(3, ["ironmongers", "clothworkers", "tanners"])
    assert message(s, mv.ActivateGuild("ironmongers")) == (
        "Ironmongers need a noble in an area for every player; Seat 0, Seat 1 and Seat 2 have none."
    )
    s = place(s, "A11", "0", nobles=1)
    s = place(s, "A12", "1", nobles=1)
    s = place(s, "T2", "1", nobles=1)
    s = place(s, "T3", "2", nobles=1)
    assert activations(s) == []
    assert message(s, mv.ActivateGuild("ironmongers")) == (
        "Ironmongers need a noble in an area for every player; Seat 2 has none."
    )
    s = place(s, "A13", "2", peasants=1, nobles=1)
    s = do(s, mv.ActivateGuild("ironmongers"))
    assert set(legal(s)) == {mv.MoveNoble("0", "A11", t) for t in TOWERS}
    s = do(s, mv.MoveNoble("0", "A11", "T1"))
    assert set(legal(s)) == {mv.MoveNoble("1", "A12", t) for t in TOWERS}
    assert codes(s, mv.Done()) == ["WALLED_CITY_BAD_GUILD_CHOICE"]  # every player's noble moves
    assert codes(s, mv.MoveNoble("1", "T2", "T1")) == ["WALLED_CITY_BAD_GUILD_CHOICE"]  # never a watchman
    s = do(s, mv.MoveNoble("1", "A12", "T1"))
    assert set(legal(s)) == {mv.MoveNoble("2", "A13", t) for t in TOWERS}
    s = do(s, mv.MoveNoble("2", "A13", "T5"))
    assert s.activation is None
    assert [(p.place, p.who, p.peasants, p.nobles) for p in s.citizens] == [
        ("A13", "2", 1, 0),
        ("T1", "0", 0, 1),
        ("T1", "1", 0, 1),
        ("T2", "1", 0, 1),
        ("T3", "2", 0, 1),
        ("T5", "2", 0, 1),
    ]
    assert [reserve(s, i) for i in range(3)] == [(17, 20), (16, 20), (16, 19)]


def test_g10_ironmongers_include_the_neutral() -> None:
    """A-5: with 2 players the neutral is one of "every player": it needs a noble in an area and moves one."""
    s = game(2, ["ironmongers", "tanners"])
    s = place(s, "A22", "0", nobles=1)
    s = place(s, "A23", "1", nobles=1)
    s = do(do(do(s, mv.ActivateGuild("ironmongers")), mv.MoveNoble("0", "A22", "T2")), mv.MoveNoble("1", "A23", "T2"))
    assert set(legal(s)) == {mv.MoveNoble(NEUTRAL, a, t) for a in L_GAP_AREAS for t in TOWERS}
    s = do(s, mv.MoveNoble(NEUTRAL, "A44", "T8"))
    assert s.activation is None
    assert (at(s, "T8", NEUTRAL).nobles, at(s, "A44", NEUTRAL).nobles, at(s, "T2", "1").nobles) == (2, 0, 1)
    no_neutral = game(2, ["ironmongers", "tanners"])
    for a in L_GAP_AREAS:
        no_neutral = to_box(no_neutral, NEUTRAL, a, 1)
    no_neutral = place(place(no_neutral, "A22", "0", nobles=1), "A23", "1", nobles=1)
    assert message(no_neutral, mv.ActivateGuild("ironmongers")) == (
        "Ironmongers need a noble in an area for every player; the neutral has none."
    )


def test_g11_vintners_three_peasants_of_one_player_become_nobles() -> None:
    """§6.3 G11: a player (yourself allowed) with ≥ 3 peasants on the board and ≥ 3 nobles in reserve; 3 of
    their peasants go home, each replaced by one of their nobles; all 3 from the same player."""
    s = game(3, ["vintners", "clothworkers", "tanners"])
    assert message(s, mv.ActivateGuild("vintners")) == (
        "Vintners need a player with 3 peasants on the board and 3 nobles in reserve."
    )
    s = place(s, "A12", "1", peasants=2)
    s = place(s, "A13", "1", peasants=1)
    s = place(s, "A14", "2", peasants=2)  # only 2 on the board
    s = place(s, "A21", "0", peasants=3)
    s = do(s, mv.ActivateGuild("vintners"))
    assert set(legal(s)) == {mv.PickPeasant("0", "A21"), mv.PickPeasant("1", "A12"), mv.PickPeasant("1", "A13")}
    s = do(s, mv.PickPeasant("1", "A12"))
    assert set(legal(s)) == {mv.PickPeasant("1", "A12"), mv.PickPeasant("1", "A13")}
    assert codes(s, mv.Done()) == ["WALLED_CITY_BAD_GUILD_CHOICE"]  # all 3, from the same player
    assert message(s, mv.PickPeasant("0", "A21")) == (
        "Pick peasant (who 0, area A21) is not one of the choices open now. Pick Seat 1's peasant to turn into"
        " a noble (Vintners, 2 to go)."
    )
    s = do(s, mv.PickPeasant("1", "A13"))
    assert legal(s) == [mv.PickPeasant("1", "A12")]
    s = do(s, mv.PickPeasant("1", "A12"))
    assert s.activation is None
    assert at(s, "A12", "1") == Placed("A12", "1", 0, 2) and at(s, "A13", "1") == Placed("A13", "1", 0, 1)
    assert reserve(s, 1) == (15, 20)
    short = place(game(3, ["vintners", "clothworkers", "tanners"]), "A21", "0", peasants=3, nobles=16)
    assert reserve(short, 0) == (2, 17) and activations(short) == []  # only 2 nobles in reserve


def test_g11_vintners_may_choose_the_neutral() -> None:
    """A-22: the neutral may be chosen (Borderlands 2 players: 16 neutral peasants on the board, 4 spare nobles)."""
    s = game(2, ["vintners", "tanners"], side="borderlands")
    assert s.turn is not None and s.turn.seat == 0 and s.neutral_nobles == 4
    s = do(s, mv.ActivateGuild("vintners"))
    assert set(legal(s)) == {mv.PickPeasant(NEUTRAL, f"O{i}") for i in range(1, 9)}
    s = do(do(do(s, mv.PickPeasant(NEUTRAL, "O1")), mv.PickPeasant(NEUTRAL, "O1")), mv.PickPeasant(NEUTRAL, "O2"))
    assert s.activation is None
    assert at(s, "O1", NEUTRAL) == Placed("O1", NEUTRAL, 0, 3) and at(s, "O2", NEUTRAL) == Placed("O2", NEUTRAL, 1, 2)
    assert (s.neutral_nobles, s.neutral_peasants) == (1, 12)


# ---- G14 Bakers, G15 Barbers, G19 Armourers -------------------------------------------------------------


def test_g14_bakers_skip_the_turn_for_thirteen_votes() -> None:
    """§6.3 G14 (A-12): at W0, 3 of your nobles on the board (areas or towers) go to the box, the turn's road goes
    to the box, no card is played, +13 votes; the skipped turn counts as one of your turns (§11 invariant 6)."""
    s = game(3, ["bakers", "clothworkers", "tanners"])
    s = place(s, "A21", "0", nobles=1)
    s = place(s, "T1", "0", nobles=1)
    assert activations(s) == []
    assert message(s, mv.ActivateGuild("bakers")) == "Bakers need 3 of your nobles on the board; you have 2."
    s = place(s, "A21", "0", nobles=1)
    w1 = do(s, mv.BuildRoad("p02", 2, 1))
    assert message(w1, mv.ActivateGuild("bakers")) == (
        "Bakers may be used only at the start of your turn, before you build."
    )
    s = do(s, mv.ActivateGuild("bakers"))
    assert set(legal(s)) == {mv.PickNoble("0", "A21"), mv.PickNoble("0", "T1")}
    s = do(do(s, mv.PickNoble("0", "A21")), mv.PickNoble("0", "T1"))
    assert legal(s) == [mv.PickNoble("0", "A21")]
    assert codes(s, mv.PickNoble("0", "T1")) == ["WALLED_CITY_BAD_GUILD_CHOICE"]  # T1 is empty now
    assert codes(s, mv.Done()) == ["WALLED_CITY_BAD_GUILD_CHOICE"]
    s = do(s, mv.PickNoble("0", "A21"))
    assert s.activation is None and s.turn is not None and s.turn.seat == 1
    assert (s.seats[0].roads, len(s.seats[0].hand), s.seats[0].votes) == (4, 11, 13)
    assert s.votes == (Vote("0", "round 1 guild bakers", 13, s.votes[0].detail, s.votes[0].detail_text),)
    assert s.out_nobles == (Placed("box", "0", 0, 3),) and reserve(s, 0) == (15, 20)
    assert not [p for p in s.citizens if p.who == "0"]
    builds: Counter[int] = Counter()
    while s.phase == "build":
        m = ENGINE.legal_moves(s)[0]
        if isinstance(m.action, mv.BuildRoad):
            builds[m.seat] += 1
        s = ENGINE.apply(s, m)
    assert builds == {0: 4, 1: 5, 2: 5}
    assert [len(p.hand) for p in s.seats] == [7, 6, 6]  # §3.3: the Bakers add one unplayed card


def test_g14_bakers_round_two_send_a_wall_to_the_box() -> None:
    """§6.3 G14 in round 2: the turn's wall goes to the box (watchmen count as nobles on the board, A-12)."""
    s = game(3, ["salters", "ironmongers", "vintners"], ["bakers", "clothworkers", "tanners"], round_=2)
    assert s.turn is not None and s.turn.seat == 0 and s.seats[0].walls == 4
    s = place(s, "T6", "0", nobles=3)
    votes = s.seats[0].votes
    s = do(s, mv.ActivateGuild("bakers"))
    for _ in range(3):
        s = do(s, mv.PickNoble("0", "T6"))
    assert (s.seats[0].walls, s.seats[0].votes) == (3, votes + 13)
    assert guild_lines(s) == [("0", "round 2 guild bakers", 13)]
    assert s.turn is not None and s.turn.seat == 1


def test_g15_barbers_exactly_two_nobles_to_the_box() -> None:
    """§6.3 G15 (A-13): exactly two nobles on the board, any colours, areas or towers, go to the box."""
    s = game(3, ["barbers", "clothworkers", "tanners"])
    s = place(s, "A12", "1", nobles=2)
    assert codes(s, mv.ActivateGuild("barbers")) == []  # two nobles of one player will do
    one = place(game(3, ["barbers", "clothworkers", "tanners"]), "A12", "1", nobles=1)
    assert activations(one) == []
    assert message(one, mv.ActivateGuild("barbers")) == "Barbers need 2 nobles on the board; 1 are."
    s = place(s, "T3", "2", nobles=1)
    s = place(s, "A13", "0", nobles=1)
    s = do(s, mv.ActivateGuild("barbers"))
    assert set(legal(s)) == {mv.PickNoble("0", "A13"), mv.PickNoble("1", "A12"), mv.PickNoble("2", "T3")}
    s = do(s, mv.PickNoble("1", "A12"))
    assert mv.Done() not in legal(s) and codes(s, mv.Done()) == ["WALLED_CITY_BAD_GUILD_CHOICE"]
    assert set(legal(s)) == {mv.PickNoble("0", "A13"), mv.PickNoble("1", "A12"), mv.PickNoble("2", "T3")}
    s = do(s, mv.PickNoble("1", "A12"))
    assert s.activation is None
    assert s.out_nobles == (Placed("box", "1", 0, 2),)
    assert at(s, "A12", "1").nobles == 0 and reserve(s, 1) == (16, 20)  # the box, not the reserve
    assert at(s, "T3", "2").nobles == 1 and at(s, "A13", "0").nobles == 1


def test_g19_armourers_two_nobles_from_reserve_into_towers() -> None:
    """§6.3 G19 (A-13): two nobles from your reserve into towers (same or different); only 1 if only 1 is left."""
    s = game(3, ["armourers", "clothworkers", "tanners"])
    s = do(s, mv.ActivateGuild("armourers"))
    assert set(legal(s)) == {mv.PlaceCitizen("noble", t) for t in TOWERS}
    assert codes(s, mv.PlaceCitizen("noble", "A11")) == ["WALLED_CITY_BAD_GUILD_CHOICE"]
    assert codes(s, mv.PlaceCitizen("peasant", "T1")) == ["WALLED_CITY_BAD_GUILD_CHOICE"]
    s = do(s, mv.PlaceCitizen("noble", "T7"))
    assert mv.Done() not in legal(s)
    s = do(s, mv.PlaceCitizen("noble", "T7"))
    assert s.activation is None and at(s, "T7", "0").nobles == 2 and reserve(s, 0) == (16, 20)
    last = place(game(3, ["armourers", "clothworkers", "tanners"]), "A44", "0", nobles=17)
    last = do(do(last, mv.ActivateGuild("armourers")), mv.PlaceCitizen("noble", "T2"))
    assert last.activation is None and at(last, "T2", "0").nobles == 1 and reserve(last, 0) == (0, 20)
    none = place(game(3, ["armourers", "clothworkers", "tanners"]), "A44", "0", nobles=18)
    assert message(none, mv.ActivateGuild("armourers")) == "Armourers need a noble in your reserve; you have none."


# ---- G16 Saddlers ----------------------------------------------------------------------------------------


def saddlers_game() -> State:
    """Borderlands, 3 players, seat 0 holds the Saddlers and builds first; the starting road is r5."""
    s = game(3, ["saddlers", "tanners", "armourers"], side="borderlands", paths=("r5",))
    assert s.turn is not None and s.turn.seat == 0 and s.paths == (Spot("r5"),)
    return s


def test_g16_saddlers_three_peasants_cross_one_path_each() -> None:
    """§6.3 G16: up to 3 peasants (any colours, areas only) each cross one path of their area, built or not; a
    T-path crossed from its single side leads to B1 or B2, from B1 only to A (§5.8); nobody moves twice."""
    s = saddlers_game()
    s = place(s, "O1", "1", peasants=3)
    s = place(s, "W1", "2", peasants=1, nobles=1)
    s = place(s, "W2", "1", peasants=1)
    s = place(s, "O5", "1", peasants=1)
    s = place(s, "T1", "2", nobles=1)  # watchmen never ride
    exits = {
        "O1": [("t1", "W1"), ("t1", "W2"), ("r1", "O2"), ("r8", "O8")],
        "W1": [("s8", "W8"), ("t8", "O8"), ("t1", "O1"), ("s1", "W2")],
        "W2": [("s1", "W1"), ("t1", "O1"), ("t2", "O2"), ("s2", "W3")],
        "O5": [("r4", "O4"), ("r5", "O6"), ("t5", "W5"), ("t5", "W6")],  # r5 is built: crossing is allowed
    }

    def crossing(who: str, kind: str, area: str) -> set[mv.Cross]:
        return {mv.Cross(who, kind, area, p, to) for p, to in exits[area]}

    s = do(s, mv.ActivateGuild("saddlers"))
    everyone = {("1", "O1"), ("2", "W1"), ("1", "W2"), ("1", "O5")}
    assert set(legal(s)) == set().union(*(crossing(w, "peasant", a) for w, a in everyone)) | crossing(
        "2", "noble", "W1"
    )
    s = do(s, mv.Cross("1", "peasant", "O1", "t1", "W2"))
    assert at(s, "W2", "1").peasants == 2 and at(s, "O1", "1").peasants == 2
    assert set(legal(s)) == {mv.Done()} | set().union(*(crossing(w, "peasant", a) for w, a in everyone))
    s = do(s, mv.Cross("1", "peasant", "W2", "s2", "W3"))  # the peasant that was there before
    remaining = {("1", "O1"), ("2", "W1"), ("1", "O5")}  # W2's peasant and W3's just arrived
    assert set(legal(s)) == {mv.Done()} | set().union(*(crossing(w, "peasant", a) for w, a in remaining))
    assert codes(s, mv.Cross("1", "peasant", "W2", "s1", "W1")) == ["WALLED_CITY_BAD_GUILD_CHOICE"]
    s = do(s, mv.Cross("2", "peasant", "W1", "t1", "O1"))
    assert s.activation is None  # 3 peasants moved
    assert [(p.place, p.who, p.peasants, p.nobles) for p in s.citizens if p.place != "T1"] == [
        ("O1", "1", 2, 0),
        ("O1", "2", 1, 0),
        ("O5", "1", 1, 0),
        ("W1", "2", 0, 1),
        ("W2", "1", 1, 0),
        ("W3", "1", 1, 0),
    ]


def test_g16_saddlers_up_to_two_nobles() -> None:
    """§6.3 G16 (A-13): or 1–2 nobles; the first citizen moved fixes the kind; ``Done`` after one."""
    s = saddlers_game()
    s = place(place(s, "W1", "2", peasants=1, nobles=2), "O2", "1", nobles=1)
    s = do(s, mv.ActivateGuild("saddlers"))
    s = do(s, mv.Cross("2", "noble", "W1", "s1", "W2"))
    after_one = legal(s)
    assert mv.Done() in after_one and all(isinstance(a, mv.Cross) and a.kind == "noble" for a in after_one[:-1])
    assert mv.Cross("1", "noble", "O2", "t2", "W3") in after_one and mv.Cross("2", "noble", "W2", "s1", "W1") not in (
        after_one
    )
    s = do(s, mv.Cross("2", "noble", "W1", "t1", "O1"))
    assert s.activation is None
    assert (at(s, "W1", "2"), at(s, "W2", "2"), at(s, "O1", "2")) == (
        Placed("W1", "2", 1, 0),
        Placed("W2", "2", 0, 1),
        Placed("O1", "2", 0, 1),
    )


@pytest.mark.parametrize("cross_fence", [True, False])
def test_g16_saddlers_across_a_fence_is_a_flag(cross_fence: bool) -> None:
    """A-11: crossing a Carpenters fence does not move it, so it is allowed (flag ``saddlers_cross_fence``)."""
    s = saddlers_game()
    fence = Fence("W4", "s3", False, "t4", False)  # W4.1 = {t3, t4}, W4.2 = {s4, s3}
    s = replace(carpenters_used(s, 2), fences=(fence,), options=replace(s.options, saddlers_cross_fence=cross_fence))
    ENGINE.check(s)
    s = place(s, "W4.1", "1", peasants=1)
    s = do(s, mv.ActivateGuild("saddlers"))
    expected = {mv.Cross("1", "peasant", "W4.1", "t3", "O3"), mv.Cross("1", "peasant", "W4.1", "t4", "O4")}
    if cross_fence:
        expected.add(mv.Cross("1", "peasant", "W4.1", "F1", "W4.2"))
    assert set(legal(s)) == expected


# ---- G8 Haberdashers, G12 Clothworkers, G20 Tanners ------------------------------------------------------


def test_g8_haberdashers_external_chance_four_adaptive_attempts() -> None:
    """§6.3 G8 (A-8, A-15): 1–4 attempts chosen one after another, any die (tower dice too, even in round 1) or
    tile; in external-chance mode the CHANCE seat sends each result."""
    dice = dice_with({0: ("blue", 2), 12: ("purple", 3)})
    s = game(3, ["haberdashers", "clothworkers", "tanners"], dice=dice)
    s = do(s, mv.ActivateGuild("haberdashers"))
    every = {mv.PickMarker("die", i) for i in range(20)} | {mv.PickMarker("tile", i) for i in range(4)}
    assert set(legal(s)) == every
    s = do(s, mv.PickMarker("die", 12))  # a tower die in round 1
    assert ENGINE.pending(s).seats == (CHANCE,)
    assert ENGINE.legal_moves(s) == [mv.Move(CHANCE, mv.ChanceReroll(v)) for v in (1, 2, 3)]
    assert codes(s, mv.ChanceReroll(1), seat=0) == ["COMMON_NOT_YOUR_TURN"]
    assert codes(s, mv.ChanceReroll(4)) == ["WALLED_CITY_BAD_GUILD_CHOICE"]
    s = chance(s, mv.ChanceReroll(1))
    assert s.dice[12].value == 1 and s.dice[12].location == "T1" and pending_seat(s) == 0
    assert set(legal(s)) == every | {mv.Done()}
    s = chance(do(s, mv.PickMarker("die", 12)), mv.ChanceReroll(2))  # the same die again
    s = do(s, mv.PickMarker("tile", 0))
    assert [m.action for m in ENGINE.legal_moves(s)] == [mv.ChanceReroll(1), mv.ChanceReroll(-1)]
    s = chance(s, mv.ChanceReroll(-1))
    s = chance(do(s, mv.PickMarker("die", 0)), mv.ChanceReroll(3))
    assert s.activation is None and s.turn is not None and s.turn.step == "place"  # 4 attempts: over
    assert (s.dice[12].value, s.dice[0].value, s.tiles[0].value) == (2, 3, -1)
    assert faction_value(board(s), s.dice, "blue", 1) == 3 + 3 * 1  # die 0 plus three blue 1s in areas


def test_g8_haberdashers_stop_after_one_attempt() -> None:
    s = game(3, ["haberdashers", "clothworkers", "tanners"], tiles=[1, 1, 1, 1])
    s = chance(do(do(s, mv.ActivateGuild("haberdashers")), mv.PickMarker("tile", 3)), mv.ChanceReroll(-1))
    s = do(s, mv.Done())
    assert s.activation is None and s.seats[0].guild_used and [t.value for t in s.tiles] == [1, 1, 1, -1]


def test_g8_haberdashers_seeded_the_engine_rolls() -> None:
    """§8: with a seed the engine answers each re-roll from its PRNG: no CHANCE decision is ever pending, and the
    same seed and moves give the same state (§11 invariant 11)."""
    options = ENGINE.make_options(3, {"guild_deck": "mixed", "start_player": 0})
    seeds = [i for i in range(40) if "haberdashers" in ENGINE.new_game(options, i).offer][:3]

    def attempts(picks: int, seed: int) -> list[State]:
        s = ENGINE.new_game(options, seed)
        s = run(s, Prefs(guilds={(1, 0): "haberdashers"}), until=lambda s: s.phase == "build")
        s = turn_of(s, 0)
        s = do(s, mv.ActivateGuild("haberdashers"))
        states = [s]
        for _ in range(picks):
            s = do(s, mv.PickMarker("die", 15))
            states.append(s)
        return states

    first = attempts(4, seeds[0])
    assert first == attempts(4, seeds[0])
    for before, after in pairwise(first):
        assert after.rng is not None and after.rng != before.rng
        assert after.dice[15].value in (1, 2, 3) and after.dice[15].location == "T4"
        assert after.dice[:15] == before.dice[:15] and after.dice[16:] == before.dice[16:]
    assert all(ENGINE.pending(x).seats == (0,) for x in first[:-1])
    assert first[-1].activation is None and first[-2].activation is not None
    assert first[-2].activation.count == 3 and not first[-2].activation.rolling
    rolled = {x.dice[15].value for seed in seeds for x in attempts(4, seed)[1:]}
    assert rolled == {1, 2, 3}  # uniform over the faces: 12 rolls show all three


def test_g12_clothworkers_two_dice_or_two_tiles_to_their_minimum() -> None:
    """§6.3 G12: two distinct dice (towers too) to 1, or two distinct tiles to −1; at least one must change."""
    dice = dice_with({0: ("blue", 2), 12: ("purple", 3)})  # every other die shows 1
    s = game(3, ["clothworkers", "tanners", "vintners"], dice=dice, tiles=[1, -1, 1, 1])
    s = turn_of(s, 0)  # Vintners 11 first, then Clothworkers 12
    assert [d.value for d in s.dice].count(1) == 18
    s = do(s, mv.ActivateGuild("clothworkers"))
    assert set(legal(s)) == {mv.PickMarker("die", i) for i in range(20)} | {mv.PickMarker("tile", i) for i in range(4)}
    dice_pick = do(s, mv.PickMarker("die", 5))  # a 1: only a die that is not 1 completes the pair
    assert set(legal(dice_pick)) == {mv.PickMarker("die", 0), mv.PickMarker("die", 12)}
    dice_pick = do(dice_pick, mv.PickMarker("die", 12))
    assert dice_pick.activation is None and [d.value for d in dice_pick.dice].count(1) == 19
    assert dice_pick.dice[0].value == 2 and dice_pick.dice[12] == replace(s.dice[12], value=1)
    tile_pick = do(s, mv.PickMarker("tile", 1))  # already −1
    assert set(legal(tile_pick)) == {mv.PickMarker("tile", 0), mv.PickMarker("tile", 2), mv.PickMarker("tile", 3)}
    tile_pick = do(tile_pick, mv.PickMarker("tile", 2))
    assert [t.value for t in tile_pick.tiles] == [1, -1, -1, 1]


def test_g12_clothworkers_no_tile_pair_on_borderlands() -> None:
    """§6.3 G12: Borderlands has one survey tile, so only the dice mode is possible."""
    s = game(3, ["clothworkers", "tanners", "vintners"], side="borderlands", dice=dice_with({0: ("blue", 3)}))
    s = do(turn_of(s, 0), mv.ActivateGuild("clothworkers"))
    assert set(legal(s)) == {mv.PickMarker("die", i) for i in range(20)}


def test_g20_tanners_swap_places_keeping_values() -> None:
    """§6.3 G20: two markers swap places and keep their values; never a tile into a tower [R]; the swap must
    change something (identical markers or one place: no). Round-1 faction values follow (A-8)."""
    dice = dice_with({0: ("blue", 2), 1: ("blue", 2), 12: ("purple", 3)})
    s = game(3, ["tanners", "vintners", "clothworkers"], dice=dice, tiles=[1, 1, -1, 1])
    s = turn_of(s, 0)  # Vintners 11, Clothworkers 12, Tanners 12b
    b = board(s)
    assert (faction_value(b, s.dice, "blue", 1), faction_value(b, s.dice, "purple", 1)) == (6, 3)
    s = do(s, mv.ActivateGuild("tanners"))
    tower_die = do(s, mv.PickMarker("die", 12))
    assert set(legal(tower_die)) == {mv.PickMarker("die", i) for i in range(20) if i != 12}  # no tile
    assert codes(tower_die, mv.PickMarker("tile", 0)) == ["WALLED_CITY_BAD_GUILD_CHOICE"]
    swapped = do(tower_die, mv.PickMarker("die", 0))
    assert swapped.activation is None
    assert (swapped.dice[12].location, swapped.dice[12].value) == ("A11", 3)
    assert (swapped.dice[0].location, swapped.dice[0].value) == ("T1", 2)
    assert (faction_value(b, swapped.dice, "blue", 1), faction_value(b, swapped.dice, "purple", 1)) == (4, 6)
    blue = do(s, mv.PickMarker("die", 0))
    assert mv.PickMarker("die", 1) not in legal(blue)  # blue 2 for blue 2 changes nothing
    tile = do(s, mv.PickMarker("tile", 0))  # +1 in A22
    assert set(legal(tile)) == {mv.PickMarker("tile", 2)} | {mv.PickMarker("die", i) for i in range(12)}
    tile = do(tile, mv.PickMarker("die", 0))
    assert (tile.tiles[0].area, tile.tiles[0].value, tile.dice[0].location, tile.dice[0].value) == ("A11", 1, "A22", 2)


def test_g20_tanners_never_swap_two_markers_of_one_place() -> None:
    """§6.3 G20: swapping two markers that lie in the same area changes nothing, so it is no choice."""
    s = game(3, ["tanners", "vintners", "clothworkers"], dice=dice_with({0: ("blue", 2), 1: ("green", 3)}))
    s = turn_of(s, 0)
    # A Carpenters split can bring markers together; here die 1 and tile 0 are moved into A11 beside die 0.
    s = replace(s, dice=(s.dice[0], replace(s.dice[1], location="A11"), *s.dice[2:]))
    s = replace(s, tiles=(replace(s.tiles[0], area="A11"), *s.tiles[1:]))
    ENGINE.check(s)
    s = do(do(s, mv.ActivateGuild("tanners")), mv.PickMarker("die", 0))
    pairs = set(legal(s))
    assert mv.PickMarker("die", 1) not in pairs and mv.PickMarker("tile", 0) not in pairs
    assert {mv.PickMarker("die", 2), mv.PickMarker("tile", 1)} <= pairs


# ---- G13 Carpenters -------------------------------------------------------------------------------------


def carpenters_game() -> State:
    """Londonderry, 3 players: seat 0 holds the Carpenters (1b) and builds first; A11 holds die 0 and seat 1's
    2 peasants + 1 noble and seat 2's peasant."""
    s = game(3, ["carpenters", "clothworkers", "tanners"])
    assert s.turn is not None and s.turn.seat == 0 and s.dice[0].location == "A11"
    s = place(s, "A11", "1", peasants=2, nobles=1)
    s = place(s, "A11", "2", peasants=1)
    s = do(s, mv.ActivateGuild("carpenters"))
    fence = mv.BuildFence("A11", "g11n", False, "p01", False)  # A11.1 = {p01}, A11.2 = {p02, g11w, g11n}
    assert fence in legal(s)
    assert codes(s, mv.BuildFence("A11", "g11n", True, "p01", False)) == ["WALLED_CITY_BAD_GUILD_CHOICE"]  # gap
    s = do(s, fence)
    assert set(legal(s)) == {mv.SplitCitizens("1", p, n) for p in range(3) for n in range(2)}
    return s


def test_g13_carpenters_fence_splits_the_area_and_its_citizens() -> None:
    """§6.3 G13: the fence splits X into X.1 and X.2 along its boundary (paths and gaps follow their arc, a new
    fence path joins nothing); each competitor's citizens split as the activator chooses; on a tie in citizens
    the activator picks the side for X's markers (A-16)."""
    s = do(carpenters_game(), mv.SplitCitizens("1", 2, 0))
    assert set(legal(s)) == {mv.SplitCitizens("2", 0, 0), mv.SplitCitizens("2", 1, 0)}
    s = do(s, mv.SplitCitizens("2", 0, 0))
    assert legal(s) == [mv.MarkersTo("A11.1"), mv.MarkersTo("A11.2")]  # 2 citizens each side
    s = do(s, mv.MarkersTo("A11.2"))
    assert s.activation is None and s.turn is not None and s.turn.step == "place"
    assert s.fences == (Fence("A11", "g11n", False, "p01", False),)
    b = board(s)
    assert "A11" not in b.area and {"A11.1", "A11.2"} <= set(b.area)
    assert (b.sides("p01"), b.sides("p02"), b.sides("F1")) == (
        (("A11.1",), ("A12",)),
        (("A11.2",), ("A21",)),
        (("A11.1",), ("A11.2",)),
    )
    assert b.path["F1"].fence and (b.gap_area("g11n"), b.gap_area("g11w")) == ("A11.2", "A11.2")
    assert [(p.place, p.who, p.peasants, p.nobles) for p in s.citizens] == [
        ("A11.1", "1", 0, 1),
        ("A11.1", "2", 1, 0),
        ("A11.2", "1", 2, 0),
    ]
    assert s.dice[0].location == "A11.2"
    assert codes(s, mv.BuildRoad("F1", 3, 2)) == ["WALLED_CITY_NO_SUCH_PATH"]  # never built on
    s = do(s, mv.BuildRoad("p02", 3, 2))
    assert {(a.area1, a.area2) for a in legal(s) if isinstance(a, mv.Settle)} == {("A11.2", "A21")}


@pytest.mark.parametrize(("second_split", "die_at"), [(mv.SplitCitizens("2", 1, 0), "A11.2"), (None, "A11.1")])
def test_g13_carpenters_markers_follow_the_side_with_more_citizens(
    second_split: mv.SplitCitizens | None, die_at: str
) -> None:
    """§6.3 G13 [R]: X's die and/or tile must go to the new area with more citizens (all colours counted)."""
    s = carpenters_game()
    if second_split is None:  # everyone stays in A11.1: 4 against 0
        s = do(do(s, mv.SplitCitizens("1", 0, 0)), mv.SplitCitizens("2", 0, 0))
    else:  # A11.1: seat 1's noble (1); A11.2: 2 + 1 peasants (3)
        s = do(do(s, mv.SplitCitizens("1", 2, 0)), second_split)
    assert s.activation is None and s.dice[0].location == die_at


def test_g13_carpenters_double_t_path_we20() -> None:
    """WE-20, §5.8: a fence ending inside the T-path t1 on its single side makes it a double-T: one number goes
    wholly to O1.1 or O1.2, the other to W1 or W2; the adjust step reaches all 4 areas."""
    dice = dice_with({0: ("blue", 2), 1: ("yellow", 2), 4: ("green", 2)})  # W1, W3, O1
    s = game(3, ["carpenters", "tanners", "armourers"], side="borderlands", dice=dice, paths=("r5",))
    assert s.turn is not None and s.turn.seat == 0 and board(s).sides("t1") == (("O1",), ("W1", "W2"))
    s = do(s, mv.ActivateGuild("carpenters"))
    s = do(s, mv.BuildFence("O1", "g1a", False, "t1", True))  # O1.1 = {g1b, r1, t1}, O1.2 = {t1, r8, g1a}
    assert legal(s) == [mv.MarkersTo("O1.1"), mv.MarkersTo("O1.2")]  # nobody there: a tie (0 = 0)
    s = do(s, mv.MarkersTo("O1.2"))
    assert board(s).sides("t1") == (("O1.1", "O1.2"), ("W1", "W2"))
    assert s.dice[4].location == "O1.2"
    s = do(s, mv.BuildRoad("t1", 3, 2))
    settles = [a for a in legal(s) if isinstance(a, mv.Settle)]
    assert {(a.first, a.area1, a.area2) for a in settles} == {
        (n, x, y) for n in (3, 2) for x in ("O1.1", "O1.2") for y in ("W1", "W2")
    }
    assert codes(s, mv.Settle(3, "O1", 3, 0, "W1", 2, 0)) == ["WALLED_CITY_BAD_SETTLE"]
    s = do(s, mv.Settle(3, "O1.1", 3, 0, "W2", 2, 0))
    assert (at(s, "O1.1", "0").peasants, at(s, "W2", "0").peasants) == (3, 2)
    assert set(legal(s)) == {
        mv.Done(),
        mv.Adjust("die", 0, 1),
        mv.Adjust("die", 0, -1),
        mv.Adjust("die", 4, 1),
        mv.Adjust("die", 4, -1),
        mv.Adjust("tile", 0),  # in W2
    }


def test_g13_carpenters_round_two_split_takes_effect_at_once() -> None:
    """§6.3 G13 [R]: placed in round 2, the split counts immediately: the promote step no longer reaches nobles
    on the far side of the fence."""
    paths = ("p07", "p12", "p14")  # A24 is a district of its own
    s = game(
        3, ["salters", "ironmongers", "mercers"], ["carpenters", "vintners", "clothworkers"], paths=paths, round_=2
    )
    assert s.turn is not None and s.turn.seat == 0 and set(paths) <= {x.id for x in s.paths}
    s = place(s, "A24", "1", nobles=1)
    mine = at(s, "A24", "0")  # peasants settled in round 1
    assert mine.peasants > 0 and mine.nobles == 0
    s = do(s, mv.ActivateGuild("carpenters"))
    s = do(s, mv.BuildFence("A24", "p07", False, "g24e", False))  # A24.1 = {g24e}, A24.2 = {p14, p12, p07}
    s = do(s, mv.SplitCitizens("0", mine.peasants, 0))
    s = do(s, mv.SplitCitizens("1", 0, 1))
    assert s.activation is None and s.dice[5].location == "A24.2"  # all citizens against none
    assert board(s).gap_area("g24e") == "A24.1"
    s = do(s, mv.BuildWall("g24e", 3, 1))
    s = do(s, mv.SettleWall(1, 1, 0))
    assert at(s, "A24.1", "0").nobles == 1
    assert set(legal(s)) == {mv.Done(), mv.Promote("0", "A24.1", "T3"), mv.Promote("0", "A24.1", "T4")}
    assert codes(s, mv.Promote("1", "A24.2", "T3")) == ["WALLED_CITY_BAD_PROMOTE"]


def test_g5_g6_fences_are_immune() -> None:
    """A-10, A-11: a fence is no road: Goldsmiths and Skinners cannot pick it, the Drapers cannot build on it."""
    s = carpenters_used(game(3, ["goldsmiths", "skinners", "drapers"]), 1)
    tiles = tuple(replace(t, area="A22.1") if t.area == "A22" else t for t in s.tiles)
    s = replace(s, fences=(Fence("A22", "p04", False, "p10", False),), tiles=tiles)
    ENGINE.check(s)
    s = turn_of(s, 2)  # Drapers 3 first
    s = do(s, mv.ActivateGuild("drapers"))
    assert all(a.path != "F1" for a in legal(s) if isinstance(a, mv.BuildRoad))
    assert codes(s, mv.BuildRoad("F1", 3, 2)) == ["WALLED_CITY_NO_SUCH_PATH"]
    s = turn_of(s, 0)
    s = do(s, mv.ActivateGuild("goldsmiths"))
    assert set(legal(s)) == {mv.PickSpot(x.id) for x in s.paths} and "F1" not in {x.id for x in s.paths}
    assert codes(s, mv.PickSpot("F1")) == ["WALLED_CITY_BAD_GUILD_CHOICE"]


# ---- G18 Butchers ---------------------------------------------------------------------------------------


def test_g18_butchers_exchange_with_every_other_player() -> None:
    """§6.3 G18 (A-14): one card to each other player (clockwise); each gives back a card of a strictly higher
    total (their choice), or, having none, the Butchers take any card of theirs (even the one given); hand sizes
    stay the same."""
    s = game(3, ["butchers", "clothworkers", "tanners"])
    assert s.turn is not None and s.turn.seat == 0 and all(hand(s, i) == FULL_DECK for i in range(3))
    s = do(s, mv.ActivateGuild("butchers"))
    assert set(legal(s)) == {mv.GiveCard(a, b) for a, b in DECK}
    s = do(s, mv.GiveCard(3, 2))  # to seat 1
    assert set(legal(s)) == {mv.GiveCard(a, b) for a, b in DECK if (a, b) != (3, 2)}
    s = do(s, mv.GiveCard(3, 1))  # to seat 2
    # Seat 1 got a 3/2 (total 5) and holds nothing higher: the Butchers look at the hand and take any card.
    assert pending_seat(s) == 0
    assert set(legal(s)) == {mv.TakeCard(a, b) for a, b in DECK}
    s = do(s, mv.TakeCard(5, 0))
    # Seat 2 got a 3/1 (total 4): it must give back a card of total 5, its choice.
    assert pending_seat(s) == 2
    assert set(legal(s)) == {mv.ReturnCard(5, 0), mv.ReturnCard(4, 1), mv.ReturnCard(3, 2)}
    assert codes(s, mv.ReturnCard(4, 0)) == ["WALLED_CITY_BAD_GUILD_CHOICE"]  # equal, not higher
    assert codes(s, mv.ReturnCard(4, 1), seat=0) == ["COMMON_NOT_YOUR_TURN"]
    s = do(s, mv.ReturnCard(4, 1))
    assert s.activation is None and pending_seat(s) == 0 and s.turn is not None and s.turn.step == "place"
    assert hand(s, 0) == FULL_DECK - Counter([(3, 2), (3, 1)]) + Counter([(5, 0), (4, 1)])
    assert hand(s, 1) == FULL_DECK - Counter([(5, 0)]) + Counter([(3, 2)])
    assert hand(s, 2) == FULL_DECK - Counter([(4, 1)]) + Counter([(3, 1)])
    assert [len(p.hand) for p in s.seats] == [11, 11, 11]


def test_g18_butchers_take_back_the_card_given() -> None:
    """§6.3 G18: the Butchers may take the very card they gave; the 2-player neutral has no hand (A-5)."""
    s = game(2, ["butchers", "tanners"])
    s = do(do(s, mv.ActivateGuild("butchers")), mv.GiveCard(3, 2))
    assert pending_seat(s) == 0 and mv.TakeCard(3, 2) in legal(s)
    s = do(s, mv.TakeCard(3, 2))
    assert s.activation is None and [len(p.hand) for p in s.seats] == [16, 16]
    assert hand(s, 0)[(3, 2)] == 2 and hand(s, 1)[(3, 2)] == 2


def test_g18_butchers_never_trade_the_defence_only_card() -> None:
    """A-14: the off-colour defence-only card (Borderlands, 3 players) is neither given nor taken."""
    s = game(3, ["butchers", "tanners", "armourers"], side="borderlands", paths=("r5",))
    assert [[(c.a, c.b) for c in p.hand if c.defence_only] for p in s.seats] == [[(4, 0)], [(3, 1)], [(2, 2)]]
    one = replace(s, seats=(replace(s.seats[0], hand=(Card(2, 1), Card(4, 0, True))), *s.seats[1:]))
    ENGINE.check(one)
    assert message(one, mv.ActivateGuild("butchers")) == "Butchers need a card for each of 2 players; you have 1."
    # Seat 1 has played its own 3/1; its only 3/1 is the defence-only card.
    seat1 = list(s.seats[1].hand)
    seat1.remove(Card(3, 1))
    s = replace(s, seats=(s.seats[0], replace(s.seats[1], hand=tuple(seat1)), s.seats[2]))
    ENGINE.check(s)
    s = do(do(do(s, mv.ActivateGuild("butchers")), mv.GiveCard(3, 2)), mv.GiveCard(1, 0))
    taken = {a for a in legal(s) if isinstance(a, mv.TakeCard)}
    assert mv.TakeCard(3, 1) not in taken and mv.TakeCard(3, 2) in taken and len(taken) == 10
    assert codes(s, mv.TakeCard(3, 1)) == ["WALLED_CITY_BAD_GUILD_CHOICE"]
    s = do(s, mv.TakeCard(2, 2))
    assert pending_seat(s) == 2
    s = do(s, mv.ReturnCard(2, 2))  # seat 2's own 2/2 (total 4 > 1), not its defence-only 2/2
    assert s.activation is None
    assert Card(3, 1, True) in s.seats[1].hand and Card(2, 2, True) in s.seats[2].hand
    assert [len(p.hand) for p in s.seats] == [12, 11, 12]
    assert Counter(c.defence_only for c in s.seats[0].hand) == {False: 11, True: 1}


# ---- votes (§11 invariant 25) ------------------------------------------------------------------------------


def test_bakers_and_grocers_votes_are_ledger_lines_in_the_final_score() -> None:
    """§11 invariant 25: final votes = district + faction + tower awards + Bakers 13s + Grocers 3s received."""
    s = game(3, ["grocers", "bakers", "clothworkers"])
    s = place(s, "A21", "0", nobles=3)
    s = place(s, "A31", "1", nobles=3)
    s = do(s, mv.ActivateGuild("grocers", "bakers"))
    for _ in range(3):
        s = do(s, mv.PickNoble("0", "A21"))
    assert s.turn is not None and s.turn.seat == 1
    s = do(s, mv.ActivateGuild("bakers"))
    for _ in range(3):
        s = do(s, mv.PickNoble("1", "A31"))
    s = run(s)
    assert s.phase == "over"
    assert guild_lines(s) == [
        ("1", "round 1 guild grocers", 3),
        ("0", "round 1 guild bakers", 13),
        ("1", "round 1 guild bakers", 13),
    ]
    sheet = ENGINE.score(s)
    for i, p in enumerate(s.seats):
        ledger = [v for v in s.votes if v.who == str(i)]
        assert p.votes == sum(v.points for v in ledger) == sheet.seats[i].total
        others = sum(v.points for v in ledger if " guild " not in v.category)
        assert p.votes - others == {0: 13, 1: 16, 2: 0}[i]
    assert [len(p.hand) for p in s.seats] == [1, 1, 0]  # 11 − 4 roads − 4 walls − 2 defence (one turn skipped)


# ---- the neutral and 4 players --------------------------------------------------------------------------


def test_neutral_citizens_are_targets_like_a_players() -> None:
    """§3.6 [R], A-5: guild abilities treat the neutral's citizens like a real player's (Carpenters, Barbers)."""
    s = game(2, ["carpenters", "barbers"])
    assert s.turn is not None and s.turn.seat == 0
    s = place(s, "A14", "1", peasants=1)
    s = do(s, mv.ActivateGuild("carpenters"))
    s = do(s, mv.BuildFence("A14", "g14e", False, "p05", False))  # A14.1 = {p07, p05}, A14.2 = {g14n, g14e}
    assert set(legal(s)) == {mv.SplitCitizens("1", 0, 0), mv.SplitCitizens("1", 1, 0)}
    s = do(s, mv.SplitCitizens("1", 1, 0))
    assert set(legal(s)) == {mv.SplitCitizens(NEUTRAL, p, n) for p in range(3) for n in range(2)}  # last
    s = do(s, mv.SplitCitizens(NEUTRAL, 2, 1))
    assert s.activation is None and s.dice[3].location == "A14.2"  # 4 citizens against 0
    assert at(s, "A14.2", NEUTRAL) == Placed("A14.2", NEUTRAL, 2, 1) and at(s, "A14.2", "1").peasants == 1
    s = turn_of(finish_turn(do(s, mv.BuildRoad("p24", 1, 1))), 1)
    s = do(s, mv.ActivateGuild("barbers"))
    neutral_nobles = {p.place for p in s.citizens if p.who == NEUTRAL and p.nobles}
    assert neutral_nobles == {*L_GAP_AREAS, *TOWERS, "A14.2"} - {"A14"}
    assert set(legal(s)) == {mv.PickNoble(NEUTRAL, p) for p in neutral_nobles}
    s = do(do(s, mv.PickNoble(NEUTRAL, "T4")), mv.PickNoble(NEUTRAL, "A14.2"))
    assert s.out_nobles == (Placed("box", NEUTRAL, 0, 2),) and s.neutral_nobles == 0


def test_four_players_butchers_and_mercers_reach_all_three_others() -> None:
    """§6.3 G18: the Butchers give to every other player, clockwise; G1: the Mercers pick from any of them."""
    s = game(4, ["butchers", "mercers", "clothworkers", "tanners"])
    assert s.turn is not None and s.turn.seat == 1  # Mercers 1 first
    for seat in (0, 2, 3):
        s = place(s, "A33", str(seat), nobles=1)
    s = do(s, mv.ActivateGuild("mercers"))
    assert set(legal(s)) == {mv.PickNoble(str(i), "A33") for i in (0, 2, 3)}
    for seat in (3, 0, 2):
        s = do(s, mv.PickNoble(str(seat), "A33"))
    assert s.activation is None and at(s, "A33", "1").nobles == 3 and reserve(s, 1) == (11, 16)
    s = turn_of(finish_turn(do(s, mv.BuildRoad("p01", 3, 2))), 0)
    s = do(s, mv.ActivateGuild("butchers"))
    for card in ((1, 1), (3, 0), (3, 2)):  # to seats 1, 2, 3
        s = do(s, mv.GiveCard(*card))
    assert pending_seat(s) == 1 and set(legal(s)) == {
        mv.ReturnCard(a, b) for a, b in DECK if a + b > 2 and (a, b) in hand(s, 1)
    }
    s = do(s, mv.ReturnCard(2, 2))
    assert pending_seat(s) == 2 and set(legal(s)) == {mv.ReturnCard(a, b) for a, b in DECK if a + b > 3}
    s = do(s, mv.ReturnCard(4, 1))
    assert pending_seat(s) == 0 and all(isinstance(a, mv.TakeCard) for a in legal(s))  # seat 3: nothing above 5
    s = do(s, mv.TakeCard(4, 1))
    assert s.activation is None and [len(p.hand) for p in s.seats] == [9, 8, 9, 9]  # seat 1 played one


GUILD_CODES = {
    "WALLED_CITY_GUILD_NOT_NOW",
    "WALLED_CITY_NOT_YOUR_GUILD",
    "WALLED_CITY_GUILD_USED",
    "WALLED_CITY_BAD_COPY",
    "WALLED_CITY_GUILD_BLOCKED",
    "WALLED_CITY_BAD_GUILD_CHOICE",
}


def test_every_guild_code_used_here_is_catalogued() -> None:
    """The guild violation codes asserted above are exactly the catalogue's guild codes, each documented."""
    assert {c for c in CODES if "GUILD" in c or "COPY" in c} == GUILD_CODES
    assert all(CODES[c] for c in GUILD_CODES)


def test_a24_nowhere_to_build_gives_up_the_piece_unless_a_guild_could_help() -> None:
    """A-24 with §5.6: with every path built the piece goes to the box; a Skinners holder may first clear a
    path (and build there), or answer ``done`` to give the piece up. ``done`` is refused while a spot is free."""
    s = game(3, ["skinners", "salters", "vintners"])
    assert codes(s, mv.Done()) == ["WALLED_CITY_CAN_BUILD"]
    full = replace(s, paths=tuple(Spot(p.id) for p in board(s).paths))
    seat = full.turn.seat if full.turn else -1
    assert full.seats[seat].guild == "skinners"
    assert set(legal(full)) == {mv.Done(), mv.ActivateGuild("skinners")}
    gave_up = do(full, mv.Done())
    assert gave_up.seats[seat].roads == full.seats[seat].roads - 1
    assert len(gave_up.seats[seat].hand) == len(full.seats[seat].hand)  # no card played
    assert gave_up.turn is not None and gave_up.turn.seat != seat
    cleared = do(do(full, mv.ActivateGuild("skinners")), mv.PickSpot("p01"))
    assert cleared.turn is not None and cleared.turn.seat == seat and cleared.turn.step == "place"
    assert {a.path for a in legal(cleared) if isinstance(a, mv.BuildRoad)} == {"p01"}
    # Without a guild to help, the engine gives every piece up by itself, and the vote follows.
    used = replace(full, seats=tuple(replace(p, guild_used=True) for p in full.seats))
    automatic = ENGINE.settle(used)
    assert all(p.roads == 0 for p in automatic.seats) and automatic.phase == "defence"
    assert [len(p.hand) for p in automatic.seats] == [len(p.hand) for p in full.seats]
