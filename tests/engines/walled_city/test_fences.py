"""Carpenters fence geometry (the rules spec §6.3 G13, §5.8, §9.5 "runtime mutation", §9.6 rule 7, A-16,
§11 invariant 14): hand-checked splits of Londonderry A11 and a Borderlands double-T, the A-16 rejections, and
property tests over random fence sequences on both boards."""

from __future__ import annotations

from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from engines.walled_city.board import BOARDS, Board, _check_boundaries
from engines.walled_city.districts import SpotState, built, districts, joins
from engines.walled_city.fences import Fence, apply_fence, check_fence, fence_id, fence_options, fenced, halves

LD = BOARDS["londonderry"]
BL = BOARDS["borderlands"]
SOURCE_F1 = "fence F1 across A11 (Carpenters, §6.3 G13)"


# -- hand-checked examples --------------------------------------------------------------------------------------


def test_a11_boundary_is_as_assumed() -> None:
    assert LD.area["A11"].boundary == ("g11n", "p01", "p02", "g11w")
    assert halves("A11") == ("A11.1", "A11.2")
    assert fence_id(LD) == "F1"


def test_vertex_to_vertex_fence() -> None:
    """Cuts after g11n and after p02: A11.1 = p01, p02 (+ fence); A11.2 = g11w, g11n (+ fence)."""
    fence = Fence("A11", "g11n", False, "p02", False)
    assert check_fence(LD, fence) is None
    b = apply_fence(LD, fence)
    assert b.area_ids[:3] == ("A11.1", "A11.2", "A12") and "A11" not in b.area
    one, two = b.area["A11.1"], b.area["A11.2"]
    assert one.boundary == ("p01", "p02", "F1")
    assert two.boundary == ("g11w", "g11n", "F1")
    for new in (one, two):
        assert (new.die_spots, new.survey_spot, new.provenance) == (0, False, LD.area["A11"].provenance)
        assert new.source == SOURCE_F1
    assert b.sides("p01") == (("A11.1",), ("A12",))
    assert b.sides("p02") == (("A11.1",), ("A21",))
    assert b.gap_area("g11n") == b.gap_area("g11w") == "A11.2"
    f1 = b.paths[-1]
    assert (f1.id, f1.length, f1.fence, f1.sides, f1.source) == ("F1", None, True, (("A11.1",), ("A11.2",)), SOURCE_F1)
    assert b.kind("F1") == "path" and b.kind("A11.1") == "area" and b.kind("A11") is None
    assert b.t_paths == () and fence_id(b) == "F2"
    # Everything else is untouched; the input board is not mutated.
    assert b.ring == LD.ring and b.towers == LD.towers and b.zones == LD.zones
    assert b.paths[2:-1] == LD.paths[2:] and b.areas[2:] == LD.areas[1:]
    assert LD.area["A11"].boundary == ("g11n", "p01", "p02", "g11w") and "F1" not in LD.path


def test_vertex_to_path_interior_fence() -> None:
    """Cuts after g11n and inside p02: p02 borders both halves, so it becomes a T-path (§6.3 G13, §5.8)."""
    b = apply_fence(LD, Fence("A11", "g11n", False, "p02", True))
    assert b.area["A11.1"].boundary == ("p01", "p02", "F1")
    assert b.area["A11.2"].boundary == ("p02", "g11w", "g11n", "F1")
    assert b.sides("p01") == (("A11.1",), ("A12",))
    assert b.sides("p02") == (("A11.1", "A11.2"), ("A21",))
    assert b.t_paths == ("p02",) and b.adjacent_areas("p02") == ("A11.1", "A11.2", "A21")
    assert b.gap_area("g11n") == b.gap_area("g11w") == "A11.2"
    assert b.path["F1"].sides == (("A11.1",), ("A11.2",)) and b.path["F1"].fence
    _check_boundaries(b)


def test_interior_to_interior_fence_on_a_t_path_makes_a_double_t() -> None:
    """Borderlands O1 = r8, g1a, g1b, r1, t1; t1 = [[O1], [W1, W2]]. Cutting inside r8 and t1 (§5.8 double-T)."""
    assert BL.area["O1"].boundary == ("r8", "g1a", "g1b", "r1", "t1")
    b = apply_fence(BL, Fence("O1", "r8", True, "t1", True))
    assert b.area["O1.1"].boundary == ("r8", "g1a", "g1b", "r1", "t1", "F1")
    assert b.area["O1.2"].boundary == ("t1", "r8", "F1")
    assert b.sides("t1") == (("O1.1", "O1.2"), ("W1", "W2"))
    assert b.sides("r8") == (("O8",), ("O1.1", "O1.2"))
    assert b.sides("r1") == (("O1.1",), ("O2",))
    assert not b.is_t_path("t1") and len(b.adjacent_areas("t1")) == 4 and "t1" not in b.t_paths
    assert b.gap_area("g1a") == b.gap_area("g1b") == "O1.1"
    _check_boundaries(b)


def test_second_fence_gets_the_next_id_and_may_end_on_the_first() -> None:
    first = Fence("A11", "g11n", False, "p02", False)
    second = Fence("A11.2", "g11n", False, "F1", True)
    b = fenced(LD, (first, second))
    assert fence_id(b) == "F3" and [p.id for p in b.paths if p.fence] == ["F1", "F2"]
    assert b.area_ids[:4] == ("A11.1", "A11.2.1", "A11.2.2", "A12")
    assert b.sides("F1") == (("A11.1",), ("A11.2.1", "A11.2.2"))
    assert b.area["A11.2.1"].boundary == ("F1", "F2")
    assert b.area["A11.2.2"].boundary == ("F1", "g11w", "g11n", "F2")
    _check_boundaries(b)


# -- rejections (A-16) ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("board", "fence", "names"),
    [
        (BL, Fence("W1", "t1", True, "s1", False), ["t1", "W1"]),  # inside a T-path's 2-area side
        (LD, Fence("A11", "g11n", True, "p02", False), ["g11n"]),  # inside a gap
        (LD, Fence("A11", "p01", True, "p01", True), ["p01"]),  # both ends inside one item
        (LD, Fence("A11", "p01", False, "p01", False), ["p01"]),  # the same vertex twice
        (LD, Fence("A11", "p02", False, "g11n", False), ["p02", "g11n"]),  # reversed order
        (LD, Fence("A11", "p02", False, "p01", True), ["p02", "p01"]),  # reversed order
        (LD, Fence("A11", "p09", False, "p02", False), ["A11", "p09"]),  # not on the boundary
        (LD, Fence("A11", "p01", False, "p09", True), ["A11", "p09"]),
        (LD, Fence("A99", "p01", False, "p02", False), ["A99"]),  # no such area
    ],
)
def test_illegal_fences_are_rejected_naming_the_item(board: Board, fence: Fence, names: list[str]) -> None:
    message = check_fence(board, fence)
    assert message is not None
    assert all(name in message for name in names), message
    assert fence not in fence_options(board, fence.area)
    with pytest.raises(ValueError, match=names[0]):
        apply_fence(board, fence)


def test_reversed_spelling_is_the_legal_one() -> None:
    assert check_fence(LD, Fence("A11", "g11n", False, "p02", False)) is None
    assert check_fence(LD, Fence("A11", "p01", True, "p02", False)) is None
    assert check_fence(LD, Fence("A11", "p01", True, "p01", False)) is None  # interior to the vertex after it


def test_exact_messages() -> None:
    assert check_fence(LD, Fence("A11", "p09", False, "p02", False)) == "Area A11 has no boundary item p09"
    assert check_fence(LD, Fence("A99", "p01", False, "p02", False)) == "There is no area A99"


def test_t_path_may_be_cut_from_its_single_side_only() -> None:
    assert Fence("O1", "g1a", False, "t1", True) in fence_options(BL, "O1")
    for area in ("W1", "W2"):
        cuts = [(f.first, f.first_inside) for f in fence_options(BL, area)]
        cuts += [(f.second, f.second_inside) for f in fence_options(BL, area)]
        assert ("t1", False) in cuts and ("t1", True) not in cuts


def test_area_without_boundary_has_no_fences() -> None:
    areas = tuple(replace(a, boundary=None) if a.id == "A11" else a for a in LD.areas)
    b = replace(LD, areas=areas)
    assert fence_options(b, "A11") == [] and fence_options(b, "A99") == []
    message = check_fence(b, Fence("A11", "g11n", False, "p02", False))
    assert message is not None and "A11" in message and "boundary" in message


def test_area_listing_an_item_twice_cannot_be_fenced() -> None:
    """§6.3 G13, §9.6 rule 15: a boundary that lists p01 twice has no well-defined arcs, so no fence splits A11."""
    areas = tuple(replace(a, boundary=(*a.boundary, "p01")) if a.id == "A11" and a.boundary else a for a in LD.areas)
    b = replace(LD, areas=areas)
    assert check_fence(b, Fence("A11", "g11n", False, "p02", False)) == (
        "Area A11 lists p01 twice on its boundary, so the Carpenters cannot split it"
    )


def test_options_are_canonical_and_complete() -> None:
    """A11 has 4 vertices and 2 path interiors (gap interiors excluded): C(6, 2) = 15 fences, in position order."""
    options = fence_options(LD, "A11")
    assert len(options) == 15 == len(set(options))
    boundary = LD.area["A11"].boundary or ()

    def pos(item: str, inside: bool) -> int:
        return 2 * boundary.index(item) + (0 if inside else 1)

    keys = [(pos(f.first, f.first_inside), pos(f.second, f.second_inside)) for f in options]
    assert keys == sorted(keys) and all(a < b for a, b in keys)


def test_fenced_identity_and_memo() -> None:
    assert fenced(LD, ()) is LD and fenced(BL, ()) is BL
    fences = (Fence("A11", "g11n", False, "p02", True),)
    assert fenced(LD, fences) is fenced(LD, fences)
    assert fenced(LD, fences) == apply_fence(LD, fences[0])
    with pytest.raises(ValueError, match="p09"):
        fenced(LD, (Fence("A11", "p09", False, "p02", False),))


# -- properties -------------------------------------------------------------------------------------------------


def assert_rule_7(b: Board) -> None:
    """§9.6 rule 7 boundary consistency (plus the rule 1/2 facts the split could break)."""
    ids = [*b.area_ids, *b.path, *b.gap, *b.tower, *b.zone]
    assert len(ids) == len(set(ids))
    for a in b.areas:
        assert a.boundary is not None and len(set(a.boundary)) == len(a.boundary)
        for item in a.boundary:
            assert item in b.path or item in b.gap, (a.id, item)
    for g in b.gaps:
        assert [a.id for a in b.areas if g.id in (a.boundary or ())] == [g.area]
    for p in b.paths:
        assert len(p.sides) == 2 and all(1 <= len(s) <= 2 for s in p.sides)
        assert not set(p.sides[0]) & set(p.sides[1])
        on = {a.id for a in b.areas if p.id in (a.boundary or ())}
        assert on == set(b.adjacent_areas(p.id)), p.id
    _check_boundaries(b)


def origin(base: Board, area: str) -> str:
    while area not in base.area:
        area = area.rsplit(".", 1)[0]
    return area


def reachable(b: Board, start: str, states: dict[str, SpotState]) -> set[str]:
    """Areas joined to ``start`` by unbuilt non-fence paths (§5.0.2), by breadth-first search."""
    seen, todo = {start}, deque([start])
    while todo:
        here = todo.popleft()
        for p in b.paths:
            if here in b.adjacent_areas(p.id) and joins(b, p.id, states):
                for a in b.adjacent_areas(p.id):
                    if a not in seen:
                        seen.add(a)
                        todo.append(a)
    return seen


@settings(max_examples=60)
@given(st.sampled_from(sorted(BOARDS)), st.data())
def test_random_fence_sequences(side: str, data: st.DataObject) -> None:
    base = BOARDS[side]
    roads = data.draw(st.sets(st.sampled_from([p.id for p in base.paths])), label="roads")
    states = {p: built() for p in roads}
    b: Board = base
    fences: tuple[Fence, ...] = ()
    for _ in range(data.draw(st.integers(1, 3), label="fences")):
        area = data.draw(st.sampled_from(b.area_ids), label="area")
        options = fence_options(b, area)
        assert options and all(check_fence(b, f) is None for f in options)
        fence = data.draw(st.sampled_from(options), label="fence")
        after = apply_fence(b, fence)
        one, two = halves(area)
        assert len(after.areas) == len(b.areas) + 1 and len(after.paths) == len(b.paths) + 1
        assert (
            after.area_ids.index(one) == b.area_ids.index(area)
            and after.area_ids.index(two) == b.area_ids.index(area) + 1
        )
        cut_inside = int(fence.first_inside) + int(fence.second_inside)
        grown = len(after.area[one].boundary or ()) + len(after.area[two].boundary or ())
        assert grown == len(b.area[area].boundary or ()) + 2 + cut_inside
        assert after.path[fence_id(b)].sides == ((one,), (two,))
        assert (after.ring, after.towers, after.zones) == (b.ring, b.towers, b.zones)
        assert_rule_7(after)
        b, fences = after, (*fences, fence)
        # A fence never merges districts (§11 invariant 14): the fenced districts refine the old ones.
        before = {a: i for i, d in enumerate(districts(base, states)) for a in d.areas}
        now = districts(b, states)
        assert sorted(a for d in now for a in d.areas) == sorted(b.area_ids)
        for d in now:
            assert len({before[origin(base, a)] for a in d.areas}) == 1, d.label
        # The halves share a district exactly when other unbuilt paths join them.
        where = {a: i for i, d in enumerate(now) for a in d.areas}
        assert (where[one] == where[two]) == (two in reachable(b, one, states))
    assert fenced(base, fences) == b
    assert fenced(base, fences) is fenced(base, fences)
    for area in b.area_ids:
        assert all(check_fence(b, f) is None for f in fence_options(b, area))
