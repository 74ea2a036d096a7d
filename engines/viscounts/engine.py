"""The Viscounts of the West Kingdom engine: the uniform protocol over the rule modules.

The decision owed is the head of the queue (a chance draw, an effect's decision, a castle decision),
else the draft pick, else the phase of the turn that asks its player (play, move, primary action,
recruit). Everything else happens by itself, one ``automatic`` step at a time: effects that need no
decision, the castle cascade, the collision, the draw, the passing of turns and rounds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import msgspec
from msgspec.structs import replace

from engines.core.engine import CHANCE, AutomatedSeat, GameInfo, GameType, option_infos
from engines.core.errors import Violation
from engines.core.game import (
    MAX_AUTOMATIC_STEPS,
    Decision,
    Now,
    TableEngine,
    queued_decision,
    queued_now,
    staged_automatic,
)
from engines.core.picture import Picture
from engines.core.rng import Rng
from engines.core.text import LogEntry
from engines.viscounts import (
    actions,
    building,
    cards,
    castle,
    deck,
    effects,
    goods,
    integrity,
    manuscripts,
    scoring,
    setup,
    solo,
    turn,
    view,
    words,
)
from engines.viscounts import moves as mv
from engines.viscounts.common import CONTENT, swap_head
from engines.viscounts.picture import picture
from engines.viscounts.state import (
    CHANCE_STEPS,
    AfterAction,
    AiDo,
    AiFirst,
    BuildFree,
    Bump,
    CastleMove,
    CastleSection,
    ChooseBranch,
    ChooseCost,
    ChooseFlip,
    ChooseResource,
    Collide,
    DestroyStep,
    DiscardStep,
    FreeHire,
    FreeManuscript,
    Gather,
    Options,
    Outcome,
    PlaceSection,
    Rearrange,
    Reset,
    Run,
    Settle,
    Spread,
    State,
)

RULES_VERSION = "0.1.0"


STEPS: dict[type, Decision[State]] = {
    **{
        kind: queued_decision((deck.ACTION[kind],), deck.chance_options, deck.check_chance, deck.apply_chance)
        for kind in CHANCE_STEPS
    },
    ChooseBranch: queued_decision((mv.Branch,), effects.branch_options, effects.check_branch, effects.apply_branch),
    ChooseCost: queued_decision((mv.Accept, mv.Pass), effects.cost_options, effects.check_cost, effects.apply_cost),
    ChooseResource: queued_decision((mv.Take,), goods.resource_options, goods.check_resource, effects.apply_resource),
    ChooseFlip: queued_decision((mv.Flip,), goods.flip_options, goods.check_flip, effects.apply_flip),
    Rearrange: queued_decision((mv.Arrange, mv.Pass), cards.arrange_options, cards.check_arrange, cards.apply_arrange),
    DiscardStep: queued_decision(
        (mv.Discard, mv.Pass), cards.discard_options, cards.check_discard, cards.apply_discard
    ),
    DestroyStep: queued_decision(
        (mv.Destroy, mv.Pass), cards.destroy_options, cards.check_destroy, cards.apply_destroy
    ),
    FreeHire: queued_decision(
        (mv.HireFrom, mv.Pass), cards.free_hire_options, cards.check_free_hire, cards.apply_free_hire
    ),
    FreeManuscript: queued_decision(
        (mv.TakeManuscript,), manuscripts.free_options, manuscripts.check_free, manuscripts.apply_free
    ),
    CastleMove: queued_decision((mv.MoveWorker, mv.Pass), castle.move_options, castle.check_move, castle.apply_move),
    PlaceSection: queued_decision((mv.Section,), castle.place_options, castle.check_place, castle.apply_place),
    CastleSection: queued_decision((mv.Section,), castle.section_options, castle.check_section, castle.apply_section),
    Bump: queued_decision((mv.BumpWorker,), castle.bump_options, castle.check_bump, castle.apply_bump),
    BuildFree: queued_decision(
        (mv.PlaceBuilding,), building.free_build_options, building.check_free_build, building.apply_free_build
    ),
}
"""Every kind of queued decision and what it takes, offers, checks and does."""


def _row(
    takes: tuple[type, ...],
    options: Callable[[State, int], Sequence[Any]],
    check: Callable[[State, int, Any], list[Violation]],
    apply: Callable[[State, int, Any], State],
) -> Decision[State]:
    return Decision(takes, lambda s, seat: [a for a in options(s, seat) if not check(s, seat, a)], check, apply)


PICK = _row((mv.PickPair,), setup.pick_options, setup.check_pick, setup.apply_pick)
PHASES: dict[str, Decision[State]] = {
    "play": _row((mv.Play,), turn.play_options, turn.check_play, turn.apply_play),
    "move": _row((mv.MoveTo,), turn.move_options, turn.check_move, turn.apply_move),
    "action": _row(
        (mv.Trade, mv.Build, mv.PlaceWorkers, mv.Transcribe, mv.NoAction),
        turn.act_options,
        turn.check_act,
        turn.apply_act,
    ),
    "recruit": _row((mv.Hire, mv.Pass), turn.recruit_options, turn.check_recruit, turn.apply_recruit),
}
"""The phases of a turn that ask the player (§5.11)."""

PROMPTS: dict[str, str] = {
    "play": "Play a card from your hand into slot 1",
    "move": "Move your viscount",
    "action": "Take a primary action, or none",
    "recruit": "Hire the townsfolk on top of the pile here, or nobody",
}
"""What the player of the turn decides in each phase that asks them (§4.7)."""


def now(s: State) -> Now[State] | None:
    """Who owes which decision: the head of the queue, else the draft pick, else the turn's phase."""
    if s.stage == "over":
        return None
    if s.queue:
        head = s.queue[0]
        row = STEPS.get(type(head))
        return None if row is None else queued_now(head, row, words.prompt(s, head), CHANCE_STEPS)
    if s.stage == "draft":
        seat = setup.picker(s)
        return Now((seat,), PICK, "pick_pair", "Pick a player card and hero") if seat >= 0 else None
    if s.stage == "turns" and s.turn is not None and s.turn.phase in PHASES:
        seat = s.turn.seat
        return Now((seat,), PHASES[s.turn.phase], s.turn.phase, PROMPTS[s.turn.phase])
    return None


AUTOMATIC: dict[type, Callable[[State, Any], State | None]] = {
    Run: effects.run,
    Settle: castle.settle,
    Collide: turn.collide_rewards,
    Reset: lambda s, step: turn.reset(swap_head(s), step),
    Outcome: lambda s, step: actions.outcome(swap_head(s), step),
    AfterAction: lambda s, step: swap_head(s, *effects.triggered(s, step.seat, "after_action", step.action)),
    Gather: cards.gather,
    Spread: castle.apply_spread,
    AiDo: solo.do,
    AiFirst: solo.first,
}
"""Queued steps that need no decision."""


def _settle_head(s: State) -> State | None:
    """The head step, if it needs no decision: an automatic step, or a decision with nothing to decide
    (no option, or only declining)."""
    head = s.queue[0]
    handler = AUTOMATIC.get(type(head))
    if handler is not None:
        return handler(s, head)
    if isinstance(head, CHANCE_STEPS):
        return None
    row = STEPS[type(head)]
    options = row.options(s, head.seat)
    if _nothing_to_decide(options):
        return swap_head(s)
    if s.players[head.seat].ai:
        return row.apply(s, head.seat, solo.decide(s, head, list(options)))
    return None


def _nothing_to_decide(options: Sequence[Any]) -> bool:
    """A decision with no option, or only declining, is dropped by itself."""
    return not options or list(options) == [mv.Pass()]


def _dropped(s: State) -> bool:
    """Whether the head of the queue is a real seat's decision the engine drops for having nothing to decide."""
    head = s.queue[0] if s.queue else None
    row = STEPS.get(type(head))
    if head is None or row is None or isinstance(head, CHANCE_STEPS) or s.players[head.seat].ai:
        return False
    return _nothing_to_decide(row.options(s, head.seat))


def happened(s: State, move: mv.Move, after: State) -> list[words.Event]:
    """What the engine did by itself after ``move`` and before the decision of ``after``, replayed step by step
    as ``TableEngine.apply`` takes them: every chance decision its generator answered (seeded games) and every
    real seat's decision dropped for having nothing to decide. Empty when ``move`` is not legal in ``s`` or
    does not lead to ``after``."""
    owed = now(s)
    if owed is None or move.seat not in owed.seats or not isinstance(move.action, owed.decision.takes):
        return []
    if owed.decision.check(s, move.seat, move.action):
        return []
    state = owed.decision.apply(s, move.seat, move.action)
    events: list[words.Event] = []
    for _ in range(MAX_AUTOMATIC_STEPS):
        if _dropped(state):
            events.append(words.Event(state.queue[0], then=state))
        following = automatic(state)
        if following is not None:
            state = following
            continue
        owed = now(state)
        if state.rng is None or owed is None or owed.seats != (CHANCE,):
            break
        action, rng = chance(state, owed, state.rng)
        events.append(words.Event(state.queue[0], action))
        state = owed.decision.apply(replace(state, rng=rng), CHANCE, action)
    return events if state == after else []


def log(before: State, move: mv.Move, after: State) -> LogEntry:
    """The log lines of ``move`` (``words.log``), with what the engine did by itself after it."""
    return words.log(before, move, after, happened(before, move, after))


_STAGE_STEPS: dict[str, Callable[[State], State | None]] = {
    "deal": setup.end_deal,
    "draft": setup.finish_draft,
    "turns": turn.progress,
}


#: One automatic step, or ``None`` when a decision is owed (or the game is over): the queue's head settles
#: itself, then the stage moves on.
automatic = staged_automatic(_settle_head, _STAGE_STEPS)


def chance(s: State, now: Now[State], rng: Rng) -> tuple[Any, Rng]:
    """A uniform draw among the physical pieces."""
    return deck.draw_by_rng(s, s.queue[0], rng)


class Viscounts:
    """Viscounts of the West Kingdom for 1–4 players (one: against the Cleric AI, §8)."""

    info = GameInfo(
        game_id="viscounts",
        title="Viscounts of the West Kingdom",
        rules_version=RULES_VERSION,
        min_players=setup.PLAYERS.start,
        max_players=setup.PLAYERS.stop - 1,
        options=option_infos(Options, setup.OPTION_DOCS),
        # One seat decides at a time; hands and draw piles are hidden (§9); cards are drawn from shuffled
        # piles. In a solo game the engine plays seat 1, the Cleric AI (§8).
        game_type=GameType(
            simultaneous=False,
            hidden_information=True,
            chance=True,
            automated_seats=(AutomatedSeat(players=1, seat=1, name="Cleric AI"),),
        ),
    )
    state_type = State
    move_type = mv.Move
    options_type = Options

    make_options = staticmethod(setup.make_options)
    setup = staticmethod(setup.new_game)
    integrity = staticmethod(integrity.check_state)
    now = staticmethod(now)
    automatic = staticmethod(automatic)
    chance = staticmethod(chance)
    score = staticmethod(scoring.score)
    view = staticmethod(view.view)
    label = staticmethod(words.label)
    log = staticmethod(log)

    def seats(self, state: State) -> range:
        """One seat per entry of ``players`` (a solo game: the player and the Cleric AI)."""
        return range(len(state.players))

    def game_over(self, state: State) -> str:
        """§4.9: the round after the first reveal is over."""
        return f"The game is over after round {state.round}."

    def picture(self, view: State, viewer: int | None) -> Picture:
        """The picture of ``view`` as ``viewer`` sees it (``RenderView``): the ring, the castle, the boards."""
        return picture(view, viewer)

    def describe(self) -> dict[str, Any]:
        """The content with provenance."""
        c = CONTENT
        return {
            "townsfolk": msgspec.to_builtins(list(c.townsfolk.values())),
            "manuscripts": msgspec.to_builtins(list(c.manuscripts.values())),
            "player_cards": msgspec.to_builtins(list(c.player_cards.values())),
            "segments": msgspec.to_builtins(list(c.segments.values())),
            "castle": msgspec.to_builtins(c.castle),
            "board": msgspec.to_builtins(c.board),
            "ai_boards": msgspec.to_builtins(list(c.ai_boards.values())),
            "schemes": msgspec.to_builtins(list(c.schemes.values())),
        }


GAME = Viscounts()
ENGINE: TableEngine[State, Options] = TableEngine(GAME)
