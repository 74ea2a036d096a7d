"""The placement step (§5.2–§5.4): every open player commits a placement, hidden until all
have; then all are revealed and applied together (§4.4)."""

from __future__ import annotations

from functools import lru_cache

from msgspec.structs import replace

from engines.core.errors import Violation
from engines.walls_of_york import geometry as geo
from engines.walls_of_york import moves as mv
from engines.walls_of_york.board import EDGE_INDEX, EDGE_NAMES, wall_mask, wall_names
from engines.walls_of_york.content import CONTENT
from engines.walls_of_york.state import Player, State, Submission


@lru_cache(maxsize=16)
def formation_variants(formation: str) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The distinct orientations of a formation (index = ``PlaceFormation.variant``)."""
    return geo.variants(tuple(tuple(m) for m in CONTENT.formation[formation].midpoints))


@lru_cache(maxsize=16)
def formation_placements(formation: str) -> tuple[tuple[int, int, int, int], ...]:
    """Every (variant, dx, dy, edge mask) of a formation on the empty board."""
    return tuple(
        (v, dx, dy, mask)
        for v, variant in enumerate(formation_variants(formation))
        for dx, dy, mask in geo.placements(variant)
    )


def rolled_formation(s: State) -> str:
    return CONTENT.building_die[s.face - 1].formation


def place_seats(s: State) -> tuple[int, ...]:
    """Open players who have not committed this turn's placement."""
    return tuple(i for i, p in enumerate(s.players) if p.open and p.submitted is None)


def placement_options(s: State, seat: int) -> list[mv.PlaceFormation | mv.PlaceSingle | mv.Pass]:
    """§5.7: every free placement of the rolled formation, every free edge, else Pass."""
    walls = wall_mask(s.players[seat])
    out: list[mv.PlaceFormation | mv.PlaceSingle | mv.Pass] = [
        mv.PlaceFormation(v, dx, dy)
        for v, dx, dy, mask in formation_placements(rolled_formation(s))
        if not mask & walls
    ]
    out += [mv.PlaceSingle(EDGE_NAMES[i]) for i in range(geo.EDGES) if not walls >> i & 1]
    return out or [mv.Pass()]


def check_placement(s: State, seat: int, a: mv.PlaceFormation | mv.PlaceSingle | mv.Pass) -> list[Violation]:
    """§5.2 conditions 2–4, §5.3, §5.4."""
    walls = wall_mask(s.players[seat])
    if isinstance(a, mv.PlaceSingle):
        edge = EDGE_INDEX.get(a.edge)
        if edge is None:
            return [Violation("WALLS_OF_YORK_NO_SUCH_EDGE", f"{a.edge!r} is not a street of the board.", "action.edge")]
        if walls >> edge & 1:
            return [Violation("WALLS_OF_YORK_EDGE_OCCUPIED", f"Street {a.edge} already has a wall.", "action.edge")]
        return []
    if isinstance(a, mv.Pass):
        if placement_options(s, seat) != [mv.Pass()]:
            return [Violation("WALLS_OF_YORK_MUST_BUILD", "An open player must build while a piece fits.", "action")]
        return []
    formation = rolled_formation(s)
    variants = formation_variants(formation)
    if not 0 <= a.variant < len(variants):
        return [
            Violation(
                "WALLS_OF_YORK_NO_SUCH_VARIANT",
                f"Formation {formation} has variants 0..{len(variants) - 1}, not {a.variant}.",
                "action.variant",
            )
        ]
    mask = geo.placement_mask(variants[a.variant], a.dx, a.dy)
    if mask is None:
        return [Violation("WALLS_OF_YORK_OFF_BOARD", "The formation would leave the board.", "action")]
    taken = mask & walls
    if taken:
        first = next(i for i in range(geo.EDGES) if taken >> i & 1)
        return [Violation("WALLS_OF_YORK_EDGE_OCCUPIED", f"Street {EDGE_NAMES[first]} already has a wall.", "action")]
    return []


def submission(a: mv.PlaceFormation | mv.PlaceSingle | mv.Pass) -> Submission:
    if isinstance(a, mv.PlaceFormation):
        return Submission("formation", a.variant, a.dx, a.dy)
    if isinstance(a, mv.PlaceSingle):
        return Submission("single", edge=a.edge)
    return Submission("pass")


def commit(s: State, seat: int, a: mv.PlaceFormation | mv.PlaceSingle | mv.Pass) -> State:
    players = list(s.players)
    players[seat] = replace(players[seat], submitted=submission(a))
    return replace(s, players=tuple(players))


def _segments(s: State, sub: Submission) -> int:
    """The edge mask a committed placement adds."""
    if sub.kind == "formation":
        return geo.placement_mask(formation_variants(rolled_formation(s))[sub.variant], sub.dx, sub.dy) or 0
    if sub.kind == "single":
        return 1 << EDGE_INDEX[sub.edge]
    return 0


def pieces(s: State, sub: Submission) -> int:
    """The wall pieces a committed placement puts down (§5.2–§5.4)."""
    return bin(_segments(s, sub)).count("1")


def reveal(s: State) -> State:
    """Apply every committed placement to its owner's board (order irrelevant, I-19).

    Strict supply (§10 A6): pieces are handed out clockwise from the roller; a player short
    by ``d`` pieces first lifts ``d`` of his own walls (the ``lift`` step), and a player with
    fewer than ``d`` walls on his board can place nothing this turn (his move becomes a pass).
    """
    n = len(s.players)
    players = list(s.players)
    supply = s.supply_walls
    for seat in ((s.roller + i) % n for i in range(n)):
        p = players[seat]
        sub = p.submitted
        if not p.open or sub is None:
            continue
        mask = _segments(s, sub)
        need = bin(mask).count("1")
        short = max(0, need - supply) if s.options.strict_supply else 0
        if short > len(p.walls):
            players[seat] = _fall_back_to_single(p, supply)
            supply -= 1 if supply >= 1 and players[seat].submitted is not None else 0
            continue
        supply -= need - short
        if short:
            players[seat] = replace(p, lift=short)
        else:
            players[seat] = replace(p, walls=wall_names(wall_mask(p) | mask), submitted=None, passed=sub.kind == "pass")
    s = replace(s, players=tuple(players), supply_walls=supply)
    return replace(s, step="lift") if lift_seats(s) else start_closing(s)


def _fall_back_to_single(p: Player, supply: int) -> Player:
    """§10 A6: a formation the player cannot man becomes a single piece (its edge chosen in the
    lift step, from the supply or by lifting one own wall), or a pass if he has no wall either."""
    if supply >= 1:
        return replace(p, submitted=Submission("single"), lift=0)
    if p.walls:
        return replace(p, submitted=Submission("single"), lift=1)
    return replace(p, submitted=None, passed=True)


def _choosing_single(p: Player) -> bool:
    return p.submitted is not None and p.submitted.kind == "single" and not p.submitted.edge


def start_closing(s: State) -> State:
    """Every open player now decides whether to close (§4.3 c)."""
    players = tuple(replace(p, selection=(), decided=False) for p in s.players)
    return replace(s, players=players, step="close")


def lift_seats(s: State) -> tuple[int, ...]:
    """Players who still owe walls to lift, or the edge of a fallback single (strict supply)."""
    return tuple(i for i, p in enumerate(s.players) if p.lift > 0 or _choosing_single(p))


def lift_options(s: State, seat: int) -> list[mv.Lift | mv.PlaceSingle]:
    """First the fallback single's edge (a street free now), then any wall now on the board."""
    p = s.players[seat]
    if _choosing_single(p):
        walls = wall_mask(p)
        return [mv.PlaceSingle(EDGE_NAMES[i]) for i in range(geo.EDGES) if not walls >> i & 1]
    return [mv.Lift(name) for name in p.walls]


def check_lift(s: State, seat: int, a: mv.Lift | mv.PlaceSingle) -> list[Violation]:
    p = s.players[seat]
    if isinstance(a, mv.PlaceSingle):
        if not _choosing_single(p):
            return [Violation("WALLS_OF_YORK_NO_WALL_THERE", "Lift your own walls now.", "action")]
        return check_placement(s, seat, a)
    if _choosing_single(p):
        return [Violation("WALLS_OF_YORK_MUST_BUILD", "Choose the street of your single piece first.", "action")]
    if a.edge not in p.walls:
        return [Violation("WALLS_OF_YORK_NO_WALL_THERE", f"You have no wall on {a.edge} to lift.", "action.edge")]
    return []


def apply_lift(s: State, seat: int, a: mv.Lift | mv.PlaceSingle) -> State:
    """Choose the fallback single or lift a wall; when nothing more is owed the placement goes down."""
    p = s.players[seat]
    if isinstance(a, mv.PlaceSingle):
        p = replace(p, submitted=Submission("single", edge=a.edge))
    else:
        p = replace(p, walls=wall_names(wall_mask(p) & ~(1 << EDGE_INDEX[a.edge])), lift=p.lift - 1)
    if p.lift == 0 and p.submitted is not None and not _choosing_single(p):
        p = replace(p, walls=wall_names(wall_mask(p) | _segments(s, p.submitted)), submitted=None, passed=False)
    players = list(s.players)
    players[seat] = p
    s = replace(s, players=tuple(players))
    return s if lift_seats(s) else start_closing(s)
