"""What ``TableEngine.check`` adds to every game's own check."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from engines.core.errors import StateInvalid
from engines.core.game import Now, TableEngine
from engines.core.rng import Rng


class Position(msgspec.Struct, frozen=True):
    """A game position that is only ever waiting, or due to move on by itself (``due``)."""

    due: bool = False
    external_chance: bool = True
    rng: Rng | None = None
    redacted: bool = False


class Waiting:
    """A game whose only rule is that a ``due`` position moves on by itself."""

    info: Any = None
    state_type = Position
    move_type = Position
    options_type = Position

    def integrity(self, state: Position) -> None:
        return None

    def automatic(self, state: Position) -> Position | None:
        return Position() if state.due else None

    def now(self, state: Position) -> Now[Position] | None:
        return None


def test_a_position_due_to_move_on_by_itself_is_refused_naming_the_state() -> None:
    engine: Any = TableEngine(Waiting())  # type: ignore[arg-type]
    engine.check(Position())
    with pytest.raises(StateInvalid) as exc:
        engine.check(Position(due=True))
    assert exc.value.field == "state" and "move on by itself" in str(exc.value)


def test_a_staged_game_settles_its_queue_head_before_its_stage_moves_on() -> None:
    from dataclasses import dataclass, replace

    from engines.core.game import staged_automatic

    @dataclass(frozen=True)
    class Toy:
        stage: str
        queue: tuple[str, ...] = ()

    def settle(s: Toy) -> Toy | None:
        return None if s.queue[0] == "decide" else replace(s, queue=s.queue[1:])

    step = staged_automatic(settle, {"deal": lambda s: replace(s, stage="play"), "play": lambda s: None})
    assert step(Toy("over", ("auto",))) is None  # nothing moves once the game is over
    assert step(Toy("play", ("auto", "decide"))) == Toy("play", ("decide",))  # the head settles itself
    assert step(Toy("play", ("decide",))) is None  # a head that needs a decision waits
    assert step(Toy("deal")) == Toy("play")  # an empty queue lets the stage move on


def test_a_refusal_names_the_pending_decision_by_its_prompt() -> None:
    from engines import registry

    engine = registry.engines()["citadels"]
    state = engine.new_game(engine.make_options(4, {}), 3)
    pending = engine.pending(state)
    legal = engine.legal_moves(state)[0]
    intruder = next(seat for seat in range(4) if seat not in pending.seats)
    (refusal,) = engine.validate(state, type(legal)(seat=intruder, action=legal.action))
    assert refusal.code == "COMMON_NOT_YOUR_TURN" and f"({pending.prompt})" in refusal.message
