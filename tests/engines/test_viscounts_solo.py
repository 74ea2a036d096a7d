"""The solo game's worked examples (§8.6 T-AI-1, T-AI-2, §8.3 T-AI-3) and the Cleric AI's rules (§8),
through the engine's protocol: the AI's turns are played by the engine, the chance seat names the schemes
and the cards drawn."""

from __future__ import annotations

from msgspec.structs import replace

from engines.core.engine import CHANCE
from engines.viscounts import moves as mv
from engines.viscounts.content import Effect
from engines.viscounts.engine import ENGINE
from engines.viscounts.state import Run, State
from tests.engines.viscounts_helpers import Move, at, checked, folk_top, kind, player, settled, table

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
