"""The assembled play area and the bridge between readable names and geometry bitmasks."""

from __future__ import annotations

from functools import lru_cache

from engines.walls_of_york import geometry as geo
from engines.walls_of_york.content import BUILDINGS, CONTENT, LayoutEntry, assemble
from engines.walls_of_york.state import Player

#: Edge name <-> index (§3.3), built once.
EDGE_NAMES: tuple[str, ...] = tuple(geo.edge_name(i) for i in range(geo.EDGES))
EDGE_INDEX: dict[str, int] = {name: i for i, name in enumerate(EDGE_NAMES)}
FIELD_NAMES: tuple[str, ...] = tuple(f"{f % 8},{f // 8}" for f in range(64))
FIELD_INDEX: dict[str, int] = {name: f for f, name in enumerate(FIELD_NAMES)}

#: Field code of each building type and of the scoring symbols (content data).
CODE_OF: dict[str, str] = {meaning: code for code, meaning in CONTENT.field_codes.items()}
COIN_VALUE: dict[str, int] = {CODE_OF["COIN1"]: 1, CODE_OF["COIN2"]: 2}
VIKING: str = CODE_OF["VIKING"]


@lru_cache(maxsize=256)
def fields(layout: tuple[LayoutEntry, ...]) -> tuple[str, ...]:
    """The 64 field codes of the assembled play area."""
    return assemble(CONTENT, layout)


def wall_mask(p: Player) -> int:
    """A player's walls as an edge bitmask."""
    return _mask_of_walls(p.walls)


@lru_cache(maxsize=8192)
def _mask_of_walls(walls: tuple[str, ...]) -> int:
    mask = 0
    for name in walls:
        mask |= 1 << EDGE_INDEX[name]
    return mask


#: For each byte of an edge mask and each byte value, the names of the edges it holds.
_BYTE_NAMES: tuple[tuple[tuple[str, ...], ...], ...] = tuple(
    tuple(tuple(name for b, name in enumerate(EDGE_NAMES[start : start + 8]) if v >> b & 1) for v in range(256))
    for start in range(0, geo.EDGES, 8)
)


def wall_names(mask: int) -> tuple[str, ...]:
    """Edge names of a bitmask, in edge-index order (a byte at a time: this runs every turn)."""
    names: list[str] = []
    for table in _BYTE_NAMES:
        if mask & 255:
            names += table[mask & 255]
        mask >>= 8
    return tuple(names)


def field_mask(names: tuple[str, ...]) -> int:
    mask = 0
    for name in names:
        mask |= 1 << FIELD_INDEX[name]
    return mask


def field_names(mask: int) -> tuple[str, ...]:
    return tuple(FIELD_NAMES[f] for f in range(64) if mask >> f & 1)


def counts(layout: tuple[LayoutEntry, ...], city: int) -> dict[str, int]:
    """Buildings, coins and vikings inside a city (§6.6)."""
    board = fields(layout)
    inside = [board[f] for f in range(64) if city >> f & 1]
    out = {b: inside.count(CODE_OF[b]) for b in BUILDINGS}
    out["COINS"] = sum(COIN_VALUE.get(code, 0) for code in inside)
    out["VIKINGS"] = inside.count(VIKING)
    return out


def meets(decree: tuple[int, ...], found: dict[str, int]) -> bool:
    """Whether a city's buildings satisfy the decree (at least, per type)."""
    return all(found[b] >= decree[i] for i, b in enumerate(BUILDINGS))


@lru_cache(maxsize=4096)
def rooms(walls: int) -> tuple[int, ...]:
    """``geometry.rooms``, remembered per wall set (closing checks ask for it repeatedly)."""
    return geo.rooms(walls)


@lru_cache(maxsize=4096)
def component_unions(walls: int) -> tuple[int, ...]:
    """``geometry.component_unions``, remembered per wall set."""
    return geo.component_unions(walls)
