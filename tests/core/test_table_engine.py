"""What ``TableEngine.check`` adds to every game's own check."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from engines.core.errors import StateInvalid
from engines.core.game import TableEngine
from engines.core.rng import Rng
from engines.core.table import Act, Table


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

    table: Table[Position] = Table(
        actions={Position: Act(str)},
        action_union=Position,
        stage=lambda s: "waiting",
        decision=lambda s: None,
        stages={},
        progress={"waiting": lambda s: Position() if s.due else None},
    )

    def integrity(self, state: Position) -> None:
        return None


def test_a_position_due_to_move_on_by_itself_is_refused_naming_the_state() -> None:
    engine: Any = TableEngine(Waiting())  # type: ignore[arg-type]
    engine.check(Position())
    with pytest.raises(StateInvalid) as exc:
        engine.check(Position(due=True))
    assert exc.value.field == "state" and "move on by itself" in str(exc.value)


def test_a_refusal_names_the_pending_decision_by_its_prompt() -> None:
    from engines import registry

    engine = registry.engines()["citadels"]
    state = engine.new_game(engine.make_options(4, {}), 3)
    pending = engine.pending(state)
    legal = engine.legal_moves(state)[0]
    intruder = next(seat for seat in range(4) if seat not in pending.seats)
    (refusal,) = engine.validate(state, type(legal)(seat=intruder, action=legal.action))
    assert refusal.code == "COMMON_NOT_YOUR_TURN" and f"({pending.prompt})" in refusal.message
