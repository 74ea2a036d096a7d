"""The Viscounts state check refuses what the engine never builds (issue #22), so that it stays closed under
legal moves (a state it accepts never leads by a legal move to one it refuses) and nothing after it fails.

Each test takes a real state of external-chance play, changes it the way a client could (a queued step
duplicated, a number at an extreme) and requires the check to refuse it naming the field; the real state
itself is accepted, and so is every state its legal moves lead to. Before the fixes each was accepted, and a
legal move then led to a refused state, hung, or raised.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from msgspec.structs import replace

from engines.core.errors import StateInvalid
from engines.viscounts import moves as mv
from engines.viscounts.engine import ENGINE
from engines.viscounts.state import AfterAction, AiDo, AiFirst, Collide, DrawScheme, Outcome, Settle, State
from tests.engines.setups import new_state
from tests.engines.viscounts.helpers import act, at, checked, folk_top, player, settled, space, spot, table

HUMAN, AI = 0, 1


def duplicated(s: State, index: int) -> State:
    """``s`` with queued step ``index`` twice in a row (what a client's duplicated element gives)."""
    return replace(s, queue=(*s.queue[: index + 1], *s.queue[index:]))


def real_state(players: int, wanted: Callable[[State], bool], seed: int = 0, **options: Any) -> State:
    """The first state ``wanted`` picks of a random external-chance game (closed under its legal moves)."""
    rng = random.Random(seed)
    s = new_state(ENGINE, players, **options)
    while ENGINE.pending(s).seats:
        if wanted(s):
            closed(s)
            return s
        s = ENGINE.apply(s, rng.choice(ENGINE.legal_moves(s)))
    raise AssertionError("the game never reached such a state")


def queued(s: State, kind: type) -> int:
    """The index of the first queued step of ``kind``."""
    return next(i for i, step in enumerate(s.queue) if isinstance(step, kind))


def with_step(s: State, index: int, step: Any) -> State:
    return replace(s, queue=(*s.queue[:index], step, *s.queue[index + 1 :]))


def refused_at(s: State, field: str) -> None:
    with pytest.raises(StateInvalid) as refused:
        ENGINE.check(s)
    assert refused.value.field == field, str(refused.value)


def closed(s: State) -> None:
    """Every legal move of the accepted ``s`` leads to a state the check accepts."""
    checked(s)
    for move in ENGINE.legal_moves(s):
        checked(ENGINE.apply(s, move))


def ai_reveal() -> State:
    """A solo game at the Cleric's reveal (§8.4 step 2): slid, slot 1 empty, the chance seat owing the scheme."""
    s = settled(at(table(1), AI, "slide"))
    assert isinstance(s.queue[0], DrawScheme) and not s.queue[0].future
    return s


def build_outcome() -> State:
    """T-DISMISS-1's Build with the Woodcutter dismissed, before the new pile top is drawn: the queue holds the
    draw, the Woodcutter's effect, the Build's outcome (a Workshop on B-L1) and its after-action step."""
    s = player(table(2), HUMAN, space=space(1, "OL"), slots=("labourer", "miner", "trader"), silver=2, stone=0)
    s = player(s, HUMAN, hand=("financier", "lender", "squire"))
    s = at(folk_top(s, 1, "woodcutter_2"), HUMAN, "action", value=2)
    s = act(checked(s), mv.Build("workshop_1", spot(s, "B-front-L1"), dismiss=True))
    assert [type(step) for step in s.queue[2:]] == [Outcome, AfterAction]
    return s


def test_the_real_states_are_accepted_and_closed() -> None:
    closed(ai_reveal())
    closed(build_outcome())


def test_a_second_scheme_reveal_in_one_turn_is_refused() -> None:
    """§8.4 step 2: the AI reveals one scheme a turn. A duplicated reveal was accepted, and drawing the first
    left the second in the ``collide`` phase, which the check refused ("Step 4 (draw_scheme) cannot be queued
    here: a scheme revealed outside the AI's turn"): ApplyMove returned a state the server refused."""
    s = duplicated(ai_reveal(), 0)
    with pytest.raises(StateInvalid, match="second scheme revealed") as refused:
        ENGINE.check(s)
    assert refused.value.field == "queue[0]"


@pytest.mark.parametrize("index", [2, 3], ids=["outcome", "after_action"])
def test_a_second_primary_action_in_one_turn_is_refused(index: int) -> None:
    """§4.7 phase 3: one primary action a turn, so one outcome and one after-action step. A duplicated Build
    outcome was accepted and built the Workshop twice (the second on a taken spot, or the same slot twice)."""
    s = duplicated(build_outcome(), index)
    with pytest.raises(StateInvalid, match="second primary action") as refused:
        ENGINE.check(s)
    assert refused.value.field == f"queue[{index}]"


@pytest.mark.parametrize(
    ("name", "value"),
    [("future_schemes", 2**31 - 1), ("future_schemes", 0), ("start_player", -(2**31)), ("start_player", 2)],
)
def test_options_are_held_to_their_ranges(name: str, value: int) -> None:
    """§8.1, A-08: the options a state carries are those ``NewGame`` allows. ``future_schemes`` = 2^31 - 1
    in the draft was accepted, and the last pick queued that many Future Scheme draws (MemoryError)."""
    s = real_state(1, lambda x: x.stage == "draft")
    refused_at(replace(s, options=replace(s.options, **{name: value})), f"options.{name}")


def test_a_scheme_row_its_card_does_not_print_is_refused() -> None:
    """§8.2: the AI executes its card's rows as printed. A queued row moving 2^31 - 1 spaces was accepted
    and hung the move that ran it; bottom-row alternatives with a huge effect looped the engine."""
    s = ENGINE.apply(ai_reveal(), ENGINE.legal_moves(ai_reveal())[0])
    closed(s)
    i = queued(s, AiDo)
    step = s.queue[i]
    assert isinstance(step, AiDo)
    refused_at(with_step(s, i, replace(step, row=replace(step.row, n=2**31 - 1))), f"queue[{i}]")
    refused_at(with_step(s, i, replace(step, source="S-0")), f"queue[{i}]")
    j = queued(s, AiFirst)
    alternatives = s.queue[j]
    assert isinstance(alternatives, AiFirst)
    refused_at(with_step(s, j, replace(alternatives, rows=alternatives.rows[1:])), f"queue[{j}]")


def test_a_castle_resolution_starts_with_a_seat() -> None:
    """§5.8: the castle resolves from the active player. ``active`` -1 was accepted (only the resolving
    ``seat`` may be none yet), and the bump it led to raised KeyError."""
    s = real_state(3, lambda x: any(isinstance(step, Settle) for step in x.queue), seed=2)
    i = queued(s, Settle)
    refused_at(with_step(s, i, replace(s.queue[i], active=-1)), f"queue[{i}].active")


@pytest.mark.parametrize("timing", ["after_gains", "at_start"])
def test_a_collision_column_is_on_the_track(timing: str) -> None:
    """§4.7 phase 5, A-05: the column is read now (0) or, with ``at_start``, at the virtue it was read at.
    Column -2^31 was accepted and indexing the collision track raised IndexError."""
    seed = {"after_gains": 1, "at_start": 3}[timing]
    s = real_state(2, lambda x: any(isinstance(step, Collide) for step in x.queue), seed, collision_column=timing)
    i = queued(s, Collide)
    for column in (-(2**31), -1, 8, 2**31 - 1):
        refused_at(with_step(s, i, replace(s.queue[i], column=column)), f"queue[{i}]")
    if timing == "after_gains":
        refused_at(with_step(s, i, replace(s.queue[i], column=3)), f"queue[{i}]")


def test_a_viscount_stands_on_its_start_space_from_its_pick() -> None:
    """§3 step 9.1: picking a player card puts the viscount on its start space. Space -1 after a pick was
    accepted in the draft (only the turns require a space), and the end of the draft was then refused."""
    s = real_state(2, lambda x: x.stage == "draft" and any(p.player_card for p in x.players))
    seat = next(k for k, p in enumerate(s.players) if p.player_card)
    players = list(s.players)
    players[seat] = replace(players[seat], space=-1)
    refused_at(replace(s, players=tuple(players)), f"players[{seat}].space")


def test_the_castle_rotation_is_a_section_or_not_drawn_yet() -> None:
    """§3 step 2: the rotation is -1 until drawn, then 0..4. 10^9 during the deal was accepted, and the last
    setup draw led to a state refused for it."""
    s = real_state(2, lambda x: x.stage == "deal" and x.rotation >= 0)
    refused_at(replace(s, rotation=10**9), "rotation")


@pytest.mark.parametrize("revealed", [-(2**31), -1])
def test_poverty_and_prosperity_are_revealed_in_a_round_played(revealed: int) -> None:
    """§4.5: the Poverty and Prosperity cards are revealed (in a round, 1 or more) or not (0). A negative
    round was accepted while deeds were left, and taking the last deed was then refused."""
    s = real_state(2, lambda x: x.stage == "turns")
    refused_at(replace(s, prosperity=revealed), "deeds_left")
    refused_at(replace(s, poverty=revealed), "debts_left")


def test_the_future_schemes_are_the_games_while_the_ai_takes_its_first() -> None:
    """§8.1: the Future Schemes are conserved from the end of the draft on. While the AI's first Future
    Schemes were still to be drawn the check skipped them, so a blank one was accepted and drawing the
    next was refused."""
    s = real_state(1, lambda x: any(isinstance(step, DrawScheme) and step.setup for step in x.queue))
    refused_at(replace(s, future_unseen=("", *s.future_unseen[1:])), "future_unseen")
    draft = real_state(1, lambda x: x.stage == "draft")
    refused_at(replace(draft, future_unseen=s.future_unseen), "future_unseen")
