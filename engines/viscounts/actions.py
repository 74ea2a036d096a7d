"""The four primary actions (§5.4–§5.7) of phase 3, and taking none (A-11).

Each action has its options (every legal move, with every minimal payment, ``funding``), its check (the
first thing wrong, with the numbers) and its effect: the payment, then the dismissed card's top-right
effect, then the outcome, then the "after you take action X" abilities (§4.7 phase 3).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from msgspec.structs import replace

from engines.core.errors import Violation, violation
from engines.core.text import Message, Text
from engines.viscounts import building, castle, funding, manuscripts
from engines.viscounts import moves as mv
from engines.viscounts.board import OL, is_outer, kind, position, reachable_spots, side
from engines.viscounts.cards import take_from_pile
from engines.viscounts.common import CONTENT, board_slots, gain, push, set_player
from engines.viscounts.content import ActionName, TradeExchange
from engines.viscounts.funding import Payment
from engines.viscounts.names import ACTION_NAMES, BUILDINGS, slot_words, spot_words
from engines.viscounts.state import EMPTY, AfterAction, Outcome, Run, State, Step

PrimaryMove = mv.Trade | mv.Build | mv.PlaceWorkers | mv.Transcribe

ACTION_OF: dict[type, ActionName] = {
    mv.Trade: "TRADE",
    mv.Build: "BUILD",
    mv.PlaceWorkers: "NOBLE",
    mv.Transcribe: "TRANSCRIBE",
}


def payment_of(a: PrimaryMove) -> Payment:
    """The payment a move names."""
    return Payment(
        pay=a.pay,
        silver=getattr(a, "silver", 0),
        gold=getattr(a, "gold", 0),
        stone=getattr(a, "stone", 0),
        dismiss=a.dismiss,
    )


def _with_payment(a: PrimaryMove, p: Payment) -> PrimaryMove:
    fields: dict[str, Any] = {"pay": p.pay, "dismiss": p.dismiss}
    if not isinstance(a, mv.Trade):
        fields["silver"] = p.silver
    if isinstance(a, mv.Transcribe):
        fields.update(gold=p.gold, stone=p.stone)
    return replace(a, **fields)


WRONG_SPACE_OUTER = Message("viscounts.refusal.wrong_space_outer", "{action} is taken from an outer space.")
WRONG_SPACE_INNER = Message(
    "viscounts.refusal.wrong_space_inner", "{action} is taken from an inner space (by the castle)."
)
NO_USES = Message("viscounts.refusal.no_uses", "A trade uses its exchange at least once, not {n} times.")
NO_BUILDINGS = Message("viscounts.refusal.no_buildings", "All nine of your buildings are built.")
ALREADY_BUILT = Message("viscounts.refusal.already_built", "{slot} is already built.")
NOT_YOUR_BUILDING = Message("viscounts.refusal.not_your_building", "That is not a building of your board.")
NOT_YOUR_SIDE = Message("viscounts.refusal.not_your_side", "{spot} is not on your side of the river.")
SPOT_HOLDS = Message("viscounts.refusal.spot_holds", "{spot} already holds a building.")
WORKER_COUNT = Message("viscounts.refusal.worker_count", "Place 1 to {most} workers, not {n}.")
NO_WORKERS = Message("viscounts.refusal.no_workers", "You place {n} workers; you have {supply} in your supply.")
TRADE_NEED = {
    e.kind: Message(f"viscounts.need.trade_{e.kind}", f"{{uses}} uses of the {e.kind} exchange ({{cost}} each)")
    for e in CONTENT.board.exchanges
}
"""What a trade buys, in a refusal: ``2 uses of the ink exchange (1 each)``."""
BUILD_NEED = {
    kind_: Message(f"viscounts.need.build_{kind_}", f"A {name.english.lower()}") for kind_, name in BUILDINGS.items()
}
"""What a build buys, in a refusal: ``A trading post``."""
NOBLE_NEED = Message("viscounts.need.workers", "Placing {n} workers")
TRANSCRIBE_NEED = Message("viscounts.need.manuscript", "The manuscript")


def _space_problem(s: State, seat: int, action: ActionName) -> list[Violation]:
    """§5.4–§5.7: Trade and Build on outer spaces, Place Workers and Transcribe on the inner space."""
    outer = is_outer(s.players[seat].space)
    if (CONTENT_SPACES[action] == "outer") == outer:
        return []
    wrong = WRONG_SPACE_OUTER if CONTENT_SPACES[action] == "outer" else WRONG_SPACE_INNER
    return violation("VISCOUNTS_WRONG_SPACE", wrong(action=ACTION_NAMES[action]), "action")


CONTENT_SPACES = {row.action: row.spaces for row in CONTENT.board.actions}


# ---- Trade (§5.4) -------------------------------------------------------------------------------------------


def exchange(s: State, seat: int) -> TradeExchange:
    """The exchange printed at the viscount's outer space."""
    space = s.players[seat].space
    seg = side(s.ring, position(space))
    kind_ = seg.exchange_ol if kind(space) == OL else seg.exchange_or
    return next(e for e in CONTENT.board.exchanges if e.kind == kind_)


def _trade_need(s: State, seat: int, a: mv.Trade) -> tuple[int, Text]:
    ex = exchange(s, seat)
    return a.uses * ex.cost, TRADE_NEED[ex.kind](uses=a.uses, cost=ex.cost)


def trade_targets(s: State, seat: int) -> list[mv.Trade]:
    """Every number of uses the player could fund with all their merchant icons and silver (A-12)."""
    ex = exchange(s, seat)
    best = funding.free_icons(s, seat, "TRADE", True) + s.players[seat].silver
    return [mv.Trade(uses) for uses in range(1, best // ex.cost + 1)]


def check_trade_target(s: State, seat: int, a: mv.Trade) -> list[Violation]:
    """§5.4 Trade: the exchange is used at least once (trading zero times is no action, A-11)."""
    if a.uses >= 1:
        return []
    return violation("VISCOUNTS_NO_USES", NO_USES(n=a.uses), "action.uses")


def trade_outcome(s: State, o: Outcome) -> State:
    """§5.4: the exchange's reward once per use."""
    ex = exchange(s, o.seat)
    return push(s, Run(o.seat, (ex.reward,) * o.uses, f"{ex.kind} exchange"))


# ---- Build (§5.5) ---------------------------------------------------------------------------------------------


def _build_need(s: State, seat: int, a: mv.Build) -> tuple[int, Text]:
    slot = next((sl for sl in building.slots_left(s, seat) if sl.id == a.slot), None)
    kind_ = slot.building if slot is not None else "trading_post"
    return building.building_cost(kind_), BUILD_NEED[kind_]()


def build_targets(s: State, seat: int) -> list[mv.Build]:
    """Every slot still holding a building onto every free spot the viscount's space reaches (A-29)."""
    spots = building.free_spots(s, reachable_spots(s.ring, s.players[seat].space))
    return [mv.Build(slot.id, spot) for slot in building.slots_left(s, seat) for spot in spots]


def check_build_target(s: State, seat: int, a: mv.Build) -> list[Violation]:
    """A-04: a building left on the board; the spot free and on the viscount's side of the river."""
    left = building.slots_left(s, seat)
    if not left:
        return violation("VISCOUNTS_NO_BUILDINGS", NO_BUILDINGS(), "action")
    if a.slot not in {slot.id for slot in left}:
        built = a.slot in {slot.id for slot in board_slots(s.players[seat])}
        message = ALREADY_BUILT(slot=slot_words(a.slot)) if built else NOT_YOUR_BUILDING()
        return violation("VISCOUNTS_NO_SUCH_BUILDING", message, "action.slot")
    reach = reachable_spots(s.ring, s.players[seat].space)
    if a.spot not in reach:
        message = NOT_YOUR_SIDE(spot=spot_words(s, a.spot))
        return violation("VISCOUNTS_SPOT_UNREACHABLE", message, "action.spot")
    if s.spots[a.spot] != EMPTY:
        message = SPOT_HOLDS(spot=spot_words(s, a.spot))
        return violation("VISCOUNTS_SPOT_TAKEN", message, "action.spot")
    return []


def build_outcome(s: State, o: Outcome) -> State:
    """§5.5 Build: the building leaves its slot for the spot; the spot's reward, links and castle follow."""
    return building.construct(s, o.seat, o.slot, o.spot)


# ---- Place Workers (§5.6) ---------------------------------------------------------------------------------------


def workers_need(n: int) -> int:
    """§6.9 the worker table: 1 / 3 / 5 / 8 noble icons for 1 / 2 / 3 / 4 workers."""
    return next(icons for icons, workers in CONTENT.board.worker_thresholds if workers == n)


MAX_WORKERS = max(workers for _, workers in CONTENT.board.worker_thresholds)


def _noble_need(s: State, seat: int, a: mv.PlaceWorkers) -> tuple[int, Text]:
    return workers_need(a.workers), NOBLE_NEED(n=a.workers)


def noble_targets(s: State, seat: int) -> list[mv.PlaceWorkers]:
    return [mv.PlaceWorkers(n) for n in range(1, min(MAX_WORKERS, s.players[seat].workers) + 1)]


def check_noble_target(s: State, seat: int, a: mv.PlaceWorkers) -> list[Violation]:
    """§5.6 Place Workers: one to four workers, and no more than the supply holds."""
    supply = s.players[seat].workers
    if not 1 <= a.workers <= MAX_WORKERS:
        return violation("VISCOUNTS_WORKER_COUNT", WORKER_COUNT(most=MAX_WORKERS, n=a.workers), "action.workers")
    if a.workers > supply:
        message = NO_WORKERS(n=a.workers, supply=supply)
        return violation("VISCOUNTS_NO_WORKERS", message, "action.workers")
    return []


def noble_outcome(s: State, o: Outcome) -> State:
    """§5.6: the workers go to tier 1 of the viscount's castle section, then the castle resolves (§5.8)."""
    return castle.place(s, o.seat, castle.viscount_section(s, o.seat), o.uses)


# ---- Transcribe (§5.7) ---------------------------------------------------------------------------------------------


def _transcribe_need(s: State, seat: int, a: mv.Transcribe) -> tuple[int, Text]:
    return manuscripts.cost_at(s, position(s.players[seat].space)), TRANSCRIBE_NEED()


def transcribe_outcome(s: State, o: Outcome) -> State:
    """§5.7 Transcribe: the segment's manuscript (its immediate effect, the Cleric Bonus check, §6.8)."""
    return manuscripts.take(s, o.seat, position(s.players[o.seat].space))


# ---- the table -------------------------------------------------------------------------------------------------------


Need = Callable[[State, int, Any], tuple[int, Text]]
Targets = Callable[[State, int], Sequence[PrimaryMove]]
TargetCheck = Callable[[State, int, Any], list[Violation]]

RULES: dict[type, tuple[Targets, TargetCheck, Need]] = {
    mv.Trade: (trade_targets, check_trade_target, _trade_need),
    mv.Build: (build_targets, check_build_target, _build_need),
    mv.PlaceWorkers: (noble_targets, check_noble_target, _noble_need),
    mv.Transcribe: (lambda s, seat: [mv.Transcribe()], lambda s, seat, a: [], _transcribe_need),
}

OUTCOMES: dict[str, Callable[[State, Outcome], State]] = {
    "TRADE": trade_outcome,
    "BUILD": build_outcome,
    "NOBLE": noble_outcome,
    "TRANSCRIBE": transcribe_outcome,
}


def options(s: State, seat: int) -> list[PrimaryMove]:
    """Every primary action the player can take here, with every minimal payment."""
    out: list[PrimaryMove] = []
    for kind_, (targets, _, need) in RULES.items():
        action = ACTION_OF[kind_]
        if _space_problem(s, seat, action):
            continue
        for target in targets(s, seat):
            icons, what = need(s, seat, target)
            out.extend(_with_payment(target, p) for p in funding.payments(s, seat, action, icons, what))
    return out


def check(s: State, seat: int, a: PrimaryMove) -> list[Violation]:
    """The space, the target, then the payment."""
    action = ACTION_OF[type(a)]
    _, target_check, need = RULES[type(a)]
    problems = _space_problem(s, seat, action) or target_check(s, seat, a)
    if problems:
        return problems
    icons, what = need(s, seat, a)
    return funding.payment_problems(s, seat, action, icons, payment_of(a), what)


def apply(s: State, seat: int, a: PrimaryMove) -> State:
    """Pay, dismiss (the card's top-right effect first), then the outcome and the after-action abilities."""
    action = ACTION_OF[type(a)]
    p = payment_of(a)
    player = s.players[seat]
    spent = funding.silver_spent(s, seat, action, p)
    res = funding.resource(action)
    s = set_player(s, seat, silver=player.silver - spent)
    if res != "silver":
        s = gain(s, seat, **{res: -p.pay})
    s = gain(s, seat, gold=-p.gold, stone=-p.stone)
    steps: list[Step] = []
    if p.dismiss:
        s, steps = dismiss(s, seat)
    outcome = Outcome(seat, action, uses=getattr(a, "uses", getattr(a, "workers", 0)))
    if isinstance(a, mv.Build):
        outcome = replace(outcome, slot=a.slot, spot=a.spot)
    return push(s, *steps, outcome, AfterAction(seat, action))


def dismiss(s: State, seat: int) -> tuple[State, list[Step]]:
    """§5.3: the real card leaves the game (a printed card stays); its top-right effect resolves first."""
    pos = position(s.players[seat].space)
    if s.folk_tops[pos] == EMPTY:
        printed = side(s.ring, pos).fallback_townsfolk
        return s, [Run(seat, (printed.hire_effect,), "printed townsfolk")]
    s, card_id, reveal = take_from_pile(s, pos)
    s = replace(s, folk_removed=tuple(sorted((*s.folk_removed, card_id))))
    effect = CONTENT.townsfolk[card_id].hire_effect
    return s, [*reveal, *((Run(seat, (effect,), card_id),) if effect is not None else ())]


def outcome(s: State, o: Outcome) -> State:
    """The action's outcome (after the dismissed card's effect)."""
    return OUTCOMES[o.action](s, o)
