"""Carpenters fences (§6.3 G13): the geometry of splitting an area, as pure functions over an immutable board.

An area X's ``boundary`` (§9.5) is the clockwise cycle ``b_0 … b_{n-1}`` of the paths and gaps around it. A fence
runs between two **cut points** on that cycle: the vertex right after an item, or the interior of a *path* item
(never of a gap, A-16). The canonical positions number them ``2i`` (interior of ``b_i``) and ``2i + 1`` (the vertex
after ``b_i``); a :class:`Fence` always lists its earlier cut first, so every fence has exactly one spelling.

Splitting X (§6.3 G13, §9.5 "runtime mutation") replaces it by ``X.1`` (bounded by the arc clockwise from the
first cut to the second, then the fence) and ``X.2`` (the arc from the second cut back to the first, then the
fence); an item cut in its interior lies on both arcs. Path sides and gap areas naming X are rewritten by arc, and
a new path ``F<k>`` with sides ``[[X.1], [X.2]]``, ``fence = true`` and no length is appended. The result keeps
every §9.6 rule 7 boundary invariant, so :mod:`engines.walled_city.districts` and every ``Board`` lookup work on
it unchanged (a double-T path simply has 2 + 2 sides, §5.8).

[D] Areas whose boundary lists some item twice (§9.5 calls this "not expected") cannot be fenced: the cut items
would be ambiguous and an arc could not say which side of such an item it lies on.
"""

from __future__ import annotations

from functools import lru_cache

import msgspec
from msgspec.structs import replace

from engines.walled_city.board import Area, Board, BoardPath, Gap


class Fence(msgspec.Struct, frozen=True, gc=False):
    """A Carpenters fence (§6.3 G13): it splits ``area`` between two cut points on its clockwise boundary.
    A cut point is the vertex right after boundary item ``first`` (``first_inside`` false) or the interior of
    path ``first`` (``first_inside`` true); likewise ``second``."""

    area: str
    first: str
    first_inside: bool
    second: str
    second_inside: bool


def halves(area: str) -> tuple[str, str]:
    """The ids of the two new areas (§6.3 G13 "X1 and X2"): f"{area}.1" (the arc clockwise from the first cut to
    the second) and f"{area}.2"."""
    return f"{area}.1", f"{area}.2"


def fence_id(board: Board) -> str:
    """Id of the next fence path (§9.5 runtime mutation): "F1", "F2", ... (one more than the fences already on
    ``board``)."""
    return f"F{sum(1 for p in board.paths if p.fence) + 1}"


# -- cut points -----------------------------------------------------------------------------------------------


def _position(boundary: tuple[str, ...], item: str, inside: bool) -> int:
    """The canonical position of a cut point: ``2i`` inside ``b_i``, ``2i + 1`` at the vertex after it."""
    return 2 * boundary.index(item) + (0 if inside else 1)


def _describe(item: str, inside: bool) -> str:
    return f"inside {item}" if inside else f"at the vertex after {item}"


def _x_side(board: Board, path: str, area: str) -> tuple[str, ...]:
    """The side of ``path`` that lists ``area`` (rule 7 guarantees one when ``path`` is on ``area``'s boundary)."""
    return next((side for side in board.path[path].sides if area in side), ())


def _cut_error(board: Board, area: str, item: str, inside: bool) -> str | None:
    """Why one cut point is illegal (§6.3 G13, A-16), or ``None``."""
    boundary = board.area[area].boundary or ()
    if item not in boundary:
        return f"Area {area} has no boundary item {item}"
    if not inside:
        return None
    if item not in board.path:
        return f"A fence cannot end inside {item}: only a path's interior can hold a cut point, never a gap (A-16)"
    if len(_x_side(board, item, area)) >= 2:
        return f"A fence cannot end inside path {item}: its {area} side already lists 2 areas (A-16)"
    return None


def check_fence(board: Board, fence: Fence) -> str | None:
    """None if legal, else a player-readable message naming the area/item (§6.3 G13, A-16, §9.6 rules 1 and 15).

    Rules: the area exists and has boundary data (listing no item twice); both cut items are on its boundary; an
    interior cut only inside a PATH (never a gap, A-16), and never inside a path whose X-side already lists 2 areas
    (A-16); the two cut points are distinct and not both inside the same item (A-16); first strictly before second
    in the canonical order (so each fence has one spelling); the new ids are still free (rule 1).
    """
    x = fence.area
    if x not in board.area:
        return f"There is no area {x}"
    boundary = board.area[x].boundary
    if boundary is None:
        return f"Area {x} has no boundary data, so the Carpenters cannot split it (§9.6 rule 15)"
    twice = next((item for i, item in enumerate(boundary) if item in boundary[:i]), None)
    if twice is not None:
        return f"Area {x} lists {twice} twice on its boundary, so the Carpenters cannot split it"
    for item, inside in ((fence.first, fence.first_inside), (fence.second, fence.second_inside)):
        error = _cut_error(board, x, item, inside)
        if error is not None:
            return error
    if fence.first == fence.second and fence.first_inside and fence.second_inside:
        return f"A fence cannot have both ends inside {fence.first} (A-16)"
    first = _position(boundary, fence.first, fence.first_inside)
    second = _position(boundary, fence.second, fence.second_inside)
    if first == second:
        return f"A fence needs two distinct cut points; both are {_describe(fence.first, fence.first_inside)}"
    if first > second:
        return (
            f"Cut points out of order in area {x}: the cut {_describe(fence.second, fence.second_inside)} comes "
            f"clockwise before the cut {_describe(fence.first, fence.first_inside)}, so list it first"
        )
    taken = [i for i in (*halves(x), fence_id(board)) if board.kind(i) is not None]
    if taken:
        return f"The fence across {x} needs the new id(s) {', '.join(taken)}, already used on the board"
    return None


def fence_options(board: Board, area: str) -> list[Fence]:
    """Every legal fence of ``area`` (§6.3 G13) in a canonical order, each unordered pair of cut points listed once
    (first cut strictly before the second in the canonical position order: position 2i = interior of boundary
    item i, 2i+1 = the vertex after item i). Empty if the area has no boundary data."""
    known = board.area.get(area)
    if known is None or known.boundary is None:
        return []
    cuts = [(item, inside) for item in known.boundary for inside in (True, False)]
    legal = [(item, inside) for item, inside in cuts if _cut_error(board, area, item, inside) is None]
    options = [
        Fence(area, a, a_inside, b, b_inside) for i, (a, a_inside) in enumerate(legal) for b, b_inside in legal[i + 1 :]
    ]
    return [f for f in options if check_fence(board, f) is None]


# -- the split ------------------------------------------------------------------------------------------------


def _arcs(boundary: tuple[str, ...], first: int, second: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The boundary items clockwise from cut position ``first`` to ``second``, and from ``second`` back to
    ``first`` (an item cut in its interior ends one arc and starts the other)."""
    n = len(boundary)
    one = boundary[(first + 1) // 2 : second // 2 + 1]
    start, stop = (second + 1) // 2, first // 2 + n
    two = tuple(boundary[i % n] for i in range(start, stop + 1))
    return one, two


def apply_fence(board: Board, fence: Fence) -> Board:
    """The board after the fence (§6.3 G13, §9.5 runtime mutation): X is replaced (at X's position in `areas`)
    by X.1 and X.2; X.1's boundary is the arc's items clockwise from the first cut to the second, then the fence;
    X.2's the items from the second cut back to the first, then the fence (an item cut in its interior appears in
    both arcs). Every path's side listing X gets X.1 or X.2 by the arc it lies on, or BOTH (sorted, X.1 first)
    when the cut is inside it (so it becomes a T-path, or a double-T if its other side already had 2 areas).
    Gaps get the area of their arc. A new path `fence_id(board)` with sides ((X.1,), (X.2,)), fence=True,
    length None is appended to `paths`. New areas: die_spots 0, survey_spot False, X's provenance, source
    f"fence {id} across {X} (Carpenters, §6.3 G13)". The ring, towers and zones are unchanged. Precondition:
    check_fence(board, fence) is None (raise ValueError otherwise)."""
    error = check_fence(board, fence)
    if error is not None:
        raise ValueError(error)
    x = board.area[fence.area]
    boundary = x.boundary or ()
    one_id, two_id = halves(x.id)
    new_path = fence_id(board)
    first = _position(boundary, fence.first, fence.first_inside)
    second = _position(boundary, fence.second, fence.second_inside)
    arc_one, arc_two = _arcs(boundary, first, second)
    source = f"fence {new_path} across {x.id} (Carpenters, §6.3 G13)"

    def half(area_id: str, arc: tuple[str, ...]) -> Area:
        return Area(area_id, 0, False, x.provenance, source, (*arc, new_path))

    def owners(item: str) -> tuple[str, ...]:
        """The new area(s) bordering ``item``: X.1 before X.2."""
        return tuple(h for h, arc in ((one_id, arc_one), (two_id, arc_two)) if item in arc)

    def rewrite_path(p: BoardPath) -> BoardPath:
        if not any(x.id in side for side in p.sides):
            return p
        sides = tuple(tuple(a for b in side for a in (owners(p.id) if b == x.id else (b,))) for side in p.sides)
        return replace(p, sides=sides)

    def rewrite_gap(g: Gap) -> Gap:
        return g if g.area != x.id else replace(g, area=owners(g.id)[0])

    split = (half(one_id, arc_one), half(two_id, arc_two))
    areas = tuple(a for old in board.areas for a in (split if old.id == x.id else (old,)))
    fence_path = BoardPath(new_path, None, ((one_id,), (two_id,)), x.provenance, source, fence=True)
    return replace(
        board,
        areas=areas,
        paths=(*(rewrite_path(p) for p in board.paths), fence_path),
        gaps=tuple(rewrite_gap(g) for g in board.gaps),
    )


class _Identity:
    """Hashes a board by identity, so the cache never hashes a whole board (and holds it, so ids stay unique)."""

    __slots__ = ("board",)

    def __init__(self, board: Board) -> None:
        self.board = board

    def __hash__(self) -> int:
        return id(self.board)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Identity) and other.board is self.board


@lru_cache(maxsize=4096)
def _fenced(base: _Identity, fences: tuple[Fence, ...]) -> Board:
    if not fences:
        return base.board
    return apply_fence(_fenced(base, fences[:-1]), fences[-1])


def fenced(base: Board, fences: tuple[Fence, ...]) -> Board:
    """`base` with `fences` applied in order (§6.3 G13; the state keeps the fences, the board is derived). Memoised
    per base board object and fence prefix, so successive states share work. With no fences return `base` itself.
    Raises ValueError if some fence is illegal on the board before it."""
    return _fenced(_Identity(base), tuple(fences))
