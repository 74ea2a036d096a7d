"""Walled City property tests (spec ``walled-city.md`` §11): random legal games to the end for 2, 3 and 4
players on both boards, in both chance modes, checking after every move the invariants that apply without
guilds — piece conservation (1–3), dice and tiles (4), building cards (5), turn counts (6), build order (7),
reverse-score orders (8), districts (13) — plus validate ⇔ legal with near misses, views that leak nothing,
replay determinism, score entries summing to totals and exactly one winner.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from engines.walled_city import moves as mv
from engines.walled_city import setup
from engines.walled_city.common import board, guild_key, spot_states
from engines.walled_city.content import CONTENT
from engines.walled_city.districts import districts, joins
from engines.walled_city.engine import ENGINE
from engines.walled_city.state import NEUTRAL, Card, Options, State

CONFIGS = [(n, b) for n in (2, 3, 4) for b in ("londonderry", "borderlands")]
GAMES = 5


class Log:
    """What the checker remembers across a game."""

    def __init__(self, s: State) -> None:
        self.options: Options = s.options
        self.n = s.options.players
        self.allot = CONTENT.allotment(s.options.board, self.n)
        self.hand0 = len(setup.hand_for(s.options)) + (1 if (s.options.board, self.n) == ("borderlands", 3) else 0)
        self.played: Counter[int] = Counter()
        self.builders: dict[int, list[int]] = {1: [], 2: []}
        self.tower_dice: int | None = None


def check_state(s: State, log: Log) -> None:
    b = board(s)
    n, allot = log.n, log.allot
    ENGINE.check(s) if s.phase != "setup" else None
    towers = set(b.tower)
    # 1. Piece conservation for every colour, the neutral included.
    for who in [str(i) for i in range(n)] + ([NEUTRAL] if n == 2 else []):
        nobles = sum(p.nobles for p in s.citizens if p.who == who)
        peasants = sum(p.peasants for p in s.citizens if p.who == who)
        out = sum(p.nobles for p in s.out_nobles if p.who == who)
        if who == NEUTRAL:
            assert s.neutral_nobles + nobles + out == 20 and s.neutral_peasants + peasants == 25
        else:
            seat = s.seats[int(who)]
            assert seat.nobles + nobles + out == allot.nobles
            assert seat.peasants + peasants == allot.peasants
    # 2. Roads and walls.
    starting = int(CONTENT.starting_roads[str(n)])
    placed_start = starting - s.starting_roads_left if s.phase != "setup" else 0
    built_paths = sum(p.height for p in s.paths)
    assert built_paths == placed_start + sum(allot.roads - p.roads for p in s.seats) <= 24
    assert sum(g.height for g in s.gaps) == sum(allot.walls - p.walls for p in s.seats) <= 12
    assert len({p.id for p in s.paths}) == len(s.paths) and len({g.id for g in s.gaps}) == len(s.gaps)
    # 3. Peasants never in towers; every citizen entry in a real place, non-empty.
    for p in s.citizens:
        assert p.place in b.area or p.place in towers
        assert p.peasants >= 0 and p.nobles >= 0 and p.peasants + p.nobles > 0
        assert not (p.place in towers and p.peasants)
    assert len({(p.place, p.who) for p in s.citizens}) == len(s.citizens)
    # 4. Dice and tiles.
    if s.phase != "setup":
        assert len(s.dice) == 20
        assert Counter(d.faction for d in s.dice) == {f: 4 for f in CONTENT.factions.ids}
        assert all(1 <= d.value <= 3 for d in s.dice)
        assert Counter(d.location for d in s.dice) == Counter(setup.die_spots(s))
        assert len(s.tiles) == (4 if s.options.board == "londonderry" else 1)
        assert all(t.value in (1, -1) and t.area in b.survey_areas for t in s.tiles)
    # 5. Building cards.
    for i, seat in enumerate(s.seats):
        if s.phase != "setup":
            in_zones = sum(1 for z in s.zones if z.owner == i)
            assert len(seat.hand) + log.played[i] + in_zones == log.hand0
    assert len({z.zone for z in s.zones}) == len(s.zones)
    assert all(z.zone in b.zone for z in s.zones)
    if (s.phase == "alignment" and s.round == 2) or (s.phase == "build" and s.round == 2):
        assert len(s.zones) == n
    if s.phase == "over":
        assert len(s.zones) == 2 * n and all(z.revealed for z in s.zones)
    else:
        assert not any(z.revealed for z in s.zones)
    # 8. Reverse-score orders.
    if s.phase == "defence":
        keys = [(s.seats[i].votes, guild_key(s.seats[i].guild)) for i in s.order]
        assert keys == sorted(keys) and sorted(s.order) == list(range(n))
    if s.phase == "alignment" and s.round == 2:
        keys = [(s.seats[i].votes, guild_key(s.seats[i].round1_guild)) for i in s.order]
        assert keys == sorted(keys)
    if s.phase == "alignment" and s.round == 1:
        assert s.order == tuple((s.start_player + i) % n for i in range(n))
    # 13. Districts partition the areas; an unbuilt path keeps its areas together.
    paths = spot_states(s.paths)
    ds = districts(b, paths)
    flat = [a for d in ds for a in d.areas]
    assert sorted(flat) == sorted(b.area_ids)
    where = {a: i for i, d in enumerate(ds) for a in d.areas}
    for p in b.paths:
        if joins(b, p.id, paths):
            assert len({where[a] for a in b.adjacent_areas(p.id)}) == 1
    # Scores: entries sum to totals, totals match the seats' votes.
    sheet = ENGINE.score(s)
    for x in sheet.seats:
        assert x.total == sum(e.points for e in x.entries) == s.seats[x.seat].votes


def check_transition(before: State, move: mv.Move, after: State, log: Log) -> None:
    a = move.action
    if isinstance(a, (mv.BuildRoad, mv.BuildWall)):
        log.played[move.seat] += 1
        log.builders[before.round].append(move.seat)
    if isinstance(a, mv.PlaceDefenceCard):
        assert len(after.zones) == len(before.zones) + 1
    if before.phase == "build" and after.phase != "build":
        # 6. Turn counts; the relevant reserve is empty.
        r = before.round
        per = log.allot.roads if r == 1 else log.allot.walls
        assert Counter(log.builders[r]) == {i: per for i in range(log.n)}
        assert all((p.roads if r == 1 else p.walls) == 0 for p in after.seats)
        # 7. Strictly ascending priority keys within each cycle.
        order = sorted(range(log.n), key=lambda i: guild_key(before.seats[i].guild))
        assert log.builders[r] == order * per
        keys = [guild_key(before.seats[i].guild) for i in order]
        assert len(set(keys)) == log.n
    if before.phase == "alignment" and before.round == 2 and after.phase == "build":
        assert len(after.offer) == 1
    if after.phase == "over":
        sheet = ENGINE.score(after)
        assert sheet.final and len(sheet.winners) == 1
        best = max(x.total for x in sheet.seats)
        tied = [x.seat for x in sheet.seats if x.total == best]
        assert sheet.winners[0] == min(tied, key=lambda i: guild_key(after.seats[i].guild))


def near_misses(s: State, move: mv.Move) -> Iterator[mv.Move]:
    a = move.action
    b = board(s)
    yield mv.Move(move.seat + 1, a)
    fields: dict[str, list[Any]] = {
        "path": [b.paths[0].id, b.paths[-1].id, "nowhere"],
        "gap": [b.gaps[0].id, b.gaps[-1].id, "nowhere"],
        "zone": [b.zones[0].id, b.zones[-1].id],
        "area": [*b.area_ids[:2], b.towers[0].id],
        "area1": list(b.area_ids[:3]),
        "area2": list(b.area_ids[-3:]),
        "tower": [t.id for t in b.towers[:3]],
        "who": ["0", "1", NEUTRAL],
        "guild": ["mercers", "carpenters", "tanners"],
        "faction": ["blue", "green"],
        "kind": ["die", "tile"],
    }
    for name in a.__struct_fields__:
        value = getattr(a, name)
        if isinstance(value, bool):
            yield replace(move, action=replace(a, **{name: not value}))
        elif isinstance(value, int):
            for d in (-1, 1, 2):
                yield replace(move, action=replace(a, **{name: value + d}))
        elif name in fields:
            for other in fields[name]:
                if other != value:
                    yield replace(move, action=replace(a, **{name: other}))


def check_validate(s: State, legal: list[mv.Move], rng: random.Random) -> None:
    assert len(set(legal)) == len(legal)
    legal_set = set(legal)
    sample = legal if len(legal) <= 6 else rng.sample(legal, 6)
    for m in legal:
        assert ENGINE.validate(s, m) == [], m
    for m in sample:
        for miss in near_misses(s, m):
            ok = ENGINE.validate(s, miss) == []
            assert ok == (miss in legal_set), (miss, ENGINE.validate(s, miss))


def check_views(s: State, rng: random.Random) -> None:
    n = len(s.seats)
    for viewer in [*range(n), None]:
        v = ENGINE.view(s, viewer)
        assert v.rng is None and v.redacted
        for other in range(n):
            if other == viewer:
                continue
            hand = s.seats[other].hand
            fake = tuple(Card(rng.randint(0, 5), rng.randint(0, 5), rng.random() < 0.2) for _ in hand)
            seats = tuple(replace(p, hand=fake) if i == other else p for i, p in enumerate(s.seats))
            zones = tuple(
                replace(z, toward_ccw=z.toward_cw, toward_cw=z.toward_ccw + 1)
                if z.owner == other and not z.revealed
                else z
                for z in s.zones
            )
            alt = replace(s, seats=seats, zones=zones)
            assert ENGINE.view(alt, viewer) == v


def play(options: Options, seed: int, external: bool) -> tuple[State, list[mv.Move]]:
    rng = random.Random(seed)
    s = ENGINE.new_game(options, None if external else seed)
    log = Log(s)
    moves: list[mv.Move] = []
    check_state(s, log)
    while ENGINE.pending(s).seats:
        legal = ENGINE.legal_moves(s)
        assert legal
        assert {m.seat for m in legal} == set(ENGINE.pending(s).seats)
        check_validate(s, legal, rng)
        if rng.random() < 0.15:
            check_views(s, rng)
        move = rng.choice(legal)
        after = ENGINE.apply(s, move)
        assert after != s
        moves.append(move)
        check_transition(s, move, after, log)
        check_state(after, log)
        s = after
    assert ENGINE.legal_moves(s) == []
    return s, moves


def replay(options: Options, seed: int, external: bool, moves: list[mv.Move]) -> State:
    s = ENGINE.new_game(options, None if external else seed)
    for m in moves:
        s = ENGINE.apply(s, m)
    return s


@pytest.mark.parametrize(("players", "board_side"), CONFIGS)
@pytest.mark.parametrize("external", [True, False])
@settings(max_examples=GAMES, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
@given(seed=st.integers(0, 2**31 - 1), mixed=st.booleans(), start=st.integers(-1, 3))
def test_random_games_keep_the_invariants(
    players: int, board_side: str, external: bool, seed: int, mixed: bool, start: int
) -> None:
    overrides: dict[str, Any] = {"board": board_side, "guild_deck": "mixed" if mixed else "board"}
    overrides["start_player"] = start if start < players else -1
    options = ENGINE.make_options(players, overrides)
    final, moves = play(options, seed, external)
    assert final.phase == "over"
    again = replay(options, seed, external, moves)
    assert again == final
    assert ENGINE.score(again) == ENGINE.score(final)
