"""The Guilds of London engine: the index of the game's rules, as the rows of its table (``engines.core.table``).

``ACTIONS`` has a row per kind of action: its words (``words``: its label and its log lines) and, for a
turn action, its own check and effect. ``STEPS`` has a row per kind of queued step: a chance draw (how
chance draws, what settles it without chance), a small effect decision, a payment, a negotiation, a
discard (what each takes, offers, checks and does, what it asks, what settles it by itself), and the
steps that never ask anyone (an effect list running, figures coming back from the plantation). The stage
decisions are the simultaneous secret Lord Mayor keep of setup and the turn of the player whose turn it
is. ``TABLE`` walks them: the head of the queue, else the stage's decision, else the stage moves on by
itself (``progress``: the stages of the round, §4.1).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from engines.core.engine import GameInfo, GameType, option_infos
from engines.core.errors import Violation, violation
from engines.core.game import Game, TableEngine
from engines.core.table import Act, Auto, Step, Table, dispatch, no_check
from engines.core.text import Message, Text, seat
from engines.guilds_of_london import (
    deck,
    effects,
    growth,
    integrity,
    names,
    negotiation,
    plantation,
    redeal,
    resolution,
    scoring,
    setup,
    turn,
    view,
    words,
)
from engines.guilds_of_london import moves as mv
from engines.guilds_of_london import picture as pictures
from engines.guilds_of_london.common import CONTENT
from engines.guilds_of_london.picture import picture
from engines.guilds_of_london.state import (
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
from engines.guilds_of_london.state import Step as QueuedStep

RULES_VERSION = "1.0.0"


# ---- the table: one row per kind of action --------------------------------------------------------------

ACTIONS: dict[type, Act] = {
    # chance (§5.5)
    mv.StartingOrder: Act(words.label_order, words.log_order),
    mv.ChanceSide: Act(words.label_side, words.log_side),
    mv.ChanceTile: Act(words.label_tile, words.log_tile),
    mv.ChanceToken: Act(words.label_token, words.log_token),
    mv.ChanceCard: Act(words.label_card, words.log_card),
    mv.ChanceLordMayor: Act(words.label_lord_mayor_draw, words.log_lord_mayor_draw),
    # the Lord Mayor cards (R-SETUP-11, §5.3)
    mv.KeepLordMayor: Act(words.label_keep, words.log_keep),
    mv.PutUnder: Act(words.label_under, words.log_under),
    # the turn (§5.2): play a card to hire, to move or for its ability, or end the turn
    mv.PlayHire: Act(words.label_hire, words.log_hire, turn.check_hire, turn.apply_hire),
    mv.PlayMove: Act(words.label_play_move, words.log_play_move, turn.check_move, turn.apply_move),
    mv.PlayAbility: Act(words.label_ability, words.log_ability, turn.check_ability, turn.apply_ability),
    mv.EndTurn: Act(words.label_end, words.log_end, no_check, turn.apply_end_turn),
    # paying for an ability (§5.2)
    mv.PayCard: Act(words.label_pay, words.log_pay),
    mv.ReturnFigure: Act(words.label_return, words.log_return),
    # effects (§6.7, §9.2.1)
    mv.Hire: Act(words.label_hire_count, words.log_hire_count),
    mv.TakeNeutral: Act(words.label_neutral, words.log_neutral),
    mv.MoveFigure: Act(words.label_move_figure, words.log_move_figure),
    mv.PlantFigure: Act(words.label_plant, words.log_plant),
    mv.ChooseOption: Act(words.label_option, words.log_option),
    # negotiation (R-RES-5, R-PLANT-1), stopping a step that goes on, the hand limit (R-TURN-6)
    mv.Swap: Act(words.label_swap, words.log_swap),
    mv.Stop: Act(words.label_stop, words.log_stop),
    mv.Discard: Act(words.label_discard, words.log_discard),
}
"""Every action: how a legal one is shown and what one did, in words; a turn action's own check and effect."""


# ---- rows for queued steps --------------------------------------------------------------------------------


def _hand_card(s: State, step: Any, a: Any) -> list[Violation]:
    """The card named is in the hand of the step's seat."""
    if a.card in s.players[step.seat].hand:
        return []
    return violation("GUILDS_OF_LONDON_NOT_IN_HAND", turn.NOT_IN_HAND(), "action.card")


def _stoppable(
    takes: type,
    candidates: Callable[[State, Any], Sequence[Any]],
    check: Callable[[State, Any, Any], list[Violation]],
    effect: Callable[[State, Any, Any], State],
    mandatory: Callable[[Any], bool],
    prompt: Message,
    settle: Callable[[State, Any], State | None],
) -> Step[State]:
    """A row for a step that goes on one action at a time until its player stops (A-19: a mandatory step
    may stop only when it can do nothing more)."""

    def check_or_stop(s: State, step: Any, a: Any) -> list[Violation]:
        if isinstance(a, mv.Stop):
            return effects.check_stop(mandatory(step), bool(candidates(s, step)))
        return check(s, step, a)

    def apply_or_stop(s: State, step: Any, a: Any) -> State:
        return deck.pop(s) if isinstance(a, mv.Stop) else effect(s, step, a)

    return Step(
        (takes, mv.Stop),
        lambda s, st: [*candidates(s, st), mv.Stop()],
        check_or_stop,
        apply_or_stop,
        prompt,
        settle=settle,
    )


def _hire_candidates(s: State, step: HireStep) -> list[mv.Hire]:
    """§6.7 ``HIRE``: up to n liverymen, none included (A-19)."""
    return [mv.Hire(k) for k in range(effects.hire_most(s, step) + 1)]


def _neutral_candidates(s: State, step: NeutralStep) -> list[mv.TakeNeutral]:
    """§6.7 ``GAIN_NEUTRAL``: up to n neutral pawns, none included (A-19)."""
    return [mv.TakeNeutral(k) for k in range(effects.neutral_most(s, step) + 1)]


def _chance(takes: type, prompt: Message | Callable[[State, Any], Text]) -> Step[State]:
    """A chance draw (§5.5): every outcome once, drawn uniformly among the pieces of the pile (copies weigh
    as many); settled without chance when the deck turns over or nothing is left to draw (A-15, A-26)."""
    return Step(
        (takes,),
        deck.chance_options,
        deck.check_chance,
        deck.apply_chance,
        prompt,
        draw=deck.chance_draw,
        settle=deck.settle_draw,
    )


#: §5.3: once the cards to keep are kept, the rest go under the deck in the order the player chooses.
PUT_UNDER_PROMPT = Message("guilds_of_london.prompt.put_under", "Choose the next Lord Mayor card to put under the deck")
KEEP_PROMPT = Message("guilds_of_london.prompt.keep_drawn", "Keep one of the Lord Mayor cards you drew")
PROMPT_DRAW_CARD = Message("guilds_of_london.prompt.draw_card", "Draw an action card for {seat}")
PROMPT_DRAW_LORD_MAYOR = Message("guilds_of_london.prompt.draw_lord_mayor", "Draw a Lord Mayor card for {seat}")
PROMPT_DRAW_ORDER = Message("guilds_of_london.prompt.draw_order", "Draw the starting order")
PROMPT_DRAW_SIDE = Message("guilds_of_london.prompt.draw_side", "Draw the plantation side")
PROMPT_DRAW_TILE = Message("guilds_of_london.prompt.draw_tile", "Draw the tile for the cell ({row},{col})")
PROMPT_DRAW_TOKEN = Message(
    "guilds_of_london.prompt.draw_token", "Draw the second-place token for the tile at ({row},{col})"
)
PROMPT_HIRE = Message("guilds_of_london.prompt.hire", "How many liverymen to hire (up to {n})")
PROMPT_TAKE_NEUTRAL = Message("guilds_of_london.prompt.take_neutral", "How many neutral pawns to take (up to {n})")
PROMPT_MOVE = Message("guilds_of_london.prompt.move", "Move a figure ({left} left), or stop")
PROMPT_PLANT = Message("guilds_of_london.prompt.plant", "Send a figure to the plantation ({left} left), or stop")
PROMPT_CHOOSE_OPTION = Message("guilds_of_london.prompt.choose_option", "Choose an option")
PROMPT_PAY_CARD = Message("guilds_of_london.prompt.pay_card", "Discard a card to pay for the ability ({left} left)")
PROMPT_RETURN_FIGURE = Message(
    "guilds_of_london.prompt.return_figure", "Return a figure to the supply to pay for the ability ({left} left)"
)
PROMPT_SWAP = Message("guilds_of_london.prompt.swap", "Swap a liveryman for a neutral pawn, or stop")
PROMPT_DISCARD = Message("guilds_of_london.prompt.discard", "Discard down to the hand limit")
PROMPT_KEEP_LORD_MAYOR = Message(
    "guilds_of_london.prompt.keep_lord_mayor", "Each player keeps a Lord Mayor card in secret"
)
PROMPT_TURN = Message("guilds_of_london.prompt.turn", "Play a card, or end the turn")


def _lord_mayor_prompt(s: State, step: ChooseLordMayor) -> Text:
    return KEEP_PROMPT() if step.keep > 0 else PUT_UNDER_PROMPT()


#: A prompt says what the decision asks, in the decider's words (the client says whose decision it is).
STEPS: dict[type, Step[State] | Auto[State]] = {
    # chance (§5.5)
    DrawOrder: _chance(mv.StartingOrder, PROMPT_DRAW_ORDER),
    DrawSide: _chance(mv.ChanceSide, PROMPT_DRAW_SIDE),
    DrawTile: _chance(mv.ChanceTile, PROMPT_DRAW_TILE),
    DrawToken: _chance(mv.ChanceToken, PROMPT_DRAW_TOKEN),
    DrawCard: _chance(mv.ChanceCard, lambda s, st: PROMPT_DRAW_CARD(seat=seat(st.seat))),
    DrawLordMayor: _chance(mv.ChanceLordMayor, lambda s, st: PROMPT_DRAW_LORD_MAYOR(seat=seat(st.seat))),
    # the Lord Mayor cards drawn (§5.3)
    ChooseLordMayor: Step(
        (mv.KeepLordMayor, mv.PutUnder),
        effects.lord_mayor_options,
        effects.check_lord_mayor,
        effects.apply_lord_mayor,
        _lord_mayor_prompt,
        settle=effects.settle_lord_mayor,
    ),
    # effects (§6.7, §9.2.1)
    Run: Auto(effects.run),
    HireStep: Step(
        (mv.Hire,),
        _hire_candidates,
        lambda s, st, a: effects.check_count(effects.hire_most(s, st), a.count, st.mandatory),
        lambda s, st, a: effects.apply_hire(s, st, a.count),
        PROMPT_HIRE,
        settle=effects.settle_hire,
    ),
    NeutralStep: Step(
        (mv.TakeNeutral,),
        _neutral_candidates,
        lambda s, st, a: effects.check_count(effects.neutral_most(s, st), a.count, st.mandatory),
        lambda s, st, a: effects.apply_neutral(s, st, a.count),
        PROMPT_TAKE_NEUTRAL,
        settle=effects.settle_neutral,
    ),
    MoveStep: _stoppable(
        mv.MoveFigure,
        effects.move_options,
        effects.check_move,
        effects.apply_move,
        lambda st: st.mandatory,
        PROMPT_MOVE,
        effects.settle_move,
    ),
    PlantStep: _stoppable(
        mv.PlantFigure,
        effects.plant_options,
        effects.check_plant,
        effects.apply_plant,
        lambda st: st.mandatory,
        PROMPT_PLANT,
        effects.settle_plant,
    ),
    ChoiceStep: Step(
        (mv.ChooseOption,),
        lambda s, st: [mv.ChooseOption(i) for i in range(effects.choice_count(st))],
        lambda s, st, a: effects.check_option(st, a.option),
        lambda s, st, a: effects.apply_option(s, st, a.option),
        PROMPT_CHOOSE_OPTION,
        settle=effects.settle_choice,
    ),
    # paying for an ability (§5.2)
    PayDiscard: Step(
        (mv.PayCard,),
        turn.pay_card_options,
        _hand_card,
        turn.apply_pay_card,
        PROMPT_PAY_CARD,
        settle=turn.settle_payment,
    ),
    PayReturn: Step(
        (mv.ReturnFigure,),
        turn.return_options,
        turn.check_return,
        turn.apply_return,
        PROMPT_RETURN_FIGURE,
        settle=turn.settle_payment,
    ),
    # resolution (R-RES-5) and the plantation (R-PLANT-1)
    Negotiate: _stoppable(
        mv.Swap,
        negotiation.swap_options,
        negotiation.check_swap,
        negotiation.apply_swap,
        lambda st: False,
        PROMPT_SWAP,
        negotiation.settle_negotiation,
    ),
    ReturnFromPlantation: Auto(plantation.apply_return),
    # the end of a turn (R-TURN-6 step 4)
    DiscardToLimit: Step(
        (mv.Discard,),
        turn.discard_options,
        _hand_card,
        turn.apply_discard,
        PROMPT_DISCARD,
        settle=turn.settle_discard,
    ),
}
"""Every kind of queued step: what it takes, offers, checks and does, what it asks, how chance draws and
what settles it by itself."""


# ---- the stage decisions: the secret keep and the turn --------------------------------------------------------

#: What a player's turn takes (§5.2), in the order a refusal of another kind of action lists them.
TURN_TAKES: tuple[type, ...] = (mv.PlayHire, mv.PlayMove, mv.PlayAbility, mv.EndTurn)

check_turn_action, apply_turn_action = dispatch(ACTIONS, TURN_TAKES)


def _turn_seat(s: State) -> tuple[int, ...]:
    assert s.turn is not None
    return (s.turn.seat,)


STAGES: dict[str, Step[State]] = {
    # R-SETUP-11: each player secretly keeps a Lord Mayor card, all at once.
    "keep_lord_mayor": Step(
        (mv.KeepLordMayor,),
        setup.keep_options,
        setup.check_keep,
        setup.apply_keep,
        PROMPT_KEEP_LORD_MAYOR,
        seats=setup.keep_seats,
        exact=True,
    ),
    # §5.2: a player's turn: play a card to hire, to move or for its ability, or end the turn.
    "turn": Step(
        TURN_TAKES,
        turn.turn_candidates,
        check_turn_action,
        apply_turn_action,
        PROMPT_TURN,
        seats=_turn_seat,
    ),
}
"""The decisions of a stage, with the queue empty."""


def decision(s: State) -> str | None:
    """With the queue empty: the secret keep of setup, else the turn of the player whose turn it is."""
    if s.stage == "keep":
        return "keep_lord_mayor"
    if s.stage == "turns" and s.turn is not None:
        return "turn"
    return None


def _kept(s: State) -> State | None:
    """R-SETUP-11: once nobody is left to keep, the keep resolves and play starts."""
    return None if setup.keep_seats(s) else setup.start_play(setup.resolve_keep(s))


TABLE: Table[State] = Table(
    actions=ACTIONS,
    action_union=mv.Action,
    stage=lambda s: s.stage,
    decision=decision,
    stages=STAGES,
    #: What happens by itself when the queue is empty, by stage (§4.1).
    progress={
        "deal": setup.end_deal,
        "keep": _kept,
        "turns": turn.turn_progress,
        "scan": resolution.scan_next,
        "negotiate": resolution.vote,
        "reward": resolution.flip,
        "plantation": plantation.plantation_vote,
        "harvest": growth.harvest_done,
        "expand": growth.expand_done,
    },
    queue=lambda s: s.queue,
    queued=STEPS,
    step_union=QueuedStep,
)


OVER_ALL_RESOLVED = Message(
    "guilds_of_london.game_over.all_resolved", "The game is over: every tile was resolved in round {round}."
)
OVER_JUMPED = Message(
    "guilds_of_london.game_over.jumped",
    "The game is over: every tile was resolved, so the round marker moved on to the Growth phase of "
    "round {round}, the last round, and the game ended there.",
)
OVER_TRACK = Message("guilds_of_london.game_over.track", "The game is over after round {round}.")


def game_over(state: State) -> Text:
    """Why the game ended: every tile resolved (R-RES-19), every tile resolved in a city that grows, the
    round marker then jumping to the last Growth space (R-RES-20, A-22: the rounds jumped over were not
    played, and which round the last tile fell in is not kept), or the end of the track (R-END-1)."""
    if state.ending:
        return OVER_ALL_RESOLVED(round=state.round)
    if state.city and not any(placed.face_up for placed in state.city):
        return OVER_JUMPED(round=state.round)
    return OVER_TRACK(round=state.round)


def describe() -> dict[str, Any]:
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


GAME: Game[State, Options] = Game(
    info=GameInfo(
        game_id="guilds_of_london",
        title="Guilds of London",
        rules_version=RULES_VERSION,
        min_players=setup.PLAYERS.start,
        max_players=setup.PLAYERS.stop - 1,
        options=option_infos(Options, setup.OPTION_DOCS),
        # Every player keeps Lord Mayor cards at once, in secret (R-SETUP-11); hands and the Lord Mayor
        # cards kept are hidden (§8); decks are shuffled and tokens drawn from the bag.
        game_type=GameType(simultaneous=True, hidden_information=True, chance=True),
    ),
    table=TABLE,
    state_type=State,
    move_type=mv.Move,
    options_type=Options,
    make_options=setup.make_options,
    setup=setup.new_game,
    integrity=integrity.check_state,
    score=scoring.score,
    view=view.view,
    redeal=redeal.redeal,
    describe=describe,
    label=words.label,
    log=words.log,
    game_over=game_over,
    picture=picture,
    names=(names.SYMBOLS, names.TILES, names.SIDES, pictures.COLOURS, names.ACTION_CARDS, names.LORD_MAYOR_CARDS),
)
"""Guilds of London for 2–4 players."""
ENGINE: TableEngine[State, Options] = TableEngine(GAME)
