"""Manuscripts (§5.7, §6.12): taking one from a pile (or using a printed one), the Cleric Bonus cards
(§6.8), and the free manuscript of §6.2 (A-16)."""

from __future__ import annotations

from collections import Counter

from msgspec.structs import replace

from engines.core.errors import Violation, violation
from engines.core.text import LIST_OR, Message, listing
from engines.viscounts import moves as mv
from engines.viscounts.board import side
from engines.viscounts.common import CONTENT, at, push, set_player, swap_head
from engines.viscounts.state import EMPTY, DrawManuscript, FreeManuscript, Run, State

NOT_FREE_MANUSCRIPT = Message(
    "viscounts.refusal.not_free_manuscript",
    "The manuscript pile of segment {position} shows no manuscript costing {costs}.",
)
NOT_FREE_MANUSCRIPT_THERE = Message(
    "viscounts.refusal.not_free_manuscript_there", "There shows no manuscript costing {costs}."
)

BONUS_AT = 3
"""§6.8: three collected manuscripts of one ribbon win its Cleric Bonus card."""


def cost_at(s: State, pos: int) -> int:
    """The cleric icons the visible manuscript of pile ``pos`` costs (the printed one's when it is empty)."""
    top = s.script_tops[pos]
    return CONTENT.manuscripts[top].cost if top != EMPTY else side(s.ring, pos).fallback_manuscript.cost


def cleric_bonus(s: State, seat: int) -> State:
    """§6.8: a ribbon held three times wins its Cleric Bonus card, if nobody has it yet (never lost)."""
    p = s.players[seat]
    counts: Counter[str] = Counter(CONTENT.manuscripts[m].ribbon for m in p.manuscripts)
    taken = {ribbon for q in s.players for ribbon in q.cleric_bonus}
    won = [r for r in CONTENT.board.ribbons if counts[r] >= BONUS_AT and r not in taken]
    return set_player(s, seat, cleric_bonus=(*p.cleric_bonus, *won)) if won else s


def take(s: State, seat: int, pos: int) -> State:
    """§5.7: the player takes pile ``pos``'s visible manuscript (the next one is revealed), resolves its
    immediate effect and checks the Cleric Bonus; an empty pile's printed manuscript gives its effect only."""
    top = s.script_tops[pos]
    if top == EMPTY:
        printed = side(s.ring, pos).fallback_manuscript
        return push(s, Run(seat, (printed.immediate,), "printed manuscript"))
    s = replace(s, script_tops=at(s.script_tops, pos, EMPTY))
    s = cleric_bonus(set_player(s, seat, manuscripts=(*s.players[seat].manuscripts, top)), seat)
    reveal = (DrawManuscript(pos),) if s.script_left[pos] > 0 else ()
    immediate = CONTENT.manuscripts[top].immediate
    return push(s, *reveal, *((Run(seat, (immediate,), top),) if immediate is not None else ()))


# ---- the free manuscript (§6.2, A-16) -----------------------------------------------------------------------


def free_options(s: State, step: FreeManuscript) -> list[mv.TakeManuscript]:
    """§6.2 ``free_manuscript`` (A-16): a visible manuscript (never a printed one) costing one of the
    effect's costs."""
    return [
        mv.TakeManuscript(pos)
        for pos, top in enumerate(s.script_tops)
        if top != EMPTY and CONTENT.manuscripts[top].cost in step.costs
    ]


def check_free(s: State, step: FreeManuscript, a: mv.TakeManuscript) -> list[Violation]:
    """§6.2 ``free_manuscript`` (A-16): the pile named shows a manuscript of an allowed cost."""
    if a in free_options(s, step):
        return []
    costs = listing(list(step.costs), joined=LIST_OR)
    if 0 <= a.position < len(s.script_tops):
        message = NOT_FREE_MANUSCRIPT(position=a.position + 1, costs=costs)
    else:
        message = NOT_FREE_MANUSCRIPT_THERE(costs=costs)
    return violation("VISCOUNTS_NOT_FREE_MANUSCRIPT", message, "action.position")


def apply_free(s: State, step: FreeManuscript, a: mv.TakeManuscript) -> State:
    """§6.2 ``free_manuscript`` (A-16): taken as if transcribed, outside the turn's one transcription."""
    return take(swap_head(s), step.seat, a.position)
