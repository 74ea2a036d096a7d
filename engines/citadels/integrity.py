"""Integrity of a client's Citadels state (DESIGN: nothing a client sends may crash the engine).

The check is *closed under legal moves*: a state it accepts never leads, by a legal move, to one
it refuses. So it checks every queued step, not only the one owed now, against where the game
is: the phase, the turn, the pending build and the step's own fields. Each queue shape below is
one the engine makes (a turn action is taken on an empty queue and pushes its steps; the
selection follows the round's plan), so anything else is a client's invention.

Order: sizes first (cheap, so a huge state is refused before anything loops over it), then
card conservation (P-1), the character partition (P-3), gold (P-4), the round's markers, and
the progress (phase, turn, pending build, queue).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from engines.citadels import setup
from engines.citadels.building import build_limit, confiscation_possible, price, warrant_on
from engines.citadels.common import bank, character, deck_size, district, name, rank
from engines.citadels.content import CONTENT
from engines.citadels.selection import selection_plan
from engines.citadels.state import (
    NO_SEAT,
    AdvisorCrown,
    Bribe,
    Confiscate,
    DiscardCharacter,
    DrawCard,
    EmperorRecipientResource,
    GiveCards,
    KeepDrawn,
    OrderBottom,
    PickCharacter,
    RevealThreat,
    State,
    Step,
    TakeRandomCard,
    TakeRandomCharacter,
    TheaterChoice,
    Turn,
    WizardChoice,
)
from engines.citadels.turn import CLOSING
from engines.core.errors import StateInvalid
from engines.core.integrity import require

#: §6 Magistrate: one signed and two unsigned warrants.
WARRANTS = 3
#: §6 Blackmailer: the flowered lace and the blank marker.
THREATS = 2
#: R-1.1: a player holds at most two characters (one with 4 or more players).
MAX_HELD = 2
#: What ``Turn.used`` records: each once-per-turn ability and district effect (the Magician's two
#: abilities share ``magic``) and the Cardinal's loan, each once; the Artist's ``beautify`` twice.
USED_KEYS = frozenset(
    {
        *("income", "kill", "warrants", "rob", "spy", "threats", "magic", "wizard", "seer", "emperor"),
        *("charity", "merchant_bonus", "architect_draw", "navigator", "scholar", "destroy", "exchange"),
        *("seize", "beautify", "collect_tax", "smithy", "laboratory", "museum", "cardinal_loan"),
    }
)
MAX_USED = len(USED_KEYS) + 1


def check_state(s: State) -> None:
    """Structural consistency of a state a client sent (never trust it): sizes, cards (P-1), characters (P-3),
    gold (P-4), the round's markers and the progress."""
    require(not s.redacted, "A view (ViewState) cannot be played; send the full state.", "redacted")
    setup.validate_options(s.options)
    _check_sizes(s)
    _check_seats(s)
    _check_cards(s)
    _check_characters(s)
    _check_gold(s)
    _check_markers(s)
    _check_progress(s)


# ---- sizes (every collection bounded by the game's components) --------------------------------


def max_queue(s: State) -> int:
    """The longest queue a game makes: draws are bounded by the district cards (one per card),
    the selection's discards and picks by the characters, prompts and random takes by the seats."""
    return CONTENT.deck_size + len(s.options.cast) + 2 * len(s.players)


def _check_sizes(s: State) -> None:
    """Every collection is bounded by the components, every count by the table (``Limits``)."""
    n = s.options.players
    cards = CONTENT.deck_size
    cast = len(s.options.cast)
    limits = CONTENT.limits
    require(len(s.players) == n, f"{len(s.players)} players in a {n}-player game.", "players")
    for fname in ("deck", "deck_bottom"):
        size = len(getattr(s, fname))
        require(size <= cards, f"{fname} holds {size} cards; the game has {cards}.", fname)
    for seat, p in enumerate(s.players):
        where = f"players[{seat}]"
        require(len(p.hand) <= cards, f"Seat {seat} holds {len(p.hand)} cards; the game has {cards}.", f"{where}.hand")
        require(len(p.city) <= cards, f"Seat {seat}'s city has {len(p.city)} districts.", f"{where}.city")
        require(
            all(len(b.museum) <= cards for b in p.city), f"Seat {seat}'s Museum holds too many cards.", f"{where}.city"
        )
        require(
            len(p.characters) <= MAX_HELD,
            f"Seat {seat} holds {len(p.characters)} characters; at most {MAX_HELD}.",
            f"{where}.characters",
        )
    for fname in ("character_pile", "faceup", "facedown", "revealed"):
        size = len(getattr(s, fname))
        require(size <= cast, f"{fname} has {size} entries; the cast has {cast} characters.", fname)
    require(len(s.warrants) <= WARRANTS, f"{len(s.warrants)} warrants; the Magistrate has {WARRANTS}.", "warrants")
    require(len(s.threats) <= THREATS, f"{len(s.threats)} threats; the Blackmailer has {THREATS}.", "threats")
    most = max_queue(s)
    require(len(s.queue) <= most, f"The queue has {len(s.queue)} steps; a game makes at most {most}.", "queue")
    require(1 <= s.round <= limits.rounds, f"Round {s.round} is not 1..{limits.rounds}.", "round")
    require(0 <= s.called_rank <= CLOSING, f"called_rank {s.called_rank} is not 0..{CLOSING}.", "called_rank")
    if s.turn is not None:
        require(len(s.turn.drawn) <= cards, f"{len(s.turn.drawn)} cards drawn; the game has {cards}.", "turn.drawn")
        require(len(s.turn.used) <= MAX_USED, f"turn.used has {len(s.turn.used)} entries.", "turn.used")


def _check_seats(s: State) -> None:
    """Every seat a field names exists (``-1`` = no seat where the field allows it)."""
    n = len(s.players)
    require(0 <= s.crown < n, f"The crown is at seat {s.crown}; seats are 0..{n - 1}.", "crown")
    seat_fields = ("first_completer", "witch_seat", "thief_seat", "magistrate_seat", "blackmailer_seat")
    for fname in (*seat_fields, "protected_seat", "queen_seat"):
        require(-1 <= getattr(s, fname) < n, f"{fname} = {getattr(s, fname)} is not a seat.", fname)
    require(all(0 <= r.seat < n for r in s.revealed), "A reveal names a seat that does not exist.", "revealed")
    for i, step in enumerate(s.queue):
        for fname in ("seat", "source", "target", "victim", "emperor"):
            v = getattr(step, fname, 0)
            require(0 <= v < n or (fname == "target" and v == -1), f"A queued step names seat {v}.", f"queue[{i}]")


# ---- cards (P-1) ------------------------------------------------------------------------------


def _check_cards(s: State) -> None:
    """P-1: every district card of the game is in exactly one place."""
    cards: list[str] = [*s.deck, *s.deck_bottom]
    for p in s.players:
        cards += p.hand
        for b in p.city:
            cards.append(b.card)
            cards += b.museum
    if s.turn is not None:
        cards += s.turn.drawn
    if s.building is not None:
        cards.append(s.building.card)
    seen = Counter(cards)
    expected = expected_cards(s.options.uniques)
    if seen != expected:
        diff = (seen - expected) + (expected - seen)
        raise StateInvalid(f"District cards are not conserved (P-1): {dict(diff)}.", "players")
    for seat, p in enumerate(s.players):
        never = [b.card for b in p.city if district(b.card).cost is None]
        require(
            not never,
            f"Seat {seat}'s city holds {', '.join(map(name, never))}, which is never built.",
            f"players[{seat}].city",
        )


@lru_cache(maxsize=64)
def expected_cards(uniques: tuple[str, ...]) -> Counter[str]:
    """The 68 cards of a game: the 54 basic districts and the 14 chosen unique ones."""
    return Counter((*CONTENT.basic_deck, *uniques))


# ---- characters (P-3) -------------------------------------------------------------------------


def _check_characters(s: State) -> None:
    """P-3: the cast is partitioned between the pile, the discards and the players (all of it
    while a round runs); the named characters are cast characters."""
    cast = set(s.options.cast)
    held = [c for p in s.players for c in p.characters]
    chars = held + list(s.character_pile + s.faceup + s.facedown)
    require(
        all(c in cast for c in chars) and len(chars) == len(set(chars)),
        "Character cards are not a partition of the cast (P-3).",
        "players.characters",
    )
    if s.phase != "over":
        require(len(chars) == len(cast), "Every cast character is held, on offer or discarded (P-3).", "facedown")
    for fname in ("killed", "bewitched", "robbed", "first_facedown"):
        require(getattr(s, fname) in cast | {""}, f"{fname} is not a cast character.", fname)
    require(
        not s.killed or any(character(c).ability == "kill" for c in cast),
        "A character is killed only when the cast has a character that kills (§6 Assassin).",
        "killed",
    )
    require(
        s.first_facedown in ("", *s.facedown, *held),
        "The first face-down discard is face down or was taken by the last picker (R-4.2.4).",
        "first_facedown",
    )
    require(all(rank(c) != 4 for c in s.faceup), "A rank-4 character is never discarded face up (R-4.2.2).", "faceup")


# ---- gold (P-4) -------------------------------------------------------------------------------


def _check_gold(s: State) -> None:
    """P-4: stashes and the tax token are not negative and fit in the bank (``Limits``)."""
    require(s.tax_token >= 0 and all(p.gold >= 0 for p in s.players), "Gold cannot be negative.", "players.gold")
    require(
        bank(s) >= 0,
        f"The stashes and the tax token hold more than the bank's {CONTENT.limits.bank_gold} gold.",
        "players.gold",
    )


# ---- the round's markers ------------------------------------------------------------------------


def _check_markers(s: State) -> None:
    """Warrants, threats, the robbed and bewitched characters and the reveals agree with their seats."""
    cast = set(s.options.cast)
    require(
        all(m.character in cast for m in (*s.warrants, *s.threats)) and all(r.character in cast for r in s.revealed),
        "Markers and reveals must name cast characters.",
        "warrants",
    )
    warranted = [m.character for m in s.warrants]
    require(
        not s.warrants or (len(set(warranted)) == WARRANTS and sum(m.real for m in s.warrants) == 1),
        f"The Magistrate places {WARRANTS} warrants on different characters, one signed (§6).",
        "warrants",
    )
    require(
        bool(s.warrants) == (s.magistrate_seat != NO_SEAT), "Warrants go with the Magistrate's seat.", "magistrate_seat"
    )
    threatened = [m.character for m in s.threats]
    require(
        len(set(threatened)) == len(threatened) and sum(m.real for m in s.threats) <= 1,
        "Threats lie on different characters, at most one of them real (§6 Blackmailer).",
        "threats",
    )
    require(not s.threats or s.blackmailer_seat != NO_SEAT, "Threats need the Blackmailer's seat.", "blackmailer_seat")
    require(bool(s.robbed) == (s.thief_seat != NO_SEAT), "A robbed character goes with the Thief's seat.", "thief_seat")
    require(
        bool(s.bewitched) == (s.witch_seat != NO_SEAT),
        "A bewitched character goes with the Witch's seat.",
        "witch_seat",
    )
    shown = [r.character for r in s.revealed]
    require(len(set(shown)) == len(shown), "A character is revealed at most once a round.", "revealed")
    if s.phase != "over":
        require(
            all(r.character in s.players[r.seat].characters for r in s.revealed),
            "A revealed character is held by the seat that revealed it.",
            "revealed",
        )
        _check_reveal_order(s)


def _check_reveal_order(s: State) -> None:
    """R-4.3.1: characters are revealed as their rank is called; a killed one only at the round's
    end (R-4.4.1), so each is revealed once."""
    require(
        all(rank(r.character) <= s.called_rank for r in s.revealed),
        f"Only ranks up to the one called ({s.called_rank}) are revealed.",
        "revealed",
    )
    require(
        s.called_rank == CLOSING or all(r.character != s.killed for r in s.revealed),
        "A killed character is revealed only at the end of the round.",
        "revealed",
    )


# ---- progress -------------------------------------------------------------------------------


def _check_progress(s: State) -> None:
    """The phase, the turn, the pending build and the queue fit together."""
    if s.phase == "over":
        require(not s.queue and s.turn is None and s.building is None, "A finished game has nothing pending.", "queue")
        return
    require(bool(s.queue) or s.turn is not None, "No decision is pending.", "queue")
    _check_settled(s)
    if s.phase == "selection":
        _check_selection(s)
    elif s.turn is None:
        _check_between_turns(s)
    else:
        _check_turn(s, s.turn)
        _check_turn_queue(s, s.turn)


def _check_settled(s: State) -> None:
    """A decision is owed: what the engine does by itself (``engine.advance``) is done."""
    head = s.queue[0] if s.queue else None
    if isinstance(head, DrawCard):
        require(bool(s.deck), "A draw from an empty deck takes the cards under it by itself (§11 D1).", "deck")
    if isinstance(head, TakeRandomCard):
        require(bool(s.players[head.source].hand), f"Seat {head.source} has no card to take.", "queue[0]")
    turn = s.turn
    if head is None and turn is not None and turn.gathered:
        require(turn.mode != "bewitched", "A bewitched turn ends once it has gathered (§6 Witch).", "turn.mode")
        require(not turn.threat_open, "The threatened player's bribe is owed after gathering.", "queue")


# ---- the selection phase (§4.2) -------------------------------------------------------------------


def _check_selection(s: State) -> None:
    """The queue is the rest of the round's plan (after the deal, §3.2), and the characters are
    where that much of the plan puts them."""
    require(s.turn is None and s.building is None, "No turn runs during the selection phase.", "turn")
    _check_round_reset(s)
    plan = selection_plan(s)
    queue = s.queue
    deal = 0
    while deal < len(queue) and isinstance(queue[deal], DrawCard):
        deal += 1
    rest = queue[deal:]
    swap = rest[0] if rest and isinstance(rest[0], TakeRandomCharacter) else None
    if swap is not None:
        rest = rest[1:]
    done = len(plan) - len(rest)
    require(done >= 0 and plan[done:] == rest, "The selection steps do not follow the round's plan (§4.2).", "queue")
    require(
        all(isinstance(q, DrawCard) and q.to == "hand" for q in queue[:deal]) and (deal == 0 or done == 0),
        "The deal (§3.2) draws into hands before the selection starts.",
        "queue",
    )
    if swap is not None:
        _check_theater_swap(s, swap, plan, done)
    _check_selection_counts(s, plan[:done], plan[done:])


def _check_round_reset(s: State) -> None:
    """R-4.4.1 step 3: the round's markers are cleared before its selection."""
    clear = not (s.killed or s.bewitched or s.robbed or s.warrants or s.threats or s.revealed)
    seats = (s.witch_seat, s.thief_seat, s.magistrate_seat, s.blackmailer_seat, s.protected_seat, s.queen_seat)
    require(
        clear and s.called_rank == 0 and all(v == NO_SEAT for v in seats),
        "The round's markers are reset before the selection (R-4.4.1).",
        "called_rank",
    )


def _check_theater_swap(s: State, swap: TakeRandomCharacter, plan: tuple[Step, ...], done: int) -> None:
    """§7 Theater with 2–3 players: the owner just gave one of his characters for a random one."""
    n = len(s.players)
    require(
        n <= 3 and done >= 1 and plan[done - 1] == TheaterChoice(swap.seat),
        "A random Theater exchange follows the Theater's choice with 2–3 players.",
        "queue[0]",
    )
    require(
        swap.source != swap.seat
        and bool(s.players[swap.source].characters)
        and swap.give in s.players[swap.seat].characters,
        "The Theater exchange names characters nobody holds.",
        "queue[0]",
    )


def _check_selection_counts(s: State, done: tuple[Step, ...], pending: tuple[Step, ...]) -> None:
    """The pile, the discards and each hand of characters have the sizes the plan gives them."""
    pile, up, down = len(s.options.cast), 0, 0
    held = [0] * len(s.players)
    for step in done:
        if isinstance(step, DiscardCharacter):
            pile -= 1
            up, down = (up + 1, down) if step.face == "up" else (up, down + 1)
        elif isinstance(step, PickCharacter):
            held[step.seat] += 1
            pile -= 2 if step.discard else 1
            down += 1 if step.discard else 0
            if step.last:
                pile, down = 0, down + pile
    require(len(s.faceup) == up, f"{len(s.faceup)} face-up discards; the selection made {up}.", "faceup")
    require(len(s.facedown) == down, f"{len(s.facedown)} face-down discards; the selection made {down}.", "facedown")
    require(
        len(s.character_pile) == pile,
        f"{len(s.character_pile)} characters on offer; {pile} are left.",
        "character_pile",
    )
    require(
        [len(p.characters) for p in s.players] == held,
        f"The players hold {[len(p.characters) for p in s.players]} characters; the picks give {held}.",
        "players.characters",
    )
    first_down = any(isinstance(q, DiscardCharacter) and q.face == "down" for q in done)
    require(bool(s.first_facedown) == first_down, "first_facedown is the first face-down discard.", "first_facedown")
    if first_down and any(isinstance(q, PickCharacter) and q.special for q in pending):
        require(
            s.first_facedown in s.facedown,
            "The 7/8-player special pick needs the first face-down discard.",
            "facedown",
        )


# ---- the turn phase (§4.3) --------------------------------------------------------------------------


def _check_between_turns(s: State) -> None:
    """No turn runs: the Park's draws after a turn, or the killed Emperor's advisor at the round's end."""
    require(s.building is None, "A pending build needs a turn.", "building")
    head = s.queue[0]
    if s.called_rank == CLOSING:
        require(
            len(s.queue) == 1 and isinstance(head, AdvisorCrown),
            "Only the killed Emperor's advisor decides at the end of the round.",
            "queue",
        )
        assert isinstance(head, AdvisorCrown)
        killed = s.killed
        require(
            bool(killed)
            and rank(killed) == 4
            and character(killed).crown != "take"
            and killed in s.players[head.seat].characters,
            "The advisor holds the killed rank-4 character that gives the crown (R-4.4.1).",
            "queue[0]",
        )
        return
    require(s.called_rank >= 1, "The turn phase calls ranks from 1.", "called_rank")
    require(
        all(isinstance(q, DrawCard) and q.to == "hand" and q == head for q in s.queue),
        "Between turns only the Park's draws are owed.",
        "queue",
    )


def _check_turn(s: State, turn: Turn) -> None:
    """The turn's character, seat, mode and counters fit the round (R-4.3.1, §6 Witch)."""
    n = len(s.players)
    require(turn.character in s.options.cast, "The turn's character is not in the cast.", "turn.character")
    require(0 <= turn.seat < n, "The turn's seat does not exist.", "turn.seat")
    require(rank(turn.character) == s.called_rank, "The turn's character is the rank called.", "called_rank")
    holder_ok = turn.character in s.players[turn.seat].characters
    resumed_ok = turn.mode == "resumed" and turn.seat == s.witch_seat and turn.character == s.bewitched
    require(holder_ok or resumed_ok, "The turn's seat does not hold its character.", "turn")
    mode_ok = {
        "normal": True,
        "witch": turn.character == "witch",
        "bewitched": turn.character == s.bewitched,
        "resumed": turn.gathered and turn.character == s.bewitched and turn.seat == s.witch_seat,
    }[turn.mode]
    require(mode_ok, f"A {turn.mode} turn does not fit the Witch's markers (§6 Witch).", "turn.mode")
    limit = build_limit(turn)
    require(0 <= turn.builds <= limit, f"{turn.builds} builds; the limit is {limit}.", "turn.builds")
    require(
        0 <= turn.gold_paid_for_builds <= CONTENT.limits.bank_gold,
        f"gold_paid_for_builds {turn.gold_paid_for_builds} is out of range.",
        "turn.gold_paid_for_builds",
    )
    require(
        all(u in USED_KEYS for u in turn.used)
        and all(turn.used.count(u) <= (2 if u == "beautify" else 1) for u in turn.used),
        "turn.used lists each ability or district effect once (the Artist's beautify twice).",
        "turn.used",
    )
    require(
        not turn.threat_open or any(m.character == turn.character for m in s.threats),
        "An open threat needs a threat marker on the turn's character.",
        "turn.threat_open",
    )
    if s.building is not None:
        _check_building(s, turn)


def _check_building(s: State, turn: Turn) -> None:
    """The build in progress: the turn's, with the price the rules give it (§5.3)."""
    pb = s.building
    assert pb is not None
    require(
        pb.seat == turn.seat and pb.card in CONTENT.district and CONTENT.district[pb.card].buildable,
        "The pending build is the turn's and of a buildable district.",
        "building",
    )
    cost = price(s, pb.seat, pb.card)
    require(
        pb.price == cost and 0 <= pb.cards_paid <= cost and 0 <= pb.gold_paid <= cost,
        f"The pending build costs {cost}; paid {pb.gold_paid} gold and {pb.cards_paid} cards.",
        "building",
    )


def _check_turn_queue(s: State, turn: Turn) -> None:
    """The queue is one the turn's last action made, owed by the turn's seat (or its Magistrate
    or Blackmailer); the pending build is there exactly when its payment or prompt is queued."""
    queue = s.queue
    waits = bool(queue) and (
        (isinstance(queue[0], GiveCards) and queue[0].reason == "thieves_den")
        or any(isinstance(q, Confiscate) for q in queue)
    )
    require((s.building is not None) == waits, "A pending build goes with its payment or confiscation.", "building")
    require(
        not turn.drawn or (bool(queue) and isinstance(queue[-1], KeepDrawn | OrderBottom)),
        "Drawn cards await a keep decision.",
        "turn.drawn",
    )
    if not queue:
        return
    shape = TURN_QUEUES.get(type(queue[0]))
    require(shape is not None, f"A {type(queue[0]).__struct_config__.tag} step is not owed during a turn.", "queue[0]")
    assert shape is not None
    shape(s, turn, queue)


def _only(queue: tuple[Step, ...], message: str) -> None:
    require(len(queue) == 1, message, "queue")


def _draws(s: State, turn: Turn, queue: tuple[Step, ...]) -> None:
    """Draws into the hand (income, Spy, Architect, Navigator, Smithy, Magician, Library), or
    draws of a gathering or the Scholar followed by the keep decision."""
    head = queue[0]
    assert isinstance(head, DrawCard)
    if head.to == "drawn":
        _keep(s, turn, queue)
        return
    require(
        all(isinstance(q, DrawCard) and q.to == "hand" and q.seat == turn.seat for q in queue),
        "The turn's draws go to the acting seat's hand, and nothing follows them.",
        "queue",
    )


def _keep(s: State, turn: Turn, queue: tuple[Step, ...]) -> None:
    """M-GATHER-CARDS, M-SCHOLAR-DRAW: draws into the drawn buffer, then one keep decision."""
    *draws, keep = queue
    require(
        isinstance(keep, KeepDrawn)
        and keep.seat == turn.seat
        and all(isinstance(q, DrawCard) and q.to == "drawn" and q.seat == turn.seat for q in draws),
        "Cards are drawn to keep one: the acting seat's draws, then its keep decision.",
        "queue",
    )
    assert isinstance(keep, KeepDrawn)
    if keep.reason == "scholar":
        require(turn.character == "scholar" and "scholar" in turn.used, "Only the Scholar keeps from 7.", "queue")
    else:
        require(turn.gathered, "Cards are kept after gathering them.", "turn.gathered")
    require(
        bool(turn.drawn) or (bool(draws) and deck_size(s) > 0),
        "Nothing is drawn to keep.",
        "turn.drawn",
    )


def _order(s: State, turn: Turn, queue: tuple[Step, ...]) -> None:
    """§11 A8: the gatherer orders the cards left over under the deck."""
    head = queue[0]
    assert isinstance(head, OrderBottom)
    _only(queue, "Ordering the cards under the deck is the last step of a gathering.")
    require(head.seat == turn.seat and bool(turn.drawn), "Nothing was drawn to put under the deck.", "queue[0]")


def _give(s: State, turn: Turn, queue: tuple[Step, ...]) -> None:
    """Card-by-card sequences of the acting seat (Thieves' Den, Cardinal, Seer, Magician)."""
    head = queue[0]
    assert isinstance(head, GiveCards)
    hand = s.players[turn.seat].hand
    require(head.seat == turn.seat, "The acting seat hands over the cards.", "queue[0]")
    if head.reason == "thieves_den":
        _only(queue, "A Thieves' Den payment is the last step of its build.")
        pb = s.building
        require(
            pb is not None and pb.card == "thieves_den" and head.target == NO_SEAT,
            "No Thieves' Den payment is open.",
            "building",
        )
        assert pb is not None
        require(
            head.count == pb.cards_paid < pb.price and pb.gold_paid == 0,
            f"The Thieves' Den has {pb.cards_paid} of {pb.price} paid in cards; the step counts {head.count}.",
            "queue[0].count",
        )
        require(
            turn.builds + (1 if pb.counts else 0) <= build_limit(turn),
            f"The Thieves' Den would exceed the building limit of {build_limit(turn)}.",
            "building.counts",
        )
    elif head.reason == "cardinal":
        rest = queue[1:]
        require(
            not rest or (len(rest) == 1 and isinstance(rest[0], Confiscate)),
            "The Cardinal's cards come right after his build.",
            "queue",
        )
        require(
            turn.character == "cardinal" and "cardinal_loan" in turn.used,
            "Only the Cardinal owes cards for a loan.",
            "queue[0]",
        )
        require(
            0 <= head.target != head.seat and 1 <= head.count <= len(hand),
            f"The Cardinal owes {head.count} cards to seat {head.target} and holds {len(hand)}.",
            "queue[0].count",
        )
        if rest:
            check_confiscation(s, turn, rest[0])
    elif head.reason == "seer":
        _seer(s, turn, queue)
    else:
        _only(queue, "The Magician's discards are the last step of his ability.")
        require(
            turn.character == "magician" and "magic" in turn.used and head.target == NO_SEAT,
            "Only the Magician redraws.",
            "queue[0]",
        )
        require(
            0 <= head.count <= CONTENT.deck_size - len(hand) and (head.count >= 1 or bool(hand)),
            f"The Magician discarded {head.count} cards and holds {len(hand)}.",
            "queue[0].count",
        )


def _seer(s: State, turn: Turn, queue: tuple[Step, ...]) -> None:
    """M-SEER-TAKE: a random card from each other player with cards, then one back to each."""
    takes = [q for q in queue if isinstance(q, TakeRandomCard)]
    gives = [q for q in queue if isinstance(q, GiveCards)]
    require(
        len(takes) + len(gives) == len(queue)
        and queue[: len(takes)] == tuple(takes)
        and all(t.reason == "seer" and t.seat == turn.seat for t in takes)
        and all(g.reason == "seer" and g.seat == turn.seat for g in gives),
        "The Seer's random takes come first, then one card back to each seat.",
        "queue",
    )
    targets = [g.target for g in gives]
    require(
        turn.character == "seer"
        and "seer" in turn.used
        and all(g.count == 1 for g in gives)
        and len(set(targets)) == len(targets)
        and all(0 <= t != turn.seat for t in targets)
        and [t.source for t in takes] == targets[len(targets) - len(takes) :],
        "The Seer gives one card back to each seat she took one from.",
        "queue",
    )
    require(
        all(s.players[t.source].hand for t in takes) and len(gives) <= len(s.players[turn.seat].hand) + len(takes),
        "The Seer takes from seats with cards and has a card for each give-back.",
        "queue",
    )


def _take(s: State, turn: Turn, queue: tuple[Step, ...]) -> None:
    """A random card taken from a hand: the Seer's, or the Emperor's from the crown's recipient."""
    head = queue[0]
    assert isinstance(head, TakeRandomCard)
    if head.reason == "seer":
        _seer(s, turn, queue)
        return
    _only(queue, "The Emperor's card is the last step of his ability.")
    require(
        turn.character == "emperor" and "emperor" in turn.used and head.seat == turn.seat and head.source != turn.seat,
        "Only the Emperor takes a card from the crown's recipient.",
        "queue[0]",
    )


def _wizard(s: State, turn: Turn, queue: tuple[Step, ...]) -> None:
    """M-WIZARD: the Wizard looked at another non-empty hand and now takes or builds from it."""
    head = queue[0]
    assert isinstance(head, WizardChoice)
    _only(queue, "The Wizard's choice is the last step of his ability.")
    require(
        turn.character == "wizard" and "wizard" in turn.used and head.seat == turn.seat,
        "Only the Wizard chooses from a hand he looked at.",
        "queue[0]",
    )
    require(
        head.target != head.seat and bool(s.players[head.target].hand),
        "The Wizard looks at another player's non-empty hand.",
        "queue[0]",
    )


def _confiscate(s: State, turn: Turn, queue: tuple[Step, ...]) -> None:
    """The Magistrate's prompt on the first paid build of a warranted character (§6)."""
    _only(queue, "The Magistrate's prompt is the last step of a build.")
    check_confiscation(s, turn, queue[0])


def check_confiscation(s: State, turn: Turn, step: Any) -> None:
    """§6 Magistrate, §11 B22: the build awaiting the Magistrate is this turn's, fully paid, and could be
    confiscated."""
    pb = s.building
    require(
        pb is not None and step.seat == s.magistrate_seat and step.victim == turn.seat == pb.seat,
        "No build awaits the Magistrate.",
        "building",
    )
    assert pb is not None
    require(
        pb.paid and pb.gold_paid + pb.cards_paid == pb.price and pb.gold_paid <= turn.gold_paid_for_builds,
        "The build awaiting the Magistrate is paid in full this turn.",
        "building",
    )
    require(
        warrant_on(s, turn.character) and confiscation_possible(s, pb.card),
        "The Magistrate is asked only about a warranted build he could take (§11 B23).",
        "warrants",
    )


def _threat(s: State, turn: Turn, queue: tuple[Step, ...]) -> None:
    """§6 Blackmailer: the threatened player's bribe, then the Blackmailer's reveal."""
    head = queue[0]
    _only(queue, "A threat is resolved when nothing else is pending.")
    require(turn.threat_open and turn.gathered, "A threat is resolved after gathering.", "turn.threat_open")
    if isinstance(head, Bribe):
        require(head.seat == turn.seat, "The threatened player decides on the bribe.", "queue[0]")
    else:
        assert isinstance(head, RevealThreat)
        require(
            head.seat == s.blackmailer_seat and head.victim == turn.seat,
            "The Blackmailer decides on revealing the threat.",
            "queue[0]",
        )


def _emperor_resource(s: State, turn: Turn, queue: tuple[Step, ...]) -> None:
    """§11 B6 'recipient': the crown's new holder, with gold and cards, chooses what to hand over."""
    head = queue[0]
    assert isinstance(head, EmperorRecipientResource)
    _only(queue, "The recipient's choice is the last step of the Emperor's ability.")
    p = s.players[head.seat]
    require(
        s.options.emperor_resource_chooser == "recipient"
        and turn.character == "emperor"
        and "emperor" in turn.used
        and head.emperor == turn.seat != head.seat
        and head.seat == s.crown,
        "The crown's recipient hands the Emperor a resource (§11 B6).",
        "queue[0]",
    )
    require(p.gold > 0 and bool(p.hand), "The recipient chooses only when he has both gold and cards.", "queue[0]")


#: The head of a turn's queue -> the check of the whole queue behind it.
TURN_QUEUES: dict[type, Callable[[State, Turn, tuple[Step, ...]], None]] = {
    DrawCard: _draws,
    KeepDrawn: _keep,
    OrderBottom: _order,
    GiveCards: _give,
    TakeRandomCard: _take,
    WizardChoice: _wizard,
    Confiscate: _confiscate,
    Bribe: _threat,
    RevealThreat: _threat,
    EmperorRecipientResource: _emperor_resource,
}
