"""The core table (``engines.core.table``): a missing row fails when the table is built, chance as data
samples as the physical process does and offers the same process's odds, and the machine finds the
decision owed in the queue before the stage."""

from __future__ import annotations

from collections import Counter
from typing import Any

import msgspec
import pytest
from msgspec.structs import replace

from engines.core.engine import CHANCE
from engines.core.errors import violation
from engines.core.rng import Rng
from engines.core.table import (
    OVER,
    Act,
    Auto,
    Draw,
    Step,
    Table,
    TableError,
    dispatch,
    no_check,
    odds,
    sample,
    uniform,
)
from engines.core.text import Message


class Take(msgspec.Struct, frozen=True, tag="take"):
    n: int


class Drop(msgspec.Struct, frozen=True, tag="drop"):
    pass


class Ask(msgspec.Struct, frozen=True, tag="ask"):
    seat: int


class Flip(msgspec.Struct, frozen=True, tag="flip"):
    seat: int


class Tick(msgspec.Struct, frozen=True, tag="tick"):
    pass


class S(msgspec.Struct, frozen=True):
    stage: str = "play"
    queue: tuple[Any, ...] = ()
    total: int = 0


def _words(*args: Any) -> str:
    return "words"


NOT_TWO = Message("toy.refusal.not_two", "Not two.")


ACTS = {Take: Act(_words, _words), Drop: Act(_words, _words)}
TAKE: Step[S] = Step(
    (Take,),
    lambda s, at: [Take(1), Take(2), Take(3)],
    lambda s, at, a: [] if a.n != 2 else violation("T_NO", NOT_TWO(), "action.n"),
    lambda s, at, a: replace(s, total=s.total + a.n),
    Message("toy.prompt.take", "Take up to three"),
    seats=lambda s: (0, 1),
)


def table(**changes: Any) -> Table[S]:
    rows: dict[str, Any] = {
        "actions": ACTS,
        "action_union": Take | Drop,
        "stage": lambda s: s.stage,
        "decision": lambda s: "take",
        "stages": {"take": TAKE},
        "progress": {},
        "queue": lambda s: s.queue,
        "queued": {
            Ask: replace_step(TAKE, prompt=Message("toy.prompt.ask", "Take, seat {seat}")),
            Flip: replace_step(TAKE, draw=lambda s, at: uniform([Take(1), Take(1), Take(3)])),
            Tick: Auto(lambda s, step: replace(s, queue=s.queue[1:], total=s.total + 10)),
        },
        "step_union": Ask | Flip | Tick,
    }
    rows.update(changes)
    return Table(**rows)


def replace_step(step: Step[S], **changes: Any) -> Step[S]:
    fields = {name: getattr(step, name) for name in Step.__dataclass_fields__}
    fields.update(changes)
    return Step(**fields)


def test_a_missing_act_row_fails_when_the_table_is_built() -> None:
    with pytest.raises(TableError, match=r"actions without an Act row: \['Drop'\]"):
        table(actions={Take: ACTS[Take]})


def test_an_act_row_of_no_action_fails() -> None:
    with pytest.raises(TableError, match=r"Act rows of no action: \['Tick'\]"):
        table(actions={**ACTS, Tick: Act(_words)})


def test_a_queued_step_without_a_row_fails() -> None:
    with pytest.raises(TableError, match=r"queued steps without a row: \['Tick'\]"):
        table(queued={Ask: TAKE, Flip: TAKE})


def test_a_row_taking_an_action_of_no_game_fails() -> None:
    with pytest.raises(TableError, match=r"a step takes \['Tick'\]"):
        table(stages={"take": replace_step(TAKE, takes=(Take, Tick))})


def test_dispatch_needs_a_check_and_an_effect_on_every_row() -> None:
    with pytest.raises(TableError, match="Drop is taken by a dispatching step but has no check or effect"):
        dispatch(ACTS, [Drop])
    with pytest.raises(TableError, match="Drop is taken by a dispatching step but has no check or effect"):
        dispatch({Drop: Act(_words, check=no_check)}, [Drop])
    acts = {Drop: Act(_words, check=no_check, effect=lambda s, at, a: "dropped")}
    check, effect = dispatch(acts, [Drop])
    assert check(None, 0, Drop()) == [] and effect(None, 0, Drop()) == "dropped"


def test_the_stage_decision_names_its_seats_kind_prompt_and_legal_options() -> None:
    owed = table().now(S())
    assert owed is not None
    assert (owed.seats, owed.kind, owed.prompt.english) == ((0, 1), "take", "Take up to three")
    assert owed.options(S(), 0) == [Take(1), Take(3)]  # the candidates the check passes
    assert replace_step(TAKE, exact=True).options(S(), 0) == [Take(1), Take(2), Take(3)]


def test_the_head_of_the_queue_comes_before_the_stage() -> None:
    t = table()
    asked = t.now(S(queue=(Ask(1), Flip(0))))
    assert asked is not None and (asked.seats, asked.kind, asked.prompt.english) == ((1,), "ask", "Take, seat 1")
    flipped = t.now(S(queue=(Flip(0),)))
    assert flipped is not None and (flipped.seats, flipped.kind) == ((CHANCE,), "chance.flip")
    assert t.now(S(stage=OVER, queue=(Ask(1),))) is None


def test_automatic_runs_an_auto_row_then_the_stage_progress() -> None:
    t = table(progress={"play": lambda s: replace(s, stage=OVER) if s.total >= 10 else None})
    assert t.automatic(S(queue=(Tick(),))) == S(total=10)
    assert t.automatic(S(total=10)) == S(stage=OVER, total=10)
    assert t.automatic(S()) is None
    assert t.automatic(S(queue=(Ask(0),))) is None  # a decision without settle waits
    assert t.automatic(S(stage=OVER, queue=(Tick(),))) is None


def test_sample_takes_one_pick_per_stage_in_order() -> None:
    """A die from the bag, then its face: two ``below`` calls, in that order, as the physical process."""
    bag, faces = ["red", "red", "blue"], [1, 2, 3, 4, 5, 6]
    draw = Draw((bag, faces), lambda die, face: (die, face))
    rng = Rng.seeded(11)
    first, after_first = rng.below(len(bag))
    second, expected_rng = after_first.below(len(faces))
    assert sample(draw, rng) == ((bag[first], faces[second]), expected_rng)


def test_odds_weigh_each_outcome_by_the_ways_to_reach_it() -> None:
    assert odds(uniform(["b", "a", "b", "c"])) == [("b", 2), ("a", 1), ("c", 1)]
    two_dice = Draw((range(1, 7), range(1, 7)), lambda x, y: x + y)
    weights = dict(odds(two_dice))
    assert weights[7] == 6 and weights[2] == weights[12] == 1 and sum(weights.values()) == 36


def test_many_samples_follow_the_odds() -> None:
    draw = uniform(["x", "x", "x", "y"])
    rng, seen = Rng.seeded(3), Counter[str]()
    for _ in range(4000):
        outcome, rng = sample(draw, rng)
        seen[outcome] += 1
    assert 2800 < seen["x"] < 3200 and seen["x"] + seen["y"] == 4000
