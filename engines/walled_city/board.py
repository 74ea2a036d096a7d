"""Walled City boards: the board file schema (§9.5), the loader rules (§9.6) and static geometry.

The real layouts could not be recovered (§9.1, §9.2, A-1), so the shipped ``data/londonderry.json``
and ``data/borderlands.json`` are the spec's synthetic stand-ins (§9.7), every item marked
``reconstructed``. A content pack (``$RULES_ENGINE_CONTENT_DIR/walled_city/``) holding a file of
the same name replaces it without code changes; every file, shipped or packed, must pass every
rule of §9.6 or loading fails with a :class:`ContentError` naming the offending item.

Geometry (§5.0.3, §5.0.5, §5.8): the fortification is one clockwise cyclic ``ring`` of towers,
gaps and defence zones; ``nearest_towers(board, gap)``, ``towers(board, zone)`` and
``zones(board, tower)`` are read off it (``Board`` methods ``nearest_towers``, ``zone_towers``,
``tower_zones``; the struct's ``towers``/``zones`` fields hold the items). Paths have two sides of
1 or 2 areas (a 1 + 2 path is a T-path).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from functools import cached_property
from pathlib import Path
from types import MappingProxyType
from typing import Literal, NamedTuple

import msgspec

from engines.core.content import ContentError, Provenance, load, pack_dir

DATA_DIR = Path(__file__).parent / "data"
GAME_ID = "walled_city"

#: Board sides (§2.1); the board file of side ``s`` is ``<s>.json``.
SIDES: tuple[str, ...] = ("londonderry", "borderlands")

#: Printed path lengths, matching the road pieces (§2.3, §9.5).
LENGTHS: tuple[str, ...] = ("short", "medium", "long")

#: Road pieces per length: 2 long, 14 medium, 8 short (§2.3); rule 14 compares path counts to it.
ROAD_PIECES: Mapping[str, int] = MappingProxyType({"short": 8, "medium": 14, "long": 2})

#: Faction-die spots over areas and towers (§2.1, §9.3; rule 8).
DIE_SPOTS = 20
#: Minimum numbers of defence zones (rule 10) and gaps (rule 11, A-17).
MIN_ZONES = 8
MIN_GAPS = 13
#: 2-player neutral supply (§3.6; rule 13): 1 noble + 2 peasants per gap area, 1 noble per tower.
NEUTRAL_PEASANTS = 25
NEUTRAL_NOBLES = 20

Kind = Literal["area", "path", "gap", "tower", "zone"]


class SideRules(NamedTuple):
    """Counts §9.6 fixes per board side: T-paths (rule 3), survey spots (rule 9), paths > ``more_paths_than``
    (rule 12: more than the most roads ever built in round 1, §9.3)."""

    t_paths: int
    survey_spots: int
    more_paths_than: int


SIDE_RULES: Mapping[str, SideRules] = MappingProxyType(
    {"londonderry": SideRules(0, 4, 16), "borderlands": SideRules(8, 1, 20)}
)


class Area(msgspec.Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """An area (§0): die spots 0–2, a survey spot or not, optionally its clockwise ``boundary`` of path/gap ids."""

    id: str
    die_spots: int
    survey_spot: bool
    provenance: Provenance
    source: str
    boundary: tuple[str, ...] | None = None


class BoardPath(msgspec.Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """A path (§0): a printed length and two sides of 1 or 2 areas each (T-path: ``[[A], [B1, B2]]``, §5.8).

    ``fence`` paths (length ``None``, permanently built) are created only by Carpenters at run time (§9.5);
    a board file never holds one (rule 2).
    """

    id: str
    length: str | None
    sides: tuple[tuple[str, ...], ...]
    provenance: Provenance
    source: str
    fence: bool = False


class Gap(msgspec.Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """A gap in the fortification, opening onto exactly one area (§5.0.3)."""

    id: str
    area: str
    provenance: Provenance
    source: str


class Tower(msgspec.Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """A tower on the fortification, with 0 or 1 faction-die spot (rule 8)."""

    id: str
    die_spots: int
    provenance: Provenance
    source: str


class Zone(msgspec.Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """A defence zone between two towers (§5.0.3)."""

    id: str
    provenance: Provenance
    source: str


class Board(msgspec.Struct, frozen=True, forbid_unknown_fields=True, dict=True):
    """A board file (§9.5) plus lookups and the derived static geometry.

    Build it only through :func:`load_board` / :func:`check_board`: the geometry assumes the §9.6 rules hold.
    Areas, path sides and gap areas are state for a future Carpenters (§9.5 "runtime mutation"): a changed
    board is a new ``Board`` (``msgspec.structs.replace``), never a mutation.
    """

    board: str
    synthetic: bool
    provenance: Provenance
    source: str
    areas: tuple[Area, ...]
    paths: tuple[BoardPath, ...]
    gaps: tuple[Gap, ...]
    towers: tuple[Tower, ...]
    zones: tuple[Zone, ...]
    ring: tuple[str, ...]

    # -- lookups -------------------------------------------------------------------------------

    @cached_property
    def area_ids(self) -> tuple[str, ...]:
        """Area ids in file order (the canonical order used for districts)."""
        return tuple(a.id for a in self.areas)

    @cached_property
    def area(self) -> Mapping[str, Area]:
        return MappingProxyType({a.id: a for a in self.areas})

    @cached_property
    def path(self) -> Mapping[str, BoardPath]:
        return MappingProxyType({p.id: p for p in self.paths})

    @cached_property
    def gap(self) -> Mapping[str, Gap]:
        return MappingProxyType({g.id: g for g in self.gaps})

    @cached_property
    def tower(self) -> Mapping[str, Tower]:
        return MappingProxyType({t.id: t for t in self.towers})

    @cached_property
    def zone(self) -> Mapping[str, Zone]:
        return MappingProxyType({z.id: z for z in self.zones})

    def kind(self, item: str) -> Kind | None:
        """Which kind of board item ``item`` names, or ``None``."""
        tables: tuple[tuple[Kind, Mapping[str, object]], ...] = (
            ("area", self.area),
            ("path", self.path),
            ("gap", self.gap),
            ("tower", self.tower),
            ("zone", self.zone),
        )
        return next((kind for kind, table in tables if item in table), None)

    # -- paths (§5.0.5, §5.8) ------------------------------------------------------------------

    def sides(self, path: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The two sides of ``path``: 1 area each, or ``([A], [B1, B2])`` for a T-path (§5.8)."""
        first, second = self.path[path].sides
        return first, second

    def is_t_path(self, path: str) -> bool:
        """A path with 1 area on one side and 2 on the other (§0, §5.8)."""
        return sorted(len(side) for side in self.path[path].sides) == [1, 2]

    @cached_property
    def t_paths(self) -> tuple[str, ...]:
        """Every T-path, in file order (rule 3: 0 on Londonderry, 8 on Borderlands)."""
        return tuple(p.id for p in self.paths if self.is_t_path(p.id))

    def adjacent_areas(self, path: str) -> tuple[str, ...]:
        """``side1 ∪ side2`` (§5.0.5): 2 areas, 3 for a T-path, 4 for a double-T path."""
        first, second = self.sides(path)
        return first + second

    def stem(self, path: str) -> str | None:
        """The stem of a T-path: the path with sides exactly ``[[B1], [B2]]`` (§5.8, rule 4), if any."""
        if not self.is_t_path(path):
            return None
        pair = next(frozenset(side) for side in self.path[path].sides if len(side) == 2)
        for other in self.paths:
            singles = len(other.sides) == 2 and all(len(s) == 1 for s in other.sides)
            if singles and frozenset(s[0] for s in other.sides) == pair:
                return other.id
        return None

    # -- fortification (§5.0.3) ----------------------------------------------------------------

    def gap_area(self, gap: str) -> str:
        """``area(g)``: the single area the gap opens onto (§5.0.3)."""
        return self.gap[gap].area

    @cached_property
    def gap_areas(self) -> tuple[str, ...]:
        """The distinct areas with at least one gap on their edge, in area order (§3.6, rule 13)."""
        opened = {g.area for g in self.gaps}
        return tuple(a for a in self.area_ids if a in opened)

    def _scan(self, i: int, step: int, table: Mapping[str, object]) -> str:
        """The first item of ``table`` met going from ring position ``i`` in direction ``step`` (+1 = clockwise)."""
        n = len(self.ring)
        return next(self.ring[(i + step * d) % n] for d in range(1, n + 1) if self.ring[(i + step * d) % n] in table)

    @cached_property
    def _ring_geometry(self) -> tuple[Mapping[str, tuple[str, str]], ...]:
        """(nearest towers per gap, towers per zone, zones per tower), read once off the ring."""
        around: dict[str, dict[str, tuple[str, str]]] = {"gap": {}, "zone": {}, "tower": {}}
        for i, item in enumerate(self.ring):
            if item in self.tower:
                around["tower"][item] = (self._scan(i, -1, self.zone), self._scan(i, +1, self.zone))
            else:
                kind = "gap" if item in self.gap else "zone"
                around[kind][item] = (self._scan(i, -1, self.tower), self._scan(i, +1, self.tower))
        return tuple(MappingProxyType(around[kind]) for kind in ("gap", "zone", "tower"))

    def nearest_towers(self, gap: str) -> tuple[str, str]:
        """``nearest_towers(g)`` = (first tower counter-clockwise, first tower clockwise) along the ring (§5.0.3)."""
        return self._ring_geometry[0][gap]

    def zone_towers(self, zone: str) -> tuple[str, str]:
        """``towers(Z)`` = (``ccw_tower``, ``cw_tower``), the towers bounding the zone's segment (§5.0.3, §9.5)."""
        return self._ring_geometry[1][zone]

    def tower_zones(self, tower: str) -> tuple[str, str]:
        """``zones(T)`` = (``zone_before``, ``zone_after``) (§5.0.3, §9.5).

        ``zone_before`` lies in the segment ending at T, so its card's ``cw`` half faces T; ``zone_after``
        lies in the segment starting at T, so its ``ccw`` half faces T.
        """
        return self._ring_geometry[2][tower]

    # -- spots ---------------------------------------------------------------------------------

    @cached_property
    def survey_areas(self) -> tuple[str, ...]:
        """Areas with a survey spot (§2.1; rule 9)."""
        return tuple(a.id for a in self.areas if a.survey_spot)

    @cached_property
    def carpenters_enabled(self) -> bool:
        """Rule 15: the Carpenters need every area's ``boundary``."""
        return all(a.boundary is not None for a in self.areas)


def _check(condition: bool, rule: int | None, message: str) -> None:
    if not condition:
        raise ContentError(f"§9.6 rule {rule}: {message}" if rule is not None else f"§9.5 schema: {message}")


def _duplicates(items: Iterable[str]) -> list[str]:
    return sorted(item for item, count in Counter(items).items() if count > 1)


def _components(nodes: tuple[str, ...], edges: Iterable[tuple[str, str]]) -> list[list[str]]:
    """Connected components of an undirected graph, largest first, nodes in the given order."""
    parent = {n: n for n in nodes}

    def root(n: str) -> str:
        while parent[n] != n:
            parent[n] = parent[parent[n]]
            n = parent[n]
        return n

    for a, b in edges:
        parent[root(a)] = root(b)
    groups: dict[str, list[str]] = {}
    for n in nodes:
        groups.setdefault(root(n), []).append(n)
    return sorted(groups.values(), key=len, reverse=True)


def _check_ids(board: Board) -> None:
    """Rule 1: ids are unique across areas, paths, gaps, towers and zones."""
    ids = [x.id for x in board.areas] + [x.id for x in board.paths] + [x.id for x in board.gaps]
    ids += [x.id for x in board.towers] + [x.id for x in board.zones]
    dup = _duplicates(ids)
    _check(not dup, 1, f"ids used more than once: {', '.join(dup)}")
    _check(all(ids), 1, "an item has an empty id")


def _check_paths(board: Board, side: SideRules) -> list[str]:
    """Rules 2–5: lengths and sides, T-path count, stems (warning), connectivity."""
    areas = set(board.area_ids)
    for p in board.paths:
        _check(not p.fence, 2, f"path {p.id} is a fence; fences are created only by Carpenters during play")
        _check(p.length in LENGTHS, 2, f"path {p.id} has length {p.length!r}, not one of {', '.join(LENGTHS)}")
        _check(len(p.sides) == 2, 2, f"path {p.id} has {len(p.sides)} sides, not exactly 2")
        for s in p.sides:
            _check(1 <= len(s) <= 2, 2, f"path {p.id} has a side of {len(s)} areas (1 or 2 allowed)")
            _check(len(set(s)) == len(s), 2, f"path {p.id} lists an area twice on one side: {list(s)}")
            unknown = [a for a in s if a not in areas]
            _check(not unknown, 2, f"path {p.id} names unknown area(s) {', '.join(unknown)}")
        _check(not set(p.sides[0]) & set(p.sides[1]), 2, f"path {p.id} has an area on both sides")
        _check(
            not (len(p.sides[0]) == 2 and len(p.sides[1]) == 2),
            2,
            f"path {p.id} is a double-T (2 + 2); only Carpenters fences create those",
        )
    t_paths = board.t_paths
    _check(
        len(t_paths) == side.t_paths,
        3,
        f"{board.board} needs exactly {side.t_paths} T-paths, found {len(t_paths)}"
        + (f" ({', '.join(t_paths)})" if t_paths else ""),
    )
    warnings = [f"§9.6 rule 4: T-path {t} has no stem path" for t in t_paths if board.stem(t) is None]
    _check(bool(board.areas), 5, "the board has no areas")
    edges = [(a, b) for p in board.paths for a in p.sides[0] for b in p.sides[1]]
    parts = _components(board.area_ids, edges)
    cut_off = ["{" + ", ".join(part) + "}" for part in parts[1:]]
    _check(len(parts) == 1, 5, f"the area graph is not connected: {'; '.join(cut_off)} cut off from {parts[0][0]}")
    return warnings


def _check_ring(board: Board) -> None:
    """Rule 6: every tower, gap and zone once; ≥ 2 towers; exactly one zone between consecutive towers."""
    ring_items = {x.id for x in board.towers} | {x.id for x in board.gaps} | {x.id for x in board.zones}
    dup = _duplicates(board.ring)
    _check(not dup, 6, f"ring lists {', '.join(dup)} more than once")
    stray = [x for x in board.ring if x not in ring_items]
    _check(not stray, 6, f"ring holds {', '.join(stray)}, which is not a tower, gap or zone")
    missing = sorted(ring_items - set(board.ring))
    _check(not missing, 6, f"{', '.join(missing)} missing from the ring")
    _check(len(board.towers) >= 2, 6, f"the ring needs at least 2 towers, found {len(board.towers)}")
    start = next(i for i, x in enumerate(board.ring) if x in board.tower)
    ring = board.ring[start:] + board.ring[:start]
    previous, segment = ring[0], []
    for item in (*ring[1:], ring[0]):
        if item not in board.tower:
            segment.append(item)
            continue
        zones = [x for x in segment if x in board.zone]
        _check(
            len(zones) == 1,
            6,
            f"exactly one zone must lie between towers {previous} and {item}, found "
            + (", ".join(zones) if zones else "none"),
        )
        previous, segment = item, []
    for z in board.zones:
        ccw, cw = board.zone_towers(z.id)
        _check(ccw != cw, 6, f"zone {z.id} has the same tower {ccw} on both sides")


def _check_boundaries(board: Board) -> None:
    """Rule 7: gaps open onto existing areas; ``boundary`` data, where present, agrees with paths and gaps."""
    for g in board.gaps:
        _check(g.area in board.area, 7, f"gap {g.id} opens onto unknown area {g.area!r}")
    for a in board.areas:
        for item in a.boundary or ():
            known = item in board.path or item in board.gap
            _check(known, 7, f"area {a.id} boundary names {item!r}, which is not a path or gap")
            if item in board.gap:
                owner = board.gap[item].area
                _check(owner == a.id, 7, f"area {a.id} boundary lists gap {item}, which opens onto area {owner}")
            else:
                _check(
                    a.id in board.adjacent_areas(item),
                    7,
                    f"area {a.id} boundary lists path {item}, which does not have {a.id} on a side",
                )
    for g in board.gaps:
        boundary = board.area[g.area].boundary
        _check(boundary is None or g.id in boundary, 7, f"gap {g.id} is missing from area {g.area}'s boundary")
    for p in board.paths:
        for area_id in board.adjacent_areas(p.id):
            boundary = board.area[area_id].boundary
            _check(boundary is None or p.id in boundary, 7, f"path {p.id} is missing from area {area_id}'s boundary")


def _check_counts(board: Board, side: SideRules) -> list[str]:
    """Rules 8–15: die spots, survey spots, zones, gaps, paths, 2-player neutral supply; warnings 14 and 15."""
    for a in board.areas:
        _check(0 <= a.die_spots <= 2, 8, f"area {a.id} has {a.die_spots} die spots (0, 1 or 2 allowed)")
    for t in board.towers:
        _check(t.die_spots in (0, 1), 8, f"tower {t.id} has {t.die_spots} die spots (0 or 1 allowed)")
    spots = sum(a.die_spots for a in board.areas) + sum(t.die_spots for t in board.towers)
    _check(spots == DIE_SPOTS, 8, f"die spots over areas and towers sum to {spots}, not {DIE_SPOTS}")
    surveyed = board.survey_areas
    _check(
        len(surveyed) == side.survey_spots,
        9,
        f"{board.board} needs exactly {side.survey_spots} survey-spot areas, found {len(surveyed)}"
        + (f": {', '.join(surveyed)}" if surveyed else ""),
    )
    _check(len(board.zones) >= MIN_ZONES, 10, f"at least {MIN_ZONES} defence zones needed, found {len(board.zones)}")
    _check(len(board.gaps) >= MIN_GAPS, 11, f"at least {MIN_GAPS} gaps needed, found {len(board.gaps)}")
    _check(
        len(board.paths) > side.more_paths_than,
        12,
        f"{board.board} needs more than {side.more_paths_than} paths, found {len(board.paths)}",
    )
    opened = len(board.gap_areas)
    _check(
        2 * opened <= NEUTRAL_PEASANTS,
        13,
        f"{opened} gap areas need {2 * opened} neutral peasants, more than {NEUTRAL_PEASANTS}",
    )
    _check(
        opened + len(board.towers) <= NEUTRAL_NOBLES,
        13,
        f"{opened} gap areas + {len(board.towers)} towers need {opened + len(board.towers)} neutral nobles, "
        f"more than {NEUTRAL_NOBLES}",
    )
    warnings = []
    per_length = Counter(p.length for p in board.paths)
    for length in LENGTHS:
        if per_length[length] > ROAD_PIECES[length]:
            warnings.append(
                f"§9.6 rule 14: {per_length[length]} {length} paths but only {ROAD_PIECES[length]} {length} roads"
            )
    if not board.carpenters_enabled:
        lacking = [a.id for a in board.areas if a.boundary is None]
        warnings.append(f"§9.6 rule 15: Carpenters disabled, no boundary for {', '.join(lacking)}")
    return warnings


def check_board(board: Board, expected_side: str | None = None) -> tuple[str, ...]:
    """Apply every loader rule of §9.6; raise :class:`ContentError` naming the item, else return the warnings.

    Warnings (not errors, per §9.6): a T-path without a stem (rule 4); more paths of a length than road pieces
    of that length (rule 14); no ``boundary`` data, so the Carpenters are disabled (rule 15). The rules run in
    order, so later rules may rely on earlier ones (e.g. the ring geometry on rule 6).
    """
    _check(board.board in SIDES, None, f"unknown board side {board.board!r} (expected one of {', '.join(SIDES)})")
    if expected_side is not None:
        _check(board.board == expected_side, None, f"the {expected_side} board file declares board {board.board!r}")
    side = SIDE_RULES[board.board]
    _check_ids(board)
    warnings = _check_paths(board, side)
    _check_ring(board)
    _check_boundaries(board)
    warnings += _check_counts(board, side)
    return tuple(warnings)


def nearest_towers(board: Board, gap: str) -> tuple[str, str]:
    """§5.0.3 ``nearest_towers(g)``: (counter-clockwise, clockwise) nearest towers of a gap; always distinct."""
    return board.nearest_towers(gap)


def towers(board: Board, zone: str) -> tuple[str, str]:
    """§5.0.3 ``towers(Z)`` = (``ccw_tower``, ``cw_tower``)."""
    return board.zone_towers(zone)


def zones(board: Board, tower: str) -> tuple[str, str]:
    """§5.0.3 ``zones(T)`` = (``zone_before``, ``zone_after``); T reads ``cw`` of the first, ``ccw`` of the second."""
    return board.tower_zones(tower)


def load_board(side: str, pack: Path | None = None) -> Board:
    """Load ``<side>.json`` from ``pack`` if it has one, else the shipped file, and apply §9.6 (errors raise)."""
    _check(side in SIDES, None, f"unknown board side {side!r}")
    board = load(DATA_DIR, f"{side}.json", Board, pack)
    try:
        check_board(board, expected_side=side)
    except ContentError as exc:
        raise ContentError(f"{side}.json: {exc}") from exc
    return board


def load_boards(pack: Path | None = None) -> Mapping[str, Board]:
    """Both board sides, validated (§9.6)."""
    return MappingProxyType({side: load_board(side, pack) for side in SIDES})


#: The boards in force: the configured pack's files, else the shipped §9.7 stand-ins (immutable data).
BOARDS: Mapping[str, Board] = load_boards(pack_dir(GAME_ID))
