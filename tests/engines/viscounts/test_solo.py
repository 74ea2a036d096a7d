"""The solo game's worked examples (§8.6 T-AI-1, T-AI-2, §8.3 T-AI-3) and the Cleric AI's rules (§8),
through the engine's protocol: the AI's turns are played by the engine, the chance seat names the schemes
and the cards drawn."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from engines.core.engine import CHANCE
from engines.viscounts import manuscripts, solo
from engines.viscounts import moves as mv
from engines.viscounts.board import spot_table
from engines.viscounts.building import free_build_options
from engines.viscounts.common import CONTENT
from engines.viscounts.content import AiStep, Effect
from engines.viscounts.engine import ENGINE
from engines.viscounts.solo import decide
from engines.viscounts.state import (
    AiDo,
    BuildFree,
    CastleSection,
    ChooseFlip,
    ChooseResource,
    FreeManuscript,
    Rearrange,
    Run,
    State,
)
from tests.engines.viscounts.helpers import Move, at, build, checked, diff, folk_top, kind, player, settled, table

HUMAN, AI = 0, 1


def ai_turn(s: State, *schemes: str) -> State:
    """The AI's turn from its slide, the chance seat answering the schemes drawn in order (the scheme
    revealed, then any Future Scheme taken), every other draw with the first piece on offer; stops at
    the human's next decision."""
    s = settled(at(s, AI, "slide"))
    answers = list(schemes)
    while ENGINE.pending(s).seats == (CHANCE,):
        options = [m.action for m in ENGINE.legal_moves(s)]
        offered = [a for a in options if isinstance(a, mv.SchemeDrawn)]
        wanted = next((a for a in offered if answers and a.scheme == answers[0]), None)
        if wanted is not None:
            answers.pop(0)
        s = ENGINE.apply(s, Move(CHANCE, wanted or options[0]))
    assert not answers, f"schemes never drawn: {answers}"
    return s


def solo_table() -> State:
    """A solo game after setup: the AI on space 2 (segment 1 outer-right) with its Guildhall built, one ink,
    one stone, one deed and one debt, no gold; the visible townsfolk of its segment is the Aristocrat
    (top-right: 1 virtue)."""
    s = table(1)
    assert s.players[AI].space == 2 and s.players[AI].built == ("guildhall_1",)
    return folk_top(s, 0, "aristocrat")


def test_t_ai_1_place_workers_falls_back_to_flip_and_virtue() -> None:
    """T-AI-1 (§8.6, scheme S-2): the AI dismisses the Aristocrat for free and gains its top-right virtue,
    moves 2 along the outer path, cannot place workers (2 noble icons — S-2's header and card space 2 —
    and no gold, 3 needed) so it takes the second alternative: it flips a debt (tie: a debt), whose
    resource its chart makes ink, and gains a virtue."""
    s = solo_table()
    before = s.players[AI]
    assert (before.ink, before.gold, before.debts, before.paid, before.virtue) == (1, 0, 1, 0, 7)
    s = ai_turn(s, "S-2")
    ai = s.players[AI]
    assert ai.slots == ("S-2", "", "")
    assert "aristocrat" in s.folk_removed and s.folk_tops[0] != "aristocrat"
    assert ai.space == 5
    assert (ai.debts, ai.paid, ai.deeds, ai.approved) == (0, 1, 1, 0)
    assert ai.ink == 2 and ai.virtue == 5
    assert ai.workers == 20
    assert s.turn is not None and s.turn.seat == HUMAN and kind(s) == "play"


def test_t_ai_2_criminal_future_scheme_and_transcribe() -> None:
    """T-AI-2 (§8.6, scheme S-3): one corruption for its criminal header, a Future Scheme onto its discard
    pile, one step, then its Primary Focus: the manuscript there costs 3 and it has exactly 3 cleric icons
    (the criminal header, its Guildhall's CLERIC, card space 3's printed CLERIC); it takes M-10, whose
    free hire gives it another Future Scheme."""
    s = ai_turn(solo_table(), "S-2")
    s = checked(replace(s, queue=()))
    assert s.players[AI].space == 5 and s.script_tops[2] == "M-10"
    discard = s.players[AI].discard
    s = ai_turn(s, "S-3", "F-3", "F-4")
    ai = s.players[AI]
    assert ai.slots == ("S-3", "S-2", "")
    assert ai.corruption == 2
    assert ai.space == 6
    assert ai.manuscripts == ("M-10",)
    assert ai.ink == 2
    assert ai.discard == (*discard, "F-3", "F-4")


def test_t_ai_3_the_resource_chart() -> None:
    """T-AI-3 (§8.3): "any resource" for the AI is ink while it has fewer than 6, then stone while fewer
    than 4, then gold — decided by the engine, no decision asked."""
    s = at(solo_table(), HUMAN, "recruit")
    for goods, gained in (({"ink": 5}, "ink"), ({"ink": 6, "stone": 3}, "stone"), ({"ink": 6, "stone": 4}, "gold")):
        t = player(s, AI, **goods)
        after = settled(replace(t, queue=(Run(AI, (Effect(op="any_resource"),)),)))
        assert kind(after) == "recruit"
        changed = {r: getattr(after.players[AI], r) - getattr(t.players[AI], r) for r in ("ink", "gold", "stone")}
        assert changed == {r: int(r == gained) for r in ("ink", "gold", "stone")}


def test_the_reference_card_substitutions() -> None:
    """§8.3 Reference card: a rearrange or two silver become a resource (silver is banked, A-27), a destroy
    becomes a flip, a discard or a castle move a virtue, nothing to flip a virtue."""
    s = player(at(solo_table(), HUMAN, "recruit"), AI, ink=0, debts=0, deeds=0, virtue=7)

    def gets(*effects: Effect) -> tuple[int, ...]:
        after = settled(replace(s, queue=(Run(AI, effects),)))
        ai = after.players[AI]
        return ai.ink, ai.bank, ai.virtue, ai.silver

    assert gets(Effect(op="rearrange")) == (1, 0, 7, 0)
    assert gets(Effect(op="silver", n=3)) == (1, 1, 7, 0)
    assert gets(Effect(op="silver"), Effect(op="silver")) == (1, 0, 7, 0)
    assert gets(Effect(op="discard", n=2)) == (0, 0, 5, 0)
    assert gets(Effect(op="castle_move")) == (0, 0, 6, 0)
    assert gets(Effect(op="destroy")) == (0, 0, 6, 0)


def test_the_human_landing_on_the_ai_gives_it_a_resource() -> None:
    """§8.3: when the human's viscount ends on the AI's space, the AI takes a resource instead of a
    rearrange."""
    s = player(solo_table(), HUMAN, slots=("lender",), hand=("abbot", "thief"))
    s = at(s, HUMAN, "move", value=1, played="lender")
    assert s.players[HUMAN].space == 0 and s.players[AI].space == 2
    ink = s.players[AI].ink
    s = ENGINE.apply(s, Move(HUMAN, mv.MoveTo(2)))
    assert s.players[AI].ink == ink + 1 and kind(s) == "action"


def _ai(s: State, **changes: object) -> State:
    """``s`` with the AI's fields replaced as given (its scheme cards are no townsfolk: no conservation)."""
    return replace(s, players=(s.players[HUMAN], replace(s.players[AI], **changes)))


def _after_human_takes_gold(s: State, *ai_steps: object) -> tuple[State, State]:
    """The human owes a resource with ``ai_steps`` queued behind it; (the checked state, after the human
    takes gold and the AI's steps run)."""
    s = checked(replace(s, queue=(ChooseResource(HUMAN), *ai_steps)))  # type: ignore[arg-type]
    return s, ENGINE.apply(s, Move(HUMAN, mv.Take("gold")))


def test_the_future_schemes_of_setup_go_into_the_starting_pile() -> None:
    """§8.1: the AI's starting pile is the Starting Schemes but the removed one (S-8) with the chosen number
    of Future Schemes (1 by default: F-1) shuffled in; the Future Schemes left wait aside."""
    s = solo_table()
    assert s.players[AI].draw == ("F-1", "S-1", "S-2", "S-3", "S-4", "S-5", "S-6", "S-7")
    assert "F-1" not in s.players[AI].discard
    assert s.future_unseen == ("F-3", "F-4", "F-5", "F-6")


def test_a_hire_with_no_future_scheme_left_is_a_flip() -> None:
    """§8.3 Reference card column 2: a free hire takes a Future Scheme; with none left the AI flips instead
    (a debt, the only kind it holds), whose resource its chart makes ink."""
    s = at(solo_table(), HUMAN, "recruit")
    s = _ai(replace(s, future_unseen=()), discard=(*s.players[AI].discard, *s.future_unseen))
    s = player(s, AI, debts=1, deeds=0, paid=0, approved=0)
    before, after = _after_human_takes_gold(s, Run(AI, (Effect(op="free_hire"),)))
    assert diff(before.players[AI], after.players[AI]) == {"ink": 1, "debts": -1, "paid": 1}
    assert after.players[AI].discard == before.players[AI].discard and kind(after) == "recruit"


def test_an_unaffordable_primary_action_does_nothing() -> None:
    """§8.5: the AI performs a primary action only when its icons and resources pay for it: with no ink
    and 2 CLERIC icons it cannot transcribe the manuscript of its segment (cost 3), so nothing happens."""
    s = player(at(solo_table(), HUMAN, "recruit"), AI, ink=0)
    assert CONTENT.manuscripts[s.script_tops[0]].cost == 3
    before, after = _after_human_takes_gold(s, AiDo(AI, AiStep(op="primary_focus"), "S-3"))
    assert after.players[AI] == before.players[AI] and after.script_tops == before.script_tops
    assert kind(after) == "recruit"


def test_the_ai_flips_what_it_holds_when_the_rule_wants_the_other_kind() -> None:
    """§8.3 flip rule: the kind flipped fewer times (here a deed: 1 debt paid, no deed approved), but
    holding only a debt the AI flips the debt (ink by its chart)."""
    s = player(at(solo_table(), HUMAN, "recruit"), AI, debts=1, deeds=0, paid=1, approved=0)
    before, after = _after_human_takes_gold(s, ChooseFlip(AI))
    assert diff(before.players[AI], after.players[AI]) == {"ink": 1, "debts": -1, "paid": 1}


def test_the_ai_places_free_workers_by_its_viscount() -> None:
    """§8.3: workers placed on any section go to the section by the AI's viscount (position 2: section 2
    in rotation 0)."""
    s = player(at(solo_table(), HUMAN, "recruit"), AI, space=8)
    effect = Effect(op="place_workers", n=2, where="any_section")
    before, after = _after_human_takes_gold(s, Run(AI, (effect,)))
    assert [after.castle.tier1[k][AI] for k in range(5)] == [0, 0, 2, 0, 0]
    assert diff(before.players[AI], after.players[AI]) == {"workers": -2}


def test_the_ai_resolves_the_castle_section_first_clockwise_from_its_viscount() -> None:
    """§8.3 "first option": of two ready castle sections the AI takes the first clockwise from the section
    by its viscount (section 2): 3 before 1, 4 before 0."""
    s = player(solo_table(), AI, space=8)
    assert decide(s, CastleSection(AI, 1), [mv.Section(1), mv.Section(3)]) == mv.Section(3)
    assert decide(s, CastleSection(AI, 1), [mv.Section(0), mv.Section(4)]) == mv.Section(4)
    assert decide(s, CastleSection(AI, 1), [mv.Section(2), mv.Section(3)]) == mv.Section(2)


def test_the_ai_keeps_its_schemes_in_place_when_asked_to_rearrange() -> None:
    """§8.3: an optional choice the AI has no rule for is declined: asked to rearrange, its schemes stay."""
    s = player(at(solo_table(), HUMAN, "recruit"), AI, slots=("S-2", "S-3"))
    before, after = _after_human_takes_gold(s, Rearrange(AI))
    assert after.players[AI].slots == before.players[AI].slots == ("S-2", "S-3", "")
    assert kind(after) == "recruit"


@pytest.mark.parametrize(
    ("ai_space", "built", "chosen"),
    [
        (2, (), "A-front-R2"),
        (5, (), "B-front-R1"),
        (14, ("E-front-R1", "E-front-R2"), "A-front-L1"),
        (1, (), "A-front-L1"),
    ],
)
def test_the_ai_builds_for_free_on_the_first_spot_clockwise_from_its_viscount(
    ai_space: int, built: tuple[str, ...], chosen: str
) -> None:
    """§8.5 free building: the AI takes the first free spot clockwise from the group its viscount's space
    reaches, around the whole board (its Guildhall stands on A-front-R1): from space 2 (A, right group)
    A-front-R2, from space 5 (B, right) B-front-R1; from space 14 (E, right) with E's right spots built it
    wraps round to A-front-L1; from an inner space (1, by segment A) it starts at A's first spot. Its
    building is the first slot of the type (Workshop 1)."""
    s = player(solo_table(), AI, space=ai_space)
    slots = ("workshop_1", "workshop_2")[: len(built)]
    s = build(s, HUMAN, *slots, spots=dict(zip(slots, built, strict=True)))
    step = BuildFree(AI, "workshop")
    choice = decide(s, step, free_build_options(s, step))
    assert (choice.slot, spot_table(s.ring)[choice.spot][1].id) == ("workshop_1", chosen)


@pytest.mark.parametrize("ruling", ["draw_only", "every"])
def test_the_ai_reshuffling_to_reveal_makes_the_criminal_check(ruling: str) -> None:
    """§8.3, A-07: the AI's empty scheme pile is reshuffled to reveal, which is a draw, so the criminal
    check follows under either ruling: no criminal on its board, one virtue (7 -> 6)."""
    s = table(1, options={"reshuffle_check": ruling})
    p = s.players[AI]
    s = at(_ai(s, draw=(), discard=tuple(sorted((*p.draw, *p.discard)))), AI, "play")
    ai = solo.reveal(s, AI).players[AI]
    assert (ai.draw, ai.discard) == (tuple(sorted((*p.draw, *p.discard))), ())
    assert (ai.corruption, ai.virtue) == (p.corruption, p.virtue - 1) == (1, 6)


@pytest.mark.parametrize(("steps", "queued"), [(1, (Rearrange(HUMAN),)), (2, ())])
def test_the_ai_landing_on_the_human_lets_the_human_rearrange(steps: int, queued: tuple[Rearrange, ...]) -> None:
    """§8.3: the AI's viscount moving onto the human's space (3, one step from its space 2) lets the human
    rearrange; passing it (two steps, to space 5) does not."""
    s = player(solo_table(), HUMAN, space=3)
    moved = solo.move(s, AI, steps)
    assert moved.players[AI].space == (3, 5)[steps - 1]
    assert moved.queue == queued


def test_the_ai_builds_paying_stone_for_the_icons_it_lacks() -> None:
    """§8.5 Build: the first building it can afford (Workshop 1, 3 BUILDER icons) on the first free spot its
    viscount reaches (A-front-R2; its Guildhall stands on A-front-R1): its board's 1 BUILDER icon and 2
    stone pay for it."""
    s = player(solo_table(), AI, stone=2)
    assert solo.icons(s, AI, "BUILD") == 1
    assert solo.plan(s, AI, "BUILD") == ("workshop_1", 3, 2)
    after = solo.act(s, AI, "BUILD")
    assert after.players[AI].built == ("guildhall_1", "workshop_1") and after.players[AI].stone == 0
    assert after.spots[3] == "1:workshop_1"
    assert solo.plan(player(s, AI, stone=1), AI, "BUILD") is None


def test_the_ai_takes_a_free_manuscript_first_from_its_own_segment() -> None:
    """§8.3: a free manuscript comes from the AI's segment's pile first, then clockwise: from position 2 the
    pile at 2, then 3."""
    s = player(solo_table(), AI, space=8)
    step = FreeManuscript(AI, (1, 2, 3, 4, 5, 6, 7))
    options = manuscripts.free_options(s, step)
    assert options == [mv.TakeManuscript(k) for k in range(5)]
    assert decide(s, step, options) == mv.TakeManuscript(2)
    assert decide(s, step, [mv.TakeManuscript(k) for k in (0, 1, 3, 4)]) == mv.TakeManuscript(3)
