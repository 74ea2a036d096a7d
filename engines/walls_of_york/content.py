"""Walls of York content: terrain tiles, formations, the building die, the king dice (§2, §9.3).

Loaded from ``data/content.json`` (or a content pack's file of the same name) and validated
with the spec's loader rules (§9.4). The shipped tiles and die are the spec's placeholder
reconstruction, marked ``reconstructed``; a pack replaces them without code changes.
"""

from __future__ import annotations

from functools import cached_property
from itertools import product
from pathlib import Path
from typing import Literal

import msgspec

from engines.core.content import ContentError, Provenance, load, pack_dir
from engines.core.text import names

GAME = "walls_of_york"

DATA_DIR = Path(__file__).parent / "data"

GEMS: tuple[str, ...] = ("white", "blue", "purple", "yellow")
SIDES: tuple[str, ...] = ("black", "white")
QUADRANTS: dict[str, tuple[int, int]] = {"TL": (0, 0), "TR": (4, 0), "BL": (0, 4), "BR": (4, 4)}
QUADRANT_NAMES = names(
    GAME, "quadrant", {"TL": "top-left", "TR": "top-right", "BL": "bottom-left", "BR": "bottom-right"}
)
"""§3.4: the quadrants of the play area in players' words."""
GEM_NAMES = names(GAME, "gem", {gem: gem for gem in GEMS})
"""§3.1: a terrain board is named by the colour of its gem."""
SIDE_NAMES = names(GAME, "side", {side: side for side in SIDES})
"""§3.4: the side of a terrain board that lies up (its arrow's colour)."""
BUILDINGS: tuple[str, ...] = ("CHURCH", "WELL", "MARKET")


class Tile(msgspec.Struct, frozen=True, gc=False):
    """One side of a terrain board: 4 rows of 4 field codes, arrow up (§9.3)."""

    gem: str
    side: str
    rows: list[str]
    provenance: Provenance
    source: str


class Formation(msgspec.Struct, frozen=True, gc=False):
    """A wall formation as doubled-coordinate midpoints (§5.2)."""

    id: str
    midpoints: list[tuple[int, int]]
    provenance: Provenance
    source: str


class DieFace(msgspec.Struct, frozen=True, gc=False):
    """A building-die face: a formation (red half) and coins (white half)."""

    face: int
    formation: str
    coins: int
    provenance: Provenance
    source: str


class KingDice(msgspec.Struct, frozen=True, gc=False):
    """The three king dice, six faces each (§2 D, §10 A2)."""

    dice: list[list[int]]
    provenance: Provenance
    source: str


class Supply(msgspec.Struct, frozen=True, gc=False):
    """Component counts (used by the strict-supply option, §10 A6)."""

    walls: int
    coins: int
    viking_tiles: int
    provenance: Provenance
    source: str


class LayoutEntry(msgspec.Struct, frozen=True, gc=False):
    """One terrain board in the assembled play area (§3.4)."""

    quadrant: Literal["TL", "TR", "BL", "BR"]
    gem: str
    side: Literal["black", "white"]
    rotation: int


class BoardPreset(msgspec.Struct, frozen=True, gc=False):
    """A named assembled play area (skips the setup steps)."""

    id: str
    layout: list[LayoutEntry]
    provenance: Provenance
    source: str


class Content(msgspec.Struct, frozen=True, dict=True):
    """All Walls of York content."""

    format: str
    field_codes: dict[str, str]
    tiles: list[Tile]
    formations: list[Formation]
    building_die: list[DieFace]
    king_dice: dict[str, KingDice]
    tower_shafts: list[str]
    supply: Supply
    presets: list[BoardPreset]

    @cached_property
    def tile(self) -> dict[tuple[str, str], Tile]:
        return {(t.gem, t.side): t for t in self.tiles}

    @cached_property
    def formation(self) -> dict[str, Formation]:
        return {f.id: f for f in self.formations}

    @cached_property
    def preset(self) -> dict[str, BoardPreset]:
        return {p.id: p for p in self.presets}


def rotate(i: int, j: int, k: int) -> tuple[int, int]:
    """§3.4: local field (i, j) of a tile turned ``k`` times clockwise lands on (i', j')."""
    for _ in range(k % 4):
        i, j = 3 - j, i
    return i, j


def assemble(content: Content, layout: list[LayoutEntry] | tuple[LayoutEntry, ...]) -> tuple[str, ...]:
    """The 64 field codes (index c + 8r) of an assembled play area; unset quadrants are empty."""
    fields = [".."] * 64
    for entry in layout:
        ox, oy = QUADRANTS[entry.quadrant]
        rows = content.tile[(entry.gem, entry.side)].rows
        for j, row in enumerate(rows):
            for i, code in enumerate(row.split()):
                ii, jj = rotate(i, j, entry.rotation)
                fields[(ox + ii) + 8 * (oy + jj)] = code
    return tuple(fields)


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise ContentError(message)


def validate_content(c: Content) -> Content:
    """Rules V1, V3, V4 (shape), V5 and V6 of §9.4."""
    for gem in GEMS:
        for side in SIDES:
            tile = c.tile.get((gem, side))
            _check(tile is not None, f"V1: tile {gem}/{side} is missing")
            assert tile is not None
            _check(len(tile.rows) == 4, f"V1: tile {gem}/{side} needs 4 rows")
            for row in tile.rows:
                codes = row.split()
                _check(len(codes) == 4 and all(x in c.field_codes for x in codes), f"V1: bad row {row!r}")
    _check(len(c.building_die) == 6, f"V3: the building die needs 6 faces, not {len(c.building_die)}")
    for face in c.building_die:
        _check(face.formation in c.formation, f"V3: face {face.face} names unknown formation {face.formation}")
        _check(face.coins in (1, 2, 3), f"V3: face {face.face} coins must be 1, 2 or 3")
    for f in c.formations:
        _check(bool(f.midpoints) and len(set(f.midpoints)) == len(f.midpoints), f"V4: formation {f.id} is malformed")
        _check(all((u + v) % 2 == 1 for u, v in f.midpoints), f"V4: formation {f.id} has a bad midpoint")
    _check("I1" in c.formation, "V4: the single piece I1 is required (special rule)")
    for name, kd in c.king_dice.items():
        _check(len(kd.dice) == 3 and all(len(d) == 6 and min(d) >= 0 for d in kd.dice), f"V6: king dice {name}")
    _check(sorted(c.tower_shafts) == sorted(BUILDINGS), "tower shafts must be CHURCH, WELL, MARKET")
    most = max(max(max(d) for d in kd.dice) for kd in c.king_dice.values())
    for sides in product(SIDES, repeat=4):
        layout = [LayoutEntry(q, g, s, 0) for q, g, s in zip(QUADRANTS, GEMS, sides, strict=True)]  # type: ignore[arg-type]
        fields = assemble(c, layout)
        for b in BUILDINGS:
            code = next(k for k, v in c.field_codes.items() if v == b)
            if c.tiles[0].provenance == "reconstructed":
                _check(fields.count(code) >= most, f"V5: {b} on sides {sides}: fewer than {most}")
    return c


def load_content(pack: Path | None = None) -> Content:
    """Load and validate the shipped content or a content pack's ``content.json``."""
    return validate_content(load(DATA_DIR, "content.json", Content, pack))


#: The content in force: the configured pack's, else the shipped placeholder (immutable data).
CONTENT = load_content(pack_dir("walls_of_york"))
