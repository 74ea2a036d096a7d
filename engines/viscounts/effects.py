"""The effect engine (§6.2): one interpreter for every card, spot, link, castle, manuscript, collision and
player-card effect, which are data (content ``Effect`` trees), plus the ongoing abilities they trigger.

``Run(seat, effects)`` at the head of the queue applies its first effect and leaves the rest behind it.
An effect that needs a decision becomes the step asking for it (``ChooseBranch``, ``ChooseResource``,
``DiscardStep`` ...); an effect counted ``n`` times that can trigger abilities (a debt gained, a debt
flipped) applies one unit and queues the remaining ``n - 1`` after the triggered abilities, so every
trigger resolves at its own unit.
"""

from __future__ import annotations

from collections.abc import Callable

from msgspec.structs import replace

from engines.core.errors import Violation, violation
from engines.core.text import Message
from engines.viscounts import cards, castle, goods, solo
from engines.viscounts import moves as mv
from engines.viscounts.common import CONTENT, criminals, gain, push, seats_from, swap_head
from engines.viscounts.content import Effect, Trigger
from engines.viscounts.state import (
    BuildFree,
    CastleMove,
    ChooseBranch,
    ChooseCost,
    ChooseFlip,
    ChooseResource,
    DestroyStep,
    DiscardStep,
    FreeHire,
    FreeManuscript,
    PlaceSection,
    Rearrange,
    Run,
    State,
    Step,
)

NO_SUCH_OPTION = Message("viscounts.refusal.no_such_option", "The choice has {n} options (0 to {last}), not {index}.")

Handler = Callable[[State, int, Effect, str], State]
"""Applies one effect for a seat; the Run's head is already replaced by its remaining effects."""


# ---- ongoing abilities (§6.2 triggers) ------------------------------------------------------------------------


def triggered(s: State, seat: int, trigger: Trigger, action: str = "") -> list[Run]:
    """The effects of ``seat``'s ongoing abilities in board slots that ``trigger`` (and ``action``) fires,
    slot 1 first. Ongoing abilities never work during final scoring (§4.9)."""
    if s.stage == "over" or s.players[seat].ai:
        return []
    out = []
    for card_id in s.players[seat].slots:
        ability = CONTENT.townsfolk[card_id].ability if card_id else None
        if ability is not None and ability.trigger == trigger and ability.action == action and ability.effect:
            out.append(Run(seat, (ability.effect,), card_id))
    return out


def collision_abilities(s: State, active: int) -> list[Run]:
    """§4.7 phase 5 step 2: every player's "when any player resolves a collision" abilities, in seat order
    from the active player."""
    return [run for seat in seats_from(s, active) for run in triggered(s, seat, "on_any_collision")]


# ---- one effect ----------------------------------------------------------------------------------------------


def _again(seat: int, e: Effect, source: str) -> tuple[Run, ...]:
    """The remaining units of a counted effect."""
    return (Run(seat, (replace(e, n=e.n - 1),), source),) if e.n > 1 else ()


def _goods(s: State, seat: int, e: Effect, source: str) -> State:
    return gain(s, seat, **{e.op: e.n})


def _gain_debt(s: State, seat: int, e: Effect, source: str) -> State:
    """§4.5, §6.9: debts one at a time, each firing "on each debt gained"."""
    s = goods.take_debt(s, seat)
    return push(s, *triggered(s, seat, "on_gain_debt"), *_again(seat, e, source))


def _gain_deed(s: State, seat: int, e: Effect, source: str) -> State:
    for _ in range(e.n):
        s = goods.take_deed(s, seat)
    return s


def flip_debt_now(s: State, seat: int) -> tuple[State, tuple[Step, ...]]:
    """§4.5: a debt flipped: its owner takes any one resource, then "on each flip of a debt" fires."""
    s = goods.flip_debt(s, seat)
    return s, (ChooseResource(seat), *triggered(s, seat, "on_flip_debt"))


def _flip(s: State, seat: int, e: Effect, source: str) -> State:
    """§4.5 flips: of the kind named, or (``flip_debt_or_deed``) of the player's choice; a flip with
    nothing to flip is lost."""
    kinds = goods.flippable(s, seat)
    wanted = {"flip_debt": ("debt",), "flip_deed": ("deed",)}.get(e.op, kinds)
    possible = [k for k in kinds if k in wanted]
    again = _again(seat, e, source)
    if not possible:
        lost = (Run(seat, (Effect(op="virtue"),), "nothing to flip"),) if s.players[seat].ai else ()
        return push(s, *lost, *again)
    if len(possible) > 1:
        return push(s, ChooseFlip(seat), *again)
    if possible[0] == "deed":
        return push(goods.flip_deed(s, seat), *again)
    s, then = flip_debt_now(s, seat)
    return push(s, *then, *again)


def _track(s: State, seat: int, e: Effect, source: str) -> State:
    move = goods.gain_virtue if e.op == "virtue" else goods.gain_corruption
    return move(s, seat, e.n)


def _draw(s: State, seat: int, e: Effect, source: str) -> State:
    """§4.6 Draw: one card at a time."""
    s = push(s, *_again(seat, e, source))
    return cards.take_top(s, seat, "hand")


def _shuffle(s: State, seat: int, e: Effect, source: str) -> State:
    return cards.shuffle_effect(s, seat)


def _ask(make: Callable[[int, Effect], Step]) -> Handler:
    def handler(s: State, seat: int, e: Effect, source: str) -> State:
        return push(s, make(seat, e))

    return handler


def _place_workers(s: State, seat: int, e: Effect, source: str) -> State:
    """§6.2 place_workers: on the section by the viscount, or on any one section (a decision)."""
    if e.where == "any_section":
        return push(s, PlaceSection(seat, e.n))
    return castle.place(s, seat, castle.viscount_section(s, seat), e.n)


def _build_free(s: State, seat: int, e: Effect, source: str) -> State:
    """§6.2 build_free (A-31); player card 8's Trading Post is any building under A-37 ``any``."""
    kind = "" if source == "player card 8" and s.options.card8_building == "any" else e.building
    return push(s, BuildFree(seat, kind, near=e.where == "viscount_space"))


def _all(s: State, seat: int, e: Effect, source: str) -> State:
    return push(s, Run(seat, e.of, source))


def _if(s: State, seat: int, e: Effect, source: str) -> State:
    """§6.2 conditions, on the receiving player's own board."""
    n = criminals(s.players[seat])
    holds = n >= 1 if e.criminals == ">=1" else n == 0
    return push(s, Run(seat, (e.then,), source)) if holds and e.then is not None else s


HANDLERS: dict[str, Handler] = {
    "silver": _goods,
    "ink": _goods,
    "gold": _goods,
    "stone": _goods,
    "any_resource": _ask(lambda seat, e: ChooseResource(seat, e.n)),
    "gain_debt": _gain_debt,
    "gain_deed": _gain_deed,
    "flip_debt": _flip,
    "flip_deed": _flip,
    "flip_debt_or_deed": _flip,
    "virtue": _track,
    "corruption": _track,
    "rearrange": _ask(lambda seat, e: Rearrange(seat)),
    "discard": _ask(lambda seat, e: DiscardStep(seat, e.n)),
    "destroy": _ask(lambda seat, e: DestroyStep(seat, e.n)),
    "shuffle": _shuffle,
    "draw": _draw,
    "free_hire": _ask(lambda seat, e: FreeHire(seat, e.n)),
    "free_manuscript": _ask(lambda seat, e: FreeManuscript(seat, e.costs)),
    "castle_move": _ask(lambda seat, e: CastleMove(seat, e.n)),
    "place_workers": _place_workers,
    "build_free": _build_free,
    "all": _all,
    "choice": lambda s, seat, e, source: push(s, ChooseBranch(seat, e, source)),
    "cost": lambda s, seat, e, source: push(s, ChooseCost(seat, e, source)),
    "if": _if,
}
"""§6.2: what each atom and combinator does."""


def run(s: State, step: Run) -> State:
    """Apply the head Run's first effect (its remaining effects stay queued behind what it asks)."""
    if not step.effects:
        return swap_head(s)
    first, rest = step.effects[0], step.effects[1:]
    s = swap_head(s, *((replace(step, effects=rest),) if rest else ()))
    if s.players[step.seat].ai:
        s, kept, instead = solo.substitute(s, step.seat, first)
        if kept is None:
            return push(s, *instead)
        first = kept
    return HANDLERS[first.op](s, step.seat, first, step.source)


# ---- the small decisions ------------------------------------------------------------------------------------


def branch_options(s: State, step: ChooseBranch) -> list[mv.Branch]:
    """§6.2 ``choice``: one option per branch of the effect."""
    return [mv.Branch(i) for i in range(len(step.effect.of))]


def check_branch(s: State, step: ChooseBranch, a: mv.Branch) -> list[Violation]:
    """§6.2 ``choice``: the branch named is one of the effect's."""
    if 0 <= a.index < len(step.effect.of):
        return []
    message = NO_SUCH_OPTION(n=len(step.effect.of), last=len(step.effect.of) - 1, index=a.index)
    return violation("VISCOUNTS_NO_SUCH_OPTION", message, "action.index")


def apply_branch(s: State, step: ChooseBranch, a: mv.Branch) -> State:
    """§6.2 ``choice``: the chosen branch runs."""
    return swap_head(s, Run(step.seat, (step.effect.of[a.index],), step.source))


def cost_options(s: State, step: ChooseCost) -> list[mv.Accept | mv.Pass]:
    """§6.2 ``cost``: pay and gain the reward, or decline both."""
    return [mv.Accept(), mv.Pass()]


def check_cost(s: State, step: ChooseCost, a: mv.Accept | mv.Pass) -> list[Violation]:
    """§6.2 ``cost`` (the arrow, optional): accepting and declining are both legal."""
    return []


def apply_cost(s: State, step: ChooseCost, a: mv.Accept | mv.Pass) -> State:
    """§6.2 ``cost``: perform the payment, then gain the reward; or decline both."""
    if isinstance(a, mv.Pass):
        return swap_head(s)
    paid = tuple(e for e in (step.effect.pay, step.effect.gain) if e is not None)
    return swap_head(s, Run(step.seat, paid, step.source))


def apply_resource(s: State, step: ChooseResource, a: mv.Take) -> State:
    """§6.2 ``any_resource``, §4.5: the player takes ink, gold or stone (never silver)."""
    rest = (ChooseResource(step.seat, step.left - 1),) if step.left > 1 else ()
    return goods.take_resource(swap_head(s, *rest), step.seat, a.resource)


def apply_flip(s: State, step: ChooseFlip, a: mv.Flip) -> State:
    """§4.5: flip the chosen kind: a deed is approved, a debt is paid (and pays a resource)."""
    rest = (ChooseFlip(step.seat, step.left - 1),) if step.left > 1 else ()
    s = swap_head(s, *rest)
    if a.what == "deed":
        return goods.flip_deed(s, step.seat)
    s, then = flip_debt_now(s, step.seat)
    return push(s, *then)
