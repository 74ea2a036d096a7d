"""The placement step (§5.2–§5.4): every open player commits a placement, hidden until all
have; then all are revealed and applied together (§4.4)."""

from __future__ import annotations

from functools import lru_cache

from msgspec.structs import replace

from engines.core.errors import Violation, violation
from engines.core.text import Message, Name, Text, listing, names
from engines.walls_of_york import geometry as geo
from engines.walls_of_york import moves as mv
from engines.walls_of_york.board import EDGE_INDEX, EDGE_NAMES, wall_mask, wall_names
from engines.walls_of_york.content import CONTENT, GAME
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


ORIENTATIONS: tuple[str, ...] = (
    "as drawn",
    "turned once",
    "turned twice",
    "turned three times",
    "mirrored",
    "turned once, then mirrored",
    "turned twice, then mirrored",
    "turned three times, then mirrored",
)
"""The names of the 8 symmetries of §5.2 (``g % 4`` clockwise quarter turns, then a mirror if ``g >= 4``)."""
ORIENTATION_NAMES = names(GAME, "orientation", {str(g): words for g, words in enumerate(ORIENTATIONS)})
"""The 8 symmetries as a text names them (by ``g``)."""


@lru_cache(maxsize=16)
def variant_symmetries(formation: str) -> tuple[int, ...]:
    """§5.2: for each variant of ``formation`` (in index order), the first symmetry that turns the shape as
    drawn in the content into it (so a variant is named by how the drawn piece is turned)."""
    drawn = tuple(tuple(m) for m in CONTENT.formation[formation].midpoints)
    images = [geo.normalise([geo.transform_point(u, v, g) for u, v in drawn]) for g in geo.SYMMETRIES]
    return tuple(images.index(variant) for variant in formation_variants(formation))


SHAPES: dict[str, str] = {"I": "straight", "L": "L", "U": "U", "Z": "zigzag", "T": "T"}
"""§5.2: the shape a formation's letter stands for (its id is the letter and the number of pieces)."""


def formation_name(formation: str) -> str:
    """§5.2: a formation in players' words, by its pieces and shape: ``the 3-piece L``, ``the 2-piece corner``
    (two pieces as an L), ``a single piece``."""
    found = CONTENT.formation.get(formation)
    pieces = len(found.midpoints) if found is not None else 0
    if pieces == 1:
        return "a single piece"
    shape = "corner" if formation[:1] == "L" and pieces == 2 else SHAPES.get(formation[:1], "formation")
    return f"the {pieces}-piece {shape}"


def _capital(words: str) -> str:
    """``The 3-piece L`` at the start of a sentence."""
    return words[:1].upper() + words[1:]


FORMATIONS = names(GAME, "formation", {f.id: formation_name(f.id) for f in CONTENT.formations})
"""§5.2: each formation of the content as a text names it (``the 3-piece L``)."""
FORMATION_TITLES = names(GAME, "formation_title", {f.id: _capital(formation_name(f.id)) for f in CONTENT.formations})
"""§5.2: each formation's name at the start of a sentence or a choice (``The 3-piece L``)."""


def formation(formation: str) -> Name:
    """§5.2: a formation of the content as a text names it (``the 3-piece L``)."""
    return FORMATIONS[formation]


def orientation(formation: str, variant: int) -> Name:
    """How variant ``variant`` of ``formation`` is turned, in words ("turned once, then mirrored")."""
    return ORIENTATION_NAMES[str(variant_symmetries(formation)[variant])]


def street_at(u: int, v: int) -> str:
    """§3.3: the name of the street with doubled midpoint ``(u, v)``, also for one outside the board
    (``"H 9 4"``), so a refusal can name it."""
    return f"H {(u - 1) // 2} {v // 2}" if u & 1 else f"V {u // 2} {(v - 1) // 2}"


def variant_streets(formation: str, variant: int, dx: int = 0, dy: int = 0) -> tuple[str, ...]:
    """§5.2: the streets of a variant shifted by ``dx``, ``dy`` fields (every street's x and y grow by them),
    in the variant's order; the first is its anchor. Streets outside the board are named all the same."""
    return tuple(street_at(u + 2 * dx, v + 2 * dy) for u, v in formation_variants(formation)[variant])


def describe_variants() -> dict[str, list[dict[str, object]]]:
    """§5.2 for clients: per formation, each variant (index order = ``PlaceFormation.variant``) with how the
    drawn piece is turned and its streets at ``dx = dy = 0``; ``PlaceFormation(variant, dx, dy)`` adds ``dx``
    to every street's x and ``dy`` to its y. The first street is the anchor the move labels name."""
    out: dict[str, list[dict[str, object]]] = {}
    for formation in CONTENT.formation:
        out[formation] = [
            {
                "variant": v,
                "quarter_turns": g % 4,
                "mirrored": g >= 4,
                "orientation": ORIENTATIONS[g],
                "streets": list(variant_streets(formation, v)),
            }
            for v, g in enumerate(variant_symmetries(formation))
        ]
    return out


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


EDGE_OCCUPIED = Message("walls_of_york.refusal.edge_occupied", "You already have a wall on {street}.")
FREE_STREETS = Message("walls_of_york.count.free_streets", "{n} free street", "{n} free streets")
MUST_BUILD = Message(
    "walls_of_york.refusal.must_build", "You may pass only when nothing fits: a single piece still fits on {streets}."
)
WHERE = Message("walls_of_york.refusal.where", "{formation} {turned} at {street}")
NO_SUCH_STREET = Message("walls_of_york.refusal.no_such_street", "{name} is not a street of the board: {reason}.")
NAMED_LIKE = Message("walls_of_york.refusal.named_like", "streets are named like 'H 3 4'")
BAD_STREET_NAME = Message(
    "walls_of_york.refusal.bad_street_name", "bad edge name {name}: expected 'H x y' or 'V x y', e.g. 'H 3 4'"
)
OFF_BOARD_H = Message(
    "walls_of_york.refusal.off_board_h", "edge H {x} {y} is off the board: H(x, y) needs x in 0..7 and y in 0..8"
)
OFF_BOARD_V = Message(
    "walls_of_york.refusal.off_board_v", "edge V {x} {y} is off the board: V(x, y) needs x in 0..8 and y in 0..7"
)
ORIENTATION_COUNT = Message("walls_of_york.count.orientations", "{n} orientation", "{n} orientations")
NO_SUCH_VARIANT = Message(
    "walls_of_york.refusal.no_such_variant",
    "{formation} has {orientations} (variants 0..{last}), not variant {variant}.",
)
OFF_BOARD_ONE = Message(
    "walls_of_york.refusal.off_board_one", "{where} would put a wall on {streets}, outside the board."
)
OFF_BOARD = Message("walls_of_york.refusal.off_board", "{where} would put {n} walls on {streets}, outside the board.")
OCCUPIED_ONE = Message(
    "walls_of_york.refusal.occupied_one", "{where} would put a wall on {streets}, where you already have a wall."
)
OCCUPIED = Message(
    "walls_of_york.refusal.occupied", "{where} would put {n} walls on {streets}, where you already have walls."
)
WALLS = Message("walls_of_york.count.walls", "{n} wall", "{n} walls")
OWE_WALLS = Message(
    "walls_of_york.refusal.owe_walls",
    "You still owe {walls} to lift before your placement goes down; lift one of your walls.",
)
SINGLE_FIRST = Message(
    "walls_of_york.refusal.single_first",
    "The supply is too short for your formation: choose the street of your single piece first.",
)
NO_WALL_THERE = Message("walls_of_york.refusal.no_wall_there", "You have no wall on {street} to lift.")


def check_placement(s: State, seat: int, a: mv.PlaceFormation | mv.PlaceSingle | mv.Pass) -> list[Violation]:
    """§5.2 conditions 2–4, §5.3, §5.4."""
    walls = wall_mask(s.players[seat])
    if isinstance(a, mv.PlaceSingle):
        edge = EDGE_INDEX.get(a.edge)
        if edge is None:
            return [_no_such_street(a.edge)]
        if walls >> edge & 1:
            return violation("WALLS_OF_YORK_EDGE_OCCUPIED", EDGE_OCCUPIED(street=a.edge), "action.edge")
        return []
    if isinstance(a, mv.Pass):
        free = geo.EDGES - bin(walls).count("1")
        if free:
            return violation("WALLS_OF_YORK_MUST_BUILD", MUST_BUILD(streets=FREE_STREETS(n=free)), "action")
        return []
    formation = rolled_formation(s)
    variants = formation_variants(formation)
    if not 0 <= a.variant < len(variants):
        return [_no_such_variant(formation, len(variants), a.variant)]
    streets = variant_streets(formation, a.variant, a.dx, a.dy)
    where = WHERE(formation=FORMATION_TITLES[formation], turned=orientation(formation, a.variant), street=streets[0])
    outside = [name for name in streets if name not in EDGE_INDEX]
    if outside:
        return [_off_board(where, outside)]
    taken = [name for name in streets if walls >> EDGE_INDEX[name] & 1]
    if taken:
        return [_occupied(where, taken)]
    return []


def _no_such_street(name: str) -> Violation:
    """§3.3: streets are ``H x y`` (x 0..7, y 0..8) and ``V x y`` (x 0..8, y 0..7)."""
    reason: Text
    try:
        geo.parse_edge(name)
        reason = NAMED_LIKE()
    except ValueError:
        found = geo.EDGE_PATTERN.match(name) if isinstance(name, str) else None
        if found is None:
            reason = BAD_STREET_NAME(name=repr(name))
        else:
            off = OFF_BOARD_H if found.group(1) in "Hh" else OFF_BOARD_V
            reason = off(x=int(found.group(2)), y=int(found.group(3)))
    message = NO_SUCH_STREET(name=repr(name), reason=reason)
    return violation("WALLS_OF_YORK_NO_SUCH_EDGE", message, "action.edge")[0]


def _streets(names: list[str]) -> Text:
    """``H 1 2``, ``H 1 2 and V 3 4``, ``H 1 2, H 2 2 and V 3 4``."""
    return listing(names)


def _no_such_variant(formation: str, count: int, variant: int) -> Violation:
    """§5.2: a formation has as many variants as distinct orientations (indices 0..count-1)."""
    message = NO_SUCH_VARIANT(
        formation=FORMATION_TITLES[formation], orientations=ORIENTATION_COUNT(n=count), last=count - 1, variant=variant
    )
    return violation("WALLS_OF_YORK_NO_SUCH_VARIANT", message, "action.variant")[0]


def _off_board(where: Text, outside: list[str]) -> Violation:
    """§5.2 condition 2: every segment of a formation lies on the board (x, y within 0..8)."""
    if len(outside) == 1:
        message = OFF_BOARD_ONE(where=where, streets=_streets(outside))
    else:
        message = OFF_BOARD(where=where, n=len(outside), streets=_streets(outside))
    return violation("WALLS_OF_YORK_OFF_BOARD", message, "action")[0]


def _occupied(where: Text, taken: list[str]) -> Violation:
    """§5.2 condition 3: a formation goes only on free streets of the player's own board."""
    if len(taken) == 1:
        message = OCCUPIED_ONE(where=where, streets=_streets(taken))
    else:
        message = OCCUPIED(where=where, n=len(taken), streets=_streets(taken))
    return violation("WALLS_OF_YORK_EDGE_OCCUPIED", message, "action")[0]


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
    """§10 A6 strict supply: first the fallback single's edge (a street free now), then any wall now on the
    board."""
    p = s.players[seat]
    if _choosing_single(p):
        walls = wall_mask(p)
        return [mv.PlaceSingle(EDGE_NAMES[i]) for i in range(geo.EDGES) if not walls >> i & 1]
    return [mv.Lift(name) for name in p.walls]


def check_lift(s: State, seat: int, a: mv.Lift | mv.PlaceSingle) -> list[Violation]:
    """§10 A6 strict supply: the wall lifted is one of the player's own, or the fallback single's edge is free
    (§5.3)."""
    p = s.players[seat]
    if isinstance(a, mv.PlaceSingle):
        if not _choosing_single(p):
            return violation("WALLS_OF_YORK_NO_WALL_THERE", OWE_WALLS(walls=WALLS(n=p.lift)), "action")
        return check_placement(s, seat, a)
    if _choosing_single(p):
        return violation("WALLS_OF_YORK_MUST_BUILD", SINGLE_FIRST(), "action")
    if a.edge not in p.walls:
        return violation("WALLS_OF_YORK_NO_WALL_THERE", NO_WALL_THERE(street=a.edge), "action.edge")
    return []


def apply_lift(s: State, seat: int, a: mv.Lift | mv.PlaceSingle) -> State:
    """§10 A6 strict supply: choose the fallback single or lift a wall; when nothing more is owed the
    placement goes down."""
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
