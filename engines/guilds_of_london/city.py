"""Guilds of London city geometry: cells, adjacency, reading order and the growth of the city.

The city is a grid of square cells (§3.1). A cell is ``(row, col)``: the row grows southwards and
the column eastwards, north being the table's north as the compass rose shows it. The Guildhall
cells belong to the city for geometry (reading order, expansion) like any tile.

Everything here is a pure function over cells and plain mappings; it knows nothing of tiles,
guild numbers or players beyond what the caller passes in (the layouts themselves are content).

* §3.1: ``neighbours`` (sides shared), R-RES-2: ``reading_order``.
* §4.7.3 (R-GROW-3, R-GROW-4, A-06): ``expansion_cells``, the clockwise contour walk around the
  city as it stood before the expansion. EX-11 and the derived layouts of §4.7.3 are its tests.
* R-RES-11: ``adjacent_count``; §7.5 step 3, EX-5, invariant 20: ``adjacent_pairs``.
* R-SETUP-3, R-RES-17, §4.6, R-GROW-6 (§4.7.4), A-07: ``lowest_numbered``.
* Invariant 10 of §11: ``is_connected``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Final, Literal

Cell = tuple[int, int]
"""``(row, col)``; the row grows south, the column east (§3.1)."""

Direction = Literal["N", "E", "S", "W"]
"""A compass direction of the table (§3.1)."""

if TYPE_CHECKING:
    Edge = tuple[Cell, Direction]
    """One side of a city cell: the cell and the direction the side faces."""

#: The four directions in clockwise order, starting north (§3.1).
CLOCKWISE: Final[tuple[Direction, ...]] = ("N", "E", "S", "W")

#: How one step in each direction changes ``(row, col)`` (§3.1: row grows south, col grows east).
_OFFSETS: Final[Mapping[Direction, Cell]] = MappingProxyType({"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)})


# ---------------------------------------------------------------------------------------------
# §3.1 Cells, sides and reading order
# ---------------------------------------------------------------------------------------------


def step(cell: Cell, direction: Direction) -> Cell:
    """§3.1: the cell next to ``cell`` on its ``direction`` side."""
    d_row, d_col = _OFFSETS[direction]
    return (cell[0] + d_row, cell[1] + d_col)


def turn_clockwise(direction: Direction) -> Direction:
    """§3.1: the direction a quarter turn clockwise from ``direction`` (N→E→S→W→N)."""
    return CLOCKWISE[(CLOCKWISE.index(direction) + 1) % len(CLOCKWISE)]


def turn_anticlockwise(direction: Direction) -> Direction:
    """§3.1: the direction a quarter turn anticlockwise from ``direction`` (N→W→S→E→N)."""
    return CLOCKWISE[(CLOCKWISE.index(direction) - 1) % len(CLOCKWISE)]


def neighbours(cell: Cell) -> tuple[Cell, ...]:
    """§3.1: the four cells sharing a side with ``cell``, in the order N, E, S, W."""
    return tuple(step(cell, direction) for direction in CLOCKWISE)


def reading_order(cells: Iterable[Cell]) -> list[Cell]:
    """R-RES-2, §3.1: the distinct cells top row first, each row from west to east."""
    return sorted(set(cells), key=_reading_key)


def _reading_key(cell: Cell) -> tuple[int, int]:
    """R-RES-2: a cell's place in reading order is its row, then its column."""
    row, col = cell
    return (row, col)


# ---------------------------------------------------------------------------------------------
# R-RES-11, §7.5 step 3: adjacency
# ---------------------------------------------------------------------------------------------


def adjacent_count(cell: Cell, cells: Iterable[Cell]) -> int:
    """R-RES-11: how many of ``cells`` share a side with ``cell`` (``cell`` itself never counts).

    With a player's mastered cells this is the +1-per-adjacent-master tie-break (A-34, per master).
    """
    others = set(cells)
    return sum(1 for neighbour in neighbours(cell) if neighbour in others)


def adjacent_pairs(cells: Iterable[Cell]) -> int:
    """§7.5 step 3, EX-5, invariant 20: the unordered pairs of ``cells`` that share a side.

    The edges of the 4-adjacency graph on the cells: a 2×2 square has 4, a line of k has k − 1.
    Each pair is counted once, from its western or northern cell.
    """
    found = set(cells)
    return sum(1 for cell in found for direction in ("E", "S") if step(cell, direction) in found)


def is_connected(cells: Iterable[Cell]) -> bool:
    """Invariant 10 of §11: every cell reaches every other through cells sharing sides.

    No cells at all is no city, so the empty set is not connected.
    """
    found = set(cells)
    if not found:
        return False
    return _reachable(next(iter(found)), found) == found


def _reachable(origin: Cell, cells: set[Cell]) -> set[Cell]:
    """§3.1: the cells of ``cells`` reached from ``origin`` through shared sides."""
    seen = {origin}
    frontier = [origin]
    while frontier:
        for neighbour in neighbours(frontier.pop()):
            if neighbour in cells and neighbour not in seen:
                seen.add(neighbour)
                frontier.append(neighbour)
    return seen


# ---------------------------------------------------------------------------------------------
# R-SETUP-3, R-RES-17, R-GROW-6, A-07: where the beadle goes
# ---------------------------------------------------------------------------------------------


def lowest_numbered(candidates: Mapping[Cell, int]) -> Cell | None:
    """R-SETUP-3, R-RES-17, §4.6, R-GROW-6, A-07: the cell with the lowest guild number.

    ``candidates`` maps each eligible cell (a face-up guild tile) to its guild order number. A tie
    on the number goes to the cell first in reading order (A-07); no candidate gives ``None``
    (the beadle waits off the board, A-07).
    """
    if not candidates:
        return None
    return min(candidates, key=lambda cell: (candidates[cell], _reading_key(cell)))


# ---------------------------------------------------------------------------------------------
# §4.7.3 Adding new tiles: the clockwise contour walk (R-GROW-3, R-GROW-4, A-06)
# ---------------------------------------------------------------------------------------------


def expansion_cells(occupied: Iterable[Cell], compass: Cell, direction: Direction, k: int) -> list[Cell]:
    """§4.7.3 (R-GROW-3, R-GROW-4, A-06): the cells of the next ``k`` new tiles, in placing order.

    ``occupied`` is the city before this expansion (tiles and Guildhall cells), ``compass`` the
    Guildhall cell carrying the compass rose, ``direction`` the way the first tile goes (N after
    round 3, E after 6, S after 9, W after 12). The walk goes clockwise round the outside of the
    city, keeping the city on its right, and lists the empty cells it passes in the order it first
    meets them; the first ``k`` are the answer. Only cells sharing a side with the pre-expansion
    city are listed (a cell touching it at a corner only is passed over), and cells enclosed by
    the city are never reached. With fewer such cells than ``k``, all of them are returned.

    Raises ``ValueError`` when ``compass`` is not a cell of ``occupied``.
    """
    city = frozenset(occupied)
    if compass not in city:
        raise ValueError(f"the compass cell {compass} is not a cell of the city")
    chosen: list[Cell] = []
    for cell in _contour_outside_cells(city, start_edge(city, compass, direction)):
        if len(chosen) >= k:
            break
        if cell not in chosen:
            chosen.append(cell)
    return chosen


def start_edge(city: frozenset[Cell], compass: Cell, direction: Direction) -> Edge:
    """R-GROW-3: the side the first new tile goes against.

    From the compass cell, follow its column (N, S) or row (E, W) to the last city cell in
    ``direction``; the first new tile goes on that cell's ``direction`` side. Nothing lies beyond
    it on that line, so the side is on the outer edge of the city.
    """
    axis = 1 if direction in ("N", "S") else 0
    line = [cell for cell in city if cell[axis] == compass[axis]]
    beyond = _OFFSETS[direction]
    farthest = max(line, key=lambda cell: cell[0] * beyond[0] + cell[1] * beyond[1])
    return (farthest, direction)


def _contour_outside_cells(city: frozenset[Cell], first: Edge) -> Iterator[Cell]:
    """R-GROW-4, A-06: the empty cell beyond each side met walking clockwise round ``city``.

    Starts at the side ``first`` and stops before meeting it again. A cell is yielded once per side
    of the city it touches, so it may come more than once. The walk only ever stands on sides of a
    city cell whose neighbour beyond is empty, and there are at most four per cell, so bounding it
    by ``4 * len(city)`` steps changes nothing for any city and guarantees it ends.
    """
    edge = first
    for _ in range(4 * len(city)):
        cell, side = edge
        yield step(cell, side)
        edge = _next_edge(city, edge)
        if edge == first:
            return


def _next_edge(city: frozenset[Cell], edge: Edge) -> Edge:
    """R-GROW-4, A-06: one step clockwise along the outside of ``city`` (the city on the right).

    Standing on side ``side`` of ``cell`` and walking a quarter turn clockwise from ``side``:

    * the cell ahead on the outside belongs to the city (an inner corner): turn left onto it, and
      keep the same empty cell beside the walk;
    * else the cell ahead on the city side belongs to the city: walk straight on along it;
    * else (an outer corner): turn right round ``cell``, onto its next side.
    """
    cell, side = edge
    heading = turn_clockwise(side)
    ahead = step(cell, heading)
    ahead_outside = step(ahead, side)
    if ahead_outside in city:
        return (ahead_outside, turn_anticlockwise(side))
    if ahead in city:
        return (ahead, side)
    return (cell, heading)
