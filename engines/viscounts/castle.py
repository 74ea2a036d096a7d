"""The castle (§5.8, §6.10): placing workers, the three-worker cascade, bumping, the Castle Leader.

``Settle`` is the castle resolution of §5.8 as a queued step: it resolves, one section at a time, the
first player (in turn order from the active player) holding three own workers in a tier-1 or tier-2
section, asking which section when there are several; when that player is done the active player bumps
(A-36 ``each``; ``once``: a single bump after everybody), then the next player follows.
"""

from __future__ import annotations

from msgspec.structs import replace

from engines.core.errors import Violation, violation
from engines.core.text import Message
from engines.viscounts import moves as mv
from engines.viscounts.board import SEGMENTS, neighbours, section_at
from engines.viscounts.common import CONTENT, at, push, seats_from, set_player, swap_head
from engines.viscounts.content import Effect
from engines.viscounts.state import (
    NO_SEAT,
    Bump,
    Castle,
    CastleMove,
    CastleSection,
    PlaceSection,
    Run,
    Settle,
    Spread,
    State,
)

SECTION_NOT_READY = Message(
    "viscounts.refusal.section_not_ready", "Section {section} does not hold three of your workers on tier {tier}."
)
NOT_BUMPABLE = Message(
    "viscounts.refusal.not_bumpable", "Tier {tier} of section {section} holds no worker of seat {owner} over capacity."
)
NO_SECTION = Message("viscounts.refusal.no_section", "There is no castle section {section}.")
NO_WORKER = Message("viscounts.refusal.no_worker", "You have no worker on tier 1 of that section.")
SECTION_RESOLVING = Message(
    "viscounts.refusal.section_resolving", "The section being resolved keeps its workers until they move sideways."
)
NOT_ADJACENT = Message("viscounts.refusal.not_adjacent", "A castle move goes to an adjacent section.")

THREE = 3
"""§5.8: three own workers in a section move on; more than three of all colours are bumped."""


def _add(tier: tuple[tuple[int, ...], ...], section: int, seat: int, delta: int) -> tuple[tuple[int, ...], ...]:
    return at(tier, section, at(tier[section], seat, tier[section][seat] + delta))


def tier_of(c: Castle, tier: int) -> tuple[tuple[int, ...], ...]:
    return c.tier1 if tier == 1 else c.tier2


def with_tier(c: Castle, tier: int, value: tuple[tuple[int, ...], ...]) -> Castle:
    return replace(c, tier1=value) if tier == 1 else replace(c, tier2=value)


def viscount_section(s: State, seat: int) -> int:
    """The castle section next to the segment of ``seat``'s viscount (§5.6)."""
    return section_at(s.rotation, s.players[seat].space // 3)


def place(s: State, seat: int, section: int, n: int) -> State:
    """Up to ``n`` workers from ``seat``'s supply onto tier 1 of ``section`` (as many as are left, §6.2),
    then the castle resolution."""
    n = min(n, s.players[seat].workers)
    if n <= 0:
        return s
    s = set_player(s, seat, workers=s.players[seat].workers - n)
    s = replace(s, castle=replace(s.castle, tier1=_add(s.castle.tier1, section, seat, n)))
    return push(s, Settle(_active(s, seat)))


def _active(s: State, seat: int) -> int:
    return s.turn.seat if s.turn is not None else seat


# ---- the cascade (§5.8) ------------------------------------------------------------------------------------


def ready(s: State, seat: int, tier: int) -> list[int]:
    """The sections where ``seat`` holds three own workers on ``tier``."""
    return [k for k in range(SEGMENTS) if tier_of(s.castle, tier)[k][seat] >= THREE]


def _ready_tier(s: State, seat: int) -> int:
    """Tier 1 goes first, then tier 2 (§5.8); 0 when neither has a three-worker section."""
    return next((tier for tier in (1, 2) if ready(s, seat, tier)), 0)


def section_reward(s: State, section: int) -> Effect:
    """§6.10 the tier-2 reward of ``section``; A-35 ``choice`` reads gold-and-move as gold or move."""
    reward = CONTENT.castle.sections[section]
    if (
        s.options.castle_gold_move == "choice"
        and reward.op == "all"
        and {e.op for e in reward.of}
        == {
            "gold",
            "castle_move",
        }
    ):
        return Effect(op="choice", of=reward.of)
    return reward


def resolve_section(s: State, seat: int, tier: int, section: int) -> State:
    """§5.8: tier 1: one worker up and one to each neighbouring section, then the section's reward (A-09);
    tier 2: one worker to the centre, any one resource, the Castle Leader check."""
    c = s.castle
    if tier == 1:
        reward = Run(seat, (section_reward(s, section),), f"castle section {section + 1}")
        if s.options.castle_order == "literal":
            t1 = _add(c.tier1, section, seat, -1)
            s = replace(s, castle=replace(c, tier1=t1, tier2=_add(c.tier2, section, seat, 1)))
            return push(s, reward, Spread(seat, section))
        s = replace(s, castle=replace(c, tier2=_add(c.tier2, section, seat, 1)))
        return push(spread(s, seat, section, -THREE), reward)
    centre = at(c.centre, seat, c.centre[seat] + 1)
    s = replace(s, castle=replace(c, tier2=_add(c.tier2, section, seat, -1), centre=centre))
    s = update_leader(s, seat)
    return push(s, Run(seat, (CONTENT.castle.centre,), "castle centre"))


def spread(s: State, seat: int, section: int, taken: int = -2) -> State:
    """§5.8: one worker from tier-1 ``section`` to each neighbouring section (``taken``: the workers that
    leave the section in all, the one moving up included when it has not left yet)."""
    cw, ccw = neighbours(section)
    t1 = _add(_add(_add(s.castle.tier1, section, seat, taken), cw, seat, 1), ccw, seat, 1)
    return replace(s, castle=replace(s.castle, tier1=t1))


def apply_spread(s: State, step: Spread) -> State:
    """A-09 ``literal``: the two sideways moves after the reward."""
    return spread(swap_head(s), step.seat, step.section)


def spreading(s: State, seat: int) -> set[int]:
    """Sections whose sideways moves are still owed (A-09 ``literal``): a castle move leaves them alone."""
    return {step.section for step in s.queue if isinstance(step, Spread) and step.seat == seat}


def update_leader(s: State, seat: int) -> State:
    """§5.8: the first worker on tier 3 takes the Castle Leader card; later only strictly more takes it."""
    c = s.castle
    if c.leader == NO_SEAT or (c.leader != seat and c.centre[seat] > c.centre[c.leader]):
        return replace(s, castle=replace(c, leader=seat))
    return s


def crowded(c: Castle) -> list[tuple[int, int]]:
    """(section, tier) places holding more than three workers of all colours."""
    return [(k, tier) for tier in (1, 2) for k in range(SEGMENTS) if sum(tier_of(c, tier)[k]) > THREE]


def settle(s: State, step: Settle) -> State | None:
    """One move of the castle resolution, or ``None`` when a decision is owed (which section, a bump). A
    resolution asked for while sideways moves are still owed (A-09 ``literal``: a castle move in the
    reward) is left to the resolution already queued after them."""
    if any(isinstance(later, Spread) for later in s.queue):
        return swap_head(s)
    order = seats_from(s, step.active)
    waiting = [seat for seat in order if _ready_tier(s, seat)]
    current = step.seat if step.seat != NO_SEAT else step.active
    if current in waiting:
        tier = _ready_tier(s, current)
        sections = ready(s, current, tier)
        if len(sections) > 1:
            return push(s, CastleSection(current, tier))
        return resolve_section(s, current, tier, sections[0])
    if crowded(s.castle) and (s.options.bump_timing == "each" or not waiting):
        return push(s, Bump(step.active))
    if waiting:
        return swap_head(s, replace(step, seat=waiting[0]))
    return swap_head(s)


# ---- decisions -----------------------------------------------------------------------------------------


def section_options(s: State, step: CastleSection) -> list[mv.Section]:
    """§5.8: each section holding three of the player's workers on the tier being resolved."""
    return [mv.Section(k) for k in ready(s, step.seat, step.tier)]


def check_section(s: State, step: CastleSection, a: mv.Section) -> list[Violation]:
    """§5.8: the section resolved holds three of the player's workers on the tier being resolved."""
    if a.section in ready(s, step.seat, step.tier):
        return []
    message = SECTION_NOT_READY(section=a.section + 1, tier=step.tier)
    return violation("VISCOUNTS_SECTION_NOT_READY", message, "action.section")


def apply_section(s: State, step: CastleSection, a: mv.Section) -> State:
    """§5.8: resolve the section: from tier 1 one worker up and one to each side, with the tier-2 reward
    (§6.10); from tier 2 one worker to the centre and a resource."""
    return resolve_section(swap_head(s), step.seat, step.tier, a.section)


def bump_options(s: State, step: Bump) -> list[mv.BumpWorker]:
    """§5.8 bump: any worker (any colour) of a tier-1 or tier-2 section holding more than three."""
    return [
        mv.BumpWorker(k, tier, owner)
        for k, tier in crowded(s.castle)
        for owner, n in enumerate(tier_of(s.castle, tier)[k])
        if n > 0
    ]


def check_bump(s: State, step: Bump, a: mv.BumpWorker) -> list[Violation]:
    """§5.8 bump: the worker bumped stands in a section over capacity."""
    if a in bump_options(s, step):
        return []
    message = NOT_BUMPABLE(tier=a.tier, section=a.section + 1, owner=a.owner)
    return violation("VISCOUNTS_NOT_BUMPABLE", message, "action")


def apply_bump(s: State, step: Bump, a: mv.BumpWorker) -> State:
    """§5.8 bump: the worker returns to its owner, who gains 2 silver (tier 1) or a virtue and a resource
    (tier 2)."""
    c = s.castle
    s = replace(s, castle=with_tier(c, a.tier, _add(tier_of(c, a.tier), a.section, a.owner, -1)))
    s = set_player(s, a.owner, workers=s.players[a.owner].workers + 1)
    reward = CONTENT.castle.bump_tier1 if a.tier == 1 else CONTENT.castle.bump_tier2
    return swap_head(s, Run(a.owner, (reward,), "bumped"))


def place_options(s: State, step: PlaceSection) -> list[mv.Section]:
    """§6.2 ``place_workers`` on ``any_section``: any of the five tier-1 sections."""
    return [mv.Section(k) for k in range(SEGMENTS)]


def check_place(s: State, step: PlaceSection, a: mv.Section) -> list[Violation]:
    """§6.2 ``place_workers`` on ``any_section``: the section named exists."""
    if 0 <= a.section < SEGMENTS:
        return []
    return violation("VISCOUNTS_NO_SECTION", NO_SECTION(section=a.section + 1), "action.section")


def apply_place(s: State, step: PlaceSection, a: mv.Section) -> State:
    """§6.2 ``place_workers``: the free workers go to the section's tier 1, then the castle resolves (§5.8)."""
    return place(swap_head(s), step.seat, a.section, step.n)


def move_options(s: State, step: CastleMove) -> list[mv.MoveWorker | mv.Pass]:
    """§6.2 castle move (optional): one own tier-1 worker to an adjacent tier-1 section."""
    own = s.castle.tier1
    fixed = spreading(s, step.seat)
    moves = [
        mv.MoveWorker(k, t)
        for k in range(SEGMENTS)
        if own[k][step.seat] > 0 and k not in fixed
        for t in sorted(neighbours(k))
        if t not in fixed
    ]
    return [*moves, mv.Pass()]


def check_move(s: State, step: CastleMove, a: mv.MoveWorker | mv.Pass) -> list[Violation]:
    """§6.2 castle move: an own tier-1 worker to an adjacent tier-1 section (not the section still moving
    sideways under A-09 ``literal``)."""
    if isinstance(a, mv.Pass) or a in move_options(s, step):
        return []
    if not (0 <= a.source < SEGMENTS) or s.castle.tier1[a.source][step.seat] == 0:
        return violation("VISCOUNTS_NO_WORKER", NO_WORKER(), "action.source")
    if a.source in spreading(s, step.seat) or a.target in spreading(s, step.seat):
        message = SECTION_RESOLVING()
        return violation("VISCOUNTS_SECTION_RESOLVING", message, "action.source")
    return violation("VISCOUNTS_NOT_ADJACENT", NOT_ADJACENT(), "action.target")


def apply_move(s: State, step: CastleMove, a: mv.MoveWorker | mv.Pass) -> State:
    """§6.2 castle move: the worker changes section, then the castle resolves (§5.8); or declined."""
    if isinstance(a, mv.Pass):
        return swap_head(s)
    rest = (CastleMove(step.seat, step.left - 1),) if step.left > 1 else ()
    t1 = _add(_add(s.castle.tier1, a.source, step.seat, -1), a.target, step.seat, 1)
    s = replace(s, castle=replace(s.castle, tier1=t1))
    return swap_head(s, *rest, Settle(_active(s, step.seat)))
