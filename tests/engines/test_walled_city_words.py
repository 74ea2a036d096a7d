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
from engines.walled_city.state import State
from engines.walled_city.words import MENU_LIMIT
from tests.engines.walled_city_helpers import Prefs, act, at_build, run, scripted


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
        options = ENGINE.make_options(players, {"board": board_side, "guild_deck": "mixed"})
        s = ENGINE.new_game(options, None if external else rng.randrange(1 << 30))
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
    assert [v.message for v in wall] == ["Round 1 settles on both sides of the road (settle), not next to a wall."]
