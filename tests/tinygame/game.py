"""High Card: a test-only game written only in its folder, on the seam of ``engines.core.game``.

Twelve cards, two of each rank 1..6, are shuffled; each of 2-4 players is dealt ``HAND`` cards one at a time
(chance: the engine's generator in a seeded game, the CHANCE seat with external chance). Then for ``ROUNDS``
rounds every player at once puts one card face down (a simultaneous decision); when all have, the cards
are turned up and the single highest card wins the round (1 point); a tie for the highest wins nothing.
Views hide the other players' hands, the undealt cards and the cards put face down but not yet turned.

Not shipped and not in the proto contract: it proves that a game needs nothing outside its folder but one
registration line (``tests/conformance/support.py``).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import Any

import msgspec
from msgspec.structs import replace

from engines.core.engine import CHANCE, GameInfo, GameType, convert_options
from engines.core.errors import Violation, violation
from engines.core.game import Game, TableEngine
from engines.core.integrity import require
from engines.core.locale import Words
from engines.core.picture import Picture, Svg, seat_colour, text_width
from engines.core.redeal import cut, fresh_generator, shuffled, unseen
from engines.core.rng import Rng
from engines.core.scoring import ScoreSheet, rank, score_entry, seat_score
from engines.core.table import Act, Happened, Step, Table, uniform
from engines.core.text import LIST_COMMA, LogEntry, Message, MoveLabel, Text, listing, seat, seated

GAME = "high_card"
RANKS = range(1, 7)
#: The whole deck: two cards of each rank.
DECK: tuple[int, ...] = tuple(sorted(2 * list(RANKS)))
HAND = 3
ROUNDS = 3
PLAYERS = range(2, 5)
#: What a view shows in place of a card it hides (no card has rank 0).
HIDDEN = 0
#: The viewer of a full state, and of a spectator's view.
NO_SEAT = -2


class Deal(msgspec.Struct, frozen=True, gc=False, tag="deal"):
    """Chance: the next card dealt is of rank ``card`` (to the first seat with the fewest cards)."""

    card: int


class Play(msgspec.Struct, frozen=True, gc=False, tag="play"):
    """A player puts a card of rank ``card`` face down."""

    card: int


Action = Deal | Play

# ---- words ----------------------------------------------------------------------------------------------
# A test-only game has no catalogues: its words show in English in every language.

NOT_IN_DECK = Message("high_card.refusal.not_in_deck", "No card of rank {card} is left to deal.")
NOT_IN_HAND = Message("high_card.refusal.not_in_hand", "You hold no card of rank {card}.")
DEAL = Message("high_card.move.deal", "Deal a {card}")
CHOOSE_DEAL = Message("high_card.choice.deal", "Deal a card")
CHOOSE_CARD = Message("high_card.choice.card", "{card}")
PLAY = Message("high_card.move.play", "Put the {card} face down")
CHOOSE_PLAY = Message("high_card.choice.play", "Put a card down")
DEALT = Message("high_card.log.deal", "Chance gave a card to {seat}")
DEALT_PRIVATE = Message("high_card.log.deal_private", "Chance gave a {card} to {seat}")
PLAYED = Message("high_card.log.play", "{seat} put a card face down")
PLAYED_PRIVATE = Message("high_card.log.play_private", "You put the {card} face down")
DEAL_PROMPT = Message("high_card.prompt.deal", "Deal the next card")
PLAY_PROMPT = Message("high_card.prompt.play", "Put a card face down")
OVER = Message("high_card.prompt.over", "The game ended after {rounds}.")
ROUNDS_COUNT = Message("high_card.count.rounds", "{n} round", "{n} rounds")
CARDS_COUNT = Message("high_card.count.cards", "{n} card", "{n} cards")
POINTS_COUNT = Message("high_card.count.points", "{n} point", "{n} points")
ROUNDS_WON = Message("high_card.score.rounds_won", "Rounds won")
WON_WITH = Message("high_card.score.won_with", "{rounds} won with the highest card")
HEADING = Message("high_card.picture.heading", "High Card: round {round} of {rounds}")
SEAT_LINE = Message("high_card.picture.seat", "{seat}: {points}; holds {held}{down}; turned up {turned}")
FACE_DOWN = Message("high_card.picture.face_down", ", a card face down")
NOTHING = Message("high_card.picture.nothing", "")


class Move(msgspec.Struct, frozen=True, gc=False):
    seat: int
    action: Action


class Options(msgspec.Struct, frozen=True, gc=False):
    players: int


class State(msgspec.Struct, frozen=True, gc=False):
    """``deck``: the undealt cards (sorted); ``hands``: each seat's cards (sorted); ``down``: each seat's card
    put face down this round (``HIDDEN``: none, or hidden in a view); ``ready``: who has put one down
    (public); ``rounds``: the cards turned up in each round played, by seat."""

    players: int
    external_chance: bool
    deck: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    down: tuple[int, ...]
    ready: tuple[bool, ...]
    rounds: tuple[tuple[int, ...], ...] = ()
    rng: Rng | None = None
    redacted: bool = False
    viewer: int = NO_SEAT


# ---- rules ----------------------------------------------------------------------------------------------


def dealt(s: State, seat: int) -> int:
    """How many cards ``seat`` has been dealt."""
    return len(s.hands[seat]) + s.ready[seat] + len(s.rounds)


def dealing(s: State) -> bool:
    return any(dealt(s, seat) < HAND for seat in range(s.players))


def round_winner(cards: tuple[int, ...]) -> int | None:
    """The seat of the single highest card, or ``None`` on a tie for the highest."""
    top = max(cards)
    return cards.index(top) if cards.count(top) == 1 else None


def _deal_options(s: State, seat: int) -> list[Deal]:
    return [Deal(card) for card in sorted(set(s.deck))]


def _deal_check(s: State, seat: int, action: Deal) -> list[Violation]:
    if action.card not in s.deck:
        return violation("HIGH_CARD_NOT_IN_DECK", NOT_IN_DECK(card=action.card), "action.card")
    return []


def _deal_apply(s: State, seat: int, action: Deal) -> State:
    to = min(range(s.players), key=lambda k: (dealt(s, k), k))
    deck = list(s.deck)
    deck.remove(action.card)
    hands = tuple(tuple(sorted((*h, action.card))) if k == to else h for k, h in enumerate(s.hands))
    return replace(s, deck=tuple(deck), hands=hands)


def _play_options(s: State, seat: int) -> list[Play]:
    return [Play(card) for card in sorted(set(s.hands[seat]))]


def _play_check(s: State, seat: int, action: Play) -> list[Violation]:
    if action.card not in s.hands[seat]:
        return violation("HIGH_CARD_NOT_IN_HAND", NOT_IN_HAND(card=action.card), "action.card")
    return []


def _play_apply(s: State, seat: int, action: Play) -> State:
    hand = list(s.hands[seat])
    hand.remove(action.card)
    hands = tuple(tuple(hand) if k == seat else h for k, h in enumerate(s.hands))
    down = tuple(action.card if k == seat else d for k, d in enumerate(s.down))
    ready = tuple(True if k == seat else r for k, r in enumerate(s.ready))
    return replace(s, hands=hands, down=down, ready=ready)


def _round_ends(s: State) -> State | None:
    """Once every player has put a card down, the cards are turned up (and the next round begins)."""
    if dealing(s) or len(s.rounds) == ROUNDS or not all(s.ready):
        return None
    n = s.players
    return replace(s, rounds=(*s.rounds, s.down), down=(HIDDEN,) * n, ready=(False,) * n)


def _decision(s: State) -> str | None:
    if dealing(s):
        return "chance.deal"
    return None if len(s.rounds) == ROUNDS else "play"


# ---- words ----------------------------------------------------------------------------------------------


def _label_deal(s: State, seat: int, a: Deal) -> tuple[Text, list[Text]]:
    return DEAL(card=a.card), [CHOOSE_DEAL(), CHOOSE_CARD(card=a.card)]


def _label_play(s: State, seat: int, a: Play) -> tuple[Text, list[Text]]:
    return PLAY(card=a.card), [CHOOSE_PLAY(), CHOOSE_CARD(card=a.card)]


def _log_deal(before: State, mover: int, a: Deal) -> LogEntry:
    to = min(range(before.players), key=lambda k: (dealt(before, k), k))
    public = DEALT(seat=seat(to))
    private = DEALT_PRIVATE(card=a.card, seat=seat(to))
    return LogEntry(CHANCE, public, private)


def _log_play(before: State, mover: int, a: Play) -> LogEntry:
    public = PLAYED(seat=seat(mover))
    private = PLAYED_PRIVATE(card=a.card)
    return LogEntry(mover, public, private)


# ---- the table ------------------------------------------------------------------------------------------

TABLE: Table[State] = Table(
    actions={Deal: Act(_label_deal, _log_deal), Play: Act(_label_play, _log_play)},
    action_union=Action,
    stage=lambda s: "play",
    decision=_decision,
    stages={
        # each card alike: a rank held twice is twice as likely
        "chance.deal": Step(
            (Deal,),
            _deal_options,
            _deal_check,
            _deal_apply,
            DEAL_PROMPT,
            seats=lambda s: (CHANCE,),
            draw=lambda s, at: uniform(s.deck, Deal),
        ),
        "play": Step(
            (Play,),
            _play_options,
            _play_check,
            _play_apply,
            PLAY_PROMPT,
            seats=lambda s: tuple(k for k in range(s.players) if not s.ready[k]),
        ),
    },
    progress={"play": _round_ends},
)


# ---- checks ---------------------------------------------------------------------------------------------


def integrity(s: State) -> None:
    require(not s.redacted, "A view cannot be played; send the full state.", "redacted")
    require(s.viewer == NO_SEAT, f"Only a view names a viewer (here {s.viewer}); send the full state.", "viewer")
    require(s.players in PLAYERS, f"High Card is for 2 to 4 players, not {s.players}.", "players")
    for name in ("hands", "down", "ready"):
        size = len(getattr(s, name))
        require(size == s.players, f"{name} has {size} entries for {s.players} players.", name)
    require(len(s.rounds) <= ROUNDS, f"The game has {ROUNDS} rounds, not {len(s.rounds)}.", "rounds")
    for i, cards in enumerate(s.rounds):
        require(len(cards) == s.players, f"Round {i + 1} shows {len(cards)} cards.", f"rounds[{i}]")
    for k in range(s.players):
        require(len(s.hands[k]) <= HAND, f"Seat {k} holds more than {HAND} cards.", f"hands[{k}]")
        require(list(s.hands[k]) == sorted(s.hands[k]), "A hand is kept sorted.", f"hands[{k}]")
        require(s.ready[k] == (s.down[k] != HIDDEN), "A card is face down exactly when ready.", f"down[{k}]")
    require(list(s.deck) == sorted(s.deck), "The deck is kept sorted.", "deck")
    every = [*s.deck, *(c for h in s.hands for c in h), *(d for d in s.down if d != HIDDEN)]
    every += [c for cards in s.rounds for c in cards]
    require(Counter(every) == Counter(DECK), "The cards are not the deck's two cards of each rank 1 to 6.", "deck")
    counts = [dealt(s, seat) for seat in range(s.players)]
    require(all(c <= HAND for c in counts), f"A seat was dealt more than {HAND} cards.", "hands")
    if dealing(s):
        require(not s.rounds and not any(s.ready), "No card is played before the deal ends.", "ready")
        require(max(counts) - min(counts) <= 1, "The cards are dealt in turn.", "hands")
        require(counts == sorted(counts, reverse=True), "The cards are dealt in seat order.", "hands")
    else:
        require(all(c == HAND for c in counts), f"Every seat is dealt {HAND} cards.", "hands")
    require(not (len(s.rounds) == ROUNDS and any(s.ready)), "The game is over.", "ready")


# ---- the game -------------------------------------------------------------------------------------------


def make_options(players: int, overrides: dict[str, Any]) -> Options:
    return convert_options(Options, "High Card", players, overrides, PLAYERS)


def new_game(options: Options, seed: int | None) -> State:
    n = options.players
    return State(
        players=n,
        external_chance=seed is None,
        deck=DECK,
        hands=((),) * n,
        down=(HIDDEN,) * n,
        ready=(False,) * n,
        rng=None if seed is None else Rng.seeded(seed),
    )


def seats(state: State) -> range:
    return range(state.players)


def game_over(state: State) -> Text:
    return OVER(rounds=ROUNDS_COUNT(n=ROUNDS))


def score(state: State) -> ScoreSheet:
    wins = Counter(w for cards in state.rounds if (w := round_winner(cards)) is not None)
    sheets = [
        seat_score(k, [score_entry(ROUNDS_WON(), wins[k], WON_WITH(rounds=ROUNDS_COUNT(n=wins[k])))])
        for k in range(state.players)
    ]
    return rank(sheets, lambda seat: (0, ""), final=TABLE.now(state) is None)


def view(state: State, seat: int | None) -> State:
    viewer = NO_SEAT if seat is None else seat
    hands = tuple(h if k == viewer else (HIDDEN,) * len(h) for k, h in enumerate(state.hands))
    down = tuple(d if k == viewer else HIDDEN for k, d in enumerate(state.down))
    deck = (HIDDEN,) * len(state.deck)
    return replace(state, deck=deck, hands=hands, down=down, rng=None, redacted=True, viewer=viewer)


def redeal(view: State, seat: int, rng: Rng) -> State:
    """The other hands, the cards face down and the undealt cards dealt from the cards ``seat`` has not seen."""
    seen = [*view.hands[seat], *(d for d in view.down if d != HIDDEN), *(c for cards in view.rounds for c in cards)]
    pool, rng = shuffled(unseen(DECK, seen), rng)
    others = [k for k in range(view.players) if k != seat]
    sizes = [len(view.hands[k]) for k in others] + [1 for k in others if view.ready[k]]
    parts, deck = cut(pool, sizes)
    hands, down = list(view.hands), list(view.down)
    for k, cards in zip(others, parts, strict=False):
        hands[k] = tuple(sorted(cards))
    for k, cards in zip([k for k in others if view.ready[k]], parts[len(others) :], strict=True):
        down[k] = cards[0]
    generator, rng = fresh_generator(rng)
    return replace(
        view,
        external_chance=False,
        deck=tuple(sorted(deck)),
        hands=tuple(hands),
        down=tuple(down),
        rng=generator,
        redacted=False,
        viewer=NO_SEAT,
    )


def describe() -> dict[str, Any]:
    return {"deck": list(DECK), "hand": HAND, "rounds": ROUNDS, "source": "a test-only game"}


def label_move(state: State, move: Move, several_seats: bool, act: Act) -> MoveLabel:
    return seated(move.seat, several_seats, *act.label(state, move.seat, move.action))


def log_entry(before: State, move: Move, after: State, act: Act, happened: Sequence[Happened]) -> LogEntry:
    assert act.log is not None
    entry: LogEntry = act.log(before, move.seat, move.action)
    return entry


def picture(view: State, viewer: int | None, words: Words) -> Picture:
    size, gap = 14, 24
    lines = [words(HEADING(round=min(len(view.rounds) + 1, ROUNDS), rounds=ROUNDS))]
    wins = Counter(w for cards in view.rounds if (w := round_winner(cards)) is not None)
    for k in range(view.players):
        hand = view.hands[k]
        held: Text | str = " ".join(str(c) for c in hand) if k == viewer else CARDS_COUNT(n=len(hand))
        down = FACE_DOWN() if view.ready[k] else NOTHING()
        turned = " ".join(str(cards[k]) for cards in view.rounds) or listing([], joined=LIST_COMMA)
        points = POINTS_COUNT(n=wins[k])
        lines.append(words(SEAT_LINE(seat=seat(k), points=points, held=held, down=down, turned=turned)))
    width = math.ceil(20 + max(text_width(line, size) for line in lines))
    svg = Svg(width, 20 + gap * len(lines), "High Card")
    for i, line in enumerate(lines):
        fill = seat_colour(i - 1) if i else "#000000"
        svg.text(10, 10 + gap * i + size, line, size=size, fill=fill)
    return svg.picture()


GAME_OBJECT: Game[State, Options] = Game(
    info=GameInfo(
        game_id=GAME,
        title="High Card",
        rules_version="test-1",
        min_players=PLAYERS.start,
        max_players=PLAYERS.stop - 1,
        options=(),
        game_type=GameType(simultaneous=True, hidden_information=True, chance=True),
    ),
    table=TABLE,
    state_type=State,
    move_type=Move,
    options_type=Options,
    make_options=make_options,
    setup=new_game,
    integrity=integrity,
    score=score,
    view=view,
    redeal=redeal,
    describe=describe,
    label=label_move,
    log=log_entry,
    seats=seats,
    game_over=game_over,
    picture=picture,
)
ENGINE: TableEngine[State, Options] = TableEngine(GAME_OBJECT)
