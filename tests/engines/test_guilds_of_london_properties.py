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

import os
import random
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines.core.engine import CHANCE
from engines.guilds_of_london import moves as mv
from engines.guilds_of_london.city import neighbours
from engines.guilds_of_london.common import CONTENT
from engines.guilds_of_london.engine import ENGINE
from engines.guilds_of_london.negotiation import swap_targets
from engines.guilds_of_london.plantation import recipients
from engines.guilds_of_london.resolution import runner_up, scan_next, vote_winner
from engines.guilds_of_london.scoring import ADJACENT, LORD_MAYOR
from engines.guilds_of_london.state import NO_SEAT, DiscardToLimit, DrawCard, Negotiate, State
from tests.engines.guilds_of_london_helpers import Spot, game

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
    s = ENGINE.new_game(ENGINE.make_options(players, overrides or {}), seed)
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


SETTINGS = settings(max_examples=GAMES, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)


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


@settings(max_examples=150, deadline=None, derandomize=True)
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


@settings(max_examples=150, deadline=None, derandomize=True)
@given(counts=st.lists(st.integers(0, 4), min_size=4, max_size=4))
def test_plantation_rewards_match_the_spec(counts: list[int]) -> None:
    """Invariant 19: the plantation's recipients (tie for first: nobody gets the left reward)."""
    s = game(4, [Spot("G04", 1, 0)], plantation=dict(enumerate(counts)))
    got = recipients(s, tuple(counts))
    assert got == reference_plantation(counts, list(s.order))
    if len([c for c in counts if c == max(counts)]) > 1:
        assert all(part == "right" for _, part in got)


@settings(max_examples=100, deadline=None, derandomize=True)
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
