"""Two districts of one name in a city (built with the Quarry or the Wizard) are told apart: every
move that targets a built district names it by card id and ``copy`` (0 = the first of that name
in city order), so each copy is a target of its own, at its own price (docs/citadels.md).

Prices (§6, §7): the Warlord pays cost − 1, the Marshal pays the cost, the Diplomat the cost
difference; an Artist-beautified district costs 1 more."""

from __future__ import annotations

from typing import Any

import pytest
from msgspec.structs import replace

from engines.citadels import ENGINE
from engines.citadels import moves as mv
from engines.citadels.state import Built, State
from server.binding import GameBinding
from tests.engines.citadels.helpers import (
    FIRST_GAME_CAST,
    Seat,
    codes,
    gold,
    legal_actions,
    make_state,
    options,
    play,
)

PLAIN, FANCY = Built("temple"), Built("temple", beautified=True)
"""A Temple costs 1; beautified, 2."""


def cast_with(rank: int, cid: str) -> tuple[str, ...]:
    cast = list(FIRST_GAME_CAST)
    if rank == 9:
        return (*cast, cid)
    cast[rank - 1] = cid
    return tuple(cast)


def cities(s: State, seat: int) -> list[tuple[str, bool]]:
    return [(b.card, b.beautified) for b in s.players[seat].city]


def with_gold(s: State, seat: int, amount: int) -> State:
    """The same state with one seat's stash changed (and checked)."""
    players = list(s.players)
    players[seat] = replace(players[seat], gold=amount)
    out = replace(s, players=tuple(players))
    ENGINE.check(out)
    return out


def warlord_state(warlord_gold: int) -> State:
    return make_state(
        options(4, uniques=("quarry",)),
        [
            Seat(gold=warlord_gold, characters=("warlord",)),
            Seat(city=(FANCY, PLAIN, "quarry")),
            Seat(),
            Seat(),
        ],
        start_rank=8,
    )


def destroys(s: State) -> list[Any]:
    return [a for a in legal_actions(s) if isinstance(a, mv.Destroy)]


# ---- (a) the free destroy of the plain copy next to a beautified copy ------------------------------


def test_destroy_of_the_plain_copy_next_to_a_beautified_one_is_offered_at_its_own_price() -> None:
    s = warlord_state(3)
    offered = destroys(s)
    assert mv.Destroy(1, "temple", 0) in offered and mv.Destroy(1, "temple", 1) in offered
    plain = play(s, mv.Destroy(1, "temple", 1))  # cost 1 − 1 = 0
    assert gold(plain, 0) == 3
    assert cities(plain, 1) == [("temple", True), ("quarry", False)]
    fancy = play(s, mv.Destroy(1, "temple", 0))  # (1 + 1) − 1 = 1
    assert gold(fancy, 0) == 2
    assert cities(fancy, 1) == [("temple", False), ("quarry", False)]


# ---- (b) a Warlord with no gold ------------------------------------------------------------------


def test_warlord_with_no_gold_destroys_the_plain_copy_for_free() -> None:
    s = warlord_state(0)
    assert destroys(s) == [mv.Destroy(1, "temple", 1)]
    assert codes(s, mv.Destroy(1, "temple", 0)) == ["CITADELS_NOT_ENOUGH_GOLD"]
    after = play(s, mv.Destroy(1, "temple", 1))
    assert gold(after, 0) == 0 and cities(after, 1) == [("temple", True), ("quarry", False)]


@pytest.mark.parametrize("copy", [2, -1])
def test_a_copy_that_is_not_there_is_refused(copy: int) -> None:
    assert codes(warlord_state(3), mv.Destroy(1, "temple", copy)) == ["CITADELS_NO_SUCH_DISTRICT"]


# ---- (c) every targeting move reaches each copy ----------------------------------------------------


def test_marshal_seizes_each_copy_at_its_own_cost() -> None:
    s = make_state(
        options(4, cast_with(8, "marshal")),
        [Seat(gold=1, characters=("marshal",)), Seat(city=(FANCY, PLAIN)), Seat(), Seat()],
        start_rank=8,
    )
    seizes = [a for a in legal_actions(s) if isinstance(a, mv.Seize)]
    assert seizes == [mv.Seize(1, "temple", 1)]  # the beautified copy costs 2
    assert codes(s, mv.Seize(1, "temple", 0)) == ["CITADELS_NOT_ENOUGH_GOLD"]
    after = play(s, mv.Seize(1, "temple", 1))
    assert gold(after, 0) == 0 and gold(after, 1) == 1
    assert cities(after, 0) == [("temple", False)] and cities(after, 1) == [("temple", True)]
    rich = play(with_gold(s, 0, 2), mv.Seize(1, "temple", 0))
    assert cities(rich, 0) == [("temple", True)] and cities(rich, 1) == [("temple", False)]


@pytest.mark.parametrize(
    ("own_copy", "theirs_copy", "price"),
    [(0, 0, 2), (0, 1, 1), (1, 0, 3), (1, 1, 2)],
)
def test_diplomat_exchanges_each_copy_on_either_side(own_copy: int, theirs_copy: int, price: int) -> None:
    """Own Manors cost 4 (beautified) and 3; their Palaces 6 (beautified) and 5."""
    s = make_state(
        options(4, cast_with(8, "diplomat")),
        [
            Seat(gold=5, city=(Built("manor", beautified=True), Built("manor")), characters=("diplomat",)),
            Seat(city=(Built("palace", beautified=True), Built("palace"))),
            Seat(),
            Seat(),
        ],
        start_rank=8,
    )
    move = mv.Exchange("manor", 1, "palace", own_copy, theirs_copy)
    assert move in legal_actions(s)
    after = play(s, move)
    assert gold(after, 0) == 5 - price and gold(after, 1) == price
    mine = s.players[0].city[own_copy]
    theirs = s.players[1].city[theirs_copy]
    assert theirs in after.players[0].city and mine in after.players[1].city
    assert len(after.players[0].city) == 2 and len(after.players[1].city) == 2


@pytest.mark.parametrize("copy", [0, 1])
def test_armory_destroys_either_copy(copy: int) -> None:
    s = make_state(
        options(4, uniques=("armory",)),
        [Seat(city=("armory",), characters=("king",)), Seat(city=(FANCY, PLAIN)), Seat(), Seat()],
        start_rank=4,
    )
    armories = [a for a in legal_actions(s) if isinstance(a, mv.Armory)]
    assert mv.Armory(1, "temple", 0) in armories and mv.Armory(1, "temple", 1) in armories
    after = play(s, mv.Armory(1, "temple", copy))
    assert cities(after, 0) == [] and cities(after, 1) == [("temple", copy == 1)]


def test_artist_beautifies_the_copy_named() -> None:
    s = make_state(
        options(4, cast_with(9, "artist")),
        [Seat(gold=2, city=(FANCY, PLAIN), characters=("artist",)), Seat(), Seat(), Seat()],
        start_rank=9,
    )
    beautifies = [a for a in legal_actions(s) if isinstance(a, mv.Beautify)]
    assert beautifies == [mv.Beautify("temple", 1)]
    assert codes(s, mv.Beautify("temple", 0)) == ["CITADELS_NO_SUCH_DISTRICT"]
    after = play(s, mv.Beautify("temple", 1))
    assert cities(after, 0) == [("temple", True), ("temple", True)] and gold(after, 0) == 1


@pytest.mark.parametrize("copy", [0, 1])
def test_necropolis_destroys_the_copy_named(copy: int) -> None:
    s = make_state(
        options(4, uniques=("necropolis",)),
        [Seat(gold=0, hand=("necropolis",), city=(FANCY, PLAIN), characters=("king",)), Seat(), Seat(), Seat()],
        start_rank=4,
    )
    s = play(s, mv.GatherGold())
    move = mv.Build("necropolis", "necropolis", "temple", destroy_copy=copy)
    assert move in legal_actions(s)
    after = play(s, move)
    assert cities(after, 0) == [("temple", copy == 1), ("necropolis", False)]


@pytest.mark.parametrize("copy", [0, 1])
def test_wizard_builds_the_necropolis_on_the_copy_named(copy: int) -> None:
    s = make_state(
        options(4, cast_with(3, "wizard"), uniques=("necropolis",)),
        [
            Seat(gold=0, city=(FANCY, PLAIN), characters=("wizard",)),
            Seat(hand=("necropolis",)),
            Seat(),
            Seat(),
        ],
        start_rank=3,
    )
    s = play(play(s, mv.GatherGold()), mv.WizardLook(1))
    move = mv.WizardTake("necropolis", True, "necropolis", "temple", copy)
    assert move in legal_actions(s)
    after = play(s, move)
    assert cities(after, 0) == [("temple", copy == 1), ("necropolis", False)]
    assert codes(s, mv.WizardTake("necropolis", True, "necropolis", "temple", 2)) == ["CITADELS_NO_SUCH_DISTRICT"]


def test_copies_travel_through_the_proto() -> None:
    binding = GameBinding(ENGINE)
    for action in (
        mv.Destroy(1, "temple", 1),
        mv.Seize(1, "temple", 1),
        mv.Armory(1, "temple", 1),
        mv.Beautify("temple", 1),
        mv.Exchange("manor", 1, "palace", 1, 1),
        mv.Build("necropolis", "necropolis", "temple", destroy_copy=1),
        mv.WizardTake("necropolis", True, "necropolis", "temple", 1),
    ):
        move = mv.Move(0, action)
        assert binding.move_from_proto(binding.move_to_proto(move)) == move


def _agrees(s: State, actions: list[Any]) -> None:
    """``validate`` refuses exactly the actions ``legal_moves`` leaves out."""
    legal = legal_actions(s)
    seat = ENGINE.pending(s).seats[0]
    for action in actions:
        assert (not ENGINE.validate(s, mv.Move(seat, action))) == (action in legal), action


COPIES = range(-1, 4)


def test_validate_agrees_with_legal_moves_for_every_copy() -> None:
    cards = ("temple", "tavern", "manor", "palace", "quarry", "armory", "necropolis")
    warlord = warlord_state(1)
    _agrees(warlord, [mv.Destroy(t, c, k) for t in range(4) for c in cards for k in COPIES])
    marshal = make_state(
        options(4, cast_with(8, "marshal")),
        [Seat(gold=2, characters=("marshal",)), Seat(city=(FANCY, PLAIN)), Seat(), Seat()],
        start_rank=8,
    )
    _agrees(marshal, [mv.Seize(t, c, k) for t in range(4) for c in cards for k in COPIES])
    diplomat = make_state(
        options(4, cast_with(8, "diplomat")),
        [
            Seat(gold=2, city=(Built("manor", beautified=True), Built("manor")), characters=("diplomat",)),
            Seat(city=(FANCY, PLAIN)),
            Seat(),
            Seat(),
        ],
        start_rank=8,
    )
    _agrees(
        diplomat,
        [mv.Exchange(o, 1, c, i, j) for o in ("manor", "temple") for c in cards for i in COPIES for j in COPIES],
    )
    armory = make_state(
        options(4, uniques=("armory",)),
        [Seat(city=("armory", "tavern", "tavern"), characters=("king",)), Seat(city=(FANCY, PLAIN)), Seat(), Seat()],
        start_rank=4,
    )
    _agrees(armory, [mv.Armory(t, c, k) for t in range(4) for c in cards for k in COPIES])
    artist = make_state(
        options(4, cast_with(9, "artist")),
        [Seat(gold=2, city=(FANCY, PLAIN, PLAIN), characters=("artist",)), Seat(), Seat(), Seat()],
        start_rank=9,
    )
    _agrees(artist, [mv.Beautify(c, k) for c in cards for k in COPIES])
    necropolis = make_state(
        options(4, uniques=("necropolis",)),
        [Seat(gold=0, hand=("necropolis",), city=(FANCY, PLAIN), characters=("king",)), Seat(), Seat(), Seat()],
        start_rank=4,
    )
    necropolis = play(necropolis, mv.GatherGold())
    methods = ("gold", "necropolis", "framework")
    _agrees(necropolis, [mv.Build("necropolis", m, c, destroy_copy=k) for m in methods for c in cards for k in COPIES])
