"""Guilds of London city geometry (spec §3.1, §3.3, §4.5.3, §4.6, §4.7.3, §4.7.4, §7.5, A-05..A-07,
§11 invariants 10 and 20): EX-11 and the derived expansion layouts of §4.7.3 cell by cell, EX-5 and
its companions, reading order and the A-07 tie rule, and property tests of the expansion walk and
the adjacency count against brute-force references on random polyominoes."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.guilds_of_london import city as geo
from engines.guilds_of_london.city import Cell, Direction

PROPS = settings(max_examples=150)
DIRECTIONS: tuple[Direction, ...] = ("N", "E", "S", "W")

#: §3.3: the 3–4 player starting city, 4 columns × 3 rows, compass Guildhall at (1,1) (A-05).
START: frozenset[Cell] = frozenset((row, col) for row in range(3) for col in range(4))
COMPASS: Cell = (1, 1)

#: §4.7.3 derived layouts: expansions a, b, c, d after rounds 3, 6, 9, 12 (N, E, S, W).
LAYOUT_3P: tuple[tuple[Direction, list[Cell]], ...] = (
    ("N", [(-1, 1), (-1, 2), (-1, 3), (0, 4), (1, 4)]),
    ("E", [(1, 5), (2, 4), (3, 3), (3, 2), (3, 1)]),
    ("S", [(4, 1), (3, 0), (2, -1), (1, -1), (0, -1)]),
    ("W", [(1, -2), (0, -2), (-1, -1), (-1, 0), (-2, 1)]),
)
LAYOUT_4P: tuple[tuple[Direction, list[Cell]], ...] = (
    ("N", [(-1, 1), (-1, 2), (-1, 3), (0, 4), (1, 4), (2, 4)]),
    ("E", [(1, 5), (2, 5), (3, 4), (3, 3), (3, 2), (3, 1)]),
    ("S", [(4, 1), (3, 0), (2, -1), (1, -1), (0, -1), (-1, 0)]),
)


def block(rows: int, cols: int) -> set[Cell]:
    return {(row, col) for row in range(rows) for col in range(cols)}


# ---------------------------------------------------------------------------------------------
# Brute-force references
# ---------------------------------------------------------------------------------------------


def touches(a: Cell, b: Cell) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def brute_pairs(cells: Iterable[Cell]) -> int:
    found = sorted(set(cells))
    return sum(1 for i, a in enumerate(found) for b in found[i + 1 :] if touches(a, b))


def outside_region(cells: set[Cell]) -> set[Cell]:
    """The empty cells of the bounding box grown by one that reach its corner through empty cells."""
    rows = [row for row, _ in cells]
    cols = [col for _, col in cells]
    top, bottom, left, right = min(rows) - 1, max(rows) + 1, min(cols) - 1, max(cols) + 1
    corner = (top, left)
    seen = {corner}
    todo = [corner]
    while todo:
        row, col = todo.pop()
        for nxt in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
            inside_box = top <= nxt[0] <= bottom and left <= nxt[1] <= right
            if inside_box and nxt not in cells and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def outer_boundary(cells: set[Cell]) -> set[Cell]:
    """The outside cells sharing a side with the city (the cells an expansion may use)."""
    return {cell for cell in outside_region(cells) if any(touches(cell, c) for c in cells)}


def grow(seeds: Sequence[tuple[int, Direction]]) -> list[Cell]:
    """A polyomino grown from (0,0): each seed ``(back, direction)`` adds the neighbour of the cell
    added ``back`` cells before the last one (small ``back``: a winding path that often encloses
    holes; large ``back``: a blob)."""
    cells: list[Cell] = [(0, 0)]
    for back, direction in seeds:
        new = geo.step(cells[-1 - back % len(cells)], direction)
        if new not in cells:
            cells.append(new)
    return cells


growth_seeds = st.tuples(st.one_of(st.integers(0, 2), st.integers(0, 10_000)), st.sampled_from(DIRECTIONS))
polyominoes = st.integers(0, 70).flatmap(lambda n: st.lists(growth_seeds, min_size=n, max_size=n)).map(grow)


def first_cell_beyond(cells: set[Cell], compass: Cell, direction: Direction) -> Cell:
    """R-GROW-3 by hand: walk from the compass past the last city cell of its line."""
    if direction in ("N", "S"):
        line = [row for row, col in cells if col == compass[1]]
        return (min(line) - 1, compass[1]) if direction == "N" else (max(line) + 1, compass[1])
    line = [col for row, col in cells if row == compass[0]]
    return (compass[0], min(line) - 1) if direction == "W" else (compass[0], max(line) + 1)


# ---------------------------------------------------------------------------------------------
# §3.1 cells and R-RES-2 reading order
# ---------------------------------------------------------------------------------------------


def test_neighbours_are_the_four_sides_north_first() -> None:
    assert geo.neighbours((2, 5)) == ((1, 5), (2, 6), (3, 5), (2, 4))


def test_turns_go_round_the_compass() -> None:
    assert [geo.turn_clockwise(d) for d in DIRECTIONS] == ["E", "S", "W", "N"]
    assert [geo.turn_anticlockwise(d) for d in DIRECTIONS] == ["W", "N", "E", "S"]


def test_reading_order_is_rows_top_down_then_west_to_east() -> None:
    cells = [(1, 0), (0, 3), (-1, 2), (0, -1), (1, -5), (0, 3)]
    assert geo.reading_order(cells) == [(-1, 2), (0, -1), (0, 3), (1, -5), (1, 0)]


def test_reading_order_of_the_start_grid_puts_the_compass_guildhall_sixth() -> None:
    order = geo.reading_order(START)
    assert order[:5] == [(0, 0), (0, 1), (0, 2), (0, 3), (1, 0)]
    assert order.index(COMPASS) == 5


# ---------------------------------------------------------------------------------------------
# lowest guild number, ties in reading order
# ---------------------------------------------------------------------------------------------


def test_lowest_numbered_takes_the_smallest_number() -> None:
    assert geo.lowest_numbered({(0, 0): 7, (2, 3): 2, (-1, 1): 5}) == (2, 3)


def test_lowest_numbered_tie_goes_to_the_first_in_reading_order() -> None:
    candidates = {(2, 0): 3, (0, 3): 3, (0, 1): 9, (1, -4): 3}
    assert geo.lowest_numbered(candidates) == (0, 3)


def test_lowest_numbered_tie_in_one_row_goes_west() -> None:
    assert geo.lowest_numbered({(1, 4): 1, (1, -2): 1, (1, 0): 1}) == (1, -2)


def test_lowest_numbered_without_candidates_is_none() -> None:
    assert geo.lowest_numbered({}) is None


@PROPS
@given(st.dictionaries(st.tuples(st.integers(-4, 4), st.integers(-4, 4)), st.integers(1, 4), min_size=1))
def test_lowest_numbered_has_no_better_candidate(candidates: dict[Cell, int]) -> None:
    best = geo.lowest_numbered(candidates)
    assert best is not None
    low = min(candidates.values())
    assert candidates[best] == low
    assert all(cell >= best for cell, number in candidates.items() if number == low)


# ---------------------------------------------------------------------------------------------
# EX-5, §7.5 step 3, invariant 20: adjacent pairs; R-RES-11: adjacent count
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("shape", "cells", "pairs"),
    [
        ("2x2 square (EX-5)", [(0, 0), (0, 1), (1, 0), (1, 1)], 4),
        ("line of 3", [(2, 0), (2, 1), (2, 2)], 2),
        ("column of 3", [(0, 5), (1, 5), (2, 5)], 2),
        ("L of 3", [(0, 0), (1, 0), (1, 1)], 2),
        ("2x3 block", [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)], 7),
        ("isolated", [(0, 0), (1, 1), (0, 2), (3, 0)], 0),
        ("single", [(4, 4)], 0),
        ("none", [], 0),
    ],
)
def test_adjacent_pairs(shape: str, cells: list[Cell], pairs: int) -> None:
    assert geo.adjacent_pairs(cells) == pairs, shape


def test_adjacent_pairs_counts_a_repeated_cell_once() -> None:
    assert geo.adjacent_pairs([(0, 0), (0, 1), (0, 0)]) == 1


def test_adjacent_count_counts_only_orthogonal_neighbours() -> None:
    masters = [(0, 1), (1, 0), (0, 0), (2, 2), (1, 1)]
    assert geo.adjacent_count((1, 1), masters) == 2
    assert geo.adjacent_count((0, 0), masters) == 2
    assert geo.adjacent_count((1, 2), masters) == 2
    assert geo.adjacent_count((5, 5), masters) == 0


def test_adjacent_count_of_a_surrounded_cell_is_four() -> None:
    assert geo.adjacent_count((3, 3), block(7, 7)) == 4


cell_sets = st.sets(st.tuples(st.integers(-3, 3), st.integers(-3, 3)), max_size=30)


@PROPS
@given(cells=cell_sets)
def test_adjacent_pairs_equals_brute_force(cells: set[Cell]) -> None:
    assert geo.adjacent_pairs(cells) == brute_pairs(cells)


@PROPS
@given(cells=cell_sets, cell=st.tuples(st.integers(-4, 4), st.integers(-4, 4)))
def test_adjacent_count_equals_brute_force(cells: set[Cell], cell: Cell) -> None:
    assert geo.adjacent_count(cell, cells) == sum(1 for other in cells if touches(cell, other))


# ---------------------------------------------------------------------------------------------
# Invariant 10: connected
# ---------------------------------------------------------------------------------------------


def test_is_connected() -> None:
    assert geo.is_connected(START)
    assert geo.is_connected([(5, 5)])
    assert geo.is_connected([(0, 0), (0, 1), (1, 1), (2, 1), (2, 0)])
    assert not geo.is_connected([(0, 0), (1, 1)])
    assert not geo.is_connected(START | {(1, 5)})
    assert not geo.is_connected([])


@PROPS
@given(cells=polyominoes, extra=st.tuples(st.integers(-50, 50), st.integers(-50, 50)))
def test_is_connected_on_polyominoes(cells: list[Cell], extra: Cell) -> None:
    assert geo.is_connected(cells)
    joined = [*cells, extra]
    assert geo.is_connected(joined) == (extra in cells or any(touches(extra, c) for c in cells))


# ---------------------------------------------------------------------------------------------
# §4.7.3: EX-11 and the derived layouts
# ---------------------------------------------------------------------------------------------


def test_ex11_three_players_after_round_3() -> None:
    cells = geo.expansion_cells(START, COMPASS, "N", 5)
    assert cells == [(-1, 1), (-1, 2), (-1, 3), (0, 4), (1, 4)]
    assert (-1, 4) not in cells


def test_ex11_four_players_after_round_3_add_a_sixth_below() -> None:
    cells = geo.expansion_cells(START, COMPASS, "N", 6)
    assert cells == [(-1, 1), (-1, 2), (-1, 3), (0, 4), (1, 4), (2, 4)]
    assert (-1, 4) not in cells


def test_corner_cell_touching_only_diagonally_is_never_used() -> None:
    whole = geo.expansion_cells(START, COMPASS, "N", 100)
    assert (-1, 4) not in whole
    assert (-1, -1) not in whole
    assert len(whole) == 14  # 4 above, 4 below, 3 east, 3 west


@pytest.mark.parametrize(("layout", "k"), [(LAYOUT_3P, 5), (LAYOUT_4P, 6)], ids=["3 players", "4 players"])
def test_derived_full_layouts(layout: tuple[tuple[Direction, list[Cell]], ...], k: int) -> None:
    city = set(START)
    for direction, expected in layout:
        assert geo.expansion_cells(city, COMPASS, direction, k) == expected, direction
        city |= set(expected)
    assert len(city) == len(START) + k * len(layout)
    assert geo.is_connected(city)


def test_single_cell_walk_goes_north_east_south_west() -> None:
    assert geo.expansion_cells({(0, 0)}, (0, 0), "N", 9) == [(-1, 0), (0, 1), (1, 0), (0, -1)]
    assert geo.expansion_cells({(0, 0)}, (0, 0), "S", 2) == [(1, 0), (0, -1)]


def test_first_tile_goes_past_the_farthest_cell_of_the_compass_line() -> None:
    city = {(0, 0), (0, 1), (0, 2), (1, 1), (2, 1), (2, 2), (-3, 0), (-2, 0), (-1, 0)}
    assert geo.expansion_cells(city, (2, 1), "N", 1) == [(-1, 1)]
    assert geo.expansion_cells(city, (0, 1), "E", 1) == [(0, 3)]
    assert geo.expansion_cells(city, (0, 0), "S", 1) == [(1, 0)]
    assert geo.expansion_cells(city, (2, 2), "W", 1) == [(2, 0)]


def test_walk_through_a_diagonal_pinch_skips_the_enclosed_cell() -> None:
    # (0,0) and (1,1) touch at a corner; (0,1) is enclosed, (1,0) is a notch open to the outside.
    city = {(-1, 0), (-1, 1), (-1, 2), (0, 0), (0, 2), (1, 1), (1, 2)}
    expected = [(-2, 0), (-2, 1), (-2, 2), (-1, 3), (0, 3), (1, 3), (2, 2), (2, 1), (1, 0), (0, -1), (-1, -1)]
    assert geo.expansion_cells(city, (0, 0), "N", 50) == expected


def test_bay_is_filled_in_walking_order() -> None:
    # A U open to the north: the walk goes down into the bay and back out.
    city = {(0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2)}
    assert geo.expansion_cells(city, (2, 0), "N", 5) == [(-1, 0), (0, 1), (1, 1), (-1, 2), (0, 3)]


def test_ring_never_uses_its_hole() -> None:
    ring = block(3, 3) - {(1, 1)}
    whole = geo.expansion_cells(ring, (0, 0), "W", 100)
    assert (1, 1) not in whole
    assert len(whole) == 12
    assert whole[:3] == [(0, -1), (-1, 0), (-1, 1)]


def test_no_tiles_asked_gives_none() -> None:
    assert geo.expansion_cells(START, COMPASS, "E", 0) == []


def test_compass_outside_the_city_is_refused() -> None:
    with pytest.raises(ValueError, match="compass"):
        geo.expansion_cells(START, (7, 7), "N", 5)


@PROPS
@given(
    cells=polyominoes,
    pick=st.integers(0, 10_000),
    direction=st.sampled_from(DIRECTIONS),
    k=st.integers(0, 200),
)
def test_expansion_properties(cells: list[Cell], pick: int, direction: Direction, k: int) -> None:
    city = set(cells)
    compass = cells[pick % len(cells)]
    boundary = outer_boundary(city)
    new = geo.expansion_cells(cells, compass, direction, k)
    assert len(new) == min(k, len(boundary))
    assert len(set(new)) == len(new)
    assert all(cell not in city for cell in new)
    assert all(any(touches(cell, old) for old in city) for cell in new)
    assert set(new) <= boundary
    assert geo.is_connected(city | set(new))
    if k:
        assert new[0] == first_cell_beyond(city, compass, direction)
    if k >= len(boundary):
        assert set(new) == boundary


@PROPS
@given(cells=polyominoes, pick=st.integers(0, 10_000), direction=st.sampled_from(DIRECTIONS), k=st.integers(0, 30))
def test_expansion_is_a_prefix_of_the_whole_walk(cells: list[Cell], pick: int, direction: Direction, k: int) -> None:
    compass = cells[pick % len(cells)]
    whole = geo.expansion_cells(cells, compass, direction, 10_000)
    assert geo.expansion_cells(cells, compass, direction, k) == whole[:k]


def test_contour_walk_ends_after_one_lap() -> None:
    """R-GROW-4, A-06: the walk round a 2×2 block meets each of its 8 outer sides once, clockwise from the
    first, and stops before meeting the first again."""
    walk = list(geo._contour_outside_cells(frozenset(block(2, 2)), ((0, 0), "N")))
    assert walk == [(-1, 0), (-1, 1), (0, 2), (1, 2), (2, 1), (2, 0), (1, -1), (0, -1)]
