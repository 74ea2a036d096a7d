"""Walls of York board geometry: fields, edges, formations, symmetries and wall enclosure.

Implements the rules' §3.3 (coordinates), §5.2–§5.4 (formations, transforms,
normalisation, placements), §6 (wall enclosure, valid city, candidate enumeration) and §7.5.2
(longest wall). Everything is a pure function over plain ``int`` bitmasks; the lookup tables
below are immutable tuples built once at import.

Representation (fixed; the engine depends on it):

* **Field** ``(c, r)`` has index ``f = c + 8*r`` (0..63). A *field set* is an ``int`` with bit ``f``.
* **Edge** ``H(x, y)`` has index ``y*8 + x`` (0..71); ``V(x, y)`` has index ``72 + y*9 + x``
  (72..143). A *wall set* is an ``int`` with bit ``e`` for every walled edge.
  Note that the top side of field ``f`` is edge ``H`` number ``f`` and its bottom side is ``f + 8``.
* **Doubled coordinates** (§3.3): the midpoint of ``H(x, y)`` is ``(2x+1, 2y)``, of ``V(x, y)`` is
  ``(2x, 2y+1)``, the centre of field ``(c, r)`` is ``(2c+1, 2r+1)``, lattice point ``(x, y)`` is
  ``(2x, 2y)``. Formations are tuples of midpoints.
* **Symmetry** ``g`` is an ``int`` 0..7: first ``g % 4`` quarter turns clockwise, then, if
  ``g >= 4``, a left↔right mirror (§5.2, with ``y`` growing downwards).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from typing import Final

# ---------------------------------------------------------------------------------------------
# §3.3 Constants
# ---------------------------------------------------------------------------------------------

SIZE: Final = 8
FIELDS: Final = 64
EDGES: Final = 144
H_EDGES: Final = 72
EXTERIOR: Final = -1

ALL_FIELDS: Final = (1 << FIELDS) - 1
ALL_EDGES: Final = (1 << EDGES) - 1
H_MASK: Final = (1 << H_EDGES) - 1
V_MASK: Final = ALL_EDGES ^ H_MASK

ROW0: Final = 0xFF
ROW7: Final = 0xFF << 56
COL0: Final = sum(1 << (8 * r) for r in range(SIZE))
COL7: Final = COL0 << 7
#: Fields with at least one perimeter edge (they touch EXTERIOR).
BORDER: Final = ROW0 | ROW7 | COL0 | COL7
_NOT_ROW0: Final = ALL_FIELDS ^ ROW0
_NOT_ROW7: Final = ALL_FIELDS ^ ROW7
_NOT_COL0: Final = ALL_FIELDS ^ COL0
_NOT_COL7: Final = ALL_FIELDS ^ COL7


def edge_index(kind: str, x: int, y: int) -> int:
    """§3.3: index of ``H(x, y)`` (x 0..7, y 0..8) or ``V(x, y)`` (x 0..8, y 0..7).

    Raises ``ValueError`` for an unknown kind or coordinates off the board.
    """
    k = kind.upper()
    if k == "H":
        if 0 <= x < 8 and 0 <= y <= 8:
            return y * 8 + x
        raise ValueError(f"edge H {x} {y} is off the board: H(x, y) needs x in 0..7 and y in 0..8")
    if k == "V":
        if 0 <= x <= 8 and 0 <= y < 8:
            return H_EDGES + y * 9 + x
        raise ValueError(f"edge V {x} {y} is off the board: V(x, y) needs x in 0..8 and y in 0..7")
    raise ValueError(f"unknown edge kind {kind!r}: expected 'H' or 'V'")


def _edge_coords_uncached(i: int) -> tuple[str, int, int]:
    if i < H_EDGES:
        return ("H", i % 8, i // 8)
    j = i - H_EDGES
    return ("V", j % 9, j // 9)


#: ``EDGE_COORDS[e] = (kind, x, y)``.
EDGE_COORDS: Final[tuple[tuple[str, int, int], ...]] = tuple(_edge_coords_uncached(i) for i in range(EDGES))
#: ``EDGE_NAMES[e] = "H x y" | "V x y"``.
EDGE_NAMES: Final[tuple[str, ...]] = tuple(f"{k} {x} {y}" for k, x, y in EDGE_COORDS)
#: ``FIELD_NAMES[f] = "c,r"``.
FIELD_NAMES: Final[tuple[str, ...]] = tuple(f"{f % 8},{f // 8}" for f in range(FIELDS))


def _check_edge(i: int) -> None:
    if not 0 <= i < EDGES:
        raise ValueError(f"edge index {i} out of range 0..{EDGES - 1}")


def _check_field(f: int) -> None:
    if not 0 <= f < FIELDS:
        raise ValueError(f"field index {f} out of range 0..{FIELDS - 1}")


def edge_coords(i: int) -> tuple[str, int, int]:
    """§3.3: ``(kind, x, y)`` of edge index ``i``."""
    _check_edge(i)
    return EDGE_COORDS[i]


def edge_name(i: int) -> str:
    """§3.3: ``"H x y"`` or ``"V x y"`` for edge index ``i``."""
    _check_edge(i)
    return EDGE_NAMES[i]


_EDGE_RE: Final = re.compile(r"^\s*([HVhv])\s*\(?\s*(\d+)\s*[\s,]\s*(\d+)\s*\)?\s*$")
EDGE_PATTERN: Final = _EDGE_RE
"""What ``parse_edge`` reads: a kind (``H``/``V``) and two numbers."""


def parse_edge(name: str) -> int:
    """Edge index from ``"H x y"`` / ``"V x y"`` (also accepts ``"H(x, y)"``); ``ValueError`` if bad."""
    m = _EDGE_RE.match(name) if isinstance(name, str) else None
    if m is None:
        raise ValueError(f"bad edge name {name!r}: expected 'H x y' or 'V x y', e.g. 'H 3 4'")
    return edge_index(m.group(1), int(m.group(2)), int(m.group(3)))


def field_index(c: int, r: int) -> int:
    """§3.3: index ``c + 8*r`` of field ``(c, r)``; ``ValueError`` if off the board."""
    if not (0 <= c < 8 and 0 <= r < 8):
        raise ValueError(f"field {c},{r} is off the board: c and r must be in 0..7")
    return c + 8 * r


def field_name(f: int) -> str:
    """``"c,r"`` for field index ``f``."""
    _check_field(f)
    return FIELD_NAMES[f]


_FIELD_RE: Final = re.compile(r"^\s*\(?\s*(\d+)\s*[\s,]\s*(\d+)\s*\)?\s*$")


def parse_field(name: str) -> int:
    """Field index from ``"c,r"`` (also ``"(c, r)"`` or ``"c r"``); ``ValueError`` if bad."""
    m = _FIELD_RE.match(name) if isinstance(name, str) else None
    if m is None:
        raise ValueError(f"bad field name {name!r}: expected 'c,r', e.g. '3,4'")
    return field_index(int(m.group(1)), int(m.group(2)))


def bits(mask: int) -> tuple[int, ...]:
    """Indices of the set bits of a non-negative ``mask``, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


def mask_of(indices: Iterable[int]) -> int:
    """Bitmask with bit ``i`` set for every ``i`` in ``indices`` (fields or edges)."""
    m = 0
    for i in indices:
        m |= 1 << i
    return m


def _sides_uncached(f: int) -> tuple[tuple[int, int], ...]:
    c, r = f % 8, f // 8
    return (
        (f - 8 if r > 0 else EXTERIOR, edge_index("H", c, r)),
        (f + 8 if r < 7 else EXTERIOR, edge_index("H", c, r + 1)),
        (f - 1 if c > 0 else EXTERIOR, edge_index("V", c, r)),
        (f + 1 if c < 7 else EXTERIOR, edge_index("V", c + 1, r)),
    )


#: ``SIDES[f]`` = the 4 ``(neighbour or EXTERIOR, edge)`` pairs of field ``f``: top, bottom, left, right.
SIDES: Final[tuple[tuple[tuple[int, int], ...], ...]] = tuple(_sides_uncached(f) for f in range(FIELDS))


def sides(f: int) -> tuple[tuple[int, int], ...]:
    """§3.3/§6.5: the four ``(neighbour field or EXTERIOR, edge index)`` pairs (top, bottom, left, right)."""
    _check_field(f)
    return SIDES[f]


def _edge_fields_uncached(e: int) -> tuple[int, int]:
    kind, x, y = EDGE_COORDS[e]
    if kind == "H":
        return (x + 8 * (y - 1) if y > 0 else EXTERIOR, x + 8 * y if y < 8 else EXTERIOR)
    return (x - 1 + 8 * y if x > 0 else EXTERIOR, x + 8 * y if x < 8 else EXTERIOR)


#: ``EDGE_FIELDS[e]`` = the two sides of edge ``e``: (above, below) for H, (left, right) for V;
#: ``EXTERIOR`` beyond the board.
EDGE_FIELDS: Final[tuple[tuple[int, int], ...]] = tuple(_edge_fields_uncached(e) for e in range(EDGES))

#: The 32 perimeter edges (§3.3).
PERIMETER: Final = mask_of(e for e in range(EDGES) if EXTERIOR in EDGE_FIELDS[e])


def edge_fields(e: int) -> tuple[int, int]:
    """§3.3: the fields separated by edge ``e`` (above/below or left/right; ``EXTERIOR`` off the board)."""
    _check_edge(e)
    return EDGE_FIELDS[e]


def edge_endpoints(e: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """§3.3: the two lattice points ``(x, y)`` joined by edge ``e``."""
    kind, x, y = edge_coords(e)
    return ((x, y), (x + 1, y)) if kind == "H" else ((x, y), (x, y + 1))


def edge_midpoint(e: int) -> tuple[int, int]:
    """§3.3: doubled-coordinate midpoint of edge ``e``."""
    kind, x, y = edge_coords(e)
    return (2 * x + 1, 2 * y) if kind == "H" else (2 * x, 2 * y + 1)


def midpoint_edge(u: int, v: int) -> int | None:
    """§3.3: the edge with midpoint ``(u, v)``, or ``None`` if it is not a real edge of the board."""
    if not (0 <= u <= 16 and 0 <= v <= 16):
        return None
    if u & 1 and not v & 1:
        return (v >> 1) * 8 + (u >> 1)
    if v & 1 and not u & 1:
        return H_EDGES + (v >> 1) * 9 + (u >> 1)
    return None


# ---------------------------------------------------------------------------------------------
# Row packing between the 8-wide field layout and the 9-wide V-edge layout
# ---------------------------------------------------------------------------------------------
# V(x, y) sits at bit 9y + x of ``W >> 72``; field (c, r) at bit 8r + c. Rows are moved by
# 1, 2 and 4 bit positions in three masked steps (no two 8-bit rows ever overlap on the way).

_V8: Final = sum(0xFF << (9 * r) for r in range(SIZE))  # x = 0..7 of every V row


def _rows_mask(width: int, stride_of: Sequence[int], pick: int) -> int:
    return sum(((1 << width) - 1) << stride_of[r] for r in range(SIZE) if r & pick)


_COMPACT_STEPS: Final = tuple((_rows_mask(8, [9 * r - (r & (s - 1)) for r in range(SIZE)], s), s) for s in (1, 2, 4))
_EXPAND_STEPS: Final = tuple(
    (_rows_mask(8, [8 * r + (r & ~((s << 1) - 1) & 7) for r in range(SIZE)], s), s) for s in (4, 2, 1)
)


def _compact(v: int) -> int:
    """Bits ``9r + c`` (c 0..7) → ``8r + c``. ``v`` must have no bits at ``9r + 8``."""
    for m, s in _COMPACT_STEPS:
        v = (v & ~m) | ((v & m) >> s)
    return v


def _expand(f: int) -> int:
    """Bits ``8r + c`` → ``9r + c`` (inverse of ``_compact``)."""
    for m, s in _EXPAND_STEPS:
        f = (f & ~m) | ((f & m) << s)
    return f


def _walled_sides(w: int) -> tuple[int, int, int, int]:
    """Field masks whose top / bottom / left / right side is walled in ``w``."""
    v = w >> H_EDGES
    return (
        w & ALL_FIELDS,
        (w >> 8) & ALL_FIELDS,
        _compact(v & _V8),
        _compact((v >> 1) & _V8),
    )


def _fill(seed: int, up: int, down: int, left: int, right: int) -> int:
    """Flood fill from ``seed``; a field may step in a direction where its mask bit is set."""
    cur = seed
    while True:
        nxt = cur | ((cur & up) >> 8) | ((cur & down) << 8) | ((cur & left) >> 1) | ((cur & right) << 1)
        if nxt == cur:
            return cur
        cur = nxt


def _fill_within(seed: int, region: int) -> int:
    """Flood fill from ``seed`` inside ``region`` ignoring walls (4-connectivity)."""
    cur = seed & region
    while True:
        nxt = (cur | (cur >> 8) | (cur << 8) | ((cur & _NOT_COL0) >> 1) | ((cur & _NOT_COL7) << 1)) & region
        if nxt == cur:
            return cur
        cur = nxt


def _moves(w: int) -> tuple[int, int, int, int, int]:
    """(exterior seeds, up, down, left, right) step masks of the field graph ``G_W`` (§6.2)."""
    top, bottom, left, right = _walled_sides(w)
    free_top = ~top & ALL_FIELDS
    free_bottom = ~bottom & ALL_FIELDS
    free_left = ~left & ALL_FIELDS
    free_right = ~right & ALL_FIELDS
    seeds = (free_top & ROW0) | (free_bottom & ROW7) | (free_left & COL0) | (free_right & COL7)
    return (
        seeds,
        free_top & _NOT_ROW0,
        free_bottom & _NOT_ROW7,
        free_left & _NOT_COL0,
        free_right & _NOT_COL7,
    )


# ---------------------------------------------------------------------------------------------
# §6.2 Field graph, outside, rooms
# ---------------------------------------------------------------------------------------------


def outside(w: int) -> int:
    """§6.2: fields connected to EXTERIOR in ``G_W`` (unwalled perimeter edges lead outside)."""
    seeds, up, down, left, right = _moves(w)
    return _fill(seeds, up, down, left, right)


def enclosed(w: int) -> int:
    """§6.2/§11: ``enc(W)``, the fields that are not outside."""
    return ALL_FIELDS & ~outside(w)


def rooms(w: int) -> tuple[int, ...]:
    """§6.2: field masks of the components of ``G_W`` without EXTERIOR, ordered by lowest field."""
    seeds, up, down, left, right = _moves(w)
    rest = ALL_FIELDS & ~_fill(seeds, up, down, left, right)
    out = []
    while rest:
        room = _fill(rest & -rest, up, down, left, right)
        out.append(room)
        rest &= ~room
    return tuple(out)


def neighbours(fields: int) -> int:
    """Fields orthogonally adjacent to ``fields`` (walls ignored), excluding ``fields`` itself."""
    grown = (fields >> 8) | (fields << 8) | ((fields & _NOT_COL0) >> 1) | ((fields & _NOT_COL7) << 1)
    return grown & ALL_FIELDS & ~fields


def room_adjacency(w: int, room_list: Sequence[int] | None = None) -> tuple[int, ...]:
    """§6.2: room adjacency as bitmasks over room indices (bit ``j`` of entry ``i`` ⇔ rooms i, j adjacent).

    ``room_list`` defaults to ``rooms(w)``. Rooms are sealed (I-4), so two rooms that touch along an
    edge are always separated by a wall there.
    """
    rl = rooms(w) if room_list is None else tuple(room_list)
    adj = [0] * len(rl)
    if len(rl) <= 12:  # few rooms: pairwise mask tests are cheapest
        nb = [neighbours(r) for r in rl]
        for i in range(len(rl)):
            for j in range(i + 1, len(rl)):
                if nb[i] & rl[j]:
                    adj[i] |= 1 << j
                    adj[j] |= 1 << i
        return tuple(adj)
    room_of = [-1] * FIELDS
    for i, room in enumerate(rl):
        for f in bits(room):
            room_of[f] = i
    for i, room in enumerate(rl):
        for f in bits(neighbours(room)):
            j = room_of[f]
            if j >= 0:
                adj[i] |= 1 << j
    return tuple(adj)


def component_unions(w: int) -> tuple[int, ...]:
    """§6.4 item 3: ``U_K`` for each component ``K`` of the room-adjacency graph (each a valid city),
    ordered by lowest field."""
    rl = rooms(w)
    adj = room_adjacency(w, rl)
    seen = 0
    out = []
    for i in range(len(rl)):
        if seen >> i & 1:
            continue
        comp = 1 << i
        frontier = comp
        while frontier:
            low = frontier & -frontier
            frontier ^= low
            new = adj[low.bit_length() - 1] & ~comp
            comp |= new
            frontier |= new
        seen |= comp
        union = 0
        for j in bits(comp):
            union |= rl[j]
        out.append(union)
    return tuple(out)


# ---------------------------------------------------------------------------------------------
# §6.3 Valid city
# ---------------------------------------------------------------------------------------------


def boundary(city: int) -> int:
    """§6.3: ``∂C``, edges with a field of ``C`` on exactly one side (perimeter edges included)."""
    c = city & ALL_FIELDS
    top = c & ~(c << 8)
    bottom = c & ~(c >> 8)
    left = c & ~((c & _NOT_COL7) << 1)
    right = c & ~((c & _NOT_COL0) >> 1)
    v = _expand(left) | (_expand(right) << 1)
    return top | (bottom << 8) | (v << H_EDGES)


def is_connected(city: int) -> bool:
    """§6.3 V-c: ``C`` is non-empty and 4-connected (walls ignored)."""
    return city != 0 and _fill_within(city & -city, city) == city


def is_hole_free(city: int) -> bool:
    """§6.3 V-d: the fields not in ``C`` plus EXTERIOR form one 4-connected set (walls ignored)."""
    rest = ALL_FIELDS & ~city
    return _fill_within(rest & BORDER, rest) == rest


def _bad_field_set(city: int) -> str | None:
    if city < 0 or city > ALL_FIELDS:
        return f"not a field set: {city:#x} has bits outside fields 0..63"
    return None


def city_problems(city: int, w: int) -> list[str]:
    """§6.3: human-readable reasons why ``city`` is not a valid city for walls ``w``; empty iff valid.

    One message per failed condition, in the order V-a, V-b (first unwalled boundary edge),
    V-c (first field not reachable from the lowest city field), V-d (first hole field).
    """
    bad = _bad_field_set(city)
    if bad is not None:
        return [bad]
    words = {
        "empty": "empty: a city needs at least one field",
        "open": "not closed at edge {0}",
        "apart": "not connected: field {0} is cut off from field {1}",
        "hole": "field {0} is cut off inside the city (hole)",
    }
    return [words[kind].format(*where) for kind, where in city_problem_parts(city, w)]


def city_problem_parts(city: int, w: int) -> list[tuple[str, tuple[str, ...]]]:
    """§6.3 for a field set ``city``: each failed condition as a kind (``empty``, ``open``, ``apart``, ``hole``)
    and the streets or fields it names, in the order of ``city_problems``."""
    if city == 0:
        return [("empty", ())]
    problems: list[tuple[str, tuple[str, ...]]] = []
    open_edges = boundary(city) & ~w
    if open_edges:
        e = (open_edges & -open_edges).bit_length() - 1
        problems.append(("open", (EDGE_NAMES[e],)))
    start = city & -city
    cut = city & ~_fill_within(start, city)
    if cut:
        problems.append(("apart", (FIELD_NAMES[(cut & -cut).bit_length() - 1], FIELD_NAMES[start.bit_length() - 1])))
    rest = ALL_FIELDS & ~city
    holes = rest & ~_fill_within(rest & BORDER, rest)
    if holes:
        problems.append(("hole", (FIELD_NAMES[(holes & -holes).bit_length() - 1],)))
    return problems


def is_valid_city(city: int, w: int) -> bool:
    """§6.3: V-a ∧ V-b ∧ V-c ∧ V-d."""
    if city <= 0 or city > ALL_FIELDS:
        return False
    return not (boundary(city) & ~w) and is_connected(city) and is_hole_free(city)


# ---------------------------------------------------------------------------------------------
# §6.5 Candidate enumeration (ESU, Wernicke 2006)
# ---------------------------------------------------------------------------------------------


def _esu_extend(
    sub_fields: int, ext: int, above_v: int, nbhd: int, rl: Sequence[int], adj: Sequence[int]
) -> Iterator[int]:
    """Yield the field union of every connected room set extending ``sub`` (whose closed
    neighbourhood is ``nbhd``) by rooms taken from ``ext``."""
    yield sub_fields
    while ext:
        low = ext & -ext
        ext ^= low
        w = low.bit_length() - 1
        new_ext = ext | (adj[w] & above_v & ~nbhd)
        yield from _esu_extend(sub_fields | rl[w], new_ext, above_v, nbhd | adj[w] | low, rl, adj)


def iter_connected_room_sets(w: int) -> Iterator[int]:
    """§6.5 ``connected_subsets``: the field union of each connected set of rooms, each set once."""
    rl = rooms(w)
    adj = room_adjacency(w, rl)
    for v in range(len(rl)):
        above_v = ~((1 << (v + 1)) - 1)
        yield from _esu_extend(rl[v], adj[v] & above_v, above_v, adj[v] | (1 << v), rl, adj)


def iter_candidate_cities(w: int) -> Iterator[int]:
    """§6.5 ``candidate_cities`` as a lazy generator: every valid city of ``w`` exactly once (I-9)."""
    for c in iter_connected_room_sets(w):
        if is_hole_free(c):  # V-a, V-b, V-c hold by construction
            yield c


def candidate_cities(w: int, limit: int | None = None) -> tuple[int, ...]:
    """§6.5: valid cities (connected, hole-free room unions) in ESU order, at most ``limit`` of them.

    The count can grow exponentially (64 one-field rooms); pass ``limit`` in move generation and
    offer ``component_unions`` besides.
    """
    out = []
    if limit is not None and limit <= 0:
        return ()
    for c in iter_candidate_cities(w):
        out.append(c)
        if limit is not None and len(out) >= limit:
            break
    return tuple(out)


# ---------------------------------------------------------------------------------------------
# §7.5.2 Longest wall
# ---------------------------------------------------------------------------------------------

_H_NOT_X7: Final = mask_of(e for e in range(H_EDGES) if e % 8 != 7)


def longest_wall(w: int) -> int:
    """§7.5.2: length (in segments, 0..8) of the longest straight run of walls along one line."""
    m = w & H_MASK
    n = 0
    while m:
        n += 1
        m &= (m >> 1) & _H_NOT_X7
    best = n
    m = w >> H_EDGES
    n = 0
    while m:
        n += 1
        m &= m >> 9
    return max(best, n)


# ---------------------------------------------------------------------------------------------
# Board symmetries (§11 I-5)
# ---------------------------------------------------------------------------------------------

#: The 8 symmetries of the square board: ``g % 4`` clockwise quarter turns, then a mirror if ``g >= 4``.
SYMMETRIES: Final[tuple[int, ...]] = tuple(range(8))


def transform_point(u: int, v: int, g: int, centre: int = 0) -> tuple[int, int]:
    """§5.2: apply symmetry ``g`` to doubled coordinates ``(u, v)`` about ``(centre/2, centre/2)``.

    Rotation 90° clockwise: ``(u, v) → (−v, u)``; mirror: ``(u, v) → (−u, v)`` (about the origin
    when ``centre == 0``; use ``centre=16`` for the 8×8 board, whose doubled centre is (8, 8)).
    """
    for _ in range(g & 3):
        u, v = centre - v, u
    if g & 4:
        u = centre - u
    return (u, v)


def _perm_fields(g: int) -> tuple[int, ...]:
    out = []
    for f in range(FIELDS):
        u, v = transform_point(2 * (f % 8) + 1, 2 * (f // 8) + 1, g, 16)
        out.append((u >> 1) + 8 * (v >> 1))
    return tuple(out)


def _perm_edges(g: int) -> tuple[int, ...]:
    out = []
    for e in range(EDGES):
        u, v = transform_point(*edge_midpoint(e), g, 16)
        t = midpoint_edge(u, v)
        assert t is not None
        out.append(t)
    return tuple(out)


FIELD_PERM: Final[tuple[tuple[int, ...], ...]] = tuple(_perm_fields(g) for g in SYMMETRIES)
EDGE_PERM: Final[tuple[tuple[int, ...], ...]] = tuple(_perm_edges(g) for g in SYMMETRIES)


def _check_g(g: int) -> None:
    if g not in SYMMETRIES:
        raise ValueError(f"symmetry {g} out of range 0..7")


def inverse_symmetry(g: int) -> int:
    """The symmetry undoing ``g`` (mirrors are their own inverse; rotations by k undo with 4−k)."""
    _check_g(g)
    return g if g & 4 else (4 - g) & 3


def transform_field(f: int, g: int) -> int:
    """I-5: image of field ``f`` under board symmetry ``g``."""
    _check_g(g)
    _check_field(f)
    return FIELD_PERM[g][f]


def transform_edge(e: int, g: int) -> int:
    """I-5: image of edge ``e`` under board symmetry ``g``."""
    _check_g(g)
    _check_edge(e)
    return EDGE_PERM[g][e]


def transform_mask_fields(mask: int, g: int) -> int:
    """I-5: image of a field set under board symmetry ``g``."""
    _check_g(g)
    perm = FIELD_PERM[g]
    out = 0
    for f in bits(mask & ALL_FIELDS):
        out |= 1 << perm[f]
    return out


def transform_mask_edges(mask: int, g: int) -> int:
    """I-5: image of a wall set under board symmetry ``g``."""
    _check_g(g)
    perm = EDGE_PERM[g]
    out = 0
    for e in bits(mask & ALL_EDGES):
        out |= 1 << perm[e]
    return out


# ---------------------------------------------------------------------------------------------
# §5.2 Formations: variants, normalisation, placements
# ---------------------------------------------------------------------------------------------

Midpoint = tuple[int, int]
Variant = tuple[Midpoint, ...]
Placement = tuple[int, int, int]  # (dx, dy, edge mask)


def _as_shape(midpoints: Iterable[Sequence[int]]) -> Variant:
    pts = []
    for p in midpoints:
        if len(p) != 2:
            raise ValueError(f"bad midpoint {p!r}: expected a pair (u, v)")
        u, v = int(p[0]), int(p[1])
        if (u & 1) == (v & 1):
            raise ValueError(f"bad midpoint ({u}, {v}): exactly one coordinate must be odd (§3.3)")
        pts.append((u, v))
    if not pts:
        raise ValueError("a formation needs at least one segment")
    shape = tuple(sorted(pts))
    if len(set(shape)) != len(shape):
        raise ValueError(f"formation {shape} repeats a segment")
    return shape


def normalise(midpoints: Iterable[Sequence[int]]) -> Variant:
    """§5.2: translate by ``(−2⌊min u/2⌋, −2⌊min v/2⌋)``; returned as a sorted tuple of midpoints."""
    shape = _as_shape(midpoints)
    du = 2 * (min(u for u, _ in shape) // 2)
    dv = 2 * (min(v for _, v in shape) // 2)
    return tuple(sorted((u - du, v - dv) for u, v in shape))


@lru_cache(maxsize=256)
def _variants(shape: Variant) -> tuple[Variant, ...]:
    images = {normalise([transform_point(u, v, g) for u, v in shape]) for g in SYMMETRIES}
    return tuple(sorted(images))


def variants(midpoints: Iterable[Sequence[int]]) -> tuple[Variant, ...]:
    """§5.2: the distinct normalised images of a formation under the 8 transforms, sorted.

    The order depends only on the formation's shape, not on which representative is given (I-6),
    so a variant *index* is stable.
    """
    return _variants(normalise(midpoints))


def placement_mask(variant: Iterable[Sequence[int]], dx: int, dy: int) -> int | None:
    """§5.2: edge mask of ``variant`` shifted by ``(2dx, 2dy)``, or ``None`` if any segment is off the board."""
    mask = 0
    for u, v in _as_shape(variant):
        e = midpoint_edge(u + 2 * dx, v + 2 * dy)
        if e is None:
            return None
        mask |= 1 << e
    return mask


@lru_cache(maxsize=256)
def _placements(shape: Variant) -> tuple[Placement, ...]:
    us = [u for u, _ in shape]
    vs = [v for _, v in shape]
    # 0 <= u + 2dx <= 16 for every u (parity is preserved, so odd values land in 1..15).
    dx_lo, dx_hi = -(min(us) // 2), (16 - max(us)) // 2
    dy_lo, dy_hi = -(min(vs) // 2), (16 - max(vs)) // 2
    out = []
    for dy in range(dy_lo, dy_hi + 1):
        for dx in range(dx_lo, dx_hi + 1):
            m = placement_mask(shape, dx, dy)
            assert m is not None
            out.append((dx, dy, m))
    return tuple(out)


def placements(variant: Iterable[Sequence[int]]) -> tuple[Placement, ...]:
    """§5.2 precondition 2: every ``(dx, dy, edge mask)`` keeping all segments on the board
    (perimeter edges included), ordered by ``dy`` then ``dx``."""
    return _placements(_as_shape(variant))


def free_placements(variant: Iterable[Sequence[int]], w: int) -> tuple[Placement, ...]:
    """§5.2 preconditions 2–3: the placements of ``variant`` whose edges are all free in ``w``."""
    return tuple(p for p in _placements(_as_shape(variant)) if not p[2] & w)


def formation_placements(midpoints: Iterable[Sequence[int]], w: int = 0) -> tuple[tuple[int, int, int, int], ...]:
    """§5.2/§5.7: ``(variant index, dx, dy, edge mask)`` of every legal placement of a formation on
    walls ``w``. Each edge set occurs exactly once (I-14)."""
    out = []
    for i, var in enumerate(variants(midpoints)):
        for dx, dy, m in _placements(var):
            if not m & w:
                out.append((i, dx, dy, m))
    return tuple(out)
