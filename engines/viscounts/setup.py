"""Setup (§3): options, the new game's chance events (the ring, the castle, the piles, the start player,
the laid-out pairs) and the draft of player cards and heroes in reverse turn order (§3 step 9)."""

from __future__ import annotations

from functools import reduce
from typing import Any

from msgspec.structs import replace

from engines.core.engine import convert_options
from engines.core.errors import StateInvalid, Violation, violation
from engines.core.items import add_sorted
from engines.core.rng import Rng
from engines.core.text import Message
from engines.viscounts import moves as mv
from engines.viscounts import solo
from engines.viscounts.board import OL, OR, SEGMENTS, space_at
from engines.viscounts.common import CONTENT, at, push, set_player
from engines.viscounts.names import card_name
from engines.viscounts.state import (
    NO_SEAT,
    Castle,
    ChooseResource,
    DestroyStep,
    DrawCard,
    DrawFolk,
    DrawHero,
    DrawManuscript,
    DrawPlayerCard,
    DrawRotation,
    DrawSegment,
    DrawStart,
    Gather,
    Options,
    Player,
    Run,
    State,
    Step,
    Turn,
)

OPEN_PAIR = Message("viscounts.pair.open", "player card {number} with {hero}")
PAIRS = Message("viscounts.pair.list", "{first}; {then}")
PAIR_TAKEN_NONE = Message("viscounts.refusal.pair_taken_none", "That pair is not on offer (open: ).")
PAIR_TAKEN = Message("viscounts.refusal.pair_taken", "That pair is not on offer (open: {open}).")

PLAYERS = range(1, 5)
"""§1: one to four players (one: against the Cleric AI)."""

HAND = 3
"""§3 step 9.5: each player draws three cards."""

OPTION_DOCS = {
    "start_player": Message(
        "viscounts.option.start_player",
        "Which seat starts the game (0 for the first seat), or -1 to draw the start player at random; a solo "
        "game always starts with the human player (0 or -1).",
    ),
    "future_schemes": Message(
        "viscounts.option.future_schemes",
        "Solo game difficulty: how many Future Schemes are shuffled into the Cleric AI's starting pile, 1 to "
        "3 (more is harder).",
    ),
    "collision_column": Message(
        "viscounts.option.collision_column",
        "When a collision's track column is read: after the virtue and the abilities of its first two steps "
        "(after gains), or where the markers stood when the collision began (at start).",
    ),
    "reshuffle_check": Message(
        "viscounts.option.reshuffle_check",
        "When reshuffling the discard pile into the draw pile brings the criminal check (a corruption with a "
        "criminal on your board, else a virtue): at every reshuffle (every), or only when drawing a card "
        "finds the draw pile empty (draw only).",
    ),
    "castle_order": Message(
        "viscounts.option.castle_order",
        "When three of your workers move on from a castle section: all three move before you gain the tier-2 "
        "reward (move first), or one moves up, you gain the reward, and then the other two move sideways "
        "(literal).",
    ),
    "rearrange_empty": Message(
        "viscounts.option.rearrange_empty", "Whether rearranging your board slots may move a card into an empty slot."
    ),
    "free_hire_optional": Message(
        "viscounts.option.free_hire_optional",
        "Whether a player may decline a free hire (by default it must be taken while a pile has a card).",
    ),
    "conversion_dismiss": Message(
        "viscounts.option.conversion_dismiss",
        "Whether a card whose merchant icons a conversion turns into the needed icons may be dismissed to pay"
        " for an action (by default only a card printing the needed icon or a criminal).",
    ),
    "icon_scope": Message(
        "viscounts.option.icon_scope",
        "Which cards a manuscript that scores per icon counts at the end: every townsfolk card you own "
        "(owned), or only the cards in your board slots (board).",
    ),
    "castle_gold_move": Message(
        "viscounts.option.castle_gold_move",
        "What the castle section with gold and a castle move gives: both of them (both), or one of them of "
        "the player's choice (choice).",
    ),
    "bump_timing": Message(
        "viscounts.option.bump_timing",
        "When crowded castle sections are brought down to three workers: after each player's castle movements"
        " (each), or once after everybody's (once).",
    ),
    "card8_building": Message(
        "viscounts.option.card8_building",
        "Which building player card 8 builds for free at setup: a Trading Post (trading post), or any "
        "building of the player's choice (any).",
    ),
}
"""Every option in words a player understands (the rulings behind them, A-05 to A-37 and §8.1, are in
docs/viscounts.md)."""

PILE_SIZES = (14, 14, 14, 13, 13)
"""§3 step 3: the 68 neutral townsfolk split into five piles, dealt in order."""


def seats(players: int) -> int:
    """Seats at the table: a solo game has two (the human and the AI, §8)."""
    return 2 if players == 1 else players


def make_options(players: int, overrides: dict[str, Any]) -> Options:
    """§1, §11: options for ``players`` with named overrides (the rulings' switches), each checked against
    its range."""
    options = convert_options(Options, "Viscounts of the West Kingdom", players, overrides, PLAYERS)
    validate_options(options)
    return options


def validate_options(options: Options) -> None:
    """§1, §8.1, A-08: one to four players, a start player among the seats (the human in a solo game) or -1,
    one to three Future Schemes. The state check holds a received state's options to the same ranges."""
    players = options.players
    if players not in PLAYERS:
        raise StateInvalid(f"Viscounts of the West Kingdom is for 1 to 4 players, not {players}.", "options.players")
    if players == 1 and options.start_player not in (-1, 0):
        raise StateInvalid("In a solo game the human (seat 0) always starts.", "options.start_player")
    if not -1 <= options.start_player < seats(players):
        message = f"start_player is a seat 0 to {seats(players) - 1}, or -1 for random; not {options.start_player}."
        raise StateInvalid(message, "options.start_player")
    if not 1 <= options.future_schemes <= 3:
        raise StateInvalid(f"future_schemes is 1 to 3, not {options.future_schemes}.", "options.future_schemes")


def new_game(options: Options, seed: int | None) -> State:
    """§3: the empty table and every chance event of setup, queued in order."""
    n = seats(options.players)
    board = CONTENT.board
    draws: list[Step] = [
        *(DrawSegment(pos) for pos in range(SEGMENTS)),
        DrawRotation(),
        *(DrawFolk(pos) for pos in range(SEGMENTS)),
        *(DrawManuscript(pos) for pos in range(SEGMENTS)),
    ]
    start = 0 if options.players == 1 else options.start_player
    if start < 0:
        draws.append(DrawStart())
    pairs = 2 if options.players == 1 else n + 1
    draws += [DrawPlayerCard() for _ in range(pairs)] + [DrawHero(i) for i in range(pairs)]
    zeros = tuple((0,) * n for _ in range(SEGMENTS))
    return State(
        options=options,
        players=tuple(Player(ai=options.players == 1 and seat == 1) for seat in range(n)),
        castle=Castle(tier1=zeros, tier2=zeros, centre=(0,) * n),
        folk_left=PILE_SIZES,
        folk_unseen=tuple(sorted(CONTENT.neutral)),
        script_left=(len(CONTENT.black_backed) // SEGMENTS,) * SEGMENTS,
        script_unseen=tuple(sorted(CONTENT.black_backed)),
        grey_unseen=tuple(sorted(CONTENT.grey_backed)),
        cards_unseen=tuple(sorted(CONTENT.player_cards)),
        heroes_unseen=tuple(sorted(CONTENT.heroes)),
        debts_left=board.debts_on_poverty[options.players],
        deeds_left=board.deeds_on_prosperity[options.players],
        start=max(start, NO_SEAT),
        queue=tuple(draws),
        rng=Rng.seeded(seed) if seed is not None else None,
        external_chance=seed is None,
    )


# ---- the draft (§3 step 9) ----------------------------------------------------------------------------------------


def draft_order(s: State) -> list[int]:
    """Reverse turn order: the player right of the start player first, the start player last."""
    n = len(s.players)
    order = [(s.start - i) % n for i in range(1, n + 1)]
    return [seat for seat in order if not s.players[seat].ai]


def picker(s: State) -> int:
    """The next seat to pick, or ``NO_SEAT`` when every player has picked."""
    return next((seat for seat in draft_order(s) if s.players[seat].player_card == 0), NO_SEAT)


def start_space(s: State, number: int) -> int:
    """The outer space carrying red start number ``number`` (§3 step 9.1)."""
    for pos, side_id in enumerate(s.ring):
        seg = CONTENT.segments[side_id]
        if seg.start_ol == number:
            return space_at(pos, OL)
        if seg.start_or == number:
            return space_at(pos, OR)
    raise StateInvalid(f"No segment on the ring carries start number {number}.", "ring")


def pick_options(s: State, seat: int) -> list[mv.PickPair]:
    """§3 step 9: the player-card and hero pairs still on offer."""
    return [mv.PickPair(i) for i, pair in enumerate(s.pairs) if pair.taken_by == NO_SEAT]


def check_pick(s: State, seat: int, a: mv.PickPair) -> list[Violation]:
    """§3 step 9: the pair picked is still on offer."""
    if 0 <= a.pair < len(s.pairs) and s.pairs[a.pair].taken_by == NO_SEAT:
        return []
    open_pairs = [
        OPEN_PAIR(number=pair.card, hero=card_name(pair.hero)) for pair in s.pairs if pair.taken_by == NO_SEAT
    ]
    if not open_pairs:
        return violation("VISCOUNTS_PAIR_TAKEN", PAIR_TAKEN_NONE(), "action.pair")
    joined = reduce(lambda first, then: PAIRS(first=first, then=then), open_pairs)
    return violation("VISCOUNTS_PAIR_TAKEN", PAIR_TAKEN(open=joined), "action.pair")


def apply_pick(s: State, seat: int, a: mv.PickPair) -> State:
    """§3 step 9: the viscount to the card's start space, the card's goods, its extra step, then the
    starting cards and the hero shuffled into the draw pile and three cards drawn."""
    pair = s.pairs[a.pair]
    card = CONTENT.player_cards[pair.card]
    g = card.gains
    s = replace(s, pairs=at(s.pairs, a.pair, replace(pair, taken_by=seat)))
    p = s.players[seat]
    s = set_player(
        s,
        seat,
        player_card=pair.card,
        hero=pair.hero,
        space=start_space(s, pair.card),
        silver=p.silver + g.silver,
        ink=p.ink + g.ink,
        gold=p.gold + g.gold,
        stone=p.stone + g.stone,
        debts=p.debts + g.debts,
        deeds=p.deeds + g.deeds,
        draw=add_sorted((), *CONTENT.starters, pair.hero),
    )
    steps: list[Step] = [ChooseResource(seat, g.any_resource)] if g.any_resource else []
    if card.extra_scope == "own_cards_before_shuffle":
        steps.append(DestroyStep(seat, 1, setup=True))
    elif card.extra is not None:
        steps.append(Run(seat, (card.extra,), f"player card {pair.card}"))
    steps += [Gather(seat), *(DrawCard(seat, "hand") for _ in range(HAND))]
    return push(s, *steps)


def finish_draft(s: State) -> State | None:
    """Every player has picked: the turns begin with the start player (``None`` while a pick is owed). In a
    solo game the pair left over places the AI's viscount on its card's start space, and the AI sets up
    (§8.1 steps 4–6)."""
    if picker(s) != NO_SEAT:
        return None
    s = replace(s, stage="turns", turn=Turn(seat=s.start))
    if not any(p.ai for p in s.players):
        return s
    ai = solo.ai_seat(s)
    left = next(pair for pair in s.pairs if pair.taken_by == NO_SEAT)
    s = set_player(s, ai, player_card=left.card, space=start_space(s, left.card))
    return solo.setup_steps(s, ai)


def end_deal(s: State) -> State:
    """Setup's chance events are done: the draft begins."""
    return replace(s, stage="draft")
