"""The solo game (§8): the Cleric AI, which the engine plays by itself.

The AI's scheme cards are its draw pile, discard pile and board slots (``Player.ai``). Its turn (§8.4):
slide, reveal the top scheme into slot 1, execute the card's rows top to bottom, the last row's first
feasible alternative, then the collision (A-28). Every decision an effect would ask of the AI is taken
by its rules: the resource chart, the flip rule, "first option" on the castle, the first spot clockwise
for a free building, the current segment first for a free manuscript and free workers, the human's
workers when it bumps (§8.3, §8.5). The Reference card's substitutions turn what the AI cannot use into
what it can (``substitute``): a rearrange or two silver into a resource (A-27: silver is banked), a
destroy into a flip, a discard or a castle move into a virtue, a hire or a card into a Future Scheme.
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from engines.core.items import remove_one
from engines.viscounts import building, castle, manuscripts
from engines.viscounts import moves as mv
from engines.viscounts.actions import dismiss as dismiss_card
from engines.viscounts.board import OL, OR, SEGMENTS, SPACES, kind, position, reachable_spots, spot_table
from engines.viscounts.cards import reshuffle
from engines.viscounts.common import (
    CONTENT,
    RESOURCES,
    ai_board,
    board_icons,
    criminals,
    gain,
    push,
    set_player,
    swap_head,
)
from engines.viscounts.content import ActionName, AiStep, Effect
from engines.viscounts.goods import gain_corruption
from engines.viscounts.state import (
    EMPTY,
    AiDo,
    AiFirst,
    BuildFree,
    Bump,
    CastleSection,
    ChooseBranch,
    ChooseFlip,
    ChooseResource,
    DrawScheme,
    FreeManuscript,
    PlaceSection,
    Rearrange,
    Run,
    State,
    Step,
)

SILVER_PER_RESOURCE = 2
"""§8.3 Reference card column 1: two silver become one resource (A-27 banks the rest)."""


def ai_seat(s: State) -> int:
    """The AI's seat (-1 in a game without one)."""
    return next((seat for seat, p in enumerate(s.players) if p.ai), -1)


# ---- setup (§8.1) --------------------------------------------------------------------------------------------


def setup_steps(s: State, seat: int) -> State:
    """§8.1: the AI's starting pile (the Starting Schemes but the removed one, with the chosen number of
    Future Schemes shuffled in), its starting items and its first Guildhall."""
    removed = set(ai_board().schemes_removed)
    s = set_player(s, seat, draw=tuple(sorted(c for c in CONTENT.starting_schemes if c not in removed)))
    s = replace(s, future_unseen=tuple(sorted(c for c in CONTENT.future_schemes if c not in removed)))
    futures = [DrawScheme(seat, future=True, setup=True) for _ in range(s.options.future_schemes)]
    return push(s, *futures, Run(seat, ai_board().starting_items, "AI starting items"))


# ---- the AI's turn (§8.4) --------------------------------------------------------------------------------------


def slide(s: State, seat: int) -> State:
    """§8.4 step 1: the schemes slide one slot right; the one leaving slot 3 goes to the discard pile."""
    a, b, c = s.players[seat].slots
    s = set_player(s, seat, slots=(EMPTY, a, b))
    if c != EMPTY:
        s = set_player(s, seat, discard=(*s.players[seat].discard, c))
    assert s.turn is not None
    return replace(s, turn=replace(s.turn, phase="play"))


def reveal(s: State, seat: int) -> State:
    """§8.4 step 2: the top scheme into slot 1 (after a reshuffle with the criminal check if the pile is
    empty, §8.3)."""
    if not s.players[seat].draw:
        s = reshuffle(s, seat, drawing=True)
    return push(s, DrawScheme(seat))


def revealed(s: State, seat: int, scheme: str) -> State:
    """The revealed scheme's rows run, then its alternatives; the turn goes on to the collision."""
    p = s.players[seat]
    s = set_player(s, seat, draw=remove_one(p.draw, scheme), slots=(scheme, *p.slots[1:]))
    assert s.turn is not None
    s = replace(s, turn=replace(s.turn, phase="collide", played=scheme))
    card = CONTENT.schemes[scheme]
    return push(s, *(AiDo(seat, row, scheme) for row in card.rows), AiFirst(seat, card.bottom, scheme))


def printed_rows(scheme: str) -> tuple[AiStep, ...]:
    """§8.2: every row scheme card ``scheme`` can have the AI execute (``revealed``, ``do``, ``first``): its
    rows, its bottom row's alternatives, and the parts of an ``all`` row, at any depth; none for a card the
    game does not have."""
    card = CONTENT.schemes.get(scheme)
    out: list[AiStep] = []
    todo = [*card.rows, *card.bottom] if card is not None else []
    while todo:
        row = todo.pop()
        out.append(row)
        todo += row.of
    return tuple(out)


def future(s: State, step: DrawScheme, scheme: str) -> State:
    """A Future Scheme taken: onto the discard pile (§8.3), or into the starting pile (§8.1)."""
    s = replace(s, future_unseen=remove_one(s.future_unseen, scheme))
    p = s.players[step.seat]
    if step.setup:
        return set_player(s, step.seat, draw=tuple(sorted((*p.draw, scheme))))
    return set_player(s, step.seat, discard=(*p.discard, scheme))


# ---- the rows -------------------------------------------------------------------------------------------------------


def outer_move(space: int, n: int) -> int:
    """§8.3: the AI moves only clockwise along the outer path (OL -> OR -> next OL ...)."""
    for _ in range(n):
        space = space + (OR - OL) if kind(space) == OL else (space + 1) % SPACES
    return space


def _gain_future(seat: int) -> Step:
    return DrawScheme(seat, future=True)


def do(s: State, step: AiDo) -> State:
    """One scheme row (§8.2)."""
    s = swap_head(s)
    row, seat = step.row, step.seat
    if row.op == "criminal_corruption":
        return gain_corruption(s, seat, criminals(s.players[seat]))
    if row.op == "effect" and row.effect is not None:
        return push(s, Run(seat, (row.effect,), step.source))
    if row.op == "all":
        return push(s, *(AiDo(seat, part, step.source) for part in row.of))
    if row.op == "move":
        return move(s, seat, row.n)
    if row.op == "dismiss":
        return dismiss(s, seat)
    if row.op == "gain_future_scheme":
        return push(s, *(future_or_flip(s, seat) for _ in range(row.n)))
    return act(s, seat, action_of(row))


def move(s: State, seat: int, n: int) -> State:
    """§8.3: the AI's viscount moves; a human it lands on may rearrange."""
    space = outer_move(s.players[seat].space, n)
    s = set_player(s, seat, space=space)
    met = [q for q, p in enumerate(s.players) if q != seat and p.space == space]
    return push(s, *(Rearrange(q) for q in met))


def dismiss(s: State, seat: int) -> State:
    """§8.3: the AI dismisses the townsfolk of its segment for free, gains its top-right effect, no icons."""
    s, steps = dismiss_card(s, seat)
    return push(s, *steps)


def future_or_flip(s: State, seat: int) -> Step:
    """§8.3: a hire icon takes the top Future Scheme; with none left, a flip instead (Reference column 2)."""
    if s.future_unseen:
        return _gain_future(seat)
    return Run(seat, (Effect(op="flip_debt_or_deed"),), "no Future Scheme left")


def action_of(row: AiStep) -> ActionName:
    """The primary action a row names (the Primary Focus is the board's, §8.1)."""
    return ai_board().focus if row.op == "primary_focus" else row.op  # type: ignore[return-value]


def first(s: State, step: AiFirst) -> State:
    """§8.2: the first alternative the AI is able to perform."""
    s = swap_head(s)
    for row in step.rows:
        if feasible(s, step.seat, row):
            return push(s, AiDo(step.seat, row, step.source))
    return s


def feasible(s: State, seat: int, row: AiStep) -> bool:
    """Whether the AI can perform ``row`` (effects always can: what it cannot do is substituted)."""
    if row.op in ("BUILD", "NOBLE", "TRANSCRIBE", "TRADE", "primary_focus"):
        return plan(s, seat, action_of(row)) is not None
    return True


# ---- the AI's primary actions (§8.5) --------------------------------------------------------------------------------


def icons(s: State, seat: int, action: ActionName) -> int:
    """The AI's icons for ``action``: its board (scheme headers, uncovered printed icons, buildings, Cleric
    Bonus cards), criminals wild."""
    need = next(row.icon for row in CONTENT.board.actions if row.action == action)
    shown = board_icons(s.players[seat])
    return shown.count(need) + shown.count("CRIMINAL")


def plan(s: State, seat: int, action: ActionName) -> tuple[Any, ...] | None:
    """What the AI would do for ``action`` and what it pays, or ``None`` when it cannot."""
    p = s.players[seat]
    have = icons(s, seat, action)
    if action == "BUILD":
        spots = [i for i in reachable_spots(s.ring, p.space) if s.spots[i] == EMPTY]
        for slot in building.slots_left(s, seat):
            cost = building.building_cost(slot.building)
            if spots and cost <= have + p.stone:
                return slot.id, spots[0], max(0, cost - have)
        return None
    if action == "NOBLE":
        best = [(n, need) for need, n in ai_board().worker_thresholds if need <= have + p.gold and n <= p.workers]
        if not best:
            return None
        n, need = max(best)
        return n, max(0, need - have)
    if action == "TRANSCRIBE":
        cost = manuscripts.cost_at(s, position(p.space))
        return (max(0, cost - have),) if cost <= have + p.ink else None
    return None


def act(s: State, seat: int, action: ActionName) -> State:
    """§8.5: the AI's Build, Place Workers or Transcribe, paying what its icons do not cover."""
    chosen = plan(s, seat, action)
    if chosen is None:
        return s
    if action == "BUILD":
        slot, spot, stone = chosen
        return building.construct(gain(s, seat, stone=-stone), seat, slot, spot)
    if action == "NOBLE":
        n, gold = chosen
        return castle.place(gain(s, seat, gold=-gold), seat, castle.viscount_section(s, seat), n)
    (ink,) = chosen
    return manuscripts.take(gain(s, seat, ink=-ink), seat, position(s.players[seat].space))


# ---- substitutions (§8.3 Reference card) and decisions -----------------------------------------------


def substitute(s: State, seat: int, e: Effect) -> tuple[State, Effect | None, tuple[Step, ...]]:
    """The Reference card applied to one effect the AI receives: the state after anything done at once,
    the effect still to apply (``None``: nothing), and steps that replace it."""
    op = e.op
    if op == "silver":
        return bank_silver(s, seat, e.n), None, ()
    if op == "rearrange":
        return s, Effect(op="any_resource"), ()
    if op == "destroy":
        return s, Effect(op="flip_debt_or_deed", n=e.n), ()
    if op in ("discard", "castle_move"):
        return s, Effect(op="virtue", n=e.n), ()
    if op in ("free_hire", "draw"):
        return s, None, tuple(future_or_flip(s, seat) for _ in range(e.n))
    return s, e, ()


def bank_silver(s: State, seat: int, n: int) -> State:
    """A-27: the AI banks silver; every two become one resource by its chart."""
    bank = s.players[seat].bank + n
    while bank >= SILVER_PER_RESOURCE:
        bank -= SILVER_PER_RESOURCE
        s = gain(s, seat, **{chart(s, seat): 1})
    return set_player(s, seat, bank=bank)


def chart(s: State, seat: int) -> str:
    """§8.3 the resource chart: ink while below 6, then stone while below 4, then gold."""
    p = s.players[seat]
    for rule in ai_board().resource_chart:
        if rule.while_below is None or getattr(p, rule.resource) < rule.while_below:
            return rule.resource
    return RESOURCES[0]


def flip_choice(s: State, seat: int) -> str:
    """§8.3: the kind flipped fewer times so far; a tie flips a debt."""
    p = s.players[seat]
    return "deed" if p.approved < p.paid else "debt"


def _clockwise_from(start: int, pos: int) -> int:
    return (pos - start) % SEGMENTS


def decide(s: State, head: Any, options: list[Any]) -> Any:
    """The AI's choice among ``options`` for the decision step ``head`` (§8.3, §8.5)."""
    p = s.players[head.seat]
    here = position(p.space)
    if isinstance(head, ChooseResource):
        return mv.Take(chart(s, head.seat))  # type: ignore[arg-type]
    if isinstance(head, ChooseFlip):
        wanted = flip_choice(s, head.seat)
        return next((o for o in options if o.what == wanted), options[0])
    if isinstance(head, Bump):
        human = [o for o in options if not s.players[o.owner].ai]
        return (human or options)[0]
    if isinstance(head, CastleSection):
        start = castle.viscount_section(s, head.seat)
        return min(options, key=lambda o: _clockwise_from(start, o.section))
    if isinstance(head, PlaceSection):
        return mv.Section(castle.viscount_section(s, head.seat))
    if isinstance(head, FreeManuscript):
        return min(options, key=lambda o: _clockwise_from(here, o.position))
    if isinstance(head, BuildFree):
        return min(options, key=lambda o: (_spot_order(s, p.space, o.spot), o.slot != _first_slot(s, head)))
    if isinstance(head, ChooseBranch):
        return options[0]
    return options[-1] if isinstance(options[-1], mv.Pass) else options[0]


def _first_slot(s: State, head: BuildFree) -> str:
    return building.slots_left(s, head.seat, head.building)[0].id


def _spot_order(s: State, space: int, spot: int) -> int:
    """§8.5 free building: spots clockwise from the group of the AI's space, around the whole board."""
    table = spot_table(s.ring)
    group = reachable_spots(s.ring, space)
    start = group[0] if group else next(i for i, (pos, _) in enumerate(table) if pos == position(space))
    return (spot - start) % len(table)
