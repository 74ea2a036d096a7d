"""Value tests: each rule's outcome in numbers (points, gold, cards, who gets what), so that a
broken rule fails an assertion rather than a crash (issue 10, the Citadels gaps).

Scoring (§8.1, §8.2, §7 unique districts as engines/citadels/scoring.py defines them), the
Magician's redraw (§6 Magician, §11 B3), the non-default §11 A5, B10 and B11 option branches, and
the character abilities that had no value test yet (Architect, Abbot, Magician's swap, Warlord's
price)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from engines.citadels import ENGINE
from engines.citadels import moves as mv
from engines.citadels.content import CONTENT
from engines.citadels.state import Built, Options, State
from engines.core.errors import Violation
from tests.engines.citadels.helpers import (
    FIRST_GAME_CAST,
    Round,
    Seat,
    cast_with,
    chance_cards,
    city,
    codes,
    gold,
    hand,
    kind,
    make_state,
    options,
    pending_seat,
    play,
    play_all,
    score_of,
    turn,
)
from tests.engines.setups import new_state


def final(
    city_: Sequence[str | Built],
    *,
    uniques: Sequence[str] = (),
    gold_: int = 0,
    hand_: Sequence[str] = (),
    crown: int = 0,
) -> State:
    """A finished 4-player game where seat 0 holds ``city_``, ``gold_`` and ``hand_``."""
    wanted = [*uniques, *(b if isinstance(b, str) else b.card for b in city_), *hand_]
    opts = options(4, uniques=[u for u in dict.fromkeys(wanted) if u in CONTENT.unique_ids])
    return make_state(
        opts,
        [Seat(gold=gold_, hand=tuple(hand_), city=tuple(city_)), Seat(), Seat(), Seat()],
        crown=crown,
        phase="over",
    )


# =============================================================================================
# §7 unique districts that score (scoring.unique_bonuses, best_entries)
# =============================================================================================


def test_basilica_one_point_per_odd_cost_district() -> None:
    """Basilica (4): manor 3 and temple 1 are odd, church 2 and the Basilica itself are even."""
    s = final(("basilica", "manor", "temple", "church"))
    assert score_of(s, 0) == {"Districts": 10, "Basilica": 2, "total": 12}


def test_basilica_counts_no_even_cost_district() -> None:
    """Boundary: only even costs → 0 points; a beautified church (2 + 1 = 3) becomes odd."""
    s = final(("basilica", "church", "castle", "market"))
    assert score_of(s, 0) == {"Districts": 12, "Basilica": 0, "total": 12}
    s = final(("basilica", Built("church", beautified=True), "castle", "market"))
    assert score_of(s, 0) == {"Districts": 13, "Basilica": 1, "total": 14}


def test_capitol_three_points_with_three_of_one_type() -> None:
    s = final(("capitol", "manor", "castle", "palace"))
    assert score_of(s, 0) == {"Districts": 17, "Capitol": 3, "total": 20}


def test_capitol_nothing_with_only_two_of_a_type() -> None:
    s = final(("capitol", "manor", "castle", "temple"))
    assert score_of(s, 0) == {"Districts": 13, "total": 13}


def test_capitol_counts_unique_districts_as_a_type() -> None:
    """The unique type counts too (the code's TYPES include ``unique``): Capitol + 2 uniques."""
    s = final(("capitol", "statue", "keep", "manor"), crown=1)
    assert score_of(s, 0) == {"Districts": 14, "Capitol": 3, "total": 17}


def test_capitol_with_haunted_quarter_as_the_third_of_a_type() -> None:
    """§8.2: the Haunted Quarter (2) counted as noble makes three nobles for the Capitol."""
    s = final(("capitol", "manor", "castle", "haunted_quarter"))
    assert score_of(s, 0) == {"Districts": 14, "Capitol": 3, "Haunted Quarter": 0, "total": 17}


def test_dragon_gate_two_extra_points() -> None:
    s = final(("dragon_gate", "manor"))
    assert score_of(s, 0) == {"Districts": 9, "Dragon Gate": 2, "total": 11}
    s = final(("manor", "palace"), uniques=("dragon_gate",))
    assert score_of(s, 0) == {"Districts": 8, "total": 8}


def test_imperial_treasury_one_point_per_gold() -> None:
    s = final(("imperial_treasury", "manor"), gold_=7)
    assert score_of(s, 0) == {"Districts": 8, "Imperial Treasury": 7, "total": 15}
    s = final(("imperial_treasury", "manor"), gold_=0)
    assert score_of(s, 0) == {"Districts": 8, "Imperial Treasury": 0, "total": 8}


def test_gold_scores_nothing_without_imperial_treasury() -> None:
    s = final(("manor",), gold_=7, uniques=("imperial_treasury",))
    assert score_of(s, 0) == {"Districts": 3, "total": 3}


def test_ivory_tower_five_points_when_the_only_unique() -> None:
    s = final(("ivory_tower", "manor", "temple"))
    assert score_of(s, 0) == {"Districts": 9, "Ivory Tower": 5, "total": 14}


def test_ivory_tower_nothing_with_another_unique() -> None:
    s = final(("ivory_tower", "keep", "manor"))
    assert score_of(s, 0) == {"Districts": 11, "total": 11}


def test_ivory_tower_haunted_quarter_counted_as_another_type() -> None:
    """§8.2: counting the Haunted Quarter as noble keeps the Ivory Tower the only unique."""
    s = final(("ivory_tower", "haunted_quarter", "manor"))
    assert score_of(s, 0) == {"Districts": 10, "Ivory Tower": 5, "Haunted Quarter": 0, "total": 15}


def test_map_room_one_point_per_card_in_hand() -> None:
    s = final(("map_room",), hand_=("manor", "temple", "tavern"))
    assert score_of(s, 0) == {"Districts": 5, "Map Room": 3, "total": 8}
    s = final(("map_room",))
    assert score_of(s, 0) == {"Districts": 5, "Map Room": 0, "total": 5}


def test_hand_scores_nothing_without_map_room() -> None:
    s = final(("manor",), hand_=("temple", "tavern"), uniques=("map_room",))
    assert score_of(s, 0) == {"Districts": 3, "total": 3}


def test_museum_one_point_per_card_under_it() -> None:
    s = final((Built("museum", museum=("manor", "temple")), "castle"))
    assert score_of(s, 0) == {"Districts": 8, "Museum": 2, "total": 10}
    s = final(("museum", "castle"))
    assert score_of(s, 0) == {"Districts": 8, "total": 8}


def test_secret_vault_three_points_in_hand_only() -> None:
    s = final(("manor",), hand_=("secret_vault",))
    assert score_of(s, 0) == {"Districts": 3, "Secret Vault": 3, "total": 6}
    other = make_state(
        options(4, uniques=("secret_vault",)),
        [Seat(city=("manor",)), Seat(hand=("secret_vault",)), Seat(), Seat()],
        phase="over",
    )
    assert score_of(other, 0) == {"Districts": 3, "total": 3}
    assert score_of(other, 1) == {"Districts": 0, "Secret Vault": 3, "total": 3}


def test_statue_five_points_with_the_crown() -> None:
    s = final(("statue", "manor"), crown=0)
    assert score_of(s, 0) == {"Districts": 6, "Statue": 5, "total": 11}
    s = final(("statue", "manor"), crown=2)
    assert score_of(s, 0) == {"Districts": 6, "total": 6}


def test_wishing_well_one_point_per_unique_itself_included() -> None:
    s = final(("wishing_well", "keep", "statue", "manor"), crown=1)
    assert score_of(s, 0) == {"Districts": 14, "Wishing Well": 3, "total": 17}
    s = final(("wishing_well", "manor", "temple"))
    assert score_of(s, 0) == {"Districts": 9, "Wishing Well": 1, "total": 10}


def test_haunted_quarter_completes_the_five_types() -> None:
    """§8.2: noble, religious, trade and unique present; the Haunted Quarter counts as military."""
    s = final(("haunted_quarter", "keep", "manor", "temple", "tavern"))
    assert score_of(s, 0) == {"Districts": 10, "One district of each type": 3, "Haunted Quarter": 0, "total": 13}


def test_haunted_quarter_fills_only_one_missing_type() -> None:
    """Boundary: military and trade both missing; one Haunted Quarter cannot cover two types."""
    s = final(("haunted_quarter", "keep", "manor", "temple"))
    assert score_of(s, 0) == {"Districts": 9, "Haunted Quarter": 0, "total": 9}


def test_haunted_quarter_prefers_all_types_over_wishing_well() -> None:
    """§8.2: as military it gives +3 (all types) and costs the Wishing Well 1 point: net +2."""
    s = final(("haunted_quarter", "wishing_well", "manor", "temple", "tavern"))
    assert score_of(s, 0) == {
        "Districts": 12,
        "One district of each type": 3,
        "Wishing Well": 1,
        "Haunted Quarter": 0,
        "total": 16,
    }


def test_all_types_needs_all_five() -> None:
    s = final(("keep", "manor", "temple", "tavern", "watchtower"))
    assert score_of(s, 0) == {"Districts": 9, "One district of each type": 3, "total": 12}
    s = final(("manor", "temple", "tavern", "watchtower"), uniques=("keep",))
    assert score_of(s, 0) == {"Districts": 6, "total": 6}


# =============================================================================================
# Magician (§6 Magician, §11 B3)
# =============================================================================================


def _magician(hand_: tuple[str, ...], cast: tuple[str, ...] = FIRST_GAME_CAST) -> State:
    s = make_state(
        options(4, cast),
        [Seat(gold=0, hand=hand_, characters=("magician",)), Seat(hand=("palace",)), Seat(), Seat()],
        start_rank=3,
    )
    return play(s, mv.GatherGold())


def test_magician_redraw_discards_k_and_draws_k() -> None:
    s = _magician(("manor", "temple", "tavern"))
    deck_before = len(s.deck) + len(s.deck_bottom)
    s = play(s, mv.MagicRedraw())
    assert kind(s) == "give_cards"
    s = play_all(s, mv.Give("manor"), mv.Give("temple"))
    assert hand(s, 0) == ("tavern",)
    assert s.deck_bottom == ("manor", "temple")
    s = play(s, mv.Done())
    s = chance_cards(s, "castle", "church")
    assert sorted(hand(s, 0)) == ["castle", "church", "tavern"]
    assert len(hand(s, 0)) == 3
    assert len(s.deck) + len(s.deck_bottom) == deck_before
    assert s.deck_bottom == ("manor", "temple")
    assert gold(s, 0) == 2
    assert hand(s, 1) == ("palace",)
    assert codes(s, mv.MagicRedraw()) == ["CITADELS_ABILITY_USED"]
    assert codes(s, mv.MagicSwap(1)) == ["CITADELS_ABILITY_USED"]


def test_magician_redraw_one_card() -> None:
    s = _magician(("manor", "temple"))
    s = play_all(s, mv.MagicRedraw(), mv.Give("temple"), mv.Done())
    s = chance_cards(s, "watchtower")
    assert sorted(hand(s, 0)) == ["manor", "watchtower"]
    assert s.deck_bottom == ("temple",)
    assert kind(s) != "give_cards"


def test_magician_redraw_whole_hand_draws_at_once() -> None:
    """Discarding the last card ends the discards: as many cards are drawn at once."""
    s = _magician(("manor", "temple"))
    s = play_all(s, mv.MagicRedraw(), mv.Give("manor"), mv.Give("temple"))
    assert hand(s, 0) == ()
    s = chance_cards(s, "castle", "church")
    assert sorted(hand(s, 0)) == ["castle", "church"]
    assert s.deck_bottom == ("manor", "temple")
    assert kind(s) != "give_cards"


def test_magician_redraw_needs_a_card() -> None:
    s = _magician(())
    assert codes(s, mv.MagicRedraw()) == ["CITADELS_NOT_ENOUGH_CARDS"]


def test_magician_swap_exchanges_whole_hands() -> None:
    s = _magician(("manor", "temple", "tavern"))
    s = play(s, mv.MagicSwap(1))
    assert hand(s, 0) == ("palace",)
    assert sorted(hand(s, 1)) == ["manor", "tavern", "temple"]
    assert codes(s, mv.MagicRedraw()) == ["CITADELS_ABILITY_USED"]


# =============================================================================================
# §11 A5: naming face-up discarded characters
# =============================================================================================


@pytest.mark.parametrize("allowed", [False, True])
def test_naming_faceup_discards(allowed: bool) -> None:
    opts = options(4, allow_naming_faceup_discards=allowed)
    s = make_state(
        opts,
        [Seat(characters=("assassin",)), Seat(characters=("king",)), Seat(), Seat()],
        rnd=Round(faceup=("bishop", "merchant")),
        start_rank=1,
    )
    if allowed:
        s = play(s, mv.Kill("bishop"))
        assert s.killed == "bishop"
    else:
        assert codes(s, mv.Kill("bishop")) == ["CITADELS_UNKNOWN_CHARACTER"]
        s = play(s, mv.Kill("warlord"))
        assert s.killed == "warlord"


# =============================================================================================
# §11 B10 and B11: the Great Wall's surcharge
# =============================================================================================


def _warlord(opts: Options, own_city: tuple[str, ...], other_city: tuple[str, ...], gold_: int = 9) -> State:
    return make_state(
        opts,
        [Seat(gold=gold_, city=own_city, characters=("warlord",)), Seat(gold=0, city=other_city), Seat(), Seat()],
        start_rank=8,
    )


def test_warlord_destroy_price_is_cost_minus_one() -> None:
    s = _warlord(options(4), (), ("castle", "temple"))
    assert codes(_warlord(options(4), (), ("castle",), gold_=2), mv.Destroy(1, "castle")) == [
        "CITADELS_NOT_ENOUGH_GOLD"
    ]
    out = play(s, mv.Destroy(1, "castle"))
    assert gold(out, 0) == 9 - 3
    assert gold(out, 1) == 0
    assert city(out, 1) == ["temple"]
    assert out.deck_bottom[-1] == "castle"
    out = play(s, mv.Destroy(1, "temple"))
    assert gold(out, 0) == 9
    assert city(out, 1) == ["castle"]


@pytest.mark.parametrize(("in_own_city", "price"), [(True, 3), (False, 2)])
def test_great_wall_surcharge_in_own_city(in_own_city: bool, price: int) -> None:
    """§11 B10: Manor (3) in the Warlord's own city with his Great Wall: 2, + 1 if the option holds."""
    opts = options(4, uniques=("great_wall",), great_wall_in_own_city=in_own_city)
    s = play(_warlord(opts, ("great_wall", "manor"), ("temple",)), mv.Destroy(0, "manor"))
    assert gold(s, 0) == 9 - price
    assert city(s, 0) == ["great_wall"]


@pytest.mark.parametrize(("to", "owner_gets"), [("bank", 0), ("owner", 1)])
def test_great_wall_surcharge_recipient(to: str, owner_gets: int) -> None:
    """§11 B11: destroying a Manor (3) behind a Great Wall costs 2 + 1; the +1 goes to ``to``."""
    opts = options(4, uniques=("great_wall",), great_wall_surcharge_to=to)
    s = play(_warlord(opts, (), ("great_wall", "manor")), mv.Destroy(1, "manor"))
    assert gold(s, 0) == 9 - 3
    assert gold(s, 1) == owner_gets
    assert city(s, 1) == ["great_wall"]


# =============================================================================================
# Character abilities without a value test elsewhere
# =============================================================================================


def test_architect_draws_exactly_two_more() -> None:
    s = make_state(
        options(4),
        [Seat(gold=0, hand=("manor",), characters=("architect",)), Seat(), Seat(), Seat()],
        start_rank=7,
    )
    s = play_all(s, mv.GatherGold(), mv.ArchitectDraw())
    s = chance_cards(s, "temple", "tavern")
    assert sorted(hand(s, 0)) == ["manor", "tavern", "temple"]
    assert gold(s, 0) == 2
    assert codes(s, mv.ArchitectDraw()) == ["CITADELS_ABILITY_USED"]


def test_abbot_charity_one_gold_from_the_richest() -> None:
    cast = cast_with(r5="abbot")
    s = make_state(
        options(4, cast),
        [Seat(gold=1, characters=("abbot",)), Seat(gold=5), Seat(gold=3), Seat(gold=5)],
        start_rank=5,
    )
    assert codes(s, mv.AbbotCharity(2)) == ["CITADELS_NOT_RICHEST"]
    s = play(s, mv.AbbotCharity(3))
    assert [gold(s, i) for i in range(4)] == [2, 5, 3, 4]
    assert codes(s, mv.AbbotCharity(1)) == ["CITADELS_ABILITY_USED"]
    assert turn(s).seat == 0


#: Income characters (§6, M-INCOME): rank, the district type counted, and the resource taken.
INCOME = {
    "king": (4, "manor", "castle", "gold"),
    "emperor": (4, "manor", "castle", "gold"),
    "patrician": (4, "manor", "castle", "cards"),
    "bishop": (5, "temple", "church", "gold"),
    "cardinal": (5, "temple", "church", "cards"),
    "merchant": (6, "tavern", "market", "gold"),
    "trader": (6, "tavern", "market", "gold"),
    "warlord": (8, "watchtower", "prison", "gold"),
    "diplomat": (8, "watchtower", "prison", "gold"),
    "marshal": (8, "watchtower", "prison", "gold"),
}


def _income_state(cid: str, with_school: bool) -> State:
    r, a, b, _ = INCOME[cid]
    extra = ("school_of_magic",) if with_school else ()
    return make_state(
        options(4, cast_with(**{f"r{r}": cid}), uniques=("school_of_magic",)),
        [Seat(gold=0, city=(a, b, "fortress" if r != 8 else "palace", *extra), characters=(cid,)), *[Seat()] * 3],
        start_rank=r,
    )


@pytest.mark.parametrize("with_school", [False, True])
@pytest.mark.parametrize("cid", sorted(INCOME))
def test_income_one_per_district_of_the_type(cid: str, with_school: bool) -> None:
    """Two districts of the character's type (+ the School of Magic) and one of another type."""
    k = 3 if with_school else 2
    s = _income_state(cid, with_school)
    if INCOME[cid][3] == "gold":
        assert codes(s, mv.Income(gold=k + 1)) == ["CITADELS_WRONG_INCOME"]
        assert codes(s, mv.Income(gold=k - 1)) == ["CITADELS_WRONG_INCOME"]
        s = play(s, mv.Income(gold=k))
        assert gold(s, 0) == k
    else:
        assert codes(s, mv.Income(cards=k + 1)) == ["CITADELS_WRONG_INCOME"]
        s = play(s, mv.Income(cards=k))
        s = chance_cards(s, *("tavern", "market", "docks")[:k])
        assert len(hand(s, 0)) == k
        assert gold(s, 0) == 0
    assert codes(s, mv.Income(gold=k)) == ["CITADELS_ABILITY_USED"]


def test_abbot_income_split_between_gold_and_cards() -> None:
    s = make_state(
        options(4, cast_with(r5="abbot")),
        [Seat(gold=0, city=("temple", "church", "monastery"), characters=("abbot",)), *[Seat()] * 3],
        start_rank=5,
    )
    out = play(s, mv.Income(gold=1, cards=2))
    out = chance_cards(out, "manor", "castle")
    assert gold(out, 0) == 1
    assert sorted(hand(out, 0)) == ["castle", "manor"]
    assert codes(s, mv.Income(gold=2, cards=2)) == ["CITADELS_WRONG_INCOME"]
    out = play(s, mv.Income(gold=3))
    assert gold(out, 0) == 3
    assert hand(out, 0) == ()


# ---- the score sheet's flags and tie-break (found by tools.mutation_testing on scoring.py) ----------------


def test_the_sheet_is_provisional_until_the_game_is_over_and_names_each_seats_highest_reveal() -> None:
    """§8.5: the tie-break is the highest rank a seat revealed in the last round; with 2 players a seat
    reveals two characters, and the sheet names the higher one whichever was revealed first."""
    from engines.citadels.common import rank
    from engines.citadels.scoring import tiebreak
    from engines.core.playout import random_playout
    from engines.core.rng import Rng

    start = new_state(ENGINE, 2, seed=11)
    assert ENGINE.score(start).final is False
    final, _ = random_playout(ENGINE, start, Rng.seeded(11))
    assert ENGINE.score(final).final is True
    checked = 0
    for seat in range(2):
        known = [r.character for r in final.revealed if r.seat == seat and r.character in CONTENT.character]
        if len(known) < 2:
            continue
        best = max(known, key=rank)
        value, why = tiebreak(final, seat)
        assert value == rank(best) and CONTENT.character[best].name_en in why.english, (known, why)
        checked += 1
    assert checked >= 1


# =============================================================================================
# Refusals with their numbers, district effects and option branches (found by tools.mutation_testing)
# =============================================================================================


def refusal(s: State, action: Any, seat: int | None = None) -> Violation:
    """The one violation of a refused move: its code, its message with the numbers and its field."""
    codes(s, action, seat)  # refused, and not among the legal moves
    found = ENGINE.validate(s, mv.Move(pending_seat(s) if seat is None else seat, action))
    assert len(found) == 1, found
    refused = found[0]
    assert refused.message_text is not None and refused.message_text.english == refused.message
    return Violation(refused.code, refused.message, refused.field)


def _district_owner(city_: tuple[str | Built, ...], gold_: int = 0, hand_: tuple[str, ...] = ()) -> State:
    """Seat 0 (the King, 4 players) with ``city_``, ``gold_`` and ``hand_``, before gathering."""
    uniques = [b for b in city_ if isinstance(b, str) and b in CONTENT.unique_ids]
    return make_state(
        options(4, uniques=uniques),
        [Seat(gold=gold_, hand=hand_, city=city_, characters=("king",)), Seat(), Seat(), Seat()],
        start_rank=4,
    )


def test_smithy_pays_two_gold_for_exactly_three_cards_once_a_turn() -> None:
    """M-SMITHY: with exactly 2 gold the Smithy is used: 2 gold paid, 3 cards drawn, and not again
    this turn; with 1 gold, or without a Smithy, it is refused."""
    s = play(_district_owner(("smithy",)), mv.GatherGold())
    assert gold(s, 0) == 2
    s = play(s, mv.Smithy())
    assert gold(s, 0) == 0
    s = chance_cards(s, "manor", "temple", "tavern")
    assert kind(s) == "turn"
    assert sorted(hand(s, 0)) == ["manor", "tavern", "temple"]
    assert refusal(s, mv.Smithy()) == Violation(
        "CITADELS_ABILITY_USED", "The Smithy was already used this turn.", "action"
    )
    poor = _district_owner(("smithy",), gold_=1)
    assert refusal(poor, mv.Smithy()) == Violation(
        "CITADELS_NOT_ENOUGH_GOLD", "The Smithy costs 2 gold; you have 1.", "action"
    )
    none = _district_owner(("manor",), gold_=5)
    assert refusal(none, mv.Smithy()) == Violation(
        "CITADELS_NO_DISTRICT_EFFECT", "You have no Smithy in your city.", "action"
    )


def test_laboratory_discards_a_card_from_hand_for_two_gold() -> None:
    """M-LABORATORY: a card of the hand goes under the deck for 2 gold, once a turn; a card that is
    not in the hand is refused by its name (an unknown id by the id itself)."""
    s = _district_owner(("laboratory",), gold_=1, hand_=("manor", "temple"))
    assert refusal(s, mv.Laboratory("castle")) == Violation(
        "CITADELS_CARD_NOT_IN_HAND", "Castle is not in your hand.", "action.card"
    )
    assert refusal(s, mv.Laboratory("nonexistent")).message == "nonexistent is not in your hand."
    s = play(s, mv.Laboratory("manor"))
    assert gold(s, 0) == 1 + 2
    assert hand(s, 0) == ("temple",)
    assert s.deck_bottom == ("manor",)
    assert refusal(s, mv.Laboratory("temple")).code == "CITADELS_ABILITY_USED"


def test_museum_takes_a_card_from_hand_under_it() -> None:
    """M-MUSEUM: a card of the hand goes face down under the Museum; one not in hand is refused."""
    s = _district_owner(("museum",), hand_=("manor", "temple"))
    assert refusal(s, mv.Museum("castle")) == Violation(
        "CITADELS_CARD_NOT_IN_HAND", "Castle is not in your hand.", "action.card"
    )
    s = play(s, mv.Museum("temple"))
    assert s.players[0].city[0].museum == ("temple",)
    assert hand(s, 0) == ("manor",)
    assert refusal(s, mv.Museum("manor")).code == "CITADELS_ABILITY_USED"


def test_armory_reaches_seat_zero_and_no_seat_beyond_the_table() -> None:
    """M-ARMORY: the Armory of seat 1 destroys a district of seat 0 (both cards under the deck);
    seats -1 and 4 of a 4-player game do not exist."""
    s = make_state(
        options(4, uniques=("armory",)),
        [Seat(city=("manor", "temple")), Seat(city=("armory",), characters=("king",)), Seat(), Seat()],
        start_rank=4,
    )
    for seat in (-1, 4):
        assert refusal(s, mv.Armory(seat, "manor")) == Violation(
            "CITADELS_NO_SUCH_SEAT", f"Seat {seat} does not exist.", "action.target"
        )
    s = play(s, mv.Armory(0, "manor"))
    assert city(s, 0) == ["temple"] and city(s, 1) == []
    assert s.deck_bottom == ("armory", "manor")


def test_observatory_draws_three_to_keep_one() -> None:
    """§7 Observatory (M-GATHER-CARDS): gathering cards draws 3, not 2 (and not 4), then one is kept."""
    s = play(_district_owner(("observatory",)), mv.GatherCards())
    s = chance_cards(s, "manor", "temple", "tavern")
    assert kind(s) == "keep_drawn"
    assert sorted(turn(s).drawn) == ["manor", "tavern", "temple"]


@pytest.mark.parametrize(
    ("beautified", "to", "owner_gets"), [(True, "owner", 1), (True, "bank", 0), (False, "owner", 0)]
)
def test_artist_gold_on_a_destroyed_district(beautified: bool, to: str, owner_gets: int) -> None:
    """§11 B19: the Artist's gold on a destroyed district goes to its owner only under 'owner', and
    a district that was never beautified gives nothing."""
    opts = options(4, beautify_gold_on_destroy=to)
    s = play(_warlord(opts, (), (Built("manor", beautified=beautified), "temple")), mv.Destroy(1, "manor"))
    assert gold(s, 0) == 9 - (3 if beautified else 2)
    assert gold(s, 1) == owner_gets
    assert city(s, 1) == ["temple"]


def test_thief_cannot_rob_rank_one() -> None:
    """§6 Thief: the rank-1 character is out of his reach; rank 3 is not."""
    s = make_state(options(4), [Seat(characters=("thief",)), Seat(), Seat(), Seat()], start_rank=2)
    assert refusal(s, mv.Rob("assassin")) == Violation(
        "CITADELS_BAD_TARGET",
        "The Assassin cannot be robbed (rank 1 is out of the Thief's reach).",
        "action.character",
    )
    assert play(s, mv.Rob("magician")).robbed == "magician"


def test_emperor_recipient_with_one_gold_and_a_card_chooses() -> None:
    """§11 B6 'recipient': a recipient with 1 gold and a card chooses what he hands over."""
    s = make_state(
        options(4, cast_with(r4="emperor"), emperor_resource_chooser="recipient"),
        [Seat(gold=0, characters=("emperor",)), Seat(gold=1, hand=("manor",)), Seat(), Seat()],
        crown=2,
        start_rank=4,
    )
    s = play_all(s, mv.GatherGold(), mv.Emperor(1))
    assert kind(s) == "emperor_resource" and pending_seat(s) == 1
    s = play(s, mv.HandOver("gold"))
    assert (s.crown, gold(s, 0), gold(s, 1)) == (1, 3, 0)
    assert hand(s, 1) == ("manor",)


def test_cardinal_borrows_from_seat_zero() -> None:
    """§6 Cardinal, §11 B17: the Cardinal of seat 1 borrows his shortfall from seat 0."""
    s = make_state(
        options(4, cast_with(r5="cardinal")),
        [Seat(gold=5), Seat(gold=0, hand=("castle", "tavern", "temple"), characters=("cardinal",)), Seat(), Seat()],
        start_rank=5,
    )
    s = play_all(s, mv.GatherGold(), mv.Build("castle", lender=0), mv.Give("tavern"), mv.Give("temple"))
    assert city(s, 1) == ["castle"]
    assert (gold(s, 0), gold(s, 1)) == (5 - 2, 0)
    assert sorted(hand(s, 0)) == ["tavern", "temple"]


def test_cardinal_loan_for_the_thieves_den_counts_his_own_gold() -> None:
    """§6 Cardinal with the Thieves' Den (§7): 6 to pay, 2 paid in cards and 2 in his own gold, so he
    borrows 2 (not 6) and repays them with 2 cards."""
    s = make_state(
        options(4, cast_with(r5="cardinal"), uniques=("thieves_den",)),
        [
            Seat(gold=0, hand=("thieves_den", "tavern", "temple", "manor", "castle"), characters=("cardinal",)),
            Seat(gold=9),
            Seat(),
            Seat(),
        ],
        start_rank=5,
    )
    s = play_all(s, mv.GatherGold(), mv.Build("thieves_den", "thieves_den"), mv.Give("tavern"), mv.Give("temple"))
    s = play(s, mv.Done(lender=1))
    assert (gold(s, 0), gold(s, 1)) == (0, 9 - 2)
    assert kind(s) == "give_cards"
    s = play_all(s, mv.Give("manor"), mv.Give("castle"))
    assert kind(s) == "turn"
    assert city(s, 0) == ["thieves_den"]
    assert sorted(hand(s, 1)) == ["castle", "manor"]


def test_magician_redraw_refuses_done_before_a_discard() -> None:
    """§6 Magician: the redraw discards at least one card."""
    s = play(_magician(("manor", "temple")), mv.MagicRedraw())
    assert refusal(s, mv.Done()) == Violation(
        "CITADELS_NOT_ENOUGH_CARDS", "Discard at least 1 card to redraw.", "action"
    )


def _theater_choice(players: int) -> State:
    """The next selection after a round in which seat 0 has the Theater, up to its choice (R-4.2.7)."""
    cast = cast_with(r9="artist") if players == 3 else FIRST_GAME_CAST
    last = ("warlord", "artist") if players == 3 else ("warlord",)
    seats = [Seat(city=("theater",), characters=last), *[Seat() for _ in range(players - 1)]]
    s = make_state(options(players, cast, uniques=("theater",)), seats, start_rank=8)
    s = play_all(s, mv.GatherGold(), mv.EndTurn())
    while kind(s) != "theater_choice":
        s = ENGINE.apply(s, ENGINE.legal_moves(s)[0])
    return s


def test_theater_swaps_with_another_seat_of_the_table() -> None:
    """R-4.2.7, §7 Theater: 4 players swap their only characters (naming none to give); the target is
    an opponent at the table."""
    s = _theater_choice(4)
    mine, theirs = s.players[0].characters, s.players[3].characters
    for target in (0, 4, -1):
        assert refusal(s, mv.Theater(target)) == Violation(
            "CITADELS_NO_SUCH_SEAT", f"Seat {target} is not an opponent.", "action.target"
        )
    assert refusal(s, mv.Theater(3, mine[0])) == Violation(
        "CITADELS_NOT_OFFERED", "With 4 or more players you give your only character.", "action.give"
    )
    s = play(s, mv.Theater(3))
    assert (s.players[0].characters, s.players[3].characters) == (theirs, mine)


def test_theater_with_three_players_names_one_of_your_characters() -> None:
    """§7 Theater, 2–3 players: the character given must be one of your two."""
    s = _theater_choice(3)
    other = next(c for c in s.options.cast if c not in s.players[0].characters)
    assert refusal(s, mv.Theater(1, other)) == Violation(
        "CITADELS_NOT_OFFERED", "Name which of your two characters you give.", "action.give"
    )
    assert refusal(s, mv.Theater(1)).field == "action.give"


# ---- the small contracts the rules lean on -------------------------------------------------------


def test_city_lookups_answer_minus_one_for_what_is_not_there() -> None:
    """§0 conventions: ``find`` and ``nth`` name a city index, or -1 when there is no such district."""
    from engines.citadels.common import find, nth

    p = make_state(options(4), [Seat(city=("manor", "tavern", "manor")), Seat(), Seat(), Seat()]).players[0]
    assert (find(p, "tavern"), find(p, "castle")) == (1, -1)
    assert [nth(p, "manor", k) for k in (-1, 0, 1, 2)] == [-1, 0, 2, -1]
    assert nth(p, "castle", 0) == -1
    from engines.citadels.naming import copy_name

    assert (str(copy_name("temple", 0)), copy_name("temple", 1).english) == ("Temple", "Temple (copy 1)")


def test_an_unfinished_city_never_blocks_and_no_rank9_is_the_empty_id() -> None:
    """§11 B9: only a completed city protects its districts; R-3.1.2: 4–7 players have no rank 9 unless
    they opt in (the empty id, as the options carry it)."""
    from engines.citadels.setup import _rank9
    from engines.citadels.turn import completed_blocks

    s = make_state(options(4), [Seat(city=("manor",)), Seat(city=("tavern",)), Seat(), Seat()])
    assert completed_blocks(s, 0, 1) is False
    assert _rank9(5, {}, None, "first_game") == "" and _rank9(5, {"rank9": "none"}, None, "first_game") == ""


def test_gathering_is_never_gated() -> None:
    """G-threat, G-witch-hold, G-bewitched gate turn actions, never the gathering itself (§5.1): the gate
    answers no violation, as an empty list."""
    from engines.citadels.turn import gate

    s = make_state(options(4), [Seat(gold=2, characters=("king",)), Seat(), Seat(), Seat()], start_rank=4)
    assert s.turn is not None
    assert gate(s, "gather_gold") == [] and gate(s, "gather_cards") == []
