"""The state check (§12): a received state is refused, naming the field, unless the rules can reach it.

Shapes and ranges first (seats, goods, the track, workers, spaces, the castle's tiers), then the
conservation laws of §12: every neutral townsfolk in exactly one place (a pile's top, unseen below the
tops, owned by a player, or out of the game), every manuscript, player card and hero likewise; buildings
on their spots exactly as the players' boards say; workers in the supply and the castle adding up to 20;
the Castle Leader with the most workers on tier 3; Cleric Bonus cards with their three manuscripts; the
Poverty and Prosperity cards revealed exactly when their stacks are empty. Queued steps may only name
seats, cards and effects of the game, with bounded counts (a client cannot make a step that runs long).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from engines.core.errors import StateInvalid
from engines.viscounts.board import SEGMENTS, SPACES, reachable_spots, spot_table
from engines.viscounts.building import slots_left
from engines.viscounts.castle import ready
from engines.viscounts.common import CONTENT, ai_board, board_slots, owned
from engines.viscounts.content import Effect
from engines.viscounts.setup import seats, validate_options
from engines.viscounts.solo import printed_rows
from engines.viscounts.state import (
    CAP,
    EMPTY,
    NO_SEAT,
    AfterAction,
    AiDo,
    AiFirst,
    CastleSection,
    Collide,
    DestroyStep,
    DrawCard,
    DrawFolk,
    DrawHero,
    DrawManuscript,
    DrawPlayerCard,
    DrawRotation,
    DrawScheme,
    DrawSegment,
    DrawStart,
    Gather,
    Outcome,
    Player,
    Reset,
    Settle,
    Spread,
    State,
    Step,
)

DEAL_STEPS = (DrawSegment, DrawRotation, DrawStart, DrawPlayerCard, DrawHero)
"""Chance steps queued only at the start of setup (§3 steps 1, 2, 7, 8)."""

MAX_EFFECT_NODES = 64
"""The largest effect tree a queued step may carry (the content's largest has a handful of nodes)."""


def _fail(message: str, field: str) -> None:
    raise StateInvalid(message, field)


def _range(value: int, low: int, high: int, field: str) -> None:
    if not low <= value <= high:
        _fail(f"{field} is {value}; it must be {low} to {high}.", field)


def _once(items: Iterable[str], expected: Iterable[str], what: str, field: str) -> None:
    """Every expected item exactly once among ``items``."""
    have, want = Counter(list(items)), Counter(list(expected))
    if have != want:
        extra = sorted((have - want).elements())
        missing = sorted((want - have).elements())
        _fail(f"Every {what} must be in exactly one place; extra {extra[:5]}, missing {missing[:5]}.", field)


# ---- players ----------------------------------------------------------------------------------------------


def _player(s: State, seat: int, p: Player) -> None:
    at = f"players[{seat}]"
    board = CONTENT.board
    for field in ("silver", "ink", "gold", "stone", "debts", "paid", "deeds", "approved", "bank"):
        _range(getattr(p, field), 0, CAP, f"{at}.{field}")
    _range(p.workers, 0, board.workers, f"{at}.workers")
    _range(p.space, -1 if s.stage != "turns" else 0, SPACES - 1, f"{at}.space")
    if (p.space < 0) != (p.player_card == 0):
        _fail("A viscount stands on its player card's start space from the pick on (§3 step 9.1).", f"{at}.space")
    _range(p.corruption, 1, board.track_length, f"{at}.corruption")
    _range(p.virtue, p.corruption, board.track_length, f"{at}.virtue")
    if p.ai != (s.options.players == 1 and seat == 1):
        _fail(f"Only seat 1 of a solo game is the AI; seat {seat} says ai={p.ai}.", f"{at}.ai")
    known = CONTENT.schemes if p.ai else CONTENT.townsfolk
    for name in ("hand", "draw", "discard", "slots"):
        for card_id in getattr(p, name):
            if card_id != EMPTY and card_id not in known:
                _fail(f"{card_id!r} is not a card {'the AI' if p.ai else 'a player'} can hold.", f"{at}.{name}")
    if p.ai and p.hand:
        _fail("The AI has no hand.", f"{at}.hand")
    if not p.ai and p.player_card and len(owned(p)) < 3:
        _fail(f"A player owns at least three townsfolk cards, not {len(owned(p))}.", f"{at}.hand")
    slot_ids = [slot.id for slot in board_slots(p)]
    if len(set(p.built)) != len(p.built) or any(b not in slot_ids for b in p.built):
        shown = ", ".join(p.built[:12]) + (" ..." if len(p.built) > 12 else "")
        _fail(f"Built slots must be distinct slots of the board ({len(p.built)} given: {shown}).", f"{at}.built")
    counts: Counter[str] = Counter(CONTENT.manuscripts[m].ribbon for m in p.manuscripts if m in CONTENT.manuscripts)
    for ribbon in p.cleric_bonus:
        if ribbon not in CONTENT.board.ribbons or counts[ribbon] < 3:
            _fail(f"A Cleric Bonus card for {ribbon!r} needs three {ribbon} manuscripts.", f"{at}.cleric_bonus")


# ---- conservation (§12) ------------------------------------------------------------------------------------


def _townsfolk(s: State) -> None:
    """§12 invariant 1: neutral cards in exactly one place; heroes and starters where the draft put them."""
    neutral = set(CONTENT.neutral)
    held = [c for p in s.players if not p.ai for c in owned(p)]
    places = [*(t for t in s.folk_tops if t), *s.folk_unseen, *held, *s.folk_removed]
    _once([c for c in places if c in neutral], CONTENT.neutral, "neutral townsfolk card", "folk_unseen")
    if sum(s.folk_left) != len(s.folk_unseen) or min(s.folk_left) < 0:
        _fail(
            f"The piles hold {sum(s.folk_left)} cards below their tops but {len(s.folk_unseen)} are unseen.",
            "folk_left",
        )
    for pos, top in enumerate(s.folk_tops):
        if top == EMPTY and s.folk_left[pos] and DrawFolk(pos) not in s.queue:
            _fail(f"Pile {pos + 1} has cards but no visible top.", "folk_tops")
    pair_heroes = [pair.hero for pair in s.pairs if pair.hero]
    _once([*s.heroes_unseen, *pair_heroes], CONTENT.heroes, "hero", "heroes_unseen")
    picked = [p for p in s.players if p.player_card and not p.ai]
    expected = Counter({c: len(picked) for c in CONTENT.starters})
    expected.update(p.hero for p in picked)
    have = Counter(c for c in [*held, *s.folk_removed] if c not in neutral)
    if have != expected:
        _fail("Every player's starting cards and hero must be owned by them or out of the game.", "folk_removed")


def _manuscripts(s: State) -> None:
    """§12 invariant 9: every manuscript in exactly one place (a pile or a collection)."""
    collected = [m for p in s.players for m in p.manuscripts]
    tops = [t for t in s.script_tops if t]
    _once(
        [*tops, *s.script_unseen, *s.grey_unseen, *collected], list(CONTENT.manuscripts), "manuscript", "script_unseen"
    )
    if sum(s.script_left) != len(s.script_unseen) or min(s.script_left) < 0:
        _fail("The manuscript piles' counts do not match the unseen manuscripts.", "script_left")
    for pos, top in enumerate(s.script_tops):
        if top == EMPTY and s.script_left[pos] and DrawManuscript(pos) not in s.queue:
            _fail(f"Manuscript pile {pos + 1} has manuscripts but no visible top.", "script_tops")
    taken = [r for p in s.players for r in p.cleric_bonus]
    if len(taken) != len(set(taken)):
        _fail("Each Cleric Bonus card has one owner.", "players")


def _draft(s: State) -> None:
    """Player cards laid out or unseen, each once; a player's card is the pair they took."""
    _once(
        [str(c) for c in (*s.cards_unseen, *(pair.card for pair in s.pairs))],
        [str(c) for c in CONTENT.player_cards],
        "player card",
        "cards_unseen",
    )
    for i, pair in enumerate(s.pairs):
        if pair.taken_by != NO_SEAT and not (
            0 <= pair.taken_by < len(s.players) and s.players[pair.taken_by].player_card == pair.card
        ):
            _fail(f"Pair {i} names a seat that does not hold its player card.", f"pairs[{i}].taken_by")


def _castle(s: State) -> None:
    """§12 invariants 4 and 5: tiers shaped five sections by seats, workers adding up, the Castle Leader."""
    c, n = s.castle, len(s.players)
    for name in ("tier1", "tier2"):
        tier = getattr(c, name)
        if len(tier) != SEGMENTS or any(len(row) != n or min(row) < 0 for row in tier):
            _fail(f"castle.{name} holds five sections of {n} non-negative counts.", f"castle.{name}")
    if len(c.centre) != n or min(c.centre) < 0:
        _fail(f"castle.centre holds {n} non-negative counts.", "castle.centre")
    for seat, p in enumerate(s.players):
        placed = sum(c.tier1[k][seat] + c.tier2[k][seat] for k in range(SEGMENTS)) + c.centre[seat]
        if placed + p.workers != CONTENT.board.workers:
            _fail(
                f"Seat {seat} has {p.workers} workers in supply and {placed} in the castle, not 20.",
                f"players[{seat}].workers",
            )
    if (c.leader == NO_SEAT) != (max(c.centre) == 0):
        _fail("The Castle Leader card is held exactly when a worker stands on tier 3.", "castle.leader")
    if c.leader != NO_SEAT and (not 0 <= c.leader < n or c.centre[c.leader] < max(c.centre)):
        _fail("The Castle Leader has at least as many tier-3 workers as anyone.", "castle.leader")


def _buildings(s: State) -> None:
    """§12 invariant 6: each built slot stands on exactly one spot, each occupied spot names a built slot."""
    if len(s.ring) == SEGMENTS and len(s.spots) != len(spot_table(s.ring)):
        _fail(f"The ring has {len(spot_table(s.ring))} building spots, not {len(s.spots)}.", "spots")
    on_board = [x for x in s.spots if x != EMPTY]
    built = [f"{seat}:{slot}" for seat, p in enumerate(s.players) for slot in p.built]
    _once(on_board, built, "building", "spots")


def _stacks(s: State) -> None:
    """§12 invariant 8: a card is revealed exactly when the stack above it is empty."""
    board = CONTENT.board
    for name, left, top, revealed in (
        ("debts_left", s.debts_left, board.debts_on_poverty[s.options.players], s.poverty),
        ("deeds_left", s.deeds_left, board.deeds_on_prosperity[s.options.players], s.prosperity),
    ):
        _range(left, 0, top, name)
        if (left == 0) != (revealed > 0) or not 0 <= revealed <= s.round:
            _fail(f"{name} is {left}; its card is revealed exactly when it is 0, in a round played.", name)


def _effect_size(e: Effect | None, depth: int = 0) -> int:
    if e is None:
        return 0
    if depth > 8 or not 1 <= e.n <= CAP:
        return MAX_EFFECT_NODES + 1
    return 1 + sum(_effect_size(x, depth + 1) for x in (*e.of, e.pay, e.gain, e.then))


def _queue(s: State) -> None:
    """Queued steps name real seats and carry bounded counts and effects."""
    n = len(s.players)
    if len(s.queue) > CAP:
        _fail(f"The queue holds {len(s.queue)} steps; at most {CAP}.", "queue")
    for i, step in enumerate(s.queue):
        for field in ("seat", "active"):
            value = getattr(step, field, 0)
            if not (0 <= value < n or (isinstance(step, Settle) and field == "seat" and value == NO_SEAT)):
                _fail(f"Step {i} names seat {value}; the seats are 0 to {n - 1}.", f"queue[{i}].{field}")
        for field in ("left", "n", "position", "pair"):
            value = getattr(step, field, 0)
            if not 0 <= value <= CAP:
                _fail(f"Step {i} has {field} {value}; it must be 0 to {CAP}.", f"queue[{i}].{field}")
        effects = [*getattr(step, "effects", ()), getattr(step, "effect", None)]
        if sum(_effect_size(e) for e in effects) > MAX_EFFECT_NODES:
            _fail(f"Step {i} carries an effect larger than any the game has.", f"queue[{i}]")


# ---- queued steps: each one a step the engine could have queued in this state ----------------------------


def deal_queue(s: State) -> tuple[Step, ...]:
    """The chance events setup still owes (§3 steps 1–8), in the order the engine queues them: during the
    deal the queue is exactly these."""
    pairs = 2 if s.options.players == 1 else len(s.players) + 1
    return (
        *(DrawSegment(pos) for pos in range(len(s.ring), SEGMENTS)),
        *((DrawRotation(),) if s.rotation < 0 else ()),
        *(DrawFolk(pos) for pos, top in enumerate(s.folk_tops) if top == EMPTY),
        *(DrawManuscript(pos) for pos, top in enumerate(s.script_tops) if top == EMPTY),
        *((DrawStart(),) if s.start < 0 else ()),
        *(DrawPlayerCard() for _ in range(pairs - len(s.pairs))),
        *(DrawHero(i) for i in range(pairs) if i >= len(s.pairs) or not s.pairs[i].hero),
    )


def _turn_is(s: State, seat: int, *phases: str) -> bool:
    return s.turn is not None and s.turn.seat == seat and s.turn.phase in phases


def _step_problem(s: State, step: Step, pending: Counter[tuple[str, int]]) -> str:
    """Why the engine could not have queued ``step`` in ``s`` (empty when it could)."""
    seat = getattr(step, "seat", 0)
    human = not s.players[seat].ai if 0 <= seat < len(s.players) else False
    if isinstance(step, DEAL_STEPS):
        return "a setup draw after the setup"
    if isinstance(step, DrawFolk):
        ok = s.folk_tops[step.position] == EMPTY and s.folk_left[step.position] > 0
        return "" if ok and pending["folk", step.position] == 1 else "a townsfolk draw for a pile that has its top"
    if isinstance(step, DrawManuscript):
        ok = s.script_tops[step.position] == EMPTY and s.script_left[step.position] > 0 and not s.grey_unseen
        return "" if ok and pending["script", step.position] == 1 else "a manuscript draw for a pile that has its top"
    if isinstance(step, DrawCard):
        if not human or pending["card", seat] > len(s.players[seat].draw):
            return "more draws than the draw pile holds"
        if step.purpose == "play" and not (_turn_is(s, seat, "play") and not s.players[seat].hand):
            return "a blind play outside its player's empty-handed play"
        return ""
    if isinstance(step, DrawScheme):
        if human:
            return "a scheme draw for a human"
        if step.future:
            return "" if pending["future", seat] <= len(s.future_unseen) else "more Future Schemes than are left"
        if pending["reveal", seat] > 1:
            return "a second scheme revealed in one turn (§8.4 step 2 reveals one)"
        return "" if _turn_is(s, seat, "play") and s.players[seat].draw else "a scheme revealed outside the AI's turn"
    if isinstance(step, DestroyStep) and step.setup and s.stage != "draft":
        return "player card 9's destroy after the draft"
    if isinstance(step, Gather) and s.stage != "draft":
        return "setup cards gathered after the draft"
    if isinstance(step, AiDo | AiFirst) and human:
        return "a scheme row for a human"
    if isinstance(step, AiDo) and step.row not in printed_rows(step.source):
        return f"a row scheme card {step.source!r} does not print (§8.2)"
    if isinstance(step, AiFirst) and (
        step.source not in CONTENT.schemes or step.rows != CONTENT.schemes[step.source].bottom
    ):
        return f"alternatives other than scheme card {step.source!r}'s bottom row (§8.2)"
    if isinstance(step, CastleSection) and (step.tier not in (1, 2) or len(ready(s, seat, step.tier)) < 2):
        return "a choice of castle section with fewer than two ready"
    if isinstance(step, Outcome | AfterAction) and not _turn_is(s, seat, "recruit"):
        return "a primary action's outcome outside its phase"
    if isinstance(step, Outcome | AfterAction) and pending[_primary(step), seat] > 1:
        return "a second primary action in one turn (§4.7 phase 3 takes one)"
    if isinstance(step, Outcome):
        return _outcome_problem(s, step)
    if isinstance(step, Spread) and not (
        s.options.castle_order == "literal" and 0 <= step.section < SEGMENTS and s.castle.tier1[step.section][seat] >= 2
    ):
        return "sideways moves from a section without two of the player's workers"
    if isinstance(step, Collide | Reset) and not _turn_is(s, seat, "draw"):
        return "a collision outside its phase"
    if isinstance(step, Collide) and not _column_ok(s, step):
        return f"collision column {step.column}: A-05 reads it now (0) or at the start (1 to 7 with at_start)"
    return ""


def _primary(step: Outcome | AfterAction) -> str:
    """Which part of a primary action a step is (§4.7 phase 3 queues one of each)."""
    return "outcome" if isinstance(step, Outcome) else "after_action"


def _column_ok(s: State, step: Collide) -> bool:
    """§4.7 phase 5, A-05: the column is read when the rewards are gained (0 in the step), or with
    ``at_start`` at the start of phase 5, a virtue on the track."""
    if s.options.collision_column != "at_start":
        return step.column == 0
    return 1 <= step.column <= CONTENT.board.track_length


def _outcome_problem(s: State, o: Outcome) -> str:
    """An outcome names what its action allows (the funding was checked when the move was made)."""
    if o.action == "BUILD":
        left = {slot.id for slot in slots_left(s, o.seat)}
        reach = reachable_spots(s.ring, s.players[o.seat].space)
        if o.slot not in left or o.spot not in reach or s.spots[o.spot] != EMPTY:
            return "a building outcome for a slot or spot the action could not name"
    elif o.action in ("TRADE", "NOBLE") and not 1 <= o.uses <= CAP:
        return "an outcome without uses"
    return ""


def _steps(s: State) -> None:
    """Every queued step is one the engine could have queued here (the deal exactly its remaining draws).
    A turn queues one scheme reveal (§8.4 step 2: the AI's one scheme card of the turn) and one primary
    action's outcome with its after-action step (§4.7 phase 3: one primary action), so no more is pending."""
    if s.stage == "deal":
        if s.queue != deal_queue(s):
            _fail("During setup the queue holds exactly the setup draws still owed, in order.", "queue")
        return
    pending: Counter[tuple[str, int]] = Counter()
    for step in s.queue:
        if isinstance(step, DrawFolk):
            pending["folk", step.position] += 1
        elif isinstance(step, DrawManuscript):
            pending["script", step.position] += 1
        elif isinstance(step, DrawCard):
            pending["card", step.seat] += 1
        elif isinstance(step, DrawScheme):
            pending["future" if step.future else "reveal", step.seat] += 1
        elif isinstance(step, Outcome | AfterAction):
            pending[_primary(step), step.seat] += 1
    for i, step in enumerate(s.queue):
        problem = _step_problem(s, step, pending)
        if problem:
            _fail(f"Step {i} ({type(step).__struct_config__.tag}) cannot be queued here: {problem}.", f"queue[{i}]")
    if s.turn is not None and s.turn.phase == "play" and s.players[s.turn.seat].slots[0] != EMPTY:
        _fail("Between the slide and the card played, slot 1 is empty.", f"players[{s.turn.seat}].slots")


def _schemes(s: State) -> None:
    """§8.1: the AI's schemes: none dealt before the draft is over (nor without an AI); after it, each one in
    the AI's pile, discard or slots, in the Future Schemes, or out of the game."""
    ai = [p for p in s.players if p.ai]
    if not ai or s.stage in ("deal", "draft"):
        dealt = s.future_unseen or any(p.draw or p.discard or any(p.slots) for p in ai)
        if dealt:
            _fail("The AI's schemes are dealt when the draft is over (§8.1).", "future_unseen")
        return
    p = ai[0]
    removed = ai_board().schemes_removed
    present = [*p.draw, *p.discard, *(c for c in p.slots if c), *s.future_unseen, *removed]
    _once(present, list(CONTENT.schemes), "scheme card", "future_unseen")


def _stage(s: State) -> None:
    _range(s.round, 1, CAP, "round")
    if s.turn is not None:
        most = max(card.cost for card in CONTENT.townsfolk.values())
        _range(s.turn.value, 0, most, "turn.value")
        if s.turn.played and s.turn.played not in (*CONTENT.townsfolk, *CONTENT.schemes):
            _fail(f"{s.turn.played!r} is not a card that can be played.", "turn.played")
    if s.stage == "turns" and (s.turn is None or not 0 <= s.turn.seat < len(s.players)):
        _fail("A game in its turns has a turn of a real seat.", "turn")
    if s.stage in ("deal", "draft") and s.turn is not None:
        _fail("No turn is played before the draft is over.", "turn")
    _range(s.rotation, -1, SEGMENTS - 1, "rotation")
    if s.stage != "deal" and (len(s.ring) != SEGMENTS or not 0 <= s.rotation < SEGMENTS):
        _fail("After setup's draws the ring has five segments and the castle a rotation.", "ring")
    if len(s.ring) > SEGMENTS or len({CONTENT.segments[x].segment for x in s.ring if x in CONTENT.segments}) != len(
        s.ring
    ):
        _fail("The ring holds up to five different segments of this player count.", "ring")
    sides = set(CONTENT.sides_for(s.options.players))
    if any(x not in sides for x in s.ring):
        _fail(f"The ring may only hold the sides for {s.options.players} players.", "ring")
    if not -1 <= s.start < len(s.players) or (s.stage != "deal" and s.start < 0):
        _fail(f"The start player is a seat, not {s.start}.", "start")


def check_state(s: State) -> None:
    """§12: raise ``StateInvalid`` for a malformed or impossible state."""
    if s.redacted:
        _fail("A view (ViewState) cannot be played; send the full state.", "redacted")
    validate_options(s.options)
    n = seats(s.options.players)
    if len(s.players) != n:
        _fail(f"{s.options.players} players sit at {n} seats, not {len(s.players)}.", "players")
    if len(s.folk_tops) != SEGMENTS or len(s.folk_left) != SEGMENTS:
        _fail("There are five townsfolk piles.", "folk_tops")
    if len(s.script_tops) != SEGMENTS or len(s.script_left) != SEGMENTS:
        _fail("There are five manuscript piles.", "script_tops")
    _stage(s)
    for seat, p in enumerate(s.players):
        _player(s, seat, p)
    _queue(s)
    _steps(s)
    _schemes(s)
    _townsfolk(s)
    _manuscripts(s)
    _draft(s)
    _castle(s)
    _buildings(s)
    _stacks(s)
