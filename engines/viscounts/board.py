"""The main board as a graph (§4.1) and the castle's ring (§5.8).

Space ``3 * position + k`` (``k``: 0 outer-left, 1 inner, 2 outer-right) of ring position
``position`` 0..4 (clockwise). The printed arrows (A-06): ``OL -> OR``, ``OL -> IN``, ``IN -> OR``,
``IN -> next IN``, ``OR -> next OL``. Building spots are numbered clockwise over the ring: each segment
side's spots in content order (the river's left group, reachable from ``OL``, then the right group,
reachable from ``OR``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from types import MappingProxyType

from engines.viscounts.content import CONTENT, Link, SegmentSide, Spot

SEGMENTS = 5
SPACES = 3 * SEGMENTS
OL, IN, OR = 0, 1, 2
NEXT_FIRST = "NEXT_SEGMENT_FIRST"
"""A link's far end in the next segment: that segment's first spot (content)."""

KIND_NAMES = {OL: "outer-left", IN: "inner", OR: "outer-right"}


def space_at(pos: int, kind_: int) -> int:
    """The space of kind ``kind_`` (``OL``, ``IN``, ``OR``) at ring position ``pos``."""
    return 3 * pos + kind_


def position(space: int) -> int:
    """The ring position (segment) of ``space``."""
    return space // 3


def kind(space: int) -> int:
    """``OL``, ``IN`` or ``OR``."""
    return space % 3


def is_outer(space: int) -> bool:
    """§4.1: Trade and Build are taken on outer spaces, Place Workers and Transcribe on inner ones."""
    return kind(space) != IN


def exits(space: int) -> tuple[int, ...]:
    """§4.1: the spaces one arrow away."""
    here = position(space)
    after = (here + 1) % SEGMENTS
    arrows = {
        OL: ((here, OR), (here, IN)),
        IN: ((here, OR), (after, IN)),
        OR: ((after, OL),),
    }
    return tuple(space_at(pos, k) for pos, k in arrows[kind(space)])


@lru_cache(maxsize=4096)
def cheapest_steps(start: int, least: int, most: int) -> Mapping[int, int]:
    """§4.7 phase 2: for every space reachable from ``start`` in exactly ``k`` steps, ``least <= k <= most``,
    the smallest such ``k`` (a longer path to the same space only costs more silver). Read-only: the answer
    is cached (the board's arrows never change)."""
    found: dict[int, int] = {}
    frontier = {start}
    for k in range(1, most + 1):
        frontier = {nxt for space in frontier for nxt in exits(space)}
        if k >= least:
            for space in frontier:
                found.setdefault(space, k)
            if len(found) == SPACES:
                break
    return MappingProxyType(found)


def space_name(space: int) -> str:
    """``"segment 2 inner"`` (positions counted from 1, as people count)."""
    return f"segment {position(space) + 1} {KIND_NAMES[kind(space)]}"


# ---- the segment sides on the ring --------------------------------------------------------------------


def side(ring: Sequence[str], pos: int) -> SegmentSide:
    """The segment side at ring position ``pos``."""
    return CONTENT.segments[ring[pos]]


@cache
def spot_table(ring: tuple[str, ...]) -> tuple[tuple[int, Spot], ...]:
    """Every building spot of the ring in clockwise order, with its ring position."""
    return tuple((pos, spot) for pos, side_id in enumerate(ring) for spot in CONTENT.segments[side_id].spots)


def spot_index(ring: tuple[str, ...], spot_id: str) -> int:
    """A spot's index in ``spot_table`` (``-1`` when the ring has no such spot)."""
    for i, (_, spot) in enumerate(spot_table(ring)):
        if spot.id == spot_id:
            return i
    return -1


def reachable_spots(ring: tuple[str, ...], space: int) -> tuple[int, ...]:
    """§5.5: the spots of the river side the outer ``space`` reaches (left group from OL, right from OR)."""
    if not is_outer(space):
        return ()
    wanted = "left" if kind(space) == OL else "right"
    pos = position(space)
    return tuple(i for i, (p, spot) in enumerate(spot_table(ring)) if p == pos and spot.side == wanted)


@cache
def links_of(ring: tuple[str, ...], index: int) -> tuple[tuple[int, Link], ...]:
    """§5.5 step 4: the links touching spot ``index``, each with the spot at its other end."""
    table = spot_table(ring)
    ids = {spot.id: i for i, (_, spot) in enumerate(table)}
    out: list[tuple[int, Link]] = []
    for pos, side_id in enumerate(ring):
        nxt = CONTENT.segments[ring[(pos + 1) % SEGMENTS]].spots[0].id
        for link in CONTENT.segments[side_id].links:
            a, b = ids[link.a], ids[nxt if link.b == NEXT_FIRST else link.b]
            if index in (a, b):
                out.append((b if a == index else a, link))
    return tuple(out)


# ---- the castle (§5.8) ----------------------------------------------------------------------------------


def section_at(rotation: int, pos: int) -> int:
    """The castle section (castle frame) that lies by ring position ``pos``."""
    return (pos + rotation) % SEGMENTS


def neighbours(section: int) -> tuple[int, int]:
    """The sections clockwise and counter-clockwise of ``section``."""
    return (section + 1) % SEGMENTS, (section - 1) % SEGMENTS
