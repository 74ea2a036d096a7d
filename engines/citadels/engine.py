"""The Citadels engine: the index of the game's rules, as the rows of its table (``engines.core.table``).

``ACTIONS`` has a row per kind of action: its words (``words``) and, for a turn action, its own check and
effect. ``STEPS`` has a row per kind of queued step (the selection, chance's draws, prompts and hand-overs):
what it takes, offers, checks and does, what it asks, how chance draws and what settles it by itself;
``TURN`` is a character's turn. ``TABLE`` walks them: the head of the queue, else the turn, else the
phase moves on (``progress``). ``legal_moves`` is exactly the candidates that pass their check, and
``validate`` runs the same check, so the two agree.
"""

from __future__ import annotations

from typing import Any, get_args

import msgspec
from msgspec.structs import replace

from engines.citadels import moves as mv
from engines.citadels import naming, scoring, setup, view, words
from engines.citadels.abilities import (
    ABILITIES,
    apply_wizard_take,
    check_wizard_take,
    emperor_recipients,
    hand_over,
    wizard_take_options,
)
from engines.citadels.building import check_build, resolve_confiscation, start_build
from engines.citadels.common import city_targets, distinct, has
from engines.citadels.content import CONTENT
from engines.citadels.deck import (
    apply_chance,
    chance_options,
    chance_population,
    check_chance,
    resolve_forced_draw,
)
from engines.citadels.districts import DISTRICT_EFFECTS
from engines.citadels.giving import apply_give, check_give, give_options
from engines.citadels.integrity import check_state
from engines.citadels.naming import thing
from engines.citadels.picture import picture
from engines.citadels.redeal import redeal
from engines.citadels.selection import (
    apply_pick,
    apply_theater,
    check_pick,
    check_theater,
    pick_options,
    theater_options,
)
from engines.citadels.state import (
    AdvisorCrown,
    Bribe,
    Confiscate,
    DiscardCharacter,
    DrawCard,
    EmperorRecipientResource,
    GiveCards,
    KeepDrawn,
    Options,
    OrderBottom,
    PickCharacter,
    RevealThreat,
    State,
    TakeRandomCard,
    TakeRandomCharacter,
    TheaterChoice,
    WizardChoice,
)
from engines.citadels.state import Step as QueuedStep
from engines.citadels.turn import (
    CLOSING,
    apply_bottom,
    apply_keep,
    call_next,
    check_end_turn,
    check_gather,
    end_turn,
    finish_round,
    gate,
    gather_cards,
    gather_gold,
    keep_options,
    resolve_bribe,
    resolve_reveal,
    turn_progress,
)
from engines.core.engine import GameInfo, GameType, OptionInfo, option_infos
from engines.core.errors import Violation, violation
from engines.core.game import Game, TableEngine
from engines.core.table import Act, Auto, Draw, Step, Table, dispatch, no_check, uniform
from engines.core.text import LIST_COMMA, Message, Text, listing

RULES_VERSION = "1.0.0"


# ---- the turn: one decision taking many kinds of action (R-4.3.2) ----------------------------------


def turn_candidates(s: State, seat: int) -> list[Any]:
    """Candidate turn actions for the effective character and the city (R-4.3.2).

    Candidates that the turn's state already rules out wholesale are not listed (gathering
    twice, building before gathering, anything but gathering under a gate); the turn's check
    (``check_turn_action``) still rejects them with their own codes, and keeps only the legal ones.
    """
    turn = s.turn
    assert turn is not None
    if not turn.gathered:
        out: list[Any] = [mv.GatherGold(), mv.GatherCards()]
        if turn.mode != "normal" or turn.threat_open:
            return out
    elif turn.mode == "witch":  # G-witch-hold: after gathering she can only bewitch
        return ABILITIES["bewitch"][3](s)
    else:
        out = []
    p = s.players[turn.seat]
    if (turn.gathered or not s.options.build_requires_gather) and turn.character != "navigator":
        out += build_candidates(s, turn.seat, turn.character)
    for card, (_, _, candidates) in DISTRICT_EFFECTS.items():
        if has(p, card):
            out += candidates(s)
    for chars, _, _, candidates in ABILITIES.values():
        if turn.character in chars:
            out += candidates(s)
    out.append(mv.EndTurn())
    return out


def build_candidates(s: State, seat: int, acting: str) -> list[mv.Build]:
    """§5.3 M-BUILD: one Build per distinct card in hand and payment form that could apply."""
    p = s.players[seat]
    framework = has(p, "framework")
    out: list[mv.Build] = []
    for c in distinct(p.hand):
        out.append(mv.Build(c))
        if acting == "cardinal":
            out += [mv.Build(c, lender=t) for t in range(len(s.players)) if t != seat]
        if c == "thieves_den":
            out.append(mv.Build(c, "thieves_den"))
        if framework:
            out.append(mv.Build(c, "framework"))
        if c == "necropolis":
            out += [mv.Build(c, "necropolis", d, destroy_copy=k) for d, k in city_targets(p)]
    return out


def _check_build_move(s: State, seat: int, a: mv.Build) -> list[Violation]:
    """§5.3 M-BUILD: the card, its payment form and the build limit."""
    turn = s.turn
    assert turn is not None
    hand = s.players[turn.seat].hand
    sacrifice = (a.destroy, a.destroy_copy)
    return check_build(s, turn.seat, a.card, a.method, sacrifice, a.lender, hand, wizard=False)


def _apply_build_move(s: State, seat: int, a: mv.Build) -> State:
    """§5.3 M-BUILD: start the build (payment prompts may follow)."""
    turn = s.turn
    assert turn is not None
    sacrifice = (a.destroy, a.destroy_copy)
    return start_build(s, turn.seat, a.card, a.method, sacrifice, a.lender, turn.seat, wizard=False)


#: The refusal of an ability to a character without it, by ability.
NOT_YOUR_ABILITY: dict[str, Message] = {
    "income": Message("citadels.refusal.cannot_income", "The {character} cannot take income for districts."),
    "kill": Message("citadels.refusal.cannot_kill", "The {character} cannot kill a character."),
    "bewitch": Message("citadels.refusal.cannot_bewitch", "The {character} cannot bewitch a character."),
    "warrants": Message("citadels.refusal.cannot_warrants", "The {character} cannot place warrants."),
    "rob": Message("citadels.refusal.cannot_rob", "The {character} cannot rob a character."),
    "spy": Message("citadels.refusal.cannot_spy", "The {character} cannot spy on a hand."),
    "threats": Message("citadels.refusal.cannot_threats", "The {character} cannot place threats."),
    "magic_swap": Message("citadels.refusal.cannot_magic_swap", "The {character} cannot exchange hands."),
    "magic_redraw": Message(
        "citadels.refusal.cannot_magic_redraw", "The {character} cannot discard cards and draw as many."
    ),
    "wizard_look": Message(
        "citadels.refusal.cannot_wizard_look", "The {character} cannot look at another player's hand."
    ),
    "seer_take": Message(
        "citadels.refusal.cannot_seer_take", "The {character} cannot take a random card from each other player."
    ),
    "emperor": Message("citadels.refusal.cannot_emperor", "The {character} cannot give the crown away."),
    "abbot_charity": Message(
        "citadels.refusal.cannot_abbot_charity", "The {character} cannot take 1 gold from the richest player."
    ),
    "merchant_bonus": Message("citadels.refusal.cannot_merchant_bonus", "The {character} cannot take 1 extra gold."),
    "architect_draw": Message("citadels.refusal.cannot_architect_draw", "The {character} cannot draw 2 extra cards."),
    "navigator": Message("citadels.refusal.cannot_navigator", "The {character} cannot take 4 gold or draw 4 cards."),
    "scholar_draw": Message("citadels.refusal.cannot_scholar_draw", "The {character} cannot draw 7 cards and keep 1."),
    "destroy": Message("citadels.refusal.cannot_destroy", "The {character} cannot destroy a district."),
    "exchange": Message("citadels.refusal.cannot_exchange", "The {character} cannot exchange districts."),
    "seize": Message("citadels.refusal.cannot_seize", "The {character} cannot seize a district."),
    "beautify": Message("citadels.refusal.cannot_beautify", "The {character} cannot beautify a district."),
    "collect_tax": Message("citadels.refusal.cannot_collect_tax", "The {character} cannot collect the tax."),
}


def _owned(tag: str) -> Any:
    """§6: an ability's check, preceded by 'the effective character has this ability'."""
    chars, check, _, _ = ABILITIES[tag]

    def checked(s: State, seat: int, a: Any) -> list[Violation]:
        turn = s.turn
        assert turn is not None
        if turn.character not in chars:
            refusal = NOT_YOUR_ABILITY[tag](character=thing(turn.character))
            return violation("CITADELS_NOT_YOUR_ABILITY", refusal, "action")
        return check(s, a)  # type: ignore[no-any-return]

    return checked


# ---- the table: one row per kind of action ----------------------------------------------------


def _ability(label: Any, log: Any, tag: str) -> Act:
    """A character's ability (§6) taken in the turn: its words, its owned check and its effect."""
    effect = ABILITIES[tag][2]
    return Act(label, log, _owned(tag), lambda s, seat, a: effect(s, a))


def _district_act(tag: str) -> Act:
    """An activated district (§7) taken in the turn: its words, its own check and its effect."""
    check, effect, _ = DISTRICT_EFFECTS[tag]
    label, log = words.label_district_effect, words.log_district_effect
    return Act(label, log, lambda s, seat, a: check(s, a), lambda s, seat, a: effect(s, a))


ACTIONS: dict[type, Act] = {
    # chance (§9.3)
    mv.ChanceCard: Act(words.label_chance, words.log_chance),
    mv.ChanceCharacter: Act(words.label_chance, words.log_chance),
    # queued decisions
    mv.Pick: Act(words.label_pick, words.log_pick),
    mv.Theater: Act(words.label_theater, words.log_theater),
    mv.Pass: Act(words.label_yes_no, words.log_yes_no),
    mv.Accept: Act(words.label_yes_no, words.log_yes_no),
    mv.Keep: Act(words.label_keep, words.log_keep),
    mv.Bottom: Act(words.label_keep, words.log_keep),
    mv.Give: Act(words.label_give, words.log_give),
    mv.Done: Act(words.label_done, words.log_done),
    mv.WizardTake: Act(words.label_wizard_take, words.log_wizard_take),
    mv.HandOver: Act(words.label_hand_over, words.log_hand_over),
    # the turn: gathering (§5.2), building (§5.3), the end (§5.6) ...
    mv.GatherGold: Act(
        words.label_gather,
        words.log_gather,
        lambda s, seat, a: check_gather(s, False),
        lambda s, seat, a: gather_gold(s),
    ),
    mv.GatherCards: Act(
        words.label_gather,
        words.log_gather,
        lambda s, seat, a: check_gather(s, True),
        lambda s, seat, a: gather_cards(s),
    ),
    mv.EndTurn: Act(
        words.label_simple, words.log_end_turn, lambda s, seat, a: check_end_turn(s), lambda s, seat, a: end_turn(s)
    ),
    mv.Build: Act(words.label_build, words.log_build, _check_build_move, _apply_build_move),
    # ... the activated districts (§7) ...
    mv.Smithy: _district_act("smithy"),
    mv.Laboratory: _district_act("laboratory"),
    mv.Museum: _district_act("museum"),
    mv.Armory: _district_act("armory"),
    # ... and the characters' abilities (§6)
    mv.Income: _ability(words.label_income, words.log_ability, "income"),
    mv.Kill: _ability(words.label_named, words.log_ability, "kill"),
    mv.Bewitch: _ability(words.label_named, words.log_ability, "bewitch"),
    mv.Warrants: _ability(words.label_warrants, words.log_ability, "warrants"),
    mv.Rob: _ability(words.label_named, words.log_ability, "rob"),
    mv.Spy: _ability(words.label_seat_ability, words.log_ability, "spy"),
    mv.Threats: _ability(words.label_threats, words.log_ability, "threats"),
    mv.MagicSwap: _ability(words.label_seat_ability, words.log_ability, "magic_swap"),
    mv.MagicRedraw: _ability(words.label_simple, words.log_ability, "magic_redraw"),
    mv.WizardLook: _ability(words.label_seat_ability, words.log_ability, "wizard_look"),
    mv.SeerTake: _ability(words.label_simple, words.log_ability, "seer_take"),
    mv.Emperor: _ability(words.label_seat_ability, words.log_crown_advisor, "emperor"),
    mv.AbbotCharity: _ability(words.label_seat_ability, words.log_ability, "abbot_charity"),
    mv.MerchantBonus: _ability(words.label_simple, words.log_ability, "merchant_bonus"),
    mv.ArchitectDraw: _ability(words.label_simple, words.log_ability, "architect_draw"),
    mv.Navigator: _ability(words.label_simple, words.log_ability, "navigator"),
    mv.ScholarDraw: _ability(words.label_simple, words.log_ability, "scholar_draw"),
    mv.Destroy: _ability(words.label_rank8, words.log_ability, "destroy"),
    mv.Exchange: _ability(words.label_rank8, words.log_ability, "exchange"),
    mv.Seize: _ability(words.label_rank8, words.log_ability, "seize"),
    mv.Beautify: _ability(words.label_simple, words.log_ability, "beautify"),
    mv.CollectTax: _ability(words.label_simple, words.log_ability, "collect_tax"),
}
"""Every action: how a legal one is shown and what one did, in words; a turn action's own check and effect."""

TAG_TYPES: dict[str, type] = {t.__struct_config__.tag: t for t in get_args(mv.Action)}  # type: ignore[attr-defined]

#: What a character's turn takes (R-4.3.2): gathering, the end, building, the activated districts and the
#: abilities, in the order the refusal of another kind of action lists them.
TURN_TAKES: tuple[type, ...] = (
    mv.GatherGold,
    mv.GatherCards,
    mv.EndTurn,
    mv.Build,
    *(TAG_TYPES[tag] for tag in DISTRICT_EFFECTS),
    *(TAG_TYPES[tag] for tag in ABILITIES),
)

_check_own, apply_turn_action = dispatch(ACTIONS, TURN_TAKES)


def check_turn_action(s: State, seat: int, a: Any) -> list[Violation]:
    """Gate (G-threat, G-witch-hold, G-bewitched: §5.0), then the move's own complete check (§5.2 – §7)."""
    return gate(s, str(type(a).__struct_config__.tag)) or _check_own(s, seat, a)


# ---- the queued steps' own checks and effects ---------------------------------------------------


def _accepted(a: Any) -> bool:
    return isinstance(a, mv.Accept)


def _yes_or_no(s: State, step: Any) -> list[Any]:
    return [mv.Accept(), mv.Pass()]


def _chance_action(step: Any, outcome: str) -> Any:
    return mv.ChanceCard(outcome) if isinstance(step, DrawCard | TakeRandomCard) else mv.ChanceCharacter(outcome)


def _chance_candidates(s: State, step: Any) -> list[Any]:
    return [_chance_action(step, outcome) for outcome in chance_options(s, step)]


def _apply_chance_move(s: State, step: Any, a: Any) -> State:
    return apply_chance(s, step, a.card if isinstance(a, mv.ChanceCard) else a.character)


def _card_draw(s: State, step: Any) -> Draw:
    """§9.3: a uniform draw from the deck or a hand, copies weighted."""
    return uniform(chance_population(s, step), mv.ChanceCard)


def _character_draw(s: State, step: Any) -> Draw:
    """§9.3: a uniform draw from the selection pile or a player's characters."""
    return uniform(chance_population(s, step), mv.ChanceCharacter)


def _forced_draw(s: State, step: DrawCard) -> State | None:
    """§11 D1: a draw from an empty deck takes the card under it (or nothing) without chance."""
    return None if s.deck else resolve_forced_draw(s, step)


def _empty_hand(s: State, step: TakeRandomCard) -> State | None:
    """§9.3: a random take from an empty hand takes nothing."""
    return None if s.players[step.source].hand else replace(s, queue=s.queue[1:])


NOT_DRAWN = Message("citadels.refusal.not_drawn", "The {card} is not among the drawn cards ({cards}).")
SIGNED_ONLY = Message("citadels.refusal.signed_only", "Only the signed warrant allows a confiscation.")
ADVISOR = Message("citadels.refusal.advisor", "The advisor gives the crown to one of seats {seats}, no resource.")


def _check_drawn(s: State, step: Any, a: Any) -> list[Violation]:
    """§5.2: the card kept (or put under the deck) is one of those drawn."""
    if a.card not in keep_options(s):
        drawn = listing([thing(c) for c in keep_options(s)], joined=LIST_COMMA)
        return violation("CITADELS_NOT_OFFERED", NOT_DRAWN(card=thing(a.card), cards=drawn), "action.card")
    return []


def _check_theater(s: State, step: Any, a: Any) -> list[Violation]:
    return check_theater(s, step, a) if isinstance(a, mv.Theater) else []


def _apply_theater(s: State, step: Any, a: Any) -> State:
    return apply_theater(s, step, a) if isinstance(a, mv.Theater) else replace(s, queue=s.queue[1:])


def _check_confiscate(s: State, step: Any, a: Any) -> list[Violation]:
    """Magistrate: only the signed warrant confiscates."""
    turn = s.turn
    if isinstance(a, mv.Accept) and (
        turn is None or not any(m.character == turn.character and m.real for m in s.warrants)
    ):
        return violation("CITADELS_SIGNED_ONLY", SIGNED_ONLY(), "action")
    return []


def _check_advisor(s: State, step: Any, a: Any) -> list[Violation]:
    """Emperor (killed): the advisor gives the crown to another seat, with no resource."""
    recipients = emperor_recipients(s, step.seat)
    if a.recipient not in recipients or a.resource != "none":
        return violation("CITADELS_NO_SUCH_SEAT", ADVISOR(seats=str(recipients)), "action.recipient")
    return []


# ---- prompts that depend on more than the step's fields ---------------------------------------------

#: What a player hands over, one card at a time, by the reason of the ``GiveCards`` step.
GIVE_PROMPTS: dict[str, Message] = {
    "thieves_den": Message("citadels.prompt.give_den", "Pay for the Thieves' Den with a card, or pay the rest in gold"),
    "cardinal": Message(
        "citadels.prompt.give_loan", "Give Seat {target} a card for each gold borrowed ({count} to go)"
    ),
    "seer": Message("citadels.prompt.give_back", "Give Seat {target} a card back"),
    "magician": Message("citadels.prompt.give_discard", "Discard a card, or stop and draw as many as you discarded"),
}
PICK_DISCARD = Message("citadels.prompt.pick_and_discard", "Keep a character and discard another face down")
PICK = Message("citadels.prompt.pick", "Keep a character")
YOUR_TURN = Message("citadels.prompt.turn", "Your turn as the {character}")
DISCARD_UP = Message("citadels.prompt.discard_up", "Discard a character face up")
DISCARD_DOWN = Message("citadels.prompt.discard_down", "Discard a character face down")


def _give_prompt(s: State, step: GiveCards) -> Text:
    prompt = GIVE_PROMPTS[step.reason]
    fields = msgspec.structs.asdict(step)
    return prompt(**{field: fields[field] for field in prompt.names})


def _pick_prompt(s: State, step: PickCharacter) -> Text:
    if step.discard:  # 2 players
        return PICK_DISCARD()
    return PICK()


def _discard_prompt(s: State, step: DiscardCharacter) -> Text:
    return DISCARD_UP() if step.face == "up" else DISCARD_DOWN()


def _turn_prompt(s: State, seat: int) -> Text:
    assert s.turn is not None
    return YOUR_TURN(character=thing(s.turn.character))


#: The prompts of the queued steps that ask only what the step's fields say.
PROMPT_DRAW = Message("citadels.prompt.draw", "Draw a district card for Seat {seat}")
PROMPT_TAKE_RANDOM_CARD = Message("citadels.prompt.take_random_card", "Take a card at random from Seat {source}'s hand")
PROMPT_TAKE_RANDOM_CHARACTER = Message(
    "citadels.prompt.take_random_character", "Take one of Seat {source}'s characters at random"
)
PROMPT_THEATER = Message("citadels.prompt.theater", "Swap characters using the Theater, or keep yours")
PROMPT_KEEP = Message("citadels.prompt.keep", "Keep one of the drawn cards")
PROMPT_BOTTOM = Message("citadels.prompt.bottom", "Choose the next card to put under the deck")
PROMPT_WIZARD = Message("citadels.prompt.wizard", "Take or build a card from Seat {target}'s hand")
PROMPT_CONFISCATE = Message(
    "citadels.prompt.confiscate", "Confiscate Seat {victim}'s new district with your signed warrant?"
)
PROMPT_BRIBE = Message("citadels.prompt.bribe", "Pay the Blackmailer half your gold?")
PROMPT_REVEAL_THREAT = Message("citadels.prompt.reveal_threat", "Reveal the threat on Seat {victim}?")
PROMPT_HAND_OVER = Message("citadels.prompt.hand_over", "Hand the Emperor 1 gold or 1 random card")
PROMPT_ADVISOR = Message("citadels.prompt.advisor", "Give the crown to another player for your killed Emperor")


def _turn_seat(s: State) -> tuple[int, ...]:
    assert s.turn is not None
    return (s.turn.seat,)


# ---- the table: one row per kind of step ------------------------------------------------------------

#: A prompt never names the seat it is addressed to (the client says whose decision it is).
STEPS: dict[type, Step[State] | Auto[State]] = {
    # chance (§9.3)
    DrawCard: Step(
        (mv.ChanceCard,),
        _chance_candidates,
        check_chance,
        _apply_chance_move,
        PROMPT_DRAW,
        draw=_card_draw,
        settle=_forced_draw,
    ),
    TakeRandomCard: Step(
        (mv.ChanceCard,),
        _chance_candidates,
        check_chance,
        _apply_chance_move,
        PROMPT_TAKE_RANDOM_CARD,
        draw=_card_draw,
        settle=_empty_hand,
    ),
    DiscardCharacter: Step(
        (mv.ChanceCharacter,),
        _chance_candidates,
        check_chance,
        _apply_chance_move,
        _discard_prompt,
        draw=_character_draw,
    ),
    TakeRandomCharacter: Step(
        (mv.ChanceCharacter,),
        _chance_candidates,
        check_chance,
        _apply_chance_move,
        PROMPT_TAKE_RANDOM_CHARACTER,
        draw=_character_draw,
    ),
    # the selection
    PickCharacter: Step((mv.Pick,), pick_options, check_pick, apply_pick, _pick_prompt),
    TheaterChoice: Step(
        (mv.Theater, mv.Pass),
        theater_options,
        _check_theater,
        _apply_theater,
        PROMPT_THEATER,
    ),
    # within a turn
    KeepDrawn: Step(
        (mv.Keep,),
        lambda s, step: [mv.Keep(c) for c in keep_options(s)],
        _check_drawn,
        lambda s, st, a: apply_keep(s, st, a.card),
        PROMPT_KEEP,
    ),
    OrderBottom: Step(
        (mv.Bottom,),
        lambda s, step: [mv.Bottom(c) for c in keep_options(s)],
        _check_drawn,
        lambda s, st, a: apply_bottom(s, st, a.card),
        PROMPT_BOTTOM,
    ),
    GiveCards: Step((mv.Give, mv.Done), give_options, check_give, apply_give, _give_prompt),
    WizardChoice: Step(
        (mv.WizardTake,),
        wizard_take_options,
        check_wizard_take,
        apply_wizard_take,
        PROMPT_WIZARD,
    ),
    Confiscate: Step(
        (mv.Accept, mv.Pass),
        _yes_or_no,
        _check_confiscate,
        lambda s, st, a: resolve_confiscation(s, st, _accepted(a)),
        PROMPT_CONFISCATE,
    ),
    Bribe: Step(
        (mv.Accept, mv.Pass),
        _yes_or_no,
        no_check,
        lambda s, st, a: resolve_bribe(s, st, _accepted(a)),
        PROMPT_BRIBE,
    ),
    RevealThreat: Step(
        (mv.Accept, mv.Pass),
        _yes_or_no,
        no_check,
        lambda s, st, a: resolve_reveal(s, st, _accepted(a)),
        PROMPT_REVEAL_THREAT,
    ),
    EmperorRecipientResource: Step(
        (mv.HandOver,),
        lambda s, step: [mv.HandOver("gold"), mv.HandOver("card")],
        no_check,
        lambda s, st, a: hand_over(replace(s, queue=s.queue[1:]), st.seat, st.emperor, a.resource),
        PROMPT_HAND_OVER,
    ),
    # the end of a round
    AdvisorCrown: Step(
        (mv.Emperor,),
        lambda s, step: [mv.Emperor(r) for r in emperor_recipients(s, step.seat)],
        _check_advisor,
        lambda s, st, a: replace(s, queue=s.queue[1:], crown=a.recipient),
        PROMPT_ADVISOR,
    ),
}
"""Every kind of queued step (selection, draws, prompts, hand-overs): what it takes, offers, checks and
does, what it asks and what settles it by itself."""

TURN: Step[State] = Step(
    TURN_TAKES,
    turn_candidates,
    check_turn_action,
    apply_turn_action,
    _turn_prompt,
    seats=_turn_seat,
)
"""A character's turn (R-4.3.2): gather, build, abilities and district effects, end the turn."""


def decision(s: State) -> str | None:
    """With the queue empty: the character's turn, once a character has been called."""
    return None if s.turn is None else "turn"


def _turns(s: State) -> State | None:
    """R-4.3.1, R-4.4.1: a round ends, the next character is called, a turn moves on by itself."""
    if s.called_rank == CLOSING:
        return finish_round(s)
    if s.turn is None:
        return call_next(s)
    return turn_progress(s)


TABLE: Table[State] = Table(
    actions=ACTIONS,
    action_union=mv.Action,
    stage=lambda s: s.phase,
    decision=decision,
    stages={"turn": TURN},
    progress={
        "selection": lambda s: replace(s, phase="turns", called_rank=0),  # the ranks are called
        "turns": _turns,
    },
    queue=lambda s: s.queue,
    queued=STEPS,
    step_union=QueuedStep,
)


# ---- the engine ---------------------------------------------------------------------------------


#: What each content option means, in words.
CONTENT_DOCS: dict[str, Message] = {
    "preset": Message(
        "citadels.option.preset", "One of the rulebook's suggested sets: its 8 characters and its 14 unique districts."
    ),
    "cast": Message("citadels.option.cast", "The characters of ranks 1 to 8, in rank order (instead of the preset's)."),
    "rank9": Message(
        "citadels.option.rank9",
        "The rank-9 character: needed with 3 or 8 players, optional with 4 to 7, never used with 2.",
    ),
    "uniques": Message("citadels.option.uniques", "The 14 unique districts in the deck (instead of the preset's)."),
    "first_game_rank9": Message(
        "citadels.option.first_game_rank9",
        "The rank-9 character added to the first-game set, which has none, with 3 or 8 players.",
    ),
}


def _content_option(name: str, kind: str, default: str, choices: tuple[str, ...]) -> OptionInfo:
    doc = CONTENT_DOCS[name]()
    return OptionInfo(name, kind, default, choices, doc.english, doc)


#: Options that choose the content (parsed by ``setup.make_options``, not Options fields).
CONTENT_OPTIONS = (
    _content_option("preset", "string", "first_game", tuple(CONTENT.preset)),
    _content_option("cast", "list[string]", "", ()),
    _content_option("rank9", "string", "", ("none", "queen", "artist", "tax_collector")),
    _content_option("uniques", "list[string]", "", CONTENT.unique_ids),
    _content_option("first_game_rank9", "string", "artist", ("artist", "tax_collector")),
)


def describe() -> dict[str, Any]:
    """The content with provenance: characters, districts, presets and limits."""
    return {
        "characters": msgspec.to_builtins(CONTENT.characters),
        "districts": msgspec.to_builtins(CONTENT.districts),
        "presets": msgspec.to_builtins(CONTENT.presets),
        "limits": msgspec.to_builtins(CONTENT.limits),
    }


GAME: Game[State, Options] = Game(
    info=GameInfo(
        game_id="citadels",
        title="Citadels (2016 edition)",
        rules_version=RULES_VERSION,
        min_players=setup.PLAYERS.start,
        max_players=setup.PLAYERS.stop - 1,
        options=CONTENT_OPTIONS + option_infos(Options, setup.OPTION_DOCS, skip=("players", "preset")),
        # One seat decides at a time (the characters are chosen in turn, §4.2); hands, the characters kept
        # and those discarded face down are hidden (§9); cards are drawn and characters discarded at random
        # (§9.3).
        game_type=GameType(simultaneous=False, hidden_information=True, chance=True),
        variants=tuple(CONTENT.preset),
    ),
    table=TABLE,
    state_type=State,
    move_type=mv.Move,
    options_type=Options,
    make_options=setup.make_options,
    setup=setup.new_game,
    integrity=check_state,
    score=scoring.score,
    view=view.view,
    redeal=redeal,
    describe=describe,
    label=words.label,
    log=words.log,
    picture=picture,
    names=(naming.CHARACTERS, naming.DISTRICTS, naming.DISTRICT_TYPES),
)
"""Citadels (2016) for 2–8 players."""
ENGINE: TableEngine[State, Options] = TableEngine(GAME)
