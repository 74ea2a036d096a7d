"""The turn phase (§4.3) and the end of round (§4.4): calling characters, entry steps,
gathering, the turn gates (G-threat, G-witch-hold, G-bewitched), ending a turn."""

from __future__ import annotations

from msgspec.structs import replace

from engines.citadels.common import (
    character,
    completed,
    deck_size,
    distinct,
    gain_gold,
    give_gold,
    has,
    holder,
    left,
    rank,
    set_player,
    to_bottom,
)
from engines.citadels.content import CONTENT
from engines.citadels.deck import draw, draws, push
from engines.citadels.naming import thing
from engines.citadels.state import (
    NO_SEAT,
    AdvisorCrown,
    Bribe,
    KeepDrawn,
    OrderBottom,
    Reveal,
    RevealThreat,
    State,
    Turn,
)
from engines.core.errors import Violation, violation
from engines.core.items import remove_one
from engines.core.text import Message

#: ``called_rank`` once every rank has been called and the end of round is being resolved.
CLOSING = 10

#: Turn actions allowed while only gathering is (G-threat, G-witch-hold, G-bewitched).
GATHERING = ("gather_gold", "gather_cards")


# ---- calling characters (R-4.3.1) -----------------------------------------------------------


def call_next(s: State) -> State:
    """Call the next rank: skip absent or killed characters silently, else reveal and start."""
    later = [c for c in s.options.cast if rank(c) > s.called_rank]  # the cast is in rank order
    if not later:
        return close_round(s)
    cid = later[0]
    r = rank(cid)
    s = replace(s, called_rank=r)
    seat = holder(s, cid)
    if seat == NO_SEAT or cid == s.killed:
        return s
    s = replace(s, revealed=(*s.revealed, Reveal(cid, seat)))
    if cid == s.robbed and s.thief_seat != NO_SEAT:
        s = give_gold(s, seat, s.thief_seat, s.players[seat].gold)  # §6 Thief, §11 B2
    if character(cid).crown == "take":
        s = replace(s, crown=seat)  # King / Patrician, also when bewitched
    if cid == s.bewitched:
        return replace(s, turn=Turn(character=cid, seat=seat, mode="bewitched"))
    threatened = any(m.character == cid for m in s.threats)
    turn = Turn(character=cid, seat=seat, mode="witch" if cid == "witch" else "normal", threat_open=threatened)
    return begin_turn(s, turn)


def begin_turn(s: State, turn: Turn) -> State:
    """Turn-start passives of the effective character: Bishop protection, Queen, Wizard."""
    if turn.character == "bishop":
        s = replace(s, protected_seat=turn.seat)
    if turn.character == "wizard":
        turn = replace(turn, wizard_duplicates=True)
    if turn.character == "queen":
        s = replace(s, queen_seat=turn.seat)
        if queen_neighbour_revealed_rank4(s, turn.seat):
            s = gain_gold(s, turn.seat, 3)
    return replace(s, turn=turn)


def queen_neighbour_revealed_rank4(s: State, seat: int) -> bool:
    """§6 Queen: a neighbour revealed the rank-4 character this round."""
    neighbours = {left(s, seat), left(s, seat, -1)} - {seat}
    return any(rank(r.character) == 4 and r.seat in neighbours for r in s.revealed)


BEWITCHED = Message("citadels.refusal.bewitched", "The bewitched {character} only gathers.")
WITCH_HOLD = Message("citadels.refusal.witch_hold", "The Witch gathers, then must bewitch a character.")
THREAT_FIRST = Message("citadels.refusal.threat_first", "A threatened player gathers and resolves the threat first.")
ALREADY_GATHERED = Message("citadels.refusal.already_gathered", "Resources were already gathered this turn.")
DECK_EMPTY = Message("citadels.refusal.deck_empty", "The district deck is empty; take gold.")
GATHER_BEFORE_END = Message("citadels.refusal.gather_before_end", "Gather resources before ending the turn.")
CROWN_FIRST = Message("citadels.refusal.crown_first", "The Emperor must give the crown away first.")


# ---- gates ---------------------------------------------------------------------------------


def gate(s: State, tag: str) -> list[Violation]:
    """G-threat, G-witch-hold, G-bewitched: which turn actions the turn's mode allows."""
    turn = s.turn
    assert turn is not None
    if tag in GATHERING:
        return []
    if turn.mode == "bewitched":
        return violation("CITADELS_BEWITCHED", BEWITCHED(character=thing(turn.character)), "action")
    if turn.mode == "witch" and tag != "bewitch":
        return violation("CITADELS_WITCH_HOLD", WITCH_HOLD(), "action")
    if turn.threat_open:
        return violation("CITADELS_THREAT_FIRST", THREAT_FIRST(), "action")
    return []


# ---- gathering (§5.2) ------------------------------------------------------------------------


def check_gather(s: State, cards: bool) -> list[Violation]:
    """§5.2 M-GATHER-GOLD / M-GATHER-CARDS: exactly once per turn; cards need a non-empty deck (§11 D1)."""
    turn = s.turn
    assert turn is not None
    if turn.gathered:
        return violation("CITADELS_ALREADY_GATHERED", ALREADY_GATHERED(), "action")
    if cards and deck_size(s) == 0:
        return violation("CITADELS_DECK_EMPTY", DECK_EMPTY(), "action")
    return []


def gather_gold(s: State) -> State:
    """Take 2 gold, +1 with the Gold Mine."""
    turn = s.turn
    assert turn is not None
    extra = 1 if has(s.players[turn.seat], "gold_mine") else 0
    s = gain_gold(s, turn.seat, 2 + extra)
    return replace(s, turn=replace(turn, gathered=True))


def gather_cards(s: State) -> State:
    """Draw 2 (Observatory 3); keep 1 (Library: all)."""
    turn = s.turn
    assert turn is not None
    p = s.players[turn.seat]
    n = min(deck_size(s), 3 if has(p, "observatory") else 2)
    s = replace(s, turn=replace(turn, gathered=True))
    if has(p, "library"):
        return draw(s, turn.seat, n)
    return push(s, *draws(turn.seat, n, "drawn"), KeepDrawn(turn.seat))


def keep_options(s: State) -> list[str]:
    """§5.2 M-KEEP-DRAWN: the distinct drawn cards a keep decision chooses from."""
    return distinct(s.turn.drawn) if s.turn is not None else []


def apply_keep(s: State, step: KeepDrawn, card: str) -> State:
    """Keep one drawn card; the rest go under the deck (gathering, §5.2) or are shuffled in (§6 Scholar)."""
    turn = s.turn
    assert turn is not None
    rest = remove_one(turn.drawn, card)
    p = s.players[step.seat]
    s = set_player(s, step.seat, hand=(*p.hand, card))
    if step.reason == "scholar":  # §6 Scholar: shuffle the rest back (the whole deck)
        deck = tuple(sorted((*s.deck, *s.deck_bottom, *rest)))
        return replace(s, queue=s.queue[1:], turn=replace(turn, drawn=()), deck=deck, deck_bottom=())
    s = replace(s, queue=s.queue[1:], turn=replace(turn, drawn=rest))
    return order_rest(s, step.seat)


def order_rest(s: State, seat: int) -> State:
    """§11 A8: the player orders cards going under the deck, unless they are all alike."""
    turn = s.turn
    assert turn is not None
    if s.options.bottom_order == "player_choice" and len(set(turn.drawn)) > 1:
        return push(s, OrderBottom(seat))
    s = to_bottom(s, turn.drawn)
    return replace(s, turn=replace(turn, drawn=()))


def apply_bottom(s: State, step: OrderBottom, card: str) -> State:
    """§11 A8: put the chosen drawn card under the deck next."""
    turn = s.turn
    assert turn is not None
    s = to_bottom(replace(s, queue=s.queue[1:]), (card,))
    s = replace(s, turn=replace(turn, drawn=remove_one(turn.drawn, card)))
    return order_rest(s, step.seat)


# ---- automatic progress within a turn ---------------------------------------------------------


def turn_progress(s: State) -> State | None:
    """Automatic steps once the queue is empty: threat prompt, bewitched end. ``None``: wait."""
    turn = s.turn
    assert turn is not None
    if not turn.gathered:
        return None
    if turn.mode == "bewitched":
        return resume_witch(end_turn(s, effects=False))
    if turn.threat_open and not any(isinstance(q, Bribe | RevealThreat) for q in s.queue):
        return push(s, Bribe(turn.seat))
    return None


def resume_witch(s: State) -> State:
    """§6 Witch: she resumes her turn as the bewitched character (no second gathering)."""
    cid = s.bewitched
    return begin_turn(s, Turn(character=cid, seat=s.witch_seat, mode="resumed", gathered=True))


# ---- threats (§6 Blackmailer) ------------------------------------------------------------------


def resolve_bribe(s: State, step: Bribe, pays: bool) -> State:
    """M-BRIBE: pay ⌊gold/2⌋ (marker removed unrevealed), or refuse and face the reveal prompt."""
    s = replace(s, queue=s.queue[1:])
    if pays:
        s = give_gold(s, step.seat, s.blackmailer_seat, s.players[step.seat].gold // 2)
        return close_threat(s)
    return push(s, RevealThreat(s.blackmailer_seat, step.seat))


def resolve_reveal(s: State, step: RevealThreat, reveal: bool) -> State:
    """M-REVEAL-THREAT: the flowered lace takes all the threatened player's gold."""
    s = replace(s, queue=s.queue[1:])
    turn = s.turn
    assert turn is not None
    if reveal and any(m.character == turn.character and m.real for m in s.threats):
        s = give_gold(s, step.victim, step.seat, s.players[step.victim].gold)
    return close_threat(s)


def close_threat(s: State) -> State:
    turn = s.turn
    assert turn is not None
    threats = tuple(m for m in s.threats if m.character != turn.character)
    return replace(s, threats=threats, turn=replace(turn, threat_open=False))


# ---- ending a turn (M-END-TURN) ----------------------------------------------------------------


def check_end_turn(s: State) -> list[Violation]:
    """§5.6 M-END-TURN: gathered, and every mandatory step done (Emperor's crown)."""
    turn = s.turn
    assert turn is not None
    if not turn.gathered:
        return violation("CITADELS_NOT_GATHERED", GATHER_BEFORE_END(), "action")
    if turn.character == "emperor" and "emperor" not in turn.used:
        return violation("CITADELS_MUST_ACT_FIRST", CROWN_FIRST(), "action")
    return []


def end_turn(s: State, effects: bool = True) -> State:
    """End-of-turn effects (Poor House, then Alchemist; Park) for a full turn (§11 A7)."""
    turn = s.turn
    assert turn is not None
    if effects:
        seat = turn.seat
        if has(s.players[seat], "poor_house") and s.players[seat].gold == 0:
            s = gain_gold(s, seat, 1)
        if turn.character == "alchemist":
            s = gain_gold(s, seat, turn.gold_paid_for_builds)
        s = replace(s, turn=None)
        if has(s.players[seat], "park") and not s.players[seat].hand:
            s = draw(s, seat, 2)
        return s
    return replace(s, turn=None)


# ---- end of round (R-4.4.1) --------------------------------------------------------------------


def close_round(s: State) -> State:
    """Killed rank-4 heir/advisor, the Queen's delayed gold; then the round resets."""
    s = replace(s, called_rank=CLOSING)
    cid = s.killed
    seat = holder(s, cid) if cid else NO_SEAT
    if seat == NO_SEAT or rank(cid) != 4:
        return s
    s = replace(s, revealed=(*s.revealed, Reveal(cid, seat)))
    if s.queen_seat != NO_SEAT and seat in {left(s, s.queen_seat), left(s, s.queen_seat, -1)} - {s.queen_seat}:
        s = gain_gold(s, s.queen_seat, 3)
    if character(cid).crown == "take":
        return replace(s, crown=seat)
    return push(s, AdvisorCrown(seat))


def last_round(s: State) -> bool:
    """R-4.4.2: a city was completed this round; or the table's last round was played (``Limits``)."""
    return s.end_triggered or s.round >= CONTENT.limits.rounds


def finish_round(s: State) -> State:
    """Reset the round state; the game ends after a round in which a city was completed."""
    if last_round(s):
        return replace(s, phase="over", turn=None)
    from engines.citadels.selection import start_selection

    players = tuple(replace(p, characters=()) for p in s.players)
    fresh = replace(
        s,
        players=players,
        round=s.round + 1,
        faceup=(),
        facedown=(),
        first_facedown="",
        called_rank=0,
        killed="",
        bewitched="",
        witch_seat=NO_SEAT,
        robbed="",
        thief_seat=NO_SEAT,
        warrants=(),
        magistrate_seat=NO_SEAT,
        threats=(),
        blackmailer_seat=NO_SEAT,
        revealed=(),
        protected_seat=NO_SEAT,
        queen_seat=NO_SEAT,
        turn=None,
    )
    return start_selection(fresh)


def is_protected(s: State, acting: int, target: int) -> bool:
    """Rank-8 protection: the Bishop's holder (or the Witch as Bishop) for the rest of the round.

    §11 B8: with 2–3 players a player holding Bishop and a rank-8 character is blocked on his
    own city too (``bishop_blocks_own_rank8``).
    """
    if target != s.protected_seat:
        return False
    return target != acting or s.options.bishop_blocks_own_rank8


def completed_blocks(s: State, acting: int, target: int) -> bool:
    """A district in a completed city is safe (§11 B9 option for the Warlord's own city)."""
    if not completed(s, target):
        return False
    return not (target == acting and s.options.warlord_may_destroy_in_own_completed_city)
