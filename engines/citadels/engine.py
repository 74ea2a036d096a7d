"""The Citadels engine: the uniform protocol (engines.core.engine.Engine) over the rule modules.

Every decision is answered by one move. For each pending decision the engine knows the
candidate moves and one complete check per move kind; ``legal_moves`` is exactly the
candidates that pass their check, and ``validate`` runs the same check, so the two agree.
"""

from __future__ import annotations

from typing import Any, get_args

import msgspec
from msgspec.structs import replace

from engines.citadels import moves as mv
from engines.citadels import scoring, setup, view
from engines.citadels.abilities import (
    ABILITIES,
    apply_wizard_take,
    check_wizard_take,
    emperor_recipients,
    hand_over,
    wizard_take_options,
)
from engines.citadels.building import check_build, resolve_confiscation, start_build
from engines.citadels.common import city_targets, distinct, has, violation
from engines.citadels.content import CONTENT
from engines.citadels.deck import (
    CHANCE_STEPS,
    apply_chance,
    chance_options,
    chance_population,
    check_chance,
    resolve_forced_draw,
)
from engines.citadels.districts import DISTRICT_EFFECTS
from engines.citadels.giving import apply_give, check_give, give_options
from engines.citadels.integrity import check_state
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
from engines.core.engine import CHANCE, GameInfo, OptionInfo, Pending, common_violations, option_infos
from engines.core.errors import IllegalMove, StateInvalid, Violation
from engines.core.scoring import ScoreSheet

RULES_VERSION = "1.0.0"


# ---- progress -----------------------------------------------------------------------------


def advance(s: State) -> State:
    """Run automatic steps until a decision is owed (or the game is over)."""
    while s.phase != "over":
        if s.queue:
            head = s.queue[0]
            if isinstance(head, DrawCard) and not s.deck:
                s = resolve_forced_draw(s, head)
                continue
            if isinstance(head, TakeRandomCard) and not s.players[head.source].hand:
                s = replace(s, queue=s.queue[1:])
                continue
            return s
        if s.phase == "selection":
            s = replace(s, phase="turns", called_rank=0)
        elif s.called_rank == CLOSING:
            s = finish_round(s)
        elif s.turn is None:
            s = call_next(s)
        else:
            nxt = turn_progress(s)
            if nxt is None:
                return s
            s = nxt
    return s


def settle(s: State) -> State:
    """Advance; with engine randomness, resolve chance steps with the state's PCG32."""
    s = advance(s)
    while s.rng is not None and s.queue and isinstance(s.queue[0], CHANCE_STEPS):
        step = s.queue[0]
        population = chance_population(s, step)  # type: ignore[arg-type]
        index, rng = s.rng.below(len(population))
        s = advance(apply_chance(replace(s, rng=rng), step, population[index]))  # type: ignore[arg-type]
    return s


# ---- decisions ---------------------------------------------------------------------------------


def pending_of(s: State) -> Pending:
    """Who owes which decision."""
    if s.phase == "over":
        return Pending((), "game_over", "The game is over.")
    if s.queue:
        head = s.queue[0]
        tag = type(head).__struct_config__.tag
        if isinstance(head, CHANCE_STEPS):
            return Pending((CHANCE,), f"chance.{tag}", _prompt(head))
        return Pending((head.seat,), str(tag), _prompt(head))
    assert s.turn is not None
    return Pending((s.turn.seat,), "turn", f"Turn of {CONTENT.character[s.turn.character].name_en}")


#: One-line prompts for queued decisions, formatted with the step's fields.
PROMPTS: dict[type, str] = {
    DrawCard: "Chance: the district card seat {seat} draws",
    DiscardCharacter: "Chance: the character discarded face {face}",
    TakeRandomCard: "Chance: the card taken at random from seat {source}'s hand",
    TakeRandomCharacter: "Chance: the character taken at random from seat {source}",
    PickCharacter: "Seat {seat}: keep a character (with 2 players, also discard one)",
    TheaterChoice: "Seat {seat}: swap characters with the Theater, or pass",
    KeepDrawn: "Seat {seat}: keep one of the drawn cards",
    OrderBottom: "Seat {seat}: choose the next card to put under the deck",
    GiveCards: "Seat {seat}: choose a card to hand over ({reason})",
    WizardChoice: "Seat {seat}: take or build a card from seat {target}'s hand",
    Confiscate: "Seat {seat} (Magistrate): confiscate seat {victim}'s new district?",
    Bribe: "Seat {seat}: pay the Blackmailer half your gold?",
    RevealThreat: "Seat {seat} (Blackmailer): reveal the threat on seat {victim}?",
    EmperorRecipientResource: "Seat {seat}: hand the Emperor 1 gold or 1 random card",
    AdvisorCrown: "Seat {seat} (killed Emperor's advisor): give the crown away",
}


def _prompt(step: Any) -> str:
    return PROMPTS[type(step)].format(**msgspec.structs.asdict(step))


def turn_candidates(s: State) -> list[Any]:
    """Candidate turn actions for the effective character and the city.

    Candidates that the turn's state already rules out wholesale are not listed (gathering
    twice, building before gathering, anything but gathering under a gate); ``validate``
    still rejects them with their own codes, and the property tests check the two agree.
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
    """One Build per distinct card in hand and payment form that could apply."""
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


def _check_build_move(s: State, a: mv.Build) -> list[Violation]:
    turn = s.turn
    assert turn is not None
    hand = s.players[turn.seat].hand
    sacrifice = (a.destroy, a.destroy_copy)
    return check_build(s, turn.seat, a.card, a.method, sacrifice, a.lender, hand, wizard=False)


def _apply_build_move(s: State, a: mv.Build) -> State:
    turn = s.turn
    assert turn is not None
    sacrifice = (a.destroy, a.destroy_copy)
    return start_build(s, turn.seat, a.card, a.method, sacrifice, a.lender, turn.seat, wizard=False)


def _owned(chars: frozenset[str], tag: str, check: Any) -> Any:
    """An ability's check preceded by 'the effective character has this ability'."""

    def checked(s: State, a: Any) -> list[Violation]:
        turn = s.turn
        assert turn is not None
        if turn.character not in chars:
            return violation(
                "CITADELS_NOT_YOUR_ABILITY",
                f"{CONTENT.character[turn.character].name_en} has no {tag} ability.",
                "action",
            )
        return check(s, a)

    return checked


TAG_TYPES: dict[str, type] = {t.__struct_config__.tag: t for t in get_args(mv.Action)}  # type: ignore[attr-defined]

#: Turn action type -> (tag, complete check, effect). Gates are checked before these.
TURN_ACTIONS: dict[type, tuple[str, Any, Any]] = {
    mv.GatherGold: ("gather_gold", lambda s, a: check_gather(s, False), lambda s, a: gather_gold(s)),
    mv.GatherCards: ("gather_cards", lambda s, a: check_gather(s, True), lambda s, a: gather_cards(s)),
    mv.EndTurn: ("end_turn", lambda s, a: check_end_turn(s), lambda s, a: end_turn(s)),
    mv.Build: ("build", _check_build_move, _apply_build_move),
    **{TAG_TYPES[tag]: (tag, check, effect) for tag, (check, effect, _) in DISTRICT_EFFECTS.items()},
    **{
        TAG_TYPES[tag]: (tag, _owned(chars, tag, check), effect) for tag, (chars, check, effect, _) in ABILITIES.items()
    },
}


def check_turn_action(s: State, a: Any) -> list[Violation]:
    """Gate (G-threat, G-witch-hold, G-bewitched), then the move's own complete check."""
    entry = TURN_ACTIONS.get(type(a))
    if entry is None:
        return violation("COMMON_WRONG_DECISION", f"{type(a).__name__} is not a turn action.", "action")
    tag, check, _ = entry
    return gate(s, tag) or check(s, a)


def apply_turn_action(s: State, a: Any) -> State:
    return TURN_ACTIONS[type(a)][2](s, a)


def _yes_no(step: Any, a: Any) -> bool:
    return isinstance(a, mv.Accept)


def step_candidates(s: State, step: Any) -> list[Any]:
    """Candidate moves for a queued decision."""
    if isinstance(step, CHANCE_STEPS):
        if isinstance(step, DrawCard | TakeRandomCard):
            return [mv.ChanceCard(c) for c in chance_options(s, step)]
        return [mv.ChanceCharacter(c) for c in chance_options(s, step)]
    if isinstance(step, PickCharacter):
        return pick_options(s, step)
    if isinstance(step, TheaterChoice):
        return theater_options(s, step)
    if isinstance(step, KeepDrawn):
        return [mv.Keep(c) for c in keep_options(s)]
    if isinstance(step, OrderBottom):
        return [mv.Bottom(c) for c in keep_options(s)]
    if isinstance(step, GiveCards):
        return give_options(s, step)
    if isinstance(step, WizardChoice):
        return wizard_take_options(s, step)
    if isinstance(step, Confiscate | Bribe | RevealThreat):
        return [mv.Accept(), mv.Pass()]
    if isinstance(step, EmperorRecipientResource):
        return [mv.HandOver("gold"), mv.HandOver("card")]
    if isinstance(step, AdvisorCrown):
        return [mv.Emperor(r) for r in emperor_recipients(s, step.seat)]
    raise StateInvalid(f"Unknown step {step!r}", "queue")


#: The move kinds each queued decision accepts.
ACCEPTS: dict[type, tuple[type, ...]] = {
    DrawCard: (mv.ChanceCard,),
    TakeRandomCard: (mv.ChanceCard,),
    DiscardCharacter: (mv.ChanceCharacter,),
    TakeRandomCharacter: (mv.ChanceCharacter,),
    PickCharacter: (mv.Pick,),
    TheaterChoice: (mv.Theater, mv.Pass),
    KeepDrawn: (mv.Keep,),
    OrderBottom: (mv.Bottom,),
    GiveCards: (mv.Give, mv.Done),
    WizardChoice: (mv.WizardTake,),
    Confiscate: (mv.Accept, mv.Pass),
    Bribe: (mv.Accept, mv.Pass),
    RevealThreat: (mv.Accept, mv.Pass),
    EmperorRecipientResource: (mv.HandOver,),
    AdvisorCrown: (mv.Emperor,),
}


#: Actions that only answer a queued decision, never a turn (the Emperor's is both).
STEP_ONLY_ACTIONS: frozenset[type] = frozenset(t for ts in ACCEPTS.values() for t in ts) - {mv.Emperor}


def check_step(s: State, step: Any, a: Any) -> list[Violation]:
    """The check of a move answering a queued decision."""
    if isinstance(step, CHANCE_STEPS):
        return check_chance(s, step, a)
    if isinstance(step, PickCharacter):
        return check_pick(s, step, a)
    if isinstance(step, TheaterChoice):
        return check_theater(s, step, a) if isinstance(a, mv.Theater) else []
    if isinstance(step, KeepDrawn | OrderBottom):
        if a.card not in keep_options(s):
            return violation("CITADELS_NOT_OFFERED", f"{a.card!r} is not among the drawn cards.", "action.card")
        return []
    if isinstance(step, GiveCards):
        return check_give(s, step, a)
    if isinstance(step, WizardChoice):
        return check_wizard_take(s, step, a)
    if isinstance(step, Confiscate) and isinstance(a, mv.Accept):
        turn = s.turn
        if turn is None or not any(m.character == turn.character and m.real for m in s.warrants):
            return violation("CITADELS_SIGNED_ONLY", "Only the signed warrant allows a confiscation.", "action")
        return []
    if isinstance(step, EmperorRecipientResource):
        return []
    if isinstance(step, AdvisorCrown):
        if a.recipient not in emperor_recipients(s, step.seat) or a.resource != "none":
            return violation(
                "CITADELS_NO_SUCH_SEAT",
                f"The advisor gives the crown to one of seats {emperor_recipients(s, step.seat)}, no resource.",
                "action.recipient",
            )
        return []
    return []


def apply_step(s: State, step: Any, a: Any) -> State:
    if isinstance(step, CHANCE_STEPS):
        outcome = a.card if isinstance(a, mv.ChanceCard) else a.character
        return apply_chance(s, step, outcome)
    if isinstance(step, PickCharacter):
        return apply_pick(s, step, a)
    if isinstance(step, TheaterChoice):
        return apply_theater(s, step, a) if isinstance(a, mv.Theater) else replace(s, queue=s.queue[1:])
    if isinstance(step, KeepDrawn):
        return apply_keep(s, step, a.card)
    if isinstance(step, OrderBottom):
        return apply_bottom(s, step, a.card)
    if isinstance(step, GiveCards):
        return apply_give(s, step, a)
    if isinstance(step, WizardChoice):
        return apply_wizard_take(s, step, a)
    if isinstance(step, Confiscate):
        return resolve_confiscation(s, step, _yes_no(step, a))
    if isinstance(step, Bribe):
        return resolve_bribe(s, step, _yes_no(step, a))
    if isinstance(step, RevealThreat):
        return resolve_reveal(s, step, _yes_no(step, a))
    if isinstance(step, EmperorRecipientResource):
        return hand_over(replace(s, queue=s.queue[1:]), step.seat, step.emperor, a.resource)
    assert isinstance(step, AdvisorCrown)
    return replace(s, queue=s.queue[1:], crown=a.recipient)


# ---- the engine ---------------------------------------------------------------------------------


#: Options that choose the content (parsed by ``setup.make_options``, not Options fields).
CONTENT_OPTIONS = (
    OptionInfo("preset", "string", "first_game", tuple(CONTENT.preset), "A rulebook cast and 14 unique districts."),
    OptionInfo("cast", "list[string]", "", (), "Characters of ranks 1..8 in order (overrides the preset)."),
    OptionInfo("rank9", "string", "", ("none", "queen", "artist", "tax_collector"), "Rank-9 character (R-3.1.2)."),
    OptionInfo("uniques", "list[string]", "", CONTENT.unique_ids, "14 unique districts (overrides the preset)."),
    OptionInfo("first_game_rank9", "string", "artist", ("artist", "tax_collector"), "§11 B25."),
)


class CitadelsEngine:
    """Citadels (2016) for 2–8 players."""

    info = GameInfo(
        game_id="citadels",
        title="Citadels (2016 edition)",
        rules_version=RULES_VERSION,
        min_players=2,
        max_players=8,
        options=CONTENT_OPTIONS + option_infos(Options, setup.OPTION_DOCS, skip=("players", "preset")),
        variants=tuple(CONTENT.preset),
    )
    state_type = State
    move_type = mv.Move
    options_type = Options

    def make_options(self, players: int, overrides: dict[str, Any]) -> Options:
        return setup.make_options(players, overrides)

    def new_game(self, options: Options, seed: int | None) -> State:
        return settle(setup.new_game(options, seed))

    def check(self, state: State) -> None:
        if state.rng is not None:
            state.rng.check("rng")
        check_state(state)

    def pending(self, state: State) -> Pending:
        return pending_of(state)

    def legal_moves(self, state: State) -> list[mv.Move]:
        if state.redacted or state.phase == "over":
            return []
        p = pending_of(state)
        seat = p.seats[0]
        if state.queue:
            candidates = step_candidates(state, state.queue[0])
            step = state.queue[0]
            return [mv.Move(seat, a) for a in candidates if not check_step(state, step, a)]
        # turn_candidates already leaves out what the gates forbid, so only each move's own check runs.
        return [mv.Move(seat, a) for a in turn_candidates(state) if not TURN_ACTIONS[type(a)][1](state, a)]

    def validate(self, state: State, move: mv.Move) -> list[Violation]:
        p = None if state.redacted or state.phase == "over" else pending_of(state)
        step = state.queue[0] if p is not None and state.queue else None
        takes = ACCEPTS[type(step)] if step is not None else (object,)  # a turn takes any turn action
        a = move.action
        deciders = p.seats if p is not None else ()
        kind = p.kind if p is not None else ""
        common = common_violations(state.redacted, deciders, move.seat, a, takes, lambda: kind)
        if common:
            return common
        if step is not None:
            return check_step(state, step, a)
        if type(a) in STEP_ONLY_ACTIONS:
            return violation(
                "COMMON_WRONG_DECISION",
                f"No {type(a).__struct_config__.tag} decision is pending; it is a turn.",
                "move.action",
            )
        return check_turn_action(state, a)

    def apply(self, state: State, move: mv.Move) -> State:
        violations = self.validate(state, move)
        if violations:
            raise IllegalMove(violations)
        if state.queue:
            s = apply_step(state, state.queue[0], move.action)
        else:
            s = apply_turn_action(state, move.action)
        return settle(s)

    def score(self, state: State) -> ScoreSheet:
        return scoring.score(state)

    def view(self, state: State, seat: int | None) -> State:
        return view.view(state, seat)

    def describe(self) -> dict[str, Any]:
        return {
            "characters": msgspec.to_builtins(CONTENT.characters),
            "districts": msgspec.to_builtins(CONTENT.districts),
            "presets": msgspec.to_builtins(CONTENT.presets),
            "limits": msgspec.to_builtins(CONTENT.limits),
        }


ENGINE = CitadelsEngine()
