"""The Guilds of London engine: the uniform protocol over the rule modules.

The decision owed is the head of the queue (a chance draw, a small effect decision, a payment, a
negotiation, a discard), else the simultaneous secret Lord Mayor keep of setup, else the turn of the
player whose turn it is. Everything else happens by itself, one ``automatic`` step at a time: effects
that need no decision, draws that need no chance, and the stages of the round (§4.1).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from engines.core.engine import GameInfo, GameType, option_infos
from engines.core.errors import Violation, violation
from engines.core.game import Decision, Now, TableEngine, queued_decision, queued_now, staged_automatic
from engines.core.picture import Picture
from engines.core.rng import Rng
from engines.guilds_of_london import (
    deck,
    effects,
    growth,
    integrity,
    negotiation,
    plantation,
    resolution,
    scoring,
    setup,
    turn,
    view,
    words,
)
from engines.guilds_of_london import moves as mv
from engines.guilds_of_london.common import CONTENT
from engines.guilds_of_london.picture import picture
from engines.guilds_of_london.state import (
    CHANCE_STEPS,
    ChoiceStep,
    ChooseLordMayor,
    DiscardToLimit,
    DrawCard,
    DrawLordMayor,
    DrawOrder,
    DrawSide,
    DrawTile,
    DrawToken,
    HireStep,
    MoveStep,
    Negotiate,
    NeutralStep,
    Options,
    PayDiscard,
    PayReturn,
    PlantStep,
    ReturnFromPlantation,
    Run,
    State,
)

RULES_VERSION = "1.0.0"


# ---- rows for queued steps --------------------------------------------------------------------------------


def _hand_card(s: State, step: Any, a: Any) -> list[Violation]:
    """The card named is in the hand of the step's seat."""
    if a.card in s.players[step.seat].hand:
        return []
    return violation("GUILDS_OF_LONDON_NOT_IN_HAND", "That card is not in your hand.", "action.card")


def _stoppable(
    takes: type,
    candidates: Callable[[State, Any], Sequence[Any]],
    check: Callable[[State, Any, Any], list[Violation]],
    effect: Callable[[State, Any, Any], State],
    mandatory: Callable[[Any], bool],
) -> Decision[State]:
    """A row for a step that goes on one action at a time until its player stops (A-19: a mandatory step
    may stop only when it can do nothing more)."""

    def check_or_stop(s: State, step: Any, a: Any) -> list[Violation]:
        if isinstance(a, mv.Stop):
            return effects.check_stop(mandatory(step), bool(candidates(s, step)))
        return check(s, step, a)

    def apply_or_stop(s: State, step: Any, a: Any) -> State:
        return deck.pop(s) if isinstance(a, mv.Stop) else effect(s, step, a)

    return queued_decision(
        (takes, mv.Stop), lambda s, st: [*candidates(s, st), mv.Stop()], check_or_stop, apply_or_stop
    )


def _hire_candidates(s: State, step: HireStep) -> list[mv.Hire]:
    return [mv.Hire(k) for k in range(effects.hire_most(s, step) + 1)]


def _neutral_candidates(s: State, step: NeutralStep) -> list[mv.TakeNeutral]:
    return [mv.TakeNeutral(k) for k in range(effects.neutral_most(s, step) + 1)]


_CHANCE: dict[type, Decision[State]] = {
    kind: queued_decision((deck.ACTION_OF[kind],), deck.chance_options, deck.check_chance, deck.apply_chance)
    for kind in (DrawOrder, DrawSide, DrawTile, DrawToken, DrawCard, DrawLordMayor)
}

STEPS: dict[type, Decision[State]] = {
    **_CHANCE,
    ChooseLordMayor: queued_decision(
        (mv.KeepLordMayor, mv.PutUnder),
        effects.lord_mayor_options,
        effects.check_lord_mayor,
        effects.apply_lord_mayor,
    ),
    HireStep: queued_decision(
        (mv.Hire,),
        _hire_candidates,
        lambda s, st, a: effects.check_count(effects.hire_most(s, st), a.count, st.mandatory),
        lambda s, st, a: effects.apply_hire(s, st, a.count),
    ),
    NeutralStep: queued_decision(
        (mv.TakeNeutral,),
        _neutral_candidates,
        lambda s, st, a: effects.check_count(effects.neutral_most(s, st), a.count, st.mandatory),
        lambda s, st, a: effects.apply_neutral(s, st, a.count),
    ),
    MoveStep: _stoppable(
        mv.MoveFigure, effects.move_options, effects.check_move, effects.apply_move, lambda st: st.mandatory
    ),
    PlantStep: _stoppable(
        mv.PlantFigure, effects.plant_options, effects.check_plant, effects.apply_plant, lambda st: st.mandatory
    ),
    ChoiceStep: queued_decision(
        (mv.ChooseOption,),
        lambda s, st: [mv.ChooseOption(i) for i in range(effects.choice_count(st))],
        lambda s, st, a: effects.check_option(st, a.option),
        lambda s, st, a: effects.apply_option(s, st, a.option),
    ),
    PayDiscard: queued_decision((mv.PayCard,), turn.pay_card_options, _hand_card, turn.apply_pay_card),
    PayReturn: queued_decision((mv.ReturnFigure,), turn.return_options, turn.check_return, turn.apply_return),
    Negotiate: _stoppable(
        mv.Swap, negotiation.swap_options, negotiation.check_swap, negotiation.apply_swap, lambda st: False
    ),
    DiscardToLimit: queued_decision((mv.Discard,), turn.discard_options, _hand_card, turn.apply_discard),
}
"""Every kind of queued decision and what it takes, offers, checks and does."""


# ---- the turn and the secret keep ------------------------------------------------------------------------------

TURN_ACTIONS: dict[type, tuple[Callable[[State, int, Any], list[Violation]], Callable[[State, int, Any], State]]] = {
    mv.PlayHire: (turn.check_hire, turn.apply_hire),
    mv.PlayMove: (turn.check_move, turn.apply_move),
    mv.PlayAbility: (turn.check_ability, turn.apply_ability),
    mv.EndTurn: (lambda s, seat, a: [], turn.apply_end_turn),
}

TURN: Decision[State] = Decision(
    tuple(TURN_ACTIONS),
    lambda s, seat: [a for a in turn.turn_candidates(s, seat) if not TURN_ACTIONS[type(a)][0](s, seat, a)],
    lambda s, seat, a: TURN_ACTIONS[type(a)][0](s, seat, a),
    lambda s, seat, a: TURN_ACTIONS[type(a)][1](s, seat, a),
)
"""A player's turn (§5.2): play a card to hire, to move or for its ability, or end the turn."""

KEEP: Decision[State] = Decision(
    (mv.KeepLordMayor,),
    lambda s, seat: setup.keep_options(s, seat),
    setup.check_keep,
    setup.apply_keep,
)
"""R-SETUP-11: each player secretly keeps a Lord Mayor card, all at once."""


# ---- now and automatic ------------------------------------------------------------------------------------------

PROMPTS: dict[type, str] = {
    DrawOrder: "Draw the starting order",
    DrawSide: "Draw the plantation side",
    DrawTile: "Draw the tile for the cell ({row},{col})",
    DrawToken: "Draw the second-place token for the tile at ({row},{col})",
    DrawCard: "Draw an action card for Seat {seat}",
    DrawLordMayor: "Draw a Lord Mayor card for Seat {seat}",
    ChooseLordMayor: "Keep one of the Lord Mayor cards you drew",
    HireStep: "How many liverymen to hire (up to {n})",
    NeutralStep: "How many neutral pawns to take (up to {n})",
    MoveStep: "Move a figure ({left} left), or stop",
    PlantStep: "Send a figure to the plantation ({left} left), or stop",
    ChoiceStep: "Choose an option",
    PayDiscard: "Discard a card to pay for the ability ({left} left)",
    PayReturn: "Return a figure to the supply to pay for the ability ({left} left)",
    Negotiate: "Swap a liveryman for a neutral pawn, or stop",
    DiscardToLimit: "Discard down to the hand limit",
}
"""What each queued decision asks, in the decider's words (the client says whose decision it is)."""

#: §5.3: once the cards to keep are kept, the rest go under the deck in the order the player chooses.
PUT_UNDER_PROMPT = "Choose the next Lord Mayor card to put under the deck"
KEEP_PROMPT = "Each player keeps a Lord Mayor card in secret"
TURN_PROMPT = "Play a card, or end the turn"


def _prompt(step: Any) -> str:
    if isinstance(step, ChooseLordMayor) and step.keep <= 0:
        return PUT_UNDER_PROMPT
    return PROMPTS[type(step)].format(**msgspec.structs.asdict(step))


def now(s: State) -> Now[State] | None:
    """Who owes which decision: the head of the queue, else the secret keep, else the turn."""
    if s.stage == "over":
        return None
    if s.queue:
        head = s.queue[0]
        row = STEPS.get(type(head))
        return None if row is None else queued_now(head, row, _prompt(head), CHANCE_STEPS)
    if s.stage == "keep":
        seats = setup.keep_seats(s)
        return Now(seats, KEEP, "keep_lord_mayor", KEEP_PROMPT) if seats else None
    if s.stage == "turns" and s.turn is not None:
        return Now((s.turn.seat,), TURN, "turn", TURN_PROMPT)
    return None


def _settle_head(s: State) -> State | None:
    """The head step, if it needs no decision (or is no decision at all)."""
    head = s.queue[0]
    if isinstance(head, Run):
        return effects.run(s, head)
    if isinstance(head, ReturnFromPlantation):
        return plantation.apply_return(s, head)
    if isinstance(head, CHANCE_STEPS):
        return deck.settle_draw(s, head)
    if isinstance(head, PayDiscard | PayReturn):
        return turn.settle_payment(s, head)
    if isinstance(head, DiscardToLimit):
        return turn.settle_discard(s, head)
    if isinstance(head, Negotiate):
        return negotiation.settle_negotiation(s, head)
    return effects.settle(s, head)


#: What happens by itself when the queue is empty, by stage (§4.1).
_STAGE_STEPS: dict[str, Callable[[State], State | None]] = {
    "deal": setup.end_deal,
    "keep": lambda s: None if setup.keep_seats(s) else setup.start_play(setup.resolve_keep(s)),
    "turns": turn.turn_progress,
    "scan": resolution.scan_next,
    "negotiate": resolution.vote,
    "reward": resolution.flip,
    "plantation": plantation.plantation_vote,
    "harvest": growth.harvest_done,
    "expand": growth.expand_done,
}


#: One automatic step, or ``None`` when a decision is owed (or the game is over): the queue's head settles
#: itself, then the stage moves on.
automatic = staged_automatic(_settle_head, _STAGE_STEPS)


def chance(s: State, now: Now[State], rng: Rng) -> tuple[Any, Rng]:
    """The physical process: a uniform draw among the pieces of the pile (copies weigh as many)."""
    return deck.draw_by_rng(s, s.queue[0], rng)  # type: ignore[arg-type]


class GuildsOfLondon:
    """Guilds of London for 2–4 players."""

    info = GameInfo(
        game_id="guilds_of_london",
        title="Guilds of London",
        rules_version=RULES_VERSION,
        min_players=setup.PLAYERS.start,
        max_players=setup.PLAYERS.stop - 1,
        options=option_infos(Options, setup.OPTION_DOCS),
        # Every player keeps Lord Mayor cards at once, in secret (R-SETUP-11); hands and the Lord Mayor
        # cards kept are hidden (§8); decks are shuffled and tokens drawn from the bag.
        game_type=GameType(simultaneous=True, hidden_information=True, chance=True),
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
    log = staticmethod(words.log)

    def seats(self, state: State) -> range:
        """One seat per entry of ``players``."""
        return range(len(state.players))

    def game_over(self, state: State) -> str:
        """Why the game ended: every tile resolved (R-RES-19), every tile resolved in a city that grows, the
        round marker then jumping to the last Growth space (R-RES-20, A-22: the rounds jumped over were not
        played, and which round the last tile fell in is not kept), or the end of the track (R-END-1)."""
        if state.ending:
            return f"The game is over: every tile was resolved in round {state.round}."
        if state.city and not any(placed.face_up for placed in state.city):
            return (
                "The game is over: every tile was resolved, so the round marker moved on to the Growth phase of "
                f"round {state.round}, the last round, and the game ended there."
            )
        return f"The game is over after round {state.round}."

    def picture(self, view: State, viewer: int | None) -> Picture:
        """The picture of what ``viewer`` sees of ``view`` (``picture.picture``)."""
        return picture(view, viewer)

    def describe(self) -> dict[str, Any]:
        """The content with provenance: symbols, tiles, plantation, cards, tokens and tracks."""
        c = CONTENT
        return {
            "symbols": msgspec.to_builtins(c.symbols),
            "guild_tiles": msgspec.to_builtins(c.guild_tiles),
            "special_buildings": msgspec.to_builtins(c.special_buildings),
            "plantation": msgspec.to_builtins(c.plantation),
            "action_cards": msgspec.to_builtins(c.action_cards),
            "lord_mayor_cards": msgspec.to_builtins(c.lord_mayor_cards),
            "second_place_tokens": msgspec.to_builtins(c.second_place_tokens),
            "tracks": {str(n): msgspec.to_builtins(t) for n, t in c.tracks.items()},
        }


GAME = GuildsOfLondon()
ENGINE: TableEngine[State, Options] = TableEngine(GAME)
