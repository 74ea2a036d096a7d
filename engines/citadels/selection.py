"""The selection phase (§4.2): shuffle, discards, the draft, and the Theater (R-4.2.7)."""

from __future__ import annotations

from msgspec.structs import replace

from engines.citadels.common import has, left, set_player
from engines.citadels.moves import Pass, Pick, Theater
from engines.citadels.naming import thing
from engines.citadels.state import (
    DiscardCharacter,
    PickCharacter,
    Player,
    State,
    Step,
    TakeRandomCharacter,
    TheaterChoice,
)
from engines.core.errors import Violation, violation
from engines.core.items import remove_one
from engines.core.text import LIST_COMMA, Message, listing

NOT_OFFERED = Message("citadels.refusal.not_offered", "{character} is not among the offered characters ({characters}).")
KEEP_AND_DISCARD = Message(
    "citadels.refusal.keep_and_discard",
    "With 2 players you keep one offered character and discard a different offered one.",
)
NO_DISCARD = Message("citadels.refusal.no_discard", "No discard is made with this pick.")
NOT_AN_OPPONENT = Message("citadels.refusal.not_an_opponent", "Seat {seat} is not an opponent.")
NAME_GIVEN = Message("citadels.refusal.name_given", "Name which of your two characters you give.")
ONLY_CHARACTER = Message("citadels.refusal.only_character", "With 4 or more players you give your only character.")


def faceup_discards(players: int, cast_size: int) -> int:
    """§3.3: face-up discards; 0 with 2–3 players, else max(0, C − players − 2)."""
    return 0 if players <= 3 else max(0, cast_size - players - 2)


def selection_plan(s: State) -> tuple[Step, ...]:
    """The round's selection steps for the player count (R-4.2.2 – R-4.2.7)."""
    n, crown = len(s.players), s.crown
    order = [left(s, crown, i) for i in range(n)]
    steps: list[Step] = [DiscardCharacter("up")] * faceup_discards(n, len(s.options.cast))
    steps.append(DiscardCharacter("down"))
    if n == 2:  # 7 → 6 → 4 → 2 → 0
        a, b = order
        steps += [PickCharacter(a), PickCharacter(b, discard=True)]
        steps += [PickCharacter(a, discard=True), PickCharacter(b, discard=True)]
    elif n == 3:
        steps += [PickCharacter(seat) for seat in order]
        steps.append(DiscardCharacter("down"))
        steps += [PickCharacter(seat, last=(i == 2)) for i, seat in enumerate(order)]
    else:  # with the 7/8-player special rule for the last player
        special = len(s.options.cast) - 1 == n
        steps += [
            PickCharacter(seat, last=(i == n - 1), special=special and i == n - 1) for i, seat in enumerate(order)
        ]
    steps += [TheaterChoice(seat) for seat in order if has(s.players[seat], "theater")]
    return tuple(steps)


def start_selection(s: State) -> State:
    """R-4.2.1: gather all cast characters and start the round's selection."""
    return replace(
        s,
        phase="selection",
        character_pile=tuple(s.options.cast),
        queue=selection_plan(s),
    )


def offer(s: State, step: PickCharacter) -> tuple[str, ...]:
    """The characters a picker chooses from (R-4.2.4 special rule adds the first face-down)."""
    if step.special and s.first_facedown:
        return (*s.character_pile, s.first_facedown)
    return s.character_pile


def pick_options(s: State, step: PickCharacter) -> list[Pick]:
    """R-4.2.4 – R-4.2.6: every legal pick (2 players: keep one, discard another, R-4.2.5)."""
    cards = offer(s, step)
    if step.discard:
        return [Pick(k, d) for k in cards for d in cards if k != d]
    return [Pick(k) for k in cards]


def check_pick(s: State, step: PickCharacter, move: Pick) -> list[Violation]:
    """M-PICK / M-PICK-LAST-SPECIAL / M-PICK-AND-DISCARD preconditions (§5.1; R-4.2.4, R-4.2.5)."""
    cards = offer(s, step)
    if move.character not in cards:
        return violation(
            "CITADELS_NOT_OFFERED",
            NOT_OFFERED(
                character=thing(move.character), characters=listing([thing(c) for c in cards], joined=LIST_COMMA)
            ),
            "action.character",
        )
    if step.discard:
        if not move.discard or move.discard == move.character or move.discard not in cards:
            return violation(
                "CITADELS_NOT_OFFERED",
                KEEP_AND_DISCARD(),
                "action.discard",
            )
    elif move.discard:
        return violation("CITADELS_NOT_OFFERED", NO_DISCARD(), "action.discard")
    return []


def apply_pick(s: State, step: PickCharacter, move: Pick) -> State:
    """Keep the character; the rest passes left or is discarded face down (R-4.2.4 – R-4.2.6)."""
    s = replace(s, queue=s.queue[1:])
    p: Player = s.players[step.seat]
    s = set_player(s, step.seat, characters=(*p.characters, move.character))
    if step.special and move.character == s.first_facedown:
        # The passed card is discarded instead of the initial face-down discard.
        s = replace(s, facedown=(*remove_one(s.facedown, move.character), *s.character_pile), character_pile=())
    else:
        s = replace(s, character_pile=remove_one(s.character_pile, move.character))
    if step.discard:
        s = replace(s, character_pile=remove_one(s.character_pile, move.discard), facedown=(*s.facedown, move.discard))
    if step.last and s.character_pile:
        s = replace(s, facedown=(*s.facedown, *s.character_pile), character_pile=())
    return s


# ---- Theater (§7 #28) -------------------------------------------------------------------------


def theater_options(s: State, step: TheaterChoice) -> list[Theater | Pass]:
    """R-4.2.7, §7 #28 Theater: pass, or swap with any opponent (2–3 players: giving either of your
    characters, §11 B26)."""
    others = [t for t in range(len(s.players)) if t != step.seat]
    own = s.players[step.seat].characters
    if len(s.players) <= 3:
        return [Pass(), *(Theater(t, g) for g in own for t in others)]
    return [Pass(), *(Theater(t) for t in others)]


def check_theater(s: State, step: TheaterChoice, move: Theater) -> list[Violation]:
    """R-4.2.7, §7 #28: the target is another seat; with 2–3 players ``give`` is one of your characters."""
    if not 0 <= move.target < len(s.players) or move.target == step.seat:
        return violation("CITADELS_NO_SUCH_SEAT", NOT_AN_OPPONENT(seat=move.target), "action.target")
    if len(s.players) <= 3:
        if move.give not in s.players[step.seat].characters:
            return violation("CITADELS_NOT_OFFERED", NAME_GIVEN(), "action.give")
    elif move.give:
        return violation("CITADELS_NOT_OFFERED", ONLY_CHARACTER(), "action.give")
    return []


def apply_theater(s: State, step: TheaterChoice, move: Theater) -> State:
    """R-4.2.7, §7 #28: swap blindly (4–8 players) or give one and take one of theirs at random (2–3)."""
    s = replace(s, queue=s.queue[1:])
    if len(s.players) <= 3:
        return replace(s, queue=(TakeRandomCharacter(move.target, step.seat, move.give), *s.queue))
    mine, theirs = s.players[step.seat].characters, s.players[move.target].characters
    s = set_player(s, step.seat, characters=theirs)
    return set_player(s, move.target, characters=mine)
