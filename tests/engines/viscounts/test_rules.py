"""Viscounts of the West Kingdom rules: one named test per worked example of the spec's §7.4 index
(T-TRACK-1, T-DROPOFF-1, T-PLAY-1, T-MOVE-1, T-DISMISS-1, T-TRADE-1, T-BUILD-1, T-NOBLE-ICONS/T-CASTLE-1,
T-TRANSCRIBE-1, T-COLL-1), then the rules of §4–§5 the examples leave out (the hand limit, the reshuffle's
criminal check under both A-07 rulings, the blind play of A-32, movement with Trading Post 1, dismissal and
its cost, the printed fallback card and manuscript, every funding conversion, overpaying, A-21, the Cleric
Bonus, the end of the game, A-04), every refusal with its code, numbers and field, and a property test of
the §12 invariants over whole games.

Everything goes through the engine's protocol (``legal_moves``, ``validate``, ``apply``) on states built by
``helpers`` from a real setup. The board is the reconstructed segment data: a test names the spot,
link or exchange the data has and asserts the rule (who gains what), not the rulebook's printed numbers.
With the default ring (segments A..E at positions 0..4, front sides for two players): A-OL trades silver,
B-OL gold, C-OL destroys; B-front's left spots reward stone (L1) and ink (L2), its right spot R1 a deed;
the B-L1/B-L2 link is a free hire, the B-L2/B-R1 link 2 silver; B's printed townsfolk costs 2 and shows a
noble (top-right: 1 virtue), B's printed manuscript costs 4 (2 virtue).
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from engines.core.engine import CHANCE
from engines.viscounts import actions, building, castle
from engines.viscounts import moves as mv
from engines.viscounts.board import reachable_spots, spot_index
from engines.viscounts.common import CONTENT, owned, seats_from
from engines.viscounts.content import Effect
from engines.viscounts.engine import ENGINE
from engines.viscounts.state import (
    BuildFree,
    CastleMove,
    CastleSection,
    ChooseBranch,
    ChooseFlip,
    ChooseResource,
    DestroyStep,
    DiscardStep,
    FreeHire,
    FreeManuscript,
    Rearrange,
    Run,
    Settle,
    State,
)
from tests.engines.setups import new_state
from tests.engines.viscounts.helpers import (
    Move,
    act,
    at,
    build,
    checked,
    diff,
    draw_chance,
    first_chance,
    folk_top,
    kind,
    legal,
    legal_of,
    owed,
    player,
    refusals,
    script_top,
    settled,
    space,
    spot,
    table,
    workers,
)

RED, BLUE, YELLOW = 0, 1, 2
STARTERS_IN_HAND = ("financier", "journeyman", "labourer")
"""A full hand of three (phase 6 draws nothing), for tests that follow the turn past the draw."""


@cache
def two(**options: Any) -> State:
    """Two players, ring A..E (front sides), castle rotation 0 (section k by position k)."""
    return table(2, options=options)


@cache
def three() -> State:
    """Three players, ring A..E (back sides), castle rotation 0."""
    return table(3)


def codes(s: State, action: Any) -> list[tuple[str, str, str]]:
    """(code, message, field) of each refusal of ``action``."""
    return [(v.code, v.message, v.field) for v in refusals(s, action)]


# ---- §7.4 worked examples -----------------------------------------------------------------------------------


def test_t_track_1_second_virtue_step_moves_both_markers() -> None:
    """T-TRACK-1 (§4.4): at (3, 4) two virtue (manuscript M-06) give (3, 3) then (2, 2); the collision waits
    for phase 5, which reads column 2 (1 silver, 2 deeds) and resets the markers to (1, 7)."""
    s = player(two(), RED, space=space(1, "IN"), slots=("abbot", "friar", "squire"), ink=2, silver=2)
    s = player(s, RED, corruption=3, virtue=4, hand=STARTERS_IN_HAND)
    s = at(script_top(folk_top(s, 1, "miner"), 1, "M-06"), RED, "action", value=2)
    s = first_chance(act(checked(s), mv.Transcribe(pay=2)))
    assert kind(s) == "recruit"
    assert (s.players[RED].corruption, s.players[RED].virtue) == (2, 2)
    before, deeds_left = s.players[RED], s.deeds_left
    s = act(s, mv.Pass())
    assert diff(before, s.players[RED]) == {"silver": 1, "deeds": 2, "corruption": -1, "virtue": 5}
    assert s.deeds_left == deeds_left - 2
    assert s.turn is not None and s.turn.seat == BLUE


@pytest.mark.parametrize(("track", "after"), [((5, 5), (7, 7)), ((6, 6), (7, 7)), ((3, 7), (5, 7))])
def test_track_markers_at_the_end_ignore_the_movement(track: tuple[int, int], after: tuple[int, int]) -> None:
    """§4.4: collided markers move together; at space 7 they stay (the Antagonist's two corruption)."""
    s = player(two(), RED, hand=("antagonist", "abbot"), corruption=track[0], virtue=track[1])
    s = act(s, mv.Play("antagonist"))
    assert (s.players[RED].corruption, s.players[RED].virtue) == after


def test_t_dropoff_1_journeyman_free_hire_and_virtue() -> None:
    """T-DROPOFF-1 (§4.7 phase 1): the Journeyman leaves slot 3 for the discard pile; its drop-off ability
    hires any pile's top for free (the Antagonist: onto the discard pile, its top-right +1 corruption) and
    gives 1 virtue; the other cards slide right; no silver is paid."""
    s = player(two(), RED, slots=("abbot", "squire", "journeyman"), hand=("financier", "trader", "lender"))
    s = folk_top(s, 3, "antagonist")
    s = settled(at(s, RED, "slide"))
    assert kind(s) == "free_hire"
    assert legal(s) == [mv.HireFrom(pos) for pos in range(5)]
    assert codes(s, mv.Pass()) == [
        ("VISCOUNTS_MUST_HIRE", "A free hire must be taken while a pile has a card.", "action")
    ]
    assert s.players[RED].slots == ("", "abbot", "squire")
    assert s.players[RED].discard == ("journeyman",)
    before, left = s.players[RED], s.folk_left[3]
    s = first_chance(act(s, mv.HireFrom(3)))
    assert kind(s) == "play"
    assert s.players[RED].discard == ("journeyman", "antagonist")
    assert diff(before, s.players[RED]) == {"corruption": 1, "virtue": -1}
    assert s.folk_tops[3] != "antagonist" and s.folk_left[3] == left - 1


def test_t_play_1_antagonist_with_another_criminal() -> None:
    """T-PLAY-1 (§4.7 phase 1): the Antagonist (2 criminals) played beside the Thief (1): +3 corruption, then
    its immediate ability: +1 debt from the stack; its value 3 is the move."""
    s = player(two(), RED, hand=("antagonist", "abbot"), slots=("", "thief", "labourer"))
    before, debts_left = s.players[RED], s.debts_left
    s = act(checked(s), mv.Play("antagonist"))
    assert diff(before, s.players[RED]) == {"corruption": 3, "debts": 1}
    assert s.debts_left == debts_left - 1
    assert s.turn is not None and (s.turn.phase, s.turn.value, s.turn.played) == ("move", 3, "antagonist")
    assert s.players[RED].slots == ("antagonist", "thief", "labourer")


@pytest.mark.parametrize(("card", "reach"), [("abbot", [2, 3, 4]), ("trader", [1, 2])])
def test_t_move_1_reachable_spaces(card: str, reach: list[int]) -> None:
    """T-MOVE-1 (§4.1): from 0.OL (space 0) the Abbot's 2 reaches 0.OR, 1.OL, 1.IN (spaces 2, 3, 4); a move
    of 1 reaches 0.OR and 0.IN (2, 1). Nothing else without silver."""
    s = player(two(), RED, hand=(card, "squire"), space=space(0, "OL"), silver=0)
    s = act(s, mv.Play(card))
    assert legal(s) == [mv.MoveTo(x) for x in reach]
    far = space(1, "OR")
    assert codes(s, mv.MoveTo(far)) == [
        (
            "VISCOUNTS_UNREACHABLE",
            f"Segment 2 outer-right is not reachable with a move of {CONTENT.townsfolk[card].cost} and 0 silver "
            "for extra steps.",
            "action.space",
        )
    ]


def test_t_dismiss_1_woodcutter_for_a_workshop() -> None:
    """T-DISMISS-1 (§5.3): two builder icons on the board; dismissing the Woodcutter (2 silver) adds its
    builder icon (3 = a Workshop) and its top-right +1 virtue; it leaves the game. The spot B-L1 gives its
    stone. Without the dismissal the Workshop is 1 icon short."""
    s = player(two(), RED, space=space(1, "OL"), slots=("labourer", "miner", "trader"), silver=2, stone=0)
    s = player(s, RED, hand=("financier", "lender", "squire"))
    s = at(folk_top(s, 1, "woodcutter_2"), RED, "action", value=2)
    b_l1 = spot(s, "B-front-L1")
    assert codes(s, mv.Build("workshop_1", b_l1)) == [
        (
            "VISCOUNTS_TOO_FEW_ICONS",
            "A workshop needs 3 builder icons; you have 2 (2 on your board, 0 paid).",
            "action.pay",
        )
    ]
    assert mv.Build("workshop_1", b_l1, dismiss=True) in legal(s)
    before, removed = s.players[RED], s.folk_removed
    s = first_chance(act(checked(s), mv.Build("workshop_1", b_l1, dismiss=True)))
    assert diff(before, s.players[RED]) == {"silver": -2, "virtue": -1, "stone": 1}
    assert Counter(s.folk_removed) - Counter(removed) == Counter(["woodcutter_2"])
    assert s.players[RED].built == ("workshop_1",) and s.spots[b_l1] == "0:workshop_1"


def test_t_trade_1_gold_with_trader() -> None:
    """T-TRADE-1 (§5.4): 4 merchant icons on the board (Trader, Journeyman, Financier) + 2 silver bought =
    6 = three uses of B-OL's gold exchange: +3 gold; the Trader then gives 1 silver."""
    s = player(two(), RED, space=space(1, "OL"), slots=("trader", "journeyman", "financier"), silver=5, gold=0)
    s = player(s, RED, hand=("abbot", "squire", "labourer"))
    s = at(folk_top(s, 1, "friar"), RED, "action", value=1)
    assert legal_of(s, mv.Trade) == [mv.Trade(1), mv.Trade(2), mv.Trade(3, pay=2), mv.Trade(4, pay=4)]
    before = s.players[RED]
    s = act(checked(s), mv.Trade(3, pay=2))
    assert kind(s) == "recruit"
    assert diff(before, s.players[RED]) == {"silver": -1, "gold": 3}


def _t_build_1() -> State:
    """T-BUILD-1's table: Red on B-OL with no builder icon, 2 stone, 3 silver; the Mason on B's pile; Blue's
    Trading Post on B-R1, linked to B-L2 (2 silver)."""
    s = player(two(), RED, space=space(1, "OL"), slots=("trader", "lender", "financier"), silver=3, stone=2, ink=0)
    s = player(s, RED, hand=("abbot", "squire", "labourer"))
    s = build(player(s, BLUE, silver=0), BLUE, "trading_post_1", spots={"trading_post_1": "B-front-R1"})
    return at(folk_top(s, 1, "mason"), RED, "action", value=2)


def test_t_build_1_mason_rearrange_spot_and_link() -> None:
    """T-BUILD-1 (§5.5): 2 stone + the dismissed Mason (1 silver; builder + merchant) = 3 = a Workshop. The
    Mason's top-right rearrange is asked before the building stands; then B-L2's reward (+1 ink) and the
    link to Blue's Trading Post: Red +2 silver and Blue +2 silver."""
    s = _t_build_1()
    b_l2 = spot(s, "B-front-L2")
    assert mv.Build("workshop_1", b_l2, pay=2, dismiss=True) in legal(s)
    red, blue = s.players
    s = first_chance(act(checked(s), mv.Build("workshop_1", b_l2, pay=2, dismiss=True)))
    assert kind(s) == "rearrange" and owed(s) == RED
    assert s.spots[b_l2] == ""
    assert codes(s, mv.Arrange(("trader", "lender", "abbot"))) == [
        (
            "VISCOUNTS_BAD_ARRANGEMENT",
            "That is not another order of your slots (Trader, Lender, Financier).",
            "action.slots",
        )
    ]
    s = act(s, mv.Arrange(("lender", "trader", "financier")))
    assert s.players[RED].slots == ("lender", "trader", "financier")
    assert s.spots[b_l2] == "0:workshop_1"
    assert diff(red, s.players[RED]) == {"silver": 1, "ink": 1, "stone": -2}
    assert diff(blue, s.players[BLUE]) == {"silver": 2}


def test_link_owner_of_both_ends_gains_once() -> None:
    """§5.5 step 4: Red builds B-L2 next to Red's own building on B-R1: the 2-silver link pays Red once."""
    s = player(two(), RED, space=space(1, "OL"), slots=("labourer", "miner", "tinker_gold"), silver=0, ink=0)
    s = player(s, RED, hand=("abbot", "squire", "financier"))
    s = build(s, RED, "trading_post_1", spots={"trading_post_1": "B-front-R1"})
    s = at(folk_top(s, 1, "friar"), RED, "action", value=2)
    before = s.players[RED]
    s = act(checked(s), mv.Build("workshop_1", spot(s, "B-front-L2")))
    assert diff(before, s.players[RED]) == {"silver": 2, "ink": 1}


def test_link_without_a_neighbour_pays_nothing_and_both_owners_in_order() -> None:
    """§5.5 steps 3–4: B-L1 alone gives only its stone; next to Blue's building on B-L2 the free-hire link is
    owed by Red first, then by Blue."""
    s = player(two(), RED, space=space(1, "OL"), slots=("labourer", "miner", "tinker_gold"), stone=0)
    s = player(s, RED, hand=("abbot", "squire", "financier"))
    s = at(folk_top(s, 1, "friar"), RED, "action", value=2)
    alone = act(s, mv.Build("workshop_2", spot(s, "B-front-L1")))
    assert diff(s.players[RED], alone.players[RED]) == {"stone": 1}
    linked = build(s, BLUE, "workshop_1", spots={"workshop_1": "B-front-L2"})
    linked = act(checked(linked), mv.Build("workshop_2", spot(s, "B-front-L1")))
    assert (kind(linked), owed(linked)) == ("free_hire", RED)
    linked = first_chance(act(linked, mv.HireFrom(1)))
    assert (kind(linked), owed(linked)) == ("free_hire", BLUE)
    assert linked.players[RED].discard[-1] == "friar"


def _t_castle_1() -> State:
    """T-CASTLE-1's table, three players, rotation 0: Red on A's inner space (section K0, ink + stone), with
    Thief, Overseer and Benefactor in the slots and the noble Guildhall and the third Trading Post built.
    Red has 1 worker on K0 tier 1, 2 on K4 tier 1 (2 virtue), 2 on K0 tier 2; Blue holds the Castle Leader
    card with 1 centre worker and has 2 workers on K1 tier 1, where Yellow has 1."""
    s = player(three(), RED, space=space(0, "IN"), slots=("thief", "overseer_3", "benefactor"), gold=3, silver=0)
    s = player(s, RED, hand=("abbot", "squire"), ink=0, stone=0, corruption=1, virtue=7)
    s = build(s, RED, "guildhall_2", "trading_post_3")
    s = player(s, BLUE, silver=0)
    tier1 = {(0, RED): 1, (4, RED): 2, (1, BLUE): 2, (1, YELLOW): 1}
    s = workers(s, tier1=tier1, tier2={(0, RED): 2}, centre={BLUE: 1}, leader=BLUE)
    return at(s, RED, "action", value=2)


def test_t_noble_icons_and_t_castle_1_full_cascade() -> None:
    """T-NOBLE-ICONS (§5.3): Thief 1 + Overseer 1 + Guildhall 1 + Benefactor (4 merchants: 2 on it, 2 from the
    third Trading Post) 2 = 5 noble icons; + 3 gold = 8 = four workers.
    T-CASTLE-1 (§5.8): K0 holds 5 Red: one up (+ink +stone), one to K1 and K4; K4 holds 3: one up (+2
    virtue), one to K0 and K3; K0 holds 3 again: + ink + stone. Tier 2 of K0 holds 4: one to the centre
    (+any resource; 1 against Blue's 1: Blue keeps the Castle Leader), then another (2 > 1: Red takes it).
    K1 tier 1 holds 5: Red bumps both blue workers, +2 silver each to Blue. Last, the Overseer: discard."""
    s = _t_castle_1()
    assert legal_of(s, mv.PlaceWorkers) == [
        mv.PlaceWorkers(1),
        mv.PlaceWorkers(2),
        mv.PlaceWorkers(3),
        mv.PlaceWorkers(4, pay=3),
    ]
    assert codes(s, mv.PlaceWorkers(4, pay=2)) == [
        (
            "VISCOUNTS_TOO_FEW_ICONS",
            "Placing 4 workers needs 8 noble icons; you have 7 (5 on your board, 2 paid).",
            "action.pay",
        )
    ]
    red, blue = s.players[RED], s.players[BLUE]
    s = act(checked(s), mv.PlaceWorkers(4, pay=3))
    assert kind(s) == "choose_resource" and owed(s) == RED
    assert s.castle.tier1 == ((0, 0, 0), (2, 2, 1), (0, 0, 0), (1, 0, 0), (1, 0, 0))
    assert s.castle.tier2 == ((3, 0, 0), (0, 0, 0), (0, 0, 0), (0, 0, 0), (1, 0, 0))
    assert (s.castle.centre, s.castle.leader) == ((1, 1, 0), BLUE)
    assert diff(red, s.players[RED]) == {"ink": 2, "stone": 2, "gold": -3, "virtue": -2, "workers": -4}
    s = act(s, mv.Take("ink"))
    assert kind(s) == "choose_resource"
    assert (s.castle.tier2[0], s.castle.centre, s.castle.leader) == ((2, 0, 0), (2, 1, 0), RED)
    s = act(s, mv.Take("gold"))
    assert kind(s) == "bump" and owed(s) == RED
    assert legal(s) == [mv.BumpWorker(1, 1, owner) for owner in (RED, BLUE, YELLOW)]
    assert codes(s, mv.BumpWorker(0, 1, BLUE)) == [
        ("VISCOUNTS_NOT_BUMPABLE", "Tier 1 of section 1 holds no worker of seat 1 over capacity.", "action")
    ]
    s = act(s, mv.BumpWorker(1, 1, BLUE), mv.BumpWorker(1, 1, BLUE))
    assert s.castle.tier1[1] == (2, 0, 1)
    assert diff(blue, s.players[BLUE]) == {"silver": 4, "workers": 2}
    assert kind(s) == "choose_branch" and owed(s) == RED  # the Overseer, after the castle
    s = act(s, mv.Branch(1))
    assert legal(s) == [mv.Discard("abbot"), mv.Discard("squire"), mv.Discard(mv.TOP), mv.Pass()]
    s = act(s, mv.Discard("abbot"))
    assert (s.players[RED].hand, s.players[RED].discard) == (("squire",), ("abbot",))
    assert diff(red, s.players[RED]) == {"ink": 3, "stone": 2, "gold": -2, "virtue": -2, "workers": -4}
    assert s.castle.leader == RED


def test_t_transcribe_1_grey_manuscript_cost_6() -> None:
    """T-TRANSCRIBE-1 (§5.7): M-01 (grey ribbon, cost 6): Acolyte 1 + the black Cleric Bonus card's cleric 1
    + 3 ink + the dismissed Racketeer (1 silver; its criminal counts 1) = 6. The Racketeer's top-right
    Shuffle puts the discard pile into the draw pile (A-07 ``every``: no criminal on the board, +1 virtue)."""
    s = player(two(), RED, space=space(2, "IN"), slots=("acolyte", "trader", "lender"), ink=3, silver=1)
    s = player(s, RED, manuscripts=("M-02", "M-06", "M-17"), cleric_bonus=("black",))
    s = player(s, RED, discard=("abbot", "squire"), draw=("labourer",), hand=("thief", "financier", "journeyman"))
    s = at(script_top(folk_top(s, 2, "racketeer_1"), 2, "M-01"), RED, "action", value=2)
    assert legal_of(s, mv.Transcribe) == [mv.Transcribe(pay=3, dismiss=True)]
    assert codes(s, mv.Transcribe(pay=3)) == [
        (
            "VISCOUNTS_TOO_FEW_ICONS",
            "The manuscript needs 6 cleric icons; you have 5 (2 on your board, 3 paid).",
            "action.pay",
        )
    ]
    before, removed = s.players[RED], s.folk_removed
    s = first_chance(act(checked(s), mv.Transcribe(pay=3, dismiss=True)))
    red = s.players[RED]
    assert diff(before, red) == {"ink": -3, "silver": -1, "virtue": -1}
    assert red.manuscripts == ("M-02", "M-06", "M-17", "M-01")
    assert (red.draw, red.discard) == (("abbot", "labourer", "squire"), ())
    assert Counter(s.folk_removed) - Counter(removed) == Counter(["racketeer_1"])
    assert s.script_tops[2] not in ("", "M-01")


def test_t_coll_1_column_6_with_workshop_2_and_a_criminal() -> None:
    """T-COLL-1 (§4.7 phase 5): Red (Workshop 2 but the Thief on the board) gains no step-1 virtue; Red's
    Peddler gives 1 ink; column 6: 3 silver + 2 debts; Blue (Workshop 2, no criminal) gains 1 virtue in
    step 1 and 1 below the column; Yellow (a criminal) gains nothing; Red's markers reset."""
    s = player(three(), RED, slots=("peddler_ink", "thief", "abbot"), corruption=6, virtue=6, ink=0, silver=3)
    s = build(player(s, RED, hand=("squire", "labourer", "financier")), RED, "workshop_2")
    s = build(player(s, BLUE, slots=("abbot", "squire")), BLUE, "workshop_2")
    s = player(s, YELLOW, slots=("thief", "squire"))
    s = at(s, RED, "recruit", value=2)
    before = s.players
    s = act(checked(s), mv.Pass())
    assert [diff(b, a) for b, a in zip(before, s.players, strict=True)] == [
        {"silver": 3, "ink": 1, "debts": 2, "corruption": -5, "virtue": 1},
        {"virtue": -2},
        {},
    ]
    assert s.turn is not None and (s.turn.seat, s.turn.phase) == (BLUE, "play")


def test_collision_abilities_stack_a33() -> None:
    """§4.7 phase 5 step 2, A-33: every collision ability on any board fires (triggers stack): Red's two
    Peddlers give 1 ink and 1 gold, Blue's gives Blue 1 stone; then column 3: 1 silver and 1 deed."""
    s = player(two(), RED, slots=("peddler_ink", "peddler_gold", "abbot"), corruption=3, virtue=3, silver=3)
    s = player(s, RED, hand=("squire", "labourer", "financier"), ink=0, gold=0)
    s = player(s, BLUE, slots=("peddler_stone",), stone=0)
    s = at(s, RED, "recruit", value=2)
    before = s.players
    s = act(checked(s), mv.Pass())
    assert [diff(b, a) for b, a in zip(before, s.players, strict=True)] == [
        {"silver": 1, "ink": 1, "gold": 1, "deeds": 1, "corruption": -2, "virtue": 4},
        {"stone": 1},
    ]


# ---- §4.7 phase 6: the hand limit ---------------------------------------------------------------------------------


def _draws(s: State) -> tuple[State, int]:
    """Pass the recruit, then answer the draw pile's chance draws: the state after and how many."""
    s = act(s, mv.Pass())
    n = 0
    while owed(s) == CHANCE:
        s, n = act(s, legal(s)[0]), n + 1
    return s, n


@pytest.mark.parametrize(
    ("workshop_3", "leader", "drawn"),
    [(False, False, 2), (True, False, 3), (True, True, 4), (False, True, 3)],
)
def test_hand_limit_workshop_3_and_castle_leader(workshop_3: bool, leader: bool, drawn: int) -> None:
    """§4.7 phase 6: from 1 card in hand Red draws up to 3, +1 with Workshop 3, +1 with the Castle Leader."""
    s = player(two(), RED, hand=("abbot",), draw=("squire", "labourer", "financier", "trader", "lender"))
    s = player(s, RED, discard=(), slots=("thief",))
    if workshop_3:
        s = build(s, RED, "workshop_3")
    if leader:
        s = workers(s, centre={RED: 1}, leader=RED)
    s, n = _draws(at(s, RED, "recruit"))
    assert n == drawn
    assert len(s.players[RED].hand) == 1 + drawn


def test_lost_castle_leader_keeps_the_extra_card() -> None:
    """§4.7 phase 6, §5.8: Blue holds the Castle Leader card and 4 cards; Red's second centre worker (2 > 1)
    takes the card. Blue keeps 4 cards and draws nothing at 4 or 3; with the card Blue would draw at 3."""
    s = player(two(), RED, space=space(0, "IN"), slots=("squire", "abbot", "trader"), gold=0)
    s = player(s, BLUE, hand=("abbot", "squire", "labourer", "financier"))
    s = workers(s, tier1={(0, RED): 2}, tier2={(0, RED): 2}, centre={RED: 1, BLUE: 1}, leader=BLUE)
    s = act(checked(at(s, RED, "action", value=2)), mv.PlaceWorkers(1))
    assert kind(s) == "choose_resource"  # K0's third worker on tier 2 went to the centre: Red 2, Blue 1
    s = act(s, mv.Take("ink"))
    assert (s.castle.centre, s.castle.leader) == ((2, 1), RED)
    assert len(s.players[BLUE].hand) == 4
    blue = at(s, BLUE, "recruit")
    assert _draws(blue)[1] == 0
    three_cards = player(blue, BLUE, hand=("abbot", "squire", "labourer"))
    assert _draws(three_cards)[1] == 0
    assert _draws(workers(three_cards, centre={BLUE: 1}, leader=BLUE))[1] == 1


# ---- §4.6 reshuffles and the criminal check, blind play (A-32) ---------------------------------------------


@pytest.mark.parametrize("ruling", ["every", "draw_only"])
@pytest.mark.parametrize(
    ("slots", "track"), [(("thief", "antagonist"), {"corruption": 1}), (("abbot", "squire"), {"virtue": -1})]
)
def test_reshuffle_on_a_draw_checks_criminals_once(ruling: str, slots: tuple[str, ...], track: dict[str, int]) -> None:
    """§4.6 Reshuffle: phase 6 finds the draw pile empty: the discard pile becomes the draw pile, then one
    corruption with criminals on the board (three here: still one), else one virtue; both A-07 rulings."""
    s = player(two(reshuffle_check=ruling), RED, hand=("financier", "trader"), draw=(), discard=("labourer", "lender"))
    s = player(s, RED, slots=slots, corruption=2)
    before = s.players[RED]
    s = act(at(s, RED, "recruit"), mv.Pass())
    assert kind(s) == "chance.draw_card"
    assert (s.players[RED].draw, s.players[RED].discard) == (("labourer", "lender"), ())
    assert diff(before, s.players[RED]) == track


@pytest.mark.parametrize(("ruling", "track"), [("every", {"corruption": 1}), ("draw_only", {})])
def test_shuffle_effect_checks_criminals_only_under_every(ruling: str, track: dict[str, int]) -> None:
    """§4.6 Shuffle effect, A-07: the dismissed Racketeer's Shuffle (the Thief on the board) checks criminals
    under ``every`` only. The Transcribe: Acolyte and Abbot 2, Thief 1, Racketeer 1, 1 ink = M-03's 5."""
    s = player(two(reshuffle_check=ruling), RED, space=space(2, "IN"), slots=("acolyte", "thief", "abbot"))
    s = player(s, RED, ink=1, silver=1, discard=("squire",), draw=("lender",), hand=("financier", "trader", "labourer"))
    s = at(script_top(folk_top(s, 2, "racketeer_1"), 2, "M-03"), RED, "action", value=2)
    before = s.players[RED]
    s = first_chance(act(s, mv.Transcribe(pay=1, dismiss=True)))
    assert diff(before, s.players[RED]) == {"ink": -1, "silver": -1, **track}
    assert s.players[RED].draw == ("lender", "squire")


@pytest.mark.parametrize(
    ("ruling", "track"), [("every", {"virtue": -1, "corruption": 1}), ("draw_only", {"corruption": 1})]
)
def test_blind_play_after_a_reshuffle_a32(ruling: str, track: dict[str, int]) -> None:
    """§4.7 phase 1, A-32: Red owns only the 3 cards in the slots. The Scoundrel drops off slot 3, is
    reshuffled and played straight back: the reshuffle's check sees the 2 cards left (no criminal: +1
    virtue, under A-07 ``every`` only); playing the Scoundrel costs 1 corruption; its ability gives 1 gold."""
    s = player(two(reshuffle_check=ruling), RED, hand=(), draw=(), discard=())
    s = player(s, RED, slots=("abbot", "squire", "scoundrel_gold"))
    before = s.players[RED]
    s = settled(at(s, RED, "slide"))
    assert kind(s) == "chance.draw_card"
    assert (s.players[RED].slots, s.players[RED].draw) == (("", "abbot", "squire"), ("scoundrel_gold",))
    s = draw_chance(s, "scoundrel_gold")
    assert s.players[RED].slots == ("scoundrel_gold", "abbot", "squire")
    assert diff(before, s.players[RED]) == {"gold": 1, **track}
    assert s.turn is not None and (s.turn.phase, s.turn.value) == ("move", 1)


def test_blind_play_from_the_draw_pile() -> None:
    """§4.7 phase 1: with an empty hand the top of the draw pile is played blind (chance names it); no
    reshuffle, no criminal check."""
    s = player(two(), RED, hand=(), draw=("labourer", "squire", "lender"), discard=())
    before = s.players[RED]
    s = settled(at(s, RED, "slide"))
    assert kind(s) == "chance.draw_card"
    assert codes(s, mv.CardDrawn("antagonist")) == [
        ("VISCOUNTS_NOT_DRAWABLE", "Antagonist (3) cannot be drawn here.", "action.card")
    ]
    s = draw_chance(s, "labourer")
    assert (s.players[RED].slots[0], s.players[RED].draw) == ("labourer", ("lender", "squire"))
    assert diff(before, s.players[RED]) == {}
    assert s.turn is not None and s.turn.value == 2


# ---- §4.7 phase 2: movement ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("post", "silver", "reach", "far", "paid"),
    [
        (False, 1, [2, 3, 4, 5, 7], 7, 1),
        (True, 0, [2, 3, 4, 5, 7], 7, 0),
        (True, 1, [2, 3, 4, 5, 6, 7, 8, 10], 10, 1),
    ],
)
def test_trading_post_1_free_step_and_paid_steps(
    post: bool, silver: int, reach: list[int], far: int, paid: int
) -> None:
    """§4.7 phase 2: a move of 2 from space 0; each extra step costs 1 silver, the first one free with
    Trading Post 1 (``max(0, e - f)``)."""
    s = player(two(), RED, hand=("abbot", "squire"), space=space(0, "OL"), silver=silver)
    if post:
        s = build(s, RED, "trading_post_1")
    s = act(s, mv.Play("abbot"))
    assert legal(s) == [mv.MoveTo(x) for x in reach]
    before = s.players[RED]
    s = act(s, mv.MoveTo(far))
    assert diff(before, s.players[RED]) == ({"silver": -paid} if paid else {})
    assert s.players[RED].space == far


def test_landing_on_an_opponent_lets_them_rearrange() -> None:
    """§4.7 phase 2, A-30: Blue's viscount stands on Red's destination: Blue may rearrange Blue's slots."""
    s = player(two(), RED, hand=("abbot", "squire"), space=space(0, "OL"))
    s = player(s, BLUE, space=space(1, "IN"), slots=("squire", "abbot"))
    s = act(s, mv.Play("abbot"), mv.MoveTo(space(1, "IN")))
    assert (kind(s), owed(s)) == ("rearrange", BLUE)
    assert legal(s) == [mv.Arrange(("abbot", "squire", "")), mv.Pass()]
    s = act(s, mv.Arrange(("abbot", "squire", "")))
    assert s.players[BLUE].slots == ("abbot", "squire", "")


# ---- §5.3 dismissal -------------------------------------------------------------------------------------------------


def _builder(top: str, silver: int = 5) -> State:
    """Red on B-OL with one builder icon (Labourer) and ``top`` on B's pile; a Workshop needs 2 more."""
    s = player(two(), RED, space=space(1, "OL"), slots=("labourer", "trader", "financier"), silver=silver, stone=0)
    s = player(s, RED, hand=("abbot", "squire", "lender"))
    return at(folk_top(s, 1, top), RED, "action", value=2)


def test_dismiss_needs_the_action_icon_or_a_criminal() -> None:
    """§5.3: the Friar (cleric) cannot be dismissed for a Build; the Pickpocket's criminal is a builder here."""
    s = _builder("friar")
    assert codes(s, mv.Build("workshop_1", spot(s, "B-front-L1"), dismiss=True)) == [
        (
            "VISCOUNTS_CANNOT_DISMISS",
            "Friar shows a cleric icon; a dismissal for this action needs a builder or criminal icon.",
            "action.dismiss",
        )
    ]
    assert not [b for b in legal_of(s, mv.Build) if b.dismiss]
    s = _builder("charlatan")
    workshops = [b for b in legal_of(s, mv.Build) if b.slot == "workshop_1"]
    assert workshops == [mv.Build("workshop_1", spot(s, x), dismiss=True) for x in ("B-front-L1", "B-front-L2")]


@pytest.mark.parametrize(("post", "paid"), [(False, 3), (True, 1)])
def test_dismiss_cost_and_trading_post_2(post: bool, paid: int) -> None:
    """§5.3: dismissing the Charlatan (2 builders, value 3) costs 3 silver, exactly 1 with Trading Post 2;
    its top-right effect gives a debt; the builder icons make the Workshop (1 + 2)."""
    s = _builder("charlatan")
    if post:
        s = build(s, RED, "trading_post_2")
    before = s.players[RED]
    s = first_chance(act(s, mv.Build("workshop_1", spot(s, "B-front-L1"), dismiss=True)))
    assert diff(before, s.players[RED]) == {"silver": -paid, "debts": 1, "stone": 1}


def test_trading_post_2_does_not_lower_a_hire() -> None:
    """§5.9: hiring the Charlatan costs its full value 3 even with Trading Post 2."""
    s = build(_builder("charlatan"), RED, "trading_post_2")
    s = at(s, RED, "recruit")
    before = s.players[RED]
    s = first_chance(act(s, mv.Hire()))
    assert diff(before, s.players[RED]) == {"silver": -3, "debts": 1}
    assert s.players[RED].discard[-1] == "charlatan"


def test_printed_townsfolk_dismissed_stays_a25() -> None:
    """A-25: B's pile is used up: its printed card (value 2, one noble, top-right 1 virtue) can be dismissed
    for 2 silver, its noble places a worker, and it stays; it cannot be hired."""
    s = player(two(), RED, space=space(1, "IN"), slots=("abbot", "lender", "trader"), gold=0, silver=3)
    s = at(folk_top(player(s, RED, hand=STARTERS_IN_HAND), 1, ""), RED, "action", value=2)
    assert legal_of(s, mv.PlaceWorkers) == [mv.PlaceWorkers(1, dismiss=True)]
    before, removed = s.players[RED], s.folk_removed
    after = act(checked(s), mv.PlaceWorkers(1, dismiss=True))
    assert diff(before, after.players[RED]) == {"silver": -2, "virtue": -1, "workers": -1}
    assert after.castle.tier1[1] == (1, 0)
    assert (after.folk_tops[1], after.folk_removed) == ("", removed)
    recruit = at(s, RED, "recruit")
    assert legal(recruit) == [mv.Pass()]
    assert codes(recruit, mv.Hire()) == [
        ("VISCOUNTS_EMPTY_PILE", "This segment's pile is empty; its printed card cannot be hired.", "action")
    ]


def test_printed_manuscript_transcribed_not_taken() -> None:
    """§5.7: B's manuscript pile is used up: its printed manuscript (cost 4: 2 virtue) is transcribed for
    its effect and stays; the player collects nothing."""
    s = player(two(), RED, space=space(1, "IN"), slots=("abbot", "friar", "trader"), ink=2)
    s = at(script_top(player(s, RED, hand=STARTERS_IN_HAND), 1, ""), RED, "action", value=2)
    assert mv.Transcribe(pay=2) in legal(s)
    before = s.players[RED]
    s = act(checked(s), mv.Transcribe(pay=2))
    assert diff(before, s.players[RED]) == {"ink": -2, "virtue": -2}
    assert (s.players[RED].manuscripts, s.script_tops[1]) == ((), "")


# ---- §5.3 conversions ------------------------------------------------------------------------------------------------


def _noble(slots: tuple[str, ...], top: str = "friar", **goods: int) -> State:
    """Red on B's inner space (section K1) with ``slots`` and ``goods``; ``top`` on B's pile."""
    s = player(two(), RED, space=space(1, "IN"), slots=slots, gold=0, ink=0, stone=0, silver=0)
    hand = [c for c in CONTENT.starters if c not in slots][:3]
    s = player(s, RED, hand=hand, **goods)
    return at(folk_top(s, 1, top), RED, "action", value=2)


def test_benefactor_converts_merchants_and_a_dismissed_cards_merchant() -> None:
    """§5.3, A-23: Benefactor 2 + Trader 1 merchants = 1 noble, + Squire 1 = 2; dismissing the Patron (noble +
    merchant) adds its noble and a fourth merchant: 4."""
    s = _noble(("benefactor", "trader", "squire"), top="patron_2", gold=5, silver=5)
    assert legal_of(s, mv.PlaceWorkers) == [
        mv.PlaceWorkers(1),
        mv.PlaceWorkers(1, dismiss=True),
        mv.PlaceWorkers(2, pay=1),
        mv.PlaceWorkers(2, dismiss=True),
        mv.PlaceWorkers(3, pay=3),
        mv.PlaceWorkers(3, pay=1, dismiss=True),
        mv.PlaceWorkers(4, pay=4, dismiss=True),
    ]


def test_two_identical_conversions_do_not_stack_a33() -> None:
    """A-33: two Benefactors (4 merchants) still give 2 nobles, not 4. The deck has one Benefactor, so the
    second is put in a slot by hand (a board the game cannot reach)."""
    s = _noble(("benefactor", "trader", "squire"), gold=5)
    red = replace(s.players[RED], slots=("benefactor", "benefactor", "squire"))
    s = replace(s, players=(red, *s.players[1:]))
    assert legal_of(s, mv.PlaceWorkers) == [
        mv.PlaceWorkers(1),
        mv.PlaceWorkers(2),
        mv.PlaceWorkers(3, pay=2),
        mv.PlaceWorkers(4, pay=5),
    ]


def test_diplomat_converts_two_silver() -> None:
    """§5.3: with the Diplomat (1 noble) every 2 silver is a noble icon: 2 workers (3) for 4 silver."""
    s = _noble(("diplomat", "abbot", "labourer"), silver=4)
    assert legal_of(s, mv.PlaceWorkers) == [mv.PlaceWorkers(1), mv.PlaceWorkers(2, silver=4)]
    before = s.players[RED]
    s = act(s, mv.PlaceWorkers(2, silver=4))
    assert diff(before, s.players[RED]) == {"silver": -4, "workers": -2}


def test_artist_counts_one_gold_twice() -> None:
    """§5.3: with the Artist (1 noble) one gold of the payment counts 2: 2 workers (3) for 1 gold, 3 (5) for 3."""
    s = _noble(("artist", "abbot", "labourer"), gold=3)
    assert legal_of(s, mv.PlaceWorkers) == [mv.PlaceWorkers(1), mv.PlaceWorkers(2, pay=1), mv.PlaceWorkers(3, pay=3)]


def test_emma_spends_gold_and_stone_for_a_transcribe() -> None:
    """§5.3: with Emma (1 cleric) + the Abbot, M-01 (6) needs 4 more: ink, gold and stone, 1 icon each."""
    s = _noble(("emma", "abbot", "labourer"), ink=1, gold=2, stone=2)
    s = script_top(s, 1, "M-01")
    assert legal_of(s, mv.Transcribe) == [
        mv.Transcribe(gold=2, stone=2),
        mv.Transcribe(pay=1, gold=1, stone=2),
        mv.Transcribe(pay=1, gold=2, stone=1),
    ]
    before = s.players[RED]
    s = act(s, mv.Transcribe(pay=1, gold=1, stone=2))
    assert diff(before, s.players[RED]) == {"ink": -1, "gold": -1, "stone": -2}
    assert s.players[RED].manuscripts == ("M-01",)


@pytest.mark.parametrize(
    ("slots", "move", "message"),
    [
        (
            ("trader", "journeyman", "financier"),
            mv.Trade(3, pay=3),
            "3 uses of the gold exchange (2 each) needs 6 merchant icons; you pay for 1 more than needed.",
        ),
        (
            ("diplomat", "abbot", "labourer"),
            mv.PlaceWorkers(2, silver=6),
            "Placing 2 workers needs 3 noble icons; you pay for 1 more than needed.",
        ),
        (
            ("artist", "abbot", "labourer"),
            mv.PlaceWorkers(2, pay=2),
            "Placing 2 workers needs 3 noble icons; you pay for 1 more than needed.",
        ),
    ],
)
def test_overpaying_is_refused(slots: tuple[str, ...], move: Any, message: str) -> None:
    """§5.3 (the engine's minimal payments): a payment that would do with one unit (two silver) less."""
    s = _noble(slots, gold=5, silver=8)
    if isinstance(move, mv.Trade):
        s = player(s, RED, space=space(1, "OL"))
    assert codes(s, move) == [("VISCOUNTS_OVERPAID", message, "action.pay")]


# ---- §4.6 destroy (A-21) ---------------------------------------------------------------------------------------------


def test_destroy_exchange_leaves_three_cards_a21() -> None:
    """§5.4, A-21: C-OL's destroy exchange (3 merchants) with 4 owned cards destroys the Abbot (+2 silver);
    owning only 3, the destroy is skipped; a destroy asked of 3 cards is refused."""
    s = player(two(), RED, space=space(2, "OL"), slots=("trader", "lender", "financier"), draw=(), discard=())
    s = at(player(s, RED, hand=("abbot",), silver=0), RED, "action", value=2)
    assert legal_of(s, mv.Trade) == [mv.Trade(1)]
    s = act(checked(s), mv.Trade(1))
    assert legal(s) == [mv.Destroy("abbot"), mv.Pass()]
    before, removed = s.players[RED], s.folk_removed
    s = act(s, mv.Destroy("abbot"))
    assert diff(before, s.players[RED]) == {"silver": 3}  # 2 for the Abbot, then the Trader's 1
    assert Counter(s.folk_removed) - Counter(removed) == Counter(["abbot"])
    three_cards = at(player(s, RED, space=space(2, "OL")), RED, "action", value=2)
    assert len(owned(three_cards.players[RED])) == 3
    after = act(three_cards, mv.Trade(1))
    assert kind(after) != "destroy_step"
    assert diff(three_cards.players[RED], after.players[RED]) == {"silver": 1}
    asked = at(three_cards, RED, "action", value=2, queue=(DestroyStep(RED),))
    assert legal(asked) == [mv.Pass()]
    message = "You own 3 townsfolk cards; a destroy must leave at least 3."
    assert codes(asked, mv.Destroy("trader")) == [("VISCOUNTS_TOO_FEW_CARDS", message, "action.card")]


def test_second_destroy_refused_at_three_cards() -> None:
    """A-21: two destroys with 4 owned cards: the first is taken, the second is skipped."""
    s = player(two(), RED, slots=("trader", "lender"), hand=("abbot", "squire"), draw=(), discard=())
    s = at(s, RED, "action", value=2, queue=(DestroyStep(RED, 2),))
    s = act(s, mv.Destroy("abbot"))
    assert kind(s) == "action"
    assert s.players[RED].hand == ("squire",)


# ---- §5.7, §6.8 the Cleric Bonus ------------------------------------------------------------------------------------


def test_cleric_bonus_on_the_third_ribbon_and_never_lost() -> None:
    """§5.7: Red holds two grey manuscripts (M-11, M-12) and no bonus; the third grey (M-14) wins the grey
    Cleric Bonus card. Blue's later third grey wins nothing, and Red keeps the card."""
    s = player(two(), RED, space=space(1, "IN"), slots=("abbot", "friar", "acolyte"), ink=5)
    s = player(s, RED, manuscripts=("M-11", "M-12"), hand=("squire", "labourer", "trader"))
    s = at(script_top(s, 1, "M-14"), RED, "action", value=2)
    assert s.players[RED].cleric_bonus == ()
    s = first_chance(act(checked(s), mv.Transcribe(pay=2)))
    assert s.players[RED].cleric_bonus == ("grey",)
    s = player(s, BLUE, space=space(1, "IN"), slots=("abbot", "vicar", "pastor"), ink=5)
    s = player(s, BLUE, manuscripts=("M-15", "M-16"), hand=("squire", "labourer", "trader"))
    s = at(script_top(s, 1, "M-09"), BLUE, "action", value=2)
    s = first_chance(act(s, mv.Transcribe(pay=2)))
    assert s.players[BLUE].manuscripts == ("M-15", "M-16", "M-09")
    assert (s.players[RED].cleric_bonus, s.players[BLUE].cleric_bonus) == (("grey",), ())


# ---- §4.5, §4.9 the end of the game ------------------------------------------------------------------------------


def _play_out(s: State) -> tuple[State, list[tuple[int, int]]]:
    """Play on, declining what may be declined, until the game is over; every (round, seat) of a play."""
    turns: list[tuple[int, int]] = []
    for _ in range(2000):
        if s.stage == "over":
            return s, turns
        if kind(s) == "play" and s.turn is not None:
            turns.append((s.round, s.turn.seat))
        options = legal(s)
        pick = next((a for a in options if isinstance(a, (mv.NoAction, mv.Pass))), options[0])
        s = ENGINE.apply(s, Move(owed(s), pick))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("seat", "turns"), [(BLUE, [(4, RED), (4, BLUE)]), (RED, [(3, BLUE), (4, RED), (4, BLUE)])])
def test_poverty_revealed_then_one_more_round(seat: int, turns: list[tuple[int, int]]) -> None:
    """§4.5, §4.9: in round 3 the Antagonist's debt takes the last debt above the Poverty card: it is
    revealed (round 3); the round is finished, round 4 is played in full, and the game ends."""
    s = player(two(), seat, hand=("antagonist", "abbot", "squire"))
    s = at(replace(s, round=3, debts_left=1), seat, "play")
    debts = s.players[seat].debts
    s = act(s, mv.Play("antagonist"))
    assert (s.poverty, s.debts_left, s.players[seat].debts) == (3, 0, debts + 1)
    s, played = _play_out(s)
    assert played == turns
    assert (s.stage, s.round, s.poverty) == ("over", 4, 3)


def test_second_reveal_in_the_last_round_does_not_extend() -> None:
    """§4.9: Poverty revealed in round 3; in round 4 the Meddler's drop-off takes the last deed: Prosperity
    is revealed too (round 4), the debt comes from the remaining pile, and the game still ends after round 4."""
    s = player(two(), RED, slots=("abbot", "squire", "meddler"), hand=("labourer", "financier", "trader"))
    s = replace(s, round=4, poverty=3, debts_left=0, deeds_left=1)
    debts = s.players[RED].debts
    s = settled(at(s, RED, "slide"))
    assert (s.prosperity, s.deeds_left, s.debts_left, s.players[RED].debts) == (4, 0, 0, debts + 1)
    s, played = _play_out(s)
    assert played == [(4, RED), (4, BLUE)]
    assert (s.stage, s.round) == ("over", 4)


def test_build_refused_with_all_nine_built_a04() -> None:
    """A-04: with all nine buildings constructed Build is no longer legal."""
    s = player(two(), RED, space=space(1, "OL"), slots=("labourer", "miner", "tinker_gold"), stone=9, silver=9)
    s = at(build(s, RED, *(slot.id for slot in CONTENT.board.slots)), RED, "action", value=2)
    assert legal_of(checked(s), mv.Build) == []
    assert codes(s, mv.Build("workshop_1", spot(s, "B-front-L1"))) == [
        ("VISCOUNTS_NO_BUILDINGS", "All nine of your buildings are built.", "action")
    ]


# ---- refusals: code, message with its numbers, field -----------------------------------------------------------------


def _outer() -> State:
    """Red on B-OL (gold exchange) with 1 builder icon, 2 gold, 2 silver; the Charlatan (value 3) on B's pile."""
    s = player(two(), RED, space=space(1, "OL"), slots=("labourer", "trader", "financier"), gold=2, silver=2)
    return at(folk_top(player(s, RED, hand=("abbot", "squire", "lender")), 1, "charlatan"), RED, "action", value=2)


def _inner(**goods: int) -> State:
    """Red on B's inner space with 1 noble icon (Squire) and 1 cleric (Abbot), 2 gold."""
    s = player(two(), RED, space=space(1, "IN"), slots=("squire", "abbot", "trader"), gold=2, silver=0, **goods)
    return at(player(s, RED, hand=("labourer", "lender", "financier")), RED, "action", value=2)


def _queued(*steps: Any) -> State:
    """Red's action phase with ``steps`` queued first."""
    s = player(two(), RED, slots=("squire", "abbot"), hand=("labourer", "lender"), debts=1, deeds=0, approved=0)
    return at(script_top(s, 0, "M-01"), RED, "action", value=2, queue=steps)


REFUSALS = [
    pytest.param(
        lambda: two(),
        mv.Play("antagonist"),
        ("VISCOUNTS_NOT_IN_HAND", "Antagonist is not in your hand.", "action.card"),
        id="play-not-in-hand",
    ),
    pytest.param(
        _outer,
        mv.Transcribe(),
        ("VISCOUNTS_WRONG_SPACE", "Transcribe is taken from an inner space (by the castle).", "action"),
        id="transcribe-outer",
    ),
    pytest.param(
        _inner,
        mv.Build("workshop_1", 0),
        ("VISCOUNTS_WRONG_SPACE", "Build is taken from an outer space.", "action"),
        id="build-inner",
    ),
    pytest.param(
        _outer,
        mv.Trade(0),
        ("VISCOUNTS_NO_USES", "A trade uses its exchange at least once, not 0 times.", "action.uses"),
        id="trade-zero",
    ),
    pytest.param(
        _outer,
        mv.Build("castle", 4),
        ("VISCOUNTS_NO_SUCH_BUILDING", "That is not a building of your board.", "action.slot"),
        id="build-no-slot",
    ),
    pytest.param(
        _outer,
        mv.Build("workshop_1", 6),
        (
            "VISCOUNTS_SPOT_UNREACHABLE",
            "Segment 2 right spot 1 (1 deed) is not on your side of the river.",
            "action.spot",
        ),
        id="build-across-river",
    ),
    pytest.param(
        lambda: build(_outer(), BLUE, "workshop_1", spots={"workshop_1": "B-front-L1"}),
        mv.Build("workshop_1", 4),
        ("VISCOUNTS_SPOT_TAKEN", "Segment 2 left spot 1 (1 stone) already holds a building.", "action.spot"),
        id="build-spot-taken",
    ),
    pytest.param(
        _inner,
        mv.PlaceWorkers(5),
        ("VISCOUNTS_WORKER_COUNT", "Place 1 to 4 workers, not 5.", "action.workers"),
        id="workers-five",
    ),
    pytest.param(
        lambda: workers(_inner(), tier1={(0, RED): 19}),
        mv.PlaceWorkers(2),
        ("VISCOUNTS_NO_WORKERS", "You place 2 workers; you have 1 in your supply.", "action.workers"),
        id="workers-supply",
    ),
    pytest.param(
        _inner,
        mv.PlaceWorkers(2, pay=3),
        ("VISCOUNTS_CANNOT_AFFORD", "You pay 3 gold; you have 2.", "action.pay"),
        id="pay-more-gold-than-held",
    ),
    pytest.param(
        _outer,
        mv.Build("trading_post_1", 4, dismiss=True),
        ("VISCOUNTS_CANNOT_AFFORD", "This costs 3 silver; you have 2.", "action.silver"),
        id="dismissal-silver",
    ),
    pytest.param(
        lambda: at(_outer(), RED, "recruit"),
        mv.Hire(),
        ("VISCOUNTS_CANNOT_AFFORD", "Charlatan costs 3 silver; you have 2.", "action"),
        id="hire-silver",
    ),
    pytest.param(
        _inner,
        mv.PlaceWorkers(2, silver=2),
        ("VISCOUNTS_NO_CONVERSION", "No card on your board turns silver into these icons.", "action.silver"),
        id="silver-without-conversion",
    ),
    pytest.param(
        lambda: _inner(stone=1),
        mv.Transcribe(stone=1),
        ("VISCOUNTS_NO_CONVERSION", "No card on your board turns gold or stone into these icons.", "action.gold"),
        id="stone-without-emma",
    ),
    pytest.param(
        lambda: _noble(("diplomat", "abbot", "labourer"), silver=4),
        mv.PlaceWorkers(2, silver=3),
        ("VISCOUNTS_BAD_CONVERSION", "Silver converts 2 at a time; 3 is not a multiple of 2.", "action.silver"),
        id="odd-silver",
    ),
    pytest.param(
        _inner,
        mv.PlaceWorkers(1, pay=-1),
        ("VISCOUNTS_NEGATIVE_PAYMENT", "A payment cannot be negative.", "action"),
        id="negative",
    ),
    pytest.param(
        lambda: _queued(FreeHire(RED)),
        mv.HireFrom(7),
        ("VISCOUNTS_EMPTY_PILE", "There is no townsfolk pile there.", "action.position"),
        id="free-hire-no-pile",
    ),
    pytest.param(
        lambda: _queued(ChooseFlip(RED)),
        mv.Flip("deed"),
        ("VISCOUNTS_NOTHING_TO_FLIP", "You have no acquired deed to flip.", "action.what"),
        id="flip-no-deed",
    ),
    pytest.param(
        lambda: _queued(ChooseBranch(RED, CONTENT.castle.sections[3])),
        mv.Branch(2),
        ("VISCOUNTS_NO_SUCH_OPTION", "The choice has 2 options (0 to 1), not 2.", "action.index"),
        id="branch",
    ),
    pytest.param(
        lambda: _queued(FreeManuscript(RED, (3, 4))),
        mv.TakeManuscript(0),
        (
            "VISCOUNTS_NOT_FREE_MANUSCRIPT",
            "The manuscript pile of segment 1 shows no manuscript costing 3 or 4.",
            "action.position",
        ),
        id="free-manuscript-cost",
    ),
    pytest.param(
        lambda: workers(_queued(CastleSection(RED, 1)), tier1={(0, RED): 3, (2, RED): 3}),
        mv.Section(1),
        ("VISCOUNTS_SECTION_NOT_READY", "Section 2 does not hold three of your workers on tier 1.", "action.section"),
        id="section-not-ready",
    ),
    pytest.param(
        lambda: workers(_queued(CastleMove(RED)), tier1={(0, RED): 1}),
        mv.MoveWorker(2, 3),
        ("VISCOUNTS_NO_WORKER", "You have no worker on tier 1 of that section.", "action.source"),
        id="castle-move-no-worker",
    ),
    pytest.param(
        lambda: workers(_queued(CastleMove(RED)), tier1={(0, RED): 1}),
        mv.MoveWorker(0, 2),
        ("VISCOUNTS_NOT_ADJACENT", "A castle move goes to an adjacent section.", "action.target"),
        id="castle-move-far",
    ),
]


@pytest.mark.parametrize(("make", "action", "refusal"), REFUSALS)
def test_refusal_code_message_and_field(make: Any, action: Any, refusal: tuple[str, str, str]) -> None:
    """Every refusal names its code, the numbers in its message, and the field at fault."""
    assert codes(make(), action) == [refusal]


# ---- §12 invariants over whole games ---------------------------------------------------------------------------------


def _at_rest(s: State) -> bool:
    """A turn's own decision with nothing queued: every castle resolution is over."""
    return not s.queue and s.stage == "turns"


def _invariants(before: State, s: State) -> None:
    """§12 invariants 3, 4, 5, 7, 8, 9, 10 between two consecutive states."""
    board = CONTENT.board
    for seat, p in enumerate(s.players):
        assert 1 <= p.corruption <= p.virtue <= board.track_length  # 3
        assert min(p.silver, p.ink, p.gold, p.stone, p.debts, p.paid, p.deeds, p.approved) >= 0  # 7
        placed = sum(s.castle.tier1[k][seat] + s.castle.tier2[k][seat] for k in range(5)) + s.castle.centre[seat]
        assert placed + p.workers == board.workers  # 4
        assert s.castle.centre[seat] >= before.castle.centre[seat]  # 4: tier 3 never decreases
        q = before.players[seat]
        assert p.paid >= q.paid and p.approved >= q.approved  # 8
        assert p.manuscripts[: len(q.manuscripts)] == q.manuscripts  # 9: a collection never shrinks
        if p.player_card:
            assert len(owned(p)) >= 3  # 2
    assert s.debts_left <= before.debts_left and s.deeds_left <= before.deeds_left  # 8
    assert (s.poverty > 0) == (s.debts_left == 0) and (s.prosperity > 0) == (s.deeds_left == 0)  # 8
    collected = [m for p in s.players for m in p.manuscripts]
    piles = [t for t in s.script_tops if t]
    assert len(collected) + len(piles) + len(s.script_unseen) + len(s.grey_unseen) == len(CONTENT.manuscripts)  # 9
    bonus = [r for p in s.players for r in p.cleric_bonus]
    assert len(bonus) == len(set(bonus))  # 10
    if s.castle.leader >= 0:  # 5
        assert s.castle.centre[s.castle.leader] == max(s.castle.centre)
    if _at_rest(s):  # 4: at rest no section is over-full and nobody has three in one
        for tier in (s.castle.tier1, s.castle.tier2):
            assert all(sum(row) <= 3 and max(row) < 3 for row in tier)


@settings(max_examples=12)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**31 - 1), picks=st.integers(0, 2**31 - 1))
def test_invariants_hold_over_random_games(players: int, seed: int, picks: int) -> None:
    """§12 invariants 2–5 and 7–11 over a seeded game of random legal moves: the track, the goods, the
    workers and the castle at rest, the Castle Leader, the stacks, the manuscripts, the Cleric Bonus cards;
    at the end every player took the same number of turns and the game ended exactly one full round after
    the round of the first reveal."""
    chooser = random.Random(picks)
    s = new_state(ENGINE, players, seed=seed, start_player=0)
    turns: Counter[int] = Counter({0: 1})
    for _ in range(3000):
        if s.stage == "over":
            break
        before = s
        s = ENGINE.apply(s, chooser.choice(ENGINE.legal_moves(s)))
        _invariants(before, s)
        if before.turn is not None and s.turn is not None and s.turn.seat != before.turn.seat:
            assert s.turn.seat == (before.turn.seat + 1) % players  # 11: turns pass to the left
            turns[s.turn.seat] += 1
    assert s.stage == "over"
    assert len(set(turns.values())) == 1 and len(turns) == players  # 11
    first = min(r for r in (s.poverty, s.prosperity) if r)
    assert s.round == first + 1  # 11


def test_a_card_gained_at_setup_joins_the_starting_pile() -> None:
    """§3 step 9.5: the townsfolk a player gains during setup is shuffled into the starting pile with the
    eight starters and the hero before the three cards are drawn. Player card 6 (reconstructed: a free
    manuscript of cost 3 or 4) takes M-10, whose immediate free hire takes a neutral card."""
    s = new_state(ENGINE, 2, start_player=0)
    laid = iter((6, 1, 2))
    while s.stage != "turns":
        moves = ENGINE.legal_moves(s)
        first = moves[0].action
        if isinstance(first, mv.ManuscriptDrawn) and mv.ManuscriptDrawn("M-10") in [m.action for m in moves]:
            move = Move(CHANCE, mv.ManuscriptDrawn("M-10"))
        elif isinstance(first, mv.PlayerCardDrawn):
            move = Move(CHANCE, mv.PlayerCardDrawn(next(laid)))
        elif isinstance(first, mv.PickPair):
            move = Move(moves[0].seat, mv.PickPair(0)) if mv.PickPair(0) in [m.action for m in moves] else moves[0]
        elif isinstance(first, mv.TakeManuscript):
            move = Move(moves[0].seat, mv.TakeManuscript(s.script_tops.index("M-10")))
        elif isinstance(first, mv.CardDrawn) and s.queue[0].purpose == "hand":  # type: ignore[union-attr]
            break
        else:
            move = next((m for m in moves if isinstance(m.action, mv.Pass)), moves[0])
        s = ENGINE.apply(s, move)
    picker = s.queue[0].seat
    p = s.players[picker]
    assert p.player_card == 6
    assert "M-10" in p.manuscripts
    hired = [c for c in p.draw if c in CONTENT.neutral]
    assert len(hired) == 1 and p.discard == ()
    assert len(p.draw) == 8 + 1 + 1


def test_rearrange_into_empty_slots_keeps_slot_1_for_the_card_played() -> None:
    """A-10 ``rearrange_empty``: a card may move into an empty slot, but between the slide and the card
    played slot 1 stays empty (the played card goes there); later in the turn slot 1 may be filled."""
    s = table(options={"rearrange_empty": "true"})
    s = player(s, RED, slots=("", "thief", "financier"))
    s = at(s, RED, "play", queue=(Rearrange(RED),))
    orders = [a.slots for a in legal_of(s, mv.Arrange)]
    assert orders and all(order[0] == "" for order in orders)
    assert ("", "financier", "thief") in orders
    assert [v.code for v in refusals(s, mv.Arrange(("thief", "", "financier")))] == ["VISCOUNTS_BAD_ARRANGEMENT"]
    later = at(s, RED, "move", value=1, played="lender", queue=(Rearrange(RED),))
    assert ("thief", "", "financier") in [a.slots for a in legal_of(later, mv.Arrange)]


def test_literal_castle_order_moves_sideways_after_the_reward() -> None:
    """A-09 ``literal``: one worker moves up, the section's reward resolves, then one worker moves to each
    neighbouring section; the reward's castle move may not touch the section being resolved. Section 2 is
    the gold-and-castle-move section (§6.10)."""
    s = table(options={"castle_order": "literal"})
    s = workers(s, tier1={(2, RED): 3, (1, RED): 1})
    s = settled(at(s, RED, "recruit", queue=(Settle(RED),)))
    assert kind(s) == "castle_move"
    assert s.castle.tier1[2][RED] == 2 and s.castle.tier2[2][RED] == 1
    assert mv.MoveWorker(1, 0) in legal(s)
    assert not [a for a in legal_of(s, mv.MoveWorker) if 2 in (a.source, a.target)]
    refused = refusals(s, mv.MoveWorker(1, 2))
    assert [(v.code, v.field) for v in refused] == [("VISCOUNTS_SECTION_RESOLVING", "action.source")]
    s = ENGINE.apply(s, Move(RED, mv.Pass()))
    assert [s.castle.tier1[k][RED] for k in range(5)] == [0, 2, 0, 1, 0]
    assert s.players[RED].gold == 1


def test_move_first_castle_order_moves_all_three_before_the_reward() -> None:
    """A-09 default: all three workers move before the reward, so its castle move may use them."""
    s = table()
    s = workers(s, tier1={(2, RED): 3})
    s = settled(at(s, RED, "recruit", queue=(Settle(RED),)))
    assert kind(s) == "castle_move"
    assert [s.castle.tier1[k][RED] for k in range(5)] == [0, 1, 0, 1, 0]
    assert mv.MoveWorker(1, 2) in legal(s)


def test_a_resource_is_ink_gold_or_stone() -> None:
    """§0.2: "any resource" is ink, gold or stone; silver is refused naming the resource."""
    s = at(table(), RED, "recruit", queue=(ChooseResource(RED),))
    assert sorted(a.resource for a in legal(s)) == ["gold", "ink", "stone"]
    assert codes(s, mv.Take("silver")) == [  # type: ignore[arg-type]
        ("VISCOUNTS_NOT_A_RESOURCE", "Silver is not a resource: take ink, gold or stone.", "action.resource")
    ]


@pytest.mark.parametrize(
    ("players", "overrides", "message", "field"),
    [
        (1, {"start_player": 1}, "In a solo game the human (seat 0) always starts.", "options.start_player"),
        (2, {"start_player": 2}, "start_player is a seat 0 to 1, or -1 for random; not 2.", "options.start_player"),
        (4, {"start_player": -2}, "start_player is a seat 0 to 3, or -1 for random; not -2.", "options.start_player"),
        (2, {"future_schemes": 4}, "future_schemes is 1 to 3, not 4.", "options.future_schemes"),
        (1, {"future_schemes": 0}, "future_schemes is 1 to 3, not 0.", "options.future_schemes"),
    ],
)
def test_options_out_of_range_are_refused(players: int, overrides: dict[str, int], message: str, field: str) -> None:
    """A-08: the start player is a seat of the table or -1 (random), and in a solo game always the human
    (§8.1); §8.1: one to three Future Schemes. Each refusal names the option and the numbers."""
    from engines.core.errors import StateInvalid

    with pytest.raises(StateInvalid) as refused:
        ENGINE.make_options(players, overrides)
    assert (str(refused.value), refused.value.field) == (message, field)


@pytest.mark.parametrize(
    ("players", "overrides"),
    [(1, {"start_player": 0}), (1, {"start_player": -1}), (4, {"start_player": 3}), (2, {"future_schemes": 3})],
)
def test_options_at_the_edge_of_their_range_are_accepted(players: int, overrides: dict[str, int]) -> None:
    """A-08 / §8.1: the last seat, -1 and three Future Schemes are within range."""
    options = ENGINE.make_options(players, overrides)
    assert {k: getattr(options, k) for k in overrides} == overrides


def test_player_card_9_destroys_a_starting_card_before_the_shuffle() -> None:
    """§3 step 9 (player card 9, ``own_cards_before_shuffle``): after the pick the player destroys one card
    of the starting collection (the eight starters and the hero): it leaves the game, its owner gains its
    silver value (the Labourer: 2), and the pile shuffled for the first hand holds eight cards."""
    s = new_state(ENGINE, 2, start_player=0)
    laid = iter((9, 1, 2))
    while not isinstance(ENGINE.legal_moves(s)[0].action, mv.PickPair):
        first = ENGINE.legal_moves(s)[0]
        drawn = isinstance(first.action, mv.PlayerCardDrawn)
        s = ENGINE.apply(s, Move(CHANCE, mv.PlayerCardDrawn(next(laid))) if drawn else first)
    assert s.pairs[0].card == 9
    s = act(s, mv.PickPair(0))
    seat = owed(s)
    assert kind(s) == "destroy_step" and s.players[seat].player_card == 9
    collection = sorted((*CONTENT.starters, s.pairs[0].hero))
    assert legal(s) == [*(mv.Destroy(c) for c in collection), mv.Pass()]
    before = s.players[seat]
    s = act(s, mv.Destroy("labourer"))
    after = s.players[seat]
    assert "labourer" not in after.draw and len(after.draw) == len(before.draw) - 1 == 8
    assert s.folk_removed == ("labourer",)
    assert after.silver - before.silver == 2


def test_a_conversion_helps_only_its_own_action() -> None:
    """§5.3: a conversion names its action: the Diplomat turns silver into NOBLE icons, not CLERIC ones, so
    a Transcribe paid with silver is refused."""
    s = script_top(_noble(("diplomat", "abbot", "labourer"), silver=4), 1, "M-01")
    assert legal_of(s, mv.PlaceWorkers) == [mv.PlaceWorkers(1), mv.PlaceWorkers(2, silver=4)]
    assert codes(s, mv.Transcribe(silver=2)) == [
        ("VISCOUNTS_NO_CONVERSION", "No card on your board turns silver into these icons.", "action.silver")
    ]


def test_artist_doubles_only_a_gold_actually_paid() -> None:
    """§5.3: the Artist's one gold counting two needs a gold paid: Artist + Aristocrat (2 nobles) fall one
    short of the 3 icons for 2 workers without paying, and one gold makes it."""
    s = _noble(("artist", "aristocrat", "labourer"), gold=3)
    assert codes(s, mv.PlaceWorkers(2)) == [
        (
            "VISCOUNTS_TOO_FEW_ICONS",
            "Placing 2 workers needs 3 noble icons; you have 2 (2 on your board, 0 paid).",
            "action.pay",
        )
    ]
    assert legal_of(s, mv.PlaceWorkers) == [mv.PlaceWorkers(1), mv.PlaceWorkers(2, pay=1), mv.PlaceWorkers(3, pay=2)]


@pytest.mark.parametrize(
    ("move", "message", "field"),
    [
        (mv.Transcribe(pay=1, gold=3), "You pay 3 gold; you have 2.", "action.gold"),
        (mv.Transcribe(gold=1, stone=3), "You pay 3 stone; you have 2.", "action.stone"),
    ],
)
def test_emma_cannot_spend_more_gold_or_stone_than_held(move: Any, message: str, field: str) -> None:
    """§5.3: Emma's gold and stone come from what the player holds (2 of each here)."""
    s = script_top(_noble(("emma", "abbot", "labourer"), ink=1, gold=2, stone=2), 1, "M-01")
    assert codes(s, move) == [("VISCOUNTS_CANNOT_AFFORD", message, field)]


@pytest.mark.parametrize(
    ("what", "changed"), [("deed", {"deeds": -1, "approved": 1}), ("debt", {"debts": -1, "paid": 1})]
)
def test_flip_a_debt_or_a_deed_of_choice(what: str, changed: dict[str, int]) -> None:
    """§4.5 "flip a debt or a deed": holding both, the player may flip either; a deed becomes approved, a
    debt paid (and pays out a resource)."""
    s = player(two(), RED, slots=("squire", "abbot"), hand=("labourer", "lender"), debts=1, deeds=1, approved=0)
    s = at(s, RED, "action", value=2, queue=(ChooseFlip(RED),))
    assert legal(s) == [mv.Flip("debt"), mv.Flip("deed")]
    after = act(s, mv.Flip(what))  # type: ignore[arg-type]
    assert diff(s.players[RED], after.players[RED]) == changed
    assert kind(after) == ("choose_resource" if what == "debt" else "action")


def test_the_last_manuscript_of_a_pile_reveals_nothing() -> None:
    """§5.7: taking a pile's visible manuscript reveals the next one only while the pile holds more: with
    none below, the pile is left showing its printed manuscript and no draw is owed. M-23 gives 2 ink."""
    s = two()
    left = list(s.script_left)
    left[1], left[3] = left[1] + left[3], 0
    s = replace(s, script_left=tuple(left))
    s = checked(at(s, RED, "action", value=2, queue=(FreeManuscript(RED, (3,)),)))
    assert s.script_tops[3] == "M-23"
    after = act(s, mv.TakeManuscript(3))
    assert kind(after) == "action" and after.queue == ()
    assert after.script_tops[3] == "" and after.script_left == s.script_left
    assert after.players[RED].manuscripts == ("M-23",)
    assert diff(s.players[RED], after.players[RED]) == {"ink": 2}


def test_a_finished_game_owes_no_decision() -> None:
    """§4.9: once the game is over nobody decides anything, even with a step left in the queue."""
    s = replace(two(), stage="over", turn=None, queue=(ChooseResource(RED),))
    assert ENGINE.legal_moves(checked(s)) == []
    assert ENGINE.pending(s).kind == "game_over" and ENGINE.pending(s).seats == ()


# ---- what the mutation run (issue 12) showed unchecked: actions, board, building, cards, castle, common, deck,
# ---- effects ---------------------------------------------------------------------------------------------------


def test_trade_targets_end_at_the_uses_icons_and_all_silver_fund() -> None:
    """A-12, §5.4: the trade targets run from one use to the most the merchant icons and all the silver could
    fund: T-TRADE-1's 4 merchant icons (the Friar on B's pile, dismissable, adds none) + 5 silver = 9 = 4 uses of
    B-OL's gold exchange (2 each), no 5th; one silver more makes the 5th."""
    s = player(two(), RED, space=space(1, "OL"), slots=("trader", "journeyman", "financier"), silver=5, gold=0)
    s = folk_top(s, 1, "friar")
    assert actions.trade_targets(s, RED) == [mv.Trade(1), mv.Trade(2), mv.Trade(3), mv.Trade(4)]
    s = player(s, RED, silver=6)
    assert actions.trade_targets(s, RED)[-1] == mv.Trade(5)


def test_a_free_reachable_spot_is_a_good_build_target() -> None:
    """A-04, §5.5: a building still on the board onto a free spot on the viscount's side of the river: the
    target check finds nothing wrong (the funding is checked after it)."""
    s = player(two(), RED, space=space(1, "OL"))
    assert actions.check_build_target(s, RED, mv.Build("workshop_1", spot(s, "B-front-L1"))) == []
    assert [v.code for v in actions.check_build_target(s, RED, mv.Build("workshop_1", spot(s, "B-front-R1")))] == [
        "VISCOUNTS_SPOT_UNREACHABLE"
    ]


def test_spots_by_id_and_by_river_side() -> None:
    """§5.5: the outer-left space reaches its segment's left spots, the outer-right its right spots, the
    inner space none; a spot id the ring lacks has index -1."""
    ring = two().ring
    assert spot_index(ring, "B-front-R1") == 6
    assert spot_index(ring, "Z-front-L1") == -1
    assert reachable_spots(ring, space(1, "OL")) == (4, 5)
    assert reachable_spots(ring, space(1, "OR")) == (6, 7)
    assert reachable_spots(ring, space(1, "IN")) == ()


def test_the_owner_of_a_spot() -> None:
    """§5.5 step 4: a spot's building names its owner; an empty spot has none (-1)."""
    s = build(two(), BLUE, "trading_post_1", spots={"trading_post_1": "B-front-R1"})
    assert building.owner_of(s, spot(s, "B-front-R1")) == BLUE
    assert building.owner_of(s, spot(s, "B-front-L1")) == -1


def _run(s: State, seat: int, effect: Effect, source: str = "test") -> State:
    """``s`` at ``seat``'s recruit phase with ``effect`` to resolve, after the automatic steps."""
    return checked(settled(at(s, seat, "recruit", queue=(Run(seat, (effect,), source),))))


def test_player_card_5_builds_a_workshop_on_any_free_spot() -> None:
    """§6.11, A-31: player card 5's free Workshop goes on any free spot of the ring, not only the ones the
    viscount reaches; another building type or a taken spot is refused, with the slot or spot named."""
    s = build(player(two(), RED, space=space(1, "OL")), BLUE, "trading_post_1", spots={"trading_post_1": "B-front-R1"})
    s = _run(s, RED, CONTENT.player_cards[5].extra, "player card 5")
    assert kind(s) == "build_free"
    options = legal_of(s, mv.PlaceBuilding)
    assert len(options) == 3 * 19
    assert {a.slot for a in options} == {"workshop_1", "workshop_2", "workshop_3"}
    assert mv.PlaceBuilding("workshop_2", 19) in options
    assert codes(s, mv.PlaceBuilding("guildhall_1", 4)) == [
        ("VISCOUNTS_NO_SUCH_BUILDING", "Guildhall 1 is not a workshop of yours to place.", "action.slot")
    ]
    assert codes(s, mv.PlaceBuilding("workshop_1", 6)) == [
        ("VISCOUNTS_SPOT_TAKEN", "Segment 2 right spot 1 (1 deed) is not a free spot.", "action.spot")
    ]
    s = act(s, mv.PlaceBuilding("workshop_2", 19))
    assert s.spots[19] == "0:workshop_2" and s.players[RED].built == ("workshop_2",)


def test_player_card_8_builds_a_trading_post_where_the_viscount_stands() -> None:
    """§6.11, A-37 ``trading_post``: player card 8's free building is a Trading Post on a free spot the
    viscount reaches (B-OL: B-L1 and B-L2); anything else is refused with the building type or the reach."""
    s = _run(player(two(), RED, space=space(1, "OL")), RED, CONTENT.player_cards[8].extra, "player card 8")
    options = legal_of(s, mv.PlaceBuilding)
    assert sorted((a.slot, a.spot) for a in options) == [(f"trading_post_{k}", i) for k in (1, 2, 3) for i in (4, 5)]
    assert codes(s, mv.PlaceBuilding("workshop_1", 4)) == [
        ("VISCOUNTS_NO_SUCH_BUILDING", "Workshop 1 is not a trading post of yours to place.", "action.slot")
    ]
    assert codes(s, mv.PlaceBuilding("trading_post_1", 0)) == [
        (
            "VISCOUNTS_SPOT_TAKEN",
            "Segment 1 left spot 1 (1 virtue) is not a free spot your viscount reaches.",
            "action.spot",
        )
    ]


def test_player_card_8_builds_any_building_under_a_37_any() -> None:
    """A-37 ``any``: player card 8's free building is any building left on the board (still where the
    viscount stands); only a slot that is not on the board is refused."""
    s = table(options={"card8_building": "any"})
    s = _run(player(s, RED, space=space(1, "OL")), RED, CONTENT.player_cards[8].extra, "player card 8")
    assert len(legal_of(s, mv.PlaceBuilding)) == 9 * 2
    assert codes(s, mv.PlaceBuilding("castle_1", 4)) == [
        ("VISCOUNTS_NO_SUCH_BUILDING", "That is not a building of yours to place.", "action.slot")
    ]


def test_a_shuffle_with_an_empty_discard_pile_does_nothing() -> None:
    """§4.6 Shuffle, A-07 ``every``: with no discarded card there is no reshuffle, so no criminal check (the
    Pickpocket on the board would cost a corruption); with one there is."""
    s = player(two(), RED, slots=("pickpocket",), discard=())
    before = s.players[RED]
    after = _run(s, RED, Effect(op="shuffle")).players[RED]
    assert diff(before, after) == {} and after.draw == before.draw
    s = player(s, RED, discard=("lender",), draw=("journeyman", "labourer", "squire", "thief", "trader"))
    after = _run(s, RED, Effect(op="shuffle")).players[RED]
    assert diff(before, after) == {"corruption": 1} and after.discard == () and "lender" in after.draw


def test_discarding_the_top_card_with_no_cards_left_is_refused() -> None:
    """§4.6: the top of the draw pile can be discarded only while the draw or discard pile holds a card; a
    card not in hand is refused by name."""
    s = player(two(), RED, draw=(), discard=())
    s = at(s, RED, "recruit", queue=(DiscardStep(RED),))
    assert codes(s, mv.Discard(mv.TOP)) == [
        ("VISCOUNTS_NO_CARDS", "Your draw and discard piles are empty.", "action.card")
    ]
    assert [c for c, _, _ in codes(s, mv.Discard("lender"))] == ["VISCOUNTS_NOT_IN_HAND"]


def test_the_top_card_discarded_goes_to_the_discard_pile_and_destroyed_pays_its_value() -> None:
    """§4.6: a discarded top card lands on the discard pile (no silver); a destroyed one leaves the game and
    pays its cost in silver (the Lender: 1)."""
    s = at(two(), RED, "recruit", queue=(DiscardStep(RED),))
    before = s.players[RED]
    s = draw_chance(act(s, mv.Discard(mv.TOP)), "lender")
    assert s.players[RED].discard == ("lender",) and "lender" not in s.folk_removed
    assert diff(before, s.players[RED]) == {}
    s = at(two(), RED, "recruit", queue=(DestroyStep(RED),))
    s = draw_chance(act(s, mv.Destroy(mv.TOP)), "lender")
    assert s.players[RED].discard == () and "lender" in s.folk_removed
    assert diff(before, s.players[RED]) == {"silver": 1}


def test_a_destroy_counted_once_or_twice_asks_that_often() -> None:
    """§4.6, §6.2: ``destroy`` n: n optional destroys, then the turn goes on."""
    s = act(at(two(), RED, "recruit", queue=(DestroyStep(RED, 1),)), mv.Destroy("abbot"))
    assert kind(s) == "recruit" and s.players[RED].hand == ("bertha", "financier")
    s = act(at(two(), RED, "recruit", queue=(DestroyStep(RED, 2),)), mv.Destroy("abbot"))
    assert kind(s) == "destroy_step"
    s = act(s, mv.Destroy("financier"))
    assert kind(s) == "recruit" and s.players[RED].hand == ("bertha",)


def test_two_free_hires_take_two_cards() -> None:
    """§4.6 Free hire counted twice: two cards from the piles' tops onto the discard pile, then no more."""
    s = folk_top(folk_top(two(), 0, "aristocrat"), 1, "friar")
    s = at(s, RED, "recruit", queue=(FreeHire(RED, 2),))
    s = first_chance(act(s, mv.HireFrom(0)))
    assert kind(s) == "free_hire"
    s = first_chance(act(s, mv.HireFrom(1)))
    assert kind(s) == "recruit"
    assert s.players[RED].discard == ("aristocrat", "friar")


def test_a_worker_placement_with_an_empty_supply_changes_nothing() -> None:
    """§6.2 place_workers: as many workers as the supply holds; with none nothing is placed and no castle
    resolution is queued."""
    s = player(two(), RED, workers=0)
    assert castle.place(s, RED, 0, 2) == s
    s = player(two(), RED, workers=1)
    placed = castle.place(s, RED, 0, 2)
    assert placed.castle.tier1[0][RED] == 1 and placed.players[RED].workers == 0
    assert placed.queue == (Settle(RED),)


def test_a_castle_move_during_a_literal_reward_waits_for_the_sideways_moves() -> None:
    """A-09 ``literal``: a castle move made in section 2's reward queues a castle resolution that leaves the
    sideways moves of section 2 to come first; then one worker goes to each neighbour."""
    s = table(options={"castle_order": "literal"})
    s = workers(s, tier1={(2, RED): 3, (1, RED): 1})
    s = settled(at(s, RED, "recruit", queue=(Settle(RED),)))
    assert kind(s) == "castle_move"
    s = act(s, mv.MoveWorker(1, 0))
    assert kind(s) == "recruit"
    assert [s.castle.tier1[k][RED] for k in range(5)] == [1, 1, 0, 1, 0]
    assert s.castle.tier2[2][RED] == 1 and s.players[RED].gold == 1


def test_the_castle_resolves_other_players_in_turn_order_from_the_active_one() -> None:
    """§5.8: three-worker sections of other players resolve too, in seat order from the active player: Blue
    (section 1: ink and stone) before Yellow (section 3: gold and a castle move, Yellow's decision)."""
    s = table(3)
    s = workers(s, tier1={(0, BLUE): 3, (2, YELLOW): 3})
    before = s.players[BLUE]
    s = checked(settled(at(s, RED, "recruit", queue=(Settle(RED),))))
    assert kind(s) == "castle_move" and owed(s) == YELLOW
    assert s.castle.tier2[0][BLUE] == 1 and s.castle.tier2[2][YELLOW] == 1
    assert diff(before, s.players[BLUE]) == {"ink": 1, "stone": 1}
    assert seats_from(s, 1) == [1, 2, 0]


def test_placing_on_any_section_accepts_each_of_the_five() -> None:
    """§6.11 player card 3: two workers onto any castle section, 1 to 5 (index 0 to 4); no section 6."""
    s = _run(two(), RED, CONTENT.player_cards[3].extra, "player card 3")
    assert legal(s) == [mv.Section(k) for k in range(5)]
    assert codes(s, mv.Section(5)) == [("VISCOUNTS_NO_SECTION", "There is no castle section 6.", "action.section")]
    s = act(s, mv.Section(0))
    assert s.castle.tier1[0][RED] == 2


def test_a_castle_move_counted_once_moves_once() -> None:
    """§6.2 castle_move n: n optional moves of an own tier-1 worker to a neighbouring section."""
    s = workers(two(), tier1={(1, RED): 2})
    s = act(_run(s, RED, Effect(op="castle_move")), mv.MoveWorker(1, 0))
    assert kind(s) == "recruit" and [s.castle.tier1[k][RED] for k in range(5)] == [1, 1, 0, 0, 0]
    s = workers(two(), tier1={(1, RED): 2})
    s = act(_run(s, RED, Effect(op="castle_move", n=2)), mv.MoveWorker(1, 0))
    assert kind(s) == "castle_move"
    s = act(s, mv.MoveWorker(1, 2))
    assert kind(s) == "recruit" and [s.castle.tier1[k][RED] for k in range(5)] == [1, 0, 1, 0, 0]


def test_a_flip_of_either_kind_asks_when_both_can_flip() -> None:
    """§4.5 flip_debt_or_deed: with an unpaid debt and an acquired deed the player chooses; with only a deed
    it flips."""
    s = player(two(), RED, debts=1, deeds=2)
    assert kind(_run(s, RED, Effect(op="flip_debt_or_deed"))) == "choose_flip"
    s = player(s, RED, debts=0, paid=1)
    after = _run(s, RED, Effect(op="flip_debt_or_deed"))
    assert kind(after) == "recruit" and diff(s.players[RED], after.players[RED]) == {"deeds": -1, "approved": 1}


def test_two_flips_asked_together_are_two() -> None:
    """§4.5: a flip counted twice asks twice, then the turn goes on."""
    s = player(two(), RED, debts=1, deeds=2)
    s = act(at(s, RED, "recruit", queue=(ChooseFlip(RED, 2),)), mv.Flip("deed"))
    assert kind(s) == "choose_flip"
    before = s.players[RED]
    s = act(s, mv.Flip("deed"))
    assert kind(s) == "recruit" and diff(before, s.players[RED]) == {"deeds": -1, "approved": 1}


def test_two_resources_asked_together_are_two() -> None:
    """§6.2 any_resource n: n choices of ink, gold or stone."""
    s = at(two(), RED, "recruit", queue=(ChooseResource(RED, 2),))
    before = s.players[RED]
    s = act(s, mv.Take("gold"))
    assert kind(s) == "choose_resource"
    s = act(s, mv.Take("stone"))
    assert kind(s) == "recruit" and diff(before, s.players[RED]) == {"gold": 1, "stone": 1}


def test_a_draw_counted_twice_draws_two_cards() -> None:
    """§4.6 Draw n: one card at a time from the draw pile into the hand."""
    s = _run(two(), RED, Effect(op="draw", n=2))
    s = draw_chance(s, "lender", "squire")
    assert kind(s) == "recruit"
    assert s.players[RED].hand == ("abbot", "bertha", "financier", "lender", "squire")


def test_an_empty_run_resolves_to_nothing() -> None:
    """§6.2: a run of no effects leaves the queue and the turn goes on."""
    before = two()
    s = checked(settled(at(before, RED, "recruit", queue=(Run(RED, ()),))))
    assert kind(s) == "recruit" and s.queue == () and s.players == before.players


def test_a_choice_offers_each_branch_from_the_first() -> None:
    """§6.2 choice: one of the branches, numbered from 0; a number past the last is refused with the count."""
    choice = Effect(op="choice", of=(Effect(op="silver", n=2), Effect(op="ink")))
    s = _run(two(), RED, choice)
    assert legal(s) == [mv.Branch(0), mv.Branch(1)]
    assert codes(s, mv.Branch(2)) == [
        ("VISCOUNTS_NO_SUCH_OPTION", "The choice has 2 options (0 to 1), not 2.", "action.index")
    ]
    before = s.players[RED]
    s = act(s, mv.Branch(0))
    assert diff(before, s.players[RED]) == {"silver": 2}


def test_an_optional_cost_pays_and_gains_or_neither() -> None:
    """§6.2 cost: accept to pay (a corruption) and gain (2 gold), or decline both."""
    cost = Effect(op="cost", pay=Effect(op="corruption"), gain=Effect(op="gold", n=2))
    s = _run(two(), RED, cost)
    assert legal(s) == [mv.Accept(), mv.Pass()]
    assert refusals(s, mv.Accept()) == [] and refusals(s, mv.Pass()) == []
    before = s.players[RED]
    assert diff(before, act(s, mv.Accept()).players[RED]) == {"corruption": 1, "gold": 2}
    declined = act(s, mv.Pass())
    assert kind(declined) == "recruit" and diff(before, declined.players[RED]) == {}


def test_a_link_into_the_next_segment_pays_both_owners() -> None:
    """§5.5 step 4: the link from a segment's last spot runs to the first spot of the NEXT segment
    clockwise (segment A's right 2 to segment B's left 1, an ink each); building on the segment after
    that (C's left 1) touches no such link."""
    s = build(table(), BLUE, "trading_post_1", spots={"trading_post_1": "A-front-R2"})
    s = at(s, RED, "recruit", queue=(BuildFree(RED, "workshop"),))
    inks = (s.players[RED].ink, s.players[BLUE].ink)
    linked = ENGINE.apply(s, Move(RED, mv.PlaceBuilding("workshop_1", spot(s, "B-front-L1"))))
    assert linked.players[BLUE].ink == inks[1] + 1
    assert linked.players[RED].ink >= inks[0] + 1
    apart = ENGINE.apply(s, Move(RED, mv.PlaceBuilding("workshop_1", spot(s, "C-front-L1"))))
    assert apart.players[BLUE].ink == inks[1]
