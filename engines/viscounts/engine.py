"""The Viscounts of the West Kingdom engine: the index of the game's rules, as the rows of its table
(``engines.core.table``).

``ACTIONS`` has a row per kind of action: its words (``words``) and, for a primary action, its own check and
effect. ``STEPS`` has a row per kind of queued step: chance's draws (what each draws among), the decisions
an effect or the castle asks (what they take, offer, check and do, what they ask, and what settles them by
themselves: nothing to decide, or the Cleric AI deciding its own), and the steps that never ask (effects
that need no decision, the castle cascade, the collision, the AI's turn). ``STAGES`` has the draft pick and
the phases of a turn that ask their player (play, move, primary action, recruit). ``TABLE`` walks them: the
head of the queue, else the draft pick or the turn's phase, else the stage moves on by itself (the deal's
end, the draft's end, the passing of phases, turns and rounds).
"""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec.structs import replace

from engines.core.engine import AutomatedSeat, GameInfo, GameType, option_infos
from engines.core.game import Game, TableEngine
from engines.core.search import Knobs
from engines.core.table import Act, Auto, Step, Table, dispatch, no_check
from engines.core.text import LIST_OR, Message, Text, listing
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
    names,
    redeal,
    scoring,
    setup,
    solo,
    turn,
    view,
    words,
)
from engines.viscounts import moves as mv
from engines.viscounts.common import CONTENT, swap_head
from engines.viscounts.names import building_name, effect_words
from engines.viscounts.picture import picture
from engines.viscounts.state import (
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
    DrawCard,
    DrawFolk,
    DrawHero,
    DrawManuscript,
    DrawPlayerCard,
    DrawRotation,
    DrawScheme,
    DrawSegment,
    DrawStart,
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
from engines.viscounts.state import Step as QueuedStep

RULES_VERSION = "0.1.0"


# ---- the table: one row per kind of action ----------------------------------------------------------


def _primary(label: Any, log: Any) -> Act:
    """A primary action (§5.4–§5.7) taken in phase 3 of a turn: its words, its check and its effect."""
    return Act(label, log, turn.check_primary, turn.apply_primary)


ACTIONS: dict[type, Act] = {
    # chance (§9)
    mv.Segment: Act(words.label_segment, words.log_segment),
    mv.Rotation: Act(words.label_rotation, words.log_rotation),
    mv.FolkDrawn: Act(words.label_folk, words.log_folk),
    mv.ManuscriptDrawn: Act(words.label_manuscript, words.log_manuscript),
    mv.StartDrawn: Act(words.label_start, words.log_start),
    mv.PlayerCardDrawn: Act(words.label_player_card, words.log_player_card),
    mv.HeroDrawn: Act(words.label_hero, words.log_hero),
    mv.CardDrawn: Act(words.label_card, words.log_card),
    mv.SchemeDrawn: Act(words.label_scheme, words.log_scheme),
    # the draft (§3 step 9) and the turn (§4.7)
    mv.PickPair: Act(words.label_pick, words.log_pick),
    mv.Play: Act(words.label_play, words.log_play),
    mv.MoveTo: Act(words.label_move_to, words.log_move_to),
    mv.Trade: _primary(words.label_trade, words.log_trade),
    mv.Build: _primary(words.label_build, words.log_build),
    mv.PlaceWorkers: _primary(words.label_workers, words.log_workers),
    mv.Transcribe: _primary(words.label_transcribe, words.log_transcribe),
    mv.NoAction: Act(words.label_no_action, words.log_no_action, no_check, turn.apply_no_action),
    mv.Hire: Act(words.label_hire, words.log_hire),
    # declining what is optional: the recruit, a rearrange, a discard, a destroy, a castle move, a cost
    mv.Pass: Act(words.label_pass, words.log_pass),
    # effect decisions (§4.5, §4.6, §6.2)
    mv.Branch: Act(words.label_branch, words.log_branch),
    mv.Accept: Act(words.label_accept, words.log_accept),
    mv.Take: Act(words.label_take, words.log_take),
    mv.Flip: Act(words.label_flip, words.log_flip),
    mv.Arrange: Act(words.label_arrange, words.log_arrange),
    mv.Discard: Act(words.label_discard, words.log_discard),
    mv.Destroy: Act(words.label_destroy, words.log_destroy),
    mv.HireFrom: Act(words.label_hire_from, words.log_hire_from),
    mv.TakeManuscript: Act(words.label_take_manuscript, words.log_take_manuscript),
    # the castle (§5.8, §6.2)
    mv.MoveWorker: Act(words.label_move_worker, words.log_move_worker),
    mv.Section: Act(words.label_section, words.log_section),
    mv.PlaceBuilding: Act(words.label_place_building, words.log_place_building),
    mv.BumpWorker: Act(words.label_bump, words.log_bump),
}
"""Every action: how a legal one is shown and what one did, in words; a primary action's own check and
effect."""

#: What phase 3 of a turn takes (§4.7): a primary action (§5.4–§5.7) or none (A-11).
ACTION_TAKES: tuple[type, ...] = (mv.Trade, mv.Build, mv.PlaceWorkers, mv.Transcribe, mv.NoAction)

check_act, apply_act = dispatch(ACTIONS, ACTION_TAKES)


# ---- what settles a queued decision by itself ---------------------------------------------------------


def settle_decision(s: State, step: Any) -> State | None:
    """A decision with no option, or only declining, is dropped by itself (§4.6, A-21: a destroy that would
    leave fewer than three cards); the Cleric AI decides its own (§8.3, §8.5). ``None``: a player decides."""
    row = STEPS[type(step)]
    assert isinstance(row, Step)
    options = row.options(s, step)
    if not options or options == [mv.Pass()]:
        return swap_head(s)
    if s.players[step.seat].ai:
        return row.effect(s, step, solo.decide(s, step, options))
    return None


def _decision(takes: tuple[type, ...], candidates: Any, check: Any, effect: Any, prompt: Any) -> Step[State]:
    """A queued decision of the step's seat, settled by itself when there is nothing to decide or the AI
    decides (``settle_decision``)."""
    return Step(takes, candidates, check, effect, prompt, settle=settle_decision)


def _chance(kind: type, prompt: Any) -> Step[State]:
    """A chance draw (§9): the pieces it can draw, checked among those there, drawn uniformly."""
    takes = (deck.ACTION[kind],)
    return Step(takes, deck.chance_options, deck.check_chance, deck.apply_chance, prompt, draw=deck.draw)


# ---- prompts: what the one deciding decides (never naming them: the client does) ----------------------


def _prompt(kind: str, template: str, plural: str = "") -> Message:
    return Message(f"viscounts.prompt.{kind}", template, plural)


TIMES_LEFT = _prompt("left", "{prompt} ({left} left)")


def _times(prompt: Text, left: int) -> Text:
    """A decision taken ``left`` more times: ``(2 left)``."""
    return TIMES_LEFT(prompt=prompt, left=left) if left > 1 else prompt


_DRAWN_PROMPTS = {
    "hand": _prompt("card_drawn_hand", "Draw the top card of the draw pile of {seat} into their hand"),
    "play": _prompt("card_drawn_play", "Draw the top card of the draw pile of {seat}: they play it blind"),
    "discard": _prompt("card_drawn_discard", "Draw the top card of the draw pile of {seat}: it is discarded"),
    "destroy": _prompt("card_drawn_destroy", "Draw the top card of the draw pile of {seat}: it is destroyed"),
}


def _drawn_prompt(s: State, step: DrawCard) -> Text:
    return _DRAWN_PROMPTS[step.purpose](seat=words.who(s, step.seat))


SCHEME_SETUP = _prompt("scheme_setup", "Draw a Future Scheme to shuffle into the pile of {seat}")
SCHEME_FUTURE = _prompt("scheme_future", "Draw a Future Scheme for {seat}")
SCHEME_REVEAL = _prompt("scheme_reveal", "Reveal the next scheme card of {seat}")


def _scheme_prompt(s: State, step: DrawScheme) -> Text:
    ai = words.who(s, step.seat)
    if step.setup:
        return SCHEME_SETUP(seat=ai)
    if step.future:
        return SCHEME_FUTURE(seat=ai)
    return SCHEME_REVEAL(seat=ai)


COST = _prompt("cost", "Pay {pay} for {gain}, or not")


def _cost_prompt(s: State, step: ChooseCost) -> Text:
    return COST(**words.cost_of(replace(s, queue=(step,))))


DESTROY_STARTING = _prompt("destroy_starting", "Destroy one of your starting cards, or none")
DESTROY = _prompt("destroy", "Destroy a card from your hand or your draw pile, or none")


def _destroy_prompt(s: State, step: DestroyStep) -> Text:
    return _times((DESTROY_STARTING if step.setup else DESTROY)(), step.left)


FREE_HIRE = _prompt("free_hire", "Hire the top card of any townsfolk pile for free")
FREE_HIRE_OR_DECLINE = _prompt("free_hire_optional", "Hire the top card of any townsfolk pile for free, or decline")


def _free_hire_prompt(s: State, step: FreeHire) -> Text:
    return _times((FREE_HIRE_OR_DECLINE if s.options.free_hire_optional else FREE_HIRE)(), step.left)


BUILD_FREE = _prompt("build_free", "Choose a spot for your free {building}")
BUILD_FREE_ANY = _prompt("build_free_any", "Choose a spot for your free building")


def _build_free_prompt(s: State, step: BuildFree) -> Text:
    return BUILD_FREE(building=building_name(step.building)) if step.building else BUILD_FREE_ANY()


SEGMENT = _prompt("segment", "Draw the board segment laid as segment {position}")
ROTATION = _prompt("rotation", "Draw how the castle is turned")
FOLK = _prompt("folk", "Reveal the next townsfolk of the pile of segment {position}")
MANUSCRIPT = _prompt("manuscript", "Reveal the next manuscript of the pile of segment {position}")
START = _prompt("start", "Draw the start player")
PLAYER_CARD = _prompt("player_card", "Draw the next player card to lay out")
HERO = _prompt("hero", "Draw the hero to put under {card}")
BRANCH = _prompt("branch", "Choose one: {effect}")
RESOURCE = _prompt("resource", "Take a resource: ink, gold or stone")
FLIP = _prompt("flip", "Flip a debt or a deed")
REARRANGE = _prompt("rearrange", "Rearrange the cards in your slots, or keep their order")
DISCARD = _prompt("discard", "Discard a card from your hand or your draw pile, or nothing")
FREE_MANUSCRIPT = _prompt("free_manuscript", "Take a manuscript costing {costs} for free")
CASTLE_MOVE = _prompt("castle_move", "Move a worker to a neighbouring castle section, or make no move")
PLACE_SECTION = _prompt(
    "place_section", "Choose the castle section for {n} free worker", "Choose the castle section for {n} free workers"
)
CASTLE_SECTION = _prompt("castle_section", "Choose which of your tier-{tier} castle sections resolves first")
BUMP = _prompt("bump", "Choose a worker to bump from a crowded castle section")
PICK_PAIR = _prompt("pick_pair", "Pick a player card and hero")
PLAY = _prompt("play", "Play a card from your hand into slot 1")
MOVE = _prompt("move", "Move your viscount")
ACTION = _prompt("action", "Take a primary action, or none")
RECRUIT = _prompt("recruit", "Hire the townsfolk on top of the pile here, or nobody")


# ---- the table: one row per kind of queued step -------------------------------------------------------

STEPS: dict[type, Step[State] | Auto[State]] = {
    # chance (§9): setup's draws (§3 steps 1–8), a card from a draw pile (§4.6), the AI's schemes (§8)
    DrawSegment: _chance(DrawSegment, lambda s, step: SEGMENT(position=step.position + 1)),
    DrawRotation: _chance(DrawRotation, ROTATION),
    DrawFolk: _chance(DrawFolk, lambda s, step: FOLK(position=step.position + 1)),
    DrawManuscript: _chance(DrawManuscript, lambda s, step: MANUSCRIPT(position=step.position + 1)),
    DrawStart: _chance(DrawStart, START),
    DrawPlayerCard: _chance(DrawPlayerCard, PLAYER_CARD),
    DrawHero: _chance(DrawHero, lambda s, step: HERO(card=words.hero_under(replace(s, queue=(step,))))),
    DrawCard: _chance(DrawCard, _drawn_prompt),
    DrawScheme: _chance(DrawScheme, _scheme_prompt),
    # effect decisions (§4.5, §4.6, §6.2)
    ChooseBranch: _decision(
        (mv.Branch,),
        effects.branch_options,
        effects.check_branch,
        effects.apply_branch,
        lambda s, step: BRANCH(effect=effect_words(step.effect)),
    ),
    ChooseCost: _decision(
        (mv.Accept, mv.Pass), effects.cost_options, effects.check_cost, effects.apply_cost, _cost_prompt
    ),
    ChooseResource: _decision(
        (mv.Take,),
        goods.resource_options,
        goods.check_resource,
        effects.apply_resource,
        lambda s, step: _times(RESOURCE(), step.left),
    ),
    ChooseFlip: _decision(
        (mv.Flip,),
        goods.flip_options,
        goods.check_flip,
        effects.apply_flip,
        lambda s, step: _times(FLIP(), step.left),
    ),
    Rearrange: _decision(
        (mv.Arrange, mv.Pass),
        cards.arrange_options,
        cards.check_arrange,
        cards.apply_arrange,
        REARRANGE,
    ),
    DiscardStep: _decision(
        (mv.Discard, mv.Pass),
        cards.discard_options,
        cards.check_discard,
        cards.apply_discard,
        lambda s, step: _times(DISCARD(), step.left),
    ),
    DestroyStep: _decision(
        (mv.Destroy, mv.Pass), cards.destroy_options, cards.check_destroy, cards.apply_destroy, _destroy_prompt
    ),
    FreeHire: _decision(
        (mv.HireFrom, mv.Pass),
        cards.free_hire_options,
        cards.check_free_hire,
        cards.apply_free_hire,
        _free_hire_prompt,
    ),
    FreeManuscript: _decision(
        (mv.TakeManuscript,),
        manuscripts.free_options,
        manuscripts.check_free,
        manuscripts.apply_free,
        lambda s, step: FREE_MANUSCRIPT(costs=listing(list(step.costs), joined=LIST_OR)),
    ),
    # the castle (§5.8, §6.2)
    CastleMove: _decision(
        (mv.MoveWorker, mv.Pass),
        castle.move_options,
        castle.check_move,
        castle.apply_move,
        lambda s, step: _times(CASTLE_MOVE(), step.left),
    ),
    PlaceSection: _decision(
        (mv.Section,),
        castle.place_options,
        castle.check_place,
        castle.apply_place,
        lambda s, step: PLACE_SECTION(n=step.n),
    ),
    CastleSection: _decision(
        (mv.Section,),
        castle.section_options,
        castle.check_section,
        castle.apply_section,
        CASTLE_SECTION,
    ),
    Bump: _decision(
        (mv.BumpWorker,),
        castle.bump_options,
        castle.check_bump,
        castle.apply_bump,
        BUMP,
    ),
    BuildFree: _decision(
        (mv.PlaceBuilding,),
        building.free_build_options,
        building.check_free_build,
        building.apply_free_build,
        _build_free_prompt,
    ),
    # steps that never ask: effects, the castle cascade, the collision, the action's parts, the AI (§8.4)
    Run: Auto(effects.run),
    Settle: Auto(castle.settle),
    Collide: Auto(turn.collide_rewards),
    Reset: Auto(lambda s, step: turn.reset(swap_head(s), step)),
    Outcome: Auto(lambda s, step: actions.outcome(swap_head(s), step)),
    AfterAction: Auto(lambda s, step: swap_head(s, *effects.triggered(s, step.seat, "after_action", step.action))),
    Gather: Auto(cards.gather),
    Spread: Auto(castle.apply_spread),
    AiDo: Auto(solo.do),
    AiFirst: Auto(solo.first),
}
"""Every kind of queued step: what it takes, offers, checks and does, what it asks, how chance draws, and
what settles it by itself."""


# ---- the table: the stages' decisions -------------------------------------------------------------------


def _picker(s: State) -> tuple[int, ...]:
    """§3 step 9: the next seat to pick (nobody once every player has picked)."""
    seat = setup.picker(s)
    return (seat,) if seat >= 0 else ()


def _turn_seat(s: State) -> tuple[int, ...]:
    assert s.turn is not None
    return (s.turn.seat,)


def _phase(takes: tuple[type, ...], candidates: Any, check: Any, effect: Any, prompt: Message) -> Step[State]:
    """A phase of a turn that asks the turn's player (§4.7)."""
    return Step(takes, candidates, check, effect, prompt, seats=_turn_seat)


STAGES: dict[str, Step[State]] = {
    "pick_pair": Step(
        (mv.PickPair,),
        setup.pick_options,
        setup.check_pick,
        setup.apply_pick,
        PICK_PAIR,
        seats=_picker,
    ),
    # the phases of a turn that ask the player (§4.7, §5.11)
    "play": _phase((mv.Play,), turn.play_options, turn.check_play, turn.apply_play, PLAY),
    "move": _phase((mv.MoveTo,), turn.move_options, turn.check_move, turn.apply_move, MOVE),
    "action": _phase(ACTION_TAKES, turn.act_options, check_act, apply_act, ACTION),
    "recruit": _phase(
        (mv.Hire, mv.Pass),
        turn.recruit_options,
        turn.check_recruit,
        turn.apply_recruit,
        RECRUIT,
    ),
}
"""The draft pick (§3 step 9) and the phases of a turn that ask its player (§4.7)."""


def decision(s: State) -> str | None:
    """With the queue empty: the draft pick, else the turn's phase when it asks its player."""
    if s.stage == "draft":
        return "pick_pair"
    if s.stage == "turns" and s.turn is not None and s.turn.phase in STAGES:
        return s.turn.phase
    return None


TABLE: Table[State] = Table(
    actions=ACTIONS,
    action_union=mv.Action,
    stage=lambda s: s.stage,
    decision=decision,
    stages=STAGES,
    progress={
        "deal": setup.end_deal,  # setup's chance events are done: the draft begins
        "draft": setup.finish_draft,  # every player has picked: the turns begin
        "turns": turn.progress,  # phases, turns and rounds pass
    },
    queue=lambda s: s.queue,
    queued=STEPS,
    step_union=QueuedStep,
)


GAME_OVER = Message("viscounts.game_over", "The game is over after round {round}.")
CLERIC_AI = Message("viscounts.seat.cleric_ai", "Cleric AI")


def game_over(state: State) -> Text:
    """§4.9: the round after the first reveal is over."""
    return GAME_OVER(round=state.round)


def describe() -> dict[str, Any]:
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


#: The search's playouts stop after 20 moves and score the game by its provisional scores, 10 points of
#: lead counting as nearly sure: a whole game is 200-400 moves, so a second of full playouts is about 24
#: of them, too few to tell moves apart; measured against the greedy bot at 2 players, 200 cut playouts won
#: 6 games of 6 where 30 whole ones won 2 of 6 (docs/bots.md).
SEARCH_KNOBS = Knobs(horizon=20, spread=10.0)


GAME: Game[State, Options] = Game(
    info=GameInfo(
        game_id="viscounts",
        title="Viscounts of the West Kingdom",
        rules_version=RULES_VERSION,
        min_players=setup.PLAYERS.start,
        max_players=setup.PLAYERS.stop - 1,
        options=option_infos(Options, setup.OPTION_DOCS),
        # One seat decides at a time; hands and draw piles are hidden (§9); cards are drawn from shuffled
        # piles. In a solo game the engine plays seat 1, the Cleric AI (§8): one seat per entry of `players`.
        game_type=GameType(
            simultaneous=False,
            hidden_information=True,
            chance=True,
            automated_seats=(AutomatedSeat(players=1, seat=1, name=CLERIC_AI.template, name_text=CLERIC_AI()),),
        ),
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
    knobs=SEARCH_KNOBS,
    describe=describe,
    label=words.label,
    log=words.log,
    game_over=game_over,
    picture=picture,
    names=(names.GOODS, names.BUILDINGS, names.FOLK, names.ICONS, names.RIBBONS, names.SPACE_KINDS),
)
"""Viscounts of the West Kingdom for 1–4 players (one: against the Cleric AI, §8)."""
ENGINE: TableEngine[State, Options] = TableEngine(GAME)
