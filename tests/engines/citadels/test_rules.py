"""Rule tests: the §8.7 derived rule tests (one test each) and focused tests of the trickiest
rules (§3.3, §4, §5, §6, §7, §8, §11), all through the public engine API: the right moves are
generated and accepted, wrong ones are rejected with the expected violation code."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from msgspec.structs import replace

from engines.citadels import ENGINE
from engines.citadels import moves as mv
from engines.citadels.content import CONTENT
from engines.citadels.state import NO_SEAT, Built, Marker, Reveal, State
from engines.core.engine import CHANCE
from engines.core.errors import StateInvalid
from tests.engines.citadels.helpers import (
    FIRST_GAME_CAST,
    Round,
    Seat,
    acting,
    cast_with,
    chance_cards,
    city,
    codes,
    gather_gold_and_end,
    gold,
    hand,
    kind,
    legal_actions,
    make_state,
    options,
    pending_seat,
    play,
    play_all,
    score_of,
    turn,
)


def incomes(s: State) -> list[mv.Income]:
    return [a for a in legal_actions(s) if isinstance(a, mv.Income)]


def builds(s: State) -> list[mv.Build]:
    return [a for a in legal_actions(s) if isinstance(a, mv.Build)]


# =============================================================================================
# §8.7 derived rule tests
# =============================================================================================

BLACKMAIL_CAST = cast_with(r2="blackmailer")


def _blackmail_state(merchant_gold: int, flowered: str = "merchant", blank: str = "king") -> State:
    return make_state(
        options(4, BLACKMAIL_CAST),
        [
            Seat(gold=merchant_gold, city=("tavern",), characters=("merchant",)),
            Seat(gold=0, characters=("blackmailer",)),
            Seat(gold=1, characters=("king",)),
            Seat(gold=0, characters=("architect",)),
        ],
        crown=2,
        start_rank=4,
        rnd=Round(threats=(Marker(flowered, True), Marker(blank, False)), blackmailer_seat=1),
    )


def _king_refuses(s: State) -> State:
    """The threatened King (seat 2) gathers, refuses to bribe; the Blackmailer does not reveal."""
    s = play(s, mv.GatherGold())
    assert kind(s) == "bribe" and pending_seat(s) == 2
    s = play(s, mv.Pass())
    assert kind(s) == "reveal_threat" and pending_seat(s) == 1
    return play_all(s, mv.Pass(), mv.EndTurn())


def test_derived_blackmailer_bribe_and_flowered_reveal() -> None:
    """§8.7: stash 7 after gathering → bribe 3; stash 1 → bribe 0; flowered reveal on 7 →
    Blackmailer +7, target 0."""
    # Stash 7 → bribe ⌊7/2⌋ = 3.
    s = _king_refuses(_blackmail_state(5, flowered="king", blank="merchant"))
    assert acting(s) == ("merchant", 0)
    assert codes(s, mv.Income(gold=1)) == ["CITADELS_THREAT_FIRST"]
    s = play(s, mv.GatherGold())
    assert gold(s, 0) == 7
    assert kind(s) == "bribe" and pending_seat(s) == 0
    assert codes(s, mv.EndTurn(), 0) == ["COMMON_WRONG_DECISION"]
    s = play(s, mv.Accept())
    assert gold(s, 0) == 4
    assert gold(s, 1) == 3
    assert s.threats == ()  # the marker is removed unrevealed
    s = play(s, mv.Income(gold=1))  # the turn continues normally
    assert gold(s, 0) == 5

    # Stash 1 (gathered cards) → bribe ⌊1/2⌋ = 0.
    s = _king_refuses(_blackmail_state(1, flowered="king", blank="merchant"))
    s = play(s, mv.GatherCards())
    s = chance_cards(s, "manor", "manor")
    s = play(s, mv.Keep("manor"))
    assert kind(s) == "bribe"
    s = play(s, mv.Accept())
    assert gold(s, 0) == 1
    assert gold(s, 1) == 0

    # Flowered lace revealed on stash 7 → Blackmailer +7, target 0.
    s = _king_refuses(_blackmail_state(5, flowered="merchant", blank="king"))
    s = play(s, mv.GatherGold())
    s = play(s, mv.Pass())
    assert kind(s) == "reveal_threat" and pending_seat(s) == 1
    s = play(s, mv.Accept())
    assert gold(s, 0) == 0
    assert gold(s, 1) == 7


def test_blackmailer_blank_marker_revealed_takes_nothing() -> None:
    """P-14: the reveal prompt is issued for the blank marker too; revealing it takes nothing."""
    s = play(_blackmail_state(5, flowered="merchant", blank="king"), mv.GatherGold())
    s = play(s, mv.Pass())
    assert kind(s) == "reveal_threat" and pending_seat(s) == 1
    assert set(map(type, legal_actions(s))) == {mv.Accept, mv.Pass}
    s = play(s, mv.Accept())
    assert gold(s, 2) == 3
    assert gold(s, 1) == 0
    assert kind(s) == "turn" and acting(s) == ("king", 2)
    s = play(s, mv.EndTurn())


def test_blackmailer_threat_targets() -> None:
    """§6 Blackmailer: two different characters, not rank 1, not the killed character."""
    s = make_state(
        options(4, BLACKMAIL_CAST),
        [Seat(characters=("blackmailer",)), Seat(characters=("king",)), Seat(), Seat()],
        start_rank=2,
        rnd=Round(killed="bishop"),
    )
    assert codes(s, mv.Threats("assassin", "king")) == ["CITADELS_BAD_TARGET"]
    assert codes(s, mv.Threats("king", "king")) == ["CITADELS_BAD_TARGET"]
    assert codes(s, mv.Threats("king", "bishop")) == ["CITADELS_BAD_TARGET"]
    assert codes(s, mv.Threats("blackmailer", "king")) == ["CITADELS_BAD_TARGET"]
    s = play(s, mv.Threats("king", "merchant"))
    assert codes(s, mv.Threats("architect", "merchant")) == ["CITADELS_ABILITY_USED"]


def test_derived_spy_takes_gold_and_cards() -> None:
    """§8.7: target has 2 gold and 3 matching cards → Spy +2 gold, +3 cards, target 0 gold."""
    s = make_state(
        options(4, cast_with(r2="spy")),
        [
            Seat(gold=0, characters=("spy",)),
            Seat(gold=2, hand=("tavern", "market", "docks", "manor"), characters=("king",)),
            Seat(gold=0),
            Seat(gold=0),
        ],
        start_rank=2,
    )
    assert acting(s) == ("spy", 0)
    assert codes(s, mv.Spy(0, "trade")) == ["CITADELS_NO_SUCH_SEAT"]
    s = play(s, mv.Spy(1, "trade"))
    assert gold(s, 0) == 2
    assert gold(s, 1) == 0
    s = chance_cards(s, "castle", "temple", "prison")
    assert sorted(hand(s, 0)) == ["castle", "prison", "temple"]
    assert len(hand(s, 1)) == 4
    assert codes(s, mv.Spy(1, "noble")) == ["CITADELS_ABILITY_USED"]


def test_derived_merchant_income_and_bonus() -> None:
    """§8.7: Merchant with 2 trade districts who took 2 gold: income +2, bonus +1 → +5."""
    s = make_state(
        options(4),
        [
            Seat(gold=1, city=("tavern", "market", "manor"), characters=("merchant",)),
            Seat(gold=0, characters=("king",)),
            Seat(gold=0),
            Seat(gold=0),
        ],
        start_rank=6,
    )
    assert acting(s) == ("merchant", 0)
    assert incomes(s) == [mv.Income(gold=2)]
    s = play_all(s, mv.GatherGold(), mv.Income(gold=2), mv.MerchantBonus())
    assert gold(s, 0) == 1 + 5
    assert codes(s, mv.MerchantBonus()) == ["CITADELS_ABILITY_USED"]


NAVIGATOR_CAST = cast_with(r7="navigator")


def test_derived_navigator_gains_four_and_cannot_build() -> None:
    """§8.7: Navigator +4 gold or +4 cards; any M-BUILD illegal, the Stables included."""

    def state() -> State:
        return make_state(
            options(4, NAVIGATOR_CAST, uniques=("stables",)),
            [
                Seat(gold=5, hand=("stables", "tavern"), characters=("navigator",)),
                Seat(gold=0, characters=("king",)),
                Seat(gold=0),
                Seat(gold=0),
            ],
            start_rank=7,
        )

    s = play_all(state(), mv.GatherGold(), mv.Navigator("gold"))
    assert gold(s, 0) == 5 + 2 + 4
    assert codes(s, mv.Navigator("cards")) == ["CITADELS_ABILITY_USED"]
    assert codes(s, mv.Build("stables")) == ["CITADELS_NAVIGATOR_CANNOT_BUILD"]
    assert codes(s, mv.Build("tavern")) == ["CITADELS_NAVIGATOR_CANNOT_BUILD"]
    assert builds(s) == []

    s = play_all(state(), mv.GatherGold(), mv.Navigator("cards"))
    s = chance_cards(s, "manor", "castle", "palace", "temple")
    assert gold(s, 0) == 7
    assert sorted(hand(s, 0)) == ["castle", "manor", "palace", "stables", "tavern", "temple"]
    assert builds(s) == []


def test_derived_tax_collector_taxes_architect() -> None:
    """§8.7: Tax Collector in the cast (discarded face up this round); an Architect with 6 gold
    builds a Temple → 5 → tax → 4, then a Manor → 1 → tax → 0, then cannot pay; token +2."""
    s = make_state(
        options(4, cast_with(r9="tax_collector")),
        [
            Seat(gold=4, hand=("temple", "manor", "tavern"), characters=("architect",)),
            Seat(gold=0, characters=("king",)),
            Seat(gold=0),
            Seat(gold=0),
        ],
        start_rank=7,
        rnd=Round(faceup=("tax_collector", "bishop", "merchant")),
    )
    s = play(s, mv.GatherGold())
    assert gold(s, 0) == 6
    s = play(s, mv.Build("temple"))
    assert gold(s, 0) == 4
    assert s.tax_token == 1
    s = play(s, mv.Build("manor"))
    assert gold(s, 0) == 0
    assert s.tax_token == 2
    assert codes(s, mv.Build("tavern")) == ["CITADELS_NOT_ENOUGH_GOLD"]


def test_derived_alchemist_with_poor_house() -> None:
    """§8.7: Alchemist with a Poor House, 5 gold after gathering, pays 5 → 0; end of turn:
    Poor House +1 → 1, then the Alchemist refund +5 → 6."""
    s = make_state(
        options(4, cast_with(r6="alchemist"), uniques=("poor_house",)),
        [
            Seat(gold=3, hand=("palace",), city=("poor_house",), characters=("alchemist",)),
            Seat(gold=0, characters=("king",)),
            Seat(gold=0, characters=("architect",)),
            Seat(gold=0),
        ],
        start_rank=6,
    )
    s = play_all(s, mv.GatherGold(), mv.Build("palace"))
    assert gold(s, 0) == 0
    s = play(s, mv.EndTurn())
    assert acting(s) == ("architect", 2)
    assert gold(s, 0) == 6


def _play_selection(s: State) -> tuple[State, list[int]]:
    """Run a selection phase with the first generated move everywhere; returns the pile sizes
    offered to each picker."""
    offered: list[int] = []
    while s.phase == "selection":
        if kind(s) == "pick_character":
            step = s.queue[0]
            offer = {a.character for a in legal_actions(s)}
            offered.append(len(offer))
            assert getattr(step, "seat", None) == pending_seat(s)
        s = play(s, legal_actions(s)[0])
    return s, offered


def _new_round(players: int, cast: Sequence[str]) -> State:
    """A new game with external chance, the 4-card deal already answered."""
    s = ENGINE.new_game(options(players, cast), None)
    while kind(s) == "chance.draw_card":
        s = play(s, legal_actions(s)[0], CHANCE)
    return s


def test_derived_selection_counts_five_players_nine_characters() -> None:
    """§8.7 / §3.3: 5 players, C = 9: 2 face-up, 1 face-down, 5 picks, 1 leftover face down."""
    s = _new_round(5, cast_with(r9="queen"))
    s, offered = _play_selection(s)
    assert len(s.faceup) == 2
    assert len(s.facedown) == 1 + 1
    assert offered == [6, 5, 4, 3, 2]
    assert [len(p.characters) for p in s.players] == [1, 1, 1, 1, 1]
    assert not any(c in ("king",) for c in s.faceup)


def test_derived_first_completer_scores_27() -> None:
    """§8.7: first completer with 7 districts costing 20 and all 5 types → 20 + 3 + 4 = 27."""
    s = make_state(
        options(4),
        [
            Seat(gold=4, city=("manor", "temple", "tavern", "barracks", "keep", "castle", "palace")),
            Seat(gold=0, city=("manor",)),
            Seat(gold=0),
            Seat(gold=0),
        ],
        end_triggered=True,
        first_completer=0,
        phase="over",
    )
    sc = score_of(s, 0)
    assert sc == {"Districts": 20, "One district of each type": 3, "Completed city": 4, "total": 27}


# =============================================================================================
# Witch (§6 Witch, G-witch-hold, G-bewitched, §11 B8)
# =============================================================================================

WITCH_CAST = cast_with(r1="witch")


def test_witch_bewitches_king_and_resumes_as_king() -> None:
    """The Witch gathers, must bewitch, and holds; the bewitched King's holder only gathers but
    still takes the crown; the Witch resumes as the King with her own city and stash."""
    opts = options(4, WITCH_CAST, uniques=("poor_house", "park"))
    s = make_state(
        opts,
        [
            Seat(gold=0, city=("manor", "castle", "poor_house"), characters=("witch",)),
            Seat(gold=1, city=("park", "palace"), characters=("king",)),
            Seat(gold=0, characters=("thief",)),
            Seat(gold=0, characters=("warlord",)),
        ],
        crown=3,
    )
    assert acting(s) == ("witch", 0)
    assert turn(s).mode == "witch"
    assert codes(s, mv.Bewitch("king")) == ["CITADELS_NOT_GATHERED"]
    s = play(s, mv.GatherCards())
    s = chance_cards(s, "market", "tavern")
    s = play(s, mv.Keep("market"))
    assert codes(s, mv.Build("market")) == ["CITADELS_WITCH_HOLD"]
    assert codes(s, mv.EndTurn()) == ["CITADELS_WITCH_HOLD"]
    assert codes(s, mv.Bewitch("witch")) == ["CITADELS_BAD_TARGET"]
    assert {type(a) for a in legal_actions(s)} == {mv.Bewitch}
    s = play(s, mv.Bewitch("king"))
    # On hold: no end-of-turn effects (the Poor House does not pay her 0 stash).
    assert gold(s, 0) == 0
    assert acting(s) == ("thief", 2)
    assert codes(s, mv.Rob("king")) == ["CITADELS_BAD_TARGET"]  # bewitched: cannot be robbed
    s = gather_gold_and_end(s)

    # Rank 4: the King's holder reveals, takes the crown, only gathers.
    assert acting(s) == ("king", 1)
    assert turn(s).mode == "bewitched"
    assert s.crown == 1
    assert Reveal("king", 1) in s.revealed
    assert codes(s, mv.Income(gold=1)) == ["CITADELS_BEWITCHED"]
    assert codes(s, mv.EndTurn()) == ["CITADELS_BEWITCHED"]
    assert {type(a) for a in legal_actions(s)} == {mv.GatherGold, mv.GatherCards}
    s = play(s, mv.GatherGold())
    assert gold(s, 1) == 3
    assert hand(s, 1) == ()  # no Park for a bewitched holder

    # The Witch resumes as the King: no second gathering, her nobles, her hand and stash.
    assert acting(s) == ("king", 0)
    assert turn(s).mode == "resumed"
    assert codes(s, mv.GatherGold()) == ["CITADELS_ALREADY_GATHERED"]
    assert incomes(s) == [mv.Income(gold=2)]
    s = play_all(s, mv.Income(gold=2), mv.Build("market"))
    assert gold(s, 0) == 0
    assert city(s, 0) == ["manor", "castle", "poor_house", "market"]
    s = play(s, mv.EndTurn())
    assert gold(s, 0) == 1  # her own Poor House at the end of the resumed turn
    assert s.crown == 1  # the crown stays with the King's holder
    assert acting(s) == ("warlord", 3)


def test_witch_as_bishop_protects_the_witch_not_the_bishop_holder() -> None:
    """§6 Witch / §11 B8: a bewitched Bishop's protection covers the Witch's districts; the
    Warlord may target the Bishop's holder."""
    s = make_state(
        options(4, WITCH_CAST),
        [
            Seat(gold=0, city=("temple",), characters=("witch",)),
            Seat(gold=0, city=("temple",), characters=("bishop",)),
            Seat(gold=0, characters=("merchant",)),
            Seat(gold=5, characters=("warlord",)),
        ],
        start_rank=5,
        rnd=Round(bewitched="bishop", witch_seat=0, revealed=(Reveal("witch", 0),)),
    )
    assert acting(s) == ("bishop", 1) and turn(s).mode == "bewitched"
    s = play(s, mv.GatherGold())
    assert acting(s) == ("bishop", 0) and turn(s).mode == "resumed"
    assert s.protected_seat == 0
    s = play_all(s, mv.Income(gold=1), mv.EndTurn())
    s = gather_gold_and_end(s)  # Merchant
    assert acting(s) == ("warlord", 3)
    assert codes(s, mv.Destroy(0, "temple")) == ["CITADELS_PROTECTED"]
    s = play(s, mv.Destroy(1, "temple"))
    assert city(s, 1) == []
    assert city(s, 0) == ["temple"]


def test_witch_bewitching_an_absent_character_does_not_resume() -> None:
    """§6 Witch: if nobody holds the bewitched character the Witch does not resume and no
    end-of-turn effect (Poor House) resolves for her."""
    s = make_state(
        options(4, WITCH_CAST, uniques=("poor_house",)),
        [
            Seat(gold=0, city=("poor_house",), characters=("witch",)),
            Seat(gold=0, characters=("king",)),
            Seat(gold=0),
            Seat(gold=0),
        ],
    )
    s = play(s, mv.GatherCards())
    s = chance_cards(s, "manor", "manor")
    s = play_all(s, mv.Keep("manor"), mv.Bewitch("magician"))
    assert acting(s) == ("king", 1)
    assert gold(s, 0) == 0


# =============================================================================================
# Assassin, heir, Queen (§6 Assassin, R-4.4.1, §6 Queen)
# =============================================================================================


def _assassin_merchant_architect_king() -> State:
    """Four seats holding the Assassin, the Merchant (3 gold, a Manor in hand), the Architect and the King."""
    return make_state(
        options(4),
        [
            Seat(gold=0, characters=("assassin",)),
            Seat(gold=3, hand=("manor",), characters=("merchant",)),
            Seat(gold=0, characters=("architect",)),
            Seat(gold=0, characters=("king",)),
        ],
        crown=3,
    )


def test_an_ability_of_another_character_is_refused_by_name() -> None:
    """Only the character who has an ability may use it: the Merchant can neither kill nor rob."""
    s = _assassin_merchant_architect_king()
    s = gather_gold_and_end(play(s, mv.Kill("king")))
    assert acting(s) == ("merchant", 1)
    assert codes(s, mv.Kill("architect")) == ["CITADELS_NOT_YOUR_ABILITY"]
    assert codes(s, mv.Rob("architect")) == ["CITADELS_NOT_YOUR_ABILITY"]
    [violation] = ENGINE.validate(s, mv.Move(1, mv.Kill("architect")))
    assert (violation.message, violation.field) == ("The Merchant cannot kill a character.", "action")


def test_assassin_killed_character_skips_its_turn() -> None:
    """A killed character's holder is skipped silently: no reveal, no gathering, no prompt."""
    s = _assassin_merchant_architect_king()
    assert codes(s, mv.Kill("assassin")) == ["CITADELS_BAD_TARGET"]
    s = play(s, mv.Kill("merchant"))
    assert codes(s, mv.Kill("king")) == ["CITADELS_ABILITY_USED"]
    s = gather_gold_and_end(s)
    assert acting(s) == ("king", 3)
    s = gather_gold_and_end(s)
    assert acting(s) == ("architect", 2)  # rank 6 skipped
    assert all(r.character != "merchant" for r in s.revealed)
    assert gold(s, 1) == 3 and hand(s, 1) == ("manor",)


QUEEN_CAST = cast_with(r9="queen")


def test_killed_king_heir_takes_crown_and_queen_gets_delayed_gold() -> None:
    """R-4.4.1: a killed King's holder takes the crown at the end of the round; the adjacent
    Queen gets her 3 gold then, not in her turn."""
    s = make_state(
        options(5, QUEEN_CAST),
        [
            Seat(gold=0, characters=("assassin",)),
            Seat(gold=0, characters=("king",)),
            Seat(gold=0, characters=("queen",)),
            Seat(gold=0, characters=("bishop",)),
            Seat(gold=0, characters=("warlord",)),
        ],
        crown=3,
    )
    s = play(s, mv.Kill("king"))
    s = gather_gold_and_end(s)
    assert acting(s) == ("bishop", 3)  # the King is skipped
    assert s.crown == 3
    s = gather_gold_and_end(s)
    s = gather_gold_and_end(s)  # Warlord
    assert acting(s) == ("queen", 2)
    assert gold(s, 2) == 0  # no 3 gold at the start of her turn
    s = gather_gold_and_end(s)
    # End of round: heir and delayed Queen gold, then a new round.
    assert s.crown == 1
    assert gold(s, 2) == 2 + 3
    assert s.phase == "selection" and s.round == 2


def test_queen_gains_three_when_a_neighbour_revealed_rank_four() -> None:
    """§6 Queen: +3 at her turn if a neighbour revealed the rank-4 character; not otherwise."""

    def state(king_seat: int) -> State:
        seats = [Seat(gold=0) for _ in range(5)]
        seats[0] = Seat(gold=0, characters=("queen",))
        seats[king_seat] = Seat(gold=0, characters=("king",))
        return make_state(options(5, QUEEN_CAST), seats, start_rank=4)

    s = gather_gold_and_end(state(4))  # seat 4 is the Queen's right-hand neighbour
    assert acting(s) == ("queen", 0)
    assert gold(s, 0) == 3
    s = gather_gold_and_end(state(2))  # seat 2 is not adjacent to seat 0
    assert acting(s) == ("queen", 0)
    assert gold(s, 0) == 0


# =============================================================================================
# Thief (§6 Thief, §11 B1, B2)
# =============================================================================================


def test_thief_robs_at_reveal_before_gathering() -> None:
    s = make_state(
        options(4),
        [
            Seat(gold=1, characters=("thief",)),
            Seat(gold=5, characters=("merchant",)),
            Seat(gold=4, characters=("bishop",)),
            Seat(gold=0, characters=("king",)),
        ],
        start_rank=2,
        rnd=Round(killed="bishop", faceup=("magician",)),
    )
    assert acting(s) == ("thief", 0)
    assert codes(s, mv.Rob("assassin")) == ["CITADELS_BAD_TARGET"]  # rank 1
    assert codes(s, mv.Rob("bishop")) == ["CITADELS_BAD_TARGET"]  # killed
    assert codes(s, mv.Rob("thief")) == ["CITADELS_BAD_TARGET"]
    assert codes(s, mv.Rob("magician")) == ["CITADELS_UNKNOWN_CHARACTER"]  # face-up discard
    s = play(s, mv.Rob("merchant"))
    assert gold(s, 1) == 5  # nothing happens before the reveal
    s = gather_gold_and_end(s)
    s = gather_gold_and_end(s)  # King
    assert acting(s) == ("merchant", 1)
    assert gold(s, 0) == 1 + 2 + 5
    assert gold(s, 1) == 0
    s = play(s, mv.GatherGold())
    assert gold(s, 1) == 2  # later gold is safe
    assert gold(s, 0) == 8


# =============================================================================================
# Magistrate (§6 Magistrate, §5.3 step 3, P-14, §11 B22)
# =============================================================================================

MAGISTRATE_CAST = cast_with(r1="magistrate", r9="tax_collector")


def test_magistrate_signed_confiscates_and_unsigned_prompt_only_allows_pass() -> None:
    opts = options(4, MAGISTRATE_CAST)
    s = make_state(
        opts,
        [
            Seat(gold=1, characters=("magistrate",)),
            Seat(gold=4, hand=("manor",), characters=("king",)),
            Seat(gold=10, hand=("tavern", "market", "docks", "temple"), characters=("architect",)),
            Seat(gold=0, characters=("warlord",)),
        ],
        crown=1,
    )
    assert acting(s) == ("magistrate", 0)
    assert codes(s, mv.Warrants("magistrate", ("king", "warlord"))) == ["CITADELS_BAD_TARGET"]
    assert codes(s, mv.Warrants("king", ("king", "warlord"))) == ["CITADELS_BAD_TARGET"]
    s = play(s, mv.Warrants("architect", ("king", "warlord")))
    s = gather_gold_and_end(s)
    assert gold(s, 0) == 3

    # Unsigned warrant on the King: the prompt appears, only Pass is legal.
    assert acting(s) == ("king", 1)
    s = play_all(s, mv.GatherGold(), mv.Build("manor"))
    assert kind(s) == "confiscate" and pending_seat(s) == 0
    assert legal_actions(s) == [mv.Pass()]
    assert codes(s, mv.Accept()) == ["CITADELS_SIGNED_ONLY"]
    s = play(s, mv.Pass())
    assert city(s, 1) == ["manor"]
    assert gold(s, 1) == 6 - 3 - 1  # paid 3, taxed 1
    assert s.tax_token == 1
    assert all(not m.revealed for m in s.warrants)
    s = play(s, mv.EndTurn())

    # Signed warrant on the Architect: same prompt kind; Accept confiscates.
    assert acting(s) == ("architect", 2)
    s = play_all(s, mv.GatherGold(), mv.Build("tavern"))
    assert kind(s) == "confiscate" and pending_seat(s) == 0
    assert set(map(type, legal_actions(s))) == {mv.Accept, mv.Pass}
    s = play(s, mv.Accept())
    assert city(s, 0) == ["tavern"]
    assert city(s, 2) == []
    assert gold(s, 2) == 12  # all gold paid is returned; no tax for the target
    assert gold(s, 0) == 3 - 1  # the Magistrate pays the tax
    assert s.tax_token == 2
    assert turn(s).builds == 1  # the confiscated build counts toward the limit
    assert [m.revealed for m in s.warrants if m.real] == [True]
    # Only the first paid build is eligible.
    s = play(s, mv.Build("market"))
    assert kind(s) == "turn"
    s = play(s, mv.Build("docks"))
    assert city(s, 2) == ["market", "docks"]
    assert gold(s, 2) == 12 - 2 - 1 - 3 - 1
    assert s.tax_token == 4
    assert codes(s, mv.Build("temple")) == ["CITADELS_BUILD_LIMIT"]


def _architect_with_signed_warrant(magistrate_city: tuple[str, ...]) -> State:
    return make_state(
        options(4, cast_with(r1="magistrate"), uniques=("framework",)),
        [
            Seat(gold=0, city=magistrate_city, characters=("magistrate",)),
            Seat(gold=10, hand=("castle", "manor", "tavern"), city=("framework",), characters=("architect",)),
            Seat(gold=0, characters=("king",)),
            Seat(gold=0),
        ],
        start_rank=7,
        rnd=Round(
            warrants=(Marker("architect", True), Marker("king", False), Marker("warlord", False)),
            magistrate_seat=0,
        ),
    )


def test_magistrate_window_skips_framework_and_is_used_by_impossible_confiscation() -> None:
    """§6 Magistrate: an unpaid (Framework) build neither triggers nor uses the window; the
    first paid build uses it up even when confiscation is impossible (identical name)."""
    s = play(_architect_with_signed_warrant(()), mv.GatherGold())
    s = play(s, mv.Build("castle", "framework"))
    assert kind(s) == "turn"
    assert city(s, 1) == ["castle"]
    assert gold(s, 1) == 12
    assert s.deck_bottom[-1] == "framework"
    s = play(s, mv.Build("tavern"))
    assert kind(s) == "confiscate"

    s = play(_architect_with_signed_warrant(("manor",)), mv.GatherGold())
    s = play(s, mv.Build("manor"))  # the Magistrate has a Manor: no prompt, window used
    assert kind(s) == "turn"
    assert city(s, 1) == ["framework", "manor"]
    s = play(s, mv.Build("tavern"))
    assert kind(s) == "turn"
    assert city(s, 1) == ["framework", "manor", "tavern"]


# =============================================================================================
# Tax Collector (§6 Tax Collector, §5.3 step 5, §11 B20)
# =============================================================================================


def test_tax_collector_exempt_in_own_turn_but_taxed_in_other_turn() -> None:
    """3 players: the Tax Collector's holder is taxed in his Merchant turn, not in his Tax
    Collector turn; a builder left with 0 gold pays no tax; collecting takes the whole token."""
    opts = options(3, cast_with(r9="tax_collector"))
    s = make_state(
        opts,
        [
            Seat(gold=4, hand=("tavern", "manor"), characters=("merchant", "tax_collector")),
            Seat(gold=1, hand=("castle",), characters=("architect", "king")),
            Seat(gold=0, characters=("warlord", "bishop")),
        ],
        start_rank=6,
        tax_token=2,
    )
    assert acting(s) == ("merchant", 0)
    s = play_all(s, mv.GatherGold(), mv.Build("tavern"))
    assert gold(s, 0) == 6 - 1 - 1
    assert s.tax_token == 3
    s = play(s, mv.EndTurn())

    assert acting(s) == ("architect", 1)
    s = play(s, mv.GatherGold())
    assert codes(s, mv.Build("castle")) == ["CITADELS_NOT_ENOUGH_GOLD"]
    s = play(s, mv.EndTurn())
    s = gather_gold_and_end(s)  # Warlord

    assert acting(s) == ("tax_collector", 0)
    s = play_all(s, mv.GatherGold(), mv.Build("manor"))
    assert gold(s, 0) == 4 + 2 - 3  # not taxed in his own turn
    assert s.tax_token == 3
    s = play(s, mv.CollectTax())
    assert gold(s, 0) == 3 + 3
    assert s.tax_token == 0
    assert codes(s, mv.CollectTax()) == ["CITADELS_ABILITY_USED"]


def test_tax_not_charged_when_stash_is_empty() -> None:
    s = make_state(
        options(4, cast_with(r9="tax_collector")),
        [
            Seat(gold=1, hand=("manor",), characters=("king",)),
            Seat(gold=0),
            Seat(gold=0),
            Seat(gold=0),
        ],
        start_rank=4,
    )
    s = play_all(s, mv.GatherGold(), mv.Build("manor"))
    assert gold(s, 0) == 0
    assert s.tax_token == 0


# =============================================================================================
# Building limits and exemptions: Trader, Stables, Quarry, Monument
# =============================================================================================


def test_trader_trade_districts_do_not_count() -> None:
    s = make_state(
        options(4, cast_with(r6="trader")),
        [
            Seat(
                gold=20,
                hand=("tavern", "market", "docks", "manor", "castle", "tavern"),
                characters=("trader",),
            ),
            Seat(gold=0, characters=("king",)),
            Seat(gold=0),
            Seat(gold=0),
        ],
        start_rank=6,
    )
    s = play(s, mv.GatherGold())
    s = play_all(s, mv.Build("tavern"), mv.Build("market"), mv.Build("docks"))
    assert turn(s).builds == 0
    s = play(s, mv.Build("manor"))
    assert turn(s).builds == 1
    assert codes(s, mv.Build("castle")) == ["CITADELS_BUILD_LIMIT"]
    assert codes(s, mv.Build("tavern")) == ["CITADELS_DUPLICATE_DISTRICT"]
    assert city(s, 0) == ["tavern", "market", "docks", "manor"]
    assert gold(s, 0) == 22 - 1 - 2 - 3 - 3


def test_merchant_trade_districts_count() -> None:
    s = make_state(
        options(4),
        [Seat(gold=9, hand=("tavern", "market"), characters=("merchant",)), Seat(), Seat(), Seat()],
        start_rank=6,
    )
    s = play_all(s, mv.GatherGold(), mv.Build("tavern"))
    assert codes(s, mv.Build("market")) == ["CITADELS_BUILD_LIMIT"]


def test_stables_do_not_count_toward_the_limit() -> None:
    def state() -> State:
        return make_state(
            options(4, uniques=("stables",)),
            [Seat(gold=10, hand=("stables", "manor", "castle"), characters=("king",)), Seat(), Seat(), Seat()],
            start_rank=4,
        )

    s = play_all(state(), mv.GatherGold(), mv.Build("manor"), mv.Build("stables"))
    assert turn(s).builds == 1
    assert codes(s, mv.Build("castle")) == ["CITADELS_BUILD_LIMIT"]
    s = play_all(state(), mv.GatherGold(), mv.Build("stables"), mv.Build("castle"))
    assert city(s, 0) == ["stables", "castle"]
    assert gold(s, 0) == 12 - 2 - 4


def test_quarry_allows_identical_districts() -> None:
    s = make_state(
        options(4),
        [Seat(gold=10, hand=("manor",), city=("manor",), characters=("king",)), Seat(), Seat(), Seat()],
        start_rank=4,
    )
    s = play(s, mv.GatherGold())
    assert codes(s, mv.Build("manor")) == ["CITADELS_DUPLICATE_DISTRICT"]

    s = make_state(
        options(4),
        [
            Seat(gold=10, hand=("manor", "manor"), city=("manor", "quarry"), characters=("architect",)),
            Seat(),
            Seat(),
            Seat(),
        ],
        start_rank=7,
    )
    s = play_all(s, mv.GatherGold(), mv.Build("manor"), mv.Build("manor"))
    assert city(s, 0) == ["manor", "quarry", "manor", "manor"]


def test_monument_counts_double_and_needs_fewer_than_five_districts() -> None:
    four = ("manor", "temple", "tavern", "prison")
    s = make_state(
        options(4, uniques=("monument",)),
        [
            Seat(gold=20, hand=("monument", "castle"), city=(*four, "church"), characters=("architect",)),
            Seat(),
            Seat(),
            Seat(),
        ],
        start_rank=7,
    )
    s = play(s, mv.GatherGold())
    assert codes(s, mv.Build("monument")) == ["CITADELS_MONUMENT_TOO_LATE"]

    s = make_state(
        options(4, uniques=("monument",)),
        [
            Seat(gold=20, hand=("monument", "castle"), city=four, characters=("architect",)),
            Seat(gold=0, city=("palace",)),
            Seat(),
            Seat(),
        ],
        start_rank=7,
    )
    s = play_all(s, mv.GatherGold(), mv.Build("monument"))
    assert not s.end_triggered  # 5 cards = size 6
    s = play(s, mv.Build("castle"))
    assert len(city(s, 0)) == 6
    assert s.end_triggered and s.first_completer == 0  # 6 cards = size 7
    s = play(s, mv.EndTurn())  # rank 8 is not held: the round, and the game, end
    assert s.phase == "over"
    sc = score_of(s, 0)
    assert sc["Districts"] == 3 + 1 + 1 + 2 + 4 + 4  # the Monument scores its cost 4
    assert sc["Completed city"] == 4


# =============================================================================================
# Rank 8 vs Great Wall, Keep, completed cities (§6 rank 8, §7, §11 B9, C1)
# =============================================================================================


def test_great_wall_surcharge_for_the_marshal() -> None:
    """The Marshal gives the owner the cost and pays the Great Wall's +1 to the bank."""

    def state(marshal_gold: int) -> State:
        return make_state(
            options(4, cast_with(r8="marshal"), uniques=("great_wall",)),
            [
                Seat(gold=marshal_gold, characters=("marshal",)),
                Seat(gold=0, city=("prison", "great_wall")),
                Seat(),
                Seat(),
            ],
            start_rank=8,
        )

    assert codes(state(2), mv.Seize(1, "prison")) == ["CITADELS_NOT_ENOUGH_GOLD"]
    s = play(state(3), mv.Seize(1, "prison"))
    assert gold(s, 0) == 0
    assert gold(s, 1) == 2
    assert city(s, 0) == ["prison"]
    assert city(s, 1) == ["great_wall"]


def test_keep_is_immune_to_rank_8_but_not_to_the_armory() -> None:
    uniques = ("keep", "armory")
    s = make_state(
        options(4, uniques=uniques),
        [Seat(gold=9, city=("armory",), characters=("warlord",)), Seat(city=("keep", "manor")), Seat(), Seat()],
        start_rank=8,
    )
    assert codes(s, mv.Destroy(1, "keep")) == ["CITADELS_PROTECTED"]
    s = play(s, mv.Armory(1, "keep"))
    assert city(s, 1) == ["manor"]
    assert city(s, 0) == []
    assert s.deck_bottom[-2:] == ("armory", "keep")

    s = make_state(
        options(4, cast_with(r8="marshal"), uniques=uniques),
        [Seat(gold=9, characters=("marshal",)), Seat(city=("keep", "manor")), Seat(), Seat()],
        start_rank=8,
    )
    assert codes(s, mv.Seize(1, "keep")) == ["CITADELS_PROTECTED"]
    s = play(s, mv.Seize(1, "manor"))
    assert city(s, 0) == ["manor"]


def test_completed_city_is_protected() -> None:
    """§6 Warlord / §11 B9, C1: no Warlord, Marshal or Armory target in a completed city,
    the Warlord's own completed city included."""
    done = ("manor", "temple", "tavern", "prison", "castle", "church", "market")
    s = make_state(
        options(4, uniques=("armory",)),
        [
            Seat(gold=9, city=("armory", "watchtower"), characters=("warlord",)),
            Seat(city=done),
            Seat(),
            Seat(),
        ],
        start_rank=8,
        end_triggered=True,
        first_completer=1,
    )
    assert codes(s, mv.Destroy(1, "manor")) == ["CITADELS_PROTECTED"]
    assert codes(s, mv.Armory(1, "manor")) == ["CITADELS_PROTECTED"]
    assert not any(isinstance(a, mv.Destroy) and a.target == 1 for a in legal_actions(s))
    s2 = play(s, mv.Destroy(0, "watchtower"))  # own, not completed: allowed (cost 1 → 0)
    assert city(s2, 0) == ["armory"]

    own_done = ("manor", "temple", "tavern", "prison", "castle", "church", "watchtower")
    s = make_state(
        options(4),
        [Seat(gold=9, city=own_done, characters=("warlord",)), Seat(), Seat(), Seat()],
        start_rank=8,
        end_triggered=True,
        first_completer=0,
    )
    assert codes(s, mv.Destroy(0, "watchtower")) == ["CITADELS_PROTECTED"]

    s = make_state(
        options(4, cast_with(r8="marshal")),
        [Seat(gold=9, characters=("marshal",)), Seat(city=done), Seat(), Seat()],
        start_rank=8,
        end_triggered=True,
        first_completer=1,
    )
    assert codes(s, mv.Seize(1, "manor")) == ["CITADELS_PROTECTED"]


def test_bishop_protects_his_holder_from_rank_8() -> None:
    s = make_state(
        options(4),
        [
            Seat(gold=0, city=("temple",), characters=("bishop",)),
            Seat(gold=0),
            Seat(gold=0, characters=("merchant",)),
            Seat(gold=5, characters=("warlord",)),
        ],
        start_rank=5,
    )
    s = gather_gold_and_end(s)
    s = gather_gold_and_end(s)
    assert acting(s) == ("warlord", 3)
    assert codes(s, mv.Destroy(0, "temple")) == ["CITADELS_PROTECTED"]


# =============================================================================================
# Payment forms: Thieves' Den, Framework, Necropolis, Cardinal (§5.3, §6 Cardinal, §7)
# =============================================================================================


def test_thieves_den_paid_with_cards() -> None:
    s = make_state(
        options(4),
        [
            Seat(gold=1, hand=("thieves_den", "tavern", "manor", "temple", "castle"), characters=("king",)),
            Seat(),
            Seat(),
            Seat(),
        ],
        start_rank=4,
    )
    s = play(s, mv.GatherGold())
    assert gold(s, 0) == 3
    assert codes(s, mv.Build("thieves_den")) == ["CITADELS_NOT_ENOUGH_GOLD"]
    assert codes(s, mv.Build("castle", "thieves_den")) == ["CITADELS_BAD_PAYMENT"]
    s = play(s, mv.Build("thieves_den", "thieves_den"))
    assert kind(s) == "give_cards"
    assert codes(s, mv.Done()) == ["CITADELS_NOT_ENOUGH_GOLD"]  # 6 left, 3 gold
    s = play_all(s, mv.Give("tavern"), mv.Give("manor"))
    assert codes(s, mv.Done()) == ["CITADELS_NOT_ENOUGH_GOLD"]  # 4 left, 3 gold
    s = play_all(s, mv.Give("temple"), mv.Done())
    assert kind(s) == "turn"
    assert gold(s, 0) == 0
    assert city(s, 0) == ["thieves_den"]
    assert hand(s, 0) == ("castle",)
    assert s.deck_bottom[-3:] == ("tavern", "manor", "temple")
    assert turn(s).builds == 1


def test_framework_builds_by_destroying_itself() -> None:
    s = make_state(
        options(4, uniques=("framework",)),
        [
            Seat(gold=0, hand=("palace", "manor"), city=("framework",), characters=("king",)),
            Seat(),
            Seat(),
            Seat(),
        ],
        start_rank=4,
    )
    s = play(s, mv.GatherCards())
    s = chance_cards(s, "temple", "temple")
    s = play(s, mv.Keep("temple"))
    assert codes(s, mv.Build("palace")) == ["CITADELS_NOT_ENOUGH_GOLD"]
    s = play(s, mv.Build("palace", "framework"))
    assert city(s, 0) == ["palace"]
    assert gold(s, 0) == 0
    assert s.deck_bottom[-1] == "framework"
    assert codes(s, mv.Build("temple")) == ["CITADELS_BUILD_LIMIT"]  # it counted


def test_necropolis_built_by_destroying_own_district() -> None:
    s = make_state(
        options(4, uniques=("necropolis",)),
        [
            Seat(gold=0, hand=("necropolis",), city=("temple", "manor"), characters=("king",)),
            Seat(),
            Seat(),
            Seat(),
        ],
        start_rank=4,
    )
    s = play(s, mv.GatherGold())
    assert codes(s, mv.Build("necropolis")) == ["CITADELS_NOT_ENOUGH_GOLD"]
    assert codes(s, mv.Build("necropolis", "necropolis", "castle")) == ["CITADELS_NO_SUCH_DISTRICT"]
    s = play(s, mv.Build("necropolis", "necropolis", "temple"))
    assert city(s, 0) == ["manor", "necropolis"]
    assert gold(s, 0) == 2
    assert s.deck_bottom[-1] == "temple"


CARDINAL_CAST = cast_with(r5="cardinal")


def test_cardinal_loan() -> None:
    """§6 Cardinal: borrow exactly the shortfall from one player who has it, giving 1 card per
    gold; then the district must be built."""
    s = make_state(
        options(4, CARDINAL_CAST),
        [
            Seat(gold=0, hand=("castle", "tavern", "temple", "watchtower"), characters=("cardinal",)),
            Seat(gold=5, hand=("manor",)),
            Seat(gold=1),
            Seat(gold=0),
        ],
        start_rank=5,
    )
    s = play(s, mv.GatherGold())
    assert codes(s, mv.Build("castle")) == ["CITADELS_NOT_ENOUGH_GOLD"]
    assert codes(s, mv.Build("castle", lender=2)) == ["CITADELS_NOT_ENOUGH_GOLD"]
    assert codes(s, mv.Build("tavern", lender=1)) == ["CITADELS_BAD_PAYMENT"]  # no loan needed
    assert codes(s, mv.Build("castle", lender=0)) == ["CITADELS_NO_SUCH_SEAT"]
    s = play(s, mv.Build("castle", lender=1))
    assert kind(s) == "give_cards" and pending_seat(s) == 0
    assert codes(s, mv.Done()) == ["CITADELS_MUST_ACT_FIRST"]
    s = play_all(s, mv.Give("tavern"), mv.Give("temple"))
    assert kind(s) == "turn"
    assert city(s, 0) == ["castle"]
    assert gold(s, 0) == 0
    assert gold(s, 1) == 3
    assert sorted(hand(s, 1)) == ["manor", "tavern", "temple"]
    assert hand(s, 0) == ("watchtower",)

    # Too few other cards to repay the loan.
    s = make_state(
        options(4, CARDINAL_CAST),
        [Seat(gold=0, hand=("castle", "tavern"), characters=("cardinal",)), Seat(gold=5), Seat(), Seat()],
        start_rank=5,
    )
    s = play(s, mv.GatherGold())
    assert codes(s, mv.Build("castle", lender=1)) == ["CITADELS_NOT_ENOUGH_CARDS"]


# =============================================================================================
# Seer, Emperor (§6 Seer, Emperor, §11 B5, B7)
# =============================================================================================


def test_seer_takes_one_random_card_each_and_gives_one_back() -> None:
    s = make_state(
        options(4, cast_with(r3="seer")),
        [
            Seat(gold=10, hand=("manor", "palace", "watchtower"), characters=("seer",)),
            Seat(hand=("temple", "tavern")),
            Seat(hand=()),
            Seat(hand=("castle",)),
        ],
        start_rank=3,
    )
    s = play_all(s, mv.GatherGold(), mv.SeerTake())
    assert pending_seat(s) == CHANCE
    assert sorted(a.card for a in legal_actions(s)) == ["tavern", "temple"]  # from seat 1
    s = chance_cards(s, "tavern")
    assert [a.card for a in legal_actions(s)] == ["castle"]  # seat 2 has no card: skipped
    s = chance_cards(s, "castle")
    assert kind(s) == "give_cards" and pending_seat(s) == 0
    assert codes(s, mv.Done()) == ["CITADELS_MUST_ACT_FIRST"]
    s = play(s, mv.Give("castle"))  # to seat 1
    s = play(s, mv.Give("manor"))  # to seat 3
    assert kind(s) == "turn"
    assert sorted(hand(s, 1)) == ["castle", "temple"]
    assert hand(s, 2) == ()
    assert hand(s, 3) == ("manor",)
    assert sorted(hand(s, 0)) == ["palace", "tavern", "watchtower"]
    assert codes(s, mv.SeerTake()) == ["CITADELS_ABILITY_USED"]
    s = play_all(s, mv.Build("tavern"), mv.Build("watchtower"))  # limit 2
    assert codes(s, mv.Build("palace")) == ["CITADELS_BUILD_LIMIT"]


EMPEROR_CAST = cast_with(r4="emperor")


def test_emperor_crown_gift_rules() -> None:
    """§11 B7: the crown goes to neither the Emperor nor its current holder; the Emperor takes
    1 gold or 1 random card if the recipient has one; he must give the crown."""

    def state(crown: int) -> State:
        return make_state(
            options(4, EMPEROR_CAST),
            [
                Seat(gold=0, characters=("emperor",)),
                Seat(gold=2, hand=("manor",)),
                Seat(gold=3),
                Seat(gold=0, hand=()),
            ],
            crown=crown,
            start_rank=4,
        )

    s = play(state(2), mv.GatherGold())
    assert codes(s, mv.EndTurn()) == ["CITADELS_MUST_ACT_FIRST"]
    recipients = {a.recipient for a in legal_actions(s) if isinstance(a, mv.Emperor)}
    assert recipients == {1, 3}
    assert codes(s, mv.Emperor(2, "gold")) == ["CITADELS_NO_SUCH_SEAT"]
    assert codes(s, mv.Emperor(0, "gold")) == ["CITADELS_NO_SUCH_SEAT"]
    assert codes(s, mv.Emperor(1, "none")) == ["CITADELS_BAD_RESOURCE"]
    assert codes(s, mv.Emperor(3, "gold")) == ["CITADELS_BAD_RESOURCE"]
    assert codes(s, mv.Emperor(3, "card")) == ["CITADELS_BAD_RESOURCE"]
    assert mv.Emperor(3, "none") in legal_actions(s)
    s4 = play(s, mv.Emperor(3, "none"))  # seat 3 has neither gold nor a card: the crown alone
    assert (s4.crown, gold(s4, 0), gold(s4, 3)) == (3, 2, 0)
    s2 = play(s, mv.Emperor(1, "gold"))
    assert s2.crown == 1
    assert gold(s2, 1) == 1 and gold(s2, 0) == 3
    s3 = play(s, mv.Emperor(1, "card"))
    s3 = chance_cards(s3, "manor")
    assert hand(s3, 0) == ("manor",) and hand(s3, 1) == ()
    assert codes(s3, mv.Emperor(3, "none")) == ["CITADELS_ABILITY_USED"]
    play(s3, mv.EndTurn())

    # The Emperor's holder has the crown: any other player.
    s = play(state(0), mv.GatherGold())
    assert {a.recipient for a in legal_actions(s) if isinstance(a, mv.Emperor)} == {1, 2, 3}


def test_killed_emperor_advisor_gives_crown_without_resource() -> None:
    s = make_state(
        options(4, EMPEROR_CAST),
        [
            Seat(gold=0, characters=("emperor",)),
            Seat(gold=2, hand=("manor",)),
            Seat(gold=3),
            Seat(gold=0, characters=("warlord",)),
        ],
        crown=2,
        start_rank=8,
        rnd=Round(killed="emperor"),
    )
    s = gather_gold_and_end(s)
    assert kind(s) == "advisor_crown" and pending_seat(s) == 0
    assert {a.recipient for a in legal_actions(s)} == {1, 3}
    assert codes(s, mv.Emperor(1, "gold")) == ["CITADELS_NO_SUCH_SEAT"]
    assert codes(s, mv.Emperor(2)) == ["CITADELS_NO_SUCH_SEAT"]
    s = play(s, mv.Emperor(1))
    assert s.crown == 1
    assert gold(s, 1) == 2 and gold(s, 0) == 0 and hand(s, 0) == ()


# =============================================================================================
# Selection phase per player count (§3.3, R-4.2.2 –)
# =============================================================================================

NINE = cast_with(r9="artist")

# (players, cast size) → (face-up discards, face-down discards at the end, pile sizes offered)
SELECTION_TABLE: list[tuple[int, int, int, int, list[int]]] = [
    (4, 8, 2, 1 + 1, [5, 4, 3, 2]),
    (5, 8, 1, 1 + 1, [6, 5, 4, 3, 2]),
    (6, 8, 0, 1 + 1, [7, 6, 5, 4, 3, 2]),
    (7, 8, 0, 1, [7, 6, 5, 4, 3, 2, 2]),
    (4, 9, 3, 1 + 1, [5, 4, 3, 2]),
    (5, 9, 2, 1 + 1, [6, 5, 4, 3, 2]),
    (6, 9, 1, 1 + 1, [7, 6, 5, 4, 3, 2]),
    (7, 9, 0, 1 + 1, [8, 7, 6, 5, 4, 3, 2]),
    (8, 9, 0, 1, [8, 7, 6, 5, 4, 3, 2, 2]),
]


@pytest.mark.parametrize(("players", "size", "faceup", "facedown", "offered"), SELECTION_TABLE)
def test_selection_counts_per_player_count(
    players: int, size: int, faceup: int, facedown: int, offered: list[int]
) -> None:
    cast = FIRST_GAME_CAST if size == 8 else NINE
    s = _new_round(players, cast)
    s, seen = _play_selection(s)
    assert len(s.faceup) == faceup
    assert len(s.facedown) == facedown
    assert seen == offered
    assert [len(p.characters) for p in s.players] == [1] * players
    assert all(c != "king" for c in s.faceup)


def test_seven_player_last_picker_takes_the_initial_facedown_card() -> None:
    s = _new_round(7, FIRST_GAME_CAST)
    s = play(s, mv.ChanceCharacter("king"), CHANCE)  # the initial face-down discard
    while not (kind(s) == "pick_character" and pending_seat(s) == 6):
        s = play(s, legal_actions(s)[0])
    picks = {a.character for a in legal_actions(s)}
    assert len(picks) == 2 and "king" in picks
    s = play(s, mv.Pick("king"))
    assert s.players[6].characters == ("king",)
    assert len(s.facedown) == 1 and "king" not in s.facedown


def test_rank_four_never_discarded_face_up() -> None:
    s = _new_round(4, FIRST_GAME_CAST)
    assert kind(s) == "chance.discard_character"
    assert "king" not in [a.character for a in legal_actions(s)]
    assert codes(s, mv.ChanceCharacter("king"), CHANCE) == ["CITADELS_NOT_OFFERED"]
    (refusal,) = ENGINE.validate(s, mv.Move(CHANCE, mv.ChanceCharacter("king")))
    assert (refusal.message, refusal.field) == ("The King cannot be chosen by this chance event.", "action.character")


def test_a_card_draw_names_a_card_of_the_deck() -> None:
    """§9.3: an external-chance draw names a card the deck holds; the refusal names the card's field."""
    s = make_state(options(4), [Seat(gold=2, characters=("king",)), Seat(), Seat(), Seat()], start_rank=4)
    s = play(s, mv.GatherCards())
    assert kind(s).startswith("chance")
    (refusal,) = ENGINE.validate(s, mv.Move(CHANCE, mv.ChanceCard("no_such_district")))
    assert (refusal.code, refusal.field) == ("CITADELS_NOT_OFFERED", "action.card")
    assert refusal.message.endswith("is not in the deck.")


def test_two_player_selection() -> None:
    """R-4.2.5: 1 random face-down discard; piles 7 → 6 → 4 → 2; keep 1 and discard 1 each
    time after the first pick; 2 characters each, 4 face-down discards."""
    s = _new_round(2, FIRST_GAME_CAST)
    s = play(s, mv.ChanceCharacter("warlord"), CHANCE)
    assert kind(s) == "pick_character" and pending_seat(s) == 0
    assert len(legal_actions(s)) == 7
    s = play(s, mv.Pick("king"))
    assert pending_seat(s) == 1
    assert len(legal_actions(s)) == 6 * 5
    assert codes(s, mv.Pick("assassin")) == ["CITADELS_NOT_OFFERED"]  # must discard one
    assert codes(s, mv.Pick("assassin", "assassin")) == ["CITADELS_NOT_OFFERED"]
    s = play(s, mv.Pick("assassin", "thief"))
    assert pending_seat(s) == 0 and len(legal_actions(s)) == 4 * 3
    s = play(s, mv.Pick("magician", "bishop"))
    assert pending_seat(s) == 1 and len(legal_actions(s)) == 2 * 1
    s = play(s, mv.Pick("merchant", "architect"))
    assert s.phase == "turns"
    assert sorted(s.players[0].characters) == ["king", "magician"]
    assert sorted(s.players[1].characters) == ["assassin", "merchant"]
    assert sorted(s.facedown) == ["architect", "bishop", "thief", "warlord"]


def test_three_player_selection() -> None:
    """R-4.2.6: 1 random face-down discard; keep 1 of 8, 1 of 7, 1 of 6; 1 of the remaining 5
    discarded at random; then 1 of 4, 1 of 3, 1 of 2; the last card face down."""
    s = _new_round(3, NINE)
    s = play(s, mv.ChanceCharacter("artist"), CHANCE)
    sizes = []
    for _ in range(3):
        sizes.append(len(legal_actions(s)))
        s = play(s, legal_actions(s)[0])
    assert kind(s) == "chance.discard_character"
    assert len(legal_actions(s)) == 5
    s = play(s, legal_actions(s)[0], CHANCE)
    order = []
    for _ in range(3):
        sizes.append(len(legal_actions(s)))
        order.append(pending_seat(s))
        s = play(s, legal_actions(s)[0])
    assert sizes == [8, 7, 6, 4, 3, 2]
    assert order == [0, 1, 2]
    assert s.phase == "turns"
    assert [len(p.characters) for p in s.players] == [2, 2, 2]
    assert len(s.facedown) == 3 and s.faceup == ()


# =============================================================================================
# Scoring: completion bonuses and the tie-break (§8.1, §8.5, §11 D2)
# =============================================================================================

SEVEN_A = ("manor", "temple", "tavern", "prison", "castle", "church", "market")
SEVEN_B = ("manor", "temple", "tavern", "prison", "castle", "church", "docks")


def test_first_completer_four_others_two() -> None:
    s = make_state(
        options(4),
        [
            Seat(city=SEVEN_A),
            Seat(city=SEVEN_B),
            Seat(city=("manor", "temple", "tavern", "prison", "palace", "church", "harbor")),
            Seat(city=("manor", "monastery", "tavern", "watchtower", "castle", "cathedral")),
        ],
        end_triggered=True,
        first_completer=2,
        phase="over",
    )
    assert score_of(s, 2)["Completed city"] == 4
    assert score_of(s, 0)["Completed city"] == 2
    assert score_of(s, 1)["Completed city"] == 2
    assert "Completed city" not in score_of(s, 3)

    # §11 D2: the first completer whose city is no longer completed gets nothing.
    s = make_state(
        options(4),
        [Seat(city=SEVEN_A), Seat(city=SEVEN_B[:6]), Seat(), Seat()],
        end_triggered=True,
        first_completer=1,
        phase="over",
    )
    assert "Completed city" not in score_of(s, 1)
    assert score_of(s, 0)["Completed city"] == 2


def test_tie_break_highest_revealed_rank() -> None:
    s = make_state(
        options(4),
        [Seat(city=SEVEN_A), Seat(city=(*SEVEN_B[:6], "trading_post")), Seat(), Seat()],
        end_triggered=True,
        first_completer=2,
        phase="over",
        rnd=Round(revealed=(Reveal("merchant", 0), Reveal("warlord", 1), Reveal("king", 2))),
    )
    assert score_of(s, 0)["total"] == score_of(s, 1)["total"]
    assert ENGINE.score(s).winners == (1,)
    s = make_state(
        options(4),
        [Seat(city=SEVEN_A), Seat(city=(*SEVEN_B[:6], "trading_post")), Seat(), Seat()],
        end_triggered=True,
        first_completer=2,
        phase="over",
        rnd=Round(revealed=(Reveal("warlord", 0), Reveal("merchant", 1))),
    )
    assert ENGINE.score(s).winners == (0,)
    # A killed-and-never-revealed player loses the tie-break to anyone who revealed.
    s = make_state(
        options(4),
        [Seat(city=SEVEN_A), Seat(city=(*SEVEN_B[:6], "trading_post")), Seat(), Seat()],
        end_triggered=True,
        first_completer=2,
        phase="over",
        rnd=Round(revealed=(Reveal("assassin", 1),)),
    )
    assert ENGINE.score(s).winners == (1,)


def test_killed_king_heir_counts_as_revealed_for_tie_break() -> None:
    """§8.5 / §11 A9: the killed King revealed at the end of the last round wins a tie."""
    s = make_state(
        options(4),
        [
            Seat(gold=0, city=SEVEN_A, characters=("assassin",)),
            Seat(gold=0, city=(*SEVEN_B[:6], "trading_post"), characters=("king",)),
            Seat(gold=0),
            Seat(gold=0),
        ],
        crown=2,
        end_triggered=True,
        first_completer=2,
    )
    s = play(s, mv.Kill("king"))
    s = gather_gold_and_end(s)
    assert s.phase == "over"
    assert s.crown == 1
    assert Reveal("king", 1) in s.revealed
    assert score_of(s, 0)["total"] == score_of(s, 1)["total"]
    assert ENGINE.score(s).winners == (1,)


def test_built_helper_conserves_cards() -> None:
    """The helper's constructed states pass ``ENGINE.check`` and reject unavailable cards."""
    with pytest.raises(AssertionError):
        make_state(options(4), [Seat(city=("manor",) * 6), Seat(), Seat(), Seat()], phase="over")
    s = make_state(options(4), [Seat(city=(Built("manor", beautified=True),)), Seat(), Seat(), Seat()], phase="over")
    assert score_of(s, 0)["Districts"] == 4


# =============================================================================================
# Further interactions (§5.3, §6, §7, §11)
# =============================================================================================


def test_magistrate_confiscated_stables_leave_the_limit_free() -> None:
    """§6 Magistrate: confiscated Stables do not count, so the target may still build."""
    s = make_state(
        options(4, cast_with(r1="magistrate"), uniques=("stables",)),
        [
            Seat(gold=0, characters=("magistrate",)),
            Seat(gold=10, hand=("stables", "manor"), characters=("king",)),
            Seat(),
            Seat(),
        ],
        start_rank=4,
        rnd=Round(
            warrants=(Marker("king", True), Marker("bishop", False), Marker("warlord", False)),
            magistrate_seat=0,
        ),
    )
    s = play_all(s, mv.GatherGold(), mv.Build("stables"))
    assert kind(s) == "confiscate"
    s = play(s, mv.Accept())
    assert city(s, 0) == ["stables"]
    assert gold(s, 1) == 12
    assert turn(s).builds == 0
    s = play(s, mv.Build("manor"))
    assert kind(s) == "turn"  # the window is used up
    assert city(s, 1) == ["manor"]


def test_magistrate_confiscates_thieves_den_paid_in_cards_refunding_only_gold() -> None:
    """§11 B22: a Thieves' Den paid (partly) in cards is a paid build; confiscation refunds
    only the gold part."""
    s = make_state(
        options(4, cast_with(r1="magistrate")),
        [
            Seat(gold=0, characters=("magistrate",)),
            Seat(gold=0, hand=("thieves_den", "tavern", "manor", "temple", "castle"), characters=("king",)),
            Seat(),
            Seat(),
        ],
        start_rank=4,
        rnd=Round(
            warrants=(Marker("king", True), Marker("bishop", False), Marker("warlord", False)),
            magistrate_seat=0,
        ),
    )
    s = play_all(s, mv.GatherGold(), mv.Build("thieves_den", "thieves_den"))
    s = play_all(s, mv.Give("tavern"), mv.Give("manor"), mv.Give("temple"), mv.Give("castle"), mv.Done())
    assert gold(s, 1) == 0
    assert kind(s) == "confiscate"
    s = play(s, mv.Accept())
    assert city(s, 0) == ["thieves_den"]
    assert city(s, 1) == []
    assert gold(s, 1) == 2  # the 2 gold back, not the 4 cards
    assert hand(s, 1) == ()


def test_magistrate_cannot_confiscate_monument_into_a_large_city() -> None:
    """§11 B23: confiscating is building; with ≥ 5 districts the Magistrate cannot take the
    Monument (the prompt is skipped for this public reason)."""
    s = make_state(
        options(4, cast_with(r1="magistrate"), uniques=("monument",)),
        [
            Seat(gold=0, city=("manor", "temple", "tavern", "prison", "castle"), characters=("magistrate",)),
            Seat(gold=10, hand=("monument",), characters=("king",)),
            Seat(),
            Seat(),
        ],
        start_rank=4,
        rnd=Round(
            warrants=(Marker("king", True), Marker("bishop", False), Marker("warlord", False)),
            magistrate_seat=0,
        ),
    )
    s = play_all(s, mv.GatherGold(), mv.Build("monument"))
    assert kind(s) == "turn"
    assert city(s, 1) == ["monument"]


def test_unpaid_builds_are_taxed() -> None:
    """§6 Tax Collector: Framework and Necropolis builds are taxed too."""
    s = make_state(
        options(4, cast_with(r9="tax_collector"), uniques=("framework", "necropolis")),
        [
            Seat(gold=0, hand=("necropolis", "castle"), city=("framework", "temple"), characters=("architect",)),
            Seat(),
            Seat(),
            Seat(),
        ],
        start_rank=7,
    )
    s = play_all(s, mv.GatherGold(), mv.Build("castle", "framework"))
    assert gold(s, 0) == 1
    assert s.tax_token == 1
    s = play(s, mv.Build("necropolis", "necropolis", "temple"))
    assert gold(s, 0) == 0
    assert s.tax_token == 2
    assert city(s, 0) == ["castle", "necropolis"]


def test_alchemist_refund_excludes_tax() -> None:
    """§6 Alchemist: only gold paid to build is refunded, not the Tax Collector's tax."""
    s = make_state(
        options(4, cast_with(r6="alchemist", r9="tax_collector")),
        [Seat(gold=3, hand=("manor",), characters=("alchemist",)), Seat(), Seat(), Seat()],
        start_rank=6,
    )
    s = play_all(s, mv.GatherGold(), mv.Build("manor"))
    assert gold(s, 0) == 5 - 3 - 1
    assert s.tax_token == 1
    s = play(s, mv.EndTurn())
    assert gold(s, 0) == 1 + 3


def test_two_player_bishop_blocks_own_rank_8() -> None:
    """§11 B8: with 2 players, holding the Bishop and the Warlord blocks the Warlord on the
    own city that round."""
    s = make_state(
        options(2),
        [
            Seat(gold=5, city=("watchtower", "prison"), characters=("bishop", "warlord")),
            Seat(gold=0, city=("temple",), characters=("merchant", "king")),
        ],
        start_rank=5,
    )
    s = gather_gold_and_end(s)
    s = gather_gold_and_end(s)  # Merchant
    assert acting(s) == ("warlord", 0)
    assert codes(s, mv.Destroy(0, "watchtower")) == ["CITADELS_PROTECTED"]
    s = play(s, mv.Destroy(1, "temple"))
    assert city(s, 1) == []


def test_three_player_completion_needs_eight() -> None:
    """R-1.3 / §11 D3: with 2–3 players a city is completed at 8 districts."""
    seven = ("manor", "temple", "tavern", "prison", "castle", "church", "market")
    s = make_state(
        options(3, cast_with(r9="artist")),
        [
            Seat(gold=10, hand=("docks", "palace"), city=seven, characters=("king", "architect")),
            Seat(),
            Seat(),
        ],
        start_rank=4,
    )
    assert not s.end_triggered
    s = play_all(s, mv.GatherGold(), mv.Build("docks"))
    assert s.end_triggered and s.first_completer == 0

    # The seventh district does not complete a 3-player city.
    s = make_state(
        options(3, cast_with(r9="artist")),
        [Seat(gold=10, hand=("market",), city=seven[:6], characters=("king", "architect")), Seat(), Seat()],
        start_rank=4,
    )
    s = play_all(s, mv.GatherGold(), mv.Build("market"))
    assert len(city(s, 0)) == 7
    assert not s.end_triggered and s.first_completer == NO_SEAT


def test_park_draws_two_on_empty_hand_at_end_of_turn() -> None:
    s = make_state(
        options(4, uniques=("park",)),
        [Seat(gold=5, hand=("manor",), city=("park",), characters=("king",)), Seat(), Seat(), Seat()],
        start_rank=4,
    )
    s = play_all(s, mv.GatherGold(), mv.Build("manor"), mv.EndTurn())
    assert pending_seat(s) == CHANCE
    s = chance_cards(s, "temple", "tavern")
    assert sorted(hand(s, 0)) == ["tavern", "temple"]
    assert kind(s) == "chance.discard_character"  # two cards, not three: the next round begins


def test_statue_counts_crown_after_heir_transfer() -> None:
    """§11 D6: the Statue's +5 uses the crown after the end-of-round heir transfer."""
    s = make_state(
        options(4, uniques=("statue",)),
        [
            Seat(gold=0, characters=("assassin",)),
            Seat(gold=0, city=("statue",), characters=("king",)),
            Seat(gold=0, city=SEVEN_A),
            Seat(gold=0),
        ],
        crown=0,
        end_triggered=True,
        first_completer=2,
    )
    s = play(s, mv.Kill("king"))
    s = gather_gold_and_end(s)
    assert s.phase == "over"
    assert s.crown == 1
    assert score_of(s, 1) == {"Districts": 3, "Statue": 5, "total": 8}


def test_witch_as_emperor_may_not_crown_herself() -> None:
    """§11 B7: a bewitched Emperor's crown is given by the Witch, 'not yourself' = the Witch."""
    s = make_state(
        options(4, cast_with(r1="witch", r4="emperor")),
        [
            Seat(gold=0, characters=("witch",)),
            Seat(gold=1, characters=("emperor",)),
            Seat(gold=1),
            Seat(gold=1),
        ],
        crown=2,
        start_rank=4,
        rnd=Round(bewitched="emperor", witch_seat=0, revealed=(Reveal("witch", 0),)),
    )
    assert acting(s) == ("emperor", 1) and turn(s).mode == "bewitched"
    assert s.crown == 2  # the Emperor does not take the crown at reveal
    s = play(s, mv.GatherGold())
    assert acting(s) == ("emperor", 0)
    assert codes(s, mv.EndTurn()) == ["CITADELS_MUST_ACT_FIRST"]
    assert {a.recipient for a in legal_actions(s) if isinstance(a, mv.Emperor)} == {1, 3}
    s = play(s, mv.Emperor(1, "gold"))
    assert s.crown == 1
    assert gold(s, 0) == 1 and gold(s, 1) == 3 - 1


def test_witch_as_thief_receives_the_robbed_gold() -> None:
    """§6 Witch: a bewitched Thief's robbery is named by the Witch, who receives the gold."""
    s = make_state(
        options(4, WITCH_CAST),
        [
            Seat(gold=0, characters=("witch",)),
            Seat(gold=1, characters=("thief",)),
            Seat(gold=6, characters=("merchant",)),
            Seat(gold=0),
        ],
    )
    s = play_all(s, mv.GatherGold(), mv.Bewitch("thief"))
    assert acting(s) == ("thief", 1)
    s = play(s, mv.GatherGold())
    assert acting(s) == ("thief", 0)
    s = play_all(s, mv.Rob("merchant"), mv.EndTurn())
    assert acting(s) == ("merchant", 2)
    assert gold(s, 0) == 2 + 6
    assert gold(s, 1) == 3
    assert gold(s, 2) == 0


def test_robbing_an_unheld_character_has_no_effect() -> None:
    s = make_state(
        options(4),
        [Seat(gold=1, characters=("thief",)), Seat(gold=5, characters=("king",)), Seat(gold=3), Seat(gold=3)],
        start_rank=2,
    )
    s = play(s, mv.Rob("merchant"))
    s = gather_gold_and_end(s)
    s = gather_gold_and_end(s)  # King
    assert s.phase == "selection"
    assert [p.gold for p in s.players] == [3, 7, 3, 3]


def test_diplomat_exchange_rules() -> None:
    """§6 Diplomat / §11 B11–B14: pay the cost difference to the other player and the Great
    Wall's +1 to the bank; no Keep on either side; no identical districts on either side."""

    def state(diplomat_gold: int) -> State:
        return make_state(
            options(4, cast_with(r8="diplomat"), uniques=("great_wall", "keep")),
            [
                Seat(gold=diplomat_gold, city=("watchtower", "keep", "manor"), characters=("diplomat",)),
                Seat(gold=0, city=("castle", "great_wall", "manor")),
                Seat(),
                Seat(),
            ],
            start_rank=8,
        )

    s = state(4)
    assert codes(s, mv.Exchange("keep", 1, "castle")) == ["CITADELS_PROTECTED"]
    assert codes(s, mv.Exchange("watchtower", 1, "manor")) == ["CITADELS_DUPLICATE_DISTRICT"]
    assert codes(s, mv.Exchange("manor", 1, "castle")) == ["CITADELS_DUPLICATE_DISTRICT"]
    assert codes(state(3), mv.Exchange("watchtower", 1, "castle")) == ["CITADELS_NOT_ENOUGH_GOLD"]
    s = play(s, mv.Exchange("watchtower", 1, "castle"))
    assert gold(s, 0) == 0  # 4 − 1 = 3 to the owner, +1 to the bank
    assert gold(s, 1) == 3
    assert city(s, 0) == ["castle", "keep", "manor"]
    assert city(s, 1) == ["watchtower", "great_wall", "manor"]


def test_armory_in_own_completed_city_cannot_be_used() -> None:
    """§11 C1: the Armory of a completed city may not be sacrificed."""
    own_done = ("armory", "temple", "tavern", "prison", "castle", "church", "watchtower")
    s = make_state(
        options(4, uniques=("armory",)),
        [Seat(gold=9, city=own_done, characters=("warlord",)), Seat(city=("manor",)), Seat(), Seat()],
        start_rank=8,
        end_triggered=True,
        first_completer=0,
    )
    assert codes(s, mv.Armory(1, "manor")) == ["CITADELS_PROTECTED"]


def test_factory_discounts_other_unique_districts() -> None:
    """§7 Factory: 1 gold less for another unique district (Thieves' Den included), not basic."""

    def state(g: int) -> State:
        return make_state(
            options(4),
            [
                Seat(gold=g, hand=("thieves_den", "palace"), city=("factory",), characters=("architect",)),
                Seat(),
                Seat(),
                Seat(),
            ],
            start_rank=7,
        )

    s = play(state(2), mv.GatherGold())
    assert codes(s, mv.Build("palace")) == ["CITADELS_NOT_ENOUGH_GOLD"]  # 5 > 4: no discount
    assert codes(s, mv.Build("thieves_den")) == ["CITADELS_NOT_ENOUGH_GOLD"]  # 6 − 1 > 4
    s = play(state(3), mv.GatherGold())
    s = play(s, mv.Build("thieves_den"))  # 6 − 1 = 5
    assert gold(s, 0) == 0


def test_secret_vault_is_never_built_and_scores_from_hand() -> None:
    s = make_state(
        options(4, uniques=("secret_vault", "map_room")),
        [
            Seat(gold=9, hand=("secret_vault", "manor"), city=("map_room",), characters=("king",)),
            Seat(),
            Seat(),
            Seat(),
        ],
        start_rank=4,
    )
    s = play(s, mv.GatherGold())
    assert codes(s, mv.Build("secret_vault")) == ["CITADELS_UNBUILDABLE"]
    over = make_state(
        options(4, uniques=("secret_vault", "map_room")),
        [Seat(hand=("secret_vault", "manor"), city=("map_room",)), Seat(), Seat(), Seat()],
        phase="over",
    )
    assert score_of(over, 0) == {"Districts": 5, "Map Room": 2, "Secret Vault": 3, "total": 10}


def test_wizard_immediate_build_is_extra_and_allows_duplicates() -> None:
    s = make_state(
        options(4, cast_with(r3="wizard")),
        [
            Seat(gold=10, hand=("temple",), city=("manor",), characters=("wizard",)),
            Seat(gold=0, hand=("manor", "castle")),
            Seat(),
            Seat(),
        ],
        start_rank=3,
    )
    s = play_all(s, mv.GatherGold(), mv.WizardLook(1))
    assert kind(s) == "wizard_choice"
    assert codes(s, mv.WizardTake("temple")) == ["CITADELS_CARD_NOT_IN_HAND"], "only a card of the target's hand"
    assert codes(s, mv.WizardTake("castle", False, "thieves_den")) == ["CITADELS_BAD_PAYMENT"]
    s = play(s, mv.WizardTake("manor", build=True))
    assert city(s, 0) == ["manor", "manor"]
    assert hand(s, 1) == ("castle",)
    assert turn(s).builds == 0
    s = play(s, mv.Build("temple"))
    assert turn(s).builds == 1
    assert gold(s, 0) == 12 - 3 - 1
    assert codes(s, mv.WizardLook(1)) == ["CITADELS_ABILITY_USED"]


def test_artist_beautifies_at_most_two_districts() -> None:
    s = make_state(
        options(4, cast_with(r9="artist")),
        [Seat(gold=3, city=("prison", "temple", "manor"), characters=("artist",)), Seat(), Seat(), Seat()],
        start_rank=9,
    )
    s = play_all(s, mv.GatherGold(), mv.Beautify("prison"))
    assert codes(s, mv.Beautify("prison")) == ["CITADELS_NO_SUCH_DISTRICT"]
    s = play(s, mv.Beautify("temple"))
    assert codes(s, mv.Beautify("manor")) == ["CITADELS_ABILITY_USED"]
    assert gold(s, 0) == 5 - 2
    assert [b.beautified for b in s.players[0].city] == [True, True, False]
    assert score_of(s, 0)["Districts"] == 3 + 2 + 3


def test_scholar_draws_seven_keeps_one() -> None:
    s = make_state(
        options(4, cast_with(r7="scholar")),
        [Seat(gold=10, hand=("manor", "castle", "palace"), characters=("scholar",)), Seat(), Seat(), Seat()],
        start_rank=7,
        deck_bottom=("temple",),
    )
    s = play_all(s, mv.GatherGold(), mv.ScholarDraw())
    s = chance_cards(s, "tavern", "market", "docks", "harbor", "prison", "barracks", "church")
    assert kind(s) == "keep_drawn"
    s = play(s, mv.Keep("harbor"))
    assert "harbor" in hand(s, 0)
    assert s.deck_bottom == ()  # the whole deck is reshuffled
    assert len(s.deck) == 68 - 3 - 1  # all but the hand (3) and the kept Harbor
    s = play_all(s, mv.Build("manor"), mv.Build("castle"))
    assert codes(s, mv.Build("palace")) == ["CITADELS_BUILD_LIMIT"]


def test_cardinal_loan_combines_with_thieves_den_cards() -> None:
    """§5.3 ("any of the gold-paying forms may add CardinalLoan") and §6 Cardinal ("cards in
    hand other than the district being built and other than Thieves' Den payment cards"): the
    Thieves' Den, paid partly in cards, may take its missing gold as a Cardinal loan."""
    s = make_state(
        options(4, CARDINAL_CAST),
        [
            Seat(
                gold=0,
                hand=("thieves_den", "tavern", "temple", "manor", "castle", "watchtower"),
                characters=("cardinal",),
            ),
            Seat(gold=5),
            Seat(),
            Seat(),
        ],
        start_rank=5,
    )
    s = play(s, mv.GatherCards())
    s = chance_cards(s, "market", "market")
    s = play(s, mv.Keep("market"))
    assert gold(s, 0) == 0
    # Stash 0: 2 cards to the Den, then the 4 missing gold borrowed against 4 other cards.
    s = play(s, mv.Build("thieves_den", "thieves_den"))
    s = play(s, mv.Give("tavern"))
    s = play(s, mv.Give("temple"))
    assert "CITADELS_NOT_ENOUGH_GOLD" in codes(s, mv.Done())
    assert "CITADELS_NOT_ENOUGH_GOLD" in codes(s, mv.Done(lender=2))  # seat 2 has no gold
    s = play(s, mv.Done(lender=1))
    assert "thieves_den" in [b.card for b in s.players[0].city]
    assert (gold(s, 0), gold(s, 1)) == (0, 1)
    for card in ("manor", "castle", "watchtower", "market"):
        s = play(s, mv.Give(card))
    assert len(hand(s, 1)) == 4 and hand(s, 0) == ()
    assert s.deck_bottom[-2:] == ("tavern", "temple")


def test_setup_deal_and_configuration_limits() -> None:
    """§3.2: 4 cards and 2 gold each, the crown to the first crowned seat, a 68-card deck;
    §3.3 / R-3.1.2–R-3.1.4: illegal configurations are refused."""
    opts = options(5, first_crowned_seat=3)
    s = ENGINE.new_game(opts, 7)
    assert [len(p.hand) for p in s.players] == [4] * 5
    assert [p.gold for p in s.players] == [2] * 5
    assert s.crown == 3
    assert len(s.deck) + len(s.deck_bottom) == 68 - 20
    assert s.tax_token == 0
    bad: list[tuple[int, Sequence[str]]] = [
        (8, FIRST_GAME_CAST),  # 8 players need 9 characters
        (3, FIRST_GAME_CAST),  # 3 players need 9 characters
        (2, cast_with(r9="artist")),  # 2 players: no rank 9
        (4, cast_with(r9="queen")),  # the Queen needs 5 players
        (2, cast_with(r4="emperor")),  # no Emperor with 2 players
    ]
    for players, cast in bad:
        with pytest.raises(StateInvalid):
            options(players, cast)


# ---- the options (§3.3, §10.3 V5/V6): values and refusals ------------------------------------------

#: Refused option sets: players, overrides, the message with its numbers, the field at fault.
REFUSED_OPTIONS: list[tuple[int, dict[str, Any], str, str]] = [
    (9, {}, "Citadels is for 2 to 8 players, not 9.", "players"),
    (1, {}, "Citadels is for 2 to 8 players, not 1.", "players"),
    (4, {"bogus": 1, "zany": 2}, "Unknown Citadels options: bogus, zany.", "options"),
    (
        4,
        {"build_requires_gather": "maybe"},
        "Option build_requires_gather takes true or false, not 'maybe'.",
        "options.build_requires_gather",
    ),
    (
        3,
        {"preset": "ambitious_aristocrats"},
        "With 3 players a rank-9 character is required; set rank9.",
        "options.rank9",
    ),
    (2, {"rank9": "artist"}, "With 2 players no rank-9 character is used.", "options.rank9"),
    (4, {"rank9": "queen"}, "Queen needs at least 5 players (use Artist or Tax Collector).", "options.cast"),
    (4, {"cast": ",".join((*FIRST_GAME_CAST[:7], "nobody"))}, "Unknown characters: nobody.", "options.cast"),
    (
        4,
        {"cast": ",".join((FIRST_GAME_CAST[1], FIRST_GAME_CAST[0], *FIRST_GAME_CAST[2:]))},
        "The cast needs one character of each rank 1 to 8, in rank order, then an optional rank 9.",
        "options.cast",
    ),
    (4, {"first_crowned_seat": 4}, "first_crowned_seat must be 0..3.", "options.first_crowned_seat"),
    (
        4,
        {"uniques": ",".join((*CONTENT.preset["first_game"].uniques[:13], CONTENT.preset["first_game"].uniques[0]))},
        "Choose exactly 14 different unique districts, not 14.",
        "options.uniques",
    ),
    (
        4,
        {"uniques": ",".join(CONTENT.preset["first_game"].uniques[:13])},
        "Choose exactly 14 different unique districts, not 13.",
        "options.uniques",
    ),
]


@pytest.mark.parametrize(("players", "overrides", "message", "field"), REFUSED_OPTIONS)
def test_option_refusals_name_the_numbers_and_the_field(
    players: int, overrides: dict[str, Any], message: str, field: str
) -> None:
    """R-1.1 (2–8 players), R-3.1.2 (rank 9), §10.3 V5/V6: each refusal says what is wrong and where."""
    with pytest.raises(StateInvalid) as caught:
        ENGINE.make_options(players, overrides)
    assert (str(caught.value), caught.value.field) == (message, field)


@pytest.mark.parametrize(
    ("players", "overrides", "rank9"),
    [
        (3, {}, "artist"),  # §11 B25: the first game adds the Artist with 3 players
        (3, {"first_game_rank9": "tax_collector"}, "tax_collector"),
        (8, {}, "artist"),
        (8, {"preset": "cunning_agents"}, "tax_collector"),  # the preset's own rank 9
        (8, {"preset": "ambitious_aristocrats"}, "queen"),
        (4, {"preset": "ambitious_aristocrats"}, ""),  # optional with 4–7 players: opt in with rank9
        (5, {"rank9": "queen"}, "queen"),
    ],
)
def test_rank9_from_the_preset(players: int, overrides: dict[str, Any], rank9: str) -> None:
    """R-3.1.2: rank 9 is required with 3 and 8 players (from the preset, or the first game's
    choice), optional with 4–7."""
    opts = ENGINE.make_options(players, overrides)
    assert opts.players == players
    assert opts.cast[8:] == ((rank9,) if rank9 else ())
    assert len(opts.uniques) == 14


def test_the_player_counts_the_service_reports() -> None:
    """R-1.1: 2 to 8 players, as ``ListGames`` reports them."""
    assert (ENGINE.info.min_players, ENGINE.info.max_players) == (2, 8)


def test_describe_lists_the_content() -> None:
    """The client-facing catalogue: every character, district and preset, and the table's limits."""
    described = ENGINE.describe()
    assert [c["id"] for c in described["characters"]] == [c.id for c in CONTENT.characters]
    assert [d["id"] for d in described["districts"]] == [d.id for d in CONTENT.districts]
    assert [p["id"] for p in described["presets"]] == list(CONTENT.preset)
    assert described["limits"]["bank_gold"] == CONTENT.limits.bank_gold == 1_000_000


def test_new_game_checks_the_options_it_is_given() -> None:
    """§10.3 V5: options built by hand are checked before the deal."""
    opts = replace(ENGINE.make_options(4, {}), first_crowned_seat=7)
    with pytest.raises(StateInvalid) as caught:
        ENGINE.new_game(opts, 1)
    assert (str(caught.value), caught.value.field) == ("first_crowned_seat must be 0..3.", "options.first_crowned_seat")
