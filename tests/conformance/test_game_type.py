"""What each game declares it is (``GameInfo.game_type``, ``Engine.seats``) is what play shows, for every
registered game.

Every setup (every player count, both chance modes, a spread of options) is played by random moves to the
end, and every state on the way is held to the declaration:

* a game without simultaneous decisions never has two seats pending at once;
* a game without hidden information shows every seat, and a spectator, the whole state (a view differs
  from the state only in the view markers and the generator, ``MARKERS``);
* a game without chance never has the CHANCE seat pending (external chance; a seeded game never waits
  for it anyway);
* the automated seats of the player count are never pending, every other seat decides at some point, and
  the table has one seat per player and per automated seat;
* ``seats(state)`` (and ``seats`` of a view) are exactly the seats of the score sheet.

A declaration must not claim more than play shows either: over a game's setups, a game declaring
simultaneous decisions has several seats pending at once somewhere, one declaring hidden information has a
view that hides something, one declaring chance has the CHANCE seat pending with external chance, and
every player count with an automated seat is one the game is played with.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

import msgspec
import pytest

from engines.core.engine import CHANCE, AutomatedSeat, GameType
from engines.core.playout import random_playout
from engines.core.rng import Rng
from tests.conformance.support import ENGINES, MAX_MOVES, Setup, setups

#: The fields of a state that say nothing about the game: whose view it is (``redacted``, ``viewer``) and
#: the generator a view never carries (``rng``).
MARKERS = ("rng", "redacted", "viewer")
#: Views (of every seat and a spectator) are compared with the state on every this many states, and on
#: every state until one hides something (on every state for a game without hidden information).
VIEW_EVERY = 25


def substance(state: Any) -> dict[str, Any]:
    """The state as plain data, without the ``MARKERS``."""
    data: dict[str, Any] = msgspec.to_builtins(state)
    return {name: value for name, value in data.items() if name not in MARKERS}


@dataclass
class Observed:
    """What one setup's playout showed, and where it broke its game's declaration."""

    most_pending: int = 0
    chance_pending: bool = False
    hides: bool = False
    deciders: set[int] = field(default_factory=set)
    seats: tuple[int, ...] = ()
    problems: list[str] = field(default_factory=list)


def look(engine: Any, players: int, state: Any, index: int, seen: Observed) -> None:
    """Hold one state of a playout of ``players`` players to ``engine``'s declaration (``index``: moves
    played so far)."""
    declared = engine.info.game_type
    automated = declared.automated(players)
    at = f"after {index} moves"
    seats = tuple(engine.seats(state))
    sheet = tuple(s.seat for s in engine.score(state).seats)
    if seats != sheet:
        seen.problems.append(f"{at}: seats(state) is {seats}, the score sheet's seats are {sheet}")
    pending = engine.pending(state).seats
    real = [seat for seat in pending if seat != CHANCE]
    seen.most_pending = max(seen.most_pending, len(real))
    seen.deciders |= set(real)
    if len(real) > 1 and not declared.simultaneous:
        seen.problems.append(f"{at}: seats {real} pending at once, but no decision is declared simultaneous")
    if CHANCE in pending:
        seen.chance_pending = True
        if not declared.chance:
            seen.problems.append(f"{at}: the CHANCE seat is pending, but the game declares no chance")
    if set(pending) & set(automated):
        seen.problems.append(f"{at}: automated seats {sorted(set(pending) & set(automated))} are pending")
    if seen.hides and index % VIEW_EVERY:
        return
    whole = substance(state)
    for viewer in (None, *seats):
        view = engine.view(state, viewer)
        if tuple(engine.seats(view)) != seats:
            seen.problems.append(f"{at}: seats of the view of {viewer} are {tuple(engine.seats(view))}, not {seats}")
        if substance(view) != whole:
            seen.hides = True
            if not declared.hidden_information:
                seen.problems.append(f"{at}: the view of {viewer} hides something, but no information is hidden")


def play(setup: Setup, engine: Any) -> Observed:
    """Play ``setup`` to the end by random legal moves, holding every state to ``engine``'s declaration."""
    state = setup.new_game()
    seen = Observed(seats=tuple(engine.seats(state)))
    look(engine, setup.players, state, 0, seen)
    moves = 0

    def after(before: Any, move: Any, following: Any) -> None:
        nonlocal moves
        moves += 1
        look(engine, setup.players, following, moves, seen)

    random_playout(engine, state, Rng.seeded(setup.bot_seed), MAX_MOVES, after)
    return seen


@cache
def observe(setup: Setup) -> Observed:
    """``play`` with the game's own engine (each setup is played once)."""
    return play(setup, setup.engine)


@pytest.mark.parametrize("setup", setups(), ids=lambda s: s.id)
def test_play_keeps_to_the_declaration(setup: Setup) -> None:
    seen = observe(setup)
    assert not seen.problems, "\n".join(seen.problems[:10])
    automated = setup.engine.info.game_type.automated(setup.players)
    assert len(seen.seats) == setup.players + len(automated), (
        f"{setup.players} players and automated seats {automated}, but seats {seen.seats}"
    )
    assert set(automated) <= set(seen.seats), f"automated seats {automated} are not seats of {seen.seats}"
    people = set(seen.seats) - set(automated)
    assert seen.deciders == people, f"seats that decided: {sorted(seen.deciders)}; seats played by people: {people}"


@pytest.mark.parametrize("game_id", sorted(ENGINES))
def test_play_shows_what_the_game_declares(game_id: str) -> None:
    engine = ENGINES[game_id]
    declared = engine.info.game_type
    mine = [s for s in setups() if s.game_id == game_id]
    seen = [observe(s) for s in mine]
    if declared.simultaneous:
        assert any(o.most_pending > 1 for o in seen), "declares simultaneous decisions; none was played"
    if declared.hidden_information:
        assert any(o.hides for o in seen), "declares hidden information; every view showed the whole state"
    if declared.chance:
        external = [o for s, o in zip(mine, seen, strict=True) if s.seed is None]
        assert any(o.chance_pending for o in external), "declares chance; the CHANCE seat was never pending"
    counts = range(engine.info.min_players, engine.info.max_players + 1)
    for seat in declared.automated_seats:
        assert seat.players in counts, f"{seat} is for a player count the game is not played with"
        assert seat.name, f"{seat} has no name"


class Misdeclared:
    """A real engine whose declaration is ``game_type`` instead of its own."""

    def __init__(self, engine: Any, game_type: GameType) -> None:
        self._engine = engine
        self.info = msgspec.structs.replace(engine.info, game_type=game_type)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._engine, name)


def test_a_false_declaration_is_caught() -> None:
    """The checks can fail: Walls of York (simultaneous, hidden, with chance) declared as none of these, with
    seat 0 as an automated seat, breaks every rule."""
    setup = next(s for s in setups() if s.game_id == "walls_of_york" and s.seed is None)
    wrong = GameType(False, False, False, (AutomatedSeat(setup.players, 0, "nobody"),))
    problems = play(setup, Misdeclared(setup.engine, wrong)).problems
    for phrase in (
        "no decision is declared simultaneous",
        "no information is hidden",
        "declares no chance",
        "automated seats [0] are pending",
    ):
        assert any(phrase in p for p in problems), phrase


def test_wrong_seats_are_caught() -> None:
    """``seats(state)`` that disagrees with the score sheet is reported."""
    setup = next(s for s in setups() if s.game_id == "citadels")

    class OneSeatShort(Misdeclared):
        def seats(self, state: Any) -> range:
            return range(len(self._engine.seats(state)) - 1)

    problems = play(setup, OneSeatShort(setup.engine, setup.engine.info.game_type)).problems
    assert any("the score sheet's seats" in p for p in problems)
