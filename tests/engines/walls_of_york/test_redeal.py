"""Walls of York's redeal (``engines.walls_of_york.redeal``): the other seats' secret commitments (§4.4, §8) are
made up as choices legal for them: a placement (§5.2–§5.4; in the lift step one that accounts for the wall
pieces, §10 A6) and the rooms of a city being declared (§5.5), with the public flags kept."""

from __future__ import annotations

from collections.abc import Callable

from engines.core.engine import CHANCE
from engines.core.playout import random_playout
from engines.core.rng import Rng
from engines.walls_of_york import building, integrity
from engines.walls_of_york import geometry as geo
from engines.walls_of_york.board import counts, field_mask, meets, wall_mask
from engines.walls_of_york.content import CONTENT
from engines.walls_of_york.engine import ENGINE
from engines.walls_of_york.state import State, Submission
from engines.walls_of_york.view import view
from tests.engines.setups import new_state


def _states(players: int, seed: int, **options: object) -> list[State]:
    """Every state of a seeded random game that waits for a player."""
    states: list[State] = []
    start = new_state(ENGINE, players, seed, **options)
    random_playout(ENGINE, start, Rng.seeded(seed), on_move=lambda before, move, after: states.append(after))
    return [s for s in states if ENGINE.pending(s).seats and CHANCE not in ENGINE.pending(s).seats]


def _first(states: list[State], wanted: Callable[[State], bool]) -> State:
    return next(s for s in states if wanted(s))


def _redeals(s: State, seat: int, count: int = 8) -> list[State]:
    return [ENGINE.game.redeal(view(s, seat), seat, Rng.seeded(i)) for i in range(count)]  # type: ignore[misc]


def test_a_hidden_placement_is_a_legal_one_of_its_seat() -> None:
    """§4.4, §5.2–§5.4: another seat's committed placement is hidden; the one made up is legal on that seat's
    board, is drawn (not the same every time), and who has committed stays as shown."""
    s = _first(_states(3, 21), lambda s: s.step == "place" and s.players[1].submitted is not None)
    made = set()
    for redealt in _redeals(s, 0):
        ENGINE.check(redealt)
        sub = redealt.players[1].submitted
        assert sub is not None and sub.kind != "hidden"
        assert not building.check_placement(redealt, 1, integrity._action(sub))
        assert [p.submitted is None for p in redealt.players] == [p.submitted is None for p in s.players]
        made.add(sub)
    assert len(made) > 1


def test_a_hidden_city_is_legal_for_its_seat_and_keeps_the_decided_flags() -> None:
    """§5.5, §6.4, rule F: in the closing step a seat that has decided kept building (no rooms) or sealed a valid
    city meeting the decree; one still deciding holds rooms that can still become such a city; ``decided`` is
    kept as the view shows it."""
    looked = 0
    for seed in (22, 23):
        for s in _states(2, seed):
            if s.step != "close" or not s.players[1].open:
                continue
            for redealt in _redeals(s, 0, 3):
                ENGINE.check(redealt)
                p = redealt.players[1]
                assert p.decided == s.players[1].decided
                if p.decided and p.selection:
                    selected = field_mask(p.selection)
                    assert geo.is_valid_city(selected, wall_mask(p))
                    assert meets(redealt.decree, counts(redealt.layout, selected))
                assert integrity._selection_error(redealt, p) is None or not p.selection
            looked += 1
    assert looked


def test_a_placement_waiting_in_the_lift_step_accounts_for_every_wall_piece() -> None:
    """§10 A6, §2: with the strict supply, a placement short of pieces waits while its seat lifts walls; the one
    made up owes the lifts the view shows and holds exactly the pieces the supply and the boards do not."""
    looked = 0
    for s in _states(2, 24, board="ts1", strict_supply=True):
        if s.step != "lift" or s.players[1].submitted is None:
            continue
        for redealt in _redeals(s, 0, 4):
            ENGINE.check(redealt)
            p = redealt.players[1]
            assert p.submitted is not None and p.submitted.kind != "hidden"
            assert p.lift == s.players[1].lift
            held = sum(integrity._in_hand(redealt, q) for q in redealt.players)
            walls = sum(len(q.walls) for q in redealt.players)
            assert redealt.supply_walls + walls + held == CONTENT.supply.walls
        looked += 1
    assert looked


def test_the_view_of_a_redealt_state_is_the_view_it_was_dealt_from() -> None:
    """§8: the seat sees nothing new: its own commitment is kept and the others' show as hidden again."""
    s = _first(_states(4, 25), lambda s: s.step == "place" and sum(p.submitted is not None for p in s.players) >= 2)
    for seat in range(4):
        shown = view(s, seat)
        for redealt in _redeals(s, seat, 3):
            assert view(redealt, seat) == shown
            others = [p.submitted for k, p in enumerate(redealt.players) if k != seat]
            assert Submission("hidden") not in others
