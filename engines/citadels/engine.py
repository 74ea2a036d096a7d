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
from engines.citadels import scoring, setup, view, words
from engines.citadels.abilities import (
    ABILITIES,
    apply_wizard_take,
    check_wizard_take,
    emperor_recipients,
    hand_over,
    wizard_take_options,
)
from engines.citadels.building import check_build, resolve_confiscation, start_build
from engines.citadels.common import city_targets, distinct, has, name
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
from engines.citadels.picture import picture
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
from engines.core.engine import GameInfo, GameType, OptionInfo, option_infos
from engines.core.errors import Violation, violation
from engines.core.game import Decision, Now, TableEngine, queued_decision, queued_now
from engines.core.picture import Picture
from engines.core.rng import Rng

RULES_VERSION = "1.0.0"


# ---- progress -----------------------------------------------------------------------------


def automatic(s: State) -> State | None:
    """One automatic step, or ``None`` when a decision is owed: a draw from an empty deck takes the cards
    under it (§11 D1), a random take from an empty hand is skipped, the selection ends, a round ends, the
    next character is called, a turn moves on by itself."""
    if s.phase == "over":
        return None
    if s.queue:
        head = s.queue[0]
        if isinstance(head, DrawCard) and not s.deck:
            return resolve_forced_draw(s, head)
        if isinstance(head, TakeRandomCard) and not s.players[head.source].hand:
            return replace(s, queue=s.queue[1:])
        return None
    if s.phase == "selection":
        return replace(s, phase="turns", called_rank=0)
    if s.called_rank == CLOSING:
        return finish_round(s)
    if s.turn is None:
        return call_next(s)
    return turn_progress(s)


def chance(s: State, now: Now[State], rng: Rng) -> tuple[Any, Rng]:
    """The physical process: a uniform draw from the deck, the pile or a hand, copies weighted."""
    step = s.queue[0]
    population = chance_population(s, step)  # type: ignore[arg-type]
    index, rng = rng.below(len(population))
    return _chance_action(step, population[index]), rng


def _chance_action(step: Any, outcome: str) -> Any:
    return mv.ChanceCard(outcome) if isinstance(step, DrawCard | TakeRandomCard) else mv.ChanceCharacter(outcome)


# ---- decisions ---------------------------------------------------------------------------------


#: One-line prompts for queued decisions, formatted with the step's fields. A prompt never names the
#: seat it is addressed to (the client says whose decision it is).
PROMPTS: dict[type, str] = {
    DrawCard: "Draw a district card for Seat {seat}",
    DiscardCharacter: "Discard a character face {face}",
    TakeRandomCard: "Take a card at random from Seat {source}'s hand",
    TakeRandomCharacter: "Take one of Seat {source}'s characters at random",
    PickCharacter: "Keep a character",
    TheaterChoice: "Swap characters using the Theater, or keep yours",
    KeepDrawn: "Keep one of the drawn cards",
    OrderBottom: "Choose the next card to put under the deck",
    WizardChoice: "Take or build a card from Seat {target}'s hand",
    Confiscate: "Confiscate Seat {victim}'s new district with your signed warrant?",
    Bribe: "Pay the Blackmailer half your gold?",
    RevealThreat: "Reveal the threat on Seat {victim}?",
    EmperorRecipientResource: "Hand the Emperor 1 gold or 1 random card",
    AdvisorCrown: "Give the crown to another player for your killed Emperor",
}

#: What a player hands over, one card at a time, by the reason of the ``GiveCards`` step.
GIVE_PROMPTS: dict[str, str] = {
    "thieves_den": "Pay for the Thieves' Den with a card, or pay the rest in gold",
    "cardinal": "Give Seat {target} a card for each gold borrowed ({count} to go)",
    "seer": "Give Seat {target} a card back",
    "magician": "Discard a card, or stop and draw as many as you discarded",
}


def _prompt(step: Any) -> str:
    fields = msgspec.structs.asdict(step)
    if isinstance(step, GiveCards):
        return GIVE_PROMPTS[step.reason].format(**fields)
    text = PROMPTS[type(step)].format(**fields)
    if isinstance(step, PickCharacter) and step.discard:  # 2 players
        text += " and discard another face down"
    return text


def turn_candidates(s: State) -> list[Any]:
    """Candidate turn actions for the effective character and the city (R-4.3.2).

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


#: What each ability does, in words, for the message refusing it to a character without it.
ABILITY_WORDS: dict[str, str] = {
    "income": "take income for districts",
    "kill": "kill a character",
    "bewitch": "bewitch a character",
    "warrants": "place warrants",
    "rob": "rob a character",
    "spy": "spy on a hand",
    "threats": "place threats",
    "magic_swap": "exchange hands",
    "magic_redraw": "discard cards and draw as many",
    "wizard_look": "look at another player's hand",
    "seer_take": "take a random card from each other player",
    "emperor": "give the crown away",
    "abbot_charity": "take 1 gold from the richest player",
    "merchant_bonus": "take 1 extra gold",
    "architect_draw": "draw 2 extra cards",
    "navigator": "take 4 gold or draw 4 cards",
    "scholar_draw": "draw 7 cards and keep 1",
    "destroy": "destroy a district",
    "exchange": "exchange districts",
    "seize": "seize a district",
    "beautify": "beautify a district",
    "collect_tax": "collect the tax",
}


def _owned(chars: frozenset[str], tag: str, check: Any) -> Any:
    """An ability's check preceded by 'the effective character has this ability'."""

    def checked(s: State, a: Any) -> list[Violation]:
        turn = s.turn
        assert turn is not None
        if turn.character not in chars:
            return violation(
                "CITADELS_NOT_YOUR_ABILITY",
                f"The {CONTENT.character[turn.character].name_en} cannot {ABILITY_WORDS[tag]}.",
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
    """Gate (G-threat, G-witch-hold, G-bewitched: §5.0), then the move's own complete check (§5.2 – §7)."""
    entry = TURN_ACTIONS.get(type(a))
    if entry is None:
        return violation("COMMON_WRONG_DECISION", "That is not something to do in a character's turn.", "action")
    tag, check, _ = entry
    return gate(s, tag) or check(s, a)


def apply_turn_action(s: State, a: Any) -> State:
    """R-4.3.2: apply a checked turn action (gathering, a build, an ability, a district effect, the end)."""
    return TURN_ACTIONS[type(a)][2](s, a)


# ---- queued decisions: one row per kind of step --------------------------------------------------


def _no_check(s: State, step: Any, a: Any) -> list[Violation]:
    return []


def _accepted(a: Any) -> bool:
    return isinstance(a, mv.Accept)


def _yes_or_no(s: State, step: Any) -> list[Any]:
    return [mv.Accept(), mv.Pass()]


def _chance_candidates(s: State, step: Any) -> list[Any]:
    return [_chance_action(step, outcome) for outcome in chance_options(s, step)]


def _apply_chance_move(s: State, step: Any, a: Any) -> State:
    return apply_chance(s, step, a.card if isinstance(a, mv.ChanceCard) else a.character)


def _check_drawn(s: State, step: Any, a: Any) -> list[Violation]:
    """§5.2: the card kept (or put under the deck) is one of those drawn."""
    if a.card not in keep_options(s):
        return violation(
            "CITADELS_NOT_OFFERED",
            f"The {name(a.card)} is not among the drawn cards ({', '.join(map(name, keep_options(s)))}).",
            "action.card",
        )
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
        return violation("CITADELS_SIGNED_ONLY", "Only the signed warrant allows a confiscation.", "action")
    return []


def _check_advisor(s: State, step: Any, a: Any) -> list[Violation]:
    """Emperor (killed): the advisor gives the crown to another seat, with no resource."""
    recipients = emperor_recipients(s, step.seat)
    if a.recipient not in recipients or a.resource != "none":
        message = f"The advisor gives the crown to one of seats {recipients}, no resource."
        return violation("CITADELS_NO_SUCH_SEAT", message, "action.recipient")
    return []


_CHANCE_CARD = queued_decision((mv.ChanceCard,), _chance_candidates, check_chance, _apply_chance_move)
_CHANCE_CHARACTER = queued_decision((mv.ChanceCharacter,), _chance_candidates, check_chance, _apply_chance_move)

STEPS: dict[type, Decision[State]] = {
    DrawCard: _CHANCE_CARD,
    TakeRandomCard: _CHANCE_CARD,
    DiscardCharacter: _CHANCE_CHARACTER,
    TakeRandomCharacter: _CHANCE_CHARACTER,
    PickCharacter: queued_decision((mv.Pick,), pick_options, check_pick, apply_pick),
    TheaterChoice: queued_decision((mv.Theater, mv.Pass), theater_options, _check_theater, _apply_theater),
    KeepDrawn: queued_decision(
        (mv.Keep,),
        lambda s, step: [mv.Keep(c) for c in keep_options(s)],
        _check_drawn,
        lambda s, st, a: apply_keep(s, st, a.card),
    ),
    OrderBottom: queued_decision(
        (mv.Bottom,),
        lambda s, step: [mv.Bottom(c) for c in keep_options(s)],
        _check_drawn,
        lambda s, st, a: apply_bottom(s, st, a.card),
    ),
    GiveCards: queued_decision((mv.Give, mv.Done), give_options, check_give, apply_give),
    WizardChoice: queued_decision((mv.WizardTake,), wizard_take_options, check_wizard_take, apply_wizard_take),
    Confiscate: queued_decision(
        (mv.Accept, mv.Pass), _yes_or_no, _check_confiscate, lambda s, st, a: resolve_confiscation(s, st, _accepted(a))
    ),
    Bribe: queued_decision(
        (mv.Accept, mv.Pass), _yes_or_no, _no_check, lambda s, st, a: resolve_bribe(s, st, _accepted(a))
    ),
    RevealThreat: queued_decision(
        (mv.Accept, mv.Pass), _yes_or_no, _no_check, lambda s, st, a: resolve_reveal(s, st, _accepted(a))
    ),
    EmperorRecipientResource: queued_decision(
        (mv.HandOver,),
        lambda s, step: [mv.HandOver("gold"), mv.HandOver("card")],
        _no_check,
        lambda s, st, a: hand_over(replace(s, queue=s.queue[1:]), st.seat, st.emperor, a.resource),
    ),
    AdvisorCrown: queued_decision(
        (mv.Emperor,),
        lambda s, step: [mv.Emperor(r) for r in emperor_recipients(s, step.seat)],
        _check_advisor,
        lambda s, st, a: replace(s, queue=s.queue[1:], crown=a.recipient),
    ),
}
"""Every kind of queued decision (selection, draws, prompts, hand-overs) and what it takes, offers,
checks and does."""

TURN: Decision[State] = Decision(
    tuple(TURN_ACTIONS),
    lambda s, seat: [a for a in turn_candidates(s) if not TURN_ACTIONS[type(a)][1](s, a)],
    lambda s, seat, a: check_turn_action(s, a),
    lambda s, seat, a: apply_turn_action(s, a),
)
"""A character's turn (R-4.3.2): gather, build, abilities and district effects, end the turn. Candidates
already leave out what the gates forbid, so only each move's own check runs on them."""


def now(s: State) -> Now[State] | None:
    """Who owes which decision: the queued step at the head of the queue, else the turn."""
    if s.phase == "over":
        return None
    if s.queue:
        head = s.queue[0]
        return queued_now(head, STEPS[type(head)], _prompt(head), CHANCE_STEPS)
    assert s.turn is not None
    return Now((s.turn.seat,), TURN, "turn", f"Your turn as the {CONTENT.character[s.turn.character].name_en}")


# ---- the engine ---------------------------------------------------------------------------------


#: Options that choose the content (parsed by ``setup.make_options``, not Options fields).
CONTENT_OPTIONS = (
    OptionInfo(
        "preset",
        "string",
        "first_game",
        tuple(CONTENT.preset),
        "One of the rulebook's suggested sets: its 8 characters and its 14 unique districts.",
    ),
    OptionInfo(
        "cast", "list[string]", "", (), "The characters of ranks 1 to 8, in rank order (instead of the preset's)."
    ),
    OptionInfo(
        "rank9",
        "string",
        "",
        ("none", "queen", "artist", "tax_collector"),
        "The rank-9 character: needed with 3 or 8 players, optional with 4 to 7, never used with 2.",
    ),
    OptionInfo(
        "uniques",
        "list[string]",
        "",
        CONTENT.unique_ids,
        "The 14 unique districts in the deck (instead of the preset's).",
    ),
    OptionInfo(
        "first_game_rank9",
        "string",
        "artist",
        ("artist", "tax_collector"),
        "The rank-9 character added to the first-game set, which has none, with 3 or 8 players.",
    ),
)


class Citadels:
    """Citadels (2016) for 2–8 players."""

    info = GameInfo(
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
    )
    state_type = State
    move_type = mv.Move
    options_type = Options

    make_options = staticmethod(setup.make_options)
    setup = staticmethod(setup.new_game)
    integrity = staticmethod(check_state)
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
        return "The game is over."

    def picture(self, view: State, viewer: int | None) -> Picture:
        """The picture of ``view`` as ``viewer`` sees it (``RenderView``): characters, cities, hands, a legend."""
        return picture(view, viewer)

    def describe(self) -> dict[str, Any]:
        return {
            "characters": msgspec.to_builtins(CONTENT.characters),
            "districts": msgspec.to_builtins(CONTENT.districts),
            "presets": msgspec.to_builtins(CONTENT.presets),
            "limits": msgspec.to_builtins(CONTENT.limits),
        }


GAME = Citadels()
ENGINE: TableEngine[State, Options] = TableEngine(GAME)
