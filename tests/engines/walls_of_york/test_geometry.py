"""Walls of York geometry (spec §3.3, §5.2, §6, §7.5.2, §11): coordinates, formations, symmetries,
wall enclosure and valid cities. Test vectors ENC-1..ENC-9 (§6.7) with their exact numbers, the
formation tables of §5.2 / I-6 / I-7, and property tests of I-1..I-5, I-8..I-12 against an
independent set-based transcription of the §6.5 reference pseudocode."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.walls_of_york import geometry as geo
from engines.walls_of_york.geometry import ALL_FIELDS, EXTERIOR

PROPS = settings(max_examples=80)

FORMATIONS: dict[str, tuple[tuple[int, int], ...]] = {
    "I1": ((1, 0),),
    "I2": ((1, 0), (3, 0)),
    "L2": ((1, 0), (0, 1)),
    "I3": ((1, 0), (3, 0), (5, 0)),
    "L3": ((1, 0), (3, 0), (0, 1)),
    "U3": ((1, 0), (0, 1), (2, 1)),
    "Z3": ((1, 0), (2, 1), (3, 2)),
    "T3": ((1, 0), (3, 0), (2, 1)),
}
VARIANT_COUNTS = {"I1": 2, "I2": 2, "L2": 4, "I3": 2, "L3": 8, "U3": 4, "Z3": 4, "T3": 4}
EMPTY_BOARD_PLACEMENTS = {"I1": 144, "I2": 126, "L2": 256, "I3": 108, "L3": 448, "U3": 256, "Z3": 224, "T3": 224}


# ---------------------------------------------------------------------------------------------
# Helpers: readable construction and an independent reference model (§6.5 pseudocode, with sets)
# ---------------------------------------------------------------------------------------------


def F(*cells: tuple[int, int]) -> int:
    """Field mask from (c, r) pairs."""
    return geo.mask_of(c + 8 * r for c, r in cells)


def W(*names: str) -> int:
    """Wall mask from "H x y" / "V x y" names."""
    return geo.mask_of(geo.parse_edge(n) for n in names)


def block(c0: int, r0: int, c1: int, r1: int) -> int:
    """Fields of the rectangle c0..c1 × r0..r1 (inclusive)."""
    return F(*[(c, r) for c in range(c0, c1 + 1) for r in range(r0, r1 + 1)])


def pop(mask: int) -> int:
    return mask.bit_count()


def kept_removed(city: int, walls: int) -> tuple[int, int]:
    wall = geo.boundary(city)
    return pop(wall), pop(walls & ~wall)


Edge = tuple[str, int, int]
Cell = tuple[int, int]
EXT = "EXT"


def ref_sides(c: int, r: int) -> list[tuple[Cell | str, Edge]]:
    return [
        ((c, r - 1) if r > 0 else EXT, ("H", c, r)),
        ((c, r + 1) if r < 7 else EXT, ("H", c, r + 1)),
        ((c - 1, r) if c > 0 else EXT, ("V", c, r)),
        ((c + 1, r) if c < 7 else EXT, ("V", c + 1, r)),
    ]


ALL_CELLS = [(c, r) for r in range(8) for c in range(8)]


def ref_walls(mask: int) -> set[Edge]:
    return {geo.edge_coords(e) for e in geo.bits(mask)}


def ref_cells(mask: int) -> set[Cell]:
    return {(f % 8, f // 8) for f in geo.bits(mask)}


def ref_outside(walls: set[Edge]) -> set[Cell]:
    seen: set[Cell] = set()
    stack: list[Cell] = []
    for f in ALL_CELLS:
        for g, e in ref_sides(*f):
            if g == EXT and e not in walls and f not in seen:
                seen.add(f)
                stack.append(f)
    while stack:
        f = stack.pop()
        for g, e in ref_sides(*f):
            if g != EXT and e not in walls and g not in seen:
                assert isinstance(g, tuple)
                seen.add(g)
                stack.append(g)
    return seen


def ref_rooms(walls: set[Edge]) -> list[set[Cell]]:
    out = ref_outside(walls)
    room_of: dict[Cell, int] = {}
    rooms: list[set[Cell]] = []
    for f in ALL_CELLS:
        if f in out or f in room_of:
            continue
        i = len(rooms)
        rooms.append({f})
        room_of[f] = i
        stack = [f]
        while stack:
            h = stack.pop()
            for g, e in ref_sides(*h):
                if g != EXT and e not in walls and g not in room_of:
                    assert isinstance(g, tuple)
                    room_of[g] = i
                    rooms[i].add(g)
                    stack.append(g)
    return rooms


def ref_boundary(city: set[Cell]) -> set[Edge]:
    return {e for f in city for g, e in ref_sides(*f) if g == EXT or g not in city}


def ref_connected(cells: set[Cell]) -> bool:
    if not cells:
        return False
    s = next(iter(cells))
    seen = {s}
    stack = [s]
    while stack:
        f = stack.pop()
        for g, _ in ref_sides(*f):
            if g != EXT and g in cells and g not in seen:
                assert isinstance(g, tuple)
                seen.add(g)
                stack.append(g)
    return len(seen) == len(cells)


def ref_hole_free(city: set[Cell]) -> bool:
    comp = set(ALL_CELLS) - city
    seen = {f for f in comp if f[0] in (0, 7) or f[1] in (0, 7)}
    stack = list(seen)
    while stack:
        f = stack.pop()
        for g, _ in ref_sides(*f):
            if g != EXT and g in comp and g not in seen:
                assert isinstance(g, tuple)
                seen.add(g)
                stack.append(g)
    return len(seen) == len(comp)


def ref_valid(city: set[Cell], walls: set[Edge]) -> bool:
    return bool(city) and ref_boundary(city) <= walls and ref_connected(city) and ref_hole_free(city)


def is_simple_loop(edges: int) -> bool:
    """§6.4 item 1 / I-8: non-empty, every lattice point of degree 0 or 2, and connected."""
    if not edges:
        return False
    degree: dict[tuple[int, int], int] = {}
    nbrs: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for e in geo.bits(edges):
        a, b = geo.edge_endpoints(e)
        for p, q in ((a, b), (b, a)):
            degree[p] = degree.get(p, 0) + 1
            nbrs.setdefault(p, []).append(q)
    if any(d != 2 for d in degree.values()):
        return False
    start = next(iter(nbrs))
    seen = {start}
    stack = [start]
    while stack:
        p = stack.pop()
        for q in nbrs[p]:
            if q not in seen:
                seen.add(q)
                stack.append(q)
    return len(seen) == len(degree)


def naive_longest_wall(walls: int) -> int:
    best = 0
    for line in range(9):
        for kind in ("H", "V"):
            run = 0
            for pos in range(8):
                x, y = (pos, line) if kind == "H" else (line, pos)
                run = run + 1 if walls >> geo.edge_index(kind, x, y) & 1 else 0
                best = max(best, run)
    return best


# ---------------------------------------------------------------------------------------------
# Strategies
# ---------------------------------------------------------------------------------------------

edge_ids = st.integers(0, geo.EDGES - 1)
rects = st.tuples(st.integers(0, 7), st.integers(0, 7), st.integers(0, 7), st.integers(0, 7)).map(
    lambda t: block(min(t[0], t[2]), min(t[1], t[3]), max(t[0], t[2]), max(t[1], t[3]))
)
#: Walls around random rectangles (rooms, compartments, rings), plus stray walls, minus a few.
rect_walls = st.tuples(
    st.lists(rects, min_size=1, max_size=6), st.lists(edge_ids, max_size=8), st.lists(edge_ids, max_size=4)
).map(lambda t: (_union_boundaries(t[0]) | geo.mask_of(t[1])) & ~geo.mask_of(t[2]))
sparse_walls = st.lists(edge_ids, max_size=40).map(geo.mask_of)
dense_walls = st.integers(0, geo.ALL_EDGES)
medium_walls = st.tuples(dense_walls, dense_walls).map(lambda t: t[0] & t[1])
wall_sets = st.one_of(rect_walls, sparse_walls, medium_walls, dense_walls)
symmetries = st.sampled_from(geo.SYMMETRIES)


def _union_boundaries(blocks: Iterable[int]) -> int:
    out = 0
    for b in blocks:
        out |= geo.boundary(b)
    return out


@st.composite
def small_subsets(draw: st.DrawFn) -> int:
    """A random field set inside a random window of at most 5×5 fields."""
    w = draw(st.integers(2, 5))
    h = draw(st.integers(2, 5))
    c0 = draw(st.integers(0, 8 - w))
    r0 = draw(st.integers(0, 8 - h))
    pattern = draw(st.integers(0, (1 << (w * h)) - 1))
    return F(*[(c0 + i % w, r0 + i // w) for i in range(w * h) if pattern >> i & 1])


def some_cities(walls: int) -> list[int]:
    """Valid cities of ``walls``: the component unions and the first candidates."""
    return list(geo.component_unions(walls)) + list(geo.candidate_cities(walls, limit=12))


# ---------------------------------------------------------------------------------------------
# §3.3 Coordinates
# ---------------------------------------------------------------------------------------------


def test_edge_index_layout_is_h_then_v_row_major() -> None:
    assert [geo.edge_index("H", x, y) for y in range(9) for x in range(8)] == list(range(72))
    assert [geo.edge_index("V", x, y) for y in range(8) for x in range(9)] == list(range(72, 144))
    assert geo.EDGES == 144 and geo.FIELDS == 64
    assert geo.ALL_EDGES == (1 << 144) - 1


def test_edge_names_round_trip_and_coordinates() -> None:
    for e in range(geo.EDGES):
        name = geo.edge_name(e)
        kind, x, y = geo.edge_coords(e)
        assert name == f"{kind} {x} {y}"
        assert geo.parse_edge(name) == e
        assert geo.edge_index(kind, x, y) == e
        assert geo.midpoint_edge(*geo.edge_midpoint(e)) == e
    assert geo.parse_edge("H(3, 4)") == geo.parse_edge("h 3,4") == geo.edge_index("H", 3, 4) == 35
    assert geo.edge_name(72) == "V 0 0" and geo.edge_name(143) == "V 8 7"


@pytest.mark.parametrize(
    ("bad", "fragment"),
    [
        ("X 1 2", "bad edge name"),
        ("H 8 0", "off the board"),
        ("V 0 8", "off the board"),
        ("", "bad edge name"),
        ("H 1", "bad edge name"),
        ("H -1 2", "bad edge name"),
        ("H 9 9", "x in 0..7"),
    ],
)
def test_parse_edge_rejects_bad_input_with_clear_message(bad: str, fragment: str) -> None:
    with pytest.raises(ValueError, match=fragment):
        geo.parse_edge(bad)


def test_edge_index_and_field_helpers_reject_out_of_range() -> None:
    with pytest.raises(ValueError, match="unknown edge kind"):
        geo.edge_index("D", 0, 0)
    with pytest.raises(ValueError):
        geo.edge_name(144)
    with pytest.raises(ValueError):
        geo.field_index(8, 0)
    with pytest.raises(ValueError):
        geo.parse_field("3;4")
    assert geo.parse_field("3,4") == geo.parse_field("(3, 4)") == geo.field_index(3, 4) == 35
    assert [geo.field_name(f) for f in (0, 7, 8, 63)] == ["0,0", "7,0", "0,1", "7,7"]
    assert geo.midpoint_edge(1, 1) is None and geo.midpoint_edge(17, 0) is None


def test_perimeter_has_32_edges_and_112_interior() -> None:
    assert pop(geo.PERIMETER) == 32
    names = {geo.edge_name(e) for e in geo.bits(geo.PERIMETER)}
    assert names == {f"H {x} {y}" for x in range(8) for y in (0, 8)} | {f"V {x} {y}" for x in (0, 8) for y in range(8)}


def test_sides_follow_spec_3_3_top_bottom_left_right() -> None:
    for f in range(64):
        c, r = f % 8, f // 8
        got = geo.sides(f)
        assert [e for _, e in got] == [
            geo.edge_index("H", c, r),
            geo.edge_index("H", c, r + 1),
            geo.edge_index("V", c, r),
            geo.edge_index("V", c + 1, r),
        ]
        for nb, e in got:
            assert f in geo.edge_fields(e)
            other = [x for x in geo.edge_fields(e) if x != f]
            assert other == [nb]
    assert geo.sides(0)[0] == (EXTERIOR, 0) and geo.sides(63)[3] == (EXTERIOR, geo.edge_index("V", 8, 7))


# ---------------------------------------------------------------------------------------------
# §5.2 Formations (I-6, I-7, I-14, I-16)
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("fid", list(FORMATIONS))
def test_variant_count_per_formation(fid: str) -> None:
    assert len(geo.variants(FORMATIONS[fid])) == VARIANT_COUNTS[fid]


@pytest.mark.parametrize("fid", list(FORMATIONS))
def test_placement_count_on_empty_board_i7(fid: str) -> None:
    assert sum(len(geo.placements(v)) for v in geo.variants(FORMATIONS[fid])) == EMPTY_BOARD_PLACEMENTS[fid]
    assert len(geo.formation_placements(FORMATIONS[fid])) == EMPTY_BOARD_PLACEMENTS[fid]


@pytest.mark.parametrize("fid", list(FORMATIONS))
def test_variants_closed_under_transforms_and_independent_of_representative_i6(fid: str) -> None:
    vs = geo.variants(FORMATIONS[fid])
    # the catalogue's canonical midpoints are already normalised (up to order)
    assert tuple(sorted(FORMATIONS[fid])) == geo.normalise(FORMATIONS[fid]) in vs
    for v in vs:
        assert geo.normalise(v) == v
        assert min(u for u, _ in v) in (0, 1) and min(w for _, w in v) in (0, 1)
        for g in geo.SYMMETRIES:
            image = [geo.transform_point(u, w, g) for u, w in v]
            assert geo.normalise(image) in vs
            assert geo.variants(image) == vs  # same list, same order: variant indices are stable
    shifted = [(u + 6, w + 4) for u, w in FORMATIONS[fid]]
    assert geo.variants(shifted) == vs


@pytest.mark.parametrize("fid", list(FORMATIONS))
def test_placement_legality_real_distinct_edges_of_formation_size(fid: str) -> None:
    size = len(FORMATIONS[fid])
    seen: set[int] = set()
    for v in geo.variants(FORMATIONS[fid]):
        expected = {
            (dx, dy, m)
            for dy in range(-9, 10)
            for dx in range(-9, 10)
            if (m := geo.placement_mask(v, dx, dy)) is not None
        }
        got = geo.placements(v)
        assert set(got) == expected and len(got) == len(expected)
        for dx, dy, m in got:
            assert pop(m) == size and m & ~geo.ALL_EDGES == 0
            assert {geo.edge_midpoint(e) for e in geo.bits(m)} == {(u + 2 * dx, w + 2 * dy) for u, w in v}
            assert m not in seen  # I-14: each edge set from exactly one (variant, offset)
            seen.add(m)


def test_placement_mask_is_none_off_the_board() -> None:
    i3 = FORMATIONS["I3"]
    assert geo.placement_mask(i3, 5, 0) == W("H 5 0", "H 6 0", "H 7 0")
    assert geo.placement_mask(i3, 6, 0) is None
    assert geo.placement_mask(i3, 0, 8) == W("H 0 8", "H 1 8", "H 2 8")
    assert geo.placement_mask(i3, 0, 9) is None and geo.placement_mask(i3, -1, 0) is None


def test_a_formation_midpoint_is_a_pair() -> None:
    """§5.2 / §3.3: a segment is one doubled midpoint (u, v); a longer or shorter tuple is refused, not cut."""
    for bad in ((1, 0, 4), (1,)):
        with pytest.raises(ValueError, match=r"expected a pair \(u, v\)"):
            geo.normalise([(3, 0), bad])


def test_bad_formations_are_rejected() -> None:
    with pytest.raises(ValueError, match="exactly one coordinate must be odd"):
        geo.variants([(1, 1)])
    with pytest.raises(ValueError, match="repeats"):
        geo.variants([(1, 0), (1, 0)])
    with pytest.raises(ValueError, match="at least one"):
        geo.variants([])


@PROPS
@given(walls=wall_sets, fid=st.sampled_from(list(FORMATIONS)))
def test_free_placements_are_exactly_the_placements_on_free_edges_i16(walls: int, fid: str) -> None:
    got = geo.formation_placements(FORMATIONS[fid], walls)
    size = len(FORMATIONS[fid])
    for i, dx, dy, m in got:
        variant = geo.variants(FORMATIONS[fid])[i]
        assert geo.placement_mask(variant, dx, dy) == m
        assert m & walls == 0 and pop(walls | m) == pop(walls) + size
    total = [p for v in geo.variants(FORMATIONS[fid]) for p in geo.placements(v)]
    assert len(got) == sum(1 for _, _, m in total if not m & walls)
    for v in geo.variants(FORMATIONS[fid]):
        assert geo.free_placements(v, walls) == tuple(p for p in geo.placements(v) if not p[2] & walls)


# ---------------------------------------------------------------------------------------------
# Board symmetries
# ---------------------------------------------------------------------------------------------


def test_symmetries_are_eight_distinct_bijections_forming_a_group() -> None:
    field_perms = {tuple(geo.transform_field(f, g) for f in range(64)) for g in geo.SYMMETRIES}
    edge_perms = {tuple(geo.transform_edge(e, g) for e in range(144)) for g in geo.SYMMETRIES}
    assert len(field_perms) == 8 and len(edge_perms) == 8
    for p in field_perms:
        assert sorted(p) == list(range(64))
    for p in edge_perms:
        assert sorted(p) == list(range(144))
    for a in field_perms:
        for b in field_perms:
            assert tuple(a[b[f]] for f in range(64)) in field_perms
    for g in geo.SYMMETRIES:
        h = geo.inverse_symmetry(g)
        assert all(geo.transform_field(geo.transform_field(f, g), h) == f for f in range(64))
        assert geo.transform_mask_edges(geo.PERIMETER, g) == geo.PERIMETER


def test_rotation_is_clockwise_and_mirror_is_left_right() -> None:
    assert geo.transform_field(geo.field_index(0, 0), 1) == geo.field_index(7, 0)  # top-left → top-right
    assert geo.transform_field(geo.field_index(7, 0), 1) == geo.field_index(7, 7)
    assert geo.transform_field(geo.field_index(0, 0), 4) == geo.field_index(7, 0)
    assert geo.transform_field(geo.field_index(2, 5), 4) == geo.field_index(5, 5)
    assert geo.transform_edge(geo.parse_edge("H 0 0"), 1) == geo.parse_edge("V 8 0")


def test_edge_transform_agrees_with_field_transform() -> None:
    for g in geo.SYMMETRIES:
        for e in range(geo.EDGES):
            image = {geo.transform_field(f, g) if f != EXTERIOR else EXTERIOR for f in geo.edge_fields(e)}
            assert set(geo.edge_fields(geo.transform_edge(e, g))) == image


# ---------------------------------------------------------------------------------------------
# §6.7 Geometric test vectors ENC-1..ENC-9
# ---------------------------------------------------------------------------------------------

ENC1_WALLS = W("H 1 1", "H 2 1", "H 1 3", "H 2 3", "V 1 1", "V 1 2", "V 3 1", "V 3 2")
ENC1_ROOM = F((1, 1), (2, 1), (1, 2), (2, 2))


def test_enc1_simple_square_kept_8_removed_0_perfect_planning() -> None:
    assert geo.rooms(ENC1_WALLS) == (ENC1_ROOM,)
    assert geo.is_valid_city(ENC1_ROOM, ENC1_WALLS) and geo.city_problems(ENC1_ROOM, ENC1_WALLS) == []
    assert kept_removed(ENC1_ROOM, ENC1_WALLS) == (8, 0)
    assert geo.boundary(ENC1_ROOM) == ENC1_WALLS
    assert geo.candidate_cities(ENC1_WALLS) == (ENC1_ROOM,)


def test_enc2_isolated_pocket_is_not_part_of_the_city() -> None:
    a = F((4, 4), (5, 4), (4, 5), (5, 5))
    pocket = F((0, 7))
    walls = W("H 4 4", "H 5 4", "H 4 6", "H 5 6", "V 4 4", "V 4 5", "V 6 4", "V 6 5") | W(
        "H 0 7", "H 0 8", "V 0 7", "V 1 7"
    )
    assert pop(walls) == 12
    assert set(geo.rooms(walls)) == {a, pocket}
    assert geo.room_adjacency(walls) == (0, 0)
    assert geo.is_valid_city(a, walls) and kept_removed(a, walls) == (8, 4)
    assert not geo.is_valid_city(a | pocket, walls)
    assert geo.city_problems(a | pocket, walls) == ["not connected: field 0,7 is cut off from field 4,4"]
    assert geo.is_valid_city(pocket, walls) and kept_removed(pocket, walls) == (4, 8)
    assert set(geo.candidate_cities(walls)) == {a, pocket}
    assert set(geo.component_unions(walls)) == {a, pocket}


ENC3_M = ENC1_ROOM
ENC3_R = F((3, 1), (3, 2))
ENC3_WALLS = ENC1_WALLS | W("H 3 1", "H 3 3", "V 4 1", "V 4 2")


def test_enc3_optional_compartment_three_valid_choices() -> None:
    assert pop(ENC3_WALLS) == 12
    assert geo.rooms(ENC3_WALLS) == (ENC3_M, ENC3_R)
    assert geo.room_adjacency(ENC3_WALLS) == (0b10, 0b01)
    assert geo.is_valid_city(ENC3_M, ENC3_WALLS) and kept_removed(ENC3_M, ENC3_WALLS) == (8, 4)
    assert geo.is_valid_city(ENC3_R, ENC3_WALLS) and kept_removed(ENC3_R, ENC3_WALLS) == (6, 6)
    both = ENC3_M | ENC3_R
    assert geo.is_valid_city(both, ENC3_WALLS) and kept_removed(both, ENC3_WALLS) == (10, 2)
    assert ENC3_WALLS & ~geo.boundary(both) == W("V 3 1", "V 3 2")
    assert set(geo.candidate_cities(ENC3_WALLS)) == {ENC3_M, ENC3_R, both}
    assert geo.component_unions(ENC3_WALLS) == (both,)


def test_enc3_longest_wall_of_the_union_is_3() -> None:
    city_wall = geo.boundary(ENC3_M | ENC3_R)
    assert geo.longest_wall(city_wall) == 3
    assert city_wall & W("H 1 1", "H 2 1", "H 3 1") == W("H 1 1", "H 2 1", "H 3 1")


def test_enc4_hole_walled_in_centre_cannot_be_excluded() -> None:
    ring = block(1, 1, 3, 3) & ~F((2, 2))
    centre = F((2, 2))
    walls = geo.boundary(block(1, 1, 3, 3)) | W("H 2 2", "H 2 3", "V 2 2", "V 3 2")
    assert pop(walls) == 16
    assert set(geo.rooms(walls)) == {ring, centre} and pop(ring) == 8
    assert not geo.is_valid_city(ring, walls)
    assert geo.city_problems(ring, walls) == ["field 2,2 is cut off inside the city (hole)"]
    assert geo.is_valid_city(ring | centre, walls) and kept_removed(ring | centre, walls) == (12, 4)
    assert geo.is_valid_city(centre, walls) and kept_removed(centre, walls) == (4, 12)
    assert set(geo.candidate_cities(walls)) == {ring | centre, centre}


def test_enc5_diagonal_contact_is_not_connected() -> None:
    walls = W("H 1 1", "H 1 2", "V 1 1", "V 2 1") | W("H 2 2", "H 2 3", "V 2 2", "V 3 2")
    a, b = F((1, 1)), F((2, 2))
    assert geo.rooms(walls) == (a, b) and geo.room_adjacency(walls) == (0, 0)
    assert geo.is_valid_city(a, walls) and kept_removed(a, walls) == (4, 4)
    assert geo.is_valid_city(b, walls) and kept_removed(b, walls) == (4, 4)
    assert not geo.is_valid_city(a | b, walls)
    assert geo.city_problems(a | b, walls) == ["not connected: field 2,2 is cut off from field 1,1"]
    assert not is_simple_loop(geo.boundary(a | b))  # point (2, 2) has degree 4
    assert set(geo.candidate_cities(walls)) == {a, b}


def test_enc6_pinch_of_the_outside_violates_v_d() -> None:
    c0 = F((2, 1), (3, 1), (1, 2), (3, 2), (1, 3), (2, 3), (3, 3))
    walls = W(
        "H 1 2", "H 1 4", "H 2 1", "H 2 2", "H 2 3", "H 2 4", "H 3 1", "H 3 4",
        "V 1 2", "V 1 3", "V 2 1", "V 2 2", "V 3 2", "V 4 1", "V 4 2", "V 4 3",
    )  # fmt: skip
    assert walls == geo.boundary(c0) and pop(walls) == 16
    assert geo.outside(walls) >> geo.field_index(1, 1) & 1
    centre = F((2, 2))
    assert set(geo.rooms(walls)) == {c0, centre}
    assert not geo.is_valid_city(c0, walls)
    assert geo.city_problems(c0, walls) == ["field 2,2 is cut off inside the city (hole)"]
    assert geo.is_valid_city(c0 | centre, walls) and kept_removed(c0 | centre, walls) == (12, 4)
    assert geo.is_valid_city(centre, walls) and kept_removed(centre, walls) == (4, 12)
    assert set(geo.candidate_cities(walls)) == {c0 | centre, centre}


def test_enc7_board_edge_is_not_a_wall() -> None:
    walls = W("H 0 1", "V 1 0")
    corner = F((0, 0))
    assert geo.outside(walls) & corner and geo.outside(walls) == ALL_FIELDS
    assert geo.rooms(walls) == () and geo.candidate_cities(walls) == () and geo.component_unions(walls) == ()
    assert not geo.is_valid_city(corner, walls)
    assert geo.city_problems(corner, walls) == ["not closed at edge H 0 0"]
    closed = walls | W("H 0 0", "V 0 0")
    assert geo.rooms(closed) == (corner,)
    assert geo.is_valid_city(corner, closed) and kept_removed(corner, closed) == (4, 0)


def test_enc8_whole_board_kept_32_longest_wall_8() -> None:
    walls = geo.PERIMETER
    assert geo.rooms(walls) == (ALL_FIELDS,)
    assert geo.is_valid_city(ALL_FIELDS, walls) and kept_removed(ALL_FIELDS, walls) == (32, 0)
    assert geo.longest_wall(walls) == 8
    assert geo.boundary(ALL_FIELDS) == geo.PERIMETER


def test_enc9_internal_stub_is_removed_no_perfect_planning() -> None:
    walls = ENC1_WALLS | W("V 2 1")
    assert geo.rooms(walls) == (ENC1_ROOM,)
    assert geo.is_valid_city(ENC1_ROOM, walls) and kept_removed(ENC1_ROOM, walls) == (8, 1)


def test_city_problems_messages_name_the_first_offending_edge_or_field() -> None:
    assert geo.city_problems(0, geo.ALL_EDGES) == ["empty: a city needs at least one field"]
    assert geo.city_problems(F((3, 4)), 0) == ["not closed at edge H 3 4"]
    assert geo.city_problems(F((1, 1), (5, 2)), geo.ALL_EDGES) == ["not connected: field 5,2 is cut off from field 1,1"]
    ring = block(2, 3, 4, 5) & ~F((3, 4))
    assert geo.city_problems(ring, geo.ALL_EDGES) == ["field 3,4 is cut off inside the city (hole)"]
    assert geo.city_problems(F((1, 1), (5, 2)), 0) == [
        "not closed at edge H 1 1",
        "not connected: field 5,2 is cut off from field 1,1",
    ]
    assert geo.city_problems(1 << 64, geo.ALL_EDGES)[0].startswith("not a field set")
    assert not geo.is_valid_city(-1, geo.ALL_EDGES)


# ---------------------------------------------------------------------------------------------
# §7.5.2 Longest wall
# ---------------------------------------------------------------------------------------------


def test_longest_wall_does_not_wrap_between_lines() -> None:
    assert geo.longest_wall(0) == 0
    assert geo.longest_wall(W("H 7 0", "H 0 1")) == 1  # consecutive indices, different lines
    assert geo.longest_wall(W("V 8 0", "V 0 1")) == 1
    assert geo.longest_wall(W("V 3 2", "V 3 3", "V 3 4", "H 3 3")) == 3
    assert geo.longest_wall(geo.ALL_EDGES) == 8


@PROPS
@given(walls=wall_sets)
def test_longest_wall_matches_naive_scan(walls: int) -> None:
    assert geo.longest_wall(walls) == naive_longest_wall(walls)


# ---------------------------------------------------------------------------------------------
# §6.2 / §6.3 against the reference pseudocode of §6.5
# ---------------------------------------------------------------------------------------------


@PROPS
@given(walls=wall_sets)
def test_outside_rooms_adjacency_match_reference_algorithm(walls: int) -> None:
    rw = ref_walls(walls)
    assert ref_cells(geo.outside(walls)) == ref_outside(rw)
    got = geo.rooms(walls)
    ref = ref_rooms(rw)
    assert [ref_cells(r) for r in got] == ref  # same rooms, same order (by lowest field)
    adj = geo.room_adjacency(walls, got)
    for i, a in enumerate(ref):
        for j, b in enumerate(ref):
            touching = any(
                g in b and e in rw for f in a for g, e in ref_sides(*f) if g != EXT
            )  # §6.2: a wall edge separates them
            assert bool(adj[i] >> j & 1) == (touching and i != j)


@PROPS
@given(city=small_subsets(), walls=wall_sets)
def test_boundary_and_validity_match_reference_algorithm(city: int, walls: int) -> None:
    cells = ref_cells(city)
    assert ref_walls(geo.boundary(city)) == ref_boundary(cells)
    w = walls | geo.boundary(city) if walls & 1 else walls  # half the time V-b holds
    assert geo.is_valid_city(city, w) == ref_valid(cells, ref_walls(w))
    assert (geo.city_problems(city, w) == []) == geo.is_valid_city(city, w)


# ---------------------------------------------------------------------------------------------
# §11 invariants
# ---------------------------------------------------------------------------------------------


@PROPS
@given(walls=wall_sets, edge=edge_ids)
def test_i1_adding_a_wall_never_shrinks_the_enclosed_set(walls: int, edge: int) -> None:
    more = walls | 1 << edge
    assert geo.enclosed(walls) & ~geo.enclosed(more) == 0
    assert geo.outside(more) & ~geo.outside(walls) == 0


@PROPS
@given(walls=wall_sets, edge=edge_ids)
def test_i2_removing_a_wall_never_grows_the_enclosed_set(walls: int, edge: int) -> None:
    fewer = walls & ~(1 << edge)
    assert geo.enclosed(fewer) & ~geo.enclosed(walls) == 0


@PROPS
@given(walls=wall_sets)
def test_i3_outside_and_rooms_partition_the_board_rooms_connected_by_free_edges(walls: int) -> None:
    parts = [geo.outside(walls), *geo.rooms(walls)]
    union = 0
    for p in parts:
        assert p & union == 0
        union |= p
    assert union == ALL_FIELDS
    for room in parts[1:]:
        assert room != 0
        # connected through free edges: flood fill inside the room using only unwalled sides
        start = geo.bits(room)[0]
        seen, stack = {start}, [start]
        while stack:
            f = stack.pop()
            for g, e in geo.sides(f):
                if g != EXTERIOR and not walls >> e & 1 and room >> g & 1 and g not in seen:
                    seen.add(g)
                    stack.append(g)
        assert len(seen) == pop(room)


@PROPS
@given(walls=wall_sets)
def test_i4_rooms_are_sealed(walls: int) -> None:
    for room in geo.rooms(walls):
        assert geo.boundary(room) & ~walls == 0


@PROPS
@given(walls=wall_sets, city=small_subsets(), g=symmetries)
def test_i5_enclosure_rooms_validity_placements_equivariant_under_symmetries(walls: int, city: int, g: int) -> None:
    gw = geo.transform_mask_edges(walls, g)
    assert geo.enclosed(gw) == geo.transform_mask_fields(geo.enclosed(walls), g)
    assert set(geo.rooms(gw)) == {geo.transform_mask_fields(r, g) for r in geo.rooms(walls)}
    assert set(geo.component_unions(gw)) == {geo.transform_mask_fields(u, g) for u in geo.component_unions(walls)}
    for c in [city, *some_cities(walls)]:
        gc = geo.transform_mask_fields(c, g)
        assert geo.is_valid_city(gc, gw) == geo.is_valid_city(c, walls)
        assert geo.boundary(gc) == geo.transform_mask_edges(geo.boundary(c), g)
    assert geo.longest_wall(gw) == geo.longest_wall(walls)
    for fid in ("L3", "Z3"):
        here = {m for _, _, _, m in geo.formation_placements(FORMATIONS[fid], walls)}
        there = {m for _, _, _, m in geo.formation_placements(FORMATIONS[fid], gw)}
        assert there == {geo.transform_mask_edges(m, g) for m in here}


def assert_simple_loop_bounds(city: int) -> None:
    edges = geo.boundary(city)
    n = pop(city)
    assert is_simple_loop(edges)
    assert pop(edges) % 2 == 0
    ceil_2_sqrt_n = math.isqrt(4 * n - 1) + 1  # ⌈2·√n⌉
    assert 2 * ceil_2_sqrt_n <= pop(edges) <= 2 * n + 2


@PROPS
@given(walls=st.one_of(rect_walls, medium_walls))
def test_i8_valid_city_boundary_is_one_simple_loop_with_bounds(walls: int) -> None:
    for c in some_cities(walls):
        assert geo.is_valid_city(c, walls)
        assert_simple_loop_bounds(c)


@PROPS
@given(walls=wall_sets)
def test_i9_candidates_are_unions_of_rooms_without_outside_fields(walls: int) -> None:
    rl = geo.rooms(walls)
    out = geo.outside(walls)
    cands = geo.candidate_cities(walls, limit=200)
    assert len(set(cands)) == len(cands)
    for c in cands:
        assert geo.is_valid_city(c, walls)
        assert c & out == 0
        assert all(r & c in (0, r) for r in rl)


@settings(max_examples=60)
@given(walls=rect_walls)
def test_i9_candidates_are_exactly_the_valid_room_unions_brute_force(walls: int) -> None:
    rl = geo.rooms(walls)
    if len(rl) > 9:
        return
    valid = set()
    for s in range(1, 1 << len(rl)):
        c = 0
        for j in geo.bits(s):
            c |= rl[j]
        if geo.is_valid_city(c, walls):
            valid.add(c)
    cands = geo.candidate_cities(walls)
    assert len(cands) == len(set(cands)) and set(cands) == valid
    # I-9 from the other side: a valid city is never anything but a union of rooms
    for c in valid:
        assert c & geo.outside(walls) == 0


@PROPS
@given(walls=wall_sets, labels=st.lists(st.integers(0, 3), min_size=64, max_size=64), need=st.integers(0, 4))
def test_i10_component_unions_are_valid_and_decide_can_close(walls: int, labels: list[int], need: int) -> None:
    unions = geo.component_unions(walls)
    enclosed_fields = 0
    for u in unions:
        assert geo.is_valid_city(u, walls)
        assert u & enclosed_fields == 0
        enclosed_fields |= u
    assert enclosed_fields == geo.enclosed(walls)
    # "can_close": with a toy decree (at least `need` fields labelled 0), U_K decides it
    kind0 = geo.mask_of(f for f in range(64) if labels[f] == 0)
    if len(geo.rooms(walls)) <= 10:
        by_candidates = any(pop(c & kind0) >= need for c in geo.candidate_cities(walls))
        by_unions = any(pop(u & kind0) >= need for u in unions)
        assert by_candidates == by_unions
        assert set(unions) <= set(geo.candidate_cities(walls))


@PROPS
@given(walls=wall_sets, extra=st.integers(0, geo.ALL_EDGES))
def test_i11_valid_city_stays_valid_for_any_superset_of_its_boundary(walls: int, extra: int) -> None:
    for c in some_cities(walls):
        assert geo.is_valid_city(c, geo.boundary(c))
        assert geo.is_valid_city(c, geo.boundary(c) | extra)


@PROPS
@given(walls=wall_sets)
def test_i12_after_closing_only_the_city_wall_remains_and_rooms_is_the_city(walls: int) -> None:
    for c in some_cities(walls):
        kept = geo.boundary(c)
        assert kept & ~walls == 0
        assert geo.rooms(kept) == (c,)
        assert geo.outside(kept) == ALL_FIELDS & ~c
        assert pop(walls & ~kept) + pop(kept) == pop(walls)


# ---------------------------------------------------------------------------------------------
# §6.4 item 1: (V-c ∧ V-d) ⇔ ∂C is one simple cycle — brute force
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("c0", "r0"), [(0, 0), (3, 2), (5, 5)])
def test_is_valid_city_equals_single_loop_on_every_subset_of_a_3x3_window(c0: int, r0: int) -> None:
    cells = [(c0 + i % 3, r0 + i // 3) for i in range(9)]
    for pattern in range(1, 1 << 9):
        city = F(*[cells[i] for i in range(9) if pattern >> i & 1])
        assert geo.is_valid_city(city, geo.boundary(city)) == is_simple_loop(geo.boundary(city)), pattern


@settings(max_examples=300)
@given(city=small_subsets(), noise=st.integers(0, geo.ALL_EDGES))
def test_is_valid_city_equals_single_loop_on_random_small_subsets(city: int, noise: int) -> None:
    edges = geo.boundary(city)
    loop = city != 0 and is_simple_loop(edges)
    assert geo.is_valid_city(city, edges) == loop
    assert geo.is_valid_city(city, edges | noise) == loop
    assert geo.is_valid_city(city, noise) == (loop and edges & ~noise == 0)
    if loop:
        assert_simple_loop_bounds(city)


# ---- names <-> bitmasks (board.py) --------------------------------------------------------------


def test_names_and_masks_round_trip_over_the_whole_board() -> None:
    """Every edge and every field has exactly one name, and masks and names convert both ways (§3.3)."""
    from engines.walls_of_york import board

    every_edge = (1 << geo.EDGES) - 1
    assert board.wall_names(every_edge) == board.EDGE_NAMES
    assert len(board.EDGE_NAMES) == len(board.EDGE_INDEX) == geo.EDGES
    assert all(board.wall_names(1 << i) == (name,) for i, name in enumerate(board.EDGE_NAMES))
    every_field = (1 << 64) - 1
    assert len(board.FIELD_NAMES) == len(board.FIELD_INDEX) == 64
    assert board.field_names(every_field) == board.FIELD_NAMES
    assert board.field_mask(board.FIELD_NAMES) == every_field
    assert board.field_mask(("7,7",)) == 1 << 63 and "0,8" not in board.FIELD_INDEX


def test_names_of_a_mask_ignore_bits_off_the_board() -> None:
    """§3.3: only the 64 fields and 144 streets have names; a bit beyond them names nothing."""
    from engines.walls_of_york import board

    assert board.field_names(1 << 64 | 1 << 63 | 1) == ("0,0", "7,7")
    assert board.wall_names(1 << geo.EDGES | 1) == (geo.edge_name(0),)


# ---- masks and symmetry guards -----------------------------------------------------------------


def test_v_mask_holds_exactly_the_vertical_streets() -> None:
    """§3.3: edges 0..71 are the 72 horizontal streets, 72..143 the 72 vertical ones; the masks split them."""
    assert pop(geo.V_MASK) == pop(geo.H_MASK) == 72
    assert geo.V_MASK | geo.H_MASK == geo.ALL_EDGES and geo.V_MASK & geo.H_MASK == 0
    assert all((geo.V_MASK >> e & 1) == geo.edge_name(e).startswith("V") for e in range(geo.EDGES))


@pytest.mark.parametrize(
    ("transform", "index", "g", "fragment"),
    [
        (geo.transform_edge, 0, 8, "symmetry 8 out of range 0..7"),
        (geo.transform_edge, 0, -1, "symmetry -1 out of range 0..7"),
        (geo.transform_edge, 144, 0, "edge index 144 out of range 0..143"),
        (geo.transform_edge, -1, 0, "edge index -1 out of range 0..143"),
        (geo.transform_field, 0, 8, "symmetry 8 out of range 0..7"),
        (geo.transform_field, 64, 0, "field index 64 out of range 0..63"),
        (geo.transform_field, -1, 0, "field index -1 out of range 0..63"),
        (geo.transform_mask_fields, 1, 8, "symmetry 8 out of range 0..7"),
        (geo.transform_mask_fields, 1, -1, "symmetry -1 out of range 0..7"),
        (geo.transform_mask_edges, 1, 8, "symmetry 8 out of range 0..7"),
        (geo.transform_mask_edges, 1, -1, "symmetry -1 out of range 0..7"),
    ],
)
def test_symmetry_transforms_refuse_indices_out_of_range(
    transform: Callable[[int, int], int], index: int, g: int, fragment: str
) -> None:
    """§11 I-5: the 8 symmetries act on fields 0..63 and edges 0..143 only (a negative index must not wrap),
    and on masks only as symmetries 0..7."""
    with pytest.raises(ValueError, match=fragment):
        transform(index, g)
