"""Guilds of London rules, one named test per worked example (EX-1..EX-14) and derived case of §7.8
(T-PLANT-1..5, T-RES-1..7, T-END-1/2, T-WIN-1, T-MASTER-1), plus the rulings that are options (§10).

Every test builds a small mid-game state (``helpers.game``) and asserts numbers: who wins,
who gets which VP, token, card or figure, and where every figure goes. The content is the synthetic set
(see the helpers' docstring for its formulas).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from msgspec.structs import replace

from engines.core.errors import StateInvalid
from engines.guilds_of_london import effects, growth, plantation, resolution, scoring, setup, turn
from engines.guilds_of_london import moves as mv
from engines.guilds_of_london.common import CONTENT, has_figure, tile_index
from engines.guilds_of_london.content import (
    ActionCardType,
    Choice,
    Cost,
    DrawAction,
    DrawLm,
    Filter,
    Hire,
    LordMayorCard,
    Move,
    Per,
    ReturnFigures,
    Scoring,
    SetsScoring,
    TableScoring,
    ThresholdScoring,
    Trigger,
    Vp,
)
from engines.guilds_of_london.engine import ENGINE
from engines.guilds_of_london.order import gain, starting_stamps, turn_order
from engines.guilds_of_london.plantation import start_plantation
from engines.guilds_of_london.state import (
    GUILDHALL,
    NO_SEAT,
    ChooseLordMayor,
    DrawCard,
    DrawLordMayor,
    DrawTile,
    DrawToken,
    EffectRef,
    Ledger,
    MoveStep,
    Origin,
    PayDiscard,
    PayReturn,
    ReturnFromPlantation,
    Reward,
    Run,
    State,
)
from tests.engines.guilds_of_london.helpers import (
    Spot,
    act,
    chance,
    codes,
    draw_cards,
    game,
    kind,
    legal,
    settled,
    tile,
    vp,
)
from tests.engines.setups import new_state

GREEN, BLUE, YELLOW = 0, 1, 2
A, B, C = 0, 1, 2

#: §3.3: the 3–4-player starting cells other than the Guildhall and St Lawrence Jewry, in placing order.
DRAWN = [(1, 0), (0, 0), (0, 1), (0, 2), (0, 3), (2, 0), (2, 1), (2, 2), (2, 3)]
#: §4.7.3: the expansions of the 4-player city after rounds 3 and 6.
FOUR_A = [(-1, 1), (-1, 2), (-1, 3), (0, 4), (1, 4), (2, 4)]
FOUR_B = [(1, 5), (2, 5), (3, 4), (3, 3), (3, 2), (3, 1)]
FOUR_C = [(4, 1), (3, 0), (2, -1), (1, -1), (0, -1), (-1, 0)]


def guilds(first: int, count: int) -> list[str]:
    return [f"G{i:02d}" for i in range(first, first + count)]


# ---- §7.7 worked examples -------------------------------------------------------------------------------


def test_ex1_dyers_without_negotiation() -> None:
    """EX-1: green 2, blue 1, nobody swaps: green wins, blue second takes the token, 1 green master."""
    s = settled(game(3, [Spot("G04", 1, 0, {GREEN: 2, BLUE: 1})], stage="scan"))
    assert kind(s) == "chance.draw_card"  # G04's first place: draw 1 (after the bonus)
    assert vp(s) == [3, 0, 0]
    s = settled(draw_cards(s))
    dyers = tile(s, "G04")
    assert (dyers.face_up, dyers.master, dyers.liverymen, dyers.token) == (False, GREEN, (0, 0, 0), "")
    assert vp(s) == [3, 2, 0]
    assert s.players[BLUE].tokens == ("T_VP2",)
    assert s.players[GREEN].hand == ("CROSS_DRAW",)
    assert s.guildhall == (5, 5, 4)
    assert s.players[GREEN].ledger[-1].category == "resolution bonus"
    assert s.players[BLUE].ledger[-1].detail == "T_VP2"


def test_ex2_blue_negotiates_to_a_tie() -> None:
    """EX-2: blue (first) swaps a green liveryman; 1–1 with no adjacent master: not resolved, figures stay."""
    s = game(3, [Spot("G04", 1, 0, {GREEN: 2, BLUE: 1})], stage="scan", neutral={BLUE: 1}, stamps={0: 1, 1: 3, 2: 2})
    s = settled(s)
    assert ENGINE.pending(s).seats == (BLUE,) and kind(s) == "negotiate"
    s = settled(act(s, mv.Swap(GREEN)))
    dyers = tile(s, "G04")
    assert (dyers.face_up, dyers.liverymen, dyers.token, dyers.neutral) == (True, (1, 1, 0), "T_VP2", 0)
    assert s.guildhall == (5, 4, 4)
    assert s.players[BLUE].neutral == 0 and s.neutral_pool == 6
    assert vp(s) == [0, 0, 0]


def test_ex3_green_answers_and_wins_without_second() -> None:
    """EX-3: green swaps the blue liveryman back: green wins 1–0; nobody is second, the token leaves."""
    stamps = {0: 1, 1: 3, 2: 2}
    s = game(3, [Spot("G04", 1, 0, {GREEN: 2, BLUE: 1})], stage="scan", neutral={BLUE: 1, GREEN: 1}, stamps=stamps)
    s = act(settled(s), mv.Swap(GREEN))
    s = settled(s)
    assert ENGINE.pending(s).seats == (GREEN,)
    s = settled(draw_cards(settled(act(s, mv.Swap(BLUE)))))
    assert tile(s, "G04").master == GREEN
    assert vp(s) == [3, 0, 0]
    assert s.tokens_removed == ("T_VP2",) and s.players[BLUE].tokens == ()
    assert s.neutral_pool == 6 and s.guildhall == (5, 5, 4)


def test_ex4_lightermen_adjacent_master_breaks_the_tie() -> None:
    """EX-4: 1–1–1, yellow has a master next door: yellow wins 2–1–1; the others tie for second: nothing."""
    spots = [Spot("G10", 1, 0, {GREEN: 1, BLUE: 1, YELLOW: 1}), Spot("G16", 0, 0, master=YELLOW)]
    s = settled(draw_cards(settled(game(3, spots, stage="scan"))))
    assert tile(s, "G10").master == YELLOW
    assert vp(s) == [0, 0, 3]
    assert s.tokens_removed == ("T_VP2",)
    assert [p.tokens for p in s.players] == [(), (), ()]


@pytest.mark.parametrize(
    ("cells", "pairs"),
    [
        ([(2, 0), (2, 1), (3, 0), (3, 1)], 4),  # EX-5: a 2×2 square
        ([(2, 0), (2, 1), (2, 2)], 2),  # a line of 3
        ([(2, 0), (2, 1), (3, 1)], 2),  # an L of 3
        ([(2, 0), (2, 1), (2, 2), (3, 0), (3, 1), (3, 2)], 7),  # a 2×3 block
        ([(0, 0), (2, 2)], 0),  # isolated masters
    ],
)
def test_ex5_adjacent_masters_score_a_point_a_pair(cells: list[tuple[int, int]], pairs: int) -> None:
    """EX-5, §7.5 step 3: 1 VP per pair of orthogonally adjacent tiles carrying the player's masters."""
    spots = [Spot(g, r, c, master=A) for g, (r, c) in zip(guilds(1, len(cells)), cells, strict=True)]
    extra = [Spot("G20", 1, 0)]  # keeps (0,0) joined to the Guildhall
    s = scoring.final_scoring(game(3, spots + extra, stage="harvest"))
    lines = [line for line in s.players[A].ledger if line.category == scoring.ADJACENT]
    assert len(lines) == pairs and sum(line.points for line in lines) == pairs
    assert s.players[A].vp == pairs and s.stage == "over"


def test_ex6_ability_cost_needs_other_cards() -> None:
    """EX-6: "discard 2" with one other card is illegal (hire and move still are); with two it is paid."""
    spots = [Spot("G04", 1, 0)]
    s = game(3, spots, hands={A: ["CROWN_VP", "SCYTHE_HIRE"]}, turn=A)
    assert codes(s, mv.PlayAbility("CROWN_VP")) == ["GUILDS_OF_LONDON_CANNOT_PAY"]
    assert codes(s, mv.PlayHire("CROWN_VP")) == []
    assert codes(s, mv.PlayMove("CROWN_VP", GUILDHALL, "G04")) == []
    s = game(3, spots, hands={A: ["CROWN_VP", "SCYTHE_HIRE", "CROSS_DRAW"]}, turn=A)
    s = act(s, mv.PlayAbility("CROWN_VP"))
    assert kind(s) == "pay_discard"
    s = act(act(s, mv.PayCard("SCYTHE_HIRE")), mv.PayCard("CROSS_DRAW"))
    assert kind(s) == "turn" and vp(s) == [2, 0, 0]
    assert s.discard == ("CROSS_DRAW", "SCYTHE_HIRE") and s.in_play == ("CROWN_VP",)
    assert s.players[A].hand == ()


@pytest.mark.parametrize(
    ("plays", "last", "drawn"),
    [((), False, 4), (("SCYTHE_HIRE",), False, 2), (("SCYTHE_HIRE",), True, 0), ((), True, 0)],
)
def test_ex7_end_of_turn_draw(plays: tuple[str, ...], last: bool, drawn: int) -> None:
    """EX-7: no card played: 4; some played: 2; the last round: none (A-33)."""
    s = game(3, [Spot("G04", 1, 0)], hands={A: ["SCYTHE_HIRE"]}, turn=A, round=15 if last else 1)
    for card in plays:
        s = act(s, mv.PlayHire(card))
    s = act(s, mv.EndTurn())
    assert [(q.seat, q.count) for q in s.queue if isinstance(q, DrawCard)] == ([(A, drawn)] if drawn else [])
    s = draw_cards(s)
    assert len(s.players[A].hand) == drawn + 1 - len(plays)
    assert s.discard == tuple(sorted(plays))


def test_ex7_draw_modifier_adds_to_the_draw() -> None:
    """R-TURN-6 step 3: a paid draw change (+1) makes the draw 3 after playing cards."""
    s = game(3, [Spot("G04", 1, 0)], hands={A: ["CROSS_DRAW"]}, turn=A)
    s = act(s, mv.PlayAbility("CROSS_DRAW"))
    assert s.turn is not None and s.turn.draw_modifier == 1
    s = act(s, mv.EndTurn())
    assert [(q.seat, q.count) for q in s.queue if isinstance(q, DrawCard)] == [(A, 3)]


def test_ex8_draw_two_keep_one() -> None:
    """EX-8: draw 2 keep 1: the Lord Mayor deck is 1 smaller, the other card under it."""
    s = game(3, [Spot("G04", 1, 0)], lord_mayor={A: ["LM01"]}, turn=A)
    before = len(s.lm_deck) + len(s.lm_bottom)
    s = effects.apply_effect(s, Run(A, EffectRef("card", "CROWN_VP", "ability")), 0, DrawLm(draw=2, keep=1))
    s = chance(settled(s), mv.ChanceLordMayor("LM05"))
    s = chance(s, mv.ChanceLordMayor("LM09"))
    assert kind(s) == "choose_lord_mayor"
    s = settled(act(s, mv.KeepLordMayor("LM09")))
    assert s.players[A].lm_cards == ("LM01", "LM09")
    assert s.lm_bottom == ("LM05",)
    assert len(s.lm_deck) + len(s.lm_bottom) == before - 1


def test_ex8_draw_three_keep_one_orders_the_rest() -> None:
    """EX-8 (draw 3 keep 1, Ulster's left): the two others go under in the chosen order."""
    s = _plantation({A: 1}, side="ULSTER")
    for card in ("LM02", "LM03", "LM04"):
        s = chance(s, mv.ChanceLordMayor(card))
    s = act(s, mv.KeepLordMayor("LM03"))
    assert sorted(a.card for a in legal(s)) == ["LM02", "LM04"]
    s = act(s, mv.PutUnder("LM04"))
    assert s.lm_bottom == ("LM04", "LM02")
    assert s.players[A].lm_cards == ("LM03",) and vp(s) == [6, 0, 0]
    assert len(s.lm_deck) == 21 - 3


def test_ex9_turn_order_picture() -> None:
    """EX-9: blue 9; green reached 6 first, then yellow: blue, yellow, green."""
    s = game(3, [Spot("G04", 1, 0)])
    s = starting_stamps(s, (GREEN, BLUE, YELLOW))
    s = gain(s, GREEN, 6, "fixture", "x")
    s = gain(s, YELLOW, 6, "fixture", "y")
    s = gain(s, BLUE, 9, "fixture", "z")
    assert turn_order(s) == (BLUE, YELLOW, GREEN)
    s = gain(s, GREEN, 3, "fixture", "x")
    assert turn_order(s) == (GREEN, BLUE, YELLOW)  # green lands on top of blue at 9


def test_a02_starting_order_is_the_stack_at_zero() -> None:
    """R-SETUP-6, A-02: everybody at 0 VP; the first player is on top."""
    s = starting_stamps(game(4, [Spot("G04", 1, 0)]), (2, 0, 3, 1))
    assert turn_order(s) == (2, 0, 3, 1)
    assert turn_order(gain(s, 1, 0, "fixture", "nothing")) == (2, 0, 3, 1)  # no VP: the marker stays


@pytest.mark.parametrize(("players", "pool"), [(2, 4), (3, 6), (4, 8)])
def test_ex10_neutral_pool(players: int, pool: int) -> None:
    """EX-10: 2 neutral pawns per player on the board, none held."""
    s = new_state(ENGINE, players, seed=1)
    assert s.neutral_pool == pool
    assert all(p.neutral == 0 for p in s.players)


def _starting_city(players: int) -> list[Spot]:
    return [Spot("S_ST_LAWRENCE", 1, 3)] + [Spot(g, r, c) for g, (r, c) in zip(guilds(13, 9), DRAWN, strict=True)]


@pytest.mark.parametrize(
    ("players", "cells"),
    [
        (3, [(-1, 1), (-1, 2), (-1, 3), (0, 4), (1, 4)]),
        (4, [(-1, 1), (-1, 2), (-1, 3), (0, 4), (1, 4), (2, 4)]),
    ],
)
def test_ex11_expansion_after_round_three(players: int, cells: list[tuple[int, int]]) -> None:
    """EX-11: the Growth phase after round 3 draws a tile for each cell clockwise from north of the compass
    rose; (-1,4) stays empty; each gets a token; then the beadle goes to the lowest number."""
    s = settled(game(players, _starting_city(players), stage="harvest", round=3, beadle="G14"))
    assert [(q.row, q.col) for q in s.queue if isinstance(q, DrawTile)] == cells
    for name in guilds(1, len(cells)):
        s = chance(s, mv.ChanceTile(name))
    for _ in cells:
        s = chance(s, mv.ChanceToken("T_DRAW1"))
    s = settled(s)
    added = {(t.row, t.col): t.tile for t in s.city if (t.row, t.col) in cells}
    assert added == dict(zip(cells, guilds(1, len(cells)), strict=True))
    assert (-1, 4) not in {(t.row, t.col) for t in s.city}
    assert all(tile(s, g).token == "T_DRAW1" for g in added.values())
    assert s.beadle == "G01" and s.round == 4 and kind(s) == "turn"


def test_ex12_hand_limit_after_the_draw() -> None:
    """EX-12: 5 cards, no card played, draw 4: 9, discard 2 down to 7."""
    hand = ["SCYTHE_HIRE"] * 5
    s = draw_cards(act(game(3, [Spot("G04", 1, 0)], hands={A: hand}, turn=A), mv.EndTurn()))
    assert kind(s) == "discard_to_limit" and len(s.players[A].hand) == 9
    s = act(act(s, mv.Discard("SCYTHE_HIRE")), mv.Discard("CROSS_DRAW"))
    assert len(s.players[A].hand) == 7 and kind(s) == "turn" and s.turn is not None and s.turn.seat != A


def test_ex12_university_master_keeps_eight() -> None:
    """EX-12: the master of University of London discards 1 of 9 (limit 8)."""
    hand = ["SCYTHE_HIRE"] * 5
    spots = [Spot("G04", 1, 0), Spot("S_UNIVERSITY", 1, 3, master=A)]
    s = draw_cards(act(game(3, spots, hands={A: hand}, turn=A), mv.EndTurn()))
    assert turn.hand_limit(s, A) == 8
    s = act(s, mv.Discard("SCYTHE_HIRE"))
    assert len(s.players[A].hand) == 8 and kind(s) == "turn"


def test_ex12_rewards_may_exceed_the_limit_until_the_own_turn() -> None:
    """EX-12: cards won at resolution are kept beyond 7; no discard until the end of the player's turn."""
    spots = [Spot("G04", 1, 0, {A: 3}), Spot("G20", 0, 0)]
    s = game(3, spots, hands={A: ["SCYTHE_HIRE"] * 9}, stage="scan")
    s = settled(draw_cards(settled(s)))
    assert len(s.players[A].hand) == 10 and kind(s) == "turn"


def test_ex13_move_needs_the_card_symbol_and_a_face_up_tile() -> None:
    """EX-13: a Scythe card moves onto a face-up tile showing a Scythe, not onto one without, nor face down."""
    spots = [
        Spot("G03", 1, 0),  # Scythe
        Spot("G02", 0, 0),  # Cross
        Spot("G08", 2, 1, master=B),  # Scythe, face down
        Spot("S_ST_LAWRENCE", 1, 3),  # Anchor, Cross, Scythe, Crown
    ]
    s = game(3, spots, hands={A: ["SCYTHE_HIRE"]}, turn=A)
    assert codes(s, mv.PlayMove("SCYTHE_HIRE", GUILDHALL, "G03")) == []
    assert codes(s, mv.PlayMove("SCYTHE_HIRE", GUILDHALL, "S_ST_LAWRENCE")) == []
    assert codes(s, mv.PlayMove("SCYTHE_HIRE", GUILDHALL, "G02")) == ["GUILDS_OF_LONDON_SYMBOL_MISMATCH"]
    refusal = ENGINE.validate(s, mv.Move(A, mv.PlayMove("SCYTHE_HIRE", GUILDHALL, "G02")))[0]
    assert refusal.message == "That tile shows Cross; the card's symbol is Scythe." and refusal.field == "action.to"
    assert codes(s, mv.PlayMove("SCYTHE_HIRE", GUILDHALL, "G08")) == ["GUILDS_OF_LONDON_BAD_DESTINATION"]
    s = act(s, mv.PlayMove("SCYTHE_HIRE", GUILDHALL, "G03"))
    assert tile(s, "G03").liverymen == (1, 0, 0) and s.guildhall[A] == 3


@pytest.mark.parametrize("players", [2, 3, 4])
def test_ex14_setup_counts(players: int) -> None:
    """EX-14: 4 liverymen on the Guildhall and 12 in the supply each, 6 cards, 1 Lord Mayor card each; the
    Lord Mayor deck holds 21 − N, the action deck 105 − 6N."""
    s = new_state(ENGINE, players, seed=7)
    assert kind(s) == "keep_lord_mayor" and ENGINE.pending(s).seats == tuple(range(players))
    for seat in range(players):
        s = act(s, setup.keep_options(s, seat)[0], seat)
    assert kind(s) == "turn"
    assert s.guildhall == (4,) * players and s.supply == (12,) * players
    assert [len(p.hand) for p in s.players] == [6] * players
    assert [len(p.lm_cards) for p in s.players] == [1] * players
    assert len(s.lm_deck) == 21 - players and len(s.deck) == 105 - 6 * players
    tiles = 24 if players == 2 else 10
    assert len(s.city) == tiles and all(t.token for t in s.city)
    assert len(s.token_bag) == 30 - tiles


# ---- §7.8 derived cases: the plantation -------------------------------------------------------------------------


def _plantation(counts: dict[int, int], side: str = "VIRGINIA", **facts: Any) -> State:
    """The plantation's resolution in a Growth round (R-PLANT-1..4), settled."""
    s = game(3, [Spot("G04", 1, 0)], plantation=counts, side=side, round=3, stage="turns", **facts)
    return settled(start_plantation(s))


def test_t_plant_1_left_and_right() -> None:
    """T-PLANT-1: 3, 2, 1: A left (5 VP, returns 2), B right (2 VP, returns 1), C nothing."""
    s = _plantation({A: 3, B: 2, C: 1})
    assert vp(s) == [5, 2, 0]
    assert s.plantation == (1, 1, 1) and s.supply == (11, 11, 11)


def test_t_plant_2_tie_for_first_gives_each_the_right() -> None:
    """T-PLANT-2: 2, 2, 1: A and B the right reward each; nobody the left; C nothing."""
    s = _plantation({A: 2, B: 2, C: 1})
    assert vp(s) == [2, 2, 0]
    assert s.plantation == (1, 1, 1)


def test_t_plant_3_tie_for_second_gets_nothing() -> None:
    """T-PLANT-3: 3, 1, 1: A left; B and C tie for second: nothing."""
    s = _plantation({A: 3, B: 1, C: 1})
    assert vp(s) == [5, 0, 0]
    assert s.plantation == (1, 1, 1)


def test_t_plant_4_alone_takes_only_the_left() -> None:
    """T-PLANT-4: only A is there: the left reward only."""
    s = _plantation({A: 4})
    assert vp(s) == [5, 0, 0]
    assert s.plantation == (2, 0, 0)


def test_t_plant_5_returns_what_is_there() -> None:
    """T-PLANT-5: the reward says return 2, the recipient has 1 there: returns 1."""
    s = _plantation({A: 1})
    assert s.plantation == (0, 0, 0) and s.supply[A] == 12 and vp(s) == [5, 0, 0]


def test_plantation_negotiation_swaps_to_the_guildhall() -> None:
    """R-PLANT-1: a swapped liveryman goes to the Guildhall; the pawns leave before the vote."""
    s = _plantation({A: 2, B: 1}, neutral={B: 1})
    assert ENGINE.pending(s).seats == (B,)
    s = settled(act(s, mv.Swap(A)))
    assert vp(s) == [2, 2, 0]  # 1–1: both take the right reward
    assert s.guildhall[A] == 5 and s.neutral_pool == 6 and s.plantation_neutral == 0


# ---- §7.8 derived cases: tile resolution -------------------------------------------------------------------------


def test_t_res_1_beadle_counts_for_the_trigger() -> None:
    """T-RES-1: majority 3, the beadle and 2 of A: resolved; A wins, nobody second."""
    s = settled(draw_cards(settled(game(3, [Spot("G04", 1, 0, {A: 2})], stage="scan", beadle="G04"))))
    assert tile(s, "G04").master == A and vp(s) == [3, 0, 0]
    assert s.beadle == ""  # no face-up guild tile left for it


def test_t_res_2_without_the_beadle_no_trigger() -> None:
    """T-RES-2: majority 3, 2 liverymen, no beadle: not resolved."""
    s = settled(game(3, [Spot("G04", 1, 0, {A: 2})], stage="scan"))
    assert tile(s, "G04").face_up and tile(s, "G04").liverymen == (2, 0, 0) and kind(s) == "turn"


def test_t_res_2_beadle_arriving_before_the_scan_triggers() -> None:
    """T-RES-2 variant, T-RES-7: an earlier tile's resolution sends the beadle to a later tile, which now
    reaches its majority and is resolved in the same scan."""
    spots = [Spot("G01", 0, 0, {A: 2}), Spot("G04", 1, 0, {B: 2})]
    s = settled(game(3, spots, stage="scan", beadle="G01"))
    assert kind(s) == "move_step"  # G01's first place: move 1 (A stops)
    s = settled(act(s, mv.Stop()))
    assert tile(s, "G01").master == A
    s = settled(draw_cards(s))
    assert tile(s, "G04").master == B
    assert vp(s) == [3, 3, 0]


def test_t_res_3_tie_broken_second_on_raw_counts() -> None:
    """T-RES-3: 2, 2, 1; A has an adjacent master: A wins; B is second (raw 2 > 1) and takes the token."""
    spots = [Spot("G02", 2, 1, {A: 2, B: 2, C: 1}), Spot("G16", 2, 0, master=A)]
    s = settled(draw_cards(settled(game(3, spots, stage="scan"))))
    assert tile(s, "G02").master == A
    assert vp(s) == [4, 2, 0] and s.players[B].tokens == ("T_VP2",)
    assert s.guildhall == (5, 6, 5)


def test_t_res_4_persisting_tie_keeps_everything() -> None:
    """T-RES-4: 2, 2 and one adjacent master each: not resolved; every figure and the token stay."""
    spots = [Spot("G04", 2, 1, {A: 2, B: 2}), Spot("G16", 2, 0, master=A), Spot("G22", 3, 1, master=B)]
    s = settled(game(3, spots, stage="scan"))
    assert tile(s, "G04").face_up and tile(s, "G04").liverymen == (2, 2, 0) and tile(s, "G04").token == "T_VP2"
    assert vp(s) == [0, 0, 0]


def test_a34_any_adjacent_master_counts_once() -> None:
    """A-34 ``any``: two adjacent masters count as one, so 2 masters against 1 is still a tie."""
    spots = [
        Spot("G04", 2, 1, {A: 2, B: 2}),
        Spot("G16", 2, 0, master=A),
        Spot("G10", 2, 2, master=A),
        Spot("G22", 3, 1, master=B),
    ]
    per_master = settled(draw_cards(settled(game(3, spots, stage="scan"))))
    assert tile(per_master, "G04").master == A
    flat = settled(game(3, spots, stage="scan", options={"tiebreak_adjacent_masters": "any"}))
    assert tile(flat, "G04").face_up


def test_t_res_5_swapping_the_only_liveryman() -> None:
    """T-RES-5: A's single liveryman and the beadle (majority 2); B swaps it: nobody left, not resolved;
    the beadle stays, A's liveryman is on the Guildhall."""
    s = game(3, [Spot("G03", 1, 0, {A: 1})], stage="scan", beadle="G03", neutral={B: 1}, stamps={0: 1, 1: 3, 2: 2})
    s = settled(act(settled(s), mv.Swap(A)))
    assert tile(s, "G03").face_up and tile(s, "G03").liverymen == (0, 0, 0)
    assert s.beadle == "G03" and s.guildhall[A] == 5 and s.neutral_pool == 6


def test_t_res_6_moving_the_only_liveryman_away_leaves_no_master() -> None:
    """T-RES-6: the winner's first-place move takes their only liveryman off: the tile has no master."""
    spots = [Spot("G03", 1, 0, {A: 1}), Spot("G05", 0, 0)]
    s = settled(game(3, spots, stage="scan", beadle="G03"))
    assert mv.MoveFigure("G03", "G05") in legal(s) and mv.MoveFigure(GUILDHALL, "G03") not in legal(s)
    s = settled(act(s, mv.MoveFigure("G03", "G05")))
    resolved = tile(s, "G03")
    assert (resolved.face_up, resolved.master) == (False, NO_SEAT)
    assert tile(s, "G05").liverymen == (1, 0, 0) and s.beadle == "G05" and vp(s) == [2, 0, 0]


def test_t_res_7_beadle_sent_back_waits_for_next_round() -> None:
    """T-RES-7: the beadle lands on a tile the scan has passed: nothing happens there this round."""
    spots = [Spot("G02", 0, 0, {B: 3}), Spot("G13", 1, 0, {A: 2})]
    s = settled(act(settled(game(3, spots, stage="scan", beadle="G13")), mv.Stop()))
    assert tile(s, "G13").master == A and s.beadle == "G02"
    assert tile(s, "G02").face_up and tile(s, "G02").liverymen == (0, 3, 0) and kind(s) == "turn"


def test_a08_own_colour_swap_option() -> None:
    """A-08: with ``negotiation_own_colour`` off a player cannot swap their own liveryman."""
    s = game(3, [Spot("G04", 1, 0, {A: 2, B: 1})], stage="scan", neutral={A: 1})
    s = settled(s)
    assert mv.Swap(A) in legal(s)
    off = settled(
        game(
            3,
            [Spot("G04", 1, 0, {A: 2, B: 1})],
            stage="scan",
            neutral={A: 1},
            options={"negotiation_own_colour": False},
        )
    )
    assert mv.Swap(A) not in legal(off)
    assert codes(off, mv.Swap(A)) == ["GUILDS_OF_LONDON_NOTHING_TO_SWAP"]


def test_a09_removed_neutrals_leave_the_game() -> None:
    """A-09 ``removed``: the pawns used in a negotiation do not return to the pool."""
    spots = [Spot("G04", 1, 0, {A: 2, B: 1})]
    s = settled(game(3, spots, stage="scan", neutral={B: 1}, options={"neutral_return": "removed"}))
    s = settled(draw_cards(settled(act(s, mv.Swap(A)))))
    assert s.neutral_removed == 1 and s.neutral_pool == 5


# ---- §7.8 derived cases: game end, winners, masters ----------------------------------------------------------


def _two_player_city(up: Spot) -> list[Spot]:
    """A 5×5 2-player city, everything resolved and uncontrolled but ``up``."""
    cells = [(r, c) for r in range(5) for c in range(5) if (r, c) != (2, 2) and (r, c) != (up.row, up.col)]
    names = ["S_ST_LAWRENCE", "S_COMPANY_HALL", "S_LORD_MAYORS_PARADE", "S_UNIVERSITY"]
    names += [g for g in guilds(1, 21) if g != up.tile][: len(cells) - len(names)]
    return [up, *(Spot(n, r, c, face_up=False) for n, (r, c) in zip(names, cells, strict=True))]


def test_t_end_1_two_players_end_when_every_tile_is_resolved() -> None:
    """T-END-1: the last face-up tile is resolved at the end of round 10: one more plantation, final
    scoring, game over (rounds 11–16 not played)."""
    s = game(2, _two_player_city(Spot("G03", 0, 0, {A: 2})), stage="scan", round=10, plantation={B: 1})
    s = settled(s)
    assert s.stage == "over" and s.round == 10 and ENGINE.pending(s).seats == ()
    assert vp(s) == [2, 5] and ENGINE.score(s).winners == (B,) and ENGINE.score(s).final


def test_t_end_2_four_players_jump_to_the_next_growth() -> None:
    """T-END-2: at the end of round 7 the last face-up tile is resolved: the marker goes to 9, the Growth
    phase adds 6 tiles and moves the beadle, and round 10 follows."""
    cells = [(1, 3), *DRAWN, *FOUR_A, *FOUR_B]
    names = ["S_ST_LAWRENCE", *guilds(4, len(cells) - 1)]
    spots = [Spot(n, r, c, face_up=False) for n, (r, c) in zip(names, cells, strict=True) if n != "G04"]
    spots.append(Spot("G03", 1, 0, {A: 2}))
    s = settled(game(4, spots, stage="scan", round=7))
    assert s.round == 9 and kind(s) == "chance.draw_tile"
    assert [(q.row, q.col) for q in s.queue if isinstance(q, DrawTile)] == FOUR_C
    for name in ("G30", "G31", "G32", "G33", "G34", "G01"):
        s = chance(s, mv.ChanceTile(name))
    for _ in FOUR_C:
        s = chance(s, mv.ChanceToken("T_VP2"))
    s = settled(s)
    assert s.round == 10 and s.beadle == "G01" and kind(s) == "turn"


def test_t_win_1_lord_mayor_cards_break_a_tie() -> None:
    """T-WIN-1: 50 each; 2 Lord Mayor cards beat 1; with equal counts both win."""
    s = game(
        3,
        [Spot("G04", 1, 0)],
        vp={A: 50, B: 50, C: 10},
        stamps={0: 3, 1: 2, 2: 1},
        lord_mayor={A: ["LM01", "LM02"], B: ["LM03"], C: ["LM04"]},
        stage="over",
    )
    sheet = ENGINE.score(s)
    assert sheet.winners == (A,) and sheet.final
    assert [seat.place for seat in sheet.seats] == [1, 2, 3]
    s = game(
        3,
        [Spot("G04", 1, 0)],
        vp={A: 50, B: 50, C: 10},
        stamps={0: 3, 1: 2, 2: 1},
        lord_mayor={A: ["LM01"], B: ["LM03"], C: ["LM04"]},
        stage="over",
    )
    assert ENGINE.score(s).winners == (A, B)


def test_t_master_1_a_master_moved_away_controls_nothing() -> None:
    """T-MASTER-1: moving a master off its face-down tile leaves it uncontrolled: no tie-break, no adjacency,
    no Lord Mayor count, no University hand limit."""
    spots = [Spot("S_UNIVERSITY", 1, 3, master=A), Spot("G04", 0, 3, master=A), Spot("G03", 1, 0)]
    s = game(3, spots, hands={A: ["SCYTHE_HIRE"]}, lord_mayor={A: ["LM04"]}, turn=A)
    assert turn.hand_limit(s, A) == 8 and len(scoring.adjacent_master_pairs(s, A)) == 1
    s = act(s, mv.PlayMove("SCYTHE_HIRE", "S_UNIVERSITY", "G03"))
    assert tile(s, "S_UNIVERSITY").master == NO_SEAT and not tile(s, "S_UNIVERSITY").face_up
    assert turn.hand_limit(s, A) == 7 and scoring.adjacent_master_pairs(s, A) == []
    assert scoring.lord_mayor_points(s, A, "LM04") == 2  # G04 (Crown) still controlled
    again = turn.check_move(s, A, mv.PlayMove("SCYTHE_HIRE", "G03", "S_UNIVERSITY"))
    assert [v.code for v in again] == ["GUILDS_OF_LONDON_NOT_IN_HAND"]
    s = replace(s, players=(replace(s.players[A], hand=("SCYTHE_HIRE",)), *s.players[1:]))
    again = turn.check_move(s, A, mv.PlayMove("SCYTHE_HIRE", "G03", "S_UNIVERSITY"))
    assert [v.code for v in again] == ["GUILDS_OF_LONDON_BAD_DESTINATION"]  # nothing returns to it


# ---- Lord Mayor scoring and the setup options ----------------------------------------------------------------


def test_lord_mayor_cards_score_controlled_guilds() -> None:
    """§7.5 step 2: LM01 (2 per controlled Anchor guild) and LM16 (3 per guild numbered 1–2)."""
    spots = [Spot("G01", 1, 0, master=A), Spot("G06", 0, 0, master=A), Spot("G02", 2, 1, master=A)]
    s = scoring.final_scoring(game(3, spots, lord_mayor={A: ["LM01", "LM16"]}, stage="harvest"))
    points = {line.detail: line.points for line in s.players[A].ledger if line.category == scoring.LORD_MAYOR}
    assert points == {"LM01": 4, "LM16": 6}


def test_lord_mayor_sets_with_double_symbol_tiles() -> None:
    """§6.6: a double-symbol tile gives either symbol; reused within a card only if the card says so."""
    tiles = [("ANCHOR", "CROSS"), ("CROSS",)]
    assert scoring.complete_sets(tiles, ["ANCHOR", "CROSS"], reuse=False) == 1
    assert scoring.complete_sets([("ANCHOR", "CROSS")], ["ANCHOR", "CROSS"], reuse=False) == 0
    assert scoring.complete_sets([("ANCHOR", "CROSS")], ["ANCHOR", "CROSS"], reuse=True) == 1


def test_a28_fixed_plantation_side() -> None:
    """A-28: a fixed side needs no chance; random draws it."""
    fixed = new_state(ENGINE, 3, plantation_side="ULSTER")
    assert fixed.plantation_side == "ULSTER"
    drawn = new_state(ENGINE, 3)
    drawn = chance(drawn, mv.StartingOrder((1, 2, 0)))
    assert kind(drawn) == "chance.draw_side"
    assert chance(drawn, mv.ChanceSide("VIRGINIA")).plantation_side == "VIRGINIA"


def test_a01_special_west_of_the_guildhall() -> None:
    """A-01 option: the west cell draws only a loose special building; 2 players refuse the option."""
    s = new_state(ENGINE, 4, setup_special_west_of_guildhall="true")
    s = chance(chance(s, mv.StartingOrder((0, 1, 2, 3))), mv.ChanceSide("ULSTER"))
    options = {a.tile for a in legal(s)}
    assert options == {"S_GOG_MAGOG", "S_COMPANY_HALL", "S_LORD_MAYORS_PARADE", "S_UNIVERSITY"}
    assert codes(s, mv.ChanceTile("G01")) == ["GUILDS_OF_LONDON_NOT_OFFERED"]
    with pytest.raises(Exception, match="A-01"):
        ENGINE.make_options(2, {"setup_special_west_of_guildhall": "true"})


def test_two_player_setup_places_the_four_specials_beside_the_guildhall() -> None:
    """R-SETUP-13, A-04: 2 players: the 4 special buildings (no Gog & Magog) around the Guildhall."""
    s = new_state(ENGINE, 2, seed=5)
    s = act(act(s, setup.keep_options(s, 0)[0], 0), setup.keep_options(s, 1)[0], 1)
    beside = {t.tile for t in s.city if (t.row, t.col) in {(1, 2), (2, 1), (2, 3), (3, 2)}}
    assert beside == {"S_ST_LAWRENCE", "S_COMPANY_HALL", "S_LORD_MAYORS_PARADE", "S_UNIVERSITY"}
    assert "S_GOG_MAGOG" not in s.tile_supply and len(s.tile_supply) == 20


def test_beadle_starts_on_the_lowest_number() -> None:
    """R-SETUP-3, A-07: the lowest guild number, the first in reading order among equals."""
    s = game(3, [Spot("G13", 2, 0), Spot("G01", 2, 1), Spot("G02", 0, 0), Spot("G20", 1, 0)])
    assert growth.beadle_target(s) == "G13"  # both number 1: (2,0) comes before (2,1)
    assert growth.beadle_target(replace(s, city=())) == ""


def test_hire_needs_the_supply() -> None:
    """A-14: no hire with an empty supply of the colour."""
    s = game(3, [Spot("G04", 1, 0)], hands={A: ["SCYTHE_HIRE"]}, turn=A, guildhall={A: 16})
    assert codes(s, mv.PlayHire("SCYTHE_HIRE")) == ["GUILDS_OF_LONDON_SUPPLY_EMPTY"]
    s = game(3, [Spot("G04", 1, 0)], hands={A: ["SCYTHE_HIRE"]}, turn=A, guildhall={A: 15})
    s = act(s, mv.PlayAbility("SCYTHE_HIRE"))  # HIRE(2) with 1 left: 0 or 1
    assert legal(s) == [mv.Hire(0), mv.Hire(1)]
    assert codes(s, mv.Hire(2)) == ["GUILDS_OF_LONDON_BAD_COUNT"]
    s = act(s, mv.Hire(1))
    assert s.guildhall[A] == 16 and s.supply[A] == 0


# ---- the effect language beyond the shipped cards (§9.2.1) ----------------------------------------------------


def _card(card_id: str, symbol: str, ability: list[Any], cost: Cost | None = None) -> ActionCardType:
    return ActionCardType(
        id=card_id,
        symbols=[symbol],  # type: ignore[list-item]
        count=1,
        cost=cost or Cost(),
        ability=ability,
        provenance="reconstructed",
        source="test card",
    )


@pytest.fixture
def cards(monkeypatch: pytest.MonkeyPatch) -> Callable[..., None]:
    """Adds test card types to the content for one test."""

    def add(*types: ActionCardType) -> None:
        for card in types:
            monkeypatch.setitem(CONTENT.action_card, card.id, card)

    return add


def _holding(cards_in_hand: list[str], **facts: Any) -> State:
    """Seat A's turn with ``cards_in_hand`` (test cards are outside the deck, so no state check)."""
    s = game(3, [Spot("G03", 1, 0), Spot("G06", 0, 0), Spot("S_ST_LAWRENCE", 1, 3)], turn=A, **facts)
    return replace(s, players=(replace(s.players[A], hand=tuple(sorted(cards_in_hand))), *s.players[1:]))


def play(s: State, action: Any) -> State:
    """Apply ``action`` for the pending seat (no state check: test cards are not in the deck)."""
    return ENGINE.apply(s, mv.Move(ENGINE.pending(s).seats[0], action))


def test_per_repeats_for_each_item(cards: Callable[..., None]) -> None:
    """§9.2.1 ``PER``: 1 VP per card in hand (counted when the effect is reached)."""
    cards(_card("T_PER", "CROWN", [Per(count=Filter(what="cards_in_hand"), effects=[Vp(n=1)])]))
    s = play(_holding(["T_PER", "CROSS_DRAW", "CROSS_DRAW"]), mv.PlayAbility("T_PER"))
    assert vp(s) == [2, 0, 0] and s.players[A].ledger[-1] == Ledger("action card", "T_PER", 2)


def test_choice_applies_the_chosen_option(cards: Callable[..., None]) -> None:
    """§9.2.1 ``CHOICE``: one decision picks the option, whose list is then applied."""
    cards(_card("T_CHOICE", "CROWN", [Choice(options=[[Vp(n=3)], [Hire(n=2)]])]))
    s = play(_holding(["T_CHOICE"]), mv.PlayAbility("T_CHOICE"))
    assert kind(s) == "choice_step" and legal(s) == [mv.ChooseOption(0), mv.ChooseOption(1)]
    assert vp(play(s, mv.ChooseOption(0))) == [3, 0, 0]
    s = play(s, mv.ChooseOption(1))
    assert legal(s) == [mv.Hire(0), mv.Hire(1), mv.Hire(2)]


def test_trigger_lasts_the_turn_and_never_chains(cards: Callable[..., None]) -> None:
    """R-TURN-5: "whenever you hire this turn: 1 VP and hire 1"; each hire played triggers once, the hire the
    trigger gives triggers nothing more (no chains); the trigger ends with the turn."""
    trigger = Trigger(event="OWN_HIRE", scope="this_turn", effects=[Vp(n=1), Hire(n=1)])
    cards(_card("T_TRIGGER", "CROWN", [trigger]))
    s = play(_holding(["T_TRIGGER", "SCYTHE_HIRE", "SCYTHE_HIRE"]), mv.PlayAbility("T_TRIGGER"))
    assert s.turn is not None and len(s.turn.triggers) == 1
    s = play(s, mv.PlayHire("SCYTHE_HIRE"))
    assert vp(s) == [1, 0, 0] and kind(s) == "hire_step"
    s = play(s, mv.Hire(1))
    assert vp(s) == [1, 0, 0] and kind(s) == "turn" and s.guildhall[A] == 6
    s = play(play(s, mv.EndTurn()), mv.ChanceCard("CROSS_DRAW"))
    assert s.turn is None or s.turn.seat != A


def test_end_of_turn_draws_join_the_draw(cards: Callable[..., None]) -> None:
    """R-TURN-5/6: an end-of-turn draw of 2 adds to the 2 of a turn with a card played."""
    cards(_card("T_EOT", "CROSS", [DrawAction(n=2, timing="end_of_turn")]))
    s = play(play(_holding(["T_EOT"]), mv.PlayAbility("T_EOT")), mv.EndTurn())
    assert s.queue[0] == DrawCard(A, 4)


def test_move_symbol_filters(cards: Callable[..., None]) -> None:
    """A-13: ``symbol_filter`` "card" (the played card's symbol) and a list of symbols."""
    by_card = Move(n=1, symbol_filter="card", from_=["GUILDHALL"], include_resolving_tile=False)
    listed = Move(n=1, symbol_filter=["ANCHOR"], from_=["GUILDHALL"], include_resolving_tile=False)
    cards(_card("T_SCYTHE_MOVE", "SCYTHE", [by_card]), _card("T_ANCHOR_LIST", "CROWN", [listed]))
    s = play(_holding(["T_SCYTHE_MOVE"]), mv.PlayAbility("T_SCYTHE_MOVE"))
    assert {a.to for a in legal(s) if isinstance(a, mv.MoveFigure)} == {"G03", "S_ST_LAWRENCE"}
    s = play(_holding(["T_ANCHOR_LIST"]), mv.PlayAbility("T_ANCHOR_LIST"))
    assert {a.to for a in legal(s) if isinstance(a, mv.MoveFigure)} == {"G06", "S_ST_LAWRENCE"}
    assert codes(s, mv.MoveFigure(GUILDHALL, "G03")) == ["GUILDS_OF_LONDON_SYMBOL_MISMATCH"]


def test_mandatory_effects(cards: Callable[..., None]) -> None:
    """A-19: a mandatory hire takes all it can without a decision; a mandatory move cannot stop early."""
    must_move = Move(n=1, symbol_filter=None, from_=["GUILDHALL"], include_resolving_tile=False, mandatory=True)
    cards(_card("T_MUST_HIRE", "SCYTHE", [Hire(n=2, mandatory=True)]), _card("T_MUST_MOVE", "COMPASS", [must_move]))
    s = play(_holding(["T_MUST_HIRE"]), mv.PlayAbility("T_MUST_HIRE"))
    assert kind(s) == "turn" and s.guildhall[A] == 6
    s = play(_holding(["T_MUST_MOVE"]), mv.PlayAbility("T_MUST_MOVE"))
    assert codes(s, mv.Stop()) == ["GUILDS_OF_LONDON_MUST_CONTINUE"] and mv.Stop() not in legal(s)


def test_cost_returning_figures(cards: Callable[..., None]) -> None:
    """§5.2 ``PlayAbility``: a cost of a figure returned to the supply, paid one figure a decision; with no
    figure where the cost takes it from, the ability cannot be played."""
    cost = Cost(return_figures=ReturnFigures(n=1, from_=["FACE_UP"]))
    cards(_card("T_RETURN", "CROWN", [Vp(n=4)], cost))
    s = _holding(["T_RETURN"])
    assert codes(s, mv.PlayAbility("T_RETURN")) == ["GUILDS_OF_LONDON_CANNOT_PAY"]
    s = game(3, [Spot("G03", 1, 0, {A: 2}), Spot("G06", 0, 0)], turn=A)
    s = replace(s, players=(replace(s.players[A], hand=("T_RETURN",)), *s.players[1:]))
    s = play(s, mv.PlayAbility("T_RETURN"))
    assert legal(s) == [mv.ReturnFigure("G03")]
    s = play(s, mv.ReturnFigure("G03"))
    assert tile(s, "G03").liverymen == (1, 0, 0) and s.supply[A] == 11 and vp(s) == [4, 0, 0]


# ---- rules a mutation run found untested: negotiation, plantation, resolution, scoring, setup, turn -----------


def test_r_res_7_a_refused_swap_says_why() -> None:
    """R-RES-5/7, A-08: a swap names a seat with a liveryman on the tile; the refusal says whether the seat
    has none there (seat 0 included), is the player's own colour with the option off, or does not exist."""
    spots = [Spot("G04", 1, 0, {B: 1, C: 2})]
    s = settled(game(3, spots, stage="scan", neutral={B: 1}, options={"negotiation_own_colour": False}))
    assert ENGINE.pending(s).seats == (B,) and legal(s) == [mv.Swap(C), mv.Stop()]
    reasons = {
        A: "seat 0 has 0 liverymen here",
        B: "your own colour may not be swapped (negotiation_own_colour is off)",
        3: "there are seats 0 to 2",
        -1: "there are seats 0 to 2",
    }
    for seat, reason in reasons.items():
        refusal = ENGINE.validate(s, mv.Move(B, mv.Swap(seat)))
        message = f"You cannot swap a liveryman of seat {seat} here: {reason}."
        assert [(v.code, v.message, v.field) for v in refusal] == [
            ("GUILDS_OF_LONDON_NOTHING_TO_SWAP", message, "action.seat")
        ]


def test_r_res_7_own_colour_with_nobody_there_is_a_count_refusal() -> None:
    """R-RES-7, A-08: swapping one's own colour with none of it on the tile is refused for the count (the
    own-colour option is on)."""
    s = settled(game(3, [Spot("G04", 1, 0, {A: 1, C: 2})], stage="scan", neutral={B: 1}))
    assert legal(s) == [mv.Swap(A), mv.Swap(C), mv.Stop()]
    refusal = ENGINE.validate(s, mv.Move(B, mv.Swap(B)))
    assert [v.message for v in refusal] == ["You cannot swap a liveryman of seat 1 here: seat 1 has 0 liverymen here."]


def test_t_plant_5_nothing_left_there_returns_nothing() -> None:
    """R-PLANT-4, T-PLANT-5: the return is the number shown or fewer: with none of the recipient's liverymen
    on the plantation (or a return of 0) nothing moves."""
    s = game(3, [Spot("G04", 1, 0)], plantation={B: 2}, stage="harvest", round=3)
    for step in (ReturnFromPlantation(A, 2), ReturnFromPlantation(B, 0)):
        after = plantation.apply_return(replace(s, queue=(step,)), step)
        assert after.plantation == (0, 2, 0) and after.supply == s.supply and after.queue == ()


@pytest.mark.parametrize(("players", "round", "resolved"), [(3, 1, True), (2, 1, False), (2, 2, True)])
def test_r_res_1_the_last_turn_of_a_round_leads_to_the_resolution(players: int, round: int, resolved: bool) -> None:
    """R-RES-1, A-03: after the last turn of the round the tiles are resolved: every round with 3–4 players,
    the even rounds with 2; otherwise the next round's turns begin with the tile as it was."""
    cells = [(1, 0), (2, 0)] if players == 3 else [(2, 1), (2, 0)]
    spots = [Spot("G04", *cells[0], {A: 3}), Spot("G20", *cells[1])]
    s = game(players, spots, turn=players - 1, round=round)
    assert resolution.resolution_round(s) is resolved
    s = draw_cards(act(s, mv.EndTurn()))  # the end-of-turn draw, then G04's first-place draw
    assert vp(s)[A] == (3 if resolved else 0)
    assert tile(s, "G04").face_up is not resolved and tile(s, "G04").master == (A if resolved else NO_SEAT)
    assert s.round == round + 1 and kind(s) == "turn"


def test_r_res_15_merchant_importers_gives_the_runner_up_three_vp() -> None:
    """R-RES-15: the runner-up takes the token and the tile's own second-place extra (Merchant Importers:
    +3 VP); the winner has the resolution bonus."""
    spots = [Spot("G12", 1, 0, {A: 2, B: 1}), Spot("G20", 2, 0)]
    s = settled(draw_cards(settled(game(3, spots, stage="scan"))))
    assert vp(s) == [2, 5, 0] and s.players[B].tokens == ("T_VP2",)
    assert s.players[B].ledger[-1] == Ledger("second place", "Merchant Importers", 3)


def test_r_res_17_a_token_still_on_the_tile_leaves_the_game_at_the_flip() -> None:
    """R-RES-17, A-11: the flip clears the tile; a token still lying there (a state the check accepts) leaves
    the game, the winner's liveryman becomes the master and the others go to the Guildhall."""
    s = game(3, [Spot("G04", 1, 0, {A: 3}), Spot("G20", 2, 0)], stage="reward")
    s = settled(replace(s, reward=Reward(A, NO_SEAT)))
    flipped = tile(s, "G04")
    assert (flipped.face_up, flipped.master, flipped.token) == (False, A, "")
    assert s.tokens_removed == ("T_VP2",) and s.guildhall == (6, 4, 4)


def test_lord_mayor_sets_count_each_symbol_as_often_as_the_card_asks() -> None:
    """§9.2.6 ``sets``: a set needing a symbol twice takes two of them, with or without reuse."""
    tiles = [("ANCHOR",)] * 4 + [("CROSS",)] * 3
    assert scoring.complete_sets(tiles, ["ANCHOR", "ANCHOR", "CROSS"], reuse=True) == 2
    assert scoring.complete_sets(tiles, ["ANCHOR", "ANCHOR", "CROSS"], reuse=False) == 2


@pytest.fixture
def lord_mayor_cards(monkeypatch: pytest.MonkeyPatch) -> Callable[[str, Scoring], None]:
    """Adds a test Lord Mayor card to the content for one test."""

    def add(card_id: str, how: Scoring) -> None:
        card = LordMayorCard(id=card_id, scoring=how, provenance="reconstructed", source="test card")
        monkeypatch.setitem(CONTENT.lord_mayor_card, card_id, card)

    return add


def _masters(count: int) -> State:
    """Seat A is master of ``count`` guilds G01, G02, ... (Anchor, Cross, Scythe, Crown, Compass, Anchor)."""
    cells = [(0, 0), (0, 1), (0, 2), (0, 3), (2, 0), (2, 1)][:count]
    return game(3, [Spot(g, r, c, master=A) for g, (r, c) in zip(guilds(1, count), cells, strict=True)])


def test_lord_mayor_table_scores_the_entry_of_the_count(lord_mayor_cards: Callable[[str, Scoring], None]) -> None:
    """§9.2.6 ``table``: ``vp[count]``; a count beyond the table scores its last entry."""
    lord_mayor_cards("T_TABLE", TableScoring(count=Filter(what="controlled_tiles"), vp=[0, 1, 3, 6]))
    points = [scoring.lord_mayor_points(_masters(n), A, "T_TABLE") for n in (0, 2, 3, 5)]
    assert points == [0, 3, 6, 6]


def test_lord_mayor_threshold_scores_from_k_items(lord_mayor_cards: Callable[[str, Scoring], None]) -> None:
    """§9.2.6 ``threshold``: ``vp`` once the count reaches ``k``, nothing below it."""
    lord_mayor_cards("T_THRESHOLD", ThresholdScoring(count=Filter(what="controlled_tiles"), k=3, vp=5))
    assert [scoring.lord_mayor_points(_masters(n), A, "T_THRESHOLD") for n in (2, 3, 4)] == [0, 5, 5]


def test_lord_mayor_sets_score_per_set_of_the_tiles_named(lord_mayor_cards: Callable[[str, Scoring], None]) -> None:
    """§9.2.6 ``sets``, A-23: ``vp_per_set`` per Anchor–Cross set on controlled tiles (``ANY`` kind counts
    guild tiles too); G01, G02, G06 and G07 make 2 sets."""
    lord_mayor_cards(
        "T_SETS_ANY", SetsScoring(of=["ANCHOR", "CROSS"], vp_per_set=4, tile_in_two_slots=False, tiles="ANY")
    )
    lord_mayor_cards("T_SETS_GUILD", SetsScoring(of=["ANCHOR", "CROSS"], vp_per_set=4, tile_in_two_slots=False))
    s = game(3, [Spot(g, 0, c, master=A) for c, g in enumerate(["G01", "G02", "G06", "G07"])])
    assert scoring.lord_mayor_points(s, A, "T_SETS_ANY") == scoring.lord_mayor_points(s, A, "T_SETS_GUILD") == 8


def test_adjacent_master_lines_name_the_pair_west_first_then_north_first() -> None:
    """§7.5 step 3: one ledger line per adjacent pair naming both tiles, the western (or northern) first."""
    spots = [Spot("G01", 2, 0, master=A), Spot("G02", 2, 1, master=A), Spot("G03", 3, 1, master=A)]
    s = scoring.final_scoring(game(3, [*spots, Spot("G20", 1, 0)], stage="harvest"))
    lines = [line.detail for line in s.players[A].ledger if line.category == scoring.ADJACENT]
    assert lines == ["Guild 1 (2,0) and Guild 2 (2,1)", "Guild 2 (2,1) and Guild 3 (3,1)"]


@pytest.mark.parametrize("players", [1, 5])
def test_new_game_refuses_a_player_count_off_the_box(players: int) -> None:
    """§1: Guilds of London is for 2 to 4 players, whatever built the options."""
    options = replace(setup.make_options(4, {}), players=players)
    with pytest.raises(StateInvalid, match=f"^Guilds of London is for 2 to 4 players, not {players}.$") as refused:
        setup.new_game(options, 1)
    assert refused.value.field == "options.players"


def test_a01_no_west_cell_in_a_city_with_special_cells() -> None:
    """A-01: the west cell exists only in the 3–4-player city: a layout with special cells (the 2-player
    one) has none even if it draws the cell west of the Guildhall, nor has a layout without a Guildhall."""
    two = CONTENT.tracks_for(2)
    drawn_west = replace(two, layout=replace(two.layout, drawn=[*two.layout.drawn, (2, 1)]))
    assert setup.west_cell(drawn_west) is None
    three = CONTENT.tracks_for(3)
    assert setup.west_cell(three) == (1, 0)
    assert setup.west_cell(replace(three, layout=replace(three.layout, guildhall=[]))) is None


def test_round_one_starts_with_the_first_seat_of_the_order() -> None:
    """§4.1, R-TURN-1: after the keep, round 1 begins with the first player of the starting order."""
    s = new_state(ENGINE, 3, seed=7)
    for seat in range(3):
        s = act(s, setup.keep_options(s, seat)[0], seat)
    assert s.round == 1 and s.turn is not None and s.turn.seat == s.order[0] and s.turn_index == 1


def test_hire_with_the_last_liveryman_in_the_supply() -> None:
    """R-TURN-3 A, A-14: one liveryman left in the supply is enough to hire it."""
    s = game(3, [Spot("G04", 1, 0)], hands={A: ["SCYTHE_HIRE"]}, turn=A, guildhall={A: 15})
    assert s.supply[A] == 1 and mv.PlayHire("SCYTHE_HIRE") in legal(s)
    s = act(s, mv.PlayHire("SCYTHE_HIRE"))
    assert s.supply[A] == 0 and s.guildhall[A] == 16


def test_turn_offers_every_move_of_every_figure_onto_every_matching_tile() -> None:
    """§5.2 ``PlayMove``: each own figure (Guildhall, a face-up tile) onto each other face-up tile showing
    the card's symbol; never onto the tile it stands on."""
    spots = [Spot("G03", 1, 0, {A: 1}), Spot("G02", 0, 0), Spot("S_ST_LAWRENCE", 1, 3)]
    s = game(3, spots, hands={A: ["SCYTHE_HIRE"]}, turn=A)
    moves = {(a.source, a.to) for a in legal(s) if isinstance(a, mv.PlayMove)}
    assert moves == {(GUILDHALL, "G03"), (GUILDHALL, "S_ST_LAWRENCE"), ("G03", "S_ST_LAWRENCE")}


def _returning(origins: list[Any], n: int = 1) -> ActionCardType:
    return _card("T_RETURN", "CROWN", [Vp(n=4)], Cost(return_figures=ReturnFigures(n=n, from_=origins)))


def _with_hand(s: State, hand: tuple[str, ...]) -> State:
    return replace(s, players=(replace(s.players[A], hand=hand), *s.players[1:]))


def test_cost_from_face_up_tiles_does_not_take_masters(cards: Callable[..., None]) -> None:
    """§5.2 ``PlayAbility``, §9.2.1: a cost returning a figure from face-up tiles cannot be paid with a master."""
    cards(_returning(["FACE_UP"]))
    s = _with_hand(game(3, [Spot("G03", 1, 0), Spot("G06", 0, 0, master=A)], turn=A), ("T_RETURN",))
    refusal = ENGINE.validate(s, mv.Move(A, mv.PlayAbility("T_RETURN")))
    message = "The ability costs 1 of your figures returned to the supply; you have too few."
    assert [(v.code, v.message) for v in refusal] == [("GUILDS_OF_LONDON_CANNOT_PAY", message)]


def test_cost_from_face_down_tiles_takes_a_master(cards: Callable[..., None]) -> None:
    """§5.2 ``PlayAbility``, A-12: a cost returning a master is paid with it; its tile is left uncontrolled."""
    cards(_returning(["FACE_DOWN"]))
    s = _with_hand(game(3, [Spot("G03", 1, 0), Spot("G06", 0, 0, master=A)], turn=A), ("T_RETURN",))
    s = play(s, mv.PlayAbility("T_RETURN"))
    assert legal(s) == [mv.ReturnFigure("G06")]
    s = play(s, mv.ReturnFigure("G06"))
    assert tile(s, "G06").master == NO_SEAT and s.supply[A] == 12 and vp(s) == [4, 0, 0]


def test_cost_of_two_figures_takes_two_decisions(cards: Callable[..., None]) -> None:
    """§5.2 ``PlayAbility``: two figures returned, one a decision, then the ability applies."""
    cards(_returning(["GUILDHALL"], n=2))
    s = play(_holding(["T_RETURN"]), mv.PlayAbility("T_RETURN"))
    s = play(s, mv.ReturnFigure(GUILDHALL))
    assert kind(s) == "pay_return" and s.queue[0] == PayReturn(A, 1, ("GUILDHALL",)) and vp(s) == [0, 0, 0]
    s = play(s, mv.ReturnFigure(GUILDHALL))
    assert kind(s) == "turn" and s.guildhall[A] == 2 and s.supply[A] == 14 and vp(s) == [4, 0, 0]


def test_a_payment_with_nothing_left_to_pay_or_take_is_over() -> None:
    """§5.2 ``PlayAbility``: a payment step with nothing left to pay, or no figure where it takes them from,
    needs no decision (it leaves the queue)."""
    s = game(3, [Spot("G04", 1, 0)], hands={A: ["SCYTHE_HIRE"]}, turn=A)
    for step in (PayDiscard(A, 0), PayReturn(A, 0, ("GUILDHALL",)), PayReturn(A, 1, ("FACE_DOWN",))):
        after = turn.settle_payment(replace(s, queue=(step,)), step)
        assert after is not None and after.queue == ()
    assert turn.settle_payment(replace(s, queue=(PayDiscard(A, 1),)), PayDiscard(A, 1)) is None


# ---- figures, chance draws, effect lists and filters, rounds, VP, the engine's words --------------------------


def _moving(origins: tuple[Origin, ...], left: int = 1, guildhall: int = 1) -> State:
    """Seat A owes a ``MOVE`` decision from ``origins``: A has a liveryman on G03 and the master on G04; G06
    holds only B's liveryman."""
    spots = [Spot("G03", 1, 0, {A: 1}), Spot("G06", 0, 0, {B: 1}), Spot("G04", 0, 1, master=A)]
    step = MoveStep(A, left, origins)
    return settled(game(3, spots, guildhall={A: guildhall}, turn=A, queue=[step]))


def test_figures_come_only_from_the_places_the_effect_names() -> None:
    """§6.7 ``MOVE`` ``from``, §5.2 precondition 1: a figure comes from the Guildhall (if the player has one
    there), a face-up tile holding one of their liverymen, or a tile they are master of, and only from the
    places the effect lists."""
    sources = {a.source for a in legal(_moving(("FACE_UP",))) if isinstance(a, mv.MoveFigure)}
    assert sources == {"G03"}  # not the Guildhall, not B's G06, not the face-down G04
    everywhere = _moving(("GUILDHALL", "FACE_UP", "FACE_DOWN"))
    sources = {a.source for a in legal(everywhere) if isinstance(a, mv.MoveFigure)}
    assert sources == {GUILDHALL, "G03", "G04"}
    assert codes(everywhere, mv.MoveFigure(GUILDHALL, "G06")) == []  # the one liveryman left there
    assert codes(everywhere, mv.MoveFigure("G06", "G03")) == ["GUILDS_OF_LONDON_NO_FIGURE"]
    empty = _moving(("GUILDHALL", "FACE_UP"), guildhall=0)
    assert {a.source for a in legal(empty) if isinstance(a, mv.MoveFigure)} == {"G03"}
    assert codes(empty, mv.MoveFigure(GUILDHALL, "G06")) == ["GUILDS_OF_LONDON_NO_FIGURE"]


def test_move_counts_down_one_figure_a_decision() -> None:
    """§6.7 ``MOVE(3)``: each figure moved leaves one fewer to move, and the prompt says how many are left."""
    s = _moving(("GUILDHALL", "FACE_UP", "FACE_DOWN"), left=3, guildhall=2)
    assert ENGINE.pending(s).prompt == "Move a figure (3 left), or stop"
    s = act(s, mv.MoveFigure(GUILDHALL, "G06"))
    assert isinstance(s.queue[0], MoveStep) and s.queue[0].left == 2
    assert ENGINE.pending(s).prompt == "Move a figure (2 left), or stop"
    s = act(act(s, mv.MoveFigure(GUILDHALL, "G03")), mv.MoveFigure("G04", "G06"))
    assert kind(s) == "turn" and s.queue == ()
    assert tile(s, "G06").liverymen == (2, 1, 0) and tile(s, "G03").liverymen == (2, 0, 0)
    assert tile(s, "G04").master == NO_SEAT and s.guildhall[A] == 0


def test_a19_a_move_with_nothing_left_to_move_asks_nothing() -> None:
    """A-19: a ``MOVE`` with no figure left to move, or none of the player's figures where it takes them
    from (an empty Guildhall, only other colours on the tiles), is over without a decision."""
    s = _moving(("GUILDHALL", "FACE_UP", "FACE_DOWN"), left=0)
    assert kind(s) == "turn" and s.queue == ()
    spots = [Spot("G03", 1, 0, {B: 1}), Spot("G06", 0, 0, {C: 1})]
    step = MoveStep(A, 2, ("GUILDHALL", "FACE_UP"))
    s = settled(game(3, spots, guildhall={A: 0}, turn=A, queue=[step]))
    assert kind(s) == "turn" and s.queue == ()


def test_a_discard_payment_with_an_empty_hand_settles_by_itself() -> None:
    """§5.2 ``PlayAbility``: the engine drops a discard payment once no card is left in hand to pay with."""
    s = settled(game(3, [Spot("G04", 1, 0)], turn=A, queue=[PayDiscard(A, 1)]))
    assert kind(s) == "turn" and s.queue == () and s.discard == ()


def test_r_grow_2_growth_draws_from_the_whole_supply() -> None:
    """R-GROW-2: a tile added in a Growth phase comes from the whole tile supply, special buildings included."""
    s = game(3, [Spot("G04", 1, 0)], stage="expand", round=3, queue=[DrawTile(0, 1)])
    offered = {a.tile for a in legal(settled(s))}
    assert offered == set(s.tile_supply) and "S_GOG_MAGOG" in offered and "G01" in offered


def test_a26_growth_draws_with_an_empty_tile_supply_are_dropped() -> None:
    """A-26: with every tile already in the city, a Growth phase's tile draw and the token draw for that cell
    are dropped; the beadle moves (nowhere: no face-up guild) and the next round begins."""
    cells = [(r, c) for r in range(-2, 7) for c in range(-1, 5) if (r, c) not in ((1, 1), (1, 2))]
    names = setup.tiles_in_game(3)
    spots = [Spot(n, r, c, face_up=False) for n, (r, c) in zip(names, cells, strict=False)]
    s = game(3, spots, stage="expand", round=3, queue=[DrawTile(-3, 0), DrawToken(-3, 0)])
    assert s.tile_supply == () and len(s.token_bag) == 30
    s = settled(s)
    assert kind(s) == "turn" and s.queue == () and s.round == 4 and s.beadle == ""
    assert s.token_bag == tuple(sorted(CONTENT.token_bag))


def test_a15_lord_mayor_cards_under_the_deck_come_back_in_their_order() -> None:
    """A-15: once the Lord Mayor deck is empty, the cards put under it are drawn in the order they went
    under; with neither left, a draw gives nothing."""
    held = {A: [f"LM{i:02d}" for i in range(1, 8)], B: [f"LM{i:02d}" for i in range(8, 15)]}
    held[C] = [f"LM{i:02d}" for i in range(15, 20)]
    queue = [DrawLordMayor(A, 3), ChooseLordMayor(A, 1)]
    s = game(3, [Spot("G04", 1, 0)], lord_mayor=held, turn=A, queue=queue)
    assert s.lm_deck == ("LM20", "LM21")
    s = settled(replace(s, lm_deck=(), lm_bottom=("LM21", "LM20")))
    assert s.players[A].lm_offer == ("LM21", "LM20") and s.lm_bottom == () and s.lm_deck == ()
    s = settled(act(s, mv.KeepLordMayor("LM20")))
    assert s.lm_bottom == ("LM21",) and "LM20" in s.players[A].lm_cards and kind(s) == "turn"


def test_find_list_names_a_card_s_ability_only() -> None:
    """§9.2.1: a card's only effect list is its ability; any other part of a card names nothing (the state
    check refuses such a reference)."""
    assert effects.find_list(EffectRef("card", "SCYTHE_HIRE", "ability")) == [Hire(n=2)]
    assert effects.find_list(EffectRef("card", "SCYTHE_HIRE", "effects")) is None
    assert effects.find_list(EffectRef("card", "NO_SUCH_CARD", "ability")) is None


def test_choice_inside_per_applies_the_chosen_option(cards: Callable[..., None]) -> None:
    """§9.2.1 ``PER`` holding a ``CHOICE``: per card in hand, one decision picks the option, whose list is
    applied (the path goes through the ``PER``, then the choice and its option)."""
    per = Per(count=Filter(what="cards_in_hand"), effects=[Choice(options=[[Vp(n=2)], [Vp(n=5)]])])
    cards(_card("T_PER_CHOICE", "CROWN", [Vp(n=1), Vp(n=1), per]))
    s = play(_holding(["T_PER_CHOICE", "CROSS_DRAW"]), mv.PlayAbility("T_PER_CHOICE"))
    assert vp(s) == [2, 0, 0] and kind(s) == "choice_step"
    assert ENGINE.validate(s, mv.Move(A, mv.ChooseOption(1))) == []
    s = play(s, mv.ChooseOption(1))
    assert vp(s) == [7, 0, 0] and kind(s) == "turn"


def test_filters_count_what_they_name() -> None:
    """§9.2.1 filter, A-23: masters by kind and guild number (a lower bound alone, any kind), liverymen on
    the Guildhall, on the plantation or on face-up tiles."""
    spots = [
        Spot("G01", 1, 0, master=A),
        Spot("G07", 0, 0, master=A),
        Spot("S_UNIVERSITY", 1, 3, master=A),
        Spot("G03", 0, 1, {A: 2, B: 1}),
    ]
    s = game(3, spots, guildhall={A: 3}, plantation={A: 1})
    count = effects.count_items
    assert count(s, A, Filter(what="controlled_tiles")) == 2
    assert count(s, A, Filter(what="controlled_tiles", number_min=5)) == 1
    assert count(s, A, Filter(what="controlled_tiles", number_max=5)) == 1
    assert count(s, A, Filter(what="controlled_tiles", kind="ANY")) == 3
    assert count(s, A, Filter(what="controlled_tiles", kind="SPECIAL")) == 1
    assert count(s, A, Filter(what="liverymen_on", location="GUILDHALL")) == 3
    assert count(s, A, Filter(what="liverymen_on", location="PLANTATION")) == 1
    assert count(s, A, Filter(what="liverymen_on")) == 2


def test_r_round_1_the_next_round_starts_with_the_first_of_the_order() -> None:
    """R-ROUND-1, R-ORDER-3: after a round with nothing to resolve, the marker moves on and the new order's
    first seat (the most VP) plays first; the scan starts afresh."""
    s = game(3, [Spot("G04", 1, 0, {A: 1})], vp={B: 3}, stage="turns", round=1)
    s = settled(replace(s, turn_index=3))
    assert s.round == 2 and s.order == (B, A, C) and ENGINE.pending(s).seats == (B,)
    assert s.turn_index == 1 and s.scan == 0


def test_r_res_20_resolving_everything_in_a_growth_round_stays_on_it() -> None:
    """R-RES-20, A-22: with no face-up tile left the marker goes to the next grey space, this one when the
    round is grey (3 and 6 stay, 7 goes to 9), and that Growth phase's plantation follows."""
    for now, grey in ((3, 3), (6, 6), (7, 9)):
        s = growth.all_resolved(game(4, [Spot("G04", 1, 0, master=A)], stage="scan", round=now))
        assert (s.round, s.stage) == (grey, "plantation")


def test_r_grow_a_growth_round_without_an_expansion_adds_no_tiles(monkeypatch: pytest.MonkeyPatch) -> None:
    """R-GROW-2, §4.1: tiles come only in the Growth rounds the track gives a direction; a track growing
    after rounds 3 and 6 only adds nothing after round 9, and round 10 follows."""
    three = CONTENT.tracks[3]
    monkeypatch.setitem(CONTENT.tracks, 3, replace(three, expansion={3: "N", 6: "E"}))
    s = growth.harvest_done(game(3, [Spot("G04", 1, 0)], stage="harvest", round=9))
    assert s.stage == "expand" and s.queue == ()
    s = settled(s)
    assert s.round == 10 and kind(s) == "turn"


def test_r_vp_1_gains_of_one_kind_share_a_ledger_line() -> None:
    """R-VP-1, §7.1: a gain of a kind already in the ledger adds to that line; the other lines stay."""
    s = game(3, [Spot("G04", 1, 0)])
    s = gain(gain(gain(s, A, 2, "first place", "G04"), A, 1, "action card", "CROWN_VP"), A, 3, "first place", "G04")
    assert s.players[A].ledger == (Ledger("first place", "G04", 5), Ledger("action card", "CROWN_VP", 1))
    assert vp(s) == [6, 0, 0]


def test_r_vp_2_each_marker_moved_lands_on_top() -> None:
    """R-VP-2: a marker that moves takes the next stamp, one above the last; equal VP go to the later one."""
    s = game(3, [Spot("G04", 1, 0)], stamps={A: 3, B: 2, C: 1})
    assert s.next_stamp == 4
    s = gain(gain(s, A, 2, "first place", "G04"), B, 2, "first place", "G04")
    assert [p.stamp for p in s.players] == [4, 5, 1] and s.next_stamp == 6
    assert turn_order(s) == (B, A, C)


def test_moves_are_labelled_in_players_words() -> None:
    """§5.2: the engine names a turn's moves in players' words: the card with its symbol, what it does."""
    s = game(3, [Spot("G04", 1, 0)], hands={A: ["SCYTHE_HIRE"]}, turn=A)
    moves = [mv.Move(A, mv.PlayHire("SCYTHE_HIRE")), mv.Move(A, mv.PlayAbility("SCYTHE_HIRE"))]
    shown = [m.label.english for m in ENGINE.labels(s, moves)]
    assert shown == [
        "Hire a liveryman with the Scythe card",
        "Play the Scythe card for its ability: hire up to 2 liverymen",
    ]


def test_the_finished_game_says_why_it_ended() -> None:
    """R-RES-19 (A-16), R-END-1: a finished game says whether every tile was resolved, and in which round."""
    early = settled(game(2, _two_player_city(Spot("G03", 0, 0, {A: 2})), stage="scan", round=10))
    assert early.ending and ENGINE.pending(early).prompt == "The game is over: every tile was resolved in round 10."
    late = scoring.final_scoring(game(3, [Spot("G04", 1, 0)], stage="harvest", round=15))
    assert late.stage == "over" and ENGINE.pending(late).prompt == "The game is over after round 15."


def test_describe_gives_the_content_with_provenance() -> None:
    """§9.2, §9.4: the content a client renders, family by family, each item with its provenance."""
    d = ENGINE.describe()
    assert {name: len(items) for name, items in d.items()} == {
        "symbols": 5,
        "guild_tiles": 40,
        "special_buildings": 5,
        "plantation": 2,
        "action_cards": 5,
        "lord_mayor_cards": 21,
        "second_place_tokens": 4,
        "tracks": 3,
    }
    first = d["guild_tiles"][0]
    assert (first["id"], first["number"], first["majority"], first["provenance"]) == ("G01", 1, 3, "reconstructed")
    assert d["tracks"]["3"]["growth"] == [3, 6, 9, 12, 15] and d["tracks"]["2"]["last_round"] == 16


def test_r_res_14_a_figure_stays_on_the_tile_being_resolved_unless_the_effect_says(
    monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> None:
    """R-RES-14: a first-place ``MOVE`` without ``include_resolving_tile`` takes no figure off the tile being
    resolved (and puts none on it); the refusal names the source."""
    g03 = CONTENT.tile["G03"]
    stay = Move(n=1, symbol_filter=None, from_=["GUILDHALL", "FACE_UP"], include_resolving_tile=False)
    monkeypatch.setitem(CONTENT.tile, "G03", replace(g03, first_place=[stay]))
    effects.find_list.cache_clear()  # G03's lists are cached as shipped
    request.addfinalizer(effects.find_list.cache_clear)
    s = settled(game(3, [Spot("G03", 1, 0, {A: 3}), Spot("G05", 0, 0, {A: 1})], stage="scan"))
    assert kind(s) == "move_step" and vp(s) == [2, 0, 0]
    assert {(a.source, a.to) for a in legal(s) if isinstance(a, mv.MoveFigure)} == {(GUILDHALL, "G05")}
    refusal = ENGINE.validate(s, mv.Move(A, mv.MoveFigure("G03", "G05")))
    message = "You have no figure there that this effect may move."
    assert [(v.code, v.message, v.field) for v in refusal] == [("GUILDS_OF_LONDON_NO_FIGURE", message, "action.source")]


def test_figure_lookups_answer_exactly_as_documented() -> None:
    """The shared lookups behind every figure move (§5.0): a tile not in the city has index -1 (not any
    other negative number), and ``has_figure`` answers ``False`` itself (not a falsy stand-in) for the
    excluded tile, a tile outside the city and a face-up tile without the seat's liverymen."""
    s = game(3, [Spot("G04", 1, 0, {GREEN: 2}), Spot("G05", 1, 1, {BLUE: 1})])
    assert tile_index(s, "G05") == 1
    assert tile_index(s, "G40") == -1
    origins = ("GUILDHALL", "FACE_UP", "FACE_DOWN")
    assert has_figure(s, GREEN, "G04", origins) is True
    assert has_figure(s, GREEN, "G04", origins, exclude="G04") is False
    assert has_figure(s, GREEN, "G40", origins) is False
    assert has_figure(s, GREEN, "G05", origins) is False


def test_a_lord_mayor_card_worth_one_point_scores_it(lord_mayor_cards: Callable[[str, Scoring], None]) -> None:
    """§7.5 step 2: a revealed card scoring exactly 1 VP adds it (one ledger line, the VP marker moves)."""
    lord_mayor_cards("T_ONE", TableScoring(count=Filter(what="controlled_tiles"), vp=[0, 1, 3]))
    s = game(3, [Spot("G01", 0, 0, master=A)], stage="harvest")
    s = replace(s, players=(replace(s.players[A], lm_cards=("T_ONE",)), *s.players[A + 1 :]))
    after = scoring.final_scoring(s)
    assert [(x.detail, x.points) for x in after.players[A].ledger if x.category == scoring.LORD_MAYOR] == [("T_ONE", 1)]
    assert after.players[A].vp == s.players[A].vp + 1


def test_final_scoring_clears_the_unresolved_tiles_first() -> None:
    """§7.5 step 1: liverymen on unresolved (face-up) tiles go back to the common supply and their tokens
    leave the game before anything scores; resolved tiles keep their masters."""
    spots = [Spot("G04", 1, 0, {GREEN: 2, BLUE: 1}), Spot("G05", 1, 1, master=BLUE)]
    s = game(3, spots, stage="harvest")
    token = tile(s, "G04").token
    after = scoring.final_scoring(s)
    assert after.supply == (s.supply[GREEN] + 2, s.supply[BLUE] + 1, s.supply[YELLOW])
    assert tile(after, "G04").liverymen == (0, 0, 0) and tile(after, "G04").token == ""
    assert (token in after.tokens_removed) == bool(token)
    assert tile(after, "G05").master == BLUE
