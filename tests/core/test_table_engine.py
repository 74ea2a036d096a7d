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
