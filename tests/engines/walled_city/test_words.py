"""The Walled City in words (issue 9): every menu of every decision holds at most 25 choices, labels name
what a player sees, the public log hides hidden cards, and each wrong settlement says what is wrong."""

from __future__ import annotations

import random
from collections import defaultdict

import pytest
from msgspec.structs import replace

from engines.core.engine import CHANCE
from engines.walled_city import moves as mv
from engines.walled_city.engine import ENGINE
from engines.walled_city.state import State, Turn
from engines.walled_city.words import MENU_LIMIT
from tests.engines.setups import new_state
from tests.engines.walled_city.helpers import Prefs, act, at_build, run, scripted


def menu_sizes(s: State) -> dict[tuple[str, ...], int]:
    """Every menu of the pending decision (the path prefix leading to it) and its number of choices."""
    menus: dict[tuple[str, ...], set[str]] = defaultdict(set)
    for lab in ENGINE.labels(s, ENGINE.legal_moves(s)):
        steps = [t.english for t in lab.path]
        for k, step in enumerate(steps):
            menus[tuple(steps[:k])].add(step)
    return {prefix: len(choices) for prefix, choices in menus.items()}


@pytest.mark.parametrize("external", [False, True], ids=["seeded", "external"])
@pytest.mark.parametrize("board_side", ["londonderry", "borderlands"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_menu_offers_at_most_25_choices(players: int, board_side: str, external: bool) -> None:
    rng = random.Random(players * 10 + len(board_side))
    largest = 0
    for _game in range(2):
        seed = None if external else rng.randrange(1 << 30)
        s = new_state(ENGINE, players, seed=seed, board=board_side, guild_deck="mixed")
        while legal := ENGINE.legal_moves(s):
            sizes = menu_sizes(s)
            assert max(sizes.values()) <= MENU_LIMIT, (ENGINE.pending(s).kind, max(sizes.items(), key=lambda x: x[1]))
            largest = max(largest, max(sizes.values()))
            s = ENGINE.apply(s, rng.choice(legal))
    assert largest > 15  # the big decisions (roads: 11 cards x 24 paths) were split, not avoided


def first_builder() -> State:
    return run(scripted(3), Prefs(paths=("p24",)), until=at_build(1))


def test_build_and_settle_labels_name_cards_paths_and_areas() -> None:
    s = first_builder()
    seat = ENGINE.pending(s).seats[0]
    road = ENGINE.labels(s, [mv.Move(seat, mv.BuildRoad("p01", 3, 1))])[0]
    assert road.label.english == "Build a road on p01 with card 3/1"
    assert [t.english for t in road.path] == ["Build a road", "Card 3/1", "p01"]
    s = act(s, mv.BuildRoad("p01", 3, 1))
    settle = ENGINE.labels(s, [mv.Move(seat, mv.Settle(3, "A11", 3, 1, "A12", 1, 0))])[0]
    assert settle.label.english == "Settle 3 on A11 (1 noble and 2 peasants) and 1 on A12 (1 peasant)"
    assert settle.path[1].english == "3 toward A11, 1 toward A12"


def test_the_public_log_hides_a_defence_card_and_the_private_line_names_it() -> None:
    s = first_builder()
    seat = ENGINE.pending(s).seats[0]
    s = replace(s, phase="defence", turn=None, order=(seat,), index=0, round=2)
    card = s.seats[seat].hand[0]
    move = mv.Move(seat, mv.PlaceDefenceCard("Z1", card.a, card.b, card.a))
    other = mv.Move(seat, mv.PlaceDefenceCard("Z1", card.b, card.a, card.b))
    entry = ENGINE.log(s, move, s)
    assert entry.public_line == ENGINE.log(s, other, s).public_line
    assert entry.public_line.english == f"Seat {seat} placed a defence card face down in Z1"
    assert entry.private_line is not None and f"{card.a}/{card.b}" in entry.private_line.english


def test_the_defence_only_deal_is_logged_face_down() -> None:
    s = scripted(3, "borderlands", cards=())
    entry = ENGINE.log(s, mv.Move(CHANCE, mv.ChanceCard(4, 0)), s)
    assert "4" not in entry.public_line.english and entry.private_line is None


@pytest.mark.parametrize(
    ("settle", "reason"),
    [
        (mv.Settle(4, "A11", 4, 0, "A12", 0, 0), "4 is not a number on the card played (3/2)."),
        (
            mv.Settle(3, "A11", 5, 0, "A12", 0, 0),
            "Both numbers on one side: the A11 side of p01 gets the 3, so at most 3 citizens, not 5.",
        ),
        (mv.Settle(3, "A11", 3, 0, "A22", 2, 0), "A22 is not beside the road p01 on that side (A12)."),
        (mv.Settle(3, "A11", 2, 0, "A12", 2, 0), "Settle 5 citizens in all, not 4."),
        (mv.Settle(3, "A11", 3, 4, "A12", 2, 0), "4 nobles cannot be among 3 citizens."),
    ],
)
def test_each_wrong_settlement_says_what_is_wrong(settle: mv.Settle, reason: str) -> None:
    s = act(first_builder(), mv.BuildRoad("p01", 3, 2))
    violations = ENGINE.validate(s, mv.Move(ENGINE.pending(s).seats[0], settle))
    assert [(v.code, v.message) for v in violations] == [("WALLED_CITY_BAD_SETTLE", reason)]


def test_settling_more_than_the_reserve_names_the_reserve() -> None:
    s = act(first_builder(), mv.BuildRoad("p01", 3, 2))
    seat = ENGINE.pending(s).seats[0]
    s = replace(s, seats=tuple(replace(p, nobles=1) if i == seat else p for i, p in enumerate(s.seats)))
    violations = ENGINE.validate(s, mv.Move(seat, mv.Settle(3, "A11", 3, 2, "A12", 2, 0)))
    assert [v.message for v in violations] == ["More than the reserve: 2 nobles settled, your reserve has 1."]
    wall = ENGINE.validate(s, mv.Move(seat, mv.SettleWall(3, 0, 3)))
    assert [v.message for v in wall] == ["Round 1 settles on both sides of the road, not next to a wall."]


# ---- words for players (issue #23): prompts without a speaker, no zero offered, chance in the past tense ----


def _label(s: State, action: object) -> str:
    move = mv.Move(ENGINE.pending(s).seats[0], action)
    assert move in ENGINE.legal_moves(s), move
    return ENGINE.labels(s, [move])[0].label.english


def _logged(s: State, action: object) -> str:
    move = mv.Move(ENGINE.pending(s).seats[0], action)
    return ENGINE.log(s, move, ENGINE.apply(s, move)).public_line.english


def test_a_card_number_0_is_worded_as_nothing_on_that_side() -> None:
    """§5.3 step 2: the side given a card's 0 gets nobody; the label says so in words (never ``0 on A11``),
    and names the side that gets citizens first; the log line says the same."""
    s = act(first_builder(), mv.BuildRoad("p01", 4, 0))
    settle = mv.Settle(0, "A11", 0, 0, "A12", 4, 1)
    labelled = ENGINE.labels(s, [mv.Move(ENGINE.pending(s).seats[0], settle)])[0]
    assert labelled.label.english == "Settle 4 on A12 (1 noble and 3 peasants) and nothing toward A11"
    assert labelled.path[1].english == "nothing toward A11, 4 toward A12"
    seat = ENGINE.pending(s).seats[0]
    assert _logged(s, settle) == f"Seat {seat} settled 4 on A12 (1 noble and 3 peasants) and nothing toward A11"


def test_a_defence_card_number_0_is_worded_as_nothing_toward_that_tower() -> None:
    s = first_builder()
    seat = ENGINE.pending(s).seats[0]
    s = replace(s, phase="defence", turn=None, order=(seat,), index=0)
    assert ENGINE.pending(s).prompt == "Place a card face down in a defence zone"
    assert _label(s, mv.PlaceDefenceCard("Z1", 4, 0, 0)) == "Place card 4/0 in Z1: nothing toward T1, 4 toward T2"
    assert _label(s, mv.PlaceDefenceCard("Z1", 4, 0, 4)) == "Place card 4/0 in Z1: 4 toward T1, nothing toward T2"


def test_settling_the_0_half_next_to_a_wall_says_nothing_settled_and_the_other_half_nobody_promoted() -> None:
    """§5.4: with a 4/0 card, settling the 0 settles nothing and promotes up to 4; settling the 4 promotes
    nobody. Both are choices, worded without a quantity of zero."""
    s = run(scripted(3), Prefs(cards={0: [(4, 0)], 1: [(4, 0)], 2: [(4, 0)]}), until=at_build(2))
    seat = ENGINE.pending(s).seats[0]
    card = next((c.a, c.b) for c in s.seats[seat].hand if 0 in (c.a, c.b))
    s = act(s, mv.BuildWall("g24e", *card))
    high = max(card)
    assert _label(s, mv.SettleWall(0, 0, 0)) == f"Settle nothing on A24, promote up to {high}"
    reserve = s.seats[seat]
    nobles = min(high, reserve.nobles)
    move = mv.SettleWall(high, nobles, high - nobles)
    assert _label(s, move).endswith(", promote nobody")
    assert _logged(s, move).endswith(", keeping none to promote")


def test_setup_chance_is_asked_in_words_and_logged_in_the_past_tense() -> None:
    s = new_state(ENGINE, 2)
    assert ENGINE.pending(s).prompt == "Choose the start player at random"
    assert _label(s, mv.ChanceSeat(1)) == "Start player: Seat 1"
    assert _logged(s, mv.ChanceSeat(1)) == "Chance chose Seat 1 as the start player"
    s = ENGINE.apply(s, mv.Move(CHANCE, mv.ChanceSeat(1)))
    assert ENGINE.pending(s).prompt.startswith("Roll a faction die for the next die spot, on ")
    line = _logged(s, mv.ChanceDie("blue", 2))
    assert line.startswith("Chance rolled a blue die showing 2 on ")


def test_score_categories_name_places_as_the_board_does() -> None:
    from engines.walled_city.engine import category_words

    assert category_words("round 1 district A11").english == "Round 1: district A11"
    assert category_words("round 1 district A33+A43").english == "Round 1: district of A33 and A43"
    assert category_words("round 2 faction blue").english == "Round 2: blue faction"
    assert category_words("round 2 tower T3").english == "Round 2: tower T3"
    assert category_words("round 1 guild grocers").english == "Round 1: guild copied by the Grocers"
    assert category_words("round 2 guild bakers").english == "Round 2: Bakers"


def test_a_short_reserve_settles_what_it_holds_and_the_line_says_so() -> None:
    """A-6: with fewer citizens in reserve than the card's numbers, as many as the reserve holds are placed; the
    label and the log line say what was placed, not the card's number (a line tells what happened)."""
    s = act(first_builder(), mv.BuildRoad("p01", 3, 2))
    seat = ENGINE.pending(s).seats[0]
    s = replace(s, seats=tuple(replace(p, nobles=0, peasants=2) if i == seat else p for i, p in enumerate(s.seats)))
    settle = mv.Settle(3, "A11", 2, 0, "A12", 0, 0)
    words = (
        "2 peasants on A11 (the card's 3; the reserve is short) and nobody on A12 (the card's 2; the reserve is short)"
    )
    assert _label(s, settle) == f"Settle {words}"
    assert _logged(s, settle) == f"Seat {seat} settled {words}"


def test_the_promotion_prompt_counts_the_nobles_left() -> None:
    """§5.4 step 3: the builder may promote up to the other number of the card, one noble a decision; the
    prompt says how many are left, "more" once one is promoted."""
    s = new_state(ENGINE, 2, seed=1)
    row = ENGINE.table.stages["build.promote"]
    first = replace(s, turn=Turn(seat=0, step="promote", promote_left=2, promoted=0))
    later = replace(s, turn=Turn(seat=0, step="promote", promote_left=1, promoted=1))
    assert row.words(first, 0).english == "Promote up to 2 nobles into the towers next to your wall, or stop"
    assert row.words(later, 0).english == "Promote up to 1 more noble into the towers next to your wall, or stop"
