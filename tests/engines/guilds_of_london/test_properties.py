"""Guilds of London property tests (spec §11): random legal games to the end for 2, 3 and 4 players in both
chance modes, with the invariants checked after every move, recomputed here from the spec's definitions:

* 1, 2: every colour's 16 liverymen and the 2N neutral pawns are somewhere; pawns stand on a tile or the
  plantation only during its negotiation;
* 3: the beadle stands on a face-up guild tile, and after a Growth phase that does not end the game on
  the lowest-numbered one (the first in reading order among equals);
* 4, 5: face-down tiles hold at most their master and never turn back face up;
* 6, 7, 8, 9: the 105 action cards, 21 Lord Mayor cards, the tiles and the 30 tokens are conserved; cards
  are in play only during a turn; everybody holds a Lord Mayor card after setup and never fewer later;
  face-up tiles hold one token once the city is laid out, face-down tiles none;
* 10: the city stays one connected group; new cells were empty and beside the city before; 3–4 players
  have 10 + k × (5 or 6) tiles after k expansions, 2 players 24;
* 11, 12, 13: the turn order is a permutation frozen during the turns and equal to the VP order with the
  stacks when taken; a marker that moves lands on top; VP never decrease;
* 14, 15: after a player's own turn the hand is within the limit; the end-of-turn draw is 0 in the last
  round, 4 with no card played, else 2 + the draw changes (as far as the piles allow);
* 18: a swap keeps the figures on the tile;
* 20, 21, 22: at the end, adjacency VP equal the edges between each player's masters; rounds stay on the
  track; the game ends exactly once (2 players: at the latest when no face-up tile is left); the winners
  have the most VP, then the most Lord Mayor cards;
* validate ⇔ legal: every listed move validates clean in every visited state, and ``check`` accepts it.

16, 17 and 19 (vote, trigger, plantation rewards) are checked against reference implementations written
from §7.2–§7.4 on random counts. Decisions are random with a bias towards playing on (a bot that ends its
turn or stops at once would resolve little).
"""

from __future__ import annotations

import itertools
import os
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from engines.core import rng as rng_module
from engines.core.engine import CHANCE
from engines.core.errors import GAME_OVER, NOT_A_CHOICE, NOT_YOUR_TURN, VIEW_NOT_PLAYABLE, WRONG_DECISION
from engines.guilds_of_london import moves as mv
from engines.guilds_of_london import state as state_module
from engines.guilds_of_london.city import neighbours
from engines.guilds_of_london.codes import CODES
from engines.guilds_of_london.common import CONTENT
from engines.guilds_of_london.engine import ENGINE
from engines.guilds_of_london.negotiation import swap_targets
from engines.guilds_of_london.plantation import recipients
from engines.guilds_of_london.resolution import runner_up, scan_next, vote_winner
from engines.guilds_of_london.scoring import ADJACENT, LORD_MAYOR
from engines.guilds_of_london.state import (
    GUILDHALL,
    NO_SEAT,
    STEP_CAP,
    DiscardToLimit,
    DrawCard,
    HireStep,
    MoveStep,
    Negotiate,
    NeutralStep,
    Origin,
    PayDiscard,
    PayReturn,
    PlantStep,
    State,
    Step,
)
from tests.engines.guilds_of_london.helpers import Spot, game, tile
from tests.engines.setups import new_state

GAMES = int(os.environ.get("GUILDS_OF_LONDON_GAMES", "4"))
"""Games per (player count, chance mode); raise it for a longer soak."""

PLAY_ON = 0.85
"""How often the bot picks another move than ending its turn or stopping, when it has one."""


# ---- the spec's definitions, recomputed ---------------------------------------------------------------------

Cell = tuple[int, int]


def guildhall(players: int) -> list[Cell]:
    return [tuple(cell) for cell in CONTENT.tracks_for(players).layout.guildhall]  # type: ignore[misc]


def connected(cells: set[Cell]) -> bool:
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        r, c = todo.pop()
        for other in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if other in cells and other not in seen:
                seen.add(other)
                todo.append(other)
    return seen == cells


def lowest_guild(s: State) -> str:
    """§4.6, A-07: the face-up guild tile with the lowest number, reading order among equals."""
    candidates = [
        (CONTENT.tile[t.tile].number, t.row, t.col, t.tile)
        for t in s.city
        if t.face_up and CONTENT.tile[t.tile].kind == "GUILD"
    ]
    return min(candidates)[3] if candidates else ""


def limit(s: State, seat: int) -> int:
    """R-TURN-6 step 4: 7, or 8 for the master of University of London."""
    base = CONTENT.tracks_for(len(s.players)).hand_limit
    university = any(t.tile == "S_UNIVERSITY" and not t.face_up and t.master == seat for t in s.city)
    return base + (1 if university else 0)


def adjacency_edges(s: State, seat: int) -> int:
    mine = {(t.row, t.col) for t in s.city if not t.face_up and t.master == seat}
    return sum(1 for r, c in mine for other in ((r, c + 1), (r + 1, c)) if other in mine)


# ---- one game, watched --------------------------------------------------------------------------------------


@dataclass
class Watch:
    """What the invariants need to remember between states."""

    players: int
    face_down: set[str] = field(default_factory=set)
    lm_held: list[int] = field(default_factory=list)
    limit_due: int = NO_SEAT
    ended: int = 0


def check_conservation(s: State) -> None:
    """Invariants 1, 2, 6, 7, 8, 9."""
    t = CONTENT.tracks_for(len(s.players))
    for seat in range(len(s.players)):
        on_tiles = sum(c.liverymen[seat] for c in s.city if c.face_up)
        masters = sum(1 for c in s.city if not c.face_up and c.master == seat)
        total = s.supply[seat] + s.guildhall[seat] + on_tiles + masters + s.plantation[seat]
        assert total == t.liverymen_per_colour == 16
    pawns = s.neutral_pool + sum(p.neutral for p in s.players) + sum(c.neutral for c in s.city)
    assert pawns + s.plantation_neutral + s.neutral_removed == 2 * len(s.players)
    if s.stage != "negotiate":
        assert all(c.neutral == 0 for c in s.city)
    if s.stage != "plantation":
        assert s.plantation_neutral == 0
    cards = len(s.deck) + len(s.discard) + len(s.in_play) + sum(len(p.hand) for p in s.players)
    assert cards == 105
    assert s.turn is not None or not s.in_play
    lm = len(s.lm_deck) + len(s.lm_bottom) + sum(len(p.lm_cards) + len(p.lm_offer) for p in s.players)
    assert lm == 21
    tiles = len(s.tile_supply) + len(s.city)
    assert tiles == (44 if len(s.players) == 2 else 45)
    tokens = len(s.token_bag) + len(s.tokens_removed) + sum(len(p.tokens) for p in s.players)
    assert tokens + sum(1 for c in s.city if c.token) == 30


def check_city(before: State, s: State, watch: Watch) -> None:
    """Invariants 3, 4, 5, 9, 10."""
    n = len(s.players)
    cells = {(c.row, c.col) for c in s.city}
    assert len(cells) == len(s.city)
    hall = set(guildhall(n))
    if s.stage != "deal":
        assert connected(cells | hall)
    old = {(c.row, c.col) for c in before.city} | hall
    for cell in cells - old:
        if before.stage != "deal":
            assert any(other in old for other in neighbours(cell)), cell
    for c in s.city:
        if c.face_up:
            assert c.master == NO_SEAT
        else:
            assert not any(c.liverymen) and not c.token and c.neutral == 0
    down = {c.tile for c in s.city if not c.face_up}
    assert watch.face_down <= down
    watch.face_down = down
    if s.stage in ("turns", "keep"):
        assert all(bool(c.token) == c.face_up for c in s.city)
    if s.beadle:
        where = next(c for c in s.city if c.tile == s.beadle)
        assert where.face_up and CONTENT.tile[where.tile].kind == "GUILD"
    t = CONTENT.tracks_for(n)
    if s.stage == "turns":
        grown = sum(1 for r in t.expansion if r < s.round)
        assert len(s.city) == (24 if n == 2 else 10 + grown * t.tiles_per_expansion)
    if s.round != before.round and s.round - 1 in t.growth and s.stage != "over":
        assert s.beadle == lowest_guild(s)


def check_vp_and_order(before: State, s: State) -> None:
    """Invariants 11, 12, 13."""
    n = len(s.players)
    gainers = [seat for seat in range(n) if s.players[seat].vp != before.players[seat].vp]
    for seat in range(n):
        assert s.players[seat].vp >= before.players[seat].vp
        assert s.players[seat].vp == sum(line.points for line in s.players[seat].ledger)
    still = [s.players[seat].stamp for seat in range(n) if seat not in gainers]
    for seat in gainers:
        assert all(s.players[seat].stamp > other for other in still)
    for seat in range(n):
        if seat not in gainers and before.next_stamp > 1:  # the starting order sets every stamp
            assert s.players[seat].stamp == before.players[seat].stamp
    if s.order:
        assert sorted(s.order) == list(range(n))
    if s.stage == "turns" and before.stage == "turns" and s.round == before.round:
        assert s.order == before.order
    if s.stage == "turns" and (s.round != before.round or before.stage != "turns"):
        expected = tuple(sorted(range(n), key=lambda seat: (-s.players[seat].vp, -s.players[seat].stamp)))
        assert s.order == expected


def check_turn_end(before: State, move: Any, s: State, watch: Watch) -> None:
    """Invariants 14, 15."""
    if isinstance(move.action, mv.EndTurn):
        turn = before.turn
        assert turn is not None
        t = CONTENT.tracks_for(len(s.players))
        if before.round == t.last_round:
            expected = 0
        elif turn.played == 0:
            expected = 4
        else:
            expected = max(0, 2 + turn.draw_modifier + turn.end_draws)
        seat = move.seat
        if s.external_chance and expected:
            assert s.queue[0] == DrawCard(seat, expected)
        elif s.external_chance and s.stage == "turns":
            assert not any(isinstance(q, DrawCard) for q in s.queue)
        else:
            available = len(before.deck) + len(before.discard) + len(before.in_play)
            grown = len(s.players[seat].hand) - len(before.players[seat].hand)
            waiting = bool(s.queue) and isinstance(s.queue[0], DiscardToLimit) and s.queue[0].seat == seat
            # nothing takes cards from a hand without a decision; resolution rewards may add some
            assert grown == min(expected, available) if waiting else grown >= min(expected, available)
        watch.limit_due = seat
    seat = watch.limit_due
    if seat != NO_SEAT and not any(isinstance(q, DiscardToLimit | DrawCard) and q.seat == seat for q in s.queue):
        assert len(s.players[seat].hand) <= limit(s, seat)
        watch.limit_due = NO_SEAT


def check_swap(before: State, move: Any, s: State) -> None:
    """Invariant 18: a swap replaces a liveryman by a neutral pawn; the figures on the tile stay as many."""
    if not isinstance(move.action, mv.Swap) or s.stage != "negotiate" or before.stage != "negotiate":
        return
    if s.scan != before.scan:
        return
    a, b = before.city[before.scan], s.city[s.scan]
    assert sum(a.liverymen) + a.neutral == sum(b.liverymen) + b.neutral
    assert b.liverymen[move.action.seat] == a.liverymen[move.action.seat] - 1
    assert s.players[move.seat].neutral == before.players[move.seat].neutral - 1
    assert s.guildhall[move.action.seat] == before.guildhall[move.action.seat] + 1


def check_lord_mayor(s: State, watch: Watch) -> None:
    """Invariant 7: everybody keeps a card at setup; nobody's count goes down."""
    held = [len(p.lm_cards) for p in s.players]
    if s.stage not in ("deal", "keep"):
        assert min(held) >= 1
    if watch.lm_held:
        assert all(now >= was for now, was in zip(held, watch.lm_held, strict=True))
    watch.lm_held = held


def check_end(s: State, watch: Watch) -> None:
    """Invariants 20, 21, 22."""
    t = CONTENT.tracks_for(len(s.players))
    assert 1 <= s.round <= t.last_round
    if s.stage != "over":
        return
    watch.ended += 1
    for seat, p in enumerate(s.players):
        assert sum(line.points for line in p.ledger if line.category == ADJACENT) == adjacency_edges(s, seat)
        cards = {line.detail for line in p.ledger if line.category == LORD_MAYOR}
        assert cards == set(p.lm_cards)
    if len(s.players) == 2 and not any(c.face_up for c in s.city):
        assert s.ending or s.round == t.last_round
    sheet = ENGINE.score(s)
    best = max(p.vp for p in s.players)
    top = [seat for seat, p in enumerate(s.players) if p.vp == best]
    most = max(len(s.players[seat].lm_cards) for seat in top)
    assert sheet.final and set(sheet.winners) == {seat for seat in top if len(s.players[seat].lm_cards) == most}


def choose(legal: list[Any], rng: random.Random) -> Any:
    """A random move, with a bias to play on rather than end the turn or stop."""
    going = [m for m in legal if not isinstance(m.action, mv.EndTurn | mv.Stop)]
    if going and rng.random() < PLAY_ON:
        return rng.choice(going)
    return rng.choice(legal)


def play(players: int, seed: int | None, bot: int, overrides: dict[str, str] | None = None) -> State:
    """One random game to the end with every invariant checked after every move."""
    rng = random.Random(bot)
    s = new_state(ENGINE, players, seed=seed, **(overrides or {}))
    watch = Watch(players)
    for _ in range(20_000):
        ENGINE.check(s)
        legal = list(ENGINE.legal_moves(s))
        if not legal:
            assert ENGINE.pending(s).seats == () and watch.ended == 1
            return s
        for move in legal:
            assert ENGINE.validate(s, move) == [], move
        if seed is not None:
            assert CHANCE not in ENGINE.pending(s).seats
        move = choose(legal, rng)
        after = ENGINE.apply(s, move)
        check_conservation(after)
        check_city(s, after, watch)
        check_vp_and_order(s, after)
        check_turn_end(s, move, after, watch)
        check_swap(s, move, after)
        check_lord_mayor(after, watch)
        check_end(after, watch)
        s = after
    raise AssertionError("the game did not end")


SETTINGS = settings(max_examples=GAMES, derandomize=True)


@pytest.mark.parametrize("players", [2, 3, 4])
@SETTINGS
@given(seed=st.integers(0, 2**31))
def test_random_games_keep_the_invariants(players: int, seed: int) -> None:
    """Seeded and external chance, every invariant after every move."""
    play(players, seed, seed)
    play(players, None, seed + 1)


@SETTINGS
@given(seed=st.integers(0, 2**31), players=st.integers(2, 4))
def test_games_with_every_ruling_flipped_keep_the_invariants(seed: int, players: int) -> None:
    overrides = {
        "negotiation_own_colour": "false",
        "tiebreak_adjacent_masters": "any",
        "neutral_return": "removed",
        "plantation_side": "ULSTER",
    }
    if players > 2:
        overrides["setup_special_west_of_guildhall"] = "true"
    play(players, seed, seed, overrides)


def test_same_seed_same_moves_same_game() -> None:
    """Invariant 23: the same seed and moves give the same state."""
    a = play(3, 11, 5)
    b = play(3, 11, 5)
    assert a == b


# ---- 16, 17, 19 against the spec's algorithms --------------------------------------------------------------


def reference_vote(counts: list[int], masters: list[int]) -> tuple[int, int]:
    """§7.2: the winner (strict maximum, then + adjacent masters among the tied) and the runner-up (unique
    maximum of the raw counts of the others, at least 1), ``-1`` for none."""
    best = max(counts)
    if best == 0:
        return NO_SEAT, NO_SEAT
    tied = [p for p, c in enumerate(counts) if c == best]
    if len(tied) > 1:
        score = {p: best + masters[p] for p in tied}
        leaders = [p for p in tied if score[p] == max(score.values())]
        if len(leaders) > 1:
            return NO_SEAT, NO_SEAT
        tied = leaders
    winner = tied[0]
    others = {p: c for p, c in enumerate(counts) if p != winner and c > 0}
    if not others:
        return winner, NO_SEAT
    top = [p for p, c in others.items() if c == max(others.values())]
    return winner, top[0] if len(top) == 1 else NO_SEAT


@settings(max_examples=150, derandomize=True)
@given(
    counts=st.lists(st.integers(0, 4), min_size=3, max_size=3),
    masters=st.lists(st.integers(0, 2), min_size=3, max_size=3),
)
def test_vote_matches_the_spec(counts: list[int], masters: list[int]) -> None:
    """Invariant 16: the engine's vote on a tile whose neighbours carry the given masters."""
    neighbours_of = [(2, 0), (3, 1), (2, 2)]
    spots = [Spot("G04", 2, 1, dict(enumerate(counts)))]
    seat_of = [p for p in range(3) for _ in range(masters[p])]
    free = list(neighbours_of)
    for p, (r, c) in zip(seat_of, free, strict=False):
        spots.append(Spot(f"G{10 + len(spots)}", r, c, master=p))
    s = game(3, spots, stage="scan")
    placed = next(t for t in s.city if t.tile == "G04")
    adjacent = [sum(1 for t in s.city if not t.face_up and t.master == p) for p in range(3)]
    winner, second = reference_vote(counts, adjacent)
    assert vote_winner(s, placed) == winner
    if winner != NO_SEAT:
        assert runner_up(placed.liverymen, winner) == second


def reference_plantation(counts: list[int], order: list[int]) -> list[tuple[int, str]]:
    """§7.4: left to the unique most, right to a unique second; a tie for first: the right to each."""
    present = [p for p in order if counts[p] > 0]
    if not present:
        return []
    best = max(counts[p] for p in present)
    first = [p for p in present if counts[p] == best]
    if len(first) > 1:
        return [(p, "right") for p in first]
    rest = {p: counts[p] for p in present if p != first[0]}
    out = [(first[0], "left")]
    if rest:
        second = [p for p, c in rest.items() if c == max(rest.values())]
        if len(second) == 1:
            out.append((second[0], "right"))
    return out


@settings(max_examples=150, derandomize=True)
@given(counts=st.lists(st.integers(0, 4), min_size=4, max_size=4))
def test_plantation_rewards_match_the_spec(counts: list[int]) -> None:
    """Invariant 19: the plantation's recipients (tie for first: nobody gets the left reward)."""
    s = game(4, [Spot("G04", 1, 0)], plantation=dict(enumerate(counts)))
    got = recipients(s, tuple(counts))
    assert got == reference_plantation(counts, list(s.order))
    if len([c for c in counts if c == max(counts)]) > 1:
        assert all(part == "right" for _, part in got)


@settings(max_examples=100, derandomize=True)
@given(
    men=st.lists(st.integers(0, 3), min_size=3, max_size=3),
    beadle=st.booleans(),
    own=st.booleans(),
)
def test_trigger_and_swaps_match_the_spec(men: list[int], beadle: bool, own: bool) -> None:
    """Invariants 17, 18: a tile enters negotiation exactly when its liverymen and the beadle reach its
    majority (G04: 3); the seats a player may swap are those with a liveryman there (their own per A-08)."""
    options = {"negotiation_own_colour": "true" if own else "false"}
    spots = [Spot("G04", 1, 0, dict(enumerate(men))), Spot("G20", 0, 0)]
    s = game(3, spots, stage="scan", scan=1, beadle="G04" if beadle else "", neutral={0: 1}, options=options)
    after = scan_next(s)
    assert (after.stage == "negotiate") == (sum(men) + beadle >= 3)
    expected = [p for p in range(3) if men[p] > 0 and (own or p != 0)]
    assert swap_targets(s, Negotiate(0)) == expected


# ---- 24: legal moves sound and complete under fuzz ----------------------------------------------------------
#
# The conformance suite already changes one proto field of sampled legal moves at random (values taken from
# the move itself or junk) and checks validate clean ⇔ listed. Here every field of a legal move is swept over
# the values the game actually uses (every card type, every tile in the city and one outside it, the
# Guildhall, every seat, counts around the range), and a rejection is checked against an independent reading
# of §5's preconditions: the code an unlisted move must carry, from the catalogue, with a field of the move.

GOL_CODES = frozenset(CODES)
COMMON_CODES = frozenset({NOT_YOUR_TURN, GAME_OVER, WRONG_DECISION, NOT_A_CHOICE, VIEW_NOT_PLAYABLE})

HAND_CARD = (mv.PlayHire, mv.PlayMove, mv.PlayAbility, mv.PayCard, mv.Discard)
"""Actions naming a card from the acting seat's hand (§5.2, R-TURN-6)."""
LORD_MAYOR_CARD = (mv.KeepLordMayor, mv.PutUnder, mv.ChanceLordMayor)
COUNTS = (-1, 0, 1, 2, 3, 4, 5, STEP_CAP + 1, 2**31 - 1)


@dataclass(frozen=True)
class Mutant:
    """A legal move with one field changed (``what``), and the code §5 says it must be refused with
    (``broken``; empty when the change may or may not keep the move legal)."""

    what: str
    move: mv.Move
    broken: str = ""


def locations(s: State) -> list[str]:
    """The Guildhall, every city tile, one tile outside the city, and names of nothing."""
    outside = [t for t in sorted(CONTENT.tile) if all(c.tile != t for c in s.city)][:1]
    return [GUILDHALL, *(c.tile for c in s.city), *outside, "", "?"]


def domain(s: State, action: Any, name: str) -> list[Any]:
    """Every value the fuzz tries in field ``name`` of ``action``."""
    n = len(s.players)
    if name == "card":
        cards = [c.id for c in CONTENT.lord_mayor_cards] if isinstance(action, LORD_MAYOR_CARD) else CONTENT.deck
        return [*sorted(set(cards)), "", "?"]
    values: dict[str, list[Any]] = {
        "source": locations(s),
        "to": locations(s),
        "tile": [*sorted(CONTENT.tile), GUILDHALL, ""],
        "token": [*sorted(set(CONTENT.token_bag)), "", "?"],
        "side": [*(side.id for side in CONTENT.plantation), "", "?"],
        "seat": list(range(CHANCE - 1, n + 1)),
        "count": list(COUNTS),
        "option": list(COUNTS),
        "seats": [*itertools.permutations(range(n)), (0,) * n, tuple(range(n - 1)), tuple(range(n + 1))],
    }
    assert name in values, f"no fuzz domain for {type(action).__name__}.{name}: add one"
    return values[name]


def holds_figure(s: State, seat: int, where: str) -> bool:
    """§5.0: ``seat`` has a figure at ``where`` (the Guildhall, a face-up tile, their master's tile)."""
    if where == GUILDHALL:
        return s.guildhall[seat] > 0
    placed = next((c for c in s.city if c.tile == where), None)
    if placed is None:
        return False
    return placed.liverymen[seat] > 0 if placed.face_up else placed.master == seat


def face_up(s: State, where: str) -> bool:
    return any(c.tile == where and c.face_up for c in s.city)


def shows(where: str, symbols: Iterable[str]) -> bool:
    return any(symbol in CONTENT.tile[where].front_symbols for symbol in symbols)


def broken_card(s: State, seat: int, a: Any) -> str:
    """R-TURN-3: a card played or discarded comes from the hand; chance and Lord Mayor choices name a card
    that can be drawn or was dealt."""
    if isinstance(a, HAND_CARD):
        return "" if a.card in s.players[seat].hand else "GUILDS_OF_LONDON_NOT_IN_HAND"
    if isinstance(a, mv.ChanceCard):
        return "" if a.card in s.deck else "GUILDS_OF_LONDON_NOT_OFFERED"
    if isinstance(a, mv.ChanceLordMayor):
        return "" if a.card in s.lm_deck + s.lm_bottom else "GUILDS_OF_LONDON_NOT_OFFERED"
    return "" if a.card in s.players[seat].lm_offer else "GUILDS_OF_LONDON_NOT_OFFERED"


def broken_destination(s: State, a: Any) -> str:
    """§5.2 ``PlayMove`` 2–3, §6.7 ``MOVE``: onto another face-up city tile showing the symbol asked for."""
    if not face_up(s, a.to) or a.to == a.source:
        return "GUILDS_OF_LONDON_BAD_DESTINATION"
    head = s.queue[0] if s.queue else None
    if isinstance(a, mv.PlayMove) and not shows(a.to, CONTENT.action_card[a.card].symbols):
        return "GUILDS_OF_LONDON_SYMBOL_MISMATCH"
    if isinstance(head, MoveStep) and a.to == head.not_to:
        return "GUILDS_OF_LONDON_BAD_DESTINATION"
    if isinstance(head, MoveStep) and not head.any_symbol and not shows(a.to, head.symbols):
        return "GUILDS_OF_LONDON_SYMBOL_MISMATCH"
    return ""


def broken_count(s: State, a: Any) -> str:
    """§6.7, A-14, A-19: up to ``n``, as far as the supply or the pool allows; a CHOICE option exists."""
    if isinstance(a, mv.ChooseOption):
        return "GUILDS_OF_LONDON_NO_SUCH_OPTION" if a.option < 0 else ""
    head = s.queue[0]
    assert isinstance(head, HireStep | NeutralStep)
    room = s.supply[head.seat] if isinstance(a, mv.Hire) else s.neutral_pool
    return "GUILDS_OF_LONDON_BAD_COUNT" if not 0 <= a.count <= min(head.n, room) else ""


def broken_swap(s: State, a: mv.Swap) -> str:
    """R-RES-5, A-08: a liveryman of that seat stands where the negotiation is (not one's own without A-08)."""
    head = s.queue[0]
    assert isinstance(head, Negotiate)
    here = s.plantation if head.plantation else s.city[s.scan].liverymen
    mine = a.seat == head.seat and not s.options.negotiation_own_colour
    return "GUILDS_OF_LONDON_NOTHING_TO_SWAP" if not 0 <= a.seat < len(here) or not here[a.seat] or mine else ""


def broken_outcome(s: State, a: Any) -> str:
    """§5.5: chance names an outcome the pile (or the set of orders and sides) can give."""
    if isinstance(a, mv.ChanceTile):
        possible = a.tile in s.tile_supply
    elif isinstance(a, mv.ChanceToken):
        possible = a.token in s.token_bag
    elif isinstance(a, mv.ChanceSide):
        possible = a.side in {side.id for side in CONTENT.plantation}
    else:
        possible = sorted(a.seats) == list(range(len(s.players)))
    return "" if possible else "GUILDS_OF_LONDON_NOT_OFFERED"


def broken(s: State, move: mv.Move, what: str) -> str:
    """The code §5 requires for ``move`` (a legal move of ``s`` with field ``what`` changed), or ""."""
    a: Any = move.action
    seat = move.seat
    if what == "move.seat":
        return "" if seat in ENGINE.pending(s).seats else NOT_YOUR_TURN
    if what == "card":
        return broken_card(s, seat, a)
    if what == "source":
        return "" if holds_figure(s, seat, a.source) else "GUILDS_OF_LONDON_NO_FIGURE"
    if what == "to":
        return broken_destination(s, a)
    if what in ("count", "option"):
        return broken_count(s, a)
    if what == "seat":
        return broken_swap(s, a)
    return broken_outcome(s, a)


def mutants(s: State, move: mv.Move) -> list[Mutant]:
    """``move`` with its seat, or one field of its action, set to every other value of its domain."""
    out = [
        Mutant("move.seat", changed, broken(s, changed, "move.seat"))
        for seat in range(CHANCE - 1, len(s.players) + 1)
        if seat != move.seat
        for changed in [replace(move, seat=seat)]
    ]
    for name in move.action.__struct_fields__:
        for value in domain(s, move.action, name):
            if value != getattr(move.action, name):
                changed = replace(move, action=replace(move.action, **{name: value}))
                out.append(Mutant(name, changed, broken(s, changed, name)))
    return out


def changed_field(what: str) -> str:
    """The field a refusal of a mutant must name: the field changed (``move.seat``, ``action.<name>``)."""
    return what if what.startswith("move.") else f"action.{what}"


def fuzz(s: State, moves: Sequence[mv.Move], refused: Counter[str]) -> None:
    """Invariant 24 on ``s`` for the mutants of ``moves``: clean exactly when listed; an unlisted mutant is
    refused with catalogue codes naming a field of the move (never the whole action: one field was changed),
    with the code §5 requires first, naming the changed field, when a precondition is broken. ``refused``
    counts the broken mutants refused, by what was changed."""
    listed = {msgspec.msgpack.encode(m) for m in ENGINE.legal_moves(s)}
    for move in moves:
        assert ENGINE.validate(s, move) == []
        fields = {"move.seat", "move.action", *(f"action.{f}" for f in move.action.__struct_fields__)}
        for mutant in mutants(s, move):
            found = ENGINE.validate(s, mutant.move)
            if msgspec.msgpack.encode(mutant.move) in listed:
                assert found == [] and not mutant.broken, mutant
                continue
            assert found, f"unlisted and not refused: {mutant}"
            assert all(v.code in GOL_CODES | COMMON_CODES and v.field in fields for v in found), (mutant, found)
            if mutant.broken:
                assert (found[0].code, found[0].field) == (mutant.broken, changed_field(mutant.what)), (mutant, found)
                refused[mutant.what] += 1


def one_of_each_kind(legal: Sequence[mv.Move], rng: random.Random) -> list[mv.Move]:
    """A random legal move of each action type listed."""
    kinds: dict[type, list[mv.Move]] = {}
    for move in legal:
        kinds.setdefault(type(move.action), []).append(move)
    return [rng.choice(group) for group in kinds.values()]


def fuzzed_game(players: int, seed: int | None, bot: int, every: int) -> Counter[str]:
    """A random game (the property bot) with every ``every``-th state fuzzed."""
    rng = random.Random(bot)
    s = new_state(ENGINE, players, seed=seed)
    refused: Counter[str] = Counter()
    for step in range(20_000):
        legal = ENGINE.legal_moves(s)
        if not legal:
            return refused
        if step % every == 0:
            fuzz(s, one_of_each_kind(legal, rng), refused)
        s = ENGINE.apply(s, choose(legal, rng))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=max(1, GAMES // 2), derandomize=True)
@given(seed=st.integers(0, 2**31))
def test_mutated_legal_moves_are_refused_with_the_rule_broken(players: int, seed: int) -> None:
    """Invariant 24 over random games (seeded, and external chance for the draws): the turn's cards, figures,
    destinations and seats, and every chance outcome."""
    refused = fuzzed_game(players, seed, seed, every=2) + fuzzed_game(players, None, seed + 1, every=3)
    assert {"move.seat", "card", "source", "to", "tile", "token"} <= set(refused), refused


FUZZ_SPOTS = [
    Spot("G04", 1, 0, {0: 2, 1: 1}),
    Spot("G05", 0, 0, {0: 1, 1: 1}),
    Spot("G06", 0, 1, master=0),
    Spot("G07", 2, 0, {2: 1}),
    Spot("G08", 2, 1, master=1),
]
EVERYWHERE: tuple[Origin, ...] = ("GUILDHALL", "FACE_UP", "FACE_DOWN")

FUZZ_STEPS: dict[str, tuple[Step, dict[str, Any]]] = {
    "hire": (HireStep(0, 3), {"guildhall": {0: 2}}),
    "hire, short supply": (HireStep(0, 5), {"guildhall": {0: 11}}),
    "neutral": (NeutralStep(0, 2), {}),
    "neutral, short pool": (NeutralStep(0, 3), {"neutral": {1: 4, 2: 1}}),
    "move": (MoveStep(0, 2, EVERYWHERE), {}),
    "move, filtered": (MoveStep(0, 1, ("FACE_UP",), any_symbol=False, symbols=("CROSS",), not_to="G05"), {}),
    "plant": (PlantStep(0, 2, ("GUILDHALL", "FACE_DOWN")), {}),
    "pay by figures": (PayReturn(0, 2, ("FACE_UP", "FACE_DOWN")), {}),
    "pay by cards": (PayDiscard(0, 1), {"hands": {0: ["CROSS_DRAW", "CROWN_VP"]}}),
    "discard to the limit": (DiscardToLimit(0), {"turn": None, "hands": {0: ["CROSS_DRAW"] * 5 + ["SCYTHE_HIRE"] * 4}}),
    "negotiate a tile": (Negotiate(1), {"turn": None, "stage": "negotiate", "neutral": {1: 2}}),
    "negotiate, own colour barred": (
        Negotiate(0),
        {"turn": None, "stage": "negotiate", "neutral": {0: 1}, "options": {"negotiation_own_colour": "false"}},
    ),
    "negotiate the plantation": (
        Negotiate(2, plantation=True),
        {"turn": None, "stage": "plantation", "neutral": {2: 1}, "plantation": {0: 1, 2: 2}},
    ),
}
"""Decisions random games seldom reach, each as a fixture: its queued step and the facts around it."""


@pytest.mark.parametrize("name", list(FUZZ_STEPS))
def test_mutated_effect_decisions_are_refused_with_the_rule_broken(name: str) -> None:
    """Invariant 24 on the effect, payment, discard and negotiation decisions: counts out of range, figures
    the player does not have, destinations the effect forbids, seats with nothing to swap, cards not held."""
    step, facts = FUZZ_STEPS[name]
    s = game(3, FUZZ_SPOTS, queue=(step,), **{"turn": 0, **facts})
    ENGINE.check(s)
    assert ENGINE.pending(s).kind == str(type(step).__struct_config__.tag)
    refused: Counter[str] = Counter()
    legal = ENGINE.legal_moves(s)
    fuzz(s, legal, refused)
    changed = {"card", "source", "to", "count", "seat"} & set().union(*(m.action.__struct_fields__ for m in legal))
    assert refused["move.seat"] and changed <= set(refused), refused


# ---- 26: colour (seat) symmetry -----------------------------------------------------------------------------
#
# The strongest form: a whole game and its mirror, the same game with the seats renamed by a random
# permutation ``p`` (seat ``i`` becomes ``p[i]``), walked side by side from the first state with the same
# generator, the mirror's moves being the game's moves renamed. After every move the mirror must be exactly
# the renamed game; at every state the legal moves and the pending seats are the renamed ones; and on a
# sample of states (and at the end) so are the score sheets, every seat's view, and the codes refusing
# mutated moves. A seeded game starts after its starting order was drawn (a drawn order is a sequence of
# seats, which a renaming does not commute with); with external chance the order is a move and is renamed.

SEAT_FIELDS = frozenset({"seat", "master", "winner", "second", "viewer"})
"""Fields holding one seat (``NO_SEAT`` and ``CHANCE`` stay as they are)."""
SEAT_LISTS = frozenset({"order", "seats"})
"""Fields holding a sequence of seats (the turn order, a drawn starting order)."""
PER_SEAT = frozenset({"players", "guildhall", "supply", "plantation", "liverymen"})
"""Tuples indexed by seat (``Options.players`` is a count and ``Negotiate.plantation`` a flag: only tuples
are reordered)."""
SEAT_FREE = frozenset(
    {
        *("action", "any_symbol", "beadle", "card", "category", "chained", "city", "col", "count", "deck"),
        *("detail", "discard", "draw_modifier", "end_draws", "ending", "external_chance", "face_up", "hand"),
        *("in_play", "inc", "index", "item", "keep", "ledger", "left", "lm_bottom", "lm_cards", "lm_choice"),
        *("lm_deck", "lm_offer", "mandatory", "n", "negotiation_own_colour", "neutral", "neutral_pool"),
        *("neutral_removed", "neutral_return", "next_stamp", "not_from", "not_to", "option", "options"),
        *("origins", "part", "path", "plantation_neutral", "plantation_side", "played", "points", "pool"),
        *("queue", "redacted", "ref", "repeat", "reward", "rng", "round", "row", "scan"),
        *("setup_special_west_of_guildhall", "side", "source", "stage", "stamp", "state", "symbols"),
        *("tiebreak_adjacent_masters", "tile", "tile_supply", "to", "token", "token_bag", "tokens"),
        *("tokens_removed", "triggers", "turn", "turn_index", "vp"),
    }
)
"""Every other field of the state and the moves: nothing in it names a seat."""


def renamed_seat(seat: int, p: Sequence[int]) -> int:
    """Seat ``seat`` renamed; ``NO_SEAT``, ``CHANCE`` and numbers naming no seat stay as they are."""
    return p[seat] if 0 <= seat < len(p) else seat


def renamed(value: Any, p: Sequence[int]) -> Any:
    """``value`` (a state, a move or a part of one) with seat ``i`` renamed ``p[i]`` everywhere."""
    if isinstance(value, tuple):
        return tuple(renamed(v, p) for v in value)
    if not isinstance(value, msgspec.Struct):
        return value
    changes = {}
    for name in value.__struct_fields__:
        old = getattr(value, name)
        new: Any
        if name in SEAT_FIELDS and isinstance(old, int):
            new = renamed_seat(old, p)
        elif name in SEAT_LISTS and isinstance(old, tuple):
            new = tuple(renamed_seat(seat, p) for seat in old)
        elif name in PER_SEAT and isinstance(old, tuple):
            new = tuple(renamed(old[p.index(seat)], p) for seat in range(len(p)))
        else:
            new = renamed(old, p)
        if new is not old:
            changes[name] = new
    return replace(value, **changes) if changes else value


def move_keys(moves: Iterable[mv.Move]) -> list[bytes]:
    return sorted(msgspec.msgpack.encode(m) for m in moves)


def check_mirrored(s: State, mirror: State, p: Sequence[int], rng: random.Random) -> None:
    """The costlier mirror checks: score sheets, every view, and the refusals of mutated moves."""
    sheet, mirrored = ENGINE.score(s), ENGINE.score(mirror)
    for seat, line in enumerate(sheet.seats):
        assert mirrored.seats[p[seat]] == replace(line, seat=p[seat])
    assert sorted(mirrored.winners) == sorted(p[w] for w in sheet.winners)
    assert mirrored.final == sheet.final
    for seat in (None, *range(len(p))):
        assert ENGINE.view(mirror, None if seat is None else p[seat]) == renamed(ENGINE.view(s, seat), p)
    for move in one_of_each_kind(ENGINE.legal_moves(s), rng):
        for mutant in mutants(s, move)[::7]:
            refusals = [(v.code, v.field) for v in ENGINE.validate(s, mutant.move)]
            assert [(v.code, v.field) for v in ENGINE.validate(mirror, renamed(mutant.move, p))] == refusals


def mirrored_game(players: int, seed: int | None, bot: int, p: Sequence[int], every: int = 10) -> int:
    """A random game and its mirror under ``p``, walked side by side; returns the moves played."""
    rng = random.Random(bot)
    s = new_state(ENGINE, players, seed=seed)
    mirror = renamed(s, p)
    ENGINE.check(mirror)
    for step in range(20_000):
        assert mirror == renamed(s, p), f"the mirror left the renamed game after {step} moves"
        legal = ENGINE.legal_moves(s)
        assert move_keys(ENGINE.legal_moves(mirror)) == move_keys(renamed(m, p) for m in legal)
        pending, mirrored = ENGINE.pending(s), ENGINE.pending(mirror)
        assert mirrored.kind == pending.kind
        assert sorted(mirrored.seats) == sorted(renamed_seat(seat, p) for seat in pending.seats)
        if step % every == 0 or not legal:
            check_mirrored(s, mirror, p, rng)
        if not legal:
            return step
        move = choose(legal, rng)
        s, mirror = ENGINE.apply(s, move), ENGINE.apply(mirror, renamed(move, p))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=max(1, GAMES // 2), derandomize=True)
@given(seed=st.integers(0, 2**31), data=st.data())
def test_renaming_the_seats_renames_the_game(players: int, seed: int, data: st.DataObject) -> None:
    """Invariant 26: for a random non-identity permutation of the seats, a seeded and an external-chance
    game each stay equal to their mirror move after move."""
    identity = list(range(players))
    p = data.draw(st.permutations(identity).filter(lambda q: q != identity), label="p")
    assert mirrored_game(players, seed, seed, p) > 0
    assert mirrored_game(players, None, seed + 1, p) > 0


def test_renaming_covers_every_field_naming_a_seat() -> None:
    """Every field of the state and the moves is classified for ``renamed``: a new field naming a seat would
    otherwise escape the symmetry test. Renaming is also seen to change a real state, and to undo."""
    classified = SEAT_FIELDS | SEAT_LISTS | PER_SEAT | SEAT_FREE
    structs = [
        c
        for module in (state_module, mv, rng_module)
        for c in vars(module).values()
        if isinstance(c, type) and issubclass(c, msgspec.Struct) and c.__module__ == module.__name__
    ]
    names = {name for c in structs for name in c.__struct_fields__}
    assert names - classified == set()
    assert SEAT_FIELDS & SEAT_FREE == SEAT_LISTS & SEAT_FREE == PER_SEAT & SEAT_FREE == set()
    s = game(3, [Spot("G04", 1, 0, {0: 2, 2: 1}), Spot("G06", 0, 1, master=1)], vp={0: 3}, turn=0)
    p, back = [1, 2, 0], [2, 0, 1]
    mirror = renamed(s, p)
    assert mirror.players[1].vp == 3 and mirror.turn is not None and mirror.turn.seat == 1
    assert tile(mirror, "G04").liverymen == (1, 2, 0) and tile(mirror, "G06").master == 2
    assert mirror.order == tuple(p[seat] for seat in s.order)
    assert renamed(mirror, back) == s
