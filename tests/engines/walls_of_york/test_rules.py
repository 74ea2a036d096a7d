"""Walls of York rule tests: every §7.6 worked example (TD-1, TD-2, TS-1, TSC-1, TR-1, TSH-1/TR-2,
TF-1, TT-1..TT-4) and focused tests of the rules an engine most easily gets wrong (§4.3 income,
§5 placement legality, rule F, §6 closing, §7 scoring, §8 hidden information).

Games are scripted through the public engine API with external chance (every chance event is a
decision of seat -1). Where a test needs a position that would take many turns to reach, the state
is constructed with ``msgspec.structs.replace`` and accepted by ``ENGINE.check`` first. Geometry is
recomputed here from the §3.3 definitions (edge names, ∂C) rather than taken from the engine.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import permutations
from typing import Any

import pytest
from msgspec.structs import astuple, replace

from engines.core.engine import CHANCE, Pending
from engines.core.errors import IllegalMove, StateInvalid, Violation
from engines.core.playout import random_playout
from engines.core.rng import Rng
from engines.core.text import Text
from engines.walls_of_york import ENGINE
from engines.walls_of_york import moves as mv
from engines.walls_of_york.board import fields
from engines.walls_of_york.building import formation_variants
from engines.walls_of_york.content import CONTENT
from engines.walls_of_york.decree import apply_decree, decree_satisfiable
from engines.walls_of_york.engine import GAME, options_for
from engines.walls_of_york.scoring import end_of_age, kings_shield, raid
from engines.walls_of_york.state import Ledger, Options, Player, State, Submission
from tests.engines.setups import new_state

Cell = tuple[int, int]

#: §9.5.3 assembled example board (TS-1 with the placeholder data, purple black k=0).
TS1_BOARD: tuple[str, ...] = (
    ".. WE .. VK .. VK VK MA",
    "WE .. VK MA .. .. C2 MA",
    "C1 .. C1 CH .. WE CH CH",
    "C2 MA CH .. WE VK C1 C1",
    "VK CH .. MA C2 WE C1 C1",
    "WE .. VK CH MA VK VK WE",
    "MA .. WE C1 MA WE CH ..",
    "C1 C2 .. VK CH .. .. ..",
)

#: §9.5.3: the 22-field city c = 0..1, r = 2..7 plus c = 2..3, r = 3..7 (TSC-1 on the ts1 board).
TSC_CITY: tuple[Cell, ...] = tuple(
    sorted(
        [(c, r) for r in range(2, 8) for c in (0, 1)] + [(c, r) for r in range(3, 8) for c in (2, 3)],
        key=lambda f: (f[1], f[0]),
    )
)

#: Coins on the building die faces 1..6 (content data).
FACE_COINS: dict[int, int] = {f.face: f.coins for f in CONTENT.building_die}


# ---- §3.3 geometry, recomputed independently ----------------------------------------------------


def fname(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


def sides(cell: Cell) -> tuple[str, str, str, str]:
    """Top, bottom, left, right edge of field (c, r) (§3.3)."""
    c, r = cell
    return f"H {c} {r}", f"H {c} {r + 1}", f"V {c} {r}", f"V {c + 1} {r}"


def boundary(cells: Iterable[Cell]) -> frozenset[str]:
    """∂C: the edges with a field of C on exactly one side (board exterior included)."""
    seen: dict[str, int] = {}
    for cell in cells:
        for e in sides(cell):
            seen[e] = seen.get(e, 0) + 1
    return frozenset(e for e, n in seen.items() if n == 1)


def rect(c0: int, r0: int, w: int, h: int) -> list[Cell]:
    return [(c, r) for r in range(r0, r0 + h) for c in range(c0, c0 + w)]


def midpoint_edge(u: int, v: int) -> str:
    """§3.3 doubled coordinates: (2x+1, 2y) is H(x, y); (2x, 2y+1) is V(x, y)."""
    if u % 2 == 1 and v % 2 == 0:
        return f"H {(u - 1) // 2} {v // 2}"
    assert u % 2 == 0 and v % 2 == 1
    return f"V {u // 2} {(v - 1) // 2}"


def formation_edges(formation: str, variant: int, dx: int, dy: int) -> frozenset[str]:
    """§5.2: the edges of a variant (index as the engine lists them) shifted by (2dx, 2dy)."""
    return frozenset(midpoint_edge(u + 2 * dx, v + 2 * dy) for u, v in formation_variants(formation)[variant])


ALL_EDGES: frozenset[str] = frozenset(
    [f"H {x} {y}" for y in range(9) for x in range(8)] + [f"V {x} {y}" for y in range(8) for x in range(9)]
)
PERIMETER: frozenset[str] = frozenset(
    [f"H {x} {y}" for y in (0, 8) for x in range(8)] + [f"V {x} {y}" for x in (0, 8) for y in range(8)]
)


def content_of(cells: Iterable[Cell]) -> dict[str, int]:
    codes = [TS1_BOARD[r].split()[c] for c, r in cells]
    return {
        "CH": codes.count("CH"),
        "WE": codes.count("WE"),
        "MA": codes.count("MA"),
        "coins": codes.count("C1") + 2 * codes.count("C2"),
        "vikings": codes.count("VK"),
    }


# ---- playing through the engine -----------------------------------------------------------------


def codes(violations: Sequence[Violation]) -> list[str]:
    return [v.code for v in violations]


def legal(s: State, seat: int | None = None) -> list[Any]:
    return [m.action for m in ENGINE.legal_moves(s) if seat is None or m.seat == seat]


def play(s: State, seat: int, action: Any) -> State:
    """Apply a move that must be both generated and accepted."""
    move = mv.Move(seat, action)
    assert move in ENGINE.legal_moves(s), (move, ENGINE.pending(s))
    after = ENGINE.apply(s, move)
    ENGINE.check(after)
    return after


def reject(s: State, seat: int, action: Any) -> list[Violation]:
    """A move that must be neither generated nor accepted; returns its violations."""
    move = mv.Move(seat, action)
    assert move not in ENGINE.legal_moves(s), move
    violations = ENGINE.validate(s, move)
    assert violations, move
    with pytest.raises(IllegalMove):
        ENGINE.apply(s, move)
    assert all([t.english for t in astuple(v) if isinstance(t, Text)] == [v.message] for v in violations), violations
    return [Violation(v.code, v.message, v.field) for v in violations]


def fresh(players: int = 2, decree: tuple[int, int, int] | None = (3, 2, 2), **overrides: Any) -> State:
    """A new ts1 game with external chance, the decree applied (step ``roll``)."""
    s = new_state(ENGINE, players, board="ts1", **overrides)
    ENGINE.check(s)
    if decree is not None:
        s = play(s, CHANCE, mv.ChanceDecree(*decree))
    return s


def roll(s: State, face: int) -> State:
    assert s.step == "roll", s.step
    return play(s, CHANCE, mv.ChanceFace(face))


def with_walls(s: State, walls: dict[int, Iterable[str]], step: str | None = None, **extra: Any) -> State:
    """``s`` with some seats' walls replaced (the virtual supply kept conserved) and ``ENGINE.check``ed."""
    players = list(s.players)
    for seat, ws in walls.items():
        players[seat] = replace(players[seat], walls=tuple(sorted(set(ws), key=_edge_order)))
    total = sum(len(p.walls) for p in players)
    out = replace(s, players=tuple(players), supply_walls=150 - total, **({"step": step} if step else {}), **extra)
    ENGINE.check(out)
    return out


def _edge_order(name: str) -> int:
    kind, x, y = name.split()
    return int(y) * 8 + int(x) if kind == "H" else 72 + int(y) * 9 + int(x)


def placing_state(walls: dict[int, Iterable[str]], face: int = 1, players: int = 2, **overrides: Any) -> State:
    """The placement step of turn 1 with the given walls already standing."""
    return with_walls(roll(fresh(players, **overrides), face), walls)


def closing_state(
    walls: dict[int, Iterable[str]],
    players: int = 2,
    decree: tuple[int, int, int] = (3, 2, 2),
    **overrides: Any,
) -> State:
    """The closing step of turn 1 (face 1 rolled) with the given walls standing."""
    return with_walls(roll(fresh(players, decree, **overrides), 1), walls, step="close")


def turn(
    s: State,
    face: int,
    places: dict[int, Any],
    closes: dict[int, Sequence[Any]] | None = None,
) -> State:
    """One building turn: roll, every open seat places, every open seat closes (default Continue)."""
    s = roll(s, face)
    assert set(ENGINE.pending(s).seats) == set(places), (ENGINE.pending(s), places)
    for seat, action in places.items():
        s = play(s, seat, action)
    assert s.step == "close"
    for seat in ENGINE.pending(s).seats:
        for action in (closes or {}).get(seat, [mv.Continue()]):
            s = play(s, seat, action)
    return s


def close_city(cells: Sequence[Cell]) -> list[Any]:
    """CloseRoom for the lowest field (of the room at the first cell), then Seal: one-room cities."""
    low = min(cells, key=lambda f: (f[1], f[0]))
    return [mv.CloseRoom(*low), mv.Seal()]


def income(p: Player, age: int = 1) -> int:
    return sum(item.points for item in p.ledger if item.category == f"die_income_age{age}")


def ledger_sum(p: Player, category: str) -> int:
    return sum(item.points for item in p.ledger if item.category == category)


# ---- §7.6 TD-1 / TD-2: the King's Decree ---------------------------------------------------------


def assignments(decree: tuple[int, int, int]) -> set[tuple[int, int, int]]:
    """Which king die (0-based) sits in the church, well and market shaft, for every assignment that
    can show ``decree`` with the reviewed custom dice."""
    dice = CONTENT.king_dice["custom"].dice
    return {perm for perm in permutations(range(3)) if all(decree[i] in dice[perm[i]] for i in range(3))}


@pytest.mark.parametrize("decree", [(3, 2, 2), (4, 2, 2)], ids=["TD-1", "TD-2"])
def test_td1_td2_rulebook_decrees_are_possible(decree: tuple[int, int, int]) -> None:
    s = fresh(decree=None)
    assert s.step == "decree" and ENGINE.pending(s).seats == (CHANCE,)
    assert mv.Move(CHANCE, mv.ChanceDecree(*decree)) in ENGINE.legal_moves(s)
    s = play(s, CHANCE, mv.ChanceDecree(*decree))
    assert s.decree == decree and s.step == "roll"
    # TD-1 / TD-2: only die 3 (index 2) can be the church die; dice 1 and 2 on wells and markets.
    assert assignments(decree) == {(2, 0, 1), (2, 1, 0)}


@pytest.mark.parametrize(
    "decree",
    [(0, 0, 3), (5, 5, 2), (1, 1, 1), (2, 2, 2), (6, 2, 3), (0, 2, 6), (-1, 2, 3)],
)
def test_impossible_decrees_are_rejected(decree: tuple[int, int, int]) -> None:
    s = fresh(decree=None)
    violations = reject(s, CHANCE, mv.ChanceDecree(*decree))
    assert codes(violations) == ["WALLS_OF_YORK_IMPOSSIBLE_DECREE"]
    assert not assignments(decree)


def test_standard_d6_decrees() -> None:
    """§10 A2 switch: with three d6 every value is 1..6 and (1, 1, 1) is possible, (0, 2, 3) is not."""
    s = fresh(decree=None, king_dice="standard_d6")
    assert not ENGINE.validate(s, mv.Move(CHANCE, mv.ChanceDecree(1, 1, 1)))
    assert codes(reject(s, CHANCE, mv.ChanceDecree(0, 2, 3))) == ["WALLS_OF_YORK_IMPOSSIBLE_DECREE"]
    assert len(legal(s)) == 216


def test_decree_options_are_exactly_the_possible_decrees() -> None:
    s = fresh(decree=None)
    dice = CONTENT.king_dice["custom"].dice
    expected = {
        (a, b, c)
        for perm in permutations(range(3))
        for a in dice[perm[0]]
        for b in dice[perm[1]]
        for c in dice[perm[2]]
    }
    assert {(a.church, a.well, a.market) for a in legal(s)} == expected
    # §4.2: the decree total is always 5..11 with the reviewed dice.
    assert {sum(d) for d in expected} == set(range(5, 12))


# ---- §7.6 TS-1: setup and the §9.5.3 assembled board ----------------------------------------------


def test_ts1_setup_assembles_the_example_board() -> None:
    s = new_state(ENGINE, 2)
    assert s.step == "first_player" and ENGINE.pending(s).seats == (CHANCE,)
    s = play(s, CHANCE, mv.ChanceSeat(0))
    steps = [
        mv.SetupTile("white", "black", 0, "TR"),
        mv.SetupTile("blue", "black", 1, "TL"),
        mv.SetupTile("yellow", "white", 3, "BL"),
        mv.SetupTile("purple", "black", 0, "BR"),
    ]
    for i, step in enumerate(steps):
        assert ENGINE.pending(s).seats == (i % 2,), "2 players: P1, P2, P1, P2 (§3.4)"
        s = play(s, i % 2, step)
    assert s.step == "decree"
    board = fields(s.layout)
    for r, row in enumerate(TS1_BOARD):
        assert " ".join(board[c + 8 * r] for c in range(8)) == row, f"row {r}"
    # The rotation check of §9.5.3: blue black with k=1 gives TL row 0 = ".. WE .. VK".
    assert " ".join(board[0:4]) == ".. WE .. VK"
    # The ts1 preset is the same play area.
    assert fields(fresh(decree=None).layout) == board


def test_setup_order_gems_and_quadrants() -> None:
    """§3.4: clockwise from the random first player until 4 quadrants are filled; a gem and a
    quadrant are used once."""
    s = play(new_state(ENGINE, 3), CHANCE, mv.ChanceSeat(2))
    order = []
    for gem, quadrant in (("white", "TL"), ("blue", "TR"), ("purple", "BL"), ("yellow", "BR")):
        (seat,) = ENGINE.pending(s).seats
        order.append(seat)
        if len(order) == 2:
            assert codes(reject(s, seat, mv.SetupTile("white", "black", 0, "BR"))) == ["WALLS_OF_YORK_GEM_UNAVAILABLE"]
            assert codes(reject(s, seat, mv.SetupTile("blue", "black", 0, "TL"))) == ["WALLS_OF_YORK_QUADRANT_TAKEN"]
            assert len(legal(s)) == 3 * 2 * 4 * 3
        s = play(s, seat, mv.SetupTile(gem, "white", 2, quadrant))  # type: ignore[arg-type]
    assert order == [2, 0, 1, 2], "3 players: P1, P2, P3, P1"
    assert s.step == "decree"


def test_setup_rejects_an_unknown_side_or_quadrant() -> None:
    """§5.1: the side is black or white and the quadrant one of TL/TR/BL/BR; anything else is not
    a setup step (validate must agree with legal_moves)."""
    s = play(new_state(ENGINE, 2), CHANCE, mv.ChanceSeat(0))
    reject(s, 0, mv.SetupTile("white", "grey", 0, "TL"))  # type: ignore[arg-type]
    reject(s, 0, mv.SetupTile("white", "black", 0, "XX"))  # type: ignore[arg-type]
    assert codes(reject(s, 0, mv.SetupTile("white", "black", 4, "TL"))) == ["WALLS_OF_YORK_BAD_ROTATION"]
    assert codes(reject(s, 0, mv.SetupTile("red", "black", 0, "TL"))) == ["WALLS_OF_YORK_GEM_UNAVAILABLE"]


# ---- §7.6 TSC-1, A15/I-23 income, perfect planning, end of Age 1 ----------------------------------


def test_tsc1_city_of_7_coins_3_vikings_and_income_after_closing() -> None:
    """TSC-1 with the §9.5.3 city: seat 0 places exactly its 20 boundary walls as singles and
    closes; seat 1 walls the whole board (32 perimeter walls) and closes 12 turns later."""
    city = TSC_CITY
    found = content_of(city)
    assert (found["CH"], found["WE"], found["MA"], found["coins"], found["vikings"]) == (3, 2, 3, 7, 3)
    wall0 = sorted(boundary(city), key=_edge_order)
    wall1 = sorted(PERIMETER, key=_edge_order)
    assert len(wall0) == 20 and len(wall1) == 32

    s = fresh(2, (3, 2, 2), perfect_planning=True)
    faces = [1 + t % 6 for t in range(32)]
    for t in range(20):
        closes = {0: close_city(city)} if t == 19 else None
        s = turn(s, faces[t], {0: mv.PlaceSingle(wall0[t]), 1: mv.PlaceSingle(wall1[t])}, closes)
        assert s.supply_walls + sum(len(p.walls) for p in s.players) == 150
    p0 = s.players[0]
    # Closed at the end of turn 20: W = ∂C, nothing removed, so perfect planning +2; no die income yet.
    assert not p0.open and set(p0.city) == {fname(f) for f in city}
    assert set(p0.walls) == set(wall0)
    assert p0.coins == 2 and ledger_sum(p0, "perfect_planning") == 2 and income(p0) == 0
    assert s.step == "roll" and s.players[1].open

    for t in range(20, 32):
        s = roll(s, faces[t])
        assert ENGINE.pending(s).seats == (1,), "a closed player places nothing"
        assert income(s.players[0]) == sum(FACE_COINS[f] for f in faces[20 : t + 1]), "income from the next roll on"
        s = play(s, 1, mv.PlaceSingle(wall1[t]))
        actions = close_city([(0, 0)]) if t == 31 else [mv.Continue()]
        for action in actions:
            s = play(s, 1, action)

    # Age 1 is over: city scoring, raid, walls cleared.
    assert s.age == 2 and s.step == "decree"
    p0, p1 = s.players
    die_income = sum(FACE_COINS[f] for f in faces[20:32])
    assert ledger_sum(p0, "city_coins_age1") == 7, "TSC-1: +7 coins"
    assert income(p0) == die_income and income(p1) == 0, "I-23: the last closer gets no die income"
    assert p0.coins == 7 + 2 + die_income
    whole = content_of(rect(0, 0, 8, 8))
    assert ledger_sum(p1, "city_coins_age1") == whole["coins"]
    assert p1.coins == whole["coins"] + 2, "whole board walled exactly: perfect planning"
    # TSC-1: +3 viking tiles; seat 1 has the whole board's vikings (10 > 3), so only seat 1 is raided.
    assert whole["vikings"] == 10
    assert (p0.viking_tiles, p0.raid_tiles) == (3, 0)
    assert (p1.viking_tiles, p1.raid_tiles) == (0, 1)
    # §4.7: all walls back to the supply; coins and tiles carry over; both players open again.
    assert all(p.walls == () and p.city == () and p.open for p in s.players)
    assert s.supply_walls == 150


def test_income_starts_with_the_next_roll_and_last_closer_gets_none() -> None:
    """A15 / I-23 with 3 players closing at the end of turns 1, 2 and 3."""
    city = boundary(TSC_CITY)
    s = closing_state({0: city, 1: city, 2: city}, players=3)
    for action in close_city(TSC_CITY):
        s = play(s, 0, action)
    s = play(s, 1, mv.Continue())
    s = play(s, 2, mv.Continue())
    assert s.step == "roll" and s.turn == 1
    assert s.players[0].coins == 0, "no income in the turn of closing"

    s = turn(s, 3, {1: mv.PlaceSingle("H 7 0"), 2: mv.PlaceSingle("H 7 0")}, {1: close_city(TSC_CITY)})
    assert [income(p) for p in s.players] == [FACE_COINS[3], 0, 0]
    s = turn(s, 5, {2: mv.PlaceSingle("H 6 0")}, {2: close_city(TSC_CITY)})
    assert s.age == 2
    assert [income(p) for p in s.players] == [FACE_COINS[3] + FACE_COINS[5], FACE_COINS[5], 0]


def test_simultaneous_closers_get_no_income() -> None:
    city = boundary(TSC_CITY)
    s = closing_state({0: city, 1: city})
    for seat in (0, 1):
        for action in close_city(TSC_CITY):
            s = play(s, seat, action)
    assert s.age == 2 and s.step == "decree"
    assert [income(p) for p in s.players] == [0, 0]
    # Both have 3 vikings: both raided (TT-2 style tie), coins from the city only.
    assert [(p.coins, p.viking_tiles, p.raid_tiles) for p in s.players] == [(7, 0, 1), (7, 0, 1)]


# ---- §5.2–§5.4 placement legality ------------------------------------------------------------------


def test_occupied_edge_is_rejected_for_singles_and_formations() -> None:
    s = placing_state({0: {"H 0 0", "V 3 3"}}, face=1)  # face 1: I2
    assert codes(reject(s, 0, mv.PlaceSingle("H 0 0"))) == ["WALLS_OF_YORK_EDGE_OCCUPIED"]
    # I2 horizontal (variant with midpoints (1,0),(3,0)) at offset 0 covers H 0 0 and H 1 0.
    horizontal = next(v for v, mids in enumerate(formation_variants("I2")) if mids == ((1, 0), (3, 0)))
    assert formation_edges("I2", horizontal, 0, 0) == {"H 0 0", "H 1 0"}
    violations = reject(s, 0, mv.PlaceFormation(horizontal, 0, 0))
    assert codes(violations) == ["WALLS_OF_YORK_EDGE_OCCUPIED"] and "H 0 0" in violations[0].message
    # The other seat's board is independent: the same edge is free there.
    assert not ENGINE.validate(s, mv.Move(1, mv.PlaceSingle("H 0 0")))
    assert not ENGINE.validate(s, mv.Move(1, mv.PlaceFormation(horizontal, 0, 0)))
    # Sharing only a lattice point with a wall is fine (A11): H 1 0 + H 2 0 touch H 0 0 at (1, 0).
    assert not ENGINE.validate(s, mv.Move(0, mv.PlaceFormation(horizontal, 1, 0)))


def test_off_board_variant_offset_and_edge_are_rejected() -> None:
    s = placing_state({}, face=5)  # face 5: U3
    n = len(formation_variants("U3"))
    assert n == 4
    assert codes(reject(s, 0, mv.PlaceFormation(n, 0, 0))) == ["WALLS_OF_YORK_NO_SUCH_VARIANT"]
    assert codes(reject(s, 0, mv.PlaceFormation(-1, 0, 0))) == ["WALLS_OF_YORK_NO_SUCH_VARIANT"]
    for dx, dy in ((8, 0), (0, 8), (-1, 0), (0, -1), (7, 8), (100, 100)):
        assert codes(reject(s, 0, mv.PlaceFormation(0, dx, dy))) == ["WALLS_OF_YORK_OFF_BOARD"], (dx, dy)
    for edge in ("H 8 0", "V 0 8", "H -1 0", "X 1 1", "H 1", ""):
        assert codes(reject(s, 0, mv.PlaceSingle(edge))) == ["WALLS_OF_YORK_NO_SUCH_EDGE"], edge
    # Perimeter edges are legal positions (§3.3).
    for edge in ("H 0 0", "H 7 8", "V 0 0", "V 8 7"):
        assert not ENGINE.validate(s, mv.Move(0, mv.PlaceSingle(edge)))


def test_placement_options_on_the_empty_board() -> None:
    """§5.7 / I-7 / I-15: every placement of the rolled formation plus every edge as a single."""
    expected = {1: 126, 2: 256, 3: 108, 4: 448, 5: 256, 6: 224}
    for face, count in expected.items():
        s = placing_state({}, face=face)
        actions = legal(s, 0)
        formations = [a for a in actions if isinstance(a, mv.PlaceFormation)]
        singles = [a for a in actions if isinstance(a, mv.PlaceSingle)]
        assert len(formations) == count
        assert {a.edge for a in singles} == ALL_EDGES, "a single piece is always allowed"
        assert mv.Pass() not in actions
        formation = CONTENT.building_die[face - 1].formation
        edge_sets = {formation_edges(formation, a.variant, a.dx, a.dy) for a in formations}
        assert len(edge_sets) == count, "placements are deduplicated by their edge set"
        assert all(e <= ALL_EDGES for e in edge_sets)


def test_formation_adds_exactly_its_edges_without_adjacency() -> None:
    """§5.2: the formation lands exactly as the doubled coordinates say; no adjacency needed;
    a single piece may be placed even though the formation fits."""
    s = placing_state({0: {"H 0 0"}}, face=4)  # L3
    assert any(isinstance(a, mv.PlaceFormation) for a in legal(s, 0))
    placed = formation_edges("L3", 3, 4, 5)
    s = play(s, 0, mv.PlaceFormation(3, 4, 5))
    s = play(s, 1, mv.PlaceSingle("V 4 4"))
    assert set(s.players[0].walls) == {"H 0 0"} | placed and len(placed) == 3
    assert set(s.players[1].walls) == {"V 4 4"}
    assert s.supply_walls == 150 - 5


def test_pass_only_when_nothing_fits() -> None:
    s = placing_state({0: ALL_EDGES - {"H 3 3"}}, face=1)
    assert legal(s, 0) == [mv.PlaceSingle("H 3 3")], "no formation fits; the single does"
    assert codes(reject(s, 0, mv.Pass())) == ["WALLS_OF_YORK_MUST_BUILD"]
    assert codes(reject(s, 1, mv.Pass())) == ["WALLS_OF_YORK_MUST_BUILD"]
    full = placing_state({0: ALL_EDGES}, face=6)
    assert legal(full, 0) == [mv.Pass()]
    assert codes(reject(full, 0, mv.PlaceSingle("H 3 3"))) == ["WALLS_OF_YORK_EDGE_OCCUPIED"]


# ---- rule F -----------------------------------------------------------------------------------------


def test_rule_f_passed_player_who_can_close_must_close() -> None:
    s = placing_state({0: ALL_EDGES}, face=2)
    s = play(s, 0, mv.Pass())
    s = play(s, 1, mv.PlaceSingle("H 2 2"))
    assert s.step == "close" and s.players[0].passed and not s.players[1].passed
    assert mv.Continue() not in legal(s, 0)
    assert codes(reject(s, 0, mv.Continue())) == ["WALLS_OF_YORK_MUST_CLOSE"]
    assert not ENGINE.validate(s, mv.Move(1, mv.Continue())), "rule F binds only the player who passed"
    # 64 one-field rooms, all joined by walls: every room may start the city.
    assert len([a for a in legal(s, 0) if isinstance(a, mv.CloseRoom)]) == 64
    # Choose the TSC-1 city room by room (row-major keeps every room touching the selection).
    for i, cell in enumerate(TSC_CITY):
        s = play(s, 0, mv.CloseRoom(*cell))
        if i == 0:
            assert codes(reject(s, 0, mv.Seal())) == ["WALLS_OF_YORK_DECREE_UNMET"]
            assert codes(reject(s, 0, mv.Continue())) == ["WALLS_OF_YORK_CLOSING_STARTED"]
    s = play(s, 0, mv.Seal())
    s = play(s, 1, mv.Continue())
    p0 = s.players[0]
    # I-12: W = ∂C and removed + |∂C| = |W_before|.
    assert set(p0.walls) == boundary(TSC_CITY) and not p0.open
    assert s.supply_walls == 150 - 20 - 1


# ---- §5.5 / §6 closing -------------------------------------------------------------------------------


#: Two rooms: the TSC-1 city split by an internal wall between columns 1 and 2 (rows 3..7).
SPLIT = frozenset(f"V 2 {r}" for r in range(3, 8))
LEFT = [f for f in TSC_CITY if f[0] < 2]
RIGHT = [f for f in TSC_CITY if f[0] >= 2]


def test_decree_unmet_names_what_is_missing_and_closing_removes_surplus() -> None:
    assert content_of(LEFT) == {"CH": 1, "WE": 1, "MA": 2, "coins": 6, "vikings": 1}
    s = closing_state({0: boundary(TSC_CITY) | SPLIT}, perfect_planning=True)
    assert mv.CloseRoom(0, 2) in legal(s, 0) and mv.CloseRoom(2, 3) in legal(s, 0)
    s = play(s, 0, mv.CloseRoom(0, 2))
    assert mv.Seal() not in legal(s, 0)
    violations = reject(s, 0, mv.Seal())
    assert codes(violations) == ["WALLS_OF_YORK_DECREE_UNMET"]
    message = violations[0].message
    assert "2 church" in message and "1 well" in message and "market" not in message, message
    s = play(s, 0, mv.CloseRoom(2, 3))
    assert legal(s, 0) == [mv.Seal()]
    s = play(s, 0, mv.Seal())
    s = play(s, 1, mv.Continue())
    p0 = s.players[0]
    assert set(p0.walls) == boundary(TSC_CITY), "the 5 internal walls are surplus (I-12)"
    assert set(p0.city) == {fname(f) for f in TSC_CITY}
    assert s.supply_walls == 150 - 20
    assert p0.coins == 0 and ledger_sum(p0, "perfect_planning") == 0, "perfect planning only if nothing removed"


def test_a_room_whose_component_cannot_meet_the_decree_cannot_start_a_city() -> None:
    s = closing_state({0: boundary(TSC_CITY) | boundary([(7, 0)])})
    assert mv.CloseRoom(7, 0) not in legal(s, 0)
    violations = reject(s, 0, mv.CloseRoom(7, 0))
    assert codes(violations) == ["WALLS_OF_YORK_DECREE_UNMET"]
    assert "3 church" in violations[0].message, violations[0].message
    assert codes(reject(s, 0, mv.CloseRoom(1, 2))) == ["WALLS_OF_YORK_NAME_ROOM"]
    assert codes(reject(s, 0, mv.CloseRoom(5, 5))) == ["WALLS_OF_YORK_NOT_ENCLOSED"]
    assert codes(reject(s, 0, mv.CloseRoom(8, 0))) == ["WALLS_OF_YORK_NO_SUCH_FIELD"]
    assert codes(reject(s, 0, mv.Seal())) == ["WALLS_OF_YORK_NO_CITY"]
    # Closing the TSC city returns the pocket's 4 walls too (A21, ENC-2).
    for action in close_city(TSC_CITY):
        s = play(s, 0, action)
    s = play(s, 1, mv.Continue())
    assert set(s.players[0].walls) == boundary(TSC_CITY) and s.supply_walls == 150 - 20


#: A 3×4 block, columns 1..3, rows 1..4: with decree (3, 0, 2) its rings below still meet the decree,
#: so only the geometry stops them.
BLOCK = rect(1, 1, 3, 4)
HOLE_DECREE = (3, 0, 2)


def test_hole_cannot_be_sealed() -> None:
    """ENC-4 on the ts1 board: a walled-in field inside the city cannot be left out (V-d)."""
    ring = [f for f in BLOCK if f != (2, 2)]
    assert content_of(ring)["CH"] >= 3 and content_of(ring)["MA"] >= 2
    s = closing_state({0: boundary(BLOCK) | boundary([(2, 2)])}, decree=HOLE_DECREE)
    s = play(s, 0, mv.CloseRoom(1, 1))
    assert mv.Seal() not in legal(s, 0)
    violations = reject(s, 0, mv.Seal())
    assert codes(violations) == ["WALLS_OF_YORK_CITY_INVALID"]
    assert "hole" in violations[0].message and "2,2" in violations[0].message, violations[0].message
    s = play(s, 0, mv.CloseRoom(2, 2))
    s = play(s, 0, mv.Seal())
    s = play(s, 1, mv.Continue())
    assert set(s.players[0].walls) == boundary(BLOCK) and len(s.players[0].city) == 12
    assert s.supply_walls == 150 - 14, "the hole's 4 walls are removed"


def test_pinch_cannot_be_sealed() -> None:
    """ENC-6 on the ts1 board: the city's wall would touch itself at point (2, 2)."""
    c0 = [f for f in BLOCK if f not in ((1, 1), (2, 2))]
    s = closing_state({0: boundary(c0)}, decree=HOLE_DECREE)
    assert mv.CloseRoom(2, 1) in legal(s, 0) and mv.CloseRoom(2, 2) in legal(s, 0)
    s = play(s, 0, mv.CloseRoom(2, 1))
    violations = reject(s, 0, mv.Seal())
    assert codes(violations) == ["WALLS_OF_YORK_CITY_INVALID"]
    assert "2,2" in violations[0].message and "cut off" in violations[0].message, violations[0].message
    s = play(s, 0, mv.CloseRoom(2, 2))
    s = play(s, 0, mv.Seal())
    assert s.players[0].decided


def test_disconnected_selection_cannot_be_sealed() -> None:
    """ENC-5 on the ts1 board: two rooms that touch only at a point are not one city (V-c)."""
    far = [(4, 5)]
    s = closing_state({0: boundary(BLOCK) | boundary(far)}, decree=HOLE_DECREE)
    s = play(s, 0, mv.CloseRoom(1, 1))
    assert codes(reject(s, 0, mv.CloseRoom(4, 5))) == ["WALLS_OF_YORK_ROOM_APART"]
    # A selection built around the move protocol is no state a game reaches: the state check refuses it,
    # and Seal would refuse it too.
    players = list(s.players)
    players[0] = replace(players[0], selection=tuple(sorted({*map(fname, BLOCK), "4,5"})))
    both = replace(s, players=tuple(players))
    with pytest.raises(StateInvalid) as refused:
        ENGINE.check(both)
    assert refused.value.field == "players[0].selection", refused.value
    violations = reject(both, 0, mv.Seal())
    assert codes(violations) == ["WALLS_OF_YORK_CITY_INVALID"]
    assert "not connected" in violations[0].message, violations[0].message


def test_closing_happens_only_in_the_closing_step() -> None:
    s = placing_state({0: boundary(TSC_CITY)})
    assert codes(ENGINE.validate(s, mv.Move(0, mv.CloseRoom(0, 2)))) == ["COMMON_WRONG_DECISION"]
    assert codes(ENGINE.validate(s, mv.Move(0, mv.Continue()))) == ["COMMON_WRONG_DECISION"]
    closed = closing_state({0: boundary(TSC_CITY)})
    assert codes(ENGINE.validate(closed, mv.Move(0, mv.PlaceSingle("H 7 7")))) == ["COMMON_WRONG_DECISION"]


def test_longest_wall_option_pays_every_tied_longest() -> None:
    """§7.5.2: +3 to the longest straight wall of the remaining city wall; ties all score."""
    whole = rect(0, 0, 8, 8)
    s = closing_state({0: boundary(TSC_CITY), 1: PERIMETER, 2: boundary(TSC_CITY)}, players=3, longest_wall=True)
    s = play(s, 1, mv.Continue())
    for seat in (0, 2):
        for action in close_city(TSC_CITY):
            s = play(s, seat, action)
    s = turn(s, 1, {1: mv.PlaceSingle("H 3 3")}, {1: close_city(whole)})
    assert s.age == 2
    # TSC-1 city: longest run V 0 2..V 0 7 = 6; the whole board: 8.
    assert [ledger_sum(p, "longest_wall_age1") for p in s.players] == [0, 3, 0]
    tie = closing_state({0: boundary(TSC_CITY), 1: boundary(TSC_CITY)}, longest_wall=True)
    for seat in (0, 1):
        for action in close_city(TSC_CITY):
            tie = play(tie, seat, action)
    assert [ledger_sum(p, "longest_wall_age1") for p in tie.players] == [3, 3]


def test_strict_supply_short_player_with_too_few_walls_places_a_single() -> None:
    """§10 A6: with the supply empty, a player short by d pieces who has fewer than d walls cannot
    place the formation: they must use PlaceSingle (lifting their one wall), and Pass only if that is
    impossible too. Seat 0 (1 wall) commits the 2-piece formation; seat 1 (144 walls) must pass."""
    s = placing_state(
        {0: {"H 0 0"}, 1: ALL_EDGES, 2: {"H 0 0", "H 1 0", "H 2 0", "H 3 0", "H 4 0"}},
        face=1,
        players=3,
        strict_supply=True,
    )
    assert s.supply_walls == 0
    horizontal = next(v for v, mids in enumerate(formation_variants("I2")) if mids == ((1, 0), (3, 0)))
    s = play(s, 0, mv.PlaceFormation(horizontal, 3, 3))
    s = play(s, 1, mv.Pass())
    s = play(s, 2, mv.PlaceSingle("V 4 4"))
    for _ in range(10):  # answer whatever the engine asks (lifts or a replacement single) with its first option
        if s.step == "close":
            break
        (seat, *_) = ENGINE.pending(s).seats
        s = play(s, seat, legal(s, seat)[0])
    assert s.step == "close"
    assert s.supply_walls == 0 and sum(len(p.walls) for p in s.players) == 150
    p0 = s.players[0]
    assert not p0.passed, "seat 0 could place a single piece, so it did not pass"
    assert len(p0.walls) == 1 and p0.walls != ("H 0 0",), "its one wall was lifted and placed as a single"


# ---- §7.2 / §7.3 / §7.4 scoring: TR-1, TSH-1/TR-2, TF-1, TT-1..TT-4 -------------------------------


def scoring_state(
    held: Sequence[int],
    age: int = 1,
    raid_tiles: Sequence[int] | None = None,
    coins: Sequence[int] | None = None,
    start_roller: int = 0,
) -> State:
    """A constructed state at the closing step, every player closed, holding ``held`` viking tiles. In Age 1 it
    stands for the middle of the Age's end (tiles its City scoring gave, before the raid); in either Age a close
    step that waits for nobody resolves by itself, so no client can send it and it is not ``ENGINE.check``ed."""
    n = len(held)
    base = roll(fresh(n), 1)
    players = tuple(
        Player(
            open=False,
            city=(fname(TSC_CITY[0]),),
            walls=tuple(sorted(boundary([TSC_CITY[0]]), key=_edge_order)),
            viking_tiles=held[i],
            raid_tiles=(raid_tiles or [0] * n)[i],
            coins=(coins or [0] * n)[i],
            ledger=earned((coins or [0] * n)[i], age),
        )
        for i in range(n)
    )
    walls = 150 - 4 * n
    return replace(base, players=players, age=age, step="close", age_start_roller=start_roller, supply_walls=walls)


def earned(coins: int, age: int, over: bool = False) -> tuple[Ledger, ...]:
    """Ledger lines worth ``coins`` that a player can hold before the end of Age ``age`` (or after it: ``over``):
    die income (a face's coins a turn) in Age 1; the Age-1 City scoring (at most the board's coins) in Age 2,
    and the Age-2 one too once the game is over."""
    if age == 1:
        most = max(face.coins for face in CONTENT.building_die)
        kinds = ["die_income_age1"] * (coins // most + 1)
    else:
        most = content_of(rect(0, 0, 8, 8))["coins"]
        kinds = ["city_coins_age1", "city_coins_age2"] if over else ["city_coins_age1"]
    lines = []
    for kind in kinds:
        part = min(coins, most)
        if part:
            lines.append(Ledger(kind, part, "constructed"))
        coins -= part
    assert coins == 0, "more coins than such lines can hold"
    return tuple(lines)


def test_tr1_only_the_most_vikings_are_raided() -> None:
    """TR-1: Veronika 4 (strictly most), Christian 3, Marco 2 after Age-1 City scoring."""
    s = raid(scoring_state([4, 3, 2]))
    assert [(p.viking_tiles, p.raid_tiles) for p in s.players] == [(0, 1), (3, 0), (2, 0)]


def test_tsh1_tr2_shield_before_raid_and_tf1_final_scores() -> None:
    """TSH-1/TR-2 through end of Age 2: cities with 1, 0 and 2 vikings; held before the shield
    V = 0 + 1, C = 3 + 0, M = 2 + 2. Shield → Veronika, raid → Marco, Christian keeps 3.
    TF-1: final V = x − 5 + 3, C = y, M = z − 5."""
    cities = [[(3, 0)], [(1, 0)], [(5, 0), (6, 0)]]
    assert [content_of(c)["vikings"] for c in cities] == [1, 0, 2]
    assert [content_of(c)["coins"] for c in cities] == [0, 0, 0]
    s = scoring_state([0, 3, 2], age=2, raid_tiles=[1, 0, 0], coins=[10, 12, 14])
    players = tuple(
        replace(p, city=tuple(map(fname, c)), walls=tuple(sorted(boundary(c), key=_edge_order)))
        for p, c in zip(s.players, cities, strict=True)
    )
    s = replace(s, players=players, supply_walls=150 - 4 - 4 - 6)
    s = end_of_age(s)
    ENGINE.check(s)
    assert s.step == "over"
    v, c, m = s.players
    assert v.shield and not c.shield and not m.shield, "shield before the raid: Veronika (1), not Marco"
    assert (v.viking_tiles, v.raid_tiles) == (1, 1)
    assert (c.viking_tiles, c.raid_tiles) == (3, 0)
    assert (m.viking_tiles, m.raid_tiles) == (0, 1)
    sheet = ENGINE.score(s)
    assert sheet.final
    assert [seat.total for seat in sheet.seats] == [10 - 5 + 3, 12, 14 - 5]
    assert [seat.place for seat in sheet.seats] == [3, 1, 2] and sheet.winners == (1,)
    for seat in sheet.seats:
        assert seat.total == sum(e.points for e in seat.entries)


@pytest.mark.parametrize(("start_roller", "holder"), [(0, 0), (1, 1), (2, 0)])
def test_tt1_shield_tie_goes_clockwise_from_the_start_roller(start_roller: int, holder: int) -> None:
    """TT-1: A = 1, B = 1, C = 3: the shield to the tied player first clockwise from the Age-2
    start roller, +3 coins now for the other; C is raided."""
    s = kings_shield(scoring_state([1, 1, 3], age=2, start_roller=start_roller))
    other = 1 - holder
    assert [p.shield for p in s.players] == [i == holder for i in range(3)]
    assert s.players[other].coins == 3 and ledger_sum(s.players[other], "shield_tie") == 3
    assert s.players[holder].coins == 0 and s.players[2].coins == 0
    s = raid(s)
    assert [p.raid_tiles for p in s.players] == [0, 0, 1]
    assert [p.viking_tiles for p in s.players] == [1, 1, 0]


def test_tt2_tied_most_are_all_raided() -> None:
    s = raid(scoring_state([3, 3, 1]))
    assert [(p.viking_tiles, p.raid_tiles) for p in s.players] == [(0, 1), (0, 1), (1, 0)]


def test_tt3_nobody_raided_at_zero_and_both_share_the_shield() -> None:
    """TT-3 and A4: held 0 and 0 — the raid with maximum 0 raids nobody; in Age 2 one takes the
    shield, the other +3."""
    s = scoring_state([0, 0], age=1)
    assert raid(s) == s
    s2 = kings_shield(scoring_state([0, 0], age=2))
    assert [p.shield for p in s2.players] == [True, False]
    assert [p.coins for p in s2.players] == [0, 3]
    assert raid(s2) == s2


def test_raid_with_zero_vikings_through_a_played_age() -> None:
    """A4 through the engine: both cities hold no viking; nobody is raided at the end of Age 1."""
    found = _viking_free_city()
    assert found is not None
    cells, decree = found
    s = closing_state({0: boundary(cells), 1: boundary(cells)}, decree=decree)
    for seat in (0, 1):
        for action in close_city(cells):
            s = play(s, seat, action)
    assert s.age == 2
    assert [(p.viking_tiles, p.raid_tiles) for p in s.players] == [(0, 0), (0, 0)]


def _viking_free_city() -> tuple[list[Cell], tuple[int, int, int]] | None:
    """A rectangle of the ts1 board without vikings that meets some possible decree."""
    possible = [(a.church, a.well, a.market) for a in legal(fresh(decree=None))]
    for w in range(2, 9):
        for h in range(1, 9):
            for r0 in range(9 - h):
                for c0 in range(9 - w):
                    cells = rect(c0, r0, w, h)
                    found = content_of(cells)
                    if found["vikings"]:
                        continue
                    for d in possible:
                        if found["CH"] >= d[0] and found["WE"] >= d[1] and found["MA"] >= d[2]:
                            return cells, d
    return None


def test_tt4_all_tied_get_the_shield_share_and_are_all_raided() -> None:
    s = kings_shield(scoring_state([2, 2, 2, 2], age=2, start_roller=3))
    assert [p.shield for p in s.players] == [False, False, False, True]
    assert [p.coins for p in s.players] == [3, 3, 3, 0]
    s = raid(s)
    assert [(p.viking_tiles, p.raid_tiles) for p in s.players] == [(0, 1)] * 4


def test_shield_only_in_age_2() -> None:
    s = end_of_age(scoring_state([1, 2, 3], age=1))
    assert not any(p.shield for p in s.players)
    assert s.age == 2 and s.step == "decree"
    s2 = end_of_age(scoring_state([1, 2, 3], age=2))
    assert [p.shield for p in s2.players] == [True, False, False]


def test_age_2_clears_walls_and_keeps_tiles_and_coins() -> None:
    s = scoring_state([1, 2, 3], age=1, raid_tiles=[1, 0, 0], coins=[4, 5, 6])
    after = end_of_age(s)
    ENGINE.check(after)
    assert after.age == 2 and after.step == "decree" and after.turn == 0
    assert all(p.walls == () and p.city == () and p.open for p in after.players)
    assert after.supply_walls == 150
    # City scoring of the constructed one-field cities (C1 at (0,2)): +1 coin each, no vikings.
    assert [p.coins for p in after.players] == [5, 6, 7]
    assert [(p.viking_tiles, p.raid_tiles) for p in after.players] == [(1, 1), (2, 0), (0, 1)]
    # Age 2 starts with a new decree and the same terrain.
    assert after.layout == s.layout
    after = play(after, CHANCE, mv.ChanceDecree(4, 2, 2))
    assert after.decree == (4, 2, 2)


def over_state(coins: Sequence[int], raids: Sequence[int], shield: int | None, **overrides: Any) -> State:
    base = fresh(len(coins), **overrides)
    players = tuple(
        Player(
            open=False,
            city=("0,2",),
            coins=c,
            raid_tiles=r,
            shield=i == shield,
            ledger=earned(c, 2, over=True),
        )
        for i, (c, r) in enumerate(zip(coins, raids, strict=True))
    )
    s = replace(base, players=players, step="over", age=2)
    ENGINE.check(s)
    return s


def test_final_score_and_shared_places() -> None:
    """§7.4: coins − 5·raid + 3·shield; entries sum to the total; ties share the place (1, 1, 3)."""
    s = over_state([12, 7, 20, 5], [0, 0, 2, 0], shield=1)
    assert ENGINE.pending(s).seats == ()
    sheet = ENGINE.score(s)
    assert sheet.final
    assert [seat.total for seat in sheet.seats] == [12, 10, 10, 5]
    assert [seat.place for seat in sheet.seats] == [1, 2, 2, 4]
    assert sheet.winners == (0,)
    for seat in sheet.seats:
        assert seat.total == sum(e.points for e in seat.entries)
    tie = ENGINE.score(over_state([9, 9, 3], [0, 0, 0], shield=2))
    assert [seat.total for seat in tie.seats] == [9, 9, 6]
    assert [seat.place for seat in tie.seats] == [1, 1, 3] and tie.winners == (0, 1)


def test_negative_scores_switch_caps_the_deduction() -> None:
    """§10 A9: by default raid tiles may take a total below 0; with negative_scores=False each
    deduction stops at 0."""
    allowed = ENGINE.score(over_state([3, 7], [1, 2], shield=None))
    assert [seat.total for seat in allowed.seats] == [-2, -3]
    capped = ENGINE.score(over_state([3, 7], [1, 2], shield=None, negative_scores=False))
    assert [seat.total for seat in capped.seats] == [0, 0]
    assert [seat.place for seat in capped.seats] == [1, 1]
    for seat in (*allowed.seats, *capped.seats):
        assert seat.total == sum(e.points for e in seat.entries)
    above = ENGINE.score(over_state([12, 7], [1, 0], shield=None, negative_scores=False))
    assert [seat.total for seat in above.seats] == [7, 7], "the cap changes nothing above 0"


# ---- §4.4 / §8 hidden information ----------------------------------------------------------------------


def test_views_hide_another_seats_placement_but_show_ones_own() -> None:
    s = placing_state({}, face=1)
    a = play(s, 0, mv.PlaceSingle("H 3 3"))
    b = play(s, 0, mv.PlaceFormation(0, 2, 2))
    assert ENGINE.view(a, 0).players[0].submitted == Submission("single", edge="H 3 3")
    assert ENGINE.view(a, 1).players[0].submitted == Submission("hidden")
    assert ENGINE.view(a, None).players[0].submitted == Submission("hidden")
    assert ENGINE.view(a, 1) == ENGINE.view(b, 1), "seat 1 cannot tell seat 0's placements apart"
    assert ENGINE.view(a, 0) != ENGINE.view(b, 0)
    assert ENGINE.view(a, 1).players[1].submitted is None
    assert ENGINE.legal_moves(ENGINE.view(a, 1)) == []
    # Once revealed, the walls are public.
    revealed = play(a, 1, mv.PlaceSingle("V 0 0"))
    assert ENGINE.view(revealed, 1).players[0].walls == ("H 3 3",)


def test_views_hide_another_seats_selection_and_decision() -> None:
    s = closing_state({0: boundary(TSC_CITY), 1: boundary(TSC_CITY)})
    chosen = play(s, 0, mv.CloseRoom(0, 2))
    assert ENGINE.view(chosen, 0).players[0].selection == tuple(sorted(map(fname, TSC_CITY), key=_field_order))
    assert ENGINE.view(chosen, 1).players[0].selection == ()
    assert ENGINE.view(chosen, 1) == ENGINE.view(s, 1), "seat 1 cannot see seat 0 choosing rooms"
    sealed = play(chosen, 0, mv.Seal())
    continued = play(s, 0, mv.Continue())
    assert sealed.players[0].selection and not continued.players[0].selection
    assert ENGINE.view(sealed, 1) == ENGINE.view(continued, 1), "sealing and continuing look alike"
    assert ENGINE.view(sealed, None) == ENGINE.view(continued, None)
    assert ENGINE.view(sealed, 0) != ENGINE.view(continued, 0)


def _field_order(name: str) -> int:
    c, r = map(int, name.split(","))
    return c + 8 * r


# ---- §1 / §3.5 / §10 A8 set-up numbers and the engine's protocol ------------------------------------


def test_game_is_for_2_to_4_players() -> None:
    """§1: 2–4 players; the game info says so and options for any other count are refused."""
    assert (GAME.info.min_players, GAME.info.max_players) == (2, 4)
    for players in (1, 5):
        with pytest.raises(StateInvalid) as refused:
            ENGINE.new_game(Options(players=players), 1)
        assert str(refused.value) == f"Walls of York is for 2 to 4 players, not {players}."
        assert refused.value.field == "options.players"


def test_max_turns_per_age_is_1_to_1000() -> None:
    """§10 A8: the safeguard is an option of 1..1000 turns; 0 and 1001 are refused with the range."""
    assert ENGINE.make_options(2, {"max_turns_per_age": 1000}).max_turns_per_age == 1000
    assert ENGINE.make_options(2, {"max_turns_per_age": 1}).max_turns_per_age == 1
    for bad in (0, 1001):
        with pytest.raises(StateInvalid) as refused:
            ENGINE.make_options(2, {"max_turns_per_age": bad})
        assert str(refused.value) == f"max_turns_per_age must be 1..1000, not {bad}."


def test_first_player_is_one_of_the_seats() -> None:
    """§3.5: the first player is drawn among the seats; a seat that does not exist is refused by number."""
    s = new_state(ENGINE, 2)
    assert ENGINE.validate(s, mv.Move(CHANCE, mv.ChanceSeat(1))) == []
    for seat in (2, -1):
        violations = reject(s, CHANCE, mv.ChanceSeat(seat))
        assert violations == [Violation("WALLS_OF_YORK_NO_SUCH_SEAT", f"Seat {seat} does not exist.", "action.seat")]


def test_options_for_lists_the_seats_legal_actions() -> None:
    """§5.7: ``options_for`` is the seat's part of the legal moves (the decree for chance, placements for a seat)."""
    s = fresh(decree=None)
    assert options_for(s, CHANCE) == legal(s) and len(legal(s)) > 1
    placing = placing_state({0: {"H 0 0"}}, face=2)
    assert options_for(placing, 0) == legal(placing, 0)
    assert options_for(placing, 1) == legal(placing, 1) != legal(placing, 0)


def test_facts_of_a_view_show_the_board_the_die_and_what_the_view_may_see() -> None:
    """§3.4, §5.1, §4.4: facts give the assembled board, the rolled face, each seat's status, and a committed
    placement only to the seat that made it."""
    s = play(placing_state({}, face=3), 0, mv.PlaceSingle("H 3 3"))
    mine = ENGINE.facts(ENGINE.view(s, 0))
    theirs = ENGINE.facts(ENGINE.view(s, 1))
    assert mine["fields"] == [code for row in TS1_BOARD for code in row.split()]
    assert mine["rolled"] == {"face": 3, "formation": CONTENT.building_die[2].formation, "coins": FACE_COINS[3]}
    assert mine["seats"] == [
        {"status": "placement committed", "committed": ["H 3 3"]},
        {"status": "to place", "committed": []},
    ]
    assert theirs["seats"][0] == {"status": "placement committed", "committed": []}


# ---- §4.2 step 7 / §4.3 / A8 / A16: the chance events --------------------------------------------------


def test_unsatisfiable_decree_stops_the_game() -> None:
    """§4.2 step 7, §9.4 V5: a decree the whole board cannot meet stops the game (DecreeUnsatisfiable).

    No game with the placeholder content gets here (every board holds at least 8 of each building, the dice
    show at most 6), so the rule is called directly; printed boards may be poorer."""
    s = fresh(decree=None)
    whole = content_of(rect(0, 0, 8, 8))
    most = (whole["CH"], whole["WE"], whole["MA"])
    assert most == (8, 9, 8)
    assert decree_satisfiable(s, most)
    assert apply_decree(s, mv.ChanceDecree(*most)).step == "roll"
    for short in ((9, 9, 8), (8, 10, 8), (8, 9, 9)):
        assert not decree_satisfiable(s, short), short
        over = apply_decree(s, mv.ChanceDecree(*short))
        assert (over.step, over.decree) == ("over", short)
        assert over.aborted == f"DecreeUnsatisfiable: the board cannot meet {short}"


def test_age_aborts_on_the_roll_after_max_turns_per_age() -> None:
    """§10 A8: with ``max_turns_per_age`` 2 the turns 1 and 2 are played; the third roll aborts the game."""
    s = fresh(max_turns_per_age=2)
    for t in (1, 2):
        s = turn(s, 1, {0: mv.PlaceSingle(f"H {t} 0"), 1: mv.PlaceSingle(f"H {t} 0")})
        assert (s.step, s.turn) == ("roll", t)
    s = play(s, CHANCE, mv.ChanceFace(1))
    assert s.step == "over" and s.turn == 2
    assert s.aborted == "GameAborted: Age 1 passed 2 turns"
    assert replace(ENGINE.pending(s), prompt_text=None) == Pending((), "game_over", "GameAborted: Age 1 passed 2 turns")


def test_a_game_played_to_its_end_says_it_is_over() -> None:
    """§9: a game that ends after its last Age (not aborted) owes nothing and says so."""
    first = new_state(ENGINE, 2, seed=3)
    final, _ = random_playout(ENGINE, first, Rng.seeded(3))
    assert not final.aborted
    assert replace(ENGINE.pending(final), prompt_text=None) == Pending((), "game_over", "The game is over.")


def test_roller_passes_clockwise_and_the_age_start_roller_is_the_first() -> None:
    """§3.5 / A16: every roll passes the die clockwise; §5.6: the Age's start roller is the one of turn 1."""
    s = fresh(3)
    assert (s.roller, s.age_start_roller) == (2, -1), "the preset board starts with the last seat, before seat 0"
    seen = []
    for t in range(4):
        s = roll(s, 1)
        seen.append((s.turn, s.roller, s.age_start_roller))
        for seat in (0, 1, 2):
            s = play(s, seat, mv.PlaceSingle(f"H {t} 0"))
        for seat in (0, 1, 2):
            s = play(s, seat, mv.Continue())
    assert seen == [(1, 0, 0), (2, 1, 0), (3, 2, 0), (4, 0, 0)]


# ---- §5.2 / §5.4 / A6: placement details ---------------------------------------------------------------


def test_pass_refusal_counts_the_free_streets() -> None:
    """§5.4: Pass is refused while a single piece fits, and the refusal says on how many free streets."""
    prefix = "You may pass only when nothing fits: a single piece still fits on"
    s = placing_state({0: ALL_EDGES - {"H 3 3"}, 1: ALL_EDGES - {"H 3 3", "V 4 4"}}, face=1)
    assert reject(s, 0, mv.Pass()) == [Violation("WALLS_OF_YORK_MUST_BUILD", f"{prefix} 1 free street.", "action")]
    assert reject(s, 1, mv.Pass()) == [Violation("WALLS_OF_YORK_MUST_BUILD", f"{prefix} 2 free streets.", "action")]
    empty = placing_state({}, face=1)
    assert reject(empty, 0, mv.Pass())[0].message == f"{prefix} 144 free streets."


def _orientation_words(quarter_turns: int, mirrored: bool) -> str:
    turned = ("as drawn", "turned once", "turned twice", "turned three times")[quarter_turns]
    if not mirrored:
        return turned
    return "mirrored" if quarter_turns == 0 else f"{turned}, then mirrored"


def test_describe_names_every_variant_by_its_quarter_turns_and_mirror() -> None:
    """§5.2: each variant is the drawn piece turned 0..3 quarter turns clockwise, then perhaps mirrored; L3 has
    all 8, I2 only its two turns; the words and the streets agree with the numbers."""
    described = ENGINE.describe()["formation_variants"]
    l3 = described["L3"]
    assert [d["variant"] for d in l3] == list(range(8))
    assert {(d["quarter_turns"], d["mirrored"]) for d in l3} == {(q, m) for q in range(4) for m in (False, True)}
    assert {(d["quarter_turns"], d["mirrored"]) for d in described["I2"]} == {(0, False), (1, False)}
    for formation, variants in described.items():
        for d in variants:
            assert d["orientation"] == _orientation_words(d["quarter_turns"], d["mirrored"]), (formation, d)
            assert set(d["streets"]) == formation_edges(formation, d["variant"], 0, 0), (formation, d)
    drawn = next(d for d in l3 if (d["quarter_turns"], d["mirrored"]) == (0, False))
    assert set(drawn["streets"]) == {midpoint_edge(u, v) for u, v in CONTENT.formation["L3"].midpoints}


def test_strict_supply_fallback_single_takes_the_last_supply_piece_without_lifting() -> None:
    """§10 A6: a player short of pieces for the formation, with too few walls to lift, places a single piece; with
    one piece left in the supply (handed out from the roller, seat 0) it takes that piece and lifts nothing."""
    five = {"H 0 0", "H 1 0", "H 2 0", "H 3 0", "H 4 0"}
    s = placing_state({1: ALL_EDGES, 2: five}, face=1, players=3, strict_supply=True)
    assert (s.supply_walls, s.roller) == (1, 0)
    horizontal = next(v for v, mids in enumerate(formation_variants("I2")) if mids == ((1, 0), (3, 0)))
    s = play(s, 0, mv.PlaceFormation(horizontal, 3, 3))
    s = play(s, 1, mv.Pass())
    s = play(s, 2, mv.PlaceSingle("V 4 4"))
    assert s.step == "lift" and s.supply_walls == 0
    assert (s.players[0].lift, s.players[0].submitted) == (0, Submission("single"))
    assert s.players[2].lift == 1, "seat 2 comes after the supply ran out: it lifts one of its walls"
    assert {a.edge for a in legal(s, 0)} == ALL_EDGES and all(isinstance(a, mv.PlaceSingle) for a in legal(s, 0))
    message = "The supply is too short for your formation: choose the street of your single piece first."
    assert reject(s, 0, mv.Lift("H 0 0")) == [Violation("WALLS_OF_YORK_MUST_BUILD", message, "action")]
    s = play(s, 0, mv.PlaceSingle("H 5 5"))
    assert s.players[0].walls == ("H 5 5",) and s.players[0].submitted is None and not s.players[0].passed
    s = play(s, 2, mv.Lift("H 0 0"))
    assert s.step == "close"
    assert set(s.players[2].walls) == (five - {"H 0 0"}) | {"V 4 4"}
    assert s.supply_walls == 0 and sum(len(p.walls) for p in s.players) == 150


def test_off_board_and_occupied_refusals_name_the_streets() -> None:
    """§5.2 conditions 2 and 3: a refused formation names its orientation, its anchor, and each street that is
    off the board or already walled, counted ("a wall", "2 walls")."""
    horizontal = next(v for v, mids in enumerate(formation_variants("I2")) if mids == ((1, 0), (3, 0)))
    s = placing_state({0: {"H 0 0"}, 1: {"H 0 0", "H 1 0"}}, face=1)
    off, taken = "WALLS_OF_YORK_OFF_BOARD", "WALLS_OF_YORK_EDGE_OCCUPIED"
    for seat, dx, code, message in (
        (0, 7, off, "at H 7 0 would put a wall on H 8 0, outside the board."),
        (0, 8, off, "at H 8 0 would put 2 walls on H 8 0 and H 9 0, outside the board."),
        (0, 0, taken, "at H 0 0 would put a wall on H 0 0, where you already have a wall."),
        (1, 0, taken, "at H 0 0 would put 2 walls on H 0 0 and H 1 0, where you already have walls."),
    ):
        violations = reject(s, seat, mv.PlaceFormation(horizontal, dx, 0))
        assert violations == [Violation(code, f"The 2-piece straight as drawn {message}", "action")], (seat, dx)


def test_decree_unmet_message_spells_each_missing_building() -> None:
    """§5.5 / §6.6: Seal on a city short of the decree names each missing building with its count ("2 churches",
    "1 well"); a building the city has enough of is not named."""
    s = closing_state({0: boundary(TSC_CITY) | SPLIT})  # decree 3 churches, 2 wells, 2 markets
    s = play(s, 0, mv.CloseRoom(0, 2))  # the LEFT room: 1 church, 1 well, 2 markets
    assert reject(s, 0, mv.Seal()) == [
        Violation(
            "WALLS_OF_YORK_DECREE_UNMET", "The city lacks what the King demands: missing 2 churches, 1 well.", "action"
        )
    ]


def test_engine_words_its_moves_and_log_lines() -> None:
    """§5.3 / §5.4 / §4.3: the engine labels a seat's moves and logs the roll in the game's own words (face 1 is
    formation I2 and 1 coin)."""
    before = fresh()
    s = roll(before, 1)
    single, passing = ENGINE.labels(s, [mv.Move(0, mv.PlaceSingle("H 3 3")), mv.Move(1, mv.Pass())])
    assert single.label.english == "Seat 0: Place a single piece on H 3 3"
    assert passing.label.english == "Seat 1: Pass (nothing fits)"
    line = ENGINE.log(before, mv.Move(CHANCE, mv.ChanceFace(1)), s).public_line
    assert line.english == "Chance rolled the building die for turn 1: the 2-piece straight and 1 coin"


def test_the_building_die_offers_each_of_its_faces_once() -> None:
    """§4.3, chance as data: a roll is one of the die's faces, each equally likely, in the engine's odds and
    in its seeded draws alike."""
    s = fresh()
    faces = [face.face for face in CONTENT.building_die]
    assert [(m.action.face, weight) for m, weight in ENGINE.chance_odds(s)] == [(f, 1) for f in faces]
    rolled = set()
    for seed in range(40):
        seeded = new_state(ENGINE, 2, seed=seed, board="ts1")
        rolled.add(seeded.face)
    assert rolled == set(faces)


def test_a_roll_clears_the_last_turns_pass() -> None:
    """§5.4: a pass counts for its turn only; the next roll starts every seat afresh (nothing submitted, nobody
    passed)."""
    s = placing_state({0: ALL_EDGES - {"H 3 3"}, 1: ALL_EDGES}, face=1)
    s = play(s, 1, mv.Pass())
    s = play(s, 0, mv.PlaceSingle("H 3 3"))
    assert s.players[1].passed
    s = play(s, 0, mv.Continue())
    while s.step == "close":  # rule F: seat 1, full and passed, must close its city: a room, then the seal
        legal = [m.action for m in ENGINE.legal_moves(s)]
        s = play(s, 1, mv.Seal() if mv.Seal() in legal else legal[0])
    s = roll(s, 1)
    assert not any(p.passed for p in s.players) and all(p.submitted is None for p in s.players)
